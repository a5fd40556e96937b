/* congkak-board-painter.c — the carved board, painted for a given position
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one painter of the board: the widget, exported pictures, printed
 * diagrams and congkak-cli all draw through congkak_board_paint().  It
 * works in "board units" (one hole pitch), scaled to the drawing area, so
 * the board looks the same at 360 px, on a 4K projector and on paper.
 *
 * It needs no display: the render node can be drawn with cairo onto an
 * image, SVG or PDF surface, and text is laid out with a Pango context of
 * its own when the caller has none.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "congkak-board-painter.h"

#define HOLE_RADIUS      0.42
#define ROW_Y            0.64
#define STORE_RX         0.74
#define STORE_RY         1.22
#define HALF_HEIGHT      1.55
#define MAX_DRAWN_SEEDS  48
#define MAX_DRAWN_STORE  140

/* Geometry */

/* From the middle of the board to the tip of an end, along the rows;
 * compact boards have shorter ends (and narrower stores in them), to
 * give the holes more room when the space is short along the rows. */
#define ENDS             2.75
#define COMPACT_ENDS     0.8

static double
half_width (guint  holes,
            double compact)
{
  return (holes - 1) / 2.0 + ENDS - COMPACT_ENDS * compact;
}

/* The centre of a store, from the middle of the board. */
static double
store_x (const CongkakBoardGeometry *geometry)
{
  return (geometry->holes - 1) / 2.0 + 1.35 - 0.22 * geometry->compact;
}

/* A store's half length along the rows, and half width across them. */
static double
store_rx (const CongkakBoardGeometry *geometry)
{
  return STORE_RX - 0.22 * geometry->compact;
}

static double
store_ry (const CongkakBoardGeometry *geometry)
{
  return STORE_RY - 0.1 * geometry->compact;
}

/**
 * congkak_board_get_size_in_units:
 *
 * The board's size, landscape, in board units (one hole pitch): its
 * aspect ratio for a picture of it.
 */
void
congkak_board_get_size_in_units (const CongkakRules *rules,
                                 double             *width,
                                 double             *height)
{
  g_return_if_fail (rules != NULL);

  if (width)
    *width = 2 * half_width (rules->holes, 0);
  if (height)
    *height = 2 * HALF_HEIGHT;
}

/**
 * congkak_board_geometry_init:
 * @padding: the least margin around the board, in pixels
 * @portrait: whether to turn the board a quarter, for tall narrow spaces
 *
 * Fits the board into a @width × @height area, centred.
 */
void
congkak_board_geometry_init (CongkakBoardGeometry *geometry,
                             const CongkakRules   *rules,
                             double                width,
                             double                height,
                             double                padding,
                             gboolean              portrait)
{
  double w, h;

  g_return_if_fail (geometry != NULL);
  g_return_if_fail (rules != NULL);

  congkak_board_get_size_in_units (rules, &w, &h);
  geometry->holes = rules->holes;
  geometry->clockwise = rules->direction == CONGKAK_DIRECTION_CLOCKWISE;
  geometry->portrait = !!portrait;
  geometry->compact = 0;
  if (portrait)
    geometry->scale = MAX (0, MIN ((width - 2 * padding) / h, (height - 2 * padding) / w));
  else
    geometry->scale = MAX (0, MIN ((width - 2 * padding) / w, (height - 2 * padding) / h));
  geometry->center_x = width / 2.0;
  geometry->center_y = height / 2.0;
}

/**
 * congkak_board_geometry_init_filling:
 * @padding: the least margin around the board, in pixels
 * @portrait: whether to turn the board a quarter
 *
 * Fits the board into a @width × @height area as
 * congkak_board_geometry_init() does, but where the area is short along
 * the rows and has room across them, shortens the board's ends (and its
 * stores) as far as that makes the holes bigger: as the area's shape
 * changes, the board changes smoothly, never by a jump.
 *
 * Returns: the scale, pixels per hole pitch
 */
double
congkak_board_geometry_init_filling (CongkakBoardGeometry *geometry,
                                     const CongkakRules   *rules,
                                     double                width,
                                     double                height,
                                     double                padding,
                                     gboolean              portrait)
{
  double along, across, length;

  g_return_val_if_fail (geometry != NULL, 0);
  g_return_val_if_fail (rules != NULL, 0);

  congkak_board_geometry_init (geometry, rules, width, height, padding, portrait);
  along = MAX (0, (portrait ? height : width) - 2 * padding);
  across = MAX (0, (portrait ? width : height) - 2 * padding);
  if (along <= 0 || across <= 0)
    return geometry->scale;

  /* The length that would fill the area at the scale its width across
   * allows; the ends shorten towards it, so far and no further. */
  length = along * (2 * HALF_HEIGHT) / across;
  geometry->compact = CLAMP ((2 * half_width (rules->holes, 0) - length) / (2 * COMPACT_ENDS), 0, 1);
  geometry->scale = MIN (along / (2 * half_width (rules->holes, geometry->compact)), across / (2 * HALF_HEIGHT));
  return geometry->scale;
}

/**
 * congkak_board_geometry_column:
 *
 * Returns: the column of a hole, 0 at the left end of the (landscape) board.
 */
int
congkak_board_geometry_column (const CongkakBoardGeometry *geometry,
                               CongkakSide                 side,
                               guint                       hole)
{
  guint n = geometry->holes;

  /* RULES.md 1: clockwise games have each store on its owner's left, so
   * South's A is at the right end and North's a at the left end. */
  if (side == CONGKAK_SOUTH)
    return geometry->clockwise ? (int) (n - 1 - hole) : (int) hole;
  return geometry->clockwise ? (int) hole : (int) (n - 1 - hole);
}

/* Centre of a place, in board units. */
static graphene_point_t
place_units (const CongkakBoardGeometry *geometry,
             CongkakPlace                place)
{
  if (place.index == CONGKAK_STORE)
    {
      /* South's store is on the left in clockwise games. */
      gboolean left = (place.side == CONGKAK_SOUTH) == geometry->clockwise;

      return GRAPHENE_POINT_INIT (left ? -store_x (geometry) : store_x (geometry), 0);
    }

  return GRAPHENE_POINT_INIT (congkak_board_geometry_column (geometry, place.side, place.index)
                              - (geometry->holes - 1) / 2.0,
                              place.side == CONGKAK_SOUTH ? ROW_Y : -ROW_Y);
}

/* Board units to pixels.  In portrait the board is turned a quarter
 * anticlockwise: South's row runs down the right-hand side. */
static graphene_point_t
to_pixels (const CongkakBoardGeometry *geometry,
           graphene_point_t            point)
{
  if (geometry->portrait)
    return GRAPHENE_POINT_INIT (geometry->center_x + point.y * geometry->scale,
                                geometry->center_y - point.x * geometry->scale);
  return GRAPHENE_POINT_INIT (geometry->center_x + point.x * geometry->scale,
                              geometry->center_y + point.y * geometry->scale);
}

/**
 * congkak_board_geometry_place_point:
 *
 * Returns: the centre of a hole or store, in pixels.
 */
graphene_point_t
congkak_board_geometry_place_point (const CongkakBoardGeometry *geometry,
                                    CongkakPlace                place)
{
  return to_pixels (geometry, place_units (geometry, place));
}

double
congkak_board_geometry_hole_radius (const CongkakBoardGeometry *geometry)
{
  return HOLE_RADIUS * geometry->scale;
}

