/* congkak-board-thumbnail.h — a small picture of a board, for lists
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-engine.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_BOARD_THUMBNAIL (congkak_board_thumbnail_get_type ())

G_DECLARE_FINAL_TYPE (CongkakBoardThumbnail, congkak_board_thumbnail, CONGKAK, BOARD_THUMBNAIL, GtkWidget)

GtkWidget *congkak_board_thumbnail_new          (void);
void       congkak_board_thumbnail_set_position (CongkakBoardThumbnail *self,
                                                 const CongkakRules    *rules,
                                                 const CongkakPosition *position);
void       congkak_board_thumbnail_set_width    (CongkakBoardThumbnail *self,
                                                 int                    width);
void       congkak_board_thumbnail_clear        (CongkakBoardThumbnail *self);

G_END_DECLS
