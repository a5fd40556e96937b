/* congkak-turn.h — a side's turn, as the session hands it to a player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything a player needs to choose, and the one way back.  The turn
 * holds copies (rules, state, the opening chosen so far) and the worker
 * the computer thinks in, never the session: a player may keep it while
 * it thinks, in a thread or over a network.  Whoever makes the turn (the
 * session) receives the answers through CongkakTurnAnswers until it ends
 * the turn; after that an answer is refused and reaches nobody.
 */

#pragma once

#include <gio/gio.h>

#include "congkak-computer-worker.h"
#include "congkak-engine.h"

G_BEGIN_DECLS

/* What a side is asked to do. */
typedef enum
{
  CONGKAK_TURN_NONE,        /* nobody acts: a recorded opening is being replayed */
  CONGKAK_TURN_MOVE,        /* the side sows from a hole */
  CONGKAK_TURN_OPENING,     /* the side chooses a hole of the simultaneous opening */
  CONGKAK_TURN_HANDOVER,    /* the device goes to the side, who then chooses unseen */
  CONGKAK_TURN_ROUND_OVER,  /* the round is over; congkak_session_next_round() goes on */
  CONGKAK_TURN_MATCH_OVER,  /* the match is over */
} CongkakTurnKind;

/* Where a turn's answers go, while the turn lasts: @answerer is the
 * pointer given to congkak_turn_new(). */
typedef struct
{
  gboolean (*choose_hole)    (gpointer      answerer,
                              CongkakSide   side,
                              guint         hole,
                              GError      **error);
  void     (*report_problem) (gpointer      answerer,
                              const char   *message);
} CongkakTurnAnswers;

#define CONGKAK_TYPE_TURN (congkak_turn_get_type ())

G_DECLARE_FINAL_TYPE (CongkakTurn, congkak_turn, CONGKAK, TURN, GObject)

CongkakTurn           *congkak_turn_new                 (const CongkakRules       *rules,
                                                         const CongkakState       *state,
                                                         const CongkakOpening     *opening,
                                                         CongkakSide               side,
                                                         CongkakTurnKind           kind,
                                                         CongkakComputerWorker    *worker,
                                                         const CongkakTurnAnswers *answers,
                                                         gpointer                  answerer);
const CongkakRules    *congkak_turn_get_rules           (CongkakTurn              *self);
const CongkakState    *congkak_turn_get_state           (CongkakTurn              *self);
const CongkakOpening  *congkak_turn_get_opening         (CongkakTurn              *self);
CongkakSide            congkak_turn_get_side            (CongkakTurn              *self);
CongkakTurnKind        congkak_turn_get_kind            (CongkakTurn              *self);
CongkakComputerWorker *congkak_turn_get_computer_worker (CongkakTurn              *self);
gboolean               congkak_turn_is_over             (CongkakTurn              *self);

/* How the match got here, for a player in another program */
void                   congkak_turn_set_history         (CongkakTurn              *self,
                                                         const CongkakPosition    *start,
                                                         const char * const       *moves);
const CongkakPosition *congkak_turn_get_start           (CongkakTurn              *self);
const char * const    *congkak_turn_get_moves           (CongkakTurn              *self);

/* The player's answer */
gboolean               congkak_turn_choose_hole         (CongkakTurn              *self,
                                                         guint                     hole,
                                                         GError                  **error);
void                   congkak_turn_report_problem      (CongkakTurn              *self,
                                                         const char               *message);

/* Whoever made the turn */
void                   congkak_turn_end                 (CongkakTurn              *self);

G_END_DECLS
