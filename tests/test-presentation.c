/* test-presentation.c — a lesson in front of a room, with real keys
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Presentation mode as a teacher with a presentation clicker lives it:
 * real key presses and pointer motion through the X server (XTest), the
 * captions' time on screen (measured: the board guarantees a lower
 * bound, which a slow machine only lengthens), the text's size against
 * the window's at two sizes, the blank screen, the screen kept awake,
 * and Page Down in replay.  Screenshots go to tests/screenshots/.
 */

#include "config.h"

#include <adwaita.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <string.h>
#include <unistd.h>

#include "congkak-narration.h"
#include "congkak-presentation-bar.h"
#include "congkak-test-util.h"
#include "congkak-window-test-util.h"

#define WAIT_ROUNDS 3000   /* 30 s at the most */

/* The reading pace the captions are held for. */
#define CHARS_PER_SECOND 15.0

static GtkWidget *
find_with_class (GtkWidget  *widget,
                 const char *css_class)
{
  return test_find_widget (widget, GTK_TYPE_WIDGET, css_class);
}

static guint
cursor_depth (CongkakWindow *window)
{
  return congkak_node_get_depth (congkak_match_get_cursor (congkak_window_get_match (window)));
}

/* The height the board and its text fill in presentation mode. */
static GtkWidget *
room_of (CongkakWindow *window)
{
  GtkWidget *bar = test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_PRESENTATION_BAR, NULL);

  g_assert_nonnull (bar);
  return gtk_widget_get_parent (bar);
}

/* The size the text of @widget is drawn at, in pixels. */
static double
font_px (GtkWidget *widget)
{
  const PangoFontDescription *font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  double size = pango_font_description_get_size (font) / (double) PANGO_SCALE;

  return pango_font_description_get_size_is_absolute (font) ? size : size * 96.0 / 72.0;
}

static void
skip_without_xtest (void)
{
  g_test_skip ("Real key presses need XTest on an X11 display.");
}

/* A Congkak match (one player after the other): A, which ends in the
 * store, then a move that relays twice or more, then one more; at A. */
static CongkakMatch *
relaying_match (void)
{
  CongkakMatch *match;
  CongkakNode *opening;
  CongkakRules rules;
  const CongkakState *state;
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n;

  test_rules (&rules, "congkak", "simultaneous-opening=off", NULL);
  match = congkak_match_new (&rules);
  opening = congkak_match_play_text (match, "A", NULL, NULL);
  g_assert_nonnull (opening);
  state = congkak_game_get_state (congkak_match_get_cursor_game (match));
  n = congkak_state_legal_moves (state, &rules, holes);
  for (guint i = 0; i < n && congkak_match_get_n_nodes (match) == 1; i++)
    {
      g_autoptr (CongkakGame) game = congkak_game_copy (congkak_match_get_cursor_game (match));
      g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (CongkakEvent));
      CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = state->position.to_move, .hole = holes[i] };
      guint relays = 0;

      g_assert_true (congkak_game_play (game, &move, events, NULL));
      for (guint j = 0; j < events->len; j++)
        relays += g_array_index (events, CongkakEvent, j).type == CONGKAK_EVENT_RELAY;
      if (relays >= 2)
        g_assert_nonnull (congkak_match_play (match, &move, NULL, NULL));
    }
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);
  /* One more, for the press after that move's captions. */
  {
    CongkakMove move = { .kind = CONGKAK_MOVE_SOW };

    state = congkak_game_get_state (congkak_match_get_cursor_game (match));
    move.side = state->position.to_move;
    g_assert_cmpuint (congkak_state_legal_moves (state, &rules, holes), >, 0);
    move.hole = holes[0];
    g_assert_nonnull (congkak_match_play (match, &move, NULL, NULL));
  }
  congkak_match_set_cursor (match, opening);
  return match;
}

typedef struct
{
  GPtrArray *sentences;
  GArray    *times;     /* gint64, when each was shown */
  guint      added;     /* gathered under the first */
} Captions;

static void
caption_cb (CongkakBoardView   *board,
            const CongkakEvent *event,
            const char         *sentence,
            Captions           *captions)
{
  gint64 now = g_get_monotonic_time ();

  if (sentence == NULL)
    return;
  g_test_message ("caption at %.2f s: %s", now / (double) G_USEC_PER_SEC, sentence);
  g_ptr_array_add (captions->sentences, g_strdup (sentence));
  g_array_append_val (captions->times, now);
}

static void
caption_added_cb (CongkakBoardView   *board,
                  const CongkakEvent *event,
                  const char         *sentence,
                  Captions           *captions)
{
  captions->added++;
}

