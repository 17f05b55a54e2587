//! What this host offers to confine bots, probed once (Landlock, namespaces, seccomp, root's uids
//! and cgroups), and how juiz says it: the transcript's `sandbox=` row and the line `juiz play`
//! prints.

use std::sync::OnceLock;

use crate::bot::boxes;
use crate::bot::boxes::cgroup::Hierarchies;
use crate::bot::sandbox::landlock;
use crate::bot::sandbox::seccomp;
use crate::bot::sandbox::view;
use crate::i18n::tr;

/// What the host offers to confine bots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SandboxSupport {
    /// The Landlock ABI version; `None` when the kernel lacks Landlock or it is disabled.
    pub landlock_abi: Option<u32>,
    /// Unprivileged user + network namespaces can be created.
    pub namespaces: bool,
    /// A user and mount namespace can be created and a tmpfs mounted in it: without root, each
    /// bot's work dir is a tmpfs of its disk quota (`sandbox.rs`).
    pub work_tmpfs: bool,
    /// Each bot can get a mount namespace where every mount but its work dir is read-only (no
    /// access times, no metadata changes: `view.rs`).
    pub read_only_view: bool,
    /// A seccomp filter denying sockets can be installed (see `seccomp.rs`).
    pub seccomp: bool,
    /// The referee runs as root (RLIMIT_NPROC is not enforced for root).
    pub root: bool,
    /// The uids bots run under, one each (juiz is root and `JUIZ_BOT_UIDS` is not `off`).
    pub bot_uids: Option<(u32, u32)>,
    /// The cgroups juiz puts each bot in (with `bot_uids`), as `describe` says them.
    pub cgroups: Option<String>,
}

/// What this host supports, probed once.
pub fn sandbox_support() -> &'static SandboxSupport {
    static SUPPORT: OnceLock<SandboxSupport> = OnceLock::new();
    SUPPORT.get_or_init(|| {
        let namespaces = probe_in_child(|| {
            // SAFETY: unshare is async-signal-safe.
            unsafe { libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNET) == 0 }
        });
        probe(namespaces)
    })
}

/// Probes what the host offers (`namespaces`: whether a user namespace can be made).
fn probe(namespaces: bool) -> SandboxSupport {
    SandboxSupport {
        landlock_abi: landlock::abi(),
        namespaces,
        work_tmpfs: namespaces
            && probe_in_child(|| {
                // SAFETY: unshare and mount are async-signal-safe; the strings are static.
                unsafe {
                    libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNS) == 0
                        && libc::mount(
                            c"juiz-probe".as_ptr(),
                            c"/tmp".as_ptr(),
                            c"tmpfs".as_ptr(),
                            libc::MS_NOSUID | libc::MS_NODEV,
                            c"size=65536".as_ptr().cast(),
                        ) == 0
                }
            }),
        read_only_view: probe_in_child(view::probe),
        seccomp: seccomp::supported_arch() && {
            seccomp::prepare();
            probe_in_child(|| seccomp::install().is_ok())
        },
        // SAFETY: geteuid cannot fail.
        root: unsafe { libc::geteuid() } == 0,
        bot_uids: boxes::uid_range().ok().flatten(),
        cgroups: boxes::uid_range().ok().flatten().and_then(|_| Hierarchies::get().describe()),
    }
}

impl SandboxSupport {
    /// The protections bots get, for the transcript's `sandbox=` row: `uids,cgroups` when juiz
    /// is root, then `landlock,seccomp,userns` (`netns` in place of `seccomp` where a filter
    /// cannot be installed; no `userns` with uids), `tmpfs` where a bot not run by root gets a
    /// tmpfs work dir of its own, `rofs` where every mount a bot sees but its work dir is
    /// read-only, `pidns` where each bot has a pid namespace of its own, or `none`.
    pub fn metadata(&self, enabled: bool) -> String {
        let mut parts = Vec::new();
        if self.bot_uids.is_some() {
            parts.push("uids");
            if self.cgroups.is_some() {
                parts.push("cgroups");
            }
        }
        if enabled && self.landlock_abi.is_some() {
            parts.push("landlock");
        }
        if enabled && self.seccomp {
            parts.push("seccomp");
        }
        if enabled && self.namespaces && !(self.seccomp && self.bot_uids.is_some()) {
            parts.push(if self.seccomp { "userns" } else { "netns" });
        }
        if self.own_tmpfs(enabled) {
            parts.push("tmpfs");
        }
        if enabled && self.read_only_view {
            parts.push("rofs");
        }
        if enabled && crate::bot::sandbox::pid_init::in_use(self) {
            parts.push("pidns");
        }
        if parts.is_empty() { "none".to_string() } else { parts.join(",") }
    }

