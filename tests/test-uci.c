/* test-uci.c — the UCI dialect: notation, `congkak-cli engine`, external engines
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine is driven as a GUI drives it, as a process on pipes; the
 * client (CongkakUciEngine) is tried against it and against
 * fake-uci-engine, which misbehaves on purpose; `congkak-cli match` is
 * run against both.  Waits for an answer fail the test after a minute
 * rather than hang, but no test depends on speed.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "congkak-uci-engine.h"
#include "congkak-uci.h"

/* An answer slower than this is no answer (valgrind is slow, but not that slow). */
#define ANSWER_TIMEOUT_MS 60000

/* Notation */

static void
test_notation_fen (void)
{
  g_autoptr (GError) error = NULL;
  CongkakRules rules;
  CongkakPosition position;
  g_autofree char *text = NULL;

  congkak_rules_init_profile (&rules, "oware", NULL);
  g_assert_true (congkak_uci_parse_fen ("0-5-5-5-5-4-0-5-5-5-5-0-2-2-N", &rules, &position, &error));
  g_assert_no_error (error);
  g_assert_cmpint (position.to_move, ==, CONGKAK_NORTH);
  g_assert_cmpuint (position.holes[CONGKAK_SOUTH][1], ==, 5);
  g_assert_cmpuint (position.holes[CONGKAK_NORTH][5], ==, 0);
  g_assert_cmpuint (position.store[CONGKAK_SOUTH], ==, 2);
  text = congkak_uci_format_fen (&rules, &position);
  g_assert_cmpstr (text, ==, "0-5-5-5-5-4-0-5-5-5-5-0-2-2-N");

  /* Too few places, a word, no side: each says what a position is. */
  g_assert_false (congkak_uci_parse_fen ("4-4-4-0-0-S", &rules, &position, &error));
  g_assert_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_FEN);
  g_assert_nonnull (strstr (error->message, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"));
  g_clear_error (&error);
  g_assert_false (congkak_uci_parse_fen ("4-4-4-4-4-4-4-4-4-4-4-four-0-0-S", &rules, &position, &error));
  g_clear_error (&error);
  g_assert_false (congkak_uci_parse_fen ("4-4-4-4-4-4-4-4-4-4-4-4-0-0-W", &rules, &position, &error));
  g_clear_error (&error);

  /* Congkak's burnt holes are "x". */
  congkak_rules_init_profile (&rules, "congkak", NULL);
  g_assert_true (congkak_uci_parse_fen ("x-0-9-9-9-9-9-7-7-7-7-7-7-7-10-2-S", &rules, &position, &error));
  g_assert_no_error (error);
  g_assert_true (congkak_position_is_burnt (&position, CONGKAK_SOUTH, 0));
  g_clear_pointer (&text, g_free);
  text = congkak_uci_format_fen (&rules, &position);
  g_assert_cmpstr (text, ==, "x-0-9-9-9-9-9-7-7-7-7-7-7-7-10-2-S");
}

static void
test_notation_rules (void)
{
  g_autoptr (GError) error = NULL;
  CongkakRules rules, expected;
  g_autofree char *text = NULL;

  g_assert_true (congkak_uci_parse_rules ("kalah", &rules, &error));
  congkak_rules_init_profile (&expected, "kalah", NULL);
  g_assert_true (congkak_rules_equal (&rules, &expected));
  text = congkak_uci_format_rules (&rules);
  g_assert_cmpstr (text, ==, "kalah");

  /* Options after a game; the complete list reads back the same. */
  g_assert_true (congkak_uci_parse_rules ("kalah holes=5 relay=on", &rules, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rules.holes, ==, 5);
  g_assert_true (rules.relay);
  g_clear_pointer (&text, g_free);
  text = congkak_uci_format_rules (&rules);
  g_assert_true (g_str_has_prefix (text, "family=store holes=5 "));
  g_assert_true (congkak_uci_parse_rules (text, &expected, &error));
  g_assert_true (congkak_rules_equal (&rules, &expected));

  g_assert_false (congkak_uci_parse_rules ("", &rules, &error));
  g_assert_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_RULES);
  g_clear_error (&error);
  g_assert_false (congkak_uci_parse_rules ("chess", &rules, &error));
  g_assert_nonnull (strstr (error->message, "chess"));
  g_clear_error (&error);
  g_assert_false (congkak_uci_parse_rules ("kalah relay", &rules, &error));
  g_assert_nonnull (strstr (error->message, "relay"));
  g_clear_error (&error);
  g_assert_false (congkak_uci_parse_rules ("kalah holes=5 holes=6", &rules, &error));
  g_clear_error (&error);
  g_assert_false (congkak_uci_parse_rules ("kalah family=oware", &rules, &error));
  g_clear_error (&error);
  g_assert_false (congkak_uci_parse_rules ("holes=5", &rules, &error));
  g_clear_error (&error);
}

static void
test_notation_moves (void)
{
  g_autoptr (GString) moves = g_string_new (NULL);
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *request = NULL;
  CongkakOpening opening;
  CongkakSide choosing;
  CongkakRules rules;

  /* Letters run together; anything else stands apart. */
  congkak_uci_append_move (moves, "A");
  congkak_uci_append_move (moves, "b");
  g_assert_cmpstr (moves->str, ==, "Ab");
  congkak_uci_append_move (moves, "next-round");
  congkak_uci_append_move (moves, "C");
  congkak_uci_append_move (moves, "d");
  g_assert_cmpstr (moves->str, ==, "Ab next-round Cd");

  congkak_rules_init_profile (&rules, "oware", NULL);
  game = congkak_game_new (&rules);
  g_assert_true (congkak_uci_play_moves (game, "AbF", &opening, &choosing, &error));
  g_assert_no_error (error);
  g_assert_cmpint (congkak_game_get_state (game)->position.to_move, ==, CONGKAK_NORTH);
  g_assert_cmpint (choosing, ==, CONGKAK_NOBODY);
  g_clear_pointer (&game, congkak_game_free);

  /* The move that fails is named, with its number. */
  game = congkak_game_new (&rules);
  g_assert_false (congkak_uci_play_moves (game, "AbA", &opening, &choosing, &error));
  g_assert_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_MOVES);
  g_assert_true (g_str_has_prefix (error->message, "Move 3, “A”: "));
  g_clear_error (&error);
  g_clear_pointer (&game, congkak_game_free);

  /* The simultaneous opening: "?" asks for a hole. */
  congkak_rules_init_profile (&rules, "congkak", NULL);
  request = congkak_uci_format_opening_request (NULL, CONGKAK_NORTH);
  g_assert_cmpstr (request, ==, "opening:/?");
  game = congkak_game_new (&rules);
  g_assert_true (congkak_uci_play_moves (game, request, &opening, &choosing, &error));
  g_assert_no_error (error);
  g_assert_cmpint (choosing, ==, CONGKAK_NORTH);
  g_clear_pointer (&game, congkak_game_free);
  game = congkak_game_new (&rules);
  g_assert_false (congkak_uci_play_moves (game, "opening:?/? A", &opening, &choosing, &error));
  g_clear_error (&error);
}

