/* congkak-window-files.c — opening, saving, autosaving and the clipboard
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nothing typed is lost: every change is written to an autosave file a
 * few seconds later, the file is removed only once the match is saved or
 * deliberately discarded, and the next start offers what was left.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "congkak-match-file.h"
#include "congkak-match-text.h"
#include "congkak-window-private.h"

#define AUTOSAVE_DELAY_SECONDS 3
#define ORIGIN_SUFFIX ".origin"

static GFile *
autosave_directory (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), APPLICATION_ID, "autosave", NULL);
}

static void
show_error (CongkakWindow *self,
            const char    *heading,
            const char    *message)
{
  AdwDialog *dialog = adw_alert_dialog_new (heading, message);

  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "close", _("_Close"));
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

static char *
display_name (GFile *file)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info)
    return g_strdup (g_file_info_get_display_name (info));
  return g_file_get_basename (file);
}

static void
remember_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* Autosave */

static void
delete_autosave (CongkakWindow *self)
{
  g_autoptr (GFile) origin = NULL;
  g_autofree char *path = NULL;

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (self->autosave_file == NULL)
    return;

  path = g_strconcat (g_file_peek_path (self->autosave_file), ORIGIN_SUFFIX, NULL);
  origin = g_file_new_for_path (path);
  g_file_delete (self->autosave_file, NULL, NULL);
  g_file_delete (origin, NULL, NULL);
  g_clear_object (&self->autosave_file);
}

/**
 * congkak_window_autosave_now:
 *
 * Writes the match to this window's autosave file at once.
 *
 * Returns: (transfer none) (nullable): the autosave file, or %NULL if
 *   nothing needed saving or writing failed.
 */
GFile *
congkak_window_autosave_now (CongkakWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) directory = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (self->match == NULL || !self->dirty)
    return NULL;

  if (self->autosave_file == NULL)
    {
      g_autofree char *name = g_strdup_printf ("%" G_GINT64_FORMAT "-%08x.congkak",
                                               g_get_real_time (), g_random_int ());

      directory = autosave_directory ();
      if (!g_file_make_directory_with_parents (directory, NULL, &error)
          && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_warning ("Cannot make the autosave folder: %s", error->message);
          return NULL;
        }
      g_clear_error (&error);
      self->autosave_file = g_file_get_child (directory, name);
    }

  /* Where the match belongs, so a restored match saves back there. */
  if (self->file)
    {
      g_autofree char *uri = g_file_get_uri (self->file);
      g_autofree char *path = g_strconcat (g_file_peek_path (self->autosave_file), ORIGIN_SUFFIX, NULL);

      g_file_set_contents (path, uri, -1, NULL);
    }

  data = congkak_match_save_to_data (self->match, &length);
  if (!g_file_replace_contents (self->autosave_file, data, length, NULL, FALSE,
                                G_FILE_CREATE_PRIVATE, NULL, NULL, &error))
    {
      g_warning ("Cannot autosave: %s", error->message);
      return NULL;
    }
  return self->autosave_file;
}

static gboolean
autosave_timeout (gpointer user_data)
{
  CongkakWindow *self = user_data;

  self->autosave_id = 0;
  congkak_window_autosave_now (self);
  return G_SOURCE_REMOVE;
}

/**
 * congkak_window_changed:
 *
 * Notes a change to the match: the title shows it, and an autosave
 * follows a few seconds after the last change.
 */
void
congkak_window_changed (CongkakWindow *self)
{
  g_return_if_fail (CONGKAK_IS_WINDOW (self));

  self->dirty = TRUE;
  congkak_window_library_changed (self);
  congkak_window_update_title (self);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add_seconds (AUTOSAVE_DELAY_SECONDS, autosave_timeout, self);
}

/**
 * congkak_window_is_dirty:
 *
 * Returns: whether the match has changes that are not in its file.
 */
gboolean
congkak_window_is_dirty (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), FALSE);

  return self->dirty;
}

/* Saving */

static gboolean
save_to (CongkakWindow *self,
         GFile         *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = display_name (file);

  /* A comment still being typed belongs in the file. */
  congkak_annotation_view_commit (self->annotation_view);
  if (!congkak_match_save_to_file (self->match, file, NULL, &error))
    {
      g_autofree char *body = g_strdup_printf (_("“%s”: %s"), name, error->message);

      show_error (self, _("Could Not Save the Match"), body);
      return FALSE;
    }

  g_set_object (&self->file, file);
  self->dirty = FALSE;
  delete_autosave (self);
  remember_recent (file);
  congkak_window_update_title (self);
  {
    g_autofree char *text = g_strdup_printf (_("Saved “%s”"), name);

    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
  }
  return TRUE;
}

typedef struct
{
  CongkakWindow *self;
  gboolean       close_after;
} SaveAs;

