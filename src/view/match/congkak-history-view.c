/* congkak-history-view.c — the moves of a match as a list, with its variations
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tree is flattened into rows in file order: a move, then the
 * variations that replace it (each a line, one level deeper), then the next
 * move.  The walk keeps one stack frame per open line, never one per move,
 * so a long match costs no deep recursion.  When the tree changes the rows
 * are rebuilt once, at idle, and only the rows that differ are replaced in
 * the list, so bound rows and their cached tags survive.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-analysis.h"
#include "congkak-history-view.h"

#define INDENT_PER_DEPTH 18
/* Deeper variations are indented no further, so that a match nested to
 * the format's limit never makes the list wider than a phone. */
#define MAX_INDENTED_DEPTH 6

/* One row: a node of the tree and where it stands in the list. */
#define CONGKAK_TYPE_HISTORY_ROW (congkak_history_row_get_type ())

G_DECLARE_FINAL_TYPE (CongkakHistoryRow, congkak_history_row, CONGKAK, HISTORY_ROW, GObject)

struct _CongkakHistoryRow
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

G_DEFINE_FINAL_TYPE (CongkakHistoryRow, congkak_history_row, G_TYPE_OBJECT)

static void
congkak_history_row_finalize (GObject *object)
{
  CongkakHistoryRow *self = CONGKAK_HISTORY_ROW (object);

  g_clear_object (&self->node);
  g_clear_pointer (&self->tags, g_free);
  g_clear_pointer (&self->spoken_tags, g_free);

  G_OBJECT_CLASS (congkak_history_row_parent_class)->finalize (object);
}

static void
congkak_history_row_class_init (CongkakHistoryRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_history_row_finalize;
}

static void
congkak_history_row_init (CongkakHistoryRow *self)
{
}

static CongkakHistoryRow *
congkak_history_row_new (CongkakNode *node,
                         guint        depth,
                         guint        number,
                         guint        round)
{
  CongkakHistoryRow *self = g_object_new (CONGKAK_TYPE_HISTORY_ROW, NULL);

  self->node = g_object_ref (node);
  self->depth = depth;
  self->number = number;
  self->round = round;
  return self;
}

struct _CongkakHistoryView
{
  GtkWidget           parent_instance;

  /* Template widgets */
  GtkScrolledWindow  *scroller;
  GtkListView        *list_view;
  GtkSingleSelection *selection;
  GtkPopoverMenu     *context_menu;

  /* Owned references */
  CongkakMatch       *match;
  GListStore         *store;
  GPtrArray          *rows;        /* CongkakHistoryRow, as in the store */
  GHashTable         *positions;   /* CongkakNode → position + 1 */
  CongkakHistoryRow  *menu_row;    /* the row the context menu is for */

  /* State */
  guint               rebuild_source;
  guint               clear_menu_source;
  guint               updating;
  gboolean            dirty;
};

