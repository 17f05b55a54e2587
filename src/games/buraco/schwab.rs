//! The preset of Schwab's Buraco (`BuracoRules::schwab()`), all of it data for the shared engine.

use crate::cards::Rank;
use crate::games::{GameKind, MatchRules};

use super::rules::{
    AceSuit, BuracoRules, CanastraBonus, CardValues, GoingOut, HandPenalty, MeldPolicy, MortoRules, MortoTrigger,
    PickupRule, StockOut, TableCards, TwoPolicy,
};

impl BuracoRules {
    /// Schwab's Buraco (`buraco-schwab.md`, each ambiguity settled as recommended): 4 players,
    /// 4 decks with 12 jokers, every 2 wild, runs and sets of 3 to 7 cards with at most one wild
    /// (or wilds only), closing at 7 as a cerrado; the discard pile taken only with a natural pair;
    /// a buraco of 11 cards per team taken when a hand holds only wilds; going out with a cerrado
    /// after the buraco; CardCol's scores; hands of 11 cards, played until a team reaches 2000.
    pub fn schwab() -> BuracoRules {
        let mut by_rank = [10; 13];
        for rank in [Rank::Three, Rank::Four, Rank::Five, Rank::Six, Rank::Seven] {
            by_rank[rank.index()] = 5;
        }
        by_rank[Rank::Two.index()] = 25;
        by_rank[Rank::Ace.index()] = 20;
        BuracoRules {
            game: GameKind::BuracoSchwab,
            seat_counts: &[4],
            decks: 4,
            jokers_per_deck: 3,
            hand_size: 11,
            up_card: true,
            morto: Some(MortoRules {
                size: 11,
                untaken_penalty: 100,
                taken_bonus: 100,
                trigger: MortoTrigger::OnlyWilds,
            }),
            going_out: GoingOut::CanastraAfterMorto,
            stock_out: StockOut::PileOrEnd,
            melds: MeldPolicy {
                min_len: 3,
                max_len: 7,
                max_wilds: 1,
                twos: TwoPolicy::AlwaysWild,
                aces: AceSuit::Checked,
                sets: true,
                wild_piles: true,
            },
            pickup: PickupRule::NaturalPair { min_cards: 5 },
            values: CardValues { by_rank, joker: 50 },
            canastra: CanastraBonus {
                min_len: 7,
                clean: 400,
                dirty: 200,
                ace_to_king_at_once: 0,
                ace_to_ace_at_once: 0,
                aces_set_clean: 500,
                aces_set_dirty: 300,
                wilds_all_twos: 2000,
                wilds_with_joker: 1000,
                unfinished_wilds: -1000,
            },
            going_out_bonus: 100,
            hand_penalty: HandPenalty::CardValues,
            table_cards: TableCards::NegativeWithoutCanastra,
            up_card_private: true,
            match_play: MatchRules { target: Some(2000), max_hands: 30 },
        }
    }
}
