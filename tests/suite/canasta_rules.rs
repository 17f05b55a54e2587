//! Canasta: every row of `canasta.md` §1 and the scenarios C1–C10 of §4, played through the
//! public engine with deal files (C1's single melds and C9's up-cards are also unit tests beside
//! the meld checker and the deal).

use juiz::cards::{Card, build_decks, format_list};
use juiz::games::canasta::{CanastaEngine, CanastaRules};
use juiz::games::table::ZoneKind;
use juiz::games::{Awaiting, Engine, MatchRules, SetupError, TableSetup, ViolationKind, new_engine};

fn setup(deal: &str, options: &[(&str, &str)]) -> TableSetup {
    TableSetup {
        wire_ids: vec!["p1.a".into(), "p2.b".into()],
        seed: 7,
        deal: Some(deal.to_string()),
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
    }
}

/// One round only, so that the outcome's scores are the round's.
fn one_round() -> CanastaRules {
    CanastaRules { match_play: MatchRules { target: None, max_hands: 1 }, ..CanastaRules::classic() }
}

/// A deal: the two hands, seat 0's red 3s, the pile (bottom up), the start seat, the stock's top.
fn game(hand0: &str, hand1: &str, reds0: &str, pile: &str, start: usize, stock: &str) -> CanastaEngine {
    let deal = format!("[ {hand0} ]\n[ {hand1} ]\n[ {reds0} ]\n[  ]\n[ {pile} ]\n{start}\n[ {stock} ]\n");
    CanastaEngine::new(one_round(), &setup(&deal, &[])).unwrap_or_else(|e| panic!("{e}\n{deal}"))
}

fn play(e: &mut CanastaEngine, seat: usize, lines: &[&str]) {
    for line in lines {
        if let Err(v) = e.submit(seat, line) {
            panic!("seat {seat}: {line}: {v}");
        }
    }
}

fn refused(e: &mut CanastaEngine, seat: usize, line: &str) -> &'static str {
    let before = format!("{:?}", e.table(None));
    let v = e.submit(seat, line).expect_err(line);
    assert_eq!(v.kind, ViolationKind::Illegal, "{line}: {v}");
    assert_eq!(format!("{:?}", e.table(None)), before, "{line}: a refused line changes nothing");
    v.rule
}

fn lines_to(e: &mut CanastaEngine, seat: usize) -> Vec<String> {
    e.take_deliveries().into_iter().filter(|d| d.seat == seat).map(|d| d.line).collect()
}

fn cards(tokens: &str) -> Vec<Card> {
    tokens.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

const FILLER: &str = "4♠ 4♦ 6♣ 7♦ 8♠ 10♣ J♠ Q♦ K♣ A♠ 5♥ 6♥ 7♥";

// ---- §1.1 cards and §1.2 set-up ----

#[test]
fn a_red_three_dealt_is_laid_out_and_announced_before_the_first_turn() {
    let mut e = game("9♥ 9♦ K♠", FILLER, "3♥", "J♣", 0, "10♠");
    assert_eq!(e.red_threes(0), cards("3♥"));
    let to0 = lines_to(&mut e, 0);
    assert_eq!(to0, ["p1.a p2.b", "p1.a", "[ 9♥ 9♦ K♠ ]", "[ J♣ ]", "RED3 p1.a [ 3♥ ]", "p1.a"]);
    let table = e.table(Some(1));
    let bonus = table.zones.iter().find(|z| z.kind == ZoneKind::Bonus && z.id == "red-threes-0").unwrap();
    assert_eq!(bonus.cards.as_deref(), Some(&cards("3♥")[..]), "red 3s are public");
    assert_eq!(e.seat_score(0).red_threes, 100);
}

#[test]
fn a_seeded_deal_gives_15_cards_each_and_a_match_to_5000() {
    let setup = TableSetup { deal: None, ..setup("", &[]) };
    let e = new_engine(juiz::games::GameKind::Canasta, &setup).unwrap();
    let text = e.deal_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].split_whitespace().count(), 17);
    assert_eq!(lines[1].split_whitespace().count(), 17);
    assert_eq!(CanastaRules::classic().match_play, MatchRules { target: Some(5000), max_hands: 30 });
}

