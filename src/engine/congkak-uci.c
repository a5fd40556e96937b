/* congkak-uci.c — the notation of the UCI dialect: rules, positions, moves
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * As Aualé writes them for Oware (doc/ENGINE-PROTOCOL.md):
 *  - a move is one letter, A–F for South's houses and a–f for North's in
 *    sowing order, and a list of moves is the letters run together:
 *    "AbFc";
 *  - a position is its houses A–F and a–f, South's store, North's store
 *    and who moves, joined by "-": "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".
 * For other rules (Congkak's extension) a board has its own number of
 * holes per side, a burnt hole is "x", and a list of moves may also hold,
 * separated from the letters by spaces, the simultaneous opening as the
 * app writes it ("opening:C,D/a") and "next-round".  An opening still
 * being chosen ends the list, with "?" for the choice asked of the
 * engine: "opening:?/" (South's first hole, North's unseen),
 * "opening:C,?/a,b" (South's next hole, after its seed fell into its store).
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-uci.h"

G_DEFINE_QUARK (congkak-uci-notation-error-quark, congkak_uci_notation_error)

/**
 * congkak_uci_parse_rules:
 * @text: a game such as "kalah", then any rule options as KEY=VALUE, such
 *   as "kalah holes=5 relay=on"; or every option, beginning with the
 *   family, as a match's [Rules] tag lists them
 *
 * The value of `setoption name Rules`.
 */
gboolean
congkak_uci_parse_rules (const char    *text,
                         CongkakRules  *rules,
                         GError       **error)
{
  g_autofree char *trimmed = NULL;
  g_auto (GStrv) words = NULL;
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) rules_error = NULL;
  CongkakRules result;
  const char *profile = NULL;
  guint first = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  trimmed = g_strstrip (g_strdup (text));
  words = g_strsplit_set (trimmed, " \t", -1);
  if (words[0] == NULL || *words[0] == '\0')
    {
      g_set_error_literal (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_RULES,
                           _("The rules are empty: give a game such as “kalah”, then any rule options as KEY=VALUE."));
      return FALSE;
    }

  if (strchr (words[0], '=') == NULL)
    {
      profile = words[0];
      first = 1;
    }
  else
    for (guint i = 0; words[i] != NULL; i++)
      if (g_str_equal (words[i], "family=store"))
        profile = "congkak";
      else if (g_str_equal (words[i], "family=oware"))
        profile = "oware";
  if (profile == NULL)
    {
      g_set_error_literal (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_RULES,
                           _("The rules do not say their game: begin them with a game such as “kalah”, or give “family=store” or “family=oware”."));
      return FALSE;
    }
  if (!congkak_rules_init_profile (&result, profile, &rules_error))
    {
      g_set_error_literal (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_RULES,
                           rules_error->message);
      return FALSE;
    }

  for (guint i = first; words[i] != NULL; i++)
    {
      const char *word = words[i];
      const char *equals = strchr (word, '=');
      g_autofree char *key = NULL;

      if (*word == '\0')
        continue;
      if (equals == NULL || equals == word)
        {
          g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_RULES,
                       _("“%s” is not a rule option: write KEY=VALUE, such as “relay=on”."), word);
          return FALSE;
        }
      key = g_strndup (word, equals - word);
      for (guint j = 0; j < seen->len; j++)
        if (g_str_equal (g_ptr_array_index (seen, j), key))
          {
            g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_RULES,
                         _("The rule option “%s” is given twice."), key);
            return FALSE;
          }
      g_ptr_array_add (seen, g_strdup (key));

      if (g_str_equal (key, "family"))
        {
          /* Setting the family starts again from its profile: only as the
           * first word of a complete list, never after a game's name. */
          if (first == 1)
            {
              g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_RULES,
                           _("“%s” would replace the game “%s”: give the game alone."), word, profile);
              return FALSE;
            }
          continue;
        }
      if (!congkak_rules_set_option (&result, key, equals + 1, &rules_error))
        {
          g_set_error_literal (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_RULES,
                               rules_error->message);
          return FALSE;
        }
    }

  if (!congkak_rules_validate (&result, &rules_error))
    {
      g_set_error_literal (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_RULES,
                           rules_error->message);
      return FALSE;
    }
  *rules = result;
  return TRUE;
}

