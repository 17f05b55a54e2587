//! Unit tests of the Schwab house bots: the table a line sequence leaves (hand, piles, discard
//! pile, stock, buracos, the hidden up-card, `HAND_END`), the buraco taken in the middle of a turn,
//! medium's choices in small positions, and sampled worlds that keep every card once.

use crate::cards::Card;
use crate::games::buraco::{BuracoRules, Meld};
use crate::house::{Budget, Level};

use super::board::{Board, Move};
use super::bot::Bot;
use super::policy::{self, GoOut, Style};
use super::rng::Rng;
use super::sim::World;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| Card::parse_single_joker(t).unwrap()).collect()
}

fn meld(text: &str) -> Meld {
    Meld::new(&cards(text), &BuracoRules::schwab().melds).unwrap()
}

fn sorted(mut hand: Vec<Card>) -> Vec<Card> {
    hand.sort();
    hand
}

/// Feeds `lines` and returns every line the bot answered.
fn feed(bot: &mut Bot, lines: &[&str]) -> Vec<String> {
    lines.iter().flat_map(|l| bot.on_line(l)).collect()
}

#[test]
fn the_table_follows_the_lines_of_a_hand_and_the_next_deal() {
    let mut bot = Bot::new(Level::Medium, Budget::default());
    let opening = ["p1.a p2.b p3.c p4.d", "p2.b", "[ 5♥ 5♦ 9♣ K♠ Q♠ J♠ 3♥ 7♦ 8♦ JK A♣ ]", "[  ]"];
    assert!(feed(&mut bot, &opening).is_empty());
    assert!(bot.board().hidden, "the up-card was not shown to seat 1");
    assert_eq!(bot.board().pile_len(), 1);
    // Seat 0 takes the hidden up-card with a pair, lays a run and dumps.
    let turn0 = ["p1.a", "UP_CARD K♦", "GET_DISCARD [ K♥ K♣ ]", "MELD_NEW [ 3♠ 4♠ 5♠ ]", "DISCARD 5♣"];
    assert!(feed(&mut bot, &turn0).is_empty());
    let board = bot.board();
    assert_eq!(board.melds[0].len(), 2);
    assert_eq!(board.melds[0][0].cards(), &cards("K♥ K♦ K♣")[..]);
    assert_eq!((board.pile.clone(), board.hidden), (cards("5♣"), false));
    assert_eq!(board.hand_counts, [11 - 2 - 3 - 1, 11, 11, 11]);
    assert_eq!(board.stock, 220 - 44 - 22 - 1);
    // Our turn: the natural pair of 5s takes the pile; the reply is its (empty) rest.
    assert_eq!(feed(&mut bot, &["p2.b"]), ["GET_DISCARD [ 5♥ 5♦ ]"]);
    let out = feed(&mut bot, &["[  ]"]);
    assert_eq!(out[0], "MELD_NEW [ J♠ Q♠ K♠ ]");
    assert!(out.last().unwrap().starts_with("DISCARD "), "{out:?}");
    assert_eq!(bot.hand().len(), 11 - 2 - 3 - 1);
    assert_eq!(bot.board().melds[1].len(), 2);
    // Seat 2 draws; seat 3 takes its buraco.
    feed(&mut bot, &["p3.c", "GET_STOCK", "DISCARD 9♦", "p4.d", "GET_STOCK", "MORTO", "DISCARD 4♦"]);
    let board = bot.board();
    assert_eq!(board.stock, 220 - 44 - 22 - 1 - 2);
    assert_eq!(board.buraco, [true, false]);
    assert_eq!(board.hand_counts[3], 11 + 1 + 11 - 1);
    assert_eq!(board.pile.len(), 3);
    // The hand ends; the next one is dealt and we start it, shown the up-card.
    let next = ["HAND_END 1 -45 120 -45 120", "[ 3♥ 3♦ 3♣ 4♠ 5♠ 6♠ 9♦ 9♥ K♣ Q♦ 2♣ ]", "J♣"];
    assert!(feed(&mut bot, &next).is_empty());
    let board = bot.board();
    assert_eq!((board.pile.clone(), board.hidden, board.turns), (cards("J♣"), false, 0));
    assert_eq!(board.melds, [Vec::new(), Vec::new()]);
    assert_eq!(board.buraco, [true, true]);
    assert_eq!(sorted(bot.hand().to_vec()), sorted(cards("3♥ 3♦ 3♣ 4♠ 5♠ 6♠ 9♦ 9♥ K♣ Q♦ 2♣")));
}

