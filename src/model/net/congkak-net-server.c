/* congkak-net-server.c — the host's end: WebSocket over TLS, the hello, the codes
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The server accepts TCP connections itself (a GSocketService), so that
 * it can count them and refuse before any work: at most
 * CONGKAK_NET_MAX_PENDING connections before their hello (and
 * CONGKAK_NET_MAX_PENDING_PER_ADDRESS from one address).  An address that
 * sent too many wrong codes gets its hello refused unread, so that the
 * person there learns to wait.  It then does the TLS handshake
 * with the host's certificate and hands the TLS stream to a SoupServer,
 * which answers the WebSocket upgrade on CONGKAK_NET_PATH.  Between the
 * two sits a guard that reads the client's frames as they pass: libsoup
 * bounds each frame, not a message made of many fragments, so the guard
 * bounds the message.  A client has CONGKAK_NET_HELLO_SECONDS from its
 * TCP connection to say a hello with a valid code; then its channel
 * (congkak-net-socket-channel.c) is handed on through "channel-opened".
 * Every refusal closes that one connection, with a reason in the log and
 * in "refused"; nothing above the transport hears of it.
 */

#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "congkak-file-util.h"
#include "congkak-net-certificate.h"
#include "congkak-net-code.h"
#include "congkak-net-envelope.h"
#include "congkak-net-server.h"
#include "congkak-net-socket-channel-private.h"
#include "congkak-net-transport.h"

/* How long the HTTP request that opens a WebSocket may be */
#define REQUEST_MAX_BYTES 8192
/* After a refusal's close frame, how long the client has to answer it */
#define CLOSE_GRACE_SECONDS 2

/* The frame guard */

#define CONGKAK_TYPE_NET_FRAME_GUARD (congkak_net_frame_guard_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetFrameGuard, congkak_net_frame_guard, CONGKAK, NET_FRAME_GUARD, GObject)

typedef enum
{
  GUARD_REQUEST,  /* the HTTP request, up to its blank line */
  GUARD_HEADER,   /* a frame's header */
  GUARD_PAYLOAD,  /* its payload, passed on unread */
} GuardState;

struct _CongkakNetFrameGuard
{
  GObject parent_instance;

  GuardState state;
  GString   *request;
  guint8     header[14];
  guint      header_have;
  guint64    payload_left;
  guint64    message_size;  /* of the data frames of the message so far */
};

static void congkak_net_frame_guard_converter_init (GConverterIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakNetFrameGuard, congkak_net_frame_guard, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_CONVERTER, congkak_net_frame_guard_converter_init))

static gboolean
guard_fail (GError     **error,
            const char  *reason)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, reason);
  return FALSE;
}

/* The length of the frame header begun in @header (2 bytes read) */
static guint
header_length (const guint8 *header)
{
  guint length = 2 + ((header[1] & 0x80) ? 4 : 0);

  if ((header[1] & 0x7f) == 126)
    length += 2;
  else if ((header[1] & 0x7f) == 127)
    length += 8;
  return length;
}

static gboolean
guard_header_done (CongkakNetFrameGuard  *self,
                   GError               **error)
{
  guint8 opcode = self->header[0] & 0x0f;
  gboolean fin = (self->header[0] & 0x80) != 0;
  guint64 length = self->header[1] & 0x7f;

  if (length == 126)
    length = ((guint64) self->header[2] << 8) | self->header[3];
  else if (length == 127)
    {
      length = 0;
      for (guint i = 2; i < 10; i++)
        length = (length << 8) | self->header[i];
    }

  if (opcode >= 8)
    {
      if (length > 125)
        return guard_fail (error, "a control frame longer than 125 bytes");
    }
  else
    {
      if (opcode != 0)
        self->message_size = 0;
      if (length > CONGKAK_NET_CLIENT_MAX_MESSAGE
          || self->message_size + length > CONGKAK_NET_CLIENT_MAX_MESSAGE)
        {
          g_autofree char *reason = g_strdup_printf ("a message of more than %d bytes",
                                                     CONGKAK_NET_CLIENT_MAX_MESSAGE);

          return guard_fail (error, reason);
        }
      self->message_size += length;
      if (fin)
        self->message_size = 0;
    }
  self->payload_left = length;
  self->header_have = 0;
  self->state = length > 0 ? GUARD_PAYLOAD : GUARD_HEADER;
  return TRUE;
}

static gboolean
guard_request_done (CongkakNetFrameGuard  *self,
                    GError               **error)
{
  g_autofree char *lower = g_ascii_strdown (self->request->str, self->request->len);

  /* A body would come between the request and the frames, unseen. */
  if (strstr (lower, "\ncontent-length:") != NULL || strstr (lower, "\ntransfer-encoding:") != NULL)
    return guard_fail (error, "an HTTP request with a body");
  g_string_free (g_steal_pointer (&self->request), TRUE);
  self->state = GUARD_HEADER;
  self->header_have = 0;
  return TRUE;
}

