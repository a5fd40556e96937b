/* congkak-puzzle-set.c — a list of puzzles, and its file (JSON)
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loading never trusts the file, as for match files: its size, its text
 * and its structure are checked before the parser sees it (the same code,
 * congkak-json-reader.c), every value's type and range is checked, every
 * board is one the rules can play from and every solution is replayed
 * through the engine.  Each error begins with its JSON path, such as
 * `puzzles[3].solution[1]`.  The parts a match file holds too (rules,
 * positions, a source's players) are read by the same code as there.
 * The file format: PUZZLE-FORMAT.md.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-file-util.h"
#include "congkak-json-private.h"
#include "congkak-match-file.h"
#include "congkak-puzzle-private.h"
#include "congkak-puzzle-set.h"

/* The values a finder writes: seed margins, or ±CONGKAK_SEARCH_MATCH_WIN beyond them. */
#define MAX_VALUE 9999
#define MAX_DEPTH 254

struct _CongkakPuzzleSet
{
  GObject    parent_instance;

  char      *title;
  GPtrArray *puzzles;  /* CongkakPuzzle */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakPuzzleSet, congkak_puzzle_set, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
get_item_type (GListModel *model)
{
  return CONGKAK_TYPE_PUZZLE;
}

static guint
get_n_items (GListModel *model)
{
  return CONGKAK_PUZZLE_SET (model)->puzzles->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  CongkakPuzzleSet *self = CONGKAK_PUZZLE_SET (model);

  if (position >= self->puzzles->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->puzzles, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
congkak_puzzle_set_finalize (GObject *object)
{
  CongkakPuzzleSet *self = CONGKAK_PUZZLE_SET (object);

  g_free (self->title);
  g_ptr_array_unref (self->puzzles);

  G_OBJECT_CLASS (congkak_puzzle_set_parent_class)->finalize (object);
}

static void
congkak_puzzle_set_class_init (CongkakPuzzleSetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_puzzle_set_finalize;
}

static void
congkak_puzzle_set_init (CongkakPuzzleSet *self)
{
  self->title = g_strdup ("");
  self->puzzles = g_ptr_array_new_with_free_func (g_object_unref);
}

CongkakPuzzleSet *
congkak_puzzle_set_new (void)
{
  return g_object_new (CONGKAK_TYPE_PUZZLE_SET, NULL);
}

const char *
congkak_puzzle_set_get_title (CongkakPuzzleSet *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_SET (self), NULL);

  return self->title;
}

void
congkak_puzzle_set_set_title (CongkakPuzzleSet *self,
                              const char       *title)
{
  g_return_if_fail (CONGKAK_IS_PUZZLE_SET (self));

  g_free (self->title);
  self->title = g_strdup (title ? title : "");
}

guint
congkak_puzzle_set_get_n_puzzles (CongkakPuzzleSet *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_SET (self), 0);

  return self->puzzles->len;
}

/**
 * congkak_puzzle_set_get_puzzle:
 *
 * Returns: (transfer none): the puzzle at @index
 */
CongkakPuzzle *
congkak_puzzle_set_get_puzzle (CongkakPuzzleSet *self,
                               guint             index)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_SET (self), NULL);
  g_return_val_if_fail (index < self->puzzles->len, NULL);

  return g_ptr_array_index (self->puzzles, index);
}

/**
 * congkak_puzzle_set_append:
 *
 * Returns: %FALSE, adding nothing, when the set already holds
 *   %CONGKAK_PUZZLE_SET_MAX_PUZZLES puzzles (what its file may hold)
 */
gboolean
congkak_puzzle_set_append (CongkakPuzzleSet *self,
                           CongkakPuzzle    *puzzle)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_SET (self), FALSE);
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (puzzle), FALSE);

  if (self->puzzles->len >= CONGKAK_PUZZLE_SET_MAX_PUZZLES)
    return FALSE;
  g_ptr_array_add (self->puzzles, g_object_ref (puzzle));
  g_list_model_items_changed (G_LIST_MODEL (self), self->puzzles->len - 1, 0, 1);
  return TRUE;
}

