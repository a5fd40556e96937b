/* test-window-engines.c — other programs' engines in the window
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Preferences ▸ Engines adds a command only once it has started and
 * answered the UCI handshake, and says plainly why not (inside the
 * Flatpak too); the New Match dialog offers the added engines as
 * players; a match against one that crashes goes on with the built-in
 * level, and the window says what happened; a chosen judge gives the
 * hints and the hint says who judged.  The engine is
 * tests/fake-uci-engine.c ($FAKE_UCI_ENGINE).  Waiting runs the main loop
 * until a condition holds (never a timed assertion).  Screenshots go to
 * tests/screenshots/ in the build folder.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "congkak-board-view.h"
#include "congkak-engine-player.h"
#include "congkak-engines-page.h"
#include "congkak-new-match-dialog.h"
#include "congkak-test-util.h"
#include "congkak-window-test-util.h"

#define WAIT_ROUNDS 3000   /* 30 s at the most, far more than any wait needs */

static char *
fake_command (const char *mode)
{
  const char *fake = g_getenv ("FAKE_UCI_ENGINE");
  g_autofree char *quoted = NULL;

  g_assert_nonnull (fake);
  quoted = g_shell_quote (fake);
  return g_strdup_printf ("%s %s", quoted, mode);
}

/* A label under @root whose text holds @text. */
static GtkLabel *
find_label_with (GtkWidget  *root,
                 const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root)
      && strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label_with (child, text);

      if (found)
        return found;
    }
  return NULL;
}

typedef struct
{
  GtkWidget  *root;
  const char *text;
} LabelWait;

static gboolean
label_shown (gpointer data)
{
  LabelWait *wait = data;

  return find_label_with (wait->root, wait->text) != NULL;
}

static void
wait_for_label (GtkWidget  *root,
                const char *text)
{
  LabelWait wait = { root, text };

  g_assert_true (test_wait_until (label_shown, &wait, WAIT_ROUNDS));
}

static gboolean
not_checking (gpointer data)
{
  return !congkak_engines_page_is_checking (data);
}

static CongkakEnginesPage *
open_engines_page (GtkWidget *window)
{
  AdwDialog *dialog;
  GtkWidget *page;

  gtk_widget_activate_action (window, "win.show-preferences", NULL);
  test_iterate (5);
  dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
  g_assert_true (ADW_IS_PREFERENCES_DIALOG (dialog));
  page = test_find_widget (GTK_WIDGET (dialog), CONGKAK_TYPE_ENGINES_PAGE, NULL);
  g_assert_nonnull (page);
  adw_preferences_dialog_set_visible_page (ADW_PREFERENCES_DIALOG (dialog), ADW_PREFERENCES_PAGE (page));
  test_wait_for_drawing (GTK_WIDGET (dialog));
  return CONGKAK_ENGINES_PAGE (page);
}

/* Types @command into Add Engine and applies it, as a person would. */
static void
add_engine (CongkakEnginesPage *page,
            const char         *command)
{
  GtkWidget *entry = test_find_widget (GTK_WIDGET (page), ADW_TYPE_ENTRY_ROW, NULL);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), command);
  g_signal_emit_by_name (entry, "apply");
  g_assert_true (congkak_engines_page_is_checking (page) || *congkak_engines_page_get_status (page) != '\0');
  g_assert_true (test_wait_until (not_checking, page, WAIT_ROUNDS));
}

static void
clear_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);

  g_settings_reset (settings, "engines");
  g_settings_reset (settings, "judge");
  g_settings_reset (settings, "south-engine");
  g_settings_reset (settings, "north-engine");
}

/* Add Engine: a command that answers is listed under its own name; one
 * that cannot start, or is not an engine, is said; twice is refused. */
