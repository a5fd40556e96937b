/* test-session.c — whose turn it is, the opening, the computer: no display
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session is the game's flow without any widget: these tests run
 * with DISPLAY and WAYLAND_DISPLAY unset, and drive it as players and a
 * view would: choices, ::move-played, ::awaiting and :presenting.  The
 * turn a player is handed is tested without a session: that is all a
 * player sees.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "congkak-computer-player.h"
#include "congkak-narration.h"
#include "congkak-session.h"
#include "congkak-test-util.h"
#include "congkak-turn.h"

/* What a view would have been told. */
typedef struct
{
  guint    moves_played;      /* ::move-played with a node */
  guint    opening_parts;     /* ::move-played without one */
  guint    cursor_moves;
  guint    awaited;
  GString *events;            /* all events played, as text */
  GPtrArray *problems;
} Seen;

static void
move_played_cb (CongkakSession    *session,
                CongkakNode       *node,
                GArray            *events,
                const CongkakGame *game,
                int                mover,
                Seen              *seen)
{
  g_autofree char *text = test_events_to_string (events);

  g_assert_nonnull (game);
  if (node)
    seen->moves_played++;
  else
    seen->opening_parts++;
  if (seen->events->len)
    g_string_append (seen->events, "; ");
  g_string_append (seen->events, text);
}

static void
cursor_moved_cb (CongkakSession *session,
                 Seen           *seen)
{
  seen->cursor_moves++;
}

static void
awaiting_cb (CongkakSession *session,
             int             side,
             int             kind,
             Seen           *seen)
{
  g_assert_cmpint (side, ==, congkak_session_get_turn_side (session));
  g_assert_cmpint (kind, ==, congkak_session_get_turn_kind (session));
  seen->awaited++;
}

static void
problem_cb (CongkakSession *session,
            const char     *message,
            Seen           *seen)
{
  g_ptr_array_add (seen->problems, g_strdup (message));
}

static void
seen_clear (Seen *seen)
{
  g_string_free (seen->events, TRUE);
  g_ptr_array_unref (seen->problems);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Seen, seen_clear)

static void
watch (CongkakSession *session,
       Seen           *seen)
{
  memset (seen, 0, sizeof *seen);
  seen->events = g_string_new (NULL);
  seen->problems = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (session, "move-played", G_CALLBACK (move_played_cb), seen);
  g_signal_connect (session, "cursor-moved", G_CALLBACK (cursor_moved_cb), seen);
  g_signal_connect (session, "awaiting", G_CALLBACK (awaiting_cb), seen);
  g_signal_connect (session, "problem", G_CALLBACK (problem_cb), seen);
}

static CongkakSession *
session_for (CongkakMatch *match)
{
  g_autoptr (CongkakDocument) document = congkak_document_new (match, NULL);

  return congkak_session_new (document);
}

static CongkakMatch *
match_from_layout (const char *profile,
                   const char *layout)
{
  g_autoptr (GError) error = NULL;
  CongkakPosition position;
  CongkakRules rules;
  CongkakMatch *match;

  test_rules (&rules, profile, NULL);
  test_position (&position, &rules, layout);
  match = congkak_match_new_from_position (&rules, &position, &error);
  g_assert_no_error (error);
  return match;
}

static CongkakMatch *
match_of (const char *profile)
{
  CongkakRules rules;

  test_rules (&rules, profile, NULL);
  return congkak_match_new (&rules);
}

/* A match's player, as the New Match dialog sets it: not an edit to undo. */
static void
set_player (CongkakMatch      *match,
            CongkakSide        side,
            const char        *name,
            CongkakPlayerKind  kind,
            CongkakLevel       level)
{
  congkak_match_set_player (match, side, name, kind, level);
  congkak_match_forget_history (match);
}

static void
choose (CongkakSession *session,
        CongkakSide     side,
        guint           hole)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (congkak_session_choose_hole (session, side, hole, &error));
  g_assert_no_error (error);
}

static void
assert_refused (CongkakSession *session,
                CongkakSide     side,
                guint           hole,
                int             code)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (congkak_session_choose_hole (session, side, hole, &error));
  g_assert_error (error, CONGKAK_SESSION_ERROR, code);
}

static void
assert_turn (CongkakSession  *session,
             CongkakTurnKind  kind,
             CongkakSide      side)
{
  g_assert_cmpint (congkak_session_get_turn_kind (session), ==, kind);
  g_assert_cmpint (congkak_session_get_turn_side (session), ==, side);
}

