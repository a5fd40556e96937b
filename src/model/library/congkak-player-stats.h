/* congkak-player-stats.h — what the library says about each player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* One game's results for a player. */
typedef struct
{
  char  *game;        /* a profile (“congkak”, “kalah”, …) or “custom” */
  guint  wins;
  guint  draws;
  guint  losses;
  guint  unfinished;
} CongkakGameRecord;

/* One finished match, for the chart of results over time. */
typedef struct
{
  char   date[11];    /* YYYY-MM-DD */
  gint8  outcome;     /* 1 won, 0 drawn, -1 lost */
  int    margin;      /* own score minus the opponent's */
} CongkakResultPoint;

typedef struct
{
  char      *name;                 /* as written in the newest match */
  guint      matches;              /* every match with this name on a side */
  guint      wins;
  guint      draws;
  guint      losses;
  guint      unfinished;
  GArray    *games;                /* CongkakGameRecord, by game name */
  int        margin_total;         /* over the finished matches */
  guint      longest_relay;        /* most relays in one move */
  guint      most_captured;        /* most seeds captured in one move */
  guint      multi_round_matches;
  guint      rounds_played;        /* in multi-round matches */
  guint      holes_burnt;          /* own holes burnt at refills, in multi-round matches */
  GArray    *timeline;             /* CongkakResultPoint, oldest first */
} CongkakPlayerStats;

void                      congkak_player_stats_free               (CongkakPlayerStats       *stats);
double                    congkak_player_stats_get_average_margin (const CongkakPlayerStats *stats);
const CongkakGameRecord  *congkak_player_stats_get_game           (const CongkakPlayerStats *stats,
                                                                   const char               *game);
GPtrArray                *congkak_player_stats_compute            (GListModel               *entries);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakPlayerStats, congkak_player_stats_free)

G_END_DECLS
