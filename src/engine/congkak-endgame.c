/* congkak-endgame.c — an endgame database for the exact solver
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The exact value of every position with at most max-seeds seeds on the
 * board, for one single-round store game (the holes and the options the
 * kernel plays; the seeds a hole starts with do not matter).  The solver
 * reads a position's value there in place of searching it.
 *
 * Building.  Seeds never come back from the stores, and a move that
 * stores none (and captures none) only moves the mover's own seeds nearer
 * the mover's store, so the game has no cycles: every move leads to a
 * position with fewer seeds on the board or, with as many, nearer the
 * end.  The positions are taken in index order (fewer seeds first), and
 * each one's value is the best of its moves over its children's values,
 * a child not known yet (as many seeds on the board) computed first, the
 * same way.  Threads take blocks of indices in turn; two may compute the
 * same position, which gives the same value.
 *
 * Caching.  The built database is written to the cache folder the caller
 * names, with a header that says what it holds and a checksum, and is read
 * from there next time; a file that does not match is built again.
 */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "congkak-endgame-private.h"

G_DEFINE_QUARK (congkak-endgame-error-quark, congkak_endgame_error)

#define BLOCK_POSITIONS 65536
#define FILE_MAGIC "CKENDG01"
#define VALUE_INFINITY 30000

typedef struct
{
  char    magic[8];
  guint32 holes;
  guint32 flags;        /* the kernel's option flags */
  guint32 max_seeds;
  guint32 reserved;
  guint64 n_positions;
  guint64 checksum;
} FileHeader;

G_STATIC_ASSERT (sizeof (FileHeader) == 40);

/**
 * congkak_endgame_indexing_init:
 * @parts: the holes a position has
 *
 * Fills in the ranks of the positions of at most @max_seeds seeds.
 *
 * Returns: FALSE if there are more than any database here can hold.
 */
gboolean
congkak_endgame_indexing_init (CongkakEndgameIndexing *indexing,
                               guint                   parts,
                               guint                   max_seeds)
{
  g_return_val_if_fail (parts >= 1 && parts <= 2 * CONGKAK_MAX_HOLES, FALSE);
  g_return_val_if_fail (max_seeds <= CONGKAK_ENDGAME_MAX_SEEDS, FALSE);

  indexing->parts = parts;
  indexing->max_seeds = max_seeds;
  for (guint p = 1; p <= parts; p++)
    for (guint r = 0; r <= max_seeds; r++)
      {
        /* C(r + p - 1, p - 1): Pascal's rule along p */
        guint64 ways = p == 1 || r == 0 ? 1 : indexing->ways[p - 1][r] + indexing->ways[p][r - 1];

        if (ways > CONGKAK_ENDGAME_MAX_POSITIONS)
          return FALSE;
        indexing->ways[p][r] = ways;
      }

  indexing->first[0] = 0;
  for (guint k = 0; k <= max_seeds; k++)
    {
      indexing->first[k + 1] = indexing->first[k] + indexing->ways[parts][k];
      if (indexing->first[k + 1] > CONGKAK_ENDGAME_MAX_POSITIONS)
        return FALSE;
    }
  indexing->n_positions = indexing->first[max_seeds + 1];
  return TRUE;
}

/* Fills in the indexing of positions; FALSE if there are too many. */
static gboolean
init_indexing (CongkakEndgame     *endgame,
               const CongkakRules *rules,
               guint               max_seeds)
{
  return congkak_endgame_indexing_init (&endgame->indexing, 2 * rules->holes, max_seeds);
}

static gboolean
rules_apply (const CongkakRules  *rules,
             guint                max_seeds,
             GError             **error)
{
  if (rules->family != CONGKAK_FAMILY_STORE || rules->multi_round || rules->simultaneous_opening)
    {
      g_set_error_literal (error, CONGKAK_ENDGAME_ERROR, CONGKAK_ENDGAME_ERROR_NOT_APPLICABLE,
                           _("An endgame database covers single-round store games without a simultaneous opening only."));
      return FALSE;
    }
  if (max_seeds > CONGKAK_ENDGAME_MAX_SEEDS)
    {
      g_set_error (error, CONGKAK_ENDGAME_ERROR, CONGKAK_ENDGAME_ERROR_TOO_LARGE,
                   ngettext ("An endgame database covers at most %u seed on the board.",
                             "An endgame database covers at most %u seeds on the board.",
                             CONGKAK_ENDGAME_MAX_SEEDS),
                   CONGKAK_ENDGAME_MAX_SEEDS);
      return FALSE;
    }
  return TRUE;
}

