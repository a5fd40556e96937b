/* congkak-net-code.h — the join code a host shows and a client types
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Twelve characters of Crockford's base32 in three groups, such as
 * “7KQ4-M2XD-PL9A”: the first six carry 30 bits of the host certificate's
 * fingerprint (so the client knows which certificate to trust), the last
 * six 30 random secret bits (so that only who was told the code gets in).
 */

#pragma once

#include <glib.h>

#include "congkak-net-certificate.h"

G_BEGIN_DECLS

#define CONGKAK_NET_CODE_LENGTH 12  /* characters, without the dashes */

typedef struct
{
  guint32 fingerprint_bits;  /* the fingerprint's first 30 bits */
  guint32 secret;            /* 30 random bits */
} CongkakNetCode;

void      congkak_net_code_make                (const guint8          fingerprint[CONGKAK_NET_FINGERPRINT_SIZE],
                                                CongkakNetCode       *code);
char     *congkak_net_code_to_string           (const CongkakNetCode *code);
gboolean  congkak_net_code_parse               (const char           *text,
                                                CongkakNetCode       *code,
                                                GError              **error);
gboolean  congkak_net_code_matches_fingerprint (const CongkakNetCode *code,
                                                const guint8          fingerprint[CONGKAK_NET_FINGERPRINT_SIZE]);
gboolean  congkak_net_code_secret_equal        (const CongkakNetCode *a,
                                                const CongkakNetCode *b);

G_END_DECLS
