/* congkak-window-files.c — new matches, opening, saving, closing and
 * restoring
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document does the work (in worker threads) and keeps what is not
 * saved in an autosave; this part of the window asks people what to do,
 * and tells them what happened in words that match it.  It is given the
 * workspace, which knows the documents open in every window (a file is
 * open in one window only) and the autosaves a crash left, and the notes,
 * whose comment still being typed belongs in the file.
 *
 * New Match (the same game again) and the new-match dialog start a match
 * in place of the one shown, once its unsaved changes are dealt with.
 *
 * Where a document goes is the window's to say: the part emits
 * ::show-document for one to show (here if the window holds nothing worth
 * keeping, else in a new window), ::present-document for one open already
 * (its window comes to the front) and ::replace-document for one that
 * takes the place of the match shown (reloaded, or a new match once the
 * unsaved changes are dealt with).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "congkak-match-file.h"
#include "congkak-match-text.h"
#include "congkak-new-match-dialog.h"
#include "congkak-window-files.h"

struct _CongkakWindowFiles
{
  CongkakWindowPart      parent_instance;

  CongkakWorkspace      *workspace;
  CongkakAnnotationView *annotation_view;
  GSignalGroup          *document_signals;
  gboolean               close_confirmed;
};

G_DEFINE_FINAL_TYPE (CongkakWindowFiles, congkak_window_files, CONGKAK_TYPE_WINDOW_PART)

enum
{
  SHOW_DOCUMENT,
  PRESENT_DOCUMENT,
  REPLACE_DOCUMENT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GtkWidget *
window_of (CongkakWindowFiles *self)
{
  return congkak_window_part_get_window (CONGKAK_WINDOW_PART (self));
}

static CongkakDocument *
document_shown (CongkakWindowFiles *self)
{
  return congkak_window_part_get_document (CONGKAK_WINDOW_PART (self));
}

/* What comes once a question about unsaved changes is answered, or a
 * save has succeeded: run at most once, freed always. */
typedef void (*NextFunc) (CongkakWindowFiles *self,
                          gpointer            data);

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
next_run (Next               *next,
          CongkakWindowFiles *self)
{
  if (next && next->func)
    next->func (self, next->data);
}

static void
show_error (CongkakWindowFiles *self,
            const char         *heading,
            const char         *message)
{
  congkak_window_part_show_error (CONGKAK_WINDOW_PART (self), heading, message);
}

static void
remember_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* The window shows another document, or its file changed (saved as,
 * opened): the file goes into the recent ones. */
static void
document_file_changed_cb (CongkakWindowFiles *self)
{
  CongkakDocument *document = document_shown (self);

  if (document && congkak_document_get_file (document))
    remember_recent (congkak_document_get_file (document));
}

static void
document_flush_cb (CongkakWindowFiles *self)
{
  /* A comment still being typed belongs in the file. */
  congkak_annotation_view_commit (self->annotation_view);
}

static void
congkak_window_files_session_changed (CongkakWindowPart *part)
{
  CongkakWindowFiles *self = CONGKAK_WINDOW_FILES (part);

  g_signal_group_set_target (self->document_signals, document_shown (self));
  document_file_changed_cb (self);
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

static void
show_document (CongkakWindowFiles *self,
               CongkakDocument    *document,
               GPtrArray          *warnings)
{
  g_signal_emit (self, signals[SHOW_DOCUMENT], 0, document, warnings);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (CongkakWindowFiles) self = user_data;
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (GPtrArray) warnings = NULL;
  g_autoptr (GError) error = NULL;
  GFile *file = g_task_get_task_data (G_TASK (result));
  CongkakDocument *open;

  document = congkak_document_load_finish (result, &warnings, &error);
  if (window_of (self) == NULL)
    return;
  if (document == NULL)
    {
      g_autofree char *heading = NULL;
      g_autofree char *body = describe_open_error (file, error, &heading);

      gtk_window_present (GTK_WINDOW (window_of (self)));
      show_error (self, heading, body);
      return;
    }

  /* Opened twice at once: the first one won. */
  open = congkak_workspace_find_document (self->workspace, file);
  if (open)
    {
      g_signal_emit (self, signals[PRESENT_DOCUMENT], 0, open);
      return;
    }
  show_document (self, document, warnings);
}

/**
 * congkak_window_files_open:
 *
 * Shows the match in @file: its window if it is open already, else
 * loaded in a worker thread and shown (see #CongkakWindowFiles::show-document).
 * A file that does not load is explained in a dialog.
 */
void
congkak_window_files_open (CongkakWindowFiles *self,
                           GFile              *file)
{
  CongkakDocument *open;

  g_return_if_fail (CONGKAK_IS_WINDOW_FILES (self));
  g_return_if_fail (G_IS_FILE (file));

  open = congkak_workspace_find_document (self->workspace, file);
  if (open)
    {
      g_signal_emit (self, signals[PRESENT_DOCUMENT], 0, open);
      return;
    }
  congkak_document_load_async (file, NULL, load_done, g_object_ref (self));
}

static void
open_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (CongkakWindowFiles) self = user_data;
  g_autoptr (GFile) file = NULL;

  file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, NULL);
  if (file && window_of (self))
    congkak_window_files_open (self, file);
}

