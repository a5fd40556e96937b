/* congkak-board-view.c — the carved board, its seeds and their sowing
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything is drawn with GtkSnapshot in "board units" (one hole pitch),
 * scaled to the widget, so the board looks the same at 360 px and on a 4K
 * projector.  Each hole also has a transparent button laid over it: that
 * gives every hole keyboard focus, a focus ring and an accessible name.
 *
 * A move is shown by replaying the engine's event list on a copy of the
 * position, one event per animation step; the view never works out a rule
 * outcome itself, and ends on the engine's position exactly.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "congkak-board-view.h"

#define HOLE_RADIUS      0.42
#define ROW_Y            0.64
#define STORE_RX         0.74
#define STORE_RY         1.22
#define HALF_HEIGHT      1.55
#define PADDING_PX       6.0
#define DEFAULT_SPEED    8.0
#define MAX_DRAWN_SEEDS  48
#define MAX_DRAWN_STORE  140

typedef struct
{
  gboolean     visible;
  CongkakPlace from;
  CongkakPlace place;
  guint        count;
} Hand;

struct _CongkakBoardView
{
  GtkWidget        parent_instance;

  /* What is shown */
  CongkakRules     rules;
  gboolean         has_game;
  CongkakPosition  shown;
  CongkakState     state;            /* the engine's state the view ends on */
  CongkakSide      choosing;         /* who picks an opening hole, or nobody */
  CongkakPosition  choosing_position;
  guint16          legal[2];         /* holes that may be sown now */
  guint16          last_path[2];     /* holes that received seeds in the last move */
  gboolean         last_path_store[2];

  /* Hole buttons, laid over the drawing */
  GtkWidget       *holes[2][CONGKAK_MAX_HOLES];

  /* Animation */
  GArray          *events;
  guint            next_event;
  gint64           step_start;
  double           step_duration;
  guint            tick_id;
  Hand             hands[2];
  CongkakGame     *after;
  gboolean         manual;   /* one step per congkak_board_view_step() */

  /* Preferences */
  double           speed;
  gboolean         show_counts;
  gboolean         show_letters;

  /* Geometry of the last allocation */
  double           scale;
  double           center_x;
  double           center_y;
  gboolean         portrait;   /* turned a quarter, for tall narrow screens */
};

G_DEFINE_FINAL_TYPE (CongkakBoardView, congkak_board_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SPEED,
  PROP_SHOW_COUNTS,
  PROP_SHOW_LETTERS,
  N_PROPS
};

enum
{
  HOLE_ACTIVATED,
  ANIMATION_FINISHED,
  EVENT_SHOWN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Geometry */

static double
half_width (const CongkakBoardView *self)
{
  return (self->rules.holes - 1) / 2.0 + 2.75;
}

static int
hole_column (const CongkakBoardView *self,
             CongkakSide             side,
             guint                   hole)
{
  guint n = self->rules.holes;
  gboolean clockwise = self->rules.direction == CONGKAK_DIRECTION_CLOCKWISE;

  /* RULES.md 1: clockwise games have each store on its owner's left, so
   * South's A is at the right end and North's a at the left end. */
  if (side == CONGKAK_SOUTH)
    return clockwise ? (int) (n - 1 - hole) : (int) hole;
  return clockwise ? (int) hole : (int) (n - 1 - hole);
}

/* Centre of a place, in board units. */
static graphene_point_t
place_point (const CongkakBoardView *self,
             CongkakPlace            place)
{
  gboolean clockwise = self->rules.direction == CONGKAK_DIRECTION_CLOCKWISE;
  double store_x = (self->rules.holes - 1) / 2.0 + 1.35;

  if (place.index == CONGKAK_STORE)
    {
      /* South's store is on the left in clockwise games. */
      gboolean left = (place.side == CONGKAK_SOUTH) == clockwise;

      return GRAPHENE_POINT_INIT (left ? -store_x : store_x, 0);
    }

  return GRAPHENE_POINT_INIT (hole_column (self, place.side, place.index) - (self->rules.holes - 1) / 2.0,
                              place.side == CONGKAK_SOUTH ? ROW_Y : -ROW_Y);
}

/* Board units to widget pixels.  In portrait the board is turned a
 * quarter anticlockwise: South's row runs down the right-hand side. */
static graphene_point_t
to_widget (const CongkakBoardView *self,
           graphene_point_t        point)
{
  if (self->portrait)
    return GRAPHENE_POINT_INIT (self->center_x + point.y * self->scale,
                                self->center_y - point.x * self->scale);
  return GRAPHENE_POINT_INIT (self->center_x + point.x * self->scale,
                              self->center_y + point.y * self->scale);
}

/* Into board units around the centre, turned as the board is. */
static void
push_board_transform (const CongkakBoardView *self,
                      GtkSnapshot            *snapshot)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->center_x, self->center_y));
  if (self->portrait)
    gtk_snapshot_rotate (snapshot, -90);
  gtk_snapshot_scale (snapshot, self->scale, self->scale);
}

