//! The course server in a real browser: headless Chromium (driven over the DevTools protocol on
//! a pipe, `--remote-debugging-pipe`) opens a student's link, puts `bots/smart.c` in the upload
//! form and sends it, reloads until the version is checked and has played, then opens its first
//! replay in the project's viewer. Without chromium the test is skipped outside CI (as in
//! tests/browser.rs).

mod common;
mod server_support;

use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};
use server_support::{Course, Server, wait_for};

/// A headless browser and one page of it, driven over the DevTools pipe.
struct Browser {
    child: Child,
    to: std::fs::File,
    from: std::fs::File,
    next_id: u64,
    session: String,
    _profile: tempfile::TempDir,
}

fn pipe() -> (OwnedFd, OwnedFd) {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) }
}

impl Browser {
    fn start(chrome: &PathBuf) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let (cmd_read, cmd_write) = pipe();
        let (out_read, out_write) = pipe();
        let (r, w) = (cmd_read.as_raw_fd(), out_write.as_raw_fd());
        let mut command = Command::new(chrome);
        command
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"])
            .args(["--disable-background-networking", "--disable-component-update", "--disable-sync"])
            .arg("--remote-debugging-pipe")
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .env("HOME", profile.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: only async-signal-safe calls (dup2) between fork and exec.
        unsafe {
            command.pre_exec(move || {
                if libc::dup2(r, 3) < 0 || libc::dup2(w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().unwrap_or_else(|e| panic!("cannot start {}: {e}", chrome.display()));
        drop((cmd_read, out_write));
        let mut browser = Browser {
            child,
            to: std::fs::File::from(cmd_write),
            from: std::fs::File::from(out_read),
            next_id: 0,
            session: String::new(),
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().unwrap().to_string();
        let attached = browser.call("Target.attachToTarget", json!({"targetId": target, "flatten": true}));
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser
    }

    /// Sends one command (to the page once attached) and returns its result.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).unwrap();
        loop {
            let reply = self.read_message();
            if reply["id"].as_u64() == Some(id) {
                assert!(reply.get("error").is_none(), "{method}: {reply}");
                return reply["result"].clone();
            }
        }
    }

    fn read_message(&mut self) -> Value {
        let mut bytes = Vec::new();
        let mut byte = [0u8; 1];
        loop {
            let n = self.from.read(&mut byte).unwrap();
            assert!(n == 1, "the browser closed its pipe");
            if byte[0] == 0 {
                return serde_json::from_slice(&bytes).unwrap();
            }
            bytes.push(byte[0]);
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call("Runtime.evaluate", json!({"expression": expression, "returnByValue": true}));
        result["result"]["value"].clone()
    }

    fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait_loaded(url);
    }

    fn wait_loaded(&mut self, url: &str) {
        wait_for(&format!("{url} to load"), || {
            let state = self.eval("document.readyState + ' ' + location.href");
            state.as_str().is_some_and(|s| s.starts_with("complete ") && s.contains(url)).then_some(())
        });
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_student_uploads_a_bot_in_the_browser_and_opens_its_first_replay() {
    let Some(chrome) = common::chromium() else { return };
    let course = Course::new("ana,Ana,\n", r#""bar": "random", "bar_games": 2"#);
    let links = course.links();
    let server = Server::start(&course);
    let page = format!("http://{}/s/{}", server.addr, links["ana"]);
    let mut browser = Browser::start(&chrome);
    browser.open(&page);
    assert_eq!(browser.eval("document.querySelector('h1').textContent"), json!("Your bot · Ana (ana)"));
    browser.call("Page.enable", json!({}));
    let document = browser.call("DOM.getDocument", json!({}));
    let root = document["root"]["nodeId"].clone();
    let input = browser.call("DOM.querySelector", json!({"nodeId": root, "selector": "#upload input[type=file]"}));
    let smart = server_support::root().join("bots/smart.c");
    browser.call("DOM.setFileInputFiles", json!({"nodeId": input["nodeId"], "files": [smart.display().to_string()]}));
    browser.eval("document.querySelector('#upload button').click(); true");
    // The form's answer (a redirect to the same page), then reloads until the version has played.
    let replay = wait_for("the version's first game", || {
        std::thread::sleep(std::time::Duration::from_millis(500));
        browser.open(&page);
        let state = browser.eval("(document.querySelector('#v1 [data-state]') || {}).dataset?.state || ''");
        assert_ne!(state, json!("check-failed"));
        assert_ne!(state, json!("build-failed"));
        let link = browser.eval("(document.querySelector('a.replay') || {}).href || ''");
        link.as_str().filter(|l| !l.is_empty() && state == json!("ready")).map(str::to_string)
    });
    assert!(browser.eval("document.querySelector('#active').textContent") == json!("v1"));
    browser.open(&replay);
    wait_for("the viewer's script", || {
        (browser.eval("document.documentElement.dataset.ready") == json!("1")).then_some(())
    });
    assert_eq!(browser.eval("document.documentElement.dataset.errors || ''"), json!(""), "no script errors");
    let title = browser.eval("document.getElementById('title').textContent");
    assert!(title.as_str().unwrap().contains("ana.v1"), "the replay of ana's game: {title}");
    let board = format!("http://{}/board", server.addr);
    browser.open(&board);
    let rows = browser.eval("document.querySelectorAll('#board tbody tr').length");
    assert_eq!(rows, json!(3), "ana and the two house bots");
    // The page's own refresh (from board.json) draws the bar's column too.
    wait_for("the leaderboard's refresh", || {
        (browser.eval("document.getElementById('board').dataset.refreshed || ''") != json!("")).then_some(())
    });
    let cells = browser.eval(
        "Array.from(document.querySelectorAll('#board tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent))",
    );
    let rows = cells.as_array().unwrap();
    assert_eq!(rows.len(), 3, "{cells}");
    for row in rows {
        let row: Vec<&str> = row.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert_eq!(row.len(), 8, "seven columns and the bar's: {row:?}");
        let bar = row[7];
        if row[2] == "ana.v1" {
            assert!(bar.contains('/') && ['✓', '✗', '…'].iter().any(|m| bar.ends_with(*m)), "{row:?}");
        } else {
            assert_eq!(bar, "", "{row:?}");
        }
    }
}

// page-student (issue 37): the verdict arrives without a reload; the history plots the ratings.
#[test]
fn the_verdict_appears_without_a_reload_and_the_history_plots_the_rating() {
    let Some(chrome) = common::chromium() else { return };
    let course = Course::new("ana,Ana,\n", "");
    let links = course.links();
    let server = Server::start(&course);
    let page = format!("http://{}/s/{}?lang=pt", server.addr, links["ana"]);
    let mut browser = Browser::start(&chrome);
    browser.open(&page);
    let document = browser.call("DOM.getDocument", json!({}));
    let root = document["root"]["nodeId"].clone();
    let input = browser.call("DOM.querySelector", json!({"nodeId": root, "selector": "#upload input[type=file]"}));
    let smart = server_support::root().join("bots/smart.c");
    browser.call("DOM.setFileInputFiles", json!({"nodeId": input["nodeId"], "files": [smart.display().to_string()]}));
    browser.eval("document.querySelector('#upload button').click(); true");
    // The form's answer: the page with version 1 on its way.
    wait_for("the page after Send", || {
        let ready = browser.eval("document.readyState === 'complete' && !!document.querySelector('#v1 [data-state]')");
        (ready == json!(true)).then_some(())
    });
    // A mark on this very document: a reload would lose it.
    browser.eval("window.sameDocument = 'yes'; true");
    let state = wait_for("the verdict, without a reload", || {
        let state = browser.eval("document.querySelector('#v1 [data-state]').dataset.state");
        assert_eq!(browser.eval("window.sameDocument || 'reloaded'"), json!("yes"), "the page was reloaded");
        state.as_str().filter(|s| !["queued", "building", "checking"].contains(s)).map(str::to_string)
    });
    assert_eq!(state, "ready");
    assert_eq!(browser.eval("document.querySelector('#v1 [data-state]').textContent"), json!("aprovada"));
    assert!(browser.eval("Number(document.body.dataset.polled || 0)").as_u64().unwrap() >= 1, "status.json polled");
    assert_eq!(browser.eval("document.getElementById('active').textContent"), json!("v1"));
    // The history: the version's source, and its rating once it has ranked games.
    wait_for("the rating plot", || {
        std::thread::sleep(std::time::Duration::from_millis(500));
        browser.open(&page);
        (browser.eval("document.querySelectorAll('#rating-plot circle').length") == json!(1)).then_some(())
    });
    let source = browser.eval("document.querySelector('#history a.source').getAttribute('href')");
    assert_eq!(source, json!(format!("/s/{}/version/1/source", links["ana"])));
    assert_eq!(browser.eval("document.querySelector('#history td[data-state]').textContent"), json!("aprovada"));
}
