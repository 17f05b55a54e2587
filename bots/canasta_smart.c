/* canasta_smart.c — a competent two-player Canasta bot (juiz --game canasta).
 *
 * Build: cc -O2 -o canasta_smart canasta_smart.c
 *
 * It tracks its hand, its melds, the discard pile and the ranks the opponent has melded. On its
 * turn it takes the pile whenever the top card is usable (joining its meld of that rank, or with
 * a natural pair, or a natural and a wild when the pile is worth it), else draws; it melds every
 * rank it holds three naturals of (two and a wild when it has wilds to spare), adds naturals to its
 * melds and a wild to a meld of 5-6 cards to make a canasta, goes out as soon as it owns a canasta
 * and can, and discards defensively (black 3s first, never a rank the opponent has melded when it
 * can avoid it, never a wild unless it has nothing else). It checks every move against its own copy
 * of the rules, so it never sends an illegal line. Deterministic. CANASTA_DEBUG=1: reasoning on
 * stderr.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 8192
#define MAX_CARDS 128
#define MAX_MELDS 16

typedef struct {
  char s[8]; /* the card's token, e.g. "10♥", "JK" */
} Card;

typedef struct {
  int rank;  /* 1 = A, 3 (black 3s), 4 … 13 */
  int count; /* cards in the meld */
  int wilds; /* wild cards in it */
} Meld;

static Card hand[MAX_CARDS];
static int hand_n;
static Meld melds[MAX_MELDS];
static int melds_n;
static char my_id[64];
static char top[8];       /* the top of the discard pile, "" when it is empty */
static int pile_n;        /* cards in the discard pile */
static bool stock_empty;  /* STOCK_EMPTY was announced this round */
static bool opp_rank[14]; /* ranks the opponent has melded */
static bool debug;

/* ---- cards ---------------------------------------------------------------------------- */

static bool is_joker(const char *c) { return strcmp(c, "JK") == 0; }

/* 1 = A, 2 … 10, 11 = J, 12 = Q, 13 = K; 0 for a joker. */
static int rank_of(const char *c) {
  if (is_joker(c)) return 0;
  switch (c[0]) {
    case 'A': return 1;
    case 'J': return 11;
    case 'Q': return 12;
    case 'K': return 13;
    case '1': return 10;
    default: return c[0] - '0';
  }
}

static bool is_red(const char *c) { return strstr(c, "\xe2\x99\xa5") || strstr(c, "\xe2\x99\xa6"); }
static bool is_wild(const char *c) { return is_joker(c) || rank_of(c) == 2; }
static bool is_red3(const char *c) { return rank_of(c) == 3 && is_red(c); }
static bool is_black3(const char *c) { return rank_of(c) == 3 && !is_red(c); }

static int value_of(const char *c) {
  int r = rank_of(c);
  if (r == 0) return 50;
  if (r == 1 || r == 2) return 20;
  if (r >= 8) return 10;
  return 5;
}

/* ---- I/O ------------------------------------------------------------------------------ */

static void read_line(char *buf) {
  if (!fgets(buf, MAX_LINE, stdin)) exit(0); /* the referee closed the pipe: the game is over */
  size_t n = strlen(buf);
  while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r')) buf[--n] = '\0';
  if (debug) fprintf(stderr, "%s < %s\n", my_id, buf);
}

static void send(const char *line) {
  printf("%s\n", line);
  fflush(stdout);
  if (debug) fprintf(stderr, "%s > %s\n", my_id, line);
}

/* Parses "[ c1 c2 … ]" into cards; returns how many. */
static int parse_list(const char *line, Card *out) {
  char buf[MAX_LINE];
  strncpy(buf, line, MAX_LINE - 1);
  buf[MAX_LINE - 1] = '\0';
  int n = 0;
  for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
    if (strcmp(t, "[") == 0 || strcmp(t, "]") == 0) continue;
    if (n < MAX_CARDS) {
      strncpy(out[n].s, t, 7);
      out[n].s[7] = '\0';
      n++;
    }
  }
  return n;
}

static void hand_remove(const char *c) {
  for (int i = 0; i < hand_n; i++) {
    if (strcmp(hand[i].s, c) == 0) {
      hand[i] = hand[--hand_n];
      return;
    }
  }
}

static void hand_add(const char *c) {
  if (hand_n < MAX_CARDS) {
    strcpy(hand[hand_n++].s, c);
  }
}

static int meld_of_rank(int rank) {
  for (int i = 0; i < melds_n; i++)
    if (melds[i].rank == rank) return i;
  return -1;
}

static bool has_canasta(void) {
  for (int i = 0; i < melds_n; i++)
    if (melds[i].count >= 7) return true;
  return false;
}

/* Whether leaving `left` cards (not by a discard) is allowed with `canasta` owned afterwards. */
static bool may_leave(int left, bool canasta) { return left >= 2 || canasta; }

static void new_round(const char *hand_line, const char *pile_line) {
  hand_n = parse_list(hand_line, hand);
  Card pile[MAX_CARDS];
  pile_n = parse_list(pile_line, pile);
  strcpy(top, pile_n > 0 ? pile[pile_n - 1].s : "");
  melds_n = 0;
  stock_empty = false;
  memset(opp_rank, 0, sizeof opp_rank);
}

