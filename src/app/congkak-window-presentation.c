/* congkak-window-presentation.c — presentation mode: the board fills the
 * screen, a clicker steps through the match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In front of a class the window goes full screen without its header,
 * replay bar and sidebar; a presentation clicker's keys step through the
 * match one move at a time (the window's "win.go-forward" and
 * "win.go-back"), B or . blanks the screen, the pointer brings down the
 * bar with the way out, and Escape leaves.  The text grows with the room's
 * screen, and the screen does not go to sleep while the lesson runs, nor
 * while a match against the computer does.  This part of the window is
 * given the board, the widgets it hides and the bar; the window's
 * "presentation" property is its :active.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "congkak-rules-dialog.h"
#include "congkak-window-presentation.h"

/* The pointer has really moved (not a motion event a key press or a
 * change of the widgets under it sends at the same place). */
#define POINTER_MOVED_PX 2.0

/* Text heights in front of a room, as shares of the height the board has
 * to fill: at 1080 px, a 52 px status and a 45 px caption, readable from
 * the back of a classroom. */
#define STATUS_SHARE   0.048
#define CAPTION_SHARE  0.042
#define RULES_SHARE    0.030
#define BAR_SHARE      0.022

/* The body text of the rules window when not presenting (11 pt). */
#define RULES_BODY_PX  (11.0 * 96.0 / 72.0)

struct _CongkakWindowPresentation
{
  CongkakWindowPart       parent_instance;

  CongkakBoardView       *board;
  AdwOverlaySplitView    *split_view;
  AdwToolbarView         *toolbar_view;
  CongkakPresentationBar *presentation_bar;
  GtkWidget              *blank_screen;

  gboolean                active;
  gboolean                sidebar_before;   /* shown before presenting */

  gboolean                pointer_known;    /* since presenting began */
  double                  pointer_x;
  double                  pointer_y;

  /* Text sized for the room, for this window only */
  GtkCssProvider         *room_css;
  GdkDisplay             *room_display;     /* where room_css is, while presenting */
  char                   *room_class;
  int                     room_height;      /* the text was sized for */
  guint                   resize_id;

  CongkakSession         *watched;          /* the session whose players count for idle */
  guint                   inhibit_cookie;
  gboolean                inhibiting;
};

G_DEFINE_FINAL_TYPE (CongkakWindowPresentation, congkak_window_presentation, CONGKAK_TYPE_WINDOW_PART)

enum
{
  PROP_0,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
window_of (CongkakWindowPresentation *self)
{
  return congkak_window_part_get_window (CONGKAK_WINDOW_PART (self));
}

gboolean
congkak_window_presentation_get_active (CongkakWindowPresentation *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_PRESENTATION (self), FALSE);

  return self->active;
}

/* Idle */

/* A match against the computer runs: somebody waits for its moves, and
 * the screen should not go dark meanwhile. */
static gboolean
computer_match_runs (CongkakWindowPresentation *self)
{
  CongkakSession *session = congkak_window_part_get_session (CONGKAK_WINDOW_PART (self));
  CongkakTurnKind kind;
  gboolean computer = FALSE;

  if (session == NULL)
    return FALSE;
  kind = congkak_session_get_turn_kind (session);
  if (kind == CONGKAK_TURN_NONE || kind == CONGKAK_TURN_MATCH_OVER || !congkak_session_get_live (session))
    return FALSE;
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      CongkakPlayer *player = congkak_session_get_player (session, side);

      computer |= player != NULL && !congkak_player_is_local_person (player);
    }
  return computer;
}