/**
 * congkak_puzzle_set_filter:
 * @game: (nullable): a profile (“kalah”) or “custom”, as
 *   congkak_puzzle_get_game() names games; %NULL for every game
 * @difficulty: a CongkakPuzzleDifficulty, or -1 for every one
 * @max_puzzles: keep at most this many, the first ones; 0 for all
 *
 * Returns: (transfer full): a new set of the puzzles that fit, in order,
 *   with the same title
 */
CongkakPuzzleSet *
congkak_puzzle_set_filter (CongkakPuzzleSet *self,
                           const char       *game,
                           int               difficulty,
                           guint             max_puzzles)
{
  CongkakPuzzleSet *set;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_SET (self), NULL);
  g_return_val_if_fail (difficulty >= -1 && difficulty < CONGKAK_PUZZLE_N_DIFFICULTIES, NULL);

  set = congkak_puzzle_set_new ();
  congkak_puzzle_set_set_title (set, self->title);
  for (guint i = 0; i < self->puzzles->len; i++)
    {
      CongkakPuzzle *puzzle = g_ptr_array_index (self->puzzles, i);

      if (max_puzzles > 0 && set->puzzles->len >= max_puzzles)
        break;
      if (game && !g_str_equal (game, congkak_puzzle_get_game (puzzle)))
        continue;
      if (difficulty >= 0 && congkak_puzzle_get_difficulty (puzzle) != (CongkakPuzzleDifficulty) difficulty)
        continue;
      g_ptr_array_add (set->puzzles, g_object_ref (puzzle));
    }
  return set;
}

/* Loading */

/* A move of the mover's from @state, written in the file at @path. */
static gboolean
read_sowing (JsonNode            *node,
             const char          *path,
             const CongkakRules  *rules,
             const CongkakState  *state,
             char               **canonical,
             GError             **error)
{
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  g_autoptr (GError) move_error = NULL;
  g_autofree char *quoted = NULL;
  const char *text;
  CongkakMove move;

  if ((text = congkak_json_expect_string (node, path, error)) == NULL)
    return FALSE;
  quoted = congkak_quote_untrusted (text, -1);
  if (!congkak_json_is_quotable (text))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, path, _("“%s” is not a move."), quoted);
  if (!congkak_move_parse (text, rules, &move, opening, &move_error))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, path, "%s", move_error->message);
  if (move.kind != CONGKAK_MOVE_SOW || move.side != state->position.to_move
      || !congkak_state_is_legal (state, rules, move.hole))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, path,
                              _("the move “%s” cannot be played here."), quoted);
  *canonical = congkak_move_to_string (&move);
  return TRUE;
}

static gboolean
read_position (JsonObject          *object,
               const char          *path,
               const CongkakRules  *rules,
               CongkakPosition     *position,
               guint               *round,
               GPtrArray           *warnings,
               GError             **error)
{
  g_autofree char *position_path = congkak_json_child_path (path, "position");
  g_autofree char *to_move_path = congkak_json_child_path (position_path, "to_move");
  g_autofree char *round_path = congkak_json_child_path (position_path, "round");
  g_autoptr (GList) members = NULL;
  JsonObject *board;
  JsonNode *to_move;

  if (!json_object_has_member (object, "position"))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, position_path,
                              _("the puzzle does not give its board."));
  if ((board = congkak_json_expect_object (json_object_get_member (object, "position"), position_path, error)) == NULL)
    return FALSE;
  to_move = json_object_get_member (board, "to_move");
  if (to_move == NULL || JSON_NODE_HOLDS_NULL (to_move))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, to_move_path,
                              _("a puzzle says who is to move: “south” or “north”."));
  if (!congkak_json_read_position (board, position_path, rules, position, error))
    return FALSE;

  *round = 1;
  if (json_object_has_member (board, "round"))
    {
      gint64 value;

      if (!congkak_json_expect_integer (json_object_get_member (board, "round"), round_path,
                                        1, CONGKAK_MAX_MAX_ROUNDS, &value, error))
        return FALSE;
      if (value > 1 && !(rules->family == CONGKAK_FAMILY_STORE && rules->multi_round))
        return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, round_path,
                                  _("these rules play a single round: the round is 1."));
      *round = value;
    }

  members = json_object_get_members (board);
  for (GList *l = members; l != NULL; l = l->next)
    {
      static const char * const known[] = { "south", "north", "to_move", "round", NULL };

      if (!g_strv_contains (known, l->data))
        {
          g_autofree char *member_path = congkak_json_child_path (position_path, l->data);

          congkak_json_warn_unknown (warnings, member_path);
        }
    }
  return TRUE;
}

