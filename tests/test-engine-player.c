/* test-engine-player.c — another program as a player, and when it fails: no display
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A session whose North is played by an engine (tests/fake-uci-engine.c,
 * $FAKE_UCI_ENGINE): it answers over the UCI dialect when it behaves;
 * when it crashes, stalls, answers garbage or an illegal move, the
 * session's ::problem says so in a sentence, the built-in computer plays
 * that very turn and the ones after, and the engine is not started
 * again.  Everything runs with DISPLAY and WAYLAND_DISPLAY unset.
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "congkak-engine-player.h"
#include "congkak-session.h"
#include "congkak-test-util.h"

typedef struct
{
  GPtrArray *problems;
  guint      moves_played;
} Seen;

static void
problem_cb (CongkakSession *session,
            const char     *message,
            Seen           *seen)
{
  g_ptr_array_add (seen->problems, g_strdup (message));
}

static void
move_played_cb (CongkakSession    *session,
                CongkakNode       *node,
                GArray            *events,
                const CongkakGame *game,
                int                mover,
                Seen              *seen)
{
  if (node)
    seen->moves_played++;
}

static void
seen_clear (Seen *seen)
{
  g_ptr_array_unref (seen->problems);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Seen, seen_clear)

static char *
fake_command (const char *mode)
{
  const char *fake = g_getenv ("FAKE_UCI_ENGINE");
  g_autofree char *quoted = NULL;

  g_assert_nonnull (fake);
  quoted = g_shell_quote (fake);
  return g_strdup_printf ("%s %s", quoted, mode);
}

/* South a person, North the engine in @mode (the built-in computer at
 * Easy if it fails), on @profile's board; its times kept short. */
static CongkakSession *
session_against (const char *profile,
                 const char *mode,
                 Seen       *seen)
{
  g_autofree char *command = fake_command (mode);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakDocument) document = NULL;
  CongkakSession *session;
  CongkakPlayer *north;
  CongkakUciEngine *engine;
  CongkakRules rules;

  test_rules (&rules, profile, NULL);
  match = congkak_match_new (&rules);
  congkak_match_set_player (match, CONGKAK_NORTH, NULL, CONGKAK_PLAYER_COMPUTER, CONGKAK_LEVEL_EASY);
  congkak_match_set_player_engine (match, CONGKAK_NORTH, command);
  congkak_match_forget_history (match);
  document = congkak_document_new (match, NULL);
  session = congkak_session_new (document);
  congkak_computer_worker_set_max_seconds (congkak_session_get_computer_worker (session), 0.2);

  north = congkak_session_get_player (session, CONGKAK_NORTH);
  g_assert_true (CONGKAK_IS_ENGINE_PLAYER (north));
  g_assert_cmpstr (congkak_engine_player_get_command (CONGKAK_ENGINE_PLAYER (north)), ==, command);
  engine = congkak_engine_player_get_engine (CONGKAK_ENGINE_PLAYER (north));
  congkak_uci_engine_set_time_margin (engine, 300);
  congkak_uci_engine_set_answer_timeout (engine, 1000);

  memset (seen, 0, sizeof *seen);
  seen->problems = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (session, "problem", G_CALLBACK (problem_cb), seen);
  g_signal_connect (session, "move-played", G_CALLBACK (move_played_cb), seen);
  return session;
}

static CongkakEnginePlayer *
north_engine (CongkakSession *session)
{
  return CONGKAK_ENGINE_PLAYER (congkak_session_get_player (session, CONGKAK_NORTH));
}

static gboolean
south_to_move (gpointer data)
{
  return congkak_session_get_turn_kind (data) == CONGKAK_TURN_MOVE
         && congkak_session_get_turn_side (data) == CONGKAK_SOUTH;
}

/* South sows its first hole that may be sown, and waits for North. */
static void
south_plays_and_north_answers (CongkakSession *session)
{
  g_autoptr (GError) error = NULL;
  const CongkakState *state = congkak_session_get_state (session);
  guint hole = 0;

  g_assert_true (south_to_move (session));
  while (state->position.holes[CONGKAK_SOUTH][hole] == 0)
    hole++;
  g_assert_true (congkak_session_choose_hole (session, CONGKAK_SOUTH, hole, &error));
  g_assert_no_error (error);
  g_assert_true (congkak_session_get_thinking (session));
  g_assert_true (test_wait_until (south_to_move, session, 1500));
}

