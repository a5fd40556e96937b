/* congkak-board-view.c — the carved board, its seeds and their sowing
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board is painted by congkak_board_paint(), from the position on
 * display and the view's animation, hover and focus state, scaled to the
 * widget.  Each hole also has a transparent button laid over it: that
 * gives every hole keyboard focus and an accessible name; the painter
 * draws the focus ring of the button that shows it.
 *
 * A move is shown by replaying the engine's event list on a copy of the
 * position, one event per animation step; the view never works out a rule
 * outcome itself, and ends on the engine's position exactly.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "congkak-board-painter.h"
#include "congkak-board-view.h"
#include "congkak-narration.h"

#define PADDING_PX                 6.0
#define DEFAULT_SPEED              8.0
#define DEFAULT_COMPUTER_SPEED    24.0

/* No move keeps anyone waiting for long (a Congkak move with relays can
 * sow a hundred seeds, and the computer may chain thirty moves): a
 * longer move is sown faster, to last this long. */
#define MAX_MOVE_SECONDS           6.0
#define MAX_COMPUTER_MOVE_SECONDS  2.0

/* With narration, each caption stays up long enough to be read: for its
 * length at a slow reader's pace (subtitles for children aim at 12 to 15
 * characters a second), between a minimum and a maximum; the minimum for
 * a sentence like the one before it in the move.  In 20 games of Congkak
 * between medium players, a narrated move then lasts 7 s (median), one in
 * ten 32 s or more: long chains of relays, which a click skips. */
#define CAPTION_CHARS_PER_SECOND  15.0
#define CAPTION_MIN_SECONDS        1.5
#define CAPTION_MAX_SECONDS        5.0

typedef struct
{
  gboolean     visible;
  CongkakPlace from;
  CongkakPlace place;
  guint        count;
} Hand;

struct _CongkakBoardView
{
  GtkWidget        parent_instance;

  /* What is shown */
  CongkakRules     rules;
  gboolean         has_game;
  CongkakPosition  shown;
  CongkakState     state;            /* the engine's state the view ends on */
  CongkakSide      choosing;         /* who picks an opening hole, or nobody */
  CongkakPosition  choosing_position;
  guint16          legal[2];         /* holes that may be sown now */
  guint16          last_path[2];     /* holes that received seeds in the last move */
  gboolean         last_path_store[2];
  gboolean         locked;           /* the player to act is the computer */
  CongkakSide      hint_side;        /* the hole a hint suggests, or nobody */
  guint            hint_hole;
  gboolean         editing;          /* the position editor: clicks change counts */
  CongkakSide      focus_side;       /* the one hole Tab reaches (roving focus) */
  guint            focus_hole;

  /* Hole and store buttons, laid over the drawing (stores only while editing) */
  GtkWidget       *holes[2][CONGKAK_MAX_HOLES];
  GtkWidget       *stores[2];

  /* Animation */
  GArray          *events;
  guint            next_event;
  gint64           step_start;
  double           step_duration;
  guint            tick_id;
  Hand             hands[2];
  CongkakGame     *after;
  gboolean         manual;   /* one step per congkak_board_view_step() */
  double           seconds_per_unit;  /* of event_units(), for the running move */
  char            *step_caption;      /* what the running step's event will say */
  gint64           caption_until;     /* the caption on show stays up until then */
  int              caption_type;      /* the kind of event it told, -1 before the move's first */
  int              caption_reason;
  gboolean         computer_move;     /* the move shown (next) is the computer's */
  gboolean         skipping;          /* a person skipped a computer's move: its next ones show at once */

  /* Preferences */
  double           speed;
  double           computer_speed;
  gboolean         narration;
  gboolean         show_counts;
  gboolean         show_letters;

