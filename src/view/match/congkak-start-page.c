/* congkak-start-page.c — what a window without a match offers
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A match against the computer or between two people here, in the game
 * and at the computer's level chosen last (kept in GSettings when a match
 * starts); then the New Match dialog, open, the library and the rules, and
 * the match files used last, each a CongkakRecentRow.  Its other buttons
 * name the window's actions; a match started here goes to the window
 * through ::start-match, a recent one through ::open-file.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-computer-worker.h"
#include "congkak-match.h"
#include "congkak-recent-row.h"
#include "congkak-start-page.h"

#define MAX_RECENT 5

struct _CongkakStartPage
{
  AdwBin       parent_instance;

  /* Template widgets */
  GtkWidget   *recent_label;
  GtkListBox  *recent_list;
  AdwComboRow *game_row;
  AdwComboRow *level_row;

  /* Owned references */
  GSettings   *settings;

  guint        updating;
};

enum
{
  OPEN_FILE,
  START_MATCH,
  N_SIGNALS
};

/* The computer's levels in the order of CongkakLevel, as the level row
 * shows them: its title says they are the computer's. */
static const char * const level_labels[CONGKAK_N_LEVELS] = {
  N_("Easy"),
  N_("Medium"),
  N_("Hard"),
  N_("Perfect"),
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CongkakStartPage, congkak_start_page, ADW_TYPE_BIN)

static gint
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GDateTime *first = gtk_recent_info_get_modified (*(GtkRecentInfo **) a);
  GDateTime *second = gtk_recent_info_get_modified (*(GtkRecentInfo **) b);

  return g_date_time_compare (second, first);
}

/**
 * congkak_start_page_update_recent:
 *
 * Lists the match files used last, newest first, that still exist.
 */
void
congkak_start_page_update_recent (CongkakStartPage *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr (GPtrArray) matches = g_ptr_array_new ();
  guint shown = 0;

  g_return_if_fail (CONGKAK_IS_START_PAGE (self));

  gtk_list_box_remove_all (self->recent_list);

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if ((g_strcmp0 (gtk_recent_info_get_mime_type (info), "application/x-congkak-match") == 0
           || g_str_has_suffix (uri, ".congkak"))
          && gtk_recent_info_exists (info))
        g_ptr_array_add (matches, info);
    }
  g_ptr_array_sort (matches, compare_recent);

  for (guint i = 0; i < matches->len && shown < MAX_RECENT; i++, shown++)
    {
      GtkRecentInfo *info = g_ptr_array_index (matches, i);
      g_autoptr (GFile) file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
      GtkWidget *row = congkak_recent_row_new (file, gtk_recent_info_get_display_name (info));

      gtk_list_box_append (self->recent_list, row);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), shown > 0);
  gtk_widget_set_visible (self->recent_label, shown > 0);
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* The game chosen, by its profile's name. */
static const char *
chosen_profile (CongkakStartPage *self)
{
  const char * const *profiles = congkak_rules_profile_names ();
  guint selected = adw_combo_row_get_selected (self->game_row);

  if (selected >= g_strv_length ((char **) profiles))
    selected = 0;
  return profiles[selected];
}

static CongkakLevel
chosen_level (CongkakStartPage *self)
{
  guint selected = adw_combo_row_get_selected (self->level_row);

  return selected < CONGKAK_N_LEVELS ? (CongkakLevel) selected : CONGKAK_LEVEL_MEDIUM;
}

/* The levels the computer has in the game chosen: Perfect only where the
 * search can see a round to its end; the level chosen stays if it can. */
static void
update_levels (CongkakStartPage *self,
               CongkakLevel      wanted)
{
  g_autoptr (GtkStringList) model = gtk_string_list_new (NULL);
  CongkakRules rules;
  guint n = 0;

  congkak_rules_init_profile (&rules, chosen_profile (self), NULL);
  for (CongkakLevel level = CONGKAK_LEVEL_EASY; level < CONGKAK_N_LEVELS; level++)
    if (congkak_computer_level_is_available (&rules, level))
      {
        gtk_string_list_append (model, _(level_labels[level]));
        n++;
      }
  self->updating++;
  adw_combo_row_set_model (self->level_row, G_LIST_MODEL (model));
  adw_combo_row_set_selected (self->level_row, MIN ((guint) wanted, n - 1));
  self->updating--;
}

static void
game_changed_cb (CongkakStartPage *self)
{
  if (self->updating)
    return;
  update_levels (self, chosen_level (self));
}

