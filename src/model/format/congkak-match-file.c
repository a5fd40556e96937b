/* congkak-match-file.c — reading and writing .congkak files (JSON)
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loading never trusts the file: sizes and nesting are checked before the
 * JSON parser sees it, every value's type and range is checked, and every
 * move is replayed through the engine.  Each error begins with where it
 * is: a JSON path such as `moves[12].variations[0][3]`, or a line and
 * column for text that is not JSON at all.  The checks, and the parts a
 * puzzle set holds too (version, rules, positions, players), are the
 * shared reader's (congkak-json-reader.c).
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "congkak-file-util.h"
#include "congkak-format.h"
#include "congkak-json-private.h"
#include "congkak-match-file.h"
#include "congkak-match-private.h"
#include "congkak-match-text.h"
#include "congkak-node-private.h"

typedef struct
{
  CongkakMatch *match;
  GPtrArray    *warnings;
} Loader;

/* Text from the file, cut and with control characters escaped, for a
 * message (congkak_quote_untrusted()). */
static char *
quote (const char *text)
{
  return congkak_quote_untrusted (text, -1);
}

static gboolean
read_players (Loader      *loader,
              JsonObject  *root,
              GError     **error)
{
  CongkakJsonPlayer players[2];

  if (!json_object_has_member (root, "players"))
    return TRUE;
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    players[side] = (CongkakJsonPlayer) { .kind = CONGKAK_PLAYER_HUMAN, .level = CONGKAK_LEVEL_MEDIUM };
  if (!congkak_json_read_players (json_object_get_member (root, "players"), "players", TRUE, players,
                                  loader->warnings, error))
    return FALSE;
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    if (players[side].named)
      congkak_match_init_player (loader->match, side, players[side].name, players[side].kind, players[side].level);
  return TRUE;
}

static gboolean
read_metadata (Loader      *loader,
               JsonObject  *root,
               GError     **error)
{
  JsonObject *metadata;
  g_autoptr (GList) members = NULL;

  if (!json_object_has_member (root, "metadata"))
    return TRUE;
  if ((metadata = congkak_json_expect_object (json_object_get_member (root, "metadata"), "metadata", error)) == NULL)
    return FALSE;

  members = json_object_get_members (metadata);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      g_autofree char *path = congkak_json_child_path ("metadata", key);
      gboolean known = FALSE;

      for (guint field = 0; field < CONGKAK_N_METADATA; field++)
        if (g_str_equal (key, congkak_metadata_key (field)))
          {
            const char *text = congkak_json_expect_string (json_object_get_member (metadata, key), path, error);

            if (text == NULL)
              return FALSE;
            congkak_match_init_metadata (loader->match, field, text);
            known = TRUE;
          }
      if (!known)
        congkak_json_warn_unknown (loader->warnings, path);
    }
  return TRUE;
}

/* The analysis range: seed margins, or ±CONGKAK_SEARCH_MATCH_WIN beyond them. */
#define MAX_EVALUATION 9999

/* A node's optional "analysis" object (congkak-analysis.h). */
static gboolean
read_analysis (Loader      *loader,
               JsonNode    *member,
               const char  *path,
               CongkakNode *parent,
               CongkakNode *node,
               GError     **error)
{
  g_autofree char *evaluation_path = congkak_json_child_path (path, "evaluation");
  g_autoptr (GList) members = NULL;
  const char *best_move = NULL, *comment = NULL;
  CongkakMark mark = CONGKAK_MARK_NONE;
  JsonObject *object;
  gint64 evaluation = 0;

  if ((object = congkak_json_expect_object (member, path, error)) == NULL)
    return FALSE;
  if (!json_object_has_member (object, "evaluation"))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, evaluation_path,
                              _("the evaluation is missing."));

  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      g_autofree char *member_path = congkak_json_child_path (path, key);
      JsonNode *value = json_object_get_member (object, key);

      if (g_str_equal (key, "evaluation"))
        {
          if (!congkak_json_expect_integer (value, member_path, -MAX_EVALUATION, MAX_EVALUATION, &evaluation, error))
            return FALSE;
        }
      else if (g_str_equal (key, "best"))
        {
          g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
          g_autoptr (GError) move_error = NULL;
          g_autofree char *quoted = NULL;
          const CongkakState *before;
          CongkakMove move;

          if ((best_move = congkak_json_expect_string (value, member_path, error)) == NULL)
            return FALSE;
          quoted = quote (best_move);
          if (!congkak_json_is_quotable (best_move))
            return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                      _("“%s” is not a move."), quoted);
          if (!congkak_move_parse (best_move, congkak_match_get_rules (loader->match), &move, opening, &move_error))
            return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path, "%s", move_error->message);
          before = congkak_game_get_state (congkak_match_get_game_at (loader->match, parent));
          if (node->move.kind != CONGKAK_MOVE_SOW || move.kind != CONGKAK_MOVE_SOW)
            return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                      _("only a sowing move has a best move, and it is a sowing move too."));
          if (move.side != before->position.to_move
              || !congkak_state_is_legal (before, congkak_match_get_rules (loader->match), move.hole))
            return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                      _("the best move “%s” cannot be played here."), quoted);
        }
      else if (g_str_equal (key, "mark"))
        {
          const char *text = congkak_json_expect_string (value, member_path, error);
          g_autofree char *quoted = NULL;

          if (text == NULL)
            return FALSE;
          quoted = quote (text);
          if (!congkak_mark_from_string (text, &mark) || mark == CONGKAK_MARK_NONE)
            return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                      _("“%s” is not a mark: write one of ! ? !! ?? !? ?!"), quoted);
        }
      else if (g_str_equal (key, "comment"))
        {
          if ((comment = congkak_json_expect_string (value, member_path, error)) == NULL)
            return FALSE;
        }
      else
        congkak_json_warn_unknown (loader->warnings, member_path);
    }

  congkak_node_set_analysis_internal (node, (int) evaluation, best_move, mark, comment);
  return TRUE;
}

static gboolean read_line (Loader      *loader,
                           JsonNode    *line_node,
                           const char  *line_path,
                           CongkakNode *parent,
                           GError     **error);

