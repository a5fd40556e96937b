/* congkak-library.h — every match played, kept as files, listed through an index
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-library-entry.h"
#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_LIBRARY (congkak_library_get_type ())

/* Overrides the library folder, for tests and scripts. */
#define CONGKAK_LIBRARY_DIR_VARIABLE "CONGKAK_LIBRARY_DIR"

G_DECLARE_FINAL_TYPE (CongkakLibrary, congkak_library, CONGKAK, LIBRARY, GObject)

/* What the last load did: how much came from the index and how much had
 * to be read from the match files. */
typedef struct
{
  guint    from_index;      /* entries the index still knew */
  guint    from_files;      /* matches read from their files (new, changed, or no usable index) */
  guint    removed;         /* entries whose files are gone */
  gboolean index_unusable;  /* the index was missing or damaged */
  gboolean index_written;
} CongkakLibraryLoadReport;

typedef struct
{
  guint      added;
  guint      already;       /* in the library before */
  GPtrArray *failures;      /* (element-type utf8): “file: loader's message” */
} CongkakLibraryImportReport;

void                 congkak_library_import_report_free (CongkakLibraryImportReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakLibraryImportReport, congkak_library_import_report_free)

GFile               *congkak_library_get_default_directory (void);

CongkakLibrary      *congkak_library_new                (GFile                *directory);
GFile               *congkak_library_get_directory      (CongkakLibrary       *self);
gboolean             congkak_library_is_loaded          (CongkakLibrary       *self);
const CongkakLibraryLoadReport *
                     congkak_library_get_last_load      (CongkakLibrary       *self);

gboolean             congkak_library_load               (CongkakLibrary       *self,
                                                         gboolean              rebuild,
                                                         GCancellable         *cancellable,
                                                         GError              **error);
void                 congkak_library_load_async         (CongkakLibrary       *self,
                                                         GCancellable         *cancellable,
                                                         GAsyncReadyCallback   callback,
                                                         gpointer              user_data);
gboolean             congkak_library_load_finish        (CongkakLibrary       *self,
                                                         GAsyncResult         *result,
                                                         GError              **error);

CongkakLibraryEntry *congkak_library_find_by_id         (CongkakLibrary       *self,
                                                         const char           *id);
CongkakLibraryEntry *congkak_library_find_by_file       (CongkakLibrary       *self,
                                                         GFile                *file);

CongkakLibraryEntry *congkak_library_record             (CongkakLibrary       *self,
                                                         CongkakMatch         *match,
                                                         GFile                *origin,
                                                         GError              **error);
void                 congkak_library_import_async       (CongkakLibrary       *self,
                                                         GListModel           *files,
                                                         GCancellable         *cancellable,
                                                         GAsyncReadyCallback   callback,
                                                         gpointer              user_data);
CongkakLibraryImportReport *
                     congkak_library_import_finish      (CongkakLibrary       *self,
                                                         GAsyncResult         *result,
                                                         GError              **error);
CongkakLibraryEntry *congkak_library_set_title          (CongkakLibrary       *self,
                                                         CongkakLibraryEntry  *entry,
                                                         const char           *title,
                                                         GError              **error);
gboolean             congkak_library_delete             (CongkakLibrary       *self,
                                                         CongkakLibraryEntry  *entry,
                                                         GError              **error);
gboolean             congkak_library_undo_delete        (CongkakLibrary       *self,
                                                         CongkakLibraryEntry  *entry,
                                                         GError              **error);
void                 congkak_library_purge_deleted      (CongkakLibrary       *self);

G_END_DECLS
