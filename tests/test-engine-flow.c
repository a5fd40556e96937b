/* test-engine-flow.c — rounds, matches and openings: RULES.md sections 3, 4, 6 and 7
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-test-util.h"

static void
assert_move_fails (CongkakGame *game,
                   const char  *move,
                   int          code)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = test_position_to_string (&congkak_game_get_state (game)->position);
  g_autofree char *after = NULL;

  g_assert_false (congkak_game_play_text (game, move, NULL, &error));
  g_assert_error (error, CONGKAK_MOVE_ERROR, code);
  g_assert_nonnull (error->message);
  g_test_message ("%s: %s", move, error->message);

  /* A refused move changes nothing. */
  after = test_position_to_string (&congkak_game_get_state (game)->position);
  g_assert_cmpstr (before, ==, after);
}

static CongkakPhase
phase_of (CongkakGame *game)
{
  return congkak_game_get_state (game)->phase;
}

/* Section 3, end-round: one empty side ends the round; both collect. */
static void
test_empty_side_end_round (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", NULL);
  game = test_game_from_layout (&rules, "S: 0 0 0 0 0 2 | 20 / N: 0 0 0 0 0 2 | 24 / south");
  test_assert_move (game, "F",
                    "pick-up F 2; drop S*; drop a; turn-end a empty-opponent-hole; "
                    "round-end winner=north collected=0/3 empty-side; "
                    "match-end winner=north score=21/27 single-round");
  test_assert_position (game, "S: 0 0 0 0 0 0 | 21 / N: 0 0 0 0 0 0 | 27 / none");
  g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_MATCH_OVER);
}

/* Section 3, mover-cannot-move: an empty side ends the round only when its
 * owner is to move; the other player collects. */
static void
test_empty_side_mover_cannot_move (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", "empty-side=mover-cannot-move", NULL);
  game = test_game_from_layout (&rules, "S: 0 0 0 0 0 2 | 20 / N: 0 0 0 0 0 2 | 24 / south");
  test_assert_move (game, "F", "pick-up F 2; drop S*; drop a; turn-end a empty-opponent-hole");
  g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_PLAYING);
  test_assert_move (game, "a",
                    "pick-up a 1; drop b; turn-end b empty-own-hole; "
                    "round-end winner=north collected=0/3 mover-cannot-move; "
                    "match-end winner=north score=21/27 single-round");
  test_assert_position (game, "S: 0 0 0 0 0 0 | 21 / N: 0 0 0 0 0 0 | 27 / none");
}

/* Section 3, pass: a player without seeds passes; both empty ends the round. */
static void
test_empty_side_pass (void)
{
  CongkakRules rules;

  test_rules (&rules, "kalah", "empty-side=pass", NULL);
  {
    g_autoptr (CongkakGame) game = test_game_from_layout (&rules, "S: 0 0 0 0 0 2 | 20 / N: 0 0 0 0 0 2 | 24 / south");

    test_assert_move (game, "F", "pick-up F 2; drop S*; drop a; turn-end a empty-opponent-hole");
    test_assert_move (game, "a", "pick-up a 1; drop b; turn-end b empty-own-hole; pass south");
    test_assert_position (game, "S: 0 0 0 0 0 0 | 21 / N: 0 1 0 0 0 2 | 24 / north");
    assert_move_fails (game, "A", CONGKAK_MOVE_ERROR_WRONG_SIDE);
  }
  {
    g_autoptr (CongkakGame) game = test_game_from_layout (&rules, "S: 0 0 0 0 0 0 | 20 / N: 0 0 0 0 0 1 | 27 / north");

    test_assert_move (game, "f",
                      "pick-up f 1; drop N*; extra-turn; "
                      "round-end winner=north collected=0/0 both-sides-empty; "
                      "match-end winner=north score=20/28 single-round");
  }
}

static const char *round_one_end = "S: 0 0 0 0 0 0 1 | 60 / N: 0 0 0 0 0 0 1 | 36 / south";

/* Section 4: round end, refill from the store next to it, burnt holes,
 * and the loser starting. */
