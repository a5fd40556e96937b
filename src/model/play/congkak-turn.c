/* congkak-turn.c — a side's turn, as the session hands it to a player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The turn knows nothing of the session: it carries the answers back
 * through the functions it was made with, and forgets them when it ends,
 * so an answer that comes late (a search finishing after an undo) can
 * never be played into a position it was not chosen for.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "congkak-turn.h"

struct _CongkakTurn
{
  GObject                   parent_instance;

  /* What the player chooses from: copies, so the turn may outlive them */
  CongkakRules              rules;
  CongkakState              state;
  CongkakOpening            opening;
  gboolean                  has_opening;
  CongkakSide               side;
  CongkakTurnKind           kind;
  CongkakComputerWorker    *worker;

  /* How the match got here: its start if not the rules', and its moves */
  CongkakPosition           start;
  gboolean                  has_start;
  GStrv                     moves;

  /* Where the answers go; both NULL once the turn is over */
  const CongkakTurnAnswers *answers;
  gpointer                  answerer;
};

G_DEFINE_FINAL_TYPE (CongkakTurn, congkak_turn, G_TYPE_OBJECT)

static void
congkak_turn_dispose (GObject *object)
{
  CongkakTurn *self = CONGKAK_TURN (object);

  congkak_turn_end (self);
  g_clear_object (&self->worker);
  g_clear_pointer (&self->moves, g_strfreev);

  G_OBJECT_CLASS (congkak_turn_parent_class)->dispose (object);
}

static void
congkak_turn_class_init (CongkakTurnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_turn_dispose;
}

static void
congkak_turn_init (CongkakTurn *self)
{
}

/**
 * congkak_turn_new:
 * @state: the state at the turn (in the opening, the state before it)
 * @opening: (nullable): the opening choices made so far, in the opening
 * @side: the side asked
 * @kind: what it is asked: %CONGKAK_TURN_MOVE or %CONGKAK_TURN_OPENING
 * @worker: the worker the computer thinks in
 * @answers: where the answers go; it must outlive the turn (a static table)
 * @answerer: passed to @answers; it must stay until congkak_turn_end()
 *
 * Returns: (transfer full): the turn to hand to @side's player.
 */
CongkakTurn *
congkak_turn_new (const CongkakRules       *rules,
                  const CongkakState       *state,
                  const CongkakOpening     *opening,
                  CongkakSide               side,
                  CongkakTurnKind           kind,
                  CongkakComputerWorker    *worker,
                  const CongkakTurnAnswers *answers,
                  gpointer                  answerer)
{
  CongkakTurn *self;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_WORKER (worker), NULL);
  g_return_val_if_fail (answers != NULL && answers->choose_hole != NULL && answers->report_problem != NULL, NULL);

  self = g_object_new (CONGKAK_TYPE_TURN, NULL);
  self->rules = *rules;
  self->state = *state;
  if (opening)
    {
      self->opening = *opening;
      self->has_opening = TRUE;
    }
  self->side = side;
  self->kind = kind;
  self->worker = g_object_ref (worker);
  self->answers = answers;
  self->answerer = answerer;
  return self;
}

const CongkakRules *
congkak_turn_get_rules (CongkakTurn *self)
{
  g_return_val_if_fail (CONGKAK_IS_TURN (self), NULL);

  return &self->rules;
}

/**
 * congkak_turn_get_state:
 *
 * Returns: the state the side chooses in (in the opening, the state
 *   before it: the choices so far are congkak_turn_get_opening()).
 */
const CongkakState *
congkak_turn_get_state (CongkakTurn *self)
{
  g_return_val_if_fail (CONGKAK_IS_TURN (self), NULL);

  return &self->state;
}

/**
 * congkak_turn_get_opening:
 *
 * Returns: (nullable): the opening choices made so far, while the
 *   simultaneous opening is being chosen.
 */
const CongkakOpening *
congkak_turn_get_opening (CongkakTurn *self)
{
  g_return_val_if_fail (CONGKAK_IS_TURN (self), NULL);

  return self->has_opening ? &self->opening : NULL;
}

CongkakSide
congkak_turn_get_side (CongkakTurn *self)
{
  g_return_val_if_fail (CONGKAK_IS_TURN (self), CONGKAK_NOBODY);

  return self->side;
}

