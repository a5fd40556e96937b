/* congkak-window-computer.h — hints and the analysis in the window
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-board-view.h"
#include "congkak-window-part.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_COMPUTER (congkak_window_computer_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowComputer, congkak_window_computer, CONGKAK, WINDOW_COMPUTER, CongkakWindowPart)

CongkakWindowComputer *congkak_window_computer_new         (GtkWidget              *window,
                                                            AdwToastOverlay        *toasts,
                                                            CongkakBoardView       *board,
                                                            AdwOverlaySplitView    *split_view,
                                                            GtkWidget              *spinner);
void                   congkak_window_computer_install     (GtkWidgetClass         *window_class,
                                                            GtkWidgetActionActivateFunc activate);
void                   congkak_window_computer_cancel_hint (CongkakWindowComputer  *self);
void                   congkak_window_computer_update      (CongkakWindowComputer  *self);
void                   congkak_window_computer_set_elsewhere (CongkakWindowComputer *self,
                                                            gboolean               elsewhere);

G_END_DECLS
