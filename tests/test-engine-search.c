/* test-engine-search.c — the computer player's search and the exact solver
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "congkak-search-private.h"
#include "congkak-test-util.h"

static int
margin (const CongkakState *state,
        CongkakSide         side)
{
  return (int) state->position.store[side] - (int) state->position.store[CONGKAK_OTHER_SIDE (side)];
}

static guint
position_hash (gconstpointer key)
{
  return congkak_position_hash (key);
}

static gboolean
position_equal (gconstpointer a,
                gconstpointer b)
{
  return congkak_position_equal (a, b);
}

/* Plain minimax over the whole round, without pruning, remembering the
 * exact value of every position met (stores included): the final store
 * margin the player to move can force. */
static int
brute_force (const CongkakState *state,
             const CongkakRules *rules,
             GHashTable         *memo)
{
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n = congkak_state_legal_moves (state, rules, holes);
  CongkakSide me = state->position.to_move;
  int best = G_MININT;
  gpointer known;

  if (g_hash_table_lookup_extended (memo, &state->position, NULL, &known))
    return GPOINTER_TO_INT (known);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      CongkakState child = *state;
      int value;

      congkak_state_play_fast (&child, rules, holes[i]);
      if (child.phase != CONGKAK_PHASE_PLAYING)
        value = margin (&child, me);
      else if (child.position.to_move == me)
        value = brute_force (&child, rules, memo);
      else
        value = -brute_force (&child, rules, memo);
      best = MAX (best, value);
    }
  g_hash_table_insert (memo, g_memdup2 (&state->position, sizeof state->position), GINT_TO_POINTER (best));
  return best;
}

