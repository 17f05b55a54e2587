//! Secret deals (issue 18): a tournament file without a seed deals from a secret drawn for the
//! run, private (0600) while games remain and published (0640) when the folder holds them all;
//! every game's seed is HMAC-SHA256 of it, so a bot that knows juiz's code and the bots' names
//! cannot compute it, and anyone can check it afterwards. Shards share one `--secret FILE`.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use juiz::tournament::{
    DealSecret, GameResult, GameSetup, PlayError, Quiet, RunOptions, SECRET_FILE, Schedule, SeedKey, Shard, Tournament,
    TournamentError, game_seed, merge, read_games, run_with,
};

fn tournament(seed: &str) -> Tournament {
    let text = format!(
        r#"{{"name": "secret", {seed} "games_per_pairing": 4,
            "bots": [{{"name": "alice", "command": "sh"}}, {{"name": "bob", "command": "sh"}},
                     {{"name": "carol", "command": "sh"}}]}}"#
    );
    Tournament::parse(&text, false).unwrap()
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// A game decided by its seed; it also checks that the run's secret is private while it plays.
fn fake(setup: &GameSetup) -> Result<GameResult, PlayError> {
    let out = setup.log.parent().and_then(Path::parent).unwrap();
    let secret = out.join(SECRET_FILE);
    if secret.exists() {
        assert_eq!(mode(&secret), 0o600, "the secret is private while a game is played");
    }
    std::fs::write(&setup.log, format!("seq,ms,seat,dir,text\n0,0,,#,seed {}\n", setup.game.seed)).unwrap();
    let seed = setup.game.seed;
    let winner = Some(usize::from(seed % 2 == 1));
    Ok(GameResult { scores: [0, 0], winner, fault: None, turns: 1, duration: Duration::from_millis(1) })
}

fn opts(out: &Path) -> RunOptions {
    RunOptions { jobs: Some(2), out: Some(out.to_path_buf()), ..RunOptions::default() }
}

fn go(t: &Tournament, o: &RunOptions) -> Result<juiz::tournament::Summary, TournamentError> {
    run_with(t, o, &Quiet, Arc::new(AtomicBool::new(false)), &fake)
}

fn seeds(out: &Path) -> Vec<(String, u64)> {
    read_games(&out.join("games.csv")).unwrap().into_iter().map(|r| (r.game_id, r.seed)).collect()
}

/// The seeds a published secret gives, by the same public derivation anyone can run.
fn derived(t: &Tournament, out: &Path) -> Vec<(String, u64)> {
    let text = std::fs::read_to_string(out.join(SECRET_FILE)).unwrap();
    let secret = DealSecret::from_hex(&text).expect("64 hexadecimal digits");
    Schedule::new(t, SeedKey::Secret(secret)).iter().map(|g| (g.id(), g.seed)).collect()
}

#[test]
fn no_seed_deals_from_a_secret_published_when_every_game_is_played() {
    let t = tournament("");
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    go(&t, &opts(&one)).unwrap();
    go(&t, &opts(&two)).unwrap();
    assert_eq!(mode(&one.join(SECRET_FILE)), 0o640, "published with the results");
    let (a, b) = (seeds(&one), seeds(&two));
    assert_eq!(a.len(), 12);
    assert_eq!(a, derived(&t, &one), "every seed is the secret's");
    assert_eq!(b, derived(&t, &two));
    // Two runs draw two secrets: no seed of one predicts the other's.
    assert!(a.iter().zip(&b).all(|(x, y)| x.0 == y.0 && x.1 != y.1), "{a:?} {b:?}");
    // And none is what the public derivation of the old default seed (1) gives.
    let public: Vec<u64> = a
        .iter()
        .map(|(id, _)| {
            let g = Schedule::new(&t, SeedKey::Fixed(1)).iter().find(|g| &g.id() == id).unwrap();
            game_seed(1, t.game, 2, g.a(), g.b(), g.deal)
        })
        .collect();
    assert!(a.iter().zip(&public).all(|(x, p)| x.1 != *p));
    // Running it again plays nothing and keeps the secret.
    let before = std::fs::read(one.join(SECRET_FILE)).unwrap();
    go(&t, &opts(&one)).unwrap();
    assert_eq!(std::fs::read(one.join(SECRET_FILE)).unwrap(), before);
}