G_DEFINE_FINAL_TYPE (CongkakHistoryView, congkak_history_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MATCH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
mark_name (CongkakMark mark)
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

static gboolean
is_multi_round (CongkakHistoryView *self)
{
  return congkak_match_get_rules (self->match)->multi_round;
}

/* What the row shows: "12. C", "12… c", "opening C,D / a", "Round 2". */
static char *
row_text (CongkakHistoryView *self,
          CongkakHistoryRow  *row)
{
  const CongkakMove *move;

  if (congkak_node_is_root (row->node))
    {
      if (!is_multi_round (self))
        return g_strdup (_("Start"));
      /* Translators: a heading in the list of moves */
      return g_strdup_printf (_("Round %u"), row->round);
    }

  move = congkak_node_get_move (row->node);
  switch (move->kind)
    {
    case CONGKAK_MOVE_SOW:
      if (move->side == CONGKAK_SOUTH)
        /* Translators: a South move in the list of moves: move number, hole letter */
        return g_strdup_printf (_("%u. %c"), row->number, congkak_hole_letter (move->side, move->hole));
      /* Translators: a North move in the list of moves: move number, hole letter */
      return g_strdup_printf (_("%u… %c"), row->number, congkak_hole_letter (move->side, move->hole));

    case CONGKAK_MOVE_OPENING:
      {
        g_autofree char *south = opening_choices (move->opening, CONGKAK_SOUTH, ",");
        g_autofree char *north = opening_choices (move->opening, CONGKAK_NORTH, ",");

        /* Translators: the simultaneous opening in the list of moves: South's
         * holes, then North's, as in “opening C,D / a” */
        return g_strdup_printf (_("opening %s / %s"), south, north);
      }

    case CONGKAK_MOVE_NEXT_ROUND:
      return g_strdup_printf (_("Round %u"), row->round);

    default:
      g_return_val_if_reached (NULL);
    }
}

/* The tags come from the engine's events for the move, never from rules
 * worked out again here. */
static void
row_ensure_tags (CongkakHistoryView *self,
                 CongkakHistoryRow  *row)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GArray) events = NULL;
  g_autoptr (GPtrArray) shown = NULL;
  g_autoptr (GPtrArray) spoken = NULL;
  CongkakNode *parent;
  guint relays = 0, captured = 0, captures = 0;
  gboolean extra_turn = FALSE, round_over = FALSE, match_over = FALSE;

  if (row->tags_known)
    return;
  row->tags_known = TRUE;

  parent = congkak_node_get_parent (row->node);
  if (parent == NULL || congkak_node_get_move (row->node)->kind == CONGKAK_MOVE_NEXT_ROUND)
    return;

  game = congkak_game_copy (congkak_match_get_game_at (self->match, parent));
  events = congkak_event_array_new ();
  if (!congkak_game_play (game, congkak_node_get_move (row->node), events, NULL))
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
      row->tags = g_strjoinv ("  ", (char **) shown->pdata);
      row->spoken_tags = g_strjoinv (", ", (char **) spoken->pdata);
    }
}

/* What a screen reader says: "Move 12, South C, relay twice, capture 9
 * seeds, comment". */
static char *
row_label (CongkakHistoryView *self,
           CongkakHistoryRow  *row)
{
  GString *label = g_string_new (NULL);
  const CongkakMove *move = congkak_node_get_move (row->node);
  const char *mark;

  row_ensure_tags (self, row);

  if (congkak_node_is_root (row->node))
    {
      g_autofree char *text = row_text (self, row);

      g_string_append (label, text);
      g_string_append (label, ", ");
      g_string_append (label, _("start position"));
    }
  else if (move->kind == CONGKAK_MOVE_SOW)
    {
      char letter[2] = { congkak_hole_letter (move->side, move->hole), 0 };

      g_string_append_printf (label, _("Move %u"), row->number);
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
      g_string_append_printf (label, _("Round %u"), row->round);
    }

  if (row->spoken_tags)
    g_string_append_printf (label, ", %s", row->spoken_tags);
  mark = mark_name (congkak_node_get_mark (row->node));
  if (mark)
    g_string_append_printf (label, ", %s", mark);
  else if (mark_name (congkak_node_get_analysis_mark (row->node)))
    /* TRANSLATORS: read out for a move the computer's analysis marked, "computer: blunder" */
    g_string_append_printf (label, _(", computer: %s"), mark_name (congkak_node_get_analysis_mark (row->node)));
  if (congkak_node_has_analysis (row->node))
    {
      g_autofree char *score = congkak_analysis_format_score (congkak_node_get_evaluation (row->node));

      /* TRANSLATORS: read out after a move: the computer's evaluation for South, "+3" */
      g_string_append_printf (label, _(", evaluation %s"), score);
    }
  if (*congkak_node_get_comment (row->node))
    g_string_append_printf (label, ", %s", _("comment"));
  if (row->depth > 0)
    g_string_append_printf (label, ", %s", _("variation"));

  return g_string_free (label, FALSE);
}