#[test]
fn bad_setups_are_one_clear_error() {
    let two = setup("[ 3♥ 5♠ ]\n[ 6♠ ]\n[  ]\n[  ]\n[ 9♣ ]\n0\n", &[]);
    let e = CanastaEngine::new(CanastaRules::classic(), &two).unwrap_err();
    assert!(e.to_string().starts_with("deal file, line 1: hand of seat 0 holds the red 3 3♥"), "{e}");
    let three = TableSetup { wire_ids: vec!["a".into(), "b".into(), "c".into()], deal: None, ..two.clone() };
    assert_eq!(
        new_engine(juiz::games::GameKind::Canasta, &three).err().unwrap(),
        SetupError::SeatCount { game: juiz::games::GameKind::Canasta, expected: "2".into(), got: 3 }
    );
    let unknown = setup("", &[("max-wilds", "2")]);
    let e = new_engine(juiz::games::GameKind::Canasta, &TableSetup { deal: None, ..unknown }).err().unwrap();
    assert!(e.to_string().starts_with("unknown rule option 'max-wilds'"), "{e}");
}

// ---- §1.3 the turn: drawing ----

#[test]
fn a_red_three_drawn_is_laid_out_and_replaced() {
    let mut e = game("9♥ 9♦ K♠", FILLER, "", "J♣", 0, "3♦ 8♣ 10♠");
    e.take_deliveries();
    play(&mut e, 0, &["GET_STOCK"]);
    let all = e.take_deliveries();
    let to = |seat: usize| all.iter().filter(|d| d.seat == seat).map(|d| d.line.as_str()).collect::<Vec<_>>();
    assert_eq!(to(0), ["RED3 p1.a [ 3♦ ]", "8♣"]);
    assert_eq!(to(1), ["GET_STOCK", "RED3 p1.a [ 3♦ ]"]);
    assert_eq!(e.red_threes(0), cards("3♦"));
    assert!(e.hand(0).contains(&cards("8♣")[0]));
}

/// C7: the last stock card is a red 3: laid out, nothing replaces it, the round ends at once.
#[test]
fn c7_a_red_three_as_the_last_stock_card_ends_the_round() {
    let mut rest = build_decks(2, 2);
    let named = cards("3♥ 3♥ 3♦ 3♦ 9♣");
    for card in &named {
        let at = rest.iter().position(|c| c == card).unwrap();
        rest.remove(at);
    }
    let (hand0, hand1) = rest.split_at(rest.len() / 2);
    let deal = format!("{}\n{}\n[ 3♥ 3♦ ]\n[ 3♦ ]\n[ 9♣ ]\n0\n[ 3♥ ]\n", format_list(hand0), format_list(hand1));
    let mut e = CanastaEngine::new(one_round(), &setup(&deal, &[])).unwrap();
    assert_eq!(e.stock().len(), 1);
    e.take_deliveries();
    play(&mut e, 0, &["GET_STOCK"]);
    assert_eq!(lines_to(&mut e, 0), ["RED3 p1.a [ 3♥ ]"]);
    assert_eq!(e.red_threes(0).len(), 3);
    let outcome = e.outcome().expect("the round, and this one-round match, is over");
    let hand = |seat: usize| CanastaRules::classic().values.sum(e.hand(seat));
    assert_eq!(outcome.scores, [300 - hand(0), 100 - hand(1)]);
    assert_eq!(e.awaiting(), Awaiting::Nobody);
}

// ---- §1.4 melds ----

