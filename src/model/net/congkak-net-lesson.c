/* congkak-net-lesson.c — a lesson followed over the network
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The host tells its followers what changed in the teacher's match as the
 * match's own signals say it: a move added at the cursor and the cursor
 * on it is "lesson-move", any other cursor change "lesson-cursor", a
 * comment or mark "lesson-node"; every other change of the tree or the
 * details (a variation deleted or promoted, an undo, players renamed)
 * sends the whole match again at the next idle ("lesson-state"), which is
 * also what a follower that joins, falls behind or loses step receives.
 * Each message carries a sequence number that the follower acknowledges;
 * the acknowledgements bound what is on its way to anyone (the window).
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-match-file.h"
#include "congkak-net-lesson.h"

G_DEFINE_QUARK (congkak-net-lesson-error-quark, congkak_net_lesson_error)

/* The messages */
#define LESSON_STATE         "lesson-state"
#define LESSON_MOVE          "lesson-move"
#define LESSON_CURSOR        "lesson-cursor"
#define LESSON_NODE          "lesson-node"
#define LESSON_QUESTION      "lesson-question"
#define LESSON_QUESTION_END  "lesson-question-end"
#define LESSON_END           "lesson-end"
#define LESSON_ACK           "lesson-ack"
#define LESSON_ANSWER        "lesson-answer"

/* Sequence numbers and question ids stay exact in every JSON reader. */
#define MAX_JSON_INTEGER ((G_GUINT64_CONSTANT (1) << 53) - 1)

/* Reading members: a member of the wrong type is missing. */

static gboolean
member_uint (JsonObject *object,
             const char *name,
             guint64     max,
             guint64    *value)
{
  JsonNode *node = json_object_get_member (object, name);
  gint64 number;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  number = json_node_get_int (node);
  if (number < 0 || (guint64) number > max)
    return FALSE;
  *value = number;
  return TRUE;
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
member_true (JsonObject *object,
             const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN
         && json_node_get_boolean (node);
}

static gboolean
node_in_tree (CongkakMatch *match,
              CongkakNode  *node)
{
  while (congkak_node_get_parent (node) != NULL)
    node = congkak_node_get_parent (node);
  return node == congkak_match_get_root (match);
}

/* The side that chooses a hole at @node, or CONGKAK_NOBODY */
static CongkakSide
chooser_at (CongkakMatch *match,
            CongkakNode  *node)
{
  const CongkakState *state = congkak_game_get_state (congkak_match_get_game_at (match, node));
  guint8 holes[CONGKAK_MAX_HOLES];

  if (state->phase != CONGKAK_PHASE_PLAYING
      || congkak_state_legal_moves (state, congkak_match_get_rules (match), holes) == 0)
    return CONGKAK_NOBODY;
  return state->position.to_move;
}

static gboolean
hole_is_legal_at (CongkakMatch *match,
                  CongkakNode  *node,
                  guint         hole)
{
  const CongkakState *state = congkak_game_get_state (congkak_match_get_game_at (match, node));

  return state->phase == CONGKAK_PHASE_PLAYING && hole < state->position.n_holes
         && congkak_state_is_legal (state, congkak_match_get_rules (match), hole);
}

/* The teacher's side */

typedef struct
{
  CongkakNetLessonHost *host;       /* unowned: the host owns this */
  CongkakNetChannel    *channel;
  char                 *name;

  /* Flow: what is on its way, oldest first */
  guint64               in_flight[CONGKAK_NET_LESSON_WINDOW];
  guint                 n_in_flight;
  guint64               last_snapshot;  /* the last "lesson-state" sent */
  gboolean              behind;         /* a snapshot goes once all is acknowledged */

  int                   answer;         /* the hole answered to the open question, or -1 */
} Follower;

struct _CongkakNetLessonHost
{
  GObject       parent_instance;

  CongkakMatch *match;
  GPtrArray    *followers;        /* of Follower */
  guint64       seq;              /* the last sequence number given */
  gboolean      stopped;

  /* What the followers have been told of the match */
  CongkakNode  *sent_cursor;
  guint         sent_cursor_children;
  guint         sent_n_nodes;
  CongkakNode  *pending_append;   /* a move added at sent_cursor; the cursor is to follow */
  guint         moves_ahead;      /* moves told before their ::tree-changed (redo) */
  gboolean      snapshot_due;
  guint         sync_id;
  JsonNode     *shared_match;     /* the match as sent, until it changes */

  /* "What would you play?" */
  guint         question;         /* the last one asked; 0 before the first */
  gboolean      question_open;
  CongkakNode  *question_node;
  CongkakSide   question_side;
  guint         n_holes;
  guint         tally[CONGKAK_MAX_HOLES];
  guint         n_answers;
};

G_DEFINE_FINAL_TYPE (CongkakNetLessonHost, congkak_net_lesson_host, G_TYPE_OBJECT)

enum
{
  HOST_PROP_0,
  HOST_PROP_MATCH,
  HOST_PROP_N_FOLLOWERS,
  HOST_PROP_QUESTION,
  HOST_PROP_TALLY,
  HOST_PROP_N_ANSWERS,
  HOST_N_PROPS
};

enum
{
  HOST_FOLLOWER_JOINED,
  HOST_FOLLOWER_LEFT,
  HOST_N_SIGNALS
};

static GParamSpec *host_properties[HOST_N_PROPS];
static guint host_signals[HOST_N_SIGNALS];

static void follower_message_cb (CongkakNetChannel *channel,
                                 JsonObject        *message,
                                 Follower          *follower);
static void follower_closed_cb  (CongkakNetChannel *channel,
                                 const char        *reason,
                                 Follower          *follower);

static void
follower_free (gpointer data)
{
  Follower *follower = data;

  g_signal_handlers_disconnect_by_data (follower->channel, follower);
  g_object_unref (follower->channel);
  g_free (follower->name);
  g_free (follower);
}

static void
notify_tally (CongkakNetLessonHost *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), host_properties[HOST_PROP_TALLY]);
  g_object_notify_by_pspec (G_OBJECT (self), host_properties[HOST_PROP_N_ANSWERS]);
}

/* Sending */

/* Sends @message, numbered @seq, unless @follower is behind or its window
 * is full (then it is behind, and gets a snapshot once it catches up).
 * Returns whether it went. */
static gboolean
follower_send (Follower   *follower,
               JsonObject *message,
               guint64     seq)
{
  if (follower->behind)
    return FALSE;
  if (follower->n_in_flight == CONGKAK_NET_LESSON_WINDOW)
    {
      follower->behind = TRUE;
      g_info ("Lesson: follower “%s” is behind; it gets a snapshot once it catches up", follower->name);
      return FALSE;
    }
  follower->in_flight[follower->n_in_flight++] = seq;
  json_object_set_int_member (message, "seq", seq);
  congkak_net_channel_send (follower->channel, message);
  return TRUE;
}

static void
broadcast (CongkakNetLessonHost *self,
           JsonObject           *message)
{
  guint64 seq = ++self->seq;

  for (guint i = 0; i < self->followers->len; i++)
    follower_send (g_ptr_array_index (self->followers, i), message, seq);
}

