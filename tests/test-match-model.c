/* test-match-model.c — the match model: tree, cursor, editing, undo, round trips
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-match.h"
#include "congkak-match-file.h"
#include "congkak-narration.h"
#include "congkak-test-util.h"

static CongkakMatch *
new_match (const char *profile)
{
  CongkakRules rules;

  test_rules (&rules, profile, NULL);
  return congkak_match_new (&rules);
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
play_first_legal (CongkakMatch *match)
{
  const CongkakState *state = congkak_game_get_state (congkak_match_get_cursor_game (match));
  guint8 holes[CONGKAK_MAX_HOLES];
  char move[2] = { 0, 0 };

  g_assert_cmpuint (congkak_state_legal_moves (state, congkak_match_get_rules (match), holes), >, 0);
  move[0] = congkak_hole_letter (state->position.to_move, holes[0]);
  return play (match, move);
}

static void
count_signal (gpointer  instance,
              gpointer  user_data)
{
  (*(guint *) user_data)++;
}

/* A move at a past position makes a variation; the main line stays. */
static void
test_play_makes_variations (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  CongkakNode *root = congkak_match_get_root (match);
  CongkakNode *c, *cc, *a;
  guint tree_changes = 0;

  g_signal_connect (match, "tree-changed", G_CALLBACK (count_signal), &tree_changes);

  c = play (match, "C");
  cc = play (match, "A");
  play (match, "d");
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 3);
  g_assert_true (congkak_node_is_main_line (cc));

  /* Back to the start: A is another first move. */
  congkak_match_go_to_start (match);
  a = play (match, "A");
  g_assert_true (congkak_node_get_parent (a) == root);
  g_assert_cmpint (congkak_node_get_child_index (a), ==, 1);
  g_assert_true (congkak_node_get_main_child (root) == c);
  g_assert_false (congkak_node_is_main_line (a));
  g_assert_true (congkak_match_get_cursor (match) == a);
  /* A line's moves lie through its earlier ones, not through a sibling's. */
  g_assert_true (congkak_node_is_ancestor_or_self (root, cc));
  g_assert_true (congkak_node_is_ancestor_or_self (c, cc));
  g_assert_true (congkak_node_is_ancestor_or_self (cc, cc));
  g_assert_false (congkak_node_is_ancestor_or_self (cc, c));
  g_assert_false (congkak_node_is_ancestor_or_self (a, cc));
  g_assert_false (congkak_node_is_ancestor_or_self (c, NULL));

  /* Playing a move that exists follows it, adding nothing. */
  congkak_match_go_to_start (match);
  g_assert_true (play (match, "C") == c);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 4);
  g_assert_cmpuint (tree_changes, ==, 4);

  /* An illegal move changes nothing. */
  {
    g_autoptr (GError) error = NULL;

    g_assert_null (congkak_match_play_text (match, "C", NULL, &error));
    g_assert_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL);
    g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 4);
    g_assert_true (congkak_match_get_cursor (match) == c);
  }
}

