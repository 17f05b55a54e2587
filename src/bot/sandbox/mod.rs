//! The sandbox of a bot: the confinement prepared for each bot in the parent and applied in the
//! child (what this host supports is probed in `support.rs`).
//!
//! - **Landlock** (Linux 5.13+): the bot may read and run only system directories (`/usr`,
//!   `/lib*`, `/bin`, `/sbin`, `/etc`, `/opt`, `/sys` but its cgroup file system, `/nix/store`,
//!   `/snap`), an interpreter's installation, a folder given as an argument, a few global `/proc`
//!   files and its own `/proc/<pid>`; it may read, write and run only its work dir (which holds
//!   its private copy of its program and scripts: `own_program.rs`) and `/dev/null`. So it cannot read transcripts, other bots' work dirs or
//!   the referee's command line and files; Landlock also denies it ptrace-style access (`/proc/
//!   <pid>/fd`, `mem`, `environ`) to processes outside its own domain, and, from ABI 4, TCP
//!   bind/connect, and from ABI 6, signals and abstract sockets to processes outside it.
//! - **A cgroup namespace** and an empty session keyring of its own, root or not.
//! - **User and network namespaces**: the bot runs in a user namespace of its own (its uid
//!   unmapped: it sees itself as `nobody` and loses the referee's capabilities on host files)
//!   with a network namespace that has no interface but a down loopback: no network at all. For
//!   a non-root referee, RLIMIT_NPROC counts only the bot's own tasks there.
//! - **A mount namespace**, root or not, where every mount but the work dir is read-only: no
//!   access times move, no metadata changes outside the work dir (`view.rs`); not root, with a
//!   disk quota, the bot's work dir there is a tmpfs of the quota's size (`work_tmpfs.rs`).

pub(in crate::bot) mod bpf;
mod child;
pub(in crate::bot) mod grants;
pub(in crate::bot) mod landlock;
pub(in crate::bot) mod own_folder;
pub(in crate::bot) mod own_program;
pub(in crate::bot) mod pid_init;
pub(in crate::bot) mod seccomp;
pub(in crate::bot) mod spawn;
pub(in crate::bot) mod support;
pub(in crate::bot) mod view;
pub(in crate::bot) mod work_tmpfs;

use std::path::{Path, PathBuf};

use crate::bot::boxes::BotBox;
use crate::bot::boxes::cgroup::{MAX_DIRS, join_in_child};
use crate::bot::host::cost::{Laps, Step};
use crate::bot::host::limits::Limits;
use grants::{SYSTEM_DIRS, system_rules};
use landlock::Ruleset;
use own_program::{CopyPlan, OwnCopies, program_files};
use support::sandbox_support;
use work_tmpfs::{WorkTmpfs, WorkTmpfsPlan};

/// The confinement of one bot, prepared in the parent; the ruleset stays open until the spawn.
#[derive(Debug, Default)]
pub(crate) struct Confinement {
    ruleset: Option<Ruleset>,
    namespaces: bool,
    deny_sockets: bool,
    nproc: Option<u64>,
    uid: Option<u32>,
    join: Vec<i32>,
    /// Not root, with a disk quota: the work dir's tmpfs.
    tmpfs: Option<WorkTmpfs>,
    /// The bot's private copies of its program and scripts.
    own: Option<OwnCopies>,
    /// The work dir, the one mount left writable in the bot's read-only view (`view.rs`).
    view: Option<std::ffi::CString>,
    /// A pid namespace of its own, under juiz's init (`pid_init.rs`).
    pid_ns: bool,
}

