/* congkak-computer-player.h — the engine's search in a worker thread
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-engine.h"
#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_COMPUTER_PLAYER (congkak_computer_player_get_type ())

G_DECLARE_FINAL_TYPE (CongkakComputerPlayer, congkak_computer_player, CONGKAK, COMPUTER_PLAYER, GObject)

/* What the search chose, and what it thinks of it. */
typedef struct
{
  CongkakSide side;    /* who chose */
  guint8      hole;    /* the hole to sow, in the side's sowing order */
  int         margin;  /* the store margin at the round end the side can expect */
  gboolean    exact;   /* the search saw every line to the round end */
  guint       depth;   /* moves looked ahead */
  guint64     nodes;   /* positions visited */
} CongkakComputerChoice;

CongkakComputerPlayer *congkak_computer_player_new             (void);
double                 congkak_computer_player_get_max_seconds (CongkakComputerPlayer *self);
void                   congkak_computer_player_set_max_seconds (CongkakComputerPlayer *self,
                                                                double                 max_seconds);
guint64                congkak_computer_player_get_seed        (CongkakComputerPlayer *self);
void                   congkak_computer_player_set_seed        (CongkakComputerPlayer *self,
                                                                guint64                seed);
guint                  congkak_computer_player_get_n_running   (CongkakComputerPlayer *self);

void                   congkak_computer_player_choose_async    (CongkakComputerPlayer *self,
                                                                const CongkakRules    *rules,
                                                                const CongkakState    *state,
                                                                CongkakSide            side,
                                                                CongkakLevel           level,
                                                                GCancellable          *cancellable,
                                                                GAsyncReadyCallback    callback,
                                                                gpointer               user_data);
gboolean               congkak_computer_player_choose_finish   (CongkakComputerPlayer *self,
                                                                GAsyncResult          *result,
                                                                CongkakComputerChoice *choice,
                                                                GError               **error);

gboolean               congkak_computer_level_is_available     (const CongkakRules    *rules,
                                                                CongkakLevel           level);

G_END_DECLS
