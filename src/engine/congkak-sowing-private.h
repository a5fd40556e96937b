/* congkak-sowing-private.h — one hand of seeds travelling round the circuit
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A normal move and each player of the lockstep opening (RULES.md 6) move
 * their hand with the same three steps: pick up, drop one seed, resolve the
 * landing.  They are inline so that the event-free variant compiles to a
 * plain loop on small arrays: with `events == NULL` every recording branch
 * folds away.
 */

#pragma once

#include "congkak-position.h"

typedef struct
{
  guint16  seeds;       /* in hand */
  gint8    player;      /* CongkakSide of the sowing player */
  guint8   circuit;     /* current position in the player's circuit */
  guint8   origin;      /* hole the move started from (Oware skips it) */
  gboolean forfeited;   /* the seed just sown went to the opponent's store */
} CongkakHand;

typedef enum
{
  CONGKAK_LANDING_RELAY,
  CONGKAK_LANDING_EXTRA_TURN,
  CONGKAK_LANDING_END,
} CongkakLanding;

/* The circuit of store games: own holes 0..n-1, own store (n), the
 * opponent's holes 0..n-1 (n+1..2n).  Oware has no store in it: own holes
 * 0..n-1, opponent's holes n..2n-1. */
static inline guint
congkak_circuit_length (const CongkakRules *rules)
{
  return rules->family == CONGKAK_FAMILY_OWARE ? 2 * rules->holes : 2 * rules->holes + 1;
}

static inline CongkakPlace
congkak_circuit_place (const CongkakRules *rules,
                       CongkakSide         player,
                       guint               circuit)
{
  guint n = rules->holes;

  if (circuit < n)
    return (CongkakPlace) { player, (gint8) circuit };
  if (rules->family == CONGKAK_FAMILY_OWARE)
    return (CongkakPlace) { CONGKAK_OTHER_SIDE (player), (gint8) (circuit - n) };
  if (circuit == n)
    return (CongkakPlace) { player, CONGKAK_STORE };
  return (CongkakPlace) { CONGKAK_OTHER_SIDE (player), (gint8) (circuit - n - 1) };
}

static inline void
congkak_record (GArray           *events,
                CongkakEventType  type,
                CongkakSide       player,
                guint             reason,
                CongkakPlace      place,
                guint             tick,
                guint             count)
{
  CongkakEvent event = {
    .type = type,
    .player = player,
    .reason = reason,
    .place = place,
    .tick = tick,
    .count = count,
  };

  g_array_append_val (events, event);
}

#define CONGKAK_NO_PLACE ((CongkakPlace) { CONGKAK_NOBODY, CONGKAK_STORE })

static inline void
congkak_hand_pick_up (CongkakHand        *hand,
                      CongkakPosition    *position,
                      CongkakSide         player,
                      guint               hole,
                      CongkakEventType    type,
                      guint               tick,
                      GArray             *events)
{
  hand->player = player;
  hand->circuit = hole;
  hand->origin = hole;
  hand->seeds = position->holes[player][hole];
  hand->forfeited = FALSE;
  position->holes[player][hole] = 0;

  if (events)
    congkak_record (events, type, player, 0, (CongkakPlace) { player, (gint8) hole },
                    tick, hand->seeds);
}

/* Relay picks up where the hand is; unlike a new move, the origin stays. */
static inline void
congkak_hand_relay (CongkakHand     *hand,
                    CongkakPosition *position,
                    CongkakPlace     place,
                    guint            tick,
                    GArray          *events)
{
  hand->seeds = position->holes[place.side][place.index];
  position->holes[place.side][place.index] = 0;

  if (events)
    congkak_record (events, CONGKAK_EVENT_RELAY, hand->player, 0, place, tick, hand->seeds);
}

static inline void
congkak_hand_drop_one (CongkakHand        *hand,
                       CongkakPosition    *position,
                       const CongkakRules *rules,
                       guint               tick,
                       GArray             *events)
{
  guint length = congkak_circuit_length (rules);
  CongkakSide player = hand->player;

  for (;;)
    {
      CongkakPlace place;

      if (++hand->circuit == length)
        hand->circuit = 0;
      place = congkak_circuit_place (rules, player, hand->circuit);

      if (place.index == CONGKAK_STORE)
        {
          position->store[player]++;
          hand->forfeited = FALSE;
          if (events)
            congkak_record (events, CONGKAK_EVENT_DROP, player, 0, place, tick, 1);
          break;
        }

      if (rules->family == CONGKAK_FAMILY_OWARE
          && place.side == player && (guint) place.index == hand->origin)
        {
          if (events)
            congkak_record (events, CONGKAK_EVENT_SKIP, player, CONGKAK_SKIP_ORIGIN, place, tick, 0);
          continue;
        }

      if (position->burnt[place.side] & (1u << place.index))
        {
          if (rules->burnt_sowing == CONGKAK_BURNT_SOWING_SKIP)
            {
              if (events)
                congkak_record (events, CONGKAK_EVENT_SKIP, player, CONGKAK_SKIP_BURNT, place, tick, 0);
              continue;
            }
          position->store[CONGKAK_OTHER_SIDE (player)]++;
          hand->forfeited = TRUE;
          if (events)
            congkak_record (events, CONGKAK_EVENT_FORFEIT, player, 0, place, tick, 1);
          break;
        }

      position->holes[place.side][place.index]++;
      hand->forfeited = FALSE;
      if (events)
        congkak_record (events, CONGKAK_EVENT_DROP, player, 0, place, tick, 1);
      break;
    }

  hand->seeds--;
}

