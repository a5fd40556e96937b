/* congkak-window.h
 *
 * Copyright 2026 Congkak developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-application.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW (congkak_window_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindow, congkak_window, CONGKAK, WINDOW, AdwApplicationWindow)

CongkakWindow *congkak_window_new (CongkakApplication *application);

G_END_DECLS
