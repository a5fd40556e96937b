/* congkak-window-export.h — the position as a picture, the match on paper
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-annotation-view.h"
#include "congkak-export-choices.h"
#include "congkak-window-part.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_EXPORT (congkak_window_export_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowExport, congkak_window_export, CONGKAK, WINDOW_EXPORT, CongkakWindowPart)

CongkakWindowExport  *congkak_window_export_new           (GtkWidget             *window,
                                                           AdwToastOverlay       *toasts,
                                                           CongkakExportChoices  *choices,
                                                           CongkakAnnotationView *annotation_view);
void                  congkak_window_export_install       (GtkWidgetClass        *window_class,
                                                           GtkWidgetActionActivateFunc activate);
CongkakExportChoices *congkak_window_export_get_choices   (CongkakWindowExport   *self);
gboolean              congkak_window_export_write_position (CongkakWindowExport  *self,
                                                            GFile                *file,
                                                            GError              **error);
gboolean              congkak_window_export_print_to_file  (CongkakWindowExport  *self,
                                                            const char           *path,
                                                            GError              **error);

G_END_DECLS
