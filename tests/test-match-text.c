/* test-match-text.c — the plain-text notation: round trips and bad input
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-file-util.h"
#include "congkak-match.h"
#include "congkak-match-file.h"
#include "congkak-match-text.h"
#include "congkak-node-private.h"
#include "congkak-test-util.h"

#define OGN "[Variant \"Oware Abapa\"]\n"
/* South's F ends the match 25-21. */
#define OGN_ENDGAME OGN "[FEN \"0-0-0-0-1-1-1-1-0-0-0-0-23-21-S\"]\n"

/* Comments and names that need every escape, and more than ASCII. */
static const char *const awkward_comments[] = {
  "Both open from the far end.",
  "A {brace} pair, a lone } and a lone {",
  "Backslashes: \\ and \\\\ and \\} and \\\" — all kept",
  "Two lines\nand a third\n\twith a tab",
  "Ani’s best move — très bien, 很好, 🎉",
  "Ends with a backslash \\",
  "(not a variation) [not a tag] ! ? \"quoted\"",
  "Controls: \033]0;title\007, \302\233" "2J, \342\200\256reversed, \r\n and a written \\u001B",
};

/* Fills @move with a random legal move at the cursor, one that the cursor
 * does not have yet when @new_only; FALSE when there is none. */
static gboolean
random_move (CongkakMatch   *match,
             GRand          *rand,
             gboolean        new_only,
             CongkakMove    *move,
             CongkakOpening *opening)
{
  const CongkakRules *rules = congkak_match_get_rules (match);
  const CongkakState *state = congkak_game_get_state (congkak_match_get_cursor_game (match));
  CongkakNode *cursor = congkak_match_get_cursor (match);
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n;

  memset (move, 0, sizeof *move);
  switch (state->phase)
    {
    case CONGKAK_PHASE_MATCH_OVER:
      return FALSE;
    case CONGKAK_PHASE_ROUND_OVER:
      move->kind = CONGKAK_MOVE_NEXT_ROUND;
      return !new_only || congkak_match_find_child (match, cursor, move) == NULL;
    case CONGKAK_PHASE_OPENING:
      move->kind = CONGKAK_MOVE_OPENING;
      move->opening = opening;
      for (guint attempt = 0; attempt < 20; attempt++)
        {
          congkak_state_random_opening (state, rules, rand, opening);
          if (!new_only || congkak_match_find_child (match, cursor, move) == NULL)
            return TRUE;
        }
      return FALSE;
    case CONGKAK_PHASE_PLAYING:
    default:
      n = congkak_state_legal_moves (state, rules, holes);
      move->kind = CONGKAK_MOVE_SOW;
      move->side = state->position.to_move;
      for (guint i = 0, first = g_rand_int_range (rand, 0, MAX (n, 1)); i < n; i++)
        {
          move->hole = holes[(first + i) % n];
          if (!new_only || congkak_match_find_child (match, cursor, move) == NULL)
            return TRUE;
        }
      return FALSE;
    }
}

static CongkakNode *
play_random (CongkakMatch *match,
             GRand        *rand,
             guint         n_moves)
{
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);

  for (guint i = 0; i < n_moves; i++)
    {
      g_autoptr (GError) error = NULL;
      CongkakMove move;

      if (!random_move (match, rand, FALSE, &move, opening))
        break;
      congkak_match_play (match, &move, NULL, &error);
      g_assert_no_error (error);
    }
  return congkak_match_get_cursor (match);
}

/* Plays another move instead of @node's, and @length moves after it.
 * Returns the variation's first move, or NULL if there is no other move. */
static CongkakNode *
add_variation (CongkakMatch *match,
               GRand        *rand,
               CongkakNode  *node,
               guint         length)
{
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  g_autoptr (GError) error = NULL;
  CongkakNode *first;
  CongkakMove move;

  congkak_match_set_cursor (match, congkak_node_get_parent (node));
  if (!random_move (match, rand, TRUE, &move, opening))
    return NULL;
  first = congkak_match_play (match, &move, NULL, &error);
  g_assert_no_error (error);
  play_random (match, rand, length);
  return first;
}

static CongkakNode *
nth_in_line (CongkakNode *node,
             guint        n)
{
  for (guint i = 0; i < n && congkak_node_get_main_child (node) != NULL; i++)
    node = congkak_node_get_main_child (node);
  return node;
}

/* A main line, variations, variations inside them, and annotations on
 * moves everywhere in the tree. */
static void
grow_tree (CongkakMatch *match,
           GRand        *rand,
           guint         main_length)
{
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  CongkakNode *root = congkak_match_get_root (match);
  guint k = 0;
  guint total;

  /* On from the cursor, then variations all along the main line. */
  play_random (match, rand, main_length);
  total = congkak_node_get_depth (congkak_match_get_main_line_end (match));

  for (guint i = 1; i < total; i += 7)
    {
      CongkakNode *node = nth_in_line (root, i);
      CongkakNode *variation, *inner, *innermost;

      if (node == root)
        break;
      variation = add_variation (match, rand, node, 6);
      if (variation == NULL)
        continue;
      /* A second variation of the same move, and one nested inside. */
      add_variation (match, rand, node, 2);
      inner = add_variation (match, rand, nth_in_line (variation, 2), 4);
      if (inner != NULL)
        {
          innermost = add_variation (match, rand, nth_in_line (inner, 1), 3);
          if (innermost != NULL)
            add_variation (match, rand, nth_in_line (innermost, 1), 2);
        }
    }

  /* Annotate about every third move, in every line. */
  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      if (node != root)
        g_ptr_array_add (nodes, node);
      for (guint i = 0; i < congkak_node_get_n_children (node); i++)
        g_ptr_array_add (stack, congkak_node_get_child (node, i));
    }
  for (guint i = 0; i < nodes->len; i += 3, k++)
    {
      CongkakNode *node = g_ptr_array_index (nodes, i);

      if (k % 2 == 0)
        congkak_match_set_comment (match, node, awkward_comments[k % G_N_ELEMENTS (awkward_comments)]);
      if (k % 3 != 1)
        congkak_match_set_mark (match, node, 1 + k % CONGKAK_MARK_DUBIOUS);
    }
  congkak_match_go_to_start (match);
}

static void
set_details (CongkakMatch *match)
{
  congkak_match_set_player (match, CONGKAK_SOUTH, "Ani \"the quick\" \\ Sari", CONGKAK_PLAYER_HUMAN,
                            CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_player (match, CONGKAK_NORTH, "Budi ✓", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_HARD);
  congkak_match_set_metadata (match, CONGKAK_METADATA_EVENT, "Kejohanan [Terbuka] \"Melaka\"");
  congkak_match_set_metadata (match, CONGKAK_METADATA_PLACE, "Melaka");
  congkak_match_set_metadata (match, CONGKAK_METADATA_DATE, "2026-11-29");
  congkak_match_set_metadata (match, CONGKAK_METADATA_ROUND, "3");
  congkak_match_set_metadata (match, CONGKAK_METADATA_RESULT, "South won 60–38");
  congkak_match_set_metadata (match, CONGKAK_METADATA_NOTES, "First line\nsecond line with a \\ and a }");
}

/* Text, back, text again: equal matches and the same text; and the JSON
 * file agrees with the text. */
static void
assert_round_trip (CongkakMatch *match)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autoptr (CongkakMatch) from_json = NULL;
  g_autofree char *text = congkak_match_save_to_text (match);
  g_autofree char *text_again = NULL;
  g_autofree char *json = NULL;

  again = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (match, again));
  text_again = congkak_match_save_to_text (again);
  g_assert_cmpstr (text, ==, text_again);

  json = congkak_match_save_to_data (again, NULL);
  from_json = congkak_match_load_from_data (json, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (from_json, again));
}

