/* congkak-node-private.h — what the match may change in a node
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-node.h"

G_BEGIN_DECLS

/* How deeply variations may nest inside variations: deeper trees could not
 * be written within the file's JSON nesting limit. */
#define CONGKAK_MAX_VARIATION_DEPTH 60

struct _CongkakNode
{
  GObject         parent_instance;

  CongkakNode    *parent;          /* weak; NULL for the root and for detached nodes */
  GPtrArray      *children;        /* owned CongkakNode; [0] continues the line */
  CongkakMove     move;
  CongkakOpening *opening;         /* owned; the move's lists when it is an opening */
  char           *comment;
  CongkakMark     mark;
  guint           depth;           /* moves from the root */
  guint           variation_depth; /* variations entered on the way from the root */
  CongkakGame    *game;            /* cached game after this move, or NULL */

  /* The engine's analysis, apart from the user's comment and mark. */
  gboolean        analysed;
  int             evaluation;      /* South's expected margin after the move */
  char           *best_move;       /* the engine's move in notation, or NULL */
  CongkakMark     analysis_mark;
  char           *analysis_comment;
};

CongkakNode *congkak_node_new_root        (void);
CongkakNode *congkak_node_new             (const CongkakMove *move);
void         congkak_node_insert_child    (CongkakNode       *self,
                                           CongkakNode       *child,
                                           guint              index);
guint        congkak_node_remove_child    (CongkakNode       *self,
                                           CongkakNode       *child);
void         congkak_node_set_comment_internal (CongkakNode  *self,
                                                const char   *comment);
void         congkak_node_set_analysis_internal (CongkakNode *self,
                                                 int          evaluation,
                                                 const char  *best_move,
                                                 CongkakMark  mark,
                                                 const char  *comment);
void         congkak_node_clear_analysis_internal (CongkakNode *self);
gboolean     congkak_node_analysis_equal  (CongkakNode       *a,
                                           CongkakNode       *b);
void         congkak_node_clear_games     (CongkakNode       *self);
guint        congkak_node_count_subtree   (CongkakNode       *self);
guint        congkak_node_max_variation_depth (CongkakNode   *self);

G_END_DECLS
