/* test-cli.c — congkak-cli as a user runs it: output, errors, exit codes
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
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

/* Runs congkak-cli with @argv in the folder @cwd (or this one), with
 * @input (or nothing) on its standard input.  A @run used before is
 * cleared first, so a test may run several commands through one. */
static void
run_cli_argv (Run                *run,
              const char         *cwd,
              const char         *input,
              const char * const *argv)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;

  run_clear (run);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  /* congkak-cli needs no display, not even to draw pictures. */
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  if (cwd)
    g_subprocess_launcher_set_cwd (launcher, cwd);
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input ? input : "", NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  run->status = g_subprocess_get_status (process);
}

/* Runs the program named by the environment variable @program_variable:
 * CONGKAK_CLI, or CONGKAK_BENCH for the benchmarks of tools/. */
static void
run_program_va (Run        *run,
                const char *program_variable,
                const char *cwd,
                const char *input,
                const char *first,
                va_list     args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  const char *cli = g_getenv (program_variable);

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  g_ptr_array_add (argv, NULL);
  run_cli_argv (run, cwd, input, (const char * const *) argv->pdata);
}

static void
run_cli (Run        *run,
         const char *first,
         ...)
{
  va_list args;

  va_start (args, first);
  run_program_va (run, "CONGKAK_CLI", NULL, NULL, first, args);
  va_end (args);
}

/* congkak-bench, the measurements kept out of the installed tool */
static void
run_bench (Run        *run,
           const char *first,
           ...)
{
  va_list args;

  va_start (args, first);
  run_program_va (run, "CONGKAK_BENCH", NULL, NULL, first, args);
  va_end (args);
}

/* congkak-cli in the folder @cwd, reading @input */
static void
run_cli_in (Run        *run,
            const char *cwd,
            const char *input,
            const char *first,
            ...)
{
  va_list args;

  va_start (args, first);
  run_program_va (run, "CONGKAK_CLI", cwd, input, first, args);
  va_end (args);
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

/* A negative --holes or --seeds is an error, not the profile's default. */
static void
test_rules_arguments_negative (void)
{
  const char *options[] = { "--holes", "--seeds" };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      g_auto (Run) run = { 0 };

      run_cli (&run, "play", "--rules", "kalah", options[i], "-3", NULL);
      g_assert_cmpint (exit_code (&run), ==, 2);
      g_assert_nonnull (strstr (run.err, "“-3”"));
      g_assert_cmpstr (run.out, ==, "");
    }
}

/* --holes, --seeds and --option apply in the order given; a family
 * switch that would undo what came before is refused, not obeyed. */
static void
test_rules_arguments_order (void)
{
  {
    g_auto (Run) run = { 0 };
    g_autoptr (JsonParser) parser = json_parser_new ();
    JsonObject *root;

    run_cli (&run, "play", "--option", "family=oware", "--holes", "5", "--seeds", "3", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    root = parse_object (run.out, parser);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_object_get_object_member (root, "south"),
                                                                           "holes")), ==, 5);
    g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (json_object_get_object_member (root, "north"),
                                                                               "holes"), 0), ==, 3);
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "play", "--holes", "5", "--option", "relay=off", "--option", "family=oware", NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
    g_assert_nonnull (strstr (run.err, "--option family=oware"));
    g_assert_nonnull (strstr (run.err, "--holes 5, --option relay=off"));
    g_assert_cmpstr (run.out, ==, "");
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "rules", "--rules", "kalah", "-o", "family=oware", NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
    g_assert_nonnull (strstr (run.err, "--rules kalah"));
  }
  {
    g_auto (Run) run = { 0 };

    /* The same family changes nothing, so nothing is undone. */
    run_cli (&run, "perft", "--rules", "kalah", "--holes", "4", "-o", "family=store", "--depth", "1", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "depth 1: 4 "));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "play", "--rules", "kalah", "--rules", "oware", NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
  }
}

static void
test_help (void)
{
  const char *commands[] = { "play", "perft", "validate", "show", "convert", "new", "export", "library" };

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
    g_assert_nonnull (strstr (run.out, "validate"));
    g_assert_nonnull (strstr (run.out, "convert"));
    /* The measurements are a program of their own (tools/), not a command */
    g_assert_null (strstr (run.out, "bench"));
  }
  {
    g_auto (Run) run = { 0 };

    run_bench (&run, "--help", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_nonnull (strstr (run.out, "--seek"));
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

  run_bench (&run, "--games", "20", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "seeds/s"));
  g_assert_nonnull (strstr (run.out, "oware"));
  g_assert_nonnull (strstr (run.out, "congkak-single"));
}

/* A temporary folder for match files, removed with everything in it. */
typedef struct
{
  char *path;
} TmpDir;

static void
tmp_dir_init (TmpDir *dir)
{
  g_autoptr (GError) error = NULL;

  dir->path = g_dir_make_tmp ("congkak-cli-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
tmp_dir_clear (TmpDir *dir)
{
  g_autoptr (GDir) listing = NULL;
  const char *name;

  if (dir->path == NULL)
    return;
  listing = g_dir_open (dir->path, 0, NULL);
  while (listing && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *file = g_build_filename (dir->path, name, NULL);

      g_unlink (file);
    }
  g_rmdir (dir->path);
  g_clear_pointer (&dir->path, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TmpDir, tmp_dir_clear)

static char *
tmp_file (TmpDir     *dir,
          const char *name,
          const char *contents)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (dir->path, name, NULL);

  if (contents)
    {
      g_file_set_contents (path, contents, -1, &error);
      g_assert_no_error (error);
    }
  return path;
}

/* Kalah: C earns an extra turn, then A; D and E are the other tries. */
static const char kalah_text[] =
  "[Rules \"kalah\"]\n"
  "[South \"Ani\"]\n"
  "[Event \"Club night {3}\"]\n"
  "\n"
  "C ! {Extra turn: the last seed falls into the store.}\n"
  "A\n"
  "( D {Keeps \\} and \\\\ and\n two lines.} )\n"
  "( E ?! )\n"
  "c\n";

static void
assert_same_output (const char *first,
                    const char *second)
{
  g_autoptr (JsonParser) a = json_parser_new ();
  g_autoptr (JsonParser) b = json_parser_new ();

  g_assert_cmpstr (first, ==, second);
  /* And both are JSON objects. */
  parse_object (first, a);
  parse_object (second, b);
}

static void
test_validate (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *good = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *json = NULL;
  g_autofree char *expected = NULL;

  tmp_dir_init (&dir);
  good = tmp_file (&dir, "good.txt", kalah_text);
  bad = tmp_file (&dir, "bad.txt", "[Rules \"kalah\"]\nC\nA\nA\n");
  json = tmp_file (&dir, "good.congkak", NULL);

  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", good, json, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "validate", good, json, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    expected = g_strdup_printf ("%s: ok\n%s: ok\n", good, json);
    g_assert_cmpstr (run.out, ==, expected);
  }
  {
    g_auto (Run) run = { 0 };
    g_autofree char *message = g_strdup_printf ("%s: line 4, column 1: ", bad);

    run_cli (&run, "validate", good, bad, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.out, "good.txt: ok"));
    g_assert_true (g_str_has_prefix (run.err, message));
    g_assert_nonnull (strstr (run.err, "“A” cannot be played here"));
  }
  {
    g_auto (Run) run = { 0 };
    g_autofree char *missing = tmp_file (&dir, "missing.congkak", NULL);

    run_cli (&run, "validate", missing, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.err, "missing.congkak"));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "validate", NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
  }
}

/* A JSON file with an unknown field loads, with a warning. */
/* A relative name with a colon is a file, not a URI of scheme “a”. */
static void
test_file_name_with_colon (void)
{
  g_auto (TmpDir) dir = { 0 };

  tmp_dir_init (&dir);
  {
    g_auto (Run) run = { 0 };

    run_cli_in (&run, dir.path, NULL, "new", "--rules", "kalah", "a:b.congkak", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) run = { 0 };

    run_cli_in (&run, dir.path, NULL, "convert", "a:b.congkak", "c:d.txt", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) run = { 0 };

    run_cli_in (&run, dir.path, NULL, "validate", "a:b.congkak", "c:d.txt", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_cmpstr (run.out, ==, "a:b.congkak: ok\nc:d.txt: ok\n");
  }
}

/* Nothing from a file reaches the terminal as a control character. */
static void
assert_no_controls (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      g_assert_true (c != (gunichar) -1 && c != (gunichar) -2);
      if (c == '\n')
        continue;
      g_assert_false (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0));
      g_assert_false (c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x2028 && c <= 0x202E)
                      || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF);
    }
}

/* Names, comments, moves and file names with escape sequences that set
 * the terminal's title (OSC 0), clear the screen (CSI 2 J), write the
 * clipboard (OSC 52) or use the 8-bit CSI (U+009B) are printed escaped. */
