/* congkak-position.c — the board and one sowing move
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-position.h"
#include "congkak-sowing-private.h"

void
congkak_position_init_start (CongkakPosition    *position,
                             const CongkakRules *rules)
{
  g_return_if_fail (position != NULL);
  g_return_if_fail (rules != NULL);
  g_return_if_fail (rules->holes >= CONGKAK_MIN_HOLES && rules->holes <= CONGKAK_MAX_HOLES);

  memset (position, 0, sizeof *position);
  position->n_holes = rules->holes;
  position->to_move = rules->first_player;
  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < rules->holes; i++)
      position->holes[side][i] = rules->seeds;
}

gboolean
congkak_position_equal (const CongkakPosition *a,
                        const CongkakPosition *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  /* Every byte is set by the functions that make positions (no padding). */
  return memcmp (a, b, sizeof *a) == 0;
}

guint
congkak_position_hash (const CongkakPosition *position)
{
  const guint8 *bytes = (const guint8 *) position;
  guint hash = 2166136261u;

  g_return_val_if_fail (position != NULL, 0);

  for (gsize i = 0; i < sizeof *position; i++)
    hash = (hash ^ bytes[i]) * 16777619u;
  return hash;
}

G_STATIC_ASSERT (sizeof (CongkakPosition) == 2 * 2 * CONGKAK_MAX_HOLES + 2 * 2 + 2 * 2 + 2);

guint
congkak_position_side_seeds (const CongkakPosition *position,
                             CongkakSide            side)
{
  guint total = 0;

  g_return_val_if_fail (position != NULL, 0);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, 0);

  for (guint i = 0; i < position->n_holes; i++)
    total += position->holes[side][i];
  return total;
}

guint
congkak_position_total_seeds (const CongkakPosition *position)
{
  g_return_val_if_fail (position != NULL, 0);

  return congkak_position_side_seeds (position, CONGKAK_SOUTH)
         + congkak_position_side_seeds (position, CONGKAK_NORTH)
         + position->store[CONGKAK_SOUTH] + position->store[CONGKAK_NORTH];
}

gboolean
congkak_position_is_burnt (const CongkakPosition *position,
                           CongkakSide            side,
                           guint                  hole)
{
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, FALSE);
  g_return_val_if_fail (hole < position->n_holes, FALSE);

  return (position->burnt[side] & (1u << hole)) != 0;
}

/**
 * congkak_position_can_choose:
 *
 * Returns: whether @side may start sowing from @hole: it holds seeds and is
 *   not burnt.  (Oware's feeding rule is applied by congkak_state_legal_moves().)
 */
gboolean
congkak_position_can_choose (const CongkakPosition *position,
                             CongkakSide            side,
                             guint                  hole)
{
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, FALSE);

  return hole < position->n_holes
         && position->holes[side][hole] > 0
         && (position->burnt[side] & (1u << hole)) == 0;
}

static inline G_ALWAYS_INLINE guint
sow_move (CongkakPosition    *position,
          const CongkakRules *rules,
          guint               hole,
          GArray             *events)
{
  CongkakSide player = position->to_move;
  CongkakHand hand;
  guint drops = 0;

  congkak_hand_pick_up (&hand, position, player, hole, CONGKAK_EVENT_PICK_UP, 0, events);

  if (rules->family == CONGKAK_FAMILY_OWARE)
    {
      for (; hand.seeds > 0; drops++)
        congkak_hand_drop_one (&hand, position, rules, 0, events);
      congkak_hand_land_oware (&hand, position, rules, events);
      position->to_move = CONGKAK_OTHER_SIDE (player);
      return drops;
    }

  for (;;)
    {
      for (; hand.seeds > 0; drops++)
        congkak_hand_drop_one (&hand, position, rules, 0, events);

      switch (congkak_hand_land_store_game (&hand, position, rules, 0, events))
        {
        case CONGKAK_LANDING_RELAY:
          continue;
        case CONGKAK_LANDING_EXTRA_TURN:
          position->to_move = player;
          return drops;
        case CONGKAK_LANDING_END:
        default:
          position->to_move = CONGKAK_OTHER_SIDE (player);
          return drops;
        }
    }
}

