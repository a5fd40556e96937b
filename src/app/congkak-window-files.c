/* congkak-window-files.c — opening, saving, closing and restoring
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document does the work (in worker threads) and keeps what is not
 * saved in an autosave; the window asks people what to do, and tells
 * them what happened in words that match it.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-match-file.h"
#include "congkak-match-text.h"
#include "congkak-window-private.h"

/* What comes once a question about unsaved changes is answered, or a
 * save has succeeded: run at most once, freed always. */
typedef void (*NextFunc) (CongkakWindow *self,
                          gpointer       data);

typedef struct
{
  NextFunc       func;
  gpointer       data;
  GDestroyNotify free;
} Next;

static Next *
next_new (NextFunc       func,
          gpointer       data,
          GDestroyNotify free_func)
{
  Next *next = g_new0 (Next, 1);

  next->func = func;
  next->data = data;
  next->free = free_func;
  return next;
}

static void
next_free (Next *next)
{
  if (next == NULL)
    return;
  if (next->free && next->data)
    next->free (next->data);
  g_free (next);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Next, next_free)

static void
next_run (Next          *next,
          CongkakWindow *self)
{
  if (next && next->func)
    next->func (self, next->data);
}

void
congkak_window_show_error (CongkakWindow *self,
                           const char    *heading,
                           const char    *message)
{
  AdwDialog *dialog = adw_alert_dialog_new (heading, message);

  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "close", _("_Close"));
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

static void
remember_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/**
 * congkak_window_files_document_changed:
 *
 * The window shows another document, or its file changed (saved as,
 * opened): the title says so, and the file goes into the recent ones.
 */
void
congkak_window_files_document_changed (CongkakWindow *self)
{
  CongkakDocument *document = congkak_window_get_document (self);

  if (document && congkak_document_get_file (document))
    remember_recent (congkak_document_get_file (document));
  congkak_window_update_title (self);
}

/* Errors a person can act on, in plain words first: the loader's
 * detail (where in the file, and what) comes second. */
static char *
describe_open_error (GFile        *file,
                     const GError *error,
                     char        **heading)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *shown = g_filename_display_name (name);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    *heading = g_strdup (_("File Not Found"));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY)
           || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE)
           || g_error_matches (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_EMPTY)
           || g_error_matches (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_UTF8)
           || g_error_matches (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_NOT_A_MATCH))
    *heading = g_strdup (_("Not a Congkak Match"));
  else if (error->domain == G_IO_ERROR)
    *heading = g_strdup (_("File Cannot Be Read"));
  else if (g_error_matches (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_NEWER_VERSION))
    *heading = g_strdup (_("Made by a Newer Congkak"));
  else
    *heading = g_strdup (_("Damaged Match File"));
  /* TRANSLATORS: a file name, then what is wrong and where */
  return g_strdup_printf (_("“%s”: %s"), shown, error->message);
}

/* Opening */

/**
 * congkak_window_show_document:
 * @warnings: (nullable) (element-type utf8): what the loader ignored
 *
 * Shows a loaded match in this window if it holds nothing worth keeping,
 * else in a new one: one window per match.
 *
 * Returns: (transfer none): the window that shows it.
 */
CongkakWindow *
congkak_window_show_document (CongkakWindow   *self,
                              CongkakDocument *document,
                              GPtrArray       *warnings)
{
  CongkakWindow *target = self;

  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (document), NULL);

  if (!congkak_window_is_blank (self))
    {
      GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

      target = congkak_window_new (CONGKAK_APPLICATION (application));
    }
  congkak_window_set_document (target, document);
  gtk_window_present (GTK_WINDOW (target));

  if (warnings && warnings->len > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u unknown field in the file was ignored",
                                                         "%u unknown fields in the file were ignored",
                                                         warnings->len), warnings->len);

      congkak_window_add_toast (target, text);
    }
  return target;
}

/* The match is in @open: that window comes to the front, and @self goes
 * if it was made for the match and never shown. */
static void
present_instead (CongkakWindow *self,
                 CongkakWindow *open)
{
  gtk_window_present (GTK_WINDOW (open));
  if (open != self && !gtk_widget_get_visible (GTK_WIDGET (self)) && congkak_window_is_blank (self))
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (CongkakWindow) self = user_data;
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (GPtrArray) warnings = NULL;
  g_autoptr (GError) error = NULL;
  GFile *file = g_task_get_task_data (G_TASK (result));
  CongkakWindow *open;

  document = congkak_document_load_finish (result, &warnings, &error);
  if (document == NULL)
    {
      g_autofree char *heading = NULL;
      g_autofree char *body = describe_open_error (file, error, &heading);

      gtk_window_present (GTK_WINDOW (self));
      congkak_window_show_error (self, heading, body);
      return;
    }

  /* Opened twice at once: the first one won. */
  open = congkak_application_find_window (CONGKAK_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                                          file);
  if (open)
    {
      present_instead (self, open);
      return;
    }
  congkak_window_show_document (self, document, warnings);
}

