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
 *
 * The rest is the window's parts (congkak-window-part.c), each made here
 * with what it needs: files (new matches, open, save, close, restore),
 * export, the computer's hints and analysis, help, the library and puzzle
 * pages, teaching, presentation, replay, and the dialogs at the end of a
 * round or the match.  What outlives the window (the library, the
 * documents open in other windows) is the workspace's, given to the window
 * when it is made, with the export choices.  A document to show goes into
 * this window if it holds nothing worth keeping, else into a new one: one
 * window per match.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-annotation-view.h"
#include "congkak-engines-page.h"
#include "congkak-evaluation-graph.h"
#include "congkak-history-view.h"
#include "congkak-narration.h"
#include "congkak-replay-bar.h"
#include "congkak-shortcuts-dialog.h"
#include "congkak-start-page.h"
#include "congkak-window.h"
#include "congkak-file-util.h"
#include "congkak-window-computer.h"
#include "congkak-window-endings.h"
#include "congkak-window-export.h"
#include "congkak-window-files.h"
#include "congkak-window-help.h"
#include "congkak-window-lesson.h"
#include "congkak-window-library.h"
#include "congkak-window-network.h"
#include "congkak-window-presentation.h"
#include "congkak-window-puzzles.h"
#include "congkak-window-replay.h"
#include "congkak-window-teaching.h"

struct _CongkakWindow
{
  AdwApplicationWindow       parent_instance;

  /* Template widgets */
  AdwToastOverlay           *toast_overlay;
  AdwWindowTitle            *window_title;
  GtkStack                  *stack;
  GtkLabel                  *status_label;
  CongkakBoardView          *board;
  AdwStatusPage             *handover_page;
  AdwOverlaySplitView       *split_view;
  GtkWidget                 *sidebar_button;
  AdwToolbarView            *toolbar_view;

  /* What outlives the window, and the match it shows */
  CongkakWorkspace          *workspace;
  GSettings                 *settings;
  CongkakSession            *session;           /* nullable: the start page */
  GSignalGroup              *session_signals;
  GSignalGroup              *document_signals;

  /* The parts, each made with what it needs */
  CongkakWindowFiles        *files;
  CongkakWindowExport       *export;
  CongkakWindowComputer     *computer;
  CongkakWindowHelp         *help;
  CongkakWindowLibrary      *library;
  CongkakWindowPuzzles      *puzzles;
  CongkakWindowTeaching     *teaching;
  CongkakWindowPresentation *presentation;
  CongkakWindowReplay       *replay;
  CongkakWindowEndings      *endings;
  CongkakWindowNetwork      *network;
  CongkakWindowLesson       *lesson;

  /* What the move being shown did, said with the status it leads to */
  char                      *announcement;
};

G_DEFINE_FINAL_TYPE (CongkakWindow, congkak_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_WORKSPACE,
  PROP_EXPORT_CHOICES,
  PROP_SESSION,
  PROP_AUTOPLAY,
  PROP_SEED_BY_SEED,
  PROP_NARRATION,
  PROP_PRESENTATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define N_PARTS 12

/* Every part, for what the window does to all of them. */
static void
list_parts (CongkakWindow     *self,
            CongkakWindowPart *parts[N_PARTS])
{
  parts[0] = CONGKAK_WINDOW_PART (self->files);
  parts[1] = CONGKAK_WINDOW_PART (self->export);
  parts[2] = CONGKAK_WINDOW_PART (self->computer);
  parts[3] = CONGKAK_WINDOW_PART (self->help);
  parts[4] = CONGKAK_WINDOW_PART (self->library);
  parts[5] = CONGKAK_WINDOW_PART (self->puzzles);
  parts[6] = CONGKAK_WINDOW_PART (self->teaching);
  parts[7] = CONGKAK_WINDOW_PART (self->presentation);
  parts[8] = CONGKAK_WINDOW_PART (self->replay);
  parts[9] = CONGKAK_WINDOW_PART (self->endings);
  parts[10] = CONGKAK_WINDOW_PART (self->network);
  parts[11] = CONGKAK_WINDOW_PART (self->lesson);
}

/* "win.NAME" of a part runs the part's action NAME. */
static void
part_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakWindowPart *parts[N_PARTS];
  const char *name = action_name + strlen ("win.");

  list_parts (CONGKAK_WINDOW (widget), parts);
  for (guint i = 0; i < N_PARTS; i++)
    if (parts[i] && g_action_group_has_action (G_ACTION_GROUP (parts[i]), name))
      {
        g_action_group_activate_action (G_ACTION_GROUP (parts[i]), name, parameter);
        return;
      }
}