static void
test_multi_round_refill (void)
{
  g_autoptr (CongkakGame) game = NULL;
  const CongkakRoundResult *result;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  game = test_game_from_layout (&rules, round_one_end);
  test_assert_move (game, "G",
                    "pick-up G 1; drop S*; extra-turn; round-end winner=south collected=0/1 empty-side");
  g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_ROUND_OVER);
  g_assert_cmpint (congkak_state_next_round_starter (congkak_game_get_state (game), &rules), ==, CONGKAK_NORTH);
  assert_move_fails (game, "A", CONGKAK_MOVE_ERROR_WRONG_PHASE);

  g_assert_cmpuint (congkak_game_get_n_round_results (game), ==, 1);
  result = congkak_game_get_round_result (game, 0);
  g_assert_cmpuint (result->store[CONGKAK_SOUTH], ==, 61);
  g_assert_cmpuint (result->store[CONGKAK_NORTH], ==, 37);
  g_assert_cmpint (result->winner, ==, CONGKAK_SOUTH);

  test_assert_move (game, "next-round", "refill filled=49/35 burnt=a,b; round-start 2 north");
  test_assert_position (game, "S: 7 7 7 7 7 7 7 | 12 / N: x x 7 7 7 7 7 | 2 / north");
  g_assert_cmpuint (congkak_game_get_state (game)->round, ==, 2);
  assert_move_fails (game, "a", CONGKAK_MOVE_ERROR_ILLEGAL);
  assert_move_fails (game, "next-round", CONGKAK_MOVE_ERROR_WRONG_PHASE);
}

/* Section 4.2: burnt holes are decided afresh each round. */
static void
test_burnt_holes_decided_afresh (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  /* Both sides empty: the round is already over; North won it. */
  game = test_game_from_layout (&rules, "S: 0 0 0 0 0 x x | 40 / N: x 0 0 0 0 0 0 | 58 / south");
  g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_ROUND_OVER);
  test_assert_move (game, "next-round", "refill filled=35/49 burnt=A,B; round-start 2 south");
  test_assert_position (game, "S: x x 7 7 7 7 7 | 5 / N: 7 7 7 7 7 7 7 | 9 / south");
}

static CongkakSide
starter_after_round_one (const char *layout,
                         const char *option)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GError) error = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", option, NULL);
  game = test_game_from_layout (&rules, layout);
  congkak_game_play_text (game, "G", NULL, &error);
  g_assert_no_error (error);
  congkak_game_play_text (game, "next-round", NULL, &error);
  g_assert_no_error (error);
  return congkak_game_get_state (game)->position.to_move;
}

/* Section 4.3: each round-starter option, and a drawn round. */
static void
test_round_starter (void)
{
  const char *drawn = "S: 0 0 0 0 0 0 1 | 48 / N: 0 0 0 0 0 0 1 | 48 / south";

  /* South started round 1, made its last move and won it. */
  g_assert_cmpint (starter_after_round_one (round_one_end, "round-starter=loser"), ==, CONGKAK_NORTH);
  g_assert_cmpint (starter_after_round_one (round_one_end, "round-starter=winner"), ==, CONGKAK_SOUTH);
  g_assert_cmpint (starter_after_round_one (round_one_end, "round-starter=last-mover"), ==, CONGKAK_SOUTH);
  g_assert_cmpint (starter_after_round_one (round_one_end, "round-starter=alternate"), ==, CONGKAK_NORTH);

  /* A drawn round: who did not start it starts, whatever the option. */
  g_assert_cmpint (starter_after_round_one (drawn, "round-starter=winner"), ==, CONGKAK_NORTH);
  g_assert_cmpint (starter_after_round_one (drawn, "round-starter=last-mover"), ==, CONGKAK_NORTH);
  g_assert_cmpint (starter_after_round_one (drawn, "round-starter=loser"), ==, CONGKAK_NORTH);
}

/* Section 4.3 with a move by North last: last-mover differs from winner. */
static void
test_round_starter_last_mover (void)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GError) error = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", "round-starter=last-mover", NULL);
  /* North moves g into its store and empties its side; South has won. */
  game = test_game_from_layout (&rules, "S: 0 0 0 0 0 0 1 | 60 / N: 0 0 0 0 0 0 1 | 36 / north");
  test_assert_move (game, "g",
                    "pick-up g 1; drop N*; extra-turn; round-end winner=south collected=1/0 empty-side");
  test_assert_move (game, "next-round", "refill filled=49/35 burnt=a,b; round-start 2 north");
}

