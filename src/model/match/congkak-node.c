/* congkak-node.c — one move of a match's move tree, with its annotations
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-node-private.h"

G_DEFINE_FINAL_TYPE (CongkakNode, congkak_node, G_TYPE_OBJECT)

static const char * const mark_names[] = {
  [CONGKAK_MARK_NONE] = "",
  [CONGKAK_MARK_GOOD] = "!",
  [CONGKAK_MARK_MISTAKE] = "?",
  [CONGKAK_MARK_BRILLIANT] = "!!",
  [CONGKAK_MARK_BLUNDER] = "??",
  [CONGKAK_MARK_INTERESTING] = "!?",
  [CONGKAK_MARK_DUBIOUS] = "?!",
};

const char *
congkak_mark_to_string (CongkakMark mark)
{
  g_return_val_if_fail (mark < G_N_ELEMENTS (mark_names), "");

  return mark_names[mark];
}

gboolean
congkak_mark_from_string (const char  *text,
                          CongkakMark *mark)
{
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (mark != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (mark_names); i++)
    if (strcmp (text, mark_names[i]) == 0)
      {
        *mark = i;
        return TRUE;
      }
  return FALSE;
}

static void
congkak_node_dispose (GObject *object)
{
  CongkakNode *self = CONGKAK_NODE (object);
  g_autoptr (GPtrArray) doomed = NULL;

  if (self->children == NULL)
    goto chain_up;

  /* Lines can be 200,000 moves long: free them with a work list, not by
   * recursion that the stack could not hold.  A child someone else still
   * holds stays whole but forgets its parent. */
  doomed = g_steal_pointer (&self->children);
  g_ptr_array_set_free_func (doomed, NULL);
  while (doomed->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (doomed, doomed->len - 1);

      node->parent = NULL;
      if (G_OBJECT (node)->ref_count == 1 && node->children != NULL)
        {
          for (guint i = 0; i < node->children->len; i++)
            g_ptr_array_add (doomed, g_object_ref (g_ptr_array_index (node->children, i)));
          g_ptr_array_set_size (node->children, 0);
        }
      g_object_unref (node);
    }

chain_up:
  G_OBJECT_CLASS (congkak_node_parent_class)->dispose (object);
}

static void
congkak_node_finalize (GObject *object)
{
  CongkakNode *self = CONGKAK_NODE (object);

  g_clear_pointer (&self->opening, g_free);
  g_clear_pointer (&self->comment, g_free);
  g_clear_pointer (&self->best_move, g_free);
  g_clear_pointer (&self->analysis_comment, g_free);
  g_clear_pointer (&self->game, congkak_game_free);

  G_OBJECT_CLASS (congkak_node_parent_class)->finalize (object);
}

static void
congkak_node_class_init (CongkakNodeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_node_dispose;
  object_class->finalize = congkak_node_finalize;
}

static void
congkak_node_init (CongkakNode *self)
{
  self->children = g_ptr_array_new_with_free_func (g_object_unref);
}

CongkakNode *
congkak_node_new_root (void)
{
  return g_object_new (CONGKAK_TYPE_NODE, NULL);
}

CongkakNode *
congkak_node_new (const CongkakMove *move)
{
  CongkakNode *self;

  g_return_val_if_fail (move != NULL, NULL);

  self = g_object_new (CONGKAK_TYPE_NODE, NULL);
  self->move = *move;
  if (move->kind == CONGKAK_MOVE_OPENING)
    {
      self->opening = g_memdup2 (move->opening, sizeof *move->opening);
      self->move.opening = self->opening;
    }
  return self;
}

static void
update_depths (CongkakNode *self)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, self);
  while (stack->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      if (node->parent)
        {
          node->depth = node->parent->depth + 1;
          node->variation_depth = node->parent->variation_depth
                                  + (congkak_node_get_child_index (node) > 0 ? 1 : 0);
        }
      for (guint i = 0; i < node->children->len; i++)
        g_ptr_array_add (stack, g_ptr_array_index (node->children, i));
    }
}

void
congkak_node_insert_child (CongkakNode *self,
                           CongkakNode *child,
                           guint        index)
{
  g_return_if_fail (CONGKAK_IS_NODE (self));
  g_return_if_fail (CONGKAK_IS_NODE (child));
  g_return_if_fail (child->parent == NULL);
  g_return_if_fail (index <= self->children->len);

  child->parent = self;
  g_ptr_array_insert (self->children, index, g_object_ref (child));
  update_depths (child);
  /* The line it pushed aside becomes a variation. */
  if (index == 0 && self->children->len > 1)
    update_depths (g_ptr_array_index (self->children, 1));
}

