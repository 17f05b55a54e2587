//! Test-only: how far any `hard` can go against `medium` in ITP Buraco. An in-process match on a
//! bundled tournament's deals (the engine referees, each seat's house bot runs on its own thread
//! over channels), where the searching seat may be an oracle: its playouts deal the TRUE hidden
//! cards (the opponent's real hand, and the real stock in its real order, or shuffled) instead of
//! sampled ones. Never wired into `juiz bot`; the experiment is `#[ignore]`d (minutes of CPU):
//! `JUIZ_ORACLE=full|hands|none JUIZ_ORACLE_SEEDS=23,779 cargo test --release --lib oracle -- --ignored
//! --nocapture` (`JUIZ_PLAYOUTS` sets the playouts, 200 by default, `JUIZ_ORACLE_GAMES` the games
//! of a seed played, all by default; no CPU cap: with sampled worlds it plays the tournament's
//! games, the same lines and so the same moves).

use std::cell::RefCell;
use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;

use crate::cards::Card;
use crate::games::table::{Owner, ZoneKind};
use crate::games::{Awaiting, Engine, GameKind, RuleOptions, TableSetup, new_engine};
use crate::house::{Budget, Level};
use crate::tournament::{Tournament, schedule};

use super::rng::Rng;

/// What the oracle is told: every seat's hand and the stock (top last).
#[derive(Debug, Clone)]
pub struct Truth {
    hands: Vec<Vec<Card>>,
    stock: Vec<Card>,
    /// Whether the stock's order is told too (else it is shuffled per playout).
    ordered: bool,
}

impl Truth {
    /// What the referee's `engine` holds now: every seat's hand and the stock.
    fn of(engine: &dyn Engine, seats: usize, sight: Sight) -> Truth {
        let table = engine.table(None);
        let cards = |kind: ZoneKind, owner: Owner| {
            let zone = table.zones.iter().find(|z| z.kind == kind && z.owner == owner);
            zone.and_then(|z| z.cards.clone()).unwrap_or_default()
        };
        Truth {
            hands: (0..seats).map(|s| cards(ZoneKind::Hand, Owner::Seat(s))).collect(),
            stock: cards(ZoneKind::Stock, Owner::Nobody),
            ordered: sight == Sight::Full,
        }
    }
}

thread_local! {
    static TRUTH: RefCell<Option<Truth>> = const { RefCell::new(None) };
}

/// The true hands (the seat's own `hand` as it holds it now) and stock for a playout on this
/// thread, when it plays as an oracle.
pub fn truth(me: usize, hand: &[Card], rng: &mut Rng) -> Option<(Vec<Vec<Card>>, Vec<Card>)> {
    TRUTH.with(|t| {
        let t = t.borrow();
        let t = t.as_ref()?;
        let mut hands = t.hands.clone();
        hands[me] = hand.to_vec();
        let mut stock = t.stock.clone();
        if !t.ordered {
            rng.shuffle(&mut stock);
        }
        Some((hands, stock))
    })
}

/// A seat's input: lines from the referee thread, each with the truth as it stood when sent.
struct Input {
    lines: Receiver<(String, Option<Truth>)>,
    buf: Vec<u8>,
    at: usize,
}

