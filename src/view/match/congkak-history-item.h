/* congkak-history-item.h — one line of the list of moves: a node and where it stands
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_HISTORY_ITEM (congkak_history_item_get_type ())

G_DECLARE_FINAL_TYPE (CongkakHistoryItem, congkak_history_item, CONGKAK, HISTORY_ITEM, GObject)

CongkakHistoryItem *congkak_history_item_new       (CongkakNode        *node,
                                                    guint               depth,
                                                    guint               number,
                                                    guint               round);
CongkakNode        *congkak_history_item_get_node  (CongkakHistoryItem *self);
guint               congkak_history_item_get_depth (CongkakHistoryItem *self);
guint               congkak_history_item_get_number (CongkakHistoryItem *self);
guint               congkak_history_item_get_round (CongkakHistoryItem *self);
gboolean            congkak_history_item_is_heading (CongkakHistoryItem *self);
char               *congkak_history_item_dup_text  (CongkakHistoryItem *self,
                                                    CongkakMatch       *match);
const char         *congkak_history_item_get_tags  (CongkakHistoryItem *self,
                                                    CongkakMatch       *match,
                                                    const char        **spoken);
char               *congkak_history_item_dup_label (CongkakHistoryItem *self,
                                                    CongkakMatch       *match);

const char         *congkak_history_mark_name      (CongkakMark         mark);

G_END_DECLS
