/* congkak-net-match-message.h — the messages of a match over the network
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every message of a match (doc/NETWORK-PROTOCOL.md, "Match messages")
 * is checked member by member before anything reads it: the types,
 * ranges and lengths, and no member it does not know.  What a message
 * means now (its ply, whose turn) is the referee's business, not this
 * file's.
 */

#pragma once

#include <json-glib/json-glib.h>

#include "congkak-engine.h"
#include "congkak-turn.h"

G_BEGIN_DECLS

#define CONGKAK_NET_MATCH_ERROR (congkak_net_match_error_quark ())

typedef enum
{
  CONGKAK_NET_MATCH_ERROR_MALFORMED,     /* a member missing, of the wrong type or out of range */
  CONGKAK_NET_MATCH_ERROR_UNKNOWN_TYPE,  /* no match message has that type */
  CONGKAK_NET_MATCH_ERROR_WRONG_WAY,     /* a message only the other side sends */
  CONGKAK_NET_MATCH_ERROR_OUT_OF_TURN,   /* not the sender's turn, or nothing asked */
  CONGKAK_NET_MATCH_ERROR_STALE,         /* for another ply than the match's */
  CONGKAK_NET_MATCH_ERROR_ILLEGAL,       /* the rules do not allow it */
  CONGKAK_NET_MATCH_ERROR_OUT_OF_STEP,   /* the two matches differ */
} CongkakNetMatchError;

/* The longest move text a message carries: a whole opening */
#define CONGKAK_NET_MATCH_MAX_MOVE_TEXT 4096

GQuark      congkak_net_match_error_quark      (void);

gboolean    congkak_net_match_check_message    (JsonObject      *message,
                                                GError         **error);
gboolean    congkak_net_match_is_from_host     (const char      *type);

/* Reading members of a checked message */
guint       congkak_net_match_message_get_ply  (JsonObject      *message);
CongkakSide congkak_net_match_message_get_side (JsonObject      *message);
CongkakTurnKind congkak_net_match_message_get_kind (JsonObject  *message);

/* Making them */
JsonObject *congkak_net_match_message_new      (const char      *type,
                                                guint            ply);
void        congkak_net_match_message_set_side (JsonObject      *message,
                                                CongkakSide      side);
void        congkak_net_match_message_set_kind (JsonObject      *message,
                                                CongkakTurnKind  kind);
const char *congkak_net_match_side_to_string   (CongkakSide      side);

G_END_DECLS
