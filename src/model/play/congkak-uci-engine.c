/* congkak-uci-engine.c — another program's computer, over the UCI dialect
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Starts an engine (a command line, run without a shell) when it is
 * first asked for a move, and talks to it as Aualé talks to Aalina
 * (doc/ENGINE-PROTOCOL.md): uci … uciok once, ucinewgame and isready
 * before each game, then position and go for each move.  It referees
 * too: the engine's answer must come within its move time and a margin,
 * and must be a legal move of the position it was given.  An engine that
 * misbehaves — ends, does not answer, answers something that is not the
 * protocol, plays an illegal move or none — is stopped, and the request
 * fails with a CONGKAK_UCI_ERROR that says what happened in plain words;
 * the next request starts it afresh.
 *
 * Everything happens in the thread-default main context of the caller,
 * without blocking: reading and writing are asynchronous, so an engine
 * that reads nothing or writes without end cannot hold the caller up.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <signal.h>
#include <string.h>

#include "congkak-file-util.h"
#include "congkak-uci-engine.h"
#include "congkak-uci.h"

G_DEFINE_QUARK (congkak-uci-error-quark, congkak_uci_error)

/* A line longer than this is not the protocol. */
#define MAX_LINE_BYTES (64 * 1024)
/* After quit, how long an engine has to go before it is ended. */
#define QUIT_MS 2000

/* One run of the engine's program. */
typedef struct
{
  gint           ref_count;
  GSubprocess   *process;
  GOutputStream *to_engine;
  GInputStream  *from_engine;
  GCancellable  *io;         /* cancelled when this run is given up */
  GString       *queue;      /* lines waiting to be written */
  GBytes        *writing;    /* being written */
  GString       *buffer;     /* read, not yet a whole line */
  guint8         chunk[4096];
} Run;

typedef enum
{
  WAITING_NOTHING,
  WAITING_UCIOK,
  WAITING_READYOK,
  WAITING_BESTMOVE,
} Waiting;

/* A move asked for, and what the engine said while thinking. */
typedef struct
{
  CongkakRules     rules;
  CongkakGame     *game;        /* the position, after the moves */
  CongkakOpening   opening;     /* an opening being chosen: the choices so far */
  CongkakSide      choosing;
  CongkakSide      side;
  char            *position;    /* the `position` command */
  guint            movetime_ms;
  gint64           go_time;     /* monotonic µs */
  GCancellable    *cancellable;
  gulong           cancelled_id;
  gboolean         checking;    /* only the handshake: congkak_uci_engine_check_async() */
  gboolean         ready_asked;
  CongkakUciEngine *engine;     /* the task's source: alive as long as the request */
  GMainContext    *context;     /* the task's */
  guint            depth;
  int              score_cp;
  guint64          nodes;
} Request;

struct _CongkakUciEngine
{
  GObject       parent_instance;

  char         *command;
  char         *name;         /* id name, once said */
  guint         margin_ms;
  guint         answer_ms;
  guint64       max_nodes;    /* 0: go movetime; else go nodes */

  Run          *run;          /* NULL while not running */
  gboolean      uci_ok;       /* the handshake is done */
  gboolean      has_rules;    /* it offers the Rules option */
  char         *engine_rules; /* what it was last told, or its default */
  gboolean      new_game;     /* ucinewgame before the next position */
  guint         stale_answers; /* bestmoves still to come for stopped searches */
  char         *said;         /* its last info string */
  gint64        answer_time;  /* µs from go to bestmove, the last time */

  GTask        *task;         /* the request going on */
  Waiting       waiting;
  GSource      *timeout;
};

G_DEFINE_FINAL_TYPE (CongkakUciEngine, congkak_uci_engine, G_TYPE_OBJECT)

static void
request_free (Request *request)
{
  if (request->cancelled_id != 0)
    g_cancellable_disconnect (request->cancellable, request->cancelled_id);
  g_clear_object (&request->cancellable);
  g_clear_pointer (&request->context, g_main_context_unref);
  g_clear_pointer (&request->game, congkak_game_free);
  g_free (request->position);
  g_free (request);
}

static Run *
run_ref (Run *run)
{
  g_atomic_int_inc (&run->ref_count);
  return run;
}

static void
run_unref (Run *run)
{
  if (!g_atomic_int_dec_and_test (&run->ref_count))
    return;
  g_clear_object (&run->process);
  g_clear_object (&run->to_engine);
  g_clear_object (&run->from_engine);
  g_clear_object (&run->io);
  g_string_free (run->queue, TRUE);
  g_clear_pointer (&run->writing, g_bytes_unref);
  g_string_free (run->buffer, TRUE);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_unref)

/* What messages call the engine: its own name once it said it. */
static char *
engine_label (CongkakUciEngine *self)
{
  return congkak_quote_untrusted (self->name ? self->name : self->command, -1);
}

