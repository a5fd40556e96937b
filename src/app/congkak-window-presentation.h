/* congkak-window-presentation.h — presentation mode: the board fills the
 * screen, a clicker steps through the match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-board-view.h"
#include "congkak-presentation-bar.h"
#include "congkak-window-part.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_PRESENTATION (congkak_window_presentation_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowPresentation, congkak_window_presentation, CONGKAK, WINDOW_PRESENTATION,
                      CongkakWindowPart)

CongkakWindowPresentation *congkak_window_presentation_new        (GtkWidget                 *window,
                                                                   AdwToastOverlay           *toasts,
                                                                   CongkakBoardView          *board,
                                                                   AdwOverlaySplitView       *split_view,
                                                                   AdwToolbarView            *toolbar_view,
                                                                   CongkakPresentationBar    *presentation_bar);
gboolean                   congkak_window_presentation_get_active (CongkakWindowPresentation *self);
void                       congkak_window_presentation_set_active (CongkakWindowPresentation *self,
                                                                   gboolean                   active);
gboolean                   congkak_window_presentation_get_blank  (CongkakWindowPresentation *self);
gboolean                   congkak_window_presentation_get_inhibiting (CongkakWindowPresentation *self);

G_END_DECLS