static gboolean
guard_scan (CongkakNetFrameGuard  *self,
            const guint8          *data,
            gsize                  length,
            GError               **error)
{
  gsize i = 0;

  while (i < length)
    switch (self->state)
      {
      case GUARD_REQUEST:
        g_string_append_c (self->request, data[i++]);
        if (self->request->len > REQUEST_MAX_BYTES)
          return guard_fail (error, "an HTTP request longer than 8 KiB");
        if (g_str_has_suffix (self->request->str, "\r\n\r\n") && !guard_request_done (self, error))
          return FALSE;
        break;

      case GUARD_HEADER:
        self->header[self->header_have++] = data[i++];
        if (self->header_have >= 2 && self->header_have == header_length (self->header)
            && !guard_header_done (self, error))
          return FALSE;
        break;

      case GUARD_PAYLOAD:
        {
          gsize skip = MIN (self->payload_left, length - i);

          i += skip;
          self->payload_left -= skip;
          if (self->payload_left == 0)
            self->state = GUARD_HEADER;
        }
        break;

      default:
        g_assert_not_reached ();
      }
  return TRUE;
}

static GConverterResult
guard_convert (GConverter       *converter,
               const void       *inbuf,
               gsize             inbuf_size,
               void             *outbuf,
               gsize             outbuf_size,
               GConverterFlags   flags,
               gsize            *bytes_read,
               gsize            *bytes_written,
               GError          **error)
{
  CongkakNetFrameGuard *self = CONGKAK_NET_FRAME_GUARD (converter);
  gsize count = MIN (inbuf_size, outbuf_size);

  if (inbuf_size > 0 && outbuf_size == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "no room");
      return G_CONVERTER_ERROR;
    }
  if (inbuf_size == 0 && !(flags & (G_CONVERTER_INPUT_AT_END | G_CONVERTER_FLUSH)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT, "more");
      return G_CONVERTER_ERROR;
    }
  if (!guard_scan (self, inbuf, count, error))
    return G_CONVERTER_ERROR;
  memcpy (outbuf, inbuf, count);
  *bytes_read = *bytes_written = count;
  if (count == inbuf_size && (flags & G_CONVERTER_INPUT_AT_END))
    return G_CONVERTER_FINISHED;
  if (count == inbuf_size && (flags & G_CONVERTER_FLUSH))
    return G_CONVERTER_FLUSHED;
  return G_CONVERTER_CONVERTED;
}

static void
guard_reset (GConverter *converter)
{
}

static void
congkak_net_frame_guard_converter_init (GConverterIface *iface)
{
  iface->convert = guard_convert;
  iface->reset = guard_reset;
}

static void
congkak_net_frame_guard_finalize (GObject *object)
{
  CongkakNetFrameGuard *self = CONGKAK_NET_FRAME_GUARD (object);

  if (self->request != NULL)
    g_string_free (self->request, TRUE);

  G_OBJECT_CLASS (congkak_net_frame_guard_parent_class)->finalize (object);
}

static void
congkak_net_frame_guard_class_init (CongkakNetFrameGuardClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_net_frame_guard_finalize;
}

static void
congkak_net_frame_guard_init (CongkakNetFrameGuard *self)
{
  self->state = GUARD_REQUEST;
  self->request = g_string_new (NULL);
}

/* The server */

typedef struct
{
  CongkakNetCode code;
  CongkakNetRole role;
} HostCode;

/* Wrong codes from one address: a token bucket */
typedef struct
{
  double tokens;
  gint64 time;
} Attempts;

typedef struct _Connection Connection;

struct _Connection
{
  CongkakNetServer        *server;          /* unowned: it drops its connections first */
  GSocketConnection       *socket;
  GSocketAddress          *remote_address;  /* one object per connection: the key */
  char                    *address;         /* for the log: 192.0.2.7 or 2001:db8::1 */
  char                    *address_key;     /* for the limits: the address, or an IPv6 /64 */
  GIOStream               *tls;
  GIOStream               *stream;          /* the TLS stream through the frame guard */
  GCancellable            *cancellable;
  SoupWebsocketConnection *websocket;
  CongkakNetSocketChannel *channel;
  guint                    deadline_id;
  guint                    grace_id;
  gboolean                 pending;         /* still before its hello */
  gboolean                 refused;
};

struct _CongkakNetServer
{
  GObject parent_instance;

  GTlsCertificate *certificate;
  guint8           fingerprint[CONGKAK_NET_FINGERPRINT_SIZE];
  char            *host_name;
  int              protocol;
  guint            hello_seconds;

  GSocketService  *service;
  SoupServer      *soup;
  guint16          port;

  GArray          *codes;        /* of HostCode */
  GList           *connections;  /* of Connection * */
  GHashTable      *by_remote;    /* GSocketAddress * → Connection * */
  GHashTable      *pending_by_address;  /* address key → count */
  GHashTable      *attempts;     /* address key → Attempts * */
  guint            n_pending;
  guint            n_channels;
};