/// C1 through the engine: the melds of the scenario, and a second meld of 7s.
#[test]
fn c1_melds_through_the_engine() {
    let hand = "7♥ 7♠ 7♦ 7♣ 2♣ 2♦ JK JK 3♣ 3♠ 3♣ 8♥ 9♥ 3♦ K♠";
    let mut e = game(hand.replace("3♦", "Q♠").as_str(), FILLER, "", "J♣", 0, "10♠");
    play(&mut e, 0, &["GET_STOCK"]);
    assert_eq!(refused(&mut e, 0, "MELD_NEW [ 7♥ 2♣ JK ]"), "meld-needs-two-naturals");
    assert_eq!(refused(&mut e, 0, "MELD_NEW [ 7♥ 7♠ 7♦ 2♣ 2♦ JK JK ]"), "too-many-wilds");
    assert_eq!(refused(&mut e, 0, "MELD_NEW [ 3♣ 3♠ 2♦ ]"), "black-three-meld");
    assert_eq!(refused(&mut e, 0, "MELD_NEW [ 7♥ 8♥ 9♥ ]"), "meld-one-rank");
    play(&mut e, 0, &["MELD_NEW [ 3♣ 3♠ 3♣ ]", "MELD_NEW [ 7♥ 7♠ 2♣ ]"]);
    assert_eq!(refused(&mut e, 0, "MELD_NEW [ 7♦ 7♣ JK ]"), "rank-already-melded");
    assert_eq!(refused(&mut e, 0, "MELD_JOIN 1 [ 2♦ JK JK ]"), "too-many-wilds");
    play(&mut e, 0, &["MELD_JOIN 1 [ 7♦ 7♣ 2♦ JK ]"]);
    assert_eq!(format_list(e.melds(0)[1].cards()), "[ 7♥ 7♦ 7♣ 7♠ 2♦ 2♣ JK ]");
    assert_eq!(refused(&mut e, 0, "MELD_NEW [ 3♥ 3♥ 3♦ ]"), "card-not-in-hand");
}

/// C2: taking the pile with a pair, a natural and a wild, or an own meld; refused while frozen,
/// and with only wild cards to match the top.
#[test]
fn c2_taking_the_pile() {
    let pile = "5♣ 6♦ Q♥ K♦ 4♣ 9♣";
    for (hand, take) in [("9♥ 9♦ K♠ 10♦", "GET_DISCARD [ 9♥ 9♦ ]"), ("9♥ JK K♠ 10♦", "GET_DISCARD [ 9♥ JK ]")]
    {
        let mut e = game(hand, FILLER, "", pile, 0, "10♠");
        e.take_deliveries();
        play(&mut e, 0, &[take]);
        assert_eq!(lines_to(&mut e, 0), ["[ 5♣ 6♦ Q♥ K♦ 4♣ ]"], "{take}: the rest of the pile joins the hand");
        assert_eq!(e.hand(0).len(), 2 + 5);
        assert!(e.discard_pile().is_empty());
    }
    // An own meld of 9s: made in a first turn, then the 9♣ discarded by the opponent joins it.
    let mut e = game("9♥ 9♦ 9♠ K♠ 10♦", "9♣ 5♥ 6♥ 7♥", "", "4♦", 0, "J♦ Q♠ A♦");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 9♥ 9♦ 9♠ ]", "DISCARD J♦"]);
    play(&mut e, 1, &["GET_STOCK", "DISCARD 9♣"]);
    assert_eq!(refused(&mut e, 0, "GET_DISCARD [ K♠ 10♦ ]"), "rank-already-melded");
    play(&mut e, 0, &["GET_DISCARD_JOIN 0"]);
    assert_eq!(e.melds(0)[0].len(), 4);
    for top in ["2♣", "JK", "3♠"] {
        let mut e = game("9♥ 9♦ 2♥ K♠", FILLER, "", &format!("9♣ {top}"), 0, "10♠");
        assert_eq!(refused(&mut e, 0, "GET_DISCARD [ 9♥ 9♦ ]"), "pile-frozen", "{top}");
        assert!(e.legal_takes().is_empty());
    }
    let mut e = game("K♥ JK JK", FILLER, "", pile, 0, "10♠");
    assert!(e.legal_takes().is_empty());
    assert_eq!(refused(&mut e, 0, "GET_DISCARD [ JK JK ]"), "meld-needs-two-naturals");
    assert_eq!(refused(&mut e, 0, "GET_DISCARD_JOIN 0"), "bad-index");
}