/* Section 4.1: the match ends when a player cannot fill min-holes holes. */
static void
test_match_end_min_holes (void)
{
  CongkakRules rules;

  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "congkak", NULL);
    game = test_game_from_layout (&rules, "S: 0 0 0 0 0 0 1 | 91 / N: 0 0 0 0 0 0 1 | 5 / south");
    test_assert_move (game, "G",
                      "pick-up G 1; drop S*; extra-turn; round-end winner=south collected=0/1 empty-side; "
                      "match-end winner=south score=92/6 min-holes");
    assert_move_fails (game, "next-round", CONGKAK_MOVE_ERROR_MATCH_OVER);
    assert_move_fails (game, "A", CONGKAK_MOVE_ERROR_MATCH_OVER);
  }
  {
    g_autoptr (CongkakGame) game = NULL;

    /* 13 seeds fill one hole of 7 but not two. */
    test_rules (&rules, "congkak", "min-holes=2", NULL);
    game = test_game_from_layout (&rules, "S: 0 0 0 0 0 0 1 | 84 / N: 0 0 0 0 0 0 1 | 12 / south");
    test_assert_move (game, "G",
                      "pick-up G 1; drop S*; extra-turn; round-end winner=south collected=0/1 empty-side; "
                      "match-end winner=south score=85/13 min-holes");
  }
  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "congkak", "min-holes=1", NULL);
    game = test_game_from_layout (&rules, "S: 0 0 0 0 0 0 1 | 84 / N: 0 0 0 0 0 0 1 | 12 / south");
    test_assert_move (game, "G",
                      "pick-up G 1; drop S*; extra-turn; round-end winner=south collected=0/1 empty-side");
    g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_ROUND_OVER);
  }
}

/* Section 4.1: max-rounds. */
static void
test_match_end_max_rounds (void)
{
  CongkakRules rules;

  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "congkak", "max-rounds=1", NULL);
    game = test_game_from_layout (&rules, round_one_end);
    test_assert_move (game, "G",
                      "pick-up G 1; drop S*; extra-turn; round-end winner=south collected=0/1 empty-side; "
                      "match-end winner=south score=61/37 max-rounds");
  }
  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "congkak", "max-rounds=2", NULL);
    game = test_game_from_layout (&rules, round_one_end);
    test_assert_move (game, "G",
                      "pick-up G 1; drop S*; extra-turn; round-end winner=south collected=0/1 empty-side");
    g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_ROUND_OVER);
  }
}

/* Section 4.5: stop-when-decided ends the match at once, seeds staying. */
static void
test_stop_when_decided (void)
{
  const char *layout = "S: 1 0 0 0 0 0 1 | 91 / N: 3 2 0 0 0 0 0 | 0 / south";
  CongkakRules rules;

  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "congkak", "stop-when-decided=on", NULL);
    game = test_game_from_layout (&rules, layout);
    test_assert_move (game, "G",
                      "pick-up G 1; drop S*; extra-turn; round-end winner=south collected=0/0 decided; "
                      "match-end winner=south score=92/0 decided");
    test_assert_position (game, "S: 1 0 0 0 0 0 0 | 92 / N: 3 2 0 0 0 0 0 | 0 / none");
  }
  {
    g_autoptr (CongkakGame) game = NULL;

    test_rules (&rules, "congkak", "stop-when-decided=off", NULL);
    game = test_game_from_layout (&rules, layout);
    test_assert_move (game, "G", "pick-up G 1; drop S*; extra-turn");
    g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_PLAYING);
  }
}

/* Section 6: the lockstep opening, with a second choice for both players
 * after landing in their stores at tick 7, ending in the same tick. */
static void
test_opening_lockstep (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  game = congkak_game_new (&rules);
  g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_OPENING);
  g_assert_cmpint (congkak_game_get_state (game)->position.to_move, ==, CONGKAK_NOBODY);

  test_assert_move (game, "opening:A,B/a,b",
                    "pick-up A 7; pick-up a 7; "
                    "drop B @1; drop b @1; drop C @2; drop c @2; drop D @3; drop d @3; "
                    "drop E @4; drop e @4; drop F @5; drop f @5; drop G @6; drop g @6; "
                    "drop S* @7; extra-turn @7; pick-up B 8 @7; "
                    "drop N* @7; extra-turn @7; pick-up b 8 @7; "
                    "drop C @8; drop c @8; drop D @9; drop d @9; drop E @10; drop e @10; "
                    "drop F @11; drop f @11; drop G @12; drop g @12; drop S* @13; drop N* @13; "
                    "drop a @14; drop A @14; "
                    "drop b @15; turn-end b empty-opponent-hole @15; opening-finished south @15; "
                    "drop B @15; turn-end B empty-opponent-hole @15; opening-finished north @15");
  /* Both ended in tick 15: South moves first. */
  test_assert_position (game, "S: 1 1 9 9 9 9 9 | 2 / N: 1 1 9 9 9 9 9 | 2 / south");
  g_assert_cmpint (congkak_game_get_state (game)->round_starter, ==, CONGKAK_SOUTH);
}

