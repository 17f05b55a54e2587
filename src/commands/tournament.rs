//! `juiz tournament` and `juiz merge`: run a tournament file with a progress bar and a summary at
//! the end; combine shard results.

use std::process::ExitCode;

use juiz::report::{Bar, missing_text, summary_text};
use juiz::tournament::{self, RunOptions, Shard, Summary, TournamentError};

use super::{Failure, INCOMPLETE, INTERRUPTED, Outcome, SUCCESS};
use crate::cli::{MergeArgs, TournamentArgs};

pub fn tournament(args: TournamentArgs) -> Outcome {
    let t = tournament::load(&args.file).map_err(Failure::input)?;
    // What the file left out, so that nothing is decided out of sight (docs/tournaments.md lists the defaults).
    let text = std::fs::read_to_string(&args.file).unwrap_or_default();
    let applied = tournament::applied_defaults(&text, &t);
    if !applied.is_empty() {
        // Written, not printed: a closed stdout (`juiz tournament … | head`) must not stop the
        // run before its first game (the summary's print ends it quietly once results are in).
        use std::io::Write;
        let _ = writeln!(
            std::io::stdout(),
            "defaults applied (not set in {}): {}",
            args.file.display(),
            applied.join("; ")
        );
    }
    let shard = match &args.shard {
        Some(text) => Some(text.parse::<Shard>().map_err(Failure::input)?),
        None => None,
    };
    let opts = RunOptions {
        jobs: args.jobs.map(|n| n as usize),
        out: args.out.clone(),
        resume: args.resume,
        shard,
        unpinned: args.no_pin,
        secret: args.secret.clone(),
    };
    // A bot may read the system folders: none of the run's own files may lie there (issue 34).
    let out = tournament::out_dir(&t, &opts);
    let mut named = vec![("the tournament file", args.file.as_path()), ("the results folder", out.as_path())];
    named.extend(t.submissions.as_deref().map(|dir| ("the submissions folder", dir)));
    juiz::bot::refuse_in_granted(&named).map_err(Failure::input)?;
    if t.seed.is_some() && t.has_submissions {
        eprintln!(
            "warning: {} sets a \"seed\": anyone who knows it and juiz's code can compute every deal, \
             so a bot can predict its opponents' cards. Remove \"seed\" for a graded run (the deals \
             then come from a secret, published with the results).",
            args.file.display()
        );
    }
    // Ctrl-C (and a polite kill) stop the run cleanly: running games are cancelled and their
    // bots killed, finished rows stay, `--resume` finishes the rest.
    let cancel = super::stop_on_signals()?;
    let bar = Bar::new();
    let summary = tournament::run(&t, &opts, &bar, cancel).map_err(tournament_failure)?;
    print_summary(&summary);
    super::write_report(&summary.out, &juiz::report::html::PageChoice::default());
    if summary.cancelled {
        eprintln!(
            "stopped after {} of {} games: run again with --resume to finish ({})",
            summary.done,
            summary.total,
            summary.out.display()
        );
        return Ok(ExitCode::from(INTERRUPTED));
    }
    Ok(ExitCode::from(SUCCESS))
}

pub fn merge(args: MergeArgs) -> Outcome {
    let summary = tournament::merge(&args.dirs, &args.out).map_err(tournament_failure)?;
    print_summary(&summary);
    if let Some(text) = missing_text(&summary) {
        eprint!("{text}");
        return Ok(ExitCode::from(INCOMPLETE));
    }
    Ok(ExitCode::from(SUCCESS))
}

fn print_summary(summary: &Summary) {
    // The standings come last, where the eye lands when the run ends.
    print!("{}", summary_text(summary));
}

fn tournament_failure(e: TournamentError) -> Failure {
    Failure::input(e)
}
