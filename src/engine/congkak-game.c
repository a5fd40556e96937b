/* congkak-game.c — a whole match: moves in notation, round results, history
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-game.h"

/* A list that copies of a game share: elements below a game's own length
 * never change, so a copy takes a reference instead of the elements, and
 * appending copies only when another game has appended first.  This keeps
 * a cached game per replay checkpoint cheap in long, many-round matches. */
typedef struct
{
  GArray *array;
  guint   start;   /* elements before this are forgotten (Oware captures) */
  guint   length;  /* this game's elements end here */
} SharedList;

struct _CongkakGame
{
  CongkakRules rules;
  CongkakState state;
  SharedList   results;  /* CongkakRoundResult, one per finished round */
  SharedList   history;  /* CongkakPosition: Oware positions since the last capture */
};

static void
shared_list_init (SharedList *list,
                  guint       element_size)
{
  list->array = g_array_new (FALSE, FALSE, element_size);
  list->start = list->length = 0;
}

static void
shared_list_copy (SharedList       *copy,
                  const SharedList *list)
{
  copy->array = g_array_ref (list->array);
  copy->start = list->start;
  copy->length = list->length;
}

static void
shared_list_append (SharedList    *list,
                    gconstpointer  element)
{
  if (list->array->len != list->length)
    {
      guint size = g_array_get_element_size (list->array);
      GArray *own = g_array_sized_new (FALSE, FALSE, size, list->length - list->start + 1);

      g_array_append_vals (own, list->array->data + (gsize) list->start * size, list->length - list->start);
      g_array_unref (list->array);
      list->array = own;
      list->length -= list->start;
      list->start = 0;
    }
  g_array_append_vals (list->array, element, 1);
  list->length++;
}

static guint
shared_list_size (const SharedList *list)
{
  return list->length - list->start;
}

static gconstpointer
shared_list_get (const SharedList *list,
                 guint             index)
{
  return list->array->data + (gsize) (list->start + index) * g_array_get_element_size (list->array);
}

static void
shared_list_clear (SharedList *list)
{
  list->start = list->length;
}

/**
 * congkak_cut_for_message:
 * @text: text a message quotes, such as an argument
 * @max_bytes: the most bytes to keep
 *
 * Returns: (transfer full): @text, or its first @max_bytes bytes (cut at
 *   the start of a UTF-8 sequence) and “…”, so that a message does not
 *   echo a text of 100 KiB whole.  Escaping what it holds is for whoever
 *   prints it.
 */
char *
congkak_cut_for_message (const char *text,
                         gsize       max_bytes)
{
  gsize length;

  g_return_val_if_fail (text != NULL, NULL);

  length = strnlen (text, max_bytes + 1);
  if (length <= max_bytes)
    return g_strdup (text);
  for (length = max_bytes; length > 0 && ((guchar) text[length] & 0xC0) == 0x80; length--)
    ;
  return g_strdup_printf ("%.*s…", (int) length, text);
}

static gboolean
set_notation_error (GError             **error,
                    const char          *text,
                    const CongkakRules  *rules)
{
  /* Longer than any move. */
  g_autofree char *shown = congkak_cut_for_message (text, 64);

  g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_NOTATION,
               _("“%s” is not a move. Write a hole letter (A–%c for South, a–%c for North), an opening such as “opening:C,D/a”, or “next-round”."),
               shown, 'A' + rules->holes - 1, 'a' + rules->holes - 1);
  return FALSE;
}

