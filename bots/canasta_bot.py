#!/usr/bin/env python3
"""canasta_bot.py — a two-player Canasta bot for juiz (--game canasta), Python 3, standard library
only, deterministic.

It keeps its hand and its melds, takes the discard pile when its top card is usable (joining its
meld of that rank, or with a natural pair), melds every rank it holds three naturals of (two and a
wild when it has two wilds), adds naturals to its melds and a wild to a meld of six to make a
canasta, and discards its least useful card (black 3s first, never a wild if it can help it).
It never leaves itself a single card, or none, without a canasta (the rules forbid going out
without one).

    juiz play --game canasta "python3 bots/canasta_bot.py" bots/canasta_simple.c
"""
import sys

RED = ("\u2665", "\u2666")  # ♥ ♦


def rank(card):
    """1 = A, 2 … 10, 11 = J, 12 = Q, 13 = K; 0 for a joker."""
    if card == "JK":
        return 0
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card[:-1]) or int(card[:-1])


def is_wild(card):
    return card == "JK" or rank(card) == 2


def is_black3(card):
    return rank(card) == 3 and not card.endswith(RED)


def value(card):
    r = rank(card)
    return 50 if r == 0 else 20 if r in (1, 2) else 10 if r >= 8 else 5


def cards_of(line):
    return [t for t in line.split() if t not in ("[", "]")]


class Bot:
    def __init__(self):
        self.me = None
        self.hand = []
        self.melds = []  # [rank, count, wilds]
        self.top = None
        self.pile = 0
        self.stock_empty = False

    def send(self, line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def read(self):
        line = sys.stdin.readline()
        if not line:
            sys.exit(0)  # the referee closed the pipe: the match is over
        return line.rstrip("\r\n")

    def new_round(self, hand_line, pile_line):
        self.hand = cards_of(hand_line)
        pile = cards_of(pile_line)
        self.top = pile[-1] if pile else None
        self.pile = len(pile)
        self.melds = []
        self.stock_empty = False

    def canasta(self, extra=None):
        return any(m[1] >= 7 for m in self.melds) or extra

    def may_leave(self, left, canasta=False):
        return left >= 2 or self.canasta(canasta)

    def meld_index(self, r):
        return next((i for i, m in enumerate(self.melds) if m[0] == r), None)

    def naturals(self, r):
        return [c for c in self.hand if not is_wild(c) and rank(c) == r]

    def wilds(self):
        return [c for c in self.hand if is_wild(c)]

    def event(self, line):
        """A line that does not start this bot's turn; False when a round just ended."""
        if line.startswith("HAND_END"):
            hand_line = self.read()
            self.new_round(hand_line, self.read())
            return False
        if line == "STOCK_EMPTY":
            self.stock_empty = True
        elif line.startswith("DISCARD "):
            self.top = line.split()[1]
            self.pile += 1
        elif line.startswith("GET_DISCARD"):
            self.top, self.pile = None, 0
        return True

    def draw(self):
        top, gain = self.top, self.pile - 1
        line, used, meld = "GET_STOCK", [], None
        if top and not is_wild(top) and not is_black3(top):
            r = rank(top)
            i = self.meld_index(r)
            pair = self.naturals(r)[:2]
            if i is not None and self.may_leave(len(self.hand) + gain, self.melds[i][1] + 1 >= 7):
                line, meld = "GET_DISCARD_JOIN %d" % i, i
            elif i is None and len(pair) == 2 and self.may_leave(len(self.hand) - 2 + gain):
                line, used = "GET_DISCARD [ %s ]" % " ".join(pair), pair
            elif i is None and pair and self.wilds() and self.stock_empty and self.may_leave(len(self.hand) - 2 + gain):
                used = [pair[0], self.wilds()[0]]
                line = "GET_DISCARD [ %s ]" % " ".join(used)
        self.send(line)
        while True:
            reply = self.read()
            if reply.startswith("RED3 "):
                continue
            if reply.startswith("HAND_END"):
                self.event(reply)
                return False
            break
        if line == "GET_STOCK":
            self.hand.append(reply)
            return True
        for c in used:
            self.hand.remove(c)
        if meld is not None:
            self.melds[meld][1] += 1
        else:
            self.melds.append([rank(top), 3, sum(is_wild(c) for c in used)])
        self.hand.extend(cards_of(reply))
        self.top, self.pile = None, 0
        return True

    def join(self, i, card):
        self.send("MELD_JOIN %d [ %s ]" % (i, card))
        self.hand.remove(card)
        self.melds[i][1] += 1
        self.melds[i][2] += is_wild(card)

    def meld(self):
        changed = True
        while changed:
            changed = False
            for card in list(self.hand):
                i = None if is_wild(card) else self.meld_index(rank(card))
                if i is None or (rank(card) == 3 and self.melds[i][1] >= 4):
                    continue
                if self.may_leave(len(self.hand) - 1, self.melds[i][1] + 1 >= 7):
                    self.join(i, card)
                    changed = True
                    break
            for r in [1] + list(range(3, 14)):
                if changed or self.meld_index(r) is not None:
                    continue
                cards = [c for c in self.naturals(r) if r != 3 or is_black3(c)][:7]
                if r != 3 and len(cards) == 2 and len(self.wilds()) >= 2:
                    cards.append(self.wilds()[0])
                if len(cards) >= 3 and self.may_leave(len(self.hand) - len(cards), len(cards) >= 7):
                    self.send("MELD_NEW [ %s ]" % " ".join(cards))
                    for c in cards:
                        self.hand.remove(c)
                    self.melds.append([r, len(cards), sum(is_wild(c) for c in cards)])
                    changed = True
            for i, m in enumerate(self.melds):
                w = self.wilds()
                if not changed and w and m[0] != 3 and m[2] < 3 and m[1] >= 6 and self.may_leave(len(self.hand) - 1, True):
                    self.join(i, w[0])
                    changed = True

    def discard(self):
        def cost(c):
            if is_black3(c):
                return -100
            if is_wild(c):
                return 1000 + value(c)
            return value(c) + 60 * (len(self.naturals(rank(c))) - 1)

        card = min(self.hand, key=cost)
        self.hand.remove(card)
        self.top, self.pile = card, self.pile + 1
        self.send("DISCARD " + card)

    def turn(self):
        if not self.draw():
            return
        self.meld()
        if self.hand:
            self.discard()

    def run(self):
        self.read()  # the ids
        self.me = self.read()
        hand_line = self.read()
        self.new_round(hand_line, self.read())
        while True:
            line = self.read()
            if line == self.me:
                self.turn()
            else:
                self.event(line)


if __name__ == "__main__":
    Bot().run()
