/* congkak-net-match.c — a match between two computers
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both sides follow one line of moves, the "net line": from the match's
 * start to the last move both know of (its length is the ply every
 * message names).  The host's line is the truth: whatever its session
 * plays at the line's end goes out as "played"; a move played anywhere
 * else (a new line) sends the whole match again, as a guest that joins
 * or comes back is sent it.  The guest's own moves go into its match at
 * once (its board shows them like any other), and out as the answer to
 * the host's "turn" for them; the host's "played" comes back for each,
 * and must agree.  If the two lines ever part (the host took moves back
 * in its window), the guest's line follows the host's.
 *
 * Reasons for closing a channel go to the log (g_message), untranslated,
 * like the channel's own; what people read (::notice, errors) is
 * translated.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "congkak-file-util.h"
#include "congkak-match-file.h"
#include "congkak-net-match.h"

/* The base: what both sides do alike */

typedef struct
{
  CongkakSession      *session;
  CongkakSide          local_side;
  CongkakNetChannel   *channel;
  char                *peer_name;
  CongkakRemotePlayer *remote;      /* the other side's player */
  CongkakNode         *last_node;   /* the end of the net line */

  gboolean             opponent_left;
  gboolean             kept;
  CongkakSide          resigned;
  int                  our_offer;   /* the ply an undo we offered goes back to, or -1 */
  int                  their_offer; /* the same, offered by the other side */
} CongkakNetMatchPrivate;

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_CHANNEL,
  PROP_LOCAL_SIDE,
  PROP_PEER_NAME,
  PROP_OPPONENT_LEFT,
  PROP_KEPT,
  PROP_RESIGNED,
  PROP_UNDO_OFFERED,
  PROP_UNDO_ASKED,
  PROP_CAN_OFFER_UNDO,
  N_PROPS
};

enum
{
  SIGNAL_NOTICE,
  SIGNAL_UNDO_ANSWERED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CongkakNetMatch, congkak_net_match, G_TYPE_OBJECT)

/* The net line */

static guint
node_depth (CongkakNode *node)
{
  guint depth = 0;

  for (; node != NULL && !congkak_node_is_root (node); node = congkak_node_get_parent (node))
    depth++;
  return depth;
}

static CongkakNode *
node_at_depth (CongkakNode *end,
               guint        depth)
{
  guint end_depth = node_depth (end);

  g_return_val_if_fail (depth <= end_depth, NULL);
  for (; end_depth > depth; end_depth--)
    end = congkak_node_get_parent (end);
  return end;
}

/* The moves from the start to @end, as text */
static GPtrArray *
line_texts (CongkakNode *end)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  for (; end != NULL && !congkak_node_is_root (end); end = congkak_node_get_parent (end))
    g_ptr_array_insert (texts, 0, congkak_node_dup_move_text (end));
  return texts;
}

static CongkakMatch *
get_match (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  return priv->session ? congkak_session_get_match (priv->session) : NULL;
}

static void
set_last_node (CongkakNetMatch *self,
               CongkakNode     *node)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  g_set_object (&priv->last_node, node);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_OFFER_UNDO]);
}

static const char *
peer_name (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  if (priv->peer_name && *priv->peer_name)
    return priv->peer_name;
  return congkak_side_get_name (CONGKAK_OTHER_SIDE (priv->local_side));
}

static void
notice (CongkakNetMatch *self,
        const char      *text)
{
  g_signal_emit (self, signals[SIGNAL_NOTICE], 0, text);
}

/* A sentence about the other player, @format's %s: their name, which
 * came over the network (untrusted, so quoted safely). */
static void
notice_peer (CongkakNetMatch *self,
             const char      *format)
{
  g_autofree char *shown = congkak_quote_untrusted (peer_name (self), -1);
  g_autofree char *text = g_strdup_printf (format, shown);

  notice (self, text);
}

/* The channel */

static void
send_message (CongkakNetMatch *self,
              JsonObject      *message)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  if (priv->channel && congkak_net_channel_is_open (priv->channel))
    congkak_net_channel_send (priv->channel, message);
}

static void
close_channel (CongkakNetMatch *self,
               const char      *reason)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);
  g_autoptr (CongkakNetChannel) channel = NULL;

  if (priv->channel == NULL || !congkak_net_channel_is_open (priv->channel))
    return;
  channel = g_object_ref (priv->channel);
  g_message ("Closing the connection to %s: %s", congkak_net_channel_get_peer_name (channel), reason);
  congkak_net_channel_close (channel, reason);
}

/**
 * congkak_net_match_get_finished:
 *
 * Returns: whether the match is over: by the rules, or resigned.
 */
gboolean
congkak_net_match_get_finished (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;
  CongkakMatch *match;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), FALSE);

  priv = congkak_net_match_get_instance_private (self);
  match = get_match (self);
  if (priv->resigned != CONGKAK_NOBODY)
    return TRUE;
  return match && priv->last_node
         && congkak_game_get_state (congkak_match_get_game_at (match, priv->last_node))->phase
              == CONGKAK_PHASE_MATCH_OVER;
}

static void
set_opponent_left (CongkakNetMatch *self,
                   gboolean         left)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  if (priv->opponent_left == left)
    return;
  priv->opponent_left = left;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPPONENT_LEFT]);
}

static void
channel_closed_cb (CongkakNetMatch   *self,
                   const char        *reason,
                   CongkakNetChannel *channel)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  if (channel != priv->channel)
    return;
  g_info ("The connection to %s closed: %s", peer_name (self), reason);
  if (!priv->kept && !congkak_net_match_get_finished (self))
    {
      set_opponent_left (self, TRUE);
      /* TRANSLATORS: %s: the other player's name */
      notice_peer (self, _("%s left the match."));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_OFFER_UNDO]);
}

static void handle_common (CongkakNetMatch *self,
                           const char      *type,
                           JsonObject      *message);

static void
channel_message_cb (CongkakNetMatch   *self,
                    JsonObject        *message,
                    CongkakNetChannel *channel)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);
  g_autoptr (GError) error = NULL;
  const char *type;

  if (channel != priv->channel || !congkak_net_channel_is_open (channel))
    return;
  if (!congkak_net_match_check_message (message, &error))
    {
      close_channel (self, error->message);
      return;
    }
  type = congkak_net_message_get_type (message);
  if (g_str_equal (type, "resign") || g_str_equal (type, "undo-offer")
      || g_str_equal (type, "undo-decline"))
    {
      handle_common (self, type, message);
      return;
    }
  if (!CONGKAK_NET_MATCH_GET_CLASS (self)->handle (self, type, message, &error))
    close_channel (self, error->message);
}

