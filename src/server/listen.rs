//! The HTTP listener, built so that no client can take the server's open files: connections are
//! accepted only under a limit set below the process's open-file limit (the rest wait in the
//! kernel's queue, costing the server nothing), a client address holding more than its share
//! while connections are scarce has its new ones closed at once, and each connection is served
//! by hyper's HTTP/1 with a header read timeout (a half-sent request is dropped). Requests are
//! limited too, by tower's layers: at most so many in flight (a clear 503 past that, never a
//! queue that grows) and each done within a time (a slow body gets a 408).

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::error_handling::HandleErrorLayer;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::IntoResponse;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tower::ServiceBuilder;

/// The limits of the HTTP side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpLimits {
    /// Connections open at once; more wait in the kernel's accept queue.
    pub connections: usize,
    /// Connections one client address may hold while fewer than half are free.
    pub per_client: usize,
    /// Time to send a request's whole header, from the connection's first byte.
    pub header_timeout: Duration,
    /// Time to read a request's body and answer it.
    pub request_timeout: Duration,
    /// Requests handled at once; past that a 503 answers at once.
    pub requests: usize,
}

/// Descriptors kept for everything but connections: the database, the workers' games and
/// checks (a bot's pipes, its cgroup and work dir), the compilers, the final tournament.
pub fn reserved_files(jobs: usize) -> u64 {
    128 + 64 * jobs as u64
}

impl HttpLimits {
    /// The limits for a process allowed `open_files` descriptors with `jobs` workers: the
    /// connections what the reserve leaves (at least 16, at most 4096), a client an eighth of
    /// them (at least 8), a header within 10 s, a request within 60 s, 256 requests at once.
    pub fn for_files(open_files: u64, jobs: usize) -> HttpLimits {
        let connections = open_files.saturating_sub(reserved_files(jobs)).clamp(16, 4096) as usize;
        HttpLimits {
            connections,
            per_client: (connections / 8).max(8),
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(60),
            requests: 256,
        }
    }
}

/// Raises the soft open-file limit to the hard one (a server's many connections are ordinary
/// work) and returns it.
pub fn raise_open_files() -> u64 {
    use nix::sys::resource::{Resource, getrlimit, setrlimit};
    match getrlimit(Resource::RLIMIT_NOFILE) {
        Ok((soft, hard)) => {
            if soft < hard && setrlimit(Resource::RLIMIT_NOFILE, hard, hard).is_ok() {
                hard
            } else {
                soft
            }
        }
        Err(_) => 1024,
    }
}

/// Connections held per client address.
#[derive(Default)]
struct Clients {
    held: Mutex<BTreeMap<IpAddr, usize>>,
}

/// One connection counted against its client; uncounted when dropped.
struct Held {
    clients: Arc<Clients>,
    ip: IpAddr,
}

impl Clients {
    /// Counts a connection from `ip`, unless connections are scarce (`free` of `total`) and
    /// the client already holds `share` of them.
    fn enter(self: &Arc<Self>, ip: IpAddr, free: usize, total: usize, share: usize) -> Option<Held> {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let mine = held.entry(ip).or_default();
        if free * 2 < total && *mine >= share {
            return None;
        }
        *mine += 1;
        Some(Held { clients: Arc::clone(self), ip })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.clients.held.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = held.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                held.remove(&self.ip);
            }
        }
    }
}

/// The router behind the request limits: `requests` at once (a 503 past that) and each within
/// `request_timeout` (a 408).
/// Both answer in the client's language (`?lang=`, else `Accept-Language`), saying what to do.
pub fn limited(app: Router, limits: &HttpLimits) -> Router {
    let busy = |uri: Uri, headers: HeaderMap, _: tower::BoxError| async move {
        let lang = client_lang(&uri, &headers);
        (StatusCode::SERVICE_UNAVAILABLE, refusal_text(StatusCode::SERVICE_UNAVAILABLE, lang)).into_response()
    };
    app.layer(
        ServiceBuilder::new()
            .layer(HandleErrorLayer::new(busy))
            .load_shed()
            // One count for every route (`concurrency_limit` would count each route apart).
            .layer(tower::limit::GlobalConcurrencyLimitLayer::new(limits.requests))
            .layer(axum::middleware::from_fn(timeout_words))
            .layer(tower_http::timeout::TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                limits.request_timeout,
            )),
    )
}

