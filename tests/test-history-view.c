/* test-history-view.c — the move list and the annotations under a virtual display
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides the assertions, this writes screenshots of both views into the
 * build directory (tests/screenshots/) for people to look at.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "congkak-analysis.h"
#include "congkak-annotation-view.h"
#include "congkak-history-item.h"
#include "congkak-history-row.h"
#include "congkak-history-view.h"
#include "congkak-test-util.h"
#include "congkak-view-test-util.h"

static GtkWindow *
window_with (GtkWidget *child,
             int        width,
             int        height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_child (window, child);
  gtk_window_set_default_size (window, width, height);
  gtk_window_present (window);
  return window;
}

static CongkakMatch *
new_match (const char *profile)
{
  CongkakRules rules;

  test_rules (&rules, profile, NULL);
  return congkak_match_new (&rules);
}

static CongkakNode *
play (CongkakMatch *match,
      const char   *move)
{
  g_autoptr (GError) error = NULL;
  CongkakNode *node = congkak_match_play_text (match, move, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  return node;
}

/* Plays one random legal move at the cursor (openings and new rounds too). */
static gboolean
play_random (CongkakMatch *match,
             GRand        *rand)
{
  g_autofree char *move = congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                                     congkak_match_get_rules (match), rand);

  if (move == NULL)
    return FALSE;
  play (match, move);
  return TRUE;
}

/* Plays a different legal move than the one after @node, as a variation. */
static CongkakNode *
branch_at (CongkakMatch *match,
           CongkakNode  *node,
           GRand        *rand,
           guint         length)
{
  CongkakNode *start = NULL;

  congkak_match_set_cursor (match, node);
  for (guint attempt = 0; attempt < 20 && start == NULL; attempt++)
    {
      guint children = congkak_node_get_n_children (node);

      if (!play_random (match, rand))
        return NULL;
      if (congkak_node_get_n_children (node) > children)
        start = congkak_match_get_cursor (match);
      else
        congkak_match_set_cursor (match, node);
    }
  for (guint i = 1; start && i < length && play_random (match, rand); i++)
    ;
  return start;
}

/* The order of the JSON writer, worked out recursively: a move, then the
 * variations that replace it, then the next move. */
static void
expected_line (CongkakNode *node,
               guint        depth,
               GPtrArray   *nodes,
               GArray      *depths)
{
  for (; node != NULL; node = congkak_node_get_main_child (node))
    {
      CongkakNode *parent = congkak_node_get_parent (node);

      g_ptr_array_add (nodes, node);
      g_array_append_val (depths, depth);
      if (congkak_node_get_child_index (node) == 0)
        for (guint i = 1; i < congkak_node_get_n_children (parent); i++)
          expected_line (congkak_node_get_child (parent, i), depth + 1, nodes, depths);
    }
}

static void
assert_rows_in_file_order (CongkakHistoryView *view,
                           CongkakMatch       *match)
{
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr (GArray) depths = g_array_new (FALSE, FALSE, sizeof (guint));
  guint zero = 0;

  g_ptr_array_add (nodes, congkak_match_get_root (match));
  g_array_append_val (depths, zero);
  expected_line (congkak_node_get_main_child (congkak_match_get_root (match)), 0, nodes, depths);

  g_assert_cmpuint (congkak_history_view_get_n_rows (view), ==, nodes->len);
  g_assert_cmpuint (nodes->len, ==, congkak_match_get_n_nodes (match) + 1);
  for (guint i = 0; i < nodes->len; i++)
    {
      g_assert_true (congkak_history_view_get_row_node (view, i) == g_ptr_array_index (nodes, i));
      g_assert_cmpuint (congkak_history_view_get_row_depth (view, i), ==, g_array_index (depths, guint, i));
    }
}

static int
row_of (CongkakHistoryView *view,
        CongkakNode        *node)
{
  for (guint i = 0; i < congkak_history_view_get_n_rows (view); i++)
    if (congkak_history_view_get_row_node (view, i) == node)
      return i;
  return -1;
}

