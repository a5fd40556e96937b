/* congkak-library-view-actions.c — what the library page does to matches, and adding them
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The actions of a match's menu, each naming the match by its file name:
 * open, rename (its title, kept in the file), export a copy, show in the
 * folder, delete (to the trash, with a toast to undo); and adding matches
 * from elsewhere, chosen in a file dialog or dropped on the page, with a
 * report of what could not be added.  The page itself is
 * congkak-library-view.c's (congkak-library-view-private.h).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-library-view-private.h"

/* Actions on one match, named by its file name */

static CongkakLibraryEntry *
find_entry (CongkakLibraryView *self,
            GVariant           *parameter)
{
  const char *name = g_variant_get_string (parameter, NULL);
  g_autoptr (GFile) file = NULL;

  if (self->library == NULL)
    return NULL;
  file = g_file_get_child (congkak_library_get_directory (self->library), name);
  return congkak_library_find_by_file (self->library, file);
}

void
_congkak_library_view_open_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (widget);
  CongkakLibraryEntry *entry = find_entry (self, parameter);

  if (entry)
    _congkak_library_view_emit_open_file (self, congkak_library_entry_get_file (entry));
}

/* What a dialog or toast about one match needs when it answers: the
 * view, the match, and (renaming) where the new title is typed. */
typedef struct
{
  CongkakLibraryView  *view;
  CongkakLibraryEntry *entry;
  GtkEditable         *text;
} EntryRequest;

static void
entry_request_free (gpointer  data,
                    GClosure *closure)
{
  EntryRequest *request = data;

  g_clear_object (&request->entry);
  g_free (request);
}

/* Connects @callback to @instance's @signal, called with a request for
 * @entry, for as long as the view lives (as g_signal_connect_object()). */
static void
connect_entry_request (CongkakLibraryView  *self,
                       gpointer             instance,
                       const char          *signal,
                       GCallback            callback,
                       CongkakLibraryEntry *entry,
                       GtkEditable         *text)
{
  EntryRequest *request = g_new0 (EntryRequest, 1);
  GClosure *closure;

  request->view = self;
  request->entry = g_object_ref (entry);
  request->text = text;
  closure = g_cclosure_new (callback, request, entry_request_free);
  g_object_watch_closure (G_OBJECT (self), closure);
  g_signal_connect_closure (instance, signal, closure, FALSE);
}

static void
rename_response_cb (AdwAlertDialog *dialog,
                    const char     *response,
                    EntryRequest   *request)
{
  CongkakLibraryView *self = request->view;
  g_autoptr (GError) error = NULL;

  if (!g_str_equal (response, "rename") || self->library == NULL)
    return;
  if (congkak_library_set_title (self->library, request->entry, gtk_editable_get_text (request->text), &error) == NULL)
    _congkak_library_view_show_error_toast (self, error->message);
}

void
_congkak_library_view_rename_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (widget);
  CongkakLibraryEntry *entry = find_entry (self, parameter);
  AdwDialog *dialog;
  GtkWidget *text;

  if (entry == NULL)
    return;
  dialog = adw_alert_dialog_new (_("Rename Match"),
                                 _("The title is kept in the match file and shown in the library instead of the players’ names."));
  text = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (text), congkak_library_entry_get_title (entry));
  gtk_entry_set_placeholder_text (GTK_ENTRY (text), _("Title"));
  gtk_entry_set_activates_default (GTK_ENTRY (text), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (text), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Title"), -1);
  adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (dialog), text);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "cancel", _("_Cancel"),
                                  "rename", _("_Rename"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "rename", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "rename");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
  connect_entry_request (self, dialog, "response", G_CALLBACK (rename_response_cb), entry, GTK_EDITABLE (text));
  adw_dialog_present (dialog, widget);
  gtk_widget_grab_focus (text);
}

typedef struct
{
  CongkakLibraryView *self;
  GFile              *source;
} Export;