/* Opening also reads the text notation and Aualé’s Oware Game Notation;
 * saving writes the format the name says (JSON but for .txt and .ogn). */
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
open_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CongkakWindowFiles *self = user_data;
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr (GListModel) filters = file_filters (TRUE);

  gtk_file_dialog_set_title (dialog, _("Open Match"));
  gtk_file_dialog_set_filters (dialog, filters);
  gtk_file_dialog_open (dialog, GTK_WINDOW (window_of (self)), NULL, open_done, g_object_ref (self));
}

static gboolean
drop_cb (GtkDropTarget      *target,
         const GValue       *value,
         double              x,
         double              y,
         CongkakWindowFiles *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  for (GSList *l = files; l != NULL; l = l->next)
    congkak_window_files_open (self, l->data);
  return files != NULL;
}

static void
reload_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (CongkakWindowFiles) self = user_data;
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (GError) error = NULL;
  GFile *file = g_task_get_task_data (G_TASK (result));

  document = congkak_document_load_finish (result, NULL, &error);
  if (window_of (self) == NULL)
    return;
  if (document == NULL)
    {
      g_autofree char *heading = NULL;
      g_autofree char *body = describe_open_error (file, error, &heading);

      show_error (self, heading, body);
      return;
    }
  /* What was shown here is replaced by what the other program wrote.  A
   * match played here stays in the library; while the library cannot take
   * it, its autosave, the only copy of its changes, stays for the next
   * start. */
  if (document_shown (self))
    {
      CongkakDocument *shown = document_shown (self);

      if (!congkak_document_get_modified (shown) || !congkak_document_get_played_here (shown)
          || congkak_document_record (shown, FALSE, NULL))
        congkak_document_discard_changes (shown);
      else if (congkak_document_autosave_now (shown, NULL) && congkak_document_get_autosave_file (shown))
        congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self),
                                        _("The match library cannot keep the changes reloaded over: Congkak "
                                          "offers them at its next start."));
    }
  g_signal_emit (self, signals[REPLACE_DOCUMENT], 0, document);
}

static void
reload_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  CongkakWindowFiles *self = user_data;
  CongkakDocument *document = document_shown (self);

  if (document == NULL || congkak_document_get_file (document) == NULL)
    return;
  congkak_document_load_async (congkak_document_get_file (document), NULL, reload_done, g_object_ref (self));
}

/* Saving */

