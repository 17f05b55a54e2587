//! Scratch Rummy's sample lines: what the awaited seat could send, one of them legal, in a random
//! order the caller's picks decide (lays and adds first, half the time).

use juiz::cards::{Card, format_list};
use juiz::games::kit::shuffle;

use super::game::{ScratchEngine, is_meld};

pub fn lines(e: &ScratchEngine, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
    if juiz::games::Engine::outcome(e).is_some() {
        return Vec::new();
    }
    let w = &e.rules.words;
    if !e.drawn {
        let mut lines = vec![w.draw_stock.to_owned(), w.take_discard.to_owned(), format!("{} [ 2♣ ]", w.take_discard)];
        shuffle(&mut lines, pick);
        return lines;
    }
    let hand: &[Card] = e.hands[e.current].cards();
    let mut melds = Vec::new();
    for card in hand {
        let same: Vec<Card> = hand.iter().copied().filter(|c| c.rank() == card.rank()).collect();
        if is_meld(&same) {
            melds.push(format!("{} {}", w.meld_new, format_list(&same)));
        }
        for (i, meld) in e.melds[e.current].iter().enumerate() {
            let joined: Vec<Card> = meld.iter().copied().chain([*card]).collect();
            if is_meld(&joined) {
                melds.push(format!("{} {i} [ {card} ]", w.meld_join));
            }
        }
    }
    let mut drops: Vec<String> = hand.iter().map(|c| format!("{} {c}", w.discard)).collect();
    shuffle(&mut melds, pick);
    shuffle(&mut drops, pick);
    if pick(2) == 0 {
        melds.extend(drops);
        melds
    } else {
        drops.extend(melds);
        drops
    }
}
