/* congkak-window-lesson.c — sharing the board as a lesson, and following one
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The teacher shares the board (Teaching › Share the Board, Ctrl+Shift+L,
 * or the presentation bar): the transport's server listens (the usual
 * port, else any) with a join code for followers, the lesson is announced
 * on the local network, and a lesson host follows the match on show and
 * sends it, step by step, to every student who joins; a panel between the
 * status and the board shows this computer's address and the code, how
 * many follow, and asks "What
 * would you play?": while a question is open the board shows, over each
 * hole of the side to move, how many chose it (the host counts; the board
 * only draws the tally).  Play On ends the question.
 *
 * The student follows (Match › Follow a Lesson…: a lesson nearby, or the
 * address and code typed; the transport's client connects): the window shows the
 * lesson's mirror match, read-only.  Each step the teacher takes comes as
 * the follower's ::move-played, with the engine's events, and is shown as
 * a move played here is: the board sows it seed by seed, captioned and
 * said.  A bar above the board says whose lesson it is, with Keep a Copy
 * (into the library) and Leave.  When the teacher asks, the board lets the
 * student choose a hole, which goes to the teacher as the answer, and
 * marks it.  When the lesson ends, the bar says why, and the match stays
 * on the board as the student's own.
 *
 * The mirror is the teacher's match, not the student's: nobody here plays
 * its sides (a player that never moves stands for the teacher), nothing
 * of it is autosaved, and it reaches the library only through Keep a Copy.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-follow-dialog.h"
#include "congkak-lesson-bar.h"
#include "congkak-lesson-panel.h"
#include "congkak-net-certificate.h"
#include "congkak-net-client.h"
#include "congkak-net-discovery.h"
#include "congkak-net-server.h"
#include "congkak-net-transport.h"
#include "congkak-window-lesson.h"

/* The teacher, for the student's session: plays the mirror's sides from
 * afar, so nothing here ever moves for them. */

#define CONGKAK_TYPE_LESSON_TEACHER (congkak_lesson_teacher_get_type ())

G_DECLARE_FINAL_TYPE (CongkakLessonTeacher, congkak_lesson_teacher, CONGKAK, LESSON_TEACHER, GObject)

struct _CongkakLessonTeacher
{
  GObject parent_instance;
};

static gboolean
congkak_lesson_teacher_is_local_person (CongkakPlayer *player)
{
  return FALSE;
}

static void
congkak_lesson_teacher_begin_turn (CongkakPlayer *player,
                                   CongkakTurn   *turn)
{
}

static void
congkak_lesson_teacher_end_turn (CongkakPlayer *player)
{
}

static void
congkak_lesson_teacher_player_init (CongkakPlayerInterface *iface)
{
  iface->is_local_person = congkak_lesson_teacher_is_local_person;
  iface->begin_turn = congkak_lesson_teacher_begin_turn;
  iface->end_turn = congkak_lesson_teacher_end_turn;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakLessonTeacher, congkak_lesson_teacher, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CONGKAK_TYPE_PLAYER, congkak_lesson_teacher_player_init))

/* Never thinking here: the teacher chooses in the teacher's app. */
static void
congkak_lesson_teacher_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  if (prop_id == 1)
    g_value_set_boolean (value, FALSE);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
congkak_lesson_teacher_class_init (CongkakLessonTeacherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = congkak_lesson_teacher_get_property;
  g_object_class_override_property (object_class, 1, "thinking");
}

static void
congkak_lesson_teacher_init (CongkakLessonTeacher *self)
{
}

/* The part */

struct _CongkakWindowLesson
{
  CongkakWindowPart         parent_instance;

  CongkakWorkspace         *workspace;
  CongkakBoardView         *board;
  AdwToolbarView           *toolbar_view;