/* The cursor's game is the engine's replay of the path to it. */
static void
test_cursor_positions (void)
{
  g_autoptr (CongkakMatch) match = new_match ("congkak-single");
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);

  while (congkak_game_get_state (congkak_match_get_cursor_game (match))->phase == CONGKAK_PHASE_PLAYING)
    {
      const CongkakState *state = congkak_game_get_state (congkak_match_get_cursor_game (match));
      guint8 holes[CONGKAK_MAX_HOLES];
      guint n = congkak_state_legal_moves (state, congkak_match_get_rules (match), holes);
      char *move = g_strdup_printf ("%c", congkak_hole_letter (state->position.to_move,
                                                               holes[g_rand_int_range (rand, 0, n)]));

      g_ptr_array_add (nodes, play (match, move));
      g_ptr_array_add (moves, move);
    }

  /* Fresh match, same moves: compare the position at every node, seeking
   * in a random order so the cache is used from every direction. */
  {
    g_autoptr (CongkakMatch) fresh = NULL;
    g_autofree char *data = congkak_match_save_to_data (match, NULL);
    g_autoptr (GError) error = NULL;

    fresh = congkak_match_load_from_data (data, -1, NULL, &error);
    g_assert_no_error (error);

    for (guint i = 0; i < nodes->len * 2; i++)
      {
        guint index = g_rand_int_range (rand, 0, nodes->len);
        g_autoptr (CongkakGame) game = congkak_game_new (congkak_match_get_rules (match));
        g_autofree char *path = congkak_node_dup_path (g_ptr_array_index (nodes, index));
        CongkakNode *node = congkak_match_node_from_path (fresh, path, &error);

        g_assert_no_error (error);
        for (guint j = 0; j <= index; j++)
          g_assert_true (congkak_game_play_text (game, g_ptr_array_index (moves, j), NULL, NULL));
        congkak_match_set_cursor (fresh, node);
        g_assert_true (congkak_position_equal (&congkak_game_get_state (congkak_match_get_cursor_game (fresh))->position,
                                               &congkak_game_get_state (game)->position));
      }
  }

  /* Stepping. */
  congkak_match_go_to_start (match);
  g_assert_false (congkak_match_step_back (match));
  g_assert_true (congkak_match_step_forward (match));
  g_assert_true (congkak_match_get_cursor (match) == g_ptr_array_index (nodes, 0));
  congkak_match_go_to_end (match);
  g_assert_true (congkak_match_get_cursor (match) == g_ptr_array_index (nodes, nodes->len - 1));
  g_assert_false (congkak_match_step_forward (match));
  g_assert_true (congkak_match_get_cursor (match) == congkak_match_get_main_line_end (match));
}

/* Round starts for Page Up / Page Down. */
static void
test_go_to_round (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  CongkakRules rules;
  CongkakPosition start;
  CongkakNode *next_round, *end;

  test_rules (&rules, "congkak", NULL);
  test_position (&start, &rules, "S: 0 0 0 0 0 0 1 | 60 / N: 0 0 0 0 0 0 1 | 36 / south");
  match = congkak_match_new_from_position (&rules, &start, &error);
  g_assert_no_error (error);
  play (match, "G");
  next_round = play (match, "next-round");
  play_first_legal (match);
  end = play_first_legal (match);

  g_assert_true (congkak_match_go_to_round (match, -1));
  g_assert_true (congkak_match_get_cursor (match) == next_round);
  g_assert_true (congkak_match_go_to_round (match, -1));
  g_assert_true (congkak_match_get_cursor (match) == congkak_match_get_root (match));
  g_assert_false (congkak_match_go_to_round (match, -1));
  g_assert_true (congkak_match_go_to_round (match, 1));
  g_assert_true (congkak_match_get_cursor (match) == next_round);
  g_assert_false (congkak_match_go_to_round (match, 1));
  congkak_match_go_to_end (match);
  g_assert_true (congkak_match_get_cursor (match) == end);
}

