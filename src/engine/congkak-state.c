/* congkak-state.c — openings, round ends, refills and match ends
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-sowing-private.h"
#include "congkak-state.h"

G_DEFINE_QUARK (congkak-move-error-quark, congkak_move_error)
G_DEFINE_QUARK (congkak-position-error-quark, congkak_position_error)

static CongkakSide
leader (const CongkakPosition *position)
{
  if (position->store[CONGKAK_SOUTH] > position->store[CONGKAK_NORTH])
    return CONGKAK_SOUTH;
  if (position->store[CONGKAK_NORTH] > position->store[CONGKAK_SOUTH])
    return CONGKAK_NORTH;
  return CONGKAK_NOBODY;
}

static void
record_totals (GArray                *events,
               CongkakEventType       type,
               CongkakSide            player,
               guint                  reason,
               const guint16          amount[2])
{
  CongkakEvent event = {
    .type = type,
    .player = player,
    .reason = reason,
    .place = CONGKAK_NO_PLACE,
  };

  event.amount[0] = amount[0];
  event.amount[1] = amount[1];
  g_array_append_val (events, event);
}

static void
end_match (CongkakState          *state,
           CongkakMatchEndReason  reason,
           GArray                *events)
{
  state->phase = CONGKAK_PHASE_MATCH_OVER;
  state->match_end_reason = reason;
  state->match_winner = leader (&state->position);
  if (events)
    record_totals (events, CONGKAK_EVENT_MATCH_END, state->match_winner, reason,
                   state->position.store);
}

/* Ends the round; `collect` says whose remaining seeds go to their own store
 * (RULES.md 3 and 7), then the match end check of section 4.1. */
static void
finish_round (CongkakState          *state,
              const CongkakRules    *rules,
              CongkakRoundEndReason  reason,
              const gboolean         collect[2],
              GArray                *events)
{
  CongkakPosition *position = &state->position;
  guint16 collected[2] = { 0, 0 };
  guint needed;

  for (guint side = 0; side < 2; side++)
    {
      if (!collect[side])
        continue;
      for (guint i = 0; i < position->n_holes; i++)
        {
          collected[side] += position->holes[side][i];
          position->holes[side][i] = 0;
        }
      position->store[side] += collected[side];
    }

  position->to_move = CONGKAK_NOBODY;
  state->round_winner = leader (position);
  state->round_end_reason = reason;
  state->phase = CONGKAK_PHASE_ROUND_OVER;
  if (events)
    record_totals (events, CONGKAK_EVENT_ROUND_END, state->round_winner, reason, collected);

  if (rules->family == CONGKAK_FAMILY_OWARE || !rules->multi_round)
    {
      end_match (state, CONGKAK_MATCH_END_SINGLE_ROUND, events);
      return;
    }

  if (reason == CONGKAK_ROUND_END_DECIDED)
    {
      end_match (state, CONGKAK_MATCH_END_DECIDED, events);
      return;
    }

  needed = rules->min_holes * rules->seeds;
  if (position->store[CONGKAK_SOUTH] < needed || position->store[CONGKAK_NORTH] < needed)
    end_match (state, CONGKAK_MATCH_END_MIN_HOLES, events);
  else if (rules->max_rounds > 0 && state->round >= rules->max_rounds)
    end_match (state, CONGKAK_MATCH_END_MAX_ROUNDS, events);
}

static inline gboolean
oware_can_feed (const CongkakPosition *position,
                CongkakSide            side)
{
  guint n = position->n_holes;

  for (guint i = 0; i < n; i++)
    if (position->holes[side][i] > n - 1 - i)
      return TRUE;
  return FALSE;
}

/* The checks after a move (or an opening) of RULES.md 3, 4.5 and 7;
 * position.to_move already names who would move next. */
