/* smart_schwab.c — a competent bot for Schwab's Buraco (`--game buraco-schwab`, 4 players in two
 * teams, a match of several hands to 2000 points).
 *
 * Build: cc -O2 -o smart_schwab smart_schwab.c
 *
 * It speaks protocol.md §7 (ITP Buraco's lines plus jokers `JK`, the hidden up-card and
 * `UP_CARD`, `GET_DISCARD [ ]` on the first move, the buraco `MORTO`, `HAND_END`). Every line it
 * sends is checked first against its own copy of the referee's pile rule (a port of juiz's
 * validator: runs and sets of 3 to 7 cards, at most one wild, every 2 wild) and of the pickup and
 * going-out rules, so it never sends an illegal line; it is deterministic.
 *
 * Strategy: the team's piles count against it until it owns a cerrado (a pile of 7), so it plays
 * for cerrados: it takes the dumped pile whenever a natural pair of its hand makes a pile with the
 * top card (the pile is where the cards are), lays natural sets and runs, adds a wild card to a
 * pile without one (first to close a pile of six), gets down to wild cards only to take its
 * buraco, discards the card least useful to it and least likely to give the next player the pile
 * (a wild card to freeze a pile of 8 or more), and goes out as soon as its team may (against
 * schwab_bot.py, 100 matches each: wilds added to any pile, the frozen pile and going out at once
 * each won more matches than their alternative). SMART_DEBUG=1: its input and output on stderr.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 8192
#define MAX_TOKENS 512
#define MAX_PLAYERS 4
#define MAX_MELDS 96
#define MELD_MAX 7 /* a pile holds at most 7 cards: then it is a cerrado */
#define NC 53      /* distinct cards: 52 plus the joker; four decks and twelve jokers */
#define JK 52
#define HIDDEN (-1) /* the up-card we were not shown */
#define PILE_MAX 240

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
static Side sides[2];                  /* piles per team (seat % 2) */
static int pile[PILE_MAX], pile_n;     /* discard pile, bottom → top (HIDDEN: not shown) */
static int known[MAX_PLAYERS][NC];     /* cards known to be in another seat's hand */
static int seat_n[MAX_PLAYERS];        /* hand sizes of every seat */
static bool morto_waiting[2];          /* the team's buraco is still on the table */
static bool first_move;                /* no move made yet in this hand */
static int stock;                      /* cards left in the stock */
static bool debug;

static int side_of(int seat) { return seat % 2; }
static bool is_wild(int c) { return c == JK || VAL(c) == 2; }

/* ---- I/O -------------------------------------------------------------------------------- */

/* Reads one line without its end-of-line; exits cleanly on end of file (the match is over). */
static void read_line(char *buf) {
  if (!fgets(buf, MAX_LINE, stdin)) exit(0);
  size_t l = strlen(buf);
  while (l > 0 && (buf[l - 1] == '\n' || buf[l - 1] == '\r')) buf[--l] = '\0';
  if (debug) fprintf(stderr, "schwab < %s\n", buf);
}

