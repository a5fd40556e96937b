/* congkak-cli.c — the headless tool over the engine
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit codes: 0 success, 1 invalid game input (an illegal move, a match
 * file that does not load, a file that cannot be read or written),
 * 2 bad arguments.
 */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "congkak-analysis.h"
#include "congkak-board-picture.h"
#include "congkak-cli-private.h"
#include "congkak-engine.h"
#include "congkak-i18n.h"
#include "congkak-match.h"
#include "congkak-match-file.h"
#include "congkak-match-text.h"
#include "congkak-rules-text.h"

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

int
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
add_game (JsonBuilder       *builder,
          const CongkakGame *game)
{
  const CongkakState *state = congkak_game_get_state (game);

  congkak_json_add_position_side (builder, &state->position, CONGKAK_SOUTH);
  congkak_json_add_position_side (builder, &state->position, CONGKAK_NORTH);
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

/* Match files: JSON (.congkak) or the text notation, told apart by their
 * first character. */
typedef enum
{
  MATCH_FORMAT_JSON,
  MATCH_FORMAT_TEXT,
} MatchFormat;

static CongkakMatch *
load_match (const char  *path,
            GPtrArray  **warnings,
            GError     **error)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (path);

  return congkak_match_load_any_from_file (file, NULL, warnings, error);
}

/* The format to write @path in: by its extension, unless forced. */
static gboolean
output_format (const char   *path,
               gboolean      force_json,
               gboolean      force_text,
               MatchFormat  *format,
               GError      **error)
{
  if (force_json && force_text)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("Give --json or --text, not both."));
      return FALSE;
    }
  if (force_json || force_text)
    *format = force_json ? MATCH_FORMAT_JSON : MATCH_FORMAT_TEXT;
  else if (g_str_equal (path, "-") || g_str_has_suffix (path, ".txt"))
    *format = MATCH_FORMAT_TEXT;
  else if (g_str_has_suffix (path, ".congkak") || g_str_has_suffix (path, ".json"))
    *format = MATCH_FORMAT_JSON;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Cannot tell the format of “%s”: name it NAME.congkak (JSON) or NAME.txt (text), or give --json or --text."),
                   path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_match (CongkakMatch  *match,
             const char    *path,
             MatchFormat    format,
             GError       **error)
{
  g_autoptr (GFile) file = NULL;
  g_autofree char *data = NULL;

  if (g_str_equal (path, "-"))
    {
      data = format == MATCH_FORMAT_JSON ? congkak_match_save_to_data (match, NULL)
                                         : congkak_match_save_to_text (match);
      if (fputs (data, stdout) < 0 || fflush (stdout) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       _("Cannot write to standard output: %s"), g_strerror (saved_errno));
          return FALSE;
        }
      return TRUE;
    }

  file = g_file_new_for_commandline_arg (path);
  if (format == MATCH_FORMAT_JSON)
    return congkak_match_save_to_file (match, file, NULL, error);

  data = congkak_match_save_to_text (match);
  return g_file_replace_contents (file, data, strlen (data), NULL, FALSE, G_FILE_CREATE_NONE,
                                  NULL, NULL, error);
}

static int
file_error (const char   *path,
            const GError *error)
{
  g_printerr ("%s: %s: %s\n", g_get_prgname (), path, error->message);
  return EXIT_INVALID_INPUT;
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
          congkak_state_random_opening (&state, rules, rand, opening);
          congkak_state_play_opening (&state, rules, opening, NULL, NULL, NULL);
          break;

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

/* Plays up to @n_moves random moves from the cursor; returns how many. */
guint
play_random_moves (CongkakMatch   *match,
                   GRand          *rand,
                   guint           n_moves,
                   CongkakOpening *opening)
{
  guint played = 0;

  for (; played < n_moves; played++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *move = congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                                         congkak_match_get_rules (match), rand);

      if (move == NULL)
        break;
      if (congkak_match_play_text (match, move, NULL, &error) == NULL)
        g_error ("A legal move was refused: %s", error->message);
    }
  return played;
}