/* Colours */

typedef struct
{
  GdkRGBA wood_top, wood_bottom, rim, grain;
  GdkRGBA hole_inner, hole_outer, burnt, burnt_mark;
  GdkRGBA seed, seed_edge, seed_slit;
  GdkRGBA accent, text, badge, badge_text, glow, path;
  gboolean high_contrast;
} Palette;

static void
rgba (GdkRGBA    *color,
      const char *spec)
{
  gdk_rgba_parse (color, spec);
}

static void
make_palette (CongkakBoardView *self,
              Palette          *palette)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (style);
  GdkRGBA *accent = adw_style_manager_get_accent_color_rgba (style);

  palette->high_contrast = adw_style_manager_get_high_contrast (style);
  palette->accent = *accent;
  gdk_rgba_free (accent);

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
  rgba (&palette->path, dark ? "rgba(255,230,190,0.16)" : "rgba(255,250,235,0.30)");
}

/* Drawing helpers */

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
draw_text (CongkakBoardView       *self,
           GtkSnapshot            *snapshot,
           const char             *text,
           const graphene_point_t *center,
           double                  size,
           gboolean                bold,
           const GdkRGBA          *color,
           const GdkRGBA          *badge)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoFontDescription *font = pango_font_description_new ();
  int width, height;

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
             double          h)
{
  gsk_path_builder_move_to (builder, -w, 0);
  gsk_path_builder_cubic_to (builder, -w + 0.25, -h * 0.45, -w + 0.9, -h, -w + 2.2, -h);
  gsk_path_builder_cubic_to (builder, -w / 3, -h * 1.04, w / 3, -h * 1.04, w - 2.2, -h);
  gsk_path_builder_cubic_to (builder, w - 0.9, -h, w - 0.25, -h * 0.45, w, 0);
  gsk_path_builder_cubic_to (builder, w - 0.25, h * 0.45, w - 0.9, h, w - 2.2, h);
  gsk_path_builder_cubic_to (builder, w / 3, h * 1.04, -w / 3, h * 1.04, -w + 2.2, h);
  gsk_path_builder_cubic_to (builder, -w + 0.9, h, -w + 0.25, h * 0.45, -w, 0);
  gsk_path_builder_close (builder);
}