/**
 * congkak_board_geometry_store_bounds:
 * @bounds: (out): the rectangle around @side's store, in pixels
 */
void
congkak_board_geometry_store_bounds (const CongkakBoardGeometry *geometry,
                                     CongkakSide                 side,
                                     graphene_rect_t            *bounds)
{
  graphene_point_t center = congkak_board_geometry_place_point (geometry, (CongkakPlace) { side, CONGKAK_STORE });
  double rx = (geometry->portrait ? store_ry (geometry) : store_rx (geometry)) * geometry->scale;
  double ry = (geometry->portrait ? store_rx (geometry) : store_ry (geometry)) * geometry->scale;

  graphene_rect_init (bounds, center.x - rx, center.y - ry, 2 * rx, 2 * ry);
}

/* Into board units around the centre, turned as the board is. */
static void
push_board_transform (const CongkakBoardGeometry *geometry,
                      GtkSnapshot                *snapshot)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (geometry->center_x, geometry->center_y));
  if (geometry->portrait)
    gtk_snapshot_rotate (snapshot, -90);
  gtk_snapshot_scale (snapshot, geometry->scale, geometry->scale);
}

/* Colours */

typedef struct
{
  GdkRGBA wood_top, wood_bottom, rim, grain;
  GdkRGBA hole_inner, hole_outer, burnt, burnt_mark;
  GdkRGBA seed, seed_edge, seed_slit;
  GdkRGBA accent, text, badge, badge_text, glow, path, turn;
  GdkRGBA hint, hint_edge, focus, focus_edge, hand, hand_edge;
  GdkRGBA arrow[2], arrow_halo;
  gboolean high_contrast;
} Palette;

static void
rgba (GdkRGBA    *color,
      const char *spec)
{
  gdk_rgba_parse (color, spec);
}

static void
make_palette (const CongkakBoardPaint *paint,
              Palette                 *palette)
{
  gboolean dark = paint->dark;

  palette->high_contrast = paint->high_contrast;
  palette->accent = paint->accent;

  if (palette->high_contrast)
    {
      rgba (&palette->wood_top, dark ? "#2a2a2a" : "#f2e6d0");
      palette->wood_bottom = palette->wood_top;
      rgba (&palette->rim, dark ? "#ffffff" : "#000000");
      rgba (&palette->grain, "rgba(0,0,0,0)");
      rgba (&palette->hole_inner, dark ? "#000000" : "#ffffff");
      palette->hole_outer = palette->hole_inner;
      rgba (&palette->burnt, dark ? "#555555" : "#999999");
      rgba (&palette->burnt_mark, dark ? "#ffffff" : "#000000");
      rgba (&palette->seed, dark ? "#ffffff" : "#000000");
      palette->seed_edge = palette->seed;
      rgba (&palette->seed_slit, dark ? "#000000" : "#ffffff");
      rgba (&palette->text, dark ? "#ffffff" : "#000000");
      rgba (&palette->badge, dark ? "#ffffff" : "#000000");
      rgba (&palette->badge_text, dark ? "#000000" : "#ffffff");
      palette->glow = palette->accent;
      palette->glow.alpha = 0.35;
      palette->path = palette->rim;
      palette->path.alpha = 0.5;
      palette->turn = palette->rim;
      palette->hint = palette->text;
      palette->hint_edge = palette->hole_inner;
      palette->focus = palette->text;
      palette->focus_edge = palette->hole_inner;
      palette->hand = palette->badge;
      palette->hand_edge = palette->hole_inner;
      palette->arrow[CONGKAK_SOUTH] = palette->rim;
      palette->arrow[CONGKAK_NORTH] = palette->rim;
      palette->arrow_halo = palette->hole_inner;
      return;
    }

  rgba (&palette->wood_top, dark ? "#7b4c2a" : "#d9a066");
  rgba (&palette->wood_bottom, dark ? "#4d2d17" : "#a8683a");
  rgba (&palette->rim, dark ? "#2e1a0d" : "#6f4323");
  rgba (&palette->grain, dark ? "rgba(20,10,4,0.22)" : "rgba(110,60,25,0.20)");
  rgba (&palette->hole_inner, dark ? "#24140a" : "#6a3d1e");
  rgba (&palette->hole_outer, dark ? "#3c2413" : "#8d5630");
  rgba (&palette->burnt, "#1d1714");
  rgba (&palette->burnt_mark, dark ? "rgba(255,190,150,0.55)" : "rgba(255,200,160,0.7)");
  rgba (&palette->seed, dark ? "#e8dcc0" : "#f7efdc");
  rgba (&palette->seed_edge, dark ? "#9d8a66" : "#b59d72");
  rgba (&palette->seed_slit, "#5b4628");
  rgba (&palette->text, dark ? "rgba(255,236,214,0.85)" : "rgba(58,30,10,0.85)");
  rgba (&palette->badge, "rgba(30,18,8,0.78)");
  rgba (&palette->badge_text, "#fff6ea");
  palette->glow = palette->accent;
  palette->glow.alpha = dark ? 0.22 : 0.18;
  /* Light enough to show in greyscale, against the wood's dark rim. */
  rgba (&palette->path, dark ? "rgba(255,230,190,0.30)" : "rgba(255,250,235,0.50)");
  /* Outlines that mark the turn and edge the accent: dark on light wood,
   * light on dark wood, so they show whatever the accent colour is. */
  rgba (&palette->turn, dark ? "rgba(255,240,220,0.85)" : "rgba(50,24,8,0.8)");
  /* The hint: a yellow brighter than either wood, edged dark so that it
   * stands out from the light wood too (and in greyscale, by lightness). */
  rgba (&palette->hint, dark ? "#f8e45c" : "#ffe94d");
  rgba (&palette->hint_edge, "rgba(40,18,4,0.9)");
  /* The keyboard focus: the window's text colour on a band of its
   * background, as GNOME draws focus, neither accent nor wood. */
  rgba (&palette->focus, dark ? "#ffffff" : "#1e1e1e");
  rgba (&palette->focus_edge, dark ? "rgba(0,0,0,0.85)" : "rgba(255,255,255,0.92)");
  /* The seeds in hand float over holes and stores as dark as their disc:
   * the disc hides what is under it, and a light rim keeps it apart. */
  rgba (&palette->hand, "#24160a");
  rgba (&palette->hand_edge, dark ? "rgba(255,236,214,0.9)" : "rgba(255,248,236,0.9)");
  /* South's and North's arrows: blue and purple, each on a light halo so
   * that they read over seeds and dark holes alike. */
  rgba (&palette->arrow[CONGKAK_SOUTH], dark ? "#99c1f1" : "#1a5fb4");
  rgba (&palette->arrow[CONGKAK_NORTH], dark ? "#dc8add" : "#813d9c");
  rgba (&palette->arrow_halo, dark ? "rgba(20,10,4,0.75)" : "rgba(255,250,240,0.8)");
}

/* What one painting needs along the way. */
typedef struct
{
  const CongkakBoardPaint    *paint;
  const CongkakBoardGeometry *geometry;
  Palette                     palette;
  PangoContext               *pango;
} Painter;

/* Drawing helpers */

/* The dashed outline of the mover's row and store, in units scaled by
 * @unit: a cue that survives greyscale and colour blindness. */
