/* congkak-player.h — who makes a side's choices in a session
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CongkakSession asks the player of the side to act with
 * congkak_player_begin_turn(); the player answers, now or later, with
 * congkak_session_choose_hole().  When the turn ends for another reason
 * (undo, a jump in the move list, another match) the session calls
 * congkak_player_end_turn(), and the player drops what it was doing.  A
 * person at this computer answers through the board, so their
 * begin_turn() does nothing; the computer thinks in a worker thread; a
 * player over a network would send the position and wait.
 */

#pragma once

#include <gio/gio.h>

#include "congkak-engine.h"

G_BEGIN_DECLS

typedef struct _CongkakSession CongkakSession;

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

#define CONGKAK_TYPE_PLAYER (congkak_player_get_type ())

G_DECLARE_INTERFACE (CongkakPlayer, congkak_player, CONGKAK, PLAYER, GObject)

struct _CongkakPlayerInterface
{
  GTypeInterface parent_iface;

  /* Whether the player sits at this computer and chooses on its board:
   * then the other side must look away while it chooses an opening. */
  gboolean (*is_local_person) (CongkakPlayer  *self);
  void     (*begin_turn)      (CongkakPlayer  *self,
                               CongkakSession *session,
                               CongkakSide     side,
                               CongkakTurnKind kind);
  void     (*end_turn)        (CongkakPlayer  *self);
};

gboolean congkak_player_is_local_person (CongkakPlayer  *self);
void     congkak_player_begin_turn      (CongkakPlayer  *self,
                                         CongkakSession *session,
                                         CongkakSide     side,
                                         CongkakTurnKind kind);
void     congkak_player_end_turn        (CongkakPlayer  *self);

#define CONGKAK_TYPE_PERSON_PLAYER (congkak_person_player_get_type ())

G_DECLARE_FINAL_TYPE (CongkakPersonPlayer, congkak_person_player, CONGKAK, PERSON_PLAYER, GObject)

CongkakPlayer *congkak_person_player_new (void);

G_END_DECLS
