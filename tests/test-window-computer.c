/* test-window-computer.c — the computer, hints and analysis in the window
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computer's turns themselves are tested without a display
 * (test-session); these drive the window: the board locked while it
 * thinks, the spinner and status, hints, Analyse Match.  Low levels and
 * short thinking times keep them quick; the computer's seed is fixed so
 * its moves are the same on every run.  Waiting for the
 * worker thread runs the main loop until a condition holds (never a timed
 * assertion).  Screenshots go to tests/screenshots/ in the build folder.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "congkak-board-view.h"
#include "congkak-computer-worker.h"
#include "congkak-evaluation-graph.h"
#include "congkak-history-view.h"
#include "congkak-new-match-dialog.h"
#include "congkak-start-page.h"
#include "congkak-test-util.h"
#include "congkak-window-test-util.h"

#define WAIT_ROUNDS 3000   /* 30 s at the most, far more than any wait needs */
#define SEED 20260101

static CongkakComputerWorker *
worker_of (CongkakWindow *window)
{
  return congkak_session_get_computer_worker (congkak_window_get_session (window));
}

static gboolean
is_thinking (CongkakWindow *window)
{
  return congkak_session_get_thinking (congkak_window_get_session (window));
}

static gboolean
is_analysing (CongkakWindow *window)
{
  return congkak_session_get_analysing (congkak_window_get_session (window));
}

static CongkakWindow *
window_against (const char        *profile,
                CongkakPlayerKind  south,
                CongkakLevel       south_level,
                CongkakPlayerKind  north,
                CongkakLevel       north_level,
                CongkakMatch     **match)
{
  CongkakWindow *window = test_window_new ();
  CongkakRules rules;

  test_window_show_at_once (window);
  test_rules (&rules, profile, NULL);
  *match = congkak_match_new (&rules);
  congkak_match_set_player (*match, CONGKAK_SOUTH, "", south, south_level);
  congkak_match_set_player (*match, CONGKAK_NORTH, "", north, north_level);
  congkak_match_forget_history (*match);
  congkak_window_start_match (window, *match);
  /* Before the session asks its first player, from the main loop. */
  congkak_computer_worker_set_seed (worker_of (window), SEED);
  test_wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  return window;
}

static const CongkakState *
match_state (CongkakMatch *match)
{
  return congkak_game_get_state (congkak_match_get_cursor_game (match));
}

static gboolean
not_thinking (gpointer data)
{
  return !is_thinking (data);
}

static gboolean
no_worker (gpointer data)
{
  return congkak_computer_worker_get_n_running (data) == 0;
}

/* South clicks, North (the computer) replies, and South is to move again. */
static void
test_human_against_computer (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  g_autofree char *north_hole = NULL;

  window = window_against ("kalah", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY,
                           CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_MEDIUM, &match);
  board = congkak_window_get_board (window);
  g_assert_false (is_thinking (window));
  g_assert_false (congkak_board_view_get_locked (board));

  /* A sows B to E: North's turn. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  g_assert_cmpint (match_state (match)->position.to_move, ==, CONGKAK_NORTH);
  g_assert_true (is_thinking (window));
  g_assert_true (congkak_board_view_get_locked (board));
  g_assert_cmpstr (test_status_text (window), ==, "North (computer) is choosing…");

  /* Whatever North does, a locked board takes no click for it. */
  north_hole = congkak_board_view_describe_hole (board, CONGKAK_NORTH, 0);
  g_assert_null (strstr (north_hole, "can be sown"));

  g_assert_true (test_wait_until (not_thinking, window, WAIT_ROUNDS));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), >=, 2);
  if (match_state (match)->position.to_move == CONGKAK_SOUTH)
    {
      g_assert_false (congkak_board_view_get_locked (board));
      g_assert_cmpstr (test_status_text (window), ==, "South to move");
    }
  g_assert_cmpuint (congkak_computer_worker_get_n_running (worker_of (window)), ==, 0);

  /* Undo takes back the computer's reply and the move it answered. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 0);
  g_assert_cmpint (match_state (match)->position.to_move, ==, CONGKAK_SOUTH);
  g_assert_false (is_thinking (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A computer move that is still being searched: Hard on Kalah from the
 * start, which never finishes early. */
static CongkakWindow *
window_thinking (CongkakMatch **match)
{
  CongkakWindow *window = window_against ("kalah", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY,
                                          CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_HARD, match);

  congkak_computer_worker_set_max_seconds (worker_of (window), 2.0);
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 0));
  g_assert_true (is_thinking (window));
  g_assert_cmpuint (congkak_computer_worker_get_n_running (worker_of (window)), ==, 1);
  return window;
}

/* Undo while the computer thinks: the search stops, its thread ends, and
 * no move of it turns up later. */
