/* test-match-file.c — reading and writing .congkak files
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The good files in tests/data/good are real matches written by the saver;
 * the bad files in tests/data/bad each hold one problem, and
 * tests/data/bad/EXPECTED says which error each must give and where.  Inputs
 * too large to keep in the repository are made here.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include <signal.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <utime.h>

#include "congkak-file-util.h"
#include "congkak-match-file.h"
#include "congkak-test-util.h"
#include "congkak-match-text.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

static char *
data_path (const char *folder,
           const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", folder, name, NULL);
}

/* The file names in a data folder, sorted, without READMEs and EXPECTED. */
static GPtrArray *
list_data_folder (const char *folder)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", folder, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  /* Files only: a folder inside holds another fuzz target's regressions */
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *entry = g_build_filename (path, name, NULL);

      if (!g_str_has_prefix (name, "README") && !g_str_equal (name, "EXPECTED")
          && !g_file_test (entry, G_FILE_TEST_IS_DIR))
        g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort_values (names, (GCompareFunc) g_strcmp0);
  return g_steal_pointer (&names);
}

static CongkakMatch *
load_data_file (const char  *folder,
                const char  *name,
                GPtrArray  **warnings,
                GError     **error)
{
  g_autofree char *path = data_path (folder, name);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  return congkak_match_load_from_file (file, NULL, warnings, error);
}

static char *
read_data_file (const char *folder,
                const char *name,
                gsize      *length)
{
  g_autofree char *path = data_path (folder, name);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

/* Save, load, compare; save again and compare the text. */
static void
assert_round_trip (CongkakMatch *match)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  g_autoptr (GPtrArray) warnings = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize first_length, second_length;

  first = congkak_match_save_to_data (match, &first_length);
  g_assert_nonnull (first);
  g_assert_cmpuint (strlen (first), ==, first_length);
  g_assert_true (g_utf8_validate (first, first_length, NULL));

  again = congkak_match_load_from_data (first, first_length, &warnings, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_true (congkak_match_equal (match, again));
  g_assert_true (congkak_match_equal (again, match));

  second = congkak_match_save_to_data (again, &second_length);
  g_assert_cmpuint (first_length, ==, second_length);
  g_assert_cmpstr (first, ==, second);
}

static char *
read_whole_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* A small finished kalah match, for the save tests. */
static CongkakMatch *
small_match (const char *south)
{
  g_autoptr (GError) error = NULL;
  CongkakMatch *match = load_data_file ("good", "kalah-variations.congkak", NULL, &error);

  g_assert_no_error (error);
  congkak_match_set_player (match, CONGKAK_SOUTH, south, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_MEDIUM);
  return match;
}

/* ------------------------------------------------------------------ */
/* Good files                                                         */
/* ------------------------------------------------------------------ */

/* Files made by hand to carry fields this version does not know. */
static gboolean
expects_warnings (const char *name)
{
  return g_str_equal (name, "unknown-fields.congkak") || g_str_equal (name, "version-1-7.congkak");
}

static void
test_good_file (gconstpointer data)
{
  const char *name = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) warnings = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) from_data = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  match = load_data_file ("good", name, &warnings, &error);
  g_assert_no_error (error);
  g_assert_nonnull (match);
  g_assert_nonnull (warnings);
  for (guint i = 0; i < warnings->len; i++)
    g_test_message ("warning: %s", (const char *) g_ptr_array_index (warnings, i));
  g_assert_cmpuint (warnings->len > 0, ==, expects_warnings (name));
  g_assert_cmpuint (congkak_match_get_n_nodes (match), >, 0);

  /* Reading the bytes gives the same match as reading the file, and
   * warnings are optional. */
  contents = read_data_file ("good", name, &length);
  from_data = congkak_match_load_from_data (contents, length, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (match, from_data));

  assert_round_trip (match);

  /* The saver wrote these files: saving again writes the very same bytes. */
  if (!expects_warnings (name))
    {
      g_autofree char *saved = congkak_match_save_to_data (match, NULL);

      g_assert_cmpstr (saved, ==, contents);
    }
}

static const CongkakState *
state_at (CongkakMatch *match,
          CongkakNode  *node)
{
  return congkak_game_get_state (congkak_match_get_game_at (match, node));
}

static gboolean
any_burnt (const CongkakState *state)
{
  return state->position.burnt[CONGKAK_SOUTH] != 0 || state->position.burnt[CONGKAK_NORTH] != 0;
}

static CongkakMatch *
load_good (const char *name)
{
  g_autoptr (GError) error = NULL;
  CongkakMatch *match = load_data_file ("good", name, NULL, &error);

  g_assert_no_error (error);
  return match;
}

/* The variation nesting of @node: how many times its path leaves a main line. */
static guint
variation_level (CongkakNode *node)
{
  guint level = 0;

  for (; !congkak_node_is_root (node); node = congkak_node_get_parent (node))
    if (congkak_node_get_child_index (node) > 0)
      level++;
  return level;
}

typedef struct
{
  guint nodes;
  guint comments;
  guint marks;
  guint variations;     /* nodes that start a variation */
  guint max_level;      /* deepest variation nesting */
  guint burnt_states;   /* nodes after which some hole is burnt */
} TreeStats;

static void
collect_stats (CongkakMatch *match,
               CongkakNode  *node,
               TreeStats    *stats)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, node);
  while (stack->len > 0)
    {
      CongkakNode *next = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      if (!congkak_node_is_root (next))
        {
          stats->nodes++;
          stats->comments += *congkak_node_get_comment (next) != '\0';
          stats->marks += congkak_node_get_mark (next) != CONGKAK_MARK_NONE;
          stats->variations += congkak_node_get_child_index (next) > 0;
          stats->max_level = MAX (stats->max_level, variation_level (next));
          stats->burnt_states += any_burnt (state_at (match, next));
        }
      for (guint i = 0; i < congkak_node_get_n_children (next); i++)
        g_ptr_array_add (stack, congkak_node_get_child (next, i));
    }
}

