/* congkak-net-envelope.c — what every network message must be
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every message, in both directions, is one JSON object with a string
 * member "type" of lowercase letters and dashes.  The text is checked
 * before json-glib sees it: its size, UTF-8, no NUL (not even written
 * \u0000, which would end a C string early), nesting at most
 * CONGKAK_NET_MESSAGE_MAX_DEPTH deep, and no more lists, objects and
 * values than its size allows for (what the file reader's
 * scan_structure() does against bombs, with messages about a message, not
 * a file).  Then it is parsed strictly.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "congkak-net-envelope.h"
#include "congkak-net-error.h"

/* json-glib's tree may cost this many bytes per byte of text, or the
 * floor if more: a list of small numbers ("1,", 90 bytes for two) passes,
 * a list of empty objects ("{},", 320 bytes for three) does not.  A
 * message from a client (16 KiB) takes at most 768 KiB. */
#define TREE_BUDGET_PER_BYTE 48
#define TREE_BUDGET_FLOOR    (64 * 1024)
#define TREE_COST_OBJECT 320
#define TREE_COST_ARRAY  140
#define TREE_COST_VALUE   90
#define TREE_COST_STRING 120

static JsonObject *
refuse (GError     **error,
        const char  *format,
        ...) G_GNUC_PRINTF (2, 3);

static JsonObject *
refuse (GError     **error,
        const char  *format,
        ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_MESSAGE, message);
  return NULL;
}

/* One pass over the text's structure, building nothing */
static gboolean
check_structure (const char  *text,
                 gsize        length,
                 GError     **error)
{
  guint64 budget = MAX ((guint64) length * TREE_BUDGET_PER_BYTE, TREE_BUDGET_FLOOR);
  guint64 cost = 0;
  gboolean expect_value = TRUE;
  guint depth = 0;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (c == '"')
        {
          gsize start = i;

          for (i++; i < length && text[i] != '"'; i++)
            if (text[i] == '\\')
              {
                if (length - i > 5 && memcmp (text + i + 1, "u0000", 5) == 0)
                  {
                    refuse (error, _("The message holds the character U+0000 (byte %llu)."),
                            (unsigned long long) i + 1);
                    return FALSE;
                  }
                i++;
              }
          cost += TREE_COST_STRING + (i - start);
          expect_value = FALSE;
        }
      else if (c == '[' || c == '{')
        {
          if (++depth > CONGKAK_NET_MESSAGE_MAX_DEPTH)
            {
              refuse (error, _("The message nests lists and objects more than %u levels deep."),
                      CONGKAK_NET_MESSAGE_MAX_DEPTH);
              return FALSE;
            }
          cost += c == '{' ? TREE_COST_OBJECT : TREE_COST_ARRAY;
          expect_value = TRUE;
        }
      else if (c == ']' || c == '}')
        {
          if (depth > 0)
            depth--;
          expect_value = FALSE;
        }
      else if (c == ',' || c == ':')
        expect_value = TRUE;
      else if (expect_value && !g_ascii_isspace (c))
        {
          cost += TREE_COST_VALUE;
          expect_value = FALSE;
        }
      if (cost > budget)
        {
          refuse (error, _("The message holds far more lists, objects and values than its size allows."));
          return FALSE;
        }
    }
  return TRUE;
}

/* Whether every number in @node is finite: json-glib reads 1e999 as
 * infinity, and would write it as `inf`, which is no JSON. */
static gboolean
numbers_are_finite (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        JsonNode *member;

        json_object_iter_init (&iter, json_node_get_object (node));
        while (json_object_iter_next (&iter, NULL, &member))
          if (!numbers_are_finite (member))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        for (guint i = 0; i < json_array_get_length (array); i++)
          if (!numbers_are_finite (json_array_get_element (array, i)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_VALUE:
      return json_node_get_value_type (node) != G_TYPE_DOUBLE || isfinite (json_node_get_double (node));
    case JSON_NODE_NULL:
    default:
      return TRUE;
    }
}

/**
 * congkak_net_envelope_type_is_valid:
 *
 * Whether @type is a message type: 1 to 32 lowercase letters and dashes.
 */
gboolean
congkak_net_envelope_type_is_valid (const char *type)
{
  gsize length;

  if (type == NULL)
    return FALSE;
  length = strlen (type);
  if (length == 0 || length > CONGKAK_NET_MESSAGE_MAX_TYPE)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_islower (type[i]) && type[i] != '-')
      return FALSE;
  return TRUE;
}

/**
 * congkak_net_envelope_parse:
 * @text: (array length=length): a message as it came
 * @max_length: how long a message may be, in bytes
 *
 * Returns: (transfer full) (nullable): the message, an object with a
 *   valid "type"; or %NULL with @error (CONGKAK_NET_ERROR_INVALID_MESSAGE)
 *   saying why it is refused
 */
JsonObject *
congkak_net_envelope_parse (const char  *text,
                            gsize        length,
                            gsize        max_length,
                            GError     **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) json_error = NULL;
  const char *end;
  JsonNode *root;
  JsonObject *object;
  JsonNode *type;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length > max_length)
    return refuse (error, _("The message is %llu bytes long, more than the %llu bytes allowed."),
                   (unsigned long long) length, (unsigned long long) max_length);
  if (length == 0)
    return refuse (error, _("The message is empty."));
  if (!g_utf8_validate_len (text, length, &end) || (end = memchr (text, '\0', length)) != NULL)
    return refuse (error, _("The message is not valid UTF-8 text (byte %llu)."),
                   (unsigned long long) (end - text) + 1);
  if (!check_structure (text, length, error))
    return NULL;

  parser = json_parser_new_immutable ();
  json_parser_set_strict (parser, TRUE);
  if (!json_parser_load_from_data (parser, text, length, &json_error))
    {
      /* json-glib quotes the text it stopped at, cut at a byte count that
       * may split a character: the reason must stay valid UTF-8. */
      g_autofree char *reason = g_utf8_make_valid (json_error->message, -1);

      return refuse (error, _("The message is not valid JSON (%s)."), reason);
    }

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return refuse (error, _("The message is not a JSON object."));
  if (!numbers_are_finite (root))
    return refuse (error, _("The message holds a number too large to read."));
  object = json_node_get_object (root);
  type = json_object_get_member (object, "type");
  if (type == NULL)
    return refuse (error, _("The message has no “type”."));
  if (!JSON_NODE_HOLDS_VALUE (type) || json_node_get_value_type (type) != G_TYPE_STRING)
    return refuse (error, _("The message’s “type” is not text."));
  if (!congkak_net_envelope_type_is_valid (json_node_get_string (type)))
    return refuse (error, _("The message’s “type” is not 1 to %u lowercase letters and dashes."),
                   CONGKAK_NET_MESSAGE_MAX_TYPE);
  return json_object_ref (object);
}

/**
 * congkak_net_envelope_to_string:
 * @length: (out) (optional): its length in bytes
 *
 * Returns: (transfer full): @message as one line of JSON
 */
char *
congkak_net_envelope_to_string (JsonObject *message,
                                gsize      *length)
{
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), message);
  g_autoptr (JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);
  return json_generator_to_data (generator, length);
}