    /// One line for the user: what protects bots from each other, and what does not.
    pub fn describe(&self, enabled: bool) -> String {
        if !enabled {
            let who = tr(if self.bot_uids.is_some() { "sb-any-user" } else { "sb-you" }, &[]);
            return tr("sb-off", &[("who", &who), ("identity", &self.describe_identity(false))]);
        }
        let mut parts = Vec::new();
        let mut missing = Vec::new();
        match self.landlock_abi {
            Some(abi) => parts.push(tr("sb-landlock", &[("abi", &abi)])),
            None => missing.push(tr("sb-no-landlock", &[])),
        }
        if self.seccomp {
            parts.push(tr("sb-seccomp", &[]));
        } else if self.namespaces {
            parts.push(tr("sb-no-network", &[]));
        } else if self.landlock_abi.is_some_and(|abi| abi >= 4) {
            parts.push(tr("sb-no-tcp", &[]));
            missing.push(tr("sb-udp", &[]));
        } else {
            missing.push(tr("sb-network", &[]));
        }
        let parts = if parts.is_empty() { tr("sb-none", &[]) } else { parts.join(", ") };
        let mut text = tr("sb-line", &[("parts", &parts)]);
        for m in missing {
            text.push_str("; ");
            text.push_str(&m);
        }
        text.push_str("; ");
        text.push_str(&self.describe_identity(true));
        text
    }

    /// What keeps bots apart from juiz and from each other, in the sandbox line: their uids and
    /// cgroups (root), or what the kernel allows without root.
    fn describe_identity(&self, enabled: bool) -> String {
        match (self.bot_uids, &self.cgroups) {
            (Some((first, last)), Some(cgroups)) => {
                tr("sb-uids-cgroups", &[("first", &first), ("last", &last), ("cgroups", cgroups)])
            }
            (Some((first, last)), None) => tr("sb-uids", &[("first", &first), ("last", &last)]),
            (None, _) if self.root => tr("sb-root", &[]),
            (None, _) if self.own_tmpfs(enabled) => tr("sb-userns-tmpfs", &[]),
            (None, _) if self.namespaces => tr("sb-userns", &[]),
            (None, _) => tr("sb-shared", &[]),
        }
    }
}

impl SandboxSupport {
    /// Whether bots not run by root get a tmpfs work dir in a mount namespace of their own.
    fn own_tmpfs(&self, enabled: bool) -> bool {
        enabled && self.bot_uids.is_none() && self.namespaces && self.work_tmpfs && self.landlock_abi.is_some()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_say_what_is_missing() {
        let none = SandboxSupport {
            landlock_abi: None,
            namespaces: false,
            work_tmpfs: false,
            read_only_view: false,
            seccomp: false,
            root: false,
            bot_uids: None,
            cgroups: None,
        };
        assert_eq!(none.metadata(true), "none");
        assert!(none.describe(true).contains("no landlock"), "{}", none.describe(true));
        assert!(none.describe(true).ends_with("bots share your uid and ipc; no cgroups, no disk quota"));
        let user = SandboxSupport { landlock_abi: Some(6), namespaces: true, seccomp: true, ..none.clone() };
        let no_filter = SandboxSupport { seccomp: false, ..user.clone() };
        assert_eq!(no_filter.metadata(true), "landlock,netns");
        assert_eq!(user.metadata(true), "landlock,seccomp,userns");
        assert_eq!(user.metadata(false), "none");
        let quota = SandboxSupport { work_tmpfs: true, ..user.clone() };
        assert_eq!(quota.metadata(true), "landlock,seccomp,userns,tmpfs");
        assert!(quota.describe(true).contains("tmpfs work dirs with a disk quota"), "{}", quota.describe(true));
        assert!(!quota.describe(false).contains("tmpfs"), "{}", quota.describe(false));
        assert!(
            user.describe(true)
                .starts_with("sandbox: landlock abi 6, no sockets, no shared locks or priorities; not root: ")
        );
        assert!(no_filter.describe(true).starts_with("sandbox: landlock abi 6, no network; not root"));
        assert!(user.describe(false).starts_with("sandbox off"));
        let root = SandboxSupport {
            root: true,
            bot_uids: Some((10, 20)),
            cgroups: Some("cgroups (pids v1)".into()),
            ..user.clone()
        };
        assert_eq!(root.metadata(true), "uids,cgroups,landlock,seccomp");
        assert_eq!(root.metadata(false), "uids,cgroups");
        assert_eq!(
            root.describe(true),
            "sandbox: landlock abi 6, no sockets, no shared locks or priorities; bots as uids 10-20, no capabilities, cgroups (pids v1), \
             private ipc, tmpfs work dirs with a disk quota"
        );
    }
}
