/* test-board-view.c — the board widget under a virtual display
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides the assertions, this writes screenshots of the board into the
 * build directory (tests/screenshots/) for people to look at.
 */

#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <signal.h>
#include <string.h>

#include "congkak-board-view.h"
#include "congkak-match-file.h"
#include "congkak-test-util.h"
#include "congkak-view-test-util.h"
#include "congkak-window-test-util.h"

static GtkWindow *
window_with_board (CongkakBoardView **board,
                   int                width,
                   int                height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  *board = CONGKAK_BOARD_VIEW (congkak_board_view_new ());
  gtk_window_set_child (window, GTK_WIDGET (*board));
  gtk_window_set_default_size (window, width, height);
  gtk_window_present (window);
  return window;
}

typedef struct
{
  int   side;
  guint hole;
  guint count;
} Activation;

static void
hole_activated_cb (CongkakBoardView *board,
                   int               side,
                   guint             hole,
                   Activation       *activation)
{
  activation->side = side;
  activation->hole = hole;
  activation->count++;
}

/* Legal holes emit hole-activated when clicked; others do not. */
static void
test_board_activation (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakBoardView *board;
  GtkWindow *window = window_with_board (&board, 900, 400);
  Activation activation = { -1, 0, 0 };
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  game = test_game_from_layout (&rules, "S: 0 4 4 4 4 4 | 0 / N: 4 4 4 4 4 4 | 0 / south");
  congkak_board_view_set_game (board, game);
  g_signal_connect (board, "hole-activated", G_CALLBACK (hole_activated_cb), &activation);
  test_wait_for_drawing (GTK_WIDGET (board));

  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2));
  g_assert_cmpuint (activation.count, ==, 1);
  g_assert_cmpint (activation.side, ==, CONGKAK_SOUTH);
  g_assert_cmpuint (activation.hole, ==, 2);

  /* An empty hole and the opponent's holes do nothing. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 3));
  g_assert_cmpuint (activation.count, ==, 1);

  gtk_window_destroy (window);
}

/* Every hole has a name that says what a sighted player sees. */
static void
test_board_accessible_labels (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakBoardView *board;
  GtkWindow *window = window_with_board (&board, 900, 400);
  CongkakRules rules;
  g_autofree char *burnt = NULL;
  g_autofree char *legal = NULL;

  test_rules (&rules, "congkak", NULL);
  game = test_game_from_layout (&rules, "S: 7 7 7 7 7 7 7 | 2 / N: x x 8 7 7 7 7 | 29 / south");
  congkak_board_view_set_game (board, game);

  burnt = congkak_board_view_describe_hole (board, CONGKAK_NORTH, 1);
  legal = congkak_board_view_describe_hole (board, CONGKAK_SOUTH, 2);
  g_assert_cmpstr (burnt, ==, "North hole b, 0 seeds, burnt");
  g_assert_cmpstr (legal, ==, "South hole C, 7 seeds, can be sown");
  g_assert_true (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2)))
                 == GTK_ACCESSIBLE_ROLE_BUTTON);
  gtk_window_destroy (window);
}

/* An animation ends on the engine's position, and a click finishes it. */
static void
test_board_animation (void)
{
  g_autoptr (CongkakGame) before = NULL;
  g_autoptr (CongkakGame) after = NULL;
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GError) error = NULL;
  CongkakBoardView *board;
  GtkWindow *window = window_with_board (&board, 900, 400);
  Activation activation = { -1, 0, 0 };
  CongkakRules rules;
  g_autofree char *label = NULL;

  test_rules (&rules, "congkak-single", NULL);
  before = congkak_game_new (&rules);
  after = congkak_game_copy (before);
  congkak_game_play_text (after, "B", events, &error);
  g_assert_no_error (error);

  congkak_board_view_set_game (board, before);
  g_signal_connect (board, "hole-activated", G_CALLBACK (hole_activated_cb), &activation);
  test_wait_for_drawing (GTK_WIDGET (board));
  congkak_board_view_set_speed (board, 4);
  congkak_board_view_animate (board, events, after);

  if (congkak_board_view_is_animating (board))
    {
      /* Input during the animation finishes it and plays nothing. */
      test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 1));
      g_assert_cmpuint (activation.count, ==, 0);
    }
  g_assert_false (congkak_board_view_is_animating (board));
  /* Example 2 of RULES.md: f was captured, b holds 8. */
  label = congkak_board_view_describe_hole (board, CONGKAK_NORTH, 5);
  g_assert_cmpstr (label, ==, "North hole f, 0 seeds");
  g_free (label);
  label = congkak_board_view_describe_hole (board, CONGKAK_NORTH, 1);
  g_assert_cmpstr (label, ==, "North hole b, 8 seeds, can be sown");
  gtk_window_destroy (window);
}