static gboolean
read_node (Loader       *loader,
           JsonNode     *element,
           const char   *path,
           CongkakNode  *parent,
           CongkakNode **out_node,
           GError      **error)
{
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  g_autofree char *move_path = congkak_json_child_path (path, "move");
  g_autoptr (GList) members = NULL;
  g_autoptr (GError) move_error = NULL;
  g_autofree char *quoted = NULL;
  JsonObject *object;
  const char *text;
  CongkakNode *node;
  CongkakMove move;

  if ((object = congkak_json_expect_object (element, path, error)) == NULL)
    return FALSE;
  if (!json_object_has_member (object, "move"))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, move_path, _("the move is missing."));
  if ((text = congkak_json_expect_string (json_object_get_member (object, "move"), move_path, error)) == NULL)
    return FALSE;
  quoted = quote (text);
  if (!congkak_json_is_quotable (text))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, move_path, _("“%s” is not a move."), quoted);

  if (!congkak_move_parse (text, congkak_match_get_rules (loader->match), &move, opening, &move_error))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, move_path, "%s", move_error->message);
  if (congkak_match_find_child (loader->match, parent, &move) != NULL)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, move_path,
                              _("the move “%s” is already listed at this point of the match."), quoted);
  if (congkak_match_get_n_nodes (loader->match) >= CONGKAK_MATCH_FILE_MAX_NODES)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_TOO_MANY_MOVES, path,
                              ngettext ("the file holds more than %u move, more than Congkak keeps in one match.",
                                        "the file holds more than %u moves, more than Congkak keeps in one match.",
                                        CONGKAK_MATCH_FILE_MAX_NODES),
                              CONGKAK_MATCH_FILE_MAX_NODES);

  node = congkak_match_create_node (loader->match, parent, &move, NULL, &move_error);
  if (node == NULL)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE, move_path,
                              _("the move “%s” cannot be played here: %s"), quoted, move_error->message);
  congkak_match_attach_node (loader->match, parent, node, parent->n_children);
  g_object_unref (node);  /* the parent holds it now */

  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      g_autofree char *member_path = congkak_json_child_path (path, key);
      JsonNode *member = json_object_get_member (object, key);

      if (g_str_equal (key, "move"))
        continue;
      else if (g_str_equal (key, "comment"))
        {
          const char *comment = congkak_json_expect_string (member, member_path, error);

          if (comment == NULL)
            return FALSE;
          congkak_node_set_comment_internal (node, comment);
        }
      else if (g_str_equal (key, "mark"))
        {
          const char *mark = congkak_json_expect_string (member, member_path, error);
          g_autofree char *quoted = NULL;
          CongkakMark value;

          if (mark == NULL)
            return FALSE;
          quoted = quote (mark);
          if (!congkak_mark_from_string (mark, &value))
            return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                      _("“%s” is not a mark: write one of ! ? !! ?? !? ?!"), quoted);
          node->mark = value;
        }
      else if (g_str_equal (key, "analysis"))
        {
          if (!read_analysis (loader, member, member_path, parent, node, error))
            return FALSE;
        }
      else if (g_str_equal (key, "variations"))
        {
          JsonArray *variations = congkak_json_expect_array (member, member_path, error);

          if (variations == NULL)
            return FALSE;
          /* Each variation replaces this move: it starts from the same parent. */
          for (guint i = 0; i < json_array_get_length (variations); i++)
            {
              g_autofree char *line_path = g_strdup_printf ("%s[%u]", member_path, i);

              if (!read_line (loader, json_array_get_element (variations, i), line_path, parent, error))
                return FALSE;
            }
        }
      else
        congkak_json_warn_unknown (loader->warnings, member_path);
    }

  *out_node = node;
  return TRUE;
}

static gboolean
read_line (Loader      *loader,
           JsonNode    *line_node,
           const char  *line_path,
           CongkakNode *parent,
           GError     **error)
{
  JsonArray *line = congkak_json_expect_array (line_node, line_path, error);
  guint length;

  if (line == NULL)
    return FALSE;

  length = json_array_get_length (line);
  if (length == 0 && !g_str_equal (line_path, "moves"))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, line_path,
                              _("a variation needs at least one move."));

  for (guint i = 0; i < length; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s[%u]", line_path, i);
      CongkakNode *node;

      if (!read_node (loader, json_array_get_element (line, i), path, parent, &node, error))
        return FALSE;
      parent = node;
    }
  return TRUE;
}

/* Reading a move at a time.  json-glib builds a tree of the whole text,
 * some 40 times the size of a file of plain moves: a 2.6 MB match took
 * 100 MB.  The structure of the top object, of the lines of moves and of
 * each move's members is walked here instead, and json-glib parses one
 * part at a time: the top object without its moves, then each move
 * without its variations, each part under a budget of its own.  Whatever
 * the walk does not expect (a syntax error, a byte-order mark) is read
 * the old way, the whole tree at once, so that every error says what it
 * said before. */

/* The budget of the top object without its moves, and of one move: far
 * more than any real one needs. */
#define HEADER_BUDGET_FLOOR (1024 * 1024)

/* The top object's members, but the moves. */
static const char * const root_members[] = {
  "format", "version", "profile", "rules", "players", "metadata", "start", "comment", NULL
};
#define MOVE_BUDGET_FLOOR (64 * 1024)
/* Moves parsed together, at most about this much of the file (or one move
 * alone, however long), and the budget of their tree: a plain move's
 * tree takes some 40 times its text. */
#define BATCH_BYTES (32 * 1024)
#define BATCH_BUDGET_FLOOR (64 * BATCH_BYTES)

typedef struct
{
  gsize key_start;    /* the opening quote */
  gsize key_end;      /* after the closing quote */
  gsize value_start;
  gsize value_end;
} Member;

typedef struct
{
  gsize start;
  gsize end;
} Slice;

typedef struct
{
  const char *data;
  gsize       length;
  JsonParser *parser;     /* parses each move, again and again */
  GString    *scratch;    /* a move without its variations */
  GPtrArray  *unknown;    /* the first of the top object's members this version does not know */
  guint       more_unknown; /* and how many more */
  gboolean    unexpected; /* not what the walk reads: read the old way */
} Stream;

static gsize
skip_space (const Stream *stream,
            gsize         i)
{
  while (i < stream->length && (stream->data[i] == ' ' || stream->data[i] == '\t'
                                || stream->data[i] == '\n' || stream->data[i] == '\r'))
    i++;
  return i;
}

/* Where the value at @i ends; 0 if it is not a value the walk can skip
 * (json-glib checks what is inside when it parses the part). */
