//! What every bot may read besides its own program: the system folders (narrowed to what
//! programs and their runtimes need), a few `/proc` and `/sys` files, and never a folder of
//! juiz's. Counters that every process on the host moves are left out: `/proc/sys/fs/aio-nr`,
//! `file-nr`, `inode-nr`, `/proc/sys/kernel/ns_last_pid`, `/proc/stat` (the host's fork count),
//! the disks' statistics under `/sys` (`/sys/dev/block/*/stat`, moved by any bot's `O_DIRECT`
//! read), the network's, the cgroups'.
//! What remains is constant for the life of the host, or tells the CPU and memory load (the
//! residual channels of docs/containment.md).
//!
//! A system folder that holds juiz's working folder or its results (a course kept under
//! `/usr/local`, say) is granted entry by entry around it, down to the kept folder, as `/sys`
//! is around its cgroups, and juiz says so on stderr once, naming both.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::bot::sandbox::landlock::{self, PathRule};

/// System directories a bot may read and run from. Not `/opt` or `/snap`: what is installed
/// there (a course's files, too) is no bot's, and an interpreter there is granted with its own
/// installation (`own_program::grant_interpreter`).
pub(crate) const SYSTEM_DIRS: [&str; 10] =
    ["/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/etc", "/nix/store", "/run/current-system"];

/// `/proc` and `/sys` files and folders runtimes read: the C library (`sysconf`: CPU counts,
/// `ngroups_max`; `malloc`: `overcommit_memory`), Python, Go (huge pages), the JVM (`pid_max`,
/// `threads-max`, `max_map_count`, NUMA nodes), OpenMP (CPU topology). Not `/proc/stat`: its
/// `processes` line counts the host's forks, which a twin moves by forking k times (issue 34);
/// the C library counts CPUs from `/sys/devices/system/cpu/online` first, and only libuv's
/// `uv_cpu_info` (Node's `os.cpus()`, then empty) reads it.
const KERNEL_FILES: [&str; 17] = [
    "/proc/meminfo",
    "/proc/cpuinfo",
    "/proc/filesystems",
    "/proc/sys/kernel/osrelease",
    "/proc/sys/kernel/ostype",
    "/proc/sys/kernel/version",
    "/proc/sys/kernel/pid_max",
    "/proc/sys/kernel/threads-max",
    "/proc/sys/kernel/ngroups_max",
    "/proc/sys/kernel/cap_last_cap",
    "/proc/sys/vm/overcommit_memory",
    "/proc/sys/vm/max_map_count",
    "/proc/sys/fs/nr_open",
    "/proc/sys/fs/pipe-max-size",
    "/sys/devices/system/cpu",
    "/sys/devices/system/node",
    "/sys/kernel/mm/transparent_hugepage",
];

/// The `/proc` files of `KERNEL_FILES`: a bot with a pid namespace of its own reads them in its
/// own `/proc` (other inodes than juiz's), where its init grants them again (`pid_init.rs`).
pub(crate) fn proc_files() -> impl Iterator<Item = &'static str> {
    KERNEL_FILES.iter().copied().filter(|f| f.starts_with("/proc/"))
}

/// Devices every bot may read (and the first three write).
const DEVICES: [&str; 5] = ["/dev/null", "/dev/zero", "/dev/full", "/dev/urandom", "/dev/random"];

/// A set of folders kept out, and the rules opened for it.
type KeptOut = (Vec<PathBuf>, Arc<Vec<PathRule>>);

/// The rules of the system paths every bot may use, less every branch that holds one of
/// `keep_out` (see the module's doc). Opened once for the life of juiz for each set of folders
/// kept out (a failure is not kept: the next bot tries again).
pub(crate) fn system_rules(abi: u32, keep_out: &[PathBuf]) -> std::io::Result<Arc<Vec<PathRule>>> {
    static RULES: Mutex<Vec<KeptOut>> = Mutex::new(Vec::new());
    // Only the kept folders inside a system folder change the rules: the others (the usual case)
    // share one set, whatever folder each game's logs go to.
    let system = system_dirs();
    let keep_out: Vec<PathBuf> = keep_out
        .iter()
        .map(|k| k.canonicalize().unwrap_or_else(|_| k.clone()))
        .filter(|k| system.iter().any(|dir| k.starts_with(dir)))
        .collect();
    if let Some((_, rules)) = RULES.lock().unwrap_or_else(PoisonError::into_inner).iter().find(|(k, _)| *k == keep_out)
    {
        return Ok(Arc::clone(rules));
    }
    let read = split_around(system.to_vec(), &keep_out)
        .into_iter()
        .chain(KERNEL_FILES.iter().chain(&DEVICES[3..]).map(PathBuf::from))
        .map(|p| (p, landlock::READ));
    let read_write = DEVICES[..3].iter().map(|p| (PathBuf::from(p), landlock::READ_WRITE_FILE));
    let mut rules = Vec::new();
    for (path, rights) in read.chain(read_write) {
        let path = path.as_path();
        if let Some(rule) = PathRule::open(path, rights, abi)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?
        {
            rules.push(rule.kept_high());
        }
    }
    let rules = Arc::new(rules);
    let mut known = RULES.lock().unwrap_or_else(PoisonError::into_inner);
    // Two bots started at once may both open them: one set is kept, the other closed.
    if let Some((_, kept)) = known.iter().find(|(k, _)| *k == keep_out) {
        return Ok(Arc::clone(kept));
    }
    known.push((keep_out, Arc::clone(&rules)));
    Ok(rules)
}

