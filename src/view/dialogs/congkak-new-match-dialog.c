/* congkak-new-match-dialog.c — choose the game, the players and the rules
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-computer-worker.h"
#include "congkak-engines-page.h"
#include "congkak-new-match-dialog.h"

struct _CongkakNewMatchDialog
{
  AdwDialog        parent_instance;

  /* Owned references */
  GSettings       *settings;
  GPtrArray       *engines;    /* CongkakEngineEntry: offered after the levels */

  /* State: the rules the rows show, when they are valid */
  CongkakRules     rules;
  gboolean         valid;
  guint            updating;

  /* Template widgets */
  AdwComboRow     *game_row;
  AdwSpinRow      *holes_row;
  AdwSpinRow      *seeds_row;
  AdwEntryRow     *south_row;
  AdwEntryRow     *north_row;
  AdwComboRow     *south_player_row;
  AdwComboRow     *north_player_row;
  AdwExpanderRow  *custom_rules_row;
  AdwComboRow     *direction_row;
  AdwSwitchRow    *relay_row;
  AdwSwitchRow    *capture_empty_opposite_row;
  AdwComboRow     *empty_side_row;
  AdwComboRow     *rounds_row;
  AdwSwitchRow    *simultaneous_opening_row;
  AdwComboRow     *burnt_sowing_row;
  AdwComboRow     *round_starter_row;
  AdwSpinRow      *min_holes_row;
  AdwSpinRow      *max_rounds_row;
  AdwSwitchRow    *stop_when_decided_row;
  AdwComboRow     *first_player_row;
  AdwComboRow     *grand_slam_row;
  GtkLabel        *status_label;
};

G_DEFINE_FINAL_TYPE (CongkakNewMatchDialog, congkak_new_match_dialog, ADW_TYPE_DIALOG)