/* A template child only the parts use, handed to them when they are made. */
static gpointer
template_child (CongkakWindow *self,
                const char    *name)
{
  return gtk_widget_get_template_child (GTK_WIDGET (self), CONGKAK_TYPE_WINDOW, name);
}

static void
show_toast (CongkakWindow *self,
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

  /* A lesson followed is the teacher's to change. */
  gboolean own = has_match && !(self->lesson && congkak_window_lesson_get_following (self->lesson));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 own && congkak_session_get_can_undo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 own && congkak_session_get_can_redo (self->session));
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self->replay), "go-back", back);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self->replay), "go-start", back);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self->replay), "go-forward", forward);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self->replay), "go-end", forward);
  congkak_window_computer_update (self->computer);
}

/* The title is the match's on the board and the start page; the library
 * and the puzzles name their own pages. */
static void
update_title (CongkakWindow *self)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *window_title = NULL;
  CongkakDocument *document;
  CongkakMatch *match;
  const CongkakRules *rules;

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "library") == 0
      || g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "puzzles") == 0)
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
  /* Screen readers and window switchers tell one match's window from
   * another by the window's own title. */
  window_title = g_strdup_printf ("%s · %s", title, subtitle);
  {
    /* Names come from the file: no control character reaches the window
     * system's title property, nor the header. */
    g_autofree char *safe_title = congkak_escape_for_title (title, -1, 200);
    g_autofree char *safe_subtitle = congkak_escape_for_title (subtitle, -1, 200);
    g_autofree char *safe_window_title = congkak_escape_for_title (window_title, -1, 400);

    adw_window_title_set_title (self->window_title, safe_title);
    adw_window_title_set_subtitle (self->window_title, safe_subtitle);
    gtk_window_set_title (GTK_WINDOW (self), safe_window_title);
  }
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

/* Whether the board refuses the turn's choices: they are not a person's
 * here (the computer's), or the device is being handed over. */
static gboolean
turn_is_locked (CongkakWindow *self)
{
  CongkakTurnKind kind = congkak_session_get_turn_kind (self->session);
  CongkakSide side = congkak_session_get_turn_side (self->session);

  /* A match over the network that someone resigned: nobody plays on. */
  if (self->network && congkak_window_network_get_over (self->network))
    return TRUE;
  /* A lesson followed: only the teacher's question opens the board. */
  if (self->lesson && congkak_window_lesson_get_following (self->lesson))
    return congkak_window_lesson_locks_board (self->lesson);
  return kind == CONGKAK_TURN_HANDOVER
         || ((kind == CONGKAK_TURN_MOVE || kind == CONGKAK_TURN_OPENING)
             && !congkak_session_is_local_person (self->session, side));
}

static gboolean
board_has_focus (CongkakWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->board));
}

/* No widget that people see has the focus: the window itself, or one
 * that is hidden now (the start page's button, a toast's). */
static gboolean
focus_is_lost (CongkakWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return focus == NULL || focus == GTK_WIDGET (self) || !gtk_widget_get_mapped (focus);
}

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
  /* Only a person here chooses on this board; locked first, so that the
   * focus stays on the person's row while the computer chooses. */
  congkak_board_view_set_locked (self->board, turn_is_locked (self));
  if (kind == CONGKAK_TURN_OPENING)
    congkak_board_view_set_choosing (self->board, side, congkak_session_get_choice_position (self->session));
  else if (handover)
    congkak_board_view_set_choosing (self->board, CONGKAK_NOBODY, NULL);
  show_status (self);
  update_actions (self);
  update_title (self);

  /* The board moves its focus to the player to act itself, when it has
   * it; the hand-over screen takes it.  A person here who is to act finds
   * the focus on their row also when it was nowhere (on a page or a
   * button that went away). */
  if (handover)
    gtk_widget_grab_focus (adw_status_page_get_child (self->handover_page));
  else if (here && (kind == CONGKAK_TURN_MOVE || kind == CONGKAK_TURN_OPENING)
           && (board_has_focus (self) || focus_is_lost (self)))
    congkak_board_view_focus_side (self->board, side);


  if (!after_move || !congkak_session_get_live (self->session))
    return;
  congkak_window_endings_show (self->endings);
}

