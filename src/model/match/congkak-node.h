/* congkak-node.h — one move of a match's move tree, with its annotations
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "congkak-engine.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_NODE (congkak_node_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNode, congkak_node, CONGKAK, NODE, GObject)

/* The marks of RULES.md's notation, as written after a move. */
typedef enum
{
  CONGKAK_MARK_NONE,
  CONGKAK_MARK_GOOD,              /* ! */
  CONGKAK_MARK_MISTAKE,           /* ? */
  CONGKAK_MARK_BRILLIANT,         /* !! */
  CONGKAK_MARK_BLUNDER,           /* ?? */
  CONGKAK_MARK_INTERESTING,       /* !? */
  CONGKAK_MARK_DUBIOUS,           /* ?! */
} CongkakMark;

const char        *congkak_mark_to_string        (CongkakMark         mark);
gboolean           congkak_mark_from_string      (const char         *text,
                                                  CongkakMark        *mark);

/* The root node has no move: it stands for the start position. */
gboolean           congkak_node_is_root          (CongkakNode        *self);
const CongkakMove *congkak_node_get_move         (CongkakNode        *self);
char              *congkak_node_dup_move_text    (CongkakNode        *self);
CongkakNode       *congkak_node_get_parent       (CongkakNode        *self);
gboolean           congkak_node_is_ancestor_or_self (CongkakNode     *self,
                                                  CongkakNode        *node);
guint              congkak_node_get_n_children   (CongkakNode        *self);
CongkakNode       *congkak_node_get_child        (CongkakNode        *self,
                                                  guint               index);
CongkakNode       *congkak_node_get_main_child   (CongkakNode        *self);
int                congkak_node_get_child_index  (CongkakNode        *self);
gboolean           congkak_node_is_main_line     (CongkakNode        *self);
guint              congkak_node_get_depth        (CongkakNode        *self);
const char        *congkak_node_get_comment      (CongkakNode        *self);
CongkakMark        congkak_node_get_mark         (CongkakNode        *self);
char              *congkak_node_dup_path         (CongkakNode        *self);

/* The engine's analysis (congkak-analysis.h), kept apart from the user's
 * comment and mark: never written over them, saved as the node's optional
 * "analysis" object. */
gboolean           congkak_node_has_analysis     (CongkakNode        *self);
int                congkak_node_get_evaluation   (CongkakNode        *self);
const char        *congkak_node_get_best_move    (CongkakNode        *self);
CongkakMark        congkak_node_get_analysis_mark (CongkakNode       *self);
const char        *congkak_node_get_analysis_comment (CongkakNode    *self);

G_END_DECLS