/* Replays @line from @state and checks it ends the round with @value. */
static void
assert_line_reaches (const CongkakState *state,
                     const CongkakRules *rules,
                     GPtrArray          *line,
                     int                 value)
{
  g_autoptr (CongkakGame) game = congkak_game_new_from_position (rules, &state->position, NULL);
  CongkakSide first = state->position.to_move;
  const CongkakState *end;

  g_assert_nonnull (game);
  g_assert_cmpuint (line->len, >, 0);
  for (guint i = 0; i < line->len; i++)
    {
      g_autoptr (GError) error = NULL;

      congkak_game_play_text (game, g_ptr_array_index (line, i), NULL, &error);
      g_assert_no_error (error);
    }
  end = congkak_game_get_state (game);
  g_assert_cmpint (end->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  g_assert_cmpint (margin (end, first), ==, value);
}

/* Solves @state with @search and checks the value and the best line. */
static void
assert_solves_to (CongkakSearch      *search,
                  const CongkakState *state,
                  const CongkakRules *rules,
                  int                 expected)
{
  g_autoptr (GPtrArray) line = g_ptr_array_new_with_free_func (g_free);
  guint64 nodes = 0;
  int value = congkak_search_solve (search, state, line, &nodes);

  g_assert_cmpint (value, ==, expected);
  g_assert_true (congkak_search_is_exact (search));
  g_assert_cmpuint (nodes, >, 0);
  assert_line_reaches (state, rules, line, value);
}

/* The solver agrees with brute force (with tables of sizes that are not
 * powers of two, with two threads), its best line replays to its value,
 * and an unlimited best-move search finds the same value. */
static void
assert_solver_agrees (const CongkakState *state,
                      const CongkakRules *rules)
{
  g_autoptr (CongkakSearch) search = congkak_search_new (rules, 1);
  g_autoptr (CongkakSearch) odd = congkak_search_new (rules, 3);
  g_autoptr (CongkakSearch) threaded = congkak_search_new (rules, 5);
  g_autoptr (GHashTable) memo = g_hash_table_new_full (position_hash, position_equal, g_free, NULL);
  guint64 search_nodes = 0;
  int expected = brute_force (state, rules, memo);
  int score;
  guint8 hole;

  assert_solves_to (search, state, rules, expected);
  assert_solves_to (odd, state, rules, expected);
  congkak_search_set_threads (threaded, 2);
  assert_solves_to (threaded, state, rules, expected);

  g_assert_true (congkak_search_best_move (search, state, 0, 0, &hole, &score, &search_nodes));
  g_assert_true (congkak_search_is_exact (search));
  g_assert_cmpint (score, ==, expected);
  g_assert_true (congkak_state_is_legal (state, rules, hole));
}

static void
assert_solver_agrees_from_start (const CongkakRules *rules)
{
  CongkakState state;

  congkak_state_init (&state, rules);
  assert_solver_agrees (&state, rules);
}

static void
test_solver_small_boards (void)
{
  static const char * const variants[][4] = {
    { "kalah", "holes=3", "seeds=2", NULL },
    { "kalah", "holes=3", "seeds=3", NULL },
    { "kalah", "holes=4", "seeds=2", NULL },
    { "kalah", "holes=3", "seeds=2", "capture-empty-opposite=on" },
    { "kalah", "holes=3", "seeds=3", "capture-empty-opposite=on" },
    { "kalah", "holes=4", "seeds=2", "capture-empty-opposite=on" },
    { "kalah", "holes=3", "seeds=3", "empty-side=mover-cannot-move" },
    { "kalah", "holes=3", "seeds=3", "empty-side=pass" },
    { "kalah", "holes=3", "seeds=3", "first-player=north" },
    { "congkak-single", "holes=3", "seeds=1", NULL },
    { "congkak-single", "holes=3", "seeds=2", NULL },
    { "congkak-single", "holes=4", "seeds=1", NULL },
    { "congkak-single", "holes=3", "seeds=2", "capture-empty-opposite=off" },
    { "congkak-single", "holes=3", "seeds=2", "empty-side=pass" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      CongkakRules rules;

      g_test_message ("%s %s %s %s", variants[i][0], variants[i][1], variants[i][2],
                      variants[i][3] ? variants[i][3] : "");
      test_rules (&rules, variants[i][0], variants[i][1], variants[i][2], variants[i][3], NULL);
      assert_solver_agrees_from_start (&rules);
    }
}

/* Positions in the middle of a round, reached by random moves, and stores
 * that already differ: the table keys ignore the stores. */
static void
test_solver_random_positions (void)
{
  static const char * const profiles[] = { "kalah", "congkak-single" };

  for (guint p = 0; p < G_N_ELEMENTS (profiles); p++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (7 + p);
      CongkakRules rules;

      test_rules (&rules, profiles[p], "holes=4", "seeds=3", NULL);
      for (guint trial = 0; trial < 30; trial++)
        {
          CongkakState state;
          guint moves = g_rand_int_range (rand, 7, 14);

          congkak_state_init (&state, &rules);
          for (guint m = 0; m < moves && state.phase == CONGKAK_PHASE_PLAYING; m++)
            {
              guint8 holes[CONGKAK_MAX_HOLES];
              guint n = congkak_state_legal_moves (&state, &rules, holes);

              congkak_state_play_fast (&state, &rules, holes[g_rand_int_range (rand, 0, n)]);
            }
          if (state.phase != CONGKAK_PHASE_PLAYING)
            continue;
          assert_solver_agrees (&state, &rules);
        }
    }
}

/* Random positions of @rules, @count of them, @min_moves to @max_moves
 * moves into the round. */
static GArray *
random_positions (const CongkakRules *rules,
                  guint               seed,
                  guint               count,
                  guint               min_moves,
                  guint               max_moves)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  GArray *states = g_array_new (FALSE, FALSE, sizeof (CongkakState));

  while (states->len < count)
    {
      CongkakState state;
      guint moves = g_rand_int_range (rand, min_moves, max_moves + 1);

      congkak_state_init (&state, rules);
      for (guint m = 0; m < moves && state.phase == CONGKAK_PHASE_PLAYING; m++)
        {
          guint8 holes[CONGKAK_MAX_HOLES];
          guint n = congkak_state_legal_moves (&state, rules, holes);

          congkak_state_play_fast (&state, rules, holes[g_rand_int_range (rand, 0, n)]);
        }
      if (state.phase == CONGKAK_PHASE_PLAYING)
        g_array_append_val (states, state);
    }
  return states;
}

static void
remove_folder (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (path, name, NULL);

      g_assert_cmpint (g_remove (file), ==, 0);
    }
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

/* The endgame database: built, saved and read back; a damaged file is
 * built again; with it (covering part of the board's seeds or all of
 * them) the solver still agrees with brute force. */
static void
test_solver_endgame (void)
{
  static const struct
  {
    const char *profile;
    const char *holes;
    const char *seeds;
    const char *option;
    guint       max_seeds;
    guint       min_moves;  /* into the round, for brute force to be quick */
  } variants[] = {
    { "kalah", "holes=3", "seeds=2", NULL, 12, 0 },
    { "kalah", "holes=4", "seeds=3", NULL, 9, 8 },
    { "kalah", "holes=4", "seeds=2", "capture-empty-opposite=on", 7, 0 },
    { "kalah", "holes=3", "seeds=3", "empty-side=mover-cannot-move", 10, 2 },
    { "kalah", "holes=3", "seeds=3", "empty-side=pass", 10, 2 },
    { "congkak-single", "holes=3", "seeds=2", NULL, 8, 0 },
  };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("congkak-endgame-XXXXXX", &error);

  g_assert_no_error (error);
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr (CongkakEndgame) again = NULL;
      g_autoptr (GArray) states = NULL;
      g_autofree char *contents = NULL;
      CongkakEndgame *endgame;
      CongkakRules rules;
      gsize length;

      test_rules (&rules, variants[v].profile, variants[v].holes, variants[v].seeds, variants[v].option, NULL);
      g_test_message ("%s %s %s %s: up to %u seeds", variants[v].profile, variants[v].holes,
                      variants[v].seeds, variants[v].option ? variants[v].option : "", variants[v].max_seeds);

      endgame = congkak_endgame_open (&rules, variants[v].max_seeds, dir, 2, &error);
      g_assert_no_error (error);
      g_assert_false (congkak_endgame_was_loaded (endgame));
      g_assert_null (congkak_endgame_get_save_error (endgame));
      g_assert_cmpuint (congkak_endgame_get_positions (endgame), ==,
                        congkak_endgame_count_positions (&rules, variants[v].max_seeds));
      g_assert_true (congkak_endgame_matches (endgame, &rules));

      again = congkak_endgame_open (&rules, variants[v].max_seeds, dir, 1, &error);
      g_assert_no_error (error);
      g_assert_true (congkak_endgame_was_loaded (again));
      g_assert_cmpstr (congkak_endgame_get_path (again), ==, congkak_endgame_get_path (endgame));
      g_clear_pointer (&again, congkak_endgame_free);

      /* One value changed: the checksum no longer matches. */
      g_assert_true (g_file_get_contents (congkak_endgame_get_path (endgame), &contents, &length, &error));
      g_assert_no_error (error);
      contents[length - 1] ^= 1;
      g_assert_true (g_file_set_contents (congkak_endgame_get_path (endgame), contents, length, &error));
      g_assert_no_error (error);
      again = congkak_endgame_open (&rules, variants[v].max_seeds, dir, 1, &error);
      g_assert_no_error (error);
      g_assert_false (congkak_endgame_was_loaded (again));
      g_clear_pointer (&again, congkak_endgame_free);

      states = random_positions (&rules, 11 + v, 12, variants[v].min_moves, variants[v].min_moves + 8);
      for (guint i = 0; i < states->len; i++)
        {
          const CongkakState *state = &g_array_index (states, CongkakState, i);
          g_autoptr (CongkakSearch) search = congkak_search_new (&rules, 1);
          g_autoptr (GHashTable) memo = g_hash_table_new_full (position_hash, position_equal, g_free, NULL);

          congkak_search_set_endgame (search, i == 0 ? g_steal_pointer (&endgame)
                                      : congkak_endgame_open (&rules, variants[v].max_seeds, dir, 1, &error));
          g_assert_no_error (error);
          assert_solves_to (search, state, &rules, brute_force (state, &rules, memo));
        }
    }
  remove_folder (dir);

  {
    CongkakRules rules;

    test_rules (&rules, "kalah", "holes=3", NULL);
    /* Positions of 0, 1 or 2 seeds in 6 holes: C(8, 6). */
    g_assert_cmpuint (congkak_endgame_count_positions (&rules, 2), ==, 28);
    test_rules (&rules, "oware", NULL);
    g_assert_null (congkak_endgame_open (&rules, 4, NULL, 1, &error));
    g_assert_error (error, CONGKAK_ENDGAME_ERROR, CONGKAK_ENDGAME_ERROR_NOT_APPLICABLE);
  }
}

