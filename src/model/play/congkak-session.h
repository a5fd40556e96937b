/* congkak-session.h — a match being played: whose turn it is, and the players
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-computer-worker.h"
#include "congkak-document.h"
#include "congkak-player.h"
#include "congkak-uci-engine.h"

G_BEGIN_DECLS

#define CONGKAK_SESSION_ERROR (congkak_session_error_quark ())

typedef enum
{
  CONGKAK_SESSION_ERROR_NOT_YOUR_TURN,  /* another side acts, or nobody chooses a hole now */
  CONGKAK_SESSION_ERROR_ILLEGAL,        /* the rules do not allow that hole */
} CongkakSessionError;

#define CONGKAK_TYPE_SESSION (congkak_session_get_type ())

G_DECLARE_FINAL_TYPE (CongkakSession, congkak_session, CONGKAK, SESSION, GObject)

GQuark                 congkak_session_error_quark          (void);

CongkakSession        *congkak_session_new                  (CongkakDocument  *document);
CongkakDocument       *congkak_session_get_document         (CongkakSession   *self);
CongkakMatch          *congkak_session_get_match            (CongkakSession   *self);
CongkakComputerWorker *congkak_session_get_computer_worker  (CongkakSession   *self);
CongkakPlayer         *congkak_session_get_player           (CongkakSession   *self,
                                                             CongkakSide       side);
void                   congkak_session_set_player           (CongkakSession   *self,
                                                             CongkakSide       side,
                                                             CongkakPlayer    *player);
gboolean               congkak_session_is_local_person      (CongkakSession   *self,
                                                             CongkakSide       side);

/* Whose turn, and what they do */
CongkakTurnKind        congkak_session_get_turn_kind        (CongkakSession   *self);
CongkakSide            congkak_session_get_turn_side        (CongkakSession   *self);
gboolean               congkak_session_get_live             (CongkakSession   *self);
gboolean               congkak_session_get_thinking         (CongkakSession   *self);
const char            *congkak_session_get_status           (CongkakSession   *self);
const CongkakState    *congkak_session_get_state            (CongkakSession   *self);
const CongkakOpening  *congkak_session_get_opening          (CongkakSession   *self);
const CongkakPosition *congkak_session_get_choice_position  (CongkakSession   *self);

/* What the players and the view do */
gboolean               congkak_session_choose_hole          (CongkakSession   *self,
                                                             CongkakSide       side,
                                                             guint             hole,
                                                             GError          **error);
gboolean               congkak_session_next_round           (CongkakSession   *self,
                                                             GError          **error);
void                   congkak_session_ready                (CongkakSession   *self);
void                   congkak_session_set_opening_first    (CongkakSession   *self,
                                                             CongkakSide       side);
gboolean               congkak_session_get_can_undo         (CongkakSession   *self);
gboolean               congkak_session_get_can_redo         (CongkakSession   *self);
gboolean               congkak_session_undo                 (CongkakSession   *self);
gboolean               congkak_session_redo                 (CongkakSession   *self);
void                   congkak_session_set_presenting       (CongkakSession   *self,
                                                             gboolean          presenting);
gboolean               congkak_session_get_presenting       (CongkakSession   *self);
void                   congkak_session_report_problem       (CongkakSession   *self,
                                                             const char       *message);

CongkakNode           *congkak_session_get_next_node        (CongkakSession   *self);
CongkakNode           *congkak_session_get_line_end         (CongkakSession   *self);
gboolean               congkak_session_step_forward         (CongkakSession   *self);
gboolean               congkak_session_step_back            (CongkakSession   *self);

void                   congkak_session_analyse              (CongkakSession   *self);
void                   congkak_session_cancel_analysis      (CongkakSession   *self);
gboolean               congkak_session_get_analysing        (CongkakSession   *self);
gboolean               congkak_session_get_can_analyse      (CongkakSession   *self);

void                   congkak_session_hint_async           (CongkakSession   *self,
                                                             GCancellable     *cancellable,
                                                             GAsyncReadyCallback callback,
                                                             gpointer          user_data);
void                   congkak_session_set_judge            (CongkakSession   *self,
                                                             const char       *command);
CongkakUciEngine      *congkak_session_get_judge            (CongkakSession   *self);
char                  *congkak_session_dup_judge_sentence   (CongkakSession   *self);
gboolean               congkak_session_hint_finish          (CongkakSession   *self,
                                                             GAsyncResult     *result,
                                                             CongkakComputerMove *hint,
                                                             GError          **error);

G_END_DECLS