static gboolean
parse_opening_list (const char         *list,
                    CongkakSide         side,
                    const CongkakRules *rules,
                    CongkakOpening     *opening,
                    const char         *text,
                    GError            **error)
{
  g_auto (GStrv) letters = g_strsplit (list, ",", -1);
  char first = side == CONGKAK_SOUTH ? 'A' : 'a';

  for (guint i = 0; letters[i] != NULL; i++)
    {
      const char *letter = g_strstrip (letters[i]);

      if (strlen (letter) != 1 || letter[0] < first || letter[0] >= first + (char) rules->holes)
        {
          g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_NOTATION,
                       side == CONGKAK_SOUTH
                       ? _("In “%s”, “%s” is not one of South’s holes (A–%c) before the “/”.")
                       : _("In “%s”, “%s” is not one of North’s holes (a–%c) after the “/”."),
                       text, letter, first + rules->holes - 1);
          return FALSE;
        }
      if (!congkak_opening_add_choice (opening, side, letter[0] - first))
        {
          g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_OPENING_TOO_LONG,
                       _("“%s” lists more hole choices than any opening can need."), text);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * congkak_move_parse:
 * @text: a move in the notation of RULES.md: `C`, `c`, `opening:C,D/a` or
 *   `next-round`
 * @move: (out): the move
 * @opening_storage: where an opening's lists are kept; @move points to it
 *
 * Reads the notation only; whether the move is legal is the game's matter.
 */
gboolean
congkak_move_parse (const char          *text,
                    const CongkakRules  *rules,
                    CongkakMove         *move,
                    CongkakOpening      *opening_storage,
                    GError             **error)
{
  g_autofree char *trimmed = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (opening_storage != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  trimmed = g_strstrip (g_strdup (text));
  memset (move, 0, sizeof *move);

  if (strcmp (trimmed, "next-round") == 0)
    {
      move->kind = CONGKAK_MOVE_NEXT_ROUND;
      return TRUE;
    }

  if (g_str_has_prefix (trimmed, "opening:"))
    {
      g_auto (GStrv) lists = g_strsplit (trimmed + strlen ("opening:"), "/", -1);

      if (g_strv_length (lists) != 2)
        {
          g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_NOTATION,
                       _("“%s” is not an opening: write South’s holes, a “/”, then North’s, such as “opening:C,D/a”."),
                       trimmed);
          return FALSE;
        }
      congkak_opening_clear (opening_storage);
      if (!parse_opening_list (lists[0], CONGKAK_SOUTH, rules, opening_storage, trimmed, error)
          || !parse_opening_list (lists[1], CONGKAK_NORTH, rules, opening_storage, trimmed, error))
        return FALSE;
      move->kind = CONGKAK_MOVE_OPENING;
      move->opening = opening_storage;
      return TRUE;
    }

  if (strlen (trimmed) == 1)
    {
      char letter = trimmed[0];

      if (letter >= 'A' && letter < 'A' + (char) rules->holes)
        {
          move->kind = CONGKAK_MOVE_SOW;
          move->side = CONGKAK_SOUTH;
          move->hole = letter - 'A';
          return TRUE;
        }
      if (letter >= 'a' && letter < 'a' + (char) rules->holes)
        {
          move->kind = CONGKAK_MOVE_SOW;
          move->side = CONGKAK_NORTH;
          move->hole = letter - 'a';
          return TRUE;
        }
    }

  return set_notation_error (error, trimmed, rules);
}

char *
congkak_opening_to_string (const CongkakOpening *opening)
{
  GString *text;

  g_return_val_if_fail (opening != NULL, NULL);

  text = g_string_new ("opening:");
  for (guint side = 0; side < 2; side++)
    {
      if (side == CONGKAK_NORTH)
        g_string_append_c (text, '/');
      for (guint i = 0; i < opening->n_choices[side]; i++)
        {
          if (i > 0)
            g_string_append_c (text, ',');
          g_string_append_c (text, congkak_hole_letter (side, opening->choices[side][i]));
        }
    }
  return g_string_free (text, FALSE);
}

char *
congkak_move_to_string (const CongkakMove *move)
{
  g_return_val_if_fail (move != NULL, NULL);

  switch (move->kind)
    {
    case CONGKAK_MOVE_SOW:
      return g_strdup_printf ("%c", congkak_hole_letter (move->side, move->hole));
    case CONGKAK_MOVE_OPENING:
      return congkak_opening_to_string (move->opening);
    case CONGKAK_MOVE_NEXT_ROUND:
      return g_strdup ("next-round");
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
remember_position (CongkakGame *game)
{
  if (game->rules.family != CONGKAK_FAMILY_OWARE || game->state.phase != CONGKAK_PHASE_PLAYING)
    return;

  /* A capture takes seeds out of play for good, so no earlier position can
   * come back: only positions since the last capture are kept. */
  if (shared_list_size (&game->history) > 0)
    {
      const CongkakPosition *last = shared_list_get (&game->history, shared_list_size (&game->history) - 1);

      if (memcmp (last->store, game->state.position.store, sizeof last->store) != 0)
        shared_list_clear (&game->history);
    }
  shared_list_append (&game->history, &game->state.position);
}

static gboolean
position_was_seen (CongkakGame *game)
{
  for (guint i = 0; i < shared_list_size (&game->history); i++)
    if (congkak_position_equal (shared_list_get (&game->history, i),
                                &game->state.position))
      return TRUE;
  return FALSE;
}

static CongkakGame *
game_new (const CongkakRules *rules)
{
  CongkakGame *game = g_new0 (CongkakGame, 1);

  game->rules = *rules;
  shared_list_init (&game->results, sizeof (CongkakRoundResult));
  shared_list_init (&game->history, sizeof (CongkakPosition));
  return game;
}

static void
note_round_result (CongkakGame *game,
                   CongkakPhase phase_before)
{
  CongkakRoundResult result;

  if (phase_before != CONGKAK_PHASE_PLAYING && phase_before != CONGKAK_PHASE_OPENING)
    return;
  if (game->state.phase != CONGKAK_PHASE_ROUND_OVER && game->state.phase != CONGKAK_PHASE_MATCH_OVER)
    return;

  result.store[0] = game->state.position.store[0];
  result.store[1] = game->state.position.store[1];
  result.winner = game->state.round_winner;
  result.starter = game->state.round_starter;
  result.reason = game->state.round_end_reason;
  shared_list_append (&game->results, &result);
}

/**
 * congkak_game_new:
 * @rules: rules that congkak_rules_validate() accepts
 *
 * Returns: (transfer full): a match at the start position.
 */
CongkakGame *
congkak_game_new (const CongkakRules *rules)
{
  CongkakGame *game;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (congkak_rules_validate (rules, NULL), NULL);

  game = game_new (rules);
  congkak_state_init (&game->state, rules);
  remember_position (game);
  return game;
}

/**
 * congkak_game_new_from_position:
 *
 * Returns: (transfer full) (nullable): a match from a custom start position,
 *   or %NULL with @error set when the position does not fit the rules.
 */
CongkakGame *
congkak_game_new_from_position (const CongkakRules     *rules,
                                const CongkakPosition  *position,
                                GError                **error)
{
  g_autoptr (CongkakGame) game = NULL;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!congkak_rules_validate (rules, error))
    return NULL;

  game = game_new (rules);
  if (!congkak_state_init_from_position (&game->state, rules, position, error))
    return NULL;
  note_round_result (game, CONGKAK_PHASE_PLAYING);
  remember_position (game);
  return g_steal_pointer (&game);
}

CongkakGame *
congkak_game_copy (const CongkakGame *game)
{
  CongkakGame *copy;

  g_return_val_if_fail (game != NULL, NULL);

  copy = g_new0 (CongkakGame, 1);
  copy->rules = game->rules;
  copy->state = game->state;
  shared_list_copy (&copy->results, &game->results);
  shared_list_copy (&copy->history, &game->history);
  return copy;
}

void
congkak_game_free (CongkakGame *game)
{
  if (game == NULL)
    return;

  g_array_unref (game->results.array);
  g_array_unref (game->history.array);
  g_free (game);
}

const CongkakRules *
congkak_game_get_rules (const CongkakGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  return &game->rules;
}

const CongkakState *
congkak_game_get_state (const CongkakGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  return &game->state;
}

guint
congkak_game_get_n_round_results (const CongkakGame *game)
{
  g_return_val_if_fail (game != NULL, 0);

  return shared_list_size (&game->results);
}

const CongkakRoundResult *
congkak_game_get_round_result (const CongkakGame *game,
                               guint              index)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (index < shared_list_size (&game->results), NULL);

  return shared_list_get (&game->results, index);
}

/**
 * congkak_game_peek_repetition_history:
 * @n_positions: (out): how many
 *
 * Returns: (transfer none) (array length=n_positions): Oware: the positions
 *   since the last capture, the current one last — a position that occurs
 *   again ends the game (RULES.md 7); empty in other games.  Valid until
 *   the game changes.
 */
const CongkakPosition *
congkak_game_peek_repetition_history (const CongkakGame *game,
                                      guint             *n_positions)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (n_positions != NULL, NULL);

  *n_positions = shared_list_size (&game->history);
  return *n_positions > 0 ? shared_list_get (&game->history, 0) : NULL;
}

