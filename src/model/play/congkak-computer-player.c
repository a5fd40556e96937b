/* congkak-computer-player.c — the computer as a player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * It thinks in the turn's CongkakComputerWorker, on the turn's copy of
 * the position, so the session and its window stay live, and answers the
 * turn: it never sees the session.  Ending the turn cancels the search;
 * an answer that comes back cancelled is dropped, so a late move is
 * never played into a position it was not chosen for.
 */

#include "config.h"

#include "congkak-computer-player.h"
#include "congkak-computer-worker.h"

struct _CongkakComputerPlayer
{
  GObject         parent_instance;

  CongkakLevel    level;
  GCancellable   *thinking;   /* the turn being thought about */
};

enum
{
  PROP_0,
  PROP_LEVEL,
  PROP_THINKING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void congkak_computer_player_iface_init (CongkakPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakComputerPlayer, congkak_computer_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CONGKAK_TYPE_PLAYER, congkak_computer_player_iface_init))

static void
set_thinking (CongkakComputerPlayer *self,
              GCancellable          *thinking)
{
  if (self->thinking == thinking)
    return;
  g_set_object (&self->thinking, thinking);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void
choose_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (CongkakPlayerQuestion) question = user_data;
  CongkakComputerPlayer *self = CONGKAK_COMPUTER_PLAYER (question->player);
  g_autoptr (GError) error = NULL;
  CongkakComputerMove choice;
  gboolean chosen;

  chosen = congkak_computer_worker_choose_finish (CONGKAK_COMPUTER_WORKER (source), result, &choice, &error);
  /* Ended, or a new turn began meanwhile: that one is not this one. */
  if (congkak_player_question_is_stale (question, self->thinking))
    return;
  set_thinking (self, NULL);
  if (congkak_turn_is_over (question->turn))
    return;

  if (!chosen)
    {
      congkak_turn_report_problem (question->turn, error->message);
      return;
    }
  g_debug ("computer chose %c (score %d, depth %u, %llu nodes)",
           congkak_hole_letter (choice.side, choice.hole), choice.score, choice.depth,
           (unsigned long long) choice.nodes);
  if (!congkak_turn_choose_hole (question->turn, choice.hole, &error))
    congkak_turn_report_problem (question->turn, error->message);
}

static void
computer_begin_turn (CongkakPlayer *player,
                     CongkakTurn   *turn)
{
  CongkakComputerPlayer *self = CONGKAK_COMPUTER_PLAYER (player);
  CongkakTurnKind kind = congkak_turn_get_kind (turn);
  g_autoptr (GCancellable) thinking = g_cancellable_new ();
  CongkakPlayerQuestion *question;

  congkak_player_end_turn (player);
  if (kind != CONGKAK_TURN_MOVE && kind != CONGKAK_TURN_OPENING)
    return;

  question = congkak_player_question_new (player, turn, thinking);
  set_thinking (self, thinking);
  congkak_computer_worker_choose_async (congkak_turn_get_computer_worker (turn),
                                        congkak_turn_get_rules (turn),
                                        congkak_turn_get_state (turn),
                                        congkak_turn_get_opening (turn),
                                        congkak_turn_get_side (turn),
                                        self->level, thinking, choose_done_cb, question);
}

static void
computer_end_turn (CongkakPlayer *player)
{
  CongkakComputerPlayer *self = CONGKAK_COMPUTER_PLAYER (player);

  if (self->thinking)
    g_cancellable_cancel (self->thinking);
  set_thinking (self, NULL);
}

static void
congkak_computer_player_iface_init (CongkakPlayerInterface *iface)
{
  iface->begin_turn = computer_begin_turn;
  iface->end_turn = computer_end_turn;
}

static void
congkak_computer_player_dispose (GObject *object)
{
  CongkakComputerPlayer *self = CONGKAK_COMPUTER_PLAYER (object);

  if (self->thinking)
    g_cancellable_cancel (self->thinking);
  g_clear_object (&self->thinking);

  G_OBJECT_CLASS (congkak_computer_player_parent_class)->dispose (object);
}

static void
congkak_computer_player_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  CongkakComputerPlayer *self = CONGKAK_COMPUTER_PLAYER (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      g_value_set_int (value, self->level);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_computer_player_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  CongkakComputerPlayer *self = CONGKAK_COMPUTER_PLAYER (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      self->level = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_computer_player_class_init (CongkakComputerPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_computer_player_dispose;
  object_class->get_property = congkak_computer_player_get_property;
  object_class->set_property = congkak_computer_player_set_property;

  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, CONGKAK_LEVEL_EASY, CONGKAK_LEVEL_PERFECT, CONGKAK_LEVEL_MEDIUM,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (object_class, PROP_LEVEL, properties[PROP_LEVEL]);
  g_object_class_override_property (object_class, PROP_THINKING, "thinking");
  properties[PROP_THINKING] = g_object_class_find_property (object_class, "thinking");
}

static void
congkak_computer_player_init (CongkakComputerPlayer *self)
{
  self->level = CONGKAK_LEVEL_MEDIUM;
}

/**
 * congkak_computer_player_new:
 *
 * Returns: (transfer full): the computer, playing at @level.
 */
CongkakPlayer *
congkak_computer_player_new (CongkakLevel level)
{
  return g_object_new (CONGKAK_TYPE_COMPUTER_PLAYER, "level", level, NULL);
}

CongkakLevel
congkak_computer_player_get_level (CongkakComputerPlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_PLAYER (self), CONGKAK_LEVEL_MEDIUM);

  return self->level;
}

/**
 * congkak_computer_player_is_thinking:
 *
 * Returns: whether the computer is choosing a move now.
 */
gboolean
congkak_computer_player_is_thinking (CongkakComputerPlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_PLAYER (self), FALSE);

  return self->thinking != NULL;
}