/* The match as followers get it: the match file's JSON, without the
 * library's identity of the match.  Kept until the match changes. */
static JsonNode *
get_shared_match (CongkakNetLessonHost *self)
{
  if (self->shared_match == NULL)
    {
      g_autoptr (CongkakMatch) copy = congkak_match_copy (self->match);
      g_autofree char *text = NULL;

      congkak_match_set_metadata (copy, CONGKAK_METADATA_ID, NULL);
      text = congkak_match_save_to_data (copy, NULL);
      self->shared_match = json_from_string (text, NULL);
      g_assert (self->shared_match != NULL && JSON_NODE_HOLDS_OBJECT (self->shared_match));
    }
  return self->shared_match;
}

static void
forget_shared_match (CongkakNetLessonHost *self)
{
  g_clear_pointer (&self->shared_match, json_node_unref);
}

/* The open question's members: its id, where it is asked, and the ply
 * there (the moves from the start). */
static void
add_question (CongkakNetLessonHost *self,
              JsonObject           *object)
{
  g_autofree char *path = congkak_node_dup_path (self->question_node);

  json_object_set_int_member (object, "question", self->question);
  json_object_set_string_member (object, "cursor", path);
  json_object_set_int_member (object, "ply", congkak_node_get_depth (self->question_node));
}

static void
follower_send_snapshot (Follower *follower)
{
  CongkakNetLessonHost *self = follower->host;
  g_autoptr (JsonObject) message = congkak_net_message_new (LESSON_STATE);
  g_autofree char *cursor = congkak_node_dup_path (congkak_match_get_cursor (self->match));

  json_object_set_int_member (message, "version", CONGKAK_NET_LESSON_VERSION);
  json_object_set_member (message, "match", json_node_ref (get_shared_match (self)));
  json_object_set_string_member (message, "cursor", cursor);
  if (self->question_open)
    {
      JsonObject *question = json_object_new ();

      add_question (self, question);
      if (follower->answer >= 0)
        json_object_set_int_member (question, "answer", follower->answer);
      json_object_set_object_member (message, "question", question);
    }
  follower->behind = FALSE;
  if (follower_send (follower, message, self->seq + 1))
    follower->last_snapshot = ++self->seq;
}

/* Now the followers know the match as it is. */
static void
mark_in_step (CongkakNetLessonHost *self)
{
  CongkakNode *cursor = congkak_match_get_cursor (self->match);

  g_set_object (&self->sent_cursor, cursor);
  self->sent_cursor_children = congkak_node_get_n_children (cursor);
  self->sent_n_nodes = congkak_match_get_n_nodes (self->match);
  g_clear_object (&self->pending_append);
  self->moves_ahead = 0;
  self->snapshot_due = FALSE;
}

static void
broadcast_snapshot (CongkakNetLessonHost *self)
{
  g_clear_handle_id (&self->sync_id, g_source_remove);
  for (guint i = 0; i < self->followers->len; i++)
    {
      Follower *follower = g_ptr_array_index (self->followers, i);

      if (follower->behind)
        continue;
      if (follower->n_in_flight == CONGKAK_NET_LESSON_WINDOW)
        follower->behind = TRUE;
      else
        follower_send_snapshot (follower);
    }
  mark_in_step (self);
}

