/* congkak-window.c — the main window: a match on the board
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-board-view.h"
#include "congkak-match.h"
#include "congkak-narration.h"
#include "congkak-new-match-dialog.h"
#include "congkak-shortcuts-dialog.h"
#include "congkak-window-private.h"

G_DEFINE_FINAL_TYPE (CongkakWindow, congkak_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_AUTOPLAY,
  PROP_SEED_BY_SEED,
  PROP_NARRATION,
  PROP_PRESENTATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void set_autoplay (CongkakWindow *self,
                          gboolean       autoplay);

/* "Ani (South)" when the player has a name, else "South". */
static char *
player_label (CongkakWindow *self,
              CongkakSide    side)
{
  const char *name = congkak_match_get_player_name (self->match, side);

  if (*name == '\0')
    return g_strdup (congkak_side_get_name (side));
  /* TRANSLATORS: a player's name and side, such as "Ani (South)" */
  return g_strdup_printf (_("%s (%s)"), name, congkak_side_get_name (side));
}

static const CongkakState *
current_state (CongkakWindow *self)
{
  return congkak_game_get_state (congkak_match_get_cursor_game (self->match));
}

static void
update_actions (CongkakWindow *self)
{
  gboolean busy = self->opening_stage != OPENING_NONE;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 self->match && !busy && congkak_match_can_undo (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 self->match && !busy && congkak_match_can_redo (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-position", self->match != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print", self->match != NULL);
}

void
congkak_window_update_title (CongkakWindow *self)
{
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *window_title = NULL;
  const CongkakRules *rules;

  if (congkak_window_library_update_title (self))
    return;
  if (self->match == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Congkak"));
      adw_window_title_set_subtitle (self->window_title, "");
      gtk_window_set_title (GTK_WINDOW (self), _("Congkak"));
      return;
    }

  rules = congkak_match_get_rules (self->match);
  south = player_label (self, CONGKAK_SOUTH);
  north = player_label (self, CONGKAK_NORTH);
  /* TRANSLATORS: the two players, "Ani (South) vs Budi (North)" */
  title = g_strdup_printf (_("%s vs %s"), south, north);
  if (rules->family == CONGKAK_FAMILY_STORE && rules->multi_round)
    /* TRANSLATORS: game name and round, "Congkak · Round 2" */
    subtitle = g_strdup_printf (_("%s · Round %u"), congkak_narrate_game_name (rules), current_state (self)->round);
  else
    subtitle = g_strdup (congkak_narrate_game_name (rules));
  if (self->file || self->dirty)
    {
      g_autofree char *name = self->file ? g_file_get_basename (self->file) : NULL;
      char *full;

      /* TRANSLATORS: the game and round, then the file name; • marks unsaved changes */
      full = g_strdup_printf ("%s · %s%s", subtitle, name ? name : _("Unsaved match"),
                              self->dirty ? " •" : "");
      g_free (subtitle);
      subtitle = full;
    }
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  /* Screen readers and window switchers tell one match's window from
   * another by the window's own title. */
  window_title = g_strdup_printf ("%s · %s", title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

static void
update_status (CongkakWindow *self)
{
  const CongkakState *state;
  g_autofree char *text = NULL;
  g_autofree char *computer_text = NULL;

  congkak_window_update_title (self);
  update_actions (self);
  if (self->match == NULL)
    return;

  state = current_state (self);
  switch (self->opening_stage)
    {
    case OPENING_SOUTH_CHOOSES:
      text = g_strdup (_("South, choose your opening hole — North, look away"));
      break;
    case OPENING_NORTH_CHOOSES:
      text = g_strdup (_("North, choose your opening hole — South, look away"));
      break;
    case OPENING_HANDOVER:
      text = g_strdup (_("Hand over to North"));
      break;
    case OPENING_SOWING:
      if (self->opening_chooser != CONGKAK_NOBODY)
        text = g_strdup_printf (_("%s’s seed fell into the store: %s, choose another hole"),
                                congkak_side_get_name (self->opening_chooser), congkak_side_get_name (self->opening_chooser));
      else
        text = g_strdup (_("Both players sow"));
      break;
    case OPENING_NONE:
    default:
      switch (state->phase)
        {
        case CONGKAK_PHASE_PLAYING:
          {
            g_autofree char *player = player_label (self, state->position.to_move);

            text = g_strdup_printf (_("%s to move"), player);
          }
          break;
        case CONGKAK_PHASE_OPENING:
          text = g_strdup (_("Simultaneous opening"));
          break;
        case CONGKAK_PHASE_ROUND_OVER:
          text = g_strdup_printf (_("Round %u is over"), state->round);
          break;
        case CONGKAK_PHASE_MATCH_OVER:
        default:
          if (state->match_winner == CONGKAK_NOBODY)
            text = g_strdup_printf (_("The match is drawn, %u to %u"),
                                    state->position.store[0], state->position.store[1]);
          else
            {
              g_autofree char *winner = player_label (self, state->match_winner);

              text = g_strdup_printf (_("%s wins, %u to %u"), winner,
                                      state->position.store[state->match_winner],
                                      state->position.store[CONGKAK_OTHER_SIDE (state->match_winner)]);
            }
          break;
        }
      break;
    }
  /* The computer's part: "North is thinking…". */
  congkak_window_computer_update (self);
  computer_text = congkak_window_computer_dup_status (self);
  gtk_label_set_label (self->status_label, computer_text ? computer_text : text);
}

/* What screen readers hear after a move: the narration's sentences for
 * its events, then whose move it is. */
static char *
describe_events (CongkakWindow *self,
                 GArray        *events)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; events != NULL && i < events->len; i++)
    {
      g_autofree char *sentence = congkak_narrate_event (congkak_match_get_rules (self->match),
                                                         &g_array_index (events, CongkakEvent, i));

      if (sentence)
        g_string_append_printf (text, "%s. ", sentence);
    }
  g_string_append (text, gtk_label_get_label (self->status_label));
  return g_string_free (text, FALSE);
}

static void show_round_over (CongkakWindow *self);

/* Says what @events (nullable) did and what comes next; the players of
 * the opening hear whose turn it is to choose, as they cannot look. */
static void
announce (CongkakWindow *self,
          GArray        *events)
{
  g_autofree char *text = NULL;

  update_status (self);
  text = describe_events (self, events);
  /* From the window: GTK drops what a widget announces before a screen
   * reader has asked for it, as for the board when a match starts. */
  gtk_accessible_announce (GTK_ACCESSIBLE (self), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
}

/* Plays @move at the cursor and shows it sown. */
static void
play_move (CongkakWindow     *self,
           const CongkakMove *move)
{
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GError) error = NULL;
  CongkakNode *node;

  congkak_board_view_set_manual (self->board, FALSE);
  self->playing = TRUE;
  node = congkak_match_play (self->match, move, events, &error);
  self->playing = FALSE;
  if (node == NULL)
    {
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
      return;
    }
  congkak_board_view_animate (self->board, events, congkak_match_get_game_at (self->match, node));
  announce (self, events);
}

static void
match_over_response_cb (AdwAlertDialog *dialog,
                        const char     *response,
                        CongkakWindow  *self)
{
  if (g_str_equal (response, "new"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.new-match", NULL);
  else if (g_str_equal (response, "replay") && self->match)
    congkak_match_go_to_start (self->match);
}

static void
show_match_over (CongkakWindow *self)
{
  const CongkakState *state = current_state (self);
  AdwDialog *dialog;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  congkak_window_library_match_over (self);

  if (state->match_winner == CONGKAK_NOBODY)
    heading = g_strdup (_("A Draw"));
  else
    {
      g_autofree char *winner = player_label (self, state->match_winner);

      heading = g_strdup_printf (_("%s Wins"), winner);
    }
  body = g_strdup_printf (_("Final score: South %u, North %u."),
                          state->position.store[CONGKAK_SOUTH], state->position.store[CONGKAK_NORTH]);

  dialog = adw_alert_dialog_new (heading, body);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "close", _("_Close"),
                                  "replay", _("_Replay"),
                                  "new", _("_New Match"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "new", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "new");
  g_signal_connect (dialog, "response", G_CALLBACK (match_over_response_cb), self);
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

static void
round_over_response_cb (AdwAlertDialog *dialog,
                        const char     *response,
                        CongkakWindow  *self)
{
  CongkakMove move = { .kind = CONGKAK_MOVE_NEXT_ROUND };

  if (self->match && current_state (self)->phase == CONGKAK_PHASE_ROUND_OVER)
    play_move (self, &move);
}

static char *
burnt_list (const CongkakPosition *position,
            CongkakSide            side,
            guint                 *n_burnt)
{
  GString *text = g_string_new (NULL);

  *n_burnt = 0;
  for (guint i = 0; i < position->n_holes; i++)
    if (congkak_position_is_burnt (position, side, i))
      {
        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append_c (text, congkak_hole_letter (side, i));
        (*n_burnt)++;
      }
  return g_string_free (text, FALSE);
}

static void
show_round_over (CongkakWindow *self)
{
  const CongkakGame *game = congkak_match_get_cursor_game (self->match);
  const CongkakState *state = congkak_game_get_state (game);
  const CongkakRules *rules = congkak_game_get_rules (game);
  CongkakState next = *state;
  g_autofree char *heading = NULL;
  g_autofree char *starter = NULL;
  GString *body = g_string_new (NULL);
  AdwDialog *dialog;

  /* The engine refills a copy, so the dialog can say what will burn. */
  congkak_state_next_round (&next, rules, NULL, NULL);
  starter = player_label (self, next.position.to_move);

  heading = g_strdup_printf (_("Round %u Is Over"), state->round);
  g_string_append_printf (body, _("Stores: South %u, North %u."),
                          state->position.store[CONGKAK_SOUTH], state->position.store[CONGKAK_NORTH]);
  g_string_append_c (body, '\n');
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      guint n_burnt;
      g_autofree char *burnt = burnt_list (&next.position, side, &n_burnt);

      if (n_burnt > 0)
        {
          /* TRANSLATORS: South or North, then the letters of the holes, "South’s holes A, B will be burnt." */
          g_string_append_printf (body, ngettext ("%s’s hole %s will be burnt.", "%s’s holes %s will be burnt.",
                                                  n_burnt),
                                  congkak_side_get_name (side), burnt);
          g_string_append_c (body, '\n');
        }
    }
  g_string_append_printf (body, _("%s starts round %u."), starter, next.round);

  dialog = adw_alert_dialog_new (heading, body->str);
  g_string_free (body, TRUE);
  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "next", _("_Next Round"));
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "next", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "next");
  g_signal_connect (dialog, "response", G_CALLBACK (round_over_response_cb), self);
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

static gboolean step_forward (CongkakWindow *self);

static gboolean
autoplay_timeout (gpointer user_data)
{
  CongkakWindow *self = user_data;

  self->autoplay_id = 0;
  if (!step_forward (self))
    set_autoplay (self, FALSE);
  return G_SOURCE_REMOVE;
}

static void
schedule_autoplay (CongkakWindow *self)
{
  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  self->autoplay_id = g_timeout_add (600, autoplay_timeout, self);
}

/* Narration follows the board, event by event. */
static void
board_event_shown_cb (CongkakWindow      *self,
                      const CongkakEvent *event)
{
  if (self->narration)
    congkak_window_show_narration (self, event);
}

static void
set_presentation (CongkakWindow *self,
                  gboolean       presentation)
{
  presentation = !!presentation;
  if (self->presentation == presentation)
    return;

  self->presentation = presentation;
  /* The board fills the screen; keys still step through the match. */
  if (presentation)
    {
      gtk_window_fullscreen (GTK_WINDOW (self));
      gtk_widget_add_css_class (GTK_WIDGET (self), "presentation");
      adw_overlay_split_view_set_show_sidebar (self->split_view, FALSE);
    }
  else
    {
      gtk_window_unfullscreen (GTK_WINDOW (self));
      gtk_widget_remove_css_class (GTK_WIDGET (self), "presentation");
    }
  adw_toolbar_view_set_reveal_top_bars (self->toolbar_view, !presentation);
  adw_toolbar_view_set_reveal_bottom_bars (self->toolbar_view, !presentation);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION]);
}