/* Session */

static void
session_move_played_cb (CongkakWindow     *self,
                        CongkakNode       *node,
                        GArray            *events,
                        const CongkakGame *game,
                        int                mover)
{
  congkak_window_computer_cancel_hint (self->computer);
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
      /* The turn after the move is known already: when the computer
       * takes it, the board keeps the focus on the person's row. */
      congkak_board_view_set_locked (self->board, turn_is_locked (self));
      congkak_session_set_presenting (self->session, TRUE);
      if (congkak_window_replay_get_seed_by_seed (self->replay))
        congkak_board_view_step (self->board);
    }
}

/* A step of a lesson followed here, shown as a move played here. */
static void
lesson_show_move_cb (CongkakWindow *self,
                     CongkakNode   *node,
                     GArray        *events,
                     gpointer       game)
{
  if (self->session)
    session_move_played_cb (self, node, events, game, CONGKAK_NOBODY);
}

static void
session_cursor_moved_cb (CongkakWindow *self)
{
  congkak_window_computer_cancel_hint (self->computer);
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
  else if (congkak_session_get_presenting (self->session))
    /* Who is sowing the move on show; what it did is said at its end. */
    gtk_label_set_label (self->status_label, congkak_session_get_status (self->session));
  congkak_window_computer_update (self->computer);
}

/* A player's or a judge's problem is a sentence or two (what an engine
 * did, what happens now): shown whole, wrapped, as plain text, for
 * long enough to read. */
static void
session_problem_cb (CongkakWindow *self,
                    const char    *message)
{
  AdwToast *toast = congkak_window_part_new_sentence_toast (message);

  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
session_analysis_finished_cb (CongkakWindow *self,
                              const char    *message)
{
  show_toast (self, message);
  update_actions (self);
}

/* The board */

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
  congkak_window_replay_move_shown (self->replay);
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
  if (congkak_window_lesson_take_hole (self->lesson, side, hole))
    return;
  if (!congkak_session_choose_hole (self->session, side, hole, &error))
    {
      if (g_error_matches (error, CONGKAK_SESSION_ERROR, CONGKAK_SESSION_ERROR_NOT_YOUR_TURN))
        gtk_widget_error_bell (GTK_WIDGET (self));
      else
        show_toast (self, error->message);
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

/* The match on the board */

/* The window lets its match go (another one comes, or the window
 * closes): a match played here is kept in the library as it stands. */
static void
let_go_of_document (CongkakWindow *self)
{
  CongkakDocument *document = congkak_window_get_document (self);
  g_autoptr (GError) error = NULL;

  /* Not a programming error: the window showed it (its banner, the
   * question on closing), and the autosave or the file keeps the match. */
  if (document && !congkak_workspace_remove_document (self->workspace, document, &error))
    g_message ("Cannot record the match in the library: %s", error->message);
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
  g_autoptr (CongkakSession) session = NULL;

  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (CONGKAK_IS_DOCUMENT (document));

  if (self->session && congkak_session_get_document (self->session) == document)
    return;

  session = congkak_session_new (document);
  congkak_window_play_session (self, session);
}

/**
 * congkak_window_play_session:
 * @session: (transfer none): a session made elsewhere (a match joined
 *   over the network), its document kept here as any other
 *
 * Shows @session's match on the board and plays it on.
 */
void
congkak_window_play_session (CongkakWindow  *self,
                             CongkakSession *session)
{
  CongkakWindowPart *parts[N_PARTS];
  CongkakDocument *document;
  CongkakMatch *match;

  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (CONGKAK_IS_SESSION (session));

  if (self->session == session)
    return;

  congkak_window_replay_set_autoplay (self->replay, FALSE);
  congkak_window_computer_cancel_hint (self->computer);
  let_go_of_document (self);

  document = congkak_session_get_document (session);
  congkak_workspace_add_document (self->workspace, document);
  match = congkak_document_get_match (document);
  g_set_object (&self->session, session);
  congkak_computer_worker_set_max_seconds (congkak_session_get_computer_worker (self->session),
                                           g_settings_get_double (self->settings, "computer-thinking-time"));
  congkak_computer_worker_set_oware_endgame_shelf (congkak_session_get_computer_worker (self->session),
                                                   congkak_workspace_get_oware_endgame_shelf (self->workspace));
  {
    g_autofree char *judge = g_settings_get_string (self->settings, "judge");

    congkak_session_set_judge (self->session, judge);
  }
  g_signal_group_set_target (self->session_signals, self->session);
  g_signal_group_set_target (self->document_signals, document);
  list_parts (self, parts);
  for (guint i = 0; i < N_PARTS; i++)
    congkak_window_part_set_session (parts[i], self->session);
  /* The moves, the evaluation graph and the notes follow (see the .ui). */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);

  gtk_widget_set_visible (GTK_WIDGET (self->handover_page), FALSE);
  congkak_board_view_set_manual (self->board, FALSE);
  congkak_board_view_set_game (self->board, congkak_match_get_cursor_game (match));
  gtk_stack_set_visible_child_name (self->stack, "board");
  gtk_widget_set_visible (self->sidebar_button, TRUE);

  show_turn (self, TRUE);
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

/**
 * congkak_window_get_idle_inhibited:
 *
 * Returns: whether the window keeps the screen awake: while presenting,
 *   or while a match against the computer runs.
 */
gboolean
congkak_window_get_idle_inhibited (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), FALSE);

  return congkak_window_presentation_get_inhibiting (self->presentation);
}