static void
clear_timeout (CongkakUciEngine *self)
{
  if (self->timeout == NULL)
    return;
  g_source_destroy (self->timeout);
  g_clear_pointer (&self->timeout, g_source_unref);
}

/* Gives up the engine's program: it is ended, and started again when
 * next needed. */
static void
end_run (CongkakUciEngine *self)
{
  g_autoptr (Run) run = g_steal_pointer (&self->run);

  if (run == NULL)
    return;
  g_cancellable_cancel (run->io);
  g_subprocess_force_exit (run->process);
  self->uci_ok = FALSE;
  self->has_rules = FALSE;
  g_clear_pointer (&self->engine_rules, g_free);
  self->stale_answers = 0;
  self->new_game = TRUE;
}

/* Ends the request going on with @error (taken). */
static void
fail (CongkakUciEngine *self,
      GError           *error)
{
  g_autoptr (GTask) task = g_steal_pointer (&self->task);

  clear_timeout (self);
  self->waiting = WAITING_NOTHING;
  end_run (self);
  if (task != NULL)
    g_task_return_error (task, error);
  else
    g_error_free (error);
}

static void G_GNUC_PRINTF (3, 4)
fail_with (CongkakUciEngine *self,
           CongkakUciError   code,
           const char       *format,
           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fail (self, g_error_new_literal (CONGKAK_UCI_ERROR, code, message));
}

static void write_next (CongkakUciEngine *self);

static void
write_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (CongkakUciEngine) self = user_data;
  g_autoptr (GError) error = NULL;
  Run *run = self->run;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error);
  if (run == NULL || G_OUTPUT_STREAM (source) != run->to_engine)
    return;
  g_clear_pointer (&run->writing, g_bytes_unref);
  /* A pipe closed by an engine that ended: its output ends too, and
   * that says what happened. */
  if (error != NULL)
    return;
  write_next (self);
}

static void
write_next (CongkakUciEngine *self)
{
  Run *run = self->run;

  if (run->writing != NULL || run->queue->len == 0)
    return;
  run->writing = g_bytes_new (run->queue->str, run->queue->len);
  g_string_truncate (run->queue, 0);
  g_output_stream_write_all_async (run->to_engine, g_bytes_get_data (run->writing, NULL),
                                   g_bytes_get_size (run->writing), G_PRIORITY_DEFAULT, run->io,
                                   write_done_cb, g_object_ref (self));
}

static void
send (CongkakUciEngine *self,
      const char       *line)
{
  g_debug ("to %s: %s", self->command, line);
  g_string_append_printf (self->run->queue, "%s\n", line);
  write_next (self);
}

static gboolean
timeout_cb (gpointer user_data)
{
  CongkakUciEngine *self = user_data;
  g_autofree char *label = engine_label (self);
  Waiting waiting = self->waiting;
  Request *request = self->task ? g_task_get_task_data (self->task) : NULL;

  g_clear_pointer (&self->timeout, g_source_unref);
  if (waiting == WAITING_BESTMOVE && request != NULL)
    fail_with (self, CONGKAK_UCI_ERROR_TIMEOUT,
               _("The engine “%s” did not answer within %u ms, its move time of %u ms and %u ms more; it was stopped."),
               label, request->movetime_ms + self->margin_ms, request->movetime_ms, self->margin_ms);
  else if (waiting == WAITING_UCIOK)
    fail_with (self, CONGKAK_UCI_ERROR_NOT_UCI,
               _("The engine “%s” did not say “uciok” within %.1f s: it may not speak UCI. It was stopped."),
               label, self->answer_ms / 1000.0);
  else
    fail_with (self, CONGKAK_UCI_ERROR_TIMEOUT,
               _("The engine “%s” did not answer “isready” within %.1f s; it was stopped."),
               label, self->answer_ms / 1000.0);
  return G_SOURCE_REMOVE;
}

static void
wait_for (CongkakUciEngine *self,
          Waiting           waiting,
          guint             ms)
{
  clear_timeout (self);
  self->waiting = waiting;
  self->timeout = g_timeout_source_new (ms);
  g_source_set_callback (self->timeout, timeout_cb, self, NULL);
  g_source_set_static_name (self->timeout, "[congkak] UCI engine answer");
  g_source_attach (self->timeout, g_task_get_context (self->task));
}

