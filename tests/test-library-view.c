/* test-library-view.c — recording matches from the window, the library and players pages
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs with a data folder of its own, so the library starts empty; the
 * tests build on each other in the order they are added.  Screenshots of
 * the library and the players page, light and dark, narrow and wide, go
 * to tests/screenshots/ in the build folder.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "congkak-application.h"
#include "congkak-board-view.h"
#include "congkak-library-view.h"
#include "congkak-match-file.h"
#include "congkak-player-stats.h"
#include "congkak-players-page.h"
#include "congkak-test-util.h"
#include "congkak-view-test-util.h"
#include "congkak-window-test-util.h"

static gconstpointer app;

static CongkakLibrary *
library (void)
{
  return congkak_application_get_library (CONGKAK_APPLICATION ((gpointer) app));
}

static guint
library_size (void)
{
  return g_list_model_get_n_items (G_LIST_MODEL (library ()));
}

/* The library page goes with the stack's transition: up to 5 s on a busy machine. */
static gboolean
widget_unmapped (gpointer widget)
{
  return !gtk_widget_get_mapped (widget);
}

static gboolean
window_has_match (gpointer window)
{
  return congkak_window_get_match (window) != NULL;
}

/* Until the library's background listing is done. */
static void
wait_for_library (void)
{
  for (guint i = 0; i < 2000 && !congkak_library_is_loaded (library ()); i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_true (congkak_library_is_loaded (library ()));
}

/* The match files in the library folder, counted on disk. */
static guint
count_files (void)
{
  g_autoptr (GDir) dir = g_dir_open (g_file_peek_path (congkak_library_get_directory (library ())), 0, NULL);
  const char *name;
  guint n = 0;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    n += *name != '.' && g_str_has_suffix (name, ".congkak");
  return n;
}

static CongkakWindow *
window_playing (const char    *profile,
                const char    *south,
                const char    *north,
                CongkakMatch **match)
{
  CongkakWindow *window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));
  CongkakRules rules;

  gtk_window_present (GTK_WINDOW (window));
  test_rules (&rules, profile, NULL);
  *match = congkak_match_new (&rules);
  congkak_match_set_player (*match, CONGKAK_SOUTH, south, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_player (*match, CONGKAK_NORTH, north, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_forget_history (*match);
  congkak_window_start_match (window, *match);
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  test_wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  return window;
}

/* Plays @move as the players would choose it, through the session. */
static void
play_through_session (CongkakSession    *session,
                      const CongkakMove *move)
{
  g_autoptr (GError) error = NULL;
  guint used[2] = { 0, 0 };

  switch (move->kind)
    {
    case CONGKAK_MOVE_NEXT_ROUND:
      g_assert_true (congkak_session_next_round (session, &error));
      break;
    case CONGKAK_MOVE_OPENING:
      while (congkak_session_get_turn_kind (session) == CONGKAK_TURN_OPENING
             || congkak_session_get_turn_kind (session) == CONGKAK_TURN_HANDOVER)
        {
          CongkakSide side = congkak_session_get_turn_side (session);

          if (congkak_session_get_turn_kind (session) == CONGKAK_TURN_HANDOVER)
            congkak_session_ready (session);
          else
            g_assert_true (congkak_session_choose_hole (session, side, move->opening->choices[side][used[side]++],
                                                        &error));
        }
      break;
    case CONGKAK_MOVE_SOW:
    default:
      g_assert_true (congkak_session_choose_hole (session, move->side, move->hole, &error));
      break;
    }
  g_assert_no_error (error);
}

/* Plays up to @n random moves through the window, as clicks would. */
static void
play_random (CongkakWindow *window,
             GRand         *rand,
             guint          n)
{
  CongkakMatch *match = congkak_window_get_match (window);

  for (guint i = 0; i < n; i++)
    {
      const CongkakGame *game = congkak_match_get_cursor_game (match);
      g_autofree char *text = congkak_state_random_move (congkak_game_get_state (game),
                                                         congkak_match_get_rules (match), rand);
      CongkakOpening opening;
      CongkakMove move;

      if (text == NULL)
        break;
      g_assert_true (congkak_move_parse (text, congkak_match_get_rules (match), &move, &opening, NULL));
      play_through_session (congkak_window_get_session (window), &move);
      test_iterate (1);
    }
}

static CongkakLibraryEntry *
entry_for (CongkakMatch *match)
{
  return congkak_library_find_by_id (library (), congkak_match_get_metadata (match, CONGKAK_METADATA_ID));
}

static void
close_dialogs (CongkakWindow *window)
{
  AdwDialog *dialog;

  while ((dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window))) != NULL)
    {
      adw_dialog_force_close (dialog);
      test_iterate (2);
    }
}