#[test]
fn a_hand_left_with_monos_only_waits_for_the_buraco_then_plays_on() {
    let mut bot = Bot::new(Level::Medium, Budget::default());
    let opening = ["p1.a p2.b p3.c p4.d", "p1.a", "[ 7♥ 7♦ 7♣ JK 2♠ ]", "9♠", "p1.a"];
    assert_eq!(feed(&mut bot, &opening), ["GET_STOCK"]);
    // The set of four 7s leaves two monos: the buraco is due, nothing more is sent until it comes.
    assert_eq!(feed(&mut bot, &["7♠"]), ["MELD_NEW [ 7♥ 7♦ 7♣ 7♠ ]"]);
    let out = feed(&mut bot, &["MORTO [ 3♥ 4♥ 5♥ 8♣ 8♦ K♠ Q♦ 10♣ 10♦ 6♣ 9♥ ]"]);
    assert_eq!(out[0], "MELD_NEW [ 3♥ 4♥ 5♥ ]");
    assert!(out.last().unwrap().starts_with("DISCARD "), "{out:?}");
    assert_eq!(bot.board().buraco, [false, true]);
    assert_eq!(bot.board().hand_counts[0], bot.hand().len());
}

#[test]
fn a_get_stock_declined_at_the_stock_end_waits_for_hand_end() {
    let mut bot = Bot::new(Level::Easy, Budget::default());
    feed(&mut bot, &["p1.a p2.b p3.c p4.d", "p1.a", "[ 7♥ 8♦ ]", "9♠", "p1.a"]);
    assert!(feed(&mut bot, &["HAND_END 1 0 0 0 0", "[ 4♥ 9♦ ]", "[  ]"]).is_empty());
    assert_eq!(bot.hand().len(), 2);
    assert_eq!(feed(&mut bot, &["p2.b", "GET_DISCARD [  ]", "DISCARD 9♣"]), Vec::<String>::new());
    assert_eq!(bot.board().hand_counts[1], 2);
    assert!(!bot.board().hidden);
}

fn board_with(melds: [&[&str]; 2]) -> Board {
    let mut board = Board::new(BuracoRules::schwab());
    for (side, texts) in melds.into_iter().enumerate() {
        board.melds[side] = texts.iter().map(|m| meld(m)).collect();
    }
    board
}

#[test]
fn medium_closes_a_cerrado_with_a_mono_when_the_team_has_none() {
    let board = board_with([&["5♥ 5♦ 5♣ 5♠ 5♥ 5♦"], &[]]);
    let hand = cards("JK 9♣ K♦ 4♥");
    let mv = policy::next_meld(Level::Medium, Style::MEDIUM, &board, 0, &hand);
    assert_eq!(mv, Some(Move::Join(0, cards("JK"))));
    assert_eq!(policy::next_meld(Level::Easy, Style::MEDIUM, &board, 0, &hand), None);
}

