/* test-library.c — the match library: recording, the index, search and statistics
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected answers come from the generator below, which decides the
 * players, dates, events, places and comments, and which tallies relays,
 * captures and burnt holes from the events the match model hands back as
 * each move is played; the library finds them again from the files alone.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "congkak-file-util.h"
#include "congkak-library.h"
#include "congkak-match-file.h"
#include "congkak-player-stats.h"
#include "congkak-test-util.h"

#define N_GENERATED 48

static const char * const player_names[] = { "Ani", "Budi", "Citra", "Dewi", "Éka", "Farid" };
static const char * const profiles[] = { "kalah", "oware", "congkak-single", "congkak" };
static const char * const events[] = { "Harvest Cup", "Spring Open", "Rain Cup" };
static const char * const places[] = { "Melaka", "Kampung Baru", "Ipoh", "Kuala Kangsar" };

/* What the generator decided, and what it saw happen. */
typedef struct
{
  char                 *file_name;
  guint                 south;         /* index into player_names */
  guint                 north;
  const char           *profile;
  const char           *game;          /* as the library names it */
  char                 *date;
  char                 *event;
  char                 *place;
  gboolean              commented;
  CongkakLibraryResult  result;
  guint                 score[2];
  guint                 moves;
  guint                 rounds;
  guint                 longest_relay[2];
  guint                 most_captured[2];
  guint                 holes_burnt[2];
} Expected;

static void
expected_clear (gpointer data)
{
  Expected *expected = data;

  g_free (expected->file_name);
  g_free (expected->date);
  g_free (expected->event);
  g_free (expected->place);
}

static GFile *
make_library_folder (void)
{
  g_autofree char *path = g_dir_make_tmp ("congkak-library-XXXXXX", NULL);

  g_assert_nonnull (path);
  return g_file_new_build_filename (path, "matches", NULL);
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

static void
remove_library_folder (GFile *folder)
{
  g_autoptr (GFile) parent = g_file_get_parent (folder);

  remove_tree (parent);
}

static guint
count_bits (guint mask)
{
  guint n = 0;

  for (; mask; mask &= mask - 1)
    n++;
  return n;
}

/* Plays a random match, move by move through the match model, tallying
 * what the events of each move say. */
static CongkakMatch *
generate_match (GRand    *rand,
                guint     index,
                Expected *expected)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakRules rules;
  guint moves = 0;
  const CongkakState *state;

  expected->profile = profiles[index % G_N_ELEMENTS (profiles)];
  /* Congkak ends after three rounds, as no profile does: custom rules. */
  if (g_str_equal (expected->profile, "congkak"))
    test_rules (&rules, "congkak", "max-rounds=3", NULL);
  else
    test_rules (&rules, expected->profile, NULL);
  expected->game = g_str_equal (expected->profile, "congkak") ? "custom" : expected->profile;
  match = congkak_match_new (&rules);

  expected->south = g_rand_int_range (rand, 0, G_N_ELEMENTS (player_names));
  expected->north = (expected->south + 1 + g_rand_int_range (rand, 0, G_N_ELEMENTS (player_names) - 1))
                    % G_N_ELEMENTS (player_names);
  expected->date = g_strdup_printf ("2026-%02u-%02u", 1 + index % 12, 1 + index % 28);
  expected->event = g_strdup (events[index % G_N_ELEMENTS (events)]);
  expected->place = g_strdup (places[index % G_N_ELEMENTS (places)]);
  congkak_match_set_player (match, CONGKAK_SOUTH, player_names[expected->south], CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_player (match, CONGKAK_NORTH, player_names[expected->north], CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_metadata (match, CONGKAK_METADATA_DATE, expected->date);
  congkak_match_set_metadata (match, CONGKAK_METADATA_EVENT, expected->event);
  congkak_match_set_metadata (match, CONGKAK_METADATA_PLACE, expected->place);

  /* Every eighth match stops early: unfinished. */
  while (moves < (index % 8 == 7 ? 5u : 400u))
    {
      g_autofree char *move = congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                                         &rules, rand);
      g_autoptr (GArray) events = congkak_event_array_new ();
      g_autoptr (GError) error = NULL;
      guint relays[2] = { 0, 0 }, captured[2] = { 0, 0 };

      if (move == NULL)
        break;
      g_assert_nonnull (congkak_match_play_text (match, move, events, &error));
      g_assert_no_error (error);
      moves++;
      for (guint i = 0; i < events->len; i++)
        {
          const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);

          if (event->type == CONGKAK_EVENT_RELAY)
            relays[event->player]++;
          else if (event->type == CONGKAK_EVENT_CAPTURE)
            captured[event->player] += event->count;
          else if (event->type == CONGKAK_EVENT_REFILL)
            for (guint side = 0; side < 2; side++)
              expected->holes_burnt[side] += count_bits (event->mask[side]);
          else if (event->type == CONGKAK_EVENT_MATCH_END)
            for (guint side = 0; side < 2; side++)
              expected->score[side] = event->amount[side];
        }
      for (guint side = 0; side < 2; side++)
        {
          expected->longest_relay[side] = MAX (expected->longest_relay[side], relays[side]);
          expected->most_captured[side] = MAX (expected->most_captured[side], captured[side]);
        }
    }

  /* Every fifth match gets a comment with a word found nowhere else. */
  expected->commented = index % 5 == 0 && moves > 0;
  if (expected->commented)
    {
      g_autofree char *comment = g_strdup_printf ("A fine relay, zebra%02u.", index);

      congkak_match_set_comment (match, congkak_match_get_cursor (match), comment);
    }

  state = congkak_game_get_state (congkak_match_get_cursor_game (match));
  expected->moves = moves;
  expected->rounds = state->round;
  if (state->phase == CONGKAK_PHASE_MATCH_OVER)
    expected->result = state->match_winner == CONGKAK_SOUTH ? CONGKAK_LIBRARY_RESULT_SOUTH_WINS
                       : state->match_winner == CONGKAK_NORTH ? CONGKAK_LIBRARY_RESULT_NORTH_WINS
                       : CONGKAK_LIBRARY_RESULT_DRAW;
  else
    {
      expected->result = CONGKAK_LIBRARY_RESULT_UNFINISHED;
      for (guint side = 0; side < 2; side++)
        expected->score[side] = state->position.store[side];
    }
  return g_steal_pointer (&match);
}

