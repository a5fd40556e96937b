/* test-puzzle-view.c — puzzle mode through its widgets: holes, buttons, keys
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The puzzle view alone in a window, as a player and a teacher use it:
 * the holes and buttons are clicked and the keys pressed; the rating and
 * the streak are read back from GSettings (the memory backend).  The
 * puzzles are tests/data/puzzles/good/captures.json — a Kalah capture
 * where Ani (South, a person) played F instead of A, then an Oware
 * capture by F — or found by the view in a library of sample matches.
 * Screenshots go to tests/screenshots/ in the build folder.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "congkak-application.h"
#include "congkak-board-view.h"
#include "congkak-match-file.h"
#include "congkak-puzzle-view.h"
#include "congkak-view-test-util.h"

typedef struct
{
  GtkWindow         *window;
  CongkakPuzzleView *view;
  GSettings         *settings;
} Fixture;

static char *
puzzle_data (const char *folder,
             const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "puzzles", folder, name, NULL);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  const char * const keys[] = { "puzzle-rating", "puzzle-streak", "puzzle-best-streak", "puzzles-solved",
                                "puzzles-tried", "south-name", "south-player", "north-name", "north-player",
                                "animation-speed", NULL };

  fixture->settings = g_settings_new (APPLICATION_ID);
  for (guint i = 0; keys[i]; i++)
    g_settings_reset (fixture->settings, keys[i]);
  /* Ani played South in this window; North was the computer. */
  g_settings_set_string (fixture->settings, "south-name", "Ani");
  g_settings_set_string (fixture->settings, "north-player", "computer");
  /* Whole moves at once: the solution is sown while the test waits. */
  g_settings_set_double (fixture->settings, "animation-speed", 0);

  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, 900, 700);
  fixture->view = g_object_new (CONGKAK_TYPE_PUZZLE_VIEW, NULL);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->view));
  gtk_window_present (fixture->window);
  test_wait_for_drawing (GTK_WIDGET (fixture->view));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  if (fixture->window)
    gtk_window_destroy (fixture->window);
  test_iterate (2);
  g_clear_object (&fixture->settings);
}

static void
load_captures (Fixture *fixture)
{
  g_autofree char *path = puzzle_data ("good", "captures.json");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (congkak_puzzle_view_load_file (fixture->view, file, &error));
  g_assert_no_error (error);
  test_iterate (3);
}

/* The first widget of @type under @root whose label (or, for a label,
 * text) is @text. */
static GtkWidget *
find_by_label (GtkWidget  *root,
               GType       type,
               const char *text)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      const char *label = GTK_IS_BUTTON (root) ? gtk_button_get_label (GTK_BUTTON (root))
                          : GTK_IS_LABEL (root) ? gtk_label_get_label (GTK_LABEL (root)) : NULL;

      if (g_strcmp0 (label, text) == 0)
        return root;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_label (child, type, text);

      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
button (Fixture    *fixture,
        const char *label)
{
  GtkWidget *found = find_by_label (GTK_WIDGET (fixture->view), GTK_TYPE_BUTTON, label);

  g_assert_nonnull (found);
  return found;
}

/* A label of the puzzle page, by its template id's role: found through
 * the text it must show. */
static gboolean
shows_text (Fixture    *fixture,
            const char *text)
{
  GtkWidget *page = gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_first_child (GTK_WIDGET (fixture->view))));
  GtkWidget *label = find_by_label (page, GTK_TYPE_LABEL, text);

  return label != NULL && gtk_widget_is_visible (label);
}

/* Some visible label of the puzzle page holds @text. */
static gboolean
has_label_containing (GtkWidget  *root,
                      const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_is_visible (root) && strstr (gtk_label_get_label (GTK_LABEL (root)), text))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    if (has_label_containing (child, text))
      return TRUE;
  return FALSE;
}

static gboolean
shows (Fixture    *fixture,
       const char *text)
{
  return has_label_containing (GTK_WIDGET (fixture->view), text);
}

