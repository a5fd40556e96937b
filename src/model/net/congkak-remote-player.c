/* congkak-remote-player.c — the player of a side that sits at another computer
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On the host, each turn of the guest's side goes over the channel as a
 * "turn" message (what is asked, with the ply: how many moves the match
 * has), and the guest's "choose" answers it.  A choice that is malformed,
 * comes when nothing was asked, is for another ply or another question,
 * or that the session refuses closes the channel with the reason in the
 * log, and the session's match is never touched: the turn stays open for
 * a guest who comes back on a new channel (it is asked again then).
 * Only a choice for a turn that was withdrawn meanwhile (an undo, the
 * host stepping back through the moves) is let pass silently: it crossed
 * the withdrawal on the way.
 *
 * On the guest, the host's side is a remote player without a channel:
 * the guest's match answers its turns from the host's messages
 * (congkak_remote_player_answer()).
 */

#include "config.h"

#include <string.h>

#include "congkak-net-match-message.h"
#include "congkak-remote-player.h"

/* A question, as the messages identify it */
typedef struct
{
  guint           ply;
  CongkakTurnKind kind;
  guint           index;
} Question;

/* How many withdrawn questions a late answer may still be for */
#define MAX_WITHDRAWN 8

struct _CongkakRemotePlayer
{
  GObject            parent_instance;

  CongkakSide        side;
  CongkakNetChannel *channel;

  /* The turn asked, until it is answered or ended */
  CongkakTurn       *turn;
  Question           question;

  Question           withdrawn[MAX_WITHDRAWN];
  guint              n_withdrawn;
};

enum
{
  PROP_0,
  PROP_SIDE,
  PROP_CHANNEL,
  PROP_THINKING,
  N_PROPS
};

enum
{
  SIGNAL_ASKED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void congkak_remote_player_iface_init (CongkakPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakRemotePlayer, congkak_remote_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CONGKAK_TYPE_PLAYER, congkak_remote_player_iface_init))

static gboolean
question_equal (const Question *a,
                const Question *b)
{
  return a->ply == b->ply && a->kind == b->kind && a->index == b->index;
}

static void
close_channel (CongkakRemotePlayer *self,
               const char          *reason)
{
  g_autoptr (CongkakNetChannel) channel = NULL;

  if (self->channel == NULL)
    return;
  channel = g_object_ref (self->channel);
  g_message ("Closing the connection to %s: %s", congkak_net_channel_get_peer_name (channel), reason);
  congkak_net_channel_close (channel, reason);
}

static void
send_question (CongkakRemotePlayer *self)
{
  g_autoptr (JsonObject) message = NULL;

  if (self->turn == NULL || self->channel == NULL || !congkak_net_channel_is_open (self->channel))
    return;
  message = congkak_net_match_message_new ("turn", self->question.ply);
  congkak_net_match_message_set_kind (message, self->question.kind);
  congkak_net_match_message_set_side (message, self->side);
  json_object_set_int_member (message, "index", self->question.index);
  congkak_net_channel_send (self->channel, message);
}

static gboolean
was_withdrawn (CongkakRemotePlayer *self,
               const Question      *question)
{
  for (guint i = 0; i < self->n_withdrawn; i++)
    if (question_equal (&self->withdrawn[i], question))
      return TRUE;
  return FALSE;
}

