/* congkak-puzzle-view-private.h — what puzzle mode's parts share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CongkakPuzzleView is split by concern: congkak-puzzle-view.c is the
 * puzzle on the board, the rating and the search; congkak-puzzle-view-
 * files.c the puzzle files and the sheet.  Both see the instance struct.
 */

#pragma once

#include "congkak-board-view.h"
#include "congkak-puzzle-finder.h"
#include "congkak-puzzle-view.h"

G_BEGIN_DECLS

struct _CongkakPuzzleView
{
  GtkWidget            parent_instance;

  /* Template widgets */
  GtkStack            *stack;
  AdwStatusPage       *empty_page;
  GtkProgressBar      *progress_bar;
  GtkWidget           *toolbar;
  GtkWidget           *filters;
  GtkDropDown         *game_dropdown;
  GtkDropDown         *difficulty_dropdown;
  GtkLabel            *score_label;
  GtkLabel            *title_label;
  GtkLabel            *description_label;
  GtkLabel            *origin_label;
  GtkLabel            *mistake_label;
  CongkakBoardView    *board;
  GtkLabel            *task_label;
  GtkLabel            *narration_label;
  GtkLabel            *explanation_label;
  GtkWidget           *buttons;
  GtkSpinButton       *sheet_count_spin;
  GtkSpinButton       *sheet_per_page_spin;

  /* Owned references */
  GSettings           *settings;
  CongkakLibrary      *library;
  GFile               *cache_file;
  CongkakPuzzleSet    *puzzles;     /* as found or read */
  GPtrArray           *ordered;     /* CongkakPuzzle: mistakes first, then by rating */
  GListStore          *shown;       /* CongkakPuzzle: ordered, as the filters let through */
  GPtrArray           *game_keys;   /* utf8: the game dropdown's games; NULL first, for all */
  CongkakPuzzleFinder *finder;
  GCancellable        *cancellable;
  CongkakGame         *line_game;   /* the solution being sown */

  /* The puzzle on the board */
  guint                index;
  gboolean             answered;
  gboolean             playing_line;
  guint                line_next;
  gboolean             presenting;
  gboolean             updating_filters;
};

/* congkak-puzzle-view.c */
void _congkak_puzzle_view_show_toast          (CongkakPuzzleView *self,
                                               const char        *message);

/* congkak-puzzle-view-files.c: the actions puzzle.open, puzzle.save,
 * puzzle.export-sheet and puzzle.print-sheet */
void _congkak_puzzle_view_open_action         (GtkWidget         *widget,
                                               const char        *action_name,
                                               GVariant          *parameter);
void _congkak_puzzle_view_save_action         (GtkWidget         *widget,
                                               const char        *action_name,
                                               GVariant          *parameter);
void _congkak_puzzle_view_export_sheet_action (GtkWidget         *widget,
                                               const char        *action_name,
                                               GVariant          *parameter);
void _congkak_puzzle_view_print_sheet_action  (GtkWidget         *widget,
                                               const char        *action_name,
                                               GVariant          *parameter);

G_END_DECLS