#[test]
fn medium_goes_out_only_when_allowed_and_ahead() {
    // The buraco taken and no cerrado: the run would empty the hand, which is not allowed.
    let mut board = board_with([&["9♥ 9♦ 9♣"], &[]]);
    board.buraco = [false, true];
    let hand = cards("3♥ 4♥ 5♥");
    assert_eq!(policy::next_meld(Level::Medium, Style::MEDIUM, &board, 0, &hand), None);
    // With a cerrado it may, and being ahead it does; never, if told so.
    board.melds[0].push(meld("8♥ 8♦ 8♣ 8♠ 8♥ 8♦ 8♣"));
    let out = Some(Move::New(cards("3♥ 4♥ 5♥")));
    assert_eq!(policy::next_meld(Level::Medium, Style::MEDIUM, &board, 0, &hand), out);
    let never = Style { go_out: GoOut::Never, ..Style::MEDIUM };
    assert_eq!(policy::next_meld(Level::Medium, never, &board, 0, &hand), None);
    // Far behind (the other team's cerrados), medium keeps its cards.
    board.melds[1] = vec![meld("K♥ K♦ K♣ K♠ K♥ K♦ K♣"), meld("Q♥ Q♦ Q♣ Q♠ Q♥ Q♦ Q♣")];
    assert_eq!(policy::next_meld(Level::Medium, Style::MEDIUM, &board, 0, &hand), None);
}

#[test]
fn medium_takes_the_pile_with_a_natural_pair_and_never_with_a_mono() {
    let mut board = board_with([&[], &[]]);
    board.pile = cards("4♣ 9♠");
    board.turns = 3;
    let mut rng = Rng::new(1);
    let hand = cards("9♥ 9♦ K♣ 2♠ 6♦");
    assert_eq!(policy::draw(Level::Medium, &board, 0, &hand, &mut rng), Move::Pile([cards("9♥")[0], cards("9♦")[0]]));
    let hand = cards("9♥ 2♠ K♣ JK 6♦");
    assert_eq!(policy::draw(Level::Medium, &board, 0, &hand, &mut rng), Move::Stock);
    board.pile = cards("4♣ 2♠");
    let hand = cards("2♥ 2♦ K♣ 6♦");
    assert_eq!(policy::draw(Level::Medium, &board, 0, &hand, &mut rng), Move::Stock);
}

#[test]
fn medium_does_not_feed_the_next_opponent() {
    // Seat 1 was seen taking two 9s; medium keeps its 9 and dumps a lone card.
    let mut board = board_with([&[], &[]]);
    board.pile = cards("4♣ 6♦ 10♥ J♦");
    board.known[1] = cards("9♣ 9♦ Q♥");
    let hand = cards("9♥ K♠ K♦ 3♣ 4♣");
    let mut rng = Rng::new(3);
    let dump = policy::discard(Level::Medium, &board, 0, &hand, &mut rng);
    assert_ne!(dump, cards("9♥")[0]);
    assert!(!board.is_wild(dump));
    let left = policy::unseen(&board, &hand);
    assert_eq!(policy::feed_chance(&board, 1, cards("9♥")[0], &left), 1.0);
}

#[test]
fn a_sampled_world_holds_every_card_once_and_respects_what_was_seen() {
    let mut board = board_with([&["K♥ K♦ K♣"], &["3♠ 4♠ 5♠"]]);
    board.hidden = true;
    board.pile = cards("5♣");
    board.known[1] = cards("9♣ 9♦");
    board.hand_counts = [8, 11, 9, 11];
    board.stock = 220 - 8 - 11 - 9 - 11 - 22 - 6 - 2;
    let hand = cards("9♥ K♠ K♦ 3♣ 4♣ JK 2♠ A♥");
    let world = World::sample(&board, 0, &hand, &mut Rng::new(9));
    let mut all: Vec<Card> = world.hands.iter().flatten().copied().collect();
    all.extend(world.stock.iter().chain(world.buracos.iter().flatten()).chain(world.board.pile.iter()));
    all.extend(world.board.melds.iter().flatten().flat_map(|m| m.cards().iter().copied()));
    let mut deck = crate::cards::build_decks(4, 3);
    deck.sort();
    assert_eq!(sorted(all), deck);
    assert!(world.hands[1].starts_with(&cards("9♣ 9♦")));
    assert_eq!(world.hands.iter().map(Vec::len).collect::<Vec<_>>(), [8, 11, 9, 11]);
    assert_eq!(world.board.pile.len(), 2, "the hidden up-card is dealt too");
}