double
elapsed_ms (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* Builds a long match with variations, then times saving, loading and
 * jumping to random moves of the freshly loaded match (its cache holds
 * only what loading left there). */
static int
bench_seek (int seed)
{
  enum { MAIN_MOVES = 2000, VARIATIONS = 50, VARIATION_MOVES = 20, SEEKS = 2000 };
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) loaded = NULL;
  g_autoptr (GPtrArray) main_line = g_ptr_array_new ();
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  CongkakRules rules;
  CongkakNode *node;
  guint main_moves, variations = 0, next_rounds = 0;
  double save_ms, load_ms, worst = 0, total = 0;
  gsize length;
  gint64 start;

  congkak_rules_init_profile (&rules, "congkak", NULL);
  congkak_rules_set_option (&rules, "max-rounds", "0", NULL);
  match = congkak_match_new (&rules);

  main_moves = play_random_moves (match, rand, MAIN_MOVES, opening);
  for (node = congkak_node_get_main_child (congkak_match_get_root (match)); node != NULL;
       node = congkak_node_get_main_child (node))
    {
      g_ptr_array_add (main_line, node);
      if (congkak_node_get_move (node)->kind == CONGKAK_MOVE_NEXT_ROUND)
        next_rounds++;
    }

  /* Each variation plays another move instead of a main-line move. */
  for (guint attempt = 0; variations < VARIATIONS && attempt < 100 * VARIATIONS; attempt++)
    {
      CongkakNode *replaced = g_ptr_array_index (main_line, g_rand_int_range (rand, 0, main_line->len));
      guint before = congkak_match_get_n_nodes (match);

      congkak_match_set_cursor (match, congkak_node_get_parent (replaced));
      play_random_moves (match, rand, VARIATION_MOVES, opening);
      if (congkak_match_get_n_nodes (match) > before
          && congkak_node_get_parent (congkak_match_get_cursor (match)) != NULL
          && !congkak_node_is_main_line (congkak_match_get_cursor (match)))
        variations++;
    }

  start = g_get_monotonic_time ();
  data = congkak_match_save_to_data (match, &length);
  save_ms = elapsed_ms (start);

  start = g_get_monotonic_time ();
  loaded = congkak_match_load_from_data (data, length, NULL, &error);
  load_ms = elapsed_ms (start);
  if (loaded == NULL)
    g_error ("The saved match does not load: %s", error->message);

  /* Every node of the loaded match, to seek to. */
  g_ptr_array_add (nodes, congkak_match_get_root (loaded));
  for (guint i = 0; i < nodes->len; i++)
    {
      CongkakNode *parent = g_ptr_array_index (nodes, i);

      for (guint j = 0; j < congkak_node_get_n_children (parent); j++)
        g_ptr_array_add (nodes, congkak_node_get_child (parent, j));
    }

  for (guint i = 0; i < SEEKS; i++)
    {
      CongkakNode *target = g_ptr_array_index (nodes, g_rand_int_range (rand, 0, nodes->len));
      double ms;

      start = g_get_monotonic_time ();
      congkak_match_set_cursor (loaded, target);
      congkak_match_get_cursor_game (loaded);
      ms = elapsed_ms (start);
      worst = MAX (worst, ms);
      total += ms;
    }

  /* One count a line, as "label: number", so that no sentence needs two plurals. */
  g_print (_("main-line moves: %u (next-round: %u)\n"), main_moves, next_rounds);
  g_print (_("variations: %u\n"), variations);
  g_print (_("moves in all: %u\n"), congkak_match_get_n_nodes (loaded));
  g_print (_("JSON size: %llu B\n"), (unsigned long long) length);
  g_print (_("save: %.3f ms\n"), save_ms);
  g_print (_("load: %.3f ms\n"), load_ms);
  g_print (ngettext ("seek: worst %.4f ms, mean %.4f ms over %u random seek\n",
                     "seek: worst %.4f ms, mean %.4f ms over %u random seeks\n", SEEKS),
           worst, total / SEEKS, SEEKS);
  return EXIT_OK;
}

static int
command_solve (int    argc,
               char **argv)
{
  g_auto (RulesArguments) arguments = { 0 };
  int table_mb = CONGKAK_SEARCH_DEFAULT_TABLE_MB;
  const GOptionEntry entries[] = {
    { "table-mb", 0, 0, G_OPTION_ARG_INT, &table_mb,
      N_("Size of the transposition table in MiB (default: 64)"), N_("N") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("— solve a single-round store game from the start"));
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

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Prints the final store margin that the player to move at the start\n"
                                  "can force with best play by both sides, a best line, and the effort.\n"
                                  "The solver covers single-round store games (kalah, congkak-single\n"
                                  "and custom rules like them) without a simultaneous opening."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, rules_option_group (&arguments));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc > 1)
    return usage_error (context, _("solve takes no moves."));
  if (table_mb < 1 || table_mb > 65536)
    return usage_error (context, _("--table-mb must be a whole number from 1 to 65536."));
  if (!rules_from_arguments (&arguments, &rules, &error))
    return usage_error (context, error->message);
  if (!congkak_search_can_solve (&rules, &error))
    return usage_error (context, error->message);

  congkak_state_init (&state, &rules);
  if (state.phase != CONGKAK_PHASE_PLAYING)
    return usage_error (context, _("The start position has no move to solve."));

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

/* Iterative deepening from the start, one line per finished depth. */
static void
bench_search (const char *profile,
              int         depth)
{
  g_autoptr (CongkakSearch) search = NULL;
  CongkakRules rules;
  CongkakState state;
  guint64 total_nodes = 0;
  double total_seconds = 0;

  congkak_rules_init_profile (&rules, profile, NULL);
  congkak_state_init (&state, &rules);
  search = congkak_search_new (&rules, CONGKAK_SEARCH_DEFAULT_TABLE_MB);

  g_print ("%s\n", profile);
  g_print ("%6s %6s %12s %10s %14s\n", "depth", "move", "nodes", "seconds", "nodes/s");
  for (int d = 1; d <= depth; d++)
    {
      CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = state.position.to_move };
      g_autofree char *move_text = NULL;
      guint64 nodes = 0;
      guint8 hole = 0;
      int score = 0;
      gint64 start = g_get_monotonic_time ();
      double seconds;

      congkak_search_best_move (search, &state, d, 0, &hole, &score, &nodes);
      seconds = MAX ((g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC, 1e-9);
      move.hole = hole;
      move_text = congkak_move_to_string (&move);
      total_nodes += nodes;
      total_seconds += seconds;
      g_print ("%6d %6s %12" G_GUINT64_FORMAT " %10.3f %14.0f%s\n",
               d, move_text, nodes, seconds, nodes / seconds,
               congkak_search_is_exact (search) ? _(" (exact: the round end is reached)") : "");
      if (congkak_search_is_exact (search))
        break;
    }
  g_print (ngettext ("%s: %llu node in %.3f s, %.0f nodes/s\n\n",
                     "%s: %llu nodes in %.3f s, %.0f nodes/s\n\n", total_nodes),
           profile, (unsigned long long) total_nodes, total_seconds, total_nodes / MAX (total_seconds, 1e-9));
}

/* One move of every level, from the start (the opening's first hole in
 * congkak) and from a position a dozen random moves in, with the levels'
 * own limits: what a player waits for. */