static void
save_as_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autofree SaveAs *save_as = user_data;
  g_autoptr (CongkakWindow) self = save_as->self;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, &error);
  if (file == NULL)
    return;  /* cancelled */

  if (save_to (self, file) && save_as->close_after)
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

/* Opening also reads Aualé's Oware Game Notation; saving writes JSON. */
static GListModel *
file_filters (gboolean for_opening)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr (GtkFileFilter) matches = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) text = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) ogn = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (matches, _("Congkak Matches"));
  gtk_file_filter_add_mime_type (matches, "application/x-congkak-match");
  gtk_file_filter_add_suffix (matches, "congkak");
  gtk_file_filter_set_name (text, _("Match Notation (Text)"));
  gtk_file_filter_add_suffix (text, "txt");
  gtk_file_filter_set_name (ogn, _("Oware Game Notation (Aualé)"));
  gtk_file_filter_add_suffix (ogn, "ogn");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, matches);
  g_list_store_append (filters, text);
  if (for_opening)
    g_list_store_append (filters, ogn);
  g_list_store_append (filters, all);
  return G_LIST_MODEL (filters);
}

static void
save_as (CongkakWindow *self,
         gboolean       close_after)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr (GListModel) filters = file_filters (FALSE);
  SaveAs *data = g_new0 (SaveAs, 1);

  gtk_file_dialog_set_title (dialog, _("Save Match"));
  gtk_file_dialog_set_filters (dialog, filters);
  gtk_file_dialog_set_default_filter (dialog, g_list_model_get_item (filters, 0));
  if (self->file)
    gtk_file_dialog_set_initial_file (dialog, self->file);
  else
    gtk_file_dialog_set_initial_name (dialog, _("match.congkak"));

  data->self = g_object_ref (self);
  data->close_after = close_after;
  gtk_file_dialog_save (dialog, GTK_WINDOW (self), NULL, save_as_done, data);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  if (self->match == NULL)
    return;
  if (self->file)
    save_to (self, self->file);
  else
    save_as (self, FALSE);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  if (self->match)
    save_as (self, FALSE);
}

/* Opening */

static gboolean
window_is_free (CongkakWindow *self)
{
  return self->match == NULL
         || (!self->dirty && self->file == NULL && congkak_match_get_n_nodes (self->match) == 0);
}

/**
 * congkak_window_show_loaded_match:
 * @file: (nullable): where the match came from
 * @warnings: (nullable) (element-type utf8): what the loader ignored
 *
 * Shows a loaded match at its start, in this window if it holds nothing
 * worth keeping, else in a new one: one window per match.
 *
 * Returns: (transfer none): the window that shows it.
 */
CongkakWindow *
congkak_window_show_loaded_match (CongkakWindow *self,
                                  CongkakMatch  *match,
                                  GFile         *file,
                                  GPtrArray     *warnings)
{
  CongkakWindow *target = self;

  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);

  if (!window_is_free (self))
    {
      GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

      target = congkak_window_new (CONGKAK_APPLICATION (application));
      gtk_window_present (GTK_WINDOW (target));
    }

  congkak_match_go_to_start (match);
  congkak_window_start_match (target, match);
  g_set_object (&target->file, file);
  target->dirty = FALSE;
  congkak_window_update_title (target);
  if (file)
    remember_recent (file);

  if (warnings && warnings->len > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u unknown field in the file was ignored",
                                                         "%u unknown fields in the file were ignored",
                                                         warnings->len), warnings->len);

      adw_toast_overlay_add_toast (target->toast_overlay, adw_toast_new (text));
    }
  return target;
}

typedef struct
{
  CongkakMatch *match;
  GPtrArray    *warnings;
} Loaded;

static void
loaded_free (gpointer data)
{
  Loaded *loaded = data;

  g_clear_object (&loaded->match);
  g_clear_pointer (&loaded->warnings, g_ptr_array_unref);
  g_free (loaded);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GFile *file = task_data;
  Loaded *loaded = g_new0 (Loaded, 1);
  GError *error = NULL;

  loaded->match = congkak_match_load_any_from_file (file, cancellable, &loaded->warnings, &error);
  if (loaded->match == NULL)
    {
      loaded_free (loaded);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, loaded, loaded_free);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  CongkakWindow *self = CONGKAK_WINDOW (source);
  GFile *file = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  Loaded *loaded;

  loaded = g_task_propagate_pointer (G_TASK (result), &error);
  if (loaded == NULL)
    {
      g_autofree char *name = display_name (file);
      /* TRANSLATORS: a file name, then the loader's message (where and what) */
      g_autofree char *body = g_strdup_printf (_("“%s”: %s"), name, error->message);

      show_error (self, _("Could Not Open the Match"), body);
      return;
    }

  congkak_window_show_loaded_match (self, loaded->match, file, loaded->warnings);
  loaded_free (loaded);
}