/**
 * congkak_window_open_file:
 *
 * Shows the match in @file: its window if it is open already, else
 * loaded in a worker thread into this window or a new one (see
 * congkak_window_show_document()).  A file that does not load is
 * explained in a dialog.
 */
void
congkak_window_open_file (CongkakWindow *self,
                          GFile         *file)
{
  GtkApplication *application;
  CongkakWindow *open;

  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  application = gtk_window_get_application (GTK_WINDOW (self));
  open = application ? congkak_application_find_window (CONGKAK_APPLICATION (application), file) : NULL;
  if (open)
    {
      present_instead (self, open);
      return;
    }
  congkak_document_load_async (file, NULL, load_done, g_object_ref (self));
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
  gtk_file_filter_add_mime_type (ogn, "text/x-oware-ogn");
  gtk_file_filter_add_suffix (ogn, "ogn");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, matches);
  if (for_opening)
    {
      g_list_store_append (filters, text);
      g_list_store_append (filters, ogn);
    }
  g_list_store_append (filters, all);
  return G_LIST_MODEL (filters);
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

static void
reload_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (CongkakWindow) self = user_data;
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (GError) error = NULL;
  GFile *file = g_task_get_task_data (G_TASK (result));

  document = congkak_document_load_finish (result, NULL, &error);
  if (document == NULL)
    {
      g_autofree char *heading = NULL;
      g_autofree char *body = describe_open_error (file, error, &heading);

      congkak_window_show_error (self, heading, body);
      return;
    }
  /* What was shown here is replaced by what the other program wrote. */
  congkak_document_discard_changes (congkak_window_get_document (self));
  congkak_window_set_document (self, document);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  CongkakDocument *document = congkak_window_get_document (self);

  if (document == NULL || congkak_document_get_file (document) == NULL)
    return;
  congkak_document_load_async (congkak_document_get_file (document), NULL, reload_done, g_object_ref (self));
}

/* Saving */

typedef struct
{
  CongkakWindow *self;
  GFile         *file;        /* where it was asked to go */
  Next          *then;        /* after a successful save */
} Save;

static void
save_free (Save *save)
{
  g_clear_object (&save->self);
  g_clear_object (&save->file);
  g_clear_pointer (&save->then, next_free);
  g_free (save);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Save, save_free)

static void save_to (CongkakWindow            *self,
                     GFile                    *file,
                     CongkakDocumentSaveFlags  flags,
                     Next                     *then);

static void
save_closure_free (gpointer  data,
                   GClosure *closure)
{
  save_free (data);
}

static void
overwrite_response_cb (AdwAlertDialog *dialog,
                       const char     *response,
                       Save           *save)
{
  /* Once: the dialog closing afterwards is not a second answer. */
  if (save->self == NULL)
    return;
  if (g_str_equal (response, "overwrite"))
    save_to (save->self, save->file, CONGKAK_DOCUMENT_SAVE_OVERWRITE, g_steal_pointer (&save->then));
  g_clear_object (&save->self);
}

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (Save) save = user_data;
  CongkakWindow *self = save->self;
  CongkakDocument *document = CONGKAK_DOCUMENT (source);
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;

  if (!congkak_document_save_finish (document, result, &error))
    {
      g_autofree char *shown = NULL;
      g_autofree char *body = NULL;

      if (g_error_matches (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_CHANGED_ON_DISK))
        {
          AdwDialog *dialog = adw_alert_dialog_new (_("Overwrite the File?"),
                                                    _("Another program changed the file since it was opened here. "
                                                      "Saving now replaces what it wrote with this match."));

          adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                          "cancel", _("_Cancel"),
                                          "overwrite", _("_Overwrite"),
                                          NULL);
          adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "overwrite",
                                                    ADW_RESPONSE_DESTRUCTIVE);
          adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
          g_signal_connect_data (dialog, "response", G_CALLBACK (overwrite_response_cb), g_steal_pointer (&save),
                                 save_closure_free, G_CONNECT_DEFAULT);
          adw_dialog_present (dialog, GTK_WIDGET (self));
          return;
        }
      shown = g_file_get_parse_name (save->file);
      /* TRANSLATORS: the file, then why it could not be written; the file as it was is kept */
      body = g_strdup_printf (_("“%s”: %s\nThe file on disk is as it was, and the match is still here."),
                              shown, error->message);
      congkak_window_show_error (self, _("Could Not Save the Match"), body);
      return;
    }

  name = congkak_document_dup_display_name (document);
  {
    g_autofree char *text = g_strdup_printf (_("Saved “%s”"), name);

    congkak_window_add_toast (self, text);
  }
  next_run (save->then, self);
}

