/* congkak-window-test-util.h — the app's windows in tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-application.h"
#include "congkak-view-test-util.h"
#include "congkak-window.h"

G_BEGIN_DECLS

CongkakApplication *test_app_init           (int           *argc,
                                             char        ***argv);
CongkakApplication *test_app                (void);
CongkakWindow      *test_window_new         (void);
void                test_window_show_at_once (CongkakWindow *window);
CongkakWindow      *test_window_playing     (const char    *profile,
                                             CongkakMatch **match);
CongkakWindow      *test_window_with_match  (CongkakMatch  *match);
char               *test_write_match        (CongkakMatch  *match,
                                             const char    *name);
void                test_wait_for_nodes     (CongkakWindow *window,
                                             guint          n_nodes);
AdwDialog          *test_wait_for_dialog    (CongkakWindow *window);
void                test_answer_dialog      (CongkakWindow *window,
                                             const char    *response);
const char         *test_status_text        (CongkakWindow *window);
gboolean            test_is_modified        (CongkakWindow *window);
double              test_board_hole_size    (CongkakBoardView *board);
gboolean            test_board_is_portrait  (CongkakBoardView *board);
void                test_assert_same_boards (CongkakWindow *a,
                                             CongkakWindow *b,
                                             guint          holes);

G_END_DECLS