static CongkakBoardView *
board (Fixture *fixture)
{
  GtkWidget *found = test_find_widget (GTK_WIDGET (fixture->view), CONGKAK_TYPE_BOARD_VIEW, NULL);

  g_assert_nonnull (found);
  return CONGKAK_BOARD_VIEW (found);
}

static void
click_hole (Fixture     *fixture,
            CongkakSide  side,
            guint        hole)
{
  test_click (congkak_board_view_get_hole_widget (board (fixture), side, hole));
  test_iterate (5);
}

static const char *
visible_page (Fixture *fixture)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (gtk_widget_get_first_child (GTK_WIDGET (fixture->view))));
}

/* A wrong answer, then a right one: feedback, the solution sown and
 * explained, the streak and the rating. */
static void
test_flow (Fixture       *fixture,
           gconstpointer  data)
{
  CongkakPuzzle *puzzle;
  double rating;

  load_captures (fixture);
  g_assert_cmpstr (visible_page (fixture), ==, "puzzle");
  g_assert_cmpuint (g_list_model_get_n_items (congkak_puzzle_view_get_shown (fixture->view)), ==, 2);

  /* Ani's own mistake comes first, and says so. */
  puzzle = congkak_puzzle_view_get_puzzle (fixture->view);
  g_assert_cmpstr (congkak_puzzle_get_game (puzzle), ==, "kalah");
  g_assert_true (shows_text (fixture, "Puzzle 1 of 2"));
  g_assert_true (shows_text (fixture, "Your mistake: you played F here."));
  g_assert_true (shows_text (fixture, "South to move: find the best move."));
  g_assert_true (shows (fixture, "From: Ani vs Budi, 2026-11-29, move 1"));
  test_save_screenshot (GTK_WIDGET (fixture->window), "puzzle-view-question.png");

  /* F again: wrong. */
  click_hole (fixture, CONGKAK_SOUTH, 5);
  g_assert_true (congkak_puzzle_view_get_answered (fixture->view));
  g_assert_true (shows_text (fixture, "Not this time: F is not the best move. The answer is A."));
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzles-tried"), ==, 1);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzles-solved"), ==, 0);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzle-streak"), ==, 0);
  rating = g_settings_get_double (fixture->settings, "puzzle-rating");
  g_assert_cmpfloat (rating, <, 1000);
  g_assert_true (shows (fixture, "Rating\u00a0"));

  /* The solution, sown from the engine's events and narrated, then why. */
  g_assert_true (shows (fixture, "Empty hole on South’s side: capture 11 seeds"));
  g_assert_true (shows (fixture, "A: capture 11 seeds at B\nBest: A, you end 6 seeds ahead. Next best: F, you end 2 seeds ahead."));
  g_assert_true (congkak_board_view_get_locked (board (fixture)));
  /* The board shows the position after the solution: B's seed and e's in South's store. */
  click_hole (fixture, CONGKAK_SOUTH, 5);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzles-tried"), ==, 1);
  test_save_screenshot (GTK_WIDGET (fixture->window), "puzzle-view-answered.png");

  /* The next one, the Oware capture: right. */
  test_click (button (fixture, "_Next Puzzle"));
  test_iterate (3);
  g_assert_false (congkak_puzzle_view_get_answered (fixture->view));
  g_assert_true (shows_text (fixture, "Puzzle 2 of 2"));
  g_assert_false (shows (fixture, "Your mistake"));
  g_assert_false (congkak_board_view_get_locked (board (fixture)));
  click_hole (fixture, CONGKAK_SOUTH, 5);
  g_assert_true (shows_text (fixture, "Right! F: capture 3 seeds at a"));
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzles-tried"), ==, 2);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzles-solved"), ==, 1);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzle-streak"), ==, 1);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzle-best-streak"), ==, 1);
  g_assert_cmpfloat (g_settings_get_double (fixture->settings, "puzzle-rating"), >, rating);
  g_assert_true (shows (fixture, "Streak\u00a01\u00a0(best\u00a01) · Solved\u00a01\u00a0of\u00a02"));
}