/* Building the rows */

typedef struct
{
  CongkakNode *node;    /* the next node of the line, or NULL at its end */
  guint        depth;
  guint        number;  /* sowings before node */
  guint        round;   /* the round before node */
} LineFrame;

static GPtrArray *
collect_rows (CongkakMatch *match)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (LineFrame));
  CongkakNode *root = congkak_match_get_root (match);
  const CongkakState *state = congkak_game_get_state (congkak_match_get_game_at (match, root));
  LineFrame first = { congkak_node_get_main_child (root), 0, 0, state->round };

  g_ptr_array_add (rows, congkak_history_row_new (root, 0, 0, state->round));
  g_array_append_val (stack, first);

  while (stack->len > 0)
    {
      LineFrame *frame = &g_array_index (stack, LineFrame, stack->len - 1);
      LineFrame before;
      const CongkakMove *move;
      CongkakNode *parent;

      if (frame->node == NULL)
        {
          g_array_set_size (stack, stack->len - 1);
          continue;
        }

      before = *frame;
      move = congkak_node_get_move (before.node);
      if (move->kind == CONGKAK_MOVE_SOW)
        frame->number++;
      else if (move->kind == CONGKAK_MOVE_NEXT_ROUND)
        frame->round++;
      g_ptr_array_add (rows, congkak_history_row_new (before.node, before.depth, frame->number, frame->round));
      frame->node = congkak_node_get_main_child (before.node);

      /* The variations that replace this move come right after it; the
       * first of them ends up on top of the stack.  `frame` is not used
       * after this, as appending may move the stack. */
      parent = congkak_node_get_parent (before.node);
      if (congkak_node_get_child_index (before.node) == 0)
        for (guint i = congkak_node_get_n_children (parent); i-- > 1;)
          {
            LineFrame variation = { congkak_node_get_child (parent, i), before.depth + 1,
                                    before.number, before.round };

            g_array_append_val (stack, variation);
          }
    }

  return rows;
}

static gboolean
same_row (CongkakHistoryRow *a,
          CongkakHistoryRow *b)
{
  return a->node == b->node && a->depth == b->depth && a->number == b->number && a->round == b->round;
}

static void update_actions (CongkakHistoryView *self);

static void
sync_selection (CongkakHistoryView *self)
{
  guint position = GTK_INVALID_LIST_POSITION;

  if (self->match)
    {
      gpointer found = g_hash_table_lookup (self->positions, congkak_match_get_cursor (self->match));

      if (found)
        position = GPOINTER_TO_UINT (found) - 1;
    }

  self->updating++;
  if (gtk_single_selection_get_selected (self->selection) != position)
    gtk_single_selection_set_selected (self->selection, position);
  self->updating--;

  if (position != GTK_INVALID_LIST_POSITION && gtk_widget_get_realized (GTK_WIDGET (self)))
    gtk_list_view_scroll_to (self->list_view, position, GTK_LIST_SCROLL_NONE, NULL);
  update_actions (self);
}

