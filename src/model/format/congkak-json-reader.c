/* congkak-json-reader.c — the strict JSON reading that every file format shares
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Match files (congkak-match-file.c) and puzzle sets (congkak-puzzle-set.c)
 * never trust the file: sizes and nesting are checked before the JSON
 * parser sees it, and every value's type and range is checked.  Each
 * error begins with where it is: a JSON path such as
 * `moves[12].variations[0][3]`, or a line and column for text that is not
 * JSON at all, which the parser itself gives (it is asked in its ::error
 * signal, not read out of its message).  What both formats hold (the
 * version, rules, positions and players) is read here, once.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "congkak-file-util.h"
#include "congkak-json-private.h"
#include "congkak-format.h"
#include "congkak-match-private.h"

/**
 * congkak_json_fail:
 * @path: where in the file, such as `moves[3].move`
 *
 * Sets @error in CONGKAK_MATCH_FILE_ERROR to “@path: message”.
 *
 * Returns: %FALSE, for `return congkak_json_fail (…);`
 */
gboolean
congkak_json_fail (GError     **error,
                   int          code,
                   const char  *path,
                   const char  *format,
                   ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* TRANSLATORS: %s: where in the file (a path such as moves[3].move), %s: what is wrong */
  g_set_error (error, CONGKAK_MATCH_FILE_ERROR, code, _("%s: %s"), path, message);
  return FALSE;
}

/**
 * congkak_json_warn_unknown:
 * @warnings: (nullable): where the reader collects its warnings
 *
 * A field this version does not know, at @path: ignored, with a warning.
 * A file of a million unknown fields gives the first
 * %CONGKAK_MATCH_FILE_MAX_WARNINGS warnings and a count of the rest, not a
 * million lines: past the first ones, a %NULL stands for each, to be
 * counted by congkak_json_finish_warnings().
 */
void
congkak_json_warn_unknown (GPtrArray  *warnings,
                           const char *path)
{
  if (warnings == NULL)
    return;
  if (warnings->len < CONGKAK_MATCH_FILE_MAX_WARNINGS)
    g_ptr_array_add (warnings, g_strdup_printf (_("%s: unknown field, ignored"), path));
  else
    g_ptr_array_add (warnings, NULL);
}

/**
 * congkak_json_finish_warnings:
 * @warnings: (nullable): the warnings congkak_json_warn_unknown() collected
 *
 * Replaces the warnings past the first ones by one that counts them:
 * “… and 999,990 more unknown fields, ignored”.
 */
void
congkak_json_finish_warnings (GPtrArray *warnings)
{
  guint more;

  if (warnings == NULL || warnings->len <= CONGKAK_MATCH_FILE_MAX_WARNINGS)
    return;
  more = warnings->len - CONGKAK_MATCH_FILE_MAX_WARNINGS;
  g_ptr_array_set_size (warnings, CONGKAK_MATCH_FILE_MAX_WARNINGS);
  g_ptr_array_add (warnings,
                   /* TRANSLATORS: after the first warnings, such as “… and 999,990 more unknown fields, ignored” */
                   g_strdup_printf (ngettext ("… and %'u more unknown field, ignored", "… and %'u more unknown fields, ignored",
                                              more),
                                    more));
}

/**
 * congkak_json_is_quotable:
 *
 * Whether @text is short and plain enough to be quoted whole: only such
 * text goes to the engine, whose messages quote it as it is.
 */
gboolean
congkak_json_is_quotable (const char *text)
{
  return congkak_is_quotable (text);
}

char *
congkak_json_child_path (const char *path,
                         const char *member)
{
  g_autofree char *name = congkak_quote_untrusted (member, -1);

  return *path ? g_strdup_printf ("%s.%s", path, name) : g_steal_pointer (&name);
}

/* `path[index]` */
char *
congkak_json_index_path (const char *path,
                         guint       index)
{
  return g_strdup_printf ("%s[%u]", path, index);
}


/* What json-glib's tree costs, in bytes, for each object, list, plain
 * value, text and member name (measured on x86-64 with GLib 2.84 and
 * json-glib 1.10); a text costs its length more, a member name twice. */