static void
draw_board (CongkakBoardView *self,
            GtkSnapshot      *snapshot,
            const Palette    *palette)
{
  g_autoptr (GskPathBuilder) builder = gsk_path_builder_new ();
  g_autoptr (GskPath) boat = NULL;
  g_autoptr (GskStroke) rim = NULL;
  double w = half_width (self);
  double h = HALF_HEIGHT;

  push_board_transform (self, snapshot);

  append_boat (builder, w, h);
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

static gboolean
is_legal (const CongkakBoardView *self,
          CongkakSide             side,
          guint                   hole)
{
  return !congkak_board_view_is_animating ((CongkakBoardView *) self)
         && (self->legal[side] & (1u << hole)) != 0;
}

static void
draw_hole (CongkakBoardView *self,
           GtkSnapshot      *snapshot,
           CongkakSide       side,
           guint             hole,
           const Palette    *palette)
{
  CongkakPlace place = { side, hole };
  graphene_point_t center = to_widget (self, place_point (self, place));
  double r = HOLE_RADIUS * self->scale;
  gboolean burnt = congkak_position_is_burnt (&self->shown, side, hole);
  guint count = self->shown.holes[side][hole];

  if (self->last_path[side] & (1u << hole))
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

  if (is_legal (self, side, hole))
    {
      /* Not by colour alone: a thick ring and, outside it, a dotted one. */
      stroke_circle (snapshot, &center, r * 1.08, MAX (2.0, r * 0.1), &palette->accent);
      for (guint i = 0; i < 12; i++)
        {
          double angle = i * G_PI / 6;
          graphene_point_t dot = GRAPHENE_POINT_INIT (center.x + cos (angle) * r * 1.3,
                                                      center.y + sin (angle) * r * 1.3);

          fill_circle (snapshot, &dot, MAX (1.2, r * 0.045), &palette->accent);
        }
    }

  if (self->show_counts && !burnt)
    {
      g_autofree char *text = g_strdup_printf ("%u", count);
      double outward = side == CONGKAK_SOUTH ? r * 0.72 : -r * 0.72;
      graphene_point_t at = self->portrait
                            ? GRAPHENE_POINT_INIT (center.x + outward, center.y + r * 0.72)
                            : GRAPHENE_POINT_INIT (center.x + r * 0.72, center.y + outward);

      draw_text (self, snapshot, text, &at, self->scale * 0.2, TRUE, &palette->badge_text, &palette->badge);
    }

  if (self->show_letters)
    {
      char letter[2] = { congkak_hole_letter (side, hole), '\0' };
      double outward = (side == CONGKAK_SOUTH ? 1 : -1) * (r + self->scale * 0.2);
      graphene_point_t at = self->portrait
                            ? GRAPHENE_POINT_INIT (center.x + outward, center.y)
                            : GRAPHENE_POINT_INIT (center.x, center.y + outward);

      draw_text (self, snapshot, letter, &at, self->scale * 0.2, is_legal (self, side, hole),
                 &palette->text, NULL);
    }
}

static void
draw_store (CongkakBoardView *self,
            GtkSnapshot      *snapshot,
            CongkakSide       side,
            const Palette    *palette)
{
  CongkakPlace place = { side, CONGKAK_STORE };
  graphene_point_t center = to_widget (self, place_point (self, place));
  double rx = (self->portrait ? STORE_RY : STORE_RX) * self->scale;
  double ry = (self->portrait ? STORE_RX : STORE_RY) * self->scale;
  guint count = self->shown.store[side];
  g_autofree char *text = g_strdup_printf ("%u", count);
  graphene_point_t label = GRAPHENE_POINT_INIT (center.x, center.y + MIN (rx, ry) * 0.55);
  gboolean moving = self->has_game && self->shown.to_move == side && !congkak_board_view_is_animating (self);

  if (moving)
    fill_ellipse (snapshot, &center, rx * 1.16, ry * 1.1, &palette->glow);
  if (self->last_path_store[side])
    fill_ellipse (snapshot, &center, rx * 1.08, ry * 1.05, &palette->path);

  draw_pit (snapshot, &center, rx, ry, palette);
  draw_seeds (snapshot, &GRAPHENE_POINT_INIT (center.x, center.y - MIN (rx, ry) * 0.1),
              rx * 0.82, ry * 0.72, count, 100 + side, MAX_DRAWN_STORE, palette);
  draw_text (self, snapshot, text, &label, self->scale * 0.3, TRUE, &palette->badge_text, &palette->badge);
}

static void
draw_mover_row (CongkakBoardView *self,
                GtkSnapshot      *snapshot,
                const Palette    *palette)
{
  CongkakSide side = self->choosing != CONGKAK_NOBODY ? self->choosing : self->shown.to_move;
  double n = self->rules.holes;
  double y;
  GskRoundedRect rect;

  if (!self->has_game || side == CONGKAK_NOBODY || congkak_board_view_is_animating (self))
    return;

  y = side == CONGKAK_SOUTH ? ROW_Y : -ROW_Y;
  push_board_transform (self, snapshot);
  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (-n / 2.0, y - 0.52, n, 1.04), 0.52);
  gtk_snapshot_push_rounded_clip (snapshot, &rect);
  gtk_snapshot_append_color (snapshot, &palette->glow, &rect.bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_restore (snapshot);
}

static double
ease (double t)
{
  return t < 0.5 ? 2 * t * t : 1 - pow (-2 * t + 2, 2) / 2;
}

static void
draw_hands (CongkakBoardView *self,
            GtkSnapshot      *snapshot,
            const Palette    *palette)
{
  double progress = 0;

  if (self->tick_id != 0 && self->step_duration > 0)
    progress = CLAMP ((g_get_monotonic_time () - self->step_start) / (self->step_duration * G_USEC_PER_SEC), 0, 1);

  for (guint side = 0; side < 2; side++)
    {
      Hand *hand = &self->hands[side];
      graphene_point_t from, to, at;
      double t = ease (progress);
      g_autofree char *text = NULL;
      double r = HOLE_RADIUS * self->scale;

      if (!hand->visible)
        continue;

      from = to_widget (self, place_point (self, hand->from));
      to = to_widget (self, place_point (self, hand->place));
      at = GRAPHENE_POINT_INIT (from.x + (to.x - from.x) * t,
                                from.y + (to.y - from.y) * t - r * 0.9);

      fill_circle (snapshot, &at, r * 0.62, &palette->badge);
      draw_seeds (snapshot, &at, r * 0.45, r * 0.45, MIN (hand->count, 5u), 200 + side, 5, palette);
      text = g_strdup_printf ("%u", hand->count);
      draw_text (self, snapshot, text, &GRAPHENE_POINT_INIT (at.x + r * 0.55, at.y - r * 0.5),
                 self->scale * 0.2, TRUE, &palette->badge_text, &palette->accent);
    }
}

static void
congkak_board_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  Palette palette;

  if (!self->has_game || self->scale <= 0)
    return;

  make_palette (self, &palette);
  draw_board (self, snapshot, &palette);
  draw_mover_row (self, snapshot, &palette);
  for (guint side = 0; side < 2; side++)
    {
      draw_store (self, snapshot, side, &palette);
      for (guint hole = 0; hole < self->rules.holes; hole++)
        draw_hole (self, snapshot, side, hole, &palette);
    }
  draw_hands (self, snapshot, &palette);

  /* The hole buttons draw only their focus ring. */
  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < self->rules.holes; hole++)
      gtk_widget_snapshot_child (widget, self->holes[side][hole], snapshot);
}

