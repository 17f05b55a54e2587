//! The game-neutral table model (`Engine::table`) over seeded random games of every game juiz
//! plays: after every action, every card of the decks is in exactly one zone of the omniscient
//! table, a seat's table shows no card of a zone it may not see (another seat's hand, the stock,
//! a morto) yet keeps every zone's count, and each side's score counter is the engine's score.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

use juiz::cards::{Card, build_decks, format_list};
use juiz::games::buraco::{BuracoEngine, BuracoRules};
use juiz::games::table::{Owner, Table, Value, Visibility, ZoneKind};
use juiz::games::{Engine, GameKind, TableSetup};

/// The preset of a Buraco variant.
fn rules(kind: GameKind) -> BuracoRules {
    let presets = [BuracoRules::itp(), BuracoRules::stbl(), BuracoRules::schwab()];
    presets.into_iter().find(|r| r.game == kind).unwrap_or_else(|| panic!("{kind} is not a Buraco"))
}

fn engine(kind: GameKind, seats: usize, seed: u64) -> BuracoEngine {
    let rules = rules(kind);
    let setup = TableSetup {
        wire_ids: (1..=seats).map(|i| format!("p{i}.rnd")).collect(),
        seed,
        deal: None,
        options: Default::default(),
    };
    BuracoEngine::new(rules, &setup).unwrap()
}

/// Lines to try for the seat to move, the hand read from the seat's own table: the engine
/// refuses the bad ones, which change nothing.
fn candidates(e: &BuracoEngine, rng: &mut Pcg64) -> Vec<String> {
    let seat = e.current();
    let view = e.table(Some(seat));
    let mut hand = view.zone(&format!("hand-{seat}")).unwrap().cards.clone().unwrap();
    hand.shuffle(rng);
    if !e.has_drawn() {
        let mut out: Vec<String> = (0..4).map(|i| format!("GET_DISCARD_JOIN {i}")).collect();
        for pair in hand.windows(2).take(20) {
            out.push(format!("GET_DISCARD {}", format_list(pair)));
        }
        out.shuffle(rng);
        out.truncate(rng.random_range(0..4));
        out.push("GET_STOCK".into());
        return out;
    }
    let mut out = Vec::new();
    for _ in 0..20 {
        let first = hand[rng.random_range(0..hand.len())];
        let mut run: Vec<Card> = hand.iter().copied().filter(|c| c.suit() == first.suit() || c.is_joker()).collect();
        run.truncate(rng.random_range(3..6));
        out.push(format!("MELD_NEW {}", format_list(&run)));
        out.push(format!("MELD_JOIN {} [ {first} ]", rng.random_range(0..4)));
    }
    out.extend(hand.iter().map(|c| format!("DISCARD {c}")));
    out.extend(hand.iter().map(|c| format!("MELD_JOIN 0 [ {c} ]")));
    out
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

fn check_tables(e: &BuracoEngine, decks: &[Card], context: &str) {
    let all = e.table(None);
    assert_eq!(all.viewer, None);
    let everywhere: Vec<Card> = all.visible_cards().map(|(_, c)| c).collect();
    assert_eq!(sorted(everywhere), decks, "{context}: the omniscient table holds every card once");
    assert!(all.zones.iter().all(|z| z.cards.as_ref().map(Vec::len) == Some(z.count)), "{context}");
    let mut ids: Vec<&str> = all.zones.iter().map(|z| z.id.as_str()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), all.zones.len(), "{context}: zone ids are unique");
    for side in 0..2 {
        assert_eq!(all.counter("score", Owner::Side(side)), Some(&Value::Number(e.side_score(side).total())));
    }
    for seat in 0..e.seat_count() {
        let view: Table = e.table(Some(seat));
        assert_eq!(view.viewer, Some(seat));
        assert_eq!(view.zones.len(), all.zones.len(), "{context}: the same zones, redacted");
        for (mine, full) in view.zones.iter().zip(&all.zones) {
            assert_eq!((mine.id.as_str(), mine.count), (full.id.as_str(), full.count), "{context}");
            let may_see = match (full.visibility, full.owner) {
                (Visibility::Everyone, _) => true,
                (Visibility::Owner, Owner::Seat(owner)) => owner == seat,
                (Visibility::Owner, Owner::Side(side)) => side == seat % 2,
                _ => false,
            };
            assert_eq!(mine.cards.is_some(), may_see, "{context}: seat {seat} and zone {}", full.id);
            if mine.kind == ZoneKind::Hand {
                assert_eq!(mine.cards.is_some(), mine.owner == Owner::Seat(seat), "{context}: {}", mine.id);
            }
            if matches!(mine.kind, ZoneKind::Stock | ZoneKind::Morto) {
                assert!(mine.cards.is_none(), "{context}: {} is face down", mine.id);
            }
        }
        let json = serde_json::to_string(&view).unwrap();
        for other in (0..e.seat_count()).filter(|&s| s != seat) {
            let hidden = all.zone(&format!("hand-{other}")).unwrap();
            assert!(!json.contains(&format_list(hidden.cards.as_ref().unwrap())) || hidden.count == 0);
        }
    }
}

fn play(kind: GameKind, seats: usize, seed: u64) -> (usize, usize) {
    let mut e = engine(kind, seats, seed);
    let rules = rules(kind);
    let decks = sorted(build_decks(rules.decks, rules.jokers_per_deck));
    let mut rng = Pcg64::seed_from_u64(seed ^ 0x7ab1e);
    check_tables(&e, &decks, &format!("{kind} seed {seed}: the deal"));
    let (mut actions, mut melds) = (0, 0);
    while e.outcome().is_none() {
        assert!(actions < 20_000, "{kind} seed {seed}: the game does not end");
        let seat = e.current();
        let line = candidates(&e, &mut rng).into_iter().find(|line| e.submit(seat, line).is_ok());
        let line = line.unwrap_or_else(|| panic!("{kind} seed {seed}: seat {seat} found no line"));
        actions += 1;
        melds += usize::from(line.starts_with("MELD_NEW"));
        check_tables(&e, &decks, &format!("{kind} seed {seed} after {line}"));
    }
    let end = e.table(None);
    assert!(end.to_play.is_empty(), "nobody plays once the game is over");
    (actions, melds)
}

#[test]
fn every_card_in_one_zone_and_no_seat_sees_what_it_may_not() {
    let (mut actions, mut melds) = (0, 0);
    for seed in 0..30 {
        for kind in [GameKind::ItpBuraco, GameKind::BuracoStbl] {
            let (a, m) = play(kind, [2, 4][seed as usize % 2], seed);
            actions += a;
            melds += m;
        }
    }
    assert!(actions > 1000 && melds > 50, "the random games did something: {actions} actions, {melds} melds");
}

#[test]
fn stbl_tables_show_mortos_and_canastras_and_the_closed_pile() {
    let e = engine(GameKind::BuracoStbl, 4, 3);
    let t = e.table(Some(0));
    let mortos: Vec<_> = t.zones.iter().filter(|z| z.kind == ZoneKind::Morto).collect();
    assert_eq!(mortos.len(), 2);
    assert!(mortos.iter().all(|z| z.count == 11 && z.cards.is_none()));
    assert!(t.zone("discard").unwrap().tags.iter().any(|t| t == "closed"));
    assert_eq!(t.to_play, vec![e.current()]);
    let itp = engine(GameKind::ItpBuraco, 2, 3).table(None);
    assert!(itp.zones.iter().all(|z| z.kind != ZoneKind::Morto), "ITP has no mortos");
}
