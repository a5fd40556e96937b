/* congkak-puzzle.c — one position of a real match where one move is clearly best
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "congkak-analysis.h"
#include "congkak-library-entry.h"
#include "congkak-narration.h"
#include "congkak-puzzle-private.h"

struct _CongkakPuzzle
{
  GObject              parent_instance;

  CongkakRules         rules;
  CongkakPosition      position;
  CongkakState         state;
  guint                round;
  GStrv                solution;
  guint                answer;

  /* What the finder knew */
  gboolean             has_values;
  int                  value;
  char                *next_best;
  int                  next_value;
  gboolean             exact;
  CongkakPuzzleProof   proof;
  guint                depth;
  CongkakPuzzleDifficulty difficulty;

  CongkakPuzzleSource  source;
};

G_DEFINE_FINAL_TYPE (CongkakPuzzle, congkak_puzzle, G_TYPE_OBJECT)

G_DEFINE_QUARK (congkak-puzzle-error-quark, congkak_puzzle_error)

static const char * const difficulty_keys[CONGKAK_PUZZLE_N_DIFFICULTIES] = { "easy", "medium", "hard" };

void
congkak_puzzle_source_clear (CongkakPuzzleSource *source)
{
  g_return_if_fail (source != NULL);

  g_clear_pointer (&source->title, g_free);
  g_clear_pointer (&source->match_id, g_free);
  g_clear_pointer (&source->file, g_free);
  g_clear_pointer (&source->node, g_free);
  g_clear_pointer (&source->date, g_free);
  g_clear_pointer (&source->players[0], g_free);
  g_clear_pointer (&source->players[1], g_free);
  g_clear_pointer (&source->played, g_free);
  source->move_number = 0;
  source->kinds[0] = source->kinds[1] = CONGKAK_PLAYER_HUMAN;
}

/**
 * congkak_puzzle_source_copy:
 * @copy: (out caller-allocates): cleared with congkak_puzzle_source_clear()
 */
void
congkak_puzzle_source_copy (const CongkakPuzzleSource *source,
                            CongkakPuzzleSource       *copy)
{
  g_return_if_fail (source != NULL);
  g_return_if_fail (copy != NULL);

  copy->title = g_strdup (source->title);
  copy->match_id = g_strdup (source->match_id);
  copy->file = g_strdup (source->file);
  copy->node = g_strdup (source->node);
  copy->move_number = source->move_number;
  copy->date = g_strdup (source->date);
  for (guint side = 0; side < 2; side++)
    {
      copy->players[side] = g_strdup (source->players[side]);
      copy->kinds[side] = source->kinds[side];
    }
  copy->played = g_strdup (source->played);
}

const char *
congkak_puzzle_difficulty_to_string (CongkakPuzzleDifficulty difficulty)
{
  g_return_val_if_fail (difficulty < CONGKAK_PUZZLE_N_DIFFICULTIES, NULL);

  return difficulty_keys[difficulty];
}

/* The index of @text among the @n_keys words a file may say, or -1. */
static int
find_key (const char * const *keys,
          guint               n_keys,
          const char         *text)
{
  for (guint i = 0; i < n_keys; i++)
    if (g_str_equal (text, keys[i]))
      return (int) i;
  return -1;
}

gboolean
congkak_puzzle_difficulty_from_string (const char              *text,
                                       CongkakPuzzleDifficulty *difficulty)
{
  int found;

  g_return_val_if_fail (text != NULL, FALSE);

  found = find_key (difficulty_keys, CONGKAK_PUZZLE_N_DIFFICULTIES, text);
  if (found >= 0 && difficulty)
    *difficulty = found;
  return found >= 0;
}

/**
 * congkak_puzzle_difficulty_get_name:
 *
 * Returns: the difficulty for people: “Easy”, “Medium” or “Hard”.
 */
