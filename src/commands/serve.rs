//! `juiz serve COURSE.json`: the course server (see `juiz::server`); exit status 0 when stopped
//! with Ctrl-C or SIGTERM, 2 when the course cannot be served (bad file, folder in use).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use juiz::server::{Reissue, ServeOptions, serve as run_server};

use super::{Failure, Outcome, SUCCESS};

/// Run a course server.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// A course file (JSON): a tournament file with a "course" object (roster, deadline...),
    /// e.g. tournaments/course-demo.json.
    #[arg(value_name = "COURSE")]
    pub course: PathBuf,
    /// Address and port to listen on (port 0: any free port, printed).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Print the secret link of every student and of the instructor as CSV (id,name,team,link)
    /// and exit: students who have none get one; existing links are kept (safe while the
    /// server runs).
    #[arg(long)]
    pub links: bool,
    /// With --links: replace links (the old ones stop working): everyone's, or one student's
    /// (`--reissue ana`; `--reissue admin` for the instructor's).
    #[arg(long, value_name = "ID", num_args = 0..=1, default_missing_value = "")]
    pub reissue: Option<String>,
    /// Games and checks run at once (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: Option<u64>,
}

pub fn serve(args: ServeArgs) -> Outcome {
    let jobs = args.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |n| n as usize);
    let reissue = match args.reissue {
        None => Reissue::Nobody,
        Some(id) if id.is_empty() => Reissue::Everyone,
        Some(id) => Reissue::One(id),
    };
    let opts = ServeOptions { course: args.course, listen: args.listen, links: args.links, reissue, jobs };
    run_server(&opts).map_err(Failure::input)?;
    Ok(ExitCode::from(SUCCESS))
}