static void
test_good_multi_round (void)
{
  g_autoptr (CongkakMatch) match = load_good ("congkak-multi-round.congkak");
  const CongkakRules *rules = congkak_match_get_rules (match);
  CongkakNode *end = congkak_match_get_main_line_end (match);
  const CongkakGame *game = congkak_match_get_game_at (match, end);
  const CongkakState *state = congkak_game_get_state (game);
  CongkakNode *first = congkak_node_get_main_child (congkak_match_get_root (match));
  TreeStats stats = { 0 };
  guint next_rounds = 0, burnt_on_main_line = 0;

  g_assert_cmpstr (congkak_rules_profile_name (rules), ==, "congkak");
  g_assert_true (rules->multi_round);
  g_assert_true (rules->simultaneous_opening);
  g_assert_false (congkak_match_has_custom_start (match));

  /* From the simultaneous opening to the end of the match. */
  g_assert_cmpint (congkak_node_get_move (first)->kind, ==, CONGKAK_MOVE_OPENING);
  g_assert_cmpint (state->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  g_assert_cmpuint (state->round, >=, 3);
  g_assert_cmpuint (congkak_game_get_n_round_results (game), ==, state->round);
  g_assert_cmpint (state->match_end_reason, ==, CONGKAK_MATCH_END_MIN_HOLES);

  for (CongkakNode *node = first; node != NULL; node = congkak_node_get_main_child (node))
    {
      if (congkak_node_get_move (node)->kind == CONGKAK_MOVE_NEXT_ROUND)
        next_rounds++;
      if (any_burnt (state_at (match, node)))
        burnt_on_main_line++;
    }
  g_assert_cmpuint (next_rounds, ==, state->round - 1);
  g_assert_cmpuint (next_rounds, >=, 2);
  g_assert_cmpuint (burnt_on_main_line, >, 0);

  collect_stats (match, congkak_match_get_root (match), &stats);
  g_assert_cmpuint (stats.nodes, ==, congkak_match_get_n_nodes (match));
  g_assert_cmpuint (stats.comments, >=, 3);
  g_assert_cmpuint (stats.marks, >=, 3);
  g_assert_cmpuint (stats.variations, >=, 3);
  g_assert_cmpuint (stats.max_level, >=, 2);
  g_assert_cmpuint (stats.burnt_states, >, burnt_on_main_line);

  g_assert_cmpstr (congkak_match_get_player_name (match, CONGKAK_SOUTH), ==, "Ani Rahman");
  g_assert_cmpint (congkak_match_get_player_kind (match, CONGKAK_NORTH), ==, CONGKAK_PLAYER_COMPUTER);
  g_assert_cmpint (congkak_match_get_player_level (match, CONGKAK_NORTH), ==, CONGKAK_LEVEL_HARD);
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_DATE), ==, "2026-11-29");
  g_assert_nonnull (strstr (congkak_match_get_metadata (match, CONGKAK_METADATA_NOTES), "\n"));
}

static void
test_good_others (void)
{
  {
    g_autoptr (CongkakMatch) match = load_good ("kalah-variations.congkak");
    TreeStats stats = { 0 };

    g_assert_cmpstr (congkak_rules_profile_name (congkak_match_get_rules (match)), ==, "kalah");
    g_assert_cmpint (state_at (match, congkak_match_get_main_line_end (match))->phase, ==, CONGKAK_PHASE_MATCH_OVER);
    collect_stats (match, congkak_match_get_root (match), &stats);
    g_assert_cmpuint (stats.variations, >=, 2);
    g_assert_cmpuint (stats.max_level, >=, 2);
    g_assert_cmpuint (stats.comments, >=, 2);
  }
  {
    g_autoptr (CongkakMatch) match = load_good ("oware-majority.congkak");
    const CongkakState *state = state_at (match, congkak_match_get_main_line_end (match));

    g_assert_cmpint (congkak_match_get_rules (match)->family, ==, CONGKAK_FAMILY_OWARE);
    g_assert_cmpint (state->phase, ==, CONGKAK_PHASE_MATCH_OVER);
    g_assert_cmpint (state->round_end_reason, ==, CONGKAK_ROUND_END_MAJORITY);
  }
  {
    g_autoptr (CongkakMatch) match = load_good ("oware-repetition.congkak");
    const CongkakState *state = state_at (match, congkak_match_get_main_line_end (match));

    g_assert_cmpint (state->phase, ==, CONGKAK_PHASE_MATCH_OVER);
    g_assert_cmpint (state->round_end_reason, ==, CONGKAK_ROUND_END_REPETITION);
  }
  {
    g_autoptr (CongkakMatch) match = load_good ("congkak-single.congkak");
    const CongkakRules *rules = congkak_match_get_rules (match);

    g_assert_cmpstr (congkak_rules_profile_name (rules), ==, "congkak-single");
    g_assert_false (rules->multi_round);
    g_assert_cmpint (state_at (match, congkak_match_get_main_line_end (match))->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  }
  {
    g_autoptr (CongkakMatch) match = load_good ("custom-start-burnt.congkak");
    const CongkakPosition *start = congkak_match_get_start_position (match);

    g_assert_true (congkak_match_has_custom_start (match));
    g_assert_cmpuint (start->burnt[CONGKAK_SOUTH], ==, 0x1);
    g_assert_cmpuint (start->burnt[CONGKAK_NORTH], ==, 0x3);
    g_assert_cmpint (start->to_move, ==, CONGKAK_NORTH);
    g_assert_cmpint (state_at (match, congkak_match_get_main_line_end (match))->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  }
  {
    g_autoptr (CongkakMatch) match = load_good ("version-1-7.congkak");
    guint main_line = 0;

    for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match));
         node != NULL; node = congkak_node_get_main_child (node))
      main_line++;
    g_assert_cmpuint (main_line, ==, 10);
  }
}

/* Unknown fields are ignored, each with a warning that names its path. */
static void
assert_warnings (const char         *name,
                 const char * const *paths)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) warnings = NULL;
  g_autoptr (CongkakMatch) match = load_data_file ("good", name, &warnings, &error);
  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) expected = g_ptr_array_new ();

  g_assert_no_error (error);
  for (guint i = 0; i < warnings->len; i++)
    {
      const char *warning = g_ptr_array_index (warnings, i);
      const char *colon = strstr (warning, ": ");

      g_assert_nonnull (colon);
      g_assert_cmpuint (strlen (colon), >, 2);
      g_ptr_array_add (found, g_strndup (warning, colon - warning));
    }
  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (expected, (gpointer) paths[i]);

  g_ptr_array_sort_values (found, (GCompareFunc) g_strcmp0);
  g_ptr_array_sort_values (expected, (GCompareFunc) g_strcmp0);
  g_assert_cmpuint (found->len, ==, expected->len);
  for (guint i = 0; i < found->len; i++)
    g_assert_cmpstr (g_ptr_array_index (found, i), ==, g_ptr_array_index (expected, i));
}

static void
test_warnings (void)
{
  static const char * const unknown_fields[] = {
    "players.south.rating",
    "players.referee",
    "metadata.venue",
    "moves[1].x-eval",
    "moves[2].variations[0][0].glyphs",
    "x-clock",
    "generator",
    NULL
  };
  static const char * const newer_minor[] = { "moves[0].clock", "annotator", NULL };

  assert_warnings ("unknown-fields.congkak", unknown_fields);
  assert_warnings ("version-1-7.congkak", newer_minor);
}

/* ------------------------------------------------------------------ */
/* Bad files                                                          */
/* ------------------------------------------------------------------ */

typedef struct
{
  char *name;
  int   code;
  char *prefix;  /* NULL: the message names no place */
} BadCase;

static void
bad_case_free (gpointer data)
{
  BadCase *bad = data;

  g_free (bad->name);
  g_free (bad->prefix);
  g_free (bad);
}

