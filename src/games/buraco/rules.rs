//! `BuracoRules`: a Buraco variant described as data (deck and jokers, wild cards, meld limits,
//! pickup rule, mortos, going-out condition, end on an empty stock, card values, bonuses,
//! penalties, match target), with the presets `itp()` and `stbl()` (`schwab()` is in
//! `schwab.rs`).

use crate::cards::{Card, Rank};
use crate::games::{GameKind, MatchRules};

pub use crate::games::rummy::CardValues;

/// How 2s behave in a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TwoPolicy {
    /// A 2 of the run's suit standing between A and 3 is a natural card; any other 2 is a wild
    /// (ITP, STBL).
    NaturalInPlace,
    /// Every 2 is a wild card (Schwab).
    AlwaysWild,
}

/// Whether aces must share the run's suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AceSuit {
    /// Aces are suit-checked like every other natural (ITP with Q2 fixed, STBL).
    Checked,
    /// Aces of any suit are accepted (`buraco.js` bug Q2; only for replaying old games).
    Unchecked,
}

/// Which melds a player may lay down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeldPolicy {
    pub min_len: usize,
    pub max_len: usize,
    /// Most cards acting as wild in one meld.
    pub max_wilds: usize,
    pub twos: TwoPolicy,
    pub aces: AceSuit,
    /// Whether cards of one rank (any suits, at most `max_wilds` wilds) form a meld (Schwab M2).
    pub sets: bool,
    /// Whether a meld made only of wild cards is allowed (Schwab's mono pile, M4).
    pub wild_piles: bool,
}

impl MeldPolicy {
    /// Whether `card` always acts as a wild card (a joker; a 2 when every 2 is wild).
    pub fn is_wild(&self, card: Card) -> bool {
        card.is_joker() || (self.twos == TwoPolicy::AlwaysWild && card.is(Rank::Two))
    }
}

/// What taking the discard pile requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickupRule {
    /// The top card must start a new meld with at least `min_hand_cards` cards named from the
    /// hand; the rest of the pile goes to the hand, which is then reshuffled (ITP).
    NewMeldWithHand { min_hand_cards: usize },
    /// The closed pile (STBL D1–D5): the top card must be used at once, either in a new meld with
    /// at least `min_hand_cards` hand cards (`GET_DISCARD`) or, unless it is a wild, joined to one
    /// of the side's melds (`GET_DISCARD_JOIN`); a refusal names the rule `closed-pile`.
    TopUsedAtOnce { min_hand_cards: usize },
    /// Schwab P1–P4: the top card, never a wild, is laid at once with a natural pair from the
    /// hand as a new meld; refused while the side has taken its morto (buraco), owns no
    /// canastra (cerrado) and would hold fewer than `min_cards` cards with the pile. The first
    /// move of a hand may take the up-card alone into the hand (`GET_DISCARD [ ]`).
    NaturalPair { min_cards: usize },
}

impl PickupRule {
    /// How many hand cards a new meld made with the top card needs at least.
    pub fn min_hand_cards(self) -> usize {
        match self {
            PickupRule::NewMeldWithHand { min_hand_cards } | PickupRule::TopUsedAtOnce { min_hand_cards } => {
                min_hand_cards
            }
            PickupRule::NaturalPair { .. } => 2,
        }
    }
}

/// The second hand each side picks up when a player of the side first empties his hand (STBL).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MortoRules {
    /// Cards in each morto.
    pub size: usize,
    /// Charged to a side that never took its morto (a positive number, subtracted).
    pub untaken_penalty: i64,
    /// Earned by a side that took its morto (Schwab's buraco: 100; STBL: 0).
    pub taken_bonus: i64,
    pub trigger: MortoTrigger,
}

/// When a player picks up his side's morto.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MortoTrigger {
    /// When his hand is empty; the morto becomes his hand (STBL).
    EmptyHand,
    /// When his hand holds nothing but wild cards (or nothing); the morto joins it (Schwab B1).
    OnlyWilds,
}

