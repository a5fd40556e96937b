/* congkak-net-socket-channel.c — a channel over a WebSocket
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both ends of a connection, once the hello is done, are one of these:
 * messages go out as one text frame of JSON each, and come in checked
 * by the envelope (congkak-net-envelope.h) against the bound of their
 * direction.  On the host's end the client's messages are also rate
 * limited (a token bucket: CONGKAK_NET_RATE_PER_SECOND, bursts of
 * CONGKAK_NET_RATE_BURST), past the replies it is owed: it may answer
 * each message the host sends it (a lesson's follower acknowledges every
 * step, however fast the teacher steps), up to a burst of them not yet
 * answered.  A peer that breaks a rule is closed with a
 * reason, and that is all: nothing above sees its message.
 */

#include "config.h"

#include <string.h>

#include "congkak-net-envelope.h"
#include "congkak-net-socket-channel-private.h"
#include "congkak-net-transport.h"

/* A close frame holds 125 bytes, two of them the code */
#define CLOSE_REASON_MAX 123

struct _CongkakNetSocketChannel
{
  GObject parent_instance;

  SoupWebsocketConnection *connection;
  CongkakNetRole           role;
  char                    *peer_name;
  gsize                    max_incoming;
  gsize                    max_outgoing;
  gboolean                 open;

  /* The rate limit, on the host's end */
  gboolean                 rate_limited;
  double                   tokens;
  gint64                   tokens_time;   /* monotonic µs of the last refill */
  guint                    replies_owed;  /* messages sent, not yet answered */

  char                    *error_reason;  /* the connection's last error */
  CongkakNetRefusedFunc    refused_func;
  gpointer                 refused_data;
};

static void congkak_net_socket_channel_iface_init (CongkakNetChannelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakNetSocketChannel, congkak_net_socket_channel, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CONGKAK_TYPE_NET_CHANNEL,
                                                      congkak_net_socket_channel_iface_init))

char *
congkak_net_close_reason (const char *reason)
{
  const char *end;

  if (reason == NULL)
    return g_strdup ("");
  if (strlen (reason) <= CLOSE_REASON_MAX)
    return g_strdup (reason);
  end = g_utf8_find_prev_char (reason, reason + CLOSE_REASON_MAX + 1);
  return g_strndup (reason, end != NULL ? (gsize) (end - reason) : 0);
}

static void
mark_closed (CongkakNetSocketChannel *self,
             const char              *reason)
{
  if (!self->open)
    return;
  self->open = FALSE;
  congkak_net_channel_emit_closed (CONGKAK_NET_CHANNEL (self), reason);
}

/**
 * congkak_net_socket_channel_refuse:
 *
 * Closes the connection because the peer broke a rule: says so to the
 * refused function, closes with @close_code and @reason, emits "closed".
 */
void
congkak_net_socket_channel_refuse (CongkakNetSocketChannel *self,
                                   gushort                  close_code,
                                   const char              *reason)
{
  g_autoptr (CongkakNetSocketChannel) hold = g_object_ref (self);
  g_autofree char *short_reason = congkak_net_close_reason (reason);

  if (!self->open)
    return;
  if (self->refused_func != NULL)
    self->refused_func (self, reason, self->refused_data);
  if (soup_websocket_connection_get_state (self->connection) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (self->connection, close_code, short_reason);
  mark_closed (self, reason);
}

static gboolean
take_token (CongkakNetSocketChannel *self)
{
  gint64 now = g_get_monotonic_time ();

  if (self->replies_owed > 0)
    {
      self->replies_owed--;
      return TRUE;
    }
  self->tokens = MIN (CONGKAK_NET_RATE_BURST,
                      self->tokens + (now - self->tokens_time) * (double) CONGKAK_NET_RATE_PER_SECOND / G_USEC_PER_SEC);
  self->tokens_time = now;
  if (self->tokens < 1)
    return FALSE;
  self->tokens -= 1;
  return TRUE;
}

static void
on_message (SoupWebsocketConnection *connection,
            SoupWebsocketDataType    type,
            GBytes                  *data,
            CongkakNetSocketChannel *self)
{
  g_autoptr (CongkakNetSocketChannel) hold = g_object_ref (self);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;
  const char *text;
  gsize length;

  if (!self->open)
    return;
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      congkak_net_socket_channel_refuse (self, SOUP_WEBSOCKET_CLOSE_UNSUPPORTED_DATA,
                                         "a binary frame (only text frames are allowed)");
      return;
    }
  if (self->rate_limited && !take_token (self))
    {
      g_autofree char *reason = g_strdup_printf ("a flood: more than %d messages a second",
                                                 CONGKAK_NET_RATE_PER_SECOND);

      congkak_net_socket_channel_refuse (self, CONGKAK_NET_CLOSE_FLOOD, reason);
      return;
    }
  text = g_bytes_get_data (data, &length);
  message = congkak_net_envelope_parse (text, length, self->max_incoming, &error);
  if (message == NULL)
    {
      congkak_net_socket_channel_refuse (self, CONGKAK_NET_CLOSE_INVALID_MESSAGE, error->message);
      return;
    }
  congkak_net_channel_emit_message (CONGKAK_NET_CHANNEL (self), message);
}

