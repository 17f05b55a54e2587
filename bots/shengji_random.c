/* shengji_random.c — a legal, random Shengji / 升级 bot (--game shengji; protocol.md §9).
 *
 * It declares the strongest declaration it may whenever a coin says so, buries random cards,
 * leads a random card with all its identical copies (a single, pair or triple), and follows as
 * the rules require: the units of the lead's shape it holds in the led suit, read as the referee
 * reads them (a tractor, else a shorter tractor and a pair, ... a pair for a pair, a pair for a
 * triple it cannot match), then more cards of the led suit, then anything.
 * `shengji_smart.c` is the same bot with better choices.
 *
 * Build: cc -O2 -o shengji_random shengji_random.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 4096
#define NCODES 54 /* 52 suited cards (suit * 13 + rank), SJ = 52, BJ = 53 */
#define SJ 52
#define BJ 53
#define TRUMP 4 /* the effective suit of every trump */

static const char *SUITS[4] = {"\xe2\x99\xa5", "\xe2\x99\xa6", "\xe2\x99\xa3", "\xe2\x99\xa0"}; /* ♥ ♦ ♣ ♠ */
static const char *RANKS[13] = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};

static char ids[4][16], me[16];
static int seat, decks = 2, kitty_size = 8;
static int hand[NCODES]; /* copies of each card held */
static int level = 0, trump = -1, fixed = 0;
static int standing_seat = -1, standing_card = -1, standing_count = 0;
static int lead[NCODES], lead_n = 0, lead_eff = -1; /* the cards led in the trick in progress */
static unsigned rng = 12345;

static int rnd(int n) {
  rng = rng * 1103515245u + 12345u;
  return (int)((rng >> 8) % (unsigned)n);
}

static int rank_of(int c) { return c < 52 ? c % 13 : -1; }
static int suit_of(int c) { return c < 52 ? c / 13 : -1; }

static int eff(int c) {
  if (c >= 52 || rank_of(c) == level || suit_of(c) == trump) return TRUMP;
  return suit_of(c);
}

/* The card's place in its effective suit (protocol.md §9.4). */
static int pos(int c) {
  if (c == SJ) return 14;
  if (c == BJ) return 15;
  int r = rank_of(c);
  if (r == level) return (trump < 0 || suit_of(c) == trump) ? 13 : 12;
  return r > level ? r - 1 : r;
}

__attribute__((unused)) static int points(int c) {
  int r = rank_of(c);
  return r == 3 ? 5 : (r == 8 || r == 11) ? 10 : 0;
}

static int parse_card(const char *t) {
  if (!strcmp(t, "SJ")) return SJ;
  if (!strcmp(t, "BJ")) return BJ;
  size_t n = strlen(t);
  if (n < 4) return -1;
  for (int s = 0; s < 4; s++) {
    if (strcmp(t + n - 3, SUITS[s]) != 0) continue;
    for (int r = 0; r < 13; r++) {
      if (strlen(RANKS[r]) == n - 3 && !strncmp(t, RANKS[r], n - 3)) return s * 13 + r;
    }
  }
  return -1;
}

static void card_text(int c, char *out) {
  if (c == SJ) strcpy(out, "SJ");
  else if (c == BJ) strcpy(out, "BJ");
  else sprintf(out, "%s%s", RANKS[rank_of(c)], SUITS[suit_of(c)]);
}

/* Reads the cards of "[ c1 c2 ... ]" in `s` into counts `into`; returns how many. */
static int parse_list(char *s, int *into) {
  int n = 0;
  for (char *t = strtok(s, " "); t; t = strtok(NULL, " ")) {
    int c = parse_card(t);
    if (c >= 0) {
      into[c]++;
      n++;
    }
  }
  return n;
}

static void say(const char *word, const int *cards) {
  char line[MAX_LINE], tok[16];
  snprintf(line, sizeof line, "%s [", word);
  for (int c = 0; c < NCODES; c++) {
    for (int k = 0; k < cards[c]; k++) {
      card_text(c, tok);
      strcat(line, " ");
      strcat(line, tok);
    }
  }
  printf("%s ]\n", line);
}