static gboolean
read_solution (JsonObject          *object,
               const char          *path,
               GStrvBuilder        *solution,
               GError             **error)
{
  g_autofree char *solution_path = congkak_json_child_path (path, "solution");
  JsonArray *array;
  guint length;

  if (!json_object_has_member (object, "solution"))
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, solution_path,
                              _("the puzzle does not give its solution."));
  if ((array = congkak_json_expect_array (json_object_get_member (object, "solution"), solution_path, error)) == NULL)
    return FALSE;
  length = json_array_get_length (array);
  if (length == 0 || length > CONGKAK_PUZZLE_MAX_LINE)
    return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, solution_path,
                              ngettext ("a solution has 1 to %u move.", "a solution has 1 to %u moves.",
                                        CONGKAK_PUZZLE_MAX_LINE),
                              CONGKAK_PUZZLE_MAX_LINE);
  for (guint i = 0; i < length; i++)
    {
      g_autofree char *move_path = congkak_json_index_path (solution_path, i);
      g_autofree char *quoted = NULL;
      const char *text = congkak_json_expect_string (json_array_get_element (array, i), move_path, error);

      if (text == NULL)
        return FALSE;
      quoted = congkak_quote_untrusted (text, -1);
      if (!congkak_json_is_quotable (text))
        return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, move_path,
                                  _("“%s” is not a move."), quoted);
      g_strv_builder_add (solution, text);
    }
  return TRUE;
}

static gboolean
read_players (JsonNode             *node,
              const char           *path,
              CongkakPuzzleSource  *source,
              GPtrArray            *warnings,
              GError              **error)
{
  CongkakJsonPlayer players[2];

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    players[side] = (CongkakJsonPlayer) { .kind = source->kinds[side], .level = CONGKAK_LEVEL_MEDIUM };
  if (!congkak_json_read_players (node, path, FALSE, players, warnings, error))
    return FALSE;
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      if (players[side].name)
        {
          g_free (source->players[side]);
          source->players[side] = g_strdup (players[side].name);
        }
      source->kinds[side] = players[side].kind;
    }
  return TRUE;
}

static gboolean
read_source (JsonObject           *object,
             const char           *path,
             const CongkakRules   *rules,
             const CongkakState   *state,
             CongkakPuzzleSource  *source,
             GPtrArray            *warnings,
             GError              **error)
{
  g_autofree char *source_path = congkak_json_child_path (path, "source");
  g_autoptr (GList) members = NULL;
  JsonObject *about;

  if ((about = congkak_json_expect_object (json_object_get_member (object, "source"), source_path, error)) == NULL)
    return FALSE;

  members = json_object_get_members (about);
  for (GList *l = members; l != NULL; l = l->next)
    {
      static const struct
      {
        const char *key;
        gsize       offset;
      } texts[] = {
        { "title", G_STRUCT_OFFSET (CongkakPuzzleSource, title) },
        { "id", G_STRUCT_OFFSET (CongkakPuzzleSource, match_id) },
        { "file", G_STRUCT_OFFSET (CongkakPuzzleSource, file) },
        { "node", G_STRUCT_OFFSET (CongkakPuzzleSource, node) },
        { "date", G_STRUCT_OFFSET (CongkakPuzzleSource, date) },
      };
      const char *key = l->data;
      g_autofree char *member_path = congkak_json_child_path (source_path, key);
      JsonNode *member = json_object_get_member (about, key);
      gboolean known = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
        if (g_str_equal (key, texts[i].key))
          {
            char **field = G_STRUCT_MEMBER_P (source, texts[i].offset);
            const char *text = congkak_json_expect_string (member, member_path, error);

            if (text == NULL)
              return FALSE;
            g_free (*field);
            *field = g_strdup (text);
            known = TRUE;
          }
      if (known)
        continue;

      if (g_str_equal (key, "move"))
        {
          gint64 number;

          if (!congkak_json_expect_integer (member, member_path, 1, CONGKAK_MATCH_MAX_NODES, &number, error))
            return FALSE;
          source->move_number = number;
        }
      else if (g_str_equal (key, "players"))
        {
          if (!read_players (member, member_path, source, warnings, error))
            return FALSE;
        }
      else if (g_str_equal (key, "played"))
        {
          g_free (source->played);
          source->played = NULL;
          if (!read_sowing (member, member_path, rules, state, &source->played, error))
            return FALSE;
        }
      else
        congkak_json_warn_unknown (warnings, member_path);
    }
  return TRUE;
}

