/* congkak-search.c — alpha-beta search for a computer player, and an exact solver
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Values.  Every node is valued from the point of view of the player to move
 * there, as the *gain still to come*: the final store margin (mover's store
 * minus opponent's store at the end of the round) minus the margin now.  A
 * move that gives the same player another move (an extra turn, or the
 * opponent passing) adds the child's value; a move that hands the turn to
 * the opponent subtracts it.  Only a change of mover negates.
 *
 * Because the value is a gain, it depends on the holes and the player to
 * move but not on the stores (as long as the rules never look at the
 * stores to end a round), so the transposition table keys on the position
 * with its stores cleared: positions that differ only in the stores share
 * one entry.  Every entry holds the whole key position, so a hash collision
 * can never be taken for a hit.
 *
 * The search stays within the current round: a round end is a leaf, worth
 * what the stores gained on the way.  A subtree searched to the round end
 * everywhere is marked exact in the table and is good for any depth; the
 * solver is the same search without a depth limit, driven by MTD(f) with
 * null windows.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "congkak-game.h"
#include "congkak-search.h"

G_DEFINE_QUARK (congkak-search-error-quark, congkak_search_error)

#define VALUE_INFINITY 30000
#define DEPTH_UNLIMITED G_MAXINT
#define ENTRY_EXACT_DEPTH 255
#define NO_MOVE 0xff
#define TIME_CHECK_NODES 4096

typedef struct
{
  CongkakPosition key;
  gint16          lower;
  gint16          upper;
  guint8          depth;  /* ENTRY_EXACT_DEPTH: searched to the round end */
  guint8          move;   /* best or refuting hole, NO_MOVE if none */
  guint8          work;   /* log2 of the nodes below, for replacement */
  guint8          generation;  /* the search that wrote it; 0: never written */
} Entry;

/* Slot 0 keeps the entry that cost the most to compute; slot 1 takes
 * whatever slot 0 turns away. */
typedef struct
{
  Entry slot[2];
} Bucket;

struct _CongkakSearch
{
  CongkakRules rules;
  Bucket      *table;
  gsize        n_buckets;   /* a power of two */
  gboolean     key_stores;  /* the rules read the stores: keep them in the key */
  guint8       generation;  /* of the current search; older entries are empty */

  /* One search */
  guint64      nodes;
  gint64       deadline;    /* monotonic µs, 0 for none */
  gboolean     aborted;
  guint8       root_move;
  guint        depth_done;
  gboolean     exact;
};

typedef struct
{
  CongkakState state;
  int          gain;     /* the mover's margin change made by this move */
  guint8       hole;
  gboolean     same;     /* the same player moves next */
  gboolean     over;     /* the round is over */
  int          order;
} Child;

/**
 * congkak_search_new:
 * @rules: the rules every searched state follows
 * @table_mb: size of the transposition table in MiB, 0 for the default
 *
 * Returns: (transfer full): a search object; one per thread.
 */
CongkakSearch *
congkak_search_new (const CongkakRules *rules,
                    gsize               table_mb)
{
  CongkakSearch *search;
  gsize bytes;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (table_mb <= 64 * 1024, NULL);

  if (table_mb == 0)
    table_mb = CONGKAK_SEARCH_DEFAULT_TABLE_MB;
  bytes = table_mb * 1024 * 1024;

  search = g_new0 (CongkakSearch, 1);
  search->rules = *rules;
  search->n_buckets = 1;
  while (search->n_buckets * 2 * sizeof (Bucket) <= bytes)
    search->n_buckets *= 2;
  search->table = g_new0 (Bucket, search->n_buckets);
  search->key_stores = rules->family == CONGKAK_FAMILY_OWARE
                       || (rules->multi_round && rules->stop_when_decided);
  return search;
}

void
congkak_search_free (CongkakSearch *search)
{
  if (search == NULL)
    return;
  g_free (search->table);
  g_free (search);
}

const CongkakRules *
congkak_search_get_rules (const CongkakSearch *search)
{
  g_return_val_if_fail (search != NULL, NULL);

  return &search->rules;
}

/* Empties the table for a new search: entries of other generations count
 * as empty, so the memory is only wiped once every 255 searches. */
static void
clear_table (CongkakSearch *search)
{
  if (search->generation == G_MAXUINT8)
    {
      memset (search->table, 0, search->n_buckets * sizeof (Bucket));
      search->generation = 0;
    }
  search->generation++;
}

