/* congkak-remote-player.h — the player of a side that sits at another computer
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-net-channel.h"
#include "congkak-player.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_REMOTE_PLAYER (congkak_remote_player_get_type ())

G_DECLARE_FINAL_TYPE (CongkakRemotePlayer, congkak_remote_player, CONGKAK, REMOTE_PLAYER, GObject)

CongkakPlayer     *congkak_remote_player_new          (CongkakSide          side);
CongkakSide        congkak_remote_player_get_side     (CongkakRemotePlayer *self);
void               congkak_remote_player_set_channel  (CongkakRemotePlayer *self,
                                                       CongkakNetChannel   *channel);
CongkakNetChannel *congkak_remote_player_get_channel  (CongkakRemotePlayer *self);

/* The turn it was handed, for whoever answers it without a channel */
gboolean           congkak_remote_player_get_question (CongkakRemotePlayer *self,
                                                       guint               *ply,
                                                       CongkakTurnKind     *kind,
                                                       guint               *index);
gboolean           congkak_remote_player_answer       (CongkakRemotePlayer *self,
                                                       guint                hole,
                                                       GError             **error);

G_END_DECLS
