/* congkak-window-puzzles.c — the window's puzzle page
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Puzzle mode is a page of the window's stack, the CongkakPuzzleView over
 * the application's match library; the puzzles it finds are kept beside
 * the library's index, in the library folder.  All of puzzle mode is the
 * view's: here are only the way in and out, the title, and the header bar
 * hidden while the view presents.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-puzzle-view.h"
#include "congkak-window-private.h"

#define PUZZLES_PAGE "puzzles"
/* Hidden, as the library's index is, so that the library lists no such file. */
#define PUZZLES_CACHE_NAME ".congkak-puzzles.json"

static gboolean
puzzles_shown (CongkakWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), PUZZLES_PAGE) == 0;
}

/**
 * congkak_window_puzzles_update_title:
 *
 * Returns: %TRUE if the puzzle page is shown, and the title says so.
 */
gboolean
congkak_window_puzzles_update_title (CongkakWindow *self)
{
  if (!puzzles_shown (self))
    return FALSE;
  adw_window_title_set_title (self->window_title, _("Puzzles"));
  adw_window_title_set_subtitle (self->window_title, "");
  gtk_window_set_title (GTK_WINDOW (self), _("Puzzles"));
  return TRUE;
}

static void
show_puzzles_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  CongkakLibrary *library = congkak_window_get_library (self);

  if (puzzles_shown (self))
    return;
  g_free (self->page_before_puzzles);
  self->page_before_puzzles = g_strdup (gtk_stack_get_visible_child_name (self->stack));
  if (library && congkak_puzzle_view_get_library (self->puzzle_view) == NULL)
    {
      g_autoptr (GFile) cache = g_file_get_child (congkak_library_get_directory (library), PUZZLES_CACHE_NAME);

      congkak_puzzle_view_set_library (self->puzzle_view, library);
      congkak_puzzle_view_set_cache_file (self->puzzle_view, cache);
    }
  gtk_stack_set_visible_child_name (self->stack, PUZZLES_PAGE);
  gtk_widget_grab_focus (GTK_WIDGET (self->puzzle_view));
}

static void
puzzle_back_cb (CongkakWindow *self)
{
  const char *page = self->session ? "board" : "start";

  if (self->page_before_puzzles && !g_str_equal (self->page_before_puzzles, PUZZLES_PAGE)
      && (self->session || !g_str_equal (self->page_before_puzzles, "board")))
    page = self->page_before_puzzles;
  gtk_stack_set_visible_child_name (self->stack, page);
  if (self->session && g_str_equal (page, "board"))
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* In front of a class the header bar goes too. */
static void
puzzle_presenting_cb (CongkakWindow *self)
{
  adw_toolbar_view_set_reveal_top_bars (self->toolbar_view,
                                        !congkak_puzzle_view_get_presenting (self->puzzle_view));
}

/* The replay bar and the sidebar belong to the match, not to the puzzles. */
static void
page_changed_cb (CongkakWindow *self)
{
  if (!puzzles_shown (self))
    return;
  adw_toolbar_view_set_reveal_bottom_bars (self->toolbar_view, FALSE);
  gtk_widget_set_visible (self->sidebar_button, FALSE);
}

void
congkak_window_puzzles_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (CONGKAK_TYPE_PUZZLE_VIEW);
  gtk_widget_class_bind_template_child_full (widget_class, "puzzle_view", FALSE,
                                             G_STRUCT_OFFSET (CongkakWindow, puzzle_view));
  gtk_widget_class_bind_template_callback_full (widget_class, "puzzle_back_cb", G_CALLBACK (puzzle_back_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "puzzle_presenting_cb",
                                                G_CALLBACK (puzzle_presenting_cb));
  gtk_widget_class_install_action (widget_class, "win.show-puzzles", NULL, show_puzzles_action);
}

void
congkak_window_puzzles_init (CongkakWindow *self)
{
  /* After the library page's handler, which shows the bars for any other page. */
  g_signal_connect_swapped (self->stack, "notify::visible-child-name", G_CALLBACK (page_changed_cb), self);
}

void
congkak_window_puzzles_dispose (CongkakWindow *self)
{
  g_clear_pointer (&self->page_before_puzzles, g_free);
}
