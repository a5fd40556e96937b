/* congkak-match-text.h — the plain-text notation, for mail and forums
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-match.h"

G_BEGIN_DECLS

CongkakMatch *congkak_match_load_from_text (const char    *text,
                                            gssize         length,
                                            GError       **error);
char         *congkak_match_save_to_text   (CongkakMatch  *match);
gboolean      congkak_match_save_text_to_file (CongkakMatch  *match,
                                               GFile         *file,
                                               GCancellable  *cancellable,
                                               GError       **error);
gboolean      congkak_match_can_save_to_ogn (CongkakMatch *match,
                                             GError      **error);
char         *congkak_match_save_to_ogn    (CongkakMatch  *match,
                                            GError       **error);

G_END_DECLS
