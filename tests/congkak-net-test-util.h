/* congkak-net-test-util.h — network play in tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void test_net_trust_own_certificate (const char *folder);

G_END_DECLS
