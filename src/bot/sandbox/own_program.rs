//! A bot's own program, and nothing beside it: which files and folders of a bot's command it may
//! read, and the private copy of its program (or script) that each bot runs. The child makes
//! the copy in its own work dir before `exec` (system calls only), so no two bots, not even two
//! copies of one bot, share the program's inode: no page cache, times or attributes of it to
//! signal through. And since no folder of a submission is granted, a classmate's file beside the
//! program (`submissions/alice.c` beside `submissions/bob.py`) is out of reach. The one program
//! run in place is juiz itself (a house bot): granted as a file, never copied.

use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};

/// Files of a command copied at most (the program, its scripts, a script's modules).
pub(crate) const MAX_COPIES: usize = 16;
/// Scripts of a command copied at most.
const MAX_SCRIPTS: usize = 3;
/// The index, in `ProgramFiles::copies`, of a script's module: copied under its own name beside
/// the script's copy, in no place of `argv`.
pub(crate) const MODULE: usize = usize::MAX;

/// A file that makes the folder holding it a bot's own: a program or script there runs in place
/// and the folder is granted for reading (a script and its modules). Only for a folder that holds
/// nothing of another student's (the house's fixtures, a student's own submission folder).
pub(crate) const OWN_FOLDER_MARK: &str = ".juiz-bot-folder";

/// The folder of `file` when it is its bot's own: marked so, or a Python script's folder that
/// holds only the script and the modules it imports (`own_folder::owns_its_folder`).
fn own_folder(file: &Path) -> Option<&Path> {
    file.parent()
        .filter(|dir| dir.join(OWN_FOLDER_MARK).is_file() || crate::bot::sandbox::own_folder::owns_its_folder(file))
}

/// What a bot may reach of its command besides system folders.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct ProgramFiles {
    /// Files and folders granted for reading in place: an interpreter's installation, a folder
    /// given as an argument.
    pub(crate) grants: Vec<PathBuf>,
    /// Files copied into the bot's work dir, by their index in `argv`: the program when it is
    /// the bot itself, and every script (an absolute path to a file outside system folders).
    pub(crate) copies: Vec<(usize, PathBuf)>,
}

/// Whether `path` lies in a folder every bot may read anyway (`grants::SYSTEM_DIRS`).
fn in_system(path: &Path, system: &[&str]) -> bool {
    system.iter().any(|dir| path.starts_with(dir))
}

