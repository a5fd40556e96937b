/* congkak-window-computer.c — the computer's moves and hints in the window
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computer thinks in a worker thread (CongkakComputerWorker) on a copy
 * of the state, while the board stays live.  It starts when the board has
 * finished showing the last move and the player to act is a computer, and
 * whatever changes the position (undo, a new match, a replay step, loading,
 * closing) cancels it.  A result that comes back for a position no longer
 * on the board is dropped.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-window-private.h"

/* What a search was started for, to check when its answer comes. */
typedef struct
{
  CongkakWindow *window;   /* weak: a closed window lets go at once */
  CongkakNode   *node;     /* the cursor then; compared, never dereferenced */
  OpeningStage   stage;
  CongkakSide    side;
} Pending;

static void
pending_free (Pending *pending)
{
  g_clear_weak_pointer (&pending->window);
  g_free (pending);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Pending, pending_free)

static void update_analysis_actions (CongkakWindow *self);

static const CongkakState *
cursor_state (CongkakWindow *self)
{
  return congkak_game_get_state (congkak_match_get_cursor_game (self->match));
}

gboolean
congkak_window_is_computer (CongkakWindow *self,
                            CongkakSide    side)
{
  return self->match != NULL
         && (side == CONGKAK_SOUTH || side == CONGKAK_NORTH)
         && congkak_match_get_player_kind (self->match, side) == CONGKAK_PLAYER_COMPUTER;
}

/* Who chooses a hole next: the player to move, or the player choosing an
 * opening hole (the engine takes the state before the opening and the
 * choices so far).  CONGKAK_NOBODY when nobody can choose now. */
static CongkakSide
acting_side (CongkakWindow *self)
{
  const CongkakState *current;

  if (self->match == NULL)
    return CONGKAK_NOBODY;

  current = cursor_state (self);
  switch (self->opening_stage)
    {
    case OPENING_SOUTH_CHOOSES:
      return CONGKAK_SOUTH;
    case OPENING_NORTH_CHOOSES:
      return CONGKAK_NORTH;
    case OPENING_SOWING:
      return self->opening_chooser;
    case OPENING_HANDOVER:
      return CONGKAK_NOBODY;
    case OPENING_NONE:
    default:
      return current->phase == CONGKAK_PHASE_PLAYING ? current->position.to_move : CONGKAK_NOBODY;
    }
}

static const char *
player_name (CongkakWindow *self,
             CongkakSide    side)
{
  const char *name = congkak_match_get_player_name (self->match, side);

  return *name ? name : congkak_side_get_name (side);
}

static Pending *
pending_new (CongkakWindow *self,
             CongkakSide    side)
{
  Pending *pending = g_new0 (Pending, 1);

  g_set_weak_pointer (&pending->window, self);
  pending->node = congkak_match_get_cursor (self->match);
  pending->stage = self->opening_stage;
  pending->side = side;
  return pending;
}

/* Whether the board still shows what @pending was started for. */
static gboolean
pending_is_current (Pending *pending)
{
  CongkakWindow *self = pending->window;

  return self != NULL
         && self->match != NULL
         && congkak_match_get_cursor (self->match) == pending->node
         && self->opening_stage == pending->stage
         && acting_side (self) == pending->side
         && !congkak_board_view_is_animating (self->board);
}

