/* congkak-shortcuts-dialog.c — the keyboard shortcuts, as the window has them
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog's rows (CongkakShortcutRow) name actions and keys, never key
 * labels: the labels come from the accelerators that @window's
 * application sets and from the key bindings of @window and the widgets
 * inside it, so that what the dialog shows is what the keys do, named by
 * GTK in the user's language ("Strg+N" in German).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-shortcut-row.h"
#include "congkak-shortcuts-dialog.h"

struct _CongkakShortcutsDialog
{
  AdwDialog  parent_instance;
};

G_DEFINE_FINAL_TYPE (CongkakShortcutsDialog, congkak_shortcuts_dialog, ADW_TYPE_DIALOG)

typedef struct
{
  guint           keyval;
  GdkModifierType modifiers;
} Key;

/* Adds to @bindings (action name → GArray of Key) the keyval triggers of
 * the shortcuts of @widget's controllers that activate a named action,
 * and those of every widget inside it. */
static void
collect_bindings (GtkWidget  *widget,
                  GHashTable *bindings)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          const char *name;
          GArray *keys;
          Key key;

          if (!GTK_IS_NAMED_ACTION (action) || !GTK_IS_KEYVAL_TRIGGER (trigger))
            continue;
          name = gtk_named_action_get_action_name (GTK_NAMED_ACTION (action));
          keys = g_hash_table_lookup (bindings, name);
          if (keys == NULL)
            {
              keys = g_array_new (FALSE, FALSE, sizeof (Key));
              g_hash_table_insert (bindings, g_strdup (name), keys);
            }
          key.keyval = gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger));
          key.modifiers = gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger));
          g_array_append_val (keys, key);
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_bindings (child, bindings);
}

/* Appends @key's label to @labels unless it is there already (Ctrl+Shift+z
 * and Ctrl+Shift+Z read the same), or unless it is a symbol typed with
 * Shift, bound with and without it, of which the plain one is shown. */
static void
add_key (GPtrArray       *labels,
         GArray          *keys,
         guint            keyval,
         GdkModifierType  modifiers)
{
  g_autofree char *label = NULL;

  if (keyval == 0)
    return;
  if (modifiers & GDK_SHIFT_MASK)
    for (guint i = 0; i < keys->len; i++)
      {
        Key *other = &g_array_index (keys, Key, i);

        if (other->keyval == keyval && other->modifiers == (modifiers & ~GDK_SHIFT_MASK))
          return;
      }
  label = gtk_accelerator_get_label (keyval, modifiers);
  if (!g_ptr_array_find_with_equal_func (labels, label, g_str_equal, NULL))
    g_ptr_array_add (labels, g_steal_pointer (&label));
}

/* Every key of @row: its own keys, then, for each of its actions, the
 * application's accelerators and the widgets' bindings. */
static char *
row_label (CongkakShortcutRow *row,
           GtkApplication     *application,
           GHashTable         *bindings)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) keys = g_strsplit (congkak_shortcut_row_get_keys (row) ? congkak_shortcut_row_get_keys (row) : "",
                                    " ", -1);
  g_auto (GStrv) actions = g_strsplit (congkak_shortcut_row_get_actions (row)
                                       ? congkak_shortcut_row_get_actions (row) : "", " ", -1);
  g_autoptr (GArray) own = g_array_new (FALSE, FALSE, sizeof (Key));

  for (guint i = 0; keys[i] != NULL; i++)
    {
      Key key = { 0 };

      if (*keys[i] == '\0')
        continue;
      if (!gtk_accelerator_parse (keys[i], &key.keyval, &key.modifiers))
        g_critical ("“%s” is not a key", keys[i]);
      g_array_append_val (own, key);
    }
  for (guint i = 0; i < own->len; i++)
    add_key (labels, own, g_array_index (own, Key, i).keyval, g_array_index (own, Key, i).modifiers);

  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto (GStrv) accels = NULL;
      g_autoptr (GArray) action_keys = g_array_new (FALSE, FALSE, sizeof (Key));
      GArray *bound;

      if (*actions[i] == '\0')
        continue;
      accels = application ? gtk_application_get_accels_for_action (application, actions[i]) : NULL;
      for (guint j = 0; accels && accels[j]; j++)
        {
          Key key = { 0 };

          if (gtk_accelerator_parse (accels[j], &key.keyval, &key.modifiers))
            g_array_append_val (action_keys, key);
        }
      bound = g_hash_table_lookup (bindings, actions[i]);
      if (bound != NULL)
        g_array_append_vals (action_keys, bound->data, bound->len);
      for (guint j = 0; j < action_keys->len; j++)
        add_key (labels, action_keys, g_array_index (action_keys, Key, j).keyval,
                 g_array_index (action_keys, Key, j).modifiers);
    }

  g_ptr_array_add (labels, NULL);
  /* TRANSLATORS: between the keys that do the same, such as “Ctrl+Z / U” */
  return g_strjoinv (_(" / "), (char **) labels->pdata);
}

static void
show_keys (GtkWidget      *widget,
           GtkApplication *application,
           GHashTable     *bindings)
{
  if (CONGKAK_IS_SHORTCUT_ROW (widget))
    {
      g_autofree char *label = row_label (CONGKAK_SHORTCUT_ROW (widget), application, bindings);

      congkak_shortcut_row_set_label (CONGKAK_SHORTCUT_ROW (widget), label);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    show_keys (child, application, bindings);
}

static void
congkak_shortcuts_dialog_class_init (CongkakShortcutsDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (CONGKAK_TYPE_SHORTCUT_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/congkak/Congkak/ui/congkak-shortcuts-dialog.ui");
}

static void
congkak_shortcuts_dialog_init (CongkakShortcutsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * congkak_shortcuts_dialog_new:
 * @window: the window whose keys the dialog shows
 *
 * Returns: (transfer floating): the dialog, each row showing the keys
 *   that @window, the widgets in it and its application have for it
 */
CongkakShortcutsDialog *
congkak_shortcuts_dialog_new (GtkWindow *window)
{
  g_autoptr (GHashTable) bindings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           (GDestroyNotify) g_array_unref);
  CongkakShortcutsDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);

  self = g_object_new (CONGKAK_TYPE_SHORTCUTS_DIALOG, NULL);
  collect_bindings (GTK_WIDGET (window), bindings);
  /* The dialog's content is not among its children until it is shown. */
  show_keys (adw_dialog_get_child (ADW_DIALOG (self)), gtk_window_get_application (window), bindings);
  return self;
}
