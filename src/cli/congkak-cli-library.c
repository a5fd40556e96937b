/* congkak-cli-library.c — congkak-cli library and bench --library
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The match library from scripts: list it, search it, print what it says
 * about each player, or rebuild its index from the files.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

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

static void
print_json (JsonBuilder *builder)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
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
    print_json (builder);
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
    print_json (builder);
  if (only && shown == 0)
    {
      g_printerr (_("No match in the library has a player named “%s”.\n"), only);
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
command_library (int    argc,
                 char **argv)
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
  g_autoptr (GOptionContext) context = g_option_context_new (_("list|search WORD…|stats|rebuild — the match library"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) folder = NULL;
  g_autoptr (CongkakLibrary) library = NULL;
  const char *subcommand;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("list     every match, newest first: date, game, result, moves, players or title\n"
                                  "search   the matches whose players, title, event, place, comments or notes\n"
                                  "         hold every WORD (case and accents aside)\n"
                                  "stats    for each player: results per game, average margin, longest relay,\n"
                                  "         most seeds captured in one move, rounds and burnt holes\n"
                                  "rebuild  read every match file again and write the index anew"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc < 2)
    return usage_error (context, _("Name what to do: list, search, stats or rebuild."));
  subcommand = argv[1];
  if (!g_str_equal (subcommand, "list") && !g_str_equal (subcommand, "search")
      && !g_str_equal (subcommand, "stats") && !g_str_equal (subcommand, "rebuild"))
    {
      g_autofree char *message = g_strdup_printf (_("Unknown library command “%s”: use list, search, stats or rebuild."),
                                                  subcommand);

      return usage_error (context, message);
    }
  if (g_str_equal (subcommand, "search") ? argc < 3 : argc > 2)
    return usage_error (context, g_str_equal (subcommand, "search") ? _("search needs words to look for.")
                                                                    : _("Only search takes words."));
  if (player && !g_str_equal (subcommand, "stats"))
    return usage_error (context, _("--player goes with stats."));

  folder = directory ? g_file_new_for_commandline_arg (directory) : congkak_library_get_default_directory ();
  library = congkak_library_new (folder);
  if (!congkak_library_load (library, g_str_equal (subcommand, "rebuild"), NULL, &error))
    {
      g_printerr (_("Cannot read the match library “%s”: %s\n"), g_file_peek_path (folder), error->message);
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

/* bench --library: a library as a player might have after some years */

static const char * const bench_names[] = {
  "Ani", "Budi", "Citra", "Dewi", "Eka", "Farid", "Gita", "Hadi", "Indah", "Joko",
  "Kartika", "Lestari", "Mahmud", "Nur", "Omar", "Putri", "Rahmat", "Siti", "Taufik", "Umi",
  "Wati", "Yusuf", "Zainal", "Aisyah", "Bayu", "Dian", "Fajar", "Hana", "Irfan", "Laila",
};
static const char * const bench_events[] = {
  "", "", "", "Class match", "School cup", "Harvest festival", "Family evening", "Club night",
};
static const char * const bench_places[] = {
  "", "", "Melaka", "Ipoh", "Kuala Lumpur", "Yogyakarta", "Bandung", "Kota Bharu",
};
static const char * const bench_comments[] = {
  "A long relay round the whole board.", "Too greedy: the capture opened the left side.",
  "Safer was to keep seeds in the last hole.", "The burnt hole decided the round.",
  "Good opening choice.", "Missed the capture opposite.",
};

/* A match of a random game between two players of the pool, played at
 * random to its end (or left unfinished), with comments now and then. */
