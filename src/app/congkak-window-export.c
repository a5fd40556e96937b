/* congkak-window-export.c — the position as a picture, the match on paper
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Export Position (Ctrl+E) asks how, then where, and writes a PNG or SVG
 * picture of the board as it stands; Print (Ctrl+P) prints the match with
 * board diagrams.  This part of the window is given the choices the
 * application keeps (the next export, in any window, starts from them)
 * and the notes, whose comment still being typed belongs on paper.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-export-dialog.h"
#include "congkak-print.h"
#include "congkak-window-export.h"

struct _CongkakWindowExport
{
  CongkakWindowPart      parent_instance;

  CongkakExportChoices  *choices;
  CongkakAnnotationView *annotation_view;
};

G_DEFINE_FINAL_TYPE (CongkakWindowExport, congkak_window_export, CONGKAK_TYPE_WINDOW_PART)

static CongkakExportChoices *
choices (CongkakWindowExport *self)
{
  return self->choices;
}

static CongkakMatch *
match_shown (CongkakWindowExport *self)
{
  return congkak_window_part_get_match (CONGKAK_WINDOW_PART (self));
}

static CongkakDocument *
document_shown (CongkakWindowExport *self)
{
  return congkak_window_part_get_document (CONGKAK_WINDOW_PART (self));
}

static GtkWidget *
window_of (CongkakWindowExport *self)
{
  return congkak_window_part_get_window (CONGKAK_WINDOW_PART (self));
}

static void
show_export_error (CongkakWindowExport *self,
                   const char          *heading,
                   const char          *name,
                   const GError        *error)
{
  g_autofree char *body = name ? g_strdup_printf (_("“%s”: %s"), name, error->message)
                               : g_strdup (error->message);

  congkak_window_part_show_error (CONGKAK_WINDOW_PART (self), heading, body);
}

/**
 * congkak_window_export_write_position:
 *
 * Writes the position on the board to @file as the last export chose
 * (a PNG image of 1200 pixels with letters and counts at first), and says
 * so in a toast.
 */
gboolean
congkak_window_export_write_position (CongkakWindowExport  *self,
                                      GFile                *file,
                                      GError              **error)
{
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  CongkakMatch *match;
  int height;

  g_return_val_if_fail (CONGKAK_IS_WINDOW_EXPORT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  match = match_shown (self);
  if (match == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no match on the board."));
      return FALSE;
    }

  height = congkak_board_picture_height_for_width (congkak_match_get_rules (match), choices (self)->width);
  if (!congkak_board_picture_save (match, congkak_match_get_cursor (match), &choices (self)->options,
                                   choices (self)->format, choices (self)->width, height, file, error))
    return FALSE;

  name = g_file_get_basename (file);
  text = g_strdup_printf (_("Exported “%s”"), name);
  congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), text);
  return TRUE;
}

static void
export_file_chosen (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr (CongkakWindowExport) self = user_data;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, &error);
  if (file == NULL || window_of (self) == NULL)
    return;  /* cancelled, or the window has gone */

  if (!congkak_window_export_write_position (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);

      show_export_error (self, _("Could Not Export the Position"), name, error);
    }
}

/* "match-12.png" after the 12th move of "match.congkak". */
static char *
suggested_name (CongkakWindowExport *self)
{
  g_autofree char *base = NULL;
  const char *extension = congkak_picture_format_extension (choices (self)->format);
  guint depth = congkak_node_get_depth (congkak_match_get_cursor (match_shown (self)));
  GFile *file = congkak_document_get_file (document_shown (self));

  if (file)
    {
      g_autofree char *file_name = g_file_get_basename (file);
      char *dot = strrchr (file_name, '.');

      if (dot && dot != file_name)
        *dot = '\0';
      base = g_strdup (file_name);
    }
  else
    /* TRANSLATORS: the start of an exported picture's file name; no spaces */
    base = g_strdup (C_("file name", "position"));
  return g_strdup_printf ("%s-%u.%s", base, depth, extension);
}

