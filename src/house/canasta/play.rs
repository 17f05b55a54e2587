//! `play`: runs a house Canasta bot on a process's pipes, a line in, its lines out (flushed before
//! the next line is read), until the referee closes the input.

use std::io::{self, BufRead, Write};

use crate::games::GameKind;
use crate::house::{Budget, Level};

use super::bot::Bot;

/// Plays Canasta as the house bot of `level` (the game kind is always Canasta here).
pub fn play(
    _game: GameKind,
    level: Level,
    budget: Budget,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<()> {
    let mut bot = Bot::new(level, budget);
    crate::house::serve_lines(input, output, |line| bot.on_line(line))
}
