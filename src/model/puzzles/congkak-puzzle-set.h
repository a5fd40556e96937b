/* congkak-puzzle-set.h — a list of puzzles, and its file (JSON)
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A set is a GListModel of CongkakPuzzle.  Its file is described in
 * src/model/PUZZLE-FORMAT.md and data/io.github.congkak.Congkak.puzzles.schema.json;
 * it is read as strictly as a match file (congkak-json-private.h), with
 * errors in CONGKAK_MATCH_FILE_ERROR that begin with their JSON path.
 */

#pragma once

#include <gio/gio.h>

#include "congkak-puzzle.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_PUZZLE_SET (congkak_puzzle_set_get_type ())

G_DECLARE_FINAL_TYPE (CongkakPuzzleSet, congkak_puzzle_set, CONGKAK, PUZZLE_SET, GObject)

#define CONGKAK_PUZZLE_SET_FORMAT "congkak-puzzles"
#define CONGKAK_PUZZLE_SET_VERSION_MAJOR 1
#define CONGKAK_PUZZLE_SET_VERSION_MINOR 0

/* Limits that keep a hostile or broken file from exhausting memory. */
#define CONGKAK_PUZZLE_SET_MAX_BYTES (8 * 1024 * 1024)
#define CONGKAK_PUZZLE_SET_MAX_PUZZLES 10000

CongkakPuzzleSet *congkak_puzzle_set_new            (void);
const char       *congkak_puzzle_set_get_title      (CongkakPuzzleSet  *self);
void              congkak_puzzle_set_set_title      (CongkakPuzzleSet  *self,
                                                     const char        *title);
guint             congkak_puzzle_set_get_n_puzzles  (CongkakPuzzleSet  *self);
CongkakPuzzle    *congkak_puzzle_set_get_puzzle     (CongkakPuzzleSet  *self,
                                                     guint              index);
gboolean          congkak_puzzle_set_append         (CongkakPuzzleSet  *self,
                                                     CongkakPuzzle     *puzzle);
CongkakPuzzleSet *congkak_puzzle_set_filter         (CongkakPuzzleSet  *self,
                                                     const char        *game,
                                                     int                difficulty,
                                                     guint              max_puzzles);

CongkakPuzzleSet *congkak_puzzle_set_load_from_data (const char        *data,
                                                     gssize             length,
                                                     GPtrArray        **warnings,
                                                     GError           **error);
CongkakPuzzleSet *congkak_puzzle_set_load_from_file (GFile             *file,
                                                     GCancellable      *cancellable,
                                                     GPtrArray        **warnings,
                                                     GError           **error);
char             *congkak_puzzle_set_save_to_data   (CongkakPuzzleSet  *self,
                                                     gsize             *length);
gboolean          congkak_puzzle_set_save_to_file   (CongkakPuzzleSet  *self,
                                                     GFile             *file,
                                                     GCancellable      *cancellable,
                                                     GError           **error);

G_END_DECLS
