/* test-document.c — a match's file, changes, autosave and restore: no display
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <utime.h>

#include "congkak-document.h"
#include "congkak-match-file.h"
#include "congkak-match-text.h"
#include "congkak-test-util.h"

static char *state_home;

static CongkakMatch *
kalah_match (const char *south)
{
  CongkakMatch *match;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  congkak_match_set_player (match, CONGKAK_SOUTH, south, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_forget_history (match);
  return match;
}

static void
play (CongkakMatch *match,
      const char   *move)
{
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (congkak_match_play_text (match, move, NULL, &error));
  g_assert_no_error (error);
}

/* Keeps an async call's result for the test to finish it. */
static void
result_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static gboolean
result_arrived (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

/* Saves through the async path and waits for it. */
static gboolean
save (CongkakDocument          *document,
      GFile                    *file,
      CongkakDocumentSaveFlags  flags,
      GError                  **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  congkak_document_save_async (document, file, flags, NULL, result_cb, &result);
  g_assert_true (test_wait_until (result_arrived, &result, 1000));
  return congkak_document_save_finish (document, result, error);
}

static guint
count_autosaves (void)
{
  g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();

  return autosaves->len;
}

static void
clear_autosaves (void)
{
  g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();

  for (guint i = 0; i < autosaves->len; i++)
    congkak_document_delete_autosave (g_ptr_array_index (autosaves, i));
}

static gboolean
has_autosave (gpointer data)
{
  return congkak_document_get_autosave_file (data) != NULL
         && g_file_query_exists (congkak_document_get_autosave_file (data), NULL);
}

/* A match whose autosave takes a while to write: a long line of random
 * Congkak, a long comment on every move. */
static CongkakMatch *
long_match (guint n_moves)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (GString) comment = g_string_new (NULL);
  CongkakMatch *match;
  CongkakRules rules;

  test_rules (&rules, "congkak", "max-rounds=0", "simultaneous-opening=off", NULL);
  match = congkak_match_new (&rules);
  for (guint i = 0; i < 100; i++)
    g_string_append (comment, "A thought about this move. ");
  for (guint i = 0; i < n_moves; i++)
    {
      g_autofree char *move = congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                                         &rules, rand);

      if (move == NULL)
        break;
      play (match, move);
      congkak_match_set_comment (match, congkak_match_get_cursor (match), comment->str);
    }
  congkak_match_forget_history (match);
  return match;
}

static gboolean
autosave_named (gpointer data)
{
  return congkak_document_get_autosave_file (data) != NULL;
}

/* No write of the document is running: the task of one holds a
 * reference to it, the test the only other. */
static gboolean
document_idle (gpointer data)
{
  return G_OBJECT (data)->ref_count == 1;
}

/* The comment on the start of the match in the autosave, or NULL. */
static char *
autosaved_comment (CongkakDocument *document)
{
  g_autoptr (CongkakMatch) autosaved = NULL;

  if (congkak_document_get_autosave_file (document) == NULL)
    return NULL;
  autosaved = congkak_match_load_from_file (congkak_document_get_autosave_file (document), NULL, NULL, NULL);
  return autosaved ? g_strdup (congkak_node_get_comment (congkak_match_get_root (autosaved))) : NULL;
}

/* Files in the autosave folder: autosaves, their side files, temporaries. */
static guint
count_autosave_files (void)
{
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  g_autoptr (GDir) dir = g_dir_open (g_file_peek_path (directory), 0, NULL);
  guint n = 0;

  while (dir && g_dir_read_name (dir))
    n++;
  return n;
}

/* A change makes the document modified, an autosave follows, and saving
 * removes it again. */