/* Replaces only the rows that differ: usually a few at one place. */
static void
rebuild (CongkakHistoryView *self)
{
  g_autoptr (GPtrArray) fresh = NULL;
  guint old_len = self->rows->len;
  guint new_len, prefix = 0, suffix = 0;

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  self->dirty = FALSE;

  if (self->match)
    fresh = collect_rows (self->match);
  if (fresh == NULL)
    fresh = g_ptr_array_new_with_free_func (g_object_unref);
  new_len = fresh->len;

  while (prefix < old_len && prefix < new_len
         && same_row (g_ptr_array_index (self->rows, prefix), g_ptr_array_index (fresh, prefix)))
    prefix++;
  while (suffix < old_len - prefix && suffix < new_len - prefix
         && same_row (g_ptr_array_index (self->rows, old_len - 1 - suffix),
                      g_ptr_array_index (fresh, new_len - 1 - suffix)))
    suffix++;

  /* Keep the old row objects where nothing changed, with their tags. */
  for (guint i = 0; i < prefix; i++)
    {
      g_object_unref (fresh->pdata[i]);
      fresh->pdata[i] = g_object_ref (self->rows->pdata[i]);
    }
  for (guint i = 0; i < suffix; i++)
    {
      g_object_unref (fresh->pdata[new_len - 1 - i]);
      fresh->pdata[new_len - 1 - i] = g_object_ref (self->rows->pdata[old_len - 1 - i]);
    }

  self->updating++;
  g_list_store_splice (self->store, prefix, old_len - prefix - suffix,
                       fresh->pdata + prefix, new_len - prefix - suffix);
  self->updating--;

  g_ptr_array_unref (self->rows);
  self->rows = g_steal_pointer (&fresh);

  g_hash_table_remove_all (self->positions);
  for (guint i = 0; i < self->rows->len; i++)
    {
      CongkakHistoryRow *row = g_ptr_array_index (self->rows, i);

      g_hash_table_insert (self->positions, row->node, GUINT_TO_POINTER (i + 1));
    }

  if (self->menu_row && !g_hash_table_contains (self->positions, self->menu_row->node))
    {
      g_clear_object (&self->menu_row);
      gtk_popover_popdown (GTK_POPOVER (self->context_menu));
    }

  sync_selection (self);
}

static gboolean
rebuild_idle_cb (gpointer user_data)
{
  CongkakHistoryView *self = user_data;

  self->rebuild_source = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
ensure_rows (CongkakHistoryView *self)
{
  if (self->dirty)
    rebuild (self);
}

static void
tree_changed_cb (CongkakHistoryView *self)
{
  /* A game played move by move changes the tree for every move: build the
   * list once, when the main loop is idle, just before drawing. */
  self->dirty = TRUE;
  if (self->rebuild_source == 0)
    self->rebuild_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, rebuild_idle_cb, self, NULL);
}

static void
cursor_changed_cb (CongkakHistoryView *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self->context_menu)))
    g_clear_object (&self->menu_row);
  if (!self->dirty)
    sync_selection (self);
  else
    update_actions (self);  /* the rows follow when idle; the actions now */
}

static void
node_changed_cb (CongkakHistoryView *self,
                 CongkakNode        *node)
{
  gpointer found;
  guint position;
  CongkakHistoryRow *row, *old;

  if (self->dirty)
    return;
  found = g_hash_table_lookup (self->positions, node);
  if (found == NULL)
    return;

  /* A new row object for the same node, so that the list binds it again
   * (it keeps the widget of an item put back unchanged) and shows the new
   * mark, comment or analysis. */
  position = GPOINTER_TO_UINT (found) - 1;
  old = g_ptr_array_index (self->rows, position);
  row = congkak_history_row_new (old->node, old->depth, old->number, old->round);
  row->tags_known = old->tags_known;
  row->tags = g_strdup (old->tags);
  row->spoken_tags = g_strdup (old->spoken_tags);
  g_ptr_array_index (self->rows, position) = row;
  g_object_unref (old);
  self->updating++;
  g_list_store_splice (self->store, position, 1, (gpointer *) &row, 1);
  self->updating--;
  sync_selection (self);
}

/* The context menu and its actions */

static CongkakNode *
action_node (CongkakHistoryView *self)
{
  if (self->match == NULL)
    return NULL;
  if (self->menu_row)
    return self->menu_row->node;
  return congkak_match_get_cursor (self->match);
}

/* The first move of the variation @node is in, if it is in one. */
static CongkakNode *
variation_start (CongkakNode *node)
{
  for (; node != NULL && !congkak_node_is_root (node); node = congkak_node_get_parent (node))
    if (congkak_node_get_child_index (node) > 0)
      return node;
  return NULL;
}

