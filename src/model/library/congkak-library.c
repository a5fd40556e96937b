/* congkak-library.c — every match played, kept as files, listed through an index
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The library is a folder of ordinary .congkak files, by default
 * $XDG_DATA_HOME/io.github.congkak.Congkak/matches.  The files are the
 * truth: an index beside them (congkak-library-index.c) only saves reading
 * every file at each start.  Loading compares each file's modification
 * time and size with the index, reads the files that are new or changed,
 * and reads everything again when the index is missing or damaged.  A
 * file that does not load is listed as damaged, with the loader's
 * message, never dropped; so is anything with a match file's name that is
 * not a file (a link to nothing, a loop of links, a named pipe, a device,
 * a folder), with what it is, never opened.  File names are bytes: one
 * that is not UTF-8 is kept in the index like any other.
 *
 * Each match in the library has an id in its metadata, so that recording
 * it again (more moves, new comments) replaces its file instead of adding
 * another.  The list is a GListModel of CongkakLibraryEntry, newest first.
 * The library makes the entries (congkak-library-entry-private.h) and has
 * the index read and write them (congkak-library-index.h); neither knows
 * the library.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "congkak-file-util.h"
#include "congkak-library.h"
#include "congkak-library-entry-private.h"
#include "congkak-library-index.h"
#include "congkak-match-file.h"
#include "congkak-match-private.h"

#define DELETED_NAME ".deleted"
#define MAX_NAME_BYTES 96
#define MAX_IMPORT_DEPTH 16

struct _CongkakLibrary
{
  GObject                  parent_instance;

  GFile                   *directory;
  GPtrArray               *entries;      /* CongkakLibraryEntry, newest first */
  gboolean                 loaded;
  guint                    generation;   /* changes made here since creation */
  CongkakLibraryLoadReport last_load;
};

static void congkak_library_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakLibrary, congkak_library, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, congkak_library_list_model_init))

/* What the library needs to know of a file, from one stat(): cheaper
 * than GFileInfo for thousands of files. */
static gboolean
stat_file (const char *path,
           gboolean   *regular,
           gint64     *modified,
           guint64    *size)
{
  GStatBuf buf;

  if (g_stat (path, &buf) != 0)
    return FALSE;
  *regular = S_ISREG (buf.st_mode);
  *modified = (gint64) buf.st_mtime * G_USEC_PER_SEC;
#ifdef G_OS_UNIX
  *modified += buf.st_mtim.tv_nsec / 1000;
#endif
  *size = buf.st_size;
  return TRUE;
}

static GType
congkak_library_get_item_type (GListModel *model)
{
  return CONGKAK_TYPE_LIBRARY_ENTRY;
}

static guint
congkak_library_get_n_items (GListModel *model)
{
  return CONGKAK_LIBRARY (model)->entries->len;
}

static gpointer
congkak_library_get_item (GListModel *model,
                          guint       position)
{
  CongkakLibrary *self = CONGKAK_LIBRARY (model);

  if (position >= self->entries->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->entries, position));
}

static void
congkak_library_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = congkak_library_get_item_type;
  iface->get_n_items = congkak_library_get_n_items;
  iface->get_item = congkak_library_get_item;
}

static void
congkak_library_finalize (GObject *object)
{
  CongkakLibrary *self = CONGKAK_LIBRARY (object);

  g_clear_object (&self->directory);
  g_clear_pointer (&self->entries, g_ptr_array_unref);

  G_OBJECT_CLASS (congkak_library_parent_class)->finalize (object);
}

static void
congkak_library_class_init (CongkakLibraryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_library_finalize;
}

