/* congkak-test-util.h — positions from text and events as text, for tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-engine.h"

G_BEGIN_DECLS

void         test_rules                 (CongkakRules       *rules,
                                         const char         *profile,
                                         ...) G_GNUC_NULL_TERMINATED;
void         test_position              (CongkakPosition    *position,
                                         const CongkakRules *rules,
                                         const char         *layout);
CongkakGame *test_game_from_layout      (const CongkakRules *rules,
                                         const char         *layout);
char        *test_events_to_string      (GArray             *events);
char        *test_position_to_string    (const CongkakPosition *position);
void         test_assert_position       (CongkakGame        *game,
                                         const char         *expected);
void         test_assert_move           (CongkakGame        *game,
                                         const char         *move,
                                         const char         *expected_events);
gboolean     test_have_program          (const char         *program,
                                         const char         *packages);

/* Small and read-only file systems (root in a mount namespace of its own). */
void         test_isolate_mounts        (void);
gboolean     test_can_mount             (void);
void         test_mount_small           (const char         *folder,
                                         gsize               size);
void         test_mount_read_only       (const char         *folder);
void         test_unmount               (const char         *folder);
void         test_fill_up               (const char         *folder,
                                         const char         *name);

/* The main loop, and temporary folders: GLib only, for every suite. */
typedef gboolean (*TestCondition) (gpointer data);

void         test_iterate               (guint               times);
gboolean     test_wait_until            (TestCondition       condition,
                                         gpointer            data,
                                         guint               max_iterations);
char        *test_make_temp_dir         (void);
void         test_remove_tree           (const char         *path);

G_END_DECLS
