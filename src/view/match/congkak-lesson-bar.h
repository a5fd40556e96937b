/* congkak-lesson-bar.h — a student following a lesson: whose, and the way out
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CONGKAK_TYPE_LESSON_BAR (congkak_lesson_bar_get_type ())

G_DECLARE_FINAL_TYPE (CongkakLessonBar, congkak_lesson_bar, CONGKAK, LESSON_BAR, AdwBin)

GtkWidget  *congkak_lesson_bar_new      (void);
const char *congkak_lesson_bar_get_text (CongkakLessonBar *self);
void        congkak_lesson_bar_set_text (CongkakLessonBar *self,
                                         const char       *text);
void        congkak_lesson_bar_set_ended (CongkakLessonBar *self,
                                          gboolean          ended);

G_END_DECLS
