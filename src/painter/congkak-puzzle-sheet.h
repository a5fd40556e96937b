/* congkak-puzzle-sheet.h — a sheet of puzzles for the classroom, and its answers
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-puzzle-set.h"

G_BEGIN_DECLS

/* Puzzles a page, and the default. */
#define CONGKAK_PUZZLE_SHEET_MIN_PER_PAGE 1
#define CONGKAK_PUZZLE_SHEET_MAX_PER_PAGE 6
#define CONGKAK_PUZZLE_SHEET_DEFAULT_PER_PAGE 3

/* An A4 page, in points, as the PDF is written. */
#define CONGKAK_PUZZLE_SHEET_A4_WIDTH 595.276
#define CONGKAK_PUZZLE_SHEET_A4_HEIGHT 841.89

typedef struct
{
  guint    per_page;       /* puzzles on a page, from 1 to 6 */
  gboolean show_letters;
  gboolean show_counts;
  gboolean high_contrast;  /* flat outlines: clear on paper, and saves ink */
  gboolean answers;        /* the answers on pages of their own at the end */
} CongkakPuzzleSheetOptions;

typedef struct _CongkakPuzzleSheet CongkakPuzzleSheet;

void                congkak_puzzle_sheet_options_init (CongkakPuzzleSheetOptions       *options);

CongkakPuzzleSheet *congkak_puzzle_sheet_new          (CongkakPuzzleSet                *set,
                                                       const CongkakPuzzleSheetOptions *options);
void                congkak_puzzle_sheet_free         (CongkakPuzzleSheet              *sheet);
guint               congkak_puzzle_sheet_paginate     (CongkakPuzzleSheet              *sheet,
                                                       cairo_t                         *cr,
                                                       double                           width,
                                                       double                           height);
guint               congkak_puzzle_sheet_get_n_pages  (CongkakPuzzleSheet              *sheet);
void                congkak_puzzle_sheet_draw_page    (CongkakPuzzleSheet              *sheet,
                                                       cairo_t                         *cr,
                                                       guint                            page);
GBytes             *congkak_puzzle_sheet_render_pdf   (CongkakPuzzleSheet              *sheet,
                                                       GError                         **error);
gboolean            congkak_puzzle_sheet_save_pdf     (CongkakPuzzleSheet              *sheet,
                                                       GFile                           *file,
                                                       GError                         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakPuzzleSheet, congkak_puzzle_sheet_free)

G_END_DECLS
