/* congkak-cli-play.c — play, perft and solve: from the start position
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-cli-private.h"

int
congkak_cli_play (CongkakCli  *cli,
                  int          argc,
                  char       **argv)
{
  gboolean with_events = FALSE;
  gboolean pretty = FALSE;
  const GOptionEntry entries[] = {
    { "events", 'e', 0, G_OPTION_ARG_NONE, &with_events, N_("Also print the events of each move"), NULL },
    { "pretty", 0, 0, G_OPTION_ARG_NONE, &pretty, N_("Indent the JSON output"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (GArray) events = congkak_event_array_new ();
  CongkakRules rules;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (!congkak_cli_get_rules (cli, &rules, &error))
    return congkak_cli_usage_error (cli, error->message);

  game = congkak_game_new (&rules);

  json_builder_begin_object (builder);
  if (with_events)
    {
      json_builder_set_member_name (builder, "moves");
      json_builder_begin_array (builder);
    }

  for (int i = 1; i < argc; i++)
    {
      g_array_set_size (events, 0);
      if (!congkak_game_play_text (game, argv[i], events, &error))
        {
          g_autofree char *echo = congkak_cli_echo (argv[i]);

          g_printerr (_("congkak-cli: move %d (“%s”): %s\n"), i, echo, error->message);
          return EXIT_INVALID_INPUT;
        }
      if (with_events)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "move");
          json_builder_add_string_value (builder, argv[i]);
          json_builder_set_member_name (builder, "events");
          json_builder_begin_array (builder);
          for (guint j = 0; j < events->len; j++)
            congkak_cli_add_event (builder, &g_array_index (events, CongkakEvent, j));
          json_builder_end_array (builder);
          json_builder_end_object (builder);
        }
    }

  if (with_events)
    json_builder_end_array (builder);
  congkak_cli_add_game (builder, game);
  json_builder_end_object (builder);

  congkak_cli_print_json (builder, pretty);
  return EXIT_OK;
}

int
congkak_cli_perft (CongkakCli  *cli,
                   int          argc,
                   char       **argv)
{
  int depth = -1;
  const GOptionEntry entries[] = {
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Count sequences of 1 to N moves"), N_("N") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  CongkakRules rules;
  CongkakState state;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc > 1)
    return congkak_cli_usage_error (cli, _("perft takes no moves."));
  if (depth < 1 || depth > 64)
    return congkak_cli_usage_error (cli, _("--depth must be a whole number from 1 to 64."));
  if (!congkak_cli_get_rules (cli, &rules, &error))
    return congkak_cli_usage_error (cli, error->message);

  congkak_state_init (&state, &rules);
  for (int d = 1; d <= depth; d++)
    {
      gint64 start = g_get_monotonic_time ();
      guint64 count = congkak_perft (&state, &rules, d);
      double seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
      g_autofree char *count_text = g_strdup_printf ("%" G_GUINT64_FORMAT, count);

      /* TRANSLATORS: perft's line for one depth: the move sequences of
       * that many moves, and the seconds it took to count them */
      g_print (_("depth %d: %s (%.3f s)\n"), d, count_text, seconds);
    }
  return EXIT_OK;
}

/**
 * congkak_cli_report_solve:
 * @options: how to solve
 *
 * Solves @rules from the start and prints the margin, a best line (if
 * @options asks), the effort and the memory, one “label: value” a line.
 *
 * Returns: FALSE (and @error) if the endgame database could not be made.
 */