/* A match played to its end is recorded then, once. */
static void
test_record_on_end (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) recorded = NULL;
  CongkakLibraryEntry *entry;
  CongkakWindow *window;
  guint before;

  window = window_playing ("kalah", "Ani", "Budi", &match);
  wait_for_library ();
  before = count_files ();

  play_random (window, rand, 1000);
  g_assert_cmpint (congkak_game_get_state (congkak_match_get_cursor_game (match))->phase, ==,
                   CONGKAK_PHASE_MATCH_OVER);
  test_iterate (5);
  entry = entry_for (match);
  g_assert_nonnull (entry);
  g_assert_cmpuint (count_files (), ==, before + 1);
  g_assert_cmpint (congkak_library_entry_get_result (entry), !=, CONGKAK_LIBRARY_RESULT_UNFINISHED);

  /* The file is the match as played. */
  recorded = congkak_match_load_from_file (congkak_library_entry_get_file (entry), NULL, NULL, NULL);
  g_assert_nonnull (recorded);
  g_assert_true (congkak_match_equal (recorded, match));

  /* Nothing changed since: closing records nothing more. */
  close_dialogs (window);
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate (2);
  g_assert_cmpuint (count_files (), ==, before + 1);
}

/* A match left unfinished is recorded when its window closes, and when
 * another match takes its place. */
static void
test_record_unfinished (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) second = NULL;
  CongkakLibraryEntry *entry;
  CongkakWindow *window;
  guint before = count_files ();

  window = window_playing ("congkak-single", "Citra", "Dewi", &match);
  play_random (window, rand, 3);
  g_assert_null (entry_for (match));
  g_assert_cmpuint (count_files (), ==, before);
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate (2);

  entry = entry_for (match);
  g_assert_nonnull (entry);
  g_assert_cmpuint (count_files (), ==, before + 1);
  g_assert_cmpint (congkak_library_entry_get_result (entry), ==, CONGKAK_LIBRARY_RESULT_UNFINISHED);
  g_assert_cmpuint (congkak_library_entry_get_n_moves (entry), ==, 3);

  /* New Match in the same window lets the first one go. */
  window = window_playing ("kalah", "Eka", "Farid", &second);
  play_random (window, rand, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-match", NULL);
  /* Asked about the unsaved moves first: the library keeps them anyway. */
  test_answer_dialog (window, "discard");
  test_iterate (2);
  entry = entry_for (second);
  g_assert_nonnull (entry);
  g_assert_cmpuint (congkak_library_entry_get_n_moves (entry), ==, 2);
  g_assert_cmpuint (count_files (), ==, before + 2);
  /* The new, untouched match is not recorded when the window closes. */
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate (2);
  g_assert_cmpuint (count_files (), ==, before + 2);
}

/* A library of generated matches, written as another program would. */
static void
add_generated_matches (guint n)
{
  static const char * const names[] = { "Ani", "Budi", "Citra", "Dewi", "Eka", "Farid", "Gita", "Hadi" };
  static const char * const games[] = { "kalah", "oware", "congkak-single", "kalah" };
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (CongkakMatch) match = NULL;
      g_autofree char *name = g_strdup_printf ("generated-%02u.congkak", i);
      g_autofree char *date = g_strdup_printf ("2026-%02u-%02u", 1 + i % 11, 1 + i % 27);
      g_autoptr (GFile) file = g_file_get_child (congkak_library_get_directory (library ()), name);
      CongkakRules rules;
      guint south = i % G_N_ELEMENTS (names), north = (i * 3 + 1) % G_N_ELEMENTS (names);

      test_rules (&rules, games[i % G_N_ELEMENTS (games)], NULL);
      match = congkak_match_new (&rules);
      congkak_match_set_player (match, CONGKAK_SOUTH, names[south], CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
      congkak_match_set_player (match, CONGKAK_NORTH, names[north == south ? (north + 1) % 8 : north],
                                CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
      congkak_match_set_metadata (match, CONGKAK_METADATA_DATE, date);
      if (i % 4 == 0)
        congkak_match_set_metadata (match, CONGKAK_METADATA_EVENT, "School cup");
      for (guint m = 0; m < (i % 6 == 5 ? 6u : 500u); m++)
        {
          g_autofree char *move = congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                                             &rules, rand);

          if (move == NULL)
            break;
          g_assert_nonnull (congkak_match_play_text (match, move, NULL, NULL));
        }
      if (i % 3 == 0)
        congkak_match_set_comment (match, congkak_match_get_cursor (match), "A long relay decided it.");
      g_assert_true (congkak_match_save_to_file (match, file, NULL, &error));
    }
  /* And one that does not load. */
  {
    g_autoptr (GFile) broken = g_file_get_child (congkak_library_get_directory (library ()), "broken.congkak");

    g_assert_true (g_file_replace_contents (broken, "{\"format\": \"congkak-match\"", 26, NULL, FALSE,
                                            G_FILE_CREATE_NONE, NULL, NULL, NULL));
  }
  g_assert_true (congkak_library_load (library (), FALSE, NULL, NULL));
}

