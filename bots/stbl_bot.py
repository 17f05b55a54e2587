#!/usr/bin/env python3
"""stbl_bot.py — a Buraco Fechado STBL bot in Python 3 (standard library only), 2 or 4 players.

It plays natural runs only (it never lays a joker or a wild 2 itself, so its own canastras are
clean): it takes the closed pile when the top card joins one of its side's runs
(`GET_DISCARD_JOIN i`) or makes a natural run with two or more hand cards (`GET_DISCARD`),
extends its side's runs, melds the runs in its hand, and discards the most valuable card with no
neighbour of its suit (jokers and 2s last). It keeps the going-out rule: once its side has taken
its morto and owns no clean canastra, it never plays down to an empty hand, nor melds down to one
card.

Run it as `python3 bots/stbl_bot.py`. Debugging output goes to stderr when BOT_DEBUG is set.
"""
import os
import sys

SUITS = "♥♦♣♠"
VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13, "10": 10}
VALUES.update({str(v): v for v in range(2, 10)})
NAMES = {v: k for k, v in VALUES.items()}
JOKER = (0, 4)  # the joker, `JK` on the wire
DEBUG = bool(os.environ.get("BOT_DEBUG"))


def parse_card(tok):
    if tok == "JK":
        return JOKER
    value, suit = tok[:-1], tok[-1:]
    if value in VALUES and suit in SUITS:
        return (VALUES[value], SUITS.index(suit))
    return None


def parse_cards(tokens):
    cards = (parse_card(t) for t in tokens if t not in ("[", "]"))
    return [c for c in cards if c is not None]


def name(card):
    return "JK" if card == JOKER else NAMES[card[0]] + SUITS[card[1]]


def show(cards):
    return "[ " + " ".join(map(name, cards)) + " ]"


def points(card):
    v = card[0]
    return 50 if card == JOKER else 15 if v == 1 else 5 if 3 <= v <= 7 else 10


def readings(cards):
    """The numbers of wild cards each valid reading of `cards` as one run uses (empty: invalid).
    Jokers are always wild; a 2 is natural only at position 2 of its own suit."""
    if not 3 <= len(cards) <= 14:
        return []
    jokers = sum(1 for c in cards if c == JOKER)
    naturals = [c for c in cards if c != JOKER and c[0] >= 3]
    aces = [c for c in cards if c != JOKER and c[0] == 1]
    twos = [c for c in cards if c != JOKER and c[0] == 2]
    if not naturals and not aces:
        return []
    suit = (naturals or aces)[0][1]
    if any(c[1] != suit for c in naturals + aces) or len(aces) > 2:
        return []
    ranks = [c[0] for c in naturals]
    if len(set(ranks)) != len(ranks):
        return []
    found = []
    for ace_pos in {0: [[]], 1: [[1], [14]], 2: [[1, 14]]}[len(aces)]:
        for natural_two in [None] + [i for i, c in enumerate(twos) if c[1] == suit]:
            positions = ranks + ace_pos + ([2] if natural_two is not None else [])
            wilds = len(twos) - (natural_two is not None) + jokers
            lo, hi = min(positions), max(positions)
            holes = hi - lo + 1 - len(positions)
            fits = holes == wilds or (holes < wilds and hi - lo + 1 + wilds - holes <= 14)
            if wilds <= 1 and len(set(positions)) == len(positions) and holes <= wilds and fits:
                found.append(wilds)
    return found


def valid(cards):
    return bool(readings(cards))


def clean(cards):
    return 0 in readings(cards)


def card_at(suit, pos):
    return (1 if pos == 14 else pos, suit)