static void
congkak_library_init (CongkakLibrary *self)
{
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * congkak_library_get_default_directory:
 *
 * Returns: (transfer full): the folder named by $CONGKAK_LIBRARY_DIR, else
 *   $XDG_DATA_HOME/io.github.congkak.Congkak/matches.
 */
GFile *
congkak_library_get_default_directory (void)
{
  const char *override = g_getenv (CONGKAK_LIBRARY_DIR_VARIABLE);

  if (override && *override)
    return g_file_new_for_commandline_arg (override);
  return g_file_new_build_filename (g_get_user_data_dir (), APPLICATION_ID, "matches", NULL);
}

CongkakLibrary *
congkak_library_new (GFile *directory)
{
  CongkakLibrary *self;

  g_return_val_if_fail (G_IS_FILE (directory), NULL);

  self = g_object_new (CONGKAK_TYPE_LIBRARY, NULL);
  self->directory = g_object_ref (directory);
  return self;
}

/**
 * congkak_library_get_directory:
 *
 * Returns: (transfer none): the library folder.
 */
GFile *
congkak_library_get_directory (CongkakLibrary *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), NULL);

  return self->directory;
}

gboolean
congkak_library_is_loaded (CongkakLibrary *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), FALSE);

  return self->loaded;
}

const CongkakLibraryLoadReport *
congkak_library_get_last_load (CongkakLibrary *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), NULL);

  return &self->last_load;
}

/* Newest first. */
static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  return congkak_library_entry_compare_date (*(CongkakLibraryEntry **) b, *(CongkakLibraryEntry **) a);
}

static gboolean
is_match_file_name (const char *name)
{
  return *name != '.' && g_str_has_suffix (name, ".congkak");
}

static void
write_index (CongkakLibrary *self)
{
  g_autoptr (GError) error = NULL;

  if (!congkak_library_index_write (self->directory, self->entries, &error))
    g_warning ("Cannot write the library index: %s", error->message);
}

/* Loading: a scan of the folder, which may run in a worker thread.  It
 * reads only its own copies, so the app keeps listing the old entries. */

typedef struct
{
  GFile                   *directory;
  GHashTable              *known;       /* name → entry; NULL: read the index */
  gboolean                 rebuild;
  guint                    generation;
  GPtrArray               *entries;     /* the result */
  CongkakLibraryLoadReport report;
} Scan;

static void
scan_free (gpointer data)
{
  Scan *scan = data;

  g_clear_object (&scan->directory);
  g_clear_pointer (&scan->known, g_hash_table_unref);
  g_clear_pointer (&scan->entries, g_ptr_array_unref);
  g_free (scan);
}

static Scan *
scan_new (CongkakLibrary *self,
          gboolean        rebuild)
{
  Scan *scan = g_new0 (Scan, 1);

  scan->directory = g_object_ref (self->directory);
  scan->rebuild = rebuild;
  scan->generation = self->generation;
  if (self->loaded && !rebuild)
    {
      scan->known = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
      for (guint i = 0; i < self->entries->len; i++)
        {
          CongkakLibraryEntry *entry = g_ptr_array_index (self->entries, i);

          g_hash_table_insert (scan->known, entry->name, g_object_ref (entry));
        }
    }
  return scan;
}

static CongkakLibraryEntry *
read_entry (GFile               *directory,
            const char          *name,
            gint64               modified,
            guint64              size,
            CongkakLibraryEntry *previous,
            GCancellable        *cancellable)
{
  CongkakLibraryEntry *entry = congkak_library_entry_new (directory, name, modified, size);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;

  match = congkak_match_load_from_file (congkak_library_entry_get_file (entry), cancellable, NULL, &error);
  if (match)
    congkak_library_entry_fill_from_match (entry, match);
  else
    congkak_library_entry_set_damaged (entry, error->message);
  if (previous)
    entry->origin = g_strdup (previous->origin);
  return entry;
}

/* Lists what is in the folder under a match file's name but is not a
 * file: damaged, with @reason; the index keeps it until it changes.
 * Returns FALSE if it is gone. */
static gboolean
special_entry (Scan                *scan,
               const char          *name,
               const char          *path,
               CongkakLibraryEntry *known,
               const GError        *reason)
{
  CongkakLibraryEntry *entry;
  GStatBuf buf;
  gint64 modified;

  if (g_lstat (path, &buf) != 0)
    return FALSE;
  modified = (gint64) buf.st_mtime * G_USEC_PER_SEC;
#ifdef G_OS_UNIX
  modified += buf.st_mtim.tv_nsec / 1000;
#endif

  if (known && known->modified == modified && known->size == (guint64) buf.st_size
      && g_strcmp0 (known->error, reason->message) == 0)
    {
      g_ptr_array_add (scan->entries, g_object_ref (known));
      scan->report.from_index++;
      return TRUE;
    }
  entry = congkak_library_entry_new (scan->directory, name, modified, buf.st_size);
  congkak_library_entry_set_damaged (entry, reason->message);
  g_ptr_array_add (scan->entries, entry);
  scan->report.from_files++;
  return TRUE;
}

