/* congkak-puzzle-sheet.c — a sheet of puzzles for the classroom, and its answers
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pages first show the puzzles, a few a page, each with its caption
 * (the game, who moves, how hard), where it comes from, the board as the
 * board painter draws it and a line to write the answer on; the answers
 * follow on pages of their own: each puzzle's solution line with what each
 * move did, told from the engine's events, and the verdict.  The same
 * drawing goes to a PDF (cairo's PDF surface, no display needed) and to
 * a printer (the window's GtkPrintOperation).
 */

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "congkak-board-painter.h"
#include "congkak-board-picture.h"
#include "congkak-file-util.h"
#include "congkak-puzzle-sheet.h"

#define TITLE_FONT    "Sans Bold 16"
#define CAPTION_FONT  "Sans 11"
#define BODY_FONT     "Sans 10"
#define SMALL_FONT    "Sans 8"
#define FOOTER_HEIGHT 22.0   /* points, at the foot of every page */
#define SLOT_GAP      16.0   /* points between puzzles, and between answers */
#define PDF_MARGIN    40.0   /* points around a PDF page */

struct _CongkakPuzzleSheet
{
  CongkakPuzzleSet          *set;
  CongkakPuzzleSheetOptions  options;

  /* From the last pagination */
  double                     width;
  double                     height;
  guint                      puzzle_pages;
  GArray                    *answer_pages;  /* guint: the first puzzle answered on each */
};

void
congkak_puzzle_sheet_options_init (CongkakPuzzleSheetOptions *options)
{
  g_return_if_fail (options != NULL);

  options->per_page = CONGKAK_PUZZLE_SHEET_DEFAULT_PER_PAGE;
  options->show_letters = TRUE;
  options->show_counts = TRUE;
  options->high_contrast = FALSE;
  options->answers = TRUE;
}

/**
 * congkak_puzzle_sheet_new:
 * @options: (nullable): the defaults of congkak_puzzle_sheet_options_init()
 *   when %NULL
 *
 * Returns: (transfer full): a sheet of @set's puzzles, in order; paginate
 *   it before drawing
 */
CongkakPuzzleSheet *
congkak_puzzle_sheet_new (CongkakPuzzleSet                *set,
                          const CongkakPuzzleSheetOptions *options)
{
  CongkakPuzzleSheet *sheet;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_SET (set), NULL);
  g_return_val_if_fail (options == NULL
                        || (options->per_page >= CONGKAK_PUZZLE_SHEET_MIN_PER_PAGE
                            && options->per_page <= CONGKAK_PUZZLE_SHEET_MAX_PER_PAGE), NULL);

  sheet = g_new0 (CongkakPuzzleSheet, 1);
  sheet->set = g_object_ref (set);
  if (options)
    sheet->options = *options;
  else
    congkak_puzzle_sheet_options_init (&sheet->options);
  sheet->answer_pages = g_array_new (FALSE, FALSE, sizeof (guint));
  return sheet;
}

void
congkak_puzzle_sheet_free (CongkakPuzzleSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_object_unref (sheet->set);
  g_array_unref (sheet->answer_pages);
  g_free (sheet);
}

/* Text */

static PangoLayout *
make_layout (cairo_t    *cr,
             const char *font,
             double      width,
             const char *markup)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *description = pango_font_description_from_string (font);

  /* Sizes in points, on paper and in PDF alike. */
  pango_cairo_context_set_resolution (pango_layout_get_context (layout), 72);
  pango_layout_context_changed (layout);
  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  pango_layout_set_width (layout, width * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_markup (layout, markup, -1);
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  int height;

  pango_layout_get_size (layout, NULL, &height);
  return (double) height / PANGO_SCALE;
}

static void
append_escaped (GString    *markup,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (markup, escaped);
}

/* “Puzzle 3  Kalah · South to move · Easy” */
static char *
caption_markup (CongkakPuzzle *puzzle,
                guint          index)
{
  GString *markup = g_string_new ("<b>");
  g_autofree char *number = g_strdup_printf (_("Puzzle %u"), index + 1);
  g_autofree char *description = congkak_puzzle_dup_description (puzzle);

  append_escaped (markup, number);
  g_string_append (markup, "</b>   ");
  append_escaped (markup, description);
  return g_string_free (markup, FALSE);
}

