/* test-teaching.c — the position editor, the rules window, narration links
 * and highlights that do not rely on colour, under a virtual display
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides the assertions, this writes screenshots into the build directory
 * (tests/screenshots/), some as people with deuteranopia or protanopia see
 * them.
 */

#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "congkak-application.h"
#include "congkak-board-view.h"
#include "congkak-match-file.h"
#include "congkak-position-editor.h"
#include "congkak-rules-dialog.h"
#include "congkak-test-util.h"
#include "congkak-view-test-util.h"
#include "congkak-window.h"

/* The window tests share one registered application. */
static gconstpointer app;

static CongkakWindow *
window_with_match (const char    *profile,
                   int            width,
                   int            height,
                   CongkakMatch **match)
{
  CongkakWindow *window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));
  CongkakRules rules;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  if (profile)
    {
      test_rules (&rules, profile, NULL);
      *match = congkak_match_new (&rules);
      congkak_window_start_match (window, *match);
      congkak_board_view_set_speed (congkak_window_get_board (window), 0);
    }
  test_wait_for_drawing (GTK_WIDGET (window));
  return window;
}

static void
set_dark (gboolean dark)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
}

static AdwDialog *
visible_dialog (CongkakWindow *window)
{
  test_iterate (5);
  return adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
}

static GtkWidget *
editor_message (CongkakPositionEditor *editor)
{
  GtkWidget *box = test_find_widget (GTK_WIDGET (editor), GTK_TYPE_BOX, "congkak-editor-message");

  g_assert_nonnull (box);
  return test_find_widget (box, GTK_TYPE_LABEL, NULL);
}

/* Where the button of @action lies across the editor. */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  if (GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found)
        return found;
    }
  return NULL;
}

static double
button_x (CongkakPositionEditor *editor,
          const char            *action)
{
  GtkWidget *button = find_action_button (GTK_WIDGET (editor), action);
  graphene_rect_t bounds;

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (editor), &bounds));
  return bounds.origin.x;
}

static GtkWidget *
editor_play_button (CongkakPositionEditor *editor)
{
  GtkWidget *button = test_find_widget (GTK_WIDGET (editor), GTK_TYPE_BUTTON, "suggested-action");

  g_assert_nonnull (button);
  return button;
}

static gboolean
scroll_place (GtkWidget *button,
              double     dy)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (button);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);
      gboolean handled = FALSE;

      if (!GTK_IS_EVENT_CONTROLLER_SCROLL (controller))
        continue;
      g_signal_emit_by_name (controller, "scroll", 0.0, dy, &handled);
      return handled;
    }
  return FALSE;
}

static void
place_edited_cb (CongkakBoardView *board,
                 int               side,
                 int               index,
                 int               delta,
                 GString          *log)
{
  g_string_append_printf (log, "%s%d%+d ", side == CONGKAK_SOUTH ? "S" : "N", index, delta);
}

/* In editing mode the board asks for changes and never sows. */
static void
test_board_editing (void)
{
  g_autoptr (GString) log = g_string_new (NULL);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CongkakBoardView *board = CONGKAK_BOARD_VIEW (congkak_board_view_new ());
  GtkWidget *hole, *store;
  CongkakPosition position;
  CongkakRules rules;
  g_autofree char *label = NULL;

  gtk_window_set_child (window, GTK_WIDGET (board));
  gtk_window_set_default_size (window, 900, 400);
  gtk_window_present (window);
  test_rules (&rules, "kalah", NULL);
  test_position (&position, &rules, "S: 0 4 4 4 4 4 | 3 / N: 4 4 4 4 4 4 | 0 / south");
  congkak_board_view_set_position (board, &rules, &position);
  congkak_board_view_set_editing (board, TRUE);
  g_signal_connect (board, "place-edited", G_CALLBACK (place_edited_cb), log);
  test_wait_for_drawing (GTK_WIDGET (board));

  /* Stores take part while editing, with their count as their name. */
  store = congkak_board_view_get_store_widget (board, CONGKAK_SOUTH);
  g_assert_true (gtk_widget_get_visible (store));
  g_assert_cmpint (gtk_widget_get_width (store), >, gtk_widget_get_width (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0)));
  label = congkak_board_view_describe_hole (board, CONGKAK_SOUTH, 2);
  g_assert_cmpstr (label, ==, "South hole C, 4 seeds");

  /* Enter (the buttons' activation) adds; keys and the wheel add and
   * take away.  test_board_editing_pointer() clicks. */
  hole = congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2);
  gtk_widget_activate (hole);
  gtk_widget_activate (store);
  gtk_widget_grab_focus (hole);
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_plus));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_minus));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Down));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Up));
  g_assert_true (scroll_place (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 4), -1.0));
  g_assert_true (scroll_place (store, 1.0));
  g_assert_cmpstr (log->str, ==, "S2+1 S-1+1 S2+1 S2-1 S2-1 S2+1 N4+1 S-1-1 ");

  /* Out of editing, the same click sows (the position has no game, so
   * nothing is legal and nothing is asked), and stores are gone. */
  congkak_board_view_set_editing (board, FALSE);
  g_string_truncate (log, 0);
  test_click (hole);
  g_assert_cmpstr (log->str, ==, "");
  g_assert_false (gtk_widget_get_visible (store));
  gtk_window_destroy (window);
}

