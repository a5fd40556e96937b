/* congkak-cli-library.c — library: the match library
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The match library from scripts: list it, search it, print what it says
 * about each player, or rebuild its index from the files.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "congkak-cli-private.h"
#include "congkak-library.h"
#include "congkak-match-file.h"
#include "congkak-narration.h"
#include "congkak-player-stats.h"

static const char *
result_key (CongkakLibraryEntry *entry)
{
  if (congkak_library_entry_is_damaged (entry))
    return "damaged";
  switch (congkak_library_entry_get_result (entry))
    {
    case CONGKAK_LIBRARY_RESULT_SOUTH_WINS:
      return "south";
    case CONGKAK_LIBRARY_RESULT_NORTH_WINS:
      return "north";
    case CONGKAK_LIBRARY_RESULT_DRAW:
      return "draw";
    case CONGKAK_LIBRARY_RESULT_UNFINISHED:
    default:
      return "unfinished";
    }
}

static void
print_entry (CongkakLibraryEntry *entry)
{
  g_autofree char *title = congkak_library_entry_dup_display_title (entry);
  g_autofree char *result = NULL;
  g_autofree char *moves = NULL;

  if (congkak_library_entry_is_damaged (entry))
    {
      /* TRANSLATORS: a library file that does not load: its date, file name and the loader's message */
      g_print (_("%s  damaged  %s: %s\n"), congkak_library_entry_get_date (entry),
               congkak_library_entry_get_name (entry), congkak_library_entry_get_error (entry));
      return;
    }
  result = congkak_library_entry_dup_result_text (entry);
  moves = congkak_library_entry_dup_length_text (entry);
  g_print ("%s  %-14s  %-24s  %-18s  %s%s  (%s)\n",
           congkak_library_entry_get_date (entry), congkak_library_entry_get_game (entry), result, moves,
           title, congkak_library_entry_has_comments (entry) ? " ✎" : "", congkak_library_entry_get_name (entry));
}

static void
add_side_numbers (JsonBuilder         *builder,
                  const char          *member,
                  CongkakLibraryEntry *entry,
                  guint              (*get) (CongkakLibraryEntry *, CongkakSide))
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "south");
  json_builder_add_int_value (builder, get (entry, CONGKAK_SOUTH));
  json_builder_set_member_name (builder, "north");
  json_builder_add_int_value (builder, get (entry, CONGKAK_NORTH));
  json_builder_end_object (builder);
}

static void
add_string (JsonBuilder *builder,
            const char  *member,
            const char  *value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_string_value (builder, value);
}

static void
add_entry_json (JsonBuilder         *builder,
                CongkakLibraryEntry *entry)
{
  json_builder_begin_object (builder);
  add_string (builder, "file", congkak_library_entry_get_name (entry));
  add_string (builder, "path", g_file_peek_path (congkak_library_entry_get_file (entry)));
  {
    /* The name exactly, whatever its bytes ("path" may show U+FFFD). */
    g_autofree char *uri = g_file_get_uri (congkak_library_entry_get_file (entry));

    add_string (builder, "uri", uri);
  }
  add_string (builder, "date", congkak_library_entry_get_date (entry));
  add_string (builder, "result", result_key (entry));
  if (congkak_library_entry_is_damaged (entry))
    add_string (builder, "error", congkak_library_entry_get_error (entry));
  else
    {
      add_string (builder, "id", congkak_library_entry_get_id (entry));
      add_string (builder, "title", congkak_library_entry_get_title (entry));
      add_string (builder, "south", congkak_library_entry_get_player_name (entry, CONGKAK_SOUTH));
      add_string (builder, "north", congkak_library_entry_get_player_name (entry, CONGKAK_NORTH));
      add_string (builder, "game", congkak_library_entry_get_game (entry));
      add_string (builder, "event", congkak_library_entry_get_event (entry));
      add_string (builder, "place", congkak_library_entry_get_place (entry));
      add_side_numbers (builder, "score", entry, congkak_library_entry_get_score);
      json_builder_set_member_name (builder, "moves");
      json_builder_add_int_value (builder, congkak_library_entry_get_n_moves (entry));
      json_builder_set_member_name (builder, "rounds");
      json_builder_add_int_value (builder, congkak_library_entry_get_n_rounds (entry));
      json_builder_set_member_name (builder, "comments");
      json_builder_add_boolean_value (builder, congkak_library_entry_has_comments (entry));
      add_side_numbers (builder, "longest-relay", entry, congkak_library_entry_get_longest_relay);
      add_side_numbers (builder, "most-captured", entry, congkak_library_entry_get_most_captured);
      add_side_numbers (builder, "holes-burnt", entry, congkak_library_entry_get_holes_burnt);
    }
  json_builder_end_object (builder);
}