static void
test_terminal_safety (void)
{
  static const char evil_text[] =
    "[Rules \"kalah\"]\n"
    "[South \"Ani\033]0;pwned\007\"]\n"
    "[North \"Budi\302\2332J\"]\n"
    "[Event \"\033]52;c;ZXZpbA==\007\"]\n"
    "C {clear \033[2J the screen\nsecond line}\n";
  g_autofree char *folder = g_dir_make_tmp ("congkak-cli-evil-XXXXXX", NULL);
  g_autofree char *evil = g_build_filename (folder, "evil\033]0;title\007.txt", NULL);
  g_autofree char *bad_move = g_build_filename (folder, "bad-move.txt", NULL);
  g_autofree char *library = g_build_filename (folder, "library", NULL);
  g_autofree char *index = g_build_filename (library, ".congkak-library-index", NULL);
  g_autofree char *in_library = NULL;
  g_autoptr (GError) error = NULL;

  g_file_set_contents (evil, evil_text, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (bad_move, "[Rules \"kalah\"]\nC\033[2J\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (library, 0700), ==, 0);
  in_library = g_build_filename (library, "match\033[2J.congkak", NULL);

  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "show", evil, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    assert_no_controls (run.out);
    g_assert_nonnull (strstr (run.out, "Ani\\u001B]0;pwned\\u0007"));
    g_assert_nonnull (strstr (run.out, "Budi\\u009B2J"));
    /* A comment keeps its lines. */
    g_assert_nonnull (strstr (run.out, "clear \\u001B[2J the screen\nsecond line"));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "validate", evil, bad_move, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    assert_no_controls (run.out);
    assert_no_controls (run.err);
    g_assert_nonnull (strstr (run.out, "evil\\u001B]0;title\\u0007.txt: ok"));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", evil, in_library, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "library", "list", "--library", library, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    assert_no_controls (run.out);
    g_assert_nonnull (strstr (run.out, "match\\u001B[2J.congkak"));
    g_assert_nonnull (strstr (run.out, "Ani\\u001B]0;pwned"));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "library", "stats", "--library", library, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    assert_no_controls (run.out);
  }

  g_remove (in_library);
  g_remove (index);
  g_rmdir (library);
  g_remove (evil);
  g_remove (bad_move);
  g_rmdir (folder);
}

/* Warnings by the million and arguments of 128 KiB: what is printed stays
 * small (the first warnings and a count; each argument cut). */
static void
test_bounded_messages (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autoptr (GString) json = g_string_new ("{ \"format\": \"congkak-match\", \"version\": \"1.0\",\n"
                                           "  \"rules\": { \"family\": \"oware\", \"holes\": 6, \"seeds\": 4,\n"
                                           "             \"direction\": \"counter-clockwise\", \"first-player\": \"south\",\n"
                                           "             \"grand-slam\": \"no-capture\" },\n"
                                           "  \"moves\": []");
  g_autofree char *path = NULL;
  /* Just under the 128 KiB a single argument may have. */
  g_autofree char *huge = g_strnfill (127 * 1024, 'x');
  g_autofree char *huge_path = NULL;

  tmp_dir_init (&dir);
  for (guint i = 0; i < 200000; i++)
    g_string_append_printf (json, ",\"k%u\":0", i);
  g_string_append (json, "}\n");
  path = tmp_file (&dir, "unknown.congkak", json->str);

  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "validate", path, NULL);
    g_test_message ("%s", run.out);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_cmpuint (strlen (run.out), <, 2000);
    g_assert_nonnull (strstr (run.out, "more unknown fields, ignored"));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "validate", huge, huge, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_cmpuint (strlen (run.err), <, 2000);
    g_assert_nonnull (strstr (run.err, "xxx…: "));
  }
  {
    g_auto (Run) run = { 0 };

    huge_path = g_strconcat (huge, ".txt", NULL);
    run_cli (&run, "convert", path, huge_path, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_cmpuint (strlen (run.err), <, 2000);
  }
  for (guint i = 0; i < 4; i++)
    {
      g_auto (Run) run = { 0 };
      g_autofree char *option = g_strconcat ("relay=", huge, NULL);

      if (i == 0)
        run_cli (&run, "play", "--rules", huge, NULL);
      else if (i == 1)
        run_cli (&run, "play", "--option", option, NULL);
      else if (i == 2)
        run_cli (&run, "play", huge, NULL);
      else
        run_cli (&run, huge, NULL);
      g_test_message ("%s", run.err);
      g_assert_cmpint (exit_code (&run), !=, 0);
      g_assert_cmpuint (strlen (run.err), <, 4000);
    }
}

static char *read_file (const char *path);

/* Output meant for a pipe (a match written to “-”) holds no control
 * character either: the formats write them as \uXXXX, and read them back. */
static void
test_terminal_safety_pipes (void)
{
  static const char evil_text[] =
    "[Rules \"kalah\"]\n"
    "[South \"Ani\033]0;pwned\007\"]\n"
    "[North \"Budi\342\200\256\302\2332J\"]\n"
    "[Event \"\033]52;c;ZXZpbA==\007\"]\n"
    "C {clear \033[2J the screen\r\nsecond line}\n";
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *evil = NULL;
  g_autofree char *direct = NULL;
  g_autofree char *piped = NULL;
  g_autofree char *direct_json = NULL;
  g_autofree char *piped_json = NULL;

  tmp_dir_init (&dir);
  evil = tmp_file (&dir, "evil.txt", evil_text);
  direct = tmp_file (&dir, "direct.congkak", NULL);
  piped = tmp_file (&dir, "piped.congkak", NULL);

  {
    g_auto (Run) run = { 0 };
    g_auto (Run) back = { 0 };

    run_cli (&run, "convert", evil, "-", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    assert_no_controls (run.out);
    g_assert_nonnull (strstr (run.out, "[South \"Ani\\u001B]0;pwned\\u0007\"]"));
    g_assert_nonnull (strstr (run.out, "Budi\\u202E\\u009B2J"));

    /* Through a pipe into another command, the same match. */
    run_cli (&back, "convert", evil, direct, NULL);
    g_assert_cmpint (exit_code (&back), ==, 0);
    run_cli_in (&back, NULL, run.out, "convert", "-", piped, NULL);
    g_assert_cmpint (exit_code (&back), ==, 0);
    direct_json = read_file (direct);
    piped_json = read_file (piped);
    g_assert_cmpstr (direct_json, ==, piped_json);
  }
  {
    g_auto (Run) run = { 0 };
    g_autoptr (JsonParser) parser = json_parser_new ();
    JsonObject *root;

    run_cli (&run, "convert", "--json", evil, "-", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    assert_no_controls (run.out);
    root = parse_object (run.out, parser);
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (root, "players"), "north"), "name"),
                     ==, "Budi\342\200\256\302\2332J");
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "analyse", "--nodes", "200", "-t", "-o", "-", evil, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    assert_no_controls (run.out);
    assert_no_controls (run.err);
    g_assert_nonnull (strstr (run.out, "clear \\u001B[2J the screen\\u000D\nsecond line"));
  }
  {
    g_auto (Run) run = { 0 };
    g_auto (Run) back = { 0 };

    run_cli (&run, "new", "--rules", "kalah", "--south", "\033]0;x\007\342\200\256", "-", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    assert_no_controls (run.out);
    run_cli_in (&back, NULL, run.out, "show", "-", NULL);
    g_assert_cmpint (exit_code (&back), ==, 0);
    g_assert_nonnull (strstr (back.out, "\\u001B]0;x\\u0007\\u202E"));
  }
}

/* validate - reads standard input. */
static void
test_validate_stdin (void)
{
  {
    g_auto (Run) run = { 0 };

    run_cli_in (&run, NULL, kalah_text, "validate", "-", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_cmpstr (run.out, ==, "-: ok\n");
  }
  {
    g_auto (Run) run = { 0 };

    run_cli_in (&run, NULL, "[Rules \"kalah\"]\nC\nA\nA\n", "validate", "-", NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_true (g_str_has_prefix (run.err, "-: line 4, column 1: "));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli_in (&run, NULL, kalah_text, "show", "-", "--move", "1", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_nonnull (strstr (run.out, "After C! (moves[0])."));
  }
}

static void
test_validate_warning (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_auto (Run) run = { 0 };
  g_autofree char *path = NULL;

  tmp_dir_init (&dir);
  path = tmp_file (&dir, "warn.congkak",
                   "{ \"format\": \"congkak-match\", \"version\": \"1.0\", \"colour\": \"red\",\n"
                   "  \"rules\": { \"family\": \"oware\", \"holes\": 6, \"seeds\": 4,\n"
                   "             \"direction\": \"counter-clockwise\", \"first-player\": \"south\",\n"
                   "             \"grand-slam\": \"no-capture\" },\n"
                   "  \"moves\": [ { \"move\": \"C\" } ] }\n");
  run_cli (&run, "validate", path, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, ": ok\n"));
  g_assert_nonnull (strstr (run.out, ": warning: colour"));
}

static char *
play_output (const char *first,
             ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *arg;
  char *out = NULL;
  int status;
  va_list args;

  g_ptr_array_add (argv, (char *) g_getenv ("CONGKAK_CLI"));
  g_ptr_array_add (argv, (char *) "play");
  g_ptr_array_add (argv, (char *) "--rules");
  g_ptr_array_add (argv, (char *) "kalah");
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  return out;
}

static void
test_show (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  static const struct
  {
    const char *option;
    const char *value;
    const char *moves[4];
  } cases[] = {
    { NULL, NULL, { "C", "A", "c", NULL } },
    { "--move", "0", { NULL } },
    { "--move", "1", { "C", NULL } },
    { "--move", "3", { "C", "A", "c", NULL } },
    { "--node", "moves[1]", { "C", "A", NULL } },
    { "--node", "moves[1].variations[0][0]", { "C", "D", NULL } },
    { "--node", "moves[1].variations[1][0]", { "C", "E", NULL } },
  };

  tmp_dir_init (&dir);
  text = tmp_file (&dir, "match.txt", kalah_text);
  json = tmp_file (&dir, "match.congkak", NULL);
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", text, json, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint file = 0; file < 2; file++)
      {
        g_auto (Run) run = { 0 };
        g_autofree char *expected = play_output (cases[i].moves[0], cases[i].moves[1],
                                                 cases[i].moves[2], cases[i].moves[3], NULL);
        const char *path = file == 0 ? json : text;

        if (cases[i].option)
          run_cli (&run, "show", "--json", cases[i].option, cases[i].value, path, NULL);
        else
          run_cli (&run, "show", "--json", path, NULL);
        g_assert_cmpint (exit_code (&run), ==, 0);
        assert_same_output (run.out, expected);
      }

  /* The board as text: North's row on top, South's store on the right
   * in a counter-clockwise game, and the move's comment. */
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "show", "--move", "1", json, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "North, store on the left\n"));
    g_assert_nonnull (strstr (run.out, "South (Ani), store on the right\n"));
    g_assert_nonnull (strstr (run.out, "|   4|   4|   0|   5|   5|   5|\n"));
    g_assert_nonnull (strstr (run.out, "          A    B    C    D    E    F\n"));
    /* The window's sentence for where the match stands. */
    g_assert_nonnull (strstr (run.out, "\nAni (South) to move.\n"));
    g_assert_nonnull (strstr (run.out, "After C! (moves[0])."));
    g_assert_nonnull (strstr (run.out, "Extra turn: the last seed falls into the store."));
  }

  /* Bad paths and moves: exit 1; bad options: exit 2. */
  {
    const char *bad[][3] = {
      { "--node", "moves[9]" },
      { "--node", "moves[1].variations[2][0]" },
      { "--node", "bogus" },
      { "--move", "4" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_auto (Run) run = { 0 };

        run_cli (&run, "show", bad[i][0], bad[i][1], json, NULL);
        g_assert_cmpint (exit_code (&run), ==, 1);
        g_assert_cmpstr (run.out, ==, "");
        g_assert_nonnull (strstr (run.err, "match.congkak"));
      }
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "show", "--move", "1", "--node", "moves[0]", json, NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
  }
}

