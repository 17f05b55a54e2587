//! House bots for two-player Canasta: `easy`, `medium` and `hard` (determinized playouts), one
//! state machine over the referee's lines (`bot`) and the loop that runs it on a process's pipes.

mod bot;
mod kinds;
mod play;
mod policy;
mod search;
mod seat;
mod side;
mod sim;

pub use bot::Bot;
pub use play::play;

#[cfg(test)]
mod tests;
