/* congkak-match-file.h — reading and writing .congkak files (JSON)
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "congkak-format.h"
#include "congkak-match.h"

G_BEGIN_DECLS

void          congkak_json_add_position_side   (JsonBuilder           *builder,
                                                const CongkakPosition *position,
                                                CongkakSide            side);

CongkakMatch *congkak_match_load_from_data     (const char    *data,
                                                gssize         length,
                                                GPtrArray    **warnings,
                                                GError       **error);
CongkakMatch *congkak_match_load_from_file     (GFile         *file,
                                                GCancellable  *cancellable,
                                                GPtrArray    **warnings,
                                                GError       **error);
CongkakMatch *congkak_match_load_any_from_bytes (GBytes       *bytes,
                                                GPtrArray   **warnings,
                                                GError      **error);
CongkakMatch *congkak_match_load_any_from_file (GFile         *file,
                                                GCancellable  *cancellable,
                                                GPtrArray    **warnings,
                                                GError       **error);
CongkakMatch *congkak_match_load_any_from_file_with_format (GFile               *file,
                                                            GCancellable        *cancellable,
                                                            CongkakMatchFormat  *format,
                                                            GPtrArray          **warnings,
                                                            GError             **error);
char         *congkak_match_save_to_data       (CongkakMatch  *match,
                                                gsize         *length);
GBytes       *congkak_match_save_to_bytes      (CongkakMatch  *match,
                                                GError       **error);
gboolean      congkak_match_save_to_file       (CongkakMatch  *match,
                                                GFile         *file,
                                                GCancellable  *cancellable,
                                                GError       **error);
GBytes       *congkak_match_save_in_format     (CongkakMatch        *match,
                                                CongkakMatchFormat   format,
                                                GError             **error);

G_END_DECLS