/* After each move's animation: offer what comes next. */
static void
board_animation_finished_cb (CongkakWindow *self)
{
  const CongkakState *state;

  if (self->match == NULL || self->opening_stage != OPENING_NONE)
    return;

  state = current_state (self);
  update_status (self);

  /* Replaying: on to the next move, or done. */
  if (congkak_node_get_main_child (congkak_match_get_cursor (self->match)) != NULL)
    {
      if (self->autoplay)
        schedule_autoplay (self);
      return;
    }
  set_autoplay (self, FALSE);

  if (state->phase == CONGKAK_PHASE_ROUND_OVER)
    show_round_over (self);
  else if (state->phase == CONGKAK_PHASE_MATCH_OVER)
    show_match_over (self);
}

static void
begin_opening (CongkakWindow *self)
{
  g_clear_pointer (&self->opening, g_free);
  self->opening = g_new0 (CongkakOpening, 1);
  self->opening_events_shown = 0;
  self->opening_chooser = CONGKAK_NOBODY;
  self->opening_stage = OPENING_SOUTH_CHOOSES;
  congkak_board_view_set_choosing (self->board, CONGKAK_SOUTH, &current_state (self)->position);
  announce (self, NULL);
}

/* Replays the opening so far with the engine: it either needs another
 * choice (a seed fell into a store) or is complete. */
