//! Shengji's hard cases, the ones other implementations got wrong: throws (who can beat one, the
//! partner included, and what is played after a failed one, through the engine: every seat is
//! told), following with tractors and triples (3 decks), tractors across the level rank, beating
//! a tractor with trumps, and a whole declared deal driven line by line.

use juiz::cards::{Card, Rank, Suit, build_decks_with_two_jokers, format_list};
use juiz::games::shengji::{DealCards, Phase, ShengjiEngine, ShengjiRules, Trick, TrumpContext, check_lead, decompose};
use juiz::games::{Awaiting, Engine, TableSetup};

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

fn follow_rule(ctx: &TrumpContext, lead: &str, hand: &str, play: &str) -> Option<&'static str> {
    let trick = Trick::new(ctx, 0, cards(lead));
    trick.check_follow(ctx, &cards(hand), &cards(play)).err().map(|v| v.rule)
}

#[test]
fn a_throw_fails_on_the_smallest_beatable_unit_and_the_partner_counts() {
    let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
    let lead = cards("3♠ 3♠ 4♠ 4♠ A♠");
    let (p2, p3, p4) = (cards("A♠ 5♥"), cards("6♠ 6♠ 7♠ 7♠"), cards("K♦"));
    // The single A♠ cannot be beaten (the other A♠ is equal, not higher); the tractor can.
    let result = check_lead(&ctx, &lead, &[&p2, &p3, &p4]).unwrap();
    assert_eq!(result.cards, cards("3♠ 3♠ 4♠ 4♠"));
    // A pair and a single: the single 9♠ is beatable by the partner's J♠ (checked in order).
    let result = check_lead(&ctx, &cards("9♠ A♠ A♠"), &[&cards("3♦"), &cards("J♠"), &cards("4♦")]).unwrap();
    assert_eq!((result.cards, result.failed_throw.is_some()), (cards("9♠"), true));
    // Trumps in another hand do not beat a plain throw's units: the throw stands.
    let result = check_lead(&ctx, &cards("K♠ A♠"), &[&cards("3♣ 3♣"), &cards("SJ"), &cards("4♦")]).unwrap();
    assert_eq!(result.failed_throw, None);
}

#[test]
fn following_tractors_triples_and_tractors_across_the_level() {
    let ctx = TrumpContext::new(Rank::Seven, Some(Suit::Hearts));
    // Level 7: 6♠6♠8♠8♠ is a tractor; so is 4♠4♠5♠5♠, which must answer it.
    assert_eq!(follow_rule(&ctx, "6♠ 6♠ 8♠ 8♠", "4♠ 4♠ 5♠ 5♠ 10♠", "4♠ 4♠ 5♠ 10♠"), Some("must-follow-shape"));
    assert_eq!(follow_rule(&ctx, "6♠ 6♠ 8♠ 8♠", "4♠ 4♠ 5♠ 5♠ 10♠", "4♠ 4♠ 5♠ 5♠"), None);
    assert_eq!(follow_rule(&ctx, "6♠ 6♠ 8♠ 8♠", "4♠ 4♠ 9♠ 9♠ 10♠", "4♠ 4♠ 9♠ 9♠"), None, "two pairs, no tractor");
    assert_eq!(follow_rule(&ctx, "6♠ 6♠ 8♠ 8♠", "4♠ 4♠ 9♠ 9♠ 10♠", "4♠ 4♠ 9♠ 10♠"), Some("must-follow-shape"));
    // A trump tractor across the level: A♥A♥ 7♠7♠ (off-suit level) 7♥7♥ (trump level).
    let units = decompose(&cards("A♥ A♥ 7♠ 7♠ 7♥ 7♥"), &ctx);
    assert_eq!((units.len(), units[0].len), (1, 3));
    // 3 decks: a triple led; a triple must answer it, else a pair and one more of the suit.
    let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
    assert_eq!(follow_rule(&ctx, "9♠ 9♠ 9♠", "K♠ K♠ K♠ 4♠", "K♠ K♠ 4♠"), Some("must-follow-shape"));
    assert_eq!(follow_rule(&ctx, "9♠ 9♠ 9♠", "K♠ K♠ 4♠ 5♠", "K♠ K♠ 4♠"), None);
    assert_eq!(follow_rule(&ctx, "9♠ 9♠ 9♠", "K♠ K♠ 4♠ 5♠", "K♠ 4♠ 5♠"), Some("must-follow-shape"));
    // A Titanic (two triples) led: two triples held must be played as the Titanic if consecutive.
    let titanic = "9♠ 9♠ 9♠ 10♠ 10♠ 10♠";
    assert_eq!(follow_rule(&ctx, titanic, "4♠ 4♠ 4♠ 5♠ 5♠ 5♠ 8♠", "4♠ 4♠ 4♠ 5♠ 5♠ 5♠"), None);
    assert_eq!(follow_rule(&ctx, titanic, "4♠ 4♠ 4♠ 5♠ 5♠ 5♠ 8♠", "4♠ 4♠ 4♠ 5♠ 5♠ 8♠"), Some("must-follow-shape"));
    // Two consecutive pairs held but two loose pairs played: only the tractor is missing.
    assert_eq!(follow_rule(&ctx, "9♠ 9♠ 10♠ 10♠", "4♠ 4♠ 5♠ 5♠ 8♠ 8♠", "4♠ 4♠ 8♠ 8♠"), Some("bad-tractor"));
    // A pair for a pair may break a triple.
    assert_eq!(follow_rule(&ctx, "9♠ 9♠", "K♠ K♠ K♠ 4♠", "K♠ K♠"), None);
    assert_eq!(follow_rule(&ctx, "9♠ 9♠", "K♠ K♠ K♠ 4♠", "K♠ 4♠"), Some("must-follow-shape"));
}

