/* congkak-document.h — a match and its life on disk
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-format.h"
#include "congkak-library.h"
#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_DOCUMENT_ERROR (congkak_document_error_quark ())

typedef enum
{
  CONGKAK_DOCUMENT_ERROR_CHANGED_ON_DISK,  /* another program wrote the file since */
  CONGKAK_DOCUMENT_ERROR_BUSY,             /* a save of this document is running */
  CONGKAK_DOCUMENT_ERROR_DAMAGED_AUTOSAVE, /* an autosave that does not load */
  CONGKAK_DOCUMENT_ERROR_CANNOT_HOLD,      /* the file's format cannot say all the match holds */
} CongkakDocumentError;

typedef enum
{
  CONGKAK_DOCUMENT_SAVE_NONE      = 0,
  CONGKAK_DOCUMENT_SAVE_OVERWRITE = 1 << 0,  /* even if another program changed the file */
} CongkakDocumentSaveFlags;

/* An unsaved match left by a window that did not close normally. */
typedef struct
{
  GFile     *file;      /* the autosave itself */
  GFile     *origin;    /* nullable: the file the match belonged to */
  char      *title;     /* "Ani (South) vs Budi (North) · Kalah", from the side file */
  GDateTime *saved;     /* when it was last written */
  char      *etag;      /* nullable: @origin's etag when the match was last read or saved */
  CongkakMatchFormat format;  /* what @origin is written in */
} CongkakAutosave;

void             congkak_autosave_free             (CongkakAutosave *autosave);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakAutosave, congkak_autosave_free)

#define CONGKAK_TYPE_DOCUMENT (congkak_document_get_type ())

G_DECLARE_FINAL_TYPE (CongkakDocument, congkak_document, CONGKAK, DOCUMENT, GObject)

GQuark           congkak_document_error_quark      (void);

CongkakDocument *congkak_document_new              (CongkakMatch             *match,
                                                    GFile                    *file);
CongkakMatch    *congkak_document_get_match        (CongkakDocument          *self);
GFile           *congkak_document_get_file         (CongkakDocument          *self);
CongkakMatchFormat congkak_document_get_format     (CongkakDocument          *self);
gboolean         congkak_document_get_modified     (CongkakDocument          *self);
gboolean         congkak_document_get_changed_on_disk (CongkakDocument       *self);
gboolean         congkak_document_get_saving       (CongkakDocument          *self);
gboolean         congkak_document_is_blank         (CongkakDocument          *self);
char            *congkak_document_dup_display_name (CongkakDocument          *self);
char            *congkak_document_dup_title        (CongkakDocument          *self);

void             congkak_document_load_async       (GFile                    *file,
                                                    GCancellable             *cancellable,
                                                    GAsyncReadyCallback       callback,
                                                    gpointer                  user_data);
CongkakDocument *congkak_document_load_finish      (GAsyncResult             *result,
                                                    GPtrArray               **warnings,
                                                    GError                  **error);
void             congkak_document_save_async       (CongkakDocument          *self,
                                                    GFile                    *file,
                                                    CongkakDocumentSaveFlags  flags,
                                                    GCancellable             *cancellable,
                                                    GAsyncReadyCallback       callback,
                                                    gpointer                  user_data);
gboolean         congkak_document_save_finish      (CongkakDocument          *self,
                                                    GAsyncResult             *result,
                                                    GError                  **error);

/* Autosave and restore */
GFile           *congkak_document_get_autosave_directory (void);
void             congkak_document_set_autosave_delay (CongkakDocument        *self,
                                                    guint                     milliseconds);
GFile           *congkak_document_get_autosave_file (CongkakDocument         *self);
gboolean         congkak_document_get_autosave_failing (CongkakDocument      *self);
const char      *congkak_document_get_autosave_problem (CongkakDocument      *self);
gboolean         congkak_document_autosave_now     (CongkakDocument          *self,
                                                    GError                  **error);
void             congkak_document_discard_changes  (CongkakDocument          *self);
GPtrArray       *congkak_document_list_autosaves   (void);
void             congkak_document_clean_autosaves  (void);
CongkakDocument *congkak_document_restore          (CongkakAutosave          *autosave,
                                                    GError                  **error);
void             congkak_document_delete_autosave  (CongkakAutosave          *autosave);

/* The match library */
void             congkak_document_set_library      (CongkakDocument          *self,
                                                    CongkakLibrary           *library);
void             congkak_document_note_played      (CongkakDocument          *self);
gboolean         congkak_document_get_played_here  (CongkakDocument          *self);
gboolean         congkak_document_record           (CongkakDocument          *self,
                                                    gboolean                  always,
                                                    GError                  **error);
void             congkak_document_cancel_recording (CongkakDocument          *self);
gboolean         congkak_document_get_library_failing (CongkakDocument       *self);
const char      *congkak_document_get_library_problem (CongkakDocument       *self);

G_END_DECLS