/* Show Answer: a puzzle not solved, and the solution sown all the same. */
static void
test_reveal (Fixture       *fixture,
             gconstpointer  data)
{
  load_captures (fixture);
  g_settings_set_uint (fixture->settings, "puzzle-streak", 4);
  test_click (button (fixture, "Show _Answer"));
  test_iterate (3);
  g_assert_true (congkak_puzzle_view_get_answered (fixture->view));
  g_assert_true (shows_text (fixture, "The answer is A."));
  g_assert_true (shows (fixture, "Proved by solving the game to its end."));
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzle-streak"), ==, 0);
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzles-tried"), ==, 1);
  g_assert_false (gtk_widget_get_sensitive (button (fixture, "Show _Answer")));
}

static void
test_filters (Fixture       *fixture,
              gconstpointer  data)
{
  GtkDropDown *game, *difficulty;
  GtkWidget *toolbar;

  load_captures (fixture);
  toolbar = gtk_widget_get_parent (test_find_widget (GTK_WIDGET (fixture->view), GTK_TYPE_DROP_DOWN, NULL));
  game = GTK_DROP_DOWN (test_find_widget (toolbar, GTK_TYPE_DROP_DOWN, NULL));
  difficulty = GTK_DROP_DOWN (gtk_widget_get_next_sibling (GTK_WIDGET (game)));

  /* All games, then the games of the puzzles, in order. */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (game)), ==, 3);
  gtk_drop_down_set_selected (game, 2);
  test_iterate (2);
  g_assert_cmpuint (g_list_model_get_n_items (congkak_puzzle_view_get_shown (fixture->view)), ==, 1);
  g_assert_cmpstr (congkak_puzzle_get_game (congkak_puzzle_view_get_puzzle (fixture->view)), ==, "oware");
  g_assert_true (shows_text (fixture, "Puzzle 1 of 1"));

  gtk_drop_down_set_selected (difficulty, 3);
  test_iterate (2);
  g_assert_cmpuint (g_list_model_get_n_items (congkak_puzzle_view_get_shown (fixture->view)), ==, 0);
  g_assert_true (shows_text (fixture, "No puzzle fits these choices"));
  g_assert_false (gtk_widget_get_sensitive (button (fixture, "Show _Answer")));

  gtk_drop_down_set_selected (game, 0);
  gtk_drop_down_set_selected (difficulty, 1);
  test_iterate (2);
  g_assert_cmpuint (g_list_model_get_n_items (congkak_puzzle_view_get_shown (fixture->view)), ==, 2);
}

/* For a class: full screen, Space reveals, Space again goes on, the
 * rating untouched; Escape leaves. */
static void
test_presentation (Fixture       *fixture,
                   gconstpointer  data)
{
  load_captures (fixture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->view), "puzzle.presenting", NULL));
  test_iterate (5);
  g_assert_true (congkak_puzzle_view_get_presenting (fixture->view));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (fixture->window), "presentation"));
  g_assert_false (gtk_widget_is_visible (button (fixture, "_Next Puzzle")));
  g_assert_false (shows (fixture, "Your mistake"));
  test_save_screenshot (GTK_WIDGET (fixture->window), "puzzle-view-presentation.png");

  g_assert_true (test_press_key (GTK_WIDGET (fixture->view), GDK_KEY_space));
  test_iterate (3);
  g_assert_true (congkak_puzzle_view_get_answered (fixture->view));
  g_assert_true (shows_text (fixture, "The answer is A."));
  g_assert_cmpuint (g_settings_get_uint (fixture->settings, "puzzles-tried"), ==, 0);

  g_assert_true (test_press_key (GTK_WIDGET (fixture->view), GDK_KEY_Return));
  test_iterate (3);
  g_assert_false (congkak_puzzle_view_get_answered (fixture->view));
  g_assert_true (shows_text (fixture, "Puzzle 2 of 2"));

  /* Only in presentation mode are the keys taken from the board. */
  g_assert_true (test_press_key (GTK_WIDGET (fixture->view), GDK_KEY_Escape));
  test_iterate (3);
  g_assert_false (congkak_puzzle_view_get_presenting (fixture->view));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (fixture->window), "presentation"));
  g_assert_true (gtk_widget_is_visible (button (fixture, "_Next Puzzle")));
  g_assert_false (test_press_key (GTK_WIDGET (fixture->view), GDK_KEY_space));
}

