/* congkak-endgame-private.h — reading the endgame database from the solver
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A position is the holes of a kernel board (the player to move's, then
 * the opponent's; not the stores), and its index is its rank: all
 * positions with fewer seeds on the board first, then those with as many
 * in lexicographic order of the holes.  One byte a position holds its
 * value, the gain still to come for the player to move, plus 128; 0
 * while it is not yet known.
 */

#pragma once

#include "congkak-endgame.h"
#include "congkak-kernel-private.h"

G_BEGIN_DECLS

#define CONGKAK_ENDGAME_UNKNOWN 0
#define CONGKAK_ENDGAME_BIAS 128

struct _CongkakEndgame
{
  CongkakRules rules;
  CongkakKernel kernel;
  guint        parts;        /* holes on the board: 2n */
  guint        max_seeds;
  guint64      n_positions;
  /* first[k]: the index of the first position with k seeds */
  guint64      first[CONGKAK_ENDGAME_MAX_SEEDS + 2];
  /* ways[p][r]: the positions of r seeds in p holes, C(r + p - 1, p - 1) */
  guint64      ways[2 * CONGKAK_MAX_HOLES + 1][CONGKAK_ENDGAME_MAX_SEEDS + 1];
  guint8      *values;
  gpointer     memory;
  char        *path;
  gboolean     loaded;
  double       seconds;
  GError      *save_error;
};

/* The index of @board's holes, which hold @seeds seeds (at most
 * max_seeds). */
static inline guint64
congkak_endgame_index (const CongkakEndgame     *endgame,
                       const CongkakKernelBoard *board,
                       guint                     seeds)
{
  const guint n = endgame->kernel.n;
  guint64 index = endgame->first[seeds];
  guint parts = endgame->parts;
  guint left = seeds;

  for (guint half = 0; half < 2; half++)
    {
      const guint8 *cell = (const guint8 *) &board->side[half];

      for (guint i = 0; i < n; i++, parts--)
        {
          /* The positions whose hole here holds fewer seeds come first. */
          index += endgame->ways[parts][left] - endgame->ways[parts][left - cell[i]];
          left -= cell[i];
        }
    }
  return index;
}

/* The value of @board (@seeds seeds on it) for the player to move. */
static inline int
congkak_endgame_value (const CongkakEndgame     *endgame,
                       const CongkakKernelBoard *board,
                       guint                     seeds)
{
  return (int) endgame->values[congkak_endgame_index (endgame, board, seeds)] - CONGKAK_ENDGAME_BIAS;
}

G_END_DECLS