static void
congkak_board_view_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  double w = 2 * half_width (self);
  double h = 2 * HALF_HEIGHT;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = (int) (w * 64);
    }
  else
    {
      double width = for_size > 0 ? for_size : w * 64;

      *minimum = (int) (240 * h / w);
      *natural = (int) (width * h / w);
    }
}

static void
congkak_board_view_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  double w = 2 * half_width (self);
  double h = 2 * HALF_HEIGHT;

  /* A tall, narrow space (a phone held upright) gets the board turned. */
  self->portrait = width < 560 && height > width * 1.15;
  if (self->portrait)
    self->scale = MAX (0, MIN ((width - 2 * PADDING_PX) / h, (height - 2 * PADDING_PX) / w));
  else
    self->scale = MAX (0, MIN ((width - 2 * PADDING_PX) / w, (height - 2 * PADDING_PX) / h));
  self->center_x = width / 2.0;
  self->center_y = height / 2.0;

  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
      {
        GtkWidget *button = self->holes[side][hole];
        graphene_point_t center;
        int size;

        if (hole >= self->rules.holes)
          {
            gtk_widget_set_child_visible (button, FALSE);
            continue;
          }
        gtk_widget_set_child_visible (button, TRUE);
        center = to_widget (self, place_point (self, (CongkakPlace) { side, hole }));
        size = MAX (1, (int) (2 * HOLE_RADIUS * self->scale * 1.12));
        gtk_widget_size_allocate (button,
                                  &(GtkAllocation) { (int) (center.x - size / 2.0),
                                                     (int) (center.y - size / 2.0),
                                                     size, size }, -1);
      }
}

/* Accessibility */

/**
 * congkak_board_view_describe_hole:
 *
 * Returns: (transfer full): what a screen reader says for a hole, such as
 *   "North hole c, 8 seeds, burnt".
 */
char *
congkak_board_view_describe_hole (CongkakBoardView *self,
                                  CongkakSide       side,
                                  guint             hole)
{
  guint count;
  g_autofree char *seeds = NULL;
  GString *text;

  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);
  g_return_val_if_fail (hole < CONGKAK_MAX_HOLES, NULL);

  count = self->shown.holes[side][hole];
  seeds = g_strdup_printf (ngettext ("%u seed", "%u seeds", count), count);
  text = g_string_new (NULL);
  g_string_append_printf (text,
                          side == CONGKAK_SOUTH ? _("South hole %c, %s") : _("North hole %c, %s"),
                          congkak_hole_letter (side, hole), seeds);
  if (self->has_game && congkak_position_is_burnt (&self->shown, side, hole))
    g_string_append (text, _(", burnt"));
  if (is_legal (self, side, hole))
    g_string_append (text, _(", can be sown"));
  return g_string_free (text, FALSE);
}