/* Two people at one computer: South chooses, the device goes to North,
 * North chooses unseen, and seeds that fall into the stores ask for
 * further choices, the board shown up to that moment. */
static void
test_hotseat_opening (void)
{
  g_autoptr (CongkakMatch) match = match_of ("congkak");
  g_autoptr (CongkakSession) session = session_for (match);
  g_auto (Seen) seen;
  g_autofree char *first = NULL;

  watch (session, &seen);
  assert_turn (session, CONGKAK_TURN_OPENING, CONGKAK_SOUTH);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "South, choose your opening hole — North, look away");
  g_assert_false (congkak_session_get_can_undo (session));

  assert_refused (session, CONGKAK_NORTH, 0, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN);
  assert_refused (session, CONGKAK_SOUTH, 9, CONGKAK_SESSION_ERROR_ILLEGAL);
  choose (session, CONGKAK_SOUTH, 0);
  /* Nothing shown yet: it would give South's hole away. */
  g_assert_cmpuint (seen.opening_parts, ==, 0);
  assert_turn (session, CONGKAK_TURN_HANDOVER, CONGKAK_NORTH);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "Waiting for North");
  assert_refused (session, CONGKAK_NORTH, 0, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN);

  congkak_session_ready (session);
  assert_turn (session, CONGKAK_TURN_OPENING, CONGKAK_NORTH);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "North, choose your opening hole — South, look away");
  choose (session, CONGKAK_NORTH, 0);

  /* Both seeds fell into the stores at tick 7: South chooses again, then North. */
  g_assert_cmpuint (seen.opening_parts, ==, 1);
  g_assert_true (g_str_has_prefix (seen.events->str, "pick-up A 7; pick-up a 7; drop B @1;"));
  assert_turn (session, CONGKAK_TURN_OPENING, CONGKAK_SOUTH);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "South’s seed fell into the store: South, choose another hole");
  g_assert_cmpuint (congkak_session_get_choice_position (session)->store[CONGKAK_SOUTH], ==, 1);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 0);
  choose (session, CONGKAK_SOUTH, 1);
  assert_turn (session, CONGKAK_TURN_OPENING, CONGKAK_NORTH);
  choose (session, CONGKAK_NORTH, 1);

  g_assert_cmpuint (seen.moves_played, ==, 1);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);
  first = congkak_node_dup_move_text (congkak_match_get_cursor (match));
  g_assert_cmpstr (first, ==, "opening:A,B/a,b");
  g_assert_cmpint (congkak_session_get_turn_kind (session), ==, CONGKAK_TURN_MOVE);
  g_assert_true (g_str_has_prefix (congkak_session_get_status (session), "Round 1: "));
  g_assert_true (congkak_session_get_can_undo (session));
  g_assert_cmpuint (seen.problems->len, ==, 0);
}

/* North chooses first when told to (each computer of a match over the
 * network asks its own person first); the opening is the same. */
static void
test_opening_north_first (void)
{
  g_autoptr (CongkakMatch) match = match_of ("congkak");
  g_autoptr (CongkakSession) session = session_for (match);
  g_autofree char *first = NULL;

  assert_turn (session, CONGKAK_TURN_OPENING, CONGKAK_SOUTH);
  congkak_session_set_opening_first (session, CONGKAK_NORTH);
  assert_turn (session, CONGKAK_TURN_OPENING, CONGKAK_NORTH);
  assert_refused (session, CONGKAK_SOUTH, 0, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "North, choose your opening hole — South, look away");
  choose (session, CONGKAK_NORTH, 0);
  /* Once a hole is chosen, the order no longer changes anything. */
  congkak_session_set_opening_first (session, CONGKAK_SOUTH);
  assert_turn (session, CONGKAK_TURN_HANDOVER, CONGKAK_SOUTH);
  congkak_session_ready (session);
  assert_turn (session, CONGKAK_TURN_OPENING, CONGKAK_SOUTH);
  choose (session, CONGKAK_SOUTH, 0);
  choose (session, CONGKAK_SOUTH, 1);
  choose (session, CONGKAK_NORTH, 1);
  first = congkak_node_dup_move_text (congkak_match_get_cursor (match));
  g_assert_cmpstr (first, ==, "opening:A,B/a,b");
}

