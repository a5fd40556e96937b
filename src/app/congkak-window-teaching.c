/* congkak-window-teaching.c — the position editor, and narration that
 * names its rule with a link to it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This part of the window is given the board, whose captions it puts
 * under it while narration is on, the label they go in, and the help part
 * that opens a rule's link; the window's "narration" property is its
 * :narration.  A position set up in the editor is played through its
 * ::play signal: the window starts it in place of its match.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-narration.h"
#include "congkak-position-editor.h"
#include "congkak-rules-text.h"
#include "congkak-window-teaching.h"

struct _CongkakWindowTeaching
{
  CongkakWindowPart  parent_instance;

  CongkakWindowHelp *help;
  CongkakBoardView  *board;
  GtkLabel          *narration_label;
  gboolean           narration;
};

G_DEFINE_FINAL_TYPE (CongkakWindowTeaching, congkak_window_teaching, CONGKAK_TYPE_WINDOW_PART)

enum
{
  PROP_0,
  PROP_NARRATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  PLAY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static CongkakMatch *
match_shown (CongkakWindowTeaching *self)
{
  return congkak_window_part_get_match (CONGKAK_WINDOW_PART (self));
}

/* Narration follows the board, which holds each caption long enough to
 * read: @sentence goes under it, followed by the name of the rule that
 * applied to @event, as a link to it in the guide.  A %NULL @event or
 * @sentence clears the caption. */
static char *
caption_markup (CongkakWindowTeaching *self,
                const CongkakEvent    *event,
                const char            *sentence)
{
  const CongkakRules *rules = congkak_match_get_rules (match_shown (self));
  const char *section = congkak_narration_rule_section (rules, event);
  g_autofree char *uri = congkak_window_help_uri (congkak_rules_help_page (rules), section);
  /* TRANSLATORS: a link after the narration's sentence, "Rule: Capture" */
  g_autofree char *rule = g_strdup_printf (C_("narration link", "Rule: %s"), congkak_rules_section_title (rules, section));

  return g_markup_printf_escaped ("%s · <a href=\"%s\" title=\"%s\">%s</a>", sentence, uri,
                                  _("Read this rule"), rule);
}

static void
board_caption_cb (CongkakWindowTeaching *self,
                  const CongkakEvent    *event,
                  const char            *sentence)
{
  g_autofree char *markup = NULL;

  if (event == NULL || sentence == NULL || match_shown (self) == NULL)
    {
      gtk_label_set_label (self->narration_label, "");
      return;
    }
  markup = caption_markup (self, event, sentence);
  gtk_label_set_markup (self->narration_label, markup);
}

/* In front of a room, a move finished early: its captions one under
 * the other (a line that tells several events has no rule of its own). */
static void
board_caption_added_cb (CongkakWindowTeaching *self,
                        const CongkakEvent    *event,
                        const char            *sentence)
{
  g_autofree char *markup = NULL;
  g_autofree char *gathered = NULL;

  if (match_shown (self) == NULL)
    return;
  markup = event ? caption_markup (self, event, sentence) : g_markup_escape_text (sentence, -1);
  gathered = g_strconcat (gtk_label_get_label (self->narration_label), "\n", markup, NULL);
  gtk_label_set_markup (self->narration_label, gathered);
}

/* "help:HELP_ID/PAGE#SECTION" opens the guide there, or the rules
 * window without a help viewer. */
static gboolean
narration_link_activated_cb (GtkLabel              *label,
                             const char            *uri,
                             CongkakWindowTeaching *self)
{
  g_autofree char *prefix = g_strdup_printf ("help:%s/", HELP_ID);
  g_auto (GStrv) parts = NULL;

  if (!g_str_has_prefix (uri, prefix))
    return FALSE;
  parts = g_strsplit (uri + strlen (prefix), "#", 2);
  congkak_window_help_show (self->help, parts[0], parts[1]);
  return TRUE;
}

static void
editor_play_cb (CongkakPositionEditor *editor,
                const CongkakPosition *position,
                CongkakWindowTeaching *self)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;

  match = congkak_match_new_from_position (congkak_position_editor_get_rules (editor), position, &error);
  if (match == NULL)
    {
      congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), error->message);
      return;
    }
  g_signal_emit (self, signals[PLAY], 0, match);
}