static inline void
congkak_record_turn_end (GArray               *events,
                         const CongkakHand    *hand,
                         CongkakPlace          place,
                         CongkakTurnEndReason  reason,
                         guint                 tick)
{
  congkak_record (events, CONGKAK_EVENT_TURN_END, hand->player, reason, place, tick, 0);
}

/* The table of RULES.md section 2, for the hand that has just emptied. */
static inline CongkakLanding
congkak_hand_land_store_game (CongkakHand        *hand,
                              CongkakPosition    *position,
                              const CongkakRules *rules,
                              guint               tick,
                              GArray             *events)
{
  CongkakSide player = hand->player;
  CongkakSide other = CONGKAK_OTHER_SIDE (player);
  CongkakPlace place = congkak_circuit_place (rules, player, hand->circuit);
  guint count;

  if (hand->forfeited)
    {
      if (events)
        congkak_record_turn_end (events, hand, place, CONGKAK_TURN_END_BURNT_HOLE, tick);
      return CONGKAK_LANDING_END;
    }

  if (place.index == CONGKAK_STORE)
    {
      if (events)
        congkak_record (events, CONGKAK_EVENT_EXTRA_TURN, player, 0, place, tick, 0);
      return CONGKAK_LANDING_EXTRA_TURN;
    }

  count = position->holes[place.side][place.index];
  if (count > 1)
    {
      if (rules->relay)
        {
          congkak_hand_relay (hand, position, place, tick, events);
          return CONGKAK_LANDING_RELAY;
        }
      if (events)
        congkak_record_turn_end (events, hand, place, CONGKAK_TURN_END_OCCUPIED_HOLE, tick);
      return CONGKAK_LANDING_END;
    }

  if (place.side == player)
    {
      guint opposite = rules->holes - 1 - place.index;
      guint captured = position->holes[other][opposite];

      if (captured > 0 || rules->capture_empty_opposite)
        {
          position->holes[player][place.index] = 0;
          position->holes[other][opposite] = 0;
          position->store[player] += captured + 1;
          if (events)
            {
              CongkakEvent event = {
                .type = CONGKAK_EVENT_CAPTURE,
                .player = player,
                .place = place,
                .tick = tick,
                .count = captured + 1,
              };

              event.mask[player] = 1u << place.index;
              if (captured > 0)
                event.mask[other] = 1u << opposite;
              g_array_append_val (events, event);
              congkak_record_turn_end (events, hand, place, CONGKAK_TURN_END_CAPTURE, tick);
            }
          return CONGKAK_LANDING_END;
        }

      if (events)
        congkak_record_turn_end (events, hand, place, CONGKAK_TURN_END_EMPTY_OWN_HOLE, tick);
      return CONGKAK_LANDING_END;
    }

  if (events)
    congkak_record_turn_end (events, hand, place, CONGKAK_TURN_END_EMPTY_OPPONENT_HOLE, tick);
  return CONGKAK_LANDING_END;
}

/* RULES.md section 7: captures of 2 and 3 backwards, and the grand slam. */
static inline void
congkak_hand_land_oware (CongkakHand        *hand,
                         CongkakPosition    *position,
                         const CongkakRules *rules,
                         GArray             *events)
{
  CongkakSide player = hand->player;
  CongkakSide other = CONGKAK_OTHER_SIDE (player);
  CongkakPlace place = congkak_circuit_place (rules, player, hand->circuit);
  guint captured = 0;
  guint mask = 0;
  guint other_total = 0;

  if (place.side == other)
    {
      for (gint i = place.index; i >= 0; i--)
        {
          guint count = position->holes[other][i];

          if (count != 2 && count != 3)
            break;
          captured += count;
          mask |= 1u << i;
        }
    }

  if (captured == 0)
    {
      if (events)
        congkak_record_turn_end (events, hand, place, CONGKAK_TURN_END_SOWN, 0);
      return;
    }

  for (guint i = 0; i < rules->holes; i++)
    other_total += position->holes[other][i];

  if (captured == other_total && rules->grand_slam == CONGKAK_GRAND_SLAM_NO_CAPTURE)
    {
      if (events)
        {
          CongkakEvent event = {
            .type = CONGKAK_EVENT_GRAND_SLAM,
            .player = player,
            .place = place,
            .count = captured,
          };

          event.mask[other] = mask;
          g_array_append_val (events, event);
          congkak_record_turn_end (events, hand, place, CONGKAK_TURN_END_SOWN, 0);
        }
      return;
    }

  for (guint i = 0; i < rules->holes; i++)
    if (mask & (1u << i))
      position->holes[other][i] = 0;
  position->store[player] += captured;

  if (events)
    {
      CongkakEvent event = {
        .type = CONGKAK_EVENT_CAPTURE,
        .player = player,
        .place = place,
        .count = captured,
      };

      event.mask[other] = mask;
      g_array_append_val (events, event);
      congkak_record_turn_end (events, hand, place, CONGKAK_TURN_END_CAPTURE, 0);
    }
}
