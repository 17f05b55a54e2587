/* smart.c — a competent ITP Buraco bot: tracks its hand, both sides' melds and the discard pile,
 * takes the pile when the top card makes a run, melds and extends runs, discards defensively.
 *
 * Build: cc -O2 -o smart smart.c -lm
 *
 * It speaks the juiz / buraco.js protocol (see bots/README.md): four setup lines, then one line
 * per event; on its turn it draws (GET_STOCK or GET_DISCARD), melds (MELD_NEW, MELD_JOIN) and
 * ends with DISCARD. Every move is checked against its own copy of the meld rules before it is
 * sent, so it never sends an illegal line. It is deterministic: no randomness at all.
 * Set the environment variable SMART_DEBUG=1 to get its reasoning on stderr.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 8192
#define MAX_TOKENS 256
#define MAX_PLAYERS 4
#define MAX_MELDS 64
#define MELD_MAX 14
#define NCARD 52 /* distinct cards; the deck holds two of each */
#define PILE_MAX 110

/* A card is suit * 13 + (value - 1), value 1 = A, 2 … 10, 11 = J, 12 = Q, 13 = K. */
#define SUIT(c) ((c) / 13)
#define VAL(c) ((c) % 13 + 1)
#define CARD(s, v) ((s) * 13 + (v) - 1)

static const char *SUIT_STR[4] = {"\xe2\x99\xa5", "\xe2\x99\xa6", "\xe2\x99\xa3", "\xe2\x99\xa0"};
static const char *VAL_STR[14] = {"?", "A", "2", "3", "4",  "5", "6",
                                  "7", "8", "9", "10", "J", "Q", "K"};

typedef struct {
  int n;
  int c[MELD_MAX + 2];
} Meld;

typedef struct {
  int n;
  Meld m[MAX_MELDS];
} Side;

/* ---- game state ---------------------------------------------------------------------- */
static int nplayers, me;            /* seat count and my seat */
static char ids[MAX_PLAYERS][64];   /* wire ids, in seat order */
static int hand[NCARD], hand_n;     /* my hand as counts */
static Side sides[2];               /* melds per team (seat % 2 in 4p; seat in 2p) */
static int pile[PILE_MAX], pile_n;  /* discard pile, bottom → top */
static int known[MAX_PLAYERS][NCARD]; /* cards known to be in another seat's hand */
static int seat_n[MAX_PLAYERS];     /* hand sizes of every seat */
static int stock;                   /* estimated cards left in the stock */
static bool debug;

static int team_of(int seat) { return seat % 2; }

/* ---- I/O ------------------------------------------------------------------------------ */

/* Reads one line without its end-of-line; exits the bot cleanly on EOF (the game is over). */
static void read_line(char *buf) {
  if (!fgets(buf, MAX_LINE, stdin)) exit(0);
  size_t l = strlen(buf);
  while (l > 0 && (buf[l - 1] == '\n' || buf[l - 1] == '\r')) buf[--l] = '\0';
  if (debug) fprintf(stderr, "smart < %s\n", buf);
}

/* The game is over for this bot (it went out): wait for the referee to close the pipe. */
static void wait_for_end(void) {
  char buf[MAX_LINE];
  while (fgets(buf, sizeof buf, stdin)) {
  }
  exit(0);
}

static void send_line(const char *s) {
  if (debug) fprintf(stderr, "smart > %s\n", s);
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
    if (strcmp(tok[i], "[") == 0 || strcmp(tok[i], "]") == 0) continue;
    int c = parse_card(tok[i]);
    if (c >= 0) out[k++] = c;
  }
  return k;
}