static GtkListView *
list_view_of (CongkakHistoryView *view)
{
  GtkWidget *scroller = gtk_widget_get_first_child (GTK_WIDGET (view));

  g_assert_true (GTK_IS_SCROLLED_WINDOW (scroller));
  return GTK_LIST_VIEW (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)));
}

/* Kalah: South's C with 4 seeds ends in the store. */
static void
test_history_rows (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  CongkakHistoryView *view = CONGKAK_HISTORY_VIEW (congkak_history_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 600);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autofree char *text = NULL;
  g_autofree char *label = NULL;
  CongkakNode *c;
  CongkakNode *start;

  congkak_history_view_set_match (view, match);
  c = play (match, "C");
  for (guint i = 0; i < 12 && play_random (match, rand); i++)
    ;
  /* Variations at several places, one inside another. */
  start = branch_at (match, c, rand, 4);
  g_assert_nonnull (start);
  branch_at (match, congkak_node_get_main_child (start), rand, 3);
  branch_at (match, congkak_node_get_main_child (congkak_node_get_main_child (c)), rand, 3);
  branch_at (match, congkak_match_get_root (match), rand, 2);
  test_wait_for_drawing (GTK_WIDGET (view));

  assert_rows_in_file_order (view, match);
  text = congkak_history_view_dup_row_text (view, 0);
  g_assert_cmpstr (text, ==, "Start");
  g_free (text);
  text = congkak_history_view_dup_row_text (view, 1);
  g_assert_cmpstr (text, ==, "1. C");
  label = congkak_history_view_dup_row_label (view, 1);
  g_assert_cmpstr (label, ==, "Move 1, South C, extra turn");

  /* The cursor's row is selected. */
  g_assert_cmpint (congkak_history_view_get_selected_row (view), ==,
                   row_of (view, congkak_match_get_cursor (match)));
  congkak_match_set_cursor (match, c);
  g_assert_cmpint (congkak_history_view_get_selected_row (view), ==, 1);

  /* A mark and a comment show in the label. */
  congkak_match_set_mark (match, c, CONGKAK_MARK_GOOD);
  congkak_match_set_comment (match, c, "Safe.");
  g_free (label);
  label = congkak_history_view_dup_row_label (view, 1);
  g_assert_cmpstr (label, ==, "Move 1, South C, extra turn, good move, comment");

  gtk_window_destroy (window);
}

/* Relay and capture tags come from the engine's events. */
static void
test_history_tags (void)
{
  g_autoptr (CongkakMatch) match = new_match ("congkak-single");
  CongkakHistoryView *view = CONGKAK_HISTORY_VIEW (congkak_history_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 600);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  gboolean saw_relay = FALSE, saw_capture = FALSE;

  congkak_history_view_set_match (view, match);
  for (guint i = 0; i < 60 && play_random (match, rand); i++)
    ;
  test_wait_for_drawing (GTK_WIDGET (view));

  for (guint i = 0; i < congkak_history_view_get_n_rows (view); i++)
    {
      g_autofree char *label = congkak_history_view_dup_row_label (view, i);

      saw_relay |= strstr (label, "relay") != NULL;
      saw_capture |= strstr (label, "seeds") != NULL || strstr (label, "capture 1 seed") != NULL;
    }
  g_assert_true (saw_relay);
  g_assert_true (saw_capture);
  gtk_window_destroy (window);
}

/* Activating a row moves the cursor. */
static void
test_history_activate (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  CongkakHistoryView *view = CONGKAK_HISTORY_VIEW (congkak_history_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 600);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);

  for (guint i = 0; i < 20 && play_random (match, rand); i++)
    ;
  congkak_history_view_set_match (view, match);
  test_wait_for_drawing (GTK_WIDGET (view));

  g_signal_emit_by_name (list_view_of (view), "activate", 5);
  g_assert_true (congkak_match_get_cursor (match) == congkak_history_view_get_row_node (view, 5));
  g_assert_cmpint (congkak_history_view_get_selected_row (view), ==, 5);

  g_signal_emit_by_name (list_view_of (view), "activate", 0);
  g_assert_true (congkak_match_get_cursor (match) == congkak_match_get_root (match));

  gtk_window_destroy (window);
}

