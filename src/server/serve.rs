//! `juiz serve`: the course opened (folder locked, database migrated, roster copied, house bots
//! ready, interrupted work queued again, a killed server's leftovers removed, the folder made
//! private), the workers started, and the HTTP server run (`listen`: limits and timeouts) until
//! Ctrl-C or SIGTERM; or, with `links`, everyone's link printed as CSV (new ones for students who
//! have none; existing ones replaced only with `--reissue`, so a running class keeps its links).

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use super::accounts::{Reissue, admin_token, form_token, links_csv, sync_roster};
use super::course::load_course;
use super::db::{Db, lock_folder};
use super::error::ServerError;
use super::listen::{HttpLimits, raise_open_files};
use super::state::Shared;
use super::{final_run, ladder, ratings, tidy, web, workers};

/// How to serve a course (the command line).
#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub course: PathBuf,
    pub listen: SocketAddr,
    /// Print everyone's link as CSV and exit (new ones for students who have none).
    pub links: bool,
    /// Whose links `links` replaces.
    pub reissue: Reissue,
    pub jobs: usize,
}

/// The links' base: the course's `url`, else the listening address.
fn base_url(url: Option<&str>, listen: SocketAddr) -> String {
    url.map_or_else(|| format!("http://{listen}"), |u| u.trim_end_matches('/').to_string())
}

/// Makes the course's folder readable only by the server's user (its database holds the links
/// and the form secret), saying what it changed: the first thing either command does after
/// opening the database, so `--links` on a new course leaves no readable database behind.
fn make_private(data: &std::path::Path) -> Result<(), ServerError> {
    for changed in tidy::make_private(data)? {
        eprintln!("juiz serve: made private (only this user may read it): {changed}");
    }
    Ok(())
}

/// Runs `juiz serve` (see the module doc).
pub fn serve(opts: &ServeOptions) -> Result<(), ServerError> {
    let mut course = load_course(&opts.course)?;
    // Bots read the system folders: the course's files must lie elsewhere (issue 34).
    crate::bot::refuse_in_granted(&[("the course file", &opts.course), ("the course's data folder", &course.data)])
        .map_err(ServerError::Other)?;
    std::fs::create_dir_all(&course.data).map_err(ServerError::io(&course.data))?;
    course.data = std::fs::canonicalize(&course.data).map_err(ServerError::io(&course.data))?;
    if opts.links || opts.reissue != Reissue::Nobody {
        let db = Db::open(&course.data)?;
        make_private(&course.data)?;
        sync_roster(&db, &course.roster)?;
        let base = base_url(course.url.as_deref(), opts.listen);
        let (csv, hidden) = links_csv(&db, &course.roster, &base, &opts.reissue)?;
        print!("{csv}");
        for id in hidden {
            eprintln!(
                "juiz serve: {id}'s link was issued before links were kept and cannot be shown: it still works; \
                 to give {id} a new one, juiz serve {} --links --reissue {id}",
                opts.course.display()
            );
        }
        return Ok(());
    }
    let _lock = lock_folder(&course.data)?;
    for leftover in tidy::clean_leftovers(&course.data) {
        eprintln!("juiz serve: removed {leftover}, left by a server that was stopped while writing it");
    }
    let db = Db::open(&course.data)?;
    make_private(&course.data)?;
    sync_roster(&db, &course.roster)?;
    // The form tokens' key exists before the first request (two first requests cannot race).
    form_token(&db, "")?;
    if course.tournament.seed.is_some() {
        eprintln!(
            "juiz serve: warning: the course file sets a \"seed\": the final tournament's deals are then a public \
             function of it, which a bot can compute. Remove it (the deals then come from a secret)."
        );
    }
    let shared = Arc::new(Shared::new(course, db, opts.jobs.max(1)));
    for problem in ladder::register_house_bots(&shared)? {
        eprintln!("juiz serve: {problem}");
    }
    let (games, versions) = ladder::requeue_interrupted(&shared)?;
    if games + versions > 0 {
        eprintln!("juiz serve: {games} interrupted games and {versions} interrupted checks queued again");
    }
    ratings::recompute(&shared)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| ServerError::Other(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(run(shared, opts.listen, &opts.course))
}

async fn run(shared: Arc<Shared>, listen: SocketAddr, course: &std::path::Path) -> Result<(), ServerError> {
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| ServerError::Other(format!("cannot listen on {listen}: {e} (choose another with --listen)")))?;
    let addr = listener.local_addr().map_err(|e| ServerError::Other(e.to_string()))?;
    // The admin link is kept: the same at every start (`--links --reissue admin` replaces it).
    let admin = admin_token(&shared.db)?;
    let base = base_url(shared.course.url.as_deref(), addr);
    let _ = shared.base_url.set(base.clone());
    println!("juiz serve: course {} at http://{addr}/", shared.course.tournament.name);
    println!("instructor: {base}/admin/{admin}");
    println!("students' links: juiz serve {} --links", course.display());
    let _ = std::io::stdout().flush();
    if shared.db.setting("final_state")?.as_deref() == Some("running")
        && let Err(e) = final_run::start(&shared)
    {
        eprintln!("juiz serve: the final tournament cannot resume: {e}");
    }
    let handles = workers::start(&shared);
    let app = web::router(Arc::clone(&shared));
    let mut limits = HttpLimits::for_files(raise_open_files(), shared.jobs);
    limits.header_timeout = shared.course.budget.header_timeout;
    super::listen::serve(listener, app, limits, stopped()).await;
    shared.stop.store(true, std::sync::atomic::Ordering::SeqCst);
    shared.wake();
    for handle in handles {
        let _ = handle.join();
    }
    shared.humans.join_all();
    Ok(())
}

/// Resolves at Ctrl-C or SIGTERM.
async fn stopped() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = async { match term.as_mut() { Some(t) => { t.recv().await; } None => std::future::pending().await } } => {}
    }
}