static void
set_channel (CongkakNetMatch   *self,
             CongkakNetChannel *channel)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  if (priv->channel == channel)
    return;
  if (priv->channel)
    {
      g_signal_handlers_disconnect_by_data (priv->channel, self);
      if (congkak_net_channel_is_open (priv->channel))
        congkak_net_channel_close (priv->channel, "another connection took its place");
    }
  g_set_object (&priv->channel, channel);
  if (channel)
    {
      /* Before the remote player's: a message is checked whole first. */
      g_signal_connect_object (channel, "message", G_CALLBACK (channel_message_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (channel, "closed", G_CALLBACK (channel_closed_cb), self, G_CONNECT_SWAPPED);
      g_free (priv->peer_name);
      priv->peer_name = g_strdup (congkak_net_channel_get_peer_name (channel));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PEER_NAME]);
    }
  /* Offers made over the old connection are forgotten with it. */
  priv->our_offer = priv->their_offer = -1;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_OFFERED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_ASKED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHANNEL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_OFFER_UNDO]);
  set_opponent_left (self, FALSE);
}

/* Resigning */

static void
apply_resign (CongkakNetMatch *self,
              CongkakSide      side)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);
  CongkakMatch *match = get_match (self);
  g_autoptr (GError) error = NULL;

  priv->resigned = side;
  /* Nobody is asked anything more over the network. */
  if (priv->remote)
    congkak_remote_player_set_channel (priv->remote, NULL);
  /* The result as match files write it (FORMAT.md): not translated. */
  congkak_match_set_metadata (match, CONGKAK_METADATA_RESULT,
                              side == CONGKAK_SOUTH ? "South resigned" : "North resigned");
  congkak_document_note_played (congkak_session_get_document (priv->session));
  if (!congkak_document_record (congkak_session_get_document (priv->session), FALSE, &error))
    g_message ("The resigned match could not be kept in the library: %s", error->message);
  if (side != priv->local_side)
    /* TRANSLATORS: %s: the other player's name */
    notice_peer (self, _("%s resigned."));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESIGNED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_OFFER_UNDO]);
}

/**
 * congkak_net_match_resign:
 *
 * The person here resigns: the other side is told, and the match's
 * result says so.
 */
gboolean
congkak_net_match_resign (CongkakNetMatch  *self,
                          GError          **error)
{
  CongkakNetMatchPrivate *priv;
  g_autoptr (JsonObject) message = NULL;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), FALSE);

  priv = congkak_net_match_get_instance_private (self);
  if (priv->session == NULL || congkak_net_match_get_finished (self))
    {
      g_set_error_literal (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_TURN,
                           _("The match is over."));
      return FALSE;
    }
  message = congkak_net_match_message_new ("resign", congkak_net_match_get_ply (self));
  send_message (self, message);
  apply_resign (self, priv->local_side);
  return TRUE;
}

/* Taking back a move */

/* The ply an undo offered by @side goes back to: before its last sowing
 * on the line, so that it plays again; -1 if it has none. */
static int
undo_target (CongkakNetMatch *self,
             CongkakSide      side)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  for (CongkakNode *node = priv->last_node; node && !congkak_node_is_root (node);
       node = congkak_node_get_parent (node))
    {
      const CongkakMove *move = congkak_node_get_move (node);

      if (move->kind == CONGKAK_MOVE_SOW && move->side == side)
        return (int) node_depth (node) - 1;
    }
  return -1;
}

/* Both sides go back to @ply: the moves after it leave the match. */
static void
undo_to (CongkakNetMatch *self,
         guint            ply)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);
  CongkakNode *first_undone;

  if (priv->last_node == NULL || node_depth (priv->last_node) <= ply)
    return;
  first_undone = node_at_depth (priv->last_node, ply + 1);
  set_last_node (self, congkak_node_get_parent (first_undone));
  congkak_match_delete_variation (get_match (self), first_undone);
}

gboolean
congkak_net_match_get_can_offer_undo (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), FALSE);

  priv = congkak_net_match_get_instance_private (self);
  return priv->channel && congkak_net_channel_is_open (priv->channel) && priv->our_offer < 0
         && priv->resigned == CONGKAK_NOBODY && undo_target (self, priv->local_side) >= 0;
}

/**
 * congkak_net_match_offer_undo:
 *
 * Asks the other side to take back the last move of the person here
 * (and the replies after it); ::undo-answered tells the answer.
 */
gboolean
congkak_net_match_offer_undo (CongkakNetMatch  *self,
                              GError          **error)
{
  CongkakNetMatchPrivate *priv;
  g_autoptr (JsonObject) message = NULL;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), FALSE);

  priv = congkak_net_match_get_instance_private (self);
  if (!congkak_net_match_get_can_offer_undo (self))
    {
      g_set_error_literal (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_TURN,
                           _("No move can be taken back now."));
      return FALSE;
    }
  priv->our_offer = undo_target (self, priv->local_side);
  message = congkak_net_match_message_new ("undo-offer", priv->our_offer);
  send_message (self, message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_OFFERED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_OFFER_UNDO]);
  return TRUE;
}

gboolean
congkak_net_match_get_undo_offered (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), FALSE);

  priv = congkak_net_match_get_instance_private (self);
  return priv->our_offer >= 0;
}

gboolean
congkak_net_match_get_undo_asked (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), FALSE);

  priv = congkak_net_match_get_instance_private (self);
  return priv->their_offer >= 0;
}

/* The undo both agreed to: on the host now, on the guest when "undone"
 * comes. */
static void
agreed_undo (CongkakNetMatch *self,
             guint            ply)
{
  if (CONGKAK_IS_NET_MATCH_HOST (self))
    {
      g_autoptr (JsonObject) message = congkak_net_match_message_new ("undone", ply);

      /* Before the turns the undo asks again. */
      send_message (self, message);
      undo_to (self, ply);
    }
  else
    {
      g_autoptr (JsonObject) message = congkak_net_match_message_new ("undo-accept", ply);

      send_message (self, message);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_OFFER_UNDO]);
}

/**
 * congkak_net_match_answer_undo:
 * @accept: whether the person here agrees to take the move back
 *
 * Answers the other side's offer (:undo-asked).
 */
gboolean
congkak_net_match_answer_undo (CongkakNetMatch  *self,
                               gboolean          accept,
                               GError          **error)
{
  CongkakNetMatchPrivate *priv;
  guint ply;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), FALSE);

  priv = congkak_net_match_get_instance_private (self);
  if (priv->their_offer < 0)
    {
      g_set_error_literal (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_TURN,
                           _("Nobody asked to take back a move."));
      return FALSE;
    }
  ply = (guint) priv->their_offer;
  priv->their_offer = -1;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_ASKED]);
  if (accept)
    agreed_undo (self, ply);
  else
    {
      g_autoptr (JsonObject) message = congkak_net_match_message_new ("undo-decline", ply);

      send_message (self, message);
    }
  return TRUE;
}