static void
test_preferences (void)
{
  static const struct
  {
    const char *name;
    int         width;
    int         height;
    gboolean    dark;
  } shots[] = {
    { "preferences-engines.png", 900, 900, FALSE },
    /* AdwPreferencesDialog asks for 360 px inside the window's own
     * margins: a 370 px window is the narrowest it fits. */
    { "preferences-engines-370px-dark.png", 370, 700, TRUE },
  };
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *good = fake_command ("play");
  g_autofree char *silent = fake_command ("silent");
  g_autoptr (GVariant) stored = NULL;
  GtkWindow *window = GTK_WINDOW (congkak_application_new_window (test_app ()));
  CongkakEnginesPage *page;

  clear_settings ();
  gtk_window_present (window);
  page = open_engines_page (GTK_WIDGET (window));
  /* The built-in levels are listed too. */
  g_assert_nonnull (find_label_with (GTK_WIDGET (page), "The computer, looking two moves ahead"));

  add_engine (page, good);
  g_assert_cmpstr (congkak_engines_page_get_status (page), ==,
                   "Fake answered and was added: it can play in New Match and judge hints and analysis.");
  stored = g_settings_get_value (settings, "engines");
  g_assert_cmpuint (g_variant_n_children (stored), ==, 1);
  {
    const char *name, *command;

    g_variant_get_child (stored, 0, "(&s&s)", &name, &command);
    g_assert_cmpstr (name, ==, "Fake");
    g_assert_cmpstr (command, ==, good);
  }
  wait_for_label (GTK_WIDGET (page), good);

  add_engine (page, good);
  g_assert_cmpstr (congkak_engines_page_get_status (page), ==, "This engine is in the list already.");

  add_engine (page, "/nonexistent/aalina --uci");
  g_test_message ("%s", congkak_engines_page_get_status (page));
  g_assert_true (g_str_has_prefix (congkak_engines_page_get_status (page),
                                   "The engine “/nonexistent/aalina --uci” could not be started: "));

  add_engine (page, "\"unclosed");
  g_assert_true (g_str_has_prefix (congkak_engines_page_get_status (page), "This is not a command line: "));

  add_engine (page, silent);
  g_test_message ("%s", congkak_engines_page_get_status (page));
  g_assert_nonnull (strstr (congkak_engines_page_get_status (page), "it may not speak UCI"));
  g_assert_cmpuint (g_variant_n_children (g_settings_get_value (settings, "engines")), ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          shots[i].dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_DEFAULT);
      gtk_window_set_default_size (window, shots[i].width, shots[i].height);
      test_wait_for_drawing (GTK_WIDGET (page));
      test_save_screenshot (GTK_WIDGET (window), shots[i].name);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  /* The judge is chosen among them. */
  {
    AdwComboRow *judge = NULL;

    for (GtkWidget *row = test_find_widget (GTK_WIDGET (page), ADW_TYPE_COMBO_ROW, NULL); row != NULL; row = NULL)
      judge = ADW_COMBO_ROW (row);
    g_assert_nonnull (judge);
    g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (judge)), ==, 2);
    adw_combo_row_set_selected (judge, 1);
    g_assert_cmpstr (g_settings_get_string (settings, "judge"), ==, good);
  }

  /* Removing the engine takes it off the list, and off the judge. */
  {
    GtkWidget *remove = test_find_widget (GTK_WIDGET (page), GTK_TYPE_BUTTON, "flat");

    g_assert_nonnull (remove);
    test_click (remove);
    g_assert_cmpuint (g_variant_n_children (g_settings_get_value (settings, "engines")), ==, 0);
    g_assert_cmpstr (g_settings_get_string (settings, "judge"), ==, "");
  }
  gtk_window_destroy (window);
  clear_settings ();
}

/* Inside the Flatpak the page says that programs outside the sandbox
 * cannot be reached, and a command that cannot start says it again. */
