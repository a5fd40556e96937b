/* congkak-shortcut-row.h — one line of the shortcuts dialog
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CONGKAK_TYPE_SHORTCUT_ROW (congkak_shortcut_row_get_type ())

G_DECLARE_FINAL_TYPE (CongkakShortcutRow, congkak_shortcut_row, CONGKAK, SHORTCUT_ROW, AdwActionRow)

const char *congkak_shortcut_row_get_actions  (CongkakShortcutRow *self);
const char *congkak_shortcut_row_get_keys     (CongkakShortcutRow *self);
const char *congkak_shortcut_row_get_label    (CongkakShortcutRow *self);
void        congkak_shortcut_row_set_label    (CongkakShortcutRow *self,
                                               const char         *label);

G_END_DECLS
