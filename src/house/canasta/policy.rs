//! The house bot's rules of thumb, on the counted table (`Sim`), for the player to move: `easy`
//! draws from the stock, lays down what it holds three of and discards at random; `medium` takes
//! the pile whenever it can without spending a wild card on a small pile, joins and melds what it
//! holds, spends wild cards only to finish a canasta, goes out as soon as it may, and discards
//! what the other player can use least (black 3s first, seldom the rank of his melds). Medium is also
//! the playout policy of `hard`. A policy reads only its own hand and what is face up.

use rand::RngExt;
use rand_pcg::Pcg64;

use super::kinds::{BLACK3, JOKER, KINDS, Kind, MELD_KINDS, RED3, TWO, VALUE, is_wild};
use super::sim::{Draw, KMeld, Play, Sim};

/// How a turn is played after the draw: the choices `hard` compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnStyle {
    /// Go out when the hand allows it.
    pub go_out: bool,
    /// Lay natural pairs with a wild card as new melds.
    pub pair_wilds: bool,
    /// Discard this kind when legal, instead of the rule of thumb's choice.
    pub discard: Option<Kind>,
}

impl TurnStyle {
    pub const MEDIUM: TurnStyle = TurnStyle { go_out: true, pair_wilds: false, discard: None };
}

fn naturals(n: u8) -> KMeld {
    KMeld { nat: n, twos: 0, jokers: 0 }
}

/// Easy's draw: the stock, or the first legal take when the stock is empty.
pub fn easy_draw(sim: &Sim) -> Option<Draw> {
    if sim.can_draw(Draw::Stock) { Some(Draw::Stock) } else { sim.legal_takes().first().copied() }
}

/// Medium's draw: join the pile's top to a meld, or take it with naturals, or with a wild card
/// when the pile holds 4 cards or more; else the stock (when the stock is empty, any legal take).
pub fn medium_draw(sim: &Sim) -> Option<Draw> {
    let takes = sim.legal_takes();
    let rank = |d: &Draw| match *d {
        Draw::TakeJoin => 0,
        Draw::TakeNew(m) if m.wilds() == 0 => 1 + i32::from(m.nat),
        Draw::TakeNew(m) => 10 + i32::from(m.twos == 0) + 2 * i32::from(m.wilds()),
        Draw::Stock => 99,
    };
    let best = takes.iter().copied().min_by_key(rank);
    match best {
        Some(Draw::TakeNew(m)) if m.wilds() > 0 && sim.discard.len() < 4 && sim.can_draw(Draw::Stock) => {
            Some(Draw::Stock)
        }
        Some(take) => Some(take),
        None => sim.can_draw(Draw::Stock).then_some(Draw::Stock),
    }
}

/// Plays `play` on `sim` when legal, recording it.
fn try_play(sim: &mut Sim, play: Play, out: &mut Vec<Play>) -> bool {
    let done = sim.play(play);
    if done {
        out.push(play);
    }
    done
}

/// Easy's turn after the draw: joins naturals to its melds, melds natural triples, discards a
/// random card (a wild card only when nothing else is left).
pub fn easy_turn(sim: &mut Sim, rng: &mut Pcg64, out: &mut Vec<Play>) {
    let p = sim.current;
    lays_that_can_end(sim, out, |sim, out| {
        for k in 0..BLACK3 {
            let held = sim.sides[p].hand[k];
            if held > 0 && (sim.sides[p].melds[k].exists() || held >= 3) {
                try_play(sim, Play::Lay(k, naturals(held)), out);
            }
            if sim.over {
                return;
            }
        }
    });
    if sim.over {
        return;
    }
    let hand = sim.sides[p].hand;
    let pool: Vec<Kind> = (0..KINDS).filter(|&k| !is_wild(k) && sim.can_play(Play::Discard(k))).collect();
    let pool: Vec<Kind> =
        if pool.is_empty() { (0..KINDS).filter(|&k| sim.can_play(Play::Discard(k))).collect() } else { pool };
    let weights: Vec<u32> = pool.iter().map(|&k| u32::from(hand[k])).collect();
    let total: u32 = weights.iter().sum();
    if total > 0 {
        let mut pick = rng.random_range(0..total);
        for (&k, &w) in pool.iter().zip(&weights) {
            if pick < w {
                try_play(sim, Play::Discard(k), out);
                return;
            }
            pick -= w;
        }
    }
    finish_anyhow(sim, out);
}

