/* congkak-cli-match.c — analyse and match: the computer at work
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "congkak-analysis.h"
#include "congkak-cli-private.h"
#include "congkak-uci-engine.h"
#include "congkak-uci.h"

int
congkak_cli_analyse (CongkakCli  *cli,
                     int          argc,
                     char       **argv)
{
  g_autofree char *level_name = NULL;
  g_autofree char *output = NULL;
  gint64 seed = 0;
  gint64 nodes = CONGKAK_ANALYSIS_DEFAULT_NODES;
  gboolean variations = FALSE;
  gboolean force_json = FALSE, force_text = FALSE, force = FALSE;
  const GOptionEntry entries[] = {
    { "level", 'l', 0, G_OPTION_ARG_STRING, &level_name,
      N_("Search like this level: easy, medium, hard or perfect (default: hard)"), N_("LEVEL") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the random choices (default: 0)"), N_("N") },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes,
      N_("Positions to search per move (default: 200000); 0 uses the level's time limit instead"), N_("N") },
    { "variations", 0, 0, G_OPTION_ARG_NONE, &variations, N_("Also analyse the variations"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the match with its analysis to OUT (.congkak; the text notation leaves it out)"), N_("OUT") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &force_json, N_("Write JSON, whatever OUT is called"), NULL },
    { "text", 't', 0, G_OPTION_ARG_NONE, &force_text, N_("Write the text notation, whatever OUT is called"), NULL },
    { "force", 'f', 0, G_OPTION_ARG_NONE, &force,
      N_("Replace OUT even when it is read-only, and write OGN even when it leaves out variations or comments"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  CongkakAnalysisOptions options;
  MatchFormat format = MATCH_FORMAT_JSON;
  guint number = 0;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc != 2)
    return congkak_cli_usage_error (cli, _("Name the match file to analyse."));
  if (nodes < 0 || seed < 0)
    return congkak_cli_usage_error (cli, _("--nodes and --seed must not be negative."));

  congkak_analysis_options_init (&options);
  if (level_name && !congkak_level_from_string (level_name, &options.level))
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not a level: write easy, medium, hard or perfect."),
                                                  level_name);

      return congkak_cli_usage_error (cli, message);
    }
  options.seed = seed;
  options.max_nodes = nodes;
  options.variations = variations;
  if (output && !congkak_cli_output_format (output, force_json, force_text, &format, &error))
    return congkak_cli_usage_error (cli, error->message);

  match = congkak_cli_load_match (argv[1], NULL, &error);
  if (match == NULL)
    return congkak_cli_file_error (argv[1], error);
  if (!congkak_match_analyse (match, &options, NULL, NULL, NULL, &error))
    return congkak_cli_file_error (argv[1], error);

  {
    g_autofree char *move = congkak_cli_align (_("move"), -16);
    g_autofree char *south = congkak_cli_align (congkak_side_get_name (CONGKAK_SOUTH), 15);
    g_autofree char *best = congkak_cli_align (_("best"), 5);
    g_autofree char *mark = congkak_cli_align (_("mark"), 5);

    g_print ("%5s %s %s %s %s  %s\n", "#", move, south, best, mark, _("comment"));
  }
  for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match));
       node != NULL; node = congkak_node_get_main_child (node))
    {
      g_autofree char *move = congkak_node_dup_move_text (node);
      g_autofree char *score = congkak_analysis_format_score (congkak_node_get_evaluation (node));
      g_autofree char *evaluation = congkak_cli_align (score, 15);
      const char *best = congkak_node_get_best_move (node);

      number++;
      if (!congkak_node_has_analysis (node))
        continue;
      g_print ("%5u %-16s %s %5s %5s  %s\n", number, move, evaluation, best ? best : "",
               congkak_mark_to_string (congkak_node_get_analysis_mark (node)),
               congkak_node_get_analysis_comment (node));
    }

  if (output && !congkak_cli_write_match (match, output, format, force, &error))
    return congkak_cli_file_error (output, error);
  return EXIT_OK;
}

/* How long an engine has to start and to answer isready in `match`. */
#define MATCH_ANSWER_MS 60000

/* A program that speaks UCI, as a player of `match`: the CLI waits for
 * each of its moves, the engine object referees it. */
typedef struct
{
  CongkakUciEngine *engine;
  guint             movetime_ms;
  gboolean          failed;   /* it misbehaved in the match going on */
  gint64            longest;  /* its slowest answer, µs */
} EnginePlayer;

typedef struct
{
  gboolean            done;
  gboolean            chosen;
  CongkakComputerMove move;
  GError             *error;
} Answer;

static void
engine_chose_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Answer *answer = user_data;

  answer->chosen = congkak_uci_engine_choose_finish (CONGKAK_UCI_ENGINE (source), result,
                                                     &answer->move, &answer->error);
  answer->done = TRUE;
}