/* The most the index of the match files in @path can take, from their
 * sizes: an index is never read past what its matches could put in it. */
static guint64
index_bound (const char *path)
{
  g_autoptr (GDir) folder = path ? g_dir_open (path, 0, NULL) : NULL;
  guint64 total_size = 0;
  guint n_files = 0;
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    {
      g_autofree char *file_path = NULL;
      GStatBuf buf;

      if (!is_match_file_name (name))
        continue;
      file_path = g_build_filename (path, name, NULL);
      n_files++;
      if (g_stat (file_path, &buf) == 0 && S_ISREG (buf.st_mode))
        total_size += buf.st_size;
    }
  return congkak_library_index_max_bytes (n_files, total_size);
}

static gboolean
scan_run (Scan          *scan,
          GCancellable  *cancellable,
          GError       **error)
{
  g_autoptr (GDir) folder = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const char *path, *name;

  scan->entries = g_ptr_array_new_with_free_func (g_object_unref);

  if (scan->rebuild)
    scan->report.index_unusable = TRUE;
  else if (scan->known == NULL)
    {
      scan->known = congkak_library_index_read (scan->directory, index_bound (g_file_peek_path (scan->directory)),
                                                &local_error);
      if (scan->known == NULL)
        {
          if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
            g_message ("Reading every match again: %s", local_error->message);
          scan->report.index_unusable = TRUE;
        }
      g_clear_error (&local_error);
    }
  if (scan->known == NULL)
    scan->known = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);

  path = g_file_peek_path (scan->directory);
  folder = path ? g_dir_open (path, 0, &local_error) : NULL;
  if (folder == NULL)
    {
      /* No folder yet: no matches yet. */
      if (path == NULL || g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          scan->report.removed = g_hash_table_size (scan->known);
          return TRUE;
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  while ((name = g_dir_read_name (folder)) != NULL)
    {
      g_autofree char *file_path = NULL;
      g_autoptr (GError) type_error = NULL;
      CongkakLibraryEntry *known;
      gboolean regular;
      gint64 modified;
      guint64 size;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!is_match_file_name (name))
        continue;
      file_path = g_build_filename (path, name, NULL);
      if (!congkak_file_check_type (file_path, TRUE, &type_error))
        {
          /* A link to nothing, a loop of links, a folder, a named pipe, a
           * device: listed as damaged, with why, and never opened. */
          known = g_hash_table_lookup (scan->known, name);
          if (!special_entry (scan, name, file_path, known, type_error))
            continue;  /* gone since it was listed */
          g_clear_error (&type_error);
          g_hash_table_add (seen, ((CongkakLibraryEntry *) g_ptr_array_index (scan->entries, scan->entries->len - 1))->name);
          continue;
        }
      if (!stat_file (file_path, &regular, &modified, &size) || !regular)
        continue;

      known = g_hash_table_lookup (scan->known, name);
      if (known && known->modified == modified && known->size == size)
        {
          g_ptr_array_add (scan->entries, g_object_ref (known));
          scan->report.from_index++;
        }
      else
        {
          g_ptr_array_add (scan->entries, read_entry (scan->directory, name, modified, size, known, cancellable));
          scan->report.from_files++;
        }
      g_hash_table_add (seen, ((CongkakLibraryEntry *) g_ptr_array_index (scan->entries, scan->entries->len - 1))->name);
    }

  {
    GHashTableIter iter;
    gpointer name;

    g_hash_table_iter_init (&iter, scan->known);
    while (g_hash_table_iter_next (&iter, &name, NULL))
      if (!g_hash_table_contains (seen, name))
        scan->report.removed++;
  }

  g_ptr_array_sort (scan->entries, compare_newest_first);
  return TRUE;
}