/* Clockwise: South's store on the left, G … A along the bottom, a … g on top. */
static void
test_show_clockwise (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_auto (Run) run = { 0 };
  g_autofree char *path = NULL;

  tmp_dir_init (&dir);
  path = tmp_file (&dir, "burnt.txt",
                   "[Rules \"congkak\"]\n"
                   "[Start \"S: 0 0 0 0 0 x x | 40 / N: x 0 0 0 0 0 0 | 58 / south\"]\n");
  run_cli (&run, "show", path, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_true (g_str_has_prefix (run.out,
                                   "North, store on the right\n"
                                   "          a    b    c    d    e    f    g\n"
                                   "      +----+----+----+----+----+----+----+\n"
                                   "      |   x|   0|   0|   0|   0|   0|   0|\n"
                                   "   40 +----+----+----+----+----+----+----+ 58\n"
                                   "      |   x|   x|   0|   0|   0|   0|   0|\n"
                                   "      +----+----+----+----+----+----+----+\n"
                                   "          G    F    E    D    C    B    A\n"
                                   "South, store on the left\n"));
  g_assert_nonnull (strstr (run.out, "Round 1 is over: North won it.\nThe next move is next-round.\n"));
  g_assert_nonnull (strstr (run.out, "The start position."));
}

static char *
read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static void
test_convert_round_trip (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *source = NULL;
  g_autofree char *first = NULL;
  g_autofree char *text = NULL;
  g_autofree char *second = NULL;
  g_autofree char *first_json = NULL;
  g_autofree char *second_json = NULL;
  g_autofree char *text_contents = NULL;

  tmp_dir_init (&dir);
  source = tmp_file (&dir, "source.txt", kalah_text);
  first = tmp_file (&dir, "first.congkak", NULL);
  text = tmp_file (&dir, "middle.txt", NULL);
  second = tmp_file (&dir, "second.congkak", NULL);

  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", source, first, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", first, text, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", text, second, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }

  text_contents = read_file (text);
  g_assert_true (g_str_has_prefix (text_contents, "[Format \"congkak-match 1.0\"]\n[Rules \"family=store holes=6 "));
  g_assert_nonnull (strstr (text_contents, "[Event \"Club night {3}\"]\n"));
  g_assert_nonnull (strstr (text_contents, "\nA\n( D {Keeps \\} and \\\\ and\n two lines.}\n)\n( E ?!\n)\nc\n"));

  /* The same file, byte for byte, after the trip through text. */
  first_json = read_file (first);
  second_json = read_file (second);
  g_assert_cmpstr (first_json, ==, second_json);

  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "validate", second, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) before = { 0 };
    g_auto (Run) after = { 0 };

    run_cli (&before, "show", "--json", "--node", "moves[1].variations[0][0]", first, NULL);
    run_cli (&after, "show", "--json", "--node", "moves[1].variations[0][0]", second, NULL);
    g_assert_cmpint (exit_code (&after), ==, 0);
    assert_same_output (before.out, after.out);
  }

  /* To standard output: text, or JSON with --json. */
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", first, "-", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_cmpstr (run.out, ==, text_contents);
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", "--json", text, "-", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_cmpstr (run.out, ==, first_json);
  }

  /* An output name that says no format, and an input that does not load. */
  {
    g_auto (Run) run = { 0 };
    g_autofree char *unknown = tmp_file (&dir, "out.data", NULL);

    run_cli (&run, "convert", first, unknown, NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
    g_assert_false (g_file_test (unknown, G_FILE_TEST_EXISTS));
  }
  {
    g_auto (Run) run = { 0 };
    g_autofree char *broken = tmp_file (&dir, "broken.congkak", "{ \"format\": \"congkak-match\", ");
    g_autofree char *out = tmp_file (&dir, "out.txt", NULL);

    run_cli (&run, "convert", broken, out, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.err, "broken.congkak: line "));
    g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  }
}

/* Aualé's Oware Game Notation: read, written as .ogn, refused for Kalah. */
static void
test_convert_ogn (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "other-programs", "auale-abapa.ogn", NULL);
  g_autofree char *json = NULL;
  g_autofree char *ogn = NULL;
  g_autofree char *kalah = NULL;
  g_autofree char *contents = NULL;

  tmp_dir_init (&dir);
  json = tmp_file (&dir, "auale.congkak", NULL);
  ogn = tmp_file (&dir, "again.ogn", NULL);
  kalah = tmp_file (&dir, "kalah.txt", kalah_text);

  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", source, json, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", json, ogn, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  contents = read_file (ogn);
  g_assert_true (g_str_has_prefix (contents, "[Variant \"Oware Abapa\"]\n[Event \"Club night\"]\n[Site \"Kuala Lumpur\"]\n"));
  g_assert_true (g_str_has_suffix (contents, "\n1. F f 2. E { A quiet move } e 3. D d 4. C c+5 5. B+3 b+7 6. A+5 a+9\n"));
  {
    g_auto (Run) run = { 0 };
    g_autofree char *out = tmp_file (&dir, "kalah.ogn", NULL);

    run_cli (&run, "convert", kalah, out, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.err, "kalah.ogn: "));
    g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  }
}

/* An Oware match with a variation, a comment on the start position and a
 * comment over two lines. */
static const char oware_with_variation[] =
  "[Rules \"oware\"]\n"
  "\n"
  "{A quiet evening}\n"
  "F {two\nlines}\n"
  "( E e )\n"
  "f\n";

/* convert to OGN says what it leaves out: it refuses to drop variations
 * and comments without --force, and warns of what it changes. */
static void
test_convert_ogn_losses (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *source = NULL;
  g_autofree char *ogn = NULL;
  g_autofree char *contents = NULL;

  tmp_dir_init (&dir);
  source = tmp_file (&dir, "evening.txt", oware_with_variation);
  ogn = tmp_file (&dir, "evening.ogn", NULL);

  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", source, ogn, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_false (g_file_test (ogn, G_FILE_TEST_EXISTS));
    g_assert_nonnull (strstr (run.err, "evening.ogn: The Oware Game Notation cannot hold all of this match"));
    g_assert_nonnull (strstr (run.err, "2 moves of the variations are left out"));
    g_assert_nonnull (strstr (run.err, "comment on the start position"));
    g_assert_nonnull (strstr (run.err, "--force"));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", "--force", source, ogn, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_nonnull (strstr (run.err, "evening.ogn: warning: 2 moves of the variations are left out"));
    g_assert_nonnull (strstr (run.err, "evening.ogn: warning: 1 comment or detail is written differently"));
    contents = read_file (ogn);
    g_assert_true (g_str_has_suffix (contents, "\n\n1. F { two lines } f\n"));
  }
  /* A comment's layout alone changes no meaning: written, with a warning. */
  {
    g_auto (Run) run = { 0 };
    g_autofree char *plain = tmp_file (&dir, "plain.txt", "[Rules \"oware\"]\nF {two\nlines}\nf\n");
    g_autofree char *out = tmp_file (&dir, "plain.ogn", NULL);

    run_cli (&run, "convert", plain, out, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_nonnull (strstr (run.err, "plain.ogn: warning: 1 comment or detail is written differently"));
    g_assert_true (g_file_test (out, G_FILE_TEST_EXISTS));
  }
  /* Oware with 5 seeds a hole is another game to Aualé. */
  {
    g_auto (Run) run = { 0 };
    g_autofree char *five = tmp_file (&dir, "five.txt", "[Rules \"oware seeds=5\"]\nF\n");
    g_autofree char *out = tmp_file (&dir, "five.ogn", NULL);

    run_cli (&run, "convert", "--force", five, out, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.err, "4 seeds a hole"));
    g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  }
}

