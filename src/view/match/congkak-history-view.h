/* congkak-history-view.h — the moves of a match as a list, with its variations
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_HISTORY_VIEW (congkak_history_view_get_type ())

G_DECLARE_FINAL_TYPE (CongkakHistoryView, congkak_history_view, CONGKAK, HISTORY_VIEW, GtkWidget)

GtkWidget    *congkak_history_view_new             (void);
CongkakMatch *congkak_history_view_get_match       (CongkakHistoryView *self);
void          congkak_history_view_set_match       (CongkakHistoryView *self,
                                                    CongkakMatch       *match);

/* The rows as shown, for tests and for the window: row 0 is the start. */
guint         congkak_history_view_get_n_rows      (CongkakHistoryView *self);
CongkakNode  *congkak_history_view_get_row_node    (CongkakHistoryView *self,
                                                    guint               row);
guint         congkak_history_view_get_row_depth   (CongkakHistoryView *self,
                                                    guint               row);
char         *congkak_history_view_dup_row_text    (CongkakHistoryView *self,
                                                    guint               row);
char         *congkak_history_view_dup_row_label   (CongkakHistoryView *self,
                                                    guint               row);
int           congkak_history_view_get_selected_row (CongkakHistoryView *self);

G_END_DECLS