static void
update_accessible (CongkakBoardView *self)
{
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  g_autofree char *summary = NULL;

  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < self->rules.holes; hole++)
      {
        g_autofree char *label = congkak_board_view_describe_hole (self, side, hole);

        gtk_accessible_update_property (GTK_ACCESSIBLE (self->holes[side][hole]),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      }

  south = g_strdup_printf (ngettext ("South store, %u seed", "South store, %u seeds", self->shown.store[0]),
                           self->shown.store[0]);
  north = g_strdup_printf (ngettext ("North store, %u seed", "North store, %u seeds", self->shown.store[1]),
                           self->shown.store[1]);
  summary = g_strdup_printf ("%s; %s", south, north);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary, -1);
}

static void
compute_legal (CongkakBoardView *self)
{
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n;

  self->legal[0] = self->legal[1] = 0;

  if (self->choosing != CONGKAK_NOBODY)
    {
      for (guint hole = 0; hole < self->rules.holes; hole++)
        if (congkak_position_can_choose (&self->choosing_position, self->choosing, hole))
          self->legal[self->choosing] |= 1u << hole;
      return;
    }

  n = congkak_state_legal_moves (&self->state, &self->rules, holes);
  for (guint i = 0; i < n; i++)
    self->legal[self->state.position.to_move] |= 1u << holes[i];
}

