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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/painter/headless/node-types", test_painter_headless_node_types);
  g_test_add_func ("/painter/headless/picture-node-types", test_painter_picture_node_types);
  g_test_add_func ("/painter/headless/check-finds-unregistered", test_painter_check_finds_unregistered);

  return g_test_run ();
}
