/* fake-uci-engine.c — a UCI engine that misbehaves on purpose, for the tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   fake-uci-engine MODE
 *
 * Answers uci (as an Oware engine: no Rules option), isready and the
 * rest as an engine should; when asked to go, it does what MODE says:
 *   crash    ends with exit status 3
 *   signal   is killed by SIGKILL
 *   stall    never answers
 *   garbage  writes a line that is not UCI
 *   binary   writes bytes that are not text
 *   long     writes a line of 100,000 bytes
 *   illegal  answers "bestmove A" (South's hole, whoever is to move)
 *   nomove   says why in an info string, then answers "bestmove 0000"
 * and in mode "silent" it never answers uci.
 */

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void
say (const char *line)
{
  fputs (line, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
}

int
main (int    argc,
      char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
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
      else if (strncmp (line, "go", 2) == 0)
        {
          say ("info depth 1 score cp 0 pv A");
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
          else if (strcmp (mode, "illegal") == 0)
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
