//! Buraco Fechado STBL: the rule table and the scenarios B1–B10 of `buraco-stbl.md` (E5, the
//! morto becoming the stock, too), driven through the public engine interface with deal files.

use juiz::cards::{Card, format_list};
use juiz::games::buraco::{BuracoEngine, BuracoRules, Meld};
use juiz::games::{Delivery, Ending, Engine, SetupError, TableSetup, ViolationKind};

/// What ended a finished game, in English.
fn reason_text(ending: &Ending) -> String {
    match ending {
        Ending::Finished { reason } => reason.to_string(),
        other => format!("{other:?}"),
    }
}

fn cards(tokens: &str) -> Vec<Card> {
    tokens.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

fn setup(seats: usize, seed: u64, deal: Option<&str>) -> TableSetup {
    let names = ["p1.botA", "p2.botB", "p3.botC", "p4.botD"];
    TableSetup {
        wire_ids: names[..seats].iter().map(|s| s.to_string()).collect(),
        seed,
        deal: deal.map(String::from),
        options: Default::default(),
    }
}

/// A morto nobody in these scenarios needs: 11 cards of 10, J and Q.
const SPARE_MORTO: &str = "10♦ J♦ Q♦ 10♣ J♣ Q♣ 10♥ J♥ Q♥ 10♠ J♠";

/// An STBL game from hands, the two mortos, the start seat and the top of the stock.
fn game(hands: &[&str], mortos: [&str; 2], start: usize, stock: &str) -> BuracoEngine {
    let mut deal = String::new();
    for list in hands.iter().chain(&mortos) {
        deal.push_str(&format!("[ {list} ]\n"));
    }
    deal.push_str(&format!("{start}\n[ {stock} ]\n"));
    BuracoEngine::new(BuracoRules::stbl(), &setup(hands.len(), 7, Some(&deal))).unwrap()
}

fn lines_for(deliveries: &[Delivery], seat: usize) -> Vec<&str> {
    deliveries.iter().filter(|d| d.seat == seat).map(|d| d.line.as_str()).collect()
}

fn play(engine: &mut BuracoEngine, seat: usize, lines: &[&str]) {
    for line in lines {
        if let Err(v) = engine.submit(seat, line) {
            panic!("{line:?} was refused: {v}\n{}", juiz::report::table_text(&engine.table(None)));
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

fn meld(tokens: &str) -> Result<Meld, juiz::games::buraco::MeldError> {
    Meld::new(&cards(tokens), &BuracoRules::stbl().melds)
}

#[test]
fn components_and_setup() {
    let rules = BuracoRules::stbl();
    assert_eq!((rules.card_count(), rules.copies_of(Card::Joker)), (108, 4));
    let v = |t: &str| rules.values.of(t.parse().unwrap());
    assert_eq!([v("JK"), v("A♠"), v("K♠"), v("8♠"), v("7♠"), v("3♠"), v("2♠")], [50, 15, 10, 10, 5, 5, 10]);
    for (seats, stock) in [(2, 64), (4, 42)] {
        let mut e = BuracoEngine::new(rules.clone(), &setup(seats, 3, None)).unwrap();
        assert!((0..seats).all(|s| e.hand(s).len() == 11));
        assert_eq!((e.morto(0).map(<[Card]>::len), e.morto(1).map(<[Card]>::len)), (Some(11), Some(11)));
        assert_eq!((e.stock_len(), e.discard_pile().len()), (stock, 0), "the pile starts empty");
        let d = e.take_deliveries();
        assert_eq!(lines_for(&d, 0)[3], "[  ]", "the fourth opening line is the empty pile");
        assert_eq!(
            e.table(None),
            BuracoEngine::new(rules.clone(), &setup(seats, 3, Some(&e.deal_text()))).unwrap().table(None)
        );
    }
    let err = BuracoEngine::new(rules.clone(), &setup(3, 1, None));
    assert!(matches!(err, Err(SetupError::SeatCount { got: 3, .. })), "{err:?}");
}

#[test]
fn bad_deal_files_name_the_problem() {
    let rules = BuracoRules::stbl();
    let error = |deal: &str| match BuracoEngine::new(rules.clone(), &setup(2, 1, Some(deal))) {
        Err(SetupError::Deal { line, message }) => (line, message),
        other => panic!("{deal:?} should be refused, got {:?}", other.map(|_| ())),
    };
    let short = format!("[ 5♠ ]\n[ 6♠ ]\n[ {SPARE_MORTO} ]\n[ 3♥ ]\n0\n");
    assert_eq!(error(&short), (4, "morto of side 1 has 1 cards, not 11".into()));
    let jokers = format!("[ JK JK JK ]\n[ JK JK ]\n[ {SPARE_MORTO} ]\n[ {SPARE_MORTO} ]\n0\n");
    assert_eq!(error(&jokers), (2, "JK is named more times than the 2 deck(s) hold (4)".into()));
    assert!(error("[ 5♠ ]\n[ 6♠ ]\nK♦\n0\n").1.contains("a morto line per side"));
}

#[test]
fn b1_only_runs_one_wild_natural_two_checked_ace() {
    for (tokens, clean) in
        [("J♠ 10♠ 9♠", true), ("Q♣ K♣ A♣", true), ("A♣ 2♣ 3♣", true), ("K♣ A♣ 2♣", false), ("4♥ JK 6♥", false)]
    {
        assert_eq!(meld(tokens).map(|m| m.is_clean()), Ok(clean), "{tokens}");
    }
    for tokens in ["9♥ 9♠ 9♦", "4♥ JK 2♠ 7♥", "K♥ A♥ 3♥", "A♠ 2♥ 3♥", "JK JK 2♣"] {
        assert!(meld(tokens).is_err(), "{tokens} should be invalid");
    }
}

#[test]
fn b2_the_wild_floats_and_a_natural_two_cleans_the_run() {
    let rules = BuracoRules::stbl();
    let run = meld("3♠ 2♠ 5♠").unwrap();
    assert!(!run.is_clean());
    let joined = run.join(&cards("4♠"), &rules.melds).unwrap();
    assert_eq!((format_list(joined.cards()), joined.is_clean()), ("[ 2♠ 3♠ 4♠ 5♠ ]".into(), true));
    let joined = meld("J♠ 2♦ K♠").unwrap().join(&cards("Q♠"), &rules.melds).unwrap();
    assert_eq!((format_list(joined.cards()), joined.is_clean()), ("[ 2♦ J♠ Q♠ K♠ ]".into(), false));
}

/// Seat 1 discards first, so that seat 0 (holding `hand0`, with its run `6♥ 7♥ 8♥` melded on its
/// first turn) faces a pile whose top is `top`.
fn facing_top(hand0: &str, pile_below: [&str; 4], top: &str) -> BuracoEngine {
    let [a, b, c, d] = pile_below;
    let hand0 = format!("6♥ 7♥ 8♥ {hand0} {b}");
    let hand1 = format!("{a} {c} {top} 5♦");
    let mut e = game(&[&hand0, &hand1], [SPARE_MORTO, SPARE_MORTO], 1, "3♣ 4♦ 9♣ 5♥ 6♦");
    play(&mut e, 1, &["GET_STOCK", &format!("DISCARD {a}")]); // draws 3♣
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 6♥ 7♥ 8♥ ]", &format!("DISCARD {b}")]); // 4♦
    play(&mut e, 1, &["GET_STOCK", &format!("DISCARD {c}")]); // 9♣
    play(&mut e, 0, &["GET_STOCK", &format!("DISCARD {d}")]); // 5♥
    play(&mut e, 1, &["GET_STOCK", &format!("DISCARD {top}")]); // 6♦
    e
}

#[test]
fn b3_the_top_card_joins_an_own_run_and_the_rest_goes_to_the_hand() {
    let mut e = facing_top("K♠", ["A♠", "K♣", "3♠", "5♥"], "9♥");
    assert_eq!(e.discard_pile().len(), 5);
    e.take_deliveries();
    play(&mut e, 0, &["GET_DISCARD_JOIN 0"]);
    assert_eq!(format_list(e.melds(0)[0].cards()), "[ 6♥ 7♥ 8♥ 9♥ ]");
    let d = e.take_deliveries();
    assert_eq!(lines_for(&d, 0), ["[ A♠ K♣ 3♠ 5♥ ]"]);
    assert_eq!(lines_for(&d, 1), ["GET_DISCARD_JOIN 0"]);
    let mut hand = e.hand(0).cards().to_vec();
    hand.sort();
    let mut want = cards("K♠ 4♦ A♠ K♣ 3♠ 5♥");
    want.sort();
    assert_eq!(hand, want);
}

#[test]
fn b4_a_wild_top_card_only_starts_a_new_run() {
    let mut e = facing_top("4♣ 5♣ K♦", ["A♠", "K♣", "3♠", "5♥"], "JK");
    refused(&mut e, 0, "GET_DISCARD_JOIN 0", "closed-pile");
    play(&mut e, 0, &["GET_DISCARD [ 4♣ 5♣ ]"]);
    assert_eq!(format_list(e.melds(0)[1].cards()), "[ JK 4♣ 5♣ ]");

    let mut e = facing_top("K♥ 4♣ 9♦", ["A♠", "K♣", "3♠", "5♥"], "JK");
    refused(&mut e, 0, "GET_DISCARD_JOIN 0", "closed-pile");
    for pair in ["K♥ 4♣", "K♥ 9♦", "4♣ 9♦"] {
        refused(&mut e, 0, &format!("GET_DISCARD [ {pair} ]"), "closed-pile");
    }
    play(&mut e, 0, &["GET_STOCK"]);
}

#[test]
fn b10_melding_the_whole_hand_takes_the_morto_and_the_turn_goes_on() {
    let morto = "4♥ 5♥ 6♥ 7♥ 8♥ 9♥ JK 5♠ K♦ 9♠ 10♠";
    let mut e = game(&["6♠ 7♠", "3♣ 3♦"], [morto, SPARE_MORTO], 0, "8♠");
    e.take_deliveries();
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 6♠ 7♠ 8♠ ]"]);
    let d = e.take_deliveries();
    assert_eq!(lines_for(&d, 0), ["8♠", &format!("MORTO [ {morto} ]")]);
    assert_eq!(lines_for(&d, 1), ["GET_STOCK", "MELD_NEW [ 6♠ 7♠ 8♠ ]", "MORTO"]);
    assert!(e.morto_taken(0) && e.morto(0).is_none());
    assert_eq!((e.current(), e.hand(0).len()), (0, 11), "the same turn goes on");
    assert!(e.outcome().is_none());
}

#[test]
fn emptying_the_hand_by_the_discard_takes_the_morto_for_the_next_turn() {
    let morto = "4♥ 5♥ 6♥ 7♥ 8♥ 9♥ JK 5♠ K♦ 9♠ 10♠";
    let mut e = game(&["6♠ 7♠ 8♠", "3♣ 3♦"], [morto, SPARE_MORTO], 0, "K♣");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 6♠ 7♠ 8♠ ]"]);
    e.take_deliveries();
    play(&mut e, 0, &["DISCARD K♣"]);
    let d = e.take_deliveries();
    assert_eq!(lines_for(&d, 1), ["DISCARD K♣", "MORTO", "p2.botB"]);
    assert_eq!((e.current(), e.hand(0).len()), (1, 11));
}

#[test]
fn b5_no_going_out_without_a_clean_canastra() {
    let morto = "4♥ 5♥ 6♥ 7♥ 8♥ 9♥ JK 5♠ K♦ 9♠ 10♠";
    let mut e = game(&["6♠ 7♠", "3♣ 3♦"], [morto, SPARE_MORTO], 0, "8♠ Q♣ K♦");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 6♠ 7♠ 8♠ ]", "MELD_NEW [ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ JK ]"]);
    assert!(e.melds(0)[1].is_canastra(e.rules()) && !e.melds(0)[1].is_clean());
    play(&mut e, 0, &["MELD_JOIN 0 [ 9♠ 10♠ ]", "DISCARD K♦"]);
    assert_eq!(format_list(e.hand(0).cards()), "[ 5♠ ]");
    play(&mut e, 1, &["GET_STOCK", "DISCARD Q♣"]);
    play(&mut e, 0, &["GET_STOCK"]);
    refused(&mut e, 0, "MELD_JOIN 0 [ 5♠ ]", "go-out-needs-clean-canastra");
    let mut discard_king = e.clone();
    play(&mut discard_king, 0, &["DISCARD K♦"]);
    play(&mut e, 0, &["DISCARD 5♠"]);
    assert_eq!(format_list(e.hand(0).cards()), "[ K♦ ]");
}

