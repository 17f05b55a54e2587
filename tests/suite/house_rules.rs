//! House bots under each game's rule options, as real processes: a match with options other than
//! the defaults (a Buraco STBL match of several hands with two wild cards a meld, Schwab's with
//! twelve cards a hand, Canasta's classic initial meld, Shengji with one deck and "last wins")
//! plays to its end with no fault at every level; `juiz bot` is told the options on its command
//! line and refuses one its game does not have.

use std::process::Command;

const PAIRS: [(&str, &str); 3] = [("easy", "medium"), ("medium", "hard"), ("hard", "easy")];

/// Plays one game of house bots with `rules`; returns the result line.
fn play(game: &str, rules: &[&str], seats: &[&str], seed: u64) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_juiz"));
    command.args(["play", "--silent", "--game", game, "--seed", &seed.to_string()]);
    for rule in rules {
        command.args(["--rule", rule]);
    }
    let out = command.args(seats.iter().map(|level| format!("house:{level}"))).output().unwrap();
    let result = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(
        out.status.success() && result.starts_with(&format!("OK {seed} ")),
        "{game} {rules:?} {seats:?} seed {seed}: {result}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    result
}

#[test]
fn house_bots_play_matches_under_rule_options_without_a_fault() {
    let games: [(&str, &[&str], usize); 4] = [
        ("buraco-stbl", &["target=3000", "max-wilds=2"], 2),
        ("buraco-schwab", &["target=1000", "hand-size=12", "negative-table=false"], 4),
        ("canasta", &["initial-meld=classic", "target=2000"], 2),
        ("shengji", &["decks=1", "declare=last", "max-deals=2"], 4),
    ];
    for (game, rules, players) in games {
        for (i, (a, b)) in PAIRS.into_iter().enumerate() {
            let seats: Vec<&str> = (0..players).map(|s| if s % 2 == 0 { a } else { b }).collect();
            let result = play(game, rules, &seats, 40 + i as u64);
            assert!(!result.contains("forfeit"), "{game} {rules:?}: {result}");
        }
    }
}

#[test]
fn a_house_bot_is_given_the_options_and_refuses_one_its_game_lacks() {
    let out = Command::new(env!("CARGO_BIN_EXE_juiz"))
        .args(["bot", "medium", "--game", "canasta", "--rule", "max-wilds=2"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("max-wilds") && err.contains("initial-meld"), "names the option and the game's: {err}");
    // The same option, well formed, is taken: the bot then waits for the referee's lines.
    let out = Command::new(env!("CARGO_BIN_EXE_juiz"))
        .args(["bot", "medium", "--game", "canasta", "--rule", "initial-meld=classic"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
