/* congkak-engines-page.c — Preferences ▸ Engines: the built-in levels and added engines
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computers that can play and judge: the engines the user added
 * (the settings' `engines`), each with its command and a button to
 * remove it, and Add Engine; the judge; then the built-in levels.  A command is added only once it
 * has been started and has answered the UCI handshake, without blocking
 * the window; what went wrong is said under the entry in the engine's
 * own words.  The judge of hints and analysis (`judge`) is chosen here
 * too.  Inside the Flatpak the page says that programs outside the
 * sandbox cannot be started.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-engines-page.h"
#include "congkak-file-util.h"
#include "congkak-uci-engine.h"

struct _CongkakEnginesPage
{
  AdwPreferencesPage  parent_instance;

  GSettings          *settings;
  AdwPreferencesGroup *added_group;
  GPtrArray          *engine_rows;   /* the rows of the added engines */
  AdwEntryRow        *add_row;
  GtkWidget          *checking_spinner;
  GtkLabel           *status_label;
  AdwComboRow        *judge_row;
  GtkStringList      *judge_model;
  GPtrArray          *judge_commands; /* the command of each judge item; "" built-in */
  guint               updating;

  CongkakUciEngine   *checking;      /* the engine being checked */
  GCancellable       *check_cancellable;
};

G_DEFINE_FINAL_TYPE (CongkakEnginesPage, congkak_engines_page, ADW_TYPE_PREFERENCES_PAGE)

void
congkak_engine_entry_free (CongkakEngineEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->name);
  g_free (entry->command);
  g_free (entry);
}

/**
 * congkak_engines_list:
 *
 * Returns: (transfer full) (element-type CongkakEngineEntry): the
 *   engines the user added, in their order.
 */
GPtrArray *
congkak_engines_list (GSettings *settings)
{
  g_autoptr (GVariant) stored = g_settings_get_value (settings, "engines");
  GPtrArray *engines = g_ptr_array_new_with_free_func ((GDestroyNotify) congkak_engine_entry_free);
  GVariantIter iter;
  const char *name, *command;

  g_variant_iter_init (&iter, stored);
  while (g_variant_iter_next (&iter, "(&s&s)", &name, &command))
    {
      CongkakEngineEntry *entry;

      if (*command == '\0')
        continue;
      entry = g_new0 (CongkakEngineEntry, 1);
      entry->name = g_strdup (*name ? name : command);
      entry->command = g_strdup (command);
      g_ptr_array_add (engines, entry);
    }
  return engines;
}

/**
 * congkak_engines_find_name:
 *
 * Returns: (nullable): the name of the engine of @command in @engines.
 */
const char *
congkak_engines_find_name (GPtrArray  *engines,
                           const char *command)
{
  for (guint i = 0; command != NULL && i < engines->len; i++)
    {
      CongkakEngineEntry *entry = g_ptr_array_index (engines, i);

      if (g_str_equal (entry->command, command))
        return entry->name;
    }
  return NULL;
}

/**
 * congkak_engines_in_flatpak:
 *
 * Returns: whether the app runs in a Flatpak sandbox (/.flatpak-info;
 *   CONGKAK_FLATPAK_INFO names another file, for the tests, as for help).
 */
gboolean
congkak_engines_in_flatpak (void)
{
  const char *info = g_getenv ("CONGKAK_FLATPAK_INFO");

  return g_file_test (info && *info ? info : "/.flatpak-info", G_FILE_TEST_EXISTS);
}

static void
store_engines (CongkakEnginesPage *self,
               GPtrArray          *engines)
{
  g_autoptr (GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE ("a(ss)"));

  for (guint i = 0; i < engines->len; i++)
    {
      CongkakEngineEntry *entry = g_ptr_array_index (engines, i);

      g_variant_builder_add (builder, "(ss)", entry->name, entry->command);
    }
  g_settings_set_value (self->settings, "engines", g_variant_builder_end (builder));
}

static void
set_status (CongkakEnginesPage *self,
            const char         *text,
            gboolean            error)
{
  gtk_label_set_text (self->status_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL && *text != '\0');
  if (error)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "dim-label");
    }
  /* Screen readers hear the outcome, not only those who look. */
  if (text && *text)
    gtk_accessible_announce (GTK_ACCESSIBLE (self), text,
                             error ? GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_HIGH
                                   : GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
}

