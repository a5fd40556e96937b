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
free_analysis (CongkakNodeAnalysis *analysis)
{
  g_free (analysis->best_move);
  g_free (analysis->comment);
  g_free (analysis);
}

/* Moves @self's children, with their references, to the end of @into;
 * moves without nodes are dropped unmade. */
static void
take_children (CongkakNode *self,
               GPtrArray   *into)
{
  if (congkak_node_has_run (self))
    {
      g_clear_pointer (&self->run, g_free);
      self->n_children = 0;
      return;
    }
  for (guint i = 0; i < self->n_children; i++)
    g_ptr_array_add (into, congkak_node_peek_child (self, i));
  self->main_child = NULL;
  g_clear_pointer (&self->variations, g_free);
  self->n_children = 0;
}

static void
congkak_node_dispose (GObject *object)
{
  CongkakNode *self = CONGKAK_NODE (object);
  g_autoptr (GPtrArray) doomed = NULL;

  if (self->n_children == 0)
    goto chain_up;

  /* Lines can be 200,000 moves long: free them with a work list, not by
   * recursion that the stack could not hold.  A child someone else still
   * holds stays whole but forgets its parent. */
  doomed = g_ptr_array_new ();
  take_children (self, doomed);
  while (doomed->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (doomed, doomed->len - 1);

      node->parent = NULL;
      if (G_OBJECT (node)->ref_count == 1)
        take_children (node, doomed);
      g_object_unref (node);
    }

chain_up:
  G_OBJECT_CLASS (congkak_node_parent_class)->dispose (object);
}

static void
congkak_node_finalize (GObject *object)
{
  CongkakNode *self = CONGKAK_NODE (object);

  if (self->move.kind == CONGKAK_MOVE_OPENING)
    g_free ((CongkakOpening *) self->move.opening);
  g_clear_pointer (&self->comment, g_free);
  g_clear_pointer (&self->analysis, free_analysis);
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
    self->move.opening = g_memdup2 (move->opening, sizeof *move->opening);
  return self;
}

/* A move of a run: a hole of one side (CONGKAK_MAX_HOLES of them) in a
 * byte, or next-round. */
#define PACKED_NEXT_ROUND 0xFF
#define PACKED_NORTH 0x80
G_STATIC_ASSERT (CONGKAK_MAX_HOLES < PACKED_NORTH);

/* Whether @move can be kept in a run (an opening cannot); sets @packed. */
gboolean
congkak_node_pack_move (const CongkakMove *move,
                        guint8            *packed)
{
  switch (move->kind)
    {
    case CONGKAK_MOVE_SOW:
      if (move->hole >= CONGKAK_MAX_HOLES)
        return FALSE;
      *packed = move->hole | (move->side == CONGKAK_NORTH ? PACKED_NORTH : 0);
      return TRUE;
    case CONGKAK_MOVE_NEXT_ROUND:
      *packed = PACKED_NEXT_ROUND;
      return TRUE;
    case CONGKAK_MOVE_OPENING:
    default:
      return FALSE;
    }
}

static void
unpack_move (guint8       packed,
             CongkakMove *move)
{
  *move = (CongkakMove) { 0 };
  if (packed == PACKED_NEXT_ROUND)
    move->kind = CONGKAK_MOVE_NEXT_ROUND;
  else
    {
      move->kind = CONGKAK_MOVE_SOW;
      move->side = packed & PACKED_NORTH ? CONGKAK_NORTH : CONGKAK_SOUTH;
      move->hole = packed & ~PACKED_NORTH;
    }
}

/* Continues @self's line, which has nothing after it yet, with @length
 * moves without nodes (congkak_node_pack_move()).  The match counts
 * them. */
void
congkak_node_set_run (CongkakNode  *self,
                      const guint8 *moves,
                      guint         length)
{
  g_return_if_fail (CONGKAK_IS_NODE (self));
  g_return_if_fail (self->n_children == 0);

  if (length == 0)
    return;
  self->run = g_malloc (sizeof *self->run + length);
  self->run->length = length;
  self->run->next = 0;
  memcpy (self->run->moves, moves, length);
  self->n_children = 1;
}

/* Gives @self, which has nothing after it yet, the moves without nodes
 * that continue @from's line. */
void
congkak_node_copy_run (CongkakNode *self,
                       CongkakNode *from)
{
  g_return_if_fail (congkak_node_has_run (from));

  congkak_node_set_run (self, from->run->moves + from->run->next, from->run->length - from->run->next);
}

/* How many moves continue @self's line without nodes yet: for the
 * writers, which need their moves and not their nodes. */
guint
congkak_node_get_run_length (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), 0);

  return congkak_node_has_run (self) ? self->run->length - self->run->next : 0;
}

/* The move of the @index-th of them (0: the one after @self). */
void
congkak_node_get_run_move (CongkakNode *self,
                           guint        index,
                           CongkakMove *move)
{
  g_return_if_fail (index < congkak_node_get_run_length (self));

  unpack_move (self->run->moves[self->run->next + index], move);
}

/* Makes the node of the first move of @self's run: it continues the line
 * and takes the rest of the run with it. */