enum
{
  PROP_0,
  PROP_CERTIFICATE,
  PROP_HOST_NAME,
  PROP_PORT,
  PROP_PROTOCOL,
  PROP_HELLO_SECONDS,
  N_PROPS
};

enum
{
  SIGNAL_CHANNEL_OPENED,
  SIGNAL_REFUSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint server_signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CongkakNetServer, congkak_net_server, G_TYPE_OBJECT)

static void
set_pending (Connection *connection,
             gboolean    pending)
{
  CongkakNetServer *self = connection->server;
  guint count;

  if (connection->pending == pending)
    return;
  connection->pending = pending;
  count = GPOINTER_TO_UINT (g_hash_table_lookup (self->pending_by_address, connection->address_key));
  if (pending)
    {
      self->n_pending++;
      g_hash_table_replace (self->pending_by_address, g_strdup (connection->address_key),
                            GUINT_TO_POINTER (count + 1));
    }
  else
    {
      self->n_pending--;
      if (count <= 1)
        g_hash_table_remove (self->pending_by_address, connection->address_key);
      else
        g_hash_table_replace (self->pending_by_address, g_strdup (connection->address_key),
                              GUINT_TO_POINTER (count - 1));
    }
}

static void
shutdown_socket (Connection *connection)
{
  GSocket *socket = g_socket_connection_get_socket (connection->socket);

  /* Whatever reads it (TLS, libsoup) sees its end and lets go. */
  g_socket_shutdown (socket, TRUE, TRUE, NULL);
}

static gboolean
nothing_cb (gpointer data)
{
  return G_SOURCE_REMOVE;
}

/* Lets go of @object from the main loop: it may be emitting the signal
 * whose handler frees the connection. */
static void
unref_later (gpointer object)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, nothing_cb, object, g_object_unref);
}

static void
connection_free (Connection *connection)
{
  CongkakNetServer *self = connection->server;

  set_pending (connection, FALSE);
  if (connection->channel != NULL)
    {
      self->n_channels--;
      congkak_net_socket_channel_set_refused_func (connection->channel, NULL, NULL);
      g_signal_handlers_disconnect_by_data (connection->channel, connection);
      unref_later (g_steal_pointer (&connection->channel));
    }
  if (connection->websocket != NULL)
    {
      g_signal_handlers_disconnect_by_data (connection->websocket, connection);
      unref_later (g_steal_pointer (&connection->websocket));
    }
  g_cancellable_cancel (connection->cancellable);
  g_clear_handle_id (&connection->deadline_id, g_source_remove);
  g_clear_handle_id (&connection->grace_id, g_source_remove);
  g_hash_table_remove (self->by_remote, connection->remote_address);
  self->connections = g_list_remove (self->connections, connection);
  g_clear_object (&connection->cancellable);
  g_clear_object (&connection->stream);
  g_clear_object (&connection->tls);
  g_clear_object (&connection->socket);
  g_clear_object (&connection->remote_address);
  g_free (connection->address);
  g_free (connection->address_key);
  g_free (connection);
}

/* Drops the connection now: the socket is shut, the rest let go */
static void
connection_drop (Connection *connection)
{
  shutdown_socket (connection);
  connection_free (connection);
}

static void
note_refusal (Connection *connection,
              const char *reason)
{
  if (connection->refused)
    return;
  connection->refused = TRUE;
  g_message ("Network: refused %s: %s", connection->address, reason);
  g_signal_emit (connection->server, server_signals[SIGNAL_REFUSED], 0, connection->address, reason);
}

static gboolean
grace_over_cb (gpointer data)
{
  Connection *connection = data;

  connection->grace_id = 0;
  connection_drop (connection);
  return G_SOURCE_REMOVE;
}

/* Closes the connection for @reason: with a close frame if it is a
 * WebSocket already (the client learns why), at once otherwise. */
static void
refuse (Connection *connection,
        gushort     close_code,
        const char *reason)
{
  note_refusal (connection, reason);
  if (connection->channel != NULL)
    {
      congkak_net_socket_channel_refuse (connection->channel, close_code, reason);
      return;
    }
  if (connection->websocket != NULL
      && soup_websocket_connection_get_state (connection->websocket) == SOUP_WEBSOCKET_STATE_OPEN)
    {
      g_autofree char *short_reason = congkak_net_close_reason (reason);

      soup_websocket_connection_close (connection->websocket, close_code, short_reason);
      g_clear_handle_id (&connection->deadline_id, g_source_remove);
      if (connection->grace_id == 0)
        connection->grace_id = g_timeout_add_seconds (CLOSE_GRACE_SECONDS, grace_over_cb, connection);
      return;
    }
  connection_drop (connection);
}