  /* The teacher's */
  CongkakNetLessonHost     *host;
  CongkakLessonPanel       *panel;
  CongkakPresentationBar   *presentation_bar;
  CongkakNetServer         *server;      /* where students connect, while sharing */
  CongkakNetAnnouncer      *announcer;   /* the lesson in Lessons nearby */
  char                     *code;        /* the students' join code */
  GCancellable             *connecting;  /* the student's connection on its way */

  /* The student's */
  CongkakNetLessonFollower *follower;
  CongkakLessonBar         *bar;
  CongkakDocument          *mirror;      /* the document the window shows the mirror in */
  gboolean                  ended;       /* the lesson is over; the match stays */
};

G_DEFINE_FINAL_TYPE (CongkakWindowLesson, congkak_window_lesson, CONGKAK_TYPE_WINDOW_PART)

enum
{
  REPLACE_DOCUMENT,
  SHOW_MOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static CongkakMatch *
shown_match (CongkakWindowLesson *self)
{
  return congkak_window_part_get_match (CONGKAK_WINDOW_PART (self));
}

/* The teacher's side */

static void
update_tally (CongkakWindowLesson *self)
{
  const guint *tally;
  guint n_holes = 0;

  if (self->host == NULL || congkak_net_lesson_host_get_question (self->host) == 0)
    {
      congkak_board_view_set_tally (self->board, CONGKAK_NOBODY, NULL, 0, -1);
      congkak_lesson_panel_set_question (self->panel, FALSE, 0);
      return;
    }
  tally = congkak_net_lesson_host_get_tally (self->host, &n_holes);
  congkak_board_view_set_tally (self->board, congkak_net_lesson_host_get_question_side (self->host), tally, n_holes,
                                -1);
  congkak_lesson_panel_set_question (self->panel, TRUE, congkak_net_lesson_host_get_n_answers (self->host));
}

static void
update_followers (CongkakWindowLesson *self)
{
  congkak_lesson_panel_set_followers (self->panel, self->host ? congkak_net_lesson_host_get_n_followers (self->host) : 0);
}

static void
update_teacher_actions (CongkakWindowLesson *self)
{
  CongkakWindowPart *part = CONGKAK_WINDOW_PART (self);
  gboolean question = self->host && congkak_net_lesson_host_get_question (self->host) != 0;

  congkak_window_part_set_action_enabled (part, "share-lesson", self->host != NULL
                                          || (shown_match (self) != NULL && self->follower == NULL));
  congkak_window_part_set_action_enabled (part, "ask-question", self->host != NULL && !question);
  congkak_window_part_set_action_enabled (part, "end-question", question);
}

gboolean
congkak_window_lesson_get_sharing (CongkakWindowLesson *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_LESSON (self), FALSE);

  return self->host != NULL;
}

CongkakNetLessonHost *
congkak_window_lesson_get_host (CongkakWindowLesson *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_LESSON (self), NULL);

  return self->host;
}

GtkWidget *
congkak_window_lesson_get_panel (CongkakWindowLesson *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_LESSON (self), NULL);

  return GTK_WIDGET (self->panel);
}

/* The name students see: the teacher's. */
static const char *
person_name (void)
{
  const char *name = g_get_real_name ();

  return name && *name && g_strcmp0 (name, "Unknown") != 0 ? name : g_get_user_name ();
}

/* Where students reach this computer: the address of the route out (a
 * datagram socket "connected" to a documentation address only looks the
 * route up, nothing is sent), else the host's name on the local network;
 * the port only when it is not the usual one. */
static char *
local_address (guint16 port)
{
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP,
                                             NULL);
  g_autoptr (GInetAddress) probe = g_inet_address_new_from_string ("192.0.2.1");
  g_autoptr (GSocketAddress) remote = g_inet_socket_address_new (probe, 9);
  g_autofree char *host = NULL;

  if (socket && g_socket_connect (socket, remote, NULL, NULL))
    {
      g_autoptr (GSocketAddress) local = g_socket_get_local_address (socket, NULL);
      GInetAddress *inet = local ? g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (local)) : NULL;

      if (inet && !g_inet_address_get_is_any (inet) && !g_inet_address_get_is_loopback (inet))
        host = g_inet_address_to_string (inet);
    }
  if (host == NULL)
    host = g_strdup_printf ("%s.local", g_get_host_name ());
  if (port == CONGKAK_NET_DEFAULT_PORT)
    return g_steal_pointer (&host);
  return g_strdup_printf ("%s:%u", host, port);
}