static gboolean
sync_cb (gpointer data)
{
  CongkakNetLessonHost *self = data;

  self->sync_id = 0;
  /* A move was added but the cursor did not follow it, or the tree
   * changed otherwise: the followers get it whole. */
  if (self->snapshot_due || self->pending_append != NULL)
    broadcast_snapshot (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_sync (CongkakNetLessonHost *self)
{
  if (self->sync_id == 0)
    self->sync_id = g_idle_add (sync_cb, self);
}

static void
schedule_snapshot (CongkakNetLessonHost *self)
{
  self->snapshot_due = TRUE;
  schedule_sync (self);
}

/* Whether @node is the one move added, last, at the cursor the followers
 * know, and nothing else changed. */
static gboolean
is_single_append (CongkakNetLessonHost *self,
                  CongkakNode          *node)
{
  CongkakNode *parent = self->sent_cursor;
  guint n_children = congkak_node_get_n_children (parent);

  return congkak_match_get_n_nodes (self->match) == self->sent_n_nodes + 1
         && congkak_node_get_parent (node) == parent
         && n_children == self->sent_cursor_children + 1
         && congkak_node_get_child (parent, n_children - 1) == node
         && congkak_node_get_n_children (node) == 0;
}

static void
broadcast_move (CongkakNetLessonHost *self,
                CongkakNode          *node)
{
  g_autoptr (JsonObject) message = congkak_net_message_new (LESSON_MOVE);
  g_autofree char *at = congkak_node_dup_path (congkak_node_get_parent (node));
  g_autofree char *move = congkak_node_dup_move_text (node);
  g_autofree char *path = congkak_node_dup_path (node);

  json_object_set_string_member (message, "at", at);
  json_object_set_string_member (message, "move", move);
  json_object_set_string_member (message, "cursor", path);
  broadcast (self, message);
  mark_in_step (self);
}

static void
broadcast_cursor (CongkakNetLessonHost *self,
                  CongkakNode          *node)
{
  g_autoptr (JsonObject) message = congkak_net_message_new (LESSON_CURSOR);
  g_autofree char *path = congkak_node_dup_path (node);

  json_object_set_string_member (message, "cursor", path);
  broadcast (self, message);
  g_set_object (&self->sent_cursor, node);
  self->sent_cursor_children = congkak_node_get_n_children (node);
}

static void
end_question (CongkakNetLessonHost *self)
{
  g_autoptr (JsonObject) message = NULL;
  JsonArray *tally;

  if (!self->question_open)
    return;
  self->question_open = FALSE;

  message = congkak_net_message_new (LESSON_QUESTION_END);
  json_object_set_int_member (message, "question", self->question);
  tally = json_array_sized_new (self->n_holes);
  for (guint hole = 0; hole < self->n_holes; hole++)
    json_array_add_int_element (tally, self->tally[hole]);
  json_object_set_array_member (message, "tally", tally);
  broadcast (self, message);
  g_object_notify_by_pspec (G_OBJECT (self), host_properties[HOST_PROP_QUESTION]);
}

/* Watching the teacher's match */

static void
match_cursor_cb (CongkakNetLessonHost *self)
{
  CongkakNode *cursor = congkak_match_get_cursor (self->match);

  if (cursor == self->sent_cursor && self->pending_append == NULL)
    return;
  /* The teacher plays on: the question is over. */
  end_question (self);
  if (self->snapshot_due)
    return;
  if (self->pending_append != NULL)
    {
      if (cursor == self->pending_append)
        broadcast_move (self, cursor);
      else
        schedule_snapshot (self);
      return;
    }
  if (congkak_match_get_n_nodes (self->match) != self->sent_n_nodes)
    {
      /* A redo puts the cursor on the move before ::tree-changed. */
      if (is_single_append (self, cursor))
        {
          broadcast_move (self, cursor);
          self->moves_ahead++;
        }
      else
        schedule_snapshot (self);
      return;
    }
  broadcast_cursor (self, cursor);
}

static void
match_tree_changed_cb (CongkakNetLessonHost *self)
{
  guint n_children;

  forget_shared_match (self);
  if (self->snapshot_due)
    return;
  if (self->moves_ahead > 0 && congkak_match_get_n_nodes (self->match) == self->sent_n_nodes)
    {
      self->moves_ahead--;
      return;
    }
  n_children = congkak_node_get_n_children (self->sent_cursor);
  if (self->pending_append == NULL && n_children > 0)
    {
      CongkakNode *last = congkak_node_get_child (self->sent_cursor, n_children - 1);

      if (is_single_append (self, last))
        {
          /* congkak_match_play() moves the cursor there next. */
          self->pending_append = g_object_ref (last);
          schedule_sync (self);
          return;
        }
    }
  schedule_snapshot (self);
}

static void
match_node_changed_cb (CongkakNetLessonHost *self,
                       CongkakNode          *node)
{
  g_autoptr (JsonObject) message = NULL;
  g_autofree char *path = NULL;

  forget_shared_match (self);
  if (self->snapshot_due || self->pending_append != NULL || !node_in_tree (self->match, node))
    return;
  message = congkak_net_message_new (LESSON_NODE);
  path = congkak_node_dup_path (node);
  json_object_set_string_member (message, "node", path);
  json_object_set_string_member (message, "comment", congkak_node_get_comment (node));
  json_object_set_string_member (message, "mark", congkak_mark_to_string (congkak_node_get_mark (node)));
  broadcast (self, message);
}

static void
match_details_changed_cb (CongkakNetLessonHost *self)
{
  forget_shared_match (self);
  schedule_snapshot (self);
}

/* Followers */

static Follower *
find_follower (CongkakNetLessonHost *self,
               CongkakNetChannel    *channel)
{
  for (guint i = 0; i < self->followers->len; i++)
    {
      Follower *follower = g_ptr_array_index (self->followers, i);

      if (follower->channel == channel)
        return follower;
    }
  return NULL;
}

/* Closes @follower's channel for something it may not send; the teacher's
 * match is never touched.  @follower is gone afterwards. */
static void G_GNUC_PRINTF (2, 3)
refuse (Follower   *follower,
        const char *format,
        ...)
{
  g_autofree char *reason = NULL;
  va_list args;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);

  g_message ("Lesson: closed the connection of follower “%s”: %s", follower->name, reason);
  congkak_net_channel_close (follower->channel, reason);
}

static void
forget_answer (CongkakNetLessonHost *self,
               Follower             *follower)
{
  if (follower->answer < 0)
    return;
  self->tally[follower->answer]--;
  self->n_answers--;
  follower->answer = -1;
}

static void
remove_follower (CongkakNetLessonHost *self,
                 Follower             *follower,
                 const char           *reason)
{
  g_autofree char *name = g_strdup (follower->name);
  gboolean answered = follower->answer >= 0;

  forget_answer (self, follower);
  g_ptr_array_remove (self->followers, follower);
  g_signal_emit (self, host_signals[HOST_FOLLOWER_LEFT], 0, name, reason);
  g_object_notify_by_pspec (G_OBJECT (self), host_properties[HOST_PROP_N_FOLLOWERS]);
  if (answered)
    notify_tally (self);
}

static void
follower_closed_cb (CongkakNetChannel *channel,
                    const char        *reason,
                    Follower          *follower)
{
  remove_follower (follower->host, follower, reason);
}

static void
handle_ack (Follower   *follower,
            JsonObject *message)
{
  guint64 seq;
  guint index;

  if (!member_uint (message, "seq", MAX_JSON_INTEGER, &seq))
    {
      refuse (follower, "an acknowledgement without a sequence number");
      return;
    }
  for (index = 0; index < follower->n_in_flight; index++)
    if (follower->in_flight[index] == seq)
      break;
  if (index == follower->n_in_flight)
    {
      refuse (follower, "acknowledged message %" G_GUINT64_FORMAT ", which is not on its way", seq);
      return;
    }
  follower->n_in_flight -= index + 1;
  memmove (follower->in_flight, follower->in_flight + index + 1, follower->n_in_flight * sizeof (guint64));

  if (member_true (message, "resync"))
    {
      /* It could not follow a step: a snapshot sets it right, unless one
       * is on its way already.  A snapshot it cannot take is its end. */
      if (seq == follower->last_snapshot)
        {
          refuse (follower, "asked for the lesson again after a snapshot");
          return;
        }
      if (seq > follower->last_snapshot)
        follower->behind = TRUE;
    }
  if (follower->behind && follower->n_in_flight == 0)
    follower_send_snapshot (follower);
}

static void
handle_answer (Follower   *follower,
               JsonObject *message)
{
  CongkakNetLessonHost *self = follower->host;
  guint64 question, hole;

  if (!member_uint (message, "question", MAX_JSON_INTEGER, &question) || question == 0)
    {
      refuse (follower, "an answer without a question");
      return;
    }
  if (!member_uint (message, "hole", CONGKAK_MAX_HOLES - 1, &hole))
    {
      refuse (follower, "an answer without a hole of the board");
      return;
    }
  if (question > self->question)
    {
      refuse (follower, "answered question %" G_GUINT64_FORMAT ", which was never asked", question);
      return;
    }
  /* An answer that crossed the question's end on the way is late, no
   * more. */
  if (question < self->question || !self->question_open)
    {
      g_info ("Lesson: follower “%s” answered question %" G_GUINT64_FORMAT " after it ended",
              follower->name, question);
      return;
    }
  if (hole >= self->n_holes)
    {
      refuse (follower, "answered hole %" G_GUINT64_FORMAT " of a board of %u holes", hole, self->n_holes);
      return;
    }
  if (!hole_is_legal_at (self->match, self->question_node, hole))
    {
      g_info ("Lesson: follower “%s” answered hole %" G_GUINT64_FORMAT ", which cannot be sown",
              follower->name, hole);
      return;
    }

  if (follower->answer == (int) hole)
    return;
  if (follower->answer >= 0)
    self->tally[follower->answer]--;
  else
    self->n_answers++;
  self->tally[hole]++;
  follower->answer = hole;
  notify_tally (self);
}

static void
follower_message_cb (CongkakNetChannel *channel,
                     JsonObject        *message,
                     Follower          *follower)
{
  const char *type = congkak_net_message_get_type (message);

  if (g_strcmp0 (type, LESSON_ACK) == 0)
    handle_ack (follower, message);
  else if (g_strcmp0 (type, LESSON_ANSWER) == 0)
    handle_answer (follower, message);
  else
    refuse (follower, "a follower may not send “%s”", type ? type : "");
}

/**
 * congkak_net_lesson_host_add_follower:
 * @channel: a follower's channel, from the transport
 *
 * Takes @channel into the lesson and sends it the match and where the
 * lesson stands.  A channel that asked to play rather than follow, one
 * past %CONGKAK_NET_LESSON_MAX_FOLLOWERS or one after the lesson stopped
 * is closed with a logged reason.
 */
void
congkak_net_lesson_host_add_follower (CongkakNetLessonHost *self,
                                      CongkakNetChannel    *channel)
{
  Follower *follower;
  const char *refusal = NULL;

  g_return_if_fail (CONGKAK_IS_NET_LESSON_HOST (self));
  g_return_if_fail (CONGKAK_IS_NET_CHANNEL (channel));
  g_return_if_fail (find_follower (self, channel) == NULL);

  if (!congkak_net_channel_is_open (channel))
    return;
  if (self->stopped)
    refusal = "the lesson has ended";
  else if (congkak_net_channel_get_role (channel) != CONGKAK_NET_ROLE_FOLLOWER)
    refusal = "a lesson takes followers, not players";
  else if (self->followers->len >= CONGKAK_NET_LESSON_MAX_FOLLOWERS)
    refusal = "the lesson is full";
  if (refusal)
    {
      g_message ("Lesson: turned away “%s”: %s", congkak_net_channel_get_peer_name (channel), refusal);
      congkak_net_channel_close (channel, refusal);
      return;
    }

  follower = g_new0 (Follower, 1);
  follower->host = self;
  follower->channel = g_object_ref (channel);
  follower->name = g_strdup (congkak_net_channel_get_peer_name (channel));
  follower->answer = -1;
  g_ptr_array_add (self->followers, follower);
  g_signal_connect (channel, "message", G_CALLBACK (follower_message_cb), follower);
  g_signal_connect (channel, "closed", G_CALLBACK (follower_closed_cb), follower);

  follower_send_snapshot (follower);
  g_signal_emit (self, host_signals[HOST_FOLLOWER_JOINED], 0, follower->name);
  g_object_notify_by_pspec (G_OBJECT (self), host_properties[HOST_PROP_N_FOLLOWERS]);
}

guint
congkak_net_lesson_host_get_n_followers (CongkakNetLessonHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_HOST (self), 0);

  return self->followers->len;
}

