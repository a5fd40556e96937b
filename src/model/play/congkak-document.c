/* congkak-document.c — a match and its life on disk
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A document owns one match and everything about keeping it: the file it
 * belongs to, whether it has changes that file does not have, an autosave
 * a few seconds after every change (so that nothing typed is lost when
 * the app is killed), the match library's copy, and a watch on the file
 * so that a save never silently overwrites what another program wrote.
 *
 * Saving and autosaving copy the match in the main thread (a copy of the
 * tree, congkak_match_copy(), is all it must do) and serialise and write
 * the copy in a worker thread through congkak_file_replace_contents(): a
 * temporary beside the file, fsynced, then renamed over it, so a failed
 * save leaves the old file whole.  The autosave is deleted only once the
 * match is saved or its changes are deliberately discarded; its files are
 * written and deleted under a lock, so that a discard never races with a
 * write still running.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "congkak-document.h"
#include "congkak-file-util.h"
#include "congkak-match-file.h"
#include "congkak-narration.h"

/* The autosave is on disk about this long after the last change: it
 * starts that much earlier than this as the last one took to write. */
#define DEFAULT_AUTOSAVE_DELAY_MS 2000
#define MIN_AUTOSAVE_DELAY_MS 500
/* A failed autosave, or a failed recording in the library, is tried
 * again this many autosave delays later. */
#define RETRY_DELAYS 5
/* A side file without its autosave is left alone this long after it was
 * written, while cleaning after a save: its autosave may be being written. */
#define ORPHAN_SIDE_FILE_AGE_US (60 * G_USEC_PER_SEC)
#define AUTOSAVE_INFO_SUFFIX ".info"
#define AUTOSAVE_ORIGIN_SUFFIX ".origin"   /* written by older versions */
#define AUTOSAVE_GROUP "Autosave"

struct _CongkakDocument
{
  GObject          parent_instance;

  CongkakMatch    *match;
  GSignalGroup    *match_signals;

  /* The file, and changes not yet in it */
  GFile           *file;
  CongkakMatchFormat format;          /* what the file is written in: as it was read */
  char            *etag;              /* of the file as last read or written */
  GFileMonitor    *monitor;
  guint64          changes;           /* counts every change to the match */
  guint64          saved_changes;     /* the count the file has */
  gboolean         changed_on_disk;
  GCancellable    *saving;            /* a save running */

  /* Autosave */
  GFile           *autosave_file;
  guint            autosave_id;
  guint            autosave_delay_ms;
  guint64          autosave_serial;   /* counts changes, and other reasons to write it again */
  guint64          autosaved_serial;  /* the count the autosave has */
  GCancellable    *autosaving;        /* a write running in a worker */
  gboolean         autosave_queued;   /* due while one was running: starts when it ends */
  GMutex           autosave_lock;     /* held while the autosave's files are written or deleted */
  gint64           autosave_duration; /* how long the last write took, in µs */
  char            *autosave_problem;  /* what the window shows while autosaving fails; NULL when it works */

  /* The match library */
  CongkakLibrary  *library;
  gboolean         played_here;       /* a move was played in this app */
  gboolean         record_pending;    /* changes the library has not yet */
  char            *library_problem;   /* what the window shows while recording fails; NULL when it works */
  guint            record_retry_id;
};

enum
{
  PROP_0,
  PROP_MATCH,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_CHANGED_ON_DISK,
  PROP_SAVING,
  PROP_AUTOSAVE_FAILING,
  PROP_AUTOSAVE_PROBLEM,
  PROP_LIBRARY_FAILING,
  PROP_LIBRARY_PROBLEM,
  N_PROPS
};

enum
{
  FLUSH,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CongkakDocument, congkak_document, G_TYPE_OBJECT)
G_DEFINE_QUARK (congkak-document-error-quark, congkak_document_error)

static void watch_file (CongkakDocument *self);
static void set_file   (CongkakDocument *self,
                        GFile           *file,
                        const char      *etag);
static char *query_etag (GFile        *file,
                         GCancellable *cancellable);
static void set_library_error (CongkakDocument *self,
                               const GError    *error);

void
congkak_autosave_free (CongkakAutosave *autosave)
{
  if (autosave == NULL)
    return;
  g_clear_object (&autosave->file);
  g_clear_object (&autosave->origin);
  g_clear_pointer (&autosave->title, g_free);
  g_clear_pointer (&autosave->saved, g_date_time_unref);
  g_free (autosave->etag);
  g_free (autosave);
}

/* Whatever a view still holds (a comment being typed) goes into the match. */
static void
flush (CongkakDocument *self)
{
  g_signal_emit (self, signals[FLUSH], 0);
}

/* Tells :modified's watchers if it is not what it was. */
static void
notify_modified (CongkakDocument *self,
                 gboolean         was_modified)
{
  if (was_modified != congkak_document_get_modified (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
set_changed_on_disk (CongkakDocument *self,
                     gboolean         changed)
{
  changed = !!changed;
  if (self->changed_on_disk == changed)
    return;
  self->changed_on_disk = changed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHANGED_ON_DISK]);
}

static char *
side_file_path (GFile      *autosave,
                const char *suffix)
{
  return g_strconcat (g_file_peek_path (autosave), suffix, NULL);
}

/* Autosave */

/**
 * congkak_document_get_autosave_directory:
 *
 * Returns: (transfer full): where unsaved matches are kept,
 *   $XDG_STATE_HOME/APP-ID/autosave: state of this computer, not data a
 *   person would copy elsewhere.
 */
GFile *
congkak_document_get_autosave_directory (void)
{
  return g_file_new_build_filename (g_get_user_state_dir (), APPLICATION_ID, "autosave", NULL);
}

/* Where versions before 0.4 kept them; still listed, so none is lost. */
static GFile *
legacy_autosave_directory (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), APPLICATION_ID, "autosave", NULL);
}

