/* congkak-match.c — a match: rules, players, metadata, the move tree and a cursor
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-match-private.h"
#include "congkak-node-private.h"

/* The node counts its children and depth in 24 bits */
G_STATIC_ASSERT (CONGKAK_MATCH_MAX_NODES < (1 << 24));

/* A cached game every this many moves along a line keeps any seek to a
 * few replayed moves without caching every node. */
#define CHECKPOINT_INTERVAL 16

typedef enum
{
  COMMAND_ADD_NODE,
  COMMAND_DELETE_NODE,
  COMMAND_PROMOTE,
  COMMAND_COMMENT,
  COMMAND_MARK,
  COMMAND_METADATA,
  COMMAND_PLAYER,
} CommandType;

typedef struct
{
  CommandType        type;
  CongkakNode       *parent;   /* owned */
  CongkakNode       *node;     /* owned */
  guint              index;    /* where the node stands (added, deleted, promoted from) */
  char              *old_text;
  char              *new_text;
  guint              old_value;
  guint              new_value;
  guint              field;    /* CongkakMetadata, or the CongkakSide of a player */
  CongkakPlayerKind  old_kind, new_kind;
  CongkakLevel       old_level, new_level;
} Command;

struct _CongkakMatch
{
  GObject            parent_instance;

  CongkakRules       rules;
  CongkakPosition    start;
  gboolean           custom_start;

  char              *player_name[2];
  CongkakPlayerKind  player_kind[2];
  CongkakLevel       player_level[2];
  char              *player_engine[2];  /* a command line, or NULL */
  char              *metadata[CONGKAK_N_METADATA];

  CongkakNode       *root;
  CongkakNode       *cursor;
  guint              n_nodes;

  GPtrArray         *undo_stack;  /* Command */
  GPtrArray         *redo_stack;  /* Command */
};

G_DEFINE_FINAL_TYPE (CongkakMatch, congkak_match, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CURSOR,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum
{
  TREE_CHANGED,
  NODE_CHANGED,
  DETAILS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char * const metadata_keys[] = {
  [CONGKAK_METADATA_EVENT] = "event",
  [CONGKAK_METADATA_PLACE] = "place",
  [CONGKAK_METADATA_DATE] = "date",
  [CONGKAK_METADATA_ROUND] = "round",
  [CONGKAK_METADATA_RESULT] = "result",
  [CONGKAK_METADATA_NOTES] = "notes",
  [CONGKAK_METADATA_TITLE] = "title",
  [CONGKAK_METADATA_ID] = "id",
};

static const char * const player_kinds[] = { "human", "computer" };
static const char * const levels[] = { "easy", "medium", "hard", "perfect" };

const char *
congkak_metadata_key (CongkakMetadata field)
{
  g_return_val_if_fail (field < CONGKAK_N_METADATA, NULL);

  return metadata_keys[field];
}

const char *
congkak_player_kind_to_string (CongkakPlayerKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (player_kinds), NULL);

  return player_kinds[kind];
}

gboolean
congkak_player_kind_from_string (const char        *text,
                                 CongkakPlayerKind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (player_kinds); i++)
    if (g_strcmp0 (text, player_kinds[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

const char *
congkak_level_to_string (CongkakLevel level)
{
  g_return_val_if_fail (level < G_N_ELEMENTS (levels), NULL);

  return levels[level];
}

gboolean
congkak_level_from_string (const char   *text,
                           CongkakLevel *level)
{
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    if (g_strcmp0 (text, levels[i]) == 0)
      {
        *level = i;
        return TRUE;
      }
  return FALSE;
}

static void
command_free (gpointer data)
{
  Command *command = data;

  g_clear_object (&command->parent);
  g_clear_object (&command->node);
  g_free (command->old_text);
  g_free (command->new_text);
  g_free (command);
}

static void
congkak_match_dispose (GObject *object)
{
  CongkakMatch *self = CONGKAK_MATCH (object);

  g_clear_pointer (&self->undo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->redo_stack, g_ptr_array_unref);
  self->cursor = NULL;
  g_clear_object (&self->root);

  G_OBJECT_CLASS (congkak_match_parent_class)->dispose (object);
}

static void
congkak_match_finalize (GObject *object)
{
  CongkakMatch *self = CONGKAK_MATCH (object);

  for (guint i = 0; i < 2; i++)
    {
      g_free (self->player_name[i]);
      g_free (self->player_engine[i]);
    }
  for (guint i = 0; i < CONGKAK_N_METADATA; i++)
    g_free (self->metadata[i]);

  G_OBJECT_CLASS (congkak_match_parent_class)->finalize (object);
}

static void
congkak_match_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CongkakMatch *self = CONGKAK_MATCH (object);

  switch (prop_id)
    {
    case PROP_CURSOR:
      g_value_set_object (value, self->cursor);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, congkak_match_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, congkak_match_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_match_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  CongkakMatch *self = CONGKAK_MATCH (object);

  switch (prop_id)
    {
    case PROP_CURSOR:
      congkak_match_set_cursor (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_match_class_init (CongkakMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_match_dispose;
  object_class->finalize = congkak_match_finalize;
  object_class->get_property = congkak_match_get_property;
  object_class->set_property = congkak_match_set_property;

  properties[PROP_CURSOR] =
    g_param_spec_object ("cursor", NULL, NULL, CONGKAK_TYPE_NODE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakMatch::tree-changed:
   *
   * Moves were added, removed or reordered.
   */
  signals[TREE_CHANGED] =
    g_signal_new ("tree-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CongkakMatch::node-changed:
   * @node: the node whose comment or mark changed
   */
  signals[NODE_CHANGED] =
    g_signal_new ("node-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CONGKAK_TYPE_NODE);

  /**
   * CongkakMatch::details-changed:
   *
   * Players or metadata changed.
   */
  signals[DETAILS_CHANGED] =
    g_signal_new ("details-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
congkak_match_init (CongkakMatch *self)
{
  self->undo_stack = g_ptr_array_new_with_free_func (command_free);
  self->redo_stack = g_ptr_array_new_with_free_func (command_free);
  self->player_level[0] = self->player_level[1] = CONGKAK_LEVEL_MEDIUM;
}

/**
 * congkak_match_new_from_position:
 * @start: (nullable): a custom start position, or %NULL for the standard one
 *
 * Returns: (transfer full) (nullable): a new match without moves, or %NULL
 *   with @error set when the rules or the position cannot be played.
 */
CongkakMatch *
congkak_match_new_from_position (const CongkakRules     *rules,
                                 const CongkakPosition  *start,
                                 GError                **error)
{
  g_autoptr (CongkakMatch) self = NULL;
  CongkakGame *game;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!congkak_rules_validate (rules, error))
    return NULL;

  if (start)
    {
      if (!congkak_position_validate (rules, start, error))
        return NULL;
      game = congkak_game_new_from_position (rules, start, error);
      if (game == NULL)
        return NULL;
    }
  else
    game = congkak_game_new (rules);

  self = g_object_new (CONGKAK_TYPE_MATCH, NULL);
  self->rules = *rules;
  self->start = congkak_game_get_state (game)->position;
  if (start)
    self->start = *start;
  self->custom_start = start != NULL;
  self->root = congkak_node_new_root ();
  self->root->game = game;
  self->cursor = self->root;
  return g_steal_pointer (&self);
}

/**
 * congkak_match_new:
 * @rules: rules that congkak_rules_validate() accepts
 *
 * Returns: (transfer full): a new match from the standard start position.
 */
/**
 * congkak_match_text_is_too_long:
 * @text: valid UTF-8
 * @length: its length in bytes, or -1 when it ends in a NUL
 *
 * Returns: whether @text has more than %CONGKAK_MATCH_MAX_TEXT characters,
 *   the limit of every comment, name and detail of a match
 */
gboolean
congkak_match_text_is_too_long (const char *text,
                                gssize      length)
{
  gsize bytes;

  g_return_val_if_fail (text != NULL, FALSE);

  bytes = length < 0 ? strlen (text) : (gsize) length;
  /* A character is one byte or more. */
  if (bytes <= CONGKAK_MATCH_MAX_TEXT)
    return FALSE;
  return g_utf8_strlen (text, bytes) > CONGKAK_MATCH_MAX_TEXT;
}

CongkakMatch *
congkak_match_new (const CongkakRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  return congkak_match_new_from_position (rules, NULL, NULL);
}

const CongkakRules *
congkak_match_get_rules (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);

  return &self->rules;
}

/**
 * congkak_match_get_start_position:
 *
 * Returns: the position before the first move; with the simultaneous
 *   opening ahead, `to_move` is CONGKAK_NOBODY.
 */
const CongkakPosition *
congkak_match_get_start_position (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);

  return &self->start;
}

gboolean
congkak_match_has_custom_start (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);

  return self->custom_start;
}

const char *
congkak_match_get_player_name (CongkakMatch *self,
                               CongkakSide   side)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  return self->player_name[side] ? self->player_name[side] : "";
}

CongkakPlayerKind
congkak_match_get_player_kind (CongkakMatch *self,
                               CongkakSide   side)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), CONGKAK_PLAYER_HUMAN);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, CONGKAK_PLAYER_HUMAN);

  return self->player_kind[side];
}

CongkakLevel
congkak_match_get_player_level (CongkakMatch *self,
                                CongkakSide   side)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), CONGKAK_LEVEL_MEDIUM);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, CONGKAK_LEVEL_MEDIUM);

  return self->player_level[side];
}

