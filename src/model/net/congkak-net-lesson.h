/* congkak-net-lesson.h — a lesson followed over the network
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The teacher's side, CongkakNetLessonHost, watches the match on the
 * projector and sends each follower's channel the match (as a match file
 * holds it, without the library's identity) and where the lesson stands,
 * then every step as it happens: a move played, a step forward or back, a
 * jump.  Followers are read-only: they acknowledge what they received and
 * answer "What would you play?"; anything else closes that follower's
 * channel with a logged reason, and nothing a follower sends ever touches
 * the teacher's match.  A follower that falls behind is sent nothing more
 * until it has caught up, then one fresh snapshot: the host never queues
 * more than a small window of messages for anyone.
 *
 * The student's side, CongkakNetLessonFollower, keeps a mirror of the
 * match and its cursor and says what to show: ::move-played with the
 * engine's own events (to animate and narrate as on the projector) or
 * ::cursor-moved (show the position as it is).  doc/NETWORK-PROTOCOL.md,
 * "Lesson messages", describes the messages.
 */

#pragma once

#include <gio/gio.h>

#include "congkak-match.h"
#include "congkak-net-channel.h"

G_BEGIN_DECLS

#define CONGKAK_NET_LESSON_ERROR (congkak_net_lesson_error_quark ())

typedef enum
{
  CONGKAK_NET_LESSON_ERROR_NO_CHOICE,    /* nobody chooses a hole at this position */
  CONGKAK_NET_LESSON_ERROR_NO_QUESTION,  /* no question is open */
  CONGKAK_NET_LESSON_ERROR_ILLEGAL,      /* the rules do not allow that hole */
  CONGKAK_NET_LESSON_ERROR_CLOSED,       /* the lesson's connection is closed */
} CongkakNetLessonError;

/* The version of the lesson messages, sent in every snapshot */
#define CONGKAK_NET_LESSON_VERSION 1
/* The most followers one lesson takes (a class is some 40) */
#define CONGKAK_NET_LESSON_MAX_FOLLOWERS 100
/* The most messages on their way to one follower, not yet acknowledged;
 * past it the follower is sent nothing until it catches up, then a
 * snapshot. */
#define CONGKAK_NET_LESSON_WINDOW 16

GQuark congkak_net_lesson_error_quark (void);

/* The teacher's side */

#define CONGKAK_TYPE_NET_LESSON_HOST (congkak_net_lesson_host_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetLessonHost, congkak_net_lesson_host, CONGKAK, NET_LESSON_HOST, GObject)

CongkakNetLessonHost *congkak_net_lesson_host_new              (CongkakMatch         *match);
CongkakMatch         *congkak_net_lesson_host_get_match        (CongkakNetLessonHost *self);
void                  congkak_net_lesson_host_set_match        (CongkakNetLessonHost *self,
                                                                CongkakMatch         *match);
void                  congkak_net_lesson_host_add_follower     (CongkakNetLessonHost *self,
                                                                CongkakNetChannel    *channel);
guint                 congkak_net_lesson_host_get_n_followers  (CongkakNetLessonHost *self);
void                  congkak_net_lesson_host_stop             (CongkakNetLessonHost *self);

/* "What would you play?" on the match's current position */
guint                 congkak_net_lesson_host_ask              (CongkakNetLessonHost *self,
                                                                GError              **error);
void                  congkak_net_lesson_host_end_question     (CongkakNetLessonHost *self);
guint                 congkak_net_lesson_host_get_question     (CongkakNetLessonHost *self);
CongkakSide           congkak_net_lesson_host_get_question_side (CongkakNetLessonHost *self);
const guint          *congkak_net_lesson_host_get_tally        (CongkakNetLessonHost *self,
                                                                guint                *n_holes);
guint                 congkak_net_lesson_host_get_n_answers    (CongkakNetLessonHost *self);

/* The student's side */

#define CONGKAK_TYPE_NET_LESSON_FOLLOWER (congkak_net_lesson_follower_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetLessonFollower, congkak_net_lesson_follower, CONGKAK, NET_LESSON_FOLLOWER, GObject)

CongkakNetLessonFollower *congkak_net_lesson_follower_new            (CongkakNetChannel        *channel);
CongkakMatch             *congkak_net_lesson_follower_get_match      (CongkakNetLessonFollower *self);
const char               *congkak_net_lesson_follower_get_teacher_name (CongkakNetLessonFollower *self);
gboolean                  congkak_net_lesson_follower_get_connected  (CongkakNetLessonFollower *self);
const char               *congkak_net_lesson_follower_get_end_reason (CongkakNetLessonFollower *self);
CongkakMatch             *congkak_net_lesson_follower_copy_match     (CongkakNetLessonFollower *self);
void                      congkak_net_lesson_follower_leave          (CongkakNetLessonFollower *self);

guint                     congkak_net_lesson_follower_get_question   (CongkakNetLessonFollower *self);
int                       congkak_net_lesson_follower_get_answer     (CongkakNetLessonFollower *self);
gboolean                  congkak_net_lesson_follower_answer         (CongkakNetLessonFollower *self,
                                                                      guint                     hole,
                                                                      GError                  **error);
const guint              *congkak_net_lesson_follower_get_tally      (CongkakNetLessonFollower *self,
                                                                      guint                    *n_holes);

G_END_DECLS
