/* congkak-net-match-message.c — the messages of a match over the network
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reasons here go to the log and to the other side's log with the
 * channel's close, as the channel's own reasons do: they are not
 * translated.
 */

#include "config.h"

#include <string.h>

#include "congkak-match.h"
#include "congkak-net-channel.h"
#include "congkak-net-match-message.h"

G_DEFINE_QUARK (congkak-net-match-error-quark, congkak_net_match_error)

/* What each type has besides "type" */
enum
{
  HAS_PLY     = 1 << 0,
  HAS_SIDE    = 1 << 1,
  HAS_KIND    = 1 << 2,
  HAS_INDEX   = 1 << 3,
  HAS_HOLE    = 1 << 4,
  HAS_MOVE    = 1 << 5,
  HAS_CHOICES = 1 << 6,
  HAS_MATCH   = 1 << 7,
};

typedef struct
{
  const char *type;
  guint       members;
  gboolean    from_host;  /* only the host sends it */
  gboolean    from_guest; /* only the guest sends it */
} MessageType;

static const MessageType message_types[] = {
  { "match",        HAS_PLY | HAS_SIDE | HAS_MATCH,           TRUE,  FALSE },
  { "played",       HAS_PLY | HAS_MOVE,                       TRUE,  FALSE },
  { "opening",      HAS_PLY | HAS_SIDE | HAS_CHOICES,         TRUE,  FALSE },
  { "turn",         HAS_PLY | HAS_KIND | HAS_SIDE | HAS_INDEX, TRUE, FALSE },
  { "undone",       HAS_PLY,                                  TRUE,  FALSE },
  { "choose",       HAS_PLY | HAS_KIND | HAS_INDEX | HAS_HOLE, FALSE, TRUE },
  { "next-round",   HAS_PLY,                                  FALSE, TRUE },
  { "resign",       HAS_PLY,                                  FALSE, FALSE },
  { "undo-offer",   HAS_PLY,                                  FALSE, FALSE },
  { "undo-accept",  HAS_PLY,                                  FALSE, TRUE },
  { "undo-decline", HAS_PLY,                                  FALSE, FALSE },
};

static const struct
{
  const char *name;
  guint       flag;
} member_names[] = {
  { "ply", HAS_PLY },
  { "side", HAS_SIDE },
  { "kind", HAS_KIND },
  { "index", HAS_INDEX },
  { "hole", HAS_HOLE },
  { "move", HAS_MOVE },
  { "choices", HAS_CHOICES },
  { "match", HAS_MATCH },
};

static const MessageType *
find_type (const char *type)
{
  if (type == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (message_types); i++)
    if (g_str_equal (message_types[i].type, type))
      return &message_types[i];
  return NULL;
}

/**
 * congkak_net_match_is_from_host:
 *
 * Returns: whether only the host sends messages of @type (a guest that
 *   sends one breaks the protocol).
 */
gboolean
congkak_net_match_is_from_host (const char *type)
{
  const MessageType *known = find_type (type);

  return known != NULL && known->from_host;
}

static gboolean
malformed (GError    **error,
           const char *type,
           const char *member,
           const char *what)
{
  g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_MALFORMED,
               "“%s” message: member “%s” %s", type, member, what);
  return FALSE;
}

/* An integer member in [min, max]: JSON numbers with a fraction or an
 * exponent are doubles in json-glib, and refused. */
static gboolean
check_integer (JsonNode  *node,
               gint64     min,
               gint64     max,
               gint64    *value)
{
  gint64 number;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  number = json_node_get_int (node);
  if (number < min || number > max)
    return FALSE;
  if (value)
    *value = number;
  return TRUE;
}

static gboolean
check_string (JsonNode    *node,
              gsize        max_length,
              const char **value)
{
  const char *text;
  gsize length;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return FALSE;
  text = json_node_get_string (node);
  length = strlen (text);
  if (length == 0 || length > max_length || !g_utf8_validate (text, length, NULL))
    return FALSE;
  *value = text;
  return TRUE;
}

