/* template.c — the course's starting bot for ITP Buraco: on its turn it draws from the stock
 * and discards the card it drew. Start your own bot from here.
 *
 * Build: cc -O2 -o template template.c
 *
 * The referee sends one message per line. At the start: the ids of all players, this bot's id,
 * its hand "[ c1 ... c11 ]" and the top of the discard pile. Then, for every turn, the id of
 * the player whose turn it is, followed by what that player did. Only this bot's own turn needs
 * an answer. Write debugging output to stderr, never to stdout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 1024 /* longest line we expect from the referee */
#define ID_SIZE 10    /* wire ids are at most 9 bytes, plus the final '\0' */

/* Reads one line into `line` without its '\n' (or "\r\n"). When the referee closes the pipe
 * the game is over: the bot must exit instead of reading forever. */
static void read_line(char *line) {
  if (fgets(line, MAX_LINE, stdin) == NULL) {
    exit(0);
  }
  size_t len = strlen(line);
  while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) {
    line[--len] = '\0';
  }
}

int main(void) {
  char line[MAX_LINE];
  char my_id[ID_SIZE];

  setbuf(stdout, NULL); /* no buffering: every printf reaches the referee at once */

  /* the start of the game: four lines */
  read_line(line); /* the ids of all players, separated by spaces */
  read_line(line); /* this bot's id */
  strncpy(my_id, line, ID_SIZE - 1);
  my_id[ID_SIZE - 1] = '\0';
  read_line(line); /* this bot's hand: [ c1 c2 ... c11 ] */
  read_line(line); /* the top card of the discard pile */

  for (;;) {
    /* skip everything until the referee names this bot as the one to play */
    do {
      read_line(line);
      /* to see the game while debugging: fprintf(stderr, "%s got: %s\n", my_id, line); */
    } while (strcmp(line, my_id) != 0);

    printf("GET_STOCK\n"); /* draw from the stock ... */
    read_line(line);       /* ... the referee answers with the card drawn */
    printf("DISCARD %s\n", line); /* discard that same card: the turn is over */
  }
}
