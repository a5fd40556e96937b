/* congkak-board-view-input.c — the board's keyboard focus, and what clicks and keys do
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each hole has a transparent button laid over it: that gives every hole
 * keyboard focus and an accessible name.  The board is one stop of the Tab
 * chain, the arrows move along and across the rows; a click or Enter sows
 * a legal hole; a click or key during a move skips it; in the position
 * editor, clicks, the wheel and +/− count seeds instead.  The widget is
 * congkak-board-view.c's (congkak-board-view-private.h).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "congkak-board-view-private.h"

/* Keyboard focus: the board is one stop of the Tab chain.  Tab enters it
 * on one hole (focus_side, focus_hole: where the focus last was, or the
 * mover's row after a move); the arrows move inside; Tab leaves.  While
 * editing, every place is a stop of its own, as Up and Down count seeds. */

/* Which place @widget is the button of: its index in the holes array,
 * or a store (whose buttons show only while editing). */
static gboolean
find_place (CongkakBoardView *self,
            GtkWidget        *widget,
            CongkakPlace     *place)
{
  if (widget == NULL)
    return FALSE;
  for (guint side = 0; side < 2; side++)
    {
      if (self->stores[side] == widget)
        {
          *place = (CongkakPlace) { side, CONGKAK_STORE };
          return TRUE;
        }
      for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
        if (self->holes[side][hole] == widget)
          {
            *place = (CongkakPlace) { side, hole };
            return TRUE;
          }
    }
  return FALSE;
}

/* Whether @widget is the button of a hole of the board, and which. */
static gboolean
find_hole (CongkakBoardView *self,
           GtkWidget        *widget,
           CongkakSide      *side,
           guint            *hole)
{
  CongkakPlace place;

  if (!find_place (self, widget, &place) || place.index == CONGKAK_STORE
      || (guint) place.index >= self->rules.holes)
    return FALSE;
  *side = place.side;
  *hole = place.index;
  return TRUE;
}

/* The column of a hole on screen, 0 at the left end of the landscape
 * board, from the rules alone (the view may not be allocated yet). */
static int
hole_column (CongkakBoardView *self,
             CongkakSide       side,
             guint             hole)
{
  CongkakBoardGeometry geometry = {
    .holes = self->rules.holes,
    .clockwise = self->rules.direction == CONGKAK_DIRECTION_CLOCKWISE,
  };

  return congkak_board_geometry_column (&geometry, side, hole);
}

static guint
hole_at_column (CongkakBoardView *self,
                CongkakSide       side,
                int               column)
{
  for (guint hole = 0; hole < self->rules.holes; hole++)
    if (hole_column (self, side, hole) == column)
      return hole;
  return 0;
}

/* Moves the Tab stop to @side's row: to the legal hole nearest the
 * column it was in, or that column when none is legal; and the focus
 * with it when the focus is on the board. */
static void
move_focus_to_side (CongkakBoardView *self,
                    CongkakSide       side,
                    gboolean          grab)
{
  int column, best = -1;

  g_assert (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);

  column = hole_column (self, self->focus_side, MIN (self->focus_hole, self->rules.holes - 1));
  for (guint hole = 0; hole < self->rules.holes; hole++)
    if ((self->legal[side] & (1u << hole))
        && (best < 0 || ABS (hole_column (self, side, hole) - column) < ABS (hole_column (self, side, best) - column)))
      best = hole;
  self->focus_side = side;
  self->focus_hole = best >= 0 ? (guint) best : hole_at_column (self, side, column);
  if (grab)
    gtk_widget_grab_focus (self->holes[side][self->focus_hole]);
}

/* After a move or a new position: the Tab stop, and the focus if it is
 * on the board, go to the row of the player to act.  Not while the board
 * is locked (the computer acts): the focus stays on the person's row, in
 * the column it was in, for their next turn. */
void
_congkak_board_view_follow_mover (CongkakBoardView *self)
{
  CongkakSide side = self->choosing != CONGKAK_NOBODY ? self->choosing : self->shown.to_move;

  if (self->editing || !self->has_game || self->locked || (side != CONGKAK_SOUTH && side != CONGKAK_NORTH))
    return;
  move_focus_to_side (self, side, gtk_widget_get_focus_child (GTK_WIDGET (self)) != NULL);
}

/* What GtkWidget does with the focus (CongkakBoardView is final: the
 * widget's class is the board's). */
static GtkWidgetClass *
parent_class (GtkWidget *widget)
{
  return GTK_WIDGET_CLASS (g_type_class_peek_parent (G_OBJECT_GET_CLASS (widget)));
}

