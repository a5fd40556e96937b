/* congkak-computer.c — the computer player: levels, hints and the opening
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Levels.  Every level searches with congkak-search.c (its evaluation is
 * described there; in Oware easy and medium keep the simple one, so that
 * they stay as beatable as they were); they differ in how far they look
 * and in how they choose among the moves:
 *  - easy values every move two moves deep and draws one with softmax
 *    weights, exp ((value − best) / 3 seeds): a move three seeds worse is
 *    taken e times less often than the best, so a big capture is usually
 *    but not always seen — the mistakes of a beginner;
 *  - medium values every move six moves deep and draws with a temperature
 *    of 1 seed: it mostly plays well and slips a seed or two now and then;
 *  - hard takes the best move of an iterative-deepening search limited to
 *    1 s (or a node budget);
 *  - perfect solves the round with the exact solver when the rules allow
 *    (single-round store games, congkak_search_can_solve()), at most
 *    SOLVE_MAX_SEEDS seeds are left on the board and it finishes within a
 *    million nodes; otherwise it is hard with 3 s (the deepening search,
 *    too, becomes exact once it sees every line to the end of the round).
 * The random draws come from a GRand seeded with the caller's seed and the
 * position, so a given seed gives the same move, and different positions
 * of one match do not repeat the same draw.
 *
 * The simultaneous opening.  The first choice is made without the other
 * player's (hidden) choice: for each pair of first holes (mine, theirs)
 * the opening is played out — any further choice, of either player, after
 * a seed fell into their store is made greedily (the hole that leaves that
 * player the best margin once the opening is over, the rest of the opening
 * played with the fullest hole) — and the position after it is valued by a
 * shallow search.  Easy draws by the mean over the other player's holes
 * (softmax, as above).  The other levels take the hole with the best
 * *worst case* (maximin), ties broken by the mean: the opening is the same
 * position every match, so a deterministic computer's first hole is soon
 * known to a human who plays it again, and the maximin hole is the one that
 * knowing it does not help against.  A later choice (the computer's seed
 * fell into its store) sees the board as it is at that moment, including
 * the other player's sowing so far, and takes the best of its holes the
 * same way.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "congkak-computer.h"

G_DEFINE_QUARK (congkak-computer-error-quark, congkak_computer_error)

#define TABLE_MB 32
#define HINT_SECONDS 0.5
/* The solver is tried with this many seeds on the board or fewer: Kalah
 * 4×3 (24 seeds) takes 22,000 nodes, 5×4 (40 seeds) 15 million. */
#define SOLVE_MAX_SEEDS 30

typedef struct
{
  guint   depth;          /* root values this deep (easy, medium); 0: deepening */
  double  temperature;    /* softmax over root values, in seeds; 0: the best */
  double  seconds;        /* deepening time limit */
  gboolean solve;         /* try the exact solver first */
  guint64 solve_nodes;    /* its budget */
  guint   opening_depth;  /* search after each pair of opening holes */
  guint64 opening_nodes;  /* node budget of each */
  gboolean simple_evaluation; /* Oware: the plain seed count, see congkak_search_set_simple_evaluation() */
} LevelParams;

static const LevelParams level_params[CONGKAK_N_LEVELS] = {
  [CONGKAK_LEVEL_EASY] = { .depth = 2, .temperature = 3.0, .opening_depth = 1, .opening_nodes = 2000,
                                .simple_evaluation = TRUE },
  [CONGKAK_LEVEL_MEDIUM] = { .depth = 6, .temperature = 1.0, .opening_depth = 3, .opening_nodes = 5000,
                                  .simple_evaluation = TRUE },
  [CONGKAK_LEVEL_HARD] = { .seconds = 1.0, .opening_depth = 6, .opening_nodes = 20000 },
  [CONGKAK_LEVEL_PERFECT] = { .seconds = 3.0, .solve = TRUE, .solve_nodes = 1000000,
                              .opening_depth = 8, .opening_nodes = 50000 },
};

struct _CongkakComputer
{
  CongkakRules   rules;
  CongkakSearch *search;
  CongkakOwareEndgameShelf *oware_endgame_shelf;  /* nullable */
};

void
congkak_computer_options_init (CongkakComputerOptions *options,
                               CongkakLevel            level,
                               guint64                 seed)
{
  g_return_if_fail (options != NULL);
  g_return_if_fail (level < CONGKAK_N_LEVELS);

  memset (options, 0, sizeof *options);
  options->level = level;
  options->seed = seed;
}

/**
 * congkak_computer_options_init_hint:
 *
 * The options of congkak_computer_hint(), for a computer of one's own.
 */
void
congkak_computer_options_init_hint (CongkakComputerOptions *options)
{
  g_return_if_fail (options != NULL);

  congkak_computer_options_init (options, CONGKAK_LEVEL_HARD, 0);
  options->max_seconds = HINT_SECONDS;
  options->margin_score = TRUE;
}

/**
 * congkak_computer_new:
 *
 * Returns: (transfer full): a computer player for @rules, with its own
 *   search table (32 MiB); use it from one thread at a time.
 */
CongkakComputer *
congkak_computer_new (const CongkakRules *rules)
{
  CongkakComputer *computer;

  g_return_val_if_fail (rules != NULL, NULL);

  computer = g_new0 (CongkakComputer, 1);
  computer->rules = *rules;
  computer->search = congkak_search_new (rules, TABLE_MB);
  return computer;
}