/* Against the computer nobody looks away, and nobody hands over. */
static void
test_opening_against_computer (void)
{
  g_autoptr (CongkakMatch) match = match_of ("congkak");
  g_autoptr (CongkakSession) session = NULL;
  g_auto (Seen) seen;

  set_player (match, CONGKAK_NORTH, NULL, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
  session = session_for (match);
  watch (session, &seen);
  g_assert_true (CONGKAK_IS_COMPUTER_PLAYER (congkak_session_get_player (session, CONGKAK_NORTH)));
  assert_turn (session, CONGKAK_TURN_OPENING, CONGKAK_SOUTH);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "South, choose your opening hole");

  choose (session, CONGKAK_SOUTH, 3);
  assert_turn (session, CONGKAK_TURN_OPENING, CONGKAK_NORTH);
  g_assert_true (congkak_session_get_thinking (session));
  g_assert_cmpstr (congkak_session_get_status (session), ==, "North (computer) is choosing…");

  /* The computer chooses, for further choices too; South may be asked again. */
  while (congkak_match_get_n_nodes (match) == 0)
    {
      if (congkak_session_get_turn_kind (session) == CONGKAK_TURN_OPENING
          && congkak_session_get_turn_side (session) == CONGKAK_SOUTH)
        {
          const CongkakPosition *board = congkak_session_get_choice_position (session);
          guint hole = 0;

          while (board->holes[CONGKAK_SOUTH][hole] == 0)
            hole++;
          choose (session, CONGKAK_SOUTH, hole);
        }
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (seen.moves_played, ==, 1);
  g_assert_cmpuint (seen.problems->len, ==, 0);
  g_assert_cmpint (congkak_game_get_state (congkak_match_get_cursor_game (match))->phase, ==,
                   CONGKAK_PHASE_PLAYING);
}

/* The last seed in the mover's store: the same player again, in words. */
static void
test_extra_turn (void)
{
  g_autoptr (CongkakMatch) match = match_of ("kalah");
  g_autoptr (CongkakSession) session = NULL;
  g_auto (Seen) seen;

  set_player (match, CONGKAK_SOUTH, "Ani", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  session = session_for (match);
  watch (session, &seen);
  assert_turn (session, CONGKAK_TURN_MOVE, CONGKAK_SOUTH);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "Ani (South) to move");

  choose (session, CONGKAK_SOUTH, 2);   /* C: 4 seeds, D E F and the store */
  assert_turn (session, CONGKAK_TURN_MOVE, CONGKAK_SOUTH);
  g_assert_cmpstr (congkak_session_get_status (session), ==,
                   "Ani (South)’s last seed fell into the store: Ani (South) moves again");
  g_assert_nonnull (strstr (seen.events->str, "extra-turn"));

  choose (session, CONGKAK_SOUTH, 0);   /* A: 4 seeds, ends in E */
  assert_turn (session, CONGKAK_TURN_MOVE, CONGKAK_NORTH);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "North to move");
  assert_refused (session, CONGKAK_SOUTH, 1, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN);
  g_assert_cmpuint (seen.moves_played, ==, 2);
}

/* A round ends (an extra turn that empties South's side is not "again"),
 * and the next one starts with North's holes burnt. */
static void
test_round_end_burnt_holes (void)
{
  g_autoptr (CongkakMatch) match =
    match_from_layout ("congkak", "S: 0 0 0 0 0 0 1 | 60 / N: 0 0 0 0 0 0 1 | 36 / south");
  g_autoptr (CongkakSession) session = session_for (match);
  g_autoptr (GError) error = NULL;
  const CongkakState *state;
  g_auto (Seen) seen;

  watch (session, &seen);
  g_assert_false (congkak_session_next_round (session, &error));
  g_assert_error (error, CONGKAK_SESSION_ERROR, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);

  choose (session, CONGKAK_SOUTH, 6);
  assert_turn (session, CONGKAK_TURN_ROUND_OVER, CONGKAK_NOBODY);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "Round 1 is over: South won it");
  assert_refused (session, CONGKAK_SOUTH, 0, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN);

  g_assert_true (congkak_session_next_round (session, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (seen.events->str, "refill filled=49/35 burnt=a,b; round-start 2 north"));
  state = congkak_session_get_state (session);
  g_assert_cmpuint (state->round, ==, 2);
  g_assert_true (congkak_position_is_burnt (&state->position, CONGKAK_NORTH, 0));
  assert_turn (session, CONGKAK_TURN_MOVE, CONGKAK_NORTH);
  g_assert_cmpstr (congkak_session_get_status (session), ==, "Round 2: North to move");
  assert_refused (session, CONGKAK_NORTH, 0, CONGKAK_SESSION_ERROR_ILLEGAL);   /* burnt */
}