static gsize
value_end (const Stream *stream,
           gsize         i)
{
  const char *data = stream->data;
  guint depth = 0;

  if (i >= stream->length)
    return 0;
  if (data[i] != '"' && data[i] != '[' && data[i] != '{')
    {
      gsize start = i;

      while (i < stream->length && strchr (",]} \t\n\r\"[{:", data[i]) == NULL)
        i++;
      return i > start ? i : 0;
    }
  for (; i < stream->length; i++)
    {
      if (data[i] == '"')
        {
          for (i++; i < stream->length && data[i] != '"'; i++)
            if (data[i] == '\\')
              i++;
          if (i >= stream->length)
            return 0;
          if (depth == 0)
            return i + 1;
        }
      else if (data[i] == '[' || data[i] == '{')
        depth++;
      else if (data[i] == ']' || data[i] == '}')
        {
          if (depth == 0)
            return 0;
          if (--depth == 0)
            return i + 1;
        }
    }
  return 0;
}

/* The members of the object at @start (a '{'); FALSE if the walk does not
 * read it as an object. */
static gboolean
walk_object (const Stream *stream,
             gsize         start,
             gsize        *end,
             GArray       *members)
{
  gsize i = skip_space (stream, start + 1);

  g_array_set_size (members, 0);
  if (i < stream->length && stream->data[i] == '}')
    {
      *end = i + 1;
      return TRUE;
    }
  for (;;)
    {
      Member member;

      if (i >= stream->length || stream->data[i] != '"' || (member.key_end = value_end (stream, i)) == 0)
        return FALSE;
      member.key_start = i;
      i = skip_space (stream, member.key_end);
      if (i >= stream->length || stream->data[i] != ':')
        return FALSE;
      member.value_start = skip_space (stream, i + 1);
      if ((member.value_end = value_end (stream, member.value_start)) == 0)
        return FALSE;
      g_array_append_val (members, member);
      i = skip_space (stream, member.value_end);
      if (i < stream->length && stream->data[i] == ',')
        i = skip_space (stream, i + 1);
      else if (i < stream->length && stream->data[i] == '}')
        {
          *end = i + 1;
          return TRUE;
        }
      else
        return FALSE;
    }
}

/* The elements of the list at @start (a '['). */
static gboolean
walk_array (const Stream *stream,
            gsize         start,
            GArray       *elements)
{
  gsize i = skip_space (stream, start + 1);

  g_array_set_size (elements, 0);
  if (i < stream->length && stream->data[i] == ']')
    return TRUE;
  for (;;)
    {
      Slice element = { i, value_end (stream, i) };

      if (element.end == 0)
        return FALSE;
      g_array_append_val (elements, element);
      i = skip_space (stream, element.end);
      if (i < stream->length && stream->data[i] == ',')
        i = skip_space (stream, i + 1);
      else if (i < stream->length && stream->data[i] == ']')
        return TRUE;
      else
        return FALSE;
    }
}

/* Whether @member's name is @name, escapes read as JSON reads them. */
static gboolean
member_is (const Stream *stream,
           const Member *member,
           const char   *name)
{
  const char *key = stream->data + member->key_start + 1;
  gsize length = member->key_end - member->key_start - 2;
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *text = NULL;

  if (memchr (key, '\\', length) == NULL)
    return length == strlen (name) && memcmp (key, name, length) == 0;
  text = g_strndup (stream->data + member->key_start, member->key_end - member->key_start);
  node = json_from_string (text, NULL);
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
         && g_str_equal (json_node_get_string (node), name);
}

/* The last member named @name, as JSON objects keep it; -1 if none. */
static int
find_member (const Stream *stream,
             GArray       *members,
             const char   *name)
{
  for (guint i = members->len; i > 0; i--)
    if (member_is (stream, &g_array_index (members, Member, i - 1), name))
      return i - 1;
  return -1;
}

/* @text parsed by @parser: its root, or NULL (the walk's error, not the
 * file's: it is read again the old way, which says what is wrong). */
static JsonNode *
parse_part (Stream     *stream,
            JsonParser *parser,
            const char *text,
            gsize       length)
{
  if (!json_parser_load_from_data (parser, text, length, NULL))
    {
      stream->unexpected = TRUE;
      return NULL;
    }
  return json_parser_get_root (parser);
}

/* What is not a list or an object is parsed to say what it is; a list
 * or an object is said without reading it. */
static JsonNode *
value_for_type_error (Stream *stream,
                      Slice   value)
{
  char first = stream->data[value.start];

  if (first == '{')
    return json_node_init_object (json_node_alloc (), NULL);
  if (first == '[')
    return json_node_init_array (json_node_alloc (), NULL);
  {
    JsonNode *root = parse_part (stream, stream->parser, stream->data + value.start, value.end - value.start);

    return root ? json_node_copy (root) : NULL;
  }
}

static gboolean read_move_stream (Loader       *loader,
                                  Stream       *stream,
                                  Slice         element,
                                  const char   *path,
                                  CongkakNode  *parent,
                                  CongkakNode **out_node,
                                  GError      **error);

/* A line of moves, its slice in the file: the moves one at a time. */
static gboolean
read_line_stream (Loader      *loader,
                  Stream      *stream,
                  Slice        line,
                  const char  *line_path,
                  CongkakNode *parent,
                  GError     **error)
{
  g_autoptr (GArray) elements = NULL;

  if (stream->data[line.start] != '[')
    {
      g_autoptr (JsonNode) value = value_for_type_error (stream, line);

      if (value == NULL)
        return FALSE;
      return read_line (loader, value, line_path, parent, error);
    }
  elements = g_array_new (FALSE, FALSE, sizeof (Slice));
  if (!walk_array (stream, line.start, elements))
    {
      stream->unexpected = TRUE;
      return FALSE;
    }
  if (elements->len == 0 && !g_str_equal (line_path, "moves"))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, line_path,
                              _("a variation needs at least one move."));
  for (guint i = 0; i < elements->len;)
    {
      g_autoptr (GArray) members = g_array_new (FALSE, FALSE, sizeof (Member));
      Slice batch = g_array_index (elements, Slice, i);
      JsonNode *parsed;
      JsonArray *moves;
      guint count = 0;
      gsize end;

      /* Moves without variations, one after the other, are parsed
       * together: a parser run a move took longer than the move. */
      while (i + count < elements->len)
        {
          Slice element = g_array_index (elements, Slice, i + count);

          if (stream->data[element.start] != '{' || (count > 0 && element.end - batch.start > BATCH_BYTES))
            break;
          if (!walk_object (stream, element.start, &end, members) || end != element.end)
            {
              stream->unexpected = TRUE;
              return FALSE;
            }
          if (find_member (stream, members, "variations") >= 0)
            break;
          batch.end = element.end;
          count++;
        }
      if (count == 0)
        {
          g_autofree char *path = g_strdup_printf ("%s[%u]", line_path, i);
          CongkakNode *node;

          if (!read_move_stream (loader, stream, g_array_index (elements, Slice, i), path, parent, &node, error))
            return FALSE;
          parent = node;
          i++;
          continue;
        }

      if (!congkak_json_check_budget (stream->data, batch.start, batch.end, batch.end, batch.end,
                                      count > 1 ? BATCH_BUDGET_FLOOR : MOVE_BUDGET_FLOOR, error))
        return FALSE;
      g_string_assign (stream->scratch, "[");
      g_string_append_len (stream->scratch, stream->data + batch.start, batch.end - batch.start);
      g_string_append_c (stream->scratch, ']');
      if ((parsed = parse_part (stream, stream->parser, stream->scratch->str, stream->scratch->len)) == NULL)
        return FALSE;
      moves = json_node_get_array (parsed);
      if (moves == NULL || json_array_get_length (moves) != count)
        {
          stream->unexpected = TRUE;
          return FALSE;
        }
      for (guint k = 0; k < count; k++)
        {
          g_autofree char *path = g_strdup_printf ("%s[%u]", line_path, i + k);
          CongkakNode *node;

          if (!read_node (loader, json_array_get_element (moves, k), path, parent, &node, error))
            return FALSE;
          parent = node;
        }
      i += count;
    }
  return TRUE;
}

