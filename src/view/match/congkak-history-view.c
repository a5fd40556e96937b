/* congkak-history-view.c — the moves of a match as a list, with its variations
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tree is flattened into rows in file order: a move, then the
 * variations that replace it (each a line, one level deeper), then the next
 * move.  The walk keeps one stack frame per open line, never one per move,
 * so a long match costs no deep recursion.  Each row is a
 * CongkakHistoryItem (what it says, congkak-history-item.c), shown by a
 * CongkakHistoryRow (how it looks, with its .ui).  When the tree changes
 * the rows are rebuilt once, at idle, and only the rows that differ are
 * replaced in the list, so bound rows and their cached tags survive.  The
 * match's signals come through one GSignalGroup, whichever match is set.
 */

#include "config.h"

#include "congkak-history-item.h"
#include "congkak-history-row.h"
#include "congkak-history-view.h"

/* The rows, made on demand.  A match of 60,000 moves had 60,000 items in a
 * GListStore (an object, a sequence node and a place in a table each,
 * some 180 bytes); a row is now 16 bytes in an array, and an item is
 * made when the list asks for one (the rows it shows, the selected one)
 * and kept only while someone holds it. */

/* 16 bytes: a match has at most CONGKAK_MATCH_MAX_NODES moves, so a
 * depth, a round and a number of sowings each fit in 20 or 24 bits. */
typedef struct
{
  CongkakNode *node;        /* owned */
  guint64      depth : 20;
  guint64      round : 20;
  guint64      number : 24; /* sowings in the line up to and including the move */
} Row;

G_STATIC_ASSERT (CONGKAK_MATCH_MAX_NODES < (1 << 20));
G_STATIC_ASSERT (sizeof (Row) == 16);

#define CONGKAK_TYPE_HISTORY_ROWS (congkak_history_rows_get_type ())
G_DECLARE_FINAL_TYPE (CongkakHistoryRows, congkak_history_rows, CONGKAK, HISTORY_ROWS, GObject)

struct _CongkakHistoryRows
{
  GObject     parent_instance;

  GArray     *rows;    /* Row */
  GHashTable *items;   /* CongkakNode → CongkakHistoryItem, weak: the items someone holds */
};

static void congkak_history_rows_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakHistoryRows, congkak_history_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, congkak_history_rows_list_model_init))

static void
row_clear (gpointer data)
{
  Row *row = data;

  g_clear_object (&row->node);
}

static gboolean
row_equal (const Row *a,
           const Row *b)
{
  return a->node == b->node && a->depth == b->depth && a->number == b->number && a->round == b->round;
}

static gboolean
is_item (gpointer key,
         gpointer value,
         gpointer item)
{
  return value == item;
}

static void
item_gone_cb (gpointer  data,
              GObject  *where_the_item_was)
{
  CongkakHistoryRows *self = data;

  g_hash_table_foreach_remove (self->items, is_item, where_the_item_was);
}

/* Forgets the item of @node: the next one asked for is new. */
static void
forget_item (CongkakHistoryRows *self,
             CongkakNode        *node)
{
  GObject *item = g_hash_table_lookup (self->items, node);

  if (item == NULL)
    return;
  g_object_weak_unref (item, item_gone_cb, self);
  g_hash_table_remove (self->items, node);
}

static void
congkak_history_rows_finalize (GObject *object)
{
  CongkakHistoryRows *self = CONGKAK_HISTORY_ROWS (object);
  GHashTableIter iter;
  gpointer item;

  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, NULL, &item))
    g_object_weak_unref (item, item_gone_cb, self);
  g_clear_pointer (&self->items, g_hash_table_unref);
  g_clear_pointer (&self->rows, g_array_unref);

  G_OBJECT_CLASS (congkak_history_rows_parent_class)->finalize (object);
}

static void
congkak_history_rows_class_init (CongkakHistoryRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_history_rows_finalize;
}

static void
congkak_history_rows_init (CongkakHistoryRows *self)
{
  self->rows = g_array_new (FALSE, FALSE, sizeof (Row));
  g_array_set_clear_func (self->rows, row_clear);
  self->items = g_hash_table_new (NULL, NULL);
}

static GType
congkak_history_rows_get_item_type (GListModel *model)
{
  return CONGKAK_TYPE_HISTORY_ITEM;
}

static guint
congkak_history_rows_get_n_items (GListModel *model)
{
  return CONGKAK_HISTORY_ROWS (model)->rows->len;
}

static gpointer
congkak_history_rows_get_item (GListModel *model,
                               guint       position)
{
  CongkakHistoryRows *self = CONGKAK_HISTORY_ROWS (model);
  CongkakHistoryItem *item;
  const Row *row;

  if (position >= self->rows->len)
    return NULL;
  row = &g_array_index (self->rows, Row, position);
  item = g_hash_table_lookup (self->items, row->node);
  if (item != NULL)
    {
      if (congkak_history_item_get_depth (item) == row->depth && congkak_history_item_get_number (item) == row->number
          && congkak_history_item_get_round (item) == row->round)
        return g_object_ref (item);
      forget_item (self, row->node);
    }
  item = congkak_history_item_new (row->node, row->depth, row->number, row->round);
  g_hash_table_insert (self->items, row->node, item);
  g_object_weak_ref (G_OBJECT (item), item_gone_cb, self);
  return item;
}

