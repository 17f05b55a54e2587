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

hint-segfault = a segmentation fault: an invalid memory access (an index out of bounds, a NULL pointer, a buffer too small for a line); to find the line: rebuild with cc -g -fsanitize=address,undefined, then feed it the game: juiz replay LOG --seat N --bot ./mybot (the report on stderr names the line)
hint-exit-code = a bot must keep reading until the referee closes its input, then exit; to find the line: rebuild with cc -g -fsanitize=address,undefined, then feed it the game: juiz replay LOG --seat N --bot ./mybot (the report on stderr names the line)
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
check-rules = every game with the rule options { $rules }
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
check-slow-warning = warning: some replies took more than half the limit; a grading machine charges the clock when it is idle, and a slower or busier one gives less: keep every move well under the limit
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
narr-out-goes-out = { " " }and goes out
narr-melds = melds { $meld } (meld { $index }){ $out }
narr-adds = adds { $cards } to meld { $index } → { $meld }{ $out }
narr-discards = discards { $card }{ $out }
end-went-out = { $player } went out

viol-empty-line = the line is empty; expected a command
viol-discard-join-args = { $command } takes exactly one meld index, got { $count } { $count ->
        [one] argument
       *[other] arguments
    }
viol-discard-args = { $command } takes exactly one card, got { $count } { $count ->
        [one] argument
       *[other] arguments
    }
viol-unknown-command = unknown command '{ $command }' (expected { $expected })
viol-meld-join-args = { $command } needs a meld index and a list of cards
viol-missing-brackets = { $command } needs its cards between brackets: { $command } <index> [ c1 c2 ... ]
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
viol-card-not-in-hand = { $card } is named { $named } { $named ->
        [one] time
       *[other] times
    } but the hand holds { $held }
