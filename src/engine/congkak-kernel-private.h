/* congkak-kernel-private.h — fast sowing for single-round store games
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * perft and the exact solver spend nearly all their time sowing.  Within
 * one single-round store game (Kalah, congkak-single and custom rules like
 * them) nothing can burn a hole and no option changes, so they use this
 * kernel in place of congkak_state_play_fast():
 *
 *  - the board is seen from the player to move: `side[0]` is the mover's
 *    holes 0..n-1 and store (n), `side[1]` the opponent's; when the turn
 *    passes the two halves swap, so the mover's circuit is always own holes,
 *    own store, opponent's holes, and no move asks whose turn it is;
 *  - each half is a 16-byte vector: a hand of seeds is added as at most
 *    three runs of ones and whole laps at once, with no loop per seed;
 *  - the options (relay, capture-empty-opposite, empty-side) are
 *    compile-time flags of each caller's instance, chosen once per search
 *    (KERNEL_DISPATCH), so a move tests none of them.
 *
 * congkak_kernel_applies() says when the kernel plays exactly like the
 * engine; test-engine-properties compares the two on random positions.
 */

#pragma once

#include <string.h>

#include "congkak-state.h"

#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

typedef guint8 CongkakKernelVector __attribute__ ((vector_size (16)));

typedef struct
{
  CongkakKernelVector side[2];  /* [0] the player to move, [1] the opponent */
} CongkakKernelBoard;

typedef struct
{
  guint               n;          /* holes a side */
  guint               ring;       /* the mover's circuit: 2n + 1 places */
  guint               flags;      /* KERNEL_* of the rules */
  CongkakKernelVector holes;      /* ones at 0..n-1 */
  CongkakKernelVector hole_mask;  /* 0xff at 0..n-1 */
  CongkakKernelVector own_lap;    /* ones at 0..n: what a lap adds to the mover's half */
} CongkakKernel;

/* Option flags: an instance of the kernel is compiled for each. */
#define KERNEL_RELAY          1u
#define KERNEL_CAPTURE_EMPTY  2u
#define KERNEL_EMPTY_SHIFT    2   /* CongkakEmptySide in bits 2-3 */
#define KERNEL_N_FLAGS        12

#define KERNEL_EMPTY_SIDE(flags) ((CongkakEmptySide) ((flags) >> KERNEL_EMPTY_SHIFT))

typedef enum
{
  KERNEL_SAME,   /* the mover moves again (an extra turn, or the opponent passes) */
  KERNEL_SWAP,   /* the opponent moves next: the halves are swapped */
  KERNEL_OVER,   /* the round is over; the stores hold the final counts */
} CongkakKernelOutcome;