/// Medium's turn after the draw, in `style`.
pub fn medium_turn(sim: &mut Sim, style: TurnStyle, out: &mut Vec<Play>) {
    if style.go_out && go_out(sim, out) {
        return;
    }
    medium_lays(sim, style, out);
    if sim.over {
        return;
    }
    let choice =
        style.discard.filter(|&k| sim.can_play(Play::Discard(k))).or_else(|| best_discards(sim).first().copied());
    match choice {
        Some(k) => {
            try_play(sim, Play::Discard(k), out);
        }
        None => finish_anyhow(sim, out),
    }
}

/// Medium's melds before its discard: naturals joined to its melds, natural triples (pairs with
/// a wild card in `style`), wild cards that finish canastas.
pub fn medium_lays(sim: &mut Sim, style: TurnStyle, out: &mut Vec<Play>) {
    lays_that_can_end(sim, out, |sim, out| medium_melds(sim, style, out));
}

/// Runs `lays`, a policy's melds before its discard, so that the turn can still end: under the
/// classic initial meld (`Sim::min_open`) an opening that falls short of the minimum is topped up
/// with wild cards when that reaches it, and is otherwise not laid at all.
fn lays_that_can_end(sim: &mut Sim, out: &mut Vec<Play>, lays: impl FnOnce(&mut Sim, &mut Vec<Play>)) {
    // Without a minimum to reach this turn every lay may stand: no trial table (playouts' hot path).
    if sim.min_open[sim.current].is_none() || !sim.opening {
        lays(sim, out);
        return;
    }
    let mut trial = sim.clone();
    let mut plays = Vec::new();
    lays(&mut trial, &mut plays);
    top_up_opening(&mut trial, &mut plays);
    if trial.over || !trial.opening_short() {
        *sim = trial;
        out.extend(plays);
    }
}

/// While this turn's initial melds fall short of the minimum: a natural pair with a wild card
/// as a new meld (the pair worth most first), else a wild card on the meld with room.
fn top_up_opening(sim: &mut Sim, out: &mut Vec<Play>) {
    let p = sim.current;
    while sim.opening_short() && !sim.over {
        let Some(wild) = wild_cards(sim, 1) else { return };
        let side = &sim.sides[p];
        let pair = (0..BLACK3).filter(|&k| !side.melds[k].exists() && side.hand[k] == 2).max_by_key(|&k| VALUE[k]);
        if let Some(k) = pair
            && try_play(sim, Play::Lay(k, naturals(2).plus(wild)), out)
        {
            continue;
        }
        let side = &sim.sides[p];
        let room = (0..BLACK3)
            .filter(|&k| side.melds[k].exists() && side.melds[k].wilds() < 3)
            .max_by_key(|&k| side.melds[k].len());
        match room {
            Some(k) if try_play(sim, Play::Lay(k, wild), out) => {}
            _ => return,
        }
    }
}

/// Medium's melds as its rule of thumb lays them (`medium_lays` keeps the turn able to end).
fn medium_melds(sim: &mut Sim, style: TurnStyle, out: &mut Vec<Play>) {
    let p = sim.current;
    for k in 0..MELD_KINDS {
        let held = sim.sides[p].hand[k];
        let melded = sim.sides[p].melds[k].exists();
        if held == 0 || (k == BLACK3 && !melded) {
            continue;
        }
        if melded || held >= 3 {
            // Lay all, or one fewer when all would leave too few cards.
            let _ = try_play(sim, Play::Lay(k, naturals(held)), out)
                || try_play(sim, Play::Lay(k, naturals(held - 1)), out);
        } else if style.pair_wilds && held == 2 {
            let wild = wild_cards(sim, 1);
            if let Some(w) = wild {
                try_play(sim, Play::Lay(k, naturals(2).plus(w)), out);
            }
        }
    }
    finish_canastas(sim, out);
}

/// `n` wild cards from the current hand, 2s first, if it holds that many.
fn wild_cards(sim: &Sim, n: u8) -> Option<KMeld> {
    let hand = &sim.me().hand;
    let twos = hand[TWO].min(n);
    let jokers = n - twos;
    (hand[JOKER] >= jokers).then_some(KMeld { nat: 0, twos, jokers })
}

/// Spends wild cards on melds of 5 or 6 cards that they turn into canastas.
fn finish_canastas(sim: &mut Sim, out: &mut Vec<Play>) {
    for k in 0..BLACK3 {
        let meld = sim.me().melds[k];
        if !meld.exists() || meld.is_canasta() || meld.len() < 5 {
            continue;
        }
        let need = 7 - meld.len();
        if meld.wilds() + need <= 3
            && let Some(w) = wild_cards(sim, need)
        {
            try_play(sim, Play::Lay(k, w), out);
        }
    }
}