static void
delete_autosave_files (GFile *autosave)
{
  g_autofree char *info = side_file_path (autosave, AUTOSAVE_INFO_SUFFIX);
  g_autofree char *origin = side_file_path (autosave, AUTOSAVE_ORIGIN_SUFFIX);
  g_autoptr (GFile) info_file = g_file_new_for_path (info);
  g_autoptr (GFile) origin_file = g_file_new_for_path (origin);

  g_file_delete (autosave, NULL, NULL);
  g_file_delete (info_file, NULL, NULL);
  g_file_delete (origin_file, NULL, NULL);
}

/* What the window says while autosaving fails: what is wrong, and what
 * to do. */
static char *
describe_autosave_error (const GError *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
    return g_strdup (_("Changes cannot be autosaved: the disk is full. Save the match to keep them, or free some space."));
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY))
    return g_strdup (_("Changes cannot be autosaved: the autosave folder is read-only. Save the match to keep them."));
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    return g_strdup (_("Changes cannot be autosaved: Congkak may not write in the autosave folder. Save the match to keep them."));
  /* TRANSLATORS: why the autosave could not be written */
  return g_strdup_printf (_("Changes cannot be autosaved (%s). Save the match to keep them."), error->message);
}

/* @error: (nullable): why the last autosave failed; %NULL once one works,
 * or once there is nothing to autosave. */
static void
set_autosave_error (CongkakDocument *self,
                    const GError    *error)
{
  g_autofree char *problem = error ? describe_autosave_error (error) : NULL;
  gboolean was_failing = self->autosave_problem != NULL;

  if (g_strcmp0 (problem, self->autosave_problem) == 0)
    return;
  g_free (self->autosave_problem);
  self->autosave_problem = g_steal_pointer (&problem);
  if (was_failing != (self->autosave_problem != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_FAILING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_PROBLEM]);
}

/* The changes are in the file, or dropped on purpose: a write still
 * running gives way, and the autosave goes. */
static void
delete_autosave (CongkakDocument *self)
{
  g_autoptr (GMutexLocker) locker = NULL;

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_queued = FALSE;
  if (self->autosaving)
    g_cancellable_cancel (self->autosaving);
  set_autosave_error (self, NULL);
  if (self->autosave_file == NULL)
    return;
  locker = g_mutex_locker_new (&self->autosave_lock);
  delete_autosave_files (self->autosave_file);
  g_clear_object (&self->autosave_file);
}

/* Whether the match has changes that neither its file nor its autosave
 * has. */
static gboolean
autosave_due (CongkakDocument *self)
{
  return congkak_document_get_modified (self) && self->autosaved_serial != self->autosave_serial;
}

/* After a change: early enough that a write as long as the last one is
 * done autosave_delay_ms after it. */
static guint
autosave_delay (CongkakDocument *self)
{
  gint64 expected_ms = self->autosave_duration * 5 / 4 / 1000;
  gint64 shortest = MIN (MIN_AUTOSAVE_DELAY_MS, self->autosave_delay_ms);

  return (guint) CLAMP ((gint64) self->autosave_delay_ms - expected_ms, shortest, (gint64) self->autosave_delay_ms);
}

/**
 * congkak_document_dup_title:
 *
 * Returns: (transfer full): the match in a few words, "Ani (South) vs
 *   Budi (North) · Kalah", as the window's title and the restore dialog
 *   name it.
 */
char *
congkak_document_dup_title (CongkakDocument *self)
{
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;

  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), NULL);

  south = congkak_narrate_player (self->match, CONGKAK_SOUTH);
  north = congkak_narrate_player (self->match, CONGKAK_NORTH);
  /* TRANSLATORS: the two players, then the game: "Ani (South) vs Budi (North) · Kalah" */
  return g_strdup_printf (_("%s vs %s · %s"), south, north,
                          congkak_narrate_game_name (congkak_match_get_rules (self->match)));
}

/* The autosave's side file: the match's name, the file it belongs to and
 * that file's etag as it was read or saved here (so that after a crash,
 * a change another program made meanwhile is still one). */
static char *
autosave_info_text (CongkakDocument *self)
{
  g_autoptr (GKeyFile) info = g_key_file_new ();
  g_autofree char *title = congkak_document_dup_title (self);

  g_key_file_set_string (info, AUTOSAVE_GROUP, "Title", title);
  if (self->file)
    {
      g_autofree char *uri = g_file_get_uri (self->file);

      g_key_file_set_string (info, AUTOSAVE_GROUP, "Origin", uri);
      if (self->etag)
        g_key_file_set_string (info, AUTOSAVE_GROUP, "Etag", self->etag);
      g_key_file_set_string (info, AUTOSAVE_GROUP, "Format", congkak_match_format_to_string (self->format));
    }
  return g_key_file_to_data (info, NULL, NULL);
}

/* One write of the autosave: what the main thread copied for it. */
typedef struct
{
  GFile        *file;      /* the autosave */
  CongkakMatch *snapshot;  /* the worker's alone */
  char         *info;      /* the side file's text */
  guint64       serial;
  gint64        started;
} AutosaveJob;

static void
autosave_job_free (gpointer data)
{
  AutosaveJob *job = data;

  g_clear_object (&job->file);
  g_clear_object (&job->snapshot);
  g_free (job->info);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AutosaveJob, autosave_job_free)

/* In the main thread: only what must be copied. */
static AutosaveJob *
autosave_job_new (CongkakDocument *self)
{
  AutosaveJob *job = g_new0 (AutosaveJob, 1);

  if (self->autosave_file == NULL)
    {
      g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
      g_autofree char *name = g_strdup_printf ("%" G_GINT64_FORMAT "-%08x.congkak",
                                               g_get_real_time (), g_random_int ());

      self->autosave_file = g_file_get_child (directory, name);
    }
  job->started = g_get_monotonic_time ();
  job->file = g_object_ref (self->autosave_file);
  job->snapshot = congkak_match_copy (self->match);
  job->info = autosave_info_text (self);
  job->serial = self->autosave_serial;
  return job;
}

/* In a worker, or in the main thread when it must be done at once: the
 * serialising outside the lock, the writing inside. */