/* The next step of the request, once the last one was answered. */
static void
go_on (CongkakUciEngine *self)
{
  Request *request = g_task_get_task_data (self->task);
  g_autofree char *rules = request->checking ? NULL : congkak_uci_format_rules (&request->rules);
  g_autofree char *go = NULL;

  if (!self->uci_ok)
    {
      send (self, "uci");
      wait_for (self, WAITING_UCIOK, self->answer_ms);
      return;
    }

  /* A check ends with the engine ready: no rules, no position. */
  if (request->checking)
    {
      g_autoptr (GTask) task = NULL;

      if (!request->ready_asked)
        {
          request->ready_asked = TRUE;
          send (self, "isready");
          wait_for (self, WAITING_READYOK, self->answer_ms);
          return;
        }
      clear_timeout (self);
      self->waiting = WAITING_NOTHING;
      task = g_steal_pointer (&self->task);
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* An Oware engine is told nothing about the rules: Oware is its game. */
  if (g_strcmp0 (self->engine_rules, rules) != 0)
    {
      g_autofree char *label = engine_label (self);
      g_autofree char *setoption = NULL;

      if (!self->has_rules)
        {
          if (g_strcmp0 (congkak_rules_profile_name (&request->rules), "oware") == 0)
            {
              g_free (self->engine_rules);
              self->engine_rules = g_strdup (rules);
            }
          else
            {
              fail_with (self, CONGKAK_UCI_ERROR_RULES,
                         _("The engine “%s” plays only Oware: it has no “Rules” option to be told other rules."),
                         label);
              return;
            }
        }
      else
        {
          setoption = g_strdup_printf ("setoption name Rules value %s", rules);
          send (self, setoption);
          g_free (self->engine_rules);
          self->engine_rules = g_strdup (rules);
          self->new_game = TRUE;
        }
    }

  if (self->new_game)
    {
      self->new_game = FALSE;
      send (self, "ucinewgame");
      send (self, "isready");
      wait_for (self, WAITING_READYOK, self->answer_ms);
      return;
    }

  g_clear_pointer (&self->said, g_free);
  send (self, request->position);
  /* A node budget repeats on any machine; the move time still bounds the wait. */
  if (self->max_nodes > 0)
    go = g_strdup_printf ("go nodes %" G_GUINT64_FORMAT, self->max_nodes);
  else
    go = g_strdup_printf ("go movetime %u", request->movetime_ms);
  send (self, go);
  request->go_time = g_get_monotonic_time ();
  wait_for (self, WAITING_BESTMOVE, request->movetime_ms + self->margin_ms);
}

/* `bestmove M [ponder P]`: the move, if it is one of this position. */
static void
take_answer (CongkakUciEngine *self,
             const char       *move_text)
{
  g_autoptr (GTask) task = NULL;
  Request *request = g_task_get_task_data (self->task);
  const CongkakState *state = congkak_game_get_state (request->game);
  g_autofree char *label = engine_label (self);
  g_autofree char *quoted = congkak_quote_untrusted (move_text, -1);
  CongkakComputerMove move = {
    .side = request->side,
    .score = request->score_cp >= 0 ? (request->score_cp + 50) / 100 : -((-request->score_cp + 50) / 100),
    .depth = request->depth,
    .nodes = request->nodes,
  };
  guint hole;

  if (g_str_equal (move_text, "0000"))
    {
      g_autofree char *said = self->said ? congkak_quote_untrusted (self->said, -1) : NULL;

      if (said != NULL)
        fail_with (self, CONGKAK_UCI_ERROR_NO_MOVE,
                   _("The engine “%s” gave no move; it said “%s”."), label, said);
      else
        fail_with (self, CONGKAK_UCI_ERROR_NO_MOVE,
                   _("The engine “%s” gave no move (bestmove 0000) where there are moves."), label);
      return;
    }
  if (strlen (move_text) != 1 || !g_ascii_isalpha (move_text[0]))
    {
      fail_with (self, CONGKAK_UCI_ERROR_GARBAGE,
                 _("The engine “%s” answered “%s”, which is not a move."), label, quoted);
      return;
    }
  hole = g_ascii_tolower (move_text[0]) - 'a';

  if (state->phase == CONGKAK_PHASE_OPENING)
    {
      CongkakState board = *state;
      CongkakSide needing;

      move.kind = CONGKAK_MOVE_OPENING;
      if (request->opening.n_choices[request->side] > 0)
        congkak_state_play_opening (&board, &request->rules, &request->opening, NULL, &needing, NULL);
      if ((g_ascii_isupper (move_text[0]) ? CONGKAK_SOUTH : CONGKAK_NORTH) != request->side
          || hole >= request->rules.holes || !congkak_position_can_choose (&board.position, request->side, hole))
        {
          fail_with (self, CONGKAK_UCI_ERROR_ILLEGAL_MOVE,
                     _("The engine “%s” chose “%s”, which is not a hole %s may open with now."),
                     label, quoted, congkak_side_get_name (request->side));
          return;
        }
    }
  else
    {
      move.kind = CONGKAK_MOVE_SOW;
      if ((g_ascii_isupper (move_text[0]) ? CONGKAK_SOUTH : CONGKAK_NORTH) != state->position.to_move
          || hole >= request->rules.holes || !congkak_state_is_legal (state, &request->rules, hole))
        {
          fail_with (self, CONGKAK_UCI_ERROR_ILLEGAL_MOVE,
                     _("The engine “%s” played “%s”, which is not a legal move here."), label, quoted);
          return;
        }
    }
  move.hole = hole;
  self->answer_time = g_get_monotonic_time () - request->go_time;

  clear_timeout (self);
  self->waiting = WAITING_NOTHING;
  task = g_steal_pointer (&self->task);
  g_task_return_pointer (task, g_memdup2 (&move, sizeof move), g_free);
}

/* `info …`: what it found so far (depth, score, nodes), or said. */
static void
take_info (CongkakUciEngine  *self,
           char             **words,
           const char        *line)
{
  Request *request = self->task ? g_task_get_task_data (self->task) : NULL;

  for (guint i = 1; words[i] != NULL; i++)
    {
      guint64 number;
      gint64 signed_number;

      if (g_str_equal (words[i], "string"))
        {
          const char *text = strstr (line, " string") + strlen (" string");

          g_free (self->said);
          self->said = g_strdup (g_strstrip ((char *) text) );
          return;
        }
      if (request == NULL || words[i + 1] == NULL)
        continue;
      if (g_str_equal (words[i], "depth") && g_ascii_string_to_unsigned (words[i + 1], 10, 0, G_MAXUINT, &number, NULL))
        request->depth = number;
      else if (g_str_equal (words[i], "nodes") && g_ascii_string_to_unsigned (words[i + 1], 10, 0, G_MAXUINT64, &number, NULL))
        request->nodes = number;
      else if (g_str_equal (words[i], "cp") && g_ascii_string_to_signed (words[i + 1], 10, G_MININT / 2, G_MAXINT / 2, &signed_number, NULL))
        request->score_cp = signed_number;
    }
}

static void
take_option (CongkakUciEngine *self,
             const char       *line)
{
  const char *name = strstr (line, " name ");
  const char *type = strstr (line, " type ");
  const char *value = strstr (line, " default ");

  if (name == NULL || type == NULL || !g_str_has_prefix (name, " name Rules "))
    return;
  self->has_rules = TRUE;
  g_free (self->engine_rules);
  self->engine_rules = value ? g_strstrip (g_strdup (value + strlen (" default "))) : NULL;
}

static void
take_line (CongkakUciEngine *self,
           char             *line)
{
  g_auto (GStrv) words = NULL;
  const char *command;
  gsize length = strlen (line);

  if (length > 0 && line[length - 1] == '\r')
    line[length - 1] = '\0';
  g_debug ("from %s: %s", self->command, line);
  if (!g_utf8_validate (line, -1, NULL))
    {
      g_autofree char *label = engine_label (self);
      g_autofree char *quoted = congkak_quote_untrusted (line, -1);

      fail_with (self, CONGKAK_UCI_ERROR_GARBAGE,
                 _("The engine “%s” wrote something that is not text: “%s”."), label, quoted);
      return;
    }
  words = g_strsplit_set (g_strstrip (line), " \t", -1);
  command = words[0];
  if (*command == '\0')
    return;

  if (g_str_equal (command, "info"))
    take_info (self, words, line);
  else if (g_str_equal (command, "id"))
    {
      if (words[1] != NULL && g_str_equal (words[1], "name") && !self->uci_ok)
        {
          g_free (self->name);
          self->name = g_strstrip (g_strdup (line + strlen ("id name")));
        }
    }
  else if (g_str_equal (command, "option"))
    take_option (self, line);
  else if (g_str_equal (command, "uciok"))
    {
      if (self->waiting == WAITING_UCIOK)
        {
          self->uci_ok = TRUE;
          go_on (self);
        }
    }
  else if (g_str_equal (command, "readyok"))
    {
      if (self->waiting == WAITING_READYOK)
        go_on (self);
    }
  else if (g_str_equal (command, "bestmove"))
    {
      if (self->stale_answers > 0)
        self->stale_answers--;
      else if (self->waiting == WAITING_BESTMOVE)
        take_answer (self, words[1] ? words[1] : "");
    }
  else if (g_str_equal (command, "copyprotection") || g_str_equal (command, "registration"))
    ;
  /* Before the handshake, a program may greet with a line of its own. */
  else if (self->uci_ok && self->task != NULL)
    {
      g_autofree char *label = engine_label (self);
      g_autofree char *quoted = congkak_quote_untrusted (line, -1);

      fail_with (self, CONGKAK_UCI_ERROR_GARBAGE,
                 _("The engine “%s” wrote something that is not UCI: “%s”."), label, quoted);
    }
}

static void
ended_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr (CongkakUciEngine) self = user_data;
  GSubprocess *process = G_SUBPROCESS (source);
  g_autofree char *label = NULL;

  g_subprocess_wait_finish (process, result, NULL);
  if (self->run == NULL || self->run->process != process)
    return;
  if (self->task == NULL)
    {
      end_run (self);
      return;
    }

  label = engine_label (self);
  if (g_subprocess_get_if_signaled (process))
    fail_with (self, CONGKAK_UCI_ERROR_CRASHED,
               _("The engine “%s” stopped: it was ended by signal %d."), label, g_subprocess_get_term_sig (process));
  else
    fail_with (self, CONGKAK_UCI_ERROR_CRASHED,
               _("The engine “%s” stopped (exit status %d)."), label, g_subprocess_get_exit_status (process));
}

