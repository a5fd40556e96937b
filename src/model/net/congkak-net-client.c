/* congkak-net-client.c — joining a host: its address and join code
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The client opens wss://ADDRESS/congkak and trusts the certificate it is
 * shown only if its fingerprint has the code's first 30 bits (no
 * certificate authority is asked: the session has no TLS database, so
 * every certificate goes through SoupMessage::accept-certificate, and is
 * checked once more when the WebSocket is open).  It then says its hello
 * and waits for the welcome; every way this can fail is an error in
 * CONGKAK_NET_ERROR that tells the person what to do.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "congkak-net-certificate.h"
#include "congkak-net-client.h"
#include "congkak-net-code.h"
#include "congkak-net-envelope.h"
#include "congkak-net-error.h"
#include "congkak-net-socket-channel-private.h"
#include "congkak-net-transport.h"

/* How long the host has to answer the hello */
#define WELCOME_SECONDS 10
/* How long connecting and each read or write may take */
#define IO_SECONDS 20

typedef struct
{
  SoupSession             *session;
  SoupMessage             *message;
  SoupWebsocketConnection *websocket;
  char                    *address;       /* as typed, for messages */
  CongkakNetCode           code;
  CongkakNetRole           role;
  char                    *name;
  gboolean                 certificate_refused;
  guint                    welcome_id;
} Join;

static void
join_free (Join *join)
{
  if (join->websocket != NULL)
    {
      g_signal_handlers_disconnect_by_data (join->websocket, join);
      g_clear_object (&join->websocket);
    }
  if (join->message != NULL)
    g_signal_handlers_disconnect_by_data (join->message, join);
  g_clear_handle_id (&join->welcome_id, g_source_remove);
  g_clear_object (&join->message);
  g_clear_object (&join->session);
  g_free (join->address);
  g_free (join->name);
  g_free (join);
}

static gboolean
certificate_matches (Join            *join,
                     GTlsCertificate *certificate)
{
  guint8 fingerprint[CONGKAK_NET_FINGERPRINT_SIZE];

  if (certificate == NULL)
    return FALSE;
  congkak_net_certificate_fingerprint (certificate, fingerprint);
  return congkak_net_code_matches_fingerprint (&join->code, fingerprint);
}

static gboolean
on_accept_certificate (SoupMessage          *message,
                       GTlsCertificate      *certificate,
                       GTlsCertificateFlags  errors,
                       Join                 *join)
{
  if (certificate_matches (join, certificate))
    return TRUE;
  join->certificate_refused = TRUE;
  return FALSE;
}

