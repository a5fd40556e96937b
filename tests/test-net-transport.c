/* test-net-transport.c — the certificate, the join code, the envelope,
 * and the server and client over the loopback interface
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "congkak-net-certificate.h"
#include "congkak-net-code.h"
#include "congkak-net-envelope.h"
#include "congkak-net-error.h"

static char *
make_folder (void)
{
  g_autoptr (GError) error = NULL;
  char *folder = g_dir_make_tmp ("congkak-net-XXXXXX", &error);

  g_assert_no_error (error);
  return folder;
}

static void
remove_folder (const char *folder)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_remove (path);
    }
  g_rmdir (folder);
}

static char *
read_file (const char *folder,
           const char *name)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static guint
file_mode (const char *folder,
           const char *name)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  GStatBuf buf;

  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  return buf.st_mode & 07777;
}

static void
assert_same_fingerprint (GTlsCertificate *a,
                         GTlsCertificate *b,
                         gboolean         same)
{
  guint8 fa[CONGKAK_NET_FINGERPRINT_SIZE], fb[CONGKAK_NET_FINGERPRINT_SIZE];

  congkak_net_certificate_fingerprint (a, fa);
  congkak_net_certificate_fingerprint (b, fb);
  g_assert_cmpint (memcmp (fa, fb, sizeof fa) == 0, ==, same);
}

static void
test_certificate_made_once_and_kept (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *inner = g_build_filename (folder, "data", "network", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) first = NULL;
  g_autoptr (GTlsCertificate) second = NULL;
  g_autofree char *pem = NULL;
  g_autofree char *key = NULL;
  g_autofree char *key_again = NULL;
  g_autoptr (GByteArray) der = NULL;

  first = congkak_net_certificate_load_or_make (inner, &error);
  g_assert_no_error (error);
  g_assert_nonnull (first);
  g_object_get (first, "certificate", &der, NULL);
  g_assert_nonnull (der);
  g_assert_cmpuint (der->len, >, 100);

  pem = read_file (inner, CONGKAK_NET_CERTIFICATE_FILE);
  key = read_file (inner, CONGKAK_NET_KEY_FILE);
  g_assert_true (g_str_has_prefix (pem, "-----BEGIN CERTIFICATE-----"));
  g_assert_true (g_str_has_prefix (key, "-----BEGIN PRIVATE KEY-----"));
  g_assert_cmphex (file_mode (inner, CONGKAK_NET_KEY_FILE), ==, 0600);
  g_assert_cmphex (file_mode (inner, CONGKAK_NET_CERTIFICATE_FILE), ==, 0644);

  /* the second time, the same pair */
  second = congkak_net_certificate_load_or_make (inner, &error);
  g_assert_no_error (error);
  assert_same_fingerprint (first, second, TRUE);
  key_again = read_file (inner, CONGKAK_NET_KEY_FILE);
  g_assert_cmpstr (key, ==, key_again);

  remove_folder (inner);
  {
    g_autofree char *data = g_build_filename (folder, "data", NULL);

    g_rmdir (data);
  }
  remove_folder (folder);
}

static void
write_file (const char *folder,
            const char *name,
            const char *contents,
            int         mode)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);

  g_remove (path);
  g_assert_true (g_file_set_contents_full (path, contents, -1, G_FILE_SET_CONTENTS_NONE, mode, NULL));
}

static void
test_certificate_damaged_made_anew (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *other = make_folder ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) first = NULL;
  g_autoptr (GTlsCertificate) other_certificate = NULL;
  g_autofree char *other_key = NULL;
  g_autofree char *first_pem = NULL;

  first = congkak_net_certificate_load_or_make (folder, &error);
  g_assert_no_error (error);
  first_pem = read_file (folder, CONGKAK_NET_CERTIFICATE_FILE);

  /* a certificate cut short */
  {
    g_autoptr (GTlsCertificate) again = NULL;

    write_file (folder, CONGKAK_NET_CERTIFICATE_FILE, "-----BEGIN CERTIFICATE-----\nMIIB\n", 0644);
    again = congkak_net_certificate_load_or_make (folder, &error);
    g_assert_no_error (error);
    assert_same_fingerprint (first, again, FALSE);
    g_assert_cmphex (file_mode (folder, CONGKAK_NET_KEY_FILE), ==, 0600);
    g_clear_object (&first);
    first = g_steal_pointer (&again);
  }

  /* a key that is another certificate's, left readable by all */
  other_certificate = congkak_net_certificate_load_or_make (other, &error);
  g_assert_no_error (error);
  other_key = read_file (other, CONGKAK_NET_KEY_FILE);
  write_file (folder, CONGKAK_NET_KEY_FILE, other_key, 0644);
  {
    g_autoptr (GTlsCertificate) again = congkak_net_certificate_load_or_make (folder, &error);

    g_assert_no_error (error);
    assert_same_fingerprint (first, again, FALSE);
    assert_same_fingerprint (other_certificate, again, FALSE);
    g_assert_cmphex (file_mode (folder, CONGKAK_NET_KEY_FILE), ==, 0600);
    g_clear_object (&first);
    first = g_steal_pointer (&again);
  }

  /* a key nobody may read, a key of binary junk, a key missing */
  {
    static const char junk[] = "\x01\x02-----BEGIN PRIVATE KEY-----\n\xff\xfe\n";
    g_autofree char *key = read_file (folder, CONGKAK_NET_KEY_FILE);
    g_autofree char *key_path = g_build_filename (folder, CONGKAK_NET_KEY_FILE, NULL);
    g_autoptr (GTlsCertificate) again = NULL;

    write_file (folder, CONGKAK_NET_KEY_FILE, key, 0000);
    again = congkak_net_certificate_load_or_make (folder, &error);
    g_assert_no_error (error);
    /* root reads it all the same */
    if (access (key_path, R_OK) != 0 || getuid () != 0)
      g_assert_cmphex (file_mode (folder, CONGKAK_NET_KEY_FILE), ==, 0600);
    g_clear_object (&again);

    write_file (folder, CONGKAK_NET_KEY_FILE, junk, 0600);
    again = congkak_net_certificate_load_or_make (folder, &error);
    g_assert_no_error (error);
    assert_same_fingerprint (first, again, FALSE);
    g_clear_object (&first);
    first = g_steal_pointer (&again);

    g_assert_cmpint (g_remove (key_path), ==, 0);
    again = congkak_net_certificate_load_or_make (folder, &error);
    g_assert_no_error (error);
    assert_same_fingerprint (first, again, FALSE);
    g_assert_cmphex (file_mode (folder, CONGKAK_NET_KEY_FILE), ==, 0600);
  }

  remove_folder (folder);
  remove_folder (other);
}