/* `congkak-cli engine`, as a GUI drives it */

typedef struct
{
  GSubprocess      *process;
  GOutputStream    *in;
  GDataInputStream *out;
  gint64            sent;  /* monotonic µs of the last line sent */
} Engine;

static void
engine_free (Engine *engine)
{
  if (engine->process != NULL)
    g_subprocess_force_exit (engine->process);
  g_clear_object (&engine->process);
  g_clear_object (&engine->in);
  g_clear_object (&engine->out);
  g_free (engine);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Engine, engine_free)

static Engine *
engine_start (void)
{
  const char *argv[] = { g_getenv ("CONGKAK_CLI"), "engine", NULL };
  g_autoptr (GError) error = NULL;
  Engine *engine = g_new0 (Engine, 1);

  g_assert_nonnull (argv[0]);
  engine->process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  engine->in = g_object_ref (g_subprocess_get_stdin_pipe (engine->process));
  engine->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (engine->process));
  return engine;
}

static void
engine_send (Engine     *engine,
             const char *line)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strdup_printf ("%s\n", line);

  g_output_stream_write_all (engine->in, text, strlen (text), NULL, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_flush (engine->in, NULL, &error);
  g_assert_no_error (error);
  engine->sent = g_get_monotonic_time ();
}

typedef struct
{
  gboolean  done;
  char     *line;
  GError   *error;
} LineRead;

static void
line_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  LineRead *read = user_data;

  read->line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result, NULL, &read->error);
  read->done = TRUE;
}

static gboolean
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* The next line the engine writes (NULL at its end). */
static char *
engine_read (Engine *engine)
{
  LineRead read = { 0 };
  gboolean late = FALSE;
  guint timer = g_timeout_add (ANSWER_TIMEOUT_MS, set_flag, &late);

  g_data_input_stream_read_line_async (engine->out, G_PRIORITY_DEFAULT, NULL, line_read_cb, &read);
  while (!read.done && !late)
    g_main_context_iteration (NULL, TRUE);
  if (late)
    g_error ("the engine did not answer within %d s", ANSWER_TIMEOUT_MS / 1000);
  g_source_remove (timer);
  g_assert_no_error (read.error);
  return read.line;
}

/* Reads until a line that begins with @prefix, which it returns; the
 * lines before it go into @before (if given). */
static char *
engine_read_until (Engine     *engine,
                   const char *prefix,
                   GPtrArray  *before)
{
  for (;;)
    {
      char *line = engine_read (engine);

      if (line == NULL)
        g_error ("the engine ended before “%s”", prefix);
      if (g_str_has_prefix (line, prefix))
        return line;
      if (before != NULL)
        g_ptr_array_add (before, line);
      else
        g_free (line);
    }
}

static void
engine_quit (Engine *engine)
{
  g_autoptr (GError) error = NULL;

  engine_send (engine, "quit");
  g_subprocess_wait_check (engine->process, NULL, &error);
  g_assert_no_error (error);
}

