/* congkak-computer-player.h — the computer as a player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CongkakPlayer that answers each turn with the engine's search at its
 * level, in the turn's worker thread.
 */

#pragma once

#include "congkak-player.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_COMPUTER_PLAYER (congkak_computer_player_get_type ())

G_DECLARE_FINAL_TYPE (CongkakComputerPlayer, congkak_computer_player, CONGKAK, COMPUTER_PLAYER, GObject)

CongkakPlayer *congkak_computer_player_new         (CongkakLevel           level);
CongkakLevel   congkak_computer_player_get_level   (CongkakComputerPlayer *self);
gboolean       congkak_computer_player_is_thinking (CongkakComputerPlayer *self);

G_END_DECLS
