//! Schwab's Buraco: the rule table and the scenarios S2–S6 of `buraco-schwab.md` played through
//! the public engine interface with deal files (S1, S7, S8 are unit tests beside the scorer, S9
//! beside the match bookkeeping), and the hand-to-hand flow of a match.

use juiz::cards::{Card, format_list};
use juiz::games::buraco::{BuracoEngine, BuracoRules};
use juiz::games::table::{Value, ZoneKind};
use juiz::games::{Delivery, Engine, SetupError, TableSetup, ViolationKind};

fn setup(seed: u64, deal: Option<&str>) -> TableSetup {
    let names = ["p1.botA", "p2.botB", "p3.botC", "p4.botD"];
    TableSetup {
        wire_ids: names.iter().map(|s| s.to_string()).collect(),
        seed,
        deal: deal.map(String::from),
        options: Default::default(),
    }
}

const SEAT1: &str = "Q♠ 4♦ 9♥ 7♣ 5♦ 6♣ 3♦ 9♣ 4♣ K♦ 3♣";
const SEAT2: &str = "Q♣ Q♦ 6♥ 7♥ 4♥ 3♥ A♠ K♣ 10♥ 6♦ 7♦";
const SEAT3: &str = "5♦ 9♦ JK 2♦ 10♠ J♠ 9♠ A♣ K♠ 5♣ 6♠";
const BURACO1: &str = "4♣ 5♣ 7♣ 8♣ 9♣ J♣ Q♣ K♣ A♣ 2♠ 3♣";

/// Seat 0's hand in the buraco scenarios: with 10♥ drawn it melds down to JK 2♣ (`TAKE`).
const BASE: &str = "3♠ 4♠ 5♠ 8♣ 8♥ 8♦ J♥ Q♥ K♥ JK 2♣";
/// Seat 0's first turn: melds 0 (3♠ 4♠ 5♠), 1 (the 8s) and 2 (10♥ … K♥), leaving JK 2♣, so the
/// buraco comes and the turn goes on.
const TAKE: [&str; 4] = ["GET_STOCK", "MELD_NEW [ 3♠ 4♠ 5♠ ]", "MELD_NEW [ 8♣ 8♥ 8♦ ]", "MELD_NEW [ 10♥ J♥ Q♥ K♥ ]"];

fn game(seat0: &str, seat3: &str, buraco0: &str, up: &str, start: usize, stock: &str) -> BuracoEngine {
    let mut deal = String::new();
    for list in [seat0, SEAT1, SEAT2, seat3, buraco0, BURACO1] {
        deal.push_str(&format!("[ {list} ]\n"));
    }
    deal.push_str(&format!("{up}\n{start}\n[ {stock} ]\n"));
    BuracoEngine::new(BuracoRules::schwab(), &setup(7, Some(&deal))).unwrap_or_else(|e| panic!("{e}\n{deal}"))
}

/// A game where seat 0 takes its buraco `buraco0` in its first turn.
fn after_buraco(buraco0: &str) -> BuracoEngine {
    let mut e = game(BASE, SEAT3, buraco0, "K♦", 0, "10♥ 8♦ 4♥ 9♥ 6♦");
    play(&mut e, 0, &TAKE);
    e
}

fn lines_for(deliveries: &[Delivery], seat: usize) -> Vec<&str> {
    deliveries.iter().filter(|d| d.seat == seat).map(|d| d.line.as_str()).collect()
}

fn play(engine: &mut BuracoEngine, seat: usize, lines: &[&str]) {
    for line in lines {
        if let Err(v) = engine.submit(seat, line) {
            panic!("{line:?} was refused: {v}\n{:?}", engine.table(None));
        }
    }
}

/// A line that must be refused with `rule`, changing nothing.
fn refused(engine: &mut BuracoEngine, seat: usize, line: &str, rule: &str) {
    let before = (engine.table(None), engine.clone().take_deliveries());
    let v = engine.submit(seat, line).expect_err(line);
    assert_eq!((v.kind, v.rule), (ViolationKind::Illegal, rule), "{line:?}: {v}");
    assert_eq!((engine.table(None), engine.clone().take_deliveries()), before, "a refused line changes nothing");
}

