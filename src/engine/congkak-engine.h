/* congkak-engine.h — the rules engine, all of it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-rules.h"
#include "congkak-position.h"
#include "congkak-state.h"
#include "congkak-game.h"
#include "congkak-perft.h"
#include "congkak-endgame.h"
#include "congkak-oware-endgame.h"
#include "congkak-search.h"
#include "congkak-computer.h"