static CongkakMatch *
match_from_layout (const CongkakRules *rules,
                   const char         *layout)
{
  g_autoptr (GError) error = NULL;
  CongkakPosition position;
  CongkakMatch *match;

  test_position (&position, rules, layout);
  match = congkak_match_new_from_position (rules, &position, &error);
  g_assert_no_error (error);
  return match;
}

static void
test_round_trip_congkak (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  CongkakNode *first;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  match = congkak_match_new (&rules);
  grow_tree (match, rand, 80);
  set_details (match);

  /* The simultaneous opening comes first, and has variations of its own. */
  first = congkak_node_get_main_child (congkak_match_get_root (match));
  g_assert_cmpint (congkak_node_get_move (first)->kind, ==, CONGKAK_MOVE_OPENING);
  add_variation (match, rand, first, 3);
  g_assert_cmpuint (congkak_node_get_n_children (congkak_match_get_root (match)), >, 1);

  assert_round_trip (match);
}

/* Near the end of round 1, then into round 2 with burnt holes. */
static void
test_round_trip_congkak_rounds (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) burnt = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  match = match_from_layout (&rules, "S: 0 0 0 0 0 0 1 | 60 / N: 0 0 0 0 0 0 1 | 36 / south");
  congkak_match_play_text (match, "G", NULL, &error);
  g_assert_no_error (error);
  congkak_match_play_text (match, "next-round", NULL, &error);
  g_assert_no_error (error);
  grow_tree (match, rand, 40);
  congkak_match_set_comment (match, congkak_node_get_main_child (congkak_match_get_root (match)),
                             "The last seed of round 1.");
  set_details (match);
  assert_round_trip (match);

  text = congkak_match_save_to_text (match);
  g_assert_true (g_str_has_prefix (strstr (text, "\n\nG "), "\n\nG "));
  g_assert_nonnull (strstr (text, " {The last seed of round 1.}\nnext-round\n"));
  g_assert_nonnull (strstr (text, "[Start \"S: 0 0 0 0 0 0 1 | 60 / N: 0 0 0 0 0 0 1 | 36 / south\"]\n"));

  /* A custom start that already has burnt holes and a finished round. */
  burnt = match_from_layout (&rules, "S: 0 0 0 0 0 x x | 40 / N: x 0 0 0 0 0 0 | 58 / south");
  congkak_match_play_text (burnt, "next-round", NULL, &error);
  g_assert_no_error (error);
  grow_tree (burnt, rand, 30);
  assert_round_trip (burnt);
  g_clear_pointer (&text, g_free);
  text = congkak_match_save_to_text (burnt);
  g_assert_nonnull (strstr (text, "[Start \"S: 0 0 0 0 0 x x | 40 / N: x 0 0 0 0 0 0 | 58 / south\"]\n"));
}

static void
round_trip_profile (const char *profile,
                    guint       seed,
                    guint       length)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (CongkakMatch) match = NULL;
  CongkakRules rules;

  test_rules (&rules, profile, NULL);
  match = congkak_match_new (&rules);
  grow_tree (match, rand, length);
  set_details (match);
  assert_round_trip (match);
}

static void
test_round_trip_congkak_single (void)
{
  round_trip_profile ("congkak-single", 3, 60);
}

static void
test_round_trip_kalah (void)
{
  round_trip_profile ("kalah", 5, 40);
}

static void
test_round_trip_oware (void)
{
  round_trip_profile ("oware", 9, 60);
}

/* Custom rules, an empty match, a comment on the start position. */
static void
test_round_trip_small (void)
{
  g_autoptr (CongkakMatch) empty = NULL;
  g_autoptr (CongkakMatch) custom = NULL;
  g_autoptr (GError) error = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  empty = congkak_match_new (&rules);
  assert_round_trip (empty);

  test_rules (&rules, "congkak", "holes=5", "seeds=3", "relay=off", "burnt-sowing=forfeit",
              "simultaneous-opening=off", "max-rounds=3", NULL);
  custom = congkak_match_new (&rules);
  congkak_match_set_comment (custom, congkak_match_get_root (custom), "Before the first move {}");
  congkak_match_play_text (custom, "A", NULL, &error);
  g_assert_no_error (error);
  congkak_match_set_mark (custom, congkak_match_get_cursor (custom), CONGKAK_MARK_BLUNDER);
  {
    g_autoptr (CongkakMatch) again = NULL;
    g_autofree char *text = congkak_match_save_to_text (custom);

    g_assert_true (g_str_has_prefix (text, "[Format \"congkak-match 1.0\"]\n"
                                           "[Rules \"family=store holes=5 seeds=3 direction=clockwise relay=off "));
    again = congkak_match_load_from_text (text, -1, &error);
    g_assert_no_error (error);
    g_assert_true (congkak_match_equal (custom, again));
  }
}

/* Text as a person types it: a profile name, moves run together with
 * their marks, several to a line, CRLF line ends. */
static void
test_hand_written (void)
{
  const char *text =
    "\xEF\xBB\xBF[Rules \"kalah\"] [South \"Ani\"]\r\n"
    "[North \"Budi\"] [NorthKind \"computer\"] [NorthLevel \"easy\"]\r\n"
    "\r\n"
    "C! {Extra turn.} A?!\r\n"
    "( D {Better.} )\r\n"
    "( E ( F ) )\r\n";
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) expected = NULL;
  g_autoptr (GError) error = NULL;
  CongkakNode *c;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  expected = congkak_match_new (&rules);
  congkak_match_set_player (expected, CONGKAK_SOUTH, "Ani", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_player (expected, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
  c = congkak_match_play_text (expected, "C", NULL, &error);
  g_assert_no_error (error);
  congkak_match_set_mark (expected, c, CONGKAK_MARK_GOOD);
  congkak_match_set_comment (expected, c, "Extra turn.");
  congkak_match_play_text (expected, "A", NULL, &error);
  g_assert_no_error (error);
  congkak_match_set_mark (expected, congkak_match_get_cursor (expected), CONGKAK_MARK_DUBIOUS);
  for (guint i = 0; i < 3; i++)
    {
      const char *moves[] = { "D", "E", "F" };

      congkak_match_set_cursor (expected, c);
      congkak_match_play_text (expected, moves[i], NULL, &error);
      g_assert_no_error (error);
      if (i == 0)
        congkak_match_set_comment (expected, congkak_match_get_cursor (expected), "Better.");
    }

  match = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (match, expected));
}