/* One move: json-glib parses it without its variations, under a budget
 * of its own; its variations are read as lines, a move at a time. */
static gboolean
read_move_stream (Loader       *loader,
                  Stream       *stream,
                  Slice         element,
                  const char   *path,
                  CongkakNode  *parent,
                  CongkakNode **out_node,
                  GError      **error)
{
  g_autoptr (GArray) members = NULL;
  g_autoptr (GArray) lines = NULL;
  g_autofree char *variations_path = NULL;
  JsonNode *move;
  Slice variations = { element.end, element.end };
  gsize end;
  int found;

  if (stream->data[element.start] != '{')
    {
      g_autoptr (JsonNode) value = value_for_type_error (stream, element);

      if (value == NULL)
        return FALSE;
      return read_node (loader, value, path, parent, out_node, error);
    }
  members = g_array_new (FALSE, FALSE, sizeof (Member));
  if (!walk_object (stream, element.start, &end, members) || end != element.end)
    {
      stream->unexpected = TRUE;
      return FALSE;
    }
  found = find_member (stream, members, "variations");
  if (found >= 0)
    {
      variations.start = g_array_index (members, Member, found).value_start;
      variations.end = g_array_index (members, Member, found).value_end;
    }
  if (!congkak_json_check_budget (stream->data, element.start, element.end, variations.start, variations.end,
                                  MOVE_BUDGET_FLOOR, error))
    return FALSE;

  /* The move without its variations: the other members, in their order. */
  g_string_assign (stream->scratch, "{");
  for (guint i = 0; i < members->len; i++)
    {
      const Member *member = &g_array_index (members, Member, i);

      if (member_is (stream, member, "variations"))
        continue;
      if (stream->scratch->len > 1)
        g_string_append_c (stream->scratch, ',');
      g_string_append_len (stream->scratch, stream->data + member->key_start, member->value_end - member->key_start);
    }
  g_string_append_c (stream->scratch, '}');
  if ((move = parse_part (stream, stream->parser, stream->scratch->str, stream->scratch->len)) == NULL)
    return FALSE;
  if (!read_node (loader, move, path, parent, out_node, error))
    return FALSE;
  if (found < 0)
    return TRUE;

  /* Each variation replaces this move: it starts from the same parent. */
  variations_path = congkak_json_child_path (path, "variations");
  if (stream->data[variations.start] != '[')
    {
      g_autoptr (JsonNode) value = value_for_type_error (stream, variations);

      if (value == NULL)
        return FALSE;
      congkak_json_expect_array (value, variations_path, error);
      return FALSE;
    }
  lines = g_array_new (FALSE, FALSE, sizeof (Slice));
  if (!walk_array (stream, variations.start, lines))
    {
      stream->unexpected = TRUE;
      return FALSE;
    }
  for (guint i = 0; i < lines->len; i++)
    {
      g_autofree char *line_path = g_strdup_printf ("%s[%u]", variations_path, i);

      if (!read_line_stream (loader, stream, g_array_index (lines, Slice, i), line_path, parent, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
set_too_large (GError  **error,
               guint64   size)
{
  g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE,
               ngettext ("The file is %llu byte long; match files can be at most %u bytes (16 MiB).",
                         "The file is %llu bytes long; match files can be at most %u bytes (16 MiB).",
                         size),
               (unsigned long long) size, CONGKAK_MATCH_FILE_MAX_BYTES);
  return FALSE;
}


/* The match in @root; its moves too, unless @stream reads them from
 * @moves (a slice of the file, its start 0 when there are none). */
static CongkakMatch *
read_match (JsonObject  *root,
            Stream      *stream,
            Slice        moves,
            GPtrArray  **warnings,
            GError     **error)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GPtrArray) found_warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GList) members = NULL;
  Loader loader = { NULL, found_warnings };
  CongkakPosition start;
  gboolean custom_start = FALSE;
  CongkakRules rules;
  JsonNode *format;
  g_autoptr (GError) start_error = NULL;

  format = json_object_get_member (root, "format");
  if (format == NULL || !JSON_NODE_HOLDS_VALUE (format)
      || json_node_get_value_type (format) != G_TYPE_STRING
      || !g_str_equal (json_node_get_string (format), CONGKAK_MATCH_FILE_FORMAT))
    {
      g_set_error_literal (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_NOT_A_MATCH,
                           _("format: this is not a Congkak match file (its “format” is not “congkak-match”)."));
      return NULL;
    }

  if (!congkak_json_read_version (root, error) || !congkak_json_read_rules (root, "", &rules, error))
    return NULL;

  if (json_object_has_member (root, "start"))
    {
      JsonObject *object = congkak_json_expect_object (json_object_get_member (root, "start"), "start", error);

      if (object == NULL || !congkak_json_read_position (object, "start", &rules, &start, error))
        return NULL;
      custom_start = TRUE;
    }

  match = congkak_match_new_from_position (&rules, custom_start ? &start : NULL, &start_error);
  if (match == NULL)
    {
      congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION, "start", "%s", start_error->message);
      return NULL;
    }
  loader.match = match;

  if (!read_players (&loader, root, error) || !read_metadata (&loader, root, error))
    return NULL;

  if (json_object_has_member (root, "comment"))
    {
      const char *comment = congkak_json_expect_string (json_object_get_member (root, "comment"), "comment", error);

      if (comment == NULL)
        return NULL;
      congkak_node_set_comment_internal (congkak_match_get_root (match), comment);
    }

  if (stream ? moves.end == 0 : !json_object_has_member (root, "moves"))
    {
      congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, "moves", _("the list of moves is missing."));
      return NULL;
    }
  if (stream ? !read_line_stream (&loader, stream, moves, "moves", congkak_match_get_root (match), error)
             : !read_line (&loader, json_object_get_member (root, "moves"), "moves",
                           congkak_match_get_root (match), error))
    return NULL;

  for (guint i = 0; stream != NULL && i < stream->unknown->len; i++)
    {
      g_autofree char *path = congkak_json_child_path ("", g_ptr_array_index (stream->unknown, i));

      congkak_json_warn_unknown (loader.warnings, path);
    }
  for (guint i = 0; stream != NULL && i < stream->more_unknown; i++)
    congkak_json_warn_unknown (loader.warnings, "");
  members = json_object_get_members (root);
  for (GList *l = members; l != NULL; l = l->next)
    {
      if (!g_strv_contains (root_members, l->data) && !g_str_equal (l->data, "moves"))
        {
          g_autofree char *path = congkak_json_child_path ("", l->data);

          congkak_json_warn_unknown (loader.warnings, path);
        }
    }

  congkak_json_finish_warnings (found_warnings);
  if (warnings)
    *warnings = g_steal_pointer (&found_warnings);
  return g_steal_pointer (&match);
}