class Bot:
    def __init__(self):
        self.ids = read().split()
        self.me = self.ids.index(read())
        self.hand = parse_cards(read().split())
        self.pile = parse_cards(read().split())
        self.melds = [[], []]  # per side: seat % 2
        self.morto_waiting = [True, True]
        self.cur = None

    def side(self):
        return self.me % 2

    def may_leave(self, left, discarding, melds_after):
        """The referee's going-out rule, read conservatively."""
        if self.morto_waiting[self.side()] or left > 1 or (left == 1 and discarding):
            return True
        return any(len(m) >= 7 and clean(m) for m in melds_after)

    def runs(self, pool, must=None):
        """Natural runs drawn from `pool` (containing `must`), longest first."""
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
                        if (must is None or must in run) and clean(run):
                            found.append(run)
        found.sort(key=lambda r: (-len(r), -sum(map(points, r))))
        return found

    def take(self, cards):
        for c in cards:
            self.hand.remove(c)

    def after_emptying(self):
        """A hand emptied by a draw or a meld: the morto comes at once (or the game is over)."""
        if not self.hand and self.morto_waiting[self.side()]:
            self.on_event(read())

    def draw(self):
        team = self.melds[self.side()]
        top = self.pile[-1] if self.pile else None
        rest = len(self.pile) - 1
        if top is not None and top != JOKER and top[0] != 2:
            for i, meld in enumerate(team):
                after = team[:i] + [meld + [top]] + team[i + 1:]
                if clean(meld + [top]) and self.may_leave(len(self.hand) + rest, False, after):
                    send(f"GET_DISCARD_JOIN {i}")
                    meld.append(top)
                    self.hand += parse_cards(read().split())
                    self.pile = []
                    return
        for run in self.runs(self.hand + [top], must=top) if top is not None else []:
            used = list(run)
            used.remove(top)
            if self.may_leave(len(self.hand) - len(used) + rest, False, team + [run]):
                send("GET_DISCARD " + show(used))
                self.take(used)
                team.append(run)
                self.hand += parse_cards(read().split())
                self.pile = []
                self.after_emptying()
                return
        send("GET_STOCK")
        self.hand += parse_cards(read().split())

    def meld_once(self):
        team = self.melds[self.side()]
        for i, meld in enumerate(team):
            for c in sorted(set(self.hand)):
                after = team[:i] + [meld + [c]] + team[i + 1:]
                if c != JOKER and c[0] != 2 and clean(meld + [c]) and self.may_leave(len(self.hand) - 1, False, after):
                    send(f"MELD_JOIN {i} " + show([c]))
                    self.take([c])
                    meld.append(c)
                    return True
        for run in self.runs(self.hand):
            if self.may_leave(len(self.hand) - len(run), False, team + [run]):
                send("MELD_NEW " + show(run))
                self.take(run)
                team.append(run)
                return True
        return False

    def play_turn(self):
        self.draw()
        while self.hand and self.meld_once():
            self.after_emptying()
        if not self.hand:
            return  # went out
        if not self.may_leave(len(self.hand) - 1, True, self.melds[self.side()]) and len(self.hand) == 1:
            sys.exit("stbl_bot: no legal discard (a bug of this bot)")
        card = self.choose_discard()
        send("DISCARD " + name(card))
        self.take([card])
        self.pile.append(card)

    def choose_discard(self):
        def near(c, d):
            pc = [c[0], 14] if c[0] == 1 else [c[0]]
            pd = [d[0], 14] if d[0] == 1 else [d[0]]
            return any(abs(x - y) <= 2 for x in pc for y in pd)

        def lonely(c):
            return not any(d != c and d[1] == c[1] and near(c, d) for d in self.hand if d != JOKER)

        plain = [c for c in self.hand if c != JOKER and c[0] != 2] or self.hand
        useless = [c for c in plain if lonely(c)] or plain
        return max(useless, key=lambda c: (points(c), c))

    def new_hand(self):
        """After HAND_END <hand> <score 0> <score 1> <total 0> <total 1> (a match of several
        hands, protocol.md §7.6): the new hand and discard pile lines, a fresh table."""
        self.hand = parse_cards(read().split())
        self.pile = parse_cards(read().split())
        self.melds = [[], []]
        self.morto_waiting = [True, True]
        self.cur = None

    def on_event(self, line):
        toks = line.split()
        if toks[:1] == ["HAND_END"]:
            return self.new_hand()
        if not toks or self.cur is None:
            return
        side = self.cur % 2
        team = self.melds[side]
        if toks[0] == "GET_DISCARD" and self.pile:
            team.append([self.pile[-1]] + parse_cards(toks[1:]))
            self.pile = []
        elif toks[0] == "GET_DISCARD_JOIN" and self.pile and toks[1:2] and toks[1].isdigit():
            if int(toks[1]) < len(team):
                team[int(toks[1])].append(self.pile[-1])
            self.pile = []
        elif toks[0] == "MELD_NEW":
            team.append(parse_cards(toks[1:]))
        elif toks[0] == "MELD_JOIN" and len(toks) > 1 and toks[1].isdigit():
            if int(toks[1]) < len(team):
                team[int(toks[1])] += parse_cards(toks[2:])
        elif toks[0] == "DISCARD":
            self.pile += parse_cards(toks[1:])
        elif toks[0] == "MORTO":
            self.morto_waiting[side] = False
            if self.cur == self.me:
                self.hand += parse_cards(toks[1:])
        elif toks[0] == "MORTO_TO_STOCK" and toks[1:2] in (["0"], ["1"]):
            self.morto_waiting[int(toks[1])] = False

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