static void
read_text_cb (GObject      *clipboard,
              GAsyncResult *result,
              gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

/* Promote, delete and copy-line through the widget's actions. */
static void
test_history_actions (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  CongkakHistoryView *view = CONGKAK_HISTORY_VIEW (congkak_history_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 600);
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autofree char *copied = NULL;
  g_autofree char *expected = NULL;
  CongkakNode *branch_point;
  CongkakNode *start;
  CongkakNode *inside;
  guint n_nodes;

  congkak_history_view_set_match (view, match);
  for (guint i = 0; i < 10 && play_random (match, rand); i++)
    ;
  branch_point = congkak_node_get_main_child (congkak_node_get_main_child (congkak_match_get_root (match)));
  start = branch_at (match, branch_point, rand, 3);
  g_assert_nonnull (start);
  inside = congkak_match_get_cursor (match);
  g_assert_false (congkak_node_is_main_line (inside));
  test_wait_for_drawing (GTK_WIDGET (view));
  g_assert_cmpuint (congkak_history_view_get_row_depth (view, row_of (view, inside)), ==, 1);

  /* Promoting from inside the variation promotes the whole variation. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "history.promote", NULL));
  g_assert_true (congkak_node_get_main_child (branch_point) == start);
  g_assert_true (congkak_node_is_main_line (inside));
  test_iterate (2);
  assert_rows_in_file_order (view, match);
  g_assert_cmpuint (congkak_history_view_get_row_depth (view, row_of (view, inside)), ==, 0);
  g_assert_cmpint (congkak_history_view_get_selected_row (view), ==, row_of (view, inside));

  /* Copy the line up to the cursor. */
  {
    g_autoptr (GString) line = g_string_new (NULL);
    g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);

    for (CongkakNode *node = inside; !congkak_node_is_root (node); node = congkak_node_get_parent (node))
      g_ptr_array_insert (moves, 0, congkak_node_dup_move_text (node));
    g_ptr_array_add (moves, NULL);
    expected = g_strjoinv (" ", (char **) moves->pdata);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "history.copy-line", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (view)), NULL, read_text_cb, &copied);
  while (copied == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (copied, ==, expected);

  /* Delete the move and what follows. */
  n_nodes = congkak_match_get_n_nodes (match);
  congkak_match_set_cursor (match, start);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), <, n_nodes);
  g_assert_true (congkak_match_get_cursor (match) == branch_point);
  test_iterate (2);
  assert_rows_in_file_order (view, match);
  g_assert_cmpint (row_of (view, start), ==, -1);

  /* Undo brings the rows back. */
  congkak_match_undo (match);
  assert_rows_in_file_order (view, match);

  /* At the start, only what makes sense is enabled. */
  congkak_match_set_cursor (match, congkak_match_get_root (match));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL)
                  && congkak_match_get_n_nodes (match) != n_nodes);

  gtk_window_destroy (window);
}

static guint
count_undo_steps (CongkakMatch *match)
{
  guint steps = 0;

  while (congkak_match_undo (match))
    steps++;
  for (guint i = 0; i < steps; i++)
    congkak_match_redo (match);
  return steps;
}

