/* congkak-puzzle-finder.c — puzzles from the positions of real matches
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a puzzle is, and how it is found: congkak-puzzle-finder.h.  The
 * engine's search is only read here: every value comes from
 * congkak_search_move_value() and congkak_search_solve(), every line from
 * congkak_search_best_move() or the solver's best line.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "congkak-analysis.h"
#include "congkak-match-file.h"
#include "congkak-puzzle-finder.h"
#include "congkak-puzzle-private.h"

/* The search's table, per run. */
#define TABLE_MB 16
/* Depths are kept for each move up to this one. */
#define MAX_DEPTH 64
/* The longest line a found puzzle shows, in moves. */
#define LINE_MAX_SHOWN 8
/* The cheap look that ranks the positions of a batch. */
#define RANK_DEPTH 3
#define RANK_NODES 2000
/* How many windows a proof of bounds tries before it gives up. */
#define PROOF_ATTEMPTS 4
/* Files are read until a batch has this many positions. */
#define BATCH_POSITIONS 2000

/* One position to judge: the board before a sowing move. */
typedef struct
{
  CongkakRules     rules;
  CongkakPosition  position;
  guint            round;
  char            *played;       /* the move played from it */
  char            *node;         /* that move's path in the file */
  guint            move_number;
  guint            source;       /* index in sources */
  CongkakPosition *history;      /* Oware: the positions since the last capture, this one last */
  guint            n_history;
  int              rank;         /* how promising a cheap look finds it: judged first */
  guint            index;        /* the order it was collected in */
} Item;

/* A position judged before, whatever match it came from. */
typedef struct
{
  CongkakRules    rules;
  CongkakPosition position;
  guint           round;
} SeenKey;

/* A file read during the run, and what is known of it before. */
typedef struct
{
  GFile               *file;
  CongkakPuzzleSource  about;
  gboolean             from_library;
} PendingFile;

struct _CongkakPuzzleFinder
{
  GObject                     parent_instance;

  CongkakPuzzleFinderOptions  options;
  GArray                     *items;     /* Item */
  GPtrArray                  *sources;   /* CongkakPuzzleSource */
  GPtrArray                  *files;     /* PendingFile */

  /* What a run found; written by the run's thread, read after it */
  GPtrArray                  *found;     /* CongkakPuzzle */
  GPtrArray                  *failures;  /* utf8: “file: message” */
  guint                       n_positions;
  guint                       files_read;      /* by the runs, for the progress's estimate */
  guint                       positions_read;
  gint                        n_found;         /* atomic: read by the main thread during a run */
  CongkakPuzzleFinderCounts   counts;
  GHashTable                 *seen;      /* SeenKey, across batches and runs */
  CongkakPuzzleSet           *set;

  /* The asynchronous run */
  gint                        cancel;
  guint                       generation;
  CongkakPuzzleFinderProgress progress;
  gpointer                    progress_data;
  GDestroyNotify              progress_notify;
};

G_DEFINE_FINAL_TYPE (CongkakPuzzleFinder, congkak_puzzle_finder, G_TYPE_OBJECT)

void
congkak_puzzle_finder_options_init (CongkakPuzzleFinderOptions *options)
{
  g_return_if_fail (options != NULL);

  options->max_nodes = CONGKAK_PUZZLE_FINDER_DEFAULT_NODES;
  options->max_depth = CONGKAK_PUZZLE_FINDER_DEFAULT_DEPTH;
  options->solve_nodes = CONGKAK_PUZZLE_FINDER_SOLVE_NODES;
  options->solve_max_seeds = CONGKAK_PUZZLE_FINDER_SOLVE_SEEDS;
  options->min_gap = 0;
  options->variations = TRUE;
  options->proof_nodes = CONGKAK_PUZZLE_FINDER_PROOF_NODES;
  options->keep_estimated = FALSE;
  options->max_puzzles = 0;
}

static void
item_clear (gpointer data)
{
  Item *item = data;

  g_clear_pointer (&item->played, g_free);
  g_clear_pointer (&item->node, g_free);
  g_clear_pointer (&item->history, g_free);
}

static void
source_free (gpointer data)
{
  congkak_puzzle_source_clear (data);
  g_free (data);
}

static void
pending_file_free (gpointer data)
{
  PendingFile *pending = data;

  g_object_unref (pending->file);
  congkak_puzzle_source_clear (&pending->about);
  g_free (pending);
}

static void
clear_progress (CongkakPuzzleFinder *self)
{
  if (self->progress_notify)
    self->progress_notify (self->progress_data);
  self->progress = NULL;
  self->progress_data = NULL;
  self->progress_notify = NULL;
}

static void
congkak_puzzle_finder_finalize (GObject *object)
{
  CongkakPuzzleFinder *self = CONGKAK_PUZZLE_FINDER (object);

  clear_progress (self);
  g_array_unref (self->items);
  g_ptr_array_unref (self->sources);
  g_ptr_array_unref (self->files);
  g_ptr_array_unref (self->found);
  g_ptr_array_unref (self->failures);
  g_hash_table_unref (self->seen);
  g_clear_object (&self->set);

  G_OBJECT_CLASS (congkak_puzzle_finder_parent_class)->finalize (object);
}

static void
congkak_puzzle_finder_class_init (CongkakPuzzleFinderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_puzzle_finder_finalize;
}

static guint
seen_hash (gconstpointer key)
{
  const SeenKey *seen = key;

  return congkak_position_hash (&seen->position) ^ (seen->round * 2654435761u)
         ^ (seen->rules.holes << 8) ^ seen->rules.seeds;
}

static gboolean
seen_equal (gconstpointer a,
            gconstpointer b)
{
  const SeenKey *x = a, *y = b;

  return x->round == y->round && congkak_position_equal (&x->position, &y->position)
         && congkak_rules_equal (&x->rules, &y->rules);
}