static void
save_to (CongkakWindow            *self,
         GFile                    *file,
         CongkakDocumentSaveFlags  flags,
         Next                     *then)
{
  CongkakDocument *document = congkak_window_get_document (self);
  Save *save = g_new0 (Save, 1);

  save->self = g_object_ref (self);
  save->file = g_object_ref (file);
  save->then = then;
  congkak_document_save_async (document, file, flags, NULL, save_done, save);
}

static void
save_as_chosen (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (Save) save = user_data;
  g_autoptr (GFile) file = NULL;

  file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, NULL);
  if (file == NULL)
    return;  /* cancelled */
  /* The file chooser has asked about replacing an existing file. */
  save_to (save->self, file, CONGKAK_DOCUMENT_SAVE_OVERWRITE, g_steal_pointer (&save->then));
}

static void
save_as (CongkakWindow *self,
         Next          *then)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr (GListModel) filters = file_filters (FALSE);
  GFile *file = congkak_document_get_file (congkak_window_get_document (self));
  Save *save = g_new0 (Save, 1);

  gtk_file_dialog_set_title (dialog, _("Save Match"));
  gtk_file_dialog_set_filters (dialog, filters);
  gtk_file_dialog_set_default_filter (dialog, g_list_model_get_item (filters, 0));
  if (file)
    gtk_file_dialog_set_initial_file (dialog, file);
  else
    gtk_file_dialog_set_initial_name (dialog, _("match.congkak"));

  save->self = g_object_ref (self);
  save->then = then;
  gtk_file_dialog_save (dialog, GTK_WINDOW (self), NULL, save_as_chosen, save);
}

/* Saves into the match's own file, or asks where first. */
static void
save (CongkakWindow *self,
      Next          *then)
{
  GFile *file = congkak_document_get_file (congkak_window_get_document (self));

  if (file)
    save_to (self, file, CONGKAK_DOCUMENT_SAVE_NONE, then);
  else
    save_as (self, then);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  if (self->session)
    save (self, NULL);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  if (self->session)
    save_as (self, NULL);
}

/* Unsaved changes: asked before they would go */

typedef struct
{
  CongkakWindow *self;
  Next          *then;
  gboolean       answered;
} Ask;

static void
ask_free (gpointer data,
          GClosure *closure)
{
  Ask *ask = data;

  g_clear_pointer (&ask->then, next_free);
  g_clear_object (&ask->self);
  g_free (ask);
}

static void
ask_response_cb (AdwAlertDialog *dialog,
                 const char     *response,
                 Ask            *ask)
{
  CongkakWindow *self = ask->self;

  /* One answer: the dialog closing afterwards is not a second one. */
  if (ask->answered)
    return;
  ask->answered = TRUE;
  if (g_str_equal (response, "discard"))
    {
      congkak_document_discard_changes (congkak_window_get_document (self));
      next_run (ask->then, self);
    }
  else if (g_str_equal (response, "save"))
    save (self, g_steal_pointer (&ask->then));
}

/* Runs @then at once if the match has no unsaved changes, else after
 * asking whether to save them first; Cancel runs nothing. */