static CongkakLibraryView *
show_library (CongkakWindow *window)
{
  CongkakLibraryView *view;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-library", NULL);
  view = CONGKAK_LIBRARY_VIEW (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_LIBRARY_VIEW, NULL));
  g_assert_nonnull (view);
  test_wait_for_drawing (GTK_WIDGET (view));
  /* The refresh that showing starts. */
  test_iterate (20);
  return view;
}

static guint
expected_shown (gboolean (*keep) (CongkakLibraryEntry *entry))
{
  guint n = 0;

  for (guint i = 0; i < library_size (); i++)
    {
      g_autoptr (CongkakLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library ()), i);

      n += keep (entry);
    }
  return n;
}

static gboolean
has_budi (CongkakLibraryEntry *entry)
{
  return g_str_equal (congkak_library_entry_get_player_name (entry, CONGKAK_SOUTH), "Budi")
         || g_str_equal (congkak_library_entry_get_player_name (entry, CONGKAK_NORTH), "Budi");
}

static gboolean
is_school_cup_budi (CongkakLibraryEntry *entry)
{
  return has_budi (entry) && g_str_equal (congkak_library_entry_get_event (entry), "School cup");
}

static gboolean
has_comments (CongkakLibraryEntry *entry)
{
  return congkak_library_entry_has_comments (entry);
}

static GtkWidget *
find_label_with_text (GtkWidget  *root,
                      const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with_text (child, text);

      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_button_with_tooltip (GtkWidget  *root,
                          const char *tooltip)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_widget_get_tooltip_text (root), tooltip) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_with_tooltip (child, tooltip);

      if (found)
        return found;
    }
  return NULL;
}

/* The library page lists every match; search words and the annotated
 * filter narrow it as they should; rows show the damaged file. */
