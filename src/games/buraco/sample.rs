//! The Buraco engine's sample lines (`Engine::sample_lines`): the draws, melds, joins and
//! discards the seat to move could send, from its own cards, most wanted first.

use crate::cards::{Card, format_list};
use crate::games::kit::shuffle;

use super::{BuracoEngine, Meld};

impl BuracoEngine {
    /// Lines for the seat to move, at least one of them legal while the game goes on.
    pub fn sample(&self, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
        let seat = self.current();
        let side = seat % 2;
        let mut hand = self.hand(seat).cards().to_vec();
        shuffle(&mut hand, pick);
        let policy = self.rules().melds;
        let mut out = Vec::new();
        if !self.has_drawn() {
            if let Some(&top) = self.discard_pile().last()
                && pick(10) < 8
            {
                out.extend((0..self.melds(side).len()).map(|i| format!("GET_DISCARD_JOIN {i}")));
                for i in 0..hand.len() {
                    for j in i + 1..hand.len() {
                        if Meld::new(&[top, hand[i], hand[j]], &policy).is_ok() {
                            out.push(format!("GET_DISCARD {}", format_list(&[hand[i], hand[j]])));
                        }
                    }
                }
            }
            out.push("GET_STOCK".into());
            return out;
        }
        for _ in 0..12 {
            let first = hand[pick(hand.len())];
            let same_rank = pick(2) == 0 && first.rank().is_some();
            let mut pool: Vec<Card> = hand
                .iter()
                .copied()
                .filter(|&c| {
                    policy.is_wild(c) || if same_rank { c.rank() == first.rank() } else { c.suit() == first.suit() }
                })
                .collect();
            pool.truncate((3 + pick(5)).min(pool.len()));
            if pool.len() >= 3 && Meld::new(&pool, &policy).is_ok() {
                out.push(format!("MELD_NEW {}", format_list(&pool)));
            }
        }
        for (index, meld) in self.melds(side).iter().enumerate() {
            for &card in &hand {
                if meld.join(&[card], &policy).is_ok() {
                    out.push(format!("MELD_JOIN {index} [ {card} ]"));
                }
            }
        }
        shuffle(&mut out, pick);
        // A few melds first, then the discards, then every other meld (a last card may only be
        // melded).
        let later = out.split_off(pick(3).min(out.len()));
        out.extend(hand.iter().map(|c| format!("DISCARD {c}")));
        out.extend(later);
        out
    }
}