/* A board between two buttons, for the Tab chain. */
static GtkWindow *
window_with_board_between (CongkakBoardView **board,
                           GtkWidget        **before,
                           GtkWidget        **after)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  *before = gtk_button_new_with_label ("Before");
  *after = gtk_button_new_with_label ("After");
  *board = CONGKAK_BOARD_VIEW (congkak_board_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (*board), TRUE);
  gtk_box_append (GTK_BOX (box), *before);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (*board));
  gtk_box_append (GTK_BOX (box), *after);
  gtk_window_set_child (window, box);
  gtk_window_set_default_size (window, 900, 400);
  gtk_window_present (window);
  return window;
}

/* What Tab and Shift+Tab do: GtkWindow's binding emits move-focus. */
static GtkWidget *
press_tab (GtkWindow        *window,
           GtkDirectionType  direction)
{
  g_signal_emit_by_name (window, "move-focus", direction);
  return gtk_root_get_focus (GTK_ROOT (window));
}

static GtkWidget *
focus_of (GtkWindow *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

typedef struct
{
  CongkakBoardView *board;
  CongkakGame      *game;
} Playing;

/* Plays the activated hole on the game and shows it, as the window does. */
static void
play_activated_cb (CongkakBoardView *board,
                   int               side,
                   guint             hole,
                   Playing          *playing)
{
  g_autoptr (GArray) events = congkak_event_array_new ();
  CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = side, .hole = hole };

  g_assert_true (congkak_game_play (playing->game, &move, events, NULL));
  congkak_board_view_animate (board, events, playing->game);
}

/* The board is one stop of the Tab chain, with the arrows inside it; after
 * a move the focus is on the row of the player to move. */
static void
test_board_keyboard_focus (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakBoardView *board;
  GtkWidget *before, *after;
  GtkWindow *window = window_with_board_between (&board, &before, &after);
  Playing playing;
  CongkakRules rules;

  /* Kalah, counter-clockwise: South's A is at the left, North's a at the
   * right, so South's C and North's d share a column.  A is empty. */
  test_rules (&rules, "kalah", NULL);
  game = test_game_from_layout (&rules, "S: 0 4 4 4 4 4 | 0 / N: 4 4 4 4 4 4 | 0 / south");
  congkak_board_view_set_speed (board, 0);
  congkak_board_view_set_game (board, game);
  test_wait_for_drawing (GTK_WIDGET (board));

  /* Tab enters on the mover's first legal hole, and leaves at once. */
  gtk_widget_grab_focus (before);
  g_assert_true (press_tab (window, GTK_DIR_TAB_FORWARD) == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  g_assert_true (press_tab (window, GTK_DIR_TAB_FORWARD) == after);
  g_assert_true (press_tab (window, GTK_DIR_TAB_BACKWARD) == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  g_assert_true (press_tab (window, GTK_DIR_TAB_BACKWARD) == before);

  /* With no ring on show (the focus came without a key), the first arrow
   * brings the ring back where the focus is, not one hole on. */
  press_tab (window, GTK_DIR_TAB_FORWARD);
  g_assert_false (congkak_board_view_get_focus_shown (board, NULL, NULL));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Right));
  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  g_assert_true (congkak_board_view_get_focus_shown (board, NULL, NULL));

  /* Arrows: along the row, and up and down between the rows. */
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Right));

  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Up));
  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 3));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Up));
  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 3));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Right));
  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 2));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Down));
  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 3));

  /* Tab comes back where the arrows left the focus. */
  press_tab (window, GTK_DIR_TAB_FORWARD);
  g_assert_true (press_tab (window, GTK_DIR_TAB_BACKWARD) == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 3));

  /* Enter sows D (four seeds, the last in North's a): North to move, and
   * the focus goes to North's row, to the hole across (c). */
  playing.board = board;
  playing.game = game;
  g_signal_connect (board, "hole-activated", G_CALLBACK (play_activated_cb), &playing);
  test_click (focus_of (window));
  g_assert_cmpint (congkak_game_get_state (game)->position.to_move, ==, CONGKAK_NORTH);
  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 2));

  /* From outside the board, focus_side() brings the focus to a row, in
   * the same column (South may sow nothing now), or on the legal hole
   * nearest to it. */
  gtk_widget_grab_focus (after);
  congkak_board_view_focus_side (board, CONGKAK_SOUTH);
  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 3));
  gtk_widget_grab_focus (after);
  congkak_board_view_focus_side (board, CONGKAK_NORTH);
  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 2));

  /* A hint takes the focus to its hole, and Enter sows it. */
  gtk_widget_grab_focus (after);
  congkak_board_view_set_hint (board, CONGKAK_NORTH, 5);
  g_assert_true (focus_of (window) == congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 5));
  g_assert_true (press_tab (window, GTK_DIR_TAB_FORWARD) == after);

  /* A move never takes the focus from elsewhere. */
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 5));
  g_assert_cmpint (congkak_game_get_state (game)->position.to_move, ==, CONGKAK_SOUTH);
  g_assert_true (focus_of (window) == after);
  gtk_window_destroy (window);
}