#define TREE_COST_OBJECT 320
#define TREE_COST_ARRAY  140
#define TREE_COST_VALUE   90
#define TREE_COST_STRING 120
#define TREE_COST_MEMBER  60
/* The tree may cost this many times the file's size, or TREE_BUDGET_MIN
 * if more (what CONGKAK_MATCH_FILE_MAX_NODES plain moves would need built
 * at once): for puzzle sets, read whole.  Match files are read a move at
 * a time, each part with a budget of its own (congkak_json_check_budget()). */
#define TREE_BUDGET_PER_BYTE 22
#define TREE_BUDGET_MIN (144 * 1024 * 1024)

static gboolean G_GNUC_PRINTF (5, 6)
fail_at_offset (GError     **error,
                int          code,
                const char  *data,
                gsize        offset,
                const char  *format,
                ...)
{
  va_list args;

  va_start (args, format);
  congkak_text_set_error_at (error, code, data, offset, format, args);
  va_end (args);
  return FALSE;
}

/* Reads [@start, @end) of the file's structure once without building
 * anything.  @check_depth: refuse nesting deeper than
 * CONGKAK_MATCH_FILE_MAX_DEPTH and a NUL written as \u0000 inside a text
 * (C strings would silently end there); @budget: unless 0, refuse what
 * would take json-glib's tree more than @budget bytes, leaving out
 * [@skip_start, @skip_end), which is read apart.  Errors say where in
 * @data. */
static gboolean
scan_structure (const char  *data,
                gsize        start,
                gsize        end,
                gsize        skip_start,
                gsize        skip_end,
                gboolean     check_depth,
                guint64      budget,
                GError     **error)
{
  guint64 cost = 0;
  gboolean expect_value = TRUE;
  gsize last_string = 0;
  guint depth = 0;

  for (gsize i = start; i < end; i++)
    {
      char c = data[i];
      gboolean counted = budget > 0 && (i < skip_start || i >= skip_end);

      if (c == '"')
        {
          gsize string_start = i;

          for (i++; i < end && data[i] != '"'; i++)
            if (data[i] == '\\')
              {
                if (check_depth && end - i > 5 && memcmp (data + i + 1, "u0000", 5) == 0)
                  return fail_at_offset (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, data, i,
                                         _("a text holds the character U+0000 (written \\u0000), which no Congkak file may hold."));
                i++;
              }
          last_string = i - string_start;
          if (counted)
            cost += TREE_COST_STRING + last_string;
          expect_value = FALSE;
        }
      else if (c == '[' || c == '{')
        {
          if (++depth > CONGKAK_MATCH_FILE_MAX_DEPTH && check_depth)
            {
              guint line, column;

              congkak_text_line_and_column (data, i, &line, &column);
              g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_DEEP,
                           ngettext ("line %u, column %u: the file nests lists and objects more than %u level deep, more than any match needs.",
                                     "line %u, column %u: the file nests lists and objects more than %u levels deep, more than any match needs.",
                                     CONGKAK_MATCH_FILE_MAX_DEPTH),
                           line, column, CONGKAK_MATCH_FILE_MAX_DEPTH);
              return FALSE;
            }
          if (counted)
            cost += c == '{' ? TREE_COST_OBJECT : TREE_COST_ARRAY;
          expect_value = TRUE;
        }
      else if (c == ']' || c == '}')
        {
          if (depth > 0)
            depth--;
          expect_value = FALSE;
        }
      else if (c == ',')
        expect_value = TRUE;
      else if (c == ':')
        {
          if (counted)
            cost += TREE_COST_MEMBER + last_string;
          expect_value = TRUE;
        }
      else if (expect_value && !g_ascii_isspace (c))
        {
          if (counted)
            cost += TREE_COST_VALUE;
          expect_value = FALSE;
        }

      if (budget > 0 && cost > budget)
        return fail_at_offset (error, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE, data, MIN (i, end - 1),
                               _("the file holds far more lists, objects and values than a match needs for its size; it is refused so as not to take too much memory."));
    }
  return TRUE;
}

