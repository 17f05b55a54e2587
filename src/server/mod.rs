//! The course server (`juiz serve`): students upload bots on a web page, each version is built
//! and checked, a ladder plays the active versions in the background, everyone sees the
//! leaderboard, and the instructor runs the final tournament. State: one SQLite database and
//! the files the referee already writes, in the course's folder.

mod accounts;
mod archive;
mod bar;
mod budget;
mod course;
mod db;
mod disk;
mod draw;
mod error;
mod fair;
mod final_run;
mod final_zip;
mod grades;
mod history;
mod human;
mod human_moves;
mod human_seat;
mod human_store;
mod ladder;
mod listen;
mod pages;
mod pipeline;
mod ratings;
mod roster;
mod serve;
mod state;
mod status;
mod store;
mod student_rows;
mod sums;
#[cfg(test)]
mod sums_tests;
mod tidy;
mod web;
mod web_admin;
mod web_admin_student;
mod web_board;
mod web_game;
mod web_human;
mod web_student;
mod words;
mod workers;

pub use accounts::Reissue;
pub use budget::Budget;
pub use course::{Course, DEFAULT_UPLOAD_LIMIT, load_course};
pub use error::ServerError;
pub use roster::{Student, parse_roster};
pub use serve::{ServeOptions, serve};
