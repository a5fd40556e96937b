/* congkak-export-choices.h — how pictures were last exported and matches
 * last printed, in any window
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-board-picture.h"
#include "congkak-print.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_EXPORT_CHOICES (congkak_export_choices_get_type ())

G_DECLARE_FINAL_TYPE (CongkakExportChoices, congkak_export_choices, CONGKAK, EXPORT_CHOICES, GObject)

/* A record the application keeps and each window's export part reads and
 * writes: the next export, in any window, starts from the last one. */
struct _CongkakExportChoices
{
  GObject               parent_instance;

  CongkakPictureFormat  format;
  int                   width;
  CongkakPictureOptions options;
  CongkakPrintOptions   print_options;
  GtkPrintSettings     *print_settings;   /* nullable: until the first print */
  GtkPageSetup         *page_setup;       /* nullable: until the first print */
};

CongkakExportChoices *congkak_export_choices_new (void);

G_END_DECLS