/**
 * congkak_window_get_screen_blank:
 *
 * Returns: whether the screen is blank (B or . in presentation mode).
 */
gboolean
congkak_window_get_screen_blank (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), FALSE);

  return congkak_window_presentation_get_blank (self->presentation);
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

/* Keys or pointer, whichever was used last anywhere in the window: the
 * board keeps its focus ring for people who play with the keys.  Keys
 * that reach the board are its own to judge (see
 * congkak_board_view_set_keyboard_mode()). */
static gboolean
window_key_pressed_cb (GtkEventControllerKey *controller,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       CongkakWindow         *self)
{
  if (!board_has_focus (self))
    congkak_board_view_set_keyboard_mode (self->board, TRUE);
  return GDK_EVENT_PROPAGATE;
}

static void
window_pressed_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   CongkakWindow   *self)
{
  congkak_board_view_set_keyboard_mode (self->board, FALSE);
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
      congkak_window_replay_set_autoplay (self->replay, !congkak_window_replay_get_autoplay (self->replay));
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
  adw_preferences_dialog_add (ADW_PREFERENCES_DIALOG (gtk_builder_get_object (builder, "preferences_dialog")),
                              ADW_PREFERENCES_PAGE (congkak_engines_page_new ()));
  adw_dialog_present (ADW_DIALOG (gtk_builder_get_object (builder, "preferences_dialog")), widget);
}

static void
judge_changed_cb (CongkakWindow *self)
{
  g_autofree char *judge = g_settings_get_string (self->settings, "judge");

  if (self->session)
    congkak_session_set_judge (self->session, judge);
}

static void
thinking_time_changed_cb (CongkakWindow *self)
{
  if (self->session)
    congkak_computer_worker_set_max_seconds (congkak_session_get_computer_worker (self->session),
                                             g_settings_get_double (self->settings, "computer-thinking-time"));
}

/* From the start page and the library. */
static void
open_file_cb (CongkakWindow *self,
              GFile         *file)
{
  congkak_window_open_file (self, file);
}

/* Play the Computer or Two Players, on the start page. */
static void
start_page_match_cb (CongkakWindow *self,
                     CongkakMatch  *match)
{
  congkak_window_files_replace_match (self->files, match);
}

/* Where documents go: one window per match */