static void
position_editor_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  CongkakWindowTeaching *self = user_data;
  CongkakPositionEditor *editor;
  CongkakPosition current;
  CongkakRules rules;

  if (match_shown (self) == NULL)
    {
      congkak_rules_init_profile (&rules, "congkak", NULL);
      editor = congkak_position_editor_new (&rules, NULL);
    }
  else
    {
      const CongkakGame *game = congkak_match_get_cursor_game (match_shown (self));
      const CongkakState *state = congkak_game_get_state (game);

      rules = *congkak_game_get_rules (game);
      current = state->position;
      /* Between rounds or after the match, someone must be to move. */
      if (state->phase == CONGKAK_PHASE_ROUND_OVER)
        current.to_move = congkak_state_next_round_starter (state, &rules);
      else if (state->phase == CONGKAK_PHASE_MATCH_OVER)
        current.to_move = rules.first_player;
      editor = congkak_position_editor_new (&rules, &current);
    }
  g_signal_connect_object (editor, "play", G_CALLBACK (editor_play_cb), self, 0);
  adw_dialog_present (ADW_DIALOG (editor), congkak_window_part_get_window (CONGKAK_WINDOW_PART (self)));
}

static const GActionEntry actions[] = {
  { "position-editor", position_editor_action },
};

void
congkak_window_teaching_install (GtkWidgetClass              *window_class,
                                 GtkWidgetActionActivateFunc  activate)
{
  g_type_ensure (CONGKAK_TYPE_POSITION_EDITOR);
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
}

gboolean
congkak_window_teaching_get_narration (CongkakWindowTeaching *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_TEACHING (self), FALSE);

  return self->narration;
}

/**
 * congkak_window_teaching_set_narration:
 *
 * Turns narration on or off: the board says what each move does, seed by
 * seed, in the caption under it.
 */
void
congkak_window_teaching_set_narration (CongkakWindowTeaching *self,
                                       gboolean               narration)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_TEACHING (self));

  self->narration = narration;
  g_object_set (self->board, "narration", narration, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->narration_label), narration);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NARRATION]);
}

static void
congkak_window_teaching_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  CongkakWindowTeaching *self = CONGKAK_WINDOW_TEACHING (object);

  switch (prop_id)
    {
    case PROP_NARRATION:
      g_value_set_boolean (value, self->narration);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_teaching_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  CongkakWindowTeaching *self = CONGKAK_WINDOW_TEACHING (object);

  switch (prop_id)
    {
    case PROP_NARRATION:
      congkak_window_teaching_set_narration (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_teaching_dispose (GObject *object)
{
  CongkakWindowTeaching *self = CONGKAK_WINDOW_TEACHING (object);

  g_clear_object (&self->help);

  G_OBJECT_CLASS (congkak_window_teaching_parent_class)->dispose (object);
}

static void
congkak_window_teaching_class_init (CongkakWindowTeachingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_window_teaching_dispose;
  object_class->get_property = congkak_window_teaching_get_property;
  object_class->set_property = congkak_window_teaching_set_property;

  properties[PROP_NARRATION] =
    g_param_spec_boolean ("narration", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakWindowTeaching::play:
   * @match: a new match from the position set up in the editor
   *
   * The position is to be played, in place of the match shown.
   */
  signals[PLAY] =
    g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CONGKAK_TYPE_MATCH);
}

static void
congkak_window_teaching_init (CongkakWindowTeaching *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
}

CongkakWindowTeaching *
congkak_window_teaching_new (GtkWidget         *window,
                             AdwToastOverlay   *toasts,
                             CongkakWindowHelp *help,
                             CongkakBoardView  *board,
                             GtkLabel          *narration_label)
{
  CongkakWindowTeaching *self = g_object_new (CONGKAK_TYPE_WINDOW_TEACHING,
                                              "window", window,
                                              "toasts", toasts,
                                              NULL);

  self->help = g_object_ref (help);
  self->board = board;
  self->narration_label = narration_label;
  g_signal_connect_object (board, "caption", G_CALLBACK (board_caption_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (board, "caption-added", G_CALLBACK (board_caption_added_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (narration_label, "activate-link", G_CALLBACK (narration_link_activated_cb), self,
                           G_CONNECT_DEFAULT);
  return self;
}
