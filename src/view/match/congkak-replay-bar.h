/* congkak-replay-bar.h — stepping through a match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-session.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_REPLAY_BAR (congkak_replay_bar_get_type ())

G_DECLARE_FINAL_TYPE (CongkakReplayBar, congkak_replay_bar, CONGKAK, REPLAY_BAR, AdwBin)

CongkakSession *congkak_replay_bar_get_session (CongkakReplayBar *self);
void            congkak_replay_bar_set_session (CongkakReplayBar *self,
                                                CongkakSession   *session);
gboolean        congkak_replay_bar_get_compact (CongkakReplayBar *self);
void            congkak_replay_bar_set_compact (CongkakReplayBar *self,
                                                gboolean          compact);

G_END_DECLS