static void
confirm_leaving (CongkakWindow *self,
                 Next          *then)
{
  CongkakDocument *document = congkak_window_get_document (self);
  g_autofree char *body = NULL;
  AdwDialog *dialog;
  Ask *ask;

  if (document == NULL || !congkak_document_get_modified (document))
    {
      next_run (then, self);
      next_free (then);
      return;
    }

  /* Say what Discard really does: a match played here stays in the
   * library either way; only the file misses the changes. */
  if (congkak_document_get_file (document))
    {
      g_autofree char *name = congkak_document_dup_display_name (document);

      if (congkak_document_get_played_here (document) && congkak_window_get_library (self))
        body = g_strdup_printf (_("“%s” does not have the latest changes. If you discard them, the file stays as it "
                                  "is; the match as it stands now is kept in the match library."), name);
      else
        body = g_strdup_printf (_("“%s” does not have the latest changes. If you discard them, they are lost."),
                                name);
    }
  else if (congkak_document_get_played_here (document) && congkak_window_get_library (self))
    body = g_strdup (_("The match is not saved in a file. It is kept in the match library either way."));
  else
    body = g_strdup (_("The match is not saved in a file. If you discard it, it is lost."));

  dialog = adw_alert_dialog_new (_("Save Changes?"), body);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "cancel", _("_Cancel"),
                                  "discard", _("_Discard"),
                                  "save", _("_Save"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "save");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
  ask = g_new0 (Ask, 1);
  ask->self = g_object_ref (self);
  ask->then = then;
  g_signal_connect_data (dialog, "response", G_CALLBACK (ask_response_cb), ask, ask_free, G_CONNECT_DEFAULT);
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

static void
replace_now (CongkakWindow *self,
             gpointer       data)
{
  congkak_window_start_match (self, data);
}

/**
 * congkak_window_replace_match:
 *
 * Starts @match in this window, after asking about the unsaved changes
 * of the match it replaces.
 */
void
congkak_window_replace_match (CongkakWindow *self,
                              CongkakMatch  *match)
{
  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (CONGKAK_IS_MATCH (match));

  confirm_leaving (self, next_new (replace_now, g_object_ref (match), g_object_unref));
}

/* The clipboard: the text notation, for mail and forums. */

static void
copy_notation_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  g_autofree char *text = NULL;

  if (self->session == NULL)
    return;
  congkak_annotation_view_commit (self->annotation_view);
  text = congkak_match_save_to_text (congkak_window_get_match (self));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  congkak_window_add_toast (self, _("Match copied as text"));
}

