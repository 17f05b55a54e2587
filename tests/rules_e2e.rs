//! The rules of issue 19 through real games: a deal file, scripted bots (`tests/fixtures/
//! scripted.py`, each seat in a folder of its own) and `juiz play --log`, then the result line
//! and the transcript. Each test is named after the rule it checks; the engine-level tests of the
//! same rules are beside each game's other rule tests.

mod common;

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
    path_str(&path)
}

/// Plays `game` on the deal file `deal` with `--rule` options `rules`, seat k playing `seats[k]`.
fn scripted_game(game: &str, deal: &str, rules: &[&str], seats: &[&[&str]]) -> Played {
    let dir = tempfile::tempdir().unwrap();
    let bots: Vec<String> =
        seats.iter().enumerate().map(|(k, turns)| scripted_bot(&dir.path().join(format!("s{k}")), turns)).collect();
    let deal_path = dir.path().join("deal.txt");
    std::fs::write(&deal_path, deal).unwrap();
    let log = dir.path().join("log.csv");
    let mut command = juiz();
    command.args(["play", "--game", game, "--silent", "--seed", "7", "--deal", &path_str(&deal_path)]);
    command.args(["--log", &path_str(&log), "--move-timeout", "10s"]);
    for rule in rules {
        command.args(["--rule", rule]);
    }
    let output = command.args(&bots).output().unwrap();
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
