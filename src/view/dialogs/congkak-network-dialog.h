/* congkak-network-dialog.h — Play Over the Network: host a match, or join one
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-engine.h"
#include "congkak-net-discovery.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_NETWORK_DIALOG (congkak_network_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetworkDialog, congkak_network_dialog, CONGKAK, NETWORK_DIALOG, AdwDialog)

CongkakNetworkDialog *congkak_network_dialog_new             (CongkakNetBrowser    *browser);
CongkakSide           congkak_network_dialog_get_guest_side  (CongkakNetworkDialog *self);
void                  congkak_network_dialog_show_code       (CongkakNetworkDialog *self,
                                                              const char           *code,
                                                              const char * const   *addresses);
const char           *congkak_network_dialog_get_code        (CongkakNetworkDialog *self);
void                  congkak_network_dialog_set_announcement (CongkakNetworkDialog *self,
                                                               const char           *text);
void                  congkak_network_dialog_show_join       (CongkakNetworkDialog *self);
void                  congkak_network_dialog_set_address     (CongkakNetworkDialog *self,
                                                              const char           *address);
void                  congkak_network_dialog_set_join_code   (CongkakNetworkDialog *self,
                                                              const char           *code);
void                  congkak_network_dialog_set_busy        (CongkakNetworkDialog *self,
                                                              gboolean              busy);
void                  congkak_network_dialog_set_problem     (CongkakNetworkDialog *self,
                                                              const char           *problem);
const char           *congkak_network_dialog_get_nearby_text (CongkakNetworkDialog *self);

G_END_DECLS
