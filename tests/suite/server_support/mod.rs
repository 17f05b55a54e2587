//! Helpers of the course server's tests: a course in a temporary folder (roster, house bots),
//! the real `juiz serve` started on a free loopback port and killed with the guard, and a small
//! HTTP/1.1 client over a plain TCP stream (GET, form and multipart POST).
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A course in a temporary folder: `course.json`, `roster.csv`, state in `data/`.
pub struct Course {
    pub dir: tempfile::TempDir,
    pub file: PathBuf,
}

impl Course {
    /// A course of itp-buraco with the house bots smart (C) and random (Python), `roster`
    /// (`id,name` lines) and these extra `"course"` keys (JSON text, e.g. `"check_games": 0`).
    pub fn new(roster: &str, extra: &str) -> Course {
        Course::with_keys(roster, extra, "")
    }

    /// `new`, with these extra tournament keys too (JSON text, e.g. `"house": ["easy"]`).
    pub fn with_keys(roster: &str, extra: &str, tournament: &str) -> Course {
        let smart = root().join("bots/smart.c");
        let random = root().join("bots/random_bot.py");
        let extra = if extra.is_empty() { String::new() } else { format!(", {extra}") };
        let json = format!(
            r#"{{"name": "test-course", "game": "itp-buraco", "games_per_pairing": 2, "move_timeout": "2s",{tournament}
  "bots": [{{"name": "smart", "build": "{}"}}, {{"name": "random", "command": "python3 {}"}}],
  "course": {{"roster": "roster.csv", "data": "data", "check_games": 0{extra}}}}}"#,
            smart.display(),
            random.display()
        );
        Course::from_json(roster, &json)
    }

    /// A course of its own: `json` is the whole course file, whose `"course"` key names
    /// `roster.csv` (written from `roster`) and `data`.
    pub fn from_json(roster: &str, json: &str) -> Course {
        let dir = tempfile::tempdir().unwrap();
        // As a course folder on a server would be: the bots' own uids (under root) may pass.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        std::fs::write(dir.path().join("roster.csv"), format!("id,name,team\n{roster}")).unwrap();
        let file = dir.path().join("course.json");
        std::fs::write(&file, json).unwrap();
        Course { dir, file }
    }

    pub fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// `juiz serve COURSE ARGS...`, English messages.
    pub fn juiz(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_juiz"));
        command.current_dir(root()).env("LC_ALL", "C.UTF-8").arg("serve").arg(&self.file).args(args);
        command
    }

    /// New links for everyone: student id (or `admin`) → token.
    pub fn links(&self) -> BTreeMap<String, String> {
        let out = self.juiz(&["--links"]).output().unwrap();
        assert!(out.status.success(), "--links failed: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("id,name,team,link"));
        lines
            .map(|line| {
                let id = line.split(',').next().unwrap().to_string();
                let token = line.rsplit('/').next().unwrap().to_string();
                (id, token)
            })
            .collect()
    }
}

/// A running `juiz serve`, killed (SIGKILL) when dropped.
pub struct Server {
    pub child: Child,
    pub addr: String,
    pub admin: String,
    pub stderr: PathBuf,
}

impl Server {
    pub fn start(course: &Course) -> Server {
        Server::start_with(course, None)
    }

