/* congkak-players-page.c — what the library says about each player
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One expandable row per player name: matches and results at a glance,
 * and inside, the results per game, the average margin, the longest
 * relay, the biggest capture, rounds and burnt holes of multi-round
 * matches, and a chart of the results over time.  Worked out from the
 * library (congkak-player-stats.c) whenever it changes (a GSignalGroup
 * follows whichever library is set) and the page shows.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-narration.h"
#include "congkak-player-stats.h"
#include "congkak-players-page.h"
#include "congkak-results-chart.h"

struct _CongkakPlayersPage
{
  GtkWidget       parent_instance;

  /* Template widgets */
  GtkStack       *stack;
  GtkLabel       *summary_label;
  GtkListBox     *list;

  /* Owned references */
  CongkakLibrary *library;
  GSignalGroup   *library_signals;
  GPtrArray      *players;     /* CongkakPlayerStats, as shown */
  gboolean        stale;       /* the library changed since the rows were made */
  guint           rebuild_id;
};

G_DEFINE_FINAL_TYPE (CongkakPlayersPage, congkak_players_page, GTK_TYPE_WIDGET)

static const char *
game_title (const char *game)
{
  CongkakRules rules;

  if (!congkak_rules_init_profile (&rules, game, NULL))
    return _("Custom Rules");
  return congkak_narrate_game_name (&rules);
}

static char *
results_text (guint wins,
              guint draws,
              guint losses,
              guint unfinished)
{
  if (unfinished > 0)
    /* TRANSLATORS: a player's results: won, drawn, lost and unfinished matches */
    return g_strdup_printf (_("won %u, drawn %u, lost %u, unfinished %u"), wins, draws, losses, unfinished);
  /* TRANSLATORS: a player's results: won, drawn and lost matches */
  return g_strdup_printf (_("won %u, drawn %u, lost %u"), wins, draws, losses);
}

static GtkWidget *
fact_row (const char *title,
          const char *value)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value);
  adw_action_row_set_subtitle_selectable (ADW_ACTION_ROW (row), TRUE);
  gtk_widget_add_css_class (row, "property");
  return row;
}

static GtkWidget *
player_row (CongkakPlayerStats *stats)
{
  GtkWidget *row = adw_expander_row_new ();
  g_autofree char *matches = g_strdup_printf (ngettext ("%u match", "%u matches", stats->matches), stats->matches);
  g_autofree char *results = results_text (stats->wins, stats->draws, stats->losses, stats->unfinished);
  g_autofree char *subtitle = NULL;
  g_autofree char *margin = NULL;
  g_autofree char *relay = NULL;
  g_autofree char *captured = NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), stats->name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  /* TRANSLATORS: a player's matches, then the results: "12 matches · won 7, drawn 1, lost 3" */
  subtitle = g_strdup_printf (_("%s · %s"), matches, results);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);

  for (guint i = 0; i < stats->games->len; i++)
    {
      CongkakGameRecord *record = &g_array_index (stats->games, CongkakGameRecord, i);
      g_autofree char *text = results_text (record->wins, record->draws, record->losses, record->unfinished);

      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), fact_row (game_title (record->game), text));
    }

  /* TRANSLATORS: the average of own score minus the opponent's, "+4.2 seeds" */
  margin = g_strdup_printf (_("%+.1f seeds"), congkak_player_stats_get_average_margin (stats));
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), fact_row (_("Average Margin"), margin));
  /* Kalah and Oware have no relay. */
  if (stats->longest_relay > 0)
    {
      relay = g_strdup_printf (ngettext ("%u relay in one move", "%u relays in one move", stats->longest_relay),
                               stats->longest_relay);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), fact_row (_("Longest Relay"), relay));
    }
  captured = g_strdup_printf (ngettext ("%u seed in one move", "%u seeds in one move", stats->most_captured),
                              stats->most_captured);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), fact_row (_("Biggest Capture"), captured));

  if (stats->multi_round_matches > 0)
    {
      g_autofree char *multi = g_strdup_printf (ngettext ("%u match", "%u matches", stats->multi_round_matches),
                                                stats->multi_round_matches);
      g_autofree char *rounds = g_strdup_printf (ngettext ("%u round played", "%u rounds played", stats->rounds_played),
                                                 stats->rounds_played);
      g_autofree char *burnt = g_strdup_printf (ngettext ("%u hole burnt", "%u holes burnt", stats->holes_burnt),
                                                stats->holes_burnt);
      /* TRANSLATORS: multi-round matches, rounds played, holes burnt: "3 matches, 9 rounds played, 4 holes burnt" */
      g_autofree char *text = g_strdup_printf (_("%s, %s, %s"), multi, rounds, burnt);

      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), fact_row (_("Multi-Round Matches"), text));
    }

  if (stats->timeline->len > 0)
    {
      GtkWidget *chart_row = adw_preferences_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *label = gtk_label_new (_("Results Over Time"));
      GtkWidget *chart = congkak_results_chart_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (chart_row), _("Results Over Time"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (chart_row), FALSE);
      gtk_widget_set_margin_start (box, 12);
      gtk_widget_set_margin_end (box, 12);
      gtk_widget_set_margin_top (box, 8);
      gtk_widget_set_margin_bottom (box, 8);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_set_halign (chart, GTK_ALIGN_START);
      congkak_results_chart_set_results (CONGKAK_RESULTS_CHART (chart), stats->timeline);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), chart);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (chart_row), box);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), chart_row);
    }
  return row;
}