static gboolean
write_autosave (CongkakDocument  *self,
                AutosaveJob      *job,
                GCancellable     *cancellable,
                GError          **error)
{
  g_autoptr (GFile) directory = g_file_get_parent (job->file);
  g_autofree char *info_path = side_file_path (job->file, AUTOSAVE_INFO_SUFFIX);
  g_autoptr (GFile) info_file = g_file_new_for_path (info_path);
  g_autoptr (GMutexLocker) locker = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  data = congkak_match_save_to_data (job->snapshot, &length);
  locker = g_mutex_locker_new (&self->autosave_lock);
  /* Deleted, or written over by a newer one, while it was serialised. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (!g_file_make_directory_with_parents (directory, cancellable, &local_error)
      && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  /* The side file first: an autosave is never without its name. */
  return congkak_file_replace_contents (info_file, job->info, strlen (job->info), CONGKAK_SAVE_PRIVATE,
                                        cancellable, error)
         && congkak_file_replace_contents (job->file, data, length, CONGKAK_SAVE_PRIVATE, cancellable, error);
}

static void schedule_autosave (CongkakDocument *self,
                               guint            delay_ms);

/* In the main thread, once a write has ended (@error unset) or failed: a
 * failure is shown (#CongkakDocument:autosave-failing) and tried again a
 * while later, until a write works. */
static void
autosave_finished (CongkakDocument *self,
                   AutosaveJob     *job,
                   const GError    *error)
{
  if (error == NULL)
    {
      self->autosaved_serial = MAX (self->autosaved_serial, job->serial);
      self->autosave_duration = g_get_monotonic_time () - job->started;
      set_autosave_error (self, NULL);
      return;
    }
  g_message ("Cannot autosave the match: %s", error->message);
  set_autosave_error (self, error);
  if (self->autosave_id == 0 && autosave_due (self))
    schedule_autosave (self, self->autosave_delay_ms * RETRY_DELAYS);
}

static void
autosave_thread (GTask        *task,
                 gpointer      source,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  AutosaveJob *job = task_data;
  GError *error = NULL;
  gboolean written = write_autosave (source, job, cancellable, &error);

  /* Freed here: a copy of 100,000 moves takes a while to free too. */
  g_clear_object (&job->snapshot);
  if (written)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void start_autosave (CongkakDocument *self);

static void
autosave_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  CongkakDocument *self = CONGKAK_DOCUMENT (source);
  GTask *task = G_TASK (result);
  g_autoptr (GError) error = NULL;

  if (self->autosaving == g_task_get_cancellable (task))
    g_clear_object (&self->autosaving);
  /* Cancelled: deleted, or written over by a newer one. */
  if (!g_task_propagate_boolean (task, &error) && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (self->match == NULL)
    return;
  autosave_finished (self, g_task_get_task_data (task), error);
  if (self->autosave_queued)
    {
      self->autosave_queued = FALSE;
      start_autosave (self);
    }
}

/* Copies the match and writes the copy in a worker; one write at a time. */
static void
start_autosave (CongkakDocument *self)
{
  g_autoptr (GTask) task = NULL;

  flush (self);
  if (!autosave_due (self))
    return;
  if (self->autosaving)
    {
      self->autosave_queued = TRUE;
      return;
    }
  self->autosaving = g_cancellable_new ();
  task = g_task_new (self, self->autosaving, autosave_done, NULL);
  g_task_set_source_tag (task, start_autosave);
  g_task_set_task_data (task, autosave_job_new (self), autosave_job_free);
  g_task_run_in_thread (task, autosave_thread);
}

/**
 * congkak_document_autosave_now:
 *
 * Writes the match's changes to its autosave file at once, in the calling
 * thread, if it has changes the file and the autosave do not have yet (a
 * window that goes away with changes).  A write still running in a worker
 * gives way.
 *
 * Returns: %FALSE with @error set if writing failed.
 */
gboolean
congkak_document_autosave_now (CongkakDocument *self,
                               GError         **error)
{
  g_autoptr (AutosaveJob) job = NULL;
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  flush (self);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (!autosave_due (self))
    return TRUE;
  if (self->autosaving)
    g_cancellable_cancel (self->autosaving);
  self->autosave_queued = FALSE;

  job = autosave_job_new (self);
  if (!write_autosave (self, job, NULL, &local_error))
    {
      autosave_finished (self, job, local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  autosave_finished (self, job, NULL);
  return TRUE;
}

static gboolean
autosave_timeout (gpointer user_data)
{
  CongkakDocument *self = user_data;

  self->autosave_id = 0;
  start_autosave (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_autosave (CongkakDocument *self,
                   guint            delay_ms)
{
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add (delay_ms, autosave_timeout, self);
}

/**
 * congkak_document_set_autosave_delay:
 *
 * Sets how long after the last change the autosave is on disk (2 s by
 * default; it starts earlier when writing takes long); for tests.
 */
void
congkak_document_set_autosave_delay (CongkakDocument *self,
                                     guint            milliseconds)
{
  g_return_if_fail (CONGKAK_IS_DOCUMENT (self));

  self->autosave_delay_ms = milliseconds;
}

/**
 * congkak_document_get_autosave_file:
 *
 * Returns: (transfer none) (nullable): the autosave of the match's
 *   changes, once written.
 */
GFile *
congkak_document_get_autosave_file (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), NULL);

  return self->autosave_file;
}

/**
 * congkak_document_get_autosave_failing:
 *
 * Returns: whether the last autosave of changes failed, so that a crash
 *   now would lose them; it is tried again until it works.
 */
gboolean
congkak_document_get_autosave_failing (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);

  return self->autosave_problem != NULL;
}

/**
 * congkak_document_get_autosave_problem:
 *
 * Returns: (transfer none): while autosaving fails, what is wrong and what
 *   to do, in a sentence for the window; else "".
 */
const char *
congkak_document_get_autosave_problem (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), NULL);

  return self->autosave_problem ? self->autosave_problem : "";
}

/**
 * congkak_document_discard_changes:
 *
 * The person chose to drop the changes the file does not have: the
 * autosave goes, and nothing offers them again.  The match itself is
 * left as it is (a window closing lets go of it).
 */
