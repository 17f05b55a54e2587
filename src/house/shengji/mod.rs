//! The Shengji house bots (easy, medium, hard): one process per seat that learns the game from
//! its lines only and plays with the engine's rules code (`games::shengji`).

mod bot;
mod candidates;
mod policy;
mod search;
mod seen;
mod setup;

pub use bot::play;

#[cfg(test)]
mod tests;