/**
 * congkak_window_open_file:
 *
 * Loads @file in a worker thread, then shows it (see
 * congkak_window_show_loaded_match()); a load error is shown in a dialog
 * with the loader's message, which says what is wrong and where.
 */
void
congkak_window_open_file (CongkakWindow *self,
                          GFile         *file)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, NULL, load_done, NULL);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, load_thread);
}

static void
open_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (CongkakWindow) self = user_data;
  g_autoptr (GFile) file = NULL;

  file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, NULL);
  if (file)
    congkak_window_open_file (self, file);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr (GListModel) filters = file_filters (TRUE);

  gtk_file_dialog_set_title (dialog, _("Open Match"));
  gtk_file_dialog_set_filters (dialog, filters);
  gtk_file_dialog_open (dialog, GTK_WINDOW (widget), NULL, open_done, g_object_ref (widget));
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         CongkakWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  for (GSList *l = files; l != NULL; l = l->next)
    congkak_window_open_file (self, l->data);
  return files != NULL;
}

/* Recent matches, on the start page */

#define MAX_RECENT 5

static gint
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GDateTime *first = gtk_recent_info_get_modified (*(GtkRecentInfo **) a);
  GDateTime *second = gtk_recent_info_get_modified (*(GtkRecentInfo **) b);

  return g_date_time_compare (second, first);
}

/**
 * congkak_window_update_recent:
 *
 * Lists the match files used last, newest first, that still exist.
 */
void
congkak_window_update_recent (CongkakWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr (GPtrArray) matches = g_ptr_array_new ();
  guint shown = 0;

  gtk_list_box_remove_all (self->recent_list);

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if ((g_strcmp0 (gtk_recent_info_get_mime_type (info), "application/x-congkak-match") == 0
           || g_str_has_suffix (uri, ".congkak"))
          && gtk_recent_info_exists (info))
        g_ptr_array_add (matches, info);
    }
  g_ptr_array_sort (matches, compare_recent);

  for (guint i = 0; i < matches->len && shown < MAX_RECENT; i++, shown++)
    {
      GtkRecentInfo *info = g_ptr_array_index (matches, i);
      g_autoptr (GFile) file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
      g_autoptr (GFile) parent = g_file_get_parent (file);
      g_autofree char *folder = parent ? g_file_get_parse_name (parent) : NULL;
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), gtk_recent_info_get_display_name (info));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      /* Long folder names are cut short rather than wrapped. */
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 1);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
      if (folder)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), folder);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data_full (G_OBJECT (row), "congkak-file", g_steal_pointer (&file), g_object_unref);
      gtk_list_box_append (self->recent_list, row);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), shown > 0);
  gtk_widget_set_visible (self->recent_label, shown > 0);
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

void
congkak_window_recent_row_activated (CongkakWindow *self,
                                     GtkListBoxRow *row)
{
  GFile *file = g_object_get_data (G_OBJECT (row), "congkak-file");

  if (file)
    congkak_window_open_file (self, file);
}

/* The clipboard: the text notation, for mail and forums. */

static void
copy_notation_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  g_autofree char *text = NULL;

  if (self->match == NULL)
    return;
  text = congkak_match_save_to_text (self->match);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Match copied as text")));
}

static void
paste_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (CongkakWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  g_autofree char *text = NULL;

  text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  if (text == NULL)
    {
      show_error (self, _("Nothing to Paste"), _("The clipboard holds no text."));
      return;
    }
  match = congkak_match_load_from_text (text, -1, &error);
  if (match == NULL)
    {
      show_error (self, _("Could Not Read the Pasted Match"), error->message);
      return;
    }
  congkak_window_show_loaded_match (self, match, NULL, NULL);
}

static void
paste_notation_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_done, g_object_ref (widget));
}

/* Closing */

static void
close_response_cb (AdwAlertDialog *dialog,
                   const char     *response,
                   CongkakWindow  *self)
{
  if (g_str_equal (response, "discard"))
    {
      delete_autosave (self);
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (g_str_equal (response, "save"))
    {
      if (self->file == NULL)
        save_as (self, TRUE);
      else if (save_to (self, self->file))
        {
          self->close_confirmed = TRUE;
          gtk_window_close (GTK_WINDOW (self));
        }
    }
}

static gboolean
congkak_window_close_request (GtkWindow *window)
{
  CongkakWindow *self = CONGKAK_WINDOW (window);
  AdwDialog *dialog;

  if (!self->dirty || self->close_confirmed)
    {
      /* Gone on purpose: nothing to restore next time. */
      if (!self->dirty)
        delete_autosave (self);
      return GTK_WINDOW_CLASS (g_type_class_peek (ADW_TYPE_APPLICATION_WINDOW))->close_request (window);
    }

  dialog = adw_alert_dialog_new (_("Save Changes?"),
                                 _("The match has changes that are not saved. Discarded changes cannot be restored."));
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "cancel", _("_Cancel"),
                                  "discard", _("_Discard"),
                                  "save", _("_Save"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "save");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (close_response_cb), self);
  adw_dialog_present (dialog, GTK_WIDGET (self));
  return TRUE;
}