static void
test_undo_cancels (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window = window_thinking (&match);
  g_autoptr (CongkakComputerWorker) player = g_object_ref (worker_of (window));

  test_iterate (5);
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "computer-thinking.png");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (is_thinking (window));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 0);
  g_assert_true (test_wait_until (no_worker, player, WAIT_ROUNDS));
  test_iterate (10);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 0);
  g_assert_cmpint (match_state (match)->position.to_move, ==, CONGKAK_SOUTH);
  g_assert_false (is_thinking (window));

  /* Going back in the replay stops it too, and it starts again at the end. */
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 0));
  g_assert_true (is_thinking (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  g_assert_false (is_thinking (window));
  g_assert_true (test_wait_until (no_worker, player, WAIT_ROUNDS));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  g_assert_true (is_thinking (window));

  /* And so does a new match (after the question about the moves). */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-match", NULL);
  test_answer_dialog (window, "discard");
  g_assert_false (is_thinking (window));
  g_assert_true (test_wait_until (no_worker, player, WAIT_ROUNDS));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Closing the window while the computer thinks leaves no thread behind. */
static void
test_close_while_thinking (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window = window_thinking (&match);
  g_autoptr (CongkakComputerWorker) player = g_object_ref (worker_of (window));

  gint64 start = g_get_monotonic_time ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (test_wait_until (no_worker, player, WAIT_ROUNDS));
  g_test_message ("the worker ended %.0f ms after the window closed",
                  (g_get_monotonic_time () - start) / 1000.0);
  test_iterate (10);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);
}

static gboolean
hint_shown (gpointer data)
{
  return congkak_board_view_get_hint (data, NULL) != CONGKAK_NOBODY;
}

/* Ctrl+H marks a hole the player to move may sow. */
static void
test_hint (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  g_autofree char *label = NULL;
  guint hole = 0;

  window = window_against ("kalah", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY,
                           CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY, &match);
  board = congkak_window_get_board (window);
  congkak_computer_worker_set_max_seconds (worker_of (window), 0.3);
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));

  g_assert_cmpint (congkak_board_view_get_hint (board, NULL), ==, CONGKAK_NOBODY);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_true (test_wait_until (hint_shown, board, WAIT_ROUNDS));
  g_assert_cmpint (congkak_board_view_get_hint (board, &hole), ==, CONGKAK_NORTH);
  g_assert_true (congkak_state_is_legal (match_state (match), congkak_match_get_rules (match), hole));
  label = congkak_board_view_describe_hole (board, CONGKAK_NORTH, hole);
  g_assert_nonnull (strstr (label, "best move"));
  g_assert_cmpuint (congkak_computer_worker_get_n_running (worker_of (window)), ==, 0);

  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "computer-hint.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "computer-hint-360px-dark.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  /* The next move takes the mark away. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, hole));
  g_assert_cmpint (congkak_board_view_get_hint (board, NULL), ==, CONGKAK_NOBODY);
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  CongkakPlayerKind kind[2];
  CongkakLevel      level[2];
  gboolean          started;
} Started;

static void
dialog_start_cb (CongkakNewMatchDialog *dialog,
                 const CongkakRules    *rules,
                 Started               *started)
{
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      started->kind[side] = congkak_new_match_dialog_get_player_kind (dialog, side);
      started->level[side] = congkak_new_match_dialog_get_player_level (dialog, side);
    }
  started->started = TRUE;
}

/* The New Match dialog: who plays each side, remembered for next time;
 * Perfect only for games the search can see to the end. */
