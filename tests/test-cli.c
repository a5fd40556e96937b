/* test-cli.c — congkak-cli as a user runs it: output, errors, exit codes
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

typedef struct
{
  char *out;
  char *err;
  int   status;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run        *run,
         const char *first,
         ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *cli = g_getenv ("CONGKAK_CLI");
  const char *arg;
  va_list args;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &run->status, &error);
  g_assert_no_error (error);
}

static int
exit_code (const Run *run)
{
  g_assert_true (WIFEXITED (run->status));
  return WEXITSTATUS (run->status);
}

static JsonObject *
parse_object (const char *text,
              JsonParser *parser)
{
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
assert_holes (JsonObject  *side,
              const gint64 *expected,
              guint         n)
{
  JsonArray *holes = json_object_get_array_member (side, "holes");

  g_assert_cmpuint (json_array_get_length (holes), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (json_array_get_int_element (holes, i), ==, expected[i]);
}

static void
test_play_prints_position (void)
{
  g_auto (Run) run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  static const gint64 south[] = { 8, 0, 8, 8, 8, 8, 8 };
  static const gint64 north[] = { 0, 8, 8, 8, 8, 0, 8 };
  JsonObject *root;

  run_cli (&run, "play", "--rules", "congkak-single", "B", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  root = parse_object (run.out, parser);
  assert_holes (json_object_get_object_member (root, "south"), south, 7);
  assert_holes (json_object_get_object_member (root, "north"), north, 7);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "south"), "store"), ==, 10);
  g_assert_cmpstr (json_object_get_string_member (root, "to_move"), ==, "north");
  g_assert_cmpint (json_object_get_int_member (root, "round"), ==, 1);
  g_assert_false (json_object_get_boolean_member (root, "round_over"));
  g_assert_false (json_object_get_boolean_member (root, "match_over"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "rounds")), ==, 0);
}

static void
test_play_with_events (void)
{
  g_auto (Run) run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root, *first, *last;
  JsonArray *moves, *events;

  run_cli (&run, "play", "--rules", "kalah", "--events", "C", "A", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  root = parse_object (run.out, parser);
  moves = json_object_get_array_member (root, "moves");
  g_assert_cmpuint (json_array_get_length (moves), ==, 2);
  events = json_object_get_array_member (json_array_get_object_element (moves, 0), "events");
  first = json_array_get_object_element (events, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "type"), ==, "pick-up");
  g_assert_cmpstr (json_object_get_string_member (first, "place"), ==, "C");
  g_assert_cmpint (json_object_get_int_member (first, "count"), ==, 4);
  last = json_array_get_object_element (events, json_array_get_length (events) - 1);
  g_assert_cmpstr (json_object_get_string_member (last, "type"), ==, "extra-turn");
}

static void
test_play_multi_round_and_opening (void)
{
  g_auto (Run) run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root;

  /* Both openings end in tick 15: South moves first. */
  run_cli (&run, "play", "opening:A,B/a,b", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  root = parse_object (run.out, parser);
  g_assert_false (json_object_get_boolean_member (root, "match_over"));
  g_assert_cmpstr (json_object_get_string_member (root, "to_move"), ==, "south");
  run_clear (&run);

  /* South's seed falls into the store at tick 3 and the opening lists no
   * further hole: invalid game input, with the tick in the message. */
  run_cli (&run, "play", "--holes", "3", "--seeds", "1", "opening:A/a", NULL);
  g_assert_cmpint (exit_code (&run), ==, 1);
  g_assert_nonnull (strstr (run.err, "tick 3"));
}

static void
test_illegal_move_exit_1 (void)
{
  g_auto (Run) run = { 0 };

  run_cli (&run, "play", "--rules", "kalah", "C", "c", NULL);
  g_assert_cmpint (exit_code (&run), ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  /* The message names the move and says why. */
  g_assert_nonnull (strstr (run.err, "move 2"));
  g_assert_nonnull (strstr (run.err, "South"));
}

static void
test_bad_arguments_exit_2 (void)
{
  const char *cases[][5] = {
    { "play", "--rules", "mancala", NULL },
    { "play", "--option", "relay", NULL },
    { "play", "--option", "grand-slam=capture", NULL },
    { "play", "--holes", "12", NULL },
    { "perft", "--rules", "kalah", NULL },
    { "perft", "--depth", "0", NULL },
    { "frobnicate", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) run = { 0 };

      run_cli (&run, cases[i][0], cases[i][1], cases[i][2], cases[i][3], NULL);
      g_assert_cmpint (exit_code (&run), ==, 2);
      g_assert_cmpstr (run.err, !=, "");
    }
}

static void
test_help (void)
{
  const char *commands[] = { "play", "perft", "bench" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (Run) run = { 0 };

      run_cli (&run, commands[i], "--help", NULL);
      g_assert_cmpint (exit_code (&run), ==, 0);
      g_assert_nonnull (strstr (run.out, commands[i]));
    }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "--help", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_nonnull (strstr (run.out, "perft"));
  }
}

static void
test_perft (void)
{
  g_auto (Run) run = { 0 };

  run_cli (&run, "perft", "--rules", "kalah", "--depth", "5", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "depth 1: 6 "));
  g_assert_nonnull (strstr (run.out, "depth 5: 4690 "));
}

static void
test_bench (void)
{
  g_auto (Run) run = { 0 };

  run_cli (&run, "bench", "--games", "20", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "seeds/s"));
  g_assert_nonnull (strstr (run.out, "oware"));
  g_assert_nonnull (strstr (run.out, "congkak-single"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/play/position", test_play_prints_position);
  g_test_add_func ("/cli/play/events", test_play_with_events);
  g_test_add_func ("/cli/play/opening", test_play_multi_round_and_opening);
  g_test_add_func ("/cli/play/illegal-move", test_illegal_move_exit_1);
  g_test_add_func ("/cli/bad-arguments", test_bad_arguments_exit_2);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/perft", test_perft);
  g_test_add_func ("/cli/bench", test_bench);

  return g_test_run ();
}
