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

/* The engine's analysis of a move, apart from the user's comment and
 * mark: most moves have none, so it is kept out of the node. */
typedef struct
{
  int             evaluation;      /* South's expected margin after the move */
  char           *best_move;       /* the engine's move in notation, or NULL */
  CongkakMark     mark;
  char           *comment;
} CongkakNodeAnalysis;

/* The moves that end a line without anything of their own (no comment,
 * mark, analysis or variation), a byte each, kept by the last node made
 * on that line: their nodes are made one by one when something asks for
 * them (congkak_node_child_at()).  A text of bare moves spends 2.3 bytes
 * a move, a node 112 (issue 28).  Reading a match may so change it: one
 * thread at a time reads a match (the loader's, then the main thread; a
 * save reads its own congkak_match_copy()). */
typedef struct
{
  guint  length;    /* moves in @moves */
  guint  next;      /* the first of them not yet made a node */
  guint8 moves[];   /* congkak_node_pack_move() */
} CongkakNodeRun;

/* A match holds one node a move, hundreds of thousands of them: the node
 * is kept small (issue 28).  The move that continues the line is held in
 * the node itself, and only a move with variations allocates an array. */
struct _CongkakNode
{
  GObject              parent_instance;

  CongkakNode         *parent;          /* weak; NULL for the root and for detached nodes */
  CongkakNode         *main_child;      /* owned; continues the line, or NULL (see run) */
  union
  {
    CongkakNode      **variations;      /* owned, n_children - 1 of them, or NULL */
    CongkakNodeRun    *run;             /* owned, when main_child is NULL and n_children 1:
                                         * the line's moves that have no node yet */
  };
  CongkakMove          move;            /* an opening's lists owned */
  char                *comment;
  CongkakGame         *game;            /* cached game after this move, or NULL */
  CongkakNodeAnalysis *analysis;        /* owned, or NULL */
  /* A match has at most CONGKAK_MATCH_MAX_NODES moves (congkak-match.c
   * asserts it fits): 24 bits hold a count or a depth, and the node fits
   * 112 bytes of the heap. */
  guint                n_children : 24;
  guint                mark : 8;            /* CongkakMark */
  guint                depth : 24;          /* moves from the root */
  guint                variation_depth : 8; /* variations entered on the way from the root */
};

G_STATIC_ASSERT (CONGKAK_MAX_VARIATION_DEPTH < (1 << 8));
G_STATIC_ASSERT (CONGKAK_MARK_DUBIOUS < (1 << 8));

CongkakNode *congkak_node_make_next      (CongkakNode       *self);

/* Whether the line continues after @self in moves without nodes yet. */
static inline gboolean
congkak_node_has_run (CongkakNode *self)
{
  return self->main_child == NULL && self->n_children == 1;
}

/* The node's child at @index (0: the one continuing the line), which
 * must be there: made now if it has no node yet. */
static inline CongkakNode *
congkak_node_child_at (CongkakNode *self,
                       guint        index)
{
  g_assert (index < self->n_children);
  if (index > 0)
    return self->variations[index - 1];
  return self->main_child ? self->main_child : congkak_node_make_next (self);
}

/* Like congkak_node_child_at(), for walks of the whole tree that have
 * nothing to do with moves without nodes: NULL for those, made for
 * nobody. */
static inline CongkakNode *
congkak_node_peek_child (CongkakNode *self,
                         guint        index)
{
  g_assert (index < self->n_children);
  return index == 0 ? self->main_child : self->variations[index - 1];
}

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
gboolean     congkak_node_pack_move       (const CongkakMove *move,
                                           guint8            *packed);
void         congkak_node_set_run         (CongkakNode       *self,
                                           const guint8      *moves,
                                           guint              length);
void         congkak_node_copy_run        (CongkakNode       *self,
                                           CongkakNode       *from);
guint        congkak_node_get_run_length  (CongkakNode       *self);
void         congkak_node_get_run_move    (CongkakNode       *self,
                                           guint              index,
                                           CongkakMove       *move);
guint        congkak_node_max_variation_depth (CongkakNode   *self);

G_END_DECLS