/* Parses @unknown, members of the top object this version does not know
 * ("{" and some members), and keeps their names for the warnings: the
 * first ones, and a count of the others. */
static gboolean
flush_unknown (Stream  *stream,
               GString *unknown)
{
  g_autoptr (GList) names = NULL;
  JsonNode *parsed;

  g_string_append_c (unknown, '}');
  parsed = parse_part (stream, stream->parser, unknown->str, unknown->len);
  g_string_assign (unknown, "{");
  if (parsed == NULL || !JSON_NODE_HOLDS_OBJECT (parsed))
    {
      stream->unexpected = TRUE;
      return FALSE;
    }
  names = json_object_get_members (json_node_get_object (parsed));
  for (GList *l = names; l != NULL; l = l->next)
    if (stream->unknown->len < CONGKAK_MATCH_FILE_MAX_WARNINGS)
      {
        if (!g_ptr_array_find_with_equal_func (stream->unknown, l->data, g_str_equal, NULL))
          g_ptr_array_add (stream->unknown, g_strdup (l->data));
      }
    else
      stream->more_unknown++;
  return TRUE;
}

/* The match read a move at a time (see Stream); %NULL with
 * stream->unexpected set, and no error, if the file is to be read the old
 * way. */
static CongkakMatch *
load_streaming (Stream      *stream,
                GPtrArray  **warnings,
                GError     **error)
{
  g_autoptr (JsonParser) root_parser = NULL;
  g_autoptr (GArray) members = g_array_new (FALSE, FALSE, sizeof (Member));
  g_autoptr (GString) header = g_string_new ("{");
  g_autoptr (GString) unknown = g_string_new ("{");
  Slice moves = { 0, 0 };
  JsonNode *root;
  gsize start, end;
  int found;

  start = skip_space (stream, 0);
  if (start >= stream->length || stream->data[start] != '{' || !walk_object (stream, start, &end, members)
      || skip_space (stream, end) != stream->length)
    {
      stream->unexpected = TRUE;
      return NULL;
    }
  found = find_member (stream, members, "moves");
  if (found >= 0)
    {
      moves.start = g_array_index (members, Member, found).value_start;
      moves.end = g_array_index (members, Member, found).value_end;
    }
  /* The known members are held whole while the moves are read; a member
   * this version does not know is only parsed, alone, and named in a
   * warning. */
  for (guint i = 0; i < members->len; i++)
    {
      const Member *member = &g_array_index (members, Member, i);
      gboolean known = FALSE;

      if (member_is (stream, member, "moves"))
        continue;
      for (guint k = 0; root_members[k] != NULL && !known; k++)
        known = member_is (stream, member, root_members[k]);
      if (!congkak_json_check_budget (stream->data, member->key_start, member->value_end, 0, 0,
                                      known ? HEADER_BUDGET_FLOOR : MOVE_BUDGET_FLOOR, error))
        return NULL;
      if (!known)
        {
          if (unknown->len > 1)
            g_string_append_c (unknown, ',');
          g_string_append_len (unknown, stream->data + member->key_start, member->value_end - member->key_start);
          if (unknown->len > BATCH_BYTES && !flush_unknown (stream, unknown))
            return NULL;
          continue;
        }
      if (header->len > 1)
        g_string_append_c (header, ',');
      g_string_append_len (header, stream->data + member->key_start, member->value_end - member->key_start);
    }
  if (unknown->len > 1 && !flush_unknown (stream, unknown))
    return NULL;
  g_string_append_c (header, '}');

  root_parser = json_parser_new_immutable ();
  json_parser_set_strict (root_parser, TRUE);
  if ((root = parse_part (stream, root_parser, header->str, header->len)) == NULL)
    return NULL;
  return read_match (json_node_get_object (root), stream, moves, warnings, error);
}

static CongkakMatch *
load_from_data (const char  *data,
                gssize       length,
                GPtrArray  **warnings,
                GError     **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) stream_error = NULL;
  CongkakMatch *match;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (data);
  if ((gsize) length > CONGKAK_MATCH_FILE_MAX_BYTES)
    {
      set_too_large (error, length);
      return NULL;
    }

  if (!congkak_json_check_text_shape (data, length, error))
    return NULL;
  {
    Stream stream = { data, length, json_parser_new_immutable (), g_string_new (NULL),
                      g_ptr_array_new_with_free_func (g_free), 0, FALSE };

    json_parser_set_strict (stream.parser, TRUE);
    match = load_streaming (&stream, warnings, &stream_error);
    g_object_unref (stream.parser);
    g_string_free (stream.scratch, TRUE);
    g_ptr_array_unref (stream.unknown);
    if (!stream.unexpected)
      {
        if (match == NULL)
          g_propagate_error (error, g_steal_pointer (&stream_error));
        return match;
      }
    g_clear_object (&match);
  }

  /* The old way, for what the walk did not expect: json-glib's own
   * errors, its place in the file. */
  parser = congkak_json_parse_object (data, length,
                                      _("This is not a Congkak match file: it does not hold a JSON object."), error);
  if (parser == NULL)
    return NULL;
  return read_match (json_node_get_object (json_parser_get_root (parser)), NULL, (Slice) { 0, 0 },
                     warnings, error);
}

