/* test-engine-oware-endgame.c — the Oware endgame database against search
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every value checked here is computed twice: by the database, and by an
 * exhaustive search written from RULES.md 7 on the engine's own sowing
 * (congkak_position_sow_fast() and congkak_state_legal_moves()), which
 * keeps the line it is on and so sees a repetition as the rules do.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "congkak-test-util.h"

/* How the exhaustive search values a position that comes back. */
typedef enum
{
  REPEAT_BY_RULE,     /* each side takes the seeds on its side */
  REPEAT_LOSES,       /* the mover there loses every seed on the board */
  REPEAT_WINS,        /* the mover there wins every seed on the board */
} RepeatValue;

#define MAX_LINE 4096

typedef struct
{
  const CongkakRules *rules;
  CongkakPosition     line[MAX_LINE];  /* since the last capture */
  guint               length;
  GHashTable         *memo;            /* fresh positions (no line before them) */
  guint64             nodes;
  guint64             budget;          /* nodes for one position; past it, given up */
  gboolean            given_up;
} Exhaustive;

static RepeatValue
flip (RepeatValue repeat)
{
  return repeat == REPEAT_BY_RULE ? REPEAT_BY_RULE : repeat == REPEAT_LOSES ? REPEAT_WINS : REPEAT_LOSES;
}

static int exhaustive_fresh (Exhaustive *search, const CongkakPosition *position, RepeatValue repeat);

/* The margin the player to move gains from the seeds on the board, with
 * best play, the game going on past half the seeds (what the database
 * assumes); the positions of search->line came before. */
static int
exhaustive (Exhaustive            *search,
            const CongkakPosition *position,
            RepeatValue            repeat)
{
  CongkakSide me = position->to_move;
  int own = (int) congkak_position_side_seeds (position, me);
  int other = (int) congkak_position_side_seeds (position, CONGKAK_OTHER_SIDE (me));
  int seeds = own + other;
  CongkakState state = { .position = *position, .phase = CONGKAK_PHASE_PLAYING };
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n;
  int best = G_MININT;

  /* The lines that never repeat a position can be too many to follow. */
  if (++search->nodes > search->budget)
    search->given_up = TRUE;
  if (search->given_up)
    return 0;
  for (guint i = 0; i < search->length; i++)
    if (congkak_position_equal (&search->line[i], position))
      return repeat == REPEAT_BY_RULE ? own - other : repeat == REPEAT_LOSES ? -seeds : seeds;

  /* RULES.md 7: no seeds to move, the opponent takes theirs; no move that
   * feeds an opponent without seeds, the mover takes theirs. */
  if (own == 0)
    return -seeds;
  n = congkak_state_legal_moves (&state, search->rules, holes);
  if (n == 0)
    return seeds;

  g_assert_cmpuint (search->length, <, MAX_LINE);
  search->line[search->length++] = *position;
  for (guint i = 0; i < n; i++)
    {
      CongkakPosition child = *position;
      int captured, value;

      congkak_position_sow_fast (&child, search->rules, holes[i]);
      captured = (int) child.store[me] - (int) position->store[me];
      child.store[me] = position->store[me];
      g_assert_cmpint (child.to_move, ==, CONGKAK_OTHER_SIDE (me));
      /* After a capture nothing before can come back. */
      value = captured > 0 ? captured - exhaustive_fresh (search, &child, flip (repeat))
                           : -exhaustive (search, &child, flip (repeat));
      best = MAX (best, value);
    }
  search->length--;
  return best;
}

static int
exhaustive_fresh (Exhaustive            *search,
                  const CongkakPosition *position,
                  RepeatValue            repeat)
{
  g_autofree char *board = test_position_to_string (position);
  g_autofree char *key = g_strdup_printf ("%d:%s", repeat, board);
  gpointer found;
  CongkakPosition saved[MAX_LINE];
  guint saved_length = search->length;
  int value;

  if (g_hash_table_lookup_extended (search->memo, key, NULL, &found))
    return GPOINTER_TO_INT (found);
  memcpy (saved, search->line, saved_length * sizeof *saved);
  search->length = 0;
  value = exhaustive (search, position, repeat);
  memcpy (search->line, saved, saved_length * sizeof *saved);
  search->length = saved_length;
  if (!search->given_up)
    g_hash_table_insert (search->memo, g_steal_pointer (&key), GINT_TO_POINTER (value));
  return value;
}