static gboolean
same_entries (GPtrArray *a,
              GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_ptr_array_index (a, i) != g_ptr_array_index (b, i))
      return FALSE;
  return TRUE;
}

static void
apply_scan (CongkakLibrary *self,
            Scan           *scan)
{
  guint old_length = self->entries->len;
  gboolean changed = !self->loaded || !same_entries (self->entries, scan->entries);

  g_ptr_array_unref (self->entries);
  self->entries = g_steal_pointer (&scan->entries);
  self->loaded = TRUE;
  self->last_load = scan->report;

  if ((scan->report.index_unusable || scan->report.from_files > 0 || scan->report.removed > 0)
      && g_file_query_exists (self->directory, NULL))
    {
      write_index (self);
      self->last_load.index_written = TRUE;
    }
  if (changed)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_length, self->entries->len);
}

/**
 * congkak_library_load:
 * @rebuild: read every file, whatever the index says
 *
 * Lists the library folder: from the index for the files it knows
 * unchanged, from the files for the rest; then writes the index again if
 * anything differed.  Loading again later reads only what changed.
 *
 * Returns: %FALSE only when the folder cannot be read.
 */
gboolean
congkak_library_load (CongkakLibrary  *self,
                      gboolean         rebuild,
                      GCancellable    *cancellable,
                      GError         **error)
{
  Scan *scan;
  gboolean ok;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  scan = scan_new (self, rebuild);
  ok = scan_run (scan, cancellable, error);
  if (ok)
    apply_scan (self, scan);
  scan_free (scan);
  return ok;
}

static void
scan_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;

  if (scan_run (task_data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void start_scan (CongkakLibrary *self,
                        GTask          *outer);

static void
scan_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  CongkakLibrary *self = CONGKAK_LIBRARY (source);
  g_autoptr (GTask) outer = user_data;
  Scan *scan = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (outer, error);
      return;
    }
  /* Something was recorded or deleted meanwhile: look again. */
  if (scan->generation != self->generation)
    {
      start_scan (self, g_steal_pointer (&outer));
      return;
    }
  apply_scan (self, scan);
  g_task_return_boolean (outer, TRUE);
}

static void
start_scan (CongkakLibrary *self,
            GTask          *outer)
{
  g_autoptr (GTask) task = g_task_new (self, g_task_get_cancellable (outer), scan_done, outer);

  g_task_set_task_data (task, scan_new (self, FALSE), scan_free);
  g_task_run_in_thread (task, scan_thread);
}

/**
 * congkak_library_load_async:
 *
 * Does what congkak_library_load() does in a worker thread; the list
 * changes only when it is done.
 */
void
congkak_library_load_async (CongkakLibrary      *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  GTask *outer;

  g_return_if_fail (CONGKAK_IS_LIBRARY (self));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, congkak_library_load_async);
  start_scan (self, outer);
}

gboolean
congkak_library_load_finish (CongkakLibrary  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
ensure_loaded (CongkakLibrary *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->loaded && !congkak_library_load (self, FALSE, NULL, &error))
    g_warning ("Cannot list the match library: %s", error->message);
}

/**
 * congkak_library_find_by_id:
 *
 * Returns: (transfer none) (nullable): the entry of the match with @id.
 */
CongkakLibraryEntry *
congkak_library_find_by_id (CongkakLibrary *self,
                            const char     *id)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), NULL);

  if (id == NULL || *id == '\0')
    return NULL;
  for (guint i = 0; i < self->entries->len; i++)
    {
      CongkakLibraryEntry *entry = g_ptr_array_index (self->entries, i);

      if (g_strcmp0 (entry->id, id) == 0)
        return entry;
    }
  return NULL;
}

/**
 * congkak_library_find_by_file:
 *
 * Returns: (transfer none) (nullable): the entry of @file, if it is a
 *   file of the library.
 */
CongkakLibraryEntry *
congkak_library_find_by_file (CongkakLibrary *self,
                              GFile          *file)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), NULL);

  if (file == NULL || !g_file_has_parent (file, self->directory))
    return NULL;
  name = g_file_get_basename (file);
  for (guint i = 0; i < self->entries->len; i++)
    {
      CongkakLibraryEntry *entry = g_ptr_array_index (self->entries, i);

      if (g_str_equal (entry->name, name))
        return entry;
    }
  return NULL;
}