/* The pages a PDF has, as pdfinfo says. */
static int
pdf_pages (const char *path)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  const char *line;
  int status;

  g_assert_nonnull (pdfinfo);
  g_spawn_sync (NULL, (char *[]) { pdfinfo, (char *) path, NULL }, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, "\nPages:");
  g_assert_nonnull (line);
  return atoi (line + strlen ("\nPages:"));
}

/* The sheet of the puzzles shown: exported, and printed to a file. */
static void
test_sheet (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *folder = g_dir_make_tmp ("congkak-puzzle-sheet-XXXXXX", NULL);
  g_autofree char *exported = g_build_filename (folder, "sheet.pdf", NULL);
  g_autofree char *printed = g_build_filename (folder, "printed.pdf", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (exported);
  g_autoptr (GtkPrintOperation) operation = NULL;
  g_autoptr (CongkakPuzzleSet) sheet = NULL;
  g_autoptr (GError) error = NULL;

  if (g_find_program_in_path ("pdfinfo") == NULL)
    {
      g_test_skip ("pdfinfo is missing");
      return;
    }
  load_captures (fixture);
  sheet = congkak_puzzle_view_dup_sheet_puzzles (fixture->view);
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (sheet), ==, 2);
  g_assert_cmpstr (congkak_puzzle_set_get_title (sheet), ==, "Captures for class 3B");

  /* Two puzzles, three a page: one page of puzzles, one of answers. */
  g_assert_true (congkak_puzzle_view_export_sheet (fixture->view, file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pdf_pages (exported), ==, 2);

  /* The print dialog's pages are the same. */
  operation = congkak_puzzle_view_new_print_operation (fixture->view);
  gtk_print_operation_set_export_filename (operation, printed);
  g_assert_cmpint (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, fixture->window, &error),
                   ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_no_error (error);
  g_assert_cmpint (pdf_pages (printed), ==, 2);

  g_remove (exported);
  g_remove (printed);
  g_rmdir (folder);
}

static void
test_bad_file (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *path = puzzle_data ("bad", "solution-illegal.json");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  load_captures (fixture);
  g_assert_false (congkak_puzzle_view_load_file (fixture->view, file, &error));
  g_assert_true (g_str_has_prefix (error->message, "puzzles[0].solution[1]: "));
  /* What was shown stays. */
  g_assert_cmpuint (g_list_model_get_n_items (congkak_puzzle_view_get_shown (fixture->view)), ==, 2);
}

/* A library of one match: a copy of a sample one. */
static char *
make_library (const char *match)
{
  char *folder = g_dir_make_tmp ("congkak-puzzle-library-XXXXXX", NULL);
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "good", match, NULL);
  g_autofree char *target = g_build_filename (folder, match, NULL);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (target, contents, length, NULL));
  return folder;
}

static void
remove_folder (const char *folder)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_remove (path);
    }
  g_rmdir (folder);
}

static gboolean
not_finding (gpointer data)
{
  return !congkak_puzzle_view_is_finding (data);
}

/* A library of a short Kalah match of Ani's, from a board where A takes
 * 10 seeds and she played F: her mistake. */