/* A profile with changed options; a newer minor version's unknown tags. */
static void
test_tags (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  CongkakRules rules;

  match = congkak_match_load_from_text ("[Format \"congkak-match 1.7\"]\n"
                                        "[Rules \"congkak holes=5 seeds=3 rounds=single\"]\n"
                                        "[Colour \"red\"] [Notes \"a \\\"quoted\\\" \\\\ word\"]\n"
                                        "[SouthKind \"computer\"] [SouthLevel \"perfect\"]\n",
                                        -1, &error);
  g_assert_no_error (error);
  test_rules (&rules, "congkak", "holes=5", "seeds=3", "rounds=single", NULL);
  g_assert_true (congkak_rules_equal (congkak_match_get_rules (match), &rules));
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_NOTES), ==, "a \"quoted\" \\ word");
  g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_SOUTH), ==, CONGKAK_PLAYER_COMPUTER);
  g_assert_cmpint (congkak_match_get_player_level (match, CONGKAK_SOUTH), ==, CONGKAK_LEVEL_PERFECT);
  g_assert_cmpstr (congkak_match_get_player_name (match, CONGKAK_SOUTH), ==, "");
  g_assert_false (congkak_match_has_custom_start (match));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 0);
}

/* The deepest nesting the model keeps round-trips; one more is refused. */
static char *
nested_text (guint  depth,
             gsize *last_open)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  g_autoptr (CongkakGame) game = NULL;
  GString *text = g_string_new ("[Rules \"congkak\"]\n[Start \"S: 7 7 7 7 7 7 7 | 0 / N: 7 7 7 7 7 7 7 | 0 / south\"]\n");
  CongkakRules rules;
  guint opened = 0;

  /* A position to move from: the standard one, South to move. */
  test_rules (&rules, "congkak", NULL);
  game = test_game_from_layout (&rules, "S: 7 7 7 7 7 7 7 | 0 / N: 7 7 7 7 7 7 7 | 0 / south");

  /* Where there are two moves, write one, then open a variation that
   * plays the other and goes on from there. */
  while (opened < depth)
    {
      const CongkakState *state = congkak_game_get_state (game);
      guint8 holes[CONGKAK_MAX_HOLES];
      guint n;
      CongkakMove move = { 0 };
      g_autoptr (GError) error = NULL;

      g_assert_cmpint (state->phase, !=, CONGKAK_PHASE_MATCH_OVER);
      if (state->phase == CONGKAK_PHASE_ROUND_OVER)
        {
          move.kind = CONGKAK_MOVE_NEXT_ROUND;
          g_string_append (text, "next-round ");
        }
      else
        {
          guint j;

          n = congkak_state_legal_moves (state, &rules, holes);
          j = g_rand_int_range (rand, 0, n);
          move.kind = CONGKAK_MOVE_SOW;
          move.side = state->position.to_move;
          move.hole = holes[j];
          if (n > 1)
            {
              guint other = holes[(j + g_rand_int_range (rand, 1, n)) % n];

              g_string_append_printf (text, "%c ", congkak_hole_letter (move.side, other));
              *last_open = text->len;
              g_string_append (text, "( ");
              opened++;
            }
          g_string_append_printf (text, "%c ", congkak_hole_letter (move.side, move.hole));
        }
      congkak_game_play (game, &move, NULL, &error);
      g_assert_no_error (error);
    }
  for (guint i = 0; i < opened; i++)
    g_string_append (text, ") ");
  return g_string_free (text, FALSE);
}

/* Tags of other programs are kept in the notes; PGN's Site is the place. */
static void
test_other_tags (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;

  match = congkak_match_load_from_text ("[Rules \"kalah\"]\n[Colour \"red\"]\n[Site \"Melaka\"]\n"
                                        "[Notes \"Friendly.\"]\n[Annotator \"Siti\"]\nC\n",
                                        -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_PLACE), ==, "Melaka");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_NOTES), ==,
                   "Friendly.\nColour: red\nAnnotator: Siti");
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);
  g_clear_object (&match);

  /* With a Place as well, the Site is kept as a note. */
  match = congkak_match_load_from_text ("[Rules \"kalah\"]\n[Place \"Melaka\"]\n[Site \"Club\"]\n",
                                        -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_PLACE), ==, "Melaka");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_NOTES), ==, "Site: Club");
}

static char *
read_other_program_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "other-programs", name, NULL);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* A match as Aualé writes it, in its Oware Game Notation. */
static void
test_ogn_auale (void)
{
  g_autofree char *text = read_other_program_file ("auale-abapa.ogn");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "other-programs", "auale-abapa.ogn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) from_file = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *ogn = NULL;
  g_autofree char *moves = NULL;
  CongkakRules rules;
  CongkakNode *node;
  GString *line = g_string_new (NULL);

  match = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  test_rules (&rules, "oware", NULL);
  g_assert_true (congkak_rules_equal (congkak_match_get_rules (match), &rules));
  g_assert_false (congkak_match_has_custom_start (match));
  g_assert_cmpstr (congkak_match_get_player_name (match, CONGKAK_SOUTH), ==, "Ani");
  g_assert_cmpstr (congkak_match_get_player_name (match, CONGKAK_NORTH), ==, "Budi");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_EVENT), ==, "Club night");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_PLACE), ==, "Kuala Lumpur");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_DATE), ==, "2026-11-28");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_ROUND), ==, "");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_RESULT), ==, "");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_NOTES), ==, "Annotator: Joan");

  for (node = congkak_node_get_main_child (congkak_match_get_root (match)); node != NULL;
       node = congkak_node_get_main_child (node))
    {
      g_autofree char *move = congkak_node_dup_move_text (node);

      g_string_append_printf (line, "%s%s", line->len > 0 ? " " : "", move);
      if (g_str_equal (move, "E"))
        g_assert_cmpstr (congkak_node_get_comment (node), ==, "A quiet move");
    }
  moves = g_string_free (line, FALSE);
  g_assert_cmpstr (moves, ==, "F f E e D d C c B b A a");

  /* The app opens it like any match file. */
  from_file = congkak_match_load_any_from_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (from_file, match));

  /* Written back, it is the file as Aualé wrote it, the unknown tag now in
   * the notes, and reads the same. */
  ogn = congkak_match_save_to_ogn (match, NULL, &error);
  g_assert_no_error (error);
  {
    g_autoptr (GString) expected = g_string_new (text);

    g_string_replace (expected, "[Annotator \"Joan\"]", "[Notes \"Annotator: Joan\"]", 1);
    g_assert_cmpstr (ogn, ==, expected->str);
  }
  again = congkak_match_load_from_text (ogn, -1, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (again, match));
}

