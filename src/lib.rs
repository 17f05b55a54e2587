//! juiz: a referee and tournament harness for card-game bot competitions.
//!
//! The pure parts (`cards`, `games`) never touch processes, threads or files; `bot` owns child
//! processes; `report` owns what the user sees; `referee` is where an engine meets the players.

pub mod bench;
pub mod bot;
pub mod cards;
pub mod check;
pub mod games;
pub mod house;
pub mod i18n;
pub mod private_file;
pub mod record;
pub mod referee;
pub mod report;
pub mod server;
pub mod tournament;
