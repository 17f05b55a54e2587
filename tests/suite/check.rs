//! `juiz check`: the bundled smart bot passes and every scripted game exercises what its title
//! says; a misbehaving fixture fails with its fault named (the exact line and the rule); the
//! command's exit status is 0, 1 or 2; kept logs replay; under a course's rule options every game
//! is played with them, against house bots in the bundled opponents' seats.

use crate::common;

use std::time::Duration;

use juiz::bot::{BotCommand, FaultKind};
use juiz::check::{CheckOptions, CheckReport, run_check};

use common::*;

fn options(random_games: usize) -> CheckOptions {
    CheckOptions {
        random_games,
        move_timeout: Duration::from_millis(1500),
        build_cache: bot_cache(),
        ..CheckOptions::new(3)
    }
}

fn check(command: BotCommand, name: &str, random_games: usize) -> CheckReport {
    let mut seen = 0;
    // Logs in a folder removed after the test (a failed game's logs would outlive a temporary one).
    let logs = tempfile::tempdir().unwrap();
    let options = CheckOptions { keep_logs: Some(logs.path().to_owned()), ..options(random_games) };
    let report = run_check(&command, name, &options, &mut |_| seen += 1).unwrap();
    assert_eq!(seen, report.games.len(), "every game is reported as it ends");
    report
}

fn smart() -> BotCommand {
    BotCommand { argv: vec![path_str(&c_bot("smart"))], display: "bots/smart.c".into() }
}

#[test]
fn the_smart_bot_passes_and_the_scripted_games_do_what_they_say() {
    let report = check(smart(), "smart", 2);
    assert_eq!(report.games.len(), 8);
    assert!(report.passed(), "{}", report.summary_text());
    for game in &report.games {
        assert!(game.fault.is_none(), "{}", game.to_text(8));
        assert!(game.result_line.starts_with("OK "), "{}", game.result_line);
    }
    let g = |n: usize| &report.games[n - 1];
    let has = |list: &[String], word: &str| list.iter().any(|w| w == word);
    assert!(has(&g(1).opponent_commands, "GET_DISCARD"), "{:?}", g(1).opponent_commands);
    assert!(has(&g(2).opponent_commands, "MELD_NEW") && has(&g(2).opponent_commands, "MELD_JOIN"));
    assert_eq!(g(3).ending.as_ref().map(ToString::to_string).as_deref(), Some("p1.smart went out"));
    assert!(g(3).startup.is_empty(), "the checked bot never moves in game 3");
    assert_eq!(g(4).bot_commands.first().map(String::as_str), Some("GET_DISCARD"), "the pile is taken at once");
    assert_eq!(
        g(5).ending.as_ref().map(ToString::to_string).as_deref(),
        Some("p1.smart went out"),
        "the checked bot goes out in game 5"
    );
    assert_eq!((g(6).game.players, g(6).bot_ids.clone()), (4, vec!["p1.smart".to_owned(), "p3.smart".to_owned()]));
    assert!(has(&g(6).opponent_commands, "GET_DISCARD"), "{:?}", g(6).opponent_commands);

    // Every reply is timed: start-up once per seat and game it moved in, then the moves.
    let moves: usize = report.games.iter().map(|g| g.moves.len()).sum();
    assert!(moves > 50, "{moves} moves");
    let slowest = report.games.iter().flat_map(|g| g.moves.iter()).max().unwrap();
    assert!(*slowest < Duration::from_millis(1500));
    let text = report.summary_text();
    assert!(text.contains(&format!("timing:  {moves} moves")), "{text}");
    assert!(text.contains("verdict: PASSED"), "{text}");
}

#[test]
fn a_bot_that_counts_on_every_guarantee_of_the_protocol_passes() {
    // It exits with status 1 on anything the protocol rules out, such as an opening hand of
    // other than 11 cards: every scripted position must be one a real game can deal.
    let script = root().join("tests/fixtures/bot/by_the_letter.py");
    let command = BotCommand { argv: vec!["python3".into(), path_str(&script)], display: "by_the_letter.py".into() };
    let report = check(command, "letter", 2);
    assert!(report.passed(), "{}", report.games.iter().map(|g| g.to_text(8)).collect::<String>());
    assert!(report.games.iter().all(|g| g.stderr_tail.is_empty()), "{}", report.summary_text());
}

#[test]
fn a_misbehaving_bot_fails_with_the_line_and_the_rule() {
    let script = root().join("bots/fixtures/garbage.py");
    let command = BotCommand { argv: vec!["python3".into(), path_str(&script)], display: "garbage.py".into() };
    let report = check(command, "garbage", 0);
    assert!(!report.passed());
    let failed: Vec<_> = report.games.iter().filter(|g| g.bot_faulted()).collect();
    // It misbehaves on its second turn: every game where it gets one fails.
    assert!(failed.len() >= 4, "{}", report.summary_text());
    for game in &failed {
        let fault = game.fault.as_ref().unwrap();
        assert_eq!(fault.kind, FaultKind::Malformed, "{}", fault.detail);
        assert_eq!(game.fault_line.as_deref(), Some("Pegue do lixo, por favor! }{#@"));
        let text = game.to_text(report.games.len());
        assert!(text.contains("FAILED") && text.contains("the rule:  unknown-command"), "{text}");
        assert!(text.contains("the line:  Pegue do lixo"), "{text}");
    }
    assert!(report.verdict().starts_with("verdict: FAILED"), "{}", report.verdict());
}

#[test]
fn stderr_is_reported_by_its_tail() {
    let script = root().join("bots/fixtures/stderr_flood.py");
    let command = BotCommand { argv: vec!["python3".into(), path_str(&script)], display: "flood".into() };
    let report = check(command, "flood", 0);
    assert!(report.passed(), "{}", report.summary_text());
    let text = report.summary_text();
    assert!(text.contains("| stderr_flood: yyy"), "{text}");
    assert!(text.contains(" MiB in 6 games"), "{text}");
}