static gboolean
deadline_cb (gpointer data)
{
  Connection *connection = data;
  g_autofree char *reason = g_strdup_printf ("no hello within %u s", connection->server->hello_seconds);

  connection->deadline_id = 0;
  refuse (connection, CONGKAK_NET_CLOSE_HELLO_TIMEOUT, reason);
  return G_SOURCE_REMOVE;
}

static Attempts *
refill_attempts (CongkakNetServer *self,
                 const char       *address_key)
{
  Attempts *attempts = g_hash_table_lookup (self->attempts, address_key);
  gint64 now = g_get_monotonic_time ();

  if (attempts == NULL)
    return NULL;
  attempts->tokens = MIN (CONGKAK_NET_WRONG_CODES_BURST,
                          attempts->tokens + (now - attempts->time) / (double) (CONGKAK_NET_WRONG_CODE_SECONDS * G_USEC_PER_SEC));
  attempts->time = now;
  if (attempts->tokens >= CONGKAK_NET_WRONG_CODES_BURST)
    {
      g_hash_table_remove (self->attempts, address_key);
      return NULL;
    }
  return attempts;
}

static void
count_wrong_code (CongkakNetServer *self,
                  const char       *address_key)
{
  Attempts *attempts = refill_attempts (self, address_key);

  if (attempts == NULL)
    {
      attempts = g_new0 (Attempts, 1);
      attempts->tokens = CONGKAK_NET_WRONG_CODES_BURST;
      attempts->time = g_get_monotonic_time ();
      g_hash_table_insert (self->attempts, g_strdup (address_key), attempts);
    }
  attempts->tokens -= 1;
}

static void
on_channel_refused (CongkakNetSocketChannel *channel,
                    const char              *reason,
                    gpointer                 data)
{
  note_refusal (data, reason);
}

static void
on_channel_closed (CongkakNetChannel *channel,
                   const char        *reason,
                   Connection        *connection)
{
  /* The WebSocket's own "closed" frees the connection; a channel closed
   * by the host gives the client a moment to answer the close. */
  if (connection->grace_id == 0)
    connection->grace_id = g_timeout_add_seconds (CLOSE_GRACE_SECONDS, grace_over_cb, connection);
}

static const char *
role_name (CongkakNetRole role)
{
  return role == CONGKAK_NET_ROLE_PLAYER ? "player" : "follower";
}

/* The name a person gave: 1 to CONGKAK_NET_MAX_NAME characters, no
 * control characters */