static gboolean
board_is_still (gpointer board)
{
  return !congkak_board_view_is_animating (board);
}

/* A Congkak move from a random game that sows at least @drops seeds
 * (with relays): @before is the game before it, @after after. */
static GArray *
find_long_move (guint         drops,
                CongkakGame **before,
                CongkakGame **after)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  CongkakRules rules;

  test_rules (&rules, "congkak-single", "simultaneous-opening=off", NULL);
  for (guint game = 0; game < 50; game++)
    {
      g_autoptr (CongkakGame) played = congkak_game_new (&rules);

      for (guint move = 0; move < 300; move++)
        {
          g_autofree char *text = congkak_state_random_move (congkak_game_get_state (played), &rules, rand);
          g_autoptr (CongkakGame) next = NULL;
          g_autoptr (GArray) events = congkak_event_array_new ();
          guint sown = 0;

          if (text == NULL)
            break;
          next = congkak_game_copy (played);
          g_assert_true (congkak_game_play_text (next, text, events, NULL));
          for (guint i = 0; i < events->len; i++)
            sown += g_array_index (events, CongkakEvent, i).type == CONGKAK_EVENT_DROP;
          if (sown >= drops)
            {
              *before = g_steal_pointer (&played);
              *after = g_steal_pointer (&next);
              return g_steal_pointer (&events);
            }
          g_clear_pointer (&played, congkak_game_free);
          played = g_steal_pointer (&next);
        }
    }
  g_assert_not_reached ();
}

/* A long move never takes long: a person's lasts at most 6 s, the
 * computer's 2 s, however many seeds it sows.  (The limits are asserted
 * with room for a slow machine; sown at its speed, the move would take
 * four times as long.) */
static void
test_board_move_time_limit (void)
{
  g_autoptr (CongkakGame) before = NULL;
  g_autoptr (CongkakGame) after = NULL;
  g_autoptr (GArray) events = find_long_move (160, &before, &after);
  CongkakBoardView *board;
  GtkWindow *window = window_with_board (&board, 900, 400);
  gint64 start;
  double seconds;

  congkak_board_view_set_game (board, before);
  test_wait_for_drawing (GTK_WIDGET (board));

  /* A person's move at 8 seeds a second: 20 s and more unlimited. */
  congkak_board_view_set_speed (board, 8);
  start = g_get_monotonic_time ();
  congkak_board_view_animate (board, events, after);
  g_assert_true (congkak_board_view_is_animating (board));
  g_assert_true (test_wait_until (board_is_still, board, 1500));
  seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  g_test_message ("a person's move of %u events: %.1f s", events->len, seconds);
  g_assert_cmpfloat (seconds, >, 5.0);
  g_assert_cmpfloat (seconds, <, 10.0);

  /* The computer's, at 24 seeds a second: 6 s and more unlimited. */
  congkak_board_view_set_game (board, before);
  congkak_board_view_set_computer_move (board, TRUE);
  start = g_get_monotonic_time ();
  congkak_board_view_animate (board, events, after);
  g_assert_true (congkak_board_view_is_animating (board));
  g_assert_true (test_wait_until (board_is_still, board, 1500));
  seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  g_test_message ("the computer's move of %u events: %.1f s", events->len, seconds);
  g_assert_cmpfloat (seconds, >, 1.5);
  g_assert_cmpfloat (seconds, <, 4.0);
  gtk_window_destroy (window);
}

