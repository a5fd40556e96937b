/* congkak-cli.c — the headless tool over the engine
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit codes: 0 success, 1 invalid game input (an illegal move, say),
 * 2 bad arguments.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "congkak-engine.h"

enum
{
  EXIT_OK = 0,
  EXIT_INVALID_INPUT = 1,
  EXIT_BAD_ARGUMENTS = 2,
};

/* Options every subcommand that needs rules shares. */
typedef struct
{
  char  *profile;
  int    holes;
  int    seeds;
  char **options;
} RulesArguments;

static void
rules_arguments_clear (RulesArguments *arguments)
{
  g_clear_pointer (&arguments->profile, g_free);
  g_clear_pointer (&arguments->options, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RulesArguments, rules_arguments_clear)

static GOptionGroup *
rules_option_group (RulesArguments *arguments)
{
  const GOptionEntry entries[] = {
    { "rules", 'r', 0, G_OPTION_ARG_STRING, &arguments->profile,
      N_("Game: congkak, congkak-single, kalah or oware (default: congkak)"), N_("PROFILE") },
    { "holes", 0, 0, G_OPTION_ARG_INT, &arguments->holes,
      N_("Holes per side, 3 to 9"), N_("N") },
    { "seeds", 0, 0, G_OPTION_ARG_INT, &arguments->seeds,
      N_("Seeds per hole at the start, 1 to 20"), N_("N") },
    { "option", 'o', 0, G_OPTION_ARG_STRING_ARRAY, &arguments->options,
      N_("Set a rule option, such as relay=off (repeatable)"), N_("KEY=VALUE") },
    G_OPTION_ENTRY_NULL
  };
  GOptionGroup *group;

  arguments->holes = -1;
  arguments->seeds = -1;
  group = g_option_group_new ("rules", _("Rule options:"), _("Show the rule options"), NULL, NULL);
  g_option_group_add_entries (group, entries);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  return group;
}

static gboolean
rules_from_arguments (const RulesArguments  *arguments,
                      CongkakRules          *rules,
                      GError               **error)
{
  if (!congkak_rules_init_profile (rules, arguments->profile ? arguments->profile : "congkak", error))
    return FALSE;

  if (arguments->holes >= 0)
    {
      g_autofree char *value = g_strdup_printf ("%d", arguments->holes);

      if (!congkak_rules_set_option (rules, "holes", value, error))
        return FALSE;
    }
  if (arguments->seeds >= 0)
    {
      g_autofree char *value = g_strdup_printf ("%d", arguments->seeds);

      if (!congkak_rules_set_option (rules, "seeds", value, error))
        return FALSE;
    }

  for (guint i = 0; arguments->options && arguments->options[i]; i++)
    {
      const char *equals = strchr (arguments->options[i], '=');
      g_autofree char *key = NULL;

      if (equals == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("“%s” is not of the form KEY=VALUE."), arguments->options[i]);
          return FALSE;
        }
      key = g_strndup (arguments->options[i], equals - arguments->options[i]);
      if (!congkak_rules_set_option (rules, key, equals + 1, error))
        return FALSE;
    }

  return congkak_rules_validate (rules, error);
}

static int
usage_error (GOptionContext *context G_GNUC_UNUSED,
             const char     *message)
{
  g_printerr ("%s: %s\n", g_get_prgname (), message);
  g_printerr (_("Run “%s --help” to see the options.\n"), g_get_prgname ());
  return EXIT_BAD_ARGUMENTS;
}

static void
add_side_pair (JsonBuilder   *builder,
               const char    *member,
               const guint16  amount[2])
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "south");
  json_builder_add_int_value (builder, amount[CONGKAK_SOUTH]);
  json_builder_set_member_name (builder, "north");
  json_builder_add_int_value (builder, amount[CONGKAK_NORTH]);
  json_builder_end_object (builder);
}

static void
add_side_or_null (JsonBuilder *builder,
                  const char  *member,
                  CongkakSide  side)
{
  json_builder_set_member_name (builder, member);
  if (side == CONGKAK_NOBODY)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, congkak_side_to_string (side));
}