/**
 * congkak_endgame_count_positions:
 *
 * Returns: the positions (one byte each) of a database of @max_seeds seeds
 *   for @rules, or 0 if that is more than any database here can hold.
 */
guint64
congkak_endgame_count_positions (const CongkakRules *rules,
                                 guint               max_seeds)
{
  g_autofree CongkakEndgame *endgame = g_new0 (CongkakEndgame, 1);

  g_return_val_if_fail (rules != NULL, 0);

  if (!rules_apply (rules, max_seeds, NULL) || !init_indexing (endgame, rules, max_seeds))
    return 0;
  return endgame->indexing.n_positions;
}

/**
 * congkak_endgame_suggest_seeds:
 *
 * How large a database pays for a solve of @rules from the start (see
 * README "Performance"): 3/8 of the seeds, at most a GiB of positions;
 * none below 40 seeds, where the whole solve takes less than building
 * it.
 *
 * Returns: the most seeds on the board to cover, 0 for none.
 */
guint
congkak_endgame_suggest_seeds (const CongkakRules *rules)
{
  guint total;
  guint seeds;

  g_return_val_if_fail (rules != NULL, 0);

  total = congkak_rules_total_seeds (rules);
  if (!rules_apply (rules, 0, NULL) || total < 40)
    return 0;
  seeds = MIN (total * 3 / 8, CONGKAK_ENDGAME_MAX_SEEDS);
  while (seeds > 0)
    {
      guint64 positions = congkak_endgame_count_positions (rules, seeds);

      if (positions != 0 && positions <= G_GUINT64_CONSTANT (1) << 30)
        break;
      seeds--;
    }
  return seeds;
}

/**
 * congkak_endgame_indexing_unrank:
 *
 * Fills @cells with the holes of the position of rank @index.
 *
 * Returns: its seeds.
 */
guint
congkak_endgame_indexing_unrank (const CongkakEndgameIndexing *indexing,
                                 guint64                       index,
                                 guint8                        cells[2 * CONGKAK_MAX_HOLES])
{
  guint seeds = 0;
  guint left;

  while (indexing->first[seeds + 1] <= index)
    seeds++;
  index -= indexing->first[seeds];
  left = seeds;
  for (guint i = 0, parts = indexing->parts; i < indexing->parts; i++, parts--)
    {
      guint c = 0;

      /* The largest c whose positions before it do not pass index. */
      while (c < left && indexing->ways[parts][left] - indexing->ways[parts][left - c - 1] <= index)
        c++;
      index -= indexing->ways[parts][left] - indexing->ways[parts][left - c];
      cells[i] = (guint8) c;
      left -= c;
    }
  return seeds;
}

/**
 * congkak_endgame_indexing_next:
 *
 * Turns @cells (with @seeds seeds) into the next position in rank order:
 * the holes as a weak composition of the seeds, in lexicographic order;
 * after the last one (all seeds in the first hole) the first of one seed
 * more (all in the last hole).
 *
 * Returns: its seeds.
 */
guint
congkak_endgame_indexing_next (const CongkakEndgameIndexing *indexing,
                               guint8                        cells[2 * CONGKAK_MAX_HOLES],
                               guint                         seeds)
{
  guint last = indexing->parts - 1;
  guint t = last;

  while (t > 0 && cells[t] == 0)
    t--;
  if (t == 0)
    {
      cells[0] = 0;
      cells[last] = (guint8) (seeds + 1);
      return seeds + 1;
    }
  {
    guint rest = cells[t] - 1u;

    cells[t - 1]++;
    cells[t] = 0;
    cells[last] = (guint8) (cells[last] + rest);
  }
  return seeds;
}