#[test]
fn components_and_setup() {
    let rules = BuracoRules::schwab();
    assert_eq!((rules.card_count(), rules.copies_of(Card::Joker)), (220, 12));
    let mut e = BuracoEngine::new(rules.clone(), &setup(3, None)).unwrap();
    assert!((0..4).all(|s| e.hand(s).len() == 11));
    assert_eq!((e.morto(0).map(<[Card]>::len), e.morto(1).map(<[Card]>::len)), (Some(11), Some(11)));
    assert_eq!((e.stock_len(), e.discard_pile().len()), (153, 1));
    let start = e.current();
    let d = e.take_deliveries();
    for seat in 0..4 {
        let top = lines_for(&d, seat)[3].to_string();
        let expected = if seat == start { e.discard_pile()[0].to_string() } else { "[  ]".into() };
        assert_eq!(top, expected, "A7: only the starting seat sees the up-card");
    }
    let discard = |seat: usize| {
        let view = e.table(Some(seat));
        let zone = view.zones.into_iter().find(|z| z.kind == ZoneKind::Discard).unwrap();
        (zone.count, zone.cards.is_some())
    };
    assert_eq!((discard(start), discard((start + 1) % 4)), ((1, true), (1, false)), "A7 in the table model too");
    let counters = e.table(None).counters;
    assert!(counters.iter().any(|c| c.id == "hand-number" && c.value == Value::Number(1)), "{counters:?}");
    let again = BuracoEngine::new(rules.clone(), &setup(3, Some(&e.deal_text()))).unwrap();
    assert_eq!(again.table(None), e.table(None));
    for seats in [2, 3] {
        let mut s = setup(1, None);
        s.wire_ids.truncate(seats);
        assert!(matches!(BuracoEngine::new(rules.clone(), &s), Err(SetupError::SeatCount { .. })));
    }
}

#[test]
fn bad_deal_files_name_the_problem() {
    let error = |deal: String| match BuracoEngine::new(BuracoRules::schwab(), &setup(1, Some(&deal))) {
        Err(SetupError::Deal { line, message }) => (line, message),
        other => panic!("{deal:?} should be refused, got {:?}", other.map(|e| e.table(None))),
    };
    let short_buraco = format!("[ {BASE} ]\n[ {SEAT1} ]\n[ {SEAT2} ]\n[ {SEAT3} ]\n[ 3♥ ]\n[ {BURACO1} ]\nK♦\n0\n");
    assert_eq!(error(short_buraco), (5, "morto of side 0 has 1 cards, not 11".into()));
    let jokers = format!(
        "[ {BASE} ]\n[ {SEAT1} ]\n[ {SEAT2} ]\n[ {SEAT3} ]\n[ {} ]\n[ {BURACO1} ]\nK♦\n0\n",
        ["JK"; 11].join(" ")
    );
    let (line, message) = error(jokers);
    assert_eq!(line, 5);
    assert!(message.contains("JK is named more times"), "{message}");
}

/// §1.2: the first move may take the up-card alone into the hand, even a joker.
#[test]
fn first_move_takes_the_up_card_alone() {
    let mut e = game(BASE, SEAT3, BURACO1, "JK", 0, "10♥");
    e.take_deliveries();
    play(&mut e, 0, &["GET_DISCARD [ ]"]);
    assert_eq!((e.hand(0).len(), e.hand(0).count(Card::Joker), e.discard_pile().len()), (12, 2, 0));
    let d = e.take_deliveries();
    assert_eq!((lines_for(&d, 0), lines_for(&d, 1)), (vec!["[ JK ]"], vec!["GET_DISCARD [ ]"]));
    play(&mut e, 0, &["DISCARD 8♦"]);
    play(&mut e, 1, &["GET_STOCK"]);
    play(&mut e, 1, &["DISCARD 3♣"]);
    play(&mut e, 2, &["GET_STOCK"]);
    refused(&mut e, 2, "DISCARD 2♣", "card-not-in-hand");
}

