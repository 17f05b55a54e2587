//! Canasta's engine properties under random play: a random strategy tries candidate lines (takes,
//! rank melds with up to three wilds, joins, discards, and deliberately bad lines), the first
//! accepted being played. After every action all 108 cards are in exactly one place (and in one
//! zone of the table model, which hides from each seat what it may not see); a refused line leaves
//! the engine exactly as it was; some candidate is always accepted (no seat is ever stuck, but by
//! laying down opening melds short of `initial-meld=classic`'s minimum); every game ends, and the
//! same seed plays the same game.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

use juiz::cards::{Card, build_decks, format_list};
use juiz::games::canasta::{CanastaEngine, CanastaRules, InitialMeld, is_wild};
use juiz::games::table::{Owner, Value};
use juiz::games::{Awaiting, Engine, MatchRules, Outcome, TableSetup};

fn setup(seed: u64) -> TableSetup {
    TableSetup { wire_ids: vec!["p1.rnd".into(), "p2.rnd".into()], seed, deal: None, options: Default::default() }
}

/// Candidate lines for the seat to move, most wanted first; with `garbage`, bad lines first.
fn candidates(e: &CanastaEngine, rng: &mut Pcg64, garbage: bool) -> Vec<String> {
    let seat = e.current();
    let mut hand = e.hand(seat).to_vec();
    hand.shuffle(rng);
    let mut out = Vec::new();
    if garbage {
        out.extend(["DISCARD 3♥".to_string(), "MELD_NEW [ 7♥ 8♥ 9♥ ]".into(), "GET_DISCARD_JOIN 9".into()]);
        out.push("MELD_NEW [ JK JK 2♣ 2♦ ]".into());
        out.push("NONSENSE".into());
    }
    if !e.has_drawn() {
        let takes = e.legal_takes();
        if rng.random_range(0..10) < 8 {
            out.extend(takes);
        }
        if let Some(&first) = hand.first() {
            out.push(format!("GET_DISCARD {}", format_list(&[first, first])));
        }
        out.push("GET_STOCK".into());
        out.extend(e.legal_takes());
        return out;
    }
    let wilds: Vec<Card> = hand.iter().copied().filter(|&c| is_wild(c)).collect();
    for &card in &hand {
        if is_wild(card) {
            continue;
        }
        let same: Vec<Card> = hand.iter().copied().filter(|c| c.rank() == card.rank()).collect();
        for (i, meld) in e.melds(seat).iter().enumerate() {
            if Some(meld.rank()) == card.rank() {
                out.push(format!("MELD_JOIN {i} {}", format_list(&same)));
                if let Some(&w) = wilds.first() {
                    out.push(format!("MELD_JOIN {i} [ {w} ]"));
                }
            }
        }
        if same.len() >= 2 {
            let mut meld = same.clone();
            meld.extend(wilds.iter().take(rng.random_range(0..4)));
            out.push(format!("MELD_NEW {}", format_list(&meld)));
        }
    }
    out.shuffle(rng);
    out.truncate(6);
    // Single cards joining any meld: the way out of a hand whose last card completes a canasta.
    for (i, _) in e.melds(seat).iter().enumerate() {
        out.extend(hand.iter().map(|c| format!("MELD_JOIN {i} [ {c} ]")));
    }
    out.extend(hand.iter().map(|c| format!("DISCARD {c}")));
    out
}

/// Every card of the decks in exactly one place.
fn assert_conserved(e: &CanastaEngine, context: &str) {
    let mut all: Vec<Card> = Vec::new();
    for seat in 0..2 {
        all.extend(e.hand(seat));
        all.extend(e.red_threes(seat));
        for meld in e.melds(seat) {
            all.extend(meld.cards());
        }
    }
    all.extend(e.discard_pile());
    all.extend(e.stock());
    all.sort();
    let mut full = build_decks(2, 2);
    full.sort();
    assert_eq!(all, full, "{context}");
}

