/* congkak-net-certificate.h — the host's TLS certificate, made on first use
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* SHA-256 of the certificate's DER */
#define CONGKAK_NET_FINGERPRINT_SIZE 32

#define CONGKAK_NET_CERTIFICATE_FILE "certificate.pem"
#define CONGKAK_NET_KEY_FILE         "key.pem"

GTlsCertificate *congkak_net_certificate_load_or_make (const char      *folder,
                                                       GError         **error);
void             congkak_net_certificate_fingerprint  (GTlsCertificate *certificate,
                                                       guint8           fingerprint[CONGKAK_NET_FINGERPRINT_SIZE]);

G_END_DECLS
