//! The final graded tournament: the course's tournament over each student's active version,
//! written as a tournament file (`final/tournament.json`, which `juiz tournament` runs the same
//! by hand) and run by the tournament code into `final/results/` with its report, then zipped.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::error::ServerError;
use super::state::Shared;
use crate::tournament::{BotSpec, RunOptions, Tournament};

/// `final/` in the course folder.
pub fn final_dir(shared: &Shared) -> PathBuf {
    shared.data().join("final")
}

/// The final tournament: the course's, its bots each student's active version (named by the
/// student's id; run as `store::version_run` says).
pub fn final_tournament(shared: &Shared) -> Result<Tournament, ServerError> {
    let conn = shared.db.conn();
    let mut stmt = conn.prepare(
        "SELECT s.id, v.file FROM students s JOIN versions v ON v.id = s.active_version
         WHERE s.on_roster = 1 AND v.state = 'ready' ORDER BY s.id",
    )?;
    let bots: Vec<BotSpec> = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?
        .collect::<rusqlite::Result<Vec<(String, String)>>>()?
        .into_iter()
        .map(|(id, file)| {
            let run = super::store::version_run(shared.data(), &file);
            BotSpec { name: id, run, workdir: None, limits_config: None, limits: None }
        })
        .collect();
    if bots.len() < 2 {
        return Err(ServerError::Other(format!(
            "the final tournament needs at least two students with an active version (there are {})",
            bots.len()
        )));
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

/// Starts the final tournament on a thread of its own (the ladder pauses meanwhile). A second
/// start while one runs is refused.
pub fn start(shared: &Arc<Shared>) -> Result<(), ServerError> {
    let t = final_tournament(shared)?;
    if shared.final_running.swap(true, Ordering::SeqCst) {
        return Err(ServerError::Other("the final tournament is already running".into()));
    }
    let dir = final_dir(shared);
    std::fs::create_dir_all(&dir).map_err(ServerError::io(&dir))?;
    let file = dir.join("tournament.json");
    let results = dir.join("results");
    // A new set of versions starts afresh; the same set resumes (after a restart).
    if std::fs::read_to_string(&file).ok().as_deref() != Some(t.to_json().as_str()) {
        let _ = std::fs::remove_dir_all(&results);
        let _ = std::fs::remove_file(dir.join("final.zip"));
    }
    std::fs::write(&file, t.to_json()).map_err(ServerError::io(&file))?;
    shared.db.set_setting("final_state", Some("running"))?;
    let shared = Arc::clone(shared);
    std::thread::spawn(move || {
        let outcome = run(&shared, &t, &results, &dir);
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

fn run(shared: &Shared, t: &Tournament, results: &Path, dir: &Path) -> Result<(), ServerError> {
    let opts =
        RunOptions { jobs: Some(shared.jobs), out: Some(results.to_path_buf()), resume: true, ..RunOptions::default() };
    let summary = crate::tournament::run(t, &opts, &crate::tournament::Quiet, shared.stop.clone())
        .map_err(|e| ServerError::Other(e.to_string()))?;
    if summary.cancelled {
        return Err(ServerError::Other("stopped with the server: it resumes at the next start".into()));
    }
    crate::report::html::write_report(results, &crate::report::html::PageChoice::default())
        .map_err(|e| ServerError::Other(e.to_string()))?;
    let zip = dir.join("final.zip");
    zip_folder(results, &zip)
}

/// Zips `folder` (its files, in name order) into `out`, written whole.
fn zip_folder(folder: &Path, out: &Path) -> Result<(), ServerError> {
    let mut files = Vec::new();
    collect(folder, folder, &mut files)?;
    files.sort();
    let tmp = out.with_extension("zip.tmp");
    let file = std::fs::File::create(&tmp).map_err(ServerError::io(&tmp))?;
    let mut zip = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let zip_err = |e: zip::result::ZipError| ServerError::Other(format!("writing {}: {e}", out.display()));
    for rel in files {
        zip.start_file(format!("final/{rel}"), options).map_err(zip_err)?;
        let bytes = std::fs::read(folder.join(&rel)).map_err(ServerError::io(folder))?;
        zip.write_all(&bytes).map_err(ServerError::io(&tmp))?;
    }
    zip.finish().map_err(zip_err)?;
    std::fs::rename(&tmp, out).map_err(ServerError::io(out))
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<String>) -> Result<(), ServerError> {
    for entry in std::fs::read_dir(dir).map_err(ServerError::io(dir))? {
        let path = entry.map_err(ServerError::io(dir))?.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "build") {
                collect(root, &path, out)?;
            }
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.display().to_string());
        }
    }
    Ok(())
}