const char *
congkak_match_get_metadata (CongkakMatch    *self,
                            CongkakMetadata  field)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);
  g_return_val_if_fail (field < CONGKAK_N_METADATA, NULL);

  return self->metadata[field] ? self->metadata[field] : "";
}

static void
replace_text (char       **slot,
              const char  *text)
{
  g_free (*slot);
  *slot = text && *text ? g_strdup (text) : NULL;
}

static void
push_command (CongkakMatch *self,
              Command      *command)
{
  gboolean could_undo = congkak_match_can_undo (self);
  gboolean could_redo = congkak_match_can_redo (self);

  g_ptr_array_add (self->undo_stack, command);
  g_ptr_array_set_size (self->redo_stack, 0);
  if (!could_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

void
congkak_match_set_player (CongkakMatch      *self,
                          CongkakSide        side,
                          const char        *name,
                          CongkakPlayerKind  kind,
                          CongkakLevel       level)
{
  Command *command;

  g_return_if_fail (CONGKAK_IS_MATCH (self));
  g_return_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);
  g_return_if_fail (kind <= CONGKAK_PLAYER_COMPUTER);
  g_return_if_fail (level <= CONGKAK_LEVEL_PERFECT);
  g_return_if_fail (name == NULL || !congkak_match_text_is_too_long (name, -1));

  if (g_strcmp0 (congkak_match_get_player_name (self, side), name ? name : "") == 0
      && self->player_kind[side] == kind && self->player_level[side] == level)
    return;

  command = g_new0 (Command, 1);
  command->type = COMMAND_PLAYER;
  command->field = side;
  command->old_text = g_strdup (congkak_match_get_player_name (self, side));
  command->new_text = g_strdup (name ? name : "");
  command->old_kind = self->player_kind[side];
  command->new_kind = kind;
  command->old_level = self->player_level[side];
  command->new_level = level;

  replace_text (&self->player_name[side], name);
  self->player_kind[side] = kind;
  self->player_level[side] = level;
  push_command (self, command);
  g_signal_emit (self, signals[DETAILS_CHANGED], 0);
}

/**
 * congkak_match_get_player_engine:
 *
 * Returns: (nullable): the command line of the engine that plays @side
 *   for the computer while the match is open, or %NULL.
 */
const char *
congkak_match_get_player_engine (CongkakMatch *self,
                                 CongkakSide   side)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  return self->player_engine[side];
}