static void
server_channel_opened_cb (CongkakWindowLesson *self,
                          CongkakNetChannel   *channel)
{
  congkak_window_lesson_add_follower (self, channel);
}

/* The transport's server, its code for followers, and the lesson
 * announced on the local network; what students need is on the panel. */
static void
open_to_students (CongkakWindowLesson *self)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), APPLICATION_ID, "network", NULL);
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *address = NULL;

  certificate = congkak_net_certificate_load_or_make (folder, &error);
  if (certificate)
    {
      self->server = congkak_net_server_new (certificate, person_name ());
      /* The usual port, or any other where another app has it. */
      if (!congkak_net_server_listen (self->server, CONGKAK_NET_DEFAULT_PORT, FALSE, NULL))
        congkak_net_server_listen (self->server, 0, FALSE, &error);
    }
  if (error)
    {
      g_message ("Cannot share the lesson over the network: %s", error->message);
      congkak_lesson_panel_set_join (self->panel, NULL, NULL, error->message);
      if (self->server)
        congkak_net_server_stop (self->server);
      g_clear_object (&self->server);
      return;
    }
  g_signal_connect_object (self->server, "channel-opened", G_CALLBACK (server_channel_opened_cb), self,
                           G_CONNECT_SWAPPED);
  self->code = congkak_net_server_add_code (self->server, CONGKAK_NET_ROLE_FOLLOWER);
  address = local_address (congkak_net_server_get_port (self->server));
  congkak_lesson_panel_set_join (self->panel, address, self->code, NULL);
  bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL);
  self->announcer = congkak_net_announcer_new (bus, CONGKAK_NET_HOST_KIND_LESSON, person_name (),
                                               congkak_net_server_get_port (self->server));
}

/**
 * congkak_window_lesson_get_join:
 * @port: (out) (optional): the port students connect to, 0 when none
 *
 * Returns: (nullable): the students' join code while the board is shared
 *   over the network
 */
const char *
congkak_window_lesson_get_join (CongkakWindowLesson *self,
                                guint16             *port)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_LESSON (self), NULL);

  if (port)
    *port = self->server ? congkak_net_server_get_port (self->server) : 0;
  return self->code;
}

static void
stop_sharing (CongkakWindowLesson *self)
{
  if (self->host == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->host, self);
  if (self->announcer)
    congkak_net_announcer_withdraw (self->announcer);
  g_clear_object (&self->announcer);
  if (self->server)
    {
      g_signal_handlers_disconnect_by_data (self->server, self);
      congkak_net_server_stop (self->server);
    }
  g_clear_object (&self->server);
  g_clear_pointer (&self->code, g_free);
  congkak_net_lesson_host_stop (self->host);
  g_clear_object (&self->host);
  gtk_widget_set_visible (GTK_WIDGET (self->panel), FALSE);
  congkak_board_view_set_tally (self->board, CONGKAK_NOBODY, NULL, 0, -1);
  congkak_presentation_bar_set_sharing (self->presentation_bar, FALSE);
}

/**
 * congkak_window_lesson_set_sharing:
 *
 * Starts or stops sharing the match on show as a lesson.  Stopping ends
 * the lesson for every student (they keep the match on their screen).
 */
