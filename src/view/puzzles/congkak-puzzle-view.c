/* congkak-puzzle-view.c — puzzle mode: find the move, one puzzle at a time
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One puzzle on the board at a time: the player picks a hole, is told
 * whether it was the answer, and sees the solution sown seed by seed from
 * the engine's events with the narration under the board; the rating
 * follows the results (Elo: beating a harder puzzle earns more) and the
 * streak counts the answers found in a row, both kept in GSettings.  The
 * puzzles come from the library's matches, found by the puzzle finder in
 * a worker, or from a puzzle file; the player's own mistakes come first,
 * then the puzzles nearest the rating.  Presentation mode is for a class:
 * full screen, and a key press reveals the answer, then moves on.  The
 * puzzle files and the sheet of the puzzles shown (a PDF, or printed) are
 * congkak-puzzle-view-files.c's.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "congkak-narration.h"
#include "congkak-puzzle-finder.h"
#include "congkak-puzzle-view-private.h"

G_DEFINE_FINAL_TYPE (CongkakPuzzleView, congkak_puzzle_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_LIBRARY,
  PROP_PRESENTING,
  PROP_ANSWERED,
  N_PROPS
};

enum
{
  BACK,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void show_puzzle (CongkakPuzzleView *self);

/* Toasts, from the window's overlay when there is one */

void
_congkak_puzzle_view_show_toast (CongkakPuzzleView *self,
                                 const char        *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  AdwToast *toast = adw_toast_new (message);

  if (overlay)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

/* The player: the people who played in this window */

/* The names the New Match dialog last gave to the people (not the
 * computer): whose mistakes the puzzles show first. */
static GStrv
player_names (CongkakPuzzleView *self)
{
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  static const char * const sides[] = { "south", "north" };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      g_autofree char *kind_key = g_strdup_printf ("%s-player", sides[i]);
      g_autofree char *name_key = g_strdup_printf ("%s-name", sides[i]);
      g_autofree char *kind = g_settings_get_string (self->settings, kind_key);
      g_autofree char *name = g_settings_get_string (self->settings, name_key);

      if (g_str_equal (kind, "human"))
        g_strv_builder_add (names, name);
    }
  return g_strv_builder_end (names);
}

static double
player_rating (CongkakPuzzleView *self)
{
  return g_settings_get_double (self->settings, "puzzle-rating");
}

/* @text (freed) with no-break spaces: a line never wraps inside it. */
static char *
keep_together (char *text)
{
  GString *kept = g_string_new_take (text);

  g_string_replace (kept, " ", "\u00a0", 0);
  return g_string_free (kept, FALSE);
}

static void
update_score (CongkakPuzzleView *self)
{
  g_autofree char *text = NULL;
  g_autofree char *rating = NULL;
  g_autofree char *streaks = NULL;
  g_autofree char *count = NULL;
  guint streak = g_settings_get_uint (self->settings, "puzzle-streak");
  guint best = g_settings_get_uint (self->settings, "puzzle-best-streak");
  guint solved = g_settings_get_uint (self->settings, "puzzles-solved");
  guint tried = g_settings_get_uint (self->settings, "puzzles-tried");

  /* TRANSLATORS: the player's puzzle rating, "Rating 1000" */
  rating = keep_together (g_strdup_printf (_("Rating %.0f"), player_rating (self)));
  /* TRANSLATORS: puzzles answered in a row now, and the most ever, "Streak 3 (best 7)" */
  streaks = keep_together (g_strdup_printf (_("Streak %u (best %u)"), streak, best));
  /* TRANSLATORS: puzzles solved of those tried, "Solved 4 of 9" */
  count = keep_together (g_strdup_printf (_("Solved %u of %u"), solved, tried));
  /* A narrow page wraps the line between its parts, never inside one. */
  text = g_strjoin (" · ", rating, streaks, count, NULL);
  gtk_label_set_label (self->score_label, text);
}

/* Elo: the expected score against the puzzle's rating, and a step of at
 * most CONGKAK_PUZZLE_RATING_STEP towards the result. */