static char *
make_short_library (void)
{
  char *folder = g_dir_make_tmp ("congkak-puzzle-library-XXXXXX", NULL);
  const char * const played[] = { "F" };
  CongkakPosition position = { .holes = { { 1, 0, 0, 0, 0, 2 }, { 1, 1, 1, 1, 10, 1 } },
                               .to_move = CONGKAK_SOUTH, .n_holes = 6 };
  CongkakRules rules;

  congkak_rules_init_profile (&rules, "kalah", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (played); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakMatch) match = congkak_match_new_from_position (&rules, &position, &error);
      g_autofree char *name = g_strdup_printf ("ani-%u.congkak", i);
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);

      g_assert_no_error (error);
      congkak_match_set_player (match, CONGKAK_SOUTH, "Ani", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
      congkak_match_set_player (match, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
      g_assert_nonnull (congkak_match_play_text (match, played[i], NULL, &error));
      g_assert_true (congkak_match_save_to_file (match, file, NULL, &error));
    }
  return folder;
}

/* Puzzles found in the library in a worker, the player's first, kept in
 * the cache file and read back. */
static void
test_find (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *folder = make_short_library ();
  g_autofree char *cache_path = g_build_filename (folder, "puzzles.json", NULL);
  g_autoptr (GFile) directory = g_file_new_for_path (folder);
  g_autoptr (GFile) cache = g_file_new_for_path (cache_path);
  g_autoptr (CongkakLibrary) library = congkak_library_new (directory);
  CongkakPuzzleView *again;
  guint found;

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  g_assert_cmpstr (visible_page (fixture), ==, "empty");
  congkak_puzzle_view_set_library (fixture->view, library);
  congkak_puzzle_view_set_cache_file (fixture->view, cache);

  test_click (button (fixture, "_Find Puzzles in My Matches"));
  g_assert_true (congkak_puzzle_view_is_finding (fixture->view));
  g_assert_cmpstr (visible_page (fixture), ==, "searching");
  g_assert_true (test_wait_until (not_finding, fixture->view, 6000));
  test_iterate (3);
  g_assert_cmpstr (visible_page (fixture), ==, "puzzle");
  found = congkak_puzzle_set_get_n_puzzles (congkak_puzzle_view_get_puzzles (fixture->view));
  g_assert_cmpuint (found, >, 0);

  /* Her mistake first. */
  g_assert_true (congkak_puzzle_is_mistake_of (congkak_puzzle_view_get_puzzle (fixture->view),
                                               (const char *[]) { "Ani", NULL }));
  g_assert_true (shows_text (fixture, "Your mistake: you played F here."));

  /* Kept: another view reads them at once. */
  g_assert_true (g_file_test (cache_path, G_FILE_TEST_IS_REGULAR));
  again = g_object_new (CONGKAK_TYPE_PUZZLE_VIEW, NULL);
  g_object_ref_sink (again);
  congkak_puzzle_view_set_cache_file (again, cache);
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (congkak_puzzle_view_get_puzzles (again)), ==, found);
  g_object_unref (again);

  remove_folder (folder);
}

/* A library of matches played here without names: one where the person
 * (South) missed a capture, saved first, then three where the computer
 * (North) found it. */
static char *
make_unnamed_library (void)
{
  char *folder = g_dir_make_tmp ("congkak-puzzle-library-XXXXXX", NULL);
  CongkakPosition south = { .holes = { { 1, 0, 0, 0, 0, 2 }, { 1, 1, 1, 1, 10, 1 } },
                            .to_move = CONGKAK_SOUTH, .n_holes = 6 };
  CongkakPosition north = { .holes = { { 1, 1, 1, 1, 10, 1 }, { 1, 0, 0, 0, 0, 2 } },
                            .to_move = CONGKAK_NORTH, .n_holes = 6 };
  CongkakRules rules;

  congkak_rules_init_profile (&rules, "kalah", NULL);
  for (guint i = 0; i < 4; i++)
    {
      gboolean mine = i == 0;
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakMatch) match = congkak_match_new_from_position (&rules, mine ? &south : &north, &error);
      g_autofree char *name = g_strdup_printf ("%u-%s.congkak", i, mine ? "mine" : "computer");
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);

      g_assert_no_error (error);
      congkak_match_set_player (match, CONGKAK_SOUTH, "", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
      congkak_match_set_player (match, CONGKAK_NORTH, "", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_MEDIUM);
      /* The person misses the capture of A; the computer takes it with a. */
      g_assert_nonnull (congkak_match_play_text (match, mine ? "F" : "a", NULL, &error));
      g_assert_true (congkak_match_save_to_file (match, file, NULL, &error));
    }
  return folder;
}