/* Typing goes into the cursor's comment after a pause, as one step. */
static void
test_annotation_comment (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  CongkakAnnotationView *view = CONGKAK_ANNOTATION_VIEW (congkak_annotation_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 700);
  GtkTextBuffer *buffer = congkak_annotation_view_get_comment_buffer (view);
  g_autoptr (GRand) rand = g_rand_new_with_seed (2);
  g_autofree char *big = NULL;
  GtkTextIter end;
  CongkakNode *node;
  CongkakNode *other;
  guint steps;

  for (guint i = 0; i < 4; i++)
    play_random (match, rand);
  congkak_match_forget_history (match);
  node = congkak_match_get_cursor (match);
  other = congkak_node_get_parent (node);
  congkak_annotation_view_set_match (view, match);
  test_wait_for_drawing (GTK_WIDGET (view));

  for (const char *p = "A fine move."; *p; p++)
    {
      gtk_text_buffer_get_end_iter (buffer, &end);
      gtk_text_buffer_insert (buffer, &end, p, 1);
    }
  g_assert_cmpstr (congkak_node_get_comment (node), ==, "");
  test_iterate (70);
  g_assert_cmpstr (congkak_node_get_comment (node), ==, "A fine move.");
  steps = count_undo_steps (match);
  g_assert_cmpuint (steps, ==, 1);

  /* Leaving the move commits what was typed at once. */
  gtk_text_buffer_set_text (buffer, "Better: a.", -1);
  congkak_match_set_cursor (match, other);
  g_assert_cmpstr (congkak_node_get_comment (node), ==, "Better: a.");
  {
    g_autofree char *shown = NULL;
    GtkTextIter start;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    shown = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    g_assert_cmpstr (shown, ==, "");
  }

  /* The model's changes show in the editor. */
  congkak_match_set_comment (match, other, "From elsewhere");
  {
    g_autofree char *shown = NULL;
    GtkTextIter start;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    shown = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    g_assert_cmpstr (shown, ==, "From elsewhere");
  }

  /* Past the limit, input is refused. */
  big = g_strnfill (CONGKAK_MATCH_MAX_TEXT, 'x');
  gtk_text_buffer_set_text (buffer, big, -1);
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, "y", 1);
  g_assert_cmpint (gtk_text_buffer_get_char_count (buffer), ==, CONGKAK_MATCH_MAX_TEXT);
  congkak_annotation_view_commit (view);
  g_assert_cmpuint (strlen (congkak_node_get_comment (other)), ==, CONGKAK_MATCH_MAX_TEXT);

  /* The start has a comment, but no mark. */
  congkak_match_set_cursor (match, congkak_match_get_root (match));
  g_assert_false (gtk_widget_get_sensitive (congkak_annotation_view_get_mark_button (view, CONGKAK_MARK_GOOD))
                  && gtk_widget_is_sensitive (congkak_annotation_view_get_mark_button (view, CONGKAK_MARK_GOOD)));
  gtk_text_buffer_set_text (buffer, "Both sides start with 24 seeds.", -1);
  congkak_annotation_view_commit (view);
  g_assert_cmpstr (congkak_node_get_comment (congkak_match_get_root (match)), ==, "Both sides start with 24 seeds.");

  gtk_window_destroy (window);
}

static gboolean
is_active (CongkakAnnotationView *view,
           CongkakMark            mark)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (congkak_annotation_view_get_mark_button (view, mark)));
}

/* The mark buttons set the cursor's mark, one at a time. */
static void
test_annotation_marks (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  CongkakAnnotationView *view = CONGKAK_ANNOTATION_VIEW (congkak_annotation_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 700);
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);
  CongkakNode *node;

  for (guint i = 0; i < 3; i++)
    play_random (match, rand);
  node = congkak_match_get_cursor (match);
  congkak_annotation_view_set_match (view, match);
  test_wait_for_drawing (GTK_WIDGET (view));
  g_assert_true (gtk_widget_is_sensitive (congkak_annotation_view_get_mark_button (view, CONGKAK_MARK_GOOD)));

  test_click (congkak_annotation_view_get_mark_button (view, CONGKAK_MARK_GOOD));
  g_assert_cmpint (congkak_node_get_mark (node), ==, CONGKAK_MARK_GOOD);
  g_assert_true (is_active (view, CONGKAK_MARK_GOOD));

  test_click (congkak_annotation_view_get_mark_button (view, CONGKAK_MARK_BLUNDER));
  g_assert_cmpint (congkak_node_get_mark (node), ==, CONGKAK_MARK_BLUNDER);
  g_assert_false (is_active (view, CONGKAK_MARK_GOOD));
  g_assert_true (is_active (view, CONGKAK_MARK_BLUNDER));

  test_click (congkak_annotation_view_get_mark_button (view, CONGKAK_MARK_BLUNDER));
  g_assert_cmpint (congkak_node_get_mark (node), ==, CONGKAK_MARK_NONE);
  g_assert_false (is_active (view, CONGKAK_MARK_BLUNDER));

  /* Undo shows in the buttons. */
  congkak_match_undo (match);
  g_assert_true (is_active (view, CONGKAK_MARK_BLUNDER));

  /* Another move shows its own mark. */
  congkak_match_set_cursor (match, congkak_node_get_parent (node));
  g_assert_false (is_active (view, CONGKAK_MARK_BLUNDER));
  congkak_match_set_cursor (match, congkak_match_get_root (match));
  g_assert_false (gtk_widget_is_sensitive (congkak_annotation_view_get_mark_button (view, CONGKAK_MARK_GOOD)));

  gtk_window_destroy (window);
}