/// When a player may empty his hand for good (go out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoingOut {
    /// Any action that empties the hand goes out (ITP).
    Always,
    /// Only once the side has taken its morto and owns a clean canastra; until then no action may
    /// leave the hand empty, nor a meld leave one card (it could only be discarded). STBL E3.
    CleanCanastraAfterMorto,
    /// Once the side has taken its morto (buraco) and owns any canastra (cerrado), and holds no
    /// unfinished meld of wild cards only (Schwab B2–B4); rule `go-out-needs-cerrado`.
    CanastraAfterMorto,
}

impl GoingOut {
    /// The rule id a refused going-out names.
    pub fn rule(self) -> &'static str {
        match self {
            GoingOut::CanastraAfterMorto => "go-out-needs-cerrado",
            _ => "go-out-needs-clean-canastra",
        }
    }
}

/// How the cards laid on the table count for a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableCards {
    /// Always added (ITP, STBL, Schwab's documentation).
    Added,
    /// Subtracted while the side owns no canastra (CardCol, Schwab A3).
    NegativeWithoutCanastra,
}

/// What happens when the stock runs out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockOut {
    /// The game ends when a player asks for a card from the empty stock (ITP).
    EndOnEmptyDraw,
    /// The turn in which the last stock card was drawn is completed; then an untaken morto becomes
    /// the stock (its side keeps the penalty), or, if none is left, the game ends (STBL A4, A5).
    EndAfterTurn,
    /// Once the stock is empty, each turn begins only if its player could take the discard pile
    /// (a legal pickup exists); he may take it, or decline with `GET_STOCK`, which ends the
    /// hand. When the player to move has no legal pickup the hand ends after the previous
    /// discard, the buracos staying where they are (Schwab A5 as `buraco-schwab.md` recommends).
    PileOrEnd,
}

/// How the cards left in a hand at the end are charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandPenalty {
    /// Minus the cards' values (ITP as decided in issue 2; STBL).
    CardValues,
    /// Minus the cards' values plus the canastra bonus for a hand of 7+ cards, clean or dirty
    /// judged on the hand's order (`buraco.js` quirk Q4; only for reproducing old results).
    AsMeld,
}

/// Bonuses for long melds (canastras).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CanastraBonus {
    pub min_len: usize,
    pub clean: i64,
    pub dirty: i64,
    /// Instead of `clean`, for a clean `A 2 … K` of one suit laid down by one action (STBL's
    /// *canastra de 500*); 0 when the variant has none.
    pub ace_to_king_at_once: i64,
    /// Instead of `clean`, for a clean `A 2 … K A` laid down by one action (*canastra real*).
    pub ace_to_ace_at_once: i64,
    /// Instead of `clean` / `dirty`, for a set of aces (Schwab: 500 / 300); 0 when none.
    pub aces_set_clean: i64,
    pub aces_set_dirty: i64,
    /// A canastra of wild cards only: all 2s / with a joker (Schwab: 2000 / 1000).
    pub wilds_all_twos: i64,
    pub wilds_with_joker: i64,
    /// Earned (negative) by a meld of wild cards only left short of a canastra (Schwab: −1000).
    pub unfinished_wilds: i64,
}

/// A complete Buraco variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuracoRules {
    /// The game kind this preset is (its command-line name).
    pub game: GameKind,
    /// The table sizes the variant is played with; with 4, seats 0&2 and 1&3 are partners.
    pub seat_counts: &'static [usize],
    pub decks: usize,
    pub jokers_per_deck: usize,
    pub hand_size: usize,
    /// Whether the discard pile starts with one card face up (ITP) or empty (STBL).
    pub up_card: bool,
    pub morto: Option<MortoRules>,
    pub going_out: GoingOut,
    pub stock_out: StockOut,
    pub melds: MeldPolicy,
    pub pickup: PickupRule,
    pub values: CardValues,
    pub canastra: CanastraBonus,
    /// Added for each player of a side whose hand is empty at the end.
    pub going_out_bonus: i64,
    pub hand_penalty: HandPenalty,
    pub table_cards: TableCards,
    /// Whether only the starting seat is shown the up-card (Schwab A7); the others get `[ ]`.
    pub up_card_private: bool,
    /// How many hands make a match (one, unless a target is set).
    pub match_play: MatchRules,
}