static void read_next (CongkakUciEngine *self);

/* A read under way: GIO writes into the run's chunk until it answers, so
 * the run stays alive until then even when the engine has dropped it. */
typedef struct
{
  CongkakUciEngine *self;
  Run              *run;
} Reading;

static void
read_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Reading *reading = user_data;
  g_autoptr (CongkakUciEngine) self = reading->self;
  g_autoptr (Run) read_into = reading->run;
  g_autoptr (GError) error = NULL;
  Run *run = self->run;
  gssize n;
  char *end;

  g_free (reading);

  n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);
  if (run == NULL || G_INPUT_STREAM (source) != run->from_engine)
    return;
  if (n <= 0)
    {
      /* Its output ended: it ended, or will; say how once it has. */
      g_subprocess_wait_async (run->process, NULL, ended_cb, g_object_ref (self));
      return;
    }

  g_string_append_len (run->buffer, (const char *) run->chunk, n);
  while (self->run == run && (end = memchr (run->buffer->str, '\n', run->buffer->len)) != NULL)
    {
      g_autofree char *line = g_strndup (run->buffer->str, end - run->buffer->str);

      g_string_erase (run->buffer, 0, end - run->buffer->str + 1);
      take_line (self, line);
    }
  if (self->run != run)
    return;
  if (run->buffer->len > MAX_LINE_BYTES)
    {
      g_autofree char *label = engine_label (self);

      fail_with (self, CONGKAK_UCI_ERROR_GARBAGE,
                 _("The engine “%s” wrote a line of more than %u bytes, which is not UCI."), label, MAX_LINE_BYTES);
      return;
    }
  read_next (self);
}