const char *
congkak_puzzle_difficulty_get_name (CongkakPuzzleDifficulty difficulty)
{
  switch (difficulty)
    {
    case CONGKAK_PUZZLE_EASY:
      return C_("puzzle difficulty", "Easy");
    case CONGKAK_PUZZLE_MEDIUM:
      return C_("puzzle difficulty", "Medium");
    case CONGKAK_PUZZLE_HARD:
      return C_("puzzle difficulty", "Hard");
    default:
      g_return_val_if_reached (NULL);
    }
}

CongkakPuzzleDifficulty
congkak_puzzle_difficulty_for_depth (guint depth)
{
  if (depth <= CONGKAK_PUZZLE_EASY_MAX_DEPTH)
    return CONGKAK_PUZZLE_EASY;
  if (depth <= CONGKAK_PUZZLE_MEDIUM_MAX_DEPTH)
    return CONGKAK_PUZZLE_MEDIUM;
  return CONGKAK_PUZZLE_HARD;
}

static void
congkak_puzzle_finalize (GObject *object)
{
  CongkakPuzzle *self = CONGKAK_PUZZLE (object);

  g_strfreev (self->solution);
  g_free (self->next_best);
  congkak_puzzle_source_clear (&self->source);

  G_OBJECT_CLASS (congkak_puzzle_parent_class)->finalize (object);
}

static void
congkak_puzzle_class_init (CongkakPuzzleClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_puzzle_finalize;
}

static void
congkak_puzzle_init (CongkakPuzzle *self)
{
  self->difficulty = CONGKAK_PUZZLE_MEDIUM;
}

/**
 * congkak_puzzle_state_init:
 * @round: the round the board is in, from 1
 *
 * The state a puzzle is played from: the board under @rules, in @round
 * (a round that may end the match counts).  The finder judges this very
 * state, so that a puzzle read back from a file is the one it judged.
 */
gboolean
congkak_puzzle_state_init (CongkakState          *state,
                           const CongkakRules    *rules,
                           const CongkakPosition *position,
                           guint                  round,
                           GError               **error)
{
  g_autoptr (GError) position_error = NULL;

  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (round >= 1 && round <= CONGKAK_MAX_MAX_ROUNDS, FALSE);

  if (position->to_move == CONGKAK_NOBODY)
    {
      g_set_error_literal (error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_INVALID_POSITION,
                           _("A puzzle needs a player to move; the simultaneous opening is not a puzzle."));
      return FALSE;
    }
  if (!congkak_position_validate (rules, position, &position_error)
      || !congkak_state_init_from_position (state, rules, position, &position_error))
    {
      g_set_error_literal (error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_INVALID_POSITION,
                           position_error->message);
      return FALSE;
    }
  state->round = round;
  return TRUE;
}

/* Plays @text from @state, or says why it cannot be played there. */
static gboolean
play_line_move (CongkakState       *state,
                const CongkakRules *rules,
                const char         *text,
                GArray             *events,
                char              **canonical,
                GError            **error)
{
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  g_autoptr (GError) move_error = NULL;
  CongkakMove move;

  if (!congkak_move_parse (text, rules, &move, opening, &move_error))
    {
      g_set_error_literal (error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_INVALID_LINE, move_error->message);
      return FALSE;
    }
  if (move.kind != CONGKAK_MOVE_SOW)
    {
      g_set_error_literal (error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_INVALID_LINE,
                           _("a solution is made of sowing moves only."));
      return FALSE;
    }
  if (state->phase != CONGKAK_PHASE_PLAYING)
    {
      g_set_error_literal (error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_INVALID_LINE,
                           _("the round is already over before this move."));
      return FALSE;
    }
  if (!congkak_state_play (state, rules, move.side, move.hole, events, &move_error))
    {
      g_set_error_literal (error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_INVALID_LINE, move_error->message);
      return FALSE;
    }
  if (canonical)
    *canonical = congkak_move_to_string (&move);
  return TRUE;
}

