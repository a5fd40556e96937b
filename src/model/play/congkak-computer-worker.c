/* congkak-computer-worker.c — the engine's computer player in worker threads
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each search (a move, a hint, an analysis) runs in a GTask worker on its
 * own copies of the rules and the state, so the window never waits for it.
 * A GCancellable sets the engine's cancel flag, which it reads every few
 * thousand positions; the count of running workers lets the tests see that
 * no thread is left behind.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-computer-worker.h"

#define DEFAULT_MAX_SECONDS 1.0
#define PERFECT_TIME_FACTOR 3.0

struct _CongkakComputerWorker
{
  GObject  parent_instance;

  double   max_seconds;
  guint64  seed;
  guint64  max_nodes;
  gint     n_running;   /* atomic: workers between start and end */
  CongkakOwareEndgameShelf *oware_endgame_shelf;  /* nullable */
};

G_DEFINE_FINAL_TYPE (CongkakComputerWorker, congkak_computer_worker, G_TYPE_OBJECT)

typedef enum
{
  JOB_CHOOSE,
  JOB_HINT,
  JOB_ANALYSE,
} JobKind;

typedef struct
{
  JobKind                 kind;
  gint                    cancel;   /* atomic; set from any thread by the cancellable */
  GCancellable           *cancellable;
  gulong                  cancel_handler;

  /* A move or a hint */
  CongkakRules            rules;
  CongkakState            state;
  CongkakOpening         *opening;
  CongkakSide             side;
  CongkakComputerOptions  options;
  CongkakComputerMove     move;
  CongkakOwareEndgameShelf *oware_endgame_shelf;  /* nullable */

  /* An analysis, and its progress shown in the main thread */
  CongkakAnalysis        *analysis;
  CongkakAnalysisProgress progress;
  gpointer                progress_data;
  GMainContext           *context;
} Job;

static void
job_free (Job *job)
{
  if (job->cancellable)
    g_cancellable_disconnect (job->cancellable, job->cancel_handler);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->opening, g_free);
  g_clear_pointer (&job->analysis, congkak_analysis_free);
  g_clear_pointer (&job->oware_endgame_shelf, congkak_oware_endgame_shelf_unref);
  g_clear_pointer (&job->context, g_main_context_unref);
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
 * Perfect play is offered where the engine can solve the round: a single
 * round of a store game without the simultaneous opening.
 */
gboolean
congkak_computer_level_is_available (const CongkakRules *rules,
                                     CongkakLevel        level)
{
  g_return_val_if_fail (rules != NULL, FALSE);

  if (level == CONGKAK_LEVEL_PERFECT)
    return congkak_search_can_solve (rules, NULL);
  return level < CONGKAK_N_LEVELS;
}

/* Progress, in the main thread: unless cancelled meanwhile, which is how
 * a closed window stops hearing of it. */
typedef struct
{
  GTask *task;
  guint  done;
  guint  total;
} Progress;

static gboolean
show_progress (gpointer user_data)
{
  Progress *progress = user_data;
  Job *job = g_task_get_task_data (progress->task);

  if (!g_atomic_int_get (&job->cancel) && job->progress)
    job->progress (progress->done, progress->total, job->progress_data);
  g_object_unref (progress->task);
  g_free (progress);
  return G_SOURCE_REMOVE;
}

static void
progress_in_thread (guint    done,
                    guint    total,
                    gpointer user_data)
{
  GTask *task = user_data;
  Job *job = g_task_get_task_data (task);
  Progress *progress = g_new0 (Progress, 1);

  progress->task = g_object_ref (task);
  progress->done = done;
  progress->total = total;
  g_main_context_invoke (job->context, show_progress, progress);
}

static void
run_in_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  CongkakComputerWorker *self = source_object;
  Job *job = task_data;
  g_autoptr (GError) error = NULL;
  gboolean done;

  switch (job->kind)
    {
    case JOB_ANALYSE:
      congkak_analysis_set_oware_endgame_shelf (job->analysis, job->oware_endgame_shelf);
      done = congkak_analysis_run (job->analysis, progress_in_thread, task, &job->cancel, &error);
      break;
    case JOB_HINT:
    case JOB_CHOOSE:
    default:
      {
        /* As congkak_computer_hint() and congkak_computer_choose_move(),
         * with the endgame database. */
        g_autoptr (CongkakComputer) computer = congkak_computer_new (&job->rules);

        if (job->kind == JOB_HINT)
          congkak_computer_options_init_hint (&job->options);
        congkak_computer_set_oware_endgame_shelf (computer, job->oware_endgame_shelf);
        done = congkak_computer_choose (computer, &job->state, job->opening, job->side,
                                        &job->options, &job->cancel, &job->move, &error);
      }
      break;
    }

  g_atomic_int_dec_and_test (&self->n_running);
  if (done)
    g_task_return_boolean (task, TRUE);
  else if (g_error_matches (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_CANCELLED))
    g_task_return_new_error_literal (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, error->message);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

