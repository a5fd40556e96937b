/* congkak-history-row.c — how one line of the list of moves looks
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The move ("12. C"), what it did (its tags), its mark, whether it has a
 * comment, and the computer's evaluation; a variation's line is indented
 * by its depth and dimmed.  CongkakHistoryView's list makes one per
 * visible line and binds it to a CongkakHistoryItem.
 *
 * A GtkListView keeps up to 200 rows alive whatever its height, so a row
 * is one widget that draws its parts itself: five child widgets a row
 * (labels and an image, each with its style, node and accessible) held
 * 4–5 MB of a long match's memory.  The parts look as Adwaita's style
 * classes would make them (numeric, heading, caption, dimmed); a screen
 * reader reads the list item's label, which says all of them
 * (congkak_history_item_dup_label()), and pointing at a part shows its
 * tooltip.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "congkak-analysis.h"
#include "congkak-history-row.h"

#define INDENT_PER_DEPTH 18
/* Deeper variations are indented no further, so that a match nested to
 * the format's limit never makes the list wider than a phone. */
#define MAX_INDENTED_DEPTH 6
/* What Adwaita's box of labels had between them, and its sizes. */
#define PART_SPACING 6
#define ICON_SIZE 16
/* Adwaita's .caption is 82% of the font; its dimmed opacity 55%, or 90%
 * when the user asks for high contrast. */
#define CAPTION_SCALE 0.82
#define DIM_OPACITY 0.55
#define DIM_OPACITY_HIGH_CONTRAST 0.9

typedef enum
{
  PART_MOVE,
  PART_TAGS,
  PART_MARK,
  PART_COMMENT,
  PART_EVALUATION,
  N_PARTS
} RowPart;

struct _CongkakHistoryRow
{
  GtkWidget           parent_instance;

  /* Owned references */
  CongkakHistoryItem *item;
  char               *texts[N_PARTS];    /* NULL: the part is not shown (the comment's sign has none) */
  char               *tooltips[N_PARTS];

  guint               heading : 1;
  guint               computer_mark : 1;
  guint               has_comment : 1;

  /* Where the last allocation put each part, and the text's baseline */
  int                 part_x[N_PARTS];
  int                 part_width[N_PARTS];
  int                 baseline;
};

G_DEFINE_FINAL_TYPE (CongkakHistoryRow, congkak_history_row, GTK_TYPE_WIDGET)

static void
clear_parts (CongkakHistoryRow *self)
{
  for (guint i = 0; i < N_PARTS; i++)
    {
      g_clear_pointer (&self->texts[i], g_free);
      g_clear_pointer (&self->tooltips[i], g_free);
    }
}

static gboolean
part_is_dimmed (CongkakHistoryRow *self,
                RowPart            part)
{
  return part == PART_TAGS || part == PART_EVALUATION || (part == PART_MARK && self->computer_mark);
}

/* The part's text as it is drawn, or NULL for the comment's sign and a
 * part not shown. */
static PangoLayout *
make_part_layout (CongkakHistoryRow *self,
                  RowPart            part)
{
  PangoLayout *layout;
  PangoAttrList *attributes;

  if (self->texts[part] == NULL)
    return NULL;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->texts[part]);
  attributes = pango_attr_list_new ();
  if (part == PART_MOVE || part == PART_EVALUATION)
    pango_attr_list_insert (attributes, pango_attr_font_features_new ("tnum=1"));
  if ((part == PART_MOVE && self->heading) || part == PART_MARK)
    pango_attr_list_insert (attributes, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  if (part == PART_TAGS || part == PART_EVALUATION)
    pango_attr_list_insert (attributes, pango_attr_scale_new (CAPTION_SCALE));
  pango_layout_set_attributes (layout, attributes);
  pango_attr_list_unref (attributes);
  if (part == PART_TAGS)
    pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

/* The natural width, height and baseline of each part, in pixels. */
static void
measure_parts (CongkakHistoryRow *self,
               int                widths[N_PARTS],
               int               *height,
               int               *baseline)
{
  int ascent = 0, descent = 0;

  for (guint i = 0; i < N_PARTS; i++)
    {
      g_autoptr (PangoLayout) layout = make_part_layout (self, i);
      PangoRectangle logical;
      int part_baseline;

      widths[i] = 0;
      if (i == PART_COMMENT)
        widths[i] = self->has_comment ? ICON_SIZE : 0;
      if (layout == NULL)
        continue;
      pango_layout_get_pixel_extents (layout, NULL, &logical);
      part_baseline = pango_layout_get_baseline (layout) / PANGO_SCALE;
      widths[i] = logical.width;
      ascent = MAX (ascent, part_baseline);
      descent = MAX (descent, logical.height - part_baseline);
    }
  *height = MAX (ascent + descent, ICON_SIZE);
  *baseline = ascent + (*height - ascent - descent) / 2;
}

static void
congkak_history_row_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  CongkakHistoryRow *self = CONGKAK_HISTORY_ROW (widget);
  int widths[N_PARTS];
  int height, baseline;

  measure_parts (self, widths, &height, &baseline);
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      *minimum = *natural = height;
      *minimum_baseline = *natural_baseline = baseline;
      return;
    }

  *minimum = *natural = 0;
  for (guint i = 0; i < N_PARTS; i++)
    {
      int spacing = *natural > 0 && widths[i] > 0 ? PART_SPACING : 0;

      *natural += spacing + widths[i];
      /* The tags shrink to nothing, then to an ellipsis, as the label's did. */
      if (i != PART_TAGS)
        *minimum += spacing + widths[i];
    }
}

