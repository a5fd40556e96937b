/* test-rules-text.c — rules explained in words, and the narration's rule links
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "congkak-narration.h"
#include "congkak-rules-text.h"
#include "congkak-test-util.h"

/* The ids of the sections, in order, joined by spaces. */
static char *
section_ids (GPtrArray *sections)
{
  GString *ids = g_string_new (NULL);

  for (guint i = 0; i < sections->len; i++)
    {
      const CongkakRulesSection *section = g_ptr_array_index (sections, i);

      if (i > 0)
        g_string_append_c (ids, ' ');
      g_string_append (ids, section->id);
    }
  return g_string_free (ids, FALSE);
}

/* All the text, titles and paragraphs, for searching. */
static char *
all_text (GPtrArray *sections)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < sections->len; i++)
    {
      const CongkakRulesSection *section = g_ptr_array_index (sections, i);

      g_string_append_printf (text, "%s\n", section->title);
      for (guint j = 0; section->paragraphs[j]; j++)
        g_string_append_printf (text, "%s\n", section->paragraphs[j]);
    }
  return g_string_free (text, FALSE);
}

static const char *
section_text (GPtrArray  *sections,
              const char *id,
              GString    *buffer)
{
  g_string_truncate (buffer, 0);
  for (guint i = 0; i < sections->len; i++)
    {
      const CongkakRulesSection *section = g_ptr_array_index (sections, i);

      if (!g_str_equal (section->id, id))
        continue;
      for (guint j = 0; section->paragraphs[j]; j++)
        g_string_append_printf (buffer, "%s\n", section->paragraphs[j]);
      return buffer->str;
    }
  return NULL;
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” is not in:\n%s", part, text ? text : "(no text)");
}

static void
assert_lacks (const char *text,
              const char *part)
{
  g_autofree char *lower = g_utf8_strdown (text, -1);

  if (strstr (lower, part) != NULL)
    g_error ("“%s” should not be in:\n%s", part, text);
}

typedef struct
{
  const char *profile;
  const char *ids;
  const char *page;
  const char *says[4];
} ProfileCase;

/* Each profile has its own sections, in reading order, and says what is
 * special about it. */
