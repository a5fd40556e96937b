/* congkak-window-endings.h — the dialogs at the end of a round and of
 * the match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-board-view.h"
#include "congkak-window-part.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_ENDINGS (congkak_window_endings_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowEndings, congkak_window_endings, CONGKAK, WINDOW_ENDINGS, CongkakWindowPart)

CongkakWindowEndings *congkak_window_endings_new  (GtkWidget            *window,
                                                   AdwToastOverlay      *toasts,
                                                   CongkakBoardView     *board);
void                  congkak_window_endings_show (CongkakWindowEndings *self);

G_END_DECLS
