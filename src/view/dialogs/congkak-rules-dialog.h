/* congkak-rules-dialog.h — the rules of a game, in plain words
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-engine.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_RULES_DIALOG (congkak_rules_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CongkakRulesDialog, congkak_rules_dialog, CONGKAK, RULES_DIALOG, AdwDialog)

CongkakRulesDialog *congkak_rules_dialog_new          (const CongkakRules *rules);
const CongkakRules *congkak_rules_dialog_get_rules    (CongkakRulesDialog *self);
gboolean            congkak_rules_dialog_show_section (CongkakRulesDialog *self,
                                                       const char         *section_id);
void                congkak_rules_dialog_add_toast    (CongkakRulesDialog *self,
                                                       AdwToast           *toast);
void                congkak_rules_dialog_set_text_scale (CongkakRulesDialog *self,
                                                       double              scale);

G_END_DECLS
