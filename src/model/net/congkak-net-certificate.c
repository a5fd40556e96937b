/* congkak-net-certificate.c — the host's TLS certificate, made on first use
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A host proves who it is with a self-signed certificate, made once with
 * GnuTLS (ECDSA P-256, valid for 30 years) and kept in a folder the caller
 * gives (the app's data, `$XDG_DATA_HOME/APP-ID/network`): the certificate
 * readable by all (0644), the key by its owner only (0600).  No authority
 * vouches for it: the client checks it against the fingerprint bits of the
 * join code (congkak-net-code.h).  A pair that cannot be read, does not
 * parse, does not belong together or has expired is made anew, saying
 * so in the log; a folder that cannot be written leaves the new pair in
 * memory for this run.
 */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <string.h>
#include <sys/stat.h>

#include "congkak-file-util.h"
#include "congkak-net-certificate.h"
#include "congkak-net-error.h"

G_DEFINE_QUARK (congkak-net-error-quark, congkak_net_error)

/* A PEM file of ours is well under this */
#define PEM_MAX_BYTES (64 * 1024)
#define VALIDITY_YEARS 30

G_DEFINE_AUTO_CLEANUP_FREE_FUNC (gnutls_x509_crt_t, gnutls_x509_crt_deinit, NULL)
G_DEFINE_AUTO_CLEANUP_FREE_FUNC (gnutls_x509_privkey_t, gnutls_x509_privkey_deinit, NULL)

typedef struct
{
  char *certificate;  /* PEM */
  char *key;          /* PEM, PKCS #8 */
} Pair;

static void
pair_clear (Pair *pair)
{
  g_clear_pointer (&pair->certificate, g_free);
  if (pair->key != NULL)
    {
      explicit_bzero (pair->key, strlen (pair->key));
      g_clear_pointer (&pair->key, g_free);
    }
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Pair, pair_clear)

static gboolean
gnutls_fail (GError     **error,
             int          result)
{
  g_set_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_CERTIFICATE,
               /* TRANSLATORS: %s: GnuTLS's own words */
               _("The certificate for network play could not be made: %s"),
               gnutls_strerror (result));
  return FALSE;
}

static char *
datum_to_string (gnutls_datum_t *datum)
{
  char *text = g_strndup ((const char *) datum->data, datum->size);

  gnutls_free (datum->data);
  datum->data = NULL;
  return text;
}

static gboolean
make_pair (Pair    *pair,
           GError **error)
{
  g_auto (gnutls_x509_crt_t) crt = NULL;
  g_auto (gnutls_x509_privkey_t) key = NULL;
  gnutls_datum_t datum = { NULL, 0 };
  guint8 serial[16];
  guint8 key_id[64];
  size_t key_id_size = sizeof key_id;
  time_t now = time (NULL);
  int result;

  if ((result = gnutls_x509_privkey_init (&key)) < 0
      || (result = gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                                 GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0)) < 0
      || (result = gnutls_x509_crt_init (&crt)) < 0
      || (result = gnutls_rnd (GNUTLS_RND_NONCE, serial, sizeof serial)) < 0)
    return gnutls_fail (error, result);
  serial[0] &= 0x7f;  /* a positive number */
  serial[0] |= 0x01;  /* of full length */

  if ((result = gnutls_x509_crt_set_version (crt, 3)) < 0
      || (result = gnutls_x509_crt_set_serial (crt, serial, sizeof serial)) < 0
      || (result = gnutls_x509_crt_set_activation_time (crt, now - 24 * 60 * 60)) < 0
      || (result = gnutls_x509_crt_set_expiration_time (crt, now + (time_t) VALIDITY_YEARS * 365 * 24 * 60 * 60)) < 0
      || (result = gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0,
                                                  "Congkak", strlen ("Congkak"))) < 0
      || (result = gnutls_x509_crt_set_key (crt, key)) < 0
      || (result = gnutls_x509_crt_set_basic_constraints (crt, 0, -1)) < 0
      || (result = gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE)) < 0
      || (result = gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0)) < 0
      || (result = gnutls_x509_crt_get_key_id (crt, 0, key_id, &key_id_size)) < 0
      || (result = gnutls_x509_crt_set_subject_key_id (crt, key_id, key_id_size)) < 0
      || (result = gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0)) < 0)
    return gnutls_fail (error, result);

  if ((result = gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &datum)) < 0)
    return gnutls_fail (error, result);
  pair->certificate = datum_to_string (&datum);
  if ((result = gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL,
                                                   GNUTLS_PKCS_PLAIN, &datum)) < 0)
    return gnutls_fail (error, result);
  pair->key = datum_to_string (&datum);
  return TRUE;
}