/**
 * congkak_uci_format_rules:
 *
 * Returns: (transfer full): @rules as congkak_uci_parse_rules() reads
 *   them: the game's name when they are a game's, otherwise every option
 *   that applies, the family first.
 */
char *
congkak_uci_format_rules (const CongkakRules *rules)
{
  const char * const *keys = congkak_rules_option_keys ();
  const char *profile;
  GString *text;

  g_return_val_if_fail (rules != NULL, NULL);

  profile = congkak_rules_profile_name (rules);
  if (profile != NULL)
    return g_strdup (profile);

  text = g_string_new (NULL);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *value = NULL;

      if (!congkak_rules_option_applies (rules, keys[i]))
        continue;
      value = congkak_rules_get_option (rules, keys[i]);
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append_printf (text, "%s=%s", keys[i], value);
    }
  return g_string_free (text, FALSE);
}

static void
set_fen_error (GError             **error,
               const char          *text,
               const CongkakRules  *rules)
{
  CongkakPosition start;
  g_autofree char *example = NULL;

  congkak_position_init_start (&start, rules);
  example = congkak_uci_format_fen (rules, &start);
  g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_FEN,
               /* TRANSLATORS: “4-4-x” is not a position of these rules: write the seeds of holes A–F and a–f, … */
               _("“%s” is not a position of these rules: write the seeds of holes A–%c and a–%c (“x” for a burnt hole), South’s store, North’s store and who moves (S or N), joined by “-”, such as “%s”."),
               text, 'A' + rules->holes - 1, 'a' + rules->holes - 1, example);
}

/**
 * congkak_uci_parse_fen:
 * @text: such as "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
 * @position: (out): the position, checked with congkak_position_validate()
 */
gboolean
congkak_uci_parse_fen (const char          *text,
                       const CongkakRules  *rules,
                       CongkakPosition     *position,
                       GError             **error)
{
  g_auto (GStrv) parts = NULL;
  guint n_places = 2 * rules->holes + 2;
  CongkakPosition result;
  GError *validate_error = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  parts = g_strsplit (text, "-", -1);
  if (g_strv_length (parts) != n_places + 1)
    {
      set_fen_error (error, text, rules);
      return FALSE;
    }

  memset (&result, 0, sizeof result);
  result.n_holes = rules->holes;
  for (guint i = 0; i < n_places; i++)
    {
      CongkakSide side = i < rules->holes || i == 2 * rules->holes ? CONGKAK_SOUTH : CONGKAK_NORTH;
      gboolean is_store = i >= 2 * rules->holes;
      guint64 seeds;

      if (!is_store && g_str_equal (parts[i], "x"))
        {
          result.burnt[side] |= 1u << (i % rules->holes);
          continue;
        }
      if (!g_ascii_string_to_unsigned (parts[i], 10, 0, CONGKAK_MAX_TOTAL_SEEDS, &seeds, NULL))
        {
          set_fen_error (error, text, rules);
          return FALSE;
        }
      if (is_store)
        result.store[side] = seeds;
      else
        result.holes[side][i % rules->holes] = seeds;
    }
  if (g_str_equal (parts[n_places], "S"))
    result.to_move = CONGKAK_SOUTH;
  else if (g_str_equal (parts[n_places], "N"))
    result.to_move = CONGKAK_NORTH;
  else
    {
      set_fen_error (error, text, rules);
      return FALSE;
    }

  if (!congkak_position_validate (rules, &result, &validate_error))
    {
      g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_FEN,
                   "%s", validate_error->message);
      g_error_free (validate_error);
      return FALSE;
    }
  *position = result;
  return TRUE;
}

/**
 * congkak_uci_format_fen:
 *
 * Returns: (transfer full): @position as `position fen` gives it.
 */
char *
congkak_uci_format_fen (const CongkakRules    *rules,
                        const CongkakPosition *position)
{
  GString *text;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (position != NULL, NULL);

  text = g_string_new (NULL);
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    for (guint i = 0; i < rules->holes; i++)
      {
        if (congkak_position_is_burnt (position, side, i))
          g_string_append (text, "x-");
        else
          g_string_append_printf (text, "%u-", position->holes[side][i]);
      }
  g_string_append_printf (text, "%u-%u-%c", position->store[CONGKAK_SOUTH], position->store[CONGKAK_NORTH],
                          position->to_move == CONGKAK_NORTH ? 'N' : 'S');
  return g_string_free (text, FALSE);
}