/// C3 (F1): a wild discard freezes the pile; a natural card on top unfreezes it.
#[test]
fn c3_a_wild_discard_freezes_the_pile_until_a_natural_covers_it() {
    let mut e = game("JK 8♥ 8♠ K♠ 10♦", "8♦ 5♥ 6♥ 7♥ 9♦ 8♣", "", "4♦", 0, "J♦ Q♠ A♦ 5♠");
    play(&mut e, 0, &["GET_STOCK", "DISCARD JK"]);
    assert!(e.frozen());
    let table = e.table(Some(1));
    assert!(table.zone("discard").unwrap().tags.iter().any(|t| t == "frozen"), "the views show it");
    assert_eq!(refused(&mut e, 1, "GET_DISCARD [ 8♦ 8♣ ]"), "pile-frozen");
    play(&mut e, 1, &["GET_STOCK", "DISCARD 8♦"]);
    assert!(!e.frozen());
    play(&mut e, 0, &["GET_DISCARD [ 8♥ 8♠ ]"]);
    assert_eq!(e.melds(0)[0].len(), 3);
}

#[test]
fn a_black_three_discard_freezes_the_pile() {
    let mut e = game("3♣ 8♥ 8♠ K♠ 10♦", "3♠ 3♠ 6♥ 7♥ 9♦", "", "4♦", 0, "J♦ Q♠ A♦ 5♠");
    play(&mut e, 0, &["GET_STOCK", "DISCARD 3♣"]);
    assert_eq!(refused(&mut e, 1, "GET_DISCARD [ 3♠ 3♠ ]"), "pile-frozen");
}

/// A1: the take names the meld that uses the top card; it is checked before the pile is revealed
/// (a refused take shows nothing and changes nothing).
#[test]
fn a1_the_take_is_checked_before_the_pile_is_revealed() {
    let mut e = game("9♥ K♠ 10♦", FILLER, "", "5♣ 6♦ 9♣", 0, "10♠");
    e.take_deliveries();
    assert_eq!(refused(&mut e, 0, "GET_DISCARD [ 9♥ K♠ ]"), "meld-one-rank");
    assert!(e.take_deliveries().is_empty());
    assert_eq!(refused(&mut e, 0, "GET_DISCARD [ 9♥ 9♥ ]"), "card-not-in-hand");
}

/// C9: a red 3 buried in the pile goes to whoever takes it, laid out at once (it scores); no card
/// replaces it (classic Canasta, where the source text is silent).
#[test]
fn c9_a_red_three_in_a_taken_pile_is_laid_out_and_not_replaced() {
    let mut e = game("8♥ 8♦ K♠ 10♦", FILLER, "", "JK 3♥ 8♣", 0, "5♠ 6♠");
    e.take_deliveries();
    let stock = e.stock().len();
    play(&mut e, 0, &["GET_DISCARD [ 8♥ 8♦ ]"]);
    assert_eq!(lines_to(&mut e, 0), ["RED3 p1.a [ 3♥ ]", "[ JK ]"]);
    assert_eq!(e.red_threes(0), cards("3♥"));
    assert_eq!(e.seat_score(0).red_threes, 100);
    assert_eq!(e.stock().len(), stock, "nothing is drawn for a red 3 from the pile");
    assert_eq!(e.hand(0), cards("K♠ 10♦ JK"));
}

#[test]
fn red_threes_are_never_discarded() {
    let mut e = game("8♥ 8♦ K♠ 10♦", FILLER, "3♥", "4♦", 0, "5♠ 6♠");
    play(&mut e, 0, &["GET_STOCK"]);
    assert_eq!(refused(&mut e, 0, "DISCARD 3♥"), "red-three-discard");
    assert_eq!(refused(&mut e, 0, "MELD_NEW [ 3♥ 3♥ 3♦ ]"), "card-not-in-hand");
}

// ---- §1.5 going out and the end of a round ----

/// C5 (G2): without a canasta a player may not meld down to a last card he could only discard,
/// nor empty his hand; discarding either card and keeping the other is legal.
#[test]
fn c5_no_emptying_the_hand_without_a_canasta() {
    for keep in ["9♠", "K♦"] {
        let mut e = game("9♥ 9♦ 9♣ 9♠", FILLER, "", "4♦", 0, "7♣ 5♠ K♦");
        play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 9♥ 9♦ 9♣ ]", "DISCARD 7♣"]);
        play(&mut e, 1, &["GET_STOCK", "DISCARD 5♠"]);
        play(&mut e, 0, &["GET_STOCK"]);
        assert_eq!(refused(&mut e, 0, "MELD_JOIN 0 [ 9♠ ]"), "go-out-needs-canasta");
        let other = if keep == "9♠" { "K♦" } else { "9♠" };
        play(&mut e, 0, &[&format!("DISCARD {other}")]);
        assert_eq!(e.hand(1 - 1), cards(keep));
    }
}

