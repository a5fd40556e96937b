/* congkak-window-test-util.c — the app's windows in tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "congkak-match-file.h"
#include "congkak-window-test-util.h"

#define WAIT_ROUNDS 3000   /* 30 s at the most, far more than any wait needs */

static CongkakApplication *application;

/**
 * test_app_init:
 *
 * Sets up GTK, libadwaita and the app's style sheet, and registers one
 * application for the tests' windows.  Every folder the app writes to
 * (library, autosaves, settings) is a temporary one of the test's own,
 * shared with its subprocesses, never the user's.
 */
CongkakApplication *
test_app_init (int    *argc,
               char ***argv)
{
  g_autoptr (GtkCssProvider) css = NULL;

  if (g_getenv ("CONGKAK_TEST_HOME") == NULL)
    {
      g_autofree char *home = test_make_temp_dir ();

      g_setenv ("CONGKAK_TEST_HOME", home, TRUE);
    }
  {
    g_autofree char *data = g_build_filename (g_getenv ("CONGKAK_TEST_HOME"), "data", NULL);
    g_autofree char *state = g_build_filename (g_getenv ("CONGKAK_TEST_HOME"), "state", NULL);

    g_setenv ("XDG_DATA_HOME", data, TRUE);
    g_setenv ("XDG_STATE_HOME", state, TRUE);
  }
  gtk_test_init (argc, argv, NULL);
  adw_init ();

  /* The app's style sheet, as AdwApplication loads it, so screenshots of
   * a widget on its own look as in the app. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/congkak/Congkak/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  application = congkak_application_new (APPLICATION_ID ".Test", G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_application_register (G_APPLICATION (application), NULL, NULL);
  return application;
}

CongkakApplication *
test_app (void)
{
  g_assert_nonnull (application);
  return application;
}

/* A window of the test application, shown. */
CongkakWindow *
test_window_new (void)
{
  CongkakWindow *window = congkak_application_new_window (test_app ());

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Every move, a person's or the computer's, shown at once. */
void
test_window_show_at_once (CongkakWindow *window)
{
  CongkakBoardView *board = congkak_window_get_board (window);

  congkak_board_view_set_speed (board, 0);
  g_object_set (board, "computer-speed", 0.0, NULL);
}

/* A window showing @match, moves shown at once. */
CongkakWindow *
test_window_with_match (CongkakMatch *match)
{
  CongkakWindow *window = test_window_new ();

  test_window_show_at_once (window);
  congkak_window_start_match (window, match);
  test_wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  return window;
}

/* A window playing a new match of @profile, moves shown at once. */
CongkakWindow *
test_window_playing (const char    *profile,
                     CongkakMatch **match)
{
  CongkakRules rules;

  test_rules (&rules, profile, NULL);
  *match = congkak_match_new (&rules);
  return test_window_with_match (*match);
}

/* Writes @match to @name in a new temporary folder. */
char *
test_write_match (CongkakMatch *match,
                  const char   *name)
{
  g_autofree char *directory = test_make_temp_dir ();
  g_autofree char *data = NULL;
  char *path;
  gsize length;

  path = g_build_filename (directory, name, NULL);
  data = congkak_match_save_to_data (match, &length);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
  return path;
}

typedef struct
{
  CongkakWindow *window;
  guint          n_nodes;
} Nodes;

static gboolean
has_nodes (gpointer data)
{
  Nodes *nodes = data;
  CongkakMatch *match = congkak_window_get_match (nodes->window);

  return match && congkak_match_get_n_nodes (match) == nodes->n_nodes;
}

/* Until the window shows a match of @n_nodes moves. */
void
test_wait_for_nodes (CongkakWindow *window,
                     guint          n_nodes)
{
  Nodes nodes = { window, n_nodes };

  g_assert_true (test_wait_until (has_nodes, &nodes, WAIT_ROUNDS));
}

static gboolean
has_dialog (gpointer data)
{
  return adw_application_window_get_visible_dialog (data) != NULL;
}

/* Until the window shows a dialog, which it returns. */
AdwDialog *
test_wait_for_dialog (CongkakWindow *window)
{
  g_assert_true (test_wait_until (has_dialog, window, WAIT_ROUNDS));
  return adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
}

/* Answers the alert the window shows with @response, as a click would. */
void
test_answer_dialog (CongkakWindow *window,
                    const char    *response)
{
  g_autoptr (AdwDialog) dialog = g_object_ref (test_wait_for_dialog (window));

  g_assert_true (ADW_IS_ALERT_DIALOG (dialog));
  g_assert_true (adw_alert_dialog_has_response (ADW_ALERT_DIALOG (dialog), response));
  g_signal_emit_by_name (dialog, "response", response);
  /* As a click does, it goes; its close response comes after the answer. */
  if (gtk_widget_get_parent (GTK_WIDGET (dialog)))
    adw_dialog_force_close (dialog);
  test_iterate (2);
}

/* The status line above the board. */
const char *
test_status_text (CongkakWindow *window)
{
  GtkWidget *label = test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "title-3");

  g_assert_nonnull (label);
  return gtk_label_get_label (GTK_LABEL (label));
}

gboolean
test_is_modified (CongkakWindow *window)
{
  CongkakDocument *document = congkak_window_get_document (window);

  return document && congkak_document_get_modified (document);
}

/* The width of a hole, what a finger presses. */
double
test_board_hole_size (CongkakBoardView *board)
{
  return gtk_widget_get_width (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0));
}

/* Whether the board is upright: a row runs up and down. */
gboolean
test_board_is_portrait (CongkakBoardView *board)
{
  graphene_rect_t a, b;

  g_assert_true (gtk_widget_compute_bounds (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 0),
                                            GTK_WIDGET (board), &a));
  g_assert_true (gtk_widget_compute_bounds (congkak_board_view_get_hole_widget (board, CONGKAK_SOUTH, 1),
                                            GTK_WIDGET (board), &b));
  return fabs (a.origin.y - b.origin.y) > fabs (a.origin.x - b.origin.x);
}

/* Both windows' boards say the same of every hole (seeds, burnt): two
 * computers, or a teacher and a student, showing one position.  Whether a
 * hole can be sown may differ: that depends on who sits at the window. */
void
test_assert_same_boards (CongkakWindow *a,
                         CongkakWindow *b,
                         guint          holes)
{
  CongkakBoardView *board_a = congkak_window_get_board (a);
  CongkakBoardView *board_b = congkak_window_get_board (b);

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    for (guint hole = 0; hole < holes; hole++)
      {
        g_autofree char *text_a = congkak_board_view_describe_hole (board_a, side, hole);
        g_autofree char *text_b = congkak_board_view_describe_hole (board_b, side, hole);
        char *sowable_a = strstr (text_a, ", can be sown");
        char *sowable_b = strstr (text_b, ", can be sown");

        if (sowable_a)
          *sowable_a = '\0';
        if (sowable_b)
          *sowable_b = '\0';
        g_assert_cmpstr (text_a, ==, text_b);
      }
}
