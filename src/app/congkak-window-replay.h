/* congkak-window-replay.h — stepping through the match, and autoplay
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-board-view.h"
#include "congkak-window-part.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_REPLAY (congkak_window_replay_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowReplay, congkak_window_replay, CONGKAK, WINDOW_REPLAY, CongkakWindowPart)

CongkakWindowReplay *congkak_window_replay_new              (GtkWidget           *window,
                                                             AdwToastOverlay     *toasts,
                                                             CongkakBoardView    *board);
void                 congkak_window_replay_install          (GtkWidgetClass      *window_class,
                                                             GtkWidgetActionActivateFunc activate);
gboolean             congkak_window_replay_get_autoplay     (CongkakWindowReplay *self);
void                 congkak_window_replay_set_autoplay     (CongkakWindowReplay *self,
                                                             gboolean             autoplay);
gboolean             congkak_window_replay_get_seed_by_seed (CongkakWindowReplay *self);
void                 congkak_window_replay_set_seed_by_seed (CongkakWindowReplay *self,
                                                             gboolean             seed_by_seed);
void                 congkak_window_replay_move_shown       (CongkakWindowReplay *self);

G_END_DECLS
