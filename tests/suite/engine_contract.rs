//! The referee against an engine that breaks the `Engine` contract (a bug of a rules module): it
//! ends the game with `RefereeError::Engine` naming the problem, every bot shut down, never a
//! panic of the referee (which would take a tournament's worker down).

use std::time::Duration;

use juiz::bot::{BotCommand, Limits};
use juiz::games::{Awaiting, Delivery, Ending, Engine, GameKind, Message, Outcome, Seat, Violation};
use juiz::referee::{self, GameConfig, Player, PlayerSpec, Quiet};

/// Seat 0, then seat 1 is told `GO` and answers `MINE`; seat 0 wins.
/// `how` names the way it breaks the contract.
struct Broken {
    queued: Vec<Delivery>,
    answered: usize,
    forfeit: Option<Seat>,
    how: &'static str,
}

impl Broken {
    fn new(how: &'static str) -> Self {
        let mut queued = vec![Delivery { seat: 0, line: "GO".into() }];
        if how == "a line for a seat that does not exist" {
            queued.push(Delivery { seat: 3, line: "HELLO".into() });
        }
        Broken { queued, answered: 0, forfeit: None, how }
    }
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
        if self.forfeit.is_some() || self.answered == 2 {
            Awaiting::Nobody
        } else if self.how == "a seat that does not exist" {
            Awaiting::One(7)
        } else {
            Awaiting::One(self.answered)
        }
    }
    fn take_deliveries(&mut self) -> Vec<Delivery> {
        std::mem::take(&mut self.queued)
    }
    fn submit(&mut self, _seat: Seat, line: &str) -> Result<Message, Violation> {
        if self.how == "a panic" {
            panic!("the rules code has a bug");
        }
        if line != "MINE" {
            return Err(Violation::illegal("say-mine", Message::new("say-mine")));
        }
        self.answered += 1;
        if self.answered == 1 {
            self.queued.push(Delivery { seat: 1, line: "GO".into() });
        }
        Ok(Message::new("answers").number("count", self.answered))
    }
    fn forfeit(&mut self, seat: Seat) {
        self.forfeit = Some(seat);
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.how == "no outcome" {
            return None;
        }
        if let Some(seat) = self.forfeit {
            return Some(Outcome { scores: vec![0, 0], winner: Some(1 - seat), ending: Ending::Forfeit { seat } });
        }
        let scores = if self.how == "an outcome for three sides" { vec![1, 0, 0] } else { vec![1, 0] };
        (self.answered == 2).then(|| Outcome {
            scores,
            winner: Some(0),
            ending: Ending::Finished { reason: Message::new("both-answered") },
        })
    }
    fn turns(&self) -> u32 {
        self.answered as u32
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
    fn sample_lines(&self, _pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
        vec!["MINE".into()]
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
fn an_engine_that_breaks_its_contract_is_an_error_not_a_panic() {
    let marker = format!("juiz-broken-engine-{}", std::process::id());
    for how in [
        "a seat that does not exist",
        "a line for a seat that does not exist",
        "a panic",
        "no outcome",
        "an outcome for three sides",
    ] {
        let script = format!("read go; echo MINE; cat >/dev/null # {marker}");
        let players = vec![shell_bot("a", &script), shell_bot("b", &script)];
        let error = referee::play_engine(&config(players), Box::new(Broken::new(how)), &mut Quiet).unwrap_err();
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

#[test]
fn an_engine_that_keeps_its_contract_plays_to_the_end() {
    let players = vec![
        shell_bot("a", "read go; echo MINE; cat >/dev/null"),
        shell_bot("b", "read go; echo MINE; cat >/dev/null"),
    ];
    let report = referee::play_engine(&config(players), Box::new(Broken::new("")), &mut Quiet).unwrap();
    assert_eq!(report.outcome.winner, Some(0));
    assert!(report.fault.is_none());
}
