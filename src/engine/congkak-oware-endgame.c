/* congkak-oware-endgame.c — an endgame database for Oware
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The value of every Oware position (RULES.md 7) with at most max-seeds
 * seeds on the board, for the player to move: the margin in whole seeds
 * the mover gains, over the opponent, from the seeds still on the board
 * with best play from both sides.  A position is the holes of the player
 * to move, then the opponent's, each in its owner's sowing order, ranked
 * as the store-game database ranks its positions (congkak-endgame.c).
 *
 * What it assumes.  The game here goes on until the board is empty, or a
 * side has no seeds to move or cannot feed, or a position repeats (each
 * side taking the seeds on its own side, as RULES.md says for each of
 * these); it does not end when a player has captured more than half of
 * the seeds, which depends on the captured seeds, not kept here.  So the
 * value is the exact margin when no one can pass half before the end;
 * otherwise the sign of (captured by the mover − captured by the
 * opponent + value) is still the exact result: seeds once captured stay
 * captured, so a line in which someone passes half has that winner
 * however it goes on, and the best result is the sign of the best margin.
 * So the search (RULES.md's end past half included) may take it as the
 * value of the position to the mover; congkak-search.c does where it is
 * exact (see Repetition), and uses the bounds for cut-offs elsewhere.
 *
 * Repetition.  A capture takes seeds off the board, so only the moves
 * that capture nothing stay at one seed count, and there positions can
 * repeat; whether one does depends on the game before, not kept here.
 * Each count is therefore solved for two bounds at once: the lower one,
 * the margin the mover can force if a play that goes on for ever gave the
 * opponent every seed on the board, and the upper one if it gave the
 * mover every seed.  They are the least and the greatest fixed points of
 * best play, reached by iterating from −seeds and +seeds (each pass over
 * a count can only raise a lower bound and lower an upper one) until a
 * pass changes nothing.  Where they are equal, the value does not depend
 * on repetition at all and is exact (with a repetition anywhere after a
 * capture valued by the rule too).  Where they differ, both players can
 * keep the game going without conceding; the value given is then what
 * the repetition rule would give if the game were repeated right here
 * (the mover's side minus the opponent's), held within the two bounds.
 * congkak_oware_endgame_probe_bounds() gives both bounds.
 *
 * Building.  The counts are solved from 0 seeds up: a capture leads to a
 * count already solved.  Threads take blocks of one count in turn, and
 * read and write the bounds in place: a bound read while another thread
 * changes it is an older, looser bound, still a bound.
 *
 * Caching.  As the store-game database: a file in the cache folder, with
 * a header saying what it holds and a checksum, built again if it does
 * not match.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-endgame-private.h"
#include "congkak-oware-endgame.h"

#define FILE_MAGIC "CKOWAR01"
#define BIAS 128
#define BLOCK_POSITIONS 16384

struct _CongkakOwareEndgame
{
  CongkakRules rules;
  guint        n;                  /* holes a side */
  gboolean     grand_slam_captures;
  CongkakEndgameIndexing indexing;
  guint8      *bounds;             /* per position: lower + BIAS, upper + BIAS */
  char        *path;
  gboolean     loaded;
  double       seconds;
  GError      *save_error;
};

static gboolean
rules_apply (const CongkakRules  *rules,
             guint                max_seeds,
             GError             **error)
{
  if (rules->family != CONGKAK_FAMILY_OWARE)
    {
      g_set_error_literal (error, CONGKAK_ENDGAME_ERROR, CONGKAK_ENDGAME_ERROR_NOT_APPLICABLE,
                           _("This endgame database covers Oware only."));
      return FALSE;
    }
  if (max_seeds > CONGKAK_OWARE_ENDGAME_MAX_SEEDS)
    {
      g_set_error (error, CONGKAK_ENDGAME_ERROR, CONGKAK_ENDGAME_ERROR_TOO_LARGE,
                   ngettext ("An Oware endgame database covers at most %u seed on the board.",
                             "An Oware endgame database covers at most %u seeds on the board.",
                             CONGKAK_OWARE_ENDGAME_MAX_SEEDS),
                   CONGKAK_OWARE_ENDGAME_MAX_SEEDS);
      return FALSE;
    }
  return TRUE;
}

/**
 * congkak_oware_endgame_count_positions:
 *
 * Returns: the positions (two bytes each) of a database of @max_seeds
 *   seeds for @rules, or 0 if there is none or it would be too large.
 */
