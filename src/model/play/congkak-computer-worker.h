/* congkak-computer-worker.h — the engine's computer player in worker threads
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-analysis.h"
#include "congkak-engine.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_COMPUTER_WORKER (congkak_computer_worker_get_type ())

G_DECLARE_FINAL_TYPE (CongkakComputerWorker, congkak_computer_worker, CONGKAK, COMPUTER_WORKER, GObject)

CongkakComputerWorker *congkak_computer_worker_new             (void);
double                 congkak_computer_worker_get_max_seconds (CongkakComputerWorker *self);
void                   congkak_computer_worker_set_max_seconds (CongkakComputerWorker *self,
                                                                double                 max_seconds);
guint64                congkak_computer_worker_get_seed        (CongkakComputerWorker *self);
void                   congkak_computer_worker_set_seed        (CongkakComputerWorker *self,
                                                                guint64                seed);
guint64                congkak_computer_worker_get_max_nodes   (CongkakComputerWorker *self);
void                   congkak_computer_worker_set_max_nodes   (CongkakComputerWorker *self,
                                                                guint64                max_nodes);
guint                  congkak_computer_worker_get_n_running   (CongkakComputerWorker *self);
void                   congkak_computer_worker_set_oware_endgame_shelf (CongkakComputerWorker    *self,
                                                                        CongkakOwareEndgameShelf *shelf);

void                   congkak_computer_worker_choose_async    (CongkakComputerWorker *self,
                                                                const CongkakRules    *rules,
                                                                const CongkakState    *state,
                                                                const CongkakOpening  *opening,
                                                                CongkakSide            side,
                                                                CongkakLevel           level,
                                                                GCancellable          *cancellable,
                                                                GAsyncReadyCallback    callback,
                                                                gpointer               user_data);
void                   congkak_computer_worker_hint_async      (CongkakComputerWorker *self,
                                                                const CongkakRules    *rules,
                                                                const CongkakState    *state,
                                                                const CongkakOpening  *opening,
                                                                CongkakSide            side,
                                                                GCancellable          *cancellable,
                                                                GAsyncReadyCallback    callback,
                                                                gpointer               user_data);
gboolean               congkak_computer_worker_choose_finish   (CongkakComputerWorker *self,
                                                                GAsyncResult          *result,
                                                                CongkakComputerMove   *move,
                                                                GError               **error);

void                   congkak_computer_worker_analyse_async   (CongkakComputerWorker *self,
                                                                CongkakAnalysis       *analysis,
                                                                CongkakAnalysisProgress progress,
                                                                gpointer               progress_data,
                                                                GCancellable          *cancellable,
                                                                GAsyncReadyCallback    callback,
                                                                gpointer               user_data);
CongkakAnalysis       *congkak_computer_worker_analyse_finish  (CongkakComputerWorker *self,
                                                                GAsyncResult          *result,
                                                                GError               **error);

gboolean               congkak_computer_level_is_available     (const CongkakRules    *rules,
                                                                CongkakLevel           level);

G_END_DECLS
