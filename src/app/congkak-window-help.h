/* congkak-window-help.h — the user guide, and the rules window when no
 * help viewer can show it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-window-part.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_HELP (congkak_window_help_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWindowHelp, congkak_window_help, CONGKAK, WINDOW_HELP, CongkakWindowPart)

CongkakWindowHelp *congkak_window_help_new                (GtkWidget         *window,
                                                           AdwToastOverlay   *toasts);
void               congkak_window_help_install            (GtkWidgetClass    *window_class,
                                                           GtkWidgetActionActivateFunc activate);
char              *congkak_window_help_uri                (const char        *page,
                                                           const char        *section);
void               congkak_window_help_show               (CongkakWindowHelp *self,
                                                           const char        *page,
                                                           const char        *section);
void               congkak_window_help_show_guide         (CongkakWindowHelp *self);
void               congkak_window_help_show_rules_section (CongkakWindowHelp *self,
                                                           const char        *section_id);

G_END_DECLS
