/* congkak-library-entry-private.h — an entry's fields, for those who fill them
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The library makes entries from loaded matches and damaged files, and
 * its index (congkak-library-index.c) writes and reads their fields; the
 * rest of the app only reads them through congkak-library-entry.h.
 */

#pragma once

#include "congkak-library-entry.h"

G_BEGIN_DECLS

struct _CongkakLibraryEntry
{
  GObject          parent_instance;

  /* The file, as last seen */
  GFile           *directory;
  GFile           *file;          /* made when first asked for */
  char            *name;          /* in the library folder */
  gint64           modified;      /* µs since the epoch */
  guint64          size;
  char            *error;         /* the loader's message when the file does not load */

  /* The match */
  char            *id;
  char            *origin;        /* URI it was recorded or imported from; kept in the index only */
  char            *title;
  char            *player_name[2];
  guint8           player_kind[2];
  CongkakRules     rules;
  char            *date;          /* YYYY-MM-DD: the match's own date, else the file's */
  char            *event;
  char            *place;
  guint8           result;        /* CongkakLibraryResult */
  guint16          score[2];
  guint            n_moves;
  guint            n_rounds;
  gboolean         has_comments;
  char            *search_text;   /* folded: title, players, event, place, comments, notes */
  CongkakPosition  final_position;

  /* Facts from the engine's events, per side */
  guint16          longest_relay[2];
  guint16          most_captured[2];
  guint16          holes_burnt[2];
};

CongkakLibraryEntry *congkak_library_entry_new            (GFile        *directory,
                                                           const char   *name,
                                                           gint64        modified,
                                                           guint64       size);
void                 congkak_library_entry_fill_from_match (CongkakLibraryEntry *self,
                                                            CongkakMatch        *match);
void                 congkak_library_entry_set_damaged     (CongkakLibraryEntry *self,
                                                            const char          *error);

G_END_DECLS