/// What the child needs: plain data, copied into the `pre_exec` closure.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ChildPlan {
    ruleset_fd: Option<i32>,
    namespaces: bool,
    /// Deny sockets with seccomp (then no network namespace is needed).
    deny_sockets: bool,
    nproc: Option<u64>,
    /// The bot's own uid and gid (juiz is root): taken after the namespaces, before the rest.
    uid: Option<u32>,
    /// Open `cgroup.procs` files of the bot's box to join (`joins` of them).
    join: [i32; MAX_DIRS],
    joins: usize,
    /// A tmpfs to mount on the work dir in a mount namespace of the bot's own.
    tmpfs: Option<WorkTmpfsPlan>,
    /// The program and scripts to copy into the work dir.
    copies: Option<CopyPlan>,
    /// A mount namespace where everything but this work dir is read-only (`view.rs`).
    view: Option<ViewPlan>,
    /// A pid namespace of its own (the child is its pid 1 and execs the init, `juiz-pid-init`,
    /// which enforces Landlock in the bot's process: `pid1/main.rs`), with its own `/proc`.
    pid_ns: bool,
}

/// The work dir of a read-only view, as the child reads it: a pointer into the parent's string.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ViewPlan(*const libc::c_char);

// SAFETY: the pointer is read only, by the child before its exec, while `Confinement` lives.
unsafe impl Send for ViewPlan {}
// SAFETY: as for Send: nothing writes through them.
unsafe impl Sync for ViewPlan {}

impl ChildPlan {
    /// Whether the bot takes a uid of its own (then juiz opens its program for it: `spawn.rs`).
    pub(crate) fn has_identity(&self) -> bool {
        self.uid.is_some()
    }

    /// Whether the bot gets a pid namespace of its own (then `spawn.rs` makes the child its pid
    /// 1 and execs the init).
    pub(crate) fn uses_pid_ns(&self) -> bool {
        self.pid_ns
    }

    /// The Landlock ruleset's descriptor, -1 for none.
    pub(crate) fn ruleset_fd(&self) -> i32 {
        self.ruleset_fd.unwrap_or(-1)
    }

    /// Whether the child writes its own `/proc/self/uid_map` (for its tmpfs): then juiz must be
    /// dumpable while it starts (`spawn.rs`).
    pub(crate) fn maps_its_ids(&self) -> bool {
        self.tmpfs.is_some()
    }

    /// The highest descriptor the child uses (-1: none): its ruleset, the box's `cgroup.procs`
    /// files and its program's sources.
    pub(crate) fn highest_fd(&self) -> i32 {
        let copies = self.copies.as_ref().map_or(&[][..], CopyPlan::fds);
        self.ruleset_fd
            .into_iter()
            .chain(self.join[..self.joins].iter().copied())
            .chain(copies.iter().copied())
            .max()
            .unwrap_or(-1)
    }
}

/// Tasks (threads included) allowed per permitted process by RLIMIT_NPROC, where it applies:
/// a backstop against a fork bomb between two watchdog checks.
const TASKS_PER_PROCESS: u64 = 16;

impl Confinement {
    /// The confinement for a bot running `argv` in `work_dir` (which may be mounted over when
    /// `empty_work_dir`) under `limits`, in box `bx`,
    /// kept out of every folder that holds one of `keep_out` (see `program_paths`). A Landlock
    /// failure leaves the bot without it (the probe said it works; the error is returned).
    pub(crate) fn prepare(
        argv: &[String],
        work_dir: &Path,
        empty_work_dir: bool,
        limits: &Limits,
        bx: Option<&BotBox>,
        keep_out: &[PathBuf],
    ) -> Result<Confinement, String> {
        let (uid, join, nproc) = identity(limits, bx);
        if !limits.sandbox {
            return Ok(Confinement { uid, join, nproc: nproc.filter(|_| uid.is_some()), ..Confinement::default() });
        }
        let support = sandbox_support();
        let files = program_files(argv, keep_out, &SYSTEM_DIRS);
        let own = OwnCopies::open(argv, &files.copies, work_dir)?;
        let ruleset = match support.landlock_abi {
            Some(abi) => Some(
                build_ruleset(abi, &files.grants, work_dir, keep_out)
                    .map_err(|e| format!("cannot set up landlock: {e}"))?,
            ),
            None => None,
        };
        // With Landlock only: juiz is dumpable while such a bot starts (`spawn.rs`).
        let rights = ruleset.as_ref().map(|r| landlock::work_dir_rights(r.abi));
        let tmpfs = match (limits.disk_bytes, rights) {
            (Some(size), Some(rights)) if size > 0 && empty_work_dir && uid.is_none() && support.work_tmpfs => {
                Some(WorkTmpfs::new(work_dir, size, rights)?)
            }
            _ => None,
        };
        let view = view_of(work_dir);
        // The init's `/proc` is mounted in the bot's own mount namespace (the view's), and
        // without a uid of its own (not root, or root with `JUIZ_BOT_UIDS=off`) the pid
        // namespace needs a user namespace.
        let pid_ns = view.is_some()
            && (uid.is_some() || support.namespaces)
            && crate::bot::sandbox::pid_init::program().is_some();
        Ok(Confinement {
            ruleset,
            namespaces: support.namespaces,
            deny_sockets: support.seccomp,
            nproc,
            uid,
            join,
            tmpfs,
            own: Some(own),
            view,
            pid_ns,
        })
    }

