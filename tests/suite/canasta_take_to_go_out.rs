//! Canasta: a take of the pile that leaves the player a single card is legal when that card
//! completes his first canasta (he joins it and goes out), as a meld that does the same is; and
//! once the stock is empty such a take is the forced take of R2, not a pass. Played through the
//! public engine with deal files; `rules_e2e.rs` plays the same position with real bots.

use juiz::cards::Card;
use juiz::games::canasta::{CanastaEngine, CanastaRules};
use juiz::games::{Engine, MatchRules, TableSetup, ViolationKind};

/// The position of the audit: seat 0 melds `melded` (kings) and keeps K♠ 9♥ 9♦; seat 1 takes
/// the pile and leaves 9♣ alone on it. `stock` is the stock, top first (seat 0 draws its first).
/// With `stock` "5♠" alone, every other card is named (seat 1 holds the rest, seat 0 has the red
/// 3s laid out), so the stock is empty from seat 1's first turn.
fn kings(melded: &str, stock: &str) -> CanastaEngine {
    let hand1 = match stock {
        "5♠" => everything_but(&format!("{melded} K♠ 9♥ 9♦ 4♦ 5♠ 3♥ 3♥ 3♦ 3♦")),
        _ => "5♥ 5♦ 9♣ 6♣ 7♦ 8♠".to_owned(),
    };
    let reds = if stock == "5♠" { "3♥ 3♥ 3♦ 3♦" } else { "" };
    let deal = format!("[ {melded} K♠ 9♥ 9♦ ]\n[ {hand1} ]\n[ {reds} ]\n[  ]\n[ 4♦ ]\n0\n[ {stock} ]\n");
    let rules = CanastaRules { match_play: MatchRules { target: None, max_hands: 1 }, ..CanastaRules::classic() };
    let setup = TableSetup {
        wire_ids: vec!["p1.a".into(), "p2.b".into()],
        seed: 7,
        deal: Some(deal),
        options: Default::default(),
    };
    let mut e = CanastaEngine::new(rules, &setup).unwrap();
    for (seat, line) in [
        (0, "GET_STOCK"),
        (0, format!("MELD_NEW [ {melded} ]").as_str()),
        (0, "DISCARD 5♠"),
        (1, "GET_DISCARD [ 5♥ 5♦ ]"),
        (1, "DISCARD 9♣"),
    ] {
        e.submit(seat, line).unwrap_or_else(|v| panic!("{line}: {v}"));
    }
    e
}

/// The two decks less `named`, as a card list.
fn everything_but(named: &str) -> String {
    let mut rest = juiz::cards::build_decks(2, 2);
    for card in cards(named) {
        let at = rest.iter().position(|&c| c == card).unwrap();
        rest.remove(at);
    }
    rest.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}

fn cards(tokens: &str) -> Vec<Card> {
    tokens.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

#[test]
fn a_take_leaving_the_card_that_completes_a_canasta_is_legal() {
    let mut e = kings(SIX, "5♠ 6♠ 7♠");
    assert_eq!(e.hand(0), cards("K♠ 9♥ 9♦"));
    assert_eq!(e.discard_pile(), cards("9♣"));
    e.submit(0, "GET_DISCARD [ 9♥ 9♦ ]").unwrap_or_else(|v| panic!("the take is legal: {v}"));
    e.submit(0, "MELD_JOIN 0 [ K♠ ]").unwrap_or_else(|v| panic!("{v}"));
    let outcome = e.outcome().expect("seat 0 goes out");
    // 7 kings (70) + natural canasta (500) + 3 nines (30) + going out (100).
    assert_eq!(outcome.scores[0], 700);
}

/// Six kings melded: K♠ is the seventh.
const SIX: &str = "K♥ K♥ K♦ K♦ K♣ K♣";

#[test]
fn a_take_leaving_a_card_that_completes_no_canasta_is_still_refused() {
    let mut e = kings("K♥ K♥ K♦ K♦ K♣", "5♠ 6♠ 7♠");
    assert_eq!(e.hand(0), cards("K♠ 9♥ 9♦"));
    let v = e.submit(0, "GET_DISCARD [ 9♥ 9♦ ]").expect_err("K♠ would make six kings, no canasta");
    assert_eq!((v.kind, v.rule), (ViolationKind::Illegal, "go-out-needs-canasta"));
    assert_eq!(e.hand(0), cards("K♠ 9♥ 9♦"), "a refused take changes nothing");
}

#[test]
fn on_an_empty_stock_the_take_that_completes_a_canasta_is_forced_not_passed() {
    let mut e = kings(SIX, "5♠");
    assert!(e.stock().is_empty());
    assert_eq!(e.current(), 0, "seat 0 can use 9♣: his turn, no PASS");
    let passes: Vec<String> =
        e.take_deliveries().into_iter().map(|d| d.line).filter(|l| l.starts_with("PASS")).collect();
    assert!(passes.is_empty(), "{passes:?}");
    let v = e.submit(0, "GET_STOCK").expect_err("the stock is empty");
    assert_eq!((v.kind, v.rule), (ViolationKind::Illegal, "stock-empty"));
    e.submit(0, "GET_DISCARD [ 9♥ 9♦ ]").unwrap_or_else(|v| panic!("the forced take: {v}"));
    e.submit(0, "MELD_JOIN 0 [ K♠ ]").unwrap();
    assert!(e.outcome().is_some());
}
