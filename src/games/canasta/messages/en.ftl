# What the canasta engines, views and check plan say, in English. Each id must also be in pt.ftl
# (src/games/canasta/messages/); the tests of i18n and tests/conformance.rs check it.
cn-meld-too-short = a meld needs at least 3 cards, not { $len }
cn-meld-red-three = { $card } is a red 3: red 3s are never melded (they are laid out for you as soon as you get them)
cn-meld-two-naturals = a meld needs at least two natural cards of its rank (wild cards are 2s and jokers)
cn-meld-mixed-ranks = { $first } and { $other } are of different ranks: a Canasta meld is cards of one rank, never a sequence
cn-meld-too-many-wilds = a meld holds at most { $max } wild cards (2s and jokers), and this one would hold { $wilds }
cn-meld-black-threes = black 3s are melded only with black 3s: no wild card in a meld of 3s
cn-viol-pile-frozen = the discard pile is frozen: its top { $top } is a wild card or a black 3, so nobody may take it until a natural card covers it; draw with GET_STOCK
cn-viol-rank-already-melded = you already have a meld of { $card }'s rank (meld { $index }): add to it (MELD_JOIN { $index } [ … ], or GET_DISCARD_JOIN { $index } to take the pile) instead of starting a second one
cn-viol-red-three-discard = { $card } is a red 3: red 3s can never be discarded (they are laid out as soon as you get them, so you never hold one)
cn-viol-empty-hand-needs-canasta = you may empty your hand (go out) only once you own a canasta (a meld of 7 or more cards)
cn-viol-last-card-needs-canasta = this would leave you a single card, which you could only discard, and you may not go out before you own a canasta (a meld of 7 or more cards)
cn-viol-stock-empty = the stock is empty and you can use the top of the discard pile, so you must take it (for example { $example })
cn-narr-draws = draws from the stock: { $card }{ $reds }
cn-narr-draws-last-red-three = draws the last card of the stock{ $reds }: a red 3 with nothing to replace it, the round ends
cn-narr-red-threes = { " " }(laying out { $cards })
cn-narr-takes-pile = takes the discard pile ({ $taken } cards): its top { $top } with { $cards } makes meld { $index } { $meld }{ $reds }{ $out }
cn-narr-takes-pile-joining = takes the discard pile ({ $taken } cards): its top { $top } joins meld { $index } → { $meld }{ $reds }{ $out }
cn-narr-round-ends = { $said }; round { $round } ends: { $score0 } to { $score1 }, totals { $total0 } to { $total1 }
cn-narr-round-dealt = { $said }; round { $round } is dealt, { $player } starts
cn-end-match = { $reason }; the match ends after { $rounds } round(s)
cn-end-stock-out = the stock is out and neither player can use the top of the discard pile
cn-end-last-red-three = { $player } drew a red 3 as the last card of the stock
cn-hint-draw = draw: GET_STOCK{ $pile }
cn-hint-take = , or take the discard pile, e.g. { $example } (GET_DISCARD [ c1 c2 ] makes a new meld with the top card, GET_DISCARD_JOIN <index> adds it to your meld of its rank)
cn-hint-frozen = { " " }(the discard pile is frozen: { $top } is on top)
cn-hint-cannot-take = { " " }(you cannot use the top card { $top } of the discard pile)
cn-hint-must-take = the stock is empty: take the discard pile, e.g. { $example }
check-title-canasta-frozen-pile = the pile is frozen (a joker on top): take from the stock even with a pair of nines in hand
check-title-canasta-red-three = a red 3 drawn (3♦) is laid out for you (RED3) and replaced: never discard it
check-title-canasta-wilds-and-going-out = three natural queens and three wilds: a meld holds at most three wild cards, and no canasta yet means the hand may not be emptied
cn-viol-initial-meld = your first meld of the round must be worth at least { $min } card points with a total of { $total } (rule option initial-meld=classic), and { $meld } is worth { $points }
cn-viol-initial-melds = the melds you lay down in your first melding turn of the round must be worth at least { $min } card points together with a total of { $total } (rule option initial-meld=classic), and { $melds } are worth { $points }: meld more before you end the turn
check-title-canasta-no-canasta-no-going-out = five natural triples and K♠ drawn: melding them all would leave one card, and there is no going out without a canasta

# What the terminal's table calls a meld, by its first two tags (src/report/table_text.rs).
table-meld-canasta-natural = natural canasta
table-meld-canasta-mixed = mixed canasta

# game-neutral: how the terminal names Canasta's frozen pile.
table-discard-frozen = { " " }(frozen)