static void
read_next (CongkakUciEngine *self)
{
  Run *run = self->run;
  Reading *reading = g_new0 (Reading, 1);

  reading->self = g_object_ref (self);
  reading->run = run_ref (run);
  g_input_stream_read_async (run->from_engine, run->chunk, sizeof run->chunk, G_PRIORITY_DEFAULT, run->io,
                             read_done_cb, reading);
}

static gboolean
start_run (CongkakUciEngine  *self,
           GError           **error)
{
  static gsize pipes_safe = 0;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autofree char *label = engine_label (self);
  Run *run;

  /* Writing to an engine that has just ended must be an error to handle,
   * not SIGPIPE's end of this program. */
  if (g_once_init_enter (&pipes_safe))
    {
      signal (SIGPIPE, SIG_IGN);
      g_once_init_leave (&pipes_safe, 1);
    }

  if (!g_shell_parse_argv (self->command, NULL, &argv, &local_error)
      || (process = g_subprocess_newv ((const char * const *) argv,
                                       G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                       &local_error)) == NULL)
    {
      g_set_error (error, CONGKAK_UCI_ERROR, CONGKAK_UCI_ERROR_START,
                   _("The engine “%s” could not be started: %s"), label, local_error->message);
      return FALSE;
    }

  run = g_new0 (Run, 1);
  run->ref_count = 1;
  run->process = g_steal_pointer (&process);
  run->to_engine = g_object_ref (g_subprocess_get_stdin_pipe (run->process));
  run->from_engine = g_object_ref (g_subprocess_get_stdout_pipe (run->process));
  run->io = g_cancellable_new ();
  run->queue = g_string_new (NULL);
  run->buffer = g_string_new (NULL);
  self->run = run;
  self->uci_ok = FALSE;
  self->new_game = TRUE;
  read_next (self);
  return TRUE;
}

/* The caller gave up the request: a search is stopped (its answer will
 * come and be dropped), anything else ends the run. */
static gboolean
give_up_cb (gpointer user_data)
{
  CongkakUciEngine *self = user_data;
  g_autoptr (GTask) task = NULL;

  if (self->task == NULL || !g_cancellable_is_cancelled (g_task_get_cancellable (self->task)))
    return G_SOURCE_REMOVE;

  task = g_steal_pointer (&self->task);
  clear_timeout (self);
  if (self->waiting == WAITING_BESTMOVE)
    {
      send (self, "stop");
      self->stale_answers++;
    }
  else
    end_run (self);
  self->waiting = WAITING_NOTHING;
  g_task_return_new_error_literal (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                   _("The engine was stopped before it chose a move."));
  return G_SOURCE_REMOVE;
}

/* A request cancelled whose giving up is still on its way (the idle of
 * cancelled_cb()) is given up now: a turn that ends and the next that
 * begins at once (a redo, a jump) ask one after the other. */
static void
give_up_cancelled (CongkakUciEngine *self)
{
  GCancellable *cancellable = self->task ? g_task_get_cancellable (self->task) : NULL;

  if (cancellable != NULL && g_cancellable_is_cancelled (cancellable))
    give_up_cb (self);
}

