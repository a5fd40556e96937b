/* test-engine-properties.c — invariants over many random matches
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Fixed seeds, so a failure always reproduces.  Set CONGKAK_TEST_GAMES to
 * play more (or fewer) matches per rule set than the default 10,000.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "congkak-kernel-private.h"
#include "congkak-oware-eval-private.h"
#include "congkak-oware-kernel-private.h"
#include "congkak-test-util.h"

static guint
games_per_rule_set (guint fallback)
{
  const char *games = g_getenv ("CONGKAK_TEST_GAMES");

  return games ? (guint) atoi (games) : fallback;
}

/* Applies a move's events to a copy of the board, as the animation does:
 * the events alone must tell where every seed went.  Each pick-up and
 * capture is checked against the board it takes from. */
static void
apply_events (CongkakPosition    *board,
              const CongkakRules *rules,
              GArray             *events)
{
  for (guint i = 0; i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);

      switch (event->type)
        {
        case CONGKAK_EVENT_PICK_UP:
        case CONGKAK_EVENT_RELAY:
          g_assert_cmpuint (board->holes[event->place.side][event->place.index], ==, event->count);
          break;
        case CONGKAK_EVENT_CAPTURE:
          {
            guint taken = 0;

            for (guint side = 0; side < 2; side++)
              for (guint h = 0; h < rules->holes; h++)
                if (event->mask[side] & (1u << h))
                  taken += board->holes[side][h];
            g_assert_cmpuint (taken, ==, event->count);
          }
          break;
        case CONGKAK_EVENT_ROUND_END:
          for (guint side = 0; side < 2; side++)
            if (event->amount[side] > 0)
              g_assert_cmpuint (congkak_position_side_seeds (board, side), ==, event->amount[side]);
          break;
        default:
          break;
        }
      congkak_position_apply_event (board, rules, event);
    }
}

static guint
count_drops (GArray *events)
{
  guint drops = 0;

  for (guint i = 0; i < events->len; i++)
    {
      guint8 type = g_array_index (events, CongkakEvent, i).type;

      drops += type == CONGKAK_EVENT_DROP || type == CONGKAK_EVENT_FORFEIT;
    }
  return drops;
}

/* Random play rarely ends a multi-round match soon: seeds drift back and
 * forth for hundreds of rounds (measured: up to 1,913 rounds, 55,010
 * moves), as unlimited rules allow.  Matches still running after
 * @round_limit rounds are checked up to there and left. */