/* Kalah(4,3) under the standard rules (no empty capture): South wins by 6. */
static void
test_solver_kalah_4_3 (void)
{
  g_autoptr (GPtrArray) line = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (CongkakSearch) search = NULL;
  CongkakRules rules;
  CongkakState state;
  int value;

  test_rules (&rules, "kalah", "holes=4", "seeds=3", NULL);
  search = congkak_search_new (&rules, 16);
  congkak_state_init (&state, &rules);
  value = congkak_search_solve (search, &state, line, NULL);
  g_assert_cmpint (value, ==, 6);
  assert_line_reaches (&state, &rules, line, value);
}

/* Values of whole games from the start, as constants.  The rule that a
 * last seed in an own empty hole is banked even when the opposite hole is
 * empty ("empty capture", capture-empty-opposite=on) is the rule set of
 * Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA Journal 23(3),
 * 139–147 (2000), who solved Kalah up to 6 holes and 5 seeds with it;
 * their Kalah(6,4) value, a first-player win by 10, is reproduced by
 * `congkak-cli solve --rules kalah --option capture-empty-opposite=on`
 * (24 s with its endgame database, see README "Performance"), too slow
 * for a test.  The smaller
 * boards below are this solver's values, each confirmed by the plain
 * minimax of test_solver_small_boards where that is quick enough
 * (3×2 … 4×2), and by the best line replaying to the value. */