/**
 * congkak_match_set_player_engine:
 * @command: (nullable): an engine's command line, or %NULL for the
 *   built-in computer
 *
 * Has an engine play @side, which the match names as the computer (its
 * level plays if the engine fails).  Kept in memory only.
 */
void
congkak_match_set_player_engine (CongkakMatch *self,
                                 CongkakSide   side,
                                 const char   *command)
{
  g_return_if_fail (CONGKAK_IS_MATCH (self));
  g_return_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);

  if (command != NULL && *command == '\0')
    command = NULL;
  if (g_strcmp0 (self->player_engine[side], command) == 0)
    return;
  g_free (self->player_engine[side]);
  self->player_engine[side] = g_strdup (command);
  g_signal_emit (self, signals[DETAILS_CHANGED], 0);
}

void
congkak_match_set_metadata (CongkakMatch    *self,
                            CongkakMetadata  field,
                            const char      *value)
{
  Command *command;

  g_return_if_fail (CONGKAK_IS_MATCH (self));
  g_return_if_fail (field < CONGKAK_N_METADATA);
  g_return_if_fail (value == NULL || !congkak_match_text_is_too_long (value, -1));

  if (g_strcmp0 (congkak_match_get_metadata (self, field), value ? value : "") == 0)
    return;

  command = g_new0 (Command, 1);
  command->type = COMMAND_METADATA;
  command->field = field;
  command->old_text = g_strdup (congkak_match_get_metadata (self, field));
  command->new_text = g_strdup (value ? value : "");
  replace_text (&self->metadata[field], value);
  push_command (self, command);
  g_signal_emit (self, signals[DETAILS_CHANGED], 0);
}

/* For the loader: details without an undo step. */
void
congkak_match_init_player (CongkakMatch      *self,
                           CongkakSide        side,
                           const char        *name,
                           CongkakPlayerKind  kind,
                           CongkakLevel       level)
{
  replace_text (&self->player_name[side], name);
  self->player_kind[side] = kind;
  self->player_level[side] = level;
}

void
congkak_match_init_metadata (CongkakMatch    *self,
                             CongkakMetadata  field,
                             const char      *value)
{
  replace_text (&self->metadata[field], value);
}

CongkakNode *
congkak_match_get_root (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);

  return self->root;
}

/* The last move of @node's line, its moves without nodes made. */
static CongkakNode *
line_end (CongkakNode *node)
{
  while (node->n_children > 0)
    node = congkak_node_child_at (node, 0);
  return node;
}

/**
 * congkak_match_get_main_line_end:
 *
 * Returns: (transfer none): the last move of the main line (the root when
 *   there are no moves).
 */
CongkakNode *
congkak_match_get_main_line_end (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);

  return line_end (self->root);
}

guint
congkak_match_get_n_nodes (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), 0);

  return self->n_nodes;
}

/**
 * congkak_match_get_game_at:
 * @node: a node of this match
 *
 * Returns: (transfer none): the match as it stands after @node's move: the
 *   position, the phase and the results of finished rounds.  Computed by
 *   the engine and cached, so seeking anywhere is cheap.
 */
const CongkakGame *
congkak_match_get_game_at (CongkakMatch *self,
                           CongkakNode  *node)
{
  g_autoptr (GPtrArray) path = g_ptr_array_new ();
  g_autoptr (CongkakGame) game = NULL;
  CongkakNode *ancestor;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_NODE (node), NULL);

  if (node->game)
    return node->game;

  for (ancestor = node; ancestor->game == NULL; ancestor = ancestor->parent)
    {
      g_return_val_if_fail (ancestor->parent != NULL, NULL);
      g_ptr_array_add (path, ancestor);
    }

  game = congkak_game_copy (ancestor->game);
  for (guint i = path->len; i > 0; i--)
    {
      CongkakNode *step = g_ptr_array_index (path, i - 1);
      g_autoptr (GError) error = NULL;

      /* Every node was checked by the engine when it was added. */
      if (!congkak_game_play (game, &step->move, NULL, &error))
        g_error ("A stored move no longer plays: %s", error->message);
      if (step != node && step->depth % CHECKPOINT_INTERVAL == 0)
        step->game = congkak_game_copy (game);
    }

  node->game = g_steal_pointer (&game);
  return node->game;
}

/**
 * congkak_match_dup_move_events:
 * @node: a node of this match
 *
 * Returns: (transfer full): the engine's events of @node's move, replayed
 *   from the position before it (none for the root): for pictures of the
 *   move and for its animation.
 */
GArray *
congkak_match_dup_move_events (CongkakMatch *self,
                               CongkakNode  *node)
{
  GArray *events;
  g_autoptr (CongkakGame) game = NULL;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_NODE (node), NULL);

  events = congkak_event_array_new ();
  if (node->parent == NULL)
    return events;
  game = congkak_game_copy (congkak_match_get_game_at (self, node->parent));
  if (!congkak_game_play (game, &node->move, events, NULL))
    g_array_set_size (events, 0);
  return events;
}

static gboolean
moves_equal (const CongkakMove *a,
             const CongkakMove *b)
{
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case CONGKAK_MOVE_SOW:
      return a->side == b->side && a->hole == b->hole;
    case CONGKAK_MOVE_OPENING:
      for (guint side = 0; side < 2; side++)
        if (a->opening->n_choices[side] != b->opening->n_choices[side]
            || memcmp (a->opening->choices[side], b->opening->choices[side],
                       a->opening->n_choices[side]) != 0)
          return FALSE;
      return TRUE;
    case CONGKAK_MOVE_NEXT_ROUND:
    default:
      return TRUE;
    }
}

/**
 * congkak_match_find_child:
 *
 * Returns: (transfer none) (nullable): the child of @parent that plays @move.
 */