/* Section 6: whoever ended earlier moves first, here North. */
static void
test_opening_first_to_finish_moves_first (void)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  game = congkak_game_new (&rules);
  congkak_game_play_text (game, "opening:A,B/b", events, &error);
  g_assert_no_error (error);
  text = test_events_to_string (events);
  g_assert_nonnull (strstr (text, "drop A @7; turn-end A empty-opponent-hole @7; opening-finished north @7"));
  g_assert_nonnull (strstr (text, "drop b @15; turn-end b empty-opponent-hole @15; opening-finished south @15"));
  test_assert_position (game, "S: 1 0 9 9 9 9 9 | 2 / N: 8 1 8 8 8 8 8 | 1 / north");
  g_assert_cmpint (congkak_game_get_state (game)->round_starter, ==, CONGKAK_NORTH);
}

/* Section 4.3: round 1 ends during the lockstep opening.  South's opening
 * ends at tick 1 with its seed in its store and its side empty, North's at
 * tick 2: South counts as the starter, North as the last mover. */
static void
test_opening_ends_round (void)
{
  const char *layout = "S: 0 0 0 0 0 0 1 | 51 / N: 0 0 0 0 2 0 0 | 44 / none";
  CongkakRules rules;
  struct {
    const char *option;
    CongkakSide next;
  } cases[] = {
    { "round-starter=last-mover", CONGKAK_NORTH },
    { "round-starter=alternate", CONGKAK_NORTH },
    { "round-starter=winner", CONGKAK_SOUTH },
    { "round-starter=loser", CONGKAK_NORTH },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CongkakGame) game = NULL;
      g_autoptr (GArray) events = congkak_event_array_new ();
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      const CongkakState *state;

      test_rules (&rules, "congkak", cases[i].option, NULL);
      game = test_game_from_layout (&rules, layout);
      g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_OPENING);
      g_assert_true (congkak_game_play_text (game, "opening:G/e", events, &error));
      g_assert_no_error (error);
      text = test_events_to_string (events);
      g_test_message ("%s", text);
      g_assert_nonnull (strstr (text, "opening-finished south @1"));
      g_assert_nonnull (strstr (text, "opening-finished north @2"));
      g_assert_nonnull (strstr (text, "round-end winner=south"));

      state = congkak_game_get_state (game);
      g_assert_cmpint (state->phase, ==, CONGKAK_PHASE_ROUND_OVER);
      g_assert_cmpint (state->round_starter, ==, CONGKAK_SOUTH);
      g_assert_cmpint (state->last_mover, ==, CONGKAK_NORTH);
      g_assert_cmpint (congkak_state_next_round_starter (state, &rules), ==, cases[i].next);
    }
}

/* Section 4.3: both openings end on the same tick, and with them round 1:
 * South, whose seed fell first in that tick, counts as the starter, North
 * as the last mover. */
static void
test_opening_ends_round_same_tick (void)
{
  const char *layout = "S: 0 0 0 0 0 0 1 | 47 / N: 0 0 0 0 0 0 1 | 49 / none";
  CongkakRules rules;
  struct {
    const char *option;
    CongkakSide next;
  } cases[] = {
    { "round-starter=last-mover", CONGKAK_NORTH },
    { "round-starter=alternate", CONGKAK_NORTH },
    { "round-starter=winner", CONGKAK_NORTH },
    { "round-starter=loser", CONGKAK_SOUTH },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CongkakGame) game = NULL;
      g_autoptr (GArray) events = congkak_event_array_new ();
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      const CongkakState *state;

      test_rules (&rules, "congkak", cases[i].option, NULL);
      game = test_game_from_layout (&rules, layout);
      g_assert_true (congkak_game_play_text (game, "opening:G/g", events, &error));
      g_assert_no_error (error);
      text = test_events_to_string (events);
      g_test_message ("%s", text);
      g_assert_nonnull (strstr (text, "opening-finished south @1"));
      g_assert_nonnull (strstr (text, "opening-finished north @1"));
      g_assert_nonnull (strstr (text, "round-end winner=north"));

      state = congkak_game_get_state (game);
      g_assert_cmpint (state->phase, ==, CONGKAK_PHASE_ROUND_OVER);
      g_assert_cmpint (state->round_starter, ==, CONGKAK_SOUTH);
      g_assert_cmpint (state->last_mover, ==, CONGKAK_NORTH);
      g_assert_cmpint (congkak_state_next_round_starter (state, &rules), ==, cases[i].next);
    }
}

/* Section 4.3: a pass is not a move.  South ends its opening first with an
 * empty side and passes; North makes the first sowing move, so North
 * started round 1 and, with round-starter=alternate, South starts round 2. */
