//! Everything the user sees: the account of a game on the terminal, the human seat's prompts,
//! colours, bot text made safe to print, and (for tournaments) progress and tables.

mod escape;
mod game_view;
pub mod html;
mod progress;
mod style;
mod summary;
mod table_text;

pub use escape::terminal_safe;
pub use game_view::{GameView, Verbosity, fault_detail, stderr_excerpt};
pub use progress::Bar;
pub use style::Style;
pub use summary::{missing_text, summary_text};
pub use table_text::{game_table_text, table_text};