CongkakNode *
congkak_match_find_child (CongkakMatch      *self,
                          CongkakNode       *parent,
                          const CongkakMove *move)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_NODE (parent), NULL);
  g_return_val_if_fail (move != NULL, NULL);

  for (guint i = 0; i < parent->n_children; i++)
    {
      CongkakNode *child = congkak_node_child_at (parent, i);

      if (moves_equal (&child->move, move))
        return child;
    }
  return NULL;
}

static gboolean
parse_index (const char **text,
             guint       *index)
{
  char *end;
  guint64 value;

  if (**text != '[')
    return FALSE;
  value = g_ascii_strtoull (*text + 1, &end, 10);
  if (end == *text + 1 || *end != ']' || value > G_MAXUINT)
    return FALSE;
  *index = value;
  *text = end + 1;
  return TRUE;
}

/**
 * congkak_match_node_from_path:
 * @path: a path as congkak_node_dup_path() writes it, or "" for the root
 *
 * Returns: (transfer none) (nullable): the node, or %NULL with @error set.
 */
/* Longer than the path of the deepest variation: a longer one is cut in
 * messages. */
#define MAX_PATH_ECHO 2048

CongkakNode *
congkak_match_node_from_path (CongkakMatch  *self,
                              const char    *path,
                              GError       **error)
{
  g_autofree char *shown = NULL;
  const char *rest = path;
  CongkakNode *node;
  guint index;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if (*path == '\0')
    return self->root;

  if (!g_str_has_prefix (rest, "moves"))
    goto invalid;
  rest += strlen ("moves");

  /* The line's first node, then along the line. */
  node = congkak_node_get_child (self->root, 0);
  for (;;)
    {
      if (!parse_index (&rest, &index))
        goto invalid;
      for (guint i = 0; i < index && node != NULL; i++)
        node = congkak_node_get_child (node, 0);
      if (node == NULL)
        goto missing;
      if (*rest == '\0')
        return node;

      if (!g_str_has_prefix (rest, ".variations"))
        goto invalid;
      rest += strlen (".variations");
      if (!parse_index (&rest, &index))
        goto invalid;
      node = congkak_node_get_child (node->parent, index + 1);
      if (node == NULL)
        goto missing;
    }

invalid:
  shown = congkak_cut_for_message (path, MAX_PATH_ECHO);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("“%s” is not a move path; write one such as “moves[12]” or “moves[12].variations[0][3]”."),
               shown);
  return NULL;

missing:
  shown = congkak_cut_for_message (path, MAX_PATH_ECHO);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               _("The match has no move at “%s”."), shown);
  return NULL;
}

CongkakNode *
congkak_match_get_cursor (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);

  return self->cursor;
}

static gboolean
node_in_match (CongkakMatch *self,
               CongkakNode  *node)
{
  while (node->parent != NULL)
    node = node->parent;
  return node == self->root;
}

void
congkak_match_set_cursor (CongkakMatch *self,
                          CongkakNode  *node)
{
  g_return_if_fail (CONGKAK_IS_MATCH (self));
  g_return_if_fail (CONGKAK_IS_NODE (node));
  g_return_if_fail (node_in_match (self, node));

  if (self->cursor == node)
    return;
  self->cursor = node;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
}

const CongkakGame *
congkak_match_get_cursor_game (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);

  return congkak_match_get_game_at (self, self->cursor);
}

gboolean
congkak_match_step_forward (CongkakMatch *self)
{
  CongkakNode *next;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);

  next = congkak_node_get_main_child (self->cursor);
  if (next == NULL)
    return FALSE;
  congkak_match_set_cursor (self, next);
  return TRUE;
}

gboolean
congkak_match_step_back (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);

  if (self->cursor->parent == NULL)
    return FALSE;
  congkak_match_set_cursor (self, self->cursor->parent);
  return TRUE;
}

void
congkak_match_go_to_start (CongkakMatch *self)
{
  g_return_if_fail (CONGKAK_IS_MATCH (self));

  congkak_match_set_cursor (self, self->root);
}

/**
 * congkak_match_go_to_end:
 *
 * Follows the cursor's line to its last move.
 */
void
congkak_match_go_to_end (CongkakMatch *self)
{
  g_return_if_fail (CONGKAK_IS_MATCH (self));

  congkak_match_set_cursor (self, line_end (self->cursor));
}

static gboolean
starts_round (CongkakNode *node)
{
  return node->parent == NULL || node->move.kind == CONGKAK_MOVE_NEXT_ROUND;
}

/**
 * congkak_match_go_to_round:
 * @delta: 1 for the start of the next round, -1 for the start of this
 *   round (or of the previous one when the cursor is already there)
 *
 * Returns: whether the cursor moved.
 */
gboolean
congkak_match_go_to_round (CongkakMatch *self,
                           int           delta)
{
  CongkakNode *node;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);
  g_return_val_if_fail (delta == 1 || delta == -1, FALSE);

  node = self->cursor;
  if (delta > 0)
    {
      do
        node = congkak_node_get_main_child (node);
      while (node != NULL && !starts_round (node));
    }
  else if (node->parent != NULL)
    {
      do
        node = node->parent;
      while (!starts_round (node));
    }
  else
    node = NULL;

  if (node == NULL)
    return FALSE;
  congkak_match_set_cursor (self, node);
  return TRUE;
}

/**
 * congkak_match_list_continuations:
 *
 * Returns: (transfer container) (element-type CongkakNode): the moves
 *   recorded after the cursor, the line's own continuation first.  The
 *   legal moves of the position come from congkak_state_legal_moves().
 */
GPtrArray *
congkak_match_list_continuations (CongkakMatch *self)
{
  GPtrArray *continuations;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);

  continuations = g_ptr_array_new ();
  for (guint i = 0; i < self->cursor->n_children; i++)
    g_ptr_array_add (continuations, congkak_node_child_at (self->cursor, i));
  return continuations;
}

