//! What a Shengji house bot knows: everything its seat has been told (protocol.md §9.2), kept up
//! to date line by line — its hand, trump, the banker, the trick in progress, the cards played,
//! the points taken, each seat's shown voids and the cards a seat is known to hold (shown in a
//! declaration or left over from a failed throw). Nothing else reaches the bot.

use crate::cards::{Card, Rank, Suit, build_decks_with_two_jokers};
use crate::games::shengji::{Declaration, EffSuit, ShengjiRules, Trick, TrumpContext};

/// The index of an effective suit in per-suit tables: the four plain suits, then trump.
pub fn suit_index(suit: EffSuit) -> usize {
    match suit {
        EffSuit::Plain(s) => s as usize,
        EffSuit::Trump => 4,
    }
}

/// The seat's knowledge of the match and of the deal in progress.
#[derive(Debug, Clone)]
pub struct Seen {
    pub ids: Vec<String>,
    pub me: usize,
    pub decks: usize,
    pub level: Rank,
    pub banker: Option<usize>,
    pub trump: TrumpContext,
    /// Whether `TRUMP` has fixed the trump of this deal.
    pub fixed: bool,
    pub standing: Option<Declaration>,
    pub hand: Vec<Card>,
    /// The cards this seat buried, when it was the banker.
    pub buried: Vec<Card>,
    /// Every card played this deal (the trick in progress included), and how many by each seat.
    pub played: Vec<Card>,
    pub played_by: [usize; 4],
    /// `void[seat][suit_index]`: the seat showed it holds no more cards of that effective suit.
    pub void: [[bool; 5]; 4],
    /// Cards a seat is known to hold (still unplayed).
    pub known: [Vec<Card>; 4],
    pub trick: Option<Trick>,
    /// Points taken in tricks this deal, per side (seat % 2).
    pub points: [u32; 2],
    /// Deals begun in this match, this one included.
    pub deals: u32,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            ids: Vec::new(),
            me: 0,
            decks: 2,
            level: Rank::Two,
            banker: None,
            trump: TrumpContext::new(Rank::Two, None),
            fixed: false,
            standing: None,
            hand: Vec::new(),
            buried: Vec::new(),
            played: Vec::new(),
            played_by: [0; 4],
            void: [[false; 5]; 4],
            known: Default::default(),
            trick: None,
            points: [0, 0],
            deals: 0,
        }
    }
}

/// The cards between `[` and `]` in `tokens` (unreadable tokens are skipped).
fn card_list(tokens: &[&str]) -> Vec<Card> {
    tokens.iter().filter(|t| **t != "[" && **t != "]").filter_map(|t| t.parse::<Card>().ok()).collect()
}

/// Removes one copy of each of `cards` found in `from`.
pub fn remove_cards(from: &mut Vec<Card>, cards: &[Card]) {
    for card in cards {
        if let Some(i) = from.iter().position(|c| c == card) {
            from.remove(i);
        }
    }
}

impl Seen {
    pub fn rules(&self) -> ShengjiRules {
        ShengjiRules { decks: self.decks, ..ShengjiRules::default() }
    }

    fn seat_of(&self, id: &str) -> Option<usize> {
        self.ids.iter().position(|i| i == id)
    }

    pub fn partner(&self) -> usize {
        (self.me + 2) % 4
    }

    /// The side of the attackers (without the banker), once there is a banker.
    pub fn attackers(&self) -> Option<usize> {
        self.banker.map(|b| 1 - b % 2)
    }

    /// Cards no longer anywhere this seat cannot see: the decks less its hand, the cards played
    /// and its own buried kitty.
    pub fn unseen(&self) -> Vec<Card> {
        let mut all = build_decks_with_two_jokers(self.decks);
        remove_cards(&mut all, &self.hand);
        remove_cards(&mut all, &self.played);
        remove_cards(&mut all, &self.buried);
        all.sort();
        all
    }

    /// Cards still in `seat`'s hand (for another seat: how many).
    pub fn cards_left(&self, seat: usize) -> usize {
        self.rules().hand_size().saturating_sub(self.played_by[seat])
    }