/* Returns the index the child had; the caller keeps its own reference. */
guint
congkak_node_remove_child (CongkakNode *self,
                           CongkakNode *child)
{
  guint index;

  g_return_val_if_fail (CONGKAK_IS_NODE (self), 0);
  g_return_val_if_fail (child->parent == self, 0);

  g_assert (g_ptr_array_find (self->children, child, &index));
  child->parent = NULL;
  g_ptr_array_remove_index (self->children, index);
  /* A variation that moves up to continue the line. */
  if (index == 0 && self->children->len > 0)
    update_depths (g_ptr_array_index (self->children, 0));
  return index;
}

void
congkak_node_set_comment_internal (CongkakNode *self,
                                   const char  *comment)
{
  g_return_if_fail (CONGKAK_IS_NODE (self));

  g_free (self->comment);
  self->comment = comment && *comment ? g_strdup (comment) : NULL;
}

void
congkak_node_set_analysis_internal (CongkakNode *self,
                                    int          evaluation,
                                    const char  *best_move,
                                    CongkakMark  mark,
                                    const char  *comment)
{
  g_return_if_fail (CONGKAK_IS_NODE (self));
  g_return_if_fail (mark <= CONGKAK_MARK_DUBIOUS);

  self->analysed = TRUE;
  self->evaluation = evaluation;
  g_free (self->best_move);
  self->best_move = best_move && *best_move ? g_strdup (best_move) : NULL;
  self->analysis_mark = mark;
  g_free (self->analysis_comment);
  self->analysis_comment = comment && *comment ? g_strdup (comment) : NULL;
}

void
congkak_node_clear_analysis_internal (CongkakNode *self)
{
  g_return_if_fail (CONGKAK_IS_NODE (self));

  self->analysed = FALSE;
  self->evaluation = 0;
  g_clear_pointer (&self->best_move, g_free);
  self->analysis_mark = CONGKAK_MARK_NONE;
  g_clear_pointer (&self->analysis_comment, g_free);
}

gboolean
congkak_node_analysis_equal (CongkakNode *a,
                             CongkakNode *b)
{
  if (a->analysed != b->analysed)
    return FALSE;
  return !a->analysed
         || (a->evaluation == b->evaluation
             && g_strcmp0 (a->best_move, b->best_move) == 0
             && a->analysis_mark == b->analysis_mark
             && g_strcmp0 (a->analysis_comment, b->analysis_comment) == 0);
}

void
congkak_node_clear_games (CongkakNode *self)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, self);
  while (stack->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      if (node->parent != NULL)
        g_clear_pointer (&node->game, congkak_game_free);
      for (guint i = 0; i < node->children->len; i++)
        g_ptr_array_add (stack, g_ptr_array_index (node->children, i));
    }
}

guint
congkak_node_max_variation_depth (CongkakNode *self)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  guint deepest = 0;

  g_ptr_array_add (stack, self);
  while (stack->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      deepest = MAX (deepest, node->variation_depth);
      for (guint i = 0; i < node->children->len; i++)
        g_ptr_array_add (stack, g_ptr_array_index (node->children, i));
    }
  return deepest;
}

guint
congkak_node_count_subtree (CongkakNode *self)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  guint count = 0;

  g_ptr_array_add (stack, self);
  while (stack->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      count++;
      for (guint i = 0; i < node->children->len; i++)
        g_ptr_array_add (stack, g_ptr_array_index (node->children, i));
    }
  return count;
}

gboolean
congkak_node_is_root (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), FALSE);

  return self->parent == NULL && self->depth == 0;
}

/**
 * congkak_node_get_move:
 *
 * Returns: (nullable): the move that leads to this node; %NULL for the root.
 */
const CongkakMove *
congkak_node_get_move (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), NULL);

  return congkak_node_is_root (self) ? NULL : &self->move;
}

/**
 * congkak_node_dup_move_text:
 *
 * Returns: (transfer full) (nullable): the move in notation (`C`,
 *   `opening:C,D/a`, `next-round`); %NULL for the root.
 */
char *
congkak_node_dup_move_text (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), NULL);

  if (congkak_node_is_root (self))
    return NULL;
  return congkak_move_to_string (&self->move);
}