/* “From: Ani vs Budi, 2026-11-29, move 13”, or NULL. */
static char *
source_markup (CongkakPuzzle *puzzle)
{
  g_autofree char *origin = congkak_puzzle_dup_origin (puzzle);
  g_autofree char *from = NULL;

  if (origin == NULL)
    return NULL;
  /* TRANSLATORS: the match a puzzle comes from: "From: Ani vs Budi, 2026-11-29, move 13" */
  from = g_strdup_printf (_("From: %s"), origin);
  return g_markup_escape_text (from, -1);
}

/* The answer to @puzzle: the solution line, what each move did, and the verdict. */
static char *
answer_markup (CongkakPuzzle *puzzle,
               guint          index)
{
  const CongkakPuzzleSource *source = congkak_puzzle_get_source (puzzle);
  g_autoptr (GPtrArray) lines = congkak_puzzle_dup_line_summaries (puzzle);
  g_autofree char *verdict = congkak_puzzle_dup_verdict (puzzle);
  g_autofree char *title = NULL;
  GString *markup = g_string_new ("<b>");

  /* TRANSLATORS: a puzzle's number and its answer, a move such as “C” */
  title = g_strdup_printf (_("Puzzle %u: %s"), index + 1, congkak_puzzle_get_solution (puzzle)[0]);
  append_escaped (markup, title);
  g_string_append (markup, "</b>");
  for (guint i = 0; i < lines->len; i++)
    {
      g_string_append (markup, "\n");
      append_escaped (markup, g_ptr_array_index (lines, i));
    }
  if (verdict)
    {
      g_string_append (markup, "\n<i>");
      append_escaped (markup, verdict);
      g_string_append (markup, "</i>");
    }
  if (source->played && !congkak_puzzle_is_answer (puzzle, g_ascii_tolower (source->played[0]) - 'a'))
    {
      g_autofree char *played = g_strdup_printf (_("Played in the match: %s"), source->played);

      g_string_append (markup, "\n");
      append_escaped (markup, played);
    }
  return g_string_free (markup, FALSE);
}

static char *
title_markup (CongkakPuzzleSheet *sheet)
{
  const char *title = congkak_puzzle_set_get_title (sheet->set);
  g_autofree char *escaped = g_markup_escape_text (*title ? title : _("Puzzles"), -1);

  return g_steal_pointer (&escaped);
}

/* Pages */

static guint
n_puzzles (CongkakPuzzleSheet *sheet)
{
  return congkak_puzzle_set_get_n_puzzles (sheet->set);
}

/**
 * congkak_puzzle_sheet_paginate:
 * @cr: where the pages will be drawn (its text measures the answers)
 * @width: the width of the printable area, in points
 * @height: its height
 *
 * Returns: the number of pages: the puzzles', then the answers'
 */
guint
congkak_puzzle_sheet_paginate (CongkakPuzzleSheet *sheet,
                               cairo_t            *cr,
                               double              width,
                               double              height)
{
  g_autofree char *heading = NULL;
  g_autoptr (PangoLayout) heading_layout = NULL;
  double used;

  g_return_val_if_fail (sheet != NULL, 0);
  g_return_val_if_fail (cr != NULL, 0);
  g_return_val_if_fail (width > 0 && height > 0, 0);

  sheet->width = width;
  sheet->height = height;
  sheet->puzzle_pages = MAX (1, (n_puzzles (sheet) + sheet->options.per_page - 1) / sheet->options.per_page);
  g_array_set_size (sheet->answer_pages, 0);
  if (!sheet->options.answers || n_puzzles (sheet) == 0)
    return sheet->puzzle_pages;

  heading = g_markup_escape_text (_("Answers"), -1);
  heading_layout = make_layout (cr, TITLE_FONT, width, heading);
  used = height;  /* a new page for the first answer */
  for (guint i = 0; i < n_puzzles (sheet); i++)
    {
      g_autofree char *markup = answer_markup (congkak_puzzle_set_get_puzzle (sheet->set, i), i);
      g_autoptr (PangoLayout) layout = make_layout (cr, BODY_FONT, width, markup);
      double block = layout_height (layout) + SLOT_GAP;

      if (used + block > height - FOOTER_HEIGHT && used > 0)
        {
          g_array_append_val (sheet->answer_pages, i);
          used = sheet->answer_pages->len == 1 ? layout_height (heading_layout) + SLOT_GAP : 0;
        }
      used += block;
    }
  return congkak_puzzle_sheet_get_n_pages (sheet);
}

