# What juiz says to people, in English (the default). Each id must also be in pt.ftl.

fault-spawn = the bot could not be started
fault-timeout = the bot did not answer in time
fault-crash = the bot's process ended before the game was over
fault-closed-output = the bot closed its standard output (stdout) while the game went on
fault-closed-input = the bot stopped reading its standard input (stdin)
fault-oversized-line = the bot wrote a line longer than the limit (a missing '\n'?)
fault-invalid-utf8 = the bot wrote a line that is not UTF-8 (the suits ♥ ♦ ♣ ♠ are UTF-8 characters)
fault-premature-output = the bot wrote a line when nothing was asked of it
fault-malformed = the referee could not read the bot's line as a command
fault-illegal = the bot's line breaks a rule of the game
fault-memory = the bot ran out of its memory limit
fault-cpu-time = the bot used up its CPU time limit
fault-processes = the bot started more processes than the limit allows
fault-file-size = the bot wrote a file larger than the limit
fault-disk = the bot filled its work dir (its disk quota)
fault-timeout-overload = the move took too long by the clock while the machine was overloaded (not counted against the bot's own time)

hint-segfault = a segmentation fault: an invalid memory access (an index out of bounds, a NULL pointer, a buffer too small for a line)
hint-exit-code = a bot must keep reading until the referee closes its input, then exit
hint-timeout-computing = it was computing: it used { $cpu }s of CPU of the { $limit } it had (an endless loop, or a search too slow for the limit): stop searching well before the limit, and look for a loop that never ends
hint-timeout-sleeping = it was sleeping (sleep, usleep, time.sleep) when its time ran out: never sleep during a game; a move may take { $limit } (--move-timeout), and only the first reply has the longer start-up allowance (10s unless --startup-timeout says otherwise)
hint-timeout-reading = it was waiting to read a line while the referee waited for its answer: its answer is probably still in its stdout buffer (flush after each line: fflush(stdout) or setbuf(stdout, NULL) in C, print(..., flush=True) in Python), or it reads a line the referee does not send
hint-timeout-waiting = it was waiting, with little CPU ({ $cpu }s): for a line that never comes, or with its answer in a buffer; is stdout buffered? flush after each line (fflush(stdout) in C, print(..., flush=True) in Python)
hint-premature-debug = that line is not a command of the protocol: it looks like debugging output, and the referee reads every line on stdout as a move; write debugging output on stderr: fprintf(stderr, "...\n") in C, print(..., file=sys.stderr) in Python
hint-debug-stderr = that line is not a command of the protocol: it looks like debugging output, which belongs on stderr, never on stdout: fprintf(stderr, "...\n") in C, print(..., file=sys.stderr) in Python
hint-build = compile it yourself (for example cc -Wall -O2 -o bot bot.c) and fix the first error the compiler names (its file, line and column start the message)
hint-no-shebang = start the script with a line naming its interpreter, such as #!/usr/bin/env python3, or run it through the interpreter: python3 { $file }
hint-crlf = save the file with Unix line endings (LF): dos2unix { $file }, or sed -i 's/\r$//' { $file }
hint-no-interpreter = install that interpreter, or name one that exists in the #! line (#!/usr/bin/env python3)
hint-not-executable = make it executable: chmod +x { $file }
hint-other-machine = build it on this machine from its source (cc -O2 -o bot bot.c), or hand in the source
hint-premature = answer only after the referee sends your id (the draw) or your drawn card or pile (the rest of the turn)
hint-rules = see protocol.md and bots/README.md for the commands and the rules

check-header = checking { $bot }: { $scripted } scripted games, then { $random } random games (seed { $seed }), against the bundled bots { $opponents }; move limit { $limit }
check-seed = seed { $seed }
check-game-ended = the game ended
check-not-asked = { $ending } before your bot was asked to move
check-played = { $ending }; { $replies } replies, slowest { $slowest }; your bot used { $commands }
check-opponent-fault = a bundled opponent faulted ({ $fault }): not your bot's fault
check-the-line = the line:
check-why = why:
check-the-rule = the rule:
check-saw = what the referee saw: { $detail }
check-last-sent = the last line the referee had sent it: { $line }
check-hint = hint: { $hint }
check-see-again = see it again: { $command }
check-feed-fixed = after a fix, feed your bot the same input: { $command }
check-timing = timing:  { $moves } moves; median { $median }, slowest { $slowest }, against a limit of { $limit } per move
check-first-replies = first replies (start-up included): slowest { $slowest }, against { $limit }
check-slow-warning = warning: some replies took more than half the limit; on a busier machine they may time out
check-no-stderr = stderr:  nothing (that is where debugging output belongs, never on stdout)
check-stderr = stderr:  { $bytes } in { $games } games; the last lines (game { $game }):
check-logs = logs:    { $dir } (juiz replay <file>.csv)
check-house = house:   { $games } games against easy/medium/hard: won { $won }
check-passed = verdict: PASSED: { $bot } followed the protocol in all { $games } games
check-failed = verdict: FAILED: { $failed } of { $games } games ended with a fault of { $bot } ({ $failed ->
        [one] game
       *[other] games
    } { $list })
check-rerun = rerun the same games with: { $command }

play-fault = { $id }: { $explanation }
play-waiting = the referee was waiting for its line: { $expected }
play-last-sent = the last line it was sent: { $line }
play-last-wrote = the last line it wrote:    { $line }
play-none-yet = (none yet)
play-log = log: { $log } (replay with: juiz replay { $log })

# What the engines say (narration, ends of games, refused lines). Transcripts always record the
# English. `empty` is an absent clause.
empty = { "" }
narr-out-none = { "" }
narr-out-morto = { " " }and takes the morto
narr-out-morto-playing-on = { " " }and takes the morto, playing on
narr-out-goes-out = { " " }and goes out
narr-draws = draws from the stock: { $card }
narr-empty-stock = asks for a card from the empty stock: the game ends
narr-takes-pile = takes the discard pile ({ $taken } cards) with { $cards } (meld { $index }: { $meld }){ $out }
narr-takes-pile-joining = takes the discard pile ({ $taken } cards), its top { $top } joining meld { $index } → { $meld }
narr-melds = melds { $meld } (meld { $index }){ $out }
narr-adds = adds { $cards } to meld { $index } → { $meld }{ $out }
narr-discards = discards { $card }{ $out }
narr-discards-stock-out = discards { $card }{ $out }; the stock is out: the game ends
end-went-out = { $player } went out
end-empty-stock = { $player } asked for a card from an empty stock
end-stock-out = the stock ran out

viol-empty-line = the line is empty; expected a command
viol-discard-join-args = GET_DISCARD_JOIN takes exactly one meld index, got { $count } argument(s)
viol-discard-args = DISCARD takes exactly one card, got { $count } argument(s)
viol-unknown-command = unknown command '{ $command }' (expected GET_STOCK, GET_DISCARD, MELD_NEW, MELD_JOIN or DISCARD)
viol-meld-join-args = MELD_JOIN needs a meld index and a list of cards
viol-missing-brackets = MELD_JOIN needs its cards between brackets: MELD_JOIN <index> [ c1 c2 ... ]
viol-index-not-integer = meld index '{ $index }' is not a plain decimal integer
viol-bad-card = '{ $token }' is not a card: { $reason }
card-empty = empty token
card-after-suit = characters after the suit
card-no-suit = no suit (♥ ♦ ♣ ♠)
card-no-value = no value before the suit
card-bad-value = value must be 2-10, J, Q, K or A
viol-game-over = the game is over
viol-not-your-turn = it is { $current }'s turn, not { $seat }'s
viol-draw-first = the turn starts with GET_STOCK or GET_DISCARD
viol-already-drew = you already drew this turn
viol-card-not-in-hand = { $card } is named { $named } time(s) but the hand holds { $held }
viol-empty-hand-needs-clean-canastra = you may empty your hand only once your side has taken its morto and owns a clean canastra
viol-last-card-needs-clean-canastra = this would leave you one card to discard, and your side may not go out without a clean canastra
viol-discard-needs-cards = GET_DISCARD needs at least { $min } cards from the hand to meld with the top card
viol-discard-pile-empty = the discard pile is empty
viol-not-a-meld = { $cards } is not a meld: { $why }
viol-no-melds-yet = meld index { $index }: your side has no melds yet{ $note }
viol-index-out-of-range = meld index { $index } is out of range (your side's melds are 0 to { $last }){ $note }
viol-team-note = ; the index counts your team's melds in the order they were made, your partner's included{ $partner }{ $yours }
viol-team-note-partner = : meld { $index } is your partner's ({ $partner })
viol-team-note-yours = , yours { $count ->
        [one] is
       *[other] are
    } { $list }
viol-wild-top-card = the top card { $top } is a wild card: it may only start a new meld (GET_DISCARD [ … ])
viol-top-card-cannot-join = the top card { $top } must be used at once, but it cannot join meld { $index }: { $why }
viol-join-not-a-meld = adding { $cards } to meld { $index } is not a meld: { $why }{ $note }
meld-too-short = a meld needs at least { $min } cards, not { $len }
meld-too-long = a meld holds at most { $max } cards, not { $len }
meld-only-wilds = a meld needs at least one natural card besides the wild cards
meld-mixed-suits = { $card } is not of the meld's suit { $suit }
meld-too-many-aces = a meld holds at most two aces
meld-too-many-wilds = at most { $max } wild card(s) per meld, and a second 2 must be the natural 2 of the meld's suit
meld-duplicate = { $card } appears twice in the run
meld-gap = the run has a gap between { $below } and { $above }
meld-ace-out-of-place = the ace does not fit at either end of the run
meld-no-room-for-wild = the wild card has no place to go

# What a seat may send now (the human's prompt; what a timed-out bot was expected to send).
hint-game-over = the game is over
hint-wait = wait: it is { $player }'s turn
hint-top-card = the top card { $card }
hint-no-top-card = no top card
hint-draw = draw: GET_STOCK or GET_DISCARD [ c1 c2 … ] (two or more hand cards melding with { $top }){ $join }
hint-draw-join = , or GET_DISCARD_JOIN <index> (the top card joins that meld)
hint-draw-pair = { " " }(exactly two natural cards)
hint-meld-or-discard = meld or discard: MELD_NEW [ c1 c2 c3 … ], MELD_JOIN <index> [ c … ] or DISCARD <card> (ends the turn)

# The game on the terminal (juiz play, juiz replay).
view-seat = seat { $seat }: { $id }{ $wire }, side { $side }, { $command }
view-on-the-wire = { " " }(on the wire: { $wire })
view-fault = fault: { $id } { $kind }: { $detail }
view-forfeits = { $id } forfeits
view-draw = a draw
view-winner = winner: { $winner }
view-turns = { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }
view-turns-fault = { $turns ->
        [one] { $turns } turn completed
       *[other] { $turns } turns completed
    }, the fault in turn { $next }
view-summary = { $ending }. { $scores } — { $winner } ({ $turns })
view-not-accepted = not accepted: { $problem } (rule { $rule })
view-prompt = { $hint }; cards as 5♥ or 5h (h d c s for ♥ ♦ ♣ ♠)
view-referee = referee: { $line }
view-stderr = stderr of { $id }:
view-stderr-last = stderr of { $id } (last { $shown } of { $total } lines):
play-stderr-kept = (all of it: { $path })
play-header = { $game } · seed { $seed }
view-refused = { $detail } (rule { $rule }): { $line }

# juiz check's games (`check-title-` + the game's slug; the English must equal the plan's title,
# see the tests of check::words).
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
check-title-shengji-follow-suit = A♠ led; you hold 5♠ and 7♠: follow suit
check-title-shengji-follow-pair = the pair 9♠ 9♠ led; you hold K♠ K♠ 4♠ 6♠: a pair must be answered by your pair
check-title-shengji-follow-tractor = the tractor 9♠ 9♠ 10♠ 10♠ led; you hold the tractor 5♠ 5♠ 6♠ 6♠: play it
check-title-shengji-declare-and-bury = you get every level card and joker: declare (only cards you hold), then bury exactly 8
check-title-random = random deal, { $players } players, against { $opponent }
check-status-ok = OK
check-status-failed = FAILED
check-status-unsure = OK?
check-and = { $a } and { $b }
check-no-line = (none)

# The table on the terminal (src/report/table_text.rs), drawn from the table model.
table-game-over = game over
table-status = turn { $turn } · { $player } to play ({ $phase })
table-phase-draw = draw
table-phase-meld-or-discard = meld or discard
table-phase-declare = declare or pass
table-phase-bury = bury
table-phase-play = play
table-hidden = { $count } hidden
table-melds-none = { $heading }: none
table-melds = { $heading }:
table-your-melds = your side's melds
table-their-melds = opponents' melds
table-melds-heading = melds
table-clean-canastra = clean canastra
table-dirty-canastra = dirty canastra
table-closed = { " " }(closed)
table-frozen = { " " }(frozen)
table-natural-canasta = natural canasta
table-mixed-canasta = mixed canasta
table-discard = discard pile{ $closed } ({ $count }, top last): { $cards }
table-stock = stock: { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
table-morto = side { $side } { $state }
table-morto-waiting = waiting
table-morto-taken = taken
table-morto-stock = became the stock
table-mortos = mortos: { $mortos }
table-your-hand = { $id } — your hand ({ $count }): { $cards }
table-other-hands = other hands: { $hands }
table-side-score = side { $side } { $score }
table-scores = scores: { $scores }
table-match = hand { $hand } · match totals: { $totals }
table-match-round = round { $hand } · match totals: { $totals }
table-side = side { $side } ({ $ids }): { $score } ({ $parts })
table-melds-points = melds { $points }
table-hands-points = in hand { $points }
table-morto-points = morto { $points }
table-hand = { $id } hand ({ $count }): { $cards }
view-human-left = the human player left (end of input)

# Schwab's Buraco and matches of several hands
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

# What a bot did wrong outside the rules (src/bot/: timeouts, crashes, limits); the English is
# what logs and CSV record.
bf-ended-unknown = the bot's process ended (status unknown)
bf-exited = exited with code { $code }
bf-signaled = killed by signal { $signal } ({ $name })
bf-signaled-core = killed by signal { $signal } ({ $name }), core dumped
bf-cpu-used-up = used up its cpu time limit of { $secs }s ({ $term })
bf-file-size = wrote a file over its size limit of { $size } ({ $term })
bf-memory-out = ran out of its memory limit of { $size } ({ $term })
bf-shut-down = the bot was shut down
bf-input-closed = the bot's input is closed
bf-not-reading = the bot did not read its input for { $duration }
bf-closed-input = the bot closed its input
bf-cannot-write = cannot write to the bot: { $error }
bf-closed-output = the bot closed its output{ $partial }
bf-unfinished-line = { " " }({ $bytes } bytes of an unfinished line)
bf-no-newline = more than { $cap } bytes without a newline ({ $seen } bytes read)
bf-line-too-long = a line of { $bytes } bytes, over the limit of { $cap }
bf-not-utf8 = the line is not UTF-8 (byte { $byte } at offset { $at })
bf-task-limit-hit = a process or thread could not start at its task limit{ $limit }
bf-task-limit-of = { " " }(limit { $processes } processes, { $tasks } tasks)
bf-oom-killed = the kernel killed a process of it at its memory limit{ $limit } (shared memory and work dir files included)
bf-of-size = { " " }of { $size }
bf-disk-full = filled its work dir (quota { $size })
bf-task-limit = reached its task limit: { $threads } threads (limit { $processes } processes, { $tasks } tasks)
bf-processes = had { $count } processes at once (limit { $max })
bf-memory-used = its processes used { $used } of memory (limit { $limit })
bf-cpu-time = its processes used { $used }s of cpu time (limit { $limit }s)
bf-timeout = no line within { $timeout } ({ $charged }s charged, { $cpu }s cpu, { $wall }s wall){ $note }
bf-overload = host overloaded: { $charged }s charged and { $cpu }s cpu of { $timeout }, { $wall }s wall, load { $load } on { $cores } cores{ $note }
bf-premature = wrote "{ $line }" when it was not its turn (turn { $turn }, while the referee waited for { $waiting })
bf-two-notes = { $first }{ $second }
bf-was-running = ; it was computing
bf-was-sleeping = ; it was sleeping
bf-was-reading = ; it was waiting to read its input
bf-cannot-start = cannot start `{ $command }`: { $error }: { $why }
bf-will-not-start = cannot start `{ $command }`: { $why }
bf-exec-no-shebang = { $file } has no #! line naming its interpreter, and is not a program
bf-exec-crlf = { $file } has Windows line endings: its #! line ends in a carriage return (\r), so its interpreter's name does too
bf-exec-no-interpreter = { $file } names the interpreter { $interpreter } in its #! line, which does not exist here
bf-exec-not-executable = { $file } is not executable
bf-exec-other-machine = { $file } is a program for another machine ({ $machine }; this one is { $here })

# The sandbox line of juiz play (src/bot/support.rs): what protects bots from each other.
sb-off = sandbox off (--no-sandbox): bots can read any file { $who } can, including other players' logs, and use the network; { $identity }
sb-any-user = any user
sb-you = you
sb-landlock = landlock abi { $abi }
sb-no-landlock = no landlock (kernel too old or landlock disabled): bots can read any file you can, the game logs included, and the /proc of the referee and of other bots
sb-seccomp = no sockets, no shared locks or priorities
sb-no-network = no network
sb-no-tcp = no tcp
sb-udp = no user namespaces: bots may still use udp
sb-network = no user namespaces: bots can use the network
sb-none = none
sb-line = sandbox: { $parts }
sb-uids-cgroups = bots as uids { $first }-{ $last }, no capabilities, { $cgroups }, private ipc, tmpfs work dirs with a disk quota
sb-uids = bots as uids { $first }-{ $last }, no capabilities, private ipc, tmpfs work dirs with a disk quota; no usable cgroups: processes counted by group and uid, cpu and memory per process
sb-root = bots as root (JUIZ_BOT_UIDS=off): no separate identities, no cgroups, no disk quota
sb-userns = not root: bots share your uid in user namespaces of their own, private ipc; no cgroups (each bot's processes counted in its user namespace, cpu and memory per process), no disk quota
sb-userns-tmpfs = not root: bots share your uid in user namespaces of their own, private ipc, tmpfs work dirs with a disk quota; no cgroups (each bot's processes counted in its user namespace, cpu and memory per process)
sb-shared = not root and no user namespaces: bots share your uid and ipc; no cgroups, no disk quota

# Canasta (--game canasta): melds, refused lines, narration, ends, hints.
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
## Shengji (src/games/shengji)
sj-card-jk = Shengji's jokers are SJ (small) and BJ (big)
sj-viol-pass-args = PASS takes no arguments
sj-viol-missing-brackets = the cards go between brackets: DECLARE, BURY or PLAY [ c1 c2 ... ]
sj-viol-unknown-command = unknown command '{ $command }' (expected PASS, DECLARE, BURY or PLAY)
sj-viol-not-your-turn = no line was asked of this seat
sj-viol-wrong-phase = { $command } is not allowed now (expected { $expected })
sj-viol-not-held = { $cards }: not all of these cards are in your hand
sj-viol-empty-play = a lead needs at least one card
sj-viol-mixed-lead = { $cards }: a lead must be of one suit (all trumps count as one suit)
sj-viol-count = play exactly { $count } cards, as many as were led
sj-viol-follow-suit = you hold cards of the led suit: { $count } of your cards must be of it
sj-viol-follow-shape = { $cards } does not follow the lead's shape ({ $shape }) as far as your cards of the led suit allow (a pair for a pair, a triple or a pair for a triple, as many pairs as a tractor needs)
sj-viol-bad-tractor = { $cards } is not a tractor, and you hold one in the led suit: a tractor led ({ $shape }) must be answered by a tractor (consecutive pairs)
sj-viol-declare-empty = DECLARE needs cards
sj-viol-declare-mixed = { $cards }: a declaration is identical cards (the same rank and suit, or the same joker)
sj-viol-declare-not-held = { $cards }: you hold only { $held } of these
sj-viol-declare-not-level = { $cards }: declare with level cards ({ $level }) or a pair of identical jokers
sj-viol-declare-weaker = { $cards } is not stronger than { $standing } (more cards, or as many jokers: a small-joker pair beats a level pair, a big-joker pair beats both)
sj-viol-declare-reinforce = { $cards }: you declared { $standing } already and may only reinforce it (more copies of the same card)
sj-viol-kitty-size = bury exactly { $count } cards, as many as the kitty had, not { $got }
sj-narr-pass = passes
sj-narr-declare = declares { $cards }
sj-narr-redeal = { $said }; nobody declared: the cards are dealt again
sj-narr-kitty-turned = { $said }; nobody declared: the kitty's { $card } is turned
sj-narr-trump = { $said }; trump { $trump }, banker { $banker } takes the kitty
sj-narr-bury = buries { $count } cards
sj-narr-play = plays { $cards }
sj-narr-throw-failed = throws { $cards }, which another hand can beat: plays { $forced }
sj-narr-trick = { $said }; { $player } wins the trick ({ $points } points)
sj-narr-deal-end = { $said }; deal { $deal } ends: the attackers have { $points } points, levels { $level0 } and { $level1 }
sj-end-ace = { $player }'s team defended level A
sj-end-deals = the last of { $deals } deals was played
sj-end-match = { $reason }: levels { $level0 } and { $level1 }, points as attackers { $points0 } and { $points1 }
sj-hint-wait = wait for your turn
sj-hint-declare = PASS, or DECLARE [ c … ] with level cards ({ $level }) or a pair of identical jokers
sj-hint-bury = BURY [ c … ] with exactly { $count } cards
sj-hint-lead = lead: PLAY [ c … ] (a single, a pair, a tractor, or a throw of one suit)
sj-hint-follow = follow { $cards }: PLAY [ c … ] with { $count } cards (the led suit first, pairs for pairs)
table-sj-status = deal { $deal } · level card { $level } · trump { $trump } · banker { $banker } · { $player }
table-sj-team = team { $side } ({ $ids }): level { $level }, { $points } points this deal, { $total } as attackers in the match
table-sj-declaration = declared: { $declaration }
table-sj-trick = trick: { $plays }
table-sj-kitty = kitty ({ $count }): { $cards }
check-title-canasta-no-canasta-no-going-out = five natural triples and K♠ drawn: melding them all would leave one card, and there is no going out without a canasta