static inline gboolean
entry_used (const CongkakSearch *search,
            const Entry         *entry)
{
  return entry->generation == search->generation;
}

static inline void
make_key (const CongkakSearch   *search,
          const CongkakPosition *position,
          CongkakPosition       *key)
{
  *key = *position;
  if (!search->key_stores)
    key->store[0] = key->store[1] = 0;
}

static inline Entry *
probe (CongkakSearch         *search,
       const CongkakPosition *key)
{
  Bucket *bucket = &search->table[congkak_position_hash (key) & (search->n_buckets - 1)];

  for (guint i = 0; i < 2; i++)
    if (entry_used (search, &bucket->slot[i]) && memcmp (&bucket->slot[i].key, key, sizeof *key) == 0)
      return &bucket->slot[i];
  return NULL;
}

static inline guint8
log2_work (guint64 nodes)
{
  guint8 work = 0;

  while (nodes > 1)
    {
      nodes >>= 1;
      work++;
    }
  return work;
}

static void
store (CongkakSearch         *search,
       const CongkakPosition *key,
       int                    depth,
       gboolean               horizon,
       int                    value,
       int                    alpha,
       int                    beta,
       guint8                 move,
       guint64                work_nodes)
{
  Bucket *bucket = &search->table[congkak_position_hash (key) & (search->n_buckets - 1)];
  guint8 entry_depth = horizon ? (guint8) MIN (depth, ENTRY_EXACT_DEPTH - 1) : ENTRY_EXACT_DEPTH;
  guint8 work = log2_work (work_nodes);
  Entry *entry = NULL;
  int lower = -VALUE_INFINITY, upper = VALUE_INFINITY;

  if (value <= alpha)
    upper = value;
  else if (value >= beta)
    lower = value;
  else
    lower = upper = value;

  for (guint i = 0; i < 2; i++)
    if (entry_used (search, &bucket->slot[i]) && memcmp (&bucket->slot[i].key, key, sizeof *key) == 0)
      entry = &bucket->slot[i];

  if (entry != NULL && entry->depth == entry_depth)
    {
      /* The same search depth: tighten the bounds already known. */
      lower = MAX (lower, entry->lower);
      upper = MIN (upper, entry->upper);
      if (lower > upper)
        {
          /* Only a depth-limited search can be unstable like this. */
          lower = value <= alpha ? -VALUE_INFINITY : value;
          upper = value >= beta ? VALUE_INFINITY : value;
        }
      work = MAX (work, entry->work);
    }
  else if (entry != NULL && entry->depth > entry_depth)
    return;
  else if (entry == NULL)
    {
      if (!entry_used (search, &bucket->slot[0]) || work >= bucket->slot[0].work)
        {
          if (entry_used (search, &bucket->slot[0]))
            bucket->slot[1] = bucket->slot[0];
          entry = &bucket->slot[0];
        }
      else
        entry = &bucket->slot[1];
    }

  entry->key = *key;
  entry->lower = (gint16) lower;
  entry->upper = (gint16) upper;
  entry->depth = entry_depth;
  entry->move = move;
  entry->work = work;
  entry->generation = search->generation;
}

static inline int
margin (const CongkakPosition *position,
        CongkakSide            side)
{
  return (int) position->store[side] - (int) position->store[CONGKAK_OTHER_SIDE (side)];
}

/* The gain still to come, guessed at the horizon: seeds on a side tend to
 * end in that side's store when an empty side ends the round. */
static int
evaluate (const CongkakSearch *search,
          const CongkakState  *state)
{
  const CongkakPosition *position = &state->position;
  CongkakSide me = position->to_move;

  if (search->rules.family == CONGKAK_FAMILY_STORE
      && search->rules.empty_side == CONGKAK_EMPTY_SIDE_END_ROUND)
    return ((int) congkak_position_side_seeds (position, me)
            - (int) congkak_position_side_seeds (position, CONGKAK_OTHER_SIDE (me))) / 2;
  return 0;
}

static int
compare_children (gconstpointer a,
                  gconstpointer b)
{
  const Child *x = a;
  const Child *y = b;

  return y->order - x->order;
}

/* Plays every legal move once and puts the likely best first: the table's
 * move, extra turns (nearest the store first), then the biggest gains
 * (captures). */
