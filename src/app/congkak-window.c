/* congkak-window.c — the main window: a match on the board
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A view of a CongkakSession: clicks on the board go to the session,
 * which says whose turn it is; the moves it plays arrive as the engine's
 * events, and the board shows them seed by seed.  The status line and the
 * choices on the board change when the animation has got there, never
 * before; while it runs the session holds the next player back.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-narration.h"
#include "congkak-new-match-dialog.h"
#include "congkak-replay-bar.h"
#include "congkak-shortcuts-dialog.h"
#include "congkak-start-page.h"
#include "congkak-window-private.h"

G_DEFINE_FINAL_TYPE (CongkakWindow, congkak_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_AUTOPLAY,
  PROP_SEED_BY_SEED,
  PROP_NARRATION,
  PROP_PRESENTATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void set_autoplay (CongkakWindow *self,
                          gboolean       autoplay);

void
congkak_window_add_toast (CongkakWindow *self,
                          const char    *text)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static const CongkakState *
current_state (CongkakWindow *self)
{
  return congkak_session_get_state (self->session);
}

static void
update_actions (CongkakWindow *self)
{
  gboolean has_match = self->session != NULL;
  gboolean back = has_match && congkak_node_get_parent (congkak_match_get_cursor (congkak_window_get_match (self)));
  gboolean forward = has_match && congkak_session_get_next_node (self->session) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 has_match && congkak_session_get_can_undo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 has_match && congkak_session_get_can_redo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-position", has_match);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print", has_match);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-back", back);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-start", back);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-forward", forward);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-end", forward);
  congkak_window_computer_update (self);
}

void
congkak_window_update_title (CongkakWindow *self)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *window_title = NULL;
  CongkakDocument *document;
  CongkakMatch *match;
  const CongkakRules *rules;

  if (congkak_window_library_update_title (self) || congkak_window_puzzles_update_title (self))
    return;
  match = congkak_window_get_match (self);
  if (match == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Congkak"));
      adw_window_title_set_subtitle (self->window_title, "");
      gtk_window_set_title (GTK_WINDOW (self), _("Congkak"));
      return;
    }

  document = congkak_window_get_document (self);
  rules = congkak_match_get_rules (match);
  {
    g_autofree char *south = congkak_narrate_player (match, CONGKAK_SOUTH);
    g_autofree char *north = congkak_narrate_player (match, CONGKAK_NORTH);

    /* TRANSLATORS: the two players, "Ani (South) vs Budi (North)" */
    title = g_strdup_printf (_("%s vs %s"), south, north);
  }
  if (rules->family == CONGKAK_FAMILY_STORE && rules->multi_round)
    /* TRANSLATORS: game name and round, "Congkak · Round 2" */
    subtitle = g_strdup_printf (_("%s · Round %u"), congkak_narrate_game_name (rules), current_state (self)->round);
  else
    subtitle = g_strdup (congkak_narrate_game_name (rules));
  if (congkak_document_get_file (document) || congkak_document_get_modified (document))
    {
      g_autofree char *name = congkak_document_dup_display_name (document);
      char *full;

      /* The game and round, then the file name; • marks unsaved changes */
      full = g_strdup_printf ("%s · %s%s", subtitle, name, congkak_document_get_modified (document) ? " •" : "");
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

/* What screen readers will hear once the board has shown a move: the
 * narration's sentences for its events, then the status. */
static void
prepare_announcement (CongkakWindow *self,
                      GArray        *events)
{
  const CongkakRules *rules = congkak_match_get_rules (congkak_window_get_match (self));
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < events->len; i++)
    {
      g_autofree char *sentence = congkak_narrate_event (rules, &g_array_index (events, CongkakEvent, i));

      if (sentence)
        g_string_append_printf (text, "%s. ", sentence);
    }
  g_free (self->announcement);
  self->announcement = g_string_free (text, FALSE);
}

/* The status line; said aloud when it changes, after what the move shown
 * did. */
