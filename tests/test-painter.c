/* test-painter.c — the board's painter without a display
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Never calls gtk_init(): congkak-cli and exported pictures draw the board
 * this way, so every kind of render node the painter makes must be one it
 * registers for drawing without a display.
 */

#include "config.h"

#include <math.h>

#include "congkak-board-painter.h"
#include "congkak-board-picture.h"
#include "congkak-engine.h"

/* Positions of every game: the start, a dozen random moves in (with the
 * last move's events, for arrows), and one with burnt holes. */
typedef struct
{
  CongkakRules    rules;
  CongkakPosition position;
  GArray         *events;
} Board;

static void
board_clear (Board *board)
{
  g_clear_pointer (&board->events, g_array_unref);
}

static GArray *
boards_new (void)
{
  const char * const *profiles = congkak_rules_profile_names ();
  GArray *boards = g_array_new (FALSE, TRUE, sizeof (Board));

  g_array_set_clear_func (boards, (GDestroyNotify) board_clear);
  for (guint p = 0; profiles[p] != NULL; p++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (p + 1);
      g_autoptr (CongkakGame) game = NULL;
      Board board = { 0 };

      congkak_rules_init_profile (&board.rules, profiles[p], NULL);
      game = congkak_game_new (&board.rules);
      board.position = congkak_game_get_state (game)->position;
      g_array_append_val (boards, board);

      for (guint m = 0; m < 12; m++)
        {
          g_autofree char *move = congkak_state_random_move (congkak_game_get_state (game), &board.rules, rand);
          g_autoptr (GArray) events = congkak_event_array_new ();

          if (move == NULL)
            break;
          g_assert_true (congkak_game_play_text (game, move, events, NULL));
          board.position = congkak_game_get_state (game)->position;
          g_clear_pointer (&board.events, g_array_unref);
          board.events = g_steal_pointer (&events);
        }
      g_array_append_val (boards, board);

      board.events = NULL;
      if (board.rules.family != CONGKAK_FAMILY_OWARE)
        {
          board.position.burnt[CONGKAK_SOUTH] = 1u << 1;
          board.position.burnt[CONGKAK_NORTH] = 1u << 0 | 1u << 2;
          board.position.holes[CONGKAK_SOUTH][1] = 0;
          board.position.holes[CONGKAK_NORTH][0] = 0;
          board.position.holes[CONGKAK_NORTH][2] = 0;
          g_array_append_val (boards, board);
        }
    }
  return boards;
}

static void
assert_headless (GskRenderNode *node)
{
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (node);
  congkak_board_painter_check_headless (node, &error);
  g_assert_no_error (error);
}

/* Every look of the board: letters and counts or not, the dark wood, high
 * contrast, the last move as arrows, playable holes, a hint, seeds in
 * hand, landscape and portrait. */
static void
test_painter_headless_node_types (void)
{
  g_autoptr (GArray) boards = boards_new ();
  guint painted = 0;

  for (guint b = 0; b < boards->len; b++)
    for (guint look = 0; look < 32; look++)
      for (guint portrait = 0; portrait < 2; portrait++)
        {
          Board *board = &g_array_index (boards, Board, b);
          g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
          g_autoptr (GskRenderNode) node = NULL;
          CongkakBoardGeometry geometry;
          CongkakBoardPaint paint;

          congkak_board_paint_init (&paint, &board->rules, &board->position);
          paint.show_letters = look & 1;
          paint.show_counts = look & 2;
          paint.dark = look & 4;
          paint.high_contrast = look & 8;
          if (look & 16)
            {
              congkak_board_paint_set_last_move (&paint, board->events);
              paint.legal[CONGKAK_SOUTH] = 0x5;
              paint.hint_side = CONGKAK_SOUTH;
              paint.hint_hole = 2;
              paint.hands[CONGKAK_SOUTH] = (CongkakBoardHand) {
                TRUE, { CONGKAK_SOUTH, 0 }, { CONGKAK_SOUTH, 1 }, 5, 0.5
              };
              paint.hands[CONGKAK_NORTH] = (CongkakBoardHand) {
                TRUE, { CONGKAK_NORTH, 2 }, { CONGKAK_NORTH, CONGKAK_STORE }, 1, 0.25
              };
            }
          else
            paint.mover = CONGKAK_NOBODY;

          congkak_board_geometry_init (&geometry, &board->rules, portrait ? 400 : 1200, portrait ? 1200 : 400,
                                       12, portrait);
          congkak_board_paint (snapshot, &paint, &geometry);
          node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
          assert_headless (node);
          painted++;
        }
  g_assert_cmpuint (painted, >=, 4 * 2 * 32 * 2);
}

