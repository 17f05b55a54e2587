//! What juiz and the init of a bot's pid namespace (`juiz-pid-init`, `pid1/main.rs`) say to each
//! other: the init's command line and the records of its report pipe. Compiled into both
//! programs (`pid_init.rs` includes it), so the two cannot drift apart; plain `core`, no
//! allocation (the init has no C library and no allocator).
//!
//! The command line, built by `pid_init::init_argv`:
//!
//! ```text
//! juiz-pid-init REPORT RULESET FILE_RIGHTS DIR_RIGHTS
//!               N (PROGRAM FD){N} M (PROC_FILE){M} -- BOT_ARGV...
//! ```
//!
//! `REPORT` is the write end of the report pipe; `RULESET` the bot's Landlock ruleset (-1:
//! none), to which the bot's own process adds each `PROC_FILE` (with `FILE_RIGHTS`) and its own
//! `/proc/self` (with `DIR_RIGHTS`) before enforcing it; the `PROGRAM`s are tried in order, each
//! through its `O_PATH` descriptor `FD` first (-1: none). `juiz-pid-init probe` prints
//! `PROBE_REPLY`: juiz runs a binary it found only when it speaks this version of the wire.

/// The init's `argv[0]`, and the file name juiz looks for beside itself.
pub const NAME: &str = "juiz-pid-init";
/// The argument that asks the init to say which wire it speaks.
pub const PROBE: &[u8] = b"probe";
/// What the init prints when probed; its number changes with this file's layout.
pub const PROBE_REPLY: &[u8] = b"juiz-pid-init 2\n";
/// The argument between the init's own and the bot's.
pub const SEPARATOR: &[u8] = b"--";

/// Record tags on the report pipe: the bot started (its pid in the namespace), failed to start
/// (the stage and the errno), ended (its wait status).
pub const STARTED: u32 = 1;
pub const FAILED: u32 = 2;
pub const ENDED: u32 = 3;
/// Stages of a failure in the bot's own process, as `spawn.rs` numbers its stages (3 the
/// sandbox, 4 the exec).
pub const STAGE_SANDBOX: i32 = 3;
pub const STAGE_EXEC: i32 = 4;

/// A record of the report pipe: three 32-bit words in the machine's order (12 bytes, written
/// whole: a pipe never splits a write that small).
pub fn encode(tag: u32, a: i32, b: i32) -> [u8; 12] {
    let mut record = [0u8; 12];
    let (t, rest) = record.split_at_mut(4);
    let (x, y) = rest.split_at_mut(4);
    t.copy_from_slice(&tag.to_ne_bytes());
    x.copy_from_slice(&a.to_ne_bytes());
    y.copy_from_slice(&b.to_ne_bytes());
    record
}

pub fn decode(record: &[u8; 12]) -> (u32, i32, i32) {
    let [t0, t1, t2, t3, a0, a1, a2, a3, b0, b1, b2, b3] = *record;
    (u32::from_ne_bytes([t0, t1, t2, t3]), i32::from_ne_bytes([a0, a1, a2, a3]), i32::from_ne_bytes([b0, b1, b2, b3]))
}

/// Where each part of the init's command line lies: indices into its `argv`.
#[derive(Debug, PartialEq, Eq)]
pub struct Layout {
    pub report: i32,
    pub ruleset: i32,
    pub file_rights: u64,
    pub dir_rights: u64,
    /// The first `PROGRAM` (its `FD` follows it), and how many programs.
    pub programs: usize,
    pub program_count: usize,
    /// The first `PROC_FILE`, and how many.
    pub proc_files: usize,
    pub proc_file_count: usize,
    /// The bot's `argv[0]`: the bot's command line runs from there to the end.
    pub bot_argv: usize,
}

/// Reads the layout of a command line of `len` arguments, `arg(i)` the `i`th (without its NUL):
/// `None` when it is not one `init_argv` makes.
pub fn layout<'a>(len: usize, arg: impl Fn(usize) -> Option<&'a [u8]>) -> Option<Layout> {
    let at = |i: usize| if i < len { arg(i) } else { None };
    let int = |i: usize| number(at(i)?);
    let fd = |i: usize| i32::try_from(int(i)?).ok();
    let rights = |i: usize| u64::try_from(int(i)?).ok();
    let count = |i: usize| usize::try_from(int(i)?).ok();
    let (report, ruleset, file_rights, dir_rights) = (fd(1)?, fd(2)?, rights(3)?, rights(4)?);
    let program_count = count(5)?;
    let files_at = program_count.checked_mul(2)?.checked_add(6)?;
    for i in 0..program_count {
        fd(6 + 2 * i + 1)?;
    }
    let proc_file_count = count(files_at)?;
    let separator = files_at.checked_add(1)?.checked_add(proc_file_count)?;
    if at(separator)? != SEPARATOR || at(separator + 1).is_none() {
        return None;
    }
    Some(Layout {
        report,
        ruleset,
        file_rights,
        dir_rights,
        programs: 6,
        program_count,
        proc_files: files_at + 1,
        proc_file_count,
        bot_argv: separator + 1,
    })
}

/// A decimal number, with an optional `-`, as the init reads its arguments.
pub fn number(text: &[u8]) -> Option<i64> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut value: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        value = value * 10 + i64::from(d - b'0');
    }
    Some(if negative { -value } else { value })
}
