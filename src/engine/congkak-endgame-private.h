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
 *
 * The ranking (CongkakEndgameIndexing) and the cache file (a header that
 * says what the file holds, the values, a checksum) are shared with the
 * Oware database (congkak-oware-endgame.c).
 */

#pragma once

#include "congkak-endgame.h"
#include "congkak-kernel-private.h"

G_BEGIN_DECLS

#define CONGKAK_ENDGAME_UNKNOWN 0
#define CONGKAK_ENDGAME_BIAS 128

/* More than this would not fit in the memory of a machine this runs on. */
#define CONGKAK_ENDGAME_MAX_POSITIONS (G_GUINT64_CONSTANT (1) << 36)

/* The ranks of the positions of at most max_seeds seeds in parts holes. */
typedef struct
{
  guint        parts;
  guint        max_seeds;
  guint64      n_positions;
  /* first[k]: the index of the first position with k seeds */
  guint64      first[CONGKAK_ENDGAME_MAX_SEEDS + 2];
  /* ways[p][r]: the positions of r seeds in p holes, C(r + p - 1, p - 1) */
  guint64      ways[2 * CONGKAK_MAX_HOLES + 1][CONGKAK_ENDGAME_MAX_SEEDS + 1];
} CongkakEndgameIndexing;

/* What a cache file holds, checked before its values are read. */
typedef struct
{
  const char *magic;       /* 8 characters, one per kind of database */
  guint32     holes;
  guint32     flags;       /* the options of play */
  guint32     max_seeds;
  guint64     n_positions;
  guint64     length;      /* bytes of values */
} CongkakEndgameFileInfo;

gboolean congkak_endgame_indexing_init   (CongkakEndgameIndexing       *indexing,
                                          guint                         parts,
                                          guint                         max_seeds);
guint    congkak_endgame_indexing_unrank (const CongkakEndgameIndexing *indexing,
                                          guint64                       index,
                                          guint8                        cells[2 * CONGKAK_MAX_HOLES]);
guint    congkak_endgame_indexing_next   (const CongkakEndgameIndexing *indexing,
                                          guint8                        cells[2 * CONGKAK_MAX_HOLES],
                                          guint                         seeds);
gboolean congkak_endgame_file_load       (const char                   *path,
                                          const CongkakEndgameFileInfo *info,
                                          guint8                       *values);
gboolean congkak_endgame_file_save       (const char                   *path,
                                          const CongkakEndgameFileInfo *info,
                                          const guint8                 *values,
                                          GError                      **error);

/* The rank of the positions whose holes are @cells (all parts of them in
 * a row), which hold @seeds seeds (at most max_seeds). */
static inline guint64
congkak_endgame_indexing_rank (const CongkakEndgameIndexing *indexing,
                               const guint8                 *cells,
                               guint                         seeds)
{
  guint64 index = indexing->first[seeds];
  guint left = seeds;

  for (guint i = 0, parts = indexing->parts; i < indexing->parts; i++, parts--)
    {
      /* The positions whose hole here holds fewer seeds come first. */
      index += indexing->ways[parts][left] - indexing->ways[parts][left - cells[i]];
      left -= cells[i];
    }
  return index;
}

struct _CongkakEndgame
{
  CongkakRules rules;
  CongkakKernel kernel;
  CongkakEndgameIndexing indexing;
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
  const CongkakEndgameIndexing *indexing = &endgame->indexing;
  const guint n = endgame->kernel.n;
  guint64 index = indexing->first[seeds];
  guint parts = indexing->parts;
  guint left = seeds;

  for (guint half = 0; half < 2; half++)
    {
      const guint8 *cell = (const guint8 *) &board->side[half];

      for (guint i = 0; i < n; i++, parts--)
        {
          /* The positions whose hole here holds fewer seeds come first. */
          index += indexing->ways[parts][left] - indexing->ways[parts][left - cell[i]];
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
