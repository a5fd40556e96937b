/* congkak-json-private.h — the strict JSON reading that every file format shares
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Match files and puzzle sets are read the same way: the text is checked
 * (UTF-8, no NUL, nesting and memory bounded) before the parser sees it,
 * every value's type and range is checked, and every error is set in
 * CONGKAK_MATCH_FILE_ERROR with a message that begins with where it is, a
 * JSON path such as `puzzles[3].rules.holes` or “line L, column C”.  The
 * parts both formats hold (version, rules, positions, players) are read
 * here, once.
 */

#pragma once

#include <json-glib/json-glib.h>

#include "congkak-engine.h"
#include "congkak-match.h"

G_BEGIN_DECLS

/* One side of a file's "players": what the file gives replaces what the
 * caller put in. */
typedef struct
{
  gboolean           named;   /* the file has this side */
  const char        *name;    /* (nullable): in the parser's tree */
  CongkakPlayerKind  kind;
  CongkakLevel       level;
} CongkakJsonPlayer;

gboolean     congkak_json_fail            (GError             **error,
                                           int                  code,
                                           const char          *path,
                                           const char          *format,
                                           ...) G_GNUC_PRINTF (4, 5);
void         congkak_json_warn_unknown    (GPtrArray           *warnings,
                                           const char          *path);
void         congkak_json_finish_warnings (GPtrArray           *warnings);
gboolean     congkak_json_is_quotable     (const char          *text);
char        *congkak_json_child_path      (const char          *path,
                                           const char          *member);
char        *congkak_json_index_path      (const char          *path,
                                           guint                index);

gboolean     congkak_json_check_structure (const char          *data,
                                           gsize                length,
                                           GError             **error);
gboolean     congkak_json_check_shape     (const char          *data,
                                           gsize                length,
                                           GError             **error);
gboolean     congkak_json_check_budget    (const char          *data,
                                           gsize                start,
                                           gsize                end,
                                           gsize                skip_start,
                                           gsize                skip_end,
                                           guint64              floor,
                                           GError             **error);
gboolean     congkak_json_check_text      (const char          *data,
                                           gsize                length,
                                           GError             **error);
gboolean     congkak_json_check_text_shape (const char         *data,
                                            gsize               length,
                                            GError            **error);
JsonParser  *congkak_json_parse           (const char          *data,
                                           gsize                length,
                                           GError             **error);
JsonParser  *congkak_json_parse_object    (const char          *data,
                                           gsize                length,
                                           const char          *not_an_object,
                                           GError             **error);

JsonObject  *congkak_json_expect_object   (JsonNode            *node,
                                           const char          *path,
                                           GError             **error);
JsonArray   *congkak_json_expect_array    (JsonNode            *node,
                                           const char          *path,
                                           GError             **error);
const char  *congkak_json_expect_string   (JsonNode            *node,
                                           const char          *path,
                                           GError             **error);
gboolean     congkak_json_expect_integer  (JsonNode            *node,
                                           const char          *path,
                                           gint64               min,
                                           gint64               max,
                                           gint64              *value,
                                           GError             **error);
gboolean     congkak_json_expect_boolean  (JsonNode            *node,
                                           const char          *path,
                                           gboolean            *value,
                                           GError             **error);

gboolean     congkak_json_read_version    (JsonObject          *root,
                                           GError             **error);
gboolean     congkak_json_read_rules      (JsonObject          *parent,
                                           const char          *path,
                                           CongkakRules        *rules,
                                           GError             **error);
gboolean     congkak_json_read_position   (JsonObject          *object,
                                           const char          *path,
                                           const CongkakRules  *rules,
                                           CongkakPosition     *position,
                                           GError             **error);
gboolean     congkak_json_read_players    (JsonNode            *node,
                                           const char          *path,
                                           gboolean             with_levels,
                                           CongkakJsonPlayer    players[2],
                                           GPtrArray           *warnings,
                                           GError             **error);
void         congkak_json_add_rules       (JsonBuilder         *builder,
                                           const CongkakRules  *rules);
char        *congkak_json_generate        (JsonBuilder         *builder,
                                           gsize               *length);

G_END_DECLS