/* The last move ends the match: nothing more to choose. */
static void
test_match_end (void)
{
  g_autoptr (CongkakMatch) match =
    match_from_layout ("kalah", "S: 0 0 0 0 0 1 | 30 / N: 1 0 0 0 0 0 | 16 / south");
  g_autoptr (CongkakSession) session = session_for (match);

  choose (session, CONGKAK_SOUTH, 5);
  assert_turn (session, CONGKAK_TURN_MATCH_OVER, CONGKAK_NOBODY);
  g_assert_true (g_str_has_prefix (congkak_session_get_status (session), "South wins, "));
  assert_refused (session, CONGKAK_NORTH, 0, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN);
}

static gboolean
turn_is_south (gpointer data)
{
  CongkakSession *session = data;

  return congkak_session_get_turn_kind (session) != CONGKAK_TURN_MOVE
         || congkak_session_get_turn_side (session) == CONGKAK_SOUTH;
}

/* A person plays, the computer answers when the view has shown the move,
 * and the status says it is thinking meanwhile. */
static void
test_computer_turn (void)
{
  g_autoptr (CongkakMatch) match = match_of ("kalah");
  g_autoptr (CongkakSession) session = NULL;
  g_auto (Seen) seen;

  set_player (match, CONGKAK_NORTH, NULL, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
  session = session_for (match);
  watch (session, &seen);

  /* A view still showing South's move holds the computer back. */
  congkak_session_set_presenting (session, TRUE);
  choose (session, CONGKAK_SOUTH, 0);
  assert_turn (session, CONGKAK_TURN_MOVE, CONGKAK_NORTH);
  g_assert_false (congkak_session_get_thinking (session));
  g_assert_cmpstr (congkak_session_get_status (session), ==, "South is sowing…");
  test_iterate (5);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);

  congkak_session_set_presenting (session, FALSE);
  g_assert_true (congkak_session_get_thinking (session));
  g_assert_cmpstr (congkak_session_get_status (session), ==, "North (computer) is choosing…");
  g_assert_true (test_wait_until (turn_is_south, session, 1000));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), >=, 2);
  g_assert_false (congkak_session_get_thinking (session));
  g_assert_cmpuint (seen.moves_played, ==, congkak_match_get_n_nodes (match));
  g_assert_cmpuint (seen.problems->len, ==, 0);

  /* Undo goes back past the computer's replies to South's last choice. */
  g_assert_true (congkak_session_undo (session));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 0);
  g_assert_true (congkak_session_get_can_redo (session));
  assert_turn (session, CONGKAK_TURN_MOVE, CONGKAK_SOUTH);
  g_assert_cmpuint (seen.cursor_moves, ==, 1);
}

static gboolean
no_worker_running (gpointer data)
{
  return congkak_computer_worker_get_n_running (data) == 0;
}

/* Undo while the computer thinks: the search stops, and its answer, if
 * it comes, is never played. */
static void
test_computer_cancel_on_undo (void)
{
  g_autoptr (CongkakMatch) match = match_of ("kalah");
  g_autoptr (CongkakSession) session = NULL;
  CongkakComputerWorker *worker;

  set_player (match, CONGKAK_NORTH, NULL, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_HARD);
  session = session_for (match);
  worker = congkak_session_get_computer_worker (session);
  congkak_computer_worker_set_max_seconds (worker, 30);

  choose (session, CONGKAK_SOUTH, 0);
  g_assert_true (congkak_session_get_thinking (session));
  test_iterate (5);
  g_assert_cmpuint (congkak_computer_worker_get_n_running (worker), ==, 1);

  g_assert_true (congkak_session_undo (session));
  g_assert_false (congkak_session_get_thinking (session));
  assert_turn (session, CONGKAK_TURN_MOVE, CONGKAK_SOUTH);
  g_assert_true (test_wait_until (no_worker_running, worker, 500));
  test_iterate (10);
  g_assert_cmpuint (congkak_node_get_depth (congkak_match_get_cursor (match)), ==, 0);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 0);
}

static gboolean
match_is_over (gpointer data)
{
  return congkak_session_get_turn_kind (data) == CONGKAK_TURN_MATCH_OVER;
}