viol-discard-pile-empty = the discard pile is empty
viol-not-a-meld = { $cards } is not a meld: { $why }
viol-no-melds-yet = meld index { $index }: your side has no melds yet{ $note }
viol-index-out-of-range = meld index { $index } is out of range (your side's melds are 0 to { $last }){ $note }
viol-top-card-cannot-join = the top card { $top } must be used at once, but it cannot join meld { $index }: { $why }
viol-join-not-a-meld = adding { $cards } to meld { $index } is not a meld: { $why }{ $note }
meld-too-short = a meld needs at least { $min } cards, not { $len }

# What a seat may send now (the human's prompt; what a timed-out bot was expected to send).
hint-game-over = the game is over
hint-wait = wait: it is { $player }'s turn
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
table-discard = discard pile{ $closed } ({ $count }, top last): { $cards }
table-stock = stock: { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
table-your-hand = { $id } — your hand ({ $count }): { $cards }
table-other-hands = other hands: { $hands }
table-side-score = side { $side } { $score }
table-scores = scores: { $scores }
table-match = hand { $hand } · match totals: { $totals }
table-match-round = round { $hand } · match totals: { $totals }
table-side = side { $side } ({ $ids }): { $score } ({ $parts })
table-hand = { $id } hand ({ $count }): { $cards }
view-human-left = the human player left (end of input)

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
bf-memory-used = ran out of its memory limit of { $limit } (its processes used { $used })
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

# Each game's own messages are in its folder (src/games/<game>/messages/).

# A bot named on the command line that cannot be started (play, check, replay --bot).
bot-not-found = bot program { $path } does not exist (check the path: it is taken from the current folder)
bot-not-a-file = bot program { $path } is not a file
bot-not-executable = bot program { $path } is not executable (chmod +x it)
bot-not-in-path = bot program `{ $name }` is neither a file in the current folder nor in PATH
bot-script-not-found = bot script { $path } does not exist (check the path: it is taken from the current folder)
bot-compile-failed = compiling { $path } failed ({ $status }):

# --- issue 35 (messages branch): the evidence of a timeout while the bot waited to read
# (src/referee/diagnosis.rs), and the hints chosen from it and from other faults' evidence.
bf-reads-to-end = ; its read of stdin asks for { $bytes } bytes: it reads all of its input at once and waits for its end
bf-answered-early = ; it answered "{ $reply }" right after "{ $after }"{ $whose }, before it had read { $unread }
bf-own-id = { " " }(its own id)
bf-other-id = { " " }(another player's id)
bf-wrote-nothing = ; it wrote nothing this game and had read every line sent (the last: "{ $last }")
bf-read-past-turn = ; it had read every line sent, the last its own id { $id }, and read on
bf-read-everything = ; it had read every line sent (the last: "{ $last }") and wrote no answer
hint-timeout-read-all = it reads its whole input before it answers (sys.stdin.read(), open(0).read(), sys.stdin.readlines(), a large fread), but the referee closes the input only when the game is over: read one line at a time (input() or sys.stdin.readline() in Python, fgets in C) and answer as soon as a line is its own id
hint-timeout-early = it is out of step: it answered right after "{ $after }", not after its own id, so it has read every later line one step late; read the ids line as one whole line (fgets: scanf("%s") reads only one word of "p1.a p2.b"), keep its own id from the second line, and answer only after a line equal to it
hint-timeout-past-turn = its own id { $id } was the last line sent, and it read it without answering: it took its id for some other line (does it read a fixed number of lines after each opponent's turn? a turn sends a varying number): read line by line and answer whenever a line equals its id
hint-timeout-nothing = it wrote nothing this game: its first answer is probably still in its stdout buffer (flush after each line: fflush(stdout) or setbuf(stdout, NULL) in C, print(..., flush=True) in Python); if it does flush, it read its own id as another opening line: count the lines it reads at the start (protocol.md)
bf-stderr-says = ; its stderr says: { $line }
bf-card-played = ; it played it at turn { $turn } ("{ $line }")
bf-card-never = ; it has not played it this game
hint-overload = the machine was overloaded: the bot did not use up its own time, the clock ran out while it waited for a processor; this is not the bot's fault: run it again when the machine is idle (a tournament plays such a game again)
hint-upper-case = commands are upper case: write { $command }, not { $word } (the referee compares each command exactly as protocol.md spells it)
hint-card-suit-letter = suits are symbols, not letters: write { $card }, not { $token } (♥ ♦ ♣ ♠ are UTF-8 characters of 3 bytes each: copy them from protocol.md)
hint-card-notation = a card is its value then its suit symbol, with no space: A♠, 10♥, Q♦ (the suits ♥ ♦ ♣ ♠ are UTF-8 characters of 3 bytes each: keep them as strings, never as one char)
hint-card-left = { $card } left its hand at turn { $turn }, with the line quoted: keep its own copy of the hand up to date after every line it sends (remove what it melds and discards, add what it draws or takes)
hint-card-never = it never played { $card } and does not hold it: check how it reads its hand, the card it draws and the pile it takes (a card read in another player's line is not its own)
hint-memory = it used up its memory limit ({ $limit }): something grows without end — an array or list added to every turn and never emptied, malloc without free, a recursion that never returns; print the sizes of its data to stderr every turn, or replay the game with --bot "valgrind ./mybot" to see where it grew
hint-cpu-time = it used up its CPU time for the whole game: a search that grows turn after turn, or helper processes that keep running; search less per move
hint-processes = it started too many processes or threads at once: a bot needs none (fork and threads gain nothing: a game runs on one core)
hint-disk = it wrote too much to disk: a bot needs no files; write debugging output to stderr, and little of it
hint-closed = a bot must keep its standard input and output open until the referee closes its input at the end of the game (never fclose(stdout) or close(0))
hint-oversized = every line has a length limit (in the fault): end every line with \n, one command per line
hint-utf8 = write only UTF-8 text: the suits are the UTF-8 characters ♥ ♦ ♣ ♠, copied whole (3 bytes each), never one char of them
hint-python-module = the module { $module } is not installed where bots run: bots have Python's standard library only (bots/README.md); write the bot without { $module }
hint-python-syntax = Python could not read the script: fix the line its error names (python3 -m py_compile bot.py shows it before any game)

hint-early-own = it is out of step: it wrote "{ $reply }" before it read { $unread }, which the referee had sent it for that moment, so it answered with an older line in mind; a common cause is an earlier answer after another player's id (scanf("%s") reads only one word of the ids line "p1.a p2.b"): read whole lines (fgets) and answer only after its own id, reading the one line that answers each of its commands
hint-out-of-step-card = it is out of step: it put "{ $token }", a line of the protocol, where a card belongs: it took a line meant for another moment for its card; after GET_STOCK the line that answers it is its card (in Canasta, after any RED3 lines), and another player's moves come only after that player's id (scanf("%s") reads only one word of the ids line "p1.a p2.b")
check-status-undecided = UNDECIDED
check-slow-by-clock = verdict: NOT PASSED: { $bot } followed the protocol, but a move of game { $game } took { $wall } by the clock, over the { $limit } limit; it was charged only { $charged } here because this machine is busy (the bot waited for a processor), but an idle grading machine charges the clock, and that move times out there: stop its search well before { $limit } by the clock
check-undecided = verdict: UNDECIDED: the machine was overloaded in { $count } of { $games } games ({ $list }): a move ran out of time by the clock while { $bot } had not used its own time, which says nothing of the bot; rerun the check when the machine is idle
check-undecided-also = undecided: the machine was overloaded in { $count } of { $games } games ({ $list }): rerun the check when the machine is idle
check-busy-warning = ; but a move of game { $game } took { $wall } by the clock, over the { $limit } limit, of which it computed { $charged }: it waited for a processor on this busy machine; rerun the check when the machine is idle to be sure
# A fault kind as the terminal names it (the kebab-case name of logs and CSV files, in English).
kind-spawn = spawn
kind-timeout = timeout
kind-crash = crash
kind-closed-output = closed-output
kind-closed-input = closed-input
kind-oversized-line = oversized-line
kind-invalid-utf8 = invalid-utf8
kind-premature-output = premature-output
kind-malformed = malformed
kind-illegal = illegal
kind-memory = memory
kind-cpu-time = cpu-time
kind-processes = processes
kind-file-size = file-size
kind-disk = disk
kind-timeout-overload = timeout-overload

# --- messages2 branch (issues 35, 37): sources named as students name them, the compiler's
# output as the student wrote it (src/commands/build_words.rs, src/bot/command.rs).
build-warnings = the compiler warned about { $path } ({ $count ->
        [one] 1 warning
       *[other] { $count } warnings
    }; the bot was built and runs):
build-warnings-more = { "  " }… { $lines } more lines (compile it yourself with cc -Wall to see them all)
build-cpp-in-c = { $path } is C++ (it uses iostream, std:: or cout), saved as a C file: rename it { $renamed } and juiz compiles it as C++
build-first-error = fix the first error first, the others often follow from it: { $error }
bot-unrecognised = bot file { $path } is not executable and juiz cannot tell its language: name a C source bot.c, C++ bot.cpp (or .cc, .C), Python bot.py, or chmod +x a program
# juiz replay: what a replay found (lead, issue 35).
replay-wrote = wrote { $path } ({ $kb } KB)
replay-bad-seat = --seat { $seat }: the game in { $log } has seats 0 to { $last }
replay-header = { $game } · seed { $seed } · replay of { $log }
replay-diverged = replay diverged: { $why }
replay-matches = replay reached the recorded result: { $result }
replay-differs = replay result differs: recorded '{ $recorded }', replayed '{ $result }'
replay-no-result = the log has no result (the game was cut short); replayed: { $result }
replay-lines = { $lines ->
        [one] 1 recorded line
       *[other] { $lines } recorded lines
    }
replay-same = same: the bot wrote the { $lines } of seat { $seat }
replay-feed-differs = differs at row { $seq } (after { $before } equal lines):
replay-recorded = {"  "}recorded: { $line }
replay-bot-now = {"  "}bot now:  { $line }
replay-bot-failed = the bot failed at row { $seq } (after { $before } equal lines): { $fault }
replay-still-faults = still faults: after the { $lines } the bot commits the recorded fault again (row { $seq })
replay-faults-differently = faults differently: where the recording has { $recorded } (row { $seq }), the bot now commits
replay-gets-past = gets past the recorded fault (row { $seq }: { $recorded })
replay-alive = {"  "}the bot is alive and waiting for input there, as it should
replay-writes = {"  "}it writes: { $line }
replay-then-fails = {"  "}and then fails: { $fault }
replay-followed = {"  "}(the game is followed only as far as the recording goes)

# messages3 (issue 35: memory, Canasta RED3 lines, a module beside the script, replay --bot)
bf-memory-peak = ; the most it was seen to hold: { $heap } of heap (its data segment, what the limit counts), { $resident } resident
bf-memory-peak-resident = ; the most it was seen to hold: { $resident } resident
hint-memory-heap = it used up its memory limit ({ $limit }): its heap grew to { $heap }, memory it allocated itself (malloc or new without free, an array or list added to every turn, a recursion that never returns), not files; at the limit malloc returns NULL, and using that pointer is the segmentation fault: print the sizes of its data to stderr every turn, or replay the game with --bot "valgrind ./mybot" to see where it grew
hint-memory-resident = it used up its memory limit ({ $limit }): its memory grew to { $resident }, memory it allocated itself (an array or list added to every turn, malloc or new without free, a recursion that never returns), not files: print the sizes of its data to stderr every turn, or replay the game with --bot "valgrind ./mybot" to see where it grew
bf-module-beside = ; { $file } is beside { $script }, but juiz ran { $script } alone, from a copy of its own: its folder is not the bot's own{ $why }
bf-not-own-program = { " " }({ $name } there is another program)
bf-not-own-module = { " " }({ $name } reads stdin or has a __main__ block: a program, not a module)
hint-python-own-module = { $file } is the bot's own module, not one to install: a bot of several files runs with its modules only from a folder of its own, holding the script and the modules it imports and no other program, none of the modules reading stdin or with a __main__ block (or a folder marked with an empty file named .juiz-bot-folder); move the other programs out of the folder (docs/playing.md), or put the module's code in the script
bf-read-past-answer = ; it had read the { $count ->
        [one] 1 line that answers
       *[other] { $count } lines that answer
    } its "{ $reply }" ({ $lines }) and read on
hint-read-past-answer = it waited for a line the referee does not send: its { $reply } was answered in full, and nothing more comes until its next command; a draw is answered by one line (the card drawn, or the cards taken), and in Canasta a RED3 line comes before it only when a red 3 was drawn (so after GET_STOCK read lines until one is not RED3, never a fixed number): read exactly the lines each command gets, then send the next
hint-red3-missed = it took a RED3 line for another line: a red 3 is never held, it is laid out for its player and announced to both bots as RED3 <id> [ 3♥ … ] (after the opening lines, when a red 3 is drawn, when one is in a pile taken); a GET_STOCK that draws a red 3 is answered by 2 lines, RED3 … and then the card that replaces it, not 1: after GET_STOCK read lines until one is not RED3 (protocol.md §8.2)
# game-neutral: a list of words ending in "or" (the commands a rummy game expects).
words-or = { $first } or { $last }
# game-neutral: the terminal's words for counters every rummy game names (`table-counter-<id>`)
# and for the line of the table's own named counters.
table-counter-melds = melds { $value }
table-counter-hands = in hand { $value }
table-counters = { $counters }

# fixes (lead, issue 35): Canasta's lines after the stock ran out, and the refused draw then.
hint-stock-empty-line = it took "{ $token }", a line of Canasta's protocol, for a card: when the stock has run out both bots receive STOCK_EMPTY (once, before the next turn's id), and PASS <id> when a player cannot take the pile; read every line and act on its first word, a card comes only as the answer to your draw (protocol.md, The empty stock)
hint-stock-empty = after STOCK_EMPTY the stock is gone: while the top of the discard pile can be taken, GET_STOCK is refused and the turn must take the pile (GET_DISCARD with the cards that meld it, as the example in the message); when it cannot, the referee passes the turn itself (PASS <id>) and asks nothing

# msgs35 (issue 35, the beginner's mistakes played again): a turn taken, an id not known.
bf-premature-other-turn = ; a turn's first move, right after "{ $after }" (another player's id: its own is { $own })
bf-wrote-nothing-own = ; it wrote nothing this game and had read every line sent, the last its own id { $id }
hint-premature-other-turn = it took the turn of { $after } for its own: its own id is { $own }, the whole second opening line; a common cause is scanf("%s") on the ids line "p1.a p2.b", which reads only one word of it: read whole lines (fgets), keep the second line as its id, and answer only after a line equal to it
hint-timeout-nothing-own = it wrote nothing this game, though its own id { $id } was the last line sent: either its answer is still in its stdout buffer (flush after each line: fflush(stdout) or setbuf(stdout, NULL) in C, print(..., flush=True) in Python), or it did not know that line for its id: its id is the whole second opening line (scanf("%s") reads only one word of the ids line "p1.a p2.b"; read whole lines with fgets), compared without its \n (strip it: Python's readline keeps it), and the game sends 4 opening lines before the first turn's id
hint-no-newline = it wrote { $bytes } bytes but no end of line: the referee reads a line only when its \n arrives; end every command with \n (printf("GET_STOCK\n"), print() adds it in Python)
hint-text-before-command = the line holds { $command } after "{ $before }": a line must start with its command, with nothing before it; write only the command (printf("{ $command }…\n")) and send any other text to stderr
hint-exit-zero = it ended on its own (exit code 0: main returned, or exit(0)) before the game was over: its main loop stopped early (a loop that ends after its first turn, a return or break inside it, an exit when a read fails before the end); keep reading lines until the referee closes the input (fgets returns NULL, input() raises EOFError)
hint-null-string = it printed a NULL pointer as a string: printf("%s", p) writes (null) when p is NULL, so the variable holding the card was never given a value (an uninitialised char *, a search that found nothing); give it memory (char card[8]) and check that it was found
hint-build-cpp = the compiler does not know C++ in a .c file (iostream, std::, cout): it is C++, so rename the file to .cpp and juiz builds it with c++ (or write it in C, with stdio.h)
hint-timeout-unanswered = the last line it was sent, "{ $line }", asks for an answer, and it wrote none: in Shengji CARD and LAST_CALL get PASS or DECLARE [ … ], KITTY gets BURY [ … ], LEAD and FOLLOW get PLAY [ … ], one line each (protocol.md §9.2)
hint-already-drew = a turn draws once, first (GET_STOCK or GET_DISCARD); after the draw only MELD_NEW [ … ], MELD_JOIN i [ … ] and the final DISCARD: to put cards down write MELD_NEW, not a second draw
hint-missing-brackets = the cards of a command go between brackets, spaced: PLAY [ 7♣ ], BURY [ 5♠ 9♦ ], MELD_NEW [ 3♥ 4♥ 5♥ ], MELD_JOIN 0 [ 6♥ ] (a single card too)
hint-must-follow-suit = it must follow the suit led: while its hand holds cards of that suit (trumps, level cards and jokers all count as the trump suit), the cards it plays must be of it, as many as it holds up to the number led; take the suit led from the first PLAY line of the trick (protocol.md §9.3)
hint-closed-pile = the pile is closed in this game: it is taken only to use its top card at once, in a valid meld with the hand cards named (or joined to a meld of the side); the message says why this meld is not valid: check the meld before GET_DISCARD, or draw from the stock (protocol.md §6)
hint-wrong-card-count = a FOLLOW is answered with as many cards as were led: count the cards of the first PLAY line of the trick (a pair led asks 2, a tractor 4) and play that many (protocol.md §9.2)
hint-discard-pile-empty = the discard pile was empty, so there was nothing to take (in Buraco Fechado it starts empty, [  ] in the fourth opening line, and a take empties it): keep track of the pile from the lines sent and draw from the stock (GET_STOCK) while it is empty

# --- lead: a line written before the bot read anything
bf-answered-at-start = ; it wrote "{ $reply }" at its start, before it had read a single line (so the referee took it for its first move), and had not read { $unread }

# --- lead4: what a bot did once its input closed at the end of a game (a warning, not a fault)
bf-after-end-running = once the game was over and its input closed, it did not exit, and computed { $cpu } s of CPU in the half second juiz waited before stopping it (its main loop does not end with its input: in C, stop when fgets returns NULL or scanf returns EOF; in Python, stop when readline returns "" or on EOFError, never `continue`)
bf-after-end-signaled = once the game was over and its input closed, it was { $how }: it read on past the end of its input without looking at what the read returned (in C, fgets returns NULL and scanf EOF there: check them before using the line)
check-after-end = warning (not a fault, the game counts): { $what }
