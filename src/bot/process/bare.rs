//! A bare bot process for the benchmark's reference relay: piped stdin and stdout and nothing
//! else (no sandbox, limits, deadlines, timing or logs). Never used to referee a game: it shows
//! the floor of what passing a game's lines between processes costs, beside which juiz's own
//! cost is judged.

use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub struct BareBot {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    line: String,
}

impl BareBot {
    /// Starts `program` with no arguments, its stderr discarded.
    pub fn spawn(program: &Path) -> io::Result<BareBot> {
        let mut child =
            Command::new(program).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            unreachable!("both were asked for as pipes")
        };
        Ok(BareBot { child, stdin: Some(stdin), stdout: BufReader::new(stdout), line: String::new() })
    }

    /// Writes `bytes` (whole lines) in one go.
    pub fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(bytes),
            None => Err(io::Error::new(io::ErrorKind::BrokenPipe, "input closed")),
        }
    }

    /// Blocks until the bot's next line (without its '\n'); the end of its output is an error.
    pub fn read_line(&mut self) -> io::Result<&str> {
        self.line.clear();
        if self.stdout.read_line(&mut self.line)? == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the bot closed its output"));
        }
        Ok(self.line.trim_end_matches(['\n', '\r']))
    }

    /// Closes the bot's input, kills it and reaps it.
    pub fn finish(mut self) -> io::Result<()> {
        self.end()
    }

    fn end(&mut self) -> io::Result<()> {
        drop(self.stdin.take());
        let _ = self.child.kill();
        self.child.wait().map(drop)
    }
}

/// A relay that gives up half-way leaves no process behind either.
impl Drop for BareBot {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.end();
        }
    }
}