#[test]
fn only_a_trump_tractor_beats_a_tractor() {
    let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
    let mut t = Trick::new(&ctx, 0, cards("9♠ 9♠ 10♠ 10♠"));
    t.follow(&ctx, 1, cards("3♣ 3♣ 6♣ 6♣"));
    assert_eq!(t.winner(), 0, "two trump pairs that do not chain");
    t.follow(&ctx, 2, cards("3♣ 3♣ 4♣ 4♣"));
    assert_eq!(t.winner(), 2);
    t.follow(&ctx, 3, cards("J♠ J♠ Q♠ Q♠"));
    assert_eq!(t.winner(), 2, "a higher plain tractor does not beat a trump one");
}

/// A 2-deck deal: seat 0 gets 2♥ first and `special`; seat 1 holds `seat1`; the rest is dealt
/// in deck order without 2s or jokers for seats 1–3 (so that nobody else can declare).
fn deal(special: &str, seat1: &str) -> String {
    let mut deck = build_decks_with_two_jokers(2);
    let mut take = |wanted: &[Card]| {
        for c in wanted {
            let i = deck.iter().position(|d| d == c).unwrap();
            deck.remove(i);
        }
    };
    let mut hands = vec![cards(&format!("2♥ {special}")), cards(seat1), Vec::new(), Vec::new()];
    take(&hands[0].clone());
    take(&hands[1].clone());
    let level_or_joker = |c: &Card| c.is_joker() || c.is(Rank::Two);
    let (mut free, mut kept): (Vec<Card>, Vec<Card>) = deck.into_iter().partition(|c| !level_or_joker(c));
    hands[0].append(&mut kept);
    for hand in &mut hands {
        while hand.len() < 25 {
            hand.push(free.remove(0));
        }
    }
    let kitty: Vec<Card> = free.drain(..8).collect();
    assert!(free.is_empty());
    DealCards { hands, kitty, start: 0 }.text()
}

#[test]
fn a_failed_throw_through_the_engine_tells_every_seat_and_keeps_the_other_cards() {
    let text = deal("A♠ Q♠ Q♠", "K♠ K♠ 4♠");
    let setup = TableSetup {
        wire_ids: (1..=4).map(|n| format!("p{n}.x")).collect(),
        seed: 1,
        deal: Some(text),
        options: [("max-deals".to_owned(), "1".to_owned())].into(),
    };
    let mut e = ShengjiEngine::new(ShengjiRules::with_options(&setup.options).unwrap(), &setup).unwrap();
    let mut lines = Vec::new();
    while let Awaiting::One(seat) = e.awaiting() {
        lines.extend(e.take_deliveries());
        let deal = e.deal();
        let line = match deal.phase {
            Phase::Dealing | Phase::LastCall { .. } if seat == 0 && deal.declaration.is_none() => {
                "DECLARE [ 2♥ ]".to_owned()
            }
            Phase::Dealing | Phase::LastCall { .. } => "PASS".to_owned(),
            Phase::Burying => format!("BURY {}", format_list(&deal.cards.kitty)),
            _ => break,
        };
        e.submit(seat, &line).unwrap();
    }
    assert_eq!((e.deal().banker, e.awaiting()), (Some(0), Awaiting::One(0)));
    e.take_deliveries();
    let narration = e.submit(0, "PLAY [ A♠ Q♠ Q♠ ]").unwrap();
    assert_eq!(narration.id, "sj-narr-throw-failed");
    let out = e.take_deliveries();
    for seat in 0..4 {
        let seen: Vec<&str> = out.iter().filter(|d| d.seat == seat).map(|d| d.line.as_str()).collect();
        assert_eq!(&seen[..2], ["THROW_FAILED p1.x [ A♠ Q♠ Q♠ ] [ Q♠ Q♠ ]", "PLAY p1.x [ Q♠ Q♠ ]"], "seat {seat}");
    }
    assert!(e.deal().hands[0].contains(&"A♠".parse().unwrap()), "the A♠ stays in the hand");
    assert_eq!(e.deal().hands[0].len(), 23);
    // Seat 1 must now follow the pair with its K♠ K♠.
    assert_eq!(e.submit(1, "PLAY [ K♠ 3♦ ]").unwrap_err().rule, "must-follow-suit");
    assert_eq!(e.submit(1, "PLAY [ K♠ 4♠ ]").unwrap_err().rule, "must-follow-shape");
    assert!(e.submit(1, "PLAY [ K♠ K♠ ]").is_ok());
}