/* Runs the main loop one event at a time (while the board animates it
 * is never idle) until @condition holds, for at most 60 s. */
static gboolean
iterate_until (TestCondition condition,
               gpointer      data)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!condition (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  return condition (data);
}

static gboolean
has_three_captions (gpointer data)
{
  Captions *captions = data;

  return captions->sentences->len >= 3;
}

static gboolean
moved_on (gpointer data)
{
  return cursor_depth (data) == 3;
}

static gboolean
board_still (gpointer data)
{
  return !congkak_board_view_is_animating (data);
}

/* In presentation each caption stays up for its whole reading time, even
 * a 90-character relay (longer than the 5 s it is held elsewhere); a
 * press while the move is sown finishes it with the caption on show and
 * the rest of the move's gathered under the board, and only the next
 * press moves on. */
static void
test_presentation_caption_time (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GPtrArray) sentences = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_auto (GStrv) lines = NULL;
  Captions captions = { sentences, times, 0 };
  CongkakWindow *window;
  CongkakBoardView *board;
  GtkWidget *label;
  double longest = 0;
  guint shown;

  if (!test_can_use_pointer ())
    {
      skip_without_xtest ();
      return;
    }
  match = relaying_match ();
  window = test_window_with_match (match);
  board = congkak_window_get_board (window);
  /* Seeds sown fast: the captions set the pace. */
  congkak_board_view_set_speed (board, 100);
  g_object_set (window, "narration", TRUE, NULL);
  label = find_with_class (GTK_WIDGET (window), "congkak-narration");
  g_signal_connect (board, "caption", G_CALLBACK (caption_cb), &captions);
  g_signal_connect (board, "caption-added", G_CALLBACK (caption_added_cb), &captions);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  test_wait_for_drawing (GTK_WIDGET (window));

  test_real_key_now (GTK_WIDGET (window), GDK_KEY_Page_Down);
  g_assert_true (iterate_until (has_three_captions, &captions));
  g_assert_cmpuint (cursor_depth (window), ==, 2);
  g_assert_true (congkak_board_view_is_animating (board));


  /* A press now: the move ends, its narration stays readable. */
  test_real_key_now (GTK_WIDGET (window), GDK_KEY_Page_Down);
  g_assert_true (iterate_until (board_still, board));
  test_iterate (10);
  g_assert_cmpuint (cursor_depth (window), ==, 2);

  /* Shown one by one until then, each caption was up at least its
   * length at 15 characters a second; the last one came with the press. */
  shown = sentences->len - 1;
  g_assert_cmpuint (shown, >=, 3);
  for (guint i = 0; i + 1 < shown; i++)
    {
      double reading = g_utf8_strlen (g_ptr_array_index (sentences, i), -1) / CHARS_PER_SECOND;
      double up = (g_array_index (times, gint64, i + 1) - g_array_index (times, gint64, i)) / (double) G_USEC_PER_SEC;

      g_test_message ("“%s”: %.2f s up, %.2f s to read", (char *) g_ptr_array_index (sentences, i), up, reading);
      /* The board reads the clock a moment before it emits, and this test
       * a moment after: a few milliseconds either way are not reading time. */
      g_assert_cmpfloat (up + 0.005, >=, reading);
      longest = MAX (longest, reading);
    }
  /* A relay's sentence, longer than the 5 s cap outside presentation. */
  g_assert_cmpfloat (longest, >, 5.0);

  /* Gathered under the board: first the caption that was on show, then
   * what came between, then the move's last caption. */
  g_assert_cmpuint (captions.added, >=, 1);
  g_assert_cmpstr (g_ptr_array_index (sentences, shown), ==, g_ptr_array_index (sentences, shown - 1));
  lines = g_strsplit (gtk_label_get_text (GTK_LABEL (label)), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + captions.added);
  /* Nine relays more: what came between is said in a few words. */
  g_assert_cmpuint (g_strv_length (lines), <=, 3);
  g_assert_true (g_str_has_prefix (lines[1], "Then: relay at "));
  g_assert_true (g_str_has_prefix (lines[0], g_ptr_array_index (sentences, shown)));
  test_save_screenshot (GTK_WIDGET (window), "presentation-gathered-captions.png");

  /* The next press moves on. */
  test_real_key_now (GTK_WIDGET (window), GDK_KEY_Page_Down);
  g_assert_true (iterate_until (moved_on, window));
  congkak_board_view_finish_animation (board);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  double status;
  double caption;
  double rules;
  double height;
} RoomText;