typedef struct
{
  gboolean has_value;
  gint64   value;
  char    *next_best;
  gboolean has_next_value;
  gint64   next_value;
  gboolean exact;
  gboolean has_exact;
  gboolean has_proof;
  CongkakPuzzleProof proof;
  gint64   depth;
  gboolean has_difficulty;
  CongkakPuzzleDifficulty difficulty;
} Judgement;

static void
judgement_clear (Judgement *judgement)
{
  g_clear_pointer (&judgement->next_best, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Judgement, judgement_clear)

/* "value", "next-best", "next-value", "exact", "depth", "difficulty", "proof" */
static gboolean
read_judgement (JsonObject          *object,
                const char          *path,
                const CongkakRules  *rules,
                CongkakPuzzle       *puzzle,
                Judgement           *judgement,
                GError             **error)
{
  static const char * const names[] = { "value", "next-best", "next-value", "exact", "depth", "difficulty", "proof", NULL };
  const CongkakState *state = congkak_puzzle_get_state (puzzle);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *member_path = congkak_json_child_path (path, names[i]);
      JsonNode *member = json_object_get_member (object, names[i]);

      if (member == NULL)
        continue;
      switch (i)
        {
        case 0:
          if (!congkak_json_expect_integer (member, member_path, -MAX_VALUE, MAX_VALUE, &judgement->value, error))
            return FALSE;
          judgement->has_value = TRUE;
          break;
        case 1:
          if (!read_sowing (member, member_path, rules, state, &judgement->next_best, error))
            return FALSE;
          if (congkak_puzzle_is_answer (puzzle, g_ascii_tolower (judgement->next_best[0]) - 'a'))
            return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                      _("the next best move must be another move than the answer."));
          break;
        case 2:
          if (!congkak_json_expect_integer (member, member_path, -MAX_VALUE, MAX_VALUE, &judgement->next_value, error))
            return FALSE;
          judgement->has_next_value = TRUE;
          break;
        case 3:
          if (!congkak_json_expect_boolean (member, member_path, &judgement->exact, error))
            return FALSE;
          judgement->has_exact = TRUE;
          break;
        case 4:
          if (!congkak_json_expect_integer (member, member_path, 1, MAX_DEPTH, &judgement->depth, error))
            return FALSE;
          break;
        case 5:
          {
            const char *text = congkak_json_expect_string (member, member_path, error);
            g_autofree char *quoted = NULL;

            if (text == NULL)
              return FALSE;
            quoted = congkak_quote_untrusted (text, -1);
            if (!congkak_puzzle_difficulty_from_string (text, &judgement->difficulty))
              return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                        _("“%s” is not a difficulty: write “easy”, “medium” or “hard”."), quoted);
            judgement->has_difficulty = TRUE;
          }
          break;
        case 6:
          {
            const char *text = congkak_json_expect_string (member, member_path, error);
            g_autofree char *quoted = NULL;

            if (text == NULL)
              return FALSE;
            quoted = congkak_quote_untrusted (text, -1);
            if (!congkak_puzzle_proof_from_string (text, &judgement->proof))
              return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                        _("“%s” is not a proof: write “exact”, “bounds” or “estimate”."), quoted);
            judgement->has_proof = TRUE;
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }

  /* The values go together: the answer's, and the next best move's. */
  if ((judgement->next_best != NULL) != judgement->has_next_value)
    {
      g_autofree char *member_path = congkak_json_child_path (path, judgement->next_best ? "next-value" : "next-best");

      return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, member_path,
                                _("“next-best” and “next-value” are given together."));
    }
  if (judgement->next_best != NULL && !judgement->has_value)
    {
      g_autofree char *member_path = congkak_json_child_path (path, "value");

      return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, member_path,
                                _("the answer's value is missing, but the next best move's is given."));
    }
  /* Files before "proof" say only whether the values are exact. */
  if (!judgement->has_proof)
    judgement->proof = judgement->exact ? CONGKAK_PUZZLE_PROOF_EXACT : CONGKAK_PUZZLE_PROOF_ESTIMATE;
  else if (judgement->has_exact && judgement->exact != (judgement->proof == CONGKAK_PUZZLE_PROOF_EXACT))
    {
      g_autofree char *member_path = congkak_json_child_path (path, "proof");

      return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                _("“exact” and “proof” disagree."));
    }
  if (judgement->next_best != NULL && judgement->next_value >= judgement->value)
    {
      g_autofree char *member_path = congkak_json_child_path (path, "next-value");

      return congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, member_path,
                                _("the next best move must give less than the answer."));
    }
  return TRUE;
}

