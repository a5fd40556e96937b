/* congkak-session.c — a match being played: whose turn it is, and the players
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session decides who acts next and how: a side sows, a side chooses
 * a hole of the simultaneous opening (the engine's replay of the opening
 * says whose choice is missing), the device is handed over so that the
 * other person chooses unseen, or a round or the match is over.  It hands
 * that side's CongkakPlayer a CongkakTurn (the position and the way to
 * answer; the player never sees the session), ends the turn when the
 * position changes, plays the answer into the match and emits
 * ::move-played with the engine's events, which a view animates; while
 * the view sets :presenting, the next player waits, so the computer never
 * runs ahead of what people see.  Everything else that moves the cursor
 * (the move list, replay, undo) arrives as ::cursor-moved.
 *
 * No GTK here: the whole flow runs, and is tested, without a display.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-analysis.h"
#include "congkak-computer-player.h"
#include "congkak-engine-player.h"
#include "congkak-file-util.h"
#include "congkak-narration.h"
#include "congkak-session.h"
#include "congkak-turn.h"

struct _CongkakSession
{
  GObject                parent_instance;

  CongkakDocument       *document;
  CongkakMatch          *match;
  GSignalGroup          *match_signals;
  CongkakComputerWorker *worker;
  CongkakPlayer         *players[2];

  /* Whose turn */
  CongkakTurnKind        turn_kind;
  CongkakSide            turn_side;
  guint                  turn_serial;   /* a new number for every turn */
  CongkakPlayer         *asked;         /* the player asked for this turn */
  CongkakTurn           *turn;          /* what it was handed, until the turn ends */
  gboolean               presenting;    /* a view still shows the last move */
  guint                  first_ask_id;  /* the first turn, once the caller has set up */
  gboolean               playing;       /* a move played here is being added */
  gboolean               extra_turn;    /* the last move ended in the mover's store */
  gboolean               showing_move;  /* ::move-played came, a view may be showing it */
  CongkakSide            showing_mover; /* whose it was; nobody for the opening */
  char                  *status;

  /* The simultaneous opening, while it is being chosen */
  CongkakOpening        *opening;
  CongkakSide            opening_first; /* asked first for a first hole */
  CongkakState           choice_state;  /* the board when the missing choice is made */
  guint                  opening_events_shown;
  gboolean               handed_over;

  /* Replay: the deepest move of the line the cursor stepped back along */
  CongkakNode           *line_end;   /* weak */

  /* The engine that judges hints, or NULL for the built-in computer */
  CongkakUciEngine      *judge;

  /* The analysis of the match, while it runs */
  GCancellable          *analysing;
  guint                  analysis_done;
  guint                  analysis_total;
};

enum
{
  PROP_0,
  PROP_DOCUMENT,
  PROP_MATCH,
  PROP_TURN_KIND,
  PROP_TURN_SIDE,
  PROP_LIVE,
  PROP_THINKING,
  PROP_STATUS,
  PROP_PRESENTING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_ANALYSING,
  PROP_ANALYSIS_FRACTION,
  PROP_ANALYSIS_PROGRESS,
  N_PROPS
};

enum
{
  MOVE_PLAYED,
  CURSOR_MOVED,
  AWAITING,
  PROBLEM,
  ANALYSIS_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CongkakSession, congkak_session, G_TYPE_OBJECT)
G_DEFINE_QUARK (congkak-session-error-quark, congkak_session_error)

static void new_turn        (CongkakSession *self);
static void new_turn_after  (CongkakSession    *self,
                             CongkakNode       *node,
                             GArray            *events,
                             const CongkakGame *game,
                             CongkakSide        mover);
static void cursor_moved_cb (CongkakSession *self);

static const CongkakState *
cursor_state (CongkakSession *self)
{
  return congkak_game_get_state (congkak_match_get_cursor_game (self->match));
}

static gboolean
at_line_end (CongkakSession *self)
{
  return congkak_node_get_n_children (congkak_match_get_cursor (self->match)) == 0;
}

gboolean
congkak_session_is_local_person (CongkakSession *self,
                                 CongkakSide     side)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  return (side == CONGKAK_SOUTH || side == CONGKAK_NORTH)
         && self->players[side] != NULL
         && congkak_player_is_local_person (self->players[side]);
}

static gboolean
player_is_thinking (CongkakPlayer *player)
{
  gboolean thinking = FALSE;

  if (player)
    g_object_get (player, "thinking", &thinking, NULL);
  return thinking;
}

/* Status */

/* The player of @side as the status names them: the computer is said to
 * be one ("North (computer)"), so that no line seems to ask it to act. */
static char *
describe_player (CongkakSession *self,
                 CongkakSide     side)
{
  if (congkak_match_get_player_kind (self->match, side) == CONGKAK_PLAYER_COMPUTER
      && *congkak_match_get_player_name (self->match, side) == '\0')
    /* TRANSLATORS: the side the computer plays, "North (computer)" */
    return g_strdup_printf (_("%s (computer)"), congkak_side_get_name (side));
  return congkak_narrate_player (self->match, side);
}

/* Whether the turn is the computer's to take, now or once the board has
 * shown the last move (a replay's earlier moves are nobody's turn). */
static gboolean
computer_to_choose (CongkakSession *self)
{
  CongkakSide side = self->turn_side;

  if (side != CONGKAK_SOUTH && side != CONGKAK_NORTH)
    return FALSE;
  if (self->turn_kind != CONGKAK_TURN_OPENING
      && (self->turn_kind != CONGKAK_TURN_MOVE || !at_line_end (self)))
    return FALSE;
  return !congkak_session_is_local_person (self, side)
         && congkak_match_get_player_kind (self->match, side) == CONGKAK_PLAYER_COMPUTER;
}

/* The status line: it tells the people here what to do, and says what
 * the computer and the board are doing, never asking the computer. */
static char *
describe_turn (CongkakSession *self)
{
  CongkakSide side = self->turn_side;
  g_autofree char *player = NULL;

  /* A view is still showing the move: whose it is, not what comes next. */
  if (self->presenting && self->showing_move)
    {
      g_autofree char *mover = NULL;

      if (self->showing_mover != CONGKAK_SOUTH && self->showing_mover != CONGKAK_NORTH)
        return g_strdup (_("Both players are sowing…"));
      mover = describe_player (self, self->showing_mover);
      /* TRANSLATORS: while the board shows a move, "South is sowing…" or "North (computer) is sowing…" */
      return g_strdup_printf (_("%s is sowing…"), mover);
    }

  if (side == CONGKAK_SOUTH || side == CONGKAK_NORTH)
    player = describe_player (self, side);

  /* The computer's turn, while it thinks and before it is asked. */
  if ((self->asked && player_is_thinking (self->asked)) || computer_to_choose (self))
    /* TRANSLATORS: the computer is choosing a move, "North (computer) is choosing…" */
    return g_strdup_printf (_("%s is choosing…"), player);

  switch (self->turn_kind)
    {
    case CONGKAK_TURN_OPENING:
      /* Just played into the match: the next turn is being worked out. */
      if (self->opening == NULL)
        return congkak_narrate_standing (self->match, cursor_state (self));
      if (self->opening->n_choices[side] > 0)
        /* TRANSLATORS: both are the player, "South’s seed fell into the store: South, choose another hole" */
        return g_strdup_printf (_("%s’s seed fell into the store: %s, choose another hole"), player, player);
      /* Only a person here needs to look away. */
      if (congkak_session_is_local_person (self, side)
          && congkak_session_is_local_person (self, CONGKAK_OTHER_SIDE (side)))
        return g_strdup (side == CONGKAK_SOUTH ? _("South, choose your opening hole — North, look away")
                                               : _("North, choose your opening hole — South, look away"));
      return g_strdup (side == CONGKAK_SOUTH ? _("South, choose your opening hole")
                                             : _("North, choose your opening hole"));

    case CONGKAK_TURN_HANDOVER:
      /* TRANSLATORS: while the device is handed to the player, "Waiting for North" */
      return g_strdup_printf (_("Waiting for %s"), player);

    case CONGKAK_TURN_MOVE:
      if (self->extra_turn)
        /* TRANSLATORS: both are the player, "South’s last seed fell into the store: South moves again" */
        return g_strdup_printf (_("%s’s last seed fell into the store: %s moves again"), player, player);
      return congkak_narrate_standing (self->match, cursor_state (self));

    case CONGKAK_TURN_NONE:
    case CONGKAK_TURN_ROUND_OVER:
    case CONGKAK_TURN_MATCH_OVER:
    default:
      return congkak_narrate_standing (self->match, cursor_state (self));
    }
}