static void
board_from_cells (const CongkakEndgame *endgame,
                  const guint8          cells[2 * CONGKAK_MAX_HOLES],
                  CongkakKernelBoard   *board)
{
  guint n = endgame->kernel.n;

  memset (board, 0, sizeof *board);
  memcpy (&board->side[0], cells, n);
  memcpy (&board->side[1], cells + n, n);
}

static inline int
read_value (const CongkakEndgame *endgame,
            guint64               index)
{
  guint8 stored = __atomic_load_n (&endgame->values[index], __ATOMIC_RELAXED);

  return stored == CONGKAK_ENDGAME_UNKNOWN ? VALUE_INFINITY : (int) stored - CONGKAK_ENDGAME_BIAS;
}

static inline void
write_value (CongkakEndgame *endgame,
             guint64         index,
             int             value)
{
  __atomic_store_n (&endgame->values[index], (guint8) (value + CONGKAK_ENDGAME_BIAS), __ATOMIC_RELAXED);
}

typedef int (*ValueFunc) (CongkakEndgame           *endgame,
                          const CongkakKernelBoard *board,
                          guint                     seeds);

typedef struct
{
  CongkakKernelBoard board;
  guint64            index;
  guint              seeds;
  int                gain;
  gboolean           same;
} Child;

/* A position whose children are played and on their way from memory. */
typedef struct
{
  Child children[CONGKAK_MAX_HOLES];
  guint n_children;
  int   best;  /* of the moves that end the round */
} Expanded;

/* Plays every move of @board (@seeds on the board; the mover has a move)
 * under the option set @flags, and fetches the children's entries. */
static inline G_ALWAYS_INLINE void
expand (const CongkakEndgame     *endgame,
        const CongkakKernelBoard *board,
        guint                     seeds,
        const guint               flags,
        Expanded                 *expanded)
{
  const CongkakKernel *kernel = &endgame->kernel;
  const guint n = kernel->n;
  const guint8 *own = (const guint8 *) &board->side[0];
  const guint8 *opp = (const guint8 *) &board->side[1];
  int stores = own[n] + opp[n];
  int before = own[n] - opp[n];

  expanded->n_children = 0;
  expanded->best = -VALUE_INFINITY;
  for (guint hole = 0; hole < n; hole++)
    {
      Child *child = &expanded->children[expanded->n_children];
      CongkakKernelOutcome outcome;
      const guint8 *first, *second;
      int gain;

      if (own[hole] == 0)
        continue;
      child->board = *board;
      outcome = congkak_kernel_play (kernel, &child->board, hole, flags);
      first = (const guint8 *) &child->board.side[0];
      second = (const guint8 *) &child->board.side[1];
      gain = (outcome == KERNEL_SWAP ? second[n] - first[n] : first[n] - second[n]) - before;
      if (outcome == KERNEL_OVER)
        {
          expanded->best = MAX (expanded->best, gain);
          continue;
        }
      child->seeds = seeds - (first[n] + second[n] - stores);
      child->index = congkak_endgame_index (endgame, &child->board, child->seeds);
      child->gain = gain;
      child->same = outcome == KERNEL_SAME;
      __builtin_prefetch (&endgame->values[child->index]);
      expanded->n_children++;
    }
}

/* The best of @expanded's moves; a child not known yet is valued first
 * by @recurse. */
static inline G_ALWAYS_INLINE int
finish (CongkakEndgame *endgame,
        const Expanded *expanded,
        ValueFunc       recurse)
{
  int best = expanded->best;

  for (guint i = 0; i < expanded->n_children; i++)
    {
      const Child *child = &expanded->children[i];
      int value = read_value (endgame, child->index);

      if (value == VALUE_INFINITY)
        {
          value = recurse (endgame, &child->board, child->seeds);
          write_value (endgame, child->index, value);
        }
      best = MAX (best, child->same ? child->gain + value : child->gain - value);
    }
  return best;
}

static inline gboolean
mover_has_seeds (const CongkakEndgame *endgame,
                 const guint8          cells[2 * CONGKAK_MAX_HOLES])
{
  for (guint i = 0; i < endgame->kernel.n; i++)
    if (cells[i] != 0)
      return TRUE;
  return FALSE;
}

/* Values the positions @index .. @end - 1 (the first has @cells and
 * @seeds) in batches: the children of a whole batch are fetched from
 * memory at once, before any is read. */
