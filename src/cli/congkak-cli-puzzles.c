/* congkak-cli-puzzles.c — puzzles: found in matches, saved, printed on a sheet
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The puzzle finder from scripts and for teachers: the positions of match
 * files (or of the whole library) where one move is clearly better than
 * every other, each printed with its answer and why it works; kept as a
 * puzzle file (--out) or drawn as a PDF sheet with the answers at the end
 * (--sheet).  A puzzle file given as FILE is read instead of searched.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "congkak-analysis.h"
#include "congkak-cli-private.h"
#include "congkak-file-util.h"
#include "congkak-library.h"
#include "congkak-match-file.h"
#include "congkak-puzzle-finder.h"
#include "congkak-puzzle-sheet.h"

/* How much of a file is looked at to tell a puzzle file from a match. */
#define SNIFF_BYTES 4096

/* A puzzle file names its format near its start; a match never does. */
static gboolean
is_puzzle_file (const char *path)
{
  g_autoptr (GFile) file = congkak_file_new_for_argument (path);
  g_autoptr (GFileInputStream) stream = NULL;
  char head[SNIFF_BYTES + 1];
  gsize length = 0;

  if (g_str_equal (path, "-") || !congkak_file_check_type (g_file_peek_path (file), TRUE, NULL))
    return FALSE;
  stream = g_file_read (file, NULL, NULL);
  if (stream == NULL
      || !g_input_stream_read_all (G_INPUT_STREAM (stream), head, SNIFF_BYTES, &length, NULL, NULL))
    return FALSE;
  head[length] = '\0';
  return strstr (head, "\"" CONGKAK_PUZZLE_SET_FORMAT "\"") != NULL;
}

static gboolean
is_known_game (const char *game)
{
  return g_str_equal (game, "custom") || g_strv_contains (congkak_rules_profile_names (), game);
}

static void
report_progress (guint    done,
                 guint    total,
                 gpointer user_data)
{
  gint64 *last = user_data;
  gint64 now = g_get_monotonic_time ();

  /* A few times a second, on the terminal only. */
  if (done < total && now - *last < G_USEC_PER_SEC / 4)
    return;
  *last = now;
  /* Back to the start of the line, past the escaping of g_printerr(). */
  fputs ("\r", stderr);
  g_printerr (_("Looking at position %u of %u…"), done, total);
  if (done == total)
    g_printerr ("\n");
}

static void
print_puzzle (CongkakPuzzle *puzzle,
              guint          index)
{
  const CongkakPuzzleSource *source = congkak_puzzle_get_source (puzzle);
  g_autofree char *description = congkak_puzzle_dup_description (puzzle);
  g_autofree char *origin = congkak_puzzle_dup_origin (puzzle);
  g_autofree char *verdict = congkak_puzzle_dup_verdict (puzzle);
  g_autoptr (GPtrArray) lines = congkak_puzzle_dup_line_summaries (puzzle);
  g_autoptr (GString) board = g_string_new (NULL);

  /* TRANSLATORS: a puzzle's number, then its game, who moves and how hard */
  g_print (_("Puzzle %u · %s\n"), index + 1, description);
  if (origin)
    {
      g_print (_("From: %s"), origin);
      if (source->file && source->node)
        g_print (" (%s, %s)", source->file, source->node);
      g_print ("\n");
    }
  congkak_cli_append_board (board, congkak_puzzle_get_rules (puzzle), congkak_puzzle_get_position (puzzle),
                            source->players[CONGKAK_SOUTH], source->players[CONGKAK_NORTH]);
  g_print ("%s", board->str);
  /* TRANSLATORS: a puzzle's answer, a move such as “C” */
  g_print (_("Answer: %s\n"), congkak_puzzle_get_solution (puzzle)[0]);
  for (guint i = 0; i < lines->len; i++)
    g_print ("  %s\n", (const char *) g_ptr_array_index (lines, i));
  if (verdict)
    g_print ("  %s\n", verdict);
  if (source->played && !congkak_puzzle_is_answer (puzzle, g_ascii_tolower (source->played[0]) - 'a'))
    g_print (_("  Played in the match: %s\n"), source->played);
  g_print ("\n");
}

