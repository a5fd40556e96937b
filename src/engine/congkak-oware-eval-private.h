/* congkak-oware-eval-private.h — the Oware search's guess at the horizon
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the Oware search (congkak-search.c) counts a position cut off by its
 * depth limit as: the margin the player to move will still gain from here
 * (own captures minus the opponent's from now to the end of the game), in
 * hundredths of a seed, so that fractions of a seed order the moves too.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Hundredths of a seed in one seed: the search's internal unit in Oware. */
#define CONGKAK_OWARE_EVAL_SCALE 100

int congkak_oware_evaluate (const guint8 *own,
                            const guint8 *other,
                            guint         n_holes,
                            int           captured_own,
                            int           captured_other,
                            int           total_seeds);

G_END_DECLS
