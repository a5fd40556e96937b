/* test-window.c — the main window as people use it, under a virtual display
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game's flow itself is tested without a display (test-session,
 * test-document); these tests drive the window's widgets: clicks, keys,
 * dialogs, and what the board and the status line show and when.
 * Screenshots go to tests/screenshots/ in the build folder.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <utime.h>

#include "congkak-annotation-view.h"
#include "congkak-history-view.h"
#include "congkak-replay-bar.h"
#include "congkak-match-file.h"
#include "congkak-test-util.h"
#include "congkak-window-test-util.h"

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  return test_find_widget (widget, type, NULL);
}

static GtkWidget *
find_with_class (GtkWidget  *widget,
                 const char *css_class)
{
  return test_find_widget (widget, GTK_TYPE_WIDGET, css_class);
}

/* The window: moves by clicking, undo and redo. */
/* Whether a heading under @root reads @text. */
static gboolean
has_heading (GtkWidget  *root,
             const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_has_css_class (root, "heading")
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    if (has_heading (child, text))
      return TRUE;
  return FALSE;
}

static void
test_window_play_and_undo (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;

  window = test_window_playing ("kalah", &match);
  board = congkak_window_get_board (window);

  /* C lands in the store: South again, then A. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2));
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);
  g_assert_cmpint (congkak_game_get_state (congkak_match_get_cursor_game (match))->position.to_move, ==,
                   CONGKAK_NORTH);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);
  g_assert_cmpint (congkak_game_get_state (congkak_match_get_cursor_game (match))->position.to_move, ==,
                   CONGKAK_SOUTH);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);

  /* Playing on at the last move, the replay bar keeps out of the way;
   * stepping back brings it, and its ▶ turns into ⏸ while it plays. */
  {
    GtkWidget *bar = find_descendant (GTK_WIDGET (window), CONGKAK_TYPE_REPLAY_BAR);
    GtkWidget *play = find_descendant (bar, GTK_TYPE_TOGGLE_BUTTON);

    g_assert_false (gtk_widget_get_visible (bar));
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
    g_assert_true (gtk_widget_get_visible (bar));
    g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (play)), ==, "media-playback-start-symbolic");
    gtk_widget_activate_action (GTK_WIDGET (window), "win.autoplay", NULL);
    g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (play)), ==, "media-playback-pause-symbolic");
    gtk_widget_activate_action (GTK_WIDGET (window), "win.autoplay", NULL);
    congkak_match_go_to_end (match);
  }

  test_wait_for_drawing (GTK_WIDGET (board));
  test_save_screenshot (GTK_WIDGET (window), "window-kalah.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Seed 002's keys: Left/Right along the row, Enter sows, U undoes. */
static void
test_window_keyboard (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autofree char *move = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  GtkWidget *focus;

  window = test_window_playing ("kalah", &match);
  board = congkak_window_get_board (window);

  /* Counter-clockwise: South's A is at the left, so Left from C is B
   * (the keys in use: the ring shows, so the first arrow moves it). */
  congkak_board_view_set_keyboard_mode (board, TRUE);
  gtk_widget_grab_focus (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Left));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Right));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Right));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 3));

  /* Enter (the button's activation) sows D. */
  gtk_widget_activate (focus);
  for (guint i = 0; i < 100 && congkak_match_get_n_nodes (match) == 0; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);
  move = congkak_node_dup_move_text (congkak_match_get_cursor (match));
  g_assert_cmpstr (move, ==, "D");

  /* U takes it back. */
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_u));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The simultaneous opening: South, hand over, North, then more choices. */
static void
test_window_opening (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autofree char *first = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;

  window = test_window_playing ("congkak", &match);
  board = congkak_window_get_board (window);
  test_save_screenshot (GTK_WIDGET (window), "window-opening-south.png");

  /* North's holes are not South's to choose. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 0));
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  test_wait_for_drawing (GTK_WIDGET (board));
  test_save_screenshot (GTK_WIDGET (window), "window-opening-handover.png");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);  /* refused mid-opening */

  /* The hand-over screen's button. */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

    g_assert_true (GTK_IS_BUTTON (focus));
    test_click (focus);
  }
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 0));
  /* Both seeds fell into the stores at tick 7: South chooses B, North b. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 1));

  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);
  first = congkak_node_dup_move_text (congkak_match_get_cursor (match));
  g_assert_cmpstr (first, ==, "opening:A,B/a,b");
  test_wait_for_drawing (GTK_WIDGET (board));
  test_save_screenshot (GTK_WIDGET (window), "window-after-opening.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The board in the window at the sizes people use, light and dark: at
 * 360 px wide (a phone) the holes, and so what a finger presses, are
 * 44 px or more. */
static void
test_window_board_sizes (void)
{
  static const struct
  {
    int width, height;
    gboolean dark;
  } sizes[] = {
    { 360, 640, FALSE }, { 360, 640, TRUE }, { 960, 640, FALSE }, { 1280, 720, FALSE },
    { 1280, 720, TRUE }, { 1920, 1080, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr (CongkakMatch) match = NULL;
      g_autofree char *name = g_strdup_printf ("window-board-%dx%d-%s.png", sizes[i].width, sizes[i].height,
                                               sizes[i].dark ? "dark" : "light");
      CongkakWindow *window;
      CongkakBoardView *board;
      CongkakRules rules;

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          sizes[i].dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      window = congkak_application_new_window (test_app ());
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i].width, sizes[i].height);
      gtk_window_present (GTK_WINDOW (window));
      test_rules (&rules, "congkak-single", NULL);
      match = congkak_match_new (&rules);
      congkak_window_start_match (window, match);
      board = congkak_window_get_board (window);
      congkak_board_view_set_speed (board, 0);
      test_wait_for_drawing (GTK_WIDGET (board));
      g_test_message ("%d × %d: the board %d × %d, holes %.0f px%s", sizes[i].width, sizes[i].height,
                      gtk_widget_get_width (GTK_WIDGET (board)), gtk_widget_get_height (GTK_WIDGET (board)),
                      test_board_hole_size (board), test_board_is_portrait (board) ? ", upright" : "");
      test_save_screenshot (GTK_WIDGET (window), name);
      if (sizes[i].width <= 360)
        g_assert_cmpfloat (test_board_hole_size (board), >=, 44);
      /* The sidebar (moves, notes) keeps to its share: at 960 px the board
       * has more than two thirds of the width. */
      if (sizes[i].width == 960)
        g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (board)), >, sizes[i].width * 2 / 3);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* The whole window, narrow and dark, as on a phone-sized screen. */