/* A line about the game that is not the start of this bot's turn. Returns false on HAND_END
 * (the round is over: the new hand and pile have been read). */
static bool on_event(const char *line) {
  char buf[MAX_LINE];
  if (strncmp(line, "HAND_END", 8) == 0) {
    char pile_line[MAX_LINE];
    read_line(buf);
    read_line(pile_line);
    new_round(buf, pile_line);
    return false;
  }
  if (strcmp(line, "STOCK_EMPTY") == 0) {
    stock_empty = true;
  } else if (strncmp(line, "DISCARD ", 8) == 0) {
    strncpy(top, line + 8, 7);
    top[7] = '\0';
    pile_n++;
  } else if (strncmp(line, "GET_DISCARD", 11) == 0) {
    if (rank_of(top) > 0) opp_rank[rank_of(top)] = true;
    pile_n = 0;
    top[0] = '\0';
  } else if (strncmp(line, "MELD_NEW ", 9) == 0) {
    Card cards[MAX_CARDS];
    int n = parse_list(line + 9, cards);
    for (int i = 0; i < n; i++)
      if (!is_wild(cards[i].s)) opp_rank[rank_of(cards[i].s)] = true;
  }
  return true;
}

/* ---- the turn -------------------------------------------------------------------------- */

static int count_rank(int rank) {
  int n = 0;
  for (int i = 0; i < hand_n; i++)
    if (!is_wild(hand[i].s) && rank_of(hand[i].s) == rank && !is_red3(hand[i].s)) n++;
  return n;
}

static int first_of_rank(int rank, int skip) {
  for (int i = 0; i < hand_n; i++)
    if (!is_wild(hand[i].s) && rank_of(hand[i].s) == rank && skip-- == 0) return i;
  return -1;
}

static int first_wild(void) {
  for (int i = 0; i < hand_n; i++)
    if (is_wild(hand[i].s)) return i;
  return -1;
}

static int wild_count(void) {
  int n = 0;
  for (int i = 0; i < hand_n; i++) n += is_wild(hand[i].s);
  return n;
}

/* Draws: takes the pile when its top is usable and the take is legal, else GET_STOCK. Returns
 * false when the round ended during the draw. */
static bool draw(void) {
  char line[MAX_LINE];
  int r = top[0] ? rank_of(top) : -1;
  bool frozen = !top[0] || is_wild(top) || is_black3(top);
  int gain = pile_n - 1; /* cards of the pile joining the hand (red 3s aside, replaced) */
  int used = 0, taken_meld = -1;
  char a[8] = "", b[8] = "";
  if (!frozen) {
    int m = meld_of_rank(r);
    if (m >= 0 && may_leave(hand_n + gain, has_canasta() || melds[m].count + 1 >= 7)) {
      taken_meld = m;
    } else if (m < 0 && count_rank(r) >= 2 && may_leave(hand_n - 2 + gain, has_canasta())) {
      strcpy(a, hand[first_of_rank(r, 0)].s);
      strcpy(b, hand[first_of_rank(r, 1)].s);
      used = 2;
    } else if (m < 0 && count_rank(r) == 1 && first_wild() >= 0 && (pile_n >= 3 || stock_empty) &&
               may_leave(hand_n - 2 + gain, has_canasta())) {
      strcpy(a, hand[first_of_rank(r, 0)].s);
      strcpy(b, hand[first_wild()].s);
      used = 2;
    }
  }
  if (taken_meld >= 0) {
    snprintf(line, sizeof line, "GET_DISCARD_JOIN %d", taken_meld);
    send(line);
    melds[taken_meld].count++;
  } else if (used == 2) {
    snprintf(line, sizeof line, "GET_DISCARD [ %s %s ]", a, b);
    send(line);
    hand_remove(a);
    hand_remove(b);
    melds[melds_n++] = (Meld){r, 3, is_wild(b) ? 1 : 0};
  } else {
    send("GET_STOCK");
  }
  bool took = taken_meld >= 0 || used == 2;
  for (;;) {
    read_line(line);
    if (strncmp(line, "RED3 ", 5) == 0) continue;
    if (strncmp(line, "HAND_END", 8) == 0) {
      on_event(line);
      return false;
    }
    break;
  }
  if (took) {
    Card cards[MAX_CARDS];
    int n = parse_list(line, cards);
    for (int i = 0; i < n; i++) hand_add(cards[i].s);
    pile_n = 0;
    top[0] = '\0';
  } else {
    hand_add(line);
  }
  return true;
}

/* Sends MELD_NEW with hand cards i, j, k (k may be -1: none) and records the meld. */
static void meld_new(int rank, int *idx, int n) {
  char line[MAX_LINE] = "MELD_NEW [";
  Card used[8];
  int wilds = 0;
  for (int i = 0; i < n; i++) {
    used[i] = hand[idx[i]];
    strcat(line, " ");
    strcat(line, used[i].s);
    wilds += is_wild(used[i].s);
  }
  strcat(line, " ]");
  send(line);
  for (int i = 0; i < n; i++) hand_remove(used[i].s);
  melds[melds_n++] = (Meld){rank, n, wilds};
}