/* An OGN start position, captures, a variation, the result. */
static void
test_ogn_endgame (void)
{
  g_autofree char *text = read_other_program_file ("auale-endgame.ogn");
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakGame) expected_start = NULL;
  g_autofree char *ogn = NULL;
  const CongkakState *end;
  CongkakNode *root, *f;
  CongkakRules rules;

  match = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  test_rules (&rules, "oware", NULL);
  expected_start = test_game_from_layout (&rules, "S: 0 0 0 0 1 1 | 23 / N: 1 1 0 0 0 0 | 21 / south");
  g_assert_true (congkak_match_has_custom_start (match));
  g_assert_true (congkak_position_equal (congkak_match_get_start_position (match),
                                         &congkak_game_get_state (expected_start)->position));
  g_assert_cmpstr (congkak_match_get_player_name (match, CONGKAK_SOUTH), ==, "");
  g_assert_cmpstr (congkak_match_get_player_name (match, CONGKAK_NORTH), ==, "Aalina");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_DATE), ==, "");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_RESULT), ==, "25-21");
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_NOTES), ==, "");

  root = congkak_match_get_root (match);
  g_assert_cmpuint (congkak_node_get_n_children (root), ==, 2);
  f = congkak_node_get_main_child (root);
  g_assert_cmpstr (congkak_node_get_comment (f), ==, "Two in a, and more than half the seeds");
  g_assert_cmpuint (congkak_node_get_n_children (congkak_node_get_child (root, 1)), ==, 1);
  end = congkak_game_get_state (congkak_match_get_game_at (match, f));
  g_assert_cmpint (end->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  g_assert_cmpuint (end->position.store[CONGKAK_SOUTH], ==, 25);

  /* Aualé reads no variations: the main line goes back, with the start. */
  ogn = congkak_match_save_to_ogn (match, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (ogn, "[FEN \"0-0-0-0-1-1-1-1-0-0-0-0-23-21-S\"]\n"));
  g_assert_nonnull (strstr (ogn, "[Result \"25-21\"]\n"));
  g_assert_true (g_str_has_suffix (ogn, "\n1. F+2 { Two in a, and more than half the seeds } 25-21\n"));
  again = congkak_match_load_from_text (ogn, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_match_get_n_nodes (again), ==, 1);
}

/* Only Aualé's rules can be written in its notation. */
static void
test_ogn_other_rules (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  g_assert_null (congkak_match_save_to_ogn (match, NULL, &error));
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES);
  g_clear_error (&error);
  g_clear_object (&match);

  test_rules (&rules, "oware", "grand-slam=capture", NULL);
  match = congkak_match_new (&rules);
  g_assert_false (congkak_match_can_save_to_ogn (match, &error));
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES);
}

/* Oware with other than 4 seeds a hole, or sown the other way, is another
 * game to Aualé (it fixes the win at 25 of 48 seeds): refused.  Who moves
 * first is the start position's to say. */
static void
test_ogn_other_seeds (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *ogn = NULL;
  CongkakRules rules;

  test_rules (&rules, "oware", "seeds=5", NULL);
  match = congkak_match_new (&rules);
  g_assert_null (congkak_match_save_to_ogn (match, NULL, &error));
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES);
  g_assert_nonnull (strstr (error->message, "4 seeds a hole"));
  g_assert_nonnull (strstr (error->message, "5 seeds"));
  g_clear_error (&error);
  g_clear_object (&match);

  test_rules (&rules, "oware", "direction=clockwise", NULL);
  match = congkak_match_new (&rules);
  g_assert_false (congkak_match_can_save_to_ogn (match, &error));
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES);
  g_clear_error (&error);
  g_clear_object (&match);

  test_rules (&rules, "oware", "first-player=north", NULL);
  match = congkak_match_new (&rules);
  congkak_match_play_text (match, "a", NULL, &error);
  g_assert_no_error (error);
  ogn = congkak_match_save_to_ogn (match, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (ogn, "[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-N\"]\n"));
  again = congkak_match_load_from_text (ogn, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_match_get_n_nodes (again), ==, 1);
}

/* Aualé reads a comment as everything up to the first “}”, its words
 * joined by one space (Python's ' '.join(text.split())); so does Congkak. */
static void
test_ogn_comment_spaces (void)
{
  static const char text[] =
    OGN "1. F {  two\n\tlines,\xC2\xA0no-break\xE2\x80\x83" "em\xE3\x80\x80ideographic\x1F\x0B"
    " \xE2\x80\x8Bzero-width stays  } f { C:\\path \\\\ kept } 2. E { } e {\n}";
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  CongkakNode *node;

  match = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  node = congkak_node_get_main_child (congkak_match_get_root (match));
  g_assert_cmpstr (congkak_node_get_comment (node), ==,
                   "two lines, no-break em ideographic \xE2\x80\x8Bzero-width stays");
  node = congkak_node_get_main_child (node);
  g_assert_cmpstr (congkak_node_get_comment (node), ==, "C:\\path \\\\ kept");
  /* An empty comment is none. */
  node = congkak_node_get_main_child (node);
  g_assert_cmpstr (congkak_node_get_comment (node), ==, "");
  node = congkak_node_get_main_child (node);
  g_assert_cmpstr (congkak_node_get_comment (node), ==, "");

  /* There is no escape: a “}” ends the comment, what follows is moves. */
  g_clear_object (&match);
  match = congkak_match_load_from_text (OGN "1. F { a \\} f", -1, &error);
  g_assert_no_error (error);
  node = congkak_node_get_main_child (congkak_match_get_root (match));
  g_assert_cmpstr (congkak_node_get_comment (node), ==, "a \\");
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);
}

/* A result that agrees with the moves is taken, in the tag or at the end
 * of the moves; free text in [Result] stays a detail. */
static void
test_ogn_result (void)
{
  static const char *const good[] = {
    OGN_ENDGAME "1. F+2 25-21",
    OGN_ENDGAME "1. F+2 25-21\n\n",
    "[Variant \"Oware Abapa\"]\n[Result \"25-21\"]\n[FEN \"0-0-0-0-1-1-1-1-0-0-0-0-23-21-S\"]\n1. F+2",
    OGN_ENDGAME "1. F+2 *",
    OGN "1. F f *",
    "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n1. F f",
    "[Variant \"Oware Abapa\"]\n[Result \"South resigned\"]\n1. F f",
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (CongkakMatch) match = NULL;
      g_autoptr (GError) error = NULL;

      g_test_message ("good result %u", i);
      match = congkak_match_load_from_text (good[i], -1, &error);
      g_assert_no_error (error);
    }
}

/* A nested variation: ( d ) follows e, the first move of the variation
 * that replaces f, so d is another answer to F, played from the same
 * position as e; E goes on after e. */
static void
test_ogn_nested_variation (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  CongkakNode *f_move, *after_f, *e, *d;

  match = congkak_match_load_from_text (OGN "1. F f ( 1... e ( 1... d ) 2. E ) 2. E", -1, &error);
  g_assert_no_error (error);
  f_move = congkak_node_get_main_child (congkak_match_get_root (match));
  g_assert_cmpuint (congkak_node_get_n_children (f_move), ==, 3);
  after_f = congkak_node_get_child (f_move, 0);
  e = congkak_node_get_child (f_move, 1);
  d = congkak_node_get_child (f_move, 2);
  g_assert_cmpint (congkak_node_get_move (after_f)->hole, ==, 5);
  g_assert_cmpint (congkak_node_get_move (e)->hole, ==, 4);
  g_assert_cmpint (congkak_node_get_move (d)->hole, ==, 3);
  g_assert_cmpuint (congkak_node_get_n_children (e), ==, 1);
  g_assert_cmpuint (congkak_node_get_n_children (d), ==, 0);

  /* The text notation writes the same tree, and reads it back. */
  text = congkak_match_save_to_text (match);
  again = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (again, match));
}