static void
bench_levels (int seed)
{
  const char * const *profiles = congkak_rules_profile_names ();

  g_print ("%-16s %-8s %-8s %4s %8s %6s %12s %12s\n",
           _("game"), _("position"), _("level"), _("move"), _("seconds"), _("depth"), _("nodes"), _("nodes/s"));
  for (guint p = 0; profiles[p] != NULL; p++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (CongkakGame) game = NULL;
      CongkakState positions[2];
      CongkakRules rules;

      congkak_rules_init_profile (&rules, profiles[p], NULL);
      game = congkak_game_new (&rules);
      positions[0] = *congkak_game_get_state (game);
      for (guint m = 0; m < 12 || congkak_game_get_state (game)->phase != CONGKAK_PHASE_PLAYING; m++)
        {
          g_autofree char *move = congkak_state_random_move (congkak_game_get_state (game), &rules, rand);

          if (move == NULL || !congkak_game_play_text (game, move, NULL, NULL))
            g_error ("A random move was refused");
        }
      positions[1] = *congkak_game_get_state (game);

      for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
        for (CongkakLevel level = CONGKAK_LEVEL_EASY; level <= CONGKAK_LEVEL_PERFECT; level++)
          {
            g_autoptr (CongkakComputer) computer = congkak_computer_new (&rules);
            g_autoptr (GError) error = NULL;
            CongkakComputerOptions options;
            CongkakComputerMove out;
            gint64 start;
            double seconds;

            congkak_computer_options_init (&options, level, seed);
            start = g_get_monotonic_time ();
            if (!congkak_computer_choose (computer, &positions[i], NULL,
                                          positions[i].phase == CONGKAK_PHASE_OPENING ? CONGKAK_SOUTH : CONGKAK_NOBODY,
                                          &options, NULL, &out, &error))
              g_error ("The computer found no move: %s", error->message);
            seconds = MAX ((g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC, 1e-9);
            g_print ("%-16s %-8s %-8s %4c %8.3f %6u%s %12" G_GUINT64_FORMAT " %12.0f\n",
                     profiles[p],
                     i == 0 ? (positions[i].phase == CONGKAK_PHASE_OPENING ? _("opening") : _("start")) : _("middle"),
                     congkak_level_to_string (level), congkak_hole_letter (out.side, out.hole), seconds, out.depth,
                     out.exact ? "*" : " ", out.nodes, out.nodes / seconds);
          }
    }
  g_print (_("* exact: the search saw every line to the end of the round\n"));
}

static int
command_bench (int    argc,
               char **argv)
{
  int games = 2000;
  int seed = 1;
  gboolean seek = FALSE;
  gboolean search = FALSE;
  gboolean levels = FALSE;
  int depth = 12;
  int library_size = 0;
  g_autofree char *keep = NULL;
  const GOptionEntry entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("Random matches per game (default: 2000)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Seed of the random choices (default: 1)"), N_("N") },
    { "seek", 0, 0, G_OPTION_ARG_NONE, &seek,
      N_("Instead, time saving, loading and seeking in a long match with variations"), NULL },
    { "search", 0, 0, G_OPTION_ARG_NONE, &search,
      N_("Instead, time the alpha-beta search from the kalah and congkak-single start"), NULL },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("With --search, deepen to N moves (default: 12)"), N_("N") },
    { "library", 0, 0, G_OPTION_ARG_INT, &library_size,
      N_("Instead, make a match library of N generated matches and time building its index, opening it and searching it"),
      N_("N") },
    { "keep", 0, 0, G_OPTION_ARG_FILENAME, &keep,
      N_("With --library, make the library in the new folder DIR and keep it, to try the app with"), N_("DIR") },
    { "levels", 0, 0, G_OPTION_ARG_NONE, &levels,
      N_("With --search, instead time one move of each computer level in every game"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("— measure the speed of sowing"));
  g_autoptr (GError) error = NULL;
  g_autofree CongkakOpening *opening = g_new (CongkakOpening, 1);
  const char * const *profiles = congkak_rules_profile_names ();

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Plays random matches of every game from a fixed seed and prints\n"
                                  "seeds sown per second and moves per second. With --seek, builds a\n"
                                  "2,000-move Congkak match with 50 variations and times saving it,\n"
                                  "loading it and jumping to random moves of it."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc > 1)
    return usage_error (context, _("bench takes no moves."));
  if (games < 1)
    return usage_error (context, _("--games must be at least 1."));
  if (seek + search + (library_size != 0) > 1)
    return usage_error (context, _("--seek, --search and --library cannot be combined."));
  if (library_size < 0 || library_size > 1000000)
    return usage_error (context, _("--library must be a whole number from 1 to 1000000."));
  if (depth < 1 || depth > 254)
    return usage_error (context, _("--depth must be a whole number from 1 to 254."));
  if (seek)
    return bench_seek (seed);
  if (keep && library_size == 0)
    return usage_error (context, _("--keep goes with --library."));
  if (library_size > 0)
    return bench_library (library_size, seed, keep);
  if (levels && !search)
    return usage_error (context, _("--levels goes with --search."));
  if (search && levels)
    {
      bench_levels (seed);
      return EXIT_OK;
    }
  if (search)
    {
      bench_search ("kalah", depth);
      bench_search ("congkak-single", depth);
      return EXIT_OK;
    }

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

static int
command_validate (int    argc,
                  char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE… — check that match files load"));
  g_autoptr (GError) error = NULL;
  int status = EXIT_OK;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Loads each match file (JSON .congkak, or the text notation), replays\n"
                                  "every move, and prints “FILE: ok” with any warnings, or the error."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc < 2)
    return usage_error (context, _("Name at least one file to check."));

  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GPtrArray) warnings = NULL;
      g_autoptr (CongkakMatch) match = NULL;
      g_autoptr (GError) load_error = NULL;

      match = load_match (argv[i], &warnings, &load_error);
      if (match == NULL)
        {
          g_printerr ("%s: %s\n", argv[i], load_error->message);
          status = EXIT_INVALID_INPUT;
          continue;
        }
      /* TRANSLATORS: %s is a file name */
      g_print (_("%s: ok\n"), argv[i]);
      for (guint j = 0; warnings && j < warnings->len; j++)
        /* TRANSLATORS: %s: a file name, %s: what was ignored in it */
        g_print (_("%s: warning: %s\n"), argv[i], (const char *) g_ptr_array_index (warnings, j));
    }
  return status;
}

