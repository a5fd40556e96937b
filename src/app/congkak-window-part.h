/* congkak-window-part.h — what every part of the main window is given
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-session.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WINDOW_PART (congkak_window_part_get_type ())

G_DECLARE_DERIVABLE_TYPE (CongkakWindowPart, congkak_window_part, CONGKAK, WINDOW_PART, GSimpleActionGroup)

struct _CongkakWindowPartClass
{
  GSimpleActionGroupClass parent_class;

  /* The window shows another session, or none (the start page). */
  void (*session_changed) (CongkakWindowPart *self);
};

GtkWidget       *congkak_window_part_get_window      (CongkakWindowPart *self);
CongkakSession  *congkak_window_part_get_session     (CongkakWindowPart *self);
void             congkak_window_part_set_session     (CongkakWindowPart *self,
                                                      CongkakSession    *session);
CongkakDocument *congkak_window_part_get_document    (CongkakWindowPart *self);
CongkakMatch    *congkak_window_part_get_match       (CongkakWindowPart *self);
void             congkak_window_part_add_toast       (CongkakWindowPart *self,
                                                      AdwToast          *toast);
void             congkak_window_part_show_toast      (CongkakWindowPart *self,
                                                      const char        *text);
AdwToast        *congkak_window_part_new_sentence_toast (const char      *text);
void             congkak_window_part_show_error      (CongkakWindowPart *self,
                                                      const char        *heading,
                                                      const char        *message);
void             congkak_window_part_set_action_enabled (CongkakWindowPart *self,
                                                      const char        *name,
                                                      gboolean           enabled);
void             congkak_window_part_install_actions (GtkWidgetClass     *window_class,
                                                      const GActionEntry *entries,
                                                      guint               n_entries,
                                                      GtkWidgetActionActivateFunc activate);

G_END_DECLS