static gboolean
check_member (const char  *type,
              const char  *name,
              JsonNode    *node,
              GError     **error)
{
  const char *text = NULL;

  if (g_str_equal (name, "ply"))
    {
      if (!check_integer (node, 0, CONGKAK_MATCH_MAX_NODES, NULL))
        return malformed (error, type, name, "is not a whole number from 0 to the most moves a match holds");
    }
  else if (g_str_equal (name, "index"))
    {
      if (!check_integer (node, 0, CONGKAK_MAX_OPENING_CHOICES - 1, NULL))
        return malformed (error, type, name, "is not an opening choice's index");
    }
  else if (g_str_equal (name, "hole"))
    {
      if (!check_integer (node, 0, CONGKAK_MAX_HOLES - 1, NULL))
        return malformed (error, type, name, "is not a hole of any board");
    }
  else if (g_str_equal (name, "side"))
    {
      if (!check_string (node, 5, &text) || (!g_str_equal (text, "south") && !g_str_equal (text, "north")))
        return malformed (error, type, name, "is not “south” or “north”");
    }
  else if (g_str_equal (name, "kind"))
    {
      if (!check_string (node, 7, &text) || (!g_str_equal (text, "move") && !g_str_equal (text, "opening")))
        return malformed (error, type, name, "is not “move” or “opening”");
    }
  else if (g_str_equal (name, "move"))
    {
      if (!check_string (node, CONGKAK_NET_MATCH_MAX_MOVE_TEXT, &text))
        return malformed (error, type, name, "is not a move's text");
    }
  else if (g_str_equal (name, "choices"))
    {
      JsonArray *choices;
      guint length;

      if (!JSON_NODE_HOLDS_ARRAY (node))
        return malformed (error, type, name, "is not an array");
      choices = json_node_get_array (node);
      length = json_array_get_length (choices);
      if (length == 0 || length > CONGKAK_MAX_OPENING_CHOICES)
        return malformed (error, type, name, "has no choice, or more than an opening has");
      for (guint i = 0; i < length; i++)
        if (!check_integer (json_array_get_element (choices, i), 0, CONGKAK_MAX_HOLES - 1, NULL))
          return malformed (error, type, name, "holds something other than holes");
    }
  else if (g_str_equal (name, "match"))
    {
      /* Its members are the match file's, which its reader checks. */
      if (!JSON_NODE_HOLDS_OBJECT (node))
        return malformed (error, type, name, "is not an object");
    }
  return TRUE;
}

/**
 * congkak_net_match_check_message:
 * @message: a message as it came from a channel
 *
 * Checks that @message is one of the match's messages, whole: every
 * member its type has, each of its type, in its range and not too long,
 * and no other member.  This is the entry point for fuzzing.
 *
 * Returns: %FALSE with @error set (%CONGKAK_NET_MATCH_ERROR) if not.
 */
gboolean
congkak_net_match_check_message (JsonObject  *message,
                                 GError     **error)
{
  const MessageType *known;
  const char *type;
  JsonObjectIter iter;
  const char *name;
  JsonNode *node;

  g_return_val_if_fail (message != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  type = congkak_net_message_get_type (message);
  if (type == NULL)
    {
      g_set_error_literal (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_MALFORMED,
                           "a message without a string “type”");
      return FALSE;
    }
  known = find_type (type);
  if (known == NULL)
    {
      g_autofree char *shown = congkak_cut_for_message (type, 40);

      g_set_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_UNKNOWN_TYPE,
                   "unknown message type “%s”", shown);
      return FALSE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (member_names); i++)
    if ((known->members & member_names[i].flag) && !json_object_has_member (message, member_names[i].name))
      return malformed (error, type, member_names[i].name, "is missing");

  json_object_iter_init (&iter, message);
  while (json_object_iter_next (&iter, &name, &node))
    {
      gboolean expected = g_str_equal (name, "type");

      for (guint i = 0; i < G_N_ELEMENTS (member_names) && !expected; i++)
        if ((known->members & member_names[i].flag) && g_str_equal (name, member_names[i].name))
          expected = TRUE;
      if (!expected)
        {
          g_autofree char *shown = congkak_cut_for_message (name, 40);

          return malformed (error, type, shown, "is not one of its members");
        }
      if (!check_member (type, name, node, error))
        return FALSE;
    }
  return TRUE;
}

guint
congkak_net_match_message_get_ply (JsonObject *message)
{
  return (guint) json_object_get_int_member_with_default (message, "ply", 0);
}

CongkakSide
congkak_net_match_message_get_side (JsonObject *message)
{
  const char *side = json_object_get_string_member_with_default (message, "side", "");

  if (g_str_equal (side, "south"))
    return CONGKAK_SOUTH;
  if (g_str_equal (side, "north"))
    return CONGKAK_NORTH;
  return CONGKAK_NOBODY;
}

CongkakTurnKind
congkak_net_match_message_get_kind (JsonObject *message)
{
  const char *kind = json_object_get_string_member_with_default (message, "kind", "");

  return g_str_equal (kind, "opening") ? CONGKAK_TURN_OPENING : CONGKAK_TURN_MOVE;
}

JsonObject *
congkak_net_match_message_new (const char *type,
                               guint       ply)
{
  JsonObject *message;

  g_return_val_if_fail (find_type (type) != NULL, NULL);

  message = congkak_net_message_new (type);
  json_object_set_int_member (message, "ply", ply);
  return message;
}

const char *
congkak_net_match_side_to_string (CongkakSide side)
{
  return side == CONGKAK_NORTH ? "north" : "south";
}

void
congkak_net_match_message_set_side (JsonObject  *message,
                                    CongkakSide  side)
{
  json_object_set_string_member (message, "side", congkak_net_match_side_to_string (side));
}

void
congkak_net_match_message_set_kind (JsonObject      *message,
                                    CongkakTurnKind  kind)
{
  json_object_set_string_member (message, "kind", kind == CONGKAK_TURN_OPENING ? "opening" : "move");
}