static void
test_new_match_dialog (void)
{
  static const struct
  {
    const char *name;
    int         width;
    int         height;
    gboolean    dark;
  } shots[] = {
    { "new-match-computer.png", 900, 900, FALSE },
    { "new-match-computer-360px-dark.png", 360, 700, TRUE },
  };
  GtkWindow *window = GTK_WINDOW (congkak_application_new_window (test_app ()));
  CongkakNewMatchDialog *dialog;
  Started started = { 0 };
  GtkWidget *game_row;

  gtk_window_present (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.choose-game", NULL);
  dialog = CONGKAK_NEW_MATCH_DIALOG (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_NEW_MATCH_DIALOG, NULL));
  g_assert_nonnull (dialog);
  g_signal_connect (dialog, "start", G_CALLBACK (dialog_start_cb), &started);
  test_wait_for_drawing (GTK_WIDGET (dialog));

  /* Congkak has rounds: no Perfect, and asking for it gives Hard. */
  congkak_new_match_dialog_set_player (dialog, CONGKAK_NORTH, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_PERFECT);
  g_assert_cmpint (congkak_new_match_dialog_get_player_level (dialog, CONGKAK_NORTH), ==, CONGKAK_LEVEL_HARD);

  /* Kalah is one round: Perfect is there. */
  game_row = test_find_widget (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, NULL);
  adw_combo_row_set_selected (ADW_COMBO_ROW (game_row), 2);
  congkak_new_match_dialog_set_player (dialog, CONGKAK_NORTH, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_PERFECT);
  g_assert_cmpint (congkak_new_match_dialog_get_player_level (dialog, CONGKAK_NORTH), ==, CONGKAK_LEVEL_PERFECT);
  congkak_new_match_dialog_set_player (dialog, CONGKAK_SOUTH, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          shots[i].dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_DEFAULT);
      gtk_window_set_default_size (window, shots[i].width, shots[i].height);
      test_wait_for_drawing (GTK_WIDGET (dialog));
      test_save_screenshot (GTK_WIDGET (window), shots[i].name);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-match.start", NULL);
  g_assert_true (started.started);
  g_assert_cmpint (started.kind[CONGKAK_SOUTH], ==, CONGKAK_PLAYER_HUMAN);
  g_assert_cmpint (started.kind[CONGKAK_NORTH], ==, CONGKAK_PLAYER_COMPUTER);
  g_assert_cmpint (started.level[CONGKAK_NORTH], ==, CONGKAK_LEVEL_PERFECT);

  /* The window's match has the players, and the dialog remembers them. */
  {
    CongkakMatch *match = congkak_window_get_match (CONGKAK_WINDOW (window));

    g_assert_nonnull (match);
    g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_NORTH), ==, CONGKAK_PLAYER_COMPUTER);
    g_assert_cmpint (congkak_match_get_player_level (match, CONGKAK_NORTH), ==, CONGKAK_LEVEL_PERFECT);
    g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_SOUTH), ==, CONGKAK_PLAYER_HUMAN);
  }
  test_iterate (5);
  dialog = congkak_new_match_dialog_new ();
  g_assert_cmpint (congkak_new_match_dialog_get_player_kind (dialog, CONGKAK_NORTH), ==, CONGKAK_PLAYER_COMPUTER);
  g_assert_cmpint (congkak_new_match_dialog_get_player_level (dialog, CONGKAK_NORTH), ==, CONGKAK_LEVEL_PERFECT);
  g_assert_cmpint (congkak_new_match_dialog_get_player_kind (dialog, CONGKAK_SOUTH), ==, CONGKAK_PLAYER_HUMAN);
  g_object_ref_sink (dialog);
  g_object_unref (dialog);
  gtk_window_destroy (window);
}

/* A Kalah match of @n_moves random moves (fixed seed), with a comment and
 * a mark of the user's on the third move. */
static CongkakMatch *
random_match (guint n_moves)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  CongkakMatch *match;
  CongkakNode *third = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  for (guint i = 0; i < n_moves; i++)
    {
      const CongkakGame *game = congkak_match_get_cursor_game (match);
      g_autofree char *move = NULL;
      CongkakNode *node;

      if (congkak_game_get_state (game)->phase != CONGKAK_PHASE_PLAYING)
        break;
      move = congkak_state_random_move (congkak_game_get_state (game), congkak_game_get_rules (game), rand);
      node = congkak_match_play_text (match, move, NULL, NULL);
      g_assert_nonnull (node);
      if (i == 2)
        third = node;
    }
  congkak_match_set_comment (match, third, "My own note");
  congkak_match_set_mark (match, third, CONGKAK_MARK_INTERESTING);
  congkak_match_forget_history (match);
  congkak_match_go_to_start (match);
  return match;
}

static gboolean
not_analysing (gpointer data)
{
  return !is_analysing (data);
}

/* The evaluations of the main line, "+3 -1 …", and whether every move has one. */
static char *
evaluations_text (CongkakMatch *match,
                  guint        *n_analysed)
{
  GString *text = g_string_new (NULL);

  *n_analysed = 0;
  for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match));
       node != NULL; node = congkak_node_get_main_child (node))
    {
      if (!congkak_node_has_analysis (node))
        continue;
      (*n_analysed)++;
      g_string_append_printf (text, "%d%s ", congkak_node_get_evaluation (node),
                              congkak_mark_to_string (congkak_node_get_analysis_mark (node)));
    }
  return g_string_free (text, FALSE);
}

/* Analyse Match: every move gets an evaluation, the same each time; the
 * user's comment and mark stay; the graph appears and moves the cursor. */