/* The window of @document among the application's, if one shows it. */
static CongkakWindow *
window_showing (CongkakWindow   *self,
                CongkakDocument *document)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (congkak_window_get_document (self) == document)
    return self;
  for (GList *l = application ? gtk_application_get_windows (application) : NULL; l != NULL; l = l->next)
    if (CONGKAK_IS_WINDOW (l->data) && congkak_window_get_document (l->data) == document)
      return l->data;
  return NULL;
}

/* @document is open already: its window comes to the front, and this one
 * goes if it was made for the match and never shown. */
static void
files_present_document_cb (CongkakWindow   *self,
                           CongkakDocument *document)
{
  CongkakWindow *open = window_showing (self, document);

  if (open == NULL)
    return;
  gtk_window_present (GTK_WINDOW (open));
  if (open != self && !gtk_widget_get_visible (GTK_WIDGET (self)) && congkak_window_is_blank (self))
    gtk_window_destroy (GTK_WINDOW (self));
}

/**
 * congkak_window_show_document:
 * @warnings: (nullable) (element-type utf8): what the loader ignored
 *
 * Shows a loaded match in this window if it holds nothing worth keeping,
 * else in a new one of the same application and workspace: one window
 * per match.
 *
 * Returns: (transfer none): the window that shows it.
 */
CongkakWindow *
congkak_window_show_document (CongkakWindow   *self,
                              CongkakDocument *document,
                              GPtrArray       *warnings)
{
  CongkakWindow *target = self;

  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (document), NULL);

  if (!congkak_window_is_blank (self))
    target = congkak_window_new (gtk_window_get_application (GTK_WINDOW (self)), self->workspace,
                                 congkak_window_export_get_choices (self->export));
  congkak_window_set_document (target, document);
  gtk_window_present (GTK_WINDOW (target));

  if (warnings && warnings->len > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u unknown field in the file was ignored",
                                                         "%u unknown fields in the file were ignored",
                                                         warnings->len), warnings->len);

      show_toast (target, text);
    }
  return target;
}

/**
 * congkak_window_open_file:
 *
 * Shows the match in @file: its window if it is open already, else
 * loaded into this window or a new one (see congkak_window_files_open()).
 */
void
congkak_window_open_file (CongkakWindow *self,
                          GFile         *file)
{
  g_return_if_fail (CONGKAK_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  congkak_window_files_open (self->files, file);
}

/* See congkak_window_files_offer_restore(). */
void
congkak_window_offer_restore (CongkakWindow *self)
{
  g_return_if_fail (CONGKAK_IS_WINDOW (self));

  congkak_window_files_offer_restore (self->files);
}

/* What the parts do, for the application and the tests */

/* F1: see congkak_window_help_show_guide(). */
void
congkak_window_show_guide (CongkakWindow *self)
{
  g_return_if_fail (CONGKAK_IS_WINDOW (self));

  congkak_window_help_show_guide (self->help);
}

/* See congkak_window_help_show_rules_section(). */
void
congkak_window_show_rules_section (CongkakWindow *self,
                                   const char    *section_id)
{
  g_return_if_fail (CONGKAK_IS_WINDOW (self));

  congkak_window_help_show_rules_section (self->help, section_id);
}

/* See congkak_window_export_write_position(). */
gboolean
congkak_window_export_position (CongkakWindow  *self,
                                GFile          *file,
                                GError        **error)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), FALSE);

  return congkak_window_export_write_position (self->export, file, error);
}

/* See congkak_window_export_print_to_file(). */
gboolean
congkak_window_print_to_file (CongkakWindow  *self,
                              const char     *path,
                              GError        **error)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), FALSE);

  return congkak_window_export_print_to_file (self->export, path, error);
}

/* Which diagrams Print adds, and how boards look on paper, in any window. */
CongkakPrintOptions *
congkak_window_get_print_options (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return &congkak_window_export_get_choices (self->export)->print_options;
}

/* Playing over the network, for the tests. */
CongkakWindowNetwork *
congkak_window_get_network (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return self->network;
}

/* Sharing and following lessons, for the tests (and a server's channels). */
CongkakWindowLesson *
congkak_window_get_lesson (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return self->lesson;
}