static void
undo_answered (CongkakNetMatch *self,
               gboolean         accepted)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  priv->our_offer = -1;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_OFFERED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_OFFER_UNDO]);
  if (accepted)
    /* TRANSLATORS: %s: the other player's name */
    notice_peer (self, _("%s agreed to take back your move."));
  else
    /* TRANSLATORS: %s: the other player's name */
    notice_peer (self, _("%s wants to play on: your move stays."));
  g_signal_emit (self, signals[SIGNAL_UNDO_ANSWERED], 0, accepted);
}

/* "resign", "undo-offer", "undo-decline": the same both ways */
static void
handle_common (CongkakNetMatch *self,
               const char      *type,
               JsonObject      *message)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);
  guint ply = congkak_net_match_message_get_ply (message);
  g_autofree char *reason = NULL;

  if (priv->session == NULL)
    {
      close_channel (self, "a message before the match");
      return;
    }
  if (g_str_equal (type, "resign"))
    {
      if (congkak_net_match_get_finished (self))
        return;
      apply_resign (self, CONGKAK_OTHER_SIDE (priv->local_side));
      return;
    }
  if (g_str_equal (type, "undo-offer"))
    {
      if (priv->last_node == NULL || ply >= node_depth (priv->last_node) || congkak_net_match_get_finished (self))
        {
          reason = g_strdup_printf ("an undo offer back to ply %u, but the match is at ply %u", ply,
                                    congkak_net_match_get_ply (self));
          close_channel (self, reason);
          return;
        }
      priv->their_offer = (int) ply;
      /* TRANSLATORS: %s: the other player's name */
      notice_peer (self, _("%s asks to take back a move."));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_ASKED]);
      return;
    }
  /* undo-decline */
  if (priv->our_offer != (int) ply)
    {
      reason = g_strdup_printf ("an answer to no undo offer (ply %u)", ply);
      close_channel (self, reason);
      return;
    }
  undo_answered (self, FALSE);
}

/**
 * congkak_net_match_keep:
 *
 * The other side left and the person here keeps the match: it goes on
 * as an ordinary match at this computer, the other side played here.
 */
void
congkak_net_match_keep (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;
  g_autoptr (CongkakPlayer) person = NULL;

  g_return_if_fail (CONGKAK_IS_NET_MATCH (self));

  priv = congkak_net_match_get_instance_private (self);
  if (priv->kept || priv->session == NULL)
    return;
  priv->kept = TRUE;
  close_channel (self, "the match is kept at the other computer");
  person = congkak_person_player_new ();
  congkak_session_set_player (priv->session, CONGKAK_OTHER_SIDE (priv->local_side), person);
  set_opponent_left (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KEPT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_OFFER_UNDO]);
}

/* Getters */

/**
 * congkak_net_match_get_session:
 *
 * Returns: (transfer none) (nullable): the session that plays the match
 *   here (a guest's, once the host's match came).
 */
CongkakSession *
congkak_net_match_get_session (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), NULL);

  priv = congkak_net_match_get_instance_private (self);
  return priv->session;
}

/**
 * congkak_net_match_get_channel:
 *
 * Returns: (transfer none) (nullable): the connection to the other side.
 */
CongkakNetChannel *
congkak_net_match_get_channel (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), NULL);

  priv = congkak_net_match_get_instance_private (self);
  return priv->channel;
}

CongkakSide
congkak_net_match_get_local_side (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), CONGKAK_NOBODY);

  priv = congkak_net_match_get_instance_private (self);
  return priv->local_side;
}

/**
 * congkak_net_match_get_peer_name:
 *
 * Returns: the other player's name, as their hello gave it (untrusted
 *   text: quote it), or the side's name.
 */
const char *
congkak_net_match_get_peer_name (CongkakNetMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), NULL);

  return peer_name (self);
}

/**
 * congkak_net_match_get_ply:
 *
 * Returns: how many moves both sides know of.
 */
guint
congkak_net_match_get_ply (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), 0);

  priv = congkak_net_match_get_instance_private (self);
  return node_depth (priv->last_node);
}

gboolean
congkak_net_match_get_opponent_left (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), FALSE);

  priv = congkak_net_match_get_instance_private (self);
  return priv->opponent_left;
}

gboolean
congkak_net_match_get_kept (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), FALSE);

  priv = congkak_net_match_get_instance_private (self);
  return priv->kept;
}

CongkakSide
congkak_net_match_get_resigned (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_NET_MATCH (self), CONGKAK_NOBODY);

  priv = congkak_net_match_get_instance_private (self);
  return priv->resigned;
}

static void
congkak_net_match_dispose (GObject *object)
{
  CongkakNetMatch *self = CONGKAK_NET_MATCH (object);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  if (priv->channel)
    g_signal_handlers_disconnect_by_data (priv->channel, self);
  g_clear_object (&priv->channel);
  if (priv->remote)
    {
      g_signal_handlers_disconnect_by_data (priv->remote, self);
      congkak_remote_player_set_channel (priv->remote, NULL);
    }
  g_clear_object (&priv->remote);
  if (priv->session)
    {
      g_signal_handlers_disconnect_by_data (priv->session, self);
      g_signal_handlers_disconnect_by_data (congkak_session_get_match (priv->session), self);
    }
  g_clear_object (&priv->session);
  g_clear_object (&priv->last_node);

  G_OBJECT_CLASS (congkak_net_match_parent_class)->dispose (object);
}

static void
congkak_net_match_finalize (GObject *object)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (CONGKAK_NET_MATCH (object));

  g_free (priv->peer_name);

  G_OBJECT_CLASS (congkak_net_match_parent_class)->finalize (object);
}

