/* congkak-history-item.c — one line of the list of moves: a node and where it stands
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The items of CongkakHistoryView's list: a node of the tree, how deeply
 * its line is nested in variations, and its move number and round in that
 * line.  An item says what its row shows ("12. C", "Round 2") and what a
 * screen reader says for it; its tags (relays, captures…) come from the
 * engine's events for the move, worked out once, when first asked for.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-analysis.h"
#include "congkak-history-item.h"

struct _CongkakHistoryItem
{
  GObject      parent_instance;

  CongkakNode *node;
  guint        depth;    /* how deeply the line is nested in variations */
  guint        number;   /* sowings in the line up to and including this move */
  guint        round;    /* the round the move starts (root and next-round) */

  /* From the engine's events, when the row is first shown */
  gboolean     tags_known;
  char        *tags;
  char        *spoken_tags;
};

G_DEFINE_FINAL_TYPE (CongkakHistoryItem, congkak_history_item, G_TYPE_OBJECT)

static void
congkak_history_item_finalize (GObject *object)
{
  CongkakHistoryItem *self = CONGKAK_HISTORY_ITEM (object);

  g_clear_object (&self->node);
  g_clear_pointer (&self->tags, g_free);
  g_clear_pointer (&self->spoken_tags, g_free);

  G_OBJECT_CLASS (congkak_history_item_parent_class)->finalize (object);
}

static void
congkak_history_item_class_init (CongkakHistoryItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_history_item_finalize;
}

static void
congkak_history_item_init (CongkakHistoryItem *self)
{
}

CongkakHistoryItem *
congkak_history_item_new (CongkakNode *node,
                          guint        depth,
                          guint        number,
                          guint        round)
{
  CongkakHistoryItem *self;

  g_return_val_if_fail (CONGKAK_IS_NODE (node), NULL);

  self = g_object_new (CONGKAK_TYPE_HISTORY_ITEM, NULL);
  self->node = g_object_ref (node);
  self->depth = depth;
  self->number = number;
  self->round = round;
  return self;
}

/**
 * congkak_history_item_get_node:
 *
 * Returns: (transfer none): the node of the tree the item stands for
 */
CongkakNode *
congkak_history_item_get_node (CongkakHistoryItem *self)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_ITEM (self), NULL);

  return self->node;
}

guint
congkak_history_item_get_depth (CongkakHistoryItem *self)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_ITEM (self), 0);

  return self->depth;
}

/* Sowings in the line up to and including the move */
guint
congkak_history_item_get_number (CongkakHistoryItem *self)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_ITEM (self), 0);

  return self->number;
}

guint
congkak_history_item_get_round (CongkakHistoryItem *self)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_ITEM (self), 0);

  return self->round;
}

/* The start and each new round head what follows them. */
gboolean
congkak_history_item_is_heading (CongkakHistoryItem *self)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_ITEM (self), FALSE);

  return congkak_node_is_root (self->node)
         || congkak_node_get_move (self->node)->kind == CONGKAK_MOVE_NEXT_ROUND;
}

/* What a mark means, in words: "blunder"; NULL for none. */
const char *
congkak_history_mark_name (CongkakMark mark)
{
  switch (mark)
    {
    case CONGKAK_MARK_GOOD:
      return _("good move");
    case CONGKAK_MARK_MISTAKE:
      return _("mistake");
    case CONGKAK_MARK_BRILLIANT:
      return _("brilliant move");
    case CONGKAK_MARK_BLUNDER:
      return _("blunder");
    case CONGKAK_MARK_INTERESTING:
      return _("interesting move");
    case CONGKAK_MARK_DUBIOUS:
      return _("dubious move");
    case CONGKAK_MARK_NONE:
    default:
      return NULL;
    }
}

/* The letters of one side's opening choices: "C,D". */
static char *
opening_choices (const CongkakOpening *opening,
                 CongkakSide           side,
                 const char           *separator)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < opening->n_choices[side]; i++)
    {
      if (i > 0)
        g_string_append (text, separator);
      g_string_append_c (text, congkak_hole_letter (side, opening->choices[side][i]));
    }
  return g_string_free (text, FALSE);
}