/**
 * congkak_puzzle_sheet_get_n_pages:
 *
 * Returns: the pages of the last pagination
 */
guint
congkak_puzzle_sheet_get_n_pages (CongkakPuzzleSheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);

  return sheet->puzzle_pages + sheet->answer_pages->len;
}

static void
draw_footer (CongkakPuzzleSheet *sheet,
             cairo_t            *cr,
             guint               page)
{
  /* TRANSLATORS: at the foot of each printed page */
  g_autofree char *footer = g_strdup_printf (_("Page %d of %d"), page + 1,
                                             (int) congkak_puzzle_sheet_get_n_pages (sheet));
  g_autofree char *markup = g_markup_escape_text (footer, -1);
  g_autoptr (PangoLayout) layout = make_layout (cr, SMALL_FONT, sheet->width, markup);

  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_move_to (cr, 0, sheet->height - layout_height (layout));
  pango_cairo_show_layout (cr, layout);
}

/* One puzzle in a slot of the page: caption, source, board, answer line. */
static void
draw_puzzle (CongkakPuzzleSheet *sheet,
             cairo_t            *cr,
             guint               index,
             double              top,
             double              slot_height)
{
  CongkakPuzzle *puzzle = congkak_puzzle_set_get_puzzle (sheet->set, index);
  g_autofree char *caption = caption_markup (puzzle, index);
  g_autofree char *source = source_markup (puzzle);
  g_autofree char *answer_line = NULL;
  g_autoptr (PangoLayout) caption_layout = make_layout (cr, CAPTION_FONT, sheet->width, caption);
  g_autoptr (PangoLayout) source_layout = NULL;
  g_autoptr (PangoLayout) answer_layout = NULL;
  g_autoptr (GskRenderNode) board = NULL;
  CongkakBoardPaint paint;
  double y = top, board_height, board_width;

  answer_line = g_markup_escape_text (_("Your move: ____________"), -1);
  answer_layout = make_layout (cr, BODY_FONT, sheet->width, answer_line);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_move_to (cr, 0, y);
  pango_cairo_show_layout (cr, caption_layout);
  y += layout_height (caption_layout);
  if (source)
    {
      source_layout = make_layout (cr, SMALL_FONT, sheet->width, source);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      cairo_move_to (cr, 0, y);
      pango_cairo_show_layout (cr, source_layout);
      y += layout_height (source_layout);
    }
  y += 4;

  /* As high as the width makes it or as the slot allows; never the dark
   * wood on paper. */
  board_height = MIN (top + slot_height - y - layout_height (answer_layout) - 6,
                      congkak_board_picture_height_for_width (congkak_puzzle_get_rules (puzzle), sheet->width));
  board_width = sheet->width;
  congkak_board_paint_init (&paint, congkak_puzzle_get_rules (puzzle), congkak_puzzle_get_position (puzzle));
  paint.show_letters = sheet->options.show_letters;
  paint.show_counts = sheet->options.show_counts;
  paint.high_contrast = sheet->options.high_contrast;
  board = congkak_board_paint_to_node (&paint, board_width, MAX (board_height, 1));
  if (board)
    {
      cairo_save (cr);
      cairo_translate (cr, 0, y);
      gsk_render_node_draw (board, cr);
      cairo_restore (cr);
    }
  y += MAX (board_height, 1) + 6;

  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_move_to (cr, 0, y);
  pango_cairo_show_layout (cr, answer_layout);
}

static void
draw_puzzle_page (CongkakPuzzleSheet *sheet,
                  cairo_t            *cr,
                  guint               page)
{
  guint per_page = sheet->options.per_page;
  guint first = page * per_page;
  double top = 0, slot;

  if (page == 0)
    {
      g_autofree char *title = title_markup (sheet);
      g_autoptr (PangoLayout) layout = make_layout (cr, TITLE_FONT, sheet->width, title);

      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_move_to (cr, 0, 0);
      pango_cairo_show_layout (cr, layout);
      top = layout_height (layout) + SLOT_GAP / 2;
      if (n_puzzles (sheet) == 0)
        {
          g_autofree char *empty = g_markup_escape_text (_("This set has no puzzles."), -1);
          g_autoptr (PangoLayout) empty_layout = make_layout (cr, BODY_FONT, sheet->width, empty);

          cairo_move_to (cr, 0, top);
          pango_cairo_show_layout (cr, empty_layout);
          return;
        }
    }

  slot = (sheet->height - FOOTER_HEIGHT - top - SLOT_GAP * (per_page - 1)) / per_page;
  for (guint i = 0; i < per_page && first + i < n_puzzles (sheet); i++)
    draw_puzzle (sheet, cr, first + i, top + i * (slot + SLOT_GAP), slot);
}

