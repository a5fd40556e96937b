/* congkak-window-puzzles.c — the window's puzzle page
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Puzzle mode is a page of the window's stack, the CongkakPuzzleView over
 * the workspace's match library; the puzzles it finds are kept beside the
 * library's index, in the library folder.  All of puzzle mode is the
 * view's: this part of the window has only the way in and out, the title,
 * and the header bar hidden while the view presents.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-window-puzzles.h"

#define PUZZLES_PAGE "puzzles"
/* Hidden, as the library's index is, so that the library lists no such file. */
#define PUZZLES_CACHE_NAME ".congkak-puzzles.json"

struct _CongkakWindowPuzzles
{
  CongkakWindowPart  parent_instance;

  CongkakWorkspace  *workspace;
  GtkStack          *stack;
  CongkakPuzzleView *puzzle_view;
  AdwWindowTitle    *window_title;
  AdwToolbarView    *toolbar_view;
  CongkakBoardView  *board;

  char              *page_before;   /* where Back goes */
};

G_DEFINE_FINAL_TYPE (CongkakWindowPuzzles, congkak_window_puzzles, CONGKAK_TYPE_WINDOW_PART)

static gboolean
puzzles_shown (CongkakWindowPuzzles *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), PUZZLES_PAGE) == 0;
}

/* While the page is shown, the title names it. */
static void
update_title (CongkakWindowPuzzles *self)
{
  if (!puzzles_shown (self))
    return;
  adw_window_title_set_title (self->window_title, _("Puzzles"));
  adw_window_title_set_subtitle (self->window_title, "");
  gtk_window_set_title (GTK_WINDOW (congkak_window_part_get_window (CONGKAK_WINDOW_PART (self))), _("Puzzles"));
}

static void
show_puzzles_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CongkakWindowPuzzles *self = user_data;
  CongkakLibrary *library = congkak_workspace_get_library (self->workspace);

  if (puzzles_shown (self))
    return;
  g_free (self->page_before);
  self->page_before = g_strdup (gtk_stack_get_visible_child_name (self->stack));
  if (congkak_puzzle_view_get_library (self->puzzle_view) == NULL)
    {
      g_autoptr (GFile) cache = g_file_get_child (congkak_library_get_directory (library), PUZZLES_CACHE_NAME);

      congkak_puzzle_view_set_library (self->puzzle_view, library);
      congkak_puzzle_view_set_cache_file (self->puzzle_view, cache);
    }
  gtk_stack_set_visible_child_name (self->stack, PUZZLES_PAGE);
  gtk_widget_grab_focus (GTK_WIDGET (self->puzzle_view));
}

static void
puzzle_back_cb (CongkakWindowPuzzles *self)
{
  gboolean has_match = congkak_window_part_get_session (CONGKAK_WINDOW_PART (self)) != NULL;
  const char *page = has_match ? "board" : "start";

  if (self->page_before && !g_str_equal (self->page_before, PUZZLES_PAGE)
      && (has_match || !g_str_equal (self->page_before, "board")))
    page = self->page_before;
  gtk_stack_set_visible_child_name (self->stack, page);
  if (has_match && g_str_equal (page, "board"))
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* In front of a class the header bar goes too. */
static void
puzzle_presenting_cb (CongkakWindowPuzzles *self)
{
  adw_toolbar_view_set_reveal_top_bars (self->toolbar_view,
                                        !congkak_puzzle_view_get_presenting (self->puzzle_view));
}

static const GActionEntry actions[] = {
  { "show-puzzles", show_puzzles_action },
};

void
congkak_window_puzzles_install (GtkWidgetClass              *window_class,
                                GtkWidgetActionActivateFunc  activate)
{
  g_type_ensure (CONGKAK_TYPE_PUZZLE_VIEW);
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
}

static void
congkak_window_puzzles_dispose (GObject *object)
{
  CongkakWindowPuzzles *self = CONGKAK_WINDOW_PUZZLES (object);

  g_clear_object (&self->workspace);
  g_clear_pointer (&self->page_before, g_free);

  G_OBJECT_CLASS (congkak_window_puzzles_parent_class)->dispose (object);
}

static void
congkak_window_puzzles_class_init (CongkakWindowPuzzlesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = congkak_window_puzzles_dispose;
}

static void
congkak_window_puzzles_init (CongkakWindowPuzzles *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
}

CongkakWindowPuzzles *
congkak_window_puzzles_new (GtkWidget         *window,
                            AdwToastOverlay   *toasts,
                            CongkakWorkspace  *workspace,
                            GtkStack          *stack,
                            CongkakPuzzleView *puzzle_view,
                            AdwWindowTitle    *window_title,
                            AdwToolbarView    *toolbar_view,
                            CongkakBoardView  *board)
{
  CongkakWindowPuzzles *self = g_object_new (CONGKAK_TYPE_WINDOW_PUZZLES,
                                             "window", window,
                                             "toasts", toasts,
                                             NULL);

  self->workspace = g_object_ref (workspace);
  self->stack = stack;
  self->puzzle_view = puzzle_view;
  self->window_title = window_title;
  self->toolbar_view = toolbar_view;
  self->board = board;
  g_signal_connect_object (stack, "notify::visible-child-name", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (puzzle_view, "back", G_CALLBACK (puzzle_back_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (puzzle_view, "notify::presenting", G_CALLBACK (puzzle_presenting_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}