static void
congkak_net_match_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CongkakNetMatch *self = CONGKAK_NET_MATCH (object);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, priv->session);
      break;
    case PROP_CHANNEL:
      g_value_set_object (value, priv->channel);
      break;
    case PROP_LOCAL_SIDE:
      g_value_set_int (value, priv->local_side);
      break;
    case PROP_PEER_NAME:
      g_value_set_string (value, peer_name (self));
      break;
    case PROP_OPPONENT_LEFT:
      g_value_set_boolean (value, priv->opponent_left);
      break;
    case PROP_KEPT:
      g_value_set_boolean (value, priv->kept);
      break;
    case PROP_RESIGNED:
      g_value_set_int (value, priv->resigned);
      break;
    case PROP_UNDO_OFFERED:
      g_value_set_boolean (value, priv->our_offer >= 0);
      break;
    case PROP_UNDO_ASKED:
      g_value_set_boolean (value, priv->their_offer >= 0);
      break;
    case PROP_CAN_OFFER_UNDO:
      g_value_set_boolean (value, congkak_net_match_get_can_offer_undo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_match_class_init (CongkakNetMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_net_match_dispose;
  object_class->finalize = congkak_net_match_finalize;
  object_class->get_property = congkak_net_match_get_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, CONGKAK_TYPE_SESSION,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHANNEL] =
    g_param_spec_object ("channel", NULL, NULL, CONGKAK_TYPE_NET_CHANNEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOCAL_SIDE] =
    g_param_spec_int ("local-side", NULL, NULL, CONGKAK_NOBODY, CONGKAK_NORTH, CONGKAK_NOBODY,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PEER_NAME] =
    g_param_spec_string ("peer-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakNetMatch:opponent-left:
   *
   * The other side's connection closed before the match was over: the
   * window offers to wait (a guest comes back with the same code) or to
   * keep the match here (congkak_net_match_keep()).
   */
  properties[PROP_OPPONENT_LEFT] =
    g_param_spec_boolean ("opponent-left", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KEPT] =
    g_param_spec_boolean ("kept", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RESIGNED] =
    g_param_spec_int ("resigned", NULL, NULL, CONGKAK_NOBODY, CONGKAK_NORTH, CONGKAK_NOBODY,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDO_OFFERED] =
    g_param_spec_boolean ("undo-offered", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDO_ASKED] =
    g_param_spec_boolean ("undo-asked", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_OFFER_UNDO] =
    g_param_spec_boolean ("can-offer-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakNetMatch::notice:
   * @text: what the other side did, in a sentence for the people here
   */
  signals[SIGNAL_NOTICE] =
    g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * CongkakNetMatch::undo-answered:
   * @accepted: whether the other side agreed to take the move back
   */
  signals[SIGNAL_UNDO_ANSWERED] =
    g_signal_new ("undo-answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
congkak_net_match_init (CongkakNetMatch *self)
{
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (self);

  priv->local_side = CONGKAK_NOBODY;
  priv->resigned = CONGKAK_NOBODY;
  priv->our_offer = priv->their_offer = -1;
}

/* The host */

struct _CongkakNetMatchHost
{
  CongkakNetMatch parent_instance;

  guint           revealed;   /* how many of the host's opening choices the guest knows */
  gboolean        undoing;
};

G_DEFINE_FINAL_TYPE (CongkakNetMatchHost, congkak_net_match_host, CONGKAK_TYPE_NET_MATCH)

/* The match as the guest gets it: names, rules, start and the net line;
 * no comments, variations, details or library identity. */
static JsonNode *
host_snapshot (CongkakNetMatchHost *self)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  CongkakMatch *match = get_match (base);
  g_autoptr (CongkakMatch) shared = NULL;
  g_autoptr (GPtrArray) texts = line_texts (priv->last_node);
  g_autofree char *data = NULL;

  shared = congkak_match_new_from_position (congkak_match_get_rules (match),
                                            congkak_match_has_custom_start (match)
                                              ? congkak_match_get_start_position (match) : NULL,
                                            NULL);
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    congkak_match_set_player (shared, side, congkak_match_get_player_name (match, side),
                              congkak_match_get_player_kind (match, side),
                              congkak_match_get_player_level (match, side));
  for (guint i = 0; i < texts->len; i++)
    if (congkak_match_play_text (shared, g_ptr_array_index (texts, i), NULL, NULL) == NULL)
      g_return_val_if_reached (NULL);
  data = congkak_match_save_to_data (shared, NULL);
  return json_from_string (data, NULL);
}

static void
host_send_match (CongkakNetMatchHost *self)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  g_autoptr (JsonObject) message = congkak_net_match_message_new ("match", node_depth (priv->last_node));
  g_autoptr (JsonNode) snapshot = host_snapshot (self);

  if (snapshot == NULL || !JSON_NODE_HOLDS_OBJECT (snapshot))
    return;
  congkak_net_match_message_set_side (message, CONGKAK_OTHER_SIDE (priv->local_side));
  json_object_set_member (message, "match", g_steal_pointer (&snapshot));
  send_message (base, message);
  self->revealed = 0;
}

/* Once both have chosen their first hole, the host's choices of the
 * opening go to the guest (never before: the lockstep opening). */
static void
host_reveal_opening (CongkakNetMatchHost *self)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  const CongkakOpening *opening = congkak_session_get_opening (priv->session);
  CongkakSide host_side = priv->local_side;
  g_autoptr (JsonObject) message = NULL;
  JsonArray *choices;

  if (opening == NULL || opening->n_choices[CONGKAK_SOUTH] == 0 || opening->n_choices[CONGKAK_NORTH] == 0
      || congkak_match_get_cursor (get_match (base)) != priv->last_node)
    {
      if (opening == NULL)
        self->revealed = 0;
      return;
    }
  if (opening->n_choices[host_side] == self->revealed)
    return;
  self->revealed = opening->n_choices[host_side];
  message = congkak_net_match_message_new ("opening", node_depth (priv->last_node));
  congkak_net_match_message_set_side (message, host_side);
  choices = json_array_sized_new (self->revealed);
  for (guint i = 0; i < self->revealed; i++)
    json_array_add_int_element (choices, opening->choices[host_side][i]);
  json_object_set_array_member (message, "choices", choices);
  send_message (base, message);
}

static void
host_move_played_cb (CongkakNetMatchHost *self,
                     CongkakNode         *node,
                     GArray              *events,
                     gpointer             game,
                     int                  mover,
                     CongkakSession      *session)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);

  if (node == NULL)
    {
      host_reveal_opening (self);
      return;
    }
  if (congkak_node_get_parent (node) == priv->last_node)
    {
      g_autoptr (JsonObject) message = congkak_net_match_message_new ("played", node_depth (priv->last_node));
      g_autofree char *text = congkak_node_dup_move_text (node);

      json_object_set_string_member (message, "move", text);
      set_last_node (base, node);
      self->revealed = 0;
      send_message (base, message);
      return;
    }
  if (congkak_node_is_ancestor_or_self (node, priv->last_node))
    return;  /* a replay of moves both know */
  /* A move elsewhere: the line goes on from there, for both. */
  set_last_node (base, node);
  host_send_match (self);
}

static void
host_awaiting_cb (CongkakNetMatchHost *self)
{
  host_reveal_opening (self);
}