static gboolean
play_random_match (const CongkakRules *rules,
                   GRand              *rand,
                   guint               round_limit)
{
  g_autoptr (CongkakGame) game = congkak_game_new (rules);
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) events = congkak_event_array_new ();
  guint total = congkak_rules_total_seeds (rules);
  /* Far beyond any real match; reaching it means the match never ends. */
  const guint move_limit = 100000;

  while (congkak_game_get_state (game)->phase != CONGKAK_PHASE_MATCH_OVER
         && congkak_game_get_state (game)->round <= round_limit)
    {
      const CongkakState *state = congkak_game_get_state (game);
      CongkakPosition board = state->position;
      guint bound = congkak_position_sowing_bound (&state->position);
      g_autoptr (GError) error = NULL;
      char *move;

      g_assert_cmpuint (moves->len, <, move_limit);

      switch (state->phase)
        {
        case CONGKAK_PHASE_OPENING:
          move = congkak_state_random_move (state, rules, rand);
          bound *= 2;  /* two hands */
          break;
        case CONGKAK_PHASE_ROUND_OVER:
          for (guint side = 0; side < 2; side++)
            for (guint h = 0; h < rules->holes; h++)
              g_assert_cmpuint (state->position.holes[side][h], ==, 0);
          move = g_strdup ("next-round");
          break;
        case CONGKAK_PHASE_PLAYING:
        default:
          {
            guint8 holes[CONGKAK_MAX_HOLES];
            guint n = congkak_state_legal_moves (state, rules, holes);

            /* While the round runs, the player to move always has a move. */
            g_assert_cmpuint (n, >, 0);
            move = g_strdup_printf ("%c", congkak_hole_letter (state->position.to_move,
                                                               holes[g_rand_int_range (rand, 0, n)]));
          }
          break;
        }

      g_array_set_size (events, 0);
      congkak_game_play_text (game, move, events, &error);
      g_assert_no_error (error);
      g_ptr_array_add (moves, move);

      /* The termination bound of RULES.md 2. */
      g_assert_cmpuint (count_drops (events), <=, bound);

      /* Seeds are conserved, and the events account for every one. */
      state = congkak_game_get_state (game);
      g_assert_cmpuint (congkak_position_total_seeds (&state->position), ==, total);
      apply_events (&board, rules, events);
      board.to_move = state->position.to_move;
      g_assert_true (congkak_position_equal (&board, &state->position));
    }

  /* The same moves give the same match. */
  {
    g_autoptr (CongkakGame) replay = congkak_game_new (rules);

    for (guint i = 0; i < moves->len; i++)
      {
        g_autoptr (GError) error = NULL;

        congkak_game_play_text (replay, g_ptr_array_index (moves, i), NULL, &error);
        g_assert_no_error (error);
      }
    g_assert_true (congkak_position_equal (&congkak_game_get_state (replay)->position,
                                           &congkak_game_get_state (game)->position));
    g_assert_cmpint (congkak_game_get_state (replay)->match_winner, ==,
                     congkak_game_get_state (game)->match_winner);
    g_assert_cmpuint (congkak_game_get_n_round_results (replay), ==,
                      congkak_game_get_n_round_results (game));
  }

  return congkak_game_get_state (game)->phase == CONGKAK_PHASE_MATCH_OVER;
}

typedef struct
{
  const char *profile;
  const char *options[5];
  guint       games;
} RuleSet;

static void
test_random_matches (gconstpointer data)
{
  const RuleSet *set = data;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261129);
  guint games = games_per_rule_set (set->games);
  guint finished = 0;
  CongkakRules rules;

  congkak_rules_init_profile (&rules, set->profile, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (set->options) && set->options[i]; i++)
    {
      g_auto (GStrv) pair = g_strsplit (set->options[i], "=", 2);

      g_assert_true (congkak_rules_set_option (&rules, pair[0], pair[1], NULL));
    }
  g_assert_true (congkak_rules_validate (&rules, NULL));

  for (guint i = 0; i < games; i++)
    finished += play_random_match (&rules, rand, 20);
  g_test_message ("%u of %u matches finished within 20 rounds", finished, games);
}

/* Random rules within the allowed ranges: every option of every family
 * takes random values (through the same option keys as files and the
 * CLI), then a random match checks the same invariants. */
