/* congkak-puzzle-private.h — what the finder and the loader record in a puzzle
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-puzzle.h"

G_BEGIN_DECLS

/* Set while a puzzle is made, before anyone else sees it. */
void     congkak_puzzle_set_values     (CongkakPuzzle             *self,
                                        int                        value,
                                        const char                *next_best,
                                        int                        next_value,
                                        gboolean                   exact);
void     congkak_puzzle_set_depth      (CongkakPuzzle             *self,
                                        guint                      depth);
void     congkak_puzzle_set_difficulty (CongkakPuzzle             *self,
                                        CongkakPuzzleDifficulty    difficulty);
void     congkak_puzzle_set_source     (CongkakPuzzle             *self,
                                        const CongkakPuzzleSource *source);

gboolean congkak_puzzle_state_init     (CongkakState              *state,
                                        const CongkakRules        *rules,
                                        const CongkakPosition     *position,
                                        guint                      round,
                                        GError                   **error);

G_END_DECLS
