//! The game-neutral table model every view draws (the terminal, the replay, the HTML viewer):
//! zones of cards, each with an owner, a visibility and a kind, plus named counters and whose turn
//! it is, as one seat sees the table or as an omniscient observer does. Pure data; each engine
//! builds the omniscient table and `Table::seen_by` redacts it for a seat, so hiding cards is done
//! once for every game.

use serde::{Deserialize, Serialize};

use crate::cards::Card;

use super::Seat;

/// Who a zone or a counter belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type", content = "index")]
pub enum Owner {
    /// One seat (a hand, the cards a seat put into the trick in progress).
    Seat(Seat),
    /// One side, a player or a team of partners (melds, a morto, captured tricks).
    Side(usize),
    /// The table itself (the stock, the discard pile, the kitty before anyone takes it).
    Nobody,
}

/// Who may see the faces of a zone's cards. The number of cards is always public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visibility {
    /// Face up: melds, the discard pile, a trick in progress, revealed red 3s.
    Everyone,
    /// Only the owner (a seat, or every seat of the owning side): hands.
    Owner,
    /// Face down for everyone: the stock, a morto, a buried kitty.
    Nobody,
}

/// What a zone is, so that a view can lay it out; the label says the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneKind {
    Hand,
    Meld,
    /// Cards set aside face up that are neither a meld nor a trick (Canasta's red 3s).
    Bonus,
    Stock,
    Discard,
    Morto,
    Kitty,
    /// The cards played to the trick in progress (one zone per seat that has played).
    Trick,
    /// Tricks already won (usually face down, counted).
    Taken,
    /// Anything else a future game needs; the label names it.
    Pile,
}

impl ZoneKind {
    /// The kind's stable word, as in JSON (`morto`, `taken`): the views name a game's words
    /// for its zones after it (`table-zones-<word>`).
    pub fn word(self) -> &'static str {
        match self {
            ZoneKind::Hand => "hand",
            ZoneKind::Meld => "meld",
            ZoneKind::Bonus => "bonus",
            ZoneKind::Stock => "stock",
            ZoneKind::Discard => "discard",
            ZoneKind::Morto => "morto",
            ZoneKind::Kitty => "kitty",
            ZoneKind::Trick => "trick",
            ZoneKind::Taken => "taken",
            ZoneKind::Pile => "pile",
        }
    }
}

/// A group of cards on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone {
    /// Stable within a game from step to step (`hand-0`, `meld-1-2`, `stock`), for views that
    /// compare steps.
    pub id: String,
    pub kind: ZoneKind,
    pub owner: Owner,
    pub visibility: Visibility,
    /// A short name for people ("discard pile", "meld 2 · clean canastra").
    pub label: String,
    /// How many cards the zone holds, visible or not.
    pub count: usize,
    /// The cards in the zone's order (top of a pile last), or `None` when the viewer may not see
    /// them.
    #[serde(with = "card_tokens")]
    pub cards: Option<Vec<Card>>,
    /// Stable words about the zone's state a view may show or style (`clean`, `dirty`,
    /// `canastra`, `frozen`, `closed`, `taken`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

impl Zone {
    /// A zone whose cards are known (the omniscient table).
    pub fn new(
        id: impl Into<String>,
        kind: ZoneKind,
        owner: Owner,
        visibility: Visibility,
        label: impl Into<String>,
        cards: Vec<Card>,
    ) -> Zone {
        Zone {
            id: id.into(),
            kind,
            owner,
            visibility,
            label: label.into(),
            count: cards.len(),
            cards: Some(cards),
            tags: Vec::new(),
        }
    }

    pub fn tagged(mut self, tag: impl Into<String>) -> Zone {
        self.tags.push(tag.into());
        self
    }

    /// Whether `viewer` may see the faces of this zone's cards (`None`: omniscient).
    pub fn visible_to(&self, viewer: Option<Seat>, side_of: &[usize]) -> bool {
        self.visibility.lets(self.owner, viewer, side_of)
    }
}

impl Visibility {
    /// Whether `viewer` (`None`: omniscient) may see what `owner` holds with this visibility.
    pub fn lets(self, owner: Owner, viewer: Option<Seat>, side_of: &[usize]) -> bool {
        let Some(seat) = viewer else { return true };
        match (self, owner) {
            (Visibility::Everyone, _) => true,
            (Visibility::Nobody, _) => false,
            (Visibility::Owner, Owner::Seat(owner)) => owner == seat,
            (Visibility::Owner, Owner::Side(side)) => side_of.get(seat) == Some(&side),
            (Visibility::Owner, Owner::Nobody) => false,
        }
    }

