/* congkak-board-view-animation.c — the board's drawing, and moves shown seed by seed
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board is painted by congkak_board_paint(), from the position on
 * display and the view's animation, hover and focus state, scaled to the
 * widget; the hole buttons (congkak-board-view.c) are laid over the
 * painted holes.
 *
 * A move is shown by replaying the engine's event list on a copy of the
 * position, one event per animation step, with the hand on its way to
 * each event's place and, with narration, a caption held long enough to
 * be read; the view never works out a rule outcome itself, and ends on
 * the engine's position exactly.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "congkak-board-view-private.h"
#include "congkak-narration.h"

#define PADDING_PX                 6.0

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

/* Drawing */

/* Whether @button, a hole's or a store's, has the focus ring. */
static gboolean
ring_shown (CongkakBoardView *self,
            GtkWidget        *button)
{
  GtkStateFlags flags = gtk_widget_get_state_flags (button);

  return (flags & GTK_STATE_FLAG_FOCUS_VISIBLE)
         || ((flags & GTK_STATE_FLAG_FOCUSED) && self->keyboard_focus);
}

void
_congkak_board_view_snapshot (GtkWidget   *widget,
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
  /* GTK's focus ring, or the board's own while the keys are in use. */
  for (guint side = 0; side < 2; side++)
    {
      for (guint hole = 0; hole < self->rules.holes; hole++)
        if (ring_shown (self, self->holes[side][hole]))
          {
            paint.focus_visible = TRUE;
            paint.focus = (CongkakPlace) { side, hole };
          }
      if (ring_shown (self, self->stores[side]))
        {
          paint.focus_visible = TRUE;
          paint.focus = (CongkakPlace) { side, CONGKAK_STORE };
        }
    }
  /* Editing a position is counting seeds: the counts always show. */
  paint.show_counts = self->show_counts || self->editing;
  paint.show_letters = self->show_letters;
  paint.tally_side = self->tally_side;
  memcpy (paint.tally, self->tally, sizeof paint.tally);
  paint.tally_counts = self->tally_counts;
  paint.tally_answer = self->tally_answer;
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

void
_congkak_board_view_measure (GtkWidget      *widget,
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

void
_congkak_board_view_size_allocate (GtkWidget *widget,
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

/* Moves, seed by seed */

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

/* How long @sentence stays up after @event: in front of a room, its
 * whole reading time, however long; otherwise at most a few seconds, and
 * the same sentence again (the fifth relay of a move, say) is recognised
 * at a glance: only its numbers need reading. */
static double
caption_seconds (CongkakBoardView   *self,
                 const CongkakEvent *event,
                 const char         *sentence)
{
  double reading = g_utf8_strlen (sentence, -1) / CAPTION_CHARS_PER_SECOND;

  if (self->presenting)
    return MAX (reading, CAPTION_MIN_SECONDS);
  if (event->type == self->caption_type && event->reason == self->caption_reason)
    return CAPTION_MIN_SECONDS;
  return CLAMP (reading, CAPTION_MIN_SECONDS, CAPTION_MAX_SECONDS);
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

/* A jump to another position: no caption tells it. */
void
_congkak_board_view_clear_caption (CongkakBoardView *self)
{
  self->caption_until = 0;
  self->caption_shown = FALSE;
  if (self->narration)
    _congkak_board_view_emit_caption (self, NULL, NULL);
}

/* What a step shows while it runs: the hand on its way to the event's place. */
static void
begin_step (CongkakBoardView   *self,
            const CongkakEvent *event)
{
  CongkakBoardViewHand *hand = event->player >= 0 ? &self->hands[event->player] : NULL;

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
  CongkakBoardViewHand *hand = event->player >= 0 ? &self->hands[event->player] : NULL;

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

void
_congkak_board_view_stop_animation (CongkakBoardView *self)
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

  _congkak_board_view_stop_animation (self);
  if (after)
    {
      /* The engine's position is the truth, whatever was drawn on the way. */
      self->state = *congkak_game_get_state (after);
      self->shown = self->state.position;
    }
  _congkak_board_view_position_changed (self);
  _congkak_board_view_emit_animation_finished (self);
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
          double hold = caption_seconds (self, event, caption);

          self->caption_type = event->type;
          self->caption_reason = event->reason;
          self->caption_event = self->next_event;
          self->caption_shown = TRUE;
          /* From when it is up: a frame later than the step's end, maybe. */
          self->caption_until = MAX (end, now) + (gint64) (hold * G_USEC_PER_SEC);
          _congkak_board_view_emit_caption (self, event, caption);
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

  _congkak_board_view_refresh (self);
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

/* In front of a room, a move finished early keeps its narration: the
 * caption on show (or the move's first), what came between in a few
 * words (the engine's summary: "relay at c, relay at E"), and the
 * caption the move ended with, gathered under the board.  A chain of
 * twenty relays thus takes three lines, not twenty. */
static void
gather_captions (CongkakBoardView *self,
                 GArray           *events,
                 guint             from)
{
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;
  guint first_index = events->len, last_index = events->len;

  if (self->caption_shown && self->caption_event < from)
    from = self->caption_event;
  for (guint i = from; i < events->len; i++)
    {
      char *sentence = caption_for (self, &g_array_index (events, CongkakEvent, i));

      if (sentence == NULL)
        continue;
      if (first == NULL)
        {
          first = sentence;
          first_index = i;
        }
      else
        {
          g_free (last);
          last = sentence;
          last_index = i;
        }
    }
  if (first == NULL)
    return;
  _congkak_board_view_emit_caption (self, &g_array_index (events, CongkakEvent, first_index), first);
  if (last == NULL)
    return;
  if (last_index > first_index + 1)
    {
      g_autoptr (GArray) between = g_array_new (FALSE, FALSE, sizeof (CongkakEvent));
      g_autofree char *summary = NULL;

      g_array_append_vals (between, &g_array_index (events, CongkakEvent, first_index + 1),
                           last_index - first_index - 1);
      summary = congkak_narrate_move_summary (&self->rules, between);
      if (summary)
        {
          /* TRANSLATORS: between the first and the last caption of a move
           * finished early: what happened meanwhile, such as
           * "relay at c, relay at E" */
          g_autofree char *sentence = g_strdup_printf (_("Then: %s"), summary);

          _congkak_board_view_emit_caption_added (self, NULL, sentence);
        }
    }
  _congkak_board_view_emit_caption_added (self, &g_array_index (events, CongkakEvent, last_index), last);
}

/* Shows the rest of the running move at once; with narration, the
 * caption of the last event that has one (in front of a room, all the
 * captions not yet read). */
static void
show_rest_at_once (CongkakBoardView *self,
                   GArray           *events,
                   guint             from)
{
  const CongkakEvent *captioned = NULL;
  g_autofree char *caption = NULL;
  gboolean gather = self->narration && self->presenting && !self->manual;

  for (guint i = from; i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);

      end_step (self, event);
      if (self->narration && !gather)
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
  if (gather)
    gather_captions (self, events, from);
  self->caption_until = 0;
  self->caption_shown = FALSE;
  if (caption)
    _congkak_board_view_emit_caption (self, captioned, caption);
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
  self->caption_shown = FALSE;
  start_step (self, g_get_monotonic_time ());
  if (!self->manual)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
  _congkak_board_view_refresh (self);
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

gboolean
congkak_board_view_get_manual (CongkakBoardView *self)
{
  g_return_val_if_fail (CONGKAK_IS_BOARD_VIEW (self), FALSE);

  return self->manual;
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
            _congkak_board_view_emit_caption (self, event, caption);
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
    _congkak_board_view_refresh (self);
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