/* A key on the board skips the running move; once a person skipped a
 * move of the computer's, its next ones show at once, until a person's. */
static void
test_board_skip (void)
{
  g_autoptr (CongkakGame) before = NULL;
  g_autoptr (CongkakGame) after = NULL;
  g_autoptr (GArray) events = find_long_move (40, &before, &after);
  g_autofree char *label = NULL;
  g_autofree char *expected = NULL;
  CongkakBoardView *board;
  GtkWindow *window = window_with_board (&board, 900, 400);
  Activation activation = { -1, 0, 0 };
  GtkWidget *hole;

  congkak_board_view_set_game (board, before);
  g_signal_connect (board, "hole-activated", G_CALLBACK (hole_activated_cb), &activation);
  test_wait_for_drawing (GTK_WIDGET (board));
  hole = congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0);
  gtk_widget_grab_focus (hole);

  /* Enter skips; it sows nothing. */
  congkak_board_view_set_computer_move (board, TRUE);
  congkak_board_view_animate (board, events, after);
  g_assert_true (congkak_board_view_is_animating (board));
  g_assert_true (test_press_key (GTK_WIDGET (board), GDK_KEY_Return));
  g_assert_false (congkak_board_view_is_animating (board));
  g_assert_cmpuint (activation.count, ==, 0);
  label = congkak_board_view_describe_hole (board, CONGKAK_NORTH, 0);
  /* The board shows the position after the move. */
  expected = g_strdup_printf ("North hole a, %u seed", congkak_game_get_state (after)->position.holes[CONGKAK_NORTH][0]);
  g_assert_true (g_str_has_prefix (label, expected));

  /* The computer's next move shows at once. */
  congkak_board_view_set_game (board, before);
  congkak_board_view_animate (board, events, after);
  g_assert_false (congkak_board_view_is_animating (board));

  /* A person's move is sown again, and any key (Escape here) skips it. */
  congkak_board_view_set_computer_move (board, FALSE);
  congkak_board_view_set_game (board, before);
  congkak_board_view_animate (board, events, after);
  g_assert_true (congkak_board_view_is_animating (board));
  g_assert_false (test_press_key (GTK_WIDGET (board), GDK_KEY_Shift_L));
  g_assert_true (congkak_board_view_is_animating (board));
  test_press_key (GTK_WIDGET (board), GDK_KEY_Escape);
  g_assert_false (congkak_board_view_is_animating (board));
  gtk_window_destroy (window);
}

typedef struct
{
  GPtrArray *sentences;
  GArray    *times;
} Captions;

static void
caption_cb (CongkakBoardView   *board,
            const CongkakEvent *event,
            const char         *sentence,
            Captions           *captions)
{
  gint64 now = g_get_monotonic_time ();

  g_assert_true ((event == NULL) == (sentence == NULL));
  g_ptr_array_add (captions->sentences, g_strdup (sentence ? sentence : "(none)"));
  g_array_append_val (captions->times, now);
}

/* With narration, the captions are the narration's sentences in order,
 * each up for at least 1.5 s however fast the seeds go; seed by seed, each
 * step has its own; a jump clears them. */