typedef struct
{
  CongkakWindowFiles *self;
  GFile              *file;   /* where it was asked to go */
  Next               *then;   /* after a successful save */
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

static void save_to (CongkakWindowFiles       *self,
                     GFile                    *file,
                     CongkakDocumentSaveFlags  flags,
                     Next                     *then);
static void save_as (CongkakWindowFiles       *self,
                     GFile                    *initial,
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
congkak_file_response_cb (AdwAlertDialog *dialog,
                          const char     *response,
                          Save           *save)
{
  /* Once: the dialog closing afterwards is not a second answer. */
  if (save->self == NULL)
    return;
  if (g_str_equal (response, "save-as"))
    save_as (save->self, save->file, g_steal_pointer (&save->then));
  g_clear_object (&save->self);
}

/* @file beside @file, named NAME.congkak. */
static GFile *
congkak_file_beside (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);
  g_autoptr (GFile) folder = g_file_get_parent (file);
  char *dot = strrchr (base, '.');
  g_autofree char *name = NULL;

  if (dot && dot != base)
    *dot = '\0';
  name = g_strconcat (base, ".congkak", NULL);
  return g_file_get_child (folder, name);
}

/* The file's format cannot say everything the match holds, and nothing
 * was written: a Congkak match file can. */
static void
offer_congkak_file (Save         *save,
                    const GError *error)
{
  g_autofree char *name = g_file_get_basename (save->file);
  g_autofree char *shown = g_filename_display_name (name);
  g_autofree char *body = NULL;
  g_autoptr (GFile) beside = NULL;
  AdwDialog *dialog;

  /* TRANSLATORS: what the file's format cannot hold, then the file's name */
  body = g_strdup_printf (_("%s “%s” is as it was. Save the match as a Congkak match file instead?"),
                          error->message, shown);
  dialog = adw_alert_dialog_new (_("Save as a Congkak Match?"), body);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "cancel", _("_Cancel"),
                                  "save-as", _("Save _As…"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "save-as", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "save-as");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
  beside = congkak_file_beside (save->file);
  g_set_object (&save->file, beside);
  adw_dialog_present (dialog, window_of (save->self));
  g_signal_connect_data (dialog, "response", G_CALLBACK (congkak_file_response_cb), save, save_closure_free,
                         G_CONNECT_DEFAULT);
}

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (Save) save = user_data;
  CongkakWindowFiles *self = save->self;
  CongkakDocument *document = CONGKAK_DOCUMENT (source);
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  gboolean saved = congkak_document_save_finish (document, result, &error);

  if (window_of (self) == NULL)
    return;
  if (!saved)
    {
      g_autofree char *shown = NULL;
      g_autofree char *body = NULL;

      if (g_error_matches (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_CANNOT_HOLD))
        {
          offer_congkak_file (g_steal_pointer (&save), error);
          return;
        }
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
          adw_dialog_present (dialog, window_of (self));
          return;
        }
      shown = g_file_get_parse_name (save->file);
      /* TRANSLATORS: the file, then why it could not be written; the file as it was is kept */
      body = g_strdup_printf (_("“%s”: %s\nThe file on disk is as it was, and the match is still here."),
                              shown, error->message);
      show_error (self, _("Could Not Save the Match"), body);
      return;
    }

  name = congkak_document_dup_display_name (document);
  {
    g_autofree char *text = g_strdup_printf (_("Saved “%s”"), name);

    congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), text);
  }
  next_run (save->then, self);
}

static void
save_to (CongkakWindowFiles       *self,
         GFile                    *file,
         CongkakDocumentSaveFlags  flags,
         Next                     *then)
{
  CongkakDocument *document = document_shown (self);
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

/* Asks where to save, starting from @initial (else the match's file). */
static void
save_as (CongkakWindowFiles *self,
         GFile              *initial,
         Next               *then)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr (GListModel) filters = file_filters (FALSE);
  GFile *file = initial ? initial : congkak_document_get_file (document_shown (self));
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
  gtk_file_dialog_save (dialog, GTK_WINDOW (window_of (self)), NULL, save_as_chosen, save);
}

/* Saves into the match's own file, or asks where first. */
static void
save (CongkakWindowFiles *self,
      Next               *then)
{
  GFile *file = congkak_document_get_file (document_shown (self));

  if (file)
    save_to (self, file, CONGKAK_DOCUMENT_SAVE_NONE, then);
  else
    save_as (self, NULL, then);
}

static void
save_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CongkakWindowFiles *self = user_data;

  if (document_shown (self))
    save (self, NULL);
}

static void
save_as_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  CongkakWindowFiles *self = user_data;

  if (document_shown (self))
    save_as (self, NULL, NULL);
}

/* Unsaved changes: asked before they would go */

/* What going on without saving does to the match, as the question says it */
typedef enum
{
  LEAVING_DISCARDS,      /* Discard: the changes are lost, or the library keeps them */
  LEAVING_LOSES_MATCH,   /* Discard: what the library could not keep is lost */
  LEAVING_KEEPS_ASIDE,   /* Keep for Later: the autosave stays, offered at the next start */
} Leaving;

