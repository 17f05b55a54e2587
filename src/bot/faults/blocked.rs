//! What a bot's main thread was doing when its time ran out, read from `/proc/<pid>/syscall`
//! (the wait channel as a fallback): running, sleeping, reading its input, or none of these. It chooses the
//! hint of a timeout; nothing is charged or decided on it.

use crate::games::{Arg, Message};

use crate::bot::faults::fault::BotFault;

/// Where a process was blocked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Blocked {
    /// Not in a system call: computing.
    Running,
    /// In `nanosleep`, `clock_nanosleep` or `pause`: `sleep()`, `usleep()`, `time.sleep()`.
    Sleeping,
    /// In `read` on its standard input: waiting for a line from the referee.
    ReadingInput,
}

impl Blocked {
    /// The clause a timeout's detail ends with (`bf-timeout`'s `note`).
    pub(crate) fn note(self) -> Message {
        match self {
            Blocked::Running => Message::new("bf-was-running"),
            Blocked::Sleeping => Message::new("bf-was-sleeping"),
            Blocked::ReadingInput => Message::new("bf-was-reading"),
        }
    }
}

/// `fault` (a timeout read by the move clock) with what `pid` was blocked in added to its note,
/// when that is known.
pub(crate) fn noted(fault: BotFault, pid: i32) -> BotFault {
    let (Some(blocked), Some(mut message)) = (blocked_in(pid), fault.message.clone()) else {
        return fault;
    };
    for (name, arg) in &mut message.args {
        if *name == "note" {
            let first = std::mem::replace(arg, Arg::Text(String::new()));
            let first = match first {
                Arg::Message(m) => *m,
                _ => Message::new("empty"),
            };
            *arg = Arg::Message(Box::new(
                Message::new("bf-two-notes").clause("first", first).clause("second", blocked.note()),
            ));
        }
    }
    BotFault::new(fault.kind, message)
}

/// What `pid`'s main thread is doing, when that can be read and is one of the above.
pub(crate) fn blocked_in(pid: i32) -> Option<Blocked> {
    match std::fs::read_to_string(format!("/proc/{pid}/syscall")) {
        Ok(text) => from_syscall_line(&text),
        // Without the right to read it (another user's process), the wait channel tells sleep.
        Err(_) => {
            let wchan = std::fs::read_to_string(format!("/proc/{pid}/wchan")).ok()?;
            wchan.contains("nanosleep").then_some(Blocked::Sleeping)
        }
    }
}

/// `"230 0x1 0x1 ..."`: the system call number and its arguments (`running` or `-1 ...` when the
/// thread is not in a system call).
fn from_syscall_line(text: &str) -> Option<Blocked> {
    if text.trim() == "running" {
        return Some(Blocked::Running);
    }
    let mut fields = text.split_whitespace();
    let number: i64 = fields.next()?.parse().ok()?;
    let first = fields.next().and_then(|a| i64::from_str_radix(a.trim_start_matches("0x"), 16).ok());
    match number {
        n if n == libc::SYS_clock_nanosleep || n == libc::SYS_nanosleep => Some(Blocked::Sleeping),
        #[cfg(target_arch = "x86_64")]
        n if n == libc::SYS_pause => Some(Blocked::Sleeping),
        n if n == libc::SYS_read && first == Some(0) => Some(Blocked::ReadingInput),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_calls_name_what_the_thread_waits_for() {
        let sleep = format!("{} 0x1 0x1 0x7ffd45ff4210 0x0 0x0 0x0 0x7ffd 0x7f3d", libc::SYS_clock_nanosleep);
        assert_eq!(from_syscall_line(&sleep), Some(Blocked::Sleeping));
        let read_stdin = format!("{} 0x0 0x5576bf091e70 0x2000 0x0 0x0 0x0 0x7ffd 0x7fdd", libc::SYS_read);
        assert_eq!(from_syscall_line(&read_stdin), Some(Blocked::ReadingInput));
        let read_file = format!("{} 0x3 0x5576bf091e70 0x2000 0x0 0x0 0x0 0x7ffd 0x7fdd", libc::SYS_read);
        assert_eq!(from_syscall_line(&read_file), None);
        assert_eq!(from_syscall_line("running\n"), Some(Blocked::Running));
        assert_eq!(from_syscall_line("-1 0x7ffd 0x7fdd"), None);
    }

    #[test]
    fn a_sleeping_child_is_seen_sleeping() {
        let mut child = std::process::Command::new("sleep").arg("5").spawn().unwrap();
        let pid = child.id() as i32;
        // Until the child reaches its sleep it is starting (exec, the loader): look a while.
        let seen = (0..200).find_map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(10));
            blocked_in(pid)
        });
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(seen, Some(Blocked::Sleeping));
    }
}