guint64
congkak_oware_endgame_count_positions (const CongkakRules *rules,
                                       guint               max_seeds)
{
  CongkakEndgameIndexing indexing;

  g_return_val_if_fail (rules != NULL, 0);

  if (!rules_apply (rules, max_seeds, NULL)
      || !congkak_endgame_indexing_init (&indexing, 2 * rules->holes, max_seeds))
    return 0;
  return indexing.n_positions;
}

/**
 * congkak_oware_endgame_cache_dir:
 *
 * Returns: (transfer full): the folder endgame databases are kept in, the
 *   store games' and Oware's alike.
 */
char *
congkak_oware_endgame_cache_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "congkak", "endgame", NULL);
}

static inline int
lower_at (const CongkakOwareEndgame *endgame,
          guint64                    index)
{
  return (int) __atomic_load_n (&endgame->bounds[2 * index], __ATOMIC_RELAXED) - BIAS;
}

static inline int
upper_at (const CongkakOwareEndgame *endgame,
          guint64                    index)
{
  return (int) __atomic_load_n (&endgame->bounds[2 * index + 1], __ATOMIC_RELAXED) - BIAS;
}

static inline void
set_bounds (CongkakOwareEndgame *endgame,
            guint64              index,
            int                  lower,
            int                  upper)
{
  __atomic_store_n (&endgame->bounds[2 * index], (guint8) (lower + BIAS), __ATOMIC_RELAXED);
  __atomic_store_n (&endgame->bounds[2 * index + 1], (guint8) (upper + BIAS), __ATOMIC_RELAXED);
}

/* Sows @hole of @cells (the mover's holes, then the opponent's) and makes
 * the captures of RULES.md 7; @child gets the position after it, seen from
 * the opponent (who moves next).  Returns the seeds captured. */
static inline int
play (const CongkakOwareEndgame *endgame,
      const guint8              *cells,
      guint                      hole,
      guint8                    *child)
{
  const guint n = endgame->n;
  const guint parts = 2 * n;
  guint8 board[2 * CONGKAK_MAX_HOLES];
  guint seeds = cells[hole];
  guint place = hole;
  int captured = 0;

  memcpy (board, cells, parts);
  board[hole] = 0;
  while (seeds > 0)
    {
      place = place + 1 == parts ? 0 : place + 1;
      /* Laps skip the hole sown from. */
      if (place == hole)
        continue;
      board[place]++;
      seeds--;
    }

  if (place >= n && (board[place] == 2 || board[place] == 3))
    {
      guint first = place;
      int other_total = 0;

      while (first > n && (board[first - 1] == 2 || board[first - 1] == 3))
        first--;
      for (guint i = first; i <= place; i++)
        captured += board[i];
      for (guint i = n; i < parts; i++)
        other_total += board[i];
      if (captured == other_total && !endgame->grand_slam_captures)
        captured = 0;
      else
        memset (board + first, 0, place - first + 1);
    }

  memcpy (child, board + n, n);
  memcpy (child + n, board, n);
  return captured;
}

#define NO_CHILD G_MAXUINT32

static inline gboolean
cancelled (const gint *cancel)
{
  return cancel != NULL && g_atomic_int_get (cancel);
}

/* One count being solved: per position, the bounds its captures and game
 * ends give (final: they lead to fewer seeds) and its children at this
 * count, by their place in it. */
typedef struct
{
  CongkakOwareEndgame *endgame;
  guint                seeds;
  guint64              begin;      /* the index of its first position */
  guint64              count;
  gint8               *exit_lower;
  gint8               *exit_upper;
  guint32             *children;   /* n a position; NO_CHILD for none */
  /* The parents at this count of the i-th position: parents[parents_start[i]]
   * up to parents[parents_start[i + 1]] (not included). */
  guint64             *parents_start;
  guint32             *parents;
  guint8              *dirty;      /* a child's bounds changed since its last look */
  const gint          *cancel;     /* atomic; set: stop at the next block */
  gint                 next_block;
  gint                 changed;
} Level;

/* Plays every move of the position @cells, the @index-th of the count
 * (RULES.md 7: a mover without seeds, must feed), and sets its bounds as
 * far as they are known before the count is solved. */
