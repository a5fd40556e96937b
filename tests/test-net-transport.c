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

#include <libsoup/soup.h>

#include "congkak-net-certificate.h"
#include "congkak-net-client.h"
#include "congkak-net-server.h"
#include "congkak-net-transport.h"
#include "congkak-net-code.h"
#include "congkak-net-envelope.h"
#include "congkak-net-error.h"
#include "congkak-net-test-util.h"

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
        {
          g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_MESSAGE);
          /* The reason reaches the log and the other side: valid text */
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
        }
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

/* The server and the client, on the loopback interface */

typedef struct
{
  char             *folder;
  GTlsCertificate  *certificate;
  CongkakNetServer *server;
  GPtrArray        *opened;   /* of CongkakNetChannel *, the host's ends */
  GPtrArray        *refused;  /* of char *, "ADDRESS: REASON" */
} Host;

static void
on_channel_opened (CongkakNetServer  *server,
                   CongkakNetChannel *channel,
                   Host              *host)
{
  g_ptr_array_add (host->opened, g_object_ref (channel));
}

static void
on_refused (CongkakNetServer *server,
            const char       *address,
            const char       *reason,
            Host             *host)
{
  g_ptr_array_add (host->refused, g_strdup_printf ("%s: %s", address, reason));
}

static void
host_start (Host *host,
            int   protocol)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_tls_backend_supports_tls (g_tls_backend_get_default ()));
  host->folder = make_folder ();
  host->certificate = congkak_net_certificate_load_or_make (host->folder, &error);
  g_assert_no_error (error);
  host->server = g_object_new (CONGKAK_TYPE_NET_SERVER,
                               "certificate", host->certificate,
                               "host-name", "Ana",
                               "protocol", protocol,
                               "hello-seconds", 2,
                               NULL);
  host->opened = g_ptr_array_new_with_free_func (g_object_unref);
  host->refused = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (host->server, "channel-opened", G_CALLBACK (on_channel_opened), host);
  g_signal_connect (host->server, "refused", G_CALLBACK (on_refused), host);
  g_assert_true (congkak_net_server_listen (host->server, 0, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_net_server_get_port (host->server), >, 0);
}