static GtkWidget *
tab_stop (CongkakBoardView *self)
{
  return self->holes[self->focus_side][MIN (self->focus_hole, self->rules.holes - 1)];
}

gboolean
_congkak_board_view_focus (GtkWidget        *widget,
                           GtkDirectionType  direction)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);

  if (self->editing)
    return parent_class (widget)->focus (widget, direction);

  /* Inside, Tab leaves; the arrows are the key controller's. */
  if (gtk_widget_get_focus_child (widget) != NULL)
    return direction != GTK_DIR_TAB_FORWARD && direction != GTK_DIR_TAB_BACKWARD;
  return gtk_widget_grab_focus (tab_stop (self));
}

gboolean
_congkak_board_view_grab_focus (GtkWidget *widget)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);

  if (self->editing)
    return parent_class (widget)->grab_focus (widget);
  return gtk_widget_grab_focus (tab_stop (self));
}

/* A hole focused by a click or by a screen reader becomes the Tab stop. */
void
_congkak_board_view_set_focus_child (GtkWidget *widget,
                                     GtkWidget *child)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  CongkakSide side;
  guint hole;

  parent_class (widget)->set_focus_child (widget, child);
  if (child && find_hole (self, child, &side, &hole))
    {
      self->focus_side = side;
      self->focus_hole = hole;
    }
}

/* Whether the ring around the focused hole shows now: GTK shows focus
 * rings for a while after a key press; the board keeps its ring for as
 * long as the keys are being used (self->keyboard_focus). */
static gboolean
focus_shown (CongkakBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return self->keyboard_focus || (GTK_IS_WINDOW (root) && gtk_window_get_focus_visible (GTK_WINDOW (root)));
}

static void
set_keyboard_focus (CongkakBoardView *self,
                    gboolean          keyboard_focus)
{
  if (self->keyboard_focus == keyboard_focus)
    return;
  self->keyboard_focus = keyboard_focus;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * congkak_board_view_set_keyboard_mode:
 * @keyboard_mode: whether the keys are in use
 *
 * The window says when the keys or the pointer were used last, outside the
 * board too (the Enter that started the match): while the keys are, the
 * ring around the focused hole stays, past the few seconds GTK shows its
 * own.  The board sees its own keys and clicks.
 */
void
congkak_board_view_set_keyboard_mode (CongkakBoardView *self,
                                      gboolean          keyboard_mode)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  set_keyboard_focus (self, !!keyboard_mode);
}

/**
 * congkak_board_view_get_focus_shown:
 * @side: (out) (optional): the side of the hole with the ring
 * @hole: (out) (optional): which hole
 *
 * Returns: whether the keyboard focus is on a hole and its ring shows.
 */
gboolean
congkak_board_view_get_focus_shown (CongkakBoardView *self,
                                    CongkakSide      *side,
                                    guint            *hole)
{
  CongkakSide focus_side;
  guint focus_hole;
  GtkStateFlags flags;

  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  if (!find_hole (self, gtk_widget_get_focus_child (GTK_WIDGET (self)), &focus_side, &focus_hole))
    return FALSE;
  flags = gtk_widget_get_state_flags (self->holes[focus_side][focus_hole]);
  if (!(flags & GTK_STATE_FLAG_FOCUS_VISIBLE) && !((flags & GTK_STATE_FLAG_FOCUSED) && self->keyboard_focus))
    return FALSE;
  if (side)
    *side = focus_side;
  if (hole)
    *hole = focus_hole;
  return TRUE;
}

/**
 * congkak_board_view_focus_side:
 * @side: whose row
 *
 * Puts the keyboard focus on @side's row: on the legal hole nearest the
 * column the focus was in.  The board does this by itself after each move
 * when it has the focus; call it to bring the focus there from elsewhere
 * (after a hand-over screen, say).
 */
void
congkak_board_view_focus_side (CongkakBoardView *self,
                               CongkakSide       side)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));
  g_return_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);

  move_focus_to_side (self, side, TRUE);
}

/* Playing, skipping and editing */

/* A person skips the running move to its end.  During the computer's
 * moves that means "no more watching": its next moves, until a person's,
 * show at once. */
static void
skip_animation (CongkakBoardView *self)
{
  if (self->computer_move)
    self->skipping = TRUE;
  congkak_board_view_finish_animation (self);
}

/* A press anywhere on the board during a move skips it, and goes no
 * further: the hole under the pointer is not sown. */
static void
skip_pressed (GtkGestureClick  *gesture,
              int               n_press,
              double            x,
              double            y,
              CongkakBoardView *self)
{
  /* The pointer is in use: the ring goes with GTK's own. */
  set_keyboard_focus (self, FALSE);
  if (!congkak_board_view_is_animating (self))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  skip_animation (self);
}