/* Called in whichever thread cancelled: the request is given up in its
 * own context, never inside the signal (where disconnecting would hang). */
static void
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  Request *request = user_data;
  GSource *idle = g_idle_source_new ();

  g_source_set_callback (idle, give_up_cb, g_object_ref (request->engine), g_object_unref);
  g_source_set_static_name (idle, "[congkak] UCI engine cancelled");
  g_source_attach (idle, request->context);
  g_source_unref (idle);
}

/* Starts the engine if need be and sends @request's task on its way:
 * what asking for a move and checking the handshake share. */
static void
begin_request (CongkakUciEngine *self,
               GTask            *task,
               Request          *request,
               GCancellable     *cancellable)
{
  g_autoptr (GTask) owned = task;
  g_autoptr (GError) error = NULL;

  if (self->run == NULL && !start_run (self, &error))
    {
      g_task_return_error (owned, g_steal_pointer (&error));
      return;
    }
  if (g_task_return_error_if_cancelled (owned))
    return;

  self->task = g_steal_pointer (&owned);
  if (cancellable != NULL)
    {
      request->cancellable = g_object_ref (cancellable);
      request->engine = self;
      request->context = g_main_context_ref (g_task_get_context (self->task));
      request->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), request, NULL);
    }
  go_on (self);
}

/**
 * congkak_uci_engine_choose_async:
 * @rules: the match's rules; an engine without the Rules option plays
 *   only Oware
 * @start: (nullable): the position the match started from, if not the
 *   rules' start
 * @moves: (nullable) (array zero-terminated=1): the moves since @start,
 *   as congkak_move_to_string() writes them (openings, next-round too)
 * @opening: (nullable): in an opening being chosen, the choices so far
 * @side: whose move or opening hole is asked for
 * @movetime_ms: the engine's time; it is stopped if it has not answered
 *   within that and the time margin
 *
 * Asks the engine for @side's move: a hole to sow, an opening hole, or
 * (between rounds) the next round, which is answered without asking.
 * Starts the engine first if it is not running.
 */
