/* congkak-library-private.h — what the library, its index and its entries share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-library.h"
#include "congkak-library-entry.h"

G_BEGIN_DECLS

#define CONGKAK_LIBRARY_INDEX_NAME ".congkak-library-index"
#define CONGKAK_LIBRARY_DELETED_NAME ".deleted"
/* Far more than the index of 100,000 matches with long comments takes. */
#define CONGKAK_LIBRARY_INDEX_MAX_BYTES (512 * 1024 * 1024)

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
char                *congkak_library_date_from_time        (gint64               modified);
gboolean             congkak_library_stat                  (const char          *path,
                                                            gboolean            *regular,
                                                            gint64              *modified,
                                                            guint64             *size);

/* The index file: entries by file name, or NULL with @error when it is
 * missing, of another version or damaged. */
GHashTable          *congkak_library_index_read           (GFile        *directory,
                                                           GError      **error);
gboolean             congkak_library_index_write          (GFile        *directory,
                                                           GPtrArray    *entries,
                                                           GError      **error);

G_END_DECLS
