/* congkak-computer.h — the computer player: levels, hints and the opening
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The contract the app relies on (keep it stable):
 *
 * - congkak_computer_choose_move() is the one entry point.  It takes the
 *   state of the game as it stands (congkak_game_get_state()), plain values
 *   only, so it can run in a worker thread (GTask) while the main thread
 *   goes on: it touches no global state, and each call is independent.  It
 *   blocks until it has a move; the levels' default limits keep that under
 *   about 1 s (hard) and 3 s (perfect) on a slow machine, easy and medium
 *   far less.
 * - Cancelling: pass a `gint` flag that the main thread sets with
 *   g_atomic_int_set (&flag, 1); the search reads it every few thousand
 *   positions and returns within milliseconds with %FALSE and
 *   CONGKAK_COMPUTER_ERROR_CANCELLED, and leaves @out untouched.
 * - The same arguments (seed included) give the same move.  Easy and medium
 *   limit the search by depth and positions, so they are reproducible on
 *   any machine; hard and perfect limit it by time, unless
 *   CongkakComputerOptions.max_nodes asks for a node budget instead.
 * - What to do with the answer, by @out->kind:
 *   - CONGKAK_MOVE_SOW: sow @out->hole of @out->side (the player to move):
 *     `CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = out.side,
 *     .hole = out.hole };`.  There is no pass move: a player without seeds
 *     under empty-side=pass is passed over by the engine itself.
 *   - CONGKAK_MOVE_OPENING: @out->hole is @side's next choice of the
 *     simultaneous opening: congkak_opening_add_choice (opening, side,
 *     out.hole).  For the first choice the computer cannot see the other
 *     player's hidden choice: any choices of the other side in @opening are
 *     ignored (the app may ask before or after the human chose).  When
 *     congkak_state_play_opening() later reports through `needs_choice`
 *     that the computer's seed fell into its store, call again with the
 *     same opening state and the opening so far (both players' choices up
 *     to that moment are on the board then, so they are used).
 *   - CONGKAK_MOVE_NEXT_ROUND: the round is over; start the next one.
 * - @out->score is the seed margin @out->side expects at the end of the
 *   current round — own store minus the opponent's, in seeds, after best
 *   play by both sides as far as the search saw (exact when @out->exact).
 *   In a multi-round match the round end is valued for the match: a round
 *   end that ends the match counts CONGKAK_SEARCH_MATCH_WIN (1000) more for
 *   the winner (less for the loser), so a score of 500 or more means the
 *   computer sees a forced match win, -500 or less a forced loss (show
 *   these as "wins the match" rather than as numbers); any other round end
 *   adds seeds / 2 for every hole more than the opponent that the next
 *   refill fills.  In the opening it is the value after the opening (the
 *   worst over the other player's possible choices for the first choice).
 * - Hints: congkak_computer_hint() is the hard level with a 0.5 s limit,
 *   for the player to move (or @side in the opening): the best hole and its
 *   score, meant exactly as above.
 */

#pragma once

#include <glib.h>

#include "congkak-game.h"
#include "congkak-search.h"
#include "congkak-state.h"

G_BEGIN_DECLS

#define CONGKAK_COMPUTER_ERROR (congkak_computer_error_quark ())

typedef enum
{
  CONGKAK_COMPUTER_ERROR_CANCELLED,  /* the cancel flag was set */
  CONGKAK_COMPUTER_ERROR_NO_MOVE,    /* the match is over, or @side does not move now */
} CongkakComputerError;

/* How strongly the computer plays:
 * - easy: looks two moves ahead and picks among the moves at random,
 *   the better ones more often (it misses captures now and then);
 * - medium: looks about six moves ahead, sometimes takes a move a seed
 *   worse than the best;
 * - hard: the best move of a deepening search limited to 1 s;
 * - perfect: solves the round exactly where that is quick (single-round
 *   store games near their end, small boards), otherwise hard with 3 s. */
typedef enum
{
  CONGKAK_LEVEL_EASY,
  CONGKAK_LEVEL_MEDIUM,
  CONGKAK_LEVEL_HARD,
  CONGKAK_LEVEL_PERFECT,
} CongkakLevel;

#define CONGKAK_N_LEVELS 4

typedef struct
{
  CongkakLevel level;
  guint64      seed;         /* the random choices of easy and medium, ties */
  guint64      max_nodes;    /* 0: the level's own limit; otherwise a node budget
                              * that replaces hard's and perfect's time limit */
  double       max_seconds;  /* 0: the level's own time limit (hard, perfect) */
  gboolean     margin_score; /* hard, perfect: the score told to people, the store margin at the end
                              * of the best line, without a multi-round search's outlook */
} CongkakComputerOptions;

typedef struct
{
  CongkakMoveKind kind;      /* SOW, OPENING (a choice) or NEXT_ROUND */
  CongkakSide     side;      /* who plays it */
  guint           hole;      /* SOW and OPENING: the hole, in @side's order */
  int             score;     /* the seed margin @side expects (see above) */
  gboolean        exact;     /* the score is proved, not guessed */
  guint           depth;     /* how far the search looked, in moves */
  guint64         nodes;     /* positions visited */
} CongkakComputerMove;