/* The holes of one row from left to right on the screen (RULES.md 1):
 * clockwise, South's store is on the left and South's row runs G … A,
 * North's a … g; counter-clockwise the other way round. */
static guint
hole_at_column (const CongkakRules *rules,
                CongkakSide         side,
                guint               column)
{
  gboolean reversed = (side == CONGKAK_SOUTH) == (rules->direction == CONGKAK_DIRECTION_CLOCKWISE);

  return reversed ? rules->holes - 1 - column : column;
}

static void
append_border (GString *out,
               guint    holes)
{
  for (guint i = 0; i < holes; i++)
    g_string_append (out, "+----");
  g_string_append (out, "+");
}

static void
append_letters (GString            *out,
                const CongkakRules *rules,
                CongkakSide         side)
{
  g_string_append (out, "      ");
  for (guint column = 0; column < rules->holes; column++)
    g_string_append_printf (out, "%5c", congkak_hole_letter (side, hole_at_column (rules, side, column)));
  g_string_append_c (out, '\n');
}

static void
append_row (GString               *out,
            const CongkakRules    *rules,
            const CongkakPosition *position,
            CongkakSide            side)
{
  g_string_append (out, "      ");
  for (guint column = 0; column < rules->holes; column++)
    {
      guint hole = hole_at_column (rules, side, column);

      if (congkak_position_is_burnt (position, side, hole))
        g_string_append (out, "|   x");
      else
        g_string_append_printf (out, "|%4u", position->holes[side][hole]);
    }
  g_string_append (out, "|\n");
}

static const char *
side_name (CongkakSide side)
{
  return side == CONGKAK_SOUTH ? _("South") : _("North");
}

static char *
player_label (CongkakMatch *match,
              CongkakSide   side,
              gboolean      store_on_left)
{
  const char *name = congkak_match_get_player_name (match, side);
  const char *where = store_on_left ? _("store on the left") : _("store on the right");

  if (*name != '\0')
    /* TRANSLATORS: side, player's name, where the side's store is drawn */
    return g_strdup_printf (_("%s (%s), %s"), side_name (side), name, where);
  /* TRANSLATORS: side, where the side's store is drawn */
  return g_strdup_printf (_("%s, %s"), side_name (side), where);
}

static char *
describe_board (CongkakMatch *match,
                CongkakNode  *node)
{
  const CongkakRules *rules = congkak_match_get_rules (match);
  const CongkakGame *game = congkak_match_get_game_at (match, node);
  const CongkakState *state = congkak_game_get_state (game);
  const CongkakPosition *position = &state->position;
  gboolean clockwise = rules->direction == CONGKAK_DIRECTION_CLOCKWISE;
  CongkakSide left = clockwise ? CONGKAK_SOUTH : CONGKAK_NORTH;
  g_autofree char *north = player_label (match, CONGKAK_NORTH, !clockwise);
  g_autofree char *south = player_label (match, CONGKAK_SOUTH, clockwise);
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%s\n", north);
  append_letters (out, rules, CONGKAK_NORTH);
  g_string_append (out, "      ");
  append_border (out, rules->holes);
  g_string_append_c (out, '\n');
  append_row (out, rules, position, CONGKAK_NORTH);
  g_string_append_printf (out, "%5u ", position->store[left]);
  append_border (out, rules->holes);
  g_string_append_printf (out, " %u\n", position->store[CONGKAK_OTHER_SIDE (left)]);
  append_row (out, rules, position, CONGKAK_SOUTH);
  g_string_append (out, "      ");
  append_border (out, rules->holes);
  g_string_append_c (out, '\n');
  append_letters (out, rules, CONGKAK_SOUTH);
  g_string_append_printf (out, "%s\n\n", south);

  switch (state->phase)
    {
    case CONGKAK_PHASE_OPENING:
      g_string_append_printf (out, _("Round %u: both players choose their opening holes.\n"), state->round);
      break;
    case CONGKAK_PHASE_PLAYING:
      /* TRANSLATORS: round number, then South or North */
      g_string_append_printf (out, _("Round %u: %s to move.\n"), state->round, side_name (position->to_move));
      break;
    case CONGKAK_PHASE_ROUND_OVER:
      if (state->round_winner == CONGKAK_NOBODY)
        g_string_append_printf (out, _("Round %u is over, drawn. Next: next-round.\n"), state->round);
      else
        g_string_append_printf (out, _("Round %u is over: %s won it. Next: next-round.\n"),
                                state->round, side_name (state->round_winner));
      break;
    case CONGKAK_PHASE_MATCH_OVER:
    default:
      if (state->match_winner == CONGKAK_NOBODY)
        g_string_append_printf (out, _("Round %u: the match is over, drawn.\n"), state->round);
      else
        g_string_append_printf (out, _("Round %u: the match is over: %s won.\n"),
                                state->round, side_name (state->match_winner));
      break;
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

/* What is wrong with --node and --move together, or NULL. */
static const char *
node_arguments_error (const char *node_path,
                      int         move_number)
{
  if (node_path != NULL && move_number >= 0)
    return _("Give --node or --move, not both.");
  if (move_number < -1)
    return _("--move must be 0 or more.");
  return NULL;
}

/* The node that --node PATH or --move N names, or the end of the main
 * line when neither is given.  Returns an exit code, with the reason on
 * standard error. */
static int
pick_node (CongkakMatch  *match,
           const char    *file_name,
           const char    *node_path,
           int            move_number,
           CongkakNode  **node)
{
  g_autoptr (GError) error = NULL;

  if (node_path != NULL)
    {
      *node = congkak_match_node_from_path (match, node_path, &error);
      if (*node == NULL)
        return file_error (file_name, error);
    }
  else if (move_number >= 0)
    {
      *node = congkak_match_get_root (match);
      for (int i = 0; i < move_number; i++)
        {
          *node = congkak_node_get_main_child (*node);
          if (*node == NULL)
            {
              guint length = congkak_node_get_depth (congkak_match_get_main_line_end (match));

              g_printerr (ngettext ("%s: %s: the main line has only %u move.\n",
                                    "%s: %s: the main line has only %u moves.\n", length),
                          g_get_prgname (), file_name, length);
              return EXIT_INVALID_INPUT;
            }
        }
    }
  else
    *node = congkak_match_get_main_line_end (match);
  return EXIT_OK;
}

static int
command_show (int    argc,
              char **argv)
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
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE — show a position of a match file"));
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  CongkakNode *node;
  int status;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Prints the board after a move of the match (by default, the end of\n"
                                  "the main line), with whose move it is and the move's comment."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("Name one match file."));
  if (node_arguments_error (node_path, move_number))
    return usage_error (context, node_arguments_error (node_path, move_number));

  match = load_match (argv[1], NULL, &error);
  if (match == NULL)
    return file_error (argv[1], error);
  status = pick_node (match, argv[1], node_path, move_number, &node);
  if (status != EXIT_OK)
    return status;

  if (as_json)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();
      g_autoptr (JsonGenerator) generator = json_generator_new ();
      g_autoptr (JsonNode) root = NULL;
      g_autofree char *json = NULL;

      json_builder_begin_object (builder);
      add_game (builder, congkak_match_get_game_at (match, node));
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      json_generator_set_root (generator, root);
      json_generator_set_pretty (generator, pretty);
      json = json_generator_to_data (generator, NULL);
      g_print ("%s\n", json);
    }
  else
    {
      g_autofree char *board = describe_board (match, node);

      g_print ("%s", board);
    }
  return EXIT_OK;
}