static void send_line(const char *s) {
  if (debug) fprintf(stderr, "schwab > %s\n", s);
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

/* ---- rules: a port of juiz's pile validator (src/games/buraco/meld.rs) ------------------- */

static int card_points(int c) {
  if (c == JK) return 50;
  int v = VAL(c);
  if (v == 2) return 25;
  if (v == 1) return 20;
  if (v >= 3 && v <= 7) return 5;
  return 10;
}

enum { RUN, SET, WILDS };

/* Schwab's pile rule: 3 to 7 cards; wild cards only; or a set (two or more naturals of one rank,
 * at most one wild); or a run of one suit (A 3 4 … K A, the low ace directly before the 3) with
 * at most one wild. The same steps, in the same order, as juiz. *clean: no wild card; *kind. */
static bool meld_ok(const int *cards, int n, bool *clean, int *kind) {
  if (clean) *clean = false;
  if (kind) *kind = RUN;
  if (n < 3 || n > MELD_MAX) return false;
  int nat[MELD_MAX], nn = 0, aces[MELD_MAX], na = 0, wilds = 0, naturals = 0, rank = -1;
  bool one_rank = true;
  for (int i = 0; i < n; i++) {
    int c = cards[i];
    if (is_wild(c)) {
      wilds++;
      continue;
    }
    naturals++;
    if (rank < 0) rank = VAL(c);
    else if (VAL(c) != rank) one_rank = false;
    if (VAL(c) == 1) aces[na++] = c;
    else nat[nn++] = c;
  }
  if (naturals == 0) { /* a pile of wild cards only */
    if (kind) *kind = WILDS;
    return true;
  }
  if (naturals >= 2 && one_rank) {
    if (wilds > 1) return false;
    if (clean) *clean = wilds == 0;
    if (kind) *kind = SET;
    return true;
  }
  int suit = nn ? SUIT(nat[0]) : SUIT(aces[0]);
  for (int i = 0; i < nn; i++)
    if (SUIT(nat[i]) != suit) return false;
  for (int i = 0; i < na; i++)
    if (SUIT(aces[i]) != suit) return false;
  if (na > 2 || wilds > 1) return false;
  int np = wilds; /* the pool of wild cards (their identity does not matter here) */
  for (int i = 1; i < nn; i++)
    for (int j = i; j > 0 && VAL(nat[j]) < VAL(nat[j - 1]); j--) {
      int t = nat[j];
      nat[j] = nat[j - 1];
      nat[j - 1] = t;
    }
  int seq[MELD_MAX + 2], ns = 0;
  for (int i = 0; i < nn; i++) seq[ns++] = VAL(nat[i]);
  if (na == 2) seq[ns++] = 14, na--;
  int placed[MELD_MAX + 4], pn = 0;
  for (int i = 0; i < ns; i++) {
    if (pn > 0) {
      int d = seq[i] - placed[pn - 1];
      if (d <= 0 || d > 2) return false;
      if (d == 2) {
        if (np == 0) return false;
        np--;
        placed[pn] = placed[pn - 1] + 1;
        pn++;
      }
    }
    placed[pn++] = seq[i];
  }
  if (pn == 0) return false;
  const int low = 2;
  if (na > 0) { /* the last ace: before the 3, after the K, or beside the wild */
    int first = placed[0], last = placed[pn - 1];
    if (first == low + 1) {
      memmove(placed + 1, placed, sizeof(int) * pn);
      placed[0] = low;
      pn++;
    } else if (last == 13) {
      placed[pn++] = 14;
    } else if (np > 0) {
      np--;
      if (first == low + 2) {
        memmove(placed + 2, placed, sizeof(int) * pn);
        placed[0] = low;
        placed[1] = low + 1;
        pn += 2;
      } else if (last == 12) {
        placed[pn++] = 13;
        placed[pn++] = 14;
      } else {
        return false;
      }
    } else {
      return false;
    }
  }
  if (np > 0 && !(placed[0] > low || placed[pn - 1] < 14)) return false; /* no room for the wild */
  if (clean) *clean = wilds == 0;
  return true;
}

static bool is_wild_pile(const Meld *m) {
  for (int i = 0; i < m->n; i++)
    if (!is_wild(m->c[i])) return false;
  return m->n > 0;
}

/* Would pile m plus cards add[0..k) be valid? */
static bool join_ok(const Meld *m, const int *add, int k, bool *clean) {
  int c[MELD_MAX + 4];
  if (m->n + k > MELD_MAX) return false;
  memcpy(c, m->c, sizeof(int) * m->n);
  memcpy(c + m->n, add, sizeof(int) * k);
  return meld_ok(c, m->n + k, clean, NULL);
}

static bool side_has_cerrado(int side) {
  for (int i = 0; i < sides[side].n; i++)
    if (sides[side].m[i].n >= 7) return true;
  return false;
}


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
    if (c[i] >= 0 && known[seat][c[i]] > 0) known[seat][c[i]]--;
}

/* ---- the going-out rule ------------------------------------------------------------------ */

/* May my team go out (or get down to one card) with its piles after an action that adds pile
 * `added` (NULL: none) or makes pile `joined` `grown` cards long? A cerrado, and no unfinished
 * pile of wild cards only. */
