/* congkak-oware-eval.c — the Oware search's guess at the horizon
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "congkak-oware-eval-private.h"

/**
 * congkak_oware_evaluate:
 * @own: the holes of the player to move, in that player's sowing order
 * @other: the opponent's holes, in the opponent's sowing order
 * @n_holes: holes a side
 * @captured_own: the seeds the player to move has captured so far
 * @captured_other: the opponent's captures so far
 * @total_seeds: the seeds of the whole game (board and captures)
 *
 * A quarter of the difference of the seeds on each side: seeds on one's
 * own side are moves to come and seeds the opponent cannot capture at once.
 *
 * Returns: the margin still to be gained by the player to move, in
 *   hundredths of a seed (CONGKAK_OWARE_EVAL_SCALE)
 */
int
congkak_oware_evaluate (const guint8 *own,
                        const guint8 *other,
                        guint         n_holes,
                        int           captured_own,
                        int           captured_other,
                        int           total_seeds)
{
  int difference = 0;

  (void) captured_own;
  (void) captured_other;
  (void) total_seeds;

  for (guint i = 0; i < n_holes; i++)
    difference += (int) own[i] - (int) other[i];
  return CONGKAK_OWARE_EVAL_SCALE * difference / 4;
}
