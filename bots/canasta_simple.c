/* canasta_simple.c — a simple legal two-player Canasta bot (juiz --game canasta): on its turn it
 * draws from the stock and discards the card it drew. Once the stock is empty the rules oblige a
 * player who can use the top of the discard pile to take it (juiz passes a player who cannot), so
 * it then takes the pile (joining its meld of that rank, or with a pair, or a natural and a wild)
 * and discards the last card it received. It never melds otherwise: it is the Canasta template to
 * start a bot from.
 *
 * Build: cc -O2 -o canasta_simple canasta_simple.c
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

/* Draws: takes the pile when its top is usable and the take is legal, else GET_STOCK. Returns
 * false when the round ended during the draw. */
static bool draw(void) {
  char line[MAX_LINE];
  int r = top[0] ? rank_of(top) : -1;
  bool frozen = !top[0] || is_wild(top) || is_black3(top) || !stock_empty; /* takes only when it must */
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

static void play_turn(void) {
  if (!draw()) return;
  /* the card drawn, or the last card of the pile received, is the last one of the hand */
  char line[MAX_LINE];
  snprintf(line, sizeof line, "DISCARD %s", hand[hand_n - 1].s);
  strncpy(top, hand[hand_n - 1].s, 7);
  top[7] = '\0';
  pile_n++;
  hand_n--;
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