enum {
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The items of a player row: a person, then the computer's levels in the
 * order of CongkakLevel; Perfect only where the rules allow it. */
typedef struct
{
  const char *label;
  const char *description;
} PlayerInfo;

static const PlayerInfo players[] = {
  { N_("Person"), N_("Someone at this screen") },
  { N_("Easy"), N_("The computer, looking two moves ahead and sometimes slipping") },
  { N_("Medium"), N_("The computer, looking about six moves ahead") },
  { N_("Hard"), N_("The computer, thinking as long as Preferences allow") },
  { N_("Perfect"), N_("The computer, always playing the best move") },
};

#define PLAYER_ITEM_PERFECT (1 + CONGKAK_LEVEL_PERFECT)

/* One row per option of RULES.md section 8, except `family`, which the game
 * row decides.  Combo rows list their values in the order of their items;
 * switch rows are `on`/`off`, spin rows whole numbers. */
typedef struct
{
  const char *key;
  gsize       row_offset;
  const char *values[5];
  gboolean    multi_only;
} OptionRow;

#define ROW(name) G_STRUCT_OFFSET (CongkakNewMatchDialog, name)
#define OPTION_ROW_WIDGET(self, info) G_STRUCT_MEMBER (GtkWidget *, (self), (info)->row_offset)

static const OptionRow option_rows[] = {
  { "holes", ROW (holes_row) },
  { "seeds", ROW (seeds_row) },
  { "direction", ROW (direction_row), { "clockwise", "counter-clockwise" } },
  { "relay", ROW (relay_row) },
  { "capture-empty-opposite", ROW (capture_empty_opposite_row) },
  { "empty-side", ROW (empty_side_row), { "end-round", "mover-cannot-move", "pass" } },
  { "rounds", ROW (rounds_row), { "single", "multi" } },
  { "simultaneous-opening", ROW (simultaneous_opening_row) },
  { "burnt-sowing", ROW (burnt_sowing_row), { "skip", "forfeit" }, TRUE },
  { "round-starter", ROW (round_starter_row), { "loser", "winner", "last-mover", "alternate" }, TRUE },
  { "min-holes", ROW (min_holes_row), { NULL }, TRUE },
  { "max-rounds", ROW (max_rounds_row), { NULL }, TRUE },
  { "stop-when-decided", ROW (stop_when_decided_row), { NULL }, TRUE },
  { "first-player", ROW (first_player_row), { "south", "north" } },
  { "grand-slam", ROW (grand_slam_row), { "no-capture", "capture" } },
};

#undef ROW

static guint
find_game (const char *profile)
{
  const char * const *profiles = congkak_rules_profile_names ();

  for (guint i = 0; profiles[i] != NULL; i++)
    if (g_strcmp0 (profiles[i], profile) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static guint
get_game (CongkakNewMatchDialog *self)
{
  guint game = adw_combo_row_get_selected (self->game_row);

  return game < g_strv_length ((char **) congkak_rules_profile_names ()) ? game : 0;
}

static const char *
get_game_label (CongkakNewMatchDialog *self,
                guint                  game)
{
  GListModel *model = adw_combo_row_get_model (self->game_row);

  return gtk_string_list_get_string (GTK_STRING_LIST (model), game);
}

static void
set_row_value (GtkWidget       *row,
               const OptionRow *info,
               const char      *value)
{
  if (ADW_IS_SWITCH_ROW (row))
    {
      adw_switch_row_set_active (ADW_SWITCH_ROW (row), g_strcmp0 (value, "on") == 0);
    }
  else if (ADW_IS_SPIN_ROW (row))
    {
      adw_spin_row_set_value (ADW_SPIN_ROW (row), g_ascii_strtod (value, NULL));
    }
  else
    {
      for (guint i = 0; i < G_N_ELEMENTS (info->values) && info->values[i] != NULL; i++)
        {
          if (g_strcmp0 (info->values[i], value) == 0)
            {
              adw_combo_row_set_selected (ADW_COMBO_ROW (row), i);
              return;
            }
        }
      g_critical ("The row of “%s” has no item for “%s”", info->key, value);
    }
}

static char *
get_row_value (GtkWidget       *row,
               const OptionRow *info)
{
  guint selected;

  if (ADW_IS_SWITCH_ROW (row))
    return g_strdup (adw_switch_row_get_active (ADW_SWITCH_ROW (row)) ? "on" : "off");

  if (ADW_IS_SPIN_ROW (row))
    return g_strdup_printf ("%u", (guint) adw_spin_row_get_value (ADW_SPIN_ROW (row)));

  selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
  g_return_val_if_fail (selected < G_N_ELEMENTS (info->values) && info->values[selected] != NULL, NULL);

  return g_strdup (info->values[selected]);
}

/* The rules the rows show: the chosen game's profile with every option
 * that applies to its family taken from its row. */
static gboolean
read_rows (CongkakNewMatchDialog  *self,
           CongkakRules           *rules,
           GError                **error)
{
  if (!congkak_rules_init_profile (rules, congkak_rules_profile_names ()[get_game (self)], error))
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (option_rows); i++)
    {
      const OptionRow *info = &option_rows[i];
      g_autofree char *value = NULL;

      if (!congkak_rules_option_applies (rules, info->key))
        continue;

      value = get_row_value (OPTION_ROW_WIDGET (self, info), info);
      if (value == NULL || !congkak_rules_set_option (rules, info->key, value, error))
        return FALSE;
    }

  return congkak_rules_validate (rules, error);
}

/* Visibility, sensitivity, ranges and subtitles that depend on other rows. */
static void
update_dependent_rows (CongkakNewMatchDialog *self)
{
  CongkakRules profile;
  guint game = get_game (self);
  gboolean multi_round = adw_combo_row_get_selected (self->rounds_row) == 1;
  guint max_rounds = (guint) adw_spin_row_get_value (self->max_rounds_row);
  g_autofree char *max_rounds_subtitle = NULL;

  congkak_rules_init_profile (&profile, congkak_rules_profile_names ()[game], NULL);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->game_row), congkak_rules_profile_description (congkak_rules_profile_names ()[game]));

  for (guint i = 0; i < G_N_ELEMENTS (option_rows); i++)
    {
      const OptionRow *info = &option_rows[i];
      GtkWidget *row = OPTION_ROW_WIDGET (self, info);

      gtk_widget_set_visible (row, congkak_rules_option_applies (&profile, info->key));
      if (info->multi_only)
        gtk_widget_set_sensitive (row, multi_round);
    }

  /* The first player is decided by the opening when both sow at once. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->first_player_row),
                            profile.family != CONGKAK_FAMILY_STORE ||
                            !adw_switch_row_get_active (self->simultaneous_opening_row));

  /* A player cannot be asked to fill more holes than a side has. */
  adw_spin_row_set_range (self->min_holes_row,
                          1, adw_spin_row_get_value (self->holes_row));