static CongkakLibraryEntry *
find_by_origin (CongkakLibrary *self,
                GFile          *origin)
{
  g_autofree char *uri = origin ? g_file_get_uri (origin) : NULL;

  if (uri == NULL)
    return NULL;
  for (guint i = 0; i < self->entries->len; i++)
    {
      CongkakLibraryEntry *entry = g_ptr_array_index (self->entries, i);

      if (g_strcmp0 (entry->origin, uri) == 0)
        return entry;
    }
  return NULL;
}

/* Recording */

/* "2026-03-14 Ani vs Budi": safe in any file system, and short. */
static char *
file_name_base (CongkakMatch *match)
{
  const char *names[2];
  g_autofree char *text = NULL;
  GString *safe;

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      names[side] = congkak_match_get_player_name (match, side);
      if (*names[side] == '\0')
        names[side] = congkak_side_get_name (side);
    }
  /* TRANSLATORS: a recorded match's file name: the date, then the two players */
  text = g_strdup_printf (_("%s %s vs %s"), congkak_match_get_metadata (match, CONGKAK_METADATA_DATE),
                          names[CONGKAK_SOUTH], names[CONGKAK_NORTH]);

  safe = g_string_new (NULL);
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (safe->len + 6 > MAX_NAME_BYTES)
        break;
      if (g_unichar_iscntrl (c) || strchr ("/\\:*?\"<>|", c) != NULL)
        g_string_append_c (safe, '-');
      else if (!(safe->len == 0 && c == '.'))
        g_string_append_unichar (safe, c);
    }
  g_strstrip (safe->str);
  safe->len = strlen (safe->str);
  if (safe->len == 0)
    g_string_append (safe, "match");
  return g_string_free (safe, FALSE);
}

static gboolean
name_in_use (CongkakLibrary *self,
             const char     *name)
{
  g_autoptr (GFile) deleted = g_file_new_build_filename (g_file_peek_path (self->directory),
                                                         DELETED_NAME, name, NULL);

  for (guint i = 0; i < self->entries->len; i++)
    if (g_str_equal (((CongkakLibraryEntry *) g_ptr_array_index (self->entries, i))->name, name))
      return TRUE;
  /* A deleted match may still come back with Undo. */
  return g_file_query_exists (deleted, NULL);
}

/* Claims a new file name; never one that is or was just in use. */
static GFile *
reserve_file (CongkakLibrary  *self,
              CongkakMatch    *match,
              GError         **error)
{
  g_autofree char *base = file_name_base (match);

  for (guint n = 1; n < 10000; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s.congkak", base)
                                     : g_strdup_printf ("%s (%u).congkak", base, n);
      g_autoptr (GFile) file = g_file_get_child (self->directory, name);
      g_autoptr (GFileOutputStream) stream = NULL;
      g_autoptr (GError) local_error = NULL;

      if (name_in_use (self, name))
        continue;
      stream = g_file_create (file, G_FILE_CREATE_NONE, NULL, &local_error);
      if (stream)
        {
          g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, NULL);
          return g_steal_pointer (&file);
        }
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("Too many matches are named “%s”."), base);
  return NULL;
}

/* Writes @match to @file with the match file saver; the library keeps no
 * backups beside its files (the saver writes atomically anyway). */
static CongkakLibraryEntry *
write_match (CongkakLibrary  *self,
             CongkakMatch    *match,
             GFile           *file,
             GError         **error)
{
  g_autofree char *backup_path = NULL;
  g_autofree char *name = NULL;
  CongkakLibraryEntry *entry;
  gboolean regular;
  gint64 modified;
  guint64 size;

  if (!congkak_match_save_to_file (match, file, NULL, error))
    return NULL;
  backup_path = g_strconcat (g_file_peek_path (file), "~", NULL);
  g_remove (backup_path);

  if (!stat_file (g_file_peek_path (file), &regular, &modified, &size))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The file “%s” was written but cannot be found."),
                   g_file_peek_path (file));
      return NULL;
    }
  name = g_file_get_basename (file);
  entry = congkak_library_entry_new (self->directory, name, modified, size);
  congkak_library_entry_fill_from_match (entry, match);
  return entry;
}