static void
show_status (CongkakWindow *self)
{
  const char *status = congkak_session_get_status (self->session);
  g_autofree char *announcement = g_steal_pointer (&self->announcement);
  g_autofree char *text = NULL;

  if (g_strcmp0 (gtk_label_get_label (self->status_label), status) != 0)
    gtk_label_set_label (self->status_label, status);
  else if (announcement == NULL)
    return;
  text = g_strconcat (announcement ? announcement : "", status, NULL);
  /* From the window: GTK drops what a widget announces before a screen
   * reader has asked for it, as for the board when a match starts. */
  gtk_accessible_announce (GTK_ACCESSIBLE (self), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
}

static void show_round_over (CongkakWindow *self);
static void show_match_over (CongkakWindow *self);

/* Shows whose turn it is, as the session says: the choices on the board,
 * the hand-over screen, the status; and, after a move was shown, the
 * round's or the match's end. */
static void
show_turn (CongkakWindow *self,
           gboolean       after_move)
{
  CongkakTurnKind kind = congkak_session_get_turn_kind (self->session);
  CongkakSide side = congkak_session_get_turn_side (self->session);
  gboolean here = congkak_session_is_local_person (self->session, side);
  gboolean handover = kind == CONGKAK_TURN_HANDOVER;

  gtk_widget_set_visible (GTK_WIDGET (self->handover_page), handover);
  if (kind == CONGKAK_TURN_OPENING)
    congkak_board_view_set_choosing (self->board, side, congkak_session_get_choice_position (self->session));
  else if (handover)
    congkak_board_view_set_choosing (self->board, CONGKAK_NOBODY, NULL);
  /* Only a person here chooses on this board. */
  congkak_board_view_set_locked (self->board,
                                 handover || ((kind == CONGKAK_TURN_MOVE || kind == CONGKAK_TURN_OPENING) && !here));
  show_status (self);
  update_actions (self);
  congkak_window_update_title (self);

  /* The board moves its focus to the player to act itself, when it has
   * it; the hand-over screen takes it. */
  if (handover)
    gtk_widget_grab_focus (adw_status_page_get_child (self->handover_page));


  if (!after_move || !congkak_session_get_live (self->session))
    return;
  if (kind == CONGKAK_TURN_ROUND_OVER)
    show_round_over (self);
  else if (kind == CONGKAK_TURN_MATCH_OVER)
    show_match_over (self);
}

/* Session */

static void
session_move_played_cb (CongkakWindow     *self,
                        CongkakNode       *node,
                        GArray            *events,
                        const CongkakGame *game,
                        int                mover)
{
  congkak_window_cancel_hint (self);
  prepare_announcement (self, events);
  /* The computer's moves are shown faster: nobody waits minutes for a
   * chain of extra turns. */
  congkak_board_view_set_computer_move (self->board, (mover == CONGKAK_SOUTH || mover == CONGKAK_NORTH)
                                                     && !congkak_session_is_local_person (self->session, mover));
  congkak_board_view_animate (self->board, events, game);
  /* The next player waits until the board has shown this move (at once
   * without animations: then it has, and animation-finished came). */
  if (congkak_board_view_is_animating (self->board))
    {
      congkak_session_set_presenting (self->session, TRUE);
      if (self->seed_by_seed)
        congkak_board_view_step (self->board);
    }
}

static void
session_cursor_moved_cb (CongkakWindow *self)
{
  congkak_window_cancel_hint (self);
  congkak_board_view_set_game (self->board, congkak_match_get_cursor_game (congkak_window_get_match (self)));
  congkak_session_set_presenting (self->session, FALSE);
}

static void
session_awaiting_cb (CongkakWindow *self)
{
  /* After a move, the board gets there first (see animation_finished). */
  if (!congkak_board_view_is_animating (self->board))
    show_turn (self, FALSE);
}

static void
session_status_cb (CongkakWindow *self)
{
  if (!congkak_board_view_is_animating (self->board))
    show_status (self);
  congkak_window_computer_update (self);
}

static void
session_problem_cb (CongkakWindow *self,
                    const char    *message)
{
  congkak_window_add_toast (self, message);
}

static void
session_analysis_finished_cb (CongkakWindow *self,
                              const char    *message)
{
  congkak_window_add_toast (self, message);
  update_actions (self);
}

/* Dialogs at the end of a round and of the match */

static void
match_over_response_cb (AdwAlertDialog *dialog,
                        const char     *response,
                        CongkakWindow  *self)
{
  if (g_str_equal (response, "new"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.new-match", NULL);
  else if (g_str_equal (response, "replay") && self->session)
    congkak_match_go_to_start (congkak_window_get_match (self));
}

static void
show_match_over (CongkakWindow *self)
{
  const CongkakState *state = current_state (self);
  CongkakMatch *match = congkak_window_get_match (self);
  AdwDialog *dialog;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  if (state->match_winner == CONGKAK_NOBODY)
    heading = g_strdup (_("A Draw"));
  else
    {
      g_autofree char *winner = congkak_narrate_player (match, state->match_winner);

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
  g_signal_connect_object (dialog, "response", G_CALLBACK (match_over_response_cb), self, G_CONNECT_DEFAULT);
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

static void
round_over_response_cb (AdwAlertDialog *dialog,
                        const char     *response,
                        CongkakWindow  *self)
{
  if (self->session && congkak_session_get_turn_kind (self->session) == CONGKAK_TURN_ROUND_OVER)
    {
      g_autoptr (GError) error = NULL;

      congkak_board_view_set_manual (self->board, FALSE);
      if (!congkak_session_next_round (self->session, &error))
        congkak_window_add_toast (self, error->message);
    }
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
  CongkakMatch *match = congkak_window_get_match (self);
  const CongkakGame *game = congkak_match_get_cursor_game (match);
  const CongkakState *state = congkak_game_get_state (game);
  const CongkakRules *rules = congkak_game_get_rules (game);
  CongkakState next = *state;
  g_autofree char *heading = NULL;
  g_autofree char *starter = NULL;
  GString *body = g_string_new (NULL);
  AdwDialog *dialog;

  /* The engine refills a copy, so the dialog can say what will burn. */
  congkak_state_next_round (&next, rules, NULL, NULL);
  starter = congkak_narrate_player (match, next.position.to_move);

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
  g_signal_connect_object (dialog, "response", G_CALLBACK (round_over_response_cb), self, G_CONNECT_DEFAULT);
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

/* The board */

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

/* Narration follows the board: it holds each caption long enough to read. */
static void
board_caption_cb (CongkakWindow      *self,
                  const CongkakEvent *event,
                  const char         *sentence)
{
  congkak_window_show_caption (self, event, sentence);
}

/* The board has shown the move: now the turn changes on screen, and the
 * next player may act. */
static void
board_animation_finished_cb (CongkakWindow *self)
{
  if (self->session == NULL)
    return;

  congkak_board_view_set_manual (self->board, FALSE);
  congkak_session_set_presenting (self->session, FALSE);
  show_turn (self, TRUE);

  /* Replaying: on to the next move, or done. */
  if (self->autoplay)
    {
      if (congkak_session_get_next_node (self->session) == NULL)
        set_autoplay (self, FALSE);
      else
        {
          g_clear_handle_id (&self->autoplay_id, g_source_remove);
          self->autoplay_id = g_timeout_add (600, autoplay_timeout, self);
        }
    }
}

static void
board_hole_activated_cb (CongkakWindow *self,
                         int            side,
                         guint          hole)
{
  g_autoptr (GError) error = NULL;

  if (self->session == NULL)
    return;
  /* A click during a move's animation shows the rest of it at once. */
  if (congkak_board_view_is_animating (self->board))
    {
      congkak_board_view_finish_animation (self->board);
      return;
    }
  if (!congkak_session_choose_hole (self->session, side, hole, &error))
    {
      if (g_error_matches (error, CONGKAK_SESSION_ERROR, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN))
        gtk_widget_error_bell (GTK_WIDGET (self));
      else
        congkak_window_add_toast (self, error->message);
    }
}

static void
handover_ready_cb (CongkakWindow *self)
{
  if (self->session == NULL)
    return;
  congkak_session_ready (self->session);
  /* From the hand-over button to the holes of the person now choosing. */
  if (congkak_session_get_turn_kind (self->session) == CONGKAK_TURN_OPENING)
    congkak_board_view_focus_side (self->board, congkak_session_get_turn_side (self->session));
}

/* Replay */

static gboolean
step_forward (CongkakWindow *self)
{
  if (self->session == NULL)
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
  if (!congkak_session_step_forward (self->session))
    {
      congkak_board_view_set_manual (self->board, FALSE);
      return FALSE;
    }
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
  if (self->session)
    congkak_session_step_back (self->session);
}

static void
go_start_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  set_autoplay (self, FALSE);
  if (self->session)
    congkak_match_go_to_start (congkak_window_get_match (self));
}

static void
go_end_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  set_autoplay (self, FALSE);
  if (self->session)
    congkak_match_set_cursor (congkak_window_get_match (self), congkak_session_get_line_end (self->session));
}

static void
go_round_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  set_autoplay (self, FALSE);
  if (self->session)
    congkak_match_go_to_round (congkak_window_get_match (self),
                               g_str_equal (action_name, "win.go-next-round") ? 1 : -1);
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

/* Presentation */

static void
set_presentation (CongkakWindow *self,
                  gboolean       presentation)
{
  presentation = !!presentation;
  if (self->presentation == presentation)
    return;

  self->presentation = presentation;
  /* The board fills the screen; a clicker's keys step through the match,
   * and the pointer brings down the way out. */
  if (presentation)
    {
      self->sidebar_before_presentation = adw_overlay_split_view_get_show_sidebar (self->split_view);
      gtk_window_fullscreen (GTK_WINDOW (self));
      gtk_widget_add_css_class (GTK_WIDGET (self), "presentation");
      adw_overlay_split_view_set_show_sidebar (self->split_view, FALSE);
      congkak_presentation_bar_reveal (self->presentation_bar);
    }
  else
    {
      gtk_window_unfullscreen (GTK_WINDOW (self));
      gtk_widget_remove_css_class (GTK_WIDGET (self), "presentation");
      adw_overlay_split_view_set_show_sidebar (self->split_view, self->sidebar_before_presentation);
      congkak_presentation_bar_conceal (self->presentation_bar);
    }
  adw_toolbar_view_set_reveal_top_bars (self->toolbar_view, !presentation);
  adw_toolbar_view_set_reveal_bottom_bars (self->toolbar_view, !presentation);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION]);
}

/* A presentation clicker sends Page Down and Page Up (some send the
 * arrows): one move each, not one round.  Escape leaves. */
static gboolean
presentation_key_pressed_cb (GtkEventControllerKey *controller,
                             guint                  keyval,
                             guint                  keycode,
                             GdkModifierType        state,
                             CongkakWindow         *self)
{
  if (!self->presentation || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)))
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_Escape:
      set_presentation (self, FALSE);
      return GDK_EVENT_STOP;
    case GDK_KEY_Page_Down:
    case GDK_KEY_Right:
    case GDK_KEY_KP_Page_Down:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.go-forward", NULL);
      return GDK_EVENT_STOP;
    case GDK_KEY_Page_Up:
    case GDK_KEY_Left:
    case GDK_KEY_KP_Page_Up:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.go-back", NULL);
      return GDK_EVENT_STOP;
    default:
      return GDK_EVENT_PROPAGATE;
    }
}

