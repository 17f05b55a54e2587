//! Why a bot could not be built.

use std::path::PathBuf;

use thiserror::Error;

/// A C bot that could not be built.
#[derive(Debug, Error)]
pub enum BuildError {
    #[error("cannot read C source {}: {source}", .path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot use build cache {}: {source}", .path.display())]
    Cache { path: PathBuf, source: std::io::Error },
    #[error("bad CC value `{0}` (unbalanced quotes or empty)")]
    BadCompiler(String),
    #[error("cannot run the C compiler `{compiler}`: {source} (set CC to choose one)")]
    Compiler { compiler: String, source: std::io::Error },
    #[error("compiling {} failed ({status}):\n{output}", .path.display())]
    Compile { path: PathBuf, status: String, output: String },
    /// The compiler went over one of its limits (`BuildLimits`) and was stopped.
    #[error("compiling {} stopped {limit}{}", .path.display(), below(.output))]
    Limit { path: PathBuf, limit: String, output: String },
    /// An earlier build of the same bytes failed (`Compile` or `Limit`): its message, kept in
    /// the build cache, is not compiled again.
    #[error("{message}\n(the verdict of an earlier build of the same source, kept in {}: remove it to build again)", .kept.display())]
    Earlier { message: String, kept: PathBuf },
}

/// `text` on the lines below a message, if any.
fn below(text: &str) -> String {
    if text.is_empty() { String::new() } else { format!("\n{text}") }
}

impl BuildError {
    /// Whether the error is the compiler's verdict on the source (kept for the next build of
    /// the same bytes), not a problem of the host.
    pub(super) fn is_verdict(&self) -> bool {
        matches!(self, BuildError::Compile { .. } | BuildError::Limit { .. })
    }
}