  /* Where the board lies since the last allocation */
  CongkakBoardGeometry geometry;
};

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
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gboolean
is_legal (const CongkakBoardView *self,
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

static void
congkak_board_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr (GdkRGBA) accent = adw_style_manager_get_accent_color_rgba (style);
  gboolean animating = congkak_board_view_is_animating (self);
  CongkakBoardPaint paint;
  double progress = 0;

  if (!self->has_game || self->geometry.scale <= 0)
    return;

  if (self->tick_id != 0 && self->step_duration > 0)
    progress = CLAMP ((g_get_monotonic_time () - self->step_start) / (self->step_duration * G_USEC_PER_SEC), 0, 1);

  congkak_board_paint_init (&paint, &self->rules, &self->shown);
  paint.mover = animating ? CONGKAK_NOBODY
                : self->choosing != CONGKAK_NOBODY ? self->choosing
                : self->shown.to_move;
  for (guint side = 0; side < 2; side++)
    {
      paint.legal[side] = animating || self->locked ? 0 : self->legal[side];
      paint.path[side] = self->last_path[side];
      paint.path_store[side] = self->last_path_store[side];
      paint.hands[side] = (CongkakBoardHand) {
        .visible = self->hands[side].visible,
        .from = self->hands[side].from,
        .to = self->hands[side].place,
        .count = self->hands[side].count,
        .progress = progress,
      };
    }
  if (!animating)
    {
      paint.hint_side = self->hint_side;
      paint.hint_hole = self->hint_hole;
    }
  for (guint side = 0; side < 2; side++)
    {
      for (guint hole = 0; hole < self->rules.holes; hole++)
        if (gtk_widget_get_state_flags (self->holes[side][hole]) & GTK_STATE_FLAG_FOCUS_VISIBLE)
          {
            paint.focus_visible = TRUE;
            paint.focus = (CongkakPlace) { side, hole };
          }
      if (gtk_widget_get_state_flags (self->stores[side]) & GTK_STATE_FLAG_FOCUS_VISIBLE)
        {
          paint.focus_visible = TRUE;
          paint.focus = (CongkakPlace) { side, CONGKAK_STORE };
        }
    }
  /* Editing a position is counting seeds: the counts always show. */
  paint.show_counts = self->show_counts || self->editing;
  paint.show_letters = self->show_letters;
  paint.dark = adw_style_manager_get_dark (style);
  paint.high_contrast = adw_style_manager_get_high_contrast (style);
  paint.accent = *accent;
  paint.pango_context = gtk_widget_get_pango_context (widget);
  congkak_board_paint (snapshot, &paint, &self->geometry);

  /* The hole and store buttons draw only their hover (the painter draws
   * the focus, scaled with the board). */
  for (guint side = 0; side < 2; side++)
    {
      for (guint hole = 0; hole < self->rules.holes; hole++)
        gtk_widget_snapshot_child (widget, self->holes[side][hole], snapshot);
      gtk_widget_snapshot_child (widget, self->stores[side], snapshot);
    }
}

static void
congkak_board_view_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  double w, h;

  congkak_board_get_size_in_units (&self->rules, &w, &h);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = (int) (w * 64);
    }
  else
    {
      double width = for_size > 0 ? for_size : w * 64;

      *minimum = (int) (240 * h / w);
      *natural = (int) (width * h / w);
    }
}

static void
congkak_board_view_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  CongkakBoardGeometry landscape, portrait;
  double landscape_scale, portrait_scale;
  gboolean turned;

  /* The board fills the space (shortening its ends where the space is
   * short along the rows), turned a quarter where that makes it bigger,
   * as in a tall, narrow space (a phone held upright).  It turns only
   * for a good gain, and back only for a good loss, so a small change of
   * size never flips it to and fro. */
  landscape_scale = congkak_board_geometry_init_filling (&landscape, &self->rules, width, height, PADDING_PX, FALSE);
  portrait_scale = congkak_board_geometry_init_filling (&portrait, &self->rules, width, height, PADDING_PX, TRUE);
  turned = portrait_scale > landscape_scale * (self->geometry.portrait ? 0.9 : 1.1);
  self->geometry = turned ? portrait : landscape;

  for (guint side = 0; side < 2; side++)
    for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
      {
        GtkWidget *button = self->holes[side][hole];
        graphene_point_t center;
        int size;

        if (hole >= self->rules.holes)
          {
            gtk_widget_set_child_visible (button, FALSE);
            continue;
          }
        gtk_widget_set_child_visible (button, TRUE);
        center = congkak_board_geometry_place_point (&self->geometry, (CongkakPlace) { side, hole });
        size = MAX (1, (int) (2 * congkak_board_geometry_hole_radius (&self->geometry) * 1.12));
        gtk_widget_size_allocate (button,
                                  &(GtkAllocation) { (int) (center.x - size / 2.0),
                                                     (int) (center.y - size / 2.0),
                                                     size, size }, -1);
      }

  for (guint side = 0; side < 2; side++)
    {
      graphene_rect_t bounds;

      if (!gtk_widget_get_visible (self->stores[side]))
        continue;
      congkak_board_geometry_store_bounds (&self->geometry, side, &bounds);
      gtk_widget_size_allocate (self->stores[side],
                                &(GtkAllocation) { (int) bounds.origin.x, (int) bounds.origin.y,
                                                   MAX (1, (int) bounds.size.width),
                                                   MAX (1, (int) bounds.size.height) }, -1);
    }
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
  if (is_legal (self, side, hole))
    g_string_append (text, _(", can be sown"));
  if (is_hint (self, side, hole))
    g_string_append (text, _(", the hint’s best move"));
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