/**
 * congkak_match_load_from_data:
 * @data: the file's bytes
 * @length: their length, or -1 if @data ends with a NUL
 * @warnings: (out) (optional) (transfer full) (element-type utf8): fields
 *   that were ignored, each with its path: the first
 *   %CONGKAK_MATCH_FILE_MAX_WARNINGS, then one that counts the others
 *
 * Returns: (transfer full) (nullable): the match, or %NULL with @error set
 *   in CONGKAK_MATCH_FILE_ERROR, its message starting with where the
 *   problem is.
 */
CongkakMatch *
congkak_match_load_from_data (const char  *data,
                              gssize       length,
                              GPtrArray  **warnings,
                              GError     **error)
{
  CongkakMatch *match;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (data);
  match = load_from_data (data, length, warnings, error);
#ifdef __GLIBC__
  /* The parser's tree of a big file is freed now: give the memory back
   * instead of keeping it for the rest of the app's life. */
  if (length > 1024 * 1024)
    malloc_trim (0);
#endif
  return match;
}

/* Reads at most one byte past the size limit, so that a huge file is
 * refused without being read whole; a folder, a named pipe or a device is
 * refused before it is opened for reading. */
static GBytes *
read_bounded (GFile         *file,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr (GError) local_error = NULL;
  GBytes *bytes;

  bytes = congkak_file_load_bounded (file, CONGKAK_MATCH_FILE_MAX_BYTES, TRUE, cancellable, &local_error);
  if (bytes == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
    {
      g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                      G_FILE_QUERY_INFO_NONE, cancellable, NULL);
      guint64 size = info ? (guint64) g_file_info_get_size (info) : CONGKAK_MATCH_FILE_MAX_BYTES + 1ull;

      set_too_large (error, size);
      return NULL;
    }
  if (bytes == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return bytes;
}

/**
 * congkak_match_load_from_file:
 *
 * Reads a .congkak (JSON) file; see congkak_match_load_from_data().
 */
CongkakMatch *
congkak_match_load_from_file (GFile         *file,
                              GCancellable  *cancellable,
                              GPtrArray    **warnings,
                              GError       **error)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  bytes = read_bounded (file, cancellable, error);
  if (bytes == NULL)
    return NULL;
  return congkak_match_load_from_data (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), warnings, error);
}

static gboolean
looks_like_json (const guint8 *data,
                 gsize         length)
{
  gsize i = 0;

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    i = 3;
  while (i < length && g_ascii_isspace (data[i]))
    i++;
  return i < length && data[i] == '{';
}

/**
 * congkak_match_load_any_from_bytes:
 *
 * Reads a match in either format from bytes already read (such as
 * standard input, read with a limit of %CONGKAK_MATCH_FILE_MAX_BYTES),
 * told apart by content: a JSON object (a .congkak file) or the text
 * notation (congkak_match_load_from_text()).
 */
/* Either format, told apart by content; @format says which it was. */
static CongkakMatch *
load_any (GBytes              *bytes,
          CongkakMatchFormat  *format,
          GPtrArray          **warnings,
          GError             **error)
{
  gsize length;
  const guint8 *data;

  data = g_bytes_get_data (bytes, &length);
  if (data == NULL)
    data = (const guint8 *) "";
  if (looks_like_json (data, length))
    {
      if (format)
        *format = CONGKAK_MATCH_FORMAT_JSON;
      return congkak_match_load_from_data ((const char *) data, length, warnings, error);
    }
  if (warnings)
    *warnings = g_ptr_array_new_with_free_func (g_free);
  return congkak_match_load_from_text_with_format ((const char *) data, length, format, error);
}

CongkakMatch *
congkak_match_load_any_from_bytes (GBytes     *bytes,
                                   GPtrArray **warnings,
                                   GError    **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_any (bytes, NULL, warnings, error);
}

/**
 * congkak_match_load_any_from_file:
 *
 * Reads a match in either format, told apart by content: a JSON object
 * (a .congkak file) or the text notation (congkak_match_load_from_text()).
 */
CongkakMatch *
congkak_match_load_any_from_file (GFile         *file,
                                  GCancellable  *cancellable,
                                  GPtrArray    **warnings,
                                  GError       **error)
{
  return congkak_match_load_any_from_file_with_format (file, cancellable, NULL, warnings, error);
}

/**
 * congkak_match_load_any_from_file_with_format:
 * @format: (out) (optional): the format the file was in, to save it in
 *   again (congkak_match_save_in_format())
 *
 * Like congkak_match_load_any_from_file().
 */
CongkakMatch *
congkak_match_load_any_from_file_with_format (GFile               *file,
                                              GCancellable        *cancellable,
                                              CongkakMatchFormat  *format,
                                              GPtrArray          **warnings,
                                              GError             **error)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  bytes = read_bounded (file, cancellable, error);
  if (bytes == NULL)
    return NULL;
  return load_any (bytes, format, warnings, error);
}

/* The moves are most of a big file: they are written straight into the
 * text, as json-glib would write them, rather than built as a JsonNode
 * tree first (which took some 500 bytes a move, twice the file's size
 * over). */

/* @text as json-glib writes a string (its json_strescape()), with the
 * characters above U+007E that would act on a terminal written \uXXXX as
 * congkak_json_generate() writes them. */
static void
append_json_string (GString    *out,
                    const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0';)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\b':
          g_string_append (out, "\\b");
          break;
        case '\f':
          g_string_append (out, "\\f");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        default:
          if (c < 0x20 || c == 0x7F)
            g_string_append_printf (out, "\\u%04x", c);
          else if (congkak_is_hidden_control (c))
            g_string_append_printf (out, "\\u%04X", c);
          else
            g_string_append_len (out, p, g_utf8_next_char (p) - p);
          break;
        }
      p = g_utf8_next_char (p);
    }
  g_string_append_c (out, '"');
}

/* `"name" : `, after a comma unless it is the object's first member */
static void
append_member (GString    *out,
               gboolean   *first,
               const char *name)
{
  if (!*first)
    g_string_append (out, ",\n");
  *first = FALSE;
  g_string_append_printf (out, "\"%s\" : ", name);
}