static inline G_ALWAYS_INLINE void
judge_position (CongkakState       *state,
                const CongkakRules *rules,
                GArray             *events)
{
  CongkakPosition *position = &state->position;
  CongkakSide next = position->to_move;
  CongkakSide other = CONGKAK_OTHER_SIDE (next);
  guint next_seeds = congkak_position_side_seeds (position, next);
  guint other_seeds = congkak_position_side_seeds (position, other);

  if (rules->family == CONGKAK_FAMILY_OWARE)
    {
      guint total = congkak_position_total_seeds (position);
      guint south = 2 * position->store[CONGKAK_SOUTH];
      guint north = 2 * position->store[CONGKAK_NORTH];

      if (south > total || north > total || (south == total && north == total))
        finish_round (state, rules, CONGKAK_ROUND_END_MAJORITY, (gboolean[2]) { FALSE, FALSE }, events);
      else if (next_seeds == 0)
        {
          gboolean collect[2] = { FALSE, FALSE };

          collect[other] = TRUE;
          finish_round (state, rules, CONGKAK_ROUND_END_NO_SEEDS, collect, events);
        }
      else if (other_seeds == 0)
        {
          if (!oware_can_feed (position, next))
            {
              gboolean collect[2] = { FALSE, FALSE };

              collect[next] = TRUE;
              finish_round (state, rules, CONGKAK_ROUND_END_CANNOT_FEED, collect, events);
            }
          else if (events)
            congkak_record (events, CONGKAK_EVENT_FEEDING_FORCED, next, 0, CONGKAK_NO_PLACE, 0, 0);
        }
      return;
    }

  if (rules->multi_round && rules->stop_when_decided)
    {
      guint total = congkak_position_total_seeds (position);
      guint needed = rules->min_holes * rules->seeds;

      if (total >= needed
          && (position->store[CONGKAK_SOUTH] > total - needed
              || position->store[CONGKAK_NORTH] > total - needed))
        {
          finish_round (state, rules, CONGKAK_ROUND_END_DECIDED, (gboolean[2]) { FALSE, FALSE }, events);
          return;
        }
    }

  switch (rules->empty_side)
    {
    case CONGKAK_EMPTY_SIDE_END_ROUND:
      if (next_seeds == 0 || other_seeds == 0)
        finish_round (state, rules, CONGKAK_ROUND_END_EMPTY_SIDE, (gboolean[2]) { TRUE, TRUE }, events);
      break;

    case CONGKAK_EMPTY_SIDE_MOVER_CANNOT_MOVE:
      if (next_seeds == 0)
        {
          gboolean collect[2] = { FALSE, FALSE };

          collect[other] = TRUE;
          finish_round (state, rules, CONGKAK_ROUND_END_MOVER_CANNOT_MOVE, collect, events);
        }
      break;

    case CONGKAK_EMPTY_SIDE_PASS:
      if (next_seeds == 0 && other_seeds == 0)
        finish_round (state, rules, CONGKAK_ROUND_END_BOTH_SIDES_EMPTY, (gboolean[2]) { FALSE, FALSE }, events);
      else if (next_seeds == 0)
        {
          if (events)
            congkak_record (events, CONGKAK_EVENT_PASS, next, 0, CONGKAK_NO_PLACE, 0, 0);
          position->to_move = other;
        }
      break;

    default:
      g_assert_not_reached ();
    }
}

/* A pass is not a move (RULES.md 4.3): once a round is being played, its
 * starter is the player who makes its first sowing move, not a player who
 * passed before it.  Call after judge_position() at the start of a round. */
static void
note_first_sowing_player (CongkakState *state)
{
  if (state->phase == CONGKAK_PHASE_PLAYING)
    state->round_starter = state->position.to_move;
}

void
congkak_state_init (CongkakState       *state,
                    const CongkakRules *rules)
{
  CongkakPosition position;

  g_return_if_fail (state != NULL);
  g_return_if_fail (rules != NULL);

  congkak_position_init_start (&position, rules);
  if (rules->family == CONGKAK_FAMILY_STORE && rules->simultaneous_opening)
    position.to_move = CONGKAK_NOBODY;
  congkak_state_init_from_position (state, rules, &position, NULL);
}

/* What the engine needs to run from @position at all: the board's size,
 * someone (or the opening) to move, and burnt holes that are empty. */