static void
record_result (CongkakPuzzleView *self,
               CongkakPuzzle     *puzzle,
               gboolean           solved)
{
  double rating = player_rating (self);
  double expected = 1.0 / (1.0 + pow (10.0, (congkak_puzzle_get_rating (puzzle) - rating) / 400.0));
  guint streak = solved ? g_settings_get_uint (self->settings, "puzzle-streak") + 1 : 0;

  rating += CONGKAK_PUZZLE_RATING_STEP * ((solved ? 1.0 : 0.0) - expected);
  g_settings_delay (self->settings);
  g_settings_set_double (self->settings, "puzzle-rating", CLAMP (rating, 100, 3000));
  g_settings_set_uint (self->settings, "puzzle-streak", streak);
  if (streak > g_settings_get_uint (self->settings, "puzzle-best-streak"))
    g_settings_set_uint (self->settings, "puzzle-best-streak", streak);
  g_settings_set_uint (self->settings, "puzzles-tried", g_settings_get_uint (self->settings, "puzzles-tried") + 1);
  if (solved)
    g_settings_set_uint (self->settings, "puzzles-solved", g_settings_get_uint (self->settings, "puzzles-solved") + 1);
  g_settings_apply (self->settings);
  update_score (self);
}

/* Order and filters */

typedef struct
{
  CongkakPuzzle *puzzle;
  gboolean       mistake;
  double         distance;
  guint          position;
} Ranked;

static int
compare_ranked (gconstpointer a,
                gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->mistake != y->mistake)
    return x->mistake ? -1 : 1;
  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return (int) x->position - (int) y->position;
}

/* The player's own mistakes first (a person's here, named as in the New
 * Match dialog or without a name; never the computer's moves), then the
 * puzzles nearest the rating. */
static void
order_puzzles (CongkakPuzzleView *self)
{
  g_auto (GStrv) names = player_names (self);
  double rating = player_rating (self);
  guint n = self->puzzles ? congkak_puzzle_set_get_n_puzzles (self->puzzles) : 0;
  g_autofree Ranked *ranked = g_new0 (Ranked, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      CongkakPuzzle *puzzle = congkak_puzzle_set_get_puzzle (self->puzzles, i);

      ranked[i].puzzle = puzzle;
      ranked[i].mistake = congkak_puzzle_is_mistake_here (puzzle, (const char * const *) names);
      ranked[i].distance = fabs (congkak_puzzle_get_rating (puzzle) - rating);
      ranked[i].position = i;
    }
  qsort (ranked, n, sizeof (Ranked), compare_ranked);
  g_ptr_array_set_size (self->ordered, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->ordered, g_object_ref (ranked[i].puzzle));
}

static const char *
game_title (const char *game)
{
  return g_str_equal (game, "custom") ? _("Custom Rules") : congkak_rules_profile_title (game);
}

/* The game dropdown: all games, then each game the puzzles have. */
static void
fill_game_dropdown (CongkakPuzzleView *self)
{
  g_autoptr (GtkStringList) titles = gtk_string_list_new (NULL);

  g_ptr_array_set_size (self->game_keys, 0);
  g_ptr_array_add (self->game_keys, NULL);
  gtk_string_list_append (titles, _("All Games"));
  for (guint i = 0; i < self->ordered->len; i++)
    {
      const char *game = congkak_puzzle_get_game (g_ptr_array_index (self->ordered, i));
      gboolean known = FALSE;

      for (guint k = 1; k < self->game_keys->len; k++)
        known |= g_str_equal (g_ptr_array_index (self->game_keys, k), game);
      if (known)
        continue;
      g_ptr_array_add (self->game_keys, g_strdup (game));
      gtk_string_list_append (titles, game_title (game));
    }
  self->updating_filters = TRUE;
  gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (titles));
  gtk_drop_down_set_selected (self->game_dropdown, 0);
  self->updating_filters = FALSE;
}

