//! `juiz report DIR`: the tournament report page and the viewer pages it links to; also written
//! at the end of every `juiz tournament` run.

use std::path::Path;
use std::process::ExitCode;

use juiz::report::html::{self, PageChoice};

use super::{Failure, Outcome, SUCCESS};
use crate::cli::ReportArgs;

pub fn report(args: ReportArgs) -> Outcome {
    let choice = PageChoice { games: args.games, all: args.all_games };
    let summary = html::write_report(&args.dir, &choice).map_err(Failure::input)?;
    print_failed(&summary);
    println!(
        "wrote {} ({} viewer page(s) in {})",
        summary.path.display(),
        summary.pages,
        args.dir.join("pages").display()
    );
    Ok(ExitCode::from(SUCCESS))
}

/// After a tournament run: the report, or one line saying why there is none (the results stay).
pub fn write_report(dir: &Path, choice: &PageChoice) {
    match html::write_report(dir, choice) {
        Ok(summary) => {
            print_failed(&summary);
            println!("report: {}", summary.path.display());
        }
        Err(e) => eprintln!("no report: {e}"),
    }
}

fn print_failed(summary: &html::ReportSummary) {
    for (id, why) in &summary.failed {
        eprintln!("no viewer page for {id}: {why}");
    }
}
