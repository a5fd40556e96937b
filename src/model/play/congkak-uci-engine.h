/* congkak-uci-engine.h — another program's computer, over the UCI dialect
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For a CongkakPlayer to come (an engine as the opponent, for hints, for
 * analysis): on a CongkakTurn of kind MOVE or OPENING, call
 * congkak_uci_engine_choose_async() with the turn's rules, side and
 * opening so far, and the match's moves from its start (start NULL) —
 * with them the engine sees Oware's repetitions and the rounds of a
 * Congkak match; a custom start goes as @start.  Answer the turn with the
 * move's hole (congkak_turn_choose_hole()), or, on an error, report its
 * message (it says what the engine did, in plain words) and let the
 * built-in level take over; cancel the request when the turn ends.  Call
 * congkak_uci_engine_new_game() when another match begins, and
 * congkak_uci_engine_stop() when the engine is no longer wanted.  Inside
 * the Flatpak, a command outside the sandbox cannot be started: the
 * request fails with CONGKAK_UCI_ERROR_START.
 */

#pragma once

#include <gio/gio.h>

#include "congkak-engine.h"

G_BEGIN_DECLS

#define CONGKAK_UCI_ERROR (congkak_uci_error_quark ())

/* What went wrong with an engine; every error's message says it in plain
 * words, naming the engine. */
typedef enum
{
  CONGKAK_UCI_ERROR_START,          /* the command could not be run */
  CONGKAK_UCI_ERROR_NOT_UCI,        /* it never said uciok */
  CONGKAK_UCI_ERROR_CRASHED,        /* it ended while it was needed */
  CONGKAK_UCI_ERROR_TIMEOUT,        /* no answer in time */
  CONGKAK_UCI_ERROR_ILLEGAL_MOVE,   /* a move that may not be played there */
  CONGKAK_UCI_ERROR_GARBAGE,        /* output that is not the protocol */
  CONGKAK_UCI_ERROR_NO_MOVE,        /* bestmove 0000 where there are moves */
  CONGKAK_UCI_ERROR_RULES,          /* it does not play these rules */
} CongkakUciError;

/* How long an engine has to start, and to answer isready, by default. */
#define CONGKAK_UCI_ENGINE_ANSWER_MS 10000
/* What an engine may take beyond its move time, by default. */
#define CONGKAK_UCI_ENGINE_DEFAULT_MARGIN_MS 1000

#define CONGKAK_TYPE_UCI_ENGINE (congkak_uci_engine_get_type ())

G_DECLARE_FINAL_TYPE (CongkakUciEngine, congkak_uci_engine, CONGKAK, UCI_ENGINE, GObject)

GQuark            congkak_uci_error_quark          (void);

CongkakUciEngine *congkak_uci_engine_new           (const char           *command);
const char       *congkak_uci_engine_get_command   (CongkakUciEngine     *self);
const char       *congkak_uci_engine_get_name      (CongkakUciEngine     *self);
guint             congkak_uci_engine_get_time_margin (CongkakUciEngine   *self);
void              congkak_uci_engine_set_time_margin (CongkakUciEngine   *self,
                                                      guint               margin_ms);
void              congkak_uci_engine_set_node_limit (CongkakUciEngine   *self,
                                                     guint64             max_nodes);
guint             congkak_uci_engine_get_answer_timeout (CongkakUciEngine *self);
void              congkak_uci_engine_set_answer_timeout (CongkakUciEngine *self,
                                                         guint             timeout_ms);
gboolean          congkak_uci_engine_is_running    (CongkakUciEngine     *self);
gint64            congkak_uci_engine_get_answer_time (CongkakUciEngine   *self);
void              congkak_uci_engine_new_game      (CongkakUciEngine     *self);
void              congkak_uci_engine_stop          (CongkakUciEngine     *self);

void              congkak_uci_engine_check_async   (CongkakUciEngine     *self,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
gboolean          congkak_uci_engine_check_finish  (CongkakUciEngine     *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);
void              congkak_uci_engine_choose_async  (CongkakUciEngine     *self,
                                                    const CongkakRules   *rules,
                                                    const CongkakPosition *start,
                                                    const char * const   *moves,
                                                    const CongkakOpening *opening,
                                                    CongkakSide           side,
                                                    guint                 movetime_ms,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
gboolean          congkak_uci_engine_choose_finish (CongkakUciEngine     *self,
                                                    GAsyncResult         *result,
                                                    CongkakComputerMove  *move,
                                                    GError              **error);

G_END_DECLS
