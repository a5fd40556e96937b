/* congkak-net-client.h — joining a host: its address and join code
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-net-channel.h"

G_BEGIN_DECLS

void               congkak_net_client_connect_async  (const char           *address,
                                                      const char           *code,
                                                      CongkakNetRole        role,
                                                      const char           *name,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
CongkakNetChannel *congkak_net_client_connect_finish (GAsyncResult         *result,
                                                      GError              **error);

G_END_DECLS