static void
update_actions (CongkakHistoryView *self)
{
  CongkakNode *node = action_node (self);
  gboolean is_move = node != NULL && !congkak_node_is_root (node);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.promote", is_move && variation_start (node) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.delete", is_move);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.copy-line", is_move);
}

static void
promote_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (widget);
  CongkakNode *node = action_node (self);
  CongkakNode *start = node ? variation_start (node) : NULL;

  if (start)
    congkak_match_promote_variation (self->match, start);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (widget);
  CongkakNode *node = action_node (self);

  if (node && !congkak_node_is_root (node))
    congkak_match_delete_variation (self->match, node);
}

static void
copy_line_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (widget);
  CongkakNode *node = action_node (self);
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) text = g_string_new (NULL);

  for (; node != NULL && !congkak_node_is_root (node); node = congkak_node_get_parent (node))
    g_ptr_array_add (moves, congkak_node_dup_move_text (node));
  if (moves->len == 0)
    return;

  for (guint i = moves->len; i-- > 0;)
    {
      g_string_append (text, g_ptr_array_index (moves, i));
      if (i > 0)
        g_string_append_c (text, ' ');
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text->str);
}

static CongkakHistoryRow *
row_at (CongkakHistoryView *self,
        double              x,
        double              y,
        graphene_rect_t    *bounds)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  for (; picked != NULL && picked != GTK_WIDGET (self); picked = gtk_widget_get_parent (picked))
    {
      GtkListItem *item = g_object_get_data (G_OBJECT (picked), "congkak-list-item");

      if (item && gtk_list_item_get_item (item))
        {
          if (!gtk_widget_compute_bounds (picked, GTK_WIDGET (self), bounds))
            graphene_rect_init (bounds, x, y, 1, 1);
          return gtk_list_item_get_item (item);
        }
    }
  return NULL;
}

static void
popup_menu_for (CongkakHistoryView *self,
                CongkakHistoryRow  *row,
                double              x,
                double              y)
{
  GdkRectangle pointing = { (int) x, (int) y, 1, 1 };

  g_clear_handle_id (&self->clear_menu_source, g_source_remove);
  g_set_object (&self->menu_row, row);
  update_actions (self);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu), &pointing);
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
}

/* A pointer or touch asked for the menu of the row under it. */
static void
popup_menu_at (CongkakHistoryView *self,
               GtkGesture         *gesture,
               double              x,
               double              y)
{
  graphene_rect_t bounds;
  CongkakHistoryRow *row = row_at (self, x, y, &bounds);

  if (row == NULL)
    return;
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  popup_menu_for (self, row, x, y);
}

static void
secondary_click_cb (GtkGestureClick    *gesture,
                    int                 n_press,
                    double              x,
                    double              y,
                    CongkakHistoryView *self)
{
  popup_menu_at (self, GTK_GESTURE (gesture), x, y);
}

static void
long_press_cb (GtkGestureLongPress *gesture,
               double               x,
               double               y,
               CongkakHistoryView  *self)
{
  popup_menu_at (self, GTK_GESTURE (gesture), x, y);
}

/* Shift+F10 and the Menu key: the menu of the current move. */
static gboolean
menu_key_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (widget);
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));
  graphene_rect_t bounds;
  guint position;

  ensure_rows (self);
  position = gtk_single_selection_get_selected (self->selection);
  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;

  if (focus == NULL || !gtk_widget_compute_bounds (focus, widget, &bounds))
    graphene_rect_init (&bounds, 0, 0, gtk_widget_get_width (widget), 1);
  popup_menu_for (self, g_ptr_array_index (self->rows, position),
                  bounds.origin.x + 24, bounds.origin.y + bounds.size.height);
  return TRUE;
}

static gboolean
clear_menu_row_cb (gpointer user_data)
{
  CongkakHistoryView *self = user_data;

  self->clear_menu_source = 0;
  g_clear_object (&self->menu_row);
  update_actions (self);
  return G_SOURCE_REMOVE;
}