static CongkakMatch *
bench_match (GRand *rand,
             guint  index)
{
  static const char * const games[] = { "kalah", "kalah", "congkak", "congkak-single", "oware" };
  const char *game = games[g_rand_int_range (rand, 0, G_N_ELEMENTS (games))];
  g_autoptr (CongkakMatch) match = NULL;
  g_autofree char *date = NULL;
  guint south, north, limit, played;
  CongkakRules rules;

  congkak_rules_init_profile (&rules, game, NULL);
  /* Random Congkak seldom ends: three rounds, as some players agree. */
  if (g_str_equal (game, "congkak"))
    congkak_rules_set_option (&rules, "max-rounds", "3", NULL);
  match = congkak_match_new (&rules);

  south = g_rand_int_range (rand, 0, G_N_ELEMENTS (bench_names));
  north = (south + g_rand_int_range (rand, 1, G_N_ELEMENTS (bench_names))) % G_N_ELEMENTS (bench_names);
  congkak_match_set_player (match, CONGKAK_SOUTH, bench_names[south], CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_player (match, CONGKAK_NORTH, bench_names[north], CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  date = g_strdup_printf ("%04d-%02d-%02d", 2020 + g_rand_int_range (rand, 0, 7),
                          g_rand_int_range (rand, 1, 13), g_rand_int_range (rand, 1, 29));
  congkak_match_set_metadata (match, CONGKAK_METADATA_DATE, date);
  congkak_match_set_metadata (match, CONGKAK_METADATA_EVENT, bench_events[g_rand_int_range (rand, 0, G_N_ELEMENTS (bench_events))]);
  congkak_match_set_metadata (match, CONGKAK_METADATA_PLACE, bench_places[g_rand_int_range (rand, 0, G_N_ELEMENTS (bench_places))]);
  {
    g_autofree char *id = g_strdup_printf ("bench-%u", index);

    congkak_match_set_metadata (match, CONGKAK_METADATA_ID, id);
  }

  limit = g_rand_int_range (rand, 0, 10) == 0 ? g_rand_int_range (rand, 5, 40) : 600;
  played = play_random_moves (match, rand, limit, NULL);
  if (played > 0 && g_rand_int_range (rand, 0, 5) == 0)
    {
      CongkakNode *node = congkak_match_get_main_line_end (match);

      for (guint c = g_rand_int_range (rand, 1, 4); c > 0 && node && !congkak_node_is_root (node); c--)
        {
          congkak_match_set_comment (match, node, bench_comments[g_rand_int_range (rand, 0, G_N_ELEMENTS (bench_comments))]);
          for (guint up = g_rand_int_range (rand, 1, 20); up > 0 && node && !congkak_node_is_root (node); up--)
            node = congkak_node_get_parent (node);
        }
    }
  return g_steal_pointer (&match);
}

static void
remove_tree (GFile *file)
{
  g_autoptr (GFileEnumerator) children = g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                                                    G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);

  while (children)
    {
      GFileInfo *info;
      GFile *child;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, NULL) || info == NULL)
        break;
      remove_tree (child);
    }
  g_file_delete (file, NULL, NULL);
}

/* Processor time of this process, in ms: the clock above also counts
 * the time others took on a busy machine. */
static double
cpu_ms (void)
{
  return clock () * 1000.0 / CLOCKS_PER_SEC;
}

/* Times the search for each prefix of @word, as if typed. */
static void
bench_typing (CongkakLibrary *library,
              const char     *word)
{
  GListModel *model = G_LIST_MODEL (library);
  guint n = g_list_model_get_n_items (model);
  double worst = 0, total = 0;
  guint keys = 0, hits = 0;

  for (const char *end = g_utf8_next_char (word); ; end = g_utf8_next_char (end))
    {
      g_autofree char *typed = g_strndup (word, end - word);
      gint64 start = g_get_monotonic_time ();
      g_autofree char *folded = congkak_library_fold_text (typed);
      double ms;

      hits = 0;
      for (guint i = 0; i < n; i++)
        {
          CongkakLibraryEntry *entry = g_list_model_get_item (model, i);

          hits += congkak_library_entry_matches (entry, folded);
          g_object_unref (entry);
        }
      ms = elapsed_ms (start);
      worst = MAX (worst, ms);
      total += ms;
      keys++;
      if (*end == '\0')
        break;
    }
  g_print (_("search as typed, “%s”, a key at a time: mean %.2f ms, worst %.2f ms\n"), word, total / keys, worst);
  g_print (ngettext ("  %u match found\n", "  %u matches found\n", hits), hits);
}