/**
 * congkak_history_item_dup_text:
 * @match: the match the item's node is in
 *
 * Returns: (transfer full): what the row shows, without its tags:
 *   "12. C", "12… c", "opening C,D / a", "Round 2"
 */
char *
congkak_history_item_dup_text (CongkakHistoryItem *self,
                               CongkakMatch       *match)
{
  const CongkakMove *move;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_ITEM (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);

  if (congkak_node_is_root (self->node))
    {
      if (!congkak_match_get_rules (match)->multi_round)
        return g_strdup (_("Start"));
      /* Translators: a heading in the list of moves */
      return g_strdup_printf (_("Round %u"), self->round);
    }

  move = congkak_node_get_move (self->node);
  switch (move->kind)
    {
    case CONGKAK_MOVE_SOW:
      if (move->side == CONGKAK_SOUTH)
        /* Translators: a South move in the list of moves: move number, hole letter */
        return g_strdup_printf (_("%u. %c"), self->number, congkak_hole_letter (move->side, move->hole));
      /* Translators: a North move in the list of moves: move number, hole letter */
      return g_strdup_printf (_("%u… %c"), self->number, congkak_hole_letter (move->side, move->hole));

    case CONGKAK_MOVE_OPENING:
      {
        g_autofree char *south = opening_choices (move->opening, CONGKAK_SOUTH, ",");
        g_autofree char *north = opening_choices (move->opening, CONGKAK_NORTH, ",");

        /* Translators: the simultaneous opening in the list of moves: South's
         * holes, then North's, as in “opening C,D / a” */
        return g_strdup_printf (_("opening %s / %s"), south, north);
      }

    case CONGKAK_MOVE_NEXT_ROUND:
      return g_strdup_printf (_("Round %u"), self->round);

    default:
      g_return_val_if_reached (NULL);
    }
}

/* The tags come from the engine's events for the move, never from rules
 * worked out again here. */
static void
ensure_tags (CongkakHistoryItem *self,
             CongkakMatch       *match)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GArray) events = NULL;
  g_autoptr (GPtrArray) shown = NULL;
  g_autoptr (GPtrArray) spoken = NULL;
  CongkakNode *parent;
  guint relays = 0, captured = 0, captures = 0;
  gboolean extra_turn = FALSE, round_over = FALSE, match_over = FALSE;

  if (self->tags_known)
    return;
  self->tags_known = TRUE;

  parent = congkak_node_get_parent (self->node);
  if (parent == NULL || congkak_node_get_move (self->node)->kind == CONGKAK_MOVE_NEXT_ROUND)
    return;

  game = congkak_game_copy (congkak_match_get_game_at (match, parent));
  events = congkak_event_array_new ();
  if (!congkak_game_play (game, congkak_node_get_move (self->node), events, NULL))
    return;

  for (guint i = 0; i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);

      switch (event->type)
        {
        case CONGKAK_EVENT_RELAY:
          relays++;
          break;
        case CONGKAK_EVENT_CAPTURE:
          captures++;
          captured += event->count;
          break;
        case CONGKAK_EVENT_EXTRA_TURN:
          extra_turn = TRUE;
          break;
        case CONGKAK_EVENT_ROUND_END:
          round_over = TRUE;
          break;
        case CONGKAK_EVENT_MATCH_END:
          match_over = TRUE;
          break;
        default:
          break;
        }
    }

  shown = g_ptr_array_new_with_free_func (g_free);
  spoken = g_ptr_array_new_with_free_func (g_free);
  if (relays == 1)
    {
      g_ptr_array_add (shown, g_strdup (_("relay")));
      g_ptr_array_add (spoken, g_strdup (_("relay once")));
    }
  else if (relays > 1)
    {
      /* Translators: a tag in the list of moves: the move relayed this many times */
      g_ptr_array_add (shown, g_strdup_printf (_("relay ×%u"), relays));
      if (relays == 2)
        g_ptr_array_add (spoken, g_strdup (_("relay twice")));
      else
        g_ptr_array_add (spoken, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "relay %u time", "relay %u times", relays),
                                                  relays));
    }
  if (captures > 0)
    {
      /* Translators: a tag in the list of moves: seeds captured */
      g_ptr_array_add (shown, g_strdup_printf (_("capture %u"), captured));
      g_ptr_array_add (spoken, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "capture %u seed", "capture %u seeds", captured),
                                                captured));
    }
  if (extra_turn)
    {
      g_ptr_array_add (shown, g_strdup (_("extra turn")));
      g_ptr_array_add (spoken, g_strdup (_("extra turn")));
    }
  if (match_over || round_over)
    {
      const char *text = match_over ? _("match over") : _("round over");

      g_ptr_array_add (shown, g_strdup (text));
      g_ptr_array_add (spoken, g_strdup (text));
    }

  if (shown->len > 0)
    {
      g_ptr_array_add (shown, NULL);
      g_ptr_array_add (spoken, NULL);
      self->tags = g_strjoinv ("  ", (char **) shown->pdata);
      self->spoken_tags = g_strjoinv (", ", (char **) spoken->pdata);
    }
}