static void
append_turn_outline (GtkSnapshot   *snapshot,
                     GskPath       *path,
                     double         unit,
                     const Palette *palette)
{
  g_autoptr (GskStroke) stroke = gsk_stroke_new (0.045 * unit);
  float dash[2] = { 0.16 * unit, 0.1 * unit };

  gsk_stroke_set_dash (stroke, dash, 2);
  gsk_stroke_set_line_cap (stroke, GSK_LINE_CAP_ROUND);
  gtk_snapshot_append_stroke (snapshot, path, stroke, &palette->turn);
}

static void
fill_circle (GtkSnapshot            *snapshot,
             const graphene_point_t *center,
             double                  radius,
             const GdkRGBA          *color)
{
  g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
  g_autoptr (GskPath) path = NULL;

  gsk_path_builder_add_circle (builder, center, radius);
  path = gsk_path_builder_to_path (builder);
  gtk_snapshot_append_fill (snapshot, path, GSK_FILL_RULE_WINDING, color);
}

static void
stroke_circle (GtkSnapshot            *snapshot,
               const graphene_point_t *center,
               double                  radius,
               double                  width,
               const GdkRGBA          *color)
{
  g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
  g_autoptr (GskPath) path = NULL;
  g_autoptr (GskStroke) stroke = gsk_stroke_new (width);

  gsk_path_builder_add_circle (builder, center, radius);
  path = gsk_path_builder_to_path (builder);
  gtk_snapshot_append_stroke (snapshot, path, stroke, color);
}

/* An ellipse: a unit circle under a scale. */
static void
fill_ellipse (GtkSnapshot            *snapshot,
              const graphene_point_t *center,
              double                  rx,
              double                  ry,
              const GdkRGBA          *color)
{
  static const graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, center);
  gtk_snapshot_scale (snapshot, rx, ry);
  fill_circle (snapshot, &origin, 1.0, color);
  gtk_snapshot_restore (snapshot);
}

static void
draw_text (Painter                *painter,
           GtkSnapshot            *snapshot,
           const char             *text,
           const graphene_point_t *center,
           double                  size,
           gboolean                bold,
           const GdkRGBA          *color,
           const GdkRGBA          *badge)
{
  g_autoptr (PangoLayout) layout = pango_layout_new (painter->pango);
  PangoFontDescription *font = pango_font_description_new ();
  int width, height;

  pango_layout_set_text (layout, text, -1);
  pango_font_description_set_family (font, "Cantarell, Sans");
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size (font, MAX (size, 1.0) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &width, &height);

  if (badge)
    {
      double pad = size * 0.25;
      GskRoundedRect pill;

      gsk_rounded_rect_init_from_rect (&pill,
                                       &GRAPHENE_RECT_INIT (center->x - width / 2.0 - pad,
                                                            center->y - height / 2.0,
                                                            width + 2 * pad, height),
                                       height / 2.0);
      gtk_snapshot_push_rounded_clip (snapshot, &pill);
      gtk_snapshot_append_color (snapshot, badge, &pill.bounds);
      gtk_snapshot_pop (snapshot);
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (center->x - width / 2.0, center->y - height / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

/* A small deterministic hash, so seeds lie the same way on every frame. */
static double
jitter (guint a,
        guint b)
{
  guint h = a * 2654435761u ^ (b + 0x9e3779b9u) * 40503u;

  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  return (h & 0xffff) / 65535.0;
}

/* One cowrie-like seed: an oval with a dark slit along it. */
static void
draw_seed (GtkSnapshot            *snapshot,
           const graphene_point_t *center,
           double                  length,
           double                  angle,
           const Palette          *palette)
{
  static const graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  graphene_rect_t slit = GRAPHENE_RECT_INIT (-0.34, -0.045, 0.68, 0.09);
  GskRoundedRect rounded;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, center);
  gtk_snapshot_rotate (snapshot, angle);
  gtk_snapshot_scale (snapshot, length, length);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_scale (snapshot, 0.5, 0.33);
  fill_circle (snapshot, &origin, 1.0, &palette->seed_edge);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_scale (snapshot, 0.45, 0.28);
  fill_circle (snapshot, &origin, 1.0, &palette->seed);
  gtk_snapshot_restore (snapshot);

  gsk_rounded_rect_init_from_rect (&rounded, &slit, 0.045);
  gtk_snapshot_push_rounded_clip (snapshot, &rounded);
  gtk_snapshot_append_color (snapshot, &palette->seed_slit, &slit);
  gtk_snapshot_pop (snapshot);

  gtk_snapshot_restore (snapshot);
}

/* Seeds spread on a sunflower spiral inside an ellipse of radii rx, ry
 * (pixels): even, round and readable up to about thirty. */
static void
draw_seeds (GtkSnapshot            *snapshot,
            const graphene_point_t *center,
            double                  rx,
            double                  ry,
            guint                   count,
            guint                   salt,
            guint                   limit,
            const Palette          *palette)
{
  guint drawn = MIN (count, limit);
  double radius = MIN (rx, ry);
  double length;

  if (drawn == 0)
    return;

  length = radius * CLAMP (1.25 / sqrt (drawn + 1.5), 0.2, 0.7);
  if (rx > ry * 1.2)
    length = ry * CLAMP (2.2 / sqrt (drawn + 3.0), 0.2, 0.62);

  for (guint k = 0; k < drawn; k++)
    {
      double spread = drawn == 1 ? 0 : sqrt ((k + 0.5) / drawn);
      double angle = k * 2.399963 + salt * 0.7;
      graphene_point_t point = GRAPHENE_POINT_INIT (center->x + cos (angle) * spread * (rx - length * 0.5),
                                                    center->y + sin (angle) * spread * (ry - length * 0.5));

      draw_seed (snapshot, &point, length, jitter (salt, k) * 180.0, palette);
    }
}

/* The traditional carving: long, gently bellied sides that sweep into
 * pointed ends like a boat's bow and stern. */
static void
append_boat (GskPathBuilder *builder,
             double          w,
             double          h,
             double          compact)
{
  /* Compact ends are blunter: the store in them still fits. */
  double k = 1 - 0.4 * compact;
  double a = 0.25 * k, b = 0.9 * k, c = 2.2 * k;
  double bulge = 0.45 + 0.2 * compact;

  gsk_path_builder_move_to (builder, -w, 0);
  gsk_path_builder_cubic_to (builder, -w + a, -h * bulge, -w + b, -h, -w + c, -h);
  gsk_path_builder_cubic_to (builder, -w / 3, -h * 1.04, w / 3, -h * 1.04, w - c, -h);
  gsk_path_builder_cubic_to (builder, w - b, -h, w - a, -h * bulge, w, 0);
  gsk_path_builder_cubic_to (builder, w - a, h * bulge, w - b, h, w - c, h);
  gsk_path_builder_cubic_to (builder, w / 3, h * 1.04, -w / 3, h * 1.04, -w + c, h);
  gsk_path_builder_cubic_to (builder, -w + b, h, -w + a, h * bulge, -w, 0);
  gsk_path_builder_close (builder);
}


static void
draw_board (Painter     *painter,
            GtkSnapshot *snapshot)
{
  const Palette *palette = &painter->palette;
  g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
  g_autoptr (GskPath) boat = NULL;
  g_autoptr (GskStroke) rim = NULL;
  double w = half_width (painter->geometry->holes, painter->geometry->compact);
  double h = HALF_HEIGHT;

  push_board_transform (painter->geometry, snapshot);

  append_boat (builder, w, h, painter->geometry->compact);
  boat = gsk_path_builder_to_path (builder);

  gtk_snapshot_push_fill (snapshot, boat, GSK_FILL_RULE_WINDING);
  gtk_snapshot_append_linear_gradient (snapshot,
                                       &GRAPHENE_RECT_INIT (-w, -h, 2 * w, 2 * h),
                                       &GRAPHENE_POINT_INIT (0, -h),
                                       &GRAPHENE_POINT_INIT (0, h),
                                       (GskColorStop[]) {
                                         { 0.0, palette->wood_top },
                                         { 1.0, palette->wood_bottom },
                                       }, 2);

  /* A few long grain lines, the same on every frame. */
  for (guint i = 0; i < 7 && !palette->high_contrast; i++)
    {
      g_autoptr (GskPathBuilder) grain = gsk_path_builder_new ();
      g_autoptr (GskPath) line = NULL;
      g_autoptr (GskStroke) stroke = gsk_stroke_new (0.025 + 0.02 * jitter (i, 7));
      double y = -h + (i + 0.5) * (2 * h / 7.0);
      double bend = (jitter (i, 3) - 0.5) * 0.5;

      gsk_path_builder_move_to (grain, -w, y);
      gsk_path_builder_cubic_to (grain, -w / 3, y + bend, w / 3, y - bend, w, y + bend * 0.5);
      line = gsk_path_builder_to_path (grain);
      gtk_snapshot_append_stroke (snapshot, line, stroke, &palette->grain);
    }
  gtk_snapshot_pop (snapshot);

  rim = gsk_stroke_new (palette->high_contrast ? 0.05 : 0.07);
  gtk_snapshot_append_stroke (snapshot, boat, rim, &palette->rim);

  gtk_snapshot_restore (snapshot);
}

static void
draw_pit (GtkSnapshot            *snapshot,
          const graphene_point_t *center,
          double                  rx,
          double                  ry,
          const Palette          *palette)
{
  if (palette->high_contrast)
    {
      fill_ellipse (snapshot, center, rx, ry, &palette->hole_inner);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, center);
      gtk_snapshot_scale (snapshot, rx, ry);
      stroke_circle (snapshot, &GRAPHENE_POINT_INIT (0, 0), 1.0, 2.0 / MAX (rx, ry), &palette->rim);
      gtk_snapshot_restore (snapshot);
      return;
    }

  /* A carved hollow: dark in the middle, a lighter lip, a shadow above. */
  fill_ellipse (snapshot, center, rx * 1.06, ry * 1.06, &palette->rim);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, center);
  gtk_snapshot_scale (snapshot, rx, ry);
  {
    g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
    g_autoptr (GskPath) path = NULL;

    gsk_path_builder_add_circle (builder, &GRAPHENE_POINT_INIT (0, 0), 1.0);
    path = gsk_path_builder_to_path (builder);
    gtk_snapshot_push_fill (snapshot, path, GSK_FILL_RULE_WINDING);
    gtk_snapshot_append_radial_gradient (snapshot,
                                         &GRAPHENE_RECT_INIT (-1, -1, 2, 2),
                                         &GRAPHENE_POINT_INIT (0, 0.18),
                                         1.0, 1.0, 0.0, 1.0,
                                         (GskColorStop[]) {
                                           { 0.0, palette->hole_inner },
                                           { 0.75, palette->hole_inner },
                                           { 1.0, palette->hole_outer },
                                         }, 3);
    gtk_snapshot_pop (snapshot);
  }
  gtk_snapshot_restore (snapshot);
}

