/* congkak-players-page.h — what the library says about each player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-library.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_PLAYERS_PAGE (congkak_players_page_get_type ())

G_DECLARE_FINAL_TYPE (CongkakPlayersPage, congkak_players_page, CONGKAK, PLAYERS_PAGE, GtkWidget)

void       congkak_players_page_set_library  (CongkakPlayersPage *self,
                                              CongkakLibrary     *library);
GPtrArray *congkak_players_page_get_players  (CongkakPlayersPage *self);

G_END_DECLS