/* A file made read-only is not replaced without --force; with it, it is,
 * and stays read-only. */
static void
test_convert_read_only (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *source = NULL;
  g_autofree char *target = NULL;
  g_autofree char *contents = NULL;
  GStatBuf buf;

  tmp_dir_init (&dir);
  source = tmp_file (&dir, "source.txt", kalah_text);
  target = tmp_file (&dir, "kept.txt", "[Rules \"kalah\"]\nC\n");
  g_assert_cmpint (g_chmod (target, 0444), ==, 0);

  for (guint i = 0; i < 3; i++)
    {
      g_auto (Run) run = { 0 };
      g_autofree char *json = NULL;

      if (i == 0)
        run_cli (&run, "convert", source, target, NULL);
      else if (i == 1)
        run_cli (&run, "convert", "--json", source, target, NULL);
      else
        run_cli (&run, "new", "--rules", "kalah", target, NULL);
      g_assert_cmpint (exit_code (&run), ==, 1);
      g_assert_nonnull (strstr (run.err, "read-only"));
      contents = read_file (target);
      g_assert_cmpstr (contents, ==, "[Rules \"kalah\"]\nC\n");
      g_clear_pointer (&contents, g_free);
    }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "convert", "--force", source, target, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    contents = read_file (target);
    g_assert_true (g_str_has_prefix (contents, "[Format \"congkak-match 1.0\"]\n"));
    g_assert_cmpint (g_stat (target, &buf), ==, 0);
    g_assert_cmpint (buf.st_mode & 0777, ==, 0444);
  }
}

static void
test_new (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *json = NULL;
  g_autofree char *text = NULL;
  g_autofree char *contents = NULL;

  tmp_dir_init (&dir);
  json = tmp_file (&dir, "new.congkak", NULL);
  text = tmp_file (&dir, "new.txt", NULL);

  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "new", "--rules", "kalah", "--seeds", "5", "--option", "empty-side=pass",
             "--south", "Ani", "--north", "Budi", json, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) run = { 0 };
    g_autoptr (JsonParser) parser = json_parser_new ();
    JsonObject *root, *rules;

    contents = read_file (json);
    root = parse_object (contents, parser);
    rules = json_object_get_object_member (root, "rules");
    g_assert_cmpint (json_object_get_int_member (rules, "seeds"), ==, 5);
    g_assert_cmpstr (json_object_get_string_member (rules, "empty-side"), ==, "pass");
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (root, "players"), "north"), "name"), ==, "Budi");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "moves")), ==, 0);

    run_cli (&run, "validate", json, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_auto (Run) run = { 0 };
    g_autofree char *text_contents = NULL;

    run_cli (&run, "new", "--rules", "oware", "--south", "Ani", text, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    text_contents = read_file (text);
    g_assert_cmpstr (text_contents, ==,
                     "[Format \"congkak-match 1.0\"]\n"
                     "[Rules \"family=oware holes=6 seeds=4 direction=counter-clockwise first-player=south grand-slam=no-capture\"]\n"
                     "[South \"Ani\"]\n"
                     "\n");
  }
  {
    g_auto (Run) run = { 0 };
    g_autofree char *other = tmp_file (&dir, "other.congkak", NULL);

    run_cli (&run, "new", "--rules", "kalah", "--option", "grand-slam=capture", other, NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
    g_assert_false (g_file_test (other, G_FILE_TEST_EXISTS));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "new", "--rules", "kalah", NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
  }
}

static void
test_bench_seek (void)
{
  g_auto (Run) run = { 0 };

  run_bench (&run, "--seek", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "main-line moves: 2000"));
  g_assert_nonnull (strstr (run.out, "variations: 50"));
  g_assert_nonnull (strstr (run.out, "save: "));
  g_assert_nonnull (strstr (run.out, "load: "));
  g_assert_nonnull (strstr (run.out, "seek: worst "));
  g_assert_nonnull (strstr (run.out, " ms"));
}

/* The good test matches, one damaged file beside them in the library. */
static guint
count_good_files (void)
{
  g_autofree char *good = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "data", "good", NULL);
  g_autoptr (GDir) dir = g_dir_open (good, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* A library folder with the good test matches and one damaged file. */
static char *
make_library (void)
{
  g_autofree char *root = g_dir_make_tmp ("congkak-cli-library-XXXXXX", NULL);
  char *folder = g_build_filename (root, "matches", NULL);
  g_autofree char *good = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "data", "good", NULL);
  g_autoptr (GDir) dir = g_dir_open (good, 0, NULL);
  g_autofree char *broken = g_build_filename (folder, "broken.congkak", NULL);
  const char *name;

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *source = g_build_filename (good, name, NULL);
      g_autofree char *target = g_build_filename (folder, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (target, contents, length, NULL));
    }
  g_assert_true (g_file_set_contents (broken, "{ \"format\": \"congkak-match\", ", -1, NULL));
  return folder;
}

static void
remove_library (const char *folder)
{
  g_autofree char *root = g_path_get_dirname (folder);
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_remove (path);
    }
  g_rmdir (folder);
  g_rmdir (root);
}

/* library list: each match as `show` sees its end; the damaged file with
 * the message `validate` gives for it. */
static void
test_library_list (void)
{
  g_autofree char *folder = make_library ();
  g_autofree char *broken = g_build_filename (folder, "broken.congkak", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_auto (Run) run = { 0 };
  g_auto (Run) validate = { 0 };
  g_autoptr (GError) error = NULL;
  JsonArray *entries;
  guint damaged = 0;

  run_cli (&run, "library", "list", "--library", folder, "--json", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  entries = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (entries), ==, count_good_files () + 1);

  run_cli (&validate, "validate", broken, NULL);
  g_assert_cmpint (exit_code (&validate), ==, 1);

  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonObject *entry = json_array_get_object_element (entries, i);
      const char *path = json_object_get_string_member (entry, "path");
      const char *result = json_object_get_string_member (entry, "result");
      g_autoptr (JsonParser) show_parser = json_parser_new ();
      g_auto (Run) show = { 0 };
      JsonObject *end, *score;
      gint64 south, north;

      if (g_str_equal (result, "damaged"))
        {
          g_assert_cmpstr (path, ==, broken);
          /* validate prints "FILE: MESSAGE" */
          g_assert_nonnull (strstr (validate.err, json_object_get_string_member (entry, "error")));
          damaged++;
          continue;
        }
      run_cli (&show, "show", path, "--json", NULL);
      g_assert_cmpint (exit_code (&show), ==, 0);
      end = parse_object (show.out, show_parser);
      g_assert_cmpint (json_object_get_int_member (entry, "rounds"), ==, json_object_get_int_member (end, "round"));
      score = json_object_get_object_member (entry, "score");
      south = json_object_get_int_member (json_object_get_object_member (end, "south"), "store");
      north = json_object_get_int_member (json_object_get_object_member (end, "north"), "store");
      g_assert_cmpint (json_object_get_int_member (score, "south"), ==, south);
      g_assert_cmpint (json_object_get_int_member (score, "north"), ==, north);
      if (!json_object_get_boolean_member (end, "match_over"))
        g_assert_cmpstr (result, ==, "unfinished");
      else
        g_assert_cmpstr (result, ==, south > north ? "south" : north > south ? "north" : "draw");
    }
  g_assert_cmpuint (damaged, ==, 1);

  /* As text: one line a match, the damaged one named. */
  run_clear (&run);
  run_cli (&run, "library", "list", "--library", folder, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "damaged  broken.congkak: "));
  g_assert_nonnull (strstr (run.out, "(kalah-variations.congkak)"));
  remove_library (folder);
}

/* A file name that is not UTF-8 (a Latin-1 é) is valid JSON all the same:
 * shown with U+FFFD, and whole in the file's URI. */
