/* congkak-search.h — alpha-beta search for a computer player, and an exact solver
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "congkak-state.h"

G_BEGIN_DECLS

#define CONGKAK_SEARCH_ERROR (congkak_search_error_quark ())

typedef enum
{
  CONGKAK_SEARCH_ERROR_NOT_SOLVABLE,
} CongkakSearchError;

/* The table size congkak_search_new() uses when asked for 0 MB. */
#define CONGKAK_SEARCH_DEFAULT_TABLE_MB 64

typedef struct _CongkakSearch CongkakSearch;

GQuark              congkak_search_error_quark    (void);

CongkakSearch      *congkak_search_new            (const CongkakRules *rules,
                                                   gsize               table_mb);
void                congkak_search_free           (CongkakSearch      *search);
const CongkakRules *congkak_search_get_rules      (const CongkakSearch *search);

gboolean            congkak_search_best_move      (CongkakSearch      *search,
                                                   const CongkakState *state,
                                                   guint               max_depth,
                                                   double              max_seconds,
                                                   guint8             *hole,
                                                   int                *score,
                                                   guint64            *nodes);
guint               congkak_search_get_depth      (const CongkakSearch *search);
gboolean            congkak_search_is_exact       (const CongkakSearch *search);

gboolean            congkak_search_can_solve      (const CongkakRules *rules,
                                                   GError            **error);
int                 congkak_search_solve          (CongkakSearch      *search,
                                                   const CongkakState *state,
                                                   GPtrArray          *best_line,
                                                   guint64            *nodes);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakSearch, congkak_search_free)

G_END_DECLS
