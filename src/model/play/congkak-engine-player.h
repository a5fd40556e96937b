/* congkak-engine-player.h — another program's computer as a player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CongkakPlayer that answers each turn with the move of an engine that
 * speaks the UCI dialect (congkak-uci-engine.h).  An engine that
 * misbehaves is stopped, the session is told why in plain words, and the
 * built-in computer plays on at the fallback level from that very turn:
 * the match never waits for a broken program.
 */

#pragma once

#include "congkak-player.h"
#include "congkak-uci-engine.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_ENGINE_PLAYER (congkak_engine_player_get_type ())

G_DECLARE_FINAL_TYPE (CongkakEnginePlayer, congkak_engine_player, CONGKAK, ENGINE_PLAYER, GObject)

CongkakPlayer    *congkak_engine_player_new                (const char          *command,
                                                            CongkakLevel         fallback_level);
const char       *congkak_engine_player_get_command        (CongkakEnginePlayer *self);
CongkakUciEngine *congkak_engine_player_get_engine         (CongkakEnginePlayer *self);
CongkakLevel      congkak_engine_player_get_fallback_level (CongkakEnginePlayer *self);
gboolean          congkak_engine_player_has_failed         (CongkakEnginePlayer *self);

G_END_DECLS