#[test]
fn a_fixed_seed_keeps_its_public_seeds_and_writes_no_secret() {
    let t = tournament(r#""seed": 5,"#);
    let dir = tempfile::tempdir().unwrap();
    go(&t, &opts(dir.path())).unwrap();
    assert!(!dir.path().join(SECRET_FILE).exists());
    let expected: Vec<(String, u64)> = juiz::tournament::schedule(&t).into_iter().map(|g| (g.id(), g.seed)).collect();
    assert_eq!(seeds(dir.path()), expected);
}

#[test]
fn shards_share_a_secret_file_and_merge_publishes_it() {
    let t = tournament("");
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("course.secret");
    // A shard without --secret is refused before any game.
    let lone = RunOptions { shard: Some(Shard { index: 1, count: 2 }), ..opts(&dir.path().join("lone")) };
    let err = go(&t, &lone).unwrap_err();
    assert!(matches!(err, TournamentError::ShardNeedsSecret), "{err}");
    assert!(err.to_string().contains("--secret FILE"), "{err}");

    let shard = |i: usize| RunOptions {
        shard: Some(Shard { index: i, count: 2 }),
        secret: Some(shared.clone()),
        ..opts(&dir.path().join(format!("s{i}")))
    };
    go(&t, &shard(1)).unwrap();
    assert_eq!(mode(&shared), 0o600, "made at its first use, private");
    go(&t, &shard(2)).unwrap();
    for i in [1, 2] {
        assert_eq!(mode(&dir.path().join(format!("s{i}")).join(SECRET_FILE)), 0o600, "a shard never publishes");
    }
    let merged = dir.path().join("merged");
    merge(&[dir.path().join("s1"), dir.path().join("s2")], &merged).unwrap();
    assert_eq!(mode(&merged.join(SECRET_FILE)), 0o640);
    assert_eq!(seeds(&merged), derived(&t, &merged));
    // The whole run with the same secret deals the same games.
    let whole = dir.path().join("whole");
    go(&t, &RunOptions { secret: Some(shared.clone()), ..opts(&whole) }).unwrap();
    assert_eq!(seeds(&whole), seeds(&merged));

    // A folder dealt from another secret cannot be merged in, nor resumed with this one.
    let other = dir.path().join("other");
    go(
        &t,
        &RunOptions { shard: Some(Shard { index: 2, count: 2 }), secret: Some(dir.path().join("x")), ..opts(&other) },
    )
    .unwrap();
    let err = merge(&[dir.path().join("s1"), other.clone()], &dir.path().join("m2")).unwrap_err().to_string();
    assert!(err.contains("different secrets"), "{err}");
    let resumed = RunOptions { secret: Some(dir.path().join("x")), resume: true, ..opts(&dir.path().join("s1")) };
    let err = go(&t, &resumed).unwrap_err().to_string();
    assert!(err.contains("another secret than --secret's"), "{err}");
}

#[test]
fn a_secret_file_others_can_read_is_refused() {
    let t = tournament("");
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("open.secret");
    std::fs::write(&shared, format!("{}\n", DealSecret::draw().unwrap().to_hex())).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o644)).unwrap();
    let err = go(&t, &RunOptions { secret: Some(shared.clone()), ..opts(&dir.path().join("o")) }).unwrap_err();
    assert!(err.to_string().contains("chmod 600"), "{err}");
    std::fs::write(&shared, "not hex\n").unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o600)).unwrap();
    let err = go(&t, &RunOptions { secret: Some(shared), ..opts(&dir.path().join("p")) }).unwrap_err();
    assert!(err.to_string().contains("64 hexadecimal digits"), "{err}");
}

/// Through the command line with real bots: no seed, and a replay of a game reproduces it.
#[test]
fn cli_secret_tournament_replays_and_warns_about_a_seed_over_submissions() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let file = dir.path().join("t.json");
    std::fs::write(
        &file,
        format!(
            r#"{{"name": "s", "games_per_pairing": 2, "bots": [
                {{"name": "a", "command": "python3 {root}/bots/random_bot.py"}},
                {{"name": "b", "command": "python3 {root}/bots/random_bot.py"}}]}}"#
        ),
    )
    .unwrap();
    let out = dir.path().join("out");
    let run = common::juiz().arg("tournament").arg(&file).arg("--out").arg(&out).output().unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(!String::from_utf8_lossy(&run.stderr).contains("warning"));
    assert_eq!(mode(&out.join(SECRET_FILE)), 0o640);
    let row = &read_games(&out.join("games.csv")).unwrap()[0];
    let log = out.join("games").join(format!("{}.csv", row.game_id));
    let replay = common::juiz().arg("replay").arg(&log).output().unwrap();
    assert!(replay.status.success(), "{}", String::from_utf8_lossy(&replay.stderr));
    assert!(String::from_utf8_lossy(&replay.stdout).contains(&row.seed.to_string()));

    // A submissions folder with a fixed seed: warned.
    let subs = dir.path().join("subs");
    for name in ["ann", "ben"] {
        std::fs::create_dir_all(subs.join(name)).unwrap();
        std::fs::copy(format!("{root}/bots/random_bot.py"), subs.join(name).join("main.py")).unwrap();
    }
    let seeded = dir.path().join("seeded.json");
    std::fs::write(&seeded, r#"{"name": "w", "seed": 4, "games_per_pairing": 2, "submissions": "subs"}"#).unwrap();
    let run = common::juiz()
        .current_dir(dir.path())
        .arg("tournament")
        .arg(&seeded)
        .arg("--out")
        .arg(dir.path().join("w"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("warning") && stderr.contains("predict"), "{stderr}");
}