static void
test_describe_profiles (void)
{
  static const ProfileCase cases[] = {
    { "congkak", "board opening sowing relay capture extra-turn burnt round-end refill match-end example",
      "rules-congkak", { "row of 7 holes", "98 seeds in all", "pick up all the seeds in it", "burnt for that round" } },
    { "congkak-single", "board sowing relay capture extra-turn round-end example",
      "rules-congkak-single", { "South moves first.", "relay", "single round", "A to G from right to left" } },
    { "kalah", "board sowing capture extra-turn round-end example",
      "rules-kalah", { "row of 6 holes", "A to F from left to right", "nothing is captured", "48 seeds in all" } },
    { "oware", "board sowing capture grand-slam feeding round-end example",
      "rules-oware", { "exactly 2 or 3 seeds", "With 12 seeds or more", "captures nothing", "more than 24" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) sections = NULL;
      g_autofree char *ids = NULL;
      g_autofree char *text = NULL;
      CongkakRules rules;

      test_rules (&rules, cases[i].profile, NULL);
      sections = congkak_rules_describe (&rules);
      ids = section_ids (sections);
      g_assert_cmpstr (ids, ==, cases[i].ids);
      g_assert_cmpstr (congkak_rules_help_page (&rules), ==, cases[i].page);

      for (guint j = 0; j < sections->len; j++)
        {
          const CongkakRulesSection *section = g_ptr_array_index (sections, j);

          g_assert_true (congkak_rules_has_section (&rules, section->id));
          g_assert_cmpstr (section->title, ==, congkak_rules_section_title (&rules, section->id));
          g_assert_nonnull (section->paragraphs[0]);
          for (guint k = 0; section->paragraphs[k]; k++)
            g_assert_cmpuint (strlen (section->paragraphs[k]), >, 10);
        }

      text = all_text (sections);
      for (guint j = 0; j < G_N_ELEMENTS (cases[i].says) && cases[i].says[j]; j++)
        assert_contains (text, cases[i].says[j]);
    }
}

/* Options change the words: custom rules are explained as they are. */
static void
test_describe_custom (void)
{
  g_autoptr (GString) buffer = g_string_new (NULL);
  CongkakRules rules;

  {
    g_autoptr (GPtrArray) sections = NULL;
    g_autofree char *text = NULL;

    /* Congkak without relay never mentions it. */
    test_rules (&rules, "congkak-single", "relay=off", NULL);
    sections = congkak_rules_describe (&rules);
    text = all_text (sections);
    assert_lacks (text, "relay");
    g_assert_false (congkak_rules_has_section (&rules, "relay"));
    g_assert_false (congkak_rules_has_section (&rules, "burnt"));
    g_assert_cmpstr (congkak_rules_help_page (&rules), ==, "rules-kalah");
    assert_contains (section_text (sections, "sowing", buffer), "In a hole that already held seeds, or in an empty hole");
  }
  {
    g_autoptr (GPtrArray) sections = NULL;
    g_autofree char *ids = NULL;
    g_autofree char *heading = NULL;

    /* Kalah in rounds burns holes, and here forfeits seeds sown into them. */
    test_rules (&rules, "kalah", "rounds=multi", "burnt-sowing=forfeit", "round-starter=winner",
                "min-holes=2", "max-rounds=3", "stop-when-decided=on", "capture-empty-opposite=on", NULL);
    sections = congkak_rules_describe (&rules);
    ids = section_ids (sections);
    g_assert_cmpstr (ids, ==, "board sowing capture extra-turn burnt round-end refill match-end example");
    heading = congkak_rules_heading (&rules);
    g_assert_cmpstr (heading, ==, "Custom Rules");
    g_assert_cmpstr (congkak_rules_help_page (&rules), ==, "rules-congkak");
    assert_contains (section_text (sections, "burnt", buffer), "put 4 seeds into a hole");
    assert_contains (section_text (sections, "burnt", buffer), "goes to your opponent’s store instead");
    assert_contains (section_text (sections, "burnt", buffer), "takes only your own last seed");
    assert_contains (section_text (sections, "refill", buffer), "The winner of a round starts");
    assert_contains (section_text (sections, "match-end", buffer), "cannot fill 2 holes: their store holds fewer than 8 seeds");
    assert_contains (section_text (sections, "match-end", buffer), "It also ends after 3 rounds.");
    assert_contains (section_text (sections, "match-end", buffer), "It also ends at once");
    assert_contains (section_text (sections, "capture", buffer), "your last seed still goes into your store");
  }
  {
    g_autoptr (GPtrArray) sections = NULL;

    /* A small clockwise board where North begins and players pass. */
    test_rules (&rules, "congkak-single", "holes=5", "seeds=3", "first-player=north", "empty-side=pass", NULL);
    sections = congkak_rules_describe (&rules);
    assert_contains (section_text (sections, "board", buffer), "row of 5 holes");
    assert_contains (section_text (sections, "board", buffer), "South’s holes are lettered A to E from right to left and North’s a to e");
    assert_contains (section_text (sections, "board", buffer), "every hole holds 3 seeds. There are 30 seeds in all. North moves first.");
    assert_contains (section_text (sections, "round-end", buffer), "passes");
    assert_contains (section_text (sections, "example", buffer), "North sows hole");
  }
  {
    g_autoptr (GPtrArray) sections = NULL;

    /* Oware whose grand slam captures, with five seeds a hole. */
    test_rules (&rules, "oware", "grand-slam=capture", "seeds=5", NULL);
    sections = congkak_rules_describe (&rules);
    assert_contains (section_text (sections, "grand-slam", buffer), "It captures them all");
    assert_contains (section_text (sections, "round-end", buffer), "more than 30");
    g_assert_false (congkak_rules_has_section (&rules, "match-end"));
    g_assert_false (congkak_rules_has_section (&rules, "extra-turn"));
  }
}

/* The example is the engine's move, told by the narration. */
static void
test_describe_example (void)
{
  g_autoptr (GPtrArray) sections = NULL;
  g_autoptr (GString) buffer = g_string_new (NULL);
  CongkakRules rules;

  /* RULES.md worked example 2: B relays at a and captures at B. */
  test_rules (&rules, "congkak-single", NULL);
  sections = congkak_rules_describe (&rules);
  assert_contains (section_text (sections, "example", buffer), "South sows hole B from the start position:");
  assert_contains (section_text (sections, "example", buffer),
                   "South picks up 7 seeds from B. The seeds go into C, D, E, F, G, South’s store, a. "
                   "The last seed fell into a hole with seeds on North’s side: relay");
  assert_contains (section_text (sections, "example", buffer), "capture 9 seeds.");
}

/* The help's rules page for each profile has the same sections as the
 * rules window (the shared contract of section ids), so every narration
 * link and every fallback lands on a section that exists. */
static void
test_sections_match_help (void)
{
  const char * const *profiles = congkak_rules_profile_names ();
  g_autoptr (GRegex) section = g_regex_new ("<section id=\"([a-z-]+)\"", 0, 0, NULL);

  for (guint i = 0; profiles[i]; i++)
    {
      g_autoptr (GPtrArray) sections = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GMatchInfo) match = NULL;
      g_autofree char *page = NULL;
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      g_autoptr (GPtrArray) help_ids = g_ptr_array_new_with_free_func (g_free);
      CongkakRules rules;

      test_rules (&rules, profiles[i], NULL);
      page = g_strdup_printf ("%s.page", congkak_rules_help_page (&rules));
      path = g_test_build_filename (G_TEST_DIST, "..", "help", "C", page, NULL);
      if (!g_file_get_contents (path, &contents, NULL, &error))
        {
          g_test_skip (error->message);
          return;
        }
      for (g_regex_match (section, contents, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
        g_ptr_array_add (help_ids, g_match_info_fetch (match, 1));

      sections = congkak_rules_describe (&rules);
      for (guint j = 0; j < sections->len; j++)
        {
          const CongkakRulesSection *described = g_ptr_array_index (sections, j);

          if (!g_ptr_array_find_with_equal_func (help_ids, described->id, g_str_equal, NULL))
            g_error ("%s: the rules window has section %s, the help page %s does not", profiles[i], described->id, page);
        }
      for (guint j = 0; j < help_ids->len; j++)
        if (!congkak_rules_has_section (&rules, g_ptr_array_index (help_ids, j)))
          g_error ("%s: the help page %s has section %s, the rules window does not", profiles[i], page,
                   (const char *) g_ptr_array_index (help_ids, j));
    }
}

typedef struct
{
  const char *profile;
  CongkakEventType type;
  guint8 reason;
  const char *section;
} EventCase;

/* Every event type names the section that explains it, and that section
 * exists for rules under which the event happens. */
static void
test_narration_sections (void)
{
  static const EventCase cases[] = {
    { "congkak", CONGKAK_EVENT_PICK_UP, 0, "sowing" },
    { "congkak", CONGKAK_EVENT_DROP, 0, "sowing" },
    { "congkak", CONGKAK_EVENT_SKIP, CONGKAK_SKIP_BURNT, "burnt" },
    { "oware", CONGKAK_EVENT_SKIP, CONGKAK_SKIP_ORIGIN, "sowing" },
    { "congkak", CONGKAK_EVENT_FORFEIT, 0, "burnt" },
    { "congkak", CONGKAK_EVENT_RELAY, 0, "relay" },
    { "kalah", CONGKAK_EVENT_CAPTURE, 0, "capture" },
    { "oware", CONGKAK_EVENT_CAPTURE, 0, "capture" },
    { "kalah", CONGKAK_EVENT_EXTRA_TURN, 0, "extra-turn" },
    { "congkak", CONGKAK_EVENT_TURN_END, CONGKAK_TURN_END_EMPTY_OPPONENT_HOLE, "sowing" },
    { "kalah", CONGKAK_EVENT_TURN_END, CONGKAK_TURN_END_OCCUPIED_HOLE, "sowing" },
    { "kalah", CONGKAK_EVENT_TURN_END, CONGKAK_TURN_END_CAPTURE, "capture" },
    { "kalah", CONGKAK_EVENT_TURN_END, CONGKAK_TURN_END_EMPTY_OWN_HOLE, "capture" },
    { "congkak", CONGKAK_EVENT_TURN_END, CONGKAK_TURN_END_BURNT_HOLE, "burnt" },
    { "oware", CONGKAK_EVENT_TURN_END, CONGKAK_TURN_END_SOWN, "sowing" },
    { "oware", CONGKAK_EVENT_GRAND_SLAM, 0, "grand-slam" },
    { "oware", CONGKAK_EVENT_FEEDING_FORCED, 0, "feeding" },
    { "kalah", CONGKAK_EVENT_PASS, 0, "round-end" },
    { "congkak", CONGKAK_EVENT_OPENING_FINISHED, 0, "opening" },
    { "kalah", CONGKAK_EVENT_ROUND_END, CONGKAK_ROUND_END_EMPTY_SIDE, "round-end" },
    { "congkak", CONGKAK_EVENT_ROUND_END, CONGKAK_ROUND_END_MOVER_CANNOT_MOVE, "round-end" },
    { "congkak", CONGKAK_EVENT_ROUND_END, CONGKAK_ROUND_END_BOTH_SIDES_EMPTY, "round-end" },
    { "congkak", CONGKAK_EVENT_ROUND_END, CONGKAK_ROUND_END_DECIDED, "match-end" },
    { "oware", CONGKAK_EVENT_ROUND_END, CONGKAK_ROUND_END_MAJORITY, "round-end" },
    { "oware", CONGKAK_EVENT_ROUND_END, CONGKAK_ROUND_END_NO_SEEDS, "round-end" },
    { "oware", CONGKAK_EVENT_ROUND_END, CONGKAK_ROUND_END_CANNOT_FEED, "feeding" },
    { "oware", CONGKAK_EVENT_ROUND_END, CONGKAK_ROUND_END_REPETITION, "round-end" },
    { "congkak", CONGKAK_EVENT_REFILL, 0, "refill" },
    { "congkak", CONGKAK_EVENT_ROUND_START, 0, "refill" },
    { "congkak", CONGKAK_EVENT_MATCH_END, 0, "match-end" },
    { "kalah", CONGKAK_EVENT_MATCH_END, 0, "round-end" },
    { "oware", CONGKAK_EVENT_MATCH_END, 0, "round-end" },
  };
  gboolean seen[CONGKAK_EVENT_MATCH_END + 1] = { FALSE };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CongkakEvent event = { .type = cases[i].type, .reason = cases[i].reason, .player = CONGKAK_SOUTH };
      CongkakRules rules;
      const char *section;

      test_rules (&rules, cases[i].profile, NULL);
      section = congkak_narration_rule_section (&rules, &event);
      g_assert_cmpstr (section, ==, cases[i].section);
      g_assert_true (congkak_rules_has_section (&rules, section));
      g_assert_nonnull (congkak_rules_section_title (&rules, section));
      seen[cases[i].type] = TRUE;
    }
  for (guint type = 0; type <= CONGKAK_EVENT_MATCH_END; type++)
    if (!seen[type])
      g_error ("event type %s has no case", congkak_event_type_to_string (type));
}

/* In real matches of every profile, every event's section is one the rules
 * window shows for those rules. */
static void
test_narration_sections_in_play (void)
{
  const char * const *profiles = congkak_rules_profile_names ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (6);

  for (guint p = 0; profiles[p]; p++)
    for (guint game_index = 0; game_index < 20; game_index++)
      {
        g_autoptr (CongkakGame) game = NULL;
        g_autoptr (GArray) events = congkak_event_array_new ();
        CongkakRules rules;
        char *move;

        test_rules (&rules, profiles[p], NULL);
        game = congkak_game_new (&rules);
        while ((move = congkak_state_random_move (congkak_game_get_state (game), &rules, rand)) != NULL)
          {
            g_autoptr (GError) error = NULL;

            congkak_game_play_text (game, move, events, &error);
            g_assert_no_error (error);
            g_free (move);
          }
        for (guint i = 0; i < events->len; i++)
          {
            const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);
            const char *section = congkak_narration_rule_section (&rules, event);

            if (!congkak_rules_has_section (&rules, section))
              g_error ("%s: %s names section %s", profiles[p], congkak_event_type_to_string (event->type), section);
          }
      }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/rules-text/profiles", test_describe_profiles);
  g_test_add_func ("/model/rules-text/custom", test_describe_custom);
  g_test_add_func ("/model/rules-text/example", test_describe_example);
  g_test_add_func ("/model/rules-text/sections-match-help", test_sections_match_help);
  g_test_add_func ("/model/narration/rule-sections", test_narration_sections);
  g_test_add_func ("/model/narration/rule-sections-in-play", test_narration_sections_in_play);

  return g_test_run ();
}
