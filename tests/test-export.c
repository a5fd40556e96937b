/* test-export.c — export of the position and printing, from the window
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides the assertions, this writes the export dialog, exported
 * pictures and a printed page into tests/screenshots/ for people to look at.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "congkak-application.h"
#include "congkak-export-dialog.h"
#include "congkak-match-file.h"
#include "congkak-test-util.h"
#include "congkak-view-test-util.h"

/* The tests share one registered application. */
static gconstpointer app;

static char *
screenshot_path (const char *name)
{
  g_autofree char *directory = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                 "screenshots", NULL);

  g_mkdir_with_parents (directory, 0755);
  return g_build_filename (directory, name, NULL);
}

static CongkakMatch *
load_sample (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  CongkakMatch *match = congkak_match_load_from_file (file, NULL, NULL, &error);

  g_assert_no_error (error);
  return match;
}

static CongkakWindow *
window_with (CongkakMatch *match)
{
  CongkakWindow *window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  congkak_window_start_match (window, match);
  congkak_board_view_set_speed (congkak_window_get_board (window), 0);
  test_wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
  return window;
}

/* Closes every window but @keep, as its close button would: the file
 * chooser that Export opens. */
static void
close_other_windows (GtkWindow *keep)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i - 1);

      if (window != keep)
        gtk_window_close (window);
    }
  test_iterate (20);
}

static void
png_size (const char *path,
          guint      *width,
          guint      *height)
{
  g_autoptr (GError) error = NULL;
  g_autofree guchar *data = NULL;
  gsize length;

  g_file_get_contents (path, (char **) &data, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 33);
  g_assert_cmpmem (data + 1, 3, "PNG", 3);
  g_assert_cmpmem (data + 12, 4, "IHDR", 4);
  *width = (guint) data[16] << 24 | data[17] << 16 | data[18] << 8 | data[19];
  *height = (guint) data[20] << 24 | data[21] << 16 | data[22] << 8 | data[23];
}