/// Goes out this turn if the hand allows: lays every card it can (wild cards where they fit),
/// then discards the one card left, if any. Changes nothing and returns false otherwise.
pub fn go_out(sim: &mut Sim, out: &mut Vec<Play>) -> bool {
    if !could_reach_canasta(sim) {
        return false;
    }
    let mut trial = sim.clone();
    let mut plays = Vec::new();
    let p = trial.current;
    let mut pairs = Vec::new();
    for k in 0..MELD_KINDS {
        let held = trial.sides[p].hand[k];
        if held == 0 {
            continue;
        }
        if trial.sides[p].melds[k].exists() || held >= 3 {
            try_play(&mut trial, Play::Lay(k, naturals(held)), &mut plays);
        } else if held == 2 && k != BLACK3 {
            pairs.push(k);
        }
    }
    for k in pairs {
        if let Some(w) = wild_cards(&trial, 1) {
            try_play(&mut trial, Play::Lay(k, naturals(2).plus(w)), &mut plays);
        }
    }
    // Wild cards left: onto the melds with room, longest first.
    for _ in 0..8 {
        let Some(w) = wild_cards(&trial, 1) else { break };
        let side = &trial.sides[p];
        let room = (0..BLACK3)
            .filter(|&k| side.melds[k].exists() && side.melds[k].wilds() < 3)
            .max_by_key(|&k| side.melds[k].len());
        match room {
            Some(k) => {
                if !try_play(&mut trial, Play::Lay(k, w), &mut plays) {
                    break;
                }
            }
            None => break,
        }
    }
    if trial.over {
        *sim = trial;
        out.extend(plays);
        return true;
    }
    let hand = trial.sides[p].hand;
    if trial.sides[p].hand_len() == 1 {
        let last = (0..KINDS).find(|&k| hand[k] > 0).unwrap_or(RED3);
        if try_play(&mut trial, Play::Discard(last), &mut plays) {
            *sim = trial;
            out.extend(plays);
            return true;
        }
    }
    false
}

/// A quick test before trying to go out: a canasta, or a meld that the hand could make one.
fn could_reach_canasta(sim: &Sim) -> bool {
    let side = sim.me();
    let wilds = side.hand[TWO] + side.hand[JOKER];
    side.has_canasta()
        || (0..BLACK3).any(|k| side.melds[k].len() + side.hand[k] + wilds.min(3 - side.melds[k].wilds().min(3)) >= 7)
}

/// The legal discards, best first, by the rule of thumb: black 3s, then singletons of ranks the
/// other player has not melded and that are already much seen; wild cards last.
pub fn best_discards(sim: &Sim) -> Vec<Kind> {
    let mut kinds: Vec<(i32, Kind)> =
        (0..KINDS).filter(|&k| sim.can_play(Play::Discard(k))).map(|k| (discard_score(sim, k), k)).collect();
    kinds.sort_by_key(|&(score, k)| (-score, k));
    kinds.into_iter().map(|(_, k)| k).collect()
}

fn discard_score(sim: &Sim, k: Kind) -> i32 {
    let me = sim.me();
    let other = &sim.sides[1 - sim.current];
    let pile = sim.discard.len() as i32;
    if is_wild(k) {
        return -500 - VALUE[k];
    }
    if k == BLACK3 {
        return 500;
    }
    let mut score = 0;
    if other.melds[k].exists() {
        score -= 200 + 25 * pile;
    }
    score += match me.hand[k] {
        1 => 60,
        2 => -40,
        _ => -150,
    };
    if me.melds[k].exists() {
        score -= 100;
    }
    let seen = i32::from(me.melds[k].nat + other.melds[k].nat)
        + sim.discard.iter().filter(|&&d| usize::from(d) == k).count() as i32;
    score += 8 * seen + VALUE[k] / 5;
    if sim.discard.len() >= 2 && usize::from(sim.discard[sim.discard.len() - 2]) == k {
        score += 20;
    }
    score
}

/// A last resort that keeps a turn legal: any legal lay that empties the hand, else any legal
/// discard.
fn finish_anyhow(sim: &mut Sim, out: &mut Vec<Play>) {
    if go_out(sim, out) {
        return;
    }
    for k in 0..KINDS {
        if try_play(sim, Play::Discard(k), out) {
            return;
        }
    }
    for k in 0..MELD_KINDS {
        let held = sim.me().hand[k];
        if held > 0 && try_play(sim, Play::Lay(k, naturals(held)), out) {
            if !sim.over {
                finish_anyhow(sim, out);
            }
            return;
        }
    }
}