static void
paste_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (CongkakWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakDocument) document = NULL;
  g_autofree char *text = NULL;

  text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  if (text == NULL)
    {
      congkak_window_show_error (self, _("Nothing to Paste"), _("The clipboard holds no text."));
      return;
    }
  match = congkak_match_load_from_text (text, -1, &error);
  if (match == NULL)
    {
      congkak_window_show_error (self, _("Not a Match"), error->message);
      return;
    }
  congkak_match_go_to_start (match);
  document = congkak_document_new (match, NULL);
  congkak_window_show_document (self, document, NULL);
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
close_now (CongkakWindow *self,
           gpointer       data)
{
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
congkak_window_close_request (GtkWindow *window)
{
  CongkakWindow *self = CONGKAK_WINDOW (window);
  CongkakDocument *document = congkak_window_get_document (self);

  if (self->close_confirmed || document == NULL || !congkak_document_get_modified (document))
    {
      /* Gone on purpose: nothing to restore next time. */
      if (document && !congkak_document_get_modified (document))
        congkak_document_discard_changes (document);
      return GTK_WINDOW_CLASS (g_type_class_peek (ADW_TYPE_APPLICATION_WINDOW))->close_request (window);
    }
  confirm_leaving (self, next_new (close_now, NULL, NULL));
  return TRUE;
}

/* Restoring after a crash */

typedef struct
{
  CongkakWindow *self;
  GPtrArray     *autosaves;   /* the damaged ones, to discard on request */
} Damaged;

static void
damaged_free (gpointer  data,
              GClosure *closure)
{
  Damaged *damaged = data;

  g_clear_object (&damaged->self);
  g_clear_pointer (&damaged->autosaves, g_ptr_array_unref);
  g_free (damaged);
}

static void
damaged_response_cb (AdwAlertDialog *dialog,
                     const char     *response,
                     Damaged        *damaged)
{
  /* Once: the dialog closing afterwards is not a second answer. */
  if (g_str_equal (response, "discard") && damaged->autosaves)
    for (guint i = 0; i < damaged->autosaves->len; i++)
      congkak_document_delete_autosave (g_ptr_array_index (damaged->autosaves, i));
  g_clear_pointer (&damaged->autosaves, g_ptr_array_unref);
}

/* Autosaves that do not load: named, and discarded only on request. */
static void
offer_discard_damaged (CongkakWindow *self,
                       GPtrArray     *autosaves,
                       GString       *reasons)
{
  Damaged *damaged = g_new0 (Damaged, 1);
  AdwDialog *dialog;

  /* No count is shown, so no plural forms: one, or more than one. */
  dialog = adw_alert_dialog_new (autosaves->len == 1 ? _("Damaged Unsaved Match") : _("Damaged Unsaved Matches"),
                                 reasons->str);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "keep", _("_Keep for Later"),
                                  "discard", autosaves->len == 1 ? _("_Discard It") : _("_Discard Them"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "keep");
  damaged->self = g_object_ref (self);
  damaged->autosaves = g_ptr_array_ref (autosaves);
  g_signal_connect_data (dialog, "response", G_CALLBACK (damaged_response_cb), damaged, damaged_free,
                         G_CONNECT_DEFAULT);
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

static void
restore_all (CongkakWindow *self)
{
  g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();
  g_autoptr (GPtrArray) damaged = g_ptr_array_new_with_free_func ((GDestroyNotify) congkak_autosave_free);
  g_autoptr (GString) reasons = g_string_new (NULL);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  for (guint i = 0; i < autosaves->len; i++)
    {
      CongkakAutosave *autosave = g_ptr_array_index (autosaves, i);
      g_autoptr (CongkakDocument) document = NULL;
      g_autoptr (GError) error = NULL;

      /* A match open in a window now is not one a crash left. */
      if (congkak_application_owns_autosave (CONGKAK_APPLICATION (application), autosave->file))
        continue;
      document = congkak_document_restore (autosave, &error);
      if (document == NULL)
        {
          if (reasons->len > 0)
            g_string_append (reasons, "\n\n");
          g_string_append (reasons, error->message);
          g_ptr_array_add (damaged, g_steal_pointer (&g_ptr_array_index (autosaves, i)));
          continue;
        }
      congkak_window_show_document (self, document, NULL);
    }
  if (damaged->len > 0)
    offer_discard_damaged (self, damaged, reasons);
}

static void
restore_response_cb (AdwAlertDialog *dialog,
                     const char     *response,
                     CongkakWindow  *self)
{
  if (g_str_equal (response, "restore"))
    restore_all (self);
  else if (g_str_equal (response, "discard"))
    {
      g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();
      GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

      for (guint i = 0; i < autosaves->len; i++)
        {
          CongkakAutosave *autosave = g_ptr_array_index (autosaves, i);

          if (!congkak_application_owns_autosave (CONGKAK_APPLICATION (application), autosave->file))
            congkak_document_delete_autosave (autosave);
        }
    }
}

/**
 * congkak_window_offer_restore:
 *
 * If matches were left unsaved when Congkak stopped without closing
 * them (a crash, a power cut), names them and asks whether to bring them
 * back; Later keeps them for the next start.
 */
void
congkak_window_offer_restore (CongkakWindow *self)
{
  g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();
  g_autoptr (GString) names = g_string_new (NULL);
  GtkApplication *application;
  AdwDialog *dialog;
  guint n = 0;

  g_return_if_fail (CONGKAK_IS_WINDOW (self));

  application = gtk_window_get_application (GTK_WINDOW (self));
  for (guint i = 0; i < autosaves->len; i++)
    {
      CongkakAutosave *autosave = g_ptr_array_index (autosaves, i);
      g_autofree char *name = autosave->title ? g_strdup (autosave->title)
                              : autosave->origin ? g_file_get_parse_name (autosave->origin)
                              : g_strdup (_("A match without a name"));

      if (congkak_application_owns_autosave (CONGKAK_APPLICATION (application), autosave->file))
        continue;
      g_string_append_printf (names, "\n• %s", name);
      n++;
    }
  if (n == 0)
    return;
  {
    /* No count is shown, so no plural forms: one, or more than one. */
    g_autofree char *body = g_strdup_printf ("%s%s",
                                             n == 1 ? _("Congkak stopped while this match had changes that were not saved:")
                                                    : _("Congkak stopped while these matches had changes that were not saved:"),
                                             names->str);

    dialog = adw_alert_dialog_new (n == 1 ? _("Restore Unsaved Match?") : _("Restore Unsaved Matches?"), body);
  }
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  /* TRANSLATORS: deletes the unsaved matches a crash left */
                                  "discard", C_("unsaved matches", "_Discard"),
                                  "later", _("_Later"),
                                  "restore", _("_Restore"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "restore", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "restore");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "later");
  g_signal_connect_object (dialog, "response", G_CALLBACK (restore_response_cb), self, G_CONNECT_DEFAULT);
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

void
congkak_window_files_class_init (GtkWidgetClass *widget_class)
{
  GTK_WINDOW_CLASS (widget_class)->close_request = congkak_window_close_request;

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
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
}

void
congkak_window_files_dispose (CongkakWindow *self)
{
  CongkakDocument *document = congkak_window_get_document (self);
  g_autoptr (GError) error = NULL;

  /* A window that goes with changes keeps them in its autosave. */
  if (document && congkak_document_get_modified (document) && !self->close_confirmed
      && !congkak_document_autosave_now (document, &error))
    g_warning ("Cannot autosave the match: %s", error->message);
}