/**
 * congkak_json_check_structure:
 *
 * Reads the file's structure once without building anything, so that the
 * parser never sees a file nested deeper than CONGKAK_MATCH_FILE_MAX_DEPTH,
 * a tree that would take far more memory than the file's size, or a NUL
 * written as \u0000 inside a text (C strings would silently end there).
 * The savers run it too, so that nothing is saved that would not open.
 */
gboolean
congkak_json_check_structure (const char  *data,
                              gsize        length,
                              GError     **error)
{
  guint64 budget = MAX ((guint64) length * TREE_BUDGET_PER_BYTE, TREE_BUDGET_MIN);

  return scan_structure (data, 0, length, 0, 0, TRUE, budget, error);
}

/**
 * congkak_json_check_shape:
 *
 * The checks of congkak_json_check_structure() but the memory budget:
 * for a reader that builds json-glib's tree a part at a time, and checks
 * each part's budget with congkak_json_check_budget().
 */
gboolean
congkak_json_check_shape (const char  *data,
                          gsize        length,
                          GError     **error)
{
  return scan_structure (data, 0, length, 0, 0, TRUE, 0, error);
}

/**
 * congkak_json_check_budget:
 * @start: where the part json-glib will hold whole begins in @data
 * @end: where it ends
 * @skip_start: where a part within it begins that is read apart (or
 *   @skip_end, the same, if none)
 * @floor: the budget of a small part
 *
 * Whether json-glib's tree of [@start, @end), without [@skip_start,
 * @skip_end), takes at most 22 times its size or @floor: the budget of
 * one part of a file read a part at a time (the moves of a match, one
 * by one), not of the whole file at once.
 */
gboolean
congkak_json_check_budget (const char  *data,
                           gsize        start,
                           gsize        end,
                           gsize        skip_start,
                           gsize        skip_end,
                           guint64      floor,
                           GError     **error)
{
  guint64 budget = MAX ((guint64) (end - start - (skip_end - skip_start)) * TREE_BUDGET_PER_BYTE, floor);

  return scan_structure (data, start, end, skip_start, skip_end, FALSE, budget, error);
}

static const char *
type_name (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return _("nothing (null)");
  if (JSON_NODE_HOLDS_OBJECT (node))
    return _("an object");
  if (JSON_NODE_HOLDS_ARRAY (node))
    return _("a list");
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return _("text");
    case G_TYPE_BOOLEAN:
      return _("true or false");
    default:
      return _("a number");
    }
}

JsonObject *
congkak_json_expect_object (JsonNode    *node,
                            const char  *path,
                            GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE, path,
                         _("expected an object, found %s."), type_name (node));
      return NULL;
    }
  return json_node_get_object (node);
}

JsonArray *
congkak_json_expect_array (JsonNode    *node,
                           const char  *path,
                           GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE, path,
                         _("expected a list, found %s."), type_name (node));
      return NULL;
    }
  return json_node_get_array (node);
}

const char *
congkak_json_expect_string (JsonNode    *node,
                            const char  *path,
                            GError     **error)
{
  const char *text;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE, path,
                         _("expected text, found %s."), type_name (node));
      return NULL;
    }
  text = json_node_get_string (node);
  if (congkak_match_text_is_too_long (text, -1))
    {
      congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, path,
                         ngettext ("the text is longer than %u character.", "the text is longer than %u characters.",
                                   CONGKAK_MATCH_FILE_MAX_TEXT),
                         CONGKAK_MATCH_FILE_MAX_TEXT);
      return NULL;
    }
  return text;
}

gboolean
congkak_json_expect_integer (JsonNode    *node,
                             const char  *path,
                             gint64       min,
                             gint64       max,
                             gint64      *value,
                             GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE, path,
                              _("expected a whole number, found %s."), type_name (node));
  *value = json_node_get_int (node);
  /* The parser stops at the ends of 64 bits: beyond them, say so instead
   * of quoting the number it stopped at. */
  if (*value == G_MAXINT64)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, path,
                              _("the number is too large: it must be from %lld to %lld."), (long long) min, (long long) max);
  if (*value == G_MININT64)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, path,
                              _("the number is too small: it must be from %lld to %lld."), (long long) min, (long long) max);
  if (*value < min || *value > max)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, path,
                              _("%lld is out of range: it must be from %lld to %lld."),
                              (long long) *value, (long long) min, (long long) max);
  return TRUE;
}