static void
refresh (CongkakBoardView *self)
{
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Animation */

static double
event_duration (CongkakBoardView   *self,
                const CongkakEvent *event)
{
  double unit = 1.0 / MAX (self->speed, 1.0);

  switch (event->type)
    {
    case CONGKAK_EVENT_PICK_UP:
    case CONGKAK_EVENT_RELAY:
      return 0.8 * unit;
    case CONGKAK_EVENT_DROP:
    case CONGKAK_EVENT_FORFEIT:
      return unit;
    case CONGKAK_EVENT_SKIP:
      return 0.6 * unit;
    case CONGKAK_EVENT_CAPTURE:
      return 2.0 * unit;
    case CONGKAK_EVENT_ROUND_END:
    case CONGKAK_EVENT_REFILL:
      return 3.0 * unit;
    case CONGKAK_EVENT_EXTRA_TURN:
    case CONGKAK_EVENT_GRAND_SLAM:
      return 0.8 * unit;
    default:
      return 0;
    }
}

/* What a step shows while it runs: the hand on its way to the event's place. */
static void
begin_step (CongkakBoardView   *self,
            const CongkakEvent *event)
{
  Hand *hand = event->player >= 0 ? &self->hands[event->player] : NULL;

  switch (event->type)
    {
    case CONGKAK_EVENT_DROP:
    case CONGKAK_EVENT_FORFEIT:
    case CONGKAK_EVENT_SKIP:
      if (hand)
        {
          hand->from = hand->place;
          hand->place = event->place;
        }
      break;
    default:
      break;
    }
}

/* The step's outcome, when it ends. */
static void
end_step (CongkakBoardView   *self,
          const CongkakEvent *event)
{
  Hand *hand = event->player >= 0 ? &self->hands[event->player] : NULL;

  congkak_position_apply_event (&self->shown, &self->rules, event);
  g_signal_emit (self, signals[EVENT_SHOWN], 0, event);

  switch (event->type)
    {
    case CONGKAK_EVENT_PICK_UP:
    case CONGKAK_EVENT_RELAY:
      hand->visible = TRUE;
      hand->from = hand->place = event->place;
      hand->count = event->count;
      break;
    case CONGKAK_EVENT_DROP:
      if (event->place.index == CONGKAK_STORE)
        self->last_path_store[event->place.side] = TRUE;
      else
        self->last_path[event->place.side] |= 1u << event->place.index;
      G_GNUC_FALLTHROUGH;
    case CONGKAK_EVENT_FORFEIT:
      hand->from = hand->place;
      if (hand->count > 0 && --hand->count == 0)
        hand->visible = FALSE;
      break;
    case CONGKAK_EVENT_SKIP:
      hand->from = hand->place;
      break;
    default:
      break;
    }
}

static void
stop_animation (CongkakBoardView *self)
{
  if (self->tick_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  self->hands[0].visible = self->hands[1].visible = FALSE;
  g_clear_pointer (&self->events, g_array_unref);
}

static void
land_on_after (CongkakBoardView *self)
{
  g_autoptr (CongkakGame) after = g_steal_pointer (&self->after);

  stop_animation (self);
  if (after)
    {
      /* The engine's position is the truth, whatever was drawn on the way. */
      self->state = *congkak_game_get_state (after);
      self->shown = self->state.position;
    }
  compute_legal (self);
  refresh (self);
  g_signal_emit (self, signals[ANIMATION_FINISHED], 0);
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  gint64 now = g_get_monotonic_time ();

  while (self->events && self->next_event < self->events->len)
    {
      const CongkakEvent *event = &g_array_index (self->events, CongkakEvent, self->next_event);

      if (now - self->step_start < self->step_duration * G_USEC_PER_SEC)
        break;

      end_step (self, event);
      self->next_event++;
      self->step_start += (gint64) (self->step_duration * G_USEC_PER_SEC);
      if (self->next_event < self->events->len)
        {
          const CongkakEvent *next = &g_array_index (self->events, CongkakEvent, self->next_event);

          self->step_duration = event_duration (self, next);
          begin_step (self, next);
        }
    }

  if (self->events == NULL || self->next_event >= self->events->len)
    {
      self->tick_id = 0;
      land_on_after (self);
      return G_SOURCE_REMOVE;
    }

  update_accessible (self);
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static gboolean
animations_enabled (CongkakBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && self->speed > 0 && gtk_widget_get_mapped (GTK_WIDGET (self));
}

/**
 * congkak_board_view_animate:
 * @events: the move's events, from the engine
 * @after: the game after the move; the view ends on its position
 *
 * Shows a move seed by seed from the position on display.  A running
 * animation is finished first.  With animations off, or a speed of 0, the
 * view jumps to @after at once.
 */
void
congkak_board_view_animate (CongkakBoardView  *self,
                            GArray            *events,
                            const CongkakGame *after)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));
  g_return_if_fail (events != NULL);
  g_return_if_fail (after != NULL);

  congkak_board_view_finish_animation (self);

  self->after = congkak_game_copy (after);
  self->choosing = CONGKAK_NOBODY;
  self->legal[0] = self->legal[1] = 0;
  self->last_path[0] = self->last_path[1] = 0;
  self->last_path_store[0] = self->last_path_store[1] = FALSE;

  if (!self->manual && (!animations_enabled (self) || events->len == 0))
    {
      for (guint i = 0; i < events->len; i++)
        end_step (self, &g_array_index (events, CongkakEvent, i));
      land_on_after (self);
      return;
    }

  if (events->len == 0)
    {
      land_on_after (self);
      return;
    }

  self->events = g_array_ref (events);
  self->next_event = 0;
  self->step_start = g_get_monotonic_time ();
  self->step_duration = event_duration (self, &g_array_index (events, CongkakEvent, 0));
  begin_step (self, &g_array_index (events, CongkakEvent, 0));
  if (!self->manual)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
  refresh (self);
}

/**
 * congkak_board_view_set_manual:
 * @manual: whether moves wait for congkak_board_view_step() between events
 *
 * For teaching: a move is shown one seed (one event) at a time.
 */
void
congkak_board_view_set_manual (CongkakBoardView *self,
                               gboolean          manual)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  self->manual = !!manual;
}

/**
 * congkak_board_view_step:
 *
 * In manual mode, shows the next event of the move on display (events
 * that move no seed are passed with the next one).
 *
 * Returns: %FALSE when the move is complete.
 */
gboolean
congkak_board_view_step (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  while (congkak_board_view_is_animating (self) && self->next_event < self->events->len)
    {
      const CongkakEvent *event = &g_array_index (self->events, CongkakEvent, self->next_event);
      gboolean visible = event_duration (self, event) > 0;

      end_step (self, event);
      self->next_event++;
      if (self->next_event < self->events->len)
        begin_step (self, &g_array_index (self->events, CongkakEvent, self->next_event));
      if (visible)
        break;
    }

  if (congkak_board_view_is_animating (self) && self->next_event >= self->events->len)
    {
      land_on_after (self);
      return FALSE;
    }
  if (congkak_board_view_is_animating (self))
    refresh (self);
  return congkak_board_view_is_animating (self);
}