/**
 * congkak_game_play:
 * @events: (nullable): where to append the move's events
 *
 * Plays one move.  On failure the game is unchanged.  An opening must be
 * complete here; congkak_state_play_opening() serves a UI that asks for the
 * choices one by one.
 */
gboolean
congkak_game_play (CongkakGame        *game,
                   const CongkakMove  *move,
                   GArray             *events,
                   GError            **error)
{
  CongkakState state;
  CongkakPhase phase_before;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  state = game->state;
  phase_before = state.phase;

  switch (move->kind)
    {
    case CONGKAK_MOVE_SOW:
      if (!congkak_state_play (&state, &game->rules, move->side, move->hole, events, error))
        return FALSE;
      break;
    case CONGKAK_MOVE_OPENING:
      g_return_val_if_fail (move->opening != NULL, FALSE);
      if (!congkak_state_play_opening (&state, &game->rules, move->opening, events, NULL, error))
        return FALSE;
      break;
    case CONGKAK_MOVE_NEXT_ROUND:
      if (!congkak_state_next_round (&state, &game->rules, events, error))
        return FALSE;
      shared_list_clear (&game->history);
      break;
    default:
      g_return_val_if_reached (FALSE);
    }

  game->state = state;
  if (game->state.phase == CONGKAK_PHASE_PLAYING && game->rules.family == CONGKAK_FAMILY_OWARE
      && position_was_seen (game))
    congkak_state_end_by_repetition (&game->state, &game->rules, events);
  note_round_result (game, phase_before);
  remember_position (game);
  return TRUE;
}

