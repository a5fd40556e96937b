/* congkak-board-view.c — the carved board, its seeds and their sowing
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widget is split by concern, its parts sharing the instance struct
 * through congkak-board-view-private.h: this file is what the board
 * shows (a game, a position to edit, the opening's choice, a hint), what
 * a screen reader says of it, its properties and signals;
 * congkak-board-view-input.c its keyboard focus and what clicks and keys
 * do; congkak-board-view-animation.c its drawing and the moves shown seed
 * by seed from the engine's events.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "congkak-board-view-private.h"

#define DEFAULT_SPEED              8.0
#define DEFAULT_COMPUTER_SPEED    24.0

G_DEFINE_FINAL_TYPE (CongkakBoardView, congkak_board_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SPEED,
  PROP_COMPUTER_SPEED,
  PROP_COMPUTER_MOVE,
  PROP_NARRATION,
  PROP_SHOW_COUNTS,
  PROP_SHOW_LETTERS,
  PROP_EDITING,
  N_PROPS
};

enum
{
  HOLE_ACTIVATED,
  ANIMATION_FINISHED,
  PLACE_EDITED,
  CAPTION,
  CAPTION_ADDED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Whether a person may sow @side's @hole now. */
gboolean
_congkak_board_view_is_legal (const CongkakBoardView *self,
                              CongkakSide             side,
                              guint                   hole)
{
  return !congkak_board_view_is_animating ((CongkakBoardView *) self)
         && !self->locked
         && (self->legal[side] & (1u << hole)) != 0;
}

static gboolean
is_hint (const CongkakBoardView *self,
         CongkakSide             side,
         guint                   hole)
{
  return self->hint_side == side && self->hint_hole == hole
         && !congkak_board_view_is_animating ((CongkakBoardView *) self);
}

/* Accessibility */

/**
 * congkak_board_view_describe_hole:
 *
 * Returns: (transfer full): what a screen reader says for a hole, such as
 *   "North hole c, 8 seeds, burnt".
 */
char *
congkak_board_view_describe_hole (CongkakBoardView *self,
                                  CongkakSide       side,
                                  guint             hole)
{
  guint count;
  g_autofree char *seeds = NULL;
  GString *text;

  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);
  g_return_val_if_fail (hole < CONGKAK_MAX_HOLES, NULL);

  count = self->shown.holes[side][hole];
  seeds = g_strdup_printf (ngettext ("%u seed", "%u seeds", count), count);
  text = g_string_new (NULL);
  g_string_append_printf (text,
                          side == CONGKAK_SOUTH ? _("South hole %c, %s") : _("North hole %c, %s"),
                          congkak_hole_letter (side, hole), seeds);
  if (self->has_game && congkak_position_is_burnt (&self->shown, side, hole))
    g_string_append (text, _(", burnt"));
  if (_congkak_board_view_is_legal (self, side, hole))
    g_string_append (text, _(", can be sown"));
  if (is_hint (self, side, hole))
    g_string_append (text, _(", the hint’s best move"));
  if (self->tally_side == side && self->tally_counts)
    /* TRANSLATORS: how many students chose this hole, after "North hole c, 8 seeds" */
    g_string_append_printf (text, ngettext (", chosen by %u", ", chosen by %u", self->tally[hole]), self->tally[hole]);
  else if (self->tally_side == side && self->tally_answer == (int) hole)
    g_string_append (text, _(", your answer"));
  return g_string_free (text, FALSE);
}

static void
update_accessible (CongkakBoardView *self)
{
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  g_autofree char *summary = NULL;

  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < self->rules.holes; hole++)
      {
        g_autofree char *label = congkak_board_view_describe_hole (self, side, hole);

        gtk_accessible_update_property (GTK_ACCESSIBLE (self->holes[side][hole]),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      }

  south = g_strdup_printf (ngettext ("South store, %u seed", "South store, %u seeds", self->shown.store[0]),
                           self->shown.store[0]);
  north = g_strdup_printf (ngettext ("North store, %u seed", "North store, %u seeds", self->shown.store[1]),
                           self->shown.store[1]);
  summary = g_strdup_printf ("%s; %s", south, north);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->stores[CONGKAK_SOUTH]),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, south, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->stores[CONGKAK_NORTH]),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, north, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary, -1);
}

