/* test-puzzles.c — the puzzle finder, puzzles and puzzle files
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The finder on boards built for it: one with a single clearly best move,
 * one where the two moves are worth the same, one only the deep search
 * can judge; then on matches.  The good files in tests/data/puzzles/good
 * load; each bad file in tests/data/puzzles/bad holds one problem, and
 * its EXPECTED says which error it gives and where.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "congkak-file-util.h"
#include "congkak-match-file.h"
#include "congkak-puzzle-finder.h"
#include "congkak-search.h"
#include "congkak-test-util.h"

/* Kalah, South to move: A's one seed falls into empty B and takes the 10
 * of e; F only reaches the store and a. */
#define KALAH_CAPTURE "S: 1 0 0 0 0 2 | 0 / N: 1 1 1 1 10 1 | 0 / south"
/* Kalah, South to move: A's last seed falls into empty C, B's too; either
 * way the 5 of d are taken, North is empty, and every other seed goes to
 * South's store.  Both moves end the round 8 to 0. */
#define KALAH_EQUAL "S: 2 1 0 0 0 0 | 0 / N: 0 0 0 5 0 0 | 0 / south"
/* Oware, South to move: F's one seed makes a hold 3, which it takes;
 * Oware is not for the solver, so only the deep search judges it. */
#define OWARE_CAPTURE "S: 1 2 0 4 4 1 | 5 / N: 2 4 0 1 4 4 | 5 / south"

/* A node budget small enough for quick tests, large enough to decide;
 * and one for each proof, a tenth of the default, so that the tests stay
 * quick under valgrind and the sanitizers too. */
#define TEST_NODES 15000
#define TEST_PROOF_NODES 200000

static void
test_options (CongkakPuzzleFinderOptions *options)
{
  congkak_puzzle_finder_options_init (options);
  options->max_nodes = TEST_NODES;
  options->proof_nodes = TEST_PROOF_NODES;
}

static CongkakPuzzle *
find (const char *profile,
      const char *layout,
      const CongkakPuzzleFinderOptions *options)
{
  g_autoptr (GError) error = NULL;
  CongkakPuzzleFinderOptions defaults;
  CongkakPuzzleFinderCounts counts = { 0 };
  CongkakPuzzle *puzzle = NULL;
  CongkakPosition position;
  CongkakRules rules;

  if (options == NULL)
    {
      test_options (&defaults);
      options = &defaults;
    }
  test_rules (&rules, profile, NULL);
  test_position (&position, &rules, layout);
  g_assert_true (congkak_puzzle_find_in_position (&rules, &position, 1, options, NULL, &counts, &puzzle, &error));
  g_assert_no_error (error);
  g_test_message ("%s: claims %u, exact %u, bounds %u, refuted %u, unproved %u", layout, counts.candidates,
                  counts.exact, counts.bounds, counts.refuted, counts.unproved);
  return puzzle;
}

static char *
data_path (const char *folder,
           const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "puzzles", folder, name, NULL);
}

/* The finder on built boards */

static void
test_finds_capture (void)
{
  g_autoptr (CongkakPuzzle) puzzle = find ("kalah", KALAH_CAPTURE, NULL);
  g_autofree char *answer = NULL;
  g_autofree char *explanation = NULL;

  g_assert_nonnull (puzzle);
  g_assert_cmpstr (congkak_puzzle_get_solution (puzzle)[0], ==, "A");
  g_assert_cmpuint (congkak_puzzle_get_answer (puzzle), ==, 0);
  g_assert_true (congkak_puzzle_is_answer (puzzle, 0));
  g_assert_false (congkak_puzzle_is_answer (puzzle, 5));
  g_assert_cmpint (congkak_puzzle_get_side (puzzle), ==, CONGKAK_SOUTH);

  /* Proved: the board is small enough for the solver. */
  g_assert_true (congkak_puzzle_has_values (puzzle));
  g_assert_true (congkak_puzzle_is_exact (puzzle));
  g_assert_cmpstr (congkak_puzzle_get_next_best (puzzle), ==, "F");
  g_assert_cmpint (congkak_puzzle_get_value (puzzle) - congkak_puzzle_get_next_value (puzzle), >=, 4);
  g_assert_cmpuint (congkak_puzzle_get_depth (puzzle), ==, 1);
  g_assert_cmpint (congkak_puzzle_get_difficulty (puzzle), ==, CONGKAK_PUZZLE_EASY);

  /* Why, from the engine's events. */
  answer = congkak_puzzle_dup_answer_summary (puzzle);
  g_assert_cmpstr (answer, ==, "A: capture 11 seeds at B");
  explanation = congkak_puzzle_dup_explanation (puzzle);
  g_assert_true (g_str_has_prefix (explanation, "A: capture 11 seeds at B\nBest: A, you end "));
  g_assert_nonnull (strstr (explanation, " seeds ahead. Next best: F, you end "));
  g_assert_nonnull (strstr (explanation, "Proved by solving the game to its end."));
  g_assert_cmpint (congkak_puzzle_get_proof (puzzle), ==, CONGKAK_PUZZLE_PROOF_EXACT);
}