/* Two computers play a whole match by themselves; the library keeps it. */
static void
test_computer_against_computer (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (CongkakMatch) match = match_of ("kalah");
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (CongkakSession) session = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (Seen) seen;

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    set_player (match, side, NULL, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
  document = congkak_document_new (match, NULL);
  congkak_document_set_library (document, library);
  session = congkak_session_new (document);
  watch (session, &seen);

  g_assert_true (test_wait_until (match_is_over, session, 6000));
  g_assert_cmpuint (seen.moves_played, ==, congkak_match_get_n_nodes (match));
  g_assert_cmpuint (seen.problems->len, ==, 0);
  g_assert_true (congkak_document_get_played_here (document));

  g_assert_true (congkak_library_load (library, FALSE, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 1);
  test_remove_tree (dir);
}

/* Stepping back through a recorded match never makes the computer move;
 * a recorded opening is replayed, not chosen again. */
static void
test_replay_is_not_play (void)
{
  g_autoptr (CongkakMatch) match = match_of ("congkak");
  g_autoptr (CongkakSession) session = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (Seen) seen;

  g_assert_nonnull (congkak_match_play_text (match, "opening:A,B/a,b", NULL, &error));
  g_assert_no_error (error);
  {
    const CongkakState *after = congkak_game_get_state (congkak_match_get_cursor_game (match));
    guint8 holes[CONGKAK_MAX_HOLES];
    CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = after->position.to_move };

    g_assert_cmpuint (congkak_state_legal_moves (after, congkak_match_get_rules (match), holes), >, 0);
    move.hole = holes[0];
    g_assert_nonnull (congkak_match_play (match, &move, NULL, &error));
    g_assert_no_error (error);
  }
  set_player (match, CONGKAK_NORTH, NULL, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
  set_player (match, CONGKAK_SOUTH, NULL, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
  congkak_match_go_to_start (match);
  session = session_for (match);
  watch (session, &seen);

  assert_turn (session, CONGKAK_TURN_NONE, CONGKAK_NOBODY);
  g_assert_false (congkak_session_get_live (session));
  g_assert_false (congkak_session_get_thinking (session));
  g_assert_true (congkak_match_step_forward (match));
  g_assert_cmpuint (seen.cursor_moves, ==, 1);
  g_assert_false (congkak_session_get_live (session));
  g_assert_false (congkak_session_get_thinking (session));
  test_iterate (10);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);
  g_assert_cmpuint (seen.moves_played, ==, 0);

  /* At the end of the line the match goes on. */
  congkak_match_go_to_end (match);
  g_assert_true (congkak_session_get_live (session));
  g_assert_true (congkak_session_get_thinking (session));
}

/* Whoever made a turn, as the turn's answers reach it. */
typedef struct
{
  guint        answers;
  CongkakSide  side;
  guint        hole;
  guint        problems;
} Answered;

static gboolean
answered_choose_hole (gpointer      answerer,
                      CongkakSide   side,
                      guint         hole,
                      GError      **error)
{
  Answered *answered = answerer;

  answered->answers++;
  answered->side = side;
  answered->hole = hole;
  return TRUE;
}

static void
answered_report_problem (gpointer    answerer,
                         const char *message)
{
  Answered *answered = answerer;

  answered->problems++;
}

static const CongkakTurnAnswers answered_answers = {
  .choose_hole = answered_choose_hole,
  .report_problem = answered_report_problem,
};

static gboolean
has_answered (gpointer data)
{
  Answered *answered = data;

  return answered->answers + answered->problems > 0;
}

/* The computer needs no session: it answers the turn it is handed, with
 * a legal hole of the turn's side in the turn's position. */
static void
test_turn_computer_answers (void)
{
  g_autoptr (CongkakComputerWorker) worker = congkak_computer_worker_new ();
  g_autoptr (CongkakPlayer) computer = congkak_computer_player_new (CONGKAK_LEVEL_EASY);
  g_autoptr (CongkakTurn) turn = NULL;
  Answered answered = { 0 };
  CongkakRules rules;
  CongkakState state;

  test_rules (&rules, "kalah", NULL);
  congkak_state_init (&state, &rules);
  congkak_computer_worker_set_seed (worker, 7);
  turn = congkak_turn_new (&rules, &state, NULL, state.position.to_move, CONGKAK_TURN_MOVE,
                           worker, &answered_answers, &answered);

  congkak_player_begin_turn (computer, turn);
  g_assert_true (congkak_computer_player_is_thinking (CONGKAK_COMPUTER_PLAYER (computer)));
  g_assert_true (test_wait_until (has_answered, &answered, 3000));
  g_assert_cmpuint (answered.problems, ==, 0);
  g_assert_cmpuint (answered.answers, ==, 1);
  g_assert_cmpint (answered.side, ==, state.position.to_move);
  g_assert_true (congkak_state_is_legal (&state, &rules, answered.hole));
  g_assert_false (congkak_computer_player_is_thinking (CONGKAK_COMPUTER_PLAYER (computer)));
}

/* A turn that is over refuses its answer, and nobody hears of it: not of
 * a hole, not of a problem, not of a search that was still running. */
static void
test_turn_over_refuses_answers (void)
{
  g_autoptr (CongkakComputerWorker) worker = congkak_computer_worker_new ();
  g_autoptr (CongkakPlayer) computer = congkak_computer_player_new (CONGKAK_LEVEL_HARD);
  g_autoptr (CongkakTurn) turn = NULL;
  g_autoptr (GError) error = NULL;
  Answered answered = { 0 };
  CongkakRules rules;
  CongkakState state;

  test_rules (&rules, "kalah", NULL);
  congkak_state_init (&state, &rules);
  congkak_computer_worker_set_max_seconds (worker, 30);
  turn = congkak_turn_new (&rules, &state, NULL, state.position.to_move, CONGKAK_TURN_MOVE,
                           worker, &answered_answers, &answered);
  g_assert_false (congkak_turn_is_over (turn));

  congkak_player_begin_turn (computer, turn);
  test_iterate (5);
  congkak_turn_end (turn);
  congkak_player_end_turn (computer);
  g_assert_true (congkak_turn_is_over (turn));
  g_assert_false (congkak_computer_player_is_thinking (CONGKAK_COMPUTER_PLAYER (computer)));

  g_assert_false (congkak_turn_choose_hole (turn, 0, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  congkak_turn_report_problem (turn, "too late");

  g_assert_true (test_wait_until (no_worker_running, worker, 500));
  test_iterate (10);
  g_assert_cmpuint (answered.answers, ==, 0);
  g_assert_cmpuint (answered.problems, ==, 0);
}

/* One sentence for where the match stands, the same everywhere. */
static void
test_standing_sentence (void)
{
  g_autoptr (CongkakMatch) kalah = match_of ("kalah");
  g_autoptr (CongkakMatch) congkak = match_of ("congkak");
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *named = NULL;
  CongkakState state;

  first = congkak_narrate_standing (kalah, congkak_game_get_state (congkak_match_get_cursor_game (kalah)));
  g_assert_cmpstr (first, ==, "South to move");
  second = congkak_narrate_standing (congkak, congkak_game_get_state (congkak_match_get_cursor_game (congkak)));
  g_assert_cmpstr (second, ==, "Round 1: both players choose their opening holes");

  set_player (kalah, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  state = *congkak_game_get_state (congkak_match_get_cursor_game (kalah));
  state.phase = CONGKAK_PHASE_MATCH_OVER;
  state.match_winner = CONGKAK_NORTH;
  state.position.store[CONGKAK_NORTH] = 30;
  state.position.store[CONGKAK_SOUTH] = 18;
  named = congkak_narrate_standing (kalah, &state);
  g_assert_cmpstr (named, ==, "Budi (North) wins, 30 to 18");
}

int
main (int    argc,
      char **argv)
{
  /* The model needs no display: make sure nothing finds one. */
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/session/hotseat-opening", test_hotseat_opening);
  g_test_add_func ("/model/session/opening-north-first", test_opening_north_first);
  g_test_add_func ("/model/session/opening-against-computer", test_opening_against_computer);
  g_test_add_func ("/model/session/extra-turn", test_extra_turn);
  g_test_add_func ("/model/session/round-end-burnt-holes", test_round_end_burnt_holes);
  g_test_add_func ("/model/session/match-end", test_match_end);
  g_test_add_func ("/model/session/computer-turn", test_computer_turn);
  g_test_add_func ("/model/session/computer-cancel-on-undo", test_computer_cancel_on_undo);
  g_test_add_func ("/model/session/computer-against-computer", test_computer_against_computer);
  g_test_add_func ("/model/session/replay-is-not-play", test_replay_is_not_play);
  g_test_add_func ("/model/session/standing-sentence", test_standing_sentence);
  g_test_add_func ("/model/session/turn/computer-answers", test_turn_computer_answers);
  g_test_add_func ("/model/session/turn/over-refuses-answers", test_turn_over_refuses_answers);

  return g_test_run ();
}