static CongkakPuzzle *
read_puzzle (JsonNode   *node,
             const char *path,
             GPtrArray  *warnings,
             GError    **error)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) solution = NULL;
  g_autoptr (CongkakPuzzle) puzzle = NULL;
  g_autoptr (GError) puzzle_error = NULL;
  g_auto (Judgement) judgement = { 0 };
  g_autoptr (GList) members = NULL;
  CongkakPuzzleSource source = { 0 };
  CongkakPosition position;
  CongkakRules rules;
  JsonObject *object;
  guint round, bad_move = 0;  /* set only for an invalid line */

  if ((object = congkak_json_expect_object (node, path, error)) == NULL)
    return NULL;
  if (!congkak_json_read_rules (object, path, &rules, error)
      || !read_position (object, path, &rules, &position, &round, warnings, error)
      || !read_solution (object, path, builder, error))
    return NULL;

  solution = g_strv_builder_end (builder);
  puzzle = congkak_puzzle_new (&rules, &position, round, (const char * const *) solution, &bad_move, &puzzle_error);
  if (puzzle == NULL)
    {
      g_autofree char *position_path = congkak_json_child_path (path, "position");
      g_autofree char *solution_path = congkak_json_child_path (path, "solution");
      g_autofree char *move_path = congkak_json_index_path (solution_path, bad_move);
      g_autofree char *quoted = NULL;

      if (!g_error_matches (puzzle_error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_INVALID_LINE))
        congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION, position_path,
                           "%s", puzzle_error->message);
      else if (bad_move >= g_strv_length (solution))
        congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE, solution_path,
                           "%s", puzzle_error->message);
      else
        {
          quoted = congkak_quote_untrusted (solution[bad_move], -1);
          congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE, move_path,
                             _("the move “%s” cannot be played here: %s"), quoted, puzzle_error->message);
        }
      return NULL;
    }

  if (!read_judgement (object, path, &rules, puzzle, &judgement, error))
    return NULL;
  if (judgement.has_value)
    {
      congkak_puzzle_set_values (puzzle, judgement.value, judgement.next_best, judgement.next_value, judgement.exact);
      congkak_puzzle_set_proof (puzzle, judgement.proof);
    }
  if (judgement.depth > 0)
    congkak_puzzle_set_depth (puzzle, judgement.depth);
  if (judgement.has_difficulty)
    congkak_puzzle_set_difficulty (puzzle, judgement.difficulty);
  else if (judgement.depth > 0)
    congkak_puzzle_set_difficulty (puzzle, congkak_puzzle_difficulty_for_depth (judgement.depth));

  if (json_object_has_member (object, "source"))
    {
      gboolean read = read_source (object, path, &rules, congkak_puzzle_get_state (puzzle), &source, warnings, error);

      if (read)
        congkak_puzzle_set_source (puzzle, &source);
      congkak_puzzle_source_clear (&source);
      if (!read)
        return NULL;
    }

  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      static const char * const known[] = {
        "profile", "rules", "position", "solution", "value", "next-best", "next-value", "exact", "proof", "depth",
        "difficulty", "source", NULL
      };

      if (!g_strv_contains (known, l->data))
        {
          g_autofree char *member_path = congkak_json_child_path (path, l->data);

          congkak_json_warn_unknown (warnings, member_path);
        }
    }
  return g_steal_pointer (&puzzle);
}

