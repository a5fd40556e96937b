/* congkak-puzzle-finder.h — puzzles from the positions of real matches
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How the app uses it, without blocking the window:
 *   1. congkak_puzzle_finder_new () and congkak_puzzle_finder_add_match ()
 *      (a snapshot of the positions, in the thread that owns the match),
 *      _add_file () or _add_library () (the files are read during the run);
 *   2. congkak_puzzle_finder_run_async (): a worker (GTask) reads the
 *      files and judges every position with the engine; the progress
 *      callback runs in the caller's main context; cancelling the
 *      GCancellable stops the search within milliseconds;
 *   3. congkak_puzzle_finder_get_puzzles () back in the main thread: the
 *      puzzles found (after a cancelled run too: those found by then).
 * congkak_puzzle_finder_run () does the work in the calling thread (the
 * CLI, tests).
 *
 * What a puzzle is.  A position before a sowing move, on the main line or
 * in a variation (each board once), where the player to move has two moves
 * or more and one of them is clearly better than every other: by at least
 * min-gap seeds of margin — by default a twelfth of the seeds in play, and
 * at least CONGKAK_ANALYSIS_MISTAKE_DROP, so that any other move would be
 * marked a mistake by the analysis (4 seeds in Kalah and Oware, 8 in
 * Congkak, where relays make big swings common).
 *
 * How it is found.  Every move is valued by the engine's search
 * (congkak_search_move_value()), one depth after the other within a node
 * budget; the answer must be the best by min-gap at the deepest depth
 * finished and at the one before.  That makes a candidate, a claim, never
 * a puzzle by itself: the claim is then proved under the real rules —
 * every round end valued by its store margin alone (none of the search's
 * outlook for the next round or bonus for the match), repetition counted
 * in Oware from the puzzle's position with the positions since the last
 * capture that led there:
 *  - single-round store games (Kalah, congkak-single): every move solved
 *    exactly (congkak_search_solve()) when few seeds are left and the
 *    solver finishes within its budget; the values are then exact;
 *  - otherwise, and for Oware and rounds of multi-round matches: null-window
 *    proofs to the round end (congkak_search_prove_at_least()) around the
 *    gap: the answer gives at least L and every other move at most
 *    L − min-gap, L taken half-way in the search's gap; the values are
 *    then those bounds.
 * A claim a proof contradicts is refuted and dropped; one no proof
 * finishes within proof-nodes is dropped too, or kept marked as an
 * estimate with keep-estimated.  congkak_puzzle_finder_get_counts() tells
 * how many of each.  The difficulty is the depth from which the answer is
 * the best move at every depth searched; the solution line is that many
 * moves of best play, from the solver or the search.  With node budgets
 * (the default) the same matches give the same puzzles on any machine.
 *
 * In what order.  Files are read a batch at a time; the positions of a
 * batch are ranked by a cheap look (a shallow search of every move, and a
 * person's move that it finds worse than another), and judged most
 * promising first, so that the first puzzles of a big library come soon;
 * with max-puzzles the run stops once it has that many.
 */

#pragma once

#include <gio/gio.h>

#include "congkak-library.h"
#include "congkak-match.h"
#include "congkak-puzzle-set.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_PUZZLE_FINDER (congkak_puzzle_finder_get_type ())

G_DECLARE_FINAL_TYPE (CongkakPuzzleFinder, congkak_puzzle_finder, CONGKAK, PUZZLE_FINDER, GObject)

/* The deep search's budget per position: about 0.1 s on the build machines. */
#define CONGKAK_PUZZLE_FINDER_DEFAULT_NODES 200000
#define CONGKAK_PUZZLE_FINDER_DEFAULT_DEPTH 16
/* The exact solver's budget for each move, and the most seeds on the board. */
#define CONGKAK_PUZZLE_FINDER_SOLVE_NODES 1000000
#define CONGKAK_PUZZLE_FINDER_SOLVE_SEEDS 30
/* Each proof's budget (one bound of one move). */
#define CONGKAK_PUZZLE_FINDER_PROOF_NODES 2000000

