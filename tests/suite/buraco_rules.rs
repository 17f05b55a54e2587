//! ITP Buraco rule tables and the scenarios T1–T10 of `itp-buraco.md` §5 (as fixed by issue 2),
//! driven through the public engine interface.

use juiz::cards::{Card, format_list};
use juiz::games::buraco::{BuracoEngine, BuracoRules, Meld};
use juiz::games::{Awaiting, Delivery, Ending, Engine, SetupError, TableSetup, ViolationKind};

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

fn game(seats: usize, deal: &str) -> BuracoEngine {
    BuracoEngine::new(BuracoRules::itp(), &setup(seats, 7, Some(deal))).unwrap()
}

/// The lines `seat` is sent, in order.
fn lines_for(deliveries: &[Delivery], seat: usize) -> Vec<&str> {
    deliveries.iter().filter(|d| d.seat == seat).map(|d| d.line.as_str()).collect()
}

/// Submits lines that must all be accepted.
fn play(engine: &mut BuracoEngine, seat: usize, lines: &[&str]) {
    for line in lines {
        if let Err(v) = engine.submit(seat, line) {
            panic!("{line:?} was refused: {v}");
        }
    }
}

/// Submits a line that must be refused with `rule`; the offender then forfeits.
fn refused(engine: &mut BuracoEngine, seat: usize, line: &str, kind: ViolationKind, rule: &str) {
    let before = engine.table(None);
    let v = engine.submit(seat, line).expect_err(line);
    assert_eq!((v.kind, v.rule), (kind, rule), "{line:?}: {v}");
    assert_eq!(engine.table(None), before, "a refused line changes nothing");
    engine.forfeit(seat);
}

