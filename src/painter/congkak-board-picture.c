/* congkak-board-picture.c — a position of a match as a PNG or SVG picture
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For worksheets: the board painter's render node drawn with cairo onto an
 * image or SVG surface.  No display is needed, so congkak-cli uses this
 * too.  A picture is written whole or not at all.
 */

#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>

#include "congkak-board-painter.h"
#include "congkak-board-picture.h"

/**
 * congkak_picture_options_init:
 *
 * The defaults: hole letters and seed counts, no arrows, the light wood
 * in colour.
 */
void
congkak_picture_options_init (CongkakPictureOptions *options)
{
  g_return_if_fail (options != NULL);

  options->show_letters = TRUE;
  options->show_counts = TRUE;
  options->arrows = FALSE;
  options->dark = FALSE;
  options->high_contrast = FALSE;
}

const char *
congkak_picture_format_extension (CongkakPictureFormat format)
{
  return format == CONGKAK_PICTURE_SVG ? "svg" : "png";
}

/**
 * congkak_board_picture_height_for_width:
 *
 * Returns: the height of a picture @width wide that the board fills.
 */
int
congkak_board_picture_height_for_width (const CongkakRules *rules,
                                        int                 width)
{
  double w, h;

  g_return_val_if_fail (rules != NULL, 0);

  congkak_board_get_size_in_units (rules, &w, &h);
  /* The painter keeps a margin of 3 % of the shorter side. */
  return MAX (1, (int) ceil (width * h / w * 1.07));
}

/**
 * congkak_board_picture_render_node:
 *
 * Returns: (transfer full) (nullable): the board after @node's move, fitted
 *   into @width × @height
 */
GskRenderNode *
congkak_board_picture_render_node (CongkakMatch                *match,
                                   CongkakNode                 *node,
                                   const CongkakPictureOptions *options,
                                   double                       width,
                                   double                       height)
{
  const CongkakGame *game;
  CongkakPosition position;
  g_autoptr (GArray) events = NULL;
  CongkakBoardPaint paint;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (CONGKAK_IS_NODE (node), NULL);
  g_return_val_if_fail (options != NULL, NULL);

  game = congkak_match_get_game_at (match, node);
  position = congkak_game_get_state (game)->position;
  congkak_board_paint_init (&paint, congkak_match_get_rules (match), &position);
  paint.show_letters = options->show_letters;
  paint.show_counts = options->show_counts;
  paint.dark = options->dark;
  paint.high_contrast = options->high_contrast;
  if (options->arrows)
    {
      events = congkak_match_dup_move_events (match, node);
      congkak_board_paint_set_last_move (&paint, events);
    }
  return congkak_board_paint_to_node (&paint, width, height);
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
 * congkak_board_picture_render:
 * @width: the picture's width in pixels
 * @height: its height; the board is centred in it
 *
 * Returns: (transfer full): the picture's file contents, or %NULL with
 *   @error set
 */
GBytes *
congkak_board_picture_render (CongkakMatch                *match,
                              CongkakNode                 *node,
                              const CongkakPictureOptions *options,
                              CongkakPictureFormat         format,
                              int                          width,
                              int                          height,
                              GError                     **error)
{
  g_autoptr (GskRenderNode) board = NULL;
  g_autoptr (GByteArray) data = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (CONGKAK_IS_NODE (node), NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (width < CONGKAK_PICTURE_MIN_SIZE || width > CONGKAK_PICTURE_MAX_SIZE
      || height < CONGKAK_PICTURE_MIN_SIZE || height > CONGKAK_PICTURE_MAX_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A picture is %d to %d pixels wide and high, not %d × %d."),
                   CONGKAK_PICTURE_MIN_SIZE, CONGKAK_PICTURE_MAX_SIZE, width, height);
      return NULL;
    }

  board = congkak_board_picture_render_node (match, node, options, width, height);
  if (format == CONGKAK_PICTURE_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (append_bytes, data, width, height);
      /* Sizes in pixels, as asked, not in points. */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
    }
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  cr = cairo_create (surface);
  if (board)
    gsk_render_node_draw (board, cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS)
    {
      if (format == CONGKAK_PICTURE_SVG)
        cairo_surface_finish (surface);
      else
        cairo_surface_write_to_png_stream (surface, append_bytes, data);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not draw the picture: %s"), cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

/**
 * congkak_board_picture_save:
 *
 * Writes the picture to @file, whole or not at all: the data goes to a
 * temporary file first, which then replaces @file.
 */
gboolean
congkak_board_picture_save (CongkakMatch                *match,
                            CongkakNode                 *node,
                            const CongkakPictureOptions *options,
                            CongkakPictureFormat         format,
                            int                          width,
                            int                          height,
                            GFile                       *file,
                            GError                     **error)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  bytes = congkak_board_picture_render (match, node, options, format, width, height, error);
  if (bytes == NULL)
    return FALSE;

  /* GIO writes a new file in place; a temporary file renamed over the
   * name, as g_file_set_contents() does, never shows half a picture. */
  if (g_file_peek_path (file) != NULL)
    return g_file_set_contents_full (g_file_peek_path (file), g_bytes_get_data (bytes, NULL),
                                     g_bytes_get_size (bytes), G_FILE_SET_CONTENTS_CONSISTENT,
                                     0666, error);
  return g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, error);
}