static void
test_changes_autosave_save (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) match = kalah_match ("Ani");
  g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
  g_autoptr (CongkakMatch) autosaved = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *autosave_dir = NULL;
  g_autoptr (GFile) autosave_folder = congkak_document_get_autosave_directory ();

  clear_autosaves ();
  g_assert_false (congkak_document_get_modified (document));
  g_assert_true (congkak_document_is_blank (document));
  congkak_document_set_autosave_delay (document, 20);

  play (match, "A");
  g_assert_true (congkak_document_get_modified (document));
  g_assert_false (congkak_document_is_blank (document));
  g_assert_true (test_wait_until (has_autosave, document, 500));

  /* Under XDG_STATE_HOME, with the match's name beside it. */
  autosave_dir = g_file_get_path (autosave_folder);
  g_assert_true (g_str_has_prefix (autosave_dir, state_home));
  {
    g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();
    CongkakAutosave *autosave;

    g_assert_cmpuint (autosaves->len, ==, 1);
    autosave = g_ptr_array_index (autosaves, 0);
    g_assert_cmpstr (autosave->title, ==, "Ani (South) vs North · Kalah");
    g_assert_null (autosave->origin);
    g_assert_nonnull (autosave->saved);
  }
  autosaved = congkak_match_load_from_file (congkak_document_get_autosave_file (document), NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (autosaved, match));

  g_assert_true (save (document, file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_no_error (error);
  g_assert_false (congkak_document_get_modified (document));
  g_assert_true (g_file_equal (congkak_document_get_file (document), file));
  g_assert_null (congkak_document_get_autosave_file (document));
  g_assert_cmpuint (count_autosaves (), ==, 0);
  test_remove_tree (dir);
}

/* A change made while the save runs stays a change. */
static void
test_change_during_save (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) match = kalah_match ("Ani");
  g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
  g_autoptr (CongkakMatch) saved = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;

  play (match, "A");
  congkak_document_save_async (document, file, CONGKAK_DOCUMENT_SAVE_NONE, NULL, result_cb, &result);
  g_assert_true (congkak_document_get_saving (document));
  play (match, "b");
  g_assert_true (test_wait_until (result_arrived, &result, 1000));
  g_assert_true (congkak_document_save_finish (document, result, &error));
  g_assert_no_error (error);
  g_assert_false (congkak_document_get_saving (document));
  g_assert_true (congkak_document_get_modified (document));

  saved = congkak_match_load_from_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_match_get_n_nodes (saved), ==, 1);
  congkak_document_discard_changes (document);
  test_remove_tree (dir);
}

