/* congkak-oware-eval-private.h — the Oware evaluation at the search's horizon
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See congkak-search.c, "Evaluation", for what it counts and how its
 * weights were fitted (tools/oware-eval-fit).
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Hundredths of a seed in one seed: the evaluation's unit (and the Oware
 * search's internal one). */
#define CONGKAK_OWARE_EVAL_SCALE 100

/* What the evaluation looks at, each from the point of view of the player
 * to move ("own") against the opponent ("other"); the evaluation is a
 * weighted sum of them.  tools/oware-eval-data prints them to fit the
 * weights. */
typedef enum
{
  CONGKAK_OWARE_FEATURE_MATERIAL,      /* seeds on the own side minus on the other */
  CONGKAK_OWARE_FEATURE_OWN_EMPTY,     /* own empty holes */
  CONGKAK_OWARE_FEATURE_OTHER_EMPTY,
  CONGKAK_OWARE_FEATURE_OWN_WEAK,      /* own holes of 1 or 2 seeds */
  CONGKAK_OWARE_FEATURE_OTHER_WEAK,
  CONGKAK_OWARE_FEATURE_OWN_KROO,      /* own holes that lap the board */
  CONGKAK_OWARE_FEATURE_OTHER_KROO,
  CONGKAK_OWARE_FEATURE_OWN_TEMPO,     /* own moves that sow nothing into the other side */
  CONGKAK_OWARE_FEATURE_OTHER_TEMPO,
  CONGKAK_OWARE_FEATURE_CAPTURE,       /* the most the mover captures in one move now */
  CONGKAK_OWARE_FEATURE_THREAT,        /* the most the opponent would, were it to move */
  CONGKAK_OWARE_FEATURE_LATE_MATERIAL, /* MATERIAL × seeds captured so far / total seeds */
  CONGKAK_OWARE_N_FEATURES
} CongkakOwareFeature;

int  congkak_oware_evaluate        (const guint8 *own,
                                    const guint8 *other,
                                    guint         n_holes,
                                    int           captured_own,
                                    int           captured_other,
                                    int           total_seeds);
int  congkak_oware_evaluate_simple (const guint8 *own,
                                    const guint8 *other,
                                    guint         n_holes);
void congkak_oware_features        (const guint8 *own,
                                    const guint8 *other,
                                    guint         n_holes,
                                    int           captured_own,
                                    int           captured_other,
                                    int           total_seeds,
                                    int           features[CONGKAK_OWARE_N_FEATURES]);
int  congkak_oware_weigh           (const int     features[CONGKAK_OWARE_N_FEATURES]);
int  congkak_oware_capture         (const guint8 *mover,
                                    const guint8 *opponent,
                                    guint         n_holes,
                                    guint         hole);

G_END_DECLS
