/* congkak-net-code.c — the join code a host shows and a client types
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Crockford's base32 (digits and capitals without I, L, O, U) reads well
 * aloud and forgives: lower case, spaces and dashes are ignored, O is read
 * as 0, I and L as 1.  30 bits of fingerprint make a stranger's certificate
 * pass the client's check once in a billion tries, each a new certificate
 * to make and a person to fool; 30 secret bits cannot be guessed online,
 * since the host limits wrong codes per address (congkak-net-server.c).
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <string.h>

#include "congkak-net-code.h"
#include "congkak-net-error.h"

#define BITS_MASK ((1u << 30) - 1)

static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

static guint32
fingerprint_bits (const guint8 fingerprint[CONGKAK_NET_FINGERPRINT_SIZE])
{
  guint32 bits = ((guint32) fingerprint[0] << 24) | ((guint32) fingerprint[1] << 16)
                 | ((guint32) fingerprint[2] << 8) | fingerprint[3];

  return bits >> 2;
}

/**
 * congkak_net_code_make:
 * @code: (out caller-allocates): a new code for the certificate of
 *   @fingerprint, with a new secret
 */
void
congkak_net_code_make (const guint8    fingerprint[CONGKAK_NET_FINGERPRINT_SIZE],
                       CongkakNetCode *code)
{
  guint32 secret = 0;

  g_return_if_fail (fingerprint != NULL && code != NULL);

  if (gnutls_rnd (GNUTLS_RND_KEY, &secret, sizeof secret) < 0)
    g_error ("GnuTLS could not give random bits for a join code");
  code->fingerprint_bits = fingerprint_bits (fingerprint);
  code->secret = secret & BITS_MASK;
}

/**
 * congkak_net_code_to_string:
 *
 * Returns: (transfer full): the code as shown, “7KQ4-M2XD-PL9A”
 */
char *
congkak_net_code_to_string (const CongkakNetCode *code)
{
  guint64 bits;
  char text[CONGKAK_NET_CODE_LENGTH + 3];
  guint at = 0;

  g_return_val_if_fail (code != NULL, NULL);

  bits = ((guint64) (code->fingerprint_bits & BITS_MASK) << 30) | (code->secret & BITS_MASK);
  for (guint i = 0; i < CONGKAK_NET_CODE_LENGTH; i++)
    {
      if (i > 0 && i % 4 == 0)
        text[at++] = '-';
      text[at++] = alphabet[(bits >> (5 * (CONGKAK_NET_CODE_LENGTH - 1 - i))) & 31];
    }
  text[at] = '\0';
  return g_strdup (text);
}

static int
symbol_value (char c)
{
  const char *found;

  c = g_ascii_toupper (c);
  if (c == 'O')
    return 0;
  if (c == 'I' || c == 'L')
    return 1;
  if (c == '\0' || (found = strchr (alphabet, c)) == NULL)
    return -1;
  return found - alphabet;
}

/**
 * congkak_net_code_parse:
 * @text: what a person typed
 *
 * Reads a join code, forgiving case, spaces and dashes, O for 0 and I or
 * L for 1.
 *
 * Returns: whether @text is a code; if not, @error says why
 *   (CONGKAK_NET_ERROR_INVALID_CODE)
 */
gboolean
congkak_net_code_parse (const char      *text,
                        CongkakNetCode  *code,
                        GError         **error)
{
  guint64 bits = 0;
  guint count = 0;

  g_return_val_if_fail (text != NULL && code != NULL, FALSE);

  for (const char *p = text; *p != '\0'; p++)
    {
      int value;

      if (*p == ' ' || *p == '-' || *p == '\t')
        continue;
      value = symbol_value (*p);
      if (value < 0)
        {
          g_autofree char *shown = g_utf8_validate (p, -1, NULL)
                                   ? g_utf8_substring (p, 0, 1) : g_strdup ("?");

          g_set_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_CODE,
                       /* TRANSLATORS: %s: the character that is not part of a code */
                       _("“%s” is not part of a join code: a code has only the digits and the letters A to Z, such as “7KQ4-M2XD-PL9A”."),
                       shown);
          return FALSE;
        }
      if (++count > CONGKAK_NET_CODE_LENGTH)
        break;
      bits = (bits << 5) | value;
    }
  if (count != CONGKAK_NET_CODE_LENGTH)
    {
      g_set_error (error, CONGKAK_NET_ERROR, CONGKAK_NET_ERROR_INVALID_CODE,
                   count < CONGKAK_NET_CODE_LENGTH
                   ? _("The join code is too short: a code has %u characters, such as “7KQ4-M2XD-PL9A”.")
                   : _("The join code is too long: a code has %u characters, such as “7KQ4-M2XD-PL9A”."),
                   CONGKAK_NET_CODE_LENGTH);
      return FALSE;
    }
  code->fingerprint_bits = (bits >> 30) & BITS_MASK;
  code->secret = bits & BITS_MASK;
  return TRUE;
}

/**
 * congkak_net_code_matches_fingerprint:
 *
 * Whether @code was made for the certificate of @fingerprint.
 */
gboolean
congkak_net_code_matches_fingerprint (const CongkakNetCode *code,
                                      const guint8          fingerprint[CONGKAK_NET_FINGERPRINT_SIZE])
{
  g_return_val_if_fail (code != NULL && fingerprint != NULL, FALSE);

  return code->fingerprint_bits == fingerprint_bits (fingerprint);
}

/**
 * congkak_net_code_secret_equal:
 *
 * Whether the two codes have the same secret, in a time that does not
 * depend on where they differ.
 */
gboolean
congkak_net_code_secret_equal (const CongkakNetCode *a,
                               const CongkakNetCode *b)
{
  volatile guint32 difference;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  difference = (a->secret ^ b->secret) & BITS_MASK;
  return difference == 0;
}