/* Puts @entry in the list, in place of @replaced if given. */
static void
put_entry (CongkakLibrary      *self,
           CongkakLibraryEntry *entry,
           CongkakLibraryEntry *replaced)
{
  guint position;

  self->generation++;
  if (replaced && g_ptr_array_find (self->entries, replaced, &position))
    {
      g_ptr_array_index (self->entries, position) = entry;
      g_object_unref (replaced);
      g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 1);
      return;
    }
  for (position = 0; position < self->entries->len; position++)
    if (compare_newest_first (&entry, &g_ptr_array_index (self->entries, position)) <= 0)
      break;
  g_ptr_array_insert (self->entries, position, entry);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, 1);
}

static CongkakLibraryEntry *
record (CongkakLibrary  *self,
        CongkakMatch    *match,
        GFile           *origin,
        GError         **error)
{
  const char *id = congkak_match_get_metadata (match, CONGKAK_METADATA_ID);
  CongkakLibraryEntry *existing;
  CongkakLibraryEntry *entry;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) local_error = NULL;

  existing = congkak_library_find_by_id (self, id);
  if (existing == NULL)
    existing = congkak_library_find_by_file (self, origin);
  if (existing == NULL)
    existing = find_by_origin (self, origin);

  /* Set without an undo step: they belong to the match, not to an edit. */
  if (*id == '\0')
    {
      g_autofree char *new_id = existing && existing->id ? g_strdup (existing->id) : g_uuid_string_random ();

      congkak_match_init_metadata (match, CONGKAK_METADATA_ID, new_id);
    }
  if (*congkak_match_get_metadata (match, CONGKAK_METADATA_DATE) == '\0')
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");

      congkak_match_init_metadata (match, CONGKAK_METADATA_DATE, today);
    }

  if (!g_file_make_directory_with_parents (self->directory, NULL, &local_error)
      && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  file = existing ? g_object_ref (congkak_library_entry_get_file (existing)) : reserve_file (self, match, error);
  if (file == NULL)
    return NULL;
  entry = write_match (self, match, file, error);
  if (entry == NULL)
    {
      if (existing == NULL)
        g_file_delete (file, NULL, NULL);  /* the reserved, empty file */
      return NULL;
    }
  if (origin && !g_file_has_parent (origin, self->directory))
    entry->origin = g_file_get_uri (origin);
  else if (existing)
    entry->origin = g_strdup (existing->origin);
  put_entry (self, entry, existing);
  return entry;
}

/**
 * congkak_library_record:
 * @origin: (nullable): the file the match was opened from or saved to
 *
 * Keeps @match in the library: a new file the first time, named after its
 * date and players; the same file again afterwards, found by the id the
 * first recording gives the match (or by @origin for a match recorded
 * before from that file).  Gives the match today's date if it has none.
 *
 * Returns: (transfer none) (nullable): the match's entry, or %NULL with
 *   @error set if its file could not be written.
 */
CongkakLibraryEntry *
congkak_library_record (CongkakLibrary  *self,
                        CongkakMatch    *match,
                        GFile           *origin,
                        GError         **error)
{
  CongkakLibraryEntry *entry;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (origin == NULL || G_IS_FILE (origin), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ensure_loaded (self);
  entry = record (self, match, origin, error);
  if (entry)
    write_index (self);
  return entry;
}

/* Importing: files and folders from elsewhere, loaded in a worker thread
 * and copied into the library here. */

typedef struct
{
  GFile        *file;
  CongkakMatch *match;
  char         *error;
} Loaded;

static void
loaded_free (gpointer data)
{
  Loaded *loaded = data;

  g_clear_object (&loaded->file);
  g_clear_object (&loaded->match);
  g_free (loaded->error);
  g_free (loaded);
}

static char *
display_name (GFile *file)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);

  return info ? g_strdup (g_file_info_get_display_name (info)) : g_file_get_parse_name (file);
}