/* Checks @move from @parent with the engine and builds its node, with the
 * game after it cached.  Nothing is attached yet. */
CongkakNode *
congkak_match_create_node (CongkakMatch       *self,
                           CongkakNode        *parent,
                           const CongkakMove  *move,
                           GArray             *events,
                           GError            **error)
{
  g_autoptr (CongkakGame) game = NULL;
  CongkakNode *node;

  if (self->n_nodes >= CONGKAK_MATCH_MAX_NODES)
    {
      g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                   ngettext ("The match already holds %u move, the most a match can keep.",
                             "The match already holds %u moves, the most a match can keep.",
                             CONGKAK_MATCH_MAX_NODES),
                   CONGKAK_MATCH_MAX_NODES);
      return NULL;
    }
  if (parent->n_children > 0 && parent->variation_depth >= CONGKAK_MAX_VARIATION_DEPTH)
    {
      g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                   ngettext ("Variations cannot be nested more than %u level deep.",
                             "Variations cannot be nested more than %u levels deep.",
                             CONGKAK_MAX_VARIATION_DEPTH),
                   CONGKAK_MAX_VARIATION_DEPTH);
      return NULL;
    }

  game = congkak_game_copy (congkak_match_get_game_at (self, parent));
  if (!congkak_game_play (game, move, events, error))
    return NULL;

  node = congkak_node_new (move);
  node->game = g_steal_pointer (&game);
  /* Moves are mostly added one after another: the newest node keeps its
   * game for the next move, and only checkpoints keep theirs for good. */
  if (parent->parent != NULL && parent->depth % CHECKPOINT_INTERVAL != 0 && parent != self->cursor)
    g_clear_pointer (&parent->game, congkak_game_free);
  return node;
}

void
congkak_match_attach_node (CongkakMatch *self,
                           CongkakNode  *parent,
                           CongkakNode  *node,
                           guint         index)
{
  congkak_node_insert_child (parent, node, index);
  self->n_nodes += congkak_node_count_subtree (node);
}

/**
 * congkak_match_pend_move:
 * @pending: the moves kept without nodes so far, zero-filled at first
 * @parent: the node the line's next move follows (ignored while there are
 *   pending moves: they follow it)
 * @pended: (out): whether @move was kept without a node; when not, the
 *   caller makes the nodes of the pending moves, then @move's
 *
 * Checks @move with the engine, like congkak_match_create_node(), and keeps
 * it without a node when it can be: a sowing or next-round that continues
 * a line nothing follows yet.
 *
 * Returns: %FALSE with @error set when the engine refuses the move.
 */
gboolean
congkak_match_pend_move (CongkakMatch        *self,
                         CongkakPendingMoves *pending,
                         CongkakNode         *parent,
                         const CongkakMove   *move,
                         gboolean            *pended,
                         GError             **error)
{
  guint8 packed;
  guint depth;

  *pended = FALSE;
  if (!congkak_node_pack_move (move, &packed))
    return TRUE;
  if (pending->parent == NULL)
    {
      if (parent->n_children > 0)
        return TRUE;
      pending->parent = parent;
      pending->moves = g_byte_array_new ();
      pending->games = g_ptr_array_new_with_free_func ((GDestroyNotify) congkak_game_free);
      pending->game = congkak_game_copy (congkak_match_get_game_at (self, parent));
    }
  if (self->n_nodes + pending->moves->len >= CONGKAK_MATCH_MAX_NODES)
    {
      g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                   ngettext ("The match already holds %u move, the most a match can keep.",
                             "The match already holds %u moves, the most a match can keep.",
                             CONGKAK_MATCH_MAX_NODES),
                   CONGKAK_MATCH_MAX_NODES);
      return FALSE;
    }
  if (!congkak_game_play (pending->game, move, NULL, error))
    return FALSE;

  g_byte_array_append (pending->moves, &packed, 1);
  depth = pending->parent->depth + pending->moves->len;
  if (depth % CHECKPOINT_INTERVAL == 0)
    g_ptr_array_add (pending->games, congkak_game_copy (pending->game));
  *pended = TRUE;
  return TRUE;
}

void
congkak_pending_moves_clear (CongkakPendingMoves *pending)
{
  pending->parent = NULL;
  g_clear_pointer (&pending->moves, g_byte_array_unref);
  g_clear_pointer (&pending->games, g_ptr_array_unref);
  g_clear_pointer (&pending->game, congkak_game_free);
}

/**
 * congkak_match_make_pending:
 *
 * Makes the nodes of the pending moves, with the games that
 * congkak_match_create_node() would have left them (the checkpoints and
 * the last).
 *
 * Returns: (transfer none) (nullable): the last of them, or %NULL when
 *   none was pending
 */
CongkakNode *
congkak_match_make_pending (CongkakMatch        *self,
                            CongkakPendingMoves *pending)
{
  CongkakNode *parent = pending->parent;
  guint next_game = 0;

  if (parent == NULL)
    return NULL;

  if (parent->parent != NULL && parent->depth % CHECKPOINT_INTERVAL != 0 && parent != self->cursor)
    g_clear_pointer (&parent->game, congkak_game_free);
  congkak_node_set_run (parent, pending->moves->data, pending->moves->len);
  self->n_nodes += pending->moves->len;
  for (guint i = 0; i < pending->moves->len; i++)
    {
      CongkakNode *node = congkak_node_make_next (parent);

      if (node->depth % CHECKPOINT_INTERVAL == 0)
        node->game = g_steal_pointer (&g_ptr_array_index (pending->games, next_game++));
      parent = node;
    }
  if (parent->game == NULL)
    parent->game = g_steal_pointer (&pending->game);
  congkak_pending_moves_clear (pending);
  return parent;
}

/**
 * congkak_match_keep_pending:
 *
 * Leaves the pending moves without nodes: the line ends with them, and
 * their nodes are made when something asks for them.
 */