typedef struct _CongkakComputer CongkakComputer;

/* A player from outside the engine, such as another program: chooses
 * as congkak_computer_choose() does, and is also given the match's moves
 * so far (as congkak_move_to_string() writes them; an opening being
 * chosen is not among them). */
typedef gboolean (*CongkakChooseFunc) (const CongkakRules   *rules,
                                       const char * const   *moves,
                                       const CongkakState   *state,
                                       const CongkakOpening *opening,
                                       CongkakSide           side,
                                       gpointer              user_data,
                                       CongkakComputerMove  *out,
                                       GError              **error);

/* A player that plays by itself in congkak_computer_play_match(): a
 * computer level, or random moves. */
typedef struct
{
  gboolean               random;
  CongkakComputerOptions options;  /* the seed is mixed with the match's */
  CongkakOwareEndgameShelf *oware_endgame_shelf;  /* nullable: for hard and perfect */
} CongkakAutoPlayer;

/* A player from outside, for congkak_computer_play_match_from(). */
typedef struct
{
  CongkakChooseFunc choose;  /* NULL: the CongkakAutoPlayer plays */
  gpointer          user_data;
} CongkakOutsidePlayer;

typedef struct
{
  CongkakState final;       /* the state at the end */
  guint        moves;       /* moves played, openings and new rounds included */
  gboolean     finished;    /* the match ended within the move limit */
  guint        rounds;
  guint        decisions[2];  /* per side: sowings and opening choices made */
  guint64      nodes[2];      /* positions searched, per side */
  gint64       usec[2];       /* time spent choosing, per side */
} CongkakComputerMatchResult;

GQuark            congkak_computer_error_quark  (void);

void              congkak_computer_options_init (CongkakComputerOptions     *options,
                                                 CongkakLevel                level,
                                                 guint64                     seed);
void              congkak_computer_options_init_hint (CongkakComputerOptions *options);

gboolean          congkak_computer_choose_move  (const CongkakRules         *rules,
                                                 const CongkakState         *state,
                                                 const CongkakOpening       *opening,
                                                 CongkakSide                 side,
                                                 const CongkakComputerOptions *options,
                                                 const gint                 *cancel,
                                                 CongkakComputerMove        *out,
                                                 GError                    **error);
gboolean          congkak_computer_hint         (const CongkakRules         *rules,
                                                 const CongkakState         *state,
                                                 const CongkakOpening       *opening,
                                                 CongkakSide                 side,
                                                 const gint                 *cancel,
                                                 CongkakComputerMove        *out,
                                                 GError                    **error);

/* The same, keeping the search's table between calls (analysis, matches
 * between computers): one object per thread. */
CongkakComputer  *congkak_computer_new          (const CongkakRules         *rules);
void              congkak_computer_free         (CongkakComputer            *computer);
void              congkak_computer_set_oware_endgame_shelf (CongkakComputer          *computer,
                                                 CongkakOwareEndgameShelf   *shelf);
gboolean          congkak_computer_choose       (CongkakComputer            *computer,
                                                 const CongkakState         *state,
                                                 const CongkakOpening       *opening,
                                                 CongkakSide                 side,
                                                 const CongkakComputerOptions *options,
                                                 const gint                 *cancel,
                                                 CongkakComputerMove        *out,
                                                 GError                    **error);
gboolean          congkak_computer_evaluate     (CongkakComputer            *computer,
                                                 const CongkakState         *state,
                                                 const CongkakComputerOptions *options,
                                                 const gint                 *cancel,
                                                 CongkakComputerMove        *best,
                                                 GError                    **error);
gboolean          congkak_computer_judge        (CongkakComputer            *computer,
                                                 const CongkakState         *state,
                                                 guint                       played_hole,
                                                 const CongkakComputerOptions *options,
                                                 const gint                 *cancel,
                                                 CongkakComputerMove        *best,
                                                 int                        *played_score,
                                                 GError                    **error);

/* Computer against computer (or random), for measuring strength. */
gboolean          congkak_computer_play_match   (const CongkakRules         *rules,
                                                 const CongkakAutoPlayer players[2],
                                                 guint64                     seed,
                                                 guint                       move_limit,
                                                 const gint                 *cancel,
                                                 CongkakComputerMatchResult *result,
                                                 GError                    **error);
gboolean          congkak_computer_play_match_from (const CongkakRules      *rules,
                                                 const char * const      *start,
                                                 const CongkakAutoPlayer  players[2],
                                                 const CongkakOutsidePlayer *outside,
                                                 guint64                  seed,
                                                 guint                    move_limit,
                                                 const gint              *cancel,
                                                 CongkakComputerMatchResult *result,
                                                 GError                 **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakComputer, congkak_computer_free)

G_END_DECLS
