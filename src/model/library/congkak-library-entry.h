/* congkak-library-entry.h — one match of the library, as its index knows it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-engine.h"
#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_LIBRARY_ENTRY (congkak_library_entry_get_type ())

G_DECLARE_FINAL_TYPE (CongkakLibraryEntry, congkak_library_entry, CONGKAK, LIBRARY_ENTRY, GObject)

/* How a recorded match stands at the end of its main line. */
typedef enum
{
  CONGKAK_LIBRARY_RESULT_SOUTH_WINS,
  CONGKAK_LIBRARY_RESULT_NORTH_WINS,
  CONGKAK_LIBRARY_RESULT_DRAW,
  CONGKAK_LIBRARY_RESULT_UNFINISHED,
} CongkakLibraryResult;

GFile                 *congkak_library_entry_get_file          (CongkakLibraryEntry *self);
const char            *congkak_library_entry_get_name          (CongkakLibraryEntry *self);
gint64                 congkak_library_entry_get_modified      (CongkakLibraryEntry *self);
guint64                congkak_library_entry_get_size          (CongkakLibraryEntry *self);
const char            *congkak_library_entry_get_error         (CongkakLibraryEntry *self);
gboolean               congkak_library_entry_is_damaged        (CongkakLibraryEntry *self);

const char            *congkak_library_entry_get_id            (CongkakLibraryEntry *self);
const char            *congkak_library_entry_get_title         (CongkakLibraryEntry *self);
char                  *congkak_library_entry_dup_display_title (CongkakLibraryEntry *self);
char                  *congkak_library_entry_dup_result_text   (CongkakLibraryEntry *self);
char                  *congkak_library_entry_dup_length_text   (CongkakLibraryEntry *self);
const char            *congkak_library_entry_get_player_name   (CongkakLibraryEntry *self,
                                                                CongkakSide          side);
CongkakPlayerKind      congkak_library_entry_get_player_kind   (CongkakLibraryEntry *self,
                                                                CongkakSide          side);
const CongkakRules    *congkak_library_entry_get_rules         (CongkakLibraryEntry *self);
const char            *congkak_library_entry_get_game          (CongkakLibraryEntry *self);
const char            *congkak_library_entry_get_date          (CongkakLibraryEntry *self);
const char            *congkak_library_entry_get_event         (CongkakLibraryEntry *self);
const char            *congkak_library_entry_get_place         (CongkakLibraryEntry *self);

CongkakLibraryResult   congkak_library_entry_get_result        (CongkakLibraryEntry *self);
guint                  congkak_library_entry_get_score         (CongkakLibraryEntry *self,
                                                                CongkakSide          side);
guint                  congkak_library_entry_get_n_moves       (CongkakLibraryEntry *self);
guint                  congkak_library_entry_get_n_rounds      (CongkakLibraryEntry *self);
gboolean               congkak_library_entry_has_comments      (CongkakLibraryEntry *self);
const CongkakPosition *congkak_library_entry_get_final_position (CongkakLibraryEntry *self);
CongkakGame           *congkak_library_entry_dup_final_game    (CongkakLibraryEntry *self);

/* Facts from the engine's events along the main line, per player. */
guint                  congkak_library_entry_get_longest_relay (CongkakLibraryEntry *self,
                                                                CongkakSide          side);
guint                  congkak_library_entry_get_most_captured (CongkakLibraryEntry *self,
                                                                CongkakSide          side);
guint                  congkak_library_entry_get_holes_burnt   (CongkakLibraryEntry *self,
                                                                CongkakSide          side);

/* Search: a query is folded once, then tried against many entries. */
char                  *congkak_library_fold_text               (const char          *text);
gboolean               congkak_library_entry_matches           (CongkakLibraryEntry *self,
                                                                const char          *folded_query);
int                    congkak_library_entry_compare_date      (CongkakLibraryEntry *a,
                                                                CongkakLibraryEntry *b);

G_END_DECLS