static gboolean
read_format (JsonObject  *root,
             GError     **error)
{
  JsonNode *format = json_object_get_member (root, "format");

  if (format == NULL || !JSON_NODE_HOLDS_VALUE (format)
      || json_node_get_value_type (format) != G_TYPE_STRING
      || !g_str_equal (json_node_get_string (format), CONGKAK_PUZZLE_SET_FORMAT))
    {
      g_set_error_literal (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_NOT_A_MATCH,
                           _("format: this is not a Congkak puzzle file (its “format” is not “congkak-puzzles”)."));
      return FALSE;
    }
  return TRUE;
}

static gboolean
set_too_large (GError  **error,
               guint64   size)
{
  g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE,
               ngettext ("The file is %llu byte long; puzzle files can be at most %u bytes (8 MiB).",
                         "The file is %llu bytes long; puzzle files can be at most %u bytes (8 MiB).",
                         size),
               (unsigned long long) size, CONGKAK_PUZZLE_SET_MAX_BYTES);
  return FALSE;
}

/**
 * congkak_puzzle_set_load_from_data:
 * @data: the file's bytes
 * @length: their length, or -1 if @data ends with a NUL
 * @warnings: (out) (optional) (transfer full) (element-type utf8): fields
 *   that were ignored, each with its path
 *
 * Returns: (transfer full) (nullable): the set, or %NULL with @error set
 *   in CONGKAK_MATCH_FILE_ERROR, its message starting with where the
 *   problem is.
 */
CongkakPuzzleSet *
congkak_puzzle_set_load_from_data (const char  *data,
                                   gssize       length,
                                   GPtrArray  **warnings,
                                   GError     **error)
{
  g_autoptr (GPtrArray) found_warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (CongkakPuzzleSet) set = NULL;
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GList) members = NULL;
  JsonObject *root;
  JsonArray *puzzles;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (data);
  if ((gsize) length > CONGKAK_PUZZLE_SET_MAX_BYTES)
    {
      set_too_large (error, length);
      return NULL;
    }
  parser = congkak_json_parse_object (data, length,
                                      _("This is not a Congkak puzzle file: it does not hold a JSON object."), error);
  if (parser == NULL)
    return NULL;
  root = json_node_get_object (json_parser_get_root (parser));
  if (!read_format (root, error) || !congkak_json_read_version (root, error))
    return NULL;

  set = congkak_puzzle_set_new ();
  if (json_object_has_member (root, "title"))
    {
      const char *title = congkak_json_expect_string (json_object_get_member (root, "title"), "title", error);

      if (title == NULL)
        return NULL;
      congkak_puzzle_set_set_title (set, title);
    }

  if (!json_object_has_member (root, "puzzles"))
    {
      congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD, "puzzles", _("the list of puzzles is missing."));
      return NULL;
    }
  if ((puzzles = congkak_json_expect_array (json_object_get_member (root, "puzzles"), "puzzles", error)) == NULL)
    return NULL;
  if (json_array_get_length (puzzles) > CONGKAK_PUZZLE_SET_MAX_PUZZLES)
    {
      congkak_json_fail (error, CONGKAK_MATCH_FILE_ERROR_TOO_MANY_MOVES, "puzzles",
                         ngettext ("the file holds more than %u puzzle, more than a set may hold.",
                                   "the file holds more than %u puzzles, more than a set may hold.",
                                   CONGKAK_PUZZLE_SET_MAX_PUZZLES),
                         CONGKAK_PUZZLE_SET_MAX_PUZZLES);
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (puzzles); i++)
    {
      g_autofree char *path = congkak_json_index_path ("puzzles", i);
      g_autoptr (CongkakPuzzle) puzzle = read_puzzle (json_array_get_element (puzzles, i), path,
                                                      found_warnings, error);

      if (puzzle == NULL)
        return NULL;
      congkak_puzzle_set_append (set, puzzle);
    }

  members = json_object_get_members (root);
  for (GList *l = members; l != NULL; l = l->next)
    {
      static const char * const known[] = { "format", "version", "title", "puzzles", NULL };

      if (!g_strv_contains (known, l->data))
        {
          g_autofree char *path = congkak_json_child_path ("", l->data);

          congkak_json_warn_unknown (found_warnings, path);
        }
    }

  congkak_json_finish_warnings (found_warnings);
  if (warnings)
    *warnings = g_steal_pointer (&found_warnings);
  return g_steal_pointer (&set);
}

