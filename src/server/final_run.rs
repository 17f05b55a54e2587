//! The final graded tournament: the course's tournament over each student's active version (and
//! the house bots, with `"final_house"`), each bot's sources copied into `final/bots/<name>/`,
//! written as a tournament file of relative paths (`final/tournament.json`, which
//! `juiz tournament` runs the same on any machine), run by the tournament code into
//! `final/results/` with its report, then zipped whole with no server path inside
//! (`final_zip.rs`). Its progress and lines feed the admin page and `grades.csv`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::error::ServerError;
use super::state::Shared;
use crate::tournament::{BotRun, BotSpec, RunOptions, Schedule, Tournament};

/// `final/` in the course folder.
pub fn final_dir(shared: &Shared) -> PathBuf {
    shared.data().join("final")
}

/// A bot of the final, and what of the server's files it needs: (path to copy, name in its
/// folder of `final/bots/<bot>/`), or the whole folder of a student's archive.
struct Source {
    spec: BotSpec,
    copy: Vec<(PathBuf, String)>,
}

/// The final's bots as the server has them: each student's active version (named by the
/// student's id) and, with `"final_house"`, the course's house bots.
fn sources(shared: &Shared) -> Result<Vec<Source>, ServerError> {
    let conn = shared.db.conn();
    let mut stmt = conn.prepare(
        "SELECT s.id, v.file FROM students s JOIN versions v ON v.id = s.active_version
         WHERE s.on_roster = 1 AND v.state = 'ready' ORDER BY s.id",
    )?;
    let students: Vec<(String, String)> =
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?;
    drop(stmt);
    drop(conn);
    let mut out = Vec::new();
    for (id, file) in students {
        let path = shared.data().join(&file);
        // A student's folder (an archive's, or the one a single file is kept in) is copied whole.
        let folder = if path.is_dir() { path.clone() } else { path.parent().unwrap_or(&path).to_path_buf() };
        let entry = path.strip_prefix(&folder).map(|p| p.display().to_string()).unwrap_or_default();
        let spec = BotSpec { name: id, run: BotRun::Command(entry), workdir: None, limits_config: None, limits: None };
        out.push(Source { spec, copy: vec![(folder, String::new())] });
    }
    if shared.course.final_house {
        for bot in &shared.course.tournament.bots {
            let mut copy = Vec::new();
            if let BotRun::Build(path) = &bot.run {
                copy.push((path.clone(), file_name(path)));
            }
            if let BotRun::Command(text) = &bot.run {
                for word in shlex::split(text).unwrap_or_default() {
                    let path = Path::new(&word);
                    if path.is_absolute() && path.is_file() && !word.starts_with(crate::house::HOUSE_PREFIX) {
                        copy.push((path.to_path_buf(), file_name(path)));
                    }
                }
            }
            out.push(Source { spec: bot.clone(), copy });
        }
    }
    Ok(out)
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// The final's bots over their copies in `bots/` of `dir`: with `relative`, as the tournament
/// file of the zip names them (from its own folder), else as the server runs them.
fn tournament_over(shared: &Shared, sources: &[Source], dir: &Path, relative: bool) -> Result<Tournament, ServerError> {
    let shown = |path: &Path| -> String {
        let path = if relative { path.strip_prefix(dir).unwrap_or(path) } else { path };
        path.display().to_string()
    };
    let mut bots = Vec::new();
    for source in sources {
        let home = dir.join("bots").join(&source.spec.name);
        let run = match (&source.spec.run, source.copy.first()) {
            // A student's version: run as the server ran it, from the copy of its folder.
            (BotRun::Command(entry), Some((_, name))) if name.is_empty() => {
                match super::store::version_run(&home, entry) {
                    BotRun::Build(path) => BotRun::Build(PathBuf::from(shown(&path))),
                    BotRun::Command(text) if relative => {
                        BotRun::Command(text.replace(&format!("{}/", dir.display()), ""))
                    }
                    other => other,
                }
            }
            (BotRun::Build(_), Some((_, name))) => BotRun::Build(PathBuf::from(shown(&home.join(name)))),
            (BotRun::Command(text), _) => {
                let words: Vec<String> = shlex::split(text)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|w| match source.copy.iter().find(|(from, _)| from == Path::new(&w)) {
                        Some((_, name)) => shown(&home.join(name)),
                        None => w,
                    })
                    .collect();
                BotRun::Command(shlex::try_join(words.iter().map(String::as_str)).unwrap_or_default())
            }
            (other, _) => other.clone(),
        };
        bots.push(BotSpec { run, ..source.spec.clone() });
    }
    if bots.len() < 2 {
        return Err(too_few(bots.len()));
    }
    // Graded: the bots learn seat ids only (issue 34).
    let mut t = Tournament { name: "final".into(), bots, anonymous_seats: true, ..shared.course.tournament.clone() };
    if let crate::tournament::Format::Gauntlet { champion } = &t.format
        && t.bot(champion).is_none()
    {
        t.format = crate::tournament::Format::RoundRobin;
    }
    Ok(t)
}

