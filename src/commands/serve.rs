//! `juiz serve COURSE.json`: the course server (see `juiz::server`); exit status 0 when stopped
//! with Ctrl-C or SIGTERM, 2 when the course cannot be served (bad file, folder in use).

use std::process::ExitCode;

use juiz::server::{Reissue, ServeOptions, serve as run_server};

use crate::cli::ServeArgs;

use super::{Failure, Outcome, SUCCESS};

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