/* The pictures that export writes and print draws. */
static void
test_painter_picture_node_types (void)
{
  const char * const *profiles = congkak_rules_profile_names ();

  for (guint p = 0; profiles[p] != NULL; p++)
    {
      g_autoptr (CongkakMatch) match = NULL;
      CongkakPictureOptions options;
      CongkakRules rules;

      congkak_rules_init_profile (&rules, profiles[p], NULL);
      match = congkak_match_new (&rules);
      congkak_picture_options_init (&options);
      options.arrows = TRUE;
      options.high_contrast = p % 2;
      options.dark = p / 2;
      {
        g_autoptr (GskRenderNode) node = congkak_board_picture_render_node (match, congkak_match_get_root (match),
                                                                            &options, 800, 300);

        assert_headless (node);
      }
    }
}

/* The check itself finds a kind the painter never registered. */
static void
test_painter_check_finds_unregistered (void)
{
  g_autoptr (GskRenderNode) color = NULL;
  g_autoptr (GskRenderNode) blur = NULL;
  g_autoptr (GskRenderNode) container = NULL;
  g_autoptr (GError) error = NULL;
  GskRenderNode *children[2];

  g_type_ensure (GSK_TYPE_COLOR_NODE);
  g_type_ensure (GSK_TYPE_BLUR_NODE);
  g_type_ensure (GSK_TYPE_CONTAINER_NODE);
  color = gsk_color_node_new (&(GdkRGBA) { 1, 0, 0, 1 }, &GRAPHENE_RECT_INIT (0, 0, 10, 10));
  blur = gsk_blur_node_new (color, 2);
  children[0] = color;
  children[1] = blur;
  container = gsk_container_node_new (children, G_N_ELEMENTS (children));

  g_assert_false (congkak_board_painter_check_headless (container, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "GskBlurNode"));
}

/* A painted board as pixels, written to tests/screenshots/@name. */
static cairo_surface_t *
paint_to_image (const CongkakBoardPaint *paint,
                int                      width,
                int                      height,
                const char              *name)
{
  g_autoptr (GskRenderNode) node = congkak_board_paint_to_node (paint, width, height);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *directory = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                 "screenshots", NULL);
  g_autofree char *path = g_build_filename (directory, name, NULL);

  assert_headless (node);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_mkdir_with_parents (directory, 0755);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  g_test_message ("screenshot: %s", path);
  return surface;
}

/* Pixels between @inner and @radius from @center whose grey differs by
 * more than 40. */
static guint
count_changed_between (cairo_surface_t        *a,
                       cairo_surface_t        *b,
                       const graphene_point_t *center,
                       double                  inner,
                       double                  radius)
{
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a);
  const guint8 *pb = cairo_image_surface_get_data (b);
  guint changed = 0;

  for (int y = MAX (0, (int) (center->y - radius)); y < MIN (cairo_image_surface_get_height (a), (int) (center->y + radius)); y++)
    for (int x = MAX (0, (int) (center->x - radius)); x < MIN (cairo_image_surface_get_width (a), (int) (center->x + radius)); x++)
      {
        const guint8 *ca = pa + y * stride + x * 4;
        const guint8 *cb = pb + y * stride + x * 4;
        double distance = hypot (x + 0.5 - center->x, y + 0.5 - center->y);
        double ga = 0.0722 * ca[0] + 0.7152 * ca[1] + 0.2126 * ca[2];
        double gb = 0.0722 * cb[0] + 0.7152 * cb[1] + 0.2126 * cb[2];

        if (distance >= inner && distance <= radius && fabs (ga - gb) > 40)
          changed++;
      }
  return changed;
}

/* The hint shows in every style, high contrast included, and in grey:
 * a good part of the square around the hole changes. */