/* Whether the two PEM texts are a certificate and its key, still valid */
static gboolean
check_pair (const Pair  *pair,
            const char **why)
{
  g_auto (gnutls_x509_crt_t) crt = NULL;
  g_auto (gnutls_x509_privkey_t) key = NULL;
  gnutls_datum_t datum;
  guint8 crt_id[64], key_id[64];
  size_t crt_id_size = sizeof crt_id, key_id_size = sizeof key_id;

  gnutls_x509_crt_init (&crt);
  gnutls_x509_privkey_init (&key);
  datum.data = (unsigned char *) pair->certificate;
  datum.size = strlen (pair->certificate);
  if (gnutls_x509_crt_import (crt, &datum, GNUTLS_X509_FMT_PEM) < 0)
    return (*why = "the certificate does not parse", FALSE);
  datum.data = (unsigned char *) pair->key;
  datum.size = strlen (pair->key);
  if (gnutls_x509_privkey_import (key, &datum, GNUTLS_X509_FMT_PEM) < 0)
    return (*why = "the key does not parse", FALSE);
  if (gnutls_x509_crt_get_key_id (crt, 0, crt_id, &crt_id_size) < 0
      || gnutls_x509_privkey_get_key_id (key, 0, key_id, &key_id_size) < 0
      || crt_id_size != key_id_size || memcmp (crt_id, key_id, crt_id_size) != 0)
    return (*why = "the key is not the certificate's", FALSE);
  if (gnutls_x509_crt_get_expiration_time (crt) < time (NULL) + 24 * 60 * 60)
    return (*why = "the certificate has expired", FALSE);
  return TRUE;
}

static char *
load_text (const char  *path,
           GError     **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GBytes) bytes = congkak_file_load_bounded (file, PEM_MAX_BYTES, FALSE, NULL, error);
  gsize size;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  if (memchr (data, '\0', size) != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "a NUL byte in the text");
      return NULL;
    }
  return g_strndup (data, size);
}

static gboolean
save_pair (const Pair  *pair,
           const char  *folder,
           GError     **error)
{
  g_autofree char *certificate_path = g_build_filename (folder, CONGKAK_NET_CERTIFICATE_FILE, NULL);
  g_autofree char *key_path = g_build_filename (folder, CONGKAK_NET_KEY_FILE, NULL);
  g_autoptr (GFile) certificate_file = g_file_new_for_path (certificate_path);
  g_autoptr (GFile) key_file = g_file_new_for_path (key_path);

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", folder, g_strerror (saved_errno));
      return FALSE;
    }
  /* An old file keeps its permissions when replaced: begin afresh, so
   * that the key is made private whatever the old one was. */
  g_unlink (key_path);
  g_unlink (certificate_path);
  if (!congkak_file_replace_contents (key_file, pair->key, strlen (pair->key),
                                      CONGKAK_SAVE_PRIVATE, NULL, error)
      || !congkak_file_replace_contents (certificate_file, pair->certificate, strlen (pair->certificate),
                                         CONGKAK_SAVE_NONE, NULL, error))
    return FALSE;
  g_chmod (key_path, 0600);
  g_chmod (certificate_path, 0644);
  return TRUE;
}