static void
test_nothing_when_equal (void)
{
  g_autoptr (CongkakSearch) search = NULL;
  g_autoptr (CongkakPuzzle) puzzle = NULL;
  CongkakRules rules;
  CongkakState state;
  CongkakPosition position;
  int values[2];

  /* The board's premise, from the engine itself: two moves, one value. */
  test_rules (&rules, "kalah", NULL);
  test_position (&position, &rules, KALAH_EQUAL);
  g_assert_true (congkak_state_init_from_position (&state, &rules, &position, NULL));
  search = congkak_search_new (&rules, 1);
  for (guint hole = 0; hole < 2; hole++)
    {
      CongkakState child = state;

      g_assert_true (congkak_state_is_legal (&state, &rules, hole));
      congkak_state_play_fast (&child, &rules, hole);
      values[hole] = congkak_search_round_end_value (search, &child, CONGKAK_SOUTH);
    }
  g_assert_cmpint (values[0], ==, 8);
  g_assert_cmpint (values[1], ==, 8);

  puzzle = find ("kalah", KALAH_EQUAL, NULL);
  g_assert_null (puzzle);
}

static void
test_nothing_with_one_move (void)
{
  g_autoptr (CongkakPuzzle) puzzle = find ("kalah", "S: 0 0 0 0 0 3 | 0 / N: 1 1 1 1 10 1 | 0 / south", NULL);

  g_assert_null (puzzle);
}

/* A claim no proof finishes for is dropped, or kept marked as an
 * estimate: Oware's proofs walk the tree without a table (a repetition
 * depends on the way there), which 27 seeds on the board are too many for. */
static void
test_deep_search (void)
{
  g_autoptr (CongkakPuzzle) dropped = find ("oware", OWARE_CAPTURE, NULL);
  g_autoptr (CongkakPuzzle) puzzle = NULL;
  g_autofree char *answer = NULL;
  g_autofree char *verdict = NULL;
  CongkakPuzzleFinderOptions options;

  g_assert_null (dropped);

  test_options (&options);
  options.keep_estimated = TRUE;
  puzzle = find ("oware", OWARE_CAPTURE, &options);
  g_assert_nonnull (puzzle);
  g_assert_cmpstr (congkak_puzzle_get_solution (puzzle)[0], ==, "F");
  g_assert_cmpuint (congkak_puzzle_get_depth (puzzle), >=, 1);
  answer = congkak_puzzle_dup_answer_summary (puzzle);
  g_assert_cmpstr (answer, ==, "F: capture 3 seeds at a");
  g_assert_false (congkak_puzzle_is_exact (puzzle));
  g_assert_cmpint (congkak_puzzle_get_proof (puzzle), ==, CONGKAK_PUZZLE_PROOF_ESTIMATE);
  verdict = congkak_puzzle_dup_verdict (puzzle);
  g_assert_nonnull (strstr (verdict, "(estimated)"));
  g_assert_nonnull (strstr (verdict, "Estimated by a search"));
  g_assert_nonnull (strstr (verdict, "not proved."));
}

/* The four claims an exact check found wrong (issue 30): each position of
 * the samples is judged as the finder judges it, the claim is made, and
 * it is refused — refuted by a proof, or dropped for lack of one — never
 * published. */
static void
test_refuted_claims (void)
{
  static const struct
  {
    const char *file;
    guint       move;
    CongkakSide side;
    const char *claimed;
  } cases[] = {
    { "kalah-analysed.congkak", 15, CONGKAK_SOUTH, "A" },    /* A +8, F +6 exactly: gap 2, 4 asked */
    /* The Oware search's claims (its evaluation's guesses) that a proof
     * refutes or cannot make. */
    { "oware-repetition.congkak", 205, CONGKAK_SOUTH, "B" }, /* refuted */
    { "oware-repetition.congkak", 170, CONGKAK_NORTH, "b" }, /* not proved */
    { "oware-majority.congkak", 111, CONGKAK_SOUTH, "A" },   /* not proved */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", cases[i].file, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakMatch) match = congkak_match_load_any_from_file (file, NULL, NULL, &error);
      g_autoptr (CongkakPuzzle) puzzle = NULL;
      CongkakPuzzleFinderOptions options;
      CongkakPuzzleFinderCounts counts = { 0 };
      CongkakPuzzleFinderCounts without = { 0 };
      const CongkakState *before;
      CongkakNode *node;

      g_assert_no_error (error);
      node = congkak_node_get_main_child (congkak_match_get_root (match));
      while (node != NULL && congkak_node_get_depth (node) < cases[i].move)
        node = congkak_node_get_main_child (node);
      g_assert_nonnull (node);
      before = congkak_game_get_state (congkak_match_get_game_at (match, congkak_node_get_parent (node)));
      g_assert_cmpint (before->position.to_move, ==, cases[i].side);

      /* Without proofs the search makes the claim of the table. */
      congkak_puzzle_finder_options_init (&options);
      options.proof_nodes = 0;
      options.keep_estimated = TRUE;
      g_assert_true (congkak_puzzle_find_in_position (congkak_match_get_rules (match), &before->position,
                                                      before->round, &options, NULL, &without, &puzzle, &error));
      g_assert_no_error (error);
      g_assert_nonnull (puzzle);
      g_assert_cmpstr (congkak_puzzle_get_solution (puzzle)[0], ==, cases[i].claimed);
      g_assert_cmpint (congkak_puzzle_get_proof (puzzle), ==, CONGKAK_PUZZLE_PROOF_ESTIMATE);
      g_clear_object (&puzzle);

      /* With them it is refused. */
      congkak_puzzle_finder_options_init (&options);
      g_assert_true (congkak_puzzle_find_in_position (congkak_match_get_rules (match), &before->position,
                                                      before->round, &options, NULL, &counts, &puzzle, &error));
      g_assert_no_error (error);
      g_test_message ("%s, move %u: refuted %u, unproved %u", cases[i].file, cases[i].move, counts.refuted,
                      counts.unproved);
      g_assert_cmpuint (counts.candidates, ==, 1);
      g_assert_cmpuint (counts.refuted + counts.unproved, ==, 1);
      g_assert_null (puzzle);
    }
}