void
congkak_uci_engine_choose_async (CongkakUciEngine     *self,
                                 const CongkakRules   *rules,
                                 const CongkakPosition *start,
                                 const char * const   *moves,
                                 const CongkakOpening *opening,
                                 CongkakSide           side,
                                 guint                 movetime_ms,
                                 GCancellable         *cancellable,
                                 GAsyncReadyCallback   callback,
                                 gpointer              user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) move_list = g_string_new (NULL);
  g_autoptr (GString) command = NULL;
  Request *request;
  const CongkakState *state;

  g_return_if_fail (CONGKAK_IS_UCI_ENGINE (self));
  g_return_if_fail (rules != NULL);
  g_return_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, congkak_uci_engine_choose_async);
  give_up_cancelled (self);
  if (self->task != NULL)
    {
      g_task_return_new_error_literal (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                                       "The engine is already choosing a move");
      return;
    }

  request = g_new0 (Request, 1);
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);
  request->rules = *rules;
  request->side = side;
  request->movetime_ms = movetime_ms;

  /* The position, as the engine will see it, checked as it will. */
  request->game = start ? congkak_game_new_from_position (rules, start, &error) : congkak_game_new (rules);
  if (request->game == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  for (guint i = 0; moves != NULL && moves[i] != NULL; i++)
    congkak_uci_append_move (move_list, moves[i]);
  if (!congkak_uci_play_moves (request->game, move_list->str, &request->opening, &request->choosing, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* In the opening, the engine is asked for its hole with "?". */
  if (congkak_game_get_state (request->game)->phase == CONGKAK_PHASE_OPENING)
    {
      g_autofree char *asking = congkak_uci_format_opening_request (opening, side);

      congkak_uci_append_move (move_list, asking);
      congkak_game_free (request->game);
      request->game = start ? congkak_game_new_from_position (rules, start, NULL) : congkak_game_new (rules);
      if (!congkak_uci_play_moves (request->game, move_list->str, &request->opening, &request->choosing, &error))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
    }

  state = congkak_game_get_state (request->game);
  if (state->phase == CONGKAK_PHASE_ROUND_OVER)
    {
      CongkakComputerMove move = { .kind = CONGKAK_MOVE_NEXT_ROUND, .side = side };

      g_task_return_pointer (task, g_memdup2 (&move, sizeof move), g_free);
      return;
    }
  if (state->phase == CONGKAK_PHASE_MATCH_OVER
      || (state->phase == CONGKAK_PHASE_PLAYING && state->position.to_move != side))
    {
      g_task_return_new_error_literal (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                       state->phase == CONGKAK_PHASE_MATCH_OVER ? _("The match is over.")
                                       : _("It is the other player’s turn."));
      return;
    }

  command = g_string_new ("position ");
  if (start != NULL)
    {
      g_autofree char *fen = congkak_uci_format_fen (rules, start);

      g_string_append_printf (command, "fen %s", fen);
    }
  else
    g_string_append (command, "startpos");
  if (move_list->len > 0)
    g_string_append_printf (command, " moves %s", move_list->str);
  request->position = g_string_free (g_steal_pointer (&command), FALSE);

  begin_request (self, g_steal_pointer (&task), request, cancellable);
}

/**
 * congkak_uci_engine_choose_finish:
 * @move: (out caller-allocates): the engine's move: kind, side and hole
 *   as congkak_computer_choose() gives them; the score, depth and nodes
 *   of its last report (the score in seeds, rounded from centi-seeds)
 *
 * Returns: %FALSE with a CONGKAK_UCI_ERROR when the engine misbehaved
 *   (it was stopped then), G_IO_ERROR_CANCELLED, or an error of the
 *   position given.
 */
gboolean
congkak_uci_engine_choose_finish (CongkakUciEngine     *self,
                                  GAsyncResult         *result,
                                  CongkakComputerMove  *move,
                                  GError              **error)
{
  g_autofree CongkakComputerMove *answer = NULL;

  g_return_val_if_fail (CONGKAK_IS_UCI_ENGINE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  answer = g_task_propagate_pointer (G_TASK (result), error);
  if (answer == NULL)
    return FALSE;
  *move = *answer;
  return TRUE;
}

/**
 * congkak_uci_engine_check_async:
 *
 * Starts the engine if it is not running and does the handshake (uci …
 * uciok, isready … readyok) without asking for a move: whether a command
 * names an engine that speaks UCI, before it is offered as a player.
 * Its name (congkak_uci_engine_get_name()) is known afterwards.
 */
void
congkak_uci_engine_check_async (CongkakUciEngine    *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  Request *request;

  g_return_if_fail (CONGKAK_IS_UCI_ENGINE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, congkak_uci_engine_check_async);
  give_up_cancelled (self);
  if (self->task != NULL)
    {
      g_task_return_new_error_literal (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                                       "The engine is already choosing a move");
      return;
    }
  request = g_new0 (Request, 1);
  request->checking = TRUE;
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);

  begin_request (self, g_steal_pointer (&task), request, cancellable);
}

/**
 * congkak_uci_engine_check_finish:
 *
 * Returns: %TRUE if the engine answered uciok and readyok in time;
 *   %FALSE with a CONGKAK_UCI_ERROR that says what it did otherwise.
 */
gboolean
congkak_uci_engine_check_finish (CongkakUciEngine  *self,
                                 GAsyncResult      *result,
                                 GError           **error)
{
  g_return_val_if_fail (CONGKAK_IS_UCI_ENGINE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * congkak_uci_engine_new_game:
 *
 * The next request is the first of a new game: the engine hears
 * ucinewgame (and isready) before its position.
 */
void
congkak_uci_engine_new_game (CongkakUciEngine *self)
{
  g_return_if_fail (CONGKAK_IS_UCI_ENGINE (self));

  self->new_game = TRUE;
}

static gboolean
force_exit_cb (gpointer user_data)
{
  GSubprocess *process = user_data;

  g_subprocess_force_exit (process);
  return G_SOURCE_REMOVE;
}

/* quit is said: the end of its input says it again. */
static void
quit_written_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (Run) run = user_data;

  if (g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, NULL))
    g_output_stream_close (run->to_engine, NULL, NULL);
}

static void
quit_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GSource *timer = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  g_source_destroy (timer);
  g_source_unref (timer);
}

/**
 * congkak_uci_engine_stop:
 *
 * Tells the engine to quit (any request going on is cancelled), and ends
 * its program if it has not gone within two seconds.
 */
void
congkak_uci_engine_stop (CongkakUciEngine *self)
{
  g_autoptr (Run) run = NULL;
  GSource *timer;

  g_return_if_fail (CONGKAK_IS_UCI_ENGINE (self));

  if (self->task != NULL)
    fail (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                     _("The engine was stopped before it chose a move.")));
  if (self->run == NULL)
    return;

  run = g_steal_pointer (&self->run);
  /* Behind a write still going on, quit cannot go: the timer ends it. */
  if (run->writing == NULL)
    g_output_stream_write_all_async (run->to_engine, "quit\n", strlen ("quit\n"), G_PRIORITY_DEFAULT,
                                     NULL, quit_written_cb, run_ref (run));
  timer = g_timeout_source_new (QUIT_MS);
  g_source_set_callback (timer, force_exit_cb, g_object_ref (run->process), g_object_unref);
  g_source_set_static_name (timer, "[congkak] UCI engine quit");
  g_source_attach (timer, g_main_context_get_thread_default ());
  g_subprocess_wait_async (run->process, NULL, quit_done_cb, timer);
  self->uci_ok = FALSE;
  self->new_game = TRUE;
}

/**
 * congkak_uci_engine_is_running:
 *
 * Returns: whether the engine's program has been started and not given up.
 */
