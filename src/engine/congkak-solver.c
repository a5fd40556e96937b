/* congkak-solver.c — the exact solver on the sowing kernel
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same search as the solver of congkak-search.c — values are gains
 * still to come for the player to move, MTD(f) null windows over the
 * whole round, the seeds on the board bound every value — on the
 * kernel's board (congkak-kernel-private.h), one instance per option
 * set, with a table made for exact values:
 *
 *  - an entry is one 64-bit word: a lower and an upper bound, the best
 *    or refuting hole, log2 of the nodes below (for replacement) and a
 *    tag; eight entries share one 64-byte bucket, one cache line;
 *  - the key is the holes (not the stores: a gain does not depend on
 *    them), b bits a hole, mixed by a bijection of those 2nb bits; the
 *    bucket is the mixed key modulo the number of buckets and the tag
 *    the quotient, so bucket and tag give back the whole key, a tag match
 *    is the same position, and the table may have any number of buckets
 *    (the size asked for, not a power of two);
 *  - a position with a hole of 2^b seeds or more is searched without the
 *    table; b is as large as the tag's bits allow (5 for six holes).
 *
 * Moves are tried in the order: the table's hole, extra turns, then the
 * largest gains (captures), nearer the store first among equals; a move
 * that ends the round, or that leads into the endgame database
 * (congkak-endgame.c), is valued as it is generated.  The buckets and
 * database entries of all children are fetched from memory together,
 * before the first child is searched.
 *
 * Threads.  With more than one, every MTD(f) window is searched by all of
 * them at once on the shared table (each entry is written whole, as one
 * word), and they spread out as in ABDADA: a worker marks the position
 * it is searching, and the others put a marked child off until their
 * other children are done.  The first worker's answer is the pass's; the
 * others stop when it has one.  A node limit asks for one thread, so
 * that a limited solve stops at the same node every time.
 */

#include "config.h"

#include <string.h>

#include "congkak-endgame-private.h"
#include "congkak-game.h"
#include "congkak-solver-private.h"

#define BUCKET_ENTRIES 8
#define BUCKET_BYTES 64
#define TAG_BITS 36
#define TAG_SHIFT 28
#define VALUE_BIAS 255    /* no gain is larger: the kernel holds at most 255 seeds */
#define VALUE_INFINITY 30000
#define NO_MOVE 15
#define TIME_CHECK_NODES 4096
#define MAX_THREADS 64
#define BUSY_SLOTS 4096
#define HUGE_TABLE_BYTES ((gsize) 256 << 20)
#define BUSY_MIN_SEEDS 2   /* more than the database's seeds, to be marked busy */

/* An entry: bits 0-5 work + 1 (0: empty), 6-9 move, 10-18 lower + 255,
 * 19-27 upper + 255, 28-63 tag. */
#define ENTRY_WORK(e)  ((guint) ((e) & 63) - 1)
#define ENTRY_MOVE(e)  ((guint) ((e) >> 6) & 15)
#define ENTRY_LOWER(e) ((int) (((e) >> 10) & 511) - VALUE_BIAS)
#define ENTRY_UPPER(e) ((int) (((e) >> 19) & 511) - VALUE_BIAS)
#define ENTRY_TAG(e)   ((e) >> TAG_SHIFT)

typedef struct
{
  guint64 entry[BUCKET_ENTRIES];
} Bucket;

struct _CongkakSolver
{
  CongkakRules  rules;
  CongkakKernel kernel;
  gpointer      memory;      /* as allocated; buckets is it aligned to a cache line */
  Bucket       *buckets;
  guint64       n_buckets;
  guint         hole_bits;   /* b */
  guint         key_bits;    /* 2nb */
  guint64       key_mask;
  guint64       magic;       /* mixed key / n_buckets = mixed key * magic >> magic_shift */
  guint         magic_shift;
  gboolean      dirty;       /* the table holds an earlier solve's entries */
  const CongkakEndgame *endgame;  /* nullable */
  int           endgame_seeds;    /* positions with this many seeds or fewer are read there; -1 */
  guint         n_threads;

  /* One solve */
  int           total;       /* seeds on the board and in the stores */
  guint64       max_nodes;
  const gint   *cancel;
  gint          pass_over;   /* the first worker has its answer: the others stop */
  gboolean      threaded;    /* more than one worker in this pass */
  /* Positions some worker is searching (their mixed key + 1), by key */
  guint64       busy[BUSY_SLOTS];
};

