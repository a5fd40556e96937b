/* congkak-results-chart.c — a player's results over time, as small bars
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One bar per finished match, oldest on the left: up for a win, down for
 * a loss, as long as the margin (up to a cap), a short mark for a draw.
 * Wins and losses differ in direction as well as colour.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "congkak-player-stats.h"
#include "congkak-results-chart.h"

#define MAX_BARS 60
#define BAR_WIDTH 6.0
#define BAR_GAP 2.0
#define HEIGHT 56
#define MIN_BAR 3.0

struct _CongkakResultsChart
{
  GtkWidget  parent_instance;

  GArray    *points;   /* CongkakResultPoint, the last MAX_BARS at most */
  int        max_margin;
};

G_DEFINE_FINAL_TYPE (CongkakResultsChart, congkak_results_chart, GTK_TYPE_WIDGET)

static void
fill_rect (GtkSnapshot   *snapshot,
           const GdkRGBA *color,
           double         x,
           double         y,
           double         width,
           double         height)
{
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x, y, width, height));
}

static void
congkak_results_chart_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  CongkakResultsChart *self = CONGKAK_RESULTS_CHART (widget);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double middle = height / 2;
  double reach = middle - 2;
  double step = BAR_WIDTH + BAR_GAP;
  guint shown = MIN (self->points->len, (guint) MAX (1, width / step));
  guint first = self->points->len - shown;
  GdkRGBA axis, win, loss, draw;

  gtk_widget_get_color (widget, &axis);
  draw = axis;
  axis.alpha *= 0.25;
  draw.alpha *= 0.6;
  /* libadwaita's success and error colours. */
  gdk_rgba_parse (&win, dark ? "#78e9ab" : "#1b8553");
  gdk_rgba_parse (&loss, dark ? "#ff938c" : "#c01c28");

  fill_rect (snapshot, &axis, 0, middle - 0.5, width, 1);
  for (guint i = 0; i < shown; i++)
    {
      const CongkakResultPoint *point = &g_array_index (self->points, CongkakResultPoint, first + i);
      double x = i * step;
      double length = MAX (MIN_BAR, reach * MIN (ABS (point->margin), self->max_margin) / MAX (1, self->max_margin));

      if (point->outcome > 0)
        fill_rect (snapshot, &win, x, middle - length, BAR_WIDTH, length);
      else if (point->outcome < 0)
        fill_rect (snapshot, &loss, x, middle, BAR_WIDTH, length);
      else
        fill_rect (snapshot, &draw, x, middle - 1.5, BAR_WIDTH, 3);
    }
}

static void
congkak_results_chart_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  CongkakResultsChart *self = CONGKAK_RESULTS_CHART (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) (10 * (BAR_WIDTH + BAR_GAP));
      *natural = (int) (MAX (10u, self->points->len) * (BAR_WIDTH + BAR_GAP));
    }
  else
    *minimum = *natural = HEIGHT;
}

static void
congkak_results_chart_finalize (GObject *object)
{
  CongkakResultsChart *self = CONGKAK_RESULTS_CHART (object);

  g_clear_pointer (&self->points, g_array_unref);

  G_OBJECT_CLASS (congkak_results_chart_parent_class)->finalize (object);
}

static void
congkak_results_chart_class_init (CongkakResultsChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = congkak_results_chart_finalize;
  widget_class->snapshot = congkak_results_chart_snapshot;
  widget_class->measure = congkak_results_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "congkak-results-chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
style_changed (CongkakResultsChart *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
congkak_results_chart_init (CongkakResultsChart *self)
{
  self->points = g_array_new (FALSE, FALSE, sizeof (CongkakResultPoint));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (style_changed), self, G_CONNECT_SWAPPED);
}

GtkWidget *
congkak_results_chart_new (void)
{
  return g_object_new (CONGKAK_TYPE_RESULTS_CHART, NULL);
}

/* What a screen reader says: the newest results, as words. */
static void
update_description (CongkakResultsChart *self)
{
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  g_autofree char *text = NULL;
  guint from = self->points->len > 20 ? self->points->len - 20 : 0;

  for (guint i = from; i < self->points->len; i++)
    {
      const CongkakResultPoint *point = &g_array_index (self->points, CongkakResultPoint, i);

      /* TRANSLATORS: one result in a list of a player's results, "won by 6" */
      if (point->outcome > 0)
        g_ptr_array_add (words, g_strdup_printf (_("won by %d"), ABS (point->margin)));
      else if (point->outcome < 0)
        g_ptr_array_add (words, g_strdup_printf (_("lost by %d"), ABS (point->margin)));
      else
        g_ptr_array_add (words, g_strdup (_("drawn")));
    }
  g_ptr_array_add (words, NULL);
  list = g_strjoinv (", ", (char **) words->pdata);
  /* TRANSLATORS: the chart of a player's results, then the results, "won by 6, drawn, lost by 2" */
  text = g_strdup_printf (_("Results over time, oldest first: %s"), list);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

/**
 * congkak_results_chart_set_results:
 * @timeline: (element-type CongkakResultPoint): finished matches, oldest first
 */
void
congkak_results_chart_set_results (CongkakResultsChart *self,
                                   GArray              *timeline)
{
  guint from;

  g_return_if_fail (CONGKAK_IS_RESULTS_CHART (self));
  g_return_if_fail (timeline != NULL);

  from = timeline->len > MAX_BARS ? timeline->len - MAX_BARS : 0;
  g_array_set_size (self->points, 0);
  g_array_append_vals (self->points, timeline->data == NULL ? NULL : &g_array_index (timeline, CongkakResultPoint, from),
                       timeline->len - from);
  self->max_margin = 1;
  for (guint i = 0; i < self->points->len; i++)
    self->max_margin = MAX (self->max_margin, ABS (g_array_index (self->points, CongkakResultPoint, i).margin));
  update_description (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