static gboolean
room_sized (gpointer data)
{
  CongkakWindow *window = data;
  GtkWidget *status = find_with_class (GTK_WIDGET (window), "congkak-status");

  /* The room's text is larger than any of the usual. */
  return font_px (status) > 0.04 * gtk_widget_get_height (room_of (window));
}

static gboolean
rules_shown (gpointer data)
{
  AdwDialog *dialog = adw_application_window_get_visible_dialog (data);

  return dialog != NULL && find_with_class (GTK_WIDGET (dialog), "body") != NULL
         && gtk_widget_get_height (find_with_class (GTK_WIDGET (dialog), "body")) > 0;
}

/* A display of at least @width × @height: the tests' own when it is large
 * enough, otherwise a virtual one of that size (@server; the tests'
 * display is 1280×800), with the app's style sheet as the application
 * gives the first. */
static GdkDisplay *
open_screen (int           width,
             int           height,
             GSubprocess **server)
{
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr (GdkMonitor) monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GtkCssProvider) css = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *size = g_strdup_printf ("%dx%dx24", width, height);
  g_autofree char *name = NULL;
  GdkRectangle geometry;
  char number[16] = { 0 };
  int fds[2];
  gsize length = 0;

  *server = NULL;
  gdk_monitor_get_geometry (monitor, &geometry);
  if (geometry.width >= width && geometry.height >= height)
    return g_object_ref (display);

  g_assert_true (g_unix_open_pipe (fds, O_CLOEXEC, NULL));
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_take_fd (launcher, fds[1], 3);
  *server = g_subprocess_launcher_spawn (launcher, &error, "Xvfb", "-displayfd", "3", "-screen", "0", size,
                                         "-nolisten", "tcp", "-terminate", NULL);
  g_clear_object (&launcher);
  if (*server == NULL)
    {
      close (fds[0]);
      g_test_message ("No Xvfb for a %s screen: %s", size, error->message);
      return NULL;
    }
  /* Xvfb writes its display's number there once it takes clients. */
  while (length < sizeof number - 1)
    {
      gssize got = read (fds[0], number + length, sizeof number - 1 - length);

      if (got <= 0 || strchr (number, '\n'))
        break;
      length += got;
    }
  close (fds[0]);
  g_strstrip (number);
  g_assert_cmpstr (number, !=, "");
  name = g_strdup_printf (":%s", number);
  display = gdk_display_open (name);
  g_assert_nonnull (display);
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/congkak/Congkak/style.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (css), GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  return display;
}

/* The virtual screen's server ends by itself when this process lets go
 * of it (-terminate), at its exit: GDK does not close an X display
 * without taking the process down with it. */
static void
close_screen (GdkDisplay  *display,
              GSubprocess *server)
{
  g_clear_object (&server);
  g_object_unref (display);
}

/* The status, the caption and the rules window at @width × @height, in
 * presentation mode: text sizes against the room's height; Page Down and
 * Page Up scroll the rules. */
static gboolean
measure_room_text (int       width,
                   int       height,
                   RoomText *text)
{
  g_autoptr (CongkakMatch) match = relaying_match ();
  g_autofree char *name = g_strdup_printf ("presentation-%dx%d.png", width, height);
  GSubprocess *server = NULL;
  GdkDisplay *display = open_screen (width, height, &server);
  CongkakWindow *window;
  GtkWidget *body;
  GtkWidget *scrolled;
  GtkAdjustment *adjustment;
  AdwDialog *dialog;

  if (display == NULL)
    return FALSE;
  window = congkak_application_new_window (test_app ());
  gtk_window_set_display (GTK_WINDOW (window), display);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  test_window_show_at_once (window);
  congkak_window_start_match (window, match);
  g_object_set (window, "narration", TRUE, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Down);
  test_wait_for_drawing (GTK_WIDGET (window));
  g_assert_true (test_wait_until (room_sized, window, WAIT_ROUNDS));
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), name);

  text->height = gtk_widget_get_height (room_of (window));
  text->status = font_px (find_with_class (GTK_WIDGET (window), "congkak-status")) / text->height;
  text->caption = font_px (find_with_class (GTK_WIDGET (window), "congkak-narration")) / text->height;
  g_test_message ("%d×%d: room %.0f px high, status %.1f px, caption %.1f px", width, height, text->height,
                  text->status * text->height, text->caption * text->height);

  /* The rules window (F1 without a help viewer), in front of the room. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-rules", NULL);
  g_assert_true (test_wait_until (rules_shown, window, WAIT_ROUNDS));
  test_wait_for_drawing (GTK_WIDGET (window));
  dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
  body = find_with_class (GTK_WIDGET (dialog), "body");
  text->rules = font_px (body) / text->height;
  g_test_message ("%d×%d: rules %.1f px", width, height, text->rules * text->height);
  g_free (name);
  name = g_strdup_printf ("presentation-rules-%dx%d.png", width, height);
  test_save_screenshot (GTK_WIDGET (window), name);

  scrolled = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_SCROLLED_WINDOW, NULL);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Down);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0.5 * gtk_adjustment_get_page_size (adjustment));
  /* The keys were the rules window's: the match stayed where it was. */
  g_assert_cmpuint (cursor_depth (window), ==, 2);
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Up);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
  adw_dialog_force_close (dialog);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate (10);
  close_screen (display, server);
  return TRUE;
}