gboolean
congkak_cli_report_solve (const CongkakRules          *rules,
                          const CongkakCliSolveOptions *options,
                          GError                     **error)
{
  g_autoptr (CongkakSearch) search = congkak_search_new (rules, options->table_mb);
  g_autoptr (GPtrArray) line = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *cache_dir = NULL;
  CongkakEndgame *endgame = NULL;
  guint endgame_seeds;
  CongkakState state;
  guint64 nodes = 0;
  gint64 start;
  double cpu_start, seconds;
  int value;

  congkak_state_init (&state, rules);
  endgame_seeds = options->endgame_seeds >= 0 ? (guint) options->endgame_seeds
                  : congkak_endgame_suggest_seeds (rules);
  if (endgame_seeds > 0)
    {
      if (options->use_cache)
        cache_dir = g_build_filename (g_get_user_cache_dir (), "congkak", "endgame", NULL);
      endgame = congkak_endgame_open (rules, endgame_seeds, cache_dir, options->n_threads, error);
      if (endgame == NULL)
        return FALSE;
    }

  g_print (_("table: %d MiB\n"), options->table_mb);
  g_print (_("threads: %d\n"), options->n_threads);
  if (endgame != NULL)
    {
      const char *path = congkak_endgame_get_path (endgame);
      const GError *save_error = congkak_endgame_get_save_error (endgame);

      g_print (ngettext ("endgame database: %llu positions, up to %u seed on the board\n",
                         "endgame database: %llu positions, up to %u seeds on the board\n", endgame_seeds),
               (unsigned long long) congkak_endgame_get_positions (endgame), endgame_seeds);
      if (congkak_endgame_was_loaded (endgame))
        g_print (_("endgame database read from %s in %.3f s\n"), path, congkak_endgame_get_seconds (endgame));
      else if (save_error != NULL)
        g_print (_("endgame database built in %.3f s, not saved: %s\n"),
                 congkak_endgame_get_seconds (endgame), save_error->message);
      else if (path != NULL)
        g_print (_("endgame database built in %.3f s and saved to %s\n"), congkak_endgame_get_seconds (endgame), path);
      else
        g_print (_("endgame database built in %.3f s\n"), congkak_endgame_get_seconds (endgame));
      congkak_search_set_endgame (search, endgame);
    }

  congkak_search_set_threads (search, options->n_threads);
  start = g_get_monotonic_time ();
  cpu_start = congkak_cli_cpu_seconds ();
  value = congkak_search_solve (search, &state, line, &nodes);
  seconds = MAX ((g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC, 1e-9);

  g_print (_("margin: %+d for %s (the player to move at the start)\n"),
           value, congkak_side_to_string (state.position.to_move));
  if (options->print_line)
    {
      g_autofree char *line_text = NULL;

      g_ptr_array_add (line, NULL);
      line_text = g_strjoinv (" ", (char **) line->pdata);
      g_print (_("best line: %s\n"), line_text);
    }
  g_print (_("nodes: %llu\n"), (unsigned long long) nodes);
  g_print (_("time: %.3f s (%.0f nodes/s)\n"), seconds, nodes / seconds);
  g_print (_("processor time: %.3f s\n"), congkak_cli_cpu_seconds () - cpu_start);
  g_print (_("peak memory: %.0f MiB\n"), congkak_cli_peak_memory_mib ());
  return TRUE;
}

int
congkak_cli_solve (CongkakCli  *cli,
                   int          argc,
                   char       **argv)
{
  CongkakCliSolveOptions options = {
    .table_mb = CONGKAK_SEARCH_DEFAULT_TABLE_MB,
    .endgame_seeds = -1,
    .n_threads = 1,
    .use_cache = TRUE,
    .print_line = TRUE,
  };
  gboolean no_cache = FALSE;
  const GOptionEntry entries[] = {
    { "table-mb", 0, 0, G_OPTION_ARG_INT, &options.table_mb,
      N_("Size of the transposition table in MiB, used as given (default: 64)"), N_("N") },
    { "endgame", 0, 0, G_OPTION_ARG_INT, &options.endgame_seeds,
      N_("Read the positions with at most N seeds on the board from an endgame database, "
         "built once and kept in the cache folder (0: none; default: 3/8 of the seeds "
         "from 40 seeds up, else none)"), N_("N") },
    { "no-cache", 0, 0, G_OPTION_ARG_NONE, &no_cache,
      N_("Build the endgame database in memory only, without reading or saving it in the cache folder"), NULL },
    { "threads", 0, 0, G_OPTION_ARG_INT, &options.n_threads,
      N_("Search with N threads (default: 1)"), N_("N") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  CongkakRules rules;
  CongkakState state;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc > 1)
    return congkak_cli_usage_error (cli, _("solve takes no moves."));
  if (options.table_mb < 1 || options.table_mb > 65536)
    return congkak_cli_usage_error (cli, _("--table-mb must be a whole number from 1 to 65536."));
  if (options.endgame_seeds < -1 || options.endgame_seeds > CONGKAK_ENDGAME_MAX_SEEDS)
    return congkak_cli_usage_error (cli, _("--endgame must be a whole number from 0 to 40."));
  if (options.n_threads < 1 || options.n_threads > 64)
    return congkak_cli_usage_error (cli, _("--threads must be a whole number from 1 to 64."));
  options.use_cache = !no_cache;
  if (!congkak_cli_get_rules (cli, &rules, &error))
    return congkak_cli_usage_error (cli, error->message);
  if (!congkak_search_can_solve (&rules, &error))
    return congkak_cli_usage_error (cli, error->message);

  congkak_state_init (&state, &rules);
  if (state.phase != CONGKAK_PHASE_PLAYING)
    return congkak_cli_usage_error (cli, _("The start position has no move to solve."));

  if (!congkak_cli_report_solve (&rules, &options, &error))
    {
      g_printerr ("%s: %s\n", g_get_prgname (), error->message);
      return EXIT_INVALID_INPUT;
    }
  return EXIT_OK;
}
