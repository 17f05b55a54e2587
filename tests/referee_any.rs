//! The referee loop when several seats may speak at once (`Awaiting::Any`, as when trump is
//! declared during the deal in Shengji), on a small engine made for the test: the first line to
//! arrive is taken first, live and in a replay, and silence is a timeout.

use std::time::Duration;

use juiz::bot::{BotCommand, FaultKind, Limits};
use juiz::games::{Awaiting, Delivery, Ending, Engine, GameKind, Message, Outcome, Seat, Violation, ViolationKind};
use juiz::referee::{self, GameConfig, Player, PlayerSpec, Quiet, Script, ScriptEvent};

/// Both seats are told `GO`; each must answer `MINE` once, in any order; the first wins.
struct FirstToAnswer {
    queued: Vec<Delivery>,
    order: Vec<Seat>,
    forfeit: Option<Seat>,
}

impl FirstToAnswer {
    fn new() -> Self {
        let queued = (0..2).map(|seat| Delivery { seat, line: "GO".into() }).collect();
        FirstToAnswer { queued, order: Vec::new(), forfeit: None }
    }
}

impl Engine for FirstToAnswer {
    fn seat_count(&self) -> usize {
        2
    }
    fn side_count(&self) -> usize {
        2
    }
    fn side_of(&self, seat: Seat) -> usize {
        seat
    }
    fn awaiting(&self) -> Awaiting {
        if self.forfeit.is_some() || self.order.len() == 2 {
            return Awaiting::Nobody;
        }
        Awaiting::Any((0..2).filter(|s| !self.order.contains(s)).collect())
    }
    fn take_deliveries(&mut self) -> Vec<Delivery> {
        std::mem::take(&mut self.queued)
    }
    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        if line != "MINE" || self.order.contains(&seat) {
            return Err(Violation {
                kind: ViolationKind::Illegal,
                rule: "mine-once",
                detail: Message::new("say-mine-once"),
            });
        }
        self.order.push(seat);
        // Ids no resource has are shown as themselves.
        Ok(Message::new("answers").number("count", self.order.len()))
    }
    fn forfeit(&mut self, seat: Seat) {
        self.forfeit = Some(seat);
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(seat) = self.forfeit {
            return Some(Outcome { scores: vec![0, 0], winner: Some(1 - seat), ending: Ending::Forfeit { seat } });
        }
        (self.order.len() == 2).then(|| Outcome {
            scores: vec![i64::from(self.order[0] == 0), i64::from(self.order[0] == 1)],
            winner: Some(self.order[0]),
            ending: Ending::Finished { reason: Message::new("both-answered") },
        })
    }
    fn turns(&self) -> u32 {
        self.order.len() as u32
    }
    fn table(&self, _seat: Option<usize>) -> juiz::games::table::Table {
        juiz::games::table::Table::new(vec!["a".into(), "b".into()], vec![0, 1])
    }
    fn deal_text(&self) -> String {
        String::new()
    }
    fn prompt_hint(&self, _seat: Seat) -> Message {
        Message::new("say-mine")
    }
}

fn shell_bot(name: &str, script: &str) -> PlayerSpec {
    PlayerSpec {
        name: name.into(),
        player: Player::Bot(BotCommand::parse(&format!("sh -c '{script}'")).unwrap().resolve().unwrap()),
    }
}

fn config(players: Vec<PlayerSpec>) -> GameConfig {
    let mut config = GameConfig::new(GameKind::ItpBuraco, 1, players);
    config.limits = Limits {
        move_timeout: Duration::from_millis(800),
        startup_timeout: Duration::from_millis(800),
        ..Limits::default()
    };
    config
}

#[test]
fn the_first_line_to_arrive_is_taken_first() {
    let players = vec![
        shell_bot("slow", "read go; sleep 0.3; echo MINE; cat >/dev/null"),
        shell_bot("quick", "read go; echo MINE; cat >/dev/null"),
    ];
    let report = referee::play_engine(&config(players), Box::new(FirstToAnswer::new()), &mut Quiet).unwrap();
    assert!(report.fault.is_none(), "{:?}", report.fault);
    assert_eq!(report.outcome.winner, Some(1), "the quick seat answered first: {}", report.result_line());
}