/**
 * congkak_puzzle_new:
 * @round: the round the board is in, from 1 (1 in games of one round)
 * @solution: (array zero-terminated=1): the answer, then the line that
 *   shows why, in notation (`C`, `c`)
 * @bad_move: (out) (optional): on a CONGKAK_PUZZLE_ERROR_INVALID_LINE
 *   error, the index in @solution of the move that is wrong (the length
 *   of @solution when the line itself is)
 *
 * Makes a puzzle, replaying @solution through the engine from @position.
 *
 * Returns: (transfer full) (nullable): the puzzle, or %NULL with @error
 *   in CONGKAK_PUZZLE_ERROR
 */
CongkakPuzzle *
congkak_puzzle_new (const CongkakRules    *rules,
                    const CongkakPosition *position,
                    guint                  round,
                    const char * const    *solution,
                    guint                 *bad_move,
                    GError               **error)
{
  g_autoptr (CongkakPuzzle) self = NULL;
  g_autoptr (GStrvBuilder) line = g_strv_builder_new ();
  guint8 holes[CONGKAK_MAX_HOLES];
  CongkakState state;
  guint n_moves;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (solution != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (bad_move)
    *bad_move = 0;
  self = g_object_new (CONGKAK_TYPE_PUZZLE, NULL);
  self->rules = *rules;
  self->position = *position;
  self->round = round;
  if (!congkak_puzzle_state_init (&self->state, rules, position, round, error))
    return NULL;
  if (self->state.phase != CONGKAK_PHASE_PLAYING
      || congkak_state_legal_moves (&self->state, rules, holes) < 2)
    {
      g_set_error_literal (error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_NO_CHOICE,
                           _("the player to move has fewer than two moves to choose from, so there is nothing to find."));
      return NULL;
    }

  n_moves = g_strv_length ((char **) solution);
  if (bad_move)
    *bad_move = n_moves;
  if (n_moves == 0 || n_moves > CONGKAK_PUZZLE_MAX_LINE)
    {
      g_set_error (error, CONGKAK_PUZZLE_ERROR, CONGKAK_PUZZLE_ERROR_INVALID_LINE,
                   ngettext ("a solution has 1 to %u move.", "a solution has 1 to %u moves.", CONGKAK_PUZZLE_MAX_LINE),
                   CONGKAK_PUZZLE_MAX_LINE);
      return NULL;
    }

  state = self->state;
  for (guint i = 0; i < n_moves; i++)
    {
      char *canonical = NULL;

      if (!play_line_move (&state, rules, solution[i], NULL, &canonical, error))
        {
          if (bad_move)
            *bad_move = i;
          return NULL;
        }
      g_strv_builder_take (line, canonical);
    }
  self->solution = g_strv_builder_end (line);
  self->answer = g_ascii_tolower (self->solution[0][0]) - 'a';
  /* Until told otherwise, as hard as the line is long. */
  self->difficulty = congkak_puzzle_difficulty_for_depth (n_moves);
  return g_steal_pointer (&self);
}

void
congkak_puzzle_set_values (CongkakPuzzle *self,
                           int            value,
                           const char    *next_best,
                           int            next_value,
                           gboolean       exact)
{
  g_return_if_fail (CONGKAK_IS_PUZZLE (self));

  self->has_values = TRUE;
  self->value = value;
  g_free (self->next_best);
  self->next_best = g_strdup (next_best);
  self->next_value = next_value;
  self->exact = exact;
  self->proof = exact ? CONGKAK_PUZZLE_PROOF_EXACT : CONGKAK_PUZZLE_PROOF_ESTIMATE;
}

/**
 * congkak_puzzle_set_proof:
 *
 * Says how the values given to congkak_puzzle_set_values() are known.
 */
void
congkak_puzzle_set_proof (CongkakPuzzle      *self,
                          CongkakPuzzleProof  proof)
{
  g_return_if_fail (CONGKAK_IS_PUZZLE (self));
  g_return_if_fail (proof < CONGKAK_PUZZLE_N_PROOFS);

  self->proof = proof;
  self->exact = proof == CONGKAK_PUZZLE_PROOF_EXACT;
}

/**
 * congkak_puzzle_get_proof:
 *
 * Returns: how the values are known: exact, proved bounds, or a search's
 *   estimate (also for a puzzle without values)
 */
CongkakPuzzleProof
congkak_puzzle_get_proof (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), CONGKAK_PUZZLE_PROOF_ESTIMATE);

  return self->proof;
}

