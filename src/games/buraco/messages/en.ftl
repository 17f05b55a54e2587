# What the buraco engines, views and check plan say, in English. Each id must also be in pt.ftl
# (src/games/buraco/messages/); the tests of i18n and tests/conformance.rs check it.
narr-out-morto = { " " }and takes the morto
narr-out-morto-playing-on = { " " }and takes the morto, playing on
narr-draws = draws from the stock: { $card }
narr-empty-stock = asks for a card from the empty stock: the game ends
narr-takes-pile = takes the discard pile ({ $taken } cards) with { $cards } (meld { $index }: { $meld }){ $out }
narr-takes-pile-joining = takes the discard pile ({ $taken } cards), its top { $top } joining meld { $index } → { $meld }
narr-discards-stock-out = discards { $card }{ $out }; the stock is out: the game ends
end-empty-stock = { $player } asked for a card from an empty stock
end-stock-out = the stock ran out
viol-empty-hand-needs-clean-canastra = you may empty your hand only once your side has taken its morto and owns a clean canastra
viol-last-card-needs-clean-canastra = this would leave you one card to discard, and your side may not go out without a clean canastra
viol-discard-needs-cards = GET_DISCARD needs at least { $min } cards from the hand to meld with the top card
viol-team-note = ; the index counts your team's melds in the order they were made, your partner's included{ $partner }{ $yours }
viol-team-note-partner = : meld { $index } is your partner's ({ $partner })
viol-team-note-yours = , yours { $count ->
        [one] is
       *[other] are
    } { $list }
viol-wild-top-card = the top card { $top } is a wild card: it may only start a new meld (GET_DISCARD [ … ])
meld-too-long = a meld holds at most { $max } cards, not { $len }
meld-only-wilds = a meld needs at least one natural card besides the wild cards
meld-mixed-suits = { $card } is not of the meld's suit { $suit }
meld-too-many-aces = a meld holds at most two aces
meld-too-many-wilds = at most { $max } wild card(s) per meld, and a second 2 must be the natural 2 of the meld's suit
meld-duplicate = { $card } appears twice in the run
meld-gap = the run has a gap between { $below } and { $above }
meld-ace-out-of-place = the ace does not fit at either end of the run
meld-no-room-for-wild = the wild card has no place to go
hint-top-card = the top card { $card }
hint-no-top-card = no top card
hint-draw = draw: GET_STOCK or GET_DISCARD [ c1 c2 … ] (two or more hand cards melding with { $top }){ $join }
hint-draw-join = , or GET_DISCARD_JOIN <index> (the top card joins that meld)
hint-draw-pair = { " " }(exactly two natural cards)
check-title-opponent-takes-the-pile = the opponent takes the discard pile (GET_DISCARD)
check-title-opponent-melds-and-joins = the opponent melds, then extends its meld (MELD_NEW, MELD_JOIN)
check-title-opponent-goes-out = the opponent goes out on its first move (the game ends at once)
check-title-you-can-take-the-pile = you may take the discard pile: 5♠ on the pile, 6♠ 7♠ in your hand
check-title-you-can-go-out = you may meld and go out: 6♥ on the stock completes 3♥ 4♥ 5♥, 7♠-10♠ and J♦ Q♦ K♦
check-title-four-players-team-melds = 4 players: partners share melds (GET_DISCARD, MELD_JOIN on the team's melds)
check-title-stbl-morto-and-no-going-out = you may empty your hand (6♥ on the stock): the morto comes (MORTO [ … ]), and with no clean canastra you may not go out
check-title-stbl-joker-on-the-pile = the closed pile's top card is a joker (JK): it may only start a new run, with 4♣ 5♣ from your hand
check-title-stbl-take-the-closed-pile = the closed pile's top card 9♥ makes a run with 7♥ 8♥ from your hand (GET_DISCARD)
check-title-schwab-natural-pair = the up-card 9♥ may be taken with the natural pair 9♣ 9♠ (GET_DISCARD [ 9♣ 9♠ ]), never with the joker
check-title-schwab-seven-at-most = 3♥ to 10♥ in hand: a pile holds at most 7 cards (at 7 it is a cerrado)
check-title-schwab-buraco = melding 3♠ 4♠ 5♠, 8♦ 8♣ 8♥ and J♥ Q♥ K♥ leaves JK 2♣: the buraco comes (MORTO [ … ]) and the turn goes on
narr-takes-up-card = takes the up-card { $card } into the hand
narr-hand-ends = { $said }; hand { $hand } ends: { $score0 } to { $score1 }, totals { $total0 } to { $total1 }
narr-hand-dealt = { $said }; hand { $hand } is dealt, { $player } starts
end-match = { $reason }; the match ends after { $hands } hand(s)
viol-pickup-mono = the top card { $top } is a joker or a 2: the discard pile may not be taken while a wild card is on top
viol-pickup-natural-pair = taking the discard pile needs exactly two natural cards (no joker, no 2) that form a meld with the top card { $top }, not { $cards }
viol-pickup-would-end = the pile and your hand make { $held } cards, fewer than { $min }, and your team has taken its buraco without a cerrado: you could not finish the hand
viol-unfinished-wilds = your team's meld of wild cards only is not closed yet (fewer than { $len } cards): it must be closed before you get down to your last card
viol-empty-hand-needs-cerrado = you may empty your hand only once your team has taken its buraco and owns a cerrado (a closed meld of 7 cards)
viol-last-card-needs-cerrado = this would leave you one card to discard, and your team may not go out without a cerrado (a closed meld of 7 cards)
meld-set-too-many-wilds = a meld of one rank holds at most { $max } wild card(s)

# What the terminal's table calls a meld, by its first two tags (src/report/table_text.rs).
table-meld-canastra-clean = clean canastra
table-meld-canastra-dirty = dirty canastra

# game-neutral: how the terminal names Buraco's closed pile, its mortos and their points.
table-discard-closed = { " " }(closed)
table-zones-morto = mortos: { $zones }
table-zone-morto = side { $side } { $state }
table-zone-morto-untagged = waiting
table-zone-morto-taken = taken
table-zone-morto-became-stock = became the stock
table-counter-morto = morto { $value }