static void
test_painter_hint_looks (void)
{
  CongkakRules rules;
  CongkakPosition position;
  CongkakBoardGeometry geometry;
  graphene_point_t center;
  double radius;

  congkak_rules_init_profile (&rules, "congkak", NULL);
  congkak_position_init_start (&position, &rules);
  /* As congkak_board_paint_to_node() fits it. */
  congkak_board_geometry_init (&geometry, &rules, 1200, 420, 420 * 0.03, FALSE);
  center = congkak_board_geometry_place_point (&geometry, (CongkakPlace) { CONGKAK_SOUTH, 4 });
  radius = congkak_board_geometry_hole_radius (&geometry) * 1.6;

  for (guint look = 0; look < 4; look++)
    {
      static const char * const names[] = { "light", "dark", "high-contrast", "high-contrast-dark" };
      g_autofree char *plain_name = g_strdup_printf ("painter-%s.png", names[look]);
      g_autofree char *hint_name = g_strdup_printf ("painter-hint-%s.png", names[look]);
      CongkakBoardPaint paint;
      cairo_surface_t *plain, *hinted;
      guint changed;

      congkak_board_paint_init (&paint, &rules, &position);
      paint.dark = look & 1;
      paint.high_contrast = look & 2;
      paint.legal[CONGKAK_SOUTH] = 0x7f;
      plain = paint_to_image (&paint, 1200, 420, plain_name);
      paint.hint_side = CONGKAK_SOUTH;
      paint.hint_hole = 4;
      hinted = paint_to_image (&paint, 1200, 420, hint_name);
      changed = count_changed_between (plain, hinted, &center, 0, radius);
      g_test_message ("the hint, %s: %u of %u pixels differ clearly", names[look], changed,
                      (guint) (4 * radius * radius));
      g_assert_cmpuint (changed, >, 0.12 * 4 * radius * radius);
      cairo_surface_destroy (plain);
      cairo_surface_destroy (hinted);
    }
}

/* The seeds in hand stay apart from a store they pass over, in the dark
 * wood too: the edge of their disc shows all round. */
static void
test_painter_hand_over_store (void)
{
  CongkakRules rules;
  CongkakPosition position;
  CongkakBoardGeometry geometry;
  graphene_point_t at;
  double r;

  congkak_rules_init_profile (&rules, "congkak", NULL);
  congkak_position_init_start (&position, &rules);
  position.store[CONGKAK_NORTH] = 30;
  congkak_board_geometry_init (&geometry, &rules, 1200, 420, 420 * 0.03, FALSE);
  r = congkak_board_geometry_hole_radius (&geometry);
  /* Where draw_hands() puts a hand that has reached the store. */
  at = congkak_board_geometry_place_point (&geometry, (CongkakPlace) { CONGKAK_NORTH, CONGKAK_STORE });
  at.y -= r * 0.9;

  for (guint dark = 0; dark < 2; dark++)
    {
      g_autofree char *name = g_strdup_printf ("painter-hand-over-store-%s.png", dark ? "dark" : "light");
      CongkakBoardPaint paint;
      cairo_surface_t *plain, *hand;
      double inner = r * 0.62, outer = r * 0.62 + MAX (1.5, r * 0.07);
      guint changed, ring;

      congkak_board_paint_init (&paint, &rules, &position);
      paint.dark = dark;
      plain = paint_to_image (&paint, 1200, 420, dark ? "painter-store-dark.png" : "painter-store-light.png");
      paint.hands[CONGKAK_NORTH] = (CongkakBoardHand) {
        TRUE, { CONGKAK_NORTH, 0 }, { CONGKAK_NORTH, CONGKAK_STORE }, 3, 1.0
      };
      hand = paint_to_image (&paint, 1200, 420, name);
      changed = count_changed_between (plain, hand, &at, inner, outer);
      ring = (guint) (G_PI * (outer * outer - inner * inner));
      g_test_message ("the hand's edge over the store, %s: %u of %u pixels differ clearly",
                      dark ? "dark" : "light", changed, ring);
      g_assert_cmpuint (changed, >, ring * 0.6);
      cairo_surface_destroy (plain);
      cairo_surface_destroy (hand);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/painter/headless/node-types", test_painter_headless_node_types);
  g_test_add_func ("/painter/headless/picture-node-types", test_painter_picture_node_types);
  g_test_add_func ("/painter/headless/check-finds-unregistered", test_painter_check_finds_unregistered);
  g_test_add_func ("/painter/looks/hint", test_painter_hint_looks);
  g_test_add_func ("/painter/looks/hand-over-store", test_painter_hand_over_store);

  return g_test_run ();
}
