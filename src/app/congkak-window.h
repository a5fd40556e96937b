/* congkak-window.h — the main window: a match on the board
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-board-view.h"
#include "congkak-export-choices.h"
#include "congkak-print.h"
#include "congkak-session.h"
#include "congkak-window-lesson.h"
#include "congkak-window-network.h"
#include "congkak-workspace.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW (congkak_window_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindow, congkak_window, CONGKAK, WINDOW, AdwApplicationWindow)

CongkakWindow    *congkak_window_new            (GtkApplication       *application,
                                                 CongkakWorkspace     *workspace,
                                                 CongkakExportChoices *export_choices);
void              congkak_window_set_document   (CongkakWindow      *self,
                                                 CongkakDocument    *document);
void              congkak_window_start_match    (CongkakWindow      *self,
                                                 CongkakMatch       *match);
void              congkak_window_play_session   (CongkakWindow      *self,
                                                 CongkakSession     *session);
CongkakSession   *congkak_window_get_session    (CongkakWindow      *self);
CongkakDocument  *congkak_window_get_document   (CongkakWindow      *self);
CongkakMatch     *congkak_window_get_match      (CongkakWindow      *self);
CongkakBoardView *congkak_window_get_board      (CongkakWindow      *self);
CongkakLibrary   *congkak_window_get_library    (CongkakWindow      *self);
gboolean          congkak_window_is_blank       (CongkakWindow      *self);
gboolean          congkak_window_get_idle_inhibited (CongkakWindow  *self);
gboolean          congkak_window_get_screen_blank (CongkakWindow    *self);

/* Where documents go: one window per match */
void              congkak_window_open_file      (CongkakWindow      *self,
                                                 GFile              *file);
CongkakWindow    *congkak_window_show_document  (CongkakWindow      *self,
                                                 CongkakDocument    *document,
                                                 GPtrArray          *warnings);
void              congkak_window_offer_restore  (CongkakWindow      *self);

/* What the parts do, for the application and the tests */
void              congkak_window_show_guide     (CongkakWindow      *self);
void              congkak_window_show_rules_section (CongkakWindow  *self,
                                                 const char         *section_id);
gboolean          congkak_window_export_position (CongkakWindow     *self,
                                                 GFile              *file,
                                                 GError            **error);
gboolean          congkak_window_print_to_file  (CongkakWindow      *self,
                                                 const char         *path,
                                                 GError            **error);
CongkakPrintOptions *congkak_window_get_print_options (CongkakWindow *self);
CongkakWindowNetwork *congkak_window_get_network (CongkakWindow *self);
CongkakWindowLesson *congkak_window_get_lesson (CongkakWindow     *self);

G_END_DECLS