gboolean
congkak_uci_engine_is_running (CongkakUciEngine *self)
{
  g_return_val_if_fail (CONGKAK_IS_UCI_ENGINE (self), FALSE);

  return self->run != NULL;
}

const char *
congkak_uci_engine_get_command (CongkakUciEngine *self)
{
  g_return_val_if_fail (CONGKAK_IS_UCI_ENGINE (self), NULL);

  return self->command;
}

/**
 * congkak_uci_engine_get_name:
 *
 * Returns: the name the engine gave (id name) once it started, the
 *   command until then.  Untrusted: quote it before showing it.
 */
const char *
congkak_uci_engine_get_name (CongkakUciEngine *self)
{
  g_return_val_if_fail (CONGKAK_IS_UCI_ENGINE (self), NULL);

  return self->name ? self->name : self->command;
}

guint
congkak_uci_engine_get_time_margin (CongkakUciEngine *self)
{
  g_return_val_if_fail (CONGKAK_IS_UCI_ENGINE (self), 0);

  return self->margin_ms;
}

/**
 * congkak_uci_engine_set_time_margin:
 * @margin_ms: how much longer than its move time the engine may take
 */
void
congkak_uci_engine_set_time_margin (CongkakUciEngine *self,
                                    guint             margin_ms)
{
  g_return_if_fail (CONGKAK_IS_UCI_ENGINE (self));

  self->margin_ms = margin_ms;
}

/**
 * congkak_uci_engine_set_node_limit:
 * @max_nodes: 0 to give the engine its move time (`go movetime`), else a
 *   budget of positions a move (`go nodes`), so that its moves repeat
 *   whatever the machine's load; the move time then only bounds how long
 *   it may take
 */
void
congkak_uci_engine_set_node_limit (CongkakUciEngine *self,
                                   guint64           max_nodes)
{
  g_return_if_fail (CONGKAK_IS_UCI_ENGINE (self));

  self->max_nodes = max_nodes;
}

/**
 * congkak_uci_engine_get_answer_time:
 *
 * Returns: how long the engine took to answer its last move, from `go`
 *   to `bestmove`, in µs (0 before its first); for measuring how well it
 *   keeps its time.
 */
gint64
congkak_uci_engine_get_answer_time (CongkakUciEngine *self)
{
  g_return_val_if_fail (CONGKAK_IS_UCI_ENGINE (self), 0);

  return self->answer_time;
}

guint
congkak_uci_engine_get_answer_timeout (CongkakUciEngine *self)
{
  g_return_val_if_fail (CONGKAK_IS_UCI_ENGINE (self), 0);

  return self->answer_ms;
}

/**
 * congkak_uci_engine_set_answer_timeout:
 * @timeout_ms: how long the engine has to start (uciok) and to answer
 *   isready (a program in Java may need seconds)
 */
void
congkak_uci_engine_set_answer_timeout (CongkakUciEngine *self,
                                       guint             timeout_ms)
{
  g_return_if_fail (CONGKAK_IS_UCI_ENGINE (self));

  self->answer_ms = timeout_ms;
}

static void
congkak_uci_engine_dispose (GObject *object)
{
  CongkakUciEngine *self = CONGKAK_UCI_ENGINE (object);

  clear_timeout (self);
  if (self->run != NULL)
    {
      g_cancellable_cancel (self->run->io);
      g_subprocess_force_exit (self->run->process);
      g_clear_pointer (&self->run, run_unref);
    }

  G_OBJECT_CLASS (congkak_uci_engine_parent_class)->dispose (object);
}

static void
congkak_uci_engine_finalize (GObject *object)
{
  CongkakUciEngine *self = CONGKAK_UCI_ENGINE (object);

  g_free (self->command);
  g_free (self->name);
  g_free (self->engine_rules);
  g_free (self->said);

  G_OBJECT_CLASS (congkak_uci_engine_parent_class)->finalize (object);
}

static void
congkak_uci_engine_class_init (CongkakUciEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_uci_engine_dispose;
  object_class->finalize = congkak_uci_engine_finalize;
}

static void
congkak_uci_engine_init (CongkakUciEngine *self)
{
  self->margin_ms = CONGKAK_UCI_ENGINE_DEFAULT_MARGIN_MS;
  self->answer_ms = CONGKAK_UCI_ENGINE_ANSWER_MS;
  self->new_game = TRUE;
}

/**
 * congkak_uci_engine_new:
 * @command: the engine's command line, such as "congkak-cli engine" or
 *   "java -jar Aalina.jar service"; split as a shell would, but run
 *   without one
 *
 * Returns: (transfer full): an engine, started when first asked.
 */
CongkakUciEngine *
congkak_uci_engine_new (const char *command)
{
  CongkakUciEngine *self;

  g_return_val_if_fail (command != NULL, NULL);

  self = g_object_new (CONGKAK_TYPE_UCI_ENGINE, NULL);
  self->command = g_strdup (command);
  return self;
}