static gboolean
node_attached (CongkakMatch *match,
               CongkakNode  *node)
{
  while (congkak_node_get_parent (node))
    node = congkak_node_get_parent (node);
  return node == congkak_match_get_root (match);
}

static void
host_tree_changed_cb (CongkakNetMatchHost *self)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  CongkakMatch *match = get_match (base);

  if (self->undoing || priv->last_node == NULL || node_attached (match, priv->last_node))
    return;
  /* Moves of the line were taken back here: the guest gets the line as it is. */
  set_last_node (base, congkak_match_get_cursor (match));
  host_send_match (self);
}

static gboolean
host_handle (CongkakNetMatch *base,
             const char      *type,
             JsonObject      *message,
             GError         **error)
{
  CongkakNetMatchHost *self = CONGKAK_NET_MATCH_HOST (base);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  guint ply = congkak_net_match_message_get_ply (message);
  guint depth = node_depth (priv->last_node);

  if (congkak_net_match_is_from_host (type))
    {
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_WRONG_WAY,
                   "a “%s” message, which only the host sends", type);
      return FALSE;
    }
  if (g_str_equal (type, "choose"))
    return TRUE;  /* the remote player's */

  if (g_str_equal (type, "undo-accept"))
    {
      if (priv->our_offer != (int) ply)
        {
          g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_TURN,
                       "an answer to no undo offer (ply %u)", ply);
          return FALSE;
        }
      self->undoing = TRUE;
      agreed_undo (base, ply);
      self->undoing = FALSE;
      undo_answered (base, TRUE);
      return TRUE;
    }

  /* next-round */
  if (ply < depth)
    {
      /* Both pressed it: the host's went first. */
      if (congkak_node_get_move (node_at_depth (priv->last_node, ply + 1))->kind == CONGKAK_MOVE_NEXT_ROUND)
        return TRUE;
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_STALE,
                   "a next round at ply %u, but the match is at ply %u", ply, depth);
      return FALSE;
    }
  if (ply > depth)
    {
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_STALE,
                   "a next round at ply %u, but the match is at ply %u", ply, depth);
      return FALSE;
    }
  if (congkak_match_get_cursor (get_match (base)) != priv->last_node
      || congkak_session_get_turn_kind (priv->session) != CONGKAK_TURN_ROUND_OVER)
    {
      g_set_error_literal (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_TURN,
                           "a next round while the round is not over");
      return FALSE;
    }
  return congkak_session_next_round (priv->session, error);
}

static void
congkak_net_match_host_class_init (CongkakNetMatchHostClass *klass)
{
  CONGKAK_NET_MATCH_CLASS (klass)->handle = host_handle;
}

static void
congkak_net_match_host_init (CongkakNetMatchHost *self)
{
}

/**
 * congkak_net_match_host_new:
 * @session: the host's session: it referees the match
 * @guest_side: the side the guest plays
 *
 * Returns: (transfer full): a host waiting for its guest
 *   (congkak_net_match_host_attach()); the guest's side is a
 *   #CongkakRemotePlayer from now on.
 */
CongkakNetMatchHost *
congkak_net_match_host_new (CongkakSession *session,
                            CongkakSide     guest_side)
{
  CongkakNetMatchHost *self;
  CongkakNetMatchPrivate *priv;

  g_return_val_if_fail (CONGKAK_IS_SESSION (session), NULL);
  g_return_val_if_fail (guest_side == CONGKAK_SOUTH || guest_side == CONGKAK_NORTH, NULL);

  self = g_object_new (CONGKAK_TYPE_NET_MATCH_HOST, NULL);
  priv = congkak_net_match_get_instance_private (CONGKAK_NET_MATCH (self));
  priv->session = g_object_ref (session);
  priv->local_side = CONGKAK_OTHER_SIDE (guest_side);
  priv->last_node = g_object_ref (congkak_match_get_cursor (congkak_session_get_match (session)));
  priv->remote = CONGKAK_REMOTE_PLAYER (congkak_remote_player_new (guest_side));
  congkak_session_set_opening_first (session, priv->local_side);
  congkak_session_set_player (session, guest_side, CONGKAK_PLAYER (priv->remote));
  g_signal_connect_swapped (session, "move-played", G_CALLBACK (host_move_played_cb), self);
  g_signal_connect_swapped (session, "awaiting", G_CALLBACK (host_awaiting_cb), self);
  g_signal_connect_swapped (congkak_session_get_match (session), "tree-changed",
                            G_CALLBACK (host_tree_changed_cb), self);
  return self;
}

/**
 * congkak_net_match_host_attach:
 * @channel: a guest's connection: the first, or one that comes back
 *
 * The guest is sent the match and asked for its turn, if it is one.
 * Once the match is kept here, a guest is turned away.
 */
/* The guest's side takes the name the guest gave in its hello, where the
 * host left that side unnamed, so that both matches and both libraries
 * say who played. */
static void
name_guest_side (CongkakNetMatchHost *self,
                 const char          *name)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  CongkakMatch *match = get_match (base);
  CongkakSide side = CONGKAK_OTHER_SIDE (priv->local_side);
  const char *current = congkak_match_get_player_name (match, side);

  if (name == NULL || *name == '\0' || (current != NULL && *current != '\0'))
    return;
  congkak_match_set_player (match, side, name,
                            congkak_match_get_player_kind (match, side),
                            congkak_match_get_player_level (match, side));
}

void
congkak_net_match_host_attach (CongkakNetMatchHost *self,
                               CongkakNetChannel   *channel)
{
  CongkakNetMatch *base;
  CongkakNetMatchPrivate *priv;

  g_return_if_fail (CONGKAK_IS_NET_MATCH_HOST (self));
  g_return_if_fail (CONGKAK_IS_NET_CHANNEL (channel));

  base = CONGKAK_NET_MATCH (self);
  priv = congkak_net_match_get_instance_private (base);
  if (priv->kept)
    {
      g_message ("Turning %s away: the match is kept at this computer", congkak_net_channel_get_peer_name (channel));
      congkak_net_channel_close (channel, "the host keeps the match at this computer");
      return;
    }
  set_channel (base, channel);
  name_guest_side (self, congkak_net_channel_get_peer_name (channel));
  /* The match first, then what is asked of the guest. */
  host_send_match (self);
  host_reveal_opening (self);
  if (priv->resigned != CONGKAK_NOBODY)
    {
      g_autoptr (JsonObject) message = congkak_net_match_message_new ("resign", node_depth (priv->last_node));

      if (priv->resigned == priv->local_side)
        send_message (base, message);
    }
  congkak_remote_player_set_channel (priv->remote, channel);
}

