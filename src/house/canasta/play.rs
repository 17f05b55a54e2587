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
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\n', '\r']);
        let replies = bot.on_line(text);
        if replies.is_empty() {
            continue;
        }
        for reply in replies {
            output.write_all(reply.as_bytes())?;
            output.write_all(b"\n")?;
        }
        output.flush()?;
    }
}