static AdwEntryRow *
find_entry_row (GtkWidget  *widget,
                const char *title)
{
  if (ADW_IS_ENTRY_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return ADW_ENTRY_ROW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      AdwEntryRow *found = find_entry_row (child, title);

      if (found)
        return found;
    }
  return NULL;
}

/* The details go into the match on apply, and follow it. */
static void
test_annotation_details (void)
{
  g_autoptr (CongkakMatch) match = new_match ("congkak");
  CongkakAnnotationView *view = CONGKAK_ANNOTATION_VIEW (congkak_annotation_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 900);
  AdwEntryRow *south;
  AdwEntryRow *place;

  congkak_match_set_player (match, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_HARD);
  congkak_annotation_view_set_match (view, match);
  test_wait_for_drawing (GTK_WIDGET (view));

  south = find_entry_row (GTK_WIDGET (view), "_South");
  place = find_entry_row (GTK_WIDGET (view), "_Place");
  g_assert_nonnull (south);
  g_assert_nonnull (place);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_entry_row (GTK_WIDGET (view), "_North"))), ==, "Budi");

  gtk_editable_set_text (GTK_EDITABLE (south), "Ani");
  g_signal_emit_by_name (south, "apply");
  g_assert_cmpstr (congkak_match_get_player_name (match, CONGKAK_SOUTH), ==, "Ani");

  gtk_editable_set_text (GTK_EDITABLE (place), "Melaka");
  g_signal_emit_by_name (place, "apply");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_PLACE), ==, "Melaka");

  /* Undo shows in the rows; the computer player stays a computer. */
  congkak_match_undo (match);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (place)), ==, "");
  g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_NORTH), ==, CONGKAK_PLAYER_COMPUTER);

  gtk_window_destroy (window);
}

/* A long match with many variations builds its rows quickly. */
/* Variations inside variations, to the depth a file may hold
 * (CONGKAK_MAX_VARIATION_DEPTH): the list stays as narrow as a phone. */
#define MAX_NESTING 60

static void
test_history_deep_variations (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakHistoryView *view = CONGKAK_HISTORY_VIEW (congkak_history_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 600);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  CongkakRules rules;
  CongkakNode *at;
  guint depth = 0;
  int minimum;

  test_rules (&rules, "congkak", "simultaneous-opening=off", NULL);
  match = congkak_match_new (&rules);
  g_assert_true (play_random (match, rand));
  g_assert_true (play_random (match, rand));
  at = congkak_node_get_parent (congkak_match_get_cursor (match));
  /* Each variation starts a move into the one before; where only one
   * move is legal (next-round), the line goes on a move first. */
  for (guint tries = 0; depth < MAX_NESTING && tries < 1000; tries++)
    {
      CongkakNode *start = branch_at (match, at, rand, 2);

      if (start != NULL)
        {
          depth++;
          at = start;
          continue;
        }
      congkak_match_set_cursor (match, at);
      if (congkak_node_get_main_child (at) == NULL && !play_random (match, rand))
        break;
      at = congkak_node_get_main_child (at);
    }
  g_assert_cmpuint (depth, ==, MAX_NESTING);
  congkak_history_view_set_match (view, match);
  congkak_match_go_to_end (match);
  test_wait_for_drawing (GTK_WIDGET (view));
  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_test_message ("%u variations deep: the list needs %d px", depth, minimum);
  g_assert_cmpint (minimum, <=, 360);
  test_save_screenshot (GTK_WIDGET (window), "history-deep-variations.png");
  gtk_window_destroy (window);
}

