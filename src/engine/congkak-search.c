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
 * what the stores gained on the way; in a multi-round match it is worth
 * its effect on the match instead (see "Evaluation" below).  A subtree searched to the round end
 * everywhere is marked exact in the table and is good for any depth; the
 * solver is the same search without a depth limit, driven by MTD(f) with
 * null windows.
 *
 * Evaluation.  Values are in seeds.  A round end is worth, to the player
 * to move before it, the store margin it leaves (own store minus the
 * opponent's) — in a single round game that is the whole story.  In a
 * multi-round match (RULES.md 4) a round's seeds matter through what they
 * do to the match:
 *  - a round end that ends the match is worth CONGKAK_SEARCH_MATCH_WIN
 *    plus the margin to the match winner, and minus that to the loser
 *    (a player who cannot fill min-holes holes has lost), so the search
 *    takes any line that wins the match and avoids any that loses it;
 *  - any other round end is worth the margin plus HOLE_WEIGHT(seeds) for
 *    every hole more than the opponent the stores will fill at the refill:
 *    a hole that cannot be filled is burnt for the next round, one hole
 *    less to move from and to capture into, which the margin alone does
 *    not count; the seeds left over in the store are safe but idle.
 *    (Measured: in 200 congkak matches of medium against medium, with and
 *    without this term, each side's share was 99 and 101 — no effect that
 *    shows at that depth; the match-end values are what matter.)
 * Such values are no longer gains that ignore the stores, so in multi-round
 * matches the table keys keep the stores, and the bound "no one gains more
 * than the seeds on the board" is not used.
 *
 * At the depth limit the rest of the round is guessed: the seeds still on
 * a side tend to end in that side's store (they go there when a side runs
 * empty), so the final stores are guessed as the stores now plus half the
 * seeds on the board each, shifted by a quarter of the difference between
 * the sides (a margin guess of half the difference).  A multi-round match
 * values that guessed round end as above, without the match-end bonus (a
 * guess is no proof).
 *
 * Oware's guess (congkak-oware-eval.c) is a weighted sum of cheap
 * features of the holes, from the point of view of the player to move,
 * each counted for both sides with a weight of its own (it is the mover's
 * turn, so the two are not mirror images): the seeds on each side; empty
 * holes and holes of 1 or 2 seeds (moves lost, and seeds that sowing turns
 * into 2 or 3 for the other to capture); holes big enough to lap the board
 * (a kroo, which can reach and capture a whole row late in the game);
 * moves that sow nothing into the other side (tempo: moves to wait with);
 * the most the mover can capture in one move now, and the most the
 * opponent could were it to move (read off the board without sowing,
 * unless the hand laps); and the seed difference scaled by how much has
 * been captured.  Strong Oware programs count much the same (Aalina:
 * empty holes, holes of 1–2 seeds and holes over 12, beside the
 * captures).  The weights were fitted by least squares (tools/oware-eval-fit)
 * to 54,000 positions of self-play (tools/oware-eval-data: games of a
 * depth-4 search with a random move one time in ten, after 2–8 random
 * moves), the target the mean of what a depth-9 search gives and what the
 * game's end gave, over three rounds, the first round's games played and
 * valued with the old guess, each later one's with the weights fitted
 * before it.  Measured against the old guess, a quarter of the difference
 * of the seeds on each side (README, "The Oware evaluation"): 33 wins, 3
 * draws, 4 losses in 40 games at 200 ms a move on the Oware path below,
 * 36–0–4 at 100,000 nodes a move, though a node costs about 30% more.
 * The sum is in hundredths of a seed (whole seeds, rounded, on the generic
 * path).  Easy and medium keep the old guess
 * (congkak_search_set_simple_evaluation()): the levels people have been
 * beating stay as they were.
 *
 * Oware.  Oware games of up to 255 seeds are searched on their own kernel
 * (congkak-oware-kernel-private.h): a byte board seen from the player to
 * move, each move written straight into the child's board, no CongkakState
 * copies and no events.  The values mean the same (gains of the player to
 * move) but are counted in hundredths of a seed, so the evaluation's
 * fractions order moves too; congkak_search_best_move(), its progress and
 * congkak_search_move_value() give them back in whole seeds, rounded (an
 * exact value is whole).  The table keys on a 64-bit hash of the board and
 * both players' captures, four 16-byte entries to a 64-byte bucket; an
 * entry keeps the key, not the board, so two positions would have to share
 * all 64 bits to be confused.  Each node tries the table's move before it
 * looks at the others, then captures (the biggest first), then the holes
 * with the fewest seeds; every move after the first is searched with a
 * null window first (principal-variation search), and each depth from the
 * second starts with a window of half a seed around the last depth's value
 * (aspiration), searched again in full when the value falls outside.  The
 * 6-hole game has its own instance of the node, with the kernel's loops
 * unrolled.  Like the generic search it does not look for repetitions: a
 * position does not know the game's history (congkak_search_prove_at_least()
 * does, for the proofs it makes).  Measured (README, "The computer player"):
 * 3.7–4.2 times fewer instructions a node than the generic search, and the
 * same exact values where both see every line to the end
 * (test-engine-search); the kernel plays every move as
 * congkak_state_play_fast() does (test-engine-properties).
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "congkak-game.h"
#include "congkak-oware-eval-private.h"
#include "congkak-oware-kernel-private.h"
#include "congkak-search-private.h"
#include "congkak-solver-private.h"

G_DEFINE_QUARK (congkak-search-error-quark, congkak_search_error)

#define VALUE_INFINITY 30000
#define DEPTH_UNLIMITED G_MAXINT
#define ENTRY_EXACT_DEPTH 255
#define NO_MOVE 0xff
#define TIME_CHECK_NODES 4096

#define OWARE_SCALE CONGKAK_OWARE_EVAL_SCALE
#define OWARE_BUCKET_SLOTS 4
/* Nodes this deep or more (and the root) use the table: a node one move
 * from the horizon costs less to search again than its table access
 * (measured: 0.6% more nodes, 13% less time to depth 14). */
#define OWARE_TABLE_DEPTH 2
#define OWARE_NEGAMAX(n_holes) ((n_holes) == 6 ? oware_negamax_6 : oware_negamax_any)
/* Half-width of the root's first window from the second depth on, in
 * hundredths; 0 for none. */
#define OWARE_ASPIRATION 50

/* Per hole more than the opponent at the next refill (see above). */
#define HOLE_WEIGHT(seeds) ((int) (seeds) / 2)

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

typedef struct _OwareBucket OwareBucket;

struct _CongkakSearch
{
  CongkakRules rules;
  gsize        table_bytes; /* what the caller gave, for this table or the solver's */
  Bucket      *table;       /* allocated when first needed; NULL while the solver has the memory */
  gsize        n_buckets;
  CongkakSolver *solver;    /* the kernel's exact solver, while it has the memory */
  CongkakEndgame *endgame;  /* nullable, for the solver */
  const CongkakOwareEndgame *oware_endgame;  /* nullable, kept alive by the caller */
  int          oware_endgame_seeds;  /* the most seeds it covers; -1 without one */
  guint        n_threads;   /* for the solver */
  gboolean     key_stores;  /* the rules read the stores: keep them in the key */
  gboolean     match_aware; /* multi-round store game: round ends valued by their effect on the match */
  gboolean     simple_evaluation; /* Oware: a quarter of the sides' difference, for easy and medium */
  guint        total_seeds; /* of the game, for the Oware evaluation */
  guint8       generation;  /* of the current search; older entries are empty */
  const gint  *cancel;      /* another thread sets it to stop the search */
  CongkakSearchProgressFunc progress;  /* nullable: told of each depth finished */
  gpointer     progress_data;
  guint64      max_nodes;   /* 0 for no limit */