static inline void
expand_position (Level        *level,
                 const guint8 *cells,
                 guint64       index)
{
  CongkakOwareEndgame *endgame = level->endgame;
  const guint n = endgame->n;
  const int seeds = (int) level->seeds;
  guint32 *children = level->children + index * n;
  int lower = -seeds, upper = -seeds;
  guint own = 0, other = 0;
  gboolean moved = FALSE, stays = FALSE;

  for (guint i = 0; i < n; i++)
    {
      own += cells[i];
      other += cells[n + i];
      children[i] = NO_CHILD;
    }

  for (guint hole = 0; own != 0 && hole < n; hole++)
    {
      guint8 child[2 * CONGKAK_MAX_HOLES];
      guint64 child_index;
      int captured;

      /* Must feed an opponent without seeds. */
      if (cells[hole] == 0 || (other == 0 && cells[hole] < n - hole))
        continue;
      moved = TRUE;
      captured = play (endgame, cells, hole, child);
      child_index = congkak_endgame_indexing_rank (&endgame->indexing, child, seeds - captured);
      if (captured == 0)
        {
          children[hole] = (guint32) (child_index - level->begin);
          stays = TRUE;
          continue;
        }
      lower = MAX (lower, captured - upper_at (endgame, child_index));
      upper = MAX (upper, captured - lower_at (endgame, child_index));
    }

  /* No seeds: the game ends and the opponent takes the seeds on their
   * side; no move feeds the opponent: the mover takes theirs. */
  if (!moved)
    lower = upper = own == 0 ? -seeds : seeds;
  level->exit_lower[index] = (gint8) lower;
  level->exit_upper[index] = (gint8) upper;
  /* A child at this count is worth −seeds to seeds. */
  set_bounds (endgame, level->begin + index, lower, stays ? seeds : upper);
}

static gpointer
expand_worker (gpointer data)
{
  Level *level = data;
  const CongkakEndgameIndexing *indexing = &level->endgame->indexing;
  guint64 n_blocks = (level->count + BLOCK_POSITIONS - 1) / BLOCK_POSITIONS;

  for (;;)
    {
      guint64 block = (guint64) g_atomic_int_add (&level->next_block, 1);
      guint8 cells[2 * CONGKAK_MAX_HOLES];
      guint64 index, stop;

      if (block >= n_blocks || cancelled (level->cancel))
        return NULL;
      index = block * BLOCK_POSITIONS;
      stop = MIN (index + BLOCK_POSITIONS, level->count);
      congkak_endgame_indexing_unrank (indexing, level->begin + index, cells);
      for (; index < stop; congkak_endgame_indexing_next (indexing, cells, level->seeds), index++)
        expand_position (level, cells, index);
    }
}

/* Tightens the bounds of the @index-th position of the count from its
 * children's; TRUE if they changed. */
static inline gboolean
tighten (Level   *level,
         guint64  index)
{
  CongkakOwareEndgame *endgame = level->endgame;
  const guint n = endgame->n;
  const guint32 *children = level->children + index * n;
  int lower = lower_at (endgame, level->begin + index);
  int upper = upper_at (endgame, level->begin + index);
  int new_lower = level->exit_lower[index];
  int new_upper = level->exit_upper[index];

  if (lower == upper)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (children[i] != NO_CHILD)
      {
        guint64 child = level->begin + children[i];

        new_lower = MAX (new_lower, -upper_at (endgame, child));
        new_upper = MAX (new_upper, -lower_at (endgame, child));
      }
  /* Bounds only ever tighten, whatever another thread read. */
  new_lower = MAX (lower, new_lower);
  new_upper = MIN (upper, new_upper);
  if (new_lower == lower && new_upper == upper)
    return FALSE;
  set_bounds (endgame, level->begin + index, new_lower, new_upper);
  for (guint64 i = level->parents_start[index]; i < level->parents_start[index + 1]; i++)
    __atomic_store_n (&level->dirty[level->parents[i]], TRUE, __ATOMIC_RELAXED);
  return TRUE;
}

/* Links each child of the count to its parents, in the order of the
 * parents. */
static void
link_parents (Level *level)
{
  const guint n = level->endgame->n;

  /* Each child's parents counted two places on, summed one place on:
   * parents_start[c + 1] is where c's go, and once they are there, where
   * c + 1's start. */
  memset (level->parents_start, 0, (level->count + 2) * sizeof *level->parents_start);
  for (guint64 i = 0; i < level->count * n; i++)
    if (level->children[i] != NO_CHILD)
      level->parents_start[level->children[i] + 2]++;
  for (guint64 i = 2; i <= level->count + 1; i++)
    level->parents_start[i] += level->parents_start[i - 1];
  for (guint64 i = 0; i < level->count; i++)
    for (guint h = 0; h < n; h++)
      {
        guint32 child = level->children[i * n + h];

        if (child != NO_CHILD)
          level->parents[level->parents_start[child + 1]++] = (guint32) i;
      }
}

