/* congkak-application.c — the application: its windows, and what they share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application makes the workspace (the match library, the documents
 * open in its windows, the autosaves) and the export choices, and gives
 * both to every window it makes; windows make new ones the same way.  It
 * opens files from the command line and the file manager, offers once to
 * restore what a crash left, and has the app-wide actions (quit, about,
 * help).  The windows never call it.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-application.h"
#include "congkak-window.h"

struct _CongkakApplication
{
  AdwApplication        parent_instance;

  CongkakWorkspace     *workspace;
  CongkakExportChoices *export_choices;
  gboolean              restore_offered;
};

G_DEFINE_FINAL_TYPE (CongkakApplication, congkak_application, ADW_TYPE_APPLICATION)

CongkakApplication *
congkak_application_new (const char        *application_id,
                         GApplicationFlags  flags)
{
  g_return_val_if_fail (application_id != NULL, NULL);

  return g_object_new (CONGKAK_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags,
                       "resource-base-path", "/io/github/congkak/Congkak",
                       NULL);
}

static void
window_mapped_cb (CongkakWindow *window)
{
  g_signal_handlers_disconnect_by_func (window, window_mapped_cb, NULL);
  congkak_window_offer_restore (window);
}

/* Matches a crash left unsaved are offered once, at the first window,
 * once it is on screen: also when Congkak starts by opening a file. */
static void
offer_restore (CongkakApplication *self,
               CongkakWindow      *window)
{
  if (self->restore_offered)
    return;
  self->restore_offered = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (window)))
    congkak_window_offer_restore (window);
  else
    g_signal_connect (window, "map", G_CALLBACK (window_mapped_cb), NULL);
}

static void
congkak_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (congkak_application_parent_class)->startup (app);
  /* What a killed autosave left, before any window autosaves. */
  congkak_document_clean_autosaves ();
}

static void
congkak_application_activate (GApplication *app)
{
  GtkWindow *window;

  g_assert (CONGKAK_IS_APPLICATION (app));

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window != NULL)
    {
      gtk_window_present (window);
      return;
    }

  window = GTK_WINDOW (congkak_application_new_window (CONGKAK_APPLICATION (app)));
  gtk_window_present (window);
  offer_restore (CONGKAK_APPLICATION (app), CONGKAK_WINDOW (window));
}

/* Files from the command line or the file manager: one window a match. */
static void
congkak_application_open (GApplication  *app,
                          GFile        **files,
                          int            n_files,
                          const char    *hint)
{
  CongkakWindow *window = NULL;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  for (GList *l = windows; l != NULL; l = l->next)
    if (CONGKAK_IS_WINDOW (l->data) && congkak_window_is_blank (l->data))
      window = l->data;

  /* A new window appears with its match, not first empty: it is shown
   * when the file has loaded (or could not). */
  if (window == NULL)
    window = congkak_application_new_window (CONGKAK_APPLICATION (app));
  else
    gtk_window_present (GTK_WINDOW (window));

  for (int i = 0; i < n_files; i++)
    congkak_window_open_file (window, files[i]);
  offer_restore (CONGKAK_APPLICATION (app), window);
}

/**
 * congkak_application_new_window:
 *
 * Returns: (transfer none): a new window of the application, not shown
 *   yet, with the workspace and the export choices every window shares.
 */
CongkakWindow *
congkak_application_new_window (CongkakApplication *self)
{
  g_return_val_if_fail (CONGKAK_IS_APPLICATION (self), NULL);

  return congkak_window_new (GTK_APPLICATION (self), self->workspace, self->export_choices);
}

/**
 * congkak_application_get_library:
 *
 * Returns: (transfer none): the match library every window records into;
 *   the first call starts listing it in the background.
 */
CongkakLibrary *
congkak_application_get_library (CongkakApplication *self)
{
  g_return_val_if_fail (CONGKAK_IS_APPLICATION (self), NULL);

  return congkak_workspace_get_library (self->workspace);
}

