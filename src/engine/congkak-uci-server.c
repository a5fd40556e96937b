/* congkak-uci-server.c — the engine's end of the UCI dialect
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Commands are handled one at a time, as they come, in the caller's
 * thread; `go` searches in a thread of its own, so that `isready` is
 * answered and `stop` is heard while it thinks.  A clock thread stops the
 * search when its time is up: the search looks at the stop flag every few
 * thousand positions, and the answer is the best move of the deepest
 * search finished, so the engine answers within a few milliseconds of
 * its time.  Anything wrong in a command is said in an `info string
 * Error: …` line; a `go` that cannot search still answers, with `bestmove
 * 0000`, so a GUI never waits for nothing.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-computer.h"
#include "congkak-search.h"
#include "congkak-uci.h"

/* `go` without limits thinks as the hard level does. */
#define DEFAULT_MOVETIME_MS 1000
/* Stopping, choosing the answer and writing it take a moment. */
#define ANSWER_USEC (20 * 1000)
/* Of a clock (wtime, btime): the moves still to play when unsaid, and
 * what is kept back. */
#define DEFAULT_MOVES_TO_GO 30
#define CLOCK_RESERVE_MS 50
/* The longest principal variation reported. */
#define MAX_LINE 64

/* One `go`, and what its search found so far. */
typedef struct
{
  CongkakUciServer *server;
  CongkakRules      rules;
  CongkakState      state;
  CongkakOpening    opening;     /* choices so far, in an opening */
  CongkakSide       choosing;    /* whose opening hole is asked for */
  CongkakPosition   board;       /* the board that opening choice is made on */
  guint             max_depth;   /* 0: none */
  guint64           max_nodes;   /* 0: none */
  gint64            started;     /* monotonic µs, when `go` came */
  gint64            deadline;    /* monotonic µs, 0 for none */
  gboolean          infinite;    /* answer only after `stop` */

  gboolean          have_move;
  guint8            best;
  guint8            line[MAX_LINE];
  guint             line_length;
} Job;

struct _CongkakUciServer
{
  CongkakUciWriteFunc write;
  gpointer            write_data;
  GMutex              write_lock;

  CongkakRules        rules;
  guint               hash_mb;
  CongkakSearch      *search;     /* for the rules and hash_mb it was made with */
  guint               search_hash_mb;
  CongkakComputer    *computer;   /* for opening choices */
  CongkakRules        computer_rules;
  CongkakOwareEndgameShelf *oware_endgame_shelf;

  /* The last `position`; NULL if it was refused */
  CongkakGame        *game;
  CongkakOpening      opening;
  CongkakSide         choosing;

  /* The search going on, or finished but not yet joined */
  Job                *job;
  GThread            *thread;
  GThread            *clock;
  gint                cancel;     /* atomic: read by the search */
  GMutex              lock;
  GCond               changed;
  gboolean            stopped;    /* under lock: `stop` came */
  gboolean            finished;   /* under lock: the answer is chosen */
};

static void G_GNUC_PRINTF (2, 3)
say (CongkakUciServer *server,
     const char       *format,
     ...)
{
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);

  g_mutex_lock (&server->write_lock);
  server->write (line, server->write_data);
  g_mutex_unlock (&server->write_lock);
}

/* "Error:" stays as Aalina writes it, for programs that look for it; the
 * message is the user's language. */
static void
say_error (CongkakUciServer *server,
           const char       *message)
{
  say (server, "info string Error: %s", message);
}

/* The letters of @n moves from @state, each in its mover's case. */
static char *
line_text (const CongkakRules *rules,
           const CongkakState *state,
           const guint8       *holes,
           guint               n)
{
  GString *text = g_string_new (NULL);
  CongkakState now = *state;

  for (guint i = 0; i < n && now.phase == CONGKAK_PHASE_PLAYING; i++)
    {
      g_string_append_c (text, congkak_hole_letter (now.position.to_move, holes[i]));
      congkak_state_play_fast (&now, rules, holes[i]);
    }
  return g_string_free (text, FALSE);
}