static void
continue_opening (CongkakWindow *self)
{
  CongkakState state = *current_state (self);
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GArray) fresh = congkak_event_array_new ();
  g_autoptr (GError) error = NULL;
  CongkakSide needing;

  self->opening_stage = OPENING_SOWING;
  if (!congkak_state_play_opening (&state, congkak_match_get_rules (self->match), self->opening,
                                   events, &needing, &error))
    {
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
      begin_opening (self);
      return;
    }

  /* Only what the board has not shown yet. */
  if (events->len > self->opening_events_shown)
    g_array_append_vals (fresh, &g_array_index (events, CongkakEvent, self->opening_events_shown),
                         events->len - self->opening_events_shown);
  self->opening_events_shown = events->len;

  if (needing != CONGKAK_NOBODY)
    {
      g_autoptr (CongkakGame) partial = NULL;

      self->opening_chooser = needing;
      partial = congkak_game_new_from_position (congkak_match_get_rules (self->match), &state.position, NULL);
      if (partial != NULL)
        congkak_board_view_animate (self->board, fresh, partial);
      congkak_board_view_set_choosing (self->board, needing, &state.position);
      announce (self, fresh);
      return;
    }

  /* Complete: it becomes the match's first move. */
  {
    CongkakMove move = { .kind = CONGKAK_MOVE_OPENING, .opening = self->opening };
    CongkakNode *node;

    self->opening_stage = OPENING_NONE;
    self->opening_chooser = CONGKAK_NOBODY;
    self->playing = TRUE;
    node = congkak_match_play (self->match, &move, NULL, &error);
    self->playing = FALSE;
    if (node == NULL)
      {
        adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
        begin_opening (self);
        return;
      }
    g_clear_pointer (&self->opening, g_free);
    congkak_board_view_animate (self->board, fresh, congkak_match_get_game_at (self->match, node));
    announce (self, fresh);
  }
}