/* Played without names, as most matches are: the person's own mistake
 * comes first, before the computer's right answers, and is called theirs. */
static void
test_mistakes_first (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *folder = make_unnamed_library ();
  g_autoptr (GFile) directory = g_file_new_for_path (folder);
  g_autoptr (CongkakLibrary) library = congkak_library_new (directory);
  CongkakPuzzleSet *puzzles;
  CongkakPuzzle *first;
  guint computer = 0;

  g_settings_reset (fixture->settings, "south-name");
  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  congkak_puzzle_view_set_library (fixture->view, library);
  test_click (button (fixture, "_Find Puzzles in My Matches"));
  g_assert_true (test_wait_until (not_finding, fixture->view, 6000));
  test_iterate (3);

  puzzles = congkak_puzzle_view_get_puzzles (fixture->view);
  for (guint i = 0; i < congkak_puzzle_set_get_n_puzzles (puzzles); i++)
    {
      const CongkakPuzzleSource *source = congkak_puzzle_get_source (congkak_puzzle_set_get_puzzle (puzzles, i));

      g_test_message ("found: %s, %s to move, played %s", source->file ? source->file : "?",
                      congkak_puzzle_get_side (congkak_puzzle_set_get_puzzle (puzzles, i)) == CONGKAK_SOUTH ? "South" : "North",
                      source->played ? source->played : "?");
      computer += congkak_puzzle_get_side (congkak_puzzle_set_get_puzzle (puzzles, i)) == CONGKAK_NORTH;
    }
  g_assert_cmpuint (computer, >, 0);

  first = congkak_puzzle_view_get_puzzle (fixture->view);
  g_assert_nonnull (first);
  g_assert_cmpint (congkak_puzzle_get_side (first), ==, CONGKAK_SOUTH);
  g_assert_cmpstr (congkak_puzzle_get_source (first)->played, ==, "F");
  g_assert_true (congkak_puzzle_is_mistake_here (first, (const char *[]) { "", NULL }));
  g_assert_true (shows_text (fixture, "Your mistake: you played F here."));
  remove_folder (folder);
}

typedef struct
{
  Fixture *fixture;
  gboolean stopped;
} Stopper;

static gboolean
stop_when_started (gpointer data)
{
  Stopper *stopper = data;
  GtkWidget *bar = test_find_widget (GTK_WIDGET (stopper->fixture->view), GTK_TYPE_PROGRESS_BAR, NULL);

  if (!stopper->stopped && gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar)) > 0)
    {
      test_click (button (stopper->fixture, "_Stop"));
      stopper->stopped = TRUE;
    }
  return !congkak_puzzle_view_is_finding (stopper->fixture->view);
}

static void
test_find_stop (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *folder = make_library ("oware-repetition.congkak");
  g_autoptr (GFile) directory = g_file_new_for_path (folder);
  g_autoptr (CongkakLibrary) library = congkak_library_new (directory);
  Stopper stopper = { fixture };
  CongkakPuzzleSet *puzzles;

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  congkak_puzzle_view_set_library (fixture->view, library);
  test_click (button (fixture, "_Find Puzzles in My Matches"));
  g_assert_true (test_wait_until (stop_when_started, &stopper, 6000));
  g_assert_true (stopper.stopped);
  test_iterate (3);
  /* Stopped early: what was found by then, or the empty page again. */
  puzzles = congkak_puzzle_view_get_puzzles (fixture->view);
  if (puzzles && congkak_puzzle_set_get_n_puzzles (puzzles) > 0)
    g_assert_cmpstr (visible_page (fixture), ==, "puzzle");
  else
    g_assert_cmpstr (visible_page (fixture), ==, "empty");
  g_assert_true (gtk_widget_get_sensitive (button (fixture, "_Find Puzzles in My Matches")));

  remove_folder (folder);
}

