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
          g_printerr (_("congkak-cli: move %d (“%s”): %s\n"), i, argv[i], error->message);
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

int
congkak_cli_solve (CongkakCli  *cli,
                   int          argc,
                   char       **argv)
{
  int table_mb = CONGKAK_SEARCH_DEFAULT_TABLE_MB;
  const GOptionEntry entries[] = {
    { "table-mb", 0, 0, G_OPTION_ARG_INT, &table_mb,
      N_("Size of the transposition table in MiB (default: 64)"), N_("N") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakSearch) search = NULL;
  g_autoptr (GPtrArray) line = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *line_text = NULL;
  CongkakRules rules;
  CongkakState state;
  guint64 nodes = 0;
  gint64 start;
  double seconds;
  int value;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc > 1)
    return congkak_cli_usage_error (cli, _("solve takes no moves."));
  if (table_mb < 1 || table_mb > 65536)
    return congkak_cli_usage_error (cli, _("--table-mb must be a whole number from 1 to 65536."));
  if (!congkak_cli_get_rules (cli, &rules, &error))
    return congkak_cli_usage_error (cli, error->message);
  if (!congkak_search_can_solve (&rules, &error))
    return congkak_cli_usage_error (cli, error->message);

  congkak_state_init (&state, &rules);
  if (state.phase != CONGKAK_PHASE_PLAYING)
    return congkak_cli_usage_error (cli, _("The start position has no move to solve."));

  search = congkak_search_new (&rules, table_mb);
  start = g_get_monotonic_time ();
  value = congkak_search_solve (search, &state, line, &nodes);
  seconds = MAX ((g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC, 1e-9);

  g_ptr_array_add (line, NULL);
  line_text = g_strjoinv (" ", (char **) line->pdata);
  g_print (_("margin: %+d for %s (the player to move at the start)\n"),
           value, congkak_side_to_string (state.position.to_move));
  g_print (_("best line: %s\n"), line_text);
  g_print (_("nodes: %llu\n"), (unsigned long long) nodes);
  g_print (_("time: %.3f s (%.0f nodes/s)\n"), seconds, nodes / seconds);
  return EXIT_OK;
}
