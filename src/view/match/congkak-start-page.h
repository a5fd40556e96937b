/* congkak-start-page.h — what a window without a match offers
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CONGKAK_TYPE_START_PAGE (congkak_start_page_get_type ())

G_DECLARE_FINAL_TYPE (CongkakStartPage, congkak_start_page, CONGKAK, START_PAGE, AdwBin)

void congkak_start_page_update_recent (CongkakStartPage *self);

G_END_DECLS