  if (max_rounds == 0)
    max_rounds_subtitle = g_strdup (_("Unlimited number of rounds"));
  else
    max_rounds_subtitle = g_strdup_printf (ngettext ("The match ends after %u round at the most",
                                                     "The match ends after %u rounds at the most",
                                                     max_rounds),
                                           max_rounds);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->max_rounds_row), max_rounds_subtitle);
}

static AdwComboRow *
player_row (CongkakNewMatchDialog *self,
            CongkakSide            side)
{
  return side == CONGKAK_SOUTH ? self->south_player_row : self->north_player_row;
}

/* How many engines @row offers (set on the row when they are listed). */
static guint
engines_count_of (AdwComboRow *row)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "n-engines"));
}

/* The levels a player row offers now: Easy to Hard, and Perfect where
 * the rules allow it; the engines come after them. */
static guint
n_levels_shown (AdwComboRow *row)
{
  return g_list_model_get_n_items (adw_combo_row_get_model (row)) - 1 - engines_count_of (row);
}

/* The engine chosen in @side's row, if one is. */
static CongkakEngineEntry *
chosen_engine (CongkakNewMatchDialog *self,
               CongkakSide            side)
{
  AdwComboRow *row = player_row (self, side);
  guint selected = adw_combo_row_get_selected (row);
  guint levels = n_levels_shown (row);

  if (selected == GTK_INVALID_LIST_POSITION || selected <= levels || selected - levels - 1 >= self->engines->len)
    return NULL;
  return g_ptr_array_index (self->engines, selected - levels - 1);
}

/* Perfect is offered only where the search can see a round to its end;
 * otherwise the subtitle of Hard says why it is missing.  It comes
 * before the engines, and an engine chosen stays chosen. */
static void
update_player_rows (CongkakNewMatchDialog *self)
{
  gboolean perfect = congkak_computer_level_is_available (&self->rules, CONGKAK_LEVEL_PERFECT);

  self->updating++;
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      AdwComboRow *row = player_row (self, side);
      GtkStringList *model = GTK_STRING_LIST (adw_combo_row_get_model (row));
      guint selected = adw_combo_row_get_selected (row);
      guint levels = n_levels_shown (row);
      g_autofree char *subtitle = NULL;

      if (perfect && levels < CONGKAK_N_LEVELS)
        {
          const char * const perfect_label[] = { _(players[PLAYER_ITEM_PERFECT].label), NULL };

          gtk_string_list_splice (model, PLAYER_ITEM_PERFECT, 0, perfect_label);
          if (selected != GTK_INVALID_LIST_POSITION && selected >= PLAYER_ITEM_PERFECT)
            adw_combo_row_set_selected (row, selected + 1);
        }
      else if (!perfect && levels == CONGKAK_N_LEVELS)
        {
          gtk_string_list_remove (model, PLAYER_ITEM_PERFECT);
          if (selected == PLAYER_ITEM_PERFECT)
            adw_combo_row_set_selected (row, PLAYER_ITEM_PERFECT - 1);
          else if (selected != GTK_INVALID_LIST_POSITION && selected > PLAYER_ITEM_PERFECT)
            adw_combo_row_set_selected (row, selected - 1);
        }

      selected = adw_combo_row_get_selected (row);
      if (selected != GTK_INVALID_LIST_POSITION && selected > n_levels_shown (row))
        /* TRANSLATORS: the subtitle of an engine (another program) chosen as a player */
        subtitle = g_strdup (_("Another program; if it fails, the computer plays on at the Hard level"));
      else
        {
          selected = MIN (selected, G_N_ELEMENTS (players) - 1);
          if (!perfect && selected == PLAYER_ITEM_PERFECT - 1)
            subtitle = g_strdup_printf ("%s. %s", _(players[selected].description),
                                        _("Perfect play is offered for one-round games without the simultaneous opening"));
          else
            subtitle = g_strdup (_(players[selected].description));
        }
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
    }
  self->updating--;
}

static void
player_row_changed_cb (AdwComboRow           *row,
                       GParamSpec            *pspec,
                       CongkakNewMatchDialog *self)
{
  if (self->updating > 0)
    return;
  update_player_rows (self);
}

