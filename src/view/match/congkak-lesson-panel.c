/* congkak-lesson-panel.c — a shared lesson on the projector: how to join, who follows
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * While the teacher shares the board, this panel stays between the
 * status and the board (never over it), large enough to read from the
 * back of the room: the address and
 * the join code students type (or find under Lessons nearby), how many
 * follow, and the buttons that ask "What would you play?", play on and
 * stop sharing.  The buttons name the window's actions; the window fills
 * in the words.  Presentation mode sizes its text for the room.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-lesson-panel.h"

struct _CongkakLessonPanel
{
  AdwBin     parent_instance;

  GtkLabel  *address_label;
  GtkLabel  *code_label;
  GtkLabel  *followers_label;
  GtkWidget *ask_button;
  GtkWidget *play_on_button;

  guint      n_followers;
  gboolean   question_open;
  guint      n_answers;
};

G_DEFINE_FINAL_TYPE (CongkakLessonPanel, congkak_lesson_panel, ADW_TYPE_BIN)

GtkWidget *
congkak_lesson_panel_new (void)
{
  return g_object_new (CONGKAK_TYPE_LESSON_PANEL, NULL);
}

/**
 * congkak_lesson_panel_set_join:
 * @address: (nullable): where students connect, "192.168.1.20:47862"
 * @code: (nullable): the join code
 * @problem: (nullable): why students cannot join yet, said instead
 */
void
congkak_lesson_panel_set_join (CongkakLessonPanel *self,
                               const char         *address,
                               const char         *code,
                               const char         *problem)
{
  g_autofree char *code_text = NULL;

  g_return_if_fail (CONGKAK_IS_LESSON_PANEL (self));

  if (problem)
    {
      gtk_label_set_label (self->address_label, problem);
      gtk_widget_set_visible (GTK_WIDGET (self->code_label), FALSE);
      return;
    }
  gtk_label_set_label (self->address_label, address ? address : "");
  /* TRANSLATORS: the code students type to follow the lesson, "Code: 4K7Q-2MXP" */
  code_text = g_strdup_printf (_("Code: %s"), code ? code : "");
  gtk_label_set_label (self->code_label, code_text);
  gtk_widget_set_visible (GTK_WIDGET (self->code_label), code != NULL);
}

static void
update_followers (CongkakLessonPanel *self)
{
  g_autofree char *text = NULL;

  if (self->question_open)
    text = g_strdup_printf (ngettext ("%u of %u has answered", "%u of %u have answered", self->n_answers),
                            self->n_answers, self->n_followers);
  else if (self->n_followers == 0)
    text = g_strdup (_("Nobody follows yet"));
  else
    text = g_strdup_printf (ngettext ("%u student follows", "%u students follow", self->n_followers),
                            self->n_followers);
  gtk_label_set_label (self->followers_label, text);
}

void
congkak_lesson_panel_set_followers (CongkakLessonPanel *self,
                                    guint               n_followers)
{
  g_return_if_fail (CONGKAK_IS_LESSON_PANEL (self));

  self->n_followers = n_followers;
  update_followers (self);
}

/* A question is open: its answers counted; Play On instead of Ask. */
void
congkak_lesson_panel_set_question (CongkakLessonPanel *self,
                                   gboolean            open,
                                   guint               n_answers)
{
  g_return_if_fail (CONGKAK_IS_LESSON_PANEL (self));

  self->question_open = open;
  self->n_answers = n_answers;
  gtk_widget_set_visible (self->ask_button, !open);
  gtk_widget_set_visible (self->play_on_button, open);
  update_followers (self);
}

const char *
congkak_lesson_panel_get_code_text (CongkakLessonPanel *self)
{
  g_return_val_if_fail (CONGKAK_IS_LESSON_PANEL (self), NULL);

  return gtk_label_get_label (self->code_label);
}

const char *
congkak_lesson_panel_get_followers_text (CongkakLessonPanel *self)
{
  g_return_val_if_fail (CONGKAK_IS_LESSON_PANEL (self), NULL);

  return gtk_label_get_label (self->followers_label);
}

static void
congkak_lesson_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CONGKAK_TYPE_LESSON_PANEL);

  G_OBJECT_CLASS (congkak_lesson_panel_parent_class)->dispose (object);
}

static void
congkak_lesson_panel_class_init (CongkakLessonPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_lesson_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/congkak/Congkak/ui/congkak-lesson-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakLessonPanel, address_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakLessonPanel, code_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakLessonPanel, followers_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakLessonPanel, ask_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakLessonPanel, play_on_button);
}

static void
congkak_lesson_panel_init (CongkakLessonPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_followers (self);
}