/* The move at the start of the line, the mark, the comment's sign and the
 * evaluation at its end, the tags between them in what is left (mirrored
 * in a right-to-left language). */
static void
congkak_history_row_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  CongkakHistoryRow *self = CONGKAK_HISTORY_ROW (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int widths[N_PARTS];
  int row_height, row_baseline, start = 0, end = width;

  measure_parts (self, widths, &row_height, &row_baseline);
  self->baseline = baseline >= 0 ? baseline : row_baseline + (height - row_height) / 2;

  self->part_x[PART_MOVE] = 0;
  if (widths[PART_MOVE] > 0)
    start = widths[PART_MOVE] + PART_SPACING;
  for (guint i = N_PARTS - 1; i > PART_TAGS; i--)
    {
      self->part_x[i] = end - widths[i];
      if (widths[i] > 0)
        end -= widths[i] + PART_SPACING;
    }
  self->part_x[PART_TAGS] = start;
  widths[PART_TAGS] = self->texts[PART_TAGS] != NULL ? MAX (0, end - start) : 0;

  for (guint i = 0; i < N_PARTS; i++)
    {
      self->part_width[i] = widths[i];
      if (rtl)
        self->part_x[i] = width - self->part_x[i] - widths[i];
    }
}

static double
dim_opacity (void)
{
  return adw_style_manager_get_high_contrast (adw_style_manager_get_default ()) ? DIM_OPACITY_HIGH_CONTRAST
                                                                                 : DIM_OPACITY;
}

static void
snapshot_comment_sign (CongkakHistoryRow *self,
                       GtkSnapshot       *snapshot,
                       int                height,
                       const GdkRGBA     *color)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (self)));
  g_autoptr (GtkIconPaintable) icon = NULL;

  icon = gtk_icon_theme_lookup_icon (theme, "document-edit-symbolic", NULL, ICON_SIZE,
                                     gtk_widget_get_scale_factor (GTK_WIDGET (self)),
                                     gtk_widget_get_direction (GTK_WIDGET (self)), 0);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->part_x[PART_COMMENT], (height - ICON_SIZE) / 2));
  gtk_symbolic_paintable_snapshot_symbolic (GTK_SYMBOLIC_PAINTABLE (icon), snapshot, ICON_SIZE, ICON_SIZE, color, 1);
  gtk_snapshot_restore (snapshot);
}

static void
congkak_history_row_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  CongkakHistoryRow *self = CONGKAK_HISTORY_ROW (widget);
  int height = gtk_widget_get_height (widget);
  GdkRGBA color, dimmed;

  gtk_widget_get_color (widget, &color);
  dimmed = color;
  dimmed.alpha *= dim_opacity ();

  for (guint i = 0; i < N_PARTS; i++)
    {
      g_autoptr (PangoLayout) layout = NULL;

      if (self->part_width[i] <= 0)
        continue;
      if (i == PART_COMMENT)
        {
          snapshot_comment_sign (self, snapshot, height, &color);
          continue;
        }
      layout = make_part_layout (self, i);
      pango_layout_set_width (layout, self->part_width[i] * PANGO_SCALE);
      if (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
        pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (self->part_x[i],
                                                    self->baseline - pango_layout_get_baseline (layout) / PANGO_SCALE));
      gtk_snapshot_append_layout (snapshot, layout, part_is_dimmed (self, i) ? &dimmed : &color);
      gtk_snapshot_restore (snapshot);
    }
}