static void
compute_legal (CongkakBoardView *self)
{
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n;

  self->legal[0] = self->legal[1] = 0;
  if (self->editing)
    return;

  if (self->choosing != CONGKAK_NOBODY)
    {
      for (guint hole = 0; hole < self->rules.holes; hole++)
        if (congkak_position_can_choose (&self->choosing_position, self->choosing, hole))
          self->legal[self->choosing] |= 1u << hole;
      return;
    }

  n = congkak_state_legal_moves (&self->state, &self->rules, holes);
  for (guint i = 0; i < n; i++)
    self->legal[self->state.position.to_move] |= 1u << holes[i];
}

/* The accessible labels and the drawing follow what is shown. */
void
_congkak_board_view_refresh (CongkakBoardView *self)
{
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A new position on show: its legal holes, the focus on the mover's row. */
void
_congkak_board_view_position_changed (CongkakBoardView *self)
{
  compute_legal (self);
  _congkak_board_view_follow_mover (self);
  _congkak_board_view_refresh (self);
}

void
_congkak_board_view_emit_caption (CongkakBoardView   *self,
                                  const CongkakEvent *event,
                                  const char         *sentence)
{
  g_signal_emit (self, signals[CAPTION], 0, event, sentence);
}

void
_congkak_board_view_emit_caption_added (CongkakBoardView   *self,
                                        const CongkakEvent *event,
                                        const char         *sentence)
{
  g_signal_emit (self, signals[CAPTION_ADDED], 0, event, sentence);
}

void
_congkak_board_view_emit_animation_finished (CongkakBoardView *self)
{
  g_signal_emit (self, signals[ANIMATION_FINISHED], 0);
}

void
_congkak_board_view_emit_hole_activated (CongkakBoardView *self,
                                         CongkakSide       side,
                                         guint             hole)
{
  g_signal_emit (self, signals[HOLE_ACTIVATED], 0, (int) side, hole);
}

void
_congkak_board_view_emit_place_edited (CongkakBoardView *self,
                                       CongkakPlace      place,
                                       int               delta)
{
  g_signal_emit (self, signals[PLACE_EDITED], 0, (int) place.side, (int) place.index, delta);
}

/**
 * congkak_board_view_set_game:
 * @game: (nullable): the game to show, or %NULL for an empty board
 *
 * Shows @game's position at once (stopping any animation), with the legal
 * holes of the player to move.
 */
void
congkak_board_view_set_game (CongkakBoardView  *self,
                             const CongkakGame *game)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  _congkak_board_view_stop_animation (self);
  g_clear_pointer (&self->after, congkak_game_free);
  _congkak_board_view_clear_caption (self);
  self->choosing = CONGKAK_NOBODY;
  self->hint_side = CONGKAK_NOBODY;
  self->last_path[0] = self->last_path[1] = 0;
  self->last_path_store[0] = self->last_path_store[1] = FALSE;
  self->has_game = game != NULL;

  if (game)
    {
      gboolean resized = self->rules.holes != congkak_game_get_rules (game)->holes
                         || self->rules.direction != congkak_game_get_rules (game)->direction;

      self->rules = *congkak_game_get_rules (game);
      self->state = *congkak_game_get_state (game);
      self->shown = self->state.position;
      if (resized)
        gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  _congkak_board_view_position_changed (self);
}

/**
 * congkak_board_view_set_choosing:
 * @side: the player choosing an opening hole, or CONGKAK_NOBODY
 * @position: (nullable): the board at that moment (it may differ from the
 *   start when a seed fell into the store during the opening)
 *
 * In the simultaneous opening, offers @side's holes for a choice.
 */
void
congkak_board_view_set_choosing (CongkakBoardView      *self,
                                 CongkakSide            side,
                                 const CongkakPosition *position)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  congkak_board_view_finish_animation (self);
  self->choosing = side;
  if (position)
    {
      self->choosing_position = *position;
      self->shown = *position;
    }
  _congkak_board_view_position_changed (self);
}

/**
 * congkak_board_view_set_locked:
 * @locked: whether the holes refuse to be sown
 *
 * While the computer is to act, the board shows whose turn it is but offers
 * no hole to the person at the screen.
 */