/* Whether @error says the peer broke the WebSocket's rules (a frame too
 * large, bad framing, text that is not UTF-8), not that the connection
 * was lost */
gboolean
congkak_net_error_is_refusal (const GError *error)
{
  return error->domain == SOUP_WEBSOCKET_ERROR
         || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

static void
on_error (SoupWebsocketConnection *connection,
          GError                  *error,
          CongkakNetSocketChannel *self)
{
  if (!congkak_net_error_is_refusal (error))
    {
      g_debug ("Network: the connection to %s: %s", self->peer_name, error->message);
      return;
    }
  g_free (self->error_reason);
  self->error_reason = g_strdup (error->message);
}

static void
on_closed (SoupWebsocketConnection *connection,
           CongkakNetSocketChannel *self)
{
  g_autoptr (CongkakNetSocketChannel) hold = g_object_ref (self);
  g_autofree char *reason = NULL;
  const char *data = soup_websocket_connection_get_close_data (connection);
  gushort code = soup_websocket_connection_get_close_code (connection);

  if (!self->open)
    return;
  if (self->error_reason != NULL)
    {
      /* The connection broke a rule below the messages (a frame too
       * large, bad framing): a refusal, said once. */
      if (self->refused_func != NULL)
        self->refused_func (self, self->error_reason, self->refused_data);
      reason = g_strdup (self->error_reason);
    }
  else if (data != NULL && *data != '\0')
    reason = g_strdup (data);
  else if (code != 0)
    reason = g_strdup_printf ("closed (%u)", code);
  else
    reason = g_strdup ("the connection was lost");
  mark_closed (self, reason);
}

static void
socket_channel_send (CongkakNetChannel *channel,
                     JsonObject        *message)
{
  CongkakNetSocketChannel *self = CONGKAK_NET_SOCKET_CHANNEL (channel);
  g_autofree char *text = NULL;
  gsize length;

  if (!self->open)
    return;
  text = congkak_net_envelope_to_string (message, &length);
  if (length > self->max_outgoing)
    {
      g_autofree char *reason = g_strdup_printf ("a “%s” message of %" G_GSIZE_FORMAT " bytes, more than the %" G_GSIZE_FORMAT " the other side reads",
                                                 congkak_net_message_get_type (message), length, self->max_outgoing);

      g_message ("Network: closing the connection to %s: %s", self->peer_name, reason);
      congkak_net_channel_close (channel, reason);
      return;
    }
  soup_websocket_connection_send_text (self->connection, text);
  if (self->rate_limited)
    self->replies_owed = MIN (self->replies_owed + 1, CONGKAK_NET_RATE_BURST);
}

static void
socket_channel_close (CongkakNetChannel *channel,
                      const char        *reason)
{
  CongkakNetSocketChannel *self = CONGKAK_NET_SOCKET_CHANNEL (channel);
  g_autoptr (CongkakNetSocketChannel) hold = g_object_ref (self);
  g_autofree char *short_reason = congkak_net_close_reason (reason);

  if (!self->open)
    return;
  if (soup_websocket_connection_get_state (self->connection) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (self->connection, SOUP_WEBSOCKET_CLOSE_NORMAL, short_reason);
  mark_closed (self, reason);
}

static gboolean
socket_channel_is_open (CongkakNetChannel *channel)
{
  return CONGKAK_NET_SOCKET_CHANNEL (channel)->open;
}

static CongkakNetRole
socket_channel_get_role (CongkakNetChannel *channel)
{
  return CONGKAK_NET_SOCKET_CHANNEL (channel)->role;
}

static const char *
socket_channel_get_peer_name (CongkakNetChannel *channel)
{
  return CONGKAK_NET_SOCKET_CHANNEL (channel)->peer_name;
}

static void
congkak_net_socket_channel_iface_init (CongkakNetChannelInterface *iface)
{
  iface->send = socket_channel_send;
  iface->close = socket_channel_close;
  iface->is_open = socket_channel_is_open;
  iface->get_role = socket_channel_get_role;
  iface->get_peer_name = socket_channel_get_peer_name;
}

static void
congkak_net_socket_channel_dispose (GObject *object)
{
  CongkakNetSocketChannel *self = CONGKAK_NET_SOCKET_CHANNEL (object);

  if (self->connection != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->connection, self);
      if (soup_websocket_connection_get_state (self->connection) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (self->connection, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "gone");
      g_clear_object (&self->connection);
    }
  self->open = FALSE;

  G_OBJECT_CLASS (congkak_net_socket_channel_parent_class)->dispose (object);
}

static void
congkak_net_socket_channel_finalize (GObject *object)
{
  CongkakNetSocketChannel *self = CONGKAK_NET_SOCKET_CHANNEL (object);

  g_free (self->peer_name);
  g_free (self->error_reason);

  G_OBJECT_CLASS (congkak_net_socket_channel_parent_class)->finalize (object);
}

static void
congkak_net_socket_channel_class_init (CongkakNetSocketChannelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_net_socket_channel_dispose;
  object_class->finalize = congkak_net_socket_channel_finalize;
}

static void
congkak_net_socket_channel_init (CongkakNetSocketChannel *self)
{
}

/**
 * congkak_net_socket_channel_new:
 * @connection: an open WebSocket, its hello done
 * @max_incoming: the bound of a message from the peer, in bytes
 * @max_outgoing: the bound of a message to the peer
 * @rate_limited: whether the peer's messages are rate limited (a host's
 *   end)
 */
CongkakNetSocketChannel *
congkak_net_socket_channel_new (SoupWebsocketConnection *connection,
                                CongkakNetRole           role,
                                const char              *peer_name,
                                gsize                    max_incoming,
                                gsize                    max_outgoing,
                                gboolean                 rate_limited)
{
  CongkakNetSocketChannel *self;

  g_return_val_if_fail (SOUP_IS_WEBSOCKET_CONNECTION (connection), NULL);

  self = g_object_new (CONGKAK_TYPE_NET_SOCKET_CHANNEL, NULL);
  self->connection = g_object_ref (connection);
  self->role = role;
  self->peer_name = g_strdup (peer_name != NULL ? peer_name : "");
  self->max_incoming = max_incoming;
  self->max_outgoing = max_outgoing;
  self->rate_limited = rate_limited;
  self->tokens = CONGKAK_NET_RATE_BURST;
  self->tokens_time = g_get_monotonic_time ();
  self->open = soup_websocket_connection_get_state (connection) == SOUP_WEBSOCKET_STATE_OPEN;
  g_signal_connect (connection, "message", G_CALLBACK (on_message), self);
  g_signal_connect (connection, "error", G_CALLBACK (on_error), self);
  g_signal_connect (connection, "closed", G_CALLBACK (on_closed), self);
  return self;
}

void
congkak_net_socket_channel_set_refused_func (CongkakNetSocketChannel *self,
                                             CongkakNetRefusedFunc    func,
                                             gpointer                 user_data)
{
  g_return_if_fail (CONGKAK_IS_NET_SOCKET_CHANNEL (self));

  self->refused_func = func;
  self->refused_data = user_data;
}
