/* congkak-search-private.h — the search's switches for tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-search.h"

G_BEGIN_DECLS

void congkak_search_set_oware_kernel (CongkakSearch *search,
                                      gboolean       allowed);

G_END_DECLS
