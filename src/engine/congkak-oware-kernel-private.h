/* congkak-oware-kernel-private.h — fast Oware moves for the search
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Oware search (congkak-search.c) plays its moves here in place of
 * congkak_state_play_fast(), on a board of bytes seen from the player to
 * move: `cells[0..n-1]` are the mover's holes in the mover's sowing order,
 * `cells[n..2n-1]` the opponent's in theirs, so the sowing circuit is just
 * 0..2n-1 and a move never asks whose turn it is; `captured[0]` is the
 * mover's captures, `captured[1]` the opponent's.  A move writes the child
 * seen from the next mover (the halves swapped), with no events and no
 * CongkakState.
 *
 * It plays RULES.md 7 exactly as the engine does: laps skip the origin,
 * captures of 2 and 3 backwards, the grand slam option, must feed, and the
 * end of the game (majority, the next mover without seeds, the opponent not
 * to be fed) with the seeds each side takes.  Repetition is a matter of the
 * game's history, which a position does not know: like the engine's
 * congkak_state_play_fast(), the kernel leaves it to the game.
 *
 * Seeds are bytes, so the kernel covers games of at most 255 seeds
 * (congkak_oware_kernel_applies()); test-engine-properties compares it with
 * the engine on random positions.
 */

#pragma once

#include <string.h>

#include "congkak-state.h"

#define CONGKAK_OWARE_KERNEL_MAX_SEEDS 255

typedef struct
{
  guint8 cells[2 * CONGKAK_MAX_HOLES + 6];  /* [0, n) the mover's, [n, 2n) the opponent's; the rest 0 */
  guint8 captured[2];                       /* [0] the mover's, [1] the opponent's */
} CongkakOwareBoard;

typedef struct
{
  guint    n;           /* holes a side */
  guint    total;       /* seeds in the game, board and captures */
  gboolean grand_slam;  /* a move that takes every seed of the opponent captures them */
} CongkakOwareKernel;

G_STATIC_ASSERT (sizeof (CongkakOwareBoard) == 26);

/* Whether the kernel plays @position under @rules like the engine. */
static inline gboolean
congkak_oware_kernel_applies (const CongkakRules    *rules,
                              const CongkakPosition *position)
{
  return rules->family == CONGKAK_FAMILY_OWARE
         && position->n_holes == rules->holes
         && position->burnt[0] == 0 && position->burnt[1] == 0
         && (position->to_move == CONGKAK_SOUTH || position->to_move == CONGKAK_NORTH)
         && congkak_position_total_seeds (position) <= CONGKAK_OWARE_KERNEL_MAX_SEEDS;
}

static inline void
congkak_oware_kernel_init (CongkakOwareKernel    *kernel,
                           const CongkakRules    *rules,
                           const CongkakPosition *position)
{
  kernel->n = rules->holes;
  kernel->total = congkak_position_total_seeds (position);
  kernel->grand_slam = rules->grand_slam == CONGKAK_GRAND_SLAM_CAPTURE;
}

/* @position seen from @side (its player to move, for a position in play). */
static inline void
congkak_oware_board_from_position (const CongkakOwareKernel *kernel,
                                   const CongkakPosition    *position,
                                   CongkakSide               side,
                                   CongkakOwareBoard        *board)
{
  CongkakSide other = CONGKAK_OTHER_SIDE (side);

  memset (board, 0, sizeof *board);
  for (guint i = 0; i < kernel->n; i++)
    {
      board->cells[i] = (guint8) position->holes[side][i];
      board->cells[kernel->n + i] = (guint8) position->holes[other][i];
    }
  board->captured[0] = (guint8) position->store[side];
  board->captured[1] = (guint8) position->store[other];
}

/* The holes and stores of @board, its mover being @side. */
static inline void
congkak_oware_board_to_position (const CongkakOwareKernel *kernel,
                                 const CongkakOwareBoard  *board,
                                 CongkakSide               side,
                                 CongkakPosition          *position)
{
  CongkakSide other = CONGKAK_OTHER_SIDE (side);

  for (guint i = 0; i < kernel->n; i++)
    {
      position->holes[side][i] = board->cells[i];
      position->holes[other][i] = board->cells[kernel->n + i];
    }
  position->store[side] = board->captured[0];
  position->store[other] = board->captured[1];
}

static inline G_ALWAYS_INLINE guint64
congkak_oware_load64 (const guint8 *bytes)
{
  guint64 word;

  memcpy (&word, bytes, sizeof word);
  return word;
}

/* The seeds of the @n holes from @side on: the bytes summed by one
 * multiplication, which cannot carry since no game has more than 255
 * seeds (little and big endian alike: the top byte sums all eight). */