static void
test_board_captions (void)
{
  g_autoptr (CongkakGame) before = NULL;
  g_autoptr (CongkakGame) after = NULL;
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GPtrArray) sentences = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  Captions captions = { sentences, times };
  g_autofree char *joined = NULL;
  CongkakBoardView *board;
  GtkWindow *window = window_with_board (&board, 900, 400);
  CongkakRules rules;

  /* Kalah's C: four seeds, the last in South's store. */
  test_rules (&rules, "kalah", NULL);
  before = congkak_game_new (&rules);
  after = congkak_game_copy (before);
  g_assert_true (congkak_game_play_text (after, "C", events, NULL));
  congkak_board_view_set_game (board, before);
  test_wait_for_drawing (GTK_WIDGET (board));
  g_signal_connect (board, "caption", G_CALLBACK (caption_cb), &captions);

  /* Without narration, no captions. */
  congkak_board_view_set_speed (board, 40);
  congkak_board_view_animate (board, events, after);
  g_assert_true (test_wait_until (board_is_still, board, 500));
  g_assert_cmpuint (sentences->len, ==, 0);

  /* With it, at 40 seeds a second (the move alone: 0.2 s). */
  congkak_board_view_set_narration (board, TRUE);
  congkak_board_view_set_game (board, before);
  congkak_board_view_animate (board, events, after);
  g_assert_true (test_wait_until (board_is_still, board, 1000));
  g_ptr_array_add (sentences, NULL);
  joined = g_strjoinv (" | ", (char **) sentences->pdata);
  g_assert_cmpstr (joined, ==, "(none) | South picks up 4 seeds from C | Last seed in the store: South moves again");
  g_test_message ("the second caption came %.2f s after the first",
                  (g_array_index (times, gint64, 2) - g_array_index (times, gint64, 1)) / (double) G_USEC_PER_SEC);
  g_assert_cmpint (g_array_index (times, gint64, 2) - g_array_index (times, gint64, 1), >=, 1.45 * G_USEC_PER_SEC);
  g_clear_pointer (&joined, g_free);
  g_ptr_array_set_size (sentences, 0);

  /* Seed by seed: every step says what it did. */
  congkak_board_view_set_game (board, before);
  congkak_board_view_set_manual (board, TRUE);
  congkak_board_view_animate (board, events, after);
  while (congkak_board_view_step (board))
    ;
  g_ptr_array_add (sentences, NULL);
  joined = g_strjoinv (" | ", (char **) sentences->pdata);
  g_assert_cmpstr (joined, ==,
                   "(none) | South picks up 4 seeds from C | "
                   "South sows a seed into D; 3 seeds left in hand | "
                   "South sows a seed into E; 2 seeds left in hand | "
                   "South sows a seed into F; 1 seed left in hand | "
                   "South sows the last seed into South’s store | "
                   "Last seed in the store: South moves again");
  gtk_window_destroy (window);
}

/* The board fills what it is given: as the space grows taller, the holes
 * grow smoothly (never by more than the space did), it turns upright once
 * that makes them clearly bigger and never turns back on the way. */
static void
test_board_fills_space (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakBoardView *board;
  GtkWindow *window = window_with_board (&board, 336, 200);
  CongkakRules rules;
  double last = 0;
  gboolean turned = FALSE;

  test_rules (&rules, "congkak", NULL);
  game = congkak_game_new (&rules);
  congkak_board_view_set_game (board, game);
  test_wait_for_drawing (GTK_WIDGET (board));

  for (int height = 120; height <= 760; height += 20)
    {
      double size;

      gtk_widget_set_size_request (GTK_WIDGET (board), 336, height);
      gtk_window_set_default_size (window, 336, height);
      test_iterate (3);
      size = test_board_hole_size (board);
      g_test_message ("336 × %d: holes %.0f px%s", height, size, test_board_is_portrait (board) ? ", upright" : "");
      g_assert_cmpfloat (size, >=, last - 1);
      if (last > 0)
        g_assert_cmpfloat (size, <=, last * 1.25 + 1);
      g_assert_true (!turned || test_board_is_portrait (board));
      turned = test_board_is_portrait (board);
      last = size;
    }
  g_assert_true (turned);
  gtk_window_destroy (window);
}

typedef struct
{
  const char *name;
  const char *profile;
  const char *layout;
  int         width;
  int         height;
  gboolean    dark;
} Shot;

