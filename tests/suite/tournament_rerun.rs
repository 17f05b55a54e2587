//! Running a tournament again: a finished run says plainly that nothing was played (how many
//! games were reused, from when), and a bot changed since its games were played is refused,
//! named, with the way to start afresh.

use crate::common;

use std::path::Path;

use common::*;

fn run(file: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    juiz().arg("tournament").arg(file).arg("--out").arg(out).args(extra).output().unwrap()
}

#[test]
fn a_rerun_says_nothing_was_played_and_a_changed_bot_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("rnd.py");
    std::fs::copy(root().join("bots/random_bot.py"), &script).unwrap();
    let file = dir.path().join("t.json");
    let text = format!(
        r#"{{"name": "rerun", "games_per_pairing": 2, "move_timeout": "5s",
            "bots": [{{"name": "rnd", "command": "python3 {}"}}, {{"name": "template", "command": "{}"}}]}}"#,
        path_str(&script),
        path_str(&c_bot("template"))
    );
    std::fs::write(&file, text).unwrap();
    let out = dir.path().join("out");
    let first = run(&file, &out, &[]);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    assert!(!String::from_utf8_lossy(&first.stdout).contains("nothing was played"));
    let bots_csv = std::fs::read_to_string(out.join("bots.csv")).unwrap();
    assert!(bots_csv.contains(&format!("rnd,{},", path_str(&script))), "the script is fingerprinted: {bots_csv}");
    assert!(bots_csv.contains(&format!("template,{},", path_str(&c_bot("template")))), "{bots_csv}");

    let again = run(&file, &out, &[]);
    let said = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success());
    assert!(said.contains("nothing was played: all 2 games were already in"), "{said}");
    assert!(said.contains("(last written 20"), "says from when: {said}");

    // The student fixes their bot: its old games must not be mixed with the new version.
    std::fs::write(&script, std::fs::read_to_string(&script).unwrap() + "\n# fixed\n").unwrap();
    for extra in [&[][..], &["--resume"][..]] {
        let refused = run(&file, &out, extra);
        let err = String::from_utf8_lossy(&refused.stderr);
        assert_eq!(refused.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains("bot 'rnd' has changed since its games in"), "{err}");
        assert!(err.contains(&path_str(&script)) && err.contains("use another --out"), "{err}");
    }
}

#[test]
fn merging_an_incomplete_set_of_shards_says_what_is_missing_with_status_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    two_bot_tournament(
        &file,
        "shards",
        4,
        "5s",
        [("smart", path_str(&c_bot("smart"))), ("template", path_str(&c_bot("template")))],
    );
    let shard = |i: usize| dir.path().join(format!("s{i}"));
    // The file sets no seed: the shards share one secret.
    let secret = path_str(&dir.path().join("shards.secret"));
    for i in 1..=3 {
        let output = run(&file, &shard(i), &["--shard", &format!("{i}/3"), "--secret", &secret]);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    }
    // Shard 1 unfinished (its last row lost), shard 2 forgotten.
    let games = shard(1).join("games.csv");
    let text = std::fs::read_to_string(&games).unwrap();
    let kept: Vec<&str> = text.lines().collect();
    std::fs::write(&games, kept[..kept.len() - 1].join("\n") + "\n").unwrap();
    let merged = dir.path().join("merged");
    let output = juiz().arg("merge").arg(shard(1)).arg(shard(3)).arg("--out").arg(&merged).output().unwrap();
    let (out, err) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.status.code(), Some(3), "{out}{err}");
    assert!(
        err.contains(
            "incomplete: 2 of 4 games are missing (first: r0001-smart-template-d001-s1, r0001-smart-template-d002-s1)"
        ),
        "{err}"
    );
    assert!(err.contains("no folder of shard 2/3 was given"), "{err}");
    assert!(err.contains("shard 1/3 lacks 1 game: finish it with --resume"), "{err}");
    assert!(out.contains("shards: 2/4 games"), "the partial standings are shown: {out}");
    assert!(out.contains("pair pts and margin are '-' where no deal was played both ways"), "{out}");

    let complete = juiz().arg("merge").arg(shard(2)).arg(shard(3)).arg(shard(1)).arg("--out").arg(&merged).output();
    assert_eq!(complete.unwrap().status.code(), Some(3), "shard 1 still lacks a game");
    assert!(run(&file, &shard(1), &["--shard", "1/3", "--resume"]).status.success());
    let complete = juiz().arg("merge").arg(shard(2)).arg(shard(3)).arg(shard(1)).arg("--out").arg(&merged).output();
    let complete = complete.unwrap();
    assert!(complete.status.success(), "{}", String::from_utf8_lossy(&complete.stderr));
    assert!(complete.stderr.is_empty());

    // A shard played by another version of a bot cannot be merged with the others.
    let bots_csv = shard(3).join("bots.csv");
    let changed = std::fs::read_to_string(&bots_csv).unwrap().replacen("template,", "template,x", 1);
    std::fs::write(&bots_csv, changed).unwrap();
    let output = juiz().arg("merge").arg(shard(1)).arg(shard(3)).arg("--out").arg(&merged).output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("bot 'template' differs between"), "{err}");
}

/// A transcript's rows without the time column and the timing rows.
fn rows_without_ms(path: &Path) -> Vec<String> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    reader
        .records()
        .filter(|r| !r.as_ref().unwrap()[4].starts_with("timing "))
        .map(|r| {
            let r = r.unwrap();
            r.iter().enumerate().filter(|(i, _)| *i != 1).map(|(_, f)| f).collect::<Vec<_>>().join(",")
        })
        .collect()
}

#[test]
fn a_printed_reproduce_command_replays_the_game_exactly_under_the_bots_tournament_names() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    // Names that differ from the files' names, and a limit that differs from play's default.
    let text = format!(
        r#"{{"name": "repro", "games_per_pairing": 2, "move_timeout": "2s", "limits": {{"memory": "512MiB"}},
            "bots": [{{"name": "noisy", "command": "{}"}}, {{"name": "champ", "command": "{}"}}]}}"#,
        path_str(&root().join("bots/fixtures/garbage.py")),
        path_str(&c_bot("template"))
    );
    std::fs::write(&file, text).unwrap();
    let out = dir.path().join("out");
    let output = run(&file, &out, &[]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let mut faults = csv::Reader::from_path(out.join("faults.csv")).unwrap();
    let record = faults.records().next().expect("garbage.py faults").unwrap();
    let (game_id, play) = (record[0].to_string(), record[5].to_string());
    assert!(play.contains(" noisy=") && play.contains(" champ=") && play.contains("--memory 512MiB"), "{play}");

    let words = shlex::split(&play).unwrap();
    assert_eq!(words[0], "juiz");
    let replayed = juiz().args(&words[1..]).current_dir(dir.path()).output().unwrap();
    assert!(replayed.status.success(), "{}", String::from_utf8_lossy(&replayed.stderr));
    let recorded = rows_without_ms(&out.join("games").join(format!("{game_id}.csv")));
    let again = rows_without_ms(&dir.path().join(format!("{game_id}.csv")));
    assert_eq!(again, recorded, "the reproduce command plays the very same game");
}
