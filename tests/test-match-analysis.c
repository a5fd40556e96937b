/* test-match-analysis.c — the computer's analysis of a match, in the model
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-analysis.h"
#include "congkak-match.h"
#include "congkak-match-file.h"
#include "congkak-match-text.h"
#include "congkak-test-util.h"

static void
small_options (CongkakAnalysisOptions *options)
{
  congkak_analysis_options_init (options);
  options->max_nodes = 20000;
}

static CongkakNode *
play (CongkakMatch *match,
      const char   *move)
{
  g_autoptr (GError) error = NULL;
  CongkakNode *node = congkak_match_play_text (match, move, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  return node;
}

static CongkakNode *
play_first_legal_after (CongkakMatch *match)
{
  const CongkakState *state = congkak_game_get_state (congkak_match_get_cursor_game (match));
  guint8 holes[CONGKAK_MAX_HOLES];
  char move[2] = { 0, 0 };

  g_assert_cmpuint (congkak_state_legal_moves (state, congkak_match_get_rules (match), holes), >, 0);
  move[0] = congkak_hole_letter (state->position.to_move, holes[0]);
  return play (match, move);
}

static guint
main_line_length (CongkakMatch *match)
{
  guint length = 0;

  for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match)); node != NULL;
       node = congkak_node_get_main_child (node))
    length++;
  return length;
}

/* A kalah match of random moves, the same every time. */
static CongkakMatch *
random_match (guint32 seed,
              guint   n_moves)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  CongkakMatch *match;
  CongkakRules rules;

  test_rules (&rules, "kalah", "holes=5", "seeds=3", NULL);
  match = congkak_match_new (&rules);
  for (guint i = 0; i < n_moves; i++)
    {
      g_autofree char *move = congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                                         &rules, rand);

      if (move == NULL)
        break;
      play (match, move);
    }
  return match;
}

static void
count_node_changed (CongkakMatch *match,
                    CongkakNode  *node,
                    gpointer      user_data)
{
  (*(guint *) user_data)++;
}

/* South's A misses the capture of North's nine seeds with C: a blunder,
 * and the comment names C.  The user's own comment and mark stay. */