typedef struct
{
  guint64  max_nodes;        /* the search's budget per position; 0 for none (then max_depth limits it) */
  guint    max_depth;        /* the deepest search, in moves */
  guint64  solve_nodes;      /* the solver's budget per move; 0: never solve */
  guint    solve_max_seeds;  /* solve only with at most this many seeds on the board */
  int      min_gap;          /* how much better the answer must be than every other move; 0: by the board */
  gboolean variations;       /* the variations' positions too */
  guint64  proof_nodes;      /* each proof's budget; 0: no proofs, every claim is an estimate */
  gboolean keep_estimated;   /* keep the claims no proof finished, marked as estimates */
  guint    max_puzzles;      /* stop once this many are found; 0: judge every position */
} CongkakPuzzleFinderOptions;

/* What became of the claims (the candidates) of the runs so far. */
typedef struct
{
  guint judged;      /* positions searched deeply (the rest were only ranked) */
  guint candidates;  /* positions where the search saw a clearly best move */
  guint exact;       /* proved, with exact values */
  guint bounds;      /* proved, with bounds */
  guint refuted;     /* a proof found the gap smaller than claimed */
  guint unproved;    /* no proof finished within its budget */
  guint estimated;   /* of those, kept as estimates (keep-estimated) */
} CongkakPuzzleFinderCounts;

typedef void (*CongkakPuzzleFinderProgress) (guint    done,
                                             guint    total,
                                             gpointer user_data);

void                 congkak_puzzle_finder_options_init (CongkakPuzzleFinderOptions       *options);

CongkakPuzzleFinder *congkak_puzzle_finder_new          (const CongkakPuzzleFinderOptions *options);
void                 congkak_puzzle_finder_add_match    (CongkakPuzzleFinder              *self,
                                                         CongkakMatch                     *match,
                                                         const char                       *file_name);
void                 congkak_puzzle_finder_add_file     (CongkakPuzzleFinder              *self,
                                                         GFile                            *file);
void                 congkak_puzzle_finder_add_library  (CongkakPuzzleFinder              *self,
                                                         CongkakLibrary                   *library);

gboolean             congkak_puzzle_finder_run          (CongkakPuzzleFinder              *self,
                                                         CongkakPuzzleFinderProgress       progress,
                                                         gpointer                          user_data,
                                                         const gint                       *cancel,
                                                         GError                          **error);
void                 congkak_puzzle_finder_run_async    (CongkakPuzzleFinder              *self,
                                                         CongkakPuzzleFinderProgress       progress,
                                                         gpointer                          progress_data,
                                                         GDestroyNotify                    progress_notify,
                                                         GCancellable                     *cancellable,
                                                         GAsyncReadyCallback               callback,
                                                         gpointer                          user_data);
gboolean             congkak_puzzle_finder_run_finish   (CongkakPuzzleFinder              *self,
                                                         GAsyncResult                     *result,
                                                         GError                          **error);

CongkakPuzzleSet    *congkak_puzzle_finder_get_puzzles  (CongkakPuzzleFinder              *self);
GPtrArray           *congkak_puzzle_finder_get_failures (CongkakPuzzleFinder              *self);
guint                congkak_puzzle_finder_get_n_positions (CongkakPuzzleFinder           *self);
guint                congkak_puzzle_finder_get_n_found  (CongkakPuzzleFinder              *self);
const CongkakPuzzleFinderCounts *
                     congkak_puzzle_finder_get_counts   (CongkakPuzzleFinder              *self);

gboolean             congkak_puzzle_find_in_position    (const CongkakRules               *rules,
                                                         const CongkakPosition            *position,
                                                         guint                             round,
                                                         const CongkakPuzzleFinderOptions *options,
                                                         const gint                       *cancel,
                                                         CongkakPuzzleFinderCounts        *counts,
                                                         CongkakPuzzle                   **puzzle,
                                                         GError                          **error);

G_END_DECLS
