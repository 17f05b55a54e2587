//! Running a tournament again: a finished run says plainly that nothing was played (how many
//! games were reused, from when), and a bot changed since its games were played is refused,
//! named, with the way to start afresh.

mod common;

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