/* The highest unit of `width` x `len` in counts `g` (cards of one effective suit): its cards are
 * added to `out`. Returns 1 if found. */
static int find_unit(const int *g, int width, int len, int *out) {
  for (int top = 15; top >= len - 1; top--) {
    int pick[16], ok = 1;
    for (int p = top - len + 1; p <= top && ok; p++) {
      pick[p - (top - len + 1)] = -1;
      for (int c = 0; c < NCODES; c++) {
        if (g[c] >= width && pos(c) == p) {
          pick[p - (top - len + 1)] = c;
          break;
        }
      }
      if (pick[p - (top - len + 1)] < 0) ok = 0;
    }
    if (ok) {
      for (int i = 0; i < len; i++) out[pick[i]] += width;
      return 1;
    }
  }
  return 0;
}

/* The lead's units of 2 or more cards, biggest first, as (width, len) pairs; returns how many. */
static int lead_units(int *w, int *l) {
  int g[NCODES], n = 0;
  memcpy(g, lead, sizeof g);
  for (;;) {
    int best_size = 0, best_len = 0, bw = 0, bl = 0;
    for (int width = 2; width <= 3; width++) {
      for (int len = 16; len >= 1; len--) {
        int tmp[NCODES] = {0};
        if (find_unit(g, width, len, tmp)) {
          if (width * len > best_size || (width * len == best_size && len > best_len)) {
            best_size = width * len, best_len = len, bw = width, bl = len;
          }
          break;
        }
      }
    }
    if (!best_size) break;
    int used[NCODES] = {0};
    find_unit(g, bw, bl, used);
    for (int c = 0; c < NCODES; c++) g[c] -= used[c];
    w[n] = bw, l[n] = bl, n++;
  }
  /* biggest first (size, then length) */
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (w[j] * l[j] > w[i] * l[i] || (w[j] * l[j] == w[i] * l[i] && l[j] > l[i])) {
        int a = w[i], b = l[i];
        w[i] = w[j], l[i] = l[j], w[j] = a, l[j] = b;
      }
  return n;
}

/* The search behind shape_cards: the best matching found so far (cards in units, then cards in
 * tractors), and how many more matchings it may try. */
static int best_cards, best_tractors, budget;
static int best_found[NCODES];

/* Matches the wanted units w[0..n) x l[0..n) in counts `g`: each unit matched (every top, highest
 * first; at each position the card of the fewest copies that still make a group), split (a
 * tractor of L into L-k and k, a triple into a pair) or left out. */
static void shape_search(int *g, const int *w, const int *l, int n, int *found, int cards, int tractors) {
  if (budget <= 0) return;
  budget--;
  if (cards > best_cards || (cards == best_cards && tractors > best_tractors)) {
    best_cards = cards, best_tractors = tractors;
    memcpy(best_found, found, sizeof best_found);
  }
  if (n == 0 || n > 60) return;
  int rc = 0, rt = 0;
  for (int i = 0; i < n; i++) rc += w[i] * l[i], rt += l[i] >= 2 ? w[i] * l[i] : 0;
  if (cards + rc < best_cards || (cards + rc == best_cards && tractors + rt <= best_tractors)) return;
  int width = w[0], len = l[0];
  for (int top = 15; top >= len - 1; top--) {
    int pick[16], ok = 1;
    for (int p = top - len + 1; p <= top && ok; p++) {
      int best = -1;
      for (int c = 0; c < NCODES; c++)
        if (pos(c) == p && g[c] >= width && (best < 0 || g[c] < g[best])) best = c;
      pick[p - (top - len + 1)] = best;
      if (best < 0) ok = 0;
    }
    if (!ok) continue;
    for (int i = 0; i < len; i++) g[pick[i]] -= width, found[pick[i]] += width;
    shape_search(g, w + 1, l + 1, n - 1, found, cards + width * len, tractors + (len >= 2 ? width * len : 0));
    for (int i = 0; i < len; i++) g[pick[i]] += width, found[pick[i]] -= width;
  }
  int nw[64], nl[64];
  for (int k = 1; k <= len / 2; k++) {
    nw[0] = width, nl[0] = len - k, nw[1] = width, nl[1] = k;
    for (int i = 1; i < n; i++) nw[i + 1] = w[i], nl[i + 1] = l[i];
    shape_search(g, nw, nl, n + 1, found, cards, tractors);
  }
  if (len == 1 && width >= 3) {
    nw[0] = width - 1, nl[0] = 1;
    for (int i = 1; i < n; i++) nw[i] = w[i], nl[i] = l[i];
    shape_search(g, nw, nl, n, found, cards, tractors);
  }
  shape_search(g, w + 1, l + 1, n - 1, found, cards, tractors);
}