    /// The command line to run: `argv` with the bot's own copies in place of their sources.
    pub(crate) fn argv<'a>(&'a self, argv: &'a [String]) -> &'a [String] {
        self.own.as_ref().map_or(argv, OwnCopies::argv)
    }

    /// The work dir as the watchdog sees it in the bot's own mount namespace, with its quota,
    /// when the bot gets a tmpfs of its own (not root).
    pub(crate) fn quota_dir(&self, pid: i32, limits: &Limits) -> Option<(PathBuf, u64)> {
        Some((self.tmpfs.as_ref()?.seen_from_outside(pid), limits.disk_bytes?))
    }

    pub(crate) fn child_plan(&self) -> ChildPlan {
        let mut join = [-1; MAX_DIRS];
        let joins = self.join.len().min(MAX_DIRS);
        join[..joins].copy_from_slice(&self.join[..joins]);
        ChildPlan {
            ruleset_fd: self.ruleset.as_ref().map(Ruleset::raw_fd),
            namespaces: self.namespaces,
            deny_sockets: self.deny_sockets,
            nproc: self.nproc,
            uid: self.uid,
            join,
            joins,
            tmpfs: self.tmpfs.as_ref().map(WorkTmpfs::plan),
            copies: self.own.as_ref().map(OwnCopies::plan),
            view: self.view.as_ref().map(|dir| ViewPlan(dir.as_ptr())),
            pid_ns: self.pid_ns,
        }
    }
}

impl Confinement {
    /// The confinement of a compiler building a bot in `work_dir` (which holds its sources and
    /// receives its output) under `limits`, in box `bx`: the bot's identity, cgroups, namespaces,
    /// RLIMIT_NPROC and seccomp, but a Landlock ruleset of its own that lets it read and run only
    /// the toolchain (`BUILD_DIRS` and `toolchain`, the compiler's own prefix), read and write
    /// only `work_dir` and `/dev/null`: of `/etc` only the loader's cache, no `/sys`, no
    /// `/dev/zero`, no file of a classmate or of the referee. Used by `build/` alone.
    pub(crate) fn prepare_build(
        work_dir: &Path,
        limits: &Limits,
        bx: Option<&BotBox>,
        toolchain: &[PathBuf],
    ) -> Result<Confinement, String> {
        let (uid, join, nproc) = identity(limits, bx);
        let support = sandbox_support();
        let ruleset = match support.landlock_abi {
            Some(abi) => {
                Some(build_tool_ruleset(abi, work_dir, toolchain).map_err(|e| format!("cannot set up landlock: {e}"))?)
            }
            None => None,
        };
        Ok(Confinement {
            ruleset,
            namespaces: support.namespaces,
            deny_sockets: support.seccomp,
            nproc,
            uid,
            join,
            tmpfs: None,
            // The compiler is the system's, not the student's: nothing to copy.
            own: None,
            view: view_of(work_dir),
            // A build runs the system's compiler, not a student's program.
            pid_ns: false,
        })
    }
}

/// The read-only view's work dir, where the host allows the view (else `None`).
fn view_of(work_dir: &Path) -> Option<std::ffi::CString> {
    use std::os::unix::ffi::OsStrExt;
    let support = sandbox_support();
    if !support.read_only_view || !(support.root || support.namespaces) {
        return None;
    }
    std::ffi::CString::new(work_dir.as_os_str().as_bytes()).ok()
}

