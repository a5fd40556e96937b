/* congkak-match.h — a match: rules, players, metadata, the move tree and a cursor
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-engine.h"
#include "congkak-node.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_MATCH (congkak_match_get_type ())

/* The most moves a match keeps, in all its lines together. */
#define CONGKAK_MATCH_MAX_NODES 200000
/* The longest comment, name or metadata text, in characters (Unicode code
 * points, as the JSON Schema's maxLength counts them); views limit input
 * to it. */
#define CONGKAK_MATCH_MAX_TEXT (64 * 1024)

G_DECLARE_FINAL_TYPE (CongkakMatch, congkak_match, CONGKAK, MATCH, GObject)

typedef enum
{
  CONGKAK_PLAYER_HUMAN,
  CONGKAK_PLAYER_COMPUTER,
} CongkakPlayerKind;

/* CongkakLevel, the computer's levels, is in the engine's congkak-computer.h. */

/* Free-text metadata fields; their keys are also the file's field names. */
typedef enum
{
  CONGKAK_METADATA_EVENT,
  CONGKAK_METADATA_PLACE,
  CONGKAK_METADATA_DATE,
  CONGKAK_METADATA_ROUND,    /* round of a tournament */
  CONGKAK_METADATA_RESULT,
  CONGKAK_METADATA_NOTES,
  CONGKAK_METADATA_TITLE,    /* a name for the match, as the library lists it */
  CONGKAK_METADATA_ID,       /* the library's identity of the match */
  CONGKAK_N_METADATA,
} CongkakMetadata;

const char         *congkak_metadata_key               (CongkakMetadata      field);
const char         *congkak_player_kind_to_string      (CongkakPlayerKind    kind);
gboolean            congkak_player_kind_from_string    (const char          *text,
                                                        CongkakPlayerKind   *kind);
const char         *congkak_level_to_string            (CongkakLevel         level);
gboolean            congkak_level_from_string          (const char          *text,
                                                        CongkakLevel        *level);

gboolean            congkak_match_text_is_too_long     (const char          *text,
                                                        gssize               length);
CongkakMatch       *congkak_match_new                  (const CongkakRules  *rules);
CongkakMatch       *congkak_match_new_from_position    (const CongkakRules  *rules,
                                                        const CongkakPosition *start,
                                                        GError             **error);
const CongkakRules *congkak_match_get_rules            (CongkakMatch        *self);
const CongkakPosition *congkak_match_get_start_position (CongkakMatch       *self);
gboolean            congkak_match_has_custom_start     (CongkakMatch        *self);

const char         *congkak_match_get_player_name      (CongkakMatch        *self,
                                                        CongkakSide          side);
CongkakPlayerKind   congkak_match_get_player_kind      (CongkakMatch        *self,
                                                        CongkakSide          side);
CongkakLevel        congkak_match_get_player_level     (CongkakMatch        *self,
                                                        CongkakSide          side);
void                congkak_match_set_player           (CongkakMatch        *self,
                                                        CongkakSide          side,
                                                        const char          *name,
                                                        CongkakPlayerKind    kind,
                                                        CongkakLevel         level);
/* An engine (another program) playing a side as the computer, while the
 * match is open: not saved, not undone; a match opened again plays with
 * the built-in level. */
const char         *congkak_match_get_player_engine    (CongkakMatch        *self,
                                                        CongkakSide          side);
void                congkak_match_set_player_engine    (CongkakMatch        *self,
                                                        CongkakSide          side,
                                                        const char          *command);
const char         *congkak_match_get_metadata         (CongkakMatch        *self,
                                                        CongkakMetadata      field);
void                congkak_match_set_metadata         (CongkakMatch        *self,
                                                        CongkakMetadata      field,
                                                        const char          *value);

/* The move tree. */
CongkakNode        *congkak_match_get_root             (CongkakMatch        *self);
CongkakNode        *congkak_match_get_main_line_end    (CongkakMatch        *self);
guint               congkak_match_get_n_nodes          (CongkakMatch        *self);
const CongkakGame  *congkak_match_get_game_at          (CongkakMatch        *self,
                                                        CongkakNode         *node);
GArray             *congkak_match_dup_move_events      (CongkakMatch        *self,
                                                        CongkakNode         *node);
CongkakNode        *congkak_match_find_child           (CongkakMatch        *self,
                                                        CongkakNode         *parent,
                                                        const CongkakMove   *move);
CongkakNode        *congkak_match_node_from_path       (CongkakMatch        *self,
                                                        const char          *path,
                                                        GError             **error);

/* The replay cursor. */
CongkakNode        *congkak_match_get_cursor           (CongkakMatch        *self);
void                congkak_match_set_cursor           (CongkakMatch        *self,
                                                        CongkakNode         *node);
const CongkakGame  *congkak_match_get_cursor_game      (CongkakMatch        *self);
gboolean            congkak_match_step_forward         (CongkakMatch        *self);
gboolean            congkak_match_step_back            (CongkakMatch        *self);
void                congkak_match_go_to_start          (CongkakMatch        *self);
void                congkak_match_go_to_end            (CongkakMatch        *self);
gboolean            congkak_match_go_to_round          (CongkakMatch        *self,
                                                        int                  delta);
GPtrArray          *congkak_match_list_continuations   (CongkakMatch        *self);

/* Editing; every change can be undone. */
CongkakNode        *congkak_match_play                 (CongkakMatch        *self,
                                                        const CongkakMove   *move,
                                                        GArray              *events,
                                                        GError             **error);
CongkakNode        *congkak_match_play_text            (CongkakMatch        *self,
                                                        const char          *text,
                                                        GArray              *events,
                                                        GError             **error);
gboolean            congkak_match_promote_variation    (CongkakMatch        *self,
                                                        CongkakNode         *node);
gboolean            congkak_match_delete_variation     (CongkakMatch        *self,
                                                        CongkakNode         *node);
void                congkak_match_set_comment          (CongkakMatch        *self,
                                                        CongkakNode         *node,
                                                        const char          *comment);
void                congkak_match_set_mark             (CongkakMatch        *self,
                                                        CongkakNode         *node,
                                                        CongkakMark          mark);
void                congkak_match_set_analysis         (CongkakMatch        *self,
                                                        CongkakNode         *node,
                                                        int                  evaluation,
                                                        const char          *best_move,
                                                        CongkakMark          mark,
                                                        const char          *comment);
void                congkak_match_clear_analysis       (CongkakMatch        *self);
gboolean            congkak_match_can_undo             (CongkakMatch        *self);
gboolean            congkak_match_can_redo             (CongkakMatch        *self);
void                congkak_match_forget_history       (CongkakMatch        *self);
gboolean            congkak_match_undo                 (CongkakMatch        *self);
gboolean            congkak_match_redo                 (CongkakMatch        *self);

CongkakMatch       *congkak_match_copy                 (CongkakMatch        *self);
gboolean            congkak_match_equal                (CongkakMatch        *a,
                                                        CongkakMatch        *b);

G_END_DECLS