/// C6 (G1): with a canasta a player goes out by melding his last cards, no discard needed.
#[test]
fn c6_going_out_by_melding_with_a_canasta() {
    let mut e = game("8♥ 8♥ 8♦ 8♦ 8♣ 2♠ JK Q♥ Q♦ Q♠", FILLER, "", "4♦", 0, "Q♣");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 8♥ 8♥ 8♦ 8♦ 8♣ 2♠ JK ]", "MELD_NEW [ Q♥ Q♦ Q♠ Q♣ ]"]);
    let score = e.seat_score(0);
    assert_eq!((score.melds, score.canastas, score.going_out), (120 + 40, 300, 100));
    assert!(e.outcome().is_some());
}

/// C4: the scores at the end of a round.
#[test]
fn c4_scoring_a_round() {
    let mut e = game("K♥ K♥ K♦ K♦ K♣ K♣ K♠ 5♥ 5♦ 5♣ 2♠", "Q♥ Q♦ Q♠ JK A♣ 4♣ 2♥", "3♥ 3♦", "6♦", 1, "9♣ 10♣");
    play(&mut e, 1, &["GET_STOCK", "MELD_NEW [ Q♥ Q♦ Q♠ JK ]", "DISCARD 9♣"]);
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ K♥ K♥ K♦ K♦ K♣ K♣ K♠ ]", "MELD_NEW [ 5♥ 5♦ 5♣ 2♠ ]"]);
    assert_eq!(refused(&mut e, 0, "DISCARD 3♥"), "red-three-discard");
    play(&mut e, 0, &["DISCARD 10♣"]);
    assert_eq!(e.outcome().unwrap().scores, [905, 35]);
}

/// A deal whose stock is the single card 9♦: seat 0 holds `hand0` plus 6♥ 9♠, the other 6s lie
/// under 4♦ in the pile, seat 1 holds every other card (no 6), seat 0 has laid out the red 3s.
fn c8_deal(hand0: &str) -> String {
    let hand0 = cards(&format!("{hand0} 6♥ 9♠"));
    let mut pile: Vec<Card> = build_decks(2, 0).into_iter().filter(|c| c.is(juiz::cards::Rank::Six)).collect();
    for card in &hand0 {
        if let Some(at) = pile.iter().position(|c| c == card) {
            pile.remove(at);
        }
    }
    pile.extend(cards("4♦"));
    let mut rest = build_decks(2, 2);
    for card in hand0.iter().chain(&pile).chain(&cards("3♥ 3♥ 3♦ 3♦ 9♦")) {
        let at = rest.iter().position(|c| c == card).unwrap();
        rest.remove(at);
    }
    format!(
        "{}\n{}\n[ 3♥ 3♥ 3♦ 3♦ ]\n[  ]\n{}\n0\n[ 9♦ ]\n",
        format_list(&hand0),
        format_list(&rest),
        format_list(&pile)
    )
}

/// C8 (R2): with an empty stock a player who cannot use the top discard passes; the other must
/// take the pile; when neither can, the round ends.
#[test]
fn c8_an_empty_stock() {
    let mut e = CanastaEngine::new(one_round(), &setup(&c8_deal("6♠ 6♦"), &[])).unwrap();
    assert_eq!(e.stock().len(), 1);
    play(&mut e, 0, &["GET_STOCK", "DISCARD 6♥"]);
    assert!(e.stock().is_empty());
    assert_eq!(e.current(), 0, "seat 1 cannot use 6♥ and passes");
    let passes: Vec<String> =
        e.take_deliveries().into_iter().map(|d| d.line).filter(|l| l.starts_with("PASS")).collect();
    assert_eq!(passes, ["PASS p2.b", "PASS p2.b"]);
    assert_eq!(refused(&mut e, 0, "GET_STOCK"), "stock-empty");
    play(&mut e, 0, &["GET_DISCARD [ 6♠ 6♦ ]"]);
    assert!(e.outcome().is_none());

    let mut e = CanastaEngine::new(one_round(), &setup(&c8_deal("6♠ 5♠"), &[])).unwrap();
    play(&mut e, 0, &["GET_STOCK", "DISCARD 6♥"]);
    assert!(e.outcome().is_some(), "neither player can use 6♥: the round ends");
}