static void
remove_clicked_cb (GtkButton          *button,
                   CongkakEnginesPage *self)
{
  const char *command = g_object_get_data (G_OBJECT (button), "command");
  g_autoptr (GPtrArray) engines = congkak_engines_list (self->settings);
  g_autofree char *judge = g_settings_get_string (self->settings, "judge");

  for (guint i = 0; i < engines->len; i++)
    if (g_str_equal (((CongkakEngineEntry *) g_ptr_array_index (engines, i))->command, command))
      g_ptr_array_remove_index (engines, i--);
  if (g_strcmp0 (judge, command) == 0)
    g_settings_set_string (self->settings, "judge", "");
  store_engines (self, engines);
}

/* The rows of the added engines and the judge's items, from the settings. */
static void
update_engines (CongkakEnginesPage *self)
{
  g_autoptr (GPtrArray) engines = congkak_engines_list (self->settings);
  g_autofree char *judge = g_settings_get_string (self->settings, "judge");
  guint selected = 0;

  for (guint i = 0; i < self->engine_rows->len; i++)
    adw_preferences_group_remove (self->added_group, g_ptr_array_index (self->engine_rows, i));
  g_ptr_array_set_size (self->engine_rows, 0);

  self->updating++;
  gtk_string_list_splice (self->judge_model, 1, g_list_model_get_n_items (G_LIST_MODEL (self->judge_model)) - 1, NULL);
  g_ptr_array_set_size (self->judge_commands, 1);

  for (guint i = 0; i < engines->len; i++)
    {
      CongkakEngineEntry *entry = g_ptr_array_index (engines, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *remove_label = g_strdup_printf (_("Remove %s"), entry->name);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), entry->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), entry->command);
      /* A command line is one long word: one line, cut, all of it in
       * the tooltip, so a phone's width holds it. */
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
      gtk_widget_set_tooltip_text (row, entry->command);
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove Engine"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);
      g_object_set_data_full (G_OBJECT (remove), "command", g_strdup (entry->command), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      adw_preferences_group_add (self->added_group, row);
      g_ptr_array_add (self->engine_rows, row);

      gtk_string_list_append (self->judge_model, entry->name);
      g_ptr_array_add (self->judge_commands, g_strdup (entry->command));
      if (g_strcmp0 (judge, entry->command) == 0)
        selected = i + 1;
    }
  adw_combo_row_set_selected (self->judge_row, selected);
  self->updating--;
}

static void
judge_selected_cb (CongkakEnginesPage *self)
{
  guint selected = adw_combo_row_get_selected (self->judge_row);

  if (self->updating > 0 || selected >= self->judge_commands->len)
    return;
  g_settings_set_string (self->settings, "judge", g_ptr_array_index (self->judge_commands, selected));
}

static void
end_check (CongkakEnginesPage *self)
{
  if (self->checking)
    congkak_uci_engine_stop (self->checking);
  g_clear_object (&self->checking);
  g_clear_object (&self->check_cancellable);
  gtk_widget_set_visible (self->checking_spinner, FALSE);
  gtk_editable_set_editable (GTK_EDITABLE (self->add_row), TRUE);
}

static void
checked_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (CongkakEnginesPage) self = user_data;
  CongkakUciEngine *engine = CONGKAK_UCI_ENGINE (source);
  g_autoptr (GError) error = NULL;

  if (!congkak_uci_engine_check_finish (engine, result, &error))
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->checking != engine)
        return;
      if (congkak_engines_in_flatpak () && g_error_matches (error, CONGKAK_UCI_ERROR, CONGKAK_UCI_ERROR_START))
        /* TRANSLATORS: %s: why the engine could not be started, in a sentence */
        {
          /* GLib's reason, at the end of the engine's sentence, has no full stop. */
          g_autofree char *sentence = g_str_has_suffix (error->message, ".") ? g_strdup (error->message)
                                                                             : g_strconcat (error->message, ".", NULL);

          text = g_strdup_printf (_("%s Congkak runs in a Flatpak sandbox: a program installed outside it cannot be started from here."),
                                  sentence);
        }
      else
        text = g_strdup (error->message);
      end_check (self);
      set_status (self, text, TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->add_row));
      return;
    }
  if (self->checking != engine)
    return;

  {
    g_autoptr (GPtrArray) engines = congkak_engines_list (self->settings);
    g_autofree char *name = congkak_quote_untrusted (congkak_uci_engine_get_name (engine), -1);
    g_autofree char *text = NULL;
    CongkakEngineEntry *entry = g_new0 (CongkakEngineEntry, 1);

    entry->name = g_strdup (name);
    entry->command = g_strdup (congkak_uci_engine_get_command (engine));
    g_ptr_array_add (engines, entry);
    store_engines (self, engines);
    /* TRANSLATORS: %s: the name the engine gave, such as “Aalina” */
    text = g_strdup_printf (_("%s answered and was added: it can play in New Match and judge hints and analysis."), name);
    end_check (self);
    gtk_editable_set_text (GTK_EDITABLE (self->add_row), "");
    set_status (self, text, FALSE);
  }
}