/* A position of @seeds seeds spread at random over the board, South to
 * move, nothing captured yet. */
static void
random_position (GRand              *rand,
                 const CongkakRules *rules,
                 guint               seeds,
                 CongkakPosition    *position)
{
  memset (position, 0, sizeof *position);
  position->n_holes = rules->holes;
  position->to_move = CONGKAK_SOUTH;
  for (guint s = 0; s < seeds; s++)
    {
      guint place = (guint) g_rand_int_range (rand, 0, 2 * rules->holes);

      position->holes[place / rules->holes][place % rules->holes]++;
    }
}

/* The holes of the player to move, then the opponent's, 4 bits each. */
static guint64
pack (const CongkakPosition *position)
{
  CongkakSide me = position->to_move;
  guint64 key = 0;

  for (guint i = 0; i < position->n_holes; i++)
    {
      key = key << 4 | position->holes[me][i];
      key = key << 4 | position->holes[CONGKAK_OTHER_SIDE (me)][i];
    }
  return key;
}

typedef struct
{
  CongkakPosition position;
  int             lower;
  int             upper;
} Reference;

/* Appends every position of @left more seeds, spread over the holes from
 * @place on, South to move. */
static void
add_positions (GArray          *positions,
               CongkakPosition *position,
               guint            place,
               guint            left)
{
  guint n = position->n_holes;

  if (place == 2 * n - 1)
    {
      Reference reference = { .position = *position };

      reference.position.holes[CONGKAK_NORTH][n - 1] = (guint16) left;
      g_array_append_val (positions, reference);
      return;
    }
  for (guint c = 0; c <= left; c++)
    {
      position->holes[place / n][place % n] = (guint16) c;
      add_positions (positions, position, place + 1, left - c);
    }
  position->holes[place / n][place % n] = 0;
}

/* The two bounds of every position of up to @max_seeds seeds, in a
 * table by pack(), computed the plain way: every count from 0 up, the
 * moves played by the engine, all positions valued again from their
 * children's last values (starting from −seeds and seeds) until nothing
 * changes. */
static GHashTable *
reference_bounds (const CongkakRules *rules,
                  guint               max_seeds)
{
  GHashTable *table = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);

  for (guint seeds = 0; seeds <= max_seeds; seeds++)
    {
      g_autoptr (GArray) positions = g_array_new (FALSE, FALSE, sizeof (Reference));
      g_autoptr (GHashTable) count = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      CongkakPosition empty = { .n_holes = rules->holes, .to_move = CONGKAK_SOUTH };
      gboolean changed = TRUE;

      add_positions (positions, &empty, 0, seeds);
      for (guint i = 0; i < positions->len; i++)
        {
          Reference *reference = &g_array_index (positions, Reference, i);
          guint64 *key = g_new (guint64, 1);

          reference->lower = -(int) seeds;
          reference->upper = (int) seeds;
          *key = pack (&reference->position);
          g_hash_table_insert (count, key, GUINT_TO_POINTER (i));
        }

      while (changed)
        {
          g_autofree int *lower = g_new (int, positions->len);
          g_autofree int *upper = g_new (int, positions->len);

          changed = FALSE;
          for (guint i = 0; i < positions->len; i++)
            {
              const Reference *reference = &g_array_index (positions, Reference, i);
              const CongkakPosition *position = &reference->position;
              CongkakState state = { .position = *position, .phase = CONGKAK_PHASE_PLAYING };
              guint8 holes[CONGKAK_MAX_HOLES];
              guint n = congkak_state_legal_moves (&state, rules, holes);

              lower[i] = upper[i] = G_MININT;
              if (congkak_position_side_seeds (position, CONGKAK_SOUTH) == 0)
                lower[i] = upper[i] = -(int) seeds;
              else if (n == 0)
                lower[i] = upper[i] = (int) seeds;
              for (guint m = 0; m < n; m++)
                {
                  CongkakPosition child = *position;
                  const Reference *next;
                  gpointer at;
                  guint64 key;
                  int captured;

                  congkak_position_sow_fast (&child, rules, holes[m]);
                  captured = child.store[CONGKAK_SOUTH];
                  key = pack (&child);
                  /* At this count, or one solved before. */
                  if (g_hash_table_lookup_extended (count, &key, NULL, &at))
                    next = &g_array_index (positions, Reference, GPOINTER_TO_UINT (at));
                  else
                    next = g_hash_table_lookup (table, &key);
                  g_assert_nonnull (next);
                  lower[i] = MAX (lower[i], captured - next->upper);
                  upper[i] = MAX (upper[i], captured - next->lower);
                }
            }
          for (guint i = 0; i < positions->len; i++)
            {
              Reference *reference = &g_array_index (positions, Reference, i);

              changed |= reference->lower != lower[i] || reference->upper != upper[i];
              reference->lower = lower[i];
              reference->upper = upper[i];
            }
        }
      for (guint i = 0; i < positions->len; i++)
        {
          Reference *reference = &g_array_index (positions, Reference, i);
          guint64 key = pack (&reference->position);

          g_hash_table_insert (table, g_memdup2 (&key, sizeof key), g_memdup2 (reference, sizeof *reference));
        }
    }
  return table;
}