void
congkak_match_keep_pending (CongkakMatch        *self,
                            CongkakPendingMoves *pending)
{
  if (pending->parent == NULL)
    return;
  congkak_node_set_run (pending->parent, pending->moves->data, pending->moves->len);
  self->n_nodes += pending->moves->len;
  congkak_pending_moves_clear (pending);
}

/**
 * congkak_match_play:
 * @move: the move to play at the cursor
 * @events: (nullable): where to append the move's events (for animation)
 *
 * Plays @move at the cursor.  When the cursor already has that move, the
 * cursor follows it; otherwise the move becomes a new line (the main line
 * if the cursor had no continuation, a variation if it had).  Either way
 * the cursor ends on the move's node.
 *
 * Returns: (transfer none) (nullable): the node of the move, or %NULL with
 *   @error set when the engine refuses the move.
 */
CongkakNode *
congkak_match_play (CongkakMatch       *self,
                    const CongkakMove  *move,
                    GArray             *events,
                    GError            **error)
{
  CongkakNode *parent;
  CongkakNode *existing;
  g_autoptr (CongkakNode) node = NULL;
  Command *command;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);
  g_return_val_if_fail (move != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  parent = self->cursor;
  existing = congkak_match_find_child (self, parent, move);
  if (existing)
    {
      if (events)
        {
          g_autoptr (CongkakGame) game = congkak_game_copy (congkak_match_get_game_at (self, parent));

          congkak_game_play (game, move, events, NULL);
        }
      congkak_match_set_cursor (self, existing);
      return existing;
    }

  node = congkak_match_create_node (self, parent, move, events, error);
  if (node == NULL)
    return NULL;

  command = g_new0 (Command, 1);
  command->type = COMMAND_ADD_NODE;
  command->parent = g_object_ref (parent);
  command->node = g_object_ref (node);
  command->index = parent->n_children;
  congkak_match_attach_node (self, parent, node, command->index);
  push_command (self, command);

  g_signal_emit (self, signals[TREE_CHANGED], 0);
  congkak_match_set_cursor (self, node);
  return node;
}

/**
 * congkak_match_play_text:
 * @text: a move in notation: `C`, `c`, `opening:C,D/a` or `next-round`
 *
 * Like congkak_match_play().
 */
CongkakNode *
congkak_match_play_text (CongkakMatch  *self,
                         const char    *text,
                         GArray        *events,
                         GError       **error)
{
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  CongkakMove move;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  if (!congkak_move_parse (text, &self->rules, &move, opening, error))
    return NULL;
  return congkak_match_play (self, &move, events, error);
}

static gboolean
is_ancestor_or_self (CongkakNode *ancestor,
                     CongkakNode *node)
{
  for (; node != NULL; node = node->parent)
    if (node == ancestor)
      return TRUE;
  return FALSE;
}

/* Detaches @node (and all after it) from the tree, keeping the cursor on
 * a node that stays. */
static guint
detach_node (CongkakMatch *self,
             CongkakNode  *node)
{
  CongkakNode *parent = node->parent;
  guint index;

  if (is_ancestor_or_self (node, self->cursor))
    congkak_match_set_cursor (self, parent);
  self->n_nodes -= congkak_node_count_subtree (node);
  index = congkak_node_remove_child (parent, node);
  return index;
}

static void
move_child (CongkakNode *parent,
            CongkakNode *node,
            guint        index)
{
  g_autoptr (CongkakNode) keep = g_object_ref (node);

  congkak_node_remove_child (parent, node);
  congkak_node_insert_child (parent, node, index);
}

/**
 * congkak_match_promote_variation:
 * @node: a move that is a variation (not its parent's first child)
 *
 * Makes @node's line the main continuation at its branch point.
 *
 * Returns: %FALSE if @node already continues its parent's line, or if
 *   the line it would push aside would nest variations too deeply.
 */
gboolean
congkak_match_promote_variation (CongkakMatch *self,
                                 CongkakNode  *node)
{
  Command *command;
  int index;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);
  g_return_val_if_fail (CONGKAK_IS_NODE (node), FALSE);
  g_return_val_if_fail (node_in_match (self, node), FALSE);

  index = congkak_node_get_child_index (node);
  if (index <= 0)
    return FALSE;

  /* The line pushed aside goes one variation deeper; files could not
   * hold it past the limit. */
  if (congkak_node_max_variation_depth (node->parent->main_child) + 1
      > CONGKAK_MAX_VARIATION_DEPTH)
    return FALSE;

  command = g_new0 (Command, 1);
  command->type = COMMAND_PROMOTE;
  command->parent = g_object_ref (node->parent);
  command->node = g_object_ref (node);
  command->index = index;
  move_child (node->parent, node, 0);
  push_command (self, command);
  g_signal_emit (self, signals[TREE_CHANGED], 0);
  return TRUE;
}

/**
 * congkak_match_delete_variation:
 * @node: any move; it and every move after it are removed
 *
 * Returns: %FALSE for the root, which cannot be deleted.
 */
gboolean
congkak_match_delete_variation (CongkakMatch *self,
                                CongkakNode  *node)
{
  Command *command;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);
  g_return_val_if_fail (CONGKAK_IS_NODE (node), FALSE);
  g_return_val_if_fail (node_in_match (self, node), FALSE);

  if (node->parent == NULL)
    return FALSE;

  command = g_new0 (Command, 1);
  command->type = COMMAND_DELETE_NODE;
  command->parent = g_object_ref (node->parent);
  command->node = g_object_ref (node);
  command->index = detach_node (self, node);
  push_command (self, command);
  g_signal_emit (self, signals[TREE_CHANGED], 0);
  return TRUE;
}

