/* congkak-player.c — who makes a side's choices in a session
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The interface, and the simplest player: a person at this computer.
 */

#include "config.h"

#include "congkak-player.h"

G_DEFINE_INTERFACE (CongkakPlayer, congkak_player, G_TYPE_OBJECT)

static void
congkak_player_default_init (CongkakPlayerInterface *iface)
{
  /**
   * CongkakPlayer:thinking:
   *
   * Whether the player is working on its answer (the computer thinking,
   * a player elsewhere deciding): the session says so while it waits.
   */
  g_object_interface_install_property (iface,
                                       g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

/**
 * congkak_player_is_local_person:
 *
 * Returns: whether a person at this computer makes the choices on the
 *   board (so the other side must look away during the opening).
 */
gboolean
congkak_player_is_local_person (CongkakPlayer *self)
{
  CongkakPlayerInterface *iface;

  g_return_val_if_fail (CONGKAK_IS_PLAYER (self), FALSE);

  iface = CONGKAK_PLAYER_GET_IFACE (self);
  return iface->is_local_person ? iface->is_local_person (self) : FALSE;
}

/**
 * congkak_player_begin_turn:
 * @turn: the side, what it is asked (%CONGKAK_TURN_MOVE or
 *   %CONGKAK_TURN_OPENING) and in which position; the player answers,
 *   now or later, with congkak_turn_choose_hole()
 *
 * Asks the player for a choice.  The player keeps a reference to @turn
 * if it answers later.
 */
void
congkak_player_begin_turn (CongkakPlayer *self,
                           CongkakTurn   *turn)
{
  CongkakPlayerInterface *iface;

  g_return_if_fail (CONGKAK_IS_PLAYER (self));
  g_return_if_fail (CONGKAK_IS_TURN (turn));

  iface = CONGKAK_PLAYER_GET_IFACE (self);
  if (iface->begin_turn)
    iface->begin_turn (self, turn);
}

/**
 * congkak_player_end_turn:
 *
 * The turn is over without the player's answer: whatever it was doing
 * for it stops, and a late answer is never given.
 */
void
congkak_player_end_turn (CongkakPlayer *self)
{
  CongkakPlayerInterface *iface;

  g_return_if_fail (CONGKAK_IS_PLAYER (self));

  iface = CONGKAK_PLAYER_GET_IFACE (self);
  if (iface->end_turn)
    iface->end_turn (self);
}

/* A person at this computer: answers through the board. */

struct _CongkakPersonPlayer
{
  GObject parent_instance;
};

/**
 * congkak_player_question_new:
 * @thinking: the cancellable of this turn's question
 *
 * Returns: (transfer full): what @player asked for @turn, holding both
 *   until the answer comes; free with congkak_player_question_free().
 */
CongkakPlayerQuestion *
congkak_player_question_new (CongkakPlayer *player,
                             CongkakTurn   *turn,
                             GCancellable  *thinking)
{
  CongkakPlayerQuestion *question;

  g_return_val_if_fail (CONGKAK_IS_PLAYER (player), NULL);
  g_return_val_if_fail (CONGKAK_IS_TURN (turn), NULL);
  g_return_val_if_fail (G_IS_CANCELLABLE (thinking), NULL);

  question = g_new0 (CongkakPlayerQuestion, 1);
  question->player = g_object_ref (player);
  question->turn = g_object_ref (turn);
  question->thinking = g_object_ref (thinking);
  return question;
}

/**
 * congkak_player_question_is_stale:
 * @thinking_now: (nullable): the cancellable of the question the player
 *   waits for now
 *
 * Returns: whether the answer comes too late: the turn ended, or the
 *   player asked again for a later one meanwhile.
 */
gboolean
congkak_player_question_is_stale (CongkakPlayerQuestion *question,
                                  GCancellable          *thinking_now)
{
  g_return_val_if_fail (question != NULL, TRUE);

  return thinking_now != question->thinking || g_cancellable_is_cancelled (question->thinking);
}

void
congkak_player_question_free (CongkakPlayerQuestion *question)
{
  if (question == NULL)
    return;
  g_clear_object (&question->turn);
  g_clear_object (&question->thinking);
  g_clear_object (&question->player);
  g_free (question);
}

static gboolean
person_is_local_person (CongkakPlayer *player)
{
  return TRUE;
}

static void
congkak_person_player_iface_init (CongkakPlayerInterface *iface)
{
  iface->is_local_person = person_is_local_person;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakPersonPlayer, congkak_person_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CONGKAK_TYPE_PLAYER, congkak_person_player_iface_init))

static void
congkak_person_player_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  switch (prop_id)
    {
    case 1:
      g_value_set_boolean (value, FALSE);  /* a person thinks at the board */
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_person_player_class_init (CongkakPersonPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = congkak_person_player_get_property;
  g_object_class_override_property (object_class, 1, "thinking");
}

static void
congkak_person_player_init (CongkakPersonPlayer *self)
{
}

/**
 * congkak_person_player_new:
 *
 * Returns: (transfer full): a person who plays on this computer's board.
 */
CongkakPlayer *
congkak_person_player_new (void)
{
  return g_object_new (CONGKAK_TYPE_PERSON_PLAYER, NULL);
}
