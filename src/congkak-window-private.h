/* congkak-window-private.h — what the parts of the window share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-annotation-view.h"
#include "congkak-board-picture.h"
#include "congkak-board-view.h"
#include "congkak-computer-worker.h"
#include "congkak-evaluation-graph.h"
#include "congkak-history-view.h"
#include "congkak-library-view.h"
#include "congkak-match.h"
#include "congkak-print.h"
#include "congkak-window.h"

G_BEGIN_DECLS

/* Where the simultaneous opening stands (RULES.md 6). */
typedef enum
{
  OPENING_NONE,
  OPENING_SOUTH_CHOOSES,   /* North looks away */
  OPENING_HANDOVER,        /* the device goes to North */
  OPENING_NORTH_CHOOSES,   /* South looks away */
  OPENING_SOWING,          /* both hands sow; a player may have to choose again */
} OpeningStage;

struct _CongkakWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkStack             *stack;
  GtkLabel             *status_label;
  CongkakBoardView     *board;
  AdwStatusPage        *handover_page;
  GtkButton            *handover_button;
  AdwOverlaySplitView  *split_view;
  CongkakHistoryView   *history_view;
  CongkakAnnotationView *annotation_view;
  GtkWidget            *replay_bar;
  GtkAdjustment        *replay_adjustment;
  GtkLabel             *replay_label;
  GtkWidget            *sidebar_button;
  GtkLabel             *narration_label;
  AdwToolbarView       *toolbar_view;
  GtkListBox           *recent_list;
  GtkWidget            *recent_label;
  GtkWidget            *thinking_spinner;
  GtkWidget            *analysis_box;
  GtkProgressBar       *analysis_progress;
  CongkakEvaluationGraph *evaluation_graph;

  /* Owned references */
  GSettings            *settings;
  CongkakMatch         *match;

  /* The file, and changes not yet in it */
  GFile                *file;
  gboolean              dirty;
  guint                 autosave_id;
  GFile                *autosave_file;
  gboolean              close_confirmed;
  gboolean              playing;   /* a move played here is being added */

  /* Replay */
  gboolean              autoplay;
  gboolean              seed_by_seed;
  guint                 autoplay_id;

  /* Teaching */
  gboolean              narration;
  gboolean              presentation;

  /* Export and printing, as last chosen (congkak-window-export.c) */
  CongkakPictureFormat  export_format;
  int                   export_width;
  CongkakPictureOptions export_options;
  CongkakPrintOptions   print_options;
  GtkPrintSettings     *print_settings;
  GtkPageSetup         *page_setup;

  /* The opening in progress */
  OpeningStage          opening_stage;
  CongkakOpening       *opening;
  guint                 opening_events_shown;
  CongkakSide           opening_chooser;

  /* The computer (congkak-window-computer.c) */
  CongkakComputerWorker *computer;
  GCancellable         *thinking;       /* a move being chosen */
  GCancellable         *hinting;        /* a hint being worked out */
  GCancellable         *analysing;      /* the match being analysed */

  /* The match library (congkak-window-library.c) */
  CongkakLibraryView   *library_view;
  CongkakLibrary       *library;
  gboolean              played_here;     /* a move of this match was played in this window */
  gboolean              record_pending;  /* changes the library has not recorded yet */
  char                 *page_before_library;
};

void     congkak_window_files_class_init (GtkWidgetClass *widget_class);
void     congkak_window_files_init       (CongkakWindow  *self);
void     congkak_window_files_dispose    (CongkakWindow  *self);
void     congkak_window_export_class_init (GtkWidgetClass *widget_class);
void     congkak_window_export_init       (CongkakWindow  *self);
void     congkak_window_export_dispose    (CongkakWindow  *self);
gboolean congkak_window_export_position   (CongkakWindow  *self,
                                           GFile          *file,
                                           GError        **error);
gboolean congkak_window_print_to_file     (CongkakWindow  *self,
                                           const char     *path,
                                           GError        **error);
CongkakPrintOptions *
         congkak_window_get_print_options (CongkakWindow  *self);
void     congkak_window_changed          (CongkakWindow  *self);
void     congkak_window_update_title     (CongkakWindow  *self);
void     congkak_window_update_recent    (CongkakWindow  *self);
void     congkak_window_play_move        (CongkakWindow     *self,
                                          const CongkakMove *move);
void     congkak_window_choose_hole      (CongkakWindow  *self,
                                          CongkakSide     side,
                                          guint           hole);

void     congkak_window_computer_class_init (GtkWidgetClass *widget_class);
void     congkak_window_computer_init    (CongkakWindow  *self);
void     congkak_window_computer_dispose (CongkakWindow  *self);
void     congkak_window_computer_cancel  (CongkakWindow  *self);
void     congkak_window_computer_update  (CongkakWindow  *self);
char    *congkak_window_computer_dup_status (CongkakWindow *self);
void     congkak_window_computer_match_changed (CongkakWindow *self);
gboolean congkak_window_is_computer      (CongkakWindow  *self,
                                          CongkakSide     side);
void     congkak_window_recent_row_activated (CongkakWindow *self,
                                              GtkListBoxRow *row);

void     congkak_window_library_class_init   (GtkWidgetClass *widget_class);
void     congkak_window_library_init         (CongkakWindow  *self);
void     congkak_window_library_dispose      (CongkakWindow  *self);
void     congkak_window_library_changed      (CongkakWindow  *self);
void     congkak_window_library_match_over   (CongkakWindow  *self);
void     congkak_window_library_leave_match  (CongkakWindow  *self);
void     congkak_window_library_restored     (CongkakWindow  *self);
gboolean congkak_window_library_update_title (CongkakWindow  *self);
CongkakLibrary *congkak_window_get_library   (CongkakWindow  *self);

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
void     congkak_window_show_narration   (CongkakWindow      *self,
                                          const CongkakEvent *event);

G_END_DECLS
