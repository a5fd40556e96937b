/* congkak-computer-player.c — the engine's search in a worker thread
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each choice runs in a GTask worker on its own copy of the rules and the
 * state, with its own search table, so the window never waits for it and
 * nothing is shared with the main thread but the cancel flag and a count of
 * running workers (which the tests read to see that no thread is left).
 *
 * The levels are a depth, a time and (for Easy) a seeded chance of a
 * careless move; the seed is mixed with the position, so the same position
 * always gets the same answer.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-computer-player.h"

#define TABLE_MB 16
#define DEFAULT_MAX_SECONDS 1.0
#define EASY_DEPTH 2
#define EASY_CARELESS_PERCENT 35
#define MEDIUM_DEPTH 4
#define PERFECT_TIME_FACTOR 4.0

struct _CongkakComputerPlayer
{
  GObject  parent_instance;

  double   max_seconds;
  guint64  seed;
  gint     n_running;   /* atomic: workers between start and end */
};

G_DEFINE_FINAL_TYPE (CongkakComputerPlayer, congkak_computer_player, G_TYPE_OBJECT)

typedef struct
{
  CongkakRules           rules;
  CongkakState           state;
  CongkakSide            side;
  CongkakLevel           level;
  double                 max_seconds;
  guint64                seed;
  gint                   cancel;   /* atomic; set from any thread by the cancellable */
  GCancellable          *cancellable;
  gulong                 cancel_handler;
  CongkakComputerChoice  choice;
} Job;

static void
job_free (Job *job)
{
  if (job->cancellable)
    g_cancellable_disconnect (job->cancellable, job->cancel_handler);
  g_clear_object (&job->cancellable);
  g_free (job);
}

static void
job_cancelled_cb (GCancellable *cancellable,
                  Job          *job)
{
  g_atomic_int_set (&job->cancel, 1);
}

/**
 * congkak_computer_level_is_available:
 *
 * Perfect play needs a round the search can see to its end: a single round
 * of a store game without the simultaneous opening.
 */
gboolean
congkak_computer_level_is_available (const CongkakRules *rules,
                                     CongkakLevel        level)
{
  g_return_val_if_fail (rules != NULL, FALSE);

  if (level == CONGKAK_LEVEL_PERFECT)
    return congkak_search_can_solve (rules, NULL);
  return level <= CONGKAK_LEVEL_PERFECT;
}

/* The state the search starts from: an opening choice is searched as if
 * @side moved alone from the board as it is, so the computer never sees
 * what the other player chose. */
static void
searchable_state (const Job    *job,
                  CongkakState *state)
{
  *state = job->state;
  if (state->phase == CONGKAK_PHASE_OPENING)
    {
      state->phase = CONGKAK_PHASE_PLAYING;
      state->position.to_move = job->side;
    }
}