static void
presentation_pointer_cb (CongkakWindow *self)
{
  if (self->presentation)
    congkak_presentation_bar_reveal (self->presentation_bar);
}

/* Leaving full screen another way (the window manager) leaves presenting. */
static void
fullscreened_cb (CongkakWindow *self)
{
  if (self->presentation && !gtk_window_is_fullscreen (GTK_WINDOW (self)) && gtk_widget_get_mapped (GTK_WIDGET (self)))
    set_presentation (self, FALSE);
}

/* The match on the board */

static void
document_flush_cb (CongkakWindow *self)
{
  /* A comment still being typed belongs in the file. */
  congkak_annotation_view_commit (self->annotation_view);
}

/**
 * congkak_window_set_document:
 * @document: (transfer none): the match to show, from its cursor
 *
 * Shows @document's match on the board and plays it on from there in a
 * new session: the simultaneous opening if the match begins with one,
 * the computer if it is to move.  The match shown before is recorded in
 * the library if it was played here.
 */
void
congkak_window_set_document (CongkakWindow   *self,
                             CongkakDocument *document)
{
  CongkakLibrary *library;
  CongkakMatch *match;

  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (CONGKAK_IS_DOCUMENT (document));

  if (self->session && congkak_session_get_document (self->session) == document)
    return;

  set_autoplay (self, FALSE);
  congkak_window_cancel_hint (self);
  congkak_window_library_leave_match (self);

  library = congkak_window_get_library (self);
  if (library)
    congkak_document_set_library (document, library);
  match = congkak_document_get_match (document);
  g_clear_object (&self->session);
  self->session = congkak_session_new (document);
  congkak_computer_worker_set_max_seconds (congkak_session_get_computer_worker (self->session),
                                           g_settings_get_double (self->settings, "computer-thinking-time"));
  g_signal_group_set_target (self->session_signals, self->session);
  g_signal_group_set_target (self->document_signals, document);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);

  gtk_widget_set_visible (GTK_WIDGET (self->handover_page), FALSE);
  congkak_board_view_set_manual (self->board, FALSE);
  congkak_board_view_set_game (self->board, congkak_match_get_cursor_game (match));
  congkak_history_view_set_match (self->history_view, match);
  congkak_evaluation_graph_set_match (self->evaluation_graph, match);
  congkak_annotation_view_set_match (self->annotation_view, match);
  gtk_stack_set_visible_child_name (self->stack, "board");
  gtk_widget_set_visible (self->sidebar_button, TRUE);

  show_turn (self, TRUE);
  congkak_window_files_document_changed (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/**
 * congkak_window_start_match:
 * @match: (transfer none): the match to play, from its cursor
 *
 * Shows @match, as a new document with no file.
 */
void
congkak_window_start_match (CongkakWindow *self,
                            CongkakMatch  *match)
{
  g_autoptr (CongkakDocument) document = NULL;

  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (CONGKAK_IS_MATCH (match));

  document = congkak_document_new (match, NULL);
  congkak_window_set_document (self, document);
}

/**
 * congkak_window_get_session:
 *
 * Returns: (transfer none) (nullable): the match being played here.
 */
CongkakSession *
congkak_window_get_session (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return self->session;
}

/**
 * congkak_window_get_document:
 *
 * Returns: (transfer none) (nullable): the match's document.
 */
CongkakDocument *
congkak_window_get_document (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return self->session ? congkak_session_get_document (self->session) : NULL;
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

  return self->session ? congkak_session_get_match (self->session) : NULL;
}

CongkakBoardView *
congkak_window_get_board (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return self->board;
}

/**
 * congkak_window_is_blank:
 *
 * Returns: whether the window holds nothing worth keeping, so another
 *   match may be shown in it instead of a new window.
 */
gboolean
congkak_window_is_blank (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), FALSE);

  return self->session == NULL || congkak_document_is_blank (congkak_window_get_document (self));
}

