#!/usr/bin/env python3
"""random_bot.py — a simple ITP Buraco bot in Python 3 (standard library only).

Despite the name it is deterministic: it takes the discard pile when the top card makes a
natural run with two or more hand cards, melds the natural runs in its hand, extends its side's
melds (its partner's too, in 4-player games) with natural cards, and discards the most valuable
card that has no neighbour of its suit in the hand (never a 2 while it has something else).

Run it as `python3 bots/random_bot.py`; it reads the referee's lines on stdin and answers on
stdout, one line each, flushed. Debugging output goes to stderr when BOT_DEBUG is set.
"""
import os
import sys

SUITS = "♥♦♣♠"
VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13, "10": 10}
VALUES.update({str(v): v for v in range(2, 10)})
NAMES = {v: k for k, v in VALUES.items()}
DEBUG = bool(os.environ.get("BOT_DEBUG"))


def parse_card(tok):
    value, suit = tok[:-1], tok[-1:]
    if value in VALUES and suit in SUITS:
        return (VALUES[value], SUITS.index(suit))
    return None


def parse_cards(tokens):
    cards = (parse_card(t) for t in tokens if t not in ("[", "]"))
    return [c for c in cards if c is not None]


def show(cards):
    return "[ " + " ".join(NAMES[v] + SUITS[s] for v, s in cards) + " ]"


def points(card):
    v = card[0]
    return 15 if v == 1 else 5 if 3 <= v <= 7 else 10


def is_run(positions, wilds):
    """Distinct positions 1..14 plus `wilds` wild cards form one unbroken run?"""
    lo, hi = min(positions), max(positions)
    holes = hi - lo + 1 - len(positions)
    if holes == 0:
        return wilds == 0 or lo > 1 or hi < 14
    return holes == 1 and wilds == 1


def valid_meld(cards):
    """The juiz meld rule: 3-14 cards of one suit in sequence, aces (of that suit) low or high,
    at most one wild 2; a 2 of the suit at position 2 is natural."""
    if not 3 <= len(cards) <= 14:
        return False
    naturals = [c for c in cards if c[0] >= 3]
    aces = [c for c in cards if c[0] == 1]
    twos = [c for c in cards if c[0] == 2]
    if not naturals and not aces:
        return False
    suit = (naturals or aces)[0][1]
    if any(c[1] != suit for c in naturals + aces) or len(aces) > 2 or len(twos) > 2:
        return False
    ranks = [c[0] for c in naturals]
    if len(set(ranks)) != len(ranks):
        return False
    ace_choices = {0: [[]], 1: [[1], [14]], 2: [[1, 14]]}[len(aces)]
    for ace_pos in ace_choices:
        for natural_two in [None] + [i for i, c in enumerate(twos) if c[1] == suit]:
            positions = ranks + ace_pos + ([2] if natural_two is not None else [])
            wilds = len(twos) - (natural_two is not None)
            if wilds <= 1 and is_run(positions, wilds):
                return True
    return False


def card_at(suit, pos):
    return (1 if pos == 14 else pos, suit)


class Bot:
    def __init__(self):
        self.ids = read().split()
        self.me = self.ids.index(read())
        self.hand = parse_cards(read().split())
        self.pile = parse_cards(read().split())
        self.melds = [[], []]  # per team: seat % 2
        self.cur = None

    def team(self, seat):
        return seat % 2

    def runs(self, pool, must=None):
        """Natural runs drawn from the cards in pool (containing `must`), longest first."""
        found = []
        for suit in range(4):
            for a in range(1, 13):
                for b in range(a + 2, 15):
                    left, run = list(pool), []
                    for p in range(a, b + 1):
                        c = card_at(suit, p)
                        if c not in left:
                            break
                        left.remove(c)
                        run.append(c)
                    else:
                        if (must is None or must in run) and valid_meld(run):
                            found.append(run)
        found.sort(key=lambda r: (-len(r), -sum(map(points, r))))
        return found

    def take(self, cards):
        for c in cards:
            self.hand.remove(c)

    def play_turn(self):
        top = self.pile[-1] if self.pile else None
        runs = self.runs(self.hand + [top], must=top) if top else []
        if runs:
            meld = runs[0]
            used = list(meld)
            used.remove(top)
            send("GET_DISCARD " + show(used))
            self.take(used)
            self.melds[self.team(self.me)].append(meld)
            self.hand += parse_cards(read().split())
            self.pile = []
        else:
            send("GET_STOCK")
            self.hand += parse_cards(read().split())
        if not self.hand:
            return
        progress = True
        while progress and self.hand:
            progress = False
            for i, meld in enumerate(self.melds[self.team(self.me)]):
                for c in sorted(set(self.hand)):
                    if c[0] != 2 and valid_meld(meld + [c]):
                        send(f"MELD_JOIN {i} " + show([c]))
                        self.take([c])
                        meld.append(c)
                        progress = True
                        break
                if progress or not self.hand:
                    break
            if not progress and self.hand:
                runs = self.runs(self.hand)
                if runs:
                    send("MELD_NEW " + show(runs[0]))
                    self.take(runs[0])
                    self.melds[self.team(self.me)].append(runs[0])
                    progress = True
        if self.hand:
            card = self.choose_discard()
            send("DISCARD " + show([card])[2:-2])
            self.take([card])
            self.pile.append(card)

    def choose_discard(self):
        def lonely(c):
            return not any(d != c and d[1] == c[1] and d[0] != 2 and near(c, d) for d in self.hand)

        def near(c, d):
            pc = [c[0], 14] if c[0] == 1 else [c[0]]
            pd = [d[0], 14] if d[0] == 1 else [d[0]]
            return any(abs(x - y) <= 2 for x in pc for y in pd)

        non_twos = [c for c in self.hand if c[0] != 2] or self.hand
        useless = [c for c in non_twos if lonely(c)] or non_twos
        return max(useless, key=lambda c: (points(c), c))

    def on_event(self, line):
        toks = line.split()
        if not toks or self.cur is None:
            return
        team = self.melds[self.team(self.cur)]
        if toks[0] == "GET_DISCARD" and self.pile:
            team.append([self.pile[-1]] + parse_cards(toks[1:]))
            self.pile = []
        elif toks[0] == "MELD_NEW":
            team.append(parse_cards(toks[1:]))
        elif toks[0] == "MELD_JOIN" and len(toks) > 1 and toks[1].isdigit():
            idx = int(toks[1])
            if idx < len(team):
                team[idx] += parse_cards(toks[2:])
        elif toks[0] == "DISCARD":
            self.pile += parse_cards(toks[1:])

    def run(self):
        while True:
            line = read()
            if line in self.ids:
                self.cur = self.ids.index(line)
                if self.cur == self.me:
                    self.play_turn()
            else:
                self.on_event(line)


def read():
    line = sys.stdin.readline()
    if not line:  # the referee closed the pipe: the game is over
        sys.exit(0)
    line = line.rstrip("\r\n")
    if DEBUG:
        print("<", line, file=sys.stderr)
    return line


def send(line):
    if DEBUG:
        print(">", line, file=sys.stderr)
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    Bot().run()