/* The exact value of every move of @state for its mover, a store margin. */
static void
solve_moves (const CongkakRules *rules,
             const CongkakState *state,
             const guint8       *holes,
             guint               n,
             int                *values)
{
  g_autoptr (CongkakSearch) search = congkak_search_new (rules, 4);

  for (guint i = 0; i < n; i++)
    {
      CongkakState child = *state;
      int value;

      congkak_state_play_fast (&child, rules, holes[i]);
      if (child.phase != CONGKAK_PHASE_PLAYING)
        {
          values[i] = congkak_search_round_end_value (search, &child, state->position.to_move);
          continue;
        }
      value = congkak_search_solve (search, &child, NULL, NULL);
      g_assert_true (congkak_search_is_exact (search));
      values[i] = child.position.to_move == state->position.to_move ? value : -value;
    }
}

/* For random small boards of store games the finder's claims are checked
 * by the exact solver: an exact claim is the solver's values, a claim of
 * bounds holds for the answer and for every other move, and the answer is
 * better than every other move by the gap asked, whichever way it was
 * proved (the search kept shallow, so that the proofs do the work); a
 * claim refuted is one the solver finds wrong. */
static void
test_claims_hold (void)
{
  static const char * const profiles[] = { "kalah", "congkak-single" };
  g_autoptr (GRand) rand = g_rand_new_with_seed (30);
  guint checked[CONGKAK_PUZZLE_N_PROOFS] = { 0 };
  CongkakPuzzleFinderCounts counts = { 0 };
  guint boards = 0, refuted = 0, checked_refuted = 0;

  for (guint round = 0; round < 300; round++)
    {
      const char *profile = profiles[round % G_N_ELEMENTS (profiles)];
      g_autoptr (GString) layout = g_string_new ("S:");
      g_autoptr (CongkakPuzzle) puzzle = NULL;
      g_autoptr (GError) error = NULL;
      CongkakPuzzleFinderOptions options;
      CongkakPosition position;
      CongkakRules rules;
      CongkakState state;
      guint8 holes[CONGKAK_MAX_HOLES];
      int values[CONGKAK_MAX_HOLES];
      guint n, total, board = 0, answer;
      int best_other = G_MININT;

      test_rules (&rules, profile, NULL);
      total = 2 * rules.holes * rules.seeds;
      for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
        {
          for (guint i = 0; i < rules.holes; i++)
            {
              guint seeds = g_rand_int_range (rand, 0, 10) < 4 ? 0 : g_rand_int_range (rand, 1, 4);

              board += seeds;
              g_string_append_printf (layout, " %u", seeds);
            }
          /* The rest in the stores, South's share first. */
          if (side == CONGKAK_SOUTH)
            g_string_append_printf (layout, " | %u / N:", (total - 2 * rules.holes * 3) / 2);
        }
      g_string_append_printf (layout, " | %u / %s", total - board - (total - 2 * rules.holes * 3) / 2,
                              round % 4 < 2 ? "south" : "north");
      test_position (&position, &rules, layout->str);
      if (!congkak_state_init_from_position (&state, &rules, &position, NULL)
          || state.phase != CONGKAK_PHASE_PLAYING)
        continue;
      boards++;

      congkak_puzzle_finder_options_init (&options);
      options.max_nodes = TEST_NODES;
      options.max_depth = 2;
      options.min_gap = 3;
      options.proof_nodes = 400000;
      /* Two boards in three proved by bounds only. */
      if (round % 3 != 0)
        options.solve_nodes = 0;
      g_assert_true (congkak_puzzle_find_in_position (&rules, &position, 1, &options, NULL, &counts, &puzzle,
                                                      &error));
      g_assert_no_error (error);
      n = congkak_state_legal_moves (&state, &rules, holes);
      if (puzzle == NULL && counts.refuted > refuted)
        {
          /* A refutation is true too: the claim, made without proofs, is
           * not ahead of every other move by the gap. */
          refuted = counts.refuted;
          options.proof_nodes = 0;
          options.keep_estimated = TRUE;
          g_assert_true (congkak_puzzle_find_in_position (&rules, &position, 1, &options, NULL, NULL, &puzzle,
                                                          &error));
          g_assert_nonnull (puzzle);
          solve_moves (&rules, &state, holes, n, values);
          answer = congkak_puzzle_get_answer (puzzle);
          for (guint i = 0; i < n; i++)
            if (holes[i] != answer)
              best_other = MAX (best_other, values[i]);
          for (guint i = 0; i < n; i++)
            if (holes[i] == answer)
              g_assert_cmpint (values[i] - best_other, <, 3);
          checked_refuted++;
          continue;
        }
      if (puzzle == NULL)
        continue;

      solve_moves (&rules, &state, holes, n, values);
      answer = congkak_puzzle_get_answer (puzzle);
      for (guint i = 0; i < n; i++)
        if (holes[i] != answer)
          best_other = MAX (best_other, values[i]);
      for (guint i = 0; i < n; i++)
        {
          if (holes[i] != answer)
            continue;
          g_test_message ("%s %s: answer %d, others at most %d; claimed %d and %d (%s)", profile, layout->str,
                          values[i], best_other, congkak_puzzle_get_value (puzzle),
                          congkak_puzzle_get_next_value (puzzle),
                          congkak_puzzle_proof_to_string (congkak_puzzle_get_proof (puzzle)));
          g_assert_cmpint (values[i] - best_other, >=, 3);
          switch (congkak_puzzle_get_proof (puzzle))
            {
            case CONGKAK_PUZZLE_PROOF_EXACT:
              g_assert_cmpint (values[i], ==, congkak_puzzle_get_value (puzzle));
              g_assert_cmpint (best_other, ==, congkak_puzzle_get_next_value (puzzle));
              break;
            case CONGKAK_PUZZLE_PROOF_BOUNDS:
              g_assert_cmpint (values[i], >=, congkak_puzzle_get_value (puzzle));
              g_assert_cmpint (best_other, <=, congkak_puzzle_get_next_value (puzzle));
              break;
            case CONGKAK_PUZZLE_PROOF_ESTIMATE:
            default:
              g_assert_not_reached ();
            }
        }
      checked[congkak_puzzle_get_proof (puzzle)]++;
    }
  g_test_message ("%u boards: %u exact claims, %u bounds, %u refutations checked", boards,
                  checked[CONGKAK_PUZZLE_PROOF_EXACT], checked[CONGKAK_PUZZLE_PROOF_BOUNDS], checked_refuted);
  g_assert_cmpuint (checked[CONGKAK_PUZZLE_PROOF_EXACT], >=, 3);
  g_assert_cmpuint (checked[CONGKAK_PUZZLE_PROOF_BOUNDS], >=, 3);
}

