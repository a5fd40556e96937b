/* congkak-lesson-panel.h — a shared lesson on the projector: how to join, who follows
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CONGKAK_TYPE_LESSON_PANEL (congkak_lesson_panel_get_type ())

G_DECLARE_FINAL_TYPE (CongkakLessonPanel, congkak_lesson_panel, CONGKAK, LESSON_PANEL, AdwBin)

GtkWidget  *congkak_lesson_panel_new           (void);
void        congkak_lesson_panel_set_join      (CongkakLessonPanel *self,
                                                const char         *address,
                                                const char         *code,
                                                const char         *problem);
void        congkak_lesson_panel_set_followers (CongkakLessonPanel *self,
                                                guint               n_followers);
void        congkak_lesson_panel_set_question  (CongkakLessonPanel *self,
                                                gboolean            open,
                                                guint               n_answers);
const char *congkak_lesson_panel_get_code_text (CongkakLessonPanel *self);
const char *congkak_lesson_panel_get_followers_text (CongkakLessonPanel *self);

G_END_DECLS