/* Every position of up to @max_seeds seeds has the bounds computed the
 * plain way; on random positions of up to @search_seeds seeds, an
 * exhaustive search that follows the rule of repetition lies between
 * them, and equals the value where they meet. */
static void
check_against_search (const char *grand_slam,
                      guint       max_seeds,
                      guint       search_seeds,
                      guint       n_positions,
                      guint32     seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakOwareEndgame) endgame = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree Exhaustive *search = g_new0 (Exhaustive, 1);
  g_autoptr (GHashTable) memo = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) reference = NULL;
  GHashTableIter iter;
  gpointer value_pointer;
  guint exact = 0, open = 0, given_up = 0;
  CongkakRules rules;

  test_rules (&rules, "oware", grand_slam, NULL);
  endgame = congkak_oware_endgame_open (&rules, max_seeds, NULL, 2, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_oware_endgame_matches (endgame, &rules));

  reference = reference_bounds (&rules, max_seeds);
  g_assert_cmpuint (g_hash_table_size (reference), ==, congkak_oware_endgame_get_positions (endgame));
  g_hash_table_iter_init (&iter, reference);
  while (g_hash_table_iter_next (&iter, NULL, &value_pointer))
    {
      const Reference *expected = value_pointer;
      guint8 own[CONGKAK_MAX_HOLES], other[CONGKAK_MAX_HOLES];
      int lower, upper;

      for (guint h = 0; h < rules.holes; h++)
        {
          own[h] = (guint8) expected->position.holes[CONGKAK_SOUTH][h];
          other[h] = (guint8) expected->position.holes[CONGKAK_NORTH][h];
        }
      g_assert_true (congkak_oware_endgame_probe_bounds (endgame, own, other, &lower, &upper));
      g_assert_cmpint (lower, ==, expected->lower);
      g_assert_cmpint (upper, ==, expected->upper);
      if (lower == upper)
        exact++;
      else
        open++;
    }
  g_test_message ("%s, up to %u seeds: %u positions exact, %u depending on repetition",
                  grand_slam, max_seeds, exact, open);
  /* Both kinds were met, so both were checked. */
  g_assert_cmpuint (exact, >, 0);
  g_assert_cmpuint (open, >, 0);

  search->rules = &rules;
  search->memo = memo;
  search->budget = 40000;
  exact = open = 0;
  for (guint i = 0; i < n_positions; i++)
    {
      CongkakPosition position;
      guint8 own[CONGKAK_MAX_HOLES], other[CONGKAK_MAX_HOLES];
      int lower, upper, value, by_rule, lost, won, repeated = 0;

      random_position (rand, &rules, 1 + i % search_seeds, &position);
      for (guint h = 0; h < rules.holes; h++)
        {
          own[h] = (guint8) position.holes[CONGKAK_SOUTH][h];
          other[h] = (guint8) position.holes[CONGKAK_NORTH][h];
          repeated += own[h] - other[h];
        }
      g_assert_true (congkak_oware_endgame_probe_bounds (endgame, own, other, &lower, &upper));
      g_assert_true (congkak_oware_endgame_probe (endgame, own, other, &value));

      search->nodes = 0;
      search->given_up = FALSE;
      lost = exhaustive_fresh (search, &position, REPEAT_LOSES);
      won = exhaustive_fresh (search, &position, REPEAT_WINS);
      by_rule = exhaustive_fresh (search, &position, REPEAT_BY_RULE);
      if (search->given_up)
        {
          given_up++;
          continue;
        }
      /* The bounds are the values with every repetition lost, or won, by
       * whoever is to move at it; the rule's value lies between them. */
      g_assert_cmpint (lower, ==, lost);
      g_assert_cmpint (upper, ==, won);
      g_assert_cmpint (lower, <=, by_rule);
      g_assert_cmpint (by_rule, <=, upper);
      if (lower == upper)
        {
          g_assert_cmpint (value, ==, by_rule);
          exact++;
        }
      else
        {
          g_assert_cmpint (value, ==, CLAMP (repeated, lower, upper));
          open++;
        }
    }
  g_test_message ("searched: %u positions exact, %u depending on repetition, %u given up",
                  exact, open, given_up);
  g_assert_cmpuint (exact, >, n_positions / 4);
  g_assert_cmpuint (open, >, 0);

  /* Past what it covers it says so. */
  {
    guint8 own[CONGKAK_MAX_HOLES] = { max_seeds }, other[CONGKAK_MAX_HOLES] = { 1 };
    int value;

    g_assert_false (congkak_oware_endgame_probe (endgame, own, other, &value));
  }
}