static void
update_status (CongkakSession *self)
{
  g_autofree char *status = describe_turn (self);

  if (g_strcmp0 (status, self->status) == 0)
    return;
  g_free (self->status);
  self->status = g_steal_pointer (&status);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

static void
player_thinking_cb (CongkakSession *self)
{
  update_status (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

/* Asking the players */

/* A turn's answers, while it lasts */

static gboolean
turn_choose_hole (gpointer      answerer,
                  CongkakSide   side,
                  guint         hole,
                  GError      **error)
{
  return congkak_session_choose_hole (answerer, side, hole, error);
}

static void
turn_report_problem (gpointer    answerer,
                     const char *message)
{
  congkak_session_report_problem (answerer, message);
}

static const CongkakTurnAnswers turn_answers = {
  .choose_hole = turn_choose_hole,
  .report_problem = turn_report_problem,
};

/* The turn is ended before the player hears of it: an answer it is
 * still sending is refused. */
static void
end_asked_turn (CongkakSession *self)
{
  g_autoptr (CongkakPlayer) asked = g_steal_pointer (&self->asked);
  g_autoptr (CongkakTurn) turn = g_steal_pointer (&self->turn);

  if (turn)
    congkak_turn_end (turn);
  if (asked)
    congkak_player_end_turn (asked);
}

/* The moves from the match's start to the cursor, as the turn tells
 * a player in another program. */
static GStrv
moves_to_cursor (CongkakSession *self)
{
  g_autoptr (GPtrArray) moves = g_ptr_array_new_null_terminated (0, g_free, TRUE);

  for (CongkakNode *node = congkak_match_get_cursor (self->match);
       !congkak_node_is_root (node); node = congkak_node_get_parent (node))
    g_ptr_array_insert (moves, 0, congkak_move_to_string (congkak_node_get_move (node)));
  return (GStrv) g_ptr_array_steal (moves, NULL);
}

/* Asks the player to act for this turn, once: not while a view still
 * shows the last move, and, for sowing, only at the end of a line (a
 * replay of old moves never makes new ones). */
static void
ask_player (CongkakSession *self)
{
  g_autoptr (CongkakTurn) turn = NULL;
  CongkakPlayer *player;

  if (self->asked || self->presenting)
    return;
  if (self->turn_kind != CONGKAK_TURN_MOVE && self->turn_kind != CONGKAK_TURN_OPENING)
    return;
  if (self->turn_kind == CONGKAK_TURN_MOVE && !at_line_end (self))
    return;

  player = self->players[self->turn_side];
  if (player == NULL)
    return;
  /* Ours is held through the call: an answer given at once ends the turn. */
  turn = congkak_turn_new (congkak_match_get_rules (self->match), cursor_state (self), self->opening,
                           self->turn_side, self->turn_kind, self->worker, &turn_answers, self);
  {
    g_auto (GStrv) moves = moves_to_cursor (self);

    congkak_turn_set_history (turn,
                              congkak_match_has_custom_start (self->match)
                                ? congkak_match_get_start_position (self->match) : NULL,
                              (const char * const *) moves);
  }
  self->asked = g_object_ref (player);
  self->turn = g_object_ref (turn);
  congkak_player_begin_turn (player, turn);
}

/* The simultaneous opening */

static void
abandon_opening (CongkakSession *self)
{
  g_clear_pointer (&self->opening, g_free);
  self->opening_events_shown = 0;
  self->handed_over = FALSE;
}

/* Replays the opening chosen so far from the round's state: the engine
 * says whose choice is missing, and where the board stands then. */
static gboolean
replay_opening (CongkakSession *self,
                CongkakState   *state,
                GArray         *events,
                CongkakSide    *needing,
                GError        **error)
{
  *state = *cursor_state (self);
  return congkak_state_play_opening (state, congkak_match_get_rules (self->match), self->opening,
                                     events, needing, error);
}

/* What the board has not shown yet of the opening, once both players have
 * chosen their first holes (before that, showing it would give a hole away). */
static GArray *
fresh_opening_events (CongkakSession *self,
                      GArray         *events)
{
  GArray *fresh = congkak_event_array_new ();

  if (events->len > self->opening_events_shown)
    g_array_append_vals (fresh, &g_array_index (events, CongkakEvent, self->opening_events_shown),
                         events->len - self->opening_events_shown);
  self->opening_events_shown = events->len;
  return fresh;
}

/* Whose opening choice is next; plays the opening into the match once it
 * is complete. */
static void
continue_opening (CongkakSession *self)
{
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GError) error = NULL;
  CongkakSide needing = CONGKAK_NOBODY;
  CongkakState state;

  if (!replay_opening (self, &state, events, &needing, &error))
    {
      /* The choices were checked one by one; this cannot come from them. */
      g_critical ("The opening cannot be replayed: %s", error->message);
      abandon_opening (self);
      return;
    }

  if (needing != CONGKAK_NOBODY)
    {
      /* A further choice: both have chosen once, and the board shows the
       * sowing up to the seed that fell into the store. */
      if (self->opening->n_choices[needing] > 0)
        {
          g_autoptr (GArray) fresh = fresh_opening_events (self, events);
          g_autoptr (CongkakGame) partial =
            congkak_game_new_from_position (congkak_match_get_rules (self->match), &state.position, NULL);

          if (partial && fresh->len > 0)
            {
              new_turn_after (self, NULL, fresh, partial, CONGKAK_NOBODY);
              return;
            }
        }
      new_turn (self);
      return;
    }

  {
    g_autoptr (GArray) fresh = fresh_opening_events (self, events);
    CongkakMove move = { .kind = CONGKAK_MOVE_OPENING, .opening = self->opening };
    CongkakNode *node;

    congkak_document_note_played (self->document);
    self->playing = TRUE;
    node = congkak_match_play (self->match, &move, NULL, &error);
    self->playing = FALSE;
    abandon_opening (self);
    if (node == NULL)
      {
        congkak_session_report_problem (self, error->message);
        new_turn (self);
        return;
      }
    self->extra_turn = FALSE;
    new_turn_after (self, node, fresh, congkak_match_get_game_at (self->match, node), CONGKAK_NOBODY);
  }
}

static gboolean
choose_opening_hole (CongkakSession *self,
                     CongkakSide     side,
                     guint           hole,
                     GError        **error)
{
  CongkakOpening before = *self->opening;
  CongkakSide needing = CONGKAK_NOBODY;
  CongkakState state;
  g_autoptr (GError) local_error = NULL;

  if (hole >= congkak_match_get_rules (self->match)->holes)
    {
      g_set_error_literal (error, CONGKAK_SESSION_ERROR, CONGKAK_SESSION_ERROR_ILLEGAL,
                           _("That hole is not on the board."));
      return FALSE;
    }
  /* Checked by replaying the opening with it: the engine knows the rule. */
  if (!congkak_opening_add_choice (self->opening, side, hole)
      || !replay_opening (self, &state, NULL, &needing, &local_error))
    {
      *self->opening = before;
      g_set_error_literal (error, CONGKAK_SESSION_ERROR, CONGKAK_SESSION_ERROR_ILLEGAL,
                           local_error ? local_error->message : _("No more opening choices can be made."));
      return FALSE;
    }
  continue_opening (self);
  return TRUE;
}

/* Turns */

static gboolean
side_has_seeds (const CongkakPosition *position,
                CongkakSide            side)
{
  for (guint hole = 0; hole < position->n_holes; hole++)
    if (position->holes[side][hole] > 0)
      return TRUE;
  return FALSE;
}

static void
compute_turn (CongkakSession *self,
              CongkakTurnKind *kind,
              CongkakSide     *side)
{
  const CongkakState *state = cursor_state (self);

  *side = CONGKAK_NOBODY;
  switch (state->phase)
    {
    case CONGKAK_PHASE_OPENING:
      if (self->opening == NULL)
        {
          *kind = CONGKAK_TURN_NONE;
          return;
        }
      {
        CongkakSide needing = CONGKAK_NOBODY;
        CongkakState partial;

        if (!replay_opening (self, &partial, NULL, &needing, NULL) || needing == CONGKAK_NOBODY)
          {
            *kind = CONGKAK_TURN_NONE;
            return;
          }
        /* Nobody has chosen yet: the side set to go first does (the
         * engine takes South's first hole before North's, in any order). */
        if (needing == CONGKAK_SOUTH && self->opening_first == CONGKAK_NORTH
            && self->opening->n_choices[CONGKAK_SOUTH] == 0 && self->opening->n_choices[CONGKAK_NORTH] == 0
            && side_has_seeds (&partial.position, CONGKAK_NORTH))
          needing = CONGKAK_NORTH;
        self->choice_state = partial;
        *side = needing;
        *kind = CONGKAK_TURN_OPENING;
        /* The second person chooses unseen: the device goes to them first. */
        if (self->opening->n_choices[needing] == 0 && !self->handed_over
            && self->opening->n_choices[CONGKAK_OTHER_SIDE (needing)] > 0
            && congkak_session_is_local_person (self, needing)
            && congkak_session_is_local_person (self, CONGKAK_OTHER_SIDE (needing)))
          *kind = CONGKAK_TURN_HANDOVER;
      }
      return;

    case CONGKAK_PHASE_PLAYING:
      *kind = CONGKAK_TURN_MOVE;
      *side = state->position.to_move;
      return;

    case CONGKAK_PHASE_ROUND_OVER:
      *kind = CONGKAK_TURN_ROUND_OVER;
      return;

    case CONGKAK_PHASE_MATCH_OVER:
    default:
      *kind = CONGKAK_TURN_MATCH_OVER;
      return;
    }
}

/* Something changed the position or who acts: a new turn begins.  The
 * player asked for the last one lets go, whoever acts now is asked.  With
 * @events, the move that led here is shown first (::move-played), while
 * the new turn's notifications wait: a view starts its animation, then
 * hears of the turn, and shows it when the board gets there. */
static void
new_turn_after (CongkakSession    *self,
                CongkakNode       *node,
                GArray            *events,
                const CongkakGame *game,
                CongkakSide        mover)
{
  CongkakTurnKind kind;
  CongkakSide side;
  gboolean kind_changed, side_changed;

  g_clear_handle_id (&self->first_ask_id, g_source_remove);
  end_asked_turn (self);

  /* At an opening nobody has recorded yet, the players choose now. */
  if (self->opening == NULL && cursor_state (self)->phase == CONGKAK_PHASE_OPENING && at_line_end (self))
    self->opening = g_new0 (CongkakOpening, 1);

  compute_turn (self, &kind, &side);
  kind_changed = kind != self->turn_kind;
  side_changed = side != self->turn_side;
  self->turn_kind = kind;
  self->turn_side = side;
  self->turn_serial++;

  g_object_freeze_notify (G_OBJECT (self));
  if (kind_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_KIND]);
  if (side_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_SIDE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIVE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  self->showing_move = events != NULL;
  self->showing_mover = mover;
  update_status (self);
  if (events)
    g_signal_emit (self, signals[MOVE_PLAYED], 0, node, events, game, mover);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[AWAITING], 0, side, kind);
  ask_player (self);
  update_status (self);
}

static void
new_turn (CongkakSession *self)
{
  new_turn_after (self, NULL, NULL, NULL, CONGKAK_NOBODY);
}

static gboolean
events_end_in_extra_turn (GArray *events)
{
  for (guint i = events->len; i > 0; i--)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i - 1);

      if (event->type == CONGKAK_EVENT_EXTRA_TURN)
        return TRUE;
      if (event->type == CONGKAK_EVENT_TURN_END || event->type == CONGKAK_EVENT_PICK_UP)
        return FALSE;
    }
  return FALSE;
}