/* What OGN cannot hold is counted, said in words, and left out or
 * written as Aualé would read it. */
static void
test_ogn_losses (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autoptr (GPtrArray) sentences = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *ogn = NULL;
  CongkakOgnLosses losses;
  CongkakNode *node;
  CongkakRules rules;

  test_rules (&rules, "oware", NULL);
  match = congkak_match_new (&rules);

  /* Nothing to lose. */
  congkak_match_play_text (match, "F", NULL, &error);
  g_assert_no_error (error);
  ogn = congkak_match_save_to_ogn (match, &losses, &error);
  g_assert_no_error (error);
  g_assert_false (congkak_ogn_losses_lose_meaning (&losses));
  sentences = congkak_ogn_losses_describe (&losses);
  g_assert_cmpuint (sentences->len, ==, 0);
  g_clear_pointer (&sentences, g_ptr_array_unref);
  g_clear_pointer (&ogn, g_free);

  /* Comments and names OGN cannot hold as they are: a line break, a “}”,
   * an escape sequence; the computer's kind and level are tags. */
  congkak_match_set_comment (match, congkak_match_get_cursor (match), "two\nlines } and \033[2J a clear");
  congkak_match_set_analysis (match, congkak_match_get_cursor (match), 3, "F", CONGKAK_MARK_NONE, NULL);
  congkak_match_set_player (match, CONGKAK_NORTH, "Budi\033]0;x\007", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_HARD);
  ogn = congkak_match_save_to_ogn (match, &losses, &error);
  g_assert_no_error (error);
  g_assert_false (congkak_ogn_losses_lose_meaning (&losses));
  g_assert_cmpuint (losses.changed_texts, ==, 2);
  g_assert_cmpuint (losses.analysed_moves, ==, 1);
  g_assert_nonnull (strstr (ogn, "{ two lines ) and [2J a clear }"));
  g_assert_nonnull (strstr (ogn, "[North \"Budi]0;x\"]\n"));
  g_assert_nonnull (strstr (ogn, "[NorthKind \"computer\"]\n[NorthLevel \"hard\"]\n"));
  for (const char *p = ogn; *p != '\0'; p++)
    g_assert_true (*p == '\n' || (guchar) *p >= 0x20);
  again = congkak_match_load_from_text (ogn, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (congkak_match_get_player_kind (again, CONGKAK_NORTH), ==, CONGKAK_PLAYER_COMPUTER);
  g_assert_cmpint (congkak_match_get_player_level (again, CONGKAK_NORTH), ==, CONGKAK_LEVEL_HARD);
  sentences = congkak_ogn_losses_describe (&losses);
  g_assert_cmpuint (sentences->len, ==, 2);
  g_assert_nonnull (strstr (g_ptr_array_index (sentences, 0), "analysis of 1 move"));
  g_assert_nonnull (strstr (g_ptr_array_index (sentences, 1), "2 comments or details"));
  g_clear_pointer (&sentences, g_ptr_array_unref);
  g_clear_pointer (&ogn, g_free);
  g_clear_object (&again);

  /* A variation of two moves, a comment on the start, a result the
   * moves do not give: the meaning changes. */
  node = congkak_match_get_cursor (match);
  congkak_match_go_to_start (match);
  congkak_match_play_text (match, "E", NULL, &error);
  g_assert_no_error (error);
  congkak_match_play_text (match, "e", NULL, &error);
  g_assert_no_error (error);
  congkak_match_set_comment (match, congkak_match_get_root (match), "A quiet evening");
  congkak_match_set_metadata (match, CONGKAK_METADATA_RESULT, "South resigned");
  congkak_match_set_cursor (match, node);
  ogn = congkak_match_save_to_ogn (match, &losses, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_ogn_losses_lose_meaning (&losses));
  g_assert_cmpuint (losses.variation_moves, ==, 2);
  g_assert_true (losses.start_comment);
  g_assert_true (losses.result);
  g_assert_null (strstr (ogn, "quiet"));
  g_assert_nonnull (strstr (ogn, "[Result \"*\"]"));
  sentences = congkak_ogn_losses_describe (&losses);
  g_assert_cmpuint (sentences->len, ==, 5);
  g_assert_nonnull (strstr (g_ptr_array_index (sentences, 0), "2 moves"));
}

static void
test_deep_nesting (void)
{
  gsize last_open = 0;
  g_autofree char *deepest = nested_text (60, &last_open);
  g_autofree char *too_deep = nested_text (61, &last_open);
  g_autofree char *where = g_strdup_printf ("line 3, column %" G_GSIZE_FORMAT ": ",
                                            last_open - strlen ("[Rules \"congkak\"]\n[Start \"S: 7 7 7 7 7 7 7 | 0 / N: 7 7 7 7 7 7 7 | 0 / south\"]\n") + 1);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;

  match = congkak_match_load_from_text (deepest, -1, &error);
  g_assert_no_error (error);
  assert_round_trip (match);
  g_clear_object (&match);

  match = congkak_match_load_from_text (too_deep, -1, &error);
  g_assert_null (match);
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_DEEP);
  g_assert_true (g_str_has_prefix (error->message, where));
}

static void
assert_load_fails (const char *text,
                   gssize      length,
                   int         code,
                   const char *where)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *prefix = NULL;

  match = congkak_match_load_from_text (text, length, &error);
  g_assert_null (match);
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, code);
  prefix = g_strndup (error->message, strlen (where));
  g_assert_cmpstr (prefix, ==, where);
}

/* A long match without comments or variations, as text; the opening
 * first, then sowings and next-rounds. */
static CongkakMatch *
bare_match (guint   n_moves,
            char  **text)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  CongkakMatch *match;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  g_assert_true (congkak_rules_set_option (&rules, "max-rounds", "0", NULL));
  match = congkak_match_new (&rules);
  play_random (match, rand, n_moves);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, n_moves);
  *text = congkak_match_save_to_text (match);
  return match;
}

/* The moves that end a line read from a text have no nodes until
 * something asks for them (issue 28), and then they are the nodes a
 * match built move by move has. */
