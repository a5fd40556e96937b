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

/* For the loaders: moves read one after another at the end of a line are
 * kept without nodes (congkak_node_set_run()), unless something the file
 * says about them needs their nodes. */
typedef struct
{
  CongkakNode *parent;  /* the node they follow, or NULL when there are none */
  GByteArray  *moves;   /* congkak_node_pack_move() */
  GPtrArray   *games;   /* the games after those of them at a checkpoint, in order */
  CongkakGame *game;    /* the game after the last of them */
} CongkakPendingMoves;

gboolean     congkak_match_pend_move     (CongkakMatch        *self,
                                          CongkakPendingMoves *pending,
                                          CongkakNode         *parent,
                                          const CongkakMove   *move,
                                          gboolean            *pended,
                                          GError             **error);
CongkakNode *congkak_match_make_pending  (CongkakMatch        *self,
                                          CongkakPendingMoves *pending);
void         congkak_match_keep_pending  (CongkakMatch        *self,
                                          CongkakPendingMoves *pending);
void         congkak_pending_moves_clear (CongkakPendingMoves *pending);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CongkakPendingMoves, congkak_pending_moves_clear)

static inline guint
congkak_pending_moves_count (CongkakPendingMoves *pending)
{
  return pending->moves ? pending->moves->len : 0;
}

G_END_DECLS