static void
handover_ready_cb (CongkakWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->handover_page), FALSE);
  self->opening_stage = OPENING_NORTH_CHOOSES;
  congkak_board_view_set_choosing (self->board, CONGKAK_NORTH, &current_state (self)->position);
  announce (self, NULL);
  gtk_widget_grab_focus (congkak_board_view_get_hole_widget (self->board, CONGKAK_NORTH, 0));
}

static void
board_hole_activated_cb (CongkakWindow *self,
                         int            side,
                         guint          hole)
{
  switch (self->opening_stage)
    {
    case OPENING_SOUTH_CHOOSES:
      congkak_opening_add_choice (self->opening, CONGKAK_SOUTH, hole);
      if (congkak_window_is_computer (self, CONGKAK_SOUTH) || congkak_window_is_computer (self, CONGKAK_NORTH))
        {
          /* Nobody needs to look away from the computer. */
          self->opening_stage = OPENING_NORTH_CHOOSES;
          congkak_board_view_set_choosing (self->board, CONGKAK_NORTH, &current_state (self)->position);
          update_status (self);
          return;
        }
      self->opening_stage = OPENING_HANDOVER;
      congkak_board_view_set_choosing (self->board, CONGKAK_NOBODY, NULL);
      adw_status_page_set_title (self->handover_page, _("Hand Over to North"));
      adw_status_page_set_description (self->handover_page,
                                       _("South has chosen. North, take your turn to choose; South, look away."));
      gtk_button_set_label (self->handover_button, _("North Is _Ready"));
      gtk_button_set_use_underline (self->handover_button, TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->handover_page), TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->handover_button));
      announce (self, NULL);
      return;

    case OPENING_NORTH_CHOOSES:
      congkak_opening_add_choice (self->opening, CONGKAK_NORTH, hole);
      continue_opening (self);
      return;

    case OPENING_SOWING:
      if (self->opening_chooser == (CongkakSide) side)
        {
          congkak_opening_add_choice (self->opening, side, hole);
          self->opening_chooser = CONGKAK_NOBODY;
          continue_opening (self);
        }
      return;

    case OPENING_HANDOVER:
      return;

    case OPENING_NONE:
    default:
      {
        CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = side, .hole = hole };

        play_move (self, &move);
      }
      return;
    }
}