/**
 * congkak_position_sow:
 * @position: the position; its player to move sows
 * @hole: a hole that congkak_position_can_choose() accepts
 * @events: (nullable): an array made by congkak_event_array_new() to append
 *   the events of the move to
 *
 * Sows one move and resolves where it lands (RULES.md sections 2, 5 and 7),
 * then sets the player to move: the same player after an extra turn, the
 * other one otherwise.  Round and match ends are not judged here; that is
 * congkak_state_play()'s work.
 *
 * Returns: the number of seeds dropped (including forfeited ones).
 */
guint
congkak_position_sow (CongkakPosition    *position,
                      const CongkakRules *rules,
                      guint               hole,
                      GArray             *events)
{
  g_return_val_if_fail (position != NULL, 0);
  g_return_val_if_fail (rules != NULL, 0);
  g_return_val_if_fail (position->to_move == CONGKAK_SOUTH || position->to_move == CONGKAK_NORTH, 0);
  g_return_val_if_fail (congkak_position_can_choose (position, position->to_move, hole), 0);

  if (events == NULL)
    return sow_move (position, rules, hole, NULL);
  return sow_move (position, rules, hole, events);
}

/**
 * congkak_position_sow_fast:
 *
 * congkak_position_sow() without events or argument checks, for search.
 */
guint
congkak_position_sow_fast (CongkakPosition    *position,
                           const CongkakRules *rules,
                           guint               hole)
{
  return sow_move (position, rules, hole, NULL);
}

/**
 * congkak_position_sowing_bound:
 *
 * Returns: the most seeds one move can drop (RULES.md section 2): each lap
 *   of the circuit puts a seed into the mover's own store, where it stays.
 */
guint
congkak_position_sowing_bound (const CongkakPosition *position)
{
  g_return_val_if_fail (position != NULL, 0);

  return (congkak_position_total_seeds (position) + 1) * (2 * position->n_holes + 1);
}

/**
 * congkak_position_apply_event:
 *
 * Moves the seeds that one event of a move's list moves, so that a view
 * can show a move step by step from the position before it and end where
 * the engine ended.  Seeds in hand are the caller's to track: a pick-up
 * or relay empties the hole, a drop adds a seed.  Events that move no
 * seeds (extra turn, turn end, …) change nothing.
 */
void
congkak_position_apply_event (CongkakPosition    *position,
                              const CongkakRules *rules,
                              const CongkakEvent *event)
{
  CongkakPlace place;

  g_return_if_fail (position != NULL);
  g_return_if_fail (rules != NULL);
  g_return_if_fail (event != NULL);

  place = event->place;
  switch (event->type)
    {
    case CONGKAK_EVENT_PICK_UP:
    case CONGKAK_EVENT_RELAY:
      position->holes[place.side][place.index] = 0;
      break;

    case CONGKAK_EVENT_DROP:
      if (place.index == CONGKAK_STORE)
        position->store[place.side]++;
      else
        position->holes[place.side][place.index]++;
      break;

    case CONGKAK_EVENT_FORFEIT:
      position->store[CONGKAK_OTHER_SIDE (event->player)]++;
      break;

    case CONGKAK_EVENT_CAPTURE:
      for (guint side = 0; side < 2; side++)
        for (guint i = 0; i < position->n_holes; i++)
          if (event->mask[side] & (1u << i))
            position->holes[side][i] = 0;
      position->store[event->player] += event->count;
      break;

    case CONGKAK_EVENT_ROUND_END:
      for (guint side = 0; side < 2; side++)
        if (event->amount[side] > 0)
          {
            for (guint i = 0; i < position->n_holes; i++)
              position->holes[side][i] = 0;
            position->store[side] += event->amount[side];
          }
      break;

    case CONGKAK_EVENT_REFILL:
      for (guint side = 0; side < 2; side++)
        {
          position->burnt[side] = event->mask[side];
          position->store[side] -= event->amount[side];
          for (guint i = 0; i < position->n_holes; i++)
            position->holes[side][i] = (event->mask[side] & (1u << i)) ? 0 : rules->seeds;
        }
      break;

    case CONGKAK_EVENT_ROUND_START:
      position->to_move = event->player;
      break;

    default:
      break;
    }
}

/**
 * congkak_hole_letter:
 *
 * Returns: the notation of a hole (RULES.md 1): `A`… for South, `a`… for North.
 */
char
congkak_hole_letter (CongkakSide side,
                     guint       hole)
{
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, '?');
  g_return_val_if_fail (hole < CONGKAK_MAX_HOLES, '?');

  return (side == CONGKAK_SOUTH ? 'A' : 'a') + hole;
}

