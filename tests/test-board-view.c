/* test-board-view.c — the board and the window under a virtual display
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
#include "congkak-history-view.h"
#include "congkak-match-file.h"
#include "congkak-test-util.h"
#include "congkak-view-test-util.h"
#include "congkak-window.h"

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

  /* Arrows: along the row, and up and down between the rows. */
  press_tab (window, GTK_DIR_TAB_FORWARD);
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

static double
hole_size (CongkakBoardView *board)
{
  return gtk_widget_get_width (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
}

static gboolean
is_portrait (CongkakBoardView *board)
{
  graphene_rect_t a, b;

  /* Portrait: a row runs up and down. */
  g_assert_true (gtk_widget_compute_bounds (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0),
                                            GTK_WIDGET (board), &a));
  g_assert_true (gtk_widget_compute_bounds (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1),
                                            GTK_WIDGET (board), &b));
  return fabs (a.origin.y - b.origin.y) > fabs (a.origin.x - b.origin.x);
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
      size = hole_size (board);
      g_test_message ("336 × %d: holes %.0f px%s", height, size, is_portrait (board) ? ", upright" : "");
      g_assert_cmpfloat (size, >=, last - 1);
      if (last > 0)
        g_assert_cmpfloat (size, <=, last * 1.25 + 1);
      g_assert_true (!turned || is_portrait (board));
      turned = is_portrait (board);
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

/* The window tests share one registered application. */
static gconstpointer app;

/* A window playing a new match of @profile, moves shown at once. */
static CongkakWindow *
window_playing (const char    *profile,
                CongkakMatch **match)
{
  CongkakWindow *window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  CongkakRules rules;

  gtk_window_present (GTK_WINDOW (window));
  test_rules (&rules, profile, NULL);
  *match = congkak_match_new (&rules);
  congkak_window_start_match (window, *match);
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  test_wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  return window;
}

/* The window: moves by clicking, undo and redo. */
static void
test_window_play_and_undo (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;

  window = window_playing ("kalah", &match);
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

  window = window_playing ("kalah", &match);
  board = congkak_window_get_board (window);

  /* Counter-clockwise: South's A is at the left, so Left from C is B. */
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

  window = window_playing ("congkak", &match);
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
      window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
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
                      hole_size (board), is_portrait (board) ? ", upright" : "");
      test_save_screenshot (GTK_WIDGET (window), name);
      if (sizes[i].width <= 360)
        g_assert_cmpfloat (hole_size (board), >=, 44);
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
  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
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

static void
spin_until_match (CongkakWindow *window,
                  guint          n_nodes)
{
  for (guint i = 0; i < 500; i++)
    {
      CongkakMatch *match = congkak_window_get_match (window);

      if (match && congkak_match_get_n_nodes (match) == n_nodes)
        return;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_not_reached ();
}

static char *
write_temporary_match (CongkakMatch *match,
                       const char   *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *directory = g_dir_make_tmp ("congkak-XXXXXX", &error);
  g_autofree char *data = NULL;
  char *path;
  gsize length;

  g_assert_no_error (error);
  path = g_build_filename (directory, name, NULL);
  data = congkak_match_save_to_data (match, &length);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
  return path;
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
  path = write_temporary_match (original, "two-moves.congkak");
  file = g_file_new_for_path (path);

  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_present (GTK_WINDOW (window));
  congkak_window_open_file (window, file);
  spin_until_match (window, 2);
  match = congkak_window_get_match (window);
  g_assert_false (congkak_window_is_dirty (window));
  /* Opened at the start, ready to replay. */
  g_assert_true (congkak_match_get_cursor (match) == congkak_match_get_root (match));

  /* The board follows the cursor. */
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  congkak_match_go_to_end (match);
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_NORTH, 2));
  g_assert_true (congkak_window_is_dirty (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_false (congkak_window_is_dirty (window));
  saved = congkak_match_load_from_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_match_get_n_nodes (saved), ==, 3);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The start page lists recent matches; a row opens its file. */
static void
test_window_recent (void)
{
  CongkakWindow *window;
  GtkWidget *start_page, *list;
  GtkListBoxRow *row = NULL;

  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_present (GTK_WINDOW (window));
  start_page = find_descendant (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE);
  list = find_descendant (start_page, GTK_TYPE_LIST_BOX);
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
  spin_until_match (window, 3);
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
  path = write_temporary_match (original, "dropped.congkak");
  file = g_file_new_for_path (path);

  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
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
  spin_until_match (window, 1);
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
  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
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
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (ADW_ALERT_DIALOG (dialog)), "version"));
  g_assert_null (congkak_window_get_match (window));
  adw_dialog_force_close (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Unsaved changes are autosaved, survive the window, and come back. */
static void
test_window_autosave_restore (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GPtrArray) autosaves = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;
  CongkakWindow *window;
  CongkakRules rules;
  GFile *autosave;

  /* Earlier tests' windows closed with changes and left autosaves, as
   * they should; start from none. */
  autosaves = congkak_window_list_autosaves ();
  g_assert_cmpuint (autosaves->len, >, 0);
  for (guint i = 0; i < autosaves->len; i++)
    g_file_delete (g_ptr_array_index (autosaves, i), NULL, NULL);
  g_clear_pointer (&autosaves, g_ptr_array_unref);

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_present (GTK_WINDOW (window));
  congkak_window_start_match (window, match);
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 2));
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 0));
  congkak_match_set_comment (match, congkak_match_get_cursor (match), "Keep this thought.");
  g_assert_true (congkak_window_is_dirty (window));

  autosave = congkak_window_autosave_now (window);
  g_assert_nonnull (autosave);
  g_assert_true (g_file_query_exists (autosave, NULL));

  /* The window goes away without asking, as in a crash or a quit.  The
   * match as it left it: recording it in the library gave it an id. */
  gtk_window_destroy (GTK_WINDOW (window));
  before = congkak_match_save_to_data (match, NULL);
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_ID), !=, "");
  autosaves = congkak_window_list_autosaves ();
  g_assert_cmpuint (autosaves->len, ==, 1);

  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (congkak_window_restore_autosave (window, g_ptr_array_index (autosaves, 0), &error));
  g_assert_no_error (error);
  g_assert_true (congkak_window_is_dirty (window));
  after = congkak_match_save_to_data (congkak_window_get_match (window), NULL);
  g_assert_cmpstr (after, ==, before);

  /* Closing it and discarding leaves nothing to restore. */
  gtk_window_close (GTK_WINDOW (window));
  {
    AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));

    g_assert_true (ADW_IS_ALERT_DIALOG (dialog));
    g_signal_emit_by_name (dialog, "response", "discard");
  }
  g_clear_pointer (&autosaves, g_ptr_array_unref);
  autosaves = congkak_window_list_autosaves ();
  g_assert_cmpuint (autosaves->len, ==, 0);
}