static void
export_done (GObject      *dialog,
             GAsyncResult *result,
             gpointer      user_data)
{
  Export *export = user_data;
  g_autoptr (CongkakLibraryView) self = export->self;
  g_autoptr (GFile) source = export->source;
  g_autoptr (GFile) target = NULL;
  g_autoptr (GError) error = NULL;

  g_free (export);
  target = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (dialog), result, NULL);
  if (target == NULL)
    return;  /* cancelled */
  if (!g_file_copy (source, target, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error))
    _congkak_library_view_show_error_toast (self, error->message);
  else
    {
      g_autofree char *name = g_file_get_basename (target);

      _congkak_library_view_show_toast (self, adw_toast_new_format (_("Copied to “%s”"), name));
    }
}

void
_congkak_library_view_export_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (widget);
  CongkakLibraryEntry *entry = find_entry (self, parameter);
  g_autoptr (GtkFileDialog) dialog = NULL;
  Export *export;

  if (entry == NULL)
    return;
  dialog = gtk_file_dialog_new ();
  gtk_file_dialog_set_title (dialog, _("Export a Copy of the Match"));
  gtk_file_dialog_set_initial_name (dialog, congkak_library_entry_get_name (entry));
  export = g_new0 (Export, 1);
  export->self = g_object_ref (self);
  export->source = g_object_ref (congkak_library_entry_get_file (entry));
  gtk_file_dialog_save (dialog, GTK_WINDOW (gtk_widget_get_root (widget)), NULL, export_done, export);
}

static void
reveal_done (GObject      *launcher,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (CongkakLibraryView) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!gtk_file_launcher_open_containing_folder_finish (GTK_FILE_LAUNCHER (launcher), result, &error)
      && !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED))
    _congkak_library_view_show_error_toast (self, error->message);
}

void
_congkak_library_view_reveal_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (widget);
  CongkakLibraryEntry *entry = find_entry (self, parameter);
  g_autoptr (GtkFileLauncher) launcher = NULL;

  if (entry == NULL)
    return;
  launcher = gtk_file_launcher_new (congkak_library_entry_get_file (entry));
  gtk_file_launcher_open_containing_folder (launcher, GTK_WINDOW (gtk_widget_get_root (widget)), NULL,
                                            reveal_done, g_object_ref (self));
}

static void
delete_dismissed_cb (AdwToast           *toast,
                     CongkakLibraryView *self)
{
  /* Gone for good: to the trash, where the file manager can still find it. */
  if (self->library)
    congkak_library_purge_deleted (self->library);
}

static void
undo_delete_cb (AdwToast     *toast,
                EntryRequest *request)
{
  CongkakLibraryView *self = request->view;
  g_autoptr (GError) error = NULL;

  /* Undone: the toast's dismissal that follows purges nothing. */
  g_signal_handlers_disconnect_by_func (toast, delete_dismissed_cb, self);
  if (self->library && !congkak_library_undo_delete (self->library, request->entry, &error))
    _congkak_library_view_show_error_toast (self, error->message);
}

void
_congkak_library_view_delete_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (widget);
  CongkakLibraryEntry *found = find_entry (self, parameter);
  /* Kept for the undo: the library lets go of it. */
  g_autoptr (CongkakLibraryEntry) entry = found ? g_object_ref (found) : NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *title = NULL;
  AdwToast *toast;

  if (entry == NULL)
    return;
  title = congkak_library_entry_dup_display_title (entry);
  if (!congkak_library_delete (self->library, entry, &error))
    {
      _congkak_library_view_show_error_toast (self, error->message);
      return;
    }
  toast = adw_toast_new_format (_("“%s” deleted"), title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  connect_entry_request (self, toast, "button-clicked", G_CALLBACK (undo_delete_cb), entry, NULL);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (delete_dismissed_cb), self, 0);
  _congkak_library_view_show_toast (self, toast);
}

/* Adding matches from elsewhere */

