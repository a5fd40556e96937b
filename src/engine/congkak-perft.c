/* congkak-perft.c — counting move sequences, and every possible opening
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-kernel-private.h"
#include "congkak-perft.h"

typedef struct
{
  const CongkakState *start;
  const CongkakRules *rules;
  CongkakOpening      opening;
  CongkakOpeningFunc  func;
  gpointer            user_data;
  guint               count;
} OpeningWalk;

/* Plays the opening so far; where a player must choose again, tries each
 * hole they could choose at that moment. */
static void
walk_opening (OpeningWalk *walk)
{
  CongkakState state = *walk->start;
  CongkakSide needing;

  if (!congkak_state_play_opening (&state, walk->rules, &walk->opening, NULL, &needing, NULL))
    return;

  if (needing == CONGKAK_NOBODY)
    {
      walk->count++;
      if (walk->func)
        walk->func (&walk->opening, &state, walk->user_data);
      return;
    }

  for (guint hole = 0; hole < walk->rules->holes; hole++)
    {
      if (!congkak_position_can_choose (&state.position, needing, hole))
        continue;
      congkak_opening_add_choice (&walk->opening, needing, hole);
      walk_opening (walk);
      walk->opening.n_choices[needing]--;
    }
}

/**
 * congkak_state_foreach_opening:
 * @func: (nullable): called with each complete opening and the state after it
 *
 * Walks every complete simultaneous opening from @state, a state in the
 * opening phase: every pair of first holes and every later choice after a
 * seed falls into the own store.
 *
 * Returns: the number of complete openings.
 */
guint
congkak_state_foreach_opening (const CongkakState *state,
                               const CongkakRules *rules,
                               CongkakOpeningFunc  func,
                               gpointer            user_data)
{
  g_autofree OpeningWalk *walk = g_new0 (OpeningWalk, 1);

  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (rules != NULL, 0);
  g_return_val_if_fail (state->phase == CONGKAK_PHASE_OPENING, 0);

  walk->start = state;
  walk->rules = rules;
  walk->func = func;
  walk->user_data = user_data;
  walk_opening (walk);
  return walk->count;
}

typedef struct
{
  const CongkakRules *rules;
  GArray             *history;  /* Oware positions on the path since the last capture */
  CongkakKernel       kernel;
} Perft;

/* perft on the kernel's board (single-round store games), one instance per
 * option set.  The last move is counted, not played: every hole with seeds
 * is a move, and a move that ends the round still counts at that depth. */
#define DEFINE_PERFT_KERNEL(FLAGS) \
static guint64 \
perft_kernel_##FLAGS (const CongkakKernel      *kernel, \
                      const CongkakKernelBoard *board, \
                      guint                     depth) \
{ \
  const guint8 *own = (const guint8 *) &board->side[0]; \
  guint64 nodes = 0; \
\
  if (depth == 1) \
    { \
      for (guint hole = 0; hole < kernel->n; hole++) \
        nodes += own[hole] != 0; \
      return nodes; \
    } \
  for (guint hole = 0; hole < kernel->n; hole++) \
    { \
      CongkakKernelBoard child; \
\
      if (own[hole] == 0) \
        continue; \
      child = *board; \
      if (congkak_kernel_play (kernel, &child, hole, FLAGS) != KERNEL_OVER) \
        nodes += perft_kernel_##FLAGS (kernel, &child, depth - 1); \
    } \
  return nodes; \
}

KERNEL_INSTANCES (DEFINE_PERFT_KERNEL)

static guint64
perft_kernel (const CongkakKernel      *kernel,
              const CongkakKernelBoard *board,
              guint                     depth)
{
  KERNEL_DISPATCH (kernel->flags, perft_kernel, kernel, board, depth)
}

static guint64 perft_state (Perft *perft, const CongkakState *state, guint depth);

typedef struct
{
  Perft  *perft;
  guint   depth;
  guint64 nodes;
} OpeningChildren;

static void
count_opening_child (const CongkakOpening *opening,
                     const CongkakState   *result,
                     gpointer              user_data)
{
  OpeningChildren *children = user_data;

  children->nodes += perft_state (children->perft, result, children->depth);
}

static gboolean
repeats (Perft                 *perft,
         const CongkakPosition *position)
{
  for (guint i = perft->history->len; i > 0; i--)
    {
      const CongkakPosition *seen = &g_array_index (perft->history, CongkakPosition, i - 1);

      /* Stores only grow: an earlier position with other stores never recurs. */
      if (memcmp (seen->store, position->store, sizeof seen->store) != 0)
        return FALSE;
      if (memcmp (seen, position, sizeof *seen) == 0)
        return TRUE;
    }
  return FALSE;
}

static guint64
perft_state (Perft              *perft,
             const CongkakState *state,
             guint               depth)
{
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n_holes;
  guint64 nodes = 0;

  if (depth == 0)
    return 1;

  switch (state->phase)
    {
    case CONGKAK_PHASE_MATCH_OVER:
      return 0;

    case CONGKAK_PHASE_ROUND_OVER:
      {
        CongkakState child = *state;

        congkak_state_next_round (&child, perft->rules, NULL, NULL);
        return perft_state (perft, &child, depth - 1);
      }

    case CONGKAK_PHASE_OPENING:
      {
        OpeningChildren children = { perft, depth - 1, 0 };

        congkak_state_foreach_opening (state, perft->rules, count_opening_child, &children);
        return children.nodes;
      }

    case CONGKAK_PHASE_PLAYING:
    default:
      break;
    }

  if (perft->history == NULL && congkak_kernel_applies (perft->rules, state))
    {
      CongkakKernelBoard board;

      congkak_kernel_board_from_state (&perft->kernel, state, &board);
      return perft_kernel (&perft->kernel, &board, depth);
    }

  n_holes = congkak_state_legal_moves (state, perft->rules, holes);
  for (guint i = 0; i < n_holes; i++)
    {
      CongkakState child = *state;

      congkak_state_play_fast (&child, perft->rules, holes[i]);

      if (perft->history == NULL || child.phase != CONGKAK_PHASE_PLAYING)
        {
          nodes += depth == 1 ? 1 : perft_state (perft, &child, depth - 1);
          continue;
        }

      if (repeats (perft, &child.position))
        {
          congkak_state_end_by_repetition (&child, perft->rules, NULL);
          nodes += depth == 1 ? 1 : 0;
          continue;
        }
      g_array_append_val (perft->history, child.position);
      nodes += perft_state (perft, &child, depth - 1);
      g_array_set_size (perft->history, perft->history->len - 1);
    }
  return nodes;
}

/**
 * congkak_perft:
 *
 * Counts the move sequences of @depth moves from @state.  One move is one
 * sowing (an extra turn is a move by the same player), one complete
 * simultaneous opening, or one `next-round`; a finished match has no moves.
 * Oware's repetition rule is applied along each sequence.
 */
guint64
congkak_perft (const CongkakState *state,
               const CongkakRules *rules,
               guint               depth)
{
  Perft perft = { rules, NULL };
  guint64 nodes;

  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (rules != NULL, 0);

  congkak_kernel_init (&perft.kernel, rules);

  if (rules->family == CONGKAK_FAMILY_OWARE)
    {
      perft.history = g_array_new (FALSE, FALSE, sizeof (CongkakPosition));
      g_array_append_val (perft.history, state->position);
    }
  nodes = perft_state (&perft, state, depth);
  g_clear_pointer (&perft.history, g_array_unref);
  return nodes;
}
