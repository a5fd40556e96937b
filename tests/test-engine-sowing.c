/* test-engine-sowing.c — RULES.md sections 2, 5 and 7, and the worked examples of 10
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "congkak-test-util.h"

/* Section 10, example 1. */
static void
test_example_extra_turn (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak-single", NULL);
  game = congkak_game_new (&rules);
  test_assert_move (game, "A",
                    "pick-up A 7; drop B; drop C; drop D; drop E; drop F; drop G; drop S*; extra-turn");
  test_assert_position (game, "S: 0 8 8 8 8 8 8 | 1 / N: 7 7 7 7 7 7 7 | 0 / south");
}

/* Section 10, example 2: relay from a, then capture at B with f. */
static void
test_example_relay_capture (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak-single", NULL);
  game = congkak_game_new (&rules);
  test_assert_move (game, "B",
                    "pick-up B 7; drop C; drop D; drop E; drop F; drop G; drop S*; drop a; "
                    "relay a 8; drop b; drop c; drop d; drop e; drop f; drop g; drop A; drop B; "
                    "capture B,f 9; turn-end B capture");
  test_assert_position (game, "S: 8 0 8 8 8 8 8 | 10 / N: 0 8 8 8 8 0 8 | 0 / north");
}

/* Section 10, example 3. */
static void
test_example_kalah_extra_turn (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  game = congkak_game_new (&rules);
  test_assert_move (game, "C", "pick-up C 4; drop D; drop E; drop F; drop S*; extra-turn");
  test_assert_position (game, "S: 4 4 0 5 5 5 | 1 / N: 4 4 4 4 4 4 | 0 / south");
}

/* Section 10, example 4. */
static void
test_example_oware (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "oware", NULL);
  game = congkak_game_new (&rules);
  test_assert_move (game, "F", "pick-up F 4; drop a; drop b; drop c; drop d; turn-end d sown");
  test_assert_position (game, "S: 4 4 4 4 4 0 | 0 / N: 5 5 5 5 4 4 | 0 / north");
}

/* Section 2: relay on the mover's own side too. */
static void
test_relay_own_side (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak-single", "holes=3", "seeds=2", NULL);
  /* A sows 1 into B, which held seeds: pick up 3, sow C, store, a. */
  game = test_game_from_layout (&rules, "S: 1 2 0 | 0 / N: 0 1 1 | 0 / south");
  test_assert_move (game, "A",
                    "pick-up A 1; drop B; relay B 3; drop C; drop S*; drop a; turn-end a empty-opponent-hole");
  test_assert_position (game, "S: 0 0 1 | 1 / N: 1 1 1 | 0 / north");
}

/* Section 2: the last seed in an empty own hole with an empty opposite hole. */
static void
test_capture_empty_opposite (void)
{
  const char *layout = "S: 1 0 0 0 0 2 | 0 / N: 3 0 0 0 0 0 | 0 / south";
  CongkakRules rules;

  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "kalah", "capture-empty-opposite=on", NULL);
    game = test_game_from_layout (&rules, layout);
    test_assert_move (game, "A", "pick-up A 1; drop B; capture B 1; turn-end B capture");
    test_assert_position (game, "S: 0 0 0 0 0 2 | 1 / N: 3 0 0 0 0 0 | 0 / north");
  }
  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "kalah", "capture-empty-opposite=off", NULL);
    game = test_game_from_layout (&rules, layout);
    test_assert_move (game, "A", "pick-up A 1; drop B; turn-end B empty-own-hole");
    test_assert_position (game, "S: 0 1 0 0 0 2 | 0 / N: 3 0 0 0 0 0 | 0 / north");
  }
}

/* Section 2: a capture with seeds opposite, under both settings. */
static void
test_capture_with_seeds_opposite (void)
{
  const char *settings[] = { "capture-empty-opposite=on", "capture-empty-opposite=off" };

  for (guint i = 0; i < G_N_ELEMENTS (settings); i++)
    {
      g_autoptr (CongkakGame) game = NULL;
      CongkakRules rules;

      test_rules (&rules, "kalah", settings[i], NULL);
      game = test_game_from_layout (&rules, "S: 1 0 0 0 0 2 | 0 / N: 3 0 0 0 5 0 | 0 / south");
      test_assert_move (game, "A", "pick-up A 1; drop B; capture B,e 6; turn-end B capture");
      test_assert_position (game, "S: 0 0 0 0 0 2 | 6 / N: 3 0 0 0 0 0 | 0 / north");
    }
}

