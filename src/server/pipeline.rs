//! A version's way into the ladder: built (C and C++ with the project's `build_c`), then checked
//! with `juiz check`'s games against the bundled bots, at the course's table, rules and limits; the compiler's messages and the check's
//! report (in English and in Portuguese) stored with it. Only a version that passes both becomes
//! the student's active one; a failed version never displaces it. A queued version that a newer
//! upload of its student replaced is never checked (`SUPERSEDED`).

use std::path::Path;
use std::sync::Arc;

use rusqlite::OptionalExtension;

use super::error::ServerError;
use super::state::Shared;
use super::store::version_run;
use crate::bot::{BotCommand, BuildError, BuildLimits, build_source, failed_build_hints};
use crate::check::{CheckOptions, CheckReport, course_seed, run_check};
use crate::i18n::{Lang, say_in, with_lang};
use crate::tournament::BotRun;

/// The states of a version, as stored.
pub const QUEUED: &str = "queued";
pub const BUILDING: &str = "building";
pub const CHECKING: &str = "checking";
pub const BUILD_FAILED: &str = "build-failed";
pub const CHECK_FAILED: &str = "check-failed";
pub const READY: &str = "ready";

/// A queued version a newer upload of the same student replaced before it was checked.
pub const SUPERSEDED: &str = "superseded";

/// Takes the next version to build and check for this worker (marking it building), if any,
/// unless the server is short of disk or files. A queued version with a newer upload of its
/// student is superseded first, so each student has at most one version waiting, and the
/// students' versions are taken in the order of their latest uploads: one student's many
/// uploads delay another's by at most one check.
pub fn claim(shared: &Shared) -> Result<Option<i64>, ServerError> {
    if shared.short()?.is_some() {
        return Ok(None);
    }
    shared.db.tx(take_next)
}

/// `claim`'s choice in the database: the queued versions a newer upload of their student
/// replaced are superseded, and the oldest one left is marked building.
fn take_next(tx: &rusqlite::Transaction) -> rusqlite::Result<Option<i64>> {
    tx.execute(
        "UPDATE versions SET state = ?1 WHERE state = ?2 AND student IS NOT NULL AND EXISTS
         (SELECT 1 FROM versions n WHERE n.student = versions.student AND n.number > versions.number)",
        [SUPERSEDED, QUEUED],
    )?;
    let id: Option<i64> = tx
        .query_row("SELECT id FROM versions WHERE state = ?1 ORDER BY id LIMIT 1", [QUEUED], |r| r.get(0))
        .optional()?;
    if let Some(id) = id {
        tx.execute("UPDATE versions SET state = ?1 WHERE id = ?2", rusqlite::params![BUILDING, id])?;
    }
    Ok(id)
}