static void
host_stop (Host *host)
{
  congkak_net_server_stop (host->server);
  g_clear_object (&host->server);
  g_ptr_array_unref (host->opened);
  g_ptr_array_unref (host->refused);
  g_clear_object (&host->certificate);
  remove_folder (host->folder);
  g_free (host->folder);
  /* What the connections left to the main loop */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static char *
host_address (Host *host)
{
  return g_strdup_printf ("127.0.0.1:%u", congkak_net_server_get_port (host->server));
}

static void
store_result (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static CongkakNetChannel *
join (const char      *address,
      const char      *code,
      CongkakNetRole   role,
      const char      *name,
      GError         **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  congkak_net_client_connect_async (address, code, role, name, NULL, store_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return congkak_net_client_connect_finish (result, error);
}

typedef struct
{
  GPtrArray *types;   /* of char *, each message's "type" */
  char      *closed;  /* the reason, once closed */
} Ears;

static void
ears_on_message (CongkakNetChannel *channel,
                 JsonObject        *message,
                 Ears              *ears)
{
  g_ptr_array_add (ears->types, g_strdup (congkak_net_message_get_type (message)));
}

static void
ears_on_closed (CongkakNetChannel *channel,
                const char        *reason,
                Ears              *ears)
{
  g_assert_null (ears->closed);
  ears->closed = g_strdup (reason);
}

static void
ears_listen (Ears              *ears,
             CongkakNetChannel *channel)
{
  ears->types = g_ptr_array_new_with_free_func (g_free);
  ears->closed = NULL;
  g_signal_connect (channel, "message", G_CALLBACK (ears_on_message), ears);
  g_signal_connect (channel, "closed", G_CALLBACK (ears_on_closed), ears);
}

static void
ears_clear (Ears              *ears,
            CongkakNetChannel *channel)
{
  g_signal_handlers_disconnect_by_data (channel, ears);
  g_clear_pointer (&ears->types, g_ptr_array_unref);
  g_clear_pointer (&ears->closed, g_free);
}

/* Sends a message of @type from @from and waits until @to_ears hear it */
static void
assert_carried (CongkakNetChannel *from,
                Ears              *to_ears,
                const char        *type)
{
  g_autoptr (JsonObject) message = congkak_net_message_new (type);
  guint before = to_ears->types->len;

  json_object_set_int_member (message, "hole", 4);
  congkak_net_channel_send (from, message);
  while (to_ears->types->len == before && to_ears->closed == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (to_ears->closed);
  g_assert_cmpstr (g_ptr_array_index (to_ears->types, before), ==, type);
}

static void
test_transport_join_and_talk (void)
{
  Host host = { NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakNetChannel) client = NULL;
  g_autofree char *address = NULL;
  g_autofree char *code = NULL;
  g_autofree char *follower_code = NULL;
  CongkakNetChannel *host_end;
  Ears client_ears, host_ears;

  host_start (&host, CONGKAK_NET_PROTOCOL_VERSION);
  address = host_address (&host);
  code = congkak_net_server_add_code (host.server, CONGKAK_NET_ROLE_PLAYER);
  follower_code = congkak_net_server_add_code (host.server, CONGKAK_NET_ROLE_FOLLOWER);

  /* typed in lower case, with spaces */
  {
    g_autofree char *typed = g_strdelimit (g_ascii_strdown (code, -1), "-", ' ');

    client = join (address, typed, CONGKAK_NET_ROLE_PLAYER, "Budi", &error);
  }
  g_assert_no_error (error);
  g_assert_nonnull (client);
  g_assert_true (congkak_net_channel_is_open (client));
  g_assert_cmpstr (congkak_net_channel_get_peer_name (client), ==, "Ana");
  g_assert_cmpint (congkak_net_channel_get_role (client), ==, CONGKAK_NET_ROLE_PLAYER);
  while (host.opened->len == 0)
    g_main_context_iteration (NULL, TRUE);
  host_end = g_ptr_array_index (host.opened, 0);
  g_assert_cmpstr (congkak_net_channel_get_peer_name (host_end), ==, "Budi");
  g_assert_cmpint (congkak_net_channel_get_role (host_end), ==, CONGKAK_NET_ROLE_PLAYER);
  g_assert_cmpuint (congkak_net_server_get_n_channels (host.server), ==, 1);

  ears_listen (&client_ears, client);
  ears_listen (&host_ears, host_end);
  assert_carried (client, &host_ears, "move-played");
  assert_carried (host_end, &client_ears, "move-made");
  assert_carried (client, &host_ears, "resign");

  /* a follower's code lets a follower in, not a player */
  {
    g_autoptr (CongkakNetChannel) follower = join (address, follower_code, CONGKAK_NET_ROLE_FOLLOWER, "Citra", &error);

    g_assert_no_error (error);
    g_assert_cmpint (congkak_net_channel_get_role (follower), ==, CONGKAK_NET_ROLE_FOLLOWER);
    g_assert_null (join (address, follower_code, CONGKAK_NET_ROLE_PLAYER, "Citra", &error));
    g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_WRONG_CODE);
    g_clear_error (&error);
    congkak_net_channel_close (follower, "done");
  }

  /* a code removed lets no one new in */
  g_assert_true (congkak_net_server_remove_code (host.server, follower_code));
  g_assert_null (join (address, follower_code, CONGKAK_NET_ROLE_FOLLOWER, "Dewi", &error));
  g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_WRONG_CODE);
  g_clear_error (&error);

  /* the client leaves: the host's end says so */
  congkak_net_channel_close (client, "the guest left");
  while (host_ears.closed == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (host_ears.closed, ==, "the guest left");
  g_assert_cmpstr (client_ears.closed, ==, "the guest left");
  while (congkak_net_server_get_n_channels (host.server) > 0)
    g_main_context_iteration (NULL, TRUE);

  ears_clear (&client_ears, client);
  ears_clear (&host_ears, host_end);
  host_stop (&host);
}

static void
test_transport_client_errors (void)
{
  Host host = { NULL };
  Host other = { NULL };
  Host newer = { NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *address = NULL;
  g_autofree char *code = NULL;
  g_autofree char *other_code = NULL;
  g_autofree char *newer_address = NULL;
  g_autofree char *newer_code = NULL;
  guint8 fingerprint[CONGKAK_NET_FINGERPRINT_SIZE];
  CongkakNetCode guess;
  g_autofree char *guess_text = NULL;
  guint16 gone_port;

  host_start (&host, CONGKAK_NET_PROTOCOL_VERSION);
  other.folder = NULL;
  host_start (&other, CONGKAK_NET_PROTOCOL_VERSION);
  host_start (&newer, CONGKAK_NET_PROTOCOL_VERSION + 1);
  address = host_address (&host);
  code = congkak_net_server_add_code (host.server, CONGKAK_NET_ROLE_PLAYER);
  other_code = congkak_net_server_add_code (other.server, CONGKAK_NET_ROLE_PLAYER);
  newer_address = host_address (&newer);
  newer_code = congkak_net_server_add_code (newer.server, CONGKAK_NET_ROLE_PLAYER);

  /* the host's certificate, another secret */
  congkak_net_certificate_fingerprint (host.certificate, fingerprint);
  congkak_net_code_make (fingerprint, &guess);
  guess_text = congkak_net_code_to_string (&guess);
  g_assert_null (join (address, guess_text, CONGKAK_NET_ROLE_PLAYER, "Budi", &error));
  g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_WRONG_CODE);
  g_clear_error (&error);

  /* another host's code: its certificate is not this one */
  g_assert_null (join (address, other_code, CONGKAK_NET_ROLE_PLAYER, "Budi", &error));
  g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_WRONG_CERTIFICATE);
  g_clear_error (&error);

  /* a host of a newer protocol */
  g_assert_null (join (newer_address, newer_code, CONGKAK_NET_ROLE_PLAYER, "Budi", &error));
  g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_PROTOCOL_VERSION);
  g_assert_nonnull (strstr (error->message, "Update Congkak on this computer"));
  g_clear_error (&error);

  /* no code, no address, nobody there */
  g_assert_null (join (address, "7KQ4", CONGKAK_NET_ROLE_PLAYER, "Budi", &error));
  g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_CODE);
  g_clear_error (&error);
  g_assert_null (join ("127.0.0.1:99999", code, CONGKAK_NET_ROLE_PLAYER, "Budi", &error));
  g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_ADDRESS);
  g_clear_error (&error);
  gone_port = congkak_net_server_get_port (other.server);
  host_stop (&other);
  {
    g_autofree char *gone = g_strdup_printf ("127.0.0.1:%u", gone_port);

    g_assert_null (join (gone, other_code, CONGKAK_NET_ROLE_PLAYER, "Budi", &error));
    g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_UNREACHABLE);
    g_clear_error (&error);
  }

  /* and the right code still gets in, IPv6 too where there is any */
  {
    g_autoptr (CongkakNetChannel) client = join (address, code, CONGKAK_NET_ROLE_PLAYER, "Budi", &error);
    g_autoptr (GInetAddress) ipv6 = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV6);
    g_autoptr (GSocket) probe = g_socket_new (G_SOCKET_FAMILY_IPV6, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
    g_autoptr (GSocketAddress) probe_address = g_inet_socket_address_new (ipv6, congkak_net_server_get_port (host.server));

    g_assert_no_error (error);
    g_assert_nonnull (client);
    if (probe != NULL && g_socket_connect (probe, probe_address, NULL, NULL))
      {
        g_autofree char *address6 = g_strdup_printf ("[::1]:%u", congkak_net_server_get_port (host.server));
        g_autoptr (CongkakNetChannel) client6 = NULL;

        g_socket_close (probe, NULL);
        client6 = join (address6, code, CONGKAK_NET_ROLE_PLAYER, "Eka", &error);
        g_assert_no_error (error);
        g_assert_nonnull (client6);
      }
  }

  /* past its wrong codes (one was the guess above), this computer is
   * told to wait, even with the right code */
  for (guint i = 1; i < CONGKAK_NET_WRONG_CODES_BURST; i++)
    {
      g_autofree char *another_guess = NULL;

      congkak_net_code_make (fingerprint, &guess);
      another_guess = congkak_net_code_to_string (&guess);
      g_assert_null (join (address, another_guess, CONGKAK_NET_ROLE_PLAYER, "Budi", &error));
      g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_WRONG_CODE);
      g_clear_error (&error);
    }
  g_assert_null (join (address, code, CONGKAK_NET_ROLE_PLAYER, "Budi", &error));
  g_assert_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_TOO_MANY_ATTEMPTS);
  g_clear_error (&error);

  host_stop (&newer);
  host_stop (&host);
}