/* One thread's search. */
typedef struct
{
  CongkakSolver     *solver;
  gboolean           helper;   /* not the first worker: stops when that one is done */
  guint64            nodes;
  gboolean           aborted;
  gboolean           cancelled;
  /* A helper's pass */
  CongkakKernelBoard board;
  int                beta;
} Worker;

/* Where a position's entry is: its bucket (NULL when the position is
 * kept out of the table) and tag. */
typedef struct
{
  Bucket  *bucket;
  guint64  tag;
  guint64  key;     /* mixed */
} Slot;

typedef struct
{
  CongkakKernelBoard board;
  Slot               slot;
  int                gain;     /* the mover's margin change */
  int                order;
  guint8             hole;
  guint8             outcome;  /* CongkakKernelOutcome */
} Child;

/* A child valued by the endgame database. */
typedef struct
{
  guint64  index;
  int      gain;
  guint8   hole;
  gboolean same;
} EndgameChild;

static guint
floor_log2 (guint64 x)
{
  return g_bit_storage (x) - 1;
}

static guint
ceil_log2 (guint64 x)
{
  return x <= 1 ? 0 : g_bit_storage (x - 1);
}

/**
 * congkak_solver_new:
 * @table_bytes: the table's size; any size from one bucket (64 bytes) up
 *
 * Returns: (transfer full): a solver for @rules, or %NULL when its table
 *   cannot tell positions of these rules apart (a table too small for a
 *   board too large); the caller then solves another way.
 */
CongkakSolver *
congkak_solver_new (const CongkakRules *rules,
                    gsize               table_bytes)
{
  CongkakSolver *solver;
  guint64 n_buckets = MAX (table_bytes / BUCKET_BYTES, 1);
  guint key_bits = MIN (62, TAG_BITS + floor_log2 (n_buckets));
  guint holes, hole_bits;

  g_return_val_if_fail (rules != NULL, NULL);

  holes = 2 * rules->holes;
  hole_bits = MIN (8, key_bits / holes);
  /* Fewer than 3 bits a hole would leave most positions out of the table. */
  if (hole_bits < 3)
    return NULL;

  solver = g_new0 (CongkakSolver, 1);
  solver->rules = *rules;
  congkak_kernel_init (&solver->kernel, rules);
  solver->endgame_seeds = -1;
  solver->n_threads = 1;

  solver->n_buckets = n_buckets;
  solver->hole_bits = hole_bits;
  solver->key_bits = hole_bits * holes;
  solver->key_mask = ((guint64) 1 << solver->key_bits) - 1;

  /* Division by the invariant n_buckets: with k = key bits + ceil (log2
   * n_buckets) and magic = ceil (2^k / n_buckets), key * magic >> k is the
   * quotient for every key below 2^(key bits); magic < 2^63. */
  solver->magic_shift = solver->key_bits + ceil_log2 (n_buckets);
#ifdef __SIZEOF_INT128__
  solver->magic = (guint64) ((((unsigned __int128) 1 << solver->magic_shift) - 1) / n_buckets + 1);
#endif

  /* A table this large is for a solve that fills it. */
  solver->buckets = congkak_kernel_table_alloc (n_buckets * sizeof (Bucket),
                                                n_buckets * sizeof (Bucket) >= HUGE_TABLE_BYTES,
                                                &solver->memory);
  if (solver->buckets == NULL)
    {
      g_free (solver);
      return NULL;
    }
  return solver;
}

/**
 * congkak_solver_set_endgame:
 * @endgame: (nullable): a database for the same rules, kept alive by the
 *   caller while the solver has it
 *
 * Positions with few enough seeds on the board are then read from
 * @endgame in place of being searched.
 */
void
congkak_solver_set_endgame (CongkakSolver        *solver,
                            const CongkakEndgame *endgame)
{
  g_return_if_fail (solver != NULL);
  g_return_if_fail (endgame == NULL
                    || (endgame->kernel.n == solver->kernel.n
                        && endgame->kernel.flags == solver->kernel.flags));

  solver->endgame = endgame;
  solver->endgame_seeds = endgame != NULL ? (int) endgame->indexing.max_seeds : -1;
}

/**
 * congkak_solver_set_threads:
 * @n_threads: how many threads search (at least 1)
 */