static int
error_code_from_nick (const char *nick)
{
  static const char * const nicks[] = {
    [CONGKAK_MATCH_FILE_ERROR_EMPTY] = "EMPTY",
    [CONGKAK_MATCH_FILE_ERROR_TOO_LARGE] = "TOO_LARGE",
    [CONGKAK_MATCH_FILE_ERROR_INVALID_UTF8] = "INVALID_UTF8",
    [CONGKAK_MATCH_FILE_ERROR_SYNTAX] = "SYNTAX",
    [CONGKAK_MATCH_FILE_ERROR_TOO_DEEP] = "TOO_DEEP",
    [CONGKAK_MATCH_FILE_ERROR_NOT_A_MATCH] = "NOT_A_MATCH",
    [CONGKAK_MATCH_FILE_ERROR_NEWER_VERSION] = "NEWER_VERSION",
    [CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD] = "MISSING_FIELD",
    [CONGKAK_MATCH_FILE_ERROR_WRONG_TYPE] = "WRONG_TYPE",
    [CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE] = "INVALID_VALUE",
    [CONGKAK_MATCH_FILE_ERROR_INVALID_RULES] = "INVALID_RULES",
    [CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION] = "INVALID_POSITION",
    [CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE] = "ILLEGAL_MOVE",
    [CONGKAK_MATCH_FILE_ERROR_TOO_MANY_MOVES] = "TOO_MANY_MOVES",
  };

  for (guint i = 0; i < G_N_ELEMENTS (nicks); i++)
    if (g_strcmp0 (nicks[i], nick) == 0)
      return i;
  g_error ("tests/data/bad/EXPECTED: unknown error code “%s”", nick);
}

/* Reads EXPECTED: "FILE CODE PREFIX" a line; "#" starts a comment. */
static GPtrArray *
read_expected (void)
{
  g_autofree char *contents = read_data_file ("bad", "EXPECTED", NULL);
  g_auto (GStrv) lines = g_strsplit (contents, "\n", -1);
  GPtrArray *cases = g_ptr_array_new_with_free_func (bad_case_free);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = NULL;
      BadCase *bad;

      g_strstrip (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      fields = g_strsplit_set (lines[i], " \t", 3);
      if (g_strv_length (fields) != 3)
        g_error ("tests/data/bad/EXPECTED, line %u: expected FILE CODE PREFIX", i + 1);

      bad = g_new0 (BadCase, 1);
      bad->name = g_strdup (fields[0]);
      bad->code = error_code_from_nick (fields[1]);
      bad->prefix = g_str_equal (g_strstrip (fields[2]), "-") ? NULL : g_strdup (fields[2]);
      g_ptr_array_add (cases, bad);
    }
  return cases;
}

static void
assert_bad_error (const BadCase *bad,
                  const GError  *error)
{
  g_assert_nonnull (error);
  g_test_message ("%s: %s", bad->name, error->message);
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, bad->code);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  /* The place is said once, ours: not the JSON parser's own as well. */
  g_assert_null (strstr (error->message, "<data>"));
  if (bad->prefix != NULL)
    {
      if (!g_str_has_prefix (error->message, bad->prefix))
        g_error ("%s: “%s” does not begin with “%s”", bad->name, error->message, bad->prefix);
      g_assert_cmpuint (strlen (error->message), >, strlen (bad->prefix) + 2);
    }
  else
    /* A sentence about the whole file, not a place in it. */
    g_assert_true (g_ascii_isupper (error->message[0]));
}

static void
check_bad_file (const BadCase *bad)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) file_error = NULL;
  g_autoptr (GPtrArray) warnings = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) from_file = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  contents = read_data_file ("bad", bad->name, &length);
  match = congkak_match_load_from_data (contents, length, &warnings, &error);
  g_assert_null (match);
  g_assert_null (warnings);
  assert_bad_error (bad, error);

  /* Reading the file says the same. */
  from_file = load_data_file ("bad", bad->name, NULL, &file_error);
  g_assert_null (from_file);
  g_assert_cmpstr (file_error->message, ==, error->message);
  g_assert_cmpint (file_error->code, ==, error->code);
}

/* Each bad file is read in a child process, so that a crash fails its own
 * test case and not the whole suite. */
static void
test_bad_file (gconstpointer data)
{
  const BadCase *bad = data;

  if (g_test_subprocess ())
    {
      check_bad_file (bad);
      return;
    }
  /* A failure here marks this case and lets the others run. */
  g_test_set_nonfatal_assertions ();
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Every file in tests/data/bad has its line in EXPECTED, and every line its file. */
static void
test_bad_listed (gconstpointer data)
{
  GPtrArray *cases = (GPtrArray *) data;
  g_autoptr (GPtrArray) names = list_data_folder ("bad");
  g_autoptr (GHashTable) expected = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < cases->len; i++)
    {
      BadCase *bad = g_ptr_array_index (cases, i);

      g_assert_true (g_hash_table_add (expected, bad->name));
    }
  for (guint i = 0; i < names->len; i++)
    if (!g_hash_table_contains (expected, g_ptr_array_index (names, i)))
      g_error ("tests/data/bad/%s is not listed in EXPECTED", (char *) g_ptr_array_index (names, i));
  g_assert_cmpuint (names->len, ==, cases->len);
  g_assert_cmpuint (cases->len, >=, 45);
}

/* ------------------------------------------------------------------ */
/* Inputs made here: too large, too many moves                        */
/* ------------------------------------------------------------------ */

/* A valid file padded with spaces to exactly @size bytes. */
static char *
padded_match (gsize size)
{
  g_autofree char *contents = read_data_file ("good", "kalah-variations.congkak", NULL);
  gsize length = strlen (contents);
  char *padded;

  g_assert_cmpuint (size, >=, length);
  padded = g_malloc (size + 1);
  memcpy (padded, contents, length);
  memset (padded + length, ' ', size - length);
  padded[size] = '\0';
  return padded;
}

static void
test_too_large_data (void)
{
  g_autofree char *padded = padded_match (CONGKAK_MATCH_FILE_MAX_BYTES + 1);

  /* At the limit the file loads. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (CongkakMatch) match = congkak_match_load_from_data (padded, CONGKAK_MATCH_FILE_MAX_BYTES,
                                                                   NULL, &error);

    g_assert_no_error (error);
    g_assert_nonnull (match);
  }
  /* One byte more and it is refused before it is parsed. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (CongkakMatch) match = congkak_match_load_from_data (padded, -1, NULL, &error);

    g_assert_null (match);
    g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE);
    g_test_message ("%s", error->message);
  }
}

/* A 1 GiB file (sparse: it takes no room on disk) is refused after reading
 * little more than the limit. */
static void
test_too_large_file (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "huge.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  gint64 started;
  int fd;

  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, "{", 1), ==, 1);
  g_assert_cmpint (ftruncate (fd, (off_t) 1 << 30), ==, 0);
  g_assert_true (g_close (fd, NULL));

  started = g_get_monotonic_time ();
  match = congkak_match_load_from_file (file, NULL, NULL, &error);
  g_test_message ("refused after %.3f s", (g_get_monotonic_time () - started) / 1e6);
  g_assert_null (match);
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE);

  test_remove_tree (dir);
}

/* Random play on a CongkakGame, for trees too big to keep as files. */
static guint
legal_moves (const CongkakGame *game,
             CongkakMove        moves[CONGKAK_MAX_HOLES])
{
  const CongkakState *state = congkak_game_get_state (game);
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n;

  switch (state->phase)
    {
    case CONGKAK_PHASE_ROUND_OVER:
      moves[0] = (CongkakMove) { .kind = CONGKAK_MOVE_NEXT_ROUND };
      return 1;
    case CONGKAK_PHASE_PLAYING:
      n = congkak_state_legal_moves (state, congkak_game_get_rules (game), holes);
      for (guint i = 0; i < n; i++)
        moves[i] = (CongkakMove) { .kind = CONGKAK_MOVE_SOW, .side = state->position.to_move, .hole = holes[i] };
      return n;
    case CONGKAK_PHASE_OPENING:  /* the rules below have no opening */
    case CONGKAK_PHASE_MATCH_OVER:
    default:
      return 0;
    }
}