/// Stored order, points and cleanliness of a valid meld.
type Valid = (&'static str, i64, bool);

/// (cards, Some(valid) or None for an invalid meld)
const MELD_TABLE: &[(&str, Option<Valid>)] = &[
    // T2
    ("4♥ 5♥ 2♣ 7♥", Some(("4♥ 5♥ 2♣ 7♥", 25, false))),
    ("4♥ 5♥ 2♣ 7♥ 2♦ 9♥", None),
    ("2♥ 2♣ 4♥ 5♥", Some(("2♥ 2♣ 4♥ 5♥", 30, false))),
    ("2♣ 2♦ 4♥ 5♥", None),
    ("A♥ 3♥ 4♥", None),
    ("K♥ A♥ 2♥", Some(("2♥ K♥ A♥", 35, false))),
    ("A♥ A♥ 2♣", None),
    ("5♥ 6♥ 6♥", None),
    ("3♥ 4♥ 5♦", None),
    ("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", Some(("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", 325, true))),
    ("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", Some(("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", 245, true))),
    ("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 2♣", Some(("2♣ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", 145, false))),
    ("A♥ 2♠ 3♥ 4♥ 5♥ 6♥ 7♥", Some(("A♥ 2♠ 3♥ 4♥ 5♥ 6♥ 7♥", 150, false))),
    // M9 and §2 edge cases
    ("5♠ 6♠ 7♠ 2♣", Some(("2♣ 5♠ 6♠ 7♠", 25, false))),
    ("3♥ 4♥ 2♥", Some(("2♥ 3♥ 4♥", 20, true))),
    ("3♥ 2♥ 5♥", Some(("3♥ 2♥ 5♥", 20, false))),
    ("A♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", None),
    ("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♣", None),
    ("A♥ 3♥ 2♣", Some(("A♥ 2♣ 3♥", 30, false))),
    ("Q♥ A♥ 2♣", Some(("Q♥ 2♣ A♥", 35, false))),
    ("A♥ 2♥ 2♣", Some(("2♣ A♥ 2♥", 35, false))),
    ("2♣ 2♣ 3♣", Some(("2♣ 2♣ 3♣", 25, false))),
    // Q2 fixed: aces are suit-checked; Q3 fixed: only 2s is an invalid meld
    ("Q♥ K♥ A♠", None),
    ("A♠ 2♥ 3♥", None),
    ("2♥ 2♦ 2♣", None),
    ("2♥ 2♥ 2♥ 3♥", None),
    ("5♥ 6♥", None),
];

#[test]
fn meld_table() {
    let rules = BuracoRules::itp();
    for &(input, expected) in MELD_TABLE {
        match (expected, Meld::new(&cards(input), &rules.melds)) {
            (None, Err(_)) => {}
            (Some((order, points, clean)), Ok(meld)) => {
                assert_eq!(format_list(meld.cards()), format_list(&cards(order)), "stored order of {input}");
                assert_eq!((meld.points(&rules), meld.is_clean()), (points, clean), "{input}");
            }
            (expected, got) => panic!("{input}: expected {expected:?}, got {got:?}"),
        }
    }
}

#[test]
fn t1_going_out_by_taking_the_pile() {
    let mut e = game(2, "[ 6♠ 7♠ ]\n[ 3♥ 4♥ 9♦ ]\n5♠\n0\n");
    let opening = e.take_deliveries();
    assert_eq!(lines_for(&opening, 0), ["p1.botA p2.botB", "p1.botA", "[ 6♠ 7♠ ]", "5♠", "p1.botA"]);
    assert_eq!(lines_for(&opening, 1), ["p1.botA p2.botB", "p2.botB", "[ 3♥ 4♥ 9♦ ]", "5♠", "p1.botA"]);
    assert_eq!(opening[..4].iter().map(|d| d.seat).collect::<Vec<_>>(), [0; 4], "seat 0's setup lines come first");
    play(&mut e, 0, &["GET_DISCARD [ 6♠ 7♠ ]"]);
    let d = e.take_deliveries();
    assert_eq!(lines_for(&d, 0), ["[  ]"]);
    assert_eq!(lines_for(&d, 1), ["GET_DISCARD [ 6♠ 7♠ ]"]);
    let out = e.outcome().unwrap();
    assert_eq!((out.scores, out.winner), (vec![115, -20], Some(0)));
    assert_eq!(reason_text(&out.ending), "p1.botA went out");
    assert_eq!(e.awaiting(), Awaiting::Nobody);
    assert_eq!(e.submit(1, "GET_STOCK").unwrap_err().rule, "game-over");
}

#[test]
fn t3_join_turns_a_dirty_canastra_clean() {
    let mut e = game(2, "[ 3♥ 4♥ 2♥ 6♥ 7♥ 8♥ 9♥ 5♥ K♣ ]\n[ 3♠ 4♠ ]\nK♦\n0\n[ Q♣ ]\n");
    e.take_deliveries();
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 3♥ 4♥ 2♥ 6♥ 7♥ 8♥ 9♥ ]"]);
    assert_eq!(e.melds(0)[0].points(e.rules()), 150);
    play(&mut e, 0, &["MELD_JOIN 0 [ 5♥ ]"]);
    assert_eq!(format_list(e.melds(0)[0].cards()), "[ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ ]");
    assert_eq!(e.side_score(0).melds, 255);
    let d = e.take_deliveries();
    assert_eq!(lines_for(&d, 1), ["GET_STOCK", "MELD_NEW [ 3♥ 4♥ 2♥ 6♥ 7♥ 8♥ 9♥ ]", "MELD_JOIN 0 [ 5♥ ]"]);
}

