/* congkak-bench.c — speed measurements, a program of its own
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything the project measures, kept out of the installed congkak-cli:
 * random playouts, seeking in a long match, the search and the computer's
 * levels, the solver, a generated match library, autosaving a big
 * match, and a lesson's host with its class (in memory or over the
 * network).  Built, not installed: _build/tools/congkak-bench [OPTION…].  It shares the command
 * line and the solving code of congkak-cli (src/cli/).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

#include "congkak-cli-private.h"
#include "congkak-document.h"
#include "congkak-library.h"
#include "congkak-match-file.h"
#include "congkak-match-text.h"
#include "congkak-net-certificate.h"
#include "congkak-net-client.h"
#include "congkak-net-lesson.h"
#include "congkak-net-server.h"
#include "congkak-net-transport.h"
#include "congkak-oware-endgame.h"
#include "congkak-player-stats.h"

typedef struct
{
  guint64 games;
  guint64 moves;
  guint64 seeds;
} Playouts;

/* Random choices through the whole match, including openings and new
 * rounds; plays stop at @move_limit (Oware can cycle under random play,
 * and the fast path does not track repetition). */
/* Prints a table's header row: @titles[i] in a column of @widths[i]
 * characters, as congkak_cli_align() places it, one space apart. */
static void
print_header (const char * const *titles,
              const int          *widths,
              guint               n_columns)
{
  g_autoptr (GString) line = g_string_new (NULL);

  for (guint i = 0; i < n_columns; i++)
    {
      g_autofree char *cell = congkak_cli_align (titles[i], widths[i]);

      if (i > 0)
        g_string_append_c (line, ' ');
      g_string_append (line, cell);
    }
  g_print ("%s\n", line->str);
}

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
static guint
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

static double
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
  {
    /* TRANSLATORS: the columns of congkak-bench --search */
    const char *titles[] = { _("depth"), _("move"), _("nodes"), _("seconds"), _("nodes/s") };
    const int widths[] = { 6, 6, 12, 10, 14 };

    print_header (titles, widths, G_N_ELEMENTS (titles));
  }
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

/* Solves the standard Kalah boards from the start, as congkak-cli solve
 * with its defaults (the table larger for 6×4), growing in size, so that
 * the process's peak memory after each is that solve's. */
static int
bench_solver (int      n_threads,
              gboolean use_cache)
{
  static const struct
  {
    guint seeds;
    int   table_mb;
  } cases[] = {
    { 3, CONGKAK_SEARCH_DEFAULT_TABLE_MB },
    { 4, 2048 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *seeds = g_strdup_printf ("%u", cases[i].seeds);
      CongkakCliSolveOptions options = {
        .table_mb = cases[i].table_mb,
        .endgame_seeds = -1,
        .n_threads = n_threads,
        .use_cache = use_cache,
        .print_line = FALSE,
      };
      CongkakRules rules;

      congkak_rules_init_profile (&rules, "kalah", NULL);
      congkak_rules_set_option (&rules, "seeds", seeds, NULL);
      g_print ("kalah %u×%u\n", rules.holes, rules.seeds);
      if (!congkak_cli_report_solve (&rules, &options, &error))
        {
          g_printerr ("%s: %s\n", g_get_prgname (), error->message);
          return EXIT_INVALID_INPUT;
        }
      g_print ("\n");
    }
  return EXIT_OK;
}

/* Builds the Oware endgame databases of @max_seeds − 4 up to @max_seeds
 * seeds, each anew (not from the cache folder), with @n_threads threads:
 * the figures of README "Performance".  The peak memory is the process's
 * so far, so each line's is that of the largest build yet. */
static int
bench_oware_endgame (int max_seeds,
                     int n_threads)
{
  CongkakRules rules;

  congkak_rules_init_profile (&rules, "oware", NULL);
  /* TRANSLATORS: the header of the table congkak-bench --oware-endgame
   * prints; keep the columns' order */
  g_print (_("seeds  positions  bytes  build time (s)  peak memory (MiB)\n"));
  for (int seeds = MAX (0, max_seeds - 4); seeds <= max_seeds; seeds++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakOwareEndgame) endgame = congkak_oware_endgame_open (&rules, seeds, NULL, n_threads, &error);

      if (endgame == NULL)
        {
          g_printerr ("%s: %s\n", g_get_prgname (), error->message);
          return EXIT_INVALID_INPUT;
        }
      g_print ("%d  %llu  %llu  %.3f  %.0f\n", seeds,
               (unsigned long long) congkak_oware_endgame_get_positions (endgame),
               (unsigned long long) congkak_oware_endgame_get_bytes (endgame),
               congkak_oware_endgame_get_seconds (endgame), congkak_cli_peak_memory_mib ());
    }
  return EXIT_OK;
}

/* One move of every level, from the start (the opening's first hole in
 * congkak) and from a position a dozen random moves in, with the levels'
 * own limits: what a player waits for. */
