//! House bots of the Buraco family (ITP and STBL): the table a seat follows, meld finding with
//! the engine's rules, the heuristic levels and the searching `hard` level.

mod board;
mod guard;
mod melds;
#[cfg(test)]
mod oracle;
mod policy;
mod rng;
mod search;
mod seat;
mod sim;
#[cfg(test)]
mod tests;

pub use seat::play;