static gint64
elapsed_ms (const Job *job)
{
  return (g_get_monotonic_time () - job->started) / 1000;
}

static void
say_info (Job        *job,
          guint       depth,
          int         score,
          guint64     nodes,
          const char *line)
{
  gint64 ms = elapsed_ms (job);

  /* Centi-seeds, as Aualé shows them: +1.00 is a seed ahead. */
  say (job->server, "info depth %u score cp %d time %" G_GINT64_FORMAT " nodes %" G_GUINT64_FORMAT
       " nps %" G_GUINT64_FORMAT " pv %s",
       depth, 100 * score, ms, nodes, ms > 0 ? nodes * 1000 / (guint64) ms : nodes * 1000, line);
}

static void
report_depth (CongkakSearch      *search,
              const CongkakState *state,
              guint               depth,
              guint8              hole,
              int                 score,
              gpointer            user_data)
{
  Job *job = user_data;
  g_autofree char *line = NULL;
  guint n;

  job->best = hole;
  job->have_move = TRUE;
  n = congkak_search_get_line (search, state, job->line, MAX_LINE);
  if (n == 0 || job->line[0] != hole)
    {
      job->line[0] = hole;
      n = 1;
    }
  job->line_length = n;
  line = line_text (&job->rules, state, job->line, n);
  say_info (job, depth, score, congkak_search_get_nodes (search), line);
}

static void
search_sowing (Job *job)
{
  CongkakUciServer *server = job->server;
  guint8 hole;

  congkak_search_set_cancel (server->search, &server->cancel);
  congkak_search_set_node_limit (server->search, job->max_nodes);
  congkak_search_set_oware_endgame (server->search,
                                    congkak_oware_endgame_shelf_get_ready (server->oware_endgame_shelf, &server->rules));
  congkak_search_set_progress (server->search, report_depth, job);
  /* Stopped (cancelled), it gives nothing: the last depth it reported is
   * the answer then. */
  if (congkak_search_best_move (server->search, &job->state, job->max_depth, 0, &hole, NULL, NULL))
    {
      job->best = hole;
      job->have_move = TRUE;
    }
  congkak_search_set_progress (server->search, NULL, NULL);

  if (!job->have_move)
    {
      guint8 holes[CONGKAK_MAX_HOLES];

      if (congkak_state_legal_moves (&job->state, &job->rules, holes) > 0)
        {
          job->best = holes[0];
          job->have_move = TRUE;
          job->line_length = 0;
        }
    }
}

/* An opening hole: the levels' choices, each more careful than the last,
 * for as long as there is time. */
static void
search_opening (Job *job)
{
  CongkakUciServer *server = job->server;
  const CongkakLevel levels[] = { CONGKAK_LEVEL_EASY, CONGKAK_LEVEL_MEDIUM, CONGKAK_LEVEL_HARD };

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autoptr (GError) error = NULL;
      CongkakComputerOptions options;
      CongkakComputerMove move;
      char letter[2] = { 0, 0 };

      congkak_computer_options_init (&options, levels[i], 0);
      if (!congkak_computer_choose (server->computer, &job->state, &job->opening, job->choosing,
                                    &options, &server->cancel, &move, &error))
        {
          if (!g_error_matches (error, CONGKAK_COMPUTER_ERROR, CONGKAK_COMPUTER_ERROR_CANCELLED))
            say_error (server, error->message);
          break;
        }
      job->best = move.hole;
      job->have_move = TRUE;
      letter[0] = congkak_hole_letter (job->choosing, move.hole);
      say_info (job, move.depth, move.score, move.nodes, letter);
      if (job->max_depth > 0 && move.depth >= job->max_depth)
        break;
    }

  /* Stopped before the first level chose: any hole it may choose. */
  for (guint i = 0; !job->have_move && i < job->board.n_holes; i++)
    if (congkak_position_can_choose (&job->board, job->choosing, i))
      {
        job->best = i;
        job->have_move = TRUE;
      }
}