void
congkak_match_set_comment (CongkakMatch *self,
                           CongkakNode  *node,
                           const char   *comment)
{
  Command *command;

  g_return_if_fail (CONGKAK_IS_MATCH (self));
  g_return_if_fail (CONGKAK_IS_NODE (node));
  g_return_if_fail (node_in_match (self, node));
  g_return_if_fail (comment == NULL || !congkak_match_text_is_too_long (comment, -1));

  if (g_strcmp0 (congkak_node_get_comment (node), comment ? comment : "") == 0)
    return;

  command = g_new0 (Command, 1);
  command->type = COMMAND_COMMENT;
  command->node = g_object_ref (node);
  command->old_text = g_strdup (congkak_node_get_comment (node));
  command->new_text = g_strdup (comment ? comment : "");
  congkak_node_set_comment_internal (node, comment);
  push_command (self, command);
  g_signal_emit (self, signals[NODE_CHANGED], 0, node);
}

void
congkak_match_set_mark (CongkakMatch *self,
                        CongkakNode  *node,
                        CongkakMark   mark)
{
  Command *command;

  g_return_if_fail (CONGKAK_IS_MATCH (self));
  g_return_if_fail (CONGKAK_IS_NODE (node));
  g_return_if_fail (mark <= CONGKAK_MARK_DUBIOUS);
  g_return_if_fail (node_in_match (self, node));

  if (node->mark == mark)
    return;

  command = g_new0 (Command, 1);
  command->type = COMMAND_MARK;
  command->node = g_object_ref (node);
  command->old_value = node->mark;
  command->new_value = mark;
  node->mark = mark;
  push_command (self, command);
  g_signal_emit (self, signals[NODE_CHANGED], 0, node);
}

/**
 * congkak_match_set_analysis:
 * @node: a move of the match (not the root)
 * @evaluation: South's expected margin after the move
 * @best_move: (nullable): the engine's move instead, in notation
 * @mark: CONGKAK_MARK_NONE, CONGKAK_MARK_MISTAKE or CONGKAK_MARK_BLUNDER
 * @comment: (nullable): the analysis' comment
 *
 * Stores the engine's analysis of a move beside (never over) the user's
 * comment and mark, and emits #CongkakMatch::node-changed.  Not an undo
 * step: analysis is recomputed, not edited.
 */
void
congkak_match_set_analysis (CongkakMatch *self,
                            CongkakNode  *node,
                            int           evaluation,
                            const char   *best_move,
                            CongkakMark   mark,
                            const char   *comment)
{
  g_return_if_fail (CONGKAK_IS_MATCH (self));
  g_return_if_fail (CONGKAK_IS_NODE (node));
  g_return_if_fail (node_in_match (self, node));
  g_return_if_fail (mark <= CONGKAK_MARK_DUBIOUS);
  g_return_if_fail (comment == NULL || !congkak_match_text_is_too_long (comment, -1));

  congkak_node_set_analysis_internal (node, evaluation, best_move, mark, comment);
  g_signal_emit (self, signals[NODE_CHANGED], 0, node);
}

/**
 * congkak_match_clear_analysis:
 *
 * Forgets the engine's analysis of every move, emitting
 * #CongkakMatch::node-changed for each move that had some.
 */
void
congkak_match_clear_analysis (CongkakMatch *self)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_return_if_fail (CONGKAK_IS_MATCH (self));

  g_ptr_array_add (stack, self->root);
  while (stack->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      if (node->analysis != NULL)
        {
          congkak_node_clear_analysis_internal (node);
          g_signal_emit (self, signals[NODE_CHANGED], 0, node);
        }
      /* Moves without nodes have no analysis. */
      for (guint i = congkak_node_has_run (node) ? 1 : 0; i < node->n_children; i++)
        g_ptr_array_add (stack, congkak_node_child_at (node, i));
    }
}

gboolean
congkak_match_can_undo (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);

  return self->undo_stack->len > 0;
}

gboolean
congkak_match_can_redo (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);

  return self->redo_stack->len > 0;
}

/* Applies @command forwards (redo) or backwards (undo). */
static void
apply_command (CongkakMatch *self,
               Command      *command,
               gboolean      forwards)
{
  switch (command->type)
    {
    case COMMAND_ADD_NODE:
    case COMMAND_DELETE_NODE:
      if ((command->type == COMMAND_ADD_NODE) == forwards)
        {
          congkak_match_attach_node (self, command->parent, command->node, command->index);
          congkak_match_set_cursor (self, command->node);
        }
      else
        detach_node (self, command->node);
      g_signal_emit (self, signals[TREE_CHANGED], 0);
      break;

    case COMMAND_PROMOTE:
      move_child (command->parent, command->node, forwards ? 0 : command->index);
      g_signal_emit (self, signals[TREE_CHANGED], 0);
      break;

    case COMMAND_COMMENT:
      congkak_node_set_comment_internal (command->node, forwards ? command->new_text : command->old_text);
      g_signal_emit (self, signals[NODE_CHANGED], 0, command->node);
      break;

    case COMMAND_MARK:
      command->node->mark = forwards ? command->new_value : command->old_value;
      g_signal_emit (self, signals[NODE_CHANGED], 0, command->node);
      break;

    case COMMAND_METADATA:
      replace_text (&self->metadata[command->field], forwards ? command->new_text : command->old_text);
      g_signal_emit (self, signals[DETAILS_CHANGED], 0);
      break;

    case COMMAND_PLAYER:
      replace_text (&self->player_name[command->field], forwards ? command->new_text : command->old_text);
      self->player_kind[command->field] = forwards ? command->new_kind : command->old_kind;
      self->player_level[command->field] = forwards ? command->new_level : command->old_level;
      g_signal_emit (self, signals[DETAILS_CHANGED], 0);
      break;

    default:
      g_assert_not_reached ();
    }
}

static gboolean
move_command (CongkakMatch *self,
              GPtrArray    *from,
              GPtrArray    *to,
              gboolean      forwards)
{
  Command *command;

  if (from->len == 0)
    return FALSE;

  command = g_ptr_array_steal_index (from, from->len - 1);
  apply_command (self, command, forwards);
  g_ptr_array_add (to, command);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  return TRUE;
}