static void
congkak_puzzle_finder_init (CongkakPuzzleFinder *self)
{
  self->seen = g_hash_table_new_full (seen_hash, seen_equal, g_free, NULL);
  congkak_puzzle_finder_options_init (&self->options);
  self->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (self->items, item_clear);
  self->sources = g_ptr_array_new_with_free_func (source_free);
  self->files = g_ptr_array_new_with_free_func (pending_file_free);
  self->found = g_ptr_array_new_with_free_func (g_object_unref);
  self->failures = g_ptr_array_new_with_free_func (g_free);
}

/**
 * congkak_puzzle_finder_new:
 * @options: (nullable): how hard to look; %NULL for the defaults of
 *   congkak_puzzle_finder_options_init()
 *
 * Returns: (transfer full): a finder with nothing to look at yet
 */
CongkakPuzzleFinder *
congkak_puzzle_finder_new (const CongkakPuzzleFinderOptions *options)
{
  CongkakPuzzleFinder *self;

  g_return_val_if_fail (options == NULL || (options->max_depth >= 1 && options->max_depth <= MAX_DEPTH), NULL);
  g_return_val_if_fail (options == NULL || options->min_gap >= 0, NULL);

  self = g_object_new (CONGKAK_TYPE_PUZZLE_FINDER, NULL);
  if (options)
    self->options = *options;
  return self;
}

/* What a match says about itself, for its puzzles' source; @about holds
 * what was known before (the library's view of it), kept where set. */
static CongkakPuzzleSource *
describe_match (CongkakMatch              *match,
                const CongkakPuzzleSource *about)
{
  CongkakPuzzleSource *source = g_new0 (CongkakPuzzleSource, 1);
  const char *title = congkak_match_get_metadata (match, CONGKAK_METADATA_TITLE);
  const char *names[2];

  if (about)
    congkak_puzzle_source_copy (about, source);
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      g_free (source->players[side]);
      source->players[side] = g_strdup (congkak_match_get_player_name (match, side));
      source->kinds[side] = congkak_match_get_player_kind (match, side);
      names[side] = *source->players[side] ? source->players[side] : congkak_side_get_name (side);
    }
  if (source->title == NULL)
    /* TRANSLATORS: the two players of a match, "Ani vs Budi" */
    source->title = *title ? g_strdup (title) : g_strdup_printf (_("%s vs %s"), names[CONGKAK_SOUTH], names[CONGKAK_NORTH]);
  if (source->match_id == NULL)
    source->match_id = g_strdup (congkak_match_get_metadata (match, CONGKAK_METADATA_ID));
  if (source->date == NULL)
    source->date = g_strdup (congkak_match_get_metadata (match, CONGKAK_METADATA_DATE));
  return source;
}

static void
add_item (CongkakPuzzleFinder *self,
          CongkakMatch        *match,
          CongkakNode         *node,
          guint                source)
{
  const CongkakGame *game = congkak_match_get_game_at (match, congkak_node_get_parent (node));
  const CongkakState *before = congkak_game_get_state (game);
  Item item = { 0 };

  if (congkak_node_get_move (node)->kind != CONGKAK_MOVE_SOW || before->phase != CONGKAK_PHASE_PLAYING)
    return;
  item.rules = *congkak_match_get_rules (match);
  item.position = before->position;
  item.round = before->round;
  item.played = congkak_node_dup_move_text (node);
  /* congkak_node_dup_path() walks back up the line: on the main line the
   * path is known, and a long match stays linear. */
  if (congkak_node_is_main_line (node))
    item.node = g_strdup_printf ("moves[%u]", congkak_node_get_depth (node) - 1);
  else
    item.node = congkak_node_dup_path (node);
  item.move_number = congkak_node_get_depth (node);
  item.source = source;
  if (item.rules.family == CONGKAK_FAMILY_OWARE)
    {
      const CongkakPosition *history = congkak_game_peek_repetition_history (game, &item.n_history);

      item.history = g_memdup2 (history, item.n_history * sizeof *history);
    }
  item.index = self->items->len;
  g_array_append_val (self->items, item);
}

/* The positions before every sowing: the main line first, in order, then
 * the variations (depth first), as the analysis takes them. */
static void
collect_items (CongkakPuzzleFinder *self,
               CongkakMatch        *match,
               CongkakPuzzleSource *source)
{
  guint index = self->sources->len;

  g_ptr_array_add (self->sources, source);
  for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match));
       node != NULL; node = congkak_node_get_main_child (node))
    add_item (self, match, node, index);
  if (self->options.variations)
    {
      g_autoptr (GPtrArray) stack = g_ptr_array_new ();

      g_ptr_array_add (stack, congkak_match_get_root (match));
      while (stack->len > 0)
        {
          CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

          if (!congkak_node_is_root (node) && !congkak_node_is_main_line (node))
            add_item (self, match, node, index);
          for (guint i = congkak_node_get_n_children (node); i > 0; i--)
            g_ptr_array_add (stack, congkak_node_get_child (node, i - 1));
        }
    }
}

/**
 * congkak_puzzle_finder_add_match:
 * @file_name: (nullable): the match's file, for the puzzles' source
 *
 * Takes a snapshot of @match's positions, in the thread that owns it.
 */
void
congkak_puzzle_finder_add_match (CongkakPuzzleFinder *self,
                                 CongkakMatch        *match,
                                 const char          *file_name)
{
  CongkakPuzzleSource about = { 0 };

  g_return_if_fail (CONGKAK_IS_PUZZLE_FINDER (self));
  g_return_if_fail (CONGKAK_IS_MATCH (match));

  about.file = g_strdup (file_name);
  collect_items (self, match, describe_match (match, &about));
  congkak_puzzle_source_clear (&about);
}

static void
add_pending (CongkakPuzzleFinder       *self,
             GFile                     *file,
             const CongkakPuzzleSource *about,
             gboolean                   from_library)
{
  PendingFile *pending = g_new0 (PendingFile, 1);

  pending->file = g_object_ref (file);
  congkak_puzzle_source_copy (about, &pending->about);
  pending->from_library = from_library;
  g_ptr_array_add (self->files, pending);
}