static void
answer (Job *job)
{
  CongkakSide side = job->state.phase == CONGKAK_PHASE_OPENING ? job->choosing : job->state.position.to_move;

  if (!job->have_move)
    {
      say (job->server, "bestmove 0000");
      return;
    }
  if (job->state.phase == CONGKAK_PHASE_PLAYING && job->line_length >= 2 && job->line[0] == job->best)
    {
      g_autofree char *line = line_text (&job->rules, &job->state, job->line, 2);

      if (strlen (line) == 2)
        {
          say (job->server, "bestmove %c ponder %c", line[0], line[1]);
          return;
        }
    }
  say (job->server, "bestmove %c", congkak_hole_letter (side, job->best));
}

static gpointer
search_thread (gpointer data)
{
  Job *job = data;
  CongkakUciServer *server = job->server;

  if (job->state.phase == CONGKAK_PHASE_OPENING)
    search_opening (job);
  else
    search_sowing (job);

  /* Finished before the answer is written: a GUI may say `go` again as
   * soon as it reads it. */
  g_mutex_lock (&server->lock);
  while (job->infinite && !server->stopped)
    g_cond_wait (&server->changed, &server->lock);
  server->finished = TRUE;
  g_cond_broadcast (&server->changed);
  g_mutex_unlock (&server->lock);

  answer (job);
  return NULL;
}

/* Stops the search when its time is up. */
static gpointer
clock_thread (gpointer data)
{
  Job *job = data;
  CongkakUciServer *server = job->server;

  g_mutex_lock (&server->lock);
  while (!server->finished && !server->stopped)
    if (!g_cond_wait_until (&server->changed, &server->lock, job->deadline))
      {
        g_atomic_int_set (&server->cancel, 1);
        break;
      }
  g_mutex_unlock (&server->lock);
  return NULL;
}

/* Ends the search (at once with @stop, otherwise only if it has
 * answered); returns whether none is going on now. */
static gboolean
end_search (CongkakUciServer *server,
            gboolean          stop)
{
  if (server->thread == NULL)
    return TRUE;

  g_mutex_lock (&server->lock);
  if (!stop && !server->finished)
    {
      g_mutex_unlock (&server->lock);
      return FALSE;
    }
  server->stopped = TRUE;
  g_atomic_int_set (&server->cancel, 1);
  g_cond_broadcast (&server->changed);
  g_mutex_unlock (&server->lock);

  g_thread_join (g_steal_pointer (&server->thread));
  if (server->clock != NULL)
    g_thread_join (g_steal_pointer (&server->clock));
  g_clear_pointer (&server->job, g_free);
  return TRUE;
}

static void
set_start_position (CongkakUciServer *server)
{
  g_clear_pointer (&server->game, congkak_game_free);
  server->game = congkak_game_new (&server->rules);
  congkak_opening_clear (&server->opening);
  server->choosing = CONGKAK_NOBODY;
}

/**
 * congkak_uci_server_new:
 * @rules: the rules until `setoption name Rules` says others (Oware for
 *   Aualé)
 * @oware_endgame_seeds: the seeds its Oware endgame database covers
 *   (CONGKAK_OWARE_ENDGAME_DEFAULT_SEEDS); 0 for none
 * @write: writes a line to the GUI
 *
 * Returns: (transfer full): an engine that knows the start position.
 */