static void
test_analysis (void)
{
  g_autofree char *first = NULL;

  for (guint run = 0; run < 2; run++)
    {
      g_autoptr (CongkakMatch) match = random_match (16);
      CongkakWindow *window = test_window_with_match (match);
      CongkakEvaluationGraph *graph;
      CongkakNode *third;
      g_autofree char *evaluations = NULL;
      g_autofree char *summary = NULL;
      guint n_analysed, n_moves = 0;

      for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match)); node;
           node = congkak_node_get_main_child (node))
        n_moves++;
      graph = CONGKAK_EVALUATION_GRAPH (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_EVALUATION_GRAPH, NULL));
      g_assert_nonnull (graph);
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (graph)));

      gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL);
      g_assert_true (is_analysing (window));
      g_assert_true (test_wait_until (not_analysing, window, WAIT_ROUNDS));
      g_assert_true (test_wait_until (no_worker, worker_of (window), WAIT_ROUNDS));

      evaluations = evaluations_text (match, &n_analysed);
      g_test_message ("evaluations: %s", evaluations);
      g_assert_cmpuint (n_analysed, ==, n_moves);
      third = congkak_node_get_main_child (congkak_node_get_main_child (congkak_node_get_main_child (congkak_match_get_root (match))));
      g_assert_cmpstr (congkak_node_get_comment (third), ==, "My own note");
      g_assert_cmpint (congkak_node_get_mark (third), ==, CONGKAK_MARK_INTERESTING);
      if (run == 0)
        first = g_steal_pointer (&evaluations);
      else
        g_assert_cmpstr (evaluations, ==, first);

      /* The move list shows the evaluations and the computer's marks. */
      {
        GtkWidget *history = test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_HISTORY_VIEW, NULL);
        g_autofree char *label = NULL;

        test_iterate (5);
        label = congkak_history_view_dup_row_label (CONGKAK_HISTORY_VIEW (history), 5);
        g_test_message ("row 5: %s", label);
        g_assert_nonnull (strstr (label, ", evaluation "));
      }

      /* The graph: shown, summarised, and a click there moves the cursor. */
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (graph)));
      g_assert_cmpuint (congkak_evaluation_graph_get_n_moves (graph), ==, n_moves);
      summary = congkak_evaluation_graph_dup_summary (graph);
      g_assert_nonnull (strstr (summary, "South was ahead"));

      test_wait_for_drawing (GTK_WIDGET (graph));
      {
        g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (graph));
        double x = gtk_widget_get_width (GTK_WIDGET (graph)) * 0.6;
        guint expected = congkak_evaluation_graph_move_at_x (graph, x);
        gboolean handled = FALSE;

        g_assert_cmpuint (expected, >, 0);
        for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
          {
            g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

            if (GTK_IS_GESTURE_DRAG (controller))
              g_signal_emit_by_name (controller, "drag-begin", x, 10.0);
          }
        g_assert_cmpuint (congkak_node_get_depth (congkak_match_get_cursor (match)), ==, expected);
        /* The number under the cursor, in words. */
        g_test_message ("graph tooltip: %s", gtk_widget_get_tooltip_text (GTK_WIDGET (graph)));
        g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (graph)), "with best play"));

        for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
          {
            g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

            if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
              g_signal_emit_by_name (controller, "key-pressed", GDK_KEY_Left, 0, 0, &handled);
          }
        g_assert_true (handled);
        g_assert_cmpuint (congkak_node_get_depth (congkak_match_get_cursor (match)), ==, expected - 1);
      }

      if (run == 0)
        {
          test_wait_for_drawing (GTK_WIDGET (window));
          test_save_screenshot (GTK_WIDGET (window), "computer-analysis.png");
          adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
          gtk_window_set_default_size (GTK_WINDOW (window), 1400, 800);
          test_wait_for_drawing (GTK_WIDGET (window));
          test_save_screenshot (GTK_WIDGET (window), "computer-analysis-dark-wide.png");
          adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Cancel stops the analysis, keeps what it finished, and no worker stays. */
static void
test_analysis_cancel (void)
{
  g_autoptr (CongkakMatch) match = random_match (40);
  CongkakWindow *window = test_window_with_match (match);
  g_autofree char *evaluations = NULL;
  CongkakNode *third;
  guint n_analysed;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL);
  g_assert_true (is_analysing (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-analysis", NULL);
  g_assert_true (test_wait_until (not_analysing, window, WAIT_ROUNDS));
  g_assert_true (test_wait_until (no_worker, worker_of (window), WAIT_ROUNDS));
  evaluations = evaluations_text (match, &n_analysed);
  g_test_message ("analysed before the cancel: %u moves", n_analysed);
  third = congkak_node_get_main_child (congkak_node_get_main_child (congkak_node_get_main_child (congkak_match_get_root (match))));
  g_assert_cmpstr (congkak_node_get_comment (third), ==, "My own note");

  /* Closing the window in the middle of one leaves no thread either. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL);
  {
    g_autoptr (CongkakComputerWorker) player = g_object_ref (worker_of (window));

    gtk_window_destroy (GTK_WINDOW (window));
    g_assert_true (test_wait_until (no_worker, player, WAIT_ROUNDS));
  }
}

/* The start page's rows, found by their titles. */
static AdwComboRow *
start_page_row (CongkakWindow *window,
                const char    *title)
{
  GtkWidget *start = test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_START_PAGE, NULL);

  g_assert_nonnull (start);
  for (GtkWidget *row = test_find_widget (start, ADW_TYPE_COMBO_ROW, NULL); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_COMBO_ROW (row) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title) == 0)
      return ADW_COMBO_ROW (row);
  g_assert_not_reached ();
}

/* The item a combo row shows. */
static const char *
row_value (AdwComboRow *row)
{
  GtkStringObject *item = adw_combo_row_get_selected_item (row);

  return item ? gtk_string_object_get_string (item) : NULL;
}

static guint
row_n_items (AdwComboRow *row)
{
  return g_list_model_get_n_items (adw_combo_row_get_model (row));
}

/* The start page offers the computer first, at the level and in the game
 * chosen last, and two people here; Perfect only where the computer has
 * it.  Screenshots light and dark, narrow and wide. */
static void
test_start_page (void)
{
  static const struct
  {
    const char *name;
    int         width;
    int         height;
    gboolean    dark;
  } shots[] = {
    { "start-page.png", 960, 640, FALSE },
    { "start-page-dark.png", 960, 640, TRUE },
    { "start-page-360px.png", 360, 640, FALSE },
    { "start-page-360px-dark.png", 360, 640, TRUE },
    { "start-page-1920px.png", 1920, 1080, FALSE },
  };
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *game = NULL;
  g_autofree char *level = NULL;
  CongkakWindow *window;
  AdwComboRow *game_row, *level_row;
  CongkakMatch *match;

  g_settings_set_string (settings, "start-game", "kalah");
  g_settings_set_string (settings, "start-level", "hard");
  window = test_window_new ();
  test_wait_for_drawing (GTK_WIDGET (window));
  game_row = start_page_row (window, "_Game");
  level_row = start_page_row (window, "Co_mputer");
  g_assert_cmpstr (row_value (game_row), ==, "Kalah");
  g_assert_cmpstr (row_value (level_row), ==, "Hard");
  /* Kalah is one round: Perfect is there; Congkak's rounds keep it out. */
  g_assert_cmpuint (row_n_items (level_row), ==, 4);

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          shots[i].dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_DEFAULT);
      gtk_window_set_default_size (GTK_WINDOW (window), shots[i].width, shots[i].height);
      test_wait_for_drawing (GTK_WIDGET (window));
      test_save_screenshot (GTK_WIDGET (window), shots[i].name);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_set_default_size (GTK_WINDOW (window), 960, 640);

  adw_combo_row_set_selected (game_row, 0);
  g_assert_cmpstr (row_value (game_row), ==, "Congkak");
  g_assert_cmpuint (row_n_items (level_row), ==, 3);
  g_assert_cmpstr (row_value (level_row), ==, "Hard");
  adw_combo_row_set_selected (game_row, 3);
  adw_combo_row_set_selected (level_row, 0);
  g_assert_cmpstr (row_value (game_row), ==, "Oware");

  /* Two Players: two people here, and the game is kept for next time. */
  gtk_widget_activate_action (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_START_PAGE, NULL),
                              "start.two-players", NULL);
  match = congkak_window_get_match (window);
  g_assert_nonnull (match);
  g_assert_cmpint (congkak_match_get_rules (match)->family, ==, CONGKAK_FAMILY_OWARE);
  g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_SOUTH), ==, CONGKAK_PLAYER_HUMAN);
  g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_NORTH), ==, CONGKAK_PLAYER_HUMAN);
  game = g_settings_get_string (settings, "start-game");
  g_assert_cmpstr (game, ==, "oware");
  level = g_settings_get_string (settings, "start-level");
  g_assert_cmpstr (level, ==, "hard");
  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_pointer (&game, g_free);
  g_clear_pointer (&level, g_free);

  /* Play the Computer: North is the computer at the level shown, which
   * is kept too; the next window offers the same. */
  window = test_window_new ();
  test_wait_for_drawing (GTK_WIDGET (window));
  game_row = start_page_row (window, "_Game");
  level_row = start_page_row (window, "Co_mputer");
  g_assert_cmpstr (row_value (game_row), ==, "Oware");
  adw_combo_row_set_selected (level_row, 0);
  gtk_widget_activate_action (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_START_PAGE, NULL),
                              "start.play-computer", NULL);
  match = congkak_window_get_match (window);
  g_assert_nonnull (match);
  g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_SOUTH), ==, CONGKAK_PLAYER_HUMAN);
  g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_NORTH), ==, CONGKAK_PLAYER_COMPUTER);
  g_assert_cmpint (congkak_match_get_player_level (match, CONGKAK_NORTH), ==, CONGKAK_LEVEL_EASY);
  level = g_settings_get_string (settings, "start-level");
  g_assert_cmpstr (level, ==, "easy");
  gtk_window_destroy (GTK_WINDOW (window));

  window = test_window_new ();
  test_wait_for_drawing (GTK_WIDGET (window));
  g_assert_cmpstr (row_value (start_page_row (window, "_Game")), ==, "Oware");
  g_assert_cmpstr (row_value (start_page_row (window, "Co_mputer")), ==, "Easy");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Keyboard alone */

