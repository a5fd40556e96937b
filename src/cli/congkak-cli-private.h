/* congkak-cli-private.h — what the parts of congkak-cli share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-match.h"

G_BEGIN_DECLS

enum
{
  EXIT_OK = 0,
  EXIT_INVALID_INPUT = 1,
  EXIT_BAD_ARGUMENTS = 2,
};

int    usage_error       (GOptionContext *context,
                          const char     *message);
guint  play_random_moves (CongkakMatch   *match,
                          GRand          *rand,
                          guint           n_moves,
                          CongkakOpening *opening);
double elapsed_ms        (gint64          start);

/* congkak-cli-library.c */
int    command_library   (int             argc,
                          char          **argv);
int    bench_library     (int             n_matches,
                          int             seed,
                          const char     *keep);

G_END_DECLS