static void
congkak_history_rows_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = congkak_history_rows_get_item_type;
  iface->get_n_items = congkak_history_rows_get_n_items;
  iface->get_item = congkak_history_rows_get_item;
}

/* The row of @node, or GTK_INVALID_LIST_POSITION */
static guint
congkak_history_rows_find (CongkakHistoryRows *self,
                           CongkakNode        *node)
{
  for (guint i = 0; i < self->rows->len; i++)
    if (g_array_index (self->rows, Row, i).node == node)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static CongkakNode *
congkak_history_rows_get_node (CongkakHistoryRows *self,
                               guint               position)
{
  return position < self->rows->len ? g_array_index (self->rows, Row, position).node : NULL;
}

/* Takes @fresh's rows; only those that differ are said to have changed
 * (usually a few at one place), and the items of the others stay. */
static void
congkak_history_rows_set (CongkakHistoryRows *self,
                          GArray             *fresh)
{
  guint old_len = self->rows->len, new_len = fresh->len, prefix = 0, suffix = 0;

  while (prefix < old_len && prefix < new_len
         && row_equal (&g_array_index (self->rows, Row, prefix), &g_array_index (fresh, Row, prefix)))
    prefix++;
  while (suffix < old_len - prefix && suffix < new_len - prefix
         && row_equal (&g_array_index (self->rows, Row, old_len - 1 - suffix),
                       &g_array_index (fresh, Row, new_len - 1 - suffix)))
    suffix++;

  g_array_unref (self->rows);
  self->rows = g_array_ref (fresh);
  if (prefix + suffix < MAX (old_len, new_len))
    g_list_model_items_changed (G_LIST_MODEL (self), prefix, old_len - prefix - suffix, new_len - prefix - suffix);
}

/* A new item for the row at @position, so that the list binds it again
 * and shows the node's new mark, comment or analysis. */
static void
congkak_history_rows_renew (CongkakHistoryRows *self,
                            guint               position)
{
  forget_item (self, g_array_index (self->rows, Row, position).node);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 1);
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
  GSignalGroup       *match_signals;
  CongkakHistoryRows *rows;        /* the list's model */
  CongkakHistoryItem *menu_row;    /* the row the context menu is for */

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

/* Building the rows */

typedef struct
{
  CongkakNode *node;    /* the next node of the line, or NULL at its end */
  guint        depth;
  guint        number;  /* sowings before node */
  guint        round;   /* the round before node */
} LineFrame;

static void
add_row (GArray      *rows,
         CongkakNode *node,
         guint        depth,
         guint        number,
         guint        round)
{
  Row row = { .node = g_object_ref (node), .depth = depth, .round = round, .number = number };

  g_array_append_val (rows, row);
}

static GArray *
collect_rows (CongkakMatch *match)
{
  /* One row a move and one for the start, allocated once: an array that
   * doubles holds both its old and its new block at its last growth. */
  GArray *rows = g_array_sized_new (FALSE, FALSE, sizeof (Row), congkak_match_get_n_nodes (match) + 1);
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (LineFrame));
  CongkakNode *root = congkak_match_get_root (match);
  const CongkakState *state = congkak_game_get_state (congkak_match_get_game_at (match, root));
  LineFrame first = { congkak_node_get_main_child (root), 0, 0, state->round };

  g_array_set_clear_func (rows, row_clear);
  add_row (rows, root, 0, 0, state->round);
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
      add_row (rows, before.node, before.depth, frame->number, frame->round);
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

static void update_actions (CongkakHistoryView *self);

static void
sync_selection (CongkakHistoryView *self)
{
  guint position = GTK_INVALID_LIST_POSITION;

  if (self->match)
    position = congkak_history_rows_find (self->rows, congkak_match_get_cursor (self->match));

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
  g_autoptr (GArray) fresh = NULL;

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  self->dirty = FALSE;

  if (self->match)
    fresh = collect_rows (self->match);
  else
    fresh = g_array_new (FALSE, FALSE, sizeof (Row));

  self->updating++;
  congkak_history_rows_set (self->rows, fresh);
  self->updating--;

  if (self->menu_row
      && congkak_history_rows_find (self->rows, congkak_history_item_get_node (self->menu_row)) == GTK_INVALID_LIST_POSITION)
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
  guint position;

  if (self->dirty)
    return;
  position = congkak_history_rows_find (self->rows, node);
  if (position == GTK_INVALID_LIST_POSITION)
    return;

  self->updating++;
  congkak_history_rows_renew (self->rows, position);
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
    return congkak_history_item_get_node (self->menu_row);
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

/* The line under a point of the view, and where its row lies. */
static CongkakHistoryItem *
item_at (CongkakHistoryView *self,
         double              x,
         double              y,
         graphene_rect_t    *bounds)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);
  GtkWidget *row = picked ? gtk_widget_get_ancestor (picked, CONGKAK_TYPE_HISTORY_ROW) : NULL;
  CongkakHistoryItem *item;

  if (row == NULL || !gtk_widget_is_ancestor (row, GTK_WIDGET (self)))
    return NULL;
  item = congkak_history_row_get_item (CONGKAK_HISTORY_ROW (row));
  if (item && !gtk_widget_compute_bounds (row, GTK_WIDGET (self), bounds))
    graphene_rect_init (bounds, x, y, 1, 1);
  return item;
}