CongkakUciServer *
congkak_uci_server_new (const CongkakRules  *rules,
                        guint                oware_endgame_seeds,
                        CongkakUciWriteFunc  write,
                        gpointer             user_data)
{
  g_autofree char *cache_dir = congkak_oware_endgame_cache_dir ();
  CongkakUciServer *server;

  g_return_val_if_fail (rules != NULL && congkak_rules_validate (rules, NULL), NULL);
  g_return_val_if_fail (oware_endgame_seeds <= CONGKAK_OWARE_ENDGAME_MAX_SEEDS, NULL);
  g_return_val_if_fail (write != NULL, NULL);

  server = g_new0 (CongkakUciServer, 1);
  server->write = write;
  server->write_data = user_data;
  g_mutex_init (&server->write_lock);
  g_mutex_init (&server->lock);
  g_cond_init (&server->changed);
  server->rules = *rules;
  server->hash_mb = CONGKAK_SEARCH_DEFAULT_TABLE_MB;
  server->oware_endgame_shelf = congkak_oware_endgame_shelf_new (oware_endgame_seeds, cache_dir);
  set_start_position (server);
  return server;
}

/**
 * congkak_uci_server_free:
 *
 * Stops any search; its answer may still be written.
 */
void
congkak_uci_server_free (CongkakUciServer *server)
{
  if (server == NULL)
    return;

  end_search (server, TRUE);
  congkak_search_free (server->search);
  congkak_computer_free (server->computer);
  congkak_oware_endgame_shelf_unref (server->oware_endgame_shelf);
  congkak_game_free (server->game);
  g_mutex_clear (&server->write_lock);
  g_mutex_clear (&server->lock);
  g_cond_clear (&server->changed);
  g_free (server);
}

static void
identify (CongkakUciServer *server)
{
  g_autofree char *rules = congkak_uci_format_rules (&server->rules);

  say (server, "id name Congkak %s", PACKAGE_VERSION);
  say (server, "id author Congkak developers");
  say (server, "option name Hash type spin default %u min %u max %u",
       CONGKAK_SEARCH_DEFAULT_TABLE_MB, CONGKAK_UCI_MIN_HASH_MB, CONGKAK_UCI_MAX_HASH_MB);
  say (server, "option name Ponder type check default true");
  say (server, "option name Rules type string default %s", rules);
  say (server, "uciok");
}

/* `position startpos|fen F [moves …]`, @words after "position". */
static void
set_position (CongkakUciServer  *server,
              char             **words,
              const char        *line)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakGame) game = NULL;
  guint next = 1;

  g_clear_pointer (&server->game, congkak_game_free);
  congkak_opening_clear (&server->opening);
  server->choosing = CONGKAK_NOBODY;

  if (words[0] != NULL && g_str_equal (words[0], "startpos"))
    game = congkak_game_new (&server->rules);
  else if (words[0] != NULL && g_str_equal (words[0], "fen") && words[1] != NULL)
    {
      CongkakPosition position;

      next = 2;
      if (congkak_uci_parse_fen (words[1], &server->rules, &position, &error))
        game = congkak_game_new_from_position (&server->rules, &position, &error);
      if (game == NULL)
        {
          say_error (server, error->message);
          return;
        }
    }
  else
    {
      say_error (server, _("Say which position: “position startpos” or “position fen …”, then any “moves …”."));
      return;
    }

  if (words[next] != NULL)
    {
      const char *moves;

      if (!g_str_equal (words[next], "moves"))
        {
          g_autofree char *message = g_strdup_printf (_("“%s” after the position is not “moves”."), words[next]);

          say_error (server, message);
          return;
        }
      /* Everything after the word, as it came. */
      moves = strstr (line, " moves") + strlen (" moves");
      if (!congkak_uci_play_moves (game, moves, &server->opening, &server->choosing, &error))
        {
          say_error (server, error->message);
          return;
        }
    }
  server->game = g_steal_pointer (&game);
}

/* The words of `go`. */
static const char * const go_words[] = {
  "infinite", "ponder", "movetime", "depth", "nodes", "wtime", "btime", "winc", "binc",
  "movestogo", "mate", "searchmoves", NULL
};