static void
test_gap_option (void)
{
  CongkakPuzzleFinderOptions options;
  g_autoptr (CongkakPuzzle) strict = NULL;
  g_autoptr (CongkakPuzzle) found = NULL;

  /* The capture wins by 4 seeds: a gap of 5 is more than it has. */
  test_options (&options);
  options.min_gap = 5;
  strict = find ("kalah", KALAH_CAPTURE, &options);
  g_assert_null (strict);
  options.min_gap = 4;
  found = find ("kalah", KALAH_CAPTURE, &options);
  g_assert_nonnull (found);
}

/* An extra turn, then the capture it makes possible: the line is legal
 * play of the mover, and as long as the depth that saw it. */
static void
test_line (void)
{
  g_autoptr (CongkakPuzzle) puzzle = find ("kalah", "S: 0 0 3 0 0 1 | 0 / N: 0 6 2 2 1 1 | 0 / south", NULL);
  const char * const *line;
  g_autoptr (GPtrArray) summaries = NULL;

  g_assert_nonnull (puzzle);
  line = congkak_puzzle_get_solution (puzzle);
  g_test_message ("line: %s …, depth %u", line[0], congkak_puzzle_get_depth (puzzle));
  g_assert_cmpuint (g_strv_length ((char **) line), ==, MIN (congkak_puzzle_get_depth (puzzle), 8));
  summaries = congkak_puzzle_dup_line_summaries (puzzle);
  g_assert_cmpuint (summaries->len, ==, g_strv_length ((char **) line));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (summaries, 0), line[0]));
}

/* The finder over matches */

/* A Kalah match from KALAH_CAPTURE where Ani (South) played F, with A as
 * a variation: one board, one puzzle. */