static gboolean
is_good_name (const char *name)
{
  glong length = g_utf8_strlen (name, -1);

  if (length < 1 || length > CONGKAK_NET_MAX_NAME)
    return FALSE;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (congkak_is_hidden_control (g_utf8_get_char (p)) || g_unichar_iscntrl (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

static const char *
string_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static void
open_channel (Connection     *connection,
              CongkakNetRole  role,
              const char     *name)
{
  CongkakNetServer *self = connection->server;
  g_autoptr (JsonObject) welcome = congkak_net_message_new ("welcome");
  g_autofree char *app = g_strdup_printf ("Congkak %s", PACKAGE_VERSION);
  CongkakNetSocketChannel *channel;

  g_signal_handlers_disconnect_by_data (connection->websocket, connection);
  g_clear_handle_id (&connection->deadline_id, g_source_remove);
  set_pending (connection, FALSE);

  channel = congkak_net_socket_channel_new (connection->websocket, role, name,
                                            CONGKAK_NET_CLIENT_MAX_MESSAGE, CONGKAK_NET_HOST_MAX_MESSAGE, TRUE);
  connection->channel = channel;
  self->n_channels++;
  congkak_net_socket_channel_set_refused_func (channel, on_channel_refused, connection);
  g_signal_connect (channel, "closed", G_CALLBACK (on_channel_closed), connection);
  /* The WebSocket's end still frees the connection */
  g_signal_connect_swapped (connection->websocket, "closed", G_CALLBACK (connection_free), connection);

  json_object_set_int_member (welcome, "protocol", self->protocol);
  json_object_set_string_member (welcome, "app", app);
  json_object_set_string_member (welcome, "name", self->host_name);
  congkak_net_channel_send (CONGKAK_NET_CHANNEL (channel), welcome);

  g_message ("Network: %s joined from %s as a %s", name, connection->address, role_name (role));
  g_signal_emit (self, server_signals[SIGNAL_CHANNEL_OPENED], 0, channel);
}

static void
read_hello (Connection *connection,
            const char *text,
            gsize       length)
{
  CongkakNetServer *self = connection->server;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) hello = NULL;
  JsonNode *protocol;
  const char *type, *role_text, *name, *code_text;
  CongkakNetRole role;
  CongkakNetCode code;
  Attempts *attempts;
  gboolean found = FALSE, role_matches = FALSE;

  hello = congkak_net_envelope_parse (text, length, CONGKAK_NET_CLIENT_MAX_MESSAGE, &error);
  if (hello == NULL)
    {
      g_autofree char *reason = g_strdup_printf ("a bad hello: %s", error->message);

      refuse (connection, CONGKAK_NET_CLOSE_BAD_HELLO, reason);
      return;
    }
  type = congkak_net_message_get_type (hello);
  if (!g_str_equal (type, "hello"))
    {
      g_autofree char *reason = g_strdup_printf ("a “%s” message before the hello", type);

      refuse (connection, CONGKAK_NET_CLOSE_BAD_HELLO, reason);
      return;
    }
  protocol = json_object_get_member (hello, "protocol");
  if (protocol == NULL || !JSON_NODE_HOLDS_VALUE (protocol) || json_node_get_value_type (protocol) != G_TYPE_INT64)
    {
      refuse (connection, CONGKAK_NET_CLOSE_BAD_HELLO, "a bad hello: no protocol version");
      return;
    }
  if (json_node_get_int (protocol) != self->protocol)
    {
      g_autofree char *reason = g_strdup_printf ("protocol %d", self->protocol);

      note_refusal (connection, "another protocol version");
      refuse (connection, CONGKAK_NET_CLOSE_PROTOCOL_VERSION, reason);
      return;
    }
  role_text = string_member (hello, "role");
  if (g_strcmp0 (role_text, "player") == 0)
    role = CONGKAK_NET_ROLE_PLAYER;
  else if (g_strcmp0 (role_text, "follower") == 0)
    role = CONGKAK_NET_ROLE_FOLLOWER;
  else
    {
      refuse (connection, CONGKAK_NET_CLOSE_BAD_HELLO, "a bad hello: no role “player” or “follower”");
      return;
    }
  name = string_member (hello, "name");
  if (name == NULL || !is_good_name (name))
    {
      refuse (connection, CONGKAK_NET_CLOSE_BAD_HELLO, "a bad hello: no name of 1 to 64 plain characters");
      return;
    }
  /* Past its wrong codes, an address's codes are not even looked at: it
   * learns that it must wait. */
  attempts = refill_attempts (self, connection->address_key);
  if (attempts != NULL && attempts->tokens < 1)
    {
      refuse (connection, CONGKAK_NET_CLOSE_TOO_MANY_ATTEMPTS, "too many wrong codes from this address");
      return;
    }
  code_text = string_member (hello, "code");
  if (code_text != NULL && strlen (code_text) <= 32 && congkak_net_code_parse (code_text, &code, NULL)
      && congkak_net_code_matches_fingerprint (&code, self->fingerprint))
    /* Every code is compared, whichever matches. */
    for (guint i = 0; i < self->codes->len; i++)
      {
        HostCode *host_code = &g_array_index (self->codes, HostCode, i);
        gboolean equal = congkak_net_code_secret_equal (&host_code->code, &code);

        found |= equal;
        role_matches |= equal && host_code->role == role;
      }
  if (!found)
    {
      count_wrong_code (self, connection->address_key);
      refuse (connection, CONGKAK_NET_CLOSE_WRONG_CODE, "a wrong code");
      return;
    }
  if (!role_matches)
    {
      g_autofree char *reason = g_strdup_printf ("the code is not for a %s", role_text);

      refuse (connection, CONGKAK_NET_CLOSE_WRONG_CODE, reason);
      return;
    }
  if (self->n_channels >= CONGKAK_NET_MAX_CHANNELS)
    {
      refuse (connection, CONGKAK_NET_CLOSE_HOST_FULL, "the host is full");
      return;
    }
  open_channel (connection, role, name);
}

static void
on_hello_message (SoupWebsocketConnection *websocket,
                  SoupWebsocketDataType    type,
                  GBytes                  *data,
                  Connection              *connection)
{
  const char *text;
  gsize length;

  if (connection->refused)
    return;
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      refuse (connection, SOUP_WEBSOCKET_CLOSE_UNSUPPORTED_DATA, "a binary frame before the hello");
      return;
    }
  text = g_bytes_get_data (data, &length);
  read_hello (connection, text, length);
}

static void
on_hello_error (SoupWebsocketConnection *websocket,
                GError                  *error,
                Connection              *connection)
{
  if (congkak_net_error_is_refusal (error))
    note_refusal (connection, error->message);
}

static void
on_hello_closed (SoupWebsocketConnection *websocket,
                 Connection              *connection)
{
  connection_free (connection);
}

static void
websocket_cb (SoupServer              *soup,
              SoupServerMessage       *message,
              const char              *path,
              SoupWebsocketConnection *websocket,
              gpointer                 data)
{
  CongkakNetServer *self = data;
  Connection *connection = g_hash_table_lookup (self->by_remote, soup_server_message_get_remote_address (message));

  if (connection == NULL || connection->websocket != NULL)
    {
      soup_websocket_connection_close (websocket, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "unknown connection");
      return;
    }
  connection->websocket = g_object_ref (websocket);
  soup_websocket_connection_set_max_incoming_payload_size (websocket, CONGKAK_NET_CLIENT_MAX_MESSAGE);
  soup_websocket_connection_set_keepalive_interval (websocket, CONGKAK_NET_KEEPALIVE_SECONDS);
  soup_websocket_connection_set_keepalive_pong_timeout (websocket, CONGKAK_NET_PONG_SECONDS);
  g_signal_connect (websocket, "message", G_CALLBACK (on_hello_message), connection);
  g_signal_connect (websocket, "error", G_CALLBACK (on_hello_error), connection);
  g_signal_connect (websocket, "closed", G_CALLBACK (on_hello_closed), connection);
}

static void
handshake_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = data;
  Connection *connection = g_object_get_data (G_OBJECT (cancellable), "congkak-connection");
  g_autoptr (GConverter) guard = NULL;
  g_autoptr (GInputStream) input = NULL;
  GSocketAddress *local;

  gboolean done = g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error);

  if (g_cancellable_is_cancelled (cancellable))
    return;  /* the connection is gone */
  if (!done)
    {
      g_autofree char *reason = g_strdup_printf ("no TLS handshake: %s", error->message);

      refuse (connection, 0, reason);
      return;
    }

  guard = g_object_new (CONGKAK_TYPE_NET_FRAME_GUARD, NULL);
  input = g_converter_input_stream_new (g_io_stream_get_input_stream (connection->tls), guard);
  connection->stream = g_simple_io_stream_new (input, g_io_stream_get_output_stream (connection->tls));
  local = g_socket_connection_get_local_address (connection->socket, NULL);
  if (!soup_server_accept_iostream (connection->server->soup, connection->stream, local,
                                    connection->remote_address, &error))
    {
      g_autofree char *reason = g_strdup_printf ("not accepted: %s", error->message);

      refuse (connection, 0, reason);
    }
  g_clear_object (&local);
}