static void
apply_filters (CongkakPuzzleView *self)
{
  guint game = gtk_drop_down_get_selected (self->game_dropdown);
  guint difficulty = gtk_drop_down_get_selected (self->difficulty_dropdown);
  const char *key = game < self->game_keys->len ? g_ptr_array_index (self->game_keys, game) : NULL;

  g_list_store_remove_all (self->shown);
  for (guint i = 0; i < self->ordered->len; i++)
    {
      CongkakPuzzle *puzzle = g_ptr_array_index (self->ordered, i);

      if (key && !g_str_equal (key, congkak_puzzle_get_game (puzzle)))
        continue;
      if (difficulty > 0 && difficulty != GTK_INVALID_LIST_POSITION
          && congkak_puzzle_get_difficulty (puzzle) != difficulty - 1)
        continue;
      g_list_store_append (self->shown, puzzle);
    }
  self->index = 0;
  show_puzzle (self);
}

/* The filters' buttons shrink, their choices ellipsized, so that a narrow
 * window keeps them; their lists show each choice whole. */
static void
setup_choice_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  ellipsize)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (GPOINTER_TO_INT (ellipsize))
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_choice_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

static void
make_shrinkable (GtkDropDown *dropdown)
{
  for (guint ellipsize = 0; ellipsize < 2; ellipsize++)
    {
      g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

      g_signal_connect (factory, "setup", G_CALLBACK (setup_choice_cb), GINT_TO_POINTER (ellipsize));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_choice_cb), NULL);
      if (ellipsize)
        gtk_drop_down_set_factory (dropdown, factory);
      else
        gtk_drop_down_set_list_factory (dropdown, factory);
    }
}

static void
filter_changed_cb (CongkakPuzzleView *self)
{
  if (!self->updating_filters)
    apply_filters (self);
}

/* The puzzle on the board */

static CongkakPuzzle *
current_puzzle (CongkakPuzzleView *self)
{
  if (self->index >= g_list_model_get_n_items (G_LIST_MODEL (self->shown)))
    return NULL;
  /* The store holds a reference for as long as the puzzle is shown. */
  return g_list_model_get_item (G_LIST_MODEL (self->shown), self->index);
}

static void
update_actions (CongkakPuzzleView *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  gboolean finding = self->finder != NULL;
  gboolean have = self->puzzles && congkak_puzzle_set_get_n_puzzles (self->puzzles) > 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.reveal", n > 0 && !self->answered);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.next", n > 1 || (n == 1 && self->answered));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.previous", n > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.find", !finding && self->library != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.cancel", finding);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.save", have && !finding);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.export-sheet", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.print-sheet", n > 0);
}

static void
set_answered (CongkakPuzzleView *self,
              gboolean           answered)
{
  if (self->answered == answered)
    return;
  self->answered = answered;
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANSWERED]);
}

/* “Your mistake”, on the player's own puzzles; not in front of a class. */
static void
update_mistake_label (CongkakPuzzleView *self,
                      CongkakPuzzle     *puzzle)
{
  g_auto (GStrv) names = player_names (self);
  gboolean mistake = puzzle && congkak_puzzle_is_mistake_here (puzzle, (const char * const *) names);

  if (mistake)
    {
      /* TRANSLATORS: the player's own match: the move they played where the puzzle's answer was better */
      g_autofree char *text = g_strdup_printf (_("Your mistake: you played %s here."),
                                               congkak_puzzle_get_source (puzzle)->played);

      gtk_label_set_label (self->mistake_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->mistake_label), mistake && !self->presenting);
}