typedef struct
{
  CongkakMatch *match;
  guint         n_nodes;
} MoreNodes;

static gboolean
has_more_nodes (gpointer data)
{
  MoreNodes *more = data;

  return congkak_match_get_n_nodes (more->match) > more->n_nodes;
}

/* A person here is to act on the board, and the board has shown the last
 * move; or the round or the match is over. */
static gboolean
person_to_act (gpointer data)
{
  CongkakWindow *window = data;
  CongkakSession *session = congkak_window_get_session (window);
  CongkakTurnKind kind = congkak_session_get_turn_kind (session);

  if (kind == CONGKAK_TURN_MATCH_OVER || kind == CONGKAK_TURN_ROUND_OVER)
    return TRUE;
  return (kind == CONGKAK_TURN_MOVE || kind == CONGKAK_TURN_OPENING)
         && congkak_session_is_local_person (session, congkak_session_get_turn_side (session))
         && !congkak_session_get_thinking (session)
         && !congkak_session_get_presenting (session)
         && !congkak_board_view_is_animating (congkak_window_get_board (window))
         && !congkak_board_view_get_locked (congkak_window_get_board (window));
}

/* Where the focus is, for the test's log. */
static char *
describe_focus (CongkakWindow *window)
{
  CongkakBoardView *board = congkak_window_get_board (window);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
      if (focus != NULL && congkak_board_view_get_hole_widget (board, side, hole) == focus)
        return congkak_board_view_describe_hole (board, side, hole);
  if (focus == NULL)
    return g_strdup ("nothing");
  return g_strdup_printf ("a %s", G_OBJECT_TYPE_NAME (focus));
}