/* Section 2: relay off (Kalah): the last seed on seeds ends the turn. */
static void
test_occupied_hole_without_relay (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  game = congkak_game_new (&rules);
  test_assert_move (game, "A", "pick-up A 4; drop B; drop C; drop D; drop E; turn-end E occupied-hole");
  test_assert_position (game, "S: 0 5 5 5 5 4 | 0 / N: 4 4 4 4 4 4 | 0 / north");
}

/* Section 2: the opponent's store is never sown; laps pass the own store. */
static void
test_laps_skip_opponent_store (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", "holes=3", NULL);
  /* 8 seeds from C: store, a, b, c, A, B, C, store: extra turn. */
  game = test_game_from_layout (&rules, "S: 0 0 8 | 0 / N: 1 1 1 | 0 / south");
  test_assert_move (game, "C",
                    "pick-up C 8; drop S*; drop a; drop b; drop c; drop A; drop B; drop C; drop S*; extra-turn");
  test_assert_position (game, "S: 1 1 1 | 2 / N: 2 2 2 | 0 / south");
}

/* Section 2: the last seed in an empty hole of the opponent. */
static void
test_empty_opponent_hole (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak-single", "holes=3", NULL);
  game = test_game_from_layout (&rules, "S: 1 0 2 | 0 / N: 0 3 3 | 0 / south");
  test_assert_move (game, "C", "pick-up C 2; drop S*; drop a; turn-end a empty-opponent-hole");
  test_assert_position (game, "S: 1 0 0 | 1 / N: 1 3 3 | 0 / north");
}

/* Section 5, skip: burnt holes are passed over on both sides. */
static void
test_burnt_skip (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", "holes=3", "seeds=3", NULL);
  game = test_game_from_layout (&rules, "S: 3 x 1 | 5 / N: x 2 2 | 5 / south");
  test_assert_move (game, "A",
                    "pick-up A 3; skip B burnt; drop C; drop S*; skip a burnt; drop b; "
                    "relay b 3; drop c; drop A; skip B burnt; drop C; "
                    "relay C 3; drop S*; skip a burnt; drop b; drop c; relay c 4; "
                    "drop A; skip B burnt; drop C; drop S*; skip a burnt; drop b; relay b 2; "
                    "drop c; drop A; relay A 3; skip B burnt; drop C; drop S*; skip a burnt; drop b; "
                    "turn-end b empty-opponent-hole");
  test_assert_position (game, "S: 0 x 2 | 9 / N: x 1 1 | 5 / north");
}

/* Section 5, forfeit: a seed sown at a burnt hole goes to the opponent's store. */
static void
test_burnt_forfeit (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", "holes=3", "seeds=3", "burnt-sowing=forfeit", NULL);
  /* A: B burnt (to North's store), C, store, a burnt (to North's store): last seed. */
  game = test_game_from_layout (&rules, "S: 4 x 1 | 5 / N: x 2 2 | 5 / south");
  test_assert_move (game, "A",
                    "pick-up A 4; forfeit B; drop C; drop S*; forfeit a; turn-end a burnt-hole");
  test_assert_position (game, "S: 0 x 2 | 6 / N: x 2 2 | 7 / north");
}

/* Section 5: a capture opposite a burnt hole takes only the capturing seed. */
static void
test_capture_opposite_burnt (void)
{
  CongkakRules rules;

  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "congkak", "holes=3", "seeds=3", NULL);
    /* A sows into B (empty, own); opposite of B is b, burnt. */
    game = test_game_from_layout (&rules, "S: 1 0 4 | 5 / N: 3 x 3 | 5 / south");
    test_assert_move (game, "A", "pick-up A 1; drop B; capture B 1; turn-end B capture");
    test_assert_position (game, "S: 0 0 4 | 6 / N: 3 x 3 | 5 / north");
  }
  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "congkak", "holes=3", "seeds=3", "capture-empty-opposite=off", NULL);
    game = test_game_from_layout (&rules, "S: 1 0 4 | 5 / N: 3 x 3 | 5 / south");
    test_assert_move (game, "A", "pick-up A 1; drop B; turn-end B empty-own-hole");
    test_assert_position (game, "S: 0 1 4 | 5 / N: 3 x 3 | 5 / north");
  }
}

/* Section 7: captures of 2 and 3, going backwards, stopping at another count. */
static void
test_oware_capture_chain (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "oware", NULL);
  game = test_game_from_layout (&rules, "S: 4 4 4 4 4 3 | 0 / N: 0 2 1 5 0 0 | 0 / south");
  test_assert_move (game, "F", "pick-up F 3; drop a; drop b; drop c; capture b,c 5; turn-end c capture");
  test_assert_position (game, "S: 4 4 4 4 4 0 | 5 / N: 1 0 0 5 0 0 | 0 / north");
}

