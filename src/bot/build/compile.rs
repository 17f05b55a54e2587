//! Running the compiler as a bot runs: `$CC` or `cc` with `-Wall -O2 -o OUT -x c SRC -lm` (C++
//! sources, `.cpp`/`.cc`/`.cxx`/`.C` or C++ by content: `$CXX` or `c++`, `-x c++`) started by `BotProcess::spawn_build` in a work dir that
//! holds copies of the source and its local headers: as root in a box (its own uid, cgroups and
//! tmpfs), otherwise in a user namespace; Landlock lets it read only those copies, the system
//! headers and the toolchain, and write only that work dir; seccomp; no network. Its wall time,
//! CPU time, memory, processes and file sizes are limited (`BuildLimits`); going over one is a
//! `BuildError::Limit` naming it. Its diagnostics go through the bots' capped stderr drain into
//! a log of which only `output_bytes` are ever stored or read back.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::AsFd;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use nix::poll::PollFlags;

use super::cache::{self, Slot};
use super::error::BuildError;
use super::kind::{self, SourceKind};
use super::sources::{self, Sources};
use super::student;
use crate::bot::faults::fault::{BotFault, FaultKind, Termination};
use crate::bot::host::limits::{Limits, format_bytes};
use crate::bot::process::{BotProcess, WorkDir};
use crate::bot::{BotCommand, boxes::workdir, host::sys};

/// The compiler's output file, in its work dir.
const OUTPUT: &str = ".juiz-binary";
/// How often the wait for the compiler looks at the clock and drains its stdout.
const SLICE: Duration = Duration::from_millis(50);

/// What a build may use. A build over one of them is stopped and is a `BuildError::Limit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildLimits {
    /// Wall-clock time of the whole build (default 30 s).
    pub wall_time: Duration,
    /// CPU time of every process of the build (default 60 s).
    pub cpu_seconds: u64,
    /// Memory of each process and, as for bots, of the whole build (default 1 GiB).
    pub memory_bytes: u64,
    /// Processes alive at once (default 16).
    pub max_processes: u64,
    /// The largest file the compiler may write, the binary included (default 64 MiB); as root
    /// its work dir holds at most four times that.
    pub file_size_bytes: u64,
    /// Bytes of compiler diagnostics kept (default 16 KiB); the rest is counted and dropped.
    pub output_bytes: u64,
}

impl Default for BuildLimits {
    fn default() -> BuildLimits {
        BuildLimits {
            wall_time: Duration::from_secs(30),
            cpu_seconds: 60,
            memory_bytes: 1 << 30,
            max_processes: 16,
            file_size_bytes: 64 << 20,
            output_bytes: 16 << 10,
        }
    }
}

impl BuildLimits {
    /// The limits of the compiler as a bot: a bot's sandbox, with these resources.
    fn as_bot_limits(&self) -> Limits {
        Limits {
            move_timeout: self.wall_time,
            startup_timeout: self.wall_time,
            wall_factor: 1,
            max_line_bytes: 4096,
            stderr_cap_bytes: self.output_bytes,
            memory_bytes: Some(self.memory_bytes),
            cpu_seconds: Some(self.cpu_seconds),
            max_processes: Some(self.max_processes),
            file_size_bytes: Some(self.file_size_bytes),
            disk_bytes: Some(self.file_size_bytes.saturating_mul(4)),
            sandbox: true,
            ..Limits::default()
        }
    }
}

/// `build_c_with` under the default `BuildLimits`.
pub fn build_c(source: &Path, cache_dir: &Path) -> Result<PathBuf, BuildError> {
    build_c_with(source, cache_dir, &BuildLimits::default())
}

/// `build_source` of `source` under its own name, returning only the binary.
pub fn build_c_with(source: &Path, cache_dir: &Path, limits: &BuildLimits) -> Result<PathBuf, BuildError> {
    build_source(source, None, cache_dir, limits).map(|built| built.binary)
}

/// A build that succeeded: its binary and the compiler's warnings (`-Wall`; empty when there
/// were none), its messages naming the source as the student named it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The binary's absolute path.
    pub binary: PathBuf,
    /// What the compiler said although it succeeded (its `-Wall` warnings), as it said it.
    pub warnings: String,
}