static void
context_menu_closed_cb (CongkakHistoryView *self)
{
  /* The chosen item's action may run after the menu closes. */
  if (self->clear_menu_source == 0)
    self->clear_menu_source = g_idle_add (clear_menu_row_cb, self);
}

/* The list */

static void
row_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              CongkakHistoryView       *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *move = gtk_label_new (NULL);
  GtkWidget *tags = gtk_label_new (NULL);
  GtkWidget *mark = gtk_label_new (NULL);
  GtkWidget *comment = gtk_image_new_from_icon_name ("document-edit-symbolic");
  GtkWidget *evaluation = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (move), 0);
  gtk_widget_add_css_class (move, "numeric");
  gtk_label_set_xalign (GTK_LABEL (tags), 0);
  gtk_label_set_ellipsize (GTK_LABEL (tags), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (tags, TRUE);
  gtk_widget_add_css_class (tags, "caption");
  gtk_widget_add_css_class (tags, "dim-label");
  gtk_widget_add_css_class (mark, "heading");
  gtk_widget_set_tooltip_text (comment, _("Has a comment"));
  gtk_widget_add_css_class (evaluation, "caption");
  gtk_widget_add_css_class (evaluation, "numeric");
  gtk_widget_add_css_class (evaluation, "dim-label");
  gtk_widget_set_tooltip_text (evaluation, _("The computer’s evaluation for South"));

  gtk_box_append (GTK_BOX (box), move);
  gtk_box_append (GTK_BOX (box), tags);
  gtk_box_append (GTK_BOX (box), mark);
  gtk_box_append (GTK_BOX (box), comment);
  gtk_box_append (GTK_BOX (box), evaluation);
  g_object_set_data (G_OBJECT (box), "congkak-list-item", item);
  gtk_list_item_set_child (item, box);
}

static void
row_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             CongkakHistoryView       *self)
{
  CongkakHistoryRow *row = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *move = gtk_widget_get_first_child (box);
  GtkWidget *tags = gtk_widget_get_next_sibling (move);
  GtkWidget *mark = gtk_widget_get_next_sibling (tags);
  GtkWidget *comment = gtk_widget_get_next_sibling (mark);
  GtkWidget *evaluation = gtk_widget_get_next_sibling (comment);
  g_autofree char *text = NULL;
  g_autofree char *score = NULL;
  gboolean computer_mark;
  g_autofree char *label = NULL;
  gboolean heading;
  CongkakMark node_mark;

  if (self->match == NULL)
    return;
  text = row_text (self, row);
  label = row_label (self, row);
  heading = congkak_node_is_root (row->node)
            || congkak_node_get_move (row->node)->kind == CONGKAK_MOVE_NEXT_ROUND;
  node_mark = congkak_node_get_mark (row->node);
  /* The computer's mark only where the user has none, and told apart. */
  computer_mark = node_mark == CONGKAK_MARK_NONE;
  if (computer_mark)
    node_mark = congkak_node_get_analysis_mark (row->node);

  gtk_label_set_text (GTK_LABEL (move), text);
  if (heading)
    gtk_widget_add_css_class (move, "heading");
  else
    gtk_widget_remove_css_class (move, "heading");
  gtk_label_set_text (GTK_LABEL (tags), row->tags ? row->tags : "");
  gtk_widget_set_tooltip_text (tags, row->spoken_tags);
  gtk_label_set_text (GTK_LABEL (mark), node_mark != CONGKAK_MARK_NONE ? congkak_mark_to_string (node_mark) : "");
  if (computer_mark && node_mark != CONGKAK_MARK_NONE)
    {
      g_autofree char *tooltip = g_strdup_printf (_("The computer: %s"), mark_name (node_mark));

      gtk_widget_set_tooltip_text (mark, tooltip);
      gtk_widget_add_css_class (mark, "dim-label");
    }
  else
    {
      gtk_widget_set_tooltip_text (mark, mark_name (node_mark));
      gtk_widget_remove_css_class (mark, "dim-label");
    }
  gtk_widget_set_visible (mark, node_mark != CONGKAK_MARK_NONE);
  if (congkak_node_has_analysis (row->node))
    score = congkak_analysis_format_score (congkak_node_get_evaluation (row->node));
  gtk_label_set_text (GTK_LABEL (evaluation), score ? score : "");
  gtk_widget_set_visible (evaluation, score != NULL);
  gtk_widget_set_visible (comment, *congkak_node_get_comment (row->node) != '\0');

  gtk_widget_set_margin_start (box, INDENT_PER_DEPTH * MIN (row->depth, MAX_INDENTED_DEPTH));
  if (row->depth > 0)
    gtk_widget_add_css_class (box, "dim-label");
  else
    gtk_widget_remove_css_class (box, "dim-label");
  gtk_list_item_set_accessible_label (item, label);
}

