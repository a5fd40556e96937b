/* congkak-shortcut-row.c — one line of the shortcuts dialog
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row names what the keys do (its title) and where the keys come from:
 * "actions", the actions whose accelerators and key bindings it shows
 * ("win.go-back win.go-forward"), and "keys", keys that a widget handles
 * itself rather than through an action ("Left Right"), in the syntax of
 * gtk_accelerator_parse().  CongkakShortcutsDialog finds the keys and
 * sets the label; the keys' names are GTK's, in the user's language.
 */

#include "config.h"

#include "congkak-shortcut-row.h"

struct _CongkakShortcutRow
{
  AdwActionRow  parent_instance;

  GtkLabel     *keys_label;
  char         *actions;
  char         *keys;
};

G_DEFINE_FINAL_TYPE (CongkakShortcutRow, congkak_shortcut_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_ACTIONS,
  PROP_KEYS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
congkak_shortcut_row_finalize (GObject *object)
{
  CongkakShortcutRow *self = CONGKAK_SHORTCUT_ROW (object);

  g_free (self->actions);
  g_free (self->keys);

  G_OBJECT_CLASS (congkak_shortcut_row_parent_class)->finalize (object);
}

static void
congkak_shortcut_row_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CongkakShortcutRow *self = CONGKAK_SHORTCUT_ROW (object);

  switch (prop_id)
    {
    case PROP_ACTIONS:
      g_value_set_string (value, self->actions);
      break;
    case PROP_KEYS:
      g_value_set_string (value, self->keys);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_shortcut_row_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  CongkakShortcutRow *self = CONGKAK_SHORTCUT_ROW (object);

  switch (prop_id)
    {
    case PROP_ACTIONS:
      g_set_str (&self->actions, g_value_get_string (value));
      break;
    case PROP_KEYS:
      g_set_str (&self->keys, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_shortcut_row_class_init (CongkakShortcutRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = congkak_shortcut_row_finalize;
  object_class->get_property = congkak_shortcut_row_get_property;
  object_class->set_property = congkak_shortcut_row_set_property;

  properties[PROP_ACTIONS] =
    g_param_spec_string ("actions", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KEYS] =
    g_param_spec_string ("keys", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
congkak_shortcut_row_init (CongkakShortcutRow *self)
{
  self->keys_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->keys_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->keys_label), "monospace");
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), GTK_WIDGET (self->keys_label));
}

/**
 * congkak_shortcut_row_get_actions:
 *
 * Returns: (nullable): the actions whose keys the row shows, separated by spaces
 */
const char *
congkak_shortcut_row_get_actions (CongkakShortcutRow *self)
{
  g_return_val_if_fail (CONGKAK_IS_SHORTCUT_ROW (self), NULL);

  return self->actions;
}

/**
 * congkak_shortcut_row_get_keys:
 *
 * Returns: (nullable): the keys a widget handles itself, as accelerators
 *   separated by spaces
 */
const char *
congkak_shortcut_row_get_keys (CongkakShortcutRow *self)
{
  g_return_val_if_fail (CONGKAK_IS_SHORTCUT_ROW (self), NULL);

  return self->keys;
}

const char *
congkak_shortcut_row_get_label (CongkakShortcutRow *self)
{
  g_return_val_if_fail (CONGKAK_IS_SHORTCUT_ROW (self), NULL);

  return gtk_label_get_label (self->keys_label);
}

void
congkak_shortcut_row_set_label (CongkakShortcutRow *self,
                                const char         *label)
{
  g_return_if_fail (CONGKAK_IS_SHORTCUT_ROW (self));

  gtk_label_set_label (self->keys_label, label);
}