/**
 * congkak_puzzle_finder_add_file:
 *
 * Adds a match file (JSON or the text notation), read during the run; one
 * that does not load is listed by congkak_puzzle_finder_get_failures().
 */
void
congkak_puzzle_finder_add_file (CongkakPuzzleFinder *self,
                                GFile               *file)
{
  CongkakPuzzleSource about = { 0 };

  g_return_if_fail (CONGKAK_IS_PUZZLE_FINDER (self));
  g_return_if_fail (G_IS_FILE (file));

  about.file = g_file_get_basename (file);
  add_pending (self, file, &about, FALSE);
  congkak_puzzle_source_clear (&about);
}

/**
 * congkak_puzzle_finder_add_library:
 *
 * Adds every match of a loaded library (damaged files aside), with the
 * library's title, identity and date of each; the files are read during
 * the run.
 */
void
congkak_puzzle_finder_add_library (CongkakPuzzleFinder *self,
                                   CongkakLibrary      *library)
{
  guint n;

  g_return_if_fail (CONGKAK_IS_PUZZLE_FINDER (self));
  g_return_if_fail (CONGKAK_IS_LIBRARY (library));

  n = g_list_model_get_n_items (G_LIST_MODEL (library));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (CongkakLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);
      CongkakPuzzleSource about = { 0 };

      if (congkak_library_entry_is_damaged (entry))
        continue;
      about.title = congkak_library_entry_dup_display_title (entry);
      about.match_id = g_strdup (congkak_library_entry_get_id (entry));
      about.file = g_strdup (congkak_library_entry_get_name (entry));
      about.date = g_strdup (congkak_library_entry_get_date (entry));
      add_pending (self, congkak_library_entry_get_file (entry), &about, TRUE);
      congkak_puzzle_source_clear (&about);
    }
}

/* Judging one position */

static gboolean
set_cancelled (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The search for puzzles was stopped."));
  return FALSE;
}

/* How much better than every other move the answer must be. */
static int
clear_gap (const CongkakPuzzleFinderOptions *options,
           const CongkakPosition            *position)
{
  if (options->min_gap > 0)
    return options->min_gap;
  return MAX (CONGKAK_ANALYSIS_MISTAKE_DROP, (int) congkak_position_total_seeds (position) / 12);
}

/* The best of @n values and how far ahead of the rest it is; the first of
 * equals is the best, and a gap of 0 says it is not alone. */
static guint
best_of (const int *values,
         guint      n,
         int       *gap,
         guint     *second)
{
  guint best = 0, next = n;

  for (guint i = 1; i < n; i++)
    if (values[i] > values[best])
      best = i;
  for (guint i = 0; i < n; i++)
    if (i != best && (next == n || values[i] > values[next]))
      next = i;
  *gap = values[best] - values[next];
  if (second)
    *second = next;
  return best;
}

static char *
move_text (CongkakSide side,
           guint       hole)
{
  CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = side, .hole = hole };

  return congkak_move_to_string (&move);
}

typedef struct
{
  guint8    holes[CONGKAK_MAX_HOLES];
  guint     n;
  int       values[MAX_DEPTH + 1][CONGKAK_MAX_HOLES];  /* by depth, then move */
  guint     depth_done;
  gboolean  exact;
  int       solved[CONGKAK_MAX_HOLES];
  GPtrArray *lines[CONGKAK_MAX_HOLES];                /* the solver's, after each move */
} Judging;

