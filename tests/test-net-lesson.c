/* test-net-lesson.c — a lesson followed over channels: the teacher's host
 * and its followers
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every follower here is a real CongkakNetLessonFollower on the client end
 * of an in-memory pair of channels, which carries the messages through
 * their text form from the main loop, as the transport does.  "Raw"
 * clients are channels a test drives by hand, to be slow or hostile.
 */

#include "config.h"

#include "congkak-library.h"
#include "congkak-match-file.h"
#include "congkak-net-lesson.h"
#include "congkak-test-util.h"

#define TEACHER "Bu Sari"
#define LIBRARY_ID "0123456789abcdef0123456789abcdef"

typedef struct
{
  CongkakNetLessonFollower *follower;
  CongkakNetChannel        *client;       /* the follower's end */
  char                     *name;
  guint                     moves_shown;  /* ::move-played */
  guint                     jumps_shown;  /* ::cursor-moved */
  char                     *last_events;  /* of the last ::move-played */
  guint                     asked;        /* the last ::question-asked */
  guint                     ended_question;
  char                     *ended;        /* ::ended's reason */
} Student;

static void
move_played_cb (CongkakNetLessonFollower *follower,
                CongkakNode              *node,
                GArray                   *events,
                gconstpointer             game,
                Student                  *student)
{
  CongkakMatch *mirror = congkak_net_lesson_follower_get_match (follower);

  /* The node is the mirror's cursor, and the game the engine's after it. */
  g_assert_true (congkak_match_get_cursor (mirror) == node);
  g_assert_true (congkak_match_get_game_at (mirror, node) == game);
  g_assert_cmpuint (events->len, >, 0);
  student->moves_shown++;
  g_free (student->last_events);
  student->last_events = test_events_to_string (events);
}

static void
cursor_moved_cb (CongkakNetLessonFollower *follower,
                 Student                  *student)
{
  student->jumps_shown++;
}

static void
question_asked_cb (CongkakNetLessonFollower *follower,
                   guint                     question,
                   Student                  *student)
{
  student->asked = question;
}

static void
question_ended_cb (CongkakNetLessonFollower *follower,
                   guint                     question,
                   Student                  *student)
{
  student->ended_question = question;
}

static void
ended_cb (CongkakNetLessonFollower *follower,
          const char               *reason,
          Student                  *student)
{
  g_assert_null (student->ended);
  student->ended = g_strdup (reason);
}

static Student *
student_join (CongkakNetLessonHost *host,
              const char           *name)
{
  Student *student = g_new0 (Student, 1);
  g_autoptr (CongkakNetChannel) host_end = NULL;

  congkak_net_channel_new_pair (CONGKAK_NET_ROLE_FOLLOWER, TEACHER, name, &host_end, &student->client);
  student->name = g_strdup (name);
  student->follower = congkak_net_lesson_follower_new (student->client);
  g_signal_connect (student->follower, "move-played", G_CALLBACK (move_played_cb), student);
  g_signal_connect (student->follower, "cursor-moved", G_CALLBACK (cursor_moved_cb), student);
  g_signal_connect (student->follower, "question-asked", G_CALLBACK (question_asked_cb), student);
  g_signal_connect (student->follower, "question-ended", G_CALLBACK (question_ended_cb), student);
  g_signal_connect (student->follower, "ended", G_CALLBACK (ended_cb), student);
  congkak_net_lesson_host_add_follower (host, host_end);
  return student;
}

static void
student_free (gpointer data)
{
  Student *student = data;

  g_signal_handlers_disconnect_by_data (student->follower, student);
  g_object_unref (student->follower);
  g_object_unref (student->client);
  g_free (student->name);
  g_free (student->last_events);
  g_free (student->ended);
  g_free (student);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Student, student_free)

/* The model's messages and infos (the reasons a connection closed), kept
 * to look at instead of printed: with structured logging,
 * g_test_expect_message() sees nothing. */
static GPtrArray *model_log;