GArray *
congkak_event_array_new (void)
{
  return g_array_sized_new (FALSE, TRUE, sizeof (CongkakEvent), 64);
}

const char *
congkak_event_type_to_string (CongkakEventType type)
{
  static const char * const names[] = {
    [CONGKAK_EVENT_PICK_UP] = "pick-up",
    [CONGKAK_EVENT_DROP] = "drop",
    [CONGKAK_EVENT_SKIP] = "skip",
    [CONGKAK_EVENT_FORFEIT] = "forfeit",
    [CONGKAK_EVENT_RELAY] = "relay",
    [CONGKAK_EVENT_CAPTURE] = "capture",
    [CONGKAK_EVENT_EXTRA_TURN] = "extra-turn",
    [CONGKAK_EVENT_TURN_END] = "turn-end",
    [CONGKAK_EVENT_GRAND_SLAM] = "grand-slam",
    [CONGKAK_EVENT_FEEDING_FORCED] = "feeding-forced",
    [CONGKAK_EVENT_PASS] = "pass",
    [CONGKAK_EVENT_OPENING_FINISHED] = "opening-finished",
    [CONGKAK_EVENT_ROUND_END] = "round-end",
    [CONGKAK_EVENT_REFILL] = "refill",
    [CONGKAK_EVENT_ROUND_START] = "round-start",
    [CONGKAK_EVENT_MATCH_END] = "match-end",
  };

  g_return_val_if_fail (type < G_N_ELEMENTS (names), NULL);

  return names[type];
}

/**
 * congkak_event_reason_to_string:
 *
 * Returns: (nullable): the name of @event's reason, as match files and
 *   congkak-cli write it, or %NULL for a type that has no reason.
 */
const char *
congkak_event_reason_to_string (const CongkakEvent *event)
{
  static const char * const skip[] = {
    [CONGKAK_SKIP_BURNT] = "burnt",
    [CONGKAK_SKIP_ORIGIN] = "origin",
  };
  static const char * const turn_end[] = {
    [CONGKAK_TURN_END_EMPTY_OPPONENT_HOLE] = "empty-opponent-hole",
    [CONGKAK_TURN_END_OCCUPIED_HOLE] = "occupied-hole",
    [CONGKAK_TURN_END_CAPTURE] = "capture",
    [CONGKAK_TURN_END_EMPTY_OWN_HOLE] = "empty-own-hole",
    [CONGKAK_TURN_END_BURNT_HOLE] = "burnt-hole",
    [CONGKAK_TURN_END_SOWN] = "sown",
  };
  static const char * const round_end[] = {
    [CONGKAK_ROUND_END_EMPTY_SIDE] = "empty-side",
    [CONGKAK_ROUND_END_MOVER_CANNOT_MOVE] = "mover-cannot-move",
    [CONGKAK_ROUND_END_BOTH_SIDES_EMPTY] = "both-sides-empty",
    [CONGKAK_ROUND_END_DECIDED] = "decided",
    [CONGKAK_ROUND_END_MAJORITY] = "majority",
    [CONGKAK_ROUND_END_NO_SEEDS] = "no-seeds",
    [CONGKAK_ROUND_END_CANNOT_FEED] = "cannot-feed",
    [CONGKAK_ROUND_END_REPETITION] = "repetition",
  };
  static const char * const match_end[] = {
    [CONGKAK_MATCH_END_SINGLE_ROUND] = "single-round",
    [CONGKAK_MATCH_END_MIN_HOLES] = "min-holes",
    [CONGKAK_MATCH_END_MAX_ROUNDS] = "max-rounds",
    [CONGKAK_MATCH_END_DECIDED] = "decided",
  };

  g_return_val_if_fail (event != NULL, NULL);

#define REASON(table) (event->reason < G_N_ELEMENTS (table) ? table[event->reason] : NULL)
  switch (event->type)
    {
    case CONGKAK_EVENT_SKIP:
      return REASON (skip);
    case CONGKAK_EVENT_TURN_END:
      return REASON (turn_end);
    case CONGKAK_EVENT_ROUND_END:
      return REASON (round_end);
    case CONGKAK_EVENT_MATCH_END:
      return REASON (match_end);
    default:
      return NULL;
    }
#undef REASON
}