#[test]
fn nobody_answering_is_a_timeout() {
    let players = vec![shell_bot("mute", "read go; sleep 5"), shell_bot("mute", "read go; sleep 5")];
    let report = referee::play_engine(&config(players), Box::new(FirstToAnswer::new()), &mut Quiet).unwrap();
    let fault = report.fault.expect("a timeout");
    assert_eq!(fault.kind, FaultKind::Timeout);
}

#[test]
fn a_replay_takes_the_seats_in_the_recorded_order() {
    let script = |said_seq: u64| {
        Script::new(vec![
            ScriptEvent::Sent { seq: 1, line: "GO".into() },
            ScriptEvent::Said { seq: said_seq, line: "MINE".into() },
        ])
    };
    let players = vec![
        PlayerSpec { name: "a".into(), player: Player::Scripted(script(9)) },
        PlayerSpec { name: "b".into(), player: Player::Scripted(script(5)) },
    ];
    let report = referee::play_engine(&config(players), Box::new(FirstToAnswer::new()), &mut Quiet).unwrap();
    assert_eq!(report.outcome.winner, Some(1), "seat 1 spoke first in the recording");
}

/// `FirstToAnswer` made to break the engine contract in one way.
struct Broken {
    inner: FirstToAnswer,
    how: &'static str,
}

impl Engine for Broken {
    fn seat_count(&self) -> usize {
        2
    }
    fn side_count(&self) -> usize {
        2
    }
    fn side_of(&self, seat: Seat) -> usize {
        seat
    }
    fn awaiting(&self) -> Awaiting {
        match self.how {
            "a seat that does not exist" => Awaiting::One(7),
            "no seat" => Awaiting::Any(Vec::new()),
            _ => self.inner.awaiting(),
        }
    }
    fn take_deliveries(&mut self) -> Vec<Delivery> {
        let mut lines = self.inner.take_deliveries();
        if self.how == "a line for a seat that does not exist" {
            lines.push(Delivery { seat: 3, line: "HELLO".into() });
        }
        lines
    }
    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        if self.how == "a panic" {
            panic!("the rules code has a bug");
        }
        self.inner.submit(seat, line)
    }
    fn forfeit(&mut self, seat: Seat) {
        self.inner.forfeit(seat)
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.how == "no outcome" { None } else { self.inner.outcome() }
    }
    fn turns(&self) -> u32 {
        self.inner.turns()
    }
    fn table(&self, seat: Option<usize>) -> juiz::games::table::Table {
        self.inner.table(seat)
    }
    fn deal_text(&self) -> String {
        String::new()
    }
    fn prompt_hint(&self, seat: Seat) -> Message {
        self.inner.prompt_hint(seat)
    }
}

#[test]
fn an_engine_that_breaks_its_contract_is_an_error_not_a_panic() {
    let marker = format!("juiz-broken-engine-{}", std::process::id());
    for how in
        ["a seat that does not exist", "no seat", "a line for a seat that does not exist", "a panic", "no outcome"]
    {
        let script = format!("read go; echo MINE; cat >/dev/null # {marker}");
        let players = vec![shell_bot("a", &script), shell_bot("b", &script)];
        let engine = Broken { inner: FirstToAnswer::new(), how };
        let error = referee::play_engine(&config(players), Box::new(engine), &mut Quiet).unwrap_err();
        assert!(matches!(error, referee::RefereeError::Engine { .. }), "{how}: {error}");
        assert!(error.to_string().starts_with("the itp-buraco engine broke its contract: "), "{how}: {error}");
        let left = std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
            .filter(|cmdline| String::from_utf8_lossy(cmdline).contains(&marker))
            .count();
        assert_eq!(left, 0, "{how}: processes left behind");
    }
}