/* It behaves: it answers every turn with its own move, told the whole
 * match (its legal move comes from replaying the moves it is sent). */
static void
test_plays (void)
{
  g_autoptr (CongkakSession) session = NULL;
  g_auto (Seen) seen;

  session = session_against ("oware", "play", &seen);
  test_iterate (2);
  for (guint i = 0; i < 4; i++)
    south_plays_and_north_answers (session);
  g_assert_cmpuint (seen.moves_played, ==, 8);
  g_assert_cmpuint (seen.problems->len, ==, 0);
  g_assert_false (congkak_engine_player_has_failed (north_engine (session)));
  g_assert_true (congkak_uci_engine_is_running (congkak_engine_player_get_engine (north_engine (session))));
}

typedef struct
{
  const char *mode;
  const char *said;   /* in the problem's message */
} Misbehaviour;

static const Misbehaviour misbehaviours[] = {
  { "crash", "stopped (exit status 3)" },
  { "signal", "it was ended by signal 9" },
  { "stall", "did not answer within 500 ms" },
  { "garbage", "something that is not UCI: “the quick brown fox”" },
  { "binary", "something that is not text" },
  { "long", "a line of more than" },
  { "illegal", "which is not a legal move here" },
  { "nomove", "I do not know this position." },
  { "silent", "it may not speak UCI" },
  { "crash 2", "stopped (exit status 3)" },
};

/* It misbehaves: stopped, said in a sentence, and the built-in computer
 * plays the turn and the match on; nothing waits for the engine again. */
static void
test_misbehaves (gconstpointer data)
{
  const Misbehaviour *misbehaviour = data;
  g_autoptr (CongkakSession) session = NULL;
  g_auto (Seen) seen;
  guint good = 0;
  const char *problem;

  if (g_str_has_prefix (misbehaviour->mode, "crash "))
    good = atoi (misbehaviour->mode + strlen ("crash "));
  session = session_against ("oware", misbehaviour->mode, &seen);
  test_iterate (2);
  for (guint i = 0; i < good; i++)
    south_plays_and_north_answers (session);
  g_assert_cmpuint (seen.problems->len, ==, 0);

  south_plays_and_north_answers (session);
  g_assert_cmpuint (seen.moves_played, ==, 2 * (good + 1));
  g_assert_cmpuint (seen.problems->len, ==, 1);
  problem = g_ptr_array_index (seen.problems, 0);
  g_test_message ("%s: %s", misbehaviour->mode, problem);
  g_assert_true (g_str_has_prefix (problem, "The engine "));
  g_assert_nonnull (strstr (problem, misbehaviour->said));
  g_assert_true (g_str_has_suffix (problem, " The match goes on with the built-in computer at the Easy level."));
  g_assert_true (congkak_engine_player_has_failed (north_engine (session)));
  g_assert_false (congkak_uci_engine_is_running (congkak_engine_player_get_engine (north_engine (session))));

  /* The built-in computer plays on; the engine is left alone. */
  south_plays_and_north_answers (session);
  south_plays_and_north_answers (session);
  g_assert_cmpuint (seen.moves_played, ==, 2 * (good + 3));
  g_assert_cmpuint (seen.problems->len, ==, 1);
  g_assert_false (congkak_uci_engine_is_running (congkak_engine_player_get_engine (north_engine (session))));
}