/* Text grows with the screen: the same share of the room's height at
 * 1280×800 as at 1920×1080, large enough for the back of a classroom. */
static void
test_presentation_text_size (void)
{
  RoomText small, large;

  if (!test_can_use_pointer ())
    {
      skip_without_xtest ();
      return;
    }
  if (!measure_room_text (1280, 800, &small) || !measure_room_text (1920, 1080, &large))
    {
      g_test_skip ("A screen of 1920×1080 needs Xvfb.");
      return;
    }

  g_assert_cmpfloat (large.height, >, small.height * 1.2);
  g_assert_cmpfloat_with_epsilon (small.status, large.status, 0.002);
  g_assert_cmpfloat_with_epsilon (small.caption, large.caption, 0.002);
  g_assert_cmpfloat_with_epsilon (small.rules, large.rules, 0.002);
  /* At 1080 px: a status of 48 px or more, a caption of 40 px or more. */
  g_assert_cmpfloat (large.status * 1080, >=, 48);
  g_assert_cmpfloat (large.caption * 1080, >=, 40);
  g_assert_cmpfloat (large.rules * 1080, >=, 28);
}

/* B blanks the screen, any key brings it back (and does nothing else);
 * so does . (a clicker's other "blank" key). */
static void
test_presentation_blank (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  GtkWidget *blank;

  if (!test_can_use_pointer ())
    {
      skip_without_xtest ();
      return;
    }
  match = relaying_match ();
  window = test_window_with_match (match);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  test_wait_for_drawing (GTK_WIDGET (window));
  g_assert_false (congkak_window_get_screen_blank (window));

  test_real_key (GTK_WIDGET (window), GDK_KEY_b);
  g_assert_true (congkak_window_get_screen_blank (window));
  blank = find_with_class (GTK_WIDGET (window), "congkak-blank-screen");
  test_wait_for_drawing (GTK_WIDGET (window));
  /* It covers the board's whole room. */
  g_assert_cmpint (gtk_widget_get_width (blank), ==, gtk_widget_get_width (room_of (window)));
  g_assert_cmpint (gtk_widget_get_height (blank), ==, gtk_widget_get_height (room_of (window)));
  test_save_screenshot (GTK_WIDGET (window), "presentation-blank.png");

  /* Page Down brings the board back, and stays where it was. */
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Down);
  g_assert_false (congkak_window_get_screen_blank (window));
  g_assert_cmpuint (cursor_depth (window), ==, 1);

  test_real_key (GTK_WIDGET (window), GDK_KEY_period);
  g_assert_true (congkak_window_get_screen_blank (window));
  /* Escape too only brings the board back. */
  test_real_key (GTK_WIDGET (window), GDK_KEY_Escape);
  g_assert_false (congkak_window_get_screen_blank (window));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  test_real_key (GTK_WIDGET (window), GDK_KEY_Escape);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));

  /* Outside presentation B is no blanking key. */
  test_real_key (GTK_WIDGET (window), GDK_KEY_b);
  g_assert_false (congkak_window_get_screen_blank (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The bar with the way out comes down only when the pointer really moves
 * (not on a key press, nor on motion where the pointer already was), at
 * the top, clear of the caption. */
static void
test_presentation_bar (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakPresentationBar *bar;
  CongkakWindow *window;
  GtkWidget *label;
  graphene_rect_t bar_bounds, label_bounds;

  if (!test_can_use_pointer ())
    {
      skip_without_xtest ();
      return;
    }
  match = relaying_match ();
  window = test_window_with_match (match);
  g_object_set (window, "narration", TRUE, NULL);
  bar = CONGKAK_PRESENTATION_BAR (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_PRESENTATION_BAR, NULL));
  label = find_with_class (GTK_WIDGET (window), "congkak-narration");
  test_pointer_move (GTK_WIDGET (window), 200, 200);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  test_wait_for_drawing (GTK_WIDGET (window));
  /* The keys are shown on the way in. */
  g_assert_true (congkak_presentation_bar_get_revealed (bar));
  congkak_presentation_bar_conceal (bar);

  /* Key presses, and motion where the pointer is, bring nothing. */
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Down);
  g_assert_false (congkak_presentation_bar_get_revealed (bar));
  congkak_board_view_finish_animation (congkak_window_get_board (window));
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Up);
  g_assert_false (congkak_presentation_bar_get_revealed (bar));
  test_pointer_move (GTK_WIDGET (window), 200, 200);
  test_pointer_move (GTK_WIDGET (window), 200, 200);
  g_assert_false (congkak_presentation_bar_get_revealed (bar));

  /* A move of the pointer does. */
  test_pointer_move (GTK_WIDGET (window), 260, 240);
  g_assert_true (congkak_presentation_bar_get_revealed (bar));

  /* Over neither the caption nor the board's lower half. */
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Down);
  congkak_board_view_finish_animation (congkak_window_get_board (window));
  congkak_presentation_bar_reveal (bar);
  test_wait_for_drawing (GTK_WIDGET (window));
  test_iterate (50);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), !=, "");
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (bar), GTK_WIDGET (window), &bar_bounds));
  g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (window), &label_bounds));
  g_assert_cmpfloat (bar_bounds.size.height, >, 0);
  g_assert_false (graphene_rect_intersection (&bar_bounds, &label_bounds, NULL));
  g_assert_cmpfloat (bar_bounds.origin.y + bar_bounds.size.height, <, gtk_widget_get_height (GTK_WIDGET (window)) / 2.0);
  test_save_screenshot (GTK_WIDGET (window), "presentation-bar-top.png");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