static void
test_window_narrow_dark (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakRules rules;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  window = congkak_application_new_window (test_app ());
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_window_present (GTK_WINDOW (window));
  test_rules (&rules, "congkak-single", NULL);
  match = congkak_match_new (&rules);
  congkak_window_start_match (window, match);
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  test_wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  test_save_screenshot (GTK_WIDGET (window), "window-360px-dark.png");

  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 900);
  test_wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  test_save_screenshot (GTK_WIDGET (window), "window-1600px-dark.png");
  gtk_window_destroy (GTK_WINDOW (window));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

static gboolean
not_modified (gpointer data)
{
  return !test_is_modified (data);
}

/* Open a file, change it, see the marker, save, and the file holds it. */
static void
test_window_open_and_save (void)
{
  g_autoptr (CongkakMatch) original = NULL;
  g_autoptr (CongkakMatch) saved = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  CongkakWindow *window;
  CongkakMatch *match;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  original = congkak_match_new (&rules);
  congkak_match_play_text (original, "C", NULL, &error);
  congkak_match_play_text (original, "A", NULL, &error);
  g_assert_no_error (error);
  path = test_write_match (original, "two-moves.congkak");
  file = g_file_new_for_path (path);

  window = congkak_application_new_window (test_app ());
  gtk_window_present (GTK_WINDOW (window));
  congkak_window_open_file (window, file);
  test_wait_for_nodes (window, 2);
  match = congkak_window_get_match (window);
  g_assert_false (test_is_modified (window));
  /* Opened at the start, ready to replay. */
  g_assert_true (congkak_match_get_cursor (match) == congkak_match_get_root (match));

  /* The board follows the cursor. */
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  congkak_match_go_to_end (match);
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_NORTH, 2));
  g_assert_true (test_is_modified (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_true (test_wait_until (not_modified, window, 1000));
  saved = congkak_match_load_from_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_match_get_n_nodes (saved), ==, 3);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An Aualé file stays one: a comment is saved in its notation; a
 * variation, which it cannot hold, is not written, and the window offers
 * a Congkak match file instead. */
static void
test_window_save_keeps_format (void)
{
  g_autofree char *directory = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (directory, "auale.ogn", NULL);
  g_autofree char *original = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *after = NULL;
  g_autoptr (GFile) file = NULL;
  CongkakWindow *window;
  CongkakMatch *match;
  AdwDialog *dialog;

  g_assert_true (g_file_get_contents (g_test_get_filename (G_TEST_DIST, "data", "other-programs", "auale-abapa.ogn",
                                                           NULL), &original, NULL, NULL));
  g_assert_true (g_file_set_contents (path, original, -1, NULL));
  file = g_file_new_for_path (path);
  window = test_window_new ();
  congkak_window_open_file (window, file);
  test_wait_for_nodes (window, 12);
  match = congkak_window_get_match (window);

  congkak_match_set_comment (match, congkak_node_get_main_child (congkak_match_get_root (match)), "Added here.");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_true (test_wait_until (not_modified, window, 1000));
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_true (g_str_has_prefix (saved, "[Variant \"Oware Abapa\"]"));
  g_assert_nonnull (strstr (saved, "{ Added here. }"));

  congkak_match_set_cursor (match, congkak_match_get_root (match));
  g_assert_nonnull (congkak_match_play_text (match, "E", NULL, NULL));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  dialog = test_wait_for_dialog (window);
  g_assert_cmpstr (adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (dialog)), ==, "Save as a Congkak Match?");
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (ADW_ALERT_DIALOG (dialog)), "variations"));
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (ADW_ALERT_DIALOG (dialog)), "“auale.ogn” is as it was"));
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "window-save-as-congkak.png");
  test_answer_dialog (window, "cancel");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, saved);
  g_assert_true (test_is_modified (window));

  gtk_window_close (GTK_WINDOW (window));
  test_answer_dialog (window, "discard");
  test_remove_tree (directory);
}

/* The start page lists recent matches; a row opens its file. */
static void
test_window_recent (void)
{
  CongkakWindow *window;
  GtkWidget *start_page, *list;
  GtkListBoxRow *row = NULL;

  window = congkak_application_new_window (test_app ());
  gtk_window_present (GTK_WINDOW (window));
  start_page = find_descendant (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE);
  list = test_find_widget (start_page, GTK_TYPE_LIST_BOX, "congkak-recent-list");
  g_assert_nonnull (list);

  /* The match saved by the previous test is in the recent files. */
  for (guint i = 0; i < 500 && row == NULL; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
      row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
    }
  g_assert_nonnull (row);
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "window-start-page.png");
  g_signal_emit_by_name (list, "row-activated", row);
  test_wait_for_nodes (window, 3);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Dropping a match file on the window opens it. */
static void
test_window_drop (void)
{
  g_autoptr (CongkakMatch) original = NULL;
  g_autoptr (GListModel) controllers = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  GValue value = G_VALUE_INIT;
  CongkakWindow *window;
  CongkakRules rules;
  gboolean dropped = FALSE;

  test_rules (&rules, "congkak-single", NULL);
  original = congkak_match_new (&rules);
  g_assert_nonnull (congkak_match_play_text (original, "A", NULL, NULL));
  path = test_write_match (original, "dropped.congkak");
  file = g_file_new_for_path (path);

  window = congkak_application_new_window (test_app ());
  gtk_window_present (GTK_WINDOW (window));
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_array (&file, 1));

  /* What GTK does when files are dropped: the drop target's signal. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        g_signal_emit_by_name (controller, "drop", &value, 10.0, 10.0, &dropped);
    }
  g_value_unset (&value);
  g_assert_true (dropped);
  test_wait_for_nodes (window, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A broken file gets a dialog with the loader's message, and no window. */