static gboolean
engine_choose (const CongkakRules   *rules,
               const char * const   *moves,
               const CongkakState   *state,
               const CongkakOpening *opening,
               CongkakSide           side,
               gpointer              user_data,
               CongkakComputerMove  *out,
               GError              **error)
{
  EnginePlayer *player = user_data;
  Answer answer = { 0 };

  congkak_uci_engine_choose_async (player->engine, rules, NULL, moves, opening, side, player->movetime_ms,
                                   NULL, engine_chose_cb, &answer);
  while (!answer.done)
    g_main_context_iteration (NULL, TRUE);
  if (!answer.chosen)
    {
      player->failed = TRUE;
      g_propagate_error (error, answer.error);
      return FALSE;
    }
  *out = answer.move;
  player->longest = MAX (player->longest, congkak_uci_engine_get_answer_time (player->engine));
  return TRUE;
}

/* --openings: one list of moves a line, each checked against the rules;
 * empty lines and lines that begin with # are left out. */
static GPtrArray *
read_openings (const char          *path,
               const CongkakRules  *rules,
               GError             **error)
{
  g_autoptr (GPtrArray) openings = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;

  if (!g_file_get_contents (path, &contents, NULL, error))
    return NULL;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (CongkakGame) game = congkak_game_new (rules);
      g_auto (GStrv) moves = NULL;
      char *line = g_strstrip (lines[i]);

      if (*line == '\0' || *line == '#')
        continue;
      moves = congkak_uci_split_moves (line);
      for (guint m = 0; moves[m] != NULL; m++)
        {
          g_autoptr (GError) move_error = NULL;

          if (!congkak_game_play_text (game, moves[m], NULL, &move_error))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           /* TRANSLATORS: “line 3, move 2 (“A”): It is North’s turn, not South’s.” */
                           _("line %u, move %u (“%s”): %s"), i + 1, m + 1, moves[m], move_error->message);
              return NULL;
            }
        }
      g_ptr_array_add (openings, g_steal_pointer (&moves));
    }
  if (openings->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("the file lists no opening."));
      return NULL;
    }
  return g_steal_pointer (&openings);
}

static void
stop_engines (EnginePlayer engines[2])
{
  for (guint i = 0; i < 2; i++)
    if (engines[i].engine != NULL)
      {
        congkak_uci_engine_stop (engines[i].engine);
        g_clear_object (&engines[i].engine);
      }
}

/* A player named on the command line: a level, "random", or
 * "engine:COMMAND". */
static gboolean
parse_player (const char         *name,
              CongkakAutoPlayer  *player,
              EnginePlayer       *engine,
              GError            **error)
{
  CongkakLevel level;

  memset (player, 0, sizeof *player);
  if (g_strcmp0 (name, "random") == 0)
    {
      player->random = TRUE;
      return TRUE;
    }
  if (name != NULL && g_str_has_prefix (name, "engine:"))
    {
      if (name[strlen ("engine:")] == '\0')
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                               _("Give the engine’s command after “engine:”, such as “engine:congkak-cli engine”."));
          return FALSE;
        }
      engine->engine = congkak_uci_engine_new (name + strlen ("engine:"));
      return TRUE;
    }
  if (name == NULL || !congkak_level_from_string (name, &level))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is not a player: write easy, medium, hard, perfect, random or engine:COMMAND."),
                   name ? name : "");
      return FALSE;
    }
  congkak_computer_options_init (&player->options, level, 0);
  return TRUE;
}