static void
rebuild (CongkakPlayersPage *self)
{
  guint matches = self->library ? g_list_model_get_n_items (G_LIST_MODEL (self->library)) : 0;
  g_autofree char *players = NULL;
  g_autofree char *in_matches = NULL;
  g_autofree char *summary = NULL;

  self->stale = FALSE;
  g_clear_pointer (&self->players, g_ptr_array_unref);
  gtk_list_box_remove_all (self->list);
  if (self->library == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  self->players = congkak_player_stats_compute (G_LIST_MODEL (self->library));
  for (guint i = 0; i < self->players->len; i++)
    gtk_list_box_append (self->list, player_row (g_ptr_array_index (self->players, i)));

  players = g_strdup_printf (ngettext ("%u player", "%u players", self->players->len), self->players->len);
  in_matches = g_strdup_printf (ngettext ("%u match", "%u matches", matches), matches);
  /* TRANSLATORS: "30 players in 5000 matches"; matches without names count for nobody */
  summary = g_strdup_printf (_("%s in %s. Matches count for the names their players were given."),
                             players, in_matches);
  gtk_label_set_label (self->summary_label, summary);
  gtk_stack_set_visible_child_name (self->stack, self->players->len > 0 ? "players" : "empty");
}

static gboolean
rebuild_timeout (gpointer user_data)
{
  CongkakPlayersPage *self = user_data;

  self->rebuild_id = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

/* Many changes come at once (a folder imported): one rebuild after them. */
static void
library_changed_cb (CongkakPlayersPage *self)
{
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && self->rebuild_id == 0)
    self->rebuild_id = g_timeout_add (100, rebuild_timeout, self);
}

static void
congkak_players_page_map (GtkWidget *widget)
{
  CongkakPlayersPage *self = CONGKAK_PLAYERS_PAGE (widget);

  GTK_WIDGET_CLASS (congkak_players_page_parent_class)->map (widget);
  if (self->stale)
    rebuild (self);
}

void
congkak_players_page_set_library (CongkakPlayersPage *self,
                                  CongkakLibrary     *library)
{
  g_return_if_fail (CONGKAK_IS_PLAYERS_PAGE (self));
  g_return_if_fail (library == NULL || CONGKAK_IS_LIBRARY (library));

  g_set_object (&self->library, library);
  g_signal_group_set_target (self->library_signals, library);
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    rebuild (self);
}

/**
 * congkak_players_page_get_players:
 *
 * Returns: (transfer none) (nullable) (element-type CongkakPlayerStats):
 *   the players as the page shows them.
 */
GPtrArray *
congkak_players_page_get_players (CongkakPlayersPage *self)
{
  g_return_val_if_fail (CONGKAK_IS_PLAYERS_PAGE (self), NULL);

  return self->players;
}

static void
congkak_players_page_dispose (GObject *object)
{
  CongkakPlayersPage *self = CONGKAK_PLAYERS_PAGE (object);

  if (self->library_signals)
    g_signal_group_set_target (self->library_signals, NULL);
  g_clear_object (&self->library_signals);
  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_PLAYERS_PAGE);
  /* The template's unnamed top child too. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->library);
  g_clear_pointer (&self->players, g_ptr_array_unref);

  G_OBJECT_CLASS (congkak_players_page_parent_class)->dispose (object);
}

static void
congkak_players_page_class_init (CongkakPlayersPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_players_page_dispose;
  widget_class->map = congkak_players_page_map;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-players-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakPlayersPage, stack);
  gtk_widget_class_bind_template_child (widget_class, CongkakPlayersPage, summary_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPlayersPage, list);
  gtk_widget_class_set_css_name (widget_class, "congkak-players-page");
}

static void
congkak_players_page_init (CongkakPlayersPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->stale = TRUE;
  self->library_signals = g_signal_group_new (CONGKAK_TYPE_LIBRARY);
  g_signal_group_connect_swapped (self->library_signals, "items-changed", G_CALLBACK (library_changed_cb), self);
}