/**
 * congkak_match_forget_history:
 *
 * Drops every undo and redo step, for a match that has just been set up
 * (players named, say) so that undo cannot take the set-up back.
 */
void
congkak_match_forget_history (CongkakMatch *self)
{
  gboolean could_undo, could_redo;

  g_return_if_fail (CONGKAK_IS_MATCH (self));

  could_undo = congkak_match_can_undo (self);
  could_redo = congkak_match_can_redo (self);
  g_ptr_array_set_size (self->undo_stack, 0);
  g_ptr_array_set_size (self->redo_stack, 0);
  if (could_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

gboolean
congkak_match_undo (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);

  return move_command (self, self->undo_stack, self->redo_stack, FALSE);
}

gboolean
congkak_match_redo (CongkakMatch *self)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (self), FALSE);

  return move_command (self, self->redo_stack, self->undo_stack, TRUE);
}

/* @copy gets @node's comment, mark and analysis. */
static void
copy_node_details (CongkakNode *copy,
                   CongkakNode *node)
{
  copy->comment = g_strdup (node->comment);
  copy->mark = node->mark;
  copy->depth = node->depth;
  copy->variation_depth = node->variation_depth;
  if (node->analysis != NULL)
    congkak_node_set_analysis_internal (copy, node->analysis->evaluation, node->analysis->best_move,
                                        node->analysis->mark, node->analysis->comment);
}

/**
 * congkak_match_copy:
 *
 * A copy of the match as it stands, for another thread to read (a save
 * writing it) while this one goes on changing @self: the same rules,
 * start, players, details and tree of moves with their comments, marks
 * and analysis; no undo history, the cursor at the start.  The moves are
 * not replayed (they were checked when played), so copying is cheap; moves
 * without nodes yet are copied as they are, and the thread that reads the
 * copy makes their nodes in the copy.
 *
 * Returns: (transfer full): the copy, equal to @self (congkak_match_equal()).
 */
CongkakMatch *
congkak_match_copy (CongkakMatch *self)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  CongkakMatch *copy;

  g_return_val_if_fail (CONGKAK_IS_MATCH (self), NULL);

  copy = congkak_match_new_from_position (&self->rules, self->custom_start ? &self->start : NULL, NULL);
  g_assert (copy != NULL);
  for (guint side = 0; side < 2; side++)
    {
      copy->player_name[side] = g_strdup (self->player_name[side]);
      copy->player_kind[side] = self->player_kind[side];
      copy->player_level[side] = self->player_level[side];
    }
  for (guint field = 0; field < CONGKAK_N_METADATA; field++)
    copy->metadata[field] = g_strdup (self->metadata[field]);
  copy_node_details (copy->root, self->root);

  /* Pairs of (original, copy), children in order, without recursion. */
  g_ptr_array_add (stack, self->root);
  g_ptr_array_add (stack, copy->root);
  while (stack->len > 0)
    {
      CongkakNode *to = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      CongkakNode *from = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      /* Moves without nodes are copied as they are, without nodes. */
      if (congkak_node_has_run (from))
        {
          congkak_node_copy_run (to, from);
          continue;
        }
      for (guint i = 0; i < from->n_children; i++)
        {
          CongkakNode *child = congkak_node_child_at (from, i);
          CongkakNode *child_copy = congkak_node_new (&child->move);

          copy_node_details (child_copy, child);
          congkak_node_insert_child (to, child_copy, i);
          g_object_unref (child_copy);
          g_ptr_array_add (stack, child);
          g_ptr_array_add (stack, child_copy);
        }
    }
  copy->n_nodes = self->n_nodes;
  return copy;
}

static gboolean
nodes_equal (CongkakNode *a,
             CongkakNode *b)
{
  if ((a->parent == NULL) != (b->parent == NULL))
    return FALSE;
  if (a->parent != NULL && !moves_equal (&a->move, &b->move))
    return FALSE;
  return g_strcmp0 (congkak_node_get_comment (a), congkak_node_get_comment (b)) == 0
         && a->mark == b->mark
         && congkak_node_analysis_equal (a, b)
         && a->n_children == b->n_children;
}

/**
 * congkak_match_equal:
 *
 * Returns: whether two matches hold the same rules, start, players,
 *   metadata and move tree with the same comments, marks and analysis
 *   (the cursor and the undo history are not compared).
 */
gboolean
congkak_match_equal (CongkakMatch *a,
                     CongkakMatch *b)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_return_val_if_fail (CONGKAK_IS_MATCH (a), FALSE);
  g_return_val_if_fail (CONGKAK_IS_MATCH (b), FALSE);

  if (!congkak_rules_equal (&a->rules, &b->rules)
      || a->custom_start != b->custom_start
      || !congkak_position_equal (&a->start, &b->start)
      || a->n_nodes != b->n_nodes)
    return FALSE;

  for (guint side = 0; side < 2; side++)
    if (g_strcmp0 (congkak_match_get_player_name (a, side), congkak_match_get_player_name (b, side)) != 0
        || a->player_kind[side] != b->player_kind[side]
        || (a->player_kind[side] == CONGKAK_PLAYER_COMPUTER && a->player_level[side] != b->player_level[side]))
      return FALSE;

  for (guint i = 0; i < CONGKAK_N_METADATA; i++)
    if (g_strcmp0 (congkak_match_get_metadata (a, i), congkak_match_get_metadata (b, i)) != 0)
      return FALSE;

  g_ptr_array_add (stack, a->root);
  g_ptr_array_add (stack, b->root);
  while (stack->len > 0)
    {
      CongkakNode *y = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      CongkakNode *x = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      if (!nodes_equal (x, y))
        return FALSE;
      for (guint i = 0; i < x->n_children; i++)
        {
          g_ptr_array_add (stack, congkak_node_child_at (x, i));
          g_ptr_array_add (stack, congkak_node_child_at (y, i));
        }
    }
  return TRUE;
}
