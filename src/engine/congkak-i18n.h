/* congkak-i18n.h — setting up translations, for every program
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void congkak_i18n_init (void);

G_END_DECLS