gboolean
congkak_json_expect_boolean (JsonNode    *node,
                             const char  *path,
                             gboolean    *value,
                             GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE, path,
                              _("expected true or false, found %s."), type_name (node));
  *value = json_node_get_boolean (node);
  return TRUE;
}

gboolean
congkak_json_read_version (JsonObject  *root,
                           GError     **error)
{
  JsonNode *node = json_object_get_member (root, "version");
  g_autofree char *quoted = NULL;
  const char *text;
  guint64 major;
  char *end;

  if (node == NULL)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, "version",
                              _("the file does not say its format version."));
  if ((text = congkak_json_expect_string (node, "version", error)) == NULL)
    return FALSE;

  quoted = congkak_quote_untrusted (text, -1);
  major = g_ascii_strtoull (text, &end, 10);
  if (!g_ascii_isdigit (text[0]) || *end != '.' || !g_ascii_isdigit (end[1])
      || strspn (end + 1, "0123456789") != strlen (end + 1))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "version",
                              _("“%s” is not a version such as “1.0”."), quoted);
  if (major > CONGKAK_MATCH_FILE_VERSION_MAJOR)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_NEWER_VERSION, "version",
                              _("the file was written in format version %s by a newer Congkak; this version reads format %d.x. Please update Congkak to open it."),
                              quoted, CONGKAK_MATCH_FILE_VERSION_MAJOR);
  if (major < 1)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, "version",
                              _("“%s” is not a version of this format."), quoted);
  return TRUE;
}

static const char * const numeric_rule_keys[] = { "holes", "seeds", "min-holes", "max-rounds", NULL };

static gboolean
is_numeric_rule (const char *key)
{
  return g_strv_contains (numeric_rule_keys, key);
}

/**
 * congkak_json_read_rules:
 * @parent: the object with a member "rules"
 * @path: where @parent is in the file, "" for the top
 *
 * Reads the "rules" object of RULES.md section 8: every option that applies
 * to the family and no other, each checked.
 */
gboolean
congkak_json_read_rules (JsonObject    *parent,
                         const char    *path,
                         CongkakRules  *rules,
                         GError       **error)
{
  g_autofree char *rules_path = congkak_json_child_path (path, "rules");
  g_autofree char *family_path = congkak_json_child_path (rules_path, "family");
  g_autoptr (GList) members = NULL;
  JsonObject *object;
  const char *family;
  const char * const *keys = congkak_rules_option_keys ();
  g_autoptr (GError) rules_error = NULL;
  g_autofree char *quoted_family = NULL;

  if (!json_object_has_member (parent, "rules"))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, rules_path,
                              _("the file does not say which rules the match is played by."));
  if ((object = congkak_json_expect_object (json_object_get_member (parent, "rules"), rules_path, error)) == NULL)
    return FALSE;

  if (!json_object_has_member (object, "family"))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, family_path,
                              _("the rules do not say their family (“store” or “oware”)."));
  if ((family = congkak_json_expect_string (json_object_get_member (object, "family"), family_path, error)) == NULL)
    return FALSE;
  quoted_family = congkak_quote_untrusted (family, -1);
  if (g_strcmp0 (family, "store") != 0 && g_strcmp0 (family, "oware") != 0)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, family_path,
                              _("unknown family “%s”: it must be “store” or “oware”."), quoted_family);
  congkak_rules_init_profile (rules, g_str_equal (family, "oware") ? "oware" : "congkak", NULL);

  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      g_autofree char *key_path = congkak_json_child_path (rules_path, key);
      JsonNode *node = json_object_get_member (object, key);
      g_autofree char *value = NULL;

      if (g_str_equal (key, "family"))
        continue;
      if (!g_strv_contains (keys, key))
        {
          g_autofree char *quoted = congkak_quote_untrusted (key, -1);

          return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, key_path,
                                    _("unknown rule option “%s”; the match cannot be replayed without knowing it."), quoted);
        }

      if (is_numeric_rule (key))
        {
          gint64 number;

          if (!congkak_json_expect_integer (node, key_path, 0, G_MAXINT32, &number, error))
            return FALSE;
          value = g_strdup_printf ("%" G_GINT64_FORMAT, number);
        }
      else
        {
          const char *text = congkak_json_expect_string (node, key_path, error);

          if (text == NULL)
            return FALSE;
          if (!congkak_json_is_quotable (text))
            {
              g_autofree char *quoted = congkak_quote_untrusted (text, -1);

              return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, key_path,
                                        _("“%s” is not a value of this rule option."), quoted);
            }
          value = g_strdup (text);
        }

      if (!congkak_rules_set_option (rules, key, value, &rules_error))
        return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, key_path, "%s", rules_error->message);
    }

  for (guint i = 0; keys[i] != NULL; i++)
    if (congkak_rules_option_applies (rules, keys[i]) && !json_object_has_member (object, keys[i]))
      {
        g_autofree char *key_path = congkak_json_child_path (rules_path, keys[i]);

        return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, key_path,
                                  _("the rule option “%s” is missing; a Congkak file lists every rule."), keys[i]);
      }

  if (!congkak_rules_validate (rules, &rules_error))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, rules_path, "%s", rules_error->message);
  return TRUE;
}

