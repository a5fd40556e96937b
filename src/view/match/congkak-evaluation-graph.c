/* congkak-evaluation-graph.c — the computer's evaluation along the main line
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One point per move of the main line: the analysis's evaluation after it,
 * South's expected margin, drawn above the middle line when South is ahead
 * and below it when North is.  Dashed lines mark the start of each round,
 * and a bar the replay cursor.  A click or a drag moves the cursor there;
 * with the keyboard, Left and Right (Home, End) do.  For screen readers it
 * is a slider over the moves whose value says the evaluation, with a
 * summary as its description.  Moves not analysed leave a gap.  The graph
 * follows its match's changes through one GSignalGroup.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "congkak-analysis.h"
#include "congkak-evaluation-graph.h"

#define PADDING     6.0
#define MIN_RANGE   4
#define WIN_VALUE   (CONGKAK_SEARCH_MATCH_WIN / 2)

typedef struct
{
  CongkakNode *node;       /* borrowed: the match owns it */
  gboolean     has_value;
  int          value;
  gboolean     round_start;
} Point;

struct _CongkakEvaluationGraph
{
  GtkWidget     parent_instance;

  CongkakMatch *match;
  GSignalGroup *match_signals;
  GArray       *points;    /* of Point; 0 is the start */
  guint         cursor;    /* the point of the cursor, or of its main-line ancestor */
  int           range;     /* seeds from the middle to the top edge */
  gboolean      has_values;
  double        drag_start_x;
};

G_DEFINE_FINAL_TYPE (CongkakEvaluationGraph, congkak_evaluation_graph, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_MATCH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
format_value (int value)
{
  return congkak_analysis_format_score (value);
}

/* The summary: how far each player got ahead, and where it ended. */
char *
congkak_evaluation_graph_dup_summary (CongkakEvaluationGraph *self)
{
  int best_south = 0, best_north = 0, last = 0;
  guint south_at = 0, north_at = 0, n_values = 0;
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  g_autofree char *end = NULL;

  g_return_val_if_fail (CONGKAK_IS_EVALUATION_GRAPH (self), NULL);

  for (guint i = 1; i < self->points->len; i++)
    {
      const Point *point = &g_array_index (self->points, Point, i);

      if (!point->has_value)
        continue;
      n_values++;
      last = point->value;
      if (point->value > best_south)
        best_south = point->value, south_at = i;
      if (point->value < best_north)
        best_north = point->value, north_at = i;
    }
  if (n_values == 0)
    return g_strdup (_("No move has been analysed yet."));

  south = format_value (best_south);
  north = format_value (best_north);
  end = format_value (last);
  /* TRANSLATORS: the evaluation graph for screen readers: South's best
   * evaluation and its move, North's, and the last one, such as "South was
   * ahead by up to +7 (move 12), North by up to −3 (move 30); last: +2" */
  return g_strdup_printf (ngettext ("Evaluation of %u move. South was ahead by up to %s (move %u), North by up to %s (move %u); last: %s",
                                    "Evaluations of %u moves. South was ahead by up to %s (move %u), North by up to %s (move %u); last: %s",
                                    n_values),
                          n_values, south, south_at, north, north_at, end);
}

static void
update_accessible (CongkakEvaluationGraph *self)
{
  g_autofree char *summary = congkak_evaluation_graph_dup_summary (self);
  g_autofree char *value_text = NULL;
  const Point *point = self->points->len ? &g_array_index (self->points, Point, self->cursor) : NULL;

  if (point && point->has_value)
    {
      g_autofree char *value = format_value (point->value);
      g_autofree char *meaning = congkak_analysis_describe_score (congkak_match_get_rules (self->match), point->value);

      /* TRANSLATORS: where the evaluation graph's cursor is, and what its
       * number means: "Move 12: −5, South ends 5 seeds behind with best play" */
      value_text = g_strdup_printf (_("Move %u: %s, %s"), self->cursor, value, meaning);
    }
  else
    value_text = g_strdup_printf (_("Move %u"), self->cursor);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) MAX (self->points->len, 1) - 1,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) self->cursor,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, value_text,
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), value_text);
}