static void
update_inhibit (CongkakWindowPresentation *self)
{
  GtkWidget *window = window_of (self);
  GtkApplication *application = window ? gtk_window_get_application (GTK_WINDOW (window)) : NULL;
  gboolean wanted = application != NULL && gtk_widget_get_realized (window)
                    && (self->active || computer_match_runs (self));

  if (wanted == self->inhibiting)
    return;
  if (wanted)
    self->inhibit_cookie = gtk_application_inhibit (application, GTK_WINDOW (window), GTK_APPLICATION_INHIBIT_IDLE,
                                                    self->active ? _("A lesson is being presented")
                                                                 : _("A match against the computer is being played"));
  else if (self->inhibit_cookie != 0 && application != NULL)
    gtk_application_uninhibit (application, self->inhibit_cookie);
  if (!wanted)
    self->inhibit_cookie = 0;
  self->inhibiting = wanted;
}

/**
 * congkak_window_presentation_get_inhibiting:
 *
 * Returns: whether the window keeps the screen from going idle (asked
 *   with gtk_application_inhibit(); the cookie is 0 where no session
 *   manager answers).
 */
gboolean
congkak_window_presentation_get_inhibiting (CongkakWindowPresentation *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_PRESENTATION (self), FALSE);

  return self->inhibiting;
}

static void
congkak_window_presentation_session_changed (CongkakWindowPart *part)
{
  CongkakWindowPresentation *self = CONGKAK_WINDOW_PRESENTATION (part);
  CongkakSession *session = congkak_window_part_get_session (part);

  if (self->watched)
    g_signal_handlers_disconnect_by_data (self->watched, self);
  g_set_object (&self->watched, session);
  if (session)
    {
      g_signal_connect_object (session, "notify::turn-kind", G_CALLBACK (update_inhibit), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::live", G_CALLBACK (update_inhibit), self, G_CONNECT_SWAPPED);
    }
  update_inhibit (self);
}

/* Text for the room */

static void
update_rules_dialog (CongkakWindowPresentation *self)
{
  GtkWidget *window = window_of (self);
  AdwDialog *dialog = window ? adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)) : NULL;

  if (!CONGKAK_IS_RULES_DIALOG (dialog))
    return;
  congkak_rules_dialog_set_text_scale (CONGKAK_RULES_DIALOG (dialog),
                                       self->active && self->room_height > 0
                                       ? MAX (1.0, RULES_SHARE * self->room_height / RULES_BODY_PX) : 1.0);
}

static void
remove_room_css (CongkakWindowPresentation *self)
{
  if (self->room_display)
    gtk_style_context_remove_provider_for_display (self->room_display, GTK_STYLE_PROVIDER (self->room_css));
  g_clear_object (&self->room_display);
  gtk_css_provider_load_from_string (self->room_css, "");
}

/* Each text a fixed share of the height the board fills, in this window
 * only (the style sheet is the display's: a class of its own names it). */
static void
size_text_for_room (CongkakWindowPresentation *self)
{
  int height = gtk_widget_get_height (gtk_widget_get_parent (GTK_WIDGET (self->presentation_bar)));
  g_autofree char *css = NULL;
  const char *room;

  if (!self->active || height <= 0 || height == self->room_height)
    return;
  self->room_height = height;
  room = self->room_class;
  css = g_strdup_printf ("window.presentation.%s .congkak-status { font-size: %.1fpx; }\n"
                         "window.presentation.%s .congkak-narration { font-size: %.1fpx; }\n"
                         "window.presentation.%s congkak-puzzle-view .title-4 { font-size: %.1fpx; }\n"
                         "window.presentation.%s congkak-puzzle-view .congkak-puzzle-explanation { font-size: %.1fpx; }\n"
                         "window.presentation.%s .congkak-presentation-bar { font-size: %.1fpx; }\n"
                         "window.presentation.%s .congkak-lesson-panel { font-size: %.1fpx; }\n"
                         "window.presentation.%s .congkak-lesson-join { font-size: %.1fpx; }\n"
                         "window.presentation.%s .congkak-rules-dialog .body { font-size: %.1fpx; }\n"
                         "window.presentation.%s .congkak-rules-dialog .title-3 { font-size: %.1fpx; }\n"
                         "window.presentation.%s .congkak-rules-dialog .title-1 { font-size: %.1fpx; }\n",
                         room, STATUS_SHARE * height,
                         room, CAPTION_SHARE * height,
                         room, STATUS_SHARE * height,
                         room, CAPTION_SHARE * height,
                         room, BAR_SHARE * height,
                         room, CAPTION_SHARE * 0.8 * height,
                         room, STATUS_SHARE * height,
                         room, RULES_SHARE * height,
                         room, 1.3 * RULES_SHARE * height,
                         room, 1.8 * RULES_SHARE * height);
  gtk_css_provider_load_from_string (self->room_css, css);
  update_rules_dialog (self);
}

