/* congkak-board-view.h — the carved board, its seeds and their sowing
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-engine.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_BOARD_VIEW (congkak_board_view_get_type ())

G_DECLARE_FINAL_TYPE (CongkakBoardView, congkak_board_view, CONGKAK, BOARD_VIEW, GtkWidget)

GtkWidget  *congkak_board_view_new                (void);
void        congkak_board_view_set_game           (CongkakBoardView   *self,
                                                   const CongkakGame  *game);
void        congkak_board_view_set_choosing       (CongkakBoardView   *self,
                                                   CongkakSide         side,
                                                   const CongkakPosition *position);
void        congkak_board_view_animate            (CongkakBoardView   *self,
                                                   GArray             *events,
                                                   const CongkakGame  *after);
void        congkak_board_view_finish_animation   (CongkakBoardView   *self);
void        congkak_board_view_set_manual         (CongkakBoardView   *self,
                                                   gboolean            manual);
gboolean    congkak_board_view_get_manual         (CongkakBoardView   *self);
gboolean    congkak_board_view_step               (CongkakBoardView   *self);
gboolean    congkak_board_view_is_animating       (CongkakBoardView   *self);
double      congkak_board_view_get_speed          (CongkakBoardView   *self);
void        congkak_board_view_set_speed          (CongkakBoardView   *self,
                                                   double              seeds_per_second);
double      congkak_board_view_get_computer_speed (CongkakBoardView   *self);
void        congkak_board_view_set_computer_speed (CongkakBoardView   *self,
                                                   double              seeds_per_second);
gboolean    congkak_board_view_get_computer_move  (CongkakBoardView   *self);
void        congkak_board_view_set_computer_move  (CongkakBoardView   *self,
                                                   gboolean            computer_move);
gboolean    congkak_board_view_get_narration      (CongkakBoardView   *self);
void        congkak_board_view_set_narration      (CongkakBoardView   *self,
                                                   gboolean            narration);
gboolean    congkak_board_view_get_presenting     (CongkakBoardView   *self);
void        congkak_board_view_set_presenting     (CongkakBoardView   *self,
                                                   gboolean            presenting);
gboolean    congkak_board_view_get_show_counts    (CongkakBoardView   *self);
void        congkak_board_view_set_show_counts    (CongkakBoardView   *self,
                                                   gboolean            show_counts);
gboolean    congkak_board_view_get_show_letters   (CongkakBoardView   *self);
void        congkak_board_view_set_show_letters   (CongkakBoardView   *self,
                                                   gboolean            show_letters);
void        congkak_board_view_set_locked         (CongkakBoardView   *self,
                                                   gboolean            locked);
gboolean    congkak_board_view_get_locked         (CongkakBoardView   *self);
void        congkak_board_view_set_hint           (CongkakBoardView   *self,
                                                   CongkakSide         side,
                                                   guint               hole);
CongkakSide congkak_board_view_get_hint           (CongkakBoardView   *self,
                                                   guint              *hole);
void        congkak_board_view_focus_side     (CongkakBoardView   *self,
                                                   CongkakSide         side);
void        congkak_board_view_set_keyboard_mode  (CongkakBoardView   *self,
                                                   gboolean            keyboard_mode);
gboolean    congkak_board_view_get_focus_shown    (CongkakBoardView   *self,
                                                   CongkakSide        *side,
                                                   guint              *hole);
GtkWidget  *congkak_board_view_get_hole_widget    (CongkakBoardView   *self,
                                                   CongkakSide         side,
                                                   guint               hole);
GtkWidget  *congkak_board_view_get_store_widget   (CongkakBoardView   *self,
                                                   CongkakSide         side);
void        congkak_board_view_set_position       (CongkakBoardView   *self,
                                                   const CongkakRules *rules,
                                                   const CongkakPosition *position);
gboolean    congkak_board_view_get_editing        (CongkakBoardView   *self);
void        congkak_board_view_set_editing        (CongkakBoardView   *self,
                                                   gboolean            editing);
void        congkak_board_view_set_tally          (CongkakBoardView   *self,
                                                   CongkakSide         side,
                                                   const guint        *tally,
                                                   guint               n_holes,
                                                   int                 answer);
CongkakSide congkak_board_view_get_tally          (CongkakBoardView   *self,
                                                   guint               hole,
                                                   guint              *count,
                                                   int                *answer);
char       *congkak_board_view_describe_hole      (CongkakBoardView   *self,
                                                   CongkakSide         side,
                                                   guint               hole);

G_END_DECLS