/* Every edit undoes and redoes exactly. */
static void
test_undo_redo (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  g_autofree char *empty = congkak_match_save_to_data (match, NULL);
  g_autoptr (GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  CongkakNode *c, *a;
  guint n_states;

  g_ptr_array_add (states, g_strdup (empty));
  g_assert_false (congkak_match_can_undo (match));

  c = play (match, "C");
  g_ptr_array_add (states, congkak_match_save_to_data (match, NULL));
  play (match, "A");
  g_ptr_array_add (states, congkak_match_save_to_data (match, NULL));
  congkak_match_go_to_start (match);
  a = play (match, "A");
  g_ptr_array_add (states, congkak_match_save_to_data (match, NULL));
  congkak_match_set_comment (match, c, "A quick extra turn — “good”.");
  g_ptr_array_add (states, congkak_match_save_to_data (match, NULL));
  congkak_match_set_mark (match, a, CONGKAK_MARK_DUBIOUS);
  g_ptr_array_add (states, congkak_match_save_to_data (match, NULL));
  g_assert_true (congkak_match_promote_variation (match, a));
  g_assert_false (congkak_match_promote_variation (match, a));
  g_ptr_array_add (states, congkak_match_save_to_data (match, NULL));
  congkak_match_set_metadata (match, CONGKAK_METADATA_EVENT, "Class demo");
  g_ptr_array_add (states, congkak_match_save_to_data (match, NULL));
  congkak_match_set_player (match, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_HARD);
  g_ptr_array_add (states, congkak_match_save_to_data (match, NULL));
  g_assert_true (congkak_match_delete_variation (match, c));
  g_ptr_array_add (states, congkak_match_save_to_data (match, NULL));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);

  n_states = states->len;
  for (guint i = n_states - 1; i > 0; i--)
    {
      g_autofree char *now = NULL;

      g_assert_true (congkak_match_undo (match));
      now = congkak_match_save_to_data (match, NULL);
      g_assert_cmpstr (now, ==, g_ptr_array_index (states, i - 1));
    }
  g_assert_false (congkak_match_undo (match));
  g_assert_true (congkak_match_can_redo (match));

  for (guint i = 1; i < n_states; i++)
    {
      g_autofree char *now = NULL;

      g_assert_true (congkak_match_redo (match));
      now = congkak_match_save_to_data (match, NULL);
      g_assert_cmpstr (now, ==, g_ptr_array_index (states, i));
    }
  g_assert_false (congkak_match_redo (match));

  /* A new edit after undo drops the redo history. */
  congkak_match_undo (match);
  congkak_match_set_metadata (match, CONGKAK_METADATA_PLACE, "Room 4");
  g_assert_false (congkak_match_can_redo (match));
}

/* Deleting the line under the cursor moves the cursor out of it. */
static void
test_delete_moves_cursor (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  CongkakNode *c;

  c = play (match, "C");
  play (match, "A");
  play (match, "d");
  congkak_match_delete_variation (match, c);
  g_assert_true (congkak_match_get_cursor (match) == congkak_match_get_root (match));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 0);
  congkak_match_undo (match);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 3);
}

/* The children of a move in their order, as "A B C". */
static char *
children_text (CongkakNode *node)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < congkak_node_get_n_children (node); i++)
    {
      CongkakNode *child = congkak_node_get_child (node, i);
      g_autofree char *move = congkak_node_dup_move_text (child);

      g_assert_cmpint (congkak_node_get_child_index (child), ==, i);
      g_assert_true (congkak_node_get_parent (child) == node);
      g_assert_cmpint (congkak_node_is_main_line (child), ==, i == 0);
      g_string_append_printf (text, "%s%s", i > 0 ? " " : "", move);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A move with many variations keeps them in order through promoting,
 * deleting and undoing, wherever among them the change is. */
static void
test_many_variations (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  CongkakNode *root = congkak_match_get_root (match);
  static const char * const moves[] = { "A", "B", "C", "D", "E", "F" };
  g_autofree char *text = NULL;
  CongkakNode *d, *b, *f;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      congkak_match_go_to_start (match);
      play (match, moves[i]);
    }
  text = children_text (root);
  g_assert_cmpstr (text, ==, "A B C D E F");
  d = congkak_node_get_child (root, 3);
  b = congkak_node_get_child (root, 1);
  f = congkak_node_get_child (root, 5);

  g_assert_true (congkak_match_promote_variation (match, d));
  g_clear_pointer (&text, g_free);
  text = children_text (root);
  g_assert_cmpstr (text, ==, "D A B C E F");
  g_assert_true (congkak_match_delete_variation (match, b));
  g_clear_pointer (&text, g_free);
  text = children_text (root);
  g_assert_cmpstr (text, ==, "D A C E F");
  g_assert_true (congkak_match_delete_variation (match, f));
  g_assert_true (congkak_match_delete_variation (match, d));
  g_clear_pointer (&text, g_free);
  text = children_text (root);
  g_assert_cmpstr (text, ==, "A C E");
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 3);

  for (guint i = 0; i < 4; i++)
    g_assert_true (congkak_match_undo (match));
  g_clear_pointer (&text, g_free);
  text = children_text (root);
  g_assert_cmpstr (text, ==, "A B C D E F");
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 6);
}