/**
 * congkak_net_lesson_host_stop:
 *
 * Ends the lesson: the followers are told so and their channels closed;
 * none is taken afterwards.
 */
void
congkak_net_lesson_host_stop (CongkakNetLessonHost *self)
{
  g_autoptr (JsonObject) message = NULL;
  g_autoptr (GPtrArray) channels = NULL;

  g_return_if_fail (CONGKAK_IS_NET_LESSON_HOST (self));

  if (self->stopped)
    return;
  end_question (self);
  self->stopped = TRUE;
  g_clear_handle_id (&self->sync_id, g_source_remove);

  /* The end goes past a full window: it is the last message. */
  message = congkak_net_message_new (LESSON_END);
  json_object_set_int_member (message, "seq", ++self->seq);
  channels = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < self->followers->len; i++)
    {
      Follower *follower = g_ptr_array_index (self->followers, i);

      congkak_net_channel_send (follower->channel, message);
      g_ptr_array_add (channels, g_object_ref (follower->channel));
    }
  for (guint i = 0; i < channels->len; i++)
    congkak_net_channel_close (g_ptr_array_index (channels, i), "the lesson ended");
}

/* The match */

static void
watch_match (CongkakNetLessonHost *self)
{
  g_signal_connect_object (self->match, "notify::cursor", G_CALLBACK (match_cursor_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "tree-changed", G_CALLBACK (match_tree_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "node-changed", G_CALLBACK (match_node_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "details-changed", G_CALLBACK (match_details_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

CongkakMatch *
congkak_net_lesson_host_get_match (CongkakNetLessonHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_HOST (self), NULL);

  return self->match;
}

/**
 * congkak_net_lesson_host_set_match:
 *
 * The lesson goes on with another match (the teacher opened one): the
 * followers get it whole.
 */
void
congkak_net_lesson_host_set_match (CongkakNetLessonHost *self,
                                   CongkakMatch         *match)
{
  g_return_if_fail (CONGKAK_IS_NET_LESSON_HOST (self));
  g_return_if_fail (CONGKAK_IS_MATCH (match));

  if (self->match == match)
    return;
  end_question (self);
  if (self->match)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_set_object (&self->match, match);
  forget_shared_match (self);
  watch_match (self);
  broadcast_snapshot (self);
  g_object_notify_by_pspec (G_OBJECT (self), host_properties[HOST_PROP_MATCH]);
}

/* Questions */

/**
 * congkak_net_lesson_host_ask:
 *
 * Asks the followers "What would you play?" at the match's cursor, ending
 * the question before.  The tally starts at nought; it ends with
 * congkak_net_lesson_host_end_question() or when the cursor moves.
 *
 * Returns: the question's id, or 0 with @error set when nobody chooses a
 *   hole at this position.
 */
guint
congkak_net_lesson_host_ask (CongkakNetLessonHost *self,
                             GError              **error)
{
  g_autoptr (JsonObject) message = NULL;
  CongkakNode *cursor;
  CongkakSide side;

  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_HOST (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  cursor = congkak_match_get_cursor (self->match);
  side = chooser_at (self->match, cursor);
  if (side == CONGKAK_NOBODY)
    {
      g_set_error_literal (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_NO_CHOICE,
                           _("Nobody sows a hole in this position: ask on a position where a player chooses."));
      return 0;
    }

  end_question (self);
  self->question++;
  self->question_open = TRUE;
  g_set_object (&self->question_node, cursor);
  self->question_side = side;
  self->n_holes = congkak_game_get_state (congkak_match_get_cursor_game (self->match))->position.n_holes;
  memset (self->tally, 0, sizeof self->tally);
  self->n_answers = 0;
  for (guint i = 0; i < self->followers->len; i++)
    ((Follower *) g_ptr_array_index (self->followers, i))->answer = -1;

  message = congkak_net_message_new (LESSON_QUESTION);
  add_question (self, message);
  broadcast (self, message);

  g_object_notify_by_pspec (G_OBJECT (self), host_properties[HOST_PROP_QUESTION]);
  notify_tally (self);
  return self->question;
}

/**
 * congkak_net_lesson_host_end_question:
 *
 * Ends the open question: the followers are told, with the tally.
 */
void
congkak_net_lesson_host_end_question (CongkakNetLessonHost *self)
{
  g_return_if_fail (CONGKAK_IS_NET_LESSON_HOST (self));

  end_question (self);
}

/**
 * congkak_net_lesson_host_get_question:
 *
 * Returns: the id of the open question, or 0 when none is open
 */
guint
congkak_net_lesson_host_get_question (CongkakNetLessonHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_HOST (self), 0);

  return self->question_open ? self->question : 0;
}

/**
 * congkak_net_lesson_host_get_question_side:
 *
 * Returns: the side whose holes the last question is about (the tally's
 *   holes are that side's, in its sowing order), or %CONGKAK_NOBODY
 *   before the first question.
 */
CongkakSide
congkak_net_lesson_host_get_question_side (CongkakNetLessonHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_HOST (self), CONGKAK_NOBODY);

  return self->question > 0 ? self->question_side : CONGKAK_NOBODY;
}

/**
 * congkak_net_lesson_host_get_tally:
 * @n_holes: (out): the number of holes counted
 *
 * Returns: (array length=n_holes): how many followers chose each hole of
 *   the last question (still open or ended), by hole in the side's
 *   sowing order.
 */
const guint *
congkak_net_lesson_host_get_tally (CongkakNetLessonHost *self,
                                   guint                *n_holes)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_HOST (self), NULL);
  g_return_val_if_fail (n_holes != NULL, NULL);

  *n_holes = self->question > 0 ? self->n_holes : 0;
  return self->tally;
}

guint
congkak_net_lesson_host_get_n_answers (CongkakNetLessonHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_HOST (self), 0);

  return self->n_answers;
}

static GVariant *
tally_variant (CongkakNetLessonHost *self)
{
  guint n_holes;
  const guint *tally = congkak_net_lesson_host_get_tally (self, &n_holes);

  return g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, tally, n_holes, sizeof (guint32));
}