static const char * const proof_keys[CONGKAK_PUZZLE_N_PROOFS] = { "estimate", "bounds", "exact" };

const char *
congkak_puzzle_proof_to_string (CongkakPuzzleProof proof)
{
  g_return_val_if_fail (proof < CONGKAK_PUZZLE_N_PROOFS, NULL);

  return proof_keys[proof];
}

gboolean
congkak_puzzle_proof_from_string (const char         *text,
                                  CongkakPuzzleProof *proof)
{
  int found;

  g_return_val_if_fail (text != NULL, FALSE);

  found = find_key (proof_keys, CONGKAK_PUZZLE_N_PROOFS, text);
  if (found >= 0 && proof)
    *proof = found;
  return found >= 0;
}

void
congkak_puzzle_set_depth (CongkakPuzzle *self,
                          guint          depth)
{
  g_return_if_fail (CONGKAK_IS_PUZZLE (self));

  self->depth = depth;
}

void
congkak_puzzle_set_difficulty (CongkakPuzzle           *self,
                               CongkakPuzzleDifficulty  difficulty)
{
  g_return_if_fail (CONGKAK_IS_PUZZLE (self));
  g_return_if_fail (difficulty < CONGKAK_PUZZLE_N_DIFFICULTIES);

  self->difficulty = difficulty;
}

void
congkak_puzzle_set_source (CongkakPuzzle             *self,
                           const CongkakPuzzleSource *source)
{
  g_return_if_fail (CONGKAK_IS_PUZZLE (self));
  g_return_if_fail (source != NULL);

  congkak_puzzle_source_clear (&self->source);
  congkak_puzzle_source_copy (source, &self->source);
}

const CongkakRules *
congkak_puzzle_get_rules (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  return &self->rules;
}

/**
 * congkak_puzzle_get_game:
 *
 * Returns: the profile the rules are (“kalah”), or “custom”, as the
 *   library names games.
 */
const char *
congkak_puzzle_get_game (CongkakPuzzle *self)
{
  const char *profile;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  profile = congkak_rules_profile_name (&self->rules);
  return profile ? profile : "custom";
}

const CongkakPosition *
congkak_puzzle_get_position (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  return &self->position;
}

const CongkakState *
congkak_puzzle_get_state (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  return &self->state;
}

guint
congkak_puzzle_get_round (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), 1);

  return self->round;
}

CongkakSide
congkak_puzzle_get_side (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), CONGKAK_NOBODY);

  return self->position.to_move;
}

/**
 * congkak_puzzle_get_solution:
 *
 * Returns: (array zero-terminated=1) (transfer none): the answer and the
 *   line after it, in notation
 */
const char * const *
congkak_puzzle_get_solution (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  return (const char * const *) self->solution;
}

/**
 * congkak_puzzle_get_answer:
 *
 * Returns: the hole to sow, in the mover's order (RULES.md 1)
 */
guint
congkak_puzzle_get_answer (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), 0);

  return self->answer;
}

gboolean
congkak_puzzle_is_answer (CongkakPuzzle *self,
                          guint          hole)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), FALSE);

  return hole == self->answer;
}

/**
 * congkak_puzzle_new_game:
 *
 * Returns: (transfer full): a game at the puzzle's board, to show it and
 *   to play the line on it with its events
 */
CongkakGame *
congkak_puzzle_new_game (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  /* The board was validated when the puzzle was made. */
  return congkak_game_new_from_position (&self->rules, &self->position, NULL);
}

