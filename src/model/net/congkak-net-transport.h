/* congkak-net-transport.h — what host and client agree on: WebSocket over TLS
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The constants of doc/NETWORK-PROTOCOL.md, section “Transport”, that the
 * server (congkak-net-server.h) and the client (congkak-net-client.h)
 * share.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CONGKAK_NET_PROTOCOL_VERSION 1
#define CONGKAK_NET_PATH             "/congkak"
#define CONGKAK_NET_DEFAULT_PORT     47862

/* Bounds of one message's text, in bytes */
#define CONGKAK_NET_CLIENT_MAX_MESSAGE (16 * 1024)         /* client → host */
#define CONGKAK_NET_HOST_MAX_MESSAGE   (16 * 1024 * 1024)  /* host → client */
/* Messages a client may send a second, and at once (a token bucket) */
#define CONGKAK_NET_RATE_PER_SECOND 30
#define CONGKAK_NET_RATE_BURST      60
/* What a person's name (in a hello or welcome) may be, in characters */
#define CONGKAK_NET_MAX_NAME 64

/* The host's reasons to close, as WebSocket close codes (4000–4999 are
 * the application's); the close frame's text says more, for the log. */
typedef enum
{
  CONGKAK_NET_CLOSE_WRONG_CODE        = 4001,
  CONGKAK_NET_CLOSE_PROTOCOL_VERSION  = 4002,  /* text: "protocol N", the host's */
  CONGKAK_NET_CLOSE_HOST_FULL         = 4003,
  CONGKAK_NET_CLOSE_BAD_HELLO         = 4004,
  CONGKAK_NET_CLOSE_HELLO_TIMEOUT     = 4005,
  CONGKAK_NET_CLOSE_INVALID_MESSAGE   = 4006,
  CONGKAK_NET_CLOSE_FLOOD             = 4007,
  CONGKAK_NET_CLOSE_TOO_MANY_ATTEMPTS = 4008,
} CongkakNetCloseCode;

G_END_DECLS