typedef struct
{
  CongkakWindowFiles *self;
  Next               *then;
  gboolean            answered;
  Leaving             leaving;
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
  CongkakWindowFiles *self = ask->self;

  /* One answer: the dialog closing afterwards is not a second one. */
  if (ask->answered)
    return;
  ask->answered = TRUE;
  if (g_str_equal (response, "discard"))
    {
      congkak_document_discard_changes (document_shown (self));
      /* As said: lost, so not recorded once the library works again. */
      if (ask->leaving == LEAVING_LOSES_MATCH)
        congkak_document_cancel_recording (document_shown (self));
      next_run (ask->then, self);
    }
  else if (g_str_equal (response, "keep"))
    {
      /* The autosave stays, with what changed while the question was up. */
      congkak_document_autosave_now (document_shown (self), NULL);
      next_run (ask->then, self);
    }
  else if (g_str_equal (response, "save"))
    save (self, g_steal_pointer (&ask->then));
}

/* What going on without saving does to @document, said before it is
 * offered.  A match played here is put in the library first, so that the
 * question says it stays there only once it does.  When the library cannot
 * take it, its autosave is the only copy of the latest changes: nothing
 * offers to delete it (Keep for Later leaves it, offered again at the next
 * start) unless it cannot be written either, and then Discard says the
 * changes are lost. */
static char *
describe_leaving (CongkakWindowFiles *self,
                  CongkakDocument    *document,
                  Leaving            *leaving)
{
  CongkakLibrary *library = congkak_workspace_get_library (self->workspace);
  CongkakMatch *match = congkak_document_get_match (document);
  gboolean keeps = congkak_document_get_played_here (document);
  gboolean kept = keeps && congkak_document_record (document, FALSE, NULL);
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;

  if (congkak_document_get_file (document))
    name = congkak_document_dup_display_name (document);
  *leaving = LEAVING_DISCARDS;
  if (kept && name)
    return g_strdup_printf (_("“%s” does not have the latest changes. If you discard them, the file stays as it "
                              "is; the match as it stands now is kept in the match library."), name);
  if (kept)
    return g_strdup (_("The match is not saved in a file. If you discard it, it stays in the match library, where "
                       "you can open it again and where puzzles are found."));
  if (!keeps)
    return name ? g_strdup_printf (_("“%s” does not have the latest changes. If you discard them, they are lost."),
                                   name)
                : g_strdup (_("The match is not saved in a file. If you discard it, it is lost."));

  if (congkak_document_autosave_now (document, NULL) && congkak_document_get_autosave_file (document))
    {
      *leaving = LEAVING_KEEPS_ASIDE;
      if (name)
        body = g_strdup_printf (_("“%s” does not have the latest changes, and the match library cannot keep them "
                                  "now. If you keep them for later, Congkak offers to restore them at its next "
                                  "start."), name);
      else
        body = g_strdup (_("The match is not saved in a file, and the match library cannot keep it now. If you keep "
                           "it for later, Congkak offers to restore it at its next start."));
    }
  else
    {
      *leaving = LEAVING_LOSES_MATCH;
      if (name)
        body = g_strdup_printf (_("“%s” does not have the latest changes, and neither the match library nor the "
                                  "autosave can keep them. If you discard them, they are lost."), name);
      else if (congkak_library_find_by_id (library, congkak_match_get_metadata (match, CONGKAK_METADATA_ID)))
        body = g_strdup (_("The match is not saved in a file, and the match library has it only as it was before "
                           "the latest changes. If you discard them, they are lost."));
      else
        body = g_strdup (_("The match is not saved in a file, and neither the match library nor the autosave can "
                           "keep it. If you discard it, it is lost."));
    }
  /* The banner's words: what is wrong with the library, and what to do. */
  return g_strdup_printf ("%s\n\n%s", body, congkak_document_get_library_problem (document));
}

/* Runs @then at once if the match has no unsaved changes, else after
 * asking whether to save them first; Cancel runs nothing. */
static void
confirm_leaving (CongkakWindowFiles *self,
                 Next               *then)
{
  CongkakDocument *document = document_shown (self);
  g_autofree char *body = NULL;
  AdwDialog *dialog;
  Leaving leaving;
  Ask *ask;

  if (document == NULL || !congkak_document_get_modified (document))
    {
      next_run (then, self);
      next_free (then);
      return;
    }

  body = describe_leaving (self, document, &leaving);
  dialog = adw_alert_dialog_new (_("Save Changes?"), body);
  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "cancel", _("_Cancel"));
  if (leaving == LEAVING_KEEPS_ASIDE)
    adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "keep", _("_Keep for Later"));
  else
    {
      adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "discard", _("_Discard"));
      adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
    }
  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "save", _("_Save"));
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "save");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
  ask = g_new0 (Ask, 1);
  ask->self = g_object_ref (self);
  ask->then = then;
  ask->leaving = leaving;
  g_signal_connect_data (dialog, "response", G_CALLBACK (ask_response_cb), ask, ask_free, G_CONNECT_DEFAULT);
  adw_dialog_present (dialog, window_of (self));
}