void
congkak_window_lesson_set_sharing (CongkakWindowLesson *self,
                                   gboolean             sharing)
{
  CongkakMatch *match;

  g_return_if_fail (CONGKAK_IS_WINDOW_LESSON (self));

  match = shown_match (self);
  if (!sharing || match == NULL || self->follower != NULL)
    stop_sharing (self);
  else if (self->host == NULL)
    {
      self->host = congkak_net_lesson_host_new (match);
      g_signal_connect_object (self->host, "notify::n-followers", G_CALLBACK (update_followers), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->host, "notify::question", G_CALLBACK (update_tally), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->host, "notify::question", G_CALLBACK (update_teacher_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->host, "notify::tally", G_CALLBACK (update_tally), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->host, "notify::n-answers", G_CALLBACK (update_tally), self, G_CONNECT_SWAPPED);
      open_to_students (self);
      gtk_widget_set_visible (GTK_WIDGET (self->panel), TRUE);
      update_followers (self);
      update_tally (self);
    }
  update_teacher_actions (self);
  congkak_presentation_bar_set_sharing (self->presentation_bar, self->host != NULL);
  g_action_group_change_action_state (G_ACTION_GROUP (self), "share-lesson", g_variant_new_boolean (self->host != NULL));
}

/**
 * congkak_window_lesson_add_follower:
 * @channel: a student's connection that said the role follower
 *
 * A student joins the shared lesson (from the transport's server, or a
 * test's in-memory channel).
 */
void
congkak_window_lesson_add_follower (CongkakWindowLesson *self,
                                    CongkakNetChannel   *channel)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_LESSON (self));
  g_return_if_fail (CONGKAK_IS_NET_CHANNEL (channel));

  if (self->host == NULL)
    {
      congkak_net_channel_close (channel, "no lesson is shared");
      return;
    }
  congkak_net_lesson_host_add_follower (self->host, channel);
}

static void
share_lesson_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CongkakWindowLesson *self = user_data;

  congkak_window_lesson_set_sharing (self, self->host == NULL);
}

static void
ask_question_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CongkakWindowLesson *self = user_data;
  g_autoptr (GError) error = NULL;

  if (self->host && congkak_net_lesson_host_ask (self->host, &error) == 0)
    congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), error->message);
}

static void
end_question_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CongkakWindowLesson *self = user_data;

  if (self->host)
    congkak_net_lesson_host_end_question (self->host);
}

/* The student's side */

gboolean
congkak_window_lesson_get_following (CongkakWindowLesson *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_LESSON (self), FALSE);

  return self->follower != NULL && !self->ended;
}

CongkakNetLessonFollower *
congkak_window_lesson_get_follower (CongkakWindowLesson *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_LESSON (self), NULL);

  return self->follower;
}

GtkWidget *
congkak_window_lesson_get_bar (CongkakWindowLesson *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_LESSON (self), NULL);

  return GTK_WIDGET (self->bar);
}

/**
 * congkak_window_lesson_locks_board:
 *
 * Returns: whether the board takes no choice: the window follows a lesson
 *   and no question is open.
 */
gboolean
congkak_window_lesson_locks_board (CongkakWindowLesson *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_LESSON (self), FALSE);

  return congkak_window_lesson_get_following (self) && congkak_net_lesson_follower_get_question (self->follower) == 0;
}

static CongkakSide
question_side (CongkakWindowLesson *self)
{
  CongkakMatch *match = congkak_net_lesson_follower_get_match (self->follower);

  if (match == NULL)
    return CONGKAK_NOBODY;
  return congkak_game_get_state (congkak_match_get_cursor_game (match))->position.to_move;
}

/* The student's answer, marked on the board while the question is open. */
static void
show_answer (CongkakWindowLesson *self)
{
  guint question = congkak_net_lesson_follower_get_question (self->follower);
  int answer = congkak_net_lesson_follower_get_answer (self->follower);

  if (question == 0)
    return;
  congkak_board_view_set_tally (self->board, question_side (self), NULL, 0, answer);
}

