//! Tournament files: defaults, the canonical form, and one clear error per kind of mistake,
//! all before any game starts.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use juiz::tournament::{BotRun, Format, Tournament, TournamentError, load};

/// A directory with an executable bot `ok-bot`, a C source `bot.c` and a tournament file.
struct Fixture {
    dir: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let bot = dir.path().join("ok-bot");
        std::fs::write(&bot, "#!/bin/sh\nexit 0\n").unwrap();
        std::fs::set_permissions(&bot, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(dir.path().join("not-exec"), "data").unwrap();
        std::fs::write(dir.path().join("bot.c"), "int main(void) { return 0; }\n").unwrap();
        Fixture { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir.path().join(name).display().to_string()
    }

    /// Loads a tournament whose keys are `body` (`$D` stands for the fixture directory).
    fn load(&self, body: &str) -> Result<Tournament, TournamentError> {
        let file = self.dir.path().join("t.json");
        std::fs::write(&file, body.replace("$D", &self.dir.path().display().to_string())).unwrap();
        load(&file)
    }

    fn error(&self, body: &str) -> String {
        self.load(body).unwrap_err().to_string()
    }
}

const TWO_BOTS: &str = r#"[{"name": "alice", "command": "$D/ok-bot"}, {"name": "bob", "command": "$D/ok-bot --fast"}]"#;

fn with_bots(keys: &str) -> String {
    format!(r#"{{"name": "demo", {keys} "bots": {TWO_BOTS}}}"#)
}

#[test]
fn the_issue_example_loads_with_its_values() {
    let f = Fixture::new();
    let t = f
        .load(&with_bots(
            r#""game": "itp-buraco", "seed": 1, "format": "round-robin", "games_per_pairing": 10,
               "duplicate": true, "move_timeout": "3s","#,
        ))
        .unwrap();
    assert_eq!(t.name, "demo");
    assert_eq!(t.games_per_pairing, 10);
    assert_eq!(t.move_timeout, Duration::from_secs(3));
    assert_eq!(t.format, Format::RoundRobin);
    assert_eq!(t.bots[1].run, BotRun::Command(format!("{} --fast", f.path("ok-bot"))));
}

#[test]
fn defaults_and_canonical_form_round_trip() {
    let f = Fixture::new();
    let t = f
        .load(
            r#"{"name": "x", "format": "gauntlet", "champion": "c", "points": {"win": 3},
                "bots": [{"name": "c", "build": "$D/bot.c", "workdir": "$D"}, {"name": "d", "command": "sh"}]}"#,
        )
        .unwrap();
    assert_eq!((t.seed, t.players, t.games_per_pairing, t.duplicate), (None, 2, 2, true));
    assert_eq!((t.points.win, t.points.draw, t.points.loss), (3.0, 0.5, 0.0));
    assert_eq!(t.move_timeout, Duration::from_secs(3));
    let json = t.to_json();
    assert!(!json.contains("\"seed\""), "no seed: the deals are secret, and the canonical form says none: {json}");
    assert!(json.contains("\"move_timeout\": \"3s\""), "{json}");
    let back = Tournament::parse(&json, false).unwrap();
    assert_eq!(back, t);
    assert_eq!(back.to_json(), json);
}

#[test]
fn each_mistake_gets_a_clear_message() {
    let f = Fixture::new();
    let known: Vec<&str> = juiz::games::GameKind::ALL.iter().map(|k| k.name()).collect();
    let unknown_poker = format!("unknown game 'poker' (known: {})", known.join(", "));
    let cases: Vec<(String, &str)> = vec![
        (with_bots(r#""colour": "red","#), "unknown field `colour`"),
        (with_bots(r#""game": "poker","#), &unknown_poker),
        (with_bots(r#""format": "swiss","#), "unknown format 'swiss'"),
        (with_bots(r#""format": "gauntlet","#), "gauntlet needs \"champion\""),
        (with_bots(r#""format": "gauntlet", "champion": "zed","#), "champion 'zed' is not one of the bots"),
        (with_bots(r#""champion": "alice","#), "only used with format gauntlet"),
        (with_bots(r#""move_timeout": "3 parsecs","#), "bad move_timeout '3 parsecs'"),
        (with_bots(r#""move_timeout": "0s","#), "bad move_timeout '0s': duration '0s' must be more than zero"),
        (with_bots(r#""players": 3,"#), "itp-buraco is played by 2 or 4 players, not 3"),
        (with_bots(r#""games_per_pairing": 0,"#), "games_per_pairing must be at least 1"),
        (with_bots(r#""games_per_pairing": 3,"#), "with duplicate it must be even"),
        (with_bots(r#""seed": -1,"#), "invalid value"),
        (r#"{"name": "x", "bots": [{"name": "a", "command": "sh"}]}"#.into(), "at least 2 bots, this one has 1"),
        (
            r#"{"name": "x", "bots": [{"name": "a", "command": "sh"}, {"name": "a", "command": "sh"}]}"#.into(),
            "two bots are named 'a'",
        ),
        (
            r#"{"name": "x", "bots": [{"name": "a b", "command": "sh"}, {"name": "c", "command": "sh"}]}"#.into(),
            "bot name 'a b' is not allowed",
        ),
        (
            r#"{"name": "x", "bots": [{"name": "a", "command": "$D/missing"}, {"name": "c", "command": "sh"}]}"#.into(),
            "bot 'a': bot program $D/missing does not exist",
        ),
        (
            r#"{"name": "x", "bots": [{"name": "a", "command": "$D/not-exec"}, {"name": "c", "command": "sh"}]}"#.into(),
            "bot file $D/not-exec is not executable and juiz cannot tell its language: name a C source bot.c",
        ),
        (
            r#"{"name": "x", "bots": [{"name": "a", "command": "no-such-program-here"}, {"name": "c", "command": "sh"}]}"#.into(),
            "bot program `no-such-program-here` is not in PATH",
        ),
        (
            r#"{"name": "x", "bots": [{"name": "a"}, {"name": "c", "command": "sh"}]}"#.into(),
            "bot 'a' needs exactly one of \"command\" and \"build\"",
        ),
        (
            r#"{"name": "x", "bots": [{"name": "a", "build": "$D/gone.c"}, {"name": "c", "command": "sh"}]}"#.into(),
            "bot 'a': build source $D/gone.c not found",
        ),
        (
            r#"{"name": "x", "bots": [{"name": "a", "build": "$D/ok-bot"}, {"name": "c", "command": "sh"}]}"#.into(),
            "is not a C file",
        ),
        (
            r#"{"name": "x", "bots": [{"name": "a", "command": "sh", "workdir": "$D/nowhere"}, {"name": "c", "command": "sh"}]}"#.into(),
            "workdir $D/nowhere is not a directory",
        ),
        (with_bots(r#""limits": {"disk": "lots"},"#), "\"limits\".disk 'lots'"),
        (r#"{"name": "x", "bots": [}"#.into(), "expected value"),
    ];
    let d = f.dir.path().display().to_string();
    for (body, expected) in cases {
        let message = f.error(&body);
        let expected = expected.replace("$D", &d);
        assert!(message.contains(&expected), "for {body}\n  got: {message}\n  want: {expected}");
        assert!(message.starts_with("tournament file "), "{message}");
        assert!(!message.contains('\n'), "one line: {message}");
    }
}

#[test]
fn a_missing_file_names_it() {
    let message = load(Path::new("/nonexistent/t.json")).unwrap_err().to_string();
    assert!(message.starts_with("cannot read tournament file /nonexistent/t.json"), "{message}");
}

#[test]
fn durations_take_the_same_forms_as_on_the_command_line() {
    // `--move-timeout 3` works, so `"move_timeout": "3"` does too (and a plain number).
    for (value, expected) in [(r#""3""#, 3000), ("3", 3000), (r#""0.5""#, 500), (r#""1m""#, 60_000)] {
        let text = with_bots(&format!(r#""move_timeout": {value}, "limits": {{"startup_timeout": "20"}},"#));
        let t = Tournament::parse(&text, false).unwrap_or_else(|e| panic!("{value}: {e}"));
        assert_eq!(t.move_timeout, Duration::from_millis(expected), "{value}");
        assert_eq!(t.limits.startup_timeout, Duration::from_secs(20));
    }
}

#[test]
fn the_disk_quota_is_a_limit_like_the_others() {
    let f = Fixture::new();
    let t = f.load(&with_bots(r#""limits": {"disk": "8MiB"},"#)).unwrap();
    assert_eq!(t.limits.disk_bytes, Some(8 << 20));
    assert!(t.to_json().contains("\"disk\": \"8MiB\""), "{}", t.to_json());
    let unlimited = f.load(&with_bots(r#""limits": {"disk": "unlimited"},"#)).unwrap();
    assert_eq!(unlimited.limits.disk_bytes, None);
    // The default is not written out: rows checked against tournaments made before the key
    // existed still match.
    let default = f.load(&with_bots("")).unwrap();
    assert!(!default.to_json().contains("disk"), "{}", default.to_json());
}
