/* smart_stbl.c — a competent Buraco Fechado STBL bot (`--game buraco-stbl`, 2 or 4 players).
 *
 * Build: cc -O2 -o smart_stbl smart_stbl.c
 *
 * It speaks protocol.md §6 (ITP Buraco's lines plus jokers `JK`, the closed pile and
 * `GET_DISCARD_JOIN`, the mortos, `HAND_END` in a match of several hands). Every line it sends
 * is checked first against its own copy of the referee's meld rule (a port of juiz's validator)
 * and of the going-out rule, so it never sends an illegal line; it is deterministic.
 *
 * Strategy: it takes the closed pile whenever the top card joins one of its side's runs or makes
 * a run with its hand (the pile is where the cards are); it lays natural runs, extends its side's
 * runs keeping them clean until the side owns a clean canastra, then spends its wild cards (a
 * joker is worth 50 on the table and −50 in the hand) on dirty runs and canastras; it empties its
 * hand quickly while its morto waits; it discards the card least useful to it and least likely to
 * open the pile to the next player (never one that joins an opponent's run); and it goes out as
 * soon as its side may and is ahead. Set SMART_DEBUG=1 to see its input and output on stderr.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 8192
#define MAX_TOKENS 512
#define MAX_PLAYERS 4
#define MAX_MELDS 64
#define MELD_MAX 14 /* the longest run: A 2 … K A */
#define NC 53       /* distinct cards: 52 plus the joker; the deck holds two of each, four jokers */
#define JK 52
#define PILE_MAX 120

/* A card is suit * 13 + (value - 1), value 1 = A, 2 … 10, 11 = J, 12 = Q, 13 = K; JK = 52. */
#define SUIT(c) ((c) / 13)
#define VAL(c) ((c) % 13 + 1)
#define CARD(s, v) ((s) * 13 + (v) - 1)