static void
test_library_list_non_utf8 (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *name = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *uri_path = NULL;
  JsonObject *entry;

  tmp_dir_init (&dir);
  name = tmp_file (&dir, "x\xE9.congkak", NULL);
  {
    g_auto (Run) run = { 0 };

    run_cli_in (&run, NULL, kalah_text, "convert", "-", name, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }
  {
    g_autoptr (GSubprocess) process = NULL;
    g_autoptr (GBytes) out = NULL;
    const char *argv[] = { g_getenv ("CONGKAK_CLI"), "library", "list", "--json", "--library", dir.path, NULL };
    gsize length;
    const char *data;

    /* The raw bytes: communicate_utf8() would refuse what is not UTF-8. */
    process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
    g_assert_no_error (error);
    g_subprocess_communicate (process, NULL, NULL, &out, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (g_subprocess_get_if_exited (process) && g_subprocess_get_exit_status (process) == 0);
    data = g_bytes_get_data (out, &length);
    g_assert_true (g_utf8_validate_len (data, length, NULL));
    /* json-glib would read the invalid escape \xE9; others do not. */
    g_assert_null (g_strstr_len (data, length, "\\x"));
    json_parser_load_from_data (parser, data, length, &error);
    g_assert_no_error (error);
  }
  entry = json_array_get_object_element (json_node_get_array (json_parser_get_root (parser)), 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "file"), ==, "x\xEF\xBF\xBD.congkak");
  g_assert_cmpstr (json_object_get_string_member (entry, "south"), ==, "Ani");
  file = g_file_new_for_uri (json_object_get_string_member (entry, "uri"));
  uri_path = g_file_get_path (file);
  g_assert_cmpstr (uri_path, ==, name);
  g_unlink (name);
  {
    g_autofree char *index = g_build_filename (dir.path, ".congkak-library-index", NULL);

    g_unlink (index);
  }
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (; *text; text++)
    n += *text == '\n';
  return n;
}

static void
test_library_search_and_stats (void)
{
  g_autofree char *folder = make_library ();
  g_autofree char *good = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "data", "good", NULL);
  g_autoptr (GDir) dir = g_dir_open (good, 0, NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_auto (Run) run = { 0 };
  g_autoptr (GError) error = NULL;
  const char *name;
  guint siti = 0;
  JsonArray *players;
  JsonObject *stats;

  /* Siti, counted straight from the files. */
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (good, name, NULL);
      g_autofree char *contents = NULL;

      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      siti += strstr (contents, "\"Siti\"") != NULL;
    }
  g_assert_cmpuint (siti, >, 1);

  run_cli (&run, "library", "search", "--library", folder, "SITI", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_cmpuint (count_lines (run.out), ==, siti);
  run_clear (&run);

  run_cli (&run, "library", "search", "--library", folder, "siti", "nobody-at-all", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  run_clear (&run);

  run_cli (&run, "library", "stats", "--library", folder, "--player", "siti", "--json", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  players = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (players), ==, 1);
  stats = json_array_get_object_element (players, 0);
  g_assert_cmpstr (json_object_get_string_member (stats, "name"), ==, "Siti");
  g_assert_cmpint (json_object_get_int_member (stats, "matches"), ==, siti);
  g_assert_cmpint (json_object_get_int_member (stats, "wins") + json_object_get_int_member (stats, "draws")
                   + json_object_get_int_member (stats, "losses") + json_object_get_int_member (stats, "unfinished"),
                   ==, siti);
  run_clear (&run);

  run_cli (&run, "library", "stats", "--library", folder, "--player", "Nobody", NULL);
  g_assert_cmpint (exit_code (&run), ==, 1);
  remove_library (folder);
}

static void
test_library_rebuild (void)
{
  g_autofree char *folder = make_library ();
  g_autofree char *index = g_build_filename (folder, ".congkak-library-index", NULL);
  g_autofree char *read = g_strdup_printf ("  %u matches read from their files\n", count_good_files () + 1);
  g_auto (Run) run = { 0 };

  run_cli (&run, "library", "list", "--library", folder, NULL);
  g_assert_true (g_file_test (index, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_set_contents (index, "damaged", -1, NULL));
  run_clear (&run);

  run_cli (&run, "library", "rebuild", "--library", folder, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, read));
  g_assert_nonnull (strstr (run.out, "damaged: 1\n"));
  g_assert_nonnull (strstr (run.out, "damaged: broken.congkak: "));
  g_assert_nonnull (strstr (run.out, "index written: "));
  run_clear (&run);

  /* Bad arguments: exit 2. */
  run_cli (&run, "library", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  run_clear (&run);
  run_cli (&run, "library", "shuffle", "--library", folder, NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  run_clear (&run);
  run_cli (&run, "library", "search", "--library", folder, NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  run_clear (&run);
  run_cli (&run, "library", "list", "--player", "Siti", "--library", folder, NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  remove_library (folder);
}

/* congkak-cli reading a big match takes memory in proportion to the
 * file: its peak above the baseline of a match without moves (each in a
 * process of its own, measured by congkak-bench --memory) at most 25
 * times the file's size, reading and converting a 2.6 MB .congkak file
 * and a 307 KB text, whose 8.5 bytes a move hold the node of a move to
 * 200 bytes, and reading and converting a 66 KB text of bare moves, 2.3
 * bytes each: at most 58 bytes a move. */
static void
test_memory_in_proportion (void)
{
  g_auto (Run) run = { 0 };
  g_auto (GStrv) lines = NULL;
  guint checked = 0;
#ifdef __SANITIZE_ADDRESS__
  /* Under AddressSanitizer the peak also holds the freed blocks it keeps
   * in quarantine (up to 256 MiB): the limit is the program's, not its. */
  const double limit = G_MAXDOUBLE;
#else
  const double limit = 25;
#endif

  run_bench (&run, "--memory", NULL);
  g_test_message ("%s", run.out);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "baseline, validate a match without moves: peak "));
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *times = strstr (lines[i], "above the baseline ");
      double ratio;

      if (times == NULL)
        continue;
      ratio = g_ascii_strtod (times + strlen ("above the baseline "), NULL);
      if (ratio > limit)
        g_error ("%s: more than 25 times the file’s size", lines[i]);
      checked++;
    }
  g_assert_nonnull (strstr (run.out, "validate bare.txt ("));
  g_assert_nonnull (strstr (run.out, "convert bare.txt → .congkak ("));
  g_assert_cmpuint (checked, ==, 6);
}

/* A small class follows the whole long match (the benchmark stops with an
 * error when a follower is not where the teacher is). */
static void
test_bench_lesson (void)
{
  g_auto (Run) run = { 0 };

  run_bench (&run, "--lesson", "3", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "followers: 3 (over in-memory channels, in this process"));
  g_assert_nonnull (strstr (run.out, "steps: 1500, questions: "));
  g_assert_nonnull (strstr (run.out, "host processor time per step: mean "));
  g_assert_nonnull (strstr (run.out, "resident memory: "));
  run_clear (&run);

  run_bench (&run, "--lesson", "101", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  g_assert_nonnull (strstr (run.err, "--lesson takes a number of followers from 1 to 100."));
  run_clear (&run);
  run_bench (&run, "--lesson", "3", "--seek", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  run_clear (&run);
  /* over the network the server takes at most 64 clients; a whole run
   * over it paces the steps (a minute), so only its arguments here */
  run_bench (&run, "--lesson", "65", "--transport", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  g_assert_nonnull (strstr (run.err, "--lesson --transport takes a number of followers from 1 to 64."));
  run_clear (&run);
  run_bench (&run, "--transport", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  g_assert_nonnull (strstr (run.err, "--transport goes with --lesson."));
}

static void
test_bench_library (void)
{
  g_auto (Run) run = { 0 };

  run_bench (&run, "--library", "40", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "library: 40 generated matches"));
  g_assert_nonnull (strstr (run.out, "index build (first start, every file read): "));
  g_assert_nonnull (strstr (run.out, "open (later starts, from the index): "));
  g_assert_nonnull (strstr (run.out, "  40 matches listed\n  0 matches read from their files\n"));
  g_assert_nonnull (strstr (run.out, "search as typed, "));
  g_assert_nonnull (strstr (run.out, "player statistics: "));
  run_clear (&run);

  /* --keep makes the library in a new folder and leaves it there. */
  {
    g_autofree char *root = g_dir_make_tmp ("congkak-cli-keep-XXXXXX", NULL);
    g_autofree char *kept = g_build_filename (root, "library", NULL);
    g_autoptr (GDir) dir = NULL;
    const char *name;
    guint matches = 0, indexes = 0;

    run_bench (&run, "--library", "6", "--keep", kept, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    dir = g_dir_open (kept, 0, NULL);
    g_assert_nonnull (dir);
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        matches += g_str_has_suffix (name, ".congkak") && *name != '.';
        indexes += g_str_equal (name, ".congkak-library-index");
      }
    g_assert_cmpuint (matches, ==, 6);
    g_assert_cmpuint (indexes, ==, 1);
    run_clear (&run);

    /* Never into a folder that is there already. */
    run_bench (&run, "--library", "2", "--keep", kept, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    run_clear (&run);
    run_bench (&run, "--keep", kept, NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);

    g_dir_rewind (dir);
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (kept, name, NULL);

        g_remove (path);
      }
    g_rmdir (kept);
    g_rmdir (root);
  }
}

/* The exact solver: Kalah(4,3) is +6 for South (published). */
static void
test_solve (void)
{
  g_auto (Run) run = { 0 };

  run_cli (&run, "solve", "--rules", "kalah", "--holes", "4", "--seeds", "3", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "+6"));
  run_clear (&run);

  /* Only single-round store games. */
  run_cli (&run, "solve", "--rules", "oware", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  g_assert_cmpstr (run.err, !=, "");
  run_clear (&run);

  /* A table of the size given, not rounded to a power of two; threads. */
  run_cli (&run, "solve", "--rules", "kalah", "--holes", "4", "--seeds", "3", "--table-mb", "3", "--threads", "2", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "+6"));
  g_assert_nonnull (strstr (run.out, "table: 3 MiB\n"));
  g_assert_nonnull (strstr (run.out, "threads: 2\n"));
  g_assert_nonnull (strstr (run.out, "peak memory: "));
  g_assert_null (strstr (run.out, "endgame"));
  run_clear (&run);

  for (guint i = 0; i < 3; i++)
    {
      static const char * const bad[][2] = {
        { "--endgame", "41" }, { "--threads", "0" }, { "--table-mb", "0" },
      };

      run_cli (&run, "solve", "--rules", "kalah", bad[i][0], bad[i][1], NULL);
      g_assert_cmpint (exit_code (&run), ==, 2);
      g_assert_nonnull (strstr (run.err, bad[i][0]));
      run_clear (&run);
    }
}

/* The endgame database: built in memory, or built once into the cache
 * folder and read from there after. */
static void
test_solve_endgame (void)
{
  g_auto (Run) run = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *cache = g_dir_make_tmp ("congkak-cli-cache-XXXXXX", &error);
  g_autofree char *folder = g_build_filename (cache, "congkak", "endgame", NULL);
  g_autofree char *old_cache = g_strdup (g_getenv ("XDG_CACHE_HOME"));
  const char *name;
  g_autoptr (GDir) dir = NULL;

  g_assert_no_error (error);
  run_cli (&run, "solve", "--rules", "kalah", "--holes", "5", "--seeds", "4", "--endgame", "9", "--no-cache", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "margin: +10 "));
  g_assert_nonnull (strstr (run.out, "endgame database: 92378 positions, up to 9 seeds on the board\n"));
  g_assert_nonnull (strstr (run.out, "endgame database built in "));
  g_assert_null (strstr (run.out, "saved"));
  run_clear (&run);

  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  run_cli (&run, "solve", "--rules", "kalah", "--holes", "5", "--seeds", "4", "--endgame", "9", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "margin: +10 "));
  g_assert_nonnull (strstr (run.out, " and saved to "));
  g_assert_nonnull (strstr (run.out, folder));
  run_clear (&run);

  run_cli (&run, "solve", "--rules", "kalah", "--holes", "5", "--seeds", "4", "--endgame", "9", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "margin: +10 "));
  g_assert_nonnull (strstr (run.out, "endgame database read from "));
  run_clear (&run);
  if (old_cache != NULL)
    g_setenv ("XDG_CACHE_HOME", old_cache, TRUE);
  else
    g_unsetenv ("XDG_CACHE_HOME");

  dir = g_dir_open (folder, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_assert_true (g_str_has_suffix (name, ".endgame"));
      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_clear_pointer (&folder, g_free);
  folder = g_build_filename (cache, "congkak", NULL);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpint (g_rmdir (cache), ==, 0);

  /* --threads and --cached belong to --solver. */
  run_bench (&run, "--threads", "2", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);

  /* The Oware endgame databases of 1 to 5 seeds, each with every position
   * of 0 seeds up: C(5 + 12, 12) = 6188 at 5 seeds. */
  run_clear (&run);
  run_bench (&run, "--oware-endgame", "5", "--threads", "2", NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_nonnull (strstr (run.out, "\n1  13  26  "));
  g_assert_nonnull (strstr (run.out, "\n5  6188  12376  "));
  run_clear (&run);
  run_bench (&run, "--oware-endgame", "25", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  run_clear (&run);
  run_bench (&run, "--oware-endgame", "5", "--cached", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
}

/* Pictures */

static char *
sample_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "good", name, NULL);
}

/* The width and height in a PNG file's header (its IHDR chunk). */
static void
png_size (const char *path,
          guint      *width,
          guint      *height)
{
  static const guchar signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  g_autoptr (GError) error = NULL;
  g_autofree guchar *data = NULL;
  gsize length;

  g_file_get_contents (path, (char **) &data, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 33);
  g_assert_cmpmem (data, 8, signature, 8);
  g_assert_cmpmem (data + 12, 4, "IHDR", 4);
  *width = (guint) data[16] << 24 | data[17] << 16 | data[18] << 8 | data[19];
  *height = (guint) data[20] << 24 | data[21] << 16 | data[22] << 8 | data[23];
}

typedef struct
{
  char  *root;
  char  *width;
  char  *height;
  guint  glyphs;   /* places text is drawn: letters and counts */
} Svg;

static void
svg_clear (Svg *svg)
{
  g_clear_pointer (&svg->root, g_free);
  g_clear_pointer (&svg->width, g_free);
  g_clear_pointer (&svg->height, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Svg, svg_clear)

static void
svg_start_element (GMarkupParseContext  *context,
                   const char           *element,
                   const char          **names,
                   const char          **values,
                   gpointer              user_data,
                   GError              **error)
{
  Svg *svg = user_data;

  if (svg->root == NULL)
    {
      svg->root = g_strdup (element);
      for (guint i = 0; names[i]; i++)
        if (g_str_equal (names[i], "width"))
          svg->width = g_strdup (values[i]);
        else if (g_str_equal (names[i], "height"))
          svg->height = g_strdup (values[i]);
    }
  /* Cairo draws each glyph of text as a <use> of its outline. */
  if (g_str_equal (element, "use"))
    for (guint i = 0; names[i]; i++)
      if (g_str_equal (names[i], "xlink:href") && g_str_has_prefix (values[i], "#glyph"))
        svg->glyphs++;
}

/* Parses @path as XML: any syntax error fails the test. */
static void
parse_svg (const char *path,
           Svg        *svg)
{
  static const GMarkupParser parser = { svg_start_element, NULL, NULL, NULL, NULL };
  g_autoptr (GMarkupParseContext) context = g_markup_parse_context_new (&parser, G_MARKUP_DEFAULT_FLAGS, svg, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = read_file (path);

  g_markup_parse_context_parse (context, contents, -1, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (svg->root, ==, "svg");
}

static void
test_export_png (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *sample = sample_path ("congkak-multi-round.congkak");
  g_autofree char *png = NULL;
  guint width, height;

  tmp_dir_init (&dir);
  png = tmp_file (&dir, "board.png", NULL);

  /* The size asked for, exactly. */
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "export", sample, "--move", "5", "--arrows", "--png", png, "--size", "640x200", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_cmpstr (run.err, ==, "");
    png_size (png, &width, &height);
    g_assert_cmpuint (width, ==, 640);
    g_assert_cmpuint (height, ==, 200);
  }

  /* By default 1200 wide and as high as the board: a 7-hole board is
   * about 11.5 hole pitches long and 3.1 wide. */
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "export", sample, "--png", png, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    png_size (png, &width, &height);
    g_assert_cmpuint (width, ==, 1200);
    g_assert_cmpuint (height, >=, 1200 * 3.1 / 11.5);
    g_assert_cmpuint (height, <=, 1200 * 3.1 / 11.5 * 1.1);
  }

  /* A width alone; a board of 3 holes is higher for its length. */
  {
    g_auto (Run) run = { 0 };
    guint width7, height7;

    run_cli (&run, "export", "--rules", "kalah", "--holes", "7", "--png", png, "--size", "500", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    png_size (png, &width7, &height7);
    g_assert_cmpuint (width7, ==, 500);
    run_clear (&run);

    run_cli (&run, "export", "--rules", "kalah", "--holes", "3", "--png", png, "--size", "500", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    png_size (png, &width, &height);
    g_assert_cmpuint (width, ==, 500);
    g_assert_cmpuint (height, >, height7);
  }
}

static void
test_export_svg (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *sample = sample_path ("kalah-variations.congkak");
  g_autofree char *svg_path = NULL;
  g_autofree char *bare_path = NULL;
  g_autofree char *png_path = NULL;
  g_autofree char *rsvg = g_find_program_in_path ("rsvg-convert");

  tmp_dir_init (&dir);
  svg_path = tmp_file (&dir, "board.svg", NULL);
  bare_path = tmp_file (&dir, "bare.svg", NULL);
  png_path = tmp_file (&dir, "rendered.png", NULL);

  {
    g_auto (Run) run = { 0 };
    g_auto (Svg) svg = { 0 };

    run_cli (&run, "export", sample, "--node", "moves[2].variations[0][1]", "--arrows",
             "--svg", svg_path, "--size", "900x300", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    parse_svg (svg_path, &svg);
    g_assert_cmpstr (svg.width, ==, "900px");
    g_assert_cmpstr (svg.height, ==, "300px");
    /* 12 letters, 12 hole counts and 2 store counts at least. */
    g_assert_cmpuint (svg.glyphs, >=, 26);
  }

  /* Without letters and counts only the stores' counts are text. */
  {
    g_auto (Run) run = { 0 };
    g_auto (Svg) svg = { 0 };

    run_cli (&run, "export", sample, "--no-letters", "--no-counts", "--dark", "--svg", bare_path, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    parse_svg (bare_path, &svg);
    g_assert_cmpstr (svg.width, ==, "1200px");
    g_assert_cmpuint (svg.glyphs, >=, 2);
    g_assert_cmpuint (svg.glyphs, <=, 4);
  }

  /* An SVG renderer reads it at its size. */
  if (rsvg)
    {
      const char *argv[] = { rsvg, svg_path, "-o", png_path, NULL };
      g_autoptr (GError) error = NULL;
      int status;
      guint width, height;

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error);
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      png_size (png_path, &width, &height);
      g_assert_cmpuint (width, ==, 900);
      g_assert_cmpuint (height, ==, 300);
    }
  else
    g_test_message ("rsvg-convert not found: the SVG was parsed, not rendered");
}

/* Without a file: the start of a game, a layout, moves. */
static void
test_export_without_file (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  guint width, height;

  tmp_dir_init (&dir);
  png = tmp_file (&dir, "start.png", NULL);
  svg = tmp_file (&dir, "start.svg", NULL);

  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "export", "--rules", "oware", "--png", png, "--svg", svg, "--size", "600x200", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    png_size (png, &width, &height);
    g_assert_cmpuint (width, ==, 600);
    g_assert_true (g_file_test (svg, G_FILE_TEST_EXISTS));
    run_clear (&run);

    run_cli (&run, "export", "--rules", "kalah", "--moves", "C D", "--arrows", "--png", png, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    run_clear (&run);

    run_cli (&run, "export", "--rules", "kalah", "--position", "S: 0 0 5 1 0 0 | 10 / N: 1 0 0 0 2 3 | 12 / south",
             "--moves", "C", "--arrows", "--png", png, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    run_clear (&run);

    /* An opening is one move, commas and all. */
    run_cli (&run, "export", "--rules", "congkak", "--moves", "opening:A,B/b", "--png", png, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
  }

  /* A move that is not legal there, and a layout that does not fit. */
  {
    g_auto (Run) run = { 0 };
    g_autofree char *other = tmp_file (&dir, "other.png", NULL);

    run_cli (&run, "export", "--rules", "kalah", "--moves", "C b", "--png", other, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.err, "move 2 (“b”)"));
    run_clear (&run);

    run_cli (&run, "export", "--rules", "kalah", "--position", "S: 1 2 | 0 / N: 1 | 0 / south", "--png", other, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.err, "--position"));
    g_assert_false (g_file_test (other, G_FILE_TEST_EXISTS));
  }
}

static void
test_export_errors (void)
{
  g_auto (TmpDir) dir = { 0 };
  g_autofree char *sample = sample_path ("congkak-multi-round.congkak");
  g_autofree char *kept = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *contents = NULL;

  tmp_dir_init (&dir);
  kept = tmp_file (&dir, "kept.png", "an older picture");
  missing = g_build_filename (dir.path, "no-such-folder", "board.png", NULL);

  /* A node that is not in the match: nothing is written. */
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "export", sample, "--node", "moves[999]", "--png", kept, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.err, "moves[999]"));
    contents = read_file (kept);
    g_assert_cmpstr (contents, ==, "an older picture");
    run_clear (&run);

    run_cli (&run, "export", sample, "--move", "1000", "--png", kept, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.err, "only 87 moves"));
  }

  /* A folder that does not exist: a clear error, no file. */
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "export", sample, "--png", missing, NULL);
    g_assert_cmpint (exit_code (&run), ==, 1);
    g_assert_nonnull (strstr (run.err, missing));
    g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  }

  /* Bad arguments. */
  {
    const char *sizes[] = { "10x10", "0", "1200x", "x300", "12ab", "9000x300", "-5" };

    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_auto (Run) run = { 0 };

        run_cli (&run, "export", sample, "--png", kept, "--size", sizes[i], NULL);
        g_assert_cmpint (exit_code (&run), ==, 2);
        g_assert_nonnull (strstr (run.err, "is not a size"));
      }
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "export", sample, NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
    run_clear (&run);
    run_cli (&run, "export", sample, "--rules", "kalah", "--png", kept, NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
    run_clear (&run);
    run_cli (&run, "export", sample, "--node", "moves[1]", "--move", "2", "--png", kept, NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
  }
  g_clear_pointer (&contents, g_free);
  contents = read_file (kept);
  g_assert_cmpstr (contents, ==, "an older picture");
}

/* The rules in words, for a profile, a custom rule set and one section. */
static void
test_rules_text (void)
{
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "rules", "--rules", "kalah", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "Rules of Kalah (help page rules-kalah)\n"));
    g_assert_nonnull (strstr (run.out, "\nCapture [capture]\n"));
    g_assert_null (strstr (run.out, "[relay]"));
    g_assert_null (strstr (run.out, "[burnt]"));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "rules", "--rules", "kalah", "--option", "rounds=multi", "--option", "burnt-sowing=forfeit", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "Custom Rules (help page rules-congkak)\n"));
    g_assert_nonnull (strstr (run.out, "\nBurnt Holes [burnt]\n"));
    g_assert_nonnull (strstr (run.out, "opponent’s store instead"));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "rules", "--rules", "oware", "--section", "grand-slam", NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_nonnull (strstr (run.out, "Grand Slam [grand-slam]\n  A move that would capture every seed"));
    g_assert_null (strstr (run.out, "[capture]"));
  }
  {
    g_auto (Run) run = { 0 };

    /* Oware has no relay: a clear error, exit 2. */
    run_cli (&run, "rules", "--rules", "oware", "--section", "relay", NULL);
    g_assert_cmpint (exit_code (&run), ==, 2);
    g_assert_nonnull (strstr (run.err, "no section"));
  }
}