gboolean
congkak_puzzle_has_values (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), FALSE);

  return self->has_values;
}

/**
 * congkak_puzzle_get_value:
 *
 * Returns: what the answer gives the player to move, on the scale of
 *   congkak-computer.h (the seed margin at the end of the round); 0
 *   without values
 */
int
congkak_puzzle_get_value (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), 0);

  return self->value;
}

/**
 * congkak_puzzle_get_next_best:
 *
 * Returns: (nullable): the best move but the answer, in notation
 */
const char *
congkak_puzzle_get_next_best (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  return self->next_best;
}

int
congkak_puzzle_get_next_value (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), 0);

  return self->next_value;
}

/**
 * congkak_puzzle_is_exact:
 *
 * Returns: whether the values are proved: the round was searched to its
 *   end after every move
 */
gboolean
congkak_puzzle_is_exact (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), FALSE);

  return self->exact;
}

/**
 * congkak_puzzle_get_depth:
 *
 * Returns: how many moves deep a search had to look to see the answer
 *   as the best move (and to keep seeing it deeper); 0 if unknown
 */
guint
congkak_puzzle_get_depth (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), 0);

  return self->depth;
}

CongkakPuzzleDifficulty
congkak_puzzle_get_difficulty (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), CONGKAK_PUZZLE_MEDIUM);

  return self->difficulty;
}

/**
 * congkak_puzzle_get_rating:
 *
 * Returns: how strong a player who solves it half the time is, on the
 *   scale of the puzzle mode's rating (a beginner is 1000): 800 and 100
 *   for each move of depth, up to 15
 */
guint
congkak_puzzle_get_rating (CongkakPuzzle *self)
{
  static const guint by_difficulty[CONGKAK_PUZZLE_N_DIFFICULTIES] = { 900, 1200, 1500 };

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), 1000);

  if (self->depth > 0)
    return 800 + 100 * MIN (self->depth, 15);
  return by_difficulty[self->difficulty];
}

const CongkakPuzzleSource *
congkak_puzzle_get_source (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  return &self->source;
}

/* Whether a person played the puzzle's side in the match, and played
 * another move than the answer. */
static gboolean
person_missed (CongkakPuzzle *self)
{
  CongkakSide side = self->position.to_move;

  return self->source.played != NULL && !g_str_equal (self->source.played, self->solution[0])
         && self->source.kinds[side] == CONGKAK_PLAYER_HUMAN;
}

/**
 * congkak_puzzle_is_mistake_of:
 * @names: (array zero-terminated=1): the names a player goes by
 *
 * Returns: whether a person of one of @names played the puzzle's side in
 *   the match, and played another move than the answer; names are told
 *   apart whatever their capitals and accents, and an empty name is
 *   nobody's
 */
gboolean
congkak_puzzle_is_mistake_of (CongkakPuzzle      *self,
                              const char * const *names)
{
  CongkakSide side;
  g_autofree char *player = NULL;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), FALSE);
  g_return_val_if_fail (names != NULL, FALSE);

  side = self->position.to_move;
  if (!person_missed (self))
    return FALSE;

  /* As in the library's statistics, a match without names is nobody's. */
  player = congkak_library_fold_text (self->source.players[side] ? self->source.players[side] : "");
  if (*g_strstrip (player) == '\0')
    return FALSE;
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *name = congkak_library_fold_text (names[i]);

      if (g_str_equal (g_strstrip (name), player))
        return TRUE;
    }
  return FALSE;
}

/**
 * congkak_puzzle_is_mistake_here:
 * @names: (array zero-terminated=1): the names the people here go by
 *
 * Like congkak_puzzle_is_mistake_of(), for the people who play at this
 * computer: a person of one of @names, or a person without a name (a
 * match played here without names, as most are), never the computer.
 *
 * Returns: whether such a person played another move than the answer
 */
