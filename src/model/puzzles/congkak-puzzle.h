/* congkak-puzzle.h — one position of a real match where one move is clearly best
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A puzzle is a board (the rules, the holes and stores, who moves, the
 * round) and a solution line in notation, replayed through the engine
 * when it is made, so that every puzzle is a position the rules can play
 * and a line they allow.  The first move of the line is the answer.  What
 * the puzzle finder knew about it (the values of the answer and of the
 * best other move, whether they are proved, how deep a search had to look
 * to see the answer) and where it was found are kept with it; why the
 * answer works is told from the engine's events of the line, never
 * worked out here.
 */

#pragma once

#include <gio/gio.h>

#include "congkak-engine.h"
#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_PUZZLE (congkak_puzzle_get_type ())

G_DECLARE_FINAL_TYPE (CongkakPuzzle, congkak_puzzle, CONGKAK, PUZZLE, GObject)

#define CONGKAK_PUZZLE_ERROR (congkak_puzzle_error_quark ())

typedef enum
{
  CONGKAK_PUZZLE_ERROR_INVALID_POSITION,  /* the rules cannot play from the board */
  CONGKAK_PUZZLE_ERROR_NO_CHOICE,         /* fewer than two moves to choose from */
  CONGKAK_PUZZLE_ERROR_INVALID_LINE,      /* the solution is empty, too long or illegal */
} CongkakPuzzleError;

/* The longest solution line a puzzle keeps, in moves. */
#define CONGKAK_PUZZLE_MAX_LINE 64

typedef enum
{
  CONGKAK_PUZZLE_EASY,
  CONGKAK_PUZZLE_MEDIUM,
  CONGKAK_PUZZLE_HARD,
} CongkakPuzzleDifficulty;

#define CONGKAK_PUZZLE_N_DIFFICULTIES 3

/* How the values of a puzzle are known (PUZZLE-FORMAT.md, "proof"). */
typedef enum
{
  CONGKAK_PUZZLE_PROOF_ESTIMATE,  /* a depth-limited search's guess, not proved */
  CONGKAK_PUZZLE_PROOF_BOUNDS,    /* proved: the answer gives at least the value, every other move at most the next value */
  CONGKAK_PUZZLE_PROOF_EXACT,     /* proved: both values are exact */
} CongkakPuzzleProof;

#define CONGKAK_PUZZLE_N_PROOFS 3

/* How deep a search must look to see the answer, in moves (an extra turn
 * is a move): up to 2 is easy (the move and the reply), up to 5 medium. */
#define CONGKAK_PUZZLE_EASY_MAX_DEPTH 2
#define CONGKAK_PUZZLE_MEDIUM_MAX_DEPTH 5

/* Where a puzzle was found; any text may be empty. */
typedef struct
{
  char              *title;        /* the match's title, or its players */
  char              *match_id;     /* the library's identity of the match */
  char              *file;         /* the match file's name */
  char              *node;         /* the move played there, as a file path: moves[12] */
  guint              move_number;  /* that move's number in its line; 0 if unknown */
  char              *date;
  char              *players[2];   /* by CongkakSide */
  CongkakPlayerKind  kinds[2];
  char              *played;       /* the move played there in the match, or NULL */
} CongkakPuzzleSource;

void                   congkak_puzzle_source_clear           (CongkakPuzzleSource        *source);
void                   congkak_puzzle_source_copy            (const CongkakPuzzleSource  *source,
                                                              CongkakPuzzleSource        *copy);

GQuark                 congkak_puzzle_error_quark            (void);
const char            *congkak_puzzle_difficulty_to_string   (CongkakPuzzleDifficulty     difficulty);
gboolean               congkak_puzzle_difficulty_from_string (const char                 *text,
                                                              CongkakPuzzleDifficulty    *difficulty);
const char            *congkak_puzzle_difficulty_get_name    (CongkakPuzzleDifficulty     difficulty);
CongkakPuzzleDifficulty congkak_puzzle_difficulty_for_depth  (guint                       depth);

CongkakPuzzle         *congkak_puzzle_new                    (const CongkakRules         *rules,
                                                              const CongkakPosition      *position,
                                                              guint                       round,
                                                              const char * const         *solution,
                                                              guint                      *bad_move,
                                                              GError                    **error);

const CongkakRules    *congkak_puzzle_get_rules              (CongkakPuzzle              *self);
const char            *congkak_puzzle_get_game               (CongkakPuzzle              *self);
const CongkakPosition *congkak_puzzle_get_position           (CongkakPuzzle              *self);
const CongkakState    *congkak_puzzle_get_state              (CongkakPuzzle              *self);
guint                  congkak_puzzle_get_round              (CongkakPuzzle              *self);
CongkakSide            congkak_puzzle_get_side               (CongkakPuzzle              *self);
const char * const    *congkak_puzzle_get_solution           (CongkakPuzzle              *self);
guint                  congkak_puzzle_get_answer             (CongkakPuzzle              *self);
gboolean               congkak_puzzle_is_answer              (CongkakPuzzle              *self,
                                                              guint                       hole);
CongkakGame           *congkak_puzzle_new_game               (CongkakPuzzle              *self);

/* What the finder knew */
gboolean               congkak_puzzle_has_values             (CongkakPuzzle              *self);
int                    congkak_puzzle_get_value              (CongkakPuzzle              *self);
const char            *congkak_puzzle_get_next_best          (CongkakPuzzle              *self);
int                    congkak_puzzle_get_next_value         (CongkakPuzzle              *self);
gboolean               congkak_puzzle_is_exact               (CongkakPuzzle              *self);
CongkakPuzzleProof     congkak_puzzle_get_proof              (CongkakPuzzle              *self);
void                   congkak_puzzle_set_proof              (CongkakPuzzle              *self,
                                                              CongkakPuzzleProof          proof);
const char            *congkak_puzzle_proof_to_string        (CongkakPuzzleProof          proof);
gboolean               congkak_puzzle_proof_from_string      (const char                 *text,
                                                              CongkakPuzzleProof         *proof);
guint                  congkak_puzzle_get_depth              (CongkakPuzzle              *self);
CongkakPuzzleDifficulty congkak_puzzle_get_difficulty        (CongkakPuzzle              *self);
guint                  congkak_puzzle_get_rating             (CongkakPuzzle              *self);
const CongkakPuzzleSource *
                       congkak_puzzle_get_source             (CongkakPuzzle              *self);
gboolean               congkak_puzzle_is_mistake_of          (CongkakPuzzle              *self,
                                                              const char * const         *names);
gboolean               congkak_puzzle_is_mistake_here        (CongkakPuzzle              *self,
                                                              const char * const         *names);

/* In words, from the engine's events */
char                  *congkak_puzzle_dup_answer_summary     (CongkakPuzzle              *self);
GPtrArray             *congkak_puzzle_dup_line_summaries     (CongkakPuzzle              *self);
char                  *congkak_puzzle_dup_verdict            (CongkakPuzzle              *self);
char                  *congkak_puzzle_dup_explanation        (CongkakPuzzle              *self);
char                  *congkak_puzzle_dup_task               (CongkakPuzzle              *self);
char                  *congkak_puzzle_dup_description        (CongkakPuzzle              *self);
char                  *congkak_puzzle_dup_origin             (CongkakPuzzle              *self);

G_END_DECLS