/// Compiles one C or C++ source, contained (see the module's documentation), into `cache_dir`
/// (made private, or checked to be), unless a build of the same bytes (source and the local
/// `#include "..."` headers beside it), compiler command, name and limits is there already: then
/// its binary and warnings, or its failure (`BuildError::Earlier`), are returned without
/// compiling again. The language is the one `kind::kind_by_name` names (`.C` is C++), else the
/// one the content shows (a file without an extension). The compiler's messages name the
/// source `name` (the student's own file name: the server keeps sources under hashes), or its
/// file name. Concurrent builds of the same source are safe.
pub fn build_source(
    source: &Path,
    name: Option<&str>,
    cache_dir: &Path,
    limits: &BuildLimits,
) -> Result<Built, BuildError> {
    let sources = sources::gather(source)?;
    let kind = kind::kind_by_name(source)
        .or(match kind::recognise(&sources.files[0].1) {
            kind::Content::Source(kind) => Some(kind),
            _ => None,
        })
        .filter(|k| *k != SourceKind::Python)
        .unwrap_or(SourceKind::C);
    let (variable, default) = if kind == SourceKind::Cpp { ("CXX", "c++") } else { ("CC", "cc") };
    let cc_text = std::env::var(variable).unwrap_or_else(|_| default.to_string());
    let cc = shlex::split(&cc_text)
        .filter(|words| !words.is_empty())
        .ok_or_else(|| BuildError::BadCompiler(cc_text.clone()))?;
    let staged = sources.files[0].0.to_string_lossy().into_owned();
    let student = student::student_name(name, &staged);
    let language = kind.compiler_language().unwrap_or("c");

    let cache_err = |e| BuildError::Cache { path: cache_dir.to_path_buf(), source: e };
    cache::private_dir(cache_dir).map_err(cache_err)?;
    let cache_abs = std::path::absolute(cache_dir).map_err(cache_err)?;
    let stem = source.file_stem().map_or_else(|| "bot".to_string(), |s| s.to_string_lossy().into_owned());
    let flags = format!("{} -x {language} as {student}", FLAGS.join(" "));
    let slot = Slot::open(&cache_abs, &cache::key(&cc, &flags, limits, &sources), &stem).map_err(cache_err)?;
    if let Some(verdict) = slot.verdict() {
        return verdict;
    }
    let build = Build { source, cc: &cc, cc_text: &cc_text, limits, language, student: &student };
    match build.run(&sources) {
        Ok((mut binary, warnings)) => {
            let binary = slot.keep_binary(&mut binary, limits.file_size_bytes, &warnings).map_err(cache_err)?;
            Ok(Built { binary, warnings })
        }
        Err(e) => {
            if e.is_verdict() {
                slot.keep_failure(&e.to_string()).map_err(cache_err)?;
            }
            Err(e)
        }
    }
}

/// The compiler's options before the language and the source: warnings on, optimised.
const FLAGS: [&str; 2] = ["-Wall", "-O2"];

/// One compilation.
struct Build<'a> {
    source: &'a Path,
    cc: &'a [String],
    cc_text: &'a str,
    limits: &'a BuildLimits,
    /// The language, for `-x` (a source without an extension is one).
    language: &'a str,
    /// The name the student gave the source, which the messages use.
    student: &'a str,
}

/// How a compiler that did not succeed ended.
enum Ended {
    /// It failed (its exit status or signal).
    Failed(String),
    /// It went over a limit (which, and what was seen).
    Limit(String),
}

impl Build<'_> {
    fn host_err(&self, e: io::Error) -> BuildError {
        BuildError::Compiler { compiler: self.cc_text.to_string(), source: e }
    }

    /// Compiles `sources` in a box and returns the binary, opened (the box is emptied after),
    /// and the compiler's warnings.
    fn run(&self, sources: &Sources) -> Result<(File, String), BuildError> {
        let root = workdir::root().map_err(|e| self.host_err(e))?;
        let scratch = tempfile::Builder::new()
            .prefix("build-")
            .permissions(workdir::private())
            .tempdir_in(root)
            .map_err(|e| self.host_err(e))?;
        let stage = scratch.path().join("src");
        stage_sources(&stage, sources).map_err(|e| self.host_err(e))?;
        let log = scratch.path().join("compiler.log");
        // `./` keeps a source named like an option (`-fplugin=x.c`) a file name.
        let main = Path::new(".").join(&sources.files[0].0).to_string_lossy().into_owned();
        let mut argv = self.cc.to_vec();
        argv.extend(FLAGS.map(String::from));
        argv.extend(["-o", OUTPUT, "-x", self.language, &main, "-x", "none", "-lm"].map(String::from));
        let command = BotCommand { argv, display: self.cc_text.to_string() };
        let mut compiler = BotProcess::spawn_build(
            &command,
            WorkDir::CopyOf(stage),
            &log,
            &self.limits.as_bot_limits(),
            &toolchain(&self.cc[0]),
        )
        .map_err(|fault| self.host_err(io::Error::other(fault.detail)))?;
        let ended = wait(&mut compiler, self.limits);
        // The output is opened before the box is emptied; its descriptor keeps it readable.
        let binary = ended.is_ok().then(|| workdir::open_regular(&compiler.work_dir().join(OUTPUT)));
        let report = compiler.shutdown();
        let output = diagnostics(&log, self.limits.output_bytes, report.stderr_dropped);
        let output = student::as_student_wrote(&output, &sources.files[0].0.to_string_lossy(), self.student);
        let path = self.source.to_path_buf();
        match (ended, binary) {
            (Ok(()), Some(Ok(file))) => Ok((file, output)),
            (Ok(()), _) => {
                Err(BuildError::Compile { path, status: "exited with code 0 but left no binary".to_string(), output })
            }
            (Err(Ended::Failed(status)), _) => Err(BuildError::Compile { path, status, output }),
            (Err(Ended::Limit(limit)), _) => Err(BuildError::Limit { path, limit, output }),
        }
    }
}