static GLogWriterOutput
log_writer (GLogLevelFlags   level,
            const GLogField *fields,
            gsize            n_fields,
            gpointer         user_data)
{
  const char *domain = NULL;
  const char *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
    else if (g_str_equal (fields[i].key, "MESSAGE"))
      message = fields[i].value;
  if (g_strcmp0 (domain, "CongkakModel") == 0 && (level & (G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO)) != 0)
    {
      g_ptr_array_add (model_log, g_strdup_printf ("%s: %s", (level & G_LOG_LEVEL_MESSAGE) ? "message" : "info",
                                                   message));
      return G_LOG_WRITER_HANDLED;
    }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

/* Asserts that a logged line matches @pattern (a g_pattern_match_simple()
 * one, "message: …" or "info: …"), then forgets the log. */
static void
assert_logged (const char *pattern)
{
  gboolean found = FALSE;

  for (guint i = 0; i < model_log->len && !found; i++)
    found = g_pattern_match_simple (pattern, g_ptr_array_index (model_log, i));
  if (!found)
    {
      for (guint i = 0; i < model_log->len; i++)
        g_test_message ("logged: %s", (char *) g_ptr_array_index (model_log, i));
      g_error ("Nothing logged matches “%s”", pattern);
    }
  g_ptr_array_set_size (model_log, 0);
}

static void
forget_log (void)
{
  g_ptr_array_set_size (model_log, 0);
}

/* Everything on its way is delivered, acknowledgements and snapshots
 * included: the in-memory pair delivers from idle callbacks. */
static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The teacher's match as followers are to see it: without the library's
 * identity. */
static CongkakMatch *
shared_copy (CongkakMatch *teacher)
{
  CongkakMatch *copy = congkak_match_copy (teacher);

  congkak_match_set_metadata (copy, CONGKAK_METADATA_ID, NULL);
  return copy;
}

static void
assert_in_step (CongkakMatch *teacher,
                Student      *student)
{
  CongkakMatch *mirror = congkak_net_lesson_follower_get_match (student->follower);
  g_autoptr (CongkakMatch) expected = shared_copy (teacher);
  g_autofree char *teacher_path = congkak_node_dup_path (congkak_match_get_cursor (teacher));
  g_autofree char *mirror_path = NULL;

  g_assert_nonnull (mirror);
  g_assert_true (congkak_net_lesson_follower_get_connected (student->follower));
  mirror_path = congkak_node_dup_path (congkak_match_get_cursor (mirror));
  g_assert_cmpstr (mirror_path, ==, teacher_path);
  g_assert_true (congkak_position_equal (&congkak_game_get_state (congkak_match_get_cursor_game (mirror))->position,
                                         &congkak_game_get_state (congkak_match_get_cursor_game (teacher))->position));
  g_assert_true (congkak_match_equal (mirror, expected));
  g_assert_cmpstr (congkak_match_get_metadata (mirror, CONGKAK_METADATA_ID), ==, "");
}

static void
assert_all_in_step (CongkakMatch *teacher,
                    GPtrArray    *students)
{
  settle ();
  for (guint i = 0; i < students->len; i++)
    assert_in_step (teacher, g_ptr_array_index (students, i));
}

/* A Kalah match of @n_moves random moves from a fixed seed, with a
 * library identity and named players. */
static CongkakMatch *
make_match (const char *profile,
            guint       n_moves,
            guint32     seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  CongkakMatch *match;
  CongkakRules rules;

  congkak_rules_init_profile (&rules, profile, NULL);
  match = congkak_match_new (&rules);
  congkak_match_set_player (match, CONGKAK_SOUTH, "Ani", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
  congkak_match_set_player (match, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
  congkak_match_set_metadata (match, CONGKAK_METADATA_ID, LIBRARY_ID);
  for (guint i = 0; i < n_moves; i++)
    {
      g_autofree char *move = congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                                         congkak_match_get_rules (match), rand);

      if (move == NULL)
        break;
      g_assert_nonnull (congkak_match_play_text (match, move, NULL, NULL));
    }
  congkak_match_forget_history (match);
  congkak_match_go_to_start (match);
  return match;
}

/* A legal move at the teacher's cursor, in notation */
static char *
some_move (CongkakMatch *match,
           guint32       seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  return congkak_state_random_move (congkak_game_get_state (congkak_match_get_cursor_game (match)),
                                    congkak_match_get_rules (match), rand);
}

/* A legal sowing at @node that none of its moves plays, other than
 * @except; NULL when there is none. */
static char *
fresh_move_at (CongkakMatch *match,
               CongkakNode  *node,
               const char   *except)
{
  const CongkakState *state = congkak_game_get_state (congkak_match_get_game_at (match, node));
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n_legal;

  if (state->phase != CONGKAK_PHASE_PLAYING)
    return NULL;
  n_legal = congkak_state_legal_moves (state, congkak_match_get_rules (match), holes);
  for (guint i = 0; i < n_legal; i++)
    {
      CongkakMove move = { CONGKAK_MOVE_SOW, state->position.to_move, holes[i], NULL };
      g_autofree char *text = congkak_move_to_string (&move);

      if (congkak_match_find_child (match, node, &move) == NULL && g_strcmp0 (text, except) != 0)
        return g_steal_pointer (&text);
    }
  return NULL;
}

static char *
fresh_move (CongkakMatch *match,
            const char   *except)
{
  return fresh_move_at (match, congkak_match_get_cursor (match), except);
}

static guint
total_moves_shown (GPtrArray *students)
{
  guint total = 0;

  for (guint i = 0; i < students->len; i++)
    total += ((Student *) g_ptr_array_index (students, i))->moves_shown;
  return total;
}

typedef struct
{
  GPtrArray *types;   /* of char * */
  guint64    last_seq;
} RawClient;

static void
raw_message_cb (CongkakNetChannel *channel,
                JsonObject        *message,
                RawClient         *raw)
{
  g_ptr_array_add (raw->types, g_strdup (congkak_net_message_get_type (message)));
  raw->last_seq = json_object_get_int_member (message, "seq");
}

/* A client that acknowledges everything, and keeps the types it got */
static void
acking_message_cb (CongkakNetChannel *channel,
                   JsonObject        *message,
                   RawClient         *raw)
{
  g_autoptr (JsonObject) ack = congkak_net_message_new ("lesson-ack");

  raw_message_cb (channel, message, raw);
  json_object_set_int_member (ack, "seq", raw->last_seq);
  congkak_net_channel_send (channel, ack);
}

/* The types @raw got since the last call, joined by spaces */
static char *
take_types (RawClient *raw)
{
  g_autoptr (GString) types = g_string_new (NULL);

  for (guint i = 0; i < raw->types->len; i++)
    g_string_append_printf (types, "%s%s", i ? " " : "", (char *) g_ptr_array_index (raw->types, i));
  g_ptr_array_set_size (raw->types, 0);
  return g_string_free (g_steal_pointer (&types), FALSE);
}

static void
test_steps (const char *profile)
{
  g_autoptr (CongkakMatch) teacher = make_match (profile, 40, 7);
  g_autoptr (CongkakNetLessonHost) host = congkak_net_lesson_host_new (teacher);
  g_autoptr (GPtrArray) students = g_ptr_array_new_with_free_func (student_free);
  const char *names[] = { "Ani", "Budi", "Citra" };
  g_autofree char *move = NULL;
  g_autofree char *saved = NULL;
  g_autoptr (CongkakNetChannel) watcher_host_end = NULL;
  g_autoptr (CongkakNetChannel) watcher = NULL;
  RawClient watched = { g_ptr_array_new_with_free_func (g_free), 0 };
  CongkakNode *node;
  CongkakNode *variation;
  guint shown;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_ptr_array_add (students, student_join (host, names[i]));
  /* What goes over the wire, seen by one more follower */
  congkak_net_channel_new_pair (CONGKAK_NET_ROLE_FOLLOWER, TEACHER, "Watcher", &watcher_host_end, &watcher);
  g_signal_connect (watcher, "message", G_CALLBACK (acking_message_cb), &watched);
  congkak_net_lesson_host_add_follower (host, watcher_host_end);
  g_assert_cmpuint (congkak_net_lesson_host_get_n_followers (host), ==, 4);
  assert_all_in_step (teacher, students);

  g_free (take_types (&watched));
  /* Steps forward are shown sown, with the engine's own events. */
  for (guint step = 0; step < 12; step++)
    {
      g_autoptr (GArray) events = NULL;
      g_autofree char *expected = NULL;

      shown = total_moves_shown (students);
      g_assert_true (congkak_match_step_forward (teacher));
      assert_all_in_step (teacher, students);
      g_assert_cmpuint (total_moves_shown (students), ==, shown + students->len);
      events = congkak_match_dup_move_events (teacher, congkak_match_get_cursor (teacher));
      expected = test_events_to_string (events);
      for (guint i = 0; i < students->len; i++)
        g_assert_cmpstr (((Student *) g_ptr_array_index (students, i))->last_events, ==, expected);
    }
  {
    g_autofree char *types = take_types (&watched);

    g_assert_cmpstr (types, ==, "lesson-cursor lesson-cursor lesson-cursor lesson-cursor lesson-cursor lesson-cursor "
                                "lesson-cursor lesson-cursor lesson-cursor lesson-cursor lesson-cursor lesson-cursor");
  }

  /* Back, and jumps, are shown as they are. */
  for (guint i = 0; i < students->len; i++)
    ((Student *) g_ptr_array_index (students, i))->jumps_shown = 0;
  shown = total_moves_shown (students);
  g_assert_true (congkak_match_step_back (teacher));
  assert_all_in_step (teacher, students);
  congkak_match_go_to_end (teacher);
  assert_all_in_step (teacher, students);
  congkak_match_go_to_start (teacher);
  assert_all_in_step (teacher, students);
  node = congkak_match_get_main_line_end (teacher);
  for (guint i = 0; i < 9; i++)
    node = congkak_node_get_parent (node);
  /* A position where a variation can start */
  for (;;)
    {
      g_autofree char *fresh = fresh_move_at (teacher, node, NULL);

      if (fresh != NULL)
        break;
      node = congkak_node_get_parent (node);
    }
  congkak_match_set_cursor (teacher, node);
  assert_all_in_step (teacher, students);
  g_assert_cmpuint (total_moves_shown (students), ==, shown);
  for (guint i = 0; i < students->len; i++)
    g_assert_cmpuint (((Student *) g_ptr_array_index (students, i))->jumps_shown, ==, 4);

  /* A move the teacher plays: a new variation here, shown sown. */
  shown = total_moves_shown (students);
  move = fresh_move (teacher, NULL);
  node = congkak_match_play_text (teacher, move, NULL, NULL);
  g_assert_nonnull (node);
  variation = node;
  assert_all_in_step (teacher, students);
  g_assert_cmpuint (total_moves_shown (students), ==, shown + students->len);

  /* And on from there, a few moves. */
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *next = some_move (teacher, 20 + i);

      if (next == NULL)
        break;
      g_assert_nonnull (congkak_match_play_text (teacher, next, NULL, NULL));
      assert_all_in_step (teacher, students);
    }
  {
    g_autofree char *types = take_types (&watched);

    /* Played moves go as moves (or steps, along a move the match had), never
     * as the whole match. */
    g_assert_null (strstr (types, "lesson-state"));
    g_assert_nonnull (strstr (types, "lesson-move"));
  }

  /* Undo takes the move back, redo plays it again. */
  g_assert_true (congkak_match_can_undo (teacher));
  g_assert_true (congkak_match_undo (teacher));
  assert_all_in_step (teacher, students);
  g_assert_true (congkak_match_redo (teacher));
  assert_all_in_step (teacher, students);
  {
    g_autofree char *types = take_types (&watched);

    /* The undo steps back, then takes the move away (the whole match);
     * the redo adds one move. */
    g_assert_cmpstr (types, ==, "lesson-cursor lesson-state lesson-move");
  }

  /* Comments and marks, the players' names, a variation promoted and
   * deleted. */
  congkak_match_set_comment (teacher, congkak_match_get_cursor (teacher), "See the capture coming?");
  congkak_match_set_mark (teacher, congkak_match_get_cursor (teacher), CONGKAK_MARK_GOOD);
  assert_all_in_step (teacher, students);
  {
    g_autofree char *types = take_types (&watched);

    g_assert_cmpstr (types, ==, "lesson-node lesson-node");
  }
  congkak_match_set_player (teacher, CONGKAK_NORTH, "Budi Santoso", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
  assert_all_in_step (teacher, students);
  g_assert_cmpint (congkak_node_get_child_index (variation), >, 0);
  g_assert_true (congkak_match_promote_variation (teacher, variation));
  assert_all_in_step (teacher, students);
  g_assert_true (congkak_match_delete_variation (teacher, variation));
  assert_all_in_step (teacher, students);

  /* Another match for the lesson: the followers get it whole. */
  {
    g_autoptr (CongkakMatch) other = make_match (profile, 10, 99);

    congkak_match_go_to_end (other);
    congkak_net_lesson_host_set_match (host, other);
    assert_all_in_step (other, students);
    g_assert_true (congkak_match_step_back (other));
    assert_all_in_step (other, students);
    saved = congkak_match_save_to_data (other, NULL);
  }
  g_assert_nonnull (saved);
  g_ptr_array_unref (watched.types);
}

static void
test_steps_kalah (void)
{
  test_steps ("kalah");
}

/* Congkak: the simultaneous opening, rounds, burnt holes */
static void
test_steps_congkak (void)
{
  test_steps ("congkak");
}

static void
test_late_joiner (void)
{
  g_autoptr (CongkakMatch) teacher = make_match ("kalah", 30, 3);
  g_autoptr (CongkakNetLessonHost) host = congkak_net_lesson_host_new (teacher);
  g_autoptr (GPtrArray) students = g_ptr_array_new_with_free_func (student_free);
  g_autoptr (Student) late = NULL;
  g_autoptr (GError) error = NULL;
  guint question;

  g_ptr_array_add (students, student_join (host, "Ani"));
  for (guint i = 0; i < 7; i++)
    congkak_match_step_forward (teacher);
  congkak_match_set_comment (teacher, congkak_match_get_cursor (teacher), "Which hole now?");
  question = congkak_net_lesson_host_ask (host, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (question, >, 0);
  assert_all_in_step (teacher, students);
  g_assert_cmpuint (((Student *) g_ptr_array_index (students, 0))->asked, ==, question);

  /* Joining now: the match as it stands, the cursor, the open question. */
  late = student_join (host, "Dewi");
  g_assert_null (congkak_net_lesson_follower_get_match (late->follower));
  settle ();
  assert_in_step (teacher, late);
  g_assert_cmpuint (late->jumps_shown, ==, 1);
  g_assert_cmpuint (late->moves_shown, ==, 0);
  g_assert_cmpuint (late->asked, ==, question);
  g_assert_cmpuint (congkak_net_lesson_follower_get_question (late->follower), ==, question);
  g_assert_cmpstr (congkak_net_lesson_follower_get_teacher_name (late->follower), ==, TEACHER);

  /* And it follows on with the others. */
  g_ptr_array_add (students, g_steal_pointer (&late));
  congkak_match_step_forward (teacher);
  assert_all_in_step (teacher, students);
  g_assert_cmpuint (((Student *) g_ptr_array_index (students, 1))->moves_shown, ==, 1);
  g_assert_cmpuint (((Student *) g_ptr_array_index (students, 1))->ended_question, ==, question);
}

/* What a follower may not send, each closing its channel */
static const struct
{
  const char *message;
  const char *logged;
} forbidden[] = {
  { "{\"type\":\"lesson-move\",\"seq\":1,\"at\":\"\",\"move\":\"A\",\"cursor\":\"moves[0]\"}",
    "a follower may not send “lesson-move”" },
  { "{\"type\":\"move\",\"hole\":2}", "a follower may not send “move”" },
  { "{\"type\":\"lesson-ack\",\"seq\":4000}", "acknowledged message 4000, which is not on its way" },
  { "{\"type\":\"lesson-ack\",\"seq\":\"1\"}", "an acknowledgement without a sequence number" },
  { "{\"type\":\"lesson-answer\",\"question\":9,\"hole\":1}", "answered question 9, which was never asked" },
  { "{\"type\":\"lesson-answer\",\"question\":1,\"hole\":-1}", "an answer without a hole of the board" },
  { "{\"type\":\"lesson-answer\",\"question\":1,\"hole\":8}", "answered hole 8 of a board of 6 holes" },
};

static void
send_text (CongkakNetChannel *channel,
           const char        *text)
{
  g_autoptr (JsonNode) node = json_from_string (text, NULL);

  g_assert_nonnull (node);
  congkak_net_channel_send (channel, json_node_get_object (node));
}

static void
test_forbidden (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (forbidden); f++)
    {
      g_autoptr (CongkakMatch) teacher = make_match ("kalah", 30, 5);
      g_autoptr (CongkakMatch) before = NULL;
      g_autoptr (CongkakNetLessonHost) host = congkak_net_lesson_host_new (teacher);
      g_autoptr (GPtrArray) students = g_ptr_array_new_with_free_func (student_free);
      g_autoptr (Student) hostile = NULL;
      g_autofree char *cursor_before = NULL;
      g_autofree char *cursor_after = NULL;
      g_autofree char *logged = NULL;

      g_test_message ("%s", forbidden[f].message);
      for (guint i = 0; i < 3; i++)
        g_ptr_array_add (students, student_join (host, i == 0 ? "Ani" : i == 1 ? "Budi" : "Eka"));
      hostile = student_join (host, "Citra");
      congkak_match_step_forward (teacher);
      congkak_match_step_forward (teacher);
      g_assert_cmpuint (congkak_net_lesson_host_ask (host, NULL), ==, 1);
      assert_all_in_step (teacher, students);
      assert_in_step (teacher, hostile);
      before = congkak_match_copy (teacher);
      cursor_before = congkak_node_dup_path (congkak_match_get_cursor (teacher));

      forget_log ();
      logged = g_strdup_printf ("message: Lesson: closed the connection of follower “Citra”: %s", forbidden[f].logged);
      send_text (hostile->client, forbidden[f].message);
      settle ();
      assert_logged (logged);

      /* Closed, and only that one */
      g_assert_cmpuint (congkak_net_lesson_host_get_n_followers (host), ==, 3);
      g_assert_false (congkak_net_lesson_follower_get_connected (hostile->follower));
      g_assert_cmpstr (hostile->ended, ==, "The connection to the teacher’s computer was lost.");
      /* The teacher's match untouched, the question still open */
      g_assert_true (congkak_match_equal (teacher, before));
      cursor_after = congkak_node_dup_path (congkak_match_get_cursor (teacher));
      g_assert_cmpstr (cursor_after, ==, cursor_before);
      g_assert_false (congkak_match_can_undo (teacher));
      g_assert_cmpuint (congkak_net_lesson_host_get_question (host), ==, 1);
      g_assert_cmpuint (congkak_net_lesson_host_get_n_answers (host), ==, 0);

      /* The others go on. */
      congkak_match_step_forward (teacher);
      assert_all_in_step (teacher, students);
    }
}

static guint
hole_count (CongkakNetLessonHost *host,
            guint                 hole)
{
  guint n_holes;
  const guint *tally = congkak_net_lesson_host_get_tally (host, &n_holes);

  g_assert_cmpuint (hole, <, n_holes);
  return tally[hole];
}

static void
tally_notified_cb (GObject    *object,
                   GParamSpec *pspec,
                   guint      *count)
{
  (*count)++;
}

static void
test_question (void)
{
  g_autoptr (CongkakMatch) teacher = make_match ("kalah", 0, 1);
  g_autoptr (CongkakNetLessonHost) host = congkak_net_lesson_host_new (teacher);
  g_autoptr (GPtrArray) students = g_ptr_array_new_with_free_func (student_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) tally = NULL;
  const char *names[] = { "Ani", "Budi", "Citra", "Dewi" };
  Student *ani, *budi, *citra, *dewi;
  const guint *counts;
  guint question, n_holes, notified = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_ptr_array_add (students, student_join (host, names[i]));
  ani = g_ptr_array_index (students, 0);
  budi = g_ptr_array_index (students, 1);
  citra = g_ptr_array_index (students, 2);
  dewi = g_ptr_array_index (students, 3);
  /* South sowed A: North to choose, every hole of North's with seeds. */
  g_assert_nonnull (congkak_match_play_text (teacher, "A", NULL, NULL));
  g_assert_cmpint (congkak_game_get_state (congkak_match_get_cursor_game (teacher))->position.to_move, ==,
                   CONGKAK_NORTH);
  settle ();

  /* Answering before any question is refused on the follower's side. */
  g_assert_false (congkak_net_lesson_follower_answer (ani->follower, 0, &error));
  g_assert_error (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_NO_QUESTION);
  g_clear_error (&error);

  g_signal_connect (host, "notify::tally", G_CALLBACK (tally_notified_cb), &notified);
  question = congkak_net_lesson_host_ask (host, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (congkak_net_lesson_host_get_question (host), ==, question);
  g_assert_cmpint (congkak_net_lesson_host_get_question_side (host), ==, CONGKAK_NORTH);
  settle ();
  for (guint i = 0; i < students->len; i++)
    {
      Student *student = g_ptr_array_index (students, i);

      g_assert_cmpuint (student->asked, ==, question);
      g_assert_cmpuint (congkak_net_lesson_follower_get_question (student->follower), ==, question);
    }

  /* Ani and Citra choose b (hole 1), Budi first d, then b too. */
  g_assert_true (congkak_net_lesson_follower_answer (ani->follower, 1, &error));
  g_assert_true (congkak_net_lesson_follower_answer (budi->follower, 3, &error));
  g_assert_true (congkak_net_lesson_follower_answer (citra->follower, 1, &error));
  settle ();
  g_assert_cmpuint (hole_count (host, 1), ==, 2);
  g_assert_cmpuint (hole_count (host, 3), ==, 1);
  g_assert_cmpuint (congkak_net_lesson_host_get_n_answers (host), ==, 3);
  g_assert_true (congkak_net_lesson_follower_answer (budi->follower, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (congkak_net_lesson_follower_get_answer (budi->follower), ==, 1);
  settle ();
  g_assert_cmpuint (hole_count (host, 1), ==, 3);
  g_assert_cmpuint (hole_count (host, 3), ==, 0);
  g_assert_cmpuint (congkak_net_lesson_host_get_n_answers (host), ==, 3);
  g_assert_cmpuint (notified, >=, 3);
  g_object_get (host, "tally", &tally, NULL);
  g_assert_cmpstr (g_variant_get_type_string (tally), ==, "au");
  g_assert_cmpuint (g_variant_n_children (tally), ==, 6);

  /* Dewi chooses a hole beyond the board: refused at home (the host's
   * side of it is in /model/net/lesson/forbidden). */
  g_assert_false (congkak_net_lesson_follower_answer (dewi->follower, 7, &error));
  g_assert_error (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_cmpint (congkak_net_lesson_follower_get_answer (dewi->follower), ==, -1);

  /* The teacher ends the question: everyone is told, with the tally. */
  congkak_net_lesson_host_end_question (host);
  g_assert_cmpuint (congkak_net_lesson_host_get_question (host), ==, 0);
  settle ();
  for (guint i = 0; i < students->len; i++)
    {
      Student *student = g_ptr_array_index (students, i);

      g_assert_cmpuint (student->ended_question, ==, question);
      g_assert_cmpuint (congkak_net_lesson_follower_get_question (student->follower), ==, 0);
      counts = congkak_net_lesson_follower_get_tally (student->follower, &n_holes);
      g_assert_cmpuint (n_holes, ==, 6);
      g_assert_cmpuint (counts[1], ==, 3);
      g_assert_cmpuint (counts[3], ==, 0);
    }

  /* A late answer (it crossed the end on the way) is ignored, not
   * punished; the tally stays for the projector. */
  send_text (dewi->client, "{\"type\":\"lesson-answer\",\"question\":1,\"hole\":2}");
  settle ();
  g_assert_true (congkak_net_lesson_follower_get_connected (dewi->follower));
  g_assert_cmpuint (hole_count (host, 2), ==, 0);
  g_assert_cmpuint (hole_count (host, 1), ==, 3);
  g_assert_false (congkak_net_lesson_follower_answer (dewi->follower, 2, &error));
  g_assert_error (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_NO_QUESTION);
  g_clear_error (&error);

  /* A second question; the teacher plays on, which ends it. */
  question = congkak_net_lesson_host_ask (host, &error);
  g_assert_cmpuint (question, ==, 2);
  settle ();
  g_assert_true (congkak_net_lesson_follower_answer (dewi->follower, 4, &error));
  settle ();
  g_assert_cmpuint (hole_count (host, 4), ==, 1);
  g_assert_cmpuint (congkak_net_lesson_host_get_n_answers (host), ==, 1);
  g_assert_nonnull (congkak_match_play_text (teacher, "e", NULL, NULL));
  g_assert_cmpuint (congkak_net_lesson_host_get_question (host), ==, 0);
  assert_all_in_step (teacher, students);
  g_assert_cmpuint (dewi->ended_question, ==, 2);
  counts = congkak_net_lesson_follower_get_tally (dewi->follower, &n_holes);
  g_assert_cmpuint (counts[4], ==, 1);

  /* At the end of a match nobody chooses: no question there. */
  {
    g_autoptr (CongkakMatch) finished = make_match ("kalah", 1000, 4);

    congkak_match_go_to_end (finished);
    congkak_net_lesson_host_set_match (host, finished);
    g_assert_cmpuint (congkak_net_lesson_host_ask (host, &error), ==, 0);
    g_assert_error (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_NO_CHOICE);
  }
}

/* An illegal hole in range, sent by hand: ignored, the follower stays. */
static void
test_question_illegal_hole (void)
{
  g_autoptr (CongkakMatch) teacher = make_match ("kalah", 0, 1);
  g_autoptr (CongkakNetLessonHost) host = congkak_net_lesson_host_new (teacher);
  g_autoptr (Student) student = student_join (host, "Eka");
  g_autoptr (GError) error = NULL;

  /* South sows A (hole 0): then North; South's A is empty.  North sows
   * its a, then South chooses, A still empty. */
  g_assert_nonnull (congkak_match_play_text (teacher, "A", NULL, NULL));
  g_assert_nonnull (congkak_match_play_text (teacher, "a", NULL, NULL));
  g_assert_cmpint (congkak_game_get_state (congkak_match_get_cursor_game (teacher))->position.to_move, ==,
                   CONGKAK_SOUTH);
  g_assert_cmpuint (congkak_game_get_state (congkak_match_get_cursor_game (teacher))->position.holes[CONGKAK_SOUTH][0],
                    ==, 0);
  g_assert_cmpuint (congkak_net_lesson_host_ask (host, &error), ==, 1);
  settle ();

  g_assert_false (congkak_net_lesson_follower_answer (student->follower, 0, &error));
  g_assert_error (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_ILLEGAL);
  send_text (student->client, "{\"type\":\"lesson-answer\",\"question\":1,\"hole\":0}");
  settle ();
  g_assert_true (congkak_net_lesson_follower_get_connected (student->follower));
  g_assert_cmpuint (congkak_net_lesson_host_get_n_answers (host), ==, 0);
  g_assert_cmpuint (congkak_net_lesson_host_get_n_followers (host), ==, 1);
}

static void
test_keep_copy (void)
{
  g_autoptr (CongkakMatch) teacher = make_match ("congkak", 60, 8);
  g_autoptr (CongkakNetLessonHost) host = congkak_net_lesson_host_new (teacher);
  g_autoptr (Student) student = student_join (host, "Fajar");
  g_autoptr (CongkakMatch) copy = NULL;
  g_autoptr (CongkakMatch) expected = NULL;
  g_autoptr (CongkakMatch) loaded = NULL;
  g_autoptr (CongkakLibrary) library = NULL;
  g_autoptr (GFile) folder = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = test_make_temp_dir ();
  CongkakLibraryEntry *entry;

  congkak_match_go_to_end (teacher);
  congkak_match_set_comment (teacher, congkak_match_get_cursor (teacher), "The last move of the lesson.");
  settle ();
  assert_in_step (teacher, student);

  copy = congkak_net_lesson_follower_copy_match (student->follower);
  g_assert_nonnull (copy);
  g_assert_true (copy != congkak_net_lesson_follower_get_match (student->follower));
  expected = shared_copy (teacher);
  g_assert_true (congkak_match_equal (copy, expected));

  /* Kept in the student's library: a new match there, not the teacher's. */
  folder = g_file_new_for_path (dir);
  library = congkak_library_new (folder);
  g_assert_true (congkak_library_load (library, FALSE, NULL, &error));
  g_assert_no_error (error);
  entry = congkak_library_record (library, copy, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (entry);
  g_assert_cmpstr (congkak_library_entry_get_id (entry), !=, LIBRARY_ID);
  loaded = congkak_match_load_from_file (congkak_library_entry_get_file (entry), NULL, NULL, &error);
  g_assert_no_error (error);
  congkak_match_set_metadata (loaded, CONGKAK_METADATA_ID, NULL);
  congkak_match_set_metadata (loaded, CONGKAK_METADATA_DATE, congkak_match_get_metadata (expected, CONGKAK_METADATA_DATE));
  g_assert_true (congkak_match_equal (loaded, expected));
  g_assert_cmpstr (congkak_node_get_comment (congkak_match_get_main_line_end (loaded)), ==,
                   "The last move of the lesson.");

  /* The copy is the student's: the lesson going on does not change it. */
  congkak_match_go_to_start (teacher);
  congkak_match_set_comment (teacher, congkak_match_get_main_line_end (teacher), NULL);
  settle ();
  assert_in_step (teacher, student);
  g_assert_cmpstr (congkak_node_get_comment (congkak_match_get_main_line_end (copy)), ==,
                   "The last move of the lesson.");

  g_clear_object (&library);
  test_remove_tree (dir);
}

static void
test_slow_follower (void)
{
  g_autoptr (CongkakMatch) teacher = make_match ("kalah", 200, 2);
  g_autoptr (CongkakNetLessonHost) host = congkak_net_lesson_host_new (teacher);
  g_autoptr (GPtrArray) students = g_ptr_array_new_with_free_func (student_free);
  g_autoptr (CongkakNetChannel) host_end = NULL;
  g_autoptr (CongkakNetChannel) slow = NULL;
  RawClient raw = { g_ptr_array_new_with_free_func (g_free), 0 };
  g_autofree char *ack = NULL;
  guint steps = 0;

  g_ptr_array_add (students, student_join (host, "Gita"));
  congkak_net_channel_new_pair (CONGKAK_NET_ROLE_FOLLOWER, TEACHER, "Hadi", &host_end, &slow);
  g_signal_connect (slow, "message", G_CALLBACK (raw_message_cb), &raw);
  congkak_net_lesson_host_add_follower (host, host_end);

  /* Hadi never answers: after the window, nothing more goes to him,
   * while Gita follows every step. */
  while (congkak_match_step_forward (teacher))
    {
      steps++;
      settle ();
      assert_in_step (teacher, g_ptr_array_index (students, 0));
    }
  g_assert_cmpuint (steps, >, 3 * CONGKAK_NET_LESSON_WINDOW);
  g_assert_cmpuint (raw.types->len, ==, CONGKAK_NET_LESSON_WINDOW);
  g_assert_cmpstr (g_ptr_array_index (raw.types, 0), ==, "lesson-state");
  g_assert_cmpstr (g_ptr_array_index (raw.types, 1), ==, "lesson-cursor");
  g_assert_cmpuint (congkak_net_lesson_host_get_n_followers (host), ==, 2);

  /* He catches up on all he got: then a fresh snapshot, and steps again. */
  ack = g_strdup_printf ("{\"type\":\"lesson-ack\",\"seq\":%" G_GUINT64_FORMAT "}", raw.last_seq);
  send_text (slow, ack);
  settle ();
  g_assert_cmpuint (raw.types->len, ==, CONGKAK_NET_LESSON_WINDOW + 1);
  g_assert_cmpstr (g_ptr_array_index (raw.types, CONGKAK_NET_LESSON_WINDOW), ==, "lesson-state");
  congkak_match_step_back (teacher);
  settle ();
  g_assert_cmpuint (raw.types->len, ==, CONGKAK_NET_LESSON_WINDOW + 2);
  g_assert_cmpstr (g_ptr_array_index (raw.types, CONGKAK_NET_LESSON_WINDOW + 1), ==, "lesson-cursor");

  g_ptr_array_unref (raw.types);
}

/* A follower whose mirror lost step asks for the lesson again. */
static void
test_resync (void)
{
  g_autoptr (CongkakMatch) teacher = make_match ("kalah", 20, 6);
  g_autoptr (CongkakNetLessonHost) host = congkak_net_lesson_host_new (teacher);
  g_autoptr (GPtrArray) students = g_ptr_array_new_with_free_func (student_free);
  g_autofree char *teachers_move = NULL;
  g_autofree char *mirrors_move = NULL;
  CongkakMatch *mirror;
  Student *student;

  g_ptr_array_add (students, student_join (host, "Indah"));
  student = g_ptr_array_index (students, 0);
  congkak_match_step_forward (teacher);
  assert_all_in_step (teacher, students);

  /* The mirror gets a variation the teacher does not have, so that the
   * next variation the teacher adds lands at another place there. */
  teachers_move = fresh_move (teacher, NULL);
  mirrors_move = fresh_move (teacher, teachers_move);
  g_assert_nonnull (mirrors_move);
  mirror = congkak_net_lesson_follower_get_match (student->follower);
  g_assert_nonnull (congkak_match_play_text (mirror, mirrors_move, NULL, NULL));
  congkak_match_step_back (mirror);

  forget_log ();
  g_assert_nonnull (congkak_match_play_text (teacher, teachers_move, NULL, NULL));
  settle ();
  assert_logged ("info: Lesson: lost step at a “lesson-move”*");
  assert_all_in_step (teacher, students);
  g_assert_true (congkak_net_lesson_follower_get_match (student->follower) != mirror);
  congkak_match_step_back (teacher);
  assert_all_in_step (teacher, students);
}

static void
test_stop_and_refusals (void)
{
  g_autoptr (CongkakMatch) teacher = make_match ("kalah", 10, 9);
  g_autoptr (CongkakNetLessonHost) host = congkak_net_lesson_host_new (teacher);
  g_autoptr (Student) student = student_join (host, "Joko");
  g_autoptr (CongkakNetChannel) player_host_end = NULL;
  g_autoptr (CongkakNetChannel) player = NULL;
  g_autoptr (Student) after = NULL;
  g_autoptr (GError) error = NULL;

  settle ();
  assert_in_step (teacher, student);

  /* A channel that came to play is not a follower. */
  congkak_net_channel_new_pair (CONGKAK_NET_ROLE_PLAYER, TEACHER, "Kartika", &player_host_end, &player);
  forget_log ();
  congkak_net_lesson_host_add_follower (host, player_host_end);
  assert_logged ("message: Lesson: turned away “Kartika”: a lesson takes followers, not players");
  g_assert_false (congkak_net_channel_is_open (player_host_end));
  g_assert_cmpuint (congkak_net_lesson_host_get_n_followers (host), ==, 1);

  /* The teacher ends the lesson. */
  congkak_net_lesson_host_stop (host);
  settle ();
  g_assert_false (congkak_net_lesson_follower_get_connected (student->follower));
  g_assert_cmpstr (student->ended, ==, "The teacher ended the lesson.");
  g_assert_cmpstr (congkak_net_lesson_follower_get_end_reason (student->follower), ==,
                   "The teacher ended the lesson.");
  g_assert_cmpuint (congkak_net_lesson_host_get_n_followers (host), ==, 0);
  g_assert_false (congkak_net_lesson_follower_answer (student->follower, 0, &error));
  g_assert_error (error, CONGKAK_NET_LESSON_ERROR, CONGKAK_NET_LESSON_ERROR_CLOSED);
  /* The mirror stays, to keep. */
  g_assert_nonnull (congkak_net_lesson_follower_get_match (student->follower));

  forget_log ();
  after = student_join (host, "Laila");
  assert_logged ("message: Lesson: turned away “Laila”: the lesson has ended");
  settle ();
  g_assert_false (congkak_net_lesson_follower_get_connected (after->follower));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  model_log = g_ptr_array_new_with_free_func (g_free);
  g_log_set_writer_func (log_writer, NULL, NULL);

  g_test_add_func ("/model/net/lesson/steps/kalah", test_steps_kalah);
  g_test_add_func ("/model/net/lesson/steps/congkak", test_steps_congkak);
  g_test_add_func ("/model/net/lesson/late-joiner", test_late_joiner);
  g_test_add_func ("/model/net/lesson/forbidden", test_forbidden);
  g_test_add_func ("/model/net/lesson/question", test_question);
  g_test_add_func ("/model/net/lesson/question-illegal-hole", test_question_illegal_hole);
  g_test_add_func ("/model/net/lesson/keep-copy", test_keep_copy);
  g_test_add_func ("/model/net/lesson/slow-follower", test_slow_follower);
  g_test_add_func ("/model/net/lesson/resync", test_resync);
  g_test_add_func ("/model/net/lesson/stop", test_stop_and_refusals);

  return g_test_run ();
}