/* The pair in @folder, if it is whole and good; otherwise says why in
 * @why (for the log) */
static gboolean
load_pair (const char  *folder,
           Pair        *pair,
           char       **why)
{
  g_autofree char *certificate_path = g_build_filename (folder, CONGKAK_NET_CERTIFICATE_FILE, NULL);
  g_autofree char *key_path = g_build_filename (folder, CONGKAK_NET_KEY_FILE, NULL);
  g_autoptr (GError) error = NULL;
  const char *check_why = NULL;
  GStatBuf key_stat;

  if (!g_file_test (certificate_path, G_FILE_TEST_EXISTS) && !g_file_test (key_path, G_FILE_TEST_EXISTS))
    {
      *why = g_strdup ("there is none yet");
      return FALSE;
    }
  if ((pair->certificate = load_text (certificate_path, &error)) == NULL
      || (pair->key = load_text (key_path, &error)) == NULL)
    {
      *why = g_strdup (error->message);
      return FALSE;
    }
  if (!check_pair (pair, &check_why))
    {
      *why = g_strdup (check_why);
      return FALSE;
    }
  /* Someone made the key readable by others: it still is ours, but no
   * longer theirs to read. */
  if (g_stat (key_path, &key_stat) == 0 && (key_stat.st_mode & 077) != 0)
    {
      g_message ("The network key %s was readable by others; it is now private (0600)", key_path);
      g_chmod (key_path, 0600);
    }
  return TRUE;
}

/**
 * congkak_net_certificate_load_or_make:
 * @folder: where the pair is kept (made if missing)
 *
 * The host's certificate with its key, from @folder or made there now.
 * A damaged, unreadable or expired pair is made anew (logged); a folder
 * that cannot be written gives a pair in memory for this run (logged).
 *
 * Returns: (transfer full): the certificate, or %NULL with @error set
 *   (in CONGKAK_NET_ERROR) when GnuTLS could not make one
 */
GTlsCertificate *
congkak_net_certificate_load_or_make (const char  *folder,
                                      GError     **error)
{
  g_auto (Pair) pair = { NULL, NULL };
  g_autofree char *why = NULL;
  g_autofree char *pem = NULL;
  g_autoptr (GError) local_error = NULL;
  GTlsCertificate *certificate;

  g_return_val_if_fail (folder != NULL, NULL);

  if (!load_pair (folder, &pair, &why))
    {
      pair_clear (&pair);
      g_message ("Making a new certificate for network play in %s (%s)", folder, why);
      if (!make_pair (&pair, error))
        return NULL;
      if (!save_pair (&pair, folder, &local_error))
        g_message ("The certificate for network play could not be kept in %s (%s); "
                   "it serves this run only", folder, local_error->message);
    }

  pem = g_strconcat (pair.certificate, "\n", pair.key, NULL);
  certificate = g_tls_certificate_new_from_pem (pem, -1, &local_error);
  explicit_bzero (pem, strlen (pem));
  if (certificate == NULL)
    {
      g_set_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_CERTIFICATE,
                   _("The certificate for network play could not be made: %s"), local_error->message);
      return NULL;
    }
  return certificate;
}

/**
 * congkak_net_certificate_fingerprint:
 * @fingerprint: (out caller-allocates): the SHA-256 of @certificate's DER
 */
void
congkak_net_certificate_fingerprint (GTlsCertificate *certificate,
                                     guint8           fingerprint[CONGKAK_NET_FINGERPRINT_SIZE])
{
  g_autoptr (GByteArray) der = NULL;
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size = CONGKAK_NET_FINGERPRINT_SIZE;

  g_return_if_fail (G_IS_TLS_CERTIFICATE (certificate));

  g_object_get (certificate, "certificate", &der, NULL);
  g_checksum_update (checksum, der->data, der->len);
  g_checksum_get_digest (checksum, fingerprint, &size);
}
