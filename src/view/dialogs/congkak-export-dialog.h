/* congkak-export-dialog.h — choose how to export the position on the board
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-board-picture.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_EXPORT_DIALOG (congkak_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CongkakExportDialog, congkak_export_dialog, CONGKAK, EXPORT_DIALOG, AdwDialog)

CongkakExportDialog *congkak_export_dialog_new         (const CongkakRules          *rules,
                                                        gboolean                     has_last_move);
void                 congkak_export_dialog_set_choice  (CongkakExportDialog         *self,
                                                        CongkakPictureFormat         format,
                                                        int                          width,
                                                        const CongkakPictureOptions *options);
void                 congkak_export_dialog_get_choice  (CongkakExportDialog         *self,
                                                        CongkakPictureFormat        *format,
                                                        int                         *width,
                                                        int                         *height,
                                                        CongkakPictureOptions       *options);

G_END_DECLS