static void
return_error (GTask      *task,
              int         code,
              const char *message)
{
  Join *join = g_task_get_task_data (task);

  if (join->websocket != NULL)
    {
      g_signal_handlers_disconnect_by_data (join->websocket, join);
      if (soup_websocket_connection_get_state (join->websocket) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (join->websocket, SOUP_WEBSOCKET_CLOSE_NORMAL, "leaving");
    }
  g_clear_handle_id (&join->welcome_id, g_source_remove);
  g_task_return_new_error_literal (task, CONGKAK_NET_ERROR, code, message);
}

static void
fail_not_congkak (GTask      *task,
                  const char *why)
{
  Join *join = g_task_get_task_data (task);
  g_autofree char *message = NULL;

  g_message ("Network: %s is not a Congkak host: %s", join->address, why);
  message = g_strdup_printf (_("Something answered at %s, but it is not a Congkak host. Check the address the host shows."),
                             join->address);
  return_error (task, CONGKAK_NET_ERROR_NOT_CONGKAK, message);
}

static void
fail_closed (GTask      *task,
             gushort     close_code,
             const char *close_data)
{
  Join *join = g_task_get_task_data (task);
  g_autofree char *message = NULL;

  switch (close_code)
    {
    case CONGKAK_NET_CLOSE_WRONG_CODE:
      return_error (task, CONGKAK_NET_ERROR_WRONG_CODE,
                    _("The host does not know this code. Check the code with the host: it may have made a new one."));
      return;

    case CONGKAK_NET_CLOSE_TOO_MANY_ATTEMPTS:
      return_error (task, CONGKAK_NET_ERROR_TOO_MANY_ATTEMPTS,
                    _("The host turned this computer away after too many wrong codes. Wait a few minutes, then try again with the right code."));
      return;

    case CONGKAK_NET_CLOSE_HOST_FULL:
      return_error (task, CONGKAK_NET_ERROR_HOST_FULL,
                    _("The host has as many players and followers as it can take. Try again when someone has left."));
      return;

    case CONGKAK_NET_CLOSE_PROTOCOL_VERSION:
      {
        guint64 theirs = 0;

        if (close_data != NULL && g_str_has_prefix (close_data, "protocol "))
          theirs = g_ascii_strtoull (close_data + strlen ("protocol "), NULL, 10);
        if (theirs > CONGKAK_NET_PROTOCOL_VERSION)
          message = g_strdup (_("The host has a newer version of Congkak that this one cannot play with. Update Congkak on this computer, then join again."));
        else
          message = g_strdup (_("The host has an older version of Congkak that this one cannot play with. Ask the host to update Congkak, then join again."));
        return_error (task, CONGKAK_NET_ERROR_PROTOCOL_VERSION, message);
        return;
      }

    default:
      g_message ("Network: %s closed the connection before its welcome (%u %s)",
                 join->address, close_code, close_data != NULL ? close_data : "");
      message = g_strdup_printf (_("The host at %s closed the connection. Try again; if it happens again, ask the host to host anew."),
                                 join->address);
      return_error (task, CONGKAK_NET_ERROR_CLOSED, message);
    }
}

static void
on_welcome_closed (SoupWebsocketConnection *websocket,
                   GTask                   *task)
{
  g_autoptr (GTask) hold = g_object_ref (task);

  fail_closed (task, soup_websocket_connection_get_close_code (websocket),
               soup_websocket_connection_get_close_data (websocket));
  g_object_unref (task);  /* the handlers' reference */
}

static void
on_welcome_message (SoupWebsocketConnection *websocket,
                    SoupWebsocketDataType    type,
                    GBytes                  *data,
                    GTask                   *task)
{
  g_autoptr (GTask) hold = g_object_ref (task);
  Join *join = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) welcome = NULL;
  g_autoptr (CongkakNetSocketChannel) channel = NULL;
  const char *text, *name;
  gsize length;
  JsonNode *protocol;
  g_autofree char *short_name = NULL;

  g_signal_handlers_disconnect_by_data (websocket, task);
  g_clear_handle_id (&join->welcome_id, g_source_remove);
  g_object_unref (task);  /* the handlers' reference */

  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      fail_not_congkak (task, "a binary frame for a welcome");
      return;
    }
  text = g_bytes_get_data (data, &length);
  welcome = congkak_net_envelope_parse (text, length, CONGKAK_NET_HOST_MAX_MESSAGE, &error);
  if (welcome == NULL)
    {
      fail_not_congkak (task, error->message);
      return;
    }
  if (!g_str_equal (congkak_net_message_get_type (welcome), "welcome"))
    {
      fail_not_congkak (task, "no welcome");
      return;
    }
  protocol = json_object_get_member (welcome, "protocol");
  if (protocol == NULL || !JSON_NODE_HOLDS_VALUE (protocol) || json_node_get_value_type (protocol) != G_TYPE_INT64)
    {
      fail_not_congkak (task, "a welcome without a protocol version");
      return;
    }
  if (json_node_get_int (protocol) != CONGKAK_NET_PROTOCOL_VERSION)
    {
      g_autofree char *data_text = g_strdup_printf ("protocol %" G_GINT64_FORMAT, json_node_get_int (protocol));

      fail_closed (task, CONGKAK_NET_CLOSE_PROTOCOL_VERSION, data_text);
      return;
    }
  name = json_object_has_member (welcome, "name") && JSON_NODE_HOLDS_VALUE (json_object_get_member (welcome, "name"))
         && json_node_get_value_type (json_object_get_member (welcome, "name")) == G_TYPE_STRING
         ? json_object_get_string_member (welcome, "name") : "";
  short_name = g_utf8_substring (name, 0, MIN (g_utf8_strlen (name, -1), CONGKAK_NET_MAX_NAME));

  channel = congkak_net_socket_channel_new (websocket, join->role, short_name,
                                            CONGKAK_NET_HOST_MAX_MESSAGE, CONGKAK_NET_CLIENT_MAX_MESSAGE, FALSE);
  g_task_return_pointer (task, g_steal_pointer (&channel), g_object_unref);
}

