//! Everything the user sees: the account of a game on the terminal, the human seat's prompts,
//! colours, and (for tournaments) progress and tables.

mod game_view;
mod progress;
mod style;

pub use game_view::{GameView, Verbosity, stderr_excerpt};
pub use progress::Bar;
pub use style::Style;