static void
resized_cb (gpointer data)
{
  CongkakWindowPresentation *self = data;

  self->resize_id = 0;
  size_text_for_room (self);
}

/* The overlay over the board lays out the bar: the room may have another
 * size.  The style changes after this layout, not during it. */
static gboolean
get_child_position_cb (GtkOverlay                *overlay,
                       GtkWidget                 *child,
                       GdkRectangle              *allocation,
                       CongkakWindowPresentation *self)
{
  if (self->active && child == GTK_WIDGET (self->presentation_bar) && self->resize_id == 0
      && gtk_widget_get_height (GTK_WIDGET (overlay)) != self->room_height)
    self->resize_id = g_idle_add_once (resized_cb, self);
  return FALSE;
}

/* The blank screen */

static void
set_blank (CongkakWindowPresentation *self,
           gboolean                   blank)
{
  gtk_widget_set_visible (self->blank_screen, blank);
  if (blank)
    congkak_presentation_bar_conceal (self->presentation_bar);
}

/**
 * congkak_window_presentation_get_blank:
 *
 * Returns: whether the screen is blank (B or . in presentation mode).
 */
gboolean
congkak_window_presentation_get_blank (CongkakWindowPresentation *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_PRESENTATION (self), FALSE);

  return gtk_widget_get_visible (self->blank_screen);
}

/**
 * congkak_window_presentation_set_active:
 *
 * Starts or ends presenting: full screen, without the header, the replay
 * bar and the sidebar (as it was before, when it ends), text sized for
 * the room, and the screen kept awake.
 */
void
congkak_window_presentation_set_active (CongkakWindowPresentation *self,
                                        gboolean                   active)
{
  GtkWidget *window;

  g_return_if_fail (CONGKAK_IS_WINDOW_PRESENTATION (self));

  active = !!active;
  window = window_of (self);
  if (self->active == active || window == NULL)
    return;

  self->active = active;
  self->pointer_known = FALSE;
  self->room_height = 0;
  congkak_board_view_set_presenting (self->board, active);
  set_blank (self, FALSE);
  /* The board fills the screen; a clicker's keys step through the match,
   * and the pointer brings down the way out. */
  if (active)
    {
      self->sidebar_before = adw_overlay_split_view_get_show_sidebar (self->split_view);
      gtk_window_fullscreen (GTK_WINDOW (window));
      gtk_widget_add_css_class (window, "presentation");
      gtk_widget_add_css_class (window, self->room_class);
      g_set_object (&self->room_display, gtk_widget_get_display (window));
      gtk_style_context_add_provider_for_display (self->room_display, GTK_STYLE_PROVIDER (self->room_css),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
      adw_overlay_split_view_set_show_sidebar (self->split_view, FALSE);
      congkak_presentation_bar_reveal (self->presentation_bar);
      gtk_widget_queue_allocate (gtk_widget_get_parent (GTK_WIDGET (self->presentation_bar)));
    }
  else
    {
      gtk_window_unfullscreen (GTK_WINDOW (window));
      gtk_widget_remove_css_class (window, "presentation");
      gtk_widget_remove_css_class (window, self->room_class);
      adw_overlay_split_view_set_show_sidebar (self->split_view, self->sidebar_before);
      congkak_presentation_bar_conceal (self->presentation_bar);
      remove_room_css (self);
      update_rules_dialog (self);
    }
  adw_toolbar_view_set_reveal_top_bars (self->toolbar_view, !active);
  adw_toolbar_view_set_reveal_bottom_bars (self->toolbar_view, !active);
  update_inhibit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

/* Keys */

static gboolean
is_modifier_press (GtkEventControllerKey *controller)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));

  return event != NULL && gdk_key_event_is_modifier (event);
}

