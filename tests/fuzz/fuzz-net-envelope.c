/* fuzz-net-envelope.c — libFuzzer harness for the network messages' envelope
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Feeds each input to congkak_net_envelope_parse() as a client's message
 * (16 KiB at most) and as a host's (16 MiB).  What is accepted must have
 * a valid "type", and its text form must be accepted again, equal.
 * Built only with -Dfuzzing=true; run it with build-aux/run-fuzz.
 */

#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "congkak-net-envelope.h"
#include "congkak-net-error.h"

int LLVMFuzzerInitialize   (int           *argc,
                            char        ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* Not g_assert(): it must hold where assertions are compiled out, and
 * libFuzzer saves the input on SIGABRT. */
#define FUZZ_CHECK(condition) \
  G_STMT_START { \
    if (!(condition)) \
      { \
        fprintf (stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
        abort (); \
      } \
  } G_STMT_END

static GLogWriterOutput
fatal_log_writer (GLogLevelFlags   log_level,
                  const GLogField *fields,
                  gsize            n_fields,
                  gpointer         user_data)
{
  g_log_writer_default (log_level, fields, n_fields, user_data);
  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return G_LOG_WRITER_HANDLED;
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_writer_func (fatal_log_writer, NULL, NULL);
  return 0;
}

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
      {
        fprintf (stderr, "a message written again is refused: %s\n", again_error->message);
        abort ();
      }
    FUZZ_CHECK (json_object_get_size (again) == json_object_get_size (message));
    FUZZ_CHECK (strcmp (json_object_get_string_member (again, "type"),
                        json_object_get_string_member (message, "type")) == 0);
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