static void
random_rules (CongkakRules *rules,
              GRand        *rand)
{
  static const char * const numbers[] = { "holes", "seeds", "min-holes", "max-rounds", NULL };
  const char * const *keys = congkak_rules_option_keys ();

  congkak_rules_init_profile (rules, g_rand_boolean (rand) ? "oware" : "congkak", NULL);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *value = NULL;

      if (!congkak_rules_option_applies (rules, keys[i]) || g_str_equal (keys[i], "family"))
        continue;
      if (g_strv_contains (numbers, keys[i]))
        {
          if (g_str_equal (keys[i], "holes"))
            value = g_strdup_printf ("%d", g_rand_int_range (rand, CONGKAK_MIN_HOLES, CONGKAK_MAX_HOLES + 1));
          else if (g_str_equal (keys[i], "seeds"))
            value = g_strdup_printf ("%d", g_rand_int_range (rand, CONGKAK_MIN_SEEDS, CONGKAK_MAX_SEEDS + 1));
          else if (g_str_equal (keys[i], "min-holes"))
            value = g_strdup_printf ("%d", g_rand_int_range (rand, 1, rules->holes + 1));
          else
            value = g_strdup_printf ("%d", g_rand_int_range (rand, 0, 6));
        }
      else
        {
          /* Every value a key takes, found by trying: unknown values fail. */
          static const char * const candidates[] = {
            "on", "off", "clockwise", "counter-clockwise", "end-round", "mover-cannot-move", "pass",
            "single", "multi", "skip", "forfeit", "loser", "winner", "last-mover", "alternate",
            "south", "north", "no-capture", "capture", NULL
          };
          const char *valid[G_N_ELEMENTS (candidates)];
          guint n_valid = 0;

          for (guint c = 0; candidates[c] != NULL; c++)
            {
              CongkakRules trial = *rules;

              if (congkak_rules_set_option (&trial, keys[i], candidates[c], NULL))
                valid[n_valid++] = candidates[c];
            }
          g_assert_cmpuint (n_valid, >=, 2);
          value = g_strdup (valid[g_rand_int_range (rand, 0, n_valid)]);
        }
      g_assert_true (congkak_rules_set_option (rules, keys[i], value, NULL));
    }
  g_assert_true (congkak_rules_validate (rules, NULL));
}

static void
test_random_rules (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  guint rule_sets = games_per_rule_set (10000);

  for (guint i = 0; i < rule_sets; i++)
    {
      CongkakRules rules;

      random_rules (&rules, rand);
      play_random_match (&rules, rand, 10);
    }
  g_test_message ("%u random rule sets played", rule_sets);
}

/* Section 10, example 5: random congkak positions of 98 seeds; every legal
 * move ends within the bound, with and without events alike. */
static void
test_termination_bound (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autoptr (GArray) events = congkak_event_array_new ();
  CongkakRules rules;
  guint positions = 0;

  test_rules (&rules, "congkak", NULL);

  while (positions < 10000)
    {
      CongkakPosition position;

      memset (&position, 0, sizeof position);
      position.n_holes = rules.holes;
      position.to_move = g_rand_boolean (rand) ? CONGKAK_SOUTH : CONGKAK_NORTH;
      for (guint seed = 0; seed < 98; seed++)
        {
          guint where = g_rand_int_range (rand, 0, 2 * rules.holes + 2);

          if (where < 2 * rules.holes)
            position.holes[where / rules.holes][where % rules.holes]++;
          else
            position.store[where - 2 * rules.holes]++;
        }

      if (congkak_position_side_seeds (&position, position.to_move) == 0)
        continue;
      positions++;

      for (guint h = 0; h < rules.holes; h++)
        {
          CongkakPosition fast = position, full = position;
          guint bound = congkak_position_sowing_bound (&position);
          guint drops;

          if (!congkak_position_can_choose (&position, position.to_move, h))
            continue;
          drops = congkak_position_sow_fast (&fast, &rules, h);
          g_assert_cmpuint (drops, <=, bound);
          g_array_set_size (events, 0);
          g_assert_cmpuint (congkak_position_sow (&full, &rules, h, events), ==, drops);
          g_assert_cmpuint (count_drops (events), ==, drops);
          g_assert_true (congkak_position_equal (&fast, &full));
          g_assert_cmpuint (congkak_position_total_seeds (&full), ==, 98);
        }
    }
}

/* The fast sowing kernel of perft and the solver plays every move of a
 * single-round store game exactly as congkak_state_play_fast() does, for
 * every option set it is compiled for, laps and relays included. */