static char *
address_text (GSocketAddress *address)
{
  if (G_IS_INET_SOCKET_ADDRESS (address))
    return g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address)));
  return g_strdup ("an unknown address");
}

/* What the limits count by: an IPv4 address, or the /64 network of an
 * IPv6 one (which a single computer may hold whole) */
static char *
address_key (GSocketAddress *address)
{
  GInetAddress *inet;

  if (!G_IS_INET_SOCKET_ADDRESS (address))
    return g_strdup ("?");
  inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address));
  if (g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV6)
    {
      const guint8 *bytes = g_inet_address_to_bytes (inet);

      return g_strdup_printf ("%02x%02x:%02x%02x:%02x%02x:%02x%02x::/64",
                              bytes[0], bytes[1], bytes[2], bytes[3],
                              bytes[4], bytes[5], bytes[6], bytes[7]);
    }
  return g_inet_address_to_string (inet);
}

static gboolean
on_incoming (GSocketService    *service,
             GSocketConnection *socket,
             GObject           *source,
             CongkakNetServer  *self)
{
  g_autoptr (GError) error = NULL;
  Connection *connection;
  const char *why = NULL;

  connection = g_new0 (Connection, 1);
  connection->server = self;
  connection->socket = g_object_ref (socket);
  connection->remote_address = g_socket_connection_get_remote_address (socket, NULL);
  if (connection->remote_address == NULL)
    connection->remote_address = g_inet_socket_address_new_from_string ("0.0.0.0", 0);
  connection->address = address_text (connection->remote_address);
  connection->address_key = address_key (connection->remote_address);
  connection->cancellable = g_cancellable_new ();
  self->connections = g_list_prepend (self->connections, connection);
  g_hash_table_insert (self->by_remote, connection->remote_address, connection);

  if (self->n_pending >= CONGKAK_NET_MAX_PENDING)
    why = "too many connections before their hello";
  else if (GPOINTER_TO_UINT (g_hash_table_lookup (self->pending_by_address, connection->address_key))
           >= CONGKAK_NET_MAX_PENDING_PER_ADDRESS)
    why = "too many connections before their hello from this address";
  if (why != NULL)
    {
      refuse (connection, 0, why);
      return TRUE;
    }

  set_pending (connection, TRUE);
  connection->deadline_id = g_timeout_add_seconds (self->hello_seconds, deadline_cb, connection);
  connection->tls = g_tls_server_connection_new (G_IO_STREAM (socket), self->certificate, &error);
  if (connection->tls == NULL)
    {
      g_autofree char *reason = g_strdup_printf ("no TLS: %s", error->message);

      refuse (connection, 0, reason);
      return TRUE;
    }
  g_object_set_data (G_OBJECT (connection->cancellable), "congkak-connection", connection);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (connection->tls), G_PRIORITY_DEFAULT,
                                    connection->cancellable, handshake_cb,
                                    g_object_ref (connection->cancellable));
  return TRUE;
}

