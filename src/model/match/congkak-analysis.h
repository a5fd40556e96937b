/* congkak-analysis.h — the engine's judgement of every move of a match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How the app uses it, without blocking the window:
 *   1. congkak_analysis_new (match, &options) in the main thread: takes a
 *      snapshot of the moves to analyse (the main line, and the variations
 *      if asked) with the positions before and after each;
 *   2. congkak_analysis_run () in a worker thread (GTask): only engine
 *      work on the snapshot, no GObject is touched; @progress is called
 *      from that thread after each move (marshal it to the main thread);
 *      a cancel flag set with g_atomic_int_set() stops it within
 *      milliseconds (CONGKAK_COMPUTER_ERROR_CANCELLED);
 *   3. congkak_analysis_apply (analysis, match) back in the main thread:
 *      stores what was found in the nodes still in the match (also after a
 *      cancelled run: the moves finished by then), emitting node-changed
 *      for each; the user's comments and marks are never touched.
 * congkak_match_analyse() does all three in one call (the CLI, tests).
 *
 * What is stored per move (see congkak-node.h):
 *  - the evaluation after the move: the seed margin South can expect at
 *    the end of the round (positive: South ahead), on the scale of
 *    congkak-computer.h (a forced match win counts ±1000);
 *  - for a sowing, the engine's best move there, and a mark by how much
 *    the move gave away compared with it, for the player who made it:
 *    CONGKAK_ANALYSIS_BLUNDER_DROP seeds or more is a blunder `??`,
 *    CONGKAK_ANALYSIS_MISTAKE_DROP or more a mistake `?`; a marked move gets
 *    the comment "Better: C (+4)": the better move and what the mover
 *    could expect with it.  Openings and `next-round` get an evaluation
 *    only.
 * With a node budget (the default) the same match and options give the
 * same analysis on any machine.
 */

#pragma once

#include "congkak-match.h"

G_BEGIN_DECLS

/* Seeds of the mover's expected margin a move gives away. */
#define CONGKAK_ANALYSIS_MISTAKE_DROP 3
#define CONGKAK_ANALYSIS_BLUNDER_DROP 8

/* The default node budget per move: about 0.1 s on the build machines. */
#define CONGKAK_ANALYSIS_DEFAULT_NODES 200000

typedef struct
{
  CongkakLevel level;       /* default: hard */
  guint64      seed;        /* default: 0 */
  guint64      max_nodes;   /* per move; default CONGKAK_ANALYSIS_DEFAULT_NODES;
                             * 0: the level's own limit (time for hard) */
  gboolean     variations;  /* also analyse the variations; default: FALSE */
} CongkakAnalysisOptions;

/* How a margin told to people is known. */
typedef enum
{
  CONGKAK_MARGIN_EXACT,     /* proved */
  CONGKAK_MARGIN_AT_LEAST,  /* proved: this or more */
  CONGKAK_MARGIN_AT_MOST,   /* proved: this or less */
  CONGKAK_MARGIN_ESTIMATE,  /* a search's guess */
} CongkakMarginKind;

typedef void (*CongkakAnalysisProgress) (guint    done,
                                         guint    total,
                                         gpointer user_data);

typedef struct _CongkakAnalysis CongkakAnalysis;

void              congkak_analysis_options_init (CongkakAnalysisOptions       *options);

CongkakAnalysis  *congkak_analysis_new          (CongkakMatch                 *match,
                                                 const CongkakAnalysisOptions *options);
void              congkak_analysis_free         (CongkakAnalysis              *analysis);
void              congkak_analysis_set_oware_endgame_shelf (CongkakAnalysis      *analysis,
                                                 CongkakOwareEndgameShelf     *shelf);
guint             congkak_analysis_get_n_moves  (CongkakAnalysis              *analysis);
gboolean          congkak_analysis_run          (CongkakAnalysis              *analysis,
                                                 CongkakAnalysisProgress       progress,
                                                 gpointer                      user_data,
                                                 const gint                   *cancel,
                                                 GError                      **error);
guint             congkak_analysis_apply        (CongkakAnalysis              *analysis,
                                                 CongkakMatch                 *match);

gboolean          congkak_match_analyse         (CongkakMatch                 *match,
                                                 const CongkakAnalysisOptions *options,
                                                 CongkakAnalysisProgress       progress,
                                                 gpointer                      user_data,
                                                 const gint                   *cancel,
                                                 GError                      **error);

CongkakNode      *congkak_analysis_get_node     (CongkakAnalysis              *analysis,
                                                 guint                         index);
gboolean          congkak_analysis_ends_round   (CongkakAnalysis              *analysis,
                                                 guint                         index);
void              congkak_analysis_set_judged   (CongkakAnalysis              *analysis,
                                                 guint                         index,
                                                 const CongkakComputerMove    *best,
                                                 int                           after_score);

char             *congkak_analysis_format_score (int                           score);
char             *congkak_analysis_describe_score (const CongkakRules        *rules,
                                                   int                        score);
char             *congkak_analysis_describe_depth (const CongkakComputerMove *move);
char             *congkak_analysis_describe_margin (const CongkakRules        *rules,
                                                  int                        margin,
                                                  CongkakMarginKind          kind);
char             *congkak_analysis_describe_hint (const CongkakRules          *rules,
                                                  const CongkakComputerMove   *hint);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakAnalysis, congkak_analysis_free)

G_END_DECLS