void
congkak_solver_set_threads (CongkakSolver *solver,
                            guint          n_threads)
{
  g_return_if_fail (solver != NULL);
  g_return_if_fail (n_threads >= 1);

  solver->n_threads = MIN (n_threads, MAX_THREADS);
}

void
congkak_solver_free (CongkakSolver *solver)
{
  if (solver == NULL)
    return;
  g_free (solver->memory);
  g_free (solver);
}

/**
 * congkak_solver_covers:
 *
 * Returns: whether @state is one this solver plays: a single-round store
 *   game on the kernel, with a move to make.
 */
gboolean
congkak_solver_covers (const CongkakSolver *solver,
                       const CongkakState  *state)
{
  g_return_val_if_fail (solver != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);

  return congkak_kernel_applies (&solver->rules, state)
         && state->position.to_move != CONGKAK_NOBODY
         && congkak_position_side_seeds (&state->position, state->position.to_move) > 0;
}

/* A bijection of the key's bits, so that buckets fill evenly. */
static inline guint64
mix_key (const CongkakSolver *solver,
         guint64              key)
{
  guint shift = (solver->key_bits + 1) / 2;

  key ^= key >> shift;
  key = (key * G_GUINT64_CONSTANT (0xff51afd7ed558ccd)) & solver->key_mask;
  key ^= key >> shift;
  key = (key * G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53)) & solver->key_mask;
  key ^= key >> shift;
  return key;
}

/* The slot of @board; its bucket is NULL if a hole holds too many seeds
 * for the key. */
static inline void
find_slot (const CongkakSolver      *solver,
           const CongkakKernelBoard *board,
           Slot                     *slot)
{
  const guint8 *own = (const guint8 *) &board->side[0];
  const guint8 *opp = (const guint8 *) &board->side[1];
  const guint n = solver->kernel.n;
  const guint bits = solver->hole_bits;
  guint64 key = 0;
  guint64 quotient;
  guint seen = 0;

  for (guint i = 0; i < n; i++)
    {
      key = key << bits | own[i];
      seen |= own[i];
    }
  for (guint i = 0; i < n; i++)
    {
      key = key << bits | opp[i];
      seen |= opp[i];
    }
  if (seen >> bits)
    {
      slot->bucket = NULL;
      return;
    }

  key = mix_key (solver, key);
#ifdef __SIZEOF_INT128__
  quotient = (guint64) (((unsigned __int128) key * solver->magic) >> solver->magic_shift);
#else
  quotient = key / solver->n_buckets;
#endif
  slot->key = key;
  slot->tag = quotient;
  slot->bucket = &solver->buckets[key - quotient * solver->n_buckets];
}

static inline gboolean
table_probe (const Bucket *bucket,
             guint64       tag,
             int          *lower,
             int          *upper,
             guint        *move)
{
  for (guint i = 0; i < BUCKET_ENTRIES; i++)
    {
      guint64 entry = __atomic_load_n (&bucket->entry[i], __ATOMIC_RELAXED);

      if (ENTRY_TAG (entry) == tag && entry != 0)
        {
          *lower = ENTRY_LOWER (entry);
          *upper = ENTRY_UPPER (entry);
          *move = ENTRY_MOVE (entry);
          return TRUE;
        }
    }
  return FALSE;
}

static inline guint64
entry_pack (guint64 tag,
            int     lower,
            int     upper,
            guint   move,
            guint   work)
{
  return tag << TAG_SHIFT
         | (guint64) (CLAMP (upper, -VALUE_BIAS, VALUE_BIAS) + VALUE_BIAS) << 19
         | (guint64) (CLAMP (lower, -VALUE_BIAS, VALUE_BIAS) + VALUE_BIAS) << 10
         | (guint64) move << 6
         | (guint64) (work + 1);
}

/* Keeps what a search of the window (@alpha, @beta) found: tightens the
 * entry of the same position, or takes an empty entry or the one that
 * cost the least to compute. */