/**
 * congkak_engines_page_add_command:
 *
 * Starts @command and adds it to the engines once it answers the UCI
 * handshake, as Add Engine does; the page says how it went.
 */
void
congkak_engines_page_add_command (CongkakEnginesPage *self,
                                  const char         *command)
{
  g_autoptr (GPtrArray) engines = NULL;
  g_autofree char *stripped = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (CONGKAK_IS_ENGINES_PAGE (self));
  g_return_if_fail (command != NULL);

  stripped = g_strstrip (g_strdup (command));
  if (*stripped == '\0')
    return;
  if (!g_shell_parse_argv (stripped, NULL, &argv, &error))
    {
      /* TRANSLATORS: %s: why, from GLib, such as “Text ended before matching quote was found” */
      text = g_strdup_printf (_("This is not a command line: %s"), error->message);
      set_status (self, text, TRUE);
      return;
    }
  engines = congkak_engines_list (self->settings);
  if (congkak_engines_find_name (engines, stripped) != NULL)
    {
      set_status (self, _("This engine is in the list already."), TRUE);
      return;
    }

  end_check (self);
  self->checking = congkak_uci_engine_new (stripped);
  self->check_cancellable = g_cancellable_new ();
  gtk_widget_set_visible (self->checking_spinner, TRUE);
  gtk_editable_set_editable (GTK_EDITABLE (self->add_row), FALSE);
  quoted = congkak_quote_untrusted (stripped, -1);
  /* TRANSLATORS: %s: the command line the user typed */
  text = g_strdup_printf (_("Starting “%s” and waiting for it to answer…"), quoted);
  set_status (self, text, FALSE);
  congkak_uci_engine_check_async (self->checking, self->check_cancellable, checked_cb, g_object_ref (self));
}

/**
 * congkak_engines_page_is_checking:
 *
 * Returns: whether a command is being started and checked.
 */
gboolean
congkak_engines_page_is_checking (CongkakEnginesPage *self)
{
  g_return_val_if_fail (CONGKAK_IS_ENGINES_PAGE (self), FALSE);

  return self->checking != NULL;
}

/**
 * congkak_engines_page_get_status:
 *
 * Returns: what the page says about the last command added (empty if
 *   nothing).
 */
const char *
congkak_engines_page_get_status (CongkakEnginesPage *self)
{
  g_return_val_if_fail (CONGKAK_IS_ENGINES_PAGE (self), NULL);

  return gtk_label_get_text (self->status_label);
}

static void
add_applied_cb (CongkakEnginesPage *self)
{
  /* One command at a time. */
  if (self->checking)
    return;
  congkak_engines_page_add_command (self, gtk_editable_get_text (GTK_EDITABLE (self->add_row)));
}

static void
congkak_engines_page_dispose (GObject *object)
{
  CongkakEnginesPage *self = CONGKAK_ENGINES_PAGE (object);

  if (self->check_cancellable)
    g_cancellable_cancel (self->check_cancellable);
  end_check (self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->engine_rows, g_ptr_array_unref);
  g_clear_pointer (&self->judge_commands, g_ptr_array_unref);

  G_OBJECT_CLASS (congkak_engines_page_parent_class)->dispose (object);
}

static void
congkak_engines_page_class_init (CongkakEnginesPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = congkak_engines_page_dispose;
}