void
congkak_document_discard_changes (CongkakDocument *self)
{
  gboolean was_modified;

  g_return_if_fail (CONGKAK_IS_DOCUMENT (self));

  was_modified = congkak_document_get_modified (self);
  delete_autosave (self);
  self->saved_changes = self->changes;
  self->autosaved_serial = self->autosave_serial;
  notify_modified (self, was_modified);
}

static CongkakAutosave *
read_autosave (GFile *file)
{
  CongkakAutosave *autosave = g_new0 (CongkakAutosave, 1);
  g_autofree char *info_path = side_file_path (file, AUTOSAVE_INFO_SUFFIX);
  g_autofree char *origin_path = side_file_path (file, AUTOSAVE_ORIGIN_SUFFIX);
  g_autoptr (GKeyFile) info = g_key_file_new ();
  g_autoptr (GFileInfo) file_info = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *format = NULL;

  autosave->file = g_object_ref (file);
  if (g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
    {
      autosave->title = g_key_file_get_string (info, AUTOSAVE_GROUP, "Title", NULL);
      origin = g_key_file_get_string (info, AUTOSAVE_GROUP, "Origin", NULL);
      autosave->etag = g_key_file_get_string (info, AUTOSAVE_GROUP, "Etag", NULL);
      format = g_key_file_get_string (info, AUTOSAVE_GROUP, "Format", NULL);
    }
  else if (g_file_get_contents (origin_path, &origin, NULL, NULL))
    g_strstrip (origin);
  if (origin && *origin)
    autosave->origin = g_file_new_for_uri (origin);
  /* Kept before formats were: the one its name says. */
  if (autosave->origin && !congkak_match_format_from_string (format, &autosave->format))
    {
      g_autofree char *name = g_file_get_basename (autosave->origin);

      autosave->format = congkak_match_format_for_name (name);
    }
  if (autosave->title && !g_utf8_validate (autosave->title, -1, NULL))
    g_clear_pointer (&autosave->title, g_free);

  file_info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                 NULL, NULL);
  if (file_info)
    autosave->saved = g_file_info_get_modification_date_time (file_info);
  return autosave;
}

static void
list_autosaves_in (GFile     *directory,
                   GPtrArray *autosaves)
{
  g_autoptr (GFileEnumerator) children = NULL;
  GFileInfo *info;

  children = g_file_enumerate_children (directory, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (children && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      const char *name = g_file_info_get_name (info);

      /* Not a temporary of the saver's, which starts with a dot. */
      if (g_str_has_suffix (name, ".congkak") && name[0] != '.')
        {
          g_autoptr (GFile) file = g_file_get_child (directory, name);

          g_ptr_array_add (autosaves, read_autosave (file));
        }
      g_object_unref (info);
    }
}

/**
 * congkak_document_list_autosaves:
 *
 * Returns: (transfer full) (element-type CongkakAutosave): the unsaved
 *   matches left by windows that did not close normally, damaged ones
 *   included (congkak_document_restore() says what is wrong with them).
 */
GPtrArray *
congkak_document_list_autosaves (void)
{
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  g_autoptr (GFile) legacy = legacy_autosave_directory ();
  GPtrArray *autosaves = g_ptr_array_new_with_free_func ((GDestroyNotify) congkak_autosave_free);

  list_autosaves_in (directory, autosaves);
  if (!g_file_equal (directory, legacy))
    list_autosaves_in (legacy, autosaves);
  return autosaves;
}

/* Whether @file was changed after @time. */
static gboolean
changed_after (GFile     *file,
               GDateTime *time)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE,
                                                  NULL, NULL);
  g_autoptr (GDateTime) modified = info ? g_file_info_get_modification_date_time (info) : NULL;

  return modified && time && g_date_time_compare (modified, time) > 0;
}

/* A restored match belongs to its file as it was when last read or saved
 * here, not as it is now: a change another program made since the crash
 * is a change on disk, and Save asks before overwriting it. */
static void
restore_file (CongkakDocument *self,
              CongkakAutosave *autosave)
{
  g_autofree char *current = query_etag (autosave->origin, NULL);
  const char *etag = autosave->etag;

  /* Kept before etags were: what is there now, unless it is newer than
   * the autosave ("" matches no file). */
  if (etag == NULL)
    etag = current && changed_after (autosave->origin, autosave->saved) ? "" : current;
  set_file (self, autosave->origin, etag);
  self->format = autosave->format;
  set_changed_on_disk (self, current != NULL && g_strcmp0 (current, etag) != 0);
}

/* Side files without their autosave, unless younger than @min_age µs,
 * and the saver's stale temporaries. */
static void
clean_autosave_folder (GFile  *directory,
                       gint64  min_age)
{
  g_autoptr (GDir) dir = g_dir_open (g_file_peek_path (directory), 0, NULL);
  gint64 now = g_get_real_time ();
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *autosave = NULL;
      g_autofree char *path = NULL;

      if (g_str_has_suffix (name, AUTOSAVE_INFO_SUFFIX))
        autosave = g_strndup (name, strlen (name) - strlen (AUTOSAVE_INFO_SUFFIX));
      else if (g_str_has_suffix (name, AUTOSAVE_ORIGIN_SUFFIX))
        autosave = g_strndup (name, strlen (name) - strlen (AUTOSAVE_ORIGIN_SUFFIX));
      if (autosave == NULL || !g_str_has_suffix (autosave, ".congkak"))
        continue;
      path = g_build_filename (g_file_peek_path (directory), autosave, NULL);
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_autofree char *side = g_build_filename (g_file_peek_path (directory), name, NULL);
          GStatBuf buf;

          if (min_age == 0 || (g_lstat (side, &buf) == 0 && now - (gint64) buf.st_mtime * G_USEC_PER_SEC >= min_age))
            g_unlink (side);
        }
    }
  congkak_file_clean_stale_temporaries (g_file_peek_path (directory));
}

static void
clean_autosave_folders (gint64 min_age)
{
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  g_autoptr (GFile) legacy = legacy_autosave_directory ();

  clean_autosave_folder (directory, min_age);
  if (!g_file_equal (directory, legacy))
    clean_autosave_folder (legacy, min_age);
}