static void
update_bar (CongkakWindowLesson *self)
{
  const char *teacher = congkak_net_lesson_follower_get_teacher_name (self->follower);
  g_autofree char *text = NULL;

  if (self->ended)
    return;
  if (congkak_net_lesson_follower_get_question (self->follower) != 0)
    /* TRANSLATORS: the teacher asked the class; %s is the teacher's name */
    text = g_strdup_printf (_("%s asks: what would you play? Choose a hole"), teacher && *teacher ? teacher : _("The teacher"));
  else if (teacher && *teacher)
    /* TRANSLATORS: %s is the teacher's name */
    text = g_strdup_printf (_("Following %s’s lesson"), teacher);
  else
    text = g_strdup (_("Following a lesson"));
  congkak_lesson_bar_set_text (self->bar, text);
}

static void
lock_board (CongkakWindowLesson *self)
{
  congkak_board_view_set_locked (self->board, congkak_window_lesson_locks_board (self));
}

/**
 * congkak_window_lesson_take_hole:
 *
 * A hole was chosen on the board: while following, it is the answer to
 * the open question, or nothing (the board is the teacher's).
 *
 * Returns: whether the click was the lesson's (else the session's).
 */
gboolean
congkak_window_lesson_take_hole (CongkakWindowLesson *self,
                                 CongkakSide          side,
                                 guint                hole)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (CONGKAK_IS_WINDOW_LESSON (self), FALSE);

  if (!congkak_window_lesson_get_following (self))
    return FALSE;
  if (congkak_net_lesson_follower_get_question (self->follower) == 0 || side != question_side (self))
    {
      gtk_widget_error_bell (GTK_WIDGET (self->board));
      return TRUE;
    }
  if (!congkak_net_lesson_follower_answer (self->follower, hole, &error))
    congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), error->message);
  show_answer (self);
  return TRUE;
}

/* Nothing of the mirror is kept but through Keep a Copy: it is the
 * teacher's match. */
static void
mirror_modified_cb (CongkakWindowLesson *self)
{
  if (self->mirror && !self->ended && congkak_document_get_modified (self->mirror))
    congkak_document_discard_changes (self->mirror);
}

static void
set_mirror_players (CongkakWindowLesson *self)
{
  CongkakSession *session = congkak_window_part_get_session (CONGKAK_WINDOW_PART (self));

  if (session == NULL || self->mirror == NULL || congkak_session_get_document (session) != self->mirror)
    return;
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      g_autoptr (CongkakPlayer) player = self->ended ? congkak_person_player_new ()
                                                     : g_object_new (CONGKAK_TYPE_LESSON_TEACHER, NULL);

      congkak_session_set_player (session, side, player);
    }
}