static void
row_unbind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               CongkakHistoryView       *self)
{
  gtk_list_item_set_accessible_label (item, "");
}

static void
selection_changed_cb (GtkSingleSelection *selection,
                      GParamSpec         *pspec,
                      CongkakHistoryView *self)
{
  CongkakHistoryRow *row;

  if (self->updating || self->match == NULL)
    return;
  row = gtk_single_selection_get_selected_item (selection);
  if (row)
    congkak_match_set_cursor (self->match, row->node);
}

static void
row_activated_cb (GtkListView        *list_view,
                  guint               position,
                  CongkakHistoryView *self)
{
  ensure_rows (self);
  if (self->match == NULL || position >= self->rows->len)
    return;
  congkak_match_set_cursor (self->match, ((CongkakHistoryRow *) g_ptr_array_index (self->rows, position))->node);
}

/* The widget */

static void
congkak_history_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (widget);

  gtk_widget_measure (GTK_WIDGET (self->scroller), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
congkak_history_view_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (widget);

  gtk_widget_allocate (GTK_WIDGET (self->scroller), width, height, baseline, NULL);
  gtk_popover_present (GTK_POPOVER (self->context_menu));
}

static void
congkak_history_view_dispose (GObject *object)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (object);
  GtkWidget *child;

  congkak_history_view_set_match (self, NULL);
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  g_clear_handle_id (&self->clear_menu_source, g_source_remove);
  g_clear_object (&self->menu_row);

  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_HISTORY_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (congkak_history_view_parent_class)->dispose (object);
}

static void
congkak_history_view_finalize (GObject *object)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->positions, g_hash_table_unref);

  G_OBJECT_CLASS (congkak_history_view_parent_class)->finalize (object);
}

static void
congkak_history_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_history_view_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  CongkakHistoryView *self = CONGKAK_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      congkak_history_view_set_match (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_history_view_class_init (CongkakHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_history_view_dispose;
  object_class->finalize = congkak_history_view_finalize;
  object_class->get_property = congkak_history_view_get_property;
  object_class->set_property = congkak_history_view_set_property;
  widget_class->measure = congkak_history_view_measure;
  widget_class->size_allocate = congkak_history_view_size_allocate;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, CONGKAK_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/congkak/Congkak/ui/congkak-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakHistoryView, scroller);
  gtk_widget_class_bind_template_child (widget_class, CongkakHistoryView, list_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakHistoryView, selection);
  gtk_widget_class_bind_template_child (widget_class, CongkakHistoryView, context_menu);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_setup_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_bind_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_unbind_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, context_menu_closed_cb);
  gtk_widget_class_bind_template_callback (widget_class, secondary_click_cb);
  gtk_widget_class_bind_template_callback (widget_class, long_press_cb);

  gtk_widget_class_install_action (widget_class, "history.promote", NULL, promote_action);
  gtk_widget_class_install_action (widget_class, "history.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "history.copy-line", NULL, copy_line_action);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, menu_key_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Menu, 0, menu_key_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "congkak-history-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
congkak_history_view_init (CongkakHistoryView *self)
{
  self->store = g_list_store_new (CONGKAK_TYPE_HISTORY_ROW);
  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
  self->positions = g_hash_table_new (NULL, NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_single_selection_set_model (self->selection, G_LIST_MODEL (self->store));
  update_actions (self);
}

GtkWidget *
congkak_history_view_new (void)
{
  return g_object_new (CONGKAK_TYPE_HISTORY_VIEW, NULL);
}

CongkakMatch *
congkak_history_view_get_match (CongkakHistoryView *self)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), NULL);

  return self->match;
}