static void
bench_levels (int seed)
{
  const char * const *profiles = congkak_rules_profile_names ();

  {
    const char *titles[] = { _("game"), _("position"), _("level"), _("move"), _("seconds"), _("depth"),
                             _("nodes"), _("nodes/s") };
    const int widths[] = { -16, -8, -8, 4, 8, 6, 12, 12 };

    print_header (titles, widths, G_N_ELEMENTS (titles));
  }
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

/* bench --long-match N --keep FILE: one very long match of random moves,
 * Congkak without a round limit (to try the puzzle search's --count). */
static int
bench_long_match (int         n_moves,
                  int         seed,
                  const char *path)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GFile) file = congkak_file_new_for_argument (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  CongkakRules rules;
  gsize length;
  guint played;

  congkak_rules_init_profile (&rules, "congkak", NULL);
  congkak_rules_set_option (&rules, "max-rounds", "0", NULL);
  match = congkak_match_new (&rules);
  played = play_random_moves (match, rand, n_moves, opening);
  data = congkak_match_save_to_data (match, &length);
  if (!g_file_replace_contents (file, data, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return EXIT_INVALID_INPUT;
    }
  g_print (_("long match: %u moves, %llu B\n"), played, (unsigned long long) length);
  return EXIT_OK;
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

/* Processor time of this process, in ms. */
static double
cpu_ms (void)
{
  return congkak_cli_cpu_seconds () * 1000.0;
}

/* How the autosave of a big match goes: the main loop beats every
 * millisecond; the longest gap between beats is how long it was blocked,
 * on the clock and in the main thread's processor time (which a busy
 * machine does not stretch). */
typedef struct
{
  CongkakDocument *document;
  gint64           last_beat;
  double           last_beat_cpu;
  gint64           longest_gap;
  double           longest_gap_cpu;
  guint            beats;
  gint64           safe_at;      /* when the autosave was on disk; 0 before */
} AutosaveWatch;

/* Processor time of the calling thread, in ms. */
static double
thread_cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

static gboolean
autosave_beat (gpointer data)
{
  AutosaveWatch *watch = data;
  gint64 now = g_get_monotonic_time ();
  double now_cpu = thread_cpu_ms ();
  GFile *autosave = congkak_document_get_autosave_file (watch->document);

  watch->longest_gap = MAX (watch->longest_gap, now - watch->last_beat);
  watch->longest_gap_cpu = MAX (watch->longest_gap_cpu, now_cpu - watch->last_beat_cpu);
  watch->last_beat = now;
  watch->last_beat_cpu = now_cpu;
  /* Looked for every 5 ms: the beats themselves should cost little. */
  if (++watch->beats % 5 == 0 && autosave && g_file_query_exists (autosave, NULL))
    {
      watch->safe_at = now;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* Random moves from @game until the match is over or @limit moves are
 * played, each on a line of @out, a comment on every fourth; returns how
 * many. */
static guint
append_random_line (GString     *out,
                    CongkakGame *game,
                    GRand       *rand,
                    guint        limit,
                    const char  *first_not)
{
  guint played = 0;

  for (; played < limit; played++)
    {
      g_autofree char *move = congkak_state_random_move (congkak_game_get_state (game), congkak_game_get_rules (game),
                                                         rand);
      g_autoptr (GError) error = NULL;

      if (move == NULL)
        break;
      /* A variation's first move differs from the one it replaces. */
      for (guint attempt = 0; played == 0 && first_not && g_str_equal (move, first_not) && attempt < 20; attempt++)
        {
          g_free (move);
          move = congkak_state_random_move (congkak_game_get_state (game), congkak_game_get_rules (game), rand);
        }
      if (played == 0 && first_not && g_str_equal (move, first_not))
        break;
      if (!congkak_game_play_text (game, move, NULL, &error))
        g_error ("A legal move was refused: %s", error->message);
      g_string_append (out, move);
      if (played % 4 == 3)
        g_string_append_printf (out, " {%s}", bench_comments[g_rand_int_range (rand, 0, G_N_ELEMENTS (bench_comments))]);
      g_string_append_c (out, '\n');
    }
  return played;
}

/* A match of at least @n_moves moves in the text notation, loaded: a main
 * line of random Congkak to its end, and variations from random points of
 * it to theirs.  Written as text and read once, because playing that many
 * moves one by one into a match is slow. */
static CongkakMatch *
big_match (GRand *rand,
           guint  n_moves)
{
  g_autoptr (CongkakMatch) empty = NULL;
  g_autoptr (GPtrArray) main_line = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) variations = g_ptr_array_new_with_free_func (NULL);
  g_autoptr (GString) text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakGame) game = NULL;
  CongkakMatch *match;
  CongkakRules rules;
  guint moves = 0;

  congkak_rules_init_profile (&rules, "congkak", NULL);
  congkak_rules_set_option (&rules, "max-rounds", "0", NULL);
  empty = congkak_match_new (&rules);
  text = g_string_new_take (congkak_match_save_to_text (empty));

  /* The main line, one move a string, to branch from. */
  game = congkak_game_new (&rules);
  for (;;)
    {
      g_autoptr (GString) line = g_string_new (NULL);

      if (append_random_line (line, game, rand, 1, NULL) == 0 || moves >= n_moves / 2)
        break;
      g_ptr_array_add (main_line, g_string_free (g_steal_pointer (&line), FALSE));
      moves++;
    }
  g_ptr_array_set_size (variations, main_line->len);

  /* Variations: the ones that replace move k, as text, in variations[k]. */
  while (moves < n_moves && main_line->len > 1)
    {
      guint k = g_rand_int_range (rand, 1, main_line->len);
      g_autoptr (CongkakGame) branch = congkak_game_new (&rules);
      g_autofree char *replaced = NULL;
      GString *variation = g_ptr_array_index (variations, k);
      g_autoptr (GString) line = g_string_new (NULL);
      guint played;

      for (guint i = 0; i < k; i++)
        {
          g_auto (GStrv) words = g_strsplit_set (g_ptr_array_index (main_line, i), " \n", 2);

          congkak_game_play_text (branch, words[0], NULL, NULL);
        }
      {
        g_auto (GStrv) words = g_strsplit_set (g_ptr_array_index (main_line, k), " \n", 2);

        replaced = g_strdup (words[0]);
      }
      played = append_random_line (line, branch, rand, n_moves - moves, replaced);
      if (played == 0)
        continue;
      if (variation == NULL)
        variation = g_ptr_array_index (variations, k) = g_string_new (NULL);
      g_string_append_printf (variation, "( %s)\n", line->str);
      moves += played;
    }

  for (guint k = 0; k < main_line->len; k++)
    {
      GString *variation = g_ptr_array_index (variations, k);

      g_string_append (text, g_ptr_array_index (main_line, k));
      if (variation)
        {
          g_string_append (text, variation->str);
          g_string_free (variation, TRUE);
        }
    }

  match = congkak_match_load_from_text (text->str, text->len, &error);
  if (match == NULL)
    g_error ("The generated match does not load: %s", error->message);
  return match;
}

/* Builds a match of about 2.6 MB, changes it once, and times its autosave
 * as the app runs it: the longest the main loop was blocked, and how long
 * after the change the match was safe on disk. */
static int
bench_autosave (int seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (CongkakMatch) match = big_match (rand, 96000);
  g_autoptr (CongkakDocument) document = NULL;
  g_autofree char *state = g_dir_make_tmp ("congkak-bench-XXXXXX", NULL);
  g_autoptr (GFile) state_folder = g_file_new_for_path (state);
  g_autofree char *data = NULL;
  AutosaveWatch watch = { 0 };
  gint64 start;
  double start_cpu;
  double serialise_ms, serialise_cpu_ms;
  gsize length;
  guint beat;

  /* The autosaves go into a folder of the benchmark's own. */
  g_setenv ("XDG_STATE_HOME", state, TRUE);

  start = g_get_monotonic_time ();
  start_cpu = cpu_ms ();
  data = congkak_match_save_to_data (match, &length);
  serialise_ms = elapsed_ms (start);
  serialise_cpu_ms = cpu_ms () - start_cpu;
  g_print (_("moves in all: %u\n"), congkak_match_get_n_nodes (match));
  g_print (_("JSON size: %llu B\n"), (unsigned long long) length);
  g_print (_("serialise: %.1f ms (processor: %.1f ms)\n"), serialise_ms, serialise_cpu_ms);
  g_clear_pointer (&data, g_free);

  document = congkak_document_new (match, NULL);
  watch.document = document;
  congkak_match_set_comment (match, congkak_match_get_cursor (match), "The last edit.");
  start = watch.last_beat = g_get_monotonic_time ();
  start_cpu = cpu_ms ();
  watch.last_beat_cpu = thread_cpu_ms ();
  beat = g_timeout_add (1, autosave_beat, &watch);
  while (watch.safe_at == 0 && g_get_monotonic_time () - start < 30 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  if (watch.safe_at == 0)
    {
      g_source_remove (beat);
      g_printerr (_("The autosave was not written within 30 s.\n"));
      return EXIT_FAILURE;
    }
  g_print (_("autosave: main loop blocked at most %.1f ms (main thread processor: %.1f ms)\n"),
           watch.longest_gap / 1000.0, watch.longest_gap_cpu);
  g_print (_("autosave: safe on disk %.1f ms after the last change (processor, all threads: %.1f ms)\n"),
           (watch.safe_at - start) / 1000.0, cpu_ms () - start_cpu);

  congkak_document_discard_changes (document);
  g_clear_object (&document);
  remove_tree (state_folder);
  return EXIT_OK;
}

/* bench --memory: peak memory in proportion to the file read */

/* Runs @argv (congkak-cli's own arguments) with its output thrown away
 * and returns its peak memory in bytes (as /usr/bin/time -v measures it:
 * the child's largest resident size), its time in *@seconds. */
static guint64
child_peak (const char * const *argv,
            const char         *library,
            double             *seconds)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_auto (GStrv) env = g_get_environ ();
  g_autoptr (GError) error = NULL;
  struct rusage usage;
  gint64 start = g_get_monotonic_time ();
  GPid pid;
  int status;

#ifdef __GLIBC__
  /* A child's peak counts what it was forked from: give back what the
   * benchmark freed, so that only congkak-cli's own memory shows. */
  malloc_trim (0);
#endif
  g_ptr_array_add (args, (char *) CONGKAK_CLI_PATH);
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (char *) argv[i]);
  g_ptr_array_add (args, NULL);
  if (library)
    env = g_environ_setenv (env, "CONGKAK_LIBRARY_DIR", library, TRUE);
  if (!g_spawn_async (NULL, (char **) args->pdata, env,
                      G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                      NULL, NULL, &pid, &error))
    g_error ("Cannot run %s: %s", CONGKAK_CLI_PATH, error->message);
  if (wait4 (pid, &status, 0, &usage) != pid)
    g_error ("Cannot wait for %s", CONGKAK_CLI_PATH);
  *seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  return (guint64) usage.ru_maxrss * 1024;
}

static char *
write_bench_file (const char *folder,
                  const char *name,
                  const char *data,
                  gsize       length)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autoptr (GError) error = NULL;

  if (!g_file_set_contents (path, data, length, &error))
    g_error ("Cannot write %s: %s", path, error->message);
  return g_steal_pointer (&path);
}