/* So does a key (in the capture phase, before the focused hole sees it),
 * except in seed-by-seed steps, where keys step.  Enter, Space and the
 * arrows only skip; other keys go on to do what they do (Escape, P, U…),
 * and shortcuts with Ctrl or Alt are the window's. */
static gboolean
is_modifier_key (guint keyval)
{
  switch (keyval)
    {
    case GDK_KEY_Shift_L: case GDK_KEY_Shift_R:
    case GDK_KEY_Control_L: case GDK_KEY_Control_R:
    case GDK_KEY_Alt_L: case GDK_KEY_Alt_R:
    case GDK_KEY_Super_L: case GDK_KEY_Super_R:
    case GDK_KEY_Meta_L: case GDK_KEY_Meta_R:
    case GDK_KEY_ISO_Level3_Shift: case GDK_KEY_Caps_Lock:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
is_arrow_key (guint keyval)
{
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_Right: case GDK_KEY_Up: case GDK_KEY_Down:
    case GDK_KEY_KP_Left: case GDK_KEY_KP_Right: case GDK_KEY_KP_Up: case GDK_KEY_KP_Down:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
skip_key_pressed (GtkEventControllerKey *controller,
                  guint                  keyval,
                  guint                  keycode,
                  GdkModifierType        state,
                  CongkakBoardView      *self)
{
  CongkakSide side;
  guint hole;

  if (is_modifier_key (keyval))
    return GDK_EVENT_PROPAGATE;

  /* An arrow while no ring shows brings the ring back where the focus
   * is (a hole of the player's own row) rather than one hole further,
   * which nobody saw coming. */
  if (!self->editing && is_arrow_key (keyval) && !(state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))
      && !focus_shown (self)
      && find_hole (self, gtk_widget_get_focus_child (GTK_WIDGET (self)), &side, &hole))
    {
      set_keyboard_focus (self, TRUE);
      return GDK_EVENT_STOP;
    }
  set_keyboard_focus (self, TRUE);

  if (!congkak_board_view_is_animating (self) || self->manual
      || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)))
    return GDK_EVENT_PROPAGATE;

  skip_animation (self);
  switch (keyval)
    {
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter:
    case GDK_KEY_space: case GDK_KEY_KP_Space:
    case GDK_KEY_Left: case GDK_KEY_Right: case GDK_KEY_Up: case GDK_KEY_Down:
    case GDK_KEY_KP_Left: case GDK_KEY_KP_Right: case GDK_KEY_KP_Up: case GDK_KEY_KP_Down:
      return GDK_EVENT_STOP;
    default:
      return GDK_EVENT_PROPAGATE;
    }
}

/* Editing: one seed more (@delta 1) or fewer (-1) at the place of @button. */
static void
edit_place (CongkakBoardView *self,
            GtkWidget        *button,
            int               delta)
{
  CongkakPlace place;

  if (find_place (self, button, &place))
    _congkak_board_view_emit_place_edited (self, place, delta);
}

/* While editing, a press adds or (right button, or Shift) takes away a
 * seed; it is claimed before the button sees it, so nothing is sown. */
static void
edit_pressed (GtkGestureClick  *gesture,
              int               n_press,
              double            x,
              double            y,
              CongkakBoardView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  int delta;

  if (!self->editing)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  if (button == GDK_BUTTON_SECONDARY || (button == GDK_BUTTON_PRIMARY && (state & GDK_SHIFT_MASK)))
    delta = -1;
  else if (button == GDK_BUTTON_PRIMARY)
    delta = 1;
  else
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  edit_place (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)), delta);
}

/* While editing, each step of the wheel up adds a seed, down takes one. */
static gboolean
edit_scrolled (GtkEventControllerScroll *controller,
               double                    dx,
               double                    dy,
               CongkakBoardView         *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  int steps = (int) round (fabs (dy));

  if (!self->editing || steps == 0)
    return GDK_EVENT_PROPAGATE;
  for (int i = 0; i < steps; i++)
    edit_place (self, button, dy < 0 ? 1 : -1);
  return GDK_EVENT_STOP;
}

static void
add_edit_controllers (CongkakBoardView *self,
                      GtkWidget        *button)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                                | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (edit_pressed), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (click));
  g_signal_connect (scroll, "scroll", G_CALLBACK (edit_scrolled), self);
  gtk_widget_add_controller (button, scroll);
}

/* While editing, Enter, Space or a screen reader's press adds a seed.
 * Only these: a pointer's click was counted by edit_pressed() already,
 * and the button's "clicked" that follows it must not count again. */