static void
table_store (Bucket  *bucket,
             guint64  tag,
             int      value,
             int      alpha,
             int      beta,
             guint    move,
             guint64  work_nodes)
{
  int lower = -VALUE_BIAS, upper = VALUE_BIAS;
  guint work = MIN (floor_log2 (MAX (work_nodes, 1)), 62);
  guint victim = 0, victim_work = G_MAXUINT;

  if (value <= alpha)
    upper = value;
  else if (value >= beta)
    lower = value;
  else
    lower = upper = value;

  for (guint i = 0; i < BUCKET_ENTRIES; i++)
    {
      guint64 entry = __atomic_load_n (&bucket->entry[i], __ATOMIC_RELAXED);

      if (entry == 0)
        {
          if (victim_work > 0)
            {
              victim = i;
              victim_work = 0;
            }
          continue;
        }
      if (ENTRY_TAG (entry) == tag)
        {
          lower = MAX (lower, ENTRY_LOWER (entry));
          upper = MIN (upper, ENTRY_UPPER (entry));
          if (move == NO_MOVE || value <= alpha)
            move = ENTRY_MOVE (entry);
          work = MAX (work, ENTRY_WORK (entry));
          __atomic_store_n (&bucket->entry[i], entry_pack (tag, lower, upper, move, work), __ATOMIC_RELAXED);
          return;
        }
      if (ENTRY_WORK (entry) + 1 < victim_work)
        {
          victim = i;
          victim_work = ENTRY_WORK (entry) + 1;
        }
    }
  __atomic_store_n (&bucket->entry[victim], entry_pack (tag, lower, upper, move, work), __ATOMIC_RELAXED);
}

/* Counts a node; whether to stop: over the node limit, cancelled, or (a
 * helper) the pass is over.  The limit is checked at every node, so a
 * limited solve stops at the same node on every machine. */
static inline gboolean
count_node (Worker *worker)
{
  const CongkakSolver *solver = worker->solver;

  worker->nodes++;
  if (G_UNLIKELY (solver->max_nodes != 0 && worker->nodes > solver->max_nodes))
    worker->aborted = TRUE;
  else if (G_UNLIKELY (worker->nodes % TIME_CHECK_NODES == 0))
    {
      if (solver->cancel != NULL && g_atomic_int_get (solver->cancel))
        worker->aborted = worker->cancelled = TRUE;
      else if (worker->helper && g_atomic_int_get (&solver->pass_over))
        worker->aborted = TRUE;
    }
  return worker->aborted;
}

/* The busy marks of ABDADA, for more than one worker. */
static inline guint64 *
busy_slot (CongkakSolver *solver,
           const Slot    *slot)
{
  return &solver->busy[slot->key % BUSY_SLOTS];
}

static inline gboolean
is_busy (CongkakSolver *solver,
         const Slot    *slot)
{
  return __atomic_load_n (busy_slot (solver, slot), __ATOMIC_RELAXED) == slot->key + 1;
}

/* The mover's store margin after a move of @outcome. */
static inline int
margin_after (const CongkakKernel      *kernel,
              const CongkakKernelBoard *board,
              CongkakKernelOutcome      outcome)
{
  const guint8 *first = (const guint8 *) &board->side[0];
  const guint8 *second = (const guint8 *) &board->side[1];
  int margin = (int) first[kernel->n] - (int) second[kernel->n];

  return outcome == KERNEL_SWAP ? -margin : margin;
}

/* Plays every move of @board; the children that go on are put in @order,
 * the likely best first; the best of those that end the round (and, with
 * @endgame_leaves, of those the endgame database values) is returned
 * (-VALUE_INFINITY if none) with its hole in @best_move. */