static gboolean
play_move (CongkakSession    *self,
           const CongkakMove *move,
           GError           **error)
{
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GError) local_error = NULL;
  CongkakNode *node;

  self->playing = TRUE;
  node = congkak_match_play (self->match, move, events, &local_error);
  self->playing = FALSE;
  if (node == NULL)
    {
      g_set_error_literal (error, CONGKAK_SESSION_ERROR, CONGKAK_SESSION_ERROR_ILLEGAL, local_error->message);
      return FALSE;
    }
  congkak_document_note_played (self->document);
  /* The mover moves again, as the engine's events and state say (a pass
   * after the extra turn would give the move away). */
  self->extra_turn = move->kind == CONGKAK_MOVE_SOW && events_end_in_extra_turn (events)
                     && cursor_state (self)->phase == CONGKAK_PHASE_PLAYING
                     && cursor_state (self)->position.to_move == move->side;
  new_turn_after (self, node, events, congkak_match_get_game_at (self->match, node),
                  move->kind == CONGKAK_MOVE_SOW ? move->side : CONGKAK_NOBODY);

  if (cursor_state (self)->phase == CONGKAK_PHASE_MATCH_OVER)
    {
      g_autoptr (GError) record_error = NULL;

      if (!congkak_document_record (self->document, FALSE, &record_error))
        {
          /* TRANSLATORS: the reason follows */
          g_autofree char *text = g_strdup_printf (_("The match could not be kept in the library: %s"),
                                                   record_error->message);

          congkak_session_report_problem (self, text);
        }
    }
  return TRUE;
}

/**
 * congkak_session_choose_hole:
 * @side: who chooses
 * @hole: the hole, in @side's order
 *
 * The answer of @side's player: sows from @hole, or chooses it for the
 * simultaneous opening.
 *
 * Returns: %FALSE with @error set if @side is not to choose now
 *   (%CONGKAK_SESSION_ERROR_NOT_YOUR_TURN) or the rules do not allow
 *   @hole (%CONGKAK_SESSION_ERROR_ILLEGAL).
 */