/* The slider spans the cursor's line: from the start to the last move
 * that follows the cursor. */
static void
update_replay (CongkakWindow *self)
{
  CongkakNode *cursor = congkak_match_get_cursor (self->match);
  CongkakNode *end = cursor;
  guint depth = congkak_node_get_depth (cursor);
  g_autofree char *label = NULL;

  while (congkak_node_get_main_child (end))
    end = congkak_node_get_main_child (end);

  g_signal_handlers_block_matched (self->replay_adjustment, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_adjustment_configure (self->replay_adjustment, depth, 0, congkak_node_get_depth (end), 1, 10, 0);
  g_signal_handlers_unblock_matched (self->replay_adjustment, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  /* TRANSLATORS: where the replay stands, "Move 34 of 112" */
  label = g_strdup_printf (_("Move %u of %u"), depth, congkak_node_get_depth (end));
  gtk_label_set_label (self->replay_label, label);

  /* No history, no replay bar. */
  gtk_widget_set_visible (self->replay_bar, congkak_node_get_depth (end) > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-back", congkak_node_get_parent (cursor) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-start", congkak_node_get_parent (cursor) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-forward", end != cursor);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-end", end != cursor);
}

static void
replay_scale_changed_cb (CongkakWindow *self)
{
  CongkakNode *node;
  guint target, depth;

  if (self->match == NULL)
    return;

  node = congkak_match_get_cursor (self->match);
  depth = congkak_node_get_depth (node);
  target = (guint) gtk_adjustment_get_value (self->replay_adjustment);
  for (; depth > target; depth--)
    node = congkak_node_get_parent (node);
  for (; depth < target && congkak_node_get_main_child (node); depth++)
    node = congkak_node_get_main_child (node);
  congkak_match_set_cursor (self->match, node);
}

/* The cursor moved by replay or by the history, not by a move played
 * here (that one is animated): show its position. */
static void
match_cursor_moved_cb (CongkakWindow *self)
{
  CongkakNode *cursor = congkak_match_get_cursor (self->match);

  update_replay (self);
  if (self->playing)
    return;

  congkak_window_computer_cancel (self);
  self->opening_stage = OPENING_NONE;
  gtk_widget_set_visible (GTK_WIDGET (self->handover_page), FALSE);
  congkak_board_view_set_game (self->board, congkak_match_get_cursor_game (self->match));
  /* At an opening nobody has recorded yet, the players choose now. */
  if (current_state (self)->phase == CONGKAK_PHASE_OPENING && congkak_node_get_n_children (cursor) == 0)
    begin_opening (self);
  update_status (self);
}

static void
match_cursor_changed_cb (CongkakWindow *self)
{
  update_actions (self);
}

/**
 * congkak_window_start_match:
 * @match: (transfer none): the match to play, from its cursor
 *
 * Shows @match on the board, starting the simultaneous opening if the
 * match begins with one.
 */
void
congkak_window_start_match (CongkakWindow *self,
                            CongkakMatch  *match)
{
  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (CONGKAK_IS_MATCH (match));

  congkak_window_computer_cancel (self);
  if (self->match != match)
    congkak_window_library_leave_match (self);
  if (self->match)
    g_signal_handlers_disconnect_by_data (self->match, self);
  if (self->match != match)
    {
      /* Another match: its file and changes are its own. */
      g_clear_object (&self->file);
      self->dirty = FALSE;
    }
  g_set_object (&self->match, match);
  g_signal_connect_swapped (match, "notify::cursor", G_CALLBACK (match_cursor_moved_cb), self);
  g_signal_connect_swapped (match, "notify::can-undo", G_CALLBACK (match_cursor_changed_cb), self);
  g_signal_connect_swapped (match, "tree-changed", G_CALLBACK (congkak_window_changed), self);
  g_signal_connect_swapped (match, "node-changed", G_CALLBACK (congkak_window_changed), self);
  g_signal_connect_swapped (match, "details-changed", G_CALLBACK (congkak_window_changed), self);
  g_signal_connect_swapped (match, "notify::can-redo", G_CALLBACK (match_cursor_changed_cb), self);

  self->opening_stage = OPENING_NONE;
  set_autoplay (self, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->handover_page), FALSE);
  congkak_board_view_set_game (self->board, congkak_match_get_cursor_game (match));
  congkak_history_view_set_match (self->history_view, match);
  congkak_evaluation_graph_set_match (self->evaluation_graph, match);
  congkak_window_computer_match_changed (self);
  congkak_annotation_view_set_match (self->annotation_view, match);
  gtk_stack_set_visible_child_name (self->stack, "board");
  gtk_widget_set_visible (self->sidebar_button, TRUE);
  update_replay (self);

  if (current_state (self)->phase == CONGKAK_PHASE_OPENING
      && congkak_node_get_n_children (congkak_match_get_cursor (match)) == 0)
    begin_opening (self);
  update_status (self);
  board_animation_finished_cb (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/**
 * congkak_window_get_match:
 *
 * Returns: (transfer none) (nullable): the match on the board.
 */
CongkakMatch *
congkak_window_get_match (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return self->match;
}

CongkakBoardView *
congkak_window_get_board (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return self->board;
}

static void
new_match_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  g_autoptr (CongkakMatch) match = NULL;
  CongkakRules rules;

  /* The same game again, or Congkak the first time. */
  if (self->match)
    rules = *congkak_match_get_rules (self->match);
  else
    congkak_rules_init_profile (&rules, "congkak", NULL);

  match = congkak_match_new (&rules);
  if (self->match)
    for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
      congkak_match_set_player (match, side, congkak_match_get_player_name (self->match, side),
                                congkak_match_get_player_kind (self->match, side),
                                congkak_match_get_player_level (self->match, side));
  congkak_match_forget_history (match);
  congkak_window_start_match (self, match);
}

static void
new_match_dialog_start_cb (CongkakNewMatchDialog *dialog,
                           const CongkakRules    *rules,
                           CongkakWindow         *self)
{
  g_autoptr (CongkakMatch) match = congkak_match_new (rules);

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    congkak_match_set_player (match, side, congkak_new_match_dialog_get_player_name (dialog, side),
                              congkak_new_match_dialog_get_player_kind (dialog, side),
                              congkak_new_match_dialog_get_player_level (dialog, side));
  congkak_match_forget_history (match);
  congkak_window_start_match (self, match);
}

static void
choose_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CongkakNewMatchDialog *dialog = congkak_new_match_dialog_new ();

  g_signal_connect (dialog, "start", G_CALLBACK (new_match_dialog_start_cb), widget);
  adw_dialog_present (ADW_DIALOG (dialog), widget);
}

static void
show_board_after_edit (CongkakWindow *self)
{
  congkak_board_view_set_game (self->board, congkak_match_get_cursor_game (self->match));
  update_status (self);
  if (current_state (self)->phase == CONGKAK_PHASE_OPENING)
    begin_opening (self);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  gboolean undone = FALSE;

  congkak_window_computer_cancel (self);
  if (self->match == NULL)
    return;

  /* Back to the last choice a person made: the computer's replies go too. */
  while (congkak_match_undo (self->match))
    {
      const CongkakState *state = current_state (self);

      undone = TRUE;
      if (state->phase != CONGKAK_PHASE_PLAYING
          || !congkak_window_is_computer (self, state->position.to_move)
          || congkak_window_is_computer (self, CONGKAK_OTHER_SIDE (state->position.to_move)))
        break;
    }
  if (undone)
    show_board_after_edit (self);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  congkak_window_computer_cancel (self);
  if (self->match && congkak_match_redo (self->match))
    show_board_after_edit (self);
}

/* N and U act only while the board has the focus (seed 002). */
static gboolean
board_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      CongkakWindow         *self)
{
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_n:
    case GDK_KEY_N:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.new-match", NULL);
      return GDK_EVENT_STOP;
    case GDK_KEY_u:
    case GDK_KEY_U:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.undo", NULL);
      return GDK_EVENT_STOP;
    case GDK_KEY_p:
    case GDK_KEY_P:
      set_autoplay (self, !self->autoplay);
      return GDK_EVENT_STOP;
    default:
      return GDK_EVENT_PROPAGATE;
    }
}