/// The table model (`Engine::table`): every card in exactly one zone of the omniscient table; a
/// seat sees its own hand and every zone's count but not the other hand's or the stock's cards;
/// each side's score counter is the engine's score.
fn assert_tables(e: &CanastaEngine, full: &[Card], context: &str) {
    let all = e.table(None);
    let mut cards: Vec<Card> = all.zones.iter().flat_map(|z| z.cards.clone().unwrap_or_default()).collect();
    cards.sort();
    assert_eq!(cards, full, "{context}: the omniscient table");
    for seat in 0..2 {
        let view = e.table(Some(seat));
        let own = view.zone(&format!("hand-{seat}")).unwrap();
        assert_eq!(own.cards.as_deref(), Some(e.hand(seat)), "{context}");
        let other = view.zone(&format!("hand-{}", 1 - seat)).unwrap();
        assert!(other.cards.is_none() && other.count == e.hand(1 - seat).len(), "{context}");
        let stock = view.zone("stock").unwrap();
        assert!(stock.cards.is_none() && stock.count == e.stock().len(), "{context}");
        let score = view.counter("score", Owner::Side(seat));
        assert_eq!(score, Some(&Value::Number(e.seat_score(seat).total())), "{context}");
    }
}

/// Plays one match at random; returns its outcome and the number of lines accepted.
fn play(rules: CanastaRules, seed: u64, garbage: bool) -> (Outcome, usize) {
    let classic = rules.initial_meld == InitialMeld::Classic;
    let mut e = CanastaEngine::new(rules, &setup(seed)).unwrap();
    let mut rng = Pcg64::seed_from_u64(seed ^ 0x5eed);
    let mut accepted = 0;
    let mut full = build_decks(2, 2);
    full.sort();
    for step in 0.. {
        assert!(step < 20_000, "seed {seed}: the match does not end");
        let Awaiting::One(seat) = e.awaiting() else { break };
        if garbage && step % 7 == 0 {
            let before = format!("{e:?}");
            assert!(e.submit(1 - seat, "GET_STOCK").is_err());
            assert_eq!(format!("{e:?}"), before, "seed {seed}: a line out of turn changed the state");
        }
        let mut played = false;
        // The state before this step, to compare after each refusal (in the games that check it).
        let before = if garbage { format!("{e:?}") } else { String::new() };
        for line in candidates(&e, &mut rng, garbage) {
            match e.submit(seat, &line) {
                Ok(_) => {
                    played = true;
                    accepted += 1;
                    break;
                }
                Err(_) if garbage => {
                    assert_eq!(format!("{e:?}"), before, "seed {seed}: refused {line:?} changed the state")
                }
                Err(_) => {}
            }
        }
        if !played && classic {
            // Under the classic minimum a seat that laid down opening melds it cannot complete has
            // no legal end of turn: its discard is refused for the minimum, and it loses.
            let card = e.hand(seat)[0];
            let v = e.submit(seat, &format!("DISCARD {card}")).expect_err("no candidate was accepted");
            assert_eq!(v.rule, "initial-meld-too-low", "seed {seed}: stuck otherwise: {:?}", e.table(None));
            e.forfeit(seat);
            break;
        }
        assert!(played, "seed {seed}: no candidate accepted, seat {seat} is stuck: {:?}", e.table(None));
        assert_conserved(&e, &format!("seed {seed} step {step}"));
        if garbage {
            assert_tables(&e, &full, &format!("seed {seed} step {step}"));
        }
        e.take_deliveries();
    }
    (e.outcome().expect("over"), accepted)
}

#[test]
fn two_thousand_random_rounds_never_error_and_always_end() {
    let one = CanastaRules { match_play: MatchRules { target: None, max_hands: 1 }, ..CanastaRules::classic() };
    // Every 20th round also plays bad lines and checks that each refusal changed nothing.
    for seed in 0..2000 {
        play(one.clone(), seed, seed % 20 == 0);
    }
}

#[test]
fn random_matches_to_5000_end_and_replay_identically() {
    for seed in 0..4 {
        let first = play(CanastaRules::classic(), seed, false);
        assert_eq!(play(CanastaRules::classic(), seed, false), first, "seed {seed}: same seed, same match");
    }
    // Under the classic initial-meld minimum a seat is never stuck but by its own opening melds
    // falling short of the minimum (the turn's melds count together, checked when it ends).
    let classic = CanastaRules { initial_meld: InitialMeld::Classic, ..CanastaRules::classic() };
    for seed in 100..104 {
        play(classic.clone(), seed, seed % 2 == 0);
    }
}