static inline G_ALWAYS_INLINE int
expand (const CongkakSolver      *solver,
        const CongkakKernelBoard *board,
        guint                     table_move,
        const guint               flags,
        const gboolean            endgame_leaves,
        Child                     children[CONGKAK_MAX_HOLES],
        Child                    *order[CONGKAK_MAX_HOLES],
        guint                    *n_children,
        guint                    *best_move)
{
  const CongkakKernel *kernel = &solver->kernel;
  const guint n = kernel->n;
  const guint8 *own = (const guint8 *) &board->side[0];
  int before = margin_after (kernel, board, KERNEL_SAME);
  int best = -VALUE_INFINITY;
  guint count = 0;
  EndgameChild endgame[CONGKAK_MAX_HOLES];
  guint n_endgame = 0;

  for (guint hole = n; hole-- > 0;)
    {
      Child *child = &children[count];
      guint place;

      if (own[hole] == 0)
        continue;
      child->board = *board;
      child->hole = hole;
      child->outcome = congkak_kernel_play (kernel, &child->board, hole, flags);
      child->gain = margin_after (kernel, &child->board, child->outcome) - before;
      if (child->outcome == KERNEL_OVER)
        {
          if (child->gain > best)
            {
              best = child->gain;
              *best_move = hole;
            }
          continue;
        }

      /* A child in the endgame database is valued as it is generated:
       * its entry is fetched now and read once all are on their way. */
      if (endgame_leaves && solver->endgame_seeds >= 0)
        {
          const guint8 *first = (const guint8 *) &child->board.side[0];
          const guint8 *second = (const guint8 *) &child->board.side[1];
          int seeds = solver->total - first[n] - second[n];

          if (seeds <= solver->endgame_seeds)
            {
              EndgameChild *known = &endgame[n_endgame++];

              known->index = congkak_endgame_index (solver->endgame, &child->board, (guint) seeds);
              known->gain = child->gain;
              known->hole = hole;
              known->same = child->outcome == KERNEL_SAME;
              __builtin_prefetch (&solver->endgame->values[known->index]);
              continue;
            }
        }

      find_slot (solver, &child->board, &child->slot);
      if (child->slot.bucket != NULL)
        __builtin_prefetch (child->slot.bucket);
      child->order = hole == table_move ? 1 << 20
                     : (child->outcome == KERNEL_SAME ? 1 << 10 : 0) + child->gain;
      /* Insertion, stable: among equals the hole nearer the store first. */
      for (place = count; place > 0 && order[place - 1]->order < child->order; place--)
        order[place] = order[place - 1];
      order[place] = child;
      count++;
    }
  *n_children = count;

  for (guint i = 0; i < n_endgame; i++)
    {
      int value = (int) solver->endgame->values[endgame[i].index] - CONGKAK_ENDGAME_BIAS;
      int total = endgame[i].same ? endgame[i].gain + value : endgame[i].gain - value;

      if (total > best)
        {
          best = total;
          *best_move = endgame[i].hole;
        }
    }
  return best;
}

typedef int (*SolveFunc) (Worker                   *worker,
                          const CongkakKernelBoard *board,
                          const Slot               *slot,
                          int                       alpha,
                          int                       beta);

static inline G_ALWAYS_INLINE int
search_child (Worker      *worker,
              const Child *child,
              int          alpha,
              int          beta,
              SolveFunc    recurse)
{
  if (child->outcome == KERNEL_SAME)
    return child->gain + recurse (worker, &child->board, &child->slot,
                                  alpha - child->gain, beta - child->gain);
  return child->gain - recurse (worker, &child->board, &child->slot,
                                child->gain - beta, child->gain - alpha);
}

/* Fail-soft negamax over gains, for the option set @flags; @recurse is
 * the instance for the same flags. */