static gboolean
check_position_shape (const CongkakRules    *rules,
                      const CongkakPosition *position,
                      GError               **error)
{
  gboolean opening = rules->family == CONGKAK_FAMILY_STORE && rules->simultaneous_opening;

  if (position->n_holes != rules->holes)
    {
      g_set_error (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_SHAPE,
                   ngettext ("The position has %u hole a side, but the rules have %u.",
                             "The position has %u holes a side, but the rules have %u.",
                             position->n_holes),
                   position->n_holes, rules->holes);
      return FALSE;
    }

  if (position->to_move == CONGKAK_NOBODY ? !opening
      : position->to_move != CONGKAK_SOUTH && position->to_move != CONGKAK_NORTH)
    {
      g_set_error_literal (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_SHAPE,
                           _("The position does not say which player moves first."));
      return FALSE;
    }

  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < CONGKAK_MAX_HOLES; i++)
      {
        gboolean burnt = (position->burnt[side] & (1u << i)) != 0;

        if (i >= rules->holes && (position->holes[side][i] != 0 || burnt))
          {
            g_set_error_literal (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_SHAPE,
                                 _("The position has seeds outside the board."));
            return FALSE;
          }
        if (burnt && (position->holes[side][i] != 0 || rules->family == CONGKAK_FAMILY_OWARE))
          {
            g_set_error (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_BURNT,
                         rules->family == CONGKAK_FAMILY_OWARE
                         ? _("Hole %c is burnt, but Oware has no burnt holes.")
                         : _("Hole %c is burnt but holds seeds."),
                         congkak_hole_letter (side, i));
            return FALSE;
          }
      }

  if (position->burnt[0] >> CONGKAK_MAX_HOLES || position->burnt[1] >> CONGKAK_MAX_HOLES)
    {
      g_set_error_literal (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_SHAPE,
                           _("The position has seeds outside the board."));
      return FALSE;
    }
  return TRUE;
}

/**
 * congkak_state_init_from_position:
 * @position: a start position; `to_move` CONGKAK_NOBODY asks for the
 *   simultaneous opening (store games with that option only)
 *
 * Starts round 1 from any position the engine can run (tests and search
 * use positions no match could reach).  A position whose round is already
 * over by the rules (an empty side, say) starts with the round over.
 * Matches check their start with congkak_position_validate() first.
 */
gboolean
congkak_state_init_from_position (CongkakState          *state,
                                  const CongkakRules    *rules,
                                  const CongkakPosition *position,
                                  GError               **error)
{
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_position_shape (rules, position, error))
    return FALSE;

  memset (state, 0, sizeof *state);
  state->position = *position;
  state->round = 1;
  state->last_mover = CONGKAK_NOBODY;
  state->round_winner = CONGKAK_NOBODY;
  state->match_winner = CONGKAK_NOBODY;

  if (position->to_move == CONGKAK_NOBODY)
    {
      state->phase = CONGKAK_PHASE_OPENING;
      state->round_starter = CONGKAK_NOBODY;
      return TRUE;
    }

  state->phase = CONGKAK_PHASE_PLAYING;
  state->round_starter = position->to_move;
  judge_position (state, rules, NULL);
  note_first_sowing_player (state);
  return TRUE;
}