/* New matches */

/**
 * congkak_window_start_like:
 *
 * Starts @match with the players of the match on the board (the same
 * game again keeps its people and computer levels), in its place.
 */
void
congkak_window_start_like (CongkakWindow *self,
                           CongkakMatch  *match)
{
  CongkakMatch *current = congkak_window_get_match (self);

  if (current)
    for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
      congkak_match_set_player (match, side, congkak_match_get_player_name (current, side),
                                congkak_match_get_player_kind (current, side),
                                congkak_match_get_player_level (current, side));
  congkak_match_forget_history (match);
  congkak_window_replace_match (self, match);
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
  if (self->session)
    rules = *congkak_match_get_rules (congkak_window_get_match (self));
  else
    congkak_rules_init_profile (&rules, "congkak", NULL);
  match = congkak_match_new (&rules);
  congkak_window_start_like (self, match);
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
  congkak_window_replace_match (self, match);
}

static void
choose_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CongkakNewMatchDialog *dialog = congkak_new_match_dialog_new ();

  g_signal_connect_object (dialog, "start", G_CALLBACK (new_match_dialog_start_cb), widget, G_CONNECT_DEFAULT);
  adw_dialog_present (ADW_DIALOG (dialog), widget);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  if (self->session)
    congkak_session_undo (self->session);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  if (self->session)
    congkak_session_redo (self->session);
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
  g_settings_bind (self->settings, "computer-animation-speed", gtk_builder_get_object (builder, "computer_speed_row"),
                   "value", G_SETTINGS_BIND_DEFAULT);
  adw_dialog_present (ADW_DIALOG (gtk_builder_get_object (builder, "preferences_dialog")), widget);
}

