/* congkak-window-presentation.c — presentation mode: the board fills the
 * screen, a clicker steps through the match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In front of a class the window goes full screen without its header,
 * replay bar and sidebar; a presentation clicker's keys step through the
 * match one move at a time (the window's "win.go-forward" and
 * "win.go-back"), the pointer brings down the bar with the way out, and
 * Escape leaves.  This part of the window is given the widgets it hides
 * and the bar; the window's "presentation" property is its :active.
 */

#include "config.h"

#include "congkak-window-presentation.h"

struct _CongkakWindowPresentation
{
  CongkakWindowPart       parent_instance;

  AdwOverlaySplitView    *split_view;
  AdwToolbarView         *toolbar_view;
  CongkakPresentationBar *presentation_bar;

  gboolean                active;
  gboolean                sidebar_before;   /* shown before presenting */
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

/**
 * congkak_window_presentation_set_active:
 *
 * Starts or ends presenting: full screen, without the header, the replay
 * bar and the sidebar (as it was before, when it ends).
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
  /* The board fills the screen; a clicker's keys step through the match,
   * and the pointer brings down the way out. */
  if (active)
    {
      self->sidebar_before = adw_overlay_split_view_get_show_sidebar (self->split_view);
      gtk_window_fullscreen (GTK_WINDOW (window));
      gtk_widget_add_css_class (window, "presentation");
      adw_overlay_split_view_set_show_sidebar (self->split_view, FALSE);
      congkak_presentation_bar_reveal (self->presentation_bar);
    }
  else
    {
      gtk_window_unfullscreen (GTK_WINDOW (window));
      gtk_widget_remove_css_class (window, "presentation");
      adw_overlay_split_view_set_show_sidebar (self->split_view, self->sidebar_before);
      congkak_presentation_bar_conceal (self->presentation_bar);
    }
  adw_toolbar_view_set_reveal_top_bars (self->toolbar_view, !active);
  adw_toolbar_view_set_reveal_bottom_bars (self->toolbar_view, !active);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

/* A presentation clicker sends Page Down and Page Up (some send the
 * arrows): one move each, not one round.  Escape leaves. */
static gboolean
key_pressed_cb (GtkEventControllerKey     *controller,
                guint                      keyval,
                guint                      keycode,
                GdkModifierType            state,
                CongkakWindowPresentation *self)
{
  if (!self->active || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)))
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_Escape:
      congkak_window_presentation_set_active (self, FALSE);
      return GDK_EVENT_STOP;
    case GDK_KEY_Page_Down:
    case GDK_KEY_Right:
    case GDK_KEY_KP_Page_Down:
      gtk_widget_activate_action (window_of (self), "win.go-forward", NULL);
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

static void
pointer_cb (CongkakWindowPresentation *self)
{
  if (self->active)
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

  object_class->get_property = congkak_window_presentation_get_property;
  object_class->set_property = congkak_window_presentation_set_property;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
congkak_window_presentation_init (CongkakWindowPresentation *self)
{
}

CongkakWindowPresentation *
congkak_window_presentation_new (GtkWidget              *window,
                                 AdwToastOverlay        *toasts,
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

  self->split_view = split_view;
  self->toolbar_view = toolbar_view;
  self->presentation_bar = presentation_bar;

  /* Before anything else sees the keys, and the pointer. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self, G_CONNECT_DEFAULT);
  gtk_widget_add_controller (window, keys);
  g_signal_connect_object (motion, "motion", G_CALLBACK (pointer_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (window, motion);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (right_click), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (right_click, "pressed", G_CALLBACK (pointer_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (window, GTK_EVENT_CONTROLLER (right_click));
  g_signal_connect_object (window, "notify::fullscreened", G_CALLBACK (fullscreened_cb), self, G_CONNECT_SWAPPED);
  return self;
}