static void
test_moves_without_nodes (void)
{
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  g_autofree char *copy_text = NULL;
  g_autoptr (CongkakMatch) played = bare_match (400, &text);
  g_autoptr (CongkakMatch) loaded = NULL;
  g_autoptr (CongkakMatch) copy = NULL;
  g_autoptr (GError) error = NULL;
  CongkakNode *opening, *a, *b, *before = NULL;

  loaded = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_match_get_n_nodes (loaded), ==, 400);
  /* The opening has a node; the 399 moves after it have none yet. */
  opening = congkak_node_get_main_child (congkak_match_get_root (loaded));
  g_assert_cmpint (congkak_node_get_move (opening)->kind, ==, CONGKAK_MOVE_OPENING);
  g_assert_true (congkak_node_has_run (opening));
  g_assert_cmpuint (congkak_node_get_n_children (opening), ==, 1);
  /* A copy keeps them so; both save the same text and JSON as the match
   * they were read from, and still have no nodes for them. */
  copy = congkak_match_copy (loaded);
  g_assert_true (congkak_node_has_run (congkak_node_get_main_child (congkak_match_get_root (copy))));
  copy_text = congkak_match_save_to_text (copy);
  g_assert_cmpstr (copy_text, ==, text);
  {
    g_autofree char *json = congkak_match_save_to_data (played, NULL);
    g_autofree char *loaded_json = congkak_match_save_to_data (loaded, NULL);

    g_assert_cmpstr (loaded_json, ==, json);
    g_assert_true (congkak_node_has_run (opening));
  }

  /* Walked one by one, the line is the played one, node for node. */
  a = congkak_node_get_main_child (congkak_match_get_root (played));
  b = opening;
  for (guint depth = 1; a != NULL; depth++)
    {
      g_autofree char *move_a = congkak_node_dup_move_text (a);
      g_autofree char *move_b = congkak_node_dup_move_text (b);
      g_autofree char *path_a = congkak_node_dup_path (a);
      g_autofree char *path_b = congkak_node_dup_path (b);
      const CongkakState *state_a = congkak_game_get_state (congkak_match_get_game_at (played, a));
      const CongkakState *state_b = congkak_game_get_state (congkak_match_get_game_at (loaded, b));

      g_assert_cmpstr (move_a, ==, move_b);
      g_assert_cmpstr (path_a, ==, path_b);
      g_assert_cmpuint (congkak_node_get_depth (b), ==, depth);
      g_assert_true (congkak_node_get_parent (b) == (before ? before : congkak_match_get_root (loaded)));
      g_assert_cmpint (congkak_node_get_child_index (b), ==, 0);
      g_assert_true (congkak_node_is_main_line (b));
      g_assert_cmpuint (congkak_node_get_n_children (b), ==, congkak_node_get_n_children (a));
      g_assert_true (congkak_position_equal (&state_a->position, &state_b->position));
      g_assert_cmpint (state_a->phase, ==, state_b->phase);
      /* Made once: asked again, the same node. */
      if (before != NULL)
        g_assert_true (congkak_node_get_main_child (before) == b);
      before = b;
      a = congkak_node_get_main_child (a);
      b = congkak_node_get_main_child (b);
    }
  g_assert_null (b);
  g_assert_cmpuint (congkak_match_get_n_nodes (loaded), ==, 400);
  g_assert_true (congkak_match_equal (played, loaded));
  text_again = congkak_match_save_to_text (loaded);
  g_assert_cmpstr (text_again, ==, text);
}

/* Editing a line whose moves have no nodes yet: variations, promotion,
 * deletion, undo and redo, the cursor's end; each undone, the text is the
 * one read. */
static void
test_moves_without_nodes_edited (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  g_autofree char *text = NULL;
  g_autoptr (CongkakMatch) played = bare_match (300, &text);
  g_autoptr (CongkakMatch) loaded = NULL;
  g_autoptr (GError) error = NULL;
  CongkakNode *middle, *variation;
  CongkakMove move;

  loaded = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);

  /* The cursor's end is the line's last move. */
  congkak_match_go_to_end (loaded);
  g_assert_cmpuint (congkak_node_get_depth (congkak_match_get_cursor (loaded)), ==, 300);
  g_clear_object (&loaded);
  loaded = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);

  /* A path reaches the middle, whose line goes on without nodes; from
   * the position before it, another move than the line's. */
  for (guint i = 150;; i++)
    {
      g_autofree char *path = g_strdup_printf ("moves[%u]", i);

      g_assert_cmpuint (i, <, 290);
      middle = congkak_match_node_from_path (loaded, path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (congkak_node_get_depth (middle), ==, i + 1);
      g_assert_true (congkak_node_has_run (middle));
      congkak_match_set_cursor (loaded, congkak_node_get_parent (middle));
      if (random_move (loaded, rand, TRUE, &move, opening))
        break;
    }

  /* A variation. */
  variation = congkak_match_play (loaded, &move, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (congkak_node_get_child_index (variation), ==, 1);
  g_assert_cmpuint (congkak_match_get_n_nodes (loaded), ==, 301);
  g_assert_true (congkak_match_undo (loaded));
  g_assert_cmpuint (congkak_match_get_n_nodes (loaded), ==, 300);
  g_assert_true (congkak_match_redo (loaded));

  /* Promoted, the line without nodes becomes the variation. */
  g_assert_true (congkak_match_promote_variation (loaded, variation));
  g_assert_true (congkak_node_get_main_child (congkak_node_get_parent (middle)) == variation);
  g_assert_cmpint (congkak_node_get_child_index (middle), ==, 1);
  g_assert_false (congkak_node_is_main_line (congkak_node_get_main_child (middle)));
  g_assert_true (congkak_match_undo (loaded));
  g_assert_true (congkak_node_is_main_line (congkak_node_get_main_child (middle)));
  g_assert_true (congkak_match_undo (loaded));
  g_assert_false (congkak_match_can_undo (loaded));
  g_assert_true (congkak_match_equal (played, loaded));

  /* Read again, deleted with the moves after it, most of them without
   * nodes, and back. */
  g_clear_object (&loaded);
  loaded = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  middle = congkak_match_node_from_path (loaded, "moves[150]", &error);
  g_assert_no_error (error);
  g_assert_true (congkak_node_has_run (middle));
  g_assert_true (congkak_match_delete_variation (loaded, middle));
  g_assert_cmpuint (congkak_match_get_n_nodes (loaded), ==, congkak_node_get_depth (middle) - 1);
  g_assert_true (congkak_match_undo (loaded));
  g_assert_cmpuint (congkak_match_get_n_nodes (loaded), ==, 300);
  g_assert_true (congkak_match_equal (played, loaded));
  {
    g_autofree char *text_again = congkak_match_save_to_text (loaded);

    g_assert_cmpstr (text_again, ==, text);
  }

  /* A comment on a move of a line read so: its nodes, then the comment. */
  congkak_match_set_comment (loaded, congkak_match_get_main_line_end (loaded), "The end.");
  g_assert_cmpstr (congkak_node_get_comment (congkak_match_get_main_line_end (loaded)), ==, "The end.");
  g_assert_false (congkak_match_equal (played, loaded));
}

/* A variation that ends in bare moves, and a main line that ends so after
 * a comment: read back the same. */
static void
test_moves_without_nodes_in_variations (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  g_autoptr (CongkakMatch) played = bare_match (60, &text);
  g_autoptr (CongkakMatch) loaded = NULL;
  g_autoptr (GError) error = NULL;
  CongkakNode *node = nth_in_line (congkak_match_get_root (played), 20);

  congkak_match_set_comment (played, nth_in_line (congkak_match_get_root (played), 30), "Halfway.");
  g_assert_nonnull (add_variation (played, rand, node, 12));
  g_free (text);
  text = congkak_match_save_to_text (played);
  loaded = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_match_get_n_nodes (loaded), ==, congkak_match_get_n_nodes (played));
  /* After the comment the line goes on without nodes, as does the
   * variation after its first move. */
  g_assert_true (congkak_node_has_run (nth_in_line (congkak_match_get_root (loaded), 30)));
  g_assert_true (congkak_node_has_run (congkak_node_get_child (congkak_node_get_parent (nth_in_line (congkak_match_get_root (loaded), 20)), 1)));
  /* Written without making their nodes, as the played match is. */
  text_again = congkak_match_save_to_text (loaded);
  g_assert_cmpstr (text_again, ==, text);
  {
    g_autofree char *json = congkak_match_save_to_data (played, NULL);
    g_autofree char *loaded_json = congkak_match_save_to_data (loaded, NULL);

    g_assert_cmpstr (loaded_json, ==, json);
  }
  g_assert_true (congkak_node_has_run (nth_in_line (congkak_match_get_root (loaded), 30)));
  g_assert_true (congkak_match_equal (played, loaded));
}

