/* congkak-net-socket-channel-private.h — a channel over a WebSocket
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "congkak-net-channel.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_NET_SOCKET_CHANNEL (congkak_net_socket_channel_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetSocketChannel, congkak_net_socket_channel,
                      CONGKAK, NET_SOCKET_CHANNEL, GObject)

/* Called when the channel closes because the peer broke a rule (a flood,
 * a message the envelope refuses, a binary or too large frame), before
 * "closed"; @reason for the log */
typedef void (*CongkakNetRefusedFunc) (CongkakNetSocketChannel *channel,
                                       const char              *reason,
                                       gpointer                 user_data);

CongkakNetSocketChannel *congkak_net_socket_channel_new (SoupWebsocketConnection *connection,
                                                         CongkakNetRole           role,
                                                         const char              *peer_name,
                                                         gsize                    max_incoming,
                                                         gsize                    max_outgoing,
                                                         gboolean                 rate_limited);
void  congkak_net_socket_channel_set_refused_func (CongkakNetSocketChannel *self,
                                                   CongkakNetRefusedFunc    func,
                                                   gpointer                 user_data);
void  congkak_net_socket_channel_refuse           (CongkakNetSocketChannel *self,
                                                   gushort                  close_code,
                                                   const char              *reason);

/* @reason cut to what a WebSocket close frame holds (123 bytes), on a
 * character's boundary */
char *congkak_net_close_reason (const char *reason);
gboolean congkak_net_error_is_refusal (const GError *error);

G_END_DECLS