/* A snapshot: the lesson's match, new or renewed, goes on the board. */
static void
follower_match_cb (CongkakWindowLesson *self)
{
  CongkakMatch *match = congkak_net_lesson_follower_get_match (self->follower);

  if (match == NULL || self->ended)
    return;
  if (self->mirror && congkak_document_get_match (self->mirror) == match)
    return;
  if (self->mirror)
    g_signal_handlers_disconnect_by_data (self->mirror, self);
  g_clear_object (&self->mirror);
  self->mirror = congkak_document_new (match, NULL);
  g_signal_connect_object (self->mirror, "notify::modified", G_CALLBACK (mirror_modified_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_emit (self, signals[REPLACE_DOCUMENT], 0, self->mirror);
  set_mirror_players (self);
  lock_board (self);
  show_answer (self);
  update_bar (self);
}

/* One step of the lesson, shown as a move played here: from the position
 * before it (the session has already shown where it ends). */
static void
follower_move_played_cb (CongkakWindowLesson *self,
                         CongkakNode         *node,
                         GArray              *events,
                         gpointer             game)
{
  CongkakMatch *match = congkak_net_lesson_follower_get_match (self->follower);
  CongkakNode *parent = congkak_node_get_parent (node);

  if (self->mirror == NULL || congkak_document_get_match (self->mirror) != match || parent == NULL)
    return;
  congkak_board_view_set_tally (self->board, CONGKAK_NOBODY, NULL, 0, -1);
  congkak_board_view_set_game (self->board, congkak_match_get_game_at (match, parent));
  g_signal_emit (self, signals[SHOW_MOVE], 0, node, events, game);
  lock_board (self);
}

static void
follower_cursor_moved_cb (CongkakWindowLesson *self)
{
  congkak_board_view_set_tally (self->board, CONGKAK_NOBODY, NULL, 0, -1);
  show_answer (self);
  lock_board (self);
}

static void
follower_question_asked_cb (CongkakWindowLesson *self)
{
  show_answer (self);
  lock_board (self);
  update_bar (self);
  congkak_board_view_focus_side (self->board, question_side (self));
}

/* The class's answers, if the teacher sent them, with the student's own
 * marked; gone with the next step. */
static void
follower_question_ended_cb (CongkakWindowLesson *self)
{
  guint n_holes = 0;
  const guint *tally = congkak_net_lesson_follower_get_tally (self->follower, &n_holes);

  congkak_board_view_set_tally (self->board, tally ? question_side (self) : CONGKAK_NOBODY, tally, n_holes, -1);
  lock_board (self);
  update_bar (self);
}

static void
follower_ended_cb (CongkakWindowLesson *self,
                   const char          *reason)
{
  self->ended = TRUE;
  congkak_lesson_bar_set_text (self->bar, reason);
  congkak_lesson_bar_set_ended (self->bar, TRUE);
  congkak_board_view_set_tally (self->board, CONGKAK_NOBODY, NULL, 0, -1);
  /* The match is the student's now: to step through, or play on. */
  set_mirror_players (self);
  lock_board (self);
  update_teacher_actions (self);
}

static void
stop_following (CongkakWindowLesson *self)
{
  if (self->follower)
    {
      g_signal_handlers_disconnect_by_data (self->follower, self);
      congkak_net_lesson_follower_leave (self->follower);
    }
  g_clear_object (&self->follower);
  if (self->mirror)
    g_signal_handlers_disconnect_by_data (self->mirror, self);
  g_clear_object (&self->mirror);
  self->ended = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->bar), FALSE);
  congkak_board_view_set_tally (self->board, CONGKAK_NOBODY, NULL, 0, -1);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self), "keep-lesson-copy", FALSE);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self), "leave-lesson", FALSE);
  update_teacher_actions (self);
}

/**
 * congkak_window_lesson_follow:
 * @channel: the connection to the teacher's app, as a follower
 *
 * Follows the lesson on @channel in this window: its match comes on the
 * board with the teacher's first message.
 */
void
congkak_window_lesson_follow (CongkakWindowLesson *self,
                              CongkakNetChannel   *channel)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_LESSON (self));
  g_return_if_fail (CONGKAK_IS_NET_CHANNEL (channel));

  stop_sharing (self);
  stop_following (self);
  self->follower = congkak_net_lesson_follower_new (channel);
  g_signal_connect_object (self->follower, "notify::match", G_CALLBACK (follower_match_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->follower, "notify::teacher-name", G_CALLBACK (update_bar), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->follower, "move-played", G_CALLBACK (follower_move_played_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->follower, "cursor-moved", G_CALLBACK (follower_cursor_moved_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->follower, "question-asked", G_CALLBACK (follower_question_asked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->follower, "question-ended", G_CALLBACK (follower_question_ended_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->follower, "ended", G_CALLBACK (follower_ended_cb), self, G_CONNECT_SWAPPED);
  congkak_lesson_bar_set_ended (self->bar, FALSE);
  update_bar (self);
  gtk_widget_set_visible (GTK_WIDGET (self->bar), TRUE);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self), "keep-lesson-copy", TRUE);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self), "leave-lesson", TRUE);
  update_teacher_actions (self);
  follower_match_cb (self);
}