/* A click with the mouse changes a place by exactly one seed: the left
 * button adds one, the right button or Shift and the left takes one. */
static void
test_board_editing_pointer (void)
{
  g_autoptr (GString) log = g_string_new (NULL);
  GtkWindow *window;
  CongkakBoardView *board;
  CongkakPosition position;
  CongkakRules rules;

  if (!test_can_use_pointer ())
    {
      g_test_skip ("needs an X server with XTest");
      return;
    }
  window = GTK_WINDOW (gtk_window_new ());
  board = CONGKAK_BOARD_VIEW (congkak_board_view_new ());
  gtk_window_set_child (window, GTK_WIDGET (board));
  gtk_window_set_default_size (window, 900, 400);
  gtk_window_present (window);
  test_rules (&rules, "kalah", NULL);
  test_position (&position, &rules, "S: 0 4 4 4 4 4 | 3 / N: 4 4 4 4 4 4 | 0 / south");
  congkak_board_view_set_position (board, &rules, &position);
  congkak_board_view_set_editing (board, TRUE);
  g_signal_connect (board, "place-edited", G_CALLBACK (place_edited_cb), log);
  test_wait_for_drawing (GTK_WIDGET (board));

  test_pointer_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2), GDK_BUTTON_PRIMARY, FALSE);
  g_assert_cmpstr (log->str, ==, "S2+1 ");
  test_pointer_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 4), GDK_BUTTON_SECONDARY, FALSE);
  g_assert_cmpstr (log->str, ==, "S2+1 N4-1 ");
  test_pointer_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2), GDK_BUTTON_PRIMARY, TRUE);
  g_assert_cmpstr (log->str, ==, "S2+1 N4-1 S2-1 ");
  test_pointer_click (congkak_board_view_get_store_widget (board, CONGKAK_NORTH), GDK_BUTTON_PRIMARY, FALSE);
  g_assert_cmpstr (log->str, ==, "S2+1 N4-1 S2-1 N-1+1 ");
  gtk_window_destroy (window);
}

static void
count_activation_cb (CongkakBoardView *board,
                     int               side,
                     guint             hole,
                     guint            *count)
{
  (*count)++;
}

/* A mouse click during a move skips it to its end and sows nothing, even
 * on a hole that may be sown when the move has ended; the next click
 * sows. */
static void
test_board_skip_pointer (void)
{
  g_autoptr (CongkakGame) before = NULL;
  g_autoptr (CongkakGame) after = NULL;
  g_autoptr (GArray) events = congkak_event_array_new ();
  GtkWindow *window;
  CongkakBoardView *board;
  CongkakRules rules;
  guint activated = 0;

  if (!test_can_use_pointer ())
    {
      g_test_skip ("needs an X server with XTest");
      return;
    }
  window = GTK_WINDOW (gtk_window_new ());
  board = CONGKAK_BOARD_VIEW (congkak_board_view_new ());
  gtk_window_set_child (window, GTK_WIDGET (board));
  gtk_window_set_default_size (window, 900, 400);
  gtk_window_present (window);

  /* Kalah's C ends in South's store: South moves again, A among others. */
  test_rules (&rules, "kalah", NULL);
  before = congkak_game_new (&rules);
  after = congkak_game_copy (before);
  g_assert_true (congkak_game_play_text (after, "C", events, NULL));
  congkak_board_view_set_game (board, before);
  g_signal_connect (board, "hole-activated", G_CALLBACK (count_activation_cb), &activated);
  test_wait_for_drawing (GTK_WIDGET (board));

  /* A seed in 20 s: the move lasts over a minute, so that the click comes
   * during it however loaded the machine is (the click stops it). */
  congkak_board_view_set_speed (board, 0.05);
  congkak_board_view_animate (board, events, after);
  g_assert_true (congkak_board_view_is_animating (board));
  test_pointer_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0), GDK_BUTTON_PRIMARY, FALSE);
  g_assert_false (congkak_board_view_is_animating (board));
  g_assert_cmpuint (activated, ==, 0);

  test_pointer_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0), GDK_BUTTON_PRIMARY, FALSE);
  g_assert_cmpuint (activated, ==, 1);

  /* A click on the wood between the rows skips too. */
  congkak_board_view_set_game (board, before);
  congkak_board_view_animate (board, events, after);
  g_assert_true (congkak_board_view_is_animating (board));
  test_pointer_click (GTK_WIDGET (board), GDK_BUTTON_PRIMARY, FALSE);
  g_assert_false (congkak_board_view_is_animating (board));
  gtk_window_destroy (window);
}