static void
update_cursor (CongkakEvaluationGraph *self)
{
  CongkakNode *node = self->match ? congkak_match_get_cursor (self->match) : NULL;

  while (node && !congkak_node_is_main_line (node))
    node = congkak_node_get_parent (node);
  self->cursor = node ? MIN (congkak_node_get_depth (node), MAX (self->points->len, 1) - 1) : 0;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
match_has_evaluations (CongkakMatch *match)
{
  for (CongkakNode *node = congkak_match_get_root (match); node; node = congkak_node_get_main_child (node))
    if (congkak_node_has_analysis (node))
      return TRUE;
  return FALSE;
}

static void
rebuild (CongkakEvaluationGraph *self)
{
  int largest = 0;

  g_array_set_size (self->points, 0);
  self->has_values = FALSE;
  /* A match nobody analysed has no graph to draw: no points (24 bytes a
   * move of the main line) for a widget that stays hidden. */
  if (self->match && match_has_evaluations (self->match))
    for (CongkakNode *node = congkak_match_get_root (self->match); node; node = congkak_node_get_main_child (node))
      {
        Point point = { .node = node };

        if (!congkak_node_is_root (node))
          {
            point.has_value = congkak_node_has_analysis (node);
            point.value = congkak_node_get_evaluation (node);
            point.round_start = congkak_node_get_move (node)->kind == CONGKAK_MOVE_NEXT_ROUND;
          }
        if (point.has_value)
          {
            self->has_values = TRUE;
            if (ABS (point.value) < WIN_VALUE)
              largest = MAX (largest, ABS (point.value));
          }
        g_array_append_val (self->points, point);
      }
  self->range = MAX (largest, MIN_RANGE);
  gtk_widget_set_visible (GTK_WIDGET (self), self->has_values);
  update_cursor (self);
}

/* Geometry */

static double
point_x (CongkakEvaluationGraph *self,
         guint                   index)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PADDING;
  guint n = MAX (self->points->len, 2) - 1;

  return PADDING + width * index / n;
}

static double
value_y (CongkakEvaluationGraph *self,
         int                     value)
{
  double half = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;

  value = CLAMP (value, -self->range, self->range);
  return half - (half - PADDING) * value / self->range;
}

/**
 * congkak_evaluation_graph_move_at_x:
 * @x: a point across the widget, in its coordinates
 *
 * Returns: the move (0 for the start) drawn nearest to @x.
 */
guint
congkak_evaluation_graph_move_at_x (CongkakEvaluationGraph *self,
                                    double                  x)
{
  double width;
  guint n;

  g_return_val_if_fail (CONGKAK_IS_EVALUATION_GRAPH (self), 0);

  width = MAX (gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PADDING, 1);
  n = MAX (self->points->len, 1) - 1;
  return (guint) CLAMP ((x - PADDING) / width * n + 0.5, 0, n);
}

/* Drawing */

static void
draw_label (CongkakEvaluationGraph *self,
            GtkSnapshot            *snapshot,
            const char             *text,
            gboolean                top,
            const GdkRGBA          *color)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int width, height;

  pango_layout_get_pixel_size (layout, &width, &height);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (PADDING + 2,
                                                          top ? PADDING / 2
                                                              : gtk_widget_get_height (GTK_WIDGET (self)) - height - PADDING / 2));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