not_thinking (gpointer data)
{
  return !congkak_session_get_thinking (congkak_window_get_session (data));
}

/* The screen is kept awake while presenting, and while a match against
 * the computer runs; let go after. */
static void
test_presentation_inhibit_idle (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) computer_match = NULL;
  CongkakWindow *window;
  CongkakRules rules;

  match = relaying_match ();
  window = test_window_with_match (match);
  /* A replay between two people keeps nothing awake. */
  g_assert_false (congkak_window_get_idle_inhibited (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  g_assert_true (congkak_window_get_idle_inhibited (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  g_assert_false (congkak_window_get_idle_inhibited (window));
  gtk_window_destroy (GTK_WINDOW (window));

  /* South against the computer: awake while it runs, not in a replay of
   * its moves. */
  test_rules (&rules, "kalah", NULL);
  computer_match = congkak_match_new (&rules);
  congkak_match_set_player (computer_match, CONGKAK_NORTH, "", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
  congkak_match_forget_history (computer_match);
  window = test_window_new ();
  test_window_show_at_once (window);
  congkak_window_start_match (window, computer_match);
  test_wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  g_assert_true (congkak_window_get_idle_inhibited (window));

  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), CONGKAK_SOUTH, 0));
  g_assert_true (test_wait_until (not_thinking, window, WAIT_ROUNDS));
  g_assert_true (congkak_window_get_idle_inhibited (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
  g_assert_false (congkak_window_get_idle_inhibited (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  g_assert_true (congkak_window_get_idle_inhibited (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* In replay outside presentation, Page Down and Page Up step one move,
 * not a round (a one-round match: a round would be its end). */
static void
test_replay_page_keys (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;

  if (!test_can_use_pointer ())
    {
      skip_without_xtest ();
      return;
    }
  match = relaying_match ();
  window = test_window_with_match (match);
  g_assert_cmpuint (cursor_depth (window), ==, 1);
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Down);
  congkak_board_view_finish_animation (congkak_window_get_board (window));
  g_assert_cmpuint (cursor_depth (window), ==, 2);
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Down);
  congkak_board_view_finish_animation (congkak_window_get_board (window));
  g_assert_cmpuint (cursor_depth (window), ==, 3);
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Up);
  g_assert_cmpuint (cursor_depth (window), ==, 2);
  test_real_key (GTK_WIDGET (window), GDK_KEY_Page_Up);
  g_assert_cmpuint (cursor_depth (window), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add_func ("/view/presentation/caption-time", test_presentation_caption_time);
  g_test_add_func ("/view/presentation/text-size", test_presentation_text_size);
  g_test_add_func ("/view/presentation/blank", test_presentation_blank);
  g_test_add_func ("/view/presentation/bar", test_presentation_bar);
  g_test_add_func ("/view/presentation/inhibit-idle", test_presentation_inhibit_idle);
  g_test_add_func ("/view/presentation/replay-page-keys", test_replay_page_keys);

  return g_test_run ();
}
