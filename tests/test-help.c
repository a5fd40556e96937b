/* test-help.c — F1 and Help in the menu open the guide, or the rules
 * window when no help viewer is installed
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run four times: as is, on a system without a help viewer (the tests that
 * need one are skipped), and with --with-viewer, which installs a stand-in
 * viewer for help: URIs in a private XDG folder before GTK starts; the
 * stand-in writes the URI it was asked to open into a file.  With
 * --flatpak, both again as in a Flatpak sandbox, where the guide is opened
 * through GIO and never through the portal (CONGKAK_FLATPAK_INFO names a
 * file that stands for /.flatpak-info).
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "congkak-application.h"
#include "congkak-rules-dialog.h"
#include "congkak-test-util.h"
#include "congkak-view-test-util.h"
#include "congkak-window.h"

/* The window tests share one registered application. */
static gconstpointer app;

/* Where the stand-in viewer writes the URI, or NULL without one. */
static char *opened_uri_file;

/* Whether the app takes the path of a Flatpak sandbox. */
static gboolean flatpak;

static CongkakWindow *
window_with_match (const char    *profile,
                   CongkakMatch **match)
{
  CongkakWindow *window = congkak_application_new_window (CONGKAK_APPLICATION ((gpointer) app));
  CongkakRules rules;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  if (profile)
    {
      test_rules (&rules, profile, NULL);
      *match = congkak_match_new (&rules);
      congkak_window_start_match (window, *match);
    }
  test_wait_for_drawing (GTK_WIDGET (window));
  return window;
}

static void
press_help (void)
{
  g_action_group_activate_action (G_ACTION_GROUP ((gpointer) app), "help", NULL);
}

static gboolean
has_label (GtkWidget  *root,
           const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found)
        return found;
    }
  return NULL;
}

/* F1 is the key, in the app and in the shortcuts dialog. */
static void
test_accel (void)
{
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION ((gpointer) app), "app.help");
  CongkakWindow *window = window_with_match (NULL, NULL);
  AdwDialog *dialog;

  g_assert_true (g_strv_contains ((const char * const *) accels, "F1"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-shortcuts", NULL);
  test_iterate (5);
  dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
  g_assert_nonnull (dialog);
  test_wait_for_drawing (GTK_WIDGET (dialog));
  g_assert_true (has_label (GTK_WIDGET (dialog), "F1"));
  g_assert_true (has_label (GTK_WIDGET (dialog), "Help"));
  adw_dialog_force_close (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Without a viewer: a toast says so and the rules of the game on the
 * board are shown instead. */
static void
test_no_viewer (void)
{
  g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
  g_autoptr (CongkakMatch) match = NULL;
  CongkakWindow *window;
  AdwDialog *dialog = NULL;
  CongkakRules oware;

  if (viewer != NULL)
    {
      g_test_skip ("a help viewer is installed: F1 would open it");
      return;
    }

  window = window_with_match ("oware", &match);
  press_help ();
  /* In the sandbox nothing is asked of a portal: the rules are there at
   * once. */
  if (flatpak)
    g_assert_true (CONGKAK_IS_RULES_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window))));
  for (guint i = 0; i < 400 && dialog == NULL; i++)
    {
      test_iterate (1);
      dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
      if (dialog == NULL)
        g_usleep (5000);
    }
  g_assert_true (CONGKAK_IS_RULES_DIALOG (dialog));
  test_rules (&oware, "oware", NULL);
  g_assert_true (congkak_rules_equal (congkak_rules_dialog_get_rules (CONGKAK_RULES_DIALOG (dialog)), &oware));
  /* Over the rules, where it can be seen. */
  g_assert_true (has_label (GTK_WIDGET (dialog), "No help viewer is installed: here are the rules instead"));
  for (guint i = 0; i < 40; i++)
    {
      test_iterate (1);
      g_usleep (10000);  /* the toast slides in */
    }
  test_wait_for_drawing (GTK_WIDGET (dialog));
  test_save_screenshot (GTK_WIDGET (window), "help-no-viewer.png");

  /* At a phone's width the message is whole, on two lines if need be. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  test_wait_for_drawing (GTK_WIDGET (dialog));
  test_iterate (20);
  {
    GtkWidget *label = find_label (GTK_WIDGET (dialog), "No help viewer is installed: here are the rules instead");
    graphene_rect_t bounds;

    g_assert_nonnull (label);
    g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
    g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (window), &bounds));
    g_test_message ("the message at 360 px: %.0f to %.0f px, %d lines", bounds.origin.x,
                    bounds.origin.x + bounds.size.width,
                    pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))));
    g_assert_cmpfloat (bounds.origin.x, >=, 0);
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, 360);
  }
  test_save_screenshot (GTK_WIDGET (window), "help-no-viewer-360px.png");

  adw_dialog_force_close (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

static char *
wait_for_opened_uri (void)
{
  char *uri = NULL;

  /* The stand-in runs as a child process: wait for its file. */
  for (guint i = 0; i < 1000 && uri == NULL; i++)
    {
      test_iterate (1);
      if (!g_file_get_contents (opened_uri_file, &uri, NULL, NULL))
        g_usleep (5000);
    }
  g_assert_nonnull (uri);
  g_remove (opened_uri_file);
  return g_strchomp (uri);
}

