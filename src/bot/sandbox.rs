//! The sandbox of a bot, where the kernel allows one without root: what this host supports
//! (probed once), and the confinement prepared for each bot and applied in the child.
//!
//! - **Landlock** (Linux 5.13+): the bot may read and run only system directories (`/usr`,
//!   `/lib*`, `/bin`, `/sbin`, `/etc`, `/opt`, `/sys`, `/nix/store`, `/snap`), its own program's
//!   and scripts' directories, a few global `/proc` files and its own `/proc/<pid>`; it may write
//!   only its work dir and `/dev/null`. So it cannot read transcripts, other bots' work dirs or
//!   the referee's command line and files; Landlock also denies it ptrace-style access (`/proc/
//!   <pid>/fd`, `mem`, `environ`) to processes outside its own domain, and, from ABI 4, TCP
//!   bind/connect, and from ABI 6, signals and abstract sockets to processes outside it.
//! - **User and network namespaces**: the bot runs in a user namespace of its own (its uid
//!   unmapped: it sees itself as `nobody` and loses the referee's capabilities on host files)
//!   with a network namespace that has no interface but a down loopback: no network at all. For
//!   a non-root referee, RLIMIT_NPROC counts only the bot's own tasks there.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::landlock::{self, PathRule, Ruleset};
use super::limits::Limits;
use super::seccomp;

/// What the host offers to confine bots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SandboxSupport {
    /// The Landlock ABI version; `None` when the kernel lacks Landlock or it is disabled.
    pub landlock_abi: Option<u32>,
    /// Unprivileged user + network namespaces can be created.
    pub namespaces: bool,
    /// A seccomp filter denying sockets can be installed (see `seccomp.rs`).
    pub seccomp: bool,
    /// The referee runs as root (RLIMIT_NPROC is not enforced for root).
    pub root: bool,
}

/// What this host supports, probed once.
pub fn sandbox_support() -> &'static SandboxSupport {
    static SUPPORT: OnceLock<SandboxSupport> = OnceLock::new();
    SUPPORT.get_or_init(|| SandboxSupport {
        landlock_abi: landlock::abi(),
        namespaces: probe_in_child(|| {
            // SAFETY: unshare is async-signal-safe.
            unsafe { libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNET) == 0 }
        }),
        seccomp: seccomp::supported_arch() && {
            seccomp::prepare();
            probe_in_child(|| seccomp::install().is_ok())
        },
        // SAFETY: geteuid cannot fail.
        root: unsafe { libc::geteuid() } == 0,
    })
}

impl SandboxSupport {
    /// The protections bots get, for the transcript's `sandbox=` row: `landlock,seccomp,userns`
    /// (or `netns` in place of `seccomp` where a filter cannot be installed), or `none`.
    pub fn metadata(&self, enabled: bool) -> String {
        let mut parts = Vec::new();
        if enabled && self.landlock_abi.is_some() {
            parts.push("landlock");
        }
        if enabled && self.seccomp {
            parts.push("seccomp");
        }
        if enabled && self.namespaces {
            parts.push(if self.seccomp { "userns" } else { "netns" });
        }
        if parts.is_empty() { "none".to_string() } else { parts.join(",") }
    }

    /// One line for the user: what protects bots from each other, and what does not.
    pub fn describe(&self, enabled: bool) -> String {
        if !enabled {
            return "sandbox off (--no-sandbox): bots can read any file you can, including other \
                    players' logs, and use the network"
                .to_string();
        }
        let mut parts = Vec::new();
        let mut missing = Vec::new();
        match self.landlock_abi {
            Some(abi) => parts.push(format!("landlock abi {abi}")),
            None => missing.push(
                "no landlock (kernel too old or landlock disabled): bots can read any file you can, \
                 the game logs included, and the /proc of the referee and of other bots",
            ),
        }
        if self.seccomp {
            parts.push("no network (no sockets)".to_string());
        } else if self.namespaces {
            parts.push("no network".to_string());
        } else if self.landlock_abi.is_some_and(|abi| abi >= 4) {
            parts.push("no tcp".to_string());
            missing.push("no user namespaces: bots may still use udp");
        } else {
            missing.push("no user namespaces: bots can use the network");
        }
        let mut text = format!("sandbox: {}", if parts.is_empty() { "none".to_string() } else { parts.join(", ") });
        for m in missing {
            text.push_str("; ");
            text.push_str(m);
        }
        text
    }
}

