/* congkak-window-replay.c — stepping through the match, and autoplay
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Forward, back, to the start or the end, a round at a time: the session
 * walks the match, the board shows each move as it was played.  Seed by
 * seed, each step forward shows one more seed of the move; autoplay steps
 * forward by itself once the board has shown a move, until the end.  This
 * part of the window is given the board; the window's "autoplay" and
 * "seed-by-seed" properties are its :autoplay and :seed-by-seed.
 */

#include "config.h"

#include "congkak-window-replay.h"

/* How long a replayed move stays on the board before the next. */
#define AUTOPLAY_PAUSE_MS 600

struct _CongkakWindowReplay
{
  CongkakWindowPart  parent_instance;

  CongkakBoardView  *board;

  gboolean           autoplay;
  guint              autoplay_id;
  gboolean           seed_by_seed;
};

G_DEFINE_FINAL_TYPE (CongkakWindowReplay, congkak_window_replay, CONGKAK_TYPE_WINDOW_PART)

enum
{
  PROP_0,
  PROP_AUTOPLAY,
  PROP_SEED_BY_SEED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static CongkakSession *
session (CongkakWindowReplay *self)
{
  return congkak_window_part_get_session (CONGKAK_WINDOW_PART (self));
}

static gboolean
step_forward (CongkakWindowReplay *self)
{
  if (session (self) == NULL)
    return FALSE;

  if (congkak_board_view_is_animating (self->board))
    {
      /* Seed by seed, each step shows the next seed of the move. */
      if (self->seed_by_seed)
        {
          congkak_board_view_step (self->board);
          return TRUE;
        }
      congkak_board_view_finish_animation (self->board);
    }

  congkak_board_view_set_manual (self->board, self->seed_by_seed);
  if (!congkak_session_step_forward (session (self)))
    {
      congkak_board_view_set_manual (self->board, FALSE);
      return FALSE;
    }
  return TRUE;
}

static gboolean
autoplay_timeout (gpointer user_data)
{
  CongkakWindowReplay *self = user_data;

  self->autoplay_id = 0;
  if (!step_forward (self))
    congkak_window_replay_set_autoplay (self, FALSE);
  return G_SOURCE_REMOVE;
}

/**
 * congkak_window_replay_move_shown:
 *
 * The board has shown a move: replaying, on to the next one after a
 * pause, or done.
 */
void
congkak_window_replay_move_shown (CongkakWindowReplay *self)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_REPLAY (self));

  if (!self->autoplay || session (self) == NULL)
    return;
  if (congkak_session_get_next_node (session (self)) == NULL)
    congkak_window_replay_set_autoplay (self, FALSE);
  else
    {
      g_clear_handle_id (&self->autoplay_id, g_source_remove);
      self->autoplay_id = g_timeout_add (AUTOPLAY_PAUSE_MS, autoplay_timeout, self);
    }
}

gboolean
congkak_window_replay_get_autoplay (CongkakWindowReplay *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_REPLAY (self), FALSE);

  return self->autoplay;
}

void
congkak_window_replay_set_autoplay (CongkakWindowReplay *self,
                                    gboolean             autoplay)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_REPLAY (self));

  autoplay = !!autoplay;
  if (self->autoplay == autoplay)
    return;

  self->autoplay = autoplay;
  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  if (autoplay && !step_forward (self))
    self->autoplay = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOPLAY]);
}

gboolean
congkak_window_replay_get_seed_by_seed (CongkakWindowReplay *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_REPLAY (self), FALSE);

  return self->seed_by_seed;
}

void
congkak_window_replay_set_seed_by_seed (CongkakWindowReplay *self,
                                        gboolean             seed_by_seed)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_REPLAY (self));

  self->seed_by_seed = seed_by_seed;
  if (!self->seed_by_seed)
    congkak_board_view_finish_animation (self->board);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEED_BY_SEED]);
}

static void
go_forward_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  step_forward (user_data);
}

