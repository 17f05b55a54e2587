//! The rules of issue 19 through real games: a deal file, scripted bots (`tests/fixtures/
//! scripted.py`, each seat in a folder of its own) and `juiz play --log`, then the result line
//! and the transcript. Each test is named after the rule it checks; the engine-level tests of the
//! same rules are beside each game's other rule tests.

use crate::common;

use std::path::{Path, PathBuf};

use common::*;

/// A finished scripted game: its result line, and the transcript kept in `_dir`.
struct Played {
    result: String,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Played {
    /// What `seat` (a wire id) received (`→`) and sent (`←`), in order.
    fn stream(&self, seat: &str) -> Vec<String> {
        use juiz::record::Direction;
        let transcript = juiz::record::Transcript::read(&self.log).unwrap();
        transcript
            .rows
            .iter()
            .filter(|r| r.seat == seat && matches!(r.dir, Direction::ToSeat | Direction::FromSeat))
            .map(|r| format!("{} {}", if r.dir == Direction::ToSeat { "→" } else { "←" }, r.text))
            .collect()
    }

    /// Whether `seat`'s stream holds `lines` one after the other.
    fn saw(&self, seat: &str, lines: &[&str]) -> bool {
        let stream = self.stream(seat);
        stream.windows(lines.len()).any(|w| w.iter().zip(lines).all(|(a, b)| a == b))
    }
}

/// A bot playing `turns` (one string per turn, lines separated by `|`) in a folder of its own.
fn scripted_bot(dir: &Path, turns: &[&str]) -> String {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("bot");
    let script = dir.join("scripted.py");
    std::fs::copy(root().join("tests/fixtures/scripted.py"), &script).unwrap();
    let args: Vec<String> = turns.iter().map(|t| format!("'{t}'")).collect();
    std::fs::write(&path, format!("#!/bin/sh\nexec python3 '{}' {}\n", script.display(), args.join(" "))).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    // The wrapper runs a script beside it: the folder is the bot's own (docs/containment.md, files in reach).
    std::fs::write(dir.join(".juiz-bot-folder"), "").unwrap();
    path_str(&path)
}

/// Plays `game` on the deal file `deal` with `--rule` options `rules`, seat k playing `seats[k]`.
fn scripted_game(game: &str, deal: &str, rules: &[&str], seats: &[&[&str]]) -> Played {
    let dir = tempfile::tempdir().unwrap();
    let bots: Vec<String> =
        seats.iter().enumerate().map(|(k, turns)| scripted_bot(&dir.path().join(format!("s{k}")), turns)).collect();
    play_in(dir, game, Some(deal), rules, &bots)
}

/// `bots/shengji_bot.py` in a folder of its own under `dir`, its `answers` (`N=LINE`) replaced.
fn shengji_bot(dir: &Path, answers: &[String]) -> String {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("bot");
    let script = dir.join("shengji_bot.py");
    std::fs::copy(root().join("bots/shengji_bot.py"), &script).unwrap();
    let args: Vec<String> = answers.iter().map(|a| format!("'{a}'")).collect();
    std::fs::write(&path, format!("#!/bin/sh\nexec python3 '{}' {}\n", script.display(), args.join(" "))).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    // The wrapper runs a script beside it: the folder is the bot's own (docs/containment.md, files in reach).
    std::fs::write(dir.join(".juiz-bot-folder"), "").unwrap();
    path_str(&path)
}

/// Plays `game` with `bots` (seed 7), on the deal file `deal` if any, logged in `dir`.
fn play_in(dir: tempfile::TempDir, game: &str, deal: Option<&str>, rules: &[&str], bots: &[String]) -> Played {
    let mut command = juiz();
    command.args(["play", "--game", game, "--silent", "--seed", "7", "--move-timeout", "10s"]);
    if let Some(deal) = deal {
        let deal_path = dir.path().join("deal.txt");
        std::fs::write(&deal_path, deal).unwrap();
        command.args(["--deal", &path_str(&deal_path)]);
    }
    let log = dir.path().join("log.csv");
    command.args(["--log", &path_str(&log)]);
    for rule in rules {
        command.args(["--rule", rule]);
    }
    let output = command.args(bots).output().unwrap();
    let result = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    assert!(!result.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    Played { result, log, _dir: dir }
}

const ONE_ROUND: &[&str] = &["target=0", "max-rounds=1"];

// ---- Canasta ----

/// Issue 19 point 1: seat 0 has six kings melded and holds K♠ 9♥ 9♦; the pile is 9♣ alone. He
/// takes it with 9♥ 9♦, keeping K♠ alone, joins K♠ (a natural canasta) and goes out.
#[test]
fn canasta_a_take_leaving_the_card_that_completes_a_canasta_is_legal() {
    let deal = "[ K♥ K♥ K♦ K♦ K♣ K♣ K♠ 9♥ 9♦ ]\n[ 5♥ 5♦ 9♣ 6♣ 7♦ 8♠ ]\n[  ]\n[  ]\n[ 4♦ ]\n0\n[ 5♠ 6♠ ]\n";
    let p = scripted_game(
        "canasta",
        deal,
        ONE_ROUND,
        &[
            &["GET_STOCK|MELD_NEW [ K♥ K♥ K♦ K♦ K♣ K♣ ]|DISCARD 5♠", "GET_DISCARD [ 9♥ 9♦ ]|MELD_JOIN 0 [ K♠ ]"],
            &["GET_DISCARD [ 5♥ 5♦ ]|DISCARD 9♣"],
        ],
    );
    // 7 kings 70 + natural canasta 500 + three 9s 30 + going out 100; seat 1 melded 5♠ 5♥ 5♦ (15)
    // and holds 4♦ 6♣ 7♦ 8♠ (25).
    assert_eq!(p.result, "OK 7 700 -10 p1.bot", "{:?}", p.stream("p1.bot"));
    assert!(p.saw("p1.bot", &["← GET_DISCARD [ 9♥ 9♦ ]", "→ [  ]", "← MELD_JOIN 0 [ K♠ ]"]));
}

/// Issue 19 point 2: with `initial-meld=classic` (50 points at a total of 0) a first turn's melds
/// count together: 6♥ 6♦ 6♣ (15) then A♥ A♦ A♣ 2♠ (80) before the discard are one initial meld.
/// The opponent's discard after 7♥ 7♦ 7♣ alone (15) is refused: he loses the match (the winner is named).
#[test]
fn canasta_the_classic_initial_meld_counts_every_meld_of_the_turn() {
    let deal = "[ 6♥ 6♦ 6♣ A♥ A♦ A♣ 2♠ K♠ Q♦ ]\n[ 7♥ 7♦ 7♣ 8♥ J♦ ]\n[  ]\n[  ]\n[ 4♦ ]\n0\n[ 5♠ 6♠ ]\n";
    let p = scripted_game(
        "canasta",
        deal,
        &["target=0", "max-rounds=1", "initial-meld=classic"],
        &[
            &["GET_STOCK|MELD_NEW [ 6♥ 6♦ 6♣ ]|MELD_NEW [ A♥ A♦ A♣ 2♠ ]|DISCARD 5♠"],
            &["GET_STOCK|MELD_NEW [ 7♥ 7♦ 7♣ ]|DISCARD 6♠"],
        ],
    );
    assert!(p.result.starts_with("NOK 7 ") && p.result.ends_with(" p1.bot"), "{}\n{:?}", p.result, p.stream("p1.bot"));
    assert!(p.saw("p1.bot", &["← MELD_NEW [ A♥ A♦ A♣ 2♠ ]", "← DISCARD 5♠"]));
    let transcript = std::fs::read_to_string(&p.log).unwrap();
    assert!(transcript.contains("initial-meld-too-low"), "{transcript}");
}

/// Issue 19 point 3: a red 3 under the top of a taken pile is laid out (RED3 to both, +100) and
/// nothing replaces it: the taker receives only the pile's other cards.
#[test]
fn canasta_a_red_three_in_a_taken_pile_is_laid_out_and_not_replaced() {
    let deal = "[ 8♥ 8♦ K♠ 10♦ Q♠ ]\n[ 5♥ 9♣ 6♣ 7♦ 8♠ ]\n[  ]\n[  ]\n[ JK 3♥ 8♣ ]\n0\n[ 5♠ 6♠ ]\n";
    let p = scripted_game(
        "canasta",
        deal,
        ONE_ROUND,
        &[&["GET_DISCARD [ 8♥ 8♦ ]|DISCARD 10♦", "GET_STOCK|DISCARD Q♠"], &["GET_STOCK|DISCARD 5♠"]],
    );
    assert!(p.saw("p1.bot", &["← GET_DISCARD [ 8♥ 8♦ ]", "→ RED3 p1.bot [ 3♥ ]", "→ [ JK ]", "← DISCARD 10♦"]));
    assert!(p.saw("p2.bot", &["→ GET_DISCARD [ 8♥ 8♦ ]", "→ RED3 p1.bot [ 3♥ ]", "→ DISCARD 10♦"]));
    assert!(p.saw("p2.bot", &["← GET_STOCK", "→ 5♠"]), "seat 1 draws the stock's top: nothing was drawn for 3♥");
    assert!(p.saw("p1.bot", &["← GET_STOCK", "→ 6♠"]));
}

// ---- Schwab ----

/// A Schwab deal naming all 220 cards, so that the stock is `4♦` alone: seat 0 holds `9♥ K♠ Q♦`,
/// seat 1 `seat1`, seat 3 `8♣ 8♦`, seat 2 every card left; the up-card is 6♥; seat 0 starts.
fn schwab_stock_end_deal(seat1: &str) -> String {
    let buraco0 = "A♥ A♦ 3♥ 4♥ 5♥ 6♦ 7♦ 8♥ 9♠ 10♠ J♦";
    let buraco1 = "4♣ 5♣ 7♣ 8♣ 9♣ J♣ Q♣ K♣ A♣ 2♠ 3♣";
    let named = format!("9♥ K♠ Q♦ {seat1} 8♣ 8♦ {buraco0} {buraco1} 6♥ 4♦");
    let mut rest = juiz::cards::build_decks(4, 3);
    for token in named.split_whitespace() {
        let card: juiz::cards::Card = token.parse().unwrap();
        let at = rest.iter().position(|&c| c == card).unwrap();
        rest.remove(at);
    }
    let rest = juiz::cards::format_list(&rest);
    format!("[ 9♥ K♠ Q♦ ]\n[ {seat1} ]\n{rest}\n[ 8♣ 8♦ ]\n[ {buraco0} ]\n[ {buraco1} ]\n6♥\n0\n[ 4♦ ]\n")
}

/// Issue 19 point 4 (`buraco-schwab.md` A5): after the last stock card, seat 1, who holds a pair
/// of 9s, is asked to play and takes the pile; seat 2 could take it too and declines with
/// `GET_STOCK`, which ends the hand.
#[test]
fn schwab_after_the_stock_a_player_who_can_take_the_pile_may() {
    let p = scripted_game(
        "buraco-schwab",
        &schwab_stock_end_deal("9♣ 9♦ 7♠ 7♠"),
        &["target=0", "max-hands=1"],
        &[&["GET_STOCK|DISCARD 9♥"], &["GET_DISCARD [ 9♣ 9♦ ]|DISCARD 7♠"], &["GET_STOCK"], &[]],
    );
    assert!(p.result.starts_with("OK 7 "), "{}", p.result);
    assert!(p.saw("p2.bot", &["→ p2.bot", "← GET_DISCARD [ 9♣ 9♦ ]", "→ [ 6♥ ]", "← DISCARD 7♠"]));
    assert!(p.saw("p3.bot", &["→ DISCARD 7♠", "→ p3.bot", "← GET_STOCK"]));
}

/// Issue 19 point 4: after the last stock card the hand ends at once when the next player has no
/// legal way to take the pile (he is never asked).
#[test]
fn schwab_after_the_stock_the_hand_ends_when_the_next_player_cannot_take_the_pile() {
    let p = scripted_game(
        "buraco-schwab",
        &schwab_stock_end_deal("10♣ 10♦ 7♠ 7♠"),
        &["target=0", "max-hands=1"],
        &[&["GET_STOCK|DISCARD 9♥"], &[], &[], &[]],
    );
    assert!(p.result.starts_with("OK 7 "), "{}", p.result);
    assert!(!p.stream("p2.bot").iter().any(|l| l.starts_with('←')), "seat 1 never plays");
}

// ---- Shengji ----

/// A deal of `decks` decks: seat 0 receives 2♥ first, then `seat0`, then every level card and
/// joker (so that nobody else can declare); seat 1 holds `seat1`, then cards of no suit in
/// `avoid` for seats 1–3 until each hand is full; the kitty is next. Seat 0 declares 2♥ at its
/// first answer and is banker: its answers are `bot` plus PASS until its lead.
fn shengji_deal(decks: usize, seat0: &str, seat1: &str, avoid: &[&str]) -> String {
    use juiz::cards::{Card, Rank, build_decks_with_two_jokers};
    let cards = |s: &str| -> Vec<Card> { s.split_whitespace().map(|t| t.parse().unwrap()).collect() };
    let mut deck = build_decks_with_two_jokers(decks);
    let mut hands = vec![cards(&format!("2♥ {seat0}")), cards(seat1), Vec::new(), Vec::new()];
    for card in hands.iter().flatten() {
        let i = deck.iter().position(|d| d == card).unwrap();
        deck.remove(i);
    }
    let level_or_joker = |c: &Card| c.is_joker() || c.is(Rank::Two);
    let (free, kept): (Vec<Card>, Vec<Card>) = deck.into_iter().partition(|c| !level_or_joker(c));
    hands[0].extend(kept);
    let avoided = |c: &Card| avoid.iter().any(|s| c.to_string().ends_with(s));
    let (mut plain, mut rest): (Vec<Card>, Vec<Card>) = free.into_iter().partition(|c| !avoided(c));
    let size = match decks {
        2 => 25,
        _ => 39,
    };
    for seat in [1, 2, 3, 0] {
        while hands[seat].len() < size {
            let pool = if plain.is_empty() { &mut rest } else { &mut plain };
            hands[seat].push(pool.remove(0));
        }
    }
    plain.append(&mut rest);
    juiz::games::shengji::DealCards { hands, kitty: plain, start: 0 }.text()
}

/// The answers of a seat that passes every declaration (`from`..=`to`), as `N=PASS` arguments.
fn passes(from: usize, to: usize) -> Vec<String> {
    (from..=to).map(|n| format!("{n}=PASS")).collect()
}

/// Seat 0 (banker, trump ♥) leads `lead` in the first trick, seat 1 follows with `follow`; the
/// bots play the rest of the deal themselves (one deal). 2 decks: 25 cards and one last call each.
fn shengji_first_trick(decks: usize, seat0: &str, seat1: &str, avoid: &[&str], lead: &str, follow: &str) -> Played {
    let deal = shengji_deal(decks, seat0, seat1, avoid);
    let kitty = deal.lines().nth(4).unwrap().to_owned();
    let per_seat = if decks == 2 { 25 } else { 39 } + 1;
    let dir = tempfile::tempdir().unwrap();
    let mut s0 = vec!["1=DECLARE [ 2♥ ]".to_owned()];
    s0.extend(passes(2, per_seat));
    s0.push(format!("{}=BURY {kitty}", per_seat + 1));
    s0.push(format!("{}=PLAY [ {lead} ]", per_seat + 2));
    let mut s1 = passes(1, per_seat);
    s1.push(format!("{}=PLAY [ {follow} ]", per_seat + 1));
    let bots = vec![
        shengji_bot(&dir.path().join("s0"), &s0),
        shengji_bot(&dir.path().join("s1"), &s1),
        shengji_bot(&dir.path().join("s2"), &passes(1, per_seat)),
        shengji_bot(&dir.path().join("s3"), &passes(1, per_seat)),
    ];
    let decks = format!("decks={decks}");
    play_in(dir, "shengji", Some(&deal), &["max-deals=1", &decks], &bots)
}

const SEAT1_TRACTORS: &str = "7♠ 7♠ 8♠ 8♠ 10♠ 10♠ Q♠ Q♠ K♠ K♠";
const FOUR_PAIRS: &str = "3♠ 3♠ 4♠ 4♠ 5♠ 5♠ 6♠ 6♠";

/// Issue 19 point 9 (F3): after a lead of four consecutive pairs, seat 1 holds the tractors
/// 7♠7♠8♠8♠ and Q♠Q♠K♠K♠ and the pair 10♠10♠; one tractor and two pairs is refused
/// (`bad-tractor`), both tractors are legal and the deal is played to its end.
#[test]
fn shengji_two_separate_tractors_answer_a_four_pair_tractor() {
    let seat1 = format!("{SEAT1_TRACTORS} {}", "3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 3♣ 4♣ 5♣");
    let p = shengji_first_trick(2, FOUR_PAIRS, &seat1, &["♠"], FOUR_PAIRS, "10♠ 10♠ 8♠ 8♠ Q♠ Q♠ K♠ K♠");
    assert!(p.result.starts_with("NOK 7 ") && p.result.ends_with(" p1.bot e p3.bot"), "{}", p.result);
    let transcript = std::fs::read_to_string(&p.log).unwrap();
    assert!(transcript.contains("bad-tractor"), "{transcript}");
    let p = shengji_first_trick(2, FOUR_PAIRS, &seat1, &["♠"], FOUR_PAIRS, "7♠ 7♠ 8♠ 8♠ Q♠ Q♠ K♠ K♠");
    let transcript = std::fs::read_to_string(&p.log).unwrap();
    assert!(p.result.starts_with("OK 7 "), "{}\n{}", p.result, &transcript[transcript.len().saturating_sub(2000)..]);
    assert!(
        p.saw("p1.bot", &["→ PLAY p1.bot [ 3♠ 3♠ 4♠ 4♠ 5♠ 5♠ 6♠ 6♠ ]", "→ PLAY p2.bot [ 7♠ 7♠ 8♠ 8♠ Q♠ Q♠ K♠ K♠ ]"])
    );
}

/// Issue 19 point 9 (3 decks): seat 0 throws J♠J♠Q♠Q♠ 9♠9♠9♠ (nobody can beat a unit of it);
/// seat 1 holds 5♠5♠5♠ 6♠6♠ 8♠ 10♠ A♠. Spending two 5s on a tractor breaks the triple and is
/// refused (`must-follow-shape`); the triple and the pair 6♠6♠ are legal.
#[test]
fn shengji_following_a_throw_with_a_triple_keeps_the_followers_triple_whole() {
    let seat0 = "J♠ J♠ Q♠ Q♠ 9♠ 9♠ 9♠ 10♠ 10♠ J♠ Q♠ K♠ K♠ K♠ A♠ A♠";
    let seat1 = format!("5♠ 5♠ 5♠ 6♠ 6♠ 8♠ 10♠ A♠ {}", "3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦");
    let throw = "J♠ J♠ Q♠ Q♠ 9♠ 9♠ 9♠";
    let p = shengji_first_trick(3, seat0, &seat1, &["♠"], throw, "5♠ 5♠ 6♠ 6♠ 8♠ 10♠ A♠");
    assert!(p.result.starts_with("NOK 7 ") && p.result.ends_with(" p1.bot e p3.bot"), "{}", p.result);
    let transcript = std::fs::read_to_string(&p.log).unwrap();
    assert!(transcript.contains("must-follow-shape"), "{transcript}");
    let p = shengji_first_trick(3, seat0, &seat1, &["♠"], throw, "5♠ 5♠ 5♠ 6♠ 6♠ 8♠ 10♠");
    assert!(p.result.starts_with("OK 7 "), "{}", p.result);
    assert!(!p.saw("p1.bot", &["→ THROW_FAILED"]), "the throw stands");
}

/// Issue 19 point 9 (§9.2): nobody declares, ever: deal 1 is dealt again twice (`REDEAL`), and
/// the third deal names its first seat dealt to as banker; a kitty card fixes trump.
#[test]
fn shengji_deal_one_is_redealt_twice_at_most() {
    let dir = tempfile::tempdir().unwrap();
    let bots: Vec<String> =
        (0..4).map(|k| shengji_bot(&dir.path().join(format!("s{k}")), &passes(1, 3 * 26))).collect();
    let p = play_in(dir, "shengji", None, &["max-deals=1"], &bots);
    assert!(p.result.starts_with("OK 7 "), "{}", p.result);
    let seen = p.stream("p1.bot");
    assert_eq!(seen.iter().filter(|l| *l == "→ REDEAL").count(), 2);
    let deals: Vec<&String> = seen.iter().filter(|l| l.starts_with("→ DEAL ")).collect();
    assert!(deals.len() == 3 && !deals[2].ends_with(" -"), "{deals:?}");
    assert!(seen.iter().any(|l| l.starts_with("→ KITTY_TURNED ")));
}

// ---- STBL ----

/// Issue 19 point 5: a canastra of 500 (A♦ … K♦ laid at once) extended with the second A♦ is an
/// ordinary clean canastra: seat 1's bot then stops, and the forfeit's scores show side 0's
/// meld at 125 + 200 (not 500), minus 6♠ 8♠ (15) and the untaken morto (100).
#[test]
fn stbl_a_500_canastra_extended_with_an_ace_is_an_ordinary_clean_canastra() {
    let run = "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦";
    let deal = format!(
        "[ {run} A♦ 5♠ 6♠ ]\n[ 5♣ 9♣ ]\n[ 10♠ J♠ Q♠ 10♣ J♣ Q♣ 10♥ J♥ Q♥ K♠ K♣ ]\n\
         [ 3♣ 4♣ 6♣ 7♣ 3♠ 4♠ 7♠ 9♠ 4♦ 6♦ 7♦ ]\n0\n[ 8♠ ]\n"
    );
    let turn = format!("GET_STOCK|MELD_NEW [ {run} ]|MELD_JOIN 0 [ A♦ ]|DISCARD 5♠");
    let p = scripted_game("buraco-stbl", &deal, &[], &[&[&turn], &[]]);
    assert!(p.result.starts_with("NOK 7 210 "), "{}", p.result);
    assert!(p.saw("p2.bot", &["→ MELD_JOIN 0 [ A♦ ]", "→ DISCARD 5♠"]));
}

/// Issue 19 point 5: every card named, so that the stock is 8♠ alone. Seat 0 draws it, lays a
/// clean canastra and discards: side 0's morto becomes the stock (`MORTO_TO_STOCK 0`). Seat 1
/// draws and discards; seat 0 draws and melds his last cards: with his clean canastra he goes
/// out, although his side never took its morto (it keeps the −100).
#[test]
fn stbl_after_morto_to_stock_a_player_goes_out_with_a_clean_canastra() {
    let hand0 = "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ J♣ Q♣";
    let m0 = "10♣ 10♣ K♣ K♣ JK JK JK JK 2♥ 2♦ 2♠";
    let m1 = "3♣ 4♣ 6♣ 7♣ 3♠ 4♠ 7♠ 9♠ 4♦ 6♦ 7♦";
    let mut rest = juiz::cards::build_decks(2, 2);
    for token in format!("{hand0} {m0} {m1} 8♠").split_whitespace() {
        let card: juiz::cards::Card = token.parse().unwrap();
        let at = rest.iter().position(|&c| c == card).unwrap();
        rest.remove(at);
    }
    let rest = juiz::cards::format_list(&rest);
    let deal = format!("[ {hand0} ]\n{rest}\n[ {m0} ]\n[ {m1} ]\n0\n[ 8♠ ]\n");
    let p = scripted_game(
        "buraco-stbl",
        &deal,
        &[],
        &[
            &["GET_STOCK|MELD_NEW [ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ ]|DISCARD 8♠", "GET_STOCK|MELD_NEW [ J♣ Q♣ 2♦ ]"],
            &["GET_STOCK|DISCARD 2♠"],
        ],
    );
    assert!(p.result.starts_with("OK 7 ") && p.result.ends_with(" p1.bot"), "{}\n{:?}", p.result, p.stream("p1.bot"));
    assert!(p.saw("p1.bot", &["← DISCARD 8♠", "→ MORTO_TO_STOCK 0"]));
    assert!(p.saw("p1.bot", &["← GET_STOCK", "→ 2♦", "← MELD_NEW [ J♣ Q♣ 2♦ ]"]));
}