/// Whether `attempt` succeeds in a child (a fork that tries and exits), for what cannot be
/// undone in this process (namespaces, seccomp). `attempt` makes system calls only.
fn probe_in_child(attempt: fn() -> bool) -> bool {
    // SAFETY: the child only makes system calls and leaves with _exit.
    match unsafe { libc::fork() } {
        -1 => false,
        0 => {
            let ok = attempt();
            // SAFETY: _exit is async-signal-safe.
            unsafe { libc::_exit(if ok { 0 } else { 1 }) }
        }
        pid => {
            let mut status = 0;
            loop {
                // SAFETY: waiting for the child forked above.
                let rc = unsafe { libc::waitpid(pid, &mut status, 0) };
                if rc == pid {
                    return libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
                }
                if rc < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                    return false;
                }
            }
        }
    }
}

/// The confinement of one bot, prepared in the parent; the ruleset stays open until the spawn.
#[derive(Debug, Default)]
pub(crate) struct Confinement {
    ruleset: Option<Ruleset>,
    namespaces: bool,
    deny_sockets: bool,
    nproc: Option<u64>,
}

/// What the child needs: plain data, copied into the `pre_exec` closure.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ChildPlan {
    ruleset_fd: Option<i32>,
    namespaces: bool,
    /// Deny sockets with seccomp (then no network namespace is needed).
    deny_sockets: bool,
    nproc: Option<u64>,
}

/// Tasks (threads included) allowed per permitted process by RLIMIT_NPROC, where it applies:
/// a backstop against a fork bomb between two watchdog checks.
const TASKS_PER_PROCESS: u64 = 16;

impl Confinement {
    /// The confinement for a bot running `argv` in `work_dir` under `limits`. A Landlock
    /// failure leaves the bot without it (the probe said it works; the error is returned).
    pub(crate) fn prepare(argv: &[String], work_dir: &Path, limits: &Limits) -> Result<Confinement, String> {
        if !limits.sandbox {
            return Ok(Confinement::default());
        }
        let support = sandbox_support();
        let nproc = match (support.namespaces && !support.root, limits.max_processes) {
            (true, Some(n)) => Some(n.saturating_mul(TASKS_PER_PROCESS).max(TASKS_PER_PROCESS)),
            _ => None,
        };
        let ruleset = match support.landlock_abi {
            Some(abi) => Some(build_ruleset(abi, argv, work_dir).map_err(|e| format!("cannot set up landlock: {e}"))?),
            None => None,
        };
        Ok(Confinement { ruleset, namespaces: support.namespaces, deny_sockets: support.seccomp, nproc })
    }

    pub(crate) fn child_plan(&self) -> ChildPlan {
        ChildPlan {
            ruleset_fd: self.ruleset.as_ref().map(Ruleset::raw_fd),
            namespaces: self.namespaces,
            deny_sockets: self.deny_sockets,
            nproc: self.nproc,
        }
    }
}

/// Global `/proc` files a runtime may read (none tells about another process).
const PROC_FILES: [&str; 5] = ["/proc/meminfo", "/proc/cpuinfo", "/proc/stat", "/proc/filesystems", "/proc/sys"];
/// System directories a bot may read and run from.
const SYSTEM_DIRS: [&str; 13] = [
    "/usr",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/bin",
    "/sbin",
    "/etc",
    "/opt",
    "/sys",
    "/nix/store",
    "/snap",
    "/run/current-system",
];

/// The rules of the system paths every bot may use, opened once for the life of juiz (a failure
/// is not kept: the next bot tries again).
fn system_rules(abi: u32) -> std::io::Result<&'static [PathRule]> {
    static RULES: OnceLock<Vec<PathRule>> = OnceLock::new();
    if let Some(rules) = RULES.get() {
        return Ok(rules);
    }
    let read =
        SYSTEM_DIRS.iter().chain(&PROC_FILES).chain(&["/dev/urandom", "/dev/random"]).map(|p| (p, landlock::READ));
    let read_write = ["/dev/null", "/dev/zero", "/dev/full"].iter().map(|p| (p, landlock::READ_WRITE_FILE));
    let mut rules = Vec::new();
    for (path, rights) in read.chain(read_write) {
        if let Some(rule) = PathRule::open(Path::new(path), rights, abi)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{path}: {e}")))?
        {
            rules.push(rule);
        }
    }
    // Two bots started at once may both open them: one set is kept, the other closed.
    Ok(RULES.get_or_init(|| rules))
}