static void
withdraw (CongkakRemotePlayer *self)
{
  if (self->turn == NULL)
    return;
  if (self->n_withdrawn == MAX_WITHDRAWN)
    {
      memmove (&self->withdrawn[0], &self->withdrawn[1], (MAX_WITHDRAWN - 1) * sizeof (Question));
      self->n_withdrawn--;
    }
  self->withdrawn[self->n_withdrawn++] = self->question;
  g_clear_object (&self->turn);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

/* Answers the turn asked with @hole; on a refusal the turn stays asked. */
static gboolean
answer_turn (CongkakRemotePlayer *self,
             guint                hole,
             GError             **error)
{
  g_autoptr (CongkakTurn) turn = g_steal_pointer (&self->turn);
  Question question = self->question;

  /* The answer may begin the next turn at once: this one is over first. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  if (congkak_turn_choose_hole (turn, hole, error))
    return TRUE;
  if (self->turn == NULL && !congkak_turn_is_over (turn))
    {
      self->turn = g_steal_pointer (&turn);
      self->question = question;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
    }
  return FALSE;
}

static const char *
kind_name (CongkakTurnKind kind)
{
  return kind == CONGKAK_TURN_OPENING ? "opening" : "move";
}

static void
channel_message_cb (CongkakRemotePlayer *self,
                    JsonObject          *message,
                    CongkakNetChannel   *channel)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *reason = NULL;
  Question question;
  guint hole;

  if (channel != self->channel || !congkak_net_channel_is_open (channel)
      || g_strcmp0 (congkak_net_message_get_type (message), "choose") != 0)
    return;
  if (!congkak_net_match_check_message (message, &error))
    {
      close_channel (self, error->message);
      return;
    }

  question.ply = congkak_net_match_message_get_ply (message);
  question.kind = congkak_net_match_message_get_kind (message);
  question.index = (guint) json_object_get_int_member (message, "index");
  hole = (guint) json_object_get_int_member (message, "hole");

  if (self->turn == NULL || !question_equal (&question, &self->question))
    {
      if (was_withdrawn (self, &question))
        {
          g_debug ("A choice for a withdrawn turn (ply %u) is let pass", question.ply);
          return;
        }
      if (self->turn == NULL)
        reason = g_strdup_printf ("a choice out of turn: %s is not asked anything", congkak_side_get_name (self->side));
      else if (question.ply != self->question.ply)
        reason = g_strdup_printf ("a choice for ply %u, but the match is at ply %u", question.ply, self->question.ply);
      else
        reason = g_strdup_printf ("a choice out of turn: asked for a %s (choice %u), not a %s (choice %u)",
                                  kind_name (self->question.kind), self->question.index,
                                  kind_name (question.kind), question.index);
      close_channel (self, reason);
      return;
    }

  if (hole >= congkak_turn_get_rules (self->turn)->holes)
    {
      reason = g_strdup_printf ("hole %u is not on a board of %u holes", hole,
                                (guint) congkak_turn_get_rules (self->turn)->holes);
      close_channel (self, reason);
      return;
    }
  if (!answer_turn (self, hole, &error))
    {
      reason = g_strdup_printf ("an illegal choice, hole %u: %s", hole, error->message);
      close_channel (self, reason);
    }
}

static void
channel_closed_cb (CongkakRemotePlayer *self,
                   const char          *reason,
                   CongkakNetChannel   *channel)
{
  if (channel == self->channel)
    congkak_remote_player_set_channel (self, NULL);
}

/* The player */

static void
remote_begin_turn (CongkakPlayer *player,
                   CongkakTurn   *turn)
{
  CongkakRemotePlayer *self = CONGKAK_REMOTE_PLAYER (player);
  CongkakTurnKind kind = congkak_turn_get_kind (turn);
  const char * const *moves = congkak_turn_get_moves (turn);
  const CongkakOpening *opening = congkak_turn_get_opening (turn);

  withdraw (self);
  if ((kind != CONGKAK_TURN_MOVE && kind != CONGKAK_TURN_OPENING) || congkak_turn_get_side (turn) != self->side)
    return;

  self->turn = g_object_ref (turn);
  self->question.ply = moves ? g_strv_length ((char **) moves) : 0;
  self->question.kind = kind;
  self->question.index = kind == CONGKAK_TURN_OPENING && opening ? opening->n_choices[self->side] : 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  send_question (self);
  g_signal_emit (self, signals[SIGNAL_ASKED], 0);
}

static void
remote_end_turn (CongkakPlayer *player)
{
  withdraw (CONGKAK_REMOTE_PLAYER (player));
}

static void
congkak_remote_player_iface_init (CongkakPlayerInterface *iface)
{
  iface->begin_turn = remote_begin_turn;
  iface->end_turn = remote_end_turn;
}

/* The object */

static void
congkak_remote_player_dispose (GObject *object)
{
  CongkakRemotePlayer *self = CONGKAK_REMOTE_PLAYER (object);

  congkak_remote_player_set_channel (self, NULL);
  g_clear_object (&self->turn);

  G_OBJECT_CLASS (congkak_remote_player_parent_class)->dispose (object);
}

static void
congkak_remote_player_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CongkakRemotePlayer *self = CONGKAK_REMOTE_PLAYER (object);

  switch (prop_id)
    {
    case PROP_SIDE:
      g_value_set_int (value, self->side);
      break;
    case PROP_CHANNEL:
      g_value_set_object (value, self->channel);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->turn != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_remote_player_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  CongkakRemotePlayer *self = CONGKAK_REMOTE_PLAYER (object);

  switch (prop_id)
    {
    case PROP_SIDE:
      self->side = g_value_get_int (value);
      break;
    case PROP_CHANNEL:
      congkak_remote_player_set_channel (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_remote_player_class_init (CongkakRemotePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_remote_player_dispose;
  object_class->get_property = congkak_remote_player_get_property;
  object_class->set_property = congkak_remote_player_set_property;

  properties[PROP_SIDE] =
    g_param_spec_int ("side", NULL, NULL, CONGKAK_SOUTH, CONGKAK_NORTH, CONGKAK_SOUTH,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (object_class, PROP_SIDE, properties[PROP_SIDE]);
  /**
   * CongkakRemotePlayer:channel:
   *
   * The connection to the computer the side sits at, or %NULL while
   * there is none (it left, or the player is fed by other means).
   */
  properties[PROP_CHANNEL] =
    g_param_spec_object ("channel", NULL, NULL, CONGKAK_TYPE_NET_CHANNEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (object_class, PROP_CHANNEL, properties[PROP_CHANNEL]);
  g_object_class_override_property (object_class, PROP_THINKING, "thinking");
  properties[PROP_THINKING] = g_object_class_find_property (object_class, "thinking");

  /**
   * CongkakRemotePlayer::asked:
   *
   * A turn was handed to the player (congkak_remote_player_get_question()).
   */
  signals[SIGNAL_ASKED] =
    g_signal_new ("asked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
congkak_remote_player_init (CongkakRemotePlayer *self)
{
}

/**
 * congkak_remote_player_new:
 * @side: the side it plays
 *
 * Returns: (transfer full): a player whose choices come from another
 *   computer: over its channel (congkak_remote_player_set_channel()),
 *   or through congkak_remote_player_answer().
 */
CongkakPlayer *
congkak_remote_player_new (CongkakSide side)
{
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  return g_object_new (CONGKAK_TYPE_REMOTE_PLAYER, "side", side, NULL);
}

CongkakSide
congkak_remote_player_get_side (CongkakRemotePlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_REMOTE_PLAYER (self), CONGKAK_NOBODY);

  return self->side;
}

/**
 * congkak_remote_player_set_channel:
 * @channel: (nullable): the connection to the other computer
 *
 * Its "choose" messages answer the turns from now on; a turn already
 * asked is asked again over it (a guest that came back).
 */
void
congkak_remote_player_set_channel (CongkakRemotePlayer *self,
                                   CongkakNetChannel   *channel)
{
  g_return_if_fail (CONGKAK_IS_REMOTE_PLAYER (self));
  g_return_if_fail (channel == NULL || CONGKAK_IS_NET_CHANNEL (channel));

  if (self->channel == channel)
    return;
  if (self->channel)
    g_signal_handlers_disconnect_by_data (self->channel, self);
  g_set_object (&self->channel, channel);
  if (channel)
    {
      g_signal_connect_object (channel, "message", G_CALLBACK (channel_message_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (channel, "closed", G_CALLBACK (channel_closed_cb), self, G_CONNECT_SWAPPED);
      send_question (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHANNEL]);
}

/**
 * congkak_remote_player_get_channel:
 *
 * Returns: (transfer none) (nullable): its channel.
 */
CongkakNetChannel *
congkak_remote_player_get_channel (CongkakRemotePlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_REMOTE_PLAYER (self), NULL);

  return self->channel;
}

/**
 * congkak_remote_player_get_question:
 * @ply: (out) (optional): how many moves the match had when it was asked
 * @kind: (out) (optional): %CONGKAK_TURN_MOVE or %CONGKAK_TURN_OPENING
 * @index: (out) (optional): in the opening, which of the side's choices
 *   (0 for the first hole)
 *
 * Returns: whether a turn is asked and not answered yet.
 */
gboolean
congkak_remote_player_get_question (CongkakRemotePlayer *self,
                                    guint               *ply,
                                    CongkakTurnKind     *kind,
                                    guint               *index)
{
  g_return_val_if_fail (CONGKAK_IS_REMOTE_PLAYER (self), FALSE);

  if (self->turn == NULL)
    return FALSE;
  if (ply)
    *ply = self->question.ply;
  if (kind)
    *kind = self->question.kind;
  if (index)
    *index = self->question.index;
  return TRUE;
}

/**
 * congkak_remote_player_answer:
 * @hole: the side's choice
 *
 * Answers the turn asked, as a "choose" message would.
 *
 * Returns: %FALSE with @error set if nothing is asked
 *   (%CONGKAK_NET_MATCH_ERROR_OUT_OF_TURN) or the session refuses @hole.
 */
gboolean
congkak_remote_player_answer (CongkakRemotePlayer *self,
                              guint                hole,
                              GError             **error)
{
  g_return_val_if_fail (CONGKAK_IS_REMOTE_PLAYER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->turn == NULL)
    {
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_TURN,
                   "%s is not asked anything", congkak_side_get_name (self->side));
      return FALSE;
    }
  return answer_turn (self, hole, error);
}