/* An Oware engine asked to play Kalah: said, and the built-in plays. */
static void
test_other_rules (void)
{
  g_autoptr (CongkakSession) session = NULL;
  g_auto (Seen) seen;

  session = session_against ("kalah", "play", &seen);
  test_iterate (2);
  south_plays_and_north_answers (session);
  g_assert_cmpuint (seen.problems->len, ==, 1);
  /* Said in the log: once, under valgrind and a loaded machine, it was another problem. */
  g_test_message ("%s", (const char *) g_ptr_array_index (seen.problems, 0));
  g_assert_nonnull (strstr (g_ptr_array_index (seen.problems, 0), "plays only Oware"));
  g_assert_true (congkak_engine_player_has_failed (north_engine (session)));
  g_assert_cmpuint (congkak_match_get_n_nodes (congkak_session_get_match (session)), >=, 2);
}

static gboolean
not_thinking (gpointer data)
{
  return !congkak_session_get_thinking (data);
}

/* Undo while the engine thinks: no move comes, and no problem is said. */
static void
test_undo_while_thinking (void)
{
  g_autoptr (CongkakSession) session = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (Seen) seen;

  session = session_against ("oware", "stall", &seen);
  test_iterate (2);
  congkak_computer_worker_set_max_seconds (congkak_session_get_computer_worker (session), 30);
  g_assert_true (congkak_session_choose_hole (session, CONGKAK_SOUTH, 0, &error));
  g_assert_no_error (error);
  test_iterate (5);
  g_assert_true (congkak_session_get_thinking (session));
  g_assert_true (congkak_session_undo (session));
  g_assert_true (test_wait_until (not_thinking, session, 100));
  test_iterate (20);
  g_assert_cmpuint (congkak_match_get_n_nodes (congkak_session_get_match (session)), ==, 0);
  g_assert_cmpuint (seen.problems->len, ==, 0);
  g_assert_false (congkak_engine_player_has_failed (north_engine (session)));
}

/* Undo and redo at once while the engine thinks: the request given up
 * and the next one follow each other, and the engine answers the next. */
static void
test_undo_redo_while_thinking (void)
{
  g_autoptr (CongkakSession) session = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (Seen) seen;

  session = session_against ("oware", "play", &seen);
  test_iterate (2);
  g_assert_true (congkak_session_choose_hole (session, CONGKAK_SOUTH, 0, &error));
  g_assert_no_error (error);
  g_assert_true (congkak_session_get_thinking (session));
  g_assert_true (congkak_session_undo (session));
  g_assert_true (congkak_session_redo (session));
  g_assert_true (congkak_session_get_thinking (session));
  g_assert_true (test_wait_until (south_to_move, session, 1500));
  g_assert_cmpuint (congkak_match_get_n_nodes (congkak_session_get_match (session)), ==, 2);
  g_assert_cmpuint (seen.problems->len, ==, 0);
  g_assert_false (congkak_engine_player_has_failed (north_engine (session)));
}

/* The turn tells the player how the match got here. */
static void
test_turn_history (void)
{
  g_autoptr (CongkakSession) session = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (Seen) seen;
  CongkakMatch *match;

  session = session_against ("oware", "play", &seen);
  match = congkak_session_get_match (session);
  g_assert_nonnull (congkak_match_play_text (match, "C", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (congkak_match_get_player_engine (match, CONGKAK_NORTH), !=, NULL);
  g_assert_true (test_wait_until (south_to_move, session, 1500));
  g_assert_cmpuint (seen.problems->len, ==, 0);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 2);
  /* The engine answered from C's position: a North house. */
  {
    g_autofree char *text = congkak_node_dup_move_text (congkak_match_get_cursor (match));

    g_assert_true (g_ascii_islower (text[0]));
  }
}

/* Two people at the board, Oware, with @mode's engine as the judge. */
static CongkakSession *
session_judged_by (const char *mode,
                   const char *moves,
                   Seen       *seen)
{
  g_autofree char *command = fake_command (mode);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakDocument) document = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) each = g_strsplit (moves, " ", -1);
  CongkakSession *session;
  CongkakRules rules;

  test_rules (&rules, "oware", NULL);
  match = congkak_match_new (&rules);
  for (guint i = 0; each[i] != NULL && *each[i] != '\0'; i++)
    {
      g_assert_nonnull (congkak_match_play_text (match, each[i], NULL, &error));
      g_assert_no_error (error);
    }
  congkak_match_forget_history (match);
  document = congkak_document_new (match, NULL);
  session = congkak_session_new (document);
  congkak_computer_worker_set_max_seconds (congkak_session_get_computer_worker (session), 0.2);
  congkak_session_set_judge (session, command);
  congkak_uci_engine_set_time_margin (congkak_session_get_judge (session), 300);
  congkak_uci_engine_set_answer_timeout (congkak_session_get_judge (session), 1000);

  memset (seen, 0, sizeof *seen);
  seen->problems = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (session, "problem", G_CALLBACK (problem_cb), seen);
  return session;
}