static void
test_opening_pass_is_not_a_move (void)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", "empty-side=pass", "round-starter=alternate", NULL);
  game = test_game_from_layout (&rules, "S: 0 0 0 0 0 0 1 | 47 / N: 0 0 0 0 1 0 1 | 48 / none");
  g_assert_true (congkak_game_play_text (game, "opening:G/e", events, &error));
  g_assert_no_error (error);
  text = test_events_to_string (events);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "pass south"));
  g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_PLAYING);
  g_assert_cmpint (congkak_game_get_state (game)->position.to_move, ==, CONGKAK_NORTH);
  g_assert_cmpint (congkak_game_get_state (game)->round_starter, ==, CONGKAK_NORTH);

  /* North sows g into its store and both sides are empty. */
  g_clear_pointer (&events, g_array_unref);
  events = congkak_event_array_new ();
  g_assert_true (congkak_game_play_text (game, "g", events, &error));
  g_assert_no_error (error);
  g_free (text);
  text = test_events_to_string (events);
  g_test_message ("%s", text);
  g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_ROUND_OVER);
  g_assert_cmpint (congkak_state_next_round_starter (congkak_game_get_state (game), &rules), ==, CONGKAK_SOUTH);
}

/* A player who passes at the very start of a round did not start it. */
static void
test_pass_at_start_is_not_a_move (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "kalah", "empty-side=pass", NULL);
  game = test_game_from_layout (&rules, "S: 0 0 0 0 0 0 | 20 / N: 0 0 0 0 1 2 | 25 / south");
  g_assert_cmpint (congkak_game_get_state (game)->position.to_move, ==, CONGKAK_NORTH);
  g_assert_cmpint (congkak_game_get_state (game)->round_starter, ==, CONGKAK_NORTH);
}

/* Section 6: a UI asks for a further choice when a seed lands in the store. */
static void
test_opening_asks_for_choices (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  CongkakRules rules;
  CongkakState start, state;
  CongkakSide needing;

  test_rules (&rules, "congkak", NULL);
  congkak_state_init (&start, &rules);

  congkak_opening_add_choice (opening, CONGKAK_SOUTH, 0);
  congkak_opening_add_choice (opening, CONGKAK_NORTH, 0);
  state = start;
  g_assert_true (congkak_state_play_opening (&state, &rules, opening, NULL, &needing, &error));
  g_assert_no_error (error);
  g_assert_cmpint (needing, ==, CONGKAK_SOUTH);
  g_assert_cmpint (state.phase, ==, CONGKAK_PHASE_OPENING);
  /* The board at that moment: South's seventh seed is in the store. */
  g_assert_cmpuint (state.position.store[CONGKAK_SOUTH], ==, 1);
  g_assert_cmpuint (state.position.holes[CONGKAK_SOUTH][1], ==, 8);

  congkak_opening_add_choice (opening, CONGKAK_SOUTH, 1);
  state = start;
  g_assert_true (congkak_state_play_opening (&state, &rules, opening, NULL, &needing, &error));
  g_assert_cmpint (needing, ==, CONGKAK_NORTH);

  congkak_opening_add_choice (opening, CONGKAK_NORTH, 1);
  state = start;
  g_assert_true (congkak_state_play_opening (&state, &rules, opening, NULL, &needing, &error));
  g_assert_cmpint (needing, ==, CONGKAK_NOBODY);
  g_assert_cmpint (state.phase, ==, CONGKAK_PHASE_PLAYING);
}

static void
test_opening_errors (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  game = congkak_game_new (&rules);
  assert_move_fails (game, "A", CONGKAK_MOVE_ERROR_WRONG_PHASE);
  assert_move_fails (game, "next-round", CONGKAK_MOVE_ERROR_WRONG_PHASE);
  assert_move_fails (game, "opening:A/a", CONGKAK_MOVE_ERROR_OPENING_INCOMPLETE);
  assert_move_fails (game, "opening:A,B/a", CONGKAK_MOVE_ERROR_OPENING_INCOMPLETE);
  assert_move_fails (game, "opening:A,B,C/a,b", CONGKAK_MOVE_ERROR_OPENING_TOO_LONG);
  assert_move_fails (game, "opening:A,A/a,b", CONGKAK_MOVE_ERROR_ILLEGAL);
  assert_move_fails (game, "opening:a/A", CONGKAK_MOVE_ERROR_NOTATION);
  assert_move_fails (game, "opening:A", CONGKAK_MOVE_ERROR_NOTATION);
  assert_move_fails (game, "opening:H/a", CONGKAK_MOVE_ERROR_NOTATION);

  {
    g_autoptr (GError) error = NULL;

    g_assert_true (congkak_game_play_text (game, "opening:A,B/a,b", NULL, &error));
    g_assert_no_error (error);
    assert_move_fails (game, "opening:A,B/a,b", CONGKAK_MOVE_ERROR_WRONG_PHASE);
  }
}