static void
replace_now (CongkakWindowFiles *self,
             gpointer            data)
{
  g_autoptr (CongkakDocument) document = congkak_document_new (data, NULL);

  g_signal_emit (self, signals[REPLACE_DOCUMENT], 0, document);
}

/**
 * congkak_window_files_replace_match:
 *
 * Starts @match in place of the match shown, as a new document with no
 * file, after asking about the unsaved changes of the match it replaces.
 */
void
congkak_window_files_replace_match (CongkakWindowFiles *self,
                                    CongkakMatch       *match)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_FILES (self));
  g_return_if_fail (CONGKAK_IS_MATCH (match));

  confirm_leaving (self, next_new (replace_now, g_object_ref (match), g_object_unref));
}

/* New matches */

/**
 * congkak_window_files_start_like:
 *
 * Starts @match with the players of the match shown (the same game again
 * keeps its people and computer levels), in its place, after asking about
 * the unsaved changes of the match it replaces.
 */
void
congkak_window_files_start_like (CongkakWindowFiles *self,
                                 CongkakMatch       *match)
{
  CongkakMatch *current;

  g_return_if_fail (CONGKAK_IS_WINDOW_FILES (self));
  g_return_if_fail (CONGKAK_IS_MATCH (match));

  current = congkak_window_part_get_match (CONGKAK_WINDOW_PART (self));
  if (current)
    for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
      {
        congkak_match_set_player (match, side, congkak_match_get_player_name (current, side),
                                  congkak_match_get_player_kind (current, side),
                                  congkak_match_get_player_level (current, side));
        congkak_match_set_player_engine (match, side, congkak_match_get_player_engine (current, side));
      }
  congkak_match_forget_history (match);
  congkak_window_files_replace_match (self, match);
}

static void
new_match_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  CongkakWindowFiles *self = user_data;
  CongkakMatch *current = congkak_window_part_get_match (CONGKAK_WINDOW_PART (self));
  g_autoptr (CongkakMatch) match = NULL;
  CongkakRules rules;

  /* The same game again, or Congkak the first time. */
  if (current)
    rules = *congkak_match_get_rules (current);
  else
    congkak_rules_init_profile (&rules, "congkak", NULL);
  match = congkak_match_new (&rules);
  congkak_window_files_start_like (self, match);
}

static void
new_match_dialog_start_cb (CongkakNewMatchDialog *dialog,
                           const CongkakRules    *rules,
                           CongkakWindowFiles    *self)
{
  g_autoptr (CongkakMatch) match = congkak_match_new (rules);

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      const char *name = congkak_new_match_dialog_get_player_name (dialog, side);
      const char *engine = congkak_new_match_dialog_get_player_engine (dialog, side);

      /* An engine plays under its own name, unless the player gave one. */
      if (engine != NULL && *name == '\0')
        name = congkak_new_match_dialog_get_player_engine_name (dialog, side);
      congkak_match_set_player (match, side, name, congkak_new_match_dialog_get_player_kind (dialog, side),
                                congkak_new_match_dialog_get_player_level (dialog, side));
      congkak_match_set_player_engine (match, side, engine);
    }
  congkak_match_forget_history (match);
  congkak_window_files_replace_match (self, match);
}

static void
choose_game_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CongkakWindowFiles *self = user_data;
  CongkakNewMatchDialog *dialog = congkak_new_match_dialog_new ();

  g_signal_connect_object (dialog, "start", G_CALLBACK (new_match_dialog_start_cb), self, G_CONNECT_DEFAULT);
  adw_dialog_present (ADW_DIALOG (dialog), window_of (self));
}

/* The clipboard: the text notation, for mail and forums. */

static void
copy_notation_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  CongkakWindowFiles *self = user_data;
  CongkakMatch *match = congkak_window_part_get_match (CONGKAK_WINDOW_PART (self));
  g_autofree char *text = NULL;

  if (match == NULL)
    return;
  congkak_annotation_view_commit (self->annotation_view);
  text = congkak_match_save_to_text (match);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (window_of (self)), text);
  congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), _("Match copied as text"));
}