/* The holes @side may choose now: sow, or pick for the opening. */
static guint16
choosable_holes (CongkakWindow *window,
                 CongkakSide    side)
{
  CongkakSession *session = congkak_window_get_session (window);
  CongkakMatch *match = congkak_window_get_match (window);
  const CongkakRules *rules = congkak_match_get_rules (match);
  guint16 holes = 0;

  if (congkak_session_get_turn_kind (session) == CONGKAK_TURN_OPENING)
    {
      for (guint hole = 0; hole < rules->holes; hole++)
        if (congkak_position_can_choose (congkak_session_get_choice_position (session), side, hole))
          holes |= 1u << hole;
    }
  else
    {
      guint8 legal[CONGKAK_MAX_HOLES];
      guint n = congkak_state_legal_moves (match_state (match), rules, legal);

      for (guint i = 0; i < n; i++)
        holes |= 1u << legal[i];
    }
  return holes;
}

/* With the ring on one of @side's holes, the arrows (real key presses)
 * take it to @target, each press one hole nearer; then Enter or Space
 * chooses it. */
static void
choose_with_keys (CongkakWindow *window,
                  CongkakSide    side,
                  guint          target,
                  gboolean       space)
{
  CongkakBoardView *board = congkak_window_get_board (window);
  CongkakSide focus_side;
  guint focus_hole, presses = 0;

  g_assert_true (congkak_board_view_get_focus_shown (board, &focus_side, &focus_hole));
  while (focus_hole != target)
    {
      graphene_rect_t from, to;
      guint distance;

      g_assert_cmpint (focus_side, ==, side);
      g_assert_cmpuint (presses++, <, CONGKAK_MAX_HOLES);
      /* Left or right, as the holes lie on screen. */
      g_assert_true (gtk_widget_compute_bounds (congkak_board_view_get_hole_widget (board, side, focus_hole),
                                                GTK_WIDGET (board), &from));
      g_assert_true (gtk_widget_compute_bounds (congkak_board_view_get_hole_widget (board, side, target),
                                                GTK_WIDGET (board), &to));
      distance = ABS ((int) focus_hole - (int) target);
      test_real_key (GTK_WIDGET (window), to.origin.x < from.origin.x ? GDK_KEY_Left : GDK_KEY_Right);
      g_assert_true (congkak_board_view_get_focus_shown (board, &focus_side, &focus_hole));
      g_assert_cmpint (focus_side, ==, side);
      g_assert_cmpuint (ABS ((int) focus_hole - (int) target), ==, distance - 1);
    }
  test_real_key (GTK_WIDGET (window), space ? GDK_KEY_space : GDK_KEY_Return);
}

/* Plays South's turns with the keys alone until the match is over, or the
 * round when @one_round: at each, the focus ring must be on a hole South
 * may choose.  Returns how many turns South had. */
