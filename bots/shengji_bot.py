#!/usr/bin/env python3
"""shengji_bot.py — a Shengji / 升级 (Tractor) bot in Python 3 (standard library only).

Legal and random-ish: it declares trump with the strongest declaration it may make (about a third
of the time it is asked), buries random cards, leads a random card with all its identical copies
(a single, pair or triple), and follows as the rules require: the units of the lead's shape it
holds in the led suit (a tractor, else smaller tractors and pairs, the same reading as the
referee's), then more cards of the led suit, then anything. See protocol.md §9.

Run it as `python3 bots/shengji_bot.py`. Debugging output goes to stderr when BOT_DEBUG is set.
Arguments `N=LINE` replace its N-th answer (from 1) by LINE, for scripted examples and tests
(protocol.md §9.6 is played so).
"""
import os
import random
import sys

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "♥♦♣♠"
DEBUG = bool(os.environ.get("BOT_DEBUG"))


def rank(card):
    return None if card in ("SJ", "BJ") else card[:-1]


def suit(card):
    return None if card in ("SJ", "BJ") else card[-1]


class Game:
    def __init__(self):
        self.me = None
        self.players = []
        self.hand = []
        self.level = "2"
        self.trump = None  # a suit symbol, or None (no trump, or not fixed yet)
        self.standing = None  # (seat, card, count)
        self.kitty = 6
        self.lead = None  # the cards led in the trick in progress
        self.rng = random.Random(7)

    # --- card order (protocol.md §9.4) ---
    def eff(self, card):
        if card in ("SJ", "BJ") or rank(card) == self.level or suit(card) == self.trump:
            return "T"
        return suit(card)

    def pos(self, card):
        if card == "SJ":
            return 14
        if card == "BJ":
            return 15
        if rank(card) == self.level:
            return 13 if (self.trump is None or suit(card) == self.trump) else 12
        i = RANKS.index(rank(card))
        return i - 1 if i > RANKS.index(self.level) else i

    # --- units ---
    def groups(self, cards):
        """{pos: [(card, count), ...]} with cards in a fixed order."""
        counts = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        by_pos = {}
        for c in sorted(counts, key=lambda c: (self.pos(c), SUITS.find(suit(c) or "x"), c)):
            by_pos.setdefault(self.pos(c), []).append([c, counts[c]])
        return by_pos

    @staticmethod
    def find(by_pos, width, length):
        """The highest width×length unit in by_pos, as a card list, or None."""
        for top in range(15, length - 2, -1):
            picks = []
            for p in range(top - length + 1, top + 1):
                pick = next((c for c, n in by_pos.get(p, []) if n >= width), None)
                if pick is None:
                    break
                picks.append(pick)
            if len(picks) == length:
                return [c for c in picks for _ in range(width)]
        return None

    @staticmethod
    def remove(by_pos, cards, pos):
        for c in cards:
            for entry in by_pos.get(pos(c), []):
                if entry[0] == c:
                    entry[1] -= 1
            by_pos[pos(c)] = [e for e in by_pos.get(pos(c), []) if e[1] > 0]

    def decompose(self, cards):
        """The lead's units, biggest first: (width, length)."""
        by_pos = self.groups(cards)
        units = []
        while True:
            best = None
            for w in (3, 2):
                for length in range(16, 0, -1):
                    found = self.find(by_pos, w, length)
                    if found:
                        key = (w * length, length)
                        if best is None or key > best[0]:
                            best = (key, (w, length), found)
                        break
            if best is None:
                break
            units.append(best[1])
            self.remove(by_pos, best[2], self.pos)
        units.sort(key=lambda u: (u[0] * u[1], u[1]), reverse=True)
        return units

    def shape_cards(self, cards, units):
        """The cards matching the lead's shape, as the referee reads it (protocol.md §9.3): each
        unit matched, split (a tractor of L into L-k and k, a triple into a pair) or left out, so
        that the units found hold the most cards, then the most cards in tractors."""
        best = [(-1, -1), []]
        budget = [20000]

        def units_of(by_pos, w, length):
            for top in range(15, length - 2, -1):
                picks = []
                for p in range(top - length + 1, top + 1):
                    fit = [(n, i, c) for i, (c, n) in enumerate(by_pos.get(p, [])) if n >= w]
                    if not fit:
                        break
                    picks.append(min(fit)[2])
                if len(picks) == length:
                    yield [c for c in picks for _ in range(w)]

        def run(by_pos, wanted, found, score):
            if budget[0] == 0:
                return
            budget[0] -= 1
            if score > best[0]:
                best[0], best[1] = score, list(found)
            if not wanted:
                return
            rc = sum(w * n for w, n in wanted)
            rt = sum(w * n for w, n in wanted if n >= 2)
            if (score[0] + rc, score[1] + rt) <= best[0]:
                return
            (w, length), rest = wanted[0], wanted[1:]
            size = w * length
            for unit in units_of(by_pos, w, length):
                left = {p: [list(e) for e in es] for p, es in by_pos.items()}
                self.remove(left, unit, self.pos)
                run(left, rest, found + unit, (score[0] + size, score[1] + (size if length >= 2 else 0)))
            for k in range(1, length // 2 + 1):
                run(by_pos, [(w, length - k), (w, k)] + rest, found, score)
            if length == 1 and w >= 3:
                run(by_pos, [(w - 1, 1)] + rest, found, score)
            run(by_pos, rest, found, score)

        run(self.groups(cards), list(units), [], (0, 0))
        return best[1]

    # --- choices ---
    def declaration(self, seat):
        best = None
        for card in set(self.hand):
            held = self.hand.count(card)
            for k in range(1, held + 1):
                if card in ("SJ", "BJ"):
                    if k < 2:
                        continue
                elif rank(card) != self.level:
                    continue
                strength = (k, {"SJ": 1, "BJ": 2}.get(card, 0))
                if self.standing:
                    s_seat, s_card, s_count = self.standing
                    old = (s_count, {"SJ": 1, "BJ": 2}.get(s_card, 0))
                    if strength <= old or (s_seat == seat and s_card != card):
                        continue
                if best is None or strength > best[0]:
                    best = (strength, [card] * k)
        return best[1] if best else None

    def follow(self):
        n = len(self.lead)
        led = self.eff(self.lead[0])
        mine = [c for c in self.hand if self.eff(c) == led]
        others = [c for c in self.hand if self.eff(c) != led]
        if len(mine) <= n:
            play = mine
        else:
            units = [u for u in self.decompose(self.lead) if u[0] >= 2]
            play = self.shape_cards(mine, units)
            rest = list(mine)
            for c in play:
                rest.remove(c)
            others = rest
        others = list(others)
        self.rng.shuffle(others)
        return play + others[: n - len(play)]


def cards_of(tokens):
    return [t for t in tokens if t not in ("[", "]")]


def main():
    g = Game()
    seat = None
    script = dict((int(a.split("=", 1)[0]), a.split("=", 1)[1]) for a in sys.argv[1:] if "=" in a)
    answers = 0
    for raw in sys.stdin:
        words = raw.split()
        if DEBUG:
            print("<", raw.rstrip(), file=sys.stderr)
        if not words:
            continue
        cmd, args = words[0], words[1:]
        answer = None
        if cmd == "PLAYERS":
            g.players = args
        elif cmd == "YOU":
            g.me = args[0]
            seat = g.players.index(g.me)
            g.kitty = 8 if args[1] == "2" else 6
        elif cmd == "DEAL":
            g.level, g.hand, g.trump, g.standing, g.lead = args[1], [], None, None, None
        elif cmd == "REDEAL":
            g.hand, g.standing = [], None
        elif cmd == "CARD" or cmd == "LAST_CALL":
            if cmd == "CARD":
                g.hand.append(args[0])
            d = g.declaration(seat)
            answer = "DECLARE [ " + " ".join(d) + " ]" if d and g.rng.random() < 0.35 else "PASS"
        elif cmd == "DECLARED":
            cards = cards_of(args[1:])
            g.standing = (g.players.index(args[0]), cards[0], len(cards))
        elif cmd == "TRUMP":
            g.trump = None if args[0] == "NT" else args[0]
        elif cmd == "KITTY":
            g.hand += cards_of(args)
            g.rng.shuffle(g.hand)
            buried = g.hand[: g.kitty]
            scripted = script.get(answers + 1, "")
            if scripted.startswith("BURY"):
                buried = cards_of(scripted.split()[1:])
            for c in buried:
                g.hand.remove(c)
            answer = "BURY [ " + " ".join(buried) + " ]"
        elif cmd == "PLAY":
            cards = cards_of(args[1:])
            if g.lead is None:
                g.lead = cards
            if args[0] == g.me:
                for c in cards:
                    g.hand.remove(c)
        elif cmd == "TRICK":
            g.lead = None
        elif cmd == "LEAD":
            card = g.rng.choice(g.hand)
            answer = "PLAY [ " + " ".join([c for c in g.hand if c == card]) + " ]"
        elif cmd == "FOLLOW":
            answer = "PLAY [ " + " ".join(g.follow()) + " ]"
        if answer:
            answers += 1
            answer = script.get(answers, answer)
            if DEBUG:
                print(">", answer, file=sys.stderr)
            print(answer, flush=True)


if __name__ == "__main__":
    main()