void
congkak_board_view_set_locked (CongkakBoardView *self,
                               gboolean          locked)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  locked = !!locked;
  if (self->locked == locked)
    return;
  self->locked = locked;
  /* Unlocked, the person to act has the focus on their row (after a
   * move, once the board has shown it). */
  if (!congkak_board_view_is_animating (self))
    _congkak_board_view_follow_mover (self);
  _congkak_board_view_refresh (self);
}

gboolean
congkak_board_view_get_locked (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->locked;
}

/**
 * congkak_board_view_set_hint:
 * @side: the side of the suggested hole, or %CONGKAK_NOBODY for none
 * @hole: its index
 *
 * Marks a hole as the best move (a bright halo and a thick ring, and the
 * accessible label says so) until the next move or position is shown,
 * and puts the keyboard focus on it, so that Enter sows it.
 */
void
congkak_board_view_set_hint (CongkakBoardView *self,
                             CongkakSide       side,
                             guint             hole)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));
  g_return_if_fail (side == CONGKAK_NOBODY || hole < self->rules.holes);

  self->hint_side = side;
  self->hint_hole = hole;
  _congkak_board_view_refresh (self);
  if (side == CONGKAK_SOUTH || side == CONGKAK_NORTH)
    {
      self->focus_side = side;
      self->focus_hole = hole;
      gtk_widget_grab_focus (self->holes[side][hole]);
    }
}

/**
 * congkak_board_view_get_hint:
 * @hole: (out) (optional): the hole marked
 *
 * Returns: the side of the hole the hint marks, or %CONGKAK_NOBODY.
 */
CongkakSide
congkak_board_view_get_hint (CongkakBoardView *self,
                             guint            *hole)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), CONGKAK_NOBODY);

  if (hole)
    *hole = self->hint_hole;
  return self->hint_side;
}

/**
 * congkak_board_view_set_tally:
 * @side: the side asked "What would you play?", or %CONGKAK_NOBODY to
 *   show nothing
 * @tally: (nullable) (array length=n_holes): how many chose each hole of
 *   @side (the teacher's view), or %NULL to mark only @answer
 * @answer: the hole this student chose, or -1
 *
 * Shows the answers to a question on the board: a count over each hole of
 * @side, or a tick on the hole a student chose.  The view counts nothing
 * itself: the lesson says who chose what.
 */
void
congkak_board_view_set_tally (CongkakBoardView *self,
                              CongkakSide       side,
                              const guint      *tally,
                              guint             n_holes,
                              int               answer)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));
  g_return_if_fail (side == CONGKAK_NOBODY || side == CONGKAK_SOUTH || side == CONGKAK_NORTH);

  self->tally_side = side;
  memset (self->tally, 0, sizeof self->tally);
  if (tally)
    memcpy (self->tally, tally, MIN (n_holes, CONGKAK_MAX_HOLES) * sizeof (guint));
  self->tally_counts = tally != NULL;
  self->tally_answer = answer;
  _congkak_board_view_refresh (self);
}

/**
 * congkak_board_view_get_tally:
 * @count: (out) (optional): how many chose @hole
 * @answer: (out) (optional): the hole marked as this student's, or -1
 *
 * Returns: the side whose answers are shown, or %CONGKAK_NOBODY.
 */
CongkakSide
congkak_board_view_get_tally (CongkakBoardView *self,
                              guint             hole,
                              guint            *count,
                              int              *answer)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), CONGKAK_NOBODY);

  if (count)
    *count = hole < CONGKAK_MAX_HOLES && self->tally_counts ? self->tally[hole] : 0;
  if (answer)
    *answer = self->tally_answer;
  return self->tally_side;
}

/**
 * congkak_board_view_set_position:
 * @rules: the rules @position is played under (its size and direction)
 * @position: the position to show
 *
 * Shows a position without a game behind it, so nothing can be sown:
 * the position editor shows what it edits this way.
 */
