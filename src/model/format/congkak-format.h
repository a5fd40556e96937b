/* congkak-format.h — what every file format of a match shares
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The JSON format, the text notation and OGN each read and write matches;
 * none of them owns what they share: the error domain and its codes, the
 * limits that keep a hostile file from exhausting memory or stack, and
 * positions in a text for messages.
 */

#pragma once

#include <gio/gio.h>
#include <stdarg.h>

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
/* Warnings given one by one; the rest are counted in one more. */
#define CONGKAK_MATCH_FILE_MAX_WARNINGS 10

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
  CONGKAK_MATCH_FILE_ERROR_CANNOT_HOLD,     /* the format cannot say all the match holds */
} CongkakMatchFileError;

/* The formats a match is read from and written in. */
typedef enum
{
  CONGKAK_MATCH_FORMAT_JSON,  /* a .congkak file */
  CONGKAK_MATCH_FORMAT_TEXT,  /* the text notation, .txt */
  CONGKAK_MATCH_FORMAT_OGN,   /* Aualé's Oware Game Notation, .ogn */
} CongkakMatchFormat;

GQuark        congkak_match_file_error_quark   (void);

CongkakMatchFormat congkak_match_format_for_name (const char   *name);
const char   *congkak_match_format_to_string   (CongkakMatchFormat format);
gboolean      congkak_match_format_from_string (const char         *text,
                                                CongkakMatchFormat *format);

void          congkak_text_line_and_column     (const char    *data,
                                                gsize          offset,
                                                guint         *line,
                                                guint         *column);
gboolean      congkak_text_set_error_at        (GError       **error,
                                                int            code,
                                                const char    *data,
                                                gsize          offset,
                                                const char    *format,
                                                va_list        args) G_GNUC_PRINTF (5, 0);

G_END_DECLS
