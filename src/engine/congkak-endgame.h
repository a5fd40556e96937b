/* congkak-endgame.h — an endgame database for the exact solver
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "congkak-rules.h"

G_BEGIN_DECLS

#define CONGKAK_ENDGAME_ERROR (congkak_endgame_error_quark ())

typedef enum
{
  CONGKAK_ENDGAME_ERROR_NOT_APPLICABLE,  /* not a single-round store game */
  CONGKAK_ENDGAME_ERROR_TOO_LARGE,       /* more positions than memory can hold */
} CongkakEndgameError;

/* The most seeds on the board a database can cover. */
#define CONGKAK_ENDGAME_MAX_SEEDS 40

typedef struct _CongkakEndgame CongkakEndgame;

GQuark          congkak_endgame_error_quark     (void);

guint64         congkak_endgame_count_positions (const CongkakRules *rules,
                                                 guint               max_seeds);
guint           congkak_endgame_suggest_seeds   (const CongkakRules *rules);
CongkakEndgame *congkak_endgame_open            (const CongkakRules *rules,
                                                 guint               max_seeds,
                                                 const char         *cache_dir,
                                                 guint               n_threads,
                                                 GError            **error);
void            congkak_endgame_free            (CongkakEndgame     *endgame);
gboolean        congkak_endgame_matches         (const CongkakEndgame *endgame,
                                                 const CongkakRules   *rules);
guint           congkak_endgame_get_max_seeds   (const CongkakEndgame *endgame);
guint64         congkak_endgame_get_positions   (const CongkakEndgame *endgame);
const char     *congkak_endgame_get_path        (const CongkakEndgame *endgame);
gboolean        congkak_endgame_was_loaded      (const CongkakEndgame *endgame);
double          congkak_endgame_get_seconds     (const CongkakEndgame *endgame);
const GError   *congkak_endgame_get_save_error  (const CongkakEndgame *endgame);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakEndgame, congkak_endgame_free)

G_END_DECLS
