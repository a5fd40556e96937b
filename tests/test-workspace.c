/* test-workspace.c — what outlives a window: the library, the open
 * documents and the autosaves they claim; no display
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "congkak-match-file.h"
#include "congkak-test-util.h"
#include "congkak-workspace.h"

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

static void
clear_autosaves (void)
{
  g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();

  for (guint i = 0; i < autosaves->len; i++)
    congkak_document_delete_autosave (g_ptr_array_index (autosaves, i));
}

static gboolean
library_loaded (gpointer data)
{
  return congkak_library_is_loaded (data);
}

/* A workspace over a library of its own, listed. */
static CongkakWorkspace *
workspace_new (char **directory)
{
  g_autoptr (GFile) folder = NULL;
  CongkakWorkspace *workspace;

  *directory = test_make_temp_dir ();
  folder = g_file_new_for_path (*directory);
  workspace = congkak_workspace_new (folder);
  g_assert_true (test_wait_until (library_loaded, congkak_workspace_get_library (workspace), 1000));
  return workspace;
}

/* One library, in the folder it was given, made when first asked for. */
static void
test_workspace_library (void)
{
  g_autofree char *directory = NULL;
  g_autoptr (CongkakWorkspace) workspace = workspace_new (&directory);
  CongkakLibrary *library = congkak_workspace_get_library (workspace);

  g_assert_true (congkak_workspace_get_library (workspace) == library);
  g_assert_cmpstr (g_file_peek_path (congkak_library_get_directory (library)), ==, directory);
  test_remove_tree (directory);
}

/* A file is open while a window has its document: found by its file,
 * not after it was let go; a document without a file is never found. */