static void
add_string (JsonBuilder *builder,
            const char  *member,
            const char  *value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_string_value (builder, value ? value : "");
}

static void
add_int (JsonBuilder *builder,
         const char  *member,
         gint64       value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_int_value (builder, value);
}

static void
add_puzzle_json (JsonBuilder   *builder,
                 CongkakPuzzle *puzzle,
                 guint          index)
{
  const CongkakPuzzleSource *source = congkak_puzzle_get_source (puzzle);
  const CongkakPosition *position = congkak_puzzle_get_position (puzzle);
  const char * const *solution = congkak_puzzle_get_solution (puzzle);
  g_autoptr (GPtrArray) lines = congkak_puzzle_dup_line_summaries (puzzle);
  g_autofree char *verdict = congkak_puzzle_dup_verdict (puzzle);

  json_builder_begin_object (builder);
  add_int (builder, "number", index + 1);
  add_string (builder, "game", congkak_puzzle_get_game (puzzle));
  add_string (builder, "to_move", congkak_side_to_string (position->to_move));
  add_int (builder, "round", congkak_puzzle_get_round (puzzle));
  json_builder_set_member_name (builder, "board");
  json_builder_begin_object (builder);
  congkak_json_add_position_side (builder, position, CONGKAK_SOUTH);
  congkak_json_add_position_side (builder, position, CONGKAK_NORTH);
  json_builder_end_object (builder);
  add_string (builder, "answer", solution[0]);
  json_builder_set_member_name (builder, "solution");
  json_builder_begin_array (builder);
  for (guint i = 0; solution[i] != NULL; i++)
    json_builder_add_string_value (builder, solution[i]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "why");
  json_builder_begin_array (builder);
  for (guint i = 0; i < lines->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (lines, i));
  json_builder_end_array (builder);
  if (verdict)
    add_string (builder, "verdict", verdict);
  add_string (builder, "difficulty", congkak_puzzle_difficulty_to_string (congkak_puzzle_get_difficulty (puzzle)));
  if (congkak_puzzle_get_depth (puzzle) > 0)
    add_int (builder, "depth", congkak_puzzle_get_depth (puzzle));
  if (congkak_puzzle_has_values (puzzle))
    {
      add_int (builder, "value", congkak_puzzle_get_value (puzzle));
      if (congkak_puzzle_get_next_best (puzzle))
        {
          add_string (builder, "next-best", congkak_puzzle_get_next_best (puzzle));
          add_int (builder, "next-value", congkak_puzzle_get_next_value (puzzle));
        }
      json_builder_set_member_name (builder, "exact");
      json_builder_add_boolean_value (builder, congkak_puzzle_is_exact (puzzle));
      add_string (builder, "proof", congkak_puzzle_proof_to_string (congkak_puzzle_get_proof (puzzle)));
    }
  json_builder_set_member_name (builder, "source");
  json_builder_begin_object (builder);
  add_string (builder, "title", source->title);
  add_string (builder, "file", source->file);
  add_string (builder, "node", source->node);
  add_int (builder, "move", source->move_number);
  add_string (builder, "date", source->date);
  add_string (builder, "south", source->players[CONGKAK_SOUTH]);
  add_string (builder, "north", source->players[CONGKAK_NORTH]);
  add_string (builder, "played", source->played);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
}