/* The object */

CongkakNetLessonHost *
congkak_net_lesson_host_new (CongkakMatch *match)
{
  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);

  return g_object_new (CONGKAK_TYPE_NET_LESSON_HOST, "match", match, NULL);
}

static void
congkak_net_lesson_host_dispose (GObject *object)
{
  CongkakNetLessonHost *self = CONGKAK_NET_LESSON_HOST (object);

  congkak_net_lesson_host_stop (self);
  g_clear_pointer (&self->followers, g_ptr_array_unref);
  g_clear_handle_id (&self->sync_id, g_source_remove);
  if (self->match)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);
  g_clear_object (&self->sent_cursor);
  g_clear_object (&self->pending_append);
  g_clear_object (&self->question_node);
  forget_shared_match (self);

  G_OBJECT_CLASS (congkak_net_lesson_host_parent_class)->dispose (object);
}

static void
congkak_net_lesson_host_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  CongkakNetLessonHost *self = CONGKAK_NET_LESSON_HOST (object);

  switch (prop_id)
    {
    case HOST_PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case HOST_PROP_N_FOLLOWERS:
      g_value_set_uint (value, self->followers ? self->followers->len : 0);
      break;
    case HOST_PROP_QUESTION:
      g_value_set_uint (value, congkak_net_lesson_host_get_question (self));
      break;
    case HOST_PROP_TALLY:
      g_value_set_variant (value, tally_variant (self));
      break;
    case HOST_PROP_N_ANSWERS:
      g_value_set_uint (value, self->n_answers);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_lesson_host_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  CongkakNetLessonHost *self = CONGKAK_NET_LESSON_HOST (object);

  switch (prop_id)
    {
    case HOST_PROP_MATCH:
      congkak_net_lesson_host_set_match (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_lesson_host_class_init (CongkakNetLessonHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_net_lesson_host_dispose;
  object_class->get_property = congkak_net_lesson_host_get_property;
  object_class->set_property = congkak_net_lesson_host_set_property;

  host_properties[HOST_PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, CONGKAK_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  host_properties[HOST_PROP_N_FOLLOWERS] =
    g_param_spec_uint ("n-followers", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakNetLessonHost:question:
   *
   * The open question's id, or 0.
   */
  host_properties[HOST_PROP_QUESTION] =
    g_param_spec_uint ("question", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CongkakNetLessonHost:tally:
   *
   * How many followers chose each hole of the last question, an array
   * of uint32 (type "au") by hole of the side to move, for the projector.
   */
  host_properties[HOST_PROP_TALLY] =
    g_param_spec_variant ("tally", NULL, NULL, G_VARIANT_TYPE ("au"), NULL,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  host_properties[HOST_PROP_N_ANSWERS] =
    g_param_spec_uint ("n-answers", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, HOST_N_PROPS, host_properties);

  /**
   * CongkakNetLessonHost::follower-joined:
   * @name: the name the follower gave
   */
  host_signals[HOST_FOLLOWER_JOINED] =
    g_signal_new ("follower-joined", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * CongkakNetLessonHost::follower-left:
   * @name: the name the follower gave
   * @reason: why, for the log (not translated)
   */
  host_signals[HOST_FOLLOWER_LEFT] =
    g_signal_new ("follower-left", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
}

static void
congkak_net_lesson_host_init (CongkakNetLessonHost *self)
{
  self->followers = g_ptr_array_new_with_free_func (follower_free);
  self->question_side = CONGKAK_NOBODY;
}

/* The student's side */

struct _CongkakNetLessonFollower
{
  GObject            parent_instance;

  CongkakNetChannel *channel;
  CongkakMatch      *match;        /* the mirror, once the first snapshot came */
  gboolean           connected;
  char              *end_reason;   /* translated, once it ended */
  gboolean           told_end;     /* the teacher said the lesson ended */
  gboolean           resyncing;    /* asked for a snapshot: steps wait for it */

  guint              question;     /* the open question, or 0 */
  guint              last_question;
  int                answer;
  guint              tally[CONGKAK_MAX_HOLES];
  guint              n_tally;
};

G_DEFINE_FINAL_TYPE (CongkakNetLessonFollower, congkak_net_lesson_follower, G_TYPE_OBJECT)

enum
{
  FOLLOWER_PROP_0,
  FOLLOWER_PROP_CHANNEL,
  FOLLOWER_PROP_MATCH,
  FOLLOWER_PROP_TEACHER_NAME,
  FOLLOWER_PROP_CONNECTED,
  FOLLOWER_PROP_END_REASON,
  FOLLOWER_PROP_QUESTION,
  FOLLOWER_PROP_ANSWER,
  FOLLOWER_N_PROPS
};

enum
{
  FOLLOWER_MOVE_PLAYED,
  FOLLOWER_CURSOR_MOVED,
  FOLLOWER_QUESTION_ASKED,
  FOLLOWER_QUESTION_ENDED,
  FOLLOWER_ENDED,
  FOLLOWER_N_SIGNALS
};

static GParamSpec *follower_properties[FOLLOWER_N_PROPS];
static guint follower_signals[FOLLOWER_N_SIGNALS];

/* What became of a message from the teacher */
typedef enum
{
  TAKEN,     /* done, or nothing to do */
  OUT_OF_STEP,  /* it does not fit the mirror: ask for the lesson again */
  BROKEN,    /* it breaks the protocol: leave */
} Outcome;

static void
end_lesson (CongkakNetLessonFollower *self,
            const char               *reason)
{
  if (!self->connected)
    return;
  self->connected = FALSE;
  g_free (self->end_reason);
  self->end_reason = g_strdup (reason);
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_CONNECTED]);
  g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_END_REASON]);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, follower_signals[FOLLOWER_ENDED], 0, self->end_reason);
}

/* The teacher's app sent what this one cannot follow: leave, with
 * @log_reason in the log and @reason (translated) for the person. */
static void
leave_broken (CongkakNetLessonFollower *self,
              const char               *log_reason,
              const char               *reason)
{
  g_message ("Lesson: left the lesson of “%s”: %s", congkak_net_channel_get_peer_name (self->channel), log_reason);
  end_lesson (self, reason);
  congkak_net_channel_close (self->channel, log_reason);
}

static void
set_question (CongkakNetLessonFollower *self,
              guint                     question,
              int                       answer)
{
  self->question = question;
  self->last_question = question;
  self->answer = answer;
  self->n_tally = 0;
  g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_QUESTION]);
  g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_ANSWER]);
  g_signal_emit (self, follower_signals[FOLLOWER_QUESTION_ASKED], 0, question);
}