gboolean
congkak_session_choose_hole (CongkakSession *self,
                             CongkakSide     side,
                             guint           hole,
                             GError        **error)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if ((self->turn_kind != CONGKAK_TURN_MOVE && self->turn_kind != CONGKAK_TURN_OPENING)
      || side != self->turn_side)
    {
      g_set_error_literal (error, CONGKAK_SESSION_ERROR, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN,
                           self->turn_side == CONGKAK_SOUTH || self->turn_side == CONGKAK_NORTH
                             ? (self->turn_side == CONGKAK_SOUTH ? _("It is South’s turn.") : _("It is North’s turn."))
                             : _("No hole can be chosen now."));
      return FALSE;
    }

  if (self->turn_kind == CONGKAK_TURN_OPENING)
    return choose_opening_hole (self, side, hole, error);

  {
    CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = side, .hole = hole };

    return play_move (self, &move, error);
  }
}

/**
 * congkak_session_next_round:
 *
 * Starts the next round of a match whose round is over.
 */
gboolean
congkak_session_next_round (CongkakSession *self,
                            GError        **error)
{
  CongkakMove move = { .kind = CONGKAK_MOVE_NEXT_ROUND };

  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->turn_kind != CONGKAK_TURN_ROUND_OVER)
    {
      g_set_error_literal (error, CONGKAK_SESSION_ERROR, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN,
                           _("The round is not over."));
      return FALSE;
    }
  return play_move (self, &move, error);
}

/**
 * congkak_session_ready:
 *
 * The person the device was handed to for the opening is ready to
 * choose, unseen.
 */
void
congkak_session_ready (CongkakSession *self)
{
  g_return_if_fail (CONGKAK_IS_SESSION (self));

  if (self->turn_kind != CONGKAK_TURN_HANDOVER)
    return;
  self->handed_over = TRUE;
  new_turn (self);
}

/**
 * congkak_session_set_opening_first:
 * @side: the side asked first for its first hole of the simultaneous
 *   opening (South unless set)
 *
 * Over a network each computer asks its own person first: both choose at
 * once, and neither learns the other's hole before both are in.
 */
void
congkak_session_set_opening_first (CongkakSession *self,
                                   CongkakSide     side)
{
  g_return_if_fail (CONGKAK_IS_SESSION (self));
  g_return_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);

  if (self->opening_first == side)
    return;
  self->opening_first = side;
  /* Only while nobody has chosen does it change whose turn it is. */
  if (self->opening != NULL && self->opening->n_choices[CONGKAK_SOUTH] == 0
      && self->opening->n_choices[CONGKAK_NORTH] == 0)
    new_turn (self);
}

/* Choices of an opening that is not in the match yet. */
static gboolean
opening_begun (CongkakSession *self)
{
  return self->opening != NULL && self->opening->n_choices[0] + self->opening->n_choices[1] > 0;
}

gboolean
congkak_session_get_can_undo (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  return !opening_begun (self) && congkak_match_can_undo (self->match);
}

gboolean
congkak_session_get_can_redo (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  return !opening_begun (self) && congkak_match_can_redo (self->match);
}

/**
 * congkak_session_undo:
 *
 * Undoes the last change, and against a player who is not at this
 * computer goes on back to the last choice a person here made: their
 * replies go too.
 *
 * Returns: whether anything was undone.
 */
gboolean
congkak_session_undo (CongkakSession *self)
{
  gboolean undone = FALSE;

  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  if (!congkak_session_get_can_undo (self))
    return FALSE;
  /* One turn afterwards, not one for each move undone. */
  self->playing = TRUE;
  while (congkak_match_undo (self->match))
    {
      const CongkakState *state = cursor_state (self);

      undone = TRUE;
      if (state->phase != CONGKAK_PHASE_PLAYING
          || congkak_session_is_local_person (self, state->position.to_move)
          || !congkak_session_is_local_person (self, CONGKAK_OTHER_SIDE (state->position.to_move)))
        break;
    }
  self->playing = FALSE;
  if (undone)
    cursor_moved_cb (self);
  return undone;
}

gboolean
congkak_session_redo (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  if (!congkak_session_get_can_redo (self))
    return FALSE;
  return congkak_match_redo (self->match);
}

/**
 * congkak_session_set_presenting:
 *
 * A view sets this while it shows the last move (its animation): the
 * next player waits until it is cleared.
 */
void
congkak_session_set_presenting (CongkakSession *self,
                                gboolean        presenting)
{
  g_return_if_fail (CONGKAK_IS_SESSION (self));

  presenting = !!presenting;
  if (self->presenting == presenting)
    return;
  self->presenting = presenting;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTING]);
  ask_player (self);
  update_status (self);
}

gboolean
congkak_session_get_presenting (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  return self->presenting;
}

/**
 * congkak_session_report_problem:
 *
 * Tells whoever shows the session that something went wrong that the
 * people should know about (a player could not answer).
 */
void
congkak_session_report_problem (CongkakSession *self,
                                const char     *message)
{
  g_return_if_fail (CONGKAK_IS_SESSION (self));
  g_return_if_fail (message != NULL);

  g_signal_emit (self, signals[PROBLEM], 0, message);
}

/* Hints */

typedef struct
{
  guint               serial;
  CongkakComputerMove move;
  GCancellable       *cancellable;
} Hint;

static void
hint_free (Hint *hint)
{
  g_clear_object (&hint->cancellable);
  g_free (hint);
}

static void
hint_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  CongkakSession *self = g_task_get_source_object (task);
  Hint *hint = g_task_get_task_data (task);
  GError *error = NULL;

  if (!congkak_computer_worker_choose_finish (CONGKAK_COMPUTER_WORKER (source), result, &hint->move, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* Worked out for a turn that is over: of no use now. */
  if (hint->serial != self->turn_serial)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("The position changed."));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
hint_from_worker (CongkakSession *self,
                  GTask          *task)
{
  Hint *hint = g_task_get_task_data (task);

  congkak_computer_worker_hint_async (self->worker, congkak_match_get_rules (self->match), cursor_state (self),
                                      self->opening, self->turn_side, hint->cancellable, hint_done_cb, task);
}

static void
hint_judged_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  CongkakSession *self = g_task_get_source_object (task);
  Hint *hint = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;

  if (congkak_uci_engine_choose_finish (CONGKAK_UCI_ENGINE (source), result, &hint->move, &error))
    {
      if (hint->serial != self->turn_serial)
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("The position changed."));
      else
        g_task_return_boolean (task, TRUE);
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || hint->serial != self->turn_serial
      || (CongkakUciEngine *) source != self->judge)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("The position changed."));
      return;
    }

  /* The judge failed: it is let go, and the built-in computer judges. */
  {
    /* TRANSLATORS: %s: what the engine did, in a sentence; then what
     * happens now, in a sentence */
    g_autofree char *message =
      g_strdup_printf (C_("engine problem", "%s %s"), error->message,
                       _("The built-in computer gives the hints and the analysis from now on."));

    congkak_session_set_judge (self, NULL);
    congkak_session_report_problem (self, message);
  }
  hint_from_worker (self, g_steal_pointer (&task));
}

/**
 * congkak_session_hint_async:
 *
 * Works out the best choice for the side to act, a person here: the
 * judge's (congkak_session_set_judge()), or the built-in computer's in a
 * worker thread.  A judge that fails is let go (::problem says so), and
 * the built-in computer answers.  It is cancelled with @cancellable,
 * and it finishes with %G_IO_ERROR_CANCELLED if the turn is over by then.
 */