static void
test_against_search (void)
{
  check_against_search ("grand-slam=no-capture", 6, 4, 200, 25);
}

static void
test_against_search_grand_slam (void)
{
  check_against_search ("grand-slam=capture", 6, 4, 200, 26);
}

/* Built, saved and read back, the grand slam option in its name; a
 * damaged file is built again. */
static void
test_cache (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("congkak-oware-endgame-XXXXXX", &error);
  g_autoptr (CongkakOwareEndgame) built = NULL;
  g_autoptr (CongkakOwareEndgame) again = NULL;
  g_autoptr (CongkakOwareEndgame) other = NULL;
  g_autofree char *contents = NULL;
  CongkakRules rules, capture;
  gsize length;

  g_assert_no_error (error);
  test_rules (&rules, "oware", NULL);
  test_rules (&capture, "oware", "grand-slam=capture", NULL);

  built = congkak_oware_endgame_open (&rules, 6, dir, 2, &error);
  g_assert_no_error (error);
  g_assert_false (congkak_oware_endgame_was_loaded (built));
  g_assert_null (congkak_oware_endgame_get_save_error (built));
  /* Positions of 0 to 6 seeds in 12 holes: C(18, 12). */
  g_assert_cmpuint (congkak_oware_endgame_get_positions (built), ==, 18564);
  g_assert_cmpuint (congkak_oware_endgame_count_positions (&rules, 6), ==, 18564);
  g_assert_true (g_file_get_contents (congkak_oware_endgame_get_path (built), &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, congkak_oware_endgame_get_bytes (built));

  again = congkak_oware_endgame_open (&rules, 6, dir, 1, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_oware_endgame_was_loaded (again));
  g_assert_cmpstr (congkak_oware_endgame_get_path (again), ==, congkak_oware_endgame_get_path (built));
  g_clear_pointer (&again, congkak_oware_endgame_free);

  /* The other grand slam rule is another database. */
  other = congkak_oware_endgame_open (&capture, 6, dir, 1, &error);
  g_assert_no_error (error);
  g_assert_false (congkak_oware_endgame_was_loaded (other));
  g_assert_cmpstr (congkak_oware_endgame_get_path (other), !=, congkak_oware_endgame_get_path (built));
  g_assert_false (congkak_oware_endgame_matches (other, &rules));
  g_assert_true (congkak_oware_endgame_matches (other, &capture));

  /* One value changed: the checksum no longer matches. */
  contents[length - 1] ^= 1;
  g_assert_true (g_file_set_contents (congkak_oware_endgame_get_path (built), contents, length, &error));
  g_assert_no_error (error);
  again = congkak_oware_endgame_open (&rules, 6, dir, 1, &error);
  g_assert_no_error (error);
  g_assert_false (congkak_oware_endgame_was_loaded (again));
  g_clear_pointer (&again, congkak_oware_endgame_free);

  /* Not for a store game. */
  {
    CongkakRules kalah;

    test_rules (&kalah, "kalah", NULL);
    g_assert_null (congkak_oware_endgame_open (&kalah, 4, NULL, 1, &error));
    g_assert_error (error, CONGKAK_ENDGAME_ERROR, CONGKAK_ENDGAME_ERROR_NOT_APPLICABLE);
    g_clear_error (&error);
  }
  test_remove_tree (dir);
}

/* The search reads the positions whose value the database knows in place
 * of searching them: below the root, nothing further. */
static void
test_search_reads_it (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakOwareEndgame) endgame = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (27);
  CongkakRules rules;
  guint checked = 0;

  test_rules (&rules, "oware", NULL);
  endgame = congkak_oware_endgame_open (&rules, 8, NULL, 2, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 40; i++)
    {
      g_autoptr (CongkakSearch) with_endgame = congkak_search_new (&rules, 1);
      CongkakPosition position;
      CongkakState state;
      guint8 holes[CONGKAK_MAX_HOLES];
      guint8 hole;
      guint64 nodes;
      int score, expected = G_MININT;
      gboolean ended = FALSE;
      guint n;

      random_position (rand, &rules, 6, &position);
      /* Far from half the seeds, so that no move ends the game. */
      position.store[CONGKAK_SOUTH] = position.store[CONGKAK_NORTH] = 20;
      if (!congkak_state_init_from_position (&state, &rules, &position, NULL))
        continue;
      n = congkak_state_legal_moves (&state, &rules, holes);
      for (guint m = 0; m < n; m++)
        {
          CongkakState child = state;
          CongkakSide me = state.position.to_move;
          guint8 own[CONGKAK_MAX_HOLES], other[CONGKAK_MAX_HOLES];
          int value, upper;

          congkak_state_play_fast (&child, &rules, holes[m]);
          if (child.phase != CONGKAK_PHASE_PLAYING)
            {
              ended = TRUE;
              break;
            }
          for (guint h = 0; h < rules.holes; h++)
            {
              own[h] = (guint8) child.position.holes[CONGKAK_OTHER_SIDE (me)][h];
              other[h] = (guint8) child.position.holes[me][h];
            }
          g_assert_true (congkak_oware_endgame_probe_bounds (endgame, own, other, &value, &upper));
          /* The search goes on below a position whose value depends on
           * repetition. */
          if (value != upper)
            {
              ended = TRUE;
              break;
            }
          expected = MAX (expected, (int) child.position.store[me] - (int) position.store[me] - value);
        }
      /* A move ended the game or leads where repetition matters, or the
       * position had none. */
      if (ended || n == 0)
        continue;

      congkak_search_set_oware_endgame (with_endgame, endgame);
      g_assert_true (congkak_search_best_move (with_endgame, &state, 12, 0, &hole, &score, &nodes));
      g_assert_cmpint (score, ==, expected);
      /* Every depth looks at the root and its children only. */
      g_assert_cmpuint (nodes, <=, 12 * (1 + CONGKAK_MAX_HOLES));
      checked++;
    }
  g_assert_cmpuint (checked, >=, 10);
}

