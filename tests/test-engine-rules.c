/* test-engine-rules.c — profiles and option keys: RULES.md section 8
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-test-util.h"

/* The profile table of section 8, read back through the option keys. */
static void
test_profiles (void)
{
  static const struct
  {
    const char *profile;
    const char *values[16];
  } table[] = {
    { "congkak", { "store", "7", "7", "clockwise", "on", "on", "end-round", "multi", "on", "skip",
                   "loser", "1", "0", "off", "south", NULL } },
    { "congkak-single", { "store", "7", "7", "clockwise", "on", "on", "end-round", "single", "off",
                          NULL } },
    { "kalah", { "store", "6", "4", "counter-clockwise", "off", "off", "end-round", "single", "off",
                 NULL } },
    { "oware", { "oware", "6", "4", "counter-clockwise", NULL } },
  };
  const char * const *keys = congkak_rules_option_keys ();

  for (guint p = 0; p < G_N_ELEMENTS (table); p++)
    {
      CongkakRules rules;

      test_rules (&rules, table[p].profile, NULL);
      g_assert_cmpstr (congkak_rules_profile_name (&rules), ==, table[p].profile);
      for (guint k = 0; table[p].values[k] != NULL; k++)
        {
          g_autofree char *value = congkak_rules_get_option (&rules, keys[k]);

          g_assert_cmpstr (value, ==, table[p].values[k]);
        }
    }

  {
    CongkakRules rules;
    g_autofree char *first = NULL;
    g_autofree char *slam = NULL;

    test_rules (&rules, "oware", NULL);
    first = congkak_rules_get_option (&rules, "first-player");
    slam = congkak_rules_get_option (&rules, "grand-slam");
    g_assert_cmpstr (first, ==, "south");
    g_assert_cmpstr (slam, ==, "no-capture");
    g_assert_false (congkak_rules_option_applies (&rules, "relay"));
    g_assert_true (congkak_rules_option_applies (&rules, "grand-slam"));
  }
}

/* Every key accepts every value it lists, and reads back the same. */
static void
test_options_round_trip (void)
{
  static const struct
  {
    const char *profile;
    const char *key;
    const char *value;
  } cases[] = {
    { "congkak", "holes", "3" }, { "congkak", "holes", "9" }, { "congkak", "seeds", "1" },
    { "congkak", "seeds", "20" }, { "congkak", "direction", "counter-clockwise" },
    { "kalah", "relay", "on" }, { "congkak", "capture-empty-opposite", "off" },
    { "congkak", "empty-side", "mover-cannot-move" }, { "congkak", "empty-side", "pass" },
    { "congkak-single", "rounds", "multi" }, { "congkak", "simultaneous-opening", "off" },
    { "congkak", "burnt-sowing", "forfeit" }, { "congkak", "round-starter", "winner" },
    { "congkak", "round-starter", "last-mover" }, { "congkak", "round-starter", "alternate" },
    { "congkak", "min-holes", "7" }, { "congkak", "max-rounds", "12" },
    { "congkak", "stop-when-decided", "on" }, { "kalah", "first-player", "north" },
    { "oware", "grand-slam", "capture" }, { "oware", "seeds", "5" }, { "oware", "holes", "8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *value = NULL;
      CongkakRules rules;

      test_rules (&rules, cases[i].profile, NULL);
      g_assert_true (congkak_rules_set_option (&rules, cases[i].key, cases[i].value, &error));
      g_assert_no_error (error);
      g_assert_true (congkak_rules_validate (&rules, &error));
      value = congkak_rules_get_option (&rules, cases[i].key);
      g_assert_cmpstr (value, ==, cases[i].value);
      /* A changed profile is a custom rule set. */
      g_assert_null (congkak_rules_profile_name (&rules));
    }
}

/* Setting family starts from that family's profile. */
static void
test_family_switch (void)
{
  g_autoptr (GError) error = NULL;
  CongkakRules rules, oware;

  test_rules (&rules, "kalah", NULL);
  g_assert_true (congkak_rules_set_option (&rules, "family", "oware", &error));
  test_rules (&oware, "oware", NULL);
  g_assert_true (congkak_rules_equal (&rules, &oware));

  g_assert_true (congkak_rules_set_option (&rules, "family", "store", &error));
  g_assert_cmpstr (congkak_rules_profile_name (&rules), ==, "congkak");
}

static void
test_errors (void)
{
  static const struct
  {
    const char *profile;
    const char *key;
    const char *value;
    int         code;
  } cases[] = {
    { "congkak", "sowing", "fast", CONGKAK_RULES_ERROR_UNKNOWN_OPTION },
    { "congkak", "holes", "2", CONGKAK_RULES_ERROR_INVALID_VALUE },
    { "congkak", "holes", "10", CONGKAK_RULES_ERROR_INVALID_VALUE },
    { "congkak", "holes", "seven", CONGKAK_RULES_ERROR_INVALID_VALUE },
    { "congkak", "seeds", "0", CONGKAK_RULES_ERROR_INVALID_VALUE },
    { "congkak", "seeds", "21", CONGKAK_RULES_ERROR_INVALID_VALUE },
    { "congkak", "seeds", "-4", CONGKAK_RULES_ERROR_INVALID_VALUE },
    { "congkak", "relay", "yes", CONGKAK_RULES_ERROR_INVALID_VALUE },
    { "congkak", "min-holes", "0", CONGKAK_RULES_ERROR_INVALID_VALUE },
    { "congkak", "grand-slam", "capture", CONGKAK_RULES_ERROR_NOT_APPLICABLE },
    { "oware", "relay", "on", CONGKAK_RULES_ERROR_NOT_APPLICABLE },
    { "oware", "rounds", "multi", CONGKAK_RULES_ERROR_NOT_APPLICABLE },
    { "kalah", "family", "dakon", CONGKAK_RULES_ERROR_INVALID_VALUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      CongkakRules rules, before;

      test_rules (&rules, cases[i].profile, NULL);
      before = rules;
      g_assert_false (congkak_rules_set_option (&rules, cases[i].key, cases[i].value, &error));
      g_assert_error (error, CONGKAK_RULES_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].key));
      g_assert_true (congkak_rules_equal (&rules, &before));
    }

  {
    g_autoptr (GError) error = NULL;
    CongkakRules rules;

    g_assert_false (congkak_rules_init_profile (&rules, "mancala", &error));
    g_assert_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_UNKNOWN_PROFILE);
  }

  {
    g_autoptr (GError) error = NULL;
    CongkakRules rules;

    /* Impossible together: more min-holes than holes. */
    test_rules (&rules, "congkak", "min-holes=6", NULL);
    g_assert_true (congkak_rules_set_option (&rules, "holes", "5", &error));
    g_assert_false (congkak_rules_validate (&rules, &error));
    g_assert_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_IMPOSSIBLE);
  }
}