static void
congkak_net_server_dispose (GObject *object)
{
  CongkakNetServer *self = CONGKAK_NET_SERVER (object);

  congkak_net_server_stop (self);
  g_clear_object (&self->soup);

  G_OBJECT_CLASS (congkak_net_server_parent_class)->dispose (object);
}

static void
congkak_net_server_finalize (GObject *object)
{
  CongkakNetServer *self = CONGKAK_NET_SERVER (object);

  g_clear_object (&self->certificate);
  g_free (self->host_name);
  g_array_unref (self->codes);
  g_hash_table_unref (self->by_remote);
  g_hash_table_unref (self->pending_by_address);
  g_hash_table_unref (self->attempts);

  G_OBJECT_CLASS (congkak_net_server_parent_class)->finalize (object);
}

static void
congkak_net_server_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CongkakNetServer *self = CONGKAK_NET_SERVER (object);

  switch (prop_id)
    {
    case PROP_CERTIFICATE:
      g_value_set_object (value, self->certificate);
      break;
    case PROP_HOST_NAME:
      g_value_set_string (value, self->host_name);
      break;
    case PROP_PORT:
      g_value_set_uint (value, self->port);
      break;
    case PROP_PROTOCOL:
      g_value_set_int (value, self->protocol);
      break;
    case PROP_HELLO_SECONDS:
      g_value_set_uint (value, self->hello_seconds);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_server_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CongkakNetServer *self = CONGKAK_NET_SERVER (object);

  switch (prop_id)
    {
    case PROP_CERTIFICATE:
      self->certificate = g_value_dup_object (value);
      if (self->certificate != NULL)
        congkak_net_certificate_fingerprint (self->certificate, self->fingerprint);
      break;
    case PROP_HOST_NAME:
      g_free (self->host_name);
      self->host_name = g_value_dup_string (value);
      break;
    case PROP_PROTOCOL:
      self->protocol = g_value_get_int (value);
      break;
    case PROP_HELLO_SECONDS:
      self->hello_seconds = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_server_class_init (CongkakNetServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_net_server_dispose;
  object_class->finalize = congkak_net_server_finalize;
  object_class->get_property = congkak_net_server_get_property;
  object_class->set_property = congkak_net_server_set_property;

  properties[PROP_CERTIFICATE] =
    g_param_spec_object ("certificate", NULL, NULL, G_TYPE_TLS_CERTIFICATE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The name clients see in the welcome: the host's person */
  properties[PROP_HOST_NAME] =
    g_param_spec_string ("host-name", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The port listened on, once listening; 0 before */
  properties[PROP_PORT] =
    g_param_spec_uint ("port", NULL, NULL, 0, G_MAXUINT16, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The protocol version the host speaks; another only in tests, to be
   * a host of another version */
  properties[PROP_PROTOCOL] =
    g_param_spec_int ("protocol", NULL, NULL, 0, G_MAXINT, CONGKAK_NET_PROTOCOL_VERSION,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* How long a client has from its connection to its hello */
  properties[PROP_HELLO_SECONDS] =
    g_param_spec_uint ("hello-seconds", NULL, NULL, 1, 600, CONGKAK_NET_HELLO_SECONDS,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakNetServer::channel-opened:
   * @channel: a client past its hello, with the role of its code
   */
  server_signals[SIGNAL_CHANNEL_OPENED] =
    g_signal_new ("channel-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CONGKAK_TYPE_NET_CHANNEL);
  /**
   * CongkakNetServer::refused:
   * @address: the client's address
   * @reason: why its connection was closed, for the log
   */
  server_signals[SIGNAL_REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
}

static void
congkak_net_server_init (CongkakNetServer *self)
{
  self->codes = g_array_new (FALSE, TRUE, sizeof (HostCode));
  self->by_remote = g_hash_table_new (NULL, NULL);
  self->pending_by_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->attempts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->protocol = CONGKAK_NET_PROTOCOL_VERSION;
  self->hello_seconds = CONGKAK_NET_HELLO_SECONDS;
}

/**
 * congkak_net_server_new:
 * @certificate: the host's, with its key (congkak_net_certificate_load_or_make())
 * @host_name: the name clients see, the host's person
 */
CongkakNetServer *
congkak_net_server_new (GTlsCertificate *certificate,
                        const char      *host_name)
{
  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);

  return g_object_new (CONGKAK_TYPE_NET_SERVER,
                       "certificate", certificate,
                       "host-name", host_name != NULL ? host_name : "",
                       NULL);
}

static gboolean
listen_on (CongkakNetServer  *self,
           GInetAddress      *inet,
           guint16           *port,
           GError           **error)
{
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (inet, *port);
  g_autoptr (GSocketAddress) effective = NULL;

  if (!g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), address,
                                      G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                      NULL, &effective, error))
    return FALSE;
  *port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  return TRUE;
}

/**
 * congkak_net_server_listen:
 * @port: the port, or 0 for any free one (then see #CongkakNetServer:port)
 * @loopback_only: listen on the loopback interface only (tests), not on
 *   every interface
 *
 * Starts taking clients.
 */
gboolean
congkak_net_server_listen (CongkakNetServer  *self,
                           guint16            port,
                           gboolean           loopback_only,
                           GError           **error)
{
  g_return_val_if_fail (CONGKAK_IS_NET_SERVER (self), FALSE);
  g_return_val_if_fail (self->service == NULL, FALSE);

  if (self->soup == NULL)
    {
      self->soup = g_object_new (SOUP_TYPE_SERVER, "server-header", NULL, NULL);
      /* Compressed frames would escape the frame guard's bounds. */
      soup_server_remove_websocket_extension (self->soup, SOUP_TYPE_WEBSOCKET_EXTENSION_DEFLATE);
      soup_server_add_websocket_handler (self->soup, CONGKAK_NET_PATH, NULL, NULL,
                                         websocket_cb, self, NULL);
    }

  self->service = g_socket_service_new ();
  g_signal_connect (self->service, "incoming", G_CALLBACK (on_incoming), self);
  if (loopback_only)
    {
      g_autoptr (GInetAddress) ipv4 = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
      g_autoptr (GInetAddress) ipv6 = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV6);

      if (!listen_on (self, ipv4, &port, error))
        goto fail;
      listen_on (self, ipv6, &port, NULL);  /* where there is IPv6 */
    }
  else if (port == 0)
    {
      port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (self->service), NULL, error);
      if (port == 0)
        goto fail;
    }
  else if (!g_socket_listener_add_inet_port (G_SOCKET_LISTENER (self->service), port, NULL, error))
    goto fail;

  self->port = port;
  g_socket_service_start (self->service);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PORT]);
  return TRUE;

fail:
  g_socket_service_stop (self->service);
  g_socket_listener_close (G_SOCKET_LISTENER (self->service));
  g_clear_object (&self->service);
  return FALSE;
}

/**
 * congkak_net_server_stop:
 *
 * Stops listening and closes every connection (its channel says
 * "closed").
 */
void
congkak_net_server_stop (CongkakNetServer *self)
{
  g_return_if_fail (CONGKAK_IS_NET_SERVER (self));

  if (self->service != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->service, self);
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
      g_clear_object (&self->service);
    }
  while (self->connections != NULL)
    {
      Connection *connection = self->connections->data;

      if (connection->channel != NULL)
        congkak_net_channel_close (CONGKAK_NET_CHANNEL (connection->channel), "the host stopped");
      connection_drop (connection);
    }
  if (self->port != 0)
    {
      self->port = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PORT]);
    }
}

