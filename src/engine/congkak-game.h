/* congkak-game.h — a whole match: moves in notation, round results, history
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "congkak-state.h"

G_BEGIN_DECLS

typedef enum
{
  CONGKAK_MOVE_SOW,          /* one hole, `C` or `c` */
  CONGKAK_MOVE_OPENING,      /* the simultaneous opening, `opening:C,D/a` */
  CONGKAK_MOVE_NEXT_ROUND,   /* refill and start the next round, `next-round` */
} CongkakMoveKind;

typedef struct
{
  CongkakMoveKind       kind;
  CongkakSide           side;     /* CONGKAK_MOVE_SOW */
  guint                 hole;     /* CONGKAK_MOVE_SOW */
  const CongkakOpening *opening;  /* CONGKAK_MOVE_OPENING, borrowed */
} CongkakMove;

typedef struct
{
  guint16 store[2];   /* the stores when the round ended */
  gint8   winner;     /* CONGKAK_NOBODY for a drawn round */
  gint8   starter;
  guint8  reason;     /* CongkakRoundEndReason */
} CongkakRoundResult;

typedef struct _CongkakGame CongkakGame;

gboolean            congkak_move_parse                (const char            *text,
                                                       const CongkakRules    *rules,
                                                       CongkakMove           *move,
                                                       CongkakOpening        *opening_storage,
                                                       GError               **error);
char               *congkak_move_to_string            (const CongkakMove     *move);
char               *congkak_opening_to_string         (const CongkakOpening  *opening);

CongkakGame        *congkak_game_new                  (const CongkakRules    *rules);
CongkakGame        *congkak_game_new_from_position    (const CongkakRules    *rules,
                                                       const CongkakPosition *position,
                                                       GError               **error);
CongkakGame        *congkak_game_copy                 (const CongkakGame     *game);
void                congkak_game_free                 (CongkakGame           *game);
const CongkakRules *congkak_game_get_rules            (const CongkakGame     *game);
const CongkakState *congkak_game_get_state            (const CongkakGame     *game);
const CongkakPosition *
                    congkak_game_peek_repetition_history (const CongkakGame  *game,
                                                          guint              *n_positions);
guint               congkak_game_get_n_round_results  (const CongkakGame     *game);
const CongkakRoundResult *
                    congkak_game_get_round_result     (const CongkakGame     *game,
                                                       guint                  index);
gboolean            congkak_game_play                 (CongkakGame           *game,
                                                       const CongkakMove     *move,
                                                       GArray                *events,
                                                       GError               **error);
gboolean            congkak_game_play_text            (CongkakGame           *game,
                                                       const char            *text,
                                                       GArray                *events,
                                                       GError               **error);

void                congkak_state_random_opening      (const CongkakState    *state,
                                                       const CongkakRules    *rules,
                                                       GRand                 *rand,
                                                       CongkakOpening        *opening);
char               *congkak_state_random_move         (const CongkakState    *state,
                                                       const CongkakRules    *rules,
                                                       GRand                 *rand);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakGame, congkak_game_free)

char               *congkak_cut_for_message           (const char            *text,
                                                       gsize                  max_bytes);

G_END_DECLS