/* Why nothing can be played from @state, whose match ended as it began. */
static char *
describe_over_at_once (const CongkakState    *state,
                       const CongkakRules    *rules,
                       const CongkakPosition *start)
{
  CongkakSide mover = start->to_move;
  CongkakSide other = CONGKAK_OTHER_SIDE (mover);
  CongkakSide empty = congkak_position_side_seeds (start, mover) == 0 ? mover : other;
  g_autofree char *reason = NULL;

  switch (state->round_end_reason)
    {
    case CONGKAK_ROUND_END_EMPTY_SIDE:
      reason = g_strdup_printf (_("%s has no seeds in their holes, and by these rules an empty side ends the round"),
                                congkak_side_get_name (empty));
      break;
    case CONGKAK_ROUND_END_MOVER_CANNOT_MOVE:
    case CONGKAK_ROUND_END_NO_SEEDS:
      reason = g_strdup_printf (_("%s is to move but has no seeds in their holes"), congkak_side_get_name (mover));
      break;
    case CONGKAK_ROUND_END_BOTH_SIDES_EMPTY:
      reason = g_strdup (_("Neither player has seeds in their holes"));
      break;
    case CONGKAK_ROUND_END_DECIDED:
      reason = g_strdup_printf (_("%s’s store already holds more than the other player could ever make up, and these rules stop a match once it is decided"),
                                congkak_side_get_name (start->store[CONGKAK_SOUTH] > start->store[CONGKAK_NORTH]
                                           ? CONGKAK_SOUTH : CONGKAK_NORTH));
      break;
    case CONGKAK_ROUND_END_MAJORITY:
      reason = g_strdup (_("A player has already captured half of the seeds or more"));
      break;
    case CONGKAK_ROUND_END_CANNOT_FEED:
      reason = g_strdup_printf (_("%s has no seeds, and %s has no move that sows into their side"),
                                congkak_side_get_name (other), congkak_side_get_name (mover));
      break;
    default:
      reason = g_strdup (_("The round is over at once"));
      break;
    }

  if (rules->family == CONGKAK_FAMILY_STORE && rules->multi_round
      && state->match_end_reason == CONGKAK_MATCH_END_MIN_HOLES)
    /* TRANSLATORS: %s is a reason, such as "North has no seeds in their holes" */
    return g_strdup_printf (_("%s; the round would end at once, and then a player could not fill enough holes for another round, so the match would be over before the first move."),
                            reason);
  if (rules->family == CONGKAK_FAMILY_STORE && rules->multi_round
      && state->match_end_reason == CONGKAK_MATCH_END_MAX_ROUNDS)
    /* TRANSLATORS: %s is a reason, such as "North has no seeds in their holes" */
    return g_strdup_printf (_("%s; the round would end at once, and it is the last round, so the match would be over before the first move."),
                            reason);
  /* TRANSLATORS: %s is a reason, such as "North has no seeds in their holes" */
  return g_strdup_printf (_("%s: the game would be over before the first move."), reason);
}

/**
 * congkak_position_validate:
 * @position: a start position, as congkak_state_init_from_position() takes
 *
 * Checks that a match can start from @position under @rules: the position
 * editor, the file loaders and congkak_match_new_from_position() share
 * this.  Besides what the engine needs, the board must hold from 1 to
 * %CONGKAK_MAX_TOTAL_SEEDS seeds, only matches of several rounds may have
 * burnt holes, both players need seeds for a simultaneous opening, and
 * something must be left to play.  The number of seeds need not be a
 * full set: no rule depends on it.  A multi-round position whose round is
 * already over is fine (the next move is the refill).
 *
 * Returns: %TRUE if a match can start here; else %FALSE with a translated
 *   reason in @error (%CONGKAK_POSITION_ERROR).
 */
gboolean
congkak_position_validate (const CongkakRules    *rules,
                           const CongkakPosition *position,
                           GError               **error)
{
  CongkakState state;
  guint total;

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_position_shape (rules, position, error))
    return FALSE;

  total = congkak_position_total_seeds (position);
  if (total == 0)
    {
      g_set_error_literal (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_SEED_COUNT,
                           _("The board is empty: put some seeds in the holes."));
      return FALSE;
    }
  if (total > CONGKAK_MAX_TOTAL_SEEDS)
    {
      g_set_error (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_SEED_COUNT,
                   ngettext ("The position holds %u seed; a board holds at most %u.",
                             "The position holds %u seeds; a board holds at most %u.", total),
                   total, CONGKAK_MAX_TOTAL_SEEDS);
      return FALSE;
    }

  if (!(rules->family == CONGKAK_FAMILY_STORE && rules->multi_round))
    for (guint side = 0; side < 2; side++)
      for (guint i = 0; i < rules->holes; i++)
        if (congkak_position_is_burnt (position, side, i))
          {
            g_set_error (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_BURNT,
                         _("Hole %c is burnt, but only matches of several rounds have burnt holes."),
                         congkak_hole_letter (side, i));
            return FALSE;
          }

  if (position->to_move == CONGKAK_NOBODY)
    {
      for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
        if (congkak_position_side_seeds (position, side) == 0)
          {
            g_set_error (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY,
                         _("%s has no seeds in their holes, but in the simultaneous opening both players sow."),
                         congkak_side_get_name (side));
            return FALSE;
          }
      return TRUE;
    }

  congkak_state_init_from_position (&state, rules, position, NULL);
  if (state.phase == CONGKAK_PHASE_MATCH_OVER)
    {
      g_autofree char *message = describe_over_at_once (&state, rules, position);

      g_set_error_literal (error, CONGKAK_POSITION_ERROR, CONGKAK_POSITION_ERROR_NOTHING_TO_PLAY, message);
      return FALSE;
    }
  return TRUE;
}