static gboolean
read_number (CongkakUciServer  *server,
             char             **words,
             guint             *i,
             guint64            max,
             guint64           *value)
{
  const char *name = words[*i];
  const char *text = words[*i + 1];

  if (text != NULL && g_ascii_string_to_unsigned (text, 10, 0, max, value, NULL))
    {
      (*i)++;
      return TRUE;
    }
  {
    g_autofree char *message = g_strdup_printf (_("“go %s” needs a whole number after it."), name);

    say_error (server, message);
  }
  /* The word that is not a number goes with its limit, unless it is
   * the next limit. */
  if (text != NULL && !g_strv_contains (go_words, text))
    (*i)++;
  return FALSE;
}

/* The search object for the current rules and table size. */
static void
prepare_search (CongkakUciServer *server)
{
  if (server->search == NULL || server->search_hash_mb != server->hash_mb
      || !congkak_rules_equal (congkak_search_get_rules (server->search), &server->rules))
    {
      g_clear_pointer (&server->search, congkak_search_free);
      server->search = congkak_search_new (&server->rules, server->hash_mb);
      server->search_hash_mb = server->hash_mb;
    }
  if (server->computer == NULL || !congkak_rules_equal (&server->computer_rules, &server->rules))
    {
      g_clear_pointer (&server->computer, congkak_computer_free);
      server->computer = congkak_computer_new (&server->rules);
      congkak_computer_set_oware_endgame_shelf (server->computer, server->oware_endgame_shelf);
      server->computer_rules = server->rules;
    }
}

/* Makes the search for the rules and table size now, and its table ready
 * for use (see congkak_search_warm_up()), unless a search is going on:
 * before a first search, not in its time. */
static void
get_ready (CongkakUciServer *server)
{
  if (!end_search (server, FALSE))
    return;
  prepare_search (server);
  congkak_search_warm_up (server->search);
  /* The Oware endgame database: read, or built the first time (seconds). */
  congkak_search_set_oware_endgame (server->search,
                                    congkak_oware_endgame_shelf_wait (server->oware_endgame_shelf, &server->rules));
}