static void
keep_lesson_copy_action (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  CongkakWindowLesson *self = user_data;
  g_autoptr (CongkakMatch) copy = NULL;
  g_autoptr (GError) error = NULL;
  AdwToast *toast;

  if (self->follower == NULL)
    return;
  copy = congkak_net_lesson_follower_copy_match (self->follower);
  if (copy == NULL)
    {
      congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), _("The lesson’s match has not arrived yet"));
      return;
    }
  if (congkak_library_record (congkak_workspace_get_library (self->workspace), copy, NULL, &error) == NULL)
    {
      congkak_window_part_show_error (CONGKAK_WINDOW_PART (self), _("The Copy Cannot Be Kept"), error->message);
      return;
    }
  toast = adw_toast_new (_("A copy of the lesson is in the match library"));
  adw_toast_set_button_label (toast, _("_Show"));
  adw_toast_set_action_name (toast, "win.show-library");
  congkak_window_part_add_toast (CONGKAK_WINDOW_PART (self), toast);
}

static void
leave_lesson_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CongkakWindowLesson *self = user_data;
  gboolean was_following = congkak_window_lesson_get_following (self);

  if (self->mirror && !self->ended)
    {
      /* The match stays on the board, the student's own from now on. */
      self->ended = TRUE;
      set_mirror_players (self);
    }
  stop_following (self);
  lock_board (self);
  if (was_following)
    congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), _("You left the lesson"));
}

static void
follow_lesson_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data);

static const GActionEntry actions[] = {
  { "share-lesson", share_lesson_action, NULL, "false" },
  { "ask-question", ask_question_action },
  { "end-question", end_question_action },
  { "follow-lesson", follow_lesson_action },
  { "keep-lesson-copy", keep_lesson_copy_action },
  { "leave-lesson", leave_lesson_action },
};

/* The dialog */

/* The teacher's app answered, or said why not. */
static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (CongkakFollowDialog) dialog = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakNetChannel) channel = congkak_net_client_connect_finish (result, &error);
  CongkakWindowLesson *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = g_object_get_data (G_OBJECT (dialog), "congkak-lesson");
  congkak_follow_dialog_set_busy (dialog, FALSE);
  if (self == NULL || channel == NULL)
    {
      congkak_follow_dialog_set_problem (dialog, error ? error->message : NULL);
      return;
    }
  g_clear_object (&self->connecting);
  congkak_window_lesson_follow (self, channel);
  adw_dialog_close (ADW_DIALOG (dialog));
}

/* The address and code typed or picked: the transport connects to the
 * teacher's app as a follower. */
static void
dialog_follow_cb (CongkakWindowLesson *self,
                  const char          *address,
                  const char          *code,
                  CongkakFollowDialog *dialog)
{
  if (self->connecting)
    g_cancellable_cancel (self->connecting);
  g_clear_object (&self->connecting);
  self->connecting = g_cancellable_new ();
  congkak_follow_dialog_set_busy (dialog, TRUE);
  g_object_set_data (G_OBJECT (dialog), "congkak-lesson", self);
  congkak_net_client_connect_async (address, code, CONGKAK_NET_ROLE_FOLLOWER, person_name (), self->connecting,
                                    connected_cb, g_object_ref (dialog));
}

static void
follow_lesson_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  CongkakWindowLesson *self = user_data;
  GtkWidget *window = congkak_window_part_get_window (CONGKAK_WINDOW_PART (self));
  g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL);
  g_autoptr (CongkakNetBrowser) browser = congkak_net_browser_new (bus);
  CongkakFollowDialog *dialog;

  if (window == NULL)
    return;
  dialog = congkak_follow_dialog_new (browser);
  g_signal_connect_object (dialog, "follow", G_CALLBACK (dialog_follow_cb), self, G_CONNECT_SWAPPED);
  adw_dialog_present (ADW_DIALOG (dialog), window);
}