static void
test_workspace_open_documents (void)
{
  g_autofree char *directory = NULL;
  g_autoptr (CongkakWorkspace) workspace = workspace_new (&directory);
  g_autofree char *path = g_build_filename (directory, "once.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) same = g_file_new_for_path (path);
  g_autoptr (GFile) other = g_file_new_for_path ("/nonexistent/other.congkak");
  g_autoptr (CongkakMatch) match = kalah_match ("Ani");
  g_autoptr (CongkakMatch) unsaved_match = kalah_match ("Budi");
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (CongkakDocument) unsaved = congkak_document_new (unsaved_match, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (congkak_match_save_to_file (match, file, NULL, &error));
  g_assert_no_error (error);
  document = congkak_document_new (match, file);

  g_assert_null (congkak_workspace_find_document (workspace, same));
  congkak_workspace_add_document (workspace, document);
  congkak_workspace_add_document (workspace, document);
  congkak_workspace_add_document (workspace, unsaved);
  g_assert_true (congkak_workspace_find_document (workspace, same) == document);
  g_assert_null (congkak_workspace_find_document (workspace, other));

  /* Added twice, let go once: gone. */
  g_assert_true (congkak_workspace_remove_document (workspace, document, &error));
  g_assert_no_error (error);
  g_assert_null (congkak_workspace_find_document (workspace, same));
  g_assert_true (congkak_workspace_remove_document (workspace, unsaved, &error));
  test_remove_tree (directory);
}

/* A match played in an open document goes into the library when it is
 * let go, as it stands; one only looked at does not. */
static void
test_workspace_records_played (void)
{
  g_autofree char *directory = NULL;
  g_autoptr (CongkakWorkspace) workspace = workspace_new (&directory);
  CongkakLibrary *library = congkak_workspace_get_library (workspace);
  g_autoptr (CongkakMatch) played_match = kalah_match ("Ani");
  g_autoptr (CongkakMatch) looked_match = kalah_match ("Budi");
  g_autoptr (CongkakDocument) played = congkak_document_new (played_match, NULL);
  g_autoptr (CongkakDocument) looked = congkak_document_new (looked_match, NULL);
  g_autoptr (GError) error = NULL;

  congkak_workspace_add_document (workspace, played);
  congkak_workspace_add_document (workspace, looked);
  play (played_match, "A");
  congkak_document_note_played (played);
  play (looked_match, "B");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 0);

  g_assert_true (congkak_workspace_remove_document (workspace, looked, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 0);
  g_assert_true (congkak_workspace_remove_document (workspace, played, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 1);
  g_assert_nonnull (congkak_library_find_by_id (library, congkak_match_get_metadata (played_match,
                                                                                     CONGKAK_METADATA_ID)));
  congkak_document_discard_changes (played);
  congkak_document_discard_changes (looked);
  test_remove_tree (directory);
}

static gboolean
lists_autosave (GPtrArray *autosaves,
                GFile     *file)
{
  for (guint i = 0; i < autosaves->len; i++)
    if (g_file_equal (((CongkakAutosave *) g_ptr_array_index (autosaves, i))->file, file))
      return TRUE;
  return FALSE;
}

/* The autosave of an open document is its own, not one a crash left:
 * neither listed nor discarded with those; once let go, it is. */
static void
test_workspace_autosaves (void)
{
  g_autofree char *directory = NULL;
  g_autoptr (CongkakWorkspace) workspace = workspace_new (&directory);
  g_autoptr (CongkakMatch) open_match = kalah_match ("Ani");
  g_autoptr (CongkakMatch) left_match = kalah_match ("Budi");
  g_autoptr (CongkakDocument) open = congkak_document_new (open_match, NULL);
  g_autoptr (CongkakDocument) left = congkak_document_new (left_match, NULL);
  g_autoptr (GPtrArray) autosaves = NULL;
  g_autoptr (GFile) open_file = NULL;
  g_autoptr (GFile) left_file = NULL;
  g_autoptr (GError) error = NULL;

  clear_autosaves ();
  congkak_workspace_add_document (workspace, open);
  play (open_match, "A");
  play (left_match, "B");
  g_assert_true (congkak_document_autosave_now (open, &error));
  g_assert_true (congkak_document_autosave_now (left, &error));
  g_assert_no_error (error);
  open_file = g_object_ref (congkak_document_get_autosave_file (open));
  left_file = g_object_ref (congkak_document_get_autosave_file (left));

  g_assert_true (congkak_workspace_owns_autosave (workspace, open_file));
  g_assert_false (congkak_workspace_owns_autosave (workspace, left_file));
  autosaves = congkak_workspace_list_left_autosaves (workspace);
  g_assert_cmpuint (autosaves->len, ==, 1);
  g_assert_true (lists_autosave (autosaves, left_file));

  congkak_workspace_discard_left_autosaves (workspace);
  g_assert_false (g_file_query_exists (left_file, NULL));
  g_assert_true (g_file_query_exists (open_file, NULL));

  /* Let go without closing, as in a crash: now it is one left behind. */
  g_assert_true (congkak_workspace_remove_document (workspace, open, &error));
  g_assert_false (congkak_workspace_owns_autosave (workspace, open_file));
  g_clear_pointer (&autosaves, g_ptr_array_unref);
  autosaves = congkak_workspace_list_left_autosaves (workspace);
  g_assert_cmpuint (autosaves->len, ==, 1);
  g_assert_true (lists_autosave (autosaves, open_file));
  congkak_workspace_discard_left_autosaves (workspace);
  g_assert_false (g_file_query_exists (open_file, NULL));
  congkak_document_discard_changes (open);
  congkak_document_discard_changes (left);
  test_remove_tree (directory);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  int status;

  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);

  /* Before GLib reads them: every folder of ours is a temporary one. */
  home = test_make_temp_dir ();
  {
    g_autofree char *state_home = g_build_filename (home, "state", NULL);
    g_autofree char *data_home = g_build_filename (home, "data", NULL);

    g_setenv ("XDG_STATE_HOME", state_home, TRUE);
    g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  }
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/workspace/library", test_workspace_library);
  g_test_add_func ("/model/workspace/open-documents", test_workspace_open_documents);
  g_test_add_func ("/model/workspace/records-played", test_workspace_records_played);
  g_test_add_func ("/model/workspace/autosaves", test_workspace_autosaves);

  status = g_test_run ();
  test_remove_tree (home);
  return status;
}