/* The hint, under the holes: a bright halo around the suggested hole
 * that its neighbours' pits cut, so it lights the hole up from afar.
 * High contrast keeps to flat outlines: draw_hint_ring() alone. */
static void
draw_hint_halo (Painter     *painter,
                GtkSnapshot *snapshot)
{
  const CongkakBoardPaint *paint = painter->paint;
  const Palette *palette = &painter->palette;
  graphene_point_t center;
  double r = HOLE_RADIUS * painter->geometry->scale * 1.75;
  GdkRGBA clear;
  g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
  g_autoptr (GskPath) path = NULL;

  if ((paint->hint_side != CONGKAK_SOUTH && paint->hint_side != CONGKAK_NORTH) || palette->high_contrast)
    return;

  center = congkak_board_geometry_place_point (painter->geometry, (CongkakPlace) { paint->hint_side, paint->hint_hole });
  clear = palette->hint;
  clear.alpha = 0;
  gsk_path_builder_add_circle (builder, &center, r);
  path = gsk_path_builder_to_path (builder);
  gtk_snapshot_push_fill (snapshot, path, GSK_FILL_RULE_WINDING);
  gtk_snapshot_append_radial_gradient (snapshot,
                                       &GRAPHENE_RECT_INIT (center.x - r, center.y - r, 2 * r, 2 * r),
                                       &center, r, r, 0.0, 1.0,
                                       (GskColorStop[]) {
                                         { 0.0, palette->hint },
                                         { 0.62, palette->hint },
                                         { 1.0, clear },
                                       }, 3);
  gtk_snapshot_pop (snapshot);
}

/* The hint, over its hole: a ring thicker than the legal holes' ring, in
 * the hint's colour between dark edges, and a second ring outside it in
 * high contrast: a shape of its own, not only a colour. */
static void
draw_hint_ring (Painter                *painter,
                GtkSnapshot            *snapshot,
                const graphene_point_t *center,
                double                  r)
{
  const Palette *palette = &painter->palette;
  double width = MAX (4.0, r * 0.2);
  double edge = MAX (1.5, r * 0.05);

  stroke_circle (snapshot, center, r * 1.12, width + 2 * edge, &palette->hint_edge);
  stroke_circle (snapshot, center, r * 1.12, width, &palette->hint);
  if (palette->high_contrast)
    stroke_circle (snapshot, center, r * 1.5, MAX (2.0, r * 0.08), &palette->hint);
}