typedef struct
{
  GString *out;
  GRand   *rand;
  guint    budget;  /* nodes still to write */
} Tree;

/* Writes a line of random moves from @game (which it plays on) until the
 * match ends or the budget is spent.  The line's first move is @first when
 * given.  Every other node of a line less than three variations deep gets
 * all its alternatives as variations. */
static void
write_random_line (Tree              *tree,
                   CongkakGame       *game,
                   const CongkakMove *first,
                   guint              level)
{
  g_string_append_c (tree->out, '[');
  for (guint i = 0; tree->budget > 0; i++)
    {
      CongkakMove moves[CONGKAK_MAX_HOLES];
      guint n = legal_moves (game, moves);
      CongkakMove move;
      g_autofree char *text = NULL;

      if (n == 0)
        break;
      move = (i == 0 && first != NULL) ? *first : moves[g_rand_int_range (tree->rand, 0, n)];
      text = congkak_move_to_string (&move);
      g_string_append_printf (tree->out, "%s{\"move\":\"%s\"", i > 0 ? "," : "", text);
      tree->budget--;

      if (!(i == 0 && first != NULL) && level < 3 && n > 1)
        {
          gboolean any = FALSE;

          g_string_append (tree->out, ",\"variations\":[");
          for (guint k = 0; k < n && tree->budget > 0; k++)
            {
              g_autoptr (CongkakGame) branch = NULL;

              if (moves[k].kind == move.kind && moves[k].hole == move.hole)
                continue;
              branch = congkak_game_copy (game);
              if (any)
                g_string_append_c (tree->out, ',');
              write_random_line (tree, branch, &moves[k], level + 1);
              any = TRUE;
            }
          g_string_append_c (tree->out, ']');
        }
      g_string_append_c (tree->out, '}');
      g_assert_true (congkak_game_play (game, &move, NULL, NULL));
    }
  g_string_append_c (tree->out, ']');
}

static char *
random_tree_file (guint nodes)
{
  CongkakRules rules;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakGame) game = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  const char * const *keys = congkak_rules_option_keys ();
  Tree tree = { g_string_new (NULL), rand, nodes };

  /* Kalah: short single-round lines, so the tree is wide rather than long. */
  congkak_rules_init_profile (&rules, "kalah", &error);
  g_assert_no_error (error);
  game = congkak_game_new (&rules);

  g_string_append (tree.out, "{\"format\":\"congkak-match\",\"version\":\"1.0\",\"rules\":{");
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *value = NULL;

      if (!congkak_rules_option_applies (&rules, keys[i]))
        continue;
      value = congkak_rules_get_option (&rules, keys[i]);
      if (g_ascii_isdigit (value[0]))
        g_string_append_printf (tree.out, "%s\"%s\":%s", i > 0 ? "," : "", keys[i], value);
      else
        g_string_append_printf (tree.out, "%s\"%s\":\"%s\"", i > 0 ? "," : "", keys[i], value);
    }
  g_string_append (tree.out, "},\"moves\":");
  write_random_line (&tree, game, NULL, 0);
  g_string_append (tree.out, "}\n");
  g_assert_cmpuint (tree.budget, ==, 0);
  return g_string_free (tree.out, FALSE);
}

static gboolean
run_slow_tests (void)
{
  return g_test_slow () || g_getenv ("CONGKAK_TEST_SLOW") != NULL;
}

/* One move more than a match keeps is refused, naming that move. */
static void
test_many_moves_tree (void)
{
  g_autofree char *text = random_tree_file (CONGKAK_MATCH_FILE_MAX_NODES + 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  gint64 started = g_get_monotonic_time ();

  match = congkak_match_load_from_data (text, -1, NULL, &error);
  g_test_message ("%u moves, %zu bytes: refused in %.3f s", CONGKAK_MATCH_FILE_MAX_NODES + 1,
                  strlen (text), (g_get_monotonic_time () - started) / 1e6);
  g_assert_null (match);
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_MANY_MOVES);
  g_assert_true (g_str_has_prefix (error->message, "moves["));
  g_test_message ("%s", error->message);
}

/* The most moves a file may hold load, and the match saves into a file
 * that loads back: within the size limit too. */
static void
test_many_moves_at_limit (void)
{
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (CongkakMatch) again = NULL;
  gsize length;
  gint64 started;

  if (!run_slow_tests ())
    {
      g_test_skip ("Slow (a few seconds, 250 MB): run with -m slow or CONGKAK_TEST_SLOW=1");
      return;
    }

  text = random_tree_file (CONGKAK_MATCH_FILE_MAX_NODES);
  started = g_get_monotonic_time ();
  match = congkak_match_load_from_data (text, -1, NULL, &error);
  g_test_message ("%u moves, %zu bytes: loaded in %.3f s", CONGKAK_MATCH_FILE_MAX_NODES,
                  strlen (text), (g_get_monotonic_time () - started) / 1e6);
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, CONGKAK_MATCH_FILE_MAX_NODES);

  saved = congkak_match_save_to_data (match, &length);
  g_test_message ("saved: %zu bytes", length);
  if (length > CONGKAK_MATCH_FILE_MAX_BYTES)
    {
      /* Known bug: the pretty-printed file outgrows the loader's limit. */
      g_test_incomplete ("The saved file is larger than the loader accepts");
      return;
    }
  again = congkak_match_load_from_data (saved, length, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (match, again));
}

/* A flat list of 200,001 moves: refused quickly, whatever comes first. */
static void
test_many_moves_list (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *rules = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  gint64 started;

  {
    g_autofree char *contents = read_data_file ("good", "kalah-variations.congkak", NULL);
    const char *start = strstr (contents, "\"rules\"");
    const char *end = strchr (start, '}');

    rules = g_strndup (start, end - start + 1);
  }
  g_string_append_printf (text, "{\"format\":\"congkak-match\",\"version\":\"1.0\",%s,\"moves\":[", rules);
  for (guint i = 0; i <= CONGKAK_MATCH_FILE_MAX_NODES; i++)
    g_string_append_printf (text, "%s{\"move\":\"%c\"}", i > 0 ? "," : "", i % 2 ? 'a' : 'A');
  g_string_append (text, "]}\n");

  started = g_get_monotonic_time ();
  match = congkak_match_load_from_data (text->str, text->len, NULL, &error);
  g_test_message ("refused in %.3f s: %s", (g_get_monotonic_time () - started) / 1e6,
                  error ? error->message : "");
  g_assert_null (match);
  g_assert_nonnull (error);
  g_assert_true (error->domain == CONGKAK_MATCH_FILE_ERROR);
  g_assert_true (g_str_has_prefix (error->message, "moves["));
}

/* ------------------------------------------------------------------ */
/* Untrusted text and memory                                          */
/* ------------------------------------------------------------------ */

static void
assert_safe_message (const char *message)
{
  g_assert_cmpuint (strlen (message), <, 1000);
  g_assert_true (g_utf8_validate (message, -1, NULL));
  for (const char *p = message; *p; p++)
    g_assert_false ((guchar) *p < 0x20 || *p == 0x7F);
  g_assert_null (strstr (message, "\xC2\x9B"));  /* U+009B, the 8-bit CSI */
}