static void
judging_clear (Judging *judging)
{
  for (guint i = 0; i < CONGKAK_MAX_HOLES; i++)
    g_clear_pointer (&judging->lines[i], g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Judging, judging_clear)

/* Every move valued one depth after the other, within the node budget. */
static gboolean
search_every_move (CongkakSearch                    *search,
                   const CongkakState               *state,
                   const CongkakPuzzleFinderOptions *options,
                   Judging                          *judging,
                   GError                          **error)
{
  guint64 used = 0;

  congkak_search_forget (search);
  for (guint depth = 1; depth <= options->max_depth; depth++)
    {
      gboolean exact = TRUE;

      for (guint i = 0; i < judging->n; i++)
        {
          gboolean finished;

          if (options->max_nodes > 0 && used >= options->max_nodes)
            return TRUE;
          congkak_search_set_node_limit (search, options->max_nodes > 0 ? options->max_nodes - used : 0);
          finished = congkak_search_move_value (search, state, judging->holes[i], depth,
                                                &judging->values[depth][i]);
          used += congkak_search_get_nodes (search);
          if (!finished)
            return congkak_search_was_cancelled (search) ? set_cancelled (error) : TRUE;
          exact &= congkak_search_is_exact (search);
        }
      judging->depth_done = depth;
      if (exact)
        {
          judging->exact = TRUE;
          return TRUE;
        }
    }
  return TRUE;
}

/* Every move solved to the round's end; FALSE in @solved when one does
 * not finish within the budget. */
static gboolean
solve_every_move (CongkakSearch                    *search,
                  const CongkakRules               *rules,
                  const CongkakState               *state,
                  const CongkakPuzzleFinderOptions *options,
                  Judging                          *judging,
                  gboolean                         *solved,
                  GError                          **error)
{
  CongkakSide mover = state->position.to_move;

  *solved = FALSE;
  for (guint i = 0; i < judging->n; i++)
    {
      CongkakState child = *state;
      int value;

      congkak_state_play_fast (&child, rules, judging->holes[i]);
      judging->lines[i] = g_ptr_array_new_with_free_func (g_free);
      if (child.phase != CONGKAK_PHASE_PLAYING)
        {
          judging->solved[i] = congkak_search_round_end_value (search, &child, mover);
          continue;
        }
      congkak_search_set_node_limit (search, options->solve_nodes);
      value = congkak_search_solve (search, &child, judging->lines[i], NULL);
      if (!congkak_search_is_exact (search))
        return congkak_search_was_cancelled (search) ? set_cancelled (error) : TRUE;
      judging->solved[i] = child.position.to_move == mover ? value : -value;
    }
  *solved = TRUE;
  return TRUE;
}

/* The shallowest depth from which @best is the best move at every depth
 * searched; one more than searched when it never is. */
static guint
depth_to_see (const Judging *judging,
              guint          best)
{
  guint seen = judging->depth_done + 1;

  for (guint depth = judging->depth_done; depth >= 1; depth--)
    {
      int gap;

      if (best_of (judging->values[depth], judging->n, &gap, NULL) != best || gap <= 0)
        break;
      seen = depth;
    }
  return seen;
}

/* The answer, then best play for @length moves in all. */
static gboolean
build_line (CongkakSearch                    *search,
            const CongkakRules               *rules,
            const CongkakState               *state,
            const CongkakPuzzleFinderOptions *options,
            const Judging                    *judging,
            guint                             best,
            guint                             length,
            gboolean                          from_solver,
            GStrvBuilder                     *line,
            GError                          **error)
{
  CongkakState next = *state;
  guint moves = 1;

  g_strv_builder_take (line, move_text (state->position.to_move, judging->holes[best]));
  if (from_solver)
    {
      GPtrArray *rest = judging->lines[best];

      for (guint i = 0; i < rest->len && moves < length; i++, moves++)
        g_strv_builder_add (line, g_ptr_array_index (rest, i));
      return TRUE;
    }

  congkak_state_play_fast (&next, rules, judging->holes[best]);
  for (; moves < length && next.phase == CONGKAK_PHASE_PLAYING; moves++)
    {
      guint depth = judging->depth_done > moves ? judging->depth_done - moves : 1;
      guint8 hole;

      congkak_search_set_node_limit (search, options->max_nodes);
      if (!congkak_search_best_move (search, &next, depth, 0, &hole, NULL, NULL))
        return set_cancelled (error);
      g_strv_builder_take (line, move_text (next.position.to_move, hole));
      congkak_state_play_fast (&next, rules, hole);
    }
  return TRUE;
}

/* Proving a claim */

typedef enum
{
  PROOF_HOLDS,
  PROOF_FAILS,
  PROOF_UNKNOWN,    /* over the budget */
  PROOF_CANCELLED,
} ProofResult;

static int
store_margin (const CongkakPosition *position,
              CongkakSide            side)
{
  return (int) position->store[side] - (int) position->store[CONGKAK_OTHER_SIDE (side)];
}

static gboolean
history_has (const CongkakPosition *history,
             guint                  n_history,
             const CongkakPosition *position)
{
  for (guint i = 0; i < n_history; i++)
    if (congkak_position_equal (&history[i], position))
      return TRUE;
  return FALSE;
}

/* Whether the mover can end the round at least @target seeds ahead (a
 * store margin) after sowing @hole. */
static ProofResult
move_at_least (CongkakSearch                    *search,
               const CongkakRules               *rules,
               const CongkakState               *state,
               guint8                            hole,
               const CongkakPosition            *history,
               guint                             n_history,
               const CongkakPuzzleFinderOptions *options,
               int                               target)
{
  CongkakSide mover = state->position.to_move;
  CongkakState child = *state;
  gboolean holds;

  congkak_state_play_fast (&child, rules, hole);
  if (child.phase == CONGKAK_PHASE_PLAYING && rules->family == CONGKAK_FAMILY_OWARE
      && history_has (history, n_history, &child.position))
    congkak_state_end_by_repetition (&child, rules, NULL);
  if (child.phase != CONGKAK_PHASE_PLAYING)
    return store_margin (&child.position, mover) >= target ? PROOF_HOLDS : PROOF_FAILS;

  congkak_search_set_node_limit (search, options->proof_nodes);
  if (child.position.to_move == mover)
    {
      if (!congkak_search_prove_at_least (search, &child, history, n_history, target, &holds))
        return congkak_search_was_cancelled (search) ? PROOF_CANCELLED : PROOF_UNKNOWN;
      return holds ? PROOF_HOLDS : PROOF_FAILS;
    }
  /* The opponent moves: the mover gets at least target unless the
   * opponent can get at least -target + 1. */
  if (!congkak_search_prove_at_least (search, &child, history, n_history, 1 - target, &holds))
    return congkak_search_was_cancelled (search) ? PROOF_CANCELLED : PROOF_UNKNOWN;
  return holds ? PROOF_FAILS : PROOF_HOLDS;
}

static ProofResult
move_at_most (CongkakSearch                    *search,
              const CongkakRules               *rules,
              const CongkakState               *state,
              guint8                            hole,
              const CongkakPosition            *history,
              guint                             n_history,
              const CongkakPuzzleFinderOptions *options,
              int                               target)
{
  ProofResult result = move_at_least (search, rules, state, hole, history, n_history, options, target + 1);

  if (result == PROOF_HOLDS)
    return PROOF_FAILS;
  if (result == PROOF_FAILS)
    return PROOF_HOLDS;
  return result;
}

/* Proves that the answer gives at least *@lower and every other move at
 * most *@lower − @min_gap, starting half-way in the search's gap and
 * moving the window as the proofs tell where the values are.  PROOF_FAILS
 * only when it is decided: some other move comes within @min_gap of the
 * answer (or beats it). */
static ProofResult
prove_bounds (CongkakSearch                    *search,
              const CongkakRules               *rules,
              const CongkakState               *state,
              const Judging                    *judging,
              guint                             best,
              guint                             second,
              const CongkakPosition            *history,
              guint                             n_history,
              const CongkakPuzzleFinderOptions *options,
              int                               min_gap,
              int                              *lower)
{
  int answer_at_most = G_MAXINT;  /* what the proofs so far tell of the answer */
  int answer_at_least = G_MININT;

  for (guint attempt = 0; attempt < PROOF_ATTEMPTS; attempt++)
    {
      int upper = *lower - min_gap;
      guint rival = judging->n;
      ProofResult result;

      /* The next best first (where a refutation is likeliest), then the rest. */
      for (guint k = 0; k < judging->n && rival == judging->n; k++)
        {
          guint i = k == 0 ? second : k - 1 + (k - 1 >= second);

          if (i == best || i >= judging->n)
            continue;
          result = move_at_most (search, rules, state, judging->holes[i], history, n_history, options, upper);
          if (result == PROOF_FAILS)
            rival = i;
          else if (result != PROOF_HOLDS)
            return result;
        }
      if (rival < judging->n)
        {
          /* The rival gives more than upper: the answer must give min-gap more. */
          if (answer_at_most <= upper + min_gap)
            return PROOF_FAILS;
          result = move_at_least (search, rules, state, judging->holes[best], history, n_history, options,
                                  upper + 1 + min_gap);
          if (result == PROOF_FAILS)
            return PROOF_FAILS;
          if (result != PROOF_HOLDS)
            return result;
          *lower = answer_at_least = upper + 1 + min_gap;
          continue;
        }

      /* Every other move gives at most upper. */
      if (answer_at_least >= *lower)
        return PROOF_HOLDS;
      result = move_at_least (search, rules, state, judging->holes[best], history, n_history, options, *lower);
      if (result == PROOF_HOLDS)
        return PROOF_HOLDS;
      if (result != PROOF_FAILS)
        return result;
      answer_at_most = *lower - 1;
      *lower -= 1 + attempt;
    }
  return PROOF_UNKNOWN;
}

static gboolean
judge (CongkakSearch                    *search,
       const CongkakRules               *rules,
       const CongkakPosition            *position,
       guint                             round,
       const CongkakPosition            *history,
       guint                             n_history,
       const CongkakPuzzleFinderOptions *options,
       CongkakPuzzleFinderCounts        *counts,
       CongkakPuzzle                   **puzzle,
       GError                          **error)
{
  g_auto (Judging) judging = { 0 };
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) line = NULL;
  g_autoptr (CongkakPuzzle) found = NULL;
  CongkakState state;
  const int *values;
  CongkakPuzzleProof proof = CONGKAK_PUZZLE_PROOF_ESTIMATE;
  gboolean decided = FALSE, solved = FALSE;
  guint best, second, depth;
  int gap, min_gap, value, next_value;

  *puzzle = NULL;
  if (!congkak_puzzle_state_init (&state, rules, position, round, NULL)
      || state.phase != CONGKAK_PHASE_PLAYING)
    return TRUE;
  judging.n = congkak_state_legal_moves (&state, rules, judging.holes);
  if (judging.n < 2)
    return TRUE;
  min_gap = clear_gap (options, position);

  if (!search_every_move (search, &state, options, &judging, error))
    return FALSE;
  if (judging.depth_done == 0)
    return TRUE;

  /* Clearly best at the deepest depth, and already at the one before. */
  values = judging.values[judging.depth_done];
  best = best_of (values, judging.n, &gap, &second);
  if (gap < min_gap)
    return TRUE;
  if (!judging.exact && judging.depth_done >= 2)
    {
      int before_gap;

      if (best_of (judging.values[judging.depth_done - 1], judging.n, &before_gap, NULL) != best
          || before_gap < min_gap)
        return TRUE;
    }

  /* A claim: now the proof. */
  counts->candidates++;
  value = values[best];
  next_value = values[second];

  /* The search's exact values are margins only in a game of one round
   * without repetition. */
  if (judging.exact && rules->family == CONGKAK_FAMILY_STORE && !rules->multi_round)
    {
      proof = CONGKAK_PUZZLE_PROOF_EXACT;
      decided = TRUE;
    }
  if (!decided && options->proof_nodes > 0 && options->solve_nodes > 0 && congkak_search_can_solve (rules, NULL)
      && congkak_position_side_seeds (&state.position, CONGKAK_SOUTH)
         + congkak_position_side_seeds (&state.position, CONGKAK_NORTH) <= options->solve_max_seeds)
    {
      if (!solve_every_move (search, rules, &state, options, &judging, &solved, error))
        return FALSE;
      if (solved)
        {
          /* The proof decides, whatever the search guessed. */
          values = judging.solved;
          best = best_of (values, judging.n, &gap, &second);
          if (gap < min_gap)
            {
              counts->refuted++;
              return TRUE;
            }
          value = values[best];
          next_value = values[second];
          proof = CONGKAK_PUZZLE_PROOF_EXACT;
          decided = TRUE;
        }
    }
  if (!decided && options->proof_nodes > 0
      && ABS (value) < CONGKAK_SEARCH_MATCH_WIN / 2 && ABS (next_value) < CONGKAK_SEARCH_MATCH_WIN / 2)
    {
      int lower = value - (gap - min_gap) / 2;

      switch (prove_bounds (search, rules, &state, &judging, best, second, history, n_history, options,
                            min_gap, &lower))
        {
        case PROOF_HOLDS:
          value = lower;
          next_value = lower - min_gap;
          proof = CONGKAK_PUZZLE_PROOF_BOUNDS;
          decided = TRUE;
          break;
        case PROOF_FAILS:
          counts->refuted++;
          return TRUE;
        case PROOF_UNKNOWN:
          break;
        case PROOF_CANCELLED:
        default:
          return set_cancelled (error);
        }
    }
  if (!decided)
    {
      counts->unproved++;
      /* An estimate is kept only on the scale of seeds: a multi-round
       * search's values hold its outlook for the next round. */
      if (!options->keep_estimated || rules->multi_round
          || ABS (value) >= CONGKAK_SEARCH_MATCH_WIN / 2 || ABS (next_value) >= CONGKAK_SEARCH_MATCH_WIN / 2)
        return TRUE;
      counts->estimated++;
    }
  else if (proof == CONGKAK_PUZZLE_PROOF_EXACT)
    counts->exact++;
  else
    counts->bounds++;

  depth = depth_to_see (&judging, best);
  if (!build_line (search, rules, &state, options, &judging, best, MIN (depth, LINE_MAX_SHOWN), solved,
                   builder, error))
    return FALSE;
  line = g_strv_builder_end (builder);

  found = congkak_puzzle_new (rules, position, round, (const char * const *) line, NULL, error);
  if (found == NULL)
    return FALSE;
  {
    g_autofree char *next_best = move_text (state.position.to_move, judging.holes[second]);

    congkak_puzzle_set_values (found, value, next_best, next_value, proof == CONGKAK_PUZZLE_PROOF_EXACT);
    congkak_puzzle_set_proof (found, proof);
  }
  congkak_puzzle_set_depth (found, depth);
  congkak_puzzle_set_difficulty (found, congkak_puzzle_difficulty_for_depth (depth));
  *puzzle = g_steal_pointer (&found);
  return TRUE;
}

