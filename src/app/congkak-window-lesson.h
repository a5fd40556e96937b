/* congkak-window-lesson.h — sharing the board as a lesson, and following one
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-board-view.h"
#include "congkak-net-lesson.h"
#include "congkak-presentation-bar.h"
#include "congkak-window-part.h"
#include "congkak-workspace.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_LESSON (congkak_window_lesson_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowLesson, congkak_window_lesson, CONGKAK, WINDOW_LESSON, CongkakWindowPart)

CongkakWindowLesson      *congkak_window_lesson_new            (GtkWidget           *window,
                                                                AdwToastOverlay     *toasts,
                                                                CongkakWorkspace    *workspace,
                                                                CongkakBoardView    *board,
                                                                AdwToolbarView      *toolbar_view,
                                                                GtkBox              *board_box,
                                                                CongkakPresentationBar *presentation_bar);
void                      congkak_window_lesson_install        (GtkWidgetClass      *window_class,
                                                                GtkWidgetActionActivateFunc activate);

/* The teacher's side */
gboolean                  congkak_window_lesson_get_sharing    (CongkakWindowLesson *self);
void                      congkak_window_lesson_set_sharing    (CongkakWindowLesson *self,
                                                                gboolean             sharing);
CongkakNetLessonHost     *congkak_window_lesson_get_host       (CongkakWindowLesson *self);
void                      congkak_window_lesson_add_follower   (CongkakWindowLesson *self,
                                                                CongkakNetChannel   *channel);
GtkWidget                *congkak_window_lesson_get_panel      (CongkakWindowLesson *self);
const char               *congkak_window_lesson_get_join       (CongkakWindowLesson *self,
                                                                guint16             *port);

/* The student's side */
void                      congkak_window_lesson_follow         (CongkakWindowLesson *self,
                                                                CongkakNetChannel   *channel);
gboolean                  congkak_window_lesson_get_following  (CongkakWindowLesson *self);
CongkakNetLessonFollower *congkak_window_lesson_get_follower   (CongkakWindowLesson *self);
GtkWidget                *congkak_window_lesson_get_bar        (CongkakWindowLesson *self);
gboolean                  congkak_window_lesson_locks_board    (CongkakWindowLesson *self);
gboolean                  congkak_window_lesson_take_hole      (CongkakWindowLesson *self,
                                                                CongkakSide          side,
                                                                guint                hole);

G_END_DECLS
