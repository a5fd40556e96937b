/* test-engine-computer.c — the computer player: levels, openings, cancelling
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-test-util.h"

static const char * const profiles[] = { "congkak", "congkak-single", "kalah", "oware" };

/* Options that make every level reproducible on any machine. */
static void
budget_options (CongkakComputerOptions *options,
                CongkakLevel            level,
                guint64                 seed,
                guint64                 max_nodes)
{
  congkak_computer_options_init (options, level, seed);
  if (level >= CONGKAK_LEVEL_HARD)
    options->max_nodes = max_nodes;
}

/* Plays one whole move of the computer into @game: a sowing, a whole
 * opening for @side (the other side opens with @other_hole and chooses
 * its first possible hole after that), or the next round. */
static void
play_computer (CongkakGame                  *game,
               CongkakComputer              *computer,
               const CongkakComputerOptions *options,
               CongkakSide                   side,
               guint                         other_hole)
{
  const CongkakState *state = congkak_game_get_state (game);
  g_autoptr (GError) error = NULL;
  CongkakComputerMove out;
  CongkakMove move = { 0 };

  if (state->phase == CONGKAK_PHASE_OPENING)
    {
      g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);

      congkak_opening_add_choice (opening, CONGKAK_OTHER_SIDE (side), other_hole);
      for (;;)
        {
          CongkakState attempt = *state;
          CongkakSide needing;

          g_assert_true (congkak_state_play_opening (&attempt, congkak_game_get_rules (game),
                                                     opening, NULL, &needing, &error));
          g_assert_no_error (error);
          if (needing == CONGKAK_NOBODY)
            break;
          if (needing != side)
            {
              guint hole = 0;

              while (!congkak_position_can_choose (&attempt.position, needing, hole))
                hole++;
              congkak_opening_add_choice (opening, needing, hole);
              continue;
            }
          g_assert_true (congkak_computer_choose (computer, state, opening, side, options, NULL, &out, &error));
          g_assert_no_error (error);
          g_assert_cmpint (out.kind, ==, CONGKAK_MOVE_OPENING);
          congkak_opening_add_choice (opening, side, out.hole);
        }
      move.kind = CONGKAK_MOVE_OPENING;
      move.opening = opening;
      g_assert_true (congkak_game_play (game, &move, NULL, &error));
      g_assert_no_error (error);
      return;
    }

  g_assert_true (congkak_computer_choose (computer, state, NULL, CONGKAK_NOBODY, options, NULL, &out, &error));
  g_assert_no_error (error);
  move.kind = out.kind;
  move.side = out.side;
  move.hole = out.hole;
  if (out.kind == CONGKAK_MOVE_SOW)
    g_assert_true (congkak_state_is_legal (state, congkak_game_get_rules (game), out.hole));
  g_assert_true (congkak_game_play (game, &move, NULL, &error));
  g_assert_no_error (error);
}

/* Every level gives a legal move in every game, from the start and later,
 * and the same call gives the same move. */
static void
test_levels_play_legal_moves (void)
{
  for (guint p = 0; p < G_N_ELEMENTS (profiles); p++)
    for (CongkakLevel level = CONGKAK_LEVEL_EASY; level <= CONGKAK_LEVEL_PERFECT; level++)
      {
        g_autoptr (CongkakComputer) computer = NULL;
        g_autoptr (CongkakGame) game = NULL;
        CongkakComputerOptions options;
        CongkakRules rules;

        test_rules (&rules, profiles[p], NULL);
        computer = congkak_computer_new (&rules);
        game = congkak_game_new (&rules);
        budget_options (&options, level, 5, 20000);

        for (guint m = 0; m < 12 && congkak_game_get_state (game)->phase != CONGKAK_PHASE_MATCH_OVER; m++)
          {
            CongkakComputerMove first, again;
            const CongkakState *state = congkak_game_get_state (game);

            if (state->phase == CONGKAK_PHASE_PLAYING)
              {
                g_assert_true (congkak_computer_choose (computer, state, NULL, CONGKAK_NOBODY,
                                                        &options, NULL, &first, NULL));
                g_assert_true (congkak_computer_choose_move (&rules, state, NULL, CONGKAK_NOBODY,
                                                             &options, NULL, &again, NULL));
                g_assert_cmpuint (first.hole, ==, again.hole);
                g_assert_cmpint (first.score, ==, again.score);
              }
            play_computer (game, computer, &options, CONGKAK_SOUTH, 2);
          }
      }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/computer/levels/legal", test_levels_play_legal_moves);

  return g_test_run ();
}