/* Puzzles */

static JsonArray *
puzzles_of (JsonParser *parser,
            const char *out,
            gint64     *positions)
{
  JsonObject *root = parse_object (out, parser);

  if (positions)
    *positions = json_object_get_int_member (root, "positions");
  return json_object_get_array_member (root, "puzzles");
}

static void
test_puzzles_text (void)
{
  g_autofree char *kalah = sample_path ("kalah-analysed.congkak");
  g_auto (Run) run = { 0 };

  run_cli (&run, "puzzles", "--nodes", "20000", "--proof-nodes", "200000", "--count", "2", kalah, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "Puzzle 1 · Kalah · "));
  g_assert_nonnull (strstr (run.out, "\nPuzzle 2 · Kalah · "));
  g_assert_null (strstr (run.out, "Puzzle 3 "));
  g_assert_nonnull (strstr (run.out, "From: Siti vs Computer, 2026-11-30, move "));
  g_assert_nonnull (strstr (run.out, "(kalah-analysed.congkak, moves["));
  g_assert_nonnull (strstr (run.out, "\nAnswer: "));
  g_assert_nonnull (strstr (run.out, "  Best: "));
  g_assert_nonnull (strstr (run.out, "Puzzles: 2; positions looked at: 56.\nJudged: "));
  /* Two are enough: the search stopped before judging every position. */
  g_assert_null (strstr (run.out, "Judged: 56;"));
}

