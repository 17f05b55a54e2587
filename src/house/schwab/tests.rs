//! Unit tests of the Schwab house bots.
