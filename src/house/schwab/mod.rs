//! The Schwab's Buraco house bots (easy, medium, hard): one process per seat that learns the
//! hand from its lines only and plays with the engine's pile rules (`games::buraco::Meld`).

mod board;
mod bot;
mod melds;
mod policy;
mod rng;
mod search;
mod sim;

pub use bot::play;

#[cfg(test)]
mod tests;