CongkakNode *
congkak_node_make_next (CongkakNode *self)
{
  CongkakNodeRun *run = self->run;
  CongkakNode *next;
  CongkakMove move;

  g_assert (congkak_node_has_run (self));

  unpack_move (run->moves[run->next++], &move);
  next = g_object_new (CONGKAK_TYPE_NODE, NULL);
  next->move = move;
  next->parent = self;
  next->depth = self->depth + 1;
  next->variation_depth = self->variation_depth;
  self->run = NULL;
  self->main_child = next;
  /* The rest goes along; the bytes are given back with the last move. */
  if (run->next < run->length)
    {
      next->run = run;
      next->n_children = 1;
    }
  else
    g_free (run);
  return next;
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
      /* Moves without nodes take theirs when they are made. */
      for (guint i = congkak_node_has_run (node) ? 1 : 0; i < node->n_children; i++)
        g_ptr_array_add (stack, congkak_node_child_at (node, i));
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
  g_return_if_fail (index <= self->n_children);

  /* A variation hangs on a node. */
  if (congkak_node_has_run (self))
    congkak_node_make_next (self);
  child->parent = self;
  g_object_ref (child);
  if (self->n_children > 0)
    {
      /* One more variation, made room for at its place. */
      guint first_moved = index == 0 ? 0 : index - 1;

      self->variations = g_renew (CongkakNode *, self->variations, self->n_children);
      memmove (self->variations + first_moved + 1, self->variations + first_moved,
               (self->n_children - 1 - first_moved) * sizeof *self->variations);
      if (index == 0)
        self->variations[0] = self->main_child;
      else
        self->variations[index - 1] = child;
    }
  if (index == 0)
    self->main_child = child;
  self->n_children++;
  update_depths (child);
  /* The line it pushed aside becomes a variation. */
  if (index == 0 && self->n_children > 1)
    update_depths (congkak_node_child_at (self, 1));
}

/* Returns the index the child had; the caller keeps its own reference. */
guint
congkak_node_remove_child (CongkakNode *self,
                           CongkakNode *child)
{
  guint index;

  g_return_val_if_fail (CONGKAK_IS_NODE (self), 0);
  g_return_val_if_fail (child->parent == self, 0);

  for (index = 0; congkak_node_child_at (self, index) != child; index++)
    ;
  child->parent = NULL;
  if (index == 0)
    self->main_child = self->n_children > 1 ? self->variations[0] : NULL;
  if (self->n_children > 1)
    {
      guint first_kept = index == 0 ? 1 : index;

      memmove (self->variations + first_kept - 1, self->variations + first_kept,
               (self->n_children - 1 - first_kept) * sizeof *self->variations);
    }
  self->n_children--;
  if (self->n_children <= 1)
    g_clear_pointer (&self->variations, g_free);
  else
    self->variations = g_renew (CongkakNode *, self->variations, self->n_children - 1);
  g_object_unref (child);
  /* A variation that moves up to continue the line. */
  if (index == 0 && self->n_children > 0)
    update_depths (self->main_child);
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

  if (self->analysis == NULL)
    self->analysis = g_new0 (CongkakNodeAnalysis, 1);
  self->analysis->evaluation = evaluation;
  g_free (self->analysis->best_move);
  self->analysis->best_move = best_move && *best_move ? g_strdup (best_move) : NULL;
  self->analysis->mark = mark;
  g_free (self->analysis->comment);
  self->analysis->comment = comment && *comment ? g_strdup (comment) : NULL;
}

void
congkak_node_clear_analysis_internal (CongkakNode *self)
{
  g_return_if_fail (CONGKAK_IS_NODE (self));

  g_clear_pointer (&self->analysis, free_analysis);
}

gboolean
congkak_node_analysis_equal (CongkakNode *a,
                             CongkakNode *b)
{
  if ((a->analysis == NULL) != (b->analysis == NULL))
    return FALSE;
  return a->analysis == NULL
         || (a->analysis->evaluation == b->analysis->evaluation
             && g_strcmp0 (a->analysis->best_move, b->analysis->best_move) == 0
             && a->analysis->mark == b->analysis->mark
             && g_strcmp0 (a->analysis->comment, b->analysis->comment) == 0);
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
      for (guint i = congkak_node_has_run (node) ? 1 : 0; i < node->n_children; i++)
        g_ptr_array_add (stack, congkak_node_child_at (node, i));
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

      /* A run continues its node's line, as deep. */
      deepest = MAX (deepest, node->variation_depth);
      for (guint i = congkak_node_has_run (node) ? 1 : 0; i < node->n_children; i++)
        g_ptr_array_add (stack, congkak_node_child_at (node, i));
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
      if (congkak_node_has_run (node))
        {
          count += node->run->length - node->run->next;
          continue;
        }
      for (guint i = 0; i < node->n_children; i++)
        g_ptr_array_add (stack, congkak_node_child_at (node, i));
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

/**
 * congkak_node_is_ancestor_or_self:
 * @node: (nullable): a node
 *
 * Returns: whether @node is @self or lies on a line through @self
 */
gboolean
congkak_node_is_ancestor_or_self (CongkakNode *self,
                                  CongkakNode *node)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), FALSE);

  for (; node != NULL; node = node->parent)
    if (node == self)
      return TRUE;
  return FALSE;
}

guint
congkak_node_get_n_children (CongkakNode *self)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), 0);

  return self->n_children;
}

CongkakNode *
congkak_node_get_child (CongkakNode *self,
                        guint        index)
{
  g_return_val_if_fail (CONGKAK_IS_NODE (self), NULL);

  if (index >= self->n_children)
    return NULL;
  return congkak_node_child_at (self, index);
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

  if (self->parent == NULL)
    return -1;
  for (index = 0; index < self->parent->n_children; index++)
    if (congkak_node_child_at (self->parent, index) == self)
      return index;
  return -1;
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
      g_autofree char *main_path = congkak_node_dup_path (node->parent->main_child);

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

  return self->analysis != NULL;
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

  return self->analysis ? self->analysis->evaluation : 0;
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

  return self->analysis ? self->analysis->best_move : NULL;
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

  return self->analysis ? self->analysis->mark : CONGKAK_MARK_NONE;
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

  return self->analysis && self->analysis->comment ? self->analysis->comment : "";
}