/// The final tournament as the server runs it (bots' paths absolute, in `final/bots/`).
pub fn final_tournament(shared: &Shared) -> Result<Tournament, ServerError> {
    tournament_over(shared, &sources(shared)?, &final_dir(shared), false)
}

/// Games of the final done and in all, while it runs or once it ran; `None` before.
pub fn progress(shared: &Shared) -> Option<(usize, usize)> {
    let dir = final_dir(shared);
    let text = std::fs::read_to_string(dir.join("results").join("tournament.json")).ok()?;
    let t = Tournament::parse(&text, false).ok()?;
    let done = crate::tournament::read_games(&dir.join("results").join("games.csv")).map_or(0, |rows| rows.len());
    Some((done, Schedule::count(&t)))
}

/// `grades.csv` now: the ladder's columns and, once the final is done, the final's.
pub fn grades(shared: &Shared) -> Result<String, ServerError> {
    let finals = if shared.db.setting("final_state")?.as_deref() == Some("done") {
        super::grades::final_lines(
            &final_dir(shared).join("results"),
            &shared.course.tournament,
            shared.course.bar.as_ref(),
        )
    } else {
        Default::default()
    };
    Ok(super::grades::grades_csv(&shared.db.conn(), shared.course.bar.as_ref(), &finals)?)
}

/// Starts the final tournament on a thread of its own (the ladder pauses meanwhile). A second
/// start while one runs is refused. A new set of bots starts afresh (their sources copied into
/// `final/bots/`); the same set resumes (after a restart).
pub fn start(shared: &Arc<Shared>) -> Result<(), ServerError> {
    let sources = sources(shared)?;
    let dir = final_dir(shared);
    if sources.len() < 2 {
        return Err(too_few(sources.len()));
    }
    if shared.final_running.swap(true, Ordering::SeqCst) {
        return Err(ServerError::Other("the final tournament is already running".into()));
    }
    let prepared = prepare(shared, &sources, &dir);
    let t = match prepared {
        Ok(t) => t,
        Err(e) => {
            shared.final_running.store(false, Ordering::SeqCst);
            return Err(e);
        }
    };
    shared.db.set_setting("final_state", Some("running"))?;
    let shared = Arc::clone(shared);
    std::thread::spawn(move || {
        let outcome = run(&shared, &t, &dir);
        let state = match outcome {
            Ok(()) => "done".to_string(),
            Err(e) => format!("failed: {e}"),
        };
        if !shared.stopping() {
            let _ = shared.db.set_setting("final_state", Some(&state));
        }
        shared.final_running.store(false, Ordering::SeqCst);
        shared.wake();
    });
    Ok(())
}

/// `final/` made ready: a new set of bots clears the old results and copies its sources.
fn prepare(shared: &Shared, sources: &[Source], dir: &Path) -> Result<Tournament, ServerError> {
    std::fs::create_dir_all(dir).map_err(ServerError::io(dir))?;
    // What the bots are and where their sources come from: the same set resumes.
    let key: String = sources.iter().map(|s| format!("{:?} {:?}\n", s.spec, s.copy)).collect();
    let kept = dir.join(SOURCES_KEY);
    if std::fs::read_to_string(&kept).ok().as_deref() != Some(key.as_str()) {
        for old in ["results", "bots"] {
            let _ = std::fs::remove_dir_all(dir.join(old));
        }
        let _ = std::fs::remove_file(dir.join("final.zip"));
        for source in sources {
            let home = dir.join("bots").join(&source.spec.name);
            for (from, name) in &source.copy {
                super::final_zip::copy_into(from, &home.join(name))?;
            }
        }
        std::fs::write(&kept, &key).map_err(ServerError::io(&kept))?;
    }
    let file = dir.join("tournament.json");
    let portable = tournament_over(shared, sources, dir, true)?.to_json();
    std::fs::write(&file, portable).map_err(ServerError::io(&file))?;
    final_tournament(shared)
}

/// The file in `final/` that records which bots' sources `bots/` holds (left out of the zip).
pub const SOURCES_KEY: &str = ".sources";

fn too_few(count: usize) -> ServerError {
    ServerError::Other(format!(
        "the final tournament needs at least two bots: students with an active version (and, with \
         \"final_house\", the house bots); there are {count}"
    ))
}

fn run(shared: &Shared, t: &Tournament, dir: &Path) -> Result<(), ServerError> {
    let results = dir.join("results");
    let opts =
        RunOptions { jobs: Some(shared.jobs), out: Some(results.clone()), resume: true, ..RunOptions::default() };
    let summary = crate::tournament::run(t, &opts, &crate::tournament::Quiet, shared.stop.clone())
        .map_err(|e| ServerError::Other(e.to_string()))?;
    if summary.cancelled {
        return Err(ServerError::Other("stopped with the server: it resumes at the next start".into()));
    }
    crate::report::html::write_report(&results, &crate::report::html::PageChoice::default())
        .map_err(|e| ServerError::Other(e.to_string()))?;
    super::final_zip::zip_final(dir, shared.data())
}