/**
 * congkak_history_view_set_match:
 * @match: (nullable): the match to list
 */
void
congkak_history_view_set_match (CongkakHistoryView *self,
                                CongkakMatch       *match)
{
  g_return_if_fail (CONGKAK_IS_HISTORY_VIEW (self));
  g_return_if_fail (match == NULL || CONGKAK_IS_MATCH (match));

  if (self->match == match)
    return;

  if (self->match)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_set_object (&self->match, match);
  g_clear_object (&self->menu_row);
  if (match)
    {
      g_signal_connect_object (match, "tree-changed", G_CALLBACK (tree_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (match, "node-changed", G_CALLBACK (node_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (match, "notify::cursor", G_CALLBACK (cursor_changed_cb), self, G_CONNECT_SWAPPED);
    }

  /* A new match replaces every row; its tags would not be the same. */
  self->updating++;
  g_list_store_remove_all (self->store);
  self->updating--;
  g_ptr_array_set_size (self->rows, 0);
  g_hash_table_remove_all (self->positions);
  rebuild (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);
}

guint
congkak_history_view_get_n_rows (CongkakHistoryView *self)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), 0);

  ensure_rows (self);
  return self->rows->len;
}

static CongkakHistoryRow *
get_row (CongkakHistoryView *self,
         guint               position)
{
  ensure_rows (self);
  g_return_val_if_fail (position < self->rows->len, NULL);

  return g_ptr_array_index (self->rows, position);
}

/**
 * congkak_history_view_get_row_node:
 *
 * Returns: (transfer none): the node of the row at @position
 */
CongkakNode *
congkak_history_view_get_row_node (CongkakHistoryView *self,
                                   guint               position)
{
  CongkakHistoryRow *row;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), NULL);

  row = get_row (self, position);
  return row ? row->node : NULL;
}

guint
congkak_history_view_get_row_depth (CongkakHistoryView *self,
                                    guint               position)
{
  CongkakHistoryRow *row;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), 0);

  row = get_row (self, position);
  return row ? row->depth : 0;
}

/**
 * congkak_history_view_dup_row_text:
 *
 * Returns: (transfer full): what the row shows, without its tags:
 *   "12. C", "opening C,D / a", "Round 2", …
 */
char *
congkak_history_view_dup_row_text (CongkakHistoryView *self,
                                   guint               position)
{
  CongkakHistoryRow *row;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), NULL);

  row = get_row (self, position);
  return row ? row_text (self, row) : NULL;
}

/**
 * congkak_history_view_dup_row_label:
 *
 * Returns: (transfer full): the row's accessible label
 */
char *
congkak_history_view_dup_row_label (CongkakHistoryView *self,
                                    guint               position)
{
  CongkakHistoryRow *row;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), NULL);

  row = get_row (self, position);
  return row ? row_label (self, row) : NULL;
}

/* Returns: the selected row (the cursor's), or -1 */
int
congkak_history_view_get_selected_row (CongkakHistoryView *self)
{
  guint position;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), -1);

  ensure_rows (self);
  position = gtk_single_selection_get_selected (self->selection);
  return position == GTK_INVALID_LIST_POSITION ? -1 : (int) position;
}