static void
refresh (CongkakBoardView *self)
{
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

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
 * on the board, go to the row of the player to act. */
static void
follow_mover (CongkakBoardView *self)
{
  CongkakSide side = self->choosing != CONGKAK_NOBODY ? self->choosing : self->shown.to_move;

  if (self->editing || !self->has_game || (side != CONGKAK_SOUTH && side != CONGKAK_NORTH))
    return;
  move_focus_to_side (self, side, gtk_widget_get_focus_child (GTK_WIDGET (self)) != NULL);
}

static GtkWidget *
tab_stop (CongkakBoardView *self)
{
  return self->holes[self->focus_side][MIN (self->focus_hole, self->rules.holes - 1)];
}

static gboolean
congkak_board_view_focus (GtkWidget        *widget,
                          GtkDirectionType  direction)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);

  if (self->editing)
    return GTK_WIDGET_CLASS (congkak_board_view_parent_class)->focus (widget, direction);

  /* Inside, Tab leaves; the arrows are the key controller's. */
  if (gtk_widget_get_focus_child (widget) != NULL)
    return direction != GTK_DIR_TAB_FORWARD && direction != GTK_DIR_TAB_BACKWARD;
  return gtk_widget_grab_focus (tab_stop (self));
}

static gboolean
congkak_board_view_grab_focus (GtkWidget *widget)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);

  if (self->editing)
    return GTK_WIDGET_CLASS (congkak_board_view_parent_class)->grab_focus (widget);
  return gtk_widget_grab_focus (tab_stop (self));
}

/* A hole focused by a click or by a screen reader becomes the Tab stop. */
static void
congkak_board_view_set_focus_child (GtkWidget *widget,
                                    GtkWidget *child)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  CongkakSide side;
  guint hole;

  GTK_WIDGET_CLASS (congkak_board_view_parent_class)->set_focus_child (widget, child);
  if (child && find_hole (self, child, &side, &hole))
    {
      self->focus_side = side;
      self->focus_hole = hole;
    }
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

/* Animation */

/* How long each kind of event is shown, in the time of one seed sown. */
static double
event_units (const CongkakEvent *event)
{
  switch (event->type)
    {
    case CONGKAK_EVENT_PICK_UP:
    case CONGKAK_EVENT_RELAY:
      return 0.8;
    case CONGKAK_EVENT_DROP:
    case CONGKAK_EVENT_FORFEIT:
      return 1.0;
    case CONGKAK_EVENT_SKIP:
      return 0.6;
    case CONGKAK_EVENT_CAPTURE:
      return 2.0;
    case CONGKAK_EVENT_ROUND_END:
    case CONGKAK_EVENT_REFILL:
      return 3.0;
    case CONGKAK_EVENT_EXTRA_TURN:
    case CONGKAK_EVENT_GRAND_SLAM:
      return 0.8;
    default:
      return 0;
    }
}

static gint64
event_duration_us (CongkakBoardView   *self,
                   const CongkakEvent *event)
{
  return (gint64) (event_units (event) * self->seconds_per_unit * G_USEC_PER_SEC);
}

static double
move_speed (CongkakBoardView *self)
{
  return self->computer_move ? self->computer_speed : self->speed;
}

/* Captions */

static double
caption_seconds (const char *sentence)
{
  return CLAMP (g_utf8_strlen (sentence, -1) / CAPTION_CHARS_PER_SECOND, CAPTION_MIN_SECONDS, CAPTION_MAX_SECONDS);
}

/* What the caption says for @event just shown: a seed sown is told only
 * seed by seed (there, every step gets its sentence). */
static char *
caption_for (CongkakBoardView   *self,
             const CongkakEvent *event)
{
  if (event->type == CONGKAK_EVENT_DROP)
    {
      if (!self->manual || event->player < 0)
        return NULL;
      return congkak_narrate_drop (&self->rules, event, self->hands[event->player].count);
    }
  return congkak_narrate_event (&self->rules, event);
}

