/* congkak-player.h — who makes a side's choices in a session
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CongkakSession hands the player of the side to act its turn with
 * congkak_player_begin_turn(): a CongkakTurn, with what there is to
 * choose from and the way to answer, congkak_turn_choose_hole().  The
 * player never sees the session.  When the turn ends for another reason
 * (undo, a jump in the move list, another match) the session ends the
 * turn and calls congkak_player_end_turn(), and the player drops what it
 * was doing.  A person at this computer answers through the board, so
 * their begin_turn() does nothing; the computer thinks in a worker
 * thread; a player over a network or an engine in another program would
 * send the turn's position and answer the turn when the reply comes.
 */

#pragma once

#include <gio/gio.h>

#include "congkak-engine.h"
#include "congkak-turn.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_PLAYER (congkak_player_get_type ())

G_DECLARE_INTERFACE (CongkakPlayer, congkak_player, CONGKAK, PLAYER, GObject)

struct _CongkakPlayerInterface
{
  GTypeInterface parent_iface;

  /* Whether the player sits at this computer and chooses on its board:
   * then the other side must look away while it chooses an opening. */
  gboolean (*is_local_person) (CongkakPlayer  *self);
  void     (*begin_turn)      (CongkakPlayer  *self,
                               CongkakTurn    *turn);
  void     (*end_turn)        (CongkakPlayer  *self);
};

gboolean congkak_player_is_local_person (CongkakPlayer  *self);
void     congkak_player_begin_turn      (CongkakPlayer  *self,
                                         CongkakTurn    *turn);
void     congkak_player_end_turn        (CongkakPlayer  *self);

/* What a player asked for a turn (a search, an engine), to answer that
 * turn only when the reply comes. */
typedef struct
{
  CongkakPlayer *player;   /* strong: kept until the answer */
  CongkakTurn   *turn;     /* strong: an ended turn refuses the answer */
  GCancellable  *thinking; /* this turn's, to tell it from a later one */
} CongkakPlayerQuestion;

CongkakPlayerQuestion *congkak_player_question_new     (CongkakPlayer         *player,
                                                        CongkakTurn           *turn,
                                                        GCancellable          *thinking);
gboolean               congkak_player_question_is_stale (CongkakPlayerQuestion *question,
                                                        GCancellable          *thinking_now);
void                   congkak_player_question_free    (CongkakPlayerQuestion *question);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakPlayerQuestion, congkak_player_question_free)

#define CONGKAK_TYPE_PERSON_PLAYER (congkak_person_player_get_type ())

G_DECLARE_FINAL_TYPE (CongkakPersonPlayer, congkak_person_player, CONGKAK, PERSON_PLAYER, GObject)

CongkakPlayer *congkak_person_player_new (void);

G_END_DECLS