static void
update_status (CongkakNewMatchDialog *self,
               const GError          *error)
{
  g_autofree char *text = NULL;

  if (error != NULL)
    {
      text = g_strdup (error->message);
    }
  else
    {
      guint profile_game = find_game (congkak_rules_profile_name (&self->rules));

      if (profile_game != GTK_INVALID_LIST_POSITION)
        /* Translators: %s is the name of a game, such as “Kalah” */
        text = g_strdup_printf (_("Standard rules of %s"), get_game_label (self, profile_game));
      else
        /* Translators: %s is the name of a game, such as “Kalah” */
        text = g_strdup_printf (_("Custom rules, based on %s"), get_game_label (self, get_game (self)));
    }

  gtk_label_set_text (self->status_label, text);
  if (error != NULL)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "dim-label");
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-match.start", self->valid);
}

static void
rules_changed (CongkakNewMatchDialog *self)
{
  g_autoptr(GError) error = NULL;
  CongkakRules rules;

  self->valid = read_rows (self, &rules, &error);
  if (self->valid)
    self->rules = rules;

  update_status (self, error);
  update_player_rows (self);
}

static void
load_rows (CongkakNewMatchDialog *self,
           const CongkakRules    *rules)
{
  self->updating++;

  /* Let min-holes take any value until holes is known. */
  adw_spin_row_set_range (self->min_holes_row, 1, CONGKAK_MAX_HOLES);

  for (guint i = 0; i < G_N_ELEMENTS (option_rows); i++)
    {
      const OptionRow *info = &option_rows[i];
      g_autofree char *value = congkak_rules_get_option (rules, info->key);

      set_row_value (OPTION_ROW_WIDGET (self, info), info, value);
    }

  update_dependent_rows (self);

  self->updating--;

  rules_changed (self);
}

static void
game_row_changed_cb (AdwComboRow           *row,
                     GParamSpec            *pspec,
                     CongkakNewMatchDialog *self)
{
  CongkakRules rules;

  if (self->updating > 0)
    return;

  congkak_rules_init_profile (&rules, congkak_rules_profile_names ()[get_game (self)], NULL);
  load_rows (self, &rules);
}

static void
option_row_changed_cb (GObject               *row,
                       GParamSpec            *pspec,
                       CongkakNewMatchDialog *self)
{
  if (self->updating > 0)
    return;

  self->updating++;
  update_dependent_rows (self);
  self->updating--;

  rules_changed (self);
}

/* The stored choice: option key → value, plus `profile` → the game the
 * rules were based on.  Anything that does not make valid rules is ignored. */
static gboolean
rules_from_variant (GVariant     *stored,
                    CongkakRules *rules,
                    guint        *game)
{
  const char * const *keys = congkak_rules_option_keys ();
  const char *profile = NULL;
  gsize n_found = 0;
  CongkakFamily family;

  if (!g_variant_lookup (stored, "profile", "&s", &profile))
    return FALSE;

  *game = find_game (profile);
  if (*game == GTK_INVALID_LIST_POSITION ||
      !congkak_rules_init_profile (rules, profile, NULL))
    return FALSE;

  family = rules->family;

  for (guint i = 0; keys[i] != NULL; i++)
    {
      const char *value;

      if (!g_variant_lookup (stored, keys[i], "&s", &value))
        continue;

      n_found++;
      if (!congkak_rules_set_option (rules, keys[i], value, NULL))
        return FALSE;
    }

  return n_found + 1 == g_variant_n_children (stored) &&
         rules->family == family &&
         congkak_rules_validate (rules, NULL);
}