static gboolean
welcome_timeout_cb (gpointer data)
{
  GTask *task = data;
  Join *join = g_task_get_task_data (task);

  join->welcome_id = 0;
  g_signal_handlers_disconnect_by_data (join->websocket, task);
  fail_not_congkak (task, "no welcome in time");
  g_object_unref (task);  /* the handlers' reference */
  return G_SOURCE_REMOVE;
}

static gboolean
is_unreachable (const GError *error)
{
  return error->domain == G_RESOLVER_ERROR
         || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED)
         || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_HOST_UNREACHABLE)
         || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE)
         || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_HOST_NOT_FOUND)
         || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
}

static void
websocket_connect_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      data)
{
  g_autoptr (GTask) task = data;
  Join *join = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) hello = NULL;
  g_autofree char *app = NULL;
  g_autofree char *code_text = NULL;
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;

  join->websocket = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  if (join->websocket == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      g_message ("Network: joining %s failed: %s", join->address, error->message);
      if (join->certificate_refused)
        {
          message = g_strdup_printf (_("Another computer answered at %s, not the host that made this code. Check the address and the code; if both are right, someone on this network may be posing as the host."),
                                     join->address);
          return_error (task, CONGKAK_NET_ERROR_WRONG_CERTIFICATE, message);
        }
      else if (is_unreachable (error))
        {
          message = g_strdup_printf (_("No Congkak host answered at %s. Check the address, that both computers are on the same network, and that the host is still waiting for players."),
                                     join->address);
          return_error (task, CONGKAK_NET_ERROR_UNREACHABLE, message);
        }
      else if (error->domain == G_TLS_ERROR && error->code != G_TLS_ERROR_EOF)
        fail_not_congkak (task, error->message);
      else if (error->domain == SOUP_WEBSOCKET_ERROR)
        fail_not_congkak (task, error->message);
      else
        fail_closed (task, 0, error->message);
      return;
    }

  /* Whatever the TLS library decided, the certificate must be the code's. */
  if (!certificate_matches (join, soup_message_get_tls_peer_certificate (join->message)))
    {
      join->certificate_refused = TRUE;
      message = g_strdup_printf (_("Another computer answered at %s, not the host that made this code. Check the address and the code; if both are right, someone on this network may be posing as the host."),
                                 join->address);
      return_error (task, CONGKAK_NET_ERROR_WRONG_CERTIFICATE, message);
      return;
    }

  soup_websocket_connection_set_max_incoming_payload_size (join->websocket, CONGKAK_NET_HOST_MAX_MESSAGE);
  soup_websocket_connection_set_keepalive_interval (join->websocket, 15);
  soup_websocket_connection_set_keepalive_pong_timeout (join->websocket, 30);

  hello = congkak_net_message_new ("hello");
  app = g_strdup_printf ("Congkak %s", PACKAGE_VERSION);
  code_text = congkak_net_code_to_string (&join->code);
  json_object_set_int_member (hello, "protocol", CONGKAK_NET_PROTOCOL_VERSION);
  json_object_set_string_member (hello, "app", app);
  json_object_set_string_member (hello, "role", join->role == CONGKAK_NET_ROLE_PLAYER ? "player" : "follower");
  json_object_set_string_member (hello, "code", code_text);
  json_object_set_string_member (hello, "name", join->name);
  text = congkak_net_envelope_to_string (hello, NULL);

  /* The handlers hold the task until one of them ends it */
  g_signal_connect (join->websocket, "message", G_CALLBACK (on_welcome_message), task);
  g_signal_connect (join->websocket, "closed", G_CALLBACK (on_welcome_closed), task);
  join->welcome_id = g_timeout_add_seconds (WELCOME_SECONDS, welcome_timeout_cb, task);
  soup_websocket_connection_send_text (join->websocket, text);
  g_steal_pointer (&task);
}