int
congkak_cli_match (CongkakCli  *cli,
                   int          argc,
                   char       **argv)
{
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  int seed = 1;
  int games = 10;
  gint64 nodes = 0;
  int move_limit = 5000;
  int movetime = 0;
  int margin = CONGKAK_UCI_ENGINE_DEFAULT_MARGIN_MS;
  g_autofree char *openings_path = NULL;
  g_autoptr (GPtrArray) openings = NULL;
  gboolean swap = FALSE;
  const GOptionEntry entries[] = {
    { "south", 0, 0, G_OPTION_ARG_STRING, &south,
      N_("South's player: easy, medium, hard, perfect, random or engine:COMMAND (default: hard)"), N_("PLAYER") },
    { "north", 0, 0, G_OPTION_ARG_STRING, &north,
      N_("North's player (default: random)"), N_("PLAYER") },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("Matches to play (default: 10)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Seed of the first match; match K uses N + K − 1 (default: 1)"), N_("N") },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes,
      N_("Limit hard, perfect and engines (“go nodes N”) to N positions a move instead of their time, so that results repeat"), N_("N") },
    { "move-limit", 0, 0, G_OPTION_ARG_INT, &move_limit,
      N_("Stop a match after N moves and count it unfinished (default: 5000)"), N_("N") },
    { "swap", 0, 0, G_OPTION_ARG_NONE, &swap,
      N_("Swap the players' sides every other match"), NULL },
    { "movetime", 0, 0, G_OPTION_ARG_INT, &movetime,
      N_("Time a move of an engine, and of hard and perfect, in milliseconds (default: 1000 for engines, the level's own)"), N_("MS") },
    { "openings", 0, 0, G_OPTION_ARG_FILENAME, &openings_path,
      N_("Start the matches from these openings, one a line, such as “AbC” (with --swap, each played from both sides)"), N_("FILE") },
    { "time-margin", 0, 0, G_OPTION_ARG_INT, &margin,
      N_("How much longer than its move time an engine may take before it loses the match (default: 1000)"), N_("MS") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakOwareEndgameShelf) oware_endgame_shelf = NULL;
  CongkakAutoPlayer players[2];
  EnginePlayer engines[2] = { { 0 }, { 0 } };
  guint forfeits[2] = { 0, 0 };
  const char *names[2];
  const char *labels[2];
  int status = EXIT_OK;
  guint wins[2] = { 0, 0 }, draws = 0, unfinished = 0;
  guint decisions[2] = { 0, 0 };
  guint64 total_nodes[2] = { 0, 0 };
  gint64 usec[2] = { 0, 0 };
  CongkakRules rules;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc > 1)
    return congkak_cli_usage_error (cli, _("match takes no moves."));
  if (games < 1)
    return congkak_cli_usage_error (cli, _("--games must be at least 1."));
  if (nodes < 0)
    return congkak_cli_usage_error (cli, _("--nodes must not be negative."));
  if (move_limit < 1)
    return congkak_cli_usage_error (cli, _("--move-limit must be at least 1."));
  if (movetime < 0 || margin < 0)
    return congkak_cli_usage_error (cli, _("--movetime and --time-margin must not be negative."));
  names[0] = south ? south : "hard";
  names[1] = north ? north : "random";
  if (!parse_player (names[0], &players[0], &engines[0], &error)
      || !parse_player (names[1], &players[1], &engines[1], &error)
      || !congkak_cli_get_rules (cli, &rules, &error))
    {
      stop_engines (engines);
      return congkak_cli_usage_error (cli, error->message);
    }
  if (openings_path != NULL)
    {
      openings = read_openings (openings_path, &rules, &error);
      if (openings == NULL)
        {
          stop_engines (engines);
          return congkak_cli_file_error (openings_path, error);
        }
    }
  for (guint i = 0; i < 2; i++)
    {
      labels[i] = names[i];
      if (engines[i].engine != NULL)
        {
          /* The table's columns are narrow: the command is said below it. */
          labels[i] = engines[1 - i].engine == NULL ? "engine" : i == 0 ? "engine1" : "engine2";
          /* With a node budget the move time only bounds the wait. */
          engines[i].movetime_ms = movetime > 0 ? movetime : nodes > 0 ? MATCH_ANSWER_MS : 1000;
          congkak_uci_engine_set_node_limit (engines[i].engine, (guint64) nodes);
          congkak_uci_engine_set_time_margin (engines[i].engine, margin);
          /* A Java engine on a busy machine took more than 10 s to start
           * (tools/aalina-match): a benchmark waits longer than the app. */
          congkak_uci_engine_set_answer_timeout (engines[i].engine, MATCH_ANSWER_MS);
        }
      else if (!players[i].random && players[i].options.level >= CONGKAK_LEVEL_HARD)
        {
          players[i].options.max_nodes = nodes;
          players[i].options.max_seconds = movetime / 1000.0;
          /* Ready before the first game, so that every game is played
           * with it (congkak_oware_endgame_shelf_prepare());
           * CONGKAK_OWARE_ENDGAME_SEEDS=N: another size, for measuring;
           * 0 for none. */
          if (oware_endgame_shelf == NULL)
            {
              g_autofree char *cache_dir = congkak_oware_endgame_cache_dir ();

              oware_endgame_shelf = congkak_oware_endgame_shelf_new (congkak_oware_endgame_parse_seeds (g_getenv ("CONGKAK_OWARE_ENDGAME_SEEDS")),
                                                                     cache_dir);
            }
          congkak_oware_endgame_shelf_wait (oware_endgame_shelf, &rules);
          players[i].oware_endgame_shelf = oware_endgame_shelf;
        }
    }

  g_print ("%5s %-8s %-8s %-8s %11s %7s %7s\n",
           _("match"), congkak_side_get_name (CONGKAK_SOUTH), congkak_side_get_name (CONGKAK_NORTH), _("winner"), _("stores"), _("rounds"), _("moves"));
  for (int g = 0; g < games; g++)
    {
      CongkakComputerMatchResult result;
      CongkakAutoPlayer sides[2];
      CongkakOutsidePlayer outside[2];
      gboolean swapped = swap && g % 2 == 1;
      GStrv start = NULL;
      guint first_side = swapped ? CONGKAK_NORTH : CONGKAK_SOUTH;
      const char *winner;

      sides[first_side] = players[0];
      sides[1 - first_side] = players[1];
      for (guint i = 0; i < 2; i++)
        {
          guint side = i == 0 ? first_side : 1 - first_side;

          outside[side].choose = engines[i].engine ? engine_choose : NULL;
          outside[side].user_data = &engines[i];
        }
      for (guint i = 0; i < 2; i++)
        if (engines[i].engine != NULL)
          {
            engines[i].failed = FALSE;
            congkak_uci_engine_new_game (engines[i].engine);
          }
      if (openings != NULL)
        start = g_ptr_array_index (openings, (swap ? g / 2 : g) % openings->len);
      if (!congkak_computer_play_match_from (&rules, (const char * const *) start, sides, outside, (guint64) seed + g,
                                             move_limit, NULL, &result, &error))
        {
          guint loser = engines[0].failed ? 0 : 1;

          if (!engines[loser].failed)
            {
              g_printerr ("%s: %s\n", g_get_prgname (), error->message);
              stop_engines (engines);
              return EXIT_INVALID_INPUT;
            }
          /* An engine that misbehaves loses the match, and says why. */
          forfeits[loser]++;
          wins[1 - loser]++;
          g_print ("%5d %-8s %-8s %-8s %11s %7s %7s\n",
                   g + 1, labels[swapped ? 1 : 0], labels[swapped ? 0 : 1], labels[1 - loser], "–", "–", "–");
          /* TRANSLATORS: “engine forfeits: The engine “X” played “G”, which is not a legal move here.” */
          g_print (_("      %s forfeits: %s\n"), labels[loser], error->message);
          g_clear_error (&error);
          status = EXIT_INVALID_INPUT;
          continue;
        }

      for (guint i = 0; i < 2; i++)
        {
          guint side = i == 0 ? first_side : 1 - first_side;

          decisions[i] += result.decisions[side];
          total_nodes[i] += result.nodes[side];
          usec[i] += result.usec[side];
        }
      if (!result.finished)
        {
          unfinished++;
          winner = _("none");
        }
      else if (result.final.match_winner == CONGKAK_NOBODY)
        {
          draws++;
          winner = _("draw");
        }
      else
        {
          guint i = (guint) result.final.match_winner == first_side ? 0 : 1;

          wins[i]++;
          winner = labels[i];
        }
      g_print ("%5d %-8s %-8s %-8s %5u–%-5u %7u %7u\n",
               g + 1, labels[swapped ? 1 : 0], labels[swapped ? 0 : 1], winner,
               result.final.position.store[CONGKAK_SOUTH], result.final.position.store[CONGKAK_NORTH],
               result.rounds, result.moves);
    }

  g_print ("\n");
  /* TRANSLATORS: %s: a player such as “hard”, %u: a number of matches */
  g_print (_("%s won %u, %s won %u, %u drawn, %u unfinished\n"),
           labels[0], wins[0], labels[1], wins[1], draws, unfinished);
  for (guint i = 0; i < 2; i++)
    {
      double seconds = usec[i] / (double) G_USEC_PER_SEC;

      if (engines[i].engine != NULL)
        {
          g_autofree char *name = congkak_quote_untrusted (congkak_uci_engine_get_name (engines[i].engine), -1);

          /* TRANSLATORS: “engine: Aalina 2.0 (java … service), lost 1 match by misbehaving” */
          g_print (ngettext ("%s: %s (%s), lost %u match by misbehaving\n",
                             "%s: %s (%s), lost %u matches by misbehaving\n", forfeits[i]),
                   labels[i], name, names[i] + strlen ("engine:"), forfeits[i]);
          /* TRANSLATORS: “engine: slowest answer 1012 ms, for a move time of 1000 ms” */
          g_print (_("%s: slowest answer %.0f ms, for a move time of %u ms\n"),
                   labels[i], engines[i].longest / 1000.0, engines[i].movetime_ms);
        }
      if (players[i].random || decisions[i] == 0)
        continue;
      if (total_nodes[i] == 0)
        /* TRANSLATORS: %s: a level or an engine, %u: decisions (moves and opening choices) */
        g_print (_("%s: %u decisions, %.3f s each on average\n"),
                 labels[i], decisions[i], seconds / decisions[i]);
      else
        /* TRANSLATORS: %s: a level, %u: decisions (moves and opening choices) */
        g_print (_("%s: %u decisions, %.3f s each on average, %.0f nodes/s\n"),
                 labels[i], decisions[i], seconds / decisions[i], total_nodes[i] / MAX (seconds, 1e-9));
    }
  stop_engines (engines);
  return status;
}