/// Sorts `argv` (resolved: `argv[0]` a path) into copies and grants. A script argument (an
/// absolute path to a file outside system folders) is copied, unless its folder is its bot's own
/// (marked `OWN_FOLDER_MARK`, or a Python script's with its modules: `own_folder.rs`): then that
/// folder is granted and the script runs in place, the same for the program; when such a folder
/// holds juiz's working folder, a script's modules are copied beside its copy instead. The program is copied too, unless it is in a system folder, or runs a
/// script from a `bin/`, `sbin/` or `shims/` folder (an interpreter: that folder is granted, with the
/// installation prefix above it when it holds `lib/`, `libexec/` or `pyvenv.cfg`, as for a
/// virtual environment or pyenv), or runs a script from elsewhere (only the file is granted). A
/// folder given as an argument is granted. Nothing that holds one of `keep_out` (juiz's working
/// folder, where the results go) is ever granted.
pub(crate) fn program_files(argv: &[String], keep_out: &[PathBuf], system: &[&str]) -> ProgramFiles {
    let mut files = ProgramFiles::default();
    let mut scripts = 0;
    let holds_kept = |dir: &Path| keep_out.iter().any(|k| k.starts_with(dir));
    // A file under a kept folder is juiz's or a course's, never the system's, wherever that lies
    // (`grants.rs` keeps such a folder out of the system folders it grants).
    let in_system =
        |path: &Path, system: &[&str]| in_system(path, system) && !keep_out.iter().any(|k| path.starts_with(k));
    for (i, arg) in argv.iter().enumerate().skip(1) {
        let path = Path::new(arg);
        if !path.is_absolute() || in_system(path, system) {
            continue;
        }
        if path.is_dir() {
            if !holds_kept(path) {
                files.grants.push(path.to_path_buf());
            }
        } else if path.is_file() {
            scripts += 1;
            match own_folder(path) {
                Some(dir) if !holds_kept(dir) => files.grants.push(dir.to_path_buf()),
                _ if scripts <= MAX_SCRIPTS => {
                    files.copies.push((i, path.to_path_buf()));
                    // A folder of its own that holds juiz's working folder is not granted: the
                    // script's modules are copied beside its copy instead (when they all fit).
                    let modules = crate::bot::sandbox::own_folder::flat_modules(path).unwrap_or_default();
                    if files.copies.len() + modules.len() < MAX_COPIES {
                        files.copies.extend(modules.into_iter().map(|m| (MODULE, m)));
                    }
                }
                _ => {}
            }
        }
    }
    // A bare name is looked up along `PATH` at the spawn (an unresolved command): not the bot's.
    let program = argv.first().filter(|p| p.contains('/'));
    if let Some(program) = program.map(|p| std::path::absolute(p).unwrap_or_else(|_| PathBuf::from(p))) {
        let real = program.canonicalize().unwrap_or_else(|_| program.clone());
        if in_system(&program, system) && in_system(&real, system) {
            // Nothing to grant or copy.
        } else if is_juiz_itself(&real) {
            // A house bot (`juiz bot LEVEL`): the referee's own program, nobody's submission and
            // read-only to the bot, runs in place rather than as a 10+ MB copy per game.
            files.grants.push(real);
        } else if let Some(dir) = own_folder(&program).filter(|dir| !holds_kept(dir)) {
            files.grants.push(dir.to_path_buf());
        } else if scripts == 0 {
            files.copies.insert(0, (0, program));
        } else {
            for path in [program, real] {
                grant_interpreter(&path, &holds_kept, &mut files.grants);
            }
        }
    }
    files.grants.retain(|d| d != Path::new("/"));
    files.grants.sort();
    files.grants.dedup();
    files
}

/// Whether `real` (a canonical path) is the running juiz program (found once: a `readlink`
/// and a walk of its path per bot otherwise).
fn is_juiz_itself(real: &Path) -> bool {
    static EXE: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    EXE.get_or_init(|| std::env::current_exe().and_then(|exe| exe.canonicalize()).ok()).as_deref() == Some(real)
}

/// Grants an interpreter at `path`: its `bin/`-like folder and installation prefix, or the file.
fn grant_interpreter(path: &Path, holds_kept: &dyn Fn(&Path) -> bool, grants: &mut Vec<PathBuf>) {
    let Some(parent) = path.parent() else { return };
    let bin = parent.file_name().is_some_and(|n| n == "bin" || n == "sbin" || n == "shims");
    if !bin || holds_kept(parent) {
        grants.push(path.to_path_buf());
        return;
    }
    grants.push(parent.to_path_buf());
    if let Some(root) = parent.parent()
        && ["lib", "libexec", "pyvenv.cfg"].iter().any(|m| root.join(m).exists())
        && !holds_kept(root)
    {
        grants.push(root.to_path_buf());
    }
}

/// The copies of one bot, prepared in the parent: each source opened by juiz (so that a folder
/// only juiz may pass through does not stop a bot under a uid of its own), the name of its copy
/// in the work dir, and the command line that runs the copies.
#[derive(Debug)]
pub(crate) struct OwnCopies {
    sources: Vec<OwnedFd>,
    names: Vec<CString>,
    argv: Vec<String>,
}

/// `OwnCopies` as the child reads it: descriptors and pointers into the parent's strings.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CopyPlan {
    sources: [i32; MAX_COPIES],
    names: [*const libc::c_char; MAX_COPIES],
    count: usize,
}

// SAFETY: the pointers are read only, by the child before its exec, while `OwnCopies` lives.
unsafe impl Send for CopyPlan {}
// SAFETY: as for Send: nothing writes through them.
unsafe impl Sync for CopyPlan {}