static CongkakMatch *
capture_match (CongkakPlayerKind south_kind)
{
  g_autoptr (GError) error = NULL;
  CongkakMatch *match;
  CongkakPosition position;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  test_position (&position, &rules, KALAH_CAPTURE);
  match = congkak_match_new_from_position (&rules, &position, &error);
  g_assert_no_error (error);
  congkak_match_set_player (match, CONGKAK_SOUTH, "Ani", south_kind, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_player (match, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
  congkak_match_set_metadata (match, CONGKAK_METADATA_DATE, "2026-11-29");
  g_assert_nonnull (congkak_match_play_text (match, "F", NULL, &error));
  g_assert_no_error (error);
  congkak_match_go_to_start (match);
  g_assert_nonnull (congkak_match_play_text (match, "A", NULL, &error));
  g_assert_no_error (error);
  return match;
}

static CongkakPuzzleFinder *
test_finder (void)
{
  CongkakPuzzleFinderOptions options;

  test_options (&options);
  return congkak_puzzle_finder_new (&options);
}

static void
test_match_source (void)
{
  g_autoptr (CongkakMatch) match = capture_match (CONGKAK_PLAYER_HUMAN);
  g_autoptr (CongkakPuzzleFinder) finder = test_finder ();
  g_autoptr (GError) error = NULL;
  const CongkakPuzzleSource *source;
  CongkakPuzzleSet *set;
  CongkakPuzzle *puzzle;

  congkak_puzzle_finder_add_match (finder, match, "ani-budi.congkak");
  g_assert_true (congkak_puzzle_finder_run (finder, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  /* The main line's and the variation's board are one position. */
  g_assert_cmpuint (congkak_puzzle_finder_get_n_positions (finder), >=, 1);
  set = congkak_puzzle_finder_get_puzzles (finder);
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (set), >=, 1);
  puzzle = congkak_puzzle_set_get_puzzle (set, 0);
  g_assert_cmpstr (congkak_puzzle_get_solution (puzzle)[0], ==, "A");

  source = congkak_puzzle_get_source (puzzle);
  g_assert_cmpstr (source->played, ==, "F");
  g_assert_cmpstr (source->node, ==, "moves[0]");
  g_assert_cmpuint (source->move_number, ==, 1);
  g_assert_cmpstr (source->file, ==, "ani-budi.congkak");
  g_assert_cmpstr (source->title, ==, "Ani vs Budi");
  g_assert_cmpstr (source->date, ==, "2026-11-29");
  g_assert_cmpstr (source->players[CONGKAK_SOUTH], ==, "Ani");
  g_assert_cmpint (source->kinds[CONGKAK_NORTH], ==, CONGKAK_PLAYER_COMPUTER);

  /* Ani's mistake, told apart by name, case aside; not Budi's. */
  g_assert_true (congkak_puzzle_is_mistake_of (puzzle, (const char *[]) { "ani", NULL }));
  g_assert_false (congkak_puzzle_is_mistake_of (puzzle, (const char *[]) { "Budi", NULL }));
}

static void
test_match_computer_no_mistake (void)
{
  g_autoptr (CongkakMatch) match = capture_match (CONGKAK_PLAYER_COMPUTER);
  g_autoptr (CongkakPuzzleFinder) finder = test_finder ();
  CongkakPuzzleSet *set;

  congkak_puzzle_finder_add_match (finder, match, NULL);
  g_assert_true (congkak_puzzle_finder_run (finder, NULL, NULL, NULL, NULL));
  set = congkak_puzzle_finder_get_puzzles (finder);
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (set), >=, 1);
  /* A computer's move is nobody's mistake to practise. */
  g_assert_false (congkak_puzzle_is_mistake_of (congkak_puzzle_set_get_puzzle (set, 0),
                                                (const char *[]) { "Ani", NULL }));
}

static CongkakPuzzleSet *
find_in_file (const char *name,
              guint      *positions)
{
  g_autoptr (CongkakPuzzleFinder) finder = test_finder ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  congkak_puzzle_finder_add_file (finder, file);
  g_assert_true (congkak_puzzle_finder_run (finder, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_puzzle_finder_get_failures (finder)->len, ==, 0);
  if (positions)
    *positions = congkak_puzzle_finder_get_n_positions (finder);
  return g_object_ref (congkak_puzzle_finder_get_puzzles (finder));
}

static void
test_reproducible (void)
{
  g_autoptr (CongkakPuzzleSet) first = NULL;
  g_autoptr (CongkakPuzzleSet) second = NULL;
  g_autofree char *first_text = NULL;
  g_autofree char *second_text = NULL;
  guint positions;

  first = find_in_file ("kalah-variations.congkak", &positions);
  second = find_in_file ("kalah-variations.congkak", NULL);
  g_test_message ("%u positions, %u puzzles", positions, congkak_puzzle_set_get_n_puzzles (first));
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (first), >, 0);
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (first), <, positions);
  first_text = congkak_puzzle_set_save_to_data (first, NULL);
  second_text = congkak_puzzle_set_save_to_data (second, NULL);
  g_assert_cmpstr (first_text, ==, second_text);

  /* Every puzzle's answer is clearly better than the next best move. */
  for (guint i = 0; i < congkak_puzzle_set_get_n_puzzles (first); i++)
    {
      CongkakPuzzle *puzzle = congkak_puzzle_set_get_puzzle (first, i);

      g_assert_true (congkak_puzzle_has_values (puzzle));
      g_assert_cmpint (congkak_puzzle_get_value (puzzle) - congkak_puzzle_get_next_value (puzzle), >=, 4);
      g_assert_cmpstr (congkak_puzzle_get_next_best (puzzle), !=, congkak_puzzle_get_solution (puzzle)[0]);
    }
}

static void
test_bad_match_file (void)
{
  g_autoptr (CongkakPuzzleFinder) finder = test_finder ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "bad", "illegal-main-line.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GPtrArray *failures;

  congkak_puzzle_finder_add_file (finder, file);
  g_assert_true (congkak_puzzle_finder_run (finder, NULL, NULL, NULL, NULL));
  failures = congkak_puzzle_finder_get_failures (finder);
  g_assert_cmpuint (failures->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (failures, 0), "illegal-main-line.congkak: moves["));
}

