//! How lines reach the bots: what the transcript says was sent is what reached each bot (every
//! line, in order, the game's last ones included), a bot that answers lines meant for others is
//! caught at once, and transcripts recorded before lines were written a step at a time replay.

use crate::common;

use juiz::bot::BotCommand;
use juiz::bot::FaultKind;
use juiz::games::GameKind;
use juiz::record::{Direction, Transcript};
use juiz::referee::{self, GameConfig, Player, PlayerSpec, Quiet};

fn fixture_bot(name: &str, script: &str) -> PlayerSpec {
    let path = common::root().join("tests/fixtures/bot").join(script);
    PlayerSpec {
        name: name.into(),
        player: Player::Bot(BotCommand::parse(&path.display().to_string()).unwrap().resolve().unwrap()),
    }
}

#[test]
fn every_line_sent_reached_its_bot_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let players = vec![fixture_bot("echo0", "echo_to_stderr.py"), fixture_bot("echo1", "echo_to_stderr.py")];
    let mut config = GameConfig::new(GameKind::ItpBuraco, 7, players);
    config.log = Some(dir.path().join("game.csv"));
    config.stderr_dir = Some(dir.path().to_path_buf());
    let report = referee::play(&config, &mut Quiet).unwrap();
    assert!(report.fault.is_none(), "{:?}", report.fault);

    let transcript = Transcript::read(&dir.path().join("game.csv")).unwrap();
    for (seat, id) in transcript.meta.seat_ids.iter().enumerate() {
        let sent: Vec<&str> = transcript
            .rows
            .iter()
            .filter(|row| row.dir == Direction::ToSeat && &row.seat == id)
            .map(|row| row.text.as_str())
            .collect();
        let stderr = std::fs::read_to_string(referee::stderr_log_path(dir.path(), "game", seat)).unwrap();
        let received: Vec<&str> = stderr.lines().collect();
        assert!(sent.len() > 20, "seat {seat}: a whole game, {} lines", sent.len());
        assert_eq!(received, sent, "seat {seat}");
    }
}

#[test]
fn a_bot_answering_another_players_turn_is_caught_while_that_player_plays() {
    // The opponent takes 50 ms a line, so the wrong answer is there before its turn is over.
    for seed in 1..=3 {
        let players = vec![fixture_bot("buggy", "every_turn.py"), fixture_bot("slow", "slow_template.py")];
        let report = referee::play(&GameConfig::new(GameKind::ItpBuraco, seed, players), &mut Quiet).unwrap();
        let fault = report.fault.clone().unwrap_or_else(|| panic!("seed {seed}: no fault: {}", report.result_line()));
        assert_eq!((fault.seat, fault.kind), (0, FaultKind::PrematureOutput), "seed {seed}: {fault:?}");
    }
}

#[test]
fn a_transcript_with_a_write_fault_recorded_line_by_line_replays() {
    // Recorded when each line was written as it was queued: a bot that died between turns was
    // found on the next line written to it, and the fault row follows that line.
    let path = common::root().join("tests/fixtures/transcripts/write-fault-before-held-lines.csv");
    let transcript = Transcript::read(&path).unwrap();
    let report = juiz::referee::replay(&transcript, &mut Quiet).unwrap();
    assert!(report.matches(), "{report:?}");
}

/// Both seats are told `GO` at the start and nothing more; then seat 0 answers, then seat 1.
struct TwoAnswers {
    queued: Vec<juiz::games::Delivery>,
    answers: usize,
    forfeit: Option<usize>,
}

impl juiz::games::Engine for TwoAnswers {
    fn seat_count(&self) -> usize {
        2
    }
    fn side_count(&self) -> usize {
        2
    }
    fn side_of(&self, seat: usize) -> usize {
        seat
    }
    fn awaiting(&self) -> juiz::games::Awaiting {
        match (self.forfeit, self.answers) {
            (None, n) if n < 2 => juiz::games::Awaiting::One(n),
            _ => juiz::games::Awaiting::Nobody,
        }
    }
    fn take_deliveries(&mut self) -> Vec<juiz::games::Delivery> {
        std::mem::take(&mut self.queued)
    }
    fn submit(&mut self, _seat: usize, _line: &str) -> Result<juiz::games::Message, juiz::games::Violation> {
        self.answers += 1;
        // An id no resource has is shown as itself.
        Ok(juiz::games::Message::new("answers"))
    }
    fn forfeit(&mut self, seat: usize) {
        self.forfeit = Some(seat);
    }
    fn outcome(&self) -> Option<juiz::games::Outcome> {
        let scores = vec![self.answers as i64, 0];
        let ending = match self.forfeit {
            Some(seat) => juiz::games::Ending::Forfeit { seat },
            None if self.answers == 2 => juiz::games::Ending::Finished { reason: juiz::games::Message::new("done") },
            None => return None,
        };
        Some(juiz::games::Outcome { scores, winner: self.forfeit.map(|seat| 1 - seat), ending })
    }
    fn turns(&self) -> u32 {
        self.answers as u32
    }
    fn table(&self, _seat: Option<usize>) -> juiz::games::table::Table {
        juiz::games::table::Table::new(vec!["a".into(), "b".into()], vec![0, 1])
    }
    fn deal_text(&self) -> String {
        String::new()
    }
    fn prompt_hint(&self, _seat: usize) -> juiz::games::Message {
        juiz::games::Message::new("empty")
    }
    fn sample_lines(&self, _pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
        vec!["OK".into()]
    }
}

#[test]
fn a_recorded_fault_of_a_seat_with_nothing_to_write_is_met_when_it_is_asked() {
    use juiz::referee::{Script, ScriptEvent};
    // As recorded live: seat 0 answered (row 3), then seat 1 timed out (row 4). While seat 0
    // was asked, seat 1 had nothing to write, so its fault cannot have been a write failure.
    let said = |seq, line: &str| ScriptEvent::Said { seq, line: line.into() };
    let sent = |seq| ScriptEvent::Sent { seq, line: "GO".into() };
    let timeout = ScriptEvent::Fault { seq: 4, kind: FaultKind::Timeout, detail: "no line".into() };
    let players = vec![
        PlayerSpec { name: "a".into(), player: Player::Scripted(Script::new(vec![sent(1), said(3, "MINE")])) },
        PlayerSpec { name: "b".into(), player: Player::Scripted(Script::new(vec![sent(2), timeout])) },
    ];
    let go = (0..2).map(|seat| juiz::games::Delivery { seat, line: "GO".into() }).collect();
    let engine = TwoAnswers { queued: go, answers: 0, forfeit: None };
    let config = GameConfig::new(GameKind::ItpBuraco, 1, players);
    let report = referee::play_engine(&config, Box::new(engine), &mut Quiet).unwrap();
    let fault = report.fault.expect("seat 1's recorded timeout");
    assert_eq!((fault.seat, fault.kind, report.turns), (1, FaultKind::Timeout, 1));
}