/// 4 players: A1 (seat 0) takes team A's morto, which holds `canastra`; A2 (seat 2) then draws
/// `8♣` holding `7♣` with team A's run `4♣ 5♣ 6♣` on the table.
fn b8_table(canastra: &str) -> BuracoEngine {
    let morto = format!("{canastra} K♠ K♠ Q♦ J♦");
    let mut e = game(&["4♣ 5♣", "K♥", "7♣", "Q♠"], [&morto, SPARE_MORTO], 0, "6♣ 3♦ 8♣");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 4♣ 5♣ 6♣ ]", &format!("MELD_NEW [ {canastra} ]"), "DISCARD K♠"]);
    play(&mut e, 1, &["GET_STOCK", "DISCARD 3♦"]);
    play(&mut e, 2, &["GET_STOCK"]);
    e
}

#[test]
fn b8_a_partner_goes_out_by_melding_with_the_teams_clean_canastra() {
    let mut e = b8_table("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥");
    play(&mut e, 2, &["MELD_JOIN 0 [ 7♣ 8♣ ]"]);
    let outcome = e.outcome().expect("the game ends without a discard");
    assert_eq!(reason_text(&outcome.ending), "p3.botC went out");
    // run 4♣…8♣ 30 + clean canastra 45 + 200 + going out 100 − A1's hand K♠ Q♦ J♦ 30.
    assert_eq!(e.side_score(0).total(), 345);
    // B: B1 holds K♥ (it discarded the 3♦ it drew), B2 holds Q♠, morto never taken −100.
    assert_eq!(e.side_score(1).total(), -10 - 10 - 100);
    assert_eq!(outcome.winner, Some(0));

    let mut e = b8_table("3♥ 4♥ 5♥ JK 7♥ 8♥ 9♥");
    refused(&mut e, 2, "MELD_JOIN 0 [ 7♣ 8♣ ]", "go-out-needs-clean-canastra");
    refused(&mut e, 2, "MELD_JOIN 0 [ 7♣ ]", "go-out-needs-clean-canastra");
    play(&mut e, 2, &["DISCARD 7♣"]);
}