static void
load_for_import (GFile        *file,
                 GPtrArray    *loaded,
                 GCancellable *cancellable)
{
  Loaded *item = g_new0 (Loaded, 1);
  g_autoptr (GError) error = NULL;

  item->file = g_object_ref (file);
  item->match = congkak_match_load_any_from_file (file, cancellable, NULL, &error);
  if (item->match == NULL)
    item->error = g_strdup (error->message);
  g_ptr_array_add (loaded, item);
}

/* Every .congkak file under @folder, to a sane depth. */
static void
collect_folder (GFile        *folder,
                guint         depth,
                GPtrArray    *loaded,
                GCancellable *cancellable)
{
  g_autoptr (GFileEnumerator) children = NULL;

  if (depth > MAX_IMPORT_DEPTH)
    return;
  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, cancellable, NULL);
  while (children)
    {
      GFileInfo *info;
      GFile *child;

      if (!g_file_enumerator_iterate (children, &info, &child, cancellable, NULL) || info == NULL)
        break;
      if (*g_file_info_get_name (info) == '.')
        continue;
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        collect_folder (child, depth + 1, loaded, cancellable);
      else if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR
               && g_str_has_suffix (g_file_info_get_name (info), ".congkak"))
        load_for_import (child, loaded, cancellable);
    }
}

static void
import_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  GListModel *files = task_data;
  GPtrArray *loaded = g_ptr_array_new_with_free_func (loaded_free);

  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    {
      g_autoptr (GFile) file = g_list_model_get_item (files, i);

      if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, cancellable) == G_FILE_TYPE_DIRECTORY)
        collect_folder (file, 0, loaded, cancellable);
      else
        load_for_import (file, loaded, cancellable);
    }
  g_task_return_pointer (task, loaded, (GDestroyNotify) g_ptr_array_unref);
}

/**
 * congkak_library_import_async:
 * @files: (element-type GFile): match files, and folders to look through
 *
 * Copies matches from elsewhere into the library (the text notation too,
 * when a file is named; in folders, .congkak files).  A match already in
 * the library is not copied again: the same id, or for a file without
 * one, the same contents.
 */
void
congkak_library_import_async (CongkakLibrary      *self,
                              GListModel          *files,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (CONGKAK_IS_LIBRARY (self));
  g_return_if_fail (G_IS_LIST_MODEL (files));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, congkak_library_import_async);
  g_task_set_task_data (task, g_object_ref (files), g_object_unref);
  g_task_run_in_thread (task, import_thread);
}

/* An id for a match that came without one: the same contents, the same id. */
static char *
content_id (CongkakMatch *match)
{
  gsize length;
  g_autofree char *data = congkak_match_save_to_data (match, &length);
  g_autofree char *checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);

  return g_strdup_printf ("sha256-%.32s", checksum);
}

/**
 * congkak_library_import_finish:
 *
 * Returns: (transfer full): what was added, what was there already and
 *   what did not load (each with the loader's message).
 */
CongkakLibraryImportReport *
congkak_library_import_finish (CongkakLibrary  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_autoptr (GPtrArray) loaded = NULL;
  CongkakLibraryImportReport *report;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  loaded = g_task_propagate_pointer (G_TASK (result), error);
  if (loaded == NULL)
    return NULL;

  ensure_loaded (self);
  report = g_new0 (CongkakLibraryImportReport, 1);
  report->failures = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < loaded->len; i++)
    {
      Loaded *item = g_ptr_array_index (loaded, i);
      g_autofree char *name = display_name (item->file);
      g_autoptr (GError) record_error = NULL;

      if (item->match == NULL)
        {
          /* TRANSLATORS: a file name, then why it could not be imported */
          g_ptr_array_add (report->failures, g_strdup_printf (_("%s: %s"), name, item->error));
          continue;
        }
      if (*congkak_match_get_metadata (item->match, CONGKAK_METADATA_ID) == '\0')
        {
          g_autofree char *id = content_id (item->match);

          congkak_match_init_metadata (item->match, CONGKAK_METADATA_ID, id);
        }
      if (congkak_library_find_by_file (self, item->file)
          || congkak_library_find_by_id (self, congkak_match_get_metadata (item->match, CONGKAK_METADATA_ID)))
        {
          report->already++;
          continue;
        }
      if (record (self, item->match, item->file, &record_error))
        report->added++;
      else
        g_ptr_array_add (report->failures, g_strdup_printf (_("%s: %s"), name, record_error->message));
    }
  if (report->added > 0)
    write_index (self);
  return report;
}

