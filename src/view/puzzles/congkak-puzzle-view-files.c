/* congkak-puzzle-view-files.c — puzzle mode's files: puzzle files and the puzzle sheet
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opening and saving puzzle files (a teacher's set, or the puzzles found),
 * and the sheet of the puzzles shown: exported as a PDF or printed, the
 * same pages either way, the answers at the end.  The view itself is
 * congkak-puzzle-view.c's (congkak-puzzle-view-private.h).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-puzzle-sheet.h"
#include "congkak-puzzle-view-private.h"

/* Actions */

static GtkFileFilter *
json_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Puzzle Files"));
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  return filter;
}

static void
open_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (CongkakPuzzleView) self = user_data;
  g_autoptr (GFile) file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, NULL);
  g_autoptr (GError) error = NULL;

  if (file && !congkak_puzzle_view_load_file (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      /* TRANSLATORS: a puzzle file that does not load, and the loader's message (which says where) */
      g_autofree char *message = g_strdup_printf (_("%s could not be opened: %s"), name, error->message);

      _congkak_puzzle_view_show_toast (self, message);
    }
}

void
_congkak_puzzle_view_open_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr (GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr (GtkFileFilter) filter = json_filter ();

  g_list_store_append (filters, filter);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_title (dialog, _("Open Puzzle File"));
  gtk_file_dialog_open (dialog, GTK_WINDOW (gtk_widget_get_root (widget)), NULL, open_done, g_object_ref (widget));
}

typedef gboolean (*SaveFunc) (CongkakPuzzleView *self,
                              GFile             *file,
                              GError           **error);

/* A file dialog's answer goes to what asked for it. */
typedef struct
{
  CongkakPuzzleView *self;
  SaveFunc           save;
} SaveRequest;

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  SaveRequest *request = user_data;
  g_autoptr (CongkakPuzzleView) self = request->self;
  SaveFunc save = request->save;
  g_autoptr (GFile) file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, NULL);
  g_autoptr (GError) error = NULL;

  g_free (request);
  if (file == NULL)
    return;
  if (!save (self, file, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Not saved: %s"), error->message);

      _congkak_puzzle_view_show_toast (self, message);
    }
  else
    {
      g_autofree char *name = g_file_get_basename (file);
      /* TRANSLATORS: the file the puzzles or their sheet went to */
      g_autofree char *message = g_strdup_printf (_("Saved as %s"), name);

      _congkak_puzzle_view_show_toast (self, message);
    }
}

static void
save_with_dialog (CongkakPuzzleView *self,
                  const char        *title,
                  const char        *initial_name,
                  SaveFunc           save)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  SaveRequest *request = g_new0 (SaveRequest, 1);

  request->self = g_object_ref (self);
  request->save = save;
  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_initial_name (dialog, initial_name);
  gtk_file_dialog_save (dialog, GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), NULL, save_done, request);
}

void
_congkak_puzzle_view_save_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  /* TRANSLATORS: the name offered for a saved puzzle file */
  save_with_dialog (CONGKAK_PUZZLE_VIEW (widget), _("Save Puzzles"), _("puzzles.json"), congkak_puzzle_view_save_file);
}

void
_congkak_puzzle_view_export_sheet_action (GtkWidget  *widget,
                                          const char *action_name,
                                          GVariant   *parameter)
{
  /* TRANSLATORS: the name offered for an exported puzzle sheet */
  save_with_dialog (CONGKAK_PUZZLE_VIEW (widget), _("Export Puzzle Sheet"), _("puzzle-sheet.pdf"),
                    congkak_puzzle_view_export_sheet);
}

void
_congkak_puzzle_view_print_sheet_action (GtkWidget  *widget,
                                         const char *action_name,
                                         GVariant   *parameter)
{
  CongkakPuzzleView *self = CONGKAK_PUZZLE_VIEW (widget);
  g_autoptr (GtkPrintOperation) operation = congkak_puzzle_view_new_print_operation (self);
  g_autoptr (GError) error = NULL;

  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               GTK_WINDOW (gtk_widget_get_root (widget)), &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autofree char *message = g_strdup_printf (_("Not printed: %s"), error->message);

      _congkak_puzzle_view_show_toast (self, message);
    }
}

/* Public API */

/**
 * congkak_puzzle_view_load_file:
 *
 * Shows the puzzles of a puzzle file, such as one a teacher shared.
 *
 * Returns: %FALSE with the loader's error (which says where)
 */
