/* congkak-net-error.h — what can go wrong between two Congkak computers
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CONGKAK_NET_ERROR (congkak_net_error_quark ())

typedef enum
{
  CONGKAK_NET_ERROR_INVALID_CODE,       /* a join code that is no code at all */
  CONGKAK_NET_ERROR_INVALID_ADDRESS,    /* "host" or "host:port" it is not */
  CONGKAK_NET_ERROR_INVALID_MESSAGE,    /* a message the envelope refuses */
  CONGKAK_NET_ERROR_CERTIFICATE,        /* the certificate could not be made */
  CONGKAK_NET_ERROR_UNREACHABLE,        /* nothing answered at the address */
  CONGKAK_NET_ERROR_NOT_CONGKAK,        /* something answered, not a Congkak host */
  CONGKAK_NET_ERROR_WRONG_CERTIFICATE,  /* another computer answered: not the code's */
  CONGKAK_NET_ERROR_WRONG_CODE,         /* the host knows no such code */
  CONGKAK_NET_ERROR_TOO_MANY_ATTEMPTS,  /* too many wrong codes from this computer */
  CONGKAK_NET_ERROR_PROTOCOL_VERSION,   /* the host speaks another protocol version */
  CONGKAK_NET_ERROR_HOST_FULL,          /* the host takes no more connections */
  CONGKAK_NET_ERROR_CLOSED,             /* the host closed the connection */
} CongkakNetError;

GQuark congkak_net_error_quark (void);

G_END_DECLS
