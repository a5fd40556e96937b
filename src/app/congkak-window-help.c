/* congkak-window-help.c — the user guide, and the rules window when no
 * help viewer can show it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This part of the window opens the guide at a page (F1 at the rules of
 * the game on the board) and shows the rules window; it needs only the
 * window to present on and the match it shows.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-rules-dialog.h"
#include "congkak-rules-text.h"
#include "congkak-window-help.h"

struct _CongkakWindowHelp
{
  CongkakWindowPart parent_instance;
};

G_DEFINE_FINAL_TYPE (CongkakWindowHelp, congkak_window_help, CONGKAK_TYPE_WINDOW_PART)

typedef struct
{
  CongkakWindowHelp *help;
  char              *section;
} HelpLaunch;

static void
help_launch_free (HelpLaunch *launch)
{
  g_clear_object (&launch->help);
  g_free (launch->section);
  g_free (launch);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HelpLaunch, help_launch_free)

static GtkWidget *
window_of (CongkakWindowHelp *self)
{
  return congkak_window_part_get_window (CONGKAK_WINDOW_PART (self));
}

static CongkakMatch *
match_shown (CongkakWindowHelp *self)
{
  return congkak_window_part_get_match (CONGKAK_WINDOW_PART (self));
}

/**
 * congkak_window_help_uri:
 * @page: a page of the guide, such as `rules-kalah`
 * @section: (nullable): a section id on that page, such as `capture`
 *
 * Returns: (transfer full): `help:io.github.congkak.Congkak/PAGE#SECTION`.
 */
char *
congkak_window_help_uri (const char *page,
                         const char *section)
{
  g_return_val_if_fail (page != NULL, NULL);

  if (section)
    return g_strdup_printf ("help:%s/%s#%s", HELP_ID, page, section);
  return g_strdup_printf ("help:%s/%s", HELP_ID, page);
}

/* Without a viewer for the guide: says so in a toast over the rules
 * window, open at @section when those rules have it. */
static void
show_rules_instead (CongkakWindowHelp *self,
                    const char        *section)
{
  AdwDialog *dialog;
  AdwToast *toast;
  GtkWidget *title;

  congkak_window_help_show_rules_section (self, section);
  toast = adw_toast_new (_("No help viewer is installed: here are the rules instead"));
  /* Whole at a phone's width too: a toast's own title is cut there. */
  title = gtk_label_new (adw_toast_get_title (toast));
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_natural_wrap_mode (GTK_LABEL (title), GTK_NATURAL_WRAP_NONE);
  gtk_label_set_justify (GTK_LABEL (title), GTK_JUSTIFY_CENTER);
  adw_toast_set_custom_title (toast, title);
  /* Over the rules: the window's own toasts are hidden behind a dialog. */
  dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window_of (self)));
  if (CONGKAK_IS_RULES_DIALOG (dialog))
    congkak_rules_dialog_add_toast (CONGKAK_RULES_DIALOG (dialog), toast);
  else
    congkak_window_part_add_toast (CONGKAK_WINDOW_PART (self), toast);
}

static void
help_launched_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (HelpLaunch) launch = user_data;
  g_autoptr (GError) error = NULL;

  if (gtk_uri_launcher_launch_finish (GTK_URI_LAUNCHER (source), result, &error))
    return;
  if (g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED)
      || window_of (launch->help) == NULL || gtk_widget_get_root (window_of (launch->help)) == NULL)
    return;

  g_debug ("No help viewer: %s", error->message);
  show_rules_instead (launch->help, launch->section);
}

/* Whether the app runs in a Flatpak sandbox: flatpak puts /.flatpak-info
 * there.  CONGKAK_FLATPAK_INFO names another file to look for, so that the
 * tests can take the sandbox's path outside one. */
static gboolean
in_flatpak (void)
{
  const char *info = g_getenv ("CONGKAK_FLATPAK_INFO");

  return g_file_test (info && *info ? info : "/.flatpak-info", G_FILE_TEST_EXISTS);
}

/* In a Flatpak, GtkUriLauncher hands help: URIs to the OpenURI portal,
 * which opens them in the host's help viewer: that viewer cannot read the
 * guide in the sandbox's /app/share/help, and the portal still reports
 * success.  The runtime's own viewer (Yelp, in the GNOME runtime) can, so
 * the URI is launched through GIO inside the sandbox, and without a viewer
 * there the rules window opens at once instead. */