static void
add_hole_mask (JsonBuilder   *builder,
               const char    *member,
               const guint16  mask[2])
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < CONGKAK_MAX_HOLES; i++)
      if (mask[side] & (1u << i))
        {
          char letter[2] = { congkak_hole_letter (side, i), '\0' };

          json_builder_add_string_value (builder, letter);
        }
  json_builder_end_array (builder);
}

static void
add_event (JsonBuilder        *builder,
           const CongkakEvent *event)
{
  const char *reason = congkak_event_reason_to_string (event);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, congkak_event_type_to_string (event->type));

  switch (event->type)
    {
    case CONGKAK_EVENT_ROUND_END:
    case CONGKAK_EVENT_MATCH_END:
      add_side_or_null (builder, "winner", event->player);
      break;
    case CONGKAK_EVENT_REFILL:
      break;
    default:
      add_side_or_null (builder, "player", event->player);
      break;
    }

  if (event->place.side != CONGKAK_NOBODY)
    {
      json_builder_set_member_name (builder, "place");
      if (event->place.index == CONGKAK_STORE)
        json_builder_add_string_value (builder, event->place.side == CONGKAK_SOUTH ? "south-store" : "north-store");
      else
        {
          char letter[2] = { congkak_hole_letter (event->place.side, event->place.index), '\0' };

          json_builder_add_string_value (builder, letter);
        }
    }

  if (reason)
    {
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, reason);
    }

  switch (event->type)
    {
    case CONGKAK_EVENT_PICK_UP:
    case CONGKAK_EVENT_RELAY:
      json_builder_set_member_name (builder, "count");
      json_builder_add_int_value (builder, event->count);
      break;
    case CONGKAK_EVENT_CAPTURE:
    case CONGKAK_EVENT_GRAND_SLAM:
      json_builder_set_member_name (builder, "count");
      json_builder_add_int_value (builder, event->count);
      add_hole_mask (builder, "holes", event->mask);
      break;
    case CONGKAK_EVENT_ROUND_END:
      add_side_pair (builder, "collected", event->amount);
      break;
    case CONGKAK_EVENT_REFILL:
      add_side_pair (builder, "filled", event->amount);
      add_hole_mask (builder, "burnt", event->mask);
      break;
    case CONGKAK_EVENT_ROUND_START:
      json_builder_set_member_name (builder, "round");
      json_builder_add_int_value (builder, event->count);
      break;
    case CONGKAK_EVENT_MATCH_END:
      add_side_pair (builder, "score", event->amount);
      break;
    default:
      break;
    }

  if (event->tick > 0)
    {
      json_builder_set_member_name (builder, "tick");
      json_builder_add_int_value (builder, event->tick);
    }
  json_builder_end_object (builder);
}

static void
add_side (JsonBuilder           *builder,
          const CongkakPosition *position,
          CongkakSide            side)
{
  json_builder_set_member_name (builder, congkak_side_to_string (side));
  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "holes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < position->n_holes; i++)
    json_builder_add_int_value (builder, position->holes[side][i]);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "store");
  json_builder_add_int_value (builder, position->store[side]);

  json_builder_set_member_name (builder, "burnt");
  json_builder_begin_array (builder);
  for (guint i = 0; i < position->n_holes; i++)
    json_builder_add_boolean_value (builder, congkak_position_is_burnt (position, side, i));
  json_builder_end_array (builder);

  json_builder_end_object (builder);
}