    fn is_everyone(&self) -> bool {
        *self == Visibility::Everyone
    }
}

/// A counter's value: a number (scores, levels, cards left) or a word (trump, phase).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    Number(i64),
    Text(String),
}

/// A named value shown beside the cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// Stable id (`score`, `turn`, `hand-number`, `trump`, `level`, `phase`).
    pub id: String,
    pub owner: Owner,
    pub label: String,
    pub value: Value,
    /// Who may know the value: `Everyone` (scores of laid-down melds, levels), or `Owner` for a
    /// value computed from hidden cards (the points in a side's hands), which a seat of another
    /// side does not see until the game is over.
    #[serde(default = "everyone", skip_serializing_if = "Visibility::is_everyone")]
    pub visibility: Visibility,
}

fn everyone() -> Visibility {
    Visibility::Everyone
}

impl Counter {
    /// A counter every seat may know.
    pub fn new(id: impl Into<String>, owner: Owner, label: impl Into<String>, value: Value) -> Counter {
        Counter { id: id.into(), owner, label: label.into(), value, visibility: Visibility::Everyone }
    }

    /// The same counter known only to its owner while `hidden` (a value computed from cards the
    /// other seats may not see, until the game is over).
    pub fn owner_only_while(mut self, hidden: bool) -> Counter {
        if hidden {
            self.visibility = Visibility::Owner;
        }
        self
    }

    /// The `phase` counter every game shows: `game over: <reason>` (or `<id> forfeited`) once
    /// the game has an outcome, else `playing` (what the seat to move does now). The views
    /// find the end of a game by it.
    pub fn phase(outcome: Option<&super::Outcome>, ids: &[String], playing: impl Into<String>) -> Counter {
        let text = match outcome.map(|o| &o.ending) {
            Some(super::Ending::Finished { reason }) => format!("game over: {reason}"),
            Some(super::Ending::Forfeit { seat }) => format!("game over: {} forfeited", ids[*seat]),
            None => playing.into(),
        };
        Counter::new("phase", Owner::Nobody, "phase", Value::Text(text))
    }
}

/// The words of a table's drawing in the caller's language: a message id and its arguments in,
/// the text out (the terminal passes `i18n::tr`). The engines never pick a language themselves.
pub type Words<'a> = &'a dyn Fn(&str, &[(&str, &dyn std::fmt::Display)]) -> String;

/// The table as one seat sees it, or everything (`viewer` is `None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// The seat whose view this is; `None`: omniscient.
    pub viewer: Option<Seat>,
    /// Each seat's wire id, in seat order.
    pub seats: Vec<String>,
    /// The side each seat plays for, in seat order.
    pub sides: Vec<usize>,
    /// The seats whose line the engine awaits (empty once the game is over).
    pub to_play: Vec<Seat>,
    pub zones: Vec<Zone>,
    pub counters: Vec<Counter>,
}

impl Table {
    /// A table with seats and no zone or counter yet, seen by nobody in particular.
    pub fn new(seats: Vec<String>, sides: Vec<usize>) -> Table {
        Table { viewer: None, seats, sides, to_play: Vec::new(), zones: Vec::new(), counters: Vec::new() }
    }

    /// The same table with every zone `seat` may not see reduced to its count, and without the
    /// counters it may not know.
    pub fn seen_by(mut self, seat: Option<Seat>) -> Table {
        self.viewer = seat;
        for zone in &mut self.zones {
            if !zone.visible_to(seat, &self.sides) {
                zone.cards = None;
            }
        }
        let sides = &self.sides;
        self.counters.retain(|c| c.visibility.lets(c.owner, seat, sides));
        self
    }

    /// Every card whose face the viewer sees, zone by zone.
    pub fn visible_cards(&self) -> impl Iterator<Item = (&Zone, Card)> {
        self.zones.iter().flat_map(|z| z.cards.iter().flatten().map(move |&c| (z, c)))
    }

    pub fn zone(&self, id: &str) -> Option<&Zone> {
        self.zones.iter().find(|z| z.id == id)
    }