static void
import_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (CongkakLibraryView) self = user_data;
  g_autoptr (CongkakLibraryImportReport) report = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *added = NULL;
  g_autofree char *text = NULL;

  report = congkak_library_import_finish (CONGKAK_LIBRARY (source), result, &error);
  if (report == NULL)
    {
      _congkak_library_view_show_error_toast (self, error->message);
      return;
    }
  added = g_strdup_printf (ngettext ("%u match added", "%u matches added", report->added), report->added);
  if (report->already > 0)
    text = g_strdup_printf (ngettext ("%s; %u was in the library already", "%s; %u were in the library already",
                                      report->already), added, report->already);
  else
    text = g_strdup (added);
  _congkak_library_view_show_toast (self, adw_toast_new (text));

  if (report->failures->len > 0)
    {
      g_autoptr (GString) body = g_string_new (NULL);
      AdwDialog *dialog;

      for (guint i = 0; i < report->failures->len && i < 10; i++)
        g_string_append_printf (body, "%s%s", i ? "\n" : "", (char *) g_ptr_array_index (report->failures, i));
      if (report->failures->len > 10)
        {
          guint more = report->failures->len - 10;

          g_string_append_c (body, '\n');
          g_string_append_printf (body, ngettext ("… and %u more", "… and %u more", more), more);
        }
      dialog = adw_alert_dialog_new (ngettext ("A File Could Not Be Added", "Some Files Could Not Be Added",
                                               report->failures->len),
                                     body->str);
      adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "close", _("_Close"));
      adw_dialog_present (dialog, GTK_WIDGET (self));
    }
}

static void
import_files (CongkakLibraryView *self,
              GListModel         *files)
{
  if (self->library && g_list_model_get_n_items (files) > 0)
    congkak_library_import_async (self->library, files, NULL, import_done, g_object_ref (self));
}

static void
import_files_done (GObject      *dialog,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr (CongkakLibraryView) self = user_data;
  g_autoptr (GListModel) files = gtk_file_dialog_open_multiple_finish (GTK_FILE_DIALOG (dialog), result, NULL);

  if (files)
    import_files (self, files);
}

static void
import_folder_done (GObject      *dialog,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr (CongkakLibraryView) self = user_data;
  g_autoptr (GFile) folder = gtk_file_dialog_select_folder_finish (GTK_FILE_DIALOG (dialog), result, NULL);
  g_autoptr (GListStore) files = g_list_store_new (G_TYPE_FILE);

  if (folder == NULL)
    return;
  g_list_store_append (files, folder);
  import_files (self, G_LIST_MODEL (files));
}

void
_congkak_library_view_import_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  GtkWindow *window = GTK_WINDOW (gtk_widget_get_root (widget));

  if (g_str_equal (action_name, "library.import-folder"))
    {
      gtk_file_dialog_set_title (dialog, _("Add a Folder of Matches"));
      gtk_file_dialog_select_folder (dialog, window, NULL, import_folder_done, g_object_ref (widget));
    }
  else
    {
      g_autoptr (GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
      g_autoptr (GtkFileFilter) matches = gtk_file_filter_new ();

      gtk_file_filter_set_name (matches, _("Congkak Matches"));
      gtk_file_filter_add_mime_type (matches, "application/x-congkak-match");
      gtk_file_filter_add_suffix (matches, "congkak");
      gtk_file_filter_add_suffix (matches, "txt");
      g_list_store_append (filters, matches);
      gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
      gtk_file_dialog_set_title (dialog, _("Add Matches to the Library"));
      gtk_file_dialog_open_multiple (dialog, window, NULL, import_files_done, g_object_ref (widget));
    }
}

/* Files dropped on the view are added. */
gboolean
_congkak_library_view_drop_cb (GtkDropTarget      *target,
                               const GValue       *value,
                               double              x,
                               double              y,
                               CongkakLibraryView *self)
{
  g_autoptr (GListStore) files = g_list_store_new (G_TYPE_FILE);

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  for (GSList *l = g_value_get_boxed (value); l != NULL; l = l->next)
    g_list_store_append (files, l->data);
  import_files (self, G_LIST_MODEL (files));
  return g_list_model_get_n_items (G_LIST_MODEL (files)) > 0;
}