gboolean
congkak_puzzle_is_mistake_here (CongkakPuzzle      *self,
                                const char * const *names)
{
  CongkakSide side;
  g_autofree char *player = NULL;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), FALSE);
  g_return_val_if_fail (names != NULL, FALSE);

  side = self->position.to_move;
  if (!person_missed (self))
    return FALSE;
  player = g_strdup (self->source.players[side] ? self->source.players[side] : "");
  if (*g_strstrip (player) == '\0')
    return TRUE;
  return congkak_puzzle_is_mistake_of (self, names);
}

/* The line's moves with what each did, from the engine's events. */
GPtrArray *
congkak_puzzle_dup_line_summaries (CongkakPuzzle *self)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) events = congkak_event_array_new ();
  CongkakState state;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), lines);

  state = self->state;
  for (guint i = 0; self->solution[i] != NULL; i++)
    {
      g_autofree char *summary = NULL;

      g_array_set_size (events, 0);
      /* The line was replayed when the puzzle was made. */
      if (!play_line_move (&state, &self->rules, self->solution[i], events, NULL, NULL))
        g_return_val_if_reached (lines);
      summary = congkak_narrate_move_summary (&self->rules, events);
      if (summary)
        /* TRANSLATORS: a move of a puzzle's solution and what it did: "C: relay at c, capture 9 seeds at E" */
        g_ptr_array_add (lines, g_strdup_printf (C_("puzzle line", "%s: %s"), self->solution[i], summary));
      else
        g_ptr_array_add (lines, g_strdup (self->solution[i]));
    }
  return lines;
}

/**
 * congkak_puzzle_dup_answer_summary:
 *
 * Returns: (transfer full): the answer and what it does, such as
 *   “C: relay at c, capture 9 seeds at E”
 */
char *
congkak_puzzle_dup_answer_summary (CongkakPuzzle *self)
{
  g_autoptr (GPtrArray) lines = NULL;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  lines = congkak_puzzle_dup_line_summaries (self);
  return g_strdup (lines->len > 0 ? g_ptr_array_index (lines, 0) : "");
}

/**
 * congkak_puzzle_dup_verdict:
 *
 * Returns: (transfer full) (nullable): why the answer is the one: what
 *   it and the best other move give, and how that was found; %NULL when
 *   the puzzle has no values
 */
char *
congkak_puzzle_dup_verdict (CongkakPuzzle *self)
{
  g_autofree char *value = NULL;
  g_autofree char *how = NULL;
  g_autofree char *comparison = NULL;
  CongkakMarginKind kind, next_kind;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  if (!self->has_values)
    return NULL;

  switch (self->proof)
    {
    case CONGKAK_PUZZLE_PROOF_EXACT:
      kind = next_kind = CONGKAK_MARGIN_EXACT;
      how = g_strdup (self->rules.multi_round ? _("Proved by solving the round to its end.")
                                              : _("Proved by solving the game to its end."));
      break;
    case CONGKAK_PUZZLE_PROOF_BOUNDS:
      kind = CONGKAK_MARGIN_AT_LEAST;
      next_kind = CONGKAK_MARGIN_AT_MOST;
      how = g_strdup (self->rules.multi_round ? _("Proved by a search of every line to the end of the round.")
                                              : _("Proved by a search of every line to the end of the game."));
      break;
    case CONGKAK_PUZZLE_PROOF_ESTIMATE:
    default:
      kind = next_kind = CONGKAK_MARGIN_ESTIMATE;
      if (self->depth > 0)
        how = g_strdup_printf (ngettext ("Estimated by a search %u move deep, not proved.",
                                         "Estimated by a search %u moves deep, not proved.", self->depth),
                               self->depth);
      else
        how = g_strdup (_("Estimated, not proved."));
      break;
    }

  /* Values beyond the seeds in play are a match won or lost (files from
   * before the proofs). */
  if (ABS (self->value) >= CONGKAK_SEARCH_MATCH_WIN / 2)
    value = congkak_analysis_format_score (self->value);
  else
    value = congkak_analysis_describe_margin (&self->rules, self->value, kind);
  if (self->next_best)
    {
      g_autofree char *next_value = NULL;

      if (ABS (self->next_value) >= CONGKAK_SEARCH_MATCH_WIN / 2)
        next_value = congkak_analysis_format_score (self->next_value);
      else
        next_value = congkak_analysis_describe_margin (&self->rules, self->next_value, next_kind);
      if (self->proof == CONGKAK_PUZZLE_PROOF_BOUNDS)
        /* TRANSLATORS: the answer and where it leaves the player, then what every other
         * move leaves at best, and the best of them:
         * "Best: C, you end at least 5 seeds ahead. Any other move, you end at most 1 seed
         * ahead (the next best: D)." */
        comparison = g_strdup_printf (_("Best: %s, %s. Any other move, %s (the next best: %s)."),
                                      self->solution[0], value, next_value, self->next_best);
      else
        /* TRANSLATORS: the answer and where it leaves the player, then the best other
         * move and where it leaves the player: "Best: C, you end 5 seeds ahead. Next
         * best: D, you end 2 seeds behind." */
        comparison = g_strdup_printf (_("Best: %s, %s. Next best: %s, %s."),
                                      self->solution[0], value, self->next_best, next_value);
    }
  else
    /* TRANSLATORS: the answer and where it leaves the player: "Best: C, you end 5 seeds ahead." */
    comparison = g_strdup_printf (_("Best: %s, %s."), self->solution[0], value);

  return g_strdup_printf ("%s %s", comparison, how);
}