/* One pass over the positions of the count, a block at a time. */
static gpointer
tighten_worker (gpointer data)
{
  Level *level = data;
  guint64 n_blocks = (level->count + BLOCK_POSITIONS - 1) / BLOCK_POSITIONS;
  gboolean changed = FALSE;

  for (;;)
    {
      guint64 block = (guint64) g_atomic_int_add (&level->next_block, 1);
      guint64 start, stop;

      if (block >= n_blocks || cancelled (level->cancel))
        break;
      start = block * BLOCK_POSITIONS;
      stop = MIN (start + BLOCK_POSITIONS, level->count);
      for (guint64 index = start; index < stop; index++)
        if (__atomic_load_n (&level->dirty[index], __ATOMIC_RELAXED))
          {
            __atomic_store_n (&level->dirty[index], FALSE, __ATOMIC_RELAXED);
            tighten (level, index);
            changed = TRUE;
          }
    }
  if (changed)
    g_atomic_int_set (&level->changed, TRUE);
  return NULL;
}

static void
run_workers (GThreadFunc func,
             Level      *level,
             guint       n_threads)
{
  GThread *threads[8];

  n_threads = CLAMP (n_threads, 1, G_N_ELEMENTS (threads));
  level->next_block = 0;
  for (guint i = 1; i < n_threads; i++)
    threads[i] = g_thread_new ("congkak-oware-endgame", func, level);
  func (level);
  for (guint i = 1; i < n_threads; i++)
    g_thread_join (threads[i]);
}

/* Returns: FALSE if *@cancel was set before it was done. */
static gboolean
build (CongkakOwareEndgame *endgame,
       guint                n_threads,
       const gint          *cancel)
{
  const CongkakEndgameIndexing *indexing = &endgame->indexing;
  const guint n = endgame->n;
  guint64 largest = indexing->first[indexing->max_seeds + 1] - indexing->first[indexing->max_seeds];
  g_autofree gint8 *exit_lower = g_new (gint8, largest);
  g_autofree gint8 *exit_upper = g_new (gint8, largest);
  g_autofree guint32 *children = g_new (guint32, largest * n);
  g_autofree guint64 *parents_start = g_new (guint64, largest + 2);
  g_autofree guint32 *parents = g_new (guint32, largest * n);
  g_autofree guint8 *dirty = g_new (guint8, largest);

  for (guint seeds = 0; seeds <= indexing->max_seeds; seeds++)
    {
      Level level = {
        .endgame = endgame,
        .seeds = seeds,
        .begin = indexing->first[seeds],
        .count = indexing->first[seeds + 1] - indexing->first[seeds],
        .exit_lower = exit_lower,
        .exit_upper = exit_upper,
        .children = children,
        .parents_start = parents_start,
        .parents = parents,
        .dirty = dirty,
        .cancel = cancel,
      };

      run_workers (expand_worker, &level, n_threads);
      /* A cancelled expansion leaves children unwritten: nothing may read them. */
      if (cancelled (cancel))
        return FALSE;
      /* Every position not settled yet is to be looked at once. */
      for (guint64 i = 0; i < level.count; i++)
        dirty[i] = lower_at (endgame, level.begin + i) != upper_at (endgame, level.begin + i);
      link_parents (&level);
      do
        {
          level.changed = FALSE;
          run_workers (tighten_worker, &level, n_threads);
        }
      while (level.changed && !cancelled (cancel));
      if (cancelled (cancel))
        return FALSE;
    }
  return TRUE;
}

static char *
file_name (const CongkakRules *rules,
           guint               max_seeds)
{
  g_autofree char *grand_slam = congkak_rules_get_option (rules, "grand-slam");

  return g_strdup_printf ("oware,holes=%u,grand-slam=%s,max-seeds=%u.endgame",
                          rules->holes, grand_slam, max_seeds);
}

static void
file_info (const CongkakOwareEndgame *endgame,
           CongkakEndgameFileInfo    *info)
{
  *info = (CongkakEndgameFileInfo) {
    .magic = FILE_MAGIC,
    .holes = endgame->n,
    .flags = endgame->grand_slam_captures,
    .max_seeds = endgame->indexing.max_seeds,
    .n_positions = endgame->indexing.n_positions,
    .length = 2 * endgame->indexing.n_positions,
  };
}