static const char *SUIT_STR[4] = {"\xe2\x99\xa5", "\xe2\x99\xa6", "\xe2\x99\xa3", "\xe2\x99\xa0"};
static const char *VAL_STR[14] = {"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};

typedef struct {
  int n;
  int c[MELD_MAX + 2];
} Meld;

typedef struct {
  int n;
  Meld m[MAX_MELDS];
} Side;

/* ---- game state ------------------------------------------------------------------------ */
static int nplayers, me;               /* seat count and my seat */
static char ids[MAX_PLAYERS][64];      /* wire ids, in seat order */
static int hand[NC], hand_n;           /* my hand as counts */
static Side sides[2];                  /* melds per side (seat % 2) */
static int pile[PILE_MAX], pile_n;     /* discard pile, bottom → top */
static int known[MAX_PLAYERS][NC];     /* cards known to be in another seat's hand */
static int seat_n[MAX_PLAYERS];        /* hand sizes of every seat */
static bool morto_waiting[2];          /* the side's morto is still on the table */
static int stock;                      /* cards left in the stock */
static bool debug;

static int side_of(int seat) { return seat % 2; }
static bool is_wild(int c) { return c == JK || VAL(c) == 2; }

/* ---- I/O -------------------------------------------------------------------------------- */

/* Reads one line without its end-of-line; exits cleanly on end of file (the game is over). */
static void read_line(char *buf) {
  if (!fgets(buf, MAX_LINE, stdin)) exit(0);
  size_t l = strlen(buf);
  while (l > 0 && (buf[l - 1] == '\n' || buf[l - 1] == '\r')) buf[--l] = '\0';
  if (debug) fprintf(stderr, "stbl < %s\n", buf);
}

static void send_line(const char *s) {
  if (debug) fprintf(stderr, "stbl > %s\n", s);
  fputs(s, stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

static int split(char *line, char **tok) {
  int n = 0;
  for (char *t = strtok(line, " "); t && n < MAX_TOKENS; t = strtok(NULL, " ")) tok[n++] = t;
  return n;
}

static int parse_card(const char *t) {
  int v;
  if (strcmp(t, "JK") == 0) return JK;
  if (t[0] == 'A') v = 1, t++;
  else if (t[0] == 'J') v = 11, t++;
  else if (t[0] == 'Q') v = 12, t++;
  else if (t[0] == 'K') v = 13, t++;
  else if (t[0] == '1' && t[1] == '0') v = 10, t += 2;
  else if (t[0] >= '2' && t[0] <= '9') v = t[0] - '0', t++;
  else return -1;
  for (int s = 0; s < 4; s++)
    if (strcmp(t, SUIT_STR[s]) == 0) return CARD(s, v);
  return -1;
}

/* Parses the cards among tok[0..n), skipping the brackets. Returns how many. */
static int parse_cards(char **tok, int n, int *out, int max) {
  int k = 0;
  for (int i = 0; i < n && k < max; i++) {
    int c = parse_card(tok[i]);
    if (c >= 0) out[k++] = c;
  }
  return k;
}

static const char *card_str(int c, char *buf) {
  if (c == JK) return "JK";
  sprintf(buf, "%s%s", VAL_STR[VAL(c)], SUIT_STR[SUIT(c)]);
  return buf;
}

/* Appends " [ c1 c2 … ]" to line. */
static void append_cards(char *line, const int *c, int n) {
  char cb[16];
  strcat(line, " [");
  for (int i = 0; i < n; i++) {
    strcat(line, " ");
    strcat(line, card_str(c[i], cb));
  }
  strcat(line, " ]");
}

/* ---- rules: a port of juiz's run validator (src/games/buraco/meld.rs) -------------------- */

static int card_points(int c) {
  if (c == JK) return 50;
  int v = VAL(c);
  if (v == 1) return 15;
  if (v >= 3 && v <= 7) return 5;
  return 10;
}

typedef struct {
  int card, pos;
  bool wild;
} Placed;

/* STBL's meld rule: a run of 3 to 14 cards of one suit (aces checked, low before the 2 or high
 * after the K), at most one card acting as wild (a joker, or a 2 not in its own place). *clean
 * (if given) tells whether no card acts as wild. The same steps, in the same order, as juiz. */
static bool meld_ok(const int *cards, int n, bool *clean) {
  if (clean) *clean = false;
  if (n < 3 || n > MELD_MAX) return false;
  int nat[MELD_MAX], nn = 0, aces[MELD_MAX], na = 0, twos[MELD_MAX], nt = 0, jokers = 0;
  for (int i = 0; i < n; i++) {
    int c = cards[i];
    if (c == JK) jokers++;
    else if (VAL(c) == 1) aces[na++] = c;
    else if (VAL(c) == 2) twos[nt++] = c;
    else nat[nn++] = c;
  }
  int suit = nn ? SUIT(nat[0]) : na ? SUIT(aces[0]) : -1;
  if (suit < 0) return false;
  for (int i = 0; i < nn; i++)
    if (SUIT(nat[i]) != suit) return false;
  for (int i = 0; i < na; i++)
    if (SUIT(aces[i]) != suit) return false;
  if (na > 2) return false;
  int natural_two = -1;
  if (nt + jokers > 1) {
    int at = -1;
    for (int i = 0; i < nt && at < 0; i++)
      if (SUIT(twos[i]) == suit) at = i;
    if (at < 0) return false;
    natural_two = twos[at];
    twos[at] = twos[--nt];
  }
  int pool[MELD_MAX], np = 0; /* used from its end: jokers first */
  for (int i = 0; i < nt; i++) pool[np++] = twos[i];
  for (int i = 0; i < jokers; i++) pool[np++] = JK;
  if (np > 1) return false;
  /* naturals sorted by value */
  for (int i = 1; i < nn; i++)
    for (int j = i; j > 0 && VAL(nat[j]) < VAL(nat[j - 1]); j--) {
      int t = nat[j];
      nat[j] = nat[j - 1];
      nat[j - 1] = t;
    }
  Placed seq[MELD_MAX + 2];
  int ns = 0;
  if (natural_two >= 0) seq[ns++] = (Placed){natural_two, 2, false};
  for (int i = 0; i < nn; i++) seq[ns++] = (Placed){nat[i], VAL(nat[i]), false};
  if (na == 2) seq[ns++] = (Placed){aces[--na], 14, false};
  Placed placed[MELD_MAX + 4];
  int pn = 0;
  for (int i = 0; i < ns; i++) {
    if (pn > 0) {
      int d = seq[i].pos - placed[pn - 1].pos;
      if (d == 0 || d > 2 || d < 0) return false;
      if (d == 2) {
        if (np == 0) return false;
        placed[pn] = (Placed){pool[--np], placed[pn - 1].pos + 1, true};
        pn++;
      }
    }
    placed[pn++] = seq[i];
  }
  if (pn == 0) return false;
  const int low = 1;
  if (na > 0) {
    int ace = aces[--na], first = placed[0].pos, last = placed[pn - 1].pos;
    if (first == low + 1) {
      memmove(placed + 1, placed, sizeof(Placed) * pn);
      placed[0] = (Placed){ace, low, false};
      pn++;
    } else if (last == 13) {
      placed[pn++] = (Placed){ace, 14, false};
    } else if (np > 0) {
      int w = pool[--np];
      if (first == low + 2) {
        memmove(placed + 2, placed, sizeof(Placed) * pn);
        placed[0] = (Placed){ace, low, false};
        placed[1] = (Placed){w, low + 1, true};
        pn += 2;
      } else if (last == 12) {
        placed[pn++] = (Placed){w, 13, true};
        placed[pn++] = (Placed){ace, 14, false};
      } else {
        return false;
      }
    } else {
      return false;
    }
  }
  while (np > 0) {
    int w = pool[--np], first = placed[0].pos, last = placed[pn - 1].pos, pos;
    if (first > low) pos = first - 1;
    else if (last < 14) pos = last + 1;
    else return false;
    memmove(placed + 1, placed, sizeof(Placed) * pn);
    placed[0] = (Placed){w, pos, true};
    pn++;
  }
  if (clean) {
    *clean = true;
    for (int i = 0; i < pn; i++)
      if (placed[i].wild && !(placed[i].pos == 2 && placed[i].card == CARD(suit, 2))) *clean = false;
  }
  return true;
}

static bool meld_clean(const Meld *m) {
  bool clean;
  return meld_ok(m->c, m->n, &clean) && clean;
}

static bool clean_canastra(const Meld *m) { return m->n >= 7 && meld_clean(m); }

/* Would meld m plus cards add[0..k) be valid? */
static bool join_ok(const Meld *m, const int *add, int k, bool *clean) {
  int c[MELD_MAX + 4];
  if (m->n + k > MELD_MAX) return false;
  memcpy(c, m->c, sizeof(int) * m->n);
  memcpy(c + m->n, add, sizeof(int) * k);
  return meld_ok(c, m->n + k, clean);
}

static int meld_points(const Meld *m) {
  int p = 0;
  for (int i = 0; i < m->n; i++) p += card_points(m->c[i]);
  if (m->n >= 7) p += meld_clean(m) ? 200 : 100;
  return p;
}

static int side_points(int side) {
  int p = 0;
  for (int i = 0; i < sides[side].n; i++) p += meld_points(&sides[side].m[i]);
  if (morto_waiting[side]) p -= 100;
  return p;
}

/* Does the side own a clean canastra besides its meld `skip` (-1: none skipped)? A join must
 * count the joined meld as it will be: a wild joined to the only clean canastra dirties it. */
static bool clean_canastra_except(int side, int skip) {
  for (int i = 0; i < sides[side].n; i++)
    if (i != skip && clean_canastra(&sides[side].m[i])) return true;
  return false;
}

static bool side_has_clean_canastra(int side) { return clean_canastra_except(side, -1); }

static void add_meld(int side, const int *c, int n) {
  Side *sd = &sides[side];
  if (sd->n >= MAX_MELDS || n > MELD_MAX + 2) return;
  sd->m[sd->n].n = n;
  memcpy(sd->m[sd->n].c, c, sizeof(int) * n);
  sd->n++;
}

static void add_to_meld(int side, int idx, const int *c, int n) {
  if (idx < 0 || idx >= sides[side].n) return;
  Meld *m = &sides[side].m[idx];
  for (int i = 0; i < n && m->n < MELD_MAX + 2; i++) m->c[m->n++] = c[i];
}

static void forget_known(int seat, const int *c, int n) {
  for (int i = 0; i < n; i++)
    if (known[seat][c[i]] > 0) known[seat][c[i]]--;
}

/* ---- the going-out rule ------------------------------------------------------------------ */


/* Is my side ahead by the table, counting `extra` for it and an estimate of every hand? */
static bool ahead_by(int extra) {
  int mine_side = side_of(me);
  int mine = side_points(mine_side) + extra, theirs = side_points(1 - mine_side);
  for (int s = 0; s < nplayers; s++) {
    if (s == me) continue;
    int est = 0, kn = 0;
    for (int c = 0; c < NC; c++) est += known[s][c] * card_points(c), kn += known[s][c];
    if (seat_n[s] > kn) est += (seat_n[s] - kn) * 9;
    if (side_of(s) == mine_side) mine -= est;
    else theirs -= est;
  }
  return mine > theirs;
}

/* Going out now (the hand emptied, +100, the hands counted): worth it when ahead. */
static bool want_out(void) { return ahead_by(100); }

/* May an action leave me `left` cards (not by a discard), my side then owning a clean canastra
 * or not (`clean_after`)? The referee's rule, read conservatively: while the morto waits
 * anything goes (an empty hand takes it); after it, fewer than 2 cards only when the side may go
 * out and I want to (one card left means going out with the discard). */
static bool may_leave(int left, bool clean_after, bool out_ok) {
  if (morto_waiting[side_of(me)]) return left >= 0;
  if (left >= 2) return true;
  return clean_after && out_ok;
}

/* ---- my actions -------------------------------------------------------------------------- */

static void hand_remove(const int *c, int n) {
  for (int i = 0; i < n; i++) hand[c[i]]--;
  hand_n -= n;
}

static void hand_add_line(char *buf) {
  char *tok[MAX_TOKENS];
  int got[PILE_MAX];
  int n = parse_cards(tok, split(buf, tok), got, PILE_MAX);
  for (int i = 0; i < n; i++) hand[got[i]]++;
  hand_n += n;
}

/* After an action of mine that emptied my hand: the morto comes at once if my side's waits
 * (`MORTO [ … ]`); otherwise I went out and the hand is over. Returns true if I play on. */
static bool after_emptying(char *buf) {
  if (hand_n > 0) return true;
  if (!morto_waiting[side_of(me)]) return false;
  read_line(buf);
  if (strncmp(buf, "MORTO", 5) != 0) return false; /* not expected: let the main loop go on */
  morto_waiting[side_of(me)] = false;
  hand_add_line(buf + 5);
  return hand_n > 0;
}

static bool do_meld_new(const int *c, int n, char *buf) {
  char line[MAX_LINE] = "MELD_NEW";
  append_cards(line, c, n);
  send_line(line);
  hand_remove(c, n);
  add_meld(side_of(me), c, n);
  return after_emptying(buf);
}

static bool do_meld_join(int idx, const int *c, int n, char *buf) {
  char line[MAX_LINE];
  sprintf(line, "MELD_JOIN %d", idx);
  append_cards(line, c, n);
  send_line(line);
  hand_remove(c, n);
  add_to_meld(side_of(me), idx, c, n);
  return after_emptying(buf);
}

/* ---- strategy ------------------------------------------------------------------------------ */

/* Card standing at run position p (1 … 14) of suit s: the ace at 1 and 14, the natural 2 at 2. */
static int card_at(int s, int p) { return CARD(s, p == 14 ? 1 : p); }

typedef struct {
  int n;
  int c[MELD_MAX];
  int wilds;
  int score;
} Cand;

/* Picks a wild card from avail (counts) for a run of suit s, not counting `used`: a joker first
 * (worth 50, it is the dearest card to be caught with), then a 2 of another suit. */
static int pick_wild(const int *avail, const int *used, int s) {
  if (used[JK] < avail[JK]) return JK;
  for (int t = 0; t < 4; t++)
    if (t != s && used[CARD(t, 2)] < avail[CARD(t, 2)]) return CARD(t, 2);
  if (used[CARD(s, 2)] < avail[CARD(s, 2)]) return CARD(s, 2);
  return -1;
}

/* The best run made of cards from avail (counts) holding card `need` (if need >= 0), with at
 * most max_wild missing places filled by a wild; longest, cleanest, dearest first. */
static bool best_run(const int *avail, int need, int max_wild, Cand *best) {
  bool found = false;
  best->score = -1;
  for (int s = 0; s < 4; s++)
    for (int a = 1; a <= 12; a++)
      for (int b = a + 2; b <= 14; b++) {
        int used[NC] = {0}, miss = 0, miss_at = -1;
        Cand c = {0, {0}, 0, 0};
        for (int p = a; p <= b && miss <= max_wild; p++) {
          int id = card_at(s, p);
          if (used[id] < avail[id]) {
            used[id]++;
            c.c[c.n++] = id;
          } else {
            miss++;
            miss_at = c.n++;
          }
        }
        if (miss > max_wild) continue;
        if (miss == 1) {
          int w = need >= 0 && is_wild(need) && used[need] < avail[need] ? need : pick_wild(avail, used, s);
          if (w < 0) continue;
          used[w]++;
          c.c[miss_at] = w;
          c.wilds = 1;
        }
        if (need >= 0 && used[need] == 0) continue;
        bool clean;
        if (!meld_ok(c.c, c.n, &clean)) continue;
        c.score = c.n * 100 + (clean ? 60 : 0);
        for (int i = 0; i < c.n; i++) c.score += card_points(c.c[i]);
        if (c.score > best->score) {
          *best = c;
          found = true;
        }
      }
  /* with a wild and no missing place: the wild extends a natural run */
  if (max_wild > 0) {
    Cand nat;
    int avail2[NC];
    memcpy(avail2, avail, sizeof avail2);
    int none[NC] = {0};
    int w = need >= 0 && is_wild(need) ? need : pick_wild(avail, none, -1);
    if (w >= 0) {
      avail2[w]--;
      if (best_run(avail2, need >= 0 && need != w ? need : -1, 0, &nat) && nat.n < MELD_MAX) {
        nat.c[nat.n++] = w;
        bool clean;
        if (meld_ok(nat.c, nat.n, &clean)) {
          nat.wilds = clean ? 0 : 1;
          nat.score = nat.n * 100 + (clean ? 60 : 0);
          for (int i = 0; i < nat.n; i++) nat.score += card_points(nat.c[i]);
          if (nat.score > best->score) *best = nat, found = true;
        }
      }
    }
  }
  return found;
}

/* May my side spend a wild card now? Once it owns a clean canastra (its way out), near the end
 * of the stock, or while its morto waits and the hand is small. */
static bool wilds_allowed(void) {
  int side = side_of(me);
  if (side_has_clean_canastra(side)) return true;
  if (stock < 6 * nplayers) return true;
  return morto_waiting[side] && hand_n <= 5;
}

/* Extends my side's melds with one hand card (or a wild with one or two naturals): natural cards
 * first, keeping a clean run clean. Returns 1 if it joined and play goes on, 0 if nothing was
 * joined, -1 if the hand is over. */
static int try_joins(bool out_ok, char *buf) {
  int side = side_of(me);
  Side *sd = &sides[side];
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < sd->n; i++) {
      Meld *m = &sd->m[i];
      bool was_clean;
      if (!meld_ok(m->c, m->n, &was_clean)) continue; /* never build on a meld misread */
      for (int c = 0; c < NC; c++) {
        bool clean;
        if (!hand[c] || (pass == 0 && is_wild(c)) || !join_ok(m, &c, 1, &clean)) continue;
        if (was_clean && !clean && !(pass == 1 && wilds_allowed())) continue;
        bool clean_after = clean_canastra_except(side, i) || (clean && m->n + 1 >= 7);
        if (!may_leave(hand_n - 1, clean_after, out_ok)) continue;
        return do_meld_join(i, &c, 1, buf) ? 1 : -1;
      }
      if (pass == 0 || !was_clean || !wilds_allowed()) continue;
      /* a wild with one or two natural cards that fill around it */
      for (int w = 0; w < NC; w++) {
        if (!hand[w] || !is_wild(w)) continue;
        for (int a = 0; a < NC; a++) {
          if (!hand[a] || is_wild(a)) continue;
          int two[2] = {w, a};
          if (join_ok(m, two, 2, NULL) && may_leave(hand_n - 2, clean_canastra_except(side, i), out_ok))
            return do_meld_join(i, two, 2, buf) ? 1 : -1;
          for (int b = a; b < NC; b++) {
            if (!hand[b] || is_wild(b) || (b == a && hand[a] < 2)) continue;
            int three[3] = {w, a, b};
            if (join_ok(m, three, 3, NULL) && may_leave(hand_n - 3, clean_canastra_except(side, i), out_ok))
              return do_meld_join(i, three, 3, buf) ? 1 : -1;
          }
        }
      }
    }
  return 0;
}

/* Melds a new run from the hand (natural, or with one wild when allowed). Same returns. */
static int try_new_meld(bool out_ok, char *buf) {
  Cand c;
  int side = side_of(me);
  bool has_clean = side_has_clean_canastra(side);
  if (best_run(hand, -1, 0, &c) && may_leave(hand_n - c.n, has_clean || c.n >= 7, out_ok))
    return do_meld_new(c.c, c.n, buf) ? 1 : -1;
  if (wilds_allowed() && best_run(hand, -1, 1, &c) && c.wilds == 1 &&
      may_leave(hand_n - c.n, has_clean, out_ok))
    return do_meld_new(c.c, c.n, buf) ? 1 : -1;
  return 0;
}

/* Distance between two cards of one suit on the run line (aces at both ends). */
static int run_dist(int a, int b) {
  int best = 99;
  int pa[2] = {VAL(a), VAL(a) == 1 ? 14 : VAL(a)};
  int pb[2] = {VAL(b), VAL(b) == 1 ? 14 : VAL(b)};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      int d = abs(pa[i] - pb[j]);
      if (d < best) best = d;
    }
  return best;
}

/* Copies of each card not seen anywhere (my hand, the table, the pile, known hands). */
static void unseen_counts(int *u) {
  for (int c = 0; c < NC; c++) u[c] = (c == JK ? 4 : 2) - hand[c];
  for (int t = 0; t < 2; t++)
    for (int i = 0; i < sides[t].n; i++)
      for (int k = 0; k < sides[t].m[i].n; k++) u[sides[t].m[i].c[k]]--;
  for (int i = 0; i < pile_n; i++) u[pile[i]]--;
  for (int s = 0; s < nplayers; s++)
    if (s != me)
      for (int c = 0; c < NC; c++) u[c] -= known[s][c];
  for (int c = 0; c < NC; c++)
    if (u[c] < 0) u[c] = 0;
}

/* Lower is a better discard. */
static int discard_cost(int c, const int *unseen) {
  int cost = 0;
  if (c == JK) return 5000;
  if (is_wild(c)) cost += 1000;
  int s = SUIT(c);
  /* how much the card helps my hand build a run */
  for (int d = 0; d < NC; d++) {
    if (!hand[d] || d == JK || SUIT(d) != s || VAL(d) == 2 || d == c) continue;
    int dist = run_dist(c, d);
    if (dist == 1) cost += 40;
    else if (dist == 2) cost += 20;
  }
  if (hand[c] >= 2) cost -= 10; /* a duplicate is worth less */
  Side *mine = &sides[side_of(me)];
  for (int i = 0; i < mine->n; i++)
    if (join_ok(&mine->m[i], &c, 1, NULL)) cost += 60;
  /* the closed pile: a top card that joins an opponent's run opens the whole pile to them */
  int opp = 1 - side_of(me);
  Side *theirs = &sides[opp];
  if (!is_wild(c))
    for (int i = 0; i < theirs->n; i++)
      if (join_ok(&theirs->m[i], &c, 1, NULL)) cost += 400 + 60 * pile_n;
  /* a top card the next player could make a run with */
  int next = (me + 1) % nplayers;
  int near_known = 0, near_unseen = 0, wilds_known = known[next][JK];
  for (int t = 0; t < 4; t++) wilds_known += known[next][CARD(t, 2)];
  for (int d = 0; d < NC; d++) {
    if (d == JK || SUIT(d) != s || d == c || (VAL(d) == 2 && VAL(c) > 4)) continue;
    int dist = run_dist(c, d);
    if (dist > 2) continue;
    near_known += known[next][d];
    near_unseen += unseen[d];
  }
  int risk = near_known * 50 + (near_known && wilds_known ? 80 : 0) + near_unseen * 5;
  cost += risk * (3 + pile_n) / 4;
  cost -= card_points(c);
  return cost;
}

static void do_discard(void) {
  int unseen[NC], best = -1, best_cost = 1 << 30;
  unseen_counts(unseen);
  for (int c = 0; c < NC; c++) {
    if (!hand[c]) continue;
    int cost = discard_cost(c, unseen);
    if (cost < best_cost) best_cost = cost, best = c;
  }
  char line[64], cb[16];
  sprintf(line, "DISCARD %s", card_str(best, cb));
  send_line(line);
  hand[best]--;
  hand_n--;
  if (pile_n < PILE_MAX) pile[pile_n++] = best;
  /* an emptied hand takes the morto (MORTO comes before the next turn) or goes out */
}

/* Takes the closed pile when its top card can be used: joined to one of my side's runs (keeping
 * it clean while the side owns no clean canastra), or in a new run with my cards. Returns 1 if it
 * took the pile and play goes on, 0 if it did not take it, -1 if the hand is over. */
static int try_take_pile(bool out_ok, char *buf) {
  if (pile_n == 0) return 0;
  int top = pile[pile_n - 1], rest = pile_n - 1, side = side_of(me);
  bool has_clean = side_has_clean_canastra(side);
  Side *sd = &sides[side];
  if (!is_wild(top))
    for (int i = 0; i < sd->n; i++) {
      bool was_clean, clean;
      if (!meld_ok(sd->m[i].c, sd->m[i].n, &was_clean) || !join_ok(&sd->m[i], &top, 1, &clean)) continue;
      if (was_clean && !clean && !wilds_allowed()) continue;
      bool clean_after = clean_canastra_except(side, i) || (clean && sd->m[i].n + 1 >= 7);
      if (!may_leave(hand_n + rest, clean_after, out_ok)) continue;
      char line[64];
      sprintf(line, "GET_DISCARD_JOIN %d", i);
      send_line(line);
      add_to_meld(side, i, &top, 1);
      read_line(buf);
      hand_add_line(buf);
      pile_n = 0;
      return 1;
    }
  int avail[NC];
  memcpy(avail, hand, sizeof avail);
  avail[top]++;
  Cand c;
  bool ok = best_run(avail, top, 0, &c);
  if (!ok && (wilds_allowed() || rest >= 3)) ok = best_run(avail, top, 1, &c);
  if (!ok) return 0;
  int toks[MELD_MAX], k = 0;
  bool skipped = false;
  for (int i = 0; i < c.n; i++) {
    if (!skipped && c.c[i] == top) skipped = true;
    else toks[k++] = c.c[i];
  }
  if (k < 2 || !skipped) return 0;
  if (!may_leave(hand_n - k + rest, has_clean || (c.wilds == 0 && c.n >= 7), out_ok)) return 0;
  char line[MAX_LINE] = "GET_DISCARD";
  append_cards(line, toks, k);
  send_line(line);
  hand_remove(toks, k);
  add_meld(side, c.c, c.n);
  read_line(buf); /* the rest of the pile */
  hand_add_line(buf);
  pile_n = 0;
  return after_emptying(buf) ? 1 : -1;
}

static void my_turn(char *buf) {
  bool out_ok = want_out();
  int took = try_take_pile(out_ok, buf);
  if (took < 0) return;
  if (took == 0) {
    send_line("GET_STOCK");
    read_line(buf);
    int c = parse_card(buf);
    if (c < 0) return; /* not a card: let the main loop read on */
    hand[c]++;
    hand_n++;
    stock--;
  }
  for (;;) {
    out_ok = want_out();
    int r = try_joins(out_ok, buf);
    if (r == 0) r = try_new_meld(out_ok, buf);
    if (r < 0) return;
    if (r == 0) break;
  }
  if (hand_n == 1 && !morto_waiting[side_of(me)] && !side_has_clean_canastra(side_of(me))) {
    fprintf(stderr, "smart_stbl: one card and no way out (a bug of this bot)\n");
    exit(1);
  }
  do_discard();
}

/* ---- other players' moves, and the start of a hand ------------------------------------------ */

static void new_hand(char *buf, bool first) {
  char *tok[MAX_TOKENS];
  int c[PILE_MAX];
  memset(hand, 0, sizeof hand);
  memset(known, 0, sizeof known);
  memset(sides, 0, sizeof sides);
  hand_n = 0;
  read_line(buf); /* my hand */
  hand_add_line(buf);
  for (int i = 0; i < nplayers; i++) seat_n[i] = hand_n;
  read_line(buf); /* the discard pile: empty in STBL */
  pile_n = parse_cards(tok, split(buf, tok), c, PILE_MAX);
  memcpy(pile, c, sizeof(int) * pile_n);
  morto_waiting[0] = morto_waiting[1] = true;
  stock = 108 - hand_n * nplayers - 22 - pile_n;
  (void)first;
}

static void on_event(int cur, char *line, char *buf) {
  char *tok[MAX_TOKENS];
  int n = split(line, tok);
  if (n == 0) return;
  if (strcmp(tok[0], "HAND_END") == 0) {
    new_hand(buf, false);
    return;
  }
  if (cur < 0) return;
  int c[PILE_MAX], k, side = side_of(cur);
  if (strcmp(tok[0], "GET_STOCK") == 0) {
    stock--;
    seat_n[cur]++;
  } else if (strcmp(tok[0], "GET_DISCARD") == 0) {
    if (pile_n == 0) return;
    k = parse_cards(tok + 1, n - 1, c + 1, MELD_MAX);
    c[0] = pile[pile_n - 1];
    for (int i = 0; i + 1 < pile_n; i++) known[cur][pile[i]]++;
    forget_known(cur, c + 1, k);
    seat_n[cur] += pile_n - 1 - k;
    pile_n = 0;
    add_meld(side, c, k + 1);
  } else if (strcmp(tok[0], "GET_DISCARD_JOIN") == 0 && n >= 2) {
    if (pile_n == 0) return;
    add_to_meld(side, atoi(tok[1]), &pile[pile_n - 1], 1);
    for (int i = 0; i + 1 < pile_n; i++) known[cur][pile[i]]++;
    seat_n[cur] += pile_n - 1;
    pile_n = 0;
  } else if (strcmp(tok[0], "MELD_NEW") == 0) {
    k = parse_cards(tok + 1, n - 1, c, MELD_MAX + 1);
    forget_known(cur, c, k);
    seat_n[cur] -= k;
    add_meld(side, c, k);
  } else if (strcmp(tok[0], "MELD_JOIN") == 0 && n >= 2) {
    k = parse_cards(tok + 2, n - 2, c, MELD_MAX + 1);
    forget_known(cur, c, k);
    seat_n[cur] -= k;
    add_to_meld(side, atoi(tok[1]), c, k);
  } else if (strcmp(tok[0], "DISCARD") == 0) {
    k = parse_cards(tok + 1, n - 1, c, 1);
    if (k == 1) {
      forget_known(cur, c, 1);
      seat_n[cur]--;
      if (pile_n < PILE_MAX) pile[pile_n++] = c[0];
    }
  } else if (strcmp(tok[0], "MORTO") == 0) {
    morto_waiting[side] = false;
    k = parse_cards(tok + 1, n - 1, c, PILE_MAX);
    if (cur == me) {
      for (int i = 0; i < k; i++) hand[c[i]]++;
      hand_n += k;
    }
    seat_n[cur] += 11;
  } else if (strcmp(tok[0], "MORTO_TO_STOCK") == 0 && n >= 2) {
    int s = atoi(tok[1]);
    if (s == 0 || s == 1) morto_waiting[s] = false;
    stock += 11;
  }
}

int main(void) {
  static char buf[MAX_LINE], line[MAX_LINE];
  char *tok[MAX_TOKENS];
  setvbuf(stdout, NULL, _IONBF, 0);
  debug = getenv("SMART_DEBUG") != NULL;

  read_line(buf); /* all ids */
  int n = split(buf, tok);
  nplayers = n < MAX_PLAYERS ? n : MAX_PLAYERS;
  for (int i = 0; i < nplayers; i++) snprintf(ids[i], sizeof ids[i], "%s", tok[i]);
  read_line(buf); /* my id */
  me = 0;
  for (int i = 0; i < nplayers; i++)
    if (strcmp(buf, ids[i]) == 0) me = i;
  new_hand(buf, true);

  int cur = -1;
  for (;;) {
    read_line(line);
    int who = -1;
    for (int i = 0; i < nplayers; i++)
      if (strcmp(line, ids[i]) == 0) who = i;
    if (who >= 0) {
      cur = who;
      if (cur == me) my_turn(buf);
    } else {
      on_event(cur, line, buf);
    }
  }
}