/* A hostile client: raw WebSocket over TLS from 127.0.0.2, trusting any
 * certificate, saying whatever it likes */

static gboolean
accept_any (SoupMessage          *message,
            GTlsCertificate      *certificate,
            GTlsCertificateFlags  errors,
            gpointer              data)
{
  return TRUE;
}

static SoupWebsocketConnection *
raw_connect (Host *host)
{
  g_autoptr (GInetAddress) local = g_inet_address_new_from_string ("127.0.0.2");
  g_autoptr (GSocketAddress) local_address = g_inet_socket_address_new (local, 0);
  g_autoptr (SoupSession) session = soup_session_new_with_options ("local-address", local_address,
                                                                   "tls-database", NULL,
                                                                   "proxy-resolver", NULL, NULL);
  g_autofree char *uri = g_strdup_printf ("wss://127.0.0.1:%u" CONGKAK_NET_PATH,
                                          congkak_net_server_get_port (host->server));
  g_autoptr (SoupMessage) message = soup_message_new ("GET", uri);
  g_autoptr (GAsyncResult) result = NULL;

  g_signal_connect (message, "accept-certificate", G_CALLBACK (accept_any), NULL);
  soup_session_websocket_connect_async (session, message, NULL, NULL, G_PRIORITY_DEFAULT, NULL,
                                        store_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return soup_session_websocket_connect_finish (session, result, NULL);
}

static char *
hello_text (const char *code)
{
  return g_strdup_printf ("{\"type\":\"hello\",\"protocol\":%d,\"app\":\"Congkak test\","
                          "\"role\":\"follower\",\"code\":\"%s\",\"name\":\"Mallory\"}",
                          CONGKAK_NET_PROTOCOL_VERSION, code);
}

/* Waits until @websocket is closed, and until the host has said why */
static void
wait_refused (Host                    *host,
              SoupWebsocketConnection *websocket,
              guint                    refused_before,
              const char              *why)
{
  const char *reason;

  while (soup_websocket_connection_get_state (websocket) != SOUP_WEBSOCKET_STATE_CLOSED
         || host->refused->len == refused_before)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (host->refused->len, ==, refused_before + 1);
  reason = g_ptr_array_index (host->refused, refused_before);
  g_assert_true (g_str_has_prefix (reason, "127.0.0.2: "));
  if (strstr (reason, why) == NULL)
    g_error ("refused saying “%s”, not “%s”", reason, why);
}

static void
test_transport_hostile_clients (void)
{
  Host host = { NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *address = NULL;
  g_autofree char *code = NULL;
  g_autofree char *follower_code = NULL;
  g_autoptr (CongkakNetChannel) good = NULL;
  CongkakNetChannel *good_host_end;
  Ears good_ears, good_host_ears;
  guint before;

  host_start (&host, CONGKAK_NET_PROTOCOL_VERSION);
  address = host_address (&host);
  code = congkak_net_server_add_code (host.server, CONGKAK_NET_ROLE_PLAYER);
  follower_code = congkak_net_server_add_code (host.server, CONGKAK_NET_ROLE_FOLLOWER);

  good = join (address, code, CONGKAK_NET_ROLE_PLAYER, "Budi", &error);
  g_assert_no_error (error);
  while (host.opened->len == 0)
    g_main_context_iteration (NULL, TRUE);
  good_host_end = g_ptr_array_index (host.opened, 0);
  ears_listen (&good_ears, good);
  ears_listen (&good_host_ears, good_host_end);

  /* nothing said: closed when the hello's time is up */
  {
    g_autoptr (SoupWebsocketConnection) hostile = raw_connect (&host);

    g_assert_nonnull (hostile);
    before = host.refused->len;
    wait_refused (&host, hostile, before, "no hello within 2 s");
    g_assert_cmpuint (soup_websocket_connection_get_close_code (hostile), ==, CONGKAK_NET_CLOSE_HELLO_TIMEOUT);
  }

  /* malformed, not an object, an unknown type, a binary frame: each before the hello */
  {
    static const struct { const char *text; const char *why; } cases[] = {
      { "{\"type\":\"hello\",", "not valid JSON" },
      { "[\"hello\"]", "not a JSON object" },
      { "{\"type\":\"move-played\",\"hole\":3}", "“move-played” message before the hello" },
      { "{\"type\":\"hello\",\"protocol\":1,\"role\":\"follower\",\"code\":\"x\",\"name\":\"\\u0007\"}",
        "no name of 1 to 64 plain characters" },
      { NULL, "a binary frame before the hello" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr (SoupWebsocketConnection) hostile = raw_connect (&host);

        g_assert_nonnull (hostile);
        before = host.refused->len;
        if (cases[i].text != NULL)
          soup_websocket_connection_send_text (hostile, cases[i].text);
        else
          soup_websocket_connection_send_binary (hostile, "\x01\x02\x03", 3);
        wait_refused (&host, hostile, before, cases[i].why);
      }
  }

  /* a frame of 1 MiB */
  {
    g_autoptr (SoupWebsocketConnection) hostile = raw_connect (&host);
    g_autofree char *huge = g_strnfill (1024 * 1024, 'a');

    g_assert_nonnull (hostile);
    before = host.refused->len;
    memcpy (huge, "{\"type\":\"x\",\"y\":\"", 17);
    memcpy (huge + 1024 * 1024 - 2, "\"}", 2);
    soup_websocket_connection_send_text (hostile, huge);
    wait_refused (&host, hostile, before, "a message of more than 16384 bytes");
  }

  /* the same, in fragments of 8 KiB each, which libsoup alone would let grow */
  {
    g_autoptr (SoupWebsocketConnection) hostile = raw_connect (&host);
    GIOStream *stream;
    GOutputStream *output;
    guint8 frame[4 + 4 + 8192];

    g_assert_nonnull (hostile);
    before = host.refused->len;
    stream = soup_websocket_connection_get_io_stream (hostile);
    output = g_io_stream_get_output_stream (stream);
    memset (frame, 'a', sizeof frame);
    frame[1] = 0x80 | 126;             /* masked, a 16-bit length */
    frame[2] = 8192 >> 8;
    frame[3] = 8192 & 0xff;
    memset (frame + 4, 0, 4);          /* a mask of zeros */
    for (guint i = 0; i < 4; i++)
      {
        frame[0] = i == 0 ? 0x01 : 0x00;  /* text, then continuations, never the last */
        if (!g_output_stream_write_all (output, frame, sizeof frame, NULL, NULL, NULL))
          break;
      }
    g_output_stream_flush (output, NULL, NULL);
    while (host.refused->len == before)
      g_main_context_iteration (NULL, TRUE);
    g_assert_nonnull (strstr (g_ptr_array_index (host.refused, before), "a message of more than 16384 bytes"));
  }

  /* a flood of 10,000 messages after a good hello */
  {
    g_autoptr (SoupWebsocketConnection) hostile = raw_connect (&host);
    g_autofree char *hello = hello_text (follower_code);
    guint opened_before = host.opened->len;
    Ears flood_ears;

    g_assert_nonnull (hostile);
    before = host.refused->len;
    soup_websocket_connection_send_text (hostile, hello);
    while (host.opened->len == opened_before)
      g_main_context_iteration (NULL, TRUE);
    ears_listen (&flood_ears, g_ptr_array_index (host.opened, opened_before));
    for (guint i = 0; i < 10000; i++)
      soup_websocket_connection_send_text (hostile, "{\"type\":\"answer\",\"hole\":1}");
    wait_refused (&host, hostile, before, "a flood: more than 30 messages a second");
    g_assert_cmpuint (soup_websocket_connection_get_close_code (hostile), ==, CONGKAK_NET_CLOSE_FLOOD);
    /* the burst was heard (and what the rate refilled while it was read:
     * more on a slow machine), the rest of the 10,000 not; the channel
     * says it closed */
    g_assert_cmpuint (flood_ears.types->len, >=, CONGKAK_NET_RATE_BURST);
    g_assert_cmpuint (flood_ears.types->len, <, 1000);
    while (flood_ears.closed == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_assert_nonnull (strstr (flood_ears.closed, "flood"));
    ears_clear (&flood_ears, g_ptr_array_index (host.opened, opened_before));
  }

  /* 100 wrong codes: the first ones are refused as wrong, then the
   * address is refused at once */
  {
    guint8 fingerprint[CONGKAK_NET_FINGERPRINT_SIZE];
    guint wrong = 0, turned_away = 0;

    congkak_net_certificate_fingerprint (host.certificate, fingerprint);
    for (guint i = 0; i < 100; i++)
      {
        g_autoptr (SoupWebsocketConnection) hostile = NULL;
        CongkakNetCode guess;
        g_autofree char *guess_text = NULL;
        g_autofree char *hello = NULL;
        const char *reason;

        before = host.refused->len;
        hostile = raw_connect (&host);
        g_assert_nonnull (hostile);
        congkak_net_code_make (fingerprint, &guess);
        guess_text = congkak_net_code_to_string (&guess);
        hello = hello_text (guess_text);
        soup_websocket_connection_send_text (hostile, hello);
        wait_refused (&host, hostile, before, "");
        reason = g_ptr_array_index (host.refused, before);
        if (strstr (reason, "a wrong code") != NULL)
          {
            g_assert_cmpuint (soup_websocket_connection_get_close_code (hostile), ==, CONGKAK_NET_CLOSE_WRONG_CODE);
            wrong++;
          }
        else if (strstr (reason, "too many wrong codes from this address") != NULL)
          {
            g_assert_cmpuint (soup_websocket_connection_get_close_code (hostile), ==, CONGKAK_NET_CLOSE_TOO_MANY_ATTEMPTS);
            turned_away++;
          }
        else
          g_error ("refused saying “%s”", reason);
      }
    g_assert_cmpuint (wrong, ==, CONGKAK_NET_WRONG_CODES_BURST);
    g_assert_cmpuint (turned_away, ==, 100 - CONGKAK_NET_WRONG_CODES_BURST);
  }

  /* the good client never noticed, and a new one gets in */
  g_assert_true (congkak_net_channel_is_open (good));
  g_assert_true (congkak_net_channel_is_open (good_host_end));
  assert_carried (good, &good_host_ears, "move-played");
  assert_carried (good_host_end, &good_ears, "move-made");
  {
    g_autoptr (CongkakNetChannel) another = join (address, code, CONGKAK_NET_ROLE_PLAYER, "Eka", &error);

    g_assert_no_error (error);
    g_assert_true (congkak_net_channel_is_open (another));
  }

  ears_clear (&good_ears, good);
  ears_clear (&good_host_ears, good_host_end);
  host_stop (&host);
}

/* A lesson's follower acknowledges every step, so a teacher stepping
 * faster than the rate limit (a key held down repeats some 33 times a
 * second) must not have the class closed as a flood: each message the
 * host sends may be answered, past the limit.  Unsolicited messages are
 * still limited (hostile-clients). */

static void
echo_cb (CongkakNetChannel *channel,
         JsonObject        *message,
         gpointer           data)
{
  g_autoptr (JsonObject) ack = congkak_net_message_new ("lesson-ack");

  congkak_net_channel_send (channel, ack);
}

static void
test_transport_replies_not_a_flood (void)
{
  enum { STEPS = 400 };  /* a multiple of 16 */
  Host host = { NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakNetChannel) client = NULL;
  g_autofree char *address = NULL;
  g_autofree char *code = NULL;
  CongkakNetChannel *host_end;
  Ears host_ears;

  host_start (&host, CONGKAK_NET_PROTOCOL_VERSION);
  address = host_address (&host);
  code = congkak_net_server_add_code (host.server, CONGKAK_NET_ROLE_FOLLOWER);
  client = join (address, code, CONGKAK_NET_ROLE_FOLLOWER, "Budi", &error);
  g_assert_no_error (error);
  while (host.opened->len == 0)
    g_main_context_iteration (NULL, TRUE);
  host_end = g_ptr_array_index (host.opened, 0);
  ears_listen (&host_ears, host_end);
  g_signal_connect (client, "message", G_CALLBACK (echo_cb), NULL);

  /* far more steps than a second's rate and the burst, as fast as the
   * replies come, a lesson's window (16) at a time */
  for (guint sent = 0; sent < STEPS && host_ears.closed == NULL; sent += 16)
    {
      for (guint i = 0; i < 16; i++)
        {
          g_autoptr (JsonObject) step = congkak_net_message_new ("lesson-move");

          congkak_net_channel_send (host_end, step);
        }
      while (host_ears.types->len < sent + 16 && host_ears.closed == NULL)
        g_main_context_iteration (NULL, TRUE);
    }
  g_assert_null (host_ears.closed);
  g_assert_cmpuint (host_ears.types->len, ==, STEPS);
  g_assert_true (congkak_net_channel_is_open (host_end));

  /* the replies owed are spent: a burst of its own past the limit is
   * still a flood */
  for (guint i = 0; i < 1000 && congkak_net_channel_is_open (client); i++)
    {
      g_autoptr (JsonObject) answer = congkak_net_message_new ("lesson-answer");

      congkak_net_channel_send (client, answer);
    }
  while (host_ears.closed == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (strstr (host_ears.closed, "flood"));
  g_assert_cmpuint (host_ears.types->len, <, STEPS + 1000);

  g_signal_handlers_disconnect_by_func (client, echo_cb, NULL);
  ears_clear (&host_ears, host_end);
  host_stop (&host);
}

/* glib-networking loads the system's trusted certificates when a client
 * connection is made, before libsoup tells it to use none; where there
 * are none (the build root has no ca-certificates) it warns, which is
 * fatal in a test.  The transport never asks an authority: the test
 * gives glib-networking a database of one certificate of its own
 * instead, so that it has nothing to load. */
static char *
avoid_loading_system_trust (void)
{
  char *folder = make_folder ();

  test_net_trust_own_certificate (folder);
  return folder;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *trust_folder = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  trust_folder = avoid_loading_system_trust ();

  g_test_add_func ("/net/transport/certificate/made-once-and-kept", test_certificate_made_once_and_kept);
  g_test_add_func ("/net/transport/certificate/damaged-made-anew", test_certificate_damaged_made_anew);
  g_test_add_func ("/net/transport/code/round-trip", test_code_round_trip);
  g_test_add_func ("/net/transport/code/refusals", test_code_refusals);
  g_test_add_func ("/net/transport/envelope", test_envelope);
  g_test_add_func ("/net/transport/envelope/fuzz-regressions", test_envelope_fuzz_regressions);
  g_test_add_func ("/net/transport/join-and-talk", test_transport_join_and_talk);
  g_test_add_func ("/net/transport/client-errors", test_transport_client_errors);
  g_test_add_func ("/net/transport/hostile-clients", test_transport_hostile_clients);
  g_test_add_func ("/net/transport/replies-not-a-flood", test_transport_replies_not_a_flood);

  status = g_test_run ();
  remove_folder (trust_folder);
  return status;
}
