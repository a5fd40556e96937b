/* congkak-engine-player.c — another program's computer as a player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each turn goes to the engine with the whole match (the turn's history),
 * for the time the built-in computer has at the Hard level.  The engine
 * object referees the answer: late, illegal, not the protocol, or the
 * program gone, the request fails with a message that says so.  Then the
 * engine is stopped for good in this match, the message goes to the
 * session's ::problem, and a CongkakComputerPlayer at the fallback level
 * takes the same turn and every turn after it.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "congkak-computer-player.h"
#include "congkak-engine-player.h"

struct _CongkakEnginePlayer
{
  GObject           parent_instance;

  CongkakUciEngine *engine;
  CongkakLevel      fallback_level;
  CongkakPlayer    *fallback;   /* the built-in computer, once the engine failed */
  GCancellable     *thinking;   /* the turn the engine is asked about */
};

enum
{
  PROP_0,
  PROP_COMMAND,
  PROP_FALLBACK_LEVEL,
  PROP_FAILED,
  PROP_THINKING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void congkak_engine_player_iface_init (CongkakPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakEnginePlayer, congkak_engine_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CONGKAK_TYPE_PLAYER, congkak_engine_player_iface_init))

static void
set_thinking (CongkakEnginePlayer *self,
              GCancellable        *thinking)
{
  if (self->thinking == thinking)
    return;
  g_set_object (&self->thinking, thinking);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void
fallback_thinking_cb (CongkakEnginePlayer *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

/* What the people read after the engine's own problem. */
static const char *
fallback_sentence (CongkakLevel level)
{
  switch (level)
    {
    case CONGKAK_LEVEL_EASY:
      return _("The match goes on with the built-in computer at the Easy level.");
    case CONGKAK_LEVEL_MEDIUM:
      return _("The match goes on with the built-in computer at the Medium level.");
    case CONGKAK_LEVEL_PERFECT:
      return _("The match goes on with the built-in computer at the Perfect level.");
    case CONGKAK_LEVEL_HARD:
    default:
      return _("The match goes on with the built-in computer at the Hard level.");
    }
}

/* The engine failed on @turn: it is stopped, the people are told, and
 * the built-in computer answers @turn and the ones after it. */
static void
fall_back (CongkakEnginePlayer *self,
           CongkakTurn         *turn,
           const char          *problem)
{
  g_autofree char *message = NULL;

  congkak_uci_engine_stop (self->engine);
  if (self->fallback == NULL)
    {
      self->fallback = congkak_computer_player_new (self->fallback_level);
      g_signal_connect_object (self->fallback, "notify::thinking", G_CALLBACK (fallback_thinking_cb), self,
                               G_CONNECT_SWAPPED);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FAILED]);
    }
  /* TRANSLATORS: %s: what the engine did, in a sentence; then what
   * happens now, in a sentence */
  message = g_strdup_printf (C_("engine problem", "%s %s"), problem, fallback_sentence (self->fallback_level));
  g_debug ("%s", message);
  congkak_turn_report_problem (turn, message);
  if (!congkak_turn_is_over (turn))
    congkak_player_begin_turn (self->fallback, turn);
}

static void
choose_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (CongkakPlayerQuestion) question = user_data;
  CongkakEnginePlayer *self = CONGKAK_ENGINE_PLAYER (question->player);
  g_autoptr (GError) error = NULL;
  CongkakComputerMove choice;
  gboolean chosen;

  chosen = congkak_uci_engine_choose_finish (CONGKAK_UCI_ENGINE (source), result, &choice, &error);
  /* Ended, or a new turn began meanwhile: that one is not this one. */
  if (congkak_player_question_is_stale (question, self->thinking))
    return;
  set_thinking (self, NULL);
  if (congkak_turn_is_over (question->turn))
    return;

  if (!chosen)
    {
      fall_back (self, question->turn, error->message);
      return;
    }
  g_debug ("engine %s chose %c (score %d, depth %u)", congkak_uci_engine_get_command (self->engine),
           congkak_hole_letter (choice.side, choice.hole), choice.score, choice.depth);
  /* The engine object checked the move; a refusal here is the engine's
   * fault all the same. */
  if (!congkak_turn_choose_hole (question->turn, choice.hole, &error))
    fall_back (self, question->turn, error->message);
}

static void
engine_begin_turn (CongkakPlayer *player,
                   CongkakTurn   *turn)
{
  CongkakEnginePlayer *self = CONGKAK_ENGINE_PLAYER (player);
  CongkakTurnKind kind = congkak_turn_get_kind (turn);
  g_autoptr (GCancellable) thinking = NULL;
  double seconds;
  CongkakPlayerQuestion *question;

  congkak_player_end_turn (player);
  if (kind != CONGKAK_TURN_MOVE && kind != CONGKAK_TURN_OPENING)
    return;
  if (self->fallback)
    {
      congkak_player_begin_turn (self->fallback, turn);
      return;
    }

  /* The engine has the time the built-in computer has at Hard. */
  seconds = congkak_computer_worker_get_max_seconds (congkak_turn_get_computer_worker (turn));
  thinking = g_cancellable_new ();
  question = congkak_player_question_new (player, turn, thinking);
  set_thinking (self, thinking);
  congkak_uci_engine_choose_async (self->engine, congkak_turn_get_rules (turn), congkak_turn_get_start (turn),
                                   congkak_turn_get_moves (turn), congkak_turn_get_opening (turn),
                                   congkak_turn_get_side (turn), MAX (1, (guint) (seconds * 1000)),
                                   thinking, choose_done_cb, question);
}