static void
test_history_large (void)
{
  g_autoptr (CongkakMatch) match = new_match ("congkak");
  CongkakHistoryView *view = CONGKAK_HISTORY_VIEW (congkak_history_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 800);
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  g_autoptr (GPtrArray) main_line = g_ptr_array_new ();
  gint64 start;
  double build, first_draw, to_end, update;
  guint variations = 0;

  /* About 2,000 moves on the main line. */
  while (congkak_match_get_n_nodes (match) < 2000 && play_random (match, rand))
    ;
  for (CongkakNode *node = congkak_match_get_root (match); node; node = congkak_node_get_main_child (node))
    g_ptr_array_add (main_line, node);
  while (variations < 50)
    {
      CongkakNode *at = g_ptr_array_index (main_line, g_rand_int_range (rand, 0, main_line->len - 1));

      if (branch_at (match, at, rand, 6))
        variations++;
    }
  g_test_message ("large match: %u moves, %u on the main line, %u variations",
                  congkak_match_get_n_nodes (match), main_line->len - 1, variations);
  congkak_match_set_cursor (match, congkak_match_get_root (match));

  start = g_get_monotonic_time ();
  congkak_history_view_set_match (view, match);
  g_assert_cmpuint (congkak_history_view_get_n_rows (view), ==, congkak_match_get_n_nodes (match) + 1);
  build = (g_get_monotonic_time () - start) / 1000.0;

  start = g_get_monotonic_time ();
  test_wait_for_drawing (GTK_WIDGET (view));
  first_draw = (g_get_monotonic_time () - start) / 1000.0 - 200;

  start = g_get_monotonic_time ();
  congkak_match_go_to_end (match);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  to_end = (g_get_monotonic_time () - start) / 1000.0;

  start = g_get_monotonic_time ();
  if (!play_random (match, rand))
    congkak_match_undo (match);
  g_assert_cmpuint (congkak_history_view_get_n_rows (view), ==, congkak_match_get_n_nodes (match) + 1);
  update = (g_get_monotonic_time () - start) / 1000.0;

  g_test_message ("large match: rows built in %.1f ms, first frame in about %.1f ms, "
                  "cursor to the end in %.1f ms, one move added in %.1f ms",
                  build, first_draw, to_end, update);
  assert_rows_in_file_order (view, match);
  gtk_window_destroy (window);
}

static GtkListView *
find_list_view (GtkWidget *widget)
{
  if (GTK_IS_LIST_VIEW (widget))
    return GTK_LIST_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkListView *found = find_list_view (child);

      if (found)
        return found;
    }
  return NULL;
}

static void
item_finalized_cb (gpointer  data,
                   GObject  *where_the_item_was)
{
  *(gboolean *) data = TRUE;
}

/* The rows of a long match become items only as the list asks for them,
 * and are not kept: an item for a row far off screen, once let go, is
 * gone (a GListStore of 2,001 items kept every one, some 180 bytes a
 * row with its place in the store and a table), while a row on screen
 * keeps its item. */