static char *card_str(int c, char *buf) {
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

/* ---- rules ---------------------------------------------------------------------------- */

static int card_points(int c) {
  int v = VAL(c);
  if (v == 1) return 15;
  if (v >= 3 && v <= 7) return 5;
  return 10;
}

/* Positions in mask m (bits 1 … 14), plus `wild` wild cards: a run? */
static bool run_ok(unsigned m, int wild) {
  int lo = 0, hi = 0, cnt = 0;
  for (int p = 1; p <= 14; p++)
    if (m & (1u << p)) {
      if (!lo) lo = p;
      hi = p;
      cnt++;
    }
  if (!cnt) return false;
  int holes = hi - lo + 1 - cnt;
  if (holes == 0) return wild == 0 || lo > 1 || hi < 14;
  return holes == 1 && wild == 1;
}

/* The referee's meld rule (juiz): 3–14 cards of one suit in sequence, aces low or high (never
 * wrapping) and of the meld's suit, at most one wild 2; a 2 of the suit standing at position 2
 * is natural. *clean tells whether it is valid with no wild at all. */
static bool meld_ok(const int *c, int n, bool *clean) {
  if (clean) *clean = false;
  if (n < 3 || n > MELD_MAX) return false;
  int s = -1;
  for (int i = 0; i < n && s < 0; i++)
    if (VAL(c[i]) >= 3) s = SUIT(c[i]);
  for (int i = 0; i < n && s < 0; i++)
    if (VAL(c[i]) == 1) s = SUIT(c[i]);
  if (s < 0) return false; /* only 2s */
  unsigned nat = 0;
  int aces = 0, twos[MELD_MAX], nt = 0;
  for (int i = 0; i < n; i++) {
    int v = VAL(c[i]);
    if (v >= 3) {
      if (SUIT(c[i]) != s || (nat & (1u << v))) return false;
      nat |= 1u << v;
    } else if (v == 1) {
      if (SUIT(c[i]) != s) return false;
      aces++;
    } else {
      if (nt == 2) return false;
      twos[nt++] = c[i];
    }
  }
  if (aces > 2) return false;
  bool valid = false;
  int ace_opts = aces == 1 ? 2 : 1;
  for (int ao = 0; ao < ace_opts; ao++) {
    unsigned m = nat;
    if (aces == 1) m |= 1u << (ao == 0 ? 1 : 14);
    if (aces == 2) m |= (1u << 1) | (1u << 14);
    for (int k = -1; k < nt; k++) {
      unsigned mm = m;
      if (k >= 0) {
        if (SUIT(twos[k]) != s) continue;
        mm |= 1u << 2;
      }
      int wild = nt - (k >= 0 ? 1 : 0);
      if (wild > 1 || !run_ok(mm, wild)) continue;
      valid = true;
      if (wild == 0 && clean) *clean = true;
    }
  }
  return valid;
}

static int meld_points(const Meld *m) {
  int p = 0;
  for (int i = 0; i < m->n; i++) p += card_points(m->c[i]);
  if (m->n >= 7) {
    bool clean;
    meld_ok(m->c, m->n, &clean);
    p += clean ? 200 : 100;
  }
  return p;
}

static int side_points(int team) {
  int p = 0;
  for (int i = 0; i < sides[team].n; i++) p += meld_points(&sides[team].m[i]);
  return p;
}

/* Would meld m plus cards add[0..k) be valid? */
static bool join_ok(const Meld *m, const int *add, int k, bool *clean) {
  int c[MELD_MAX + 4];
  if (m->n + k > MELD_MAX) return false;
  memcpy(c, m->c, sizeof(int) * m->n);
  memcpy(c + m->n, add, sizeof(int) * k);
  return meld_ok(c, m->n + k, clean);
}

static void add_meld(int team, const int *c, int n) {
  Side *sd = &sides[team];
  if (sd->n >= MAX_MELDS || n > MELD_MAX) return;
  sd->m[sd->n].n = n;
  memcpy(sd->m[sd->n].c, c, sizeof(int) * n);
  sd->n++;
}

static void add_to_meld(int team, int idx, const int *c, int n) {
  if (idx < 0 || idx >= sides[team].n) return;
  Meld *m = &sides[team].m[idx];
  for (int i = 0; i < n && m->n < MELD_MAX + 2; i++) m->c[m->n++] = c[i];
}

static void forget_known(int seat, const int *c, int n) {
  for (int i = 0; i < n; i++)
    if (known[seat][c[i]] > 0) known[seat][c[i]]--;
}

/* ---- strategy ------------------------------------------------------------------------- */

/* Card standing at run position p (1 … 14) of suit s: ace at 1 and 14, the natural 2 at 2. */
static int card_at(int s, int p) { return CARD(s, p == 14 ? 1 : p); }

typedef struct {
  int n;
  int c[MELD_MAX];
  int wilds;
} Cand;

/* Best run made of cards from avail (counts), containing card `need` if need >= 0, with at
 * most max_wild wild 2s. Longest first, then most points. */
static bool best_run(const int *avail, int need, int max_wild, Cand *best) {
  bool found = false;
  int best_score = -1;
  for (int s = 0; s < 4; s++)
    for (int a = 1; a <= 12; a++)
      for (int b = a + 2; b <= 14 && b - a + 1 <= MELD_MAX; b++) {
        int use[NCARD] = {0}, miss = 0;
        Cand c = {0, {0}, 0};
        int miss_at = -1;
        for (int p = a; p <= b && miss <= max_wild; p++) {
          int id = card_at(s, p);
          if (use[id] < avail[id]) {
            use[id]++;
            c.c[c.n++] = id;
          } else {
            miss++;
            miss_at = c.n++;
          }
        }
        if (miss > max_wild) continue;
        if (miss == 1) {
          int w = -1;
          if (need >= 0 && VAL(need) == 2 && use[need] < avail[need]) w = need;
          for (int t = 0; t < 4 && w < 0; t++) /* prefer a 2 of another suit as the wild */
            if (t != s && use[CARD(t, 2)] < avail[CARD(t, 2)]) w = CARD(t, 2);
          if (w < 0 && use[CARD(s, 2)] < avail[CARD(s, 2)]) w = CARD(s, 2);
          if (w < 0) continue;
          use[w]++;
          c.c[miss_at] = w;
          c.wilds = 1;
        }
        if (need >= 0 && use[need] == 0) continue;
        if (!meld_ok(c.c, c.n, NULL)) continue;
        int score = c.n * 100 - miss * 50;
        for (int i = 0; i < c.n; i++) score += card_points(c.c[i]);
        if (score > best_score) {
          best_score = score;
          *best = c;
          found = true;
        }
      }
  return found;
}

static int hand_points(void) {
  int p = 0;
  for (int c = 0; c < NCARD; c++) p += hand[c] * card_points(c);
  return p;
}

/* Should my side end the game now (go out, or end it on an empty stock)? Compares my side's
 * table with the other side's table minus an estimate of their hands. */
static bool ahead_by(int mine_extra) {
  int myteam = team_of(me), opp = 1 - myteam;
  int mine = side_points(myteam) + mine_extra;
  int theirs = side_points(opp);
  for (int s = 0; s < nplayers; s++) {
    if (s == me) continue;
    int est = 0, kn = 0;
    for (int c = 0; c < NCARD; c++) {
      est += known[s][c] * card_points(c);
      kn += known[s][c];
    }
    if (seat_n[s] > kn) est += (seat_n[s] - kn) * 8;
    if (team_of(s) == myteam) mine -= est;
    else theirs -= est;
  }
  return mine > theirs;
}

static bool want_out(void) { return ahead_by(100); }

/* May I put k more cards on the table without going out against my will? */
static bool can_spend(int k, bool out_ok) { return hand_n - k >= 2 || out_ok; }

static void hand_remove(const int *c, int n) {
  for (int i = 0; i < n; i++) hand[c[i]]--;
  hand_n -= n;
}

static void do_meld_new(const int *c, int n) {
  char line[MAX_LINE] = "MELD_NEW";
  append_cards(line, c, n);
  send_line(line);
  hand_remove(c, n);
  add_meld(team_of(me), c, n);
  if (hand_n == 0) wait_for_end(); /* went out: the game is over */
}

static void do_meld_join(int idx, const int *c, int n) {
  char line[MAX_LINE];
  sprintf(line, "MELD_JOIN %d", idx);
  append_cards(line, c, n);
  send_line(line);
  hand_remove(c, n);
  add_to_meld(team_of(me), idx, c, n);
  if (hand_n == 0) wait_for_end();
}

/* Extends my side's melds with hand cards; returns true if it joined anything. */
static bool try_joins(bool out_ok) {
  Side *sd = &sides[team_of(me)];
  for (int i = 0; i < sd->n; i++) {
    Meld *m = &sd->m[i];
    if (!meld_ok(m->c, m->n, NULL)) continue; /* never build on a meld we misread */
    /* a natural card, or a 2 that stays natural */
    for (int c = 0; c < NCARD; c++) {
      bool clean;
      if (!hand[c] || !can_spend(1, out_ok) || !join_ok(m, &c, 1, &clean)) continue;
      if (VAL(c) == 2 && !clean) continue;
      do_meld_join(i, &c, 1);
      return true;
    }
    /* a wild 2 (with one natural card if needed) that makes a canastra */
    for (int t = 0; t < 4; t++) {
      int w = CARD(t, 2);
      if (!hand[w] || !can_spend(1, out_ok)) continue;
      if (m->n + 1 >= 7 && join_ok(m, &w, 1, NULL)) {
        do_meld_join(i, &w, 1);
        return true;
      }
      for (int c = 0; c < NCARD && can_spend(2, out_ok); c++) {
        int pair[2] = {w, c};
        if (!hand[c] || VAL(c) == 2 || m->n + 2 < 7 || !join_ok(m, pair, 2, NULL)) continue;
        do_meld_join(i, pair, 2);
        return true;
      }
    }
  }
  return false;
}

/* Melds a new run from the hand; returns true if it did. */
static bool try_new_meld(bool out_ok, bool allow_wild) {
  Cand c;
  if (best_run(hand, -1, 0, &c) && can_spend(c.n, out_ok)) {
    do_meld_new(c.c, c.n);
    return true;
  }
  if (allow_wild && best_run(hand, -1, 1, &c) && c.wilds == 1 && can_spend(c.n, out_ok)) {
    do_meld_new(c.c, c.n);
    return true;
  }
  return false;
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

/* Cards not seen anywhere (not in my hand, on the table, in the pile or known elsewhere). */
static void unseen_counts(int *u) {
  for (int c = 0; c < NCARD; c++) u[c] = 2 - hand[c];
  for (int t = 0; t < 2; t++)
    for (int i = 0; i < sides[t].n; i++)
      for (int k = 0; k < sides[t].m[i].n; k++) u[sides[t].m[i].c[k]]--;
  for (int i = 0; i < pile_n; i++) u[pile[i]]--;
  for (int s = 0; s < nplayers; s++)
    if (s != me)
      for (int c = 0; c < NCARD; c++) u[c] -= known[s][c];
  for (int c = 0; c < NCARD; c++)
    if (u[c] < 0) u[c] = 0;
}

/* Lower is a better discard. */
static int discard_cost(int c, const int *unseen) {
  int cost = 0, s = SUIT(c);
  int next = (me + 1) % nplayers; /* always an opponent */
  if (VAL(c) == 2) cost += 1000;
  /* how much the card helps my own hand build a run */
  for (int d = 0; d < NCARD; d++) {
    if (!hand[d] || SUIT(d) != s || VAL(d) == 2 || d == c) continue;
    int dist = run_dist(c, d);
    if (dist == 1) cost += 40;
    else if (dist == 2) cost += 20;
  }
  if (hand[c] == 2) cost -= 10; /* a duplicate is worth less */
  /* it extends my side's melds (kept back so as not to go out) */
  Side *mine = &sides[team_of(me)];
  for (int i = 0; i < mine->n; i++)
    if (join_ok(&mine->m[i], &c, 1, NULL)) cost += 60;
  /* it extends an opponent's meld */
  Side *opp = &sides[1 - team_of(me)];
  for (int i = 0; i < opp->n; i++)
    if (join_ok(&opp->m[i], &c, 1, NULL)) cost += 150;
  /* the next player could take the pile with it: cards known in their hand, then unseen ones */
  if (VAL(c) != 2) {
    int near_known = 0, near_unseen = 0;
    for (int d = 0; d < NCARD; d++) {
      if (SUIT(d) != s || VAL(d) == 2 || d == c) continue;
      int dist = run_dist(c, d);
      if (dist > 2) continue;
      near_known += known[next][d];
      near_unseen += unseen[d];
    }
    int wilds_known = 0;
    for (int t = 0; t < 4; t++) wilds_known += known[next][CARD(t, 2)];
    int risk = near_known * 60 + (near_known && wilds_known ? 80 : 0) + near_unseen * 6;
    cost += risk * (4 + pile_n) / 4;
  }
  cost -= card_points(c);
  return cost;
}

static void do_discard(void) {
  int unseen[NCARD], best = -1, best_cost = 1 << 30;
  unseen_counts(unseen);
  for (int c = 0; c < NCARD; c++) {
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
  if (hand_n == 0) wait_for_end();
}

/* Chooses the draw: the pile when its top card makes a new run (natural first, then with one
 * wild when the pile holds more than the top card). Returns true if it took the pile. */
static bool try_take_pile(char *buf) {
  if (pile_n == 0) return false;
  int top = pile[pile_n - 1];
  int avail[NCARD];
  memcpy(avail, hand, sizeof avail);
  avail[top]++;
  Cand c;
  bool ok = best_run(avail, top, 0, &c);
  if (!ok && pile_n >= 2) ok = best_run(avail, top, 1, &c);
  if (!ok) return false;
  int toks[MELD_MAX], k = 0;
  bool skipped = false;
  for (int i = 0; i < c.n; i++) {
    if (!skipped && c.c[i] == top) skipped = true;
    else toks[k++] = c.c[i];
  }
  if (k < 2 || !skipped) return false;
  int after = hand_n - k + pile_n - 1;
  if (after < 2 && !want_out()) return false;
  char line[MAX_LINE] = "GET_DISCARD";
  append_cards(line, toks, k);
  send_line(line);
  hand_remove(toks, k);
  add_meld(team_of(me), c.c, c.n);
  read_line(buf); /* the rest of the pile */
  char *tok[MAX_TOKENS];
  int got[PILE_MAX];
  int n = parse_cards(tok, split(buf, tok), got, PILE_MAX);
  for (int i = 0; i < n; i++) hand[got[i]]++;
  hand_n += n;
  pile_n = 0;
  if (hand_n == 0) wait_for_end();
  return true;
}

static void my_turn(char *buf) {
  bool stock_empty = stock <= 0;
  /* on an empty stock, GET_STOCK ends the game: do it only when ahead */
  bool took = false;
  if (!(stock_empty && ahead_by(-hand_points()))) took = try_take_pile(buf);
  if (!took) {
    send_line("GET_STOCK");
    read_line(buf);
    int c = parse_card(buf);
    if (c < 0) wait_for_end(); /* not a card: the game is over */
    hand[c]++;
    hand_n++;
    stock--;
  }
  bool out_ok = want_out();
  bool used_wild = false;
  for (;;) {
    if (try_joins(out_ok)) continue;
    if (try_new_meld(out_ok, false)) continue;
    if (!used_wild && try_new_meld(out_ok, true)) {
      used_wild = true;
      continue;
    }
    break;
  }
  do_discard();
}

/* ---- other players' moves --------------------------------------------------------------- */

static void on_event(int cur, char *line) {
  char *tok[MAX_TOKENS];
  int n = split(line, tok);
  if (n == 0 || cur < 0) return;
  int c[PILE_MAX], k;
  int team = team_of(cur);
  if (strcmp(tok[0], "GET_STOCK") == 0) {
    stock--;
    seat_n[cur]++;
  } else if (strcmp(tok[0], "GET_DISCARD") == 0) {
    k = parse_cards(tok + 1, n - 1, c + 1, MELD_MAX);
    if (pile_n == 0) return;
    c[0] = pile[pile_n - 1];
    for (int i = 0; i + 1 < pile_n; i++) known[cur][pile[i]]++;
    forget_known(cur, c + 1, k);
    seat_n[cur] += pile_n - 1 - k;
    pile_n = 0;
    add_meld(team, c, k + 1);
  } else if (strcmp(tok[0], "MELD_NEW") == 0) {
    k = parse_cards(tok + 1, n - 1, c, MELD_MAX + 1);
    forget_known(cur, c, k);
    seat_n[cur] -= k;
    add_meld(team, c, k);
  } else if (strcmp(tok[0], "MELD_JOIN") == 0 && n >= 2) {
    int idx = atoi(tok[1]);
    k = parse_cards(tok + 2, n - 2, c, MELD_MAX + 1);
    forget_known(cur, c, k);
    seat_n[cur] -= k;
    add_to_meld(team, idx, c, k);
  } else if (strcmp(tok[0], "DISCARD") == 0) {
    k = parse_cards(tok + 1, n - 1, c, 1);
    if (k == 1) {
      forget_known(cur, c, 1);
      seat_n[cur]--;
      if (pile_n < PILE_MAX) pile[pile_n++] = c[0];
    }
  }
}

int main(void) {
  static char buf[MAX_LINE];
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
  read_line(buf); /* my hand */
  int c[PILE_MAX];
  n = parse_cards(tok, split(buf, tok), c, PILE_MAX);
  for (int i = 0; i < n; i++) hand[c[i]]++;
  hand_n = n;
  for (int i = 0; i < nplayers; i++) seat_n[i] = n;
  read_line(buf); /* top of the discard pile */
  n = parse_cards(tok, split(buf, tok), c, 1);
  if (n == 1) pile[pile_n++] = c[0];
  stock = 104 - hand_n * nplayers - 1;

  int cur = -1;
  for (;;) {
    read_line(buf);
    int who = -1;
    for (int i = 0; i < nplayers; i++)
      if (strcmp(buf, ids[i]) == 0) who = i;
    if (who >= 0) {
      cur = who;
      if (cur == me) my_turn(buf);
    } else {
      on_event(cur, buf);
    }
  }
}
