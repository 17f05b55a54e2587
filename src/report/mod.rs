//! Everything the user sees: the account of a game on the terminal, the human seat's prompts,
//! colours, and (for tournaments) progress and tables.

mod game_view;
mod style;

pub use game_view::{GameView, Verbosity};
pub use style::Style;