static void
draw_hole (Painter     *painter,
           GtkSnapshot *snapshot,
           CongkakSide  side,
           guint        hole)
{
  const CongkakBoardPaint *paint = painter->paint;
  const CongkakBoardGeometry *geometry = painter->geometry;
  const Palette *palette = &painter->palette;
  CongkakPlace place = { side, hole };
  graphene_point_t center = congkak_board_geometry_place_point (geometry, place);
  double r = HOLE_RADIUS * geometry->scale;
  gboolean burnt = congkak_position_is_burnt (paint->position, side, hole);
  gboolean legal = (paint->legal[side] & (1u << hole)) != 0;
  guint count = paint->position->holes[side][hole];

  if (paint->path[side] & (1u << hole))
    fill_circle (snapshot, &center, r * 1.2, &palette->path);

  if (burnt)
    {
      g_autoptr (GskPathBuilder) cross = gsk_path_builder_new ();
      g_autoptr (GskPath) path = NULL;
      g_autoptr (GskStroke) stroke = gsk_stroke_new (r * 0.12);
      double d = r * 0.42;

      fill_circle (snapshot, &center, r * 1.04, &palette->rim);
      fill_circle (snapshot, &center, r, &palette->burnt);
      gsk_path_builder_move_to (cross, center.x - d, center.y - d);
      gsk_path_builder_line_to (cross, center.x + d, center.y + d);
      gsk_path_builder_move_to (cross, center.x + d, center.y - d);
      gsk_path_builder_line_to (cross, center.x - d, center.y + d);
      path = gsk_path_builder_to_path (cross);
      gsk_stroke_set_line_cap (stroke, GSK_LINE_CAP_ROUND);
      gtk_snapshot_append_stroke (snapshot, path, stroke, &palette->burnt_mark);
    }
  else
    {
      draw_pit (snapshot, &center, r, r, palette);
      draw_seeds (snapshot, &center, r * 0.86, r * 0.86, count, side * 16 + hole, MAX_DRAWN_SEEDS, palette);
    }

  if (legal)
    {
      double width = MAX (2.0, r * 0.1);
      double edge = MAX (1.0, r * 0.03);

      /* Not by colour alone: a thick ring and, outside it, a dotted one,
       * each edged in the outline colour so that any accent colour stands
       * out from the wood, in greyscale too. */
      stroke_circle (snapshot, &center, r * 1.08, width + 2 * edge, &palette->turn);
      stroke_circle (snapshot, &center, r * 1.08, width, &palette->accent);
      for (guint i = 0; i < 12; i++)
        {
          double angle = i * G_PI / 6;
          graphene_point_t dot = GRAPHENE_POINT_INIT (center.x + cos (angle) * r * 1.36,
                                                      center.y + sin (angle) * r * 1.36);

          fill_circle (snapshot, &dot, MAX (1.2, r * 0.045) + edge, &palette->turn);
          fill_circle (snapshot, &dot, MAX (1.2, r * 0.045), &palette->accent);
        }
    }

  if (paint->hint_side == side && paint->hint_hole == hole)
    draw_hint_ring (painter, snapshot, &center, r);
}

/* A hole's seed count and letter, over everything else in it. */
static void
draw_hole_labels (Painter     *painter,
                  GtkSnapshot *snapshot,
                  CongkakSide  side,
                  guint        hole)
{
  const CongkakBoardPaint *paint = painter->paint;
  const CongkakBoardGeometry *geometry = painter->geometry;
  const Palette *palette = &painter->palette;
  graphene_point_t center = congkak_board_geometry_place_point (geometry, (CongkakPlace) { side, hole });
  double r = HOLE_RADIUS * geometry->scale;
  gboolean burnt = congkak_position_is_burnt (paint->position, side, hole);
  gboolean legal = (paint->legal[side] & (1u << hole)) != 0;
  guint count = paint->position->holes[side][hole];

  if (paint->show_counts && !burnt)
    {
      g_autofree char *text = g_strdup_printf ("%u", count);
      double outward = side == CONGKAK_SOUTH ? r * 0.72 : -r * 0.72;
      graphene_point_t at = geometry->portrait
                            ? GRAPHENE_POINT_INIT (center.x + outward, center.y + r * 0.72)
                            : GRAPHENE_POINT_INIT (center.x + r * 0.72, center.y + outward);

      draw_text (painter, snapshot, text, &at, geometry->scale * 0.2, TRUE, &palette->badge_text, &palette->badge);
    }

  if (paint->show_letters)
    {
      char letter[2] = { congkak_hole_letter (side, hole), '\0' };
      /* Clear of the mover's row outline. */
      double outward = (side == CONGKAK_SOUTH ? 1 : -1) * (r + geometry->scale * 0.25);
      graphene_point_t at = geometry->portrait
                            ? GRAPHENE_POINT_INIT (center.x + outward, center.y)
                            : GRAPHENE_POINT_INIT (center.x, center.y + outward);

      draw_text (painter, snapshot, letter, &at, geometry->scale * 0.2, legal, &palette->text, NULL);
    }
}

/* "What would you play?": how many chose each hole of the side asked, in
 * the accent's badge over the hole, large enough to read from the back of
 * a room (the count of seeds keeps its own corner). */
static void
draw_tally (Painter     *painter,
            GtkSnapshot *snapshot)
{
  const CongkakBoardPaint *paint = painter->paint;
  const CongkakBoardGeometry *geometry = painter->geometry;
  CongkakSide side = paint->tally_side;

  if (side != CONGKAK_SOUTH && side != CONGKAK_NORTH)
    return;
  for (guint hole = 0; hole < geometry->holes; hole++)
    {
      graphene_point_t center = congkak_board_geometry_place_point (geometry, (CongkakPlace) { side, hole });
      double r = HOLE_RADIUS * geometry->scale;
      /* Above South's row and below North's: over the hole, towards the
       * middle of the board, where it hides no letter. */
      double inward = side == CONGKAK_SOUTH ? -r * 0.55 : r * 0.55;
      graphene_point_t at = geometry->portrait
                            ? GRAPHENE_POINT_INIT (center.x - inward, center.y)
                            : GRAPHENE_POINT_INIT (center.x, center.y + inward);
      gboolean answer = (int) hole == paint->tally_answer;
      g_autofree char *text = NULL;
      gboolean chosen;
      GdkRGBA on_accent = { 1, 1, 1, 1 };

      if (!paint->tally_counts && !answer)
        continue;
      /* A tick on the student's own answer. */
      text = paint->tally_counts ? g_strdup_printf ("%u", paint->tally[hole]) : g_strdup ("✓");
      chosen = paint->tally_counts ? paint->tally[hole] > 0 : answer;

      draw_text (painter, snapshot, text, &at, geometry->scale * 0.34, TRUE,
                 chosen ? &on_accent : &painter->palette.badge_text,
                 chosen ? &paint->accent : &painter->palette.badge);
    }
}

static void
draw_store (Painter     *painter,
            GtkSnapshot *snapshot,
            CongkakSide  side)
{
  const CongkakBoardPaint *paint = painter->paint;
  const CongkakBoardGeometry *geometry = painter->geometry;
  const Palette *palette = &painter->palette;
  CongkakPlace place = { side, CONGKAK_STORE };
  graphene_point_t center = congkak_board_geometry_place_point (geometry, place);
  double rx = (geometry->portrait ? store_ry (geometry) : store_rx (geometry)) * geometry->scale;
  double ry = (geometry->portrait ? store_rx (geometry) : store_ry (geometry)) * geometry->scale;
  guint count = paint->position->store[side];
  g_autofree char *text = g_strdup_printf ("%u", count);
  graphene_point_t label = GRAPHENE_POINT_INIT (center.x, center.y + MIN (rx, ry) * 0.55);

  if (paint->mover == side)
    {
      g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
      g_autoptr (GskPath) path = NULL;
      graphene_size_t radius = GRAPHENE_SIZE_INIT (rx * 1.16, ry * 1.1);
      GskRoundedRect ellipse;

      fill_ellipse (snapshot, &center, rx * 1.16, ry * 1.1, &palette->glow);
      /* A rounded rectangle with half-size corners is an ellipse. */
      gsk_rounded_rect_init (&ellipse,
                             &GRAPHENE_RECT_INIT (center.x - radius.width, center.y - radius.height,
                                                  2 * radius.width, 2 * radius.height),
                             &radius, &radius, &radius, &radius);
      gsk_path_builder_add_rounded_rect (builder, &ellipse);
      path = gsk_path_builder_to_path (builder);
      append_turn_outline (snapshot, path, geometry->scale, palette);
    }
  if (paint->path_store[side])
    fill_ellipse (snapshot, &center, rx * 1.08, ry * 1.05, &palette->path);

  draw_pit (snapshot, &center, rx, ry, palette);
  draw_seeds (snapshot, &GRAPHENE_POINT_INIT (center.x, center.y - MIN (rx, ry) * 0.1),
              rx * 0.82, ry * 0.72, count, 100 + side, MAX_DRAWN_STORE, palette);
  draw_text (painter, snapshot, text, &label, geometry->scale * 0.3, TRUE, &palette->badge_text, &palette->badge);
}