/* Section 7: the mover must feed an empty opponent. */
static void
test_oware_feeding (void)
{
  g_autoptr (CongkakGame) game = NULL;
  guint8 holes[CONGKAK_MAX_HOLES];
  CongkakRules rules;

  test_rules (&rules, "oware", NULL);
  game = test_game_from_layout (&rules, "S: 0 0 0 0 0 1 | 22 / N: 0 0 0 0 0 1 | 24 / north");
  test_assert_move (game, "f", "pick-up f 1; drop A; turn-end A sown; feeding-forced south");
  g_assert_cmpuint (congkak_state_legal_moves (congkak_game_get_state (game), &rules, holes), ==, 1);
  g_assert_cmpuint (holes[0], ==, 5);
  assert_move_fails (game, "A", CONGKAK_MOVE_ERROR_ILLEGAL);
  test_assert_move (game, "F", "pick-up F 1; drop a; turn-end a sown");
}

/* Section 7: no move can feed: the mover takes their own seeds. */
static void
test_oware_cannot_feed (void)
{
  g_autoptr (CongkakGame) game = NULL;
  const CongkakState *state;
  CongkakRules rules;

  test_rules (&rules, "oware", NULL);
  game = test_game_from_layout (&rules, "S: 1 1 0 0 0 0 | 22 / N: 0 0 0 0 0 0 | 24 / south");
  state = congkak_game_get_state (game);
  g_assert_cmpint (state->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  g_assert_cmpint (state->round_end_reason, ==, CONGKAK_ROUND_END_CANNOT_FEED);
  g_assert_cmpint (state->match_winner, ==, CONGKAK_NOBODY);
  test_assert_position (game, "S: 0 0 0 0 0 0 | 24 / N: 0 0 0 0 0 0 | 24 / none");
}

/* Section 7: more than half the seeds ends the game; the board stays. */
static void
test_oware_majority (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "oware", NULL);
  game = test_game_from_layout (&rules, "S: 0 0 0 0 1 1 | 23 / N: 2 0 1 0 0 0 | 20 / south");
  test_assert_move (game, "F",
                    "pick-up F 1; drop a; capture a 3; turn-end a capture; "
                    "round-end winner=south collected=0/0 majority; "
                    "match-end winner=south score=26/20 single-round");
  test_assert_position (game, "S: 0 0 0 0 1 0 | 26 / N: 0 0 1 0 0 0 | 20 / none");
}

/* Section 7: a position occurring a second time (the start included)
 * ends the game; each player takes their own side. */
static void
test_oware_repetition (void)
{
  const char *moves[] = { "A", "a", "B", "b", "C", "c", "D", "d", "E", "e" };
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "oware", NULL);
  game = test_game_from_layout (&rules, "S: 1 0 0 0 0 0 | 23 / N: 1 0 0 0 0 0 | 23 / south");
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autoptr (GError) error = NULL;

      congkak_game_play_text (game, moves[i], NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (phase_of (game), ==, CONGKAK_PHASE_PLAYING);
    }
  test_assert_move (game, "F", "pick-up F 1; drop a; turn-end a sown; feeding-forced north");
  test_assert_move (game, "f",
                    "pick-up f 1; drop A; turn-end A sown; "
                    "round-end winner=none collected=1/1 repetition; "
                    "match-end winner=none score=24/24 single-round");
}

/* Bad input gets a clear error and changes nothing. */
static void
test_illegal_moves (void)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakRules rules;

  test_rules (&rules, "congkak", NULL);
  game = test_game_from_layout (&rules, "S: 0 x 7 7 7 7 7 | 20 / N: 7 7 7 7 7 7 7 | 29 / south");
  assert_move_fails (game, "a", CONGKAK_MOVE_ERROR_WRONG_SIDE);
  assert_move_fails (game, "A", CONGKAK_MOVE_ERROR_ILLEGAL);
  assert_move_fails (game, "B", CONGKAK_MOVE_ERROR_ILLEGAL);
  assert_move_fails (game, "H", CONGKAK_MOVE_ERROR_NOTATION);
  assert_move_fails (game, "", CONGKAK_MOVE_ERROR_NOTATION);
  assert_move_fails (game, "CC", CONGKAK_MOVE_ERROR_NOTATION);
  assert_move_fails (game, "opening:C/a", CONGKAK_MOVE_ERROR_WRONG_PHASE);
  assert_move_fails (game, "next-round", CONGKAK_MOVE_ERROR_WRONG_PHASE);
}