static bool may_go_out(int added_len, bool added_wilds, int joined, int grown) {
  Side *sd = &sides[side_of(me)];
  bool cerrado = added_len >= 7, unfinished = added_wilds && added_len < 7;
  for (int i = 0; i < sd->n; i++) {
    int len = i == joined ? grown : sd->m[i].n;
    if (len >= 7) cerrado = true;
    else if (is_wild_pile(&sd->m[i])) unfinished = true;
  }
  return cerrado && !unfinished;
}


/* Going out whenever the team may: measured against schwab_bot.py, waiting until ahead by the
 * estimate lost more hands than it won (the other team's piles count against it while it owns no
 * cerrado, so an early end hurts it most). */
static bool want_out(void) { return true; }

/* May an action leave me `left` cards (not by a discard), `out_after` telling whether my team
 * may then go out? The referee's rule, read conservatively: while the buraco waits anything goes;
 * after it, fewer than 2 cards only when the team may go out and I want to. */
static bool may_leave(int left, bool out_after, bool out_ok) {
  if (morto_waiting[side_of(me)]) return true;
  if (left >= 2) return true;
  return out_after && out_ok;
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

static bool only_wilds(void) {
  for (int c = 0; c < NC; c++)
    if (hand[c] && !is_wild(c)) return false;
  return true;
}

/* After an action of mine (not a discard): a hand of wild cards only (or none) takes the buraco
 * at once if the team's waits (`MORTO [ … ]`); an empty hand otherwise went out. Returns true if
 * I play on. */
static bool after_action(char *buf) {
  int side = side_of(me);
  if (morto_waiting[side] && only_wilds()) {
    read_line(buf);
    if (strncmp(buf, "MORTO", 5) != 0) return false; /* not expected: let the main loop go on */
    morto_waiting[side] = false;
    hand_add_line(buf + 5);
  }
  return hand_n > 0;
}

static bool do_meld_new(const int *c, int n, char *buf) {
  char line[MAX_LINE] = "MELD_NEW";
  append_cards(line, c, n);
  send_line(line);
  hand_remove(c, n);
  add_meld(side_of(me), c, n);
  return after_action(buf);
}

static bool do_meld_join(int idx, const int *c, int n, char *buf) {
  char line[MAX_LINE];
  sprintf(line, "MELD_JOIN %d", idx);
  append_cards(line, c, n);
  send_line(line);
  hand_remove(c, n);
  add_to_meld(side_of(me), idx, c, n);
  return after_action(buf);
}

/* ---- strategy ------------------------------------------------------------------------------ */

/* Late in the hand: spend the wild cards, meld what can be melded. */
static bool late(void) { return stock < 4 * nplayers + 4; }

/* A wild card of my hand to spend: a 2 before a joker (a joker is kept for last: 50 points). */
static int pick_wild(void) {
  for (int t = 0; t < 4; t++)
    if (hand[CARD(t, 2)]) return CARD(t, 2);
  return hand[JK] ? JK : -1;
}

typedef struct {
  int n;
  int c[MELD_MAX];
  int score;
} Cand;

/* The best natural pile in avail (counts) holding card `need` (if >= 0): a set of one rank or a
 * run of one suit, 3 to 7 cards, longest then dearest first. */
static bool best_pile(const int *avail, int need, Cand *best) {
  bool found = false;
  best->score = -1;
  for (int v = 1; v <= 13; v++) {
    if (v == 2 || (need >= 0 && VAL(need) != v)) continue;
    Cand c = {0, {0}, 0};
    if (need >= 0) c.c[c.n++] = need;
    for (int s = 0; s < 4; s++) {
      int id = CARD(s, v), have = avail[id] - (id == need ? 1 : 0);
      for (int k = 0; k < have && c.n < MELD_MAX; k++) c.c[c.n++] = id;
    }
    if (c.n < 3 || !meld_ok(c.c, c.n, NULL, NULL)) continue;
    c.score = c.n * 100 + 30;
    for (int i = 0; i < c.n; i++) c.score += card_points(c.c[i]);
    if (c.score > best->score) *best = c, found = true;
  }
  for (int s = 0; s < 4; s++) {
    if (need >= 0 && SUIT(need) != s) continue;
    for (int a = 2; a <= 12; a++)
      for (int b = a + 2; b <= 14 && b - a + 1 <= MELD_MAX; b++) {
        Cand c = {0, {0}, 0};
        bool ok = true;
        for (int p = a; p <= b && ok; p++) {
          int id = CARD(s, p == 2 || p == 14 ? 1 : p);
          int used = 0;
          for (int i = 0; i < c.n; i++) used += c.c[i] == id;
          if (used < avail[id]) c.c[c.n++] = id;
          else ok = false;
        }
        if (!ok) continue;
        bool has_need = need < 0;
        for (int i = 0; i < c.n; i++) has_need |= c.c[i] == need;
        if (!has_need || !meld_ok(c.c, c.n, NULL, NULL)) continue;
        c.score = c.n * 100;
        for (int i = 0; i < c.n; i++) c.score += card_points(c.c[i]);
        if (c.score > best->score) *best = c, found = true;
      }
  }
  return found;
}

/* Joins one natural card to a pile of my team (never past 7), else a wild card to a pile without
 * one: first to close a pile of six (while the team owns no cerrado, or late), then to any.
 * Returns 1 if it joined and play goes on, 0 if nothing, -1 if the hand is over for me. */
static int try_joins(bool out_ok, char *buf) {
  int side = side_of(me);
  Side *sd = &sides[side];
  bool cerrado = side_has_cerrado(side);
  for (int i = 0; i < sd->n; i++) {
    Meld *m = &sd->m[i];
    if (m->n >= 7 || is_wild_pile(m) || !meld_ok(m->c, m->n, NULL, NULL)) continue;
    for (int c = 0; c < NC; c++) {
      if (!hand[c] || is_wild(c) || !join_ok(m, &c, 1, NULL)) continue;
      if (!may_leave(hand_n - 1, may_go_out(0, false, i, m->n + 1), out_ok)) continue;
      return do_meld_join(i, &c, 1, buf) ? 1 : -1;
    }
  }
  int w = pick_wild();
  if (w < 0) return 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < sd->n; i++) {
      Meld *m = &sd->m[i];
      if (m->n >= 7 || is_wild_pile(m) || !join_ok(m, &w, 1, NULL)) continue;
      bool closes = m->n == 6;
      if (pass == 0 && !(closes && (!cerrado || late()))) continue;
      if (!may_leave(hand_n - 1, may_go_out(0, false, i, m->n + 1), out_ok)) continue;
      return do_meld_join(i, &w, 1, buf) ? 1 : -1;
    }
  return 0;
}