static void
start (CongkakComputerWorker *self,
       Job                   *job,
       GCancellable          *cancellable,
       GAsyncReadyCallback    callback,
       gpointer               user_data,
       gpointer               source_tag)
{
  g_autoptr (GTask) task = NULL;

  if (cancellable)
    {
      job->cancellable = g_object_ref (cancellable);
      job->cancel_handler = g_cancellable_connect (cancellable, G_CALLBACK (job_cancelled_cb), job, NULL);
    }
  if (self->oware_endgame_shelf != NULL)
    job->oware_endgame_shelf = congkak_oware_endgame_shelf_ref (self->oware_endgame_shelf);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_atomic_int_inc (&self->n_running);
  g_task_run_in_thread (task, run_in_thread);
}

static Job *
position_job (JobKind               kind,
              const CongkakRules   *rules,
              const CongkakState   *state,
              const CongkakOpening *opening,
              CongkakSide           side)
{
  Job *job = g_new0 (Job, 1);

  job->kind = kind;
  job->rules = *rules;
  job->state = *state;
  job->opening = opening ? g_memdup2 (opening, sizeof *opening) : NULL;
  job->side = side;
  return job;
}

/**
 * congkak_computer_worker_choose_async:
 * @rules: the rules of @state
 * @state: copied; the game as it stands, or in the simultaneous opening
 *   the state before it
 * @opening: (nullable): copied; in the opening, the choices made so far
 * @side: who chooses
 * @level: how well to play
 * @cancellable: (nullable): stops the search within milliseconds
 *
 * Chooses a move for @side in a worker thread with
 * congkak_computer_choose_move(), with this player's seed, thinking time
 * (Hard; Perfect three times as long) and node budget.
 */
void
congkak_computer_worker_choose_async (CongkakComputerWorker *self,
                                      const CongkakRules    *rules,
                                      const CongkakState    *state,
                                      const CongkakOpening  *opening,
                                      CongkakSide            side,
                                      CongkakLevel           level,
                                      GCancellable          *cancellable,
                                      GAsyncReadyCallback    callback,
                                      gpointer               user_data)
{
  Job *job;

  g_return_if_fail (CONGKAK_IS_COMPUTER_WORKER (self));
  g_return_if_fail (rules != NULL);
  g_return_if_fail (state != NULL);
  g_return_if_fail (level < CONGKAK_N_LEVELS);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  /* Hard and Perfect read Oware's endgame database once it is ready: the
   * first time on this computer it is built, a worker thread's seconds,
   * the level playing without it meanwhile.  Not under a node budget
   * (tests), whose moves are to repeat whenever the database gets ready. */
  if (level >= CONGKAK_LEVEL_HARD && self->max_nodes == 0 && self->oware_endgame_shelf != NULL)
    congkak_oware_endgame_shelf_prepare (self->oware_endgame_shelf, rules);
  job = position_job (JOB_CHOOSE, rules, state, opening, side);
  congkak_computer_options_init (&job->options, level, self->seed);
  job->options.max_nodes = self->max_nodes;
  if (level == CONGKAK_LEVEL_HARD)
    job->options.max_seconds = self->max_seconds;
  else if (level == CONGKAK_LEVEL_PERFECT)
    job->options.max_seconds = self->max_seconds * PERFECT_TIME_FACTOR;
  start (self, job, cancellable, callback, user_data, congkak_computer_worker_choose_async);
}

/**
 * congkak_computer_worker_hint_async:
 *
 * The best move for @side with congkak_computer_hint(), in a worker
 * thread; finish with congkak_computer_worker_choose_finish().
 */