static void
emit_caption (CongkakBoardView   *self,
              const CongkakEvent *event,
              const char         *sentence)
{
  g_signal_emit (self, signals[CAPTION], 0, event, sentence);
}

/* A jump to another position: no caption tells it. */
static void
clear_caption (CongkakBoardView *self)
{
  self->caption_until = 0;
  if (self->narration)
    emit_caption (self, NULL, NULL);
}

/* What a step shows while it runs: the hand on its way to the event's place. */
static void
begin_step (CongkakBoardView   *self,
            const CongkakEvent *event)
{
  Hand *hand = event->player >= 0 ? &self->hands[event->player] : NULL;

  switch (event->type)
    {
    case CONGKAK_EVENT_DROP:
    case CONGKAK_EVENT_FORFEIT:
    case CONGKAK_EVENT_SKIP:
      if (hand)
        {
          hand->from = hand->place;
          hand->place = event->place;
        }
      break;
    default:
      break;
    }
}

/* The step's outcome, when it ends. */
static void
end_step (CongkakBoardView   *self,
          const CongkakEvent *event)
{
  Hand *hand = event->player >= 0 ? &self->hands[event->player] : NULL;

  congkak_position_apply_event (&self->shown, &self->rules, event);

  switch (event->type)
    {
    case CONGKAK_EVENT_PICK_UP:
    case CONGKAK_EVENT_RELAY:
      hand->visible = TRUE;
      hand->from = hand->place = event->place;
      hand->count = event->count;
      break;
    case CONGKAK_EVENT_DROP:
      if (event->place.index == CONGKAK_STORE)
        self->last_path_store[event->place.side] = TRUE;
      else
        self->last_path[event->place.side] |= 1u << event->place.index;
      G_GNUC_FALLTHROUGH;
    case CONGKAK_EVENT_FORFEIT:
      hand->from = hand->place;
      if (hand->count > 0 && --hand->count == 0)
        hand->visible = FALSE;
      break;
    case CONGKAK_EVENT_SKIP:
      hand->from = hand->place;
      break;
    default:
      break;
    }
}

