/* congkak-window-part.c — what every part of the main window is given
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The main window is made of parts (files, export, the computer, help,
 * the library and puzzle pages, teaching, presentation, replay, the end of
 * a round), each an action group the window makes and owns.  A part is given what it needs
 * when it is made: the window to present dialogs on, the toast overlay,
 * the widgets it works with; and it follows the session the window shows.
 * It never reaches into the window.
 *
 * A part's actions are the window's "win." actions: the window installs
 * one class action for each (see congkak_window_part_install_actions()),
 * so that key bindings, menus and the shortcuts dialog see them as the
 * window's, and runs the part's action when it is activated; the part
 * says when one is enabled.
 *
 * The window is held weakly: a part that outlives it (an answer still
 * being awaited) finds congkak_window_part_get_window() %NULL, and then
 * touches none of its widgets.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-window-part.h"

typedef struct
{
  GtkWidget       *window;   /* weak */
  AdwToastOverlay *toasts;   /* weak */
  CongkakSession  *session;  /* nullable */
} CongkakWindowPartPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CongkakWindowPart, congkak_window_part, G_TYPE_SIMPLE_ACTION_GROUP)

enum
{
  PROP_0,
  PROP_WINDOW,
  PROP_TOASTS,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
congkak_window_part_dispose (GObject *object)
{
  CongkakWindowPart *self = CONGKAK_WINDOW_PART (object);
  CongkakWindowPartPrivate *priv = congkak_window_part_get_instance_private (self);

  g_clear_weak_pointer (&priv->window);
  g_clear_weak_pointer (&priv->toasts);
  g_clear_object (&priv->session);

  G_OBJECT_CLASS (congkak_window_part_parent_class)->dispose (object);
}

/* The window's "win.NAME" is enabled when the part's NAME is. */
static void
action_enabled_changed_cb (CongkakWindowPart *self,
                           const char        *name,
                           gboolean           enabled)
{
  CongkakWindowPartPrivate *priv = congkak_window_part_get_instance_private (self);
  g_autofree char *action_name = g_strconcat ("win.", name, NULL);

  if (priv->window)
    gtk_widget_action_set_enabled (priv->window, action_name, enabled);
}

/* The part has added its actions (in its init). */
static void
congkak_window_part_constructed (GObject *object)
{
  CongkakWindowPart *self = CONGKAK_WINDOW_PART (object);
  g_auto (GStrv) names = g_action_group_list_actions (G_ACTION_GROUP (self));

  G_OBJECT_CLASS (congkak_window_part_parent_class)->constructed (object);

  for (guint i = 0; names[i] != NULL; i++)
    action_enabled_changed_cb (self, names[i], g_action_group_get_action_enabled (G_ACTION_GROUP (self), names[i]));
  g_signal_connect (self, "action-enabled-changed", G_CALLBACK (action_enabled_changed_cb), NULL);
}

static void
congkak_window_part_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CongkakWindowPart *self = CONGKAK_WINDOW_PART (object);
  CongkakWindowPartPrivate *priv = congkak_window_part_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_WINDOW:
      g_value_set_object (value, priv->window);
      break;
    case PROP_TOASTS:
      g_value_set_object (value, priv->toasts);
      break;
    case PROP_SESSION:
      g_value_set_object (value, priv->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_part_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CongkakWindowPart *self = CONGKAK_WINDOW_PART (object);
  CongkakWindowPartPrivate *priv = congkak_window_part_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_WINDOW:
      g_set_weak_pointer (&priv->window, g_value_get_object (value));
      break;
    case PROP_TOASTS:
      g_set_weak_pointer (&priv->toasts, g_value_get_object (value));
      break;
    case PROP_SESSION:
      congkak_window_part_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_part_class_init (CongkakWindowPartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = congkak_window_part_constructed;
  object_class->dispose = congkak_window_part_dispose;
  object_class->get_property = congkak_window_part_get_property;
  object_class->set_property = congkak_window_part_set_property;

  properties[PROP_WINDOW] =
    g_param_spec_object ("window", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TOASTS] =
    g_param_spec_object ("toasts", NULL, NULL, ADW_TYPE_TOAST_OVERLAY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, CONGKAK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
congkak_window_part_init (CongkakWindowPart *self)
{
}

/**
 * congkak_window_part_get_window:
 *
 * Returns: (transfer none) (nullable): the window the part belongs to,
 *   %NULL once it has gone.
 */
GtkWidget *
congkak_window_part_get_window (CongkakWindowPart *self)
{
  CongkakWindowPartPrivate *priv = congkak_window_part_get_instance_private (self);

  g_return_val_if_fail (CONGKAK_IS_WINDOW_PART (self), NULL);

  return priv->window;
}

/**
 * congkak_window_part_get_session:
 *
 * Returns: (transfer none) (nullable): the match the window shows.
 */
CongkakSession *
congkak_window_part_get_session (CongkakWindowPart *self)
{
  CongkakWindowPartPrivate *priv = congkak_window_part_get_instance_private (self);

  g_return_val_if_fail (CONGKAK_IS_WINDOW_PART (self), NULL);

  return priv->session;
}

void
congkak_window_part_set_session (CongkakWindowPart *self,
                                 CongkakSession    *session)
{
  CongkakWindowPartPrivate *priv = congkak_window_part_get_instance_private (self);

  g_return_if_fail (CONGKAK_IS_WINDOW_PART (self));
  g_return_if_fail (session == NULL || CONGKAK_IS_SESSION (session));

  if (!g_set_object (&priv->session, session))
    return;
  if (CONGKAK_WINDOW_PART_GET_CLASS (self)->session_changed)
    CONGKAK_WINDOW_PART_GET_CLASS (self)->session_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/**
 * congkak_window_part_get_document:
 *
 * Returns: (transfer none) (nullable): the document of the session.
 */
CongkakDocument *
congkak_window_part_get_document (CongkakWindowPart *self)
{
  CongkakSession *session = congkak_window_part_get_session (self);

  return session ? congkak_session_get_document (session) : NULL;
}

/**
 * congkak_window_part_get_match:
 *
 * Returns: (transfer none) (nullable): the match on the board.
 */
CongkakMatch *
congkak_window_part_get_match (CongkakWindowPart *self)
{
  CongkakSession *session = congkak_window_part_get_session (self);

  return session ? congkak_session_get_match (session) : NULL;
}

/**
 * congkak_window_part_add_toast:
 * @toast: (transfer full): shown over the window, if it is still there
 */
void
congkak_window_part_add_toast (CongkakWindowPart *self,
                               AdwToast          *toast)
{
  CongkakWindowPartPrivate *priv = congkak_window_part_get_instance_private (self);
  g_autoptr (AdwToast) owned = toast;

  g_return_if_fail (CONGKAK_IS_WINDOW_PART (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  if (priv->window && priv->toasts)
    adw_toast_overlay_add_toast (priv->toasts, g_steal_pointer (&owned));
}

void
congkak_window_part_show_toast (CongkakWindowPart *self,
                                const char        *text)
{
  congkak_window_part_add_toast (self, adw_toast_new (text));
}

/**
 * congkak_window_part_new_sentence_toast:
 *
 * Returns: (transfer full): a toast for a sentence or two that must be
 *   read whole (what an engine did, who judged a hint): plain text,
 *   wrapped on a narrow window, shown for twelve seconds.
 */
AdwToast *
congkak_window_part_new_sentence_toast (const char *text)
{
  AdwToast *toast = adw_toast_new ("");
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  adw_toast_set_custom_title (toast, label);
  adw_toast_set_timeout (toast, 12);
  return toast;
}

/**
 * congkak_window_part_show_error:
 *
 * Says what went wrong in an alert over the window, with a Close button.
 */
void
congkak_window_part_show_error (CongkakWindowPart *self,
                                const char        *heading,
                                const char        *message)
{
  CongkakWindowPartPrivate *priv = congkak_window_part_get_instance_private (self);
  AdwDialog *dialog;

  g_return_if_fail (CONGKAK_IS_WINDOW_PART (self));

  if (priv->window == NULL)
    return;
  dialog = adw_alert_dialog_new (heading, message);
  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "close", _("_Close"));
  adw_dialog_present (dialog, priv->window);
}

/**
 * congkak_window_part_set_action_enabled:
 *
 * Enables or disables the part's action @name, and so the window's
 * "win.@name".
 */
void
congkak_window_part_set_action_enabled (CongkakWindowPart *self,
                                        const char        *name,
                                        gboolean           enabled)
{
  GAction *action;

  g_return_if_fail (CONGKAK_IS_WINDOW_PART (self));

  action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  g_return_if_fail (G_IS_SIMPLE_ACTION (action));
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/**
 * congkak_window_part_install_actions:
 * @activate: runs the action of the part that has it
 *
 * Installs "win.NAME" in @window_class for each of a part's @entries, as
 * the part adds them to itself.
 */
void
congkak_window_part_install_actions (GtkWidgetClass              *window_class,
                                     const GActionEntry          *entries,
                                     guint                        n_entries,
                                     GtkWidgetActionActivateFunc  activate)
{
  g_return_if_fail (GTK_IS_WIDGET_CLASS (window_class));

  for (guint i = 0; i < n_entries; i++)
    {
      g_autofree char *name = g_strconcat ("win.", entries[i].name, NULL);

      gtk_widget_class_install_action (window_class, name, entries[i].parameter_type, activate);
    }
}