static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  adw_dialog_present (ADW_DIALOG (congkak_shortcuts_dialog_new (GTK_WINDOW (widget))), widget);
}

/* Replay */

static gboolean
step_forward (CongkakWindow *self)
{
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (CongkakGame) game = NULL;
  CongkakNode *cursor, *next;

  if (self->match == NULL)
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

  cursor = congkak_match_get_cursor (self->match);
  next = congkak_node_get_main_child (cursor);
  if (next == NULL)
    return FALSE;

  /* The move's events, from the engine, for the animation. */
  game = congkak_game_copy (congkak_match_get_game_at (self->match, cursor));
  congkak_game_play (game, congkak_node_get_move (next), events, NULL);

  self->opening_stage = OPENING_NONE;
  gtk_widget_set_visible (GTK_WIDGET (self->handover_page), FALSE);
  self->playing = TRUE;
  congkak_match_set_cursor (self->match, next);
  self->playing = FALSE;
  congkak_board_view_set_manual (self->board, self->seed_by_seed);
  congkak_board_view_animate (self->board, events, congkak_match_get_game_at (self->match, next));
  if (self->seed_by_seed)
    congkak_board_view_step (self->board);
  announce (self, events);
  return TRUE;
}

static void
go_forward_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  step_forward (CONGKAK_WINDOW (widget));
}