/* Two shelves each have their own databases; a shelf keeps each database
 * it made until it goes, another rules' included. */
static void
test_shelves (void)
{
  g_autoptr (CongkakOwareEndgameShelf) six = congkak_oware_endgame_shelf_new (6, NULL);
  g_autoptr (CongkakOwareEndgameShelf) four = congkak_oware_endgame_shelf_new (4, NULL);
  g_autoptr (CongkakOwareEndgameShelf) none = congkak_oware_endgame_shelf_new (0, NULL);
  const CongkakOwareEndgame *of_six, *of_four, *of_capture;
  const guint8 own[6] = { 0, 0, 0, 0, 1, 1 };
  const guint8 other[6] = { 1, 0, 0, 0, 0, 0 };
  CongkakRules rules, capture, kalah;
  int value;

  test_rules (&rules, "oware", NULL);
  test_rules (&capture, "oware", "grand-slam=capture", NULL);
  test_rules (&kalah, "kalah", NULL);

  g_assert_null (congkak_oware_endgame_shelf_get_ready (six, &rules));
  of_six = congkak_oware_endgame_shelf_wait (six, &rules);
  g_assert_nonnull (of_six);
  g_assert_true (congkak_oware_endgame_shelf_get_ready (six, &rules) == of_six);
  g_assert_null (congkak_oware_endgame_shelf_get_ready (four, &rules));
  of_four = congkak_oware_endgame_shelf_wait (four, &rules);
  g_assert_true (of_four != of_six);
  g_assert_cmpuint (congkak_oware_endgame_get_max_seeds (of_six), ==, 6);
  g_assert_cmpuint (congkak_oware_endgame_get_max_seeds (of_four), ==, 4);

  /* Other rules: another database, the first one still there. */
  congkak_oware_endgame_shelf_prepare (six, &capture);
  of_capture = congkak_oware_endgame_shelf_wait (six, &capture);
  g_assert_nonnull (of_capture);
  g_assert_true (of_capture != of_six);
  g_assert_true (congkak_oware_endgame_matches (of_capture, &capture));
  g_assert_true (congkak_oware_endgame_shelf_get_ready (six, &rules) == of_six);
  g_assert_true (congkak_oware_endgame_matches (of_six, &rules));

  /* One shelf gone, the other's databases stay. */
  g_clear_pointer (&four, congkak_oware_endgame_shelf_unref);
  g_assert_true (congkak_oware_endgame_probe (of_six, own, other, &value));

  /* None for store games, nor on a shelf of 0 seeds. */
  g_assert_null (congkak_oware_endgame_shelf_wait (six, &kalah));
  g_assert_null (congkak_oware_endgame_shelf_wait (none, &rules));
}

