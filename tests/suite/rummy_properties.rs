//! Engine properties of every Buraco preset through the one shared harness (`common/rummy.rs`):
//! random play never sticks and always ends, every card is in exactly one place after every
//! action, refused lines change nothing, the same seed replays the same game from `deal_text()`.

use crate::common::rummy;

use juiz::cards::Card;
use juiz::games::buraco::BuracoRules;
use juiz::games::{Ending, MatchRules};

use rummy::{check_replay, play};

/// The id of the message that ends the game, and for a match the id of the last hand's ending.
fn ending(game: &rummy::Game) -> &str {
    match &game.outcome.ending {
        Ending::Finished { reason } if reason.id == "end-match" => match reason.args.first() {
            Some((_, juiz::games::Arg::Message(last))) => last.id,
            _ => reason.id,
        },
        Ending::Finished { reason } => reason.id,
        other => panic!("unexpected ending {other:?}"),
    }
}

#[test]
fn itp_random_play_ends_conserves_cards_and_refusals_change_nothing() {
    let (mut went_out, mut pickups) = (0, 0);
    for seed in 0..60 {
        for seats in [2, 4] {
            let game = play(&BuracoRules::itp(), seats, seed, seed % 4 == 0);
            pickups += game.lines.iter().filter(|(_, l)| l.starts_with("GET_DISCARD")).count();
            went_out += usize::from(ending(&game) == "end-went-out");
        }
    }
    assert!(pickups > 100, "the strategy should take the discard pile sometimes ({pickups})");
    assert!(went_out > 0, "some games should end by going out");
}

#[test]
fn stbl_random_play_ends_conserves_cards_and_takes_mortos() {
    let (mut went_out, mut stock_out, mut mortos, mut joins) = (0, 0, 0, 0);
    for seed in 0..300 {
        for seats in [2, 4] {
            let game = play(&BuracoRules::stbl(), seats, seed, seed % 10 == 0);
            joins += game.lines.iter().filter(|(_, l)| l.starts_with("GET_DISCARD_JOIN")).count();
            mortos += game.deliveries.iter().filter(|d| d.line == "MORTO").count();
            match ending(&game) {
                "end-went-out" => went_out += 1,
                "end-stock-out" => stock_out += 1,
                other => panic!("seed {seed}: unexpected ending {other:?}"),
            }
        }
    }
    assert!(joins > 50, "the strategy should join the top card to a meld sometimes ({joins})");
    assert!(mortos > 50, "mortos should be taken ({mortos})");
    assert!(went_out > 0 && stock_out > 0, "both endings should happen ({went_out}, {stock_out})");
}

/// Schwab, one hand per game (so that many deals are seen): sets, cerrados, buracos and going
/// out all happen.
#[test]
fn schwab_random_hands_end_conserve_cards_and_use_the_new_rules() {
    let rules = BuracoRules { match_play: MatchRules::ONE_HAND, ..BuracoRules::schwab() };
    let (mut went_out, mut buracos, mut cerrados, mut sets, mut up_cards) = (0, 0, 0, 0, 0);
    for seed in 0..300 {
        let game = play(&rules, 4, seed, seed % 10 == 0);
        went_out += usize::from(ending(&game) == "end-went-out");
        buracos += game.deliveries.iter().filter(|d| d.line == "MORTO").count();
        up_cards += game.lines.iter().filter(|(_, l)| l == "GET_DISCARD [ ]").count();
        for (_, line) in game.lines.iter().filter(|(_, l)| l.starts_with("MELD_NEW")) {
            let cards: Vec<Card> = line.split(' ').filter_map(|t| t.parse().ok()).collect();
            let naturals: Vec<_> = cards.iter().filter(|c| !rules.melds.is_wild(**c)).map(|c| c.rank()).collect();
            sets += usize::from(naturals.len() >= 2 && naturals.windows(2).all(|w| w[0] == w[1]));
        }
        cerrados += usize::from(game.outcome.scores.iter().any(|&s| s >= 400));
    }
    assert!(buracos > 30, "buracos should be taken ({buracos})");
    assert!(sets > 30, "sets should be laid ({sets})");
    assert!(up_cards > 10, "the up-card should be taken alone sometimes ({up_cards})");
    assert!(went_out > 0, "some hands should end by going out ({went_out})");
    assert!(cerrados > 0, "some sides should score a cerrado ({cerrados})");
}

/// Whole Schwab matches: hands follow one another (`HAND_END`), and the match ends.
#[test]
fn schwab_random_matches_end_after_several_hands() {
    let rules = BuracoRules::schwab();
    let mut hands = 0;
    for seed in 0..6 {
        let game = play(&rules, 4, seed, seed == 0);
        hands += game.deliveries.iter().filter(|d| d.seat == 0 && d.line.starts_with("HAND_END ")).count();
        let Ending::Finished { reason } = &game.outcome.ending else { panic!("seed {seed}: forfeit") };
        assert_eq!(reason.id, "end-match", "seed {seed}");
    }
    assert!(hands >= 6, "matches should have several hands ({hands})");
}

#[test]
fn same_seed_same_game_and_deal_text_replays_it() {
    for seed in 200..220 {
        let seats = 2 + 2 * (seed as usize % 2);
        check_replay(&BuracoRules::itp(), seats, seed);
        check_replay(&BuracoRules::stbl(), seats, seed);
    }
    for seed in 300..303 {
        check_replay(&BuracoRules::schwab(), 4, seed);
    }
}
