/* congkak-net-test-util.c — network play in tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "congkak-net-certificate.h"
#include "congkak-net-test-util.h"

/**
 * test_net_trust_own_certificate:
 * @folder: where to make the certificate
 *
 * glib-networking loads the system's trusted authorities when a client
 * connects, and warns (fatal in a test) where there are none, as in the
 * build root.  The transport never asks an authority: this gives
 * glib-networking a database of one certificate of its own, made in
 * @folder, so that it has nothing to load.
 */
void
test_net_trust_own_certificate (const char *folder)
{
  g_autofree char *anchors = g_build_filename (folder, CONGKAK_NET_CERTIFICATE_FILE, NULL);
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GTlsDatabase) database = NULL;
  g_autoptr (GError) error = NULL;

  certificate = congkak_net_certificate_load_or_make (folder, &error);
  g_assert_no_error (error);
  database = g_tls_file_database_new (anchors, &error);
  g_assert_no_error (error);
  g_tls_backend_set_default_database (g_tls_backend_get_default (), database);
}
