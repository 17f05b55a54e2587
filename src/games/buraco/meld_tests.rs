//! Meld rule tables (T2, T3, §2 edge cases of `itp-buraco.md`) and a comparison of the one-pass
//! validator with a brute-force reading of M5–M7 over random card lists.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

use super::*;
use crate::cards::{Rank, Suit, format_list};
use crate::games::buraco::BuracoRules;

fn cards(tokens: &str) -> Vec<Card> {
    tokens.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

fn itp() -> BuracoRules {
    BuracoRules::itp()
}

#[test]
fn t3_join_makes_a_dirty_canastra_clean() {
    let rules = itp();
    let meld = Meld::new(&cards("3♥ 4♥ 2♥ 6♥ 7♥ 8♥ 9♥"), &rules.melds).unwrap();
    assert_eq!(meld.points(&rules), 150);
    let joined = meld.join(&cards("5♥"), &rules.melds).unwrap();
    assert_eq!(format_list(joined.cards()), "[ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ ]");
    assert_eq!(joined.points(&rules), 255);
    let club = Meld::new(&cards("3♥ 4♥ 2♣ 6♥ 7♥ 8♥ 9♥"), &rules.melds).unwrap();
    let joined = club.join(&cards("5♥"), &rules.melds).unwrap();
    assert_eq!(joined.points(&rules), 155);
    assert_eq!(format_list(joined.cards()), "[ 2♣ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ ]");
}

#[test]
fn a_full_run_cannot_grow() {
    let rules = itp();
    let full = Meld::new(&cards("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"), &rules.melds).unwrap();
    assert!(matches!(full.join(&cards("2♣"), &rules.melds), Err(MeldError::TooLong { .. })));
}

/// M5–M7 read literally: some choice of ace places and of natural/wild 2s gives distinct
/// positions that are contiguous, or contiguous but for one hole the single wild fills, or
/// contiguous with the wild extending an end inside 1…14. Returns (valid, clean).
fn brute_force(cards: &[Card]) -> (bool, bool) {
    if cards.len() < 3 || cards.len() > 14 {
        return (false, false);
    }
    let naturals: Vec<Card> = cards.iter().copied().filter(|c| !c.is(Rank::Two) && !c.is(Rank::Ace)).collect();
    let aces: Vec<Card> = cards.iter().copied().filter(|c| c.is(Rank::Ace)).collect();
    let twos: Vec<Card> = cards.iter().copied().filter(|c| c.is(Rank::Two)).collect();
    let Some(suit) = naturals.first().or(aces.first()).and_then(|c| c.suit()) else {
        return (false, false);
    };
    if naturals.iter().chain(&aces).any(|c| c.suit() != Some(suit)) || aces.len() > 2 || twos.len() > 2 {
        return (false, false);
    }
    let (mut valid, mut clean) = (false, false);
    for ace_mask in 0..(1u32 << aces.len()) {
        for two_mask in 0..(1u32 << twos.len()) {
            let mut pos: Vec<u8> = naturals.iter().map(|c| natural_pos(c.rank().unwrap())).collect();
            pos.extend((0..aces.len()).map(|i| if ace_mask >> i & 1 == 1 { 14 } else { 1 }));
            let mut wild = 0;
            for (i, two) in twos.iter().enumerate() {
                if two_mask >> i & 1 == 1 {
                    if two.suit() != Some(suit) {
                        wild = 9;
                    }
                    pos.push(2);
                } else {
                    wild += 1;
                }
            }
            if wild > 1 {
                continue;
            }
            pos.sort();
            if pos.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            let span = (pos[pos.len() - 1] - pos[0] + 1) as usize;
            let holes = span - pos.len();
            let ok = match (holes, wild) {
                (0, 0) | (1, 1) => true,
                (0, 1) => pos[0] > 1 || pos[pos.len() - 1] < 14,
                _ => false,
            };
            if ok {
                valid = true;
                clean |= wild == 0;
            }
        }
    }
    (valid, clean)
}

#[test]
fn one_pass_validator_agrees_with_brute_force() {
    let rules = itp();
    let mut rng = Pcg64::seed_from_u64(2);
    let mut seen_valid = 0;
    for _ in 0..20_000 {
        let suit = Suit::ALL[rng.random_range(0..4)];
        let len = rng.random_range(2..=14);
        let mut list: Vec<Card> = if rng.random_range(0..2) == 0 {
            // A run of positions start..start+len, then one random change.
            let start = rng.random_range(1..=15 - len);
            let rank_at = |p: usize| match p {
                1 | 14 => Rank::Ace,
                p => Rank::ALL[p - 2],
            };
            (start..start + len).map(|p| Card::new(rank_at(p), suit)).collect()
        } else {
            (0..len).map(|_| Card::new(Rank::ALL[rng.random_range(0..13)], suit)).collect()
        };
        let at = rng.random_range(0..len);
        let other_suit = Suit::ALL[rng.random_range(0..4)];
        match rng.random_range(0..5) {
            0 => list[at] = Card::new(Rank::Two, other_suit),
            1 => list.push(Card::new(Rank::Two, other_suit)),
            2 => list[at] = Card::new(Rank::ALL[rng.random_range(0..13)], other_suit),
            3 => list.swap(0, at),
            _ => {}
        }
        let got = Meld::new(&list, &rules.melds);
        let (valid, clean) = brute_force(&list);
        assert_eq!(got.is_ok(), valid, "validity of {}: {got:?}", format_list(&list));
        if let Ok(meld) = got {
            seen_valid += 1;
            assert_eq!(meld.is_clean(), clean, "cleanliness of {}", format_list(&list));
            let mut sorted_in = list.clone();
            let mut sorted_out = meld.cards().to_vec();
            sorted_in.sort();
            sorted_out.sort();
            assert_eq!(sorted_in, sorted_out, "a meld keeps its cards");
        }
    }
    assert!(seen_valid > 2_000, "the generator should produce valid melds too ({seen_valid})");
}

#[test]
fn jokers_are_wild_under_a_joker_policy() {
    // A variant preset is data: same validator, jokers in the deck.
    let rules = BuracoRules { jokers_per_deck: 2, ..itp() };
    let meld = Meld::new(&cards("3♥ JK 5♥"), &rules.melds).unwrap();
    assert_eq!(format_list(meld.cards()), "[ 3♥ JK 5♥ ]");
    assert!(!meld.is_clean());
    assert_eq!(meld.points(&rules), 60);
    // With a joker, a lone 2 of the suit must be the natural 2.
    let meld = Meld::new(&cards("3♥ 4♥ 2♥ JK"), &rules.melds).unwrap();
    assert_eq!(format_list(meld.cards()), "[ JK 2♥ 3♥ 4♥ ]");
    assert!(Meld::new(&cards("3♥ JK 2♣ 6♥"), &rules.melds).is_err());
}