/* Edit a position, see why it cannot be played, fix it and play from it:
 * the match starts there and says so in its file. */
static void
test_editor_play_from_here (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autofree char *data = NULL;
  CongkakWindow *window = window_with_match ("kalah", 1280, 800, &match);
  CongkakPositionEditor *editor;
  CongkakBoardView *board;
  CongkakMatch *played;
  GtkWidget *message;
  CongkakPosition expected;
  const CongkakRules *rules;
  double full_set;

  set_dark (FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.position-editor", NULL);
  editor = CONGKAK_POSITION_EDITOR (visible_dialog (window));
  g_assert_true (CONGKAK_IS_POSITION_EDITOR (editor));
  board = CONGKAK_BOARD_VIEW (test_find_widget (GTK_WIDGET (editor), CONGKAK_TYPE_BOARD_VIEW, NULL));
  g_assert_true (congkak_board_view_get_editing (board));
  message = editor_message (editor);
  rules = congkak_position_editor_get_rules (editor);

  /* It opens on the position on the board: the start, fine to play. */
  g_assert_true (congkak_position_editor_is_valid (editor));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (message)), ==, "");
  test_wait_for_drawing (GTK_WIDGET (editor));
  full_set = button_x (editor, "editor.current");

  /* Empty: a clear reason, and Play from Here is off; the buttons stay
   * where they were, though the count's line grew. */
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.clear", NULL);
  test_wait_for_drawing (GTK_WIDGET (editor));
  g_assert_cmpfloat (button_x (editor, "editor.current"), ==, full_set);
  g_assert_false (congkak_position_editor_is_valid (editor));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (message)), ==, "The board is empty: put some seeds in the holes.");
  g_assert_false (gtk_widget_get_sensitive (editor_play_button (editor)));

  /* Three seeds in South's C (Enter on it): North has none, so Kalah would end at once. */
  for (guint i = 0; i < 3; i++)
    gtk_widget_activate (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2));
  g_assert_false (congkak_position_editor_is_valid (editor));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (message)), "North has no seeds in their holes"));
  test_wait_for_drawing (GTK_WIDGET (board));
  test_save_screenshot (GTK_WIDGET (window), "editor-warning-light.png");

  /* Two in North's d, one in North's store, one taken back from d. */
  gtk_widget_activate (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 3));
  gtk_widget_activate (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 3));
  gtk_widget_activate (congkak_board_view_get_store_widget (board, CONGKAK_NORTH));
  g_signal_emit_by_name (board, "place-edited", CONGKAK_NORTH, 3, -1);
  /* Kalah burns nothing: taking from an empty hole changes nothing. */
  g_signal_emit_by_name (board, "place-edited", CONGKAK_SOUTH, 0, -1);
  g_assert_false (congkak_position_is_burnt (congkak_position_editor_get_position (editor), CONGKAK_SOUTH, 0));
  g_assert_true (congkak_position_editor_is_valid (editor));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (message)), ==, "");
  g_assert_true (gtk_widget_get_sensitive (editor_play_button (editor)));

  /* North to move. */
  adw_toggle_group_set_active_name (ADW_TOGGLE_GROUP (test_find_widget (GTK_WIDGET (editor), ADW_TYPE_TOGGLE_GROUP, NULL)),
                                    "north");
  test_position (&expected, rules, "S: 0 0 3 0 0 0 | 0 / N: 0 0 0 1 0 0 | 1 / north");
  g_assert_true (congkak_position_equal (congkak_position_editor_get_position (editor), &expected));
  test_wait_for_drawing (GTK_WIDGET (board));
  test_save_screenshot (GTK_WIDGET (window), "editor-wide-light.png");

  test_click (editor_play_button (editor));
  test_iterate (5);
  played = congkak_window_get_match (window);
  g_assert_true (played != match);
  g_assert_true (congkak_match_has_custom_start (played));
  g_assert_true (congkak_position_equal (congkak_match_get_start_position (played), &expected));
  g_assert_cmpint (congkak_game_get_state (congkak_match_get_cursor_game (played))->position.to_move, ==, CONGKAK_NORTH);
  data = congkak_match_save_to_data (played, NULL);
  g_assert_nonnull (strstr (data, "\"start\""));
  g_assert_null (visible_dialog (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* In a match of rounds, taking a seed from an empty hole burns it, and
 * the opening is a choice for who moves. */
static void
test_editor_burnt_holes (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window = window_with_match ("congkak", 360, 640, &match);
  CongkakPositionEditor *editor;
  CongkakBoardView *board;
  g_autofree char *label = NULL;
  GtkWidget *message;

  set_dark (TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.position-editor", NULL);
  editor = CONGKAK_POSITION_EDITOR (visible_dialog (window));
  board = CONGKAK_BOARD_VIEW (test_find_widget (GTK_WIDGET (editor), CONGKAK_TYPE_BOARD_VIEW, NULL));
  message = editor_message (editor);

  /* The opening is what the board had: both players to move. */
  g_assert_cmpint (congkak_position_editor_get_position (editor)->to_move, ==, CONGKAK_NOBODY);
  g_assert_true (congkak_position_editor_is_valid (editor));

  /* Seven seeds off South's A, then one more: burnt. */
  for (guint i = 0; i < 8; i++)
    g_signal_emit_by_name (board, "place-edited", CONGKAK_SOUTH, 0, -1);
  g_assert_true (congkak_position_is_burnt (congkak_position_editor_get_position (editor), CONGKAK_SOUTH, 0));
  label = congkak_board_view_describe_hole (board, CONGKAK_SOUTH, 0);
  g_assert_cmpstr (label, ==, "South hole A, 0 seeds, burnt");
  g_assert_true (congkak_position_editor_is_valid (editor));

  /* Every South hole empty: no opening without seeds on both sides. */
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.clear", NULL);
  for (guint i = 0; i < 7; i++)
    g_signal_emit_by_name (board, "place-edited", CONGKAK_NORTH, i, 1);
  g_assert_false (congkak_position_editor_is_valid (editor));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (message)), "simultaneous opening"));
  test_wait_for_drawing (GTK_WIDGET (board));
  test_save_screenshot (GTK_WIDGET (window), "editor-narrow-dark.png");

  /* Adding a seed brings the burnt hole back, empty first. */
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.current", NULL);
  g_signal_emit_by_name (board, "place-edited", CONGKAK_SOUTH, 0, -1);
  g_signal_emit_by_name (board, "place-edited", CONGKAK_SOUTH, 0, -1);
  g_assert_false (congkak_position_is_burnt (congkak_position_editor_get_position (editor), CONGKAK_SOUTH, 0));
  g_assert_cmpuint (congkak_position_editor_get_position (editor)->holes[CONGKAK_SOUTH][0], ==, 5);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 860);
  test_wait_for_drawing (GTK_WIDGET (board));
  test_save_screenshot (GTK_WIDGET (window), "editor-wide-dark.png");

  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.cancel", NULL);
  g_assert_null (visible_dialog (window));
  g_assert_true (congkak_window_get_match (window) == match);
  gtk_window_destroy (GTK_WINDOW (window));
  set_dark (FALSE);
}