static int
command_convert (int    argc,
                 char **argv)
{
  gboolean force_json = FALSE;
  gboolean force_text = FALSE;
  const GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &force_json, N_("Write JSON, whatever OUT is called"), NULL },
    { "text", 't', 0, G_OPTION_ARG_NONE, &force_text, N_("Write the text notation, whatever OUT is called"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("IN OUT — convert between JSON and the text notation"));
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  MatchFormat format;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Reads IN (JSON or text) and writes OUT: NAME.congkak as JSON, NAME.txt\n"
                                  "as text; “-” writes text to standard output (JSON with --json)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 3)
    return usage_error (context, _("Name the file to read and the file to write."));
  if (!output_format (argv[2], force_json, force_text, &format, &error))
    return usage_error (context, error->message);

  match = load_match (argv[1], NULL, &error);
  if (match == NULL)
    return file_error (argv[1], error);
  if (!write_match (match, argv[2], format, &error))
    return file_error (argv[2], error);
  return EXIT_OK;
}

static int
command_new (int    argc,
             char **argv)
{
  g_auto (RulesArguments) arguments = { 0 };
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  gboolean force_json = FALSE;
  gboolean force_text = FALSE;
  const GOptionEntry entries[] = {
    { "south", 0, 0, G_OPTION_ARG_STRING, &south, N_("South's name"), N_("NAME") },
    { "north", 0, 0, G_OPTION_ARG_STRING, &north, N_("North's name"), N_("NAME") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &force_json, N_("Write JSON, whatever OUT is called"), NULL },
    { "text", 't', 0, G_OPTION_ARG_NONE, &force_text, N_("Write the text notation, whatever OUT is called"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("OUT — write a match without moves"));
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  MatchFormat format;
  CongkakRules rules;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Writes a new match from the standard start to OUT: NAME.congkak as\n"
                                  "JSON, NAME.txt as text, “-” as text to standard output."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, rules_option_group (&arguments));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("Name the file to write."));
  if (!rules_from_arguments (&arguments, &rules, &error)
      || !output_format (argv[1], force_json, force_text, &format, &error))
    return usage_error (context, error->message);

  match = congkak_match_new (&rules);
  if (south)
    congkak_match_set_player (match, CONGKAK_SOUTH, south, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  if (north)
    congkak_match_set_player (match, CONGKAK_NORTH, north, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  if (!write_match (match, argv[1], format, &error))
    return file_error (argv[1], error);
  return EXIT_OK;
}

/* "1200" or "1200x330": a picture's size in pixels; the height is 0
 * when not given. */
static gboolean
parse_size (const char  *text,
            int         *width,
            int         *height,
            GError     **error)
{
  g_auto (GStrv) parts = g_strsplit_set (text, "xX", 3);
  guint64 values[2] = { 0, 0 };
  guint n = g_strv_length (parts);

  if (n < 1 || n > 2)
    goto bad;
  for (guint i = 0; i < n; i++)
    if (!g_ascii_string_to_unsigned (parts[i], 10, CONGKAK_PICTURE_MIN_SIZE, CONGKAK_PICTURE_MAX_SIZE,
                                     &values[i], NULL))
      goto bad;
  *width = values[0];
  *height = values[1];
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("“%s” is not a size: write WIDTH or WIDTHxHEIGHT in pixels, each from %d to %d, such as 1200x330."),
               text, CONGKAK_PICTURE_MIN_SIZE, CONGKAK_PICTURE_MAX_SIZE);
  return FALSE;
}

/* A match from the start of @rules, or from @layout as a [Start] tag of
 * the text notation reads it, with @moves played. */
static CongkakMatch *
match_from_arguments (const CongkakRules  *rules,
                      const char          *layout,
                      const char          *moves,
                      GError             **error)
{
  g_autoptr (CongkakMatch) match = congkak_match_new (rules);
  g_auto (GStrv) words = NULL;

  if (layout)
    {
      g_autofree char *tags = congkak_match_save_to_text (match);
      g_autoptr (GString) text = g_string_new ("[Start \"");
      g_autoptr (GError) local_error = NULL;

      for (const char *p = layout; *p; p++)
        {
          if (*p == '"' || *p == '\\')
            g_string_append_c (text, '\\');
          g_string_append_c (text, *p);
        }
      g_string_append (text, "\"]\n");
      g_string_append (text, tags);
      g_clear_object (&match);
      match = congkak_match_load_from_text (text->str, text->len, &local_error);
      if (match == NULL)
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("--position: %s"), local_error->message);
          return NULL;
        }
    }

  /* Spaces only: an opening such as opening:C,D/a has commas. */
  words = g_strsplit_set (moves ? moves : "", " \t\n", -1);
  for (guint i = 0, n = 0; words[i]; i++)
    {
      g_autoptr (GError) local_error = NULL;

      if (*words[i] == '\0')
        continue;
      n++;
      if (congkak_match_play_text (match, words[i], NULL, &local_error) == NULL)
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("--moves: move %u (“%s”): %s"), n, words[i], local_error->message);
          return NULL;
        }
    }
  return g_steal_pointer (&match);
}