static void
stop_animation (CongkakBoardView *self)
{
  if (self->tick_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  self->hands[0].visible = self->hands[1].visible = FALSE;
  g_clear_pointer (&self->events, g_array_unref);
  g_clear_pointer (&self->step_caption, g_free);
}

static void
land_on_after (CongkakBoardView *self)
{
  g_autoptr (CongkakGame) after = g_steal_pointer (&self->after);

  stop_animation (self);
  if (after)
    {
      /* The engine's position is the truth, whatever was drawn on the way. */
      self->state = *congkak_game_get_state (after);
      self->shown = self->state.position;
    }
  compute_legal (self);
  follow_mover (self);
  refresh (self);
  g_signal_emit (self, signals[ANIMATION_FINISHED], 0);
}

/* The running move's next event becomes its step: the hand sets off, and
 * with narration the event's caption is worked out (the step cannot end
 * before the caption on show has been up long enough). */
static void
start_step (CongkakBoardView *self,
            gint64            start)
{
  const CongkakEvent *event = &g_array_index (self->events, CongkakEvent, self->next_event);

  self->step_start = start;
  self->step_duration = event_duration_us (self, event) / (double) G_USEC_PER_SEC;
  g_clear_pointer (&self->step_caption, g_free);
  if (self->narration && !self->manual)
    self->step_caption = caption_for (self, event);
  begin_step (self, event);
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  CongkakBoardView *self = CONGKAK_BOARD_VIEW (widget);
  gint64 now = g_get_monotonic_time ();

  while (self->events && self->next_event < self->events->len)
    {
      const CongkakEvent *event = &g_array_index (self->events, CongkakEvent, self->next_event);
      gint64 end = self->step_start + (gint64) (self->step_duration * G_USEC_PER_SEC);
      g_autofree char *caption = NULL;

      if (self->step_caption)
        end = MAX (end, self->caption_until);
      if (now < end)
        break;

      caption = g_steal_pointer (&self->step_caption);
      end_step (self, event);
      if (caption)
        {
          /* The same sentence again (the fifth relay of a move, say) is
           * recognised at a glance: only its numbers need reading. */
          double hold = event->type == self->caption_type && event->reason == self->caption_reason
                        ? CAPTION_MIN_SECONDS : caption_seconds (caption);

          self->caption_type = event->type;
          self->caption_reason = event->reason;
          self->caption_until = end + (gint64) (hold * G_USEC_PER_SEC);
          emit_caption (self, event, caption);
        }
      self->next_event++;
      if (self->next_event < self->events->len)
        start_step (self, end);
    }

  if (self->events == NULL || self->next_event >= self->events->len)
    {
      self->tick_id = 0;
      land_on_after (self);
      return G_SOURCE_REMOVE;
    }

  update_accessible (self);
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static gboolean
animations_enabled (CongkakBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && move_speed (self) > 0 && !(self->computer_move && self->skipping)
         && gtk_widget_get_mapped (GTK_WIDGET (self));
}

/* Shows the rest of the running move at once; with narration, the
 * caption of the last event that has one. */
static void
show_rest_at_once (CongkakBoardView *self,
                   GArray           *events,
                   guint             from)
{
  const CongkakEvent *captioned = NULL;
  g_autofree char *caption = NULL;

  for (guint i = from; i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);

      end_step (self, event);
      if (self->narration)
        {
          char *sentence = caption_for (self, event);

          if (sentence)
            {
              g_free (caption);
              caption = sentence;
              captioned = event;
            }
        }
    }
  self->caption_until = 0;
  if (caption)
    emit_caption (self, captioned, caption);
}

/**
 * congkak_board_view_animate:
 * @events: the move's events, from the engine
 * @after: the game after the move; the view ends on its position
 *
 * Shows a move seed by seed from the position on display, at the speed
 * for a person's move or, when #CongkakBoardView:computer-move is set, for
 * the computer's; a long move is sown faster, so that it lasts at most
 * 6 s (the computer's 2 s).  With narration, each caption is held long
 * enough to be read instead (a click or key skips).  A running animation
 * is finished first.  With animations off, or a speed of 0, the view
 * jumps to @after at once.
 */
void
congkak_board_view_animate (CongkakBoardView  *self,
                            GArray            *events,
                            const CongkakGame *after)
{
  double units = 0;

  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));
  g_return_if_fail (events != NULL);
  g_return_if_fail (after != NULL);

  congkak_board_view_finish_animation (self);

  self->after = congkak_game_copy (after);
  self->choosing = CONGKAK_NOBODY;
  self->hint_side = CONGKAK_NOBODY;
  self->legal[0] = self->legal[1] = 0;
  self->last_path[0] = self->last_path[1] = 0;
  self->last_path_store[0] = self->last_path_store[1] = FALSE;

  if (!self->manual && (!animations_enabled (self) || events->len == 0))
    {
      show_rest_at_once (self, events, 0);
      land_on_after (self);
      return;
    }

  if (events->len == 0)
    {
      land_on_after (self);
      return;
    }

  for (guint i = 0; i < events->len; i++)
    units += event_units (&g_array_index (events, CongkakEvent, i));
  self->seconds_per_unit = 1.0 / MAX (move_speed (self), 1.0);
  if (!self->narration && !self->manual)
    self->seconds_per_unit = MIN (self->seconds_per_unit,
                                  (self->computer_move ? MAX_COMPUTER_MOVE_SECONDS : MAX_MOVE_SECONDS) / MAX (units, 1.0));

  self->events = g_array_ref (events);
  self->next_event = 0;
  self->caption_type = self->caption_reason = -1;
  start_step (self, g_get_monotonic_time ());
  if (!self->manual)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
  refresh (self);
}

/**
 * congkak_board_view_set_manual:
 * @manual: whether moves wait for congkak_board_view_step() between events
 *
 * For teaching: a move is shown one seed (one event) at a time.
 */
void
congkak_board_view_set_manual (CongkakBoardView *self,
                               gboolean          manual)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  self->manual = !!manual;
}

/**
 * congkak_board_view_step:
 *
 * In manual mode, shows the next event of the move on display (events
 * that move no seed are passed with the next one).
 *
 * Returns: %FALSE when the move is complete.
 */
gboolean
congkak_board_view_step (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  while (congkak_board_view_is_animating (self) && self->next_event < self->events->len)
    {
      const CongkakEvent *event = &g_array_index (self->events, CongkakEvent, self->next_event);
      gboolean visible = event_units (event) > 0;

      end_step (self, event);
      if (self->narration)
        {
          g_autofree char *caption = caption_for (self, event);

          if (caption)
            emit_caption (self, event, caption);
        }
      self->next_event++;
      if (self->next_event < self->events->len)
        begin_step (self, &g_array_index (self->events, CongkakEvent, self->next_event));
      if (visible)
        break;
    }

  if (congkak_board_view_is_animating (self) && self->next_event >= self->events->len)
    {
      land_on_after (self);
      return FALSE;
    }
  if (congkak_board_view_is_animating (self))
    refresh (self);
  return congkak_board_view_is_animating (self);
}