/* The guest */

struct _CongkakNetMatchGuest
{
  CongkakNetMatch parent_instance;

  GPtrArray      *host_moves;     /* the host's net line, as text */
  GArray         *host_opening;   /* the host's opening choices revealed at ply host_moves->len */
  gboolean        asked;          /* the host asked this side: */
  guint           asked_ply;
  CongkakTurnKind asked_kind;
  guint           asked_index;
  guint           pump_id;
};

G_DEFINE_FINAL_TYPE (CongkakNetMatchGuest, congkak_net_match_guest, CONGKAK_TYPE_NET_MATCH)

static void guest_schedule_pump (CongkakNetMatchGuest *self);

/* The choice the person here made for what the host asks, if made */
static gboolean
guest_find_answer (CongkakNetMatchGuest *self,
                   guint                *hole)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  CongkakSide side = priv->local_side;
  guint depth = node_depth (priv->last_node);

  if (depth > self->asked_ply)
    {
      const CongkakMove *move = congkak_node_get_move (node_at_depth (priv->last_node, self->asked_ply + 1));

      if (self->asked_kind == CONGKAK_TURN_MOVE && move->kind == CONGKAK_MOVE_SOW && move->side == side)
        {
          *hole = move->hole;
          return TRUE;
        }
      if (self->asked_kind == CONGKAK_TURN_OPENING && move->kind == CONGKAK_MOVE_OPENING
          && self->asked_index < move->opening->n_choices[side])
        {
          *hole = move->opening->choices[side][self->asked_index];
          return TRUE;
        }
      return FALSE;
    }
  if (depth == self->asked_ply && self->asked_kind == CONGKAK_TURN_OPENING
      && congkak_match_get_cursor (get_match (base)) == priv->last_node)
    {
      const CongkakOpening *opening = congkak_session_get_opening (priv->session);

      if (opening && self->asked_index < opening->n_choices[side])
        {
          *hole = opening->choices[side][self->asked_index];
          return TRUE;
        }
    }
  return FALSE;
}

static void
guest_try_answer (CongkakNetMatchGuest *self)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  g_autoptr (JsonObject) message = NULL;
  guint hole;

  if (!self->asked || congkak_net_match_get_session (base) == NULL
      || congkak_net_match_get_resigned (base) != CONGKAK_NOBODY || !guest_find_answer (self, &hole))
    return;
  self->asked = FALSE;
  message = congkak_net_match_message_new ("choose", self->asked_ply);
  congkak_net_match_message_set_kind (message, self->asked_kind);
  json_object_set_int_member (message, "index", self->asked_index);
  json_object_set_int_member (message, "hole", hole);
  send_message (base, message);
}

static void
guest_out_of_step (CongkakNetMatchGuest *self,
                   const char           *what)
{
  g_autofree char *reason = g_strdup_printf ("out of step with the host: %s", what);

  close_channel (CONGKAK_NET_MATCH (self), reason);
}

/* Brings the guest's line up to the host's, a move at a time, as its
 * session asks: the host's side through its remote player, a round's
 * start when the round is over; the board shows each as it was played. */
static gboolean
guest_pump (gpointer data)
{
  CongkakNetMatchGuest *self = data;
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  CongkakSession *session = priv->session;
  CongkakSide host_side = CONGKAK_OTHER_SIDE (priv->local_side);
  g_autoptr (GError) error = NULL;
  g_autofree CongkakOpening *storage = g_new0 (CongkakOpening, 1);
  guint depth = node_depth (priv->last_node);
  CongkakTurnKind turn_kind;
  CongkakSide turn_side;
  CongkakTurnKind asked_kind;
  guint asked_ply, asked_index;
  gboolean asked;
  CongkakMove move;
  gboolean ok = TRUE;

  self->pump_id = 0;
  if (session == NULL || priv->kept || priv->resigned != CONGKAK_NOBODY || congkak_session_get_presenting (session)
      || congkak_match_get_cursor (get_match (base)) != priv->last_node)
    return G_SOURCE_REMOVE;

  turn_kind = congkak_session_get_turn_kind (session);
  turn_side = congkak_session_get_turn_side (session);
  asked = congkak_remote_player_get_question (priv->remote, &asked_ply, &asked_kind, &asked_index);

  if (depth < self->host_moves->len)
    {
      const char *text = g_ptr_array_index (self->host_moves, depth);

      if (!congkak_move_parse (text, congkak_match_get_rules (get_match (base)), &move, storage, &error))
        {
          guest_out_of_step (self, error->message);
          return G_SOURCE_REMOVE;
        }
      switch (move.kind)
        {
        case CONGKAK_MOVE_NEXT_ROUND:
          if (turn_kind == CONGKAK_TURN_ROUND_OVER)
            ok = congkak_session_next_round (session, &error);
          break;
        case CONGKAK_MOVE_SOW:
          if (move.side == host_side && asked && asked_ply == depth && asked_kind == CONGKAK_TURN_MOVE)
            ok = congkak_remote_player_answer (priv->remote, move.hole, &error);
          else if (move.side != host_side && turn_kind == CONGKAK_TURN_MOVE && turn_side == move.side)
            ok = congkak_session_choose_hole (session, move.side, move.hole, &error);
          break;
        case CONGKAK_MOVE_OPENING:
        default:
          if (turn_kind == CONGKAK_TURN_OPENING)
            {
              const CongkakOpening *opening = congkak_session_get_opening (session);
              guint index = opening ? opening->n_choices[turn_side] : 0;

              if (index >= move.opening->n_choices[turn_side])
                {
                  guest_out_of_step (self, "the opening asks for more choices than the host's");
                  return G_SOURCE_REMOVE;
                }
              if (turn_side == host_side && asked && asked_ply == depth && asked_index == index)
                ok = congkak_remote_player_answer (priv->remote, move.opening->choices[turn_side][index], &error);
              else if (turn_side != host_side)
                ok = congkak_session_choose_hole (session, turn_side, move.opening->choices[turn_side][index],
                                                  &error);
            }
          break;
        }
    }
  else if (depth == self->host_moves->len && self->host_opening->len > 0 && turn_kind == CONGKAK_TURN_OPENING
           && turn_side == host_side && asked && asked_ply == depth && asked_index < self->host_opening->len)
    ok = congkak_remote_player_answer (priv->remote, g_array_index (self->host_opening, guint, asked_index),
                                       &error);

  if (!ok)
    guest_out_of_step (self, error->message);
  return G_SOURCE_REMOVE;
}

static void
guest_schedule_pump (CongkakNetMatchGuest *self)
{
  if (self->pump_id == 0)
    self->pump_id = g_idle_add (guest_pump, self);
}