/* Export Position: the dialog's choice, then the picture. */
static void
test_export_from_window (void)
{
  g_autoptr (CongkakMatch) match = load_sample ("congkak-multi-round.congkak");
  CongkakWindow *window = window_with (match);
  g_autofree char *png = screenshot_path ("export-window-move5.png");
  g_autofree char *svg = screenshot_path ("export-window-move5.svg");
  g_autofree char *missing = screenshot_path ("no-such-folder/board.png");
  g_autoptr (GFile) png_file = g_file_new_for_path (png);
  g_autoptr (GFile) svg_file = g_file_new_for_path (svg);
  g_autoptr (GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr (GError) error = NULL;
  CongkakPictureOptions options;
  CongkakExportDialog *dialog;
  g_autofree char *contents = NULL;
  guint width, height;

  for (guint i = 0; i < 5; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  test_iterate (5);
  g_assert_cmpuint (congkak_node_get_depth (congkak_match_get_cursor (match)), ==, 5);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-position", NULL));
  test_iterate (20);
  dialog = CONGKAK_EXPORT_DIALOG (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_EXPORT_DIALOG, NULL));
  g_assert_nonnull (dialog);
  test_save_screenshot (GTK_WIDGET (window), "export-dialog.png");

  /* A smaller PNG with arrows, as a user would choose it. */
  congkak_picture_options_init (&options);
  options.arrows = TRUE;
  congkak_export_dialog_set_choice (dialog, CONGKAK_PICTURE_PNG, 800, &options);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "export.export", NULL);
  test_iterate (20);
  close_other_windows (GTK_WINDOW (window));
  g_assert_null (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_EXPORT_DIALOG, NULL));

  g_assert_true (congkak_window_export_position (window, png_file, &error));
  g_assert_no_error (error);
  png_size (png, &width, &height);
  g_assert_cmpuint (width, ==, 800);
  g_assert_cmpuint (height, ==, congkak_board_picture_height_for_width (congkak_match_get_rules (match), 800));

  /* SVG, as chosen the next time: the dialog opens with the last choice. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.export-position", NULL);
  test_iterate (20);
  dialog = CONGKAK_EXPORT_DIALOG (test_find_widget (GTK_WIDGET (window), CONGKAK_TYPE_EXPORT_DIALOG, NULL));
  g_assert_nonnull (dialog);
  {
    CongkakPictureFormat format;
    int chosen_width, chosen_height;

    congkak_export_dialog_get_choice (dialog, &format, &chosen_width, &chosen_height, &options);
    g_assert_cmpint (format, ==, CONGKAK_PICTURE_PNG);
    g_assert_cmpint (chosen_width, ==, 800);
    g_assert_true (options.arrows);
    congkak_export_dialog_set_choice (dialog, CONGKAK_PICTURE_SVG, chosen_width, &options);
  }
  gtk_widget_activate_action (GTK_WIDGET (dialog), "export.export", NULL);
  test_iterate (20);
  close_other_windows (GTK_WINDOW (window));
  g_assert_true (congkak_window_export_position (window, svg_file, &error));
  g_assert_no_error (error);
  g_file_get_contents (svg, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  g_assert_nonnull (strstr (contents, "<svg"));

  /* Where nothing can be written: an error, and no file. */
  g_assert_false (congkak_window_export_position (window, missing_file, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The diagrams the print should have, worked out here from the match
 * and the options, not by the print code. */
static guint
expected_diagrams (CongkakMatch *match,
                   gboolean      start,
                   gboolean      round_ends,
                   gboolean      annotated,
                   gboolean      final,
                   guint         every)
{
  guint n = 0;

  for (CongkakNode *node = congkak_match_get_root (match); node; node = congkak_node_get_main_child (node))
    {
      const CongkakState *state = congkak_game_get_state (congkak_match_get_game_at (match, node));
      gboolean wanted = FALSE;

      if (congkak_node_is_root (node))
        wanted = start;
      else
        wanted = (round_ends && (state->phase == CONGKAK_PHASE_ROUND_OVER || state->phase == CONGKAK_PHASE_MATCH_OVER))
                 || (annotated && (*congkak_node_get_comment (node) || congkak_node_get_mark (node) != CONGKAK_MARK_NONE))
                 || (every > 0 && congkak_node_get_depth (node) % every == 0);
      if (final && congkak_node_get_main_child (node) == NULL)
        wanted = TRUE;
      n += wanted;
    }
  return n;
}

static char *
run_tool (const char *tool,
          const char *first,
          ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *program = g_find_program_in_path (tool);
  char *out = NULL;
  int status;
  va_list args;

  g_assert_nonnull (program);
  g_ptr_array_add (argv, program);
  va_start (args, first);
  for (const char *arg = first; arg; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static guint
pdf_pages (const char *path)
{
  g_autofree char *info = run_tool ("pdfinfo", path, NULL);
  const char *line = strstr (info, "\nPages:");

  g_assert_nonnull (line);
  return (guint) g_ascii_strtoull (line + strlen ("\nPages:") + strspn (line + strlen ("\nPages:"), " "), NULL, 10);
}

static char *
pdf_page_text (const char *path,
               guint       page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);

  return run_tool ("pdftotext", "-f", number, "-l", number, "-layout", path, "-", NULL);
}

/* Print, rendered to PDF: the moves, then three diagrams a page. */
static void
test_print_pdf (void)
{
  g_autoptr (CongkakMatch) match = load_sample ("congkak-multi-round.congkak");
  CongkakWindow *window;
  CongkakPrintOptions *options;
  g_autofree char *bare = screenshot_path ("print-no-diagrams.pdf");
  g_autofree char *full = screenshot_path ("print-match.pdf");
  g_autofree char *every = screenshot_path ("print-every-20.pdf");
  g_autoptr (GError) error = NULL;
  guint text_pages, diagrams, pages;

  if (!test_have_program ("pdfinfo", "Debian and Fedora: poppler-utils, Arch: poppler"))
    return;

  window = window_with (match);
  options = congkak_window_get_print_options (window);

  /* No diagrams: the header and the moves alone. */
  options->start = options->round_ends = options->annotated = options->final = options->current = FALSE;
  options->every = 0;
  g_assert_true (congkak_window_print_to_file (window, bare, &error));
  g_assert_no_error (error);
  text_pages = pdf_pages (bare);
  g_assert_cmpuint (text_pages, >=, 1);
  {
    g_autofree char *first = pdf_page_text (bare, 1);

    g_assert_nonnull (strstr (first, "Ani Rahman (South) vs Budi (North)"));
    g_assert_nonnull (strstr (first, "Kejohanan Congkak Kampung"));
    g_assert_nonnull (strstr (first, "Round 2"));
    g_assert_nonnull (strstr (first, "Both open at once"));
    g_assert_null (strstr (first, "Diagram"));
  }

  /* The defaults: the start, each round's end, each annotated move and
   * the end, three a page after the moves. */
  congkak_print_options_init (options);
  diagrams = expected_diagrams (match, TRUE, TRUE, TRUE, TRUE, 0);
  g_assert_cmpuint (diagrams, >, 3);
  g_assert_true (congkak_window_print_to_file (window, full, &error));
  g_assert_no_error (error);
  pages = pdf_pages (full);
  g_assert_cmpuint (pages, ==, text_pages + (diagrams + 2) / 3);
  {
    g_autofree char *first_diagrams = pdf_page_text (full, text_pages + 1);
    g_autofree char *last = pdf_page_text (full, pages);
    g_autofree char *last_diagram = g_strdup_printf ("Diagram %u: after %u. ", diagrams,
                                                     congkak_node_get_depth (congkak_match_get_main_line_end (match)));

    g_assert_nonnull (strstr (first_diagrams, "Diagram 1: the start"));
    g_assert_nonnull (strstr (first_diagrams, "Diagram 3: "));
    g_assert_nonnull (strstr (last, last_diagram));
    /* The window's sentence for where the match stands, at its end. */
    g_assert_true (strstr (last, " wins, ") != NULL || strstr (last, "The match is drawn, ") != NULL);
  }
  {
    g_autofree char *png = screenshot_path ("print-page");
    g_autofree char *number = g_strdup_printf ("%u", text_pages + 1);
    g_autofree char *out = NULL;

    if (g_find_program_in_path ("pdftoppm"))
      out = run_tool ("pdftoppm", "-png", "-r", "50", "-f", "1", "-l", number, full, png, NULL);
  }

  /* Every 20th move as well, in plain outlines. */
  options->every = 20;
  options->picture.high_contrast = TRUE;
  diagrams = expected_diagrams (match, TRUE, TRUE, TRUE, TRUE, 20);
  g_assert_true (congkak_window_print_to_file (window, every, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pdf_pages (every), ==, text_pages + (diagrams + 2) / 3);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (CongkakApplication) application = NULL;
  g_autofree char *data_home = NULL;

  /* Autosaves go to a folder of the test's own, never the user's. */
  data_home = g_dir_make_tmp ("congkak-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = congkak_application_new (APPLICATION_ID ".ExportTest", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (application), NULL, NULL);
  app = application;

  g_test_add_func ("/export/window/export-position", test_export_from_window);
  g_test_add_func ("/export/window/print-pdf", test_print_pdf);

  return g_test_run ();
}