static void
go_back_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  set_autoplay (self, FALSE);
  if (self->match)
    congkak_match_step_back (self->match);
}

static void
go_start_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  set_autoplay (self, FALSE);
  if (self->match)
    congkak_match_go_to_start (self->match);
}

static void
go_end_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  set_autoplay (self, FALSE);
  if (self->match)
    congkak_match_go_to_end (self->match);
}

static void
go_round_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  set_autoplay (self, FALSE);
  if (self->match)
    congkak_match_go_to_round (self->match, g_str_equal (action_name, "win.go-next-round") ? 1 : -1);
}

static void
set_autoplay (CongkakWindow *self,
              gboolean       autoplay)
{
  autoplay = !!autoplay;
  if (self->autoplay == autoplay)
    return;

  self->autoplay = autoplay;
  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  if (autoplay && !step_forward (self))
    self->autoplay = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOPLAY]);
}

static void
toggle_sidebar_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  adw_overlay_split_view_set_show_sidebar (self->split_view,
                                           !adw_overlay_split_view_get_show_sidebar (self->split_view));
}

static void
congkak_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CongkakWindow *self = CONGKAK_WINDOW (object);

  switch (prop_id)
    {
    case PROP_AUTOPLAY:
      g_value_set_boolean (value, self->autoplay);
      break;
    case PROP_SEED_BY_SEED:
      g_value_set_boolean (value, self->seed_by_seed);
      break;
    case PROP_NARRATION:
      g_value_set_boolean (value, self->narration);
      break;
    case PROP_PRESENTATION:
      g_value_set_boolean (value, self->presentation);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  CongkakWindow *self = CONGKAK_WINDOW (object);

  switch (prop_id)
    {
    case PROP_AUTOPLAY:
      set_autoplay (self, g_value_get_boolean (value));
      break;
    case PROP_SEED_BY_SEED:
      self->seed_by_seed = g_value_get_boolean (value);
      if (!self->seed_by_seed)
        congkak_board_view_finish_animation (self->board);
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_NARRATION:
      self->narration = g_value_get_boolean (value);
      gtk_widget_set_visible (GTK_WIDGET (self->narration_label), self->narration);
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_PRESENTATION:
      set_presentation (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
show_preferences_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  g_autoptr (GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/congkak/Congkak/ui/congkak-preferences-dialog.ui");

  g_settings_bind (self->settings, "animation-speed", gtk_builder_get_object (builder, "speed_row"),
                   "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-counts", gtk_builder_get_object (builder, "counts_row"),
                   "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-letters", gtk_builder_get_object (builder, "letters_row"),
                   "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "computer-thinking-time", gtk_builder_get_object (builder, "thinking_time_row"),
                   "value", G_SETTINGS_BIND_DEFAULT);
  adw_dialog_present (ADW_DIALOG (gtk_builder_get_object (builder, "preferences_dialog")), widget);
}

static void
congkak_window_dispose (GObject *object)
{
  CongkakWindow *self = CONGKAK_WINDOW (object);

  if (self->match)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  congkak_window_computer_dispose (self);
  congkak_window_library_dispose (self);
  congkak_window_files_dispose (self);
  congkak_window_export_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_WINDOW);
  g_clear_object (&self->match);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->opening, g_free);

  G_OBJECT_CLASS (congkak_window_parent_class)->dispose (object);
}

static void
congkak_window_class_init (CongkakWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_window_dispose;
  object_class->get_property = congkak_window_get_property;
  object_class->set_property = congkak_window_set_property;

  properties[PROP_AUTOPLAY] =
    g_param_spec_boolean ("autoplay", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEED_BY_SEED] =
    g_param_spec_boolean ("seed-by-seed", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NARRATION] =
    g_param_spec_boolean ("narration", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PRESENTATION] =
    g_param_spec_boolean ("presentation", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CONGKAK_TYPE_BOARD_VIEW);
  g_type_ensure (CONGKAK_TYPE_HISTORY_VIEW);
  g_type_ensure (CONGKAK_TYPE_ANNOTATION_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, board);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, handover_page);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, handover_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, split_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, annotation_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, replay_bar);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, replay_adjustment);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, replay_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, narration_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, toolbar_view);
  gtk_widget_class_bind_template_callback (widget_class, board_event_shown_cb);
  gtk_widget_class_bind_template_callback (widget_class, replay_scale_changed_cb);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, recent_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, thinking_spinner);
  gtk_widget_class_bind_template_callback_full (widget_class, "recent_row_activated_cb",
                                                G_CALLBACK (congkak_window_recent_row_activated));
  gtk_widget_class_bind_template_callback (widget_class, board_hole_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_animation_finished_cb);
  gtk_widget_class_bind_template_callback (widget_class, handover_ready_cb);

  congkak_window_files_class_init (widget_class);
  congkak_window_computer_class_init (widget_class);
  congkak_window_export_class_init (widget_class);
  congkak_window_library_class_init (widget_class);
  congkak_window_help_class_init (widget_class);
  congkak_window_teaching_class_init (widget_class);
  gtk_widget_class_install_action (widget_class, "win.new-match", NULL, new_match_action);
  gtk_widget_class_install_action (widget_class, "win.choose-game", NULL, choose_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.show-shortcuts", NULL, show_shortcuts_action);
  gtk_widget_class_install_action (widget_class, "win.go-forward", NULL, go_forward_action);
  gtk_widget_class_install_action (widget_class, "win.go-back", NULL, go_back_action);
  gtk_widget_class_install_action (widget_class, "win.go-start", NULL, go_start_action);
  gtk_widget_class_install_action (widget_class, "win.go-end", NULL, go_end_action);
  gtk_widget_class_install_action (widget_class, "win.go-next-round", NULL, go_round_action);
  gtk_widget_class_install_action (widget_class, "win.go-previous-round", NULL, go_round_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-sidebar", NULL, toggle_sidebar_action);
  gtk_widget_class_install_property_action (widget_class, "win.autoplay", "autoplay");
  gtk_widget_class_install_property_action (widget_class, "win.seed-by-seed", "seed-by-seed");
  gtk_widget_class_install_property_action (widget_class, "win.narration", "narration");
  gtk_widget_class_install_property_action (widget_class, "win.presentation", "presentation");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "win.presentation", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "win.go-forward", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.go-back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "win.go-start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "win.go-end", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "win.go-previous-round", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "win.go-next-round", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-sidebar", NULL);
  gtk_widget_class_install_action (widget_class, "win.show-preferences", NULL, show_preferences_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-match", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, GDK_CONTROL_MASK, "win.show-preferences", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, GDK_CONTROL_MASK, "win.show-shortcuts", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-shortcuts", NULL);
}

