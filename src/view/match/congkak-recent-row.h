/* congkak-recent-row.h — one match file used lately, on the start page
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CONGKAK_TYPE_RECENT_ROW (congkak_recent_row_get_type ())

G_DECLARE_FINAL_TYPE (CongkakRecentRow, congkak_recent_row, CONGKAK, RECENT_ROW, AdwActionRow)

GtkWidget *congkak_recent_row_new      (GFile            *file,
                                        const char       *display_name);
GFile     *congkak_recent_row_get_file (CongkakRecentRow *self);

G_END_DECLS
