/* congkak-library-view.h — the match library: matches to browse and search, and players
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-library.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_LIBRARY_VIEW (congkak_library_view_get_type ())

G_DECLARE_FINAL_TYPE (CongkakLibraryView, congkak_library_view, CONGKAK, LIBRARY_VIEW, GtkWidget)

CongkakLibrary *congkak_library_view_get_library   (CongkakLibraryView *self);
void            congkak_library_view_set_library   (CongkakLibraryView *self,
                                                    CongkakLibrary     *library);
GListModel     *congkak_library_view_get_shown     (CongkakLibraryView *self);
void            congkak_library_view_set_search    (CongkakLibraryView *self,
                                                    const char         *text);
void            congkak_library_view_focus_search  (CongkakLibraryView *self);
void            congkak_library_view_show_players  (CongkakLibraryView *self,
                                                    gboolean            players);

G_END_DECLS
