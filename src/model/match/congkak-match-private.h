/* congkak-match-private.h — what the loaders may do to a match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-match.h"

G_BEGIN_DECLS

/* Details set while loading: no undo step, no signal. */
void         congkak_match_init_player   (CongkakMatch      *self,
                                          CongkakSide        side,
                                          const char        *name,
                                          CongkakPlayerKind  kind,
                                          CongkakLevel       level);
void         congkak_match_init_metadata (CongkakMatch      *self,
                                          CongkakMetadata    field,
                                          const char        *value);
CongkakNode *congkak_match_create_node   (CongkakMatch      *self,
                                          CongkakNode       *parent,
                                          const CongkakMove *move,
                                          GArray            *events,
                                          GError           **error);
void         congkak_match_attach_node   (CongkakMatch      *self,
                                          CongkakNode       *parent,
                                          CongkakNode       *node,
                                          guint              index);

G_END_DECLS