static void
draw_mover_row (Painter     *painter,
                GtkSnapshot *snapshot)
{
  CongkakSide side = painter->paint->mover;
  double n = painter->geometry->holes;
  double y;
  GskRoundedRect rect;

  if (side != CONGKAK_SOUTH && side != CONGKAK_NORTH)
    return;

  y = side == CONGKAK_SOUTH ? ROW_Y : -ROW_Y;
  push_board_transform (painter->geometry, snapshot);
  /* Between the legal holes' rings and their dots. */
  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (-n / 2.0, y - 0.51, n, 1.02), 0.51);
  gtk_snapshot_push_rounded_clip (snapshot, &rect);
  gtk_snapshot_append_color (snapshot, &painter->palette.glow, &rect.bounds);
  gtk_snapshot_pop (snapshot);
  /* Not by colour alone: a dashed outline marks the mover's row. */
  {
    g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
    g_autoptr (GskPath) path = NULL;

    gsk_path_builder_add_rounded_rect (builder, &rect);
    path = gsk_path_builder_to_path (builder);
    append_turn_outline (snapshot, path, 1.0, &painter->palette);
  }
  gtk_snapshot_restore (snapshot);
}

/* The keyboard focus: a rounded square around the hole (or store), a
 * shape none of the round highlights has, in the text colour on a band of
 * the background colour, its width scaled with the board. */
static void
draw_focus (Painter     *painter,
            GtkSnapshot *snapshot)
{
  const CongkakBoardPaint *paint = painter->paint;
  const CongkakBoardGeometry *geometry = painter->geometry;
  const Palette *palette = &painter->palette;
  double r = HOLE_RADIUS * geometry->scale;
  double width = MAX (3.0, r * 0.11);
  double edge = MAX (2.0, r * 0.06);
  graphene_rect_t bounds;
  GskRoundedRect square;
  g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
  g_autoptr (GskPath) path = NULL;
  g_autoptr (GskStroke) band = gsk_stroke_new (width + 2 * edge);
  g_autoptr (GskStroke) line = gsk_stroke_new (width);

  if (!paint->focus_visible || (paint->focus.side != CONGKAK_SOUTH && paint->focus.side != CONGKAK_NORTH))
    return;

  if (paint->focus.index == CONGKAK_STORE)
    {
      congkak_board_geometry_store_bounds (geometry, paint->focus.side, &bounds);
      graphene_rect_inset (&bounds, -r * 0.25, -r * 0.25);
    }
  else
    {
      graphene_point_t center = congkak_board_geometry_place_point (geometry, paint->focus);

      graphene_rect_init (&bounds, center.x - r * 1.3, center.y - r * 1.3, r * 2.6, r * 2.6);
    }
  gsk_rounded_rect_init_from_rect (&square, &bounds, r * 0.45);
  gsk_path_builder_add_rounded_rect (builder, &square);
  path = gsk_path_builder_to_path (builder);
  gtk_snapshot_append_stroke (snapshot, path, band, &palette->focus_edge);
  gtk_snapshot_append_stroke (snapshot, path, line, &palette->focus);
}

static double
ease (double t)
{
  return t < 0.5 ? 2 * t * t : 1 - pow (-2 * t + 2, 2) / 2;
}

static void
draw_hands (Painter     *painter,
            GtkSnapshot *snapshot)
{
  const CongkakBoardGeometry *geometry = painter->geometry;
  const Palette *palette = &painter->palette;

  for (guint side = 0; side < 2; side++)
    {
      const CongkakBoardHand *hand = &painter->paint->hands[side];
      graphene_point_t from, to, at;
      double t = ease (CLAMP (hand->progress, 0, 1));
      g_autofree char *text = NULL;
      double r = HOLE_RADIUS * geometry->scale;

      if (!hand->visible)
        continue;

      from = congkak_board_geometry_place_point (geometry, hand->from);
      to = congkak_board_geometry_place_point (geometry, hand->to);
      at = GRAPHENE_POINT_INIT (from.x + (to.x - from.x) * t,
                                from.y + (to.y - from.y) * t - r * 0.9);

      fill_circle (snapshot, &at, r * 0.62 + MAX (1.5, r * 0.07), &palette->hand_edge);
      fill_circle (snapshot, &at, r * 0.62, &palette->hand);
      draw_seeds (snapshot, &at, r * 0.45, r * 0.45, MIN (hand->count, 5u), 200 + side, 5, palette);
      text = g_strdup_printf ("%u", hand->count);
      draw_text (painter, snapshot, text, &GRAPHENE_POINT_INIT (at.x + r * 0.55, at.y - r * 0.5),
                 geometry->scale * 0.2, TRUE, &palette->badge_text, &palette->accent);
    }
}

/* Arrows of the last move: where each hand went, seed by seed */

#define N_PLACE_IDS ((CONGKAK_MAX_HOLES + 1) * 2)

static guint
place_id (CongkakPlace place)
{
  return place.side * (CONGKAK_MAX_HOLES + 1) + (place.index + 1);
}

