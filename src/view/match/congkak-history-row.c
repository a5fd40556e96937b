/* congkak-history-row.c — how one line of the list of moves looks
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The move ("12. C"), what it did (its tags), its mark, whether it has a
 * comment, and the computer's evaluation; a variation's line is indented
 * by its depth and dimmed.  CongkakHistoryView's list makes one per
 * visible line and binds it to a CongkakHistoryItem.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-analysis.h"
#include "congkak-history-row.h"

#define INDENT_PER_DEPTH 18
/* Deeper variations are indented no further, so that a match nested to
 * the format's limit never makes the list wider than a phone. */
#define MAX_INDENTED_DEPTH 6

struct _CongkakHistoryRow
{
  GtkWidget           parent_instance;

  /* Template widgets */
  GtkLabel           *move_label;
  GtkLabel           *tags_label;
  GtkLabel           *mark_label;
  GtkWidget          *comment_image;
  GtkLabel           *evaluation_label;

  /* Owned references */
  CongkakHistoryItem *item;
};

G_DEFINE_FINAL_TYPE (CongkakHistoryRow, congkak_history_row, GTK_TYPE_WIDGET)

static void
congkak_history_row_dispose (GObject *object)
{
  CongkakHistoryRow *self = CONGKAK_HISTORY_ROW (object);
  GtkWidget *child;

  g_clear_object (&self->item);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_HISTORY_ROW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (congkak_history_row_parent_class)->dispose (object);
}

static void
congkak_history_row_class_init (CongkakHistoryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_history_row_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/congkak/Congkak/ui/congkak-history-row.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakHistoryRow, move_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakHistoryRow, tags_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakHistoryRow, mark_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakHistoryRow, comment_image);
  gtk_widget_class_bind_template_child (widget_class, CongkakHistoryRow, evaluation_label);
}

static void
congkak_history_row_init (CongkakHistoryRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
congkak_history_row_new (void)
{
  return g_object_new (CONGKAK_TYPE_HISTORY_ROW, NULL);
}

/**
 * congkak_history_row_bind:
 * @item: the line to show
 * @match: the match @item's node is in
 *
 * Shows @item, as it is now: a node's new mark, comment or analysis
 * comes with a new item, which the list binds again.
 */
void
congkak_history_row_bind (CongkakHistoryRow  *self,
                          CongkakHistoryItem *item,
                          CongkakMatch       *match)
{
  CongkakNode *node;
  g_autofree char *text = NULL;
  g_autofree char *score = NULL;
  const char *tags, *spoken_tags;
  gboolean computer_mark;
  CongkakMark mark;
  guint depth;

  g_return_if_fail (CONGKAK_IS_HISTORY_ROW (self));
  g_return_if_fail (CONGKAK_IS_HISTORY_ITEM (item));
  g_return_if_fail (CONGKAK_IS_MATCH (match));

  g_set_object (&self->item, item);
  node = congkak_history_item_get_node (item);
  depth = congkak_history_item_get_depth (item);
  text = congkak_history_item_dup_text (item, match);
  tags = congkak_history_item_get_tags (item, match, &spoken_tags);
  mark = congkak_node_get_mark (node);
  /* The computer's mark only where the user has none, and told apart. */
  computer_mark = mark == CONGKAK_MARK_NONE;
  if (computer_mark)
    mark = congkak_node_get_analysis_mark (node);

  gtk_label_set_text (self->move_label, text);
  if (congkak_history_item_is_heading (item))
    gtk_widget_add_css_class (GTK_WIDGET (self->move_label), "heading");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->move_label), "heading");
  gtk_label_set_text (self->tags_label, tags ? tags : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->tags_label), spoken_tags);
  gtk_label_set_text (self->mark_label, mark != CONGKAK_MARK_NONE ? congkak_mark_to_string (mark) : "");
  if (computer_mark && mark != CONGKAK_MARK_NONE)
    {
      g_autofree char *tooltip = g_strdup_printf (_("The computer: %s"), congkak_history_mark_name (mark));

      gtk_widget_set_tooltip_text (GTK_WIDGET (self->mark_label), tooltip);
      gtk_widget_add_css_class (GTK_WIDGET (self->mark_label), "dim-label");
    }
  else
    {
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->mark_label), congkak_history_mark_name (mark));
      gtk_widget_remove_css_class (GTK_WIDGET (self->mark_label), "dim-label");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->mark_label), mark != CONGKAK_MARK_NONE);
  if (congkak_node_has_analysis (node))
    {
      g_autofree char *meaning = congkak_analysis_describe_score (congkak_match_get_rules (match),
                                                                  congkak_node_get_evaluation (node));

      score = congkak_analysis_format_score (congkak_node_get_evaluation (node));
      /* What the bare number means, for whoever points at it. */
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->evaluation_label), meaning);
    }
  else
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->evaluation_label), NULL);
  gtk_label_set_text (self->evaluation_label, score ? score : "");
  gtk_widget_set_visible (GTK_WIDGET (self->evaluation_label), score != NULL);
  gtk_widget_set_visible (self->comment_image, *congkak_node_get_comment (node) != '\0');

  gtk_widget_set_margin_start (GTK_WIDGET (self), INDENT_PER_DEPTH * MIN (depth, MAX_INDENTED_DEPTH));
  if (depth > 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "dim-label");
}

void
congkak_history_row_unbind (CongkakHistoryRow *self)
{
  g_return_if_fail (CONGKAK_IS_HISTORY_ROW (self));

  g_clear_object (&self->item);
}

/**
 * congkak_history_row_get_item:
 *
 * Returns: (transfer none) (nullable): the line the row shows, if bound
 */
CongkakHistoryItem *
congkak_history_row_get_item (CongkakHistoryRow *self)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_ROW (self), NULL);

  return self->item;
}