/* @keep: (nullable): a folder to make the library in, and keep */
int
bench_library (int         n_matches,
               int         seed,
               const char *keep)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree char *root = keep ? NULL : g_dir_make_tmp ("congkak-bench-library-XXXXXX", NULL);
  g_autoptr (GFile) root_file = NULL;
  g_autoptr (GFile) folder = NULL;
  g_autoptr (GFile) index = NULL;
  g_autoptr (GFileInfo) index_info = NULL;
  g_autoptr (GError) error = NULL;
  guint64 bytes = 0;
  guint64 moves = 0;
  gint64 start;
  double cpu_start;

  if (keep)
    {
      folder = g_file_new_for_commandline_arg (keep);
      /* Never into a folder that has something in it already. */
      if (!g_file_make_directory_with_parents (folder, NULL, &error))
        {
          g_printerr (_("Cannot make the folder “%s”: %s\n"), keep, error->message);
          return EXIT_INVALID_INPUT;
        }
    }
  else
    {
      if (root == NULL)
        {
          g_printerr (_("Cannot make a temporary folder.\n"));
          return EXIT_INVALID_INPUT;
        }
      root_file = g_file_new_for_path (root);
      folder = g_file_get_child (root_file, "matches");
      g_file_make_directory (folder, NULL, NULL);
    }

  start = g_get_monotonic_time ();
  for (int i = 0; i < n_matches; i++)
    {
      g_autoptr (CongkakMatch) match = bench_match (rand, i);
      g_autofree char *name = g_strdup_printf ("match-%06d.congkak", i);
      g_autoptr (GFile) file = g_file_get_child (folder, name);
      gsize length;
      g_autofree char *data = congkak_match_save_to_data (match, &length);

      if (!g_file_replace_contents (file, data, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          if (root_file)
            remove_tree (root_file);
          return EXIT_INVALID_INPUT;
        }
      bytes += length;
      moves += congkak_node_get_depth (congkak_match_get_main_line_end (match));
    }
  g_print (ngettext ("library: %u generated match\n", "library: %u generated matches\n", n_matches), n_matches);
  g_print (ngettext ("  %llu move in their main lines\n", "  %llu moves in their main lines\n", moves),
           (unsigned long long) moves);
  g_print (ngettext ("  %llu byte of match files\n", "  %llu bytes of match files\n", bytes),
           (unsigned long long) bytes);
  g_print (_("  generated and written in %.0f ms\n"), elapsed_ms (start));

  /* The first start: no index, every file read. */
  {
    g_autoptr (CongkakLibrary) library = congkak_library_new (folder);

    start = g_get_monotonic_time ();
    cpu_start = cpu_ms ();
    congkak_library_load (library, FALSE, NULL, NULL);
    g_print (_("index build (first start, every file read): %.1f ms (processor %.1f ms)\n"),
             elapsed_ms (start), cpu_ms () - cpu_start);
  }
  index = g_file_get_child (folder, ".congkak-library-index");
  index_info = g_file_query_info (index, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (index_info)
    g_print (ngettext ("  index: %llu byte\n", "  index: %llu bytes\n", g_file_info_get_size (index_info)),
             (unsigned long long) g_file_info_get_size (index_info));

  /* Every later start: the index, and a look at each file's time and size. */
  {
    g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
    g_autoptr (GPtrArray) players = NULL;
    double open_ms;

    start = g_get_monotonic_time ();
    cpu_start = cpu_ms ();
    congkak_library_load (library, FALSE, NULL, NULL);
    open_ms = elapsed_ms (start);
    g_print (_("open (later starts, from the index): %.1f ms (processor %.1f ms)\n"), open_ms, cpu_ms () - cpu_start);
    g_print (ngettext ("  %u match listed\n", "  %u matches listed\n", g_list_model_get_n_items (G_LIST_MODEL (library))),
             g_list_model_get_n_items (G_LIST_MODEL (library)));
    g_print (ngettext ("  %u match read from its file\n", "  %u matches read from their files\n",
                       congkak_library_get_last_load (library)->from_files),
             congkak_library_get_last_load (library)->from_files);

    start = g_get_monotonic_time ();
    cpu_start = cpu_ms ();
    congkak_library_load (library, FALSE, NULL, NULL);
    g_print (_("look again for changes (library open): %.1f ms (processor %.1f ms)\n"),
             elapsed_ms (start), cpu_ms () - cpu_start);

    bench_typing (library, "rahmat");
    bench_typing (library, "burnt hole");
    bench_typing (library, "melaka");

    start = g_get_monotonic_time ();
    players = congkak_player_stats_compute (G_LIST_MODEL (library));
    g_print (ngettext ("player statistics: %u player in %.1f ms\n", "player statistics: %u players in %.1f ms\n",
                       players->len), players->len, elapsed_ms (start));
  }

  if (root_file)
    remove_tree (root_file);
  else
    g_print (_("kept: %s\n"), g_file_peek_path (folder));
  return EXIT_OK;
}