/**
 * congkak_state_legal_moves:
 * @holes: (out caller-allocates): the holes the player to move may sow
 *
 * Returns: the number of legal holes; 0 outside normal play.
 */
guint
congkak_state_legal_moves (const CongkakState *state,
                           const CongkakRules *rules,
                           guint8              holes[CONGKAK_MAX_HOLES])
{
  const CongkakPosition *position;
  CongkakSide side;
  gboolean must_feed;
  guint n_legal = 0;

  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (rules != NULL, 0);

  if (state->phase != CONGKAK_PHASE_PLAYING)
    return 0;

  position = &state->position;
  side = position->to_move;
  must_feed = rules->family == CONGKAK_FAMILY_OWARE
              && congkak_position_side_seeds (position, CONGKAK_OTHER_SIDE (side)) == 0;

  for (guint i = 0; i < position->n_holes; i++)
    {
      guint seeds = position->holes[side][i];

      if (seeds == 0 || (position->burnt[side] & (1u << i)))
        continue;
      if (must_feed && seeds <= position->n_holes - 1 - i)
        continue;
      holes[n_legal++] = i;
    }
  return n_legal;
}

gboolean
congkak_state_is_legal (const CongkakState *state,
                        const CongkakRules *rules,
                        guint               hole)
{
  guint8 legal[CONGKAK_MAX_HOLES];
  guint n_legal;

  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  n_legal = congkak_state_legal_moves (state, rules, legal);
  for (guint i = 0; i < n_legal; i++)
    if (legal[i] == hole)
      return TRUE;
  return FALSE;
}

static gboolean
check_phase_for_sowing (const CongkakState  *state,
                        GError             **error)
{
  switch (state->phase)
    {
    case CONGKAK_PHASE_PLAYING:
      return TRUE;
    case CONGKAK_PHASE_OPENING:
      g_set_error_literal (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_WRONG_PHASE,
                           _("The match starts with the simultaneous opening: both players choose a hole first."));
      return FALSE;
    case CONGKAK_PHASE_ROUND_OVER:
      g_set_error_literal (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_WRONG_PHASE,
                           _("The round is over: the next move must start the next round."));
      return FALSE;
    case CONGKAK_PHASE_MATCH_OVER:
    default:
      g_set_error_literal (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_MATCH_OVER,
                           _("The match is over: no more moves can be played."));
      return FALSE;
    }
}

/**
 * congkak_state_play:
 * @side: the player who sows (checked against the player to move)
 * @hole: the hole index in @side's sowing order
 * @events: (nullable): where to append the move's events
 *
 * Plays one sowing move with every check and every consequence: the
 * landing, extra turns, passes, and the end of the round or the match.
 */
gboolean
congkak_state_play (CongkakState        *state,
                    const CongkakRules  *rules,
                    CongkakSide          side,
                    guint                hole,
                    GArray              *events,
                    GError             **error)
{
  const CongkakPosition *position;

  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_phase_for_sowing (state, error))
    return FALSE;

  position = &state->position;
  if (side != position->to_move)
    {
      g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_WRONG_SIDE,
                   _("It is %s’s turn, not %s’s."),
                   congkak_side_get_name (position->to_move), congkak_side_get_name (side));
      return FALSE;
    }
  if (hole >= position->n_holes)
    {
      g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                   ngettext ("There is no hole %c: each side has %u hole.",
                             "There is no hole %c: each side has %u holes.", position->n_holes),
                   congkak_hole_letter (side, MIN (hole, CONGKAK_MAX_HOLES - 1)), position->n_holes);
      return FALSE;
    }
  if (position->burnt[side] & (1u << hole))
    {
      g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                   _("Hole %c is burnt and cannot be chosen."), congkak_hole_letter (side, hole));
      return FALSE;
    }
  if (position->holes[side][hole] == 0)
    {
      g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                   _("Hole %c is empty and cannot be chosen."), congkak_hole_letter (side, hole));
      return FALSE;
    }
  if (!congkak_state_is_legal (state, rules, hole))
    {
      g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                   _("%s has no seeds, so %s must choose a hole that sows into %s’s side; %c does not reach it."),
                   congkak_side_get_name (CONGKAK_OTHER_SIDE (side)), congkak_side_get_name (side),
                   congkak_side_get_name (CONGKAK_OTHER_SIDE (side)), congkak_hole_letter (side, hole));
      return FALSE;
    }

  congkak_position_sow (&state->position, rules, hole, events);
  state->last_mover = side;
  judge_position (state, rules, events);
  return TRUE;
}

