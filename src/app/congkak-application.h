/* congkak-application.h — the application: its windows, and what they share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-window.h"
#include "congkak-workspace.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_APPLICATION (congkak_application_get_type ())

G_DECLARE_FINAL_TYPE (CongkakApplication, congkak_application, CONGKAK, APPLICATION, AdwApplication)

CongkakApplication *congkak_application_new         (const char         *application_id,
                                                     GApplicationFlags   flags);
CongkakLibrary     *congkak_application_get_library (CongkakApplication *self);
CongkakWorkspace   *congkak_application_get_workspace (CongkakApplication *self);
CongkakWindow      *congkak_application_new_window  (CongkakApplication *self);
AdwDialog          *congkak_application_create_about_dialog (CongkakApplication *self);

G_END_DECLS