static GtkWidget *
rules_section (CongkakRulesDialog *dialog,
               const char         *id)
{
  for (GtkWidget *box = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BOX, "congkak-rules-section");
       box != NULL;
       box = gtk_widget_get_next_sibling (box))
    if (g_strcmp0 (gtk_widget_get_name (box), id) == 0)
      return box;
  return NULL;
}

/* How far below the top of the visible part @section begins. */
static double
offset_in_view (CongkakRulesDialog *dialog,
                GtkWidget          *section)
{
  GtkWidget *scrolled = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_SCROLLED_WINDOW, NULL);
  graphene_point_t point;

  g_assert_true (gtk_widget_compute_point (section, scrolled, &GRAPHENE_POINT_INIT (0, 0), &point));
  return point.y;
}

/* The section is at the top of the view, or as near as the scrolling
 * goes when it is one of the last, and in sight. */
static void
assert_scrolled_to (CongkakRulesDialog *dialog,
                    const char         *id)
{
  GtkWidget *section = rules_section (dialog, id);
  GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_SCROLLED_WINDOW, NULL));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scrolled);
  double offset;

  g_assert_nonnull (section);
  offset = offset_in_view (dialog, section);
  g_test_message ("section %s: %.0f px below the top, scrolled %.0f of %.0f", id, offset,
                  gtk_adjustment_get_value (adjustment),
                  gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
  if (fabs (offset) >= 40)
    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >=,
                       gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) - 1);
  g_assert_cmpfloat (offset, >=, -1);
  g_assert_cmpfloat (offset + gtk_widget_get_height (section), <=, gtk_adjustment_get_page_size (adjustment) + 1);
}