/* The cards of `suit_cards` matching the lead's shape as the referee reads it (protocol.md §9.3):
 * the matching of the lead's units whose units hold the most cards, then the most in tractors. */
static void shape_cards(const int *suit_cards, int *out) {
  int g[NCODES], w[32], l[32], found[NCODES] = {0};
  memcpy(g, suit_cards, sizeof g);
  int n = lead_units(w, l);
  best_cards = -1, best_tractors = -1, budget = 20000;
  memset(best_found, 0, sizeof best_found);
  shape_search(g, w, l, n, found, 0, 0);
  for (int c = 0; c < NCODES; c++) out[c] += best_found[c];
}

static int count(const int *cards) {
  int n = 0;
  for (int c = 0; c < NCODES; c++) n += cards[c];
  return n;
}

/* Picks a random card among `cards` (n > 0 of them). */
static int random_card(const int *cards) {
  int k = rnd(count(cards));
  for (int c = 0; c < NCODES; c++) {
    if (k < cards[c]) return c;
    k -= cards[c];
  }
  return -1;
}

/* The strongest declaration allowed now: its card and count in *card, *k; 0 if none. */
static int declaration(int *card, int *k) {
  int best = -1;
  for (int c = 0; c < NCODES; c++) {
    for (int n = 1; n <= hand[c]; n++) {
      if (c >= 52 ? n < 2 : rank_of(c) != level) continue;
      int strength = n * 3 + (c == BJ ? 2 : c == SJ ? 1 : 0);
      if (standing_card >= 0) {
        int old = standing_count * 3 + (standing_card == BJ ? 2 : standing_card == SJ ? 1 : 0);
        if (strength <= old || (standing_seat == seat && standing_card != c)) continue;
      }
      if (strength > best) best = strength, *card = c, *k = n;
    }
  }
  return best >= 0;
}

/* ---- the choices (shengji_smart.c changes these) ---- */

static int wants_to_declare(void) { return rnd(3) == 0; }

static void choose_bury(int *out) {
  for (int i = 0; i < kitty_size; i++) {
    int c = random_card(hand);
    hand[c]--, out[c]++;
  }
  for (int c = 0; c < NCODES; c++) hand[c] += out[c];
}

static void choose_lead(int *out) {
  int c = random_card(hand);
  out[c] = hand[c];
}

static void fill_follow(int *play, int need, int *pool) {
  for (int i = 0; i < need; i++) {
    int c = random_card(pool);
    pool[c]--, play[c]++;
  }
}

/* ---- following: the obligations, then the fill ---- */

static void choose_follow(int *play) {
  int mine[NCODES] = {0}, others[NCODES] = {0};
  for (int c = 0; c < NCODES; c++) (eff(c) == lead_eff ? mine : others)[c] = hand[c];
  if (count(mine) <= lead_n) {
    for (int c = 0; c < NCODES; c++) play[c] = mine[c];
    fill_follow(play, lead_n - count(mine), others);
    return;
  }
  shape_cards(mine, play);
  for (int c = 0; c < NCODES; c++) mine[c] -= play[c];
  fill_follow(play, lead_n - count(play), mine);
}