/* Section 7: 12 or more seeds skip the hole they came from. */
static void
test_oware_skips_origin (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "oware", NULL);
  game = test_game_from_layout (&rules, "S: 12 0 0 0 0 0 | 0 / N: 4 4 4 4 4 4 | 0 / south");
  test_assert_move (game, "A",
                    "pick-up A 12; drop B; drop C; drop D; drop E; drop F; drop a; drop b; drop c; "
                    "drop d; drop e; drop f; skip A origin; drop B; turn-end B sown");
  test_assert_position (game, "S: 0 2 1 1 1 1 | 0 / N: 5 5 5 5 5 5 | 0 / north");
}

/* Section 7: the grand slam, under both options. */
static void
test_oware_grand_slam (void)
{
  const char *layout = "S: 10 10 0 0 0 2 | 0 / N: 1 1 0 0 0 0 | 0 / south";
  CongkakRules rules;

  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "oware", NULL);
    game = test_game_from_layout (&rules, layout);
    test_assert_move (game, "F", "pick-up F 2; drop a; drop b; grand-slam a,b 4; turn-end b sown");
    test_assert_position (game, "S: 10 10 0 0 0 0 | 0 / N: 2 2 0 0 0 0 | 0 / north");
  }
  {
    g_autoptr (CongkakGame) game = NULL;

    /* North then has no seeds: the game ends and South takes their own side. */
    test_rules (&rules, "oware", "grand-slam=capture", NULL);
    game = test_game_from_layout (&rules, layout);
    test_assert_move (game, "F",
                      "pick-up F 2; drop a; drop b; capture a,b 4; turn-end b capture; "
                      "round-end winner=south collected=20/0 no-seeds; "
                      "match-end winner=south score=24/0 single-round");
    test_assert_position (game, "S: 0 0 0 0 0 0 | 24 / N: 0 0 0 0 0 0 | 0 / none");
  }
}

/* The fast variant (no events) gives the same positions as the full one. */
static void
test_fast_equals_full (void)
{
  const char * const profiles[] = { "congkak-single", "kalah", "oware" };

  for (guint p = 0; p < G_N_ELEMENTS (profiles); p++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (17 + p);
      CongkakRules rules;
      CongkakState full, fast;

      test_rules (&rules, profiles[p], NULL);
      congkak_state_init (&full, &rules);
      fast = full;

      while (full.phase == CONGKAK_PHASE_PLAYING)
        {
          g_autoptr (GArray) events = congkak_event_array_new ();
          g_autoptr (GError) error = NULL;
          guint8 holes[CONGKAK_MAX_HOLES];
          guint n = congkak_state_legal_moves (&full, &rules, holes);
          guint hole = holes[g_rand_int_range (rand, 0, n)];

          congkak_state_play (&full, &rules, full.position.to_move, hole, events, &error);
          g_assert_no_error (error);
          congkak_state_play_fast (&fast, &rules, hole);
          g_assert_true (congkak_position_equal (&full.position, &fast.position));
          g_assert_cmpint (full.phase, ==, fast.phase);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/sowing/example/1-extra-turn", test_example_extra_turn);
  g_test_add_func ("/engine/sowing/example/2-relay-capture", test_example_relay_capture);
  g_test_add_func ("/engine/sowing/example/3-kalah-extra-turn", test_example_kalah_extra_turn);
  g_test_add_func ("/engine/sowing/example/4-oware", test_example_oware);
  g_test_add_func ("/engine/sowing/store/relay-own-side", test_relay_own_side);
  g_test_add_func ("/engine/sowing/store/capture-with-seeds-opposite", test_capture_with_seeds_opposite);
  g_test_add_func ("/engine/sowing/store/capture-empty-opposite", test_capture_empty_opposite);
  g_test_add_func ("/engine/sowing/store/occupied-hole-without-relay", test_occupied_hole_without_relay);
  g_test_add_func ("/engine/sowing/store/empty-opponent-hole", test_empty_opponent_hole);
  g_test_add_func ("/engine/sowing/store/laps-skip-opponent-store", test_laps_skip_opponent_store);
  g_test_add_func ("/engine/sowing/burnt/skip", test_burnt_skip);
  g_test_add_func ("/engine/sowing/burnt/forfeit", test_burnt_forfeit);
  g_test_add_func ("/engine/sowing/burnt/capture-opposite", test_capture_opposite_burnt);
  g_test_add_func ("/engine/sowing/oware/capture-chain", test_oware_capture_chain);
  g_test_add_func ("/engine/sowing/oware/skips-origin", test_oware_skips_origin);
  g_test_add_func ("/engine/sowing/oware/grand-slam", test_oware_grand_slam);
  g_test_add_func ("/engine/sowing/fast-equals-full", test_fast_equals_full);

  return g_test_run ();
}
