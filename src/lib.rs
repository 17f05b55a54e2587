//! juiz: a referee and tournament harness for card-game bot competitions.
//!
//! The pure parts (`cards`, `games`) never touch processes, threads or files; `bot` owns child
//! processes; `report` owns what the user sees; `referee` is where an engine meets the players.
//!
//! The modules are layers, each naming only those below it (`tests/suite/layers.rs` fails on a cycle):
//!
//! | layer | modules |
//! |---|---|
//! | 9 | `server` (the course server) |
//! | 8 | `check` |
//! | 7 | `report` (what the user sees), `bench` |
//! | 6 | `tournament` |
//! | 5 | `referee` (one game, live or replayed) |
//! | 4 | `house` (the house bots) |
//! | 3 | `bot` (child processes, their sandbox, faults and hints) |
//! | 2 | `i18n` (the words, the games' included), `record` (transcripts written and read) |
//! | 1 | `games` (rules engines, the table model, messages as data) |
//! | 0 | `cards`, `private_file` |

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