/**
 * congkak_history_item_get_tags:
 * @match: the match the item's node is in
 * @spoken: (out) (optional) (nullable): the tags as a screen reader says them
 *
 * Returns: (nullable): what the move did, as shown after its text:
 *   "relay ×2  capture 9", or %NULL when it did nothing to tell
 */
const char *
congkak_history_item_get_tags (CongkakHistoryItem  *self,
                               CongkakMatch        *match,
                               const char         **spoken)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_ITEM (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);

  ensure_tags (self, match);
  if (spoken)
    *spoken = self->spoken_tags;
  return self->tags;
}

/**
 * congkak_history_item_dup_label:
 * @match: the match the item's node is in
 *
 * Returns: (transfer full): what a screen reader says for the row: "Move
 *   12, South C, relay twice, capture 9 seeds, comment"
 */
char *
congkak_history_item_dup_label (CongkakHistoryItem *self,
                                CongkakMatch       *match)
{
  GString *label;
  const CongkakMove *move;
  const char *mark;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_ITEM (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);

  label = g_string_new (NULL);
  move = congkak_node_get_move (self->node);
  ensure_tags (self, match);

  if (congkak_node_is_root (self->node))
    {
      g_autofree char *text = congkak_history_item_dup_text (self, match);

      g_string_append (label, text);
      g_string_append (label, ", ");
      g_string_append (label, _("start position"));
    }
  else if (move->kind == CONGKAK_MOVE_SOW)
    {
      char letter[2] = { congkak_hole_letter (move->side, move->hole), 0 };

      g_string_append_printf (label, _("Move %u"), self->number);
      g_string_append (label, ", ");
      g_string_append_printf (label, move->side == CONGKAK_SOUTH ? _("South %s") : _("North %s"), letter);
    }
  else if (move->kind == CONGKAK_MOVE_OPENING)
    {
      g_autofree char *south = opening_choices (move->opening, CONGKAK_SOUTH, ", ");
      g_autofree char *north = opening_choices (move->opening, CONGKAK_NORTH, ", ");

      /* Translators: read out for the simultaneous opening: South's holes, then North's */
      g_string_append_printf (label, _("Opening, South %s, North %s"), south, north);
    }
  else
    {
      g_string_append_printf (label, _("Round %u"), self->round);
    }

  if (self->spoken_tags)
    g_string_append_printf (label, ", %s", self->spoken_tags);
  mark = congkak_history_mark_name (congkak_node_get_mark (self->node));
  if (mark)
    g_string_append_printf (label, ", %s", mark);
  else if (congkak_history_mark_name (congkak_node_get_analysis_mark (self->node)))
    /* TRANSLATORS: read out for a move the computer's analysis marked, "computer: blunder" */
    g_string_append_printf (label, _(", computer: %s"), congkak_history_mark_name (congkak_node_get_analysis_mark (self->node)));
  if (congkak_node_has_analysis (self->node))
    {
      g_autofree char *score = congkak_analysis_format_score (congkak_node_get_evaluation (self->node));

      /* TRANSLATORS: read out after a move: the computer's evaluation for South, "+3" */
      g_string_append_printf (label, _(", evaluation %s"), score);
    }
  if (*congkak_node_get_comment (self->node))
    g_string_append_printf (label, ", %s", _("comment"));
  if (self->depth > 0)
    g_string_append_printf (label, ", %s", _("variation"));

  return g_string_free (label, FALSE);
}