static void
congkak_evaluation_graph_snapshot (GtkWidget   *widget,
                                   GtkSnapshot *snapshot)
{
  CongkakEvaluationGraph *self = CONGKAK_EVALUATION_GRAPH (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double middle = height / 2.0;
  GdkRGBA fg, faint, area, accent, background;
  g_autoptr (GskPathBuilder) line = gsk_path_builder_new ();
  g_autoptr (GskPathBuilder) fill = gsk_path_builder_new ();
  g_autoptr (GskPathBuilder) rounds = gsk_path_builder_new ();
  g_autoptr (GskPath) line_path = NULL;
  g_autoptr (GskPath) fill_path = NULL;
  g_autoptr (GskPath) rounds_path = NULL;
  g_autoptr (GskStroke) line_stroke = gsk_stroke_new (1.5);
  g_autoptr (GskStroke) thin = gsk_stroke_new (1.0);
  GskRoundedRect frame;
  gboolean open = FALSE;
  guint run_start = 0;
  double last_x = 0;

  if (self->points->len < 2 || width <= 2 * PADDING)
    return;

  gtk_widget_get_color (widget, &fg);
  faint = fg;
  faint.alpha = 0.3;
  area = fg;
  area.alpha = 0.16;
  background = fg;
  background.alpha = 0.04;
  accent = *adw_style_manager_get_accent_color_rgba (adw_style_manager_get_default ());

  gsk_rounded_rect_init_from_rect (&frame, &GRAPHENE_RECT_INIT (0, 0, width, height), 6);
  gtk_snapshot_push_rounded_clip (snapshot, &frame);
  gtk_snapshot_append_color (snapshot, &background, &frame.bounds);

  /* The middle line: level. */
  gtk_snapshot_append_color (snapshot, &faint, &GRAPHENE_RECT_INIT (PADDING, middle - 0.5, width - 2 * PADDING, 1));

  /* Round starts, dashed. */
  for (guint i = 1; i < self->points->len; i++)
    if (g_array_index (self->points, Point, i).round_start)
      for (double y = PADDING; y < height - PADDING; y += 6)
        {
          gsk_path_builder_move_to (rounds, point_x (self, i), y);
          gsk_path_builder_line_to (rounds, point_x (self, i), MIN (y + 3, height - PADDING));
        }
  rounds_path = gsk_path_builder_to_path (rounds);
  gtk_snapshot_append_stroke (snapshot, rounds_path, thin, &faint);

  /* The evaluations: a line and the area between it and the middle, with a
   * gap where a move has no value. */
  for (guint i = 1; i <= self->points->len; i++)
    {
      const Point *point = i < self->points->len ? &g_array_index (self->points, Point, i) : NULL;

      if (point && point->has_value)
        {
          double x = point_x (self, i);
          double y = value_y (self, point->value);

          if (!open)
            {
              gsk_path_builder_move_to (line, x, y);
              gsk_path_builder_move_to (fill, x, middle);
              run_start = i;
              open = TRUE;
            }
          else
            gsk_path_builder_line_to (line, x, y);
          gsk_path_builder_line_to (fill, x, y);
          last_x = x;
        }
      else if (open)
        {
          if (run_start + 1 == i)
            {
              /* A single value: a short tick so that it shows. */
              gsk_path_builder_rel_line_to (line, 1, 0);
            }
          gsk_path_builder_line_to (fill, last_x, middle);
          gsk_path_builder_close (fill);
          open = FALSE;
        }
    }
  fill_path = gsk_path_builder_to_path (fill);
  line_path = gsk_path_builder_to_path (line);
  gtk_snapshot_append_fill (snapshot, fill_path, GSK_FILL_RULE_WINDING, &area);
  gsk_stroke_set_line_join (line_stroke, GSK_LINE_JOIN_ROUND);
  gtk_snapshot_append_stroke (snapshot, line_path, line_stroke, &fg);

  draw_label (self, snapshot, congkak_side_get_name (CONGKAK_SOUTH), TRUE, &faint);
  draw_label (self, snapshot, congkak_side_get_name (CONGKAK_NORTH), FALSE, &faint);

  /* The cursor: a bar, and a dot on the value. */
  {
    const Point *point = &g_array_index (self->points, Point, self->cursor);
    double x = point_x (self, self->cursor);

    gtk_snapshot_append_color (snapshot, &accent, &GRAPHENE_RECT_INIT (x - 1, 0, 2, height));
    if (point->has_value)
      {
        g_autoptr (GskPathBuilder) dot = gsk_path_builder_new ();
        g_autoptr (GskPath) dot_path = NULL;

        gsk_path_builder_add_circle (dot, &GRAPHENE_POINT_INIT (x, value_y (self, point->value)), 3.5);
        dot_path = gsk_path_builder_to_path (dot);
        gtk_snapshot_append_fill (snapshot, dot_path, GSK_FILL_RULE_WINDING, &accent);
      }
  }
  gtk_snapshot_pop (snapshot);
}

static void
congkak_evaluation_graph_measure (GtkWidget      *widget,
                                  GtkOrientation  orientation,
                                  int             for_size,
                                  int            *minimum,
                                  int            *natural,
                                  int            *minimum_baseline,
                                  int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 120;
  else
    {
      *minimum = 64;
      *natural = 88;
    }
}

/* Input */

static void
go_to (CongkakEvaluationGraph *self,
       guint                   index)
{
  if (self->match == NULL || index >= self->points->len)
    return;
  congkak_match_set_cursor (self->match, g_array_index (self->points, Point, index).node);
}

static void
drag_begin_cb (GtkGestureDrag         *gesture,
               double                  x,
               double                  y,
               CongkakEvaluationGraph *self)
{
  self->drag_start_x = x;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  go_to (self, congkak_evaluation_graph_move_at_x (self, x));
}

static void
drag_update_cb (GtkGestureDrag         *gesture,
                double                  offset_x,
                double                  offset_y,
                CongkakEvaluationGraph *self)
{
  go_to (self, congkak_evaluation_graph_move_at_x (self, self->drag_start_x + offset_x));
}

static gboolean
key_pressed_cb (GtkEventControllerKey  *controller,
                guint                   keyval,
                guint                   keycode,
                GdkModifierType         state,
                CongkakEvaluationGraph *self)
{
  guint last = MAX (self->points->len, 1) - 1;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))
    return GDK_EVENT_PROPAGATE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      go_to (self, self->cursor > 0 ? self->cursor - 1 : 0);
      return GDK_EVENT_STOP;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      go_to (self, MIN (self->cursor + 1, last));
      return GDK_EVENT_STOP;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      go_to (self, 0);
      return GDK_EVENT_STOP;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      go_to (self, last);
      return GDK_EVENT_STOP;
    default:
      return GDK_EVENT_PROPAGATE;
    }
}