#[test]
fn t4_phantom_card_is_refused() {
    let mut e = game(2, "[ 2♣ 3♣ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    play(&mut e, 0, &["GET_STOCK"]);
    refused(&mut e, 0, "MELD_NEW [ 2♣ 2♣ 3♣ ]", ViolationKind::Illegal, "card-not-in-hand");
    assert_eq!(e.outcome().unwrap().winner, Some(1));
}

#[test]
fn t5_meld_of_twos_is_invalid() {
    let mut e = game(2, "[ 2♣ 2♦ 2♥ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    play(&mut e, 0, &["GET_STOCK"]);
    refused(&mut e, 0, "MELD_NEW [ 2♣ 2♦ 2♥ ]", ViolationKind::Illegal, "meld-invalid");
    let out = e.outcome().unwrap();
    assert_eq!((out.winner, out.ending), (Some(1), Ending::Forfeit { seat: 0 }));
}

#[test]
fn t6_failed_join_changes_nothing() {
    let mut e = game(2, "[ 5♣ 6♣ 7♣ 9♣ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n[ Q♥ ]\n");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 5♣ 6♣ 7♣ ]"]);
    refused(&mut e, 0, "MELD_JOIN 0 [ 9♣ ]", ViolationKind::Illegal, "meld-invalid");
    let out = e.outcome().unwrap();
    // 15 in the meld, minus 9♣ 9♥ Q♥ in hand; the 9♣ counts once (Q6 fixed).
    assert_eq!((out.scores, out.winner), (vec![-15, -20], Some(1)));
}

#[test]
fn t7_the_offenders_opponents_win_in_four_player_games() {
    let deal = |start| format!("[ 5♣ 6♣ 7♣ ]\n[ 3♥ 4♥ 9♦ ]\n[ 8♥ 9♥ 10♥ ]\n[ 3♠ 4♠ 9♠ ]\nK♦\n{start}\n");
    for (start, offender, winner) in [(2, 2, 1), (1, 1, 0)] {
        let mut e = game(4, &deal(start));
        refused(&mut e, offender, "FOO", ViolationKind::Malformed, "unknown-command");
        let out = e.outcome().unwrap();
        assert_eq!((out.scores, out.winner), (vec![-45, -40], Some(winner)), "offender {offender}");
    }
}

#[test]
fn t8_stock_out_ends_the_game_with_card_value_penalties() {
    let mut e = BuracoEngine::new(BuracoRules::itp(), &setup(2, 42, None)).unwrap();
    e.take_deliveries();
    let mut draws = 0;
    while e.outcome().is_none() {
        let seat = e.current();
        e.submit(seat, "GET_STOCK").unwrap();
        let drawn = e.take_deliveries().into_iter().find(|d| d.seat == seat);
        if let Some(card) = drawn {
            draws += 1;
            e.submit(seat, &format!("DISCARD {}", card.line)).unwrap();
            e.take_deliveries();
        }
    }
    assert_eq!(draws, 81);
    assert_eq!(e.take_deliveries(), [], "no reply to the failed draw");
    let out = e.outcome().unwrap();
    let Ending::Finished { reason } = &out.ending else { panic!("{:?}", out.ending) };
    assert!(reason.to_string().ends_with("asked for a card from an empty stock"), "{reason}");
    let penalty = |seat| e.rules().values.sum(e.hand(seat).cards());
    assert_eq!(out.scores, vec![-penalty(0), -penalty(1)]);
    assert_eq!((e.hand(0).len(), e.hand(1).len()), (11, 11));
    assert_eq!(e.turns(), 81);
}

#[test]
fn t9_lenient_forms_and_their_broadcasts() {
    let mut e = game(2, "[ 5♣ 6♣ 7♣ 8♣ 9♥ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    e.take_deliveries();
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW 5♣ 6♣ 7♣", "MELD_JOIN 0 [ ]", "DISCARD [ 9♥ ]"]);
    let d = e.take_deliveries();
    assert_eq!(lines_for(&d, 1), ["GET_STOCK", "MELD_NEW [ 5♣ 6♣ 7♣ ]", "MELD_JOIN 0 [  ]", "DISCARD 9♥", "p2.botB"]);
    let to_actor = lines_for(&d, 0);
    assert_eq!(to_actor.len(), 2, "the actor gets its card and the next turn line, no echo");
    assert_eq!(to_actor[1], "p2.botB");
}

#[test]
fn t10_non_integer_meld_index_is_malformed() {
    for index in ["x", "0x1", "1.5", "-0"] {
        let mut e = game(2, "[ 5♣ 6♣ 7♣ 8♣ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
        play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 5♣ 6♣ 7♣ ]"]);
        refused(&mut e, 0, &format!("MELD_JOIN {index} [ 8♣ ]"), ViolationKind::Malformed, "bad-index");
    }
}

#[test]
fn going_out_by_melding_ends_without_a_discard() {
    let mut e = game(2, "[ 5♣ 6♣ 7♣ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n[ 8♣ ]\n");
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 5♣ 6♣ 7♣ ]"]);
    e.take_deliveries();
    let narration = e.submit(0, "MELD_JOIN 00 [ 8♣ ]").unwrap();
    assert!(narration.to_string().ends_with("and goes out"), "{narration}");
    assert_eq!(lines_for(&e.take_deliveries(), 1), ["MELD_JOIN 00 [ 8♣ ]"]);
    assert_eq!(e.outcome().unwrap().scores, vec![25 + 100, -20]);
}

#[test]
fn identical_cards_and_wild_tops_can_be_used() {
    // Two 2♣ in hand meld with the top 3♣: a natural 2♣ and a wild 2♣ (§2.8, §2.4).
    let mut e = game(2, "[ 2♣ 2♣ 9♥ A♥ ]\n[ 3♥ 4♥ 9♦ ]\n3♣\n0\n");
    play(&mut e, 0, &["GET_DISCARD [ 2♣ 2♣ ]"]);
    assert_eq!(format_list(e.melds(0)[0].cards()), "[ 2♣ 2♣ 3♣ ]");
    assert_eq!(e.hand(0).len(), 2);
    let mut e = game(2, "[ 3♥ 4♥ 9♥ ]\n[ 3♠ ]\n2♥\n0\n");
    play(&mut e, 0, &["GET_DISCARD 3♥ 4♥"]);
    assert_eq!(format_list(e.melds(0)[0].cards()), "[ 2♥ 3♥ 4♥ ]");
    assert!(e.melds(0)[0].is_clean());
}

#[test]
fn turn_order_and_phase_violations() {
    let mut e = game(2, "[ 5♣ 6♣ 7♣ 8♣ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    let cases: &[(usize, &str, ViolationKind, &str)] = &[
        (1, "GET_STOCK", ViolationKind::Illegal, "not-your-turn"),
        (0, "DISCARD 9♥", ViolationKind::Illegal, "draw-first"),
        (0, "MELD_NEW [ 5♣ 6♣ 7♣ ]", ViolationKind::Illegal, "draw-first"),
        (0, "GET_DISCARD [ Q♦ ]", ViolationKind::Illegal, "discard-needs-two-cards"),
        (0, "GET_DISCARD [ Q♦ J♦ ]", ViolationKind::Illegal, "card-not-in-hand"),
        (0, "GET_DISCARD [ 5♣ 6♣ ]", ViolationKind::Illegal, "meld-invalid"),
        (0, "", ViolationKind::Malformed, "unknown-command"),
    ];
    for &(seat, line, kind, rule) in cases {
        let v = e.submit(seat, line).expect_err(line);
        assert_eq!((v.kind, v.rule), (kind, rule), "{line:?}");
    }
    play(&mut e, 0, &["GET_STOCK"]);
    for (line, kind, rule) in [
        ("GET_STOCK", ViolationKind::Illegal, "already-drew"),
        ("MELD_JOIN 0 [ 8♣ ]", ViolationKind::Illegal, "bad-index"),
        ("DISCARD K♠", ViolationKind::Illegal, "card-not-in-hand"),
        ("DISCARD 9♥ 8♣", ViolationKind::Malformed, "wrong-argument-count"),
        ("MELD_NEW [ 5♣ 6♣ 7♣ 9♥ ]", ViolationKind::Illegal, "meld-invalid"),
        ("MELD_NEW [ 5♣ 6♣ 7♣ 9♥x ]", ViolationKind::Malformed, "bad-card"),
    ] {
        let v = e.submit(0, line).expect_err(line);
        assert_eq!((v.kind, v.rule), (kind, rule), "{line:?}");
    }
    assert!(e.prompt_hint(0).to_string().starts_with("meld or discard"));
    assert!(e.prompt_hint(1).to_string().starts_with("wait"));
}

#[test]
fn four_player_join_indices_count_the_partners_melds() {
    let deal = "[ 5♣ 6♣ 7♣ 9♥ ]\n[ 3♥ 4♥ 9♦ K♠ ]\n[ 8♣ 9♦ 10♦ ]\n[ 3♠ 4♠ 9♠ Q♠ ]\nK♦\n0\n[ J♥ Q♥ K♥ ]\n";
    let mut e = game(4, deal);
    e.take_deliveries();
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 5♣ 6♣ 7♣ ]", "DISCARD J♥"]);
    play(&mut e, 1, &["GET_STOCK", "DISCARD Q♥"]);
    play(&mut e, 2, &["GET_STOCK", "MELD_JOIN 0 [ 8♣ ]", "DISCARD K♥"]);
    let d = e.take_deliveries();
    for seat in [0, 1, 3] {
        assert!(lines_for(&d, seat).contains(&"MELD_JOIN 0 [ 8♣ ]"), "seat {seat}");
    }
    assert_eq!(lines_for(&d, 3).last(), Some(&"p4.botD"));
    assert_eq!(format_list(e.melds(0)[0].cards()), "[ 5♣ 6♣ 7♣ 8♣ ]");
}