static graphene_point_t
lerp (graphene_point_t a,
      graphene_point_t b,
      double           t)
{
  return GRAPHENE_POINT_INIT (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

/* @from moved @distance (board units) towards @to. */
static graphene_point_t
toward (graphene_point_t from,
        graphene_point_t to,
        double           distance)
{
  double dx = to.x - from.x;
  double dy = to.y - from.y;
  double length = sqrt (dx * dx + dy * dy);

  if (length < 1e-6)
    return from;
  return GRAPHENE_POINT_INIT (from.x + dx / length * distance, from.y + dy / length * distance);
}

static double
place_margin (CongkakPlace place)
{
  return place.index == CONGKAK_STORE ? 0.55 : 0.3;
}

/* One curved arrow from @from to @to, in board units.  It bows towards
 * the middle of the board along a row, and around the end of the board
 * from one row to the other. */
static void
draw_arrow (Painter          *painter,
            GtkSnapshot      *snapshot,
            CongkakPlace      from,
            CongkakPlace      to,
            double            weight,
            gboolean          dashed,
            const GdkRGBA    *color)
{
  const CongkakBoardGeometry *geometry = painter->geometry;
  graphene_point_t a = place_units (geometry, from);
  graphene_point_t b = place_units (geometry, to);
  graphene_point_t middle = lerp (a, b, 0.5);
  graphene_point_t control, start, end, back, tip_left, tip_right;
  double dx = b.x - a.x, dy = b.y - a.y;
  double length = MAX (sqrt (dx * dx + dy * dy), 1e-6);
  double nx = -dy / length, ny = dx / length;
  gboolean across = from.index != CONGKAK_STORE && to.index != CONGKAK_STORE && from.side != to.side;
  double bow = across ? 0.75 : 0.32;
  double head = 0.13 * weight;
  g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
  g_autoptr (GskPathBuilder) tip = gsk_path_builder_new ();
  g_autoptr (GskPath) path = NULL;
  g_autoptr (GskPath) tip_path = NULL;
  g_autoptr (GskStroke) halo = gsk_stroke_new (0.09 * weight);
  g_autoptr (GskStroke) line = gsk_stroke_new (0.04 * weight);

  /* The normal that points to the board's middle line, or away from it
   * when the seeds go round the end from one row to the other. */
  if ((nx * middle.x + ny * middle.y > 0) != across)
    {
      nx = -nx;
      ny = -ny;
    }
  control = GRAPHENE_POINT_INIT (middle.x + nx * bow, middle.y + ny * bow);

  start = toward (a, control, place_margin (from));
  end = toward (b, control, place_margin (to));
  back = toward (end, control, head * 1.3);
  tip_left = GRAPHENE_POINT_INIT (back.x + (end.y - back.y) * 0.6, back.y - (end.x - back.x) * 0.6);
  tip_right = GRAPHENE_POINT_INIT (back.x - (end.y - back.y) * 0.6, back.y + (end.x - back.x) * 0.6);

  gsk_path_builder_move_to (builder, start.x, start.y);
  gsk_path_builder_quad_to (builder, control.x, control.y, back.x, back.y);
  path = gsk_path_builder_to_path (builder);
  gsk_path_builder_move_to (tip, end.x, end.y);
  gsk_path_builder_line_to (tip, tip_left.x, tip_left.y);
  gsk_path_builder_line_to (tip, tip_right.x, tip_right.y);
  gsk_path_builder_close (tip);
  tip_path = gsk_path_builder_to_path (tip);

  gsk_stroke_set_line_cap (halo, GSK_LINE_CAP_ROUND);
  gsk_stroke_set_line_join (halo, GSK_LINE_JOIN_ROUND);
  gsk_stroke_set_line_cap (line, dashed ? GSK_LINE_CAP_BUTT : GSK_LINE_CAP_ROUND);
  if (dashed)
    gsk_stroke_set_dash (line, (const float[]) { 0.1f, 0.07f }, 2);

  push_board_transform (geometry, snapshot);
  gtk_snapshot_append_stroke (snapshot, path, halo, &painter->palette.arrow_halo);
  gtk_snapshot_append_stroke (snapshot, tip_path, halo, &painter->palette.arrow_halo);
  gtk_snapshot_append_stroke (snapshot, path, line, color);
  gtk_snapshot_append_fill (snapshot, tip_path, GSK_FILL_RULE_WINDING, color);
  gtk_snapshot_restore (snapshot);
}

/* A ring where a hand took seeds up, numbered when a relay made more
 * than one: 1 where the move began, 2 at the first relay, … */
static void
draw_pick_up (Painter        *painter,
              GtkSnapshot    *snapshot,
              CongkakPlace    place,
              guint          number,
              gboolean        numbered,
              const GdkRGBA  *color)
{
  const CongkakBoardGeometry *geometry = painter->geometry;
  graphene_point_t center = congkak_board_geometry_place_point (geometry, place);
  double scale = geometry->scale;
  double r = HOLE_RADIUS * scale * (number == 1 ? 1.1 : 1.0);
  double outward = (place.side == CONGKAK_SOUTH ? 1 : -1) * HOLE_RADIUS * scale * 0.72;
  g_autofree char *text = NULL;
  graphene_point_t at;

  stroke_circle (snapshot, &center, r, scale * (number == 1 ? 0.13 : 0.09), &painter->palette.arrow_halo);
  stroke_circle (snapshot, &center, r, scale * (number == 1 ? 0.07 : 0.04), color);
  if (!numbered)
    return;

  /* At the outer corner that the seed count leaves free. */
  at = geometry->portrait ? GRAPHENE_POINT_INIT (center.x + outward, center.y - HOLE_RADIUS * scale * 0.72)
                          : GRAPHENE_POINT_INIT (center.x - HOLE_RADIUS * scale * 0.72, center.y + outward);
  text = g_strdup_printf ("%u", number);
  draw_text (painter, snapshot, text, &at, scale * 0.2, TRUE, &painter->palette.arrow_halo, color);
}

/* The path of each hand, from the move's events: an arrow for each step
 * between two places (once, however many times a relay went that way),
 * the last step bold, the pick-ups numbered, captures dashed into the
 * store. */
static void
draw_arrows (Painter     *painter,
             GtkSnapshot *snapshot)
{
  GArray *events = painter->paint->arrows;
  gboolean steps[2][N_PLACE_IDS][N_PLACE_IDS] = { { { FALSE } } };
  CongkakPlace hand[2], last_from[2], last_to[2];
  gboolean holding[2] = { FALSE, FALSE };
  gboolean moved[2] = { FALSE, FALSE };
  guint pick_ups[2] = { 0, 0 };

  if (events == NULL)
    return;

  for (guint i = 0; i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);
      int player = event->player;

      if (player != CONGKAK_SOUTH && player != CONGKAK_NORTH)
        continue;
      switch (event->type)
        {
        case CONGKAK_EVENT_PICK_UP:
        case CONGKAK_EVENT_RELAY:
          pick_ups[player]++;
          holding[player] = TRUE;
          hand[player] = event->place;
          break;
        case CONGKAK_EVENT_DROP:
        case CONGKAK_EVENT_FORFEIT:
          if (!holding[player])
            break;
          steps[player][place_id (hand[player])][place_id (event->place)] = TRUE;
          last_from[player] = hand[player];
          last_to[player] = event->place;
          moved[player] = TRUE;
          hand[player] = event->place;
          break;
        default:
          /* A skipped hole is passed over: the next arrow spans it. */
          break;
        }
    }

  for (guint player = 0; player < 2; player++)
    {
      const GdkRGBA *color = &painter->palette.arrow[player];
      guint number = 0;

      if (!moved[player])
        continue;
      for (guint from = 0; from < N_PLACE_IDS; from++)
        for (guint to = 0; to < N_PLACE_IDS; to++)
          if (steps[player][from][to]
              && (from != place_id (last_from[player]) || to != place_id (last_to[player])))
            draw_arrow (painter, snapshot,
                        (CongkakPlace) { from / (CONGKAK_MAX_HOLES + 1), (int) (from % (CONGKAK_MAX_HOLES + 1)) - 1 },
                        (CongkakPlace) { to / (CONGKAK_MAX_HOLES + 1), (int) (to % (CONGKAK_MAX_HOLES + 1)) - 1 },
                        1.0, FALSE, color);
      draw_arrow (painter, snapshot, last_from[player], last_to[player], 1.5, FALSE, color);

      for (guint i = 0; i < events->len; i++)
        {
          const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);

          if (event->player != (int) player)
            continue;
          if (event->type == CONGKAK_EVENT_PICK_UP || event->type == CONGKAK_EVENT_RELAY)
            draw_pick_up (painter, snapshot, event->place, ++number, pick_ups[player] > 1, color);
          else if (event->type == CONGKAK_EVENT_CAPTURE)
            for (guint side = 0; side < 2; side++)
              for (guint hole = 0; hole < painter->geometry->holes; hole++)
                if (event->mask[side] & (1u << hole))
                  draw_arrow (painter, snapshot, (CongkakPlace) { side, hole },
                              (CongkakPlace) { player, CONGKAK_STORE }, 1.0, TRUE, color);
        }
    }
}