/**
 * congkak_document_clean_autosaves:
 *
 * Removes what an autosave killed half-way leaves: side files whose
 * autosave is not there (the side file is written first), and the
 * saver's stale temporaries.  For the start of the app, before any of its
 * documents autosaves; each save cleans again, sparing side files young
 * enough to belong to an autosave being written.
 */
void
congkak_document_clean_autosaves (void)
{
  clean_autosave_folders (0);
}

/**
 * congkak_document_restore:
 *
 * Loads an autosaved match as a document with changes, belonging to the
 * file it came from if it had one; the autosave stays until the match is
 * saved or its changes discarded.
 *
 * Returns: (transfer full) (nullable): the document, or %NULL with
 *   @error naming the match (%CONGKAK_DOCUMENT_ERROR_DAMAGED_AUTOSAVE).
 */
CongkakDocument *
congkak_document_restore (CongkakAutosave *autosave,
                          GError         **error)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) local_error = NULL;
  CongkakDocument *self;

  g_return_val_if_fail (autosave != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  match = congkak_match_load_from_file (autosave->file, NULL, NULL, &local_error);
  if (match == NULL)
    {
      g_autofree char *name = NULL;

      if (autosave->title)
        name = congkak_quote_untrusted (autosave->title, -1);
      else if (autosave->origin)
        name = g_file_get_parse_name (autosave->origin);
      if (name)
        /* TRANSLATORS: the match's players and game (or its file), then what is wrong */
        g_set_error (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_DAMAGED_AUTOSAVE,
                     _("The unsaved changes of “%s” are damaged and cannot be restored: %s"),
                     name, local_error->message);
      else
        g_set_error (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_DAMAGED_AUTOSAVE,
                     _("An unsaved match is damaged and cannot be restored: %s"), local_error->message);
      return NULL;
    }

  congkak_match_go_to_end (match);
  self = congkak_document_new (match, NULL);
  if (autosave->origin)
    restore_file (self, autosave);
  g_set_object (&self->autosave_file, autosave->file);
  /* Changes the file does not have, and the autosave already has. */
  self->changes++;
  self->autosave_serial++;
  self->autosaved_serial = self->autosave_serial;
  self->played_here = TRUE;
  self->record_pending = TRUE;
  return self;
}

/**
 * congkak_document_delete_autosave:
 *
 * Deletes an autosave the person chose not to restore.
 */
void
congkak_document_delete_autosave (CongkakAutosave *autosave)
{
  g_return_if_fail (autosave != NULL);

  delete_autosave_files (autosave->file);
}

/* Changes */

static void
match_changed_cb (CongkakDocument *self)
{
  gboolean was_modified = congkak_document_get_modified (self);

  self->changes++;
  self->autosave_serial++;
  if (self->played_here)
    self->record_pending = TRUE;
  notify_modified (self, was_modified);
  schedule_autosave (self, autosave_delay (self));
}

/* The match library */

/**
 * congkak_document_set_library:
 * @library: (nullable): where matches played here are kept
 */
void
congkak_document_set_library (CongkakDocument *self,
                              CongkakLibrary  *library)
{
  g_return_if_fail (CONGKAK_IS_DOCUMENT (self));
  g_return_if_fail (library == NULL || CONGKAK_IS_LIBRARY (library));

  if (g_set_object (&self->library, library) && library == NULL)
    set_library_error (self, NULL);
}

/**
 * congkak_document_note_played:
 *
 * A move of the match was played here: the match is one the library
 * keeps, now and after later changes.
 */
void
congkak_document_note_played (CongkakDocument *self)
{
  g_return_if_fail (CONGKAK_IS_DOCUMENT (self));

  self->played_here = TRUE;
  self->record_pending = TRUE;
}

/**
 * congkak_document_get_played_here:
 *
 * Returns: whether the match is one the library keeps (played here, or
 *   added on purpose).
 */
gboolean
congkak_document_get_played_here (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);

  return self->played_here;
}

/* What the window says while the library cannot keep the match: what is
 * wrong, and what to do. */
static char *
describe_library_error (const GError *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
    return g_strdup (_("The match library cannot keep this match: the disk is full. Free some space and try again, "
                       "or save the match in a file."));
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY))
    return g_strdup (_("The match library cannot keep this match: its folder is read-only. Make it writable and try "
                       "again, or save the match in a file."));
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    return g_strdup (_("The match library cannot keep this match: Congkak may not write in its folder. Allow it and "
                       "try again, or save the match in a file."));
  /* TRANSLATORS: why the match could not be written into the library */
  return g_strdup_printf (_("The match library cannot keep this match (%s). Try again later, or save the match in a "
                            "file."), error->message);
}

/* @error: (nullable): why the library could not keep the match; %NULL
 * once it has, or once nothing is to be kept any more. */
static void
set_library_error (CongkakDocument *self,
                   const GError    *error)
{
  g_autofree char *problem = error ? describe_library_error (error) : NULL;
  gboolean was_failing = self->library_problem != NULL;

  if (error == NULL)
    g_clear_handle_id (&self->record_retry_id, g_source_remove);
  if (g_strcmp0 (problem, self->library_problem) == 0)
    return;
  g_free (self->library_problem);
  self->library_problem = g_steal_pointer (&problem);
  if (was_failing != (self->library_problem != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY_FAILING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY_PROBLEM]);
}

static gboolean
record_retry_timeout (gpointer user_data)
{
  CongkakDocument *self = user_data;

  self->record_retry_id = 0;
  congkak_document_record (self, FALSE, NULL);
  return G_SOURCE_REMOVE;
}

/**
 * congkak_document_record:
 * @always: record the match even if it was not played here ("Add to
 *   Library")
 *
 * Keeps the match in the library as it stands, if it is one the library
 * keeps and it changed since it was last recorded.  Recording is a copy:
 * the match's own file is not touched.  When the library cannot write it,
 * the document says so (#CongkakDocument:library-failing) and tries again
 * a while later, until it works.
 *
 * Returns: %FALSE with @error set if the library could not write it.
 */