static void
test_window_load_error (void)
{
  g_autoptr (GFile) file = NULL;
  g_autofree char *directory = g_dir_make_tmp ("congkak-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (directory, "broken.congkak", NULL);
  CongkakWindow *window;
  AdwDialog *dialog = NULL;

  g_assert_true (g_file_set_contents (path, "{\"format\": \"congkak-match\", \"version\": \"9.0\"}", -1, NULL));
  file = g_file_new_for_path (path);
  window = congkak_application_new_window (test_app ());
  gtk_window_present (GTK_WINDOW (window));
  test_wait_for_drawing (GTK_WIDGET (window));
  congkak_window_open_file (window, file);
  for (guint i = 0; i < 500 && dialog == NULL; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
      dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
    }
  g_assert_true (ADW_IS_ALERT_DIALOG (dialog));
  /* Plain words first, the loader's detail second. */
  g_assert_cmpstr (adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (dialog)), ==, "Made by a Newer Congkak");
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (ADW_ALERT_DIALOG (dialog)), "version"));
  g_assert_null (congkak_window_get_match (window));
  adw_dialog_force_close (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
clear_autosaves (void)
{
  g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();

  for (guint i = 0; i < autosaves->len; i++)
    congkak_document_delete_autosave (g_ptr_array_index (autosaves, i));
}

static guint
count_autosaves (void)
{
  g_autoptr (GPtrArray) autosaves = congkak_document_list_autosaves ();

  return autosaves->len;
}

/* Unsaved changes are autosaved, survive the window, and come back
 * through the restore dialog, which names them. */
static void
test_window_autosave_restore (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;
  CongkakWindow *window;
  CongkakRules rules;
  AdwDialog *dialog;

  /* Earlier tests' windows closed with changes and left autosaves, as
   * they should; start from none. */
  g_assert_cmpuint (count_autosaves (), >, 0);
  clear_autosaves ();

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  congkak_match_set_player (match, CONGKAK_SOUTH, "Ani", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
  congkak_match_forget_history (match);
  window = test_window_with_match (match);
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 2));
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 0));
  congkak_match_set_comment (match, congkak_match_get_cursor (match), "Keep this thought.");
  g_assert_true (test_is_modified (window));
  g_assert_true (congkak_document_autosave_now (congkak_window_get_document (window), &error));
  g_assert_no_error (error);

  /* The window goes away without asking, as in a crash.  The match as it
   * left it: recording it in the library gave it an id. */
  gtk_window_destroy (GTK_WINDOW (window));
  before = congkak_match_save_to_data (match, NULL);
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_ID), !=, "");
  g_assert_cmpuint (count_autosaves (), ==, 1);

  window = test_window_new ();
  congkak_window_offer_restore (window);
  dialog = test_wait_for_dialog (window);
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (ADW_ALERT_DIALOG (dialog)), "Ani (South) vs North · Kalah"));
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "window-restore.png");
  test_answer_dialog (window, "restore");
  test_wait_for_nodes (window, 2);
  g_assert_true (test_is_modified (window));
  after = congkak_match_save_to_data (congkak_window_get_match (window), NULL);
  g_assert_cmpstr (after, ==, before);

  /* Closing it and discarding leaves nothing to restore. */
  gtk_window_close (GTK_WINDOW (window));
  test_answer_dialog (window, "discard");
  g_assert_cmpuint (count_autosaves (), ==, 0);
}

/* A damaged autosave is named, and goes only on request; the good one
 * beside it comes back. */
static void
test_window_damaged_autosave (void)
{
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  g_autofree char *damaged = g_build_filename (g_file_peek_path (directory), "1-damaged.congkak", NULL);
  g_autofree char *info = g_strconcat (damaged, ".info", NULL);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  CongkakWindow *window;
  AdwDialog *dialog;

  clear_autosaves ();
  window = test_window_playing ("kalah", &match);
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 0));
  g_assert_true (congkak_document_autosave_now (congkak_window_get_document (window), &error));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (g_file_set_contents (damaged, "{\"format\": \"congk", -1, NULL));
  g_assert_true (g_file_set_contents (info, "[Autosave]\nTitle=Budi (South) vs Sari (North) · Oware\n", -1, NULL));
  g_assert_cmpuint (count_autosaves (), ==, 2);

  window = test_window_new ();
  congkak_window_offer_restore (window);
  test_answer_dialog (window, "restore");
  dialog = test_wait_for_dialog (window);
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (ADW_ALERT_DIALOG (dialog)), "Budi (South) vs Sari (North) · Oware"));
  test_answer_dialog (window, "keep");
  g_assert_cmpuint (count_autosaves (), ==, 2);
  test_wait_for_nodes (window, 1);

  /* Again: only the damaged one is offered now, and it goes on request. */
  congkak_window_offer_restore (window);
  test_answer_dialog (window, "restore");
  test_answer_dialog (window, "discard");
  g_assert_false (g_file_test (damaged, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_autosaves (), ==, 1);
  gtk_window_close (GTK_WINDOW (window));
  test_answer_dialog (window, "discard");
  g_assert_cmpuint (count_autosaves (), ==, 0);
}

/* A real kill: the app is gone without any clean-up, and the autosave
 * written a few seconds after the last change brings the match back. */
static void
test_window_killed_restore (void)
{
  g_autoptr (GPtrArray) autosaves = NULL;
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (GError) error = NULL;
  CongkakMatch *restored;
  g_autofree char *text = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr (CongkakMatch) match = NULL;
      CongkakWindow *window;
      gint64 until;

      window = test_window_playing ("kalah", &match);
      test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 2));
      test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 0));
      congkak_match_set_comment (match, congkak_match_get_cursor (match), "Written just before the crash.");

      /* Use it a while, long enough for the autosave, then die hard. */
      until = g_get_monotonic_time () + 4500 * G_TIME_SPAN_MILLISECOND;
      while (g_get_monotonic_time () < until)
        {
          g_main_context_iteration (NULL, FALSE);
          g_usleep (10000);
        }
      raise (SIGKILL);
    }

  clear_autosaves ();
  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();

  autosaves = congkak_document_list_autosaves ();
  g_assert_cmpuint (autosaves->len, ==, 1);
  document = congkak_document_restore (g_ptr_array_index (autosaves, 0), &error);
  g_assert_no_error (error);
  restored = congkak_document_get_match (document);
  g_assert_cmpuint (congkak_match_get_n_nodes (restored), ==, 2);
  text = congkak_match_save_to_data (restored, NULL);
  g_assert_nonnull (strstr (text, "Written just before the crash."));
  g_assert_true (congkak_document_get_modified (document));
  congkak_document_discard_changes (document);
}

/* Whether the application no longer lists the window @data (compared,
 * never touched: it may be finalized). */
static gboolean
window_gone (gpointer data)
{
  return g_list_find (gtk_application_get_windows (GTK_APPLICATION (test_app ())), data) == NULL;
}

/* A window that opened a Kalah match of one move from @name, a new file. */
static CongkakWindow *
window_opening_kalah_file (const char    *name,
                           CongkakMatch **original,
                           GFile        **file)
{
  g_autofree char *path = NULL;
  CongkakWindow *window;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  *original = congkak_match_new (&rules);
  g_assert_nonnull (congkak_match_play_text (*original, "A", NULL, NULL));
  path = test_write_match (*original, name);
  *file = g_file_new_for_path (path);
  window = test_window_new ();
  congkak_window_open_file (window, *file);
  test_wait_for_nodes (window, 1);
  return window;
}

/* One window per file: opening it again shows its window; New Match and
 * closing ask about unsaved changes, and Cancel keeps everything. */