/**
 * congkak_board_view_finish_animation:
 *
 * Jumps to the end of a running animation.
 */
void
congkak_board_view_finish_animation (CongkakBoardView *self)
{
  g_return_if_fail (CONGKAK_IS_BOARD_VIEW (self));

  if (!congkak_board_view_is_animating (self))
    return;

  show_rest_at_once (self, self->events, self->next_event);
  self->next_event = self->events->len;
  land_on_after (self);
}

gboolean
congkak_board_view_is_animating (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->events != NULL;
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

  stop_animation (self);
  g_clear_pointer (&self->after, congkak_game_free);
  clear_caption (self);
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
  compute_legal (self);
  follow_mover (self);
  refresh (self);
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
  compute_legal (self);
  follow_mover (self);
  refresh (self);
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
  refresh (self);
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
  refresh (self);
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

  stop_animation (self);
  g_clear_pointer (&self->after, congkak_game_free);
  clear_caption (self);
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
  refresh (self);
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
  refresh (self);
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

/* Input */

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
skip_key_pressed (GtkEventControllerKey *controller,
                  guint                  keyval,
                  guint                  keycode,
                  GdkModifierType        state,
                  CongkakBoardView      *self)
{
  if (!congkak_board_view_is_animating (self) || self->manual
      || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)))
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_Shift_L: case GDK_KEY_Shift_R:
    case GDK_KEY_Control_L: case GDK_KEY_Control_R:
    case GDK_KEY_Alt_L: case GDK_KEY_Alt_R:
    case GDK_KEY_Super_L: case GDK_KEY_Super_R:
    case GDK_KEY_Meta_L: case GDK_KEY_Meta_R:
    case GDK_KEY_ISO_Level3_Shift: case GDK_KEY_Caps_Lock:
      return GDK_EVENT_PROPAGATE;
    default:
      break;
    }

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
    g_signal_emit (self, signals[PLACE_EDITED], 0, (int) place.side, (int) place.index, delta);
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
      && is_legal (self, place.side, place.index))
    g_signal_emit (self, signals[HOLE_ACTIVATED], 0, (int) place.side, (guint) place.index);
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

  stop_animation (self);
  g_clear_pointer (&self->after, congkak_game_free);
  for (guint side = 0; side < 2; side++)
    {
      for (guint hole = 0; hole < CONGKAK_MAX_HOLES; hole++)
        g_clear_pointer (&self->holes[side][hole], gtk_widget_unparent);
      g_clear_pointer (&self->stores[side], gtk_widget_unparent);
    }
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);

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

  widget_class->snapshot = congkak_board_view_snapshot;
  widget_class->measure = congkak_board_view_measure;
  widget_class->size_allocate = congkak_board_view_size_allocate;
  widget_class->focus = congkak_board_view_focus;
  widget_class->grab_focus = congkak_board_view_grab_focus;
  widget_class->set_focus_child = congkak_board_view_set_focus_child;

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

  gtk_widget_class_set_css_name (widget_class, "congkak-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
congkak_board_view_init (CongkakBoardView *self)
{
  GtkEventController *keys, *skip_keys;
  GtkGesture *skip_click;

  self->speed = DEFAULT_SPEED;
  self->computer_speed = DEFAULT_COMPUTER_SPEED;
  self->show_counts = TRUE;
  self->show_letters = TRUE;
  self->choosing = CONGKAK_NOBODY;
  self->hint_side = CONGKAK_NOBODY;
  self->focus_side = CONGKAK_SOUTH;
  congkak_rules_init_profile (&self->rules, "congkak", NULL);

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

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);

  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (style_changed), self);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::high-contrast",
                            G_CALLBACK (style_changed), self);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::accent-color",
                            G_CALLBACK (style_changed), self);
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

/**
 * congkak_board_view_set_narration:
 * @narration: whether to tell moves in captions
 *
 * With narration, the board emits #CongkakBoardView::caption as it shows
 * each event that has a sentence, and holds the next one back until the
 * last has been up long enough to read (its length at 15 characters a
 * second, 1.5 s to 5 s).  The 6 s limit on a move does not apply then.
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
    clear_caption (self);
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