/// C10 (§1.2): the player with the higher total starts the next round, whoever started this one.
#[test]
fn c10_the_leader_starts_the_next_round() {
    let filler = FILLER.replace("K♣", "9♣");
    let deal = format!("[ K♥ K♥ K♦ K♦ K♣ K♣ K♠ 5♥ 5♦ 5♣ 2♠ ]\n[ {filler} ]\n[  ]\n[  ]\n[ 6♦ ]\n0\n[ 10♣ ]\n");
    let mut e =
        CanastaEngine::new(CanastaRules::classic(), &setup(&deal, &[("target", "0"), ("max-rounds", "2")])).unwrap();
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ K♥ K♥ K♦ K♦ K♣ K♣ K♠ ]", "MELD_NEW [ 5♥ 5♦ 5♣ 2♠ ]", "DISCARD 10♣"]);
    let filler = CanastaRules::classic().values.sum(&cards(&filler));
    let line = format!("HAND_END 1 705 {} 705 {}", -filler, -filler);
    let to1 = lines_to(&mut e, 1);
    let at = to1.iter().position(|l| *l == line).unwrap_or_else(|| panic!("{to1:?}"));
    assert_eq!(to1[at + 1].split_whitespace().count(), 17, "the new hand");
    assert_eq!((e.round_number(), e.current()), (2, 0), "seat 0 leads and starts round 2");
    assert_eq!(e.awaiting(), Awaiting::One(0));
    assert_eq!(e.match_totals(), [705, -filler]);
}

/// The rule option `initial-meld=classic` (§2's classic minimum): a take for a first meld of the
/// round must reach the minimum (50 at a total of 0) with the meld it names; after a draw from
/// the stock, the melds laid down in the turn count together, checked when the turn ends. Without
/// the option (the source text) no minimum.
#[test]
fn the_classic_initial_meld_minimum_is_a_rule_option() {
    let deal = format!("[ 7♥ 7♠ 7♦ A♥ A♠ A♦ 9♥ 9♦ K♠ ]\n[ {FILLER} ]\n[  ]\n[  ]\n[ 9♣ ]\n0\n[ 10♠ ]\n");
    let rules = CanastaRules::classic().with_options(&setup("", &[("initial-meld", "classic")]).options).unwrap();
    let mut e = CanastaEngine::new(rules, &setup(&deal, &[])).unwrap();
    assert_eq!(refused(&mut e, 0, "GET_DISCARD [ 9♥ 9♦ ]"), "initial-meld-too-low");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 7♥ 7♠ 7♦ ]"]);
    assert_eq!(refused(&mut e, 0, "DISCARD K♠"), "initial-meld-too-low");
    play(&mut e, 0, &["MELD_NEW [ A♥ A♠ A♦ ]", "DISCARD K♠"]);
    let mut free = game("7♥ 7♠ 7♦ A♥ A♠ A♦ 9♥ 9♦ K♠", FILLER, "", "9♣", 0, "10♠");
    play(&mut free, 0, &["GET_DISCARD [ 9♥ 9♦ ]", "MELD_NEW [ 7♥ 7♠ 7♦ ]"]);
}

/// §1.3 step 2: a player adds to his own melds only; the index counts his melds, never the
/// opponent's.
#[test]
fn a_player_adds_only_to_his_own_melds() {
    let mut e = game("9♥ 9♦ 9♠ K♠ 10♦", "9♣ 5♥ 6♥ 7♥ K♥ K♦ K♣", "", "4♦", 0, "J♦ Q♠ A♦");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 9♥ 9♦ 9♠ ]", "DISCARD J♦"]);
    play(&mut e, 1, &["GET_STOCK"]);
    assert_eq!(refused(&mut e, 1, "MELD_JOIN 0 [ 9♣ ]"), "bad-index");
    play(&mut e, 1, &["MELD_NEW [ K♥ K♦ K♣ ]"]);
    assert_eq!(refused(&mut e, 1, "MELD_JOIN 0 [ 9♣ ]"), "meld-one-rank");
    assert_eq!(e.melds(0)[0].len(), 3);
}