#[test]
fn b7_canastras_of_500_and_1000_only_when_laid_at_once() {
    let rules = BuracoRules::stbl();
    let ace_king = meld("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦").unwrap();
    assert_eq!(ace_king.points(&rules), 610);
    assert_eq!(meld("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦").unwrap().points(&rules), 1125);
    let built = meld("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦").unwrap().join(&cards("K♦"), &rules.melds).unwrap();
    assert_eq!(built.points(&rules), 310);
    assert_eq!(ace_king.join(&[], &rules.melds).unwrap().points(&rules), 610, "joining nothing keeps it");
    // `2♦ … K♦ A♦` is the same 13 cards as `A♦ 2♦ … K♦` (the 2♦ natural either way): a 500.
    assert_eq!(meld("2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦").unwrap().points(&rules), 610);
    assert_eq!(meld("A♦ 2♣ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦").unwrap().points(&rules), 110 + 100, "dirty");
    assert_eq!(BuracoRules::itp().canastra.ace_to_king_at_once, 0, "ITP has no such canastras");
}

/// Both seats take their mortos at once, then draw and discard until `left` stock cards remain.
fn mortos_taken_stock_left(left: usize) -> BuracoEngine {
    let m0 = "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ K♠ K♠ Q♦ J♦";
    let m1 = "3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ K♥ K♥ Q♣ J♣";
    let mut e = game(&["6♠ 7♠", "6♣ 7♣"], [m0, m1], 0, "8♠ 8♣");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 6♠ 7♠ 8♠ ]", "DISCARD K♠"]);
    play(&mut e, 1, &["GET_STOCK", "MELD_NEW [ 6♣ 7♣ 8♣ ]", "DISCARD K♥"]);
    while e.stock_len() > left {
        let seat = e.current();
        play(&mut e, seat, &["GET_STOCK"]);
        let drawn = *e.hand(seat).cards().last().unwrap();
        play(&mut e, seat, &[&format!("DISCARD {drawn}")]);
    }
    e
}