/// S2: the dumped pile is taken only with a natural pair, never with a wild on top.
#[test]
fn s2_pickup_needs_a_natural_pair_and_no_wild_on_top() {
    let seat0 = "5♥ 5♣ K♠ 8♦ 10♦ 3♠ 7♣ J♥ Q♦ 4♠ 2♣";
    for (top, rule) in [
        ("5♦", None),
        ("JK", Some("pickup-mono")),
        ("2♦", Some("pickup-mono")),
        ("9♦", Some("pickup-needs-natural-pair")),
    ] {
        let mut e = game(seat0, SEAT3, BURACO1, "K♦", 3, "7♥ 8♥");
        play(&mut e, 3, &["GET_STOCK", &format!("DISCARD {top}")]);
        refused(
            &mut e,
            0,
            "GET_DISCARD [ 5♥ 2♣ ]",
            if top == "5♦" { "pickup-needs-natural-pair" } else { rule.unwrap() },
        );
        refused(&mut e, 0, "GET_DISCARD [ 5♥ 5♣ K♠ ]", rule.unwrap_or("pickup-needs-natural-pair"));
        refused(&mut e, 0, "GET_DISCARD [ ]", rule.unwrap_or("pickup-needs-natural-pair"));
        match rule {
            None => {
                play(&mut e, 0, &["GET_DISCARD [ 5♥ 5♣ ]"]);
                assert_eq!(format_list(e.melds(0)[0].cards()), "[ 5♦ 5♥ 5♣ ]".replace("5♦ 5♥ 5♣", "5♥ 5♦ 5♣"));
                assert_eq!(e.hand(0).len(), 9 + 1, "the rest of the pile (the up-card) joins the hand");
            }
            Some(rule) => refused(&mut e, 0, "GET_DISCARD [ 5♥ 5♣ ]", rule),
        }
    }
}

/// S3 (P4): with the buraco taken and no cerrado, a pickup leaving fewer than 5 cards is refused.
#[test]
fn s3_pickup_that_would_end_the_hand_is_refused_without_a_cerrado() {
    let rest = |e: &mut BuracoEngine| {
        play(e, 1, &["GET_STOCK", "DISCARD Q♠"]);
        play(e, 2, &["GET_DISCARD [ Q♣ Q♦ ]", "DISCARD 6♥"]);
        play(e, 3, &["GET_STOCK", "DISCARD 5♦"]);
        assert_eq!((e.hand(0).len(), e.discard_pile().len()), (if e.melds(0)[0].len() == 7 { 3 } else { 2 }, 2));
    };
    let mut e = after_buraco("5♥ 5♣ K♣ 6♠ 7♠ 10♣ 10♦ 10♠ J♣ J♦ J♠");
    let lines = ["MELD_JOIN 0 [ 6♠ 7♠ ]", "MELD_JOIN 1 [ 2♣ ]", "MELD_NEW [ 10♣ 10♦ 10♠ JK ]", "MELD_NEW [ J♣ J♦ J♠ ]"];
    play(&mut e, 0, &lines);
    play(&mut e, 0, &["DISCARD K♣"]);
    rest(&mut e);
    refused(&mut e, 0, "GET_DISCARD [ 5♥ 5♣ ]", "pickup-would-end");

    let mut e = after_buraco("5♥ 5♣ K♣ 6♠ 7♠ 8♠ 9♠ 10♣ 10♦ 10♠ J♣");
    play(&mut e, 0, &["MELD_JOIN 0 [ 6♠ 7♠ 8♠ 9♠ ]", "MELD_JOIN 1 [ 2♣ ]", "MELD_NEW [ 10♣ 10♦ 10♠ JK ]"]);
    play(&mut e, 0, &["DISCARD J♣"]);
    rest(&mut e);
    play(&mut e, 0, &["GET_DISCARD [ 5♥ 5♣ ]"]);
}

/// S6: a hand of wilds only takes the buraco at once, and the turn goes on.
#[test]
fn s6_a_hand_of_wilds_takes_the_buraco_and_plays_on() {
    let buraco = "3♥ 3♥ 3♥ 9♣ 10♣ 10♦ 10♠ 10♥ 6♠ 7♠ 8♠";
    let mut e = game(BASE, SEAT3, buraco, "K♦", 0, "10♥ 8♦");
    e.take_deliveries();
    play(&mut e, 0, &TAKE);
    let d = e.take_deliveries();
    assert_eq!(lines_for(&d, 0).last(), Some(&format!("MORTO [ {buraco} ]").as_str()));
    assert_eq!(lines_for(&d, 1).last(), Some(&"MORTO"));
    assert_eq!((e.hand(0).len(), e.current(), e.has_drawn(), e.morto_taken(0)), (13, 0, true, true));
}