static void
think_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (Pending) pending = user_data;
  CongkakWindow *self = pending->window;
  g_autoptr (GError) error = NULL;
  CongkakComputerMove choice;

  if (self == NULL)
    return;   /* closed: it was cancelled then */
  if (!congkak_computer_worker_choose_finish (CONGKAK_COMPUTER_WORKER (source), result, &choice, &error))
    {
      /* Whoever cancelled has already let go of it. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_clear_object (&self->thinking);
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
      congkak_window_update_title (self);
      return;
    }

  g_clear_object (&self->thinking);
  g_debug ("computer chose %c (score %d, depth %u, %llu nodes)%s",
           congkak_hole_letter (choice.side, choice.hole), choice.score, choice.depth,
           (unsigned long long) choice.nodes, pending_is_current (pending) ? "" : ", too late");
  if (!pending_is_current (pending))
    {
      congkak_window_computer_update (self);
      return;
    }

  if (choice.kind == CONGKAK_MOVE_OPENING)
    congkak_window_choose_hole (self, choice.side, choice.hole);
  else if (choice.kind == CONGKAK_MOVE_SOW)
    {
      CongkakMove move = { .kind = CONGKAK_MOVE_SOW, .side = choice.side, .hole = choice.hole };

      congkak_window_play_move (self, &move);
    }
}

static void
start_thinking (CongkakWindow *self,
                CongkakSide    side)
{
  self->thinking = g_cancellable_new ();
  congkak_computer_worker_choose_async (self->computer, congkak_match_get_rules (self->match),
                                        cursor_state (self), self->opening, side,
                                        congkak_match_get_player_level (self->match, side),
                                        self->thinking, think_done_cb, pending_new (self, side));
}

/**
 * congkak_window_computer_update:
 *
 * After every change of the status: locks the board while the computer is
 * to act, and starts it thinking once the board has shown the last move.
 */
void
congkak_window_computer_update (CongkakWindow *self)
{
  CongkakSide side = acting_side (self);
  gboolean computer = congkak_window_is_computer (self, side);

  congkak_board_view_set_locked (self->board, computer);
  update_analysis_actions (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", side != CONGKAK_NOBODY && !computer);

  /* Only at the end of a line: replaying old moves never makes new ones. */
  if (computer && self->thinking == NULL && !congkak_board_view_is_animating (self->board)
      && (self->opening_stage != OPENING_NONE
          || congkak_node_get_n_children (congkak_match_get_cursor (self->match)) == 0))
    start_thinking (self, side);

  gtk_widget_set_visible (self->thinking_spinner, self->thinking != NULL || self->hinting != NULL);
}

/**
 * congkak_window_computer_dup_status:
 *
 * Returns: (nullable): the status line while the computer is involved, or
 *   %NULL for the usual one.
 */
char *
congkak_window_computer_dup_status (CongkakWindow *self)
{
  CongkakSide side;

  if (self->match == NULL)
    return NULL;

  side = acting_side (self);
  if (self->thinking != NULL && side != CONGKAK_NOBODY)
    /* TRANSLATORS: the computer is choosing a move, "North is thinking…" */
    return g_strdup_printf (_("%s is thinking…"), player_name (self, side));

  /* Against the computer nobody has to look away in the opening. */
  if (congkak_window_is_computer (self, CONGKAK_SOUTH) != congkak_window_is_computer (self, CONGKAK_NORTH))
    {
      if (self->opening_stage == OPENING_SOUTH_CHOOSES && !congkak_window_is_computer (self, CONGKAK_SOUTH))
        return g_strdup (_("South, choose your opening hole"));
      if (self->opening_stage == OPENING_NORTH_CHOOSES && !congkak_window_is_computer (self, CONGKAK_NORTH))
        return g_strdup (_("North, choose your opening hole"));
    }
  return NULL;
}

/**
 * congkak_window_computer_cancel:
 *
 * Stops the computer's search and any hint being worked out.  The board
 * is left as it is; the next status update may start a new search.
 */
void
congkak_window_computer_cancel (CongkakWindow *self)
{
  if (self->thinking)
    g_cancellable_cancel (self->thinking);
  if (self->hinting)
    g_cancellable_cancel (self->hinting);
  g_clear_object (&self->thinking);
  g_clear_object (&self->hinting);
  congkak_board_view_set_hint (self->board, CONGKAK_NOBODY, 0);
  gtk_widget_set_visible (self->thinking_spinner, FALSE);
}

/* Hint */

static char *
describe_hint (const CongkakComputerMove *hint)
{
  g_autofree char *score = congkak_analysis_format_score (hint->score);

  if (hint->score >= CONGKAK_SEARCH_MATCH_WIN / 2 || hint->score <= -CONGKAK_SEARCH_MATCH_WIN / 2)
    /* TRANSLATORS: the hint: the best hole, then "wins the match" or
     * "loses the match" */
    return g_strdup_printf (_("Best: %c, %s"), congkak_hole_letter (hint->side, hint->hole), score);
  /* TRANSLATORS: the hint: the best hole and the store margin it should
   * bring at the round end, "Best: C, +3 seeds" */
  return g_strdup_printf (ngettext ("Best: %c, %s seed", "Best: %c, %s seeds", ABS (hint->score)),
                          congkak_hole_letter (hint->side, hint->hole), score);
}

static void
hint_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (Pending) pending = user_data;
  CongkakWindow *self = pending->window;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  CongkakComputerMove choice;

  if (self == NULL)
    return;   /* closed: it was cancelled then */
  if (!congkak_computer_worker_choose_finish (CONGKAK_COMPUTER_WORKER (source), result, &choice, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_clear_object (&self->hinting);
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
      congkak_window_computer_update (self);
      return;
    }

  g_clear_object (&self->hinting);
  congkak_window_computer_update (self);
  if (!pending_is_current (pending))
    return;

  congkak_board_view_set_hint (self->board, choice.side, choice.hole);
  text = describe_hint (&choice);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  CongkakSide side = acting_side (self);

  if (side == CONGKAK_NOBODY || congkak_window_is_computer (self, side))
    {
      gtk_widget_error_bell (widget);
      return;
    }

  if (self->hinting)
    g_cancellable_cancel (self->hinting);
  g_clear_object (&self->hinting);
  congkak_board_view_finish_animation (self->board);
  self->hinting = g_cancellable_new ();
  congkak_computer_worker_hint_async (self->computer, congkak_match_get_rules (self->match),
                                      cursor_state (self), self->opening, side, self->hinting,
                                      hint_done_cb, pending_new (self, side));
  gtk_widget_set_visible (self->thinking_spinner, TRUE);
}

/* Analysis */

static void
update_analysis_actions (CongkakWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.analyse",
                                 self->match != NULL && self->analysing == NULL
                                 && congkak_node_get_main_child (congkak_match_get_root (self->match)) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-analysis", self->analysing != NULL);
  gtk_widget_set_visible (self->analysis_box, self->analysing != NULL);
}

static void
analysis_progress_cb (guint    done,
                      guint    total,
                      gpointer user_data)
{
  CongkakWindow *self = user_data;
  g_autofree char *text = NULL;

  /* TRANSLATORS: the analysis's progress, "Analysing: 12 of 40 moves" */
  text = g_strdup_printf (ngettext ("Analysing: %u of %u move", "Analysing: %u of %u moves", total), done, total);
  gtk_progress_bar_set_fraction (self->analysis_progress, total ? (double) done / total : 1.0);
  gtk_progress_bar_set_text (self->analysis_progress, text);
}

static void
analyse_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (Pending) pending = user_data;
  CongkakWindow *self = pending->window;
  g_autoptr (CongkakAnalysis) analysis = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  guint applied;

  analysis = congkak_computer_worker_analyse_finish (CONGKAK_COMPUTER_WORKER (source), result, &error);
  /* Closed, or another match came: nothing to store it in. */
  if (self == NULL || self->analysing == NULL || analysis == NULL)
    return;

  g_clear_object (&self->analysing);
  /* Cancelled by the person: what was finished is kept. */
  applied = congkak_analysis_apply (analysis, self->match);
  update_analysis_actions (self);
  if (error == NULL)
    text = g_strdup (_("The match is analysed"));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    text = g_strdup_printf (ngettext ("Analysis stopped after %u move", "Analysis stopped after %u moves", applied),
                            applied);
  else
    text = g_strdup (error->message);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
analyse_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);
  CongkakAnalysisOptions options;
  CongkakAnalysis *analysis;

  if (self->match == NULL || self->analysing != NULL)
    return;

  congkak_analysis_options_init (&options);
  analysis = congkak_analysis_new (self->match, &options);
  self->analysing = g_cancellable_new ();
  analysis_progress_cb (0, congkak_analysis_get_n_moves (analysis), self);
  update_analysis_actions (self);
  adw_overlay_split_view_set_show_sidebar (self->split_view, TRUE);
  congkak_computer_worker_analyse_async (self->computer, analysis, analysis_progress_cb, self,
                                         self->analysing, analyse_done_cb,
                                         pending_new (self, CONGKAK_NOBODY));
}