/**
 * congkak_net_client_connect_async:
 * @address: the host's, “host” or “host:port” (an IPv6 address in
 *   brackets: “[2001:db8::7]:47862”); the port is CONGKAK_NET_DEFAULT_PORT
 *   unless given
 * @code: the join code the host shows
 * @role: what to join as (the code must be for it)
 * @name: the person's name, shown to the host (at most 64 characters)
 *
 * Joins the host: a channel on success, or an error in CONGKAK_NET_ERROR
 * that says what to do.
 */
void
congkak_net_client_connect_async (const char          *address,
                                  const char          *code,
                                  CongkakNetRole       role,
                                  const char          *name,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketConnectable) connectable = NULL;
  g_autoptr (GUri) uri = NULL;
  Join *join;

  g_return_if_fail (address != NULL);
  g_return_if_fail (code != NULL);
  g_return_if_fail (name != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, congkak_net_client_connect_async);
  join = g_new0 (Join, 1);
  join->address = g_strdup (address);
  join->role = role;
  join->name = g_utf8_substring (name, 0, MIN (g_utf8_strlen (name, -1), CONGKAK_NET_MAX_NAME));
  g_task_set_task_data (task, join, (GDestroyNotify) join_free);

  if (!congkak_net_code_parse (code, &join->code, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  connectable = g_network_address_parse (g_strstrip (join->address), CONGKAK_NET_DEFAULT_PORT, &error);
  if (connectable == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not an address: type the host’s name or its IP address, and a port after a colon if the host shows one (such as 192.168.1.20:47862)."),
                                                  join->address);

      g_task_return_new_error_literal (task, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_ADDRESS, message);
      return;
    }
  uri = g_uri_build (G_URI_FLAGS_NONE, "wss", NULL,
                     g_network_address_get_hostname (G_NETWORK_ADDRESS (connectable)),
                     g_network_address_get_port (G_NETWORK_ADDRESS (connectable)),
                     CONGKAK_NET_PATH, NULL, NULL);

  join->session = soup_session_new_with_options ("timeout", IO_SECONDS, "idle-timeout", IO_SECONDS,
                                                 "tls-database", NULL, "proxy-resolver", NULL, NULL);
  /* Compressed frames are not part of the protocol. */
  soup_session_remove_feature_by_type (join->session, SOUP_TYPE_WEBSOCKET_EXTENSION_MANAGER);
  join->message = soup_message_new_from_uri (SOUP_METHOD_GET, uri);
  g_signal_connect (join->message, "accept-certificate", G_CALLBACK (on_accept_certificate), join);
  soup_session_websocket_connect_async (join->session, join->message, NULL, NULL, G_PRIORITY_DEFAULT,
                                        cancellable, websocket_connect_cb, g_steal_pointer (&task));
}

/**
 * congkak_net_client_connect_finish:
 *
 * Returns: (transfer full) (nullable): the channel to the host, whose
 *   peer name is the host's name; or %NULL with @error set
 */
CongkakNetChannel *
congkak_net_client_connect_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
