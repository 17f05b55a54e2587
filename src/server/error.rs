//! The course server's errors: what stops it from starting or a request from being served.

use std::path::PathBuf;

use thiserror::Error;

#[derive(Debug, Error)]
pub enum ServerError {
    #[error("course file {}: {message}", .path.display())]
    Course { path: PathBuf, message: String },
    #[error("roster {}: {message}", .path.display())]
    Roster { path: PathBuf, message: String },
    #[error("course database {}: {source}", .path.display())]
    Database { path: PathBuf, source: rusqlite::Error },
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("{}: {source}", .path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error("another juiz serve is using the course folder {} (stop it first)", .0.display())]
    Locked(PathBuf),
    #[error("{0}")]
    Other(String),
}

impl ServerError {
    pub fn io(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> ServerError + '_ {
        move |source| ServerError::Io { path: path.to_path_buf(), source }
    }
}
