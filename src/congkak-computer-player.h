/* congkak-computer-player.h — the engine's computer player in worker threads
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-analysis.h"
#include "congkak-engine.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_COMPUTER_PLAYER (congkak_computer_player_get_type ())

G_DECLARE_FINAL_TYPE (CongkakComputerPlayer, congkak_computer_player, CONGKAK, COMPUTER_PLAYER, GObject)

CongkakComputerPlayer *congkak_computer_player_new             (void);
double                 congkak_computer_player_get_max_seconds (CongkakComputerPlayer *self);
void                   congkak_computer_player_set_max_seconds (CongkakComputerPlayer *self,
                                                                double                 max_seconds);
guint64                congkak_computer_player_get_seed        (CongkakComputerPlayer *self);
void                   congkak_computer_player_set_seed        (CongkakComputerPlayer *self,
                                                                guint64                seed);
guint64                congkak_computer_player_get_max_nodes   (CongkakComputerPlayer *self);
void                   congkak_computer_player_set_max_nodes   (CongkakComputerPlayer *self,
                                                                guint64                max_nodes);
guint                  congkak_computer_player_get_n_running   (CongkakComputerPlayer *self);

void                   congkak_computer_player_choose_async    (CongkakComputerPlayer *self,
                                                                const CongkakRules    *rules,
                                                                const CongkakState    *state,
                                                                const CongkakOpening  *opening,
                                                                CongkakSide            side,
                                                                CongkakLevel           level,
                                                                GCancellable          *cancellable,
                                                                GAsyncReadyCallback    callback,
                                                                gpointer               user_data);
void                   congkak_computer_player_hint_async      (CongkakComputerPlayer *self,
                                                                const CongkakRules    *rules,
                                                                const CongkakState    *state,
                                                                const CongkakOpening  *opening,
                                                                CongkakSide            side,
                                                                GCancellable          *cancellable,
                                                                GAsyncReadyCallback    callback,
                                                                gpointer               user_data);
gboolean               congkak_computer_player_choose_finish   (CongkakComputerPlayer *self,
                                                                GAsyncResult          *result,
                                                                CongkakComputerMove   *move,
                                                                GError               **error);

void                   congkak_computer_player_analyse_async   (CongkakComputerPlayer *self,
                                                                CongkakAnalysis       *analysis,
                                                                CongkakAnalysisProgress progress,
                                                                gpointer               progress_data,
                                                                GCancellable          *cancellable,
                                                                GAsyncReadyCallback    callback,
                                                                gpointer               user_data);
CongkakAnalysis       *congkak_computer_player_analyse_finish  (CongkakComputerPlayer *self,
                                                                GAsyncResult          *result,
                                                                GError               **error);

gboolean               congkak_computer_level_is_available     (const CongkakRules    *rules,
                                                                CongkakLevel           level);

G_END_DECLS