/* Sends @command and checks that the engine says an error (and what). */
static void
assert_refused (Engine     *engine,
                const char *command,
                const char *part)
{
  g_autoptr (GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *line = NULL;

  engine_send (engine, command);
  /* A search going on may report first. */
  line = engine_read_until (engine, "info string", before);
  for (guint i = 0; i < before->len; i++)
    g_assert_true (g_str_has_prefix (g_ptr_array_index (before, i), "info depth "));
  g_assert_true (g_str_has_prefix (line, "info string Error: "));
  if (part != NULL && strstr (line, part) == NULL)
    g_error ("“%s” answered “%s”, without “%s”", command, line, part);
}

static void
assert_alive (Engine *engine)
{
  g_autofree char *line = NULL;

  engine_send (engine, "isready");
  line = engine_read (engine);
  g_assert_cmpstr (line, ==, "readyok");
}

/* The answer's move, after checking it is one of @state's. */
static char
assert_legal_answer (const char         *bestmove,
                     const CongkakRules *rules,
                     const CongkakState *state)
{
  char letter;
  CongkakSide side;

  g_assert_true (g_str_has_prefix (bestmove, "bestmove "));
  letter = bestmove[strlen ("bestmove ")];
  side = g_ascii_isupper (letter) ? CONGKAK_SOUTH : CONGKAK_NORTH;
  g_assert_cmpint (side, ==, state->position.to_move);
  g_assert_true (congkak_state_is_legal (state, rules, g_ascii_tolower (letter) - 'a'));
  return letter;
}

static void
test_engine_handshake (void)
{
  g_autoptr (Engine) engine = engine_start ();
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *uciok = NULL;

  engine_send (engine, "uci");
  uciok = engine_read_until (engine, "uciok", lines);
  g_assert_cmpstr (uciok, ==, "uciok");
  g_assert_cmpuint (lines->len, ==, 5);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (lines, 0), "id name Congkak "));
  g_assert_cmpstr (g_ptr_array_index (lines, 1), ==, "id author Congkak developers");
  g_assert_cmpstr (g_ptr_array_index (lines, 2), ==, "option name Hash type spin default 64 min 1 max 4096");
  g_assert_cmpstr (g_ptr_array_index (lines, 3), ==, "option name Ponder type check default true");
  g_assert_cmpstr (g_ptr_array_index (lines, 4), ==, "option name Rules type string default oware");
  assert_alive (engine);
  engine_send (engine, "ucinewgame");
  engine_send (engine, "debug on");
  engine_send (engine, "setoption name Hash value 16");
  engine_send (engine, "setoption name Ponder value false");
  engine_send (engine, "setoption name OwnBook value false");
  assert_alive (engine);
  engine_quit (engine);
}

/* `go depth`: a report per depth, and the search's own move. */
static void
test_engine_go_depth (void)
{
  g_autoptr (Engine) engine = engine_start ();
  g_autoptr (GPtrArray) infos = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (CongkakSearch) search = NULL;
  g_autofree char *bestmove = NULL;
  g_autofree char *expected = NULL;
  CongkakRules rules;
  CongkakState state;
  guint8 hole;

  congkak_rules_init_profile (&rules, "oware", NULL);
  congkak_state_init (&state, &rules);
  engine_send (engine, "isready");
  g_free (engine_read_until (engine, "readyok", NULL));
  engine_send (engine, "position startpos");
  engine_send (engine, "go depth 6");
  bestmove = engine_read_until (engine, "bestmove ", infos);

  g_assert_cmpuint (infos->len, ==, 6);
  for (guint i = 0; i < infos->len; i++)
    {
      g_autofree char *start = g_strdup_printf ("info depth %u score cp ", i + 1);
      const char *info = g_ptr_array_index (infos, i);
      const char *pv = strstr (info, " pv ");

      g_assert_true (g_str_has_prefix (info, start));
      g_assert_nonnull (strstr (info, " nodes "));
      g_assert_nonnull (pv);
      for (const char *p = pv + strlen (" pv "); *p != '\0'; p++)
        g_assert_true (strchr ("ABCDEFabcdef", *p) != NULL);
    }

  /* What the search gives at that depth, with its line's reply to ponder. */
  search = congkak_search_new (&rules, 0);
  g_assert_true (congkak_search_best_move (search, &state, 6, 0, &hole, NULL, NULL));
  {
    const char *last = g_ptr_array_index (infos, infos->len - 1);
    const char *pv = strstr (last, " pv ") + strlen (" pv ");

    expected = g_strdup_printf ("bestmove %c ponder %c", 'A' + hole, pv[1]);
    g_assert_cmpint (pv[0], ==, 'A' + hole);
  }
  g_assert_cmpstr (bestmove, ==, expected);
  engine_quit (engine);
}

/* Positions as Aualé sends them: startpos with moves, and FEN. */
static void
test_engine_positions (void)
{
  g_autoptr (Engine) engine = engine_start ();
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GError) error = NULL;
  CongkakRules rules;
  CongkakPosition position;
  CongkakOpening opening;
  CongkakSide choosing;

  congkak_rules_init_profile (&rules, "oware", NULL);
  game = congkak_game_new (&rules);
  g_assert_true (congkak_uci_play_moves (game, "AbFcD", &opening, &choosing, &error));
  engine_send (engine, "position startpos moves AbFcD");
  engine_send (engine, "go depth 3");
  {
    g_autofree char *bestmove = engine_read_until (engine, "bestmove ", NULL);

    assert_legal_answer (bestmove, &rules, congkak_game_get_state (game));
  }

  /* From a FEN, then moves on from it. */
  g_clear_pointer (&game, congkak_game_free);
  g_assert_true (congkak_uci_parse_fen ("0-5-5-5-5-4-0-5-5-5-5-0-2-2-N", &rules, &position, &error));
  game = congkak_game_new_from_position (&rules, &position, &error);
  g_assert_true (congkak_uci_play_moves (game, "bB", &opening, &choosing, &error));
  g_assert_no_error (error);
  engine_send (engine, "position fen 0-5-5-5-5-4-0-5-5-5-5-0-2-2-N moves bB");
  engine_send (engine, "go depth 2");
  {
    g_autofree char *bestmove = engine_read_until (engine, "bestmove ", NULL);

    assert_legal_answer (bestmove, &rules, congkak_game_get_state (game));
  }
  engine_quit (engine);
}