static void
close_question (CongkakNetLessonFollower *self)
{
  guint question = self->question;

  if (question == 0)
    return;
  self->question = 0;
  g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_QUESTION]);
  g_signal_emit (self, follower_signals[FOLLOWER_QUESTION_ENDED], 0, question);
}

static CongkakNode *
mirror_node (CongkakNetLessonFollower *self,
             JsonObject               *message,
             const char               *member)
{
  const char *path = member_string (message, member);

  if (path == NULL || self->match == NULL)
    return NULL;
  return congkak_match_node_from_path (self->match, path, NULL);
}

static Outcome
take_state (CongkakNetLessonFollower *self,
            JsonObject               *message)
{
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  JsonNode *match_node = json_object_get_member (message, "match");
  JsonNode *question_node = json_object_get_member (message, "question");
  const char *cursor_path = member_string (message, "cursor");
  CongkakNode *cursor;
  guint64 version;

  if (!member_uint (message, "version", G_MAXUINT, &version))
    return BROKEN;
  if (version != CONGKAK_NET_LESSON_VERSION)
    {
      g_autofree char *log_reason = g_strdup_printf ("lesson version %" G_GUINT64_FORMAT ", not %d",
                                                     version, CONGKAK_NET_LESSON_VERSION);

      leave_broken (self, log_reason,
                    _("The teacher’s app shares lessons in another version: the lesson can be followed when both apps are of the same version."));
      return TAKEN;
    }
  if (match_node == NULL || !JSON_NODE_HOLDS_OBJECT (match_node) || cursor_path == NULL)
    return BROKEN;

  text = json_to_string (match_node, FALSE);
  match = congkak_match_load_from_data (text, -1, NULL, &error);
  if (match == NULL)
    {
      g_autofree char *log_reason = g_strdup_printf ("the lesson's match does not load: %s", error->message);
      g_autofree char *reason = g_strdup_printf (_("The lesson’s match cannot be read: %s"), error->message);

      leave_broken (self, log_reason, reason);
      return TAKEN;
    }
  cursor = congkak_match_node_from_path (match, cursor_path, NULL);
  if (cursor == NULL)
    return BROKEN;
  congkak_match_set_cursor (match, cursor);
  congkak_match_forget_history (match);

  self->resyncing = FALSE;
  g_set_object (&self->match, match);
  g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_MATCH]);
  g_signal_emit (self, follower_signals[FOLLOWER_CURSOR_MOVED], 0);

  if (question_node != NULL)
    {
      JsonObject *question;
      guint64 id, answer = G_MAXUINT64;

      if (!JSON_NODE_HOLDS_OBJECT (question_node))
        return BROKEN;
      question = json_node_get_object (question_node);
      if (!member_uint (question, "question", MAX_JSON_INTEGER, &id) || id == 0)
        return BROKEN;
      if (json_object_has_member (question, "answer")
          && !member_uint (question, "answer", CONGKAK_MAX_HOLES - 1, &answer))
        return BROKEN;
      if (id != self->question)
        {
          close_question (self);
          set_question (self, id, answer == G_MAXUINT64 ? -1 : (int) answer);
        }
    }
  else
    close_question (self);
  return TAKEN;
}

static Outcome
take_move (CongkakNetLessonFollower *self,
           JsonObject               *message)
{
  g_autoptr (GArray) events = congkak_event_array_new ();
  g_autofree char *path = NULL;
  const char *move = member_string (message, "move");
  const char *cursor_path = member_string (message, "cursor");
  CongkakNode *at = mirror_node (self, message, "at");
  CongkakNode *node;

  if (move == NULL || cursor_path == NULL)
    return BROKEN;
  if (at == NULL)
    return OUT_OF_STEP;
  congkak_match_set_cursor (self->match, at);
  node = congkak_match_play_text (self->match, move, events, NULL);
  if (node == NULL)
    return OUT_OF_STEP;
  congkak_match_forget_history (self->match);
  path = congkak_node_dup_path (node);
  if (strcmp (path, cursor_path) != 0)
    return OUT_OF_STEP;
  g_signal_emit (self, follower_signals[FOLLOWER_MOVE_PLAYED], 0, node, events,
                 congkak_match_get_game_at (self->match, node));
  return TAKEN;
}

static Outcome
take_cursor (CongkakNetLessonFollower *self,
             JsonObject               *message)
{
  CongkakNode *node = mirror_node (self, message, "cursor");
  CongkakNode *cursor;

  if (member_string (message, "cursor") == NULL)
    return BROKEN;
  if (node == NULL)
    return OUT_OF_STEP;
  cursor = congkak_match_get_cursor (self->match);
  if (node == cursor)
    return TAKEN;
  if (congkak_node_get_parent (node) == cursor)
    {
      /* One step forward: shown as it is sown. */
      g_autoptr (GArray) events = congkak_match_dup_move_events (self->match, node);

      congkak_match_set_cursor (self->match, node);
      g_signal_emit (self, follower_signals[FOLLOWER_MOVE_PLAYED], 0, node, events,
                     congkak_match_get_game_at (self->match, node));
      return TAKEN;
    }
  congkak_match_set_cursor (self->match, node);
  g_signal_emit (self, follower_signals[FOLLOWER_CURSOR_MOVED], 0);
  return TAKEN;
}

static Outcome
take_node (CongkakNetLessonFollower *self,
           JsonObject               *message)
{
  const char *comment = member_string (message, "comment");
  const char *mark_text = member_string (message, "mark");
  CongkakNode *node = mirror_node (self, message, "node");
  CongkakMark mark;

  if (member_string (message, "node") == NULL || comment == NULL || mark_text == NULL
      || !congkak_mark_from_string (mark_text, &mark) || congkak_match_text_is_too_long (comment, -1))
    return BROKEN;
  if (node == NULL)
    return OUT_OF_STEP;
  congkak_match_set_comment (self->match, node, *comment != '\0' ? comment : NULL);
  congkak_match_set_mark (self->match, node, mark);
  congkak_match_forget_history (self->match);
  return TAKEN;
}

static Outcome
take_question (CongkakNetLessonFollower *self,
               JsonObject               *message)
{
  const char *cursor_path = member_string (message, "cursor");
  g_autofree char *path = NULL;
  guint64 id;

  if (!member_uint (message, "question", MAX_JSON_INTEGER, &id) || id <= self->last_question
      || cursor_path == NULL)
    return BROKEN;
  path = congkak_node_dup_path (congkak_match_get_cursor (self->match));
  if (strcmp (path, cursor_path) != 0)
    return OUT_OF_STEP;
  set_question (self, id, -1);
  return TAKEN;
}

