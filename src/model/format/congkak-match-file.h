/* congkak-match-file.h — reading and writing .congkak files (JSON)
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_MATCH_FILE_ERROR (congkak_match_file_error_quark ())

#define CONGKAK_MATCH_FILE_FORMAT "congkak-match"
#define CONGKAK_MATCH_FILE_VERSION_MAJOR 1
#define CONGKAK_MATCH_FILE_VERSION_MINOR 0
/* Limits that keep a hostile or broken file from exhausting memory or stack. */
#define CONGKAK_MATCH_FILE_MAX_BYTES (16 * 1024 * 1024)
#define CONGKAK_MATCH_FILE_MAX_DEPTH 200       /* JSON nesting: arrays and objects */
#define CONGKAK_MATCH_FILE_MAX_NODES CONGKAK_MATCH_MAX_NODES
#define CONGKAK_MATCH_FILE_MAX_TEXT  CONGKAK_MATCH_MAX_TEXT

typedef enum
{
  CONGKAK_MATCH_FILE_ERROR_EMPTY,
  CONGKAK_MATCH_FILE_ERROR_TOO_LARGE,
  CONGKAK_MATCH_FILE_ERROR_INVALID_UTF8,
  CONGKAK_MATCH_FILE_ERROR_SYNTAX,
  CONGKAK_MATCH_FILE_ERROR_TOO_DEEP,
  CONGKAK_MATCH_FILE_ERROR_NOT_A_MATCH,
  CONGKAK_MATCH_FILE_ERROR_NEWER_VERSION,
  CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD,
  CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE,
  CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
  CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
  CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION,
  CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE,
  CONGKAK_MATCH_FILE_ERROR_TOO_MANY_MOVES,
} CongkakMatchFileError;

GQuark        congkak_match_file_error_quark   (void);

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
char         *congkak_match_save_to_data       (CongkakMatch  *match,
                                                gsize         *length);
GBytes       *congkak_match_save_to_bytes      (CongkakMatch  *match,
                                                GError       **error);
gboolean      congkak_match_save_to_file       (CongkakMatch  *match,
                                                GFile         *file,
                                                GCancellable  *cancellable,
                                                GError       **error);

G_END_DECLS