static void
export_chosen_cb (CongkakExportDialog *dialog,
                  CongkakWindowExport *self)
{
  g_autoptr (GtkFileDialog) file_dialog = gtk_file_dialog_new ();
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr (GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autofree char *name = NULL;
  int height;

  GFile *file;

  congkak_export_dialog_get_choice (dialog, &choices (self)->format, &choices (self)->width, &height,
                                    &choices (self)->options);
  if (match_shown (self) == NULL || window_of (self) == NULL)
    return;

  if (choices (self)->format == CONGKAK_PICTURE_SVG)
    {
      gtk_file_filter_set_name (filter, _("SVG Drawings"));
      gtk_file_filter_add_mime_type (filter, "image/svg+xml");
      gtk_file_filter_add_suffix (filter, "svg");
    }
  else
    {
      gtk_file_filter_set_name (filter, _("PNG Images"));
      gtk_file_filter_add_mime_type (filter, "image/png");
      gtk_file_filter_add_suffix (filter, "png");
    }
  g_list_store_append (filters, filter);
  name = suggested_name (self);
  gtk_file_dialog_set_title (file_dialog, _("Export Position"));
  gtk_file_dialog_set_accept_label (file_dialog, _("_Export"));
  gtk_file_dialog_set_filters (file_dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (file_dialog, filter);
  gtk_file_dialog_set_initial_name (file_dialog, name);
  /* Beside the match's file, where the person looks for it. */
  file = congkak_document_get_file (document_shown (self));
  if (file)
    {
      g_autoptr (GFile) folder = g_file_get_parent (file);

      gtk_file_dialog_set_initial_folder (file_dialog, folder);
    }
  gtk_file_dialog_save (file_dialog, GTK_WINDOW (window_of (self)), NULL, export_file_chosen, g_object_ref (self));
}

static void
export_position_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  CongkakWindowExport *self = user_data;
  CongkakMatch *match = match_shown (self);
  CongkakExportDialog *dialog;
  CongkakNode *cursor;

  if (match == NULL)
    return;

  cursor = congkak_match_get_cursor (match);
  dialog = congkak_export_dialog_new (congkak_match_get_rules (match), !congkak_node_is_root (cursor));
  congkak_export_dialog_set_choice (dialog, choices (self)->format, choices (self)->width, &choices (self)->options);
  g_signal_connect_object (dialog, "export", G_CALLBACK (export_chosen_cb), self, G_CONNECT_DEFAULT);
  adw_dialog_present (ADW_DIALOG (dialog), window_of (self));
}

/* Printing */

static GtkPrintOperation *
print_operation_new (CongkakWindowExport *self)
{
  CongkakMatch *match = match_shown (self);
  GtkPrintOperation *operation;
  g_autofree char *title = congkak_document_dup_title (document_shown (self));

  operation = congkak_print_operation_new (match, congkak_match_get_cursor (match), &choices (self)->print_options);
  gtk_print_operation_set_job_name (operation, title);
  if (choices (self)->print_settings)
    gtk_print_operation_set_print_settings (operation, choices (self)->print_settings);
  if (choices (self)->page_setup)
    gtk_print_operation_set_default_page_setup (operation, choices (self)->page_setup);
  return operation;
}

static void
print_done_cb (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               CongkakWindowExport     *self)
{
  g_autoptr (GError) error = NULL;

  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      gtk_print_operation_get_error (operation, &error);
      show_export_error (self, _("Could Not Print the Match"), NULL, error);
    }
  else if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    {
      g_set_object (&choices (self)->print_settings, gtk_print_operation_get_print_settings (operation));
      g_set_object (&choices (self)->page_setup, gtk_print_operation_get_default_page_setup (operation));
    }
  g_object_unref (operation);
}

static void
print_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  CongkakWindowExport *self = user_data;
  GtkPrintOperation *operation;
  g_autoptr (GError) error = NULL;

  if (match_shown (self) == NULL)
    return;

  /* A comment still being typed belongs on paper. */
  congkak_annotation_view_commit (self->annotation_view);
  operation = print_operation_new (self);
  gtk_print_operation_set_allow_async (operation, TRUE);
  g_signal_connect_object (operation, "done", G_CALLBACK (print_done_cb), self, G_CONNECT_DEFAULT);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               GTK_WINDOW (window_of (self)), &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    show_export_error (self, _("Could Not Print the Match"), NULL, error);
}

/**
 * congkak_window_export_print_to_file:
 * @path: where to write a PDF file
 *
 * Prints the match as Print would, with the diagrams last chosen, into a
 * PDF file without asking.
 */
gboolean
congkak_window_export_print_to_file (CongkakWindowExport  *self,
                                     const char           *path,
                                     GError              **error)
{
  g_autoptr (GtkPrintOperation) operation = NULL;

  g_return_val_if_fail (CONGKAK_IS_WINDOW_EXPORT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (match_shown (self) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no match on the board."));
      return FALSE;
    }
  operation = print_operation_new (self);
  gtk_print_operation_set_export_filename (operation, path);
  return gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, GTK_WINDOW (window_of (self)), error)
         != GTK_PRINT_OPERATION_RESULT_ERROR;
}

/**
 * congkak_window_export_get_choices:
 *
 * Returns: (transfer none): how pictures are exported and matches printed
 *   (which diagrams Print adds, how boards look on paper); changes apply
 *   to the next export or print, in any window.
 */
CongkakExportChoices *
congkak_window_export_get_choices (CongkakWindowExport *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_EXPORT (self), NULL);

  return self->choices;
}

static const GActionEntry actions[] = {
  { "export-position", export_position_action },
  { "print", print_action },
};

void
congkak_window_export_install (GtkWidgetClass              *window_class,
                               GtkWidgetActionActivateFunc  activate)
{
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export-position", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print", NULL);
}

static void
congkak_window_export_dispose (GObject *object)
{
  CongkakWindowExport *self = CONGKAK_WINDOW_EXPORT (object);

  g_clear_object (&self->choices);

  G_OBJECT_CLASS (congkak_window_export_parent_class)->dispose (object);
}

/* Only a match on the board is exported or printed. */
static void
congkak_window_export_session_changed (CongkakWindowPart *part)
{
  gboolean has_match = congkak_window_part_get_session (part) != NULL;

  congkak_window_part_set_action_enabled (part, "export-position", has_match);
  congkak_window_part_set_action_enabled (part, "print", has_match);
}

static void
congkak_window_export_class_init (CongkakWindowExportClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = congkak_window_export_dispose;
  CONGKAK_WINDOW_PART_CLASS (klass)->session_changed = congkak_window_export_session_changed;
}

static void
congkak_window_export_init (CongkakWindowExport *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  congkak_window_export_session_changed (CONGKAK_WINDOW_PART (self));
}

CongkakWindowExport *
congkak_window_export_new (GtkWidget             *window,
                           AdwToastOverlay       *toasts,
                           CongkakExportChoices  *choices,
                           CongkakAnnotationView *annotation_view)
{
  CongkakWindowExport *self = g_object_new (CONGKAK_TYPE_WINDOW_EXPORT,
                                            "window", window,
                                            "toasts", toasts,
                                            NULL);

  self->choices = g_object_ref (choices);
  self->annotation_view = annotation_view;
  return self;
}