void
congkak_board_view_set_position (CongkakBoardView      *self,
                                 const CongkakRules    *rules,
                                 const CongkakPosition *position)
{
  gboolean resized;

  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));
  g_return_if_fail (rules != NULL);
  g_return_if_fail (position != NULL);

  _congkak_board_view_stop_animation (self);
  g_clear_pointer (&self->after, congkak_game_free);
  _congkak_board_view_clear_caption (self);
  resized = self->rules.holes != rules->holes || self->rules.direction != rules->direction;
  self->rules = *rules;
  memset (&self->state, 0, sizeof self->state);
  self->state.position = *position;
  /* No game, no moves. */
  self->state.phase = CONGKAK_PHASE_MATCH_OVER;
  self->shown = *position;
  self->has_game = TRUE;
  self->choosing = CONGKAK_NOBODY;
  self->hint_side = CONGKAK_NOBODY;
  self->last_path[0] = self->last_path[1] = 0;
  self->last_path_store[0] = self->last_path_store[1] = FALSE;
  if (resized)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  compute_legal (self);
  _congkak_board_view_refresh (self);
}

gboolean
congkak_board_view_get_editing (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->editing;
}

/**
 * congkak_board_view_set_editing:
 * @editing: whether clicks, scrolling and +/− change the seeds of holes
 *   and stores (emitting #CongkakBoardView::place-edited) instead of sowing
 *
 * The position editor's mode: every hole and both stores can be focused,
 * counts are always shown, and no hole is offered for sowing.
 */
void
congkak_board_view_set_editing (CongkakBoardView *self,
                                gboolean          editing)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  editing = !!editing;
  if (self->editing == editing)
    return;

  self->editing = editing;
  for (guint side = 0; side < 2; side++)
    {
      gtk_widget_set_visible (self->stores[side], editing);
      for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
        if (editing)
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->holes[side][hole]),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          _("Plus or Up adds a seed, minus or Down takes one away"), -1);
        else
          gtk_accessible_reset_property (GTK_ACCESSIBLE (self->holes[side][hole]),
                                         GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  compute_legal (self);
  _congkak_board_view_refresh (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITING]);
}

GtkWidget *
congkak_board_view_get_store_widget (CongkakBoardView *self,
                                     CongkakSide       side)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  return self->stores[side];
}

GtkWidget *
congkak_board_view_get_hole_widget (CongkakBoardView *self,
                                    CongkakSide       side,
                                    guint             hole)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);
  g_return_val_if_fail (hole < CONGKAK_MAX_HOLES, NULL);

  return self->holes[side][hole];
}

/* Style changes repaint the wood. */
static void
style_changed (CongkakBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
congkak_board_view_dispose (GObject *object)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (object);

  _congkak_board_view_stop_animation (self);
  g_clear_pointer (&self->after, congkak_game_free);
  for (guint side = 0; side < 2; side++)
    {
      for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
        g_clear_pointer (&self->holes[side][hole], gtk_widget_unparent);
      g_clear_pointer (&self->stores[side], gtk_widget_unparent);
    }

  G_OBJECT_CLASS (congkak_board_view_parent_class)->dispose (object);
}