static void
test_window_one_per_file (void)
{
  g_autoptr (CongkakMatch) original = NULL;
  g_autoptr (GFile) file = NULL;
  CongkakWindow *window, *other;
  AdwDialog *dialog;
  guint windows;

  window = window_opening_kalah_file ("once.congkak", &original, &file);
  windows = g_list_length (gtk_application_get_windows (GTK_APPLICATION (test_app ())));
  other = test_window_new ();
  congkak_window_open_file (other, file);
  test_iterate (20);
  g_assert_null (congkak_window_get_match (other));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (test_app ()))), ==, windows + 1);
  gtk_window_destroy (GTK_WINDOW (other));

  /* A change, then New Match: asked, and Cancel keeps the match. */
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  congkak_match_go_to_end (congkak_window_get_match (window));
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_NORTH, 0));
  g_assert_true (test_is_modified (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-match", NULL);
  dialog = test_wait_for_dialog (window);
  g_assert_cmpstr (adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (dialog)), ==, "Save Changes?");
  /* Played here: the library keeps it whatever happens to the file. */
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (ADW_ALERT_DIALOG (dialog)), "match library"));
  test_answer_dialog (window, "cancel");
  g_assert_cmpuint (congkak_match_get_n_nodes (congkak_window_get_match (window)), ==, 2);

  /* Quitting asks the same, and Cancel keeps the window. */
  g_action_group_activate_action (G_ACTION_GROUP (test_app ()), "quit", NULL);
  test_answer_dialog (window, "cancel");
  g_assert_nonnull (g_list_find (gtk_application_get_windows (GTK_APPLICATION (test_app ())), window));

  /* Discard: the new match replaces it, and the file is as it was. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-match", NULL);
  test_answer_dialog (window, "discard");
  test_wait_for_nodes (window, 0);
  g_assert_false (test_is_modified (window));
  {
    g_autoptr (CongkakMatch) on_disk = congkak_match_load_from_file (file, NULL, NULL, NULL);

    g_assert_true (congkak_match_equal (on_disk, original));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  /* This window, not any other that an earlier test left closing. */
  g_assert_true (test_wait_until (window_gone, window, 100));
}

static gboolean
banner_revealed (gpointer data)
{
  GtkWidget *banner = test_find_widget (data, ADW_TYPE_BANNER, NULL);

  return banner && adw_banner_get_revealed (ADW_BANNER (banner));
}

typedef struct
{
  CongkakWindow   *window;
  CongkakDocument *document;
} Shown;

static gboolean
document_replaced (gpointer data)
{
  Shown *shown = data;

  return congkak_window_get_document (shown->window) != shown->document;
}

/* Another program writes the file: a banner says so, Save asks before
 * overwriting, and Reload shows what the other program wrote. */
static void
test_window_changed_on_disk (void)
{
  g_autoptr (CongkakMatch) original = NULL;
  g_autoptr (CongkakMatch) other = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  Shown shown;
  CongkakWindow *window;
  AdwDialog *dialog;
  CongkakRules rules;
  gsize length;

  window = window_opening_kalah_file ("shared.congkak", &original, &file);
  path = g_file_get_path (file);
  test_rules (&rules, "kalah", NULL);
  g_assert_false (banner_revealed (window));

  other = congkak_match_new (&rules);
  g_assert_nonnull (congkak_match_play_text (other, "B", NULL, NULL));
  g_assert_nonnull (congkak_match_play_text (other, "a", NULL, NULL));
  data = congkak_match_save_to_data (other, &length);
  g_usleep (20000);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
  {
    struct utimbuf times = { .actime = 1000000000, .modtime = 1000000000 };

    g_assert_cmpint (g_utime (path, &times), ==, 0);
  }
  g_assert_true (test_wait_until (banner_revealed, window, 500));
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "window-changed-on-disk.png");

  /* Save asks first; Cancel leaves the other program's file. */
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  congkak_match_go_to_end (congkak_window_get_match (window));
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_NORTH, 0));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  dialog = test_wait_for_dialog (window);
  g_assert_cmpstr (adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (dialog)), ==, "Overwrite the File?");
  test_answer_dialog (window, "cancel");
  {
    g_autoptr (CongkakMatch) on_disk = congkak_match_load_from_file (file, NULL, NULL, NULL);

    g_assert_true (congkak_match_equal (on_disk, other));
  }

  /* Reload: the window shows what is on disk. */
  shown.window = window;
  shown.document = congkak_window_get_document (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  g_assert_true (test_wait_until (document_replaced, &shown, 500));
  g_assert_true (congkak_match_equal (congkak_window_get_match (window), other));
  g_assert_false (test_is_modified (window));
  g_assert_false (banner_revealed (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
autosave_banner (CongkakWindow *window)
{
  return find_with_class (GTK_WIDGET (window), "autosave-banner");
}

static gboolean
autosave_banner_shown (gpointer data)
{
  return adw_banner_get_revealed (ADW_BANNER (autosave_banner (data)));
}

static gboolean
autosave_banner_hidden (gpointer data)
{
  return !autosave_banner_shown (data);
}

/* Autosaving fails (its folder full, then read-only): a banner says so
 * and what to do, stays until a write works again, and its button saves
 * the match, after which nothing is left to autosave. */
static void
test_window_autosave_banner (void)
{
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  const char *folder = g_file_peek_path (directory);
  g_autofree char *filler = g_build_filename (folder, "filler", NULL);
  g_autoptr (CongkakMatch) original = NULL;
  g_autoptr (GFile) file = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  GtkWidget *banner;

  if (!test_can_mount ())
    return;
  clear_autosaves ();
  window = window_opening_kalah_file ("autosave-fails.congkak", &original, &file);
  board = congkak_window_get_board (window);
  congkak_board_view_set_speed (board, 0);
  congkak_document_set_autosave_delay (congkak_window_get_document (window), 20);
  congkak_match_go_to_end (congkak_window_get_match (window));
  banner = autosave_banner (window);
  g_assert_nonnull (banner);
  g_assert_false (adw_banner_get_revealed (ADW_BANNER (banner)));

  /* Full */
  test_mount_small (folder, 16 * 1024);
  test_fill_up (folder, "filler");
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 0));
  g_assert_true (test_wait_until (autosave_banner_shown, window, 500));
  g_assert_nonnull (strstr (adw_banner_get_title (ADW_BANNER (banner)), "the disk is full"));
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "window-autosave-failing.png");

  /* Space again: the banner goes once the next try has worked. */
  g_assert_cmpint (g_unlink (filler), ==, 0);
  g_assert_true (test_wait_until (autosave_banner_hidden, window, 1000));
  g_assert_cmpuint (count_autosaves (), ==, 1);

  /* Read-only: back, with other words; its button saves the match. */
  test_mount_read_only (folder);
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  g_assert_true (test_wait_until (autosave_banner_shown, window, 500));
  g_assert_nonnull (strstr (adw_banner_get_title (ADW_BANNER (banner)), "read-only"));
  gtk_widget_activate (find_descendant (banner, GTK_TYPE_BUTTON));
  g_assert_true (test_wait_until (not_modified, window, 1000));
  g_assert_true (test_wait_until (autosave_banner_hidden, window, 100));
  {
    g_autoptr (CongkakMatch) on_disk = congkak_match_load_from_file (file, NULL, NULL, NULL);

    g_assert_true (congkak_match_equal (on_disk, congkak_window_get_match (window)));
  }
  test_unmount (folder);
  test_unmount (folder);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Killed with changes; another program then wrote the file: the restored
 * match says its file changed, and Save asks before overwriting it. */
static void
test_window_restored_changed_on_disk (void)
{
  g_autoptr (CongkakMatch) original = NULL;
  g_autoptr (CongkakMatch) other = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  CongkakWindow *window;
  AdwDialog *dialog;
  CongkakRules rules;
  gsize length;

  clear_autosaves ();
  window = window_opening_kalah_file ("restored.congkak", &original, &file);
  path = g_file_get_path (file);
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  congkak_match_go_to_end (congkak_window_get_match (window));
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_NORTH, 0));
  g_assert_true (congkak_document_autosave_now (congkak_window_get_document (window), &error));
  g_assert_no_error (error);
  /* Gone without asking, as in a crash. */
  gtk_window_destroy (GTK_WINDOW (window));

  test_rules (&rules, "kalah", NULL);
  other = congkak_match_new (&rules);
  g_assert_nonnull (congkak_match_play_text (other, "B", NULL, NULL));
  data = congkak_match_save_to_data (other, &length);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
  {
    struct utimbuf times = { .actime = 1000000000, .modtime = 1000000000 };

    g_assert_cmpint (g_utime (path, &times), ==, 0);
  }

  window = test_window_new ();
  congkak_window_offer_restore (window);
  test_answer_dialog (window, "restore");
  test_wait_for_nodes (window, 2);
  g_assert_true (test_wait_until (banner_revealed, window, 100));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  dialog = test_wait_for_dialog (window);
  g_assert_cmpstr (adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (dialog)), ==, "Overwrite the File?");
  test_answer_dialog (window, "cancel");
  {
    g_autoptr (CongkakMatch) on_disk = congkak_match_load_from_file (file, NULL, NULL, NULL);

    g_assert_true (congkak_match_equal (on_disk, other));
  }
  gtk_window_close (GTK_WINDOW (window));
  test_answer_dialog (window, "discard");
  g_assert_cmpuint (count_autosaves (), ==, 0);
}

