/* congkak-solver-private.h — the exact solver on the sowing kernel
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * congkak_search_solve() hands every state the kernel can play to this
 * solver (see congkak-solver.c); the rest goes to the search's own
 * negamax.
 */

#pragma once

#include <glib.h>

#include "congkak-endgame.h"
#include "congkak-state.h"

G_BEGIN_DECLS

typedef struct _CongkakSolver CongkakSolver;

typedef struct
{
  const gint *cancel;     /* another thread sets it to stop */
  guint64     max_nodes;  /* 0 for no limit */
} CongkakSolverLimits;

typedef struct
{
  int      gain;       /* the final store margin minus the margin now, for the player to move */
  guint64  nodes;
  gboolean aborted;    /* over the node limit, or cancelled */
  gboolean cancelled;
} CongkakSolverResult;

CongkakSolver *congkak_solver_new    (const CongkakRules        *rules,
                                      gsize                      table_bytes);
void           congkak_solver_free   (CongkakSolver             *solver);
void           congkak_solver_set_endgame (CongkakSolver        *solver,
                                           const CongkakEndgame *endgame);
void           congkak_solver_set_threads (CongkakSolver        *solver,
                                           guint                 n_threads);
gboolean       congkak_solver_covers (const CongkakSolver       *solver,
                                      const CongkakState        *state);
void           congkak_solver_solve  (CongkakSolver             *solver,
                                      const CongkakState        *state,
                                      const CongkakSolverLimits *limits,
                                      GPtrArray                 *best_line,
                                      CongkakSolverResult       *result);

G_END_DECLS