/* 16 zeros, 16 ones, 16 zeros: 16 bytes read at 16 - a have ones from a on. */
static const guint8 congkak_kernel_window[48] = {
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

static inline CongkakKernelVector
congkak_kernel_ones_from (guint a)
{
  CongkakKernelVector v;

  memcpy (&v, congkak_kernel_window + 16 - a, sizeof v);
  return v;
}

/* Ones at a..b-1, for 0 <= a <= b <= 16. */
static inline CongkakKernelVector
congkak_kernel_run (guint a,
                    guint b)
{
  return congkak_kernel_ones_from (a) - congkak_kernel_ones_from (b);
}

static inline guint64
congkak_kernel_word (CongkakKernelVector v,
                     guint               i)
{
  guint64 w;

  memcpy (&w, (const guint8 *) &v + 8 * i, sizeof w);
  return w;
}

/* Whether a half (masked to its holes) holds no seeds. */
static inline gboolean
congkak_kernel_empty (const CongkakKernel *kernel,
                      CongkakKernelVector  half)
{
  CongkakKernelVector holes = half & kernel->hole_mask;

  return (congkak_kernel_word (holes, 0) | congkak_kernel_word (holes, 1)) == 0;
}

static inline guint
congkak_kernel_side_seeds (const CongkakKernel *kernel,
                           CongkakKernelVector  half)
{
  const guint8 *cell = (const guint8 *) &half;
  guint sum = 0;

  for (guint i = 0; i < kernel->n; i++)
    sum += cell[i];
  return sum;
}

static inline guint
congkak_kernel_flags (const CongkakRules *rules)
{
  return (rules->relay ? KERNEL_RELAY : 0)
         | (rules->capture_empty_opposite ? KERNEL_CAPTURE_EMPTY : 0)
         | ((guint) rules->empty_side << KERNEL_EMPTY_SHIFT);
}

/* Whether the kernel plays @state exactly as the engine does. */
static inline gboolean
congkak_kernel_applies (const CongkakRules *rules,
                        const CongkakState *state)
{
  return rules->family == CONGKAK_FAMILY_STORE
         && !rules->multi_round
         && state->phase == CONGKAK_PHASE_PLAYING
         && state->position.burnt[0] == 0 && state->position.burnt[1] == 0
         && congkak_position_total_seeds (&state->position) <= G_MAXUINT8;
}

static inline void
congkak_kernel_init (CongkakKernel      *kernel,
                     const CongkakRules *rules)
{
  memset (kernel, 0, sizeof *kernel);
  kernel->n = rules->holes;
  kernel->ring = 2 * rules->holes + 1;
  kernel->flags = congkak_kernel_flags (rules);
  kernel->holes = congkak_kernel_run (0, kernel->n);
  kernel->hole_mask = -kernel->holes;
  kernel->own_lap = congkak_kernel_run (0, kernel->n + 1);
}

/* @state's board as seen by its player to move. */
static inline void
congkak_kernel_board_from_state (const CongkakKernel *kernel,
                                 const CongkakState  *state,
                                 CongkakKernelBoard  *board)
{
  const CongkakPosition *position = &state->position;

  memset (board, 0, sizeof *board);
  for (guint half = 0; half < 2; half++)
    {
      CongkakSide side = half == 0 ? position->to_move : CONGKAK_OTHER_SIDE (position->to_move);
      guint8 *cell = (guint8 *) &board->side[half];

      for (guint i = 0; i < kernel->n; i++)
        cell[i] = (guint8) position->holes[side][i];
      cell[kernel->n] = (guint8) position->store[side];
    }
}

static inline void
congkak_kernel_swap (CongkakKernelBoard *board)
{
  CongkakKernelVector mover = board->side[0];

  board->side[0] = board->side[1];
  board->side[1] = mover;
}

/* Adds one seed to each place r..z (0 <= r <= z < ring) of the mover's
 * circuit: own holes and store 0..n, then the opponent's holes. */
static inline G_ALWAYS_INLINE void
congkak_kernel_add_run (const CongkakKernel *kernel,
                        CongkakKernelBoard  *board,
                        guint                r,
                        guint                z)
{
  guint n = kernel->n;

  if (r <= n)
    board->side[0] += congkak_kernel_run (r, MIN (z, n) + 1);
  if (z > n)
    board->side[1] += congkak_kernel_run (MAX (r, n + 1) - (n + 1), z - n);
}

/* Plays the mover's @hole (not empty) and the round-end checks of RULES.md
 * 3 for the rules in @flags.  On KERNEL_SWAP the halves are already swapped;
 * the caller reads the stores before and after for the gain. */
static inline G_ALWAYS_INLINE CongkakKernelOutcome
congkak_kernel_play (const CongkakKernel *kernel,
                     CongkakKernelBoard  *board,
                     guint                hole,
                     const guint          flags)
{
  const guint n = kernel->n;
  const guint ring = kernel->ring;
  guint8 *own = (guint8 *) &board->side[0];
  guint8 *opp = (guint8 *) &board->side[1];
  guint place = hole;  /* on the circuit */
  gboolean same;
  gboolean own_empty, opp_empty;

  for (;;)
    {
      guint8 *cell = place <= n ? &own[place] : &opp[place - n - 1];
      guint seeds = *cell;
      guint end;

      *cell = 0;
      if (G_UNLIKELY (seeds > ring))
        {
          guint laps = (seeds - 1) / ring;

          seeds -= laps * ring;
          board->side[0] += kernel->own_lap * (guint8) laps;
          board->side[1] += kernel->holes * (guint8) laps;
        }

      /* 1..ring seeds onto the places after this one. */
      end = place + seeds;
      if (end < ring)
        congkak_kernel_add_run (kernel, board, place + 1, end);
      else
        {
          if (place + 1 < ring)
            congkak_kernel_add_run (kernel, board, place + 1, ring - 1);
          end -= ring;
          congkak_kernel_add_run (kernel, board, 0, end);
        }
      place = end;

      if (place == n)
        {
          same = TRUE;
          break;
        }

      cell = place < n ? &own[place] : &opp[place - n - 1];
      if (*cell > 1)
        {
          if (flags & KERNEL_RELAY)
            continue;
          same = FALSE;
          break;
        }

      if (place < n)
        {
          guint opposite = n - 1 - place;
          guint captured = opp[opposite];

          if (captured > 0 || (flags & KERNEL_CAPTURE_EMPTY))
            {
              own[n] += captured + 1;
              own[place] = 0;
              opp[opposite] = 0;
            }
        }
      same = FALSE;
      break;
    }

  own_empty = congkak_kernel_empty (kernel, board->side[0]);
  opp_empty = congkak_kernel_empty (kernel, board->side[1]);

  switch (KERNEL_EMPTY_SIDE (flags))
    {
    case CONGKAK_EMPTY_SIDE_END_ROUND:
      if (own_empty || opp_empty)
        {
          own[n] += congkak_kernel_side_seeds (kernel, board->side[0]);
          opp[n] += congkak_kernel_side_seeds (kernel, board->side[1]);
          board->side[0] &= ~kernel->hole_mask;
          board->side[1] &= ~kernel->hole_mask;
          return KERNEL_OVER;
        }
      break;

    case CONGKAK_EMPTY_SIDE_MOVER_CANNOT_MOVE:
      if (same ? own_empty : opp_empty)
        {
          guint8 *other = same ? opp : own;
          CongkakKernelVector *half = same ? &board->side[1] : &board->side[0];

          other[n] += congkak_kernel_side_seeds (kernel, *half);
          *half &= ~kernel->hole_mask;
          return KERNEL_OVER;
        }
      break;

    case CONGKAK_EMPTY_SIDE_PASS:
    default:
      if (own_empty && opp_empty)
        return KERNEL_OVER;
      if (same ? own_empty : opp_empty)
        same = !same;
      break;
    }

  if (same)
    return KERNEL_SAME;
  congkak_kernel_swap (board);
  return KERNEL_SWAP;
}

/* Calls FUNC##_N (ARGS) for the instance compiled for @flags, with
 * FUNC##_N defined by KERNEL_INSTANCES (FUNC, DEFINE) for each flag set. */
#define KERNEL_INSTANCES(DEFINE) \
  DEFINE (0) DEFINE (1) DEFINE (2) DEFINE (3) DEFINE (4) DEFINE (5) \
  DEFINE (6) DEFINE (7) DEFINE (8) DEFINE (9) DEFINE (10) DEFINE (11)

#define KERNEL_DISPATCH(flags, FUNC, ...) \
  switch (flags) \
    { \
    case 0: return FUNC##_0 (__VA_ARGS__); \
    case 1: return FUNC##_1 (__VA_ARGS__); \
    case 2: return FUNC##_2 (__VA_ARGS__); \
    case 3: return FUNC##_3 (__VA_ARGS__); \
    case 4: return FUNC##_4 (__VA_ARGS__); \
    case 5: return FUNC##_5 (__VA_ARGS__); \
    case 6: return FUNC##_6 (__VA_ARGS__); \
    case 7: return FUNC##_7 (__VA_ARGS__); \
    case 8: return FUNC##_8 (__VA_ARGS__); \
    case 9: return FUNC##_9 (__VA_ARGS__); \
    case 10: return FUNC##_10 (__VA_ARGS__); \
    case 11: default: return FUNC##_11 (__VA_ARGS__); \
    }

/* Zeroed memory for a large table that is read at random (the solver's
 * transposition table, an endgame database), aligned to a cache line.
 * Fresh pages from calloc are zero without being touched.  With @huge,
 * where transparent huge pages are given on request, it asks for them:
 * with 4 KiB pages nearly every access would also miss the TLB, but a
 * huge page costs its whole 2 MiB (and the kernel's compaction) when first
 * touched, so only memory that will be filled asks (measured: a 64 MiB
 * table touched by a small solve took 0.15 s of system time so, 0.03 s
 * without).  Free @block; NULL if there is not that much memory. */
static inline gpointer
congkak_kernel_table_alloc (gsize     bytes,
                            gboolean  huge,
                            gpointer *block)
{
  guintptr start;

  *block = bytes < G_MAXSIZE - 64 ? g_try_malloc0 (bytes + 64) : NULL;
  if (*block == NULL)
    return NULL;
  start = ((guintptr) *block + 63) & ~(guintptr) 63;
#ifdef MADV_HUGEPAGE
  if (huge)
    {
      guintptr page = 4096;
      guintptr first = (start + page - 1) & ~(page - 1);
      guintptr end = (start + bytes) & ~(page - 1);

      /* Advice only: nothing changes if it is refused. */
      if (end > first)
        madvise ((void *) first, end - first, MADV_HUGEPAGE);
    }
#endif
  return (gpointer) start;
}