static inline G_ALWAYS_INLINE guint
congkak_oware_side_seeds (const guint8 *side,
                          guint         n)
{
  guint64 word = congkak_oware_load64 (side);
  guint seeds = 0;

  if (n < 8)
    word &= G_LITTLE_ENDIAN == G_BYTE_ORDER ? (G_GUINT64_CONSTANT (1) << (8 * n)) - 1
                                            : ~(G_MAXUINT64 >> (8 * n));
  else if (n > 8)
    seeds = side[8];
  return seeds + (guint) ((word * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
}

/* The legal holes of the mover, ascending, as a bit mask (must feed:
 * only holes that reach the opponent when the opponent has no seeds). */
static inline G_ALWAYS_INLINE guint
congkak_oware_legal_mask (const CongkakOwareKernel *kernel,
                          const CongkakOwareBoard  *board)
{
  guint n = kernel->n;
  gboolean must_feed = congkak_oware_side_seeds (board->cells + n, n) == 0;
  guint mask = 0;

  for (guint i = 0; i < n; i++)
    if (board->cells[i] > (must_feed ? n - 1 - i : 0))
      mask |= 1u << i;
  return mask;
}

/* A 64-bit key of the board and both captures.  Cells 18..23 are always
 * 0, so the captures take the top two bytes of the third word. */
static inline G_ALWAYS_INLINE guint64
congkak_oware_board_key (const CongkakOwareBoard *board)
{
  guint64 words[3];
  guint64 key;

  G_STATIC_ASSERT (sizeof words <= sizeof *board);
  memcpy (words, board, sizeof words);
  key = words[0] * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  key ^= key >> 29;
  key = (key ^ words[1]) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  key ^= key >> 32;
  key = (key ^ words[2] ^ ((guint64) board->captured[0] << 48) ^ ((guint64) board->captured[1] << 56)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  key ^= key >> 29;
  return key;
}

/* What the move from @hole would capture, without playing it (the grand
 * slam not counted), for move ordering.  When the last seed lands on the
 * opponent's side the sowing did not wrap, so every hole from the
 * opponent's first to the landing got the same number of seeds. */
static inline G_ALWAYS_INLINE guint
congkak_oware_capture_guess (const CongkakOwareKernel *kernel,
                             const CongkakOwareBoard  *board,
                             guint                     hole)
{
  guint n = kernel->n;
  guint seeds = board->cells[hole];
  guint added = (seeds - 1) / (2 * n - 1) + 1;
  guint last = hole + 1 + (seeds - 1) % (2 * n - 1);
  guint captured = 0;

  for (guint i = last; i >= n && i < 2 * n; i--)
    {
      guint count = board->cells[i] + added;

      if (count != 2 && count != 3)
        break;
      captured += count;
    }
  return captured;
}

/* Plays @hole (a legal move) from @board into @child, seen from the next
 * mover.  Returns the margin the mover of @board gains by it (captures and,
 * when the game ends, the seeds each side takes); *over says whether the
 * game ended (RULES.md 7). */
static inline G_ALWAYS_INLINE int
congkak_oware_play (const CongkakOwareKernel *kernel,
                    const CongkakOwareBoard  *board,
                    guint                     hole,
                    CongkakOwareBoard        *child,
                    gboolean                 *over)
{
  guint n = kernel->n;
  guint ring = 2 * n;
  CongkakOwareBoard sown = *board;
  guint8 *cells = sown.cells;
  guint seeds, laps, rest, last, i;
  guint captured = 0;
  guint own_seeds, other_seeds;
  guint total2 = kernel->total;
  guint own_captured, other_captured;

  seeds = cells[hole];
  cells[hole] = 0;
  laps = seeds / (ring - 1);
  rest = seeds % (ring - 1);
  if (G_UNLIKELY (laps > 0))
    {
      for (i = 0; i < ring; i++)
        cells[i] += (guint8) laps;
      cells[hole] -= (guint8) laps;
    }
  /* The rest, one each from the hole after the origin on. */
  for (i = hole + 1; i <= hole + rest && i < ring; i++)
    cells[i]++;
  for (i = 0; i + ring <= hole + rest; i++)
    cells[i]++;
  last = rest > 0 ? hole + rest : hole + ring - 1;
  if (last >= ring)
    last -= ring;

  /* Captures of 2 and 3 backwards on the opponent's side. */
  if (last >= n)
    {
      guint first = last + 1;

      while (first > n && (cells[first - 1] == 2 || cells[first - 1] == 3))
        {
          first--;
          captured += cells[first];
        }
      if (captured > 0
          && (kernel->grand_slam || captured != congkak_oware_side_seeds (cells + n, n)))
        {
          for (i = first; i <= last; i++)
            cells[i] = 0;
        }
      else
        captured = 0;
    }

  /* The child, seen from the opponent. */
  *child = (CongkakOwareBoard) { 0 };
  for (i = 0; i < n; i++)
    {
      child->cells[i] = cells[n + i];
      child->cells[n + i] = cells[i];
    }
  own_captured = board->captured[1];
  other_captured = board->captured[0] + captured;  /* the mover of @board's */

  *over = FALSE;
  if (2 * own_captured > total2 || 2 * other_captured > total2
      || (2 * own_captured == total2 && 2 * other_captured == total2))
    *over = TRUE;
  else if ((own_seeds = congkak_oware_side_seeds (child->cells, n)) == 0)
    {
      other_captured += congkak_oware_side_seeds (child->cells + n, n);
      for (i = n; i < ring; i++)
        child->cells[i] = 0;
      *over = TRUE;
    }
  else if ((other_seeds = total2 - own_captured - other_captured - own_seeds) == 0)
    {
      gboolean can_feed = FALSE;

      for (i = 0; i < n && !can_feed; i++)
        can_feed = child->cells[i] > n - 1 - i;
      if (!can_feed)
        {
          own_captured += own_seeds;
          for (i = 0; i < n; i++)
            child->cells[i] = 0;
          *over = TRUE;
        }
    }
  child->captured[0] = (guint8) own_captured;
  child->captured[1] = (guint8) other_captured;
  return ((int) other_captured - (int) board->captured[0]) - ((int) own_captured - (int) board->captured[1]);
}
