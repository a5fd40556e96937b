/* congkak-board-view-private.h — what the board view's parts share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CongkakBoardView is split by concern, as gnome-text-editor splits its
 * window: congkak-board-view.c is the widget, what it shows, its
 * properties and signals; congkak-board-view-input.c its keyboard focus
 * and what clicks and keys do; congkak-board-view-animation.c draws the
 * board and shows moves seed by seed.  They share the instance struct
 * here, and call each other only through the functions below.
 */

#pragma once

#include "congkak-board-painter.h"
#include "congkak-board-view.h"

G_BEGIN_DECLS

/* A player's hand on its way round the board, seeds in it. */
typedef struct
{
  gboolean     visible;
  CongkakPlace from;
  CongkakPlace place;
  guint        count;
} CongkakBoardViewHand;

struct _CongkakBoardView
{
  GtkWidget        parent_instance;

  /* What is shown */
  CongkakRules     rules;
  gboolean         has_game;
  CongkakPosition  shown;
  CongkakState     state;            /* the engine's state the view ends on */
  CongkakSide      choosing;         /* who picks an opening hole, or nobody */
  CongkakPosition  choosing_position;
  guint16          legal[2];         /* holes that may be sown now */
  guint16          last_path[2];     /* holes that received seeds in the last move */
  gboolean         last_path_store[2];
  gboolean         locked;           /* the player to act is the computer */
  CongkakSide      hint_side;        /* the hole a hint suggests, or nobody */
  guint            hint_hole;
  gboolean         editing;          /* the position editor: clicks change counts */
  CongkakSide      tally_side;       /* "What would you play?": the side asked, or nobody */
  guint            tally[CONGKAK_MAX_HOLES];
  gboolean         tally_counts;     /* the class's counts (else only the answer) */
  int              tally_answer;     /* this student's hole, or -1 */
  CongkakSide      focus_side;       /* the one hole Tab reaches (roving focus) */
  guint            focus_hole;
  gboolean         keyboard_focus;   /* keys are in use: the focus ring stays, past GTK's timeout */

  /* Hole and store buttons, laid over the drawing (stores only while editing) */
  GtkWidget       *holes[2][CONGKAK_MAX_HOLES];
  GtkWidget       *stores[2];

  /* Animation */
  GArray          *events;
  guint            next_event;
  gint64           step_start;
  double           step_duration;
  guint            tick_id;
  CongkakBoardViewHand hands[2];
  CongkakGame     *after;
  gboolean         manual;   /* one step per congkak_board_view_step() */
  double           seconds_per_unit;  /* of event_units(), for the running move */
  char            *step_caption;      /* what the running step's event will say */
  gint64           caption_until;     /* the caption on show stays up until then */
  int              caption_type;      /* the kind of event it told, -1 before the move's first */
  int              caption_reason;
  guint            caption_event;     /* the index of the event it told, in this move */
  gboolean         caption_shown;     /* a caption of the running move is on show */
  gboolean         computer_move;     /* the move shown (next) is the computer's */
  gboolean         skipping;          /* a person skipped a computer's move: its next ones show at once */

  /* Preferences */
  double           speed;
  double           computer_speed;
  gboolean         narration;
  gboolean         presenting;        /* in front of a room: captions held their full time */
  gboolean         show_counts;
  gboolean         show_letters;

  /* Where the board lies since the last allocation */
  CongkakBoardGeometry geometry;
};

/* congkak-board-view.c */
gboolean _congkak_board_view_is_legal                 (const CongkakBoardView *self,
                                                       CongkakSide         side,
                                                       guint               hole);
void     _congkak_board_view_refresh                  (CongkakBoardView   *self);
void     _congkak_board_view_position_changed         (CongkakBoardView   *self);
void     _congkak_board_view_emit_caption             (CongkakBoardView   *self,
                                                       const CongkakEvent *event,
                                                       const char         *sentence);
void     _congkak_board_view_emit_caption_added       (CongkakBoardView   *self,
                                                       const CongkakEvent *event,
                                                       const char         *sentence);
void     _congkak_board_view_emit_animation_finished  (CongkakBoardView   *self);
void     _congkak_board_view_emit_hole_activated      (CongkakBoardView   *self,
                                                       CongkakSide         side,
                                                       guint               hole);
void     _congkak_board_view_emit_place_edited        (CongkakBoardView   *self,
                                                       CongkakPlace        place,
                                                       int                 delta);

/* congkak-board-view-input.c */
void     _congkak_board_view_init_input               (CongkakBoardView   *self);
void     _congkak_board_view_follow_mover             (CongkakBoardView   *self);
gboolean _congkak_board_view_focus                    (GtkWidget          *widget,
                                                       GtkDirectionType    direction);
gboolean _congkak_board_view_grab_focus               (GtkWidget          *widget);
void     _congkak_board_view_set_focus_child          (GtkWidget          *widget,
                                                       GtkWidget          *child);

/* congkak-board-view-animation.c */
void     _congkak_board_view_snapshot                 (GtkWidget          *widget,
                                                       GtkSnapshot        *snapshot);
void     _congkak_board_view_measure                  (GtkWidget          *widget,
                                                       GtkOrientation      orientation,
                                                       int                 for_size,
                                                       int                *minimum,
                                                       int                *natural,
                                                       int                *minimum_baseline,
                                                       int                *natural_baseline);
void     _congkak_board_view_size_allocate            (GtkWidget          *widget,
                                                       int                 width,
                                                       int                 height,
                                                       int                 baseline);
void     _congkak_board_view_stop_animation           (CongkakBoardView   *self);
void     _congkak_board_view_clear_caption            (CongkakBoardView   *self);

G_END_DECLS