#[test]
fn a_wrong_join_index_in_four_players_names_the_partners_meld() {
    // The usual bug: a bot counts only its own melds. Seat 2 made meld 1 after its partner's 0.
    let deal = "[ 5♣ 6♣ 7♣ 9♥ ]\n[ 3♥ 4♥ 9♦ K♠ ]\n[ 8♦ 9♦ 10♦ J♦ 4♠ ]\n[ 3♠ 4♠ 9♠ Q♠ ]\nK♦\n0\n[ J♥ Q♥ K♥ ]\n";
    let mut e = game(4, deal);
    play(&mut e, 0, &["GET_STOCK", "MELD_NEW [ 5♣ 6♣ 7♣ ]", "DISCARD J♥"]);
    play(&mut e, 1, &["GET_STOCK", "DISCARD Q♥"]);
    play(&mut e, 2, &["GET_STOCK", "MELD_NEW [ 8♦ 9♦ 10♦ ]"]);
    let v = e.submit(2, "MELD_JOIN 0 [ J♦ ]").expect_err("the partner's meld");
    assert_eq!(v.rule, "meld-invalid");
    assert!(v.detail.to_string().contains("the index counts your team's melds"), "{v}");
    assert!(v.detail.to_string().contains("meld 0 is your partner's (p1.botA), yours is 1"), "{v}");
    let v = e.submit(2, "MELD_JOIN 2 [ J♦ ]").expect_err("out of range");
    assert_eq!(v.rule, "bad-index");
    assert!(v.detail.to_string().contains("0 to 1); the index counts your team's melds"), "{v}");
    play(&mut e, 2, &["MELD_JOIN 1 [ J♦ ]"]);
    // In 2-player games the note would only be noise.
    let mut two = game(2, "[ 5♣ 6♣ 7♣ 9♥ ]\n[ 3♥ 4♥ 9♦ K♠ ]\nK♦\n0\n[ J♥ ]\n");
    play(&mut two, 0, &["GET_STOCK", "MELD_NEW [ 5♣ 6♣ 7♣ ]"]);
    let v = two.submit(0, "MELD_JOIN 1 [ 9♥ ]").expect_err("out of range");
    assert!(!v.detail.to_string().contains("partner"), "{v}");
}

