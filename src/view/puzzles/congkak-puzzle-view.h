/* congkak-puzzle-view.h — puzzle mode: find the move, one puzzle at a time
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-library.h"
#include "congkak-puzzle-set.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_PUZZLE_VIEW (congkak_puzzle_view_get_type ())

G_DECLARE_FINAL_TYPE (CongkakPuzzleView, congkak_puzzle_view, CONGKAK, PUZZLE_VIEW, GtkWidget)

/* How the player's rating follows the results (Elo): a result moves it by
 * at most this much. */
#define CONGKAK_PUZZLE_RATING_STEP 32
#define CONGKAK_PUZZLE_RATING_START 1000

CongkakLibrary   *congkak_puzzle_view_get_library     (CongkakPuzzleView *self);
void              congkak_puzzle_view_set_library     (CongkakPuzzleView *self,
                                                       CongkakLibrary    *library);
GFile            *congkak_puzzle_view_get_cache_file  (CongkakPuzzleView *self);
void              congkak_puzzle_view_set_cache_file  (CongkakPuzzleView *self,
                                                       GFile             *file);
CongkakPuzzleSet *congkak_puzzle_view_get_puzzles     (CongkakPuzzleView *self);
void              congkak_puzzle_view_set_puzzles     (CongkakPuzzleView *self,
                                                       CongkakPuzzleSet  *puzzles);
GListModel       *congkak_puzzle_view_get_shown       (CongkakPuzzleView *self);
CongkakPuzzle    *congkak_puzzle_view_get_puzzle      (CongkakPuzzleView *self);
gboolean          congkak_puzzle_view_get_answered    (CongkakPuzzleView *self);
gboolean          congkak_puzzle_view_get_presenting  (CongkakPuzzleView *self);
void              congkak_puzzle_view_set_presenting  (CongkakPuzzleView *self,
                                                       gboolean           presenting);
void              congkak_puzzle_view_find            (CongkakPuzzleView *self);
gboolean          congkak_puzzle_view_is_finding      (CongkakPuzzleView *self);
gboolean          congkak_puzzle_view_load_file       (CongkakPuzzleView *self,
                                                       GFile             *file,
                                                       GError           **error);
gboolean          congkak_puzzle_view_save_file       (CongkakPuzzleView *self,
                                                       GFile             *file,
                                                       GError           **error);
CongkakPuzzleSet *congkak_puzzle_view_dup_sheet_puzzles (CongkakPuzzleView *self);
gboolean          congkak_puzzle_view_export_sheet    (CongkakPuzzleView *self,
                                                       GFile             *file,
                                                       GError           **error);
GtkPrintOperation *congkak_puzzle_view_new_print_operation (CongkakPuzzleView *self);

G_END_DECLS