static guint
expand (CongkakSearch      *search,
        const CongkakState *state,
        guint8              table_move,
        Child               children[CONGKAK_MAX_HOLES])
{
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n = congkak_state_legal_moves (state, &search->rules, holes);
  CongkakSide me = state->position.to_move;
  int before = margin (&state->position, me);

  for (guint i = 0; i < n; i++)
    {
      Child *child = &children[i];

      child->state = *state;
      congkak_state_play_fast (&child->state, &search->rules, holes[i]);
      child->hole = holes[i];
      child->gain = margin (&child->state.position, me) - before;
      child->over = child->state.phase != CONGKAK_PHASE_PLAYING;
      child->same = !child->over && child->state.position.to_move == me;
      if (holes[i] == table_move)
        child->order = 100000;
      else if (child->same)
        child->order = 50000 + child->gain * 16 + holes[i];
      else
        child->order = child->gain * 16 + holes[i];
    }
  /* Stable enough: orders are distinct (the hole is in them). */
  qsort (children, n, sizeof *children, compare_children);
  return n;
}

static gboolean
out_of_time (CongkakSearch *search)
{
  if (search->aborted)
    return TRUE;
  if (search->deadline != 0 && search->nodes % TIME_CHECK_NODES == 0
      && g_get_monotonic_time () >= search->deadline)
    search->aborted = TRUE;
  return search->aborted;
}

/* Fail-soft negamax over gains.  @horizon is set when the value depends on
 * a position cut off by the depth limit. */
static int
negamax (CongkakSearch      *search,
         const CongkakState *state,
         int                 depth,
         int                 alpha,
         int                 beta,
         guint               ply,
         gboolean           *horizon)
{
  Child children[CONGKAK_MAX_HOLES];
  CongkakPosition key;
  Entry *entry;
  guint8 table_move = NO_MOVE, best_move = NO_MOVE;
  int best = -VALUE_INFINITY;
  int remaining;
  int original_alpha = alpha;
  int original_beta = beta;
  guint64 nodes_before = search->nodes;
  gboolean deep = FALSE;
  guint n;

  search->nodes++;
  *horizon = FALSE;
  if (out_of_time (search))
    return 0;

  if (depth == 0)
    {
      *horizon = TRUE;
      return evaluate (search, state);
    }

  /* What is still on the board is all anyone can gain or lose. */
  remaining = (int) congkak_position_side_seeds (&state->position, CONGKAK_SOUTH)
              + (int) congkak_position_side_seeds (&state->position, CONGKAK_NORTH);
  if (search->rules.family == CONGKAK_FAMILY_STORE)
    {
      if (remaining <= alpha)
        return remaining;
      if (-remaining >= beta)
        return -remaining;
      /* Kept one wider than the bound, so that the window never closes. */
      alpha = MAX (alpha, -remaining - 1);
      beta = MIN (beta, remaining + 1);
    }

  make_key (search, &state->position, &key);
  entry = probe (search, &key);
  if (entry != NULL)
    {
      table_move = entry->move;
      if ((entry->depth >= depth || entry->depth == ENTRY_EXACT_DEPTH)
          && entry->lower <= entry->upper)
        {
          gboolean entry_horizon = entry->depth != ENTRY_EXACT_DEPTH;

          if (entry->lower >= beta)
            {
              *horizon = entry_horizon;
              if (ply == 0)
                search->root_move = entry->move;
              return entry->lower;
            }
          if (entry->upper <= alpha)
            {
              *horizon = entry_horizon;
              if (ply == 0)
                search->root_move = entry->move;
              return entry->upper;
            }
          if (entry->lower == entry->upper)
            {
              if (ply > 0)
                {
                  *horizon = entry_horizon;
                  return entry->lower;
                }
              /* The root still wants its move: search just around it. */
              alpha = entry->lower - 1;
              beta = entry->lower + 1;
            }
          else
            {
              alpha = MAX (alpha, entry->lower);
              beta = MIN (beta, entry->upper);
            }
          deep = entry_horizon;
        }
    }
  /* Bounds read from the table are what the stored value means too. */
  original_alpha = alpha;
  original_beta = beta;
  *horizon = deep;

  n = expand (search, state, table_move, children);
  for (guint i = 0; i < n; i++)
    {
      Child *child = &children[i];
      gboolean child_horizon = FALSE;
      int value;

      if (child->over)
        value = child->gain;
      else if (child->same)
        value = child->gain + negamax (search, &child->state,
                                       depth == DEPTH_UNLIMITED ? depth : depth - 1,
                                       alpha - child->gain, beta - child->gain,
                                       ply + 1, &child_horizon);
      else
        value = child->gain - negamax (search, &child->state,
                                       depth == DEPTH_UNLIMITED ? depth : depth - 1,
                                       child->gain - beta, child->gain - alpha,
                                       ply + 1, &child_horizon);
      if (search->aborted)
        return 0;

      *horizon |= child_horizon;
      if (value > best)
        {
          best = value;
          best_move = child->hole;
        }
      if (best > alpha)
        alpha = best;
      if (best >= beta)
        break;
    }

  if (ply == 0)
    search->root_move = best_move;
  store (search, &key, depth, *horizon, best, original_alpha, original_beta,
         best_move, search->nodes - nodes_before);
  return best;
}