static guint
play_south_with_keys (CongkakWindow *window,
                      GRand         *rand,
                      gboolean       one_round,
                      guint          wait_at_turn)
{
  CongkakBoardView *board = congkak_window_get_board (window);
  CongkakMatch *match = congkak_window_get_match (window);
  guint turns = 0;

  for (;;)
    {
      CongkakSession *session = congkak_window_get_session (window);
      guint n_nodes = congkak_match_get_n_nodes (match);
      CongkakTurnKind kind;
      g_autofree char *where = NULL;
      CongkakSide side;
      guint hole, chosen, n_choosable = 0;
      guint16 holes;

      g_assert_true (test_wait_until (person_to_act, window, WAIT_ROUNDS));
      kind = congkak_session_get_turn_kind (session);
      if (kind == CONGKAK_TURN_MATCH_OVER || (one_round && kind == CONGKAK_TURN_ROUND_OVER))
        break;
      if (kind == CONGKAK_TURN_ROUND_OVER)
        {
          /* The round's dialog: its default answer starts the next round. */
          test_wait_for_dialog (window);
          test_real_key (GTK_WIDGET (window), GDK_KEY_Return);
          continue;
        }
      g_assert_cmpint (congkak_session_get_turn_side (session), ==, CONGKAK_SOUTH);

      /* GTK hides its focus ring a few seconds after the last key: the
       * board's stays while someone thinks. */
      if (turns == wait_at_turn)
        {
          test_iterate (400);
          test_wait_for_drawing (GTK_WIDGET (window));
          test_save_screenshot (GTK_WIDGET (window), "keyboard-ring-after-computer.png");
        }
      where = describe_focus (window);
      g_test_message ("turn %u (%s): focus on %s; status “%s”", turns,
                      kind == CONGKAK_TURN_OPENING ? "opening" : "move", where, test_status_text (window));
      g_assert_true (congkak_board_view_get_focus_shown (board, &side, &hole));
      g_assert_cmpint (side, ==, CONGKAK_SOUTH);
      holes = choosable_holes (window, CONGKAK_SOUTH);
      g_assert_true (holes & (1u << hole));

      for (guint h = 0; h < CONGKAK_MAX_HOLES; h++)
        n_choosable += (holes >> h) & 1;
      chosen = g_rand_int_range (rand, 0, n_choosable);
      for (guint h = 0; h < CONGKAK_MAX_HOLES; h++)
        if ((holes >> h) & 1 && chosen-- == 0)
          {
            choose_with_keys (window, CONGKAK_SOUTH, h, turns % 2 == 1);
            break;
          }
      if (kind == CONGKAK_TURN_MOVE)
        g_assert_true (test_wait_until (has_more_nodes, &(MoreNodes) { match, n_nodes }, WAIT_ROUNDS));
      turns++;
    }
  return turns;
}

/* The start page, as a newcomer finds it, for @game against @level; moves
 * shown at @speed seeds a second, the computer's faster. */
static CongkakWindow *
start_page_window (const char *game,
                   const char *level,
                   double      speed)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  CongkakWindow *window;

  g_settings_set_string (settings, "start-game", game);
  g_settings_set_string (settings, "start-level", level);
  g_settings_set_double (settings, "animation-speed", speed);
  g_settings_set_double (settings, "computer-animation-speed", MIN (speed * 3, 60));
  window = test_window_new ();
  test_wait_for_drawing (GTK_WIDGET (window));
  return window;
}

/* Enter on the start page plays the computer: the first button has the
 * focus. */
static void
start_with_enter (CongkakWindow *window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_Play the Computer");
  test_real_key (GTK_WIDGET (window), GDK_KEY_Return);
  g_assert_nonnull (congkak_window_get_session (window));
  /* Before the computer is first asked, from the main loop. */
  congkak_computer_worker_set_seed (worker_of (window), SEED);
}

/* The first match of a newcomer: Kalah against Medium from the start page,
 * with the arrows and Enter or Space alone, never a Tab.  At every turn
 * of South the focus ring is on a hole South may sow. */
static void
test_keyboard_match (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  CongkakWindow *window;
  CongkakMatch *match;
  guint turns;

  if (!test_can_use_pointer ())
    {
      g_test_skip ("Real key presses need XTest on an X11 display.");
      return;
    }
  window = start_page_window ("kalah", "medium", 40);
  start_with_enter (window);
  match = congkak_window_get_match (window);
  g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_NORTH), ==, CONGKAK_PLAYER_COMPUTER);
  g_assert_cmpint (congkak_match_get_player_level (match, CONGKAK_NORTH), ==, CONGKAK_LEVEL_MEDIUM);
  g_assert_cmpint (congkak_match_get_rules (match)->family, ==, CONGKAK_FAMILY_STORE);
  g_assert_false (congkak_match_get_rules (match)->multi_round);

  turns = play_south_with_keys (window, rand, FALSE, 2);
  g_test_message ("%u turns of South; %s", turns, test_status_text (window));
  g_assert_cmpuint (turns, >, 3);
  g_assert_cmpint (match_state (match)->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Congkak's simultaneous opening against the computer, with the keys:
 * South's first choice, the further choices when a seed falls into the
 * store, and the turns after, each with the ring on South's row. */
static void
test_keyboard_opening (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 1);
  CongkakWindow *window;
  guint turns;

  if (!test_can_use_pointer ())
    {
      g_test_skip ("Real key presses need XTest on an X11 display.");
      return;
    }
  window = start_page_window ("congkak", "easy", 40);
  start_with_enter (window);
  g_assert_cmpint (congkak_session_get_turn_kind (congkak_window_get_session (window)), ==, CONGKAK_TURN_OPENING);
  turns = play_south_with_keys (window, rand, TRUE, G_MAXUINT);
  g_test_message ("%u turns of South in the first round; %s", turns, test_status_text (window));
  g_assert_cmpuint (turns, >, 3);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* How many lines the status takes on screen. */
static int
status_lines (CongkakWindow *window)
{
  GtkWidget *label = test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "congkak-status");

  g_assert_nonnull (label);
  return pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label)));
}