/**
 * congkak_board_view_finish_animation:
 *
 * Jumps to the end of a running animation.
 */
void
congkak_board_view_finish_animation (CongkakBoardView *self)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  if (!congkak_board_view_is_animating (self))
    return;

  for (; self->next_event < self->events->len; self->next_event++)
    end_step (self, &g_array_index (self->events, CongkakEvent, self->next_event));
  land_on_after (self);
}

gboolean
congkak_board_view_is_animating (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->events != NULL;
}

/**
 * congkak_board_view_set_game:
 * @game: (nullable): the game to show, or %NULL for an empty board
 *
 * Shows @game's position at once (stopping any animation), with the legal
 * holes of the player to move.
 */
void
congkak_board_view_set_game (CongkakBoardView  *self,
                             const CongkakGame *game)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  stop_animation (self);
  g_clear_pointer (&self->after, congkak_game_free);
  self->choosing = CONGKAK_NOBODY;
  self->last_path[0] = self->last_path[1] = 0;
  self->last_path_store[0] = self->last_path_store[1] = FALSE;
  self->has_game = game != NULL;

  if (game)
    {
      gboolean resized = self->rules.holes != congkak_game_get_rules (game)->holes
                         || self->rules.direction != congkak_game_get_rules (game)->direction;

      self->rules = *congkak_game_get_rules (game);
      self->state = *congkak_game_get_state (game);
      self->shown = self->state.position;
      if (resized)
        gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  compute_legal (self);
  refresh (self);
}

/**
 * congkak_board_view_set_choosing:
 * @side: the player choosing an opening hole, or CONGKAK_NOBODY
 * @position: (nullable): the board at that moment (it may differ from the
 *   start when a seed fell into the store during the opening)
 *
 * In the simultaneous opening, offers @side's holes for a choice.
 */
void
congkak_board_view_set_choosing (CongkakBoardView      *self,
                                 CongkakSide            side,
                                 const CongkakPosition *position)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  congkak_board_view_finish_animation (self);
  self->choosing = side;
  if (position)
    {
      self->choosing_position = *position;
      self->shown = *position;
    }
  compute_legal (self);
  refresh (self);
}

GtkWidget *
congkak_board_view_get_hole_widget (CongkakBoardView *self,
                                    CongkakSide       side,
                                    guint             hole)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);
  g_return_val_if_fail (hole < CONGKAK_MAX_HOLES, NULL);

  return self->holes[side][hole];
}

/* Input */

static void
hole_clicked (GtkButton        *button,
              CongkakBoardView *self)
{
  guint side = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "congkak-side"));
  guint hole = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "congkak-hole"));

  /* A click during a move ends the animation; it never plays. */
  if (congkak_board_view_is_animating (self))
    {
      congkak_board_view_finish_animation (self);
      return;
    }
  if (is_legal (self, side, hole))
    g_signal_emit (self, signals[HOLE_ACTIVATED], 0, side, hole);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             CongkakBoardView      *self)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));
  int step;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))
    return GDK_EVENT_PROPAGATE;
  if (keyval == GDK_KEY_Left || keyval == GDK_KEY_KP_Left)
    step = -1;
  else if (keyval == GDK_KEY_Right || keyval == GDK_KEY_KP_Right)
    step = 1;
  else if (self->portrait && (keyval == GDK_KEY_Up || keyval == GDK_KEY_KP_Up))
    step = 1;
  else if (self->portrait && (keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down))
    step = -1;
  else
    return GDK_EVENT_PROPAGATE;

  /* Along the focused hole's row, in screen order. */
  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < self->rules.holes; hole++)
      if (self->holes[side][hole] == focus)
        {
          int column = hole_column (self, side, hole) + step;

          if (column < 0 || column >= (int) self->rules.holes)
            return GDK_EVENT_STOP;
          for (guint other = 0; other < self->rules.holes; other++)
            if (hole_column (self, side, other) == column)
              gtk_widget_grab_focus (self->holes[side][other]);
          return GDK_EVENT_STOP;
        }
  return GDK_EVENT_PROPAGATE;
}

/* Style changes repaint the wood. */
static void
style_changed (CongkakBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
congkak_board_view_dispose (GObject *object)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (object);

  stop_animation (self);
  g_clear_pointer (&self->after, congkak_game_free);
  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
      g_clear_pointer (&self->holes[side][hole], gtk_widget_unparent);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);

  G_OBJECT_CLASS (congkak_board_view_parent_class)->dispose (object);
}

