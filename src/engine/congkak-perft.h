/* congkak-perft.h — counting move sequences, and every possible opening
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "congkak-state.h"

G_BEGIN_DECLS

typedef void (*CongkakOpeningFunc) (const CongkakOpening *opening,
                                    const CongkakState   *result,
                                    gpointer              user_data);

guint   congkak_state_foreach_opening (const CongkakState *state,
                                       const CongkakRules *rules,
                                       CongkakOpeningFunc  func,
                                       gpointer            user_data);
guint64 congkak_perft                 (const CongkakState *state,
                                       const CongkakRules *rules,
                                       guint               depth);

G_END_DECLS