/* The rules window opens at a section, for the rules of the match. */
static void
test_rules_window_section (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window = window_with_match ("congkak", 1280, 800, &match);
  CongkakRulesDialog *dialog;
  GtkWidget *capture;
  GtkWidget *heading;

  set_dark (FALSE);
  congkak_window_show_rules_section (window, "capture");
  dialog = CONGKAK_RULES_DIALOG (visible_dialog (window));
  g_assert_true (CONGKAK_IS_RULES_DIALOG (dialog));
  g_assert_true (congkak_rules_equal (congkak_rules_dialog_get_rules (dialog), congkak_match_get_rules (match)));
  test_wait_for_drawing (GTK_WIDGET (dialog));

  capture = rules_section (dialog, "capture");
  g_assert_nonnull (capture);
  heading = gtk_widget_get_first_child (capture);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (heading)), ==, "Capture");
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (heading)), ==, GTK_ACCESSIBLE_ROLE_HEADING);
  /* Scrolled so that the section is at the top, not where it began. */
  assert_scrolled_to (dialog, "capture");
  g_assert_cmpfloat (fabs (offset_in_view (dialog, capture)), <, 40);
  g_assert_nonnull (rules_section (dialog, "burnt"));
  test_save_screenshot (GTK_WIDGET (window), "rules-wide-light.png");

  /* Asking again reuses the window and moves to the new section. */
  congkak_window_show_rules_section (window, "burnt");
  test_wait_for_drawing (GTK_WIDGET (dialog));
  g_assert_true (visible_dialog (window) == ADW_DIALOG (dialog));
  assert_scrolled_to (dialog, "burnt");

  /* A section these rules do not have leaves it where it is. */
  g_assert_false (congkak_rules_dialog_show_section (dialog, "grand-slam"));
  adw_dialog_force_close (ADW_DIALOG (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* From the start page, Learn the Rules shows Congkak; the games can be
 * switched, and Kalah has no relay. */
static void
test_rules_window_learn (void)
{
  CongkakWindow *window = window_with_match (NULL, 360, 640, NULL);
  CongkakRulesDialog *dialog;
  GtkDropDown *games;
  CongkakRules kalah;

  set_dark (TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-rules", NULL);
  dialog = CONGKAK_RULES_DIALOG (visible_dialog (window));
  g_assert_true (CONGKAK_IS_RULES_DIALOG (dialog));
  g_assert_cmpstr (congkak_rules_profile_name (congkak_rules_dialog_get_rules (dialog)), ==, "congkak");
  g_assert_nonnull (rules_section (dialog, "relay"));
  test_wait_for_drawing (GTK_WIDGET (dialog));
  test_save_screenshot (GTK_WIDGET (window), "rules-narrow-dark.png");

  games = GTK_DROP_DOWN (test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN, NULL));
  gtk_drop_down_set_selected (games, 2);
  test_rules (&kalah, "kalah", NULL);
  g_assert_true (congkak_rules_equal (congkak_rules_dialog_get_rules (dialog), &kalah));
  g_assert_null (rules_section (dialog, "relay"));
  g_assert_nonnull (rules_section (dialog, "capture"));

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  test_wait_for_drawing (GTK_WIDGET (dialog));
  test_save_screenshot (GTK_WIDGET (window), "rules-wide-dark.png");
  adw_dialog_force_close (ADW_DIALOG (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  set_dark (FALSE);
}

/* The caption names the rule and links to it; without a help viewer the
 * link opens the rules window at that rule. */
static void
test_narration_link (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GAppInfo) viewer = NULL;
  CongkakWindow *window = window_with_match ("kalah", 1000, 700, &match);
  CongkakBoardView *board = congkak_window_get_board (window);
  GtkWidget *label;
  gboolean handled = FALSE;
  const char *uri = "help:" HELP_ID "/rules-kalah#extra-turn";
  CongkakRulesDialog *dialog;

  g_object_set (window, "narration", TRUE, NULL);
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2));
  label = test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "congkak-narration");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Last seed in the store: South moves again · Rule: Extra Turn");
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), uri));

  viewer = g_app_info_get_default_for_uri_scheme ("help");
  if (viewer != NULL)
    {
      /* It would open a real help window. */
      g_test_skip ("a help viewer is installed");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  g_signal_emit_by_name (label, "activate-link", uri, &handled);
  g_assert_true (handled);
  for (guint i = 0; i < 200 && !CONGKAK_IS_RULES_DIALOG (visible_dialog (window)); i++)
    g_usleep (5000);
  dialog = CONGKAK_RULES_DIALOG (visible_dialog (window));
  g_assert_true (CONGKAK_IS_RULES_DIALOG (dialog));
  test_wait_for_drawing (GTK_WIDGET (dialog));
  assert_scrolled_to (dialog, "extra-turn");
  adw_dialog_force_close (ADW_DIALOG (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Colour blindness */

typedef enum
{
  SEEN_GREY,         /* no colour at all: luminance only */
  SEEN_DEUTERANOPIA,
  SEEN_PROTANOPIA,
  N_SEEN,
} Seen;

static const char * const seen_names[] = { "greyscale", "deuteranopia", "protanopia" };

/* Machado, Oliveira and Fernandes (2009), severity 1, applied to sRGB. */
static const double simulation[N_SEEN][3][3] = {
  { { 0.2126, 0.7152, 0.0722 }, { 0.2126, 0.7152, 0.0722 }, { 0.2126, 0.7152, 0.0722 } },
  { { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 }, { -0.011820, 0.042940, 0.968881 } },
  { { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 }, { -0.003882, -0.048116, 1.051998 } },
};

typedef struct
{
  guchar *pixels;  /* R8G8B8A8 */
  int     width;
  int     height;
} Picture;

static void
picture_free (Picture *picture)
{
  g_free (picture->pixels);
  g_free (picture);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Picture, picture_free)

static Picture *
render (GtkWidget *widget)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autoptr (GdkTextureDownloader) downloader = NULL;
  Picture *picture = g_new0 (Picture, 1);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  picture->width = gtk_widget_get_width (widget);
  picture->height = gtk_widget_get_height (widget);
  gdk_paintable_snapshot (paintable, snapshot, picture->width, picture->height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, picture->width, picture->height));
  downloader = gdk_texture_downloader_new (texture);
  gdk_texture_downloader_set_format (downloader, GDK_MEMORY_R8G8B8A8);
  picture->pixels = g_malloc ((gsize) picture->width * picture->height * 4);
  gdk_texture_downloader_download_into (downloader, picture->pixels, (gsize) picture->width * 4);
  return picture;
}

static void
simulate (const guchar *pixel,
          Seen          seen,
          double        out[3])
{
  for (guint i = 0; i < 3; i++)
    out[i] = CLAMP (simulation[seen][i][0] * pixel[0] + simulation[seen][i][1] * pixel[1]
                    + simulation[seen][i][2] * pixel[2], 0, 255);
}

/* Pixels of @region that look clearly different in @a and @b to @seen. */
static guint
count_changed (const Picture         *a,
               const Picture         *b,
               const graphene_rect_t *region,
               Seen                   seen)
{
  guint changed = 0;

  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  for (int y = MAX (0, (int) region->origin.y); y < MIN (a->height, (int) (region->origin.y + region->size.height)); y++)
    for (int x = MAX (0, (int) region->origin.x); x < MIN (a->width, (int) (region->origin.x + region->size.width)); x++)
      {
        gsize at = ((gsize) y * a->width + x) * 4;
        double ca[3], cb[3], distance;

        simulate (a->pixels + at, seen, ca);
        simulate (b->pixels + at, seen, cb);
        distance = sqrt ((ca[0] - cb[0]) * (ca[0] - cb[0]) + (ca[1] - cb[1]) * (ca[1] - cb[1])
                         + (ca[2] - cb[2]) * (ca[2] - cb[2]));
        /* Greyscale repeats one value three times. */
        if (seen == SEEN_GREY)
          distance /= sqrt (3);
        if (distance > 40)
          changed++;
      }
  return changed;
}

static void
save_as_seen (const Picture *picture,
              Seen           seen,
              const char    *name)
{
  g_autofree guchar *pixels = g_memdup2 (picture->pixels, (gsize) picture->width * picture->height * 4);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *directory = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                 "screenshots", NULL);
  g_autofree char *path = NULL;

  for (gsize at = 0; at < (gsize) picture->width * picture->height * 4; at += 4)
    {
      double out[3];

      simulate (picture->pixels + at, seen, out);
      for (guint i = 0; i < 3; i++)
        pixels[at + i] = (guchar) out[i];
    }
  bytes = g_bytes_new_take (g_steal_pointer (&pixels), (gsize) picture->width * picture->height * 4);
  texture = gdk_memory_texture_new (picture->width, picture->height, GDK_MEMORY_R8G8B8A8, bytes,
                                    (gsize) picture->width * 4);
  g_mkdir_with_parents (directory, 0755);
  path = g_build_filename (directory, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

/* The region around a place, in board coordinates. */
static graphene_rect_t
around (CongkakBoardView *board,
        GtkWidget        *place,
        double            grow)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (place, GTK_WIDGET (board), &bounds));
  return GRAPHENE_RECT_INIT (bounds.origin.x - bounds.size.width * (grow - 1) / 2,
                             bounds.origin.y - bounds.size.height * (grow - 1) / 2,
                             bounds.size.width * grow, bounds.size.height * grow);
}