static gboolean
read_side (JsonObject          *start,
           const char          *start_path,
           CongkakSide          side,
           const CongkakRules  *rules,
           CongkakPosition     *position,
           GError             **error)
{
  const char *name = congkak_side_to_string (side);
  g_autofree char *path = congkak_json_child_path (start_path, name);
  g_autofree char *holes_path = congkak_json_child_path (path, "holes");
  g_autofree char *store_path = congkak_json_child_path (path, "store");
  g_autofree char *burnt_path = congkak_json_child_path (path, "burnt");
  JsonObject *object;
  JsonArray *holes, *burnt = NULL;
  gint64 value;

  if ((object = congkak_json_expect_object (json_object_get_member (start, name), path, error)) == NULL)
    return FALSE;
  if ((holes = congkak_json_expect_array (json_object_get_member (object, "holes"), holes_path, error)) == NULL)
    return FALSE;
  if (json_array_get_length (holes) != rules->holes)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION, holes_path,
                              ngettext ("lists %u hole, but the rules have %u a side.",
                                        "lists %u holes, but the rules have %u a side.", json_array_get_length (holes)),
                              json_array_get_length (holes), rules->holes);

  for (guint i = 0; i < rules->holes; i++)
    {
      g_autofree char *hole_path = g_strdup_printf ("%s[%u]", holes_path, i);

      if (!congkak_json_expect_integer (json_array_get_element (holes, i), hole_path, 0,
                                        CONGKAK_MAX_TOTAL_SEEDS, &value, error))
        return FALSE;
      position->holes[side][i] = value;
    }

  if (!congkak_json_expect_integer (json_object_get_member (object, "store"), store_path, 0,
                                    CONGKAK_MAX_TOTAL_SEEDS, &value, error))
    return FALSE;
  position->store[side] = value;

  if (json_object_has_member (object, "burnt")
      && (burnt = congkak_json_expect_array (json_object_get_member (object, "burnt"), burnt_path, error)) == NULL)
    return FALSE;
  if (burnt != NULL && json_array_get_length (burnt) != rules->holes)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION, burnt_path,
                              ngettext ("lists %u hole, but the rules have %u a side.",
                                        "lists %u holes, but the rules have %u a side.", json_array_get_length (burnt)),
                              json_array_get_length (burnt), rules->holes);
  for (guint i = 0; burnt != NULL && i < rules->holes; i++)
    {
      g_autofree char *hole_path = congkak_json_index_path (burnt_path, i);
      gboolean is_burnt;

      if (!congkak_json_expect_boolean (json_array_get_element (burnt, i), hole_path, &is_burnt, error))
        return FALSE;
      if (is_burnt)
        position->burnt[side] |= 1u << i;
    }
  return TRUE;
}

