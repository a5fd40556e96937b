/* congkak-board-picture.h — a position of a match as a PNG or SVG picture
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-match.h"

G_BEGIN_DECLS

/* Sides of a picture, in pixels. */
#define CONGKAK_PICTURE_MIN_SIZE 16
#define CONGKAK_PICTURE_MAX_SIZE 8192
#define CONGKAK_PICTURE_DEFAULT_WIDTH 1200

typedef enum
{
  CONGKAK_PICTURE_PNG,
  CONGKAK_PICTURE_SVG,
} CongkakPictureFormat;

typedef struct
{
  gboolean show_letters;
  gboolean show_counts;
  gboolean arrows;          /* the last move, as arrows */
  gboolean dark;
  gboolean high_contrast;   /* flat outlines: clear on paper, and saves ink */
} CongkakPictureOptions;

void           congkak_picture_options_init         (CongkakPictureOptions       *options);
const char    *congkak_picture_format_extension     (CongkakPictureFormat         format);
int            congkak_board_picture_height_for_width (const CongkakRules        *rules,
                                                     int                          width);
GskRenderNode *congkak_board_picture_render_node    (CongkakMatch                *match,
                                                     CongkakNode                 *node,
                                                     const CongkakPictureOptions *options,
                                                     double                       width,
                                                     double                       height);
GBytes        *congkak_board_picture_render         (CongkakMatch                *match,
                                                     CongkakNode                 *node,
                                                     const CongkakPictureOptions *options,
                                                     CongkakPictureFormat         format,
                                                     int                          width,
                                                     int                          height,
                                                     GError                     **error);
gboolean       congkak_board_picture_save           (CongkakMatch                *match,
                                                     CongkakNode                 *node,
                                                     const CongkakPictureOptions *options,
                                                     CongkakPictureFormat         format,
                                                     int                          width,
                                                     int                          height,
                                                     GFile                       *file,
                                                     GError                     **error);

G_END_DECLS