guint16
congkak_net_server_get_port (CongkakNetServer *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_SERVER (self), 0);

  return self->port;
}

const char *
congkak_net_server_get_host_name (CongkakNetServer *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_SERVER (self), NULL);

  return self->host_name;
}

/**
 * congkak_net_server_get_n_channels:
 *
 * Returns: how many clients are past their hello and not yet gone
 */
guint
congkak_net_server_get_n_channels (CongkakNetServer *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_SERVER (self), 0);

  return self->n_channels;
}

/**
 * congkak_net_server_add_code:
 * @role: what a client with this code joins as
 *
 * Makes a join code that lets clients in as @role, until it is removed.
 *
 * Returns: (transfer full): the code to show, “7KQ4-M2XD-PL9A”
 */
char *
congkak_net_server_add_code (CongkakNetServer *self,
                             CongkakNetRole    role)
{
  HostCode host_code = { { 0, 0 }, role };

  g_return_val_if_fail (CONGKAK_IS_NET_SERVER (self), NULL);

  congkak_net_code_make (self->fingerprint, &host_code.code);
  g_array_append_val (self->codes, host_code);
  return congkak_net_code_to_string (&host_code.code);
}

/**
 * congkak_net_server_remove_code:
 *
 * Lets no new client in with @code; those in stay.
 *
 * Returns: whether @code was one of the host's
 */
gboolean
congkak_net_server_remove_code (CongkakNetServer *self,
                                const char       *code)
{
  CongkakNetCode parsed;

  g_return_val_if_fail (CONGKAK_IS_NET_SERVER (self), FALSE);
  g_return_val_if_fail (code != NULL, FALSE);

  if (!congkak_net_code_parse (code, &parsed, NULL))
    return FALSE;
  for (guint i = 0; i < self->codes->len; i++)
    {
      HostCode *host_code = &g_array_index (self->codes, HostCode, i);

      if (host_code->code.fingerprint_bits == parsed.fingerprint_bits
          && congkak_net_code_secret_equal (&host_code->code, &parsed))
        {
          g_array_remove_index (self->codes, i);
          return TRUE;
        }
    }
  return FALSE;
}
