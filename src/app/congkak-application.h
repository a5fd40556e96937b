/* congkak-application.h
 *
 * Copyright 2026 Congkak developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-board-picture.h"
#include "congkak-library.h"
#include "congkak-print.h"
#include "congkak-workspace.h"

G_BEGIN_DECLS

typedef struct _CongkakWindow CongkakWindow;

/* Export and printing, as last chosen in any window. */
typedef struct
{
  CongkakPictureFormat  format;
  int                   width;
  CongkakPictureOptions options;
  CongkakPrintOptions   print_options;
  GtkPrintSettings     *print_settings;
  GtkPageSetup         *page_setup;
} CongkakExportChoices;

#define CONGKAK_TYPE_APPLICATION (congkak_application_get_type ())

G_DECLARE_FINAL_TYPE (CongkakApplication, congkak_application, CONGKAK, APPLICATION, AdwApplication)

CongkakApplication *congkak_application_new         (const char         *application_id,
                                                     GApplicationFlags   flags);
CongkakLibrary     *congkak_application_get_library (CongkakApplication *self);
CongkakWorkspace   *congkak_application_get_workspace (CongkakApplication *self);
AdwDialog          *congkak_application_create_about_dialog (CongkakApplication *self);
CongkakExportChoices *congkak_application_get_export_choices (CongkakApplication *self);
CongkakWindow      *congkak_application_find_window (CongkakApplication *self,
                                                     GFile              *file);
gboolean            congkak_application_owns_autosave (CongkakApplication *self,
                                                       GFile              *autosave);

G_END_DECLS
