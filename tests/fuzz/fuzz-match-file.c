/* fuzz-match-file.c — libFuzzer harness for the .congkak loaders
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Feeds each input to the JSON loader, to the plain-text loader and to the
 * puzzle file's loader (which shares the JSON reading).  What loads must
 * save, load back equal, and save again to the same bytes.
 * Built only with -Dfuzzing=true; run it with build-aux/run-fuzz.
 */

#include "config.h"

#include <string.h>

#include "congkak-match-file.h"
#include "congkak-match-text.h"
#include "congkak-puzzle-set.h"
#include "fuzz-common.h"

static void
check_file_round_trip (CongkakMatch *match)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize first_length, second_length;

  first = congkak_match_save_to_data (match, &first_length);
  FUZZ_CHECK (first != NULL);
  FUZZ_CHECK (g_utf8_validate (first, first_length, NULL));

  again = congkak_match_load_from_data (first, first_length, NULL, &error);
  if (again == NULL)
    fuzz_fail ("a saved match does not load: %s", error->message);
  FUZZ_CHECK (congkak_match_equal (match, again));

  second = congkak_match_save_to_data (again, &second_length);
  FUZZ_CHECK (first_length == second_length);
  FUZZ_CHECK (memcmp (first, second, first_length) == 0);
}

static void
check_text_round_trip (CongkakMatch *match)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  first = congkak_match_save_to_text (match);
  FUZZ_CHECK (first != NULL);
  FUZZ_CHECK (g_utf8_validate (first, -1, NULL));

  again = congkak_match_load_from_text (first, -1, &error);
  if (again == NULL)
    fuzz_fail ("a match saved as text does not load: %s", error->message);
  FUZZ_CHECK (congkak_match_equal (match, again));

  second = congkak_match_save_to_text (again);
  FUZZ_CHECK (strcmp (first, second) == 0);
}

/* Puzzles are compared through their files: the same set saves the same. */
static void
check_puzzles_round_trip (CongkakPuzzleSet *set)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakPuzzleSet) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize first_length, second_length;

  first = congkak_puzzle_set_save_to_data (set, &first_length);
  FUZZ_CHECK (first != NULL);
  FUZZ_CHECK (g_utf8_validate (first, first_length, NULL));

  again = congkak_puzzle_set_load_from_data (first, first_length, NULL, &error);
  if (again == NULL)
    fuzz_fail ("a saved puzzle set does not load: %s", error->message);
  FUZZ_CHECK (congkak_puzzle_set_get_n_puzzles (again) == congkak_puzzle_set_get_n_puzzles (set));

  second = congkak_puzzle_set_save_to_data (again, &second_length);
  FUZZ_CHECK (first_length == second_length);
  FUZZ_CHECK (memcmp (first, second, first_length) == 0);
}

static void
check_error (const GError *error)
{
  FUZZ_CHECK (error != NULL);
  FUZZ_CHECK (error->domain == CONGKAK_MATCH_FILE_ERROR);
  FUZZ_CHECK (error->message != NULL && error->message[0] != '\0');
  FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *) data;

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) warnings = NULL;
    g_autoptr (CongkakMatch) match = congkak_match_load_from_data (text, size, &warnings, &error);

    if (match != NULL)
      {
        FUZZ_CHECK (error == NULL && warnings != NULL);
        check_file_round_trip (match);
      }
    else
      {
        check_error (error);
        FUZZ_CHECK (warnings == NULL);
      }
  }

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (CongkakMatch) match = congkak_match_load_from_text (text, size, &error);

    if (match != NULL)
      check_text_round_trip (match);
    else
      check_error (error);
  }

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) warnings = NULL;
    g_autoptr (CongkakPuzzleSet) set = congkak_puzzle_set_load_from_data (text, size, &warnings, &error);

    if (set != NULL)
      {
        FUZZ_CHECK (error == NULL && warnings != NULL);
        check_puzzles_round_trip (set);
      }
    else
      {
        check_error (error);
        FUZZ_CHECK (warnings == NULL);
      }
  }
  return 0;
}