gboolean
congkak_document_record (CongkakDocument *self,
                         gboolean         always,
                         GError         **error)
{
  g_autoptr (GError) local_error = NULL;
  gboolean had_id;

  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (always)
    congkak_document_note_played (self);
  if (!self->record_pending || self->library == NULL)
    {
      set_library_error (self, NULL);
      return TRUE;
    }

  flush (self);
  self->record_pending = FALSE;
  had_id = *congkak_match_get_metadata (self->match, CONGKAK_METADATA_ID) != '\0';
  if (congkak_library_record (self->library, self->match, self->file, &local_error) == NULL)
    {
      self->record_pending = TRUE;
      set_library_error (self, local_error);
      if (self->record_retry_id == 0)
        self->record_retry_id = g_timeout_add (self->autosave_delay_ms * RETRY_DELAYS, record_retry_timeout, self);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  set_library_error (self, NULL);
  /* The library named the match: an autosave without the name would come
   * back as another match. */
  if (!had_id && self->autosave_file)
    {
      self->autosave_serial++;
      congkak_document_autosave_now (self, NULL);
    }
  return TRUE;
}

/**
 * congkak_document_cancel_recording:
 *
 * The person let the match go after being told that the library could not
 * keep its latest changes: they are not recorded later either (a match
 * said to be lost does not come back in the library, nor as puzzles), and
 * the library's failure is no longer shown.
 */
void
congkak_document_cancel_recording (CongkakDocument *self)
{
  g_return_if_fail (CONGKAK_IS_DOCUMENT (self));

  self->record_pending = FALSE;
  set_library_error (self, NULL);
}

/**
 * congkak_document_get_library_failing:
 *
 * Returns: whether the library could not keep the match when last asked;
 *   it is tried again until it works.
 */
gboolean
congkak_document_get_library_failing (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);

  return self->library_problem != NULL;
}

/**
 * congkak_document_get_library_problem:
 *
 * Returns: (transfer none): while the library cannot keep the match, what
 *   is wrong and what to do, in a sentence for the window; else "".
 */
const char *
congkak_document_get_library_problem (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), NULL);

  return self->library_problem ? self->library_problem : "";
}

/* The file */

static void
set_file (CongkakDocument *self,
          GFile           *file,
          const char      *etag)
{
  g_free (self->etag);
  self->etag = g_strdup (etag);
  if (self->file == file || (self->file && file && g_file_equal (self->file, file)))
    {
      g_set_object (&self->file, file);
      return;
    }
  g_set_object (&self->file, file);
  watch_file (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

static char *
query_etag (GFile        *file,
            GCancellable *cancellable)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_ETAG_VALUE, G_FILE_QUERY_INFO_NONE,
                                                  cancellable, NULL);

  return info ? g_strdup (g_file_info_get_etag (info)) : NULL;
}

static void
etag_checked_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (CongkakDocument) self = user_data;
  g_autoptr (GFileInfo) info = g_file_query_info_finish (G_FILE (source), result, NULL);
  const char *etag = info ? g_file_info_get_etag (info) : NULL;

  /* Our own save, or a save now running, is not another program's. */
  if (self->saving || self->file == NULL || !g_file_equal (G_FILE (source), self->file))
    return;
  set_changed_on_disk (self, g_strcmp0 (etag, self->etag) != 0);
}

static void
file_changed_cb (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 CongkakDocument   *self)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
      if (self->file && !self->saving)
        g_file_query_info_async (self->file, G_FILE_ATTRIBUTE_ETAG_VALUE, G_FILE_QUERY_INFO_NONE,
                                 G_PRIORITY_DEFAULT, NULL, etag_checked_cb, g_object_ref (self));
      break;
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      break;
    }
}

static void
watch_file (CongkakDocument *self)
{
  if (self->monitor)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  set_changed_on_disk (self, FALSE);
  if (self->file == NULL)
    return;
  self->monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (file_changed_cb), self);
}

/* Loading */

typedef struct
{
  CongkakMatch       *match;
  GPtrArray          *warnings;
  char               *etag;
  CongkakMatchFormat  format;
} Loaded;

static void
loaded_free (gpointer data)
{
  Loaded *loaded = data;

  g_clear_object (&loaded->match);
  g_clear_pointer (&loaded->warnings, g_ptr_array_unref);
  g_free (loaded->etag);
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

  /* Before reading: a change made meanwhile then counts as a change. */
  loaded->etag = query_etag (file, cancellable);
  loaded->match = congkak_match_load_any_from_file_with_format (file, cancellable, &loaded->format,
                                                                &loaded->warnings, &error);
  if (loaded->match == NULL)
    {
      loaded_free (loaded);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, loaded, loaded_free);
}

/**
 * congkak_document_load_async:
 *
 * Reads a match file (or another program's notation) in a worker thread.
 */
void
congkak_document_load_async (GFile               *file,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, congkak_document_load_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, load_thread);
}

/**
 * congkak_document_load_finish:
 * @warnings: (out) (optional) (transfer full) (element-type utf8): what
 *   the loader ignored
 *
 * Returns: (transfer full) (nullable): the document at the match's start,
 *   or %NULL with @error saying what is wrong and where.
 */
CongkakDocument *
congkak_document_load_finish (GAsyncResult  *result,
                              GPtrArray    **warnings,
                              GError       **error)
{
  Loaded *loaded;
  CongkakDocument *self;

  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == congkak_document_load_async, NULL);

  loaded = g_task_propagate_pointer (G_TASK (result), error);
  if (loaded == NULL)
    return NULL;
  congkak_match_go_to_start (loaded->match);
  /* The file's etag was read with it, in the worker. */
  self = congkak_document_new (loaded->match, NULL);
  set_file (self, g_task_get_task_data (G_TASK (result)), loaded->etag);
  /* Saved in the format it was read in. */
  self->format = loaded->format;
  if (warnings)
    *warnings = g_steal_pointer (&loaded->warnings);
  loaded_free (loaded);
  return self;
}

/* Saving */