static void
go_back_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  CongkakWindowReplay *self = user_data;

  congkak_window_replay_set_autoplay (self, FALSE);
  if (session (self))
    congkak_session_step_back (session (self));
}

static void
go_start_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  CongkakWindowReplay *self = user_data;

  congkak_window_replay_set_autoplay (self, FALSE);
  if (session (self))
    congkak_match_go_to_start (congkak_session_get_match (session (self)));
}

static void
go_end_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  CongkakWindowReplay *self = user_data;

  congkak_window_replay_set_autoplay (self, FALSE);
  if (session (self))
    congkak_match_set_cursor (congkak_session_get_match (session (self)),
                              congkak_session_get_line_end (session (self)));
}

static void
go_round_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  CongkakWindowReplay *self = user_data;

  congkak_window_replay_set_autoplay (self, FALSE);
  if (session (self))
    congkak_match_go_to_round (congkak_session_get_match (session (self)),
                               g_str_equal (g_action_get_name (G_ACTION (action)), "go-next-round") ? 1 : -1);
}

static const GActionEntry actions[] = {
  { "go-forward", go_forward_action },
  { "go-back", go_back_action },
  { "go-start", go_start_action },
  { "go-end", go_end_action },
  { "go-next-round", go_round_action },
  { "go-previous-round", go_round_action },
};

void
congkak_window_replay_install (GtkWidgetClass              *window_class,
                               GtkWidgetActionActivateFunc  activate)
{
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_Right, GDK_ALT_MASK, "win.go-forward", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_Left, GDK_ALT_MASK, "win.go-back", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_Home, 0, "win.go-start", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_End, 0, "win.go-end", NULL);
  /* Page Up and Page Down are what a presentation clicker sends: one
   * move, as in presentation mode; with Shift, a round. */
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_Page_Up, 0, "win.go-back", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_Page_Down, 0, "win.go-forward", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_Page_Up, GDK_SHIFT_MASK, "win.go-previous-round", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_Page_Down, GDK_SHIFT_MASK, "win.go-next-round", NULL);
}

static void
congkak_window_replay_dispose (GObject *object)
{
  CongkakWindowReplay *self = CONGKAK_WINDOW_REPLAY (object);

  g_clear_handle_id (&self->autoplay_id, g_source_remove);

  G_OBJECT_CLASS (congkak_window_replay_parent_class)->dispose (object);
}

static void
congkak_window_replay_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CongkakWindowReplay *self = CONGKAK_WINDOW_REPLAY (object);

  switch (prop_id)
    {
    case PROP_AUTOPLAY:
      g_value_set_boolean (value, self->autoplay);
      break;
    case PROP_SEED_BY_SEED:
      g_value_set_boolean (value, self->seed_by_seed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_replay_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  CongkakWindowReplay *self = CONGKAK_WINDOW_REPLAY (object);

  switch (prop_id)
    {
    case PROP_AUTOPLAY:
      congkak_window_replay_set_autoplay (self, g_value_get_boolean (value));
      break;
    case PROP_SEED_BY_SEED:
      congkak_window_replay_set_seed_by_seed (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_replay_class_init (CongkakWindowReplayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_window_replay_dispose;
  object_class->get_property = congkak_window_replay_get_property;
  object_class->set_property = congkak_window_replay_set_property;

  properties[PROP_AUTOPLAY] =
    g_param_spec_boolean ("autoplay", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEED_BY_SEED] =
    g_param_spec_boolean ("seed-by-seed", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
congkak_window_replay_init (CongkakWindowReplay *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
}

CongkakWindowReplay *
congkak_window_replay_new (GtkWidget        *window,
                           AdwToastOverlay  *toasts,
                           CongkakBoardView *board)
{
  CongkakWindowReplay *self = g_object_new (CONGKAK_TYPE_WINDOW_REPLAY,
                                            "window", window,
                                            "toasts", toasts,
                                            NULL);

  self->board = board;
  return self;
}
