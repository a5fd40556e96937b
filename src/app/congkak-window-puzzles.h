/* congkak-window-puzzles.h — the window's puzzle page
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-board-view.h"
#include "congkak-puzzle-view.h"
#include "congkak-window-part.h"
#include "congkak-workspace.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_PUZZLES (congkak_window_puzzles_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowPuzzles, congkak_window_puzzles, CONGKAK, WINDOW_PUZZLES, CongkakWindowPart)

CongkakWindowPuzzles *congkak_window_puzzles_new     (GtkWidget         *window,
                                                      AdwToastOverlay   *toasts,
                                                      CongkakWorkspace  *workspace,
                                                      GtkStack          *stack,
                                                      CongkakPuzzleView *puzzle_view,
                                                      AdwWindowTitle    *window_title,
                                                      AdwToolbarView    *toolbar_view,
                                                      CongkakBoardView  *board);
void                  congkak_window_puzzles_install (GtkWidgetClass    *window_class,
                                                      GtkWidgetActionActivateFunc activate);

G_END_DECLS