/* The workspace's match library. */
CongkakLibrary *
congkak_window_get_library (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return congkak_workspace_get_library (self->workspace);
}

/* The object */

/* The header and the replay bar belong to the match, not to the library
 * (it has a header of its own: one row, not two); the replay bar and the
 * sidebar not to the puzzles. */
static void
page_changed_cb (CongkakWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  gboolean library = g_strcmp0 (page, "library") == 0;
  gboolean puzzles = g_strcmp0 (page, "puzzles") == 0;
  gboolean presenting = congkak_window_presentation_get_active (self->presentation);

  adw_toolbar_view_set_reveal_top_bars (self->toolbar_view, !library && !presenting);
  adw_toolbar_view_set_reveal_bottom_bars (self->toolbar_view, !library && !puzzles && !presenting);
  gtk_widget_set_visible (self->sidebar_button, !library && !puzzles && self->session != NULL);
  congkak_window_computer_set_elsewhere (self->computer, library || puzzles);
  update_title (self);
}

/* A property of a part that is the window's too ("active" is its
 * "presentation"). */
static void
part_notify_cb (CongkakWindow *self,
                GParamSpec    *pspec)
{
  if (g_str_equal (pspec->name, "active"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION]);
  else
    g_object_notify (G_OBJECT (self), pspec->name);
}