static void
show_puzzle (CongkakPuzzleView *self)
{
  g_autoptr (CongkakPuzzle) puzzle = current_puzzle (self);
  g_autoptr (CongkakGame) game = NULL;
  g_autofree char *title = NULL;
  g_autofree char *description = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *task = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->shown));

  self->playing_line = FALSE;
  g_clear_pointer (&self->line_game, congkak_game_free);
  set_answered (self, FALSE);
  if (self->finder)
    gtk_stack_set_visible_child_name (self->stack, "searching");
  else
    gtk_stack_set_visible_child_name (self->stack, self->ordered->len > 0 ? "puzzle" : "empty");
  update_actions (self);

  gtk_label_set_label (self->narration_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->explanation_label), FALSE);
  if (puzzle == NULL)
    {
      /* Filters that leave nothing: say so on the puzzle page. */
      congkak_board_view_set_game (self->board, NULL);
      gtk_label_set_label (self->title_label, _("No puzzle fits these choices"));
      gtk_label_set_label (self->description_label, "");
      gtk_label_set_label (self->origin_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->mistake_label), FALSE);
      gtk_label_set_label (self->task_label, "");
      return;
    }

  game = congkak_puzzle_new_game (puzzle);
  congkak_board_view_set_game (self->board, game);
  congkak_board_view_set_locked (self->board, FALSE);

  /* TRANSLATORS: the puzzle shown and how many there are */
  title = g_strdup_printf (_("Puzzle %u of %u"), self->index + 1, n);
  gtk_label_set_label (self->title_label, title);
  description = congkak_puzzle_dup_description (puzzle);
  gtk_label_set_label (self->description_label, description);
  origin = congkak_puzzle_dup_origin (puzzle);
  if (origin)
    {
      g_autofree char *from = g_strdup_printf (_("From: %s"), origin);

      gtk_label_set_label (self->origin_label, from);
    }
  else
    gtk_label_set_label (self->origin_label, "");

  update_mistake_label (self, puzzle);

  task = congkak_puzzle_dup_task (puzzle);
  gtk_label_set_label (self->task_label, task);
}

/* Sows the next move of the solution; the board's animation-finished
 * brings the one after. */
static void
sow_next_line_move (CongkakPuzzleView *self)
{
  g_autoptr (CongkakPuzzle) puzzle = current_puzzle (self);
  const char * const *line;
  g_autoptr (GArray) events = NULL;
  g_autofree char *explanation = NULL;

  if (!self->playing_line || puzzle == NULL)
    return;
  line = congkak_puzzle_get_solution (puzzle);
  if (line[self->line_next] == NULL)
    {
      self->playing_line = FALSE;
      explanation = congkak_puzzle_dup_explanation (puzzle);
      gtk_label_set_label (self->explanation_label, explanation);
      gtk_widget_set_visible (GTK_WIDGET (self->explanation_label), TRUE);
      return;
    }

  events = congkak_event_array_new ();
  /* The line was replayed through the engine when the puzzle was made. */
  if (!congkak_game_play_text (self->line_game, line[self->line_next], events, NULL))
    g_return_if_reached ();
  self->line_next++;
  congkak_board_view_animate (self->board, events, self->line_game);
}

static void
play_solution (CongkakPuzzleView *self,
               CongkakPuzzle     *puzzle)
{
  g_clear_pointer (&self->line_game, congkak_game_free);
  self->line_game = congkak_puzzle_new_game (puzzle);
  congkak_board_view_set_game (self->board, self->line_game);
  congkak_board_view_set_locked (self->board, TRUE);
  self->line_next = 0;
  self->playing_line = TRUE;
  sow_next_line_move (self);
}

static void
tell (CongkakPuzzleView *self,
      const char        *feedback)
{
  gtk_label_set_label (self->task_label, feedback);
  gtk_accessible_announce (GTK_ACCESSIBLE (self), feedback, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
}

static void
board_hole_activated_cb (CongkakPuzzleView *self,
                         int                side,
                         guint              hole)
{
  g_autoptr (CongkakPuzzle) puzzle = current_puzzle (self);
  g_autofree char *feedback = NULL;
  gboolean solved;

  if (puzzle == NULL || self->answered || side != congkak_puzzle_get_side (puzzle))
    return;

  solved = congkak_puzzle_is_answer (puzzle, hole);
  if (!self->presenting)
    record_result (self, puzzle, solved);
  set_answered (self, TRUE);
  if (solved)
    {
      g_autofree char *summary = congkak_puzzle_dup_answer_summary (puzzle);

      /* TRANSLATORS: the puzzle was solved; %s is the answer and what it does, “C: capture 9 seeds at E” */
      feedback = g_strdup_printf (_("Right! %s"), summary);
    }
  else
    {
      char chosen[2] = { congkak_hole_letter (side, hole), '\0' };

      /* TRANSLATORS: the hole the player chose, then the puzzle's answer */
      feedback = g_strdup_printf (_("Not this time: %s is not the best move. The answer is %s."),
                                  chosen, congkak_puzzle_get_solution (puzzle)[0]);
    }
  tell (self, feedback);
  play_solution (self, puzzle);
}

static void
board_caption_cb (CongkakPuzzleView  *self,
                  const CongkakEvent *event,
                  const char         *sentence)
{
  /* The board holds each caption long enough to read; NULL clears it. */
  gtk_label_set_label (self->narration_label, sentence ? sentence : "");
}

static void
board_animation_finished_cb (CongkakPuzzleView *self)
{
  sow_next_line_move (self);
}

static void
reveal (CongkakPuzzleView *self)
{
  g_autoptr (CongkakPuzzle) puzzle = current_puzzle (self);
  g_autofree char *feedback = NULL;

  if (puzzle == NULL || self->answered)
    return;
  /* Looking at the answer is a puzzle not solved, except for a class. */
  if (!self->presenting)
    record_result (self, puzzle, FALSE);
  set_answered (self, TRUE);
  /* TRANSLATORS: the puzzle's answer, a move such as “C” */
  feedback = g_strdup_printf (_("The answer is %s."), congkak_puzzle_get_solution (puzzle)[0]);
  tell (self, feedback);
  play_solution (self, puzzle);
}

static void
go_to (CongkakPuzzleView *self,
       int                delta)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->shown));

  if (n == 0)
    return;
  self->index = (self->index + n + delta) % n;
  show_puzzle (self);
}