static void
go (CongkakUciServer  *server,
    char             **words)
{
  g_autofree Job *job = g_new0 (Job, 1);
  guint64 movetime = 0, depth = 0, nodes = 0, moves_to_go = 0;
  guint64 clock_ms[2] = { 0, 0 }, increment_ms[2] = { 0, 0 };
  gboolean have_clock[2] = { FALSE, FALSE };
  gboolean have_movetime = FALSE;
  CongkakSide side;

  job->server = server;
  job->started = g_get_monotonic_time ();

  if (!end_search (server, FALSE))
    {
      say_error (server, _("Already thinking: send “stop” first."));
      return;
    }

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      guint64 value;

      if (g_str_equal (word, "infinite") || g_str_equal (word, "ponder"))
        job->infinite = TRUE;
      else if (g_str_equal (word, "movetime"))
        {
          if (read_number (server, words, &i, G_MAXINT, &value))
            {
              movetime = value;
              have_movetime = TRUE;
            }
        }
      else if (g_str_equal (word, "depth"))
        {
          if (read_number (server, words, &i, 254, &value))
            depth = MAX (value, 1);
        }
      else if (g_str_equal (word, "nodes"))
        {
          if (read_number (server, words, &i, G_MAXUINT64, &value))
            nodes = value;
        }
      else if (g_str_equal (word, "wtime") || g_str_equal (word, "btime"))
        {
          side = word[0] == 'w' ? CONGKAK_SOUTH : CONGKAK_NORTH;
          have_clock[side] |= read_number (server, words, &i, G_MAXINT, &clock_ms[side]);
        }
      else if (g_str_equal (word, "winc") || g_str_equal (word, "binc"))
        read_number (server, words, &i, G_MAXINT, &increment_ms[word[0] == 'w' ? CONGKAK_SOUTH : CONGKAK_NORTH]);
      else if (g_str_equal (word, "movestogo"))
        read_number (server, words, &i, G_MAXINT, &moves_to_go);
      else if (g_str_equal (word, "mate"))
        read_number (server, words, &i, G_MAXINT, &value);
      else if (g_str_equal (word, "searchmoves"))
        break;  /* not supported: the whole position is searched */
      else
        {
          g_autofree char *message = g_strdup_printf (_("“%s” is not a limit of “go”: use movetime, depth, nodes, infinite or ponder."),
                                                      word);
          say_error (server, message);
        }
    }

  if (server->game == NULL)
    {
      say_error (server, _("There is no position to search: the last “position” command was refused."));
      say (server, "bestmove 0000");
      return;
    }

  job->rules = server->rules;
  job->state = *congkak_game_get_state (server->game);
  job->opening = server->opening;
  job->choosing = server->choosing;
  job->board = job->state.position;
  switch (job->state.phase)
    {
    case CONGKAK_PHASE_MATCH_OVER:
      say (server, "bestmove 0000");
      return;
    case CONGKAK_PHASE_ROUND_OVER:
      say (server, "bestmove next-round");
      return;
    case CONGKAK_PHASE_OPENING:
      if (job->choosing == CONGKAK_NOBODY)
        {
          say_error (server, _("The simultaneous opening is next: end the moves with “opening:?/” or “opening:/?” to say whose hole is asked for."));
          say (server, "bestmove 0000");
          return;
        }
      if (job->opening.n_choices[job->choosing] > 0)
        {
          CongkakState attempt = job->state;
          CongkakSide needing;

          congkak_state_play_opening (&attempt, &job->rules, &job->opening, NULL, &needing, NULL);
          job->board = attempt.position;
        }
      side = job->choosing;
      break;
    case CONGKAK_PHASE_PLAYING:
    default:
      side = job->state.position.to_move;
      break;
    }

  /* The time: movetime, or a share of the player's clock, or (without
   * any limit) the hard level's second. */
  if (!have_movetime && have_clock[side])
    {
      guint64 share = clock_ms[side] / (moves_to_go > 0 ? moves_to_go : DEFAULT_MOVES_TO_GO)
                      + increment_ms[side] * 3 / 4;
      guint64 most = clock_ms[side] > 2 * CLOCK_RESERVE_MS ? clock_ms[side] - CLOCK_RESERVE_MS : clock_ms[side] / 2;

      movetime = MIN (share, most);
      have_movetime = TRUE;
    }
  if (!have_movetime && !job->infinite && depth == 0 && nodes == 0)
    {
      movetime = DEFAULT_MOVETIME_MS;
      have_movetime = TRUE;
    }
  if (have_movetime && !job->infinite)
    job->deadline = job->started + MAX ((gint64) movetime * 1000 - ANSWER_USEC, 1);
  job->max_depth = depth;
  job->max_nodes = nodes;

  prepare_search (server);
  g_atomic_int_set (&server->cancel, 0);
  server->stopped = FALSE;
  server->finished = FALSE;
  server->job = g_steal_pointer (&job);
  server->thread = g_thread_new ("uci-search", search_thread, server->job);
  if (server->job->deadline != 0)
    server->clock = g_thread_new ("uci-clock", clock_thread, server->job);
}

