/* congkak-test-util.c — positions from text and events as text, for tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A layout reads "S: 1 0 x 7 7 7 7 | 3 / N: 7 7 7 7 7 7 7 | 0 / south":
 * each side's holes in index order (A or a first), `x` for a burnt hole,
 * the store after the bar, then who moves ("south", "north", or "none"
 * when nobody does: the opening, or a finished round).
 */

/* unshare() */
#define _GNU_SOURCE

#include "config.h"

#include <glib/gstdio.h>

#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include "congkak-test-util.h"

void
test_rules (CongkakRules *rules,
            const char   *profile,
            ...)
{
  g_autoptr (GError) error = NULL;
  const char *option;
  va_list args;

  congkak_rules_init_profile (rules, profile, &error);
  g_assert_no_error (error);

  va_start (args, profile);
  while ((option = va_arg (args, const char *)) != NULL)
    {
      g_auto (GStrv) pair = g_strsplit (option, "=", 2);

      g_assert_cmpuint (g_strv_length (pair), ==, 2);
      congkak_rules_set_option (rules, pair[0], pair[1], &error);
      g_assert_no_error (error);
    }
  va_end (args);

  congkak_rules_validate (rules, &error);
  g_assert_no_error (error);
}

static void
parse_side (CongkakPosition *position,
            CongkakSide      side,
            const char      *text,
            guint            n_holes)
{
  g_auto (GStrv) parts = g_strsplit (text, "|", 2);
  g_auto (GStrv) holes = NULL;
  const char *prefix = side == CONGKAK_SOUTH ? "S:" : "N:";
  char *start;
  guint n = 0;

  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  start = g_strstrip (parts[0]);
  g_assert_true (g_str_has_prefix (start, prefix));
  holes = g_strsplit_set (start + 2, " ", -1);

  for (guint i = 0; holes[i] != NULL; i++)
    {
      if (holes[i][0] == '\0')
        continue;
      g_assert_cmpuint (n, <, n_holes);
      if (strcmp (holes[i], "x") == 0)
        position->burnt[side] |= 1u << n;
      else
        position->holes[side][n] = (guint16) g_ascii_strtoull (holes[i], NULL, 10);
      n++;
    }
  g_assert_cmpuint (n, ==, n_holes);
  position->store[side] = (guint16) g_ascii_strtoull (g_strstrip (parts[1]), NULL, 10);
}

void
test_position (CongkakPosition    *position,
               const CongkakRules *rules,
               const char         *layout)
{
  g_auto (GStrv) parts = g_strsplit (layout, "/", 3);
  const char *to_move;

  g_assert_cmpuint (g_strv_length (parts), ==, 3);
  memset (position, 0, sizeof *position);
  position->n_holes = rules->holes;
  parse_side (position, CONGKAK_SOUTH, parts[0], rules->holes);
  parse_side (position, CONGKAK_NORTH, parts[1], rules->holes);

  to_move = g_strstrip (parts[2]);
  if (strcmp (to_move, "south") == 0)
    position->to_move = CONGKAK_SOUTH;
  else if (strcmp (to_move, "north") == 0)
    position->to_move = CONGKAK_NORTH;
  else
    {
      g_assert_cmpstr (to_move, ==, "none");
      position->to_move = CONGKAK_NOBODY;
    }
}

CongkakGame *
test_game_from_layout (const CongkakRules *rules,
                       const char         *layout)
{
  g_autoptr (GError) error = NULL;
  CongkakPosition position;
  CongkakGame *game;

  test_position (&position, rules, layout);
  game = congkak_game_new_from_position (rules, &position, &error);
  g_assert_no_error (error);
  return game;
}

char *
test_position_to_string (const CongkakPosition *position)
{
  GString *text = g_string_new (NULL);

  for (guint side = 0; side < 2; side++)
    {
      if (side == CONGKAK_NORTH)
        g_string_append (text, " / ");
      g_string_append (text, side == CONGKAK_SOUTH ? "S:" : "N:");
      for (guint i = 0; i < position->n_holes; i++)
        {
          if (position->burnt[side] & (1u << i))
            g_string_append (text, " x");
          else
            g_string_append_printf (text, " %u", position->holes[side][i]);
        }
      g_string_append_printf (text, " | %u", position->store[side]);
    }
  g_string_append_printf (text, " / %s",
                          position->to_move == CONGKAK_NOBODY ? "none"
                          : congkak_side_to_string (position->to_move));
  return g_string_free (text, FALSE);
}

