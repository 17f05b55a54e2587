//! `play`: runs a house Canasta bot on a process's pipes, a line in, its lines out (flushed before
//! the next line is read), until the referee closes the input.

use std::io::{self, BufRead, Write};

use crate::games::canasta::CanastaRules;
use crate::games::{GameKind, RuleOptions};
use crate::house::{Budget, Level};

use super::bot::Bot;

/// Plays Canasta as the house bot of `level` under the match's rule `options` (the game kind is
/// always Canasta here).
pub fn play(
    _game: GameKind,
    level: Level,
    budget: Budget,
    options: &RuleOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<()> {
    let rules = CanastaRules::classic()
        .with_options(options)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    let mut bot = Bot::new(level, budget).with_initial_meld(rules.initial_meld);
    crate::house::serve_lines(input, output, |line| bot.on_line(line))
}