/// Builds and checks version `id`, storing what each step said.
pub fn process(shared: &Shared, id: i64) -> Result<(), ServerError> {
    let (student, name, file, original, sha256): (String, String, String, String, String) = shared
        .db
        .conn()
        .query_row("SELECT student, name, file, original_name, sha256 FROM versions WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?;
    let data = shared.data();
    let private = |text: String| text.replace(&format!("{}/", data.display()), "");
    let mut warnings = String::new();
    let argv = match version_run(data, &file) {
        BotRun::Command(command) => shlex::split(&command).unwrap_or_default(),
        // Built under the name the student gave the file, so the compiler's messages name it
        // (not the stored copy's hash); `-Wall`'s warnings of a good build are shown too.
        BotRun::Build(source) => {
            match build_source(&source, Some(&original), &data.join("build"), &BuildLimits::default()) {
                Ok(built) => {
                    warnings = built.warnings;
                    vec![built.binary.display().to_string()]
                }
                Err(e) => {
                    let message = match e {
                        // The compiler's own words are the evidence; its exit status only when it said nothing.
                        BuildError::Compile { output, status, .. } if output.trim().is_empty() => status,
                        BuildError::Compile { output, .. } => output,
                        other => other.to_string(),
                    };
                    // What to do, as `juiz play` says it: the first error quoted, a C++ file saved as `.c`.
                    let hints = failed_build_hints(&source, Path::new(&original), &message);
                    let said = |lang| hints.iter().map(|h| say_in(lang, h)).collect::<Vec<_>>().join("\n");
                    let (en, pt) = (private(said(Lang::En)), private(said(Lang::Pt)));
                    return finish(shared, id, &student, BUILD_FAILED, &private(message), (&en, &pt));
                }
            }
        }
        BotRun::Unusable(why) => return finish(shared, id, &student, BUILD_FAILED, &private(why), ("", "")),
    };
    let argv_json = serde_json::to_string(&argv).expect("strings serialize");
    shared.db.tx(|tx| {
        tx.execute(
            "UPDATE versions SET state = ?1, argv = ?2 WHERE id = ?3",
            rusqlite::params![CHECKING, argv_json, id],
        )
    })?;
    // The course's check: its table, rules and limits, its games played on as many workers as
    // the ladder has, seeded by the course and the bytes (the same bytes, the same verdict).
    let tournament = &shared.course.tournament;
    let logs = data.join("versions").join(id.to_string());
    let options = CheckOptions {
        game: tournament.game,
        rules: tournament.rules.clone(),
        random_games: shared.course.check_games,
        move_timeout: tournament.move_timeout,
        keep_logs: Some(logs.clone()),
        build_cache: data.join("build"),
        cancel: Some(shared.stop.clone()),
        players: Some(tournament.players),
        limits: Some(tournament.limits.clone()),
        jobs: shared.jobs,
        // Each game takes a worker's slot: a check never adds games beside the ladder's.
        turns: Some(Arc::new(super::workers::CheckTurns(Arc::clone(&shared.slots)))),
        ..CheckOptions::new(course_seed(&tournament.name, tournament.game, tournament.seed, &sha256))
    };
    let command = BotCommand { argv, display: original };
    // The student page's "checking n/N" (`status::progress`).
    let (total, mut played) = (crate::check::full_plan(&options).len(), 0);
    super::status::progress(id, 0, total);
    let checked = run_check(&command, &name, &options, &mut |_| {
        played += 1;
        super::status::progress(id, played, total);
    });
    // The check's transcripts and stderr logs are kept compressed, as the ladder's games are
    // (`record::packed`): the page's links, the viewer and the downloads read either form.
    if !matches!(checked, Err(crate::check::CheckError::Cancelled))
        && logs.is_dir()
        && let Err(e) = crate::record::packed::pack_folder(&logs)
    {
        eprintln!("juiz serve: version {id}: its check's files stay uncompressed: {e}");
    }
    match checked {
        Ok(report) => {
            let (en, pt) = (private(report_text(&report, Lang::En)), private(report_text(&report, Lang::Pt)));
            let state = if report.passed() { READY } else { CHECK_FAILED };
            finish(shared, id, &student, state, &private(warnings), (&en, &pt))
        }
        // Stopping: the version stays queued for the next start.
        Err(crate::check::CheckError::Cancelled) => {
            shared
                .db
                .tx(|tx| tx.execute("UPDATE versions SET state = ?1 WHERE id = ?2", rusqlite::params![QUEUED, id]))?;
            Ok(())
        }
        Err(e) => {
            let text = format!("the check could not be run: {e}");
            finish(shared, id, &student, CHECK_FAILED, &private(warnings), (&text, &text))
        }
    }
}

/// The check's report, in `lang`, as `juiz check` prints it.
fn report_text(report: &CheckReport, lang: Lang) -> String {
    with_lang(lang, || {
        let total = report.games.len();
        let mut text: String = report.games.iter().map(|g| g.to_text(total)).collect();
        text.push_str(&report.summary_text());
        text
    })
}

/// Records the version's outcome; a ready version becomes its student's active one (unless a
/// newer one already is).
fn finish(
    shared: &Shared,
    id: i64,
    student: &str,
    state: &str,
    build_output: &str,
    check: (&str, &str),
) -> Result<(), ServerError> {
    shared.db.tx(|tx| {
        tx.execute(
            "UPDATE versions SET state = ?1, build_output = ?2, check_en = ?3, check_pt = ?4 WHERE id = ?5",
            rusqlite::params![state, build_output, check.0, check.1, id],
        )?;
        if state == READY {
            tx.execute(
                "UPDATE students SET active_version = ?1 WHERE id = ?2
                 AND (active_version IS NULL OR active_version < ?1)",
                rusqlite::params![id, student],
            )?;
        }
        Ok(())
    })?;
    shared.wake();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::db::Db;

    /// Queues a version of `student` (its next number), returning its id.
    fn upload(db: &Db, student: &str) -> i64 {
        db.tx(|tx| {
            let number: i64 =
                tx.query_row("SELECT COALESCE(MAX(number), 0) + 1 FROM versions WHERE student = ?1", [student], |r| {
                    r.get(0)
                })?;
            tx.execute(
                "INSERT INTO versions (student, name, number, uploaded, state) VALUES (?1, ?2, ?3, 0, ?4)",
                rusqlite::params![student, format!("{student}.v{number}"), number, QUEUED],
            )?;
            Ok(tx.last_insert_rowid())
        })
        .unwrap()
    }

    #[test]
    fn fifty_uploads_of_one_student_delay_another_s_first_check_by_one_check_at_most() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path()).unwrap();
        db.tx(|tx| {
            tx.execute_batch("INSERT INTO students (id, name) VALUES ('ana', 'Ana'), ('bia', 'Bia'), ('caio', 'Caio');")
        })
        .unwrap();
        let state = |id: i64| -> String {
            db.conn().query_row("SELECT state FROM versions WHERE id = ?1", [id], |r| r.get(0)).unwrap()
        };
        // bia's first upload is being checked when she sends 49 more; then ana sends her first,
        // and bia one more while ana's waits: ana's goes next (bia's newest came after it).
        let first = upload(&db, "bia");
        assert_eq!(db.tx(take_next).unwrap(), Some(first));
        let bia: Vec<i64> = (0..49).map(|_| upload(&db, "bia")).collect();
        let ana = upload(&db, "ana");
        let later = upload(&db, "bia");
        let order: Vec<Option<i64>> = (0..3).map(|_| db.tx(take_next).unwrap()).collect();
        assert_eq!(order, [Some(ana), Some(later), None]);
        assert!(bia.iter().all(|&id| state(id) == SUPERSEDED), "the 49 waiting are replaced by the newest");
        assert_eq!(state(first), BUILDING, "the one being checked goes on");
        // 50 more of bia's, then caio's first: one check of bia's (her newest, sent before
        // caio's) and then caio's.
        let bia: Vec<i64> = (0..50).map(|_| upload(&db, "bia")).collect();
        let caio = upload(&db, "caio");
        let order: Vec<Option<i64>> = (0..3).map(|_| db.tx(take_next).unwrap()).collect();
        assert_eq!(order, [Some(bia[49]), Some(caio), None]);
        assert_eq!(bia.iter().filter(|&&id| state(id) == SUPERSEDED).count(), 49);
    }
}