typedef struct
{
  GFile                    *file;
  CongkakMatch             *snapshot;       /* the worker's alone */
  CongkakMatchFormat        format;
  char                     *expected_etag;  /* NULL: whatever is there may go */
  char                     *etag;           /* after writing */
  guint64                   changes;
} SaveJob;

static void
save_job_free (gpointer data)
{
  SaveJob *job = data;

  g_clear_object (&job->file);
  g_clear_object (&job->snapshot);
  g_free (job->expected_etag);
  g_free (job->etag);
  g_free (job);
}

static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveJob *job = task_data;
  g_autoptr (GBytes) bytes = NULL;
  GError *error = NULL;
  gsize length;
  const char *data;

  /* Freed here: a copy of 100,000 moves takes a while to free too. */
  bytes = congkak_match_save_in_format (job->snapshot, job->format, &error);
  g_clear_object (&job->snapshot);
  if (bytes == NULL && job->format != CONGKAK_MATCH_FORMAT_JSON)
    {
      /* Nothing written: the person chooses another format. */
      g_task_return_new_error (task, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_CANNOT_HOLD, "%s",
                               error->message);
      g_error_free (error);
      return;
    }
  if (bytes == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  data = g_bytes_get_data (bytes, &length);
  if (job->expected_etag)
    {
      g_autofree char *etag = query_etag (job->file, cancellable);

      if (etag && !g_str_equal (etag, job->expected_etag))
        {
          g_task_return_new_error (task, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_CHANGED_ON_DISK,
                                   _("Another program changed the file since it was opened here."));
          return;
        }
    }
  if (!congkak_file_replace_contents (job->file, data, length, CONGKAK_SAVE_BACKUP, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  job->etag = query_etag (job->file, NULL);
  g_task_return_boolean (task, TRUE);
}

/**
 * congkak_document_save_async:
 * @file: (nullable): where to save; %NULL for the document's own file
 * @flags: %CONGKAK_DOCUMENT_SAVE_OVERWRITE to write over changes another
 *   program made to the file
 *
 * Saves a copy of the match as it stands, serialised and written in a
 * worker thread; changes made while it runs stay changes.  The document's
 * own file is written in the format it was read in, another file in the
 * format its name says (congkak_match_format_for_name()); a format that
 * cannot say everything the match holds fails with
 * %CONGKAK_DOCUMENT_ERROR_CANNOT_HOLD, saying what would be lost, and
 * writes nothing.  Saving into the document's own file fails with
 * %CONGKAK_DOCUMENT_ERROR_CHANGED_ON_DISK if another program wrote it
 * since it was read or saved here, unless @flags say otherwise.
 */
void
congkak_document_save_async (CongkakDocument          *self,
                             GFile                    *file,
                             CongkakDocumentSaveFlags  flags,
                             GCancellable             *cancellable,
                             GAsyncReadyCallback       callback,
                             gpointer                  user_data)
{
  g_autoptr (GTask) task = NULL;
  SaveJob *job;

  g_return_if_fail (CONGKAK_IS_DOCUMENT (self));
  g_return_if_fail (file != NULL || self->file != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, congkak_document_save_async);
  if (self->saving)
    {
      g_task_return_new_error (task, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_BUSY,
                               _("The match is being saved already."));
      return;
    }

  flush (self);
  job = g_new0 (SaveJob, 1);
  job->file = g_object_ref (file ? file : self->file);
  job->changes = self->changes;
  if (self->file && g_file_equal (job->file, self->file) && !(flags & CONGKAK_DOCUMENT_SAVE_OVERWRITE))
    job->expected_etag = g_strdup (self->etag);
  /* Its own file in the format it was read in; another in the one its
   * name says. */
  if (self->file && g_file_equal (job->file, self->file))
    job->format = self->format;
  else
    {
      g_autofree char *name = g_file_get_basename (job->file);

      job->format = congkak_match_format_for_name (name);
    }
  job->snapshot = congkak_match_copy (self->match);
  g_task_set_task_data (task, job, save_job_free);

  self->saving = g_cancellable_new ();
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVING]);
  g_task_run_in_thread (task, save_thread);
}

/**
 * congkak_document_save_finish:
 *
 * Returns: %TRUE if the match was saved; then the file is the
 *   document's, and so are the changes up to the save.
 */
gboolean
congkak_document_save_finish (CongkakDocument *self,
                              GAsyncResult    *result,
                              GError         **error)
{
  SaveJob *job;
  gboolean was_modified;

  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == congkak_document_save_async, FALSE);

  job = g_task_get_task_data (G_TASK (result));
  if (job && self->saving)
    {
      g_clear_object (&self->saving);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVING]);
    }
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  was_modified = congkak_document_get_modified (self);
  set_file (self, job->file, job->etag);
  self->format = job->format;
  set_changed_on_disk (self, FALSE);
  self->saved_changes = job->changes;
  if (self->changes == job->changes)
    {
      delete_autosave (self);
      self->autosaved_serial = self->autosave_serial;
    }
  else if (self->autosave_file)
    {
      /* The autosave keeps the file's etag, which is new now. */
      self->autosave_serial++;
      schedule_autosave (self, autosave_delay (self));
    }
  /* What killed autosaves left, as at the start of the app. */
  clean_autosave_folders (ORPHAN_SIDE_FILE_AGE_US);
  notify_modified (self, was_modified);
  return TRUE;
}

/* The object */

/**
 * congkak_document_new:
 * @file: (nullable): the file @match belongs to
 *
 * Returns: (transfer full): a document for @match, with no changes.
 */
CongkakDocument *
congkak_document_new (CongkakMatch *match,
                      GFile        *file)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  return g_object_new (CONGKAK_TYPE_DOCUMENT, "match", match, "file", file, NULL);
}

CongkakMatch *
congkak_document_get_match (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), NULL);

  return self->match;
}

/**
 * congkak_document_get_file:
 *
 * Returns: (transfer none) (nullable): the file the match belongs to.
 */
GFile *
congkak_document_get_file (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), NULL);

  return self->file;
}

/**
 * congkak_document_get_format:
 *
 * Returns: the format Save writes the document's file in: the one it was
 *   read in (JSON for a match without a file).
 */