static void
test_quote_untrusted (void)
{
  g_autofree char *long_text = g_strnfill (1000, 'k');
  g_autofree char *cut = NULL;
  static const struct
  {
    const char *text;
    gssize      length;
    const char *quoted;
  } cases[] = {
    { "plain", -1, "plain" },
    { "Ani \xC3\xA9t\xC3\xA9", -1, "Ani \xC3\xA9t\xC3\xA9" },
    { "a\nb\tc\rd", -1, "a\\nb\\tc\\rd" },
    { "\x1B]0;title\x07", -1, "\\u001B]0;title\\u0007" },
    { "\xC2\x9B" "2J", -1, "\\u009B2J" },
    { "right\xE2\x80\xAEtxt.exe", -1, "right\\u202Etxt.exe" },
    { "bad\xFF\xFE", -1, "bad\\xFF\\xFE" },
    { "nul\0here", 8, "nul\\u0000here" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *quoted = congkak_quote_untrusted (cases[i].text, cases[i].length);

      g_assert_cmpstr (quoted, ==, cases[i].quoted);
    }

  cut = congkak_quote_untrusted (long_text, -1);
  g_assert_cmpuint (g_utf8_strlen (cut, -1), ==, CONGKAK_QUOTE_MAX_CHARS + 1);
  g_assert_true (g_str_has_suffix (cut, "…"));
}

/* Text for a window title: one line, no control characters, no marks that
 * reorder what follows; what was hidden shows as U+FFFD. */
static void
test_escape_for_title (void)
{
  static const struct
  {
    const char *text;
    gssize      length;
    guint       max_chars;
    const char *title;
  } cases[] = {
    { "Ani and Budi", -1, 0, "Ani and Budi" },
    { "Ani \xC3\xA9t\xC3\xA9 \xE5\xBE\x88\xE5\xA5\xBD", -1, 0, "Ani \xC3\xA9t\xC3\xA9 \xE5\xBE\x88\xE5\xA5\xBD" },
    { "  two\nlines\r\n\tand\xE2\x80\xA8more  ", -1, 0, "two lines and more" },
    { "Ani\x1B]0;pwned\x07", -1, 0, "Ani\xEF\xBF\xBD]0;pwned\xEF\xBF\xBD" },
    { "\xC2\x9B" "2J", -1, 0, "\xEF\xBF\xBD" "2J" },
    { "right\xE2\x80\xAEtxt.exe", -1, 0, "righttxt.exe" },
    { "\xE2\x81\xA7isolated\xE2\x81\xA9 \xEF\xBB\xBF" "bom", -1, 0, "isolated bom" },
    { "bad\xFF\xFE", -1, 0, "bad\xEF\xBF\xBD\xEF\xBF\xBD" },
    { "nul\0here", 8, 0, "nul\xEF\xBF\xBDhere" },
    { "abcdefgh", -1, 5, "abcde…" },
    { "abc  defgh", -1, 4, "abc…" },
    { "abcde", -1, 5, "abcde" },
    { NULL, -1, 0, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *title = congkak_escape_for_title (cases[i].text, cases[i].length, cases[i].max_chars);

      g_test_message ("title case %u", i);
      g_assert_cmpstr (title, ==, cases[i].title);
    }
}

/* Names and values from a file reach messages cut and escaped: a key of a
 * megabyte full of terminal escapes, a move of 100,000 of them. */
static void
test_untrusted_in_messages (void)
{
  g_autofree char *base = read_data_file ("good", "kalah-variations.congkak", NULL);
  g_autoptr (GString) key_file = g_string_new (base);
  g_autoptr (GString) move_file = g_string_new (base);
  g_autoptr (GString) key = g_string_new ("\"");
  g_autoptr (GString) move = g_string_new ("\"move\" : \"C");
  g_autoptr (GPtrArray) warnings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append (key, "k\\u001b]0;evil\\u0007");
  g_string_append (key, "\" : 1,\n\"format\"");
  g_string_replace (key_file, "\"format\"", key->str, 1);
  match = congkak_match_load_from_data (key_file->str, key_file->len, &warnings, &error);
  g_assert_no_error (error);
  g_assert_nonnull (match);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_test_message ("%s", (char *) g_ptr_array_index (warnings, 0));
  assert_safe_message (g_ptr_array_index (warnings, 0));

  for (guint i = 0; i < 100000; i++)
    g_string_append (move, "\\u001b[2J");
  g_string_append (move, "\"");
  g_string_replace (move_file, "\"move\" : \"f\"", move->str, 1);
  g_clear_object (&match);
  match = congkak_match_load_from_data (move_file->str, move_file->len, NULL, &error);
  g_assert_null (match);
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "moves[1].move: "));
  g_test_message ("%s", error->message);
  assert_safe_message (error->message);
  g_clear_error (&error);

  /* Short enough for the engine's own message, which quotes it whole */
  g_string_assign (move_file, base);
  g_string_replace (move_file, "\"move\" : \"f\"", "\"move\" : \"\\u001b[2J\"", 1);
  match = congkak_match_load_from_data (move_file->str, move_file->len, NULL, &error);
  g_assert_null (match);
  g_test_message ("%s", error->message);
  assert_safe_message (error->message);
}

static void
test_number_too_large (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = load_data_file ("bad", "number-too-large.congkak", NULL, &error);

  g_assert_null (match);
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE);
  g_assert_null (strstr (error->message, "9223372036854775807"));
  g_assert_nonnull (strstr (error->message, "too large"));
}

/* A file of 100,000 unknown fields gives ten warnings and a count of the
 * others, not 100,000. */
static void
test_many_warnings (void)
{
  g_autofree char *base = read_data_file ("good", "kalah-variations.congkak", NULL);
  g_autoptr (GString) text = g_string_new (base);
  g_autoptr (GPtrArray) warnings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  const char *last;

  g_strchomp (text->str);
  text->len = strlen (text->str);
  g_string_truncate (text, text->len - 1);
  for (guint i = 0; i < 100000; i++)
    g_string_append_printf (text, ",\"unknown%u\":%u", i, i);
  g_string_append (text, "}");

  match = congkak_match_load_from_data (text->str, text->len, &warnings, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, CONGKAK_MATCH_FILE_MAX_WARNINGS + 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "unknown field, ignored"));
  last = g_ptr_array_index (warnings, warnings->len - 1);
  g_test_message ("%s", last);
  g_assert_true (g_str_has_prefix (last, "… and "));
  g_assert_nonnull (strstr (last, "990 more unknown fields, ignored"));
}

/* A valid file of the largest size with millions of empty objects in an
 * unknown field: refused before the parser builds them (it took 1.8 GB). */
static void
test_memory_bounded (void)
{
  g_autofree char *base = read_data_file ("good", "kalah-variations.congkak", NULL);
  g_autoptr (GString) text = g_string_new (base);
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  gsize end;

  g_strchomp (text->str);
  text->len = strlen (text->str);
  g_assert_true (text->str[text->len - 1] == '}');
  g_string_truncate (text, text->len - 1);
  g_string_append (text, ",\"x\":[{}");
  end = CONGKAK_MATCH_FILE_MAX_BYTES - 3;
  while (text->len < end)
    g_string_append (text, ",{}");
  g_string_append (text, "]}");
  g_assert_cmpuint (text->len, <=, CONGKAK_MATCH_FILE_MAX_BYTES);

  match = congkak_match_load_from_data (text->str, text->len, NULL, &error);
  g_assert_null (match);
  g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, "line "));
  g_test_message ("%s", error->message);
}