static void
write_analysis (GString     *out,
                CongkakNode *node)
{
  gboolean first = TRUE;

  g_string_append (out, "{\n");
  append_member (out, &first, "evaluation");
  g_string_append_printf (out, "%d", CLAMP (congkak_node_get_evaluation (node), -MAX_EVALUATION, MAX_EVALUATION));
  if (congkak_node_get_best_move (node))
    {
      append_member (out, &first, "best");
      append_json_string (out, congkak_node_get_best_move (node));
    }
  if (congkak_node_get_analysis_mark (node) != CONGKAK_MARK_NONE)
    {
      append_member (out, &first, "mark");
      append_json_string (out, congkak_mark_to_string (congkak_node_get_analysis_mark (node)));
    }
  if (*congkak_node_get_analysis_comment (node))
    {
      append_member (out, &first, "comment");
      append_json_string (out, congkak_node_get_analysis_comment (node));
    }
  g_string_append (out, "\n}");
}

static void
write_line (GString     *out,
            CongkakNode *first_node)
{
  g_string_append (out, "[\n");
  for (CongkakNode *node = first_node; node != NULL; node = congkak_node_get_main_child (node))
    {
      CongkakNode *parent = congkak_node_get_parent (node);
      g_autofree char *move = congkak_node_dup_move_text (node);
      gboolean first = TRUE;

      if (node != first_node)
        g_string_append (out, ",\n");
      g_string_append (out, "{\n");
      append_member (out, &first, "move");
      append_json_string (out, move);
      if (*congkak_node_get_comment (node))
        {
          append_member (out, &first, "comment");
          append_json_string (out, congkak_node_get_comment (node));
        }
      if (congkak_node_get_mark (node) != CONGKAK_MARK_NONE)
        {
          append_member (out, &first, "mark");
          append_json_string (out, congkak_mark_to_string (congkak_node_get_mark (node)));
        }
      if (congkak_node_has_analysis (node))
        {
          append_member (out, &first, "analysis");
          write_analysis (out, node);
        }
      /* The parent's other children are the alternatives to this move. */
      if (congkak_node_get_child_index (node) == 0 && congkak_node_get_n_children (parent) > 1)
        {
          append_member (out, &first, "variations");
          g_string_append (out, "[\n");
          for (guint i = 1; i < congkak_node_get_n_children (parent); i++)
            {
              if (i > 1)
                g_string_append (out, ",\n");
              write_line (out, congkak_node_get_child (parent, i));
            }
          g_string_append (out, "\n]");
        }
      g_string_append (out, "\n}");

      /* The line ends with moves that have no nodes yet: written as they
       * are, without making them (issue 28). */
      for (guint i = 0; i < congkak_node_get_run_length (node); i++)
        {
          g_autofree char *run_move = NULL;
          CongkakMove bare;

          first = TRUE;
          congkak_node_get_run_move (node, i, &bare);
          run_move = congkak_move_to_string (&bare);
          g_string_append (out, ",\n{\n");
          append_member (out, &first, "move");
          append_json_string (out, run_move);
          g_string_append (out, "\n}");
        }
      if (congkak_node_get_run_length (node) > 0)
        break;
    }
  g_string_append (out, "\n]");
}

/**
 * congkak_json_add_position_side:
 *
 * Adds @side of @position as a member named "south" or "north": its holes
 * in index order, its store and its burnt holes; the form match files and
 * congkak-cli share.
 */
void
congkak_json_add_position_side (JsonBuilder           *builder,
                                const CongkakPosition *position,
                                CongkakSide            side)
{
  json_builder_set_member_name (builder, congkak_side_to_string (side));
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "holes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < position->n_holes; i++)
    json_builder_add_int_value (builder, position->holes[side][i]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "store");
  json_builder_add_int_value (builder, position->store[side]);
  json_builder_set_member_name (builder, "burnt");
  json_builder_begin_array (builder);
  for (guint i = 0; i < position->n_holes; i++)
    json_builder_add_boolean_value (builder, congkak_position_is_burnt (position, side, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

/**
 * congkak_match_save_to_data:
 * @length: (out) (optional): the length of the text
 *
 * Returns: (transfer full): the match as a .congkak file (UTF-8 JSON).
 */
char *
congkak_match_save_to_data (CongkakMatch *match,
                            gsize        *length)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  const CongkakRules *rules;
  gboolean any_metadata = FALSE;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);

  rules = congkak_match_get_rules (match);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, CONGKAK_MATCH_FILE_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_string_value (builder, G_STRINGIFY (CONGKAK_MATCH_FILE_VERSION_MAJOR) "."
                                          G_STRINGIFY (CONGKAK_MATCH_FILE_VERSION_MINOR));
  congkak_json_add_rules (builder, rules);

  json_builder_set_member_name (builder, "players");
  json_builder_begin_object (builder);
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      CongkakPlayerKind kind = congkak_match_get_player_kind (match, side);

      json_builder_set_member_name (builder, congkak_side_to_string (side));
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, congkak_match_get_player_name (match, side));
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, congkak_player_kind_to_string (kind));
      if (kind == CONGKAK_PLAYER_COMPUTER)
        {
          json_builder_set_member_name (builder, "level");
          json_builder_add_string_value (builder,
                                         congkak_level_to_string (congkak_match_get_player_level (match, side)));
        }
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);

  for (guint field = 0; field < CONGKAK_N_METADATA; field++)
    {
      const char *value = congkak_match_get_metadata (match, field);

      if (*value == '\0')
        continue;
      if (!any_metadata)
        {
          json_builder_set_member_name (builder, "metadata");
          json_builder_begin_object (builder);
          any_metadata = TRUE;
        }
      json_builder_set_member_name (builder, congkak_metadata_key (field));
      json_builder_add_string_value (builder, value);
    }
  if (any_metadata)
    json_builder_end_object (builder);

  if (congkak_match_has_custom_start (match))
    {
      const CongkakPosition *start = congkak_match_get_start_position (match);

      json_builder_set_member_name (builder, "start");
      json_builder_begin_object (builder);
      congkak_json_add_position_side (builder, start, CONGKAK_SOUTH);
      congkak_json_add_position_side (builder, start, CONGKAK_NORTH);
      json_builder_set_member_name (builder, "to_move");
      if (start->to_move == CONGKAK_NOBODY)
        json_builder_add_null_value (builder);
      else
        json_builder_add_string_value (builder, congkak_side_to_string (start->to_move));
      json_builder_end_object (builder);
    }

  if (*congkak_node_get_comment (congkak_match_get_root (match)))
    {
      json_builder_set_member_name (builder, "comment");
      json_builder_add_string_value (builder, congkak_node_get_comment (congkak_match_get_root (match)));
    }

  /* The moves, last: json-glib writes the rest, with an empty list that
   * the moves then replace. */
  json_builder_set_member_name (builder, "moves");
  json_builder_begin_array (builder);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  {
    static const char empty_moves[] = "[]\n}\n";
    CongkakNode *first = congkak_node_get_main_child (congkak_match_get_root (match));
    gsize header_length;
    char *header = congkak_json_generate (builder, &header_length);
    GString *text;

    if (first == NULL)
      {
        if (length)
          *length = header_length;
        return header;
      }
    g_assert (g_str_has_suffix (header, empty_moves));
    text = g_string_new_take (header);
    g_string_truncate (text, header_length - strlen (empty_moves));
    write_line (text, first);
    g_string_append (text, "\n}\n");
    if (length)
      *length = text->len;
    return g_string_free (text, FALSE);
  }
}