static CongkakOwareEndgame *open_cancellable (const CongkakRules  *rules,
                                              guint                max_seeds,
                                              const char          *cache_dir,
                                              guint                n_threads,
                                              const gint          *cancel,
                                              GError             **error);

/**
 * congkak_oware_endgame_open:
 * @max_seeds: the database covers the positions with this many seeds on
 *   the board or fewer
 * @cache_dir: (nullable): the folder to read the database from if it was
 *   built before, and to save it to if it is built now; %NULL for neither
 * @n_threads: how many threads build it
 *
 * Reads the database of @rules from @cache_dir, or builds it (and saves
 * it there; if that fails the database is still there to use, and
 * congkak_oware_endgame_get_save_error() says why it was not saved).
 * Building blocks the caller: call it from a worker thread.
 *
 * Returns: (transfer full): the database, or %NULL if the rules are not
 *   Oware's or it does not fit in memory.
 */
CongkakOwareEndgame *
congkak_oware_endgame_open (const CongkakRules  *rules,
                            guint                max_seeds,
                            const char          *cache_dir,
                            guint                n_threads,
                            GError             **error)
{
  return open_cancellable (rules, max_seeds, cache_dir, n_threads, NULL, error);
}

/* As congkak_oware_endgame_open(), and %NULL without an error if *@cancel
 * is set before the database is built. */
static CongkakOwareEndgame *
open_cancellable (const CongkakRules  *rules,
                  guint                max_seeds,
                  const char          *cache_dir,
                  guint                n_threads,
                  const gint          *cancel,
                  GError             **error)
{
  g_autoptr (CongkakOwareEndgame) endgame = NULL;
  gint64 start = g_get_monotonic_time ();
  CongkakEndgameFileInfo info;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!rules_apply (rules, max_seeds, error))
    return NULL;

  endgame = g_new0 (CongkakOwareEndgame, 1);
  endgame->rules = *rules;
  endgame->n = rules->holes;
  endgame->grand_slam_captures = rules->grand_slam == CONGKAK_GRAND_SLAM_CAPTURE;
  if (congkak_endgame_indexing_init (&endgame->indexing, 2 * rules->holes, max_seeds))
    endgame->bounds = g_try_malloc (2 * endgame->indexing.n_positions);
  if (endgame->bounds == NULL)
    {
      g_set_error_literal (error, CONGKAK_ENDGAME_ERROR, CONGKAK_ENDGAME_ERROR_TOO_LARGE,
                           _("There is not enough memory for this endgame database."));
      return NULL;
    }

  file_info (endgame, &info);
  if (cache_dir != NULL)
    {
      g_autofree char *name = file_name (rules, max_seeds);

      endgame->path = g_build_filename (cache_dir, name, NULL);
      endgame->loaded = congkak_endgame_file_load (endgame->path, &info, endgame->bounds);
    }
  if (!endgame->loaded)
    {
      if (!build (endgame, n_threads, cancel))
        return NULL;
      if (endgame->path != NULL)
        congkak_endgame_file_save (endgame->path, &info, endgame->bounds, &endgame->save_error);
    }
  endgame->seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  return g_steal_pointer (&endgame);
}

void
congkak_oware_endgame_free (CongkakOwareEndgame *endgame)
{
  if (endgame == NULL)
    return;
  g_free (endgame->bounds);
  g_free (endgame->path);
  g_clear_error (&endgame->save_error);
  g_free (endgame);
}

/**
 * congkak_oware_endgame_matches:
 *
 * Returns: whether @endgame holds the values of positions under @rules
 *   (Oware with the same holes and grand slam option).
 */