/* Memory in proportion to what is held at once.  The moves are read one
 * at a time, so a match of 200,000 plain moves needs no tree of them all;
 * what is held whole, the top object without its moves, and each move,
 * has a budget of its own in proportion to its size: 100,000 unknown
 * fields of the players (1.2 MB, a tree of some 25 times that) and a move
 * with a list of 500,000 numbers (45 times) are refused, where a floor
 * of 144 MiB for the whole file let both through. */
static void
test_budget_outside_moves (void)
{
  g_autofree char *base = read_data_file ("good", "kalah-variations.congkak", NULL);
  const char *players = strstr (base, "\"players\" : {");
  const char *first_move = strstr (base, "\"moves\" : [");

  g_assert_nonnull (players);
  g_assert_nonnull (first_move);
  for (guint part = 0; part < 2; part++)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakMatch) match = NULL;
      const char *at = part == 0 ? players + strlen ("\"players\" : {") : first_move + strlen ("\"moves\" : [");

      g_string_append_len (text, base, at - base);
      if (part == 0)
        for (guint i = 0; i < 100000; i++)
          g_string_append_printf (text, "\"x%u\":0,", i);
      else
        {
          g_string_append (text, "{\"move\":\"C\",\"x\":[0");
          for (guint i = 0; i < 500000; i++)
            g_string_append (text, ",0");
          g_string_append (text, "]},");
        }
      g_string_append (text, at);

      match = congkak_match_load_from_data (text->str, text->len, NULL, &error);
      g_test_message ("%s: %s", part == 0 ? "players" : "move", error ? error->message : "loaded");
      g_assert_null (match);
      g_assert_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE);
      g_assert_true (g_str_has_prefix (error->message, "line "));
    }

  /* The same file without them loads. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (CongkakMatch) match = congkak_match_load_from_data (base, -1, NULL, &error);

    g_assert_no_error (error);
    g_assert_nonnull (match);
  }
}

/* A named pipe, a device or a folder given as a match file is refused at
 * once (a pipe blocked for ever; /dev/zero was "0 bytes long"). */