/* A library of generated matches, written as plain files (as if by
 * another program); returns what was decided, in file name order. */
static GArray *
generate_library (GFile *folder,
                  guint  n,
                  guint  seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  GArray *expected = g_array_sized_new (FALSE, TRUE, sizeof (Expected), n);

  g_array_set_clear_func (expected, expected_clear);
  g_assert_true (g_file_make_directory_with_parents (folder, NULL, NULL));
  for (guint i = 0; i < n; i++)
    {
      Expected item = { 0 };
      g_autoptr (CongkakMatch) match = generate_match (rand, i, &item);
      g_autoptr (GFile) file = NULL;
      g_autoptr (GError) error = NULL;

      item.file_name = g_strdup_printf ("generated-%03u.congkak", i);
      file = g_file_get_child (folder, item.file_name);
      g_assert_true (congkak_match_save_to_file (match, file, NULL, &error));
      g_assert_no_error (error);
      g_array_append_val (expected, item);
    }
  return expected;
}

static CongkakLibraryEntry *
find_entry (CongkakLibrary *library,
            const char     *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (library)); i++)
    {
      g_autoptr (CongkakLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);

      if (g_str_equal (congkak_library_entry_get_name (entry), name))
        return entry;  /* the library holds a reference */
    }
  return NULL;
}

static void
assert_entries_as_generated (CongkakLibrary *library,
                             GArray         *expected)
{
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      Expected *item = &g_array_index (expected, Expected, i);
      CongkakLibraryEntry *entry = find_entry (library, item->file_name);

      g_assert_nonnull (entry);
      g_assert_false (congkak_library_entry_is_damaged (entry));
      g_assert_cmpstr (congkak_library_entry_get_player_name (entry, CONGKAK_SOUTH), ==, player_names[item->south]);
      g_assert_cmpstr (congkak_library_entry_get_player_name (entry, CONGKAK_NORTH), ==, player_names[item->north]);
      g_assert_cmpstr (congkak_library_entry_get_game (entry), ==, item->game);
      g_assert_cmpstr (congkak_library_entry_get_date (entry), ==, item->date);
      g_assert_cmpstr (congkak_library_entry_get_event (entry), ==, item->event);
      g_assert_cmpstr (congkak_library_entry_get_place (entry), ==, item->place);
      g_assert_cmpint (congkak_library_entry_get_result (entry), ==, item->result);
      g_assert_cmpuint (congkak_library_entry_get_n_moves (entry), ==, item->moves);
      g_assert_cmpuint (congkak_library_entry_get_n_rounds (entry), ==, item->rounds);
      g_assert_cmpint (congkak_library_entry_has_comments (entry), ==, item->commented);
      for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
        {
          g_assert_cmpuint (congkak_library_entry_get_score (entry, side), ==, item->score[side]);
          g_assert_cmpuint (congkak_library_entry_get_longest_relay (entry, side), ==, item->longest_relay[side]);
          g_assert_cmpuint (congkak_library_entry_get_most_captured (entry, side), ==, item->most_captured[side]);
          g_assert_cmpuint (congkak_library_entry_get_holes_burnt (entry, side), ==, item->holes_burnt[side]);
        }
    }
}

/* The generated library lists what the generator decided; every fact is
 * also there after reading the index instead of the files. */
static void
test_library_generated (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, N_GENERATED, 7);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (CongkakLibrary) again = congkak_library_new (folder);
  g_autoptr (GError) error = NULL;
  gboolean some_relay = FALSE, some_burnt = FALSE, some_unfinished = FALSE, some_win = FALSE;
  const CongkakLibraryLoadReport *report;

  g_assert_true (congkak_library_load (library, FALSE, NULL, &error));
  g_assert_no_error (error);
  report = congkak_library_get_last_load (library);
  g_assert_true (report->index_unusable);
  g_assert_cmpuint (report->from_files, ==, N_GENERATED);
  g_assert_true (report->index_written);
  assert_entries_as_generated (library, expected);

  /* The generator made each kind of fact appear at least once. */
  for (guint i = 0; i < expected->len; i++)
    {
      Expected *item = &g_array_index (expected, Expected, i);

      some_relay |= item->longest_relay[0] > 1 || item->longest_relay[1] > 1;
      some_burnt |= item->holes_burnt[0] + item->holes_burnt[1] > 0;
      some_unfinished |= item->result == CONGKAK_LIBRARY_RESULT_UNFINISHED;
      some_win |= item->result == CONGKAK_LIBRARY_RESULT_SOUTH_WINS || item->result == CONGKAK_LIBRARY_RESULT_NORTH_WINS;
    }
  g_assert_true (some_relay && some_burnt && some_unfinished && some_win);

  /* A second start reads the index only. */
  g_assert_true (congkak_library_load (again, FALSE, NULL, &error));
  report = congkak_library_get_last_load (again);
  g_assert_false (report->index_unusable);
  g_assert_cmpuint (report->from_index, ==, N_GENERATED);
  g_assert_cmpuint (report->from_files, ==, 0);
  g_assert_false (report->index_written);
  assert_entries_as_generated (again, expected);

  /* Newest first. */
  for (guint i = 1; i < g_list_model_get_n_items (G_LIST_MODEL (again)); i++)
    {
      g_autoptr (CongkakLibraryEntry) newer = g_list_model_get_item (G_LIST_MODEL (again), i - 1);
      g_autoptr (CongkakLibraryEntry) older = g_list_model_get_item (G_LIST_MODEL (again), i);

      g_assert_cmpint (congkak_library_entry_compare_date (newer, older), >=, 0);
    }
  remove_library_folder (folder);
}

