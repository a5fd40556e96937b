/* congkak-results-chart.h — a player's results over time, as small bars
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CONGKAK_TYPE_RESULTS_CHART (congkak_results_chart_get_type ())

G_DECLARE_FINAL_TYPE (CongkakResultsChart, congkak_results_chart, CONGKAK, RESULTS_CHART, GtkWidget)

GtkWidget *congkak_results_chart_new         (void);
void       congkak_results_chart_set_results (CongkakResultsChart *self,
                                              GArray              *timeline);

G_END_DECLS