void
congkak_session_hint_async (CongkakSession      *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  Hint *hint;

  g_return_if_fail (CONGKAK_IS_SESSION (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, congkak_session_hint_async);
  if ((self->turn_kind != CONGKAK_TURN_MOVE && self->turn_kind != CONGKAK_TURN_OPENING)
      || !congkak_session_is_local_person (self, self->turn_side))
    {
      g_task_return_new_error (task, CONGKAK_SESSION_ERROR, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN,
                               "%s", _("No hint can be given now."));
      return;
    }

  hint = g_new0 (Hint, 1);
  hint->serial = self->turn_serial;
  hint->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  g_task_set_task_data (task, hint, (GDestroyNotify) hint_free);
  if (self->judge)
    {
      g_auto (GStrv) moves = moves_to_cursor (self);
      double seconds = congkak_computer_worker_get_max_seconds (self->worker);

      congkak_uci_engine_choose_async (self->judge, congkak_match_get_rules (self->match),
                                       congkak_match_has_custom_start (self->match)
                                         ? congkak_match_get_start_position (self->match) : NULL,
                                       (const char * const *) moves, self->opening, self->turn_side,
                                       MAX (1, (guint) (seconds * 1000)), cancellable, hint_judged_cb,
                                       g_steal_pointer (&task));
      return;
    }
  hint_from_worker (self, g_steal_pointer (&task));
}

/**
 * congkak_session_hint_finish:
 * @hint: (out caller-allocates): the best choice and what it should bring
 */
gboolean
congkak_session_hint_finish (CongkakSession      *self,
                             GAsyncResult        *result,
                             CongkakComputerMove *hint,
                             GError             **error)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (hint)
    *hint = ((Hint *) g_task_get_task_data (G_TASK (result)))->move;
  return TRUE;
}

/**
 * congkak_session_set_judge:
 * @command: (nullable): the command line of the engine that gives the
 *   hints, or %NULL for the built-in computer
 */
void
congkak_session_set_judge (CongkakSession *self,
                           const char     *command)
{
  g_return_if_fail (CONGKAK_IS_SESSION (self));

  if (command != NULL && *command == '\0')
    command = NULL;
  if (g_strcmp0 (command, self->judge ? congkak_uci_engine_get_command (self->judge) : NULL) == 0)
    return;
  if (self->judge)
    congkak_uci_engine_stop (self->judge);
  g_clear_object (&self->judge);
  if (command)
    self->judge = congkak_uci_engine_new (command);
}

/**
 * congkak_session_get_judge:
 *
 * Returns: (transfer none) (nullable): the engine that judges, or %NULL
 *   for the built-in computer.
 */
CongkakUciEngine *
congkak_session_get_judge (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  return self->judge;
}

/**
 * congkak_session_dup_judge_sentence:
 *
 * Returns: (transfer full): who judges the hints and the analysis, in a
 *   sentence: “Judged by Aalina.” (the name the engine gave), “Judged by
 *   the built-in computer.”
 */
char *
congkak_session_dup_judge_sentence (CongkakSession *self)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  if (self->judge == NULL)
    return g_strdup (_("Judged by the built-in computer."));
  name = congkak_quote_untrusted (congkak_uci_engine_get_name (self->judge), -1);
  /* TRANSLATORS: %s: the name of an engine (another program), such as “Aalina” */
  return g_strdup_printf (_("Judged by %s."), name);
}

/* Replay */

/**
 * congkak_session_get_next_node:
 *
 * Returns: (transfer none) (nullable): the move a step forward shows:
 *   along the line the cursor stepped back on, else the main line.
 */
CongkakNode *
congkak_session_get_next_node (CongkakSession *self)
{
  CongkakNode *cursor;

  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  cursor = congkak_match_get_cursor (self->match);
  if (self->line_end && self->line_end != cursor && congkak_node_is_ancestor_or_self (cursor, self->line_end))
    {
      CongkakNode *node = self->line_end;

      while (congkak_node_get_parent (node) != cursor)
        node = congkak_node_get_parent (node);
      return node;
    }
  return congkak_node_get_main_child (cursor);
}

/**
 * congkak_session_get_line_end:
 *
 * Returns: (transfer none): the last move of the cursor's line, as
 *   congkak_session_step_forward() would reach it.
 */
CongkakNode *
congkak_session_get_line_end (CongkakSession *self)
{
  CongkakNode *end;

  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  end = congkak_match_get_cursor (self->match);
  if (self->line_end && congkak_node_is_ancestor_or_self (end, self->line_end))
    end = self->line_end;
  while (congkak_node_get_main_child (end))
    end = congkak_node_get_main_child (end);
  return end;
}

/**
 * congkak_session_step_forward:
 *
 * Replays the next move (congkak_session_get_next_node()), with its
 * events in ::move-played so that it can be shown as it was played.
 *
 * Returns: whether there was a move to step to.
 */
gboolean
congkak_session_step_forward (CongkakSession *self)
{
  g_autoptr (GArray) events = NULL;
  CongkakNode *next;

  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  next = congkak_session_get_next_node (self);
  if (next == NULL)
    return FALSE;
  events = congkak_match_dup_move_events (self->match, next);
  end_asked_turn (self);
  abandon_opening (self);
  self->playing = TRUE;
  congkak_match_set_cursor (self->match, next);
  self->playing = FALSE;
  self->extra_turn = FALSE;
  new_turn_after (self, next, events, congkak_match_get_game_at (self->match, next), CONGKAK_NOBODY);
  return TRUE;
}

/**
 * congkak_session_step_back:
 *
 * Goes one move back; a step forward afterwards comes back along the
 * same line, even in a variation.
 */
gboolean
congkak_session_step_back (CongkakSession *self)
{
  CongkakNode *cursor;

  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  cursor = congkak_match_get_cursor (self->match);
  if (congkak_node_get_parent (cursor) == NULL)
    return FALSE;
  if (self->line_end == NULL || !congkak_node_is_ancestor_or_self (cursor, self->line_end))
    g_set_weak_pointer (&self->line_end, cursor);
  congkak_match_set_cursor (self->match, congkak_node_get_parent (cursor));
  return TRUE;
}

/* Analysis */

static void
analysis_progress_cb (guint    done,
                      guint    total,
                      gpointer user_data)
{
  CongkakSession *self = user_data;

  self->analysis_done = done;
  self->analysis_total = total;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS_FRACTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS_PROGRESS]);
}

static void
set_analysing (CongkakSession *self,
               GCancellable   *analysing)
{
  g_set_object (&self->analysing, analysing);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSING]);
}

/* The analysis ended (@error: how, if not done): what was judged goes
 * into the match, and ::analysis-finished says how it ended and who
 * judged. */
static void
analysis_finished (CongkakSession  *self,
                   CongkakAnalysis *analysis,
                   const GError    *error)
{
  g_autoptr (GCancellable) analysing = g_steal_pointer (&self->analysing);
  g_autofree char *how = NULL;
  g_autofree char *judge = NULL;
  g_autofree char *text = NULL;
  guint applied;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSING]);

  /* Stopped by the person: what was finished is kept. */
  applied = congkak_analysis_apply (analysis, self->match);
  if (error == NULL)
    how = g_strdup (_("The match is analysed"));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    how = g_strdup_printf (ngettext ("Analysis stopped after %u move", "Analysis stopped after %u moves", applied),
                           applied);
  else
    {
      g_signal_emit (self, signals[ANALYSIS_FINISHED], 0, error->message);
      return;
    }
  judge = congkak_session_dup_judge_sentence (self);
  /* TRANSLATORS: how the analysis ended, then who judged the moves:
   * “The match is analysed. Judged by Aalina.” */
  text = g_strdup_printf (C_("analysis finished", "%s. %s"), how, judge);
  g_signal_emit (self, signals[ANALYSIS_FINISHED], 0, text);
}