/* Next: a move shown seed by seed is finished first, its narration kept
 * readable under the board; the next press moves on. */
static void
go_forward (CongkakWindowPresentation *self)
{
  if (congkak_board_view_is_animating (self->board) && !congkak_board_view_get_manual (self->board))
    congkak_board_view_finish_animation (self->board);
  else
    gtk_widget_activate_action (window_of (self), "win.go-forward", NULL);
}

/* A presentation clicker sends Page Down and Page Up (some send the
 * arrows): one move each, not one round; B or . (some clickers' "blank
 * screen" button) blanks the screen, and any key brings it back.  Escape
 * leaves.  A dialog over the board (the rules) has the keys to itself. */
static gboolean
key_pressed_cb (GtkEventControllerKey     *controller,
                guint                      keyval,
                guint                      keycode,
                GdkModifierType            state,
                CongkakWindowPresentation *self)
{
  if (!self->active)
    return GDK_EVENT_PROPAGATE;

  if (congkak_window_presentation_get_blank (self))
    {
      if (is_modifier_press (controller))
        return GDK_EVENT_PROPAGATE;
      set_blank (self, FALSE);
      return GDK_EVENT_STOP;
    }

  if (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window_of (self))) != NULL
      || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)))
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_Escape:
      congkak_window_presentation_set_active (self, FALSE);
      return GDK_EVENT_STOP;
    case GDK_KEY_b:
    case GDK_KEY_B:
    case GDK_KEY_period:
      set_blank (self, TRUE);
      return GDK_EVENT_STOP;
    case GDK_KEY_Page_Down:
    case GDK_KEY_Right:
    case GDK_KEY_KP_Page_Down:
      go_forward (self);
      return GDK_EVENT_STOP;
    case GDK_KEY_Page_Up:
    case GDK_KEY_Left:
    case GDK_KEY_KP_Page_Up:
      gtk_widget_activate_action (window_of (self), "win.go-back", NULL);
      return GDK_EVENT_STOP;
    default:
      return GDK_EVENT_PROPAGATE;
    }
}

/* The pointer */

/* X servers and GTK send motion where the pointer already was, after a
 * key press or when the widgets under it change: only a move brings the
 * bar. */
static void
motion_cb (GtkEventControllerMotion  *motion,
           double                     x,
           double                     y,
           CongkakWindowPresentation *self)
{
  gboolean moved = self->pointer_known
                   && (fabs (x - self->pointer_x) >= POINTER_MOVED_PX || fabs (y - self->pointer_y) >= POINTER_MOVED_PX);

  self->pointer_known = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  if (self->active && moved && !congkak_window_presentation_get_blank (self))
    congkak_presentation_bar_reveal (self->presentation_bar);
}

static void
right_click_cb (CongkakWindowPresentation *self)
{
  if (self->active && !congkak_window_presentation_get_blank (self))
    congkak_presentation_bar_reveal (self->presentation_bar);
}

/* Leaving full screen another way (the window manager) leaves presenting. */
static void
fullscreened_cb (CongkakWindowPresentation *self)
{
  GtkWidget *window = window_of (self);

  if (self->active && window && !gtk_window_is_fullscreen (GTK_WINDOW (window)) && gtk_widget_get_mapped (window))
    congkak_window_presentation_set_active (self, FALSE);
}

