/* perft-peer.c — the engine's perft against a naive Kalah-only loop
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not a test and not installed: a benchmark peer for README "Performance".
 * It counts Kalah(6,4) move sequences with congkak_perft() and with the
 * plain loop below (an int per place, one seed at a time, the whole rules
 * of Kalah in thirty lines), checks that the counts agree, and times both
 * in processor time, interleaved, so that a busy machine slows both alike.
 *
 *   perft-peer [DEPTH [ROUNDS]]       (defaults: 11 and 3)
 *
 * The naive loop plays every move, the last one included; `naive-bulk`
 * is the same loop counting the last move's legal holes without playing
 * them, as the engine's perft does, for a like-for-like comparison.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "congkak-perft.h"

/* Places 0-5 South's holes, 6 South's store, 7-12 North's holes, 13 North's
 * store; a move sows counter-clockwise, skipping the opponent's store. */
static guint64
naive_perft (const int *board,
             int        player,
             int        depth,
             int        capture_empty,
             int        bulk)
{
  guint64 nodes = 0;

  if (depth == 0)
    return 1;
  for (int hole = 0; hole < 6; hole++)
    {
      int b[14];
      int i = player * 7 + hole;
      int seeds = board[i];
      int next = 1 - player;
      int south = 0, north = 0;

      if (seeds == 0)
        continue;
      if (bulk && depth == 1)
        {
          nodes++;
          continue;
        }
      memcpy (b, board, sizeof b);
      b[i] = 0;
      while (seeds > 0)
        {
          i = (i + 1) % 14;
          if (i == 13 - 7 * player)
            continue;
          b[i]++;
          seeds--;
        }
      if (i == player * 7 + 6)
        next = player;
      else if (i / 7 == player && b[i] == 1 && (b[12 - i] > 0 || capture_empty))
        {
          b[player * 7 + 6] += b[12 - i] + 1;
          b[i] = b[12 - i] = 0;
        }
      for (int k = 0; k < 6; k++)
        {
          south += b[k];
          north += b[7 + k];
        }
      if (south == 0 || north == 0)
        nodes += depth == 1;
      else
        nodes += naive_perft (b, next, depth - 1, capture_empty, bulk);
    }
  return nodes;
}

static double
cpu_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

int
main (int    argc,
      char **argv)
{
  static const int start[14] = { 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0 };
  guint depth = argc > 1 ? (guint) atoi (argv[1]) : 11;
  guint rounds = argc > 2 ? (guint) atoi (argv[2]) : 3;

  for (int capture_empty = 0; capture_empty <= 1; capture_empty++)
    {
      CongkakRules rules;
      CongkakState state;
      double best[3] = { G_MAXDOUBLE, G_MAXDOUBLE, G_MAXDOUBLE };
      double total[3] = { 0, 0, 0 };
      static const char * const names[3] = { "engine", "naive", "naive-bulk" };

      congkak_rules_init_profile (&rules, "kalah", NULL);
      rules.capture_empty_opposite = capture_empty;
      congkak_state_init (&state, &rules);

      for (guint round = 0; round < rounds; round++)
        for (guint who = 0; who < 3; who++)
          {
            double begin = cpu_seconds ();
            guint64 count = who == 0 ? congkak_perft (&state, &rules, depth)
                            : naive_perft (start, 0, (int) depth, capture_empty, who == 2);
            double seconds = cpu_seconds () - begin;
            static guint64 expected;

            if (round == 0 && who == 0)
              expected = count;
            else if (count != expected)
              {
                fprintf (stderr, "%s counts %" G_GUINT64_FORMAT ", the engine %" G_GUINT64_FORMAT "\n",
                         names[who], count, expected);
                return 1;
              }
            printf ("kalah capture-empty-opposite=%s depth %u  %-10s %" G_GUINT64_FORMAT " sequences  %.3f s\n",
                    capture_empty ? "on" : "off", depth, names[who], count, seconds);
            best[who] = MIN (best[who], seconds);
            total[who] += seconds;
          }
      printf ("  best of %u: engine %.3f s, naive %.3f s (engine %.2fx faster), naive-bulk %.3f s (engine %.2fx faster)\n",
              rounds, best[0], best[1], best[1] / best[0], best[2], best[2] / best[0]);
      printf ("  sums:       engine %.3f s, naive %.3f s (%.2fx), naive-bulk %.3f s (%.2fx)\n",
              total[0], total[1], total[1] / total[0], total[2], total[2] / total[0]);
    }
  return 0;
}