/**
 * congkak_application_get_workspace:
 *
 * Returns: (transfer none): what outlives one window: the library, the
 *   open documents and their autosaves.
 */
CongkakWorkspace *
congkak_application_get_workspace (CongkakApplication *self)
{
  g_return_val_if_fail (CONGKAK_IS_APPLICATION (self), NULL);

  return self->workspace;
}

static void
congkak_application_dispose (GObject *object)
{
  CongkakApplication *self = CONGKAK_APPLICATION (object);

  g_clear_object (&self->workspace);
  g_clear_object (&self->export_choices);

  G_OBJECT_CLASS (congkak_application_parent_class)->dispose (object);
}

static void
congkak_application_class_init (CongkakApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = congkak_application_dispose;

  app_class->startup = congkak_application_startup;
  app_class->activate = congkak_application_activate;
  app_class->open = congkak_application_open;
}

/**
 * congkak_application_create_about_dialog:
 *
 * Returns: (transfer floating): the About dialog, made from the app's
 *   AppStream metainfo (kept in the resources): name, version, developer,
 *   licence, the website and the issue tracker, and the notes of this
 *   version's release.
 */
AdwDialog *
congkak_application_create_about_dialog (CongkakApplication *self)
{
  static const char *developers[] = { "Congkak developers", NULL };
  AdwAboutDialog *about;

  g_return_val_if_fail (CONGKAK_IS_APPLICATION (self), NULL);

  about = ADW_ABOUT_DIALOG (adw_about_dialog_new_from_appdata ("/io/github/congkak/Congkak/"
                                                               APPLICATION_ID ".metainfo.xml",
                                                               PACKAGE_VERSION));
  adw_about_dialog_set_comments (about, _("Play, replay and annotate Congkak, Kalah and Oware matches"));
  adw_about_dialog_set_developers (about, developers);
  /* Translators: replace with your names, one per line */
  adw_about_dialog_set_translator_credits (about, _("translator-credits"));
  adw_about_dialog_set_copyright (about, _("© 2026 Congkak developers"));
  return ADW_DIALOG (about);
}

static void
congkak_application_about_action (GSimpleAction *action,
                                  GVariant      *parameter,
                                  gpointer       user_data)
{
  CongkakApplication *self = user_data;
  GtkWindow *window;

  g_assert (CONGKAK_IS_APPLICATION (self));

  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  adw_dialog_present (congkak_application_create_about_dialog (self), GTK_WIDGET (window));
}

static void
congkak_application_quit_action (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  CongkakApplication *self = user_data;
  g_autoptr (GList) windows = NULL;

  g_assert (CONGKAK_IS_APPLICATION (self));

  /* Each window closes as its close button would: one with unsaved
   * changes asks first, and the application ends with the last one. */
  windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

/* F1: the guide, at the rules of the game in the window in front. */
static void
congkak_application_help_action (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  CongkakApplication *self = user_data;
  GtkWindow *window;

  g_assert (CONGKAK_IS_APPLICATION (self));

  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (CONGKAK_IS_WINDOW (window))
    congkak_window_show_guide (CONGKAK_WINDOW (window));
}

static const GActionEntry app_actions[] = {
  { "quit", congkak_application_quit_action },
  { "about", congkak_application_about_action },
  { "help", congkak_application_help_action },
};

static void
congkak_application_init (CongkakApplication *self)
{
  self->workspace = congkak_workspace_new (NULL);
  /* CONGKAK_OWARE_ENDGAME_SEEDS=N: another size, for measuring; 0 for none. */
  congkak_workspace_set_oware_endgame_seeds (self->workspace,
                                             congkak_oware_endgame_parse_seeds (g_getenv ("CONGKAK_OWARE_ENDGAME_SEEDS")));
  self->export_choices = congkak_export_choices_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_actions,
                                   G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                         "app.quit",
                                         (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                         "app.help",
                                         (const char *[]) { "F1", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                         "window.close",
                                         (const char *[]) { "<Control>w", NULL });
}
