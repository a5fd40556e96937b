/* congkak-cli-file.c — validate, show, convert and new: match files
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-cli-private.h"
#include "congkak-narration.h"

int
congkak_cli_validate (CongkakCli  *cli,
                      int          argc,
                      char       **argv)
{
  g_autoptr (GError) error = NULL;
  int status = EXIT_OK;

  if (!congkak_cli_parse (cli, NULL, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc < 2)
    return congkak_cli_usage_error (cli, _("Name at least one file to check."));

  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GPtrArray) warnings = NULL;
      g_autoptr (CongkakMatch) match = NULL;
      g_autoptr (GError) load_error = NULL;
      g_autofree char *echo = congkak_cli_echo (argv[i]);

      match = congkak_cli_load_match (argv[i], &warnings, &load_error);
      if (match == NULL)
        {
          g_printerr ("%s: %s\n", echo, load_error->message);
          status = EXIT_INVALID_INPUT;
          continue;
        }
      /* TRANSLATORS: %s is a file name */
      g_print (_("%s: ok\n"), echo);
      for (guint j = 0; warnings && j < warnings->len; j++)
        /* TRANSLATORS: %s: a file name, %s: what was ignored in it */
        g_print (_("%s: warning: %s\n"), echo, (const char *) g_ptr_array_index (warnings, j));
    }
  return status;
}

static char *
describe_board (CongkakMatch *match,
                CongkakNode  *node)
{
  const CongkakRules *rules = congkak_match_get_rules (match);
  const CongkakGame *game = congkak_match_get_game_at (match, node);
  const CongkakState *state = congkak_game_get_state (game);
  const CongkakPosition *position = &state->position;
  GString *out = g_string_new (NULL);

  congkak_cli_append_board (out, rules, position, congkak_match_get_player_name (match, CONGKAK_SOUTH),
                            congkak_match_get_player_name (match, CONGKAK_NORTH));
  g_string_append_c (out, '\n');

  /* Where the match stands: the sentence the window's status line says. */
  {
    g_autofree char *standing = congkak_narrate_standing (match, state);

    g_string_append_printf (out, "%s.\n", standing);
    if (state->phase == CONGKAK_PHASE_ROUND_OVER)
      /* TRANSLATORS: "next-round" is the move to type, not to translate */
      g_string_append (out, _("The next move is next-round.\n"));
  }

  if (congkak_node_is_root (node))
    g_string_append (out, _("The start position.\n"));
  else
    {
      g_autofree char *move = congkak_node_dup_move_text (node);
      g_autofree char *path = congkak_node_dup_path (node);
      CongkakMark mark = congkak_node_get_mark (node);

      /* TRANSLATORS: the move in notation, its mark (may be empty), its path in the file */
      g_string_append_printf (out, _("After %s%s (%s).\n"), move, congkak_mark_to_string (mark), path);
    }
  if (*congkak_node_get_comment (node) != '\0')
    g_string_append_printf (out, "%s\n", congkak_node_get_comment (node));
  return g_string_free (out, FALSE);
}

int
congkak_cli_show (CongkakCli  *cli,
                  int          argc,
                  char       **argv)
{
  g_autofree char *node_path = NULL;
  int move_number = -1;
  gboolean as_json = FALSE;
  gboolean pretty = FALSE;
  const GOptionEntry entries[] = {
    { "node", 'n', 0, G_OPTION_ARG_STRING, &node_path,
      N_("Show the position after this move, such as moves[12].variations[0][3]"), N_("PATH") },
    { "move", 'm', 0, G_OPTION_ARG_INT, &move_number,
      N_("Show the position after the N-th move of the main line (0: the start)"), N_("N") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &as_json, N_("Print the position as JSON, as “play” does"), NULL },
    { "pretty", 0, 0, G_OPTION_ARG_NONE, &pretty, N_("Indent the JSON output"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  CongkakNode *node;
  int status;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc != 2)
    return congkak_cli_usage_error (cli, _("Name one match file."));
  if (congkak_cli_node_arguments_error (node_path, move_number))
    return congkak_cli_usage_error (cli, congkak_cli_node_arguments_error (node_path, move_number));

  match = congkak_cli_load_match (argv[1], NULL, &error);
  if (match == NULL)
    return congkak_cli_file_error (argv[1], error);
  status = congkak_cli_pick_node (match, argv[1], node_path, move_number, &node);
  if (status != EXIT_OK)
    return status;

  if (as_json)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      congkak_cli_add_game (builder, congkak_match_get_game_at (match, node));
      json_builder_end_object (builder);
      congkak_cli_print_json (builder, pretty);
    }
  else
    {
      g_autofree char *board = describe_board (match, node);

      g_print ("%s", board);
    }
  return EXIT_OK;
}

int
congkak_cli_convert (CongkakCli  *cli,
                     int          argc,
                     char       **argv)
{
  gboolean force_json = FALSE;
  gboolean force_text = FALSE;
  gboolean force = FALSE;
  const GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &force_json, N_("Write JSON, whatever OUT is called"), NULL },
    { "text", 't', 0, G_OPTION_ARG_NONE, &force_text, N_("Write the text notation, whatever OUT is called"), NULL },
    { "force", 'f', 0, G_OPTION_ARG_NONE, &force,
      N_("Replace OUT even when it is read-only, and write OGN even when it leaves out variations or comments"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  MatchFormat format;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc != 3)
    return congkak_cli_usage_error (cli, _("Name the file to read and the file to write."));
  if (!congkak_cli_output_format (argv[2], force_json, force_text, &format, &error))
    return congkak_cli_usage_error (cli, error->message);

  match = congkak_cli_load_match (argv[1], NULL, &error);
  if (match == NULL)
    return congkak_cli_file_error (argv[1], error);
  if (!congkak_cli_write_match (match, argv[2], format, force, &error))
    return congkak_cli_file_error (argv[2], error);
  return EXIT_OK;
}

int
congkak_cli_new (CongkakCli  *cli,
                 int          argc,
                 char       **argv)
{
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  gboolean force_json = FALSE;
  gboolean force_text = FALSE;
  gboolean force = FALSE;
  const GOptionEntry entries[] = {
    { "south", 0, 0, G_OPTION_ARG_STRING, &south, N_("South's name"), N_("NAME") },
    { "north", 0, 0, G_OPTION_ARG_STRING, &north, N_("North's name"), N_("NAME") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &force_json, N_("Write JSON, whatever OUT is called"), NULL },
    { "text", 't', 0, G_OPTION_ARG_NONE, &force_text, N_("Write the text notation, whatever OUT is called"), NULL },
    { "force", 'f', 0, G_OPTION_ARG_NONE, &force, N_("Replace OUT even when it is read-only"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  MatchFormat format;
  CongkakRules rules;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc != 2)
    return congkak_cli_usage_error (cli, _("Name the file to write."));
  if (!congkak_cli_get_rules (cli, &rules, &error)
      || !congkak_cli_output_format (argv[1], force_json, force_text, &format, &error))
    return congkak_cli_usage_error (cli, error->message);

  match = congkak_match_new (&rules);
  if (south)
    congkak_match_set_player (match, CONGKAK_SOUTH, south, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  if (north)
    congkak_match_set_player (match, CONGKAK_NORTH, north, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  if (!congkak_cli_write_match (match, argv[1], format, force, &error))
    return congkak_cli_file_error (argv[1], error);
  return EXIT_OK;
}