/* The last reference to a shelf goes while it builds a database: it stops
 * the build and waits for its thread (valgrind and the sanitizers see a
 * thread left writing to it). */
static void
test_shelf_freed_while_building (void)
{
  CongkakRules rules, capture;

  test_rules (&rules, "oware", NULL);
  test_rules (&capture, "oware", "grand-slam=capture", NULL);
  for (guint seeds = 6; seeds <= 12; seeds += 6)
    {
      CongkakOwareEndgameShelf *shelf = congkak_oware_endgame_shelf_new (seeds, NULL);

      congkak_oware_endgame_shelf_prepare (shelf, &rules);
      congkak_oware_endgame_shelf_prepare (shelf, &capture);
      congkak_oware_endgame_shelf_unref (shelf);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/oware-endgame/against-search", test_against_search);
  g_test_add_func ("/engine/oware-endgame/against-search-grand-slam", test_against_search_grand_slam);
  g_test_add_func ("/engine/oware-endgame/cache", test_cache);
  g_test_add_func ("/engine/oware-endgame/search-reads-it", test_search_reads_it);
  g_test_add_func ("/engine/oware-endgame/shelves", test_shelves);
  g_test_add_func ("/engine/oware-endgame/shelf-freed-while-building", test_shelf_freed_while_building);
  return g_test_run ();
}