static void
choose_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  CongkakComputerPlayer *self = source_object;
  Job *job = task_data;
  g_autoptr (CongkakSearch) search = congkak_search_new (&job->rules, TABLE_MB);
  g_autoptr (GRand) rand = NULL;
  guint8 legal[CONGKAK_MAX_HOLES];
  guint n_legal;
  CongkakState state;
  guint max_depth = 0;
  double max_seconds = job->max_seconds;
  gint64 start = g_get_monotonic_time ();
  guint32 seed[2];

  searchable_state (job, &state);
  n_legal = congkak_state_legal_moves (&state, &job->rules, legal);
  if (n_legal == 0)
    {
      g_atomic_int_dec_and_test (&self->n_running);
      g_task_return_new_error (task, CONGKAK_MOVE_ERROR, CONGKAK_MOVE_ERROR_ILLEGAL,
                               _("The computer has no move to make."));
      return;
    }

  seed[0] = (guint32) (job->seed ^ congkak_position_hash (&state.position));
  seed[1] = (guint32) (job->seed >> 32) ^ state.round;
  rand = g_rand_new_with_seed_array (seed, G_N_ELEMENTS (seed));

  switch (job->level)
    {
    case CONGKAK_LEVEL_EASY:
      max_depth = EASY_DEPTH;
      break;
    case CONGKAK_LEVEL_MEDIUM:
      max_depth = MEDIUM_DEPTH;
      break;
    case CONGKAK_LEVEL_PERFECT:
      max_seconds *= PERFECT_TIME_FACTOR;
      break;
    case CONGKAK_LEVEL_HARD:
    default:
      break;
    }

  job->choice.side = job->side;
  job->choice.hole = legal[0];

  /* One depth at a time, so a cancel is seen between them. */
  for (guint depth = 1; max_depth == 0 || depth <= max_depth; depth++)
    {
      double elapsed = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
      guint8 hole;
      int margin;
      guint64 nodes = 0;

      if (g_atomic_int_get (&job->cancel))
        break;
      if (depth > 1 && max_seconds > 0 && elapsed >= max_seconds)
        break;
      if (!congkak_search_best_move (search, &state, depth,
                                     depth > 1 && max_seconds > 0 ? MAX (max_seconds - elapsed, 0.001) : 0,
                                     &hole, &margin, &nodes))
        break;
      job->choice.nodes += nodes;
      if (congkak_search_get_depth (search) < depth)
        break;   /* out of time inside this depth */
      job->choice.hole = hole;
      job->choice.margin = margin;
      job->choice.depth = depth;
      job->choice.exact = congkak_search_is_exact (search);
      if (job->choice.exact)
        break;
    }

  if (job->level == CONGKAK_LEVEL_EASY
      && g_rand_int_range (rand, 0, 100) < EASY_CARELESS_PERCENT)
    {
      job->choice.hole = legal[g_rand_int_range (rand, 0, n_legal)];
      job->choice.exact = FALSE;
    }

  g_atomic_int_dec_and_test (&self->n_running);
  if (g_atomic_int_get (&job->cancel))
    g_task_return_new_error_literal (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The computer stopped thinking."));
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * congkak_computer_player_choose_async:
 * @rules: the rules of @state
 * @state: copied; in play, or at the simultaneous opening (then @side
 *   chooses a hole from @state's board)
 * @side: who chooses; in play, the player to move
 * @level: how well to play
 * @cancellable: (nullable): stops the search soon after it is cancelled
 *
 * Chooses a hole for @side in a worker thread.
 */
void
congkak_computer_player_choose_async (CongkakComputerPlayer *self,
                                      const CongkakRules    *rules,
                                      const CongkakState    *state,
                                      CongkakSide            side,
                                      CongkakLevel           level,
                                      GCancellable          *cancellable,
                                      GAsyncReadyCallback    callback,
                                      gpointer               user_data)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  g_return_if_fail (CONGKAK_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (rules != NULL);
  g_return_if_fail (state != NULL);
  g_return_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  job = g_new0 (Job, 1);
  job->rules = *rules;
  job->state = *state;
  job->side = side;
  job->level = level;
  job->max_seconds = self->max_seconds;
  job->seed = self->seed;
  if (cancellable)
    {
      job->cancellable = g_object_ref (cancellable);
      job->cancel_handler = g_cancellable_connect (cancellable, G_CALLBACK (job_cancelled_cb), job, NULL);
    }

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, congkak_computer_player_choose_async);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_atomic_int_inc (&self->n_running);
  g_task_run_in_thread (task, choose_in_thread);
}

/**
 * congkak_computer_player_choose_finish:
 * @choice: (out caller-allocates) (optional): the choice
 *
 * Returns: %FALSE with %G_IO_ERROR_CANCELLED when cancelled, or another
 *   error when there was nothing to choose.
 */
gboolean
congkak_computer_player_choose_finish (CongkakComputerPlayer *self,
                                       GAsyncResult          *result,
                                       CongkakComputerChoice *choice,
                                       GError               **error)
{
  Job *job;

  g_return_val_if_fail (CONGKAK_IS_COMPUTER_PLAYER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  job = g_task_get_task_data (G_TASK (result));
  if (choice)
    *choice = job->choice;
  return TRUE;
}

/**
 * congkak_computer_player_get_n_running:
 *
 * Returns: how many searches are running in worker threads now.
 */
guint
congkak_computer_player_get_n_running (CongkakComputerPlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_PLAYER (self), 0);

  return (guint) g_atomic_int_get (&self->n_running);
}

double
congkak_computer_player_get_max_seconds (CongkakComputerPlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_PLAYER (self), 0);

  return self->max_seconds;
}

/**
 * congkak_computer_player_set_max_seconds:
 * @max_seconds: how long Hard thinks at most (Perfect a few times longer);
 *   0 for no limit
 */
void
congkak_computer_player_set_max_seconds (CongkakComputerPlayer *self,
                                         double                 max_seconds)
{
  g_return_if_fail (CONGKAK_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (max_seconds >= 0);

  self->max_seconds = max_seconds;
}

guint64
congkak_computer_player_get_seed (CongkakComputerPlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_PLAYER (self), 0);

  return self->seed;
}

/**
 * congkak_computer_player_set_seed:
 *
 * The seed of the careless moves: the same seed, level and position give
 * the same choice.
 */
void
congkak_computer_player_set_seed (CongkakComputerPlayer *self,
                                  guint64                seed)
{
  g_return_if_fail (CONGKAK_IS_COMPUTER_PLAYER (self));

  self->seed = seed;
}

static void
congkak_computer_player_class_init (CongkakComputerPlayerClass *klass)
{
}

static void
congkak_computer_player_init (CongkakComputerPlayer *self)
{
  self->max_seconds = DEFAULT_MAX_SECONDS;
}

CongkakComputerPlayer *
congkak_computer_player_new (void)
{
  return g_object_new (CONGKAK_TYPE_COMPUTER_PLAYER, NULL);
}