/* Whatever is wrong is said, and the engine goes on. */
static void
test_engine_bad_input (void)
{
  g_autoptr (Engine) engine = engine_start ();
  g_autofree char *long_line = g_strnfill (70000, 'x');

  assert_refused (engine, "castle kingside", "“castle”");
  assert_refused (engine, "position", "position startpos");
  assert_refused (engine, "position fen 4-4-4-0-0-S", "“4-4-4-0-0-S”");
  assert_refused (engine, "position startpos moves AAB", "Move 2, “A”");
  assert_refused (engine, "position startpos moves Aq", "Move 2, “q”");
  assert_refused (engine, "position startpos sideways", "“sideways”");
  assert_refused (engine, "setoption name Contempt value 10", "“Contempt”");
  assert_refused (engine, "setoption name OwnBook value perhaps", "OwnBook");
  assert_refused (engine, "setoption name Hash value 0", "Hash");
  assert_refused (engine, "setoption name Hash value many", "Hash");
  assert_refused (engine, "setoption name Rules value chess", "“chess”");
  assert_refused (engine, "setoption", NULL);
  assert_refused (engine, long_line, "65536");
  assert_alive (engine);

  /* A go after a refused position still answers. */
  engine_send (engine, "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-X");
  g_free (engine_read (engine));
  engine_send (engine, "go movetime 100");
  g_free (engine_read_until (engine, "info string Error: ", NULL));
  {
    g_autofree char *bestmove = engine_read (engine);

    g_assert_cmpstr (bestmove, ==, "bestmove 0000");
  }

  /* A bad limit is said, and the search goes on by the others. */
  engine_send (engine, "position startpos");
  engine_send (engine, "go depth none movetime 100");
  {
    g_autofree char *error = engine_read (engine);
    g_autofree char *bestmove = engine_read_until (engine, "bestmove ", NULL);

    g_assert_true (g_str_has_prefix (error, "info string Error: “go depth”"));
    g_assert_true (g_str_has_prefix (bestmove, "bestmove "));
    g_assert_cmpstr (bestmove, !=, "bestmove 0000");
  }
  engine_quit (engine);
}

/* A finished match has no move: bestmove 0000, as Aalina says it. */
static void
test_engine_match_over (void)
{
  g_autoptr (Engine) engine = engine_start ();
  g_autofree char *bestmove = NULL;

  engine_send (engine, "setoption name Rules value kalah");
  /* F's last seed falls into the store, and South's side is empty. */
  engine_send (engine, "position fen 0-0-0-0-0-1-3-0-0-0-0-0-20-24-S moves F");
  engine_send (engine, "go movetime 100");
  bestmove = engine_read (engine);
  g_assert_cmpstr (bestmove, ==, "bestmove 0000");
  engine_quit (engine);
}

/* Kalah through the Rules option: an extra turn is South's again. */
static void
test_engine_kalah (void)
{
  g_autoptr (Engine) engine = engine_start ();
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (CongkakGame) game = NULL;
  g_autofree char *bestmove = NULL;
  CongkakRules rules;
  CongkakOpening opening;
  CongkakSide choosing;

  engine_send (engine, "setoption name Rules value kalah");
  engine_send (engine, "uci");
  g_free (engine_read_until (engine, "uciok", lines));
  g_assert_cmpstr (g_ptr_array_index (lines, lines->len - 1), ==, "option name Rules type string default kalah");

  congkak_rules_init_profile (&rules, "kalah", NULL);
  game = congkak_game_new (&rules);
  g_assert_true (congkak_uci_play_moves (game, "C", &opening, &choosing, NULL));
  g_assert_cmpint (congkak_game_get_state (game)->position.to_move, ==, CONGKAK_SOUTH);
  engine_send (engine, "position startpos moves C");
  engine_send (engine, "go depth 4");
  bestmove = engine_read_until (engine, "bestmove ", NULL);
  assert_legal_answer (bestmove, &rules, congkak_game_get_state (game));

  /* Other rules: the engine's board follows them. */
  engine_send (engine, "setoption name Rules value kalah holes=4 seeds=3");
  assert_refused (engine, "position startpos moves E", "“E”");
  engine_quit (engine);
}

/* Congkak's simultaneous opening: "?" says whose hole is asked for. */
static void
test_engine_congkak_opening (void)
{
  g_autoptr (Engine) engine = engine_start ();
  CongkakRules rules;
  CongkakState start;
  guint south = 0, north = 0;
  gboolean found = FALSE;

  congkak_rules_init_profile (&rules, "congkak", NULL);
  congkak_state_init (&start, &rules);
  engine_send (engine, "setoption name Rules value congkak");

  /* Nobody asked: no move. */
  engine_send (engine, "position startpos");
  engine_send (engine, "go depth 1");
  g_free (engine_read_until (engine, "info string Error: ", NULL));
  {
    g_autofree char *bestmove = engine_read (engine);

    g_assert_cmpstr (bestmove, ==, "bestmove 0000");
  }

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      g_autofree char *request = congkak_uci_format_opening_request (NULL, side);
      g_autofree char *position = g_strdup_printf ("position startpos moves %s", request);
      g_autofree char *bestmove = NULL;
      char letter;

      engine_send (engine, position);
      engine_send (engine, "go depth 1");
      bestmove = engine_read_until (engine, "bestmove ", NULL);
      letter = bestmove[strlen ("bestmove ")];
      g_assert_cmpint (g_ascii_isupper (letter) ? CONGKAK_SOUTH : CONGKAK_NORTH, ==, side);
      g_assert_true (congkak_position_can_choose (&start.position, side, g_ascii_tolower (letter) - 'a'));
    }

  /* A later choice: South's first seed fell into its store. */
  for (south = 0; south < rules.holes && !found; south++)
    for (north = 0; north < rules.holes && !found; north++)
      {
        CongkakOpening opening;
        CongkakState attempt = start;
        CongkakSide needing;

        congkak_opening_clear (&opening);
        congkak_opening_add_choice (&opening, CONGKAK_SOUTH, south);
        congkak_opening_add_choice (&opening, CONGKAK_NORTH, north);
        g_assert_true (congkak_state_play_opening (&attempt, &rules, &opening, NULL, &needing, NULL));
        if (needing == CONGKAK_SOUTH)
          {
            g_autofree char *request = congkak_uci_format_opening_request (&opening, CONGKAK_SOUTH);
            g_autofree char *position = g_strdup_printf ("position startpos moves %s", request);
            g_autofree char *bestmove = NULL;
            char letter;

            engine_send (engine, position);
            engine_send (engine, "go depth 1");
            bestmove = engine_read_until (engine, "bestmove ", NULL);
            letter = bestmove[strlen ("bestmove ")];
            g_assert_true (g_ascii_isupper (letter));
            g_assert_true (congkak_position_can_choose (&attempt.position, CONGKAK_SOUTH, letter - 'A'));
            found = TRUE;
          }
      }
  g_assert_true (found);
  engine_quit (engine);
}