/**
 * congkak_state_play_fast:
 * @hole: a hole from congkak_state_legal_moves()
 *
 * congkak_state_play() without checks or events, for search and perft.
 *
 * Returns: the number of seeds dropped.
 */
guint
congkak_state_play_fast (CongkakState       *state,
                         const CongkakRules *rules,
                         guint               hole)
{
  guint drops;

  state->last_mover = state->position.to_move;
  drops = congkak_position_sow_fast (&state->position, rules, hole);
  judge_position (state, rules, NULL);
  return drops;
}

void
congkak_opening_clear (CongkakOpening *opening)
{
  g_return_if_fail (opening != NULL);

  opening->n_choices[0] = opening->n_choices[1] = 0;
}

/**
 * congkak_opening_add_choice:
 *
 * Returns: %FALSE if @side already has the most choices an opening can need.
 */
gboolean
congkak_opening_add_choice (CongkakOpening *opening,
                            CongkakSide     side,
                            guint           hole)
{
  g_return_val_if_fail (opening != NULL, FALSE);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, FALSE);
  g_return_val_if_fail (hole < CONGKAK_MAX_HOLES, FALSE);

  if (opening->n_choices[side] >= CONGKAK_MAX_OPENING_CHOICES)
    return FALSE;
  opening->choices[side][opening->n_choices[side]++] = hole;
  return TRUE;
}

typedef enum
{
  TAKE_CHOICE_OK,
  TAKE_CHOICE_NO_SEEDS,
  TAKE_CHOICE_NEEDED,
  TAKE_CHOICE_ERROR,
} TakeChoice;

/* Takes @side's next listed hole and picks it up, at the start or after a
 * seed fell into the own store. */
static TakeChoice
take_opening_choice (CongkakHand          *hand,
                     CongkakPosition      *position,
                     const CongkakOpening *opening,
                     guint                *next_choice,
                     CongkakSide           side,
                     guint                 tick,
                     GArray               *events,
                     GError              **error)
{
  guint hole;

  if (congkak_position_side_seeds (position, side) == 0)
    return TAKE_CHOICE_NO_SEEDS;

  if (*next_choice >= opening->n_choices[side])
    return TAKE_CHOICE_NEEDED;

  hole = opening->choices[side][(*next_choice)++];
  if (!congkak_position_can_choose (position, side, hole))
    {
      if (tick == 0)
        g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                     _("%s cannot open with hole %c: it is empty, burnt or not on the board."),
                     congkak_side_get_name (side), congkak_hole_letter (side, MIN (hole, CONGKAK_MAX_HOLES - 1)));
      else
        g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                     _("In the opening, %s’s seed fell into the store at tick %u, and %s then chose hole %c, which is empty or burnt at that moment."),
                     congkak_side_get_name (side), tick, congkak_side_get_name (side),
                     congkak_hole_letter (side, MIN (hole, CONGKAK_MAX_HOLES - 1)));
      return TAKE_CHOICE_ERROR;
    }

  congkak_hand_pick_up (hand, position, side, hole, CONGKAK_EVENT_PICK_UP, tick, events);
  return TAKE_CHOICE_OK;
}

/**
 * congkak_state_play_opening:
 * @opening: both players' hole choices, in order
 * @events: (nullable): where to append the events, each with its tick
 * @needs_choice: (out) (optional): set when a player's seed fell into their
 *   store and @opening lists no further choice for them
 *
 * Plays the simultaneous opening in lockstep (RULES.md 6).  When a choice
 * is missing and @needs_choice is given, returns %TRUE with *@needs_choice
 * set to that player and @state holding the board at that moment, still in
 * the opening phase: the caller asks the player, adds the choice and plays
 * the whole opening again from the original state.  Otherwise sets
 * *@needs_choice to CONGKAK_NOBODY and starts normal play.
 */