/* Painting */

/* Render nodes are registered by gtk_init(); a program without a display
 * (congkak-cli) never calls it, so the painter registers the kinds a
 * snapshot of the board can hold, each of which cairo draws without a
 * display (gsk_render_node_draw()).  Drawing something new, such as a
 * shadow or a blur, means checking that it draws headless and adding it
 * here: tests/test-painter.c fails on any other kind. */
static GType (* const headless_node_types[]) (void) = {
  gsk_container_node_get_type,
  gsk_color_node_get_type,
  gsk_linear_gradient_node_get_type,
  gsk_radial_gradient_node_get_type,
  gsk_transform_node_get_type,
  gsk_opacity_node_get_type,
  gsk_clip_node_get_type,
  gsk_rounded_clip_node_get_type,
  gsk_text_node_get_type,
  gsk_fill_node_get_type,
  gsk_stroke_node_get_type,
  gsk_debug_node_get_type,
};

static void
ensure_render_node_types (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < G_N_ELEMENTS (headless_node_types); i++)
        g_type_ensure (headless_node_types[i] ());
      g_once_init_leave (&done, 1);
    }
}

static gboolean
is_headless_node_type (GType type)
{
  for (guint i = 0; i < G_N_ELEMENTS (headless_node_types); i++)
    if (type == headless_node_types[i] ())
      return TRUE;
  return FALSE;
}

/**
 * congkak_board_painter_check_headless:
 * @node: a render node the painter made
 *
 * Checks that @node and everything in it are of the kinds the painter
 * registers for drawing without a display.
 *
 * Returns: %FALSE, with @error naming the first other kind, if not
 */
gboolean
congkak_board_painter_check_headless (GskRenderNode  *node,
                                      GError        **error)
{
  GskRenderNode *child;
  GType type;

  g_return_val_if_fail (node != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  type = G_TYPE_FROM_INSTANCE (node);
  if (!is_headless_node_type (type))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "The board painter made a %s, which it has not registered for drawing without a display",
                   g_type_name (type));
      return FALSE;
    }

  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        if (!congkak_board_painter_check_headless (gsk_container_node_get_child (node, i), error))
          return FALSE;
      return TRUE;
    case GSK_TRANSFORM_NODE:
      child = gsk_transform_node_get_child (node);
      break;
    case GSK_OPACITY_NODE:
      child = gsk_opacity_node_get_child (node);
      break;
    case GSK_CLIP_NODE:
      child = gsk_clip_node_get_child (node);
      break;
    case GSK_ROUNDED_CLIP_NODE:
      child = gsk_rounded_clip_node_get_child (node);
      break;
    case GSK_FILL_NODE:
      child = gsk_fill_node_get_child (node);
      break;
    case GSK_STROKE_NODE:
      child = gsk_stroke_node_get_child (node);
      break;
    case GSK_DEBUG_NODE:
      child = gsk_debug_node_get_child (node);
      break;
    default:
      /* Colours, gradients and text hold no other node. */
      return TRUE;
    }
  return congkak_board_painter_check_headless (child, error);
}

/* Text for pictures and paper: outlines that scale, no hinting. */
static PangoContext *
create_pango_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  return context;
}

/**
 * congkak_board_paint_init:
 *
 * Fills @paint for a still picture of @position: the light wood, hole
 * letters and seed counts, the player to move lit, no arrows.  @rules and
 * @position are borrowed and must outlive @paint.
 */
void
congkak_board_paint_init (CongkakBoardPaint     *paint,
                          const CongkakRules    *rules,
                          const CongkakPosition *position)
{
  g_return_if_fail (paint != NULL);
  g_return_if_fail (rules != NULL);
  g_return_if_fail (position != NULL);

  memset (paint, 0, sizeof *paint);
  paint->rules = rules;
  paint->position = position;
  paint->mover = position->to_move;
  paint->hint_side = CONGKAK_NOBODY;
  paint->tally_side = CONGKAK_NOBODY;
  paint->tally_answer = -1;
  paint->show_counts = TRUE;
  paint->show_letters = TRUE;
  /* GNOME's default blue accent. */
  gdk_rgba_parse (&paint->accent, "#3584e4");
}

/**
 * congkak_board_paint_set_last_move:
 * @events: (nullable): the events of the move that led to the position
 *
 * Marks the holes and stores that received seeds in @events and draws the
 * move as arrows.  @events is borrowed; %NULL draws no move.
 */
void
congkak_board_paint_set_last_move (CongkakBoardPaint *paint,
                                   GArray            *events)
{
  g_return_if_fail (paint != NULL);

  paint->arrows = events;
  paint->path[0] = paint->path[1] = 0;
  paint->path_store[0] = paint->path_store[1] = FALSE;
  for (guint i = 0; events && i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);

      if (event->type != CONGKAK_EVENT_DROP)
        continue;
      if (event->place.index == CONGKAK_STORE)
        paint->path_store[event->place.side] = TRUE;
      else
        paint->path[event->place.side] |= 1u << event->place.index;
    }
}

/**
 * congkak_board_paint:
 *
 * Paints the board as @paint describes it, where @geometry puts it.
 */
void
congkak_board_paint (GtkSnapshot                *snapshot,
                     const CongkakBoardPaint    *paint,
                     const CongkakBoardGeometry *geometry)
{
  PangoContext *own_context = NULL;
  Painter painter = { paint, geometry };

  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (paint != NULL && paint->rules != NULL && paint->position != NULL);
  g_return_if_fail (geometry != NULL);

  if (geometry->scale <= 0)
    return;

  ensure_render_node_types ();
  if (paint->pango_context == NULL)
    own_context = create_pango_context ();
  painter.pango = paint->pango_context ? paint->pango_context : own_context;
  make_palette (paint, &painter.palette);

  draw_board (&painter, snapshot);
  draw_mover_row (&painter, snapshot);
  draw_hint_halo (&painter, snapshot);
  for (guint side = 0; side < 2; side++)
    {
      draw_store (&painter, snapshot, side);
      for (guint hole = 0; hole < geometry->holes; hole++)
        draw_hole (&painter, snapshot, side, hole);
    }
  draw_arrows (&painter, snapshot);
  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < geometry->holes; hole++)
      draw_hole_labels (&painter, snapshot, side, hole);
  draw_tally (&painter, snapshot);
  draw_focus (&painter, snapshot);
  draw_hands (&painter, snapshot);
  g_clear_object (&own_context);
}

/**
 * congkak_board_paint_to_node:
 *
 * Paints the board, landscape, fitted into a @width × @height area with a
 * small margin.
 *
 * Returns: (transfer full) (nullable): the render node, %NULL for an area
 *   too small to hold a board
 */
GskRenderNode *
congkak_board_paint_to_node (const CongkakBoardPaint *paint,
                             double                   width,
                             double                   height)
{
  g_autoptr (GtkSnapshot) snapshot = NULL;
  CongkakBoardGeometry geometry;

  g_return_val_if_fail (paint != NULL && paint->rules != NULL, NULL);

  ensure_render_node_types ();
  congkak_board_geometry_init (&geometry, paint->rules, width, height, MIN (width, height) * 0.03, FALSE);
  snapshot = gtk_snapshot_new ();
  congkak_board_paint (snapshot, paint, &geometry);
  return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}