static gboolean
library_loaded (gpointer data)
{
  return congkak_library_is_loaded (data);
}

/* The button of @widget's tree that reads @label. */
static GtkWidget *
find_button_with_label (GtkWidget  *widget,
                        const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_with_label (child, label);

      if (found)
        return found;
    }
  return NULL;
}

/* Clicks @response's button in the alert @window shows with the pointer,
 * through the X server, as a person does: the dialog closes, then
 * answers (test_answer_dialog() answers first). */
static void
click_response (CongkakWindow *window,
                const char    *response)
{
  AdwDialog *dialog = test_wait_for_dialog (window);
  const char *label = adw_alert_dialog_get_response_label (ADW_ALERT_DIALOG (dialog), response);
  GtkWidget *button = find_button_with_label (GTK_WIDGET (dialog), label);

  g_assert_nonnull (button);
  test_wait_for_drawing (button);
  test_pointer_click (button, GDK_BUTTON_PRIMARY, FALSE);
}

static gboolean
library_banner_shown (gpointer data)
{
  return adw_banner_get_revealed (ADW_BANNER (find_with_class (data, "library-banner")));
}

typedef enum
{
  LIBRARY_READ_ONLY,
  LIBRARY_FULL,
  NOTHING_WRITABLE,   /* the library and the autosave folder read-only */
  LIBRARY_WORKING,
  N_LIBRARY_CASES
} LibraryCase;

/* Close › Discard, clicked, with a match played here.  The library cannot
 * be written (a read-only bind mount, a full 16 KiB tmpfs): the window says
 * so in a banner, and closing offers no Discard but Keep for Later, which
 * keeps the autosave, the match's only copy, for the next start.  With the
 * autosave folder read-only too, Discard is offered as losing the match,
 * and does: gone, and not recorded once the library works again.  With
 * the library working, the question says the match stays there, and it
 * does. */
static void
test_window_leave_without_library (void)
{
  CongkakLibrary *library = congkak_application_get_library (test_app ());
  CongkakWorkspace *workspace = congkak_application_get_workspace (test_app ());
  const char *folder = g_file_peek_path (congkak_library_get_directory (library));
  g_autoptr (GFile) autosaves = congkak_document_get_autosave_directory ();
  const char *autosave_folder = g_file_peek_path (autosaves);

  if (!test_can_mount ())
    return;
  if (!test_can_use_pointer ())
    {
      g_test_skip ("needs an X server with XTest");
      return;
    }
  /* Listed, and its index written, before it cannot be written. */
  g_assert_true (test_wait_until (library_loaded, library, 1000));
  for (LibraryCase library_case = 0; library_case < N_LIBRARY_CASES; library_case++)
    {
      g_autoptr (CongkakMatch) match = NULL;
      g_autoptr (GPtrArray) left = NULL;
      g_autofree char *id = NULL;
      CongkakWindow *window;
      CongkakDocument *document;
      AdwDialog *dialog;
      const char *body;

      clear_autosaves ();
      if (library_case == LIBRARY_FULL)
        {
          test_mount_small (folder, 16 * 1024);
          test_fill_up (folder, "filler");
        }
      else if (library_case != LIBRARY_WORKING)
        test_mount_read_only (folder);
      if (library_case == NOTHING_WRITABLE)
        test_mount_read_only (autosave_folder);

      window = test_window_playing ("kalah", &match);
      document = congkak_window_get_document (window);
      congkak_document_set_autosave_delay (document, 20);
      test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 2));
      test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 0));
      g_assert_cmpint (congkak_document_autosave_now (document, NULL), ==, library_case != NOTHING_WRITABLE);
      g_assert_false (library_banner_shown (window));

      gtk_window_close (GTK_WINDOW (window));
      dialog = test_wait_for_dialog (window);
      body = adw_alert_dialog_get_body (ADW_ALERT_DIALOG (dialog));
      g_test_message ("%s", body);
      id = g_strdup (congkak_match_get_metadata (match, CONGKAK_METADATA_ID));
      switch (library_case)
        {
        case LIBRARY_READ_ONLY:
        case LIBRARY_FULL:
          g_assert_nonnull (strstr (body, "the match library cannot keep it now"));
          g_assert_nonnull (strstr (body, library_case == LIBRARY_FULL ? "the disk is full" : "read-only"));
          g_assert_false (adw_alert_dialog_has_response (ADW_ALERT_DIALOG (dialog), "discard"));
          g_assert_true (adw_alert_dialog_has_response (ADW_ALERT_DIALOG (dialog), "keep"));
          /* The window says so while it is up, and after a Cancel. */
          g_assert_true (library_banner_shown (window));
          test_wait_for_drawing (GTK_WIDGET (window));
          test_save_screenshot (GTK_WIDGET (window), library_case == LIBRARY_FULL ? "window-leave-library-full.png"
                                                                                 : "window-leave-library-read-only.png");
          click_response (window, "keep");
          break;
        case NOTHING_WRITABLE:
          g_assert_nonnull (strstr (body, "neither the match library nor the autosave can keep it"));
          g_assert_nonnull (strstr (body, "If you discard it, it is lost."));
          click_response (window, "discard");
          break;
        case LIBRARY_WORKING:
          g_assert_nonnull (strstr (body, "it stays in the match library"));
          g_assert_null (strstr (body, "lost"));
          click_response (window, "discard");
          break;
        default:
          g_assert_not_reached ();
        }
      g_assert_true (test_wait_until (window_gone, window, 500));

      if (library_case == NOTHING_WRITABLE)
        test_unmount (autosave_folder);
      if (library_case != LIBRARY_WORKING)
        test_unmount (folder);
      /* As the question said. */
      left = congkak_workspace_list_left_autosaves (workspace);
      if (library_case == LIBRARY_READ_ONLY || library_case == LIBRARY_FULL)
        {
          g_autoptr (CongkakDocument) restored = NULL;

          /* Kept for the next start, whole; not in the library. */
          g_assert_cmpuint (left->len, ==, 1);
          restored = congkak_document_restore (g_ptr_array_index (left, 0), NULL);
          g_assert_nonnull (restored);
          g_assert_cmpuint (congkak_match_get_n_nodes (congkak_document_get_match (restored)), ==, 2);
          g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);
          g_assert_null (congkak_library_find_by_id (library, id));
          congkak_document_discard_changes (restored);
        }
      else
        g_assert_cmpuint (left->len, ==, 0);
      g_assert_cmpint (congkak_library_find_by_id (library, id) != NULL, ==, library_case == LIBRARY_WORKING);
    }
}