/* Lays a new natural pile (or a natural pair with a wild, to get down to wild cards for the
 * buraco, or late). Same returns as try_joins. */
static int try_new_meld(bool out_ok, char *buf) {
  Cand c;
  if (best_pile(hand, -1, &c) && may_leave(hand_n - c.n, may_go_out(c.n, false, -1, 0), out_ok))
    return do_meld_new(c.c, c.n, buf) ? 1 : -1;
  int naturals = 0;
  for (int k = 0; k < NC; k++)
    if (!is_wild(k)) naturals += hand[k];
  int w = pick_wild();
  bool want = late() || (morto_waiting[side_of(me)] && naturals <= 3);
  if (w < 0 || !want) return 0;
  for (int a = 0; a < NC; a++) {
    if (!hand[a] || is_wild(a)) continue;
    for (int b = a; b < NC; b++) {
      if (!hand[b] || is_wild(b) || (a == b && hand[a] < 2)) continue;
      int three[3] = {a, b, w};
      if (!meld_ok(three, 3, NULL, NULL)) continue;
      if (!may_leave(hand_n - 3, may_go_out(3, false, -1, 0), out_ok)) continue;
      return do_meld_new(three, 3, buf) ? 1 : -1;
    }
  }
  return 0;
}

/* Copies of each card not seen anywhere (my hand, the table, the pile, known hands). */
static void unseen_counts(int *u) {
  for (int c = 0; c < NC; c++) u[c] = (c == JK ? 12 : 4) - hand[c];
  for (int t = 0; t < 2; t++)
    for (int i = 0; i < sides[t].n; i++)
      for (int k = 0; k < sides[t].m[i].n; k++) u[sides[t].m[i].c[k]]--;
  for (int i = 0; i < pile_n; i++)
    if (pile[i] >= 0) u[pile[i]]--;
  for (int s = 0; s < nplayers; s++)
    if (s != me)
      for (int c = 0; c < NC; c++) u[c] -= known[s][c];
  for (int c = 0; c < NC; c++)
    if (u[c] < 0) u[c] = 0;
}