void
congkak_computer_free (CongkakComputer *computer)
{
  if (computer == NULL)
    return;
  congkak_search_free (computer->search);
  congkak_oware_endgame_shelf_unref (computer->oware_endgame_shelf);
  g_free (computer);
}

/**
 * congkak_computer_set_oware_endgame_shelf:
 * @shelf: (nullable): where the hard and perfect levels find the Oware
 *   endgame database, once it is ready (whoever owns @shelf prepares it);
 *   %NULL for none
 */
void
congkak_computer_set_oware_endgame_shelf (CongkakComputer          *computer,
                                          CongkakOwareEndgameShelf *shelf)
{
  g_return_if_fail (computer != NULL);

  if (shelf != NULL)
    congkak_oware_endgame_shelf_ref (shelf);
  congkak_oware_endgame_shelf_unref (computer->oware_endgame_shelf);
  computer->oware_endgame_shelf = shelf;
}

static gboolean
set_cancelled (GError **error)
{
  g_set_error_literal (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_CANCELLED,
                       _("The computer was stopped before it chose a move."));
  return FALSE;
}

static gboolean
is_cancelled (const gint *cancel)
{
  return cancel != NULL && g_atomic_int_get (cancel);
}

/* A GRand for one decision: the caller's seed mixed with the position. */
static GRand *
decision_rand (guint64             seed,
               const CongkakState *state)
{
  guint32 words[4];

  words[0] = (guint32) seed;
  words[1] = (guint32) (seed >> 32);
  words[2] = congkak_position_hash (&state->position);
  words[3] = state->round;
  return g_rand_new_with_seed_array (words, G_N_ELEMENTS (words));
}

/* Draws an index with weights exp ((value − best) / temperature). */
static guint
softmax_draw (const int *values,
              guint      n,
              double     temperature,
              GRand     *rand)
{
  double weights[CONGKAK_MAX_HOLES * CONGKAK_MAX_HOLES];
  double total = 0, pick;
  int best = G_MININT;

  g_assert (n > 0 && n <= G_N_ELEMENTS (weights));
  for (guint i = 0; i < n; i++)
    best = MAX (best, values[i]);
  for (guint i = 0; i < n; i++)
    {
      weights[i] = exp ((values[i] - best) / temperature);
      total += weights[i];
    }
  pick = g_rand_double (rand) * total;
  for (guint i = 0; i < n; i++)
    {
      if (pick < weights[i])
        return i;
      pick -= weights[i];
    }
  return n - 1;
}

static void
limit_search (CongkakComputer              *computer,
              const CongkakComputerOptions *options,
              const gint                   *cancel)
{
  congkak_search_set_cancel (computer->search, cancel);
  congkak_search_set_node_limit (computer->search, options->max_nodes);
  congkak_search_set_simple_evaluation (computer->search, level_params[options->level].simple_evaluation);
}

static double
level_seconds (const CongkakComputerOptions *options)
{
  if (options->max_nodes > 0)
    return 0;
  if (options->max_seconds > 0)
    return options->max_seconds;
  return level_params[options->level].seconds;
}

/* Easy and medium: every move valued at the level's depth, one drawn. */
static gboolean
choose_by_root_values (CongkakComputer              *computer,
                       const CongkakState           *state,
                       const CongkakComputerOptions *options,
                       const gint                   *cancel,
                       CongkakComputerMove          *out,
                       GError                      **error)
{
  const LevelParams *params = &level_params[options->level];
  g_autoptr (GRand) rand = decision_rand (options->seed, state);
  guint8 holes[CONGKAK_MAX_HOLES];
  int values[CONGKAK_MAX_HOLES];
  guint n = congkak_state_legal_moves (state, &computer->rules, holes);
  guint64 nodes = 0;
  gboolean exact = TRUE;
  guint chosen;

  congkak_search_set_cancel (computer->search, cancel);
  congkak_search_set_node_limit (computer->search, 0);
  congkak_search_set_simple_evaluation (computer->search, params->simple_evaluation);
  congkak_search_forget (computer->search);
  for (guint i = 0; i < n; i++)
    {
      if (!congkak_search_move_value (computer->search, state, holes[i], params->depth, &values[i]))
        return set_cancelled (error);
      exact &= congkak_search_is_exact (computer->search);
      nodes += congkak_search_get_nodes (computer->search);
    }
  chosen = softmax_draw (values, n, params->temperature, rand);

  *out = (CongkakComputerMove) {
    .kind = CONGKAK_MOVE_SOW,
    .side = state->position.to_move,
    .hole = holes[chosen],
    .score = values[chosen],
    .exact = exact,
    .depth = params->depth,
    .nodes = nodes,
  };
  return TRUE;
}