gboolean
congkak_state_play_opening (CongkakState          *state,
                            const CongkakRules    *rules,
                            const CongkakOpening  *opening,
                            GArray                *events,
                            CongkakSide           *needs_choice,
                            GError               **error)
{
  CongkakPosition position;
  CongkakHand hands[2];
  gboolean active[2] = { FALSE, FALSE };
  guint ended_tick[2] = { 0, 0 };
  guint next_choice[2] = { 0, 0 };
  CongkakSide first, needing;
  guint tick = 0;

  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (opening != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (needs_choice)
    *needs_choice = CONGKAK_NOBODY;

  if (state->phase != CONGKAK_PHASE_OPENING)
    {
      if (state->phase == CONGKAK_PHASE_MATCH_OVER)
        return check_phase_for_sowing (state, error);
      g_set_error_literal (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_WRONG_PHASE,
                           _("A simultaneous opening can only be played at the start of round 1."));
      return FALSE;
    }

  position = state->position;

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      switch (take_opening_choice (&hands[side], &position, opening, &next_choice[side],
                                   side, 0, events, error))
        {
        case TAKE_CHOICE_OK:
          active[side] = TRUE;
          break;
        case TAKE_CHOICE_NO_SEEDS:
          if (events)
            congkak_record (events, CONGKAK_EVENT_OPENING_FINISHED, side, 0, CONGKAK_NO_PLACE, 0, 0);
          break;
        case TAKE_CHOICE_NEEDED:
          needing = side;
          goto needs_more;
        case TAKE_CHOICE_ERROR:
        default:
          return FALSE;
        }
    }

  while (active[CONGKAK_SOUTH] || active[CONGKAK_NORTH])
    {
      tick++;
      for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
        {
          CongkakHand *hand = &hands[side];
          gboolean ended = FALSE;

          if (!active[side])
            continue;

          congkak_hand_drop_one (hand, &position, rules, tick, events);
          if (hand->seeds > 0)
            continue;

          switch (congkak_hand_land_store_game (hand, &position, rules, tick, events))
            {
            case CONGKAK_LANDING_RELAY:
              break;
            case CONGKAK_LANDING_EXTRA_TURN:
              switch (take_opening_choice (hand, &position, opening, &next_choice[side],
                                           side, tick, events, error))
                {
                case TAKE_CHOICE_OK:
                  break;
                case TAKE_CHOICE_NO_SEEDS:
                  ended = TRUE;
                  break;
                case TAKE_CHOICE_NEEDED:
                  needing = side;
                  goto needs_more;
                case TAKE_CHOICE_ERROR:
                default:
                  return FALSE;
                }
              break;
            case CONGKAK_LANDING_END:
            default:
              ended = TRUE;
              break;
            }

          if (ended)
            {
              active[side] = FALSE;
              ended_tick[side] = tick;
              if (events)
                congkak_record (events, CONGKAK_EVENT_OPENING_FINISHED, side, 0,
                                CONGKAK_NO_PLACE, tick, 0);
            }
        }
    }

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    if (next_choice[side] < opening->n_choices[side])
      {
        g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_OPENING_TOO_LONG,
                     ngettext ("The opening lists %u hole choice for %s, but only %u were needed.",
                               "The opening lists %u hole choices for %s, but only %u were needed.",
                               opening->n_choices[side]),
                     opening->n_choices[side], congkak_side_get_name (side), next_choice[side]);
        return FALSE;
      }

  first = ended_tick[CONGKAK_NORTH] < ended_tick[CONGKAK_SOUTH] ? CONGKAK_NORTH : CONGKAK_SOUTH;
  state->position = position;
  state->position.to_move = first;
  state->phase = CONGKAK_PHASE_PLAYING;
  /* If the round ends here, the side that ended first counts as its
   * starter and the side that ended later as its last mover (RULES.md 4.3). */
  state->round_starter = first;
  state->last_mover = CONGKAK_OTHER_SIDE (first);
  judge_position (state, rules, events);
  note_first_sowing_player (state);
  return TRUE;