static void meld_join(int m, const char *card) {
  char line[MAX_LINE];
  snprintf(line, sizeof line, "MELD_JOIN %d [ %s ]", m, card);
  send(line);
  melds[m].count++;
  melds[m].wilds += is_wild(card);
  hand_remove(card);
}

/* Melds what it can; never leaves a single card (or none) without a canasta. */
static void meld_phase(void) {
  bool changed = true;
  while (changed) {
    changed = false;
    /* naturals joining existing melds */
    for (int i = 0; i < hand_n && !changed; i++) {
      const char *c = hand[i].s;
      if (is_wild(c)) continue;
      int m = meld_of_rank(rank_of(c));
      if (m < 0 || (is_black3(c) && melds[m].count >= 4)) continue;
      if (rank_of(c) == 3 && !is_black3(c)) continue;
      if (!may_leave(hand_n - 1, has_canasta() || melds[m].count + 1 >= 7)) continue;
      char card[8];
      strcpy(card, c);
      meld_join(m, card);
      changed = true;
    }
    /* new melds: three or more naturals, or two and a wild */
    for (int r = 1; r <= 13 && !changed; r++) {
      if (r == 2 || meld_of_rank(r) >= 0 || melds_n >= MAX_MELDS) continue;
      int n = count_rank(r);
      if (r == 3) {
        /* black 3s only, three or four, no wild */
        int idx[4], k = 0;
        for (int i = 0; i < hand_n && k < 4; i++)
          if (is_black3(hand[i].s)) idx[k++] = i;
        if (k >= 3 && may_leave(hand_n - k, has_canasta())) {
          meld_new(3, idx, k);
          changed = true;
        }
        continue;
      }
      int idx[8], k = 0;
      for (int i = 0; i < hand_n && k < 7; i++)
        if (!is_wild(hand[i].s) && rank_of(hand[i].s) == r) idx[k++] = i;
      if (n == 2 && wild_count() >= 2) idx[k++] = first_wild();
      if (k >= 3 && may_leave(hand_n - k, has_canasta() || k >= 7)) {
        meld_new(r, idx, k);
        changed = true;
      }
    }
    /* a wild making a canasta of a meld of 6 (or of 5 with two wilds to spare) */
    for (int m = 0; m < melds_n && !changed; m++) {
      int w = first_wild();
      if (w < 0 || melds[m].rank == 3 || melds[m].wilds >= 3 || melds[m].count < 6) continue;
      if (!may_leave(hand_n - 1, true)) continue;
      char card[8];
      strcpy(card, hand[w].s);
      meld_join(m, card);
      changed = true;
    }
  }
  /* going out: with a canasta, every wild left joins a meld that can take it */
  if (has_canasta()) {
    for (int m = 0; m < melds_n; m++) {
      int w;
      while ((w = first_wild()) >= 0 && melds[m].rank != 3 && melds[m].wilds < 3 && hand_n > 1) {
        char card[8];
        strcpy(card, hand[w].s);
        meld_join(m, card);
      }
    }
  }
}

/* The card to discard: the least useful, the least dangerous. */
static int pick_discard(void) {
  int best = -1, best_score = 1 << 30;
  for (int i = 0; i < hand_n; i++) {
    const char *c = hand[i].s;
    int score = value_of(c);
    if (is_black3(c)) score = -100;                    /* useless to both, freezes the pile */
    if (is_wild(c)) score += 1000;                     /* keep wilds */
    if (!is_wild(c) && opp_rank[rank_of(c)]) score += 200; /* the opponent would take the pile */
    if (!is_wild(c) && meld_of_rank(rank_of(c)) >= 0) score += 300;
    if (!is_wild(c)) score += 60 * (count_rank(rank_of(c)) - 1); /* keep pairs */
    if (score < best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

static void play_turn(void) {
  if (!draw()) return;
  meld_phase();
  if (hand_n == 0) return; /* went out by melding */
  if (hand_n == 1 && !has_canasta()) {
    /* cannot happen: melds never leave one card without a canasta */
    if (debug) fprintf(stderr, "%s: one card and no canasta\n", my_id);
  }
  int i = pick_discard();
  char line[MAX_LINE];
  snprintf(line, sizeof line, "DISCARD %s", hand[i].s);
  strncpy(top, hand[i].s, 7);
  top[7] = '\0';
  pile_n++;
  hand_remove(hand[i].s);
  send(line);
}

int main(void) {
  char line[MAX_LINE], pile_line[MAX_LINE];
  debug = getenv("CANASTA_DEBUG") != NULL;
  read_line(line); /* the ids */
  read_line(my_id);
  read_line(line); /* my hand */
  read_line(pile_line);
  new_round(line, pile_line);
  for (;;) {
    read_line(line);
    if (strcmp(line, my_id) == 0) {
      play_turn();
    } else {
      on_event(line);
    }
  }
}