#[test]
fn b9_the_game_ends_after_the_turn_that_empties_the_stock() {
    let mut e = mortos_taken_stock_left(1);
    let seat = e.current();
    play(&mut e, seat, &["GET_STOCK"]);
    assert!(e.outcome().is_none(), "the turn is completed");
    let (run, king) = if seat.is_multiple_of(2) { ("3♥ 4♥ 5♥", "K♠") } else { ("3♦ 4♦ 5♦", "K♥") };
    play(&mut e, seat, &[&format!("MELD_NEW [ {run} ]"), &format!("DISCARD {king}")]);
    let outcome = e.outcome().expect("the stock is out");
    assert_eq!(reason_text(&outcome.ending), "the stock ran out");
    for side in 0..2 {
        assert_eq!((e.side_score(side).going_out, e.side_score(side).morto), (0, 0), "nobody went out");
        assert!(e.side_score(side).hands > 0, "both hands are subtracted");
    }
}

#[test]
fn e5_an_untaken_morto_becomes_the_stock() {
    let mut e = game(&["6♠ 7♠", "5♣ 9♣"], [SPARE_MORTO, SPARE_MORTO], 0, "8♠");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 6♠ 7♠ 8♠ ]", "DISCARD 10♦"]);
    while e.morto(1).is_some() {
        let seat = e.current();
        play(&mut e, seat, &["GET_STOCK"]);
        let drawn = *e.hand(seat).cards().last().unwrap();
        e.take_deliveries();
        play(&mut e, seat, &[&format!("DISCARD {drawn}")]);
    }
    let d = e.take_deliveries();
    assert!(lines_for(&d, 0).contains(&"MORTO_TO_STOCK 1"), "{d:?}");
    assert_eq!((e.stock_len(), e.morto(1), e.morto_taken(1)), (11, None, false));
    assert!(e.outcome().is_none());
    assert_eq!(e.side_score(1).morto, -100, "the side keeps the penalty");
}

