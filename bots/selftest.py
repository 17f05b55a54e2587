#!/usr/bin/env python3
"""selftest.py — a minimal ITP Buraco referee simulation for testing the example bots.

A development aid, not the referee: it deals seeded games, talks to bot processes over pipes with
the juiz wire protocol, and checks every line a bot sends (syntax; draw first; cards in hand,
counted as a multiset; melds valid under the juiz rules; MELD_JOIN indices counting the team's
melds; DISCARD ends the turn; nothing written out of turn; exit on EOF). It also runs a few
scripted positions with the move the smart bot is expected to make.

    python3 bots/selftest.py                 # build the C bots, scenarios, 40 games per pairing
    python3 bots/selftest.py --games 300     # more games
    python3 bots/selftest.py --trace --games 1 --only smart-smart   # every message, one game
"""
import argparse
import itertools
import os
import random
import re
import select
import subprocess
import sys
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SUITS = "♥♦♣♠"
VALUES = ["?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CARD_RE = re.compile(r"^(A|[2-9]|10|J|Q|K)([♥♦♣♠])$")


def card_str(c):
    return VALUES[c[0]] + SUITS[c[1]]


def parse_card(tok):
    m = CARD_RE.match(tok)
    return (VALUES.index(m.group(1)), SUITS.index(m.group(2))) if m else None


def points(c):
    return 15 if c[0] == 1 else 5 if 3 <= c[0] <= 7 else 10


def meld_check(cards):
    """Brute force over every reading of every card: (valid, clean, cards in run order)."""
    if not 3 <= len(cards) <= 14 or sum(1 for c in cards if c[0] == 2) > 2:
        return False, False, None
    suit = next((c[1] for c in cards if c[0] >= 3), None)
    if suit is None:
        suit = next((c[1] for c in cards if c[0] == 1), None)
    if suit is None or any(c[1] != suit for c in cards if c[0] != 2):
        return False, False, None
    options = []
    for c in cards:
        if c[0] >= 3:
            options.append([(c[0], False)])
        elif c[0] == 1:
            options.append([(1, False), (14, False)])
        else:
            wild = [(p, True) for p in range(1, 15)]
            options.append(([(2, False)] if c[1] == suit else []) + wild)
    valid, clean, order = False, False, None
    for choice in itertools.product(*options):
        wilds = sum(1 for _, w in choice if w)
        pos = [p for p, _ in choice]
        if wilds > 1 or len(set(pos)) != len(pos) or max(pos) - min(pos) + 1 != len(pos):
            continue
        if not valid or (wilds == 0 and not clean):
            order = [c for _, c in sorted(zip(pos, cards))]
        valid, clean = True, clean or wilds == 0
    return valid, clean, order


def meld_points(cards):
    valid, clean, _ = meld_check(cards)
    bonus = (200 if clean else 100) if len(cards) >= 7 else 0
    return sum(points(c) for c in cards) + bonus


def fmt_cards(cards):
    return "[ " + " ".join(card_str(c) for c in cards) + " ]"


class Fault(Exception):
    def __init__(self, seat, why):
        super().__init__(f"seat {seat}: {why}")
        self.seat = seat


class Bot:
    """One bot process: line writes, reads with a deadline, and a check for unsolicited output."""

    def __init__(self, cmd, seat, trace):
        self.seat, self.trace, self.buf = seat, trace, b""
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL if not trace else None)
        self.fd = self.proc.stdout.fileno()

    def send(self, line):
        if self.trace:
            print(f"  {self.seat} > {line}")
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise Fault(self.seat, "died (broken pipe)")

    def _fill(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        data = os.read(self.fd, 65536)
        if not data:
            raise Fault(self.seat, "closed its output or exited")
        self.buf += data
        return True

    def read(self, timeout=3.0):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not self._fill(left):
                raise Fault(self.seat, "timeout")
        raw, self.buf = self.buf.split(b"\n", 1)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Fault(self.seat, f"invalid utf-8 {raw!r}")
        if self.trace:
            print(f"  {self.seat} < {line}")
        return line

    def check_quiet(self):
        while self.buf == b"" and self._fill(0):
            pass
        if self.buf:
            raise Fault(self.seat, f"wrote out of turn: {self.buf[:80]!r}")

    def finish(self):
        """Closes stdin; the bot must exit on EOF within 2 seconds."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            self.proc.wait(timeout=2)
            return None
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return f"seat {self.seat}: did not exit on EOF"


def wire_id(k, cmd):
    name = os.path.basename(cmd[-1]).split(".")[0]
    return f"p{k}.{name}"[:9]


def cards_of(tokens, seat):
    cards = [parse_card(t) for t in tokens]
    if any(c is None for c in cards):
        raise Fault(seat, f"malformed card in {tokens}")
    return cards


def bracketed(toks, seat, line):
    if len(toks) < 2 or toks[0] != "[" or toks[-1] != "]":
        raise Fault(seat, f"expected [ cards ] in {line!r}")
    return cards_of(toks[1:-1], seat)


class Game:
    def __init__(self, cmds, seed, deal=None, trace=False, max_turns=3000):
        n = len(cmds)
        assert n in (2, 4)
        self.n, self.rng, self.trace, self.max_turns = n, random.Random(seed), trace, max_turns
        deck = [(v, s) for s in range(4) for v in range(1, 14)] * 2
        self.rng.shuffle(deck)
        if deal:
            hands = [[parse_card(t) for t in h] for h in deal["hands"]]
            top = parse_card(deal["top"])
            stock = [parse_card(t) for t in deal.get("stock", [])]
            for c in [c for h in hands for c in h] + [top] + stock:
                deck.remove(c)
            self.stock = deck + stock[::-1]  # cards are drawn from the end
            self.hands = [Counter(h) for h in hands]
            self.pile, self.cur = [top], deal["start"]
        else:
            self.hands = [Counter() for _ in range(n)]
            for _ in range(11):
                for h in self.hands:
                    h[deck.pop()] += 1
            self.pile, self.stock = [deck.pop()], deck
            self.cur = self.rng.randrange(n)
        self.ids = [wire_id(k + 1, cmd) for k, cmd in enumerate(cmds)]
        self.melds = [[], []]  # per team
        self.transcript = []  # (seat, line sent by the bot)
        self.bots = [Bot(cmd, i, trace) for i, cmd in enumerate(cmds)]
        self.turns, self.draws_from_pile = 0, 0

    def team(self, seat):
        return seat % 2

    def others(self, line):
        for b in self.bots:
            if b.seat != self.cur:
                b.send(line)

    def take_from_hand(self, cards):
        need = Counter(cards)
        hand = self.hands[self.cur]
        for c, k in need.items():
            if hand[c] < k:
                raise Fault(self.cur, f"{card_str(c)} x{k} not in hand")
        hand.subtract(need)
        hand += Counter()  # drop zero counts

    def meld_or_fault(self, cards):
        valid, _, order = meld_check(cards)
        if not valid:
            raise Fault(self.cur, f"invalid meld {fmt_cards(cards)}")
        return order

    def run(self):
        """Plays to the end. Returns a result dict; faults are part of the result."""
        result = {"fault": None, "exit": []}
        try:
            for i, b in enumerate(self.bots):
                b.send(" ".join(self.ids))
                b.send(self.ids[i])
                b.send(fmt_cards(sorted(self.hands[i].elements(), key=lambda c: (c[1], c[0]))))
                b.send(card_str(self.pile[-1]))
            while self.turns < self.max_turns:
                self.turns += 1
                if self.turn():
                    break
        except Fault as f:
            result["fault"] = f
        result["exit"] = [e for e in (b.finish() for b in self.bots) if e]
        result["scores"] = self.scores()
        return result

    def turn(self):
        """One turn of the current seat; True when the game is over."""
        for b in self.bots:
            b.check_quiet()
        for b in self.bots:
            b.send(self.ids[self.cur])
        bot, hand = self.bots[self.cur], self.hands[self.cur]
        line = bot.read()
        self.transcript.append((self.cur, line))
        toks = line.split(" ")
        if line == "GET_STOCK":
            if not self.stock:
                return True
            c = self.stock.pop()
            hand[c] += 1
            bot.send(card_str(c))
            self.others("GET_STOCK")
        elif toks[0] == "GET_DISCARD":
            cards = bracketed(toks[1:], self.cur, line)
            if len(cards) < 2:
                raise Fault(self.cur, "GET_DISCARD needs 2+ hand cards")
            self.take_from_hand(cards)
            self.melds[self.team(self.cur)].append(self.meld_or_fault([self.pile[-1]] + cards))
            rest, self.pile = self.pile[:-1], []
            hand.update(rest)
            self.draws_from_pile += 1
            bot.send(fmt_cards(rest))
            self.others("GET_DISCARD " + fmt_cards(cards))
            if not hand:
                return True
        else:
            raise Fault(self.cur, f"expected a draw, got {line!r}")
        while True:
            line = bot.read()
            self.transcript.append((self.cur, line))
            toks = line.split(" ")
            if toks[0] == "MELD_NEW":
                cards = bracketed(toks[1:], self.cur, line)
                self.take_from_hand(cards)
                order = self.meld_or_fault(cards)
                self.melds[self.team(self.cur)].append(order)
                self.others("MELD_NEW " + fmt_cards(order))
            elif toks[0] == "MELD_JOIN" and len(toks) >= 2 and re.fullmatch(r"\d+", toks[1]):
                idx, cards = int(toks[1]), bracketed(toks[2:], self.cur, line)
                team = self.melds[self.team(self.cur)]
                if idx >= len(team):
                    raise Fault(self.cur, f"MELD_JOIN index {idx} of {len(team)} team melds")
                self.take_from_hand(cards)
                team[idx] = self.meld_or_fault(team[idx] + cards)
                self.others(f"MELD_JOIN {toks[1]} " + fmt_cards(cards))
            elif toks[0] == "DISCARD" and len(toks) == 2:
                c = cards_of(toks[1:], self.cur)[0]
                self.take_from_hand([c])
                self.pile.append(c)
                self.others(line)
                if not hand:
                    return True
                self.cur = (self.cur + 1) % self.n
                return False
            else:
                raise Fault(self.cur, f"malformed or out-of-order line {line!r}")
            if not hand:
                return True

    def scores(self):
        s = [0, 0]
        for t in range(2):
            s[t] = sum(meld_points(m) for m in self.melds[t])
        for seat, h in enumerate(self.hands):
            s[self.team(seat)] += 100 if not h else -sum(points(c) * k for c, k in h.items())
        return s


# ---- the meld rule itself, against the rules file's table (T2, T3) and the juiz decisions -----

MELD_TABLE = [  # cards, valid, points if valid
    ("4♥ 5♥ 2♣ 7♥", True, 25), ("4♥ 5♥ 2♣ 7♥ 2♦ 9♥", False, 0), ("2♥ 2♣ 4♥ 5♥", True, 30),
    ("2♣ 2♦ 4♥ 5♥", False, 0), ("A♥ 3♥ 4♥", False, 0), ("K♥ A♥ 2♥", True, 35),
    ("A♥ A♥ 2♣", False, 0), ("5♥ 6♥ 6♥", False, 0), ("3♥ 4♥ 5♦", False, 0),
    ("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", True, 325),
    ("A♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", False, 0),
    ("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", True, 245), ("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 2♣", True, 145),
    ("A♥ 2♠ 3♥ 4♥ 5♥ 6♥ 7♥", True, 150), ("3♥ 4♥ 2♥ 6♥ 7♥ 8♥ 9♥", True, 150),
    ("3♥ 4♥ 2♥ 6♥ 7♥ 8♥ 9♥ 5♥", True, 255), ("3♥ 4♥ 2♣ 6♥ 7♥ 8♥ 9♥ 5♥", True, 155),
    ("Q♥ K♥ A♠", False, 0), ("A♠ 2♥ 3♥", False, 0),  # aces of the meld's suit only
    ("2♥ 2♦ 2♣", False, 0), ("2♣ 2♣ 3♣", True, 25),  # all-2s invalid; 2♣ natural + 2♣ wild
]


def rule_table():
    bad = []
    for text, valid, pts in MELD_TABLE:
        cards = [parse_card(t) for t in text.split()]
        got = meld_check(cards)[0]
        if got != valid or (valid and meld_points(cards) != pts):
            bad.append(f"{text}: valid {got}, points {meld_points(cards) if got else '-'}")
    print(f"meld rule table: {'ok' if not bad else 'FAILED'}")
    for b in bad:
        print("   ", b)
    return not bad


# ---- scripted positions ----------------------------------------------------------------------

def scenario(name, cmds, deal, seat, expect, turns):
    g = Game(cmds, 1, deal=deal, max_turns=turns)
    r = g.run()
    lines = [l for s, l in g.transcript if s == seat]
    problems = []
    if r["fault"]:
        problems.append(str(r["fault"]))
    problems += r["exit"]
    for e in expect:
        if not any(re.fullmatch(e, l) for l in lines):
            problems.append(f"seat {seat} never sent /{e}/; it sent {lines}")
    print(f"scenario {name}: {'ok' if not problems else 'FAILED'}")
    for p in problems:
        print("   ", p)
    return not problems


TAKE_PILE = {
    "hands": [["6♠", "7♠", "9♥", "K♦", "4♣", "J♣"], ["3♥", "8♦", "Q♣", "10♠", "5♦", "K♥"]],
    "top": "5♠", "start": 0, "stock": ["A♦", "7♦"]}
PARTNER_MELDS = {
    "hands": [["6♠", "7♠", "9♥", "10♥", "J♥", "K♦", "4♣"], ["3♦", "4♦", "5♦", "J♠", "8♣"],
              ["8♠", "Q♥", "A♣", "6♦"], ["9♦", "Q♣", "10♣"]],
    "top": "5♠", "start": 0, "stock": ["K♣", "9♠", "3♠", "7♦"]}


def scenarios(smart, template, python_bot):
    ok = True
    # the template draws and discards the card it drew
    ok &= scenario("template-draw-discard", [template, smart], TAKE_PILE, 0,
                   [r"GET_STOCK", r"DISCARD A♦"], 1)
    # takes the pile with a natural run
    for name, bot in (("smart", smart), ("python", python_bot)):
        ok &= scenario(f"{name}-take-pile", [bot, template], TAKE_PILE, 0,
                       [r"GET_DISCARD \[ (6♠ 7♠|7♠ 6♠) \]"], 1)
    # takes the pile with a wild when the pile holds more than its top card
    ok &= scenario("smart-take-pile-wild", [template, smart], {
        "hands": [["8♦", "4♣"], ["6♠", "2♣", "9♥", "K♦", "4♥", "J♣", "Q♦"]],
        "top": "9♣", "start": 0, "stock": ["5♠", "K♣", "A♦"]},
        1, [r"GET_DISCARD \[ .*6♠.* \]"], 2)
    # melds a run from the hand, and a run with a wild
    ok &= scenario("smart-meld-new", [smart, template], {
        "hands": [["3♥", "4♥", "5♥", "9♣", "J♣", "2♦", "K♠", "6♦", "A♦"], ["8♦", "Q♣", "10♠"]],
        "top": "7♣", "start": 0, "stock": ["K♥", "4♠"]},
        0, [r"MELD_NEW \[ 3♥ 4♥ 5♥ \]", r"MELD_NEW \[ 9♣ 2♦ J♣ \]"], 1)
    # 4 players: MELD_JOIN indices count the team's melds, the partner's included, and the meld
    # the partner made by GET_DISCARD; the other team's melds do not count
    for name, bot in (("smart", smart), ("python", python_bot)):
        ok &= scenario(f"{name}-partner-melds", [bot, bot, bot, template], PARTNER_MELDS, 2,
                       [r"MELD_JOIN 0 \[ 8♠ \]", r"MELD_JOIN 1 \[ Q♥ \]"], 3)
    return ok


# ---- many random games ------------------------------------------------------------------------

def build():
    out = os.path.join(HERE, "build")
    os.makedirs(out, exist_ok=True)
    for name in ("template", "smart"):
        src, exe = os.path.join(HERE, name + ".c"), os.path.join(out, name)
        if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
            subprocess.run(["cc", "-O2", "-Wall", "-o", exe, src, "-lm"], check=True)
    return [os.path.join(out, "smart")], [os.path.join(out, "template")]


def series(name, a, b, players, games, seed, trace):
    """Games of a (team 0 in even games) against b; returns True if no fault and no hang."""
    wins, ties, faults, turns, pile_takes, bad = Counter(), 0, 0, 0, 0, []
    t0 = time.monotonic()
    for g in range(games):
        first, second = (a, b) if g % 2 == 0 else (b, a)
        cmds = [first, second] * (players // 2)
        game = Game(cmds, seed * 100003 + g, trace=trace)
        r = game.run()
        turns += game.turns
        pile_takes += game.draws_from_pile
        if r["fault"] or r["exit"] or game.turns >= game.max_turns:
            faults += 1
            bad.append(f"game {g} (seed {seed * 100003 + g}): {r['fault'] or r['exit'] or 'too long'}")
            continue
        s = r["scores"]
        if s[0] == s[1]:
            ties += 1
        else:
            winner = 0 if s[0] > s[1] else 1
            wins["a" if (winner == 0) == (g % 2 == 0) else "b"] += 1
    dt = time.monotonic() - t0
    print(f"{name:24} {players}p {games:4} games: a wins {wins['a']:4}, b wins {wins['b']:4}, "
          f"ties {ties:3}, faults {faults}, {turns / max(games, 1):.0f} turns/game, "
          f"{pile_takes / max(games, 1):.1f} pile takes/game, {dt:.1f}s")
    for line in bad[:5]:
        print("   ", line)
    return faults == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per pairing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", help="run only the pairing with this name")
    ap.add_argument("--trace", action="store_true", help="print every message")
    args = ap.parse_args()
    smart, template = build()
    python_bot = [sys.executable, os.path.join(HERE, "random_bot.py")]
    ok = True
    if not args.only:
        ok &= rule_table()
        ok &= scenarios(smart, template, python_bot)
    pairings = [
        ("smart-smart", smart, smart, 2), ("smart-template", smart, template, 2),
        ("smart-python", smart, python_bot, 2), ("python-template", python_bot, template, 2),
        ("template-template", template, template, 2),
        ("smart-smart-4p", smart, smart, 4), ("smart-template-4p", smart, template, 4),
        ("smart-python-4p", smart, python_bot, 4),
    ]
    for name, a, b, players in pairings:
        if args.only and args.only != name:
            continue
        games = args.games if "python" not in name else max(1, args.games // 4)
        ok &= series(name, a, b, players, games, args.seed, args.trace)
    print("selftest:", "ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