static guint
count_matches (CongkakLibrary *library,
               const char     *query)
{
  g_autofree char *folded = congkak_library_fold_text (query);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (library)); i++)
    {
      g_autoptr (CongkakLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);

      n += congkak_library_entry_matches (entry, folded);
    }
  return n;
}

static void
test_library_search (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, N_GENERATED, 11);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));

  /* By player, in any case, without accents, and by event and place. */
  for (guint p = 0; p < G_N_ELEMENTS (player_names); p++)
    {
      g_autofree char *upper = g_utf8_strup (player_names[p], -1);
      guint want = 0;

      for (guint i = 0; i < expected->len; i++)
        want += g_array_index (expected, Expected, i).south == p || g_array_index (expected, Expected, i).north == p;
      g_assert_cmpuint (count_matches (library, player_names[p]), ==, want);
      g_assert_cmpuint (count_matches (library, upper), ==, want);
    }
  {
    guint want = 0;

    for (guint i = 0; i < expected->len; i++)
      want += g_array_index (expected, Expected, i).south == 4 || g_array_index (expected, Expected, i).north == 4;
    g_assert_cmpuint (count_matches (library, "eka"), ==, want);
  }
  {
    /* Every word must be there, anywhere: "rain cup" is not "Harvest Cup". */
    const struct { const char *query; const char *event; const char *place; } cases[] = {
      { "harvest", "Harvest Cup", NULL },
      { "cup", "Cup", NULL },
      { "rain cup", "Rain Cup", NULL },
      { "KAMPUNG", NULL, "Kampung Baru" },
      { "kuala kangsar", NULL, "Kuala Kangsar" },
      { "spring melaka", "Spring Open", "Melaka" },
    };

    for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        guint want = 0;

        for (guint i = 0; i < expected->len; i++)
          {
            Expected *item = &g_array_index (expected, Expected, i);

            want += (cases[c].event == NULL || strstr (item->event, cases[c].event) != NULL)
                    && (cases[c].place == NULL || g_str_equal (item->place, cases[c].place));
          }
        g_test_message ("query “%s”: %u", cases[c].query, want);
        g_assert_cmpuint (want, >, 0);
        g_assert_cmpuint (count_matches (library, cases[c].query), ==, want);
      }
  }

  /* Comment text: each commented match has its own word. */
  for (guint i = 0; i < expected->len; i++)
    {
      Expected *item = &g_array_index (expected, Expected, i);
      g_autofree char *word = g_strdup_printf ("ZEBRA%02u", i);

      g_assert_cmpuint (count_matches (library, word), ==, item->commented ? 1 : 0);
    }
  g_assert_cmpuint (count_matches (library, ""), ==, N_GENERATED);
  g_assert_cmpuint (count_matches (library, "nobody-plays-here"), ==, 0);
  remove_library_folder (folder);
}

/* Statistics, checked against tallies made here from the generator's record. */
static void
test_library_stats (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, N_GENERATED, 23);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (GPtrArray) stats = NULL;

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  stats = congkak_player_stats_compute (G_LIST_MODEL (library));
  g_assert_cmpuint (stats->len, ==, G_N_ELEMENTS (player_names));

  for (guint i = 0; i < stats->len; i++)
    {
      CongkakPlayerStats *player = g_ptr_array_index (stats, i);
      guint p, matches = 0, wins = 0, draws = 0, losses = 0, unfinished = 0;
      guint relay = 0, captured = 0, rounds = 0, burnt = 0, multi = 0, kalah_wins = 0;
      int margin = 0;
      const CongkakGameRecord *kalah;

      for (p = 0; p < G_N_ELEMENTS (player_names); p++)
        if (g_str_equal (player_names[p], player->name))
          break;
      g_assert_cmpuint (p, <, G_N_ELEMENTS (player_names));

      for (guint m = 0; m < expected->len; m++)
        {
          Expected *item = &g_array_index (expected, Expected, m);
          CongkakSide side = item->south == p ? CONGKAK_SOUTH : item->north == p ? CONGKAK_NORTH : CONGKAK_NOBODY;

          if (side == CONGKAK_NOBODY)
            continue;
          matches++;
          relay = MAX (relay, item->longest_relay[side]);
          captured = MAX (captured, item->most_captured[side]);
          if (g_str_equal (item->profile, "congkak"))
            {
              multi++;
              rounds += item->rounds;
              burnt += item->holes_burnt[side];
            }
          switch (item->result)
            {
            case CONGKAK_LIBRARY_RESULT_UNFINISHED:
              unfinished++;
              continue;
            case CONGKAK_LIBRARY_RESULT_DRAW:
              draws++;
              break;
            default:
              if ((item->result == CONGKAK_LIBRARY_RESULT_SOUTH_WINS) == (side == CONGKAK_SOUTH))
                {
                  wins++;
                  kalah_wins += g_str_equal (item->profile, "kalah");
                }
              else
                losses++;
              break;
            }
          margin += (int) item->score[side] - (int) item->score[CONGKAK_OTHER_SIDE (side)];
        }

      g_assert_cmpuint (player->matches, ==, matches);
      g_assert_cmpuint (player->wins, ==, wins);
      g_assert_cmpuint (player->draws, ==, draws);
      g_assert_cmpuint (player->losses, ==, losses);
      g_assert_cmpuint (player->unfinished, ==, unfinished);
      g_assert_cmpint (player->margin_total, ==, margin);
      g_assert_cmpfloat_with_epsilon (congkak_player_stats_get_average_margin (player),
                                      wins + draws + losses ? (double) margin / (wins + draws + losses) : 0, 1e-9);
      g_assert_cmpuint (player->longest_relay, ==, relay);
      g_assert_cmpuint (player->most_captured, ==, captured);
      g_assert_cmpuint (player->multi_round_matches, ==, multi);
      g_assert_cmpuint (player->rounds_played, ==, rounds);
      g_assert_cmpuint (player->holes_burnt, ==, burnt);
      g_assert_cmpuint (player->timeline->len, ==, wins + draws + losses);
      kalah = congkak_player_stats_get_game (player, "kalah");
      g_assert_cmpuint (kalah ? kalah->wins : 0, ==, kalah_wins);
      for (guint t = 1; t < player->timeline->len; t++)
        g_assert_cmpstr (g_array_index (player->timeline, CongkakResultPoint, t - 1).date, <=,
                         g_array_index (player->timeline, CongkakResultPoint, t).date);
      if (i > 0)
        g_assert_cmpuint (((CongkakPlayerStats *) g_ptr_array_index (stats, i - 1))->matches, >=, player->matches);
    }
  remove_library_folder (folder);
}