#[test]
fn itp_lines_of_the_closed_pile_are_unknown_commands() {
    let deal = "[ 6♠ 7♠ ]\n[ 3♥ 4♥ 9♦ ]\n5♠\n0\n";
    let mut e = BuracoEngine::new(BuracoRules::itp(), &setup(2, 3, Some(deal))).unwrap();
    let v = e.submit(0, "GET_DISCARD_JOIN 0").unwrap_err();
    assert_eq!((v.kind, v.rule), (ViolationKind::Malformed, "unknown-command"));
}

#[test]
fn a_meld_may_leave_one_card_that_can_close_a_clean_canastra() {
    let morto = "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 4♣ 5♣ 6♣ 9♥ K♠";
    let mut e = game(&["6♠ 7♠", "3♣ 3♦"], [morto, SPARE_MORTO], 0, "8♠ K♦ 7♣");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 6♠ 7♠ 8♠ ]", "MELD_NEW [ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ ]"]);
    play(&mut e, 0, &["MELD_NEW [ 4♣ 5♣ 6♣ ]", "DISCARD K♠"]);
    play(&mut e, 1, &["GET_STOCK", "DISCARD K♦"]);
    play(&mut e, 0, &["GET_STOCK"]);
    // 9♥ is left, and it makes 3♥…9♥ a clean canastra: allowed, and then going out.
    play(&mut e, 0, &["MELD_JOIN 2 [ 7♣ ]", "MELD_JOIN 1 [ 9♥ ]"]);
    assert_eq!(e.outcome().map(|o| reason_text(&o.ending)).as_deref(), Some("p1.botA went out"));
}

/// A morto of low cards, none of them in the issue 19 scenarios.
const OTHER_MORTO: &str = "3♣ 4♣ 6♣ 7♣ 3♠ 4♠ 7♠ 9♠ 4♦ 6♦ 7♦";