static void
test_kernel_matches_engine (void)
{
  static const char * const empty_sides[] = { "end-round", "mover-cannot-move", "pass" };
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  guint positions = 0, moves = 0;

  while (positions < 20000)
    {
      g_autofree char *holes = g_strdup_printf ("holes=%d", g_rand_int_range (rand, CONGKAK_MIN_HOLES, CONGKAK_MAX_HOLES + 1));
      g_autofree char *empty_side = g_strconcat ("empty-side=", empty_sides[g_rand_int_range (rand, 0, 3)], NULL);
      CongkakRules rules;
      CongkakKernel kernel;
      CongkakPosition position;
      CongkakState state;
      guint total = g_rand_int_range (rand, 1, 256);

      test_rules (&rules, "kalah", holes,
                  g_rand_boolean (rand) ? "relay=on" : "relay=off",
                  g_rand_boolean (rand) ? "capture-empty-opposite=on" : "capture-empty-opposite=off",
                  empty_side,
                  NULL);
      congkak_kernel_init (&kernel, &rules);

      memset (&position, 0, sizeof position);
      position.n_holes = rules.holes;
      position.to_move = g_rand_boolean (rand) ? CONGKAK_SOUTH : CONGKAK_NORTH;
      /* Sometimes piled into few holes, for laps. */
      for (guint seed = 0, spread = g_rand_int_range (rand, 1, 2 * rules.holes + 3); seed < total; seed++)
        {
          guint where = g_rand_int_range (rand, 0, MIN (spread, 2 * rules.holes + 2));

          if (where < 2 * rules.holes)
            position.holes[where / rules.holes][where % rules.holes]++;
          else
            position.store[where - 2 * rules.holes]++;
        }
      if (!congkak_state_init_from_position (&state, &rules, &position, NULL)
          || !congkak_kernel_applies (&rules, &state))
        continue;
      positions++;

      for (guint h = 0; h < rules.holes; h++)
        {
          CongkakState child = state;
          CongkakKernelBoard board, expected;
          CongkakSide mover = state.position.to_move;
          CongkakKernelOutcome outcome;

          if (!congkak_state_is_legal (&state, &rules, h))
            continue;
          moves++;
          congkak_state_play_fast (&child, &rules, h);
          congkak_kernel_board_from_state (&kernel, &state, &board);
          outcome = congkak_kernel_play (&kernel, &board, h, kernel.flags);

          if (child.phase != CONGKAK_PHASE_PLAYING)
            {
              g_assert_cmpint (outcome, ==, KERNEL_OVER);
              child.position.to_move = mover;
            }
          else
            g_assert_cmpint (outcome, ==, child.position.to_move == mover ? KERNEL_SAME : KERNEL_SWAP);
          congkak_kernel_board_from_state (&kernel, &child, &expected);
          g_assert_cmpmem (&board, sizeof board, &expected, sizeof expected);
        }
    }
  g_test_message ("%u positions, %u moves", positions, moves);
}

/* The Oware evaluation's capture feature (congkak-oware-eval.c) says what
 * every move captures exactly as the engine plays it: laps skipping the
 * origin, chains of 2 and 3, a grand slam capturing nothing. */