static CongkakNode *
random_node (CongkakMatch *match,
             GRand        *rand)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new ();
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, congkak_match_get_root (match));
  while (stack->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      g_ptr_array_add (all, node);
      for (guint i = 0; i < congkak_node_get_n_children (node); i++)
        g_ptr_array_add (stack, congkak_node_get_child (node, i));
    }
  return g_ptr_array_index (all, g_rand_int_range (rand, 0, all->len));
}

/* Plays one random legal move at the cursor (openings and new rounds too). */
static gboolean
play_random (CongkakMatch *match,
             GRand        *rand)
{
  g_autofree char *move = congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                                     congkak_match_get_rules (match), rand);

  if (move == NULL)
    return FALSE;
  play (match, move);
  return TRUE;
}

static const char * const comments[] = {
  "Relay twice, then a capture of nine.",
  "Kampung kosong — rumah penuh!",
  "Quotes \" and backslashes \\ and {braces} and (parentheses)",
  "Two\nlines",
  "Хороший ход",
  "Tah výborný",
};

/* A random annotated match with variations; saving and loading gives the
 * same match, and saving again gives the same text. */
static void
test_file_round_trip (gconstpointer data)
{
  const char *profile = data;
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);

  for (guint round = 0; round < 20; round++)
    {
      g_autoptr (CongkakMatch) match = new_match (profile);
      g_autoptr (CongkakMatch) loaded = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) warnings = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;

      /* A main line, then variations from random places. */
      for (guint i = 0; i < 60 && play_random (match, rand); i++)
        ;
      for (guint v = 0; v < 15; v++)
        {
          congkak_match_set_cursor (match, random_node (match, rand));
          for (guint i = 0; i < 6 && play_random (match, rand); i++)
            ;
        }
      for (guint a = 0; a < 25; a++)
        {
          CongkakNode *node = random_node (match, rand);

          if (congkak_node_is_root (node))
            continue;
          congkak_match_set_comment (match, node, comments[g_rand_int_range (rand, 0, G_N_ELEMENTS (comments))]);
          congkak_match_set_mark (match, node, g_rand_int_range (rand, 0, CONGKAK_MARK_DUBIOUS + 1));
        }
      congkak_match_set_player (match, CONGKAK_SOUTH, "Ani", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
      congkak_match_set_player (match, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_PERFECT);
      congkak_match_set_metadata (match, CONGKAK_METADATA_DATE, "2026-11-29");
      congkak_match_set_metadata (match, CONGKAK_METADATA_NOTES, comments[round % G_N_ELEMENTS (comments)]);

      first = congkak_match_save_to_data (match, NULL);
      loaded = congkak_match_load_from_data (first, -1, &warnings, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (warnings->len, ==, 0);
      g_assert_true (congkak_match_equal (match, loaded));
      second = congkak_match_save_to_data (loaded, NULL);
      g_assert_cmpstr (first, ==, second);

      /* Every node's path finds the same node again. */
      for (guint i = 0; i < 20; i++)
        {
          CongkakNode *node = random_node (loaded, rand);
          g_autofree char *path = congkak_node_dup_path (node);

          g_assert_true (congkak_match_node_from_path (loaded, path, &error) == node);
          g_assert_no_error (error);
        }
    }
}

static void
test_custom_start_round_trip (void)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  CongkakRules rules;
  CongkakPosition start;

  test_rules (&rules, "congkak", "burnt-sowing=forfeit", NULL);
  test_position (&start, &rules, "S: 0 x 7 7 7 7 7 | 20 / N: 7 7 7 7 7 7 7 | 29 / north");
  match = congkak_match_new_from_position (&rules, &start, &error);
  g_assert_no_error (error);
  play (match, "a");

  data = congkak_match_save_to_data (match, NULL);
  g_assert_nonnull (strstr (data, "\"start\""));
  loaded = congkak_match_load_from_data (data, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (match, loaded));
  g_assert_true (congkak_match_has_custom_start (loaded));
}

