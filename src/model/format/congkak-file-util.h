/* congkak-file-util.h — safe saving, bounded reading, quoting untrusted text
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* How many characters of a name or value from a file a message quotes. */
#define CONGKAK_QUOTE_MAX_CHARS 80

/* The saver's temporary files: `.NAME.congkak-XXXXXX` beside NAME. */
#define CONGKAK_SAVE_TEMP_INFIX ".congkak-"

typedef enum
{
  CONGKAK_SAVE_NONE          = 0,
  CONGKAK_SAVE_BACKUP        = 1 << 0,  /* keep the old file as NAME~ */
  CONGKAK_SAVE_REPLACE_ANY   = 1 << 1,  /* replace a link, a pipe… itself, not the file a link names */
  CONGKAK_SAVE_PRIVATE       = 1 << 2,  /* a new file is readable by its owner only (autosaves) */
  CONGKAK_SAVE_REPLACE_READ_ONLY = 1 << 3,  /* replace a file we may not write to (congkak-cli --force) */
} CongkakSaveFlags;

gboolean  congkak_is_hidden_control            (gunichar           c);
char     *congkak_escape_untrusted             (const char        *text,
                                                gssize             length,
                                                guint              max_chars,
                                                gboolean           keep_lines);
char     *congkak_escape_for_title             (const char        *text,
                                                gssize             length,
                                                guint              max_chars);
gboolean  congkak_is_quotable                  (const char        *text);
char     *congkak_quote_untrusted              (const char        *text,
                                                gssize             length);

gboolean  congkak_file_replace_contents        (GFile             *file,
                                                const char        *data,
                                                gsize              length,
                                                CongkakSaveFlags   flags,
                                                GCancellable      *cancellable,
                                                GError           **error);
GBytes   *congkak_file_load_bounded            (GFile             *file,
                                                gsize              max_bytes,
                                                gboolean           follow_links,
                                                GCancellable      *cancellable,
                                                GError           **error);
GBytes   *congkak_input_stream_read_bounded    (GInputStream      *stream,
                                                gsize              max_bytes,
                                                GCancellable      *cancellable,
                                                GError           **error);
gboolean  congkak_file_check_type              (const char        *path,
                                                gboolean           follow_links,
                                                GError           **error);
void      congkak_file_clean_stale_temporaries (const char        *folder);
GFile    *congkak_file_new_for_argument        (const char        *arg);

G_END_DECLS