/* Reads an opening still being chosen, such as "opening:C,?/a": the
 * choices so far, and whose choice the "?" asks for. */
static gboolean
parse_opening_request (const char          *token,
                       CongkakGame         *game,
                       CongkakOpening      *opening,
                       CongkakSide         *choosing,
                       GError             **error)
{
  const CongkakRules *rules = congkak_game_get_rules (game);
  const CongkakState *state = congkak_game_get_state (game);
  const char *mark = strchr (token, '?');
  const char *slash = strchr (token, '/');
  g_autoptr (GString) rest = g_string_new (token);
  g_autoptr (GError) move_error = NULL;
  CongkakMove move;
  CongkakSide side;
  gsize at;

  side = slash != NULL && mark > slash ? CONGKAK_NORTH : CONGKAK_SOUTH;
  /* One "?", at the end of its side's list. */
  if (strchr (mark + 1, '?') != NULL || (mark[1] != '\0' && mark[1] != '/'))
    {
      g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_MOVES,
                   _("In “%s”, a single “?” ends the list of the player whose choice is asked, such as “opening:C,?/a”."),
                   token);
      return FALSE;
    }
  at = mark - token;
  g_string_erase (rest, at, 1);
  if (at > 0 && rest->str[at - 1] == ',')
    g_string_erase (rest, at - 1, 1);

  if (!congkak_move_parse (rest->str, rules, &move, opening, &move_error))
    {
      g_set_error_literal (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_MOVES,
                           move_error->message);
      return FALSE;
    }
  if (state->phase != CONGKAK_PHASE_OPENING)
    {
      g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_MOVES,
                   _("“%s” asks for an opening choice, but the opening is not next."), token);
      return FALSE;
    }
  if (congkak_position_side_seeds (&state->position, side) == 0)
    {
      g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_MOVES,
                   _("“%s” asks %s for an opening hole, but they have no seeds to open with."),
                   token, congkak_side_get_name (side));
      return FALSE;
    }

  /* A first hole is chosen unseen: the other player's do not count.  A
   * later one must be the choice the lockstep sowing waits for. */
  if (opening->n_choices[side] == 0)
    opening->n_choices[CONGKAK_OTHER_SIDE (side)] = 0;
  else
    {
      CongkakState attempt = *state;
      CongkakSide needing;

      if (!congkak_state_play_opening (&attempt, rules, opening, NULL, &needing, &move_error))
        {
          g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_MOVES,
                       "“%s”: %s", token, move_error->message);
          return FALSE;
        }
      if (needing != side)
        {
          g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_MOVES,
                       _("In “%s”, %s has no choice to make: their seed did not fall into their store."),
                       token, congkak_side_get_name (side));
          return FALSE;
        }
    }
  *choosing = side;
  return TRUE;
}

