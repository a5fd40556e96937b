/* test-app-dialogs.c — the About dialog and the keyboard shortcuts dialog
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "congkak-application.h"
#include "congkak-shortcut-row.h"
#include "congkak-shortcuts-dialog.h"
#include "congkak-view-test-util.h"
#include "congkak-window.h"

static CongkakApplication *app;

/* The About dialog comes from the metainfo: its website and issue links,
 * and the notes of this version's release. */
static void
test_about (void)
{
  g_autoptr (AdwDialog) dialog = g_object_ref_sink (congkak_application_create_about_dialog (app));
  AdwAboutDialog *about = ADW_ABOUT_DIALOG (dialog);
  const char *notes = adw_about_dialog_get_release_notes (about);

  g_assert_cmpstr (adw_about_dialog_get_application_name (about), ==, "Congkak");
  g_assert_cmpstr (adw_about_dialog_get_application_icon (about), ==, APPLICATION_ID);
  g_assert_cmpstr (adw_about_dialog_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpstr (adw_about_dialog_get_developer_name (about), ==, "Congkak developers");
  g_assert_cmpstr (adw_about_dialog_get_website (about), ==, "https://github.com/congkak/congkak");
  g_assert_cmpstr (adw_about_dialog_get_issue_url (about), ==, "https://github.com/congkak/congkak/issues");
  g_assert_cmpint (adw_about_dialog_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  g_assert_cmpstr (adw_about_dialog_get_comments (about), ==, "Play, replay and annotate Congkak, Kalah and Oware matches");
  g_assert_nonnull (notes);
  g_assert_nonnull (strstr (notes, "The first release."));
  g_assert_nonnull (strstr (notes, "<li>"));
  g_assert_cmpstr (adw_about_dialog_get_release_notes_version (about), ==, PACKAGE_VERSION);
}

/* The icons the app shows are in its resources under its id (a
 * development build's ends in .Devel), whatever is installed. */
static void
test_app_icons (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  CongkakWindow *window = congkak_application_new_window (app);
  GtkWidget *start;

  g_assert_true (gtk_icon_theme_has_icon (theme, APPLICATION_ID));
  g_assert_true (gtk_icon_theme_has_icon (theme, APPLICATION_ID "-symbolic"));

  /* The start page shows that icon, not a missing one. */
  start = test_find_widget (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE, "congkak-start-page");
  g_assert_nonnull (start);
  g_assert_cmpstr (adw_status_page_get_icon_name (ADW_STATUS_PAGE (start)), ==, APPLICATION_ID);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
collect_rows (GtkWidget *widget,
              GPtrArray *rows)
{
  if (CONGKAK_IS_SHORTCUT_ROW (widget))
    g_ptr_array_add (rows, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_rows (child, rows);
}

static CongkakShortcutRow *
row_for (GPtrArray  *rows,
         const char *actions,
         const char *keys)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (congkak_shortcut_row_get_actions (rows->pdata[i]), actions) == 0
        && g_strcmp0 (congkak_shortcut_row_get_keys (rows->pdata[i]), keys) == 0)
      return rows->pdata[i];
  g_error ("No row for %s and %s", actions, keys);
}

static char *
label (guint           keyval,
       GdkModifierType modifiers)
{
  return gtk_accelerator_get_label (keyval, modifiers);
}

static gboolean
window_has_action (GtkWidget  *window,
                   const char *name)
{
  const GVariantType *parameter_type;
  const char *action_name;
  const char *property_name;
  GType owner;

  if (g_str_has_prefix (name, "app."))
    return g_action_group_has_action (G_ACTION_GROUP (app), name + strlen ("app."));
  for (guint i = 0; gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (window), i, &owner, &action_name,
                                                   &parameter_type, &property_name); i++)
    if (g_str_equal (action_name, name))
      return TRUE;
  return FALSE;
}

/* The shortcuts dialog shows the keys the window really has, named by GTK:
 * every row has keys, every action it names exists, and the keys are
 * those of the bindings and the application's accelerators. */
static void
test_shortcuts (void)
{
  CongkakWindow *window = congkak_application_new_window (app);
  g_autoptr (CongkakShortcutsDialog) dialog = g_object_ref_sink (congkak_shortcuts_dialog_new (GTK_WINDOW (window)));
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  g_autofree char *ctrl_n = label (GDK_KEY_n, GDK_CONTROL_MASK);
  g_autofree char *ctrl_z = label (GDK_KEY_z, GDK_CONTROL_MASK);
  g_autofree char *u = label (GDK_KEY_u, 0);
  g_autofree char *redo = label (GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_autofree char *quit = label (GDK_KEY_q, GDK_CONTROL_MASK);
  g_autofree char *help = label (GDK_KEY_F1, 0);
  g_autofree char *shortcuts = label (GDK_KEY_question, GDK_CONTROL_MASK);
  g_autofree char *back = label (GDK_KEY_Left, GDK_ALT_MASK);
  g_autofree char *forward = label (GDK_KEY_Right, GDK_ALT_MASK);
  g_autofree char *undo = g_strconcat (u, " / ", ctrl_z, NULL);
  g_autofree char *page_up = label (GDK_KEY_Page_Up, 0);
  g_autofree char *page_down = label (GDK_KEY_Page_Down, 0);
  g_autofree char *round_back = label (GDK_KEY_Page_Up, GDK_SHIFT_MASK);
  g_autofree char *round_forward = label (GDK_KEY_Page_Down, GDK_SHIFT_MASK);
  /* Page Up and Page Down, a presentation clicker's keys, step one move;
   * with Shift, a round. */
  g_autofree char *moves = g_strconcat (back, " / ", page_up, " / ", forward, " / ", page_down, NULL);
  g_autofree char *rounds = g_strconcat (round_back, " / ", round_forward, NULL);

  collect_rows (adw_dialog_get_child (ADW_DIALOG (dialog)), rows);
  g_assert_cmpuint (rows->len, >=, 25);
  for (guint i = 0; i < rows->len; i++)
    {
      CongkakShortcutRow *row = rows->pdata[i];
      const char *actions = congkak_shortcut_row_get_actions (row);
      g_auto (GStrv) names = g_strsplit (actions ? actions : "", " ", -1);

      g_test_message ("%s: %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                      congkak_shortcut_row_get_label (row));
      g_assert_cmpstr (congkak_shortcut_row_get_label (row), !=, "");
      for (guint j = 0; names[j] != NULL; j++)
        if (*names[j] != '\0' && !window_has_action (GTK_WIDGET (window), names[j]))
          g_error ("The row “%s” names %s, which the window has not",
                   adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), names[j]);
    }

  /* A window binding, a key of the board with a binding, the application's
   * accelerators, two actions in one row. */
  g_assert_cmpstr (congkak_shortcut_row_get_label (row_for (rows, "win.new-match", NULL)), ==, ctrl_n);
  g_assert_cmpstr (congkak_shortcut_row_get_label (row_for (rows, "win.undo", "u")), ==, undo);
  g_assert_cmpstr (congkak_shortcut_row_get_label (row_for (rows, "app.quit", NULL)), ==, quit);
  g_assert_cmpstr (congkak_shortcut_row_get_label (row_for (rows, "app.help", NULL)), ==, help);
  g_assert_cmpstr (congkak_shortcut_row_get_label (row_for (rows, "win.go-back win.go-forward", NULL)), ==, moves);
  g_assert_cmpstr (congkak_shortcut_row_get_label (row_for (rows, "win.go-previous-round win.go-next-round", NULL)), ==,
                   rounds);
  /* Ctrl+Shift+z and Ctrl+Shift+Z are one key; Ctrl+? is also bound with
   * Shift, which typing “?” needs on many keyboards: shown once. */
  g_assert_cmpstr (congkak_shortcut_row_get_label (row_for (rows, "win.redo", NULL)), ==, redo);
  g_assert_cmpstr (congkak_shortcut_row_get_label (row_for (rows, "win.show-shortcuts", NULL)), ==, shortcuts);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (CongkakApplication) application = NULL;
  g_autofree char *data_home = NULL;

  /* Autosaves and the library go to a folder of the test's own. */
  data_home = g_dir_make_tmp ("congkak-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = congkak_application_new (APPLICATION_ID ".DialogsTest", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (application), NULL, NULL);
  app = application;

  g_test_add_func ("/app/about", test_about);
  g_test_add_func ("/app/icons", test_app_icons);
  g_test_add_func ("/app/shortcuts", test_shortcuts);

  return g_test_run ();
}
