/* congkak-window-library.h — the library page, and matches added to it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-board-view.h"
#include "congkak-library-view.h"
#include "congkak-window-part.h"
#include "congkak-workspace.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_LIBRARY (congkak_window_library_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowLibrary, congkak_window_library, CONGKAK, WINDOW_LIBRARY, CongkakWindowPart)

CongkakWindowLibrary *congkak_window_library_new     (GtkWidget          *window,
                                                      AdwToastOverlay    *toasts,
                                                      CongkakWorkspace   *workspace,
                                                      GtkStack           *stack,
                                                      CongkakLibraryView *library_view,
                                                      AdwWindowTitle     *window_title,
                                                      CongkakBoardView   *board);
void                  congkak_window_library_install (GtkWidgetClass     *window_class,
                                                      GtkWidgetActionActivateFunc activate);

G_END_DECLS