static void
test_browse (void)
{
  CongkakWindow *window;
  CongkakLibraryView *view;
  GtkWidget *check;
  GtkWidget *label;

  add_generated_matches (24);
  window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  gtk_window_present (GTK_WINDOW (window));
  view = show_library (window);
  g_assert_true (congkak_library_view_get_library (view) == library ());

  g_assert_cmpuint (g_list_model_get_n_items (congkak_library_view_get_shown (view)), ==, library_size ());
  g_assert_cmpuint (library_size (), ==, count_files ());
  test_save_screenshot (GTK_WIDGET (window), "library-1000px.png");

  congkak_library_view_set_search (view, "budi");
  g_assert_cmpuint (g_list_model_get_n_items (congkak_library_view_get_shown (view)), ==, expected_shown (has_budi));
  congkak_library_view_set_search (view, "BUDI school");
  g_assert_cmpuint (g_list_model_get_n_items (congkak_library_view_get_shown (view)), ==,
                    expected_shown (is_school_cup_budi));
  congkak_library_view_set_search (view, "");

  check = test_find_widget (GTK_WIDGET (view), GTK_TYPE_CHECK_BUTTON, NULL);
  g_assert_nonnull (check);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (congkak_library_view_get_shown (view)), ==, expected_shown (has_comments));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);

  /* Newest first by default; the damaged file is listed with the loader's message. */
  congkak_library_view_set_search (view, "broken.congkak");
  g_assert_cmpuint (g_list_model_get_n_items (congkak_library_view_get_shown (view)), ==, 1);
  test_iterate (10);
  {
    g_autoptr (CongkakLibraryEntry) broken = g_list_model_get_item (congkak_library_view_get_shown (view), 0);
    g_autoptr (GError) error = NULL;

    g_assert_true (congkak_library_entry_is_damaged (broken));
    g_assert_null (congkak_match_load_from_file (congkak_library_entry_get_file (broken), NULL, NULL, &error));
    label = find_label_with_text (GTK_WIDGET (view), error->message);
    g_assert_nonnull (label);
  }
  test_save_screenshot (GTK_WIDGET (window), "library-damaged.png");
  congkak_library_view_set_search (view, "");

  /* A row's ⋮ opens its menu, with its actions for that match. */
  {
    GtkWidget *button = NULL;
    GtkWidget *popover = NULL;
    GMenuModel *menu;
    g_autoptr (GVariant) target = NULL;
    g_autoptr (CongkakLibraryEntry) first = g_list_model_get_item (congkak_library_view_get_shown (view), 0);

    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child; child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_POPOVER_MENU (child))
        popover = child;
    g_assert_nonnull (popover);
    button = find_button_with_tooltip (test_find_widget (GTK_WIDGET (view), GTK_TYPE_LIST_VIEW, "congkak-library-list"),
                                       "Match Menu");
    g_assert_nonnull (button);
    test_click (button);
    test_iterate (5);
    g_assert_true (gtk_widget_get_visible (popover));
    menu = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
    g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 5);
    target = g_menu_model_get_item_attribute_value (menu, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
    g_assert_cmpstr (g_variant_get_string (target, NULL), ==, congkak_library_entry_get_name (first));
    test_save_screenshot (GTK_WIDGET (window), "library-row-menu.png");
    gtk_popover_popdown (GTK_POPOVER (popover));
  }

  /* Back to where the window was. */
  gtk_widget_activate_action (GTK_WIDGET (view), "library.back", NULL);
  g_assert_true (test_wait_until (widget_unmapped, view, 500));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Light and dark, narrow and wide: the matches and the players. */
static void
test_screenshots (void)
{
  const struct { int width; int height; gboolean dark; const char *name; } shots[] = {
    { 1200, 800, FALSE, "library-1200px.png" },
    { 1200, 800, TRUE, "library-1200px-dark.png" },
    { 360, 700, FALSE, "library-360px.png" },
    { 360, 700, TRUE, "library-360px-dark.png" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      CongkakWindow *window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));
      CongkakLibraryView *view;
      CongkakPlayersPage *players;
      g_autofree char *players_name = NULL;
      GtkWidget *expander;

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          shots[i].dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      gtk_window_set_default_size (GTK_WINDOW (window), shots[i].width, shots[i].height);
      gtk_window_present (GTK_WINDOW (window));
      view = show_library (window);
      test_save_screenshot (GTK_WIDGET (window), shots[i].name);

      congkak_library_view_show_players (view, TRUE);
      players = CONGKAK_PLAYERS_PAGE (test_find_widget (GTK_WIDGET (view), CONGKAK_TYPE_PLAYERS_PAGE, NULL));
      test_wait_for_drawing (GTK_WIDGET (players));
      g_assert_nonnull (congkak_players_page_get_players (players));
      g_assert_cmpuint (congkak_players_page_get_players (players)->len, >, 0);
      expander = test_find_widget (GTK_WIDGET (players), ADW_TYPE_EXPANDER_ROW, NULL);
      g_assert_nonnull (expander);
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
      test_wait_for_drawing (GTK_WIDGET (players));
      players_name = g_strdup_printf ("players-%s", shots[i].name + strlen ("library-"));
      test_save_screenshot (GTK_WIDGET (window), players_name);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* The players page shows what the statistics say. */
static void
test_players (void)
{
  CongkakWindow *window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));
  CongkakLibraryView *view;
  CongkakPlayersPage *page;
  g_autoptr (GPtrArray) expected = NULL;
  GPtrArray *shown;
  guint rows = 0;

  gtk_window_present (GTK_WINDOW (window));
  view = show_library (window);
  congkak_library_view_show_players (view, TRUE);
  page = CONGKAK_PLAYERS_PAGE (test_find_widget (GTK_WIDGET (view), CONGKAK_TYPE_PLAYERS_PAGE, NULL));
  test_wait_for_drawing (GTK_WIDGET (page));

  expected = congkak_player_stats_compute (G_LIST_MODEL (library ()));
  shown = congkak_players_page_get_players (page);
  g_assert_cmpuint (shown->len, ==, expected->len);
  for (GtkWidget *list = test_find_widget (GTK_WIDGET (page), GTK_TYPE_LIST_BOX, NULL),
                 *child = gtk_widget_get_first_child (list);
       child; child = gtk_widget_get_next_sibling (child))
    rows += ADW_IS_EXPANDER_ROW (child);
  g_assert_cmpuint (rows, ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      CongkakPlayerStats *a = g_ptr_array_index (expected, i);
      CongkakPlayerStats *b = g_ptr_array_index (shown, i);

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpuint (a->matches, ==, b->matches);
      g_assert_cmpuint (a->wins, ==, b->wins);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_button_with_label (GtkWidget  *root,
                        const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_with_label (child, label);

      if (found)
        return found;
    }
  return NULL;
}