static void
draw_answer_page (CongkakPuzzleSheet *sheet,
                  cairo_t            *cr,
                  guint               answer_page)
{
  guint first = g_array_index (sheet->answer_pages, guint, answer_page);
  guint end = answer_page + 1 < sheet->answer_pages->len
              ? g_array_index (sheet->answer_pages, guint, answer_page + 1) : n_puzzles (sheet);
  double y = 0;

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (answer_page == 0)
    {
      g_autofree char *heading = g_markup_escape_text (_("Answers"), -1);
      g_autoptr (PangoLayout) layout = make_layout (cr, TITLE_FONT, sheet->width, heading);

      cairo_move_to (cr, 0, 0);
      pango_cairo_show_layout (cr, layout);
      y = layout_height (layout) + SLOT_GAP;
    }
  for (guint i = first; i < end; i++)
    {
      g_autofree char *markup = answer_markup (congkak_puzzle_set_get_puzzle (sheet->set, i), i);
      g_autoptr (PangoLayout) layout = make_layout (cr, BODY_FONT, sheet->width, markup);

      cairo_move_to (cr, 0, y);
      pango_cairo_show_layout (cr, layout);
      y += layout_height (layout) + SLOT_GAP;
    }
}

/**
 * congkak_puzzle_sheet_draw_page:
 * @cr: the page, its printable area from (0, 0), in points
 * @page: from 0, below congkak_puzzle_sheet_get_n_pages()
 *
 * Draws one page of the last pagination.
 */
void
congkak_puzzle_sheet_draw_page (CongkakPuzzleSheet *sheet,
                                cairo_t            *cr,
                                guint               page)
{
  g_return_if_fail (sheet != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (page < congkak_puzzle_sheet_get_n_pages (sheet));

  cairo_save (cr);
  if (page < sheet->puzzle_pages)
    draw_puzzle_page (sheet, cr, page);
  else
    draw_answer_page (sheet, cr, page - sheet->puzzle_pages);
  draw_footer (sheet, cr, page);
  cairo_restore (cr);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/**
 * congkak_puzzle_sheet_render_pdf:
 *
 * Returns: (transfer full): the sheet as a PDF of A4 pages, or %NULL with
 *   @error set
 */
GBytes *
congkak_puzzle_sheet_render_pdf (CongkakPuzzleSheet  *sheet,
                                 GError             **error)
{
  g_autoptr (GByteArray) data = g_byte_array_new ();
  const char *title;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  guint pages;

  g_return_val_if_fail (sheet != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  surface = cairo_pdf_surface_create_for_stream (append_bytes, data, CONGKAK_PUZZLE_SHEET_A4_WIDTH,
                                                 CONGKAK_PUZZLE_SHEET_A4_HEIGHT);
  title = congkak_puzzle_set_get_title (sheet->set);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, *title ? title : _("Puzzles"));
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Congkak");
  cr = cairo_create (surface);
  pages = congkak_puzzle_sheet_paginate (sheet, cr, CONGKAK_PUZZLE_SHEET_A4_WIDTH - 2 * PDF_MARGIN,
                                         CONGKAK_PUZZLE_SHEET_A4_HEIGHT - 2 * PDF_MARGIN);
  for (guint page = 0; page < pages; page++)
    {
      cairo_save (cr);
      cairo_translate (cr, PDF_MARGIN, PDF_MARGIN);
      congkak_puzzle_sheet_draw_page (sheet, cr, page);
      cairo_restore (cr);
      cairo_show_page (cr);
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not draw the puzzle sheet: %s"), cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

/**
 * congkak_puzzle_sheet_save_pdf:
 *
 * Writes the PDF to @file, whole or not at all
 * (congkak_file_replace_contents()).
 */
gboolean
congkak_puzzle_sheet_save_pdf (CongkakPuzzleSheet  *sheet,
                               GFile               *file,
                               GError             **error)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (sheet != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  bytes = congkak_puzzle_sheet_render_pdf (sheet, error);
  if (bytes == NULL)
    return FALSE;
  return congkak_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                        CONGKAK_SAVE_NONE, NULL, error);
}