    /// `start`, the server allowed at most `open_files` descriptors (soft and hard) if given.
    pub fn start_with(course: &Course, open_files: Option<u64>) -> Server {
        use std::os::unix::process::CommandExt;
        let stderr = course.dir.path().join(format!("serve-{}.err", std::process::id() ^ rand_suffix()));
        let mut command = course.juiz(&["--listen", "127.0.0.1:0", "--jobs", "2"]);
        if let Some(limit) = open_files {
            // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
            unsafe {
                command.pre_exec(move || {
                    let rlim = libc::rlimit { rlim_cur: limit as libc::rlim_t, rlim_max: limit as libc::rlim_t };
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &rlim) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        let mut child = command.stdout(Stdio::piped()).stderr(std::fs::File::create(&stderr).unwrap()).spawn().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        out.read_line(&mut first).unwrap();
        let mut second = String::new();
        out.read_line(&mut second).unwrap();
        assert!(
            first.contains("http://127.0.0.1:"),
            "no address: {first} {}",
            std::fs::read_to_string(&stderr).unwrap()
        );
        let addr = first.split("http://").nth(1).unwrap().trim().trim_end_matches('/').to_string();
        let admin = second.trim().rsplit('/').next().unwrap().to_string();
        // The rest of stdout is drained so that the server never blocks on it.
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        Server { child, addr, admin, stderr }
    }

    /// `kill -9`, and wait for it.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn get(&self, path: &str) -> Response {
        request(&self.addr, "GET", path, &[], &[])
    }

    pub fn post_form(&self, path: &str, fields: &[(&str, &str)]) -> Response {
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect();
        request(
            &self.addr,
            "POST",
            path,
            &[("Content-Type", "application/x-www-form-urlencoded")],
            body.join("&").as_bytes(),
        )
    }

    /// A multipart upload: the form token and one file, as the page sends them.
    pub fn upload(&self, token: &str, file_name: &str, bytes: &[u8]) -> Response {
        let csrf = self.csrf(&format!("/s/{token}"));
        self.upload_with(token, &csrf, file_name, bytes)
    }

    /// As `upload`, with a form token got before.
    pub fn upload_with(&self, token: &str, csrf: &str, file_name: &str, bytes: &[u8]) -> Response {
        self.upload_in(None, token, csrf, file_name, bytes)
    }

    /// As `upload_with`, from a browser that asks for `lang` (`Accept-Language`) if given.
    pub fn upload_in(&self, lang: Option<&str>, token: &str, csrf: &str, file_name: &str, bytes: &[u8]) -> Response {
        let boundary = "----juiztestboundary7d3f";
        let mut body = Vec::new();
        body.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n").bytes());
        body.extend(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"bot\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .bytes(),
        );
        body.extend(bytes);
        body.extend(format!("\r\n--{boundary}--\r\n").bytes());
        let content_type = format!("multipart/form-data; boundary={boundary}");
        let mut headers = vec![("Content-Type", content_type.as_str())];
        headers.extend(lang.map(|lang| ("Accept-Language", lang)));
        request(&self.addr, "POST", &format!("/s/{token}/upload"), &headers, &body)
    }

    /// The form token in the page at `path`.
    pub fn csrf(&self, path: &str) -> String {
        let page = self.get(path);
        assert_eq!(page.status, 200, "{path}: {}", page.text());
        let text = page.text();
        let at = text.find("name=\"csrf\" value=\"").unwrap_or_else(|| panic!("no form token in {path}: {text}")) + 19;
        text[at..at + 64].to_string()
    }

    pub fn admin_post(&self, action: &str, fields: &[(&str, &str)]) -> Response {
        let csrf = self.csrf(&format!("/admin/{}", self.admin));
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        self.post_form(&format!("/admin/{}/{action}", self.admin), &all)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn rand_suffix() -> u32 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos()
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }
}

/// One HTTP/1.1 request on a new connection (`Connection: close`).
pub fn request(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Response {
    try_request(addr, method, path, headers, body).unwrap_or_else(|| panic!("no response to {method} {path}"))
}

/// `request`, or `None` when the connection is refused or closed without an answer.
pub fn try_request(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Option<Response> {
    let mut stream = TcpStream::connect(addr).ok()?;
    let mut head =
        format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).ok()?;
    // A server may answer (413) before reading a large body: a failed write is not the test's.
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(':').map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))).collect();
    let mut body = raw[split + 4..].to_vec();
    if headers.iter().any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked")) {
        body = dechunk(&body);
    }
    Some(Response { status, headers, body })
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[end + 2 + size + 2..];
    }
    out
}

/// Polls `probe` until it gives a value; panics with `what` after a generous guard (a wedged
/// server fails the test instead of hanging it; this is not a timing assertion).
pub fn wait_for<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = probe() {
            return value;
        }
        assert!(start.elapsed() < Duration::from_secs(240), "gave up waiting for {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The state of version `number` on a student's page (`data-state` of its summary).
pub fn version_state(server: &Server, token: &str, number: u32) -> Option<String> {
    let page = server.get(&format!("/s/{token}")).text();
    let at = page.find(&format!("id=\"v{number}\""))?;
    let rest = &page[at..];
    let s = rest.find("data-state=\"")? + 12;
    Some(rest[s..s + rest[s..].find('"')?].to_string())
}

/// Waits until version `number` is out of the queue (built and checked, or failed).
pub fn settled(server: &Server, token: &str, number: u32) -> String {
    wait_for(&format!("version {number} to be checked"), || {
        version_state(server, token, number).filter(|s| !matches!(s.as_str(), "queued" | "building" | "checking"))
    })
}

/// Games done in the ladder, from the leaderboard's JSON.
pub fn games_played(server: &Server) -> i64 {
    server.get("/board.json").json()["games_played"].as_i64().unwrap()
}

pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// A zip archive (deflated) of `files`, each a name and its bytes, as a student would upload it.
pub fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in files {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}
