/* congkak-position.h — the board, the events of a move, and sowing
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "congkak-rules.h"

G_BEGIN_DECLS

/* The most seeds a board holds: the largest board, full. */
#define CONGKAK_MAX_TOTAL_SEEDS (2 * CONGKAK_MAX_HOLES * CONGKAK_MAX_SEEDS)

/* The index of a store in a CongkakPlace; holes use 0 .. holes-1. */
#define CONGKAK_STORE (-1)

typedef struct
{
  gint8 side;   /* CongkakSide */
  gint8 index;  /* hole index in the owner's sowing order, or CONGKAK_STORE */
} CongkakPlace;

/* A plain value: copy with `=`, compare with congkak_position_equal().
 * Unused holes (index >= n_holes) are always zero. */
typedef struct
{
  guint16 holes[2][CONGKAK_MAX_HOLES];
  guint16 store[2];
  guint16 burnt[2];  /* bit i set: hole i of that side is burnt */
  gint8   to_move;   /* CongkakSide; CONGKAK_NOBODY once the round is over */
  guint8  n_holes;
} CongkakPosition;

typedef enum
{
  CONGKAK_EVENT_PICK_UP,         /* place, count: the chosen hole is emptied into the hand */
  CONGKAK_EVENT_DROP,            /* place: one seed sown */
  CONGKAK_EVENT_SKIP,            /* place, reason: a burnt hole or the origin hole passed over */
  CONGKAK_EVENT_FORFEIT,         /* place: a seed sown at a burnt hole went to the opponent's store */
  CONGKAK_EVENT_RELAY,           /* place, count: the last seed fell on seeds; all picked up */
  CONGKAK_EVENT_CAPTURE,         /* mask, count: seeds of the masked holes went to the mover's store */
  CONGKAK_EVENT_EXTRA_TURN,      /* the last seed fell into the own store */
  CONGKAK_EVENT_TURN_END,        /* place, reason: where the last seed fell and why the turn ends */
  CONGKAK_EVENT_GRAND_SLAM,      /* mask, count: Oware grand slam, nothing captured */
  CONGKAK_EVENT_FEEDING_FORCED,  /* player must sow into the empty opponent side */
  CONGKAK_EVENT_PASS,            /* player has no seeds and passes (empty-side=pass) */
  CONGKAK_EVENT_OPENING_FINISHED,/* player, tick: this player's part of the opening ended */
  CONGKAK_EVENT_ROUND_END,       /* player (winner or nobody), amount: seeds collected per side, reason */
  CONGKAK_EVENT_REFILL,          /* amount: seeds put into holes per side, mask: burnt holes per side */
  CONGKAK_EVENT_ROUND_START,     /* player: who starts, count: the round number */
  CONGKAK_EVENT_MATCH_END,       /* player (winner or nobody), amount: final score per side, reason */
} CongkakEventType;

typedef enum
{
  CONGKAK_SKIP_BURNT,
  CONGKAK_SKIP_ORIGIN,
} CongkakSkipReason;

typedef enum
{
  CONGKAK_TURN_END_EMPTY_OPPONENT_HOLE,  /* last seed in an empty hole of the opponent */
  CONGKAK_TURN_END_OCCUPIED_HOLE,        /* last seed on seeds, and relay is off */
  CONGKAK_TURN_END_CAPTURE,              /* a capture ended the turn */
  CONGKAK_TURN_END_EMPTY_OWN_HOLE,       /* own empty hole, empty opposite, capture-empty-opposite off */
  CONGKAK_TURN_END_BURNT_HOLE,           /* last seed forfeited at a burnt hole */
  CONGKAK_TURN_END_SOWN,                 /* Oware: the hand is empty */
} CongkakTurnEndReason;

typedef enum
{
  CONGKAK_ROUND_END_EMPTY_SIDE,          /* empty-side=end-round: a side had no seeds */
  CONGKAK_ROUND_END_MOVER_CANNOT_MOVE,   /* empty-side=mover-cannot-move */
  CONGKAK_ROUND_END_BOTH_SIDES_EMPTY,    /* empty-side=pass */
  CONGKAK_ROUND_END_DECIDED,             /* stop-when-decided */
  CONGKAK_ROUND_END_MAJORITY,            /* Oware: more than half captured, or half each */
  CONGKAK_ROUND_END_NO_SEEDS,            /* Oware: the player to move has no seeds */
  CONGKAK_ROUND_END_CANNOT_FEED,         /* Oware: the opponent is empty and cannot be fed */
  CONGKAK_ROUND_END_REPETITION,          /* Oware: a position occurred a second time */
} CongkakRoundEndReason;

typedef enum
{
  CONGKAK_MATCH_END_SINGLE_ROUND,        /* rounds=single (and Oware): the round was the match */
  CONGKAK_MATCH_END_MIN_HOLES,           /* a player cannot fill min-holes holes */
  CONGKAK_MATCH_END_MAX_ROUNDS,          /* max-rounds rounds were played */
  CONGKAK_MATCH_END_DECIDED,             /* stop-when-decided */
} CongkakMatchEndReason;

typedef struct
{
  guint8       type;       /* CongkakEventType */
  gint8        player;     /* the side that acts, or the winner (CONGKAK_NOBODY for a draw) */
  guint8       reason;     /* CongkakSkipReason, CongkakTurnEndReason, … by type */
  guint8       padding;
  CongkakPlace place;
  guint16      tick;       /* lockstep tick of the simultaneous opening, 0 otherwise */
  guint16      count;
  guint16      amount[2];  /* per side, by CongkakSide */
  guint16      mask[2];    /* holes per side, bit i = hole i */
} CongkakEvent;

void          congkak_position_init_start     (CongkakPosition       *position,
                                               const CongkakRules    *rules);
gboolean      congkak_position_equal          (const CongkakPosition *a,
                                               const CongkakPosition *b);
guint         congkak_position_hash           (const CongkakPosition *position);
guint         congkak_position_side_seeds     (const CongkakPosition *position,
                                               CongkakSide            side);
guint         congkak_position_total_seeds    (const CongkakPosition *position);
gboolean      congkak_position_is_burnt       (const CongkakPosition *position,
                                               CongkakSide            side,
                                               guint                  hole);
gboolean      congkak_position_can_choose     (const CongkakPosition *position,
                                               CongkakSide            side,
                                               guint                  hole);
guint         congkak_position_sow            (CongkakPosition       *position,
                                               const CongkakRules    *rules,
                                               guint                  hole,
                                               GArray                *events);
guint         congkak_position_sow_fast       (CongkakPosition       *position,
                                               const CongkakRules    *rules,
                                               guint                  hole);
guint         congkak_position_sowing_bound   (const CongkakPosition *position);

void          congkak_position_apply_event    (CongkakPosition       *position,
                                               const CongkakRules    *rules,
                                               const CongkakEvent    *event);
char          congkak_hole_letter             (CongkakSide            side,
                                               guint                  hole);

GArray       *congkak_event_array_new         (void);
const char   *congkak_event_type_to_string    (CongkakEventType       type);
const char   *congkak_event_reason_to_string  (const CongkakEvent    *event);

G_END_DECLS
