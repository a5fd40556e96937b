/* congkak-export-choices.c — how pictures were last exported and matches
 * last printed, in any window
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application makes one and gives it to every window it makes; the
 * first export is a PNG picture of 1200 pixels with letters and counts.
 */

#include "config.h"

#include "congkak-export-choices.h"

G_DEFINE_FINAL_TYPE (CongkakExportChoices, congkak_export_choices, G_TYPE_OBJECT)

static void
congkak_export_choices_dispose (GObject *object)
{
  CongkakExportChoices *self = CONGKAK_EXPORT_CHOICES (object);

  g_clear_object (&self->print_settings);
  g_clear_object (&self->page_setup);

  G_OBJECT_CLASS (congkak_export_choices_parent_class)->dispose (object);
}

static void
congkak_export_choices_class_init (CongkakExportChoicesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = congkak_export_choices_dispose;
}

static void
congkak_export_choices_init (CongkakExportChoices *self)
{
  self->format = CONGKAK_PICTURE_PNG;
  self->width = CONGKAK_PICTURE_DEFAULT_WIDTH;
  congkak_picture_options_init (&self->options);
  congkak_print_options_init (&self->print_options);
}

CongkakExportChoices *
congkak_export_choices_new (void)
{
  return g_object_new (CONGKAK_TYPE_EXPORT_CHOICES, NULL);
}
