/* congkak-window-teaching.h — the position editor, and narration that
 * names its rule with a link to it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-board-view.h"
#include "congkak-window-help.h"
#include "congkak-window-part.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_TEACHING (congkak_window_teaching_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowTeaching, congkak_window_teaching, CONGKAK, WINDOW_TEACHING, CongkakWindowPart)

CongkakWindowTeaching *congkak_window_teaching_new     (GtkWidget         *window,
                                                        AdwToastOverlay   *toasts,
                                                        CongkakWindowHelp *help,
                                                        CongkakBoardView  *board,
                                                        GtkLabel          *narration_label);
void                   congkak_window_teaching_install (GtkWidgetClass    *window_class,
                                                        GtkWidgetActionActivateFunc activate);
gboolean               congkak_window_teaching_get_narration (CongkakWindowTeaching *self);
void                   congkak_window_teaching_set_narration (CongkakWindowTeaching *self,
                                                              gboolean               narration);

G_END_DECLS