static void
print_json (CongkakPuzzleSet                *set,
            guint                            positions,
            const CongkakPuzzleFinderCounts *counts,
            GPtrArray                       *failures)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  add_int (builder, "positions", positions);
  json_builder_set_member_name (builder, "claims");
  json_builder_begin_object (builder);
  add_int (builder, "judged", counts->judged);
  add_int (builder, "candidates", counts->candidates);
  add_int (builder, "exact", counts->exact);
  add_int (builder, "bounds", counts->bounds);
  add_int (builder, "refuted", counts->refuted);
  add_int (builder, "unproved", counts->unproved);
  add_int (builder, "estimated", counts->estimated);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "puzzles");
  json_builder_begin_array (builder);
  for (guint i = 0; i < congkak_puzzle_set_get_n_puzzles (set); i++)
    add_puzzle_json (builder, congkak_puzzle_set_get_puzzle (set, i), i);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "failures");
  json_builder_begin_array (builder);
  for (guint i = 0; i < failures->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (failures, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  congkak_cli_print_json (builder, TRUE);
}

static gboolean
write_set (CongkakPuzzleSet  *set,
           const char        *path,
           GError           **error)
{
  g_autoptr (GFile) file = NULL;

  if (g_str_equal (path, "-"))
    {
      g_autofree char *data = congkak_puzzle_set_save_to_data (set, NULL);

      g_print ("%s", data);
      return TRUE;
    }
  file = congkak_file_new_for_argument (path);
  return congkak_puzzle_set_save_to_file (set, file, NULL, error);
}

int
congkak_cli_puzzles (CongkakCli  *cli,
                     int          argc,
                     char       **argv)
{
  gboolean library = FALSE, json = FALSE, no_variations = FALSE, estimated = FALSE;
  g_autofree char *out_path = NULL;
  g_autofree char *sheet_path = NULL;
  g_autofree char *game = NULL;
  g_autofree char *difficulty_name = NULL;
  g_autofree char *title = NULL;
  int count = 0, per_page = CONGKAK_PUZZLE_SHEET_DEFAULT_PER_PAGE;
  gint64 nodes = CONGKAK_PUZZLE_FINDER_DEFAULT_NODES;
  gint64 proof_nodes = CONGKAK_PUZZLE_FINDER_PROOF_NODES;
  const GOptionEntry entries[] = {
    { "library", 0, 0, G_OPTION_ARG_NONE, &library,
      N_("Look in every match of the library ($CONGKAK_LIBRARY_DIR, else the app's)"), NULL },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out_path,
      N_("Write the puzzles as a puzzle file (“-”: standard output)"), N_("SET.json") },
    { "sheet", 's', 0, G_OPTION_ARG_FILENAME, &sheet_path,
      N_("Draw the puzzles as a PDF sheet, with the answers on the last pages"), N_("OUT.pdf") },
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game,
      N_("Only puzzles of this game: a profile such as kalah, or custom"), N_("GAME") },
    { "difficulty", 'd', 0, G_OPTION_ARG_STRING, &difficulty_name,
      N_("Only puzzles this hard: easy, medium or hard"), N_("LEVEL") },
    { "count", 'n', 0, G_OPTION_ARG_INT, &count, N_("At most N puzzles, the first ones (default: all)"), N_("N") },
    { "title", 't', 0, G_OPTION_ARG_STRING, &title, N_("The set's title, on the sheet and in the file"), N_("TEXT") },
    { "per-page", 0, 0, G_OPTION_ARG_INT, &per_page, N_("Puzzles on a page of the sheet, 1 to 6 (default: 3)"), N_("N") },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes,
      N_("Search each position within N positions (default: 200000); the same N finds the same puzzles"), N_("N") },
    { "proof-nodes", 0, 0, G_OPTION_ARG_INT64, &proof_nodes,
      N_("Prove each claim within N positions a bound (default: 2000000); 0: prove nothing"), N_("N") },
    { "estimated", 0, 0, G_OPTION_ARG_NONE, &estimated,
      N_("Keep the puzzles no proof finished for, marked as estimates"), NULL },
    { "no-variations", 0, 0, G_OPTION_ARG_NONE, &no_variations, N_("Only the main line of each match"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakPuzzleFinder) finder = NULL;
  g_autoptr (CongkakPuzzleSet) all = congkak_puzzle_set_new ();
  g_autoptr (CongkakPuzzleSet) chosen = NULL;
  g_autoptr (CongkakLibrary) matches = NULL;
  CongkakPuzzleFinderOptions options;
  CongkakPuzzleDifficulty difficulty = 0;
  const char *set_title = NULL;
  GPtrArray *failures;
  gboolean listed;
  int status = EXIT_OK;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc < 2 && !library)
    return congkak_cli_usage_error (cli, _("Name match or puzzle files, or give --library."));
  if (difficulty_name && !congkak_puzzle_difficulty_from_string (difficulty_name, &difficulty))
    return congkak_cli_usage_error (cli, _("--difficulty is easy, medium or hard."));
  if (game && !is_known_game (game))
    {
      g_autofree char *games = g_strjoinv (", ", (char **) congkak_rules_profile_names ());
      g_autofree char *message = g_strdup_printf (_("Unknown game “%s”: use one of %s, or custom."), game, games);

      return congkak_cli_usage_error (cli, message);
    }
  if (count < 0)
    return congkak_cli_usage_error (cli, _("--count must be 0 or more."));
  if (per_page < CONGKAK_PUZZLE_SHEET_MIN_PER_PAGE || per_page > CONGKAK_PUZZLE_SHEET_MAX_PER_PAGE)
    return congkak_cli_usage_error (cli, _("--per-page is 1 to 6."));
  if (nodes < 1000)
    return congkak_cli_usage_error (cli, _("--nodes must be at least 1000."));
  if (proof_nodes < 0)
    return congkak_cli_usage_error (cli, _("--proof-nodes must be 0 or more."));
  if (json && out_path && g_str_equal (out_path, "-"))
    return congkak_cli_usage_error (cli, _("Give --json or --out -, not both."));
  if (sheet_path && g_str_equal (sheet_path, "-"))
    return congkak_cli_usage_error (cli, _("--sheet writes a file: name it OUT.pdf."));

  congkak_puzzle_finder_options_init (&options);
  options.max_nodes = nodes;
  options.variations = !no_variations;
  options.proof_nodes = proof_nodes;
  options.keep_estimated = estimated;
  /* With a filter the first N puzzles of the set may come later. */
  if (game == NULL && difficulty_name == NULL)
    options.max_puzzles = count;
  finder = congkak_puzzle_finder_new (&options);

  /* Puzzle files are read; matches are searched. */
  for (int i = 1; i < argc; i++)
    {
      if (is_puzzle_file (argv[i]))
        {
          g_autoptr (GFile) file = congkak_file_new_for_argument (argv[i]);
          g_autoptr (GPtrArray) warnings = NULL;
          g_autoptr (CongkakPuzzleSet) set = congkak_puzzle_set_load_from_file (file, NULL, &warnings, &error);
          g_autofree char *echo = NULL;

          if (set == NULL)
            return congkak_cli_file_error (argv[i], error);
          echo = congkak_cli_echo (argv[i]);
          for (guint w = 0; w < warnings->len; w++)
            g_printerr ("%s: %s: %s\n", g_get_prgname (), echo, (const char *) g_ptr_array_index (warnings, w));
          for (guint p = 0; p < congkak_puzzle_set_get_n_puzzles (set); p++)
            congkak_puzzle_set_append (all, congkak_puzzle_set_get_puzzle (set, p));
          if (set_title == NULL && *congkak_puzzle_set_get_title (set))
            set_title = g_intern_string (congkak_puzzle_set_get_title (set));
        }
      else if (g_str_equal (argv[i], "-"))
        {
          g_autoptr (CongkakMatch) match = congkak_cli_load_match (argv[i], NULL, &error);

          if (match == NULL)
            return congkak_cli_file_error (argv[i], error);
          congkak_puzzle_finder_add_match (finder, match, NULL);
        }
      else
        {
          g_autoptr (GFile) file = congkak_file_new_for_argument (argv[i]);

          congkak_puzzle_finder_add_file (finder, file);
        }
    }
  if (library)
    {
      g_autoptr (GFile) folder = congkak_library_get_default_directory ();

      matches = congkak_library_new (folder);
      if (!congkak_library_load (matches, FALSE, NULL, &error))
        {
          g_printerr (_("Cannot read the match library “%s”: %s\n"), g_file_peek_path (folder), error->message);
          return EXIT_INVALID_INPUT;
        }
      congkak_puzzle_finder_add_library (finder, matches);
    }

  {
    gint64 last = 0;

    /* Nothing cancels it here: it finishes. */
    congkak_puzzle_finder_run (finder, isatty (STDERR_FILENO) ? report_progress : NULL, &last, NULL, NULL);
  }
  failures = congkak_puzzle_finder_get_failures (finder);
  for (guint i = 0; i < failures->len; i++)
    {
      g_printerr ("%s: %s\n", g_get_prgname (), (const char *) g_ptr_array_index (failures, i));
      status = EXIT_INVALID_INPUT;
    }
  for (guint i = 0; i < congkak_puzzle_set_get_n_puzzles (congkak_puzzle_finder_get_puzzles (finder)); i++)
    congkak_puzzle_set_append (all, congkak_puzzle_set_get_puzzle (congkak_puzzle_finder_get_puzzles (finder), i));

  chosen = congkak_puzzle_set_filter (all, game, difficulty_name ? (int) difficulty : -1, count);
  congkak_puzzle_set_set_title (chosen, title ? title : set_title);

  if (out_path && !write_set (chosen, out_path, &error))
    return congkak_cli_file_error (out_path, error);
  if (sheet_path)
    {
      g_autoptr (GFile) file = congkak_file_new_for_argument (sheet_path);
      g_autoptr (CongkakPuzzleSheet) sheet = NULL;
      CongkakPuzzleSheetOptions sheet_options;

      congkak_puzzle_sheet_options_init (&sheet_options);
      sheet_options.per_page = per_page;
      sheet = congkak_puzzle_sheet_new (chosen, &sheet_options);
      if (!congkak_puzzle_sheet_save_pdf (sheet, file, &error))
        return congkak_cli_file_error (sheet_path, error);
    }

  listed = !(out_path && g_str_equal (out_path, "-"));
  if (listed && json)
    print_json (chosen, congkak_puzzle_finder_get_n_positions (finder), congkak_puzzle_finder_get_counts (finder),
                failures);
  else if (listed)
    {
      guint n = congkak_puzzle_set_get_n_puzzles (chosen);
      guint positions = congkak_puzzle_finder_get_n_positions (finder);

      for (guint i = 0; i < n; i++)
        print_puzzle (congkak_puzzle_set_get_puzzle (chosen, i), i);
      if (positions > 0)
        {
          const CongkakPuzzleFinderCounts *counts = congkak_puzzle_finder_get_counts (finder);

          /* TRANSLATORS: puzzles found, and the positions of the matches looked at */
          g_print (_("Puzzles: %u; positions looked at: %u.\n"), n, positions);
          /* TRANSLATORS: the positions searched deeply, the claims the search made there
           * (a clearly best move), and what became of them: proved with exact values, proved
           * with bounds, refuted by a proof, and no proof finished (dropped, or kept as
           * estimates with --estimated) */
          g_print (_("Judged: %u; claims: %u; proved exact: %u, proved bounds: %u; refuted: %u; unproved: %u (kept as estimates: %u).\n"),
                   counts->judged, counts->candidates, counts->exact, counts->bounds, counts->refuted,
                   counts->unproved, counts->estimated);
        }
      else
        g_print (_("Puzzles: %u.\n"), n);
    }
  return status;
}