/* Perfect: the exact solver, if it finishes within its budget. */
static gboolean
try_solve (CongkakComputer              *computer,
           const CongkakState           *state,
           const CongkakComputerOptions *options,
           const gint                   *cancel,
           CongkakComputerMove          *out,
           GError                      **error)
{
  g_autoptr (GPtrArray) line = g_ptr_array_new_with_free_func (g_free);
  const char *first;
  int value;

  if (!congkak_search_can_solve (&computer->rules, NULL)
      || congkak_position_side_seeds (&state->position, CONGKAK_SOUTH)
         + congkak_position_side_seeds (&state->position, CONGKAK_NORTH) > SOLVE_MAX_SEEDS)
    return FALSE;

  congkak_search_set_cancel (computer->search, cancel);
  congkak_search_set_node_limit (computer->search,
                                 options->max_nodes > 0 ? options->max_nodes
                                 : level_params[options->level].solve_nodes);
  value = congkak_search_solve (computer->search, state, line, &out->nodes);
  if (!congkak_search_is_exact (computer->search) || line->len == 0)
    {
      if (congkak_search_was_cancelled (computer->search))
        set_cancelled (error);
      return FALSE;
    }

  first = g_ptr_array_index (line, 0);
  out->kind = CONGKAK_MOVE_SOW;
  out->side = state->position.to_move;
  out->hole = g_ascii_tolower (first[0]) - 'a';
  out->score = value;
  out->exact = TRUE;
  out->depth = line->len;
  return TRUE;
}

/* A multi-round search values a round end with an outlook for the next
 * round (congkak-search.c, "Evaluation"): the margin people are told is
 * the one at the end of the best line instead — exact when the line
 * reaches the round end and the search saw every line there, otherwise
 * guessed as the stores now and half of each side's seeds. */
static gboolean
tells_margin (CongkakComputer *computer,
              int              score)
{
  return computer->rules.family == CONGKAK_FAMILY_STORE && computer->rules.multi_round
         && ABS (score) < CONGKAK_SEARCH_MATCH_WIN / 2;
}

/* The margin for @me at the end of the line the search found from @state;
 * %FALSE in @reached_end when the line stops before the round ends. */
static int
line_margin (CongkakComputer    *computer,
             const CongkakState *state,
             CongkakSide         me,
             gboolean           *reached_end)
{
  guint8 line[256];
  CongkakState end = *state;
  int margin;
  guint n = 0;

  if (state->phase == CONGKAK_PHASE_PLAYING)
    n = congkak_search_get_line (computer->search, state, line, G_N_ELEMENTS (line));
  for (guint i = 0; i < n; i++)
    congkak_state_play_fast (&end, &computer->rules, line[i]);
  margin = (int) end.position.store[me] - (int) end.position.store[CONGKAK_OTHER_SIDE (me)];
  *reached_end = end.phase != CONGKAK_PHASE_PLAYING;
  if (!*reached_end)
    margin += ((int) congkak_position_side_seeds (&end.position, me)
               - (int) congkak_position_side_seeds (&end.position, CONGKAK_OTHER_SIDE (me))) / 2;
  return margin;
}

static void
score_as_margin (CongkakComputer     *computer,
                 const CongkakState  *state,
                 CongkakComputerMove *out)
{
  gboolean reached_end;

  if (!tells_margin (computer, out->score))
    return;
  out->score = line_margin (computer, state, state->position.to_move, &reached_end);
  if (!reached_end)
    out->exact = FALSE;
}

/* Hard (and perfect when it cannot solve): deepening to a limit. */
static gboolean
choose_by_deepening (CongkakComputer              *computer,
                     const CongkakState           *state,
                     const CongkakComputerOptions *options,
                     guint                         max_depth,
                     const gint                   *cancel,
                     CongkakComputerMove          *out,
                     GError                      **error)
{
  guint8 hole;
  int score;
  guint64 nodes;

  limit_search (computer, options, cancel);
  if (!congkak_search_best_move (computer->search, state, max_depth, level_seconds (options),
                                 &hole, &score, &nodes))
    return set_cancelled (error);

  *out = (CongkakComputerMove) {
    .kind = CONGKAK_MOVE_SOW,
    .side = state->position.to_move,
    .hole = hole,
    .score = score,
    .exact = congkak_search_is_exact (computer->search),
    .depth = congkak_search_get_depth (computer->search),
    .nodes = nodes,
  };
  if (options->margin_score)
    score_as_margin (computer, state, out);
  return TRUE;
}

/* The level's best move without its noise: easy and medium search to
 * their depth, hard and perfect as they play (perfect's deepening gets
 * the time its solver attempt left). */