static void
guest_move_played_cb (CongkakNetMatchGuest *self,
                      CongkakNode          *node,
                      GArray               *events,
                      gpointer              game,
                      int                   mover,
                      CongkakSession       *session)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);

  if (node != NULL && congkak_node_get_parent (node) == priv->last_node)
    {
      guint ply = node_depth (priv->last_node);

      set_last_node (base, node);
      /* The net line is the main line; one the host left stays beside it. */
      if (congkak_node_get_child_index (node) > 0)
        congkak_match_promote_variation (get_match (base), node);
      if (ply < self->host_moves->len)
        {
          g_autofree char *text = congkak_node_dup_move_text (node);

          /* The host's move, or the person's that the host has had. */
          if (g_strcmp0 (text, g_ptr_array_index (self->host_moves, ply)) != 0)
            guest_out_of_step (self, "a move here is not the host's");
        }
      else if (congkak_node_get_move (node)->kind == CONGKAK_MOVE_NEXT_ROUND)
        {
          g_autoptr (JsonObject) message = congkak_net_match_message_new ("next-round", ply);

          send_message (base, message);
        }
      g_array_set_size (self->host_opening, 0);
    }
  guest_try_answer (self);
  guest_schedule_pump (self);
}

static void
guest_turn_changed_cb (CongkakNetMatchGuest *self)
{
  guest_try_answer (self);
  guest_schedule_pump (self);
}

static void
guest_follow_line (CongkakNetMatchGuest *self,
                   guint                 depth)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);

  CongkakNode *old_end = priv->last_node;
  g_autoptr (CongkakNode) parted = NULL;

  /* The guest's moves after @depth leave its match: the referee never
   * took them (the host took its own back), and play goes on at the end
   * of the line, where the session asks the players. */
  if (node_depth (old_end) > depth)
    parted = g_object_ref (node_at_depth (old_end, depth + 1));
  set_last_node (base, node_at_depth (old_end, depth));
  congkak_match_set_cursor (get_match (base), priv->last_node);
  if (parted)
    congkak_match_delete_variation (get_match (base), parted);
}

/* Moves of the line were taken back here, not by agreement (an undo in
 * the window): the line goes back to where the cursor is, as far as it
 * agrees with the host's, and the host's moves are played again. */
static void
guest_tree_changed_cb (CongkakNetMatchGuest *self)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  CongkakMatch *match = get_match (base);
  CongkakNode *cursor = congkak_match_get_cursor (match);
  g_autoptr (GPtrArray) texts = NULL;
  guint common = 0;

  if (priv->last_node == NULL || node_attached (match, priv->last_node))
    return;
  texts = line_texts (cursor);
  while (common < texts->len && common < self->host_moves->len
         && g_str_equal (g_ptr_array_index (texts, common), g_ptr_array_index (self->host_moves, common)))
    common++;
  set_last_node (base, node_at_depth (cursor, common));
  if (cursor != priv->last_node)
    congkak_match_set_cursor (match, priv->last_node);
  guest_schedule_pump (self);
}

static GPtrArray *
main_line_texts (CongkakMatch *match)
{
  return line_texts (congkak_match_get_main_line_end (match));
}

static gboolean
guest_take_match (CongkakNetMatchGuest *self,
                  JsonObject           *message,
                  GError              **error)
{
  CongkakNetMatch *base = CONGKAK_NET_MATCH (self);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  CongkakSide side = congkak_net_match_message_get_side (message);
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), json_object_get_object_member (message, "match"));
  g_autofree char *data = json_to_string (node, FALSE);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GPtrArray) host_moves = NULL;
  g_autoptr (GError) local_error = NULL;

  match = congkak_match_load_from_data (data, -1, NULL, &local_error);
  if (match == NULL)
    {
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_MALFORMED,
                   "the host's match does not load: %s", local_error->message);
      return FALSE;
    }
  host_moves = main_line_texts (match);
  if (host_moves->len != congkak_net_match_message_get_ply (message))
    {
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_MALFORMED,
                   "the host's match has %u moves, not %u", host_moves->len,
                   congkak_net_match_message_get_ply (message));
      return FALSE;
    }
  if (priv->session != NULL && side != priv->local_side)
    {
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_STEP,
                   "the host gives this side %s, not %s", congkak_side_get_name (side),
                   congkak_side_get_name (priv->local_side));
      return FALSE;
    }
  g_ptr_array_unref (self->host_moves);
  self->host_moves = g_steal_pointer (&host_moves);
  g_array_set_size (self->host_opening, 0);
  self->asked = FALSE;

  if (priv->session == NULL)
    {
      g_autoptr (CongkakDocument) document = NULL;
      g_autoptr (CongkakPlayer) person = congkak_person_player_new ();
      CongkakNode *end = congkak_match_get_main_line_end (match);

      congkak_match_set_cursor (match, end);
      congkak_match_forget_history (match);
      document = congkak_document_new (match, NULL);
      priv->local_side = side;
      priv->last_node = g_object_ref (end);
      priv->session = congkak_session_new (document);
      priv->remote = CONGKAK_REMOTE_PLAYER (congkak_remote_player_new (CONGKAK_OTHER_SIDE (side)));
      congkak_session_set_player (priv->session, side, person);
      congkak_session_set_player (priv->session, CONGKAK_OTHER_SIDE (side), CONGKAK_PLAYER (priv->remote));
      congkak_session_set_opening_first (priv->session, side);
      g_signal_connect_swapped (priv->session, "move-played", G_CALLBACK (guest_move_played_cb), self);
      g_signal_connect_swapped (priv->session, "awaiting", G_CALLBACK (guest_turn_changed_cb), self);
      g_signal_connect_swapped (priv->session, "notify::presenting", G_CALLBACK (guest_schedule_pump), self);
      g_signal_connect_swapped (priv->remote, "asked", G_CALLBACK (guest_schedule_pump), self);
      g_signal_connect_swapped (match, "tree-changed", G_CALLBACK (guest_tree_changed_cb), self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOCAL_SIDE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
      return TRUE;
    }

  /* Back after a break: the lines agree as far as both go, and what the
   * guest played beyond the host's is its own sowing, answered when the
   * host asks; otherwise the guest follows the host from where they part. */
  {
    g_autoptr (GPtrArray) mine = line_texts (priv->last_node);
    guint common = 0;
    gboolean own_only = TRUE;

    while (common < mine->len && common < self->host_moves->len
           && g_str_equal (g_ptr_array_index (mine, common), g_ptr_array_index (self->host_moves, common)))
      common++;
    for (guint i = common; i < mine->len && own_only; i++)
      {
        const CongkakMove *move = congkak_node_get_move (node_at_depth (priv->last_node, i + 1));

        own_only = move->kind == CONGKAK_MOVE_SOW && move->side == priv->local_side;
      }
    if (common < self->host_moves->len || !own_only)
      guest_follow_line (self, common);
  }
  guest_schedule_pump (self);
  return TRUE;
}