/* isready answers once the Oware endgame database is ready: built the
 * first time into the cache folder, of the size asked for. */
static void
test_engine_isready_endgame (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *cache = g_dir_make_tmp ("congkak-uci-cache-XXXXXX", &error);
  g_autofree char *old_cache = g_strdup (g_getenv ("XDG_CACHE_HOME"));
  g_autofree char *path = NULL;
  g_autofree char *line = NULL;
  GStatBuf info;

  g_assert_no_error (error);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("CONGKAK_OWARE_ENDGAME_SEEDS", "6", TRUE);
  {
    g_autoptr (Engine) engine = engine_start ();

    engine_send (engine, "isready");
    line = engine_read (engine);
    g_assert_cmpstr (line, ==, "readyok");
  }
  if (old_cache != NULL)
    g_setenv ("XDG_CACHE_HOME", old_cache, TRUE);
  else
    g_unsetenv ("XDG_CACHE_HOME");
  g_setenv ("CONGKAK_OWARE_ENDGAME_SEEDS", "0", TRUE);

  /* A 40-byte header, then 2 bytes for each of the C(18, 12) positions. */
  path = g_build_filename (cache, "congkak", "endgame", "oware,holes=6,grand-slam=no-capture,max-seeds=6.endgame", NULL);
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_size, ==, 40 + 2 * 18564);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_clear_pointer (&path, g_free);
  path = g_build_filename (cache, "congkak", "endgame", NULL);
  g_assert_cmpint (g_rmdir (path), ==, 0);
  g_clear_pointer (&path, g_free);
  path = g_build_filename (cache, "congkak", NULL);
  g_assert_cmpint (g_rmdir (path), ==, 0);
  g_assert_cmpint (g_rmdir (cache), ==, 0);
}

/* go infinite thinks until stop, and answers isready meanwhile. */
static void
test_engine_stop_and_isready (void)
{
  g_autoptr (Engine) engine = engine_start ();
  g_autofree char *readyok = NULL;
  g_autofree char *bestmove = NULL;
  CongkakRules rules;
  CongkakState state;

  congkak_rules_init_profile (&rules, "oware", NULL);
  congkak_state_init (&state, &rules);
  engine_send (engine, "position startpos");
  engine_send (engine, "go infinite");
  engine_send (engine, "isready");
  readyok = engine_read_until (engine, "readyok", NULL);

  /* Thinking still: another go is refused. */
  assert_refused (engine, "go depth 2", "stop");
  engine_send (engine, "stop");
  bestmove = engine_read_until (engine, "bestmove ", NULL);
  assert_legal_answer (bestmove, &rules, &state);

  /* One answer only: the next line is for the next command. */
  assert_alive (engine);

  /* ponder is infinite too; ponderhit changes nothing. */
  engine_send (engine, "go ponder");
  engine_send (engine, "ponderhit");
  engine_send (engine, "stop");
  g_clear_pointer (&bestmove, g_free);
  bestmove = engine_read_until (engine, "bestmove ", NULL);
  assert_legal_answer (bestmove, &rules, &state);
  engine_quit (engine);
}

/* movetime ends a search that would go on and on. */
static void
test_engine_movetime (void)
{
  g_autoptr (Engine) engine = engine_start ();
  g_autofree char *bestmove = NULL;
  CongkakRules rules;
  CongkakState state;

  congkak_rules_init_profile (&rules, "oware", NULL);
  congkak_state_init (&state, &rules);
  engine_send (engine, "position startpos");
  engine_send (engine, "go movetime 200");
  bestmove = engine_read_until (engine, "bestmove ", NULL);
  assert_legal_answer (bestmove, &rules, &state);

  /* A clock instead: a share of it. */
  engine_send (engine, "go wtime 3000 btime 3000");
  g_clear_pointer (&bestmove, g_free);
  bestmove = engine_read_until (engine, "bestmove ", NULL);
  assert_legal_answer (bestmove, &rules, &state);
  engine_quit (engine);
}

/* The end of input while thinking: the answer, then the end. */
static void
test_engine_end_of_input (void)
{
  g_autoptr (Engine) engine = engine_start ();
  g_autoptr (GError) error = NULL;
  g_autofree char *bestmove = NULL;

  engine_send (engine, "position startpos");
  engine_send (engine, "go infinite");
  g_output_stream_close (engine->in, NULL, &error);
  g_assert_no_error (error);
  bestmove = engine_read_until (engine, "bestmove ", NULL);
  g_assert_null (engine_read (engine));
  g_subprocess_wait_check (engine->process, NULL, &error);
  g_assert_no_error (error);
}

/* CongkakUciEngine, the GUI's end */

typedef struct
{
  gboolean            done;
  gboolean            chosen;
  CongkakComputerMove move;
  GError             *error;
} Choice;