static void
test_code_round_trip (void)
{
  guint8 fingerprint[CONGKAK_NET_FINGERPRINT_SIZE];
  guint8 other[CONGKAK_NET_FINGERPRINT_SIZE];
  CongkakNetCode code, parsed, second;
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < sizeof fingerprint; i++)
    fingerprint[i] = other[i] = g_test_rand_int_range (0, 256);
  other[3] ^= 0x04;  /* the 30th bit */

  for (guint round = 0; round < 200; round++)
    {
      g_autofree char *text = NULL;
      g_autofree char *lower = NULL;
      g_autofree char *spaced = NULL;

      congkak_net_code_make (fingerprint, &code);
      text = congkak_net_code_to_string (&code);
      g_assert_cmpuint (strlen (text), ==, 14);
      g_assert_cmpint (text[4], ==, '-');
      g_assert_cmpint (text[9], ==, '-');
      g_assert_cmpuint (strspn (text, "0123456789ABCDEFGHJKMNPQRSTVWXYZ-"), ==, 14);

      g_assert_true (congkak_net_code_parse (text, &parsed, &error));
      g_assert_no_error (error);
      g_assert_true (congkak_net_code_matches_fingerprint (&parsed, fingerprint));
      g_assert_false (congkak_net_code_matches_fingerprint (&parsed, other));
      g_assert_true (congkak_net_code_secret_equal (&code, &parsed));

      /* lower case, spaces instead of dashes */
      lower = g_ascii_strdown (text, -1);
      spaced = g_strdelimit (g_strdup (lower), "-", ' ');
      g_assert_true (congkak_net_code_parse (spaced, &parsed, &error));
      g_assert_true (congkak_net_code_secret_equal (&code, &parsed));
      g_assert_true (congkak_net_code_matches_fingerprint (&parsed, fingerprint));

      congkak_net_code_make (fingerprint, &second);
      /* two codes of one host share their first half (1 in 2^30 their secret) */
      g_assert_cmpuint (second.fingerprint_bits, ==, code.fingerprint_bits);
    }

  /* O is 0, I and L are 1 */
  {
    CongkakNetCode zeros, ones;

    g_assert_true (congkak_net_code_parse ("oooo-0000-OOOO", &zeros, &error));
    g_assert_cmpuint (zeros.fingerprint_bits, ==, 0);
    g_assert_cmpuint (zeros.secret, ==, 0);
    g_assert_true (congkak_net_code_parse ("0000 00il 0001", &ones, &error));
    g_assert_cmpuint (ones.fingerprint_bits, ==, 0);
    g_assert_cmpuint (ones.secret, ==, (1u << 25) | (1u << 20) | 1);
    g_assert_no_error (error);
  }
}

static void
test_code_refusals (void)
{
  static const char * const bad[] = {
    "", "7KQ4-M2XD-PL9", "7KQ4-M2XD-PL9AB", "7KQ4-M2XD-PL9U", "7KQ4-M2XD-PL9*",
    "7KQ4-M2XD-PL9é", "7KQ4_M2XD_PL9A", "\xff\xfe", NULL
  };

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      CongkakNetCode code;

      g_assert_false (congkak_net_code_parse (bad[i], &code, &error));
      g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_CODE);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
    }
}