static void
test_preferences_flatpak (void)
{
  g_autofree char *folder = test_make_temp_dir ();
  g_autofree char *info = g_build_filename (folder, "flatpak-info", NULL);
  GtkWindow *window = GTK_WINDOW (congkak_application_new_window (test_app ()));
  CongkakEnginesPage *page;

  clear_settings ();
  g_assert_true (g_file_set_contents (info, "[Application]\nname=" APPLICATION_ID "\n", -1, NULL));
  g_setenv ("CONGKAK_FLATPAK_INFO", info, TRUE);
  gtk_window_present (window);
  page = open_engines_page (GTK_WIDGET (window));
  wait_for_label (GTK_WIDGET (page), "Congkak runs in a Flatpak sandbox: engines installed outside it cannot be reached.");
  add_engine (page, "/usr/games/aalina");
  g_assert_true (g_str_has_suffix (congkak_engines_page_get_status (page),
                                   " Congkak runs in a Flatpak sandbox: a program installed outside it cannot be started from here."));
  test_wait_for_drawing (GTK_WIDGET (page));
  test_save_screenshot (GTK_WIDGET (window), "preferences-engines-flatpak.png");
  g_unsetenv ("CONGKAK_FLATPAK_INFO");
  gtk_window_destroy (window);
  test_remove_tree (folder);
}

static gboolean
south_to_move (gpointer data)
{
  CongkakSession *session = congkak_window_get_session (data);

  return !congkak_session_get_thinking (session)
         && congkak_session_get_turn_kind (session) == CONGKAK_TURN_MOVE
         && congkak_session_get_turn_side (session) == CONGKAK_SOUTH;
}

/* South clicks its fullest hole; North answers. */
static void
south_plays (CongkakWindow *window)
{
  CongkakBoardView *board = congkak_window_get_board (window);
  const CongkakState *state = congkak_session_get_state (congkak_window_get_session (window));
  guint hole = 0;

  for (guint i = 0; i < 6; i++)
    if (state->position.holes[CONGKAK_SOUTH][i] > state->position.holes[CONGKAK_SOUTH][hole])
      hole = i;
  test_click (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, hole));
  g_assert_true (test_wait_until (south_to_move, window, WAIT_ROUNDS));
}

/* Against an engine chosen in New Match: it plays, then crashes; the
 * window says so, and the built-in Hard level plays on. */
static void
test_play_against_engine (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *command = fake_command ("crash 1");
  CongkakWindow *window = CONGKAK_WINDOW (congkak_application_new_window (test_app ()));
  CongkakNewMatchDialog *dialog;
  AdwComboRow *game_row;
  CongkakMatch *match;
  CongkakPlayer *north;
  const char *problem = "The engine “Fake” stopped (exit status 3). The match goes on with the built-in computer at the Hard level.";

  clear_settings ();
  g_settings_set_value (settings, "engines", g_variant_new_parsed ("[('Fake', %s)]", command));
  g_settings_set_double (settings, "computer-thinking-time", 0.2);
  gtk_window_present (GTK_WINDOW (window));
  test_window_show_at_once (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.choose-game", NULL);
  dialog = CONGKAK_NEW_MATCH_DIALOG (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_NEW_MATCH_DIALOG, NULL));
  g_assert_nonnull (dialog);
  game_row = ADW_COMBO_ROW (test_find_widget (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, NULL));
  congkak_new_match_dialog_set_player (dialog, CONGKAK_SOUTH, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
  /* The engine stays chosen while Perfect comes and goes before it:
   * Congkak (rounds: no Perfect), Kalah (Perfect), then Oware. */
  adw_combo_row_set_selected (game_row, 0);
  g_assert_true (congkak_new_match_dialog_set_player_engine (dialog, CONGKAK_NORTH, command));
  adw_combo_row_set_selected (game_row, 2);
  g_assert_cmpstr (congkak_new_match_dialog_get_player_engine (dialog, CONGKAK_NORTH), ==, command);
  congkak_new_match_dialog_set_player (dialog, CONGKAK_NORTH, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_PERFECT);
  g_assert_cmpint (congkak_new_match_dialog_get_player_level (dialog, CONGKAK_NORTH), ==, CONGKAK_LEVEL_PERFECT);
  g_assert_null (congkak_new_match_dialog_get_player_engine (dialog, CONGKAK_NORTH));
  g_assert_true (congkak_new_match_dialog_set_player_engine (dialog, CONGKAK_NORTH, command));
  adw_combo_row_set_selected (game_row, 0);
  g_assert_cmpstr (congkak_new_match_dialog_get_player_engine (dialog, CONGKAK_NORTH), ==, command);
  adw_combo_row_set_selected (game_row, 3);
  g_assert_cmpstr (congkak_new_match_dialog_get_player_engine (dialog, CONGKAK_NORTH), ==, command);
  g_assert_cmpint (congkak_new_match_dialog_get_player_kind (dialog, CONGKAK_NORTH), ==, CONGKAK_PLAYER_COMPUTER);
  test_wait_for_drawing (GTK_WIDGET (dialog));
  test_save_screenshot (GTK_WIDGET (window), "new-match-engine.png");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-match.start", NULL);
  test_iterate (5);
  /* Remembered for the next match. */
  g_assert_cmpstr (g_settings_get_string (settings, "north-engine"), ==, command);

  match = congkak_window_get_match (window);
  g_assert_cmpstr (congkak_match_get_player_engine (match, CONGKAK_NORTH), ==, command);
  g_assert_cmpstr (congkak_match_get_player_name (match, CONGKAK_NORTH), ==, "Fake");
  north = congkak_session_get_player (congkak_window_get_session (window), CONGKAK_NORTH);
  g_assert_true (CONGKAK_IS_ENGINE_PLAYER (north));
  congkak_uci_engine_set_time_margin (congkak_engine_player_get_engine (CONGKAK_ENGINE_PLAYER (north)), 300);

  /* Its first move is its own. */
  south_plays (window);
  g_assert_false (congkak_engine_player_has_failed (CONGKAK_ENGINE_PLAYER (north)));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);
  g_assert_null (find_label_with (GTK_WIDGET (window), "The engine"));

  /* Then it crashes: said, and the built-in computer answers. */
  south_plays (window);
  g_assert_true (congkak_engine_player_has_failed (CONGKAK_ENGINE_PLAYER (north)));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 4);
  wait_for_label (GTK_WIDGET (window), problem);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 640);
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "engine-crashed.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "engine-crashed-360px-dark.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  /* And goes on playing. */
  south_plays (window);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 6);

  gtk_window_destroy (GTK_WINDOW (window));
  clear_settings ();
  g_settings_reset (settings, "computer-thinking-time");
}

