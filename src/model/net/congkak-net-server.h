/* congkak-net-server.h — the host's end: WebSocket over TLS, the hello, the codes
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-net-channel.h"

G_BEGIN_DECLS

/* Bounds of the host (doc/NETWORK-PROTOCOL.md) */
#define CONGKAK_NET_MAX_CHANNELS             64  /* clients past their hello */
#define CONGKAK_NET_MAX_PENDING              16  /* connections before their hello */
#define CONGKAK_NET_MAX_PENDING_PER_ADDRESS   4
#define CONGKAK_NET_WRONG_CODES_BURST        10  /* wrong codes an address may send at once */
#define CONGKAK_NET_WRONG_CODE_SECONDS       30  /* then one more each this many seconds */
#define CONGKAK_NET_HELLO_SECONDS            10  /* to say hello in */
#define CONGKAK_NET_KEEPALIVE_SECONDS        15  /* a ping when quiet this long */
#define CONGKAK_NET_PONG_SECONDS             30  /* an unanswered ping closes then */

#define CONGKAK_TYPE_NET_SERVER (congkak_net_server_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetServer, congkak_net_server, CONGKAK, NET_SERVER, GObject)

CongkakNetServer *congkak_net_server_new         (GTlsCertificate   *certificate,
                                                  const char        *host_name);
gboolean          congkak_net_server_listen      (CongkakNetServer  *self,
                                                  guint16            port,
                                                  gboolean           loopback_only,
                                                  GError           **error);
void              congkak_net_server_stop        (CongkakNetServer  *self);
guint16           congkak_net_server_get_port    (CongkakNetServer  *self);
const char       *congkak_net_server_get_host_name (CongkakNetServer *self);
char             *congkak_net_server_add_code    (CongkakNetServer  *self,
                                                  CongkakNetRole     role);
gboolean          congkak_net_server_remove_code (CongkakNetServer  *self,
                                                  const char        *code);
guint             congkak_net_server_get_n_channels (CongkakNetServer *self);

G_END_DECLS