static void
load_settings (CongkakNewMatchDialog *self)
{
  g_autoptr(GVariant) stored = g_settings_get_value (self->settings, "new-match-rules");
  g_autofree char *south_name = g_settings_get_string (self->settings, "south-name");
  g_autofree char *north_name = g_settings_get_string (self->settings, "north-name");
  CongkakRules rules;
  guint game;

  gtk_editable_set_text (GTK_EDITABLE (self->south_row), south_name);
  gtk_editable_set_text (GTK_EDITABLE (self->north_row), north_name);

  /* Every item for now; update_player_rows() takes Perfect away if need be. */
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      g_autofree char *kind_text = g_settings_get_string (self->settings,
                                                          side == CONGKAK_SOUTH ? "south-player" : "north-player");
      g_autofree char *level_text = g_settings_get_string (self->settings,
                                                           side == CONGKAK_SOUTH ? "south-level" : "north-level");
      g_autofree char *engine = g_settings_get_string (self->settings,
                                                       side == CONGKAK_SOUTH ? "south-engine" : "north-engine");
      CongkakPlayerKind kind = CONGKAK_PLAYER_HUMAN;
      CongkakLevel level = CONGKAK_LEVEL_MEDIUM;

      congkak_player_kind_from_string (kind_text, &kind);
      congkak_level_from_string (level_text, &level);
      self->updating++;
      adw_combo_row_set_selected (player_row (self, side), kind == CONGKAK_PLAYER_HUMAN ? 0 : 1 + level);
      if (kind == CONGKAK_PLAYER_COMPUTER && *engine != '\0')
        congkak_new_match_dialog_set_player_engine (self, side, engine);
      self->updating--;
    }

  if (!rules_from_variant (stored, &rules, &game))
    {
      game = 0;
      congkak_rules_init_profile (&rules, congkak_rules_profile_names ()[game], NULL);
    }

  self->updating++;
  adw_combo_row_set_selected (self->game_row, game);
  self->updating--;

  load_rows (self, &rules);
}

static void
save_settings (CongkakNewMatchDialog *self)
{
  const char * const *keys = congkak_rules_option_keys ();
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE ("a{ss}"));

  g_variant_builder_add (builder, "{ss}", "profile", congkak_rules_profile_names ()[get_game (self)]);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *value = NULL;

      if (!congkak_rules_option_applies (&self->rules, keys[i]))
        continue;

      value = congkak_rules_get_option (&self->rules, keys[i]);
      g_variant_builder_add (builder, "{ss}", keys[i], value);
    }

  g_settings_delay (self->settings);
  g_settings_set_value (self->settings, "new-match-rules", g_variant_builder_end (builder));
  g_settings_set_string (self->settings, "south-name",
                         gtk_editable_get_text (GTK_EDITABLE (self->south_row)));
  g_settings_set_string (self->settings, "north-name",
                         gtk_editable_get_text (GTK_EDITABLE (self->north_row)));
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      CongkakPlayerKind kind = congkak_new_match_dialog_get_player_kind (self, side);
      const char *engine = congkak_new_match_dialog_get_player_engine (self, side);

      g_settings_set_string (self->settings, side == CONGKAK_SOUTH ? "south-player" : "north-player",
                             congkak_player_kind_to_string (kind));
      if (kind == CONGKAK_PLAYER_COMPUTER && engine == NULL)
        g_settings_set_string (self->settings, side == CONGKAK_SOUTH ? "south-level" : "north-level",
                               congkak_level_to_string (congkak_new_match_dialog_get_player_level (self, side)));
      g_settings_set_string (self->settings, side == CONGKAK_SOUTH ? "south-engine" : "north-engine",
                             engine ? engine : "");
    }
  g_settings_apply (self->settings);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  adw_dialog_close (ADW_DIALOG (widget));
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CongkakNewMatchDialog *self = CONGKAK_NEW_MATCH_DIALOG (widget);
  g_autoptr(CongkakNewMatchDialog) hold = g_object_ref (self);
  CongkakRules rules;

  /* Numbers typed into a spin row count even if it still has the focus. */
  adw_spin_row_update (self->holes_row);
  adw_spin_row_update (self->seeds_row);
  adw_spin_row_update (self->min_holes_row);
  adw_spin_row_update (self->max_rounds_row);

  if (!self->valid)
    return;

  save_settings (self);

  /* A copy, so that the handler sees the rules even if it changes the rows. */
  rules = self->rules;
  g_signal_emit (self, signals[START], 0, &rules);

  adw_dialog_close (ADW_DIALOG (self));
}

static void
congkak_new_match_dialog_dispose (GObject *object)
{
  CongkakNewMatchDialog *self = (CongkakNewMatchDialog *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_NEW_MATCH_DIALOG);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->engines, g_ptr_array_unref);

  G_OBJECT_CLASS (congkak_new_match_dialog_parent_class)->dispose (object);
}