void
congkak_window_lesson_install (GtkWidgetClass              *window_class,
                               GtkWidgetActionActivateFunc  activate)
{
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_L, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.share-lesson", NULL);
  gtk_widget_class_add_binding_action (window_class, GDK_KEY_l, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.share-lesson", NULL);
}

/* Another match on show: the lesson shares it (the host sends everyone a
 * fresh snapshot). */
static void
congkak_window_lesson_session_changed (CongkakWindowPart *part)
{
  CongkakWindowLesson *self = CONGKAK_WINDOW_LESSON (part);
  CongkakMatch *match = shown_match (self);

  if (self->host && match)
    congkak_net_lesson_host_set_match (self->host, match);
  else if (self->host)
    stop_sharing (self);
  if (self->follower && self->mirror
      && congkak_window_part_get_document (part) != self->mirror && !self->ended)
    /* The student opened another match here: the lesson is left. */
    stop_following (self);
  set_mirror_players (self);
  update_teacher_actions (self);
}

static void
congkak_window_lesson_dispose (GObject *object)
{
  CongkakWindowLesson *self = CONGKAK_WINDOW_LESSON (object);

  if (self->connecting)
    g_cancellable_cancel (self->connecting);
  g_clear_object (&self->connecting);
  stop_sharing (self);
  stop_following (self);
  g_clear_object (&self->workspace);

  G_OBJECT_CLASS (congkak_window_lesson_parent_class)->dispose (object);
}

static void
congkak_window_lesson_class_init (CongkakWindowLessonClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = congkak_window_lesson_dispose;
  CONGKAK_WINDOW_PART_CLASS (klass)->session_changed = congkak_window_lesson_session_changed;

  /**
   * CongkakWindowLesson::replace-document:
   *
   * The lesson's match (a mirror of the teacher's) is to be shown here.
   */
  signals[REPLACE_DOCUMENT] =
    g_signal_new ("replace-document", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CONGKAK_TYPE_DOCUMENT);
  /**
   * CongkakWindowLesson::show-move:
   * @node: the move, the mirror's cursor
   * @events: its events
   * @game: (type gpointer): the `const CongkakGame *` after it
   *
   * Show a step of the lesson as a move played here.
   */
  signals[SHOW_MOVE] =
    g_signal_new ("show-move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, CONGKAK_TYPE_NODE, G_TYPE_ARRAY, G_TYPE_POINTER);
}

static void
congkak_window_lesson_init (CongkakWindowLesson *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self), "keep-lesson-copy", FALSE);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self), "leave-lesson", FALSE);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self), "ask-question", FALSE);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self), "end-question", FALSE);
  congkak_window_part_set_action_enabled (CONGKAK_WINDOW_PART (self), "share-lesson", FALSE);
}

/* The panel goes between the status and the board, the bar above all. */
CongkakWindowLesson *
congkak_window_lesson_new (GtkWidget        *window,
                           AdwToastOverlay  *toasts,
                           CongkakWorkspace *workspace,
                           CongkakBoardView *board,
                           AdwToolbarView   *toolbar_view,
                           GtkBox           *board_box,
                           CongkakPresentationBar *presentation_bar)
{
  CongkakWindowLesson *self = g_object_new (CONGKAK_TYPE_WINDOW_LESSON,
                                            "window", window,
                                            "toasts", toasts,
                                            NULL);

  self->workspace = g_object_ref (workspace);
  self->board = board;
  self->toolbar_view = toolbar_view;
  self->presentation_bar = presentation_bar;
  self->panel = CONGKAK_LESSON_PANEL (congkak_lesson_panel_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->panel), FALSE);
  gtk_box_insert_child_after (board_box, GTK_WIDGET (self->panel), gtk_widget_get_first_child (GTK_WIDGET (board_box)));
  self->bar = CONGKAK_LESSON_BAR (congkak_lesson_bar_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->bar), FALSE);
  adw_toolbar_view_add_top_bar (toolbar_view, GTK_WIDGET (self->bar));
  return self;
}