/**
 * congkak_puzzle_find_in_position:
 * @round: the round the board is in, from 1
 * @options: (nullable): how hard to look; %NULL for the defaults
 * @cancel: (nullable): a flag that stops the search when set
 * @counts: (nullable) (inout): what became of the claim, added to
 * @puzzle: (out) (transfer full) (nullable): the puzzle, or %NULL when
 *   the position is none (no move is clearly best, or not provably)
 *
 * Judges one board as the finder judges the positions of matches, with no
 * history before it (in Oware a repetition counts from this board on).
 *
 * Returns: %FALSE if cancelled (G_IO_ERROR_CANCELLED)
 */
gboolean
congkak_puzzle_find_in_position (const CongkakRules               *rules,
                                 const CongkakPosition            *position,
                                 guint                             round,
                                 const CongkakPuzzleFinderOptions *options,
                                 const gint                       *cancel,
                                 CongkakPuzzleFinderCounts        *counts,
                                 CongkakPuzzle                   **puzzle,
                                 GError                          **error)
{
  g_autoptr (CongkakSearch) search = NULL;
  CongkakPuzzleFinderOptions defaults;
  CongkakPuzzleFinderCounts ignored = { 0 };
  CongkakPosition position_only = *position;

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (round >= 1 && round <= CONGKAK_MAX_MAX_ROUNDS, FALSE);
  g_return_val_if_fail (options == NULL || (options->max_depth >= 1 && options->max_depth <= MAX_DEPTH), FALSE);
  g_return_val_if_fail (puzzle != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (options == NULL)
    {
      congkak_puzzle_finder_options_init (&defaults);
      options = &defaults;
    }
  search = congkak_search_new (rules, TABLE_MB);
  congkak_search_set_cancel (search, cancel);
  return judge (search, rules, position, round, &position_only, 1, options, counts ? counts : &ignored,
                puzzle, error);
}

/* The run */

static gboolean
is_cancelled (const gint *cancel)
{
  return cancel != NULL && g_atomic_int_get (cancel);
}

/* Reads files until the batch has @min_items positions or the files run
 * out. */
static void
load_pending_files (CongkakPuzzleFinder *self,
                    guint                min_items,
                    const gint          *cancel)
{
  guint i;

  for (i = 0; i < self->files->len && self->items->len < min_items && !is_cancelled (cancel); i++)
    {
      PendingFile *pending = g_ptr_array_index (self->files, i);
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakMatch) match = congkak_match_load_any_from_file (pending->file, NULL, NULL, &error);

      if (match == NULL)
        {
          /* TRANSLATORS: a match file that could not be read, and why */
          g_ptr_array_add (self->failures, g_strdup_printf (_("%s: %s"), pending->about.file, error->message));
          continue;
        }
      {
        guint before = self->items->len;

        collect_items (self, match, describe_match (match, &pending->about));
        self->positions_read += self->items->len - before;
        self->files_read++;
      }
    }
  g_ptr_array_remove_range (self->files, 0, i);
}