/* Distance of two natural cards of one suit on the run line (the ace at 2 and at 14). */
static int run_dist(int a, int b) {
  int pa[2] = {VAL(a) == 1 ? 2 : VAL(a), VAL(a) == 1 ? 14 : VAL(a)};
  int pb[2] = {VAL(b) == 1 ? 2 : VAL(b), VAL(b) == 1 ? 14 : VAL(b)};
  int best = 99;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      if (abs(pa[i] - pb[j]) < best) best = abs(pa[i] - pb[j]);
  return best;
}

/* Lower is a better discard. */
static int discard_cost(int c, const int *unseen) {
  int next = (me + 1) % nplayers; /* always an opponent */
  if (is_wild(c)) {
    /* a wild on top freezes the pile for the next player: worth it on a big pile */
    int cost = c == JK ? 900 : 500;
    if (pile_n >= 8) cost -= 300 + 20 * pile_n;
    return cost;
  }
  int cost = 0, v = VAL(c), s = SUIT(c);
  /* its use to me: pairs and run neighbours in my hand, piles of my team it joins */
  for (int d = 0; d < NC; d++) {
    if (!hand[d] || is_wild(d)) continue;
    int copies = hand[d] - (d == c);
    if (VAL(d) == v) cost += 45 * copies;
    else if (SUIT(d) == s && run_dist(c, d) == 1) cost += 25 * copies;
    else if (SUIT(d) == s && run_dist(c, d) == 2) cost += 10 * copies;
  }
  Side *mine = &sides[side_of(me)];
  for (int i = 0; i < mine->n; i++)
    if (mine->m[i].n < 7 && join_ok(&mine->m[i], &c, 1, NULL)) cost += 80;
  /* the next player takes the pile with a natural pair that makes a pile with it */
  int same_rank = 0, near = 0, known_pair = 0;
  for (int d = 0; d < NC; d++) {
    if (is_wild(d)) continue;
    if (VAL(d) == v) same_rank += unseen[d], known_pair += known[next][d];
    else if (SUIT(d) == s && run_dist(c, d) <= 2) near += unseen[d];
  }
  int risk = same_rank * 3 + near + (known_pair >= 2 ? 150 : known_pair * 30);
  cost += risk * (2 + pile_n) / 3;
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
  /* a hand of wild cards only (or none) takes the buraco: MORTO comes before the next turn */
}

/* Takes the dumped pile when a natural pair of my hand makes a pile with its top card (never a
 * wild on top; with the buraco taken and no cerrado, only when the pile and the hand hold 5 cards
 * or more), or on the first move the up-card alone when it is a wild or fits my hand. Returns 1
 * if it took the pile and play goes on, 0 if not, -1 if the hand is over for me. */