/* The benchmark's resident memory now, from /proc/self/statm. */
static guint64
self_resident (void)
{
  g_autofree char *statm = NULL;
  guint64 pages = 0;

  if (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
    sscanf (statm, "%*u %" G_GUINT64_FORMAT, &pages);
  return pages * sysconf (_SC_PAGESIZE);
}

/* Prints one line: the peak of `congkak-cli ARGS`, above @baseline, as a
 * multiple of @size. */
static void
print_peak (const char         *what,
            const char * const *argv,
            const char         *library,
            guint64             size,
            guint64             baseline)
{
  double seconds;
  guint64 peak = child_peak (argv, library, &seconds);
  double above = peak > baseline ? (double) (peak - baseline) : 0;

  g_print (_("%s (%.1f KB): peak %.1f MB, %.2f s; above the baseline %.1f× the file’s size\n"),
           what, size / 1e3, peak / 1e6, seconds, above / size);
}

/* bench --lesson N: one lesson host, N followers, a long match */

/* Makes the two ends of follower @index's connection.  In-memory pairs
 * here; the WebSocket transport makes them with a server on the loopback
 * interface and N clients joining it with the code, the rest unchanged. */
typedef void (*LessonPairFactory) (guint               index,
                                   CongkakNetChannel **host_end,
                                   CongkakNetChannel **client_end,
                                   gpointer            user_data);

static void
memory_pair (guint               index,
             CongkakNetChannel **host_end,
             CongkakNetChannel **client_end,
             gpointer            user_data)
{
  g_autofree char *name = g_strdup_printf ("%s %u", bench_names[index % G_N_ELEMENTS (bench_names)], index + 1);

  congkak_net_channel_new_pair (CONGKAK_NET_ROLE_FOLLOWER, "Teacher", name, host_end, client_end);
}

/* The WebSocket transport: a server on the loopback interface with a
 * certificate of its own in a temporary folder, one follower's code, and
 * each follower a client that joins with it, in this process. */
typedef struct
{
  char              *folder;
  GTlsCertificate   *certificate;
  CongkakNetServer  *server;
  char              *address;
  char              *code;
  CongkakNetChannel *opened;   /* the host's end of the client joining */
} LessonTransport;

static void
transport_channel_opened_cb (CongkakNetServer  *server,
                             CongkakNetChannel *channel,
                             LessonTransport   *transport)
{
  g_set_object (&transport->opened, channel);
}

/* glib-networking loads the system's trusted certificates when a client
 * connection is made and warns where there are none (the build root has
 * no CA store); the client never asks an authority (it checks the host's
 * fingerprint against the code), so a database of the host's own
 * certificate leaves it nothing to load, as in test-net-transport. */
static void
transport_start (LessonTransport *transport)
{
  g_autofree char *anchors = NULL;
  g_autoptr (GTlsDatabase) database = NULL;
  g_autoptr (GError) error = NULL;

  transport->folder = g_dir_make_tmp ("congkak-bench-XXXXXX", &error);
  if (transport->folder == NULL)
    g_error ("No temporary folder: %s", error->message);
  transport->certificate = congkak_net_certificate_load_or_make (transport->folder, &error);
  if (transport->certificate == NULL)
    g_error ("No certificate: %s", error->message);
  anchors = g_build_filename (transport->folder, CONGKAK_NET_CERTIFICATE_FILE, NULL);
  database = g_tls_file_database_new (anchors, &error);
  if (database == NULL)
    g_error ("No TLS database: %s", error->message);
  g_tls_backend_set_default_database (g_tls_backend_get_default (), database);

  transport->server = congkak_net_server_new (transport->certificate, "Teacher");
  g_signal_connect (transport->server, "channel-opened", G_CALLBACK (transport_channel_opened_cb), transport);
  if (!congkak_net_server_listen (transport->server, 0, TRUE, &error))
    g_error ("The server does not listen: %s", error->message);
  transport->address = g_strdup_printf ("127.0.0.1:%u", congkak_net_server_get_port (transport->server));
  transport->code = congkak_net_server_add_code (transport->server, CONGKAK_NET_ROLE_FOLLOWER);
}

static void
transport_stop (LessonTransport *transport)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  congkak_net_server_stop (transport->server);
  g_clear_object (&transport->server);
  g_clear_object (&transport->opened);
  g_clear_object (&transport->certificate);
  g_clear_pointer (&transport->address, g_free);
  g_clear_pointer (&transport->code, g_free);
  dir = g_dir_open (transport->folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (transport->folder, name, NULL);

      g_remove (path);
    }
  g_rmdir (transport->folder);
  g_clear_pointer (&transport->folder, g_free);
}