gboolean
congkak_oware_endgame_matches (const CongkakOwareEndgame *endgame,
                               const CongkakRules        *rules)
{
  g_return_val_if_fail (endgame != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  return rules->family == CONGKAK_FAMILY_OWARE
         && rules->holes == endgame->n
         && (rules->grand_slam == CONGKAK_GRAND_SLAM_CAPTURE) == endgame->grand_slam_captures;
}

/**
 * congkak_oware_endgame_probe_bounds:
 * @own: the holes of the player to move, in their sowing order
 * @other: the opponent's, in theirs
 *
 * The margin the mover can force if play that goes on for ever at one
 * seed count gave every seed on the board to the opponent (@lower), and
 * to the mover (@upper); equal where repetition does not matter.
 *
 * Returns: FALSE if the position has more seeds than @endgame covers.
 */
gboolean
congkak_oware_endgame_probe_bounds (const CongkakOwareEndgame *endgame,
                                    const guint8              *own,
                                    const guint8              *other,
                                    int                       *lower,
                                    int                       *upper)
{
  guint8 cells[2 * CONGKAK_MAX_HOLES];
  guint seeds = 0;
  guint64 index;

  g_return_val_if_fail (endgame != NULL, FALSE);

  for (guint i = 0; i < endgame->n; i++)
    seeds += own[i] + other[i];
  if (seeds > endgame->indexing.max_seeds)
    return FALSE;
  memcpy (cells, own, endgame->n);
  memcpy (cells + endgame->n, other, endgame->n);
  index = congkak_endgame_indexing_rank (&endgame->indexing, cells, seeds);
  *lower = lower_at (endgame, index);
  *upper = upper_at (endgame, index);
  return TRUE;
}

/**
 * congkak_oware_endgame_probe:
 * @own: the holes of the player to move, in their sowing order
 * @other: the opponent's, in theirs
 * @value: (out): the margin in whole seeds the mover gains from the seeds
 *   on the board with best play (see the top of congkak-oware-endgame.c
 *   for what it assumes)
 *
 * Returns: FALSE if the position has more seeds than @endgame covers.
 */
gboolean
congkak_oware_endgame_probe (const CongkakOwareEndgame *endgame,
                             const guint8              *own,
                             const guint8              *other,
                             int                       *value)
{
  int lower, upper;
  int repeated = 0;

  if (!congkak_oware_endgame_probe_bounds (endgame, own, other, &lower, &upper))
    return FALSE;
  if (lower < upper)
    {
      for (guint i = 0; i < endgame->n; i++)
        repeated += own[i] - other[i];
    }
  *value = CLAMP (repeated, lower, upper);
  return TRUE;
}

guint
congkak_oware_endgame_get_max_seeds (const CongkakOwareEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, 0);

  return endgame->indexing.max_seeds;
}

guint64
congkak_oware_endgame_get_positions (const CongkakOwareEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, 0);

  return endgame->indexing.n_positions;
}

/**
 * congkak_oware_endgame_get_bytes:
 *
 * Returns: the memory its values take, and their file (besides a header).
 */
guint64
congkak_oware_endgame_get_bytes (const CongkakOwareEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, 0);

  return 2 * endgame->indexing.n_positions;
}

/**
 * congkak_oware_endgame_get_path:
 *
 * Returns: (nullable): the file the database was read from or saved to
 *   (or was to be saved to), %NULL without a cache folder.
 */
const char *
congkak_oware_endgame_get_path (const CongkakOwareEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, NULL);

  return endgame->path;
}

/**
 * congkak_oware_endgame_was_loaded:
 *
 * Returns: %TRUE if the database was read from the cache, %FALSE if it was
 *   built.
 */
gboolean
congkak_oware_endgame_was_loaded (const CongkakOwareEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, FALSE);

  return endgame->loaded;
}

/**
 * congkak_oware_endgame_get_seconds:
 *
 * Returns: how long reading or building it took, on the clock.
 */
double
congkak_oware_endgame_get_seconds (const CongkakOwareEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, 0);

  return endgame->seconds;
}

/**
 * congkak_oware_endgame_get_save_error:
 *
 * Returns: (nullable): why a built database could not be saved, or %NULL.
 */
const GError *
congkak_oware_endgame_get_save_error (const CongkakOwareEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, NULL);

  return endgame->save_error;
}


/**
 * congkak_oware_endgame_parse_seeds:
 * @text: (nullable): a count of seeds, as CONGKAK_OWARE_ENDGAME_SEEDS gives it
 *
 * Returns: the seeds @text asks the computer's database to cover: 0 for
 *   none (for measuring without it), CONGKAK_OWARE_ENDGAME_DEFAULT_SEEDS
 *   without @text or if it is not a count up to
 *   CONGKAK_OWARE_ENDGAME_MAX_SEEDS.
 */
guint
congkak_oware_endgame_parse_seeds (const char *text)
{
  guint64 seeds;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, CONGKAK_OWARE_ENDGAME_MAX_SEEDS, &seeds, NULL))
    return CONGKAK_OWARE_ENDGAME_DEFAULT_SEEDS;
  return (guint) seeds;
}

/* The shelf: the databases the computer players of one owner (a process's
 * UCI server, a match, the app's workspace) read, one for each rules asked
 * for, read or built one after another by a worker thread.  Each is kept
 * until the shelf goes: searches may still read one whose rules are no
 * longer played (they are a few megabytes). */