static void
popup_menu_for (CongkakHistoryView *self,
                CongkakHistoryItem *item,
                double              x,
                double              y)
{
  GdkRectangle pointing = { (int) x, (int) y, 1, 1 };

  g_clear_handle_id (&self->clear_menu_source, g_source_remove);
  g_set_object (&self->menu_row, item);
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
  CongkakHistoryItem *item = item_at (self, x, y, &bounds);

  if (item == NULL)
    return;
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  popup_menu_for (self, item, x, y);
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
  {
    g_autoptr (CongkakHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->rows), position);

    popup_menu_for (self, item, bounds.origin.x + 24, bounds.origin.y + bounds.size.height);
  }
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
              GtkListItem              *list_item,
              CongkakHistoryView       *self)
{
  gtk_list_item_set_child (list_item, congkak_history_row_new ());
}

static void
row_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             CongkakHistoryView       *self)
{
  CongkakHistoryItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *label = NULL;

  if (self->match == NULL)
    return;
  congkak_history_row_bind (CONGKAK_HISTORY_ROW (gtk_list_item_get_child (list_item)), item, self->match);
  label = congkak_history_item_dup_label (item, self->match);
  gtk_list_item_set_accessible_label (list_item, label);
}

static void
row_unbind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               CongkakHistoryView       *self)
{
  congkak_history_row_unbind (CONGKAK_HISTORY_ROW (gtk_list_item_get_child (list_item)));
  gtk_list_item_set_accessible_label (list_item, "");
}

static void
selection_changed_cb (GtkSingleSelection *selection,
                      GParamSpec         *pspec,
                      CongkakHistoryView *self)
{
  CongkakHistoryItem *item;

  if (self->updating || self->match == NULL)
    return;
  item = gtk_single_selection_get_selected_item (selection);
  if (item)
    congkak_match_set_cursor (self->match, congkak_history_item_get_node (item));
}

static void
row_activated_cb (GtkListView        *list_view,
                  guint               position,
                  CongkakHistoryView *self)
{
  ensure_rows (self);
  if (self->match == NULL || congkak_history_rows_get_node (self->rows, position) == NULL)
    return;
  congkak_match_set_cursor (self->match, congkak_history_rows_get_node (self->rows, position));
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
  g_clear_object (&self->match_signals);
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

  g_clear_object (&self->rows);

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
  self->rows = g_object_new (CONGKAK_TYPE_HISTORY_ROWS, NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_single_selection_set_model (self->selection, G_LIST_MODEL (self->rows));
  self->match_signals = g_signal_group_new (CONGKAK_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "tree-changed", G_CALLBACK (tree_changed_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "node-changed", G_CALLBACK (node_changed_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "notify::cursor", G_CALLBACK (cursor_changed_cb), self);
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

  g_set_object (&self->match, match);
  g_clear_object (&self->menu_row);
  if (self->match_signals)
    g_signal_group_set_target (self->match_signals, match);

  /* A new match replaces every row; its tags would not be the same. */
  self->updating++;
  {
    g_autoptr (GArray) none = g_array_new (FALSE, FALSE, sizeof (Row));

    congkak_history_rows_set (self->rows, none);
  }
  self->updating--;
  rebuild (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);
}

guint
congkak_history_view_get_n_rows (CongkakHistoryView *self)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), 0);

  ensure_rows (self);
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

/* Returns: (transfer full) (nullable): the item of the row at @position */
static CongkakHistoryItem *
get_row (CongkakHistoryView *self,
         guint               position)
{
  ensure_rows (self);
  g_return_val_if_fail (position < g_list_model_get_n_items (G_LIST_MODEL (self->rows)), NULL);

  return g_list_model_get_item (G_LIST_MODEL (self->rows), position);
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
  g_autoptr (CongkakHistoryItem) item = NULL;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), NULL);

  item = get_row (self, position);
  return item ? congkak_history_item_get_node (item) : NULL;
}

guint
congkak_history_view_get_row_depth (CongkakHistoryView *self,
                                    guint               position)
{
  g_autoptr (CongkakHistoryItem) item = NULL;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), 0);

  item = get_row (self, position);
  return item ? congkak_history_item_get_depth (item) : 0;
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
  g_autoptr (CongkakHistoryItem) item = NULL;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), NULL);

  item = get_row (self, position);
  return item && self->match ? congkak_history_item_dup_text (item, self->match) : NULL;
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
  g_autoptr (CongkakHistoryItem) item = NULL;

  g_return_val_if_fail (CONGKAK_IS_HISTORY_VIEW (self), NULL);

  item = get_row (self, position);
  return item && self->match ? congkak_history_item_dup_label (item, self->match) : NULL;
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