/**
 * congkak_puzzle_dup_explanation:
 *
 * Returns: (transfer full): why the answer works, a line for each move of
 *   the solution with what it did, then the verdict
 */
char *
congkak_puzzle_dup_explanation (CongkakPuzzle *self)
{
  g_autoptr (GPtrArray) lines = NULL;
  g_autofree char *verdict = NULL;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  lines = congkak_puzzle_dup_line_summaries (self);
  verdict = congkak_puzzle_dup_verdict (self);
  if (verdict)
    g_ptr_array_add (lines, g_steal_pointer (&verdict));
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

/**
 * congkak_puzzle_dup_task:
 *
 * Returns: (transfer full): what the solver is asked, such as “South to
 *   move: find the best move.”
 */
char *
congkak_puzzle_dup_task (CongkakPuzzle *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  /* TRANSLATORS: %s is South or North */
  return g_strdup_printf (_("%s to move: find the best move."),
                          congkak_side_get_name (self->position.to_move));
}

/**
 * congkak_puzzle_dup_description:
 *
 * Returns: (transfer full): the game, who moves and how hard, such as
 *   “Kalah · South to move · Easy”
 */
char *
congkak_puzzle_dup_description (CongkakPuzzle *self)
{
  g_autofree char *mover = NULL;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  mover = g_strdup_printf (_("%s to move"), congkak_side_get_name (self->position.to_move));
  return g_strjoin (" · ", congkak_narrate_game_name (&self->rules), mover,
                    congkak_puzzle_difficulty_get_name (self->difficulty), NULL);
}

/**
 * congkak_puzzle_dup_origin:
 *
 * Returns: (transfer full) (nullable): the match the puzzle comes from,
 *   such as “Ani vs Budi, 2026-11-29, move 13”; %NULL if unknown
 */
char *
congkak_puzzle_dup_origin (CongkakPuzzle *self)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (CONGKAK_IS_PUZZLE (self), NULL);

  if (self->source.title && *self->source.title)
    g_ptr_array_add (parts, g_strdup (self->source.title));
  if (self->source.date && *self->source.date)
    g_ptr_array_add (parts, g_strdup (self->source.date));
  if (self->source.move_number > 0)
    /* TRANSLATORS: where in a match a puzzle was found: the move played from its board */
    g_ptr_array_add (parts, g_strdup_printf (_("move %u"), self->source.move_number));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}