static int
command_export (int    argc,
                char **argv)
{
  g_auto (RulesArguments) arguments = { 0 };
  g_autofree char *node_path = NULL;
  g_autofree char *svg_path = NULL;
  g_autofree char *png_path = NULL;
  g_autofree char *size = NULL;
  g_autofree char *layout = NULL;
  g_autofree char *moves = NULL;
  int move_number = -1;
  gboolean no_letters = FALSE;
  gboolean no_counts = FALSE;
  gboolean arrows = FALSE;
  gboolean dark = FALSE;
  gboolean high_contrast = FALSE;
  const GOptionEntry entries[] = {
    { "node", 'n', 0, G_OPTION_ARG_STRING, &node_path,
      N_("Draw the position after this move, such as moves[12].variations[0][3]"), N_("PATH") },
    { "move", 'm', 0, G_OPTION_ARG_INT, &move_number,
      N_("Draw the position after the N-th move of the main line (0: the start)"), N_("N") },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg_path, N_("Write an SVG drawing to OUT"), N_("OUT") },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, N_("Write a PNG image to OUT"), N_("OUT") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &size,
      N_("Picture size in pixels (default: 1200 wide, as high as the board needs)"), N_("WxH") },
    { "no-letters", 0, 0, G_OPTION_ARG_NONE, &no_letters, N_("Leave out the hole letters"), NULL },
    { "no-counts", 0, 0, G_OPTION_ARG_NONE, &no_counts, N_("Leave out the seed counts of the holes"), NULL },
    { "arrows", 'a', 0, G_OPTION_ARG_NONE, &arrows, N_("Draw the last move’s path as arrows"), NULL },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, N_("Draw the dark wood"), NULL },
    { "high-contrast", 0, 0, G_OPTION_ARG_NONE, &high_contrast,
      N_("Draw flat outlines and solid colours (clear on paper, saves ink)"), NULL },
    { "position", 'p', 0, G_OPTION_ARG_STRING, &layout,
      N_("Without FILE: start from this position, as in a [Start] tag"), N_("LAYOUT") },
    { "moves", 0, 0, G_OPTION_ARG_STRING, &moves,
      N_("Without FILE: play these moves first, such as \"C b\""), N_("MOVES") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("[FILE] — draw a position as a picture"));
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  CongkakPictureOptions options;
  const char *source;
  CongkakNode *node;
  int width = CONGKAK_PICTURE_DEFAULT_WIDTH;
  int height = 0;
  int status;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Draws the board after a move of a match file (by default, the end of\n"
                                  "the main line) as a PNG image or an SVG drawing, for worksheets.\n"
                                  "Without FILE, draws the start of --rules, or --position, after --moves.\n"
                                  "A LAYOUT lists the holes in sowing order (A B C …, then a b c …), “x” for\n"
                                  "a burnt hole, each store after “|”, then who moves:\n"
                                  "  --rules kalah --position \"S: 0 0 5 1 0 0 | 10 / N: 1 0 0 0 2 3 | 12 / south\""));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, rules_option_group (&arguments));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc > 2)
    return usage_error (context, _("Name at most one match file."));
  if (svg_path == NULL && png_path == NULL)
    return usage_error (context, _("Give --svg OUT or --png OUT, or both."));
  if (node_arguments_error (node_path, move_number))
    return usage_error (context, node_arguments_error (node_path, move_number));
  if (size && !parse_size (size, &width, &height, &error))
    return usage_error (context, error->message);

  if (argc == 2)
    {
      if (arguments.profile || arguments.holes >= 0 || arguments.seeds >= 0 || arguments.options
          || layout || moves)
        return usage_error (context, _("--rules, --holes, --seeds, --option, --position and --moves make a position without a file: give them or FILE, not both."));
      source = argv[1];
      match = load_match (argv[1], NULL, &error);
      if (match == NULL)
        return file_error (argv[1], error);
    }
  else
    {
      CongkakRules rules;

      if (!rules_from_arguments (&arguments, &rules, &error))
        return usage_error (context, error->message);
      /* TRANSLATORS: where an error lies when no file was named */
      source = _("the position");
      match = match_from_arguments (&rules, layout, moves, &error);
      if (match == NULL)
        {
          g_printerr ("%s: %s\n", g_get_prgname (), error->message);
          return EXIT_INVALID_INPUT;
        }
    }

  status = pick_node (match, source, node_path, move_number, &node);
  if (status != EXIT_OK)
    return status;

  if (height == 0)
    height = MIN (congkak_board_picture_height_for_width (congkak_match_get_rules (match), width),
                  CONGKAK_PICTURE_MAX_SIZE);
  height = MAX (height, CONGKAK_PICTURE_MIN_SIZE);

  congkak_picture_options_init (&options);
  options.show_letters = !no_letters;
  options.show_counts = !no_counts;
  options.arrows = arrows;
  options.dark = dark;
  options.high_contrast = high_contrast;

  for (guint i = 0; i < 2; i++)
    {
      const char *path = i == 0 ? png_path : svg_path;
      g_autoptr (GFile) file = NULL;

      if (path == NULL)
        continue;
      file = g_file_new_for_commandline_arg (path);
      if (!congkak_board_picture_save (match, node, &options, i == 0 ? CONGKAK_PICTURE_PNG : CONGKAK_PICTURE_SVG,
                                       width, height, file, &error))
        return file_error (path, error);
    }
  return EXIT_OK;
}