static void
chosen_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Choice *choice = user_data;

  choice->chosen = congkak_uci_engine_choose_finish (CONGKAK_UCI_ENGINE (source), result,
                                                     &choice->move, &choice->error);
  choice->done = TRUE;
}

static void
wait_for_choice (Choice *choice)
{
  gboolean late = FALSE;
  guint timer = g_timeout_add (ANSWER_TIMEOUT_MS, set_flag, &late);

  while (!choice->done && !late)
    g_main_context_iteration (NULL, TRUE);
  if (late)
    g_error ("no answer from the engine within %d s", ANSWER_TIMEOUT_MS / 1000);
  g_source_remove (timer);
}

static gboolean
choose (CongkakUciEngine     *engine,
        const CongkakRules   *rules,
        const char * const   *moves,
        const CongkakOpening *opening,
        CongkakSide           side,
        guint                 movetime_ms,
        CongkakComputerMove  *move,
        GError              **error)
{
  Choice choice = { 0 };

  congkak_uci_engine_choose_async (engine, rules, NULL, moves, opening, side, movetime_ms, NULL,
                                   chosen_cb, &choice);
  wait_for_choice (&choice);
  if (!choice.chosen)
    {
      g_propagate_error (error, choice.error);
      return FALSE;
    }
  *move = choice.move;
  return TRUE;
}

static char *
own_engine_command (void)
{
  g_autofree char *quoted = g_shell_quote (g_getenv ("CONGKAK_CLI"));

  return g_strdup_printf ("%s engine", quoted);
}

static char *
fake_engine_command (const char *mode)
{
  g_autofree char *quoted = g_shell_quote (g_getenv ("FAKE_UCI_ENGINE"));

  return g_strdup_printf ("%s %s", quoted, mode);
}

static void
test_client_own_engine (void)
{
  g_autofree char *command = own_engine_command ();
  g_autoptr (CongkakUciEngine) engine = congkak_uci_engine_new (command);
  g_autoptr (GError) error = NULL;
  const char *moves[] = { "A", "b", NULL };
  CongkakComputerMove move;
  CongkakRules rules;
  CongkakState start;

  congkak_rules_init_profile (&rules, "oware", NULL);
  g_assert_false (congkak_uci_engine_is_running (engine));
  g_assert_true (choose (engine, &rules, moves, NULL, CONGKAK_SOUTH, 100, &move, &error));
  g_assert_no_error (error);
  g_assert_cmpint (move.kind, ==, CONGKAK_MOVE_SOW);
  g_assert_cmpint (move.side, ==, CONGKAK_SOUTH);
  g_assert_cmpuint (move.depth, >=, 1);
  g_assert_true (congkak_uci_engine_is_running (engine));
  g_assert_true (g_str_has_prefix (congkak_uci_engine_get_name (engine), "Congkak "));

  /* Kalah next: the engine is told the rules. */
  congkak_rules_init_profile (&rules, "kalah", NULL);
  congkak_uci_engine_new_game (engine);
  g_assert_true (choose (engine, &rules, NULL, NULL, CONGKAK_SOUTH, 100, &move, &error));
  g_assert_no_error (error);
  g_assert_cmpint (move.kind, ==, CONGKAK_MOVE_SOW);

  /* Congkak's opening: a hole for each side, unseen by the other. */
  congkak_rules_init_profile (&rules, "congkak", NULL);
  congkak_state_init (&start, &rules);
  congkak_uci_engine_new_game (engine);
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      g_assert_true (choose (engine, &rules, NULL, NULL, side, 100, &move, &error));
      g_assert_no_error (error);
      g_assert_cmpint (move.kind, ==, CONGKAK_MOVE_OPENING);
      g_assert_cmpint (move.side, ==, side);
      g_assert_true (congkak_position_can_choose (&start.position, side, move.hole));
    }

  /* Between rounds there is nothing to ask. */
  {
    g_autoptr (CongkakGame) game = congkak_game_new (&rules);
    g_autoptr (GPtrArray) played = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GRand) rand = g_rand_new_with_seed (7);
    CongkakOpening opening;

    while (congkak_game_get_state (game)->phase != CONGKAK_PHASE_ROUND_OVER
           && congkak_game_get_state (game)->phase != CONGKAK_PHASE_MATCH_OVER)
      {
        char *text;

        if (congkak_game_get_state (game)->phase == CONGKAK_PHASE_OPENING)
          {
            congkak_state_random_opening (congkak_game_get_state (game), &rules, rand, &opening);
            text = congkak_opening_to_string (&opening);
          }
        else
          text = congkak_state_random_move (congkak_game_get_state (game), &rules, rand);
        g_assert_true (congkak_game_play_text (game, text, NULL, NULL));
        g_ptr_array_add (played, text);
      }
    g_ptr_array_add (played, NULL);
    g_assert_cmpint (congkak_game_get_state (game)->phase, ==, CONGKAK_PHASE_ROUND_OVER);
    g_assert_true (choose (engine, &rules, (const char * const *) played->pdata, NULL, CONGKAK_NORTH, 100,
                           &move, &error));
    g_assert_cmpint (move.kind, ==, CONGKAK_MOVE_NEXT_ROUND);
  }

  congkak_uci_engine_stop (engine);
  g_assert_false (congkak_uci_engine_is_running (engine));
}

/* Each way an engine misbehaves is an error of its own, in plain words;
 * the engine is given up, and started again when next asked. */