/// F3 (issue 19): after a lead of four consecutive pairs, a follower holding two separate
/// tractors in the suit must play both; one tractor and two loose pairs is `bad-tractor`.
#[test]
fn f3_two_separate_tractors_answer_a_four_pair_tractor() {
    let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
    let lead = "3♠ 3♠ 4♠ 4♠ 5♠ 5♠ 6♠ 6♠";
    let hand = "7♠ 7♠ 8♠ 8♠ 10♠ 10♠ Q♠ Q♠ K♠ K♠ 4♥";
    assert_eq!(follow_rule(&ctx, lead, hand, "7♠ 7♠ 8♠ 8♠ Q♠ Q♠ K♠ K♠"), None);
    assert_eq!(follow_rule(&ctx, lead, hand, "10♠ 10♠ 8♠ 8♠ Q♠ Q♠ K♠ K♠"), Some("bad-tractor"));
    // A five-pair tractor led: a three-pair and a two-pair tractor held answer it together.
    let lead = "3♠ 3♠ 4♠ 4♠ 5♠ 5♠ 6♠ 6♠ 7♠ 7♠";
    let hand = "8♠ 8♠ 9♠ 9♠ 10♠ 10♠ Q♠ Q♠ K♠ K♠ A♠";
    assert_eq!(follow_rule(&ctx, lead, hand, "8♠ 8♠ 9♠ 9♠ 10♠ 10♠ Q♠ Q♠ K♠ K♠"), None);
}

/// §9.3 (issue 19, 3 decks): following a throw of a tractor and a triple, the follower's triple
/// answers the triple; a play that spends two of its cards on a tractor, breaking it, matches
/// fewer cards (`must-follow-shape`).
#[test]
fn following_a_throw_with_a_triple_keeps_the_followers_triple_whole() {
    let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
    let lead = "J♠ J♠ Q♠ Q♠ 9♠ 9♠ 9♠";
    let hand = "5♠ 5♠ 5♠ 6♠ 6♠ 8♠ 10♠ A♠ 4♥";
    assert_eq!(follow_rule(&ctx, lead, hand, "5♠ 5♠ 5♠ 6♠ 6♠ 8♠ 10♠"), None);
    assert_eq!(follow_rule(&ctx, lead, hand, "5♠ 5♠ 6♠ 6♠ 8♠ 10♠ A♠"), Some("must-follow-shape"));
}

/// §9.3: a failed throw's forced unit, between equal units of different suits (off-suit level
/// cards in trumps), is the first in suit order ♥ ♦ ♣ ♠.
#[test]
fn a_failed_throws_forced_unit_between_equal_cards_goes_in_suit_order() {
    let ctx = TrumpContext::new(Rank::Seven, Some(Suit::Clubs));
    let others = [cards("7♣ 4♦"), cards("3♦"), cards("4♦")];
    let hands: Vec<&[Card]> = others.iter().map(Vec::as_slice).collect();
    for throw in ["7♠ 7♥", "7♥ 7♠"] {
        let result = check_lead(&ctx, &cards(throw), &hands).unwrap();
        assert_eq!(result.cards, cards("7♥"), "{throw}");
    }
}

/// §9.2 (issue 19): when nobody declares in deal 1 the cards are dealt again, twice at most: the
/// third deal's first seat dealt to is banker, and with nobody declaring a kitty card fixes trump.
#[test]
fn deal_one_is_redealt_twice_at_most() {
    let setup = TableSetup {
        wire_ids: (1..=4).map(|n| format!("p{n}.x")).collect(),
        seed: 5,
        deal: None,
        options: [("max-deals".to_owned(), "1".to_owned())].into(),
    };
    let mut e = ShengjiEngine::new(ShengjiRules::with_options(&setup.options).unwrap(), &setup).unwrap();
    let mut lines = Vec::new();
    while let Awaiting::One(seat) = e.awaiting() {
        lines.extend(e.take_deliveries().into_iter().filter(|d| d.seat == 0).map(|d| d.line));
        if !matches!(e.deal().phase, Phase::Dealing | Phase::LastCall { .. }) {
            break;
        }
        e.submit(seat, "PASS").unwrap();
    }
    lines.extend(e.take_deliveries().into_iter().filter(|d| d.seat == 0).map(|d| d.line));
    let redeals = lines.iter().filter(|l| *l == "REDEAL").count();
    let deals: Vec<&String> = lines.iter().filter(|l| l.starts_with("DEAL ")).collect();
    assert_eq!(redeals, 2, "{deals:?}");
    assert_eq!(deals.len(), 3);
    assert!(!deals[2].ends_with(" -"), "the third deal names its banker: {}", deals[2]);
    assert!(lines.iter().any(|l| l.starts_with("KITTY_TURNED ")), "a kitty card fixes trump");
}
