//! The evidence of how a bot reads its input, for the diagnosis of a timeout while it waited to
//! read: the last lines the referee wrote to it, whether it answered before it had read what was
//! sent (bytes still unread in its stdin pipe when its reply arrived), what is unread now, and
//! how much its blocked `read` asks for; and, for a crash at the memory limit, the most memory
//! its heap was seen to map. Nothing is charged on it: it chooses words and names a death.

use std::os::fd::{AsRawFd, OwnedFd};

/// The bytes of recent input kept: a few steps of any game.
const KEPT: usize = 2048;

/// A reply the bot wrote before it had read every line sent to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EarlyAnswer {
    /// The reply, as the bot wrote it.
    pub reply: String,
    /// The last line it had read when it wrote the reply (`None`: not among the lines kept).
    pub after: Option<String>,
    /// The lines sent that it had not read yet, first to last (the last few).
    pub unread: Vec<String>,
}

/// What the referee sent a bot, kept for the diagnosis.
#[derive(Debug, Default)]
pub(crate) struct InputLog {
    /// The last bytes written to the bot's stdin (whole lines, each ending in '\n').
    recent: Vec<u8>,
    /// The first reply of the game written before its input was all read.
    early: Option<EarlyAnswer>,
    /// The bytes written since the bot's last reply.
    since_reply: usize,
    /// The largest data segment (heap) seen, sampled every `DATA_SAMPLE` replies (bytes).
    pub(crate) data_seen: u64,
    /// The bot's last reply.
    last_reply: Option<String>,
}

/// Replies between two looks at the bot's data segment (`/proc/<pid>/statm`): a leak that ends
/// in a crash at the memory limit grows over many turns.
const DATA_SAMPLE: u64 = 16;

impl InputLog {
    /// `data` (whole lines) was written to the bot.
    pub(crate) fn sent(&mut self, data: &[u8]) {
        self.since_reply += data.len();
        if self.recent.len() + data.len() > 2 * KEPT {
            let cut = (self.recent.len() + data.len()).saturating_sub(KEPT).min(self.recent.len());
            // Keep whole lines: cut after a newline.
            let cut = self.recent[cut..].iter().position(|&b| b == b'\n').map_or(self.recent.len(), |at| cut + at + 1);
            self.recent.drain(..cut);
        }
        let keep = data.len().saturating_sub(2 * KEPT);
        self.recent.extend_from_slice(&data[keep..]);
    }

    /// Whether a reply of this game came before its input was read (then no more are noted).
    pub(crate) fn has_early(&self) -> bool {
        self.early.is_some()
    }

    /// The reply `line` arrived while `unread` bytes of what was sent were still in the pipe.
    pub(crate) fn note_early(&mut self, line: &str, unread: usize) {
        if unread == 0 || self.early.is_some() || unread > self.recent.len() {
            return;
        }
        let (read, not_read) = self.recent.split_at(self.recent.len() - unread);
        let after = lines(read).last().map(|l| l.to_owned());
        let mut unread_lines: Vec<String> = lines(not_read).map(|l| l.to_owned()).collect();
        if unread_lines.len() > 4 {
            unread_lines.drain(..unread_lines.len() - 4);
        }
        self.early = Some(EarlyAnswer { reply: line.to_owned(), after, unread: unread_lines });
    }

    pub(crate) fn early(&self) -> Option<&EarlyAnswer> {
        self.early.as_ref()
    }

    /// The lines sent since the bot's last reply (the last `n`), first to last: the answer to
    /// its last command, and what came after.
    pub(crate) fn since_reply(&self, n: usize) -> Vec<String> {
        let from = self.recent.len().saturating_sub(self.since_reply);
        let all: Vec<&str> = lines(&self.recent[from..]).collect();
        all[all.len().saturating_sub(n)..].iter().map(|l| (*l).to_owned()).collect()
    }

    /// The last `n` lines sent, first to last.
    pub(crate) fn last_lines(&self, n: usize) -> Vec<String> {
        let all: Vec<&str> = lines(&self.recent).collect();
        all[all.len().saturating_sub(n)..].iter().map(|l| (*l).to_owned()).collect()
    }
}

/// The lines of `bytes` (whole or not), without their newlines, lossily decoded.
fn lines(bytes: &[u8]) -> impl DoubleEndedIterator<Item = &str> {
    bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(|l| std::str::from_utf8(l).unwrap_or("?"))
}

/// What a bot's input tells of how it reads, when a wait for its line ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputEvidence {
    /// Lines it wrote that the referee took as replies, this game.
    pub replies: u64,
    /// Bytes sent that it has not read (`None`: unknown).
    pub unread: Option<usize>,
    /// What its blocked `read` of stdin asks for (`None`: not in such a read, or unknown).
    pub read_size: Option<u64>,
    /// The last lines sent to it, first to last.
    pub last_lines: Vec<String>,
    /// The first reply it wrote before it had read its input.
    pub early: Option<EarlyAnswer>,
    /// Its last reply, and the lines sent to it since (the last few).
    pub last_reply: Option<String>,
    pub since_reply: Vec<String>,
}