static void
test_client_misbehaving (void)
{
  const struct
  {
    const char *mode;
    int         code;
    const char *says;
  } cases[] = {
    { "crash", CONGKAK_UCI_ERROR_CRASHED, "stopped (exit status 3)" },
    { "signal", CONGKAK_UCI_ERROR_CRASHED, "signal 9" },
    { "stall", CONGKAK_UCI_ERROR_TIMEOUT, "did not answer within 300 ms" },
    { "garbage", CONGKAK_UCI_ERROR_GARBAGE, "“the quick brown fox”" },
    { "binary", CONGKAK_UCI_ERROR_GARBAGE, "not text" },
    { "long", CONGKAK_UCI_ERROR_GARBAGE, "more than 65536 bytes" },
    { "illegal", CONGKAK_UCI_ERROR_ILLEGAL_MOVE, "played “A”, which is not a legal move here" },
    { "nomove", CONGKAK_UCI_ERROR_NO_MOVE, "I do not know this position" },
    { "silent", CONGKAK_UCI_ERROR_NOT_UCI, "uciok" },
  };
  const char *moves[] = { "A", NULL };
  CongkakRules rules;

  congkak_rules_init_profile (&rules, "oware", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *command = fake_engine_command (cases[i].mode);
      g_autoptr (CongkakUciEngine) engine = congkak_uci_engine_new (command);

      congkak_uci_engine_set_time_margin (engine, 200);
      congkak_uci_engine_set_answer_timeout (engine, 500);
      for (guint attempt = 0; attempt < 2; attempt++)
        {
          g_autoptr (GError) error = NULL;
          CongkakComputerMove move;

          g_test_message ("%s, attempt %u", cases[i].mode, attempt + 1);
          g_assert_false (choose (engine, &rules, moves, NULL, CONGKAK_NORTH, 100, &move, &error));
          g_assert_error (error, CONGKAK_UCI_ERROR, cases[i].code);
          if (strstr (error->message, cases[i].says) == NULL)
            g_error ("%s: “%s” does not say “%s”", cases[i].mode, error->message, cases[i].says);
          g_assert_false (congkak_uci_engine_is_running (engine));
        }
    }
}

static void
test_client_refusals (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *oware_only = fake_engine_command ("illegal");
  g_autoptr (CongkakUciEngine) engine = congkak_uci_engine_new (oware_only);
  g_autoptr (CongkakUciEngine) missing = congkak_uci_engine_new ("/nonexistent/congkak-engine --uci");
  CongkakComputerMove move;
  CongkakRules rules;

  /* An Oware engine is never told other rules: it is not asked. */
  congkak_rules_init_profile (&rules, "kalah", NULL);
  g_assert_false (choose (engine, &rules, NULL, NULL, CONGKAK_SOUTH, 100, &move, &error));
  g_assert_error (error, CONGKAK_UCI_ERROR, CONGKAK_UCI_ERROR_RULES);
  g_assert_nonnull (strstr (error->message, "plays only Oware"));
  g_clear_error (&error);

  congkak_rules_init_profile (&rules, "oware", NULL);
  g_assert_false (choose (missing, &rules, NULL, NULL, CONGKAK_SOUTH, 100, &move, &error));
  g_assert_error (error, CONGKAK_UCI_ERROR, CONGKAK_UCI_ERROR_START);
  g_assert_nonnull (strstr (error->message, "/nonexistent/congkak-engine"));
}

static gboolean
cancel_cb (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* A request given up stops the search; its late answer is not taken for
 * the next request's. */
static void
test_client_cancel (void)
{
  g_autofree char *command = own_engine_command ();
  g_autoptr (CongkakUciEngine) engine = congkak_uci_engine_new (command);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  const char *moves[] = { "A", NULL };
  Choice choice = { 0 };
  CongkakComputerMove move;
  CongkakRules rules;

  congkak_rules_init_profile (&rules, "oware", NULL);
  congkak_uci_engine_choose_async (engine, &rules, NULL, NULL, NULL, CONGKAK_SOUTH, 60000, cancellable,
                                   chosen_cb, &choice);
  g_timeout_add (300, cancel_cb, cancellable);
  wait_for_choice (&choice);
  g_assert_false (choice.chosen);
  g_assert_error (choice.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&choice.error);

  g_assert_true (choose (engine, &rules, moves, NULL, CONGKAK_NORTH, 100, &move, &error));
  g_assert_no_error (error);
  g_assert_cmpint (move.side, ==, CONGKAK_NORTH);
  congkak_uci_engine_stop (engine);
}

/* congkak-cli match, the referee */

typedef struct
{
  char *out;
  char *err;
  int   status;
} Run;

static void
run_match (Run        *run,
           const char *north,
           const char *rules,
           const char *games)
{
  const char *argv[] = { g_getenv ("CONGKAK_CLI"), "match", "--rules", rules, "--south", "random",
                         "--north", north, "--games", games, "--movetime", "50", "--time-margin", "300", NULL };
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;

  process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  run->status = g_subprocess_get_exit_status (process);
}

static void
test_match_against_engine (void)
{
  g_autofree char *command = own_engine_command ();
  g_autofree char *north = g_strdup_printf ("engine:%s", command);
  Run run = { 0 };

  run_match (&run, north, "kalah", "2");
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "    1 random   engine   "));
  g_assert_nonnull (strstr (run.out, "engine: Congkak "));
  g_assert_nonnull (strstr (run.out, "lost 0 matches by misbehaving"));
  g_assert_null (strstr (run.out, "forfeits"));
  g_free (run.out);
  g_free (run.err);
}