static GFile *
index_file (GFile *folder)
{
  return g_file_get_child (folder, ".congkak-library-index");
}

/* The index deleted, cut short, overwritten or flipped: rebuilt, nothing lost. */
static void
test_library_index_damage (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 16, 5);
  g_autoptr (GFile) index = index_file (folder);
  const char *damages[] = { "deleted", "truncated", "garbage", "flipped", "empty" };

  {
    g_autoptr (CongkakLibrary) library = congkak_library_new (folder);

    g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
    g_assert_true (g_file_query_exists (index, NULL));
  }

  for (guint d = 0; d < G_N_ELEMENTS (damages); d++)
    {
      g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
      g_autofree char *contents = NULL;
      gsize length;
      const CongkakLibraryLoadReport *report;

      g_assert_true (g_file_load_contents (index, NULL, &contents, &length, NULL, NULL));
      if (g_str_equal (damages[d], "deleted"))
        g_assert_true (g_file_delete (index, NULL, NULL));
      else if (g_str_equal (damages[d], "truncated"))
        g_assert_true (g_file_set_contents (g_file_peek_path (index), contents, length / 2, NULL));
      else if (g_str_equal (damages[d], "garbage"))
        g_assert_true (g_file_set_contents (g_file_peek_path (index), "not an index at all", -1, NULL));
      else if (g_str_equal (damages[d], "empty"))
        g_assert_true (g_file_set_contents (g_file_peek_path (index), "", 0, NULL));
      else
        {
          /* Every 97th byte changed: strings, numbers and offsets alike. */
          for (gsize i = 13; i < length; i += 97)
            contents[i] ^= 0x5A;
          g_assert_true (g_file_set_contents (g_file_peek_path (index), contents, length, NULL));
        }

      g_test_message ("index %s", damages[d]);
      g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
      report = congkak_library_get_last_load (library);
      g_assert_true (report->index_unusable);
      g_assert_true (report->index_written);
      g_assert_cmpuint (report->from_files, ==, 16);
      assert_entries_as_generated (library, expected);
    }

  /* And the index written last is whole again. */
  {
    g_autoptr (CongkakLibrary) library = congkak_library_new (folder);

    g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
    g_assert_cmpuint (congkak_library_get_last_load (library)->from_index, ==, 16);
    assert_entries_as_generated (library, expected);
  }
  remove_library_folder (folder);
}

/* Peak memory of this process so far, in KiB. */
static glong
peak_kib (void)
{
  struct rusage usage;

  g_assert_cmpint (getrusage (RUSAGE_SELF, &usage), ==, 0);
  return usage.ru_maxrss;
}

/* An index far larger than the matches beside it could need (500 MB of
 * holes, taking no disk) is refused by its size, unread: the library
 * reads the 16 files again and the memory stays what it was. */
static void
test_library_index_bound (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 16, 5);
  g_autoptr (GFile) index = index_file (folder);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  const CongkakLibraryLoadReport *report;
  glong before;

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  g_assert_cmpint (truncate (g_file_peek_path (index), 500 * 1000 * 1000), ==, 0);
  g_clear_object (&library);

  before = peak_kib ();
  library = congkak_library_new (folder);
  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  g_test_message ("peak before %ld KiB, after %ld KiB", before, peak_kib ());
  g_assert_cmpint (peak_kib () - before, <, 64 * 1024);
  report = congkak_library_get_last_load (library);
  g_assert_true (report->index_unusable);
  g_assert_cmpuint (report->from_files, ==, 16);
  assert_entries_as_generated (library, expected);
  remove_library_folder (folder);
}

/* A changed, an added and a removed file are noticed; the rest comes from the index. */
static void
test_library_stale (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 8, 9);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (CongkakLibrary) again = congkak_library_new (folder);
  g_autoptr (GFile) changed = g_file_get_child (folder, "generated-002.congkak");
  g_autoptr (GFile) removed = g_file_get_child (folder, "generated-005.congkak");
  g_autoptr (GFile) added = g_file_get_child (folder, "added.congkak");
  g_autoptr (CongkakMatch) match = NULL;
  const CongkakLibraryLoadReport *report;
  CongkakLibraryEntry *entry;

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));

  match = congkak_match_load_from_file (changed, NULL, NULL, NULL);
  congkak_match_set_metadata (match, CONGKAK_METADATA_PLACE, "Melaka");
  g_assert_true (congkak_match_save_to_file (match, changed, NULL, NULL));
  g_assert_true (congkak_match_save_to_file (match, added, NULL, NULL));
  g_assert_true (g_file_delete (removed, NULL, NULL));

  g_assert_true (congkak_library_load (again, FALSE, NULL, NULL));
  report = congkak_library_get_last_load (again);
  g_assert_false (report->index_unusable);
  g_assert_cmpuint (report->from_files, ==, 2);
  g_assert_cmpuint (report->from_index, ==, 6);
  g_assert_cmpuint (report->removed, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (again)), ==, 8);
  entry = find_entry (again, "generated-002.congkak");
  g_assert_cmpstr (congkak_library_entry_get_place (entry), ==, "Melaka");
  g_assert_null (find_entry (again, "generated-005.congkak"));
  g_assert_nonnull (find_entry (again, "added.congkak"));

  /* The first library, loading again, sees the same. */
  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  g_assert_cmpuint (congkak_library_get_last_load (library)->from_files, ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 8);
  remove_library_folder (folder);
}