impl OwnCopies {
    /// Opens the `copies` of `argv` for a bot whose work dir is `work_dir`.
    pub(crate) fn open(argv: &[String], copies: &[(usize, PathBuf)], work_dir: &Path) -> Result<OwnCopies, String> {
        let mut own = OwnCopies { sources: Vec::new(), names: Vec::new(), argv: argv.to_vec() };
        for (n, (i, source)) in copies.iter().take(MAX_COPIES).enumerate() {
            // Never through a link (`bot.py -> /etc/shadow` would hand root's file to the bot), nor
            // a FIFO or a device: the file itself, checked on the opened descriptor.
            let file = crate::bot::boxes::workdir::open_regular(source)
                .map_err(|e| format!("cannot copy the bot's program: {e}"))?;
            let base = source.file_name().map(|b| b.to_string_lossy().into_owned()).unwrap_or_default();
            // A module keeps its name (`import cards` finds `cards.py` beside the script's copy).
            let name = if *i == MODULE { base } else { format!(".juiz-{n}-{base}") };
            own.names.push(CString::new(name.as_bytes()).map_err(|_| "nul in a program's name".to_string())?);
            own.sources.push(OwnedFd::from(file));
            if *i != MODULE {
                own.argv[*i] = work_dir.join(&name).to_string_lossy().into_owned();
            }
        }
        Ok(own)
    }

    /// The command line to run: the copies in place of their sources.
    pub(crate) fn argv(&self) -> &[String] {
        &self.argv
    }

    pub(crate) fn plan(&self) -> CopyPlan {
        let mut plan = CopyPlan { sources: [-1; MAX_COPIES], names: [std::ptr::null(); MAX_COPIES], count: 0 };
        for (n, (fd, name)) in self.sources.iter().zip(&self.names).enumerate() {
            plan.sources[n] = fd.as_raw_fd();
            plan.names[n] = name.as_ptr();
            plan.count = n + 1;
        }
        plan
    }
}

impl CopyPlan {
    /// The sources' descriptors, which the child reads.
    pub(crate) fn fds(&self) -> &[i32] {
        &self.sources[..self.count]
    }