static inline G_ALWAYS_INLINE int
solve_node (Worker                   *worker,
            const CongkakKernelBoard *board,
            const Slot               *slot,
            int                       alpha,
            int                       beta,
            const guint               flags,
            SolveFunc                 recurse)
{
  CongkakSolver *solver = worker->solver;
  const guint n = solver->kernel.n;
  const guint8 *own = (const guint8 *) &board->side[0];
  const guint8 *opp = (const guint8 *) &board->side[1];
  int remaining = solver->total - own[n] - opp[n];
  Child children[CONGKAK_MAX_HOLES];
  Child *order[CONGKAK_MAX_HOLES];
  const Child *deferred[CONGKAK_MAX_HOLES];
  guint n_children, n_deferred = 0;
  guint64 nodes_before = worker->nodes;
  guint64 *busy = NULL;
  guint table_move = NO_MOVE, best_move = NO_MOVE;
  int best, original_alpha, original_beta;

  if (count_node (worker))
    return 0;

  /* What is still on the board is all anyone can gain or lose. */
  if (remaining <= alpha)
    return remaining;
  if (-remaining >= beta)
    return -remaining;
  /* Kept one wider than the bound, so that the window never closes. */
  alpha = MAX (alpha, -remaining - 1);
  beta = MIN (beta, remaining + 1);

  if (remaining <= solver->endgame_seeds)
    return congkak_endgame_value (solver->endgame, board, (guint) remaining);

  if (slot->bucket != NULL)
    {
      int lower, upper;

      if (table_probe (slot->bucket, slot->tag, &lower, &upper, &table_move))
        {
          if (lower >= beta)
            return lower;
          if (upper <= alpha)
            return upper;
          if (lower == upper)
            return lower;
          alpha = MAX (alpha, lower);
          beta = MIN (beta, upper);
        }
    }
  /* Bounds read from the table are what the stored value means too. */
  original_alpha = alpha;
  original_beta = beta;

  best = expand (solver, board, table_move, flags, TRUE, children, order, &n_children, &best_move);
  if (best > alpha)
    alpha = best;

  /* Marked only above the database, where a subtree is worth sharing out. */
  if (solver->threaded && slot->bucket != NULL && remaining > solver->endgame_seeds + BUSY_MIN_SEEDS && best < beta)
    {
      busy = busy_slot (solver, slot);
      __atomic_store_n (busy, slot->key + 1, __ATOMIC_RELAXED);
    }

  for (guint i = 0; i < n_children && best < beta; i++)
    {
      const Child *child = order[i];
      int value;

      /* Another worker is on it: later, with what it leaves in the table. */
      if (i > 0 && solver->threaded && child->slot.bucket != NULL && is_busy (solver, &child->slot))
        {
          deferred[n_deferred++] = child;
          continue;
        }
      value = search_child (worker, child, alpha, beta, recurse);
      if (worker->aborted)
        break;
      if (value > best)
        {
          best = value;
          best_move = child->hole;
          if (best > alpha)
            alpha = best;
        }
    }
  for (guint i = 0; i < n_deferred && best < beta && !worker->aborted; i++)
    {
      int value = search_child (worker, deferred[i], alpha, beta, recurse);

      if (worker->aborted)
        break;
      if (value > best)
        {
          best = value;
          best_move = deferred[i]->hole;
          if (best > alpha)
            alpha = best;
        }
    }

  if (busy != NULL)
    {
      guint64 mark = slot->key + 1;

      __atomic_compare_exchange_n (busy, &mark, 0, FALSE, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    }
  if (worker->aborted)
    return 0;
  if (slot->bucket != NULL)
    table_store (slot->bucket, slot->tag, best, original_alpha, original_beta, best_move,
                 worker->nodes - nodes_before);
  return best;
}

#define DEFINE_SOLVE(FLAGS) \
static int \
solve_##FLAGS (Worker                   *worker, \
               const CongkakKernelBoard *board, \
               const Slot               *slot, \
               int                       alpha, \
               int                       beta) \
{ \
  return solve_node (worker, board, slot, alpha, beta, FLAGS, solve_##FLAGS); \
}

KERNEL_INSTANCES (DEFINE_SOLVE)

static int
solve_window (Worker                   *worker,
              const CongkakKernelBoard *board,
              int                       alpha,
              int                       beta)
{
  Slot slot;

  find_slot (worker->solver, board, &slot);
  KERNEL_DISPATCH (worker->solver->kernel.flags, solve, worker, board, &slot, alpha, beta)
}

#define DEFINE_EXPAND(FLAGS) \
static int \
expand_##FLAGS (const CongkakSolver      *solver, \
                const CongkakKernelBoard *board, \
                Child                     children[CONGKAK_MAX_HOLES], \
                Child                    *order[CONGKAK_MAX_HOLES], \
                guint                    *n_children, \
                guint                    *best_move) \
{ \
  return expand (solver, board, NO_MOVE, FLAGS, FALSE, children, order, n_children, best_move); \
}

KERNEL_INSTANCES (DEFINE_EXPAND)

static int
expand_any (const CongkakSolver      *solver,
            const CongkakKernelBoard *board,
            Child                     children[CONGKAK_MAX_HOLES],
            Child                    *order[CONGKAK_MAX_HOLES],
            guint                    *n_children,
            guint                    *best_move)
{
  KERNEL_DISPATCH (solver->kernel.flags, expand, solver, board, children, order, n_children, best_move)
}

/* Whether the gain from @board is at least @target (a null window). */
static gboolean
at_least (Worker                   *worker,
          const CongkakKernelBoard *board,
          int                       target)
{
  return solve_window (worker, board, target - 1, target) >= target;
}

static gpointer
helper_pass (gpointer data)
{
  Worker *helper = data;

  solve_window (helper, &helper->board, helper->beta - 1, helper->beta);
  return NULL;
}