/// The language of the client of a request: `?lang=`, else `Accept-Language`.
fn client_lang(uri: &Uri, headers: &HeaderMap) -> crate::i18n::Lang {
    let query = uri.query().unwrap_or_default().split('&').find_map(|kv| kv.strip_prefix("lang="));
    let accept = headers.get(axum::http::header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    super::words::page_lang(query, accept)
}

/// The body of the listener's own refusals (`status` 503 or 408), in `lang`: what happened and
/// what to do. (They are the listener's alone, so kept here rather than in `words.rs`.)
fn refusal_text(status: StatusCode, lang: crate::i18n::Lang) -> String {
    let (en, pt) = if status == StatusCode::REQUEST_TIMEOUT {
        (
            "the request took too long to arrive: send it again (a slow connection? try a smaller file)",
            "o pedido demorou demais para chegar: envie-o de novo (conexão lenta? tente um arquivo menor)",
        )
    } else {
        (
            "the server is busy with other requests: try again in a moment (reload the page)",
            "o servidor está ocupado com outros pedidos: tente de novo daqui a pouco (recarregue a página)",
        )
    };
    format!("{}\n", if lang == crate::i18n::Lang::Pt { pt } else { en })
}

/// Gives the timeout's bare 408 its words, in the client's language.
async fn timeout_words(request: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    let lang = client_lang(request.uri(), request.headers());
    let response = next.run(request).await;
    if response.status() != StatusCode::REQUEST_TIMEOUT {
        return response;
    }
    (StatusCode::REQUEST_TIMEOUT, refusal_text(StatusCode::REQUEST_TIMEOUT, lang)).into_response()
}

/// Serves `app` on `listener` under `limits` until `shutdown` resolves, then lets the open
/// connections finish their requests.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: HttpLimits,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let app = limited(app, &limits);
    let permits = Arc::new(Semaphore::new(limits.connections));
    let clients = Arc::new(Clients::default());
    let (closing, closed) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&permits).acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors (another part of the process) or a connection reset: wait.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let free = permits.available_permits();
        let Some(held) = clients.enter(peer.ip(), free, limits.connections, limits.per_client) else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let mut closed = closed.clone();
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let _held = (permit, held);
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(header_timeout);
            let connection = http.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = closed.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    let _ = closing.send(true);
    // The connections still open finish their requests, for a while.
    let all = u32::try_from(limits.connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(Duration::from_secs(5), permits.acquire_many(all)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_leave_the_reserve_and_a_client_its_share() {
        let small = HttpLimits::for_files(1024, 2);
        assert_eq!(small.connections, 1024 - 256);
        assert_eq!(small.per_client, 96);
        assert_eq!(HttpLimits::for_files(100, 2).connections, 16);
        assert_eq!(HttpLimits::for_files(1 << 20, 2).connections, 4096);
        let clients = Arc::new(Clients::default());
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        // Plenty free: a client may hold more than its share.
        let many: Vec<Held> = (0..3).map(|_| clients.enter(ip, 10, 10, 2).unwrap()).collect();
        // Scarce: not that client, but another.
        assert!(clients.enter(ip, 4, 10, 2).is_none());
        assert!(clients.enter(other, 4, 10, 2).is_some());
        drop(many);
        assert!(clients.enter(ip, 4, 10, 2).is_some());
    }

    /// The status of a GET of `/` on `app` behind `limits`.
    fn status(app: Router, limits: &HttpLimits) -> StatusCode {
        answer(app, limits, None).0
    }

    /// The status and body of a GET of `/` on `app` behind `limits`, with this `Accept-Language`.
    fn answer(app: Router, limits: &HttpLimits, accept: Option<&str>) -> (StatusCode, String) {
        use tower::ServiceExt;
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let mut request = axum::http::Request::builder().uri("/");
        if let Some(accept) = accept {
            request = request.header("accept-language", accept);
        }
        let request = request.body(axum::body::Body::empty()).unwrap();
        runtime.block_on(async {
            let response = limited(app, limits).oneshot(request).await.unwrap();
            let status = response.status();
            let body = axum::body::to_bytes(response.into_body(), 1 << 16).await.unwrap();
            (status, String::from_utf8_lossy(&body).into_owned())
        })
    }

    #[test]
    fn the_refusals_speak_the_clients_language() {
        let app = Router::new().route("/", axum::routing::get(|| async { "ok" }));
        let full = HttpLimits { requests: 0, ..HttpLimits::for_files(1024, 1) };
        let (status, en) = answer(app.clone(), &full, Some("en-GB"));
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(en.contains("busy") && en.contains("try again"), "{en}");
        let (_, pt) = answer(app, &full, Some("pt-BR,pt;q=0.9"));
        assert!(pt.contains("ocupado") && pt.contains("tente de novo"), "{pt}");
        let forever = Router::new().route("/", axum::routing::get(std::future::pending::<&'static str>));
        let quick = HttpLimits { request_timeout: Duration::from_millis(20), ..HttpLimits::for_files(1024, 1) };
        let (status, pt) = answer(forever.clone(), &quick, Some("pt"));
        assert_eq!(status, StatusCode::REQUEST_TIMEOUT);
        assert!(pt.contains("demorou") && pt.contains("envie"), "{pt}");
        let (_, en) = answer(forever, &quick, Some("en"));
        assert!(en.contains("too long") && en.contains("send"), "{en}");
    }

    #[test]
    fn a_full_server_answers_503_and_a_request_past_its_time_408() {
        let app = Router::new().route("/", axum::routing::get(|| async { "ok" }));
        let limits = HttpLimits::for_files(1024, 1);
        assert_eq!(status(app.clone(), &limits), StatusCode::OK);
        assert_eq!(status(app, &HttpLimits { requests: 0, ..limits.clone() }), StatusCode::SERVICE_UNAVAILABLE);
        let forever = Router::new().route("/", axum::routing::get(std::future::pending::<&'static str>));
        let quick = HttpLimits { request_timeout: Duration::from_millis(20), ..limits };
        assert_eq!(status(forever, &quick), StatusCode::REQUEST_TIMEOUT);
    }
}