/* Every entry, or those that match @query (already folded). */
static int
list_entries (CongkakLibrary *library,
              const char     *query,
              gboolean        json)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  guint n = g_list_model_get_n_items (G_LIST_MODEL (library));

  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (CongkakLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);

      if (query && !congkak_library_entry_matches (entry, query))
        continue;
      if (json)
        add_entry_json (builder, entry);
      else
        print_entry (entry);
    }
  json_builder_end_array (builder);
  if (json)
    congkak_cli_print_json (builder, TRUE);
  return EXIT_OK;
}

static void
print_stats (CongkakPlayerStats *stats)
{
  g_autofree char *matches = g_strdup_printf (ngettext ("%u match", "%u matches", stats->matches), stats->matches);

  g_print ("%s\n", stats->name);
  /* TRANSLATORS: a player's matches: "12 matches: won 7, drawn 1, lost 3, unfinished 1" */
  g_print (_("  %s: won %u, drawn %u, lost %u, unfinished %u\n"), matches,
           stats->wins, stats->draws, stats->losses, stats->unfinished);
  for (guint i = 0; i < stats->games->len; i++)
    {
      CongkakGameRecord *record = &g_array_index (stats->games, CongkakGameRecord, i);

      g_print (_("  %s: won %u, drawn %u, lost %u, unfinished %u\n"), record->game,
               record->wins, record->draws, record->losses, record->unfinished);
    }
  g_print (_("  average margin: %+.1f\n"), congkak_player_stats_get_average_margin (stats));
  g_print (ngettext ("  longest relay: %u relay in one move\n", "  longest relay: %u relays in one move\n",
                     stats->longest_relay), stats->longest_relay);
  g_print (ngettext ("  most captured in one move: %u seed\n", "  most captured in one move: %u seeds\n",
                     stats->most_captured), stats->most_captured);
  if (stats->multi_round_matches > 0)
    {
      g_print (_("  multi-round matches: %u\n"), stats->multi_round_matches);
      g_print (_("    rounds played: %u\n"), stats->rounds_played);
      g_print (_("    holes burnt: %u\n"), stats->holes_burnt);
    }
}

static void
add_stats_json (JsonBuilder        *builder,
                CongkakPlayerStats *stats)
{
  json_builder_begin_object (builder);
  add_string (builder, "name", stats->name);
#define NUMBER(member, value) G_STMT_START { \
    json_builder_set_member_name (builder, member); \
    json_builder_add_int_value (builder, value); \
  } G_STMT_END
  NUMBER ("matches", stats->matches);
  NUMBER ("wins", stats->wins);
  NUMBER ("draws", stats->draws);
  NUMBER ("losses", stats->losses);
  NUMBER ("unfinished", stats->unfinished);
  json_builder_set_member_name (builder, "games");
  json_builder_begin_object (builder);
  for (guint i = 0; i < stats->games->len; i++)
    {
      CongkakGameRecord *record = &g_array_index (stats->games, CongkakGameRecord, i);

      json_builder_set_member_name (builder, record->game);
      json_builder_begin_object (builder);
      NUMBER ("wins", record->wins);
      NUMBER ("draws", record->draws);
      NUMBER ("losses", record->losses);
      NUMBER ("unfinished", record->unfinished);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "average-margin");
  json_builder_add_double_value (builder, congkak_player_stats_get_average_margin (stats));
  NUMBER ("longest-relay", stats->longest_relay);
  NUMBER ("most-captured", stats->most_captured);
  NUMBER ("multi-round-matches", stats->multi_round_matches);
  NUMBER ("rounds-played", stats->rounds_played);
  NUMBER ("holes-burnt", stats->holes_burnt);
  json_builder_set_member_name (builder, "timeline");
  json_builder_begin_array (builder);
  for (guint i = 0; i < stats->timeline->len; i++)
    {
      CongkakResultPoint *point = &g_array_index (stats->timeline, CongkakResultPoint, i);

      json_builder_begin_object (builder);
      add_string (builder, "date", point->date);
      add_string (builder, "outcome", point->outcome > 0 ? "won" : point->outcome < 0 ? "lost" : "drawn");
      NUMBER ("margin", point->margin);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
#undef NUMBER
  json_builder_end_object (builder);
}