/// What the box gives a bot or a build, sandbox or not: its uid, the cgroups to join, and
/// RLIMIT_NPROC where it counts this process tree alone, unless a pids cgroup does better (the
/// rlimit would refuse a thread before the cgroup could say so).
fn identity(limits: &Limits, bx: Option<&BotBox>) -> (Option<u32>, Vec<i32>, Option<u64>) {
    let uid = bx.map(|b| b.uid);
    let join = bx.and_then(|b| b.cgroup.as_ref()).map(|c| c.join_fds()).unwrap_or_default();
    let counted = bx.and_then(|b| b.cgroup.as_ref()).is_some_and(|c| c.limits_tasks());
    let support = sandbox_support();
    let own = uid.is_some() || support.namespaces && !support.root;
    let nproc = limits.max_processes.filter(|_| own && !counted).map(tasks_allowed);
    (uid, join, nproc)
}

/// Folders (and the loader's cache) a compiler may read and run from.
const BUILD_DIRS: [&str; 9] =
    ["/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/nix/store", "/etc/ld.so.cache"];

fn build_tool_ruleset(abi: u32, work_dir: &Path, toolchain: &[PathBuf]) -> std::io::Result<Ruleset> {
    let ruleset = Ruleset::new(abi)?;
    for path in BUILD_DIRS.iter().map(Path::new).chain(toolchain.iter().map(PathBuf::as_path)) {
        ruleset.allow(path, landlock::READ)?;
    }
    ruleset.allow(Path::new("/dev/null"), landlock::READ_WRITE_FILE)?;
    ruleset.allow(work_dir, landlock::work_dir_rights(abi))?;
    Ok(ruleset)
}

/// The tasks (threads included) a bot of `processes` processes may have at once.
pub(crate) fn tasks_allowed(processes: u64) -> u64 {
    processes.saturating_mul(TASKS_PER_PROCESS).max(TASKS_PER_PROCESS)
}

/// `keyctl` operation that gives the caller a new, empty, anonymous session keyring.
const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;

fn build_ruleset(abi: u32, grants: &[PathBuf], work_dir: &Path, keep_out: &[PathBuf]) -> std::io::Result<Ruleset> {
    let ruleset = Ruleset::new(abi)?;
    for rule in system_rules(abi, keep_out)?.iter() {
        ruleset.add(rule)?;
    }
    for path in grants {
        ruleset.allow(path, landlock::READ)?;
    }
    ruleset.allow(work_dir, landlock::work_dir_rights(abi))?;
    Ok(ruleset)
}