/* The built-in levels, as the New Match dialog describes them. */
static const struct
{
  const char *label;
  const char *description;
} levels[] = {
  { N_("Easy"), N_("The computer, looking two moves ahead and sometimes slipping") },
  { N_("Medium"), N_("The computer, looking about six moves ahead") },
  { N_("Hard"), N_("The computer, thinking as long as Preferences allow") },
  { N_("Perfect"), N_("The computer, always playing the best move") },
};

static void
congkak_engines_page_init (CongkakEnginesPage *self)
{
  AdwPreferencesGroup *built_in = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwPreferencesGroup *judge_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwPreferencesGroup *add_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  GtkWidget *status;

  self->settings = g_settings_new (APPLICATION_ID);
  self->engine_rows = g_ptr_array_new ();
  self->judge_commands = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->judge_commands, g_strdup (""));

  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (self), _("Engines"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (self), "system-run-symbolic");
  adw_preferences_page_set_description (ADW_PREFERENCES_PAGE (self),
                                        _("Besides its own computer, Congkak can play against other programs that speak the UCI dialect of Aualé’s engine Aalina, and let them judge hints and analysis."));

  self->added_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->added_group, _("Added Engines"));
  if (congkak_engines_in_flatpak ())
    adw_preferences_group_set_description (self->added_group,
                                           _("Congkak runs in a Flatpak sandbox: engines installed outside it cannot be reached. Only programs inside the sandbox can be started, such as “congkak-cli engine”."));
  else
    adw_preferences_group_set_description (self->added_group,
                                           _("They play for the computer when chosen in New Match. One that misbehaves is stopped, and the built-in computer plays on."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), self->added_group);

  self->add_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->add_row), _("_Add Engine: Its Command"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->add_row), TRUE);
  adw_entry_row_set_show_apply_button (self->add_row, TRUE);
  self->checking_spinner = adw_spinner_new ();
  gtk_widget_set_visible (self->checking_spinner, FALSE);
  adw_entry_row_add_suffix (self->add_row, self->checking_spinner);
  g_signal_connect_swapped (self->add_row, "apply", G_CALLBACK (add_applied_cb), self);
  g_signal_connect_swapped (self->add_row, "entry-activated", G_CALLBACK (add_applied_cb), self);
  adw_preferences_group_add (add_group, GTK_WIDGET (self->add_row));
  status = gtk_label_new (NULL);
  self->status_label = GTK_LABEL (status);
  gtk_label_set_wrap (self->status_label, TRUE);
  /* Command lines are long words: they break anywhere on a phone. */
  gtk_label_set_wrap_mode (self->status_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->status_label, 0);
  gtk_label_set_selectable (self->status_label, TRUE);
  gtk_widget_set_margin_top (status, 12);
  gtk_widget_set_visible (status, FALSE);
  adw_preferences_group_add (add_group, status);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), add_group);

  adw_preferences_group_set_title (judge_group, _("Hints and Analysis"));
  self->judge_model = gtk_string_list_new (NULL);
  gtk_string_list_append (self->judge_model, _("Built-in computer"));
  self->judge_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->judge_row), _("_Judge"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->judge_row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->judge_row),
                               _("Who works out the hints and marks the mistakes of an analysis"));
  adw_combo_row_set_model (self->judge_row, G_LIST_MODEL (self->judge_model));
  g_object_unref (self->judge_model);
  g_signal_connect_swapped (self->judge_row, "notify::selected", G_CALLBACK (judge_selected_cb), self);
  adw_preferences_group_add (judge_group, GTK_WIDGET (self->judge_row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), judge_group);

  /* Last, what is always there: the engines added, Add Engine and what
   * it says come first, where a phone's screen shows them. */
  adw_preferences_group_set_title (built_in, _("Built In"));
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(levels[i].label));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(levels[i].description));
      adw_preferences_group_add (built_in, row);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), built_in);

  g_signal_connect_object (self->settings, "changed::engines", G_CALLBACK (update_engines), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::judge", G_CALLBACK (update_engines), self, G_CONNECT_SWAPPED);
  update_engines (self);
}

/**
 * congkak_engines_page_new:
 *
 * Returns: the Engines page, for the Preferences dialog.
 */
GtkWidget *
congkak_engines_page_new (void)
{
  return g_object_new (CONGKAK_TYPE_ENGINES_PAGE, NULL);
}
