/* congkak-format.c — what every file format of a match shares
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>

#include "congkak-format.h"

G_DEFINE_QUARK (congkak-match-file-error-quark, congkak_match_file_error)

static const char * const format_names[] = {
  [CONGKAK_MATCH_FORMAT_JSON] = "json",
  [CONGKAK_MATCH_FORMAT_TEXT] = "text",
  [CONGKAK_MATCH_FORMAT_OGN] = "ogn",
};

/**
 * congkak_match_format_for_name:
 * @name: a file name (or path)
 *
 * Returns: the format a file of that name is written in: the text
 *   notation for NAME.txt, the Oware Game Notation for NAME.ogn, else
 *   JSON (NAME.congkak).
 */
CongkakMatchFormat
congkak_match_format_for_name (const char *name)
{
  g_return_val_if_fail (name != NULL, CONGKAK_MATCH_FORMAT_JSON);

  if (g_str_has_suffix (name, ".txt"))
    return CONGKAK_MATCH_FORMAT_TEXT;
  if (g_str_has_suffix (name, ".ogn"))
    return CONGKAK_MATCH_FORMAT_OGN;
  return CONGKAK_MATCH_FORMAT_JSON;
}

/**
 * congkak_match_format_to_string:
 *
 * Returns: (transfer none): "json", "text" or "ogn", for files that keep
 *   a format's name.
 */
const char *
congkak_match_format_to_string (CongkakMatchFormat format)
{
  g_return_val_if_fail (format < G_N_ELEMENTS (format_names), NULL);

  return format_names[format];
}

gboolean
congkak_match_format_from_string (const char         *text,
                                  CongkakMatchFormat *format)
{
  g_return_val_if_fail (format != NULL, FALSE);

  for (guint i = 0; text && i < G_N_ELEMENTS (format_names); i++)
    if (g_str_equal (text, format_names[i]))
      {
        *format = i;
        return TRUE;
      }
  return FALSE;
}

/**
 * congkak_text_line_and_column:
 *
 * Where byte @offset of @data is, for messages: line and column from 1,
 * the column in characters.
 */
void
congkak_text_line_and_column (const char *data,
                              gsize       offset,
                              guint      *line,
                              guint      *column)
{
  const char *line_start = data;

  *line = 1;
  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n')
      {
        (*line)++;
        line_start = data + i + 1;
      }
  /* Characters, not bytes; the prefix may itself end in a broken sequence. */
  *column = 1;
  for (const char *p = line_start; p < data + offset; p++)
    if (((guchar) *p & 0xC0) != 0x80)
      (*column)++;
}

/**
 * congkak_text_set_error_at:
 *
 * Sets @error in CONGKAK_MATCH_FILE_ERROR to the message made from
 * @format, after where byte @offset of @data is: “line L, column C: …”.
 *
 * Returns: %FALSE, for `return congkak_text_set_error_at (…);`
 */
gboolean
congkak_text_set_error_at (GError     **error,
                           int          code,
                           const char  *data,
                           gsize        offset,
                           const char  *format,
                           va_list      args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);
  guint line, column;

  congkak_text_line_and_column (data, offset, &line, &column);
  /* TRANSLATORS: where in the text (line and column), then what is wrong there */
  g_set_error (error, CONGKAK_MATCH_FILE_ERROR, code, _("line %u, column %u: %s"), line, column, message);
  return FALSE;
}