/* @text right-aligned in @width characters (printf counts bytes). */
static char *
pad_left (const char *text,
          guint       width)
{
  glong length = g_utf8_strlen (text, -1);

  return g_strdup_printf ("%*s%s", (int) MAX (0, (glong) width - length), "", text);
}

static int
command_analyse (int    argc,
                 char **argv)
{
  g_autofree char *level_name = NULL;
  g_autofree char *output = NULL;
  gint64 seed = 0;
  gint64 nodes = CONGKAK_ANALYSIS_DEFAULT_NODES;
  gboolean variations = FALSE;
  gboolean force_json = FALSE, force_text = FALSE;
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
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE — judge every move of a match"));
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  CongkakAnalysisOptions options;
  MatchFormat format = MATCH_FORMAT_JSON;
  guint number = 0;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Runs the computer over the main line of a match and prints, for each\n"
                                  "move, the evaluation after it (the seed margin South can expect at the\n"
                                  "end of the round), the computer’s best move, and ? (a mistake: 3 seeds\n"
                                  "or more given away) or ?? (a blunder: 8 or more). The same file and\n"
                                  "options print the same analysis on any machine."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("Name the match file to analyse."));
  if (nodes < 0 || seed < 0)
    return usage_error (context, _("--nodes and --seed must not be negative."));

  congkak_analysis_options_init (&options);
  if (level_name && !congkak_level_from_string (level_name, &options.level))
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not a level: write easy, medium, hard or perfect."),
                                                  level_name);

      return usage_error (context, message);
    }
  options.seed = seed;
  options.max_nodes = nodes;
  options.variations = variations;
  if (output && !output_format (output, force_json, force_text, &format, &error))
    return usage_error (context, error->message);

  match = load_match (argv[1], NULL, &error);
  if (match == NULL)
    return file_error (argv[1], error);
  if (!congkak_match_analyse (match, &options, NULL, NULL, NULL, &error))
    return file_error (argv[1], error);

  {
    g_autofree char *south = pad_left (_("South"), 15);
    g_autofree char *best = pad_left (_("best"), 5);
    g_autofree char *mark = pad_left (_("mark"), 5);

    g_print ("%5s %-16s %s %s %s  %s\n", "#", _("move"), south, best, mark, _("comment"));
  }
  for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match));
       node != NULL; node = congkak_node_get_main_child (node))
    {
      g_autofree char *move = congkak_node_dup_move_text (node);
      g_autofree char *score = congkak_analysis_format_score (congkak_node_get_evaluation (node));
      g_autofree char *evaluation = pad_left (score, 15);
      const char *best = congkak_node_get_best_move (node);

      number++;
      if (!congkak_node_has_analysis (node))
        continue;
      g_print ("%5u %-16s %s %5s %5s  %s\n", number, move, evaluation, best ? best : "",
               congkak_mark_to_string (congkak_node_get_analysis_mark (node)),
               congkak_node_get_analysis_comment (node));
    }

  if (output && !write_match (match, output, format, &error))
    return file_error (output, error);
  return EXIT_OK;
}

/* A player named on the command line: a level, or "random". */
static gboolean
parse_player (const char             *name,
              CongkakAutoPlayer  *player,
              GError                **error)
{
  CongkakLevel level;

  memset (player, 0, sizeof *player);
  if (g_strcmp0 (name, "random") == 0)
    {
      player->random = TRUE;
      return TRUE;
    }
  if (name == NULL || !congkak_level_from_string (name, &level))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is not a player: write easy, medium, hard, perfect or random."),
                   name ? name : "");
      return FALSE;
    }
  congkak_computer_options_init (&player->options, level, 0);
  return TRUE;
}