static void
test_cancel (void)
{
  g_autoptr (CongkakMatch) match = capture_match (CONGKAK_PLAYER_HUMAN);
  g_autoptr (CongkakPuzzleFinder) finder = test_finder ();
  g_autoptr (GError) error = NULL;
  gint cancel = 1;

  congkak_puzzle_finder_add_match (finder, match, NULL);
  g_assert_false (congkak_puzzle_finder_run (finder, NULL, NULL, &cancel, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

typedef struct
{
  GMainLoop    *loop;
  GCancellable *cancellable;
  guint         reports;
  guint         last_done;
  guint         last_total;
  gboolean      finished;
  GError       *error;
} AsyncRun;

static void
async_progress (guint    done,
                guint    total,
                gpointer user_data)
{
  AsyncRun *run = user_data;

  /* In the main thread, in order. */
  g_assert_true (g_main_context_is_owner (g_main_context_default ()));
  g_assert_cmpuint (done, >=, run->last_done);
  run->reports++;
  run->last_done = done;
  run->last_total = total;
  if (run->cancellable && done >= 1)
    g_cancellable_cancel (run->cancellable);
}

static void
async_done (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  AsyncRun *run = user_data;

  run->finished = congkak_puzzle_finder_run_finish (CONGKAK_PUZZLE_FINDER (object), result, &run->error);
  g_main_loop_quit (run->loop);
}

static void
test_async (void)
{
  g_autoptr (CongkakPuzzleFinder) finder = test_finder ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "kalah-analysed.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  AsyncRun run = { g_main_loop_new (NULL, FALSE) };

  congkak_puzzle_finder_add_file (finder, file);
  congkak_puzzle_finder_run_async (finder, async_progress, &run, NULL, NULL, async_done, &run);
  g_main_loop_run (run.loop);
  g_assert_no_error (run.error);
  g_assert_true (run.finished);
  g_assert_cmpuint (run.reports, >, 1);
  g_assert_cmpuint (run.last_done, ==, run.last_total);
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (congkak_puzzle_finder_get_puzzles (finder)), >, 0);
  g_main_loop_unref (run.loop);
}

static void
test_async_cancel (void)
{
  g_autoptr (CongkakPuzzleFinder) finder = test_finder ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "oware-repetition.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  AsyncRun run = { g_main_loop_new (NULL, FALSE), g_cancellable_new () };

  congkak_puzzle_finder_add_file (finder, file);
  congkak_puzzle_finder_run_async (finder, async_progress, &run, NULL, run.cancellable, async_done, &run);
  g_main_loop_run (run.loop);
  g_assert_false (run.finished);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* It stopped long before the end. */
  g_assert_cmpuint (run.last_done, <, run.last_total);
  g_clear_error (&run.error);
  g_object_unref (run.cancellable);
  g_main_loop_unref (run.loop);
}

/* Puzzles and their files */

static void
test_illegal_line (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakPuzzle) puzzle = NULL;
  CongkakPosition position;
  CongkakRules rules;
  guint bad_move = 99;

  test_rules (&rules, "kalah", NULL);
  test_position (&position, &rules, KALAH_CAPTURE);
  puzzle = congkak_puzzle_new (&rules, &position, 1, (const char *[]) { "A", "e", NULL }, &bad_move, &error);
  g_assert_null (puzzle);
  g_assert_error (error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_INVALID_LINE);
  g_assert_cmpuint (bad_move, ==, 1);
}

static void
assert_puzzles_equal (CongkakPuzzle *a,
                      CongkakPuzzle *b)
{
  const CongkakPuzzleSource *x = congkak_puzzle_get_source (a);
  const CongkakPuzzleSource *y = congkak_puzzle_get_source (b);

  g_assert_true (congkak_rules_equal (congkak_puzzle_get_rules (a), congkak_puzzle_get_rules (b)));
  g_assert_true (congkak_position_equal (congkak_puzzle_get_position (a), congkak_puzzle_get_position (b)));
  g_assert_cmpuint (congkak_puzzle_get_round (a), ==, congkak_puzzle_get_round (b));
  g_assert_true (g_strv_equal ((const char * const *) congkak_puzzle_get_solution (a),
                               (const char * const *) congkak_puzzle_get_solution (b)));
  g_assert_cmpint (congkak_puzzle_has_values (a), ==, congkak_puzzle_has_values (b));
  g_assert_cmpint (congkak_puzzle_get_value (a), ==, congkak_puzzle_get_value (b));
  g_assert_cmpstr (congkak_puzzle_get_next_best (a), ==, congkak_puzzle_get_next_best (b));
  g_assert_cmpint (congkak_puzzle_get_next_value (a), ==, congkak_puzzle_get_next_value (b));
  g_assert_cmpint (congkak_puzzle_is_exact (a), ==, congkak_puzzle_is_exact (b));
  g_assert_cmpuint (congkak_puzzle_get_depth (a), ==, congkak_puzzle_get_depth (b));
  g_assert_cmpint (congkak_puzzle_get_difficulty (a), ==, congkak_puzzle_get_difficulty (b));
  g_assert_cmpstr (x->title, ==, y->title);
  g_assert_cmpstr (x->file, ==, y->file);
  g_assert_cmpstr (x->node, ==, y->node);
  g_assert_cmpuint (x->move_number, ==, y->move_number);
  g_assert_cmpstr (x->played, ==, y->played);
  for (guint side = 0; side < 2; side++)
    {
      g_assert_cmpstr (x->players[side], ==, y->players[side]);
      g_assert_cmpint (x->kinds[side], ==, y->kinds[side]);
    }
}

static void
assert_round_trip (CongkakPuzzleSet *set)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) warnings = NULL;
  g_autoptr (CongkakPuzzleSet) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize length;

  first = congkak_puzzle_set_save_to_data (set, &length);
  g_assert_cmpuint (strlen (first), ==, length);
  again = congkak_puzzle_set_load_from_data (first, length, &warnings, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_cmpstr (congkak_puzzle_set_get_title (again), ==, congkak_puzzle_set_get_title (set));
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (again), ==, congkak_puzzle_set_get_n_puzzles (set));
  for (guint i = 0; i < congkak_puzzle_set_get_n_puzzles (set); i++)
    assert_puzzles_equal (congkak_puzzle_set_get_puzzle (set, i), congkak_puzzle_set_get_puzzle (again, i));
  second = congkak_puzzle_set_save_to_data (again, NULL);
  g_assert_cmpstr (first, ==, second);
}

static void
test_round_trip_found (void)
{
  g_autoptr (CongkakPuzzleSet) set = find_in_file ("congkak-multi-round.congkak", NULL);

  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (set), >, 0);
  congkak_puzzle_set_set_title (set, "Congkak “round two” — ünïcode");
  assert_round_trip (set);
}

static void
test_good_files (void)
{
  const char *names[] = { "captures.json", "minimal.json", "unknown-fields.json", "empty-set.json" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = data_path ("good", names[i]);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) warnings = NULL;
      g_autoptr (CongkakPuzzleSet) set = congkak_puzzle_set_load_from_file (file, NULL, &warnings, &error);

      g_test_message ("%s", names[i]);
      g_assert_no_error (error);
      g_assert_nonnull (set);
      g_assert_cmpuint (warnings->len, ==, g_str_equal (names[i], "unknown-fields.json") ? 4 : 0);
      assert_round_trip (set);
    }
}