fn build_ruleset(abi: u32, argv: &[String], work_dir: &Path) -> std::io::Result<Ruleset> {
    let ruleset = Ruleset::new(abi)?;
    for rule in system_rules(abi)? {
        ruleset.add(rule)?;
    }
    for dir in program_dirs(argv) {
        ruleset.allow(&dir, landlock::READ)?;
    }
    ruleset.allow(work_dir, !landlock::MAKE_SOCK)?;
    Ok(ruleset)
}

/// The directories a bot's own files live in: the program's (and its installation prefix when
/// it is in a `bin/`, `sbin/` or `shims/` directory, for interpreters, virtual environments
/// and pyenv), before and after
/// resolving links, and those of absolute paths among the arguments (a script and its modules).
fn program_dirs(argv: &[String]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let add_with_prefix = |path: &Path, dirs: &mut Vec<PathBuf>| {
        if let Some(parent) = path.parent() {
            dirs.push(parent.to_path_buf());
            if parent.file_name().is_some_and(|n| n == "bin" || n == "sbin" || n == "shims")
                && let Some(prefix) = parent.parent()
                && prefix != Path::new("/")
            {
                dirs.push(prefix.to_path_buf());
            }
        }
    };
    if let Some(program) = argv.first() {
        let program = Path::new(program);
        add_with_prefix(program, &mut dirs);
        if let Ok(real) = program.canonicalize() {
            add_with_prefix(&real, &mut dirs);
        }
    }
    for arg in argv.iter().skip(1) {
        let path = Path::new(arg);
        if !path.is_absolute() {
            continue;
        }
        if path.is_dir() {
            dirs.push(path.to_path_buf());
        } else if path.is_file()
            && let Some(parent) = path.parent()
        {
            dirs.push(parent.to_path_buf());
        }
    }
    dirs.retain(|d| d != Path::new("/"));
    dirs.sort();
    dirs.dedup();
    dirs
}

/// In the child before `exec`, after the resource limits: a new user namespace (the bot is
/// nobody to the host, even under a root referee) and, where sockets cannot be denied, a new
/// network namespace (a failure leaves the bot without them), RLIMIT_NPROC inside them, then
/// Landlock, then the seccomp filter. System calls only.
pub(crate) fn confine_in_child(plan: &ChildPlan) -> std::io::Result<()> {
    let flags = if plan.deny_sockets { libc::CLONE_NEWUSER } else { libc::CLONE_NEWUSER | libc::CLONE_NEWNET };
    // SAFETY: unshare is async-signal-safe and the child is single-threaded.
    if plan.namespaces && unsafe { libc::unshare(flags) } == 0 {
        // Set after unshare, so the namespace's ceiling for the user as a whole stays as it was.
        if let Some(n) = plan.nproc {
            let limit = libc::rlimit { rlim_cur: n, rlim_max: n };
            // SAFETY: a valid pointer to an rlimit.
            unsafe { libc::setrlimit(libc::RLIMIT_NPROC, &limit) };
        }
    }
    if let Some(fd) = plan.ruleset_fd {
        landlock::enforce_in_child(fd)?;
    }
    if plan.deny_sockets {
        seccomp::install()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn program_dirs_cover_interpreter_prefixes_and_scripts() {
        let here = std::env::current_dir().unwrap();
        let script = here.join("Cargo.toml");
        let argv = vec!["/usr/bin/python3".to_string(), "-u".to_string(), script.to_string_lossy().into_owned()];
        let dirs = program_dirs(&argv);
        assert!(dirs.contains(&PathBuf::from("/usr/bin")), "{dirs:?}");
        assert!(dirs.contains(&PathBuf::from("/usr")), "{dirs:?}");
        assert!(dirs.contains(&here), "{dirs:?}");
        assert!(!dirs.contains(&PathBuf::from("/")));
    }

    #[test]
    fn descriptions_say_what_is_missing() {
        let none = SandboxSupport { landlock_abi: None, namespaces: false, seccomp: false, root: false };
        assert_eq!(none.metadata(true), "none");
        assert!(none.describe(true).contains("no landlock"), "{}", none.describe(true));
        let full = SandboxSupport { landlock_abi: Some(6), namespaces: true, seccomp: true, root: true };
        let no_filter = SandboxSupport { seccomp: false, ..full.clone() };
        assert_eq!(no_filter.metadata(true), "landlock,netns");
        assert_eq!(full.metadata(true), "landlock,seccomp,userns");
        assert_eq!(full.metadata(false), "none");
        assert_eq!(full.describe(true), "sandbox: landlock abi 6, no network (no sockets)");
        assert_eq!(no_filter.describe(true), "sandbox: landlock abi 6, no network");
        assert!(full.describe(false).starts_with("sandbox off"));
    }
}
