/* congkak-library-index.h — the library's index file
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cache of the library's entries beside its match files; the library
 * reads it at the start and writes it after a change.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The index file: entries by file name, or NULL with @error when it is
 * missing, larger than @max_bytes, of another version or damaged. */
GHashTable *congkak_library_index_read  (GFile      *directory,
                                         guint64     max_bytes,
                                         GError    **error);
guint64     congkak_library_index_max_bytes (guint   n_files,
                                             guint64 total_size);
gboolean    congkak_library_index_write (GFile      *directory,
                                         GPtrArray  *entries,
                                         GError    **error);

G_END_DECLS
