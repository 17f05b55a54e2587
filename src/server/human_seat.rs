//! The human's seat of a browser game (`human`): the referee's observer that asks the page for
//! the human's lines (through the game's inbox, waiting until one comes, the human resigns,
//! leaves it idle past the course's `human_idle`, or the server stops), and tells the page what
//! the seat sees: the table, the lines the referee sent, the moves offered, the faults and the
//! result, in both of the page's languages.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::human::{Both, Entry, HumanGame, LOG_KEPT, Live, both};
use super::human_moves::Shadow;
use super::state::Shared;
use crate::games::{Engine, Message, Seat, Violation};
use crate::i18n::{Lang, say_in};
use crate::referee::{FaultRecord, GameReport, Observer, SeatReport, full_ids};

/// The game's observer: the human's seat, fed from the game's inbox.
pub(super) struct HumanSeat {
    game: Arc<HumanGame>,
    shadow: Shadow,
    /// Each seat's line awaiting the engine's verdict.
    pending: Vec<Option<String>>,
    seats: Vec<SeatReport>,
    idle: Duration,
    shared: Arc<Shared>,
}

impl HumanSeat {
    pub(super) fn new(game: Arc<HumanGame>, shadow: Shadow, players: usize, shared: &Arc<Shared>) -> HumanSeat {
        HumanSeat {
            game,
            shadow,
            pending: vec![None; players],
            seats: Vec::new(),
            idle: shared.course.human_idle,
            shared: Arc::clone(shared),
        }
    }

    fn note(&self, live: &mut Live, kind: &'static str, text: Both) {
        live.log.push_back(Entry { kind, text });
        while live.log.len() > LOG_KEPT {
            live.log.pop_front();
        }
    }

    fn said(&self, message: &Message) -> Both {
        let seats = &self.seats;
        [full_ids(&say_in(Lang::En, message), seats), full_ids(&say_in(Lang::Pt, message), seats)]
    }
}

impl Observer for HumanSeat {
    fn started(&mut self, seats: &[SeatReport], engine: &dyn Engine) {
        self.seats = seats.to_vec();
        let mut live = self.game.live();
        live.table = Some(engine.table(Some(self.game.seat)));
        self.game.changed(&mut live);
    }

    fn message(&mut self, seat: Seat, to_seat: bool, line: &str) {
        if !to_seat && let Some(slot) = self.pending.get_mut(seat) {
            *slot = Some(line.to_owned());
        }
    }

    fn action(&mut self, seat: Seat, _turn: u32, narration: &Message, engine: &dyn Engine) {
        if let Some(line) = self.pending.get_mut(seat).and_then(Option::take) {
            self.shadow.accepted(seat, &line);
        }
        let mut live = self.game.live();
        if seat == self.game.seat {
            // Another seat's narration may tell the card it drew: only the human's own is told.
            let text = self.said(narration);
            self.note(&mut live, "mine", text);
            live.judged += 1;
            live.refused = None;
            live.problem = None;
        }
        live.table = Some(engine.table(Some(self.game.seat)));
        self.game.changed(&mut live);
    }

    fn fault(&mut self, fault: &FaultRecord) {
        let seats = self.seats.clone();
        let human = fault.seat == self.game.seat;
        let text = both(|| {
            let detail = if human && fault.kind == crate::bot::FaultKind::ClosedOutput {
                crate::i18n::tr("view-human-left", &[])
            } else {
                full_ids(&crate::report::fault_detail(fault), &seats)
            };
            let id = seats.get(fault.seat).map_or("", |s| s.id.as_str());
            format!("{id}: {} — {detail}", crate::bot::kind_label(fault.kind))
        });
        let mut live = self.game.live();
        self.note(&mut live, "fault", text);
        self.game.changed(&mut live);
    }

    fn finished(&mut self, report: &GameReport, engine: &dyn Engine) {
        let me = self.game.seat;
        let text = both(|| {
            let mine = report.sides.get(me).copied();
            let verdict = match report.outcome.winner {
                None => crate::i18n::tr("view-draw", &[]),
                Some(side) if Some(side) == mine => super::words::words(crate::i18n::lang())["human_won"].to_string(),
                Some(_) => super::words::words(crate::i18n::lang())["human_lost"].to_string(),
            };
            let scores = report.side_scores();
            format!("{verdict} · {}", scores.join(", "))
        });
        let mut live = self.game.live();
        self.note(&mut live, "end", text.clone());
        live.result = Some(text);
        live.table = Some(engine.table(Some(me)));
        self.game.changed(&mut live);
    }

    fn ask_human(&mut self, seat: Seat, engine: &dyn Engine, problem: Option<&Violation>) -> Option<String> {
        let moves = self.shadow.legal_moves(seat);
        let hint = self.said(&engine.prompt_hint(seat));
        let mut live = self.game.live();
        if let Some(problem) = problem {
            let text = self.said(&problem.detail);
            let text = [format!("{} ({})", text[0], problem.rule), format!("{} ({})", text[1], problem.rule)];
            live.judged += 1;
            live.refused = Some(text.clone());
            live.problem = Some(text);
        }
        live.moves = moves;
        live.hint = Some(hint);
        live.table = Some(engine.table(Some(seat)));
        live.awaiting = true;
        live.touched = Some(Instant::now());
        self.game.changed(&mut live);
        loop {
            if let Some(line) = live.inbox.take() {
                live.awaiting = false;
                let line = crate::referee::with_suit_symbols(line.trim_end_matches(['\r', '\n']));
                self.pending[seat] = Some(line.clone());
                self.game.changed(&mut live);
                return Some(line);
            }
            let idle = live.touched.is_some_and(|at| at.elapsed() >= self.idle);
            if live.resigned || idle || self.shared.stopping() {
                live.awaiting = false;
                self.game.changed(&mut live);
                return None;
            }
            live =
                self.game.changed.wait_timeout(live, Duration::from_millis(200)).unwrap_or_else(|p| p.into_inner()).0;
        }
    }

    fn tell_human(&mut self, _seat: Seat, line: &str) {
        let mut live = self.game.live();
        let text = [line.to_owned(), line.to_owned()];
        self.note(&mut live, "told", text);
        self.game.changed(&mut live);
    }
}