static gboolean
hint_shown (gpointer data)
{
  return congkak_board_view_get_hint (data, NULL) != CONGKAK_NOBODY;
}

/* With an engine as the judge, the hint is its move and says so. */
static void
test_hint_judged (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *command = fake_command ("play");
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  CongkakBoardView *board;
  CongkakRules rules;
  guint hole;

  clear_settings ();
  g_settings_set_value (settings, "engines", g_variant_new_parsed ("[('Fake', %s)]", command));
  g_settings_set_string (settings, "judge", command);
  g_settings_set_double (settings, "computer-thinking-time", 0.2);
  test_rules (&rules, "oware", NULL);
  match = congkak_match_new (&rules);
  window = test_window_with_match (match);
  test_window_show_at_once (window);
  board = congkak_window_get_board (window);
  g_assert_nonnull (congkak_session_get_judge (congkak_window_get_session (window)));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_true (test_wait_until (hint_shown, board, WAIT_ROUNDS));
  g_assert_cmpint (congkak_board_view_get_hint (board, &hole), ==, CONGKAK_SOUTH);
  /* The fake engine plays South's fullest house: all hold 4, so A. */
  g_assert_cmpuint (hole, ==, 0);
  wait_for_label (GTK_WIDGET (window), ". Judged by Fake.");
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "hint-judged.png");

  /* Back to the built-in judge, from Preferences. */
  g_settings_set_string (settings, "judge", "");
  g_assert_null (congkak_session_get_judge (congkak_window_get_session (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  clear_settings ();
  g_settings_reset (settings, "computer-thinking-time");
}

int
main (int    argc,
      char **argv)
{
  test_app_init (&argc, &argv);

  g_test_add_func ("/view/engines/preferences", test_preferences);
  g_test_add_func ("/view/engines/preferences-flatpak", test_preferences_flatpak);
  g_test_add_func ("/view/engines/play-against-engine", test_play_against_engine);
  g_test_add_func ("/view/engines/hint-judged", test_hint_judged);

  return g_test_run ();
}