static void
congkak_new_match_dialog_class_init (CongkakNewMatchDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_new_match_dialog_dispose;

  /**
   * CongkakNewMatchDialog::start:
   * @self: the dialog
   * @rules: (type gpointer): the chosen `const CongkakRules *`, valid
   *   during the emission only
   *
   * Emitted when the player presses Start, just before the dialog closes.
   * congkak_new_match_dialog_get_player_name() gives the names meanwhile.
   */
  signals[START] =
    g_signal_new ("start",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  g_cclosure_marshal_VOID__POINTER,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
  g_signal_set_va_marshaller (signals[START],
                              G_TYPE_FROM_CLASS (klass),
                              g_cclosure_marshal_VOID__POINTERv);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-new-match-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, holes_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, seeds_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, south_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, north_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, south_player_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, north_player_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, custom_rules_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, direction_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, relay_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, capture_empty_opposite_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, empty_side_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, rounds_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, simultaneous_opening_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, burnt_sowing_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, round_starter_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, min_holes_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, max_rounds_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, stop_when_decided_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, first_player_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, grand_slam_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNewMatchDialog, status_label);
  gtk_widget_class_bind_template_callback (widget_class, game_row_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, option_row_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, player_row_changed_cb);

  gtk_widget_class_install_action (widget_class, "new-match.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "new-match.start", NULL, start_action);
}

static void
congkak_new_match_dialog_init (CongkakNewMatchDialog *self)
{
  self->updating++;
  gtk_widget_init_template (GTK_WIDGET (self));
  {
    /* The games, from the one catalogue of profiles. */
    const char * const *profiles = congkak_rules_profile_names ();
    g_autoptr (GtkStringList) model = gtk_string_list_new (NULL);

    for (guint i = 0; profiles[i] != NULL; i++)
      gtk_string_list_append (model, congkak_rules_profile_title (profiles[i]));
    adw_combo_row_set_model (self->game_row, G_LIST_MODEL (model));
  }
  self->settings = g_settings_new (APPLICATION_ID);
  /* The engines added in Preferences come after the levels. */
  self->engines = congkak_engines_list (self->settings);
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      g_autoptr (GtkStringList) model = gtk_string_list_new (NULL);

      for (guint i = 0; i < G_N_ELEMENTS (players); i++)
        gtk_string_list_append (model, _(players[i].label));
      for (guint i = 0; i < self->engines->len; i++)
        gtk_string_list_append (model, ((CongkakEngineEntry *) g_ptr_array_index (self->engines, i))->name);
      g_object_set_data (G_OBJECT (player_row (self, side)), "n-engines", GUINT_TO_POINTER (self->engines->len));
      adw_combo_row_set_model (player_row (self, side), G_LIST_MODEL (model));
    }
  self->updating--;

  load_settings (self);
}

/**
 * congkak_new_match_dialog_new:
 *
 * Returns: a dialog that remembers the last choice; present it with
 *   adw_dialog_present() and connect to #CongkakNewMatchDialog::start.
 */
CongkakNewMatchDialog *
congkak_new_match_dialog_new (void)
{
  return g_object_new (CONGKAK_TYPE_NEW_MATCH_DIALOG, NULL);
}

/**
 * congkak_new_match_dialog_get_player_name:
 * @side: %CONGKAK_SOUTH or %CONGKAK_NORTH
 *
 * Returns: the name entered for @side, or "" for the default name.
 */
