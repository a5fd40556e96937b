/* congkak-shortcuts-dialog.h — the keyboard shortcuts, as the window has them
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CONGKAK_TYPE_SHORTCUTS_DIALOG (congkak_shortcuts_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CongkakShortcutsDialog, congkak_shortcuts_dialog, CONGKAK, SHORTCUTS_DIALOG, AdwDialog)

CongkakShortcutsDialog *congkak_shortcuts_dialog_new (GtkWindow *window);

G_END_DECLS
