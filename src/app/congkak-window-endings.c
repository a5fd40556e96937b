/* congkak-window-endings.c — the dialogs at the end of a round and of
 * the match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Once the board has shown the move that ends a round, a dialog gives the
 * stores, the holes that will burn and who starts the next round, which
 * begins when it is closed; at the end of the match, the winner and the
 * score, with Replay and New Match.  This part of the window is given the
 * board, whose replay it takes out of manual stepping for the new round.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-narration.h"
#include "congkak-window-endings.h"

struct _CongkakWindowEndings
{
  CongkakWindowPart  parent_instance;

  CongkakBoardView  *board;
};

G_DEFINE_FINAL_TYPE (CongkakWindowEndings, congkak_window_endings, CONGKAK_TYPE_WINDOW_PART)

static GtkWidget *
window_of (CongkakWindowEndings *self)
{
  return congkak_window_part_get_window (CONGKAK_WINDOW_PART (self));
}

static CongkakSession *
session (CongkakWindowEndings *self)
{
  return congkak_window_part_get_session (CONGKAK_WINDOW_PART (self));
}

static void
match_over_response_cb (AdwAlertDialog       *dialog,
                        const char           *response,
                        CongkakWindowEndings *self)
{
  if (g_str_equal (response, "new") && window_of (self))
    gtk_widget_activate_action (window_of (self), "win.new-match", NULL);
  else if (g_str_equal (response, "replay") && session (self))
    congkak_match_go_to_start (congkak_session_get_match (session (self)));
}

static void
show_match_over (CongkakWindowEndings *self)
{
  const CongkakState *state = congkak_session_get_state (session (self));
  CongkakMatch *match = congkak_session_get_match (session (self));
  AdwDialog *dialog;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  if (state->match_winner == CONGKAK_NOBODY)
    heading = g_strdup (_("A Draw"));
  else
    {
      g_autofree char *winner = congkak_narrate_player (match, state->match_winner);

      heading = g_strdup_printf (_("%s Wins"), winner);
    }
  body = g_strdup_printf (_("Final score: South %u, North %u."),
                          state->position.store[CONGKAK_SOUTH], state->position.store[CONGKAK_NORTH]);

  dialog = adw_alert_dialog_new (heading, body);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "close", _("_Close"),
                                  "replay", _("_Replay"),
                                  "new", _("_New Match"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "new", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "new");
  g_signal_connect_object (dialog, "response", G_CALLBACK (match_over_response_cb), self, G_CONNECT_DEFAULT);
  adw_dialog_present (dialog, window_of (self));
}

static void
round_over_response_cb (AdwAlertDialog       *dialog,
                        const char           *response,
                        CongkakWindowEndings *self)
{
  if (session (self) && congkak_session_get_turn_kind (session (self)) == CONGKAK_TURN_ROUND_OVER)
    {
      g_autoptr (GError) error = NULL;

      congkak_board_view_set_manual (self->board, FALSE);
      if (!congkak_session_next_round (session (self), &error))
        congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), error->message);
    }
}

static char *
burnt_list (const CongkakPosition *position,
            CongkakSide            side,
            guint                 *n_burnt)
{
  GString *text = g_string_new (NULL);

  *n_burnt = 0;
  for (guint i = 0; i < position->n_holes; i++)
    if (congkak_position_is_burnt (position, side, i))
      {
        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append_c (text, congkak_hole_letter (side, i));
        (*n_burnt)++;
      }
  return g_string_free (text, FALSE);
}

static void
show_round_over (CongkakWindowEndings *self)
{
  CongkakMatch *match = congkak_session_get_match (session (self));
  const CongkakGame *game = congkak_match_get_cursor_game (match);
  const CongkakState *state = congkak_game_get_state (game);
  const CongkakRules *rules = congkak_game_get_rules (game);
  CongkakState next = *state;
  g_autofree char *heading = NULL;
  g_autofree char *starter = NULL;
  GString *body = g_string_new (NULL);
  AdwDialog *dialog;

  /* The engine refills a copy, so the dialog can say what will burn. */
  congkak_state_next_round (&next, rules, NULL, NULL);
  starter = congkak_narrate_player (match, next.position.to_move);

  heading = g_strdup_printf (_("Round %u Is Over"), state->round);
  g_string_append_printf (body, _("Stores: South %u, North %u."),
                          state->position.store[CONGKAK_SOUTH], state->position.store[CONGKAK_NORTH]);
  g_string_append_c (body, '\n');
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      guint n_burnt;
      g_autofree char *burnt = burnt_list (&next.position, side, &n_burnt);

      if (n_burnt > 0)
        {
          /* TRANSLATORS: South or North, then the letters of the holes, "South’s holes A, B will be burnt." */
          g_string_append_printf (body, ngettext ("%s’s hole %s will be burnt.", "%s’s holes %s will be burnt.",
                                                  n_burnt),
                                  congkak_side_get_name (side), burnt);
          g_string_append_c (body, '\n');
        }
    }
  g_string_append_printf (body, _("%s starts round %u."), starter, next.round);

  dialog = adw_alert_dialog_new (heading, body->str);
  g_string_free (body, TRUE);
  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "next", _("_Next Round"));
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "next", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "next");
  g_signal_connect_object (dialog, "response", G_CALLBACK (round_over_response_cb), self, G_CONNECT_DEFAULT);
  adw_dialog_present (dialog, window_of (self));
}

/**
 * congkak_window_endings_show:
 *
 * After the board has shown a move of the match as it is played: the
 * dialog at the end of a round, or of the match, if it ended one.
 */
void
congkak_window_endings_show (CongkakWindowEndings *self)
{
  CongkakTurnKind kind;

  g_return_if_fail (CONGKAK_IS_WINDOW_ENDINGS (self));

  if (session (self) == NULL || window_of (self) == NULL)
    return;
  kind = congkak_session_get_turn_kind (session (self));
  if (kind == CONGKAK_TURN_ROUND_OVER)
    show_round_over (self);
  else if (kind == CONGKAK_TURN_MATCH_OVER)
    show_match_over (self);
}

static void
congkak_window_endings_class_init (CongkakWindowEndingsClass *klass)
{
}

static void
congkak_window_endings_init (CongkakWindowEndings *self)
{
}

CongkakWindowEndings *
congkak_window_endings_new (GtkWidget        *window,
                            AdwToastOverlay  *toasts,
                            CongkakBoardView *board)
{
  CongkakWindowEndings *self = g_object_new (CONGKAK_TYPE_WINDOW_ENDINGS,
                                             "window", window,
                                             "toasts", toasts,
                                             NULL);

  self->board = board;
  return self;
}