/// Writes the source and its headers into the new folder `stage` (readable by the compiler's
/// uid, which owns them once copied into its box).
fn stage_sources(stage: &Path, sources: &Sources) -> io::Result<()> {
    std::fs::create_dir(stage)?;
    for (rel, bytes) in &sources.files {
        let path = stage.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o644).open(&path)?;
        io::Write::write_all(&mut file, bytes)?;
    }
    Ok(())
}

/// Folders the compiler `program` may read beyond the system's: its installation prefix when it
/// lives outside them (a compiler in `/opt/gcc/bin` reads `/opt/gcc`).
fn toolchain(program: &str) -> Vec<PathBuf> {
    let found = if program.contains('/') {
        Some(PathBuf::from(program))
    } else {
        std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path).map(|dir| dir.join(program)).find(|candidate| candidate.is_file())
        })
    };
    let Some(real) = found.and_then(|p| p.canonicalize().ok()) else { return Vec::new() };
    let Some(bin) = real.parent() else { return Vec::new() };
    let prefix = match bin.file_name() {
        Some(name) if name == "bin" || name == "sbin" => bin.parent().unwrap_or(bin),
        _ => bin,
    };
    if prefix == Path::new("/") { Vec::new() } else { vec![prefix.to_path_buf()] }
}

/// Waits for the compiler to end within the wall time, draining and dropping its stdout.
fn wait(compiler: &mut BotProcess, limits: &BuildLimits) -> Result<(), Ended> {
    let deadline = Instant::now() + limits.wall_time;
    loop {
        compiler.fill();
        compiler.lines.clear();
        if let Some(fault) = compiler.watchdog_fault() {
            return Err(Ended::Limit(limit_of(&fault)));
        }
        if let Some(fault) = compiler.exit_fault(Duration::ZERO) {
            let succeeded = matches!(compiler.exited.and_then(|e| e.termination), Some(Termination::Exited(0)));
            return match fault.kind {
                FaultKind::Crash if succeeded => Ok(()),
                FaultKind::Crash => Err(Ended::Failed(fault.detail)),
                _ => Err(Ended::Limit(limit_of(&fault))),
            };
        }
        let left = sys::left(deadline);
        if left.is_zero() {
            let secs = limits.wall_time.as_secs_f64();
            return Err(Ended::Limit(format!("over its wall-time limit ({secs} s)")));
        }
        let stdout = match (&compiler.stdout, compiler.stdout_eof) {
            (Some(fd), false) => Some((fd.as_fd(), PollFlags::POLLIN)),
            _ => None,
        };
        let pidfd = compiler.pidfd.as_ref().map(|fd| (fd.as_fd(), PollFlags::POLLIN));
        sys::poll_two(stdout, pidfd, left.min(SLICE));
    }
}

/// The limit a fault of the compiler names, with what was seen.
fn limit_of(fault: &BotFault) -> String {
    let which = match fault.kind {
        FaultKind::Memory => "memory",
        FaultKind::CpuTime => "CPU-time",
        FaultKind::Processes => "process",
        FaultKind::FileSize => "file-size",
        FaultKind::Disk => "disk",
        _ => return fault.to_string(),
    };
    format!("over its {which} limit: {}", fault.detail)
}

/// The compiler's diagnostics: at most `cap` bytes of its log (with the drain's note of what it
/// dropped), never more read.
fn diagnostics(log: &Path, cap: u64, dropped: u64) -> String {
    let mut bytes = Vec::new();
    if let Ok(file) = workdir::open_regular(log) {
        let _ = file.take(cap.saturating_add(128)).read_to_end(&mut bytes);
    }
    let mut text = String::from_utf8_lossy(&bytes).trim_end().to_string();
    if dropped > 0 && !text.contains("bytes dropped]") {
        text.push_str(&format!("\n[... {} of compiler output dropped]", format_bytes(dropped)));
    }
    text
}