static gboolean
library_banner_hidden (gpointer data)
{
  return !library_banner_shown (data);
}

/* The library cannot keep the match played (read-only, then full): a
 * banner says so and what to do, and stays until the library works
 * again, found by the document's own tries or by Try Again. */
static void
test_window_library_banner (void)
{
  CongkakLibrary *library = congkak_application_get_library (test_app ());
  const char *folder = g_file_peek_path (congkak_library_get_directory (library));
  g_autofree char *filler = g_build_filename (folder, "filler", NULL);
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakDocument *document;
  GtkWidget *banner;

  if (!test_can_mount ())
    return;
  g_assert_true (test_wait_until (library_loaded, library, 1000));
  window = test_window_playing ("kalah", &match);
  document = congkak_window_get_document (window);
  banner = find_with_class (GTK_WIDGET (window), "library-banner");
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 1));
  g_assert_false (library_banner_shown (window));

  /* Read-only: said; tried again a while later, it goes once it works. */
  congkak_document_set_autosave_delay (document, 20);
  test_mount_read_only (folder);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.add-to-library", NULL);
  g_assert_true (test_wait_until (library_banner_shown, window, 100));
  g_assert_nonnull (strstr (adw_banner_get_title (ADW_BANNER (banner)), "read-only"));
  test_unmount (folder);
  g_assert_true (test_wait_until (library_banner_hidden, window, 500));
  g_assert_nonnull (congkak_library_find_by_id (library, congkak_match_get_metadata (match, CONGKAK_METADATA_ID)));

  /* Full: said, with other words; Try Again, once there is space. */
  congkak_document_set_autosave_delay (document, 60000);
  test_mount_small (folder, 16 * 1024);
  test_fill_up (folder, "filler");
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_NORTH, 1));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.add-to-library", NULL);
  g_assert_true (test_wait_until (library_banner_shown, window, 100));
  g_assert_nonnull (strstr (adw_banner_get_title (ADW_BANNER (banner)), "the disk is full"));
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "window-library-banner.png");
  g_assert_cmpint (g_unlink (filler), ==, 0);
  gtk_widget_activate (find_descendant (banner, GTK_TYPE_BUTTON));
  g_assert_true (test_wait_until (library_banner_hidden, window, 100));
  test_unmount (folder);

  congkak_document_discard_changes (document);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (test_wait_until (window_gone, window, 100));
}

/* Reload after another program wrote the file replaces the match shown:
 * with the library read-only, the move played here is in neither the file
 * nor the library, so its autosave stays, offered at the next start. */
static void
test_window_reload_without_library (void)
{
  CongkakLibrary *library = congkak_application_get_library (test_app ());
  CongkakWorkspace *workspace = congkak_application_get_workspace (test_app ());
  const char *folder = g_file_peek_path (congkak_library_get_directory (library));
  g_autoptr (CongkakMatch) original = NULL;
  g_autoptr (CongkakMatch) other = NULL;
  g_autoptr (CongkakDocument) restored = NULL;
  g_autoptr (GPtrArray) left = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  struct utimbuf times = { .actime = 1000000000, .modtime = 1000000000 };
  CongkakWindow *window;
  CongkakRules rules;
  Shown shown;
  gsize length;

  if (!test_can_mount ())
    return;
  g_assert_true (test_wait_until (library_loaded, library, 1000));
  clear_autosaves ();
  window = window_opening_kalah_file ("reloaded.congkak", &original, &file);
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  congkak_match_go_to_end (congkak_window_get_match (window));
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_NORTH, 0));
  g_assert_true (test_is_modified (window));

  test_rules (&rules, "kalah", NULL);
  other = congkak_match_new (&rules);
  g_assert_nonnull (congkak_match_play_text (other, "B", NULL, NULL));
  data = congkak_match_save_to_data (other, &length);
  path = g_file_get_path (file);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
  g_assert_cmpint (g_utime (path, &times), ==, 0);
  g_assert_true (test_wait_until (banner_revealed, window, 500));

  test_mount_read_only (folder);
  shown.window = window;
  shown.document = congkak_window_get_document (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  g_assert_true (test_wait_until (document_replaced, &shown, 500));
  g_assert_true (congkak_match_equal (congkak_window_get_match (window), other));
  test_unmount (folder);

  left = congkak_workspace_list_left_autosaves (workspace);
  g_assert_cmpuint (left->len, ==, 1);
  restored = congkak_document_restore (g_ptr_array_index (left, 0), NULL);
  g_assert_nonnull (restored);
  g_assert_cmpuint (congkak_match_get_n_nodes (congkak_document_get_match (restored)), ==, 2);
  congkak_document_discard_changes (restored);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (test_wait_until (window_gone, window, 100));
}

/* While the board shows a move, the status says who is sowing; the turn
 * after it shows when the animation has got there, not before; an extra
 * turn is said in words. */