static void
assert_envelope_refused (const char *text,
                         gssize      length,
                         gsize       max_length,
                         const char *why)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;

  message = congkak_net_envelope_parse (text, length < 0 ? strlen (text) : (gsize) length, max_length, &error);
  if (message != NULL)
    g_error ("“%.80s” was not refused", text);
  g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_MESSAGE);
  if (strstr (error->message, why) == NULL)
    g_error ("refused “%.80s” saying “%s”, not “%s”", text, error->message, why);
}

static void
test_envelope (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;
  g_autoptr (GString) deep = g_string_new ("{\"type\":\"deep\",\"x\":");
  g_autoptr (GString) bomb = g_string_new ("{\"type\":\"bomb\",\"x\":[");
  const char *good = "{\"type\":\"move-played\",\"hole\":3,\"list\":[1,{\"a\":null}]}";

  message = congkak_net_envelope_parse (good, strlen (good), 1024, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (message, "type"), ==, "move-played");
  g_assert_cmpint (json_object_get_int_member (message, "hole"), ==, 3);
  {
    gsize length;
    g_autofree char *text = congkak_net_envelope_to_string (message, &length);
    g_autoptr (JsonObject) again = congkak_net_envelope_parse (text, length, 1024, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (json_object_get_string_member (again, "type"), ==, "move-played");
  }

  assert_envelope_refused (good, -1, 20, "more than the 20 bytes");
  assert_envelope_refused ("", 0, 100, "empty");
  assert_envelope_refused ("{\"type\":\"a\xff\"}", -1, 100, "UTF-8");
  assert_envelope_refused ("{\"type\":\"a\"}\0", 13, 100, "UTF-8");
  assert_envelope_refused ("{\"type\":\"a\\u0000b\"}", -1, 100, "U+0000");
  assert_envelope_refused ("{\"type\":\"a\"", -1, 100, "not valid JSON");
  assert_envelope_refused ("{\"type\":\"a\"} {}", -1, 100, "not valid JSON");
  assert_envelope_refused ("{\"type\":\"a\",}", -1, 100, "not valid JSON");
  assert_envelope_refused ("[\"type\"]", -1, 100, "not a JSON object");
  assert_envelope_refused ("\"hello\"", -1, 100, "not a JSON object");
  assert_envelope_refused ("{\"kind\":\"a\"}", -1, 100, "no “type”");
  assert_envelope_refused ("{\"type\":3}", -1, 100, "not text");
  assert_envelope_refused ("{\"type\":\"Hello\"}", -1, 100, "lowercase");
  /* read as infinity, it could not be written again (found by the fuzzer) */
  assert_envelope_refused ("{\"type\":\"a\",\"x\":[1e9991,-1e400]}", -1, 100, "too large");
  assert_envelope_refused ("{\"type\":\"\"}", -1, 100, "lowercase");
  assert_envelope_refused ("{\"type\":\"abcdefghijabcdefghijabcdefghijabc\"}", -1, 100, "lowercase");

  for (guint i = 0; i < 40; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 40; i++)
    g_string_append_c (deep, ']');
  g_string_append_c (deep, '}');
  assert_envelope_refused (deep->str, deep->len, 1024, "levels deep");

  /* empty objects take far more than 48 bytes a byte */
  for (guint i = 0; i < 300000; i++)
    g_string_append (bomb, "{},");
  g_string_append (bomb, "{}]}");
  assert_envelope_refused (bomb->str, bomb->len, 16 * 1024 * 1024, "far more lists");
  /* while as many small numbers are fine */
  g_string_assign (bomb, "{\"type\":\"numbers\",\"x\":[");
  for (guint i = 0; i < 300000; i++)
    g_string_append (bomb, "1,");
  g_string_append (bomb, "1]}");
  g_clear_pointer (&message, json_object_unref);
  message = congkak_net_envelope_parse (bomb->str, bomb->len, 16 * 1024 * 1024, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (message, "x")), ==, 300001);
}

/* What the fuzzer found once */
static void
test_envelope_fuzz_regressions (void)
{
  g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "data", "fuzz-regressions", "net-envelope", NULL);
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint count = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonObject) message = NULL;
      gsize length;

      if (g_str_has_prefix (name, "README"))
        continue;
      g_assert_true (g_file_get_contents (path, &text, &length, NULL));
      message = congkak_net_envelope_parse (text, length, 16 * 1024 * 1024, &error);
      if (message == NULL)
        g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_MESSAGE);
      else
        {
          g_autofree char *again = congkak_net_envelope_to_string (message, &length);
          g_autoptr (JsonObject) again_message = congkak_net_envelope_parse (again, length, G_MAXSIZE, &error);

          g_assert_no_error (error);
        }
      count++;
    }
  g_assert_cmpuint (count, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/transport/certificate/made-once-and-kept", test_certificate_made_once_and_kept);
  g_test_add_func ("/net/transport/certificate/damaged-made-anew", test_certificate_damaged_made_anew);
  g_test_add_func ("/net/transport/code/round-trip", test_code_round_trip);
  g_test_add_func ("/net/transport/code/refusals", test_code_refusals);
  g_test_add_func ("/net/transport/envelope", test_envelope);
  g_test_add_func ("/net/transport/envelope/fuzz-regressions", test_envelope_fuzz_regressions);

  return g_test_run ();
}