static gboolean
best_without_noise (CongkakComputer              *computer,
                    const CongkakState           *state,
                    const CongkakComputerOptions *options,
                    const gint                   *cancel,
                    CongkakComputerMove          *out,
                    GError                      **error)
{
  const LevelParams *params = &level_params[options->level];
  CongkakComputerOptions deepening = *options;
  GError *solve_error = NULL;
  gint64 start = g_get_monotonic_time ();

  if (params->solve)
    {
      if (try_solve (computer, state, options, cancel, out, &solve_error))
        return TRUE;
      if (solve_error != NULL)
        {
          g_propagate_error (error, solve_error);
          return FALSE;
        }
      if (options->max_nodes == 0)
        deepening.max_seconds = MAX (level_seconds (options) / 4,
                                     level_seconds (options) - (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
    }
  return choose_by_deepening (computer, state, &deepening, params->depth, cancel, out, error);
}

static gboolean
choose_sowing (CongkakComputer              *computer,
               const CongkakState           *state,
               const CongkakComputerOptions *options,
               const gint                   *cancel,
               CongkakComputerMove          *out,
               GError                      **error)
{
  /* The hard and perfect levels read the Oware endgame database once it
   * is ready (whoever owns the shelf prepares it). */
  congkak_search_set_oware_endgame (computer->search,
                                    options->level >= CONGKAK_LEVEL_HARD && computer->oware_endgame_shelf != NULL
                                    ? congkak_oware_endgame_shelf_get_ready (computer->oware_endgame_shelf, &computer->rules)
                                    : NULL);
  if (level_params[options->level].depth > 0)
    return choose_by_root_values (computer, state, options, cancel, out, error);
  return best_without_noise (computer, state, options, cancel, out, error);
}

/* The simultaneous opening. */

/* Plays @opening from @start as far as it goes: the state after it, or,
 * with *@needing set, the board when @needing must choose again. */
static void
replay_opening (const CongkakRules   *rules,
                const CongkakState   *start,
                const CongkakOpening *opening,
                CongkakState         *state,
                CongkakSide          *needing)
{
  g_autoptr (GError) error = NULL;

  *state = *start;
  if (!congkak_state_play_opening (state, rules, opening, NULL, needing, &error))
    g_error ("An opening the computer built does not play: %s", error->message);
}

/* The holes @side may choose on @position. */
static guint
choosable_holes (const CongkakPosition *position,
                 CongkakSide            side,
                 guint8                 holes[CONGKAK_MAX_HOLES])
{
  guint n = 0;

  for (guint i = 0; i < position->n_holes; i++)
    if (congkak_position_can_choose (position, side, i))
      holes[n++] = i;
  return n;
}

/* A rough value of the board after an opening, for @side. */
static int
opening_margin (const CongkakState *state,
                CongkakSide         side)
{
  const CongkakPosition *position = &state->position;
  CongkakSide other = CONGKAK_OTHER_SIDE (side);

  return 2 * ((int) position->store[side] - (int) position->store[other])
         + (int) congkak_position_side_seeds (position, side)
         - (int) congkak_position_side_seeds (position, other);
}

/* Finishes @opening with the fullest hole (nearest the store on ties) at
 * every further choice. */
static void
finish_opening_simply (const CongkakRules *rules,
                       const CongkakState *start,
                       CongkakOpening     *opening,
                       CongkakState       *state)
{
  for (;;)
    {
      CongkakSide needing;
      guint best = 0, best_seeds = 0;

      replay_opening (rules, start, opening, state, &needing);
      if (needing == CONGKAK_NOBODY)
        return;
      for (guint i = 0; i < state->position.n_holes; i++)
        if (congkak_position_can_choose (&state->position, needing, i)
            && state->position.holes[needing][i] >= best_seeds)
          {
            best = i;
            best_seeds = state->position.holes[needing][i];
          }
      if (!congkak_opening_add_choice (opening, needing, best))
        g_error ("An opening the computer built is too long");
    }
}

/* Finishes @opening greedily: at every further choice, the hole that
 * leaves the chooser the best board once the rest is played simply. */
static void
finish_opening_greedily (const CongkakRules *rules,
                         const CongkakState *start,
                         CongkakOpening     *opening,
                         CongkakState       *state)
{
  g_autofree CongkakOpening *trial = g_new (CongkakOpening, 1);

  for (;;)
    {
      CongkakSide needing;
      guint8 holes[CONGKAK_MAX_HOLES];
      guint n, best = 0;
      int best_value = G_MININT;

      replay_opening (rules, start, opening, state, &needing);
      if (needing == CONGKAK_NOBODY)
        return;
      n = choosable_holes (&state->position, needing, holes);
      g_assert (n > 0);
      for (guint i = 0; i < n; i++)
        {
          CongkakState after;
          int value;

          *trial = *opening;
          congkak_opening_add_choice (trial, needing, holes[i]);
          finish_opening_simply (rules, start, trial, &after);
          value = opening_margin (&after, needing);
          if (value >= best_value)
            {
              best_value = value;
              best = holes[i];
            }
        }
      if (!congkak_opening_add_choice (opening, needing, best))
        g_error ("An opening the computer built is too long");
    }
}

/* The value for @side of the state after a whole opening; a node budget
 * given for the level bounds each of these searches too. */
static gboolean
value_after_opening (CongkakComputer              *computer,
                     const CongkakState           *state,
                     CongkakSide                   side,
                     const CongkakComputerOptions *options,
                     int                          *value,
                     guint64                      *nodes)
{
  const LevelParams *params = &level_params[options->level];
  guint64 budget = options->max_nodes > 0 ? MIN (options->max_nodes, params->opening_nodes)
                                          : params->opening_nodes;
  int score;
  guint64 search_nodes = 0;

  if (state->phase != CONGKAK_PHASE_PLAYING)
    {
      *value = congkak_search_round_end_value (computer->search, state, side);
      return TRUE;
    }
  congkak_search_set_node_limit (computer->search, budget);
  if (!congkak_search_best_move (computer->search, state, params->opening_depth, 0,
                                 NULL, &score, &search_nodes))
    return FALSE;
  *nodes += search_nodes;
  *value = state->position.to_move == side ? score : -score;
  return TRUE;
}

static gboolean
choose_first_opening_hole (CongkakComputer              *computer,
                           const CongkakState           *start,
                           CongkakSide                   side,
                           const CongkakComputerOptions *options,
                           const gint                   *cancel,
                           CongkakComputerMove          *out,
                           GError                      **error)
{
  const LevelParams *params = &level_params[options->level];
  CongkakSide other = CONGKAK_OTHER_SIDE (side);
  g_autofree CongkakOpening *opening = g_new (CongkakOpening, 1);
  guint8 mine[CONGKAK_MAX_HOLES], theirs[CONGKAK_MAX_HOLES];
  guint n_mine = choosable_holes (&start->position, side, mine);
  guint n_theirs = choosable_holes (&start->position, other, theirs);
  int worst[CONGKAK_MAX_HOLES], mean[CONGKAK_MAX_HOLES];
  guint64 nodes = 0;
  guint chosen = 0;

  g_assert (n_mine > 0);
  congkak_search_set_cancel (computer->search, cancel);
  for (guint m = 0; m < n_mine; m++)
    {
      int sum = 0;

      worst[m] = G_MAXINT;
      for (guint o = 0; o < MAX (n_theirs, 1); o++)
        {
          CongkakState after;
          int value;

          congkak_opening_clear (opening);
          congkak_opening_add_choice (opening, side, mine[m]);
          if (n_theirs > 0)
            congkak_opening_add_choice (opening, other, theirs[o]);
          finish_opening_greedily (&computer->rules, start, opening, &after);
          if (is_cancelled (cancel)
              || !value_after_opening (computer, &after, side, options, &value, &nodes))
            return set_cancelled (error);
          worst[m] = MIN (worst[m], value);
          sum += value;
        }
      /* Rounded down alike for every hole, so the order stays. */
      mean[m] = sum / (int) MAX (n_theirs, 1);
    }

  if (params->temperature > 0)
    {
      g_autoptr (GRand) rand = decision_rand (options->seed, start);

      chosen = softmax_draw (mean, n_mine, params->temperature, rand);
    }
  else
    for (guint m = 1; m < n_mine; m++)
      if (worst[m] > worst[chosen] || (worst[m] == worst[chosen] && mean[m] > mean[chosen]))
        chosen = m;

  *out = (CongkakComputerMove) {
    .kind = CONGKAK_MOVE_OPENING,
    .side = side,
    .hole = mine[chosen],
    .score = params->temperature > 0 ? mean[chosen] : worst[chosen],
    .exact = FALSE,
    .depth = params->opening_depth,
    .nodes = nodes,
  };
  return TRUE;
}

static gboolean
choose_further_opening_hole (CongkakComputer              *computer,
                             const CongkakState           *start,
                             const CongkakOpening         *so_far,
                             CongkakSide                   side,
                             const CongkakState           *now,
                             const CongkakComputerOptions *options,
                             const gint                   *cancel,
                             CongkakComputerMove          *out,
                             GError                      **error)
{
  const LevelParams *params = &level_params[options->level];
  g_autofree CongkakOpening *opening = g_new (CongkakOpening, 1);
  guint8 holes[CONGKAK_MAX_HOLES];
  int values[CONGKAK_MAX_HOLES];
  guint n = choosable_holes (&now->position, side, holes);
  guint64 nodes = 0;
  guint chosen = 0;

  g_assert (n > 0);
  congkak_search_set_cancel (computer->search, cancel);
  for (guint i = 0; i < n; i++)
    {
      CongkakState after;

      *opening = *so_far;
      congkak_opening_add_choice (opening, side, holes[i]);
      finish_opening_greedily (&computer->rules, start, opening, &after);
      if (is_cancelled (cancel)
          || !value_after_opening (computer, &after, side, options, &values[i], &nodes))
        return set_cancelled (error);
    }

  if (params->temperature > 0)
    {
      g_autoptr (GRand) rand = decision_rand (options->seed, now);

      chosen = softmax_draw (values, n, params->temperature, rand);
    }
  else
    for (guint i = 1; i < n; i++)
      if (values[i] > values[chosen])
        chosen = i;

  *out = (CongkakComputerMove) {
    .kind = CONGKAK_MOVE_OPENING,
    .side = side,
    .hole = holes[chosen],
    .score = values[chosen],
    .exact = FALSE,
    .depth = params->opening_depth,
    .nodes = nodes,
  };
  return TRUE;
}

static gboolean
choose_opening (CongkakComputer              *computer,
                const CongkakState           *start,
                const CongkakOpening         *opening,
                CongkakSide                   side,
                const CongkakComputerOptions *options,
                const gint                   *cancel,
                CongkakComputerMove          *out,
                GError                      **error)
{
  g_autofree CongkakOpening *so_far = g_new0 (CongkakOpening, 1);
  g_autoptr (GError) play_error = NULL;
  CongkakState now = *start;
  CongkakSide needing;

  if (side != CONGKAK_SOUTH && side != CONGKAK_NORTH)
    {
      g_set_error_literal (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_NO_MOVE,
                           _("Say which player the computer chooses an opening hole for."));
      return FALSE;
    }

  /* The first choice never sees the other player's. */
  if (opening == NULL || opening->n_choices[side] == 0)
    {
      if (congkak_position_side_seeds (&start->position, side) == 0)
        {
          g_set_error_literal (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_NO_MOVE,
                               _("This player has no seeds to open with."));
          return FALSE;
        }
      return choose_first_opening_hole (computer, start, side, options, cancel, out, error);
    }

  *so_far = *opening;
  if (!congkak_state_play_opening (&now, &computer->rules, so_far, NULL, &needing, &play_error))
    {
      g_set_error (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_NO_MOVE,
                   "%s", play_error->message);
      return FALSE;
    }
  if (needing != side)
    {
      g_set_error_literal (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_NO_MOVE,
                           _("This player has no opening choice to make now."));
      return FALSE;
    }
  return choose_further_opening_hole (computer, start, so_far, side, &now, options, cancel, out, error);
}

/**
 * congkak_computer_choose:
 *
 * congkak_computer_choose_move() with @computer's table: see there.
 */
gboolean
congkak_computer_choose (CongkakComputer              *computer,
                         const CongkakState           *state,
                         const CongkakOpening         *opening,
                         CongkakSide                   side,
                         const CongkakComputerOptions *options,
                         const gint                   *cancel,
                         CongkakComputerMove          *out,
                         GError                      **error)
{
  CongkakComputerMove move = { 0 };

  g_return_val_if_fail (computer != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (options->level < CONGKAK_N_LEVELS, FALSE);
  g_return_val_if_fail (options->max_seconds >= 0, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (is_cancelled (cancel))
    return set_cancelled (error);

  switch (state->phase)
    {
    case CONGKAK_PHASE_OPENING:
      if (!choose_opening (computer, state, opening, side, options, cancel, &move, error))
        return FALSE;
      break;

    case CONGKAK_PHASE_PLAYING:
      if (side != CONGKAK_NOBODY && side != state->position.to_move)
        {
          g_set_error_literal (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_NO_MOVE,
                               _("It is the other player’s turn."));
          return FALSE;
        }
      if (!choose_sowing (computer, state, options, cancel, &move, error))
        return FALSE;
      break;

    case CONGKAK_PHASE_ROUND_OVER:
      move.kind = CONGKAK_MOVE_NEXT_ROUND;
      move.side = side;
      move.score = congkak_search_round_end_value (computer->search, state,
                                                   side == CONGKAK_NORTH ? CONGKAK_NORTH : CONGKAK_SOUTH);
      move.exact = TRUE;
      break;

    case CONGKAK_PHASE_MATCH_OVER:
    default:
      g_set_error_literal (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_NO_MOVE,
                           _("The match is over."));
      return FALSE;
    }

  *out = move;
  return TRUE;
}

/**
 * congkak_computer_choose_move:
 * @rules: the match's rules
 * @state: the game as it stands; in the opening, the state before the
 *   opening (phase CONGKAK_PHASE_OPENING)
 * @opening: (nullable): in the opening, the choices made so far
 * @side: the computer's side; needed in the opening, otherwise
 *   CONGKAK_NOBODY or the player to move
 * @options: level, seed and limits, from congkak_computer_options_init()
 * @cancel: (nullable): a flag that stops the search when set
 * @out: (out caller-allocates): the move, unchanged on failure
 *
 * Chooses the computer's move; the contract is at the top of
 * congkak-computer.h.
 *
 * Returns: %FALSE with CONGKAK_COMPUTER_ERROR_CANCELLED or
 *   CONGKAK_COMPUTER_ERROR_NO_MOVE.
 */
gboolean
congkak_computer_choose_move (const CongkakRules           *rules,
                              const CongkakState           *state,
                              const CongkakOpening         *opening,
                              CongkakSide                   side,
                              const CongkakComputerOptions *options,
                              const gint                   *cancel,
                              CongkakComputerMove          *out,
                              GError                      **error)
{
  g_autoptr (CongkakComputer) computer = NULL;

  g_return_val_if_fail (rules != NULL, FALSE);

  computer = congkak_computer_new (rules);
  return congkak_computer_choose (computer, state, opening, side, options, cancel, out, error);
}

/**
 * congkak_computer_hint:
 *
 * The move the hard level finds in 0.5 s, for the player to move (for
 * @side in the opening), with its score; see congkak_computer_choose_move().
 */
gboolean
congkak_computer_hint (const CongkakRules    *rules,
                       const CongkakState    *state,
                       const CongkakOpening  *opening,
                       CongkakSide            side,
                       const gint            *cancel,
                       CongkakComputerMove   *out,
                       GError               **error)
{
  CongkakComputerOptions options;

  congkak_computer_options_init_hint (&options);
  return congkak_computer_choose_move (rules, state, opening, side, &options, cancel, out, error);
}

/**
 * congkak_computer_evaluate:
 * @state: a state in normal play
 * @options: the level's search limits (its random choices are not used)
 * @best: (out caller-allocates): the best move found and its score, for
 *   the player to move
 *
 * What the position is worth: the move the level thinks best, with no
 * randomness.
 */
gboolean
congkak_computer_evaluate (CongkakComputer              *computer,
                           const CongkakState           *state,
                           const CongkakComputerOptions *options,
                           const gint                   *cancel,
                           CongkakComputerMove          *best,
                           GError                      **error)
{
  CongkakComputerMove move = { 0 };

  g_return_val_if_fail (computer != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (options->level < CONGKAK_N_LEVELS, FALSE);
  g_return_val_if_fail (best != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (state->phase != CONGKAK_PHASE_PLAYING)
    {
      g_set_error_literal (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_NO_MOVE,
                           _("There is no move to choose in this position."));
      return FALSE;
    }
  if (is_cancelled (cancel))
    return set_cancelled (error);
  if (!best_without_noise (computer, state, options, cancel, &move, error))
    return FALSE;
  *best = move;
  return TRUE;
}

/**
 * congkak_computer_judge:
 * @state: a state in normal play
 * @played_hole: the move that was played there
 * @options: the level's search limits (its random choices are not used:
 *   the judge always takes the best move it finds)
 * @best: (out caller-allocates): the best move found, with its score
 * @played_score: (out): the score of @played_hole, searched as deep
 *
 * For match analysis: the best move and how much worse the played move
 * is, both for the player to move and on the same scale.  If the played
 * move scores better than the best found (a deeper look at one move can
 * do that), it becomes the best.
 */
gboolean
congkak_computer_judge (CongkakComputer              *computer,
                        const CongkakState           *state,
                        guint                         played_hole,
                        const CongkakComputerOptions *options,
                        const gint                   *cancel,
                        CongkakComputerMove          *best,
                        int                          *played_score,
                        GError                      **error)
{
  CongkakComputerMove move = { 0 };
  int played;

  g_return_val_if_fail (computer != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (congkak_state_is_legal (state, &computer->rules, played_hole), FALSE);
  g_return_val_if_fail (best != NULL, FALSE);
  g_return_val_if_fail (played_score != NULL, FALSE);

  if (!congkak_computer_evaluate (computer, state, options, cancel, &move, error))
    return FALSE;

  if (move.hole == played_hole)
    played = move.score;
  else
    {
      congkak_search_set_node_limit (computer->search, 0);
      if (!congkak_search_move_value (computer->search, state, played_hole, MAX (move.depth, 1), &played))
        return set_cancelled (error);
      /* On the same scale as the best move's margin: the one at the end of
       * the line the search found after the move played. */
      if (options->margin_score && tells_margin (computer, played))
        {
          CongkakState after = *state;
          gboolean reached_end;

          congkak_state_play_fast (&after, &computer->rules, played_hole);
          played = line_margin (computer, &after, state->position.to_move, &reached_end);
        }
      if (played > move.score)
        {
          move.hole = played_hole;
          move.score = played;
        }
    }

  *best = move;
  *played_score = played;
  return TRUE;
}

typedef struct
{
  CongkakComputer        *computer;  /* NULL for a random player or one from outside */
  CongkakComputerOptions  options;
  CongkakSide             side;
  CongkakChooseFunc       choose;
  gpointer                choose_data;
  GPtrArray              *moves;     /* the match's moves so far, NULL-terminated */
} MatchPlayer;

/* Notes @move in @moves, which stays NULL-terminated. */
static void
log_move (GPtrArray         *moves,
          const CongkakMove *move)
{
  g_ptr_array_set_size (moves, moves->len - 1);
  g_ptr_array_add (moves, congkak_move_to_string (move));
  g_ptr_array_add (moves, NULL);
}

/* One decision of @player: a hole to sow, or to open with (@board is the
 * board at that moment of the opening). */
static gboolean
decide (MatchPlayer                *player,
        const CongkakRules         *rules,
        const CongkakState         *state,
        const CongkakPosition      *board,
        const CongkakOpening       *opening,
        GRand                      *rand,
        const gint                 *cancel,
        CongkakComputerMatchResult *result,
        guint                      *hole,
        GError                    **error)
{
  CongkakComputerMove move;
  gint64 start = g_get_monotonic_time ();

  result->decisions[player->side]++;
  if (player->choose != NULL)
    {
      if (!player->choose (rules, (const char * const *) player->moves->pdata, state, opening, player->side,
                           player->choose_data, &move, error))
        return FALSE;
      result->nodes[player->side] += move.nodes;
      result->usec[player->side] += g_get_monotonic_time () - start;
      *hole = move.hole;
      return TRUE;
    }
  if (player->computer == NULL)
    {
      guint8 holes[CONGKAK_MAX_HOLES];
      guint n = state->phase == CONGKAK_PHASE_OPENING
                ? choosable_holes (board, player->side, holes)
                : congkak_state_legal_moves (state, rules, holes);

      g_assert (n > 0);
      *hole = holes[g_rand_int_range (rand, 0, n)];
      return TRUE;
    }
  if (!congkak_computer_choose (player->computer, state, opening, player->side, &player->options,
                                cancel, &move, error))
    return FALSE;
  result->nodes[player->side] += move.nodes;
  result->usec[player->side] += g_get_monotonic_time () - start;
  *hole = move.hole;
  return TRUE;
}

/* Both players' opening: first holes chosen blind, then each further
 * choice when the lockstep sowing asks for it. */
static gboolean
play_match_opening (MatchPlayer                 players[2],
                    CongkakGame                 *game,
                    GRand                       *rand,
                    const gint                  *cancel,
                    CongkakComputerMatchResult  *result,
                    GError                     **error)
{
  const CongkakRules *rules = congkak_game_get_rules (game);
  const CongkakState *start = congkak_game_get_state (game);
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  CongkakMove move = { .kind = CONGKAK_MOVE_OPENING };
  guint first[2] = { 0, 0 };

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    if (congkak_position_side_seeds (&start->position, side) > 0
        && !decide (&players[side], rules, start, &start->position, NULL, rand, cancel, result,
                    &first[side], error))
      return FALSE;
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    if (congkak_position_side_seeds (&start->position, side) > 0)
      congkak_opening_add_choice (opening, side, first[side]);

  for (;;)
    {
      CongkakState attempt;
      CongkakSide needing;
      guint hole;

      replay_opening (rules, start, opening, &attempt, &needing);
      if (needing == CONGKAK_NOBODY)
        break;
      if (!decide (&players[needing], rules, start, &attempt.position, opening, rand, cancel, result,
                   &hole, error))
        return FALSE;
      if (!congkak_opening_add_choice (opening, needing, hole))
        g_error ("An opening between computers is too long");
    }

  move.opening = opening;
  if (!congkak_game_play (game, &move, NULL, error))
    return FALSE;
  log_move (players[0].moves, &move);
  return TRUE;
}

/**
 * congkak_computer_play_match:
 * @players: South's and North's player
 * @seed: the random player's seed; mixed into the computers' seeds too,
 *   so that each match of a series differs
 * @move_limit: stop after this many moves (Oware and long multi-round
 *   matches can go on and on), 0 for none
 * @result: (out caller-allocates): how it went
 *
 * Plays a whole match, for `congkak-cli match` and the strength tests.
 *
 * Returns: %FALSE if cancelled, or with the error of a player from
 *   outside that could not choose.
 */
gboolean
congkak_computer_play_match (const CongkakRules          *rules,
                             const CongkakAutoPlayer  players[2],
                             guint64                      seed,
                             guint                        move_limit,
                             const gint                  *cancel,
                             CongkakComputerMatchResult  *result,
                             GError                     **error)
{
  return congkak_computer_play_match_from (rules, NULL, players, NULL, seed, move_limit, cancel, result, error);
}

/**
 * congkak_computer_play_match_from:
 * @start: (nullable) (array zero-terminated=1): moves played first, as
 *   congkak_move_to_string() writes them (an opening to start from); they
 *   do not count in @result
 * @outside: (nullable) (array fixed-size=2): South's and North's player
 *   from outside, each instead of its @players entry where it has a
 *   choose function
 *
 * congkak_computer_play_match() from the position after @start.
 *
 * Returns: %FALSE if cancelled, with the error of a player from outside
 *   that could not choose, or if a move of @start cannot be played.
 */
gboolean
congkak_computer_play_match_from (const CongkakRules          *rules,
                                  const char * const          *start,
                                  const CongkakAutoPlayer      players[2],
                                  const CongkakOutsidePlayer  *outside,
                                  guint64                      seed,
                                  guint                        move_limit,
                                  const gint                  *cancel,
                                  CongkakComputerMatchResult  *result,
                                  GError                     **error)
{
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GRand) rand = NULL;
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  MatchPlayer match_players[2];
  gboolean ok = TRUE;

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (players != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (result, 0, sizeof *result);
  game = congkak_game_new (rules);
  rand = g_rand_new_with_seed ((guint32) (seed ^ (seed >> 32)));
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      match_players[side].side = side;
      match_players[side].options = players[side].options;
      match_players[side].options.seed = players[side].options.seed * 1000003u + seed * 2 + side;
      match_players[side].choose = outside ? outside[side].choose : NULL;
      match_players[side].choose_data = outside ? outside[side].user_data : NULL;
      match_players[side].computer = players[side].random || match_players[side].choose
                                     ? NULL : congkak_computer_new (rules);
      if (match_players[side].computer != NULL)
        congkak_computer_set_oware_endgame_shelf (match_players[side].computer, players[side].oware_endgame_shelf);
      match_players[side].moves = moves;
    }
  g_ptr_array_add (moves, NULL);
  for (guint i = 0; ok && start != NULL && start[i] != NULL; i++)
    {
      ok = congkak_game_play_text (game, start[i], NULL, error);
      if (ok)
        {
          g_ptr_array_set_size (moves, moves->len - 1);
          g_ptr_array_add (moves, g_strdup (start[i]));
          g_ptr_array_add (moves, NULL);
        }
    }

  while (ok && congkak_game_get_state (game)->phase != CONGKAK_PHASE_MATCH_OVER
         && (move_limit == 0 || result->moves < move_limit))
    {
      const CongkakState *state = congkak_game_get_state (game);
      CongkakMove move = { .kind = CONGKAK_MOVE_NEXT_ROUND };

      switch (state->phase)
        {
        case CONGKAK_PHASE_OPENING:
          ok = play_match_opening (match_players, game, rand, cancel, result, error);
          break;

        case CONGKAK_PHASE_PLAYING:
          move.kind = CONGKAK_MOVE_SOW;
          move.side = state->position.to_move;
          ok = decide (&match_players[move.side], rules, state, &state->position, NULL, rand, cancel,
                       result, &move.hole, error)
               && congkak_game_play (game, &move, NULL, error);
          if (ok)
            log_move (moves, &move);
          break;

        case CONGKAK_PHASE_ROUND_OVER:
        default:
          ok = congkak_game_play (game, &move, NULL, error);
          if (ok)
            log_move (moves, &move);
          break;
        }
      result->moves++;
    }

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    congkak_computer_free (match_players[side].computer);
  if (!ok)
    return FALSE;

  result->final = *congkak_game_get_state (game);
  result->finished = result->final.phase == CONGKAK_PHASE_MATCH_OVER;
  result->rounds = result->final.round;
  return TRUE;
}