static void
status_shown_cb (GtkLabel   *label,
                 GParamSpec *pspec,
                 GPtrArray  *shown)
{
  g_ptr_array_add (shown, g_strdup (gtk_label_get_label (label)));
}

/* The status never asks the computer to choose, says who is sowing while
 * the board shows a move, and keeps to one line where one line fits. */
static void
test_status_words (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) opening = NULL;
  g_autoptr (GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);
  CongkakWindow *window;
  CongkakBoardView *board;

  window = window_against ("kalah", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY,
                           CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_HARD, &match);
  board = congkak_window_get_board (window);
  congkak_computer_worker_set_max_seconds (worker_of (window), 0.5);
  /* Slow enough that the computer's move is on show for a while. */
  congkak_board_view_set_speed (board, 8);
  g_object_set (board, "computer-speed", 4.0, NULL);
  g_assert_cmpstr (test_status_text (window), ==, "South to move");
  g_assert_cmpint (status_lines (window), ==, 1);

  /* A sows B to E: while the board shows it, South is sowing; then the
   * computer chooses and sows; every line the status shows is kept. */
  g_signal_connect (test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "congkak-status"), "notify::label",
                    G_CALLBACK (status_shown_cb), shown);
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  g_assert_true (congkak_board_view_is_animating (board));
  g_assert_cmpstr (test_status_text (window), ==, "South is sowing…");
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "status-computer.png");
  g_assert_cmpint (status_lines (window), ==, 1);

  g_assert_true (test_wait_until (person_to_act, window, WAIT_ROUNDS));
  g_signal_handlers_disconnect_by_func (test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "congkak-status"),
                                        status_shown_cb, shown);
  for (guint i = 0; i < shown->len; i++)
    g_test_message ("status: %s", (char *) g_ptr_array_index (shown, i));
  g_assert_cmpuint (shown->len, >=, 3);
  g_assert_cmpstr (g_ptr_array_index (shown, 0), ==, "South is sowing…");
  g_assert_cmpstr (g_ptr_array_index (shown, 1), ==, "North (computer) is choosing…");
  g_assert_cmpstr (g_ptr_array_index (shown, 2), ==, "North (computer) is sowing…");
  for (guint i = 0; i < shown->len; i++)
    g_assert_null (strstr (g_ptr_array_index (shown, i), "North,"));
  test_wait_for_drawing (GTK_WIDGET (window));
  g_assert_cmpstr (test_status_text (window), ==, "South to move");
  g_assert_cmpint (status_lines (window), ==, 1);

  /* A phone's width: still one line. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "status-360px.png");
  g_test_message ("at 360 px: %s", test_status_text (window));
  g_assert_cmpint (status_lines (window), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));

  /* Congkak's opening: South is asked, the computer is not. */
  window = window_against ("congkak", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY,
                           CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY, &opening);
  board = congkak_window_get_board (window);
  g_assert_cmpstr (test_status_text (window), ==, "South, choose your opening hole");
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  g_assert_cmpstr (congkak_session_get_status (congkak_window_get_session (window)), ==,
                   "North (computer) is choosing…");
  while (congkak_match_get_n_nodes (opening) == 0)
    {
      const char *status = congkak_session_get_status (congkak_window_get_session (window));

      g_assert_null (strstr (status, "North, choose"));
      g_assert_null (strstr (status, "North (computer), choose"));
      if (congkak_session_get_turn_kind (congkak_window_get_session (window)) == CONGKAK_TURN_OPENING
          && congkak_session_get_turn_side (congkak_window_get_session (window)) == CONGKAK_SOUTH
          && !congkak_session_get_presenting (congkak_window_get_session (window)))
        {
          guint16 holes = choosable_holes (window, CONGKAK_SOUTH);

          for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
            if (holes & (1u << hole))
              {
                test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, hole));
                break;
              }
        }
      test_iterate (1);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add_func ("/view/computer/human-against-computer", test_human_against_computer);
  g_test_add_func ("/view/computer/undo-cancels", test_undo_cancels);
  g_test_add_func ("/view/computer/close-while-thinking", test_close_while_thinking);
  g_test_add_func ("/view/computer/hint", test_hint);
  g_test_add_func ("/view/computer/new-match-dialog", test_new_match_dialog);
  g_test_add_func ("/view/computer/analysis", test_analysis);
  g_test_add_func ("/view/computer/analysis-cancel", test_analysis_cancel);
  g_test_add_func ("/view/computer/start-page", test_start_page);
  g_test_add_func ("/view/computer/keyboard-match", test_keyboard_match);
  g_test_add_func ("/view/computer/keyboard-opening", test_keyboard_opening);
  g_test_add_func ("/view/computer/status-words", test_status_words);

  return g_test_run ();
}