static int
print_player_stats (CongkakLibrary *library,
                    const char     *only,
                    gboolean        json)
{
  g_autoptr (GPtrArray) players = congkak_player_stats_compute (G_LIST_MODEL (library));
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autofree char *wanted = only ? congkak_library_fold_text (only) : NULL;
  guint shown = 0;

  json_builder_begin_array (builder);
  for (guint i = 0; i < players->len; i++)
    {
      CongkakPlayerStats *stats = g_ptr_array_index (players, i);

      if (wanted)
        {
          g_autofree char *name = congkak_library_fold_text (stats->name);

          if (!g_str_equal (name, g_strstrip (wanted)))
            continue;
        }
      if (json)
        add_stats_json (builder, stats);
      else
        {
          if (shown > 0)
            g_print ("\n");
          print_stats (stats);
        }
      shown++;
    }
  json_builder_end_array (builder);
  if (json)
    congkak_cli_print_json (builder, TRUE);
  if (only && shown == 0)
    {
      g_autofree char *echo = congkak_cli_echo (only);

      g_printerr (_("No match in the library has a player named “%s”.\n"), echo);
      return EXIT_INVALID_INPUT;
    }
  return EXIT_OK;
}

static int
rebuild_index (CongkakLibrary *library)
{
  const CongkakLibraryLoadReport *report = congkak_library_get_last_load (library);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (library));
  guint damaged = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (CongkakLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);

      if (congkak_library_entry_is_damaged (entry))
        {
          g_print (_("damaged: %s: %s\n"), congkak_library_entry_get_name (entry), congkak_library_entry_get_error (entry));
          damaged++;
        }
    }
  g_print (ngettext ("  %u match read from its file\n", "  %u matches read from their files\n", report->from_files),
           report->from_files);
  g_print (_("damaged: %u\n"), damaged);
  if (report->index_written)
    {
      g_autofree char *index = g_build_filename (g_file_peek_path (congkak_library_get_directory (library)),
                                                 ".congkak-library-index", NULL);

      g_print (_("index written: %s\n"), index);
    }
  return EXIT_OK;
}

int
congkak_cli_library (CongkakCli  *cli,
                     int          argc,
                     char       **argv)
{
  g_autofree char *directory = NULL;
  g_autofree char *player = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "library", 'l', 0, G_OPTION_ARG_FILENAME, &directory,
      N_("The library folder (default: $CONGKAK_LIBRARY_DIR, else the app's)"), N_("DIR") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { "player", 'p', 0, G_OPTION_ARG_STRING, &player, N_("With stats, only this player"), N_("NAME") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) folder = NULL;
  g_autoptr (CongkakLibrary) library = NULL;
  const char *subcommand;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc < 2)
    return congkak_cli_usage_error (cli, _("Name what to do: list, search, stats or rebuild."));
  subcommand = argv[1];
  if (!g_str_equal (subcommand, "list") && !g_str_equal (subcommand, "search")
      && !g_str_equal (subcommand, "stats") && !g_str_equal (subcommand, "rebuild"))
    {
      g_autofree char *message = g_strdup_printf (_("Unknown library command “%s”: use list, search, stats or rebuild."),
                                                  subcommand);

      return congkak_cli_usage_error (cli, message);
    }
  if (g_str_equal (subcommand, "search") ? argc < 3 : argc > 2)
    return congkak_cli_usage_error (cli, g_str_equal (subcommand, "search") ? _("search needs words to look for.")
                                                                    : _("Only search takes words."));
  if (player && !g_str_equal (subcommand, "stats"))
    return congkak_cli_usage_error (cli, _("--player goes with stats."));

  folder = directory ? congkak_file_new_for_argument (directory) : congkak_library_get_default_directory ();
  library = congkak_library_new (folder);
  if (!congkak_library_load (library, g_str_equal (subcommand, "rebuild"), NULL, &error))
    {
      g_autofree char *echo = congkak_cli_echo (g_file_peek_path (folder));

      g_printerr (_("Cannot read the match library “%s”: %s\n"), echo, error->message);
      return EXIT_INVALID_INPUT;
    }

  if (g_str_equal (subcommand, "list"))
    return list_entries (library, NULL, json);
  if (g_str_equal (subcommand, "search"))
    {
      g_autofree char *query = g_strjoinv (" ", argv + 2);
      g_autofree char *folded = congkak_library_fold_text (query);

      return list_entries (library, folded, json);
    }
  if (g_str_equal (subcommand, "stats"))
    return print_player_stats (library, player, json);
  return rebuild_index (library);
}