/* With a viewer, the guide opens at the rules of the game on the board,
 * or at its first page on the start page; no toast, no rules window. */
static void
test_viewer (void)
{
  static const struct { const char *profile; const char *uri; } cases[] = {
    { NULL, "help:" HELP_ID "/index" },
    { "congkak", "help:" HELP_ID "/rules-congkak" },
    { "congkak-single", "help:" HELP_ID "/rules-congkak-single" },
    { "kalah", "help:" HELP_ID "/rules-kalah" },
    { "oware", "help:" HELP_ID "/rules-oware" },
  };

  if (opened_uri_file == NULL)
    {
      g_test_skip ("run with --with-viewer");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CongkakMatch) match = NULL;
      CongkakWindow *window = window_with_match (cases[i].profile, &match);
      g_autofree char *uri = NULL;

      press_help ();
      uri = wait_for_opened_uri ();
      g_assert_cmpstr (uri, ==, cases[i].uri);
      test_iterate (5);
      g_assert_null (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)));
      g_assert_false (has_label (GTK_WIDGET (window), "No help viewer is installed: here are the rules instead"));
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* A viewer for help: URIs that writes the URI into a file, and the default
 * for the scheme, in a private XDG_DATA_HOME and XDG_CONFIG_HOME. */
static void
install_stand_in_viewer (const char *folder)
{
  g_autofree char *applications = g_build_filename (folder, "data", "applications", NULL);
  g_autofree char *config = g_build_filename (folder, "config", NULL);
  g_autofree char *script = g_build_filename (folder, "viewer.sh", NULL);
  g_autofree char *script_text = NULL;
  g_autofree char *desktop = NULL;
  g_autofree char *desktop_file = g_build_filename (applications, "congkak-test-help-viewer.desktop", NULL);
  g_autofree char *mimeapps = g_build_filename (config, "mimeapps.list", NULL);
  g_autofree char *data_home = g_build_filename (folder, "data", NULL);
  g_autoptr (GError) error = NULL;

  opened_uri_file = g_build_filename (folder, "opened-uri", NULL);
  g_mkdir_with_parents (applications, 0700);
  g_mkdir_with_parents (config, 0700);

  script_text = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$1\" > '%s.part' && mv '%s.part' '%s'\n",
                                 opened_uri_file, opened_uri_file, opened_uri_file);
  g_file_set_contents (script, script_text, -1, &error);
  g_assert_no_error (error);
  g_chmod (script, 0700);

  desktop = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Stand-in help viewer\n"
                             "Exec=%s %%u\nMimeType=x-scheme-handler/help;\nNoDisplay=true\n", script);
  g_file_set_contents (desktop_file, desktop, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (mimeapps, "[Default Applications]\nx-scheme-handler/help=congkak-test-help-viewer.desktop\n",
                       -1, &error);
  g_assert_no_error (error);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (CongkakApplication) application = NULL;
  g_autofree char *folder = g_dir_make_tmp ("congkak-help-XXXXXX", NULL);
  gboolean with_viewer = FALSE;
  int status;

  /* Before GTK and GIO read the XDG folders. */
  for (int i = 1; i < argc;)
    {
      if (g_str_equal (argv[i], "--with-viewer"))
        with_viewer = TRUE;
      else if (g_str_equal (argv[i], "--flatpak"))
        flatpak = TRUE;
      else
        {
          i++;
          continue;
        }
      memmove (&argv[i], &argv[i + 1], (argc - i) * sizeof (char *));
      argc--;
    }
  if (with_viewer)
    install_stand_in_viewer (folder);
  else
    g_setenv ("XDG_DATA_HOME", folder, TRUE);  /* autosaves, never the user's */
  if (flatpak)
    {
      g_autofree char *info = g_build_filename (folder, "flatpak-info", NULL);

      g_file_set_contents (info, "[Application]\nname=" APPLICATION_ID "\n", -1, NULL);
      g_setenv ("CONGKAK_FLATPAK_INFO", info, TRUE);
    }
  else
    g_unsetenv ("CONGKAK_FLATPAK_INFO");

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = congkak_application_new (APPLICATION_ID ".HelpTest",
                                         G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_application_register (G_APPLICATION (application), NULL, NULL);
  app = application;

  g_test_add_func ("/view/help/accel", test_accel);
  g_test_add_func ("/view/help/no-viewer", test_no_viewer);
  g_test_add_func ("/view/help/viewer", test_viewer);

  status = g_test_run ();
  g_clear_pointer (&opened_uri_file, g_free);
  test_remove_tree (folder);
  return status;
}