/**
 * congkak_json_read_position:
 * @object: the position: "south" and "north", each with "holes", "store"
 *   and "burnt", and "to_move"
 * @path: where @object is in the file
 *
 * Reads a board as match files write it (congkak_json_add_position_side());
 * "to_move" null or missing is CONGKAK_NOBODY, the simultaneous opening.
 * Whether the rules can play from it is the caller's check
 * (congkak_position_validate()).
 */
gboolean
congkak_json_read_position (JsonObject          *object,
                            const char          *path,
                            const CongkakRules  *rules,
                            CongkakPosition     *position,
                            GError             **error)
{
  g_autofree char *to_move_path = congkak_json_child_path (path, "to_move");
  JsonNode *to_move;

  memset (position, 0, sizeof *position);
  position->n_holes = rules->holes;
  if (!read_side (object, path, CONGKAK_SOUTH, rules, position, error)
      || !read_side (object, path, CONGKAK_NORTH, rules, position, error))
    return FALSE;

  to_move = json_object_get_member (object, "to_move");
  if (to_move == NULL || JSON_NODE_HOLDS_NULL (to_move))
    position->to_move = CONGKAK_NOBODY;
  else
    {
      const char *text = congkak_json_expect_string (to_move, to_move_path, error);

      if (text == NULL)
        return FALSE;
      if (g_str_equal (text, "south"))
        position->to_move = CONGKAK_SOUTH;
      else if (g_str_equal (text, "north"))
        position->to_move = CONGKAK_NORTH;
      else
        {
          g_autofree char *quoted = congkak_quote_untrusted (text, -1);

          return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, to_move_path,
                                    _("“%s” is not a player: write “south”, “north” or null."), quoted);
        }
    }
  return TRUE;
}

static gboolean check_text (const char  *data,
                            gsize        length,
                            gboolean     whole_budget,
                            GError     **error);

/**
 * congkak_json_check_text:
 *
 * What every file must be before it is parsed, its size aside (each
 * format has its own limit, checked first): not empty, UTF-8, and of a
 * structure that congkak_json_check_structure() accepts.
 */
gboolean
congkak_json_check_text (const char  *data,
                         gsize        length,
                         GError     **error)
{
  return check_text (data, length, TRUE, error);
}

/**
 * congkak_json_check_text_shape:
 *
 * Like congkak_json_check_text(), with congkak_json_check_shape() in
 * place of congkak_json_check_structure(): for a reader that checks the
 * budget of each part it builds.
 */
gboolean
congkak_json_check_text_shape (const char  *data,
                               gsize        length,
                               GError     **error)
{
  return check_text (data, length, FALSE, error);
}

static gboolean
check_text (const char  *data,
            gsize        length,
            gboolean     whole_budget,
            GError     **error)
{
  const char *end;
  guint line, column;
  gsize i;

  for (i = 0; i < length && g_ascii_isspace (data[i]); i++)
    ;
  if (i == length)
    {
      g_set_error_literal (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_EMPTY,
                           _("The file is empty."));
      return FALSE;
    }

  if (!g_utf8_validate_len (data, length, &end))
    {
      congkak_text_line_and_column (data, end - data, &line, &column);
      g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_UTF8,
                   _("line %u, column %u: the file is not valid UTF-8 text (byte %llu)."),
                   line, column, (unsigned long long) (end - data) + 1);
      return FALSE;
    }

  return whole_budget ? congkak_json_check_structure (data, length, error)
                      : congkak_json_check_shape (data, length, error);
}


/* Where json-glib's scanner stood when it found an error: asked in the
 * parser's ::error signal, while it still stands there. */
typedef struct
{
  guint line;    /* from 1; 0 when the error came before the scanner ran */
  guint column;
} ParsePosition;

static void
parse_error_cb (JsonParser *parser,
                gpointer    error,
                gpointer    user_data)
{
  ParsePosition *where = user_data;

  where->line = json_parser_get_current_line (parser);
  where->column = json_parser_get_current_pos (parser);
}

