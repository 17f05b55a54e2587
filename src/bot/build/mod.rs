//! Compiling C and C++ bots, contained as bots run: the compiler in a box of its own under
//! limits (`compile.rs`), reading only the source and the local headers juiz copied for it
//! (`sources.rs`), its verdict kept in a private cache by a hash of what it was given
//! (`cache.rs`).

mod cache;
pub(in crate::bot) mod command;
mod compile;
mod error;
mod kind;
mod sources;
mod student;

pub use cache::default_build_cache;
pub use compile::{BuildLimits, Built, build_c, build_c_with, build_source};
pub use error::BuildError;
pub use kind::{CPP_EXTENSIONS, Content, SourceKind, kind_by_content, kind_by_name, looks_like_cpp};
pub use student::{failed_build_hints, first_error, warning_count};