static void
test_board_screenshots (void)
{
  static const Shot shots[] = {
    { "congkak-start-light.png", "congkak", NULL, 1000, 420, FALSE },
    { "congkak-start-dark.png", "congkak", NULL, 1000, 420, TRUE },
    { "congkak-360px.png", "congkak", NULL, 360, 200, FALSE },
    { "congkak-1920px.png", "congkak", NULL, 1920, 760, FALSE },
    { "congkak-round3-burnt.png", "congkak",
      "S: 9 0 3 12 x x x | 3 / N: 14 2 0 21 5 1 30 | 0 / south", 1000, 420, FALSE },
    { "congkak-round3-burnt-dark.png", "congkak",
      "S: 9 0 3 12 x x x | 3 / N: 14 2 0 21 5 1 30 | 0 / north", 1000, 420, TRUE },
    { "kalah-light.png", "kalah", "S: 0 5 5 5 5 4 | 1 / N: 4 4 4 4 4 4 | 0 / south", 900, 380, FALSE },
    { "oware-dark.png", "oware", NULL, 900, 380, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      g_autoptr (CongkakGame) game = NULL;
      CongkakBoardView *board;
      GtkWindow *window;
      CongkakRules rules;

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          shots[i].dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                        : ADW_COLOR_SCHEME_FORCE_LIGHT);
      test_rules (&rules, shots[i].profile, shots[i].layout ? "simultaneous-opening=off" : NULL, NULL);
      if (g_strcmp0 (shots[i].profile, "oware") == 0 || g_strcmp0 (shots[i].profile, "kalah") == 0)
        test_rules (&rules, shots[i].profile, NULL);
      game = shots[i].layout ? test_game_from_layout (&rules, shots[i].layout) : congkak_game_new (&rules);

      window = window_with_board (&board, shots[i].width, shots[i].height);
      congkak_board_view_set_game (board, game);
      test_wait_for_drawing (GTK_WIDGET (board));
      test_save_screenshot (GTK_WIDGET (window), shots[i].name);
      gtk_window_destroy (window);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* The hint and the keyboard focus, to look at: the hint on E, the focus
 * on B, light and dark, wide and phone-sized. */
static void
test_board_hint_screenshots (void)
{
  static const Shot shots[] = {
    { "hint-focus-1280px-light.png", "congkak", NULL, 1280, 420, FALSE },
    { "hint-focus-1280px-dark.png", "congkak", NULL, 1280, 420, TRUE },
    { "hint-focus-360px-light.png", "congkak", NULL, 360, 200, FALSE },
    { "hint-focus-360px-dark.png", "congkak", NULL, 360, 200, TRUE },
    { "hint-focus-kalah-dark.png", "kalah", NULL, 900, 380, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      g_autoptr (CongkakGame) game = NULL;
      CongkakBoardView *board;
      GtkWindow *window;
      GtkWidget *focused;
      CongkakRules rules;

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          shots[i].dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                        : ADW_COLOR_SCHEME_FORCE_LIGHT);
      test_rules (&rules, shots[i].profile, "simultaneous-opening=off", NULL);
      if (g_strcmp0 (shots[i].profile, "kalah") == 0)
        test_rules (&rules, shots[i].profile, NULL);
      game = congkak_game_new (&rules);
      window = window_with_board (&board, shots[i].width, shots[i].height);
      congkak_board_view_set_game (board, game);
      test_wait_for_drawing (GTK_WIDGET (board));
      congkak_board_view_set_hint (board, CONGKAK_SOUTH, 4);
      g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 4));
      /* Set by hand: GTK shows focus only in the active window. */
      focused = congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1);
      gtk_widget_set_state_flags (focused, GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE, FALSE);
      test_iterate (5);
      test_save_screenshot (GTK_WIDGET (window), shots[i].name);
      gtk_window_destroy (window);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GtkCssProvider) css = NULL;
  g_autofree char *data_home = NULL;

  /* Autosaves go to a folder of the test's own, never the user's; a
   * subprocess of the test shares its parent's. */
  if (g_getenv ("CONGKAK_TEST_DATA_HOME") == NULL)
    {
      data_home = g_dir_make_tmp ("congkak-data-XXXXXX", NULL);
      g_setenv ("CONGKAK_TEST_DATA_HOME", data_home, TRUE);
    }
  g_setenv ("XDG_DATA_HOME", g_getenv ("CONGKAK_TEST_DATA_HOME"), TRUE);
  gtk_test_init (&argc, &argv, NULL);
  css = gtk_css_provider_new ();
  adw_init ();

  /* The app's style sheet, as AdwApplication loads it, so screenshots of
   * a board on its own look as in the app. */
  gtk_css_provider_load_from_resource (css, "/io/github/congkak/Congkak/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);


  g_test_add_func ("/view/board/activation", test_board_activation);
  g_test_add_func ("/view/board/accessible-labels", test_board_accessible_labels);
  g_test_add_func ("/view/board/animation", test_board_animation);
  g_test_add_func ("/view/board/keyboard-focus", test_board_keyboard_focus);
  g_test_add_func ("/view/board/move-time-limit", test_board_move_time_limit);
  g_test_add_func ("/view/board/skip", test_board_skip);
  g_test_add_func ("/view/board/captions", test_board_captions);
  g_test_add_func ("/view/board/fills-space", test_board_fills_space);
  g_test_add_func ("/view/board/screenshots", test_board_screenshots);
  g_test_add_func ("/view/board/hint-screenshots", test_board_hint_screenshots);

  return g_test_run ();
}