static void
congkak_board_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    case PROP_COMPUTER_SPEED:
      g_value_set_double (value, self->computer_speed);
      break;
    case PROP_COMPUTER_MOVE:
      g_value_set_boolean (value, self->computer_move);
      break;
    case PROP_NARRATION:
      g_value_set_boolean (value, self->narration);
      break;
    case PROP_SHOW_COUNTS:
      g_value_set_boolean (value, self->show_counts);
      break;
    case PROP_SHOW_LETTERS:
      g_value_set_boolean (value, self->show_letters);
      break;
    case PROP_EDITING:
      g_value_set_boolean (value, self->editing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_board_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      congkak_board_view_set_speed (self, g_value_get_double (value));
      break;
    case PROP_COMPUTER_SPEED:
      congkak_board_view_set_computer_speed (self, g_value_get_double (value));
      break;
    case PROP_COMPUTER_MOVE:
      congkak_board_view_set_computer_move (self, g_value_get_boolean (value));
      break;
    case PROP_NARRATION:
      congkak_board_view_set_narration (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COUNTS:
      congkak_board_view_set_show_counts (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_LETTERS:
      congkak_board_view_set_show_letters (self, g_value_get_boolean (value));
      break;
    case PROP_EDITING:
      congkak_board_view_set_editing (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_board_view_class_init (CongkakBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_board_view_dispose;
  object_class->get_property = congkak_board_view_get_property;
  object_class->set_property = congkak_board_view_set_property;

  widget_class->snapshot = _congkak_board_view_snapshot;
  widget_class->measure = _congkak_board_view_measure;
  widget_class->size_allocate = _congkak_board_view_size_allocate;
  widget_class->focus = _congkak_board_view_focus;
  widget_class->grab_focus = _congkak_board_view_grab_focus;
  widget_class->set_focus_child = _congkak_board_view_set_focus_child;

  properties[PROP_SPEED] =
    g_param_spec_double ("speed", NULL, NULL, 0, 1000, DEFAULT_SPEED,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakBoardView:computer-speed:
   *
   * Seeds a second for the computer's moves (see
   * #CongkakBoardView:computer-move); 0 shows them at once.
   */
  properties[PROP_COMPUTER_SPEED] =
    g_param_spec_double ("computer-speed", NULL, NULL, 0, 1000, DEFAULT_COMPUTER_SPEED,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakBoardView:computer-move:
   *
   * Whether the moves animated from now on are the computer's: set it
   * before each move.
   */
  properties[PROP_COMPUTER_MOVE] =
    g_param_spec_boolean ("computer-move", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakBoardView:narration:
   *
   * Whether the board tells each move in captions
   * (#CongkakBoardView::caption), holding each long enough to be read.
   */
  properties[PROP_NARRATION] =
    g_param_spec_boolean ("narration", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COUNTS] =
    g_param_spec_boolean ("show-counts", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_LETTERS] =
    g_param_spec_boolean ("show-letters", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EDITING] =
    g_param_spec_boolean ("editing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakBoardView::hole-activated:
   * @side: the CongkakSide of the hole
   * @hole: its index
   *
   * A player chose a legal hole, with the pointer or the keyboard.
   */
  signals[HOLE_ACTIVATED] =
    g_signal_new ("hole-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);

  signals[ANIMATION_FINISHED] =
    g_signal_new ("animation-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CongkakBoardView::place-edited:
   * @side: the CongkakSide of the place
   * @index: the hole's index, or CONGKAK_STORE
   * @delta: 1 for a seed more, -1 for one fewer
   *
   * While editing, a click, a scroll step or a key asked to change the
   * seeds of a place.  The view does not change them itself: whoever edits
   * the position decides (and shows it with set_position()).
   */
  signals[PLACE_EDITED] =
    g_signal_new ("place-edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);

  /**
   * CongkakBoardView::caption:
   * @event: (type gpointer) (nullable): the `CongkakEvent` the caption tells
   * @sentence: (nullable): what to show, from congkak-narration.h
   *
   * With #CongkakBoardView:narration on: the caption to show under the
   * board changes, as the board reaches an event that has one (seed by
   * seed, every seed sown has one).  The board holds the next one back
   * until this one has been up long enough to read.  Both are %NULL when
   * the board jumps to a position no caption tells: clear the caption.
   */
  signals[CAPTION] =
    g_signal_new ("caption", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_STRING);

  /**
   * CongkakBoardView::caption-added:
   * @event: (type gpointer) (nullable): the `CongkakEvent` the caption
   *   tells, or %NULL for a line that tells several
   * @sentence: what to show, from congkak-narration.h
   *
   * With #CongkakBoardView:narration on and while presenting
   * (congkak_board_view_set_presenting()): a move finished before its
   * captions could be read has the rest of them gathered under the one
   * #CongkakBoardView::caption showed: what came between in a few words,
   * then the move's last caption, each with this signal, in order.
   */
  signals[CAPTION_ADDED] =
    g_signal_new ("caption-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_STRING);

  gtk_widget_class_set_css_name (widget_class, "congkak-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
congkak_board_view_init (CongkakBoardView *self)
{
  self->speed = DEFAULT_SPEED;
  self->computer_speed = DEFAULT_COMPUTER_SPEED;
  self->show_counts = TRUE;
  self->show_letters = TRUE;
  self->choosing = CONGKAK_NOBODY;
  self->hint_side = CONGKAK_NOBODY;
  self->tally_side = CONGKAK_NOBODY;
  self->tally_answer = -1;
  self->focus_side = CONGKAK_SOUTH;
  congkak_rules_init_profile (&self->rules, "congkak", NULL);

  _congkak_board_view_init_input (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);

  /* The style manager outlives every board: its handlers go with the board. */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (style_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (style_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::accent-color",
                           G_CALLBACK (style_changed), self, G_CONNECT_SWAPPED);
}

GtkWidget *
congkak_board_view_new (void)
{
  return g_object_new (CONGKAK_TYPE_BOARD_VIEW, NULL);
}

double
congkak_board_view_get_speed (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), 0);

  return self->speed;
}

/**
 * congkak_board_view_set_speed:
 * @seeds_per_second: how fast seeds are sown; 0 shows moves at once
 */
void
congkak_board_view_set_speed (CongkakBoardView *self,
                              double            seeds_per_second)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  seeds_per_second = CLAMP (seeds_per_second, 0, 1000);
  if (self->speed == seeds_per_second)
    return;
  self->speed = seeds_per_second;
  if (self->speed == 0)
    congkak_board_view_finish_animation (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

double
congkak_board_view_get_computer_speed (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), 0);

  return self->computer_speed;
}

/**
 * congkak_board_view_set_computer_speed:
 * @seeds_per_second: how fast the computer's moves are sown; 0 shows
 *   them at once
 */
void
congkak_board_view_set_computer_speed (CongkakBoardView *self,
                                       double            seeds_per_second)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  seeds_per_second = CLAMP (seeds_per_second, 0, 1000);
  if (self->computer_speed == seeds_per_second)
    return;
  self->computer_speed = seeds_per_second;
  if (self->computer_speed == 0 && self->computer_move)
    congkak_board_view_finish_animation (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_SPEED]);
}

gboolean
congkak_board_view_get_computer_move (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->computer_move;
}

/**
 * congkak_board_view_set_computer_move:
 * @computer_move: whether the moves animated from now on are the
 *   computer's
 *
 * Set it before animating each move: the computer's moves are sown at
 * #CongkakBoardView:computer-speed and last at most 2 s, and once a person
 * skips one (a click or key on the board), the computer's next moves show
 * at once until a person's move.
 */
void
congkak_board_view_set_computer_move (CongkakBoardView *self,
                                      gboolean          computer_move)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  computer_move = !!computer_move;
  if (!computer_move)
    self->skipping = FALSE;
  if (self->computer_move == computer_move)
    return;
  self->computer_move = computer_move;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_MOVE]);
}

gboolean
congkak_board_view_get_narration (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->narration;
}

gboolean
congkak_board_view_get_presenting (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->presenting;
}

/**
 * congkak_board_view_set_presenting:
 * @presenting: whether the board is shown to a room
 *
 * In front of a room each caption stays up for its whole reading time
 * (15 characters a second, however long the sentence, even the same
 * sentence again), and a move finished early (a press of the presenter's
 * key) keeps its narration readable: the caption on show and the rest of
 * the move's are gathered (#CongkakBoardView::caption, then
 * #CongkakBoardView::caption-added for each).
 */
void
congkak_board_view_set_presenting (CongkakBoardView *self,
                                   gboolean          presenting)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  self->presenting = !!presenting;
}

/**
 * congkak_board_view_set_narration:
 * @narration: whether to tell moves in captions
 *
 * With narration, the board emits #CongkakBoardView::caption as it shows
 * each event that has a sentence, and holds the next one back until the
 * last has been up long enough to read (its length at 15 characters a
 * second, 1.5 s to 5 s; while presenting, however long that is).  The
 * 6 s limit on a move does not apply then.
 */
void
congkak_board_view_set_narration (CongkakBoardView *self,
                                  gboolean          narration)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  narration = !!narration;
  if (self->narration == narration)
    return;
  if (!narration)
    _congkak_board_view_clear_caption (self);
  self->narration = narration;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NARRATION]);
}

gboolean
congkak_board_view_get_show_counts (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->show_counts;
}

void
congkak_board_view_set_show_counts (CongkakBoardView *self,
                                    gboolean          show_counts)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  show_counts = !!show_counts;
  if (self->show_counts == show_counts)
    return;
  self->show_counts = show_counts;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COUNTS]);
}

gboolean
congkak_board_view_get_show_letters (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->show_letters;
}

void
congkak_board_view_set_show_letters (CongkakBoardView *self,
                                     gboolean          show_letters)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  show_letters = !!show_letters;
  if (self->show_letters == show_letters)
    return;
  self->show_letters = show_letters;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_LETTERS]);
}
