/* congkak-window-library.c — the library page, and matches added to it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The library page is a page of the window's stack, the CongkakLibraryView
 * over the workspace's match library; this part of the window shows it
 * (Ctrl+F), names it in the title with its count of matches, and goes
 * back to the page shown before.  "Add to Library" records a match only
 * opened and looked at; one played here is recorded anyway, when it ends
 * and when its window lets it go (see congkak_workspace_remove_document()).
 * Recording is a copy: the match's own file, if it has one, is not
 * touched.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-window-library.h"

#define LIBRARY_PAGE "library"

struct _CongkakWindowLibrary
{
  CongkakWindowPart   parent_instance;

  CongkakWorkspace   *workspace;
  GtkStack           *stack;
  CongkakLibraryView *library_view;
  AdwWindowTitle     *window_title;
  CongkakBoardView   *board;

  char               *page_before;   /* where Back goes */
};

G_DEFINE_FINAL_TYPE (CongkakWindowLibrary, congkak_window_library, CONGKAK_TYPE_WINDOW_PART)

static gboolean
library_shown (CongkakWindowLibrary *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), LIBRARY_PAGE) == 0;
}

/* While the page is shown, the title names it and counts its matches. */
static void
update_title (CongkakWindowLibrary *self)
{
  g_autofree char *count = NULL;
  guint n;

  if (!library_shown (self))
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (congkak_workspace_get_library (self->workspace)));
  count = g_strdup_printf (ngettext ("%u match", "%u matches", n), n);
  adw_window_title_set_title (self->window_title, _("Match Library"));
  adw_window_title_set_subtitle (self->window_title, count);
  gtk_window_set_title (GTK_WINDOW (congkak_window_part_get_window (CONGKAK_WINDOW_PART (self))),
                        _("Match Library"));
}

static void
show_library_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CongkakWindowLibrary *self = user_data;

  if (!library_shown (self))
    {
      g_free (self->page_before);
      self->page_before = g_strdup (gtk_stack_get_visible_child_name (self->stack));
      congkak_library_view_set_library (self->library_view, congkak_workspace_get_library (self->workspace));
      gtk_stack_set_visible_child_name (self->stack, LIBRARY_PAGE);
    }
  congkak_library_view_focus_search (self->library_view);
}

static void
library_back_cb (CongkakWindowLibrary *self)
{
  gboolean has_match = congkak_window_part_get_session (CONGKAK_WINDOW_PART (self)) != NULL;
  const char *page = has_match ? "board" : "start";

  if (self->page_before && !g_str_equal (self->page_before, LIBRARY_PAGE)
      && (has_match || !g_str_equal (self->page_before, "board")))
    page = self->page_before;
  gtk_stack_set_visible_child_name (self->stack, page);
  if (has_match)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
add_to_library_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  CongkakWindowLibrary *self = user_data;
  CongkakDocument *document = congkak_window_part_get_document (CONGKAK_WINDOW_PART (self));

  if (document == NULL)
    return;
  /* A failure is the document's :library-problem, which the window's
   * banner shows until the library works again. */
  if (congkak_document_record (document, TRUE, NULL))
    {
      AdwToast *toast = adw_toast_new (_("Added to the match library"));

      adw_toast_set_button_label (toast, _("_Show"));
      adw_toast_set_action_name (toast, "win.show-library");
      congkak_window_part_add_toast (CONGKAK_WINDOW_PART (self), toast);
    }
}

static const GActionEntry actions[] = {
  { "show-library", show_library_action },
  { "add-to-library", add_to_library_action },
};

void
congkak_window_library_install (GtkWidgetClass              *window_class,
                                GtkWidgetActionActivateFunc  activate)
{
  g_type_ensure (CONGKAK_TYPE_LIBRARY_VIEW);
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.show-library", NULL);
}

static void
congkak_window_library_dispose (GObject *object)
{
  CongkakWindowLibrary *self = CONGKAK_WINDOW_LIBRARY (object);

  g_clear_object (&self->workspace);
  g_clear_pointer (&self->page_before, g_free);

  G_OBJECT_CLASS (congkak_window_library_parent_class)->dispose (object);
}

static void
congkak_window_library_class_init (CongkakWindowLibraryClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = congkak_window_library_dispose;
}

static void
congkak_window_library_init (CongkakWindowLibrary *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
}

/* The library is the workspace's, listed in the background from the
 * first window on. */
CongkakWindowLibrary *
congkak_window_library_new (GtkWidget          *window,
                            AdwToastOverlay    *toasts,
                            CongkakWorkspace   *workspace,
                            GtkStack           *stack,
                            CongkakLibraryView *library_view,
                            AdwWindowTitle     *window_title,
                            CongkakBoardView   *board)
{
  CongkakWindowLibrary *self = g_object_new (CONGKAK_TYPE_WINDOW_LIBRARY,
                                             "window", window,
                                             "toasts", toasts,
                                             NULL);

  self->workspace = g_object_ref (workspace);
  self->stack = stack;
  self->library_view = library_view;
  self->window_title = window_title;
  self->board = board;
  g_signal_connect_object (stack, "notify::visible-child-name", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (congkak_workspace_get_library (workspace), "items-changed", G_CALLBACK (update_title),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (library_view, "back", G_CALLBACK (library_back_cb), self, G_CONNECT_SWAPPED);
  return self;
}