static gboolean
play_one (CongkakGame  *game,
          const char   *text,
          guint         number,
          GError      **error)
{
  g_autofree CongkakOpening *storage = g_new0 (CongkakOpening, 1);
  g_autoptr (GError) move_error = NULL;
  CongkakMove move;

  if (!congkak_move_parse (text, congkak_game_get_rules (game), &move, storage, &move_error)
      || !congkak_game_play (game, &move, NULL, &move_error))
    {
      g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_MOVES,
                   /* TRANSLATORS: “Move 3, “G”: …” */
                   _("Move %u, “%s”: %s"), number, text, move_error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * congkak_uci_play_moves:
 * @game: the position the moves start from
 * @moves: what follows `moves` in a `position` command
 * @opening: (out caller-allocates): with an opening still being chosen
 *   at the end, the choices so far
 * @choosing: (out): the player whose opening choice the engine is asked
 *   for, or CONGKAK_NOBODY
 *
 * Plays @moves on @game, each checked: on an error, @game holds the
 * moves before the one that failed.
 */
gboolean
congkak_uci_play_moves (CongkakGame     *game,
                        const char      *moves,
                        CongkakOpening  *opening,
                        CongkakSide     *choosing,
                        GError         **error)
{
  g_auto (GStrv) tokens = NULL;
  guint number = 0;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (moves != NULL, FALSE);
  g_return_val_if_fail (opening != NULL, FALSE);
  g_return_val_if_fail (choosing != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  congkak_opening_clear (opening);
  *choosing = CONGKAK_NOBODY;
  tokens = congkak_uci_split_moves (moves);
  for (guint t = 0; tokens[t] != NULL; t++)
    {
      const char *token = tokens[t];

      if (*choosing != CONGKAK_NOBODY)
        {
          g_set_error (error, CONGKAK_UCI_NOTATION_ERROR, CONGKAK_UCI_NOTATION_ERROR_MOVES,
                       _("An opening still being chosen ends the moves, but “%s” follows it."), token);
          return FALSE;
        }
      if (g_str_has_prefix (token, "opening:") && strchr (token, '?') != NULL)
        {
          if (!parse_opening_request (token, game, opening, choosing, error))
            return FALSE;
          continue;
        }
      if (!play_one (game, token, ++number, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * congkak_uci_split_moves:
 * @moves: a list of moves in the UCI notation, such as "AbF" or
 *   "opening:C/a Bc next-round"
 *
 * Returns: (transfer full): the moves one by one, as
 *   congkak_move_parse() reads them: letters run together are a move each,
 *   openings and next-round are words of their own.
 */
GStrv
congkak_uci_split_moves (const char *moves)
{
  g_auto (GStrv) words = NULL;
  GStrvBuilder *builder;

  g_return_val_if_fail (moves != NULL, NULL);

  builder = g_strv_builder_new ();
  words = g_strsplit_set (moves, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];

      if (*word == '\0')
        continue;
      if (g_str_has_prefix (word, "opening:") || g_str_equal (word, "next-round"))
        {
          g_strv_builder_add (builder, word);
          continue;
        }
      for (const char *p = word; *p != '\0'; p = g_utf8_next_char (p))
        g_strv_builder_take (builder, g_strndup (p, g_utf8_next_char (p) - p));
    }
  return g_strv_builder_unref_to_strv (builder);
}

/**
 * congkak_uci_append_move:
 * @moves: a list of moves in the UCI notation
 * @move: a move as congkak_move_to_string() writes it
 *
 * Appends @move: a letter straight after letters, anything else after a
 * space.
 */
void
congkak_uci_append_move (GString    *moves,
                         const char *move)
{
  const char *space;
  gboolean after_letters = TRUE;

  g_return_if_fail (moves != NULL);
  g_return_if_fail (move != NULL);

  space = strrchr (moves->str, ' ');
  for (const char *p = space ? space + 1 : moves->str; *p != '\0'; p++)
    after_letters &= g_ascii_isalpha (*p);
  if (moves->len > 0 && !(after_letters && strlen (move) == 1 && g_ascii_isalpha (move[0])))
    g_string_append_c (moves, ' ');
  g_string_append (moves, move);
}

/**
 * congkak_uci_format_opening_request:
 * @opening: (nullable): the choices so far
 * @side: whose choice is asked for
 *
 * Returns: (transfer full): the last token of a `position` command that
 *   asks @side for an opening hole, such as "opening:C,?/a"; for a first
 *   hole, the other player's choices are left out, unseen.
 */
char *
congkak_uci_format_opening_request (const CongkakOpening *opening,
                                    CongkakSide           side)
{
  GString *text = g_string_new ("opening:");
  gboolean first_choice;

  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  first_choice = opening == NULL || opening->n_choices[side] == 0;
  for (CongkakSide list = CONGKAK_SOUTH; list <= CONGKAK_NORTH; list++)
    {
      guint n = first_choice && list != side ? 0 : opening != NULL ? opening->n_choices[list] : 0;

      if (list == CONGKAK_NORTH)
        g_string_append_c (text, '/');
      for (guint i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append_c (text, ',');
          g_string_append_c (text, congkak_hole_letter (list, opening->choices[list][i]));
        }
      if (list == side)
        g_string_append (text, n > 0 ? ",?" : "?");
    }
  return g_string_free (text, FALSE);
}