CongkakTurnKind
congkak_turn_get_kind (CongkakTurn *self)
{
  g_return_val_if_fail (CONGKAK_IS_TURN (self), CONGKAK_TURN_NONE);

  return self->kind;
}

/**
 * congkak_turn_get_computer_worker:
 *
 * Returns: (transfer none): the worker the computer thinks in.
 */
CongkakComputerWorker *
congkak_turn_get_computer_worker (CongkakTurn *self)
{
  g_return_val_if_fail (CONGKAK_IS_TURN (self), NULL);

  return self->worker;
}

/**
 * congkak_turn_set_history:
 * @start: (nullable): the position the match started from, if not the
 *   rules' start
 * @moves: (nullable) (array zero-terminated=1): the match's moves up to
 *   the turn, as congkak_move_to_string() writes them
 *
 * Whoever makes the turn says how the match got here: a player in
 * another program is told the whole match (an Oware engine sees the
 * repetitions, a Congkak one the rounds), not only the position.
 */
void
congkak_turn_set_history (CongkakTurn           *self,
                          const CongkakPosition *start,
                          const char * const    *moves)
{
  g_return_if_fail (CONGKAK_IS_TURN (self));

  self->has_start = start != NULL;
  if (start)
    self->start = *start;
  g_clear_pointer (&self->moves, g_strfreev);
  self->moves = g_strdupv ((char **) moves);
}

/**
 * congkak_turn_get_start:
 *
 * Returns: (nullable): the position the match started from, or %NULL
 *   for the rules' start.
 */
const CongkakPosition *
congkak_turn_get_start (CongkakTurn *self)
{
  g_return_val_if_fail (CONGKAK_IS_TURN (self), NULL);

  return self->has_start ? &self->start : NULL;
}

/**
 * congkak_turn_get_moves:
 *
 * Returns: (nullable) (array zero-terminated=1): the match's moves up to
 *   the turn, as congkak_move_to_string() writes them, or %NULL if
 *   whoever made the turn did not say.
 */
const char * const *
congkak_turn_get_moves (CongkakTurn *self)
{
  g_return_val_if_fail (CONGKAK_IS_TURN (self), NULL);

  return (const char * const *) self->moves;
}

/**
 * congkak_turn_is_over:
 *
 * Returns: whether the turn has ended: its answers reach nobody.
 */
gboolean
congkak_turn_is_over (CongkakTurn *self)
{
  g_return_val_if_fail (CONGKAK_IS_TURN (self), TRUE);

  return self->answers == NULL;
}

/**
 * congkak_turn_choose_hole:
 * @hole: the hole, in the side's order
 *
 * The player's answer: sow from @hole, or choose it for the opening.
 *
 * Returns: %FALSE with @error set if the turn is over
 *   (%G_IO_ERROR_CANCELLED) or whoever made it refuses the hole.
 */
gboolean
congkak_turn_choose_hole (CongkakTurn  *self,
                          guint         hole,
                          GError      **error)
{
  g_autoptr (CongkakTurn) hold = NULL;

  g_return_val_if_fail (CONGKAK_IS_TURN (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->answers == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The turn is over."));
      return FALSE;
    }
  /* The answer ends the turn, and may drop the last reference but ours. */
  hold = g_object_ref (self);
  return self->answers->choose_hole (self->answerer, self->side, hole, error);
}

/**
 * congkak_turn_report_problem:
 *
 * The player could not answer: tells whoever made the turn, who tells
 * the people.  Once the turn is over, nobody is told.
 */
void
congkak_turn_report_problem (CongkakTurn *self,
                             const char  *message)
{
  g_return_if_fail (CONGKAK_IS_TURN (self));
  g_return_if_fail (message != NULL);

  if (self->answers)
    self->answers->report_problem (self->answerer, message);
}

/**
 * congkak_turn_end:
 *
 * Ends the turn for whoever made it: from now on its answers are refused.
 */
void
congkak_turn_end (CongkakTurn *self)
{
  g_return_if_fail (CONGKAK_IS_TURN (self));

  self->answers = NULL;
  self->answerer = NULL;
}
