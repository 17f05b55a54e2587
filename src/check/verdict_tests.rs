//! The verdict of a check judges time as an idle grading machine will: a move slower than the
//! limit by the clock is never PASSED, even when a busy machine charged it less; a timeout the
//! host's overload caused is UNDECIDED, never FAILED. In both languages.

use std::time::Duration;

use super::{CheckGame, CheckReport, GameCheck, Opponent};
use crate::bot::{FaultKind, Limits, MoveTime};
use crate::i18n::{Lang, with_lang};
use crate::referee::FaultRecord;

fn game(number: usize, slowest: Option<MoveTime>, fault: Option<FaultKind>) -> GameCheck {
    GameCheck {
        game: CheckGame {
            number,
            title: "random hand".into(),
            stem: format!("{number:02}-random"),
            players: 2,
            bot_seats: vec![1],
            opponent: Opponent::new("smart", ""),
            seed: 1,
            deal: None,
        },
        bot: "./mybot".into(),
        bot_ids: vec!["p2.mybot".into()],
        result_line: "OK 1 0 0 p1.smart".into(),
        ending: None,
        after_end: None,
        fault: fault.map(|kind| FaultRecord {
            seat: 1,
            kind,
            detail: "host overloaded: 0.40s charged and 0.40s cpu of 3s, 9.00s wall, load 12.0 on 2 cores".into(),
            violation: None,
            line: None,
            message: None,
        }),
        fault_line: None,
        fault_prompt: None,
        bot_commands: vec![],
        opponent_commands: vec![],
        startup: vec![],
        moves: vec![],
        stderr_bytes: 0,
        stderr_tail: vec![],
        log: None,
        slowest_move: slowest,
    }
}

fn report(games: Vec<GameCheck>) -> CheckReport {
    let limits = Limits { move_timeout: Duration::from_secs(3), ..Limits::default() };
    CheckReport { bot: "./mybot".into(), seed: 1, limits, games, house_rounds: 0, kept_logs: None }
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[test]
fn a_move_over_the_limit_by_the_clock_is_not_passed_whatever_it_was_charged() {
    let slow = MoveTime { wall: ms(3580), charged: ms(980), cpu: ms(950) };
    let checked = report(vec![
        game(1, Some(MoveTime { wall: ms(40), charged: ms(40), cpu: ms(30) }), None),
        game(2, Some(slow), None),
    ]);
    assert!(!checked.passed());
    let en = with_lang(Lang::En, || checked.verdict());
    assert!(en.starts_with("verdict: NOT PASSED: ./mybot followed the protocol, but a move of game 2 took 3.58 s by the clock, over the 3s limit; it was charged only 980 ms here"), "{en}");
    assert!(en.contains("an idle grading machine charges the clock, and that move times out there"), "{en}");
    let pt = with_lang(Lang::Pt, || checked.verdict());
    assert!(
        pt.starts_with(
            "veredito: NÃO APROVADO: ./mybot seguiu o protocolo, mas uma jogada da partida 2 levou 3.58 s no relógio"
        ),
        "{pt}"
    );
    assert!(pt.contains("aqui foram cobrados só 980 ms"), "{pt}");
    // Over by the clock after waiting for a processor, with little computed: passed, with a
    // warning in the verdict line.
    let waited = report(vec![game(1, Some(MoveTime { wall: ms(3200), charged: ms(10), cpu: ms(5) }), None)]);
    assert!(waited.passed());
    let en = with_lang(Lang::En, || waited.verdict());
    assert!(
        en.contains("; but a move of game 1 took 3.20 s by the clock, over the 3s limit, of which it computed 10 ms"),
        "{en}"
    );
    let pt = with_lang(Lang::Pt, || waited.verdict());
    assert!(pt.contains("; mas uma jogada da partida 1 levou 3.20 s no relógio"), "{pt}");
    // Under the limit by the clock: passed.
    let fast = report(vec![game(1, Some(MoveTime { wall: ms(2900), charged: ms(2900), cpu: ms(2800) }), None)]);
    assert!(fast.passed());
    assert!(with_lang(Lang::En, || fast.verdict()).starts_with("verdict: PASSED"));
}

#[test]
fn an_overloaded_host_leaves_the_check_undecided_never_failed() {
    let checked = report(vec![game(1, None, None), game(2, None, Some(FaultKind::TimeoutOverload))]);
    assert!(!checked.passed(), "not passed either: rerun");
    let en = with_lang(Lang::En, || checked.verdict());
    assert!(en.starts_with("verdict: UNDECIDED: the machine was overloaded in 1 of 2 games (2)"), "{en}");
    assert!(en.contains("rerun the check when the machine is idle") && !en.contains("FAILED"), "{en}");
    let pt = with_lang(Lang::Pt, || checked.verdict());
    assert!(pt.starts_with("veredito: INDECISO: a máquina estava sobrecarregada em 1 de 2 partidas (2)"), "{pt}");
    assert!(!pt.contains("REPROVADO"), "{pt}");
    let line = with_lang(Lang::En, || checked.games[1].to_text(2));
    assert!(line.contains("UNDECIDED") && !line.contains("FAILED"), "{line}");
    // A real fault beside it fails, and the overloaded game is still called undecided.
    let both = report(vec![game(1, None, Some(FaultKind::Timeout)), game(2, None, Some(FaultKind::TimeoutOverload))]);
    let en = with_lang(Lang::En, || both.verdict());
    assert!(
        en.contains("FAILED: 1 of 2 games") && en.contains("undecided: the machine was overloaded in 1 of 2 games (2)"),
        "{en}"
    );
}

#[test]
fn a_games_ending_is_told_in_the_language_of_the_report_not_of_the_run() {
    // A course's check runs once and is told in two languages: the ending is worded then.
    let mut played = game(3, None, None);
    played.ending = Some(crate::games::Message::new("end-went-out").text("player", "p1.smart"));
    let told = |lang| with_lang(lang, || played.to_text(1));
    assert!(told(Lang::En).contains("p1.smart went out before your bot was asked to move"), "{}", told(Lang::En));
    assert!(told(Lang::Pt).contains("p1.smart bateu antes de o seu bot ser chamado a jogar"), "{}", told(Lang::Pt));
}