impl Read for Input {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = {
            let data = self.fill_buf()?;
            let n = data.len().min(out.len());
            out[..n].copy_from_slice(&data[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Input {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.buf.len() {
            let Ok((line, truth)) = self.lines.recv() else { return Ok(&[]) };
            if truth.is_some() {
                TRUTH.with(|t| *t.borrow_mut() = truth);
            }
            self.buf = format!("{line}\n").into_bytes();
            self.at = 0;
        }
        Ok(&self.buf[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// A seat's output: whole lines to the referee thread.
struct Output {
    lines: Sender<String>,
    buf: Vec<u8>,
}

impl Write for Output {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        for &b in data {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.buf).into_owned();
                self.buf.clear();
                self.lines.send(line).map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
            } else {
                self.buf.push(b);
            }
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// How the searching seat sees the hidden cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sight {
    /// As in a real game: sampled.
    Sampled,
    /// The real hands, the stock shuffled.
    Hands,
    /// The real hands and the real stock in order.
    Full,
}

/// Plays one ITP game between the house bots `levels` (seat order) on `seed`, `oracle` seat
/// seeing as `sight`; returns the winning side (`None`: a draw).
fn play(seed: u64, names: &[&str], levels: &[Level], oracle: Option<usize>, sight: Sight) -> Option<usize> {
    let ids: Vec<String> = names.iter().enumerate().map(|(i, n)| cut(&format!("p{}.{n}", i + 1))).collect();
    let setup = TableSetup { wire_ids: ids, seed, deal: None, options: RuleOptions::new() };
    let mut engine = new_engine(GameKind::ItpBuraco, &setup).expect("an ITP engine");
    let (replies_tx, replies): (Vec<_>, Vec<_>) = levels.iter().map(|_| channel::<String>()).unzip();
    let mut to_seat = Vec::new();
    let mut bots = Vec::new();
    for (seat, (&level, out)) in levels.iter().zip(replies_tx).enumerate() {
        let (tx, rx) = channel();
        to_seat.push(tx);
        let playouts = std::env::var("JUIZ_PLAYOUTS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
        let budget = Budget {
            playouts: if oracle == Some(seat) && sight == Sight::Full { 10 } else { playouts },
            max_ms: 60_000,
        };
        bots.push(thread::spawn(move || {
            let mut input = Input { lines: rx, buf: Vec::new(), at: 0 };
            let mut output = Output { lines: out, buf: Vec::new() };
            super::play(GameKind::ItpBuraco, level, budget, &RuleOptions::new(), &mut input, &mut output)
                .expect("the house bot plays its seat");
        }));
    }
    loop {
        let deliveries = engine.take_deliveries();
        let truth = (oracle.is_some() && sight != Sight::Sampled).then(|| Truth::of(&*engine, levels.len(), sight));
        for d in deliveries {
            let t = if Some(d.seat) == oracle { truth.clone() } else { None };
            let _ = to_seat[d.seat].send((d.line, t));
        }
        match engine.awaiting() {
            Awaiting::Nobody => break,
            Awaiting::One(seat) => {
                let line = replies[seat].recv().expect("a bot's line");
                if let Err(v) = engine.submit(seat, &line) {
                    panic!("seed {seed}: seat {seat} sent '{line}': {v}");
                }
            }
        }
    }
    drop(to_seat);
    for bot in bots {
        bot.join().expect("a bot thread");
    }
    engine.outcome().expect("an outcome").winner
}

fn cut(id: &str) -> String {
    id[..id.floor_char_boundary(9)].to_owned()
}

/// The experiment: `hard` (seeing as `JUIZ_ORACLE` says) against `medium` on the deals of
/// `tournaments/house-itp-buraco.json` with the house pair only, for each seed of
/// `JUIZ_ORACLE_SEEDS`; prints the games `hard` won per seed.
#[test]
#[ignore = "an experiment of minutes: run it by name with --ignored"]
fn oracle_hard_against_medium() {
    let sight = match std::env::var("JUIZ_ORACLE").as_deref() {
        Ok("full") => Sight::Full,
        Ok("hands") => Sight::Hands,
        _ => Sight::Sampled,
    };
    let seeds = std::env::var("JUIZ_ORACLE_SEEDS").unwrap_or_else(|_| "23".into());
    let text = std::fs::read_to_string("tournaments/house-itp-buraco.json").expect("the bundled tournament");
    for seed in seeds.split(',').map(|s| s.trim().parse::<u64>().expect("a seed")) {
        let text = text
            .replace("\"seed\": 23", &format!("\"seed\": {seed}"))
            .replace("\"house\": [\"easy\", \"medium\", \"hard\"]", "\"house\": [\"medium\", \"hard\"]");
        let t = Tournament::parse(&text, false).expect("a tournament");
        let mut won = 0;
        let mut games = 0;
        // `JUIZ_ORACLE_GAMES` plays only the first games (a quick screen); the winners are
        // printed in order (h: `hard`'s side, m: `medium`'s, d: a draw) to compare two builds.
        let limit = std::env::var("JUIZ_ORACLE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(usize::MAX);
        let mut trace = String::new();
        for game in schedule(&t).into_iter().take(limit) {
            let names = game.seats();
            let levels: Vec<Level> =
                names.iter().map(|n| if n.ends_with("hard") { Level::Hard } else { Level::Medium }).collect();
            let hard = levels.iter().position(|&l| l == Level::Hard);
            let winner = play(game.seed, &names, &levels, hard, sight);
            games += 1;
            if winner.is_some() && winner == hard.map(|s| s % 2) {
                won += 1;
                trace.push('h');
            } else {
                trace.push(if winner.is_some() { 'm' } else { 'd' });
            }
        }
        println!("oracle {sight:?} seed {seed}: hard won {won}/{games} {trace}");
    }
}

#[test]
fn an_oracle_seat_samples_the_true_hands() {
    use super::board::Board;
    use super::policy::Known;
    use super::sim::Sim;
    use crate::games::buraco::BuracoRules;
    let cards = |text: &str| -> Vec<Card> { text.split(' ').map(|t| t.parse().unwrap()).collect() };
    let mut board = Board::new(BuracoRules::itp(), 2);
    board.hand_counts = vec![3, 4];
    board.stock = 2;
    let hand = cards("3♣ 4♦ 5♠");
    let theirs = cards("K♥ K♥ 9♣ 10♣");
    // The truth was read before the seat's last meld: its own hand there is stale.
    let truth =
        Truth { hands: vec![cards("3♣ 4♦ 5♠ 6♠"), theirs.clone()], stock: cards("A♠ 7♥"), ordered: true };
    TRUTH.with(|t| *t.borrow_mut() = Some(truth));
    for seed in 0..20 {
        let sim = Sim::sample(&board, 0, &hand, &Known::default(), &mut Rng::new(seed));
        assert_eq!(sim.hand(0), &hand[..]);
        assert_eq!(sim.hand(1), &theirs[..], "seed {seed}");
    }
    TRUTH.with(|t| *t.borrow_mut() = None);
    let sampled = Sim::sample(&board, 0, &hand, &Known::default(), &mut Rng::new(1));
    assert_ne!(sampled.hand(1), &theirs[..], "without the truth the hand is sampled");
}