fn output_text(output: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[test]
fn the_command_exits_0_when_the_bot_passes_and_keeps_logs_that_replay() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    let output = juiz()
        .args(["check", "--seed", "4", "--games", "1", "--keep-logs", &path_str(&logs)])
        .arg(path_str(&c_bot("smart")))
        .output()
        .unwrap();
    let text = output_text(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    // 6 scripted games, 1 random, then 2 against each house bot.
    assert!(text.contains("(seed 4)") && text.contains("[ 7/13] OK") && text.contains("[13/13] OK"), "{text}");
    assert!(text.contains("house:   6 games against easy/medium/hard: won "), "{text}");
    assert!(text.lines().last().unwrap().starts_with("verdict: PASSED"), "{text}");
    let log = logs.join("07-random-2p-smart.csv");
    let replay = juiz().arg("replay").arg(&log).output().unwrap();
    assert_eq!(replay.status.code(), Some(0), "{}", output_text(&replay));
}

#[test]
fn the_command_exits_1_naming_the_fault_of_a_crashing_bot() {
    let segfault = path_str(&root().join("bots/fixtures/segfault.c"));
    let output = juiz().args(["check", "--seed", "4", "--games", "0", &segfault]).output().unwrap();
    let text = output_text(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("crash: the bot's process ended") && text.contains("SIGSEGV"), "{text}");
    assert!(text.contains("verdict: FAILED"), "{text}");
    assert!(text.contains("rerun the same games with: juiz check --seed 4"), "{text}");

    // Without --keep-logs the failed games' logs are kept, and the commands to replay them work.
    let replay = text.lines().find_map(|l| l.trim().strip_prefix("see it again: ")).expect("a replay command");
    let words: Vec<&str> = replay.split(' ').collect();
    assert_eq!((words[0], words[1], words[3]), ("juiz", "replay", "--seat"), "{replay}");
    let log = std::path::Path::new(words[2]);
    let output = juiz().args(&words[1..]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{replay}: {}", output_text(&output));
    let fed = text.lines().find_map(|l| l.trim().strip_prefix("after a fix, feed your bot the same input: "));
    assert_eq!(fed, Some(format!("{replay} --bot {segfault}").as_str()), "{text}");
    assert!(text.contains(&format!("logs:    {}", log.parent().unwrap().display())), "{text}");
    std::fs::remove_dir_all(log.parent().unwrap()).unwrap();
}

/// `--rule`: every game of the check is played with the option, the bundled C opponents (which
/// play the default rules) give their seats to `house-medium`, a bot that ignores the option fails
/// by the option's rule, and the rerun command names the option.
#[test]
fn under_rule_options_every_game_follows_them_against_house_bots() {
    let smart = path_str(&root().join("bots/canasta_smart.c"));
    let dir = tempfile::tempdir().unwrap();
    let logs = path_str(&dir.path().join("logs"));
    let args =
        ["check", "--game", "canasta", "--seed", "3", "--games", "2", "--house-games", "0", "--keep-logs", &logs];
    // With the default rules the smart bot passes, against the bundled bots.
    let output = juiz().args(args).arg(&smart).output().unwrap();
    let text = output_text(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("against canasta_smart") && !text.contains("house-medium"), "{text}");
    // With the classic initial meld it opens below the minimum, and no opponent faults first.
    let output = juiz().args(args).args(["--rule", "initial-meld=classic", &smart]).output().unwrap();
    let text = output_text(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("every game with the rule options initial-meld=classic"), "{text}");
    assert!(text.contains("against house-medium") && !text.contains("against canasta_smart"), "{text}");
    assert!(text.contains("initial-meld-too-low") && !text.contains("a bundled opponent faulted"), "{text}");
    assert!(text.contains("juiz check --game canasta --rule 'initial-meld=classic' --seed 3"), "{text}");
    let transcript = std::fs::read_to_string(dir.path().join("logs/05-random-2p-house-medium.csv")).unwrap();
    assert!(transcript.contains("initial-meld=classic"), "the game was played with the option");
}

#[test]
fn the_report_speaks_portuguese_with_lang_pt_or_a_portuguese_locale() {
    let segfault = path_str(&root().join("bots/fixtures/segfault.c"));
    let dir = tempfile::tempdir().unwrap();
    let logs = path_str(&dir.path().join("logs"));
    let args = ["check", "--seed", "4", "--games", "0", "--house-games", "0", "--keep-logs", &logs, &segfault];
    let mut by_flag = juiz();
    by_flag.args(args).args(["--lang", "pt"]);
    let mut by_locale = juiz();
    by_locale.env("LC_ALL", "pt_BR.UTF-8").args(args);
    for mut command in [by_flag, by_locale] {
        let output = command.output().unwrap();
        let text = output_text(&output);
        assert_eq!(output.status.code(), Some(1), "{text}");
        assert!(text.contains("crash (terminou): o processo do bot terminou antes do fim da partida"), "{text}");
        assert!(text.contains("dica: falha de segmentação"), "{text}");
        assert!(text.contains("veredito: REPROVADO: 5 de 6 partidas terminaram com uma falta de"), "{text}");
        assert!(text.contains("repita as mesmas partidas com: juiz check --seed 4"), "{text}");
    }
}

#[test]
fn bad_input_exits_2() {
    for args in [vec!["check", "no/such/bot"], vec!["check", "--move-timeout", "soon", "bots/smart.c"]] {
        let output = juiz().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", output_text(&output));
        assert!(String::from_utf8_lossy(&output.stdout).is_empty(), "{args:?}: no check started");
    }
}