/* What has a match file's name but is not a file is listed as damaged,
 * with why, at once (a named pipe blocked the load for ever); the index
 * keeps it, so the next load reads nothing again. */
static void
test_library_special_files (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 3, 11);
  const char *path = g_file_peek_path (folder);
  g_autofree char *pipe_path = g_build_filename (path, "pipe.congkak", NULL);
  g_autofree char *dangling = g_build_filename (path, "gone.congkak", NULL);
  g_autofree char *loop = g_build_filename (path, "loop.congkak", NULL);
  g_autofree char *device = g_build_filename (path, "null.congkak", NULL);
  g_autofree char *directory = g_build_filename (path, "folder.congkak", NULL);
  static const struct
  {
    const char *name;
    int         code;
  } specials[] = {
    { "pipe.congkak", G_IO_ERROR_NOT_REGULAR_FILE },
    { "gone.congkak", G_IO_ERROR_NOT_FOUND },
    { "loop.congkak", G_IO_ERROR_TOO_MANY_LINKS },
    { "null.congkak", G_IO_ERROR_NOT_REGULAR_FILE },
    { "folder.congkak", G_IO_ERROR_IS_DIRECTORY },
  };

  g_assert_cmpint (mkfifo (pipe_path, 0600), ==, 0);
  g_assert_cmpint (symlink ("nowhere.congkak", dangling), ==, 0);
  g_assert_cmpint (symlink ("loop.congkak", loop), ==, 0);
  g_assert_cmpint (symlink ("/dev/null", device), ==, 0);
  g_assert_cmpint (g_mkdir (directory, 0700), ==, 0);

  for (guint round = 0; round < 2; round++)
    {
      g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
      const CongkakLibraryLoadReport *report;

      g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
      report = congkak_library_get_last_load (library);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 3 + G_N_ELEMENTS (specials));
      g_assert_cmpuint (report->from_files, ==, round == 0 ? 3 + G_N_ELEMENTS (specials) : 0);
      for (guint i = 0; i < G_N_ELEMENTS (specials); i++)
        {
          CongkakLibraryEntry *entry = find_entry (library, specials[i].name);
          g_autofree char *special_path = g_build_filename (path, specials[i].name, NULL);
          g_autoptr (GError) error = NULL;

          g_assert_nonnull (entry);
          g_assert_true (congkak_library_entry_is_damaged (entry));
          g_assert_false (congkak_file_check_type (special_path, TRUE, &error));
          g_assert_error (error, G_IO_ERROR, specials[i].code);
          g_assert_cmpstr (congkak_library_entry_get_error (entry), ==, error->message);
          g_test_message ("%s: %s", specials[i].name, error->message);
        }
    }
  remove_library_folder (folder);
}

/* The index itself a named pipe or a link: not trusted, not blocking;
 * the library reads the files and writes a real index in its place. */
static void
test_library_special_index (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 3, 12);
  g_autoptr (GFile) index = index_file (folder);
  const char *kinds[] = { "pipe", "link" };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
      const CongkakLibraryLoadReport *report;
      GStatBuf buf;

      g_file_delete (index, NULL, NULL);
      if (g_str_equal (kinds[k], "pipe"))
        g_assert_cmpint (mkfifo (g_file_peek_path (index), 0600), ==, 0);
      else
        g_assert_cmpint (symlink ("/dev/zero", g_file_peek_path (index)), ==, 0);
      g_test_message ("index: %s", kinds[k]);
      g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
      report = congkak_library_get_last_load (library);
      g_assert_true (report->index_unusable);
      g_assert_true (report->index_written);
      assert_entries_as_generated (library, expected);
      g_assert_cmpint (g_lstat (g_file_peek_path (index), &buf), ==, 0);
      g_assert_true (S_ISREG (buf.st_mode));
    }
  remove_library_folder (folder);
}

/* A file name that is not UTF-8 (from an old USB stick) stays in the index:
 * it made the whole index count as damaged at every load. */
static void
test_library_non_utf8_name (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 4, 13);
  g_autoptr (GFile) source = g_file_get_child (folder, "generated-001.congkak");
  g_autoptr (GFile) latin1 = g_file_get_child (folder, "caf\xE9 \xE0 Ipoh.congkak");

  g_assert_true (g_file_copy (source, latin1, G_FILE_COPY_NONE, NULL, NULL, NULL, NULL));
  {
    g_autoptr (CongkakLibrary) library = congkak_library_new (folder);

    g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 5);
    g_assert_true (congkak_library_get_last_load (library)->index_written);
  }
  {
    g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
    const CongkakLibraryLoadReport *report;
    CongkakLibraryEntry *entry;

    g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
    report = congkak_library_get_last_load (library);
    g_assert_false (report->index_unusable);
    g_assert_cmpuint (report->from_index, ==, 5);
    g_assert_cmpuint (report->from_files, ==, 0);
    g_assert_false (report->index_written);
    entry = find_entry (library, "caf\xE9 \xE0 Ipoh.congkak");
    g_assert_nonnull (entry);
    g_assert_false (congkak_library_entry_is_damaged (entry));
  }
  remove_library_folder (folder);
}