static void
store_result_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

/* One client joins; the pair is there once the server has opened its
 * channel and the client has its own. */
static void
transport_pair (guint               index,
                CongkakNetChannel **host_end,
                CongkakNetChannel **client_end,
                gpointer            user_data)
{
  LessonTransport *transport = user_data;
  g_autofree char *name = g_strdup_printf ("%s %u", bench_names[index % G_N_ELEMENTS (bench_names)], index + 1);
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;

  g_clear_object (&transport->opened);
  congkak_net_client_connect_async (transport->address, transport->code, CONGKAK_NET_ROLE_FOLLOWER, name,
                                    NULL, store_result_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  *client_end = congkak_net_client_connect_finish (result, &error);
  if (*client_end == NULL)
    g_error ("Follower %u did not join: %s", index + 1, error->message);
  while (transport->opened == NULL)
    g_main_context_iteration (NULL, TRUE);
  *host_end = g_steal_pointer (&transport->opened);
}

/* The processor time this thread spent in the host's code: the teacher's
 * steps (which send to every follower) and the host's handling of what
 * followers send, bracketed by handlers around the host's own. */
typedef struct
{
  gint64 started;   /* ns, or -1 outside */
  gint64 total;     /* ns */
} HostClock;

static gint64
thread_ns (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_GINT64_CONSTANT (1000000000) + now.tv_nsec;
}

static gint64
process_ns (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_GINT64_CONSTANT (1000000000) + now.tv_nsec;
}

static void
host_clock_start (HostClock *clock)
{
  clock->started = thread_ns ();
}

static void
host_clock_stop (HostClock *clock)
{
  clock->total += thread_ns () - clock->started;
}

static void
host_message_before_cb (CongkakNetChannel *channel,
                        JsonObject        *message,
                        HostClock         *clock)
{
  host_clock_start (clock);
}

static void
host_message_after_cb (CongkakNetChannel *channel,
                       JsonObject        *message,
                       HostClock         *clock)
{
  host_clock_stop (clock);
}

static void
drain_main_loop (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
wake_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @deadline (monotonic µs), so that what is on
 * its way over the network arrives meanwhile. */
static void
run_main_loop_until (gint64 deadline)
{
  gint64 now = g_get_monotonic_time ();
  gboolean woke = FALSE;

  drain_main_loop ();
  if (now >= deadline)
    return;
  g_timeout_add ((deadline - now + 999) / 1000, wake_cb, &woke);
  while (!woke)
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
followers_in_step (GPtrArray   *followers,
                   CongkakMatch *match)
{
  for (guint i = 0; i < followers->len; i++)
    {
      CongkakMatch *mirror = congkak_net_lesson_follower_get_match (g_ptr_array_index (followers, i));

      if (mirror == NULL || congkak_match_get_cursor (mirror) == NULL
          || congkak_node_get_depth (congkak_match_get_cursor (mirror)) != congkak_node_get_depth (congkak_match_get_cursor (match)))
        return FALSE;
    }
  return TRUE;
}

static guint64
peak_resident (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (guint64) usage.ru_maxrss * 1024;
}

/* @step_us: the time between the teacher's steps, 0 for as fast as the
 * process goes; over the network the host closes a follower that sends
 * more than CONGKAK_NET_RATE_PER_SECOND messages a second (bursts of
 * CONGKAK_NET_RATE_BURST), and followers acknowledge every step. */
static int
bench_lesson (guint             n_followers,
              int               seed,
              LessonPairFactory make_pair,
              gpointer          user_data,
              const char       *over,
              gint64            step_us)
{
  enum { MOVES = 1500, ASK_EVERY = 50 };
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakNetLessonHost) host = NULL;
  g_autoptr (GPtrArray) followers = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *data = NULL;
  HostClock clock = { 0 };
  CongkakRules rules;
  guint64 baseline, joined;
  gint64 join_ns, join_process_ns, join_clock_us, worst_step = 0, process_start, steps_host_ns, next_step;
  guint steps = 0, questions = 0, answers = 0;
  gsize length;

  congkak_rules_init_profile (&rules, "congkak", NULL);
  congkak_rules_set_option (&rules, "max-rounds", "0", NULL);
  match = congkak_match_new (&rules);
  play_random_moves (match, rand, MOVES, opening);
  congkak_match_forget_history (match);
  congkak_match_go_to_start (match);
  data = congkak_match_save_to_data (match, &length);
#ifdef __GLIBC__
  malloc_trim (0);
#endif
  baseline = self_resident ();

  /* The class joins: each gets the whole match. */
  join_process_ns = process_ns ();
  join_clock_us = g_get_monotonic_time ();
  host = congkak_net_lesson_host_new (match);
  for (guint i = 0; i < n_followers; i++)
    {
      g_autoptr (CongkakNetChannel) host_end = NULL;
      g_autoptr (CongkakNetChannel) client_end = NULL;

      make_pair (i, &host_end, &client_end, user_data);
      g_signal_connect (host_end, "message", G_CALLBACK (host_message_before_cb), &clock);
      host_clock_start (&clock);
      congkak_net_lesson_host_add_follower (host, host_end);
      host_clock_stop (&clock);
      g_signal_connect_after (host_end, "message", G_CALLBACK (host_message_after_cb), &clock);
      g_ptr_array_add (followers, congkak_net_lesson_follower_new (client_end));
    }
  run_main_loop_until (g_get_monotonic_time () + step_us);
  join_ns = clock.total;
  join_process_ns = process_ns () - join_process_ns;
  join_clock_us = g_get_monotonic_time () - join_clock_us;
  joined = self_resident ();

  /* The teacher steps through the whole match, asking now and then. */
  clock.total = 0;
  process_start = process_ns ();
  next_step = g_get_monotonic_time ();
  while (TRUE)
    {
      gint64 before = clock.total;
      gint64 step_start = thread_ns ();
      gboolean stepped = congkak_match_step_forward (match);

      clock.total += thread_ns () - step_start;
      if (!stepped)
        break;
      steps++;
      next_step += step_us;
      run_main_loop_until (next_step);
      if (steps % ASK_EVERY == 0)
        {
          gint64 ask_start = thread_ns ();
          guint question = congkak_net_lesson_host_ask (host, NULL);

          clock.total += thread_ns () - ask_start;
          if (question == 0)
            continue;
          questions++;
          next_step += step_us;
          run_main_loop_until (next_step);
          for (guint i = 0; i < followers->len; i++)
            {
              CongkakNetLessonFollower *follower = g_ptr_array_index (followers, i);
              const CongkakState *state = congkak_game_get_state (congkak_match_get_cursor_game (congkak_net_lesson_follower_get_match (follower)));
              guint8 holes[CONGKAK_MAX_HOLES];
              guint n_legal = congkak_state_legal_moves (state, &rules, holes);

              if (n_legal > 0
                  && congkak_net_lesson_follower_answer (follower, holes[g_rand_int_range (rand, 0, n_legal)], NULL))
                answers++;
            }
          next_step += step_us;
          run_main_loop_until (next_step);
        }
      worst_step = MAX (worst_step, clock.total - before);
    }
  steps_host_ns = clock.total;

  /* Every follower is where the teacher is (over the network, give the
   * last steps a second to arrive). */
  run_main_loop_until (g_get_monotonic_time () + (step_us > 0 ? G_USEC_PER_SEC : 0));
  if (!followers_in_step (followers, match))
    g_error ("A follower is not where the teacher is");
  if (congkak_net_lesson_host_get_n_followers (host) != n_followers)
    g_error ("%u of %u followers are left", congkak_net_lesson_host_get_n_followers (host), n_followers);

  g_print (_("followers: %u (over %s, in this process: the whole process’s figures include them)\n"), n_followers, over);
  g_print (_("match: %u moves, %llu B of JSON\n"), congkak_match_get_n_nodes (match), (unsigned long long) length);
  g_print (_("joining: %.1f ms of the host's processor time for all (the whole process %.0f ms, %.1f s on the clock)\n"),
           join_ns / 1e6, join_process_ns / 1e6, join_clock_us / 1e6);
  g_print (_("steps: %u, questions: %u, answers: %u\n"), steps, questions, answers);
  g_print (_("host processor time per step: mean %.1f µs, worst %.1f µs\n"),
           steps ? steps_host_ns / 1e3 / steps : 0.0, worst_step / 1e3);
  if (step_us > 0)
    g_print (_("pace: a step every %.0f ms (followers acknowledge each, and the host allows %d messages a second)\n"),
             step_us / 1e3, CONGKAK_NET_RATE_PER_SECOND);
  g_print (_("whole process per step (host, followers, channels): %.1f µs\n"),
           steps ? (process_ns () - process_start) / 1e3 / steps : 0.0);
  g_print (_("resident memory: %.1f MiB before the lesson, %.1f MiB with the class joined (%.0f KiB a follower), peak %.1f MiB\n"),
           baseline / 1048576.0, joined / 1048576.0, (joined - MIN (joined, baseline)) / 1024.0 / MAX (n_followers, 1),
           peak_resident () / 1048576.0);
  return EXIT_OK;
}

/* Big legal matches (a 2.6 MB .congkak with variations, a text of about 400 KB,
 * 36,000 moves, a text of 28,000 bare moves), read by congkak-cli validate and convert, each in a
 * process of its own: its peak memory against the file's size, above
 * the baseline of validating a match without moves. */
static int
bench_memory (int         seed,
              const char *keep)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree char *folder = keep ? g_strdup (keep) : g_dir_make_tmp ("congkak-bench-memory-XXXXXX", NULL);
  g_autofree char *empty_path = NULL, *json_path = NULL, *text_path = NULL, *out_path = NULL;
  g_autofree char *bare_path = NULL;
  g_autofree char *data = NULL;
  gsize length;
  guint64 json_size, text_size, bare_size;
  double seconds;
  guint64 baseline;

  if (keep)
    {
      g_autoptr (GFile) file = congkak_file_new_for_argument (keep);
      g_autoptr (GError) error = NULL;

      /* Never into a folder that has something in it already. */
      if (!g_file_make_directory_with_parents (file, NULL, &error))
        {
          g_printerr (_("Cannot make the folder “%s”: %s\n"), keep, error->message);
          return EXIT_INVALID_INPUT;
        }
    }
  else if (folder == NULL)
    {
      g_printerr (_("Cannot make a temporary folder.\n"));
      return EXIT_INVALID_INPUT;
    }
  {
    g_autoptr (CongkakMatch) match = big_match (rand, 96000);

    data = congkak_match_save_to_data (match, &length);
    json_path = write_bench_file (folder, "big.congkak", data, length);
    json_size = length;
    g_clear_pointer (&data, g_free);
  }
  {
    g_autoptr (CongkakMatch) match = big_match (rand, 36000);

    data = congkak_match_save_to_text (match);
    text_path = write_bench_file (folder, "big.txt", data, strlen (data));
    text_size = strlen (data);
    g_clear_pointer (&data, g_free);
  }
  {
    /* The match of --long-match 75000 with the same seed as text: bare
     * moves, without comments or variations, about 2.3 bytes each. */
    g_autoptr (GRand) long_rand = g_rand_new_with_seed (seed);
    g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
    g_autoptr (CongkakMatch) match = NULL;
    CongkakRules rules;

    congkak_rules_init_profile (&rules, "congkak", NULL);
    congkak_rules_set_option (&rules, "max-rounds", "0", NULL);
    match = congkak_match_new (&rules);
    play_random_moves (match, long_rand, 75000, opening);
    data = congkak_match_save_to_text (match);
    bare_path = write_bench_file (folder, "bare.txt", data, strlen (data));
    bare_size = strlen (data);
    g_clear_pointer (&data, g_free);
  }
  {
    g_autoptr (CongkakMatch) match = NULL;
    CongkakRules rules;

    congkak_rules_init_profile (&rules, "congkak", NULL);
    match = congkak_match_new (&rules);

    data = congkak_match_save_to_data (match, &length);
    empty_path = write_bench_file (folder, "empty.congkak", data, length);
    g_clear_pointer (&data, g_free);
  }
  out_path = g_build_filename (folder, "out.congkak", NULL);

  baseline = child_peak ((const char *[]) { "validate", empty_path, NULL }, NULL, &seconds);
  g_print (_("baseline, validate a match without moves: peak %.1f MB\n"), baseline / 1e6);
  g_print (_("(the benchmark itself, which each child starts as: %.1f MB)\n"), self_resident () / 1e6);
  print_peak ("validate big.congkak", (const char *[]) { "validate", json_path, NULL }, NULL, json_size, baseline);
  print_peak ("validate big.txt", (const char *[]) { "validate", text_path, NULL }, NULL, text_size, baseline);
  print_peak ("validate bare.txt", (const char *[]) { "validate", bare_path, NULL }, NULL, bare_size, baseline);
  print_peak ("convert big.txt → .congkak", (const char *[]) { "convert", "--force", text_path, out_path, NULL },
              NULL, text_size, baseline);
  print_peak ("convert big.congkak → text", (const char *[]) { "convert", json_path, "-", NULL },
              NULL, json_size, baseline);
  print_peak ("convert bare.txt → .congkak", (const char *[]) { "convert", "--force", bare_path, out_path, NULL },
              NULL, bare_size, baseline);
  if (keep)
    g_print (_("kept: %s\n"), keep);
  else
    {
      g_autoptr (GFile) file = g_file_new_for_path (folder);

      remove_tree (file);
    }
  return EXIT_OK;
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
static int
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
      folder = congkak_file_new_for_argument (keep);
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

  /* congkak-cli library list, a process of its own: cold (no index, every
   * file read) and from the index. */
  {
    const char *list[] = { "library", "list", NULL };
    double seconds;
    guint64 peak;

    g_file_delete (index, NULL, NULL);
    peak = child_peak (list, g_file_peek_path (folder), &seconds);
    g_print (_("congkak-cli library list, cold (no index): %.2f s, peak %.1f MB\n"), seconds, peak / 1e6);
    peak = child_peak (list, g_file_peek_path (folder), &seconds);
    g_print (_("congkak-cli library list, from the index: %.2f s, peak %.1f MB\n"), seconds, peak / 1e6);
  }

  if (root_file)
    remove_tree (root_file);
  else
    g_print (_("kept: %s\n"), g_file_peek_path (folder));
  return EXIT_OK;
}

static int
run_bench (CongkakCli  *cli,
           int          argc,
           char       **argv)
{
  int games = 2000;
  int seed = 1;
  gboolean seek = FALSE;
  gboolean autosave = FALSE;
  gboolean memory = FALSE;
  gboolean search = FALSE;
  gboolean levels = FALSE;
  int depth = 12;
  gboolean solver = FALSE;
  int oware_endgame = -1;
  gboolean cached = FALSE;
  int n_threads = 1;
  int library_size = 0;
  int long_match = 0;
  int lesson = 0;
  gboolean transport = FALSE;
  g_autofree char *keep = NULL;
  const GOptionEntry entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("Random matches per game (default: 2000)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Seed of the random choices (default: 1)"), N_("N") },
    { "seek", 0, 0, G_OPTION_ARG_NONE, &seek,
      N_("Instead, time saving, loading and seeking in a long match with variations"), NULL },
    { "autosave", 0, 0, G_OPTION_ARG_NONE, &autosave,
      N_("Instead, time the autosave of a 2.6 MB match: how long the app is blocked, and when the match is safe"),
      NULL },
    { "memory", 0, 0, G_OPTION_ARG_NONE, &memory,
      N_("Instead, measure the peak memory of congkak-cli reading big matches, against their size"), NULL },
    { "search", 0, 0, G_OPTION_ARG_NONE, &search,
      N_("Instead, time the alpha-beta search from the kalah, congkak-single and oware start"), NULL },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("With --search, deepen to N moves (default: 12)"), N_("N") },
    { "library", 0, 0, G_OPTION_ARG_INT, &library_size,
      N_("Instead, make a match library of N generated matches and time building its index, opening it and searching it"),
      N_("N") },
    { "keep", 0, 0, G_OPTION_ARG_FILENAME, &keep,
      N_("With --library or --memory, make the files in the new folder DIR and keep them, to try the app with; with --long-match, the match file"),
      N_("DIR") },
    { "long-match", 0, 0, G_OPTION_ARG_INT, &long_match,
      N_("Instead, write one Congkak match of N random moves, without a round limit, to the file --keep names"), N_("N") },
    { "levels", 0, 0, G_OPTION_ARG_NONE, &levels,
      N_("With --search, instead time one move of each computer level in every game"), NULL },
    { "solver", 0, 0, G_OPTION_ARG_NONE, &solver,
      N_("Instead, solve kalah 6×3 and 6×4 from the start, building the endgame database anew"), NULL },
    { "oware-endgame", 0, 0, G_OPTION_ARG_INT, &oware_endgame,
      N_("Instead, build the Oware endgame databases of N − 4 to N seeds anew, and print their size and build time"),
      N_("N") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &n_threads,
      N_("With --solver or --oware-endgame, search or build with N threads (default: 1)"), N_("N") },
    { "cached", 0, 0, G_OPTION_ARG_NONE, &cached,
      N_("With --solver, read the endgame database from the cache folder (or save it there)"), NULL },
    { "lesson", 0, 0, G_OPTION_ARG_INT, &lesson,
      N_("Instead, run one lesson host with N followers through a 1,500-move match: the host's processor time a step and the memory"),
      N_("N") },
    { "transport", 0, 0, G_OPTION_ARG_NONE, &transport,
      N_("With --lesson, the followers join over WebSocket on the loopback interface, a step every 30 ms, instead of in-memory channels"),
      NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autofree CongkakOpening *opening = g_new (CongkakOpening, 1);
  const char * const *profiles = congkak_rules_profile_names ();

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc > 1)
    return congkak_cli_usage_error (cli, _("congkak-bench takes no moves."));
  if (games < 1)
    return congkak_cli_usage_error (cli, _("--games must be at least 1."));
  if (seek + autosave + memory + search + solver + (oware_endgame >= 0) + (library_size != 0) + (lesson != 0) > 1)
    return congkak_cli_usage_error (cli, _("--seek, --autosave, --memory, --search, --solver, --oware-endgame, --library and --lesson cannot be combined."));
  if (lesson != 0)
    {
      if (lesson < 1 || lesson > CONGKAK_NET_LESSON_MAX_FOLLOWERS)
        return congkak_cli_usage_error (cli, _("--lesson takes a number of followers from 1 to 100."));
      if (transport)
        {
          LessonTransport over = { 0 };
          int status;

          if (lesson > CONGKAK_NET_MAX_CHANNELS)
            return congkak_cli_usage_error (cli, _("--lesson --transport takes a number of followers from 1 to 64."));
          transport_start (&over);
          /* 33 steps a second, as fast as a key held down repeats: more than
           * the host allows a follower to send unasked, and each step acknowledged */
          status = bench_lesson (lesson, seed, transport_pair, &over, _("WebSocket on the loopback interface"),
                                 30 * 1000);
          transport_stop (&over);
          return status;
        }
      return bench_lesson (lesson, seed, memory_pair, NULL, _("in-memory channels"), 0);
    }
  if (transport)
    return congkak_cli_usage_error (cli, _("--transport goes with --lesson."));
  if (cached && !solver)
    return congkak_cli_usage_error (cli, _("--cached goes with --solver."));
  if (n_threads != 1 && !solver && oware_endgame < 0)
    return congkak_cli_usage_error (cli, _("--threads goes with --solver or --oware-endgame."));
  if (n_threads < 1 || n_threads > 64)
    return congkak_cli_usage_error (cli, _("--threads must be a whole number from 1 to 64."));
  if (oware_endgame > CONGKAK_OWARE_ENDGAME_MAX_SEEDS)
    return congkak_cli_usage_error (cli, _("--oware-endgame must be a whole number from 0 to 24."));
  if (oware_endgame >= 0)
    return bench_oware_endgame (oware_endgame, n_threads);
  if (solver)
    return bench_solver (n_threads, cached);
  if (library_size < 0 || library_size > 1000000)
    return congkak_cli_usage_error (cli, _("--library must be a whole number from 1 to 1000000."));
  if (depth < 1 || depth > 254)
    return congkak_cli_usage_error (cli, _("--depth must be a whole number from 1 to 254."));
  if (seek)
    return bench_seek (seed);
  if (autosave)
    return bench_autosave (seed);
  if (memory)
    return bench_memory (seed, keep);
  if (long_match != 0)
    {
      if (long_match < 1 || keep == NULL || library_size != 0)
        return congkak_cli_usage_error (cli, _("--long-match takes a number of moves, and a file to write with --keep."));
      return bench_long_match (long_match, seed, keep);
    }
  if (keep && library_size == 0)
    return congkak_cli_usage_error (cli, _("--keep goes with --library, --memory or --long-match."));
  if (library_size > 0)
    return bench_library (library_size, seed, keep);
  if (levels && !search)
    return congkak_cli_usage_error (cli, _("--levels goes with --search."));
  if (search && levels)
    {
      bench_levels (seed);
      return EXIT_OK;
    }
  if (search)
    {
      bench_search ("kalah", depth);
      bench_search ("congkak-single", depth);
      bench_search ("oware", depth);
      return EXIT_OK;
    }

  {
    /* TRANSLATORS: the columns of congkak-bench: seeds sown and moves
     * played in random matches, and how many a second */
    const char *titles[] = { _("game"), _("matches"), _("moves"), _("seeds"), _("seconds"), _("seeds/s"),
                             _("moves/s") };
    const int widths[] = { -16, 8, 10, 12, 8, 14, 12 };

    print_header (titles, widths, G_N_ELEMENTS (titles));
  }
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

static const CongkakCliCommand bench_command = {
  "congkak-bench", N_("Measure sowing speed with random matches, seeking in a match, or search"),
  N_("— measure the speed of sowing"),
  N_("Plays random matches of every game from a fixed seed and prints\n"
     "seeds sown per second and moves per second. With --seek, builds a\n"
     "2,000-move Congkak match with 50 variations and times saving it,\n"
     "loading it and jumping to random moves of it."),
  FALSE, run_bench,
};

int
main (int    argc,
      char **argv)
{
  congkak_cli_init_output ();
  return congkak_cli_run_command (&bench_command, "congkak-bench", argc, argv);
}