static void
test_start_position (void)
{
  CongkakRules rules;
  CongkakPosition position;

  test_rules (&rules, "congkak", "holes=9", "seeds=20", NULL);
  congkak_position_init_start (&position, &rules);
  g_assert_cmpuint (congkak_position_total_seeds (&position), ==, 360);
  g_assert_cmpuint (congkak_rules_total_seeds (&rules), ==, 360);
  g_assert_cmpuint (congkak_position_side_seeds (&position, CONGKAK_NORTH), ==, 180);
}

/* One catalogue of games: every profile has a title and a description,
 * and the names every list shows are the sides' one name. */
static void
test_catalogue (void)
{
  const char * const *profiles = congkak_rules_profile_names ();
  guint n = 0;

  for (guint i = 0; profiles[i] != NULL; i++, n++)
    {
      CongkakRules rules;

      g_assert_true (congkak_rules_init_profile (&rules, profiles[i], NULL));
      g_assert_cmpstr (congkak_rules_profile_name (&rules), ==, profiles[i]);
      g_assert_nonnull (congkak_rules_profile_title (profiles[i]));
      g_assert_cmpstr (congkak_rules_profile_title (profiles[i]), !=, "");
      g_assert_nonnull (congkak_rules_profile_description (profiles[i]));
    }
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpstr (congkak_rules_profile_title ("congkak-single"), ==, "Congkak, One Round");
  g_assert_null (congkak_rules_profile_title ("mancala"));
  g_assert_cmpstr (congkak_side_get_name (CONGKAK_SOUTH), ==, "South");
  g_assert_cmpstr (congkak_side_get_name (CONGKAK_NORTH), ==, "North");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/rules/profiles", test_profiles);
  g_test_add_func ("/engine/rules/catalogue", test_catalogue);
  g_test_add_func ("/engine/rules/options-round-trip", test_options_round_trip);
  g_test_add_func ("/engine/rules/family-switch", test_family_switch);
  g_test_add_func ("/engine/rules/errors", test_errors);
  g_test_add_func ("/engine/rules/start-position", test_start_position);

  return g_test_run ();
}