/* One MTD(f) window, by all the threads; the first worker's answer. */
static int
search_pass (Worker                   *worker,
             const CongkakKernelBoard *board,
             int                       beta)
{
  CongkakSolver *solver = worker->solver;
  Worker helpers[MAX_THREADS];
  GThread *threads[MAX_THREADS];
  guint n_helpers = solver->max_nodes == 0 ? solver->n_threads - 1 : 0;
  int value;

  solver->threaded = n_helpers > 0;
  g_atomic_int_set (&solver->pass_over, 0);
  for (guint i = 0; i < n_helpers; i++)
    {
      helpers[i] = (Worker) { .solver = solver, .helper = TRUE, .board = *board, .beta = beta };
      threads[i] = g_thread_new ("congkak-solver", helper_pass, &helpers[i]);
    }
  value = solve_window (worker, board, beta - 1, beta);
  g_atomic_int_set (&solver->pass_over, 1);
  for (guint i = 0; i < n_helpers; i++)
    {
      g_thread_join (threads[i]);
      worker->nodes += helpers[i].nodes;
    }
  solver->threaded = FALSE;
  return value;
}

/* MTD(f): null windows close in on the value from the table's bounds. */
static int
solve_value (Worker                   *worker,
             const CongkakKernelBoard *board)
{
  int lower = -VALUE_INFINITY, upper = VALUE_INFINITY;
  int guess = 0;

  while (lower < upper)
    {
      int beta = guess == lower ? guess + 1 : guess;

      guess = search_pass (worker, board, beta);
      if (worker->aborted)
        return 0;
      if (guess < beta)
        upper = guess;
      else
        lower = guess;
    }
  return lower;
}

/* Follows moves that keep @value, from the warm table, to the round end. */
static void
append_best_line (Worker                   *worker,
                  const CongkakKernelBoard *start,
                  CongkakSide               side,
                  int                       value,
                  GPtrArray                *best_line)
{
  CongkakKernelBoard board = *start;

  for (;;)
    {
      Child children[CONGKAK_MAX_HOLES];
      Child *order[CONGKAK_MAX_HOLES];
      const Child *chosen = NULL;
      CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = side };
      guint n_children, over_move = NO_MOVE;
      int over_best = expand_any (worker->solver, &board, children, order, &n_children, &over_move);

      if (over_best == value)
        {
          move.hole = over_move;
          g_ptr_array_add (best_line, congkak_move_to_string (&move));
          return;
        }
      for (guint i = 0; i < n_children && chosen == NULL; i++)
        {
          const Child *child = order[i];

          if (child->outcome == KERNEL_SAME ? at_least (worker, &child->board, value - child->gain)
              : !at_least (worker, &child->board, child->gain - value + 1))
            chosen = child;
          if (worker->aborted)
            return;
        }
      g_assert (chosen != NULL);

      move.hole = chosen->hole;
      g_ptr_array_add (best_line, congkak_move_to_string (&move));
      if (chosen->outcome == KERNEL_SAME)
        value -= chosen->gain;
      else
        {
          value = chosen->gain - value;
          side = CONGKAK_OTHER_SIDE (side);
        }
      board = chosen->board;
    }
}

/**
 * congkak_solver_solve:
 * @state: a state congkak_solver_covers()
 * @best_line: (nullable) (element-type utf8): where to append a best line
 *   to the round end, in notation, as new strings
 *
 * Solves the round from @state exactly, within @limits.  An aborted solve
 * leaves @best_line as it was.
 */
void
congkak_solver_solve (CongkakSolver             *solver,
                      const CongkakState        *state,
                      const CongkakSolverLimits *limits,
                      GPtrArray                 *best_line,
                      CongkakSolverResult       *result)
{
  Worker worker = { .solver = solver };
  CongkakKernelBoard board;
  int gain;

  g_return_if_fail (solver != NULL);
  g_return_if_fail (congkak_solver_covers (solver, state));
  g_return_if_fail (limits != NULL);
  g_return_if_fail (result != NULL);

  if (solver->dirty)
    memset (solver->buckets, 0, solver->n_buckets * sizeof (Bucket));
  solver->dirty = TRUE;
  solver->total = (int) congkak_position_total_seeds (&state->position);
  solver->max_nodes = limits->max_nodes;
  solver->cancel = limits->cancel;

  congkak_kernel_board_from_state (&solver->kernel, state, &board);
  gain = solve_value (&worker, &board);

  /* The line comes from the warm table, cheaply: no node limit. */
  solver->max_nodes = 0;
  if (!worker.aborted && best_line != NULL)
    {
      guint length = best_line->len;

      append_best_line (&worker, &board, state->position.to_move, gain, best_line);
      if (worker.aborted)
        g_ptr_array_set_size (best_line, length);
    }

  result->gain = worker.aborted ? 0 : gain;
  result->nodes = worker.nodes;
  result->aborted = worker.aborted;
  result->cancelled = worker.cancelled;
}