/**
 * congkak_puzzle_set_load_from_file:
 *
 * Reads a puzzle file, at most one byte past the size limit; a folder, a
 * named pipe or a device is refused before it is opened.  See
 * congkak_puzzle_set_load_from_data().
 */
CongkakPuzzleSet *
congkak_puzzle_set_load_from_file (GFile         *file,
                                   GCancellable  *cancellable,
                                   GPtrArray    **warnings,
                                   GError       **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  bytes = congkak_file_load_bounded (file, CONGKAK_PUZZLE_SET_MAX_BYTES, TRUE, cancellable, &local_error);
  if (bytes == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
    {
      g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                      G_FILE_QUERY_INFO_NONE, cancellable, NULL);

      set_too_large (error, info ? (guint64) g_file_info_get_size (info) : CONGKAK_PUZZLE_SET_MAX_BYTES + 1ull);
      return NULL;
    }
  if (bytes == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return congkak_puzzle_set_load_from_data (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                            warnings, error);
}

/* Saving */

static void
add_string (JsonBuilder *builder,
            const char  *member,
            const char  *value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_string_value (builder, value);
}

static void
add_int (JsonBuilder *builder,
         const char  *member,
         gint64       value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_int_value (builder, value);
}

static void
write_source (JsonBuilder               *builder,
              const CongkakPuzzleSource *source)
{
  static const char * const keys[] = { "title", "id", "file", "node", "date" };
  const char *values[] = { source->title, source->match_id, source->file, source->node, source->date };
  gboolean any_player = source->players[0] || source->players[1];

  json_builder_set_member_name (builder, "source");
  json_builder_begin_object (builder);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (values[i] && *values[i])
      add_string (builder, keys[i], values[i]);
  if (source->move_number > 0)
    add_int (builder, "move", source->move_number);
  if (any_player)
    {
      json_builder_set_member_name (builder, "players");
      json_builder_begin_object (builder);
      for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
        {
          json_builder_set_member_name (builder, congkak_side_to_string (side));
          json_builder_begin_object (builder);
          add_string (builder, "name", source->players[side] ? source->players[side] : "");
          add_string (builder, "kind", congkak_player_kind_to_string (source->kinds[side]));
          json_builder_end_object (builder);
        }
      json_builder_end_object (builder);
    }
  if (source->played)
    add_string (builder, "played", source->played);
  json_builder_end_object (builder);
}

static void
write_puzzle (JsonBuilder   *builder,
              CongkakPuzzle *puzzle)
{
  const CongkakPosition *position = congkak_puzzle_get_position (puzzle);
  const char * const *solution = congkak_puzzle_get_solution (puzzle);

  json_builder_begin_object (builder);
  congkak_json_add_rules (builder, congkak_puzzle_get_rules (puzzle));

  json_builder_set_member_name (builder, "position");
  json_builder_begin_object (builder);
  congkak_json_add_position_side (builder, position, CONGKAK_SOUTH);
  congkak_json_add_position_side (builder, position, CONGKAK_NORTH);
  add_string (builder, "to_move", congkak_side_to_string (position->to_move));
  add_int (builder, "round", congkak_puzzle_get_round (puzzle));
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "solution");
  json_builder_begin_array (builder);
  for (guint i = 0; solution[i] != NULL; i++)
    json_builder_add_string_value (builder, solution[i]);
  json_builder_end_array (builder);

  add_string (builder, "difficulty", congkak_puzzle_difficulty_to_string (congkak_puzzle_get_difficulty (puzzle)));
  if (congkak_puzzle_get_depth (puzzle) > 0)
    add_int (builder, "depth", MIN (congkak_puzzle_get_depth (puzzle), MAX_DEPTH));
  if (congkak_puzzle_has_values (puzzle))
    {
      add_int (builder, "value", CLAMP (congkak_puzzle_get_value (puzzle), -MAX_VALUE, MAX_VALUE));
      if (congkak_puzzle_get_next_best (puzzle))
        {
          add_string (builder, "next-best", congkak_puzzle_get_next_best (puzzle));
          add_int (builder, "next-value", CLAMP (congkak_puzzle_get_next_value (puzzle), -MAX_VALUE, MAX_VALUE));
        }
      json_builder_set_member_name (builder, "exact");
      json_builder_add_boolean_value (builder, congkak_puzzle_is_exact (puzzle));
      add_string (builder, "proof", congkak_puzzle_proof_to_string (congkak_puzzle_get_proof (puzzle)));
    }
  write_source (builder, congkak_puzzle_get_source (puzzle));
  json_builder_end_object (builder);
}