static void
test_oware_capture_matches_engine (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (23);
  guint positions = 0, moves = 0, captures = 0, grand_slams = 0;

  while (positions < 20000)
    {
      g_autofree char *holes = g_strdup_printf ("holes=%d", g_rand_int_range (rand, 3, CONGKAK_MAX_HOLES + 1));
      CongkakRules rules;
      CongkakPosition position;
      CongkakState state;
      guint total;

      test_rules (&rules, "oware", holes, NULL);
      total = g_rand_int_range (rand, 1, congkak_rules_total_seeds (&rules) / 2);
      memset (&position, 0, sizeof position);
      position.n_holes = rules.holes;
      position.to_move = g_rand_boolean (rand) ? CONGKAK_SOUTH : CONGKAK_NORTH;
      /* Sometimes piled into few holes, for laps; often 1 or 2 a hole, for chains. */
      for (guint seed = 0, spread = g_rand_int_range (rand, 1, 2 * rules.holes + 1); seed < total; seed++)
        {
          guint where = g_rand_int_range (rand, 0, spread);

          position.holes[where / rules.holes][where % rules.holes]++;
        }
      if (!congkak_state_init_from_position (&state, &rules, &position, NULL)
          || state.phase != CONGKAK_PHASE_PLAYING)
        continue;
      positions++;

      /* The features' shortcut finds the best of them. */
      {
        CongkakSide mover = state.position.to_move;
        guint8 own[CONGKAK_MAX_HOLES], other[CONGKAK_MAX_HOLES];
        int features[CONGKAK_OWARE_N_FEATURES];
        int best = 0, threat = 0;

        for (guint i = 0; i < rules.holes; i++)
          {
            own[i] = (guint8) state.position.holes[mover][i];
            other[i] = (guint8) state.position.holes[CONGKAK_OTHER_SIDE (mover)][i];
          }
        for (guint h = 0; h < rules.holes; h++)
          {
            best = MAX (best, congkak_oware_capture (own, other, rules.holes, h));
            threat = MAX (threat, congkak_oware_capture (other, own, rules.holes, h));
          }
        int captured_own = g_rand_int_range (rand, 0, 10), captured_other = g_rand_int_range (rand, 0, 10);
        int total = (int) congkak_rules_total_seeds (&rules);

        congkak_oware_features (own, other, rules.holes, captured_own, captured_other, total, features);
        g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_CAPTURE], ==, best);
        g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_THREAT], ==, threat);
        /* The evaluation, written out for speed, is the features weighed. */
        g_assert_cmpint (congkak_oware_evaluate (own, other, rules.holes, captured_own, captured_other, total),
                         ==, congkak_oware_weigh (features));
      }

      for (guint h = 0; h < rules.holes; h++)
        {
          CongkakState child = state;
          CongkakSide mover = state.position.to_move;
          guint8 own[CONGKAK_MAX_HOLES], other[CONGKAK_MAX_HOLES];
          g_autoptr (GArray) events = congkak_event_array_new ();
          int captured;

          if (!congkak_state_is_legal (&state, &rules, h))
            continue;
          for (guint i = 0; i < rules.holes; i++)
            {
              own[i] = (guint8) state.position.holes[mover][i];
              other[i] = (guint8) state.position.holes[CONGKAK_OTHER_SIDE (mover)][i];
            }
          captured = congkak_oware_capture (own, other, rules.holes, h);
          g_assert_true (congkak_state_play (&child, &rules, mover, h, events, NULL));
          for (guint i = 0; i < events->len; i++)
            grand_slams += g_array_index (events, CongkakEvent, i).type == CONGKAK_EVENT_GRAND_SLAM;
          /* A game that ends gives the seeds left to their sides. */
          if (child.phase != CONGKAK_PHASE_PLAYING)
            continue;
          moves++;
          captures += captured > 0;
          g_assert_cmpint (captured, ==, (int) child.position.store[mover] - (int) state.position.store[mover]);
        }
    }
  g_test_message ("%u positions, %u moves, %u captures, %u grand slams", positions, moves, captures, grand_slams);
  g_assert_cmpuint (captures, >, 1000);
  g_assert_cmpuint (grand_slams, >, 10);
}

/* The features count what they say on a board made by hand. */
static void
test_oware_features (void)
{
  /* The mover's hole 4 (3 seeds) ends in the other's hole 1, making it 2
   * and hole 0 3: 5 captured.  The other's hole 3 (13 seeds) laps. */
  static const guint8 own[6] = { 0, 1, 2, 12, 3, 0 };
  static const guint8 other[6] = { 2, 1, 4, 13, 0, 1 };
  int features[CONGKAK_OWARE_N_FEATURES];

  congkak_oware_features (own, other, 6, 10, 2, 48, features);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_MATERIAL], ==, 18 - 21);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_OWN_EMPTY], ==, 2);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_OTHER_EMPTY], ==, 1);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_OWN_WEAK], ==, 2);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_OTHER_WEAK], ==, 3);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_OWN_KROO], ==, 1);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_OTHER_KROO], ==, 1);
  /* Own holes 1 and 2 stay home; the other's 0 and 1. */
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_OWN_TEMPO], ==, 2);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_OTHER_TEMPO], ==, 2);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_CAPTURE], ==, 5);
  g_assert_cmpint (congkak_oware_capture (own, other, 6, 4), ==, 5);
  g_assert_cmpint (features[CONGKAK_OWARE_FEATURE_LATE_MATERIAL], ==, -3 * 12);
}

