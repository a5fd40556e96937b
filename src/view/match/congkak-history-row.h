/* congkak-history-row.h — how one line of the list of moves looks
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-history-item.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_HISTORY_ROW (congkak_history_row_get_type ())

G_DECLARE_FINAL_TYPE (CongkakHistoryRow, congkak_history_row, CONGKAK, HISTORY_ROW, GtkWidget)

GtkWidget          *congkak_history_row_new      (void);
void                congkak_history_row_bind     (CongkakHistoryRow  *self,
                                                  CongkakHistoryItem *item,
                                                  CongkakMatch       *match);
void                congkak_history_row_unbind   (CongkakHistoryRow  *self);
CongkakHistoryItem *congkak_history_row_get_item (CongkakHistoryRow  *self);
const char         *congkak_history_row_get_tooltip_at (CongkakHistoryRow *self,
                                                        int                x);

G_END_DECLS
