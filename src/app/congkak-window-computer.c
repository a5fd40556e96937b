/* congkak-window-computer.c — hints and the analysis in the window
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session thinks for the computer, works out hints and analyses the
 * match in its worker; the window asks, and shows the answers.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-analysis.h"
#include "congkak-window-private.h"

/* Hint */

static void
update_spinner (CongkakWindow *self)
{
  gtk_widget_set_visible (self->thinking_spinner,
                          self->hinting != NULL
                          || (self->session != NULL && congkak_session_get_thinking (self->session)));
}

/**
 * congkak_window_cancel_hint:
 *
 * Stops a hint being worked out and takes a hint shown off the board:
 * the position it was for is gone.
 */
void
congkak_window_cancel_hint (CongkakWindow *self)
{
  if (self->hinting)
    g_cancellable_cancel (self->hinting);
  g_clear_object (&self->hinting);
  congkak_board_view_set_hint (self->board, CONGKAK_NOBODY, 0);
  update_spinner (self);
}

static void
hint_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (CongkakWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  CongkakComputerMove hint;

  if (!congkak_session_hint_finish (CONGKAK_SESSION (source), result, &hint, &error))
    {
      /* Whoever cancelled it has let go of it already. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_clear_object (&self->hinting);
      update_spinner (self);
      congkak_window_add_toast (self, error->message);
      return;
    }

  g_clear_object (&self->hinting);
  update_spinner (self);
  if (CONGKAK_SESSION (source) != self->session)
    return;
  congkak_board_view_set_hint (self->board, hint.side, hint.hole);
  text = congkak_analysis_describe_hint (congkak_match_get_rules (congkak_window_get_match (self)), &hint);
  congkak_window_add_toast (self, text);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  if (self->session == NULL)
    return;

  congkak_window_cancel_hint (self);
  congkak_board_view_finish_animation (self->board);
  self->hinting = g_cancellable_new ();
  congkak_session_hint_async (self->session, self->hinting, hint_done_cb, g_object_ref (self));
  update_spinner (self);
}

/* Analysis */

static void
analyse_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  if (self->session == NULL || !congkak_session_get_can_analyse (self->session))
    return;
  congkak_session_analyse (self->session);
  adw_overlay_split_view_set_show_sidebar (self->split_view, TRUE);
}

static void
cancel_analysis_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  /* The answer comes back cancelled, with the moves done so far. */
  if (self->session)
    congkak_session_cancel_analysis (self->session);
}

/**
 * congkak_window_computer_update:
 *
 * After every change of the turn: which of the computer's actions the
 * window offers.
 */
void
congkak_window_computer_update (CongkakWindow *self)
{
  CongkakTurnKind kind = self->session ? congkak_session_get_turn_kind (self->session) : CONGKAK_TURN_NONE;
  CongkakSide side = self->session ? congkak_session_get_turn_side (self->session) : CONGKAK_NOBODY;
  gboolean person = self->session && congkak_session_is_local_person (self->session, side);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint",
                                 person && (kind == CONGKAK_TURN_MOVE || kind == CONGKAK_TURN_OPENING));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.analyse",
                                 self->session && congkak_session_get_can_analyse (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-analysis",
                                 self->session && congkak_session_get_analysing (self->session));
  update_spinner (self);
}

void
congkak_window_computer_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.analyse", NULL, analyse_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-analysis", NULL, cancel_analysis_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
}

void
congkak_window_computer_dispose (CongkakWindow *self)
{
  if (self->hinting)
    g_cancellable_cancel (self->hinting);
  g_clear_object (&self->hinting);
}