static void
paste_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (CongkakWindowFiles) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakDocument) document = NULL;
  g_autofree char *text = NULL;

  text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  if (window_of (self) == NULL)
    return;
  if (text == NULL)
    {
      show_error (self, _("Nothing to Paste"), _("The clipboard holds no text."));
      return;
    }
  match = congkak_match_load_from_text (text, -1, &error);
  if (match == NULL)
    {
      show_error (self, _("Not a Match"), error->message);
      return;
    }
  congkak_match_go_to_start (match);
  document = congkak_document_new (match, NULL);
  show_document (self, document, NULL);
}

static void
paste_notation_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  CongkakWindowFiles *self = user_data;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (window_of (self)), NULL, paste_done, g_object_ref (self));
}

/* Closing */

static void
close_now (CongkakWindowFiles *self,
           gpointer            data)
{
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (window_of (self)));
}

/* Before the window closes: a match with unsaved changes asks first. */
static gboolean
close_request_cb (GtkWindow          *window,
                  CongkakWindowFiles *self)
{
  CongkakDocument *document = document_shown (self);

  if (self->close_confirmed || document == NULL || !congkak_document_get_modified (document))
    {
      /* Gone on purpose: nothing to restore next time. */
      if (document && !congkak_document_get_modified (document))
        congkak_document_discard_changes (document);
      return GDK_EVENT_PROPAGATE;
    }
  confirm_leaving (self, next_new (close_now, NULL, NULL));
  return GDK_EVENT_STOP;
}

/* Restoring after a crash */

typedef struct
{
  GPtrArray *autosaves;   /* the damaged ones, to discard on request */
} Damaged;

static void
damaged_free (gpointer  data,
              GClosure *closure)
{
  Damaged *damaged = data;

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
offer_discard_damaged (CongkakWindowFiles *self,
                       GPtrArray          *autosaves,
                       GString            *reasons)
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
  damaged->autosaves = g_ptr_array_ref (autosaves);
  g_signal_connect_data (dialog, "response", G_CALLBACK (damaged_response_cb), damaged, damaged_free,
                         G_CONNECT_DEFAULT);
  adw_dialog_present (dialog, window_of (self));
}

static void
restore_all (CongkakWindowFiles *self)
{
  g_autoptr (GPtrArray) autosaves = congkak_workspace_list_left_autosaves (self->workspace);
  g_autoptr (GPtrArray) damaged = g_ptr_array_new_with_free_func ((GDestroyNotify) congkak_autosave_free);
  g_autoptr (GString) reasons = g_string_new (NULL);

  for (guint i = 0; i < autosaves->len; i++)
    {
      CongkakAutosave *autosave = g_ptr_array_index (autosaves, i);
      g_autoptr (CongkakDocument) document = NULL;
      g_autoptr (GError) error = NULL;

      document = congkak_document_restore (autosave, &error);
      if (document == NULL)
        {
          if (reasons->len > 0)
            g_string_append (reasons, "\n\n");
          g_string_append (reasons, error->message);
          g_ptr_array_add (damaged, g_steal_pointer (&g_ptr_array_index (autosaves, i)));
          continue;
        }
      show_document (self, document, NULL);
    }
  if (damaged->len > 0)
    offer_discard_damaged (self, damaged, reasons);
}

static void
restore_response_cb (AdwAlertDialog     *dialog,
                     const char         *response,
                     CongkakWindowFiles *self)
{
  if (g_str_equal (response, "restore"))
    restore_all (self);
  else if (g_str_equal (response, "discard"))
    congkak_workspace_discard_left_autosaves (self->workspace);
}

/**
 * congkak_window_files_offer_restore:
 *
 * If matches were left unsaved when Congkak stopped without closing
 * them (a crash, a power cut), names them and asks whether to bring them
 * back; Later keeps them for the next start.
 */