    /// In the child, in its work dir as its own uid, before Landlock: writes each copy (a new
    /// file, mode 0700, never through a link) with `sendfile`. System calls only.
    pub(crate) fn copy_in_child(&self) -> std::io::Result<()> {
        let last = std::io::Error::last_os_error;
        for n in 0..self.count {
            // SAFETY: a NUL-terminated name of the parent's, alive until the exec.
            let raw = unsafe {
                libc::openat(
                    libc::AT_FDCWD,
                    self.names[n],
                    libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW | libc::O_CLOEXEC,
                    0o700,
                )
            };
            if raw < 0 {
                return Err(last());
            }
            // SAFETY: a fresh descriptor owned here (closing allocates nothing).
            let target = unsafe { OwnedFd::from_raw_fd(raw) };
            let mut offset: libc::off_t = 0;
            loop {
                // SAFETY: two open descriptors; the offset is ours (the source's own is untouched).
                let sent = unsafe { libc::sendfile(target.as_raw_fd(), self.sources[n], &mut offset, 1 << 30) };
                match sent {
                    0 => break,
                    s if s > 0 => {}
                    _ if last().kind() == std::io::ErrorKind::Interrupted => {}
                    _ => return Err(last()),
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SYSTEM: [&str; 2] = ["/usr", "/bin"];

    fn argv(words: &[&Path]) -> Vec<String> {
        words.iter().map(|p| p.to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn a_script_is_copied_and_its_system_interpreter_needs_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("bob.py");
        std::fs::write(&script, "").unwrap();
        let files = program_files(&argv(&[Path::new("/usr/bin/python3"), Path::new("-u"), &script]), &[], &SYSTEM);
        assert_eq!(files, ProgramFiles { grants: vec![], copies: vec![(2, script)] });
    }

    #[test]
    fn a_program_is_copied_and_no_folder_of_a_submission_is_granted() {
        let dir = tempfile::tempdir().unwrap();
        let bot = dir.path().join("alice");
        std::fs::write(&bot, "").unwrap();
        std::fs::write(dir.path().join("bob.py"), "").unwrap();
        let files = program_files(&argv(&[&bot]), &[], &SYSTEM);
        assert_eq!(files, ProgramFiles { grants: vec![], copies: vec![(0, bot)] });
    }

    #[test]
    fn an_interpreter_of_a_virtual_environment_is_granted_its_prefix_unless_it_holds_the_results() {
        let x = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(x.path().join("bin")).unwrap();
        std::fs::write(x.path().join("pyvenv.cfg"), "").unwrap();
        let python = x.path().join("bin").join("python");
        std::fs::write(&python, "").unwrap();
        let script = tempfile::NamedTempFile::new().unwrap();
        let line = argv(&[&python, script.path()]);
        let files = program_files(&line, &[], &SYSTEM);
        assert_eq!(files.grants, vec![x.path().to_path_buf(), x.path().join("bin")]);
        assert_eq!(files.copies, vec![(1, script.path().to_path_buf())]);
        // With the results under X, X/bin still is granted, X is not.
        assert_eq!(program_files(&line, &[x.path().join("results")], &SYSTEM).grants, vec![x.path().join("bin")]);
        // With them in X/bin, only the interpreter file is.
        assert_eq!(program_files(&line, &[x.path().join("bin").join("out")], &SYSTEM).grants, vec![python]);
    }

    #[test]
    fn a_folder_marked_as_the_bots_own_is_granted_and_its_script_runs_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("garbage.py");
        std::fs::write(&script, "import fixture").unwrap();
        std::fs::write(dir.path().join(OWN_FOLDER_MARK), "").unwrap();
        let files = program_files(&argv(&[Path::new("/usr/bin/python3"), &script]), &[], &SYSTEM);
        assert_eq!(files, ProgramFiles { grants: vec![dir.path().to_path_buf()], copies: vec![] });
        // Never a folder that holds the results.
        let kept = program_files(&argv(&[Path::new("/usr/bin/python3"), &script]), &[dir.path().join("out")], &SYSTEM);
        assert_eq!(kept, ProgramFiles { grants: vec![], copies: vec![(1, script)] });
    }

    #[test]
    fn the_running_juiz_program_is_granted_in_place_not_copied() {
        let exe = std::env::current_exe().unwrap().canonicalize().unwrap();
        let line = vec![exe.to_string_lossy().into_owned(), "bot".into(), "hard".into()];
        assert_eq!(program_files(&line, &[], &SYSTEM), ProgramFiles { grants: vec![exe], copies: vec![] });
    }

    #[test]
    fn a_linked_script_or_program_is_refused_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("shadow");
        std::fs::write(&secret, "root:hash").unwrap();
        let link = dir.path().join("bot.py");
        std::os::unix::fs::symlink(&secret, &link).unwrap();
        let line = argv(&[Path::new("/usr/bin/python3"), &link]);
        let error = OwnCopies::open(&line, &[(1, link.clone())], dir.path()).unwrap_err();
        assert!(error.contains("bot.py is a symbolic link"), "{error}");
        // A file under a kept folder (juiz's, or a course's under a system folder) is copied.
        let kept = program_files(&line, &[dir.path().to_path_buf()], &[dir.path().to_str().unwrap()]);
        assert_eq!(kept.copies, vec![(1, link)]);
    }

    #[test]
    fn an_interpreter_outside_a_bin_folder_is_granted_as_a_file_only() {
        let dir = tempfile::tempdir().unwrap();
        let runner = dir.path().join("runner");
        let data = dir.path().join("data.txt");
        std::fs::write(&runner, "").unwrap();
        std::fs::write(&data, "").unwrap();
        let files = program_files(&argv(&[&runner, &data]), &[], &SYSTEM);
        assert_eq!(files, ProgramFiles { grants: vec![runner], copies: vec![(1, data)] });
    }
}