CongkakNode *
congkak_node_get_parent (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), NULL);

  return self->parent;
}

guint
congkak_node_get_n_children (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), 0);

  return self->children->len;
}

CongkakNode *
congkak_node_get_child (CongkakNode *self,
                        guint        index)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), NULL);

  if (index >= self->children->len)
    return NULL;
  return g_ptr_array_index (self->children, index);
}

/**
 * congkak_node_get_main_child:
 *
 * Returns: (nullable): the move that continues this line, if any.
 */
CongkakNode *
congkak_node_get_main_child (CongkakNode *self)
{
  return congkak_node_get_child (self, 0);
}

/**
 * congkak_node_get_child_index:
 *
 * Returns: the node's place among its parent's children (0: it continues
 *   the parent's line; more: a variation), or -1 for the root.
 */
int
congkak_node_get_child_index (CongkakNode *self)
{
  guint index;

  g_return_val_if_fail (CONGKAK_IS_NODE (self), -1);

  if (self->parent == NULL || !g_ptr_array_find (self->parent->children, self, &index))
    return -1;
  return index;
}

/**
 * congkak_node_is_main_line:
 *
 * Returns: whether the node lies on the match's main line.
 */
gboolean
congkak_node_is_main_line (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), FALSE);

  return self->variation_depth == 0 && (self->parent != NULL || self->depth == 0);
}

guint
congkak_node_get_depth (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), 0);

  return self->depth;
}

const char *
congkak_node_get_comment (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), NULL);

  return self->comment ? self->comment : "";
}

CongkakMark
congkak_node_get_mark (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), CONGKAK_MARK_NONE);

  return self->mark;
}

/**
 * congkak_node_dup_path:
 *
 * Returns: (transfer full): where the node stands in a match file, such as
 *   `moves[12].variations[0][3]`; an empty string for the root.
 */
char *
congkak_node_dup_path (CongkakNode *self)
{
  g_autofree char *prefix = NULL;
  CongkakNode *node = self;
  guint index = 0;
  int child_index;

  g_return_val_if_fail (CONGKAK_IS_NODE (self), NULL);

  if (congkak_node_is_root (self))
    return g_strdup ("");

  /* Walk back to the first node of this line, counting. */
  while (node->parent != NULL && node->parent->parent != NULL
         && congkak_node_get_child_index (node) == 0)
    {
      node = node->parent;
      index++;
    }

  child_index = congkak_node_get_child_index (node);
  if (child_index == 0)
    prefix = g_strdup ("moves");
  else
    {
      /* A variation hangs on the move it replaces: the parent's main child. */
      g_autofree char *main_path = congkak_node_dup_path (g_ptr_array_index (node->parent->children, 0));

      prefix = g_strdup_printf ("%s.variations[%d]", main_path, child_index - 1);
    }
  return g_strdup_printf ("%s[%u]", prefix, index);
}

/**
 * congkak_node_has_analysis:
 *
 * Returns: whether the engine's analysis has been stored for this move.
 */
gboolean
congkak_node_has_analysis (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), FALSE);

  return self->analysed;
}

/**
 * congkak_node_get_evaluation:
 *
 * Returns: the seed margin South can expect at the end of the round after
 *   this move (positive: South ahead), as the analysis found it; the scale
 *   of congkak-computer.h (±CONGKAK_SEARCH_MATCH_WIN for a won match); 0
 *   without analysis.
 */
int
congkak_node_get_evaluation (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), 0);

  return self->evaluation;
}

/**
 * congkak_node_get_best_move:
 *
 * Returns: (nullable): the move the engine would have played instead of
 *   this one, in notation (`C`), or %NULL (no analysis, or a move without
 *   a choice to judge: an opening, `next-round`).
 */
const char *
congkak_node_get_best_move (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), NULL);

  return self->best_move;
}

/**
 * congkak_node_get_analysis_mark:
 *
 * Returns: the analysis' judgement of the move: CONGKAK_MARK_MISTAKE,
 *   CONGKAK_MARK_BLUNDER or CONGKAK_MARK_NONE.
 */
CongkakMark
congkak_node_get_analysis_mark (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), CONGKAK_MARK_NONE);

  return self->analysis_mark;
}

/**
 * congkak_node_get_analysis_comment:
 *
 * Returns: the analysis' comment, such as "Better: C (+4)", or "".
 */
const char *
congkak_node_get_analysis_comment (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), "");

  return self->analysis_comment ? self->analysis_comment : "";
}
