/* fuzz-net-envelope.c — libFuzzer harness for the network messages' envelope
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Feeds each input to congkak_net_envelope_parse() as a client's message
 * (16 KiB at most) and as a host's (16 MiB).  What is accepted must have
 * a valid "type", and its text form must be accepted again, equal; it
 * then goes through the match messages' checker, which must accept it or
 * say why in its own error domain.
 * Built only with -Dfuzzing=true; run it with build-aux/run-fuzz.
 */

#include "config.h"

#include <string.h>

#include "congkak-net-envelope.h"
#include "congkak-net-error.h"
#include "congkak-net-match-message.h"
#include "fuzz-common.h"

static void
check_one (const char *text,
           gsize       size,
           gsize       max_length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = congkak_net_envelope_parse (text, size, max_length, &error);

  if (message == NULL)
    {
      FUZZ_CHECK (error != NULL);
      FUZZ_CHECK (error->domain == CONGKAK_NET_ERROR);
      FUZZ_CHECK (error->code == CONGKAK_NET_ERROR_INVALID_MESSAGE);
      FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL));
      return;
    }

  FUZZ_CHECK (error == NULL);
  FUZZ_CHECK (congkak_net_envelope_type_is_valid (json_object_get_string_member (message, "type")));
  {
    gsize length;
    g_autofree char *again_text = congkak_net_envelope_to_string (message, &length);
    g_autoptr (GError) again_error = NULL;
    g_autoptr (JsonObject) again = congkak_net_envelope_parse (again_text, length, G_MAXSIZE, &again_error);

    if (again == NULL)
      fuzz_fail ("a message written again is refused: %s", again_error->message);
    FUZZ_CHECK (json_object_get_size (again) == json_object_get_size (message));
    FUZZ_CHECK (strcmp (json_object_get_string_member (again, "type"),
                        json_object_get_string_member (message, "type")) == 0);
  }
  {
    g_autoptr (GError) match_error = NULL;

    if (!congkak_net_match_check_message (message, &match_error))
      {
        FUZZ_CHECK (match_error != NULL);
        FUZZ_CHECK (match_error->domain == CONGKAK_NET_MATCH_ERROR);
        FUZZ_CHECK (g_utf8_validate (match_error->message, -1, NULL));
      }
    else
      FUZZ_CHECK (match_error == NULL);
  }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  check_one ((const char *) data, size, 16 * 1024);
  check_one ((const char *) data, size, 16 * 1024 * 1024);
  return 0;
}
