/* congkak-follow-dialog.c — Follow a Lesson: one nearby, or an address and code
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Match › Follow a Lesson…: the lessons announced on the local network
 * (the browser's list, lessons only), or the address and the join code
 * the teacher's screen shows, typed, in a #CongkakJoinForm with the
 * lesson's texts (see the .ui).  Follow emits ::follow; the window
 * connects, and says here what went wrong, if anything.
 */

#include "config.h"

#include "congkak-follow-dialog.h"
#include "congkak-join-form.h"

struct _CongkakFollowDialog
{
  AdwDialog        parent_instance;

  CongkakJoinForm *form;
};

G_DEFINE_FINAL_TYPE (CongkakFollowDialog, congkak_follow_dialog, ADW_TYPE_DIALOG)

enum
{
  FOLLOW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
join_cb (CongkakFollowDialog *self,
         const char          *address,
         const char          *code)
{
  g_signal_emit (self, signals[FOLLOW], 0, address, code);
}

const char *
congkak_follow_dialog_get_address (CongkakFollowDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self), NULL);

  return congkak_join_form_get_address (self->form);
}

void
congkak_follow_dialog_set_address (CongkakFollowDialog *self,
                                   const char          *address)
{
  g_return_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self));

  congkak_join_form_set_address (self->form, address);
}

const char *
congkak_follow_dialog_get_code (CongkakFollowDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self), NULL);

  return congkak_join_form_get_code (self->form);
}

void
congkak_follow_dialog_set_code (CongkakFollowDialog *self,
                                const char          *code)
{
  g_return_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self));

  congkak_join_form_set_code (self->form, code);
}

/* Connecting: Follow waits, a spinner turns. */
void
congkak_follow_dialog_set_busy (CongkakFollowDialog *self,
                                gboolean             busy)
{
  g_return_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self));

  congkak_join_form_set_busy (self->form, busy);
}

/**
 * congkak_follow_dialog_set_problem:
 * @problem: (nullable): why the lesson could not be followed, or %NULL
 */
void
congkak_follow_dialog_set_problem (CongkakFollowDialog *self,
                                   const char          *problem)
{
  g_return_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self));

  congkak_join_form_set_problem (self->form, problem);
}

/* What the Lessons nearby group says instead of a list, "" when it lists. */
const char *
congkak_follow_dialog_get_nearby_text (CongkakFollowDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self), NULL);

  return congkak_join_form_get_nearby_text (self->form);
}

static void
congkak_follow_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CONGKAK_TYPE_FOLLOW_DIALOG);

  G_OBJECT_CLASS (congkak_follow_dialog_parent_class)->dispose (object);
}

static void
congkak_follow_dialog_class_init (CongkakFollowDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_follow_dialog_dispose;

  /**
   * CongkakFollowDialog::follow:
   * @address: where the teacher's app is, "192.168.1.20:47862"
   * @code: the join code
   */
  signals[FOLLOW] =
    g_signal_new ("follow", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  g_type_ensure (CONGKAK_TYPE_JOIN_FORM);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-follow-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakFollowDialog, form);
  gtk_widget_class_bind_template_callback (widget_class, join_cb);
}

static void
congkak_follow_dialog_init (CongkakFollowDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * congkak_follow_dialog_new:
 * @browser: (nullable): the hosts found on the local network
 */
CongkakFollowDialog *
congkak_follow_dialog_new (CongkakNetBrowser *browser)
{
  CongkakFollowDialog *self = g_object_new (CONGKAK_TYPE_FOLLOW_DIALOG, NULL);

  g_return_val_if_fail (browser == NULL || CONGKAK_IS_NET_BROWSER (browser), self);

  congkak_join_form_set_browser (self->form, browser, CONGKAK_NET_HOST_KIND_LESSON);
  return self;
}
