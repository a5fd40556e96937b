/* congkak-window-files.h — new matches, opening, saving, closing and
 * restoring
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-annotation-view.h"
#include "congkak-window-part.h"
#include "congkak-workspace.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_FILES (congkak_window_files_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowFiles, congkak_window_files, CONGKAK, WINDOW_FILES, CongkakWindowPart)

CongkakWindowFiles *congkak_window_files_new           (GtkWidget             *window,
                                                        AdwToastOverlay       *toasts,
                                                        CongkakWorkspace      *workspace,
                                                        CongkakAnnotationView *annotation_view);
void                congkak_window_files_install       (GtkWidgetClass        *window_class,
                                                        GtkWidgetActionActivateFunc activate);
void                congkak_window_files_open          (CongkakWindowFiles    *self,
                                                        GFile                 *file);
void                congkak_window_files_replace_match (CongkakWindowFiles    *self,
                                                        CongkakMatch          *match);
void                congkak_window_files_start_like    (CongkakWindowFiles    *self,
                                                        CongkakMatch          *match);
void                congkak_window_files_offer_restore (CongkakWindowFiles    *self);

G_END_DECLS