static void
congkak_board_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    case PROP_SHOW_COUNTS:
      g_value_set_boolean (value, self->show_counts);
      break;
    case PROP_SHOW_LETTERS:
      g_value_set_boolean (value, self->show_letters);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_board_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      congkak_board_view_set_speed (self, g_value_get_double (value));
      break;
    case PROP_SHOW_COUNTS:
      congkak_board_view_set_show_counts (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_LETTERS:
      congkak_board_view_set_show_letters (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_board_view_class_init (CongkakBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_board_view_dispose;
  object_class->get_property = congkak_board_view_get_property;
  object_class->set_property = congkak_board_view_set_property;

  widget_class->snapshot = congkak_board_view_snapshot;
  widget_class->measure = congkak_board_view_measure;
  widget_class->size_allocate = congkak_board_view_size_allocate;

  properties[PROP_SPEED] =
    g_param_spec_double ("speed", NULL, NULL, 0, 1000, DEFAULT_SPEED,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COUNTS] =
    g_param_spec_boolean ("show-counts", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_LETTERS] =
    g_param_spec_boolean ("show-letters", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakBoardView::hole-activated:
   * @side: the CongkakSide of the hole
   * @hole: its index
   *
   * A player chose a legal hole, with the pointer or the keyboard.
   */
  signals[HOLE_ACTIVATED] =
    g_signal_new ("hole-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);

  /**
   * CongkakBoardView::event-shown:
   * @event: (type gpointer): the `CongkakEvent` the board now shows
   *
   * Each event of a move as the board reaches it, for narration.
   */
  signals[EVENT_SHOWN] =
    g_signal_new ("event-shown", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  signals[ANIMATION_FINISHED] =
    g_signal_new ("animation-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "congkak-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
congkak_board_view_init (CongkakBoardView *self)
{
  GtkEventController *keys;

  self->speed = DEFAULT_SPEED;
  self->show_counts = TRUE;
  self->show_letters = TRUE;
  self->choosing = CONGKAK_NOBODY;
  congkak_rules_init_profile (&self->rules, "congkak", NULL);

  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
      {
        GtkWidget *button = gtk_button_new ();

        gtk_widget_add_css_class (button, "congkak-hole");
        g_object_set_data (G_OBJECT (button), "congkak-side", GUINT_TO_POINTER (side));
        g_object_set_data (G_OBJECT (button), "congkak-hole", GUINT_TO_POINTER (hole));
        g_signal_connect (button, "clicked", G_CALLBACK (hole_clicked), self);
        gtk_widget_set_parent (button, GTK_WIDGET (self));
        self->holes[side][hole] = button;
      }

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);

  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (style_changed), self);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::high-contrast",
                            G_CALLBACK (style_changed), self);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::accent-color",
                            G_CALLBACK (style_changed), self);
}

GtkWidget *
congkak_board_view_new (void)
{
  return g_object_new (CONGKAK_TYPE_BOARD_VIEW, NULL);
}

double
congkak_board_view_get_speed (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), 0);

  return self->speed;
}

/**
 * congkak_board_view_set_speed:
 * @seeds_per_second: how fast seeds are sown; 0 shows moves at once
 */
void
congkak_board_view_set_speed (CongkakBoardView *self,
                              double            seeds_per_second)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  seeds_per_second = CLAMP (seeds_per_second, 0, 1000);
  if (self->speed == seeds_per_second)
    return;
  self->speed = seeds_per_second;
  if (self->speed == 0)
    congkak_board_view_finish_animation (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

gboolean
congkak_board_view_get_show_counts (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->show_counts;
}

void
congkak_board_view_set_show_counts (CongkakBoardView *self,
                                    gboolean          show_counts)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  show_counts = !!show_counts;
  if (self->show_counts == show_counts)
    return;
  self->show_counts = show_counts;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COUNTS]);
}

gboolean
congkak_board_view_get_show_letters (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->show_letters;
}

void
congkak_board_view_set_show_letters (CongkakBoardView *self,
                                     gboolean          show_letters)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  show_letters = !!show_letters;
  if (self->show_letters == show_letters)
    return;
  self->show_letters = show_letters;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_LETTERS]);
}