impl super::BotProcess {
    /// The evidence of how the bot reads its input, as of now (see `InputEvidence`).
    pub fn input_evidence(&self) -> InputEvidence {
        InputEvidence {
            replies: self.replies,
            unread: self.stdin.as_ref().and_then(unread_bytes),
            read_size: input_read_size(self.pid),
            last_lines: self.input.last_lines(4),
            early: self.input.early().cloned(),
            last_reply: self.input.last_reply.clone(),
            since_reply: self.input.since_reply(4),
        }
    }

    /// Notes a reply that came while bytes sent were still unread (the first of the game only);
    /// `before_prompt`: the line was read from its pipe before the last lines were written to it,
    /// so it was written before them.
    pub(in crate::bot) fn note_reply_input(&mut self, line: &str, before_prompt: bool) {
        // Past half its limit, a leak's heap is looked at every reply: its death at the limit
        // is then named by a size seen a few lines before it.
        let watched = self.limits.memory_bytes.is_some_and(|limit| self.input.data_seen.saturating_mul(2) >= limit);
        if (watched || self.replies % DATA_SAMPLE == DATA_SAMPLE - 1)
            && let Some(bytes) = data_segment(self.pid)
        {
            self.input.data_seen = self.input.data_seen.max(bytes);
        }
        let since_reply = std::mem::take(&mut self.input.since_reply);
        self.input.last_reply = Some(line.to_owned());
        if self.input.has_early() {
            return;
        }
        let unread = self.stdin.as_ref().and_then(unread_bytes).unwrap_or(0);
        let unread = if before_prompt { unread.max(since_reply) } else { unread };
        if unread > 0 {
            self.input.note_early(line, unread);
        }
    }
}

/// The data segment (heap and stack) `pid` maps, from `/proc/<pid>/statm` (bytes).
fn data_segment(pid: i32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = text.split_whitespace().nth(5)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u64::try_from(page).unwrap_or(4096))
}

/// Bytes written to the pipe `stdin` that its reader has not read yet.
pub(crate) fn unread_bytes(stdin: &OwnedFd) -> Option<usize> {
    let mut count: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int through the pointer, which lives across the call.
    let done = unsafe { libc::ioctl(stdin.as_raw_fd(), libc::FIONREAD, &mut count) };
    (done == 0).then(|| usize::try_from(count).unwrap_or(0))
}

/// How many bytes `pid`'s main thread asks for in the `read` of its standard input it is
/// blocked in, from `/proc/<pid>/syscall`. Line-by-line readers ask for a whole buffer (4096 in
/// C's stdio, 8192 in Python); a reader of all its input at once asks for the rest of a growing
/// buffer (`sys.stdin.read()`, `open(0).read()`, a big `fread`).
pub(crate) fn input_read_size(pid: i32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/syscall")).ok()?;
    let fields: Vec<&str> = text.split_whitespace().collect();
    let number: i64 = fields.first()?.parse().ok()?;
    let hex = |i: usize| fields.get(i).and_then(|a| u64::from_str_radix(a.trim_start_matches("0x"), 16).ok());
    (number == libc::SYS_read && hex(1) == Some(0)).then(|| hex(3)).flatten()
}

/// A read that takes all the input at once: not a stdio buffer's size (a power of two).
pub fn reads_to_the_end(read_size: u64) -> bool {
    !read_size.is_power_of_two() || read_size > 1 << 16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_early_answer_names_the_line_it_came_after() {
        let mut log = InputLog::default();
        log.sent(b"p1.a p2.b\np1.a\n[ 5\xe2\x99\xa0 ]\n4\xe2\x99\xa6\n");
        log.sent(b"p2.b\n");
        log.sent(b"GET_STOCK\nDISCARD 9\xe2\x99\xa3\np1.a\n");
        log.note_early("GET_STOCK", "GET_STOCK\nDISCARD 9♣\np1.a\n".len());
        let early = log.early().unwrap();
        assert_eq!(early.after.as_deref(), Some("p2.b"));
        assert_eq!(early.unread, ["GET_STOCK", "DISCARD 9♣", "p1.a"]);
        assert_eq!(log.last_lines(2), ["DISCARD 9♣", "p1.a"]);
        assert_eq!(log.since_reply(3), ["GET_STOCK", "DISCARD 9♣", "p1.a"], "no reply noted yet: every line counted");
        log.note_early("DISCARD 9♣", 3);
        assert_eq!(log.early().unwrap().reply, "GET_STOCK", "the first is kept");
    }

    #[test]
    fn the_log_keeps_whole_recent_lines() {
        let mut log = InputLog::default();
        for i in 0..2000 {
            log.sent(format!("line {i}\n").as_bytes());
        }
        assert!(log.recent.len() <= 2 * KEPT);
        assert_eq!(log.last_lines(1), ["line 1999"]);
        assert!(log.recent.starts_with(b"line "), "cut after a newline");
    }

    #[test]
    fn stdio_buffers_are_told_from_reads_of_everything() {
        assert!(!reads_to_the_end(4096));
        assert!(!reads_to_the_end(8192));
        assert!(reads_to_the_end(0x1fe2));
        assert!(reads_to_the_end(0xff000));
    }
}