/* How promising a position looks to a shallow search: how far its best
 * move is ahead of the next, more when a person played another move;
 * G_MININT for one that cannot be a puzzle. */
static int
rank_item (CongkakPuzzleFinder *self,
           CongkakSearch       *search,
           const Item          *item)
{
  const CongkakPuzzleSource *source = g_ptr_array_index (self->sources, item->source);
  guint8 holes[CONGKAK_MAX_HOLES];
  int values[CONGKAK_MAX_HOLES];
  CongkakState state;
  guint n, best = 0, next = 0;
  int rank;

  if (!congkak_puzzle_state_init (&state, &item->rules, &item->position, item->round, NULL)
      || state.phase != CONGKAK_PHASE_PLAYING)
    return G_MININT;
  n = congkak_state_legal_moves (&state, &item->rules, holes);
  if (n < 2)
    return G_MININT;
  congkak_search_forget (search);
  congkak_search_set_node_limit (search, RANK_NODES);
  for (guint i = 0; i < n; i++)
    if (!congkak_search_move_value (search, &state, holes[i], RANK_DEPTH, &values[i]))
      return 0;
  for (guint i = 1; i < n; i++)
    if (values[i] > values[best])
      best = i;
  next = best == 0 ? 1 : 0;
  for (guint i = 0; i < n; i++)
    if (i != best && values[i] > values[next])
      next = i;
  rank = MIN (values[best] - values[next], CONGKAK_SEARCH_MATCH_WIN / 4);
  if (source->kinds[state.position.to_move] == CONGKAK_PLAYER_HUMAN && item->played != NULL)
    {
      g_autofree char *shallow_best = move_text (state.position.to_move, holes[best]);

      if (g_ascii_strcasecmp (shallow_best, item->played) != 0)
        rank += clear_gap (&self->options, &item->position);
    }
  return rank;
}