/// The system folders that exist, by their real paths, the outermost only (found once).
fn system_dirs() -> &'static [PathBuf] {
    static DIRS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    DIRS.get_or_init(|| landlock::outermost_dirs(&SYSTEM_DIRS))
}

/// `dirs`, each one that holds a folder of `keep_out` replaced by its entries (links left out:
/// one could lead into the kept folder), again and again down to the kept folder, which is left
/// out. Warns once per kept folder.
pub(crate) fn split_around(dirs: Vec<PathBuf>, keep_out: &[PathBuf]) -> Vec<PathBuf> {
    let mut granted = Vec::new();
    for dir in dirs {
        let inside: Vec<&PathBuf> = keep_out.iter().filter(|k| k.starts_with(&dir)).collect();
        if inside.is_empty() {
            granted.push(dir);
            continue;
        }
        for kept in &inside {
            warn_once(kept, &dir);
        }
        if inside.iter().any(|k| **k == dir) {
            continue;
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|d| d.flatten().filter(|e| e.file_type().is_ok_and(|t| !t.is_symlink())).map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        granted.extend(split_around(entries, keep_out));
    }
    granted
}

/// Refuses a run whose own files lie where bots may read them: each `(what, path)` (the
/// tournament file, the submissions, the results, the course folder) that lies in a system folder
/// granted to every bot gives the message that names it, the granted folder and where to move it.
pub fn refuse_in_granted(named: &[(&str, &Path)]) -> Result<(), String> {
    match exposed(system_dirs(), named) {
        Some(message) => Err(message),
        None => Ok(()),
    }
}

/// The message of the first of `named` that lies in one of `granted` (real paths), if any.
fn exposed(granted: &[PathBuf], named: &[(&str, &Path)]) -> Option<String> {
    named.iter().find_map(|&(what, path)| {
        let real = real_path(path);
        let dir = granted.iter().find(|dir| real.starts_with(dir))?;
        Some(format!(
            "{what} {} lies in {}, which every bot may read (juiz grants it to bots for their programs and \
             libraries): a bot could read it. Move it out of the system folders (for example under /srv or \
             a home folder: `mv {} /srv/`) and point juiz there",
            real.display(),
            dir.display(),
            real.display()
        ))
    })
}

/// `path` made absolute with its longest existing ancestor's links resolved (a results folder
/// may not exist yet).
fn real_path(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            return rest.iter().rev().fold(real, |acc: PathBuf, part| acc.join(part));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

/// Says on stderr, once per kept folder, that it lies in a folder granted to bots.
fn warn_once(kept: &Path, granted: &Path) {
    static WARNED: OnceLock<Mutex<BTreeSet<PathBuf>>> = OnceLock::new();
    let mut warned = WARNED.get_or_init(Default::default).lock().unwrap_or_else(PoisonError::into_inner);
    if warned.insert(kept.to_path_buf()) {
        eprintln!(
            "juiz: warning: {} (juiz's folder or its results) lies in {}, which every bot may read; bots get {} \
             without it, but keep a course's files out of system folders",
            kept.display(),
            granted.display(),
            granted.display()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_whose_files_lie_in_a_granted_folder_is_refused_naming_the_folder() {
        let root = tempfile::tempdir().unwrap();
        let base = root.path().canonicalize().unwrap();
        std::fs::create_dir_all(base.join("usr/course/subs")).unwrap();
        std::fs::create_dir_all(base.join("home/course")).unwrap();
        std::os::unix::fs::symlink(base.join("usr/course"), base.join("home/link")).unwrap();
        let granted = [base.join("usr")];
        let outside = base.join("home/course/results");
        assert_eq!(exposed(&granted, &[("the results folder", &outside)]), None);
        let results = base.join("usr/course/results/not-yet-made");
        let message =
            exposed(&granted, &[("the tournament file", &outside), ("the results folder", &results)]).expect("refused");
        assert!(
            message.starts_with(&format!("the results folder {} lies in {}", results.display(), granted[0].display())),
            "{message}"
        );
        assert!(message.contains("Move it out"), "{message}");
        let through_link = base.join("home/link/subs");
        let message = exposed(&granted, &[("the submissions folder", &through_link)]).expect("a link is followed");
        assert!(message.contains(&base.join("usr/course/subs").display().to_string()), "{message}");
        assert!(refuse_in_granted(&[("the course folder", Path::new("/usr/share"))]).is_err());
        assert!(refuse_in_granted(&[("the course folder", &outside)]).is_ok());
    }

    #[test]
    fn a_granted_folder_that_holds_a_kept_one_is_granted_around_it() {
        let root = tempfile::tempdir().unwrap();
        let base = root.path().canonicalize().unwrap();
        for dir in ["opt/course/results", "opt/python/bin", "opt/other"] {
            std::fs::create_dir_all(base.join(dir)).unwrap();
        }
        std::fs::write(base.join("opt/course/tournament.json"), "{}").unwrap();
        std::fs::write(base.join("opt/readme"), "").unwrap();
        std::os::unix::fs::symlink(base.join("opt/course"), base.join("opt/link")).unwrap();
        let kept = [base.join("opt/course")];
        let granted = split_around(vec![base.join("opt")], &kept);
        let names: Vec<String> =
            granted.iter().map(|p| p.strip_prefix(&base).unwrap().to_string_lossy().into_owned()).collect();
        assert_eq!(names, ["opt/other", "opt/python", "opt/readme"], "no link, nothing of the course");
        assert_eq!(split_around(vec![base.join("opt/python")], &kept), vec![base.join("opt/python")]);
    }
}