static void
test_history_items_on_demand (void)
{
  g_autoptr (CongkakMatch) match = new_match ("congkak");
  CongkakHistoryView *view = CONGKAK_HISTORY_VIEW (congkak_history_view_new ());
  GtkWindow *window = window_with (GTK_WIDGET (view), 360, 800);
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  GListModel *model;
  GtkListView *list_view;
  CongkakHistoryItem *item;
  gboolean finalized = FALSE;
  guint rows;

  while (congkak_match_get_n_nodes (match) < 2000 && play_random (match, rand))
    ;
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2000);
  congkak_match_set_cursor (match, congkak_match_get_root (match));
  congkak_history_view_set_match (view, match);
  test_wait_for_drawing (GTK_WIDGET (view));

  list_view = find_list_view (GTK_WIDGET (view));
  g_assert_nonnull (list_view);
  model = G_LIST_MODEL (gtk_list_view_get_model (list_view));
  rows = g_list_model_get_n_items (model);
  g_assert_cmpuint (rows, ==, congkak_match_get_n_nodes (match) + 1);

  /* Far off screen: made now, gone when let go. */
  item = g_list_model_get_item (model, rows - 2);
  g_assert_true (congkak_history_item_get_node (item) == congkak_history_view_get_row_node (view, rows - 2));
  g_object_weak_ref (G_OBJECT (item), item_finalized_cb, &finalized);
  g_object_unref (item);
  g_assert_true (finalized);

  /* On screen: the list holds it, and is given the same one again. */
  {
    g_autoptr (CongkakHistoryItem) first = g_list_model_get_item (model, 1);
    g_autoptr (CongkakHistoryItem) again = g_list_model_get_item (model, 1);

    g_assert_true (first == again);
    g_assert_cmpuint (G_OBJECT (first)->ref_count, >, 2);
  }

  /* And the end of the match, shown, is right. */
  congkak_match_go_to_end (match);
  test_wait_for_drawing (GTK_WIDGET (view));
  g_assert_cmpint (congkak_history_view_get_selected_row (view), ==, (int) rows - 1);
  gtk_window_destroy (window);
}

static GtkWindow *
annotated_window (CongkakMatch *match,
                  gboolean      annotation)
{
  GtkWidget *widget = annotation ? congkak_annotation_view_new () : congkak_history_view_new ();
  GtkWindow *window = window_with (widget, 340, annotation ? 820 : 560);

  g_object_set (widget, "match", match, NULL);
  test_wait_for_drawing (widget);
  return window;
}

/* The parts of the row a pointer passes over, left to right, by their
 * tooltips. */
static GPtrArray *
row_tooltips (CongkakHistoryRow *row)
{
  GPtrArray *tooltips = g_ptr_array_new ();

  for (int x = 0; x < gtk_widget_get_width (GTK_WIDGET (row)); x++)
    {
      const char *text = congkak_history_row_get_tooltip_at (row, x);

      if (text && (tooltips->len == 0 || g_ptr_array_index (tooltips, tooltips->len - 1) != text))
        g_ptr_array_add (tooltips, (gpointer) text);
    }
  return tooltips;
}

/* A row is one widget that draws its parts (a list keeps 200 of them):
 * each part is there, in its order, says what it is when pointed at, and
 * the tags give way first when the row is narrow. */
static void
test_history_row_parts (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWindow *window = window_with (box, 400, 100);
  CongkakHistoryRow *plain = CONGKAK_HISTORY_ROW (congkak_history_row_new ());
  CongkakHistoryRow *full = CONGKAK_HISTORY_ROW (congkak_history_row_new ());
  g_autoptr (CongkakHistoryItem) plain_item = NULL;
  g_autoptr (CongkakHistoryItem) full_item = NULL;
  g_autoptr (GPtrArray) tooltips = NULL;
  g_autofree char *meaning = NULL;
  const char *spoken_tags = NULL;
  CongkakNode *first, *second;
  int plain_natural, full_minimum, full_natural;

  /* Kalah's C ends in the store: a tag ("extra turn") to show. */
  first = play (match, "C");
  second = play (match, "A");
  congkak_match_set_mark (match, first, CONGKAK_MARK_GOOD);
  congkak_match_set_comment (match, first, "Into the store.");
  congkak_match_set_analysis (match, first, 3, NULL, CONGKAK_MARK_NONE, NULL);
  meaning = congkak_analysis_describe_score (congkak_match_get_rules (match), 3);

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (plain));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (full));
  plain_item = congkak_history_item_new (second, 0, 2, 1);
  full_item = congkak_history_item_new (first, 0, 1, 1);
  congkak_history_row_bind (plain, plain_item, match);
  congkak_history_row_bind (full, full_item, match);
  test_wait_for_drawing (GTK_WIDGET (full));

  g_assert_null (gtk_widget_get_first_child (GTK_WIDGET (full)));
  g_assert_true (congkak_history_row_get_item (full) == full_item);
  g_assert_nonnull (congkak_history_item_get_tags (full_item, match, &spoken_tags));
  g_assert_nonnull (spoken_tags);

  tooltips = row_tooltips (full);
  g_assert_cmpuint (tooltips->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (tooltips, 0), ==, spoken_tags);
  g_assert_cmpstr (g_ptr_array_index (tooltips, 1), ==, congkak_history_mark_name (CONGKAK_MARK_GOOD));
  g_assert_cmpstr (g_ptr_array_index (tooltips, 2), ==, "Has a comment");
  g_assert_cmpstr (g_ptr_array_index (tooltips, 3), ==, meaning);
  g_assert_cmpstr (congkak_history_row_get_tooltip_at (full, -1), ==, g_ptr_array_index (tooltips, 0));
  g_clear_pointer (&tooltips, g_ptr_array_unref);
  tooltips = row_tooltips (plain);
  g_assert_cmpuint (tooltips->len, ==, 0);

  gtk_widget_measure (GTK_WIDGET (plain), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &plain_natural, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (full), GTK_ORIENTATION_HORIZONTAL, -1, &full_minimum, &full_natural, NULL, NULL);
  g_assert_cmpint (full_natural, >, plain_natural);
  g_assert_cmpint (full_minimum, <, full_natural);

  /* Unbound, it shows nothing and holds nothing. */
  congkak_history_row_unbind (full);
  g_assert_null (congkak_history_row_get_item (full));
  g_assert_null (congkak_history_row_get_tooltip_at (full, -1));
  gtk_window_destroy (window);
}