static void
append_place (GString      *text,
              CongkakPlace  place)
{
  if (place.index == CONGKAK_STORE)
    g_string_append (text, place.side == CONGKAK_SOUTH ? "S*" : "N*");
  else
    g_string_append_c (text, congkak_hole_letter (place.side, place.index));
}

static void
append_mask (GString       *text,
             const guint16  mask[2])
{
  gboolean first = TRUE;

  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < CONGKAK_MAX_HOLES; i++)
      if (mask[side] & (1u << i))
        {
          if (!first)
            g_string_append_c (text, ',');
          g_string_append_c (text, congkak_hole_letter (side, i));
          first = FALSE;
        }
  if (first)
    g_string_append_c (text, '-');
}

static const char *
side_or_none (gint8 side)
{
  return side == CONGKAK_NOBODY ? "none" : congkak_side_to_string (side);
}

/* One event a clause: "pick-up B 7", "drop S*", "relay a 8",
 * "capture B,f 9", "turn-end B capture", … with "@tick" in the opening. */
char *
test_events_to_string (GArray *events)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);
      const char *reason = congkak_event_reason_to_string (event);

      if (i > 0)
        g_string_append (text, "; ");
      g_string_append (text, congkak_event_type_to_string (event->type));

      switch (event->type)
        {
        case CONGKAK_EVENT_PICK_UP:
        case CONGKAK_EVENT_RELAY:
          g_string_append_c (text, ' ');
          append_place (text, event->place);
          g_string_append_printf (text, " %u", event->count);
          break;
        case CONGKAK_EVENT_DROP:
        case CONGKAK_EVENT_FORFEIT:
          g_string_append_c (text, ' ');
          append_place (text, event->place);
          break;
        case CONGKAK_EVENT_SKIP:
        case CONGKAK_EVENT_TURN_END:
          g_string_append_c (text, ' ');
          append_place (text, event->place);
          g_string_append_printf (text, " %s", reason);
          break;
        case CONGKAK_EVENT_CAPTURE:
        case CONGKAK_EVENT_GRAND_SLAM:
          g_string_append_c (text, ' ');
          append_mask (text, event->mask);
          g_string_append_printf (text, " %u", event->count);
          break;
        case CONGKAK_EVENT_EXTRA_TURN:
          break;
        case CONGKAK_EVENT_FEEDING_FORCED:
        case CONGKAK_EVENT_PASS:
        case CONGKAK_EVENT_OPENING_FINISHED:
          g_string_append_printf (text, " %s", side_or_none (event->player));
          break;
        case CONGKAK_EVENT_ROUND_END:
          g_string_append_printf (text, " winner=%s collected=%u/%u %s", side_or_none (event->player),
                                  event->amount[0], event->amount[1], reason);
          break;
        case CONGKAK_EVENT_REFILL:
          g_string_append_printf (text, " filled=%u/%u burnt=", event->amount[0], event->amount[1]);
          append_mask (text, event->mask);
          break;
        case CONGKAK_EVENT_ROUND_START:
          g_string_append_printf (text, " %u %s", event->count, side_or_none (event->player));
          break;
        case CONGKAK_EVENT_MATCH_END:
          g_string_append_printf (text, " winner=%s score=%u/%u %s", side_or_none (event->player),
                                  event->amount[0], event->amount[1], reason);
          break;
        default:
          g_assert_not_reached ();
        }

      if (event->tick > 0)
        g_string_append_printf (text, " @%u", event->tick);
    }
  return g_string_free (text, FALSE);
}

void
test_assert_move (CongkakGame *game,
                  const char  *move,
                  const char  *expected_events)
{
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  congkak_game_play_text (game, move, events, &error);
  g_assert_no_error (error);
  text = test_events_to_string (events);
  g_assert_cmpstr (text, ==, expected_events);
}

void
test_assert_position (CongkakGame *game,
                      const char  *expected)
{
  g_autofree char *text = test_position_to_string (&congkak_game_get_state (game)->position);

  g_assert_cmpstr (text, ==, expected);
}

/* Whether this is a CI run (CI set, as .ci/run does), where every test
 * must run: what is missing fails instead of skipping. */
static gboolean
in_ci (void)
{
  const char *ci = g_getenv ("CI");

  return ci != NULL && *ci != '\0' && !g_str_equal (ci, "0") && !g_str_equal (ci, "false") && !g_str_equal (ci, "no");
}

/* Whether @program is installed.  When it is not, the test case is skipped
 * with a message that names @packages, or fails in CI, where every test
 * must run. */