static gboolean
guest_handle (CongkakNetMatch *base,
              const char      *type,
              JsonObject      *message,
              GError         **error)
{
  CongkakNetMatchGuest *self = CONGKAK_NET_MATCH_GUEST (base);
  CongkakNetMatchPrivate *priv = congkak_net_match_get_instance_private (base);
  guint ply = congkak_net_match_message_get_ply (message);

  if (!congkak_net_match_is_from_host (type))
    {
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_WRONG_WAY,
                   "a “%s” message, which only the guest sends", type);
      return FALSE;
    }
  if (g_str_equal (type, "match"))
    return guest_take_match (self, message, error);
  if (priv->session == NULL)
    {
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_TURN,
                   "a “%s” message before the match", type);
      return FALSE;
    }

  if (g_str_equal (type, "played"))
    {
      const char *text = json_object_get_string_member (message, "move");
      g_autofree CongkakOpening *storage = g_new0 (CongkakOpening, 1);
      CongkakMove move;
      guint depth = node_depth (priv->last_node);

      if (ply != self->host_moves->len)
        {
          g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_STALE,
                       "a move played at ply %u, after ply %u", ply, self->host_moves->len);
          return FALSE;
        }
      if (!congkak_move_parse (text, congkak_match_get_rules (get_match (base)), &move, storage, error))
        return FALSE;
      g_ptr_array_add (self->host_moves, g_strdup (text));
      g_array_set_size (self->host_opening, 0);
      if (depth > ply)
        {
          g_autofree char *mine = congkak_node_dup_move_text (node_at_depth (priv->last_node, ply + 1));

          if (!g_str_equal (mine, text))
            guest_follow_line (self, ply);
        }
      guest_schedule_pump (self);
      return TRUE;
    }

  if (g_str_equal (type, "opening"))
    {
      JsonArray *choices = json_object_get_array_member (message, "choices");

      if (congkak_net_match_message_get_side (message) == priv->local_side || ply != self->host_moves->len)
        {
          g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_STEP,
                       "opening choices of %s at ply %u", json_object_get_string_member (message, "side"), ply);
          return FALSE;
        }
      g_array_set_size (self->host_opening, 0);
      for (guint i = 0; i < json_array_get_length (choices); i++)
        {
          guint hole = (guint) json_array_get_int_element (choices, i);

          g_array_append_val (self->host_opening, hole);
        }
      guest_schedule_pump (self);
      return TRUE;
    }

  if (g_str_equal (type, "turn"))
    {
      if (congkak_net_match_message_get_side (message) != priv->local_side)
        {
          g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_OUT_OF_STEP,
                       "asked to choose for %s", json_object_get_string_member (message, "side"));
          return FALSE;
        }
      self->asked = TRUE;
      self->asked_ply = ply;
      self->asked_kind = congkak_net_match_message_get_kind (message);
      self->asked_index = (guint) json_object_get_int_member (message, "index");
      guest_try_answer (self);
      return TRUE;
    }

  /* undone */
  if (ply >= self->host_moves->len)
    {
      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_STALE,
                   "moves undone back to ply %u, but the host's match is at ply %u", ply, self->host_moves->len);
      return FALSE;
    }
  g_ptr_array_set_size (self->host_moves, ply);
  g_array_set_size (self->host_opening, 0);
  self->asked = FALSE;
  undo_to (base, ply);
  if (priv->their_offer == (int) ply)
    priv->their_offer = -1;
  if (priv->our_offer == (int) ply)
    undo_answered (base, TRUE);
  guest_schedule_pump (self);
  return TRUE;
}

static void
congkak_net_match_guest_dispose (GObject *object)
{
  CongkakNetMatchGuest *self = CONGKAK_NET_MATCH_GUEST (object);

  g_clear_handle_id (&self->pump_id, g_source_remove);

  G_OBJECT_CLASS (congkak_net_match_guest_parent_class)->dispose (object);
}

static void
congkak_net_match_guest_finalize (GObject *object)
{
  CongkakNetMatchGuest *self = CONGKAK_NET_MATCH_GUEST (object);

  g_ptr_array_unref (self->host_moves);
  g_array_unref (self->host_opening);

  G_OBJECT_CLASS (congkak_net_match_guest_parent_class)->finalize (object);
}

static void
congkak_net_match_guest_class_init (CongkakNetMatchGuestClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = congkak_net_match_guest_dispose;
  G_OBJECT_CLASS (klass)->finalize = congkak_net_match_guest_finalize;
  CONGKAK_NET_MATCH_CLASS (klass)->handle = guest_handle;
}

static void
congkak_net_match_guest_init (CongkakNetMatchGuest *self)
{
  self->host_moves = g_ptr_array_new_with_free_func (g_free);
  self->host_opening = g_array_new (FALSE, FALSE, sizeof (guint));
}

/**
 * congkak_net_match_guest_new:
 * @channel: the connection to the host
 *
 * Returns: (transfer full): a guest waiting for the host's match; its
 *   :session is there once it came.
 */
CongkakNetMatchGuest *
congkak_net_match_guest_new (CongkakNetChannel *channel)
{
  CongkakNetMatchGuest *self;

  g_return_val_if_fail (CONGKAK_IS_NET_CHANNEL (channel), NULL);

  self = g_object_new (CONGKAK_TYPE_NET_MATCH_GUEST, NULL);
  set_channel (CONGKAK_NET_MATCH (self), channel);
  return self;
}

/**
 * congkak_net_match_guest_attach:
 * @channel: a new connection to the host, made with the same code
 *
 * The guest comes back: the host sends the match again and the play
 * goes on from where it broke.
 */
void
congkak_net_match_guest_attach (CongkakNetMatchGuest *self,
                                CongkakNetChannel    *channel)
{
  g_return_if_fail (CONGKAK_IS_NET_MATCH_GUEST (self));
  g_return_if_fail (CONGKAK_IS_NET_CHANNEL (channel));

  if (congkak_net_match_get_kept (CONGKAK_NET_MATCH (self)))
    {
      congkak_net_channel_close (channel, "the guest keeps the match at this computer");
      return;
    }
  self->asked = FALSE;
  set_channel (CONGKAK_NET_MATCH (self), channel);
}