static gboolean
congkak_history_row_query_tooltip (GtkWidget  *widget,
                                   int         x,
                                   int         y,
                                   gboolean    keyboard_tooltip,
                                   GtkTooltip *tooltip)
{
  const char *text = congkak_history_row_get_tooltip_at (CONGKAK_HISTORY_ROW (widget), keyboard_tooltip ? -1 : x);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
congkak_history_row_dispose (GObject *object)
{
  CongkakHistoryRow *self = CONGKAK_HISTORY_ROW (object);

  g_clear_object (&self->item);
  clear_parts (self);

  G_OBJECT_CLASS (congkak_history_row_parent_class)->dispose (object);
}

static void
congkak_history_row_class_init (CongkakHistoryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_history_row_dispose;

  widget_class->measure = congkak_history_row_measure;
  widget_class->size_allocate = congkak_history_row_size_allocate;
  widget_class->snapshot = congkak_history_row_snapshot;
  widget_class->query_tooltip = congkak_history_row_query_tooltip;
  gtk_widget_class_set_css_name (widget_class, "congkak-history-row");
}

static void
congkak_history_row_init (CongkakHistoryRow *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
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
  const char *tags, *spoken_tags;
  CongkakMark mark;
  guint depth;

  g_return_if_fail (CONGKAK_IS_HISTORY_ROW (self));
  g_return_if_fail (CONGKAK_IS_HISTORY_ITEM (item));
  g_return_if_fail (CONGKAK_IS_MATCH (match));

  g_set_object (&self->item, item);
  clear_parts (self);
  node = congkak_history_item_get_node (item);
  depth = congkak_history_item_get_depth (item);

  self->texts[PART_MOVE] = congkak_history_item_dup_text (item, match);
  self->heading = congkak_history_item_is_heading (item);

  tags = congkak_history_item_get_tags (item, match, &spoken_tags);
  if (tags != NULL && *tags != '\0')
    {
      self->texts[PART_TAGS] = g_strdup (tags);
      self->tooltips[PART_TAGS] = g_strdup (spoken_tags);
    }

  /* The computer's mark only where the user has none, and told apart. */
  mark = congkak_node_get_mark (node);
  self->computer_mark = mark == CONGKAK_MARK_NONE;
  if (self->computer_mark)
    mark = congkak_node_get_analysis_mark (node);
  if (mark != CONGKAK_MARK_NONE)
    {
      self->texts[PART_MARK] = g_strdup (congkak_mark_to_string (mark));
      self->tooltips[PART_MARK] = self->computer_mark
                                    ? g_strdup_printf (_("The computer: %s"), congkak_history_mark_name (mark))
                                    : g_strdup (congkak_history_mark_name (mark));
    }

  self->has_comment = *congkak_node_get_comment (node) != '\0';
  if (self->has_comment)
    self->tooltips[PART_COMMENT] = g_strdup (_("Has a comment"));

  if (congkak_node_has_analysis (node))
    {
      self->texts[PART_EVALUATION] = congkak_analysis_format_score (congkak_node_get_evaluation (node));
      /* What the bare number means, for whoever points at it. */
      self->tooltips[PART_EVALUATION] = congkak_analysis_describe_score (congkak_match_get_rules (match),
                                                                         congkak_node_get_evaluation (node));
    }

  gtk_widget_set_margin_start (GTK_WIDGET (self), INDENT_PER_DEPTH * MIN (depth, MAX_INDENTED_DEPTH));
  if (depth > 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "dim-label");
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
congkak_history_row_unbind (CongkakHistoryRow *self)
{
  g_return_if_fail (CONGKAK_IS_HISTORY_ROW (self));

  g_clear_object (&self->item);
  clear_parts (self);
  self->has_comment = FALSE;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * congkak_history_row_get_tooltip_at:
 * @x: a point across the row, in its own coordinates, or -1 for the
 *   keyboard's tooltip (the first part that has one)
 *
 * Returns: (nullable): what the part of the row at @x says when pointed
 *   at: the spoken tags, the mark's name, "Has a comment", or what the
 *   evaluation means
 */
const char *
congkak_history_row_get_tooltip_at (CongkakHistoryRow *self,
                                    int                x)
{
  g_return_val_if_fail (CONGKAK_IS_HISTORY_ROW (self), NULL);

  for (guint i = 0; i < N_PARTS; i++)
    {
      if (self->tooltips[i] == NULL || self->part_width[i] <= 0)
        continue;
      if (x < 0 || (x >= self->part_x[i] && x < self->part_x[i] + self->part_width[i]))
        return self->tooltips[i];
    }
  return NULL;
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