void
congkak_window_files_offer_restore (CongkakWindowFiles *self)
{
  g_autoptr (GPtrArray) autosaves = NULL;
  g_autoptr (GString) names = g_string_new (NULL);
  AdwDialog *dialog;

  g_return_if_fail (CONGKAK_IS_WINDOW_FILES (self));

  if (window_of (self) == NULL)
    return;
  autosaves = congkak_workspace_list_left_autosaves (self->workspace);
  for (guint i = 0; i < autosaves->len; i++)
    {
      CongkakAutosave *autosave = g_ptr_array_index (autosaves, i);
      g_autofree char *name = autosave->title ? g_strdup (autosave->title)
                              : autosave->origin ? g_file_get_parse_name (autosave->origin)
                              : g_strdup (_("A match without a name"));

      g_string_append_printf (names, "\n• %s", name);
    }
  if (autosaves->len == 0)
    return;
  {
    /* No count is shown, so no plural forms: one, or more than one. */
    g_autofree char *body = g_strdup_printf ("%s%s",
                                             autosaves->len == 1
                                             ? _("Congkak stopped while this match had changes that were not saved:")
                                             : _("Congkak stopped while these matches had changes that were not saved:"),
                                             names->str);

    dialog = adw_alert_dialog_new (autosaves->len == 1 ? _("Restore Unsaved Match?") : _("Restore Unsaved Matches?"),
                                   body);
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
  adw_dialog_present (dialog, window_of (self));
}

static const GActionEntry actions[] = {
  { "new-match", new_match_action },
  { "choose-game", choose_game_action },
  { "open", open_action },
  { "save", save_action },
  { "save-as", save_as_action },
  { "reload", reload_action },
  { "copy-notation", copy_notation_action },
  { "paste-notation", paste_notation_action },
};

void
congkak_window_files_install (GtkWidgetClass              *window_class,
                              GtkWidgetActionActivateFunc  activate)
{
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-match", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
}

/* The window goes (the part goes with it): with changes, whether it was
 * closed without asking or the app stopped, it keeps them in its
 * autosave. */
static void
congkak_window_files_dispose (GObject *object)
{
  CongkakWindowFiles *self = CONGKAK_WINDOW_FILES (object);
  CongkakDocument *document = document_shown (self);

  /* The document says so (its :autosave-problem) if it cannot. */
  if (document && congkak_document_get_modified (document) && !self->close_confirmed)
    congkak_document_autosave_now (document, NULL);
  if (self->document_signals)
    g_signal_group_set_target (self->document_signals, NULL);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->workspace);

  G_OBJECT_CLASS (congkak_window_files_parent_class)->dispose (object);
}

static void
congkak_window_files_class_init (CongkakWindowFilesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = congkak_window_files_dispose;
  CONGKAK_WINDOW_PART_CLASS (klass)->session_changed = congkak_window_files_session_changed;

  /**
   * CongkakWindowFiles::show-document:
   * @document: a match loaded, pasted or restored
   * @warnings: (nullable) (element-type utf8): what the loader ignored
   *
   * @document is to be shown: in this window if it holds nothing worth
   * keeping, else in a new one.
   */
  signals[SHOW_DOCUMENT] =
    g_signal_new ("show-document", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, CONGKAK_TYPE_DOCUMENT, G_TYPE_PTR_ARRAY);
  /**
   * CongkakWindowFiles::present-document:
   * @document: a document open already, in this window or another
   *
   * The window of @document is to come to the front.
   */
  signals[PRESENT_DOCUMENT] =
    g_signal_new ("present-document", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CONGKAK_TYPE_DOCUMENT);
  /**
   * CongkakWindowFiles::replace-document:
   * @document: the file as reloaded, or a new match
   *
   * @document is to be shown in this window, in place of the match shown.
   */
  signals[REPLACE_DOCUMENT] =
    g_signal_new ("replace-document", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CONGKAK_TYPE_DOCUMENT);
}

static void
congkak_window_files_init (CongkakWindowFiles *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  self->document_signals = g_signal_group_new (CONGKAK_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "flush", G_CALLBACK (document_flush_cb), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::file", G_CALLBACK (document_file_changed_cb),
                                  self);
}

CongkakWindowFiles *
congkak_window_files_new (GtkWidget             *window,
                          AdwToastOverlay       *toasts,
                          CongkakWorkspace      *workspace,
                          CongkakAnnotationView *annotation_view)
{
  CongkakWindowFiles *self = g_object_new (CONGKAK_TYPE_WINDOW_FILES,
                                           "window", window,
                                           "toasts", toasts,
                                           NULL);
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  self->workspace = g_object_ref (workspace);
  self->annotation_view = annotation_view;
  g_signal_connect_object (target, "drop", G_CALLBACK (drop_cb), self, G_CONNECT_DEFAULT);
  gtk_widget_add_controller (window, GTK_EVENT_CONTROLLER (target));
  g_signal_connect_object (window, "close-request", G_CALLBACK (close_request_cb), self, G_CONNECT_DEFAULT);
  return self;
}