static void
test_invalid_start_positions (void)
{
  const char *layouts[] = {
    "S: 0 x 7 7 7 7 7 | 20 / N: 7 7 7 7 7 7 7 | 29 / none",   /* no opening: nobody to move */
  };
  CongkakRules rules;
  CongkakPosition position;

  test_rules (&rules, "congkak-single", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakGame) game = NULL;

      test_position (&position, &rules, layouts[i]);
      game = congkak_game_new_from_position (&rules, &position, &error);
      g_assert_null (game);
      g_assert_error (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_SHAPE);
    }

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (CongkakGame) game = NULL;

    /* A burnt hole that holds seeds. */
    test_position (&position, &rules, "S: 0 x 7 7 7 7 7 | 20 / N: 7 7 7 7 7 7 7 | 29 / south");
    position.holes[CONGKAK_SOUTH][1] = 3;
    game = congkak_game_new_from_position (&rules, &position, &error);
    g_assert_null (game);
    g_assert_error (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_BURNT);
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (CongkakGame) game = NULL;

    /* Oware has no burnt holes. */
    test_rules (&rules, "oware", NULL);
    test_position (&position, &rules, "S: 4 x 4 4 4 4 | 0 / N: 4 4 4 4 4 4 | 4 / south");
    game = congkak_game_new_from_position (&rules, &position, &error);
    g_assert_null (game);
    g_assert_error (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_BURNT);
  }
}

typedef struct
{
  const char *profile;
  const char *option;   /* one KEY=VALUE, or NULL */
  const char *layout;
  int         code;     /* a CongkakPositionError, or -1 for a valid start */
  const char *reason;   /* a part of the message that says why */
} StartCase;

/* The check the position editor, the file loaders and new matches share:
 * each impossible start is refused with a reason that names the problem. */
