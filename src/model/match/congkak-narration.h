/* congkak-narration.h — what a move's events mean, in plain sentences
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-engine.h"
#include "congkak-match.h"

G_BEGIN_DECLS

char       *congkak_narrate_event         (const CongkakRules *rules,
                                          const CongkakEvent *event);
char       *congkak_narrate_move_summary  (const CongkakRules *rules,
                                          GArray             *events);
char       *congkak_narrate_drop          (const CongkakRules *rules,
                                          const CongkakEvent *event,
                                          guint               left_in_hand);
const char *congkak_narrate_game_name     (const CongkakRules *rules);
char       *congkak_narrate_rules_summary (const CongkakRules *rules);
const char *congkak_narration_rule_section (const CongkakRules *rules,
                                            const CongkakEvent *event);

char       *congkak_narrate_player        (CongkakMatch       *match,
                                          CongkakSide         side);
char       *congkak_narrate_standing      (CongkakMatch       *match,
                                          const CongkakState *state);

G_END_DECLS