/* json-glib's words for what is wrong: its message without the place it
 * begins with ("<data>:LINE:COLUMN: ", which we know from @where) and
 * its label ("Parse error: ", in its own language). */
static const char *
parse_error_reason (const char          *message,
                    const ParsePosition *where)
{
  g_autofree char *place = g_strdup_printf ("<data>:%u:%u: ", where->line, where->column);
  const char *label_end;

  if (!g_str_has_prefix (message, place))
    return message;
  message += strlen (place);
  label_end = strstr (message, ": ");
  return label_end ? label_end + 2 : message;
}

/**
 * congkak_json_parse:
 *
 * Parses text that congkak_json_check_text() accepted, strictly: no
 * comments, nothing after the one value.
 *
 * Returns: (transfer full) (nullable): the parser holding the tree, or
 *   %NULL with a syntax error that says where, as the parser saw it
 */
JsonParser *
congkak_json_parse (const char  *data,
                    gsize        length,
                    GError     **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) json_error = NULL;
  ParsePosition where = { 0, 0 };
  g_autofree char *reason = NULL;

  /* The lenient immutable parser would assert on a second top-level value. */
  parser = json_parser_new_immutable ();
  json_parser_set_strict (parser, TRUE);
  g_signal_connect (parser, "error", G_CALLBACK (parse_error_cb), &where);
  if (json_parser_load_from_data (parser, data, length, &json_error))
    {
      g_signal_handlers_disconnect_by_data (parser, &where);
      return g_steal_pointer (&parser);
    }

  /* json-glib quotes the bad text cut at a byte count. */
  reason = congkak_quote_untrusted (parse_error_reason (json_error->message, &where), -1);
  if (where.line > 0)
    g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                 _("line %u, column %u: the file is not valid JSON (%s)."),
                 where.line, where.column, reason);
  else
    g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                 _("The file is not valid JSON (%s)."), reason);
  return NULL;
}

/**
 * congkak_json_parse_object:
 * @not_an_object: the error message when the file holds JSON, but no
 *   object ("This is not a Congkak match file: …")
 *
 * The start every loader of ours shares: the text checked (UTF-8, no
 * NUL, nesting and memory bounded), parsed strictly, and an object at
 * the root.
 *
 * Returns: (transfer full) (nullable): the parser, whose root is an
 *   object, or %NULL with @error set
 */
JsonParser *
congkak_json_parse_object (const char  *data,
                           gsize        length,
                           const char  *not_an_object,
                           GError     **error)
{
  g_autoptr (JsonParser) parser = NULL;

  if (!congkak_json_check_text (data, length, error)
      || (parser = congkak_json_parse (data, length, error)) == NULL)
    return NULL;
  if (json_parser_get_root (parser) == NULL || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error_literal (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_NOT_A_MATCH, not_an_object);
      return NULL;
    }
  return g_steal_pointer (&parser);
}

/**
 * congkak_json_read_players:
 * @node: the "players" member
 * @path: its path in the file
 * @with_levels: whether a player has a "level" (match files) or not
 *   (puzzle sets, where it is an unknown field)
 * @players: (inout): by side; the sides and fields the file gives are
 *   replaced, the rest stays
 *
 * Reads `{ "south": { "name": …, "kind": …, "level": … }, "north": … }`,
 * each side and each field optional.
 */