static void
reveal_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  reveal (CONGKAK_PUZZLE_VIEW (widget));
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  go_to (CONGKAK_PUZZLE_VIEW (widget), 1);
}

static void
previous_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  go_to (CONGKAK_PUZZLE_VIEW (widget), -1);
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakPuzzleView *self = CONGKAK_PUZZLE_VIEW (widget);

  if (self->presenting)
    congkak_puzzle_view_set_presenting (self, FALSE);
  else
    g_signal_emit (self, signals[BACK], 0);
}

/* In presentation mode the keys are the teacher's, wherever the focus is:
 * Space or Enter reveals the answer, then goes on; the arrows step. */
static gboolean
presentation_key_pressed_cb (GtkEventControllerKey *controller,
                             guint                  keyval,
                             guint                  keycode,
                             GdkModifierType        state,
                             CongkakPuzzleView     *self)
{
  if (!self->presenting)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (self->answered)
        go_to (self, 1);
      else
        reveal (self);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_Page_Down:
      go_to (self, 1);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_Page_Up:
      go_to (self, -1);
      return TRUE;
    case GDK_KEY_Escape:
    case GDK_KEY_F11:
      congkak_puzzle_view_set_presenting (self, FALSE);
      return TRUE;
    default:
      return FALSE;
    }
}

/* Finding puzzles in the library */

static void
finder_progress_cb (guint    done,
                    guint    total,
                    gpointer user_data)
{
  CongkakPuzzleView *self = user_data;
  g_autofree char *text = NULL;
  guint found;

  /* Gone while the worker was still reporting. */
  if (self->progress_bar == NULL)
    return;
  found = self->finder ? congkak_puzzle_finder_get_n_found (self->finder) : 0;
  /* TRANSLATORS: progress of the search for puzzles: positions judged, of about how many
   * (the matches not read yet are guessed), and the puzzles found so far, which Stop keeps */
  text = g_strdup_printf (ngettext ("Position %u of about %u · %u puzzle found",
                                    "Position %u of about %u · %u puzzles found", found),
                          done, total, found);
  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0);
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static void
save_cache (CongkakPuzzleView *self)
{
  g_autoptr (GError) error = NULL;

  if (self->cache_file && self->puzzles
      && !congkak_puzzle_set_save_to_file (self->puzzles, self->cache_file, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("The puzzles could not be kept: %s"), error->message);

      _congkak_puzzle_view_show_toast (self, message);
    }
}

