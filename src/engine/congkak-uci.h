/* congkak-uci.h — the UCI dialect of Aualé and Aalina: notation and engine
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Aualé (the Oware app) talks to its engine, Aalina, in a dialect of the
 * chess engines' UCI protocol; doc/ENGINE-PROTOCOL.md describes it, with
 * Congkak's extension for Kalah and Congkak.  This is both ends' notation
 * and the engine's side (CongkakUciServer, for `congkak-cli engine`); the
 * GUI's side, which starts an engine and referees it, is CongkakUciEngine
 * in the model.
 */

#pragma once

#include <glib.h>

#include "congkak-game.h"
#include "congkak-rules.h"
#include "congkak-state.h"

G_BEGIN_DECLS

#define CONGKAK_UCI_NOTATION_ERROR (congkak_uci_notation_error_quark ())

typedef enum
{
  CONGKAK_UCI_NOTATION_ERROR_FEN,       /* not a position of these rules */
  CONGKAK_UCI_NOTATION_ERROR_MOVES,     /* a move that is not notation, or not legal */
  CONGKAK_UCI_NOTATION_ERROR_RULES,     /* not a rule string */
} CongkakUciNotationError;

/* The hash table's size in MiB: what `option name Hash` offers. */
#define CONGKAK_UCI_MIN_HASH_MB 1
#define CONGKAK_UCI_MAX_HASH_MB 4096

GQuark    congkak_uci_notation_error_quark (void);

gboolean  congkak_uci_parse_rules          (const char          *text,
                                            CongkakRules        *rules,
                                            GError             **error);
char     *congkak_uci_format_rules         (const CongkakRules  *rules);

gboolean  congkak_uci_parse_fen            (const char          *text,
                                            const CongkakRules  *rules,
                                            CongkakPosition     *position,
                                            GError             **error);
char     *congkak_uci_format_fen           (const CongkakRules  *rules,
                                            const CongkakPosition *position);

gboolean  congkak_uci_play_moves           (CongkakGame         *game,
                                            const char          *moves,
                                            CongkakOpening      *opening,
                                            CongkakSide         *choosing,
                                            GError             **error);
GStrv     congkak_uci_split_moves          (const char          *moves);
void      congkak_uci_append_move          (GString             *moves,
                                            const char          *move);
char     *congkak_uci_format_opening_request (const CongkakOpening *opening,
                                              CongkakSide          side);

/* The engine's end of the protocol: lines in, lines out. */
typedef struct _CongkakUciServer CongkakUciServer;

/* Writes one line (without its newline) to the GUI; called from the
 * thread that handles the commands and from the search's thread, never
 * from both at once. */
typedef void (*CongkakUciWriteFunc) (const char *line,
                                     gpointer    user_data);

CongkakUciServer *congkak_uci_server_new         (const CongkakRules  *rules,
                                                  guint                oware_endgame_seeds,
                                                  CongkakUciWriteFunc  write,
                                                  gpointer             user_data);
void              congkak_uci_server_free        (CongkakUciServer    *server);
gboolean          congkak_uci_server_handle_line (CongkakUciServer    *server,
                                                  const char          *line);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakUciServer, congkak_uci_server_free)

G_END_DECLS