typedef struct
{
  CongkakRules         rules;
  CongkakOwareEndgame *endgame;  /* once done; NULL if it could not be made */
  gboolean             done;
} ShelfEntry;

struct _CongkakOwareEndgameShelf
{
  gatomicrefcount ref_count;
  guint           max_seeds;   /* 0: none */
  char           *cache_dir;
  gint            cancel;      /* atomic: the last reference is gone */

  GMutex          lock;
  GCond           changed;     /* an entry is done */
  GArray         *entries;     /* of ShelfEntry, in the order asked for */
  GThread        *builder;     /* to join; running while building */
  gboolean        building;
};

static gboolean
same_database (const CongkakRules *a,
               const CongkakRules *b)
{
  return a->holes == b->holes
         && (a->grand_slam == CONGKAK_GRAND_SLAM_CAPTURE) == (b->grand_slam == CONGKAK_GRAND_SLAM_CAPTURE);
}

/* With the lock held. */
static ShelfEntry *
shelf_find (CongkakOwareEndgameShelf *shelf,
            const CongkakRules       *rules)
{
  for (guint i = 0; i < shelf->entries->len; i++)
    {
      ShelfEntry *entry = &g_array_index (shelf->entries, ShelfEntry, i);

      if (same_database (&entry->rules, rules))
        return entry;
    }
  return NULL;
}

static gpointer
shelf_builder (gpointer data)
{
  CongkakOwareEndgameShelf *shelf = data;

  g_mutex_lock (&shelf->lock);
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      CongkakOwareEndgame *endgame;
      CongkakRules rules;
      guint i;

      for (i = 0; i < shelf->entries->len; i++)
        if (!g_array_index (shelf->entries, ShelfEntry, i).done)
          break;
      if (i == shelf->entries->len || cancelled (&shelf->cancel))
        break;
      rules = g_array_index (shelf->entries, ShelfEntry, i).rules;
      g_mutex_unlock (&shelf->lock);

      endgame = open_cancellable (&rules, shelf->max_seeds, shelf->cache_dir,
                                  MAX (1, g_get_num_processors ()), &shelf->cancel, &error);
      if (error != NULL)
        g_warning ("The Oware endgame database could not be made: %s", error->message);
      else if (endgame != NULL && congkak_oware_endgame_get_save_error (endgame) != NULL)
        g_debug ("The Oware endgame database was not saved: %s",
                 congkak_oware_endgame_get_save_error (endgame)->message);

      g_mutex_lock (&shelf->lock);
      g_array_index (shelf->entries, ShelfEntry, i).endgame = endgame;
      g_array_index (shelf->entries, ShelfEntry, i).done = TRUE;
      g_cond_broadcast (&shelf->changed);
    }
  shelf->building = FALSE;
  g_cond_broadcast (&shelf->changed);
  g_mutex_unlock (&shelf->lock);
  return NULL;
}

/**
 * congkak_oware_endgame_shelf_new:
 * @max_seeds: the seeds on the board its databases cover
 *   (CONGKAK_OWARE_ENDGAME_DEFAULT_SEEDS for the computer's); 0 for none
 * @cache_dir: (nullable): where they are read from and saved to
 *   (congkak_oware_endgame_cache_dir()); %NULL to build them each time
 *
 * Returns: (transfer full): an empty shelf of Oware endgame databases.
 */
CongkakOwareEndgameShelf *
congkak_oware_endgame_shelf_new (guint       max_seeds,
                                 const char *cache_dir)
{
  CongkakOwareEndgameShelf *shelf;

  g_return_val_if_fail (max_seeds <= CONGKAK_OWARE_ENDGAME_MAX_SEEDS, NULL);

  shelf = g_new0 (CongkakOwareEndgameShelf, 1);
  g_atomic_ref_count_init (&shelf->ref_count);
  shelf->max_seeds = max_seeds;
  shelf->cache_dir = g_strdup (cache_dir);
  g_mutex_init (&shelf->lock);
  g_cond_init (&shelf->changed);
  shelf->entries = g_array_new (FALSE, TRUE, sizeof (ShelfEntry));
  return shelf;
}

CongkakOwareEndgameShelf *
congkak_oware_endgame_shelf_ref (CongkakOwareEndgameShelf *shelf)
{
  g_return_val_if_fail (shelf != NULL, NULL);

  g_atomic_ref_count_inc (&shelf->ref_count);
  return shelf;
}