static void
analyse_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GWeakRef *weak = user_data;
  g_autoptr (CongkakSession) self = g_weak_ref_get (weak);
  g_autoptr (CongkakAnalysis) analysis = NULL;
  g_autoptr (GError) error = NULL;

  g_weak_ref_clear (weak);
  g_free (weak);
  analysis = congkak_computer_worker_analyse_finish (CONGKAK_COMPUTER_WORKER (source), result, &error);
  /* The session let go of the match: nothing to store it in. */
  if (self == NULL || self->match == NULL || analysis == NULL)
    return;
  analysis_finished (self, analysis, error);
}

/* The built-in computer analyses (what is not judged yet) in the worker. */
static void
analyse_in_worker (CongkakSession  *self,
                   CongkakAnalysis *analysis)
{
  /* Weak: a session let go of stops the analysis, and stores nothing. */
  GWeakRef *weak = g_new0 (GWeakRef, 1);

  g_weak_ref_init (weak, self);
  congkak_computer_worker_analyse_async (self->worker, analysis, analysis_progress_cb, self,
                                         self->analysing, analyse_done_cb, weak);
}

/* The judge in another program analyses, a position at a time. */
typedef struct
{
  GWeakRef             session;
  CongkakAnalysis     *analysis;
  CongkakUciEngine    *judge;
  GCancellable        *analysing;
  guint                index;
  gboolean             have_best;   /* of the sowing at index, before it */
  CongkakComputerMove  best;
} JudgeRun;

static void
judge_run_free (JudgeRun *run)
{
  g_weak_ref_clear (&run->session);
  g_clear_pointer (&run->analysis, congkak_analysis_free);
  g_clear_object (&run->judge);
  g_clear_object (&run->analysing);
  g_free (run);
}

static void judge_next (JudgeRun *run);

/* The moves from the match's start to @node. */
static GStrv
moves_to_node (CongkakNode *node)
{
  g_autoptr (GPtrArray) moves = g_ptr_array_new_null_terminated (0, g_free, TRUE);

  for (; !congkak_node_is_root (node); node = congkak_node_get_parent (node))
    g_ptr_array_insert (moves, 0, congkak_move_to_string (congkak_node_get_move (node)));
  return (GStrv) g_ptr_array_steal (moves, NULL);
}

static void
judge_answered_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  JudgeRun *run = user_data;
  g_autoptr (CongkakSession) self = g_weak_ref_get (&run->session);
  g_autoptr (GError) error = NULL;
  CongkakComputerMove answer;

  if (!congkak_uci_engine_choose_finish (CONGKAK_UCI_ENGINE (source), result, &answer, &error))
    {
      if (self == NULL || self->analysing != run->analysing || self->match == NULL)
        {
          judge_run_free (run);
          return;
        }
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        analysis_finished (self, run->analysis, error);
      else
        {
          /* TRANSLATORS: %s: what the engine did, in a sentence; then what
           * happens now, in a sentence */
          g_autofree char *message =
            g_strdup_printf (C_("engine problem", "%s %s"), error->message,
                             _("The built-in computer gives the hints and the analysis from now on."));

          if (self->judge == run->judge)
            congkak_session_set_judge (self, NULL);
          congkak_session_report_problem (self, message);
          analyse_in_worker (self, g_steal_pointer (&run->analysis));
        }
      judge_run_free (run);
      return;
    }

  if (!run->have_best
      && congkak_node_get_move (congkak_analysis_get_node (run->analysis, run->index))->kind == CONGKAK_MOVE_SOW)
    {
      run->have_best = TRUE;
      run->best = answer;
    }
  else
    {
      congkak_analysis_set_judged (run->analysis, run->index, run->have_best ? &run->best : NULL, answer.score);
      run->index++;
      run->have_best = FALSE;
      if (self)
        analysis_progress_cb (run->index, congkak_analysis_get_n_moves (run->analysis), self);
    }
  judge_next (run);
}

static void
judge_ask (JudgeRun    *run,
           CongkakSession *self,
           CongkakNode *node,
           CongkakSide  side)
{
  g_auto (GStrv) moves = moves_to_node (node);
  double seconds = congkak_computer_worker_get_max_seconds (self->worker);

  congkak_uci_engine_choose_async (run->judge, congkak_match_get_rules (self->match),
                                   congkak_match_has_custom_start (self->match)
                                     ? congkak_match_get_start_position (self->match) : NULL,
                                   (const char * const *) moves, NULL, side, MAX (1, (guint) (seconds * 1000)),
                                   run->analysing, judge_answered_cb, run);
}

static void
judge_next (JudgeRun *run)
{
  g_autoptr (CongkakSession) self = g_weak_ref_get (&run->session);
  CongkakNode *node;
  const CongkakMove *move;

  if (self == NULL || self->match == NULL || self->analysing != run->analysing)
    {
      judge_run_free (run);
      return;
    }
  if (g_cancellable_is_cancelled (run->analysing) || run->index == congkak_analysis_get_n_moves (run->analysis))
    {
      g_autoptr (GError) cancelled = NULL;

      if (run->index < congkak_analysis_get_n_moves (run->analysis))
        cancelled = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
      analysis_finished (self, run->analysis, cancelled);
      judge_run_free (run);
      return;
    }

  node = congkak_analysis_get_node (run->analysis, run->index);
  move = congkak_node_get_move (node);
  if (move->kind == CONGKAK_MOVE_SOW && !run->have_best)
    {
      judge_ask (run, self, congkak_node_get_parent (node), move->side);
      return;
    }
  /* What the move played brings: the best move's value, the stores at
   * the end of a round, or the judge's view of the position after it. */
  if (congkak_analysis_ends_round (run->analysis, run->index)
      || (run->have_best && run->best.hole == move->hole))
    {
      congkak_analysis_set_judged (run->analysis, run->index, run->have_best ? &run->best : NULL, 0);
      run->index++;
      run->have_best = FALSE;
      analysis_progress_cb (run->index, congkak_analysis_get_n_moves (run->analysis), self);
      judge_next (run);
      return;
    }
  judge_ask (run, self, node,
             congkak_game_get_state (congkak_match_get_game_at (self->match, node))->position.to_move);
}

/**
 * congkak_session_analyse:
 *
 * Has the judge (congkak_session_set_judge(), else the built-in computer
 * in a worker thread) judge every move of the main line, with
 * :analysis-fraction and :analysis-progress as it goes;
 * ::analysis-finished says how it ended and who judged.  A judge that
 * fails is let go (::problem says so) and the built-in computer judges
 * the rest.  The marks and evaluations go into the match beside the
 * people's comments.
 */
void
congkak_session_analyse (CongkakSession *self)
{
  g_autoptr (GCancellable) analysing = NULL;
  CongkakAnalysisOptions options;
  CongkakAnalysis *analysis;

  g_return_if_fail (CONGKAK_IS_SESSION (self));

  if (!congkak_session_get_can_analyse (self))
    return;
  congkak_analysis_options_init (&options);
  analysis = congkak_analysis_new (self->match, &options);
  analysing = g_cancellable_new ();
  analysis_progress_cb (0, congkak_analysis_get_n_moves (analysis), self);
  set_analysing (self, analysing);
  if (self->judge)
    {
      JudgeRun *run = g_new0 (JudgeRun, 1);

      g_weak_ref_init (&run->session, self);
      run->analysis = analysis;
      run->judge = g_object_ref (self->judge);
      run->analysing = g_object_ref (analysing);
      judge_next (run);
      return;
    }
  analyse_in_worker (self, analysis);
}

