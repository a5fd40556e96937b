/* congkak-library-view-private.h — what the library page's parts share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CongkakLibraryView is split by concern: congkak-library-view.c is the
 * page (search, filters, sorting, rows, the players page beside it);
 * congkak-library-view-actions.c what is done to matches and how they are
 * added.  Both see the instance struct.
 */

#pragma once

#include "congkak-library-view.h"
#include "congkak-players-page.h"

G_BEGIN_DECLS

struct _CongkakLibraryView
{
  GtkWidget           parent_instance;

  /* Template widgets */
  AdwViewStack       *view_stack;
  GtkSearchEntry     *search_entry;
  GtkLabel           *count_label;
  GtkStack           *list_stack;
  GtkListView        *list_view;
  GtkDropDown        *game_dropdown;
  GtkDropDown        *result_dropdown;
  GtkCheckButton     *annotated_check;
  CongkakPlayersPage *players_page;

  /* Owned references */
  CongkakLibrary     *library;
  GSignalGroup       *library_signals;
  GtkCustomFilter    *filter;
  GtkCustomSorter    *sorter;
  GtkFilterListModel *filtered;
  GtkSortListModel   *sorted;
  char               *query;      /* folded search words */
  char               *sort;       /* "newest", "oldest", "player" or "game" */
  gboolean            compact;    /* narrow: smaller pictures */
  guint               rebind_id;
  GtkPopoverMenu     *row_menu;   /* one for all rows */
};

/* congkak-library-view.c */
void     _congkak_library_view_show_toast       (CongkakLibraryView *self,
                                                 AdwToast           *toast);
void     _congkak_library_view_show_error_toast (CongkakLibraryView *self,
                                                 const char         *message);
void     _congkak_library_view_emit_open_file   (CongkakLibraryView *self,
                                                 GFile              *file);

/* congkak-library-view-actions.c: the actions library.open, .rename,
 * .export, .reveal and .delete (on the match named by the parameter), and
 * library.import-files and .import-folder */
void     _congkak_library_view_open_action      (GtkWidget          *widget,
                                                 const char         *action_name,
                                                 GVariant           *parameter);
void     _congkak_library_view_rename_action    (GtkWidget          *widget,
                                                 const char         *action_name,
                                                 GVariant           *parameter);
void     _congkak_library_view_export_action    (GtkWidget          *widget,
                                                 const char         *action_name,
                                                 GVariant           *parameter);
void     _congkak_library_view_reveal_action    (GtkWidget          *widget,
                                                 const char         *action_name,
                                                 GVariant           *parameter);
void     _congkak_library_view_delete_action    (GtkWidget          *widget,
                                                 const char         *action_name,
                                                 GVariant           *parameter);
void     _congkak_library_view_import_action    (GtkWidget          *widget,
                                                 const char         *action_name,
                                                 GVariant           *parameter);
gboolean _congkak_library_view_drop_cb          (GtkDropTarget      *target,
                                                 const GValue       *value,
                                                 double              x,
                                                 double              y,
                                                 CongkakLibraryView *self);

G_END_DECLS