static void
test_special_files (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *pipe_path = g_build_filename (dir, "pipe.congkak", NULL);
  static const struct
  {
    const char *name;
    int         code;
  } cases[] = {
    { "pipe.congkak", G_IO_ERROR_NOT_REGULAR_FILE },
    { "/dev/zero", G_IO_ERROR_NOT_REGULAR_FILE },
    { ".", G_IO_ERROR_IS_DIRECTORY },
  };

  g_assert_cmpint (mkfifo (pipe_path, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_path_is_absolute (cases[i].name) ? g_strdup (cases[i].name)
                                                                : g_build_filename (dir, cases[i].name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      g_autoptr (CongkakMatch) match = congkak_match_load_any_from_file (file, NULL, NULL, &error);

      g_assert_null (match);
      g_assert_error (error, G_IO_ERROR, cases[i].code);
      g_test_message ("%s: %s", cases[i].name, error->message);
    }
  test_remove_tree (dir);
}

/* ------------------------------------------------------------------ */
/* Saving                                                             */
/* ------------------------------------------------------------------ */

static void
test_save_backup (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.congkak", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) old_match = small_match ("Old");
  g_autoptr (CongkakMatch) new_match = small_match ("New");
  g_autoptr (CongkakMatch) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *old_text = congkak_match_save_to_data (old_match, NULL);
  g_autofree char *new_text = congkak_match_save_to_data (new_match, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *backup_contents = NULL;

  /* A new file: no backup. */
  g_assert_true (congkak_match_save_to_file (old_match, file, NULL, &error));
  g_assert_no_error (error);
  contents = read_whole_file (path);
  g_assert_cmpstr (contents, ==, old_text);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  /* Over an existing file: the old text is kept as NAME~. */
  g_assert_true (congkak_match_save_to_file (new_match, file, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  contents = read_whole_file (path);
  backup_contents = read_whole_file (backup);
  g_assert_cmpstr (contents, ==, new_text);
  g_assert_cmpstr (backup_contents, ==, old_text);

  loaded = congkak_match_load_from_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (congkak_match_equal (loaded, new_match));

  /* No temporary files are left behind. */
  {
    g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (listing)) != NULL)
      g_ptr_array_add (names, g_strdup (name));
  }
  g_assert_cmpuint (names->len, ==, 2);

  test_remove_tree (dir);
}

static void
assert_unchanged (const char *path,
                  const char *expected)
{
  g_autofree char *contents = read_whole_file (path);

  g_assert_cmpstr (contents, ==, expected);
}

static void
test_save_read_only_dir (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) old_match = small_match ("Old");
  g_autoptr (CongkakMatch) new_match = small_match ("New");
  g_autoptr (GError) error = NULL;
  g_autofree char *old_text = congkak_match_save_to_data (old_match, NULL);
  g_autofree char *probe = g_build_filename (dir, "probe", NULL);
  gboolean writable;

  g_assert_true (congkak_match_save_to_file (old_match, file, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpint (g_chmod (dir, 0500), ==, 0);
  /* Root, or a file system without permissions, writes anyway. */
  writable = g_file_set_contents (probe, "x", 1, NULL);
  if (writable)
    {
      g_unlink (probe);
      g_chmod (dir, 0700);
      test_remove_tree (dir);
      g_test_skip ("A read-only directory is still writable here (running as root?)");
      return;
    }

  g_assert_false (congkak_match_save_to_file (new_match, file, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_chmod (dir, 0700);
  assert_unchanged (path, old_text);

  test_remove_tree (dir);
}

/* A match whose file is some hundred kilobytes: long comments. */
static CongkakMatch *
big_match (const char *south)
{
  CongkakMatch *match = small_match (south);
  g_autofree char *comment = g_strnfill (60000, 'c');
  CongkakNode *node = congkak_match_get_root (match);

  for (guint i = 0; i < 3 && node != NULL; i++)
    {
      congkak_match_set_comment (match, node, comment);
      node = congkak_node_get_main_child (node);
    }
  return match;
}

/* The saver's temporary files left in @dir. */
static guint
count_temporaries (const char *dir)
{
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (strstr (name, CONGKAK_SAVE_TEMP_INFIX) != NULL || g_str_has_prefix (name, ".goutputstream"))
      n++;
  return n;
}

typedef gboolean (*SaveFunc) (CongkakMatch *, GFile *, GCancellable *, GError **);

static const struct
{
  const char *name;
  SaveFunc    save;
} savers[] = {
  { "match.congkak", congkak_match_save_to_file },
  { "match.txt", congkak_match_save_text_to_file },
};

/* A file bigger than the process may write fails as on a full disk
 * (EFBIG instead of ENOSPC): the old file stays as it was. */
static void
test_save_disk_full (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *dir = test_make_temp_dir ();
      g_autoptr (CongkakMatch) old_match = small_match ("Old");
      g_autoptr (CongkakMatch) new_match = big_match ("New");
      struct rlimit limit, unlimited;

      g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &unlimited), ==, 0);
      limit = unlimited;
      limit.rlim_cur = 64 * 1024;
      signal (SIGXFSZ, SIG_IGN);
      for (guint i = 0; i < G_N_ELEMENTS (savers); i++)
        {
          g_autofree char *path = g_build_filename (dir, savers[i].name, NULL);
          g_autoptr (GFile) file = g_file_new_for_path (path);
          g_autoptr (GError) error = NULL;
          g_autofree char *old_text = NULL;

          g_assert_true (savers[i].save (old_match, file, NULL, &error));
          g_assert_no_error (error);
          old_text = read_whole_file (path);

          g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
          g_assert_false (savers[i].save (new_match, file, NULL, &error));
          g_assert_nonnull (error);
          g_test_message ("%s: %s", savers[i].name, error->message);
          assert_unchanged (path, old_text);
          g_assert_cmpuint (count_temporaries (dir), ==, 0);
          g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &unlimited), ==, 0);
        }
      test_remove_tree (dir);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* A real small file system: full, then read-only.  Needs the right to
 * mount (the tests run as root in the build root); skipped without it. */
static void
test_save_small_file_system (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr (CongkakMatch) old_match = small_match ("Old");
  g_autoptr (CongkakMatch) new_match = big_match ("New");
  g_autoptr (CongkakMatch) newer_match = small_match ("Newer");

  if (mount ("tmpfs", dir, "tmpfs", 0, "size=64k") != 0)
    {
      g_test_skip_printf ("Cannot mount a small file system here: %s", g_strerror (errno));
      test_remove_tree (dir);
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (savers); i++)
    {
      g_autofree char *path = g_build_filename (dir, savers[i].name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;
      g_autofree char *old_text = NULL;

      g_assert_true (savers[i].save (old_match, file, NULL, &error));
      g_assert_no_error (error);
      old_text = read_whole_file (path);

      /* Full */
      g_assert_false (savers[i].save (new_match, file, NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_test_message ("%s: %s", savers[i].name, error->message);
      g_clear_error (&error);
      assert_unchanged (path, old_text);
      g_assert_cmpuint (count_temporaries (dir), ==, 0);

      /* Read-only: not written in place either. */
      g_assert_cmpint (mount ("tmpfs", dir, "tmpfs", MS_REMOUNT | MS_RDONLY, "size=64k"), ==, 0);
      g_assert_false (savers[i].save (newer_match, file, NULL, &error));
      g_assert_nonnull (error);
      g_test_message ("%s: %s", savers[i].name, error->message);
      assert_unchanged (path, old_text);
      g_assert_cmpint (mount ("tmpfs", dir, "tmpfs", MS_REMOUNT, "size=64k"), ==, 0);
    }

  g_assert_cmpint (umount (dir), ==, 0);
  test_remove_tree (dir);
}

/* Through a symbolic link: the file it names gets the new text, and the
 * link stays a link.  A hard link is broken: the other name keeps the old
 * text, whole. */
static void
test_save_links (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *real_dir = g_build_filename (dir, "real", NULL);
  g_autofree char *real = g_build_filename (real_dir, "match.congkak", NULL);
  g_autofree char *link_path = g_build_filename (dir, "link.congkak", NULL);
  g_autofree char *hard = g_build_filename (dir, "hard.congkak", NULL);
  g_autofree char *other = g_build_filename (dir, "other.congkak", NULL);
  g_autoptr (CongkakMatch) old_match = small_match ("Old");
  g_autoptr (CongkakMatch) new_match = small_match ("New");
  g_autofree char *old_text = congkak_match_save_to_data (old_match, NULL);
  g_autofree char *new_text = congkak_match_save_to_data (new_match, NULL);
  g_autoptr (GError) error = NULL;
  GStatBuf buf;

  g_assert_cmpint (g_mkdir (real_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (real, old_text, -1, NULL));
  g_assert_cmpint (symlink ("real/match.congkak", link_path), ==, 0);
  {
    g_autoptr (GFile) file = g_file_new_for_path (link_path);

    g_assert_true (congkak_match_save_to_file (new_match, file, NULL, &error));
    g_assert_no_error (error);
  }
  g_assert_true (g_file_test (link_path, G_FILE_TEST_IS_SYMLINK));
  assert_unchanged (real, new_text);
  assert_unchanged (link_path, new_text);
  g_assert_cmpuint (count_temporaries (dir), ==, 0);
  g_assert_cmpuint (count_temporaries (real_dir), ==, 0);

  g_assert_true (g_file_set_contents (hard, old_text, -1, NULL));
  g_assert_cmpint (link (hard, other), ==, 0);
  {
    g_autoptr (GFile) file = g_file_new_for_path (hard);

    g_assert_true (congkak_match_save_to_file (new_match, file, NULL, &error));
    g_assert_no_error (error);
  }
  assert_unchanged (hard, new_text);
  assert_unchanged (other, old_text);
  g_assert_cmpint (g_stat (other, &buf), ==, 0);

  /* A loop of links is an error, and creates nothing. */
  {
    g_autofree char *loop = g_build_filename (dir, "loop.congkak", NULL);
    g_autoptr (GFile) file = g_file_new_for_path (loop);

    g_assert_cmpint (symlink ("loop.congkak", loop), ==, 0);
    g_assert_false (congkak_match_save_to_file (new_match, file, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS);
    g_clear_error (&error);
    g_assert_true (g_file_test (loop, G_FILE_TEST_IS_SYMLINK));
  }

  test_remove_tree (dir);
}

static void
test_save_keeps_permissions (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.txt", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) match = small_match ("New");
  g_autoptr (GError) error = NULL;
  GStatBuf buf;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (congkak_match_save_text_to_file (match, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 07777, ==, 0640);
  test_remove_tree (dir);
}

/* What a killed save left is removed by the next save in that folder, at
 * once; a temporary that a save still writes (it holds a lock on it) and
 * other hidden files stay. */
static void
test_save_cleans_temporaries (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.congkak", NULL);
  g_autofree char *stale = g_build_filename (dir, ".other.congkak" CONGKAK_SAVE_TEMP_INFIX "Ab12Cd", NULL);
  g_autofree char *busy = g_build_filename (dir, ".third.congkak" CONGKAK_SAVE_TEMP_INFIX "Xy34Zw", NULL);
  g_autofree char *foreign = g_build_filename (dir, ".hidden-notes", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) match = small_match ("New");
  g_autoptr (GError) error = NULL;
  int busy_fd;

  g_assert_true (g_file_set_contents (stale, "partial", -1, NULL));
  g_assert_true (g_file_set_contents (busy, "partial", -1, NULL));
  g_assert_true (g_file_set_contents (foreign, "mine", -1, NULL));
  busy_fd = g_open (busy, O_RDWR, 0);
  g_assert_cmpint (busy_fd, >=, 0);
  g_assert_cmpint (flock (busy_fd, LOCK_EX), ==, 0);

  g_assert_true (congkak_match_save_to_file (match, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (busy, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (foreign, G_FILE_TEST_EXISTS));

  /* Once that save is over (or killed), the next one removes it. */
  close (busy_fd);
  congkak_file_clean_stale_temporaries (dir);
  g_assert_false (g_file_test (busy, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (foreign, G_FILE_TEST_EXISTS));
  test_remove_tree (dir);
}

/* A process killed while saving again and again leaves the old or the new
 * file, whole, and at most the temporary it was writing when killed. */
static void
test_save_killed (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "match.congkak", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (CongkakMatch) first = small_match ("First");
  g_autoptr (CongkakMatch) second = big_match ("Second");
  g_autofree char *first_text = congkak_match_save_to_data (first, NULL);
  g_autofree char *second_text = congkak_match_save_to_data (second, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (congkak_match_save_to_file (first, file, NULL, &error));
  g_assert_no_error (error);

  for (guint round = 0; round < 8; round++)
    {
      g_autofree char *contents = NULL;
      int status;
      pid_t child = fork ();

      g_assert_cmpint (child, >=, 0);
      if (child == 0)
        {
          for (guint i = 0;; i++)
            if (!congkak_match_save_to_file (i % 2 ? first : second, file, NULL, NULL))
              _exit (1);
        }
      g_usleep (20000 + round * 7000);
      g_assert_cmpint (kill (child, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (child, &status, 0), ==, child);
      g_assert_true (WIFSIGNALED (status));

      contents = read_whole_file (path);
      g_assert_true (g_str_equal (contents, first_text) || g_str_equal (contents, second_text));
      /* Each round's first save removed what the last kill left. */
      g_assert_cmpuint (count_temporaries (dir), <=, 1);
    }

  /* The next save cleans up what the last kill left, at once. */
  g_assert_true (congkak_match_save_to_file (first, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_temporaries (dir), ==, 0);
  test_remove_tree (dir);
}

/* Failures that even root meets: the parent is a regular file; the target
 * is a directory. */
static void
test_save_impossible (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *plain = g_build_filename (dir, "plain.congkak", NULL);
  g_autofree char *inside = g_build_filename (plain, "match.congkak", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.congkak", NULL);
  g_autofree char *in_folder = g_build_filename (folder, "keep", NULL);
  g_autoptr (CongkakMatch) match = small_match ("New");
  g_autoptr (CongkakMatch) old_match = small_match ("Old");
  g_autofree char *old_text = congkak_match_save_to_data (old_match, NULL);

  g_assert_true (g_file_set_contents (plain, old_text, -1, NULL));
  {
    g_autoptr (GFile) file = g_file_new_for_path (inside);
    g_autoptr (GError) error = NULL;

    g_assert_false (congkak_match_save_to_file (match, file, NULL, &error));
    g_assert_nonnull (error);
    g_test_message ("%s", error->message);
    assert_unchanged (plain, old_text);
  }

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (in_folder, "keep", -1, NULL));
  {
    g_autoptr (GFile) file = g_file_new_for_path (folder);
    g_autoptr (GError) error = NULL;

    g_assert_false (congkak_match_save_to_file (match, file, NULL, &error));
    g_assert_nonnull (error);
    g_test_message ("%s", error->message);
    g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
    assert_unchanged (in_folder, "keep");
  }

  test_remove_tree (dir);
}

/* ------------------------------------------------------------------ */
/* Fuzz regressions                                                   */
/* ------------------------------------------------------------------ */

/* Inputs the fuzzer once crashed on: each loads or fails, and what loads
 * saves and loads back equal.  In a child process, as the bad files. */
static void
check_fuzz_regression (const char *name)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  gsize length;

  contents = read_data_file ("fuzz-regressions", name, &length);
  match = congkak_match_load_from_data (contents, length, NULL, &error);
  if (match != NULL)
    assert_round_trip (match);
  else
    g_assert_true (error->domain == CONGKAK_MATCH_FILE_ERROR);
  g_test_message ("%s: %s", name, match ? "loads" : error->message);
}

static void
test_fuzz_regression (gconstpointer data)
{
  if (g_test_subprocess ())
    {
      check_fuzz_regression (data);
      return;
    }
  g_test_set_nonfatal_assertions ();
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GPtrArray) good = NULL;
  g_autoptr (GPtrArray) bad = NULL;
  g_autoptr (GPtrArray) regressions = NULL;

  g_test_init (&argc, &argv, NULL);

  good = list_data_folder ("good");
  for (guint i = 0; i < good->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/file/good/%s", (char *) g_ptr_array_index (good, i));

      g_test_add_data_func (path, g_ptr_array_index (good, i), test_good_file);
    }
  g_test_add_func ("/model/file/good-facts/multi-round", test_good_multi_round);
  g_test_add_func ("/model/file/good-facts/others", test_good_others);
  g_test_add_func ("/model/file/warnings", test_warnings);

  bad = read_expected ();
  for (guint i = 0; i < bad->len; i++)
    {
      BadCase *bad_case = g_ptr_array_index (bad, i);
      g_autofree char *path = g_strdup_printf ("/model/file/bad/%s", bad_case->name);

      g_test_add_data_func (path, bad_case, test_bad_file);
    }
  g_test_add_data_func ("/model/file/bad-listed", bad, test_bad_listed);

  g_test_add_func ("/model/file/limits/too-large-data", test_too_large_data);
  g_test_add_func ("/model/file/limits/too-large-file", test_too_large_file);
  g_test_add_func ("/model/file/limits/many-moves-tree", test_many_moves_tree);
  g_test_add_func ("/model/file/limits/many-moves-at-limit", test_many_moves_at_limit);
  g_test_add_func ("/model/file/limits/many-moves-list", test_many_moves_list);
  g_test_add_func ("/model/file/limits/memory-bounded", test_memory_bounded);
  g_test_add_func ("/model/file/limits/budget-outside-moves", test_budget_outside_moves);
  g_test_add_func ("/model/file/limits/number-too-large", test_number_too_large);
  g_test_add_func ("/model/file/untrusted/quote", test_quote_untrusted);
  g_test_add_func ("/model/file/untrusted/title", test_escape_for_title);
  g_test_add_func ("/model/file/many-warnings", test_many_warnings);
  g_test_add_func ("/model/file/special-files", test_special_files);
  g_test_add_func ("/model/file/untrusted/in-messages", test_untrusted_in_messages);

  g_test_add_func ("/model/file/save/backup", test_save_backup);
  g_test_add_func ("/model/file/save/read-only-dir", test_save_read_only_dir);
  g_test_add_func ("/model/file/save/impossible", test_save_impossible);
  g_test_add_func ("/model/file/save/disk-full", test_save_disk_full);
  g_test_add_func ("/model/file/save/small-file-system", test_save_small_file_system);
  g_test_add_func ("/model/file/save/links", test_save_links);
  g_test_add_func ("/model/file/save/keeps-permissions", test_save_keeps_permissions);
  g_test_add_func ("/model/file/save/cleans-temporaries", test_save_cleans_temporaries);
  g_test_add_func ("/model/file/save/killed", test_save_killed);

  regressions = list_data_folder ("fuzz-regressions");
  for (guint i = 0; i < regressions->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/file/fuzz-regressions/%s",
                                               (char *) g_ptr_array_index (regressions, i));

      g_test_add_data_func (path, g_ptr_array_index (regressions, i), test_fuzz_regression);
    }

  return g_test_run ();
}
