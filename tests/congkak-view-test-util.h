/* congkak-view-test-util.h — showing widgets and taking screenshots in tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-test-util.h"

G_BEGIN_DECLS

void test_wait_for_drawing (GtkWidget  *widget);
void test_save_screenshot  (GtkWidget  *widget,
                            const char *name);
void test_click            (GtkWidget  *button);
GtkWidget *test_find_widget (GtkWidget  *root,
                             GType       type,
                             const char *css_class);
gboolean   test_press_key   (GtkWidget  *widget,
                             guint       keyval);
gboolean   test_can_use_pointer (void);
void       test_real_key        (GtkWidget  *widget,
                                 guint       keyval);
void       test_real_key_now    (GtkWidget  *widget,
                                 guint       keyval);
void       test_pointer_move    (GtkWidget  *widget,
                                 double      x,
                                 double      y);
void       test_pointer_click   (GtkWidget  *widget,
                                 guint       button,
                                 gboolean    shift);

G_END_DECLS
