/* congkak-window-library.c — matches recorded into the library, and the library page
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A match played in a window is recorded in the match library when it
 * ends, and again, as it then stands, when the window lets it go (closed,
 * or another match started in it): an unfinished match is kept too.  A
 * match only opened and looked at is not recorded; "Add to Library"
 * records it on request.  Recording is a copy: the match's own file, if
 * it has one, is not touched.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-application.h"
#include "congkak-library-view.h"
#include "congkak-window-private.h"

#define LIBRARY_PAGE "library"

/**
 * congkak_window_get_library:
 *
 * Returns: (transfer none) (nullable): the application's match library.
 */
CongkakLibrary *
congkak_window_get_library (CongkakWindow *self)
{
  GtkApplication *application;
  GApplication *fallback = g_application_get_default ();

  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  /* While closing, the window may have left its application already. */
  application = gtk_window_get_application (GTK_WINDOW (self));
  if (CONGKAK_IS_APPLICATION (application))
    return congkak_application_get_library (CONGKAK_APPLICATION (application));
  if (CONGKAK_IS_APPLICATION (fallback))
    return congkak_application_get_library (CONGKAK_APPLICATION (fallback));
  return NULL;
}

/**
 * congkak_window_library_leave_match:
 *
 * The window lets its match go (another one comes, or the window
 * closes): a match played here is kept as it stands, quietly.
 */
void
congkak_window_library_leave_match (CongkakWindow *self)
{
  CongkakDocument *document = congkak_window_get_document (self);
  g_autoptr (GError) error = NULL;

  if (document && !congkak_document_record (document, FALSE, &error))
    g_warning ("Cannot record the match in the library: %s", error->message);
}

static gboolean
library_shown (CongkakWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), LIBRARY_PAGE) == 0;
}

/**
 * congkak_window_library_update_title:
 *
 * Returns: %TRUE if the library page is shown, and the title says so.
 */
gboolean
congkak_window_library_update_title (CongkakWindow *self)
{
  CongkakLibrary *library;
  g_autofree char *count = NULL;
  guint n;

  if (!library_shown (self))
    return FALSE;
  library = congkak_window_get_library (self);
  n = library ? g_list_model_get_n_items (G_LIST_MODEL (library)) : 0;
  count = g_strdup_printf (ngettext ("%u match", "%u matches", n), n);
  adw_window_title_set_title (self->window_title, _("Match Library"));
  adw_window_title_set_subtitle (self->window_title, count);
  gtk_window_set_title (GTK_WINDOW (self), _("Match Library"));
  return TRUE;
}

static void
show_library_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  if (!library_shown (self))
    {
      g_free (self->page_before_library);
      self->page_before_library = g_strdup (gtk_stack_get_visible_child_name (self->stack));
      congkak_library_view_set_library (self->library_view, congkak_window_get_library (self));
      gtk_stack_set_visible_child_name (self->stack, LIBRARY_PAGE);
    }
  congkak_library_view_focus_search (self->library_view);
}

static void
library_back_cb (CongkakWindow *self)
{
  const char *page = self->session ? "board" : "start";

  if (self->page_before_library && !g_str_equal (self->page_before_library, LIBRARY_PAGE)
      && (self->session || !g_str_equal (self->page_before_library, "board")))
    page = self->page_before_library;
  gtk_stack_set_visible_child_name (self->stack, page);
  if (self->session)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
library_open_file_cb (CongkakWindow *self,
                      GFile         *file)
{
  congkak_window_open_file (self, file);
}

/* The header and the replay bar belong to the match, not to the library. */
static void
page_changed_cb (CongkakWindow *self)
{
  gboolean shown = library_shown (self);

  /* The library has a header of its own: one row, not two. */
  adw_toolbar_view_set_reveal_top_bars (self->toolbar_view, !shown && !self->presentation);
  adw_toolbar_view_set_reveal_bottom_bars (self->toolbar_view, !shown && !self->presentation);
  gtk_widget_set_visible (self->sidebar_button, !shown && self->session != NULL);
  congkak_window_update_title (self);
}

static void
library_items_changed_cb (CongkakWindow *self)
{
  if (library_shown (self))
    congkak_window_update_title (self);
}

static void
add_to_library_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  CongkakDocument *document = congkak_window_get_document (self);
  g_autoptr (GError) error = NULL;

  if (document == NULL)
    return;
  if (!congkak_document_record (document, TRUE, &error))
    {
      /* TRANSLATORS: the reason follows */
      g_autofree char *text = g_strdup_printf (_("The match could not be kept in the library: %s"), error->message);

      congkak_window_add_toast (self, text);
    }
  else
    {
      AdwToast *toast = adw_toast_new (_("Added to the match library"));

      adw_toast_set_button_label (toast, _("_Show"));
      adw_toast_set_action_name (toast, "win.show-library");
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

void
congkak_window_library_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (CONGKAK_TYPE_LIBRARY_VIEW);
  gtk_widget_class_bind_template_child_full (widget_class, "library_view", FALSE,
                                             G_STRUCT_OFFSET (CongkakWindow, library_view));
  gtk_widget_class_bind_template_callback_full (widget_class, "library_open_file_cb",
                                                G_CALLBACK (library_open_file_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "library_back_cb", G_CALLBACK (library_back_cb));

  gtk_widget_class_install_action (widget_class, "win.show-library", NULL, show_library_action);
  gtk_widget_class_install_action (widget_class, "win.add-to-library", NULL, add_to_library_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.show-library", NULL);
}

/* The window has its application: the library is the application's,
 * listed in the background from the first window on. */
static void
application_set_cb (CongkakWindow *self)
{
  CongkakLibrary *library;

  if (gtk_window_get_application (GTK_WINDOW (self)) == NULL)
    return;
  library = congkak_window_get_library (self);
  if (library)
    g_signal_connect_object (library, "items-changed", G_CALLBACK (library_items_changed_cb), self,
                             G_CONNECT_SWAPPED);
}

void
congkak_window_library_init (CongkakWindow *self)
{
  g_signal_connect_swapped (self->stack, "notify::visible-child-name", G_CALLBACK (page_changed_cb), self);
  g_signal_connect (self, "notify::application", G_CALLBACK (application_set_cb), NULL);
}

void
congkak_window_library_dispose (CongkakWindow *self)
{
  congkak_window_library_leave_match (self);
  g_clear_pointer (&self->page_before_library, g_free);
}