    fn new_deal(&mut self, level: Rank, banker: Option<usize>) {
        let deals = self.deals + 1;
        *self = Seen { ids: std::mem::take(&mut self.ids), me: self.me, decks: self.decks, deals, ..Seen::default() };
        self.level = level;
        self.banker = banker;
        self.trump = TrumpContext::new(level, None);
    }

    /// Takes in one line from the referee. Lines that ask for an answer change the knowledge too
    /// (`CARD`, `KITTY`); the caller answers them after. Unknown lines are ignored.
    pub fn update(&mut self, line: &str) {
        let tokens: Vec<&str> = line.split(' ').filter(|t| !t.is_empty()).collect();
        let Some((&word, args)) = tokens.split_first() else { return };
        match word {
            "PLAYERS" => self.ids = args.iter().map(|s| s.to_string()).collect(),
            "YOU" => {
                if let Some(seat) = args.first().and_then(|id| self.seat_of(id)) {
                    self.me = seat;
                }
                if let Some(decks) = args.get(1).and_then(|d| d.parse().ok()).filter(|d| (1..=3).contains(d)) {
                    self.decks = decks;
                }
            }
            "DEAL" => {
                let level = args.get(1).and_then(|l| Rank::ALL.into_iter().find(|r| r.label() == *l));
                let banker = args.get(4).and_then(|id| self.seat_of(id));
                self.new_deal(level.unwrap_or(Rank::Two), banker);
            }
            "REDEAL" => self.new_deal(self.level, self.banker),
            "CARD" => self.hand.extend(card_list(args)),
            "DECLARED" => {
                let cards = card_list(&args[1.min(args.len())..]);
                if let (Some(seat), Some(&card)) = (args.first().and_then(|id| self.seat_of(id)), cards.first()) {
                    self.standing = Some(Declaration { seat, card, count: cards.len() });
                    if seat != self.me {
                        self.known[seat].retain(|&c| c != card);
                        self.known[seat].extend(cards);
                    }
                }
            }
            "TRUMP" => {
                let suit = args.first().and_then(|s| Suit::ALL.into_iter().find(|x| x.symbol().to_string() == *s));
                self.trump = TrumpContext::new(self.level, suit);
                self.banker = args.get(1).and_then(|id| self.seat_of(id)).or(self.banker);
                self.fixed = true;
            }
            "KITTY" => self.hand.extend(card_list(args)),
            "THROW_FAILED" => self.throw_failed(args),
            "PLAY" => self.play(args),
            "TRICK" => {
                let seat = args.first().and_then(|id| self.seat_of(id));
                let points = args.get(1).and_then(|p| p.parse::<u32>().ok()).unwrap_or(0);
                if let Some(seat) = seat {
                    self.points[seat % 2] += points;
                }
                self.trick = None;
            }
            _ => {}
        }
    }

    /// The leader keeps the rest of a failed throw: those cards are known to be in its hand.
    fn throw_failed(&mut self, args: &[&str]) {
        let Some(seat) = args.first().and_then(|id| self.seat_of(id)) else { return };
        let Some(split) = args.iter().position(|t| *t == "]") else { return };
        let (throw, unit) = (card_list(&args[1..=split]), card_list(&args[split + 1..]));
        if seat != self.me {
            let mut rest = throw;
            remove_cards(&mut rest, &unit);
            self.known[seat].extend(rest);
        }
    }

    fn play(&mut self, args: &[&str]) {
        let Some(seat) = args.first().and_then(|id| self.seat_of(id)) else { return };
        let cards = card_list(&args[1..]);
        if cards.is_empty() {
            return;
        }
        let ctx = self.trump;
        match self.trick.as_mut() {
            None => {
                if crate::games::shengji::one_suit(&cards, &ctx).is_none() {
                    return;
                }
                self.trick = Some(Trick::new(&ctx, seat, cards.clone()));
            }
            Some(trick) => {
                let led = trick.suit;
                let followed = cards.iter().filter(|&&c| ctx.eff_suit(c) == led).count();
                if followed < trick.size() {
                    self.void[seat][suit_index(led)] = true;
                }
                trick.follow(&ctx, seat, cards.clone());
            }
        }
        if seat == self.me {
            remove_cards(&mut self.hand, &cards);
        } else {
            remove_cards(&mut self.known[seat], &cards);
        }
        self.played.extend(&cards);
        self.played_by[seat] += cards.len();
    }
}
