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
        budget_options (&options, level, 5, 3000);

        for (guint m = 0; m < 8 && congkak_game_get_state (game)->phase != CONGKAK_PHASE_MATCH_OVER; m++)
          {
            CongkakComputerMove first, again;
            const CongkakState *state = congkak_game_get_state (game);

            /* The one-call form, with a table of its own, agrees. */
            if (state->phase == CONGKAK_PHASE_PLAYING && m < 3)
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

/* The exact value of each legal move for the player to move. */
static guint
solve_moves (const CongkakRules *rules,
             const CongkakState *state,
             guint8              holes[CONGKAK_MAX_HOLES],
             int                 values[CONGKAK_MAX_HOLES])
{
  g_autoptr (CongkakSearch) search = congkak_search_new (rules, 4);
  CongkakSide me = state->position.to_move;
  guint n = congkak_state_legal_moves (state, rules, holes);

  for (guint i = 0; i < n; i++)
    {
      CongkakState child = *state;

      congkak_state_play_fast (&child, rules, holes[i]);
      if (child.phase != CONGKAK_PHASE_PLAYING)
        values[i] = congkak_search_round_end_value (search, &child, me);
      else if (child.position.to_move == me)
        values[i] = congkak_search_solve (search, &child, NULL, NULL);
      else
        values[i] = -congkak_search_solve (search, &child, NULL, NULL);
    }
  return n;
}

/* Positions where only some moves win: hard and perfect find the best,
 * with its exact score. */
static void
test_finds_forced_wins (void)
{
  static const struct
  {
    const char *profile;
    const char *option;
    const char *layout;
  } cases[] = {
    /* A captures c (4), at once or after D's extra turn: +2; C only draws. */
    { "kalah", "holes=4", "S: 1 0 3 1 | 5 / N: 0 1 4 3 | 6 / south" },
    /* congkak-single, North to move: c wins by 9, a by 3, d loses. */
    { "congkak-single", "holes=4", "S: 0 2 0 1 | 6 / N: 3 0 1 2 | 8 / north" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (CongkakGame) game = NULL;
      const CongkakState *state;
      guint8 holes[CONGKAK_MAX_HOLES];
      int values[CONGKAK_MAX_HOLES];
      guint n, n_winning = 0;
      int best = G_MININT;
      CongkakRules rules;

      g_test_message ("%s %s", cases[c].profile, cases[c].layout);
      test_rules (&rules, cases[c].profile, cases[c].option, NULL);
      game = test_game_from_layout (&rules, cases[c].layout);
      state = congkak_game_get_state (game);
      n = solve_moves (&rules, state, holes, values);
      for (guint i = 0; i < n; i++)
        {
          g_test_message ("%c: %+d", congkak_hole_letter (state->position.to_move, holes[i]), values[i]);
          n_winning += values[i] > 0;
          best = MAX (best, values[i]);
        }
      g_assert_cmpuint (n_winning, >, 0);
      g_assert_cmpuint (n_winning, <, n);

      for (CongkakLevel level = CONGKAK_LEVEL_HARD; level <= CONGKAK_LEVEL_PERFECT; level++)
        {
          g_autoptr (GError) error = NULL;
          CongkakComputerOptions options;
          CongkakComputerMove out;
          guint i = 0;

          budget_options (&options, level, 1, 50000);
          g_assert_true (congkak_computer_choose_move (&rules, state, NULL, CONGKAK_NOBODY, &options,
                                                       NULL, &out, &error));
          g_assert_no_error (error);
          while (holes[i] != out.hole)
            i++;
          g_assert_cmpint (values[i], ==, best);
          g_assert_cmpint (values[i], >, 0);
          g_assert_true (out.exact);
          g_assert_cmpint (out.score, ==, values[i]);
        }
    }
}

/* In a multi-round match a capture that leaves North unable to fill a
 * hole wins the match: the score says so, and the line played out by the
 * computer for both sides ends the match with South the winner. */
static void
test_finds_match_win (void)
{
  g_autoptr (CongkakComputer) computer = NULL;
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GError) error = NULL;
  CongkakComputerOptions options;
  CongkakComputerMove out;
  CongkakRules rules;

  test_rules (&rules, "congkak", "holes=3", "seeds=3", NULL);
  /* North needs 3 seeds to fill a hole next round; it has 1 in store. */
  game = test_game_from_layout (&rules, "S: 1 0 1 | 10 / N: 0 3 0 | 1 / south");
  computer = congkak_computer_new (&rules);
  budget_options (&options, CONGKAK_LEVEL_HARD, 1, 20000);

  g_assert_true (congkak_computer_choose (computer, congkak_game_get_state (game), NULL, CONGKAK_NOBODY,
                                          &options, NULL, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpint (out.score, >=, CONGKAK_SEARCH_MATCH_WIN / 2);
  while (congkak_game_get_state (game)->phase == CONGKAK_PHASE_PLAYING)
    play_computer (game, computer, &options, CONGKAK_SOUTH, 0);
  g_assert_cmpint (congkak_game_get_state (game)->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  g_assert_cmpint (congkak_game_get_state (game)->match_winner, ==, CONGKAK_SOUTH);
}

/* The strongest practical setting — hard with a small node budget — wins
 * at least 95 of 100 matches against random moves. */
static void
test_hard_beats_random (gconstpointer data)
{
  const char *profile = data;
  CongkakAutoPlayer players[2];
  guint wins = 0;
  CongkakRules rules;

  test_rules (&rules, profile, NULL);
  for (guint game = 0; game < 100; game++)
    {
      g_autoptr (GError) error = NULL;
      CongkakComputerMatchResult result;
      CongkakSide computer = game % 2 == 0 ? CONGKAK_SOUTH : CONGKAK_NORTH;

      memset (players, 0, sizeof players);
      budget_options (&players[computer].options, CONGKAK_LEVEL_HARD, 0, 1000);
      players[CONGKAK_OTHER_SIDE (computer)].random = TRUE;
      g_assert_true (congkak_computer_play_match (&rules, players, game + 1, 3000, NULL, &result, &error));
      g_assert_no_error (error);
      if (result.finished && result.final.match_winner == (gint8) computer)
        wins++;
    }
  g_test_message ("%s: hard won %u of 100 against random moves", profile, wins);
  g_assert_cmpuint (wins, >=, 95);
}

/* Easy loses to hard far more often than it wins. */
static void
test_easy_weaker_than_hard (void)
{
  CongkakAutoPlayer players[2] = { { 0 }, { 0 } };
  guint wins[2] = { 0, 0 };
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  for (guint game = 0; game < 20; game++)
    {
      g_autoptr (GError) error = NULL;
      CongkakComputerMatchResult result;
      CongkakSide hard = game % 2 == 0 ? CONGKAK_SOUTH : CONGKAK_NORTH;

      budget_options (&players[hard].options, CONGKAK_LEVEL_HARD, 0, 1000);
      budget_options (&players[CONGKAK_OTHER_SIDE (hard)].options, CONGKAK_LEVEL_EASY, 0, 0);
      players[0].random = players[1].random = FALSE;
      g_assert_true (congkak_computer_play_match (&rules, players, game + 1, 0, NULL, &result, &error));
      g_assert_no_error (error);
      if (result.final.match_winner != CONGKAK_NOBODY)
        wins[result.final.match_winner == (gint8) hard]++;
    }
  g_test_message ("hard won %u, easy won %u of 20", wins[1], wins[0]);
  g_assert_cmpuint (wins[1], >=, 15);
  g_assert_cmpuint (wins[0], <, wins[1]);
}

/* Easy's random choices follow the seed: the same seed, the same moves;
 * over many seeds it does not always play the same. */
static void
test_easy_follows_seed (void)
{
  g_autoptr (CongkakComputer) computer = NULL;
  CongkakRules rules;
  CongkakState state;
  guint first_hole = 0;
  gboolean varied = FALSE;

  test_rules (&rules, "kalah", NULL);
  congkak_state_init (&state, &rules);
  computer = congkak_computer_new (&rules);
  for (guint64 seed = 0; seed < 40; seed++)
    {
      CongkakComputerOptions options;
      CongkakComputerMove a, b;

      congkak_computer_options_init (&options, CONGKAK_LEVEL_EASY, seed);
      g_assert_true (congkak_computer_choose (computer, &state, NULL, CONGKAK_NOBODY, &options, NULL, &a, NULL));
      g_assert_true (congkak_computer_choose (computer, &state, NULL, CONGKAK_NOBODY, &options, NULL, &b, NULL));
      g_assert_cmpuint (a.hole, ==, b.hole);
      if (seed == 0)
        first_hole = a.hole;
      else if (a.hole != first_hole)
        varied = TRUE;
    }
  g_assert_true (varied);
}

/* The first opening hole is the same whatever the other player chose
 * (hidden), the same for the same seed, and a choosable hole; a further
 * choice, when the computer's seed falls into its store, is one of the
 * holes it may choose at that moment. */
static void
test_opening_choice (void)
{
  g_autoptr (CongkakComputer) computer = NULL;
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  CongkakRules rules;
  CongkakState start;
  gboolean further_seen = FALSE;

  test_rules (&rules, "congkak", "holes=5", "seeds=3", NULL);
  congkak_state_init (&start, &rules);
  g_assert_cmpint (start.phase, ==, CONGKAK_PHASE_OPENING);
  computer = congkak_computer_new (&rules);

  for (CongkakLevel level = CONGKAK_LEVEL_EASY; level <= CONGKAK_LEVEL_HARD; level++)
    {
      CongkakComputerOptions options;
      CongkakComputerMove blind, again;

      budget_options (&options, level, 3, 2000);
      g_assert_true (congkak_computer_choose (computer, &start, NULL, CONGKAK_NORTH, &options, NULL, &blind, NULL));
      g_assert_cmpint (blind.kind, ==, CONGKAK_MOVE_OPENING);
      g_assert_cmpint (blind.side, ==, CONGKAK_NORTH);
      g_assert_true (congkak_position_can_choose (&start.position, CONGKAK_NORTH, blind.hole));
      g_assert_true (congkak_computer_choose (computer, &start, NULL, CONGKAK_NORTH, &options, NULL, &again, NULL));
      g_assert_cmpuint (again.hole, ==, blind.hole);
      g_assert_cmpint (again.score, ==, blind.score);

      for (guint south = 0; south < rules.holes; south++)
        {
          CongkakComputerMove seen;
          CongkakState attempt = start;
          CongkakSide needing;

          congkak_opening_clear (opening);
          congkak_opening_add_choice (opening, CONGKAK_SOUTH, south);
          g_assert_true (congkak_computer_choose (computer, &start, opening, CONGKAK_NORTH, &options, NULL, &seen, NULL));
          g_assert_cmpuint (seen.hole, ==, blind.hole);

          /* Play on with the computer's hole and, whenever North must
           * choose again, ask it. */
          congkak_opening_add_choice (opening, CONGKAK_NORTH, blind.hole);
          for (;;)
            {
              CongkakComputerMove further;
              guint hole = 0;

              attempt = start;
              g_assert_true (congkak_state_play_opening (&attempt, &rules, opening, NULL, &needing, NULL));
              if (needing == CONGKAK_NOBODY)
                break;
              if (needing == CONGKAK_SOUTH)
                {
                  while (!congkak_position_can_choose (&attempt.position, CONGKAK_SOUTH, hole))
                    hole++;
                  congkak_opening_add_choice (opening, CONGKAK_SOUTH, hole);
                  continue;
                }
              g_assert_true (congkak_computer_choose (computer, &start, opening, CONGKAK_NORTH, &options,
                                                      NULL, &further, NULL));
              g_assert_cmpint (further.kind, ==, CONGKAK_MOVE_OPENING);
              g_assert_true (congkak_position_can_choose (&attempt.position, CONGKAK_NORTH, further.hole));
              congkak_opening_add_choice (opening, CONGKAK_NORTH, further.hole);
              further_seen = TRUE;
            }
          g_assert_cmpint (attempt.phase, !=, CONGKAK_PHASE_OPENING);
        }
    }
  g_assert_true (further_seen);
}

/* The wrong phase or side is refused with a clear error. */
static void
test_no_move (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakGame) game = NULL;
  CongkakComputerOptions options;
  CongkakComputerMove out = { .hole = 77 };
  CongkakRules rules;

  test_rules (&rules, "kalah", "holes=4", NULL);
  congkak_computer_options_init (&options, CONGKAK_LEVEL_EASY, 0);
  game = test_game_from_layout (&rules, "S: 1 0 0 0 | 5 / N: 0 0 0 1 | 9 / north");
  g_assert_false (congkak_computer_choose_move (&rules, congkak_game_get_state (game), NULL, CONGKAK_SOUTH,
                                                &options, NULL, &out, &error));
  g_assert_error (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_NO_MOVE);
  g_assert_cmpuint (out.hole, ==, 77);
  g_clear_error (&error);

  g_assert_true (congkak_game_play_text (game, "d", NULL, &error));
  g_assert_cmpint (congkak_game_get_state (game)->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  g_assert_false (congkak_computer_choose_move (&rules, congkak_game_get_state (game), NULL, CONGKAK_NOBODY,
                                                &options, NULL, &out, &error));
  g_assert_error (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_NO_MOVE);
}

typedef struct
{
  CongkakRules        rules;
  CongkakState        state;
  gint                cancel;
  gint                started;
  gboolean            chose;
  GError             *error;
} CancelJob;

static gpointer
cancel_job_run (gpointer data)
{
  CancelJob *job = data;
  CongkakComputerOptions options;
  CongkakComputerMove out;

  congkak_computer_options_init (&options, CONGKAK_LEVEL_PERFECT, 0);
  options.max_seconds = 120;
  g_atomic_int_set (&job->started, 1);
  job->chose = congkak_computer_choose_move (&job->rules, &job->state, NULL, CONGKAK_NOBODY, &options,
                                             &job->cancel, &out, &job->error);
  return NULL;
}

/* A search in another thread stops soon after the flag is set — long
 * before its two-minute limit — and says it was cancelled; a flag set
 * before the call stops it at once. */
static void
test_cancel_from_thread (void)
{
  CancelJob job = { 0 };
  CongkakComputerOptions options;
  CongkakComputerMove out = { .hole = 77 };
  g_autoptr (GError) error = NULL;
  GThread *thread;
  gint64 cancelled_at;
  gint set = 1;

  test_rules (&job.rules, "congkak-single", NULL);
  congkak_state_init (&job.state, &job.rules);

  thread = g_thread_new ("search", cancel_job_run, &job);
  while (!g_atomic_int_get (&job.started))
    g_usleep (1000);
  g_usleep (100 * 1000);
  cancelled_at = g_get_monotonic_time ();
  g_atomic_int_set (&job.cancel, 1);
  g_thread_join (thread);
  g_test_message ("stopped %.3f s after the flag was set",
                  (g_get_monotonic_time () - cancelled_at) / (double) G_USEC_PER_SEC);
  g_assert_cmpint (g_get_monotonic_time () - cancelled_at, <, 30 * G_USEC_PER_SEC);
  g_assert_false (job.chose);
  g_assert_error (job.error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_CANCELLED);
  g_clear_error (&job.error);

  congkak_computer_options_init (&options, CONGKAK_LEVEL_HARD, 0);
  g_assert_false (congkak_computer_choose_move (&job.rules, &job.state, NULL, CONGKAK_NOBODY, &options,
                                                &set, &out, &error));
  g_assert_error (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_CANCELLED);
  g_assert_cmpuint (out.hole, ==, 77);
}

/* The hint is the hard level's move for the player to move. */
static void
test_hint (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakGame) game = NULL;
  CongkakComputerMove hint;
  CongkakRules rules;

  test_rules (&rules, "kalah", "holes=4", NULL);
  game = test_game_from_layout (&rules, "S: 1 0 3 1 | 5 / N: 0 1 4 3 | 6 / south");
  g_assert_true (congkak_computer_hint (&rules, congkak_game_get_state (game), NULL, CONGKAK_NOBODY,
                                        NULL, &hint, &error));
  g_assert_no_error (error);
  g_assert_cmpint (hint.kind, ==, CONGKAK_MOVE_SOW);
  g_assert_cmpint (hint.side, ==, CONGKAK_SOUTH);
  g_assert_true (hint.exact);
  g_assert_cmpint (hint.score, >, 0);
}

/* Easy and medium keep Oware's simple evaluation (a quarter of the
 * difference of the sides: the strength people have been beating), while
 * the search's default is the fitted one: each level's value of its move
 * is the simple search's, and the fitted one values it otherwise here. */
static void
test_oware_simple_evaluation (void)
{
  /* Holes of 1 and 2 seeds on both sides, empty ones and a big one. */
  static const guint8 south[6] = { 0, 1, 2, 12, 3, 0 };
  static const guint8 north[6] = { 2, 1, 4, 13, 0, 1 };
  g_autoptr (CongkakComputer) computer = NULL;
  g_autoptr (CongkakSearch) simple = NULL;
  g_autoptr (CongkakSearch) fitted = NULL;
  g_autoptr (GError) error = NULL;
  CongkakPosition position = { 0 };
  CongkakRules rules;
  CongkakState state;

  test_rules (&rules, "oware", NULL);
  position.n_holes = 6;
  position.to_move = CONGKAK_SOUTH;
  for (guint i = 0; i < 6; i++)
    {
      position.holes[CONGKAK_SOUTH][i] = south[i];
      position.holes[CONGKAK_NORTH][i] = north[i];
    }
  position.store[CONGKAK_SOUTH] = 5;
  position.store[CONGKAK_NORTH] = 4;
  g_assert_true (congkak_state_init_from_position (&state, &rules, &position, &error));
  g_assert_no_error (error);
  computer = congkak_computer_new (&rules);
  simple = congkak_search_new (&rules, 16);
  fitted = congkak_search_new (&rules, 16);
  congkak_search_set_simple_evaluation (simple, TRUE);

  /* Several seeds, for several drawn moves: the fitted evaluation must
   * value some of them otherwise, or the test could not tell. */
  for (CongkakLevel level = CONGKAK_LEVEL_EASY; level <= CONGKAK_LEVEL_MEDIUM; level++)
    {
      guint differ = 0;

      for (guint64 seed = 1; seed <= 12; seed++)
        {
          CongkakComputerOptions options;
          CongkakComputerMove out;
          int simple_value, fitted_value;

          budget_options (&options, level, seed, 0);
          g_assert_true (congkak_computer_choose (computer, &state, NULL, CONGKAK_NOBODY, &options, NULL, &out, &error));
          g_assert_no_error (error);
          g_assert_true (congkak_search_move_value (simple, &state, out.hole, out.depth, &simple_value));
          g_assert_true (congkak_search_move_value (fitted, &state, out.hole, out.depth, &fitted_value));
          g_assert_cmpint (out.score, ==, simple_value);
          differ += fitted_value != simple_value;
        }
      g_assert_cmpuint (differ, >, 0);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/computer/levels/legal", test_levels_play_legal_moves);
  g_test_add_func ("/engine/computer/levels/easy-follows-seed", test_easy_follows_seed);
  g_test_add_func ("/engine/computer/levels/easy-weaker-than-hard", test_easy_weaker_than_hard);
  g_test_add_func ("/engine/computer/levels/oware-simple-evaluation", test_oware_simple_evaluation);
  for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/computer/strength/%s", profiles[i]);

      g_test_add_data_func (path, profiles[i], test_hard_beats_random);
    }
  g_test_add_func ("/engine/computer/search/forced-wins", test_finds_forced_wins);
  g_test_add_func ("/engine/computer/search/match-win", test_finds_match_win);
  g_test_add_func ("/engine/computer/opening", test_opening_choice);
  g_test_add_func ("/engine/computer/no-move", test_no_move);
  g_test_add_func ("/engine/computer/cancel", test_cancel_from_thread);
  g_test_add_func ("/engine/computer/hint", test_hint);

  return g_test_run ();
}