gboolean
congkak_puzzle_view_load_file (CongkakPuzzleView  *self,
                               GFile              *file,
                               GError            **error)
{
  g_autoptr (CongkakPuzzleSet) set = NULL;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  set = congkak_puzzle_set_load_from_file (file, NULL, NULL, error);
  if (set == NULL)
    return FALSE;
  congkak_puzzle_view_set_puzzles (self, set);
  return TRUE;
}

gboolean
congkak_puzzle_view_save_file (CongkakPuzzleView  *self,
                               GFile              *file,
                               GError            **error)
{
  g_autoptr (CongkakPuzzleSet) empty = NULL;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->puzzles == NULL)
    empty = congkak_puzzle_set_new ();
  return congkak_puzzle_set_save_to_file (self->puzzles ? self->puzzles : empty, file, NULL, error);
}

/**
 * congkak_puzzle_view_dup_sheet_puzzles:
 *
 * Returns: (transfer full): the puzzles of the sheet: the first of those
 *   shown, as many as the sheet's choice says
 */
CongkakPuzzleSet *
congkak_puzzle_view_dup_sheet_puzzles (CongkakPuzzleView *self)
{
  CongkakPuzzleSet *set;
  guint count, n;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), NULL);

  set = congkak_puzzle_set_new ();
  if (self->puzzles)
    congkak_puzzle_set_set_title (set, congkak_puzzle_set_get_title (self->puzzles));
  count = gtk_spin_button_get_value_as_int (self->sheet_count_spin);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  for (guint i = 0; i < n && i < count; i++)
    {
      g_autoptr (CongkakPuzzle) puzzle = g_list_model_get_item (G_LIST_MODEL (self->shown), i);

      congkak_puzzle_set_append (set, puzzle);
    }
  return set;
}

static CongkakPuzzleSheet *
new_sheet (CongkakPuzzleView *self)
{
  g_autoptr (CongkakPuzzleSet) puzzles = congkak_puzzle_view_dup_sheet_puzzles (self);
  CongkakPuzzleSheetOptions options;

  congkak_puzzle_sheet_options_init (&options);
  options.per_page = gtk_spin_button_get_value_as_int (self->sheet_per_page_spin);
  options.show_counts = g_settings_get_boolean (self->settings, "show-counts");
  options.show_letters = g_settings_get_boolean (self->settings, "show-letters");
  return congkak_puzzle_sheet_new (puzzles, &options);
}

/**
 * congkak_puzzle_view_export_sheet:
 *
 * Writes the sheet of the puzzles shown as a PDF, with the answers at
 * the end.
 */
gboolean
congkak_puzzle_view_export_sheet (CongkakPuzzleView  *self,
                                  GFile              *file,
                                  GError            **error)
{
  g_autoptr (CongkakPuzzleSheet) sheet = NULL;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  sheet = new_sheet (self);
  return congkak_puzzle_sheet_save_pdf (sheet, file, error);
}

static void
begin_print_cb (GtkPrintOperation  *operation,
                GtkPrintContext    *context,
                CongkakPuzzleSheet *sheet)
{
  guint pages = congkak_puzzle_sheet_paginate (sheet, gtk_print_context_get_cairo_context (context),
                                               gtk_print_context_get_width (context),
                                               gtk_print_context_get_height (context));

  gtk_print_operation_set_n_pages (operation, pages);
}

static void
draw_page_cb (GtkPrintOperation  *operation,
              GtkPrintContext    *context,
              int                 page,
              CongkakPuzzleSheet *sheet)
{
  congkak_puzzle_sheet_draw_page (sheet, gtk_print_context_get_cairo_context (context), page);
}

/**
 * congkak_puzzle_view_new_print_operation:
 *
 * Returns: (transfer full): an operation that prints the sheet of the
 *   puzzles shown, the same pages as the PDF
 */
GtkPrintOperation *
congkak_puzzle_view_new_print_operation (CongkakPuzzleView *self)
{
  GtkPrintOperation *operation;
  CongkakPuzzleSheet *sheet;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), NULL);

  sheet = new_sheet (self);
  operation = gtk_print_operation_new ();
  g_object_set_data_full (G_OBJECT (operation), "congkak-puzzle-sheet", sheet,
                          (GDestroyNotify) congkak_puzzle_sheet_free);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  gtk_print_operation_set_job_name (operation, _("Puzzle Sheet"));
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), sheet);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), sheet);
  return operation;
}