#define KALAH "[Rules \"kalah\"]\n"

static void
test_bad_input (void)
{
  static const struct
  {
    const char *text;
    int         code;
    const char *where;
  } cases[] = {
    { "", CONGKAK_MATCH_FILE_ERROR_EMPTY, "line 1, column 1: " },
    { " \n\t\n", CONGKAK_MATCH_FILE_ERROR_EMPTY, "line 1, column 1: " },
    { "\xEF\xBB\xBF\n", CONGKAK_MATCH_FILE_ERROR_EMPTY, "line 1, column 1: " },
    { KALAH "A B\xC3(", CONGKAK_MATCH_FILE_ERROR_INVALID_UTF8, "line 2, column 4: " },
    { "[South \"Ani\"]\n\nA", CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, "line 3, column 1: " },
    { "[Rules \"mancala\"]", CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, "line 1, column 9: " },
    { "[Rules \"kalah relay=maybe\"]", CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, "line 1, column 15: " },
    { "[Rules \"kalah grand-slam=capture\"]", CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, "line 1, column 15: " },
    { "[Rules \"family=store holes=7\"]", CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, "line 1, column 9: " },
    { "[Rules \"family=square\"]", CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, "line 1, column 9: " },
    { KALAH "C\nA\nA", CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE, "line 4, column 1: " },
    { KALAH "C\n  b", CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE, "line 3, column 3: " },
    { KALAH "Z", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 1: " },
    { KALAH "C # A", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 3: " },
    { KALAH "C ✓", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 3: " },
    { KALAH "C\n)", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 3, column 1: " },
    { KALAH "C\n( D\n", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 3, column 1: " },
    { KALAH "( C )", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 1: " },
    { KALAH "C ( )", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 5: " },
    { KALAH "C ( ( D ) )", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 5: " },
    { KALAH "C {never\nclosed \\}", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 3: " },
    { KALAH "C {one} {two}", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 9: " },
    { KALAH "C ( {no move yet} D )", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 5: " },
    { KALAH "C !!!", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 3: " },
    { KALAH "C ! ?", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 5: " },
    { KALAH "!", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 1: " },
    { KALAH "C ( D ) ( D )", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 11: " },
    { "[Rules \"kalah", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 1, column 1: " },
    { "[Rules \"kalah\"", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 1, column 1: " },
    { "[Rules kalah]", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 1, column 8: " },
    { "[ \"kalah\"]", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 1, column 3: " },
    { "[Rules \"kalah\" x]", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 1, column 16: " },
    { KALAH "[Event \"late\"]\nC\n[Place \"too late\"]", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 4, column 1: " },
    { "[Variant \"Awari\"]\n1. A", CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, "line 1, column 11: " },
    { "[Variant \"Oware Abapa\"]\n[FEN \"4-4-4-S\"]", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 7: " },
    { "[Variant \"Oware Abapa\"]\n1. F f+1", CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE, "line 2, column 7: " },
    { "[Variant \"Oware Abapa\"]\n1. F . f", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 6: " },
    /* OGN: a result ends the main line and must be what its moves give. */
    { OGN "1. F f 12-0 2. E", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 13: " },
    { OGN "1. F f * E", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 10: " },
    { OGN "1. F ( E 0-0 ) f", CONGKAK_MATCH_FILE_ERROR_SYNTAX, "line 2, column 10: " },
    { OGN "1. F f 48-0", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 8: " },
    { OGN "1. F f 1-0-0", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 8: " },
    { OGN "1. F f 1/2-1/2", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 8: " },
    { "[Variant \"Oware Abapa\"]\n[Result \"48-0\"]\n1. F f", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
      "line 2, column 10: " },
    { OGN_ENDGAME "1. F+2 25-20", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 3, column 8: " },
    { "[Variant \"Oware Abapa\"]\n[Result \"48-0\"]\n" "[FEN \"0-0-0-0-1-1-1-1-0-0-0-0-23-21-S\"]\n1. F+2",
      CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 10: " },
    { KALAH "[Event \"a\"] [Event \"b\"]", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 13: " },
    { "[Format \"congkak-match 2.0\"]\n" KALAH, CONGKAK_MATCH_FILE_ERROR_NEWER_VERSION, "line 1, column 24: " },
    { "[Format \"chess 1.0\"]\n" KALAH, CONGKAK_MATCH_FILE_ERROR_NOT_A_MATCH, "line 1, column 10: " },
    { KALAH "[SouthKind \"robot\"]", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 13: " },
    { KALAH "[NorthLevel \"godlike\"]", CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 14: " },
    { KALAH "[Start \"S: 1 2 | 0 / N: 1 1 1 1 1 1 | 0 / south\"]",
      CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION, "line 2, column 16: " },
    { KALAH "[Start \"S: 1 1 1 1 1 99999999999999999999999 | 0 / N: 1 1 1 1 1 1 | 0 / south\"]",
      CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 22: " },
    { KALAH "[Start \"S: 1 1 1 1 1 1 | 0 / N: 1 1 1 1 1 1 | 0 / east\"]",
      CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 9: " },
    { KALAH "[Start \"S: 1 1 1 1 1 1 | 0 / N: 1 1 1 1 1 1 | 0\"]",
      CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 9: " },
    { KALAH "[Start \"S: 1 1 1 1 1 1 | 0 / N: 1 1 1 y 1 1 | 0 / south\"]",
      CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "line 2, column 39: " },
    { KALAH "[Start \"S: 0 0 0 0 0 0 | 0 / N: 0 0 0 0 0 0 | 0 / south\"]",
      CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION, "line 2, column 9: " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("bad input case %u", i);
      assert_load_fails (cases[i].text, -1, cases[i].code, cases[i].where);
    }

  /* A NUL inside the given length is not text. */
  assert_load_fails (KALAH "C\0D", strlen (KALAH) + 3, CONGKAK_MATCH_FILE_ERROR_INVALID_UTF8,
                     "line 2, column 2: ");
}

static void
test_too_large (void)
{
  gsize length = CONGKAK_MATCH_FILE_MAX_BYTES + 1;
  g_autofree char *text = g_malloc (length);

  memset (text, ' ', length);
  memcpy (text, KALAH, strlen (KALAH));
  assert_load_fails (text, length, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE, "line 1, column 1: ");
}

/* Every prefix and many one-byte changes of a real match either load or
 * fail with a placed message; none crashes. */
static void
test_truncated_and_mangled (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (23);
  g_autoptr (CongkakMatch) match = NULL;
  g_autofree char *text = NULL;
  static const char replacements[] = "(){}[]\"\\!?x \n0Aa:,/-";
  CongkakRules rules;
  gsize length;

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  grow_tree (match, rand, 25);
  set_details (match);
  text = congkak_match_save_to_text (match);
  length = strlen (text);

  for (gsize cut = 0; cut <= length; cut++)
    {
      g_autoptr (CongkakMatch) loaded = NULL;
      g_autoptr (GError) error = NULL;

      loaded = congkak_match_load_from_text (text, cut, &error);
      if (loaded == NULL)
        g_assert_true (g_str_has_prefix (error->message, "line "));
    }

  for (guint i = 0; i < 3000; i++)
    {
      g_autofree char *mangled = g_strdup (text);
      g_autoptr (CongkakMatch) loaded = NULL;
      g_autoptr (GError) error = NULL;

      mangled[g_rand_int_range (rand, 0, length)] = replacements[g_rand_int_range (rand, 0, strlen (replacements))];
      loaded = congkak_match_load_from_text (mangled, -1, &error);
      if (loaded == NULL)
        {
          g_assert_true (error->domain == CONGKAK_MATCH_FILE_ERROR);
          g_assert_true (g_str_has_prefix (error->message, "line "));
        }
    }
}

/* Text from the file reaches messages cut and with control characters
 * escaped, however long it is. */
/* Names, tags and comments with control characters and direction marks
 * are written as \uXXXX, so that the text is safe on a terminal, and read
 * back as they were; a \u that names no such character stays as written. */
static void
test_hidden_controls (void)
{
  static const char evil[] = "Ani\033]0;pwned\007 \342\200\256 \302\233" "2J\r";
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autoptr (CongkakMatch) typed = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  congkak_match_set_player (match, CONGKAK_SOUTH, evil, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_metadata (match, CONGKAK_METADATA_EVENT, evil);
  congkak_match_play_text (match, "C", NULL, &error);
  g_assert_no_error (error);
  congkak_match_set_comment (match, congkak_match_get_cursor (match), evil);

  text = congkak_match_save_to_text (match);
  g_assert_nonnull (strstr (text, "[South \"Ani\\u001B]0;pwned\\u0007 \\u202E \\u009B2J\\u000D\"]\n"));
  g_assert_nonnull (strstr (text, "C {Ani\\u001B]0;pwned\\u0007 \\u202E \\u009B2J\\u000D}\n"));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_true (c == '\n' || !congkak_is_hidden_control (c));
    }
  again = congkak_match_load_from_text (text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (again, match));

  /* JSON escapes them too, and reads them back. */
  json = congkak_match_save_to_data (match, NULL);
  g_assert_nonnull (strstr (json, "Ani\\u001b]0;pwned\\u0007 \\u202E \\u009B2J\\r"));
  for (const char *p = json; *p != '\0'; p = g_utf8_next_char (p))
    g_assert_true (*p == '\n' || !congkak_is_hidden_control (g_utf8_get_char (p)));
  g_clear_object (&again);
  again = congkak_match_load_from_data (json, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (again, match));

  /* A \u of a visible character, or of U+0000, is text. */
  typed = congkak_match_load_from_text ("[Rules \"kalah\"]\n[South \"\\u0041 \\u0000 \\u12\"]\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (congkak_match_get_player_name (typed, CONGKAK_SOUTH), ==, "\\u0041 \\u0000 \\u12");
}

static void
test_untrusted_in_messages (void)
{
  g_autoptr (GString) long_move = g_string_new ("[Rules \"kalah\"]\n\nC ");
  g_autoptr (GString) escapes = g_string_new ("[Rules \"kalah\"]\n[SouthKind \"");
  g_autoptr (GString) rule = g_string_new ("[Rules \"kalah relay=");
  GString *texts[3];

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (long_move, 'A');
  /* Within the 64 KiB a tag's value may have */
  for (guint i = 0; i < 5000; i++)
    {
      g_string_append (escapes, "\x1B]0;evil\x07");
      g_string_append (rule, "\x1B[2J");
    }
  g_string_append (escapes, "\"]\n\nC\n");
  g_string_append (rule, "\"]\n\nC\n");
  texts[0] = long_move;
  texts[1] = escapes;
  texts[2] = rule;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakMatch) match = congkak_match_load_from_text (texts[i]->str, texts[i]->len, &error);

      g_assert_null (match);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_cmpuint (strlen (error->message), <, 1000);
      for (const char *p = error->message; *p; p++)
        g_assert_false ((guchar) *p < 0x20 || *p == 0x7F);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/text/round-trip/congkak", test_round_trip_congkak);
  g_test_add_func ("/model/text/round-trip/congkak-rounds", test_round_trip_congkak_rounds);
  g_test_add_func ("/model/text/round-trip/congkak-single", test_round_trip_congkak_single);
  g_test_add_func ("/model/text/round-trip/kalah", test_round_trip_kalah);
  g_test_add_func ("/model/text/round-trip/oware", test_round_trip_oware);
  g_test_add_func ("/model/text/round-trip/small", test_round_trip_small);
  g_test_add_func ("/model/text/hand-written", test_hand_written);
  g_test_add_func ("/model/text/tags", test_tags);
  g_test_add_func ("/model/text/other-tags", test_other_tags);
  g_test_add_func ("/model/text/ogn/auale", test_ogn_auale);
  g_test_add_func ("/model/text/ogn/endgame", test_ogn_endgame);
  g_test_add_func ("/model/text/ogn/other-rules", test_ogn_other_rules);
  g_test_add_func ("/model/text/ogn/other-seeds", test_ogn_other_seeds);
  g_test_add_func ("/model/text/ogn/comment-spaces", test_ogn_comment_spaces);
  g_test_add_func ("/model/text/ogn/result", test_ogn_result);
  g_test_add_func ("/model/text/ogn/nested-variation", test_ogn_nested_variation);
  g_test_add_func ("/model/text/ogn/losses", test_ogn_losses);
  g_test_add_func ("/model/text/deep-nesting", test_deep_nesting);
  g_test_add_func ("/model/text/moves-without-nodes", test_moves_without_nodes);
  g_test_add_func ("/model/text/moves-without-nodes/edited", test_moves_without_nodes_edited);
  g_test_add_func ("/model/text/moves-without-nodes/in-variations", test_moves_without_nodes_in_variations);
  g_test_add_func ("/model/text/bad-input", test_bad_input);
  g_test_add_func ("/model/text/too-large", test_too_large);
  g_test_add_func ("/model/text/truncated-and-mangled", test_truncated_and_mangled);
  g_test_add_func ("/model/text/untrusted-in-messages", test_untrusted_in_messages);
  g_test_add_func ("/model/text/hidden-controls", test_hidden_controls);

  return g_test_run ();
}