/// Issue 19 point 5, decided: the source pays the 500 "from Ace to King – A, 2, 3, 4... K –
/// without wild cards – cards must be melded in one move" and the real canastra (1000) "from Ace
/// to Ace … – cards must be melded in one move". A 500 later extended with the second ace is 14
/// cards not melded in one move: neither, an ordinary clean canastra (+200).
#[test]
fn a_500_canastra_extended_with_an_ace_is_an_ordinary_clean_canastra() {
    let rules = BuracoRules::stbl();
    let ace_king = meld("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦").unwrap();
    assert_eq!(ace_king.join(&cards("A♦"), &rules.melds).unwrap().points(&rules), 125 + 200);
    let run = "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦";
    let no_diamonds = "10♠ J♠ Q♠ 10♣ J♣ Q♣ 10♥ J♥ Q♥ K♠ K♣";
    let mut e = game(&[&format!("{run} A♦ 5♠ 6♠"), "5♣ 9♣"], [no_diamonds, OTHER_MORTO], 0, "8♠");
    play(&mut e, 0, &["GET_STOCK", &format!("MELD_NEW [ {run} ]")]);
    assert_eq!(e.side_score(0).melds, 110 + 500);
    play(&mut e, 0, &["MELD_JOIN 0 [ A♦ ]"]);
    assert_eq!(e.side_score(0).melds, 125 + 200);
}

/// A game where seat 0 holds `hand0`, side 0's morto holds only cards that make a run with
/// `J♣ Q♣` (10♣, K♣, wild cards), and both seats draw and discard what they draw until that
/// morto has become the stock (`MORTO_TO_STOCK 0`) and seat 0 has just drawn from it.
fn morto_to_stock_then_seat_0_draws(hand0: &str, first: &[&str]) -> BuracoEngine {
    let m0 = "10♣ 10♣ K♣ K♣ JK JK JK JK 2♥ 2♦ 2♠";
    let mut e = game(&[hand0, "5♣ 9♣"], [m0, OTHER_MORTO], 0, "8♠");
    play(&mut e, 0, first);
    let mut told = false;
    while !(told && e.current() == 0) {
        let seat = e.current();
        play(&mut e, seat, &["GET_STOCK"]);
        let drawn = *e.hand(seat).cards().last().unwrap();
        play(&mut e, seat, &[&format!("DISCARD {drawn}")]);
        told |= lines_for(&e.take_deliveries(), 0).contains(&"MORTO_TO_STOCK 0");
    }
    play(&mut e, 0, &["GET_STOCK"]);
    e
}

/// Issue 19 point 5, decided: the source's second end, "getting rid of all cards if both dead
/// piles were used", is read with its going-out rule ("to discard last card players need to have
/// at least one clean canasta"): once a side's morto is gone — taken, or turned into the stock
/// (`MORTO_TO_STOCK`) — a player of that side empties his hand and ends the game only with a
/// clean canastra; the side keeps its −100 for never taking its morto.
#[test]
fn after_morto_to_stock_going_out_still_needs_a_clean_canastra() {
    let canastra = ["GET_STOCK", "MELD_NEW [ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ ]", "DISCARD 8♠"];
    let mut e = morto_to_stock_then_seat_0_draws("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ J♣ Q♣", &canastra);
    let drawn = *e.hand(0).cards().last().unwrap();
    play(&mut e, 0, &[&format!("MELD_NEW [ J♣ Q♣ {drawn} ]")]);
    let outcome = e.outcome().expect("seat 0 goes out");
    assert!(reason_text(&outcome.ending).contains("went out"), "{}", reason_text(&outcome.ending));
    assert_eq!((e.side_score(0).going_out, e.side_score(0).morto), (100, -100));

    let mut e = morto_to_stock_then_seat_0_draws("J♣ Q♣", &["GET_STOCK", "DISCARD 8♠"]);
    let drawn = *e.hand(0).cards().last().unwrap();
    refused(&mut e, 0, &format!("MELD_NEW [ J♣ Q♣ {drawn} ]"), "go-out-needs-clean-canastra");
}