/* The parts' properties read FALSE until the parts are made. */
static void
congkak_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CongkakWindow *self = CONGKAK_WINDOW (object);

  switch (prop_id)
    {
    case PROP_WORKSPACE:
      g_value_set_object (value, self->workspace);
      break;
    case PROP_EXPORT_CHOICES:
      g_value_set_object (value, self->export ? congkak_window_export_get_choices (self->export) : NULL);
      break;
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_AUTOPLAY:
      g_value_set_boolean (value, self->replay && congkak_window_replay_get_autoplay (self->replay));
      break;
    case PROP_SEED_BY_SEED:
      g_value_set_boolean (value, self->replay && congkak_window_replay_get_seed_by_seed (self->replay));
      break;
    case PROP_NARRATION:
      g_value_set_boolean (value, self->teaching && congkak_window_teaching_get_narration (self->teaching));
      break;
    case PROP_PRESENTATION:
      g_value_set_boolean (value, self->presentation && congkak_window_presentation_get_active (self->presentation));
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
    case PROP_WORKSPACE:
      self->workspace = g_value_dup_object (value);
      break;
    case PROP_EXPORT_CHOICES:
      {
        g_autoptr (CongkakExportChoices) choices = g_value_dup_object (value);

        /* The export part keeps them: a window alone makes its own. */
        if (choices == NULL)
          choices = congkak_export_choices_new ();
        self->export = congkak_window_export_new (GTK_WIDGET (self), self->toast_overlay, choices,
                                                  template_child (self, "annotation_view"));
      }
      break;
    case PROP_AUTOPLAY:
      congkak_window_replay_set_autoplay (self->replay, g_value_get_boolean (value));
      break;
    case PROP_SEED_BY_SEED:
      congkak_window_replay_set_seed_by_seed (self->replay, g_value_get_boolean (value));
      break;
    case PROP_NARRATION:
      congkak_window_teaching_set_narration (self->teaching, g_value_get_boolean (value));
      break;
    case PROP_PRESENTATION:
      congkak_window_presentation_set_active (self->presentation, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* A resignation over the network: the board stops taking moves. */
static void
network_over_cb (CongkakWindow *self)
{
  if (self->session)
    congkak_board_view_set_locked (self->board, turn_is_locked (self));
}

/* The parts, made with the workspace now that the window has it. */
static void
congkak_window_constructed (GObject *object)
{
  CongkakWindow *self = CONGKAK_WINDOW (object);
  GtkWidget *window = GTK_WIDGET (self);
  AdwToastOverlay *toasts = self->toast_overlay;

  G_OBJECT_CLASS (congkak_window_parent_class)->constructed (object);

  /* A window alone is a workspace of its own. */
  if (self->workspace == NULL)
    {
      self->workspace = congkak_workspace_new (NULL);
      congkak_workspace_set_oware_endgame_seeds (self->workspace,
                                                 congkak_oware_endgame_parse_seeds (g_getenv ("CONGKAK_OWARE_ENDGAME_SEEDS")));
    }

  self->files = congkak_window_files_new (window, toasts, self->workspace, template_child (self, "annotation_view"));
  g_signal_connect_object (self->files, "show-document", G_CALLBACK (congkak_window_show_document), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->files, "present-document", G_CALLBACK (files_present_document_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->files, "replace-document", G_CALLBACK (congkak_window_set_document), self,
                           G_CONNECT_SWAPPED);
  self->computer = congkak_window_computer_new (window, toasts, self->board, self->split_view,
                                                template_child (self, "thinking_spinner"));
  self->help = congkak_window_help_new (window, toasts);
  self->teaching = congkak_window_teaching_new (window, toasts, self->help, self->board,
                                                template_child (self, "narration_label"));
  g_signal_connect_object (self->teaching, "play", G_CALLBACK (congkak_window_files_start_like), self->files,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->teaching, "notify::narration", G_CALLBACK (part_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_settings_bind (self->settings, "narration", self, "narration", G_SETTINGS_BIND_DEFAULT);
  self->library = congkak_window_library_new (window, toasts, self->workspace, self->stack,
                                              template_child (self, "library_view"), self->window_title, self->board);
  self->puzzles = congkak_window_puzzles_new (window, toasts, self->workspace, self->stack,
                                              template_child (self, "puzzle_view"), self->window_title,
                                              self->toolbar_view, self->board);
  self->presentation = congkak_window_presentation_new (window, toasts, self->board, self->split_view, self->toolbar_view,
                                                        template_child (self, "presentation_bar"));
  g_signal_connect_object (self->presentation, "notify::active", G_CALLBACK (part_notify_cb), self,
                           G_CONNECT_SWAPPED);
  self->replay = congkak_window_replay_new (window, toasts, self->board);
  g_signal_connect_object (self->replay, "notify::autoplay", G_CALLBACK (part_notify_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->replay, "notify::seed-by-seed", G_CALLBACK (part_notify_cb), self,
                           G_CONNECT_SWAPPED);
  self->endings = congkak_window_endings_new (window, toasts, self->board);
  self->network = congkak_window_network_new (window, toasts, template_child (self, "network_banner"));
  g_signal_connect_object (self->network, "replace-match", G_CALLBACK (congkak_window_files_replace_match),
                           self->files, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->network, "show-session", G_CALLBACK (congkak_window_play_session), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->network, "notify::over", G_CALLBACK (network_over_cb), self, G_CONNECT_SWAPPED);
  self->lesson = congkak_window_lesson_new (window, toasts, self->workspace, self->board, self->toolbar_view,
                                            template_child (self, "board_box"), template_child (self, "presentation_bar"));
  g_signal_connect_object (self->lesson, "replace-document", G_CALLBACK (congkak_window_set_document), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->lesson, "show-move", G_CALLBACK (lesson_show_move_cb), self, G_CONNECT_SWAPPED);

  g_signal_connect_swapped (self->stack, "notify::visible-child-name", G_CALLBACK (page_changed_cb), self);
  update_actions (self);
}

static void
congkak_window_dispose (GObject *object)
{
  CongkakWindow *self = CONGKAK_WINDOW (object);
  CongkakWindowPart *parts[N_PARTS];

  let_go_of_document (self);
  /* The parts go with the window, even one that an answer still awaited
   * holds: the files part keeps unsaved changes in the autosave. */
  list_parts (self, parts);
  for (guint i = 0; i < N_PARTS; i++)
    if (parts[i])
      g_object_run_dispose (G_OBJECT (parts[i]));
  g_clear_object (&self->files);
  g_clear_object (&self->export);
  g_clear_object (&self->computer);
  g_clear_object (&self->help);
  g_clear_object (&self->library);
  g_clear_object (&self->puzzles);
  g_clear_object (&self->teaching);
  g_clear_object (&self->presentation);
  g_clear_object (&self->replay);
  g_clear_object (&self->endings);
  g_clear_object (&self->network);
  g_clear_object (&self->lesson);
  if (self->session_signals)
    g_signal_group_set_target (self->session_signals, NULL);
  if (self->document_signals)
    g_signal_group_set_target (self->document_signals, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_WINDOW);
  g_clear_object (&self->session);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->settings);
  g_clear_object (&self->workspace);
  g_clear_pointer (&self->announcement, g_free);

  G_OBJECT_CLASS (congkak_window_parent_class)->dispose (object);
}

static void
congkak_window_class_init (CongkakWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = congkak_window_constructed;
  object_class->dispose = congkak_window_dispose;
  object_class->get_property = congkak_window_get_property;
  object_class->set_property = congkak_window_set_property;

  properties[PROP_WORKSPACE] =
    g_param_spec_object ("workspace", NULL, NULL, CONGKAK_TYPE_WORKSPACE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EXPORT_CHOICES] =
    g_param_spec_object ("export-choices", NULL, NULL, CONGKAK_TYPE_EXPORT_CHOICES,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
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
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, toolbar_view);
  /* Only the parts use these: not in the struct (see template_child()). */
  gtk_widget_class_bind_template_child_full (widget_class, "annotation_view", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "thinking_spinner", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "narration_label", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "library_view", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "puzzle_view", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "presentation_bar", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "network_banner", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "board_box", FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, board_hole_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_animation_finished_cb);
  gtk_widget_class_bind_template_callback (widget_class, handover_ready_cb);
  gtk_widget_class_bind_template_callback (widget_class, open_file_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_page_match_cb);

  congkak_window_files_install (widget_class, part_action);
  congkak_window_computer_install (widget_class, part_action);
  congkak_window_export_install (widget_class, part_action);
  congkak_window_library_install (widget_class, part_action);
  congkak_window_puzzles_install (widget_class, part_action);
  congkak_window_help_install (widget_class, part_action);
  congkak_window_teaching_install (widget_class, part_action);
  congkak_window_replay_install (widget_class, part_action);
  congkak_window_network_install (widget_class, part_action);
  congkak_window_lesson_install (widget_class, part_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.show-shortcuts", NULL, show_shortcuts_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-sidebar", NULL, toggle_sidebar_action);
  gtk_widget_class_install_property_action (widget_class, "win.autoplay", "autoplay");
  gtk_widget_class_install_property_action (widget_class, "win.seed-by-seed", "seed-by-seed");
  gtk_widget_class_install_property_action (widget_class, "win.narration", "narration");
  gtk_widget_class_install_property_action (widget_class, "win.presentation", "presentation");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "win.presentation", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-sidebar", NULL);
  gtk_widget_class_install_action (widget_class, "win.show-preferences", NULL, show_preferences_action);

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
  GtkGesture *press;

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
  g_signal_group_connect_swapped (self->document_signals, "notify::modified", G_CALLBACK (update_title), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::file", G_CALLBACK (update_title), self);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (board_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), keys);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (window_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  press = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (press), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect (press, "pressed", G_CALLBACK (window_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (press));

  /* The window comes back at the size it was closed at. */
  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animation-speed", self->board, "speed", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-counts", self->board, "show-counts", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-letters", self->board, "show-letters", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "computer-animation-speed", self->board, "computer-speed", G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->settings, "changed::computer-thinking-time",
                           G_CALLBACK (thinking_time_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::judge", G_CALLBACK (judge_changed_cb), self, G_CONNECT_SWAPPED);
}

/**
 * congkak_window_new:
 * @application: (nullable): the application the window belongs to
 * @workspace: (nullable): what it shares with the application's other
 *   windows; %NULL for a window on its own
 * @export_choices: (nullable): how the last picture was exported and the
 *   last match printed, shared the same way
 */
CongkakWindow *
congkak_window_new (GtkApplication       *application,
                    CongkakWorkspace     *workspace,
                    CongkakExportChoices *export_choices)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (workspace == NULL || CONGKAK_IS_WORKSPACE (workspace), NULL);
  g_return_val_if_fail (export_choices == NULL || CONGKAK_IS_EXPORT_CHOICES (export_choices), NULL);

  return g_object_new (CONGKAK_TYPE_WINDOW,
                       "application", application,
                       "workspace", workspace,
                       "export-choices", export_choices,
                       NULL);
}