static void
test_match_forfeits (void)
{
  const struct
  {
    const char *mode;
    const char *says;
  } cases[] = {
    { "illegal", "engine forfeits: The engine “Fake” played “A”, which is not a legal move here." },
    { "crash", "engine forfeits: The engine “Fake” stopped (exit status 3)." },
    { "stall", "engine forfeits: The engine “Fake” did not answer within 350 ms" },
    { "garbage", "engine forfeits: The engine “Fake” wrote something that is not UCI: “the quick brown fox”." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *command = fake_engine_command (cases[i].mode);
      g_autofree char *north = g_strdup_printf ("engine:%s", command);
      Run run = { 0 };

      run_match (&run, north, "oware", "2");
      g_assert_cmpint (run.status, ==, 1);
      if (strstr (run.out, cases[i].says) == NULL)
        g_error ("%s: the output does not say “%s”:\n%s", cases[i].mode, cases[i].says, run.out);
      g_assert_nonnull (strstr (run.out, "random won 2, engine won 0"));
      g_assert_nonnull (strstr (run.out, "lost 2 matches by misbehaving"));
      g_free (run.out);
      g_free (run.err);
    }
}

/* --nodes: engines are sent "go nodes N" instead of their move time (the
 * fake engine plays illegally otherwise). */
static void
test_match_nodes (void)
{
  g_autofree char *command = fake_engine_command ("nodes");
  g_autofree char *north = g_strdup_printf ("engine:%s", command);

  for (guint with_nodes = 0; with_nodes < 2; with_nodes++)
    {
      const char *argv[] = { g_getenv ("CONGKAK_CLI"), "match", "--rules", "oware", "--south", "random",
                             "--north", north, "--games", "2", "--move-limit", "6",
                             with_nodes ? "--nodes" : "--movetime", with_nodes ? "1234" : "50", NULL };
      g_autoptr (GSubprocess) process = NULL;
      g_autoptr (GError) error = NULL;
      Run run = { 0 };

      process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
      g_assert_no_error (error);
      g_subprocess_communicate_utf8 (process, NULL, NULL, &run.out, &run.err, &error);
      g_assert_no_error (error);
      if (with_nodes)
        {
          g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
          g_assert_nonnull (strstr (run.out, "lost 0 matches by misbehaving"));
        }
      else
        {
          g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
          g_assert_nonnull (strstr (run.out, "lost 2 matches by misbehaving"));
        }
      g_free (run.out);
      g_free (run.err);
    }
}

/* --openings: the matches start after an opening's moves, and a bad one
 * is named by its line. */
static void
test_match_openings (void)
{
  g_autofree char *dir = g_dir_make_tmp ("congkak-uci-XXXXXX", NULL);
  g_autofree char *good = g_build_filename (dir, "good.txt", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.txt", NULL);
  g_autofree char *command = own_engine_command ();
  g_autofree char *north = g_strdup_printf ("engine:%s", command);
  const char *argv[] = { g_getenv ("CONGKAK_CLI"), "match", "--rules", "kalah", "--south", "random",
                         "--north", north, "--games", "2", "--swap", "--movetime", "50", "--openings", good, NULL };
  g_autoptr (GError) error = NULL;
  Run run = { 0 };

  g_assert_true (g_file_set_contents (good, "# Kalah, South's extra turn\nCF\n", -1, &error));
  g_assert_true (g_file_set_contents (bad, "CF\nCFa\nAA\n", -1, &error));
  {
    g_autoptr (GSubprocess) process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                         | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);

    g_assert_no_error (error);
    g_subprocess_communicate_utf8 (process, NULL, NULL, &run.out, &run.err, &error);
    g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
    g_assert_nonnull (strstr (run.out, "    2 engine   random   "));
    g_clear_pointer (&run.out, g_free);
    g_clear_pointer (&run.err, g_free);
  }
  argv[G_N_ELEMENTS (argv) - 2] = bad;
  {
    g_autoptr (GSubprocess) process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                         | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);

    g_subprocess_communicate_utf8 (process, NULL, NULL, &run.out, &run.err, &error);
    g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
    g_assert_nonnull (strstr (run.err, "line 3, move 2 (“A”)"));
    g_clear_pointer (&run.out, g_free);
    g_clear_pointer (&run.err, g_free);
  }
  g_unlink (good);
  g_unlink (bad);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/uci/notation/fen", test_notation_fen);
  g_test_add_func ("/uci/notation/rules", test_notation_rules);
  g_test_add_func ("/uci/notation/moves", test_notation_moves);
  g_test_add_func ("/uci/engine/handshake", test_engine_handshake);
  g_test_add_func ("/uci/engine/go-depth", test_engine_go_depth);
  g_test_add_func ("/uci/engine/positions", test_engine_positions);
  g_test_add_func ("/uci/engine/bad-input", test_engine_bad_input);
  g_test_add_func ("/uci/engine/match-over", test_engine_match_over);
  g_test_add_func ("/uci/engine/kalah", test_engine_kalah);
  g_test_add_func ("/uci/engine/congkak-opening", test_engine_congkak_opening);
  g_test_add_func ("/uci/engine/stop-and-isready", test_engine_stop_and_isready);
  g_test_add_func ("/uci/engine/isready-endgame", test_engine_isready_endgame);
  g_test_add_func ("/uci/engine/movetime", test_engine_movetime);
  g_test_add_func ("/uci/engine/end-of-input", test_engine_end_of_input);
  g_test_add_func ("/uci/client/own-engine", test_client_own_engine);
  g_test_add_func ("/uci/client/misbehaving", test_client_misbehaving);
  g_test_add_func ("/uci/client/refusals", test_client_refusals);
  g_test_add_func ("/uci/client/cancel", test_client_cancel);
  g_test_add_func ("/uci/match/against-engine", test_match_against_engine);
  g_test_add_func ("/uci/match/forfeits", test_match_forfeits);
  g_test_add_func ("/uci/match/openings", test_match_openings);
  g_test_add_func ("/uci/match/nodes", test_match_nodes);

  return g_test_run ();
}