/* A match file damaged on disk is listed, with the loader's own message. */
static void
test_library_damaged_file (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 4, 3);
  g_autoptr (GFile) broken = g_file_get_child (folder, "generated-001.congkak");
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (CongkakLibrary) again = congkak_library_new (folder);
  g_autoptr (GError) loader_error = NULL;
  g_autofree char *contents = NULL;
  CongkakLibraryEntry *entry;
  gsize length;

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  g_assert_true (g_file_load_contents (broken, NULL, &contents, &length, NULL, NULL));
  g_assert_true (g_file_set_contents (g_file_peek_path (broken), contents, length / 3, NULL));
  g_assert_null (congkak_match_load_from_file (broken, NULL, NULL, &loader_error));

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 4);
  entry = find_entry (library, "generated-001.congkak");
  g_assert_true (congkak_library_entry_is_damaged (entry));
  g_assert_cmpstr (congkak_library_entry_get_error (entry), ==, loader_error->message);

  /* The index keeps it damaged, with the message, until the file changes. */
  g_assert_true (congkak_library_load (again, FALSE, NULL, NULL));
  g_assert_cmpuint (congkak_library_get_last_load (again)->from_files, ==, 0);
  entry = find_entry (again, "generated-001.congkak");
  g_assert_cmpstr (congkak_library_entry_get_error (entry), ==, loader_error->message);
  g_assert_null (congkak_library_entry_dup_final_game (entry));

  /* Statistics leave it out. */
  {
    g_autoptr (GPtrArray) stats = congkak_player_stats_compute (G_LIST_MODEL (again));
    guint matches = 0;

    for (guint i = 0; i < stats->len; i++)
      matches += ((CongkakPlayerStats *) g_ptr_array_index (stats, i))->matches;
    g_assert_cmpuint (matches, ==, 2 * 3);
  }
  remove_library_folder (folder);
}

static CongkakMatch *
kalah_match (const char *south,
             const char *north)
{
  CongkakRules rules;
  CongkakMatch *match;

  test_rules (&rules, "kalah", NULL);
  match = congkak_match_new (&rules);
  congkak_match_set_player (match, CONGKAK_SOUTH, south, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_player (match, CONGKAK_NORTH, north, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  return match;
}

static void
play_to_end (CongkakMatch *match,
             guint         seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  while (TRUE)
    {
      g_autofree char *move = congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                                         congkak_match_get_rules (match), rand);

      if (move == NULL)
        break;
      g_assert_nonnull (congkak_match_play_text (match, move, NULL, NULL));
    }
}

static guint
count_files (GFile *folder)
{
  g_autoptr (GFileEnumerator) children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                                                    G_FILE_QUERY_INFO_NONE, NULL, NULL);
  guint n = 0;

  while (children)
    {
      GFileInfo *info;

      if (!g_file_enumerator_iterate (children, &info, NULL, NULL, NULL) || info == NULL)
        break;
      n += g_str_has_suffix (g_file_info_get_name (info), ".congkak");
    }
  return n;
}

/* Recording names a new file after the date and players; recording the
 * same match again updates it; another match never overwrites it. */