static Outcome
take_question_end (CongkakNetLessonFollower *self,
                   JsonObject               *message)
{
  JsonNode *tally_node = json_object_get_member (message, "tally");
  JsonArray *tally;
  guint64 id;

  if (!member_uint (message, "question", MAX_JSON_INTEGER, &id)
      || tally_node == NULL || !JSON_NODE_HOLDS_ARRAY (tally_node))
    return BROKEN;
  tally = json_node_get_array (tally_node);
  if (json_array_get_length (tally) > CONGKAK_MAX_HOLES)
    return BROKEN;
  /* One that ended while this follower was being set right */
  if (id != self->question)
    return TAKEN;
  for (guint i = 0; i < json_array_get_length (tally); i++)
    {
      JsonNode *count = json_array_get_element (tally, i);

      if (!JSON_NODE_HOLDS_VALUE (count) || json_node_get_value_type (count) != G_TYPE_INT64
          || json_node_get_int (count) < 0 || json_node_get_int (count) > G_MAXUINT)
        return BROKEN;
      self->tally[i] = json_node_get_int (count);
    }
  self->n_tally = json_array_get_length (tally);
  close_question (self);
  return TAKEN;
}

static void
teacher_message_cb (CongkakNetLessonFollower *self,
                    JsonObject               *message)
{
  g_autoptr (JsonObject) ack = NULL;
  const char *type = congkak_net_message_get_type (message);
  gboolean is_state = g_strcmp0 (type, LESSON_STATE) == 0;
  Outcome outcome;
  guint64 seq;

  if (!self->connected)
    return;
  if (!member_uint (message, "seq", MAX_JSON_INTEGER, &seq))
    outcome = BROKEN;
  else if (g_strcmp0 (type, LESSON_END) == 0)
    {
      self->told_end = TRUE;
      end_lesson (self, _("The teacher ended the lesson."));
      return;
    }
  else if (is_state)
    outcome = take_state (self, message);
  else if (self->match == NULL)
    outcome = BROKEN;
  else if (self->resyncing)
    outcome = TAKEN;  /* the snapshot asked for brings it */
  else if (g_strcmp0 (type, LESSON_MOVE) == 0)
    outcome = take_move (self, message);
  else if (g_strcmp0 (type, LESSON_CURSOR) == 0)
    outcome = take_cursor (self, message);
  else if (g_strcmp0 (type, LESSON_NODE) == 0)
    outcome = take_node (self, message);
  else if (g_strcmp0 (type, LESSON_QUESTION) == 0)
    outcome = take_question (self, message);
  else if (g_strcmp0 (type, LESSON_QUESTION_END) == 0)
    outcome = take_question_end (self, message);
  else
    outcome = BROKEN;

  if (outcome == BROKEN)
    {
      g_autofree char *log_reason = g_strdup_printf ("the teacher sent a “%s” this app cannot follow",
                                                     type ? type : "");

      leave_broken (self, log_reason,
                    _("The teacher’s app sent something this app cannot follow, so it left the lesson."));
      return;
    }
  if (!self->connected)
    return;

  ack = congkak_net_message_new (LESSON_ACK);
  json_object_set_int_member (ack, "seq", seq);
  if (outcome == OUT_OF_STEP)
    {
      g_info ("Lesson: lost step at a “%s”; asking for the lesson again", type);
      self->resyncing = TRUE;
      json_object_set_boolean_member (ack, "resync", TRUE);
    }
  congkak_net_channel_send (self->channel, ack);
}

static void
teacher_closed_cb (CongkakNetLessonFollower *self,
                   const char               *reason)
{
  if (self->connected)
    g_message ("Lesson: the connection to “%s” closed: %s",
               congkak_net_channel_get_peer_name (self->channel), reason);
  end_lesson (self, self->told_end ? _("The teacher ended the lesson.")
                                   : _("The connection to the teacher’s computer was lost."));
}

CongkakNetLessonFollower *
congkak_net_lesson_follower_new (CongkakNetChannel *channel)
{
  g_return_val_if_fail (CONGKAK_IS_NET_CHANNEL (channel), NULL);

  return g_object_new (CONGKAK_TYPE_NET_LESSON_FOLLOWER, "channel", channel, NULL);
}

/**
 * congkak_net_lesson_follower_get_match:
 *
 * Returns: (transfer none) (nullable): the mirror of the lesson's match,
 *   read-only, with its cursor where the lesson stands; %NULL until the
 *   first snapshot came.  Another object after each snapshot
 *   (notify::match).
 */
CongkakMatch *
congkak_net_lesson_follower_get_match (CongkakNetLessonFollower *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self), NULL);

  return self->match;
}

/**
 * congkak_net_lesson_follower_get_teacher_name:
 *
 * Returns: the name the teacher's app gave
 */
const char *
congkak_net_lesson_follower_get_teacher_name (CongkakNetLessonFollower *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self), NULL);

  return congkak_net_channel_get_peer_name (self->channel);
}

gboolean
congkak_net_lesson_follower_get_connected (CongkakNetLessonFollower *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self), FALSE);

  return self->connected;
}

/**
 * congkak_net_lesson_follower_get_end_reason:
 *
 * Returns: (nullable): why the lesson ended for this follower, a
 *   translated sentence, or %NULL while it runs
 */
const char *
congkak_net_lesson_follower_get_end_reason (CongkakNetLessonFollower *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self), NULL);

  return self->end_reason;
}

/**
 * congkak_net_lesson_follower_copy_match:
 *
 * Returns: (transfer full) (nullable): a copy of the lesson's match as it
 *   stands, to keep in the library (cursor at the start, no undo
 *   history), or %NULL before the first snapshot.
 */
CongkakMatch *
congkak_net_lesson_follower_copy_match (CongkakNetLessonFollower *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self), NULL);

  return self->match ? congkak_match_copy (self->match) : NULL;
}

/**
 * congkak_net_lesson_follower_leave:
 *
 * Leaves the lesson (the mirror stays, to keep).
 */
void
congkak_net_lesson_follower_leave (CongkakNetLessonFollower *self)
{
  g_return_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self));

  end_lesson (self, _("You left the lesson."));
  congkak_net_channel_close (self->channel, "the follower left");
}

/**
 * congkak_net_lesson_follower_get_question:
 *
 * Returns: the open question's id, or 0
 */
guint
congkak_net_lesson_follower_get_question (CongkakNetLessonFollower *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self), 0);

  return self->question;
}

/**
 * congkak_net_lesson_follower_get_answer:
 *
 * Returns: the hole this follower chose for the last question (of the
 *   side to move, in its sowing order), or -1
 */
int
congkak_net_lesson_follower_get_answer (CongkakNetLessonFollower *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self), -1);

  return self->answer;
}

/**
 * congkak_net_lesson_follower_answer:
 * @hole: a hole of the side to move, in its sowing order
 *
 * Answers the open question; a second answer replaces the first.
 *
 * Returns: whether the answer went, or %FALSE with @error set: no question
 *   is open, the hole cannot be sown, or the lesson ended.
 */