static void
show_help_in_sandbox (CongkakWindowHelp *self,
                      const char        *uri,
                      const char        *section)
{
  g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
  g_autoptr (GdkAppLaunchContext) context = NULL;
  g_autoptr (GError) error = NULL;
  GList uris = { (gpointer) uri, NULL, NULL };

  if (viewer)
    {
      context = gdk_display_get_app_launch_context (gtk_widget_get_display (window_of (self)));
      if (g_app_info_launch_uris (viewer, &uris, G_APP_LAUNCH_CONTEXT (context), &error))
        return;
      g_debug ("The sandbox's help viewer did not start: %s", error->message);
    }
  else
    g_debug ("No help viewer in the sandbox");
  show_rules_instead (self, section);
}

/**
 * congkak_window_help_show:
 * @page: a page of the guide, such as `index` or `rules-kalah`
 * @section: (nullable): a section id on that page, such as `capture`
 *
 * Opens the guide there.  Without a help viewer, says so in a toast and
 * opens the rules window instead, at @section if it has one.  In a
 * Flatpak, the guide opens in the sandbox's own viewer (see
 * show_help_in_sandbox()).
 */
void
congkak_window_help_show (CongkakWindowHelp *self,
                          const char        *page,
                          const char        *section)
{
  g_autoptr (GtkUriLauncher) launcher = NULL;
  g_autofree char *uri = NULL;
  HelpLaunch *launch;

  g_return_if_fail (CONGKAK_IS_WINDOW_HELP (self));
  g_return_if_fail (page != NULL);

  if (window_of (self) == NULL)
    return;

  uri = congkak_window_help_uri (page, section);
  if (in_flatpak ())
    {
      show_help_in_sandbox (self, uri, section);
      return;
    }

  launcher = gtk_uri_launcher_new (uri);
  launch = g_new0 (HelpLaunch, 1);
  launch->help = g_object_ref (self);
  launch->section = g_strdup (section);
  gtk_uri_launcher_launch (launcher, GTK_WINDOW (window_of (self)), NULL, help_launched_cb, launch);
}

/**
 * congkak_window_help_show_guide:
 *
 * What F1 and Help in the menu open: the guide at the rules of the game on
 * the board, or at its first page when no match is open.  Without a help
 * viewer, the rules window instead.
 */
void
congkak_window_help_show_guide (CongkakWindowHelp *self)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_HELP (self));

  if (match_shown (self))
    congkak_window_help_show (self, congkak_rules_help_page (congkak_match_get_rules (match_shown (self))), NULL);
  else
    congkak_window_help_show (self, "index", NULL);
}

/**
 * congkak_window_help_show_rules_section:
 * @section_id: (nullable): a section id of the help's rules pages, such
 *   as `capture`, or %NULL for the top
 *
 * Shows the rules window for the match on the board (Congkak's when there
 * is none), scrolled to @section_id when those rules have it.
 */
void
congkak_window_help_show_rules_section (CongkakWindowHelp *self,
                                        const char        *section_id)
{
  AdwDialog *visible;
  CongkakRulesDialog *dialog;

  g_return_if_fail (CONGKAK_IS_WINDOW_HELP (self));

  if (window_of (self) == NULL)
    return;
  visible = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window_of (self)));
  if (CONGKAK_IS_RULES_DIALOG (visible))
    dialog = CONGKAK_RULES_DIALOG (visible);
  else
    {
      dialog = congkak_rules_dialog_new (match_shown (self) ? congkak_match_get_rules (match_shown (self)) : NULL);
      adw_dialog_present (ADW_DIALOG (dialog), window_of (self));
    }
  if (section_id)
    congkak_rules_dialog_show_section (dialog, section_id);
}

static void
show_rules_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  congkak_window_help_show_rules_section (user_data, NULL);
}

static const GActionEntry actions[] = {
  { "show-rules", show_rules_action },
};

void
congkak_window_help_install (GtkWidgetClass              *window_class,
                             GtkWidgetActionActivateFunc  activate)
{
  g_type_ensure (CONGKAK_TYPE_RULES_DIALOG);
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
}

static void
congkak_window_help_class_init (CongkakWindowHelpClass *klass)
{
}

static void
congkak_window_help_init (CongkakWindowHelp *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
}

CongkakWindowHelp *
congkak_window_help_new (GtkWidget       *window,
                         AdwToastOverlay *toasts)
{
  return g_object_new (CONGKAK_TYPE_WINDOW_HELP, "window", window, "toasts", toasts, NULL);
}
