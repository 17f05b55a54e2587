//! The Canasta engine's sample lines (`Engine::sample_lines`): the takes, rank melds (with up to
//! three wilds), joins and discards the seat to move could send, most wanted first.

use crate::cards::{Card, format_list};
use crate::games::kit::shuffle;

use super::{CanastaEngine, is_wild};

impl CanastaEngine {
    /// Lines for the seat to move, at least one of them legal while the game goes on.
    pub fn sample(&self, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
        let seat = self.current();
        let mut hand = self.hand(seat).to_vec();
        shuffle(&mut hand, pick);
        let mut out = Vec::new();
        if !self.has_drawn() {
            if pick(10) < 8 {
                out.extend(self.legal_takes());
            }
            out.push("GET_STOCK".into());
            out.extend(self.legal_takes());
            return out;
        }
        let wilds: Vec<Card> = hand.iter().copied().filter(|&c| is_wild(c)).collect();
        for &card in hand.iter().filter(|&&c| !is_wild(c)) {
            let same: Vec<Card> = hand.iter().copied().filter(|c| c.rank() == card.rank()).collect();
            for (i, meld) in self.melds(seat).iter().enumerate() {
                if Some(meld.rank()) == card.rank() {
                    out.push(format!("MELD_JOIN {i} {}", format_list(&same)));
                    if let Some(&w) = wilds.first() {
                        out.push(format!("MELD_JOIN {i} [ {w} ]"));
                    }
                }
            }
            if same.len() >= 2 {
                let mut meld = same.clone();
                meld.extend(wilds.iter().take(pick(4)));
                out.push(format!("MELD_NEW {}", format_list(&meld)));
            }
        }
        shuffle(&mut out, pick);
        out.truncate(6);
        // Single cards joining any meld: the way out of a hand whose last card completes a canasta.
        for i in 0..self.melds(seat).len() {
            out.extend(hand.iter().map(|c| format!("MELD_JOIN {i} [ {c} ]")));
        }
        out.extend(hand.iter().map(|c| format!("DISCARD {c}")));
        out
    }
}