static void
assert_cue (const char            *what,
            const Picture         *with,
            const Picture         *without,
            const graphene_rect_t *region,
            guint                  needed)
{
  for (Seen seen = 0; seen < N_SEEN; seen++)
    {
      guint changed = count_changed (with, without, region, seen);

      g_test_message ("%s, %s: %u pixels differ clearly", what, seen_names[seen], changed);
      if (changed < needed)
        g_error ("%s is not clear in %s: %u pixels differ, %u needed", what, seen_names[seen], changed, needed);
    }
}

/* Every highlight of the board shows in greyscale and to people with
 * deuteranopia or protanopia, whatever the accent colour: the mover's row
 * and store by a dashed outline, legal holes by a ring and dots with a
 * dark edge, the focus by a ring with a contrasting edge, the last path by
 * a light halo, burnt holes by a charred pit and a cross. */
static void
test_colour_blind_cues (void)
{
  for (guint dark = 0; dark < 2; dark++)
    {
      g_autoptr (CongkakGame) game = NULL;
      g_autoptr (CongkakGame) after = NULL;
      g_autoptr (GArray) events = congkak_event_array_new ();
      g_autoptr (Picture) play = NULL;
      g_autoptr (Picture) edit = NULL;
      g_autoptr (Picture) north = NULL;
      g_autoptr (Picture) focused = NULL;
      g_autoptr (Picture) hinted = NULL;
      g_autoptr (Picture) path = NULL;
      g_autoptr (Picture) burnt = NULL;
      g_autoptr (GError) error = NULL;
      GtkWindow *window = GTK_WINDOW (gtk_window_new ());
      CongkakBoardView *board = CONGKAK_BOARD_VIEW (congkak_board_view_new ());
      CongkakPosition position;
      CongkakRules rules;
      GtkWidget *hole_c, *hole_b, *hole_e;
      graphene_rect_t row;

      set_dark (dark);
      gtk_window_set_child (window, GTK_WIDGET (board));
      gtk_window_set_default_size (window, 1000, 420);
      gtk_window_present (window);
      congkak_board_view_set_speed (board, 0);
      test_rules (&rules, "congkak", "simultaneous-opening=off", NULL);
      test_position (&position, &rules, "S: 0 0 3 12 4 2 5 | 40 / N: 14 2 0 6 5 1 4 | 0 / south");
      game = congkak_game_new_from_position (&rules, &position, &error);
      g_assert_no_error (error);
      hole_b = congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1);
      hole_c = congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2);
      hole_e = congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 4);

      /* Legal holes: the game's board against the same position edited. */
      congkak_board_view_set_game (board, game);
      test_wait_for_drawing (GTK_WIDGET (board));
      play = render (GTK_WIDGET (board));
      congkak_board_view_set_editing (board, TRUE);
      congkak_board_view_set_position (board, &rules, &position);
      test_iterate (3);
      edit = render (GTK_WIDGET (board));
      {
        graphene_rect_t region = around (board, hole_c, 1.5);

        assert_cue ("a legal hole", play, edit, &region, 150);
      }

      /* The hint on C, against C only legal: about twice what a legal
       * hole's ring changes (600 to 2200 pixels here; the hint 3800 to
       * 5600), however it is seen. */
      congkak_board_view_set_editing (board, FALSE);
      congkak_board_view_set_game (board, game);
      congkak_board_view_set_hint (board, CONGKAK_SOUTH, 2);
      test_iterate (3);
      hinted = render (GTK_WIDGET (board));
      {
        graphene_rect_t region = around (board, hole_c, 1.5);

        assert_cue ("the hint", hinted, play, &region, 3000);
      }
      congkak_board_view_set_editing (board, TRUE);
      congkak_board_view_set_position (board, &rules, &position);

      /* The mover's row: South against North to move, both edited. */
      position.to_move = CONGKAK_NORTH;
      congkak_board_view_set_position (board, &rules, &position);
      test_iterate (3);
      north = render (GTK_WIDGET (board));
      {
        graphene_rect_t first = around (board, congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0), 1.4);
        graphene_rect_t last = around (board, congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 6), 1.4);

        graphene_rect_union (&first, &last, &row);
        assert_cue ("the mover’s row", edit, north, &row, 300);
      }
      position.to_move = CONGKAK_SOUTH;

      /* The keyboard focus on C, against no focus there.  The state is
       * set by hand: GTK shows focus only in the active window, and other
       * tests' windows may be active on the same display. */
      congkak_board_view_set_position (board, &rules, &position);
      gtk_widget_set_state_flags (hole_c, GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE, FALSE);
      test_iterate (5);
      focused = render (GTK_WIDGET (board));
      {
        graphene_rect_t region = around (board, hole_c, 1.5);

        assert_cue ("the focus", focused, edit, &region, 150);
      }
      gtk_widget_unset_state_flags (hole_c, GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE);

      /* The last move's path: E sown, against the same position shown
       * without its path. */
      congkak_board_view_set_editing (board, FALSE);
      after = congkak_game_copy (game);
      congkak_game_play_text (after, "C", events, &error);
      g_assert_no_error (error);
      congkak_board_view_set_game (board, game);
      congkak_board_view_animate (board, events, after);
      test_iterate (3);
      path = render (GTK_WIDGET (board));
      if (!dark)
        {
          test_save_screenshot (GTK_WIDGET (board), "cues-light.png");
          save_as_seen (path, SEEN_DEUTERANOPIA, "cues-deuteranopia.png");
          save_as_seen (path, SEEN_PROTANOPIA, "cues-protanopia.png");
          save_as_seen (path, SEEN_GREY, "cues-greyscale.png");
        }
      else
        {
          test_save_screenshot (GTK_WIDGET (board), "cues-dark.png");
          save_as_seen (path, SEEN_DEUTERANOPIA, "cues-dark-deuteranopia.png");
        }
      g_clear_pointer (&play, picture_free);
      congkak_board_view_set_game (board, after);
      test_iterate (3);
      play = render (GTK_WIDGET (board));
      {
        graphene_rect_t region = around (board, hole_e, 1.5);

        assert_cue ("the last move’s path", path, play, &region, 80);
      }

      /* A burnt hole, against an empty one. */
      congkak_board_view_set_editing (board, TRUE);
      position.burnt[CONGKAK_SOUTH] |= 1u << 1;
      congkak_board_view_set_position (board, &rules, &position);
      test_iterate (3);
      burnt = render (GTK_WIDGET (board));
      {
        graphene_rect_t region = around (board, hole_b, 1.1);

        assert_cue ("a burnt hole", burnt, edit, &region, 150);
      }
      gtk_window_destroy (window);
    }
  set_dark (FALSE);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (CongkakApplication) application = NULL;
  g_autoptr (GtkCssProvider) css = NULL;
  g_autofree char *data_home = NULL;

  /* Autosaves go to a folder of the test's own, never the user's. */
  if (g_getenv ("CONGKAK_TEST_DATA_HOME") == NULL)
    {
      data_home = g_dir_make_tmp ("congkak-data-XXXXXX", NULL);
      g_setenv ("CONGKAK_TEST_DATA_HOME", data_home, TRUE);
    }
  g_setenv ("XDG_DATA_HOME", g_getenv ("CONGKAK_TEST_DATA_HOME"), TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  /* The app's style sheet, as AdwApplication loads it. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/congkak/Congkak/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  application = congkak_application_new (APPLICATION_ID ".TeachingTest",
                                         G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_application_register (G_APPLICATION (application), NULL, NULL);
  app = application;

  g_test_add_func ("/view/teaching/board-editing", test_board_editing);
  g_test_add_func ("/view/teaching/board-editing/pointer", test_board_editing_pointer);
  g_test_add_func ("/view/teaching/board-skip/pointer", test_board_skip_pointer);
  g_test_add_func ("/view/teaching/editor/play-from-here", test_editor_play_from_here);
  g_test_add_func ("/view/teaching/editor/burnt-holes", test_editor_burnt_holes);
  g_test_add_func ("/view/teaching/rules-window/section", test_rules_window_section);
  g_test_add_func ("/view/teaching/rules-window/learn", test_rules_window_learn);
  g_test_add_func ("/view/teaching/narration-link", test_narration_link);
  g_test_add_func ("/view/teaching/colour-blind-cues", test_colour_blind_cues);

  return g_test_run ();
}
