/* Scratch Rummy's bundled bot (tests/scratch_game): keeps its hand, and on PLAY draws from the
 * stock and drops its first card. Lines: HAND [ c … ], UP c, PLAY, DREW c, END, and the other
 * seat's lines (ignored). */
#include <stdio.h>
#include <string.h>

static char hand[64][8];
static int count = 0;

int main(void) {
    char line[1024];
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "HAND ", 5) == 0) {
            char *token = strtok(line + 5, " ");
            count = 0;
            while (token && count < 64) {
                if (strcmp(token, "[") != 0 && strcmp(token, "]") != 0) {
                    snprintf(hand[count], sizeof hand[count], "%.7s", token);
                    count++;
                }
                token = strtok(NULL, " ");
            }
        } else if (strcmp(line, "PLAY") == 0) {
            printf("DRAW\n");
            fflush(stdout);
        } else if (strncmp(line, "DREW ", 5) == 0) {
            if (count < 64) {
                snprintf(hand[count], sizeof hand[count], "%.7s", line + 5);
                count++;
            }
            printf("DROP %s\n", hand[0]);
            fflush(stdout);
            memmove(hand[0], hand[1], sizeof hand[0] * (size_t)(count - 1));
            count--;
        } else if (strcmp(line, "END") == 0) {
            break;
        }
    }
    return 0;
}
