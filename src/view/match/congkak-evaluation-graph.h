/* congkak-evaluation-graph.h — the computer's evaluation along the main line
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_EVALUATION_GRAPH (congkak_evaluation_graph_get_type ())

G_DECLARE_FINAL_TYPE (CongkakEvaluationGraph, congkak_evaluation_graph, CONGKAK, EVALUATION_GRAPH, GtkWidget)

GtkWidget    *congkak_evaluation_graph_new           (void);
CongkakMatch *congkak_evaluation_graph_get_match     (CongkakEvaluationGraph *self);
void          congkak_evaluation_graph_set_match     (CongkakEvaluationGraph *self,
                                                      CongkakMatch           *match);
gboolean      congkak_evaluation_graph_has_values    (CongkakEvaluationGraph *self);
guint         congkak_evaluation_graph_get_n_moves   (CongkakEvaluationGraph *self);
guint         congkak_evaluation_graph_move_at_x     (CongkakEvaluationGraph *self,
                                                      double                  x);
char         *congkak_evaluation_graph_dup_summary   (CongkakEvaluationGraph *self);

G_END_DECLS