static void
test_solver_table (void)
{
  static const struct
  {
    const char *holes;
    const char *seeds;
    const char *empty_capture;
    int         value;
  } table[] = {
    { "holes=3", "seeds=2", "capture-empty-opposite=off", 4 },
    { "holes=4", "seeds=3", "capture-empty-opposite=off", 6 },
    { "holes=4", "seeds=4", "capture-empty-opposite=off", 2 },
    { "holes=5", "seeds=3", "capture-empty-opposite=off", 6 },
    { "holes=4", "seeds=3", "capture-empty-opposite=on", 8 },
    { "holes=4", "seeds=4", "capture-empty-opposite=on", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    {
      g_autoptr (GPtrArray) line = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (CongkakSearch) search = NULL;
      CongkakRules rules;
      CongkakState state;
      int value;

      test_rules (&rules, "kalah", table[i].holes, table[i].seeds, table[i].empty_capture, NULL);
      search = congkak_search_new (&rules, 16);
      congkak_state_init (&state, &rules);
      value = congkak_search_solve (search, &state, line, NULL);
      g_test_message ("kalah %s %s %s: %+d", table[i].holes, table[i].seeds, table[i].empty_capture, value);
      g_assert_cmpint (value, ==, table[i].value);
      assert_line_reaches (&state, &rules, line, value);
    }
}

/* A node limit stops the solver without a value; a cancel flag too, and
 * says so; the best move search then gives no move. */
static void
test_solver_limits (void)
{
  g_autoptr (GPtrArray) line = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (CongkakSearch) search = NULL;
  CongkakRules rules;
  CongkakState state;
  guint64 nodes = 0;
  guint8 hole = 77;
  gint cancel = 1;

  test_rules (&rules, "kalah", "holes=5", "seeds=4", NULL);
  search = congkak_search_new (&rules, 4);
  congkak_state_init (&state, &rules);

  congkak_search_set_node_limit (search, 10000);
  g_assert_cmpint (congkak_search_solve (search, &state, line, &nodes), ==, 0);
  g_assert_false (congkak_search_is_exact (search));
  g_assert_false (congkak_search_was_cancelled (search));
  g_assert_cmpuint (line->len, ==, 0);
  g_assert_cmpuint (nodes, <=, 10001);

  congkak_search_set_node_limit (search, 0);
  congkak_search_set_cancel (search, &cancel);
  g_assert_cmpint (congkak_search_solve (search, &state, line, NULL), ==, 0);
  g_assert_true (congkak_search_was_cancelled (search));
  g_assert_false (congkak_search_best_move (search, &state, 0, 0, &hole, NULL, NULL));
  g_assert_true (congkak_search_was_cancelled (search));
  g_assert_cmpuint (hole, ==, 77);
}

static void
test_solver_refuses (void)
{
  static const char * const profiles[] = { "congkak", "oware" };

  for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
    {
      g_autoptr (GError) error = NULL;
      CongkakRules rules;

      test_rules (&rules, profiles[i], NULL);
      g_assert_false (congkak_search_can_solve (&rules, &error));
      g_assert_error (error, CONGKAK_SEARCH_ERROR, CONGKAK_SEARCH_ERROR_NOT_SOLVABLE);
    }
}

/* A capture worth taking: South's C ends in the empty D opposite North's
 * 9 seeds, so a 1-ply search must find it. */
static void
test_best_move_takes_capture (void)
{
  g_autoptr (CongkakSearch) search = NULL;
  CongkakRules rules;
  CongkakPosition position;
  CongkakState state;
  guint8 hole = 0xff;
  int score;

  test_rules (&rules, "kalah", "holes=4", "seeds=3", NULL);
  memset (&position, 0, sizeof position);
  position.n_holes = 4;
  position.to_move = CONGKAK_SOUTH;
  position.holes[CONGKAK_SOUTH][0] = 1;
  position.holes[CONGKAK_SOUTH][2] = 1;
  position.holes[CONGKAK_NORTH][0] = 9;
  position.holes[CONGKAK_NORTH][3] = 1;
  g_assert_true (congkak_state_init_from_position (&state, &rules, &position, NULL));

  search = congkak_search_new (&rules, 1);
  g_assert_true (congkak_search_best_move (search, &state, 1, 0, &hole, &score, NULL));
  /* A (index 0) lands in B, empty, opposite c (index 2) = 0: nothing;
   * C (index 2) lands in D (index 3), opposite a (index 0) = 9. */
  g_assert_cmpuint (hole, ==, 2);
  g_assert_cmpint (score, >=, 10);
}

/* The same call gives the same move, score and node count; deeper limits
 * are honoured; a finished match has no move. */
static void
test_best_move_deterministic (void)
{
  static const char * const profiles[][2] = {
    { "kalah", NULL },
    { "congkak-single", NULL },
    { "congkak", "simultaneous-opening=off" },
    { "oware", NULL },
  };

  for (guint p = 0; p < G_N_ELEMENTS (profiles); p++)
    {
      g_autoptr (CongkakSearch) search = NULL;
      CongkakRules rules;
      CongkakState state;
      guint8 first_hole, hole;
      int first_score, score;
      guint64 first_nodes, nodes;

      test_rules (&rules, profiles[p][0], profiles[p][1], NULL);
      search = congkak_search_new (&rules, 4);
      congkak_state_init (&state, &rules);
      g_assert_true (congkak_search_best_move (search, &state, 6, 0, &first_hole, &first_score, &first_nodes));
      g_assert_cmpuint (congkak_search_get_depth (search), ==, 6);
      g_assert_true (congkak_state_is_legal (&state, &rules, first_hole));
      g_assert_true (congkak_search_best_move (search, &state, 6, 0, &hole, &score, &nodes));
      g_assert_cmpuint (hole, ==, first_hole);
      g_assert_cmpint (score, ==, first_score);
      g_assert_cmpuint (nodes, ==, first_nodes);
    }
}

/* A time limit still gives a legal move from a finished depth. */
static void
test_best_move_time_limit (void)
{
  g_autoptr (CongkakSearch) search = NULL;
  CongkakRules rules;
  CongkakState state;
  guint8 hole;
  gint64 start;

  test_rules (&rules, "congkak-single", NULL);
  search = congkak_search_new (&rules, 4);
  congkak_state_init (&state, &rules);
  start = g_get_monotonic_time ();
  g_assert_true (congkak_search_best_move (search, &state, 0, 0.2, &hole, NULL, NULL));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
  g_assert_cmpuint (congkak_search_get_depth (search), >=, 1);
  g_assert_true (congkak_state_is_legal (&state, &rules, hole));
}

/* The Oware search on its kernel finds the same exact values as the
 * generic search where both see every line to the end: small endings of
 * 6 holes (and 3 holes), both grand slam options, each side to move. */
static void
test_oware_kernel_exact_values (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2025);
  CongkakSearch *fast[4], *generic[4];
  CongkakRules rules[4];
  guint compared = 0, tried = 0;

  /* 3 or 6 holes, either grand slam option. */
  for (guint r = 0; r < 4; r++)
    {
      g_autofree char *holes_option = g_strdup_printf ("holes=%u", r < 2 ? 3 : 6);

      test_rules (&rules[r], "oware", holes_option, r % 2 ? "grand-slam=capture" : "grand-slam=no-capture", NULL);
      fast[r] = congkak_search_new (&rules[r], 1);
      generic[r] = congkak_search_new (&rules[r], 1);
      congkak_search_set_oware_kernel (generic[r], FALSE);
    }

  while (compared < 60 && tried < 2000)
    {
      guint r = g_rand_int_range (rand, 0, 4);
      guint holes = rules[r].holes;
      CongkakPosition position;
      CongkakState state;
      guint on_board = g_rand_int_range (rand, 2, 9);
      guint8 fast_hole, generic_hole;
      int fast_score, generic_score;

      tried++;
      memset (&position, 0, sizeof position);
      position.n_holes = holes;
      position.to_move = g_rand_boolean (rand) ? CONGKAK_SOUTH : CONGKAK_NORTH;
      for (guint seed = 0; seed < on_board; seed++)
        position.holes[g_rand_int_range (rand, 0, 2)][g_rand_int_range (rand, 0, holes)]++;
      /* The rest captured, neither past half. */
      position.store[CONGKAK_SOUTH] = (2 * holes * 4 - on_board) / 2;
      position.store[CONGKAK_NORTH] = 2 * holes * 4 - on_board - position.store[CONGKAK_SOUTH];
      if (!congkak_state_init_from_position (&state, &rules[r], &position, NULL)
          || state.phase != CONGKAK_PHASE_PLAYING)
        continue;

      g_assert_true (congkak_search_best_move (fast[r], &state, 24, 0, &fast_hole, &fast_score, NULL));
      g_assert_true (congkak_state_is_legal (&state, &rules[r], fast_hole));
      if (!congkak_search_is_exact (fast[r]))
        continue;
      g_assert_true (congkak_search_best_move (generic[r], &state, 24, 0, &generic_hole, &generic_score, NULL));
      if (!congkak_search_is_exact (generic[r]))
        continue;
      g_assert_cmpint (fast_score, ==, generic_score);
      compared++;
    }
  for (guint r = 0; r < 4; r++)
    {
      congkak_search_free (fast[r]);
      congkak_search_free (generic[r]);
    }
  g_test_message ("%u exact values compared in %u positions", compared, tried);
  g_assert_cmpuint (compared, ==, 60);
}

/* A node budget makes the Oware search reproducible move for move, and
 * its line starts with its move. */
static void
test_oware_node_budget (void)
{
  g_autoptr (CongkakSearch) search = NULL;
  CongkakRules rules;
  CongkakState state;
  guint8 first_hole, hole, line[32];
  int first_score, score;
  guint64 first_nodes, nodes;

  test_rules (&rules, "oware", NULL);
  search = congkak_search_new (&rules, 4);
  congkak_state_init (&state, &rules);
  congkak_search_set_node_limit (search, 30000);
  g_assert_true (congkak_search_best_move (search, &state, 0, 0, &first_hole, &first_score, &first_nodes));
  g_assert_cmpuint (congkak_search_get_depth (search), >=, 6);
  g_assert_cmpuint (congkak_search_get_line (search, &state, line, G_N_ELEMENTS (line)), >=, 1);
  g_assert_cmpuint (line[0], ==, first_hole);
  g_assert_true (congkak_search_best_move (search, &state, 0, 0, &hole, &score, &nodes));
  g_assert_cmpuint (hole, ==, first_hole);
  g_assert_cmpint (score, ==, first_score);
  g_assert_cmpuint (nodes, ==, first_nodes);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/search/solver/small-boards", test_solver_small_boards);
  g_test_add_func ("/engine/search/solver/random-positions", test_solver_random_positions);
  g_test_add_func ("/engine/search/solver/endgame", test_solver_endgame);
  g_test_add_func ("/engine/search/solver/kalah-4-3", test_solver_kalah_4_3);
  g_test_add_func ("/engine/search/solver/table", test_solver_table);
  g_test_add_func ("/engine/search/solver/limits", test_solver_limits);
  g_test_add_func ("/engine/search/solver/refuses", test_solver_refuses);
  g_test_add_func ("/engine/search/best-move/takes-capture", test_best_move_takes_capture);
  g_test_add_func ("/engine/search/best-move/deterministic", test_best_move_deterministic);
  g_test_add_func ("/engine/search/best-move/time-limit", test_best_move_time_limit);
  g_test_add_func ("/engine/search/oware/kernel-exact-values", test_oware_kernel_exact_values);
  g_test_add_func ("/engine/search/oware/node-budget", test_oware_node_budget);

  return g_test_run ();
}