/**
 * congkak_match_save_to_file:
 *
 * Writes the match atomically with congkak_file_replace_contents(): the
 * new text goes to a temporary file that replaces the old one only when
 * complete and on disk, and the old one is kept as a backup (`NAME~`).
 * On any failure (a full disk included) the old file is untouched.  A
 * match whose file would pass the loader's size or memory limit is
 * refused, so that nothing is saved that could not be opened again.
 */
GBytes *
congkak_match_save_to_bytes (CongkakMatch  *match,
                             GError       **error)
{
  char *data;
  gsize length;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = congkak_match_save_to_data (match, &length);
  if (length > CONGKAK_MATCH_FILE_MAX_BYTES)
    {
      g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE,
                   ngettext ("The match would take %llu byte, more than the %u bytes (16 MiB) a match file may hold; it was not saved.",
                             "The match would take %llu bytes, more than the %u bytes (16 MiB) a match file may hold; it was not saved.",
                             length),
                   (unsigned long long) length, CONGKAK_MATCH_FILE_MAX_BYTES);
      g_free (data);
      return NULL;
    }
  /* The loader's memory limit too: a match with analysis on nearly every
   * one of 200,000 moves would pass it. */
  if (!congkak_json_check_structure (data, length, NULL))
    {
      g_set_error_literal (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE,
                           _("The match holds too many moves, comments and analyses for one file; it was not saved."));
      g_free (data);
      return NULL;
    }
  return g_bytes_new_take (data, length);
}

gboolean
congkak_match_save_to_file (CongkakMatch  *match,
                            GFile         *file,
                            GCancellable  *cancellable,
                            GError       **error)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  bytes = congkak_match_save_to_bytes (match, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  return congkak_file_replace_contents (file, data, length, CONGKAK_SAVE_BACKUP, cancellable, error);
}

static gboolean
has_analysis (CongkakMatch *match)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, congkak_match_get_root (match));
  while (stack->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      if (congkak_node_has_analysis (node))
        return TRUE;
      for (guint i = 0; i < congkak_node_get_n_children (node); i++)
        g_ptr_array_add (stack, congkak_node_get_child (node, i));
    }
  return FALSE;
}

/* What @read_back, @match written in @format and read again, has lost. */
static void
set_cannot_hold_error (GError             **error,
                       CongkakMatch        *match,
                       CongkakMatch        *read_back,
                       CongkakMatchFormat   format)
{
  /* TRANSLATORS: starts the sentences below */
  const char *name = format == CONGKAK_MATCH_FORMAT_OGN ? _("The Oware Game Notation") : _("The text notation");

  if (congkak_match_get_n_nodes (read_back) != congkak_match_get_n_nodes (match))
    /* TRANSLATORS: %s is “The Oware Game Notation” or “The text notation” */
    g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_CANNOT_HOLD,
                 _("%s cannot hold the variations of this match."), name);
  else if (g_strcmp0 (congkak_node_get_comment (congkak_match_get_root (read_back)),
                      congkak_node_get_comment (congkak_match_get_root (match))) != 0)
    /* TRANSLATORS: %s is “The Oware Game Notation” or “The text notation” */
    g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_CANNOT_HOLD,
                 _("%s cannot hold the comment on the start of this match."), name);
  else if (has_analysis (match) && !has_analysis (read_back))
    /* TRANSLATORS: %s is “The Oware Game Notation” or “The text notation” */
    g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_CANNOT_HOLD,
                 _("%s cannot hold the computer’s analysis of this match."), name);
  else
    /* TRANSLATORS: %s is “The Oware Game Notation” or “The text notation” */
    g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_CANNOT_HOLD,
                 _("%s cannot hold everything this match holds: a comment, a player or a detail would change."),
                 name);
}

/**
 * congkak_match_save_in_format:
 *
 * The match as a file in @format, only if that format can say everything
 * the match holds: the text notation and the Oware Game Notation are
 * written, read back and compared, and refused with
 * %CONGKAK_MATCH_FILE_ERROR_CANNOT_HOLD (saying what would be lost) when
 * the match read back is not the same.  JSON holds everything, within the
 * limits of congkak_match_save_to_bytes().
 *
 * Returns: (transfer full) (nullable): the file's bytes, or %NULL with
 *   @error set.
 */
GBytes *
congkak_match_save_in_format (CongkakMatch        *match,
                              CongkakMatchFormat   format,
                              GError             **error)
{
  g_autoptr (CongkakMatch) read_back = NULL;
  g_autoptr (GError) read_error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  switch (format)
    {
    case CONGKAK_MATCH_FORMAT_JSON:
      return congkak_match_save_to_bytes (match, error);
    case CONGKAK_MATCH_FORMAT_OGN:
      /* What OGN leaves out shows below: the match does not read back. */
      text = congkak_match_save_to_ogn (match, &(CongkakOgnLosses) { 0 }, error);
      if (text == NULL)
        return NULL;
      break;
    case CONGKAK_MATCH_FORMAT_TEXT:
    default:
      text = congkak_match_save_to_text (match);
      break;
    }

  read_back = congkak_match_load_from_text (text, -1, &read_error);
  if (read_back == NULL)
    {
      g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_CANNOT_HOLD,
                   _("Written in this notation, the match does not read back: %s"), read_error->message);
      return NULL;
    }
  if (!congkak_match_equal (read_back, match))
    {
      set_cannot_hold_error (error, match, read_back, format);
      return NULL;
    }
  length = strlen (text);
  return g_bytes_new_take (g_steal_pointer (&text), length);
}
