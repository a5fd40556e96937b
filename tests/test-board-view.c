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
#include <string.h>

#include "congkak-board-view.h"
#include "congkak-test-util.h"
#include "congkak-window.h"

static void
wait_for_drawing (GtkWidget *widget)
{
  /* Enough main loop iterations for layout, mapping and a frame. */
  for (guint i = 0; i < 50; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0)
        break;
      g_usleep (10000);
    }
  /* And past the stack's crossfade from the start page. */
  for (guint i = 0; i < 30; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
}

static void
save_screenshot (GtkWidget  *widget,
                 const char *name)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *directory = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                 "screenshots", NULL);
  g_autofree char *path = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));

  g_mkdir_with_parents (directory, 0755);
  path = g_build_filename (directory, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

/* What a pointer click or the button's accessible action does; GtkButton's
 * own "activate" would emit "clicked" only after a short delay. */
static void
click (GtkWidget *button)
{
  g_signal_emit_by_name (button, "clicked");
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
  wait_for_drawing (GTK_WIDGET (board));

  click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2));
  g_assert_cmpuint (activation.count, ==, 1);
  g_assert_cmpint (activation.side, ==, CONGKAK_SOUTH);
  g_assert_cmpuint (activation.hole, ==, 2);

  /* An empty hole and the opponent's holes do nothing. */
  click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 3));
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
  wait_for_drawing (GTK_WIDGET (board));
  congkak_board_view_set_speed (board, 4);
  congkak_board_view_animate (board, events, after);

  if (congkak_board_view_is_animating (board))
    {
      /* Input during the animation finishes it and plays nothing. */
      click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 1));
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
      wait_for_drawing (GTK_WIDGET (board));
      save_screenshot (GTK_WIDGET (window), shots[i].name);
      gtk_window_destroy (window);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* The window tests share one registered application. */
static gconstpointer app;

/* The window: moves by clicking, undo and redo. */
static void
test_window_play_and_undo (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  CongkakRules rules;

  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_present (GTK_WINDOW (window));

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  congkak_window_start_match (window, match);
  board = congkak_window_get_board (window);
  congkak_board_view_set_speed (board, 0);
  wait_for_drawing (GTK_WIDGET (board));

  /* C lands in the store: South again, then A. */
  click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2));
  click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);
  g_assert_cmpint (congkak_game_get_state (congkak_match_get_cursor_game (match))->position.to_move, ==,
                   CONGKAK_NORTH);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);
  g_assert_cmpint (congkak_game_get_state (congkak_match_get_cursor_game (match))->position.to_move, ==,
                   CONGKAK_SOUTH);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);

  wait_for_drawing (GTK_WIDGET (board));
  save_screenshot (GTK_WIDGET (window), "window-kalah.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Offers a key press to the board's key controllers, as GTK does when the
 * board or a hole in it has the focus. */
static gboolean
press_key (GtkWidget *widget,
           guint      keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);
      gboolean handled = FALSE;

      if (!GTK_IS_EVENT_CONTROLLER_KEY (controller))
        continue;
      g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
      if (handled)
        return TRUE;
    }
  return FALSE;
}

/* Seed 002's keys: Left/Right along the row, Enter sows, U undoes. */
static void
test_window_keyboard (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autofree char *move = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  CongkakRules rules;
  GtkWidget *focus;

  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_present (GTK_WINDOW (window));
  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  congkak_window_start_match (window, match);
  board = congkak_window_get_board (window);
  congkak_board_view_set_speed (board, 0);
  wait_for_drawing (GTK_WIDGET (board));

  /* Counter-clockwise: South's A is at the left, so Left from C is B. */
  gtk_widget_grab_focus (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 2));
  g_assert_true (press_key (GTK_WIDGET (board), GDK_KEY_Left));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  g_assert_true (press_key (GTK_WIDGET (board), GDK_KEY_Right));
  g_assert_true (press_key (GTK_WIDGET (board), GDK_KEY_Right));
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
  g_assert_true (press_key (GTK_WIDGET (board), GDK_KEY_u));
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
  CongkakRules rules;

  window = congkak_window_new (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_present (GTK_WINDOW (window));

  test_rules (&rules, "congkak", NULL);
  match = congkak_match_new (&rules);
  congkak_window_start_match (window, match);
  board = congkak_window_get_board (window);
  congkak_board_view_set_speed (board, 0);
  wait_for_drawing (GTK_WIDGET (board));
  save_screenshot (GTK_WIDGET (window), "window-opening-south.png");

  /* North's holes are not South's to choose. */
  click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 0));
  click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
  wait_for_drawing (GTK_WIDGET (board));
  save_screenshot (GTK_WIDGET (window), "window-opening-handover.png");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);  /* refused mid-opening */

  /* The hand-over screen's button. */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

    g_assert_true (GTK_IS_BUTTON (focus));
    click (focus);
  }
  click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 0));
  /* Both seeds fell into the stores at tick 7: South chooses B, North b. */
  click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1));
  click (congkak_board_view_get_hole_widget (board, CONGKAK_NORTH, 1));

  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);
  first = congkak_node_dup_move_text (congkak_match_get_cursor (match));
  g_assert_cmpstr (first, ==, "opening:A,B/a,b");
  wait_for_drawing (GTK_WIDGET (board));
  save_screenshot (GTK_WIDGET (window), "window-after-opening.png");
  gtk_window_destroy (GTK_WINDOW (window));
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
  wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  save_screenshot (GTK_WIDGET (window), "window-360px-dark.png");

  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 900);
  wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  save_screenshot (GTK_WIDGET (window), "window-1600px-dark.png");
  gtk_window_destroy (GTK_WINDOW (window));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (CongkakApplication) application = NULL;
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  /* The app's style sheet, as AdwApplication loads it, so screenshots of
   * a board on its own look as in the app. */
  gtk_css_provider_load_from_resource (css, "/io/github/congkak/Congkak/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  application = congkak_application_new (APPLICATION_ID ".Test", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (application), NULL, NULL);
  app = application;

  g_test_add_func ("/view/board/activation", test_board_activation);
  g_test_add_func ("/view/board/accessible-labels", test_board_accessible_labels);
  g_test_add_func ("/view/board/animation", test_board_animation);
  g_test_add_func ("/view/board/screenshots", test_board_screenshots);
  g_test_add_func ("/view/window/play-and-undo", test_window_play_and_undo);
  g_test_add_func ("/view/window/keyboard", test_window_keyboard);
  g_test_add_func ("/view/window/opening", test_window_opening);
  g_test_add_func ("/view/window/narrow-dark", test_window_narrow_dark);

  return g_test_run ();
}