/* A source's players are read as a match file's are, without levels:
 * a level there is an unknown field, as is a side that is neither. */
static void
test_source_players (void)
{
  g_autofree char *path = data_path ("good", "minimal.json");
  g_autofree char *contents = NULL;
  g_autoptr (GString) text = NULL;
  g_autoptr (GPtrArray) warnings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakPuzzleSet) set = NULL;
  const CongkakPuzzleSource *source;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  text = g_string_new (contents);
  g_assert_cmpuint (g_string_replace (text, "   \"solution\": [",
                                      "   \"source\": { \"players\": { \"south\": { \"name\": \"Ani\" },"
                                      " \"north\": { \"kind\": \"computer\", \"level\": \"hard\" },"
                                      " \"east\": { } } },\n   \"solution\": [", 1), ==, 1);
  set = congkak_puzzle_set_load_from_data (text->str, text->len, &warnings, &error);
  g_assert_no_error (error);

  source = congkak_puzzle_get_source (congkak_puzzle_set_get_puzzle (set, 0));
  g_assert_cmpstr (source->players[CONGKAK_SOUTH], ==, "Ani");
  g_assert_null (source->players[CONGKAK_NORTH]);
  g_assert_cmpint (source->kinds[CONGKAK_SOUTH], ==, CONGKAK_PLAYER_HUMAN);
  g_assert_cmpint (source->kinds[CONGKAK_NORTH], ==, CONGKAK_PLAYER_COMPUTER);
  g_assert_cmpuint (warnings->len, ==, 2);
  g_assert_true (g_ptr_array_find_with_equal_func (warnings, "puzzles[0].source.players.north.level: unknown field, ignored",
                                                   g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (warnings, "puzzles[0].source.players.east: unknown field, ignored",
                                                   g_str_equal, NULL));
}

static void
test_good_file_contents (void)
{
  g_autofree char *path = data_path ("good", "captures.json");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakPuzzleSet) set = congkak_puzzle_set_load_from_file (file, NULL, NULL, NULL);
  g_autoptr (CongkakPuzzleSet) kalah = NULL;
  g_autoptr (CongkakPuzzleSet) hard = NULL;
  g_autoptr (CongkakPuzzleSet) first = NULL;
  CongkakPuzzle *puzzle;

  g_assert_nonnull (set);
  g_assert_cmpstr (congkak_puzzle_set_get_title (set), ==, "Captures for class 3B");
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (set), ==, 2);
  puzzle = congkak_puzzle_set_get_puzzle (set, 0);
  g_assert_cmpstr (congkak_puzzle_get_game (puzzle), ==, "kalah");
  g_assert_cmpstr (congkak_puzzle_get_source (puzzle)->played, ==, "F");
  g_assert_true (congkak_puzzle_is_mistake_of (puzzle, (const char *[]) { "Ani", NULL }));
  g_assert_cmpuint (congkak_puzzle_get_rating (puzzle), ==, 900);

  /* Filters by game, difficulty and number. */
  kalah = congkak_puzzle_set_filter (set, "kalah", -1, 0);
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (kalah), ==, 1);
  hard = congkak_puzzle_set_filter (set, NULL, CONGKAK_PUZZLE_HARD, 0);
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (hard), ==, 0);
  first = congkak_puzzle_set_filter (set, NULL, CONGKAK_PUZZLE_EASY, 1);
  g_assert_cmpuint (congkak_puzzle_set_get_n_puzzles (first), ==, 1);
  g_assert_true (congkak_puzzle_set_get_puzzle (first, 0) == puzzle);
}

static int
error_code_from_nick (const char *nick)
{
  static const char * const nicks[] = {
    [CONGKAK_MATCH_FILE_ERROR_EMPTY] = "EMPTY",
    [CONGKAK_MATCH_FILE_ERROR_TOO_LARGE] = "TOO_LARGE",
    [CONGKAK_MATCH_FILE_ERROR_INVALID_UTF8] = "INVALID_UTF8",
    [CONGKAK_MATCH_FILE_ERROR_SYNTAX] = "SYNTAX",
    [CONGKAK_MATCH_FILE_ERROR_TOO_DEEP] = "TOO_DEEP",
    [CONGKAK_MATCH_FILE_ERROR_NOT_A_MATCH] = "NOT_A_MATCH",
    [CONGKAK_MATCH_FILE_ERROR_NEWER_VERSION] = "NEWER_VERSION",
    [CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD] = "MISSING_FIELD",
    [CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE] = "WRONG_TYPE",
    [CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE] = "INVALID_VALUE",
    [CONGKAK_MATCH_FILE_ERROR_INVALID_RULES] = "INVALID_RULES",
    [CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION] = "INVALID_POSITION",
    [CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE] = "ILLEGAL_MOVE",
    [CONGKAK_MATCH_FILE_ERROR_TOO_MANY_MOVES] = "TOO_MANY_MOVES",
  };

  for (guint i = 0; i < G_N_ELEMENTS (nicks); i++)
    if (g_strcmp0 (nicks[i], nick) == 0)
      return i;
  g_error ("tests/data/puzzles/bad/EXPECTED: unknown error code “%s”", nick);
}