static void
test_validate_start_positions (void)
{
  static const StartCase cases[] = {
    /* Fine: any number of seeds, burnt holes in a match of rounds, a round
     * already over in a match of rounds (the refill comes next). */
    { "kalah", NULL, "S: 0 0 1 0 0 0 | 0 / N: 0 0 0 0 2 0 | 0 / south", -1, NULL },
    { "congkak", NULL, "S: 0 x 7 7 7 7 7 | 20 / N: 7 7 7 7 7 7 7 | 29 / north", -1, NULL },
    { "congkak", NULL, "S: 0 0 0 0 0 x x | 40 / N: x 0 0 0 0 0 0 | 58 / south", -1, NULL },
    { "congkak", NULL, "S: 1 1 1 1 1 1 1 | 0 / N: 1 1 1 1 1 1 1 | 0 / none", -1, NULL },
    { "congkak", "empty-side=pass", "S: 0 0 0 0 0 0 0 | 40 / N: 1 0 0 0 0 0 0 | 0 / south", -1, NULL },
    { "oware", NULL, "S: 0 0 0 0 0 6 | 10 / N: 0 0 0 0 0 0 | 10 / south", -1, NULL },
    /* Seed counts. */
    { "kalah", NULL, "S: 0 0 0 0 0 0 | 0 / N: 0 0 0 0 0 0 | 0 / south",
      CONGKAK_POSITION_ERROR_SEED_COUNT, "empty" },
    { "kalah", NULL, "S: 300 0 0 0 0 0 | 61 / N: 1 0 0 0 0 0 | 0 / south",
      CONGKAK_POSITION_ERROR_SEED_COUNT, "362 seeds" },
    /* Burnt holes where nothing burns. */
    { "congkak-single", NULL, "S: 0 x 7 7 7 7 7 | 20 / N: 7 7 7 7 7 7 7 | 29 / south",
      CONGKAK_POSITION_ERROR_BURNT, "Hole B is burnt" },
    { "kalah", NULL, "S: 4 4 4 4 4 4 | 0 / N: 4 4 x 4 4 4 | 4 / south",
      CONGKAK_POSITION_ERROR_BURNT, "Hole c is burnt" },
    { "oware", NULL, "S: 4 x 4 4 4 4 | 0 / N: 4 4 4 4 4 4 | 4 / south",
      CONGKAK_POSITION_ERROR_BURNT, "Oware has no burnt holes" },
    /* Nobody to move where there is no opening. */
    { "kalah", NULL, "S: 4 4 4 4 4 4 | 0 / N: 4 4 4 4 4 4 | 0 / none",
      CONGKAK_POSITION_ERROR_SHAPE, "which player" },
    /* Nothing to play. */
    { "kalah", NULL, "S: 0 0 0 0 0 0 | 20 / N: 4 4 4 4 4 4 | 4 / south",
      CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY, "South has no seeds in their holes" },
    { "kalah", NULL, "S: 4 4 4 4 4 4 | 20 / N: 0 0 0 0 0 0 | 4 / south",
      CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY, "North has no seeds in their holes" },
    { "kalah", "empty-side=mover-cannot-move", "S: 0 0 0 0 0 0 | 20 / N: 4 4 4 4 4 4 | 4 / south",
      CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY, "South is to move but has no seeds" },
    { "oware", NULL, "S: 1 0 0 0 0 0 | 10 / N: 0 0 0 0 0 0 | 10 / south",
      CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY, "no move that sows into their side" },
    { "oware", NULL, "S: 1 1 1 1 1 1 | 30 / N: 1 1 1 1 1 1 | 0 / north",
      CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY, "half of the seeds" },
    { "congkak", NULL, "S: 0 0 0 0 0 0 0 | 3 / N: 1 0 0 0 0 0 0 | 94 / south",
      CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY, "could not fill enough holes" },
    { "congkak", NULL, "S: 0 0 0 0 0 0 0 | 49 / N: 1 1 1 1 1 1 1 | 42 / none",
      CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY, "simultaneous opening" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      CongkakRules rules;
      CongkakPosition position;
      gboolean valid;

      test_rules (&rules, cases[i].profile, cases[i].option, NULL);
      test_position (&position, &rules, cases[i].layout);
      valid = congkak_position_validate (&rules, &position, &error);
      g_test_message ("%s %s: %s", cases[i].profile, cases[i].layout, error ? error->message : "valid");
      if (cases[i].code < 0)
        {
          g_assert_no_error (error);
          g_assert_true (valid);
          continue;
        }
      g_assert_false (valid);
      g_assert_error (error, CONGKAK_POSITION_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].reason));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/flow/empty-side/end-round", test_empty_side_end_round);
  g_test_add_func ("/engine/flow/empty-side/mover-cannot-move", test_empty_side_mover_cannot_move);
  g_test_add_func ("/engine/flow/empty-side/pass", test_empty_side_pass);
  g_test_add_func ("/engine/flow/rounds/refill", test_multi_round_refill);
  g_test_add_func ("/engine/flow/rounds/burnt-decided-afresh", test_burnt_holes_decided_afresh);
  g_test_add_func ("/engine/flow/rounds/starter", test_round_starter);
  g_test_add_func ("/engine/flow/rounds/starter-last-mover", test_round_starter_last_mover);
  g_test_add_func ("/engine/flow/match-end/min-holes", test_match_end_min_holes);
  g_test_add_func ("/engine/flow/match-end/max-rounds", test_match_end_max_rounds);
  g_test_add_func ("/engine/flow/match-end/stop-when-decided", test_stop_when_decided);
  g_test_add_func ("/engine/flow/opening/lockstep", test_opening_lockstep);
  g_test_add_func ("/engine/flow/opening/first-to-finish", test_opening_first_to_finish_moves_first);
  g_test_add_func ("/engine/flow/opening/ends-round", test_opening_ends_round);
  g_test_add_func ("/engine/flow/opening/ends-round-same-tick", test_opening_ends_round_same_tick);
  g_test_add_func ("/engine/flow/opening/pass-is-not-a-move", test_opening_pass_is_not_a_move);
  g_test_add_func ("/engine/flow/empty-side/pass-at-start", test_pass_at_start_is_not_a_move);
  g_test_add_func ("/engine/flow/opening/asks-for-choices", test_opening_asks_for_choices);
  g_test_add_func ("/engine/flow/opening/errors", test_opening_errors);
  g_test_add_func ("/engine/flow/oware/feeding", test_oware_feeding);
  g_test_add_func ("/engine/flow/oware/cannot-feed", test_oware_cannot_feed);
  g_test_add_func ("/engine/flow/oware/majority", test_oware_majority);
  g_test_add_func ("/engine/flow/oware/repetition", test_oware_repetition);
  g_test_add_func ("/engine/flow/errors/illegal-moves", test_illegal_moves);
  g_test_add_func ("/engine/flow/errors/start-positions", test_invalid_start_positions);
  g_test_add_func ("/engine/flow/errors/validate-start", test_validate_start_positions);

  return g_test_run ();
}
