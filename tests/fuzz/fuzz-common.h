/* fuzz-common.h — what every libFuzzer harness of Congkak shares
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Included once by each harness (each is a program of its own): the
 * entry points, a check that holds where assertions are compiled out,
 * and warnings and criticals made fatal so that the fuzzer sees them.
 */

#pragma once

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

int LLVMFuzzerInitialize   (int           *argc,
                            char        ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* Not g_assert() nor g_error(): it must hold even where assertions are
 * compiled out, and libFuzzer saves the input on SIGABRT but not on the
 * SIGTRAP that g_error() raises. */
#define FUZZ_CHECK(condition) \
  G_STMT_START { \
    if (!(condition)) \
      fuzz_fail ("%s:%d: check failed: %s", __FILE__, __LINE__, #condition); \
  } G_STMT_END

static void G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN
fuzz_fail (const char *format,
           ...)
{
  va_list args;

  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}

/* Warnings and criticals are programming errors: make the fuzzer see them. */
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