const char *
congkak_new_match_dialog_get_player_name (CongkakNewMatchDialog *self,
                                          CongkakSide            side)
{
  g_return_val_if_fail (CONGKAK_IS_NEW_MATCH_DIALOG (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  return gtk_editable_get_text (GTK_EDITABLE (side == CONGKAK_SOUTH ? self->south_row : self->north_row));
}

/**
 * congkak_new_match_dialog_get_player_kind:
 * @side: %CONGKAK_SOUTH or %CONGKAK_NORTH
 *
 * Returns: whether a person or the computer plays @side.
 */
CongkakPlayerKind
congkak_new_match_dialog_get_player_kind (CongkakNewMatchDialog *self,
                                          CongkakSide            side)
{
  g_return_val_if_fail (CONGKAK_IS_NEW_MATCH_DIALOG (self), CONGKAK_PLAYER_HUMAN);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, CONGKAK_PLAYER_HUMAN);

  return adw_combo_row_get_selected (player_row (self, side)) == 0 ? CONGKAK_PLAYER_HUMAN : CONGKAK_PLAYER_COMPUTER;
}

/**
 * congkak_new_match_dialog_get_player_level:
 * @side: %CONGKAK_SOUTH or %CONGKAK_NORTH
 *
 * Returns: the computer's level for @side (Medium for a person).
 */
CongkakLevel
congkak_new_match_dialog_get_player_level (CongkakNewMatchDialog *self,
                                           CongkakSide            side)
{
  guint selected;

  g_return_val_if_fail (CONGKAK_IS_NEW_MATCH_DIALOG (self), CONGKAK_LEVEL_MEDIUM);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, CONGKAK_LEVEL_MEDIUM);

  selected = adw_combo_row_get_selected (player_row (self, side));
  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION)
    return CONGKAK_LEVEL_MEDIUM;
  /* An engine's level is the one that plays on if it fails. */
  if (chosen_engine (self, side) != NULL)
    return CONGKAK_LEVEL_HARD;
  return MIN (selected - 1, CONGKAK_LEVEL_PERFECT);
}

/**
 * congkak_new_match_dialog_get_player_engine:
 * @side: %CONGKAK_SOUTH or %CONGKAK_NORTH
 *
 * Returns: (nullable): the command line of the engine chosen to play
 *   @side (for the computer, congkak_new_match_dialog_get_player_kind()
 *   says), or %NULL.
 */
const char *
congkak_new_match_dialog_get_player_engine (CongkakNewMatchDialog *self,
                                            CongkakSide            side)
{
  CongkakEngineEntry *engine;

  g_return_val_if_fail (CONGKAK_IS_NEW_MATCH_DIALOG (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  engine = chosen_engine (self, side);
  return engine ? engine->command : NULL;
}

/**
 * congkak_new_match_dialog_get_player_engine_name:
 *
 * Returns: (nullable): the name of the engine chosen to play @side.
 */
const char *
congkak_new_match_dialog_get_player_engine_name (CongkakNewMatchDialog *self,
                                                 CongkakSide            side)
{
  CongkakEngineEntry *engine;

  g_return_val_if_fail (CONGKAK_IS_NEW_MATCH_DIALOG (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  engine = chosen_engine (self, side);
  return engine ? engine->name : NULL;
}

/**
 * congkak_new_match_dialog_set_player_engine:
 * @command: an engine's command line, from Preferences' list
 *
 * Chooses that engine to play @side, as the player would in the dialog.
 *
 * Returns: whether the engine is in the list.
 */
gboolean
congkak_new_match_dialog_set_player_engine (CongkakNewMatchDialog *self,
                                            CongkakSide            side,
                                            const char            *command)
{
  AdwComboRow *row;
  guint levels;

  g_return_val_if_fail (CONGKAK_IS_NEW_MATCH_DIALOG (self), FALSE);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, FALSE);

  row = player_row (self, side);
  levels = n_levels_shown (row);
  for (guint i = 0; i < self->engines->len; i++)
    if (g_strcmp0 (((CongkakEngineEntry *) g_ptr_array_index (self->engines, i))->command, command) == 0)
      {
        adw_combo_row_set_selected (row, 1 + levels + i);
        return TRUE;
      }
  return FALSE;
}

/**
 * congkak_new_match_dialog_set_player:
 * @side: %CONGKAK_SOUTH or %CONGKAK_NORTH
 *
 * Chooses who plays @side, as the player would in the dialog.
 */
void
congkak_new_match_dialog_set_player (CongkakNewMatchDialog *self,
                                     CongkakSide            side,
                                     CongkakPlayerKind      kind,
                                     CongkakLevel           level)
{
  AdwComboRow *row;
  guint n_items;

  g_return_if_fail (CONGKAK_IS_NEW_MATCH_DIALOG (self));
  g_return_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);

  /* Perfect becomes Hard where it is not offered. */
  row = player_row (self, side);
  n_items = g_list_model_get_n_items (adw_combo_row_get_model (row)) - engines_count_of (row);
  adw_combo_row_set_selected (row, kind == CONGKAK_PLAYER_HUMAN ? 0 : MIN (1 + level, n_items - 1));
}