#define BATCH 8
#define DEFINE_VALUE(FLAGS) \
static int \
value_##FLAGS (CongkakEndgame           *endgame, \
               const CongkakKernelBoard *board, \
               guint                     seeds) \
{ \
  Expanded expanded; \
\
  expand (endgame, board, seeds, FLAGS, &expanded); \
  return finish (endgame, &expanded, value_##FLAGS); \
} \
\
static void \
build_range_##FLAGS (CongkakEndgame *endgame, \
                     guint64         index, \
                     guint64         end, \
                     guint8          cells[2 * CONGKAK_MAX_HOLES], \
                     guint           seeds) \
{ \
  Expanded batch[BATCH]; \
  guint64 batch_index[BATCH]; \
\
  while (index < end) \
    { \
      guint count = 0; \
\
      for (; index < end && count < BATCH; seeds = congkak_endgame_indexing_next (&endgame->indexing, cells, seeds), index++) \
        { \
          CongkakKernelBoard board; \
\
          if (read_value (endgame, index) != VALUE_INFINITY) \
            continue; \
          /* A mover without seeds is no position to move from (the \
           * kernel ends the round or passes before): 0 fills the place. */ \
          if (!mover_has_seeds (endgame, cells)) \
            { \
              write_value (endgame, index, 0); \
              continue; \
            } \
          board_from_cells (endgame, cells, &board); \
          expand (endgame, &board, seeds, FLAGS, &batch[count]); \
          batch_index[count++] = index; \
        } \
      for (guint i = 0; i < count; i++) \
        write_value (endgame, batch_index[i], finish (endgame, &batch[i], value_##FLAGS)); \
    } \
}

KERNEL_INSTANCES (DEFINE_VALUE)

static void
build_range (CongkakEndgame *endgame,
             guint64         index,
             guint64         end,
             guint8          cells[2 * CONGKAK_MAX_HOLES],
             guint           seeds)
{
  switch (endgame->kernel.flags)
    {
#define CASE_BUILD_RANGE(FLAGS) case FLAGS: build_range_##FLAGS (endgame, index, end, cells, seeds); break;
      KERNEL_INSTANCES (CASE_BUILD_RANGE)
#undef CASE_BUILD_RANGE
    default:
      g_assert_not_reached ();
    }
}

typedef struct
{
  CongkakEndgame *endgame;
  gint            next_block;
} Build;

/* Takes blocks of indices until none is left. */
static gpointer
build_worker (gpointer data)
{
  Build *build = data;
  CongkakEndgame *endgame = build->endgame;
  guint64 n_blocks = (endgame->indexing.n_positions + BLOCK_POSITIONS - 1) / BLOCK_POSITIONS;

  for (;;)
    {
      guint64 block = (guint64) g_atomic_int_add (&build->next_block, 1);
      guint8 cells[2 * CONGKAK_MAX_HOLES];
      guint64 index;
      guint seeds;

      if (block >= n_blocks)
        return NULL;
      index = block * BLOCK_POSITIONS;
      seeds = congkak_endgame_indexing_unrank (&endgame->indexing, index, cells);
      build_range (endgame, index, MIN (index + BLOCK_POSITIONS, endgame->indexing.n_positions), cells, seeds);
    }
}

static void
build (CongkakEndgame *endgame,
       guint           n_threads)
{
  Build state = { endgame, 0 };
  GThread *threads[8];

  n_threads = CLAMP (n_threads, 1, G_N_ELEMENTS (threads));
  for (guint i = 1; i < n_threads; i++)
    threads[i] = g_thread_new ("congkak-endgame", build_worker, &state);
  build_worker (&state);
  for (guint i = 1; i < n_threads; i++)
    g_thread_join (threads[i]);
}

static guint64
checksum (const guint8 *data,
          guint64       length)
{
  guint64 hash = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  guint64 i = 0;

  for (; i + 8 <= length; i += 8)
    {
      guint64 word;

      memcpy (&word, data + i, sizeof word);
      hash = (hash ^ GUINT64_FROM_LE (word)) * G_GUINT64_CONSTANT (0x100000001b3);
    }
  for (; i < length; i++)
    hash = (hash ^ data[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  return hash;
}

static void
fill_header (const CongkakEndgameFileInfo *info,
             FileHeader                   *header)
{
  memset (header, 0, sizeof *header);
  memcpy (header->magic, info->magic, sizeof header->magic);
  header->holes = GUINT32_TO_LE (info->holes);
  header->flags = GUINT32_TO_LE (info->flags);
  header->max_seeds = GUINT32_TO_LE (info->max_seeds);
  header->n_positions = GUINT64_TO_LE (info->n_positions);
}

/**
 * congkak_endgame_file_load:
 * @values: where the values go, info->length bytes
 *
 * Reads a database from its file.
 *
 * Returns: FALSE (and @values not to be trusted) if there is none, or it
 *   is not the database @info describes, or it was damaged.
 */
gboolean
congkak_endgame_file_load (const char                   *path,
                           const CongkakEndgameFileInfo *info,
                           guint8                       *values)
{
  FileHeader expected, header;
  FILE *file = g_fopen (path, "rb");
  gboolean ok;

  if (file == NULL)
    return FALSE;
  fill_header (info, &expected);
  ok = fread (&header, sizeof header, 1, file) == 1
       && memcmp (&header, &expected, G_STRUCT_OFFSET (FileHeader, checksum)) == 0
       && fread (values, 1, info->length, file) == info->length
       && fgetc (file) == EOF
       && GUINT64_FROM_LE (header.checksum) == checksum (values, info->length);
  fclose (file);
  return ok;
}

/**
 * congkak_endgame_file_save:
 *
 * Writes a database to @path (through a temporary file, so that a file
 * there is always whole), making its folder if needed.
 */
gboolean
congkak_endgame_file_save (const char                   *path,
                           const CongkakEndgameFileInfo *info,
                           const guint8                 *values,
                           GError                      **error)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *temporary = g_strconcat (path, ".partial", NULL);
  FileHeader header;
  FILE *file;
  gboolean ok;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Cannot make the folder “%s”: %s"), folder, g_strerror (saved_errno));
      return FALSE;
    }

  fill_header (info, &header);
  header.checksum = GUINT64_TO_LE (checksum (values, info->length));
  file = g_fopen (temporary, "wb");
  ok = file != NULL
       && fwrite (&header, sizeof header, 1, file) == 1
       && fwrite (values, 1, info->length, file) == info->length;
  if (file != NULL && fclose (file) != 0)
    ok = FALSE;
  if (ok && g_rename (temporary, path) != 0)
    ok = FALSE;
  if (!ok)
    {
      int saved_errno = errno;

      g_unlink (temporary);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Cannot write “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

static void
file_info (const CongkakEndgame   *endgame,
           CongkakEndgameFileInfo *info)
{
  *info = (CongkakEndgameFileInfo) {
    .magic = FILE_MAGIC,
    .holes = endgame->kernel.n,
    .flags = endgame->kernel.flags,
    .max_seeds = endgame->indexing.max_seeds,
    .n_positions = endgame->indexing.n_positions,
    .length = endgame->indexing.n_positions,
  };
}

static gboolean
load (CongkakEndgame *endgame)
{
  CongkakEndgameFileInfo info;

  file_info (endgame, &info);
  return congkak_endgame_file_load (endgame->path, &info, endgame->values);
}

static gboolean
save (CongkakEndgame  *endgame,
      GError         **error)
{
  CongkakEndgameFileInfo info;

  file_info (endgame, &info);
  return congkak_endgame_file_save (endgame->path, &info, endgame->values, error);
}

static char *
file_name (const CongkakRules *rules,
           guint               max_seeds)
{
  g_autofree char *relay = congkak_rules_get_option (rules, "relay");
  g_autofree char *capture = congkak_rules_get_option (rules, "capture-empty-opposite");
  g_autofree char *empty_side = congkak_rules_get_option (rules, "empty-side");

  return g_strdup_printf ("holes=%u,relay=%s,capture-empty-opposite=%s,empty-side=%s,max-seeds=%u.endgame",
                          rules->holes, relay, capture, empty_side, max_seeds);
}

/**
 * congkak_endgame_open:
 * @max_seeds: the database covers the positions with this many seeds on
 *   the board or fewer
 * @cache_dir: (nullable): the folder to read the database from if it was
 *   built before, and to save it to if it is built now; %NULL for neither
 * @n_threads: how many threads build it
 *
 * Reads the database of @rules from @cache_dir, or builds it (and saves
 * it there; if that fails the database is still there to use, and
 * congkak_endgame_get_save_error() says why it was not saved).
 *
 * Returns: (transfer full): the database, or %NULL if the rules have none
 *   or it does not fit in memory.
 */
CongkakEndgame *
congkak_endgame_open (const CongkakRules  *rules,
                      guint                max_seeds,
                      const char          *cache_dir,
                      guint                n_threads,
                      GError             **error)
{
  g_autoptr (CongkakEndgame) endgame = g_new0 (CongkakEndgame, 1);
  gint64 start = g_get_monotonic_time ();

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!rules_apply (rules, max_seeds, error))
    return NULL;

  endgame->rules = *rules;
  congkak_kernel_init (&endgame->kernel, rules);
  if (init_indexing (endgame, rules, max_seeds))
    endgame->values = congkak_kernel_table_alloc (endgame->indexing.n_positions, TRUE, &endgame->memory);
  if (endgame->values == NULL)
    {
      g_set_error_literal (error, CONGKAK_ENDGAME_ERROR, CONGKAK_ENDGAME_ERROR_TOO_LARGE,
                           _("There is not enough memory for this endgame database."));
      return NULL;
    }

  if (cache_dir != NULL)
    {
      g_autofree char *name = file_name (rules, max_seeds);

      endgame->path = g_build_filename (cache_dir, name, NULL);
      endgame->loaded = load (endgame);
    }
  if (!endgame->loaded)
    {
      /* A file that did not match may have left values behind. */
      memset (endgame->values, 0, endgame->indexing.n_positions);
      build (endgame, n_threads);
      if (endgame->path != NULL)
        save (endgame, &endgame->save_error);
    }
  endgame->seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  return g_steal_pointer (&endgame);
}

void
congkak_endgame_free (CongkakEndgame *endgame)
{
  if (endgame == NULL)
    return;
  g_free (endgame->memory);
  g_free (endgame->path);
  g_clear_error (&endgame->save_error);
  g_free (endgame);
}

/**
 * congkak_endgame_matches:
 *
 * Returns: whether @endgame holds the values of positions under @rules
 *   (the same holes and the same options of play).
 */
gboolean
congkak_endgame_matches (const CongkakEndgame *endgame,
                         const CongkakRules   *rules)
{
  g_return_val_if_fail (endgame != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  return rules_apply (rules, endgame->indexing.max_seeds, NULL)
         && rules->holes == endgame->kernel.n
         && congkak_kernel_flags (rules) == endgame->kernel.flags;
}

guint
congkak_endgame_get_max_seeds (const CongkakEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, 0);

  return endgame->indexing.max_seeds;
}

guint64
congkak_endgame_get_positions (const CongkakEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, 0);

  return endgame->indexing.n_positions;
}

/**
 * congkak_endgame_get_path:
 *
 * Returns: (nullable): the file the database was read from or saved to
 *   (or was to be saved to), %NULL without a cache folder.
 */
const char *
congkak_endgame_get_path (const CongkakEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, NULL);

  return endgame->path;
}

/**
 * congkak_endgame_was_loaded:
 *
 * Returns: %TRUE if the database was read from the cache, %FALSE if it was
 *   built.
 */
gboolean
congkak_endgame_was_loaded (const CongkakEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, FALSE);

  return endgame->loaded;
}

/**
 * congkak_endgame_get_seconds:
 *
 * Returns: how long reading or building it took, on the clock.
 */
double
congkak_endgame_get_seconds (const CongkakEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, 0);

  return endgame->seconds;
}

/**
 * congkak_endgame_get_save_error:
 *
 * Returns: (nullable): why a built database could not be saved, or %NULL.
 */
const GError *
congkak_endgame_get_save_error (const CongkakEndgame *endgame)
{
  g_return_val_if_fail (endgame != NULL, NULL);

  return endgame->save_error;
}