CongkakMatchFormat
congkak_document_get_format (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), CONGKAK_MATCH_FORMAT_JSON);

  return self->format;
}

/**
 * congkak_document_get_modified:
 *
 * Returns: whether the match has changes its file (or, without a file,
 *   any file) does not have.
 */
gboolean
congkak_document_get_modified (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);

  return self->changes != self->saved_changes;
}

/**
 * congkak_document_get_changed_on_disk:
 *
 * Returns: whether another program changed the file since it was read
 *   or saved here.
 */
gboolean
congkak_document_get_changed_on_disk (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);

  return self->changed_on_disk;
}

gboolean
congkak_document_get_saving (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);

  return self->saving != NULL;
}

/**
 * congkak_document_is_blank:
 *
 * Returns: whether the document holds nothing worth keeping: no file, no
 *   changes, no moves, so a window may show another match instead.
 */
gboolean
congkak_document_is_blank (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), FALSE);

  return self->file == NULL && !congkak_document_get_modified (self)
         && congkak_match_get_n_nodes (self->match) == 0;
}

/**
 * congkak_document_dup_display_name:
 *
 * Returns: (transfer full): the file's name as people see it, or
 *   "Unsaved Match".
 */
char *
congkak_document_dup_display_name (CongkakDocument *self)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (self), NULL);

  if (self->file == NULL)
    return g_strdup (_("Unsaved Match"));
  /* From the name alone: the title asks for it after every move, and a
   * query would wait on the file system each time. */
  if (g_file_peek_path (self->file))
    return g_filename_display_basename (g_file_peek_path (self->file));
  return g_file_get_basename (self->file);
}

static void
congkak_document_dispose (GObject *object)
{
  CongkakDocument *self = CONGKAK_DOCUMENT (object);

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  g_clear_handle_id (&self->record_retry_id, g_source_remove);
  self->autosave_queued = FALSE;
  if (self->saving)
    g_cancellable_cancel (self->saving);
  g_clear_object (&self->saving);
  if (self->monitor)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  if (self->match_signals)
    g_signal_group_set_target (self->match_signals, NULL);
  g_clear_object (&self->match_signals);
  g_clear_object (&self->match);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (congkak_document_parent_class)->dispose (object);
}

static void
congkak_document_finalize (GObject *object)
{
  CongkakDocument *self = CONGKAK_DOCUMENT (object);

  g_clear_object (&self->file);
  g_clear_object (&self->autosave_file);
  g_clear_object (&self->autosaving);
  g_mutex_clear (&self->autosave_lock);
  g_free (self->autosave_problem);
  g_free (self->library_problem);
  g_free (self->etag);

  G_OBJECT_CLASS (congkak_document_parent_class)->finalize (object);
}

static void
congkak_document_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CongkakDocument *self = CONGKAK_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, congkak_document_get_modified (self));
      break;
    case PROP_CHANGED_ON_DISK:
      g_value_set_boolean (value, self->changed_on_disk);
      break;
    case PROP_SAVING:
      g_value_set_boolean (value, self->saving != NULL);
      break;
    case PROP_AUTOSAVE_FAILING:
      g_value_set_boolean (value, congkak_document_get_autosave_failing (self));
      break;
    case PROP_AUTOSAVE_PROBLEM:
      g_value_set_string (value, congkak_document_get_autosave_problem (self));
      break;
    case PROP_LIBRARY_FAILING:
      g_value_set_boolean (value, congkak_document_get_library_failing (self));
      break;
    case PROP_LIBRARY_PROBLEM:
      g_value_set_string (value, congkak_document_get_library_problem (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_document_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CongkakDocument *self = CONGKAK_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      self->match = g_value_dup_object (value);
      g_signal_group_set_target (self->match_signals, self->match);
      break;
    case PROP_FILE:
      if (g_value_get_object (value))
        {
          g_autofree char *etag = query_etag (g_value_get_object (value), NULL);
          g_autofree char *name = g_file_get_basename (g_value_get_object (value));

          set_file (self, g_value_get_object (value), etag);
          self->format = congkak_match_format_for_name (name);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_document_class_init (CongkakDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_document_dispose;
  object_class->finalize = congkak_document_finalize;
  object_class->get_property = congkak_document_get_property;
  object_class->set_property = congkak_document_set_property;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, CONGKAK_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHANGED_ON_DISK] =
    g_param_spec_boolean ("changed-on-disk", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SAVING] =
    g_param_spec_boolean ("saving", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakDocument:autosave-failing:
   *
   * Whether changes cannot be autosaved now (congkak_document_get_autosave_failing()).
   */
  properties[PROP_AUTOSAVE_FAILING] =
    g_param_spec_boolean ("autosave-failing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakDocument:autosave-problem:
   *
   * What is wrong with autosaving, and what to do (congkak_document_get_autosave_problem()).
   */
  properties[PROP_AUTOSAVE_PROBLEM] =
    g_param_spec_string ("autosave-problem", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakDocument:library-failing:
   *
   * Whether the match library could not keep the match when last asked
   * (congkak_document_get_library_failing()).
   */
  properties[PROP_LIBRARY_FAILING] =
    g_param_spec_boolean ("library-failing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakDocument:library-problem:
   *
   * What is wrong with the match library, and what to do (congkak_document_get_library_problem()).
   */
  properties[PROP_LIBRARY_PROBLEM] =
    g_param_spec_string ("library-problem", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakDocument::flush:
   *
   * Emitted before the match is saved, autosaved or recorded: a view puts
   * what it still holds (a comment being typed) into the match.
   */
  signals[FLUSH] =
    g_signal_new ("flush", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
congkak_document_init (CongkakDocument *self)
{
  self->autosave_delay_ms = DEFAULT_AUTOSAVE_DELAY_MS;
  g_mutex_init (&self->autosave_lock);
  self->match_signals = g_signal_group_new (CONGKAK_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "tree-changed", G_CALLBACK (match_changed_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "node-changed", G_CALLBACK (match_changed_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "details-changed", G_CALLBACK (match_changed_cb), self);
}