static void
test_puzzles_json (void)
{
  g_autofree char *kalah = sample_path ("kalah-analysed.congkak");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_auto (Run) run = { 0 };
  JsonArray *puzzles;
  gint64 positions;

  run_cli (&run, "puzzles", "--nodes", "20000", "--proof-nodes", "200000", "--json", kalah, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  puzzles = puzzles_of (parser, run.out, &positions);
  g_assert_cmpint (positions, ==, 56);
  g_assert_cmpuint (json_array_get_length (puzzles), >, 0);
  for (guint i = 0; i < json_array_get_length (puzzles); i++)
    {
      JsonObject *puzzle = json_array_get_object_element (puzzles, i);
      JsonArray *solution = json_object_get_array_member (puzzle, "solution");
      JsonArray *why = json_object_get_array_member (puzzle, "why");
      const char *answer = json_object_get_string_member (puzzle, "answer");

      g_assert_cmpint (json_object_get_int_member (puzzle, "number"), ==, i + 1);
      g_assert_cmpstr (json_object_get_string_member (puzzle, "game"), ==, "kalah");
      g_assert_cmpstr (answer, ==, json_array_get_string_element (solution, 0));
      g_assert_cmpuint (json_array_get_length (why), ==, json_array_get_length (solution));
      g_assert_true (g_str_has_prefix (json_array_get_string_element (why, 0), answer));
      g_assert_cmpint (json_object_get_int_member (puzzle, "value"), >, json_object_get_int_member (puzzle, "next-value"));
      g_assert_true (json_object_has_member (json_object_get_object_member (puzzle, "board"), "south"));
      g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (puzzle, "source"), "file"),
                       ==, "kalah-analysed.congkak");
    }
}

/* Kept in a file, then read back from it instead of searched again. */
static void
test_puzzles_out_and_back (void)
{
  g_autofree char *kalah = sample_path ("kalah-analysed.congkak");
  g_autofree char *folder = g_dir_make_tmp ("congkak-cli-puzzles-XXXXXX", NULL);
  g_autofree char *set = g_build_filename (folder, "set.json", NULL);
  g_autoptr (JsonParser) found_parser = json_parser_new ();
  g_autoptr (JsonParser) read_parser = json_parser_new ();
  g_auto (Run) found = { 0 };
  g_auto (Run) read = { 0 };
  g_auto (Run) stdout_set = { 0 };
  JsonArray *first, *second;
  gint64 positions;

  run_cli (&found, "puzzles", "--nodes", "20000", "--proof-nodes", "200000", "--json", "--title", "Kalah for 3B", "--out", set, kalah, NULL);
  g_assert_cmpint (exit_code (&found), ==, 0);
  run_cli (&read, "puzzles", "--json", set, NULL);
  g_assert_cmpint (exit_code (&read), ==, 0);
  first = puzzles_of (found_parser, found.out, NULL);
  second = puzzles_of (read_parser, read.out, &positions);
  g_assert_cmpint (positions, ==, 0);
  g_assert_cmpuint (json_array_get_length (first), ==, json_array_get_length (second));
  for (guint i = 0; i < json_array_get_length (first); i++)
    {
      JsonObject *a = json_array_get_object_element (first, i);
      JsonObject *b = json_array_get_object_element (second, i);

      g_assert_cmpstr (json_object_get_string_member (a, "answer"), ==, json_object_get_string_member (b, "answer"));
      g_assert_cmpstr (json_object_get_string_member (a, "verdict"), ==, json_object_get_string_member (b, "verdict"));
    }

  /* “--out -” prints the file itself, title and all. */
  run_cli (&stdout_set, "puzzles", "--out", "-", "--count", "1", set, NULL);
  g_assert_cmpint (exit_code (&stdout_set), ==, 0);
  g_assert_true (g_str_has_prefix (stdout_set.out, "{\n\"format\" : \"congkak-puzzles\""));
  g_assert_nonnull (strstr (stdout_set.out, "\"title\" : \"Kalah for 3B\""));

  g_remove (set);
  g_rmdir (folder);
}