static void
find_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (CongkakPuzzleView) self = user_data;
  CongkakPuzzleFinder *finder = CONGKAK_PUZZLE_FINDER (object);
  g_autoptr (GError) error = NULL;
  CongkakPuzzleSet *found;
  GPtrArray *failures;
  gboolean finished;

  finished = congkak_puzzle_finder_run_finish (finder, result, &error);
  /* The view was closed while it looked: nothing to show anymore. */
  if (self->ordered == NULL)
    return;
  found = g_object_ref (congkak_puzzle_finder_get_puzzles (finder));
  failures = congkak_puzzle_finder_get_failures (finder);
  if (failures->len > 0)
    {
      g_autofree char *message = g_strdup_printf (ngettext ("%u match could not be read: %s",
                                                            "%u matches could not be read; the first: %s",
                                                            failures->len),
                                                  failures->len, (const char *) g_ptr_array_index (failures, 0));

      _congkak_puzzle_view_show_toast (self, message);
    }
  g_clear_object (&self->finder);
  g_clear_object (&self->cancellable);

  /* Stopped: what was found by then, unless nothing was. */
  if (finished || congkak_puzzle_set_get_n_puzzles (found) > 0)
    {
      congkak_puzzle_view_set_puzzles (self, found);
      save_cache (self);
    }
  else
    show_puzzle (self);
  if (finished && congkak_puzzle_set_get_n_puzzles (found) == 0)
    adw_status_page_set_description (self->empty_page,
                                     _("No position of your matches has one move clearly better than every other yet. Play some more, then look again."));
  g_object_unref (found);
}

/**
 * congkak_puzzle_view_find:
 *
 * Looks for puzzles in every match of the library, in a worker; the
 * puzzles found replace those shown.
 */
void
congkak_puzzle_view_find (CongkakPuzzleView *self)
{
  g_return_if_fail (CONGKAK_IS_PUZZLE_VIEW (self));

  if (self->finder || self->library == NULL)
    return;
  self->finder = congkak_puzzle_finder_new (NULL);
  self->cancellable = g_cancellable_new ();
  congkak_puzzle_finder_add_library (self->finder, self->library);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _("Reading the matches…"));
  gtk_stack_set_visible_child_name (self->stack, "searching");
  update_actions (self);
  congkak_puzzle_finder_run_async (self->finder, finder_progress_cb, g_object_ref (self), g_object_unref,
                                   self->cancellable, find_done_cb, g_object_ref (self));
}

gboolean
congkak_puzzle_view_is_finding (CongkakPuzzleView *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), FALSE);

  return self->finder != NULL;
}

static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  congkak_puzzle_view_find (CONGKAK_PUZZLE_VIEW (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CongkakPuzzleView *self = CONGKAK_PUZZLE_VIEW (widget);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
}

/* GObject */

/* Out of its window (closed): the search stops, and lets the view go. */
static void
congkak_puzzle_view_unroot (GtkWidget *widget)
{
  CongkakPuzzleView *self = CONGKAK_PUZZLE_VIEW (widget);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  GTK_WIDGET_CLASS (congkak_puzzle_view_parent_class)->unroot (widget);
}

static void
congkak_puzzle_view_dispose (GObject *object)
{
  CongkakPuzzleView *self = CONGKAK_PUZZLE_VIEW (object);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  self->playing_line = FALSE;
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_PUZZLE_VIEW);
  g_clear_object (&self->settings);
  g_clear_object (&self->library);
  g_clear_object (&self->cache_file);
  g_clear_object (&self->puzzles);
  g_clear_pointer (&self->ordered, g_ptr_array_unref);
  g_clear_object (&self->shown);
  g_clear_pointer (&self->game_keys, g_ptr_array_unref);
  g_clear_object (&self->finder);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->line_game, congkak_game_free);

  G_OBJECT_CLASS (congkak_puzzle_view_parent_class)->dispose (object);
}