typedef struct
{
  gboolean            done;
  gboolean            given;
  CongkakComputerMove hint;
  GError             *error;
} HintAnswer;

static void
hint_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  HintAnswer *answer = user_data;

  answer->given = congkak_session_hint_finish (CONGKAK_SESSION (source), result, &answer->hint, &answer->error);
  answer->done = TRUE;
}

static gboolean
hint_done (gpointer data)
{
  return ((HintAnswer *) data)->done;
}

/* The judge gives the hint, and the session says who judged; a judge
 * that fails is let go, said, and the built-in computer gives it. */
static void
test_hint_judged (void)
{
  g_autoptr (CongkakSession) session = NULL;
  g_autofree char *sentence = NULL;
  HintAnswer answer = { 0 };
  g_auto (Seen) seen;

  session = session_judged_by ("play", "C", &seen);
  test_iterate (2);
  congkak_session_hint_async (session, NULL, hint_done_cb, &answer);
  g_assert_true (test_wait_until (hint_done, &answer, 1500));
  g_assert_no_error (answer.error);
  g_assert_true (answer.given);
  g_assert_cmpint (answer.hint.side, ==, CONGKAK_NORTH);
  g_assert_cmpuint (seen.problems->len, ==, 0);
  sentence = congkak_session_dup_judge_sentence (session);
  g_assert_cmpstr (sentence, ==, "Judged by Fake.");
}

static void
test_hint_judge_fails (void)
{
  g_autoptr (CongkakSession) session = NULL;
  g_autofree char *sentence = NULL;
  HintAnswer answer = { 0 };
  g_auto (Seen) seen;

  session = session_judged_by ("crash", "", &seen);
  test_iterate (2);
  congkak_session_hint_async (session, NULL, hint_done_cb, &answer);
  g_assert_true (test_wait_until (hint_done, &answer, 1500));
  g_assert_no_error (answer.error);
  g_assert_true (answer.given);
  g_assert_cmpint (answer.hint.side, ==, CONGKAK_SOUTH);
  g_assert_cmpuint (seen.problems->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (seen.problems, 0), ==,
                   "The engine “Fake” stopped (exit status 3). "
                   "The built-in computer gives the hints and the analysis from now on.");
  g_assert_null (congkak_session_get_judge (session));
  sentence = congkak_session_dup_judge_sentence (session);
  g_assert_cmpstr (sentence, ==, "Judged by the built-in computer.");
}

static void
analysis_finished_cb (CongkakSession *session,
                      const char     *message,
                      char          **finished)
{
  *finished = g_strdup (message);
}

static gboolean
is_set (gpointer data)
{
  return *(char **) data != NULL;
}

static guint
count_analysed (CongkakMatch *match)
{
  guint analysed = 0;

  for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match));
       node != NULL; node = congkak_node_get_main_child (node))
    analysed += congkak_node_has_analysis (node);
  return analysed;
}

/* The judge analyses every move, and the end says so; a judge that
 * fails halfway is said, and the built-in computer does the rest. */