void
congkak_computer_worker_hint_async (CongkakComputerWorker *self,
                                    const CongkakRules    *rules,
                                    const CongkakState    *state,
                                    const CongkakOpening  *opening,
                                    CongkakSide            side,
                                    GCancellable          *cancellable,
                                    GAsyncReadyCallback    callback,
                                    gpointer               user_data)
{
  g_return_if_fail (CONGKAK_IS_COMPUTER_WORKER (self));
  g_return_if_fail (rules != NULL);
  g_return_if_fail (state != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  start (self, position_job (JOB_HINT, rules, state, opening, side), cancellable, callback, user_data,
         congkak_computer_worker_hint_async);
}

/**
 * congkak_computer_worker_choose_finish:
 * @move: (out caller-allocates) (optional): the move
 *
 * Returns: %FALSE with %G_IO_ERROR_CANCELLED when cancelled, or the
 *   engine's error when there was nothing to choose.
 */
gboolean
congkak_computer_worker_choose_finish (CongkakComputerWorker *self,
                                       GAsyncResult          *result,
                                       CongkakComputerMove   *move,
                                       GError               **error)
{
  Job *job;

  g_return_val_if_fail (CONGKAK_IS_COMPUTER_WORKER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  job = g_task_get_task_data (G_TASK (result));
  if (move)
    *move = job->move;
  return TRUE;
}

/**
 * congkak_computer_worker_analyse_async:
 * @analysis: (transfer full): from congkak_analysis_new()
 * @progress: (nullable): called in the calling thread's main context
 *   after each move, never after @cancellable is cancelled
 *
 * Runs @analysis in a worker thread.
 */
void
congkak_computer_worker_analyse_async (CongkakComputerWorker   *self,
                                       CongkakAnalysis         *analysis,
                                       CongkakAnalysisProgress  progress,
                                       gpointer                 progress_data,
                                       GCancellable            *cancellable,
                                       GAsyncReadyCallback      callback,
                                       gpointer                 user_data)
{
  Job *job;

  g_return_if_fail (CONGKAK_IS_COMPUTER_WORKER (self));
  g_return_if_fail (analysis != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  job = g_new0 (Job, 1);
  job->kind = JOB_ANALYSE;
  job->analysis = analysis;
  job->progress = progress;
  job->progress_data = progress_data;
  job->context = g_main_context_ref_thread_default ();
  start (self, job, cancellable, callback, user_data, congkak_computer_worker_analyse_async);
}

/**
 * congkak_computer_worker_analyse_finish:
 * @error: %G_IO_ERROR_CANCELLED when it was cancelled
 *
 * Returns: (transfer full): the analysis, complete or (when cancelled)
 *   with the moves finished by then, for congkak_analysis_apply().
 */
CongkakAnalysis *
congkak_computer_worker_analyse_finish (CongkakComputerWorker *self,
                                        GAsyncResult          *result,
                                        GError               **error)
{
  Job *job;

  g_return_val_if_fail (CONGKAK_IS_COMPUTER_WORKER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  g_task_propagate_boolean (G_TASK (result), error);
  job = g_task_get_task_data (G_TASK (result));
  return g_steal_pointer (&job->analysis);
}

/**
 * congkak_computer_worker_get_n_running:
 *
 * Returns: how many searches are running in worker threads now.
 */
guint
congkak_computer_worker_get_n_running (CongkakComputerWorker *self)
{
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_WORKER (self), 0);

  return (guint) g_atomic_int_get (&self->n_running);
}

double
congkak_computer_worker_get_max_seconds (CongkakComputerWorker *self)
{
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_WORKER (self), 0);

  return self->max_seconds;
}

/**
 * congkak_computer_worker_set_max_seconds:
 * @max_seconds: how long Hard thinks (Perfect three times as long); 0 for
 *   the engine's own limits
 */
void
congkak_computer_worker_set_max_seconds (CongkakComputerWorker *self,
                                         double                 max_seconds)
{
  g_return_if_fail (CONGKAK_IS_COMPUTER_WORKER (self));
  g_return_if_fail (max_seconds >= 0);

  self->max_seconds = max_seconds;
}

guint64
congkak_computer_worker_get_seed (CongkakComputerWorker *self)
{
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_WORKER (self), 0);

  return self->seed;
}

/**
 * congkak_computer_worker_set_seed:
 *
 * The seed of the levels' random choices: the same seed, level and
 * position give the same move.
 */
void
congkak_computer_worker_set_seed (CongkakComputerWorker *self,
                                  guint64                seed)
{
  g_return_if_fail (CONGKAK_IS_COMPUTER_WORKER (self));

  self->seed = seed;
}

/**
 * congkak_computer_worker_set_oware_endgame_shelf:
 * @shelf: (nullable): where hard and perfect find the Oware endgame
 *   database, prepared when they are to move (the workspace's); %NULL
 *   for none
 */
void
congkak_computer_worker_set_oware_endgame_shelf (CongkakComputerWorker    *self,
                                                 CongkakOwareEndgameShelf *shelf)
{
  g_return_if_fail (CONGKAK_IS_COMPUTER_WORKER (self));

  if (shelf != NULL)
    congkak_oware_endgame_shelf_ref (shelf);
  g_clear_pointer (&self->oware_endgame_shelf, congkak_oware_endgame_shelf_unref);
  self->oware_endgame_shelf = shelf;
}

guint64
congkak_computer_worker_get_max_nodes (CongkakComputerWorker *self)
{
  g_return_val_if_fail (CONGKAK_IS_COMPUTER_WORKER (self), 0);

  return self->max_nodes;
}

/**
 * congkak_computer_worker_set_max_nodes:
 * @max_nodes: a node budget that replaces Hard's and Perfect's time limit,
 *   so that they too choose the same move on any machine; 0 for none
 */
void
congkak_computer_worker_set_max_nodes (CongkakComputerWorker *self,
                                       guint64                max_nodes)
{
  g_return_if_fail (CONGKAK_IS_COMPUTER_WORKER (self));

  self->max_nodes = max_nodes;
}

static void
congkak_computer_worker_finalize (GObject *object)
{
  CongkakComputerWorker *self = CONGKAK_COMPUTER_WORKER (object);

  g_clear_pointer (&self->oware_endgame_shelf, congkak_oware_endgame_shelf_unref);

  G_OBJECT_CLASS (congkak_computer_worker_parent_class)->finalize (object);
}

static void
congkak_computer_worker_class_init (CongkakComputerWorkerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = congkak_computer_worker_finalize;
}

static void
congkak_computer_worker_init (CongkakComputerWorker *self)
{
  self->max_seconds = DEFAULT_MAX_SECONDS;
}

CongkakComputerWorker *
congkak_computer_worker_new (void)
{
  return g_object_new (CONGKAK_TYPE_COMPUTER_WORKER, NULL);
}