static void
test_puzzles_filters_and_errors (void)
{
  g_autofree char *kalah = sample_path ("kalah-analysed.congkak");
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "puzzles", "bad", "solution-illegal.json", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_auto (Run) run = { 0 };

  run_cli (&run, "puzzles", "--nodes", "20000", "--proof-nodes", "200000", "--json", "--game", "oware", kalah, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_cmpuint (json_array_get_length (puzzles_of (parser, run.out, NULL)), ==, 0);

  run_clear (&run);
  run_cli (&run, "puzzles", "--difficulty", "tricky", kalah, NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  g_assert_nonnull (strstr (run.err, "--difficulty is easy, medium or hard."));

  run_clear (&run);
  run_cli (&run, "puzzles", "--game", "chess", kalah, NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);
  g_assert_nonnull (strstr (run.err, "Unknown game “chess”"));

  run_clear (&run);
  run_cli (&run, "puzzles", NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);

  /* A bad puzzle file: its path in the file, exit 1. */
  run_clear (&run);
  run_cli (&run, "puzzles", bad, NULL);
  g_assert_cmpint (exit_code (&run), ==, 1);
  g_assert_nonnull (strstr (run.err, "solution-illegal.json: puzzles[0].solution[1]: "));

  /* A match that does not load is named; the others are still searched. */
  run_clear (&run);
  run_cli (&run, "puzzles", "--nodes", "20000", "--proof-nodes", "200000", "no-such-match.congkak", kalah, NULL);
  g_assert_cmpint (exit_code (&run), ==, 1);
  g_assert_nonnull (strstr (run.err, "no-such-match.congkak: "));
  g_assert_nonnull (strstr (run.out, "Puzzle 1 · Kalah"));
}

/* The pages a PDF has, as pdfinfo says. */
static int
pdf_pages (const char *path)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  const char *line;
  int status;

  g_assert_nonnull (pdfinfo);  g_spawn_sync (NULL, (char *[]) { pdfinfo, (char *) path, NULL }, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, "\nPages:");
  g_assert_nonnull (line);
  return atoi (line + strlen ("\nPages:"));
}

static void
test_puzzles_sheet (void)
{
  g_autofree char *kalah = sample_path ("kalah-analysed.congkak");
  g_autofree char *folder = g_dir_make_tmp ("congkak-cli-sheet-XXXXXX", NULL);
  g_autofree char *set = g_build_filename (folder, "set.json", NULL);
  g_autofree char *four = g_build_filename (folder, "four.pdf", NULL);
  g_autofree char *seven = g_build_filename (folder, "seven.pdf", NULL);
  g_autofree char *head = NULL;
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_auto (Run) run = { 0 };

  if (pdfinfo == NULL)
    {
      g_test_skip ("pdfinfo is missing");
      return;
    }

  /* Four puzzles, three a page: two pages of puzzles, one of answers. */
  run_cli (&run, "puzzles", "--nodes", "20000", "--proof-nodes", "200000", "--count", "4", "--out", set, "--sheet", four, kalah, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_true (g_file_get_contents (four, &head, NULL, NULL));
  g_assert_true (g_str_has_prefix (head, "%PDF-"));
  g_assert_cmpint (pdf_pages (four), ==, 3);

  /* From the puzzle file: seven would be asked, four are there, two a page. */
  run_clear (&run);
  run_cli (&run, "puzzles", "--count", "7", "--per-page", "2", "--sheet", seven, set, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_cmpint (pdf_pages (seven), ==, 3);

  run_clear (&run);
  /* Seven proved claims need the default proof budget. */
  run_cli (&run, "puzzles", "--nodes", "20000", "--count", "7", "--per-page", "2", "--sheet", seven, kalah, NULL);
  g_assert_cmpint (exit_code (&run), ==, 0);
  g_assert_cmpint (pdf_pages (seven), ==, 5);

  run_clear (&run);
  run_cli (&run, "puzzles", "--per-page", "9", "--sheet", seven, set, NULL);
  g_assert_cmpint (exit_code (&run), ==, 2);

  g_remove (four);
  g_remove (seven);
  g_remove (set);
  g_rmdir (folder);
}

static void
test_puzzles_library (void)
{
  g_autofree char *folder = make_library ();
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_auto (Run) run = { 0 };
  JsonArray *puzzles;

  g_setenv ("CONGKAK_LIBRARY_DIR", folder, TRUE);
  run_cli (&run, "puzzles", "--library", "--game", "kalah", "--no-variations", "--nodes", "5000", "--proof-nodes", "200000", "--json", NULL);
  g_unsetenv ("CONGKAK_LIBRARY_DIR");
  g_assert_cmpint (exit_code (&run), ==, 0);
  puzzles = puzzles_of (parser, run.out, NULL);
  g_assert_cmpuint (json_array_get_length (puzzles), >, 0);
  for (guint i = 0; i < json_array_get_length (puzzles); i++)
    {
      JsonObject *puzzle = json_array_get_object_element (puzzles, i);
      JsonObject *source = json_object_get_object_member (puzzle, "source");
      const char *file = json_object_get_string_member (source, "file");

      /* Kalah's files in tests/data/good: kalah-*.congkak and unknown-fields.congkak. */
      g_assert_cmpstr (json_object_get_string_member (puzzle, "game"), ==, "kalah");
      g_assert_true (g_str_has_prefix (file, "kalah-") || g_str_equal (file, "unknown-fields.congkak"));
    }
  remove_library (folder);
}

/* --count stops the search: a long match (issue 28, case 11: 75,850 moves
 * were searched to the end for one puzzle) gives its first puzzle after
 * judging a few of its positions, the most promising first, and reads
 * only a batch of them. */
static void
test_puzzles_count_long_match (void)
{
  g_autofree char *folder = g_dir_make_tmp ("congkak-test-long-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "long.congkak", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root, *claims;
  JsonArray *puzzles;
  gint64 positions;

  {
    g_auto (Run) run = { 0 };

    run_bench (&run, "--long-match", "20000", "--keep", path, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "long match: 20000 moves"));
  }
  {
    g_auto (Run) run = { 0 };

    run_cli (&run, "puzzles", "--count", "1", "--json", path, NULL);
    g_assert_cmpint (exit_code (&run), ==, 0);
    puzzles = puzzles_of (parser, run.out, &positions);
    root = json_node_get_object (json_parser_get_root (parser));
    claims = json_object_get_object_member (root, "claims");
    g_test_message ("positions ranked %" G_GINT64_FORMAT ", judged %" G_GINT64_FORMAT ", claims %" G_GINT64_FORMAT,
                    positions, json_object_get_int_member (claims, "judged"),
                    json_object_get_int_member (claims, "candidates"));
    g_assert_cmpuint (json_array_get_length (puzzles), ==, 1);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (puzzles, 0), "proof"), !=,
                     "estimate");
    /* Ranked: one batch, not the 20,000 positions; judged: a handful. */
    g_assert_cmpint (positions, <=, 2000);
    g_assert_cmpint (json_object_get_int_member (claims, "judged"), <, 200);
  }
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
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
  g_test_add_func ("/cli/rules-arguments/negative", test_rules_arguments_negative);
  g_test_add_func ("/cli/rules-arguments/order", test_rules_arguments_order);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/perft", test_perft);
  g_test_add_func ("/cli/bench", test_bench);
  g_test_add_func ("/cli/bench/seek", test_bench_seek);
  g_test_add_func ("/cli/validate", test_validate);
  g_test_add_func ("/cli/validate/warning", test_validate_warning);
  g_test_add_func ("/cli/bounded-messages", test_bounded_messages);
  g_test_add_func ("/cli/file-name-with-colon", test_file_name_with_colon);
  g_test_add_func ("/cli/validate/stdin", test_validate_stdin);
  g_test_add_func ("/cli/terminal-safety", test_terminal_safety);
  g_test_add_func ("/cli/terminal-safety/pipes", test_terminal_safety_pipes);
  g_test_add_func ("/cli/show", test_show);
  g_test_add_func ("/cli/show/clockwise", test_show_clockwise);
  g_test_add_func ("/cli/convert/round-trip", test_convert_round_trip);
  g_test_add_func ("/cli/convert/ogn", test_convert_ogn);
  g_test_add_func ("/cli/convert/ogn-losses", test_convert_ogn_losses);
  g_test_add_func ("/cli/convert/read-only", test_convert_read_only);
  g_test_add_func ("/cli/new", test_new);
  g_test_add_func ("/cli/rules", test_rules_text);
  g_test_add_func ("/cli/export/png", test_export_png);
  g_test_add_func ("/cli/export/svg", test_export_svg);
  g_test_add_func ("/cli/export/without-file", test_export_without_file);
  g_test_add_func ("/cli/export/errors", test_export_errors);

  g_test_add_func ("/cli/solve", test_solve);
  g_test_add_func ("/cli/solve/endgame", test_solve_endgame);
  g_test_add_func ("/cli/library/list", test_library_list);
  g_test_add_func ("/cli/library/list-non-utf8", test_library_list_non_utf8);
  g_test_add_func ("/cli/library/search-and-stats", test_library_search_and_stats);
  g_test_add_func ("/cli/library/rebuild", test_library_rebuild);
  g_test_add_func ("/cli/bench/library", test_bench_library);
  g_test_add_func ("/cli/bench/lesson", test_bench_lesson);
  g_test_add_func ("/cli/memory/in-proportion", test_memory_in_proportion);
  g_test_add_func ("/cli/puzzles/text", test_puzzles_text);
  g_test_add_func ("/cli/puzzles/json", test_puzzles_json);
  g_test_add_func ("/cli/puzzles/out-and-back", test_puzzles_out_and_back);
  g_test_add_func ("/cli/puzzles/filters-and-errors", test_puzzles_filters_and_errors);
  g_test_add_func ("/cli/puzzles/sheet", test_puzzles_sheet);
  g_test_add_func ("/cli/puzzles/library", test_puzzles_library);
  g_test_add_func ("/cli/puzzles/count-long-match", test_puzzles_count_long_match);

  return g_test_run ();
}