static int
compare_rank (gconstpointer a,
              gconstpointer b)
{
  const Item *x = *(const Item * const *) a;
  const Item *y = *(const Item * const *) b;

  if (x->rank != y->rank)
    return x->rank > y->rank ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static int
compare_found (gconstpointer a,
               gconstpointer b)
{
  const guint *x = a, *y = b;

  return *x < *y ? -1 : *x > *y;
}

typedef struct
{
  CongkakPuzzleFinder         *self;
  CongkakPuzzleFinderProgress  progress;
  gpointer                     user_data;
  const gint                  *cancel;
  CongkakSearch               *search;
  guint                        done;
} Run;

static gboolean
run_enough (CongkakPuzzleFinder *self)
{
  return self->options.max_puzzles > 0 && self->found->len >= self->options.max_puzzles;
}

static void
use_search_for (Run                *run,
                const CongkakRules *rules)
{
  if (run->search == NULL || !congkak_rules_equal (congkak_search_get_rules (run->search), rules))
    {
      g_clear_pointer (&run->search, congkak_search_free);
      run->search = congkak_search_new (rules, TABLE_MB);
      congkak_search_set_cancel (run->search, run->cancel);
    }
}

/* Judges the positions collected from @start to @end, most promising
 * first. */
static gboolean
judge_batch (Run     *run,
             guint    start,
             guint    end,
             GError **error)
{
  CongkakPuzzleFinder *self = run->self;
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  g_autoptr (GArray) found_at = g_array_new (FALSE, FALSE, sizeof (guint));
  guint first_found = self->found->len;
  /* The files not read yet are guessed as long as those read. */
  guint total = run->done + self->items->len - start
                + (self->files_read > 0 ? (guint) ((guint64) self->files->len * self->positions_read / self->files_read) : 0);
  gboolean ok = TRUE;

  for (guint i = start; i < end; i++)
    {
      Item *item = &g_array_index (self->items, Item, i);
      SeenKey *key = g_new (SeenKey, 1);

      key->rules = item->rules;
      key->position = item->position;
      key->round = item->round;
      if (!g_hash_table_add (self->seen, key))
        continue;
      self->n_positions++;
      use_search_for (run, &item->rules);
      item->rank = rank_item (self, run->search, item);
      if (congkak_search_was_cancelled (run->search))
        return set_cancelled (error);
      if (item->rank != G_MININT)
        g_ptr_array_add (order, item);
    }
  g_ptr_array_sort (order, compare_rank);

  for (guint i = 0; i < order->len && ok && !run_enough (self); i++)
    {
      Item *item = g_ptr_array_index (order, i);
      g_autoptr (CongkakPuzzle) puzzle = NULL;

      if (run->progress)
        run->progress (run->done + i, total, run->user_data);
      use_search_for (run, &item->rules);
      self->counts.judged++;
      ok = judge (run->search, &item->rules, &item->position, item->round, item->history, item->n_history,
                  &self->options, &self->counts, &puzzle, error);
      if (ok && puzzle && self->found->len < CONGKAK_PUZZLE_SET_MAX_PUZZLES)
        {
          CongkakPuzzleSource source = { 0 };

          congkak_puzzle_source_copy (g_ptr_array_index (self->sources, item->source), &source);
          source.node = g_strdup (item->node);
          source.move_number = item->move_number;
          source.played = g_strdup (item->played);
          congkak_puzzle_set_source (puzzle, &source);
          congkak_puzzle_source_clear (&source);
          g_array_append_val (found_at, item->index);
          g_ptr_array_add (self->found, g_steal_pointer (&puzzle));
          g_atomic_int_set (&self->n_found, self->found->len);
        }
    }
  run->done += end - start;

  /* The batch's puzzles in the order of their positions. */
  if (found_at->len > 1)
    {
      g_autoptr (GPtrArray) puzzles = g_ptr_array_new_with_free_func (g_object_unref);
      g_autofree guint *sorted = g_memdup2 (found_at->data, found_at->len * sizeof (guint));

      qsort (sorted, found_at->len, sizeof (guint), compare_found);
      for (guint i = 0; i < found_at->len; i++)
        for (guint j = 0; j < found_at->len; j++)
          if (g_array_index (found_at, guint, j) == sorted[i])
            g_ptr_array_add (puzzles, g_object_ref (g_ptr_array_index (self->found, first_found + j)));
      for (guint i = 0; i < puzzles->len; i++)
        {
          g_object_unref (g_ptr_array_index (self->found, first_found + i));
          self->found->pdata[first_found + i] = g_object_ref (g_ptr_array_index (puzzles, i));
        }
    }
  return ok;
}

/**
 * congkak_puzzle_finder_run:
 * @progress: (nullable) (scope call): called before each position judged,
 *   from the calling thread, with the positions judged and those read so
 *   far (more come as more files are read)
 * @cancel: (nullable): a flag that stops the run when set
 *
 * Reads the files added a batch at a time, and judges the positions of
 * each batch, most promising first; stops once max-puzzles are found.  May
 * run in any thread, one run at a time.  The puzzles found are added to
 * what congkak_puzzle_finder_get_puzzles() gives.
 *
 * Returns: %FALSE if cancelled (G_IO_ERROR_CANCELLED); the puzzles found
 *   by then are kept.
 */
gboolean
congkak_puzzle_finder_run (CongkakPuzzleFinder         *self,
                           CongkakPuzzleFinderProgress  progress,
                           gpointer                     user_data,
                           const gint                  *cancel,
                           GError                     **error)
{
  Run run = { self, progress, user_data, cancel, NULL, 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_FINDER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  while (ok && !run_enough (self))
    {
      load_pending_files (self, BATCH_POSITIONS, cancel);
      if (is_cancelled (cancel))
        {
          ok = set_cancelled (error);
          break;
        }
      if (self->items->len == 0)
        break;
      /* A long match is judged a batch at a time too. */
      for (guint start = 0; ok && start < self->items->len && !run_enough (self); start += BATCH_POSITIONS)
        ok = judge_batch (&run, start, MIN (start + BATCH_POSITIONS, self->items->len), error);
      g_array_set_size (self->items, 0);
      g_ptr_array_set_size (self->sources, 0);
    }
  g_clear_pointer (&run.search, congkak_search_free);
  if (!ok)
    return FALSE;
  /* What is left unread when enough were found is not wanted. */
  g_ptr_array_set_size (self->files, 0);
  g_array_set_size (self->items, 0);
  if (progress)
    progress (run.done, run.done, user_data);
  return TRUE;
}

typedef struct
{
  CongkakPuzzleFinder *self;
  guint                generation;
  guint                done;
  guint                total;
} ProgressReport;

static gboolean
deliver_progress (gpointer data)
{
  ProgressReport *report = data;
  CongkakPuzzleFinder *self = report->self;

  /* A report that arrives after the run finished is late: drop it. */
  if (report->generation == self->generation && self->progress)
    self->progress (report->done, report->total, self->progress_data);
  return G_SOURCE_REMOVE;
}

static void
progress_report_free (gpointer data)
{
  ProgressReport *report = data;

  g_object_unref (report->self);
  g_free (report);
}

typedef struct
{
  CongkakPuzzleFinder *self;
  GMainContext        *context;
  guint                generation;
  GCancellable        *cancellable;
  gulong               cancel_handler;
} Worker;

static void
report_from_worker (guint    done,
                    guint    total,
                    gpointer user_data)
{
  Worker *worker = user_data;
  ProgressReport *report = g_new0 (ProgressReport, 1);

  report->self = g_object_ref (worker->self);
  report->generation = worker->generation;
  report->done = done;
  report->total = total;
  g_main_context_invoke_full (worker->context, G_PRIORITY_DEFAULT, deliver_progress, report, progress_report_free);
}

static void
run_in_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  CongkakPuzzleFinder *self = source_object;
  Worker *worker = task_data;
  GError *error = NULL;

  if (congkak_puzzle_finder_run (self, report_from_worker, worker, &self->cancel, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
cancel_run (GCancellable        *cancellable,
            CongkakPuzzleFinder *self)
{
  g_atomic_int_set (&self->cancel, 1);
}

static void
worker_free (gpointer data)
{
  Worker *worker = data;

  if (worker->cancel_handler)
    g_cancellable_disconnect (worker->cancellable, worker->cancel_handler);
  g_clear_object (&worker->cancellable);
  g_main_context_unref (worker->context);
  g_free (worker);
}

/**
 * congkak_puzzle_finder_run_async:
 * @progress: (nullable): called in the caller's main context as the run
 *   goes on, with the positions judged and their number
 * @cancellable: (nullable): stops the run within milliseconds
 *
 * congkak_puzzle_finder_run() in a worker thread.  Do not add matches or
 * files while it runs.
 */
void
congkak_puzzle_finder_run_async (CongkakPuzzleFinder         *self,
                                 CongkakPuzzleFinderProgress  progress,
                                 gpointer                     progress_data,
                                 GDestroyNotify               progress_notify,
                                 GCancellable                *cancellable,
                                 GAsyncReadyCallback          callback,
                                 gpointer                     user_data)
{
  g_autoptr (GTask) task = NULL;
  Worker *worker;

  g_return_if_fail (CONGKAK_IS_PUZZLE_FINDER (self));

  clear_progress (self);
  self->progress = progress;
  self->progress_data = progress_data;
  self->progress_notify = progress_notify;
  self->generation++;
  g_atomic_int_set (&self->cancel, 0);

  worker = g_new0 (Worker, 1);
  worker->self = self;
  worker->context = g_main_context_ref_thread_default ();
  worker->generation = self->generation;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, congkak_puzzle_finder_run_async);
  g_task_set_task_data (task, worker, worker_free);
  g_task_set_return_on_cancel (task, FALSE);
  if (cancellable)
    {
      worker->cancellable = g_object_ref (cancellable);
      worker->cancel_handler = g_cancellable_connect (cancellable, G_CALLBACK (cancel_run), self, NULL);
    }
  g_task_run_in_thread (task, run_in_thread);
}

/**
 * congkak_puzzle_finder_run_finish:
 *
 * Returns: %FALSE if cancelled (G_IO_ERROR_CANCELLED); the puzzles found
 *   by then are in congkak_puzzle_finder_get_puzzles() either way
 */
gboolean
congkak_puzzle_finder_run_finish (CongkakPuzzleFinder  *self,
                                  GAsyncResult         *result,
                                  GError              **error)
{
  Worker *worker;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_FINDER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  /* No late progress after this, and no more cancelling. */
  self->generation++;
  clear_progress (self);
  worker = g_task_get_task_data (G_TASK (result));
  if (worker->cancel_handler)
    g_cancellable_disconnect (worker->cancellable, worker->cancel_handler);
  worker->cancel_handler = 0;
  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * congkak_puzzle_finder_get_puzzles:
 *
 * Returns: (transfer none): the puzzles the runs found, in the order of
 *   the positions; read it in the main thread, after a run
 */
CongkakPuzzleSet *
congkak_puzzle_finder_get_puzzles (CongkakPuzzleFinder *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_FINDER (self), NULL);

  if (self->set == NULL)
    self->set = congkak_puzzle_set_new ();
  for (guint i = congkak_puzzle_set_get_n_puzzles (self->set); i < self->found->len; i++)
    congkak_puzzle_set_append (self->set, g_ptr_array_index (self->found, i));
  return self->set;
}

/**
 * congkak_puzzle_finder_get_failures:
 *
 * Returns: (transfer none) (element-type utf8): the files that did not
 *   load, each as “file: why”
 */
GPtrArray *
congkak_puzzle_finder_get_failures (CongkakPuzzleFinder *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_FINDER (self), NULL);

  return self->failures;
}

/**
 * congkak_puzzle_finder_get_counts:
 *
 * Returns: (transfer none): what became of the claims of the runs so far
 */
const CongkakPuzzleFinderCounts *
congkak_puzzle_finder_get_counts (CongkakPuzzleFinder *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_FINDER (self), NULL);

  return &self->counts;
}

/**
 * congkak_puzzle_finder_get_n_found:
 *
 * Returns: how many puzzles the runs have found so far; may be read from
 *   any thread while a run goes on (for its progress)
 */
guint
congkak_puzzle_finder_get_n_found (CongkakPuzzleFinder *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_FINDER (self), 0);

  return g_atomic_int_get (&self->n_found);
}

/**
 * congkak_puzzle_finder_get_n_positions:
 *
 * Returns: how many different positions the runs judged
 */
guint
congkak_puzzle_finder_get_n_positions (CongkakPuzzleFinder *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_FINDER (self), 0);

  return self->n_positions;
}