  /* Oware on its kernel */
  gboolean     oware_kernel_allowed;
  gpointer     oware_memory; /* while it has the memory */
  OwareBucket *oware_table;  /* in it, at a 64-byte boundary */
  gsize        n_oware_buckets;
  guint8       oware_generation;
  CongkakOwareKernel oware;  /* of the current search */

  /* One search */
  guint64      nodes;
  guint64      node_limit;  /* 0 for none: max_nodes, once the first depth is done */
  gint64       deadline;    /* monotonic µs, 0 for none */
  gboolean     aborted;
  gboolean     cancelled;
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
 * The table takes @table_mb MiB exactly (the depth-limited search's and the
 * solver's alike, one at a time), allocated when a search first needs it.
 *
 * Returns: (transfer full): a search object; one per thread.
 */
CongkakSearch *
congkak_search_new (const CongkakRules *rules,
                    gsize               table_mb)
{
  CongkakSearch *search;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (table_mb <= 64 * 1024, NULL);

  if (table_mb == 0)
    table_mb = CONGKAK_SEARCH_DEFAULT_TABLE_MB;

  search = g_new0 (CongkakSearch, 1);
  search->rules = *rules;
  search->table_bytes = table_mb * 1024 * 1024;
  search->n_threads = 1;
  search->oware_endgame_seeds = -1;
  search->match_aware = rules->family == CONGKAK_FAMILY_STORE && rules->multi_round;
  search->key_stores = rules->family == CONGKAK_FAMILY_OWARE || search->match_aware;
  search->total_seeds = congkak_rules_total_seeds (rules);
  search->oware_kernel_allowed = TRUE;
  return search;
}

/**
 * congkak_search_set_simple_evaluation:
 * @search: a #CongkakSearch
 * @simple: whether to use the simple evaluation
 *
 * Oware: values the horizon by a quarter of the difference of the seeds on
 * each side instead of the fitted evaluation (see "Evaluation"), so that
 * the easy and medium levels keep the strength people can beat.  Other
 * games are not affected.  Forgets the table, whose values depend on it.
 */
void
congkak_search_set_simple_evaluation (CongkakSearch *search,
                                      gboolean       simple)
{
  g_return_if_fail (search != NULL);

  simple = !!simple;
  if (search->simple_evaluation == simple)
    return;
  search->simple_evaluation = simple;
  congkak_search_forget (search);
}

void
congkak_search_free (CongkakSearch *search)
{
  if (search == NULL)
    return;
  g_free (search->table);
  g_free (search->oware_memory);
  congkak_solver_free (search->solver);
  congkak_endgame_free (search->endgame);
  g_free (search);
}

const CongkakRules *
congkak_search_get_rules (const CongkakSearch *search)
{
  g_return_val_if_fail (search != NULL, NULL);

  return &search->rules;
}

/* Gives the memory to this search's own table (from the solver's). */
static void
ensure_table (CongkakSearch *search)
{
  if (search->table != NULL)
    return;
  g_clear_pointer (&search->solver, congkak_solver_free);
  g_clear_pointer (&search->oware_memory, g_free);
  search->oware_table = NULL;
  search->n_buckets = MAX (search->table_bytes / sizeof (Bucket), 1);
  search->table = g_new0 (Bucket, search->n_buckets);
  search->generation = 0;
}

/* Starts a new generation of a table: entries of other generations count
 * as empty, so the memory is only wiped once every 255 searches. */
static void
next_generation (gpointer  table,
                 gsize     bytes,
                 guint8   *generation)
{
  if (*generation == G_MAXUINT8)
    {
      memset (table, 0, bytes);
      *generation = 0;
    }
  (*generation)++;
}

/* Empties the table for a new search. */
static void
clear_table (CongkakSearch *search)
{
  ensure_table (search);
  next_generation (search->table, search->n_buckets * sizeof (Bucket), &search->generation);
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

/* Any number of buckets: the hash, scaled. */
static inline gsize
bucket_index (const CongkakSearch    *search,
              const CongkakPosition *key)
{
  return (gsize) (((guint64) congkak_position_hash (key) * search->n_buckets) >> 32);
}

static inline Entry *
probe (CongkakSearch         *search,
       const CongkakPosition *key)
{
  Bucket *bucket = &search->table[bucket_index (search, key)];

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

/* The bounds on a node's value that a search of it with the window
 * (@alpha, @beta) proves. */
static inline void
proved_bounds (int  value,
               int  alpha,
               int  beta,
               int *lower,
               int *upper)
{
  *lower = value <= alpha ? -VALUE_INFINITY : value;
  *upper = value >= beta ? VALUE_INFINITY : value;
}

/* Narrows @lower and @upper by what an entry of the same depth knew; if
 * they then contradict each other (only a depth-limited search can be
 * unstable like this), the new search's bounds alone. */
static inline void
tighten_bounds (int  value,
                int  alpha,
                int  beta,
                int  known_lower,
                int  known_upper,
                int *lower,
                int *upper)
{
  *lower = MAX (*lower, known_lower);
  *upper = MIN (*upper, known_upper);
  if (*lower > *upper)
    proved_bounds (value, alpha, beta, lower, upper);
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
  Bucket *bucket = &search->table[bucket_index (search, key)];
  guint8 entry_depth = horizon ? (guint8) MIN (depth, ENTRY_EXACT_DEPTH - 1) : ENTRY_EXACT_DEPTH;
  guint8 work = log2_work (work_nodes);
  Entry *entry = NULL;
  int lower, upper;

  proved_bounds (value, alpha, beta, &lower, &upper);

  for (guint i = 0; i < 2; i++)
    if (entry_used (search, &bucket->slot[i]) && memcmp (&bucket->slot[i].key, key, sizeof *key) == 0)
      entry = &bucket->slot[i];

  if (entry != NULL && entry->depth == entry_depth)
    {
      /* The same search depth: tighten the bounds already known. */
      tighten_bounds (value, alpha, beta, entry->lower, entry->upper, &lower, &upper);
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

/* The holes a store fills at the refill (RULES.md 4.2). */
static inline int
holes_filled (const CongkakSearch *search,
              int                  store)
{
  return MIN ((int) search->rules.holes, store / (int) search->rules.seeds);
}

/* What a round that ended with @stores is worth to @me in a multi-round
 * match when it does not end the match: the margin and the refill. */
static inline int
round_outlook (const CongkakSearch *search,
               int                  own_store,
               int                  other_store)
{
  return own_store - other_store
         + HOLE_WEIGHT (search->rules.seeds) * (holes_filled (search, own_store) - holes_filled (search, other_store));
}

/* The value to @me of a state whose round is over (see "Evaluation"). */
static int
round_end_value (const CongkakSearch *search,
                 const CongkakState  *state,
                 CongkakSide          me)
{
  const CongkakPosition *position = &state->position;
  int own = position->store[me];
  int other = position->store[CONGKAK_OTHER_SIDE (me)];

  if (!search->match_aware)
    return own - other;
  if (state->phase == CONGKAK_PHASE_MATCH_OVER)
    {
      if (state->match_winner == CONGKAK_NOBODY)
        return own - other;
      return own - other + (state->match_winner == (gint8) me ? CONGKAK_SEARCH_MATCH_WIN : -CONGKAK_SEARCH_MATCH_WIN);
    }
  return round_outlook (search, own, other);
}

/* Hundredths to whole seeds, to the nearest (an exact value is whole). */
static inline int
oware_to_seeds (int value)
{
  return value >= 0 ? (value + OWARE_SCALE / 2) / OWARE_SCALE : -((-value + OWARE_SCALE / 2) / OWARE_SCALE);
}

/* congkak-oware-eval.c's guess, in whole seeds (rounded to the nearest). */
static int
oware_evaluate (const CongkakSearch    *search,
                const CongkakPosition *position)
{
  CongkakSide me = position->to_move;
  CongkakSide other = CONGKAK_OTHER_SIDE (me);
  guint8 own_holes[CONGKAK_MAX_HOLES], other_holes[CONGKAK_MAX_HOLES];

  for (guint i = 0; i < position->n_holes; i++)
    {
      own_holes[i] = (guint8) position->holes[me][i];
      other_holes[i] = (guint8) position->holes[other][i];
    }
  /* Truncated as it always was. */
  if (search->simple_evaluation)
    return congkak_oware_evaluate_simple (own_holes, other_holes, position->n_holes) / CONGKAK_OWARE_EVAL_SCALE;
  return oware_to_seeds (congkak_oware_evaluate (own_holes, other_holes, position->n_holes,
                                                 position->store[me], position->store[other],
                                                 (int) search->total_seeds));
}

/* The gain still to come, guessed at the horizon (see "Evaluation"). */
static int
evaluate (const CongkakSearch *search,
          const CongkakState  *state)
{
  const CongkakPosition *position = &state->position;
  CongkakSide me = position->to_move;
  int own_side = congkak_position_side_seeds (position, me);
  int other_side = congkak_position_side_seeds (position, CONGKAK_OTHER_SIDE (me));

  if (search->rules.family == CONGKAK_FAMILY_OWARE)
    return oware_evaluate (search, position);
  if (search->match_aware)
    {
      int board = own_side + other_side;
      int shift = (own_side - other_side) / 4;
      int own = position->store[me] + board / 2 + shift;
      int other = position->store[CONGKAK_OTHER_SIDE (me)] + (board - board / 2) - shift;

      return round_outlook (search, own, other) - margin (position, me);
    }
  if (search->rules.empty_side == CONGKAK_EMPTY_SIDE_END_ROUND)
    return (own_side - other_side) / 2;
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
      child->over = child->state.phase != CONGKAK_PHASE_PLAYING;
      child->gain = (child->over ? round_end_value (search, &child->state, me)
                     : margin (&child->state.position, me)) - before;
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

/* Whether to stop: cancelled, out of time or over the node budget.  The
 * budget is checked at every node, so a budgeted search stops at the same
 * node on every machine. */
static gboolean
out_of_time (CongkakSearch *search)
{
  if (search->aborted)
    return TRUE;
  if (search->node_limit != 0 && search->nodes > search->node_limit)
    search->aborted = TRUE;
  else if (search->nodes % TIME_CHECK_NODES == 0)
    {
      if (search->cancel != NULL && g_atomic_int_get (search->cancel))
        search->aborted = search->cancelled = TRUE;
      else if (search->deadline != 0 && g_get_monotonic_time () >= search->deadline)
        search->aborted = TRUE;
    }
  return search->aborted;
}

/* The Oware endgame database's bounds on the value of @state, if it
 * covers it: the margin the mover gains from the seeds on the board.  They
 * are equal where repetition cannot matter (most positions of up to 9
 * seeds, few of 12 or more), and the value then exact; where they differ
 * the search goes on, using them only to cut.  The database assumes the
 * game goes on past half the seeds, so the margin is not always the one a
 * game ending there would have, but its sign with the seeds captured is
 * the exact result (see congkak-oware-endgame.c). */
static inline gboolean
oware_endgame_bounds (const CongkakSearch *search,
                      const CongkakState  *state,
                      int                 *lower,
                      int                 *upper)
{
  const CongkakPosition *position = &state->position;
  CongkakSide me = position->to_move;
  guint8 own[CONGKAK_MAX_HOLES], other[CONGKAK_MAX_HOLES];

  for (guint i = 0; i < position->n_holes; i++)
    {
      own[i] = (guint8) position->holes[me][i];
      other[i] = (guint8) position->holes[CONGKAK_OTHER_SIDE (me)][i];
    }
  return congkak_oware_endgame_probe_bounds (search->oware_endgame, own, other, lower, upper);
}

/* How the endgame database's bounds [@lower, @upper] answer a node with
 * the window (@alpha, @beta): where they are exact or decide the cut (not
 * at the root, which wants a move, so never asked there), or at the
 * horizon, where the guess is kept within them. */
typedef enum
{
  BOUNDS_SEARCH_ON,     /* they do not answer: search the node */
  BOUNDS_ANSWER,        /* *value answers it */
  BOUNDS_CLAMP_GUESS,   /* the evaluation, clamped to [lower, upper], answers it */
} BoundsAnswer;

static inline BoundsAnswer
endgame_bounds_answer (int  lower,
                       int  upper,
                       int  alpha,
                       int  beta,
                       int  depth,
                       int *value)
{
  if (lower >= beta || lower == upper)
    *value = lower;
  else if (upper <= alpha)
    *value = upper;
  else
    return depth == 0 ? BOUNDS_CLAMP_GUESS : BOUNDS_SEARCH_ON;
  return BOUNDS_ANSWER;
}

/* What is still on the board (@remaining) is all anyone can gain or lose:
 * TRUE with *value when that alone answers the window, else the window
 * kept one wider than the bound, so that it never closes. */
static inline gboolean
remaining_answers (int  remaining,
                   int *alpha,
                   int *beta,
                   int *value)
{
  if (remaining <= *alpha)
    *value = remaining;
  else if (-remaining >= *beta)
    *value = -remaining;
  else
    {
      *alpha = MAX (*alpha, -remaining - 1);
      *beta = MIN (*beta, remaining + 1);
      return FALSE;
    }
  return TRUE;
}

/* A table entry's bounds [@lower, @upper], searched to @entry_depth, at a
 * node to search to @depth at @ply: TRUE with *value when they answer it
 * (the root's move then is the entry's), else the window (@alpha, @beta)
 * narrowed to them where they are deep enough; *deep says whether a value
 * within them still rests on a horizon.  Both searches' tables. */
static inline gboolean
table_entry_answers (CongkakSearch *search,
                     int            lower,
                     int            upper,
                     int            entry_depth,
                     guint8         entry_move,
                     int            depth,
                     guint          ply,
                     int           *alpha,
                     int           *beta,
                     gboolean      *deep,
                     gboolean      *horizon,
                     int           *value)
{
  gboolean entry_horizon = entry_depth != ENTRY_EXACT_DEPTH;

  if ((entry_depth < depth && entry_depth != ENTRY_EXACT_DEPTH) || lower > upper)
    return FALSE;
  if (lower >= *beta || upper <= *alpha || (lower == upper && ply > 0))
    {
      *horizon = entry_horizon;
      if (ply == 0)
        search->root_move = entry_move;
      *value = lower >= *beta ? lower : upper;
      return TRUE;
    }
  if (lower == upper)
    {
      /* The root still wants its move: search just around it. */
      *alpha = lower - 1;
      *beta = lower + 1;
    }
  else
    {
      *alpha = MAX (*alpha, lower);
      *beta = MIN (*beta, upper);
    }
  *deep = entry_horizon;
  return FALSE;
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
  int remaining, answer;
  int original_alpha = alpha;
  int original_beta = beta;
  guint64 nodes_before = search->nodes;
  gboolean deep = FALSE;
  guint n;

  search->nodes++;
  *horizon = FALSE;
  if (out_of_time (search))
    return 0;

  /* What is still on the board is all anyone can gain or lose. */
  remaining = (int) congkak_position_side_seeds (&state->position, CONGKAK_SOUTH)
              + (int) congkak_position_side_seeds (&state->position, CONGKAK_NORTH);

  /* Nothing further to search where the Oware database knows the value,
   * or a bound that decides (not at the root, which wants a move); at the
   * horizon the guess is kept within its bounds. */
  if (remaining <= search->oware_endgame_seeds && ply > 0)
    {
      int lower, upper, value;

      if (oware_endgame_bounds (search, state, &lower, &upper))
        switch (endgame_bounds_answer (lower, upper, alpha, beta, depth, &value))
          {
          case BOUNDS_ANSWER:
            *horizon = TRUE;
            return value;
          case BOUNDS_CLAMP_GUESS:
            *horizon = TRUE;
            return CLAMP (evaluate (search, state), lower, upper);
          case BOUNDS_SEARCH_ON:
          default:
            break;
          }
    }

  if (depth == 0)
    {
      *horizon = TRUE;
      return evaluate (search, state);
    }
  if (search->rules.family == CONGKAK_FAMILY_STORE && !search->match_aware
      && remaining_answers (remaining, &alpha, &beta, &answer))
    return answer;

  make_key (search, &state->position, &key);
  entry = probe (search, &key);
  if (entry != NULL)
    {
      table_move = entry->move;
      if (table_entry_answers (search, entry->lower, entry->upper, entry->depth, entry->move, depth, ply,
                               &alpha, &beta, &deep, horizon, &answer))
        return answer;
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

/* The Oware search: the same fail-soft negamax over gains on the Oware
 * kernel's boards (congkak-oware-kernel-private.h), in hundredths of a
 * seed, with principal-variation search and an aspiration window (see the
 * top of the file). */

typedef struct
{
  guint64 key;
  gint16  lower;
  gint16  upper;
  guint8  depth;       /* ENTRY_EXACT_DEPTH: searched to the end of the game */
  guint8  move;        /* best or refuting hole, NO_MOVE if none */
  guint8  work;        /* log2 of the nodes below, for replacement */
  guint8  generation;  /* the search that wrote it; 0: never written */
} OwareEntry;

/* Four entries, a cache line. */
struct _OwareBucket
{
  OwareEntry slot[OWARE_BUCKET_SLOTS];
};

G_STATIC_ASSERT (sizeof (OwareEntry) == 16);

/* Gives the memory to the Oware table (from the others). */
static void
ensure_oware_table (CongkakSearch *search)
{
  if (search->oware_table != NULL)
    return;
  g_clear_pointer (&search->table, g_free);
  g_clear_pointer (&search->solver, congkak_solver_free);
  search->n_oware_buckets = MAX (search->table_bytes / sizeof (OwareBucket), 1);
  /* A bucket is a cache line.  g_new0() rather than g_aligned_alloc0(),
   * which writes every page at once: the system's fresh pages are zero
   * already, and a search touches the pages it needs (easy and medium few). */
  search->oware_memory = g_new0 (guint8, search->n_oware_buckets * sizeof (OwareBucket) + 63);
  search->oware_table = (OwareBucket *) (((guintptr) search->oware_memory + 63) & ~(guintptr) 63);
  search->oware_generation = 0;
}

static void
clear_oware_table (CongkakSearch *search)
{
  ensure_oware_table (search);
  next_generation (search->oware_table, search->n_oware_buckets * sizeof (OwareBucket), &search->oware_generation);
}

/* Whether the start of a game of these rules is searched on the Oware
 * kernel (a position set up with more seeds would not be). */
static gboolean
oware_kernel_rules (const CongkakSearch *search)
{
  return search->oware_kernel_allowed
         && search->rules.family == CONGKAK_FAMILY_OWARE
         && 2 * search->rules.holes * search->rules.seeds <= CONGKAK_OWARE_KERNEL_MAX_SEEDS;
}

/* Whether @state is searched on the Oware kernel. */
static gboolean
uses_oware_kernel (const CongkakSearch *search,
                   const CongkakState  *state)
{
  return search->oware_kernel_allowed
         && state->phase == CONGKAK_PHASE_PLAYING
         && congkak_oware_kernel_applies (&search->rules, &state->position);
}

static inline OwareBucket *
oware_bucket (const CongkakSearch *search,
              guint64              key)
{
  return &search->oware_table[(gsize) (((key >> 32) * search->n_oware_buckets) >> 32)];
}

static inline OwareEntry *
oware_probe (CongkakSearch *search,
             guint64        key)
{
  OwareBucket *bucket = oware_bucket (search, key);

  for (guint i = 0; i < OWARE_BUCKET_SLOTS; i++)
    if (bucket->slot[i].key == key && bucket->slot[i].generation == search->oware_generation)
      return &bucket->slot[i];
  return NULL;
}

static void
oware_store (CongkakSearch *search,
             guint64        key,
             int            depth,
             gboolean       horizon,
             int            value,
             int            alpha,
             int            beta,
             guint8         move,
             guint64        work_nodes)
{
  OwareBucket *bucket = oware_bucket (search, key);
  guint8 entry_depth = horizon ? (guint8) MIN (depth, ENTRY_EXACT_DEPTH - 1) : ENTRY_EXACT_DEPTH;
  guint8 work = log2_work (work_nodes);
  OwareEntry *entry = oware_probe (search, key);
  int lower, upper;

  proved_bounds (value, alpha, beta, &lower, &upper);

  if (entry != NULL && entry->depth == entry_depth)
    {
      /* The same search depth: tighten the bounds already known. */
      tighten_bounds (value, alpha, beta, entry->lower, entry->upper, &lower, &upper);
      work = MAX (work, entry->work);
    }
  else if (entry != NULL && entry->depth > entry_depth)
    return;
  else if (entry == NULL)
    {
      /* An empty slot, or the one that cost the least. */
      entry = &bucket->slot[0];
      for (guint i = 0; i < OWARE_BUCKET_SLOTS; i++)
        {
          OwareEntry *slot = &bucket->slot[i];

          if (slot->generation != search->oware_generation)
            {
              entry = slot;
              break;
            }
          if (slot->work < entry->work)
            entry = slot;
        }
    }

  entry->key = key;
  entry->lower = (gint16) lower;
  entry->upper = (gint16) upper;
  entry->depth = entry_depth;
  entry->move = move;
  entry->work = work;
  entry->generation = search->oware_generation;
}

static inline int
oware_kernel_evaluate (const CongkakSearch      *search,
                       const CongkakOwareKernel *kernel,
                       const CongkakOwareBoard  *board,
                       int                       remaining)
{
  int value;

  /* Easy and medium: whole seeds, truncated, as they always were. */
  if (G_UNLIKELY (search->simple_evaluation))
    value = congkak_oware_evaluate_simple (board->cells, board->cells + kernel->n, kernel->n)
            / OWARE_SCALE * OWARE_SCALE;
  else
    value = congkak_oware_evaluate (board->cells, board->cells + kernel->n, kernel->n,
                                    board->captured[0], board->captured[1],
                                    (int) kernel->total);

  /* No one gains more than what is on the board. */
  return CLAMP (value, -remaining, remaining);
}

/* Orders the moves after the table's: captures, the biggest first, then
 * the holes with the fewest seeds (measured on 20 positions at depth 14:
 * captures first took a third fewer nodes than hole order, fewest seeds
 * 14% fewer again, where killer moves and a history of cut-offs added 5–8%:
 * a hole of Oware is a different move with each number of seeds). */
static inline int
oware_move_order (const CongkakOwareKernel *kernel,
                  const CongkakOwareBoard  *board,
                  guint                     hole)
{
  guint captured = congkak_oware_capture_guess (kernel, board, hole);

  if (captured > 0)
    return (1 << 16) + (int) captured * 32 - (int) hole;
  return -32 * (int) board->cells[hole] - (int) hole;
}

static int oware_negamax_6 (CongkakSearch *search, const CongkakOwareBoard *board, int depth,
                            int alpha, int beta, guint ply, gboolean *horizon);
static int oware_negamax_any (CongkakSearch *search, const CongkakOwareBoard *board, int depth,
                              int alpha, int beta, guint ply, gboolean *horizon);

/* One node; @n_holes is a constant in the 6-hole instance, so that the
 * compiler unrolls the kernel's loops there. */
static inline G_ALWAYS_INLINE int
oware_negamax_body (CongkakSearch           *search,
                    const CongkakOwareBoard *board,
                    int                      depth,
                    int                      alpha,
                    int                      beta,
                    guint                    ply,
                    gboolean                *horizon,
                    guint                    n_holes)
{
  CongkakOwareKernel kernel = { n_holes, search->oware.total, search->oware.grand_slam };
  OwareEntry *entry;
  guint64 key;
  guint64 nodes_before = search->nodes;
  guint8 table_move = NO_MOVE, best_move = NO_MOVE;
  int best = -VALUE_INFINITY;
  int remaining, answer;
  int original_alpha, original_beta;
  int order[CONGKAK_MAX_HOLES];
  guint8 holes[CONGKAK_MAX_HOLES];
  guint legal, n_moves = 0, tried = 0;
  gboolean deep = FALSE;
  int child_depth = depth == DEPTH_UNLIMITED ? depth : depth - 1;

  search->nodes++;
  *horizon = FALSE;
  if (out_of_time (search))
    return 0;

  remaining = OWARE_SCALE * ((int) search->oware.total - board->captured[0] - board->captured[1]);

  /* The endgame database, as in negamax(): its value where it is exact,
   * its bounds where they decide (not at the root, which wants a move),
   * and at the horizon the guess kept within its bounds. */
  if (remaining <= OWARE_SCALE * search->oware_endgame_seeds && ply > 0)
    {
      int lower, upper;

      if (congkak_oware_endgame_probe_bounds (search->oware_endgame, board->cells, board->cells + n_holes,
                                              &lower, &upper))
        {
          int value;

          lower *= OWARE_SCALE;
          upper *= OWARE_SCALE;
          switch (endgame_bounds_answer (lower, upper, alpha, beta, depth, &value))
            {
            case BOUNDS_ANSWER:
              *horizon = TRUE;
              return value;
            case BOUNDS_CLAMP_GUESS:
              *horizon = TRUE;
              return CLAMP (oware_kernel_evaluate (search, &kernel, board, remaining), lower, upper);
            case BOUNDS_SEARCH_ON:
            default:
              break;
            }
        }
    }

  if (depth == 0)
    {
      *horizon = TRUE;
      return oware_kernel_evaluate (search, &kernel, board, remaining);
    }

  if (remaining_answers (remaining, &alpha, &beta, &answer))
    return answer;

  key = congkak_oware_board_key (board);
  entry = depth >= OWARE_TABLE_DEPTH ? oware_probe (search, key) : NULL;
  if (entry != NULL)
    {
      table_move = entry->move;
      if (table_entry_answers (search, entry->lower, entry->upper, entry->depth, entry->move, depth, ply,
                               &alpha, &beta, &deep, horizon, &answer))
        return answer;
    }
  original_alpha = alpha;
  original_beta = beta;
  *horizon = deep;

  legal = congkak_oware_legal_mask (&kernel, board);
  if (table_move != NO_MOVE && !(legal & (1u << table_move)))
    table_move = NO_MOVE;

  for (;;)
    {
      CongkakOwareBoard child;
      gboolean over, child_horizon = FALSE;
      guint hole;
      int gain, value;

      /* The table's move first, the others ordered only once it is not
       * enough. */
      if (tried == 0 && table_move != NO_MOVE)
        {
          hole = table_move;
          legal &= ~(1u << table_move);
        }
      else
        {
          guint pick = 0;

          if (n_moves == 0)
            {
              for (guint i = 0; i < n_holes; i++)
                if (legal & (1u << i))
                  {
                    holes[n_moves] = (guint8) i;
                    order[n_moves++] = oware_move_order (&kernel, board, i);
                  }
              legal = 0;
              if (n_moves == 0)
                break;
            }
          for (guint i = 1; i < n_moves; i++)
            if (order[i] > order[pick])
              pick = i;
          if (order[pick] == G_MININT)
            break;
          hole = holes[pick];
          order[pick] = G_MININT;
        }

      gain = OWARE_SCALE * congkak_oware_play (&kernel, board, hole, &child, &over);
      if (over)
        value = gain;
      else if (tried == 0)
        value = gain - OWARE_NEGAMAX (n_holes) (search, &child, child_depth, gain - beta, gain - alpha,
                                      ply + 1, &child_horizon);
      else
        {
          /* Principal-variation search: prove the move no better first. */
          value = gain - OWARE_NEGAMAX (n_holes) (search, &child, child_depth, gain - alpha - 1, gain - alpha,
                                        ply + 1, &child_horizon);
          if (value > alpha && value < beta && !search->aborted)
            value = gain - OWARE_NEGAMAX (n_holes) (search, &child, child_depth, gain - beta, gain - alpha,
                                          ply + 1, &child_horizon);
        }
      if (search->aborted)
        return 0;
      tried++;

      *horizon |= child_horizon;
      if (value > best)
        {
          best = value;
          best_move = (guint8) hole;
        }
      if (best > alpha)
        alpha = best;
      if (best >= beta)
        break;
    }

  if (ply == 0)
    search->root_move = best_move;
  if (depth >= OWARE_TABLE_DEPTH || ply == 0)
    oware_store (search, key, depth, *horizon, best, original_alpha, original_beta,
                 best_move, search->nodes - nodes_before);
  return best;
}

static int
oware_negamax_6 (CongkakSearch           *search,
                 const CongkakOwareBoard *board,
                 int                      depth,
                 int                      alpha,
                 int                      beta,
                 guint                    ply,
                 gboolean                *horizon)
{
  return oware_negamax_body (search, board, depth, alpha, beta, ply, horizon, 6);
}

static int
oware_negamax_any (CongkakSearch           *search,
                   const CongkakOwareBoard *board,
                   int                      depth,
                   int                      alpha,
                   int                      beta,
                   guint                    ply,
                   gboolean                *horizon)
{
  return oware_negamax_body (search, board, depth, alpha, beta, ply, horizon, search->oware.n);
}

/* The search from a node, with the instance for the holes of the game. */
static int
oware_negamax (CongkakSearch           *search,
               const CongkakOwareBoard *board,
               int                      depth,
               int                      alpha,
               int                      beta,
               guint                    ply,
               gboolean                *horizon)
{
  return search->oware.n == 6 ? oware_negamax_6 (search, board, depth, alpha, beta, ply, horizon)
                              : oware_negamax_any (search, board, depth, alpha, beta, ply, horizon);
}

/* congkak_search_best_move() on the Oware kernel; values in hundredths. */
static void
oware_best_move (CongkakSearch      *search,
                 const CongkakState *state,
                 guint               max_depth,
                 double              max_seconds,
                 gint64              start,
                 guint8             *best_hole,
                 int                *best_value)
{
  CongkakOwareBoard board;
  CongkakSide me = state->position.to_move;
  int previous = 0;

  congkak_oware_kernel_init (&search->oware, &search->rules, &state->position);
  congkak_oware_board_from_position (&search->oware, &state->position, me, &board);
  clear_oware_table (search);
  for (guint depth = 1; max_depth == 0 || depth <= max_depth; depth++)
    {
      gboolean horizon = FALSE;
      int value;

      search->deadline = depth > 1 && max_seconds > 0
                         ? start + (gint64) (max_seconds * G_USEC_PER_SEC) : 0;
      search->node_limit = depth > 1 ? search->max_nodes : 0;
      /* An aspiration window around the last depth's value first. */
      if (depth > 1 && OWARE_ASPIRATION > 0)
        {
          int alpha = previous - OWARE_ASPIRATION, beta = previous + OWARE_ASPIRATION;

          value = oware_negamax (search, &board, (int) depth, alpha, beta, 0, &horizon);
          if (!search->aborted && (value <= alpha || value >= beta))
            value = oware_negamax (search, &board, (int) depth, -VALUE_INFINITY, VALUE_INFINITY, 0, &horizon);
        }
      else
        value = oware_negamax (search, &board, (int) depth, -VALUE_INFINITY, VALUE_INFINITY, 0, &horizon);
      if (search->aborted)
        break;

      previous = value;
      *best_value = value;
      *best_hole = search->root_move;
      search->depth_done = depth;
      if (search->progress != NULL)
        search->progress (search, state, depth, *best_hole,
                          margin (&state->position, me) + oware_to_seeds (value),
                          search->progress_data);
      if (!horizon)
        {
          search->exact = TRUE;
          break;
        }
      if (depth == 254 || (max_seconds > 0 && g_get_monotonic_time () - start >= max_seconds * G_USEC_PER_SEC))
        break;
    }
}

/* congkak_search_move_value() on the Oware kernel. */
static gboolean
oware_move_value (CongkakSearch      *search,
                  const CongkakState *state,
                  guint8              hole,
                  guint               depth,
                  int                *score)
{
  CongkakOwareBoard board, child;
  CongkakSide me = state->position.to_move;
  gboolean over, horizon = FALSE;
  int value;

  congkak_oware_kernel_init (&search->oware, &search->rules, &state->position);
  ensure_oware_table (search);
  if (search->oware_generation == 0)
    clear_oware_table (search);
  congkak_oware_board_from_position (&search->oware, &state->position, me, &board);
  value = OWARE_SCALE * congkak_oware_play (&search->oware, &board, hole, &child, &over);
  if (!over)
    value -= oware_negamax (search, &child, (int) depth - 1, -VALUE_INFINITY, VALUE_INFINITY, 1, &horizon);
  if (search->aborted)
    return FALSE;

  search->depth_done = depth;
  search->exact = !horizon;
  *score = margin (&state->position, me) + oware_to_seeds (value);
  return TRUE;
}

/* The move the Oware table holds for @state, NO_MOVE if none. */
static guint8
oware_table_move (CongkakSearch      *search,
                  const CongkakState *state)
{
  CongkakOwareKernel kernel;
  CongkakOwareBoard board;
  const OwareEntry *entry;

  if (search->oware_table == NULL)
    return NO_MOVE;
  congkak_oware_kernel_init (&kernel, &search->rules, &state->position);
  congkak_oware_board_from_position (&kernel, &state->position, state->position.to_move, &board);
  entry = oware_probe (search, congkak_oware_board_key (&board));
  return entry != NULL ? entry->move : NO_MOVE;
}

/**
 * congkak_search_set_oware_kernel:
 * @allowed: whether Oware is searched on its kernel (the default)
 *
 * For tests: %FALSE searches Oware with the generic search, to compare.
 */
void
congkak_search_set_oware_kernel (CongkakSearch *search,
                                 gboolean       allowed)
{
  g_return_if_fail (search != NULL);

  search->oware_kernel_allowed = allowed;
}

/**
 * congkak_search_set_cancel:
 * @cancel: (nullable): a flag another thread may set (with
 *   g_atomic_int_set()) to stop the search; read every few thousand nodes
 *
 * A cancelled congkak_search_best_move() returns %FALSE and
 * congkak_search_was_cancelled() says why; a cancelled
 * congkak_search_solve() returns 0 likewise.  Neither gives a move or a
 * value then.
 */
void
congkak_search_set_cancel (CongkakSearch *search,
                           const gint    *cancel)
{
  g_return_if_fail (search != NULL);

  search->cancel = cancel;
}

/**
 * congkak_search_set_threads:
 * @n_threads: how many threads the solver may use (at least 1); a solve
 *   with a node limit uses one
 */
void
congkak_search_set_threads (CongkakSearch *search,
                            guint          n_threads)
{
  g_return_if_fail (search != NULL);
  g_return_if_fail (n_threads >= 1);

  search->n_threads = n_threads;
}

/**
 * congkak_search_set_endgame:
 * @endgame: (nullable) (transfer full): an endgame database for the
 *   search's rules
 *
 * The solver then reads the positions @endgame covers from it in place
 * of searching them.
 */
void
congkak_search_set_endgame (CongkakSearch  *search,
                            CongkakEndgame *endgame)
{
  g_return_if_fail (search != NULL);
  g_return_if_fail (endgame == NULL || congkak_endgame_matches (endgame, &search->rules));

  if (search->solver != NULL)
    congkak_solver_set_endgame (search->solver, endgame);
  congkak_endgame_free (search->endgame);
  search->endgame = endgame;
}

/**
 * congkak_search_set_oware_endgame:
 * @endgame: (nullable) (transfer none): an Oware endgame database for the
 *   search's rules, kept alive by the caller while the search uses it
 *
 * The depth-limited search then values the positions @endgame covers by
 * it in place of searching them further.
 */
void
congkak_search_set_oware_endgame (CongkakSearch             *search,
                                  const CongkakOwareEndgame *endgame)
{
  g_return_if_fail (search != NULL);
  g_return_if_fail (endgame == NULL || congkak_oware_endgame_matches (endgame, &search->rules));

  if (search->oware_endgame != endgame)
    congkak_search_forget (search);
  search->oware_endgame = endgame;
  search->oware_endgame_seeds = endgame != NULL ? (int) congkak_oware_endgame_get_max_seeds (endgame) : -1;
}

/**
 * congkak_search_set_node_limit:
 * @max_nodes: 0 for no limit
 *
 * Limits the positions each later search may visit, a reproducible
 * alternative to a time limit.  congkak_search_best_move() then stops
 * deepening once a depth would pass the limit (the first depth always
 * finishes) and answers from the deepest depth finished; a solve or a
 * congkak_search_move_value() that passes it stops without an answer.
 */
void
congkak_search_set_node_limit (CongkakSearch *search,
                               guint64        max_nodes)
{
  g_return_if_fail (search != NULL);

  search->max_nodes = max_nodes;
}

/**
 * congkak_search_forget:
 *
 * Empties the table, so that congkak_search_move_value() starts afresh.
 */
void
congkak_search_forget (CongkakSearch *search)
{
  g_return_if_fail (search != NULL);

  /* Whichever table has the memory (a search makes the one it needs). */
  if (search->oware_table != NULL || (search->table == NULL && oware_kernel_rules (search)))
    clear_oware_table (search);
  else
    clear_table (search);
}

/**
 * congkak_search_warm_up:
 *
 * Makes the table now and writes it once: the system gives memory page by
 * page as it is first written, which made the first search of a process
 * several times slower than the next (Oware, depth 11: 0.8 s, then
 * 0.1 s).  For an engine that has a moment before it must think (UCI's
 * `isready`).
 */
void
congkak_search_warm_up (CongkakSearch *search)
{
  g_return_if_fail (search != NULL);

  if (oware_kernel_rules (search))
    {
      if (search->oware_table == NULL)
        {
          ensure_oware_table (search);
          memset (search->oware_table, 0, search->n_oware_buckets * sizeof (OwareBucket));
        }
      return;
    }
  if (search->table != NULL)
    return;
  ensure_table (search);
  memset (search->table, 0, search->n_buckets * sizeof (Bucket));
}

/**
 * congkak_search_round_end_value:
 * @state: a state whose round is over (or the match)
 * @side: whose value
 *
 * Returns: what the search counts that round end as for @side: the store
 *   margin, or in a multi-round match its value for the match (see
 *   "Evaluation" in congkak-search.c).
 */
int
congkak_search_round_end_value (const CongkakSearch *search,
                                const CongkakState  *state,
                                CongkakSide          side)
{
  g_return_val_if_fail (search != NULL, 0);
  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, 0);

  return round_end_value (search, state, side);
}

/**
 * congkak_search_set_progress:
 * @func: (nullable): called after each depth congkak_search_best_move()
 *   finishes, with the move and score it would give then (the score meant
 *   as its @score); it may call congkak_search_get_line()
 *
 * For a player that reports while it thinks (the UCI engine), and that
 * must answer with the best move so far when it is stopped.
 */
void
congkak_search_set_progress (CongkakSearch             *search,
                             CongkakSearchProgressFunc  func,
                             gpointer                   user_data)
{
  g_return_if_fail (search != NULL);

  search->progress = func;
  search->progress_data = user_data;
}

/**
 * congkak_search_was_cancelled:
 *
 * Returns: whether the cancel flag stopped the last search.
 */
gboolean
congkak_search_was_cancelled (const CongkakSearch *search)
{
  g_return_val_if_fail (search != NULL, FALSE);

  return search->cancelled;
}

static void
begin_search (CongkakSearch *search)
{
  search->nodes = 0;
  search->node_limit = 0;
  search->deadline = 0;
  search->aborted = FALSE;
  search->cancelled = FALSE;
  search->depth_done = 0;
  search->exact = FALSE;
}

/**
 * congkak_search_best_move:
 * @state: a state in normal play (not an opening, not between rounds)
 * @max_depth: the deepest search in moves (an extra turn is a move), 0 for
 *   no limit
 * @max_seconds: stop deepening after this long, 0 for no limit; the move
 *   then comes from the deepest search finished, so only a search without
 *   a time limit is sure to be reproducible (a node limit is)
 * @hole: (out) (optional): the move found
 * @score: (out) (optional): the store margin at the end of the round that
 *   the search expects for the player to move (exact if
 *   congkak_search_is_exact() says so); in a multi-round match the value
 *   of that round end for the match (see congkak-search.c, "Evaluation")
 * @nodes: (out) (optional): positions visited
 *
 * Iterative-deepening alpha-beta within the current round.  Each call starts
 * from an empty table, so the same call gives the same answer.
 *
 * Returns: %FALSE if @state has no move to search, or if the search was
 *   cancelled (congkak_search_was_cancelled()); the outputs are then unset.
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

  begin_search (search);
  if (congkak_state_legal_moves (state, &search->rules, legal) == 0)
    return FALSE;

  best_hole = legal[0];
  if (uses_oware_kernel (search, state))
    {
      oware_best_move (search, state, max_depth, max_seconds, start, &best_hole, &best_value);
      if (search->cancelled)
        return FALSE;
      best_value = oware_to_seeds (best_value);
      goto done;
    }

  clear_table (search);
  for (guint depth = 1; max_depth == 0 || depth <= max_depth; depth++)
    {
      gboolean horizon = FALSE;
      int value;

      /* The first depth always finishes, so there is a move to give. */
      search->deadline = depth > 1 && max_seconds > 0
                         ? start + (gint64) (max_seconds * G_USEC_PER_SEC) : 0;
      search->node_limit = depth > 1 ? search->max_nodes : 0;
      value = negamax (search, state, (int) depth, -VALUE_INFINITY, VALUE_INFINITY, 0, &horizon);
      if (search->cancelled)
        return FALSE;
      if (search->aborted)
        break;

      best_value = value;
      best_hole = search->root_move;
      search->depth_done = depth;
      if (search->progress != NULL)
        search->progress (search, state, depth, best_hole,
                          margin (&state->position, state->position.to_move) + best_value,
                          search->progress_data);
      if (!horizon)
        {
          search->exact = TRUE;
          break;
        }
      if (depth == 254 || (max_seconds > 0 && g_get_monotonic_time () - start >= max_seconds * G_USEC_PER_SEC))
        break;
    }

done:
  if (hole)
    *hole = best_hole;
  if (score)
    *score = margin (&state->position, state->position.to_move) + best_value;
  if (nodes)
    *nodes = search->nodes;
  return TRUE;
}

/**
 * congkak_search_move_value:
 * @hole: a legal move of @state
 * @depth: how deep to search, the move itself included (at least 1)
 * @score: (out): what congkak_search_best_move() would give as the score if
 *   @hole were the only move
 *
 * Values one move, keeping what earlier searches left in the table (so a
 * call right after congkak_search_best_move() on the same state costs
 * little and agrees with it).  The node limit counts from this call.
 *
 * Returns: %FALSE if cancelled or over the node limit.
 */
gboolean
congkak_search_move_value (CongkakSearch      *search,
                           const CongkakState *state,
                           guint8              hole,
                           guint               depth,
                           int                *score)
{
  CongkakState child;
  CongkakSide me;
  gboolean horizon = FALSE;
  int value;

  g_return_val_if_fail (search != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (congkak_state_is_legal (state, &search->rules, hole), FALSE);
  g_return_val_if_fail (depth >= 1 && depth <= 254, FALSE);
  g_return_val_if_fail (score != NULL, FALSE);

  begin_search (search);
  search->node_limit = search->max_nodes;
  if (uses_oware_kernel (search, state))
    return oware_move_value (search, state, hole, depth, score);
  ensure_table (search);
  if (search->generation == 0)
    clear_table (search);
  me = state->position.to_move;
  child = *state;
  congkak_state_play_fast (&child, &search->rules, hole);

  if (child.phase != CONGKAK_PHASE_PLAYING)
    value = round_end_value (search, &child, me);
  else if (child.position.to_move == me)
    value = margin (&child.position, me)
            + negamax (search, &child, (int) depth - 1, -VALUE_INFINITY, VALUE_INFINITY, 1, &horizon);
  else
    value = margin (&child.position, me)
            - negamax (search, &child, (int) depth - 1, -VALUE_INFINITY, VALUE_INFINITY, 1, &horizon);
  if (search->aborted)
    return FALSE;

  search->depth_done = depth;
  search->exact = !horizon;
  *score = value;
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
 * congkak_search_get_nodes:
 *
 * Returns: the positions the last search visited.
 */
guint64
congkak_search_get_nodes (const CongkakSearch *search)
{
  g_return_val_if_fail (search != NULL, 0);

  return search->nodes;
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
 * congkak_search_get_line:
 * @state: the state the last search started from
 * @holes: (out caller-allocates): the moves, each in the order of its
 *   mover's holes (an extra turn is a move of the same player)
 *
 * The line the table holds from @state: at each position the move the
 * search found best there, as far as the table still knows it and the
 * round goes on.  Read between or after searches, never during one.
 *
 * Returns: how many moves were written, at most @max_moves.
 */
guint
congkak_search_get_line (CongkakSearch      *search,
                         const CongkakState *state,
                         guint8             *holes,
                         guint               max_moves)
{
  CongkakState now;
  guint n = 0;

  g_return_val_if_fail (search != NULL, 0);
  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (holes != NULL || max_moves == 0, 0);

  now = *state;
  while (n < max_moves && now.phase == CONGKAK_PHASE_PLAYING)
    {
      guint8 move;

      if (uses_oware_kernel (search, &now))
        move = oware_table_move (search, &now);
      else
        {
          CongkakPosition key;
          const Entry *entry = NULL;

          if (search->table != NULL)
            {
              make_key (search, &now.position, &key);
              entry = probe (search, &key);
            }
          move = entry != NULL ? entry->move : NO_MOVE;
        }
      if (move == NO_MOVE || !congkak_state_is_legal (&now, &search->rules, move))
        break;
      holes[n++] = move;
      congkak_state_play_fast (&now, &search->rules, move);
    }
  return n;
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

/* Proofs for claims people read (congkak_search_prove_at_least()).
 *
 * A claim is about the seed margin itself, so a proof values every round
 * end as the store margin alone: no refill outlook, no match-win bonus.
 * Store games search to the round end with the table (their values do not
 * depend on the way a position was reached).  Oware's do: a position that
 * comes back ends the game (RULES.md 7), so its proof walks the tree with
 * the positions since the last capture and keeps nothing in a table; it
 * proves short endings only, which is what it is asked. */

/* The deepest Oware line a proof follows before it gives up. */
#define PROOF_MAX_PLY 400

typedef struct
{
  CongkakPosition *positions;  /* since the last capture, the current one last */
  guint            n;
  guint            size;
} ProofPath;

static gboolean
proof_path_has (const ProofPath       *path,
                const CongkakPosition *position)
{
  for (guint i = path->n; i > 0; i--)
    {
      const CongkakPosition *seen = &path->positions[i - 1];

      /* Stores only grow: an earlier store is an earlier stretch. */
      if (seen->store[0] != position->store[0] || seen->store[1] != position->store[1])
        return FALSE;
      if (congkak_position_equal (seen, position))
        return TRUE;
    }
  return FALSE;
}

/* The final margin for the player to move in @state, fail-soft within
 * (@alpha, @beta); the path holds @state last. */
static int
oware_proof (CongkakSearch      *search,
             const CongkakState *state,
             ProofPath          *path,
             int                 alpha,
             int                 beta)
{
  Child children[CONGKAK_MAX_HOLES];
  CongkakSide me = state->position.to_move;
  int board, lowest, highest, best = -VALUE_INFINITY;
  guint n;

  search->nodes++;
  if (out_of_time (search))
    return 0;
  if (path->n >= PROOF_MAX_PLY)
    {
      search->aborted = TRUE;
      return 0;
    }

  /* Every seed still on the board goes one way or the other at most. */
  board = (int) congkak_position_side_seeds (&state->position, CONGKAK_SOUTH)
          + (int) congkak_position_side_seeds (&state->position, CONGKAK_NORTH);
  lowest = margin (&state->position, me) - board;
  highest = margin (&state->position, me) + board;
  if (highest <= alpha)
    return highest;
  if (lowest >= beta)
    return lowest;

  n = expand (search, state, NO_MOVE, children);
  for (guint i = 0; i < n; i++)
    {
      Child *child = &children[i];
      int value;

      if (child->over)
        value = margin (&child->state.position, me);
      else if (proof_path_has (path, &child->state.position))
        {
          CongkakState ended = child->state;

          congkak_state_end_by_repetition (&ended, &search->rules, NULL);
          value = margin (&ended.position, me);
        }
      else
        {
          if (path->n == path->size)
            {
              path->size *= 2;
              path->positions = g_renew (CongkakPosition, path->positions, path->size);
            }
          path->positions[path->n++] = child->state.position;
          if (child->same)
            value = oware_proof (search, &child->state, path, alpha, beta);
          else
            value = -oware_proof (search, &child->state, path, -beta, -alpha);
          path->n--;
        }
      if (search->aborted)
        return 0;
      if (value > best)
        best = value;
      if (best > alpha)
        alpha = best;
      if (best >= beta)
        break;
    }
  return best;
}

/**
 * congkak_search_prove_at_least:
 * @state: a state in normal play
 * @history: (array length=n_history) (nullable): Oware: the positions of
 *   the game since its last capture, @state's own last (a position that
 *   occurs again ends the game); %NULL for @state alone
 * @target: a seed margin
 * @holds: (out): whether the player to move in @state can make sure to end
 *   the round with a store margin of at least @target
 *
 * A null-window proof to the round end under the real rules: every round
 * end valued by its store margin alone (no outlook for the next round, no
 * bonus for the match), repetition counted in Oware.  Honours the node
 * limit and the cancel flag.
 *
 * Returns: %FALSE when it did not finish (@holds is then unset); see
 *   congkak_search_was_cancelled()
 */
gboolean
congkak_search_prove_at_least (CongkakSearch         *search,
                               const CongkakState    *state,
                               const CongkakPosition *history,
                               guint                  n_history,
                               int                    target,
                               gboolean              *holds)
{
  int value;

  g_return_val_if_fail (search != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (state->phase == CONGKAK_PHASE_PLAYING, FALSE);
  g_return_val_if_fail (history != NULL || n_history == 0, FALSE);
  g_return_val_if_fail (holds != NULL, FALSE);

  begin_search (search);
  search->node_limit = search->max_nodes;

  if (search->rules.family == CONGKAK_FAMILY_OWARE)
    {
      ProofPath path = { 0 };

      path.size = MAX (n_history + 1, 64);
      path.positions = g_new (CongkakPosition, path.size);
      for (guint i = 0; i < n_history; i++)
        path.positions[path.n++] = history[i];
      if (path.n == 0 || !congkak_position_equal (&path.positions[path.n - 1], &state->position))
        path.positions[path.n++] = state->position;
      value = oware_proof (search, state, &path, target - 1, target);
      g_free (path.positions);
    }
  else
    {
      gboolean match_aware = search->match_aware;
      gboolean horizon;
      int gain = target - margin (&state->position, state->position.to_move);

      /* Margins only: the table's entries of other searches mean something else. */
      search->match_aware = FALSE;
      clear_table (search);
      value = negamax (search, state, DEPTH_UNLIMITED, gain - 1, gain, 1, &horizon);
      value += margin (&state->position, state->position.to_move);
      search->match_aware = match_aware;
      clear_table (search);
    }
  if (search->aborted)
    return FALSE;
  search->exact = TRUE;
  *holds = value >= target;
  return TRUE;
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
          if (search->aborted)
            return;
        }
      g_assert (chosen != NULL);

      move.side = state.position.to_move;
      move.hole = chosen->hole;
      g_ptr_array_add (best_line, congkak_move_to_string (&move));
      value = chosen->same ? value - chosen->gain : chosen->gain - value;
      state = chosen->state;
    }
}

/* Solves on the kernel's solver (congkak-solver.c) when it covers @state,
 * giving it the table's memory; FALSE if it does not. */
static gboolean
solve_on_kernel (CongkakSearch      *search,
                 const CongkakState *state,
                 GPtrArray          *best_line,
                 int                *value)
{
  CongkakSolverLimits limits = { search->cancel, search->max_nodes };
  CongkakSolverResult result;

  if (search->solver == NULL)
    {
      CongkakSolver *solver = congkak_solver_new (&search->rules, search->table_bytes);

      if (solver == NULL)
        return FALSE;
      g_clear_pointer (&search->table, g_free);
      search->solver = solver;
      congkak_solver_set_endgame (solver, search->endgame);
    }
  congkak_solver_set_threads (search->solver, search->n_threads);
  if (!congkak_solver_covers (search->solver, state))
    return FALSE;

  congkak_solver_solve (search->solver, state, &limits, best_line, &result);
  search->nodes = result.nodes;
  search->aborted = result.aborted;
  search->cancelled = result.cancelled;
  search->exact = !result.aborted;
  *value = result.aborted ? 0 : margin (&state->position, state->position.to_move) + result.gain;
  return TRUE;
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
 * Honours the cancel flag and the node limit: when either stops it,
 * returns 0 with congkak_search_is_exact() %FALSE (and
 * congkak_search_was_cancelled() saying which).
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
  int value;

  g_return_val_if_fail (search != NULL, 0);
  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (congkak_search_can_solve (&search->rules, NULL), 0);
  g_return_val_if_fail (state->phase == CONGKAK_PHASE_PLAYING, 0);

  begin_search (search);
  if (solve_on_kernel (search, state, best_line, &value))
    {
      if (nodes)
        *nodes = search->nodes;
      return value;
    }

  clear_table (search);
  search->node_limit = search->max_nodes;

  while (lower < upper)
    {
      int beta = guess == lower ? guess + 1 : guess;
      gboolean horizon;

      guess = negamax (search, state, DEPTH_UNLIMITED, beta - 1, beta, 0, &horizon);
      if (search->aborted)
        {
          if (nodes)
            *nodes = search->nodes;
          return 0;
        }
      if (guess < beta)
        upper = guess;
      else
        lower = guess;
    }

  /* The line comes from the warm table, cheaply: no node limit. */
  search->node_limit = 0;
  if (best_line)
    {
      guint length = best_line->len;

      append_best_line (search, state, lower, best_line);
      if (search->aborted)
        g_ptr_array_set_size (best_line, length);
    }
  if (nodes)
    *nodes = search->nodes;
  if (search->aborted)
    return 0;
  search->exact = TRUE;
  return margin (&state->position, state->position.to_move) + lower;
}