/* The game and level chosen now are the ones offered next time. */
static void
remember_choice (CongkakStartPage *self,
                 gboolean          computer)
{
  g_settings_delay (self->settings);
  g_settings_set_string (self->settings, "start-game", chosen_profile (self));
  if (computer)
    g_settings_set_string (self->settings, "start-level", congkak_level_to_string (chosen_level (self)));
  g_settings_apply (self->settings);
}

/* A new match of the game chosen: South a person here, North the computer
 * at the level chosen or another person. */
static void
start_match (CongkakStartPage *self,
             gboolean          computer)
{
  g_autoptr (CongkakMatch) match = NULL;
  CongkakRules rules;

  if (!congkak_rules_init_profile (&rules, chosen_profile (self), NULL))
    g_return_if_reached ();
  match = congkak_match_new (&rules);
  congkak_match_set_player (match, CONGKAK_SOUTH, "", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  congkak_match_set_player (match, CONGKAK_NORTH, "",
                            computer ? CONGKAK_PLAYER_COMPUTER : CONGKAK_PLAYER_HUMAN,
                            computer ? chosen_level (self) : CONGKAK_LEVEL_MEDIUM);
  congkak_match_forget_history (match);
  remember_choice (self, computer);
  g_signal_emit (self, signals[START_MATCH], 0, match);
}

static void
play_computer_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  start_match (CONGKAK_START_PAGE (widget), TRUE);
}

static void
two_players_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  start_match (CONGKAK_START_PAGE (widget), FALSE);
}

/* What was chosen last; anything the settings hold that is no game or
 * level of ours gives the defaults. */
static void
load_choice (CongkakStartPage *self)
{
  const char * const *profiles = congkak_rules_profile_names ();
  g_autofree char *game = g_settings_get_string (self->settings, "start-game");
  g_autofree char *level_text = g_settings_get_string (self->settings, "start-level");
  CongkakLevel level = CONGKAK_LEVEL_MEDIUM;
  guint selected = 0;

  for (guint i = 0; profiles[i] != NULL; i++)
    if (g_strcmp0 (profiles[i], game) == 0)
      selected = i;
  congkak_level_from_string (level_text, &level);
  self->updating++;
  adw_combo_row_set_selected (self->game_row, selected);
  self->updating--;
  update_levels (self, level);
}

static void
recent_row_activated_cb (CongkakStartPage *self,
                         GtkListBoxRow    *row)
{
  if (CONGKAK_IS_RECENT_ROW (row))
    g_signal_emit (self, signals[OPEN_FILE], 0, congkak_recent_row_get_file (CONGKAK_RECENT_ROW (row)));
}

static void
congkak_start_page_dispose (GObject *object)
{
  CongkakStartPage *self = CONGKAK_START_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), CONGKAK_TYPE_START_PAGE);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (congkak_start_page_parent_class)->dispose (object);
}

static void
congkak_start_page_class_init (CongkakStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_start_page_dispose;

  /**
   * CongkakStartPage::open-file:
   * @file: a recent match chosen
   */
  signals[OPEN_FILE] =
    g_signal_new ("open-file", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_FILE);

  /**
   * CongkakStartPage::start-match:
   * @match: a new match, its players set, for the window to play
   */
  signals[START_MATCH] =
    g_signal_new ("start-match", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CONGKAK_TYPE_MATCH);

  gtk_widget_class_install_action (widget_class, "start.play-computer", NULL, play_computer_action);
  gtk_widget_class_install_action (widget_class, "start.two-players", NULL, two_players_action);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakStartPage, recent_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakStartPage, recent_list);
  gtk_widget_class_bind_template_child (widget_class, CongkakStartPage, game_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakStartPage, level_row);
  gtk_widget_class_bind_template_callback (widget_class, recent_row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, game_changed_cb);
}

static void
congkak_start_page_init (CongkakStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The app's icon is named by its id, which a development build's differs in. */
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (adw_bin_get_child (ADW_BIN (self))), APPLICATION_ID);

  {
    g_autoptr (GtkStringList) games = gtk_string_list_new (NULL);
    const char * const *profiles = congkak_rules_profile_names ();

    for (guint i = 0; profiles[i] != NULL; i++)
      gtk_string_list_append (games, congkak_rules_profile_title (profiles[i]));
    self->updating++;
    adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
    self->updating--;
  }
  self->settings = g_settings_new (APPLICATION_ID);
  load_choice (self);

  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (congkak_start_page_update_recent), self, G_CONNECT_SWAPPED);
  congkak_start_page_update_recent (self);
}