/// S4 (B2, B3): getting down to one card needs a cerrado once the buraco is gone, and no
/// unfinished meld of wilds.
#[test]
fn s4_last_card_needs_a_cerrado_after_the_buraco() {
    let buraco = "3♥ 3♥ 3♥ 9♣ 10♣ 10♦ 10♠ 10♥ 6♠ 7♠ 8♠";
    let mut e = after_buraco(buraco);
    play(&mut e, 0, &["MELD_JOIN 0 [ 6♠ 7♠ ]", "MELD_JOIN 1 [ 8♠ 2♣ ]", "MELD_NEW [ 10♣ 10♦ 10♠ 10♥ JK ]"]);
    refused(&mut e, 0, "MELD_NEW [ 3♥ 3♥ 3♥ ]", "go-out-needs-cerrado");

    let mut e = after_buraco("3♥ 3♥ 3♥ 9♣ 6♠ 7♠ 8♠ 2♥ 2♦ 2♠ 8♠");
    play(&mut e, 0, &["MELD_JOIN 0 [ 6♠ 7♠ 8♠ JK ]", "MELD_JOIN 1 [ 8♠ ]", "MELD_NEW [ 2♥ 2♦ 2♠ 2♣ ]"]);
    assert!(e.melds(0)[0].is_canastra(e.rules()));
    refused(&mut e, 0, "MELD_NEW [ 3♥ 3♥ 3♥ ]", "go-out-needs-cerrado");

    let spare = "10♣ 10♦ 10♠ 10♥ J♦ J♣ J♠ Q♥ K♥ A♥ A♦";
    let mut e = game("3♥ 3♥ 3♥ 9♣ 4♠ 5♠ 6♠ 8♠ 8♣ 8♥ 8♦", SEAT3, spare, "K♦", 0, "7♠");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 4♠ 5♠ 6♠ 7♠ 8♠ ]", "MELD_NEW [ 8♣ 8♥ 8♦ ]", "MELD_NEW [ 3♥ 3♥ 3♥ ]"]);
    assert_eq!((e.hand(0).len(), e.morto_taken(0)), (1, false), "with the buraco waiting, one card may remain");
}

/// S4 with a cerrado, then B4: going out ends the hand; the match goes on with `HAND_END` and
/// the next hand, started by the next seat.
#[test]
fn s4_with_a_cerrado_then_going_out_ends_the_hand() {
    let mut e = after_buraco("3♥ 3♥ 3♥ 9♣ 10♣ 10♦ 10♠ 10♥ 6♠ 7♠ 8♠");
    play(&mut e, 0, &["MELD_JOIN 0 [ 6♠ 7♠ 8♠ JK ]", "MELD_JOIN 1 [ 2♣ ]", "MELD_NEW [ 10♣ 10♦ 10♠ 10♥ ]"]);
    play(&mut e, 0, &["MELD_NEW [ 3♥ 3♥ 3♥ ]"]);
    e.take_deliveries();
    play(&mut e, 0, &["DISCARD 9♣"]);
    let d = e.take_deliveries();
    for seat in 0..4 {
        let lines = lines_for(&d, seat);
        let at = lines.iter().position(|l| l.starts_with("HAND_END")).expect("HAND_END");
        assert_eq!(lines[at], "HAND_END 1 545 -335 545 -335", "seat {seat}");
        assert_eq!(lines[at + 1], e.hand(seat).wire(), "the new hand follows");
        let top = if seat == 1 { e.discard_pile()[0].to_string() } else { "[  ]".into() };
        assert_eq!((lines[at + 2], lines[at + 3], lines.len()), (top.as_str(), "p2.botB", at + 4), "seat 1 starts");
    }
    assert_eq!((e.hand_number(), e.match_totals(), e.current(), e.turns()), (2, &[545, -335][..], 1, 1));
    assert!(e.outcome().is_none());
    assert_eq!((0..4).map(|s| e.hand(s).len()).sum::<usize>(), 44);
}