gboolean
congkak_net_lesson_follower_answer (CongkakNetLessonFollower *self,
                                    guint                     hole,
                                    GError                  **error)
{
  g_autoptr (JsonObject) message = NULL;

  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!self->connected)
    {
      g_set_error_literal (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_CLOSED,
                           _("The lesson has ended."));
      return FALSE;
    }
  if (self->question == 0 || self->match == NULL)
    {
      g_set_error_literal (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_NO_QUESTION,
                           _("The teacher has not asked a question, or it is over."));
      return FALSE;
    }
  if (!hole_is_legal_at (self->match, congkak_match_get_cursor (self->match), hole))
    {
      g_set_error_literal (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_ILLEGAL,
                           _("That hole cannot be sown now: choose one with seeds on the side to move."));
      return FALSE;
    }

  message = congkak_net_message_new (LESSON_ANSWER);
  json_object_set_int_member (message, "question", self->question);
  json_object_set_int_member (message, "hole", hole);
  congkak_net_channel_send (self->channel, message);
  if (self->answer != (int) hole)
    {
      self->answer = hole;
      g_object_notify_by_pspec (G_OBJECT (self), follower_properties[FOLLOWER_PROP_ANSWER]);
    }
  return TRUE;
}

/**
 * congkak_net_lesson_follower_get_tally:
 * @n_holes: (out): the number of holes counted, 0 before a question ended
 *
 * Returns: (array length=n_holes): how many followers chose each hole of
 *   the last question that ended, as the teacher's app counted them
 */
const guint *
congkak_net_lesson_follower_get_tally (CongkakNetLessonFollower *self,
                                       guint                    *n_holes)
{
  g_return_val_if_fail (CONGKAK_IS_NET_LESSON_FOLLOWER (self), NULL);
  g_return_val_if_fail (n_holes != NULL, NULL);

  *n_holes = self->n_tally;
  return self->tally;
}

static void
congkak_net_lesson_follower_constructed (GObject *object)
{
  CongkakNetLessonFollower *self = CONGKAK_NET_LESSON_FOLLOWER (object);

  G_OBJECT_CLASS (congkak_net_lesson_follower_parent_class)->constructed (object);

  g_assert (self->channel != NULL);
  self->connected = congkak_net_channel_is_open (self->channel);
  if (!self->connected)
    self->end_reason = g_strdup (_("The connection to the teacher’s computer was lost."));
  g_signal_connect_object (self->channel, "message", G_CALLBACK (teacher_message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->channel, "closed", G_CALLBACK (teacher_closed_cb), self, G_CONNECT_SWAPPED);
}

static void
congkak_net_lesson_follower_dispose (GObject *object)
{
  CongkakNetLessonFollower *self = CONGKAK_NET_LESSON_FOLLOWER (object);

  if (self->channel)
    {
      g_signal_handlers_disconnect_by_data (self->channel, self);
      congkak_net_channel_close (self->channel, "the follower left");
    }
  g_clear_object (&self->channel);
  g_clear_object (&self->match);

  G_OBJECT_CLASS (congkak_net_lesson_follower_parent_class)->dispose (object);
}

static void
congkak_net_lesson_follower_finalize (GObject *object)
{
  CongkakNetLessonFollower *self = CONGKAK_NET_LESSON_FOLLOWER (object);

  g_free (self->end_reason);

  G_OBJECT_CLASS (congkak_net_lesson_follower_parent_class)->finalize (object);
}

static void
congkak_net_lesson_follower_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  CongkakNetLessonFollower *self = CONGKAK_NET_LESSON_FOLLOWER (object);

  switch (prop_id)
    {
    case FOLLOWER_PROP_CHANNEL:
      g_value_set_object (value, self->channel);
      break;
    case FOLLOWER_PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case FOLLOWER_PROP_TEACHER_NAME:
      g_value_set_string (value, congkak_net_lesson_follower_get_teacher_name (self));
      break;
    case FOLLOWER_PROP_CONNECTED:
      g_value_set_boolean (value, self->connected);
      break;
    case FOLLOWER_PROP_END_REASON:
      g_value_set_string (value, self->end_reason);
      break;
    case FOLLOWER_PROP_QUESTION:
      g_value_set_uint (value, self->question);
      break;
    case FOLLOWER_PROP_ANSWER:
      g_value_set_int (value, self->answer);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_lesson_follower_set_property (GObject      *object,
                                          guint         prop_id,
                                          const GValue *value,
                                          GParamSpec   *pspec)
{
  CongkakNetLessonFollower *self = CONGKAK_NET_LESSON_FOLLOWER (object);

  switch (prop_id)
    {
    case FOLLOWER_PROP_CHANNEL:
      self->channel = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_lesson_follower_class_init (CongkakNetLessonFollowerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = congkak_net_lesson_follower_constructed;
  object_class->dispose = congkak_net_lesson_follower_dispose;
  object_class->finalize = congkak_net_lesson_follower_finalize;
  object_class->get_property = congkak_net_lesson_follower_get_property;
  object_class->set_property = congkak_net_lesson_follower_set_property;

  follower_properties[FOLLOWER_PROP_CHANNEL] =
    g_param_spec_object ("channel", NULL, NULL, CONGKAK_TYPE_NET_CHANNEL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, CONGKAK_TYPE_MATCH,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_TEACHER_NAME] =
    g_param_spec_string ("teacher-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_CONNECTED] =
    g_param_spec_boolean ("connected", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_END_REASON] =
    g_param_spec_string ("end-reason", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_QUESTION] =
    g_param_spec_uint ("question", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  follower_properties[FOLLOWER_PROP_ANSWER] =
    g_param_spec_int ("answer", NULL, NULL, -1, CONGKAK_MAX_HOLES - 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, FOLLOWER_N_PROPS, follower_properties);

  /**
   * CongkakNetLessonFollower::move-played:
   * @node: the move in the mirror, now its cursor
   * @events: the engine's events of the move, to animate and narrate
   * @game: (type gpointer): the `const CongkakGame *` after @events
   *
   * The lesson went one move forward (played or stepped): show it sown,
   * as CongkakSession::move-played is shown.
   */
  follower_signals[FOLLOWER_MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, CONGKAK_TYPE_NODE, G_TYPE_ARRAY, G_TYPE_POINTER);
  /**
   * CongkakNetLessonFollower::cursor-moved:
   *
   * The lesson jumped (back, to another move, or a fresh snapshot): show
   * the mirror's cursor position as it is.
   */
  follower_signals[FOLLOWER_CURSOR_MOVED] =
    g_signal_new ("cursor-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /**
   * CongkakNetLessonFollower::question-asked:
   * @question: its id
   *
   * "What would you play?" on the mirror's cursor position.
   */
  follower_signals[FOLLOWER_QUESTION_ASKED] =
    g_signal_new ("question-asked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  /**
   * CongkakNetLessonFollower::question-ended:
   * @question: its id
   *
   * The teacher ended the question; congkak_net_lesson_follower_get_tally()
   * has the class's answers when the teacher sent them.
   */
  follower_signals[FOLLOWER_QUESTION_ENDED] =
    g_signal_new ("question-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  /**
   * CongkakNetLessonFollower::ended:
   * @reason: why, a translated sentence to show
   */
  follower_signals[FOLLOWER_ENDED] =
    g_signal_new ("ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
congkak_net_lesson_follower_init (CongkakNetLessonFollower *self)
{
  self->answer = -1;
}