static int try_take_pile(bool out_ok, char *buf) {
  if (pile_n == 0) return 0;
  int top = pile[pile_n - 1], rest = pile_n - 1, side = side_of(me);
  if (top == HIDDEN) return 0;
  if (!is_wild(top) &&
      (pile_n + hand_n >= 5 || morto_waiting[side] || side_has_cerrado(side))) {
    int avail[NC];
    memcpy(avail, hand, sizeof avail);
    for (int c = 0; c < NC; c++)
      if (is_wild(c)) avail[c] = 0;
    /* the best pair: the pile it makes grows the most with the rest of my hand */
    int best_a = -1, best_b = -1, best_score = -1;
    for (int a = 0; a < NC; a++) {
      if (!avail[a]) continue;
      for (int b = a; b < NC; b++) {
        if (!avail[b] || (a == b && avail[a] < 2)) continue;
        int three[3] = {top, a, b};
        if (!meld_ok(three, 3, NULL, NULL)) continue;
        int score = 10 + (VAL(a) == VAL(b) ? 5 : 0) - card_points(a) / 10;
        if (score > best_score) best_score = score, best_a = a, best_b = b;
      }
    }
    if (best_a >= 0 && may_leave(hand_n - 2 + rest, may_go_out(3, false, -1, 0), out_ok)) {
      int pair[2] = {best_a, best_b}, made[3] = {top, best_a, best_b};
      char line[MAX_LINE] = "GET_DISCARD";
      append_cards(line, pair, 2);
      send_line(line);
      hand_remove(pair, 2);
      add_meld(side, made, 3);
      read_line(buf); /* the rest of the pile */
      hand_add_line(buf);
      pile_n = 0;
      first_move = false;
      return after_action(buf) ? 1 : -1;
    }
  }
  if (first_move && pile_n == 1) {
    bool fits = is_wild(top);
    for (int d = 0; d < NC && !fits; d++)
      if (hand[d] && !is_wild(d) && VAL(d) == VAL(top)) fits = true;
    if (fits) {
      send_line("GET_DISCARD [ ]");
      read_line(buf); /* [ c ] */
      hand_add_line(buf);
      pile_n = 0;
      first_move = false;
      return 1;
    }
  }
  return 0;
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
  first_move = false;
  for (;;) {
    out_ok = want_out();
    int r = try_joins(out_ok, buf);
    if (r == 0) r = try_new_meld(out_ok, buf);
    if (r < 0) return;
    if (r == 0) break;
  }
  if (hand_n == 1 && !morto_waiting[side_of(me)] && !may_go_out(0, false, -1, 0)) {
    fprintf(stderr, "smart_schwab: one card and no way out (a bug of this bot)\n");
    exit(1);
  }
  do_discard();
}

/* ---- other players' moves, and the start of a hand ------------------------------------------ */

/* The two lines that open a hand: my hand, and the up-card (shown to the starter only). */
static void new_hand(char *buf) {
  char *tok[MAX_TOKENS];
  int c[PILE_MAX];
  memset(hand, 0, sizeof hand);
  memset(known, 0, sizeof known);
  memset(sides, 0, sizeof sides);
  hand_n = 0;
  read_line(buf);
  hand_add_line(buf);
  for (int i = 0; i < nplayers; i++) seat_n[i] = hand_n;
  read_line(buf);
  int k = parse_cards(tok, split(buf, tok), c, 1);
  pile_n = 1;
  pile[0] = k == 1 ? c[0] : HIDDEN;
  morto_waiting[0] = morto_waiting[1] = true;
  first_move = true;
  stock = 220 - hand_n * nplayers - 22 - 1;
}

/* Another seat took the pile: its rest goes to that seat's hand (known, but the hidden card). */
static void pile_taken(int cur, int used) {
  for (int i = 0; i + 1 < pile_n; i++)
    if (pile[i] >= 0) known[cur][pile[i]]++;
  seat_n[cur] += pile_n - 1 - used;
  pile_n = 0;
}

static void on_event(int cur, char *line, char *buf) {
  char *tok[MAX_TOKENS];
  int n = split(line, tok);
  if (n == 0) return;
  if (strcmp(tok[0], "HAND_END") == 0) {
    new_hand(buf);
    return;
  }
  if (cur < 0) return;
  first_move = false;
  int c[PILE_MAX], k, side = side_of(cur);
  if (strcmp(tok[0], "GET_STOCK") == 0) {
    stock--;
    seat_n[cur]++;
  } else if (strcmp(tok[0], "UP_CARD") == 0) {
    if (parse_cards(tok + 1, n - 1, c, 1) == 1 && pile_n > 0) pile[pile_n - 1] = c[0];
  } else if (strcmp(tok[0], "GET_DISCARD") == 0) {
    if (pile_n == 0) return;
    k = parse_cards(tok + 1, n - 1, c + 1, MELD_MAX);
    if (k == 0) { /* the up-card alone */
      if (pile[0] >= 0) known[cur][pile[0]]++;
      seat_n[cur]++;
      pile_n = 0;
      return;
    }
    c[0] = pile[pile_n - 1];
    forget_known(cur, c + 1, k);
    pile_taken(cur, k);
    if (c[0] >= 0) add_meld(side, c, k + 1);
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
  new_hand(buf);

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
