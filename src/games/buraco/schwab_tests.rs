//! Schwab's pile table and scores (`buraco-schwab.md` §1.3, §1.6, S1, S7, S8) on the shared
//! meld validator and scorer.

use super::*;
use crate::cards::format_list;
use crate::games::buraco::{MeldError, MeldKind};

fn cards(tokens: &str) -> Vec<Card> {
    tokens.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

fn hand(tokens: &str) -> Hand {
    Hand::new(cards(tokens))
}

fn pile(tokens: &str) -> Result<Meld, MeldError> {
    Meld::new(&cards(tokens), &BuracoRules::schwab().melds)
}

/// S1 and §1.3's validity list (CardCol's unit test `valid_piles`), as multisets in any order.
#[test]
fn s1_valid_and_invalid_piles() {
    for (tokens, kind) in [
        ("3♥ 4♥ 5♥", MeldKind::Run),
        ("A♥ 3♥ 4♥", MeldKind::Run),
        ("Q♥ K♥ A♥", MeldKind::Run),
        ("4♥ JK 6♥", MeldKind::Run),
        ("JK 4♥ 5♥", MeldKind::Run),
        ("4♥ 6♥ 5♥", MeldKind::Run),
        ("A♥ JK 4♥", MeldKind::Run),
        ("JK A♥ 3♥", MeldKind::Run),
        ("9♣ 9♥ JK 9♠", MeldKind::Set),
        ("A♥ A♣ A♠ A♦ A♥ A♣ A♠", MeldKind::Set),
        ("2♣ 2♣ JK", MeldKind::Wilds),
        ("JK JK JK JK JK JK JK", MeldKind::Wilds),
    ] {
        assert_eq!(pile(tokens).map(|m| m.kind()), Ok(kind), "{tokens}");
    }
    for tokens in [
        "K♥ A♥ 3♥",
        "4♥ JK JK 7♥",
        "4♣ 5♥ 6♥",
        "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥",
        "3♥ 4♥ 2♥ 2♣",
        "9♣ 9♥ 2♠ JK",
        "2♥ 3♥ 4♥ 5♥ 2♠",
        "9♣ 9♥",
    ] {
        assert!(pile(tokens).is_err(), "{tokens} should be invalid: {:?}", pile(tokens));
    }
    // Every 2 is wild: a 2 of the run's suit beside the 3 makes the run dirty and stands for the ace.
    let run = pile("2♥ 3♥ 4♥").unwrap();
    assert!(!run.is_clean());
    assert_eq!(format_list(run.cards()), "[ 2♥ 3♥ 4♥ ]");
    assert_eq!(format_list(pile("4♥ 3♥ A♥").unwrap().cards()), "[ A♥ 3♥ 4♥ ]");
}

/// A pile at 7 is closed (a cerrado): it may not grow.
#[test]
fn m1_a_cerrado_cannot_grow() {
    let rules = BuracoRules::schwab();
    let cerrado = pile("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥").unwrap();
    assert!(cerrado.is_canastra(&rules));
    assert!(matches!(cerrado.join(&cards("10♥"), &rules.melds), Err(MeldError::TooLong { .. })));
    assert!(pile("5♣ 5♥ 5♦").unwrap().join(&cards("JK 2♣"), &rules.melds).is_err());
}

/// S7: the cerrado values.
#[test]
fn s7_cerrado_values() {
    let rules = BuracoRules::schwab();
    for (tokens, bonus) in [
        ("A♥ A♣ A♠ A♦ A♥ A♣ A♠", 500),
        ("A♥ A♣ A♠ A♦ A♥ A♣ 2♠", 300),
        ("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥", 400),
        ("3♥ 4♥ 5♥ JK 7♥ 8♥ 9♥", 200),
        ("Q♥ K♥ A♥ 10♥ J♥ 9♥ 8♥", 400),
        ("2♥ 2♣ 2♠ 2♦ 2♥ 2♣ 2♠", 2000),
        ("2♥ 2♣ 2♠ 2♦ 2♥ 2♣ JK", 1000),
        ("JK JK JK JK JK JK JK", 1000),
        ("2♣ 2♥ 2♦ JK", -1000),
        ("9♣ 9♥ 9♠", 0),
    ] {
        assert_eq!(pile(tokens).unwrap().bonus(&rules), bonus, "{tokens}");
    }
    assert_eq!([rules.values.of(Card::Joker), rules.values.of("2♠".parse().unwrap())], [50, 25]);
    let v = |t: &str| rules.values.of(t.parse().unwrap());
    assert_eq!([v("A♠"), v("K♠"), v("8♠"), v("7♠"), v("3♠")], [20, 10, 10, 5, 5]);
}

/// S8: the end of a round, with CardCol's negative table (A3) and the documentation's reading.
#[test]
fn s8_end_of_round_scores() {
    let rules = BuracoRules::schwab();
    let melds = |list: &[&str]| list.iter().map(|t| pile(t).unwrap()).collect::<Vec<_>>();
    let one = side_score(&melds(&["3♥ 4♥ 5♥ JK 7♥ 8♥ 9♥", "9♣ 9♦ 9♠"]), [&Hand::default(), &hand("A♥")], &rules);
    assert_eq!(SideScore { morto: 100, ..one }.total(), 500);
    let two_melds = melds(&["2♣ 2♦ JK", "K♠ Q♠ J♠"]);
    let two = side_score(&two_melds, [&hand("3♥ JK"), &hand("A♠")], &rules);
    assert_eq!(SideScore { morto: -100, ..two }.total(), -1305);
    let literal = BuracoRules { table_cards: super::super::rules::TableCards::Added, ..rules.clone() };
    let two = side_score(&two_melds, [&hand("3♥ JK"), &hand("A♠")], &literal);
    assert_eq!(SideScore { morto: -100, ..two }.total(), -1045);
}