gboolean
test_have_program (const char *program,
                   const char *packages)
{
  g_autofree char *path = g_find_program_in_path (program);

  if (path != NULL)
    return TRUE;
  if (in_ci ())
    g_error ("%s is missing (%s): CI runs every test, so it must be installed", program, packages);
  g_test_skip_printf ("%s is missing (%s)", program, packages);
  return FALSE;
}

/* Why this process cannot mount file systems; NULL when it can. */
static char *mount_problem;

/**
 * test_isolate_mounts:
 *
 * Gives the test program a mount namespace of its own, so that the small
 * and read-only file systems its tests mount go with it, even when it
 * crashes.  Call it first in main(), while the program has one thread:
 * a namespace is a thread's.  The tests run as root in the build root,
 * where this works; test_can_mount() says why not elsewhere.
 */
void
test_isolate_mounts (void)
{
  g_autofree char *probe = NULL;

  if (unshare (CLONE_NEWNS) != 0)
    {
      mount_problem = g_strdup_printf ("a mount namespace of its own cannot be made (unshare: %s); "
                                       "run the tests as root, as build-aux/run-tests does", g_strerror (errno));
      return;
    }
  /* Nothing mounted here reaches the namespace we came from.  A root that
   * is not a mount point (the build root) refuses, and has nothing shared. */
  mount ("none", "/", "none", MS_REC | MS_PRIVATE, NULL);

  probe = test_make_temp_dir ();
  if (mount ("tmpfs", probe, "tmpfs", 0, "size=16k") != 0)
    mount_problem = g_strdup_printf ("a small file system cannot be mounted (mount: %s)", g_strerror (errno));
  else
    umount (probe);
  test_remove_tree (probe);
}

/**
 * test_can_mount:
 *
 * Returns: whether the test may mount file systems; if not, the test case
 *   is skipped with the reason, or fails in CI.
 */
gboolean
test_can_mount (void)
{
  if (mount_problem == NULL)
    return TRUE;
  if (in_ci ())
    g_error ("%s: CI runs every test, so it must be possible", mount_problem);
  g_test_skip_printf ("%s", mount_problem);
  return FALSE;
}

/* A file system of @size bytes on @folder, empty. */
void
test_mount_small (const char *folder,
                  gsize       size)
{
  g_autofree char *options = g_strdup_printf ("size=%" G_GSIZE_FORMAT, size);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  if (mount ("tmpfs", folder, "tmpfs", 0, options) != 0)
    g_error ("Cannot mount a small file system on %s: %s", folder, g_strerror (errno));
}

/* @folder as it is, but read-only: bound onto itself, then remounted.
 * The kernel ignores the source and type of a bind and a remount; they are
 * named anyway because valgrind reports a NULL one as an unaddressable read. */
void
test_mount_read_only (const char *folder)
{
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  if (mount (folder, folder, "none", MS_BIND, NULL) != 0
      || mount ("none", folder, "none", MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) != 0)
    g_error ("Cannot make %s read-only: %s", folder, g_strerror (errno));
}

void
test_unmount (const char *folder)
{
  if (umount (folder) != 0)
    g_error ("Cannot unmount %s: %s", folder, g_strerror (errno));
}

/* Fills the file system of @folder up to its last byte with @name. */
void
test_fill_up (const char *folder,
              const char *name)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  char block[512] = { 0 };
  FILE *file = fopen (path, "w");

  g_assert_nonnull (file);
  setvbuf (file, NULL, _IONBF, 0);
  while (fwrite (block, 1, sizeof block, file) == sizeof block)
    ;
  while (fwrite (block, 1, 1, file) == 1)
    ;
  fclose (file);
}

/* Runs the main loop @times times, 10 ms apart. */
void
test_iterate (guint times)
{
  for (guint i = 0; i < times; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
}

/* Runs the main loop until @condition holds, 10 ms apart, for at most
 * @max_iterations rounds.  Returns whether it held. */
gboolean
test_wait_until (TestCondition condition,
                 gpointer      data,
                 guint         max_iterations)
{
  for (guint i = 0; i < max_iterations; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (condition (data))
        return TRUE;
      g_usleep (10000);
    }
  return condition (data);
}

/* A new empty folder in the temporary folder; test_remove_tree() it. */
char *
test_make_temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("congkak-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Removes @path and everything in it, read-only folders too, without
 * following links. */
void
test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_chmod (path, 0700);
      dir = g_dir_open (path, 0, NULL);
      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          test_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}
