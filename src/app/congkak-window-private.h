/* congkak-window-private.h — what the parts of the window share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window is a view: a CongkakSession decides whose turn it is and
 * plays the moves, its CongkakDocument keeps the file; the window shows
 * what they say and forwards what people do.
 */

#pragma once

#include "congkak-annotation-view.h"
#include "congkak-board-view.h"
#include "congkak-evaluation-graph.h"
#include "congkak-history-view.h"
#include "congkak-library-view.h"
#include "congkak-presentation-bar.h"
#include "congkak-print.h"
#include "congkak-puzzle-view.h"
#include "congkak-session.h"
#include "congkak-window.h"

G_BEGIN_DECLS

struct _CongkakWindow
{
  AdwApplicationWindow   parent_instance;

  /* Template widgets */
  AdwToastOverlay       *toast_overlay;
  AdwWindowTitle        *window_title;
  GtkStack              *stack;
  GtkLabel              *status_label;
  CongkakBoardView      *board;
  AdwStatusPage         *handover_page;
  AdwOverlaySplitView   *split_view;
  CongkakHistoryView    *history_view;
  CongkakAnnotationView *annotation_view;
  GtkWidget             *sidebar_button;
  GtkLabel              *narration_label;
  AdwToolbarView        *toolbar_view;
  GtkWidget             *thinking_spinner;
  CongkakEvaluationGraph *evaluation_graph;
  CongkakLibraryView    *library_view;
  CongkakPresentationBar *presentation_bar;
  CongkakPuzzleView     *puzzle_view;

  /* Owned references */
  GSettings             *settings;
  CongkakSession        *session;           /* nullable: the start page */
  GSignalGroup          *session_signals;
  GSignalGroup          *document_signals;

  /* Replay and teaching */
  gboolean               autoplay;
  guint                  autoplay_id;
  gboolean               seed_by_seed;
  gboolean               narration;
  gboolean               presentation;
  gboolean               sidebar_before_presentation;

  /* A hint being worked out */
  GCancellable          *hinting;

  /* What the move being shown did, said with the status it leads to */
  char                  *announcement;

  /* Closing, and the library page */
  gboolean               close_confirmed;
  char                  *page_before_library;
  char                  *page_before_puzzles;
};

/* congkak-window.c */
void             congkak_window_update_title      (CongkakWindow  *self);
void             congkak_window_add_toast         (CongkakWindow  *self,
                                                   const char     *text);
void             congkak_window_start_like        (CongkakWindow  *self,
                                                   CongkakMatch   *match);
void             congkak_window_replace_match     (CongkakWindow  *self,
                                                   CongkakMatch   *match);

/* congkak-window-files.c: opening, saving, closing, restoring */
void     congkak_window_files_class_init  (GtkWidgetClass *widget_class);
void     congkak_window_files_init        (CongkakWindow  *self);
void     congkak_window_files_dispose     (CongkakWindow  *self);
void     congkak_window_files_document_changed (CongkakWindow *self);
void     congkak_window_show_error        (CongkakWindow  *self,
                                           const char     *heading,
                                           const char     *message);

/* congkak-window-export.c: pictures and printing */
void     congkak_window_export_class_init (GtkWidgetClass *widget_class);
gboolean congkak_window_export_position   (CongkakWindow  *self,
                                           GFile          *file,
                                           GError        **error);
gboolean congkak_window_print_to_file     (CongkakWindow  *self,
                                           const char     *path,
                                           GError        **error);
CongkakPrintOptions *
         congkak_window_get_print_options (CongkakWindow  *self);

/* congkak-window-computer.c: hints and analysis */
void     congkak_window_computer_class_init (GtkWidgetClass *widget_class);
void     congkak_window_computer_dispose  (CongkakWindow  *self);
void     congkak_window_cancel_hint       (CongkakWindow  *self);
void     congkak_window_computer_update   (CongkakWindow  *self);

/* congkak-window-library.c: the match library */
void     congkak_window_library_class_init   (GtkWidgetClass *widget_class);
void     congkak_window_library_init         (CongkakWindow  *self);
void     congkak_window_library_dispose      (CongkakWindow  *self);
gboolean congkak_window_library_update_title (CongkakWindow  *self);
void     congkak_window_library_leave_match  (CongkakWindow  *self);
CongkakLibrary *congkak_window_get_library   (CongkakWindow  *self);

/* congkak-window-puzzles.c: puzzle mode's page */
void     congkak_window_puzzles_class_init   (GtkWidgetClass *widget_class);
void     congkak_window_puzzles_init         (CongkakWindow  *self);
void     congkak_window_puzzles_dispose      (CongkakWindow  *self);
gboolean congkak_window_puzzles_update_title (CongkakWindow  *self);

/* congkak-window-help.c: the guide, or the rules window without a viewer */
void     congkak_window_help_class_init  (GtkWidgetClass *widget_class);
char    *congkak_window_help_uri         (const char     *page,
                                          const char     *section);
void     congkak_window_show_help        (CongkakWindow  *self,
                                          const char     *page,
                                          const char     *section);
void     congkak_window_show_rules_section (CongkakWindow *self,
                                            const char    *section_id);

/* congkak-window-teaching.c: the position editor, narration with rule links */
void     congkak_window_teaching_class_init (GtkWidgetClass *widget_class);
void     congkak_window_show_caption     (CongkakWindow      *self,
                                          const CongkakEvent *event,
                                          const char         *sentence);

G_END_DECLS