/**
 * congkak_session_cancel_analysis:
 *
 * Stops the analysis; the moves judged by then are kept.
 */
void
congkak_session_cancel_analysis (CongkakSession *self)
{
  g_return_if_fail (CONGKAK_IS_SESSION (self));

  if (self->analysing)
    g_cancellable_cancel (self->analysing);
}

gboolean
congkak_session_get_analysing (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  return self->analysing != NULL;
}

/**
 * congkak_session_get_can_analyse:
 *
 * Returns: whether there are moves to analyse and no analysis runs.
 */
gboolean
congkak_session_get_can_analyse (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  return self->analysing == NULL && congkak_node_get_main_child (congkak_match_get_root (self->match)) != NULL;
}

static char *
describe_analysis (CongkakSession *self)
{
  /* TRANSLATORS: the analysis's progress, "Analysing: 12 of 40 moves" */
  return g_strdup_printf (ngettext ("Analysing: %u of %u move", "Analysing: %u of %u moves", self->analysis_total),
                          self->analysis_done, self->analysis_total);
}

/* The match */

/* The cursor moved by replay, the move list or undo, not by a move played
 * here (that one came as ::move-played). */
static void
cursor_moved_cb (CongkakSession *self)
{
  if (self->playing)
    return;

  /* A jump off the line stepped back on leaves that line. */
  if (self->line_end && !congkak_node_is_ancestor_or_self (congkak_match_get_cursor (self->match), self->line_end))
    g_clear_weak_pointer (&self->line_end);
  end_asked_turn (self);
  abandon_opening (self);
  self->extra_turn = FALSE;
  g_signal_emit (self, signals[CURSOR_MOVED], 0);
  new_turn (self);
}

/* Moves after the cursor were deleted: it may be the end of the line now,
 * where the player to act is asked (it was not when the cursor got there). */
static void
tree_changed_cb (CongkakSession *self)
{
  if (!self->playing && self->asked == NULL && self->match != NULL)
    {
      ask_player (self);
      update_status (self);
    }
}

static void
history_changed_cb (CongkakSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static CongkakPlayer *
player_for_match (CongkakMatch *match,
                  CongkakSide   side)
{
  const char *engine = congkak_match_get_player_engine (match, side);
  CongkakLevel level = congkak_match_get_player_level (match, side);

  if (congkak_match_get_player_kind (match, side) != CONGKAK_PLAYER_COMPUTER)
    return congkak_person_player_new ();
  /* An engine plays for the computer; its level, if the engine fails. */
  if (engine != NULL)
    return congkak_engine_player_new (engine, level);
  return congkak_computer_player_new (level);
}

/* The match's players as it names them; a player set from outside
 * (congkak_session_set_player()) stays. */
static gboolean
sync_players (CongkakSession *self)
{
  gboolean changed = FALSE;

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      CongkakPlayer *player = self->players[side];
      CongkakPlayerKind kind = congkak_match_get_player_kind (self->match, side);
      CongkakLevel level = congkak_match_get_player_level (self->match, side);
      const char *engine = congkak_match_get_player_engine (self->match, side);
      gboolean matches;

      if (player != NULL && !CONGKAK_IS_PERSON_PLAYER (player) && !CONGKAK_IS_COMPUTER_PLAYER (player)
          && !CONGKAK_IS_ENGINE_PLAYER (player))
        continue;
      if (kind != CONGKAK_PLAYER_COMPUTER)
        matches = player != NULL && CONGKAK_IS_PERSON_PLAYER (player);
      else if (engine != NULL)
        matches = player != NULL && CONGKAK_IS_ENGINE_PLAYER (player)
                  && g_strcmp0 (congkak_engine_player_get_command (CONGKAK_ENGINE_PLAYER (player)), engine) == 0
                  && congkak_engine_player_get_fallback_level (CONGKAK_ENGINE_PLAYER (player)) == level;
      else
        matches = player != NULL && CONGKAK_IS_COMPUTER_PLAYER (player)
                  && congkak_computer_player_get_level (CONGKAK_COMPUTER_PLAYER (player)) == level;
      if (!matches)
        {
          g_autoptr (CongkakPlayer) new_player = player_for_match (self->match, side);

          congkak_session_set_player (self, side, new_player);
          changed = TRUE;
        }
    }
  return changed;
}

static void
details_changed_cb (CongkakSession *self)
{
  if (sync_players (self))
    new_turn (self);
  else
    update_status (self);
}

/**
 * congkak_session_set_player:
 * @player: who makes @side's choices from now on
 *
 * Replaces a side's player (the match's player kinds give the first
 * ones): a player over a network, say.
 */
void
congkak_session_set_player (CongkakSession *self,
                            CongkakSide     side,
                            CongkakPlayer  *player)
{
  g_return_if_fail (CONGKAK_IS_SESSION (self));
  g_return_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);
  g_return_if_fail (CONGKAK_IS_PLAYER (player));

  if (self->players[side] == player)
    return;
  if (self->asked == self->players[side])
    end_asked_turn (self);
  if (self->players[side])
    {
      g_signal_handlers_disconnect_by_data (self->players[side], self);
      congkak_player_end_turn (self->players[side]);
    }
  g_set_object (&self->players[side], player);
  g_signal_connect_swapped (player, "notify::thinking", G_CALLBACK (player_thinking_cb), self);
  ask_player (self);
}

/* The object */

/**
 * congkak_session_new:
 *
 * Returns: (transfer full): a session playing @document's match from its
 *   cursor, with the players the match names.
 */
CongkakSession *
congkak_session_new (CongkakDocument *document)
{
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (document), NULL);

  return g_object_new (CONGKAK_TYPE_SESSION, "document", document, NULL);
}

CongkakDocument *
congkak_session_get_document (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  return self->document;
}

CongkakMatch *
congkak_session_get_match (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  return self->match;
}

/**
 * congkak_session_get_computer_worker:
 *
 * Returns: (transfer none): the worker the computer thinks in, for hints
 *   and analysis too.
 */
CongkakComputerWorker *
congkak_session_get_computer_worker (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  return self->worker;
}

/**
 * congkak_session_get_player:
 *
 * Returns: (transfer none): who makes @side's choices.
 */
CongkakPlayer *
congkak_session_get_player (CongkakSession *self,
                            CongkakSide     side)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  return self->players[side];
}

CongkakTurnKind
congkak_session_get_turn_kind (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), CONGKAK_TURN_NONE);

  return self->turn_kind;
}

/**
 * congkak_session_get_turn_side:
 *
 * Returns: the side to act, or %CONGKAK_NOBODY when the round or the
 *   match is over.
 */
CongkakSide
congkak_session_get_turn_side (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), CONGKAK_NOBODY);

  return self->turn_side;
}

/**
 * congkak_session_get_live:
 *
 * Returns: whether the cursor is at the end of its line: the match goes
 *   on from here, rather than a replay of moves already recorded.
 */
gboolean
congkak_session_get_live (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  return at_line_end (self);
}

/**
 * congkak_session_get_thinking:
 *
 * Returns: whether the player asked to act is working on its answer
 *   (the computer thinking).
 */
gboolean
congkak_session_get_thinking (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), FALSE);

  return self->asked != NULL && player_is_thinking (self->asked);
}

/**
 * congkak_session_get_status:
 *
 * Returns: who acts now and how, or where the match stands, in a sentence.
 */
const char *
congkak_session_get_status (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  return self->status;
}