static void
test_node_paths (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  g_autoptr (GError) error = NULL;
  CongkakNode *c, *a, *d, *b, *inner;
  g_autofree char *path_a = NULL, *path_inner = NULL, *path_d = NULL;

  c = play (match, "C");
  play (match, "A");
  d = play (match, "d");
  congkak_match_go_to_start (match);
  a = play (match, "A");
  play (match, "a");
  congkak_match_set_cursor (match, a);
  b = play (match, "b");
  inner = play (match, "B");

  g_assert_true (c != NULL && b != NULL);
  path_a = congkak_node_dup_path (a);
  path_d = congkak_node_dup_path (d);
  path_inner = congkak_node_dup_path (inner);
  g_assert_cmpstr (path_a, ==, "moves[0].variations[0][0]");
  g_assert_cmpstr (path_d, ==, "moves[2]");
  g_assert_cmpstr (path_inner, ==, "moves[0].variations[0][1].variations[0][1]");
  g_assert_true (congkak_match_node_from_path (match, path_inner, &error) == inner);

  g_assert_null (congkak_match_node_from_path (match, "moves[9]", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (congkak_match_node_from_path (match, "moves[x]", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* Narration tells worked example 2 of RULES.md in words, from its events. */
static void
test_narration (void)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GPtrArray) sentences = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak-single", NULL);
  game = congkak_game_new (&rules);
  g_assert_true (congkak_game_play_text (game, "B", events, NULL));
  for (guint i = 0; i < events->len; i++)
    {
      char *sentence = congkak_narrate_event (&rules, &g_array_index (events, CongkakEvent, i));

      if (sentence)
        g_ptr_array_add (sentences, sentence);
    }
  g_ptr_array_add (sentences, NULL);
  joined = g_strjoinv (" | ", (char **) sentences->pdata);
  g_assert_cmpstr (joined, ==,
                   "South picks up 7 seeds from B | "
                   "The last seed fell into a hole with seeds on North’s side: relay — pick up 8 and keep sowing | "
                   "Empty hole on South’s side: capture 9 seeds");
}

/* Kalah has no relay, and its narration never mentions one: its last seed
 * on seeds ends the turn, said as such. */
static void
test_narration_kalah_no_relay (void)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GArray) events = congkak_event_array_new ();
  CongkakRules rules;
  gboolean told = FALSE;

  /* E's four seeds: F, South's store, a, b; b held seeds. */
  test_rules (&rules, "kalah", NULL);
  game = congkak_game_new (&rules);
  g_assert_true (congkak_game_play_text (game, "E", events, NULL));
  for (guint i = 0; i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);
      g_autofree char *sentence = congkak_narrate_event (&rules, event);

      if (event->type == CONGKAK_EVENT_TURN_END)
        {
          g_assert_cmpstr (sentence, ==, "The last seed fell on seeds in b: the turn ends");
          told = TRUE;
        }
    }
  g_assert_true (told);

  /* And in whole matches of every game without relay, no sentence says
   * "relay". */
  for (const char * const *profile = congkak_rules_profile_names (); *profile; profile++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (7);

      test_rules (&rules, *profile, NULL);
      if (rules.relay)
        continue;
      for (guint match = 0; match < 20; match++)
        {
          g_autoptr (CongkakGame) played = congkak_game_new (&rules);

          for (guint move = 0; move < 400; move++)
            {
              g_autofree char *text = congkak_state_random_move (congkak_game_get_state (played), &rules, rand);

              if (text == NULL)
                break;
              g_array_set_size (events, 0);
              g_assert_true (congkak_game_play_text (played, text, events, NULL));
              for (guint i = 0; i < events->len; i++)
                {
                  g_autofree char *sentence = congkak_narrate_event (&rules, &g_array_index (events, CongkakEvent, i));

                  if (sentence && strstr (sentence, "relay"))
                    g_error ("%s: “%s” speaks of a relay", *profile, sentence);
                }
            }
        }
    }
}

