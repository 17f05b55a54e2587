//! HTML pages: the replay viewer of one game and the tournament report.

mod page;
mod plot;
mod replay_data;
mod report_data;
mod report_page;
mod viewer;

pub use page::{escape, page, script_json, write_whole};
pub use replay_data::{PageData, PageError, replay_data};
pub use report_data::{ReportData, ReportError, read as read_results};
pub use report_page::{PageChoice, ReportSummary, write_report};
pub use viewer::{viewer_page, write_viewer};