/* As narrow as the window may be (a phone, 360 pixels): every page of the
 * view fits, so that the window's stack does not grow for it. */
/* How many labels with text show under @widget; each must be whole. */
static guint
check_labels_whole (GtkWidget *widget)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (widget))
    return 0;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_label (GTK_LABEL (widget)) != '\0')
    {
      g_test_message ("label “%s”", gtk_label_get_label (GTK_LABEL (widget)));
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))));
      n++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += check_labels_whole (child);
  return n;
}

static void
test_narrow (Fixture       *fixture,
             gconstpointer  data)
{
  int minimum, natural;

  load_captures (fixture);
  gtk_widget_measure (GTK_WIDGET (fixture->view), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("minimum width %d, natural %d", minimum, natural);
  g_assert_cmpint (minimum, <=, 320);
  gtk_window_set_default_size (fixture->window, 360, 700);
  test_iterate (10);
  test_save_screenshot (GTK_WIDGET (fixture->window), "puzzle-view-narrow.png");

  /* At a phone's width the filters keep their whole names ("All
   * Difficulties", not "All…"), and the score is whole, in plain text. */
  for (GtkWidget *dropdown = test_find_widget (GTK_WIDGET (fixture->view), GTK_TYPE_DROP_DOWN, NULL);
       dropdown != NULL; dropdown = gtk_widget_get_next_sibling (dropdown))
    g_assert_cmpuint (check_labels_whole (dropdown), ==, 1);
  {
    GtkWidget *score = test_find_widget (GTK_WIDGET (fixture->view), GTK_TYPE_LABEL, "congkak-puzzle-score");

    g_assert_nonnull (score);
    g_assert_false (gtk_widget_has_css_class (score, "dim-label"));
    g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (score))));
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (score)), "Rating"));
  }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  test_iterate (10);
  test_save_screenshot (GTK_WIDGET (fixture->window), "puzzle-view-narrow-dark.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_set_default_size (fixture->window, 1920, 1080);
  test_iterate (10);
  test_save_screenshot (GTK_WIDGET (fixture->window), "puzzle-view-1920px.png");
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* The window closed while the finder works: it stops, and the view goes. */
static void
test_close_while_finding (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *folder = make_library ("oware-repetition.congkak");
  g_autoptr (GFile) directory = g_file_new_for_path (folder);
  g_autoptr (CongkakLibrary) library = congkak_library_new (directory);
  gpointer view = fixture->view;

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  congkak_puzzle_view_set_library (fixture->view, library);
  test_click (button (fixture, "_Find Puzzles in My Matches"));
  g_assert_true (congkak_puzzle_view_is_finding (fixture->view));
  g_object_add_weak_pointer (view, &view);
  gtk_window_destroy (fixture->window);
  fixture->window = NULL;
  fixture->view = NULL;
  g_assert_true (test_wait_until (is_null, &view, 500));

  remove_folder (folder);
}

static gconstpointer app;

/* A widget of the window's template, such as its stack. */
static gpointer
window_child (CongkakWindow *window,
              const char    *name)
{
  return gtk_widget_get_template_child (GTK_WIDGET (window), CONGKAK_TYPE_WINDOW, name);
}

/* The window's way in and out: the menu's action, the page, its title,
 * no replay bar, and back to where it was. */
/* The first button under @widget that activates @action. */
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

static void
test_window_page (void)
{
  CongkakWindow *window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));
  g_autofree char *path = puzzle_data ("good", "captures.json");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  CongkakPuzzleView *view;
  GtkWidget *hint;

  g_settings_set_double (settings, "animation-speed", 0);
  g_settings_set_string (settings, "south-name", "Ani");
  gtk_window_present (GTK_WINDOW (window));
  test_wait_for_drawing (GTK_WIDGET (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (window_child (window, "stack"))), ==, "start");
  hint = find_action_button (GTK_WIDGET (window), "win.hint");
  g_assert_nonnull (hint);

  /* A match behind the page: its Hint is off while the puzzles show. */
  {
    g_autoptr (CongkakMatch) match = NULL;
    CongkakRules rules;

    congkak_rules_init_profile (&rules, "kalah", NULL);
    match = congkak_match_new (&rules);
    congkak_window_start_match (window, match);
    test_iterate (3);
    g_assert_true (gtk_widget_get_sensitive (hint));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-puzzles", NULL));
  test_iterate (5);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (window_child (window, "stack"))), ==, "puzzles");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Puzzles");
  g_assert_false (gtk_widget_get_sensitive (hint));
  g_assert_false (adw_toolbar_view_get_reveal_bottom_bars (ADW_TOOLBAR_VIEW (window_child (window, "toolbar_view"))));
  view = CONGKAK_PUZZLE_VIEW (window_child (window, "puzzle_view"));
  /* The application's library, and a cache file in its folder. */
  g_assert_true (congkak_puzzle_view_get_library (view) == congkak_window_get_library (window));
  g_assert_true (g_str_has_suffix (g_file_peek_path (congkak_puzzle_view_get_cache_file (view)),
                                   "/.congkak-puzzles.json"));

  g_assert_true (congkak_puzzle_view_load_file (view, file, NULL));
  test_iterate (3);
  test_click (congkak_board_view_get_hole_widget (CONGKAK_BOARD_VIEW (test_find_widget (GTK_WIDGET (view),
                                                                                        CONGKAK_TYPE_BOARD_VIEW,
                                                                                        NULL)),
                                                  CONGKAK_SOUTH, 0));
  test_iterate (5);
  g_assert_true (congkak_puzzle_view_get_answered (view));
  test_save_screenshot (GTK_WIDGET (window), "puzzle-window.png");

  /* Presenting hides the header bar too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "puzzle.presenting", NULL));
  test_iterate (3);
  g_assert_false (adw_toolbar_view_get_reveal_top_bars (ADW_TOOLBAR_VIEW (window_child (window, "toolbar_view"))));
  g_assert_true (test_press_key (GTK_WIDGET (view), GDK_KEY_Escape));
  test_iterate (3);
  g_assert_true (adw_toolbar_view_get_reveal_top_bars (ADW_TOOLBAR_VIEW (window_child (window, "toolbar_view"))));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "puzzle.back", NULL));
  test_iterate (5);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (window_child (window, "stack"))), ==, "board");
  g_assert_true (gtk_widget_get_sensitive (hint));
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate (3);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GtkCssProvider) css = NULL;
  g_autoptr (CongkakApplication) application = NULL;
  g_autofree char *data_home = g_dir_make_tmp ("congkak-puzzle-data-XXXXXX", NULL);

  /* A library of the test's own, empty at the start. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_unsetenv ("CONGKAK_LIBRARY_DIR");

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* Pages change at once, so that screenshots show the page asked for. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/congkak/Congkak/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

#define ADD(path, func) g_test_add ("/view/puzzles/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("flow", test_flow);
  ADD ("reveal", test_reveal);
  ADD ("filters", test_filters);
  ADD ("presentation", test_presentation);
  ADD ("sheet", test_sheet);
  ADD ("bad-file", test_bad_file);
  ADD ("find", test_find);
  ADD ("find-stop", test_find_stop);
  ADD ("mistakes-first", test_mistakes_first);
  ADD ("close-while-finding", test_close_while_finding);
  ADD ("narrow", test_narrow);
#undef ADD

  application = congkak_application_new (APPLICATION_ID ".PuzzleTest",
                                         G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_application_register (G_APPLICATION (application), NULL, NULL);
  app = application;
  g_test_add_func ("/view/puzzles/window", test_window_page);

  return g_test_run ();
}
