#!/usr/bin/env python3
"""schwab_bot.py — a bot for Schwab's Buraco (`--game buraco-schwab`, 4 players) in Python 3,
standard library only.

It plays natural piles (sets of one rank and runs of one suit, 3 to 7 cards) and adds at most one
wild card (a joker or any 2) to a pile of its team that has none; it takes the dumped pile when
the top card makes a pile with a natural pair from its hand; it discards the most valuable card
that fits nothing (wilds last). It keeps Schwab's restrictions: a pile never exceeds 7 cards, the
pile is taken only with a natural pair and never with a wild on top, and once its team has taken
its buraco and owns no cerrado (a closed pile of 7) it never plays down to an empty hand nor melds
down to one card. A match has several hands: after `HAND_END …` come the new hand and up-card.

Run it as `python3 bots/schwab_bot.py`. Debugging output goes to stderr when BOT_DEBUG is set.
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


def wild(card):
    return card == JOKER or card[0] == 2


def points(card):
    v = card[0]
    return 50 if card == JOKER else 25 if v == 2 else 20 if v == 1 else 5 if 3 <= v <= 7 else 10


def valid(cards):
    """Schwab's pile rule: 3 to 7 cards; wilds only, or one rank, or one suit in sequence
    (A 3 4 … K A, the low ace directly before the 3), with at most one wild."""
    if not 3 <= len(cards) <= 7:
        return False
    naturals = [c for c in cards if not wild(c)]
    wilds = len(cards) - len(naturals)
    if not naturals:
        return True
    if wilds > 1:
        return False
    if len({c[0] for c in naturals}) == 1 and len(naturals) >= 2:
        return True
    if len({c[1] for c in naturals}) != 1:
        return False
    for ace in (2, 14):
        pos = sorted(ace if c[0] == 1 else c[0] for c in naturals)
        if len(set(pos)) != len(pos):
            continue
        holes = pos[-1] - pos[0] + 1 - len(pos)
        room = (pos[0] - 2) + (14 - pos[-1])
        if holes <= wilds and (wilds - holes) <= room:
            return True
    return False


def closed(pile):
    return len(pile) >= 7


class Bot:
    def __init__(self):
        self.ids = read().split()
        self.me = self.ids.index(read())
        self.cur = None
        self.new_hand()

    def new_hand(self):
        """The hand and up-card lines that open a hand (after the id lines, or after HAND_END)."""
        self.hand = parse_cards(read().split())
        self.pile = parse_cards(read().split())  # `[ ]`: the up-card is hidden from us
        self.melds = [[], []]  # per team: seat % 2
        self.buraco_waiting = [True, True]
        self.first_move = True

    def side(self):
        return self.me % 2

    def may_leave(self, left, discarding, melds_after):
        """Schwab's going-out rule, read conservatively."""
        if self.buraco_waiting[self.side()] or left > 1 or (left == 1 and discarding):
            return True
        monos = any(all(wild(c) for c in m) and not closed(m) for m in melds_after)
        return any(closed(m) for m in melds_after) and not monos

    def take(self, cards):
        for c in cards:
            self.hand.remove(c)

    def check_buraco(self):
        """A hand of wilds only (or none) takes the buraco at once: read its `MORTO` line."""
        if self.buraco_waiting[self.side()] and all(wild(c) for c in self.hand):
            self.on_event(read())

    def draw(self):
        team = self.melds[self.side()]
        top = self.pile[-1] if self.pile else None
        held = len(self.pile) + len(self.hand)
        cerrado = any(closed(m) for m in team)
        if top is not None and not wild(top) and (held >= 5 or cerrado or self.buraco_waiting[self.side()]):
            naturals = sorted((c for c in self.hand if not wild(c)), key=points)
            for i, a in enumerate(naturals):
                for b in naturals[i + 1:]:
                    pile = [top, a, b]
                    left = len(self.hand) - 2 + len(self.pile) - 1
                    if valid(pile) and self.may_leave(left, False, team + [pile]):
                        send("GET_DISCARD " + show([a, b]))
                        self.take([a, b])
                        team.append(pile)
                        self.hand += parse_cards(read().split())
                        self.pile = []
                        self.first_move = False
                        self.check_buraco()
                        return True
        send("GET_STOCK")
        self.hand += parse_cards(read().split())
        self.first_move = False
        return True

    def new_piles(self):
        """Natural sets and runs the hand holds, longest first (at most 7 cards)."""
        found = []
        naturals = [c for c in self.hand if not wild(c)]
        for rank in range(1, 14):
            same = [c for c in naturals if c[0] == rank][:7]
            if len(same) >= 3:
                found.append(same)
        for suit in range(4):
            have = {c[0] for c in naturals if c[1] == suit}
            positions = sorted({14 if r == 1 else r for r in have} | ({2} if 1 in have else set()))
            run = []
            for p in positions + [99]:
                if run and p == run[-1] + 1 and len(run) < 7:
                    run.append(p)
                    continue
                if len(run) >= 3:
                    found.append([(1 if q in (2, 14) else q, suit) for q in run])
                run = [p]
        found.sort(key=lambda r: -len(r))
        return found

    def meld_once(self):
        team = self.melds[self.side()]
        for i, pile in enumerate(team):
            if closed(pile):
                continue
            candidates = sorted(set(self.hand), key=lambda c: (wild(c), -points(c)))
            for c in candidates:
                if wild(c) and any(wild(d) for d in pile):
                    continue
                after = team[:i] + [pile + [c]] + team[i + 1:]
                if valid(pile + [c]) and self.may_leave(len(self.hand) - 1, False, after):
                    send(f"MELD_JOIN {i} " + show([c]))
                    self.take([c])
                    pile.append(c)
                    return True
        for pile in self.new_piles():
            if self.may_leave(len(self.hand) - len(pile), False, team + [pile]):
                send("MELD_NEW " + show(pile))
                self.take(pile)
                team.append(pile)
                return True
        return False

    def play_turn(self):
        if not self.draw():
            return
        while self.hand and self.meld_once():
            self.check_buraco()
        if not self.hand:
            return  # went out
        team = self.melds[self.side()]
        if len(self.hand) == 1 and not self.may_leave(0, True, team):
            sys.exit("schwab_bot: no legal discard (a bug of this bot)")
        card = self.choose_discard()
        send("DISCARD " + name(card))
        self.take([card])
        self.pile.append(card)

    def choose_discard(self):
        def fits(c):
            return any(d != c and not wild(d) and (d[0] == c[0] or (d[1] == c[1] and abs(d[0] - c[0]) <= 2))
                       for d in self.hand)

        plain = [c for c in self.hand if not wild(c)] or self.hand
        useless = [c for c in plain if not fits(c)] or plain
        return max(useless, key=lambda c: (points(c), c))

    def on_event(self, line):
        toks = line.split()
        if not toks:
            return
        if toks[0] == "HAND_END":  # HAND_END <hand> <score 0> <score 1> <total 0> <total 1>
            self.new_hand()
            return
        if self.cur is None:
            return
        side = self.cur % 2
        team = self.melds[side]
        if toks[0] == "UP_CARD":
            self.pile = parse_cards(toks[1:])
        elif toks[0] == "GET_DISCARD":
            taken = parse_cards(toks[1:])
            if taken and self.pile:
                team.append([self.pile[-1]] + taken)
            self.pile = []
        elif toks[0] == "MELD_NEW":
            team.append(parse_cards(toks[1:]))
        elif toks[0] == "MELD_JOIN" and len(toks) > 1 and toks[1].isdigit():
            if int(toks[1]) < len(team):
                team[int(toks[1])] += parse_cards(toks[2:])
        elif toks[0] == "DISCARD":
            self.pile += parse_cards(toks[1:])
        elif toks[0] == "MORTO":
            self.buraco_waiting[side] = False
            if self.cur == self.me:
                self.hand += parse_cards(toks[1:])

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