/* Delete takes the match out at once; the toast's Undo brings it back. */
static void
test_delete_and_undo (void)
{
  CongkakWindow *window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));
  CongkakLibraryView *view;
  g_autoptr (CongkakLibraryEntry) entry = NULL;
  g_autoptr (GFile) file = NULL;
  GtkWidget *undo = NULL;
  guint before;

  gtk_window_present (GTK_WINDOW (window));
  view = show_library (window);
  before = library_size ();
  entry = g_list_model_get_item (congkak_library_view_get_shown (view), 0);
  file = g_object_ref (congkak_library_entry_get_file (entry));

  gtk_widget_activate_action (GTK_WIDGET (view), "library.delete", "s", congkak_library_entry_get_name (entry));
  g_assert_cmpuint (library_size (), ==, before - 1);
  g_assert_cmpuint (g_list_model_get_n_items (congkak_library_view_get_shown (view)), ==, before - 1);
  g_assert_false (g_file_query_exists (file, NULL));

  for (guint i = 0; i < 200 && undo == NULL; i++)
    {
      test_iterate (1);
      undo = find_button_with_label (GTK_WIDGET (window), "_Undo");
    }
  g_assert_nonnull (undo);
  test_wait_for_drawing (GTK_WIDGET (window));
  test_save_screenshot (GTK_WIDGET (window), "library-deleted.png");
  test_click (undo);
  test_iterate (5);
  g_assert_true (g_file_query_exists (file, NULL));
  g_assert_cmpuint (library_size (), ==, before);
  g_assert_cmpuint (g_list_model_get_n_items (congkak_library_view_get_shown (view)), ==, before);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Opening from the library shows the match, in this window when it is free. */
static void
test_open (void)
{
  CongkakWindow *window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));
  CongkakLibraryView *view;
  g_autoptr (CongkakLibraryEntry) entry = NULL;
  g_autoptr (CongkakMatch) expected = NULL;

  gtk_window_present (GTK_WINDOW (window));
  view = show_library (window);
  congkak_library_view_set_search (view, "");
  entry = g_list_model_get_item (congkak_library_view_get_shown (view), 1);
  g_assert_false (congkak_library_entry_is_damaged (entry));
  expected = congkak_match_load_from_file (congkak_library_entry_get_file (entry), NULL, NULL, NULL);

  gtk_widget_activate_action (GTK_WIDGET (view), "library.open", "s", congkak_library_entry_get_name (entry));
  g_assert_true (test_wait_until (window_has_match, window, 500));
  g_assert_true (congkak_match_equal (congkak_window_get_match (window), expected));
  g_assert_true (test_wait_until (widget_unmapped, view, 500));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (CongkakApplication) application = NULL;
  g_autoptr (GtkCssProvider) css = NULL;
  g_autofree char *data_home = g_dir_make_tmp ("congkak-library-data-XXXXXX", NULL);

  /* A library of the test's own, empty at the start. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_unsetenv ("CONGKAK_LIBRARY_DIR");
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/congkak/Congkak/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  application = congkak_application_new (APPLICATION_ID ".LibraryTest",
                                         G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_application_register (G_APPLICATION (application), NULL, NULL);
  app = application;

  g_test_add_func ("/view/library/record-on-end", test_record_on_end);
  g_test_add_func ("/view/library/record-unfinished", test_record_unfinished);
  g_test_add_func ("/view/library/browse", test_browse);
  g_test_add_func ("/view/library/players", test_players);
  g_test_add_func ("/view/library/screenshots", test_screenshots);
  g_test_add_func ("/view/library/delete-undo", test_delete_and_undo);
  g_test_add_func ("/view/library/open", test_open);

  return g_test_run ();
}
