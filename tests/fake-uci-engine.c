/* fake-uci-engine.c — a UCI engine that misbehaves on purpose, for the tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   fake-uci-engine MODE [GOOD]
 *
 * Answers uci (as an Oware engine: no Rules option), isready and the
 * rest as an engine should; when asked to go, it answers its first GOOD
 * requests (0 by default) with a legal Oware move, then does what MODE
 * says:
 *   play     answers with a legal Oware move, always
 *   crash    ends with exit status 3
 *   signal   is killed by SIGKILL
 *   stall    never answers
 *   garbage  writes a line that is not UCI
 *   binary   writes bytes that are not text
 *   long     writes a line of 100,000 bytes
 *   illegal  answers "bestmove A" (South's hole, whoever is to move)
 *   nomove   says why in an info string, then answers "bestmove 0000"
 *   nodes    answers "go nodes 1234" with a legal Oware move, any other
 *            go with "bestmove A"
 * and in mode "silent" it never answers uci.  Its legal move comes from
 * Oware's sowing and capture replayed over `position startpos moves …`
 * (the biggest house of the side to move), enough for the tests' first
 * moves; it is no player.
 */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Houses A–F (South's) then a–f (North's), in the order of sowing. */
static int houses[12];
static int to_move;   /* 0 South, 1 North */

static void
say (const char *line)
{
  fputs (line, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
}

static void
sow (int from)
{
  int seeds = houses[from];
  int at = from;

  houses[from] = 0;
  while (seeds > 0)
    {
      at = (at + 1) % 12;
      if (at == from)
        continue;
      houses[at]++;
      seeds--;
    }
  /* Captures of 2 and 3 on the other side, backwards. */
  while (at / 6 != from / 6 && (houses[at] == 2 || houses[at] == 3))
    {
      houses[at] = 0;
      at = (at + 11) % 12;
    }
  to_move = 1 - to_move;
}

static void
take_position (const char *line)
{
  const char *moves = strstr (line, " moves ");

  for (int i = 0; i < 12; i++)
    houses[i] = 4;
  to_move = 0;
  if (moves == NULL)
    return;
  for (const char *c = moves + strlen (" moves "); *c != '\0'; c++)
    if (*c >= 'A' && *c <= 'F')
      sow (*c - 'A');
    else if (*c >= 'a' && *c <= 'f')
      sow (6 + *c - 'a');
}

static void
play_legal_move (void)
{
  char answer[] = "bestmove ?";
  int best = to_move * 6;

  for (int i = to_move * 6; i < to_move * 6 + 6; i++)
    if (houses[i] > houses[best])
      best = i;
  answer[strlen (answer) - 1] = best < 6 ? 'A' + best : 'a' + best - 6;
  say (answer);
}

int
main (int    argc,
      char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  int good = argc > 2 ? atoi (argv[2]) : 0;
  char line[4096];

  while (fgets (line, sizeof line, stdin) != NULL)
    {
      line[strcspn (line, "\r\n")] = '\0';
      if (strcmp (line, "uci") == 0)
        {
          if (strcmp (mode, "silent") == 0)
            continue;
          say ("id name Fake");
          say ("id author The tests");
          say ("option name Hash type spin default 1 min 1 max 1");
          say ("uciok");
        }
      else if (strcmp (line, "isready") == 0)
        say ("readyok");
      else if (strcmp (line, "quit") == 0)
        return 0;
      else if (strncmp (line, "position", 8) == 0)
        take_position (line);
      else if (strncmp (line, "go", 2) == 0)
        {
          say ("info depth 1 score cp 0 pv A");
          if (good > 0 || strcmp (mode, "play") == 0
              || (strcmp (mode, "nodes") == 0 && strcmp (line, "go nodes 1234") == 0))
            {
              good--;
              play_legal_move ();
              continue;
            }
          if (strcmp (mode, "crash") == 0)
            return 3;
          if (strcmp (mode, "signal") == 0)
            kill (getpid (), SIGKILL);
          if (strcmp (mode, "stall") == 0)
            continue;
          if (strcmp (mode, "garbage") == 0)
            say ("the quick brown fox");
          else if (strcmp (mode, "binary") == 0)
            say ("bestmove \xff\xfe");
          else if (strcmp (mode, "long") == 0)
            {
              for (int i = 0; i < 100000; i++)
                fputc ('x', stdout);
              say ("");
            }
          else if (strcmp (mode, "illegal") == 0 || strcmp (mode, "nodes") == 0)
            say ("bestmove A");
          else if (strcmp (mode, "nomove") == 0)
            {
              say ("info string Error: I do not know this position.");
              say ("bestmove 0000");
            }
        }
    }
  return 0;
}