/**
 * congkak_search_best_move:
 * @state: a state in normal play (not an opening, not between rounds)
 * @max_depth: the deepest search in moves (an extra turn is a move), 0 for
 *   no limit
 * @max_seconds: stop deepening after this long, 0 for no limit; the move
 *   then comes from the deepest search finished, so only a search without
 *   a time limit is sure to be reproducible
 * @hole: (out) (optional): the move found
 * @score: (out) (optional): the final store margin the search expects for
 *   the player to move (exact if congkak_search_is_exact() says so)
 * @nodes: (out) (optional): positions visited
 *
 * Iterative-deepening alpha-beta within the current round.  Each call starts
 * from an empty table, so the same call gives the same answer.
 *
 * Returns: %FALSE if @state has no move to search.
 */
gboolean
congkak_search_best_move (CongkakSearch      *search,
                          const CongkakState *state,
                          guint               max_depth,
                          double              max_seconds,
                          guint8             *hole,
                          int                *score,
                          guint64            *nodes)
{
  guint8 legal[CONGKAK_MAX_HOLES];
  guint8 best_hole;
  int best_value = 0;
  gint64 start = g_get_monotonic_time ();

  g_return_val_if_fail (search != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (max_seconds >= 0, FALSE);

  search->nodes = 0;
  search->aborted = FALSE;
  search->depth_done = 0;
  search->exact = FALSE;
  if (congkak_state_legal_moves (state, &search->rules, legal) == 0)
    return FALSE;

  clear_table (search);
  best_hole = legal[0];
  for (guint depth = 1; max_depth == 0 || depth <= max_depth; depth++)
    {
      gboolean horizon = FALSE;
      int value;

      /* The first depth always finishes, so there is a move to give. */
      search->deadline = depth > 1 && max_seconds > 0
                         ? start + (gint64) (max_seconds * G_USEC_PER_SEC) : 0;
      value = negamax (search, state, (int) depth, -VALUE_INFINITY, VALUE_INFINITY, 0, &horizon);
      if (search->aborted)
        break;

      best_value = value;
      best_hole = search->root_move;
      search->depth_done = depth;
      if (!horizon)
        {
          search->exact = TRUE;
          break;
        }
      if (depth == 254 || (max_seconds > 0 && g_get_monotonic_time () - start >= max_seconds * G_USEC_PER_SEC))
        break;
    }

  if (hole)
    *hole = best_hole;
  if (score)
    *score = margin (&state->position, state->position.to_move) + best_value;
  if (nodes)
    *nodes = search->nodes;
  return TRUE;
}

/**
 * congkak_search_get_depth:
 *
 * Returns: the deepest search the last congkak_search_best_move() finished.
 */
guint
congkak_search_get_depth (const CongkakSearch *search)
{
  g_return_val_if_fail (search != NULL, 0);

  return search->depth_done;
}

/**
 * congkak_search_is_exact:
 *
 * Returns: whether the last congkak_search_best_move() saw every line to
 * the round end, so that its score is the exact value.
 */
gboolean
congkak_search_is_exact (const CongkakSearch *search)
{
  g_return_val_if_fail (search != NULL, FALSE);

  return search->exact;
}

/**
 * congkak_search_can_solve:
 *
 * The solver covers single-round store games (Kalah, congkak-single and
 * custom rules like them) without a simultaneous opening.
 */
gboolean
congkak_search_can_solve (const CongkakRules  *rules,
                          GError             **error)
{
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (rules->family != CONGKAK_FAMILY_STORE)
    {
      g_set_error_literal (error, CONGKAK_SEARCH_ERROR, CONGKAK_SEARCH_ERROR_NOT_SOLVABLE,
                           _("The solver covers single-round store games only, not Oware."));
      return FALSE;
    }
  if (rules->multi_round)
    {
      g_set_error_literal (error, CONGKAK_SEARCH_ERROR, CONGKAK_SEARCH_ERROR_NOT_SOLVABLE,
                           _("The solver covers single-round store games only (rounds=single)."));
      return FALSE;
    }
  if (rules->simultaneous_opening)
    {
      g_set_error_literal (error, CONGKAK_SEARCH_ERROR, CONGKAK_SEARCH_ERROR_NOT_SOLVABLE,
                           _("The solver does not cover the simultaneous opening (simultaneous-opening=off)."));
      return FALSE;
    }
  return TRUE;
}

/* Whether the gain from @state is at least @target (a null-window test). */
static gboolean
at_least (CongkakSearch      *search,
          const CongkakState *state,
          int                 target)
{
  gboolean horizon;

  return negamax (search, state, DEPTH_UNLIMITED, target - 1, target, 1, &horizon) >= target;
}

/* Follows moves that keep the value, from the warm table, to the round end. */
static void
append_best_line (CongkakSearch      *search,
                  const CongkakState *start,
                  int                 value,
                  GPtrArray          *best_line)
{
  CongkakState state = *start;

  while (state.phase == CONGKAK_PHASE_PLAYING)
    {
      Child children[CONGKAK_MAX_HOLES];
      const Child *chosen = NULL;
      Entry *entry;
      CongkakPosition key;
      CongkakMove move = { .kind = CONGKAK_MOVE_SOW };
      guint n;

      make_key (search, &state.position, &key);
      entry = probe (search, &key);
      n = expand (search, &state, entry ? entry->move : NO_MOVE, children);
      for (guint i = 0; i < n && chosen == NULL; i++)
        {
          const Child *child = &children[i];

          if (child->over ? child->gain == value
              : child->same ? at_least (search, &child->state, value - child->gain)
              : !at_least (search, &child->state, child->gain - value + 1))
            chosen = child;
        }
      g_assert (chosen != NULL);

      move.side = state.position.to_move;
      move.hole = chosen->hole;
      g_ptr_array_add (best_line, congkak_move_to_string (&move));
      value = chosen->same ? value - chosen->gain : chosen->gain - value;
      state = chosen->state;
    }
}

/**
 * congkak_search_solve:
 * @state: a state in normal play, under rules congkak_search_can_solve()
 *   accepts
 * @best_line: (nullable) (element-type utf8): where to append the moves of a
 *   best line to the round end, in notation (`C`, `c`), as new strings
 * @nodes: (out) (optional): positions visited
 *
 * Solves the round exactly: MTD(f) null-window alpha-beta over the whole
 * game tree, with the table keeping lower and upper bounds.
 *
 * Returns: the final store margin (own store minus the opponent's at the
 * end of the round) that the player to move can force.
 */
int
congkak_search_solve (CongkakSearch      *search,
                      const CongkakState *state,
                      GPtrArray          *best_line,
                      guint64            *nodes)
{
  int lower = -VALUE_INFINITY, upper = VALUE_INFINITY;
  int guess = 0;

  g_return_val_if_fail (search != NULL, 0);
  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (congkak_search_can_solve (&search->rules, NULL), 0);
  g_return_val_if_fail (state->phase == CONGKAK_PHASE_PLAYING, 0);

  clear_table (search);
  search->nodes = 0;
  search->aborted = FALSE;
  search->deadline = 0;

  while (lower < upper)
    {
      int beta = guess == lower ? guess + 1 : guess;
      gboolean horizon;

      guess = negamax (search, state, DEPTH_UNLIMITED, beta - 1, beta, 0, &horizon);
      if (guess < beta)
        upper = guess;
      else
        lower = guess;
    }

  if (best_line)
    append_best_line (search, state, lower, best_line);
  if (nodes)
    *nodes = search->nodes;
  return margin (&state->position, state->position.to_move) + lower;
}