/* The match */

CongkakMatch *
congkak_evaluation_graph_get_match (CongkakEvaluationGraph *self)
{
  g_return_val_if_fail (CONGKAK_IS_EVALUATION_GRAPH (self), NULL);

  return self->match;
}

/**
 * congkak_evaluation_graph_set_match:
 * @match: (nullable): the match whose main line to draw
 */
void
congkak_evaluation_graph_set_match (CongkakEvaluationGraph *self,
                                    CongkakMatch           *match)
{
  g_return_if_fail (CONGKAK_IS_EVALUATION_GRAPH (self));
  g_return_if_fail (match == NULL || CONGKAK_IS_MATCH (match));

  if (self->match == match)
    return;
  g_set_object (&self->match, match);
  if (self->match_signals)
    g_signal_group_set_target (self->match_signals, match);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);
}

gboolean
congkak_evaluation_graph_has_values (CongkakEvaluationGraph *self)
{
  g_return_val_if_fail (CONGKAK_IS_EVALUATION_GRAPH (self), FALSE);

  return self->has_values;
}

/**
 * congkak_evaluation_graph_get_n_moves:
 *
 * Returns: the moves of the main line the graph spans.
 */
guint
congkak_evaluation_graph_get_n_moves (CongkakEvaluationGraph *self)
{
  g_return_val_if_fail (CONGKAK_IS_EVALUATION_GRAPH (self), 0);

  return MAX (self->points->len, 1) - 1;
}

static void
congkak_evaluation_graph_dispose (GObject *object)
{
  CongkakEvaluationGraph *self = CONGKAK_EVALUATION_GRAPH (object);

  if (self->match_signals)
    g_signal_group_set_target (self->match_signals, NULL);
  g_clear_object (&self->match_signals);
  g_clear_object (&self->match);

  G_OBJECT_CLASS (congkak_evaluation_graph_parent_class)->dispose (object);
}

static void
congkak_evaluation_graph_finalize (GObject *object)
{
  CongkakEvaluationGraph *self = CONGKAK_EVALUATION_GRAPH (object);

  g_clear_pointer (&self->points, g_array_unref);

  G_OBJECT_CLASS (congkak_evaluation_graph_parent_class)->finalize (object);
}

static void
congkak_evaluation_graph_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  CongkakEvaluationGraph *self = CONGKAK_EVALUATION_GRAPH (object);

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
congkak_evaluation_graph_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  CongkakEvaluationGraph *self = CONGKAK_EVALUATION_GRAPH (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      congkak_evaluation_graph_set_match (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_evaluation_graph_class_init (CongkakEvaluationGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_evaluation_graph_dispose;
  object_class->finalize = congkak_evaluation_graph_finalize;
  object_class->get_property = congkak_evaluation_graph_get_property;
  object_class->set_property = congkak_evaluation_graph_set_property;
  widget_class->snapshot = congkak_evaluation_graph_snapshot;
  widget_class->measure = congkak_evaluation_graph_measure;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, CONGKAK_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "congkak-evaluation-graph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void
congkak_evaluation_graph_init (CongkakEvaluationGraph *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->points = g_array_new (FALSE, TRUE, sizeof (Point));
  self->range = MIN_RANGE;
  self->match_signals = g_signal_group_new (CONGKAK_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "tree-changed", G_CALLBACK (rebuild), self);
  g_signal_group_connect_swapped (self->match_signals, "node-changed", G_CALLBACK (rebuild), self);
  g_signal_group_connect_swapped (self->match_signals, "notify::cursor", G_CALLBACK (update_cursor), self);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);

  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation after each move"),
                                  -1);
  update_accessible (self);
}

GtkWidget *
congkak_evaluation_graph_new (void)
{
  return g_object_new (CONGKAK_TYPE_EVALUATION_GRAPH, NULL);
}