impl BuracoRules {
    /// The UFRN ITP course's Buraco (`buraco.js`) with the fixes decided in issue 2: 104 cards, no
    /// jokers, runs only, one wild, aces suit-checked, melds of 3 to 14 cards, hands charged by
    /// card value.
    pub fn itp() -> BuracoRules {
        let mut by_rank = [10; 13];
        for rank in [Rank::Three, Rank::Four, Rank::Five, Rank::Six, Rank::Seven] {
            by_rank[rank.index()] = 5;
        }
        by_rank[Rank::Ace.index()] = 15;
        BuracoRules {
            game: GameKind::ItpBuraco,
            seat_counts: &[2, 4],
            decks: 2,
            jokers_per_deck: 0,
            hand_size: 11,
            up_card: true,
            morto: None,
            going_out: GoingOut::Always,
            stock_out: StockOut::EndOnEmptyDraw,
            melds: MeldPolicy {
                min_len: 3,
                max_len: 14,
                max_wilds: 1,
                twos: TwoPolicy::NaturalInPlace,
                aces: AceSuit::Checked,
                sets: false,
                wild_piles: false,
            },
            pickup: PickupRule::NewMeldWithHand { min_hand_cards: 2 },
            values: CardValues { by_rank, joker: 50 },
            canastra: CanastraBonus {
                min_len: 7,
                clean: 200,
                dirty: 100,
                ace_to_king_at_once: 0,
                ace_to_ace_at_once: 0,
                aces_set_clean: 0,
                aces_set_dirty: 0,
                wilds_all_twos: 0,
                wilds_with_joker: 0,
                unfinished_wilds: 0,
            },
            going_out_bonus: 100,
            hand_penalty: HandPenalty::CardValues,
            table_cards: TableCards::Added,
            up_card_private: false,
            match_play: MatchRules::ONE_HAND,
        }
    }

    /// Buraco Fechado STBL (`buraco-stbl.md`, each ambiguity settled as recommended): ITP's runs
    /// and values plus 4 jokers (wild, worth 50), an empty closed discard pile, a morto of 11
    /// cards per side (−100 if never taken), going out only after the morto with a clean
    /// canastra, canastras of 500 and 1000 laid down at once, and the stock's end after a turn.
    pub fn stbl() -> BuracoRules {
        BuracoRules {
            game: GameKind::BuracoStbl,
            jokers_per_deck: 2,
            up_card: false,
            morto: Some(MortoRules {
                size: 11,
                untaken_penalty: 100,
                taken_bonus: 0,
                trigger: MortoTrigger::EmptyHand,
            }),
            going_out: GoingOut::CleanCanastraAfterMorto,
            stock_out: StockOut::EndAfterTurn,
            pickup: PickupRule::TopUsedAtOnce { min_hand_cards: 2 },
            canastra: CanastraBonus {
                min_len: 7,
                clean: 200,
                dirty: 100,
                ace_to_king_at_once: 500,
                ace_to_ace_at_once: 1000,
                ..BuracoRules::itp().canastra
            },
            ..BuracoRules::itp()
        }
    }

    /// Total number of cards in play.
    pub fn card_count(&self) -> usize {
        self.decks * (52 + self.jokers_per_deck)
    }

    /// How many copies of `card` the decks hold.
    pub fn copies_of(&self, card: Card) -> usize {
        if card.is_joker() { self.decks * self.jokers_per_deck } else { self.decks }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn itp_card_values() {
        let v = BuracoRules::itp().values;
        let of = |t: &str| v.of(t.parse().unwrap());
        assert_eq!([of("3♥"), of("7♣"), of("2♦"), of("8♠"), of("K♥"), of("A♣")], [5, 5, 10, 10, 10, 15]);
    }

    #[test]
    fn stbl_deck_has_four_jokers_worth_50() {
        let r = BuracoRules::stbl();
        assert_eq!((r.card_count(), r.copies_of(Card::Joker), r.values.of(Card::Joker)), (108, 4, 50));
    }
}