gboolean
congkak_json_read_players (JsonNode           *node,
                           const char         *path,
                           gboolean            with_levels,
                           CongkakJsonPlayer   players[2],
                           GPtrArray          *warnings,
                           GError            **error)
{
  g_autoptr (GList) members = NULL;
  JsonObject *object;

  if ((object = congkak_json_expect_object (node, path, error)) == NULL)
    return FALSE;

  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      g_autofree char *player_path = congkak_json_child_path (path, key);
      g_autoptr (GList) fields = NULL;
      JsonObject *player;
      CongkakSide side;

      if (g_str_equal (key, "south"))
        side = CONGKAK_SOUTH;
      else if (g_str_equal (key, "north"))
        side = CONGKAK_NORTH;
      else
        {
          congkak_json_warn_unknown (warnings, player_path);
          continue;
        }
      if ((player = congkak_json_expect_object (json_object_get_member (object, key), player_path, error)) == NULL)
        return FALSE;
      players[side].named = TRUE;

      fields = json_object_get_members (player);
      for (GList *f = fields; f != NULL; f = f->next)
        {
          const char *field = f->data;
          g_autofree char *field_path = congkak_json_child_path (player_path, field);
          g_autofree char *quoted = NULL;
          const char *text;

          if (!g_str_equal (field, "name") && !g_str_equal (field, "kind")
              && !(with_levels && g_str_equal (field, "level")))
            {
              congkak_json_warn_unknown (warnings, field_path);
              continue;
            }
          if ((text = congkak_json_expect_string (json_object_get_member (player, field), field_path, error)) == NULL)
            return FALSE;
          quoted = congkak_quote_untrusted (text, -1);
          if (g_str_equal (field, "name"))
            players[side].name = text;
          else if (g_str_equal (field, "kind") && !congkak_player_kind_from_string (text, &players[side].kind))
            return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, field_path,
                                      _("“%s” is not a kind of player: write “human” or “computer”."), quoted);
          else if (g_str_equal (field, "level") && !congkak_level_from_string (text, &players[side].level))
            return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, field_path,
                                      _("“%s” is not a level: write “easy”, “medium”, “hard” or “perfect”."), quoted);
        }
    }
  return TRUE;
}

/**
 * congkak_json_add_rules:
 *
 * Adds the members "profile" (when the rules are one) and "rules", every
 * option that applies, as congkak_json_read_rules() reads them.
 */
void
congkak_json_add_rules (JsonBuilder        *builder,
                        const CongkakRules *rules)
{
  const char * const *keys = congkak_rules_option_keys ();
  const char *profile;

  if ((profile = congkak_rules_profile_name (rules)) != NULL)
    {
      json_builder_set_member_name (builder, "profile");
      json_builder_add_string_value (builder, profile);
    }

  json_builder_set_member_name (builder, "rules");
  json_builder_begin_object (builder);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *value = NULL;

      if (!congkak_rules_option_applies (rules, keys[i]))
        continue;
      value = congkak_rules_get_option (rules, keys[i]);
      json_builder_set_member_name (builder, keys[i]);
      if (is_numeric_rule (keys[i]))
        json_builder_add_int_value (builder, g_ascii_strtoll (value, NULL, 10));
      else
        json_builder_add_string_value (builder, value);
    }
  json_builder_end_object (builder);
}

/* json-glib writes the controls below U+0020 as \u escapes, but not DEL,
 * the C1 controls (U+009B starts a terminal's escape sequences) or the
 * invisible marks that reorder text: written \uXXXX too, the file never
 * holds a character that would act on a terminal printing it.  They stand
 * only inside strings, where the escape means the same character. */
static GString *
escape_hidden_controls (GString *text)
{
  GString *escaped;
  const char *p, *end = text->str + text->len;

  for (p = text->str; p < end; p++)
    if ((guchar) *p >= 0x7F)
      break;
  if (p == end)
    return text;

  escaped = g_string_sized_new (text->len + 16);
  g_string_append_len (escaped, text->str, p - text->str);
  while (p < end)
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);

      if (c >= 0x7F && congkak_is_hidden_control (c))
        g_string_append_printf (escaped, "\\u%04X", c);
      else
        g_string_append_len (escaped, p, next - p);
      p = next;
    }
  g_string_free (text, TRUE);
  return escaped;
}

/**
 * congkak_json_generate:
 * @length: (out) (optional): the length of the text
 *
 * Returns: (transfer full): @builder's tree as a file's text: one value a
 *   line, no indentation (nesting must not make a big file grow past what
 *   the loaders accept), and a final line break.
 */
char *
congkak_json_generate (JsonBuilder *builder,
                       gsize       *length)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);
  GString *text;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 0);
  text = json_generator_to_gstring (generator, g_string_new (NULL));
  g_string_append_c (text, '\n');
  text = escape_hidden_controls (text);
  if (length)
    *length = text->len;
  return g_string_free (text, FALSE);
}