static void
congkak_window_presentation_dispose (GObject *object)
{
  CongkakWindowPresentation *self = CONGKAK_WINDOW_PRESENTATION (object);

  g_clear_handle_id (&self->resize_id, g_source_remove);
  if (self->inhibiting)
    {
      GtkWidget *window = window_of (self);
      GtkApplication *application = window ? gtk_window_get_application (GTK_WINDOW (window)) : NULL;

      if (application && self->inhibit_cookie != 0)
        gtk_application_uninhibit (application, self->inhibit_cookie);
      self->inhibit_cookie = 0;
      self->inhibiting = FALSE;
    }
  if (self->watched)
    g_signal_handlers_disconnect_by_data (self->watched, self);
  g_clear_object (&self->watched);
  if (self->room_css)
    remove_room_css (self);
  g_clear_object (&self->room_css);

  G_OBJECT_CLASS (congkak_window_presentation_parent_class)->dispose (object);
}

static void
congkak_window_presentation_finalize (GObject *object)
{
  CongkakWindowPresentation *self = CONGKAK_WINDOW_PRESENTATION (object);

  g_free (self->room_class);

  G_OBJECT_CLASS (congkak_window_presentation_parent_class)->finalize (object);
}

static void
congkak_window_presentation_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  CongkakWindowPresentation *self = CONGKAK_WINDOW_PRESENTATION (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_presentation_set_property (GObject      *object,
                                          guint         prop_id,
                                          const GValue *value,
                                          GParamSpec   *pspec)
{
  CongkakWindowPresentation *self = CONGKAK_WINDOW_PRESENTATION (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      congkak_window_presentation_set_active (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_presentation_class_init (CongkakWindowPresentationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_window_presentation_dispose;
  object_class->finalize = congkak_window_presentation_finalize;
  object_class->get_property = congkak_window_presentation_get_property;
  object_class->set_property = congkak_window_presentation_set_property;
  CONGKAK_WINDOW_PART_CLASS (klass)->session_changed = congkak_window_presentation_session_changed;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
congkak_window_presentation_init (CongkakWindowPresentation *self)
{
  self->room_class = g_strdup_printf ("congkak-room-%" G_GUINTPTR_FORMAT, (guintptr) self);
  self->room_css = gtk_css_provider_new ();
}

CongkakWindowPresentation *
congkak_window_presentation_new (GtkWidget              *window,
                                 AdwToastOverlay        *toasts,
                                 CongkakBoardView       *board,
                                 AdwOverlaySplitView    *split_view,
                                 AdwToolbarView         *toolbar_view,
                                 CongkakPresentationBar *presentation_bar)
{
  CongkakWindowPresentation *self = g_object_new (CONGKAK_TYPE_WINDOW_PRESENTATION,
                                                  "window", window,
                                                  "toasts", toasts,
                                                  NULL);
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *right_click = gtk_gesture_click_new ();
  GtkWidget *overlay = gtk_widget_get_parent (GTK_WIDGET (presentation_bar));

  self->board = board;
  self->split_view = split_view;
  self->toolbar_view = toolbar_view;
  self->presentation_bar = presentation_bar;

  /* Over everything the overlay holds, the bar too: the room sees black. */
  self->blank_screen = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (self->blank_screen, "congkak-blank-screen");
  gtk_widget_set_cursor_from_name (self->blank_screen, "none");
  gtk_widget_set_visible (self->blank_screen, FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), self->blank_screen);
  g_signal_connect_object (overlay, "get-child-position", G_CALLBACK (get_child_position_cb), self, G_CONNECT_DEFAULT);

  /* Before anything else sees the keys, and the pointer. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self, G_CONNECT_DEFAULT);
  gtk_widget_add_controller (window, keys);
  g_signal_connect_object (motion, "motion", G_CALLBACK (motion_cb), self, G_CONNECT_DEFAULT);
  gtk_widget_add_controller (window, motion);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (right_click), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (right_click, "pressed", G_CALLBACK (right_click_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (window, GTK_EVENT_CONTROLLER (right_click));
  g_signal_connect_object (window, "notify::fullscreened", G_CALLBACK (fullscreened_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (window, "notify::visible-dialog", G_CALLBACK (update_rules_dialog), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (window, "realize", G_CALLBACK (update_inhibit), self, G_CONNECT_SWAPPED);
  return self;
}