static void
test_analysis_judged (gconstpointer data)
{
  const char *mode = data;
  g_autoptr (CongkakSession) session = NULL;
  g_autofree char *finished = NULL;
  g_auto (Seen) seen;

  session = session_judged_by (mode, "C d A f B e", &seen);
  g_signal_connect (session, "analysis-finished", G_CALLBACK (analysis_finished_cb), &finished);
  test_iterate (2);
  congkak_session_analyse (session);
  g_assert_true (congkak_session_get_analysing (session));
  g_assert_true (test_wait_until (is_set, &finished, 3000));
  g_assert_cmpuint (count_analysed (congkak_session_get_match (session)), ==, 6);
  if (g_str_equal (mode, "play"))
    {
      CongkakNode *first = congkak_node_get_main_child (congkak_match_get_root (congkak_session_get_match (session)));

      g_assert_cmpstr (finished, ==, "The match is analysed. Judged by Fake.");
      g_assert_cmpuint (seen.problems->len, ==, 0);
      /* The judge's move where C was played: its fullest house, A. */
      g_assert_cmpstr (congkak_node_get_best_move (first), ==, "A");
    }
  else
    {
      g_assert_cmpstr (finished, ==, "The match is analysed. Judged by the built-in computer.");
      g_assert_cmpuint (seen.problems->len, ==, 1);
      g_assert_nonnull (strstr (g_ptr_array_index (seen.problems, 0), "The engine “Fake” stopped (exit status 3)."));
    }
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Checked;

static void
checked_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Checked *checked = user_data;

  checked->ok = congkak_uci_engine_check_finish (CONGKAK_UCI_ENGINE (source), result, &checked->error);
  checked->done = TRUE;
}

static gboolean
check_done (gpointer data)
{
  return ((Checked *) data)->done;
}

/* Before an engine is offered, its command is started and must answer
 * the handshake; what went wrong is said. */
static void
test_check (void)
{
  struct {
    const char *mode;
    int         code;
  } cases[] = {
    { "play", -1 },
    { "silent", CONGKAK_UCI_ERROR_NOT_UCI },
    { NULL, CONGKAK_UCI_ERROR_START },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *command = cases[i].mode ? fake_command (cases[i].mode)
                                               : g_strdup ("/nonexistent/engine --uci");
      g_autoptr (CongkakUciEngine) engine = congkak_uci_engine_new (command);
      Checked checked = { 0 };

      /* Short only where no answer comes: an engine that answers may
       * start slowly (under valgrind, say). */
      congkak_uci_engine_set_answer_timeout (engine, cases[i].code == CONGKAK_UCI_ERROR_NOT_UCI ? 500 : 30000);
      congkak_uci_engine_check_async (engine, NULL, checked_cb, &checked);
      g_assert_true (test_wait_until (check_done, &checked, 4000));
      if (cases[i].code < 0)
        {
          g_assert_no_error (checked.error);
          g_assert_true (checked.ok);
          g_assert_cmpstr (congkak_uci_engine_get_name (engine), ==, "Fake");
          g_assert_true (congkak_uci_engine_is_running (engine));
          congkak_uci_engine_stop (engine);
        }
      else
        {
          g_assert_error (checked.error, CONGKAK_UCI_ERROR, cases[i].code);
          g_test_message ("%s", checked.error->message);
          g_assert_false (congkak_uci_engine_is_running (engine));
          g_clear_error (&checked.error);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/engine-player/plays", test_plays);
  g_test_add_func ("/model/engine-player/turn-history", test_turn_history);
  for (guint i = 0; i < G_N_ELEMENTS (misbehaviours); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/engine-player/misbehaves/%s", misbehaviours[i].mode);

      g_strdelimit (path, " ", '-');
      g_test_add_data_func (path, &misbehaviours[i], test_misbehaves);
    }
  g_test_add_func ("/model/engine-player/other-rules", test_other_rules);
  g_test_add_func ("/model/engine-player/undo-while-thinking", test_undo_while_thinking);
  g_test_add_func ("/model/engine-player/undo-redo-while-thinking", test_undo_redo_while_thinking);
  g_test_add_func ("/model/engine-player/check", test_check);
  g_test_add_func ("/model/engine-player/judge/hint", test_hint_judged);
  g_test_add_func ("/model/engine-player/judge/hint-fails", test_hint_judge_fails);
  g_test_add_data_func ("/model/engine-player/judge/analysis", "play", test_analysis_judged);
  g_test_add_data_func ("/model/engine-player/judge/analysis-fails", "crash 5", test_analysis_judged);

  return g_test_run ();
}
