/* congkak-oware-endgame.h — an endgame database for Oware
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "congkak-endgame.h"
#include "congkak-rules.h"

G_BEGIN_DECLS

/* The seeds on the board the computer's database covers (see README
 * "Performance"): built in about 20 s on two cores. */
#define CONGKAK_OWARE_ENDGAME_DEFAULT_SEEDS 14

/* The most seeds on the board an Oware database can cover. */
#define CONGKAK_OWARE_ENDGAME_MAX_SEEDS 24

typedef struct _CongkakOwareEndgame CongkakOwareEndgame;

/* The databases the computer players of one owner read (see
 * congkak-oware-endgame.c, "The shelf"). */
typedef struct _CongkakOwareEndgameShelf CongkakOwareEndgameShelf;

guint64              congkak_oware_endgame_count_positions (const CongkakRules *rules,
                                                            guint               max_seeds);
char                *congkak_oware_endgame_cache_dir       (void);
CongkakOwareEndgame *congkak_oware_endgame_open            (const CongkakRules *rules,
                                                            guint               max_seeds,
                                                            const char         *cache_dir,
                                                            guint               n_threads,
                                                            GError            **error);
void                 congkak_oware_endgame_free            (CongkakOwareEndgame *endgame);
gboolean             congkak_oware_endgame_matches         (const CongkakOwareEndgame *endgame,
                                                            const CongkakRules        *rules);
gboolean             congkak_oware_endgame_probe           (const CongkakOwareEndgame *endgame,
                                                            const guint8              *own,
                                                            const guint8              *other,
                                                            int                       *value);
gboolean             congkak_oware_endgame_probe_bounds    (const CongkakOwareEndgame *endgame,
                                                            const guint8              *own,
                                                            const guint8              *other,
                                                            int                       *lower,
                                                            int                       *upper);
guint                congkak_oware_endgame_get_max_seeds   (const CongkakOwareEndgame *endgame);
guint64              congkak_oware_endgame_get_positions   (const CongkakOwareEndgame *endgame);
guint64              congkak_oware_endgame_get_bytes       (const CongkakOwareEndgame *endgame);
const char          *congkak_oware_endgame_get_path        (const CongkakOwareEndgame *endgame);
gboolean             congkak_oware_endgame_was_loaded      (const CongkakOwareEndgame *endgame);
double               congkak_oware_endgame_get_seconds     (const CongkakOwareEndgame *endgame);
const GError        *congkak_oware_endgame_get_save_error  (const CongkakOwareEndgame *endgame);
guint                congkak_oware_endgame_parse_seeds     (const char *text);

CongkakOwareEndgameShelf  *congkak_oware_endgame_shelf_new       (guint                     max_seeds,
                                                                  const char               *cache_dir);
CongkakOwareEndgameShelf  *congkak_oware_endgame_shelf_ref       (CongkakOwareEndgameShelf *shelf);
void                       congkak_oware_endgame_shelf_unref     (CongkakOwareEndgameShelf *shelf);
void                       congkak_oware_endgame_shelf_prepare   (CongkakOwareEndgameShelf *shelf,
                                                                  const CongkakRules       *rules);
const CongkakOwareEndgame *congkak_oware_endgame_shelf_get_ready (CongkakOwareEndgameShelf *shelf,
                                                                  const CongkakRules       *rules);
const CongkakOwareEndgame *congkak_oware_endgame_shelf_wait      (CongkakOwareEndgameShelf *shelf,
                                                                  const CongkakRules       *rules);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakOwareEndgame, congkak_oware_endgame_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakOwareEndgameShelf, congkak_oware_endgame_shelf_unref)

G_END_DECLS
