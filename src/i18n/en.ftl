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
hint-timeout = is it waiting for a line that never comes, or is stdout buffered? flush after each line (fflush(stdout) in C, print(..., flush=True) in Python)
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