static void
test_window_status_follows_board (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;

  window = test_window_playing ("kalah", &match);
  board = congkak_window_get_board (window);
  congkak_board_view_set_speed (board, 2);
  g_assert_cmpstr (test_status_text (window), ==, "South to move");

  /* A sows B to E: while the seeds go, South is sowing. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  g_assert_true (congkak_board_view_is_animating (board));
  g_assert_cmpstr (test_status_text (window), ==, "South is sowing…");
  congkak_board_view_finish_animation (board);
  g_assert_cmpstr (test_status_text (window), ==, "North to move");

  /* c ends in North's store: North again, in words. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 2));
  g_assert_cmpstr (test_status_text (window), ==, "North is sowing…");
  congkak_board_view_finish_animation (board);
  g_assert_cmpstr (test_status_text (window), ==, "North’s last seed fell into the store: North moves again");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Narration under the board, and presentation mode for a projector. */
static void
test_window_narration_presentation (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  CongkakRules rules;
  GtkWidget *label;

  window = congkak_application_new_window (test_app ());
  gtk_window_present (GTK_WINDOW (window));
  test_rules (&rules, "congkak-single", NULL);
  match = congkak_match_new (&rules);
  congkak_window_start_match (window, match);
  board = congkak_window_get_board (window);
  congkak_board_view_set_speed (board, 0);
  g_object_set (window, "narration", TRUE, NULL);
  test_wait_for_drawing (GTK_WIDGET (board));

  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  label = find_with_class (GTK_WIDGET (window), "congkak-narration");
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_visible (label));
  /* Worked example 2: the move ends with the capture. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Empty hole on South’s side: capture 9 seeds · Rule: Capture");

  g_object_set (window, "presentation", TRUE, NULL);
  test_wait_for_drawing (GTK_WIDGET (board));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  test_save_screenshot (GTK_WIDGET (window), "window-presentation-narration.png");
  g_object_set (window, "presentation", FALSE, NULL);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
cursor_depth (CongkakWindow *window)
{
  return congkak_node_get_depth (congkak_match_get_cursor (congkak_window_get_match (window)));
}

/* A lesson driven by a presentation clicker: real Page Down and Page Up
 * keys step one move each (not a round), the pointer brings down the way
 * out, Escape leaves, and the sidebar comes back as it was. */
static void
test_window_presentation_clicker (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  GtkWidget *bar;
  GtkWidget *split;
  CongkakWindow *window;
  CongkakRules rules;

  if (!test_can_use_pointer ())
    {
      g_test_skip ("Real key presses need XTest on an X11 display.");
      return;
    }
  test_rules (&rules, "congkak", "simultaneous-opening=off", NULL);
  match = congkak_match_new (&rules);
  for (guint i = 0; i < 3; i++)
    {
      const CongkakState *state = congkak_game_get_state (congkak_match_get_cursor_game (match));
      guint8 holes[CONGKAK_MAX_HOLES];
      CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = state->position.to_move };

      g_assert_cmpuint (congkak_state_legal_moves (state, &rules, holes), >, 0);
      move.hole = holes[0];
      g_assert_nonnull (congkak_match_play (match, &move, NULL, NULL));
    }
  congkak_match_go_to_start (match);
  window = test_window_with_match (match);
  split = find_descendant (GTK_WIDGET (window), ADW_TYPE_OVERLAY_SPLIT_VIEW);
  adw_overlay_split_view_set_show_sidebar (ADW_OVERLAY_SPLIT_VIEW (split), TRUE);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  test_wait_for_drawing (GTK_WIDGET (window));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  g_assert_false (adw_overlay_split_view_get_show_sidebar (ADW_OVERLAY_SPLIT_VIEW (split)));
  bar = find_with_class (GTK_WIDGET (window), "congkak-presentation-bar");
  g_assert_nonnull (bar);
  /* The keys are shown on the way in. */
  g_assert_true (gtk_widget_get_child_visible (bar) || gtk_widget_get_mapped (bar));
  test_save_screenshot (GTK_WIDGET (window), "window-presentation-bar.png");

  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Down);
  congkak_board_view_finish_animation (congkak_window_get_board (window));
  g_assert_cmpuint (cursor_depth (window), ==, 1);
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Down);
  congkak_board_view_finish_animation (congkak_window_get_board (window));
  g_assert_cmpuint (cursor_depth (window), ==, 2);
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Up);
  g_assert_cmpuint (cursor_depth (window), ==, 1);

  test_real_key (GTK_WIDGET (window), GDK_KEY_Escape);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  g_assert_true (adw_overlay_split_view_get_show_sidebar (ADW_OVERLAY_SPLIT_VIEW (split)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The heading of the notes names the move they belong to, as the move
 * list does. */
static void
test_window_notes_name_the_move (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  GtkWidget *notes;

  window = test_window_playing ("kalah", &match);
  board = congkak_window_get_board (window);
  notes = find_descendant (GTK_WIDGET (window), CONGKAK_TYPE_ANNOTATION_VIEW);
  g_assert_nonnull (notes);
  g_assert_true (has_heading (notes, "Comment on the Start"));

  /* A sows B to E; then North's c. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  test_wait_for_nodes (window, 1);
  test_iterate (2);
  g_assert_true (has_heading (notes, "Comment on 1. A"));
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 2));
  test_wait_for_nodes (window, 2);
  test_iterate (2);
  g_assert_true (has_heading (notes, "Comment on 2… c"));

  /* Back in the replay: the notes follow the move shown. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  test_iterate (2);
  g_assert_true (has_heading (notes, "Comment on 1. A"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Files given on the command line open through GApplication's open. */
static void
test_application_open (void)
{
  g_autoptr (CongkakMatch) original = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  CongkakRules rules;
  CongkakWindow *opened = NULL;

  test_rules (&rules, "oware", NULL);
  original = congkak_match_new (&rules);
  g_assert_nonnull (congkak_match_play_text (original, "F", NULL, NULL));
  path = test_write_match (original, "oware.congkak");
  file = g_file_new_for_path (path);

  g_application_open (G_APPLICATION (test_app ()), &file, 1, "");
  for (guint i = 0; i < 500 && opened == NULL; i++)
    {
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (test_app ())); l; l = l->next)
        if (CONGKAK_IS_WINDOW (l->data) && congkak_window_get_match (l->data)
            && congkak_match_get_rules (congkak_window_get_match (l->data))->family == CONGKAK_FAMILY_OWARE)
          opened = l->data;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_nonnull (opened);
  gtk_window_destroy (GTK_WINDOW (opened));
}

/* What killed autosaves left goes when Congkak starts, before any window
 * autosaves: a side file without its autosave, a save's temporary that no
 * save holds.  An autosave and its side file stay, for the restore offer. */
static void
test_application_cleans_at_start (void)
{
  g_autoptr (GFile) directory = congkak_document_get_autosave_directory ();
  const char *folder = g_file_peek_path (directory);
  const char *removed[] = { "killed.congkak.info", ".killed.congkak-ABC123" };
  g_autoptr (CongkakApplication) started = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (GPtrArray) left = NULL;
  g_autoptr (GError) error = NULL;
  CongkakRules rules;

  clear_autosaves ();
  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  document = congkak_document_new (match, NULL);
  g_assert_nonnull (congkak_match_play_text (match, "A", NULL, NULL));
  g_assert_true (congkak_document_autosave_now (document, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      g_autofree char *path = g_build_filename (folder, removed[i], NULL);

      g_assert_true (g_file_set_contents (path, "x", -1, NULL));
    }

  started = congkak_application_new (APPLICATION_ID ".Test.Start", G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (started), NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      g_autofree char *path = g_build_filename (folder, removed[i], NULL);

      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  left = congkak_document_list_autosaves ();
  g_assert_cmpuint (left->len, ==, 1);
  g_assert_nonnull (((CongkakAutosave *) g_ptr_array_index (left, 0))->title);
  congkak_document_discard_changes (document);
}

/* Replaying and branching through the window: back, a different move makes
 * a variation beside the main line, the history promotes it. */
static void
test_window_replay_variations (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  CongkakNode *first, *variation;

  window = test_window_playing ("kalah", &match);
  board = congkak_window_get_board (window);

  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 0));
  first = congkak_node_get_child (congkak_match_get_root (match), 0);

  /* Back to the start with the replay actions, forward again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
  g_assert_true (congkak_match_get_cursor (match) == congkak_match_get_root (match));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  g_assert_true (congkak_match_get_cursor (match) == first);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  g_assert_cmpuint (congkak_node_get_depth (congkak_match_get_cursor (match)), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);

  /* A different first move: a variation, the main line kept. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  g_assert_cmpuint (congkak_node_get_n_children (congkak_match_get_root (match)), ==, 2);
  variation = congkak_node_get_child (congkak_match_get_root (match), 1);
  g_assert_true (congkak_match_get_cursor (match) == variation);
  g_assert_true (congkak_node_get_child (congkak_match_get_root (match), 0) == first);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 3);

  /* The history's promote makes it the main line. */
  g_assert_true (gtk_widget_activate_action (find_descendant (GTK_WIDGET (window), CONGKAK_TYPE_HISTORY_VIEW),
                                             "history.promote", NULL));
  g_assert_true (congkak_node_get_child (congkak_match_get_root (match), 0) == variation);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* How long opening a 2,000-move match and jumping to its end take in the
 * window (reported, not asserted). */
static void
test_window_large_match (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  CongkakWindow *window;
  CongkakRules rules;
  gint64 start;
  guint moves = 0;

  test_rules (&rules, "congkak", "simultaneous-opening=off", NULL);
  match = congkak_match_new (&rules);
  while (moves < 2000)
    {
      const CongkakState *state = congkak_game_get_state (congkak_match_get_cursor_game (match));
      guint8 holes[CONGKAK_MAX_HOLES];
      g_autofree char *move = NULL;
      guint n;

      if (state->phase == CONGKAK_PHASE_MATCH_OVER)
        break;
      if (state->phase == CONGKAK_PHASE_ROUND_OVER)
        move = g_strdup ("next-round");
      else
        {
          n = congkak_state_legal_moves (state, &rules, holes);
          move = g_strdup_printf ("%c", congkak_hole_letter (state->position.to_move,
                                                             holes[g_rand_int_range (rand, 0, n)]));
        }
      g_assert_nonnull (congkak_match_play_text (match, move, NULL, NULL));
      moves++;
    }
  path = test_write_match (match, "long.congkak");
  file = g_file_new_for_path (path);

  window = congkak_application_new_window (test_app ());
  gtk_window_present (GTK_WINDOW (window));
  test_wait_for_drawing (GTK_WIDGET (window));

  start = g_get_monotonic_time ();
  congkak_window_open_file (window, file);
  test_wait_for_nodes (window, moves);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_test_message ("opening a %u-move match in the window: %.1f ms", moves,
                  (g_get_monotonic_time () - start) / 1000.0);

  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_test_message ("jumping to its end: %.1f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpuint (congkak_node_get_depth (congkak_match_get_cursor (congkak_window_get_match (window))), ==, moves);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  /* While this is the only thread. */
  test_isolate_mounts ();
  test_app_init (&argc, &argv);

  g_test_add_func ("/view/window/play-and-undo", test_window_play_and_undo);
  g_test_add_func ("/view/window/keyboard", test_window_keyboard);
  g_test_add_func ("/view/window/opening", test_window_opening);
  g_test_add_func ("/view/window/status-follows-board", test_window_status_follows_board);
  g_test_add_func ("/view/window/narrow-dark", test_window_narrow_dark);
  g_test_add_func ("/view/window/board-sizes", test_window_board_sizes);
  g_test_add_func ("/view/window/open-and-save", test_window_open_and_save);
  g_test_add_func ("/view/window/recent", test_window_recent);
  g_test_add_func ("/view/window/save-keeps-format", test_window_save_keeps_format);
  g_test_add_func ("/view/window/drop", test_window_drop);
  g_test_add_func ("/view/window/load-error", test_window_load_error);
  g_test_add_func ("/view/window/one-per-file", test_window_one_per_file);
  g_test_add_func ("/view/window/changed-on-disk", test_window_changed_on_disk);
  g_test_add_func ("/view/window/autosave-restore", test_window_autosave_restore);
  g_test_add_func ("/view/window/damaged-autosave", test_window_damaged_autosave);
  g_test_add_func ("/view/window/replay-variations", test_window_replay_variations);
  g_test_add_func ("/view/window/large-match", test_window_large_match);
  g_test_add_func ("/view/window/killed-restore", test_window_killed_restore);
  g_test_add_func ("/view/window/autosave-banner", test_window_autosave_banner);
  g_test_add_func ("/view/window/restored-changed-on-disk", test_window_restored_changed_on_disk);
  g_test_add_func ("/view/window/library-banner", test_window_library_banner);
  g_test_add_func ("/view/window/leave-without-library", test_window_leave_without_library);
  g_test_add_func ("/view/window/reload-without-library", test_window_reload_without_library);
  g_test_add_func ("/view/window/narration-presentation", test_window_narration_presentation);
  g_test_add_func ("/view/window/presentation-clicker", test_window_presentation_clicker);
  g_test_add_func ("/view/window/notes-name-the-move", test_window_notes_name_the_move);
  g_test_add_func ("/view/application/open", test_application_open);
  g_test_add_func ("/view/application/cleans-at-start", test_application_cleans_at_start);

  return g_test_run ();
}
