/* congkak-follow-dialog.h — Follow a Lesson: one nearby, or an address and code
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-net-discovery.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_FOLLOW_DIALOG (congkak_follow_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CongkakFollowDialog, congkak_follow_dialog, CONGKAK, FOLLOW_DIALOG, AdwDialog)

CongkakFollowDialog *congkak_follow_dialog_new         (CongkakNetBrowser   *browser);
const char          *congkak_follow_dialog_get_address (CongkakFollowDialog *self);
void                 congkak_follow_dialog_set_address (CongkakFollowDialog *self,
                                                        const char          *address);
const char          *congkak_follow_dialog_get_code    (CongkakFollowDialog *self);
void                 congkak_follow_dialog_set_code    (CongkakFollowDialog *self,
                                                        const char          *code);
void                 congkak_follow_dialog_set_busy    (CongkakFollowDialog *self,
                                                        gboolean             busy);
void                 congkak_follow_dialog_set_problem (CongkakFollowDialog *self,
                                                        const char          *problem);
const char          *congkak_follow_dialog_get_nearby_text (CongkakFollowDialog *self);

G_END_DECLS
