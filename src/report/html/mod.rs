//! HTML pages: the replay viewer of one game and the tournament report.

mod page;
mod replay_data;
mod viewer;

pub use page::{escape, page, script_json, write_whole};
pub use replay_data::{PageData, PageError, replay_data};
pub use viewer::{viewer_page, write_viewer};