    pub fn counter(&self, id: &str, owner: Owner) -> Option<&Value> {
        self.counters.iter().find(|c| c.id == id && c.owner == owner).map(|c| &c.value)
    }
}

/// Cards as their wire tokens (`10♥`, `JK`) in JSON, so every view reads them the same way.
mod card_tokens {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::cards::Card;

    pub fn serialize<S: Serializer>(cards: &Option<Vec<Card>>, s: S) -> Result<S::Ok, S::Error> {
        match cards {
            Some(cards) => s.collect_seq(cards.iter().map(|c| c.to_string())),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Card>>, D::Error> {
        let tokens: Option<Vec<String>> = Option::deserialize(d)?;
        tokens.map(|tokens| tokens.iter().map(|t| t.parse().map_err(serde::de::Error::custom)).collect()).transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    fn table() -> Table {
        let ace = Card::new(Rank::Ace, Suit::Hearts);
        Table {
            viewer: None,
            seats: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            sides: vec![0, 1, 0, 1],
            to_play: vec![0],
            zones: vec![
                Zone::new("hand-1", ZoneKind::Hand, Owner::Seat(1), Visibility::Owner, "b", vec![ace]),
                Zone::new("kitty", ZoneKind::Kitty, Owner::Side(0), Visibility::Owner, "kitty", vec![ace]),
                Zone::new("stock", ZoneKind::Stock, Owner::Nobody, Visibility::Nobody, "stock", vec![ace, ace]),
                Zone::new("trick-3", ZoneKind::Trick, Owner::Seat(3), Visibility::Everyone, "d", vec![Card::Joker]),
            ],
            counters: vec![Counter::new("trump", Owner::Nobody, "trump", Value::Text("♥".into()))],
        }
    }

    #[test]
    fn a_seat_sees_its_own_and_its_sides_zones_and_the_public_ones_only() {
        let seen = |seat: Option<Seat>| -> Vec<&'static str> {
            let t = table().seen_by(seat);
            ["hand-1", "kitty", "stock", "trick-3"]
                .into_iter()
                .filter(|id| t.zone(id).unwrap().cards.is_some())
                .collect()
        };
        assert_eq!(seen(None), ["hand-1", "kitty", "stock", "trick-3"]);
        assert_eq!(seen(Some(0)), ["kitty", "trick-3"]);
        assert_eq!(seen(Some(1)), ["hand-1", "trick-3"]);
        assert_eq!(seen(Some(2)), ["kitty", "trick-3"]);
        let t = table().seen_by(Some(0));
        assert_eq!(t.zone("stock").unwrap().count, 2, "the count stays visible");
        assert_eq!(t.viewer, Some(0));
    }

    #[test]
    fn a_private_counter_is_known_to_its_side_only_and_public_once_the_game_is_over() {
        let mut t = table();
        let points =
            |hidden| Counter::new("hands", Owner::Side(1), "in hand", Value::Number(-40)).owner_only_while(hidden);
        t.counters.push(points(true));
        let knows = |t: &Table, seat| t.clone().seen_by(seat).counter("hands", Owner::Side(1)).is_some();
        assert_eq!([None, Some(0), Some(1), Some(2), Some(3)].map(|s| knows(&t, s)), [true, false, true, false, true]);
        t.counters.pop();
        t.counters.push(points(false));
        assert!(knows(&t, Some(0)));
        // The JSON of a public counter is as before: no visibility key.
        assert!(!serde_json::to_string(&points(false)).unwrap().contains("visibility"));
        let private = serde_json::to_string(&points(true)).unwrap();
        assert_eq!(serde_json::from_str::<Counter>(&private).unwrap(), points(true));
    }

    #[test]
    fn a_zone_kinds_word_is_its_json_name() {
        use ZoneKind::*;
        for kind in [Hand, Meld, Bonus, Stock, Discard, Morto, Kitty, Trick, Taken, Pile] {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.word(), "{kind:?}");
        }
    }

    #[test]
    fn json_has_card_tokens_and_reads_back() {
        let t = table().seen_by(Some(3));
        let json = serde_json::to_string(&t).unwrap();
        assert!(json.contains(r#""cards":["JK"]"#), "{json}");
        assert!(json.contains(r#""owner":{"type":"seat","index":1}"#), "{json}");
        assert!(json.contains(r#""value":"♥""#), "{json}");
        assert_eq!(serde_json::from_str::<Table>(&json).unwrap(), t);
    }
}