/* `setoption name NAME [value VALUE]`, @words after "setoption". */
static void
set_option (CongkakUciServer  *server,
            char             **words)
{
  g_autoptr (GString) name_text = g_string_new (NULL);
  g_autoptr (GString) value_text = NULL;
  g_autoptr (GError) error = NULL;
  const char *name, *value;
  guint i = 1;

  if (words[0] == NULL || !g_str_equal (words[0], "name") || words[1] == NULL)
    {
      say_error (server, _("Say which option: “setoption name NAME value VALUE”."));
      return;
    }
  for (; words[i] != NULL && !g_str_equal (words[i], "value"); i++)
    g_string_append_printf (name_text, "%s%s", name_text->len > 0 ? " " : "", words[i]);
  if (words[i] != NULL)
    {
      value_text = g_string_new (NULL);
      for (i++; words[i] != NULL; i++)
        g_string_append_printf (value_text, "%s%s", value_text->len > 0 ? " " : "", words[i]);
    }
  name = name_text->str;
  value = value_text ? value_text->str : NULL;

  if (g_ascii_strcasecmp (name, "Hash") == 0)
    {
      guint64 mb;

      if (value == NULL
          || !g_ascii_string_to_unsigned (value, 10, CONGKAK_UCI_MIN_HASH_MB, CONGKAK_UCI_MAX_HASH_MB, &mb, NULL))
        {
          g_autofree char *message = g_strdup_printf (_("Hash is a size in MiB, from %u to %u."),
                                                      CONGKAK_UCI_MIN_HASH_MB, CONGKAK_UCI_MAX_HASH_MB);

          say_error (server, message);
          return;
        }
      server->hash_mb = mb;
    }
  else if (g_ascii_strcasecmp (name, "Ponder") == 0 || g_ascii_strcasecmp (name, "OwnBook") == 0)
    {
      /* Aualé sets OwnBook before every game; there is no book to use. */
      if (value == NULL || (!g_str_equal (value, "true") && !g_str_equal (value, "false")))
        {
          g_autofree char *message = g_strdup_printf (_("%s is “true” or “false”."), name);

          say_error (server, message);
        }
    }
  else if (g_ascii_strcasecmp (name, "Rules") == 0)
    {
      CongkakRules rules;

      if (value == NULL || !congkak_uci_parse_rules (value, &rules, &error))
        {
          say_error (server, error ? error->message : _("Give the rules after “value”, such as “setoption name Rules value kalah”."));
          return;
        }
      server->rules = rules;
      set_start_position (server);
    }
  else
    {
      g_autofree char *message = g_strdup_printf (_("There is no option “%s”: the options are Hash, Ponder and Rules."), name);

      say_error (server, message);
    }
}

/**
 * congkak_uci_server_handle_line:
 * @line: one command from the GUI, without its line break
 *
 * Handles the command; answers are written as they come, `go`'s from
 * the search's thread.
 *
 * Returns: %FALSE after `quit`: the search is over then, and nothing
 *   more will be written.
 */
gboolean
congkak_uci_server_handle_line (CongkakUciServer *server,
                                const char       *line)
{
  g_autofree char *trimmed = NULL;
  g_auto (GStrv) all_words = NULL;
  g_autoptr (GPtrArray) words = g_ptr_array_new ();
  const char *command;

  g_return_val_if_fail (server != NULL, FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  trimmed = g_strstrip (g_strdelimit (g_strdup (line), "\t\r\n", ' '));
  all_words = g_strsplit (trimmed, " ", -1);
  for (guint i = 0; all_words[i] != NULL; i++)
    if (*all_words[i] != '\0')
      g_ptr_array_add (words, all_words[i]);
  g_ptr_array_add (words, NULL);
  command = g_ptr_array_index (words, 0);
  if (command == NULL)
    return TRUE;

  if (g_str_equal (command, "uci"))
    identify (server);
  else if (g_str_equal (command, "isready"))
    {
      get_ready (server);
      say (server, "readyok");
    }
  else if (g_str_equal (command, "debug") || g_str_equal (command, "ponderhit"))
    ;  /* nothing to change: no debugging output, and a ponder search goes on until stop */
  else if (g_str_equal (command, "ucinewgame"))
    set_start_position (server);
  else if (g_str_equal (command, "position"))
    set_position (server, (char **) words->pdata + 1, trimmed);
  else if (g_str_equal (command, "go"))
    go (server, (char **) words->pdata + 1);
  else if (g_str_equal (command, "stop"))
    end_search (server, TRUE);
  else if (g_str_equal (command, "setoption"))
    set_option (server, (char **) words->pdata + 1);
  else if (g_str_equal (command, "quit"))
    {
      end_search (server, TRUE);
      return FALSE;
    }
  else
    {
      g_autofree char *message = g_strdup_printf (_("Unknown command “%s”."), command);

      say_error (server, message);
    }
  return TRUE;
}