#[test]
fn deal_file_errors_are_setup_errors() {
    let err = BuracoEngine::new(BuracoRules::itp(), &setup(2, 1, Some("[ 6♠ 6♠ 6♠ ]\n[ 3♥ ]\n5♠\n0\n")));
    assert!(matches!(err, Err(SetupError::Deal { line: 1, .. })), "{err:?}");
    let err = BuracoEngine::new(BuracoRules::itp(), &setup(3, 1, None));
    assert!(matches!(err, Err(SetupError::SeatCount { got: 3, .. })), "{err:?}");
}

#[test]
fn the_factory_builds_the_itp_engine() {
    let deal = "[ 6♠ 7♠ ]\n[ 3♥ 4♥ 9♦ ]\n5♠\n1\n";
    let mut e = juiz::games::new_engine(juiz::games::GameKind::ItpBuraco, &setup(2, 3, Some(deal))).unwrap();
    assert_eq!((e.seat_count(), e.side_count(), e.side_of(1)), (2, 2, 1));
    assert_eq!(e.awaiting(), Awaiting::One(1));
    assert!(e.prompt_hint(1).to_string().starts_with("draw: GET_STOCK or GET_DISCARD"));
    assert!(e.deal_text().starts_with(deal), "{}", e.deal_text());
    let narration = e.submit(1, "GET_STOCK").unwrap();
    assert!(narration.to_string().starts_with("draws from the stock: "), "{narration}");
}

#[test]
fn a_seat_sees_its_own_hand_only() {
    let e = game(2, "[ 6♠ 7♠ ]\n[ 3♥ 4♥ 9♦ ]\n5♠\n0\n");
    // The terminal's text, drawn from the table model (English: the process's language is unset).
    let mine = juiz::report::table_text(&e.table(Some(0)));
    assert!(mine.contains("your hand (2): [ 6♠ 7♠ ]") && !mine.contains("9♦"), "{mine}");
    assert!(mine.contains("other hands: p2.botB 3"), "{mine}");
    let all = juiz::report::table_text(&e.table(None));
    assert!(all.contains("[ 6♠ 7♠ ]") && all.contains("[ 3♥ 4♥ 9♦ ]"), "{all}");
    assert!(all.contains("side 1 (p2.botB): -20"), "{all}");
}
