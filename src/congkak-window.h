/* congkak-window.h
 *
 * Copyright 2026 Congkak developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-application.h"
#include "congkak-board-view.h"
#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW (congkak_window_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindow, congkak_window, CONGKAK, WINDOW, AdwApplicationWindow)

CongkakWindow    *congkak_window_new         (CongkakApplication *application);
void              congkak_window_start_match (CongkakWindow      *self,
                                              CongkakMatch       *match);
CongkakMatch     *congkak_window_get_match   (CongkakWindow      *self);
CongkakBoardView *congkak_window_get_board   (CongkakWindow      *self);

G_END_DECLS