static void
thinking_time_changed_cb (CongkakWindow *self)
{
  if (self->session)
    congkak_computer_worker_set_max_seconds (congkak_session_get_computer_worker (self->session),
                                             g_settings_get_double (self->settings, "computer-thinking-time"));
}

static void
start_page_open_file_cb (CongkakWindow *self,
                         GFile         *file)
{
  congkak_window_open_file (self, file);
}

/* The object */

static void
congkak_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CongkakWindow *self = CONGKAK_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
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
congkak_window_dispose (GObject *object)
{
  CongkakWindow *self = CONGKAK_WINDOW (object);

  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  congkak_window_computer_dispose (self);
  congkak_window_library_dispose (self);
  congkak_window_puzzles_dispose (self);
  congkak_window_files_dispose (self);
  if (self->session_signals)
    g_signal_group_set_target (self->session_signals, NULL);
  if (self->document_signals)
    g_signal_group_set_target (self->document_signals, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_WINDOW);
  g_clear_object (&self->session);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->announcement, g_free);

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

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, CONGKAK_TYPE_SESSION,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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
  g_type_ensure (CONGKAK_TYPE_EVALUATION_GRAPH);
  g_type_ensure (CONGKAK_TYPE_REPLAY_BAR);
  g_type_ensure (CONGKAK_TYPE_DOCUMENT);
  g_type_ensure (CONGKAK_TYPE_SESSION);
  g_type_ensure (CONGKAK_TYPE_START_PAGE);
  g_type_ensure (CONGKAK_TYPE_PRESENTATION_BAR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, board);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, handover_page);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, split_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, annotation_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, narration_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, toolbar_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, thinking_spinner);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, evaluation_graph);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, presentation_bar);
  gtk_widget_class_bind_template_callback (widget_class, board_caption_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_hole_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_animation_finished_cb);
  gtk_widget_class_bind_template_callback (widget_class, handover_ready_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_page_open_file_cb);

  congkak_window_files_class_init (widget_class);
  congkak_window_computer_class_init (widget_class);
  congkak_window_export_class_init (widget_class);
  congkak_window_library_class_init (widget_class);
  congkak_window_puzzles_class_init (widget_class);
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

  self->session_signals = g_signal_group_new (CONGKAK_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "move-played", G_CALLBACK (session_move_played_cb), self);
  g_signal_group_connect_swapped (self->session_signals, "cursor-moved", G_CALLBACK (session_cursor_moved_cb), self);
  g_signal_group_connect_swapped (self->session_signals, "awaiting", G_CALLBACK (session_awaiting_cb), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::status", G_CALLBACK (session_status_cb), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::thinking", G_CALLBACK (session_status_cb), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::can-undo", G_CALLBACK (update_actions), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::can-redo", G_CALLBACK (update_actions), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::analysing", G_CALLBACK (update_actions), self);
  g_signal_group_connect_swapped (self->session_signals, "problem", G_CALLBACK (session_problem_cb), self);
  g_signal_group_connect_swapped (self->session_signals, "analysis-finished",
                                  G_CALLBACK (session_analysis_finished_cb), self);

  self->document_signals = g_signal_group_new (CONGKAK_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "flush", G_CALLBACK (document_flush_cb), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::modified",
                                  G_CALLBACK (congkak_window_update_title), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::file",
                                  G_CALLBACK (congkak_window_files_document_changed), self);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (board_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), keys);

  /* Presentation: before anything else sees the keys, and the pointer. */
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (presentation_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  {
    GtkEventController *motion = gtk_event_controller_motion_new ();
    GtkGesture *right_click = gtk_gesture_click_new ();

    g_signal_connect_swapped (motion, "motion", G_CALLBACK (presentation_pointer_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), motion);
    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (right_click), GDK_BUTTON_SECONDARY);
    g_signal_connect_swapped (right_click, "pressed", G_CALLBACK (presentation_pointer_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (right_click));
  }
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (fullscreened_cb), NULL);

  /* The window comes back at the size it was closed at. */
  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animation-speed", self->board, "speed", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-counts", self->board, "show-counts", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-letters", self->board, "show-letters", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "computer-animation-speed", self->board, "computer-speed", G_SETTINGS_BIND_GET);
  g_object_bind_property (self, "narration", self->board, "narration", G_BINDING_SYNC_CREATE);
  g_settings_bind (self->settings, "narration", self, "narration", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed::computer-thinking-time",
                           G_CALLBACK (thinking_time_changed_cb), self, G_CONNECT_SWAPPED);

  congkak_window_files_init (self);
  congkak_window_library_init (self);
  congkak_window_puzzles_init (self);
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