/* Restoring after a crash */

/**
 * congkak_window_list_autosaves:
 *
 * Returns: (transfer full) (element-type GFile): the autosave files left
 *   behind by windows that did not close normally.
 */
GPtrArray *
congkak_window_list_autosaves (void)
{
  g_autoptr (GFile) directory = autosave_directory ();
  g_autoptr (GFileEnumerator) children = NULL;
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  GFileInfo *info;

  children = g_file_enumerate_children (directory, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NONE, NULL, NULL);
  while (children && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      const char *name = g_file_info_get_name (info);

      if (g_str_has_suffix (name, ".congkak"))
        g_ptr_array_add (files, g_file_get_child (directory, name));
      g_object_unref (info);
    }
  return files;
}

/**
 * congkak_window_restore_autosave:
 * @autosave: a file from congkak_window_list_autosaves()
 *
 * Shows the autosaved match, unsaved, with its original file if it had
 * one; the autosave stays until the match is saved or discarded.
 */
gboolean
congkak_window_restore_autosave (CongkakWindow  *self,
                                 GFile          *autosave,
                                 GError        **error)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GFile) origin = NULL;
  g_autofree char *origin_path = NULL;
  g_autofree char *uri = NULL;
  CongkakWindow *target;

  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (autosave), FALSE);

  match = congkak_match_load_from_file (autosave, NULL, NULL, error);
  if (match == NULL)
    return FALSE;

  origin_path = g_strconcat (g_file_peek_path (autosave), ORIGIN_SUFFIX, NULL);
  if (g_file_get_contents (origin_path, &uri, NULL, NULL))
    origin = g_file_new_for_uri (g_strstrip (uri));

  target = congkak_window_show_loaded_match (self, match, origin, NULL);
  congkak_match_go_to_end (match);
  congkak_window_start_match (target, match);
  g_set_object (&target->autosave_file, autosave);
  target->dirty = TRUE;
  congkak_window_library_restored (target);
  congkak_window_update_title (target);
  return TRUE;
}

static void
restore_response_cb (AdwAlertDialog *dialog,
                     const char     *response,
                     CongkakWindow  *self)
{
  g_autoptr (GPtrArray) autosaves = congkak_window_list_autosaves ();

  for (guint i = 0; i < autosaves->len; i++)
    {
      GFile *autosave = g_ptr_array_index (autosaves, i);
      g_autoptr (GError) error = NULL;

      if (g_str_equal (response, "restore"))
        {
          if (!congkak_window_restore_autosave (self, autosave, &error))
            show_error (self, _("Could Not Restore a Match"), error->message);
        }
      else
        {
          g_autofree char *origin = g_strconcat (g_file_peek_path (autosave), ORIGIN_SUFFIX, NULL);

          g_file_delete (autosave, NULL, NULL);
          g_unlink (origin);
        }
    }
}

/**
 * congkak_window_offer_restore:
 *
 * If matches were left unsaved by a crash, asks whether to restore them.
 */
void
congkak_window_offer_restore (CongkakWindow *self)
{
  g_autoptr (GPtrArray) autosaves = congkak_window_list_autosaves ();
  AdwDialog *dialog;

  g_return_if_fail (CONGKAK_IS_WINDOW (self));

  if (autosaves->len == 0)
    return;

  dialog = adw_alert_dialog_new (_("Restore Unsaved Matches?"),
                                 ngettext ("Congkak was closed while a match had unsaved changes.",
                                           "Congkak was closed while matches had unsaved changes.",
                                           autosaves->len));
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "discard", _("_Discard"),
                                  "restore", _("_Restore"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "restore", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "restore");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "restore");
  g_signal_connect (dialog, "response", G_CALLBACK (restore_response_cb), self);
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

void
congkak_window_files_class_init (GtkWidgetClass *widget_class)
{
  GTK_WINDOW_CLASS (widget_class)->close_request = congkak_window_close_request;

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.copy-notation", NULL, copy_notation_action);
  gtk_widget_class_install_action (widget_class, "win.paste-notation", NULL, paste_notation_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
}

void
congkak_window_files_init (CongkakWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));

  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (congkak_window_update_recent), self, G_CONNECT_SWAPPED);
  congkak_window_update_recent (self);
}

void
congkak_window_files_dispose (CongkakWindow *self)
{
  /* A window closing with changes keeps its autosave for next time. */
  if (self->dirty && !self->close_confirmed)
    congkak_window_autosave_now (self);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  g_clear_object (&self->file);
  g_clear_object (&self->autosave_file);
}