/**
 * congkak_oware_endgame_shelf_unref:
 *
 * The last reference stops a database being built (it is not saved) and
 * waits for its thread, then frees the databases.
 */
void
congkak_oware_endgame_shelf_unref (CongkakOwareEndgameShelf *shelf)
{
  if (shelf == NULL || !g_atomic_ref_count_dec (&shelf->ref_count))
    return;

  g_atomic_int_set (&shelf->cancel, TRUE);
  g_clear_pointer (&shelf->builder, g_thread_join);
  for (guint i = 0; i < shelf->entries->len; i++)
    congkak_oware_endgame_free (g_array_index (shelf->entries, ShelfEntry, i).endgame);
  g_array_unref (shelf->entries);
  g_free (shelf->cache_dir);
  g_mutex_clear (&shelf->lock);
  g_cond_clear (&shelf->changed);
  g_free (shelf);
}

/**
 * congkak_oware_endgame_shelf_prepare:
 *
 * Starts reading (or building, the first time on this computer: seconds
 * for the computer's size) the database for @rules in a worker thread,
 * unless it is ready or on its way.  The hard and perfect levels use it
 * once it is ready.  Nothing for rules other than Oware's, nor on a shelf
 * of 0 seeds.
 */
void
congkak_oware_endgame_shelf_prepare (CongkakOwareEndgameShelf *shelf,
                                     const CongkakRules       *rules)
{
  g_return_if_fail (shelf != NULL);
  g_return_if_fail (rules != NULL);

  if (shelf->max_seeds == 0 || !rules_apply (rules, 0, NULL))
    return;
  g_mutex_lock (&shelf->lock);
  if (shelf_find (shelf, rules) == NULL)
    {
      ShelfEntry entry = { .rules = *rules };

      g_array_append_val (shelf->entries, entry);
      if (!shelf->building)
        {
          /* A builder that found nothing more to do has ended, or is
           * about to without the lock. */
          g_clear_pointer (&shelf->builder, g_thread_join);
          shelf->building = TRUE;
          shelf->builder = g_thread_new ("congkak-oware-endgame", shelf_builder, shelf);
        }
    }
  g_mutex_unlock (&shelf->lock);
}

/**
 * congkak_oware_endgame_shelf_get_ready:
 *
 * Returns: (transfer none) (nullable): the database for @rules if it is
 *   ready (it stays as long as @shelf), or %NULL; never waits.
 */
const CongkakOwareEndgame *
congkak_oware_endgame_shelf_get_ready (CongkakOwareEndgameShelf *shelf,
                                       const CongkakRules       *rules)
{
  const CongkakOwareEndgame *endgame = NULL;
  ShelfEntry *entry;

  g_return_val_if_fail (shelf != NULL, NULL);
  g_return_val_if_fail (rules != NULL, NULL);

  if (rules->family != CONGKAK_FAMILY_OWARE)
    return NULL;
  g_mutex_lock (&shelf->lock);
  entry = shelf_find (shelf, rules);
  if (entry != NULL && entry->done)
    endgame = entry->endgame;
  g_mutex_unlock (&shelf->lock);
  return endgame;
}

/**
 * congkak_oware_endgame_shelf_wait:
 *
 * congkak_oware_endgame_shelf_prepare(), then waits until it is done.
 *
 * Returns: (transfer none) (nullable): the database for @rules (it stays
 *   as long as @shelf), or %NULL if the rules have none or it could not
 *   be made.
 */
const CongkakOwareEndgame *
congkak_oware_endgame_shelf_wait (CongkakOwareEndgameShelf *shelf,
                                  const CongkakRules       *rules)
{
  const CongkakOwareEndgame *endgame = NULL;
  ShelfEntry *entry;

  g_return_val_if_fail (shelf != NULL, NULL);
  g_return_val_if_fail (rules != NULL, NULL);

  congkak_oware_endgame_shelf_prepare (shelf, rules);
  if (rules->family != CONGKAK_FAMILY_OWARE)
    return NULL;
  g_mutex_lock (&shelf->lock);
  /* Found again after each wait: the array may have grown meanwhile. */
  while ((entry = shelf_find (shelf, rules)) != NULL && !entry->done)
    g_cond_wait (&shelf->changed, &shelf->lock);
  if (entry != NULL)
    endgame = entry->endgame;
  g_mutex_unlock (&shelf->lock);
  return endgame;
}
