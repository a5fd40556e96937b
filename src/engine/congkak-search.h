/* congkak-search.h — alpha-beta search for a computer player, and an exact solver
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "congkak-endgame.h"
#include "congkak-oware-endgame.h"
#include "congkak-state.h"

G_BEGIN_DECLS

#define CONGKAK_SEARCH_ERROR (congkak_search_error_quark ())

typedef enum
{
  CONGKAK_SEARCH_ERROR_NOT_SOLVABLE,
} CongkakSearchError;

/* In a multi-round match, a round end that ends the match is worth this
 * (plus the final margin) to the winner and minus that to the loser, so a
 * search score of CONGKAK_SEARCH_MATCH_WIN / 2 or more means a forced match
 * win within the search, and -CONGKAK_SEARCH_MATCH_WIN / 2 or less a loss. */
#define CONGKAK_SEARCH_MATCH_WIN 1000

/* The table size congkak_search_new() uses when asked for 0 MB. */
#define CONGKAK_SEARCH_DEFAULT_TABLE_MB 64

typedef struct _CongkakSearch CongkakSearch;

/* Called by congkak_search_best_move() after each depth it finishes, in
 * its thread, with what it would answer if it stopped there. */
typedef void (*CongkakSearchProgressFunc) (CongkakSearch      *search,
                                           const CongkakState *state,
                                           guint               depth,
                                           guint8              hole,
                                           int                 score,
                                           gpointer            user_data);

GQuark              congkak_search_error_quark    (void);

CongkakSearch      *congkak_search_new            (const CongkakRules *rules,
                                                   gsize               table_mb);
void                congkak_search_free           (CongkakSearch      *search);
const CongkakRules *congkak_search_get_rules      (const CongkakSearch *search);
void                congkak_search_set_cancel     (CongkakSearch      *search,
                                                   const gint         *cancel);
void                congkak_search_set_node_limit (CongkakSearch      *search,
                                                   guint64             max_nodes);
void                congkak_search_set_endgame    (CongkakSearch      *search,
                                                   CongkakEndgame     *endgame);
void                congkak_search_set_oware_endgame (CongkakSearch             *search,
                                                      const CongkakOwareEndgame *endgame);
void                congkak_search_set_threads    (CongkakSearch      *search,
                                                   guint               n_threads);
void                congkak_search_set_simple_evaluation (CongkakSearch *search,
                                                          gboolean       simple);
void                congkak_search_set_progress   (CongkakSearch      *search,
                                                   CongkakSearchProgressFunc func,
                                                   gpointer            user_data);
gboolean            congkak_search_was_cancelled  (const CongkakSearch *search);
void                congkak_search_forget         (CongkakSearch      *search);
void                congkak_search_warm_up        (CongkakSearch      *search);
int                 congkak_search_round_end_value (const CongkakSearch *search,
                                                    const CongkakState  *state,
                                                    CongkakSide          side);

gboolean            congkak_search_best_move      (CongkakSearch      *search,
                                                   const CongkakState *state,
                                                   guint               max_depth,
                                                   double              max_seconds,
                                                   guint8             *hole,
                                                   int                *score,
                                                   guint64            *nodes);
gboolean            congkak_search_move_value     (CongkakSearch      *search,
                                                   const CongkakState *state,
                                                   guint8              hole,
                                                   guint               depth,
                                                   int                *score);
guint               congkak_search_get_depth      (const CongkakSearch *search);
guint64             congkak_search_get_nodes      (const CongkakSearch *search);
gboolean            congkak_search_is_exact       (const CongkakSearch *search);
guint               congkak_search_get_line       (CongkakSearch      *search,
                                                   const CongkakState *state,
                                                   guint8             *holes,
                                                   guint               max_moves);

gboolean            congkak_search_can_solve      (const CongkakRules *rules,
                                                   GError            **error);
int                 congkak_search_solve          (CongkakSearch      *search,
                                                   const CongkakState *state,
                                                   GPtrArray          *best_line,
                                                   guint64            *nodes);

gboolean            congkak_search_prove_at_least (CongkakSearch        *search,
                                                   const CongkakState   *state,
                                                   const CongkakPosition *history,
                                                   guint                 n_history,
                                                   int                   target,
                                                   gboolean             *holds);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakSearch, congkak_search_free)

G_END_DECLS