/**
 * congkak_game_play_text:
 * @text: a move in notation, see congkak_move_parse()
 */
gboolean
congkak_game_play_text (CongkakGame  *game,
                        const char   *text,
                        GArray       *events,
                        GError      **error)
{
  g_autofree CongkakOpening *opening = g_new (CongkakOpening, 1);
  CongkakMove move;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!congkak_move_parse (text, &game->rules, &move, opening, error))
    return FALSE;
  return congkak_game_play (game, &move, events, error);
}

/**
 * congkak_state_random_opening:
 * @state: a state in the opening phase
 * @opening: (out caller-allocates): filled with a complete opening
 *
 * Chooses every hole of a simultaneous opening at random, one choice at a
 * time as players would (for benchmarks, tests and random play).
 */
void
congkak_state_random_opening (const CongkakState *state,
                              const CongkakRules *rules,
                              GRand              *rand,
                              CongkakOpening     *opening)
{
  g_return_if_fail (state != NULL);
  g_return_if_fail (rules != NULL);
  g_return_if_fail (rand != NULL);
  g_return_if_fail (opening != NULL);
  g_return_if_fail (state->phase == CONGKAK_PHASE_OPENING);

  congkak_opening_clear (opening);
  for (;;)
    {
      CongkakState attempt = *state;
      guint8 holes[CONGKAK_MAX_HOLES];
      CongkakSide needing;
      guint n = 0;

      if (!congkak_state_play_opening (&attempt, rules, opening, NULL, &needing, NULL)
          || needing == CONGKAK_NOBODY)
        return;
      for (guint hole = 0; hole < rules->holes; hole++)
        if (congkak_position_can_choose (&attempt.position, needing, hole))
          holes[n++] = hole;
      g_return_if_fail (n > 0);
      congkak_opening_add_choice (opening, needing, holes[g_rand_int_range (rand, 0, n)]);
    }
}

/**
 * congkak_state_random_move:
 *
 * Returns: (transfer full) (nullable): a legal move chosen at random, in
 *   notation (a hole, a complete opening, or `next-round`), or %NULL once
 *   the match is over.
 */
char *
congkak_state_random_move (const CongkakState *state,
                           const CongkakRules *rules,
                           GRand              *rand)
{
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (rand != NULL, NULL);

  switch (state->phase)
    {
    case CONGKAK_PHASE_OPENING:
      {
        g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);

        congkak_state_random_opening (state, rules, rand, opening);
        return congkak_opening_to_string (opening);
      }
    case CONGKAK_PHASE_ROUND_OVER:
      return g_strdup ("next-round");
    case CONGKAK_PHASE_PLAYING:
      {
        guint8 holes[CONGKAK_MAX_HOLES];
        guint n = congkak_state_legal_moves (state, rules, holes);

        g_return_val_if_fail (n > 0, NULL);
        return g_strdup_printf ("%c", congkak_hole_letter (state->position.to_move,
                                                          holes[g_rand_int_range (rand, 0, n)]));
      }
    case CONGKAK_PHASE_MATCH_OVER:
    default:
      return NULL;
    }
}