static void
test_library_record (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (CongkakMatch) match = kalah_match ("Ani", "Budi/Citra");
  g_autoptr (CongkakMatch) other = kalah_match ("Ani", "Budi/Citra");
  g_autoptr (CongkakMatch) reloaded = NULL;
  g_autoptr (GFile) first_file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;
  CongkakLibraryEntry *entry;

  congkak_match_set_metadata (match, CONGKAK_METADATA_DATE, "2026-03-14");
  congkak_match_set_metadata (other, CONGKAK_METADATA_DATE, "2026-03-14");
  g_assert_nonnull (congkak_match_play_text (match, "C", NULL, NULL));

  entry = congkak_library_record (library, match, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (entry);
  g_assert_cmpstr (congkak_library_entry_get_name (entry), ==, "2026-03-14 Ani vs Budi-Citra.congkak");
  g_assert_cmpuint (congkak_library_entry_get_n_moves (entry), ==, 1);
  g_assert_cmpint (congkak_library_entry_get_result (entry), ==, CONGKAK_LIBRARY_RESULT_UNFINISHED);
  id = g_strdup (congkak_match_get_metadata (match, CONGKAK_METADATA_ID));
  g_assert_cmpstr (id, !=, "");
  g_assert_cmpstr (congkak_library_entry_get_id (entry), ==, id);
  first_file = g_object_ref (congkak_library_entry_get_file (entry));
  /* Recording is no edit: nothing to undo. */
  g_assert_true (congkak_match_can_undo (match));
  congkak_match_undo (match);
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_ID), ==, id);
  congkak_match_redo (match);

  /* More moves, to the end: the same file. */
  play_to_end (match, 1);
  entry = congkak_library_record (library, match, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_equal (congkak_library_entry_get_file (entry), first_file));
  g_assert_cmpint (congkak_library_entry_get_result (entry), !=, CONGKAK_LIBRARY_RESULT_UNFINISHED);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 1);
  g_assert_cmpuint (count_files (folder), ==, 1);
  reloaded = congkak_match_load_from_file (first_file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (reloaded, match));

  /* Another match of the same players on the same day: a file of its own. */
  entry = congkak_library_record (library, other, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (congkak_library_entry_get_name (entry), ==, "2026-03-14 Ani vs Budi-Citra (2).congkak");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 2);
  g_assert_cmpuint (count_files (folder), ==, 2);

  /* Another library object on the folder finds the match by its id. */
  {
    g_autoptr (CongkakLibrary) second = congkak_library_new (folder);

    g_assert_true (congkak_library_load (second, FALSE, NULL, NULL));
    congkak_match_set_metadata (match, CONGKAK_METADATA_NOTES, "Played after school.");
    entry = congkak_library_record (second, match, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (g_file_equal (congkak_library_entry_get_file (entry), first_file));
    g_assert_true (congkak_library_entry_has_comments (entry));
    g_assert_cmpuint (count_files (folder), ==, 2);
  }

  /* A match without a date gets today's. */
  {
    g_autoptr (CongkakMatch) undated = kalah_match ("", "");
    g_autoptr (GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");

    entry = congkak_library_record (library, undated, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (congkak_library_entry_get_date (entry), ==, today);
    g_assert_true (g_str_has_suffix (congkak_library_entry_get_name (entry), " South vs North.congkak"));
  }
  remove_library_folder (folder);
}

/* A match's own date counts only when it is a real day written
 * YYYY-MM-DD; anything else gives the file's date, never a date that is
 * not one. */
static void
test_library_dates (void)
{
  static const struct
  {
    const char *written;
    gboolean    kept;
  } dates[] = {
    { "2024-02-29", TRUE },
    { "0001-01-01", TRUE },
    { "9999-12-31", TRUE },
    { "2023-02-29", FALSE },   /* not a leap year */
    { "2024-04-31", FALSE },
    { "2024-13-01", FALSE },
    { "0000-01-01", FALSE },
    { "2024-1-05", FALSE },
    { "2024-+1-05", FALSE },   /* a number, but not written as a date */
    { " 202-01-05", FALSE },
    { "2024-01-05T10:00", FALSE },
    { "14 March 2026", FALSE },
  };
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    {
      g_autoptr (CongkakMatch) match = kalah_match ("Ani", "Budi");
      g_autoptr (GError) error = NULL;
      g_autoptr (GDateTime) modified = NULL;
      g_autofree char *file_date = NULL;
      const char *expected;
      CongkakLibraryEntry *entry;

      congkak_match_set_metadata (match, CONGKAK_METADATA_DATE, dates[i].written);
      entry = congkak_library_record (library, match, NULL, &error);
      g_assert_no_error (error);
      modified = g_date_time_new_from_unix_local_usec (congkak_library_entry_get_modified (entry));
      file_date = g_date_time_format (modified, "%Y-%m-%d");
      expected = dates[i].kept ? dates[i].written : file_date;
      g_assert_cmpstr (congkak_library_entry_get_date (entry), ==, expected);
    }
  remove_library_folder (folder);
}

/* A match saved elsewhere (without an id) is recorded once, however often. */
static void
test_library_record_origin (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (GFile) elsewhere = g_file_new_build_filename (g_file_peek_path (folder), "..", "mine.congkak", NULL);
  g_autoptr (CongkakMatch) saved = kalah_match ("Ani", "Budi");
  g_autoptr (CongkakMatch) opened = NULL;
  g_autoptr (CongkakMatch) opened_again = NULL;
  CongkakLibraryEntry *entry;

  g_assert_nonnull (congkak_match_play_text (saved, "D", NULL, NULL));
  g_assert_true (congkak_match_save_to_file (saved, elsewhere, NULL, NULL));

  opened = congkak_match_load_from_file (elsewhere, NULL, NULL, NULL);
  congkak_match_go_to_end (opened);
  g_assert_nonnull (congkak_match_play_text (opened, "a", NULL, NULL));
  entry = congkak_library_record (library, opened, elsewhere, NULL);
  g_assert_nonnull (entry);

  /* Opened again from its file (still without the id), played on. */
  opened_again = congkak_match_load_from_file (elsewhere, NULL, NULL, NULL);
  g_assert_cmpstr (congkak_match_get_metadata (opened_again, CONGKAK_METADATA_ID), ==, "");
  congkak_match_go_to_end (opened_again);
  g_assert_nonnull (congkak_match_play_text (opened_again, "b", NULL, NULL));
  entry = congkak_library_record (library, opened_again, elsewhere, NULL);
  g_assert_nonnull (entry);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 1);
  g_assert_cmpuint (congkak_library_entry_get_n_moves (entry), ==, 2);
  g_assert_cmpstr (congkak_match_get_metadata (opened_again, CONGKAK_METADATA_ID), ==,
                   congkak_match_get_metadata (opened, CONGKAK_METADATA_ID));
  remove_library_folder (folder);
}

static void
ready_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static GAsyncResult *
wait_for (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *result;
}

/* Import of files and folders: each match once, damaged files reported. */
static void
test_library_import (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GFile) parent = g_file_get_parent (folder);
  g_autoptr (GFile) outside = g_file_get_child (parent, "outside");
  g_autoptr (GFile) nested = g_file_get_child (outside, "nested");
  g_autoptr (GFile) text = g_file_get_child (parent, "match.txt");
  g_autoptr (GFile) broken = g_file_get_child (nested, "broken.congkak");
  g_autoptr (GArray) expected = generate_library (outside, 3, 2);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (GListStore) files = g_list_store_new (G_TYPE_FILE);
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GAsyncResult) second = NULL;
  g_autoptr (CongkakLibraryImportReport) report = NULL;
  g_autoptr (CongkakLibraryImportReport) report_again = NULL;
  g_autoptr (GFile) copy = g_file_get_child (nested, "copy.congkak");
  g_autoptr (GFile) original = g_file_get_child (outside, "generated-000.congkak");

  g_assert_true (g_file_make_directory (nested, NULL, NULL));
  g_assert_true (g_file_copy (original, copy, G_FILE_COPY_NONE, NULL, NULL, NULL, NULL));
  g_assert_true (g_file_set_contents (g_file_peek_path (broken), "{ \"format\": \"congkak-match\"", -1, NULL));
  g_assert_true (g_file_set_contents (g_file_peek_path (text),
                                      "[Format \"congkak-match 1.0\"]\n[Rules \"kalah\"]\n[South \"Gita\"]\n\nC\n", -1, NULL));

  g_list_store_append (files, outside);
  g_list_store_append (files, text);
  congkak_library_import_async (library, G_LIST_MODEL (files), NULL, ready_cb, &result);
  report = congkak_library_import_finish (library, wait_for (&result), NULL);
  g_assert_nonnull (report);
  g_assert_cmpuint (report->added, ==, 4);      /* three generated, the text */
  g_assert_cmpuint (report->already, ==, 1);    /* the copy */
  g_assert_cmpuint (report->failures->len, ==, 1);
  g_assert_true (strstr (g_ptr_array_index (report->failures, 0), "broken.congkak: ") != NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 4);
  g_assert_cmpuint (count_files (folder), ==, 4);

  congkak_library_import_async (library, G_LIST_MODEL (files), NULL, ready_cb, &second);
  report_again = congkak_library_import_finish (library, wait_for (&second), NULL);
  g_assert_cmpuint (report_again->added, ==, 0);
  g_assert_cmpuint (report_again->already, ==, 5);
  g_assert_cmpuint (count_files (folder), ==, 4);
  remove_library_folder (folder);
}

