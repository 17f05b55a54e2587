//! The command words of a rummy game's wire protocol, as the game's variant data: the shared
//! parser (`rummy::read`) accepts these words and names them in its refusals, so a rummy game
//! with other words reuses the parser and its messages say the game's own commands.

/// The words of the six rummy commands. A game that has no closed-pile pickup leaves
/// `take_discard_join` at `None` (the parser then refuses that word as unknown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Commands {
    /// Draw the top card of the stock (`GET_STOCK`).
    pub draw_stock: &'static str,
    /// Take the discard pile, melding its top card with hand cards given (`GET_DISCARD`).
    pub take_discard: &'static str,
    /// Take a closed discard pile by joining its top card to a meld (`GET_DISCARD_JOIN`).
    pub take_discard_join: Option<&'static str>,
    /// Lay a new meld (`MELD_NEW`).
    pub meld_new: &'static str,
    /// Add cards to a meld of one's side (`MELD_JOIN <index> [ … ]`).
    pub meld_join: &'static str,
    /// Discard one card, ending the turn (`DISCARD`).
    pub discard: &'static str,
}

impl Commands {
    /// The ITP Buraco protocol's words (the Buraco variants and Canasta speak it), without the
    /// closed pile's pickup.
    pub const ITP: Commands = Commands {
        draw_stock: "GET_STOCK",
        take_discard: "GET_DISCARD",
        take_discard_join: None,
        meld_new: "MELD_NEW",
        meld_join: "MELD_JOIN",
        discard: "DISCARD",
    };

    /// The ITP words with the closed pile's `GET_DISCARD_JOIN <index>` (STBL, Canasta).
    pub const ITP_CLOSED_PILE: Commands = Commands { take_discard_join: Some("GET_DISCARD_JOIN"), ..Commands::ITP };

    /// The words an unknown command's refusal lists as expected, in the order a turn uses them
    /// (the closed pile's pickup is not listed: it is the rarer form of taking the pile).
    pub fn expected(&self) -> [&'static str; 5] {
        [self.draw_stock, self.take_discard, self.meld_new, self.meld_join, self.discard]
    }
}