static void read_words(char *line, char **words, int *n) {
  *n = 0;
  for (char *t = strtok(line, " "); t && *n < 4; t = strtok(NULL, " ")) words[(*n)++] = t;
}

int main(void) {
  char line[MAX_LINE];
  setbuf(stdout, NULL);
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\r\n")] = '\0';
    char rest[MAX_LINE];
    strcpy(rest, line);
    char *sp = strchr(rest, ' ');
    char *args = sp ? sp + 1 : rest + strlen(rest);
    if (sp) *sp = '\0';
    const char *cmd = rest;
    int out[NCODES] = {0};
    if (!strcmp(cmd, "PLAYERS")) {
      char *w[4];
      int n;
      read_words(args, w, &n);
      for (int i = 0; i < n; i++) snprintf(ids[i], sizeof ids[i], "%s", w[i]);
    } else if (!strcmp(cmd, "YOU")) {
      char *w[4];
      int n;
      read_words(args, w, &n);
      snprintf(me, sizeof me, "%s", w[0]);
      for (int i = 0; i < 4; i++)
        if (!strcmp(ids[i], me)) seat = i;
      decks = atoi(w[1]);
      kitty_size = decks == 2 ? 8 : 6;
      rng ^= (unsigned)seat * 2654435761u;
    } else if (!strcmp(cmd, "DEAL") || !strcmp(cmd, "REDEAL")) {
      if (!strcmp(cmd, "DEAL")) {
        char *w[4];
        int n;
        read_words(args, w, &n);
        for (int r = 0; r < 13; r++)
          if (!strcmp(RANKS[r], w[1])) level = r;
      }
      memset(hand, 0, sizeof hand);
      trump = -1, fixed = 0, standing_card = -1, standing_seat = -1, standing_count = 0, lead_n = 0;
    } else if (!strcmp(cmd, "CARD") || !strcmp(cmd, "LAST_CALL")) {
      if (!strcmp(cmd, "CARD")) hand[parse_card(args)]++;
      int card = 0, k = 0;
      if (declaration(&card, &k) && wants_to_declare()) {
        out[card] = k;
        say("DECLARE", out);
      } else {
        printf("PASS\n");
      }
    } else if (!strcmp(cmd, "DECLARED")) {
      char *list = strchr(args, ' ');
      int cards[NCODES] = {0};
      *list = '\0';
      for (int i = 0; i < 4; i++)
        if (!strcmp(ids[i], args)) standing_seat = i;
      standing_count = parse_list(list + 1, cards);
      for (int c = 0; c < NCODES; c++)
        if (cards[c]) standing_card = c;
    } else if (!strcmp(cmd, "TRUMP")) {
      trump = -1;
      for (int s = 0; s < 4; s++)
        if (!strncmp(args, SUITS[s], 3)) trump = s;
      fixed = 1;
    } else if (!strcmp(cmd, "KITTY")) {
      parse_list(args, hand);
      choose_bury(out);
      for (int c = 0; c < NCODES; c++) hand[c] -= out[c];
      say("BURY", out);
    } else if (!strcmp(cmd, "PLAY")) {
      char *list = strchr(args, ' ');
      int cards[NCODES] = {0};
      *list = '\0';
      int n = parse_list(list + 1, cards);
      if (lead_n == 0) {
        memcpy(lead, cards, sizeof lead);
        lead_n = n;
        for (int c = 0; c < NCODES; c++)
          if (cards[c]) lead_eff = eff(c);
      }
      if (!strcmp(args, me))
        for (int c = 0; c < NCODES; c++) hand[c] -= cards[c];
    } else if (!strcmp(cmd, "TRICK")) {
      lead_n = 0;
    } else if (!strcmp(cmd, "LEAD")) {
      choose_lead(out);
      say("PLAY", out);
    } else if (!strcmp(cmd, "FOLLOW")) {
      choose_follow(out);
      say("PLAY", out);
    }
  }
  return 0;
}
