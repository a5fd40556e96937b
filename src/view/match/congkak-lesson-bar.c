/* congkak-lesson-bar.c — a student following a lesson: whose, and the way out
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Above the board while the window follows a teacher's lesson: a sentence
 * saying whose lesson it is (or why it ended), Keep a Copy, which adds the
 * lesson's match to the library, and Leave.  The buttons name the window's
 * actions; the window says what the sentence is.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-lesson-bar.h"

struct _CongkakLessonBar
{
  AdwBin     parent_instance;

  GtkLabel  *label;
  GtkButton *leave_button;
};

G_DEFINE_FINAL_TYPE (CongkakLessonBar, congkak_lesson_bar, ADW_TYPE_BIN)

GtkWidget *
congkak_lesson_bar_new (void)
{
  return g_object_new (CONGKAK_TYPE_LESSON_BAR, NULL);
}

const char *
congkak_lesson_bar_get_text (CongkakLessonBar *self)
{
  g_return_val_if_fail (CONGKAK_IS_LESSON_BAR (self), NULL);

  return gtk_label_get_label (self->label);
}

/* What the bar says; screen readers hear it as it changes (a status). */
void
congkak_lesson_bar_set_text (CongkakLessonBar *self,
                             const char       *text)
{
  g_return_if_fail (CONGKAK_IS_LESSON_BAR (self));

  gtk_label_set_label (self->label, text);
}

/* Once the lesson is over, Leave only closes the bar: the match stays. */
void
congkak_lesson_bar_set_ended (CongkakLessonBar *self,
                              gboolean          ended)
{
  g_return_if_fail (CONGKAK_IS_LESSON_BAR (self));

  gtk_button_set_label (self->leave_button, ended ? _("_Close") : _("_Leave"));
}

static void
congkak_lesson_bar_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CONGKAK_TYPE_LESSON_BAR);

  G_OBJECT_CLASS (congkak_lesson_bar_parent_class)->dispose (object);
}

static void
congkak_lesson_bar_class_init (CongkakLessonBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_lesson_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/congkak/Congkak/ui/congkak-lesson-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakLessonBar, label);
  gtk_widget_class_bind_template_child (widget_class, CongkakLessonBar, leave_button);
}

static void
congkak_lesson_bar_init (CongkakLessonBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