static void
engine_end_turn (CongkakPlayer *player)
{
  CongkakEnginePlayer *self = CONGKAK_ENGINE_PLAYER (player);

  if (self->thinking)
    g_cancellable_cancel (self->thinking);
  set_thinking (self, NULL);
  if (self->fallback)
    congkak_player_end_turn (self->fallback);
}

static void
congkak_engine_player_iface_init (CongkakPlayerInterface *iface)
{
  iface->begin_turn = engine_begin_turn;
  iface->end_turn = engine_end_turn;
}

static gboolean
is_thinking (CongkakEnginePlayer *self)
{
  gboolean fallback_thinking = FALSE;

  if (self->fallback)
    g_object_get (self->fallback, "thinking", &fallback_thinking, NULL);
  return self->thinking != NULL || fallback_thinking;
}

static void
congkak_engine_player_dispose (GObject *object)
{
  CongkakEnginePlayer *self = CONGKAK_ENGINE_PLAYER (object);

  if (self->thinking)
    g_cancellable_cancel (self->thinking);
  g_clear_object (&self->thinking);
  if (self->fallback)
    congkak_player_end_turn (self->fallback);
  g_clear_object (&self->fallback);
  if (self->engine)
    congkak_uci_engine_stop (self->engine);
  g_clear_object (&self->engine);

  G_OBJECT_CLASS (congkak_engine_player_parent_class)->dispose (object);
}

static void
congkak_engine_player_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CongkakEnginePlayer *self = CONGKAK_ENGINE_PLAYER (object);

  switch (prop_id)
    {
    case PROP_COMMAND:
      g_value_set_string (value, self->engine ? congkak_uci_engine_get_command (self->engine) : NULL);
      break;
    case PROP_FALLBACK_LEVEL:
      g_value_set_int (value, self->fallback_level);
      break;
    case PROP_FAILED:
      g_value_set_boolean (value, self->fallback != NULL);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, is_thinking (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_engine_player_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  CongkakEnginePlayer *self = CONGKAK_ENGINE_PLAYER (object);

  switch (prop_id)
    {
    case PROP_COMMAND:
      g_clear_object (&self->engine);
      self->engine = congkak_uci_engine_new (g_value_get_string (value) ? g_value_get_string (value) : "");
      break;
    case PROP_FALLBACK_LEVEL:
      self->fallback_level = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_engine_player_class_init (CongkakEnginePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_engine_player_dispose;
  object_class->get_property = congkak_engine_player_get_property;
  object_class->set_property = congkak_engine_player_set_property;

  properties[PROP_COMMAND] =
    g_param_spec_string ("command", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (object_class, PROP_COMMAND, properties[PROP_COMMAND]);
  properties[PROP_FALLBACK_LEVEL] =
    g_param_spec_int ("fallback-level", NULL, NULL, CONGKAK_LEVEL_EASY, CONGKAK_LEVEL_PERFECT, CONGKAK_LEVEL_HARD,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (object_class, PROP_FALLBACK_LEVEL, properties[PROP_FALLBACK_LEVEL]);
  /**
   * CongkakEnginePlayer:failed:
   *
   * Whether the engine misbehaved and was stopped: the built-in
   * computer plays for it from then on.
   */
  properties[PROP_FAILED] =
    g_param_spec_boolean ("failed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (object_class, PROP_FAILED, properties[PROP_FAILED]);
  g_object_class_override_property (object_class, PROP_THINKING, "thinking");
  properties[PROP_THINKING] = g_object_class_find_property (object_class, "thinking");
}

static void
congkak_engine_player_init (CongkakEnginePlayer *self)
{
  self->fallback_level = CONGKAK_LEVEL_HARD;
}

/**
 * congkak_engine_player_new:
 * @command: the engine's command line, as congkak_uci_engine_new() takes it
 * @fallback_level: the built-in computer's level that plays on if the
 *   engine fails
 *
 * Returns: (transfer full): a player that asks the engine, started at
 *   its first turn.
 */
CongkakPlayer *
congkak_engine_player_new (const char   *command,
                           CongkakLevel  fallback_level)
{
  g_return_val_if_fail (command != NULL, NULL);

  return g_object_new (CONGKAK_TYPE_ENGINE_PLAYER, "command", command, "fallback-level", fallback_level, NULL);
}

const char *
congkak_engine_player_get_command (CongkakEnginePlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_ENGINE_PLAYER (self), NULL);

  return congkak_uci_engine_get_command (self->engine);
}

/**
 * congkak_engine_player_get_engine:
 *
 * Returns: (transfer none): the engine it asks (its time margin and
 *   answer timeout can be set).
 */
CongkakUciEngine *
congkak_engine_player_get_engine (CongkakEnginePlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_ENGINE_PLAYER (self), NULL);

  return self->engine;
}

CongkakLevel
congkak_engine_player_get_fallback_level (CongkakEnginePlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_ENGINE_PLAYER (self), CONGKAK_LEVEL_HARD);

  return self->fallback_level;
}

/**
 * congkak_engine_player_has_failed:
 *
 * Returns: whether the engine was stopped for misbehaving: the built-in
 *   computer plays instead.
 */
gboolean
congkak_engine_player_has_failed (CongkakEnginePlayer *self)
{
  g_return_val_if_fail (CONGKAK_IS_ENGINE_PLAYER (self), FALSE);

  return self->fallback != NULL;
}