/* Seed by seed, each seed sown gets its sentence, with what is left. */
static void
test_narration_seed_by_seed (void)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GPtrArray) sentences = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;
  CongkakRules rules;
  guint in_hand = 0;

  test_rules (&rules, "kalah", NULL);
  game = congkak_game_new (&rules);
  g_assert_true (congkak_game_play_text (game, "C", events, NULL));
  for (guint i = 0; i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);

      if (event->type == CONGKAK_EVENT_PICK_UP)
        in_hand = event->count;
      if (event->type == CONGKAK_EVENT_DROP)
        g_ptr_array_add (sentences, congkak_narrate_drop (&rules, event, --in_hand));
    }
  g_ptr_array_add (sentences, NULL);
  joined = g_strjoinv (" | ", (char **) sentences->pdata);
  g_assert_cmpstr (joined, ==,
                   "South sows a seed into D; 3 seeds left in hand | "
                   "South sows a seed into E; 2 seeds left in hand | "
                   "South sows a seed into F; 1 seed left in hand | "
                   "South sows the last seed into South’s store");
}

/* A copy holds the same match, shares nothing with it, and plays on from
 * any of its moves. */
static void
test_copy (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah");
  g_autoptr (CongkakMatch) copy = NULL;
  g_autofree char *before = NULL;
  g_autofree char *copied = NULL;
  CongkakNode *first, *variation;

  congkak_match_set_player (match, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_HARD);
  congkak_match_set_metadata (match, CONGKAK_METADATA_EVENT, "Club night");
  congkak_match_set_comment (match, congkak_match_get_root (match), "The whole match.");
  first = play (match, "C");
  play (match, "A");
  congkak_match_set_mark (match, congkak_match_get_cursor (match), CONGKAK_MARK_GOOD);
  congkak_match_set_analysis (match, first, 3, "A", CONGKAK_MARK_INTERESTING, "Best.");
  congkak_match_set_cursor (match, congkak_match_get_root (match));
  variation = play (match, "B");
  congkak_match_set_comment (match, variation, "Another first move.");
  before = congkak_match_save_to_data (match, NULL);

  copy = congkak_match_copy (match);
  g_assert_true (congkak_match_equal (copy, match));
  copied = congkak_match_save_to_data (copy, NULL);
  g_assert_cmpstr (copied, ==, before);
  g_assert_true (congkak_match_get_cursor (copy) == congkak_match_get_root (copy));
  g_assert_false (congkak_match_can_undo (copy));

  /* Changing one leaves the other as it was. */
  congkak_match_set_comment (match, first, "Changed after the copy.");
  play (match, "a");
  g_clear_pointer (&copied, g_free);
  copied = congkak_match_save_to_data (copy, NULL);
  g_assert_cmpstr (copied, ==, before);

  /* The copy's moves replay: its games are worked out when asked for. */
  congkak_match_go_to_end (copy);
  g_assert_cmpuint (congkak_node_get_depth (congkak_match_get_cursor (copy)), ==, 2);
  play_first_legal (copy);
  g_assert_cmpuint (congkak_match_get_n_nodes (copy), ==, 4);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/match/play-makes-variations", test_play_makes_variations);
  g_test_add_func ("/model/match/cursor-positions", test_cursor_positions);
  g_test_add_func ("/model/match/go-to-round", test_go_to_round);
  g_test_add_func ("/model/match/undo-redo", test_undo_redo);
  g_test_add_func ("/model/match/delete-moves-cursor", test_delete_moves_cursor);
  g_test_add_func ("/model/match/many-variations", test_many_variations);
  g_test_add_func ("/model/match/node-paths", test_node_paths);
  g_test_add_func ("/model/match/copy", test_copy);
  g_test_add_func ("/model/narration/example-2", test_narration);
  g_test_add_func ("/model/narration/kalah-no-relay", test_narration_kalah_no_relay);
  g_test_add_func ("/model/narration/seed-by-seed", test_narration_seed_by_seed);
  g_test_add_data_func ("/model/match/round-trip/congkak", "congkak", test_file_round_trip);
  g_test_add_data_func ("/model/match/round-trip/congkak-single", "congkak-single", test_file_round_trip);
  g_test_add_data_func ("/model/match/round-trip/kalah", "kalah", test_file_round_trip);
  g_test_add_data_func ("/model/match/round-trip/oware", "oware", test_file_round_trip);
  g_test_add_func ("/model/match/round-trip/custom-start", test_custom_start_round_trip);

  return g_test_run ();
}