/* A save that fails keeps the changes, and the autosave that holds them. */
static void
test_failed_save_keeps_changes (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "missing-folder", "match.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) match = kalah_match ("Ani");
  g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
  g_autoptr (GError) error = NULL;

  clear_autosaves ();
  play (match, "A");
  g_assert_true (congkak_document_autosave_now (document, &error));
  g_assert_no_error (error);
  g_assert_false (save (document, file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_nonnull (error);
  g_assert_true (congkak_document_get_modified (document));
  g_assert_null (congkak_document_get_file (document));
  g_assert_cmpuint (count_autosaves (), ==, 1);

  /* Discarded on purpose: nothing is offered again. */
  congkak_document_discard_changes (document);
  g_assert_false (congkak_document_get_modified (document));
  g_assert_cmpuint (count_autosaves (), ==, 0);
  test_remove_tree (dir);
}

static gboolean
changed_on_disk (gpointer data)
{
  return congkak_document_get_changed_on_disk (data);
}

/* Another program writes the file: the document notices, and a save
 * does not overwrite it unless asked to. */
static void
test_changed_on_disk (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) match = kalah_match ("Ani");
  g_autoptr (CongkakMatch) other = kalah_match ("Other program");
  g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
  g_autoptr (CongkakMatch) on_disk = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_assert_true (save (document, file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_no_error (error);
  g_assert_false (congkak_document_get_changed_on_disk (document));

  /* Not within the same second as our save: the etag holds the time. */
  g_usleep (20000);
  data = congkak_match_save_to_data (other, &length);
  g_assert_true (g_file_set_contents (path, data, length, &error));
  {
    struct utimbuf times = { .actime = 1000000000, .modtime = 1000000000 };

    g_assert_cmpint (g_utime (path, &times), ==, 0);
  }
  g_assert_true (test_wait_until (changed_on_disk, document, 500));

  play (match, "A");
  g_assert_false (save (document, NULL, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_error (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  on_disk = congkak_match_load_from_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (congkak_match_get_player_name (on_disk, CONGKAK_SOUTH), ==, "Other program");
  g_clear_object (&on_disk);

  g_assert_true (save (document, NULL, CONGKAK_DOCUMENT_SAVE_OVERWRITE, &error));
  g_assert_no_error (error);
  g_assert_false (congkak_document_get_changed_on_disk (document));
  on_disk = congkak_match_load_from_file (file, NULL, NULL, &error);
  g_assert_true (congkak_match_equal (on_disk, match));
  test_remove_tree (dir);
}

/* Loading in a worker: a document with its file and no changes. */
static void
test_load (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.congkak", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) bad = g_file_new_for_path (bad_path);
  g_autoptr (CongkakMatch) match = kalah_match ("Ani");
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;

  play (match, "A");
  g_assert_true (congkak_match_save_to_file (match, file, NULL, &error));
  congkak_document_load_async (file, NULL, result_cb, &result);
  g_assert_true (test_wait_until (result_arrived, &result, 1000));
  document = congkak_document_load_finish (result, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (congkak_document_get_match (document), match));
  g_assert_true (g_file_equal (congkak_document_get_file (document), file));
  g_assert_false (congkak_document_get_modified (document));
  g_assert_false (congkak_document_is_blank (document));
  g_clear_object (&result);

  g_assert_true (g_file_set_contents (bad_path, "{\"format\": \"congkak-match\"", -1, NULL));
  congkak_document_load_async (bad, NULL, result_cb, &result);
  g_assert_true (test_wait_until (result_arrived, &result, 1000));
  g_assert_null (congkak_document_load_finish (result, NULL, &error));
  g_assert_nonnull (error);
  test_remove_tree (dir);
}

/* After a crash: the good autosaves come back with the file they belong
 * to; a damaged one is named and can go on its own. */
static void
test_restore (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) match = kalah_match ("Ani");
  g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
  g_autoptr (GPtrArray) autosaves = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  g_autofree char *damaged_path = NULL;
  g_autofree char *damaged_info = NULL;
  CongkakAutosave *good = NULL, *damaged = NULL;

  clear_autosaves ();
  g_assert_true (save (document, file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  play (match, "A");
  g_assert_true (congkak_document_autosave_now (document, &error));
  g_assert_no_error (error);
  /* The app was killed: the document never closed. */
  g_object_run_dispose (G_OBJECT (document));

  damaged_path = g_build_filename (g_file_peek_path (directory), "1-damaged.congkak", NULL);
  damaged_info = g_strconcat (damaged_path, ".info", NULL);
  g_assert_true (g_file_set_contents (damaged_path, "{\"format\": \"congkak-match\", \"vers", -1, NULL));
  g_assert_true (g_file_set_contents (damaged_info, "[Autosave]\nTitle=Budi (South) vs North · Oware\n", -1, NULL));

  autosaves = congkak_document_list_autosaves ();
  g_assert_cmpuint (autosaves->len, ==, 2);
  for (guint i = 0; i < autosaves->len; i++)
    {
      CongkakAutosave *autosave = g_ptr_array_index (autosaves, i);

      if (g_str_has_suffix (g_file_peek_path (autosave->file), "1-damaged.congkak"))
        damaged = autosave;
      else
        good = autosave;
    }
  g_assert_nonnull (good);
  g_assert_nonnull (damaged);

  {
    g_autoptr (CongkakDocument) restored = congkak_document_restore (good, &error);

    g_assert_no_error (error);
    g_assert_true (congkak_match_equal (congkak_document_get_match (restored), match));
    g_assert_true (g_file_equal (congkak_document_get_file (restored), file));
    g_assert_true (congkak_document_get_modified (restored));
    g_assert_true (congkak_document_get_played_here (restored));
  }
  {
    g_autoptr (CongkakDocument) restored = congkak_document_restore (damaged, &error);

    g_assert_null (restored);
    g_assert_error (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_DAMAGED_AUTOSAVE);
    g_assert_nonnull (strstr (error->message, "“Budi (South) vs North · Oware”"));
    g_clear_error (&error);
  }

  /* Discarding the damaged one leaves the good one. */
  congkak_document_delete_autosave (damaged);
  g_assert_false (g_file_test (damaged_info, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_autosaves (), ==, 1);
  clear_autosaves ();
  test_remove_tree (dir);
}

/* Autosaves of older versions, in the data folder, are offered too. */
static void
test_legacy_autosaves (void)
{
  g_autofree char *legacy = g_build_filename (g_get_user_data_dir (), APPLICATION_ID, "autosave", NULL);
  g_autofree char *path = g_build_filename (legacy, "2-old.congkak", NULL);
  g_autofree char *origin = g_strconcat (path, ".origin", NULL);
  g_autoptr (CongkakMatch) match = kalah_match ("Old");
  g_autoptr (GPtrArray) autosaves = NULL;
  g_autofree char *data = NULL;
  CongkakAutosave *autosave;
  gsize length;

  clear_autosaves ();
  g_assert_cmpint (g_mkdir_with_parents (legacy, 0700), ==, 0);
  data = congkak_match_save_to_data (match, &length);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
  g_assert_true (g_file_set_contents (origin, "file:///tmp/old.congkak\n", -1, NULL));

  autosaves = congkak_document_list_autosaves ();
  g_assert_cmpuint (autosaves->len, ==, 1);
  autosave = g_ptr_array_index (autosaves, 0);
  g_assert_cmpstr (g_file_peek_path (autosave->origin), ==, "/tmp/old.congkak");
  congkak_document_delete_autosave (autosave);
  g_assert_false (g_file_test (origin, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_autosaves (), ==, 0);
}

/* The autosave is copied in the main thread and written in a worker: the
 * match goes on changing meanwhile, the last change is what stays, and a
 * discard while a write runs leaves nothing behind. */
static void
test_autosave_worker (void)
{
  g_autoptr (CongkakMatch) match = long_match (1500);
  CongkakNode *root = congkak_match_get_root (match);
  g_autoptr (GError) error = NULL;

  clear_autosaves ();

  /* A change while the first write runs comes in a second one. */
  {
    g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
    g_autofree char *comment = NULL;

    congkak_document_set_autosave_delay (document, 1);
    congkak_match_set_comment (match, root, "First.");
    g_assert_true (test_wait_until (autosave_named, document, 500));
    congkak_match_set_comment (match, root, "Second.");
    g_assert_true (test_wait_until (document_idle, document, 1000));
    test_iterate (5);
    g_assert_true (test_wait_until (document_idle, document, 1000));
    comment = autosaved_comment (document);
    g_assert_cmpstr (comment, ==, "Second.");
    congkak_document_discard_changes (document);
  }
  g_assert_cmpuint (count_autosave_files (), ==, 0);

  /* Writing at once while a write runs: the newer one stays. */
  {
    g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
    g_autofree char *comment = NULL;

    congkak_document_set_autosave_delay (document, 1);
    congkak_match_set_comment (match, root, "Third.");
    g_assert_true (test_wait_until (autosave_named, document, 500));
    congkak_match_set_comment (match, root, "Fourth.");
    g_assert_true (congkak_document_autosave_now (document, &error));
    g_assert_no_error (error);
    g_assert_true (test_wait_until (document_idle, document, 1000));
    comment = autosaved_comment (document);
    g_assert_cmpstr (comment, ==, "Fourth.");
    congkak_document_discard_changes (document);
  }
  g_assert_cmpuint (count_autosave_files (), ==, 0);

  /* Discarded while the write runs: it gives way, and nothing stays. */
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
      g_autofree char *comment = g_strdup_printf ("Discarded %u.", i);

      congkak_document_set_autosave_delay (document, 1);
      congkak_match_set_comment (match, root, comment);
      g_assert_true (test_wait_until (autosave_named, document, 500));
      congkak_document_discard_changes (document);
      g_assert_true (test_wait_until (document_idle, document, 1000));
      g_assert_cmpuint (count_autosave_files (), ==, 0);
    }
}

static gboolean
autosave_failing (gpointer data)
{
  return congkak_document_get_autosave_failing (data);
}

static gboolean
autosave_working (gpointer data)
{
  return !congkak_document_get_autosave_failing (data);
}

/* The moves in the autosave of @document. */
static guint
autosaved_moves (CongkakDocument *document)
{
  g_autoptr (CongkakMatch) autosaved = NULL;
  g_autoptr (GError) error = NULL;

  autosaved = congkak_match_load_from_file (congkak_document_get_autosave_file (document), NULL, NULL, &error);
  g_assert_no_error (error);
  return congkak_match_get_n_nodes (autosaved);
}

/* The autosave folder full (a small file system), then read-only (a
 * read-only bind mount): the document says so, in words that say what to
 * do, tries again, and says so no more once a write works; what was
 * autosaved before stays as it was. */
static void
test_autosave_failing (void)
{
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  const char *folder = g_file_peek_path (directory);
  g_autofree char *filler = g_build_filename (folder, "filler", NULL);
  g_autoptr (CongkakMatch) match = kalah_match ("Ani");
  g_autoptr (CongkakDocument) document = NULL;

  if (!test_can_mount ())
    return;
  clear_autosaves ();
  test_mount_small (folder, 16 * 1024);
  test_fill_up (folder, "filler");

  /* Full: nothing can be written, and the document says what to do. */
  document = congkak_document_new (match, NULL);
  congkak_document_set_autosave_delay (document, 20);
  play (match, "A");
  g_assert_true (test_wait_until (autosave_failing, document, 500));
  g_assert_nonnull (strstr (congkak_document_get_autosave_problem (document), "the disk is full"));
  g_assert_nonnull (strstr (congkak_document_get_autosave_problem (document), "Save the match"));
  g_assert_cmpuint (count_autosaves (), ==, 0);

  /* Space again: a later try works, without another change. */
  g_assert_cmpint (g_unlink (filler), ==, 0);
  g_assert_true (test_wait_until (autosave_working, document, 1000));
  g_assert_cmpstr (congkak_document_get_autosave_problem (document), ==, "");
  g_assert_cmpuint (autosaved_moves (document), ==, 1);

  /* Read-only: the autosave written before stays as it was. */
  test_mount_read_only (folder);
  play (match, "b");
  g_assert_true (test_wait_until (autosave_failing, document, 500));
  g_assert_nonnull (strstr (congkak_document_get_autosave_problem (document), "read-only"));
  g_assert_cmpuint (autosaved_moves (document), ==, 1);
  g_assert_cmpuint (count_autosaves (), ==, 1);
  test_unmount (folder);
  g_assert_true (test_wait_until (autosave_working, document, 1000));
  g_assert_cmpuint (autosaved_moves (document), ==, 2);

  /* Saved or discarded, there is nothing left to autosave. */
  test_mount_read_only (folder);
  play (match, "B");
  g_assert_true (test_wait_until (autosave_failing, document, 500));
  congkak_document_discard_changes (document);
  g_assert_false (congkak_document_get_autosave_failing (document));
  test_unmount (folder);
  test_unmount (folder);
  clear_autosaves ();
}

/* The only autosave of the test's state folder, restored. */
static CongkakDocument *
restore_only_autosave (void)
{
  g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();
  g_autoptr (GError) error = NULL;
  CongkakDocument *restored;

  g_assert_cmpuint (autosaves->len, ==, 1);
  restored = congkak_document_restore (g_ptr_array_index (autosaves, 0), &error);
  g_assert_no_error (error);
  return restored;
}

/* Writes @south's match over @path as another program would, dated in
 * 2001 so that its etag differs from ours whatever the clock says. */
static void
write_as_other_program (const char *path,
                        const char *south)
{
  g_autoptr (CongkakMatch) other = kalah_match (south);
  g_autofree char *data = NULL;
  struct utimbuf times = { .actime = 1000000000, .modtime = 1000000000 };
  gsize length;

  data = congkak_match_save_to_data (other, &length);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
  g_assert_cmpint (g_utime (path, &times), ==, 0);
}

/* A restored autosave remembers its file as it was read or saved here
 * (the etag, kept in the side file): a file another program changed
 * since the crash is not overwritten without asking. */
static void
test_restore_remembers_etag (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "r.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  clear_autosaves ();
  for (guint changed = 0; changed < 2; changed++)
    {
      g_autoptr (CongkakMatch) match = kalah_match ("Ani");
      g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
      g_autoptr (CongkakDocument) restored = NULL;
      g_autoptr (CongkakMatch) on_disk = NULL;

      g_assert_true (save (document, file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
      g_assert_no_error (error);
      play (match, "A");
      g_assert_true (congkak_document_autosave_now (document, &error));
      g_assert_no_error (error);
      /* Killed. */
      g_object_run_dispose (G_OBJECT (document));
      if (changed)
        write_as_other_program (path, "Other program");

      restored = restore_only_autosave ();
      g_assert_cmpint (congkak_document_get_changed_on_disk (restored), ==, changed);
      if (changed)
        {
          g_assert_false (save (restored, NULL, CONGKAK_DOCUMENT_SAVE_NONE, &error));
          g_assert_error (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_CHANGED_ON_DISK);
          g_clear_error (&error);
          on_disk = congkak_match_load_from_file (file, NULL, NULL, &error);
          g_assert_no_error (error);
          g_assert_cmpstr (congkak_match_get_player_name (on_disk, CONGKAK_SOUTH), ==, "Other program");
          g_clear_object (&on_disk);
        }
      /* Asked, or nothing to ask: it is saved. */
      g_assert_true (save (restored, NULL, changed ? CONGKAK_DOCUMENT_SAVE_OVERWRITE : CONGKAK_DOCUMENT_SAVE_NONE,
                           &error));
      g_assert_no_error (error);
      on_disk = congkak_match_load_from_file (file, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (congkak_match_equal (on_disk, match));
      g_assert_cmpuint (count_autosaves (), ==, 0);
    }

  /* Saved with changes left: the autosave's side file learns the new etag. */
  {
    g_autoptr (CongkakMatch) match = kalah_match ("Ani");
    g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
    g_autoptr (CongkakDocument) restored = NULL;
    g_autoptr (GAsyncResult) result = NULL;

    congkak_document_set_autosave_delay (document, 20);
    g_assert_true (save (document, file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
    play (match, "A");
    g_assert_true (congkak_document_autosave_now (document, &error));
    congkak_document_save_async (document, NULL, CONGKAK_DOCUMENT_SAVE_NONE, NULL, result_cb, &result);
    play (match, "b");
    /* Autosaved with the etag from before the save. */
    g_assert_true (congkak_document_autosave_now (document, &error));
    g_assert_true (test_wait_until (result_arrived, &result, 1000));
    g_assert_true (congkak_document_save_finish (document, result, &error));
    g_assert_no_error (error);
    g_clear_object (&result);
    g_assert_true (test_wait_until (document_idle, document, 100));
    test_iterate (10);
    g_assert_true (test_wait_until (document_idle, document, 100));
    g_object_run_dispose (G_OBJECT (document));
    restored = restore_only_autosave ();
    g_assert_false (congkak_document_get_changed_on_disk (restored));
    g_assert_true (save (restored, NULL, CONGKAK_DOCUMENT_SAVE_NONE, &error));
    g_assert_no_error (error);
  }

  /* An autosave from before etags were kept: a file newer than it counts
   * as changed. */
  {
    g_autoptr (CongkakMatch) match = kalah_match ("Ani");
    g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
    g_autoptr (CongkakDocument) restored = NULL;
    g_autoptr (GKeyFile) info = g_key_file_new ();
    g_autofree char *info_path = NULL;
    struct utimbuf old = { .actime = 900000000, .modtime = 900000000 };

    g_assert_true (save (document, file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
    play (match, "A");
    g_assert_true (congkak_document_autosave_now (document, &error));
    info_path = g_strconcat (g_file_peek_path (congkak_document_get_autosave_file (document)), ".info", NULL);
    g_object_run_dispose (G_OBJECT (document));
    g_assert_true (g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL));
    g_assert_true (g_key_file_remove_key (info, "Autosave", "Etag", NULL));
    g_assert_true (g_key_file_save_to_file (info, info_path, NULL));
    write_as_other_program (path, "Other program");
    {
      g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();

      g_assert_cmpint (g_utime (g_file_peek_path (((CongkakAutosave *) g_ptr_array_index (autosaves, 0))->file), &old),
                       ==, 0);
    }
    restored = restore_only_autosave ();
    g_assert_true (congkak_document_get_changed_on_disk (restored));
    g_assert_false (save (restored, NULL, CONGKAK_DOCUMENT_SAVE_NONE, &error));
    g_assert_error (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_CHANGED_ON_DISK);
    g_clear_error (&error);
    congkak_document_discard_changes (restored);
  }
  test_remove_tree (dir);
}

/* Loads @file into a document through the async path. */
static CongkakDocument *
load (GFile *file)
{
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;
  CongkakDocument *document;

  congkak_document_load_async (file, NULL, result_cb, &result);
  g_assert_true (test_wait_until (result_arrived, &result, 1000));
  document = congkak_document_load_finish (result, NULL, &error);
  g_assert_no_error (error);
  return document;
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* A file keeps its format: an Aualé OGN file, or one in the text
 * notation, is saved in it again when that format can say everything the
 * match holds; when it cannot, nothing is written, and the error says
 * what would be lost. */
static void
test_save_keeps_format (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *ogn_path = g_build_filename (dir, "a.ogn", NULL);
  g_autofree char *text_path = g_build_filename (dir, "b.txt", NULL);
  g_autofree char *json_path = g_build_filename (dir, "c.congkak", NULL);
  g_autofree char *original = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (GFile) ogn_file = g_file_new_for_path (ogn_path);
  g_autoptr (GFile) text_file = g_file_new_for_path (text_path);
  g_autoptr (GFile) json_file = g_file_new_for_path (json_path);
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (CongkakMatch) on_disk = NULL;
  g_autoptr (GError) error = NULL;
  CongkakMatch *match;
  CongkakNode *first;

  original = read_text (g_test_get_filename (G_TEST_DIST, "data", "other-programs", "auale-abapa.ogn", NULL));
  g_assert_true (g_file_set_contents (ogn_path, original, -1, NULL));
  document = load (ogn_file);
  g_assert_cmpint (congkak_document_get_format (document), ==, CONGKAK_MATCH_FORMAT_OGN);
  match = congkak_document_get_match (document);

  /* A comment: OGN holds it, so the file stays OGN, for Aualé. */
  first = congkak_node_get_main_child (congkak_match_get_root (match));
  congkak_match_set_comment (match, congkak_node_get_main_child (first), "Added here.");
  g_assert_true (save (document, NULL, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_no_error (error);
  after = read_text (ogn_path);
  g_assert_true (g_str_has_prefix (after, "[Variant \"Oware Abapa\"]"));
  g_assert_nonnull (strstr (after, "{ Added here. }"));
  on_disk = congkak_match_load_any_from_file (ogn_file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (on_disk, match));
  g_clear_object (&on_disk);

  /* A variation: OGN cannot hold it; the file is left as it was. */
  congkak_match_set_cursor (match, congkak_match_get_root (match));
  play (match, "E");
  before = g_steal_pointer (&after);
  g_assert_false (save (document, NULL, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_error (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_CANNOT_HOLD);
  g_assert_nonnull (strstr (error->message, "variations"));
  g_clear_error (&error);
  after = read_text (ogn_path);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (congkak_document_get_modified (document));

  /* Saved as .txt: the text notation holds variations. */
  g_assert_true (save (document, text_file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (congkak_document_get_format (document), ==, CONGKAK_MATCH_FORMAT_TEXT);
  g_clear_pointer (&after, g_free);
  after = read_text (text_path);
  g_assert_true (g_str_has_prefix (after, "[Format \"congkak-match "));
  on_disk = congkak_match_load_any_from_file (text_file, NULL, NULL, &error);
  g_assert_true (congkak_match_equal (on_disk, match));
  g_clear_object (&on_disk);

  /* The computer's analysis: the text notation cannot hold it. */
  congkak_match_set_analysis (match, first, 2, "E", CONGKAK_MARK_NONE, NULL);
  g_assert_false (save (document, NULL, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_error (error, CONGKAK_DOCUMENT_ERROR, CONGKAK_DOCUMENT_ERROR_CANNOT_HOLD);
  g_assert_nonnull (strstr (error->message, "analysis"));
  g_clear_error (&error);

  /* A .congkak file holds everything. */
  g_assert_true (save (document, json_file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (congkak_document_get_format (document), ==, CONGKAK_MATCH_FORMAT_JSON);
  on_disk = congkak_match_load_from_file (json_file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (on_disk, match));

  /* Restored after a crash, an OGN file is still saved as OGN. */
  {
    g_autoptr (CongkakDocument) ogn = load (ogn_file);
    g_autoptr (CongkakDocument) restored = NULL;
    CongkakMatch *ogn_match = congkak_document_get_match (ogn);

    clear_autosaves ();
    congkak_match_set_comment (ogn_match, congkak_node_get_main_child (congkak_match_get_root (ogn_match)),
                               "After the crash.");
    g_assert_true (congkak_document_autosave_now (ogn, &error));
    g_assert_no_error (error);
    g_object_run_dispose (G_OBJECT (ogn));
    restored = restore_only_autosave ();
    g_assert_cmpint (congkak_document_get_format (restored), ==, CONGKAK_MATCH_FORMAT_OGN);
    g_assert_true (save (restored, NULL, CONGKAK_DOCUMENT_SAVE_NONE, &error));
    g_assert_no_error (error);
    g_clear_pointer (&after, g_free);
    after = read_text (ogn_path);
    g_assert_nonnull (strstr (after, "{ After the crash. }"));
  }
  test_remove_tree (dir);
}

/* Killed between writing an autosave's side file and the autosave, or
 * during the write: the side file without its autosave, and the saver's
 * temporaries that no save holds, go at the next start; everything else
 * stays. */
static void
test_clean_autosaves (void)
{
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  g_autofree char *legacy = g_build_filename (g_get_user_data_dir (), APPLICATION_ID, "autosave", NULL);
  const char *folder = g_file_peek_path (directory);
  struct utimbuf old = { .actime = 1000000000, .modtime = 1000000000 };
  const char *kept[] = { "1-kept.congkak", "1-kept.congkak.info", "notes.info", "other.txt" };
  /* A temporary goes whatever its age: no save holds its lock. */
  const char *removed[] = { "2-orphan.congkak.info", "3-orphan.congkak.origin", ".old.congkak-XYZ789",
                            ".young.congkak-ABC123" };

  clear_autosaves ();
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (legacy, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *path = g_build_filename (folder, kept[i], NULL);

      g_assert_true (g_file_set_contents (path, "x", -1, NULL));
    }
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      g_autofree char *path = g_build_filename (folder, removed[i], NULL);
      g_autofree char *legacy_path = g_build_filename (legacy, removed[i], NULL);

      g_assert_true (g_file_set_contents (path, "x", -1, NULL));
      g_assert_true (g_file_set_contents (legacy_path, "x", -1, NULL));
      g_assert_cmpint (g_utime (path, &old), ==, 0);
      g_assert_cmpint (g_utime (legacy_path, &old), ==, 0);
    }

  congkak_document_clean_autosaves ();
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *path = g_build_filename (folder, kept[i], NULL);

      g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
      g_unlink (path);
    }
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      g_autofree char *path = g_build_filename (folder, removed[i], NULL);
      g_autofree char *legacy_path = g_build_filename (legacy, removed[i], NULL);

      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (legacy_path, G_FILE_TEST_EXISTS));
    }
}

static gboolean
library_failing (gpointer data)
{
  return congkak_document_get_library_failing (data);
}

static gboolean
library_working (gpointer data)
{
  return !congkak_document_get_library_failing (data);
}

/* The library cannot be written (a read-only bind mount, then a full
 * tmpfs): recording says so (#CongkakDocument:library-failing, with what
 * to do), stays due, the autosave stays, and the document tries again by
 * itself until the library works again.  A recording cancelled after the
 * person was told the changes are lost does not come back. */
static void
test_record_without_library (void)
{
  g_autofree char *folder = test_make_temp_dir ();
  g_autoptr (GFile) directory = g_file_new_for_path (folder);
  g_autoptr (CongkakLibrary) library = congkak_library_new (directory);
  g_autoptr (GError) error = NULL;

  if (!test_can_mount ())
    return;
  g_assert_true (congkak_library_load (library, FALSE, NULL, &error));
  g_assert_no_error (error);
  for (guint full = 0; full < 2; full++)
    {
      g_autoptr (CongkakMatch) match = kalah_match ("Ani");
      g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
      guint before = g_list_model_get_n_items (G_LIST_MODEL (library));

      clear_autosaves ();
      congkak_document_set_autosave_delay (document, 20);
      congkak_document_set_library (document, library);
      congkak_document_note_played (document);
      play (match, "A");
      g_assert_true (congkak_document_autosave_now (document, &error));
      g_assert_no_error (error);
      if (full)
        {
          test_mount_small (folder, 16 * 1024);
          test_fill_up (folder, "filler");
        }
      else
        test_mount_read_only (folder);

      g_assert_false (congkak_document_get_library_failing (document));
      g_assert_false (congkak_document_record (document, FALSE, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_clear_error (&error);
      g_assert_true (congkak_document_get_library_failing (document));
      g_assert_nonnull (strstr (congkak_document_get_library_problem (document),
                                full ? "the disk is full" : "read-only"));
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, before);
      g_assert_cmpuint (count_autosaves (), ==, 1);

      /* Tried again a while later: still failing, still said. */
      play (match, "d");
      test_iterate (30);
      g_assert_true (congkak_document_get_library_failing (document));
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, before);

      /* The library works again: the next try keeps the match. */
      test_unmount (folder);
      g_assert_true (test_wait_until (library_working, document, 500));
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, before + 1);
      g_assert_nonnull (congkak_library_find_by_id (library, congkak_match_get_metadata (match,
                                                                                      CONGKAK_METADATA_ID)));
      congkak_document_discard_changes (document);
    }

  /* Failing, then let go as lost: working again, it is not recorded. */
  {
    g_autoptr (CongkakMatch) match = kalah_match ("Budi");
    g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
    guint before = g_list_model_get_n_items (G_LIST_MODEL (library));

    congkak_document_set_autosave_delay (document, 20);
    congkak_document_set_library (document, library);
    congkak_document_note_played (document);
    play (match, "B");
    test_mount_read_only (folder);
    g_assert_false (congkak_document_record (document, FALSE, NULL));
    g_assert_true (library_failing (document));
    congkak_document_discard_changes (document);
    congkak_document_cancel_recording (document);
    g_assert_false (congkak_document_get_library_failing (document));
    test_unmount (folder);
    g_assert_true (congkak_document_record (document, FALSE, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, before);
    g_assert_null (congkak_library_find_by_id (library, congkak_match_get_metadata (match, CONGKAK_METADATA_ID)));
  }
  test_remove_tree (folder);
}

/* After a save, side files a killed autosave left without their autosave
 * go, with the saver's stale temporaries, as at the start of the app;
 * a side file written a moment ago may belong to an autosave being
 * written, and stays. */
static void
test_clean_after_save (void)
{
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  const char *folder = g_file_peek_path (directory);
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "saved.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) match = kalah_match ("Ani");
  g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);
  g_autoptr (GError) error = NULL;
  struct utimbuf old = { .actime = 1000000000, .modtime = 1000000000 };
  const char *removed[] = { "old-orphan.congkak.info", ".killed.congkak-QWE456" };
  const char *kept[] = { "young-orphan.congkak.info" };

  clear_autosaves ();
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      g_autofree char *side = g_build_filename (folder, removed[i], NULL);

      g_assert_true (g_file_set_contents (side, "x", -1, NULL));
      g_assert_cmpint (g_utime (side, &old), ==, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *side = g_build_filename (folder, kept[i], NULL);

      g_assert_true (g_file_set_contents (side, "x", -1, NULL));
    }

  play (match, "A");
  g_assert_true (save (document, file, CONGKAK_DOCUMENT_SAVE_NONE, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      g_autofree char *side = g_build_filename (folder, removed[i], NULL);

      g_assert_false (g_file_test (side, G_FILE_TEST_EXISTS));
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *side = g_build_filename (folder, kept[i], NULL);

      g_assert_true (g_file_test (side, G_FILE_TEST_EXISTS));
      g_unlink (side);
    }
  test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  int status;

  /* While this is the only thread. */
  test_isolate_mounts ();
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);

  /* Before GLib reads them: every folder of ours is a temporary one. */
  home = test_make_temp_dir ();
  state_home = g_build_filename (home, "state", NULL);
  g_setenv ("XDG_STATE_HOME", state_home, TRUE);
  {
    g_autofree char *data_home = g_build_filename (home, "data", NULL);

    g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  }
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/document/changes-autosave-save", test_changes_autosave_save);
  g_test_add_func ("/model/document/change-during-save", test_change_during_save);
  g_test_add_func ("/model/document/failed-save-keeps-changes", test_failed_save_keeps_changes);
  g_test_add_func ("/model/document/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/model/document/load", test_load);
  g_test_add_func ("/model/document/restore", test_restore);
  g_test_add_func ("/model/document/legacy-autosaves", test_legacy_autosaves);
  g_test_add_func ("/model/document/autosave-worker", test_autosave_worker);
  g_test_add_func ("/model/document/autosave-failing", test_autosave_failing);
  g_test_add_func ("/model/document/restore-remembers-etag", test_restore_remembers_etag);
  g_test_add_func ("/model/document/save-keeps-format", test_save_keeps_format);
  g_test_add_func ("/model/document/clean-autosaves", test_clean_autosaves);
  g_test_add_func ("/model/document/clean-after-save", test_clean_after_save);
  g_test_add_func ("/model/document/record-without-library", test_record_without_library);

  status = g_test_run ();
  test_remove_tree (home);
  g_free (state_home);
  return status;
}
