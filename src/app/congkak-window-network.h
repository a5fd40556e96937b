/* congkak-window-network.h — playing a friend on another computer
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-net-match.h"
#include "congkak-network-dialog.h"
#include "congkak-window-part.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_NETWORK (congkak_window_network_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowNetwork, congkak_window_network, CONGKAK, WINDOW_NETWORK, CongkakWindowPart)

CongkakWindowNetwork *congkak_window_network_new         (GtkWidget            *window,
                                                          AdwToastOverlay      *toasts,
                                                          AdwBanner            *banner);
void                  congkak_window_network_install     (GtkWidgetClass       *window_class,
                                                          GtkWidgetActionActivateFunc activate);
gboolean              congkak_window_network_host        (CongkakWindowNetwork *self,
                                                          CongkakSide           guest_side,
                                                          gboolean              loopback_only,
                                                          GError              **error);
void                  congkak_window_network_set_loopback_only (CongkakWindowNetwork *self,
                                                                gboolean              loopback_only);
void                  congkak_window_network_join        (CongkakWindowNetwork *self,
                                                          const char           *address,
                                                          const char           *code);
gboolean              congkak_window_network_get_over    (CongkakWindowNetwork *self);
CongkakNetMatch      *congkak_window_network_get_match   (CongkakWindowNetwork *self);
CongkakNetworkDialog *congkak_window_network_get_dialog  (CongkakWindowNetwork *self);
const char           *congkak_window_network_get_code    (CongkakWindowNetwork *self);
guint16               congkak_window_network_get_port    (CongkakWindowNetwork *self);

G_END_DECLS