/* Delete, then undo: the file and the entry come back; purging trashes it. */
static void
test_library_delete_undo (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 4, 4);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (CongkakLibraryEntry) entry = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  entry = g_object_ref (find_entry (library, "generated-002.congkak"));
  file = g_object_ref (congkak_library_entry_get_file (entry));

  g_assert_true (congkak_library_delete (library, entry, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_query_exists (file, NULL));
  g_assert_null (find_entry (library, "generated-002.congkak"));
  {
    g_autoptr (CongkakLibrary) fresh = congkak_library_new (folder);

    g_assert_true (congkak_library_load (fresh, FALSE, NULL, NULL));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fresh)), ==, 3);
  }

  g_assert_true (congkak_library_undo_delete (library, entry, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_query_exists (file, NULL));
  g_assert_true (find_entry (library, "generated-002.congkak") == entry);
  {
    g_autoptr (CongkakLibrary) fresh = congkak_library_new (folder);

    g_assert_true (congkak_library_load (fresh, FALSE, NULL, NULL));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fresh)), ==, 4);
    assert_entries_as_generated (fresh, expected);
  }

  /* Deleted for good: not back on the next load, not in the folder. */
  g_assert_true (congkak_library_delete (library, entry, &error));
  congkak_library_purge_deleted (library);
  g_assert_false (congkak_library_undo_delete (library, entry, NULL));
  {
    g_autoptr (CongkakLibrary) fresh = congkak_library_new (folder);
    g_autoptr (GFile) deleted_folder = g_file_get_child (folder, ".deleted");

    g_assert_true (congkak_library_load (fresh, FALSE, NULL, NULL));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fresh)), ==, 3);
    g_autoptr (GFile) trash = g_file_new_build_filename (g_get_user_data_dir (), "Trash", "files", NULL);

    g_assert_cmpuint (count_files (deleted_folder), ==, 0);
    g_assert_cmpuint (count_files (trash), ==, 1);
  }
  remove_library_folder (folder);
}

static void
test_library_title (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 2, 8);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (CongkakMatch) reloaded = NULL;
  g_autofree char *title = NULL;
  g_autofree char *players = NULL;
  Expected *item = &g_array_index (expected, Expected, 1);
  CongkakLibraryEntry *entry;

  g_assert_true (congkak_library_load (library, FALSE, NULL, NULL));
  entry = find_entry (library, "generated-001.congkak");
  title = congkak_library_entry_dup_display_title (entry);
  players = g_strdup_printf ("%s vs %s", player_names[item->south], player_names[item->north]);
  g_assert_cmpstr (title, ==, players);

  entry = congkak_library_set_title (library, entry, "The long relay", NULL);
  g_assert_nonnull (entry);
  g_assert_cmpstr (congkak_library_entry_get_title (entry), ==, "The long relay");
  g_assert_true (find_entry (library, "generated-001.congkak") == entry);
  g_assert_cmpuint (count_matches (library, "long relay"), ==, 1);
  reloaded = congkak_match_load_from_file (congkak_library_entry_get_file (entry), NULL, NULL, NULL);
  g_assert_cmpstr (congkak_match_get_metadata (reloaded, CONGKAK_METADATA_TITLE), ==, "The long relay");
  g_assert_cmpuint (count_files (folder), ==, 2);  /* no backup left behind */
  remove_library_folder (folder);
}

/* The worker-thread load gives what the plain one gives. */
static void
test_library_async (void)
{
  g_autoptr (GFile) folder = make_library_folder ();
  g_autoptr (GArray) expected = generate_library (folder, 12, 12);
  g_autoptr (CongkakLibrary) library = congkak_library_new (folder);
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GAsyncResult) second = NULL;
  g_autoptr (CongkakMatch) match = kalah_match ("Ani", "Budi");

  congkak_library_load_async (library, NULL, ready_cb, &result);
  g_assert_true (congkak_library_load_finish (library, wait_for (&result), NULL));
  assert_entries_as_generated (library, expected);

  /* A match recorded while a load runs is still there when it ends. */
  congkak_library_load_async (library, NULL, ready_cb, &second);
  g_assert_nonnull (congkak_library_record (library, match, NULL, NULL));
  g_assert_true (congkak_library_load_finish (library, wait_for (&second), NULL));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 13);
  remove_library_folder (folder);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("congkak-data-XXXXXX", NULL);
  g_autoptr (GFile) data_home_file = g_file_new_for_path (data_home);
  int status;

  /* The trash, where purged matches go, is the test's own. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/library/generated", test_library_generated);
  g_test_add_func ("/model/library/search", test_library_search);
  g_test_add_func ("/model/library/stats", test_library_stats);
  g_test_add_func ("/model/library/index-damage", test_library_index_damage);
  g_test_add_func ("/model/library/index-bound", test_library_index_bound);
  g_test_add_func ("/model/library/stale", test_library_stale);
  g_test_add_func ("/model/library/damaged-file", test_library_damaged_file);
  g_test_add_func ("/model/library/special-files", test_library_special_files);
  g_test_add_func ("/model/library/special-index", test_library_special_index);
  g_test_add_func ("/model/library/non-utf8-name", test_library_non_utf8_name);
  g_test_add_func ("/model/library/record", test_library_record);
  g_test_add_func ("/model/library/record-origin", test_library_record_origin);
  g_test_add_func ("/model/library/dates", test_library_dates);
  g_test_add_func ("/model/library/import", test_library_import);
  g_test_add_func ("/model/library/delete-undo", test_library_delete_undo);
  g_test_add_func ("/model/library/title", test_library_title);
  g_test_add_func ("/model/library/async", test_library_async);

  status = g_test_run ();
  remove_tree (data_home_file);
  return status;
}