void
congkak_library_import_report_free (CongkakLibraryImportReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->failures, g_ptr_array_unref);
  g_free (report);
}

/* Changing and removing */

/**
 * congkak_library_set_title:
 *
 * Gives the match of @entry a title, in its file (an empty title removes it).
 *
 * Returns: (transfer none) (nullable): the new entry that replaces @entry.
 */
CongkakLibraryEntry *
congkak_library_set_title (CongkakLibrary       *self,
                           CongkakLibraryEntry  *entry,
                           const char           *title,
                           GError              **error)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakLibraryEntry *renamed;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (entry), NULL);
  g_return_val_if_fail (title != NULL, NULL);

  match = congkak_match_load_from_file (congkak_library_entry_get_file (entry), NULL, NULL, error);
  if (match == NULL)
    return NULL;
  congkak_match_set_metadata (match, CONGKAK_METADATA_TITLE, title);
  renamed = write_match (self, match, congkak_library_entry_get_file (entry), error);
  if (renamed == NULL)
    return NULL;
  renamed->origin = g_strdup (entry->origin);
  put_entry (self, renamed, entry);
  write_index (self);
  return renamed;
}

static GFile *
deleted_file (CongkakLibrary      *self,
              CongkakLibraryEntry *entry)
{
  return g_file_new_build_filename (g_file_peek_path (self->directory), DELETED_NAME,
                                    entry->name, NULL);
}

/**
 * congkak_library_delete:
 *
 * Takes the match of @entry out of the library, into a hidden folder from
 * which congkak_library_undo_delete() brings it back, until
 * congkak_library_purge_deleted() moves it to the trash.
 */
gboolean
congkak_library_delete (CongkakLibrary       *self,
                        CongkakLibraryEntry  *entry,
                        GError              **error)
{
  g_autoptr (GFile) target = NULL;
  g_autoptr (GFile) folder = NULL;
  g_autoptr (GError) local_error = NULL;
  guint position;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (entry), FALSE);

  if (!g_ptr_array_find (self->entries, entry, &position))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("The match is no longer in the library."));
      return FALSE;
    }
  target = deleted_file (self, entry);
  folder = g_file_get_parent (target);
  if (!g_file_make_directory (folder, NULL, &local_error)
      && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!g_file_move (congkak_library_entry_get_file (entry), target, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NOFOLLOW_SYMLINKS,
                    NULL, NULL, NULL, error))
    return FALSE;

  self->generation++;
  g_ptr_array_remove_index (self->entries, position);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
  write_index (self);
  return TRUE;
}

/**
 * congkak_library_undo_delete:
 *
 * Brings back a match taken out with congkak_library_delete().
 */
gboolean
congkak_library_undo_delete (CongkakLibrary       *self,
                             CongkakLibraryEntry  *entry,
                             GError              **error)
{
  g_autoptr (GFile) source = NULL;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (entry), FALSE);

  source = deleted_file (self, entry);
  /* No overwrite: a file of that name now would be another match. */
  if (!g_file_move (source, congkak_library_entry_get_file (entry), G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, error))
    return FALSE;
  put_entry (self, g_object_ref (entry), NULL);
  write_index (self);
  return TRUE;
}

/**
 * congkak_library_purge_deleted:
 *
 * Moves the deleted matches to the trash (or, where there is none,
 * deletes them): they can no longer come back with Undo.
 */
void
congkak_library_purge_deleted (CongkakLibrary *self)
{
  g_autoptr (GFile) folder = NULL;
  g_autoptr (GFileEnumerator) children = NULL;

  g_return_if_fail (CONGKAK_IS_LIBRARY (self));

  folder = g_file_get_child (self->directory, DELETED_NAME);
  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                        NULL, NULL);
  while (children)
    {
      GFileInfo *info;
      GFile *child;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, NULL) || info == NULL)
        break;
      if (!g_file_trash (child, NULL, NULL))
        g_file_delete (child, NULL, NULL);
    }
}