needs_more:
  if (needs_choice)
    {
      *needs_choice = needing;
      state->position = position;
      return TRUE;
    }
  if (tick == 0)
    g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_OPENING_INCOMPLETE,
                 _("The opening lists no hole for %s."), congkak_side_get_name (needing));
  else
    g_set_error (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_OPENING_INCOMPLETE,
                 _("In the opening, %s’s seed fell into the store at tick %u, but the opening lists no further hole for %s."),
                 congkak_side_get_name (needing), tick, congkak_side_get_name (needing));
  return FALSE;
}

/**
 * congkak_state_next_round_starter:
 *
 * Returns: who will start the next round (RULES.md 4.3), for a state whose
 *   round is over.
 */
CongkakSide
congkak_state_next_round_starter (const CongkakState *state,
                                  const CongkakRules *rules)
{
  CongkakSide winner;

  g_return_val_if_fail (state != NULL, CONGKAK_NOBODY);
  g_return_val_if_fail (rules != NULL, CONGKAK_NOBODY);

  winner = state->round_winner;
  if (winner == CONGKAK_NOBODY)
    return CONGKAK_OTHER_SIDE (state->round_starter);

  switch (rules->round_starter)
    {
    case CONGKAK_ROUND_STARTER_LOSER:
      return CONGKAK_OTHER_SIDE (winner);
    case CONGKAK_ROUND_STARTER_WINNER:
      return winner;
    case CONGKAK_ROUND_STARTER_LAST_MOVER:
      return state->last_mover;
    case CONGKAK_ROUND_STARTER_ALTERNATE:
    default:
      return CONGKAK_OTHER_SIDE (state->round_starter);
    }
}

/**
 * congkak_state_next_round:
 *
 * Refills the holes from the stores, burning the holes that cannot get a
 * full share (RULES.md 4.2), and starts the next round.
 */
gboolean
congkak_state_next_round (CongkakState        *state,
                          const CongkakRules  *rules,
                          GArray              *events,
                          GError             **error)
{
  CongkakPosition *position;
  CongkakSide starter;
  CongkakEvent refill = { .type = CONGKAK_EVENT_REFILL, .player = CONGKAK_NOBODY, .place = CONGKAK_NO_PLACE };

  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (state->phase != CONGKAK_PHASE_ROUND_OVER)
    {
      if (state->phase == CONGKAK_PHASE_MATCH_OVER)
        return check_phase_for_sowing (state, error);
      g_set_error_literal (error, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_WRONG_PHASE,
                           _("The round is not over yet, so the next round cannot start."));
      return FALSE;
    }

  position = &state->position;
  starter = congkak_state_next_round_starter (state, rules);

  for (guint side = 0; side < 2; side++)
    {
      position->burnt[side] = 0;
      for (gint i = position->n_holes - 1; i >= 0; i--)
        {
          g_assert (position->holes[side][i] == 0);
          if (position->store[side] >= rules->seeds)
            {
              position->holes[side][i] = rules->seeds;
              position->store[side] -= rules->seeds;
              refill.amount[side] += rules->seeds;
            }
          else
            position->burnt[side] |= 1u << i;
        }
      refill.mask[side] = position->burnt[side];
    }

  state->round++;
  state->phase = CONGKAK_PHASE_PLAYING;
  state->round_starter = starter;
  state->last_mover = CONGKAK_NOBODY;
  state->round_winner = CONGKAK_NOBODY;
  position->to_move = starter;

  if (events)
    {
      g_array_append_val (events, refill);
      congkak_record (events, CONGKAK_EVENT_ROUND_START, starter, 0, CONGKAK_NO_PLACE, 0, state->round);
    }

  judge_position (state, rules, events);
  note_first_sowing_player (state);
  return TRUE;
}

/**
 * congkak_state_end_by_repetition:
 *
 * Ends an Oware game whose position occurred before (RULES.md 7): each
 * player takes the seeds on their own side.  The caller keeps the history.
 */
void
congkak_state_end_by_repetition (CongkakState       *state,
                                 const CongkakRules *rules,
                                 GArray             *events)
{
  g_return_if_fail (state != NULL);
  g_return_if_fail (rules != NULL);
  g_return_if_fail (state->phase == CONGKAK_PHASE_PLAYING);

  finish_round (state, rules, CONGKAK_ROUND_END_REPETITION, (gboolean[2]) { TRUE, TRUE }, events);
}