static void
test_marks_blunder (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  CongkakAnalysisOptions options;
  CongkakPosition start;
  CongkakRules rules;
  CongkakNode *node;
  guint changed = 0;

  test_rules (&rules, "kalah", "holes=4", "seeds=3", NULL);
  test_position (&start, &rules, "S: 1 0 1 0 | 0 / N: 9 0 0 1 | 0 / south");
  match = congkak_match_new_from_position (&rules, &start, &error);
  g_assert_no_error (error);
  node = play (match, "A");
  congkak_match_set_comment (match, node, "I did not see it.");
  congkak_match_set_mark (match, node, CONGKAK_MARK_INTERESTING);
  g_signal_connect (match, "node-changed", G_CALLBACK (count_node_changed), &changed);

  small_options (&options);
  g_assert_true (congkak_match_analyse (match, &options, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (congkak_node_has_analysis (node));
  g_assert_cmpstr (congkak_node_get_best_move (node), ==, "C");
  g_assert_cmpint (congkak_node_get_analysis_mark (node), ==, CONGKAK_MARK_BLUNDER);
  g_assert_true (g_str_has_prefix (congkak_node_get_analysis_comment (node), "Better: C ("));
  g_assert_cmpuint (changed, >=, 1);
  /* Untouched: */
  g_assert_cmpstr (congkak_node_get_comment (node), ==, "I did not see it.");
  g_assert_cmpint (congkak_node_get_mark (node), ==, CONGKAK_MARK_INTERESTING);
  g_assert_false (congkak_node_has_analysis (congkak_match_get_root (match)));
}

/* In a match of several rounds the analysis, like the hint, tells the
 * store margin at the round's end, not the search's outlook for the next
 * round: South's only move ends the round 61 to 37, 24 seeds (the outlook
 * would add 3 for each of the 2 holes more). */
static void
test_margin_only (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  CongkakAnalysisOptions options;
  CongkakPosition start;
  CongkakRules rules;
  CongkakNode *node;

  test_rules (&rules, "congkak", NULL);
  test_position (&start, &rules, "S: 0 0 0 0 0 0 1 | 60 / N: 1 0 0 0 0 0 0 | 36 / south");
  match = congkak_match_new_from_position (&rules, &start, &error);
  g_assert_no_error (error);
  node = play (match, "G");

  small_options (&options);
  g_assert_true (congkak_match_analyse (match, &options, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (congkak_node_has_analysis (node));
  g_assert_cmpint (congkak_node_get_evaluation (node), ==, 24);
}

/* The best move gets no mark, and the evaluation is South's margin. */
static void
test_best_move_unmarked (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  CongkakAnalysisOptions options;
  CongkakPosition start;
  CongkakRules rules;
  CongkakNode *node;

  test_rules (&rules, "kalah", "holes=4", "seeds=3", NULL);
  test_position (&start, &rules, "S: 1 0 1 0 | 0 / N: 9 0 0 1 | 0 / south");
  match = congkak_match_new_from_position (&rules, &start, &error);
  node = play (match, "C");
  small_options (&options);
  g_assert_true (congkak_match_analyse (match, &options, NULL, NULL, NULL, &error));
  g_assert_cmpstr (congkak_node_get_best_move (node), ==, "C");
  g_assert_cmpint (congkak_node_get_analysis_mark (node), ==, CONGKAK_MARK_NONE);
  g_assert_cmpstr (congkak_node_get_analysis_comment (node), ==, "");
  /* C captures 9 + 1; the rest of the board: A (South) and d (North). */
  g_assert_cmpint (congkak_node_get_evaluation (node), ==, 10);
}

static void
count_progress (guint    done,
                guint    total,
                gpointer user_data)
{
  guint *calls = user_data;

  g_assert_cmpuint (done, ==, *calls + 1);
  g_assert_cmpuint (done, <=, total);
  (*calls)++;
}

typedef struct
{
  CongkakAnalysis *analysis;
  guint            calls;
  gboolean         finished;
} Job;

static gpointer
run_job (gpointer data)
{
  Job *job = data;

  job->finished = congkak_analysis_run (job->analysis, count_progress, &job->calls, NULL, NULL);
  return NULL;
}

/* The same match and options give the same analysis, also when the run
 * happens in another thread; progress is reported once a move. */
static void
test_reproducible (void)
{
  g_autoptr (CongkakMatch) first = random_match (11, 30);
  g_autoptr (CongkakMatch) second = random_match (11, 30);
  g_autoptr (GError) error = NULL;
  CongkakAnalysisOptions options;
  Job job = { 0 };
  GThread *thread;
  guint calls = 0;
  guint length = main_line_length (first);

  g_assert_cmpuint (length, >, 10);
  g_assert_true (congkak_match_equal (first, second));
  small_options (&options);
  options.seed = 5;

  g_assert_true (congkak_match_analyse (first, &options, count_progress, &calls, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (calls, ==, length);

  job.analysis = congkak_analysis_new (second, &options);
  g_assert_cmpuint (congkak_analysis_get_n_moves (job.analysis), ==, length);
  thread = g_thread_new ("analysis", run_job, &job);
  g_thread_join (thread);
  g_assert_true (job.finished);
  g_assert_cmpuint (job.calls, ==, length);
  g_assert_cmpuint (congkak_analysis_apply (job.analysis, second), ==, length);
  congkak_analysis_free (job.analysis);

  g_assert_true (congkak_match_equal (first, second));
  g_assert_true (congkak_node_has_analysis (congkak_match_get_main_line_end (first)));
}

static void
cancel_after_three (guint    done,
                    guint    total,
                    gpointer user_data)
{
  if (done == 3)
    g_atomic_int_set ((gint *) user_data, 1);
}

/* A cancelled run says so; the moves finished before it are stored, the
 * others are not. */
static void
test_cancel (void)
{
  g_autoptr (CongkakMatch) match = random_match (3, 20);
  g_autoptr (CongkakAnalysis) analysis = NULL;
  g_autoptr (GError) error = NULL;
  CongkakAnalysisOptions options;
  CongkakNode *node;
  gint cancel = 0;
  guint analysed = 0;

  small_options (&options);
  analysis = congkak_analysis_new (match, &options);
  g_assert_false (congkak_analysis_run (analysis, cancel_after_three, &cancel, &cancel, &error));
  g_assert_error (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_CANCELLED);
  g_assert_cmpuint (congkak_analysis_apply (analysis, match), ==, 3);

  for (node = congkak_node_get_main_child (congkak_match_get_root (match)); node != NULL;
       node = congkak_node_get_main_child (node))
    analysed += congkak_node_has_analysis (node);
  g_assert_cmpuint (analysed, ==, 3);
}

/* Variations are analysed when asked; a move deleted between the
 * snapshot and the apply is skipped. */
static void
test_variations (void)
{
  g_autoptr (CongkakMatch) match = random_match (5, 6);
  g_autoptr (CongkakAnalysis) analysis = NULL;
  CongkakAnalysisOptions options;
  CongkakNode *second = congkak_node_get_main_child (congkak_node_get_main_child (congkak_match_get_root (match)));
  CongkakNode *variation, *kept;
  const CongkakState *state;
  guint8 holes[CONGKAK_MAX_HOLES];
  char move[2] = { 0, 0 };

  /* Another move instead of the second, then one more after it. */
  congkak_match_set_cursor (match, congkak_node_get_parent (second));
  state = congkak_game_get_state (congkak_match_get_cursor_game (match));
  congkak_state_legal_moves (state, congkak_match_get_rules (match), holes);
  move[0] = congkak_hole_letter (state->position.to_move,
                                 holes[0] == congkak_node_get_move (second)->hole ? holes[1] : holes[0]);
  variation = play (match, move);
  kept = play_first_legal_after (match);
  g_assert_false (congkak_node_is_main_line (variation));
  g_assert_cmpuint (main_line_length (match), ==, 6);

  small_options (&options);
  options.variations = TRUE;
  analysis = congkak_analysis_new (match, &options);
  g_assert_cmpuint (congkak_analysis_get_n_moves (analysis), ==, 8);
  g_assert_true (congkak_analysis_run (analysis, NULL, NULL, NULL, NULL));
  g_object_ref (kept);
  congkak_match_delete_variation (match, variation);
  g_assert_cmpuint (congkak_analysis_apply (analysis, match), ==, 6);
  g_assert_false (congkak_node_has_analysis (kept));
  g_object_unref (kept);
  g_assert_true (congkak_node_has_analysis (second));
}

/* Saved and loaded, the analysis comes back the same; the text notation
 * leaves it out. */
static void
test_file_round_trip (void)
{
  g_autoptr (CongkakMatch) match = random_match (9, 16);
  g_autoptr (CongkakMatch) loaded = NULL;
  g_autoptr (CongkakMatch) from_text = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *text = NULL;
  CongkakAnalysisOptions options;
  CongkakNode *node;

  small_options (&options);
  congkak_match_set_comment (match, congkak_match_get_main_line_end (match), "Mine.");
  g_assert_true (congkak_match_analyse (match, &options, NULL, NULL, NULL, &error));
  data = congkak_match_save_to_data (match, NULL);
  g_assert_nonnull (strstr (data, "\"analysis\""));
  loaded = congkak_match_load_from_data (data, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (match, loaded));
  node = congkak_match_get_main_line_end (loaded);
  g_assert_true (congkak_node_has_analysis (node));
  g_assert_cmpint (congkak_node_get_evaluation (node), ==,
                   congkak_node_get_evaluation (congkak_match_get_main_line_end (match)));
  g_assert_cmpstr (congkak_node_get_comment (node), ==, "Mine.");

  text = congkak_match_save_to_text (match);
  from_text = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  g_assert_false (congkak_node_has_analysis (congkak_match_get_main_line_end (from_text)));
  g_assert_false (congkak_match_equal (match, from_text));
  congkak_match_clear_analysis (match);
  g_assert_true (congkak_match_equal (match, from_text));
}

/* Bad analysis fields are refused with their JSON path. */
static void
test_file_refuses_bad_analysis (void)
{
  static const struct
  {
    const char *analysis;
    int         code;
    const char *prefix;
  } cases[] = {
    { "{ \"best\": \"C\" }", CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, "moves[0].analysis.evaluation:" },
    { "{ \"evaluation\": \"+3\" }", CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE, "moves[0].analysis.evaluation:" },
    { "{ \"evaluation\": 100000 }", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "moves[0].analysis.evaluation:" },
    { "{ \"evaluation\": 3, \"best\": \"c\" }", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "moves[0].analysis.best:" },
    { "{ \"evaluation\": 3, \"best\": \"Z\" }", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "moves[0].analysis.best:" },
    { "{ \"evaluation\": 3, \"mark\": \"?!?\" }", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "moves[0].analysis.mark:" },
    { "{ \"evaluation\": 3, \"comment\": 4 }", CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE, "moves[0].analysis.comment:" },
    { "[3]", CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE, "moves[0].analysis:" },
  };
  g_autoptr (CongkakMatch) match = NULL;
  g_autofree char *empty = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  empty = congkak_match_save_to_data (match, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakMatch) loaded = NULL;
      g_autofree char *moves = g_strdup_printf ("\"moves\": [ { \"move\": \"C\", \"analysis\": %s } ]",
                                                cases[i].analysis);
      g_autoptr (GString) data = g_string_new (empty);

      g_assert_cmpuint (g_string_replace (data, "\"moves\" : []", moves, 1), ==, 1);
      loaded = congkak_match_load_from_data (data->str, -1, NULL, &error);
      g_assert_null (loaded);
      g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, cases[i].code);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, cases[i].prefix));
    }
}

/* The hint in a player's words, for each kind of outcome. */
static void
test_describe_hint (void)
{
  static const struct
  {
    const char *profile;
    CongkakSide side;
    guint       hole;
    int         score;
    gboolean    exact;
    const char *expected;
  } cases[] = {
    { "kalah", CONGKAK_SOUTH, 4, 4, TRUE, "Sow E: you end 4 seeds ahead" },
    { "kalah", CONGKAK_SOUTH, 0, 1, TRUE, "Sow A: you end 1 seed ahead" },
    { "kalah", CONGKAK_NORTH, 2, 0, TRUE, "Sow c: you end level" },
    { "kalah", CONGKAK_SOUTH, 4, -2, TRUE, "Sow E: you end 2 seeds behind" },
    { "kalah", CONGKAK_SOUTH, 4, -1, TRUE, "Sow E: you end 1 seed behind" },
    { "kalah", CONGKAK_SOUTH, 4, 4, FALSE, "Sow E: you end about 4 seeds ahead (estimated)" },
    { "kalah", CONGKAK_NORTH, 2, 0, FALSE, "Sow c: you end about level (estimated)" },
    { "oware", CONGKAK_SOUTH, 3, -1, FALSE, "Sow D: you end about 1 seed behind (estimated)" },
    { "congkak", CONGKAK_SOUTH, 4, 3, TRUE, "Sow E: you end the round 3 seeds ahead" },
    { "congkak", CONGKAK_NORTH, 6, -5, TRUE, "Sow g: you end the round 5 seeds behind" },
    { "congkak", CONGKAK_SOUTH, 1, 0, TRUE, "Sow B: you end the round level" },
    { "congkak", CONGKAK_SOUTH, 1, 7, FALSE, "Sow B: you end the round about 7 seeds ahead (estimated)" },
    { "congkak", CONGKAK_SOUTH, 4, CONGKAK_SEARCH_MATCH_WIN + 12, TRUE, "Sow E: you win the match" },
    { "congkak", CONGKAK_NORTH, 0, -CONGKAK_SEARCH_MATCH_WIN - 3, TRUE,
      "Sow a: the match is lost whatever you play; this move loses it by the least" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CongkakComputerMove hint = {
        .kind = CONGKAK_MOVE_SOW,
        .side = cases[i].side,
        .hole = cases[i].hole,
        .score = cases[i].score,
        .exact = cases[i].exact,
      };
      CongkakRules rules;
      g_autofree char *text = NULL;

      test_rules (&rules, cases[i].profile, NULL);
      text = congkak_analysis_describe_hint (&rules, &hint);
      g_assert_cmpstr (text, ==, cases[i].expected);
    }
}

/* What the computer's hint says for a real position: Kalah's C ends in
 * South's store, and the words name the hole and the margin it found. */
static void
test_describe_hint_from_search (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  CongkakComputerMove hint;
  CongkakState state;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  congkak_state_init (&state, &rules);
  g_assert_true (congkak_computer_hint (&rules, &state, NULL, CONGKAK_SOUTH, NULL, &hint, &error));
  g_assert_no_error (error);
  text = congkak_analysis_describe_hint (&rules, &hint);
  g_test_message ("%s (score %d)", text, hint.score);
  g_assert_true (g_str_has_prefix (text, "Sow "));
  g_assert_cmpint (text[4], ==, congkak_hole_letter (CONGKAK_SOUTH, hint.hole));
  /* From the start the search cannot see the end: an estimate. */
  g_assert_false (hint.exact);
  if (hint.score > 0)
    expected = g_strdup_printf (": you end about %d seed%s ahead (estimated)", hint.score, hint.score == 1 ? "" : "s");
  else if (hint.score < 0)
    expected = g_strdup_printf (": you end about %d seed%s behind (estimated)", -hint.score, hint.score == -1 ? "" : "s");
  else
    expected = g_strdup (": you end about level (estimated)");
  g_assert_cmpstr (text + 5, ==, expected);
}

/* The numbers in words, for the tooltips of the move list and the graph,
 * and how far a hint looked. */
static void
test_describe_score (void)
{
  CongkakComputerMove move = { .depth = 9 };
  CongkakRules kalah, congkak;
  struct
  {
    const CongkakRules *rules;
    int                 score;
    const char         *words;
  } cases[] = {
    { &kalah, -5, "South ends 5 seeds behind with best play" },
    { &kalah, 1, "South ends 1 seed ahead with best play" },
    { &kalah, 0, "The game ends level with best play" },
    { &congkak, 14, "South ends the round 14 seeds ahead with best play" },
    { &congkak, -CONGKAK_SEARCH_MATCH_WIN, "North wins the match with best play" },
  };

  test_rules (&kalah, "kalah", NULL);
  test_rules (&congkak, "congkak", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *words = congkak_analysis_describe_score (cases[i].rules, cases[i].score);

      g_assert_cmpstr (words, ==, cases[i].words);
    }
  {
    g_autofree char *depth = congkak_analysis_describe_depth (&move);

    g_assert_cmpstr (depth, ==, "looked 9 moves ahead");
  }
  move.exact = TRUE;
  {
    g_autofree char *depth = congkak_analysis_describe_depth (&move);

    g_assert_cmpstr (depth, ==, "worked out to the end");
  }
}

/* In a match of several rounds the search values a round end with an
 * outlook for the next round (a bonus for every hole more the stores will
 * fill); the hint tells the seed margin alone.  South's last seed goes
 * into the store and ends the round 61 to 37: 24 seeds, where the outlook
 * would add 3 for each of the 2 holes more (7 against 5). */
static void
test_describe_hint_margin_only (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  CongkakComputerMove hint;
  CongkakPosition position;
  CongkakState state;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  test_position (&position, &rules, "S: 0 0 0 0 0 0 1 | 60 / N: 1 0 0 0 0 0 0 | 36 / south");
  g_assert_true (congkak_state_init_from_position (&state, &rules, &position, NULL));
  g_assert_true (congkak_computer_hint (&rules, &state, NULL, CONGKAK_SOUTH, NULL, &hint, &error));
  g_assert_no_error (error);
  text = congkak_analysis_describe_hint (&rules, &hint);
  g_assert_cmpstr (text, ==, "Sow G: you end the round 24 seeds ahead");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/analysis/blunder", test_marks_blunder);
  g_test_add_func ("/model/analysis/best-move", test_best_move_unmarked);
  g_test_add_func ("/model/analysis/reproducible", test_reproducible);
  g_test_add_func ("/model/analysis/cancel", test_cancel);
  g_test_add_func ("/model/analysis/variations", test_variations);
  g_test_add_func ("/model/analysis/describe-score", test_describe_score);
  g_test_add_func ("/model/analysis/file/round-trip", test_file_round_trip);
  g_test_add_func ("/model/analysis/file/bad", test_file_refuses_bad_analysis);
  g_test_add_func ("/model/analysis/hint-words", test_describe_hint);
  g_test_add_func ("/model/analysis/hint-margin-only", test_describe_hint_margin_only);
  g_test_add_func ("/model/analysis/margin-only", test_margin_only);
  g_test_add_func ("/model/analysis/hint-words/search", test_describe_hint_from_search);

  return g_test_run ();
}