/**
 * congkak_session_get_state:
 *
 * Returns: the state at the match's cursor (in the opening, the state
 *   before it: the choices are congkak_session_get_opening()).
 */
const CongkakState *
congkak_session_get_state (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  return cursor_state (self);
}

/**
 * congkak_session_get_opening:
 *
 * Returns: (nullable): the opening choices made so far, while the
 *   simultaneous opening is being chosen.
 */
const CongkakOpening *
congkak_session_get_opening (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  return self->opening;
}

/**
 * congkak_session_get_choice_position:
 *
 * Returns: the board on which the side to act chooses: in the opening,
 *   the board at the moment a further choice is needed.
 */
const CongkakPosition *
congkak_session_get_choice_position (CongkakSession *self)
{
  g_return_val_if_fail (CONGKAK_IS_SESSION (self), NULL);

  if (self->turn_kind == CONGKAK_TURN_OPENING || self->turn_kind == CONGKAK_TURN_HANDOVER)
    return &self->choice_state.position;
  return &cursor_state (self)->position;
}

static void
first_ask (gpointer data)
{
  CongkakSession *self = data;

  self->first_ask_id = 0;
  ask_player (self);
  update_status (self);
}

static void
congkak_session_constructed (GObject *object)
{
  CongkakSession *self = CONGKAK_SESSION (object);

  G_OBJECT_CLASS (congkak_session_parent_class)->constructed (object);

  self->match = g_object_ref (congkak_document_get_match (self->document));
  g_signal_group_set_target (self->match_signals, self->match);
  sync_players (self);
  /* The first player is asked from the main loop, so that whoever made
   * the session can connect to it (and seed the computer) first. */
  self->presenting = TRUE;
  new_turn (self);
  self->presenting = FALSE;
  self->first_ask_id = g_idle_add_once (first_ask, self);
}

static void
congkak_session_dispose (GObject *object)
{
  CongkakSession *self = CONGKAK_SESSION (object);

  g_clear_handle_id (&self->first_ask_id, g_source_remove);
  end_asked_turn (self);
  if (self->analysing)
    g_cancellable_cancel (self->analysing);
  g_clear_object (&self->analysing);
  if (self->judge)
    congkak_uci_engine_stop (self->judge);
  g_clear_object (&self->judge);
  g_clear_weak_pointer (&self->line_end);
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    if (self->players[side])
      {
        g_signal_handlers_disconnect_by_data (self->players[side], self);
        congkak_player_end_turn (self->players[side]);
        g_clear_object (&self->players[side]);
      }
  if (self->match_signals)
    g_signal_group_set_target (self->match_signals, NULL);
  g_clear_object (&self->match_signals);
  g_clear_object (&self->match);
  g_clear_object (&self->document);
  g_clear_object (&self->worker);

  G_OBJECT_CLASS (congkak_session_parent_class)->dispose (object);
}

static void
congkak_session_finalize (GObject *object)
{
  CongkakSession *self = CONGKAK_SESSION (object);

  g_free (self->status);
  g_free (self->opening);

  G_OBJECT_CLASS (congkak_session_parent_class)->finalize (object);
}

static void
congkak_session_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CongkakSession *self = CONGKAK_SESSION (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_TURN_KIND:
      g_value_set_int (value, self->turn_kind);
      break;
    case PROP_TURN_SIDE:
      g_value_set_int (value, self->turn_side);
      break;
    case PROP_LIVE:
      g_value_set_boolean (value, self->match && at_line_end (self));
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, congkak_session_get_thinking (self));
      break;
    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;
    case PROP_PRESENTING:
      g_value_set_boolean (value, self->presenting);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->match && congkak_session_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->match && congkak_session_get_can_redo (self));
      break;
    case PROP_ANALYSING:
      g_value_set_boolean (value, self->analysing != NULL);
      break;
    case PROP_ANALYSIS_FRACTION:
      g_value_set_double (value, self->analysis_total ? (double) self->analysis_done / self->analysis_total : 1.0);
      break;
    case PROP_ANALYSIS_PROGRESS:
      g_value_take_string (value, describe_analysis (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_session_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  CongkakSession *self = CONGKAK_SESSION (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      self->document = g_value_dup_object (value);
      break;
    case PROP_PRESENTING:
      congkak_session_set_presenting (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_session_class_init (CongkakSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = congkak_session_constructed;
  object_class->dispose = congkak_session_dispose;
  object_class->finalize = congkak_session_finalize;
  object_class->get_property = congkak_session_get_property;
  object_class->set_property = congkak_session_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, CONGKAK_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, CONGKAK_TYPE_MATCH,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN_KIND] =
    g_param_spec_int ("turn-kind", NULL, NULL, CONGKAK_TURN_NONE, CONGKAK_TURN_MATCH_OVER, CONGKAK_TURN_NONE,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN_SIDE] =
    g_param_spec_int ("turn-side", NULL, NULL, CONGKAK_NOBODY, CONGKAK_NORTH, CONGKAK_NOBODY,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LIVE] =
    g_param_spec_boolean ("live", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PRESENTING] =
    g_param_spec_boolean ("presenting", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANALYSING] =
    g_param_spec_boolean ("analysing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANALYSIS_FRACTION] =
    g_param_spec_double ("analysis-fraction", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANALYSIS_PROGRESS] =
    g_param_spec_string ("analysis-progress", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakSession::analysis-finished:
   * @message: how it ended, in a sentence: done, stopped after N moves,
   *   or what went wrong
   */
  signals[ANALYSIS_FINISHED] =
    g_signal_new ("analysis-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CongkakSession::move-played:
   * @node: (nullable): the move in the match, or %NULL for a part of the
   *   opening shown before a player chooses again
   * @events: the engine's events, to animate and narrate
   * @game: (type gpointer): the `const CongkakGame *` after @events
   * @mover: the side whose player sowed the move now (a #CongkakSide), or
   *   %CONGKAK_NOBODY for an opening, a new round or a replay step
   */
  signals[MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4, CONGKAK_TYPE_NODE, G_TYPE_ARRAY, G_TYPE_POINTER, G_TYPE_INT);
  /**
   * CongkakSession::cursor-moved:
   *
   * The match's cursor moved without a move played here: show its
   * position as it is.
   */
  signals[CURSOR_MOVED] =
    g_signal_new ("cursor-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /**
   * CongkakSession::awaiting:
   * @side: the side to act (a #CongkakSide), or %CONGKAK_NOBODY
   * @kind: what it does (a #CongkakTurnKind)
   *
   * A new turn began.
   */
  signals[AWAITING] =
    g_signal_new ("awaiting", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  /**
   * CongkakSession::problem:
   * @message: what went wrong, in a sentence
   */
  signals[PROBLEM] =
    g_signal_new ("problem", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
congkak_session_init (CongkakSession *self)
{
  self->turn_kind = CONGKAK_TURN_NONE;
  self->turn_side = CONGKAK_NOBODY;
  self->showing_mover = CONGKAK_NOBODY;
  self->opening_first = CONGKAK_SOUTH;
  self->worker = congkak_computer_worker_new ();
  congkak_computer_worker_set_seed (self->worker, g_random_int ());

  self->match_signals = g_signal_group_new (CONGKAK_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "notify::cursor", G_CALLBACK (cursor_moved_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "notify::can-undo", G_CALLBACK (history_changed_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "notify::can-redo", G_CALLBACK (history_changed_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "details-changed", G_CALLBACK (details_changed_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "tree-changed", G_CALLBACK (tree_changed_cb), self);
}
