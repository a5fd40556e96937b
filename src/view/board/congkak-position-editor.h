/* congkak-position-editor.h — set up a position to teach from, then play it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-engine.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_POSITION_EDITOR (congkak_position_editor_get_type ())

G_DECLARE_FINAL_TYPE (CongkakPositionEditor, congkak_position_editor, CONGKAK, POSITION_EDITOR, AdwDialog)

CongkakPositionEditor *congkak_position_editor_new          (const CongkakRules    *rules,
                                                            const CongkakPosition *current);
const CongkakRules    *congkak_position_editor_get_rules    (CongkakPositionEditor *self);
const CongkakPosition *congkak_position_editor_get_position (CongkakPositionEditor *self);
void                   congkak_position_editor_set_position (CongkakPositionEditor *self,
                                                            const CongkakPosition *position);
gboolean               congkak_position_editor_is_valid     (CongkakPositionEditor *self);

G_END_DECLS