static void
test_bad_files (void)
{
  g_autofree char *expected_path = data_path ("bad", "EXPECTED");
  g_autofree char *expected = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "data", "puzzles", "bad", NULL);
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));
  lines = g_strsplit (expected, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = NULL;
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      g_autoptr (GFile) file = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GError) file_error = NULL;
      g_autoptr (GPtrArray) warnings = NULL;
      g_autoptr (CongkakPuzzleSet) set = NULL;
      g_autoptr (CongkakPuzzleSet) from_file = NULL;
      const char *prefix;
      gsize length;

      g_strstrip (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      fields = g_strsplit_set (lines[i], " \t", 3);
      g_assert_cmpuint (g_strv_length (fields), ==, 3);
      g_hash_table_add (listed, g_strdup (fields[0]));
      prefix = g_strstrip (fields[2]);

      path = data_path ("bad", fields[0]);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      set = congkak_puzzle_set_load_from_data (contents, length, &warnings, &error);
      g_assert_null (set);
      g_assert_null (warnings);
      g_assert_nonnull (error);
      g_test_message ("%s: %s", fields[0], error->message);
      g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, error_code_from_nick (fields[1]));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      if (g_str_equal (prefix, "-"))
        g_assert_true (g_ascii_isupper (error->message[0]));
      else if (!g_str_has_prefix (error->message, prefix))
        g_error ("%s: “%s” does not begin with “%s”", fields[0], error->message, prefix);

      /* Reading the file says the same. */
      file = g_file_new_for_path (path);
      from_file = congkak_puzzle_set_load_from_file (file, NULL, NULL, &file_error);
      g_assert_null (from_file);
      g_assert_cmpstr (file_error->message, ==, error->message);
    }

  /* Every bad file is listed. */
  while ((name = g_dir_read_name (dir)) != NULL)
    if (!g_str_equal (name, "EXPECTED") && !g_hash_table_contains (listed, name))
      g_error ("tests/data/puzzles/bad/%s is not in EXPECTED", name);
}

static void
test_too_large (void)
{
  gsize length = CONGKAK_PUZZLE_SET_MAX_BYTES + 1;
  g_autofree char *data = g_malloc (length);
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakPuzzleSet) set = NULL;

  memset (data, ' ', length);
  data[0] = '{';
  data[length - 1] = '}';
  set = congkak_puzzle_set_load_from_data (data, length, NULL, &error);
  g_assert_null (set);
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE);
}

static void
test_save_to_file (void)
{
  g_autofree char *path = data_path ("good", "captures.json");
  g_autoptr (GFile) source = g_file_new_for_path (path);
  g_autoptr (CongkakPuzzleSet) set = congkak_puzzle_set_load_from_file (source, NULL, NULL, NULL);
  g_autofree char *folder = g_dir_make_tmp ("congkak-puzzles-XXXXXX", NULL);
  g_autofree char *target_path = g_build_filename (folder, "set.json", NULL);
  g_autofree char *backup_path = g_strconcat (target_path, "~", NULL);
  g_autofree char *missing_path = g_build_filename (folder, "no-such-folder", "set.json", NULL);
  g_autoptr (GFile) target = g_file_new_for_path (target_path);
  g_autoptr (GFile) missing = g_file_new_for_path (missing_path);
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakPuzzleSet) again = NULL;

  g_assert_true (congkak_puzzle_set_save_to_file (set, target, NULL, &error));
  g_assert_no_error (error);
  congkak_puzzle_set_set_title (set, "Second");
  g_assert_true (congkak_puzzle_set_save_to_file (set, target, NULL, &error));
  g_assert_true (g_file_test (backup_path, G_FILE_TEST_IS_REGULAR));
  again = congkak_puzzle_set_load_from_file (target, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (congkak_puzzle_set_get_title (again), ==, "Second");

  g_assert_false (congkak_puzzle_set_save_to_file (set, missing, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_unlink (backup_path);
  g_unlink (target_path);
  g_rmdir (folder);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/puzzles/finder/capture", test_finds_capture);
  g_test_add_func ("/model/puzzles/finder/equal-moves", test_nothing_when_equal);
  g_test_add_func ("/model/puzzles/finder/one-move", test_nothing_with_one_move);
  g_test_add_func ("/model/puzzles/finder/deep-search", test_deep_search);
  g_test_add_func ("/model/puzzles/finder/gap", test_gap_option);
  g_test_add_func ("/model/puzzles/finder/refuted-claims", test_refuted_claims);
  g_test_add_func ("/model/puzzles/finder/claims-hold", test_claims_hold);
  g_test_add_func ("/model/puzzles/finder/line", test_line);
  g_test_add_func ("/model/puzzles/finder/match-source", test_match_source);
  g_test_add_func ("/model/puzzles/finder/computer-no-mistake", test_match_computer_no_mistake);
  g_test_add_func ("/model/puzzles/finder/reproducible", test_reproducible);
  g_test_add_func ("/model/puzzles/finder/bad-match-file", test_bad_match_file);
  g_test_add_func ("/model/puzzles/finder/cancel", test_cancel);
  g_test_add_func ("/model/puzzles/finder/async", test_async);
  g_test_add_func ("/model/puzzles/finder/async-cancel", test_async_cancel);
  g_test_add_func ("/model/puzzles/puzzle/illegal-line", test_illegal_line);
  g_test_add_func ("/model/puzzles/file/round-trip", test_round_trip_found);
  g_test_add_func ("/model/puzzles/file/good", test_good_files);
  g_test_add_func ("/model/puzzles/file/contents", test_good_file_contents);
  g_test_add_func ("/model/puzzles/file/source-players", test_source_players);
  g_test_add_func ("/model/puzzles/file/bad", test_bad_files);
  g_test_add_func ("/model/puzzles/file/too-large", test_too_large);
  g_test_add_func ("/model/puzzles/file/save", test_save_to_file);

  return g_test_run ();
}