static void
place_activated (GtkButton        *button,
                 CongkakBoardView *self)
{
  if (self->editing)
    edit_place (self, GTK_WIDGET (button), 1);
}

static void
hole_clicked (GtkButton        *button,
              CongkakBoardView *self)
{
  CongkakPlace place;

  /* Editing counts seeds in edit_pressed() and place_activated(). */
  if (self->editing)
    return;

  /* Enter during a move seed by seed (a click is skip_pressed()'s) ends
   * the move; it never plays. */
  if (congkak_board_view_is_animating (self))
    {
      skip_animation (self);
      return;
    }
  if (find_place (self, GTK_WIDGET (button), &place) && place.index != CONGKAK_STORE
      && _congkak_board_view_is_legal (self, place.side, place.index))
    _congkak_board_view_emit_hole_activated (self, place.side, place.index);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             CongkakBoardView      *self)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));
  CongkakSide side, across;
  guint hole;
  int step, column;

  /* Editing: + and Up add a seed to the focused place, − and Down take one. */
  if (self->editing && !(state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) && focus != NULL
      && gtk_widget_get_parent (focus) == GTK_WIDGET (self))
    {
      int delta = 0;

      switch (keyval)
        {
        case GDK_KEY_plus:
        case GDK_KEY_KP_Add:
        case GDK_KEY_equal:
        case GDK_KEY_Up:
        case GDK_KEY_KP_Up:
          delta = 1;
          break;
        case GDK_KEY_minus:
        case GDK_KEY_KP_Subtract:
        case GDK_KEY_underscore:
        case GDK_KEY_Down:
        case GDK_KEY_KP_Down:
          delta = -1;
          break;
        default:
          break;
        }
      if (delta != 0)
        {
          edit_place (self, focus, delta);
          return GDK_EVENT_STOP;
        }
    }

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))
    return GDK_EVENT_PROPAGATE;
  if (!find_hole (self, focus, &side, &hole))
    return GDK_EVENT_PROPAGATE;

  /* Along the row, and (not while editing, where Up and Down count
   * seeds) across to the other row.  In portrait the board is turned a
   * quarter: rows run upwards, South's on the right. */
  step = 0;
  across = CONGKAK_NOBODY;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (self->geometry.portrait)
        across = CONGKAK_NORTH;
      else
        step = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      if (self->geometry.portrait)
        across = CONGKAK_SOUTH;
      else
        step = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      if (self->geometry.portrait)
        step = 1;
      else
        across = CONGKAK_NORTH;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      if (self->geometry.portrait)
        step = -1;
      else
        across = CONGKAK_SOUTH;
      break;
    default:
      return GDK_EVENT_PROPAGATE;
    }

  column = hole_column (self, side, hole) + step;
  if (across != CONGKAK_NOBODY && !self->editing)
    side = across;
  if (column >= 0 && column < (int) self->rules.holes)
    gtk_widget_grab_focus (self->holes[side][hole_at_column (self, side, column)]);
  return GDK_EVENT_STOP;
}

/* The hole and store buttons, laid over the drawing, and the board's
 * keys and clicks. */
void
_congkak_board_view_init_input (CongkakBoardView *self)
{
  GtkEventController *keys, *skip_keys;
  GtkGesture *skip_click;

  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
      {
        GtkWidget *button = gtk_button_new ();

        gtk_widget_add_css_class (button, "congkak-hole");
        g_signal_connect (button, "clicked", G_CALLBACK (hole_clicked), self);
        g_signal_connect (button, "activate", G_CALLBACK (place_activated), self);
        add_edit_controllers (self, button);
        gtk_widget_set_parent (button, GTK_WIDGET (self));
        self->holes[side][hole] = button;
      }

  for (guint side = 0; side < 2; side++)
    {
      GtkWidget *button = gtk_button_new ();

      gtk_widget_add_css_class (button, "congkak-store");
      gtk_widget_set_visible (button, FALSE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      _("Plus or Up adds a seed, minus or Down takes one away"), -1);
      g_signal_connect (button, "activate", G_CALLBACK (place_activated), self);
      add_edit_controllers (self, button);
      gtk_widget_set_parent (button, GTK_WIDGET (self));
      self->stores[side] = button;
    }

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  skip_keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (skip_keys, GTK_PHASE_CAPTURE);
  g_signal_connect (skip_keys, "key-pressed", G_CALLBACK (skip_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), skip_keys);

  skip_click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (skip_click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (skip_click), GTK_PHASE_CAPTURE);
  g_signal_connect (skip_click, "pressed", G_CALLBACK (skip_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (skip_click));
}
