//! The Shengji engine's sample lines (`Engine::sample_lines`): a random legal line for the seat
//! to move (a declaration or a pass, a burial, a lead or a follow), then a pass.

use crate::cards::{Card, format_list};

use super::{Phase, ShengjiEngine, legal};

impl ShengjiEngine {
    /// Lines for the seat to move, the first of them legal while the game goes on.
    pub fn sample(&self, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
        let deal = self.deal();
        let crate::games::Awaiting::One(seat) = crate::games::Engine::awaiting(self) else { return Vec::new() };
        let hand = &deal.hands[seat];
        let line = match deal.phase {
            Phase::Dealing | Phase::LastCall { .. } => {
                let d = legal::declaration(deal.rules.declare, &deal.trump, seat, hand, deal.declaration.as_ref());
                match d {
                    Some(cards) if pick(3) == 0 => format!("DECLARE {}", format_list(&cards)),
                    _ => "PASS".to_owned(),
                }
            }
            Phase::Burying => {
                let mut cards = hand.clone();
                let buried: Vec<Card> = (0..deal.rules.kitty_size()).map(|_| cards.remove(pick(cards.len()))).collect();
                format!("BURY {}", format_list(&buried))
            }
            Phase::Playing => match &deal.trick {
                Some(trick) => format!("PLAY {}", format_list(&legal::follow(&deal.trump, trick, hand, pick))),
                None if pick(4) == 0 => {
                    // A throw: every card of one effective suit (it may fail: that is legal).
                    let suit = deal.trump.eff_suit(hand[pick(hand.len())]);
                    let cards: Vec<Card> = hand.iter().copied().filter(|&c| deal.trump.eff_suit(c) == suit).collect();
                    format!("PLAY {}", format_list(&cards))
                }
                None => format!("PLAY {}", format_list(&legal::lead(hand, pick))),
            },
            Phase::Done => return Vec::new(),
        };
        vec![line, "PASS".to_owned()]
    }
}
