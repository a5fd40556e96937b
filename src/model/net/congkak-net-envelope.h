/* congkak-net-envelope.h — what every network message must be
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define CONGKAK_NET_MESSAGE_MAX_DEPTH     32  /* nested lists and objects */
#define CONGKAK_NET_MESSAGE_MAX_TYPE      32  /* bytes of "type" */

JsonObject *congkak_net_envelope_parse     (const char  *text,
                                            gsize        length,
                                            gsize        max_length,
                                            GError     **error);
gboolean    congkak_net_envelope_type_is_valid (const char *type);
char       *congkak_net_envelope_to_string (JsonObject  *message,
                                            gsize       *length);

G_END_DECLS
