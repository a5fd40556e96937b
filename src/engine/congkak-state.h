/* congkak-state.h — round and match flow on top of the board
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "congkak-position.h"
#include "congkak-rules.h"

G_BEGIN_DECLS

#define CONGKAK_MOVE_ERROR (congkak_move_error_quark ())

typedef enum
{
  CONGKAK_MOVE_ERROR_ILLEGAL,
  CONGKAK_MOVE_ERROR_WRONG_SIDE,
  CONGKAK_MOVE_ERROR_WRONG_PHASE,
  CONGKAK_MOVE_ERROR_MATCH_OVER,
  CONGKAK_MOVE_ERROR_OPENING_INCOMPLETE,
  CONGKAK_MOVE_ERROR_OPENING_TOO_LONG,
  CONGKAK_MOVE_ERROR_NOTATION,
} CongkakMoveError;

#define CONGKAK_POSITION_ERROR (congkak_position_error_quark ())

typedef enum
{
  CONGKAK_POSITION_ERROR_SHAPE,            /* holes or player the rules cannot have */
  CONGKAK_POSITION_ERROR_SEED_COUNT,       /* no seeds, or more than a board holds */
  CONGKAK_POSITION_ERROR_BURNT,            /* burnt holes where the rules burn none, or with seeds */
  CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY,  /* the match would be over before the first move */
} CongkakPositionError;

typedef enum
{
  CONGKAK_PHASE_OPENING,     /* the simultaneous opening is next */
  CONGKAK_PHASE_PLAYING,     /* position.to_move sows next */
  CONGKAK_PHASE_ROUND_OVER,  /* a multi-round match waits for the next round */
  CONGKAK_PHASE_MATCH_OVER,
} CongkakPhase;

/* Everything the rules need to go on from a position: a plain value. */
typedef struct
{
  CongkakPosition position;
  guint8          phase;          /* CongkakPhase */
  gint8           round_starter;  /* who started (or moved first in) this round */
  gint8           last_mover;     /* who made the last move of this round */
  gint8           round_winner;   /* once the round is over; CONGKAK_NOBODY for a draw */
  gint8           match_winner;   /* once the match is over; CONGKAK_NOBODY for a draw */
  guint8          round_end_reason;  /* CongkakRoundEndReason, once the round is over */
  guint8          match_end_reason;  /* CongkakMatchEndReason, once the match is over */
  guint8          padding;
  guint16         round;          /* 1-based */
} CongkakState;

/* The most hole choices one player can make in one opening: every choice
 * after the first follows a seed into the own store, where it stays. */
#define CONGKAK_MAX_OPENING_CHOICES (2 * CONGKAK_MAX_HOLES * CONGKAK_MAX_SEEDS + 1)

/* The simultaneous opening as a match file records it (RULES.md 6). */
typedef struct
{
  guint16 n_choices[2];
  guint8  choices[2][CONGKAK_MAX_OPENING_CHOICES];
} CongkakOpening;

GQuark   congkak_move_error_quark         (void);
GQuark   congkak_position_error_quark     (void);

gboolean congkak_position_validate        (const CongkakRules    *rules,
                                           const CongkakPosition *position,
                                           GError               **error);

void     congkak_state_init               (CongkakState          *state,
                                           const CongkakRules    *rules);
gboolean congkak_state_init_from_position (CongkakState          *state,
                                           const CongkakRules    *rules,
                                           const CongkakPosition *position,
                                           GError               **error);
guint    congkak_state_legal_moves        (const CongkakState    *state,
                                           const CongkakRules    *rules,
                                           guint8                 holes[CONGKAK_MAX_HOLES]);
gboolean congkak_state_is_legal           (const CongkakState    *state,
                                           const CongkakRules    *rules,
                                           guint                  hole);
gboolean congkak_state_play               (CongkakState          *state,
                                           const CongkakRules    *rules,
                                           CongkakSide            side,
                                           guint                  hole,
                                           GArray                *events,
                                           GError               **error);
guint    congkak_state_play_fast          (CongkakState          *state,
                                           const CongkakRules    *rules,
                                           guint                  hole);
gboolean congkak_state_play_opening       (CongkakState          *state,
                                           const CongkakRules    *rules,
                                           const CongkakOpening  *opening,
                                           GArray                *events,
                                           CongkakSide           *needs_choice,
                                           GError               **error);
gboolean congkak_state_next_round         (CongkakState          *state,
                                           const CongkakRules    *rules,
                                           GArray                *events,
                                           GError               **error);
CongkakSide congkak_state_next_round_starter (const CongkakState *state,
                                              const CongkakRules *rules);
void     congkak_state_end_by_repetition  (CongkakState          *state,
                                           const CongkakRules    *rules,
                                           GArray                *events);

void     congkak_opening_clear            (CongkakOpening        *opening);
gboolean congkak_opening_add_choice       (CongkakOpening        *opening,
                                           CongkakSide            side,
                                           guint                  hole);

G_END_DECLS
