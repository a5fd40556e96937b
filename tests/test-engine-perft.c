/* test-engine-perft.c — move sequence counts from the start
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "congkak-test-util.h"

static void
assert_perft (const CongkakRules *rules,
              const guint64      *expected,
              guint               depth)
{
  CongkakState state;

  congkak_state_init (&state, rules);
  for (guint d = 1; d <= depth; d++)
    g_assert_cmpuint (congkak_perft (&state, rules, d), ==, expected[d - 1]);
}

/* Published counts for Kalah(6,4), with and without the empty capture. */
static void
test_kalah_capture_empty_opposite_on (void)
{
  static const guint64 expected[] = { 6, 35, 185, 942, 4685, 23169 };
  CongkakRules rules;

  test_rules (&rules, "kalah", "capture-empty-opposite=on", NULL);
  assert_perft (&rules, expected, G_N_ELEMENTS (expected));
}

static void
test_kalah_capture_empty_opposite_off (void)
{
  static const guint64 expected[] = { 6, 35, 185, 942, 4690, 23233 };
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  assert_perft (&rules, expected, G_N_ELEMENTS (expected));
}

/* Perft and the opening walk agree with each other: every complete opening
 * is one move at depth 1, and the openings lead to distinct sequences. */
static void
test_congkak_openings (void)
{
  CongkakRules rules;
  CongkakState state;
  guint openings;

  test_rules (&rules, "congkak", "holes=4", "seeds=3", NULL);
  congkak_state_init (&state, &rules);
  openings = congkak_state_foreach_opening (&state, &rules, NULL, NULL);
  /* At least every pair of first choices. */
  g_assert_cmpuint (openings, >=, 4 * 4);
  g_assert_cmpuint (congkak_perft (&state, &rules, 1), ==, openings);
  g_assert_cmpuint (congkak_perft (&state, &rules, 2), >, openings);
}

/* Oware from the start: 6 moves, then 6 replies each (no captures yet). */
static void
test_oware_small_depths (void)
{
  CongkakRules rules;
  CongkakState state;

  test_rules (&rules, "oware", NULL);
  congkak_state_init (&state, &rules);
  g_assert_cmpuint (congkak_perft (&state, &rules, 1), ==, 6);
  g_assert_cmpuint (congkak_perft (&state, &rules, 2), ==, 36);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/perft/kalah/capture-empty-opposite-on", test_kalah_capture_empty_opposite_on);
  g_test_add_func ("/engine/perft/kalah/capture-empty-opposite-off", test_kalah_capture_empty_opposite_off);
  g_test_add_func ("/engine/perft/congkak/openings", test_congkak_openings);
  g_test_add_func ("/engine/perft/oware/small-depths", test_oware_small_depths);

  return g_test_run ();
}