static int
margin_of (const CongkakPosition *position,
           CongkakSide            side)
{
  return (int) position->store[side] - (int) position->store[CONGKAK_OTHER_SIDE (side)];
}

/* The Oware search's kernel plays every legal move as
 * congkak_state_play_fast() does: the same legal moves (must feed), the
 * same board and captures after the move (laps, captures, both grand slam
 * options), the same end of the game and the seeds taken then; and its
 * capture guess is what the move captures.  Positions scattered at random
 * (few seeds, piles for laps) and from random games of 3 to 9 holes of 4
 * to 6 seeds. */
static void
test_oware_kernel_matches_engine (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (25);
  guint positions = 0, moves = 0, captures = 0, ends = 0;

  while (positions < 30000)
    {
      g_autofree char *holes = g_strdup_printf ("holes=%d", g_rand_int_range (rand, 3, CONGKAK_MAX_HOLES + 1));
      g_autofree char *seeds = g_strdup_printf ("seeds=%d", g_rand_int_range (rand, 4, 7));
      CongkakRules rules;
      CongkakOwareKernel kernel;
      CongkakOwareBoard board;
      CongkakState state;
      guint8 legal[CONGKAK_MAX_HOLES];
      guint n_legal, legal_mask = 0;

      test_rules (&rules, "oware", holes, seeds,
                  g_rand_boolean (rand) ? "grand-slam=capture" : "grand-slam=no-capture", NULL);
      if (g_rand_boolean (rand))
        {
          /* A random game some moves in. */
          guint length = g_rand_int_range (rand, 0, 80);

          congkak_state_init (&state, &rules);
          for (guint i = 0; i < length && state.phase == CONGKAK_PHASE_PLAYING; i++)
            {
              guint n = congkak_state_legal_moves (&state, &rules, legal);

              congkak_state_play_fast (&state, &rules, legal[g_rand_int_range (rand, 0, n)]);
            }
        }
      else
        {
          /* Seeds scattered, sometimes piled into few holes for laps. */
          CongkakPosition position;
          guint total = g_rand_int_range (rand, 1, CONGKAK_OWARE_KERNEL_MAX_SEEDS + 1);

          memset (&position, 0, sizeof position);
          position.n_holes = rules.holes;
          position.to_move = g_rand_boolean (rand) ? CONGKAK_SOUTH : CONGKAK_NORTH;
          for (guint seed = 0, spread = g_rand_int_range (rand, 1, 2 * rules.holes + 3); seed < total; seed++)
            {
              guint where = g_rand_int_range (rand, 0, MIN (spread, 2 * rules.holes + 2));

              if (where < 2 * rules.holes)
                position.holes[where / rules.holes][where % rules.holes]++;
              else
                position.store[where - 2 * rules.holes]++;
            }
          if (!congkak_state_init_from_position (&state, &rules, &position, NULL))
            continue;
        }
      if (state.phase != CONGKAK_PHASE_PLAYING)
        continue;
      g_assert_true (congkak_oware_kernel_applies (&rules, &state.position));
      positions++;

      congkak_oware_kernel_init (&kernel, &rules, &state.position);
      congkak_oware_board_from_position (&kernel, &state.position, state.position.to_move, &board);
      n_legal = congkak_state_legal_moves (&state, &rules, legal);
      for (guint i = 0; i < n_legal; i++)
        legal_mask |= 1u << legal[i];
      g_assert_cmphex (congkak_oware_legal_mask (&kernel, &board), ==, legal_mask);

      for (guint i = 0; i < n_legal; i++)
        {
          CongkakState child = state;
          CongkakSide mover = state.position.to_move;
          CongkakPosition seen;
          CongkakOwareBoard kernel_child;
          gboolean over;
          int gain, before = margin_of (&state.position, mover);
          guint guess = congkak_oware_capture_guess (&kernel, &board, legal[i]);

          moves++;
          congkak_state_play_fast (&child, &rules, legal[i]);
          gain = congkak_oware_play (&kernel, &board, legal[i], &kernel_child, &over);

          g_assert_cmpint (over, ==, child.phase != CONGKAK_PHASE_PLAYING);
          g_assert_cmpint (gain, ==, margin_of (&child.position, mover) - before);
          if (over)
            ends++;
          else
            {
              guint taken = child.position.store[mover] - state.position.store[mover];

              g_assert_cmpint (child.position.to_move, ==, CONGKAK_OTHER_SIDE (mover));
              /* A capture the grand slam rule turned down is still guessed. */
              if (taken > 0 || guess == 0)
                g_assert_cmpuint (guess, ==, taken);
              captures += taken > 0;
            }
          seen = child.position;
          congkak_oware_board_to_position (&kernel, &kernel_child, CONGKAK_OTHER_SIDE (mover), &seen);
          g_assert_cmpmem (&seen, sizeof seen, &child.position, sizeof child.position);
          for (guint c = 2 * rules.holes; c < sizeof kernel_child.cells; c++)
            g_assert_cmpuint (kernel_child.cells[c], ==, 0);
        }
    }
  g_test_message ("%u positions, %u moves, %u captures, %u game ends", positions, moves, captures, ends);
  g_assert_cmpuint (captures, >, 1000);
  g_assert_cmpuint (ends, >, 200);
}

