/* congkak-player-stats.c — what the library says about each player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Players are told apart by name, compared as search compares text (case
 * and accents aside).  Matches without a name on a side count for nobody
 * on that side; damaged files count for nobody.  A match someone played
 * against their own name counts once, without a result.
 */

#include "config.h"

#include <string.h>

#include "congkak-library-entry.h"
#include "congkak-player-stats.h"

static void
game_record_clear (gpointer data)
{
  g_free (((CongkakGameRecord *) data)->game);
}

void
congkak_player_stats_free (CongkakPlayerStats *stats)
{
  if (stats == NULL)
    return;
  g_free (stats->name);
  g_clear_pointer (&stats->games, g_array_unref);
  g_clear_pointer (&stats->timeline, g_array_unref);
  g_free (stats);
}

/* Own score minus the opponent's, on average over the finished matches. */
double
congkak_player_stats_get_average_margin (const CongkakPlayerStats *stats)
{
  guint finished;

  g_return_val_if_fail (stats != NULL, 0);

  finished = stats->wins + stats->draws + stats->losses;
  return finished ? (double) stats->margin_total / finished : 0;
}

/**
 * congkak_player_stats_get_game:
 *
 * Returns: (nullable): the player's results in @game, if they played it.
 */
const CongkakGameRecord *
congkak_player_stats_get_game (const CongkakPlayerStats *stats,
                               const char               *game)
{
  g_return_val_if_fail (stats != NULL, NULL);

  for (guint i = 0; i < stats->games->len; i++)
    if (g_str_equal (g_array_index (stats->games, CongkakGameRecord, i).game, game))
      return &g_array_index (stats->games, CongkakGameRecord, i);
  return NULL;
}

static CongkakGameRecord *
game_record (CongkakPlayerStats *stats,
             const char         *game)
{
  CongkakGameRecord record = { 0 };

  for (guint i = 0; i < stats->games->len; i++)
    if (g_str_equal (g_array_index (stats->games, CongkakGameRecord, i).game, game))
      return &g_array_index (stats->games, CongkakGameRecord, i);
  record.game = g_strdup (game);
  g_array_append_val (stats->games, record);
  return &g_array_index (stats->games, CongkakGameRecord, stats->games->len - 1);
}

static CongkakPlayerStats *
player (GHashTable *players,
        const char *name)
{
  g_autofree char *key = congkak_library_fold_text (name);
  CongkakPlayerStats *stats;

  g_strstrip (key);
  stats = g_hash_table_lookup (players, key);
  if (stats == NULL)
    {
      stats = g_new0 (CongkakPlayerStats, 1);
      stats->name = g_strstrip (g_strdup (name));
      stats->games = g_array_new (FALSE, FALSE, sizeof (CongkakGameRecord));
      g_array_set_clear_func (stats->games, game_record_clear);
      stats->timeline = g_array_new (FALSE, FALSE, sizeof (CongkakResultPoint));
      g_hash_table_insert (players, g_steal_pointer (&key), stats);
    }
  return stats;
}

static void
add_match (CongkakPlayerStats  *stats,
           CongkakLibraryEntry *entry,
           CongkakSide          side,
           gboolean             with_result)
{
  const CongkakRules *rules = congkak_library_entry_get_rules (entry);
  CongkakLibraryResult result = congkak_library_entry_get_result (entry);
  CongkakGameRecord *record = game_record (stats, congkak_library_entry_get_game (entry));
  CongkakSide other = CONGKAK_OTHER_SIDE (side);

  stats->matches++;
  stats->longest_relay = MAX (stats->longest_relay, congkak_library_entry_get_longest_relay (entry, side));
  stats->most_captured = MAX (stats->most_captured, congkak_library_entry_get_most_captured (entry, side));
  if (rules->family == CONGKAK_FAMILY_STORE && rules->multi_round)
    {
      stats->multi_round_matches++;
      stats->rounds_played += congkak_library_entry_get_n_rounds (entry);
      stats->holes_burnt += congkak_library_entry_get_holes_burnt (entry, side);
    }
  if (!with_result)
    return;

  if (result == CONGKAK_LIBRARY_RESULT_UNFINISHED)
    {
      stats->unfinished++;
      record->unfinished++;
    }
  else
    {
      CongkakResultPoint point = { .margin = (int) congkak_library_entry_get_score (entry, side)
                                             - (int) congkak_library_entry_get_score (entry, other) };

      if (result == CONGKAK_LIBRARY_RESULT_DRAW)
        {
          stats->draws++;
          record->draws++;
          point.outcome = 0;
        }
      else if ((result == CONGKAK_LIBRARY_RESULT_SOUTH_WINS) == (side == CONGKAK_SOUTH))
        {
          stats->wins++;
          record->wins++;
          point.outcome = 1;
        }
      else
        {
          stats->losses++;
          record->losses++;
          point.outcome = -1;
        }
      stats->margin_total += point.margin;
      g_strlcpy (point.date, congkak_library_entry_get_date (entry), sizeof point.date);
      g_array_append_val (stats->timeline, point);
    }
}

static int
compare_points (gconstpointer a,
                gconstpointer b)
{
  return strcmp (((const CongkakResultPoint *) a)->date, ((const CongkakResultPoint *) b)->date);
}

static int
compare_games (gconstpointer a,
               gconstpointer b)
{
  return strcmp (((const CongkakGameRecord *) a)->game, ((const CongkakGameRecord *) b)->game);
}

/* Most matches first, then by name. */
static int
compare_players (gconstpointer a,
                 gconstpointer b)
{
  const CongkakPlayerStats *x = *(CongkakPlayerStats **) a;
  const CongkakPlayerStats *y = *(CongkakPlayerStats **) b;

  if (x->matches != y->matches)
    return x->matches > y->matches ? -1 : 1;
  return g_utf8_collate (x->name, y->name);
}

/**
 * congkak_player_stats_compute:
 * @entries: (element-type CongkakLibraryEntry): the library, newest first
 *
 * Returns: (transfer full) (element-type CongkakPlayerStats): one record
 *   per player name, most matches first.
 */
GPtrArray *
congkak_player_stats_compute (GListModel *entries)
{
  g_autoptr (GHashTable) players = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) congkak_player_stats_free);
  GHashTableIter iter;
  gpointer key, value;
  guint n;

  g_return_val_if_fail (G_IS_LIST_MODEL (entries), NULL);

  n = g_list_model_get_n_items (entries);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (CongkakLibraryEntry) entry = g_list_model_get_item (entries, i);
      CongkakPlayerStats *sides[2] = { NULL, NULL };

      if (congkak_library_entry_is_damaged (entry))
        continue;
      for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
        {
          const char *name = congkak_library_entry_get_player_name (entry, side);
          g_autofree char *trimmed = g_strstrip (g_strdup (name));

          if (*trimmed != '\0')
            sides[side] = player (players, name);
        }
      if (sides[0] && sides[0] == sides[1])
        add_match (sides[0], entry, CONGKAK_SOUTH, FALSE);
      else
        for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
          if (sides[side])
            add_match (sides[side], entry, side, TRUE);
    }

  g_hash_table_iter_init (&iter, players);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      CongkakPlayerStats *stats = value;

      g_array_sort (stats->timeline, compare_points);
      g_array_sort (stats->games, compare_games);
      g_ptr_array_add (result, stats);
      g_free (key);
    }
  g_ptr_array_sort (result, compare_players);
  return result;
}
