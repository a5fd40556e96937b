/* congkak-new-match-dialog.h — choose the game, the players and the rules
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-engine.h"
#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_NEW_MATCH_DIALOG (congkak_new_match_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNewMatchDialog, congkak_new_match_dialog, CONGKAK, NEW_MATCH_DIALOG, AdwDialog)

CongkakNewMatchDialog *congkak_new_match_dialog_new             (void);
const char            *congkak_new_match_dialog_get_player_name (CongkakNewMatchDialog *self,
                                                                 CongkakSide            side);
CongkakPlayerKind      congkak_new_match_dialog_get_player_kind (CongkakNewMatchDialog *self,
                                                                 CongkakSide            side);
CongkakLevel           congkak_new_match_dialog_get_player_level (CongkakNewMatchDialog *self,
                                                                  CongkakSide            side);
const char            *congkak_new_match_dialog_get_player_engine (CongkakNewMatchDialog *self,
                                                                   CongkakSide            side);
const char            *congkak_new_match_dialog_get_player_engine_name (CongkakNewMatchDialog *self,
                                                                        CongkakSide            side);
gboolean               congkak_new_match_dialog_set_player_engine (CongkakNewMatchDialog *self,
                                                                   CongkakSide            side,
                                                                   const char            *command);
void                   congkak_new_match_dialog_set_player      (CongkakNewMatchDialog *self,
                                                                 CongkakSide            side,
                                                                 CongkakPlayerKind      kind,
                                                                 CongkakLevel           level);

G_END_DECLS
