/* congkak-window-computer.c — hints and the analysis in the window
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session thinks for the computer, works out hints and analyses the
 * match in its worker; this part of the window asks, and shows the
 * answers: the hint on the board, the analysis in the sidebar, the
 * spinner while either thinks.  It is given the board, the sidebar and
 * the spinner when it is made.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-analysis.h"
#include "congkak-window-computer.h"

struct _CongkakWindowComputer
{
  CongkakWindowPart    parent_instance;

  CongkakBoardView    *board;
  AdwOverlaySplitView *split_view;
  GtkWidget           *spinner;

  GCancellable        *hinting;   /* a hint being worked out */
  gboolean             elsewhere; /* another page (the puzzles, the library) hides the match */
};

G_DEFINE_FINAL_TYPE (CongkakWindowComputer, congkak_window_computer, CONGKAK_TYPE_WINDOW_PART)

static CongkakSession *
session (CongkakWindowComputer *self)
{
  return congkak_window_part_get_session (CONGKAK_WINDOW_PART (self));
}

/* Hint */

static void
update_spinner (CongkakWindowComputer *self)
{
  gtk_widget_set_visible (self->spinner,
                          self->hinting != NULL || (session (self) != NULL && congkak_session_get_thinking (session (self))));
}

/**
 * congkak_window_computer_cancel_hint:
 *
 * Stops a hint being worked out and takes a hint shown off the board:
 * the position it was for is gone.
 */
void
congkak_window_computer_cancel_hint (CongkakWindowComputer *self)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_COMPUTER (self));

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
  g_autoptr (CongkakWindowComputer) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *hint_text = NULL;
  g_autofree char *judge = NULL;
  CongkakComputerMove hint;

  if (!congkak_session_hint_finish (CONGKAK_SESSION (source), result, &hint, &error))
    {
      /* Whoever cancelled it has let go of it already. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
          || congkak_window_part_get_window (CONGKAK_WINDOW_PART (self)) == NULL)
        return;
      g_clear_object (&self->hinting);
      update_spinner (self);
      congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), error->message);
      return;
    }

  if (congkak_window_part_get_window (CONGKAK_WINDOW_PART (self)) == NULL)
    return;
  g_clear_object (&self->hinting);
  update_spinner (self);
  if (CONGKAK_SESSION (source) != session (self))
    return;
  congkak_board_view_set_hint (self->board, hint.side, hint.hole);
  hint_text = congkak_analysis_describe_hint (congkak_match_get_rules (congkak_session_get_match (session (self))), &hint);
  /* How far it looked, when the search says: the analysis, with its own
   * time, may look further. */
  if (hint.exact || hint.depth > 0)
    {
      g_autofree char *depth = congkak_analysis_describe_depth (&hint);
      g_autofree char *alone = g_steal_pointer (&hint_text);

      /* TRANSLATORS: the hint, then how far the computer looked: "Sow E:
       * you end about 4 seeds ahead (estimated), looked 9 moves ahead" */
      hint_text = g_strdup_printf (C_("hint", "%s, %s"), alone, depth);
    }
  judge = congkak_session_dup_judge_sentence (session (self));
  /* TRANSLATORS: the hint, then who worked it out: “Sow E: you end 4
   * seeds ahead. Judged by Aalina.” */
  text = g_strdup_printf (C_("hint and its judge", "%s. %s"), hint_text, judge);
  congkak_window_part_add_toast (CONGKAK_WINDOW_PART (self), congkak_window_part_new_sentence_toast (text));
}

static void
hint_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CongkakWindowComputer *self = user_data;

  if (session (self) == NULL)
    return;

  congkak_window_computer_cancel_hint (self);
  congkak_board_view_finish_animation (self->board);
  self->hinting = g_cancellable_new ();
  congkak_session_hint_async (session (self), self->hinting, hint_done_cb, g_object_ref (self));
  update_spinner (self);
}

/* Analysis */

static void
analyse_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  CongkakWindowComputer *self = user_data;

  if (session (self) == NULL || !congkak_session_get_can_analyse (session (self)))
    return;
  congkak_session_analyse (session (self));
  adw_overlay_split_view_set_show_sidebar (self->split_view, TRUE);
}

static void
cancel_analysis_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  CongkakWindowComputer *self = user_data;

  /* The answer comes back cancelled, with the moves done so far. */
  if (session (self))
    congkak_session_cancel_analysis (session (self));
}

/**
 * congkak_window_computer_update:
 *
 * After every change of the turn: which of the computer's actions the
 * window offers.
 */
void
congkak_window_computer_update (CongkakWindowComputer *self)
{
  CongkakWindowPart *part = CONGKAK_WINDOW_PART (self);
  CongkakSession *shown;
  CongkakTurnKind kind;
  CongkakSide side;
  gboolean person;

  g_return_if_fail (CONGKAK_IS_WINDOW_COMPUTER (self));

  shown = session (self);
  kind = shown ? congkak_session_get_turn_kind (shown) : CONGKAK_TURN_NONE;
  side = shown ? congkak_session_get_turn_side (shown) : CONGKAK_NOBODY;
  person = shown && congkak_session_is_local_person (shown, side);
  /* Not for the match behind another page: the puzzles' answer is theirs. */
  congkak_window_part_set_action_enabled (part, "hint",
                                          person && !self->elsewhere
                                          && (kind == CONGKAK_TURN_MOVE || kind == CONGKAK_TURN_OPENING));
  congkak_window_part_set_action_enabled (part, "analyse", shown && congkak_session_get_can_analyse (shown));
  congkak_window_part_set_action_enabled (part, "cancel-analysis", shown && congkak_session_get_analysing (shown));
  update_spinner (self);
}

/**
 * congkak_window_computer_set_elsewhere:
 * @elsewhere: whether a page other than the board's is shown
 *
 * The puzzles and the library hide the match: Hint is off there, and a
 * hint being worked out for the match stops.
 */
void
congkak_window_computer_set_elsewhere (CongkakWindowComputer *self,
                                       gboolean               elsewhere)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_COMPUTER (self));

  self->elsewhere = !!elsewhere;
  if (self->elsewhere && self->hinting)
    congkak_window_computer_cancel_hint (self);
  congkak_window_computer_update (self);
}

static const GActionEntry actions[] = {
  { "hint", hint_action },
  { "analyse", analyse_action },
  { "cancel-analysis", cancel_analysis_action },
};

void
congkak_window_computer_install (GtkWidgetClass              *window_class,
                                 GtkWidgetActionActivateFunc  activate)
{
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
}

static void
congkak_window_computer_dispose (GObject *object)
{
  CongkakWindowComputer *self = CONGKAK_WINDOW_COMPUTER (object);

  if (self->hinting)
    g_cancellable_cancel (self->hinting);
  g_clear_object (&self->hinting);

  G_OBJECT_CLASS (congkak_window_computer_parent_class)->dispose (object);
}

static void
congkak_window_computer_class_init (CongkakWindowComputerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = congkak_window_computer_dispose;
}

static void
congkak_window_computer_init (CongkakWindowComputer *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
}

CongkakWindowComputer *
congkak_window_computer_new (GtkWidget           *window,
                             AdwToastOverlay     *toasts,
                             CongkakBoardView    *board,
                             AdwOverlaySplitView *split_view,
                             GtkWidget           *spinner)
{
  CongkakWindowComputer *self = g_object_new (CONGKAK_TYPE_WINDOW_COMPUTER,
                                              "window", window,
                                              "toasts", toasts,
                                              NULL);

  self->board = board;
  self->split_view = split_view;
  self->spinner = spinner;
  return self;
}