/// S5: two cards closing a pile at 7 empty the hand: a clean cerrado and going out; a card that
/// cannot close it may not be left alone.
#[test]
fn s5_closing_a_pile_with_the_last_cards_goes_out() {
    let mut e = after_buraco("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♣ 10♦ 10♠ 10♥");
    play(
        &mut e,
        0,
        &["MELD_JOIN 0 [ JK ]", "MELD_JOIN 1 [ 2♣ ]", "MELD_NEW [ 10♣ 10♦ 10♠ 10♥ ]", "MELD_NEW [ 3♥ 4♥ 5♥ 6♥ 7♥ ]"],
    );
    let mut one_by_one = e.clone();
    play(&mut e, 0, &["MELD_JOIN 4 [ 8♥ 9♥ ]"]);
    assert_eq!((e.hand_number(), e.match_totals()[0] > 400), (2, true));
    play(&mut one_by_one, 0, &["MELD_JOIN 4 [ 8♥ ]"]);
    assert_eq!(one_by_one.hand(0).len(), 1, "9♥ left alone may close the pile: allowed");
    play(&mut one_by_one, 0, &["MELD_JOIN 4 [ 9♥ ]"]);
    assert_eq!(one_by_one.hand_scores(), e.hand_scores());

    let mut e = after_buraco("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♣ 10♣ 10♦ 10♠ 10♥");
    play(
        &mut e,
        0,
        &["MELD_JOIN 0 [ JK ]", "MELD_JOIN 1 [ 2♣ ]", "MELD_NEW [ 10♣ 10♦ 10♠ 10♥ ]", "MELD_NEW [ 3♥ 4♥ 5♥ 6♥ 7♥ ]"],
    );
    refused(&mut e, 0, "MELD_JOIN 4 [ 8♥ 9♣ ]", "meld-invalid");
    refused(&mut e, 0, "MELD_JOIN 4 [ 8♥ ]", "go-out-needs-cerrado");
}

/// A deal that names all 220 cards, so that the stock is `stock` alone: seat 0 holds `9♥ K♠ Q♦`,
/// seat 1 `seat1`, seat 3 `8♣ 8♦`, seat 2 every card left; the up-card is 6♥; seat 0 starts.
/// One hand only (`target=0`, `max-hands=1`).
fn stock_end_game(seat1: &str, stock: &str) -> BuracoEngine {
    let buraco0 = "A♥ A♦ 3♥ 4♥ 5♥ 6♦ 7♦ 8♥ 9♠ 10♠ J♦";
    let named = format!("9♥ K♠ Q♦ {seat1} 8♣ 8♦ {buraco0} {BURACO1} 6♥ {stock}");
    let mut rest = juiz::cards::build_decks(4, 3);
    for token in named.split_whitespace() {
        let card: Card = token.parse().unwrap();
        let at = rest.iter().position(|&c| c == card).unwrap_or_else(|| panic!("{token}"));
        rest.remove(at);
    }
    let deal = format!(
        "[ 9♥ K♠ Q♦ ]\n[ {seat1} ]\n{}\n[ 8♣ 8♦ ]\n[ {buraco0} ]\n[ {BURACO1} ]\n6♥\n0\n[ {stock} ]\n",
        format_list(&rest)
    );
    let options = [("target", "0"), ("max-hands", "1")].map(|(k, v)| (k.to_string(), v.to_string()));
    let rules = BuracoRules::schwab().with_options(&options.into_iter().collect()).unwrap();
    BuracoEngine::new(rules, &setup(7, Some(&deal))).unwrap_or_else(|e| panic!("{e}\n{deal}"))
}

/// The reason the hand ended, by message id.
fn ended_by(e: &BuracoEngine) -> &'static str {
    match e.outcome().expect("the hand is over").ending {
        juiz::games::Ending::Finished { reason } => reason.id,
        other => panic!("{other:?}"),
    }
}

/// A5 as `buraco-schwab.md` recommends: once the stock is empty, a player who could take the
/// discard pile is asked to play and may take it; the next one, who could too, declines with
/// `GET_STOCK`, which ends the hand.
#[test]
fn a5_after_the_stock_a_player_who_can_take_the_pile_may() {
    let mut e = stock_end_game("9♣ 9♦ 7♠ 7♠", "4♦");
    play(&mut e, 0, &["GET_STOCK", "DISCARD 9♥"]);
    assert_eq!((e.stock_len(), e.current()), (0, 1), "seat 1 holds a pair of 9s: his turn");
    assert!(e.outcome().is_none());
    play(&mut e, 1, &["GET_DISCARD [ 9♣ 9♦ ]", "DISCARD 7♠"]);
    assert_eq!(e.current(), 2, "seat 2 holds a pair of 7s: his turn");
    play(&mut e, 2, &["GET_STOCK"]);
    assert_eq!(ended_by(&e), "end-empty-stock");
}

/// A5: once the stock is empty, the hand ends after the discard when the next player has no legal
/// way to take the pile.
#[test]
fn a5_after_the_stock_the_hand_ends_when_the_next_player_cannot_take_the_pile() {
    let mut e = stock_end_game("10♣ 10♦ 7♠ 7♠", "4♦");
    play(&mut e, 0, &["GET_STOCK", "DISCARD 9♥"]);
    assert_eq!(ended_by(&e), "end-stock-out");
}