static void
congkak_puzzle_view_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CongkakPuzzleView *self = CONGKAK_PUZZLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_PRESENTING:
      g_value_set_boolean (value, self->presenting);
      break;
    case PROP_ANSWERED:
      g_value_set_boolean (value, self->answered);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_puzzle_view_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CongkakPuzzleView *self = CONGKAK_PUZZLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      congkak_puzzle_view_set_library (self, g_value_get_object (value));
      break;
    case PROP_PRESENTING:
      congkak_puzzle_view_set_presenting (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_puzzle_view_class_init (CongkakPuzzleViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_puzzle_view_dispose;
  object_class->get_property = congkak_puzzle_view_get_property;
  object_class->set_property = congkak_puzzle_view_set_property;
  widget_class->unroot = congkak_puzzle_view_unroot;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, CONGKAK_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PRESENTING] =
    g_param_spec_boolean ("presenting", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANSWERED] =
    g_param_spec_boolean ("answered", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakPuzzleView::back:
   *
   * The user asked to leave puzzle mode.
   */
  signals[BACK] = g_signal_new ("back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (CONGKAK_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/congkak/Congkak/ui/congkak-puzzle-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, stack);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, empty_page);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, toolbar);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, filters);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, difficulty_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, score_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, title_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, description_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, origin_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, mistake_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, board);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, task_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, narration_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, buttons);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, sheet_count_spin);
  gtk_widget_class_bind_template_child (widget_class, CongkakPuzzleView, sheet_per_page_spin);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_hole_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_caption_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_animation_finished_cb);

  gtk_widget_class_install_action (widget_class, "puzzle.reveal", NULL, reveal_action);
  gtk_widget_class_install_action (widget_class, "puzzle.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "puzzle.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "puzzle.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "puzzle.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "puzzle.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "puzzle.open", NULL, _congkak_puzzle_view_open_action);
  gtk_widget_class_install_action (widget_class, "puzzle.save", NULL, _congkak_puzzle_view_save_action);
  gtk_widget_class_install_action (widget_class, "puzzle.export-sheet", NULL, _congkak_puzzle_view_export_sheet_action);
  gtk_widget_class_install_action (widget_class, "puzzle.print-sheet", NULL, _congkak_puzzle_view_print_sheet_action);
  gtk_widget_class_install_property_action (widget_class, "puzzle.presenting", "presenting");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "puzzle.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "puzzle.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "puzzle.previous", NULL);

  gtk_widget_class_set_css_name (widget_class, "congkak-puzzle-view");
}

static void
congkak_puzzle_view_init (CongkakPuzzleView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->settings = g_settings_new (APPLICATION_ID);
  self->ordered = g_ptr_array_new_with_free_func (g_object_unref);
  self->shown = g_list_store_new (CONGKAK_TYPE_PUZZLE);
  self->game_keys = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The app's icon is named by its id, which a development build's differs in. */
  adw_status_page_set_icon_name (self->empty_page, APPLICATION_ID "-symbolic");
  make_shrinkable (self->game_dropdown);
  make_shrinkable (self->difficulty_dropdown);

  g_settings_bind (self->settings, "animation-speed", self->board, "speed", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-counts", self->board, "show-counts", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-letters", self->board, "show-letters", G_SETTINGS_BIND_GET);

  /* Before the board's own keys: presentation mode takes Space and Enter. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (presentation_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  fill_game_dropdown (self);
  update_score (self);
  show_puzzle (self);
}

/* Public API */

/**
 * congkak_puzzle_view_get_library:
 *
 * Returns: (transfer none) (nullable): where the puzzles are looked for
 */
CongkakLibrary *
congkak_puzzle_view_get_library (CongkakPuzzleView *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), NULL);

  return self->library;
}

void
congkak_puzzle_view_set_library (CongkakPuzzleView *self,
                                 CongkakLibrary    *library)
{
  g_return_if_fail (CONGKAK_IS_PUZZLE_VIEW (self));
  g_return_if_fail (library == NULL || CONGKAK_IS_LIBRARY (library));

  if (!g_set_object (&self->library, library))
    return;
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY]);
}

/**
 * congkak_puzzle_view_get_cache_file:
 *
 * Returns: (transfer none) (nullable): where found puzzles are kept
 */
GFile *
congkak_puzzle_view_get_cache_file (CongkakPuzzleView *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), NULL);

  return self->cache_file;
}

/**
 * congkak_puzzle_view_set_cache_file:
 * @file: (nullable): a puzzle file where the puzzles found are kept, and
 *   read again from the next time
 *
 * Shows the puzzles kept in @file, if it exists.
 */