/* A real kill: the app is gone without any clean-up, and the autosave
 * written a few seconds after the last change brings the match back. */
static void
test_window_killed_restore (void)
{
  g_autoptr (GPtrArray) autosaves = NULL;
  g_autoptr (GError) error = NULL;
  CongkakWindow *window;
  CongkakMatch *restored;
  g_autofree char *text = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr (CongkakMatch) match = NULL;
      CongkakRules rules;
      gint64 until;

      test_rules (&rules, "kalah", NULL);
      match = congkak_match_new (&rules);
      window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
      gtk_window_present (GTK_WINDOW (window));
      congkak_window_start_match (window, match);
      congkak_board_view_set_speed (congkak_window_get_board (window), 0);
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

  autosaves = congkak_window_list_autosaves ();
  for (guint i = 0; i < autosaves->len; i++)
    g_file_delete (g_ptr_array_index (autosaves, i), NULL, NULL);
  g_clear_pointer (&autosaves, g_ptr_array_unref);

  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();

  autosaves = congkak_window_list_autosaves ();
  g_assert_cmpuint (autosaves->len, ==, 1);
  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (congkak_window_restore_autosave (window, g_ptr_array_index (autosaves, 0), &error));
  g_assert_no_error (error);
  restored = congkak_window_get_match (window);
  g_assert_cmpuint (congkak_match_get_n_nodes (restored), ==, 2);
  text = congkak_match_save_to_data (restored, NULL);
  g_assert_nonnull (strstr (text, "Written just before the crash."));
  g_assert_true (congkak_window_is_dirty (window));
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

  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
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
  path = write_temporary_match (original, "oware.congkak");
  file = g_file_new_for_path (path);

  g_application_open (G_APPLICATION ((gpointer) app), &file, 1, "");
  for (guint i = 0; i < 500 && opened == NULL; i++)
    {
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION ((gpointer) app)); l; l = l->next)
        if (CONGKAK_IS_WINDOW (l->data) && congkak_window_get_match (l->data)
            && congkak_match_get_rules (congkak_window_get_match (l->data))->family == CONGKAK_FAMILY_OWARE)
          opened = l->data;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_nonnull (opened);
  gtk_window_destroy (GTK_WINDOW (opened));
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

  window = window_playing ("kalah", &match);
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
  path = write_temporary_match (match, "long.congkak");
  file = g_file_new_for_path (path);

  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_present (GTK_WINDOW (window));
  test_wait_for_drawing (GTK_WIDGET (window));

  start = g_get_monotonic_time ();
  congkak_window_open_file (window, file);
  spin_until_match (window, moves);
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
  g_autoptr (CongkakApplication) application = NULL;
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

  application = congkak_application_new (APPLICATION_ID ".Test", G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_application_register (G_APPLICATION (application), NULL, NULL);
  app = application;

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
  g_test_add_func ("/view/window/play-and-undo", test_window_play_and_undo);
  g_test_add_func ("/view/window/keyboard", test_window_keyboard);
  g_test_add_func ("/view/window/opening", test_window_opening);
  g_test_add_func ("/view/window/narrow-dark", test_window_narrow_dark);
  g_test_add_func ("/view/window/board-sizes", test_window_board_sizes);
  g_test_add_func ("/view/window/open-and-save", test_window_open_and_save);
  g_test_add_func ("/view/window/recent", test_window_recent);
  g_test_add_func ("/view/window/drop", test_window_drop);
  g_test_add_func ("/view/window/load-error", test_window_load_error);
  g_test_add_func ("/view/window/autosave-restore", test_window_autosave_restore);
  g_test_add_func ("/view/window/replay-variations", test_window_replay_variations);
  g_test_add_func ("/view/window/large-match", test_window_large_match);
  g_test_add_func ("/view/window/killed-restore", test_window_killed_restore);
  g_test_add_func ("/view/window/narration-presentation", test_window_narration_presentation);
  g_test_add_func ("/view/application/open", test_application_open);

  return g_test_run ();
}
