//! A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`),
//! for the course server's browser tests: start it, open a page, evaluate JavaScript in it,
//! send any DevTools command.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

use super::server_support::wait_for;

/// A headless browser and one page of it, driven over the DevTools pipe.
pub struct Browser {
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
    pub fn start(chrome: &PathBuf) -> Browser {
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
    pub fn call(&mut self, method: &str, params: Value) -> Value {
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
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call("Runtime.evaluate", json!({"expression": expression, "returnByValue": true}));
        result["result"]["value"].clone()
    }

    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait_loaded(url);
    }

    pub fn wait_loaded(&mut self, url: &str) {
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