static void
test_screenshots (void)
{
  g_autoptr (CongkakMatch) match = new_match ("congkak");
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);
  CongkakNode *node;
  CongkakNode *commented = NULL;

  congkak_match_set_player (match, CONGKAK_SOUTH, "Ani", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_player (match, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_metadata (match, CONGKAK_METADATA_EVENT, "Kampung championship");
  congkak_match_set_metadata (match, CONGKAK_METADATA_PLACE, "Melaka");
  for (guint i = 0; i < 40 && play_random (match, rand); i++)
    if (i == 3)
      commented = congkak_match_get_cursor (match);
  node = congkak_node_get_main_child (congkak_node_get_main_child (congkak_match_get_root (match)));
  branch_at (match, node, rand, 3);
  branch_at (match, congkak_node_get_main_child (node), rand, 2);
  congkak_match_set_mark (match, commented, CONGKAK_MARK_GOOD);
  congkak_match_set_comment (match, commented, "Keeps the relay going through North's holes.");
  congkak_match_set_mark (match, congkak_node_get_main_child (commented), CONGKAK_MARK_DUBIOUS);
  congkak_match_set_cursor (match, commented);

  for (guint dark = 0; dark < 2; dark++)
    {
      GtkWindow *window;

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      window = annotated_window (match, FALSE);
      test_save_screenshot (GTK_WIDGET (window), dark ? "history-view-dark.png" : "history-view.png");
      gtk_window_destroy (window);

      window = annotated_window (match, TRUE);
      test_save_screenshot (GTK_WIDGET (window), dark ? "annotation-view-dark.png" : "annotation-view.png");
      gtk_window_destroy (window);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  gtk_css_provider_load_from_resource (css, "/io/github/congkak/Congkak/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  g_test_add_func ("/view/history/rows", test_history_rows);
  g_test_add_func ("/view/history/tags", test_history_tags);
  g_test_add_func ("/view/history/activate", test_history_activate);
  g_test_add_func ("/view/history/actions", test_history_actions);
  g_test_add_func ("/view/history/large", test_history_large);
  g_test_add_func ("/view/history/items-on-demand", test_history_items_on_demand);
  g_test_add_func ("/view/history/deep-variations", test_history_deep_variations);
  g_test_add_func ("/view/history/row-parts", test_history_row_parts);
  g_test_add_func ("/view/annotation/comment", test_annotation_comment);
  g_test_add_func ("/view/annotation/marks", test_annotation_marks);
  g_test_add_func ("/view/annotation/details", test_annotation_details);
  g_test_add_func ("/view/history/screenshots", test_screenshots);

  return g_test_run ();
}