/// In the child before `exec`: joins the box's cgroups; then as root, a private IPC namespace
/// (and a network namespace where sockets cannot be denied) and the bot's own uid and gid, which
/// drops every capability; otherwise a user namespace with the same (the bot is nobody to the
/// host; a failure leaves it without them); RLIMIT_NPROC; `no_new_privs`; then Landlock and the
/// seccomp filter. System calls only.
pub(crate) fn confine_in_child(plan: &ChildPlan, laps: &mut Laps) -> std::io::Result<()> {
    let last = std::io::Error::last_os_error;
    join_in_child(&plan.join[..plan.joins])?;
    laps.lap(Step::ChildCgroup);
    let net = if plan.deny_sockets || !plan.namespaces { 0 } else { libc::CLONE_NEWNET };
    let private = if let Some(uid) = plan.uid {
        // SAFETY: (the whole block) plain system calls; the child is single-threaded.
        unsafe {
            // Juiz's cgroup namespace is left while the child can still do so (a capability).
            let mount = if plan.view.is_some() { libc::CLONE_NEWNS } else { 0 };
            if libc::unshare(libc::CLONE_NEWIPC | libc::CLONE_NEWCGROUP | net | mount) != 0 {
                return Err(last());
            }
            if let Some(ViewPlan(dir)) = plan.view {
                view::read_only_but(std::ffi::CStr::from_ptr(dir))?;
            }
            if plan.pid_ns {
                view::own_proc()?;
            }
            // Raw system calls: glibc's wrappers would ask every thread of juiz (whose memory
            // this child shares until `exec`) to change its ids too, and wait for them forever.
            if libc::syscall(libc::SYS_setgroups, 0, std::ptr::null::<libc::gid_t>()) != 0
                || libc::syscall(libc::SYS_setresgid, uid, uid, uid) != 0
                || libc::syscall(libc::SYS_setresuid, uid, uid, uid) != 0
            {
                return Err(last());
            }
        }
        true
    } else {
        let mount = if plan.tmpfs.is_some() || plan.view.is_some() { libc::CLONE_NEWNS } else { 0 };
        // With a pid namespace, `clone` made the user namespace already (`spawn.rs`).
        let new_user = if plan.pid_ns { 0 } else { libc::CLONE_NEWUSER };
        let user = new_user | libc::CLONE_NEWCGROUP;
        // SAFETY: unshare is async-signal-safe and the child is single-threaded.
        let all = plan.namespaces && unsafe { libc::unshare(user | libc::CLONE_NEWIPC | net | mount) } == 0;
        if all && let Some(tmpfs) = plan.tmpfs {
            tmpfs.mount_in_child(plan.ruleset_fd)?;
        }
        if all && let Some(ViewPlan(dir)) = plan.view {
            // SAFETY: a NUL-terminated string of the parent's, alive until the exec.
            view::read_only_but(unsafe { std::ffi::CStr::from_ptr(dir) })?;
        }
        if plan.pid_ns {
            // No mount namespace, no `/proc` of its own: the bot would read the host's pids there.
            if !all {
                return Err(last());
            }
            view::own_proc()?;
        }
        // SAFETY: as above.
        all || plan.namespaces
            && (unsafe { libc::unshare(user | libc::CLONE_NEWIPC | net) } == 0
                || unsafe { libc::unshare(new_user | net) } == 0)
    };
    // A session keyring of its own, empty, in place of the one juiz inherited from a login or a
    // service, for a bot without the filter or without Landlock. With both, nothing can reach
    // the inherited one: seccomp refuses every keyring call (`keyctl`, `add_key`,
    // `request_key`) and Landlock `/proc/keys`, so the call (and its new keyring) is saved.
    if !(plan.deny_sockets && plan.ruleset_fd.is_some()) {
        // SAFETY: keyctl takes integers; a kernel without keyrings refuses, and the bot has none.
        unsafe { libc::syscall(libc::SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, std::ptr::null::<libc::c_char>()) };
    }
    laps.lap(Step::ChildNamespaces);
    // In its work dir, as its own uid, before Landlock: the bot's own copy of its program.
    if let Some(copies) = plan.copies {
        copies.copy_in_child()?;
    }
    laps.lap(Step::ChildCopy);
    // Set after unshare (in a user namespace of its own, or for a uid of its own), so that the
    // ceiling of juiz's user as a whole stays as it was.
    if private && let Some(n) = plan.nproc {
        // The init of a pid namespace is one task of the uid's too (`pid_init.rs`).
        let n = n + u64::from(plan.pid_ns);
        let limit = libc::rlimit { rlim_cur: n, rlim_max: n };
        // SAFETY: a valid pointer to an rlimit.
        unsafe { libc::setrlimit(libc::RLIMIT_NPROC, &limit) };
    }
    // SAFETY: prctl with PR_SET_NO_NEW_PRIVS takes one integer.
    if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(last());
    }
    // With a pid namespace the bot's own process enforces it, after the init's fork: its own
    // `/proc/<pid>` is not there yet (`pid_init.rs`).
    if let Some(fd) = plan.ruleset_fd.filter(|_| !plan.pid_ns) {
        landlock::enforce_in_child(fd)?;
    }
    laps.lap(Step::ChildLandlock);
    if plan.deny_sockets {
        seccomp::install()?;
    }
    laps.lap(Step::ChildSeccomp);
    Ok(())
}