static void
cancel_analysis_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  CongkakWindow *self = CONGKAK_WINDOW (widget);

  /* The answer comes back cancelled, with the moves done so far. */
  if (self->analysing)
    g_cancellable_cancel (self->analysing);
}

/**
 * congkak_window_computer_match_changed:
 *
 * Another match is on the board: an analysis of the last one stops
 * without being stored.
 */
void
congkak_window_computer_match_changed (CongkakWindow *self)
{
  if (self->analysing)
    g_cancellable_cancel (self->analysing);
  g_clear_object (&self->analysing);
  update_analysis_actions (self);
}

/**
 * congkak_window_is_analysing:
 *
 * Returns: whether an analysis of the match is running.
 */
gboolean
congkak_window_is_analysing (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), FALSE);

  return self->analysing != NULL;
}

/* Setup */

static void
thinking_time_changed_cb (CongkakWindow *self)
{
  congkak_computer_worker_set_max_seconds (self->computer,
                                           g_settings_get_double (self->settings, "computer-thinking-time"));
}

void
congkak_window_computer_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (CONGKAK_TYPE_EVALUATION_GRAPH);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, analysis_box);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, analysis_progress);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, evaluation_graph);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.analyse", NULL, analyse_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-analysis", NULL, cancel_analysis_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
}

void
congkak_window_computer_init (CongkakWindow *self)
{
  self->computer = congkak_computer_worker_new ();
  congkak_computer_worker_set_seed (self->computer, g_random_int ());
  g_signal_connect_swapped (self->settings, "changed::computer-thinking-time",
                            G_CALLBACK (thinking_time_changed_cb), self);
  thinking_time_changed_cb (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", FALSE);
  update_analysis_actions (self);
}

void
congkak_window_computer_dispose (CongkakWindow *self)
{
  if (self->settings)
    g_signal_handlers_disconnect_by_func (self->settings, thinking_time_changed_cb, self);
  if (self->thinking)
    g_cancellable_cancel (self->thinking);
  if (self->hinting)
    g_cancellable_cancel (self->hinting);
  if (self->analysing)
    g_cancellable_cancel (self->analysing);
  g_clear_object (&self->thinking);
  g_clear_object (&self->hinting);
  g_clear_object (&self->analysing);
  g_clear_object (&self->computer);
}

/**
 * congkak_window_get_computer_worker:
 *
 * Returns: (transfer none): the player that chooses the computer's moves
 *   and the hints, to set its seed or count its running searches.
 */
CongkakComputerWorker *
congkak_window_get_computer_worker (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), NULL);

  return self->computer;
}

/**
 * congkak_window_is_thinking:
 *
 * Returns: whether the computer is choosing a move now.
 */
gboolean
congkak_window_is_thinking (CongkakWindow *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW (self), FALSE);

  return self->thinking != NULL;
}
