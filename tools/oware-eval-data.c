/* oware-eval-data.c — positions from Oware self-play, to fit the evaluation
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plays Oware games of the search against itself (a few random moves
 * first, then a shallow search with a random move now and then, so that
 * the games differ), and prints for some positions of each the evaluation's
 * features (congkak-oware-eval-private.h), the value a deeper search
 * gives and what the game's end gave, all from the point of view of the
 * player to move there, one position a line, tab-separated, with a header.
 * tools/oware-eval-fit fits the weights to them.  Built, never installed:
 *
 *   build-aux/shell _build/tools/oware-eval-data [--games N] [--seed N]
 *       [--depth D] [--play-depth D] [--every N] > positions.tsv
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "congkak-oware-eval-private.h"
#include "congkak-search.h"

#define MAX_GAME_MOVES 400

static const char * const feature_names[CONGKAK_OWARE_N_FEATURES] = {
  "material", "own_empty", "other_empty", "own_weak", "other_weak", "own_kroo", "other_kroo",
  "own_tempo", "other_tempo", "capture", "threat", "late_material",
};

typedef struct
{
  int    features[CONGKAK_OWARE_N_FEATURES];
  int    deep;        /* the deeper search's value: the gain still to come */
  int    margin;      /* the mover's captures minus the opponent's, now */
  gint8  mover;
  guint8 seeds;       /* on the board */
} Sample;

static int
side_margin (const CongkakPosition *position,
             CongkakSide            side)
{
  return (int) position->store[side] - (int) position->store[CONGKAK_OTHER_SIDE (side)];
}

static void
features_of (const CongkakState *state,
             const CongkakRules *rules,
             int                 features[CONGKAK_OWARE_N_FEATURES])
{
  const CongkakPosition *position = &state->position;
  CongkakSide me = position->to_move;
  CongkakSide other = CONGKAK_OTHER_SIDE (me);
  guint8 own[CONGKAK_MAX_HOLES], theirs[CONGKAK_MAX_HOLES];

  for (guint i = 0; i < position->n_holes; i++)
    {
      own[i] = (guint8) position->holes[me][i];
      theirs[i] = (guint8) position->holes[other][i];
    }
  congkak_oware_features (own, theirs, position->n_holes, position->store[me], position->store[other],
                          (int) congkak_rules_total_seeds (rules), features);
}

int
main (int    argc,
      char **argv)
{
  int games = 100, seed = 1, depth = 9, play_depth = 4, every = 4;
  GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Games to play (default 100)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "Random seed (default 1)", "N" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, "Depth of the search that values a position (default 9)", "D" },
    { "play-depth", 0, 0, G_OPTION_ARG_INT, &play_depth, "Depth of the search that plays (default 4)", "D" },
    { "every", 0, 0, G_OPTION_ARG_INT, &every, "Value one position in N, at random (default 4)", "N" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("— Oware positions to fit the evaluation");
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakSearch) player = NULL;
  g_autoptr (CongkakSearch) judge = NULL;
  g_autoptr (GRand) rand = NULL;
  g_autoptr (GHashTable) seen = NULL;
  g_autoptr (GArray) samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  CongkakRules rules;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (!congkak_rules_init_profile (&rules, "oware", &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  player = congkak_search_new (&rules, 16);
  judge = congkak_search_new (&rules, 64);
  rand = g_rand_new_with_seed ((guint32) seed);

  for (guint i = 0; i < CONGKAK_OWARE_N_FEATURES; i++)
    printf ("%s\t", feature_names[i]);
  printf ("seeds\tdeep\toutcome\n");

  for (int game = 0; game < games; game++)
    {
      CongkakState state;
      int random_moves = g_rand_int_range (rand, 2, 9);

      congkak_state_init (&state, &rules);
      g_array_set_size (samples, 0);
      seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (int ply = 0; ply < MAX_GAME_MOVES && state.phase == CONGKAK_PHASE_PLAYING; ply++)
        {
          guint8 holes[CONGKAK_MAX_HOLES];
          guint n = congkak_state_legal_moves (&state, &rules, holes);
          /* A position's key: the mover and the board's bytes. */
          g_autofree char *board = g_base64_encode ((const guchar *) state.position.holes,
                                                    sizeof state.position.holes);
          char *key = g_strdup_printf ("%d%s", state.position.to_move, board);
          guint8 hole;
          int score;

          if (!g_hash_table_add (seen, key))
            {
              congkak_state_end_by_repetition (&state, &rules, NULL);
              break;
            }

          if (ply >= random_moves && g_rand_int_range (rand, 0, every) == 0)
            {
              Sample sample = { 0 };

              features_of (&state, &rules, sample.features);
              congkak_search_forget (judge);
              congkak_search_best_move (judge, &state, (guint) depth, 0, &hole, &sample.deep, NULL);
              sample.margin = side_margin (&state.position, state.position.to_move);
              sample.mover = state.position.to_move;
              sample.seeds = (guint8) (congkak_position_side_seeds (&state.position, CONGKAK_SOUTH)
                                       + congkak_position_side_seeds (&state.position, CONGKAK_NORTH));
              g_array_append_val (samples, sample);
            }

          if (ply < random_moves || g_rand_int_range (rand, 0, 10) == 0)
            hole = holes[g_rand_int_range (rand, 0, (gint32) n)];
          else if (!congkak_search_best_move (player, &state, (guint) play_depth, 0, &hole, &score, NULL))
            g_error ("the search stopped");
          congkak_state_play_fast (&state, &rules, hole);
        }
      g_clear_pointer (&seen, g_hash_table_unref);
      /* Too long to say what the end gives. */
      if (state.phase != CONGKAK_PHASE_MATCH_OVER)
        continue;

      for (guint i = 0; i < samples->len; i++)
        {
          const Sample *sample = &g_array_index (samples, Sample, i);
          int outcome = side_margin (&state.position, sample->mover) - sample->margin;

          for (guint f = 0; f < CONGKAK_OWARE_N_FEATURES; f++)
            printf ("%d\t", sample->features[f]);
          printf ("%d\t%d\t%d\n", sample->seeds, sample->deep, outcome);
        }
      fflush (stdout);
    }
  return 0;
}
