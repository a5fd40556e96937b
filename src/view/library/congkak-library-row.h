/* congkak-library-row.h — one match of the library, as listed
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-library.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_LIBRARY_ROW (congkak_library_row_get_type ())

G_DECLARE_FINAL_TYPE (CongkakLibraryRow, congkak_library_row, CONGKAK, LIBRARY_ROW, GtkWidget)

GtkWidget           *congkak_library_row_new                  (void);
void                 congkak_library_row_bind                 (CongkakLibraryRow   *self,
                                                               CongkakLibraryEntry *entry,
                                                               gboolean             compact);
void                 congkak_library_row_unbind               (CongkakLibraryRow   *self);
CongkakLibraryEntry *congkak_library_row_get_entry            (CongkakLibraryRow   *self);
char                *congkak_library_row_dup_accessible_label (CongkakLibraryRow   *self);

G_END_DECLS