static void
congkak_window_init (CongkakWindow *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));

#if DEVELOPMENT_BUILD
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif

  self->opening_stage = OPENING_NONE;
  self->opening_chooser = CONGKAK_NOBODY;

  congkak_window_files_init (self);
  congkak_window_export_init (self);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (board_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), keys);

  /* The window comes back at the size it was closed at. */
  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animation-speed", self->board, "speed", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-counts", self->board, "show-counts", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-letters", self->board, "show-letters", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "narration", self, "narration", G_SETTINGS_BIND_DEFAULT);
  congkak_window_computer_init (self);
  congkak_window_library_init (self);

  update_actions (self);
}

CongkakWindow *
congkak_window_new (CongkakApplication *application)
{
  g_return_val_if_fail (CONGKAK_IS_APPLICATION (application), NULL);

  return g_object_new (CONGKAK_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

void
congkak_window_play_move (CongkakWindow     *self,
                          const CongkakMove *move)
{
  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (move != NULL);

  play_move (self, move);
}

/* A hole chosen for @side, as if clicked on the board. */
void
congkak_window_choose_hole (CongkakWindow *self,
                            CongkakSide    side,
                            guint          hole)
{
  g_return_if_fail (CONGKAK_IS_WINDOW (self));

  board_hole_activated_cb (self, side, hole);
}
