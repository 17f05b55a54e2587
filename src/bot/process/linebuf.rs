//! Line framing of a bot's standard output: buffering, splitting at '\n', the length cap, UTF-8.

use crate::games::Message;

use crate::bot::faults::fault::{BotFault, FaultKind};

/// Bytes read from a bot and not yet handed out as lines.
#[derive(Debug)]
pub(crate) struct LineBuffer {
    buf: Vec<u8>,
    cap: usize,
}

impl LineBuffer {
    /// `cap` is the longest line accepted, without its '\n' (and without a trailing '\r').
    pub(crate) fn new(cap: usize) -> LineBuffer {
        LineBuffer { buf: Vec::new(), cap }
    }

    /// Whether reading more could still complete a line: past `cap + 1` bytes without a
    /// newline the line is oversized whatever follows, so the reader stops there.
    pub(crate) fn wants_more(&self) -> bool {
        self.buf.len() <= self.cap.saturating_add(1)
    }

    pub(crate) fn extend(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    pub(crate) fn len(&self) -> usize {
        self.buf.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// The first line held (without its '\n'), or all the bytes when none is complete: what a
    /// bot wrote that was not asked for, to quote it.
    pub(crate) fn first_line(&self) -> &[u8] {
        let end = self.buf.iter().position(|&b| b == b'\n').unwrap_or(self.buf.len());
        &self.buf[..end]
    }

    pub(crate) fn clear(&mut self) {
        self.buf.clear();
    }

    /// The next complete line ('\n' and a trailing '\r' stripped), `Ok(None)` if none is complete
    /// yet, or the fault the bytes already prove (oversized line, invalid UTF-8). A faulty line is
    /// consumed, so the buffer stays consistent.
    pub(crate) fn take_line(&mut self) -> Result<Option<String>, BotFault> {
        // A line of `cap` bytes, an optional '\r', then '\n' ends at index cap + 1 at most.
        let window = self.buf.len().min(self.cap.saturating_add(2));
        let Some(newline) = self.buf[..window].iter().position(|&b| b == b'\n') else {
            if self.buf.len() > self.cap.saturating_add(1) {
                let seen = self.buf.len();
                self.buf.clear();
                return Err(BotFault::new(
                    FaultKind::OversizedLine,
                    Message::new("bf-no-newline").text("cap", self.cap).text("seen", seen),
                ));
            }
            return Ok(None);
        };
        let mut end = newline;
        if end > 0 && self.buf[end - 1] == b'\r' {
            end -= 1;
        }
        if end > self.cap {
            self.buf.drain(..=newline);
            return Err(BotFault::new(
                FaultKind::OversizedLine,
                Message::new("bf-line-too-long").text("bytes", end).text("cap", self.cap),
            ));
        }
        let line: Vec<u8> = self.buf[..end].to_vec();
        self.buf.drain(..=newline);
        match String::from_utf8(line) {
            Ok(text) => Ok(Some(text)),
            Err(err) => {
                let at = err.utf8_error().valid_up_to();
                let byte = err.as_bytes()[at];
                Err(BotFault::new(
                    FaultKind::InvalidUtf8,
                    Message::new("bf-not-utf8").text("byte", format!("0x{byte:02x}")).text("at", at),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(result: Result<Option<String>, BotFault>) -> FaultKind {
        result.expect_err("expected a fault").kind
    }

    #[test]
    fn splits_lines_and_strips_cr() {
        let mut lines = LineBuffer::new(16);
        lines.extend(b"GET_STOCK\r\nDISCARD 3");
        assert_eq!(lines.take_line().unwrap().as_deref(), Some("GET_STOCK"));
        assert_eq!(lines.take_line().unwrap(), None);
        lines.extend(b"\xe2\x99\xa5\n\n");
        assert_eq!(lines.take_line().unwrap().as_deref(), Some("DISCARD 3\u{2665}"));
        assert_eq!(lines.take_line().unwrap().as_deref(), Some(""));
        assert!(lines.is_empty());
    }

    #[test]
    fn cap_is_exact() {
        let mut lines = LineBuffer::new(4);
        lines.extend(b"abcd\r\nabcd\nabcde\n");
        assert_eq!(lines.take_line().unwrap().as_deref(), Some("abcd"));
        assert_eq!(lines.take_line().unwrap().as_deref(), Some("abcd"));
        assert_eq!(kind(lines.take_line()), FaultKind::OversizedLine);
        assert!(lines.is_empty());
    }

    #[test]
    fn endless_line_is_oversized_before_any_newline() {
        let mut lines = LineBuffer::new(4);
        lines.extend(b"abcd\r");
        assert!(lines.wants_more());
        assert_eq!(lines.take_line().unwrap(), None);
        lines.extend(b"x");
        assert!(!lines.wants_more());
        assert_eq!(kind(lines.take_line()), FaultKind::OversizedLine);
    }

    #[test]
    fn invalid_utf8_names_the_byte() {
        let mut lines = LineBuffer::new(64);
        lines.extend(b"ok\xffno\nnext\n");
        let fault = lines.take_line().unwrap_err();
        assert_eq!(fault.kind, FaultKind::InvalidUtf8);
        assert!(fault.detail.contains("0xff at offset 2"), "{}", fault.detail);
        assert_eq!(lines.take_line().unwrap().as_deref(), Some("next"));
    }
}