/**
 * congkak_puzzle_set_save_to_data:
 * @length: (out) (optional): the length of the text
 *
 * Returns: (transfer full): the set as a puzzle file (UTF-8 JSON)
 */
char *
congkak_puzzle_set_save_to_data (CongkakPuzzleSet *self,
                                 gsize            *length)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_SET (self), NULL);

  json_builder_begin_object (builder);
  add_string (builder, "format", CONGKAK_PUZZLE_SET_FORMAT);
  add_string (builder, "version", G_STRINGIFY (CONGKAK_PUZZLE_SET_VERSION_MAJOR) "."
                                  G_STRINGIFY (CONGKAK_PUZZLE_SET_VERSION_MINOR));
  if (*self->title)
    add_string (builder, "title", self->title);
  json_builder_set_member_name (builder, "puzzles");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->puzzles->len; i++)
    write_puzzle (builder, g_ptr_array_index (self->puzzles, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return congkak_json_generate (builder, length);
}

/**
 * congkak_puzzle_set_save_to_file:
 *
 * Writes the set with congkak_file_replace_contents(): whole or not at
 * all, the old file kept as `NAME~`.  A set whose file would pass the
 * loader's limits is refused, so that nothing is saved that could not be
 * opened again.
 */
gboolean
congkak_puzzle_set_save_to_file (CongkakPuzzleSet  *self,
                                 GFile             *file,
                                 GCancellable      *cancellable,
                                 GError           **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_SET (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = congkak_puzzle_set_save_to_data (self, &length);
  if (length > CONGKAK_PUZZLE_SET_MAX_BYTES || !congkak_json_check_structure (data, length, NULL))
    {
      g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE,
                   ngettext ("The puzzles would take %llu byte, more than a puzzle file may hold; they were not saved.",
                             "The puzzles would take %llu bytes, more than a puzzle file may hold; they were not saved.",
                             length),
                   (unsigned long long) length);
      return FALSE;
    }
  return congkak_file_replace_contents (file, data, length, CONGKAK_SAVE_BACKUP, cancellable, error);
}
