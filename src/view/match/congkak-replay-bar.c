/* congkak-replay-bar.c — stepping through a match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The buttons name the window's replay actions; the slider spans the
 * cursor's line, from the start to the last move a step forward would
 * reach (the line the cursor stepped back along, even in a variation).
 * While a match is being played here, at its last move, the bar keeps out
 * of the way: it comes back once the cursor goes back or the match ends.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-replay-bar.h"

struct _CongkakReplayBar
{
  AdwBin         parent_instance;

  /* Template widgets */
  GtkAdjustment *adjustment;
  GtkLabel      *label;
  GtkWidget     *seed_button;
  GtkButton     *autoplay_button;
  GtkWidget     *previous_round_button;
  GtkWidget     *next_round_button;

  CongkakSession *session;
  GSignalGroup  *match_signals;
  GSignalGroup  *session_signals;
  gboolean       compact;
};

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_COMPACT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CongkakReplayBar, congkak_replay_bar, ADW_TYPE_BIN)

static gboolean playing_on (CongkakReplayBar *self);

static void
update (CongkakReplayBar *self)
{
  CongkakMatch *match = self->session ? congkak_session_get_match (self->session) : NULL;
  g_autofree char *text = NULL;
  CongkakNode *cursor, *end;
  guint depth, last;

  if (match == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }

  cursor = congkak_match_get_cursor (match);
  end = congkak_session_get_line_end (self->session);
  depth = congkak_node_get_depth (cursor);
  last = congkak_node_get_depth (end);

  g_signal_handlers_block_matched (self->adjustment, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_adjustment_configure (self->adjustment, depth, 0, last, 1, 10, 0);
  g_signal_handlers_unblock_matched (self->adjustment, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  /* TRANSLATORS: where the replay stands, "Move 34 of 112" */
  text = g_strdup_printf (_("Move %u of %u"), depth, last);
  gtk_label_set_label (self->label, text);

  /* No history, or a match being played on, no replay bar. */
  gtk_widget_set_visible (GTK_WIDGET (self), last > 0 && !playing_on (self));
}

/* A match played here, at its last move, with someone to act. */
static gboolean
playing_on (CongkakReplayBar *self)
{
  CongkakTurnKind kind = congkak_session_get_turn_kind (self->session);

  return congkak_session_get_live (self->session)
         && congkak_document_get_played_here (congkak_session_get_document (self->session))
         && (kind == CONGKAK_TURN_MOVE || kind == CONGKAK_TURN_OPENING || kind == CONGKAK_TURN_HANDOVER);
}

/* ▶ while stopped, ⏸ while the moves play. */
static void
autoplay_toggled_cb (CongkakReplayBar *self)
{
  gboolean playing = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->autoplay_button));

  gtk_button_set_icon_name (self->autoplay_button, playing ? "media-playback-pause-symbolic"
                                                           : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->autoplay_button), playing ? _("Pause") : _("Play the Moves"));
}

static void
value_changed_cb (CongkakReplayBar *self)
{
  CongkakMatch *match;
  CongkakNode *node, *end;
  guint target, depth;

  if (self->session == NULL)
    return;

  match = congkak_session_get_match (self->session);
  end = congkak_session_get_line_end (self->session);
  target = (guint) gtk_adjustment_get_value (self->adjustment);
  node = end;
  for (depth = congkak_node_get_depth (end); depth > target; depth--)
    node = congkak_node_get_parent (node);
  congkak_match_set_cursor (match, node);
}

CongkakSession *
congkak_replay_bar_get_session (CongkakReplayBar *self)
{
  g_return_val_if_fail (CONGKAK_IS_REPLAY_BAR (self), NULL);

  return self->session;
}

/**
 * congkak_replay_bar_set_session:
 * @session: (nullable): the match being replayed
 */
void
congkak_replay_bar_set_session (CongkakReplayBar *self,
                                CongkakSession   *session)
{
  g_return_if_fail (CONGKAK_IS_REPLAY_BAR (self));
  g_return_if_fail (session == NULL || CONGKAK_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->match_signals, session ? congkak_session_get_match (session) : NULL);
  g_signal_group_set_target (self->session_signals, session);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

gboolean
congkak_replay_bar_get_compact (CongkakReplayBar *self)
{
  g_return_val_if_fail (CONGKAK_IS_REPLAY_BAR (self), FALSE);

  return self->compact;
}

/**
 * congkak_replay_bar_set_compact:
 *
 * On a narrow window only the buttons that step move by move and the
 * slider stay.
 */
void
congkak_replay_bar_set_compact (CongkakReplayBar *self,
                                gboolean          compact)
{
  g_return_if_fail (CONGKAK_IS_REPLAY_BAR (self));

  compact = !!compact;
  if (self->compact == compact)
    return;
  self->compact = compact;
  gtk_widget_set_visible (GTK_WIDGET (self->label), !compact);
  gtk_widget_set_visible (self->seed_button, !compact);
  gtk_widget_set_visible (self->previous_round_button, !compact);
  gtk_widget_set_visible (self->next_round_button, !compact);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
}

static void
congkak_replay_bar_dispose (GObject *object)
{
  CongkakReplayBar *self = CONGKAK_REPLAY_BAR (object);

  if (self->match_signals)
    g_signal_group_set_target (self->match_signals, NULL);
  if (self->session_signals)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->match_signals);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_REPLAY_BAR);

  G_OBJECT_CLASS (congkak_replay_bar_parent_class)->dispose (object);
}

static void
congkak_replay_bar_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CongkakReplayBar *self = CONGKAK_REPLAY_BAR (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_COMPACT:
      g_value_set_boolean (value, self->compact);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_replay_bar_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CongkakReplayBar *self = CONGKAK_REPLAY_BAR (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      congkak_replay_bar_set_session (self, g_value_get_object (value));
      break;
    case PROP_COMPACT:
      congkak_replay_bar_set_compact (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_replay_bar_class_init (CongkakReplayBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_replay_bar_dispose;
  object_class->get_property = congkak_replay_bar_get_property;
  object_class->set_property = congkak_replay_bar_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, CONGKAK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPACT] =
    g_param_spec_boolean ("compact", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-replay-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakReplayBar, adjustment);
  gtk_widget_class_bind_template_child (widget_class, CongkakReplayBar, label);
  gtk_widget_class_bind_template_child (widget_class, CongkakReplayBar, seed_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakReplayBar, autoplay_button);
  gtk_widget_class_bind_template_callback (widget_class, autoplay_toggled_cb);
  gtk_widget_class_bind_template_child (widget_class, CongkakReplayBar, previous_round_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakReplayBar, next_round_button);
  gtk_widget_class_bind_template_callback (widget_class, value_changed_cb);
}

static void
congkak_replay_bar_init (CongkakReplayBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);

  self->match_signals = g_signal_group_new (CONGKAK_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "notify::cursor", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->match_signals, "tree-changed", G_CALLBACK (update), self);
  self->session_signals = g_signal_group_new (CONGKAK_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "awaiting", G_CALLBACK (update), self);
}