static const RuleSet rule_sets[] = {
  { "congkak", { NULL }, 10000 },
  { "congkak-single", { NULL }, 10000 },
  { "kalah", { NULL }, 10000 },
  { "oware", { NULL }, 10000 },
  { "congkak", { "burnt-sowing=forfeit", "round-starter=winner", "min-holes=2", NULL }, 1000 },
  { "congkak", { "max-rounds=3", "min-holes=4", NULL }, 1000 },
  { "congkak", { "empty-side=pass", "round-starter=alternate", "stop-when-decided=on", NULL }, 1000 },
  { "congkak", { "empty-side=mover-cannot-move", "round-starter=last-mover", "holes=5", "seeds=4" }, 1000 },
  { "kalah", { "capture-empty-opposite=on", "holes=4", "seeds=3", NULL }, 1000 },
  { "congkak-single", { "relay=off", "holes=9", "seeds=20", NULL }, 1000 },
  { "oware", { "grand-slam=capture", "seeds=5", NULL }, 1000 },
  { "oware", { "holes=3", "seeds=1", NULL }, 1000 },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rule_sets); i++)
    {
      g_autofree char *options = g_strjoinv (",", (char **) rule_sets[i].options);
      g_autofree char *path = g_strdup_printf ("/engine/properties/%s%s%s", rule_sets[i].profile,
                                               *options ? "/" : "", options);

      g_test_add_data_func (path, &rule_sets[i], test_random_matches);
    }
  g_test_add_func ("/engine/properties/termination-bound", test_termination_bound);
  g_test_add_func ("/engine/properties/random-rules", test_random_rules);
  g_test_add_func ("/engine/properties/kernel-matches-engine", test_kernel_matches_engine);
  g_test_add_func ("/engine/properties/oware-capture-matches-engine", test_oware_capture_matches_engine);
  g_test_add_func ("/engine/properties/oware-features", test_oware_features);
  g_test_add_func ("/engine/properties/oware-kernel-matches-engine", test_oware_kernel_matches_engine);

  return g_test_run ();
}
