/* congkak-net-channel.h — one connection's messages, whatever carries them
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a match or a lesson over the network sees of a connection: JSON
 * objects that go out with congkak_net_channel_send() and come in through
 * the "message" signal, and one "closed" with a reason, after which
 * nothing more is sent or received.  Every message is an object with a
 * string member "type"; the transport (congkak-net-transport.h, WebSocket
 * over TLS) has checked its size, rate and envelope and the hello before
 * a channel is handed on, so a channel's user checks only the members its
 * own message types have.  The in-memory pair below carries the same
 * messages through their text form, for tests of the play above the
 * transport.
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* What the client asked to be, in its hello */
typedef enum
{
  CONGKAK_NET_ROLE_PLAYER,    /* plays one side of the host's match */
  CONGKAK_NET_ROLE_FOLLOWER,  /* follows a lesson, read-only */
} CongkakNetRole;

#define CONGKAK_TYPE_NET_CHANNEL (congkak_net_channel_get_type ())

G_DECLARE_INTERFACE (CongkakNetChannel, congkak_net_channel, CONGKAK, NET_CHANNEL, GObject)

struct _CongkakNetChannelInterface
{
  GTypeInterface parent_iface;

  void           (*send)      (CongkakNetChannel *self,
                               JsonObject        *message);
  void           (*close)     (CongkakNetChannel *self,
                               const char        *reason);
  gboolean       (*is_open)   (CongkakNetChannel *self);
  CongkakNetRole (*get_role)  (CongkakNetChannel *self);
  const char    *(*get_peer_name) (CongkakNetChannel *self);

  /* signals */
  void           (*message)   (CongkakNetChannel *self,
                               JsonObject        *message);
  void           (*closed)    (CongkakNetChannel *self,
                               const char        *reason);
};

/* Sends @message (an object with a string "type"); does nothing on a
 * closed channel. */
void            congkak_net_channel_send          (CongkakNetChannel *self,
                                                   JsonObject        *message);
/* Closes the channel with @reason (for the log and the other side);
 * emits "closed" once. */
void            congkak_net_channel_close         (CongkakNetChannel *self,
                                                   const char        *reason);
gboolean        congkak_net_channel_is_open       (CongkakNetChannel *self);
CongkakNetRole  congkak_net_channel_get_role      (CongkakNetChannel *self);
/* The name the other side gave in its hello (a person's name), never
 * NULL */
const char     *congkak_net_channel_get_peer_name (CongkakNetChannel *self);

/* For implementations: emit the signals */
void            congkak_net_channel_emit_message  (CongkakNetChannel *self,
                                                   JsonObject        *message);
void            congkak_net_channel_emit_closed   (CongkakNetChannel *self,
                                                   const char        *reason);

/* A message of @type with no other member yet */
JsonObject     *congkak_net_message_new           (const char        *type);
/* The "type" of @message, or NULL when it has none or it is no string */
const char     *congkak_net_message_get_type      (JsonObject        *message);

/* Two channels joined in memory: what one sends, the other receives from
 * the main loop (never within send()), through the message's text form.
 * @host_end is the host's end of a client that said @role and
 * @client_name; @client_end the client's, whose peer is @host_name. */
void            congkak_net_channel_new_pair      (CongkakNetRole      role,
                                                   const char         *host_name,
                                                   const char         *client_name,
                                                   CongkakNetChannel **host_end,
                                                   CongkakNetChannel **client_end);

G_END_DECLS
