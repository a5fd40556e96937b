/* congkak-window-teaching.c — the position editor, and narration that
 * names its rule with a link to it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-narration.h"
#include "congkak-position-editor.h"
#include "congkak-rules-text.h"
#include "congkak-window-private.h"

/**
 * congkak_window_show_caption:
 * @event: (nullable): the event the board shows now
 * @sentence: (nullable): what to say about it; %NULL clears the caption
 *
 * Puts @sentence under the board, followed by the name of the rule that
 * applied to @event, as a link to it in the guide: the handler of the
 * board's #CongkakBoardView::caption.
 */
void
congkak_window_show_caption (CongkakWindow      *self,
                             const CongkakEvent *event,
                             const char         *sentence)
{
  const CongkakRules *rules;
  g_autofree char *uri = NULL;
  g_autofree char *rule = NULL;
  g_autofree char *markup = NULL;
  const char *section;

  g_return_if_fail (CONGKAK_IS_WINDOW (self));

  if (event == NULL || sentence == NULL || congkak_window_get_match (self) == NULL)
    {
      gtk_label_set_label (self->narration_label, "");
      return;
    }
  rules = congkak_match_get_rules (congkak_window_get_match (self));
  section = congkak_narration_rule_section (rules, event);
  uri = congkak_window_help_uri (congkak_rules_help_page (rules), section);
  /* TRANSLATORS: a link after the narration's sentence, "Rule: Capture" */
  rule = g_strdup_printf (C_("narration link", "Rule: %s"), congkak_rules_section_title (rules, section));
  markup = g_markup_printf_escaped ("%s · <a href=\"%s\" title=\"%s\">%s</a>", sentence, uri,
                                    _("Read this rule"), rule);
  gtk_label_set_markup (self->narration_label, markup);
}

/* "help:HELP_ID/PAGE#SECTION" opens the guide there, or the rules
 * window without a help viewer. */
static gboolean
narration_link_activated_cb (GtkLabel      *label,
                             const char    *uri,
                             CongkakWindow *self)
{
  g_autofree char *prefix = g_strdup_printf ("help:%s/", HELP_ID);
  g_auto (GStrv) parts = NULL;

  if (!g_str_has_prefix (uri, prefix))
    return FALSE;
  parts = g_strsplit (uri + strlen (prefix), "#", 2);
  congkak_window_show_help (self, parts[0], parts[1]);
  return TRUE;
}

static void
editor_play_cb (CongkakPositionEditor *editor,
                const CongkakPosition *position,
                CongkakWindow         *self)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;

  match = congkak_match_new_from_position (congkak_position_editor_get_rules (editor), position, &error);
  if (match == NULL)
    {
      congkak_window_add_toast (self, error->message);
      return;
    }
  congkak_window_start_like (self, match);
}

static void
position_editor_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  CongkakPositionEditor *editor;
  CongkakPosition current;
  CongkakRules rules;

  if (congkak_window_get_match (self) == NULL)
    {
      congkak_rules_init_profile (&rules, "congkak", NULL);
      editor = congkak_position_editor_new (&rules, NULL);
    }
  else
    {
      const CongkakGame *game = congkak_match_get_cursor_game (congkak_window_get_match (self));
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
  adw_dialog_present (ADW_DIALOG (editor), widget);
}

void
congkak_window_teaching_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (CONGKAK_TYPE_POSITION_EDITOR);
  gtk_widget_class_bind_template_callback (widget_class, narration_link_activated_cb);
  gtk_widget_class_install_action (widget_class, "win.position-editor", NULL, position_editor_action);
}
