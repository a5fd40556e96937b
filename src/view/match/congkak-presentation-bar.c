/* congkak-presentation-bar.c — the way out of presentation mode
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In presentation mode the board fills the screen and the header bar is
 * gone.  Moving the pointer (or a right click) brings down this small
 * bar at the top for a few seconds, clear of the caption under the board:
 * the keys a presentation clicker sends, Share the Board (or Stop
 * Sharing) and Leave Presentation.  Its buttons name the window's
 * actions.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-presentation-bar.h"

#define SHOWN_SECONDS 3

struct _CongkakPresentationBar
{
  AdwBin       parent_instance;

  GtkButton   *share_button;
  guint        conceal_id;
};

G_DEFINE_FINAL_TYPE (CongkakPresentationBar, congkak_presentation_bar, ADW_TYPE_BIN)

/* The template's child: AdwBin keeps it, and lets it go when disposed. */
static GtkRevealer *
revealer (CongkakPresentationBar *self)
{
  return GTK_REVEALER (adw_bin_get_child (ADW_BIN (self)));
}

static void
conceal_cb (gpointer data)
{
  CongkakPresentationBar *self = data;

  self->conceal_id = 0;
  gtk_revealer_set_reveal_child (revealer (self), FALSE);
}

/**
 * congkak_presentation_bar_reveal:
 *
 * Shows the bar for a few seconds more.
 */
void
congkak_presentation_bar_reveal (CongkakPresentationBar *self)
{
  g_return_if_fail (CONGKAK_IS_PRESENTATION_BAR (self));

  gtk_revealer_set_reveal_child (revealer (self), TRUE);
  g_clear_handle_id (&self->conceal_id, g_source_remove);
  self->conceal_id = g_timeout_add_seconds_once (SHOWN_SECONDS, conceal_cb, self);
}

/**
 * congkak_presentation_bar_conceal:
 *
 * Hides the bar at once (presentation mode is over).
 */
void
congkak_presentation_bar_conceal (CongkakPresentationBar *self)
{
  g_return_if_fail (CONGKAK_IS_PRESENTATION_BAR (self));

  g_clear_handle_id (&self->conceal_id, g_source_remove);
  gtk_revealer_set_reveal_child (revealer (self), FALSE);
}

gboolean
congkak_presentation_bar_get_revealed (CongkakPresentationBar *self)
{
  g_return_val_if_fail (CONGKAK_IS_PRESENTATION_BAR (self), FALSE);

  return gtk_revealer_get_reveal_child (revealer (self));
}

/**
 * congkak_presentation_bar_set_sharing:
 *
 * Says whether the board is shared as a lesson: its button stops sharing
 * then.
 */
void
congkak_presentation_bar_set_sharing (CongkakPresentationBar *self,
                                      gboolean                sharing)
{
  g_return_if_fail (CONGKAK_IS_PRESENTATION_BAR (self));

  gtk_button_set_label (self->share_button, sharing ? _("_Stop Sharing") : _("_Share the Board"));
}

static void
congkak_presentation_bar_dispose (GObject *object)
{
  CongkakPresentationBar *self = CONGKAK_PRESENTATION_BAR (object);

  g_clear_handle_id (&self->conceal_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_PRESENTATION_BAR);

  G_OBJECT_CLASS (congkak_presentation_bar_parent_class)->dispose (object);
}

static void
congkak_presentation_bar_class_init (CongkakPresentationBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_presentation_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-presentation-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakPresentationBar, share_button);
}

static void
congkak_presentation_bar_init (CongkakPresentationBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
