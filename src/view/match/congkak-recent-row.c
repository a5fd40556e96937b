/* congkak-recent-row.c — one match file used lately, on the start page
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file's name over the folder it lies in, each on one line; the row
 * keeps the file, so that the start page can open it when activated.
 */

#include "config.h"

#include "congkak-recent-row.h"

struct _CongkakRecentRow
{
  AdwActionRow  parent_instance;

  GFile        *file;
};

G_DEFINE_FINAL_TYPE (CongkakRecentRow, congkak_recent_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_FILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
congkak_recent_row_dispose (GObject *object)
{
  CongkakRecentRow *self = CONGKAK_RECENT_ROW (object);

  g_clear_object (&self->file);

  G_OBJECT_CLASS (congkak_recent_row_parent_class)->dispose (object);
}

static void
congkak_recent_row_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CongkakRecentRow *self = CONGKAK_RECENT_ROW (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_recent_row_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CongkakRecentRow *self = CONGKAK_RECENT_ROW (object);

  switch (prop_id)
    {
    case PROP_FILE:
      {
        g_autoptr (GFile) parent = NULL;

        g_set_object (&self->file, g_value_get_object (value));
        parent = self->file ? g_file_get_parent (self->file) : NULL;
        if (parent)
          {
            g_autofree char *folder = g_file_get_parse_name (parent);

            adw_action_row_set_subtitle (ADW_ACTION_ROW (self), folder);
          }
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_recent_row_class_init (CongkakRecentRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_recent_row_dispose;
  object_class->get_property = congkak_recent_row_get_property;
  object_class->set_property = congkak_recent_row_set_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-recent-row.ui");
}

static void
congkak_recent_row_init (CongkakRecentRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * congkak_recent_row_new:
 * @file: a match file
 * @display_name: what to call it
 *
 * Returns: (transfer floating): a row for @file, titled @display_name,
 *   with the folder it lies in under it
 */
GtkWidget *
congkak_recent_row_new (GFile      *file,
                        const char *display_name)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  return g_object_new (CONGKAK_TYPE_RECENT_ROW,
                       "file", file,
                       "title", display_name,
                       NULL);
}

/**
 * congkak_recent_row_get_file:
 *
 * Returns: (transfer none): the match file the row stands for
 */
GFile *
congkak_recent_row_get_file (CongkakRecentRow *self)
{
  g_return_val_if_fail (CONGKAK_IS_RECENT_ROW (self), NULL);

  return self->file;
}
