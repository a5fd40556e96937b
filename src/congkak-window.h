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
#include "congkak-computer-worker.h"
#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW (congkak_window_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindow, congkak_window, CONGKAK, WINDOW, AdwApplicationWindow)

CongkakWindow    *congkak_window_new         (CongkakApplication *application);
void              congkak_window_start_match (CongkakWindow      *self,
                                              CongkakMatch       *match);
CongkakMatch     *congkak_window_get_match   (CongkakWindow      *self);
CongkakBoardView *congkak_window_get_board   (CongkakWindow      *self);
void              congkak_window_open_file   (CongkakWindow      *self,
                                              GFile              *file);
CongkakWindow    *congkak_window_show_loaded_match (CongkakWindow *self,
                                                    CongkakMatch  *match,
                                                    GFile         *file,
                                                    GPtrArray     *warnings);
gboolean          congkak_window_is_dirty    (CongkakWindow      *self);
GFile            *congkak_window_autosave_now (CongkakWindow     *self);
GPtrArray        *congkak_window_list_autosaves (void);
gboolean          congkak_window_restore_autosave (CongkakWindow  *self,
                                                   GFile          *autosave,
                                                   GError        **error);
void              congkak_window_offer_restore (CongkakWindow    *self);
void              congkak_window_show_guide  (CongkakWindow      *self);
CongkakComputerWorker *congkak_window_get_computer_worker (CongkakWindow *self);
gboolean          congkak_window_is_thinking (CongkakWindow      *self);
gboolean          congkak_window_is_analysing (CongkakWindow     *self);

G_END_DECLS