static void
add_game (JsonBuilder       *builder,
          const CongkakGame *game)
{
  const CongkakState *state = congkak_game_get_state (game);

  add_side (builder, &state->position, CONGKAK_SOUTH);
  add_side (builder, &state->position, CONGKAK_NORTH);
  add_side_or_null (builder, "to_move", state->position.to_move);

  json_builder_set_member_name (builder, "round");
  json_builder_add_int_value (builder, state->round);
  json_builder_set_member_name (builder, "round_over");
  json_builder_add_boolean_value (builder, state->phase == CONGKAK_PHASE_ROUND_OVER
                                           || state->phase == CONGKAK_PHASE_MATCH_OVER);
  json_builder_set_member_name (builder, "match_over");
  json_builder_add_boolean_value (builder, state->phase == CONGKAK_PHASE_MATCH_OVER);

  json_builder_set_member_name (builder, "rounds");
  json_builder_begin_array (builder);
  for (guint i = 0; i < congkak_game_get_n_round_results (game); i++)
    {
      const CongkakRoundResult *result = congkak_game_get_round_result (game, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "south");
      json_builder_add_int_value (builder, result->store[CONGKAK_SOUTH]);
      json_builder_set_member_name (builder, "north");
      json_builder_add_int_value (builder, result->store[CONGKAK_NORTH]);
      add_side_or_null (builder, "winner", result->winner);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static int
command_play (int    argc,
              char **argv)
{
  g_auto (RulesArguments) arguments = { 0 };
  gboolean with_events = FALSE;
  gboolean pretty = FALSE;
  const GOptionEntry entries[] = {
    { "events", 'e', 0, G_OPTION_ARG_NONE, &with_events, N_("Also print the events of each move"), NULL },
    { "pretty", 0, 0, G_OPTION_ARG_NONE, &pretty, N_("Indent the JSON output"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("MOVE… — play moves and print the position as JSON"));
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autofree char *json = NULL;
  CongkakRules rules;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("A MOVE is a hole letter (C for South, c for North), an opening\n"
                                  "such as opening:C,D/a (South chose C, then D after landing in the\n"
                                  "store; North chose a), or next-round."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, rules_option_group (&arguments));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (!rules_from_arguments (&arguments, &rules, &error))
    return usage_error (context, error->message);

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
            add_event (builder, &g_array_index (events, CongkakEvent, j));
          json_builder_end_array (builder);
          json_builder_end_object (builder);
        }
    }

  if (with_events)
    json_builder_end_array (builder);
  add_game (builder, game);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, pretty);
  json = json_generator_to_data (generator, NULL);
  g_print ("%s\n", json);
  return EXIT_OK;
}

static int
command_perft (int    argc,
               char **argv)
{
  g_auto (RulesArguments) arguments = { 0 };
  int depth = -1;
  const GOptionEntry entries[] = {
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Count sequences of 1 to N moves"), N_("N") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("— count move sequences from the start"));
  g_autoptr (GError) error = NULL;
  CongkakRules rules;
  CongkakState state;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("One move is one sowing (an extra turn is a move by the same player),\n"
                                  "one complete simultaneous opening, or next-round. A finished match\n"
                                  "has no moves."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, rules_option_group (&arguments));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc > 1)
    return usage_error (context, _("perft takes no moves."));
  if (depth < 1 || depth > 64)
    return usage_error (context, _("--depth must be a whole number from 1 to 64."));
  if (!rules_from_arguments (&arguments, &rules, &error))
    return usage_error (context, error->message);

  congkak_state_init (&state, &rules);
  for (int d = 1; d <= depth; d++)
    {
      gint64 start = g_get_monotonic_time ();
      guint64 count = congkak_perft (&state, &rules, d);
      double seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;

      g_print ("depth %d: %" G_GUINT64_FORMAT " (%.3f s)\n", d, count, seconds);
    }
  return EXIT_OK;
}

typedef struct
{
  guint64 games;
  guint64 moves;
  guint64 seeds;
} Playouts;

/* Random choices through the whole match, including openings and new
 * rounds; plays stop at @move_limit (Oware can cycle under random play,
 * and the fast path does not track repetition). */
static void
random_playout (const CongkakRules *rules,
                GRand              *rand,
                guint               move_limit,
                CongkakOpening     *opening,
                Playouts           *playouts)
{
  CongkakState state;
  guint moves = 0;

  congkak_state_init (&state, rules);

  while (state.phase != CONGKAK_PHASE_MATCH_OVER && moves < move_limit)
    {
      guint8 holes[CONGKAK_MAX_HOLES];
      guint n_holes;

      switch (state.phase)
        {
        case CONGKAK_PHASE_OPENING:
          {
            CongkakState start = state;
            CongkakSide needing = CONGKAK_SOUTH;

            congkak_opening_clear (opening);
            for (;;)
              {
                CongkakState attempt = start;

                congkak_state_play_opening (&attempt, rules, opening, NULL, &needing, NULL);
                if (needing == CONGKAK_NOBODY)
                  {
                    state = attempt;
                    break;
                  }
                n_holes = 0;
                for (guint i = 0; i < rules->holes; i++)
                  if (congkak_position_can_choose (&attempt.position, needing, i))
                    holes[n_holes++] = i;
                congkak_opening_add_choice (opening, needing, holes[g_rand_int_range (rand, 0, n_holes)]);
              }
            break;
          }

        case CONGKAK_PHASE_ROUND_OVER:
          congkak_state_next_round (&state, rules, NULL, NULL);
          break;

        case CONGKAK_PHASE_PLAYING:
        default:
          n_holes = congkak_state_legal_moves (&state, rules, holes);
          playouts->seeds += congkak_state_play_fast (&state, rules, holes[g_rand_int_range (rand, 0, n_holes)]);
          break;
        }
      moves++;
    }

  playouts->games++;
  playouts->moves += moves;
}

static int
command_bench (int    argc,
               char **argv)
{
  int games = 2000;
  int seed = 1;
  const GOptionEntry entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("Random matches per game (default: 2000)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Seed of the random choices (default: 1)"), N_("N") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("— measure the speed of sowing"));
  g_autoptr (GError) error = NULL;
  g_autofree CongkakOpening *opening = g_new (CongkakOpening, 1);
  const char * const *profiles = congkak_rules_profile_names ();

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Plays random matches of every game from a fixed seed and prints\n"
                                  "seeds sown per second and moves per second."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc > 1)
    return usage_error (context, _("bench takes no moves."));
  if (games < 1)
    return usage_error (context, _("--games must be at least 1."));

  g_print ("%-16s %8s %10s %12s %8s %14s %12s\n",
           "game", "matches", "moves", "seeds", "seconds", "seeds/s", "moves/s");
  for (guint i = 0; profiles[i] != NULL; i++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      Playouts playouts = { 0 };
      CongkakRules rules;
      gint64 start;
      double seconds;

      congkak_rules_init_profile (&rules, profiles[i], NULL);
      start = g_get_monotonic_time ();
      for (int g = 0; g < games; g++)
        random_playout (&rules, rand, 10000, opening, &playouts);
      seconds = MAX ((g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC, 1e-9);

      g_print ("%-16s %8" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT
               " %8.3f %14.0f %12.0f\n",
               profiles[i], playouts.games, playouts.moves, playouts.seeds, seconds,
               playouts.seeds / seconds, playouts.moves / seconds);
    }
  return EXIT_OK;
}

static const struct
{
  const char *name;
  int       (*run) (int argc, char **argv);
  const char *summary;
} commands[] = {
  { "play", command_play, N_("Play moves from the start and print the position as JSON") },
  { "perft", command_perft, N_("Count move sequences to a depth") },
  { "bench", command_bench, N_("Measure sowing speed with random matches") },
};

static void
print_commands (FILE *stream)
{
  fprintf (stream, "%s\n\n", _("Usage: congkak-cli COMMAND [OPTION…]"));
  fprintf (stream, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %-8s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (stream, "\n%s\n", _("Run “congkak-cli COMMAND --help” for a command’s options."));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_commands (stderr);
      return EXIT_BAD_ARGUMENTS;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_commands (stdout);
      return EXIT_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        g_autofree char *program = g_strdup_printf ("congkak-cli %s", commands[i].name);

        g_set_prgname (program);
        return commands[i].run (argc - 1, argv + 1);
      }

  g_printerr (_("congkak-cli: unknown command “%s”.\n\n"), argv[1]);
  print_commands (stderr);
  return EXIT_BAD_ARGUMENTS;
}