void
congkak_puzzle_view_set_cache_file (CongkakPuzzleView *self,
                                    GFile             *file)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (CONGKAK_IS_PUZZLE_VIEW (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (!g_set_object (&self->cache_file, file) || file == NULL || !g_file_query_exists (file, NULL))
    return;
  if (!congkak_puzzle_view_load_file (self, file, &error))
    {
      /* TRANSLATORS: the puzzles kept from an earlier search could not be read, and why */
      g_autofree char *message = g_strdup_printf (_("The puzzles found before could not be read (%s). Look for them again."),
                                                  error->message);

      adw_status_page_set_description (self->empty_page, message);
    }
}

/**
 * congkak_puzzle_view_get_puzzles:
 *
 * Returns: (transfer none) (nullable): every puzzle, as found or read
 */
CongkakPuzzleSet *
congkak_puzzle_view_get_puzzles (CongkakPuzzleView *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), NULL);

  return self->puzzles;
}

/**
 * congkak_puzzle_view_set_puzzles:
 * @puzzles: (nullable): the puzzles to offer
 *
 * Orders them, the player's own mistakes first, then the nearest the
 * rating, and shows the first.
 */
void
congkak_puzzle_view_set_puzzles (CongkakPuzzleView *self,
                                 CongkakPuzzleSet  *puzzles)
{
  g_return_if_fail (CONGKAK_IS_PUZZLE_VIEW (self));
  g_return_if_fail (puzzles == NULL || CONGKAK_IS_PUZZLE_SET (puzzles));

  g_set_object (&self->puzzles, puzzles);
  order_puzzles (self);
  fill_game_dropdown (self);
  self->updating_filters = TRUE;
  gtk_drop_down_set_selected (self->difficulty_dropdown, 0);
  self->updating_filters = FALSE;
  apply_filters (self);
}

/**
 * congkak_puzzle_view_get_shown:
 *
 * Returns: (transfer none): the puzzles offered, in order, as the
 *   filters let them through
 */
GListModel *
congkak_puzzle_view_get_shown (CongkakPuzzleView *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), NULL);

  return G_LIST_MODEL (self->shown);
}

/**
 * congkak_puzzle_view_get_puzzle:
 *
 * Returns: (transfer none) (nullable): the puzzle on the board
 */
CongkakPuzzle *
congkak_puzzle_view_get_puzzle (CongkakPuzzleView *self)
{
  g_autoptr (CongkakPuzzle) puzzle = NULL;

  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), NULL);

  /* The store keeps it alive. */
  puzzle = current_puzzle (self);
  return puzzle;
}

gboolean
congkak_puzzle_view_get_answered (CongkakPuzzleView *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), FALSE);

  return self->answered;
}

gboolean
congkak_puzzle_view_get_presenting (CongkakPuzzleView *self)
{
  g_return_val_if_fail (CONGKAK_IS_PUZZLE_VIEW (self), FALSE);

  return self->presenting;
}

/**
 * congkak_puzzle_view_set_presenting:
 *
 * Presentation mode, for a class: the window full screen, large type,
 * only the puzzle; Space or Enter reveals the answer, then goes on.  The
 * results do not count for the rating.
 */
void
congkak_puzzle_view_set_presenting (CongkakPuzzleView *self,
                                    gboolean           presenting)
{
  GtkRoot *root;
  g_autoptr (CongkakPuzzle) puzzle = NULL;

  g_return_if_fail (CONGKAK_IS_PUZZLE_VIEW (self));

  presenting = !!presenting;
  if (self->presenting == presenting)
    return;
  self->presenting = presenting;

  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (GTK_IS_WINDOW (root))
    {
      if (presenting)
        {
          gtk_window_fullscreen (GTK_WINDOW (root));
          gtk_widget_add_css_class (GTK_WIDGET (root), "presentation");
        }
      else
        {
          gtk_window_unfullscreen (GTK_WINDOW (root));
          gtk_widget_remove_css_class (GTK_WIDGET (root), "presentation");
        }
    }
  gtk_widget_set_visible (self->toolbar, !presenting);
  gtk_widget_set_visible (self->filters, !presenting);
  gtk_widget_set_visible (self->buttons, !presenting);
  gtk_widget_set_visible (GTK_WIDGET (self->origin_label), !presenting);
  puzzle = current_puzzle (self);
  update_mistake_label (self, puzzle);
  if (presenting)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTING]);
}

