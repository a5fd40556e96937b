/* congkak-board-painter.h — the carved board, painted for a given position
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-engine.h"

G_BEGIN_DECLS

/* Where the board lies in a drawing area, in pixels. */
typedef struct
{
  guint    holes;
  gboolean clockwise;
  gboolean portrait;   /* turned a quarter anticlockwise: South's row runs down the right */
  double   scale;      /* pixels per board unit (one hole pitch) */
  double   center_x;
  double   center_y;
  double   compact;    /* 0: the traditional long ends; up to 1: short ends, narrow stores */
} CongkakBoardGeometry;

/* The seeds in a player's hand, on their way from one place to the next. */
typedef struct
{
  gboolean     visible;
  CongkakPlace from;
  CongkakPlace to;
  guint        count;
  double       progress;   /* 0 at @from, 1 at @to */
} CongkakBoardHand;

/* Everything that decides how the board looks: the widget, exported
 * pictures and printed diagrams all fill one of these. */
typedef struct
{
  const CongkakRules    *rules;
  const CongkakPosition *position;
  CongkakSide            mover;          /* whose row and store are lit, or CONGKAK_NOBODY */
  guint16                legal[2];       /* holes ringed as playable, bit i = hole i */
  guint16                path[2];        /* holes that received seeds in the last move */
  gboolean               path_store[2];
  CongkakSide            hint_side;      /* a hint's best hole (a halo and a thick ring), or CONGKAK_NOBODY */
  guint                  hint_hole;
  gboolean               focus_visible;  /* the keyboard focus is on @focus (a rounded square around it) */
  CongkakPlace           focus;
  GArray                *arrows;         /* (nullable) the last move's events, drawn as arrows */
  CongkakBoardHand       hands[2];
  gboolean               show_counts;
  gboolean               show_letters;
  CongkakSide            tally_side;     /* whose holes carry a class's answers, or CONGKAK_NOBODY */
  guint                  tally[CONGKAK_MAX_HOLES];  /* how many chose each hole of @tally_side */
  gboolean               tally_counts;   /* the counts above; else only @tally_answer is marked */
  int                    tally_answer;   /* the hole of @tally_side a student chose (a tick), or -1 */
  gboolean               dark;
  gboolean               high_contrast;
  GdkRGBA                accent;
  PangoContext          *pango_context;  /* (nullable) one of the painter's own when unset */
} CongkakBoardPaint;

void             congkak_board_get_size_in_units    (const CongkakRules         *rules,
                                                     double                     *width,
                                                     double                     *height);
void             congkak_board_geometry_init        (CongkakBoardGeometry       *geometry,
                                                     const CongkakRules         *rules,
                                                     double                      width,
                                                     double                      height,
                                                     double                      padding,
                                                     gboolean                    portrait);
double           congkak_board_geometry_init_filling (CongkakBoardGeometry      *geometry,
                                                     const CongkakRules         *rules,
                                                     double                      width,
                                                     double                      height,
                                                     double                      padding,
                                                     gboolean                    portrait);
int              congkak_board_geometry_column      (const CongkakBoardGeometry *geometry,
                                                     CongkakSide                 side,
                                                     guint                       hole);
graphene_point_t congkak_board_geometry_place_point (const CongkakBoardGeometry *geometry,
                                                     CongkakPlace                place);
double           congkak_board_geometry_hole_radius (const CongkakBoardGeometry *geometry);
void             congkak_board_geometry_store_bounds (const CongkakBoardGeometry *geometry,
                                                      CongkakSide                 side,
                                                      graphene_rect_t            *bounds);

void             congkak_board_paint_init           (CongkakBoardPaint          *paint,
                                                     const CongkakRules         *rules,
                                                     const CongkakPosition      *position);
void             congkak_board_paint_set_last_move  (CongkakBoardPaint          *paint,
                                                     GArray                     *events);
void             congkak_board_paint                (GtkSnapshot                *snapshot,
                                                     const CongkakBoardPaint    *paint,
                                                     const CongkakBoardGeometry *geometry);
GskRenderNode   *congkak_board_paint_to_node        (const CongkakBoardPaint    *paint,
                                                     double                      width,
                                                     double                      height);
gboolean         congkak_board_painter_check_headless (GskRenderNode            *node,
                                                       GError                  **error);

G_END_DECLS