static int
command_match (int    argc,
               char **argv)
{
  g_auto (RulesArguments) arguments = { 0 };
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  int seed = 1;
  int games = 10;
  gint64 nodes = 0;
  int move_limit = 5000;
  gboolean swap = FALSE;
  const GOptionEntry entries[] = {
    { "south", 0, 0, G_OPTION_ARG_STRING, &south,
      N_("South's player: easy, medium, hard, perfect or random (default: hard)"), N_("PLAYER") },
    { "north", 0, 0, G_OPTION_ARG_STRING, &north,
      N_("North's player (default: random)"), N_("PLAYER") },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("Matches to play (default: 10)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Seed of the first match; match K uses N + K − 1 (default: 1)"), N_("N") },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes,
      N_("Limit hard and perfect to N positions a move instead of their time, so that results repeat"), N_("N") },
    { "move-limit", 0, 0, G_OPTION_ARG_INT, &move_limit,
      N_("Stop a match after N moves and count it unfinished (default: 5000)"), N_("N") },
    { "swap", 0, 0, G_OPTION_ARG_NONE, &swap,
      N_("Swap the players' sides every other match"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("— play computer against computer"));
  g_autoptr (GError) error = NULL;
  CongkakAutoPlayer players[2];
  const char *names[2];
  guint wins[2] = { 0, 0 }, draws = 0, unfinished = 0;
  guint decisions[2] = { 0, 0 };
  guint64 total_nodes[2] = { 0, 0 };
  gint64 usec[2] = { 0, 0 };
  CongkakRules rules;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Plays matches between two computer levels (or random moves) and\n"
                                  "prints each result, the score and the time each player took, to\n"
                                  "measure the levels' strength. The first player is --south's, unless\n"
                                  "--swap puts it North in every other match."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, rules_option_group (&arguments));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc > 1)
    return usage_error (context, _("match takes no moves."));
  if (games < 1)
    return usage_error (context, _("--games must be at least 1."));
  if (nodes < 0)
    return usage_error (context, _("--nodes must not be negative."));
  if (move_limit < 1)
    return usage_error (context, _("--move-limit must be at least 1."));
  names[0] = south ? south : "hard";
  names[1] = north ? north : "random";
  if (!parse_player (names[0], &players[0], &error)
      || !parse_player (names[1], &players[1], &error)
      || !rules_from_arguments (&arguments, &rules, &error))
    return usage_error (context, error->message);
  for (guint i = 0; i < 2; i++)
    if (!players[i].random && players[i].options.level >= CONGKAK_LEVEL_HARD)
      players[i].options.max_nodes = nodes;

  g_print ("%5s %-8s %-8s %-8s %11s %7s %7s\n",
           _("match"), _("South"), _("North"), _("winner"), _("stores"), _("rounds"), _("moves"));
  for (int g = 0; g < games; g++)
    {
      CongkakComputerMatchResult result;
      CongkakAutoPlayer sides[2];
      gboolean swapped = swap && g % 2 == 1;
      guint first_side = swapped ? CONGKAK_NORTH : CONGKAK_SOUTH;
      const char *winner;

      sides[first_side] = players[0];
      sides[1 - first_side] = players[1];
      if (!congkak_computer_play_match (&rules, sides, (guint64) seed + g, move_limit, NULL, &result, &error))
        {
          g_printerr ("%s: %s\n", g_get_prgname (), error->message);
          return EXIT_INVALID_INPUT;
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
          winner = names[i];
        }
      g_print ("%5d %-8s %-8s %-8s %5u–%-5u %7u %7u\n",
               g + 1, names[swapped ? 1 : 0], names[swapped ? 0 : 1], winner,
               result.final.position.store[CONGKAK_SOUTH], result.final.position.store[CONGKAK_NORTH],
               result.rounds, result.moves);
    }

  g_print ("\n");
  /* TRANSLATORS: %s: a player such as “hard”, %u: a number of matches */
  g_print (_("%s won %u, %s won %u, %u drawn, %u unfinished\n"),
           names[0], wins[0], names[1], wins[1], draws, unfinished);
  for (guint i = 0; i < 2; i++)
    {
      double seconds = usec[i] / (double) G_USEC_PER_SEC;

      if (players[i].random || decisions[i] == 0)
        continue;
      /* TRANSLATORS: %s: a level, %u: decisions (moves and opening choices) */
      g_print (_("%s: %u decisions, %.3f s each on average, %.0f nodes/s\n"),
               names[i], decisions[i], seconds / decisions[i], total_nodes[i] / MAX (seconds, 1e-9));
    }
  return EXIT_OK;
}

/* Appends @text broken into lines of at most @width characters, each
 * after @indent spaces; words longer than a line stay whole. */
static void
append_wrapped (GString    *out,
                const char *text,
                guint       indent,
                guint       width)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  guint column = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      guint length = g_utf8_strlen (words[i], -1);

      if (length == 0)
        continue;
      if (column > 0 && column + 1 + length > width)
        {
          g_string_append_c (out, '\n');
          column = 0;
        }
      if (column == 0)
        {
          for (guint j = 0; j < indent; j++)
            g_string_append_c (out, ' ');
          column = indent;
        }
      else
        {
          g_string_append_c (out, ' ');
          column++;
        }
      g_string_append (out, words[i]);
      column += length;
    }
  g_string_append_c (out, '\n');
}

static int
command_rules (int    argc,
               char **argv)
{
  g_auto (RulesArguments) arguments = { 0 };
  char *section_id = NULL;
  const GOptionEntry entries[] = {
    { "section", 's', 0, G_OPTION_ARG_STRING, &section_id,
      N_("Print only this section, such as capture"), N_("ID") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("— explain a rule set in plain words"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) sections = NULL;
  g_autofree char *owned_section = NULL;
  g_autofree char *heading = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  CongkakRules rules;
  gboolean found = FALSE;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Prints the rules as the app’s rules window shows them, built from the\n"
                                  "rule options, so custom rules are explained too. Each section title\n"
                                  "is followed by its id in the help, such as [capture]."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, rules_option_group (&arguments));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  owned_section = section_id;
  if (argc > 1)
    return usage_error (context, _("rules takes no moves."));
  if (!rules_from_arguments (&arguments, &rules, &error))
    return usage_error (context, error->message);

  heading = congkak_rules_heading (&rules);
  /* TRANSLATORS: "Rules of Kalah (help page rules-kalah)" */
  g_string_append_printf (out, _("%s (help page %s)\n"), heading, congkak_rules_help_page (&rules));
  sections = congkak_rules_describe (&rules);
  for (guint i = 0; i < sections->len; i++)
    {
      const CongkakRulesSection *section = g_ptr_array_index (sections, i);

      if (section_id && !g_str_equal (section_id, section->id))
        continue;
      found = TRUE;
      g_string_append_printf (out, "\n%s [%s]\n", section->title, section->id);
      for (guint j = 0; section->paragraphs[j]; j++)
        {
          if (j > 0)
            g_string_append_c (out, '\n');
          append_wrapped (out, section->paragraphs[j], 2, 78);
        }
    }
  if (section_id && !found)
    return usage_error (context, _("These rules have no section with that id."));

  g_print ("%s", out->str);
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
  { "bench", command_bench, N_("Measure sowing speed with random matches, seeking in a match, or search") },
  { "solve", command_solve, N_("Solve a single-round store game from the start") },
  { "analyse", command_analyse, N_("Judge every move of a match with the computer") },
  { "match", command_match, N_("Play computer against computer, or against random moves") },
  { "validate", command_validate, N_("Check that match files load") },
  { "show", command_show, N_("Show the board at a move of a match file") },
  { "convert", command_convert, N_("Convert a match between JSON and the text notation") },
  { "new", command_new, N_("Write a new match without moves") },
  { "rules", command_rules, N_("Explain a rule set in plain words") },
  { "export", command_export, N_("Draw a position as a PNG or SVG picture") },
  { "library", command_library, N_("List, search and rebuild the match library, and print player statistics") },
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
  congkak_i18n_init ();

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
