/* test-window-lesson.c — a teacher's window shares the board, a student's follows
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two windows of one app, a teacher's and a student's, joined by a pair
 * of in-memory channels (the same messages, through their text form, as
 * the network carries): the student's board follows the teacher's move
 * and step back; a question, a click on a hole of the student's board,
 * the count over that hole on the teacher's; Play On; Keep a Copy lands
 * in the library; Stop Sharing ends the lesson and the match stays on the
 * student's screen.  Screenshots of the teacher's projector with the
 * tally and of the student's window go to tests/screenshots/.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "congkak-follow-dialog.h"
#include "congkak-lesson-bar.h"
#include "congkak-lesson-panel.h"
#include "congkak-net-test-util.h"
#include "congkak-test-util.h"
#include "congkak-window-test-util.h"

#define WAIT_ROUNDS 3000   /* 30 s at the most */

typedef struct
{
  CongkakWindow *teacher;
  CongkakWindow *student;
  CongkakMatch  *match;      /* the teacher's */
} Lesson;

static CongkakWindowLesson *
lesson_of (CongkakWindow *window)
{
  return congkak_window_get_lesson (window);
}

static gboolean
student_has_match (gpointer data)
{
  Lesson *lesson = data;
  CongkakMatch *match = congkak_window_get_match (lesson->student);

  return match != NULL && congkak_match_get_n_nodes (match) == congkak_match_get_n_nodes (lesson->match);
}

/* The student's window shows the teacher's position, at the same move,
 * and the board has finished showing it. */
static gboolean
student_in_step (gpointer data)
{
  Lesson *lesson = data;
  CongkakMatch *match = congkak_window_get_match (lesson->student);
  g_autofree char *teacher_path = NULL;
  g_autofree char *student_path = NULL;

  if (match == NULL || congkak_board_view_is_animating (congkak_window_get_board (lesson->student)))
    return FALSE;
  teacher_path = congkak_node_dup_path (congkak_match_get_cursor (lesson->match));
  student_path = congkak_node_dup_path (congkak_match_get_cursor (match));
  return g_str_equal (teacher_path, student_path);
}

static void
assert_same_boards (Lesson *lesson)
{
  test_assert_same_boards (lesson->teacher, lesson->student,
                           congkak_match_get_rules (lesson->match)->holes);
}

static gboolean
student_asked (gpointer data)
{
  Lesson *lesson = data;
  CongkakNetLessonFollower *follower = congkak_window_lesson_get_follower (lesson_of (lesson->student));

  return congkak_net_lesson_follower_get_question (follower) != 0
         && !congkak_board_view_get_locked (congkak_window_get_board (lesson->student));
}

static gboolean
teacher_has_answer (gpointer data)
{
  Lesson *lesson = data;

  return congkak_net_lesson_host_get_n_answers (congkak_window_lesson_get_host (lesson_of (lesson->teacher))) == 1;
}

static gboolean
student_question_over (gpointer data)
{
  Lesson *lesson = data;
  CongkakNetLessonFollower *follower = congkak_window_lesson_get_follower (lesson_of (lesson->student));

  return congkak_net_lesson_follower_get_question (follower) == 0;
}

static gboolean
student_lesson_ended (gpointer data)
{
  Lesson *lesson = data;

  return !congkak_window_lesson_get_following (lesson_of (lesson->student));
}

typedef struct
{
  GListModel *library;
  guint       n_items;
} Count;

static gboolean
library_grew (gpointer data)
{
  Count *count = data;

  return g_list_model_get_n_items (count->library) > count->n_items;
}

/* A Congkak match without the simultaneous opening: one move to step. */
static CongkakMatch *
lesson_match (void)
{
  CongkakRules rules;

  test_rules (&rules, "congkak", "simultaneous-opening=off", NULL);
  return congkak_match_new (&rules);
}

/* A legal hole of the side to move at the teacher's cursor. */
static guint
first_legal_hole (CongkakMatch *match,
                  guint         nth)
{
  const CongkakState *state = congkak_game_get_state (congkak_match_get_cursor_game (match));
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n = congkak_state_legal_moves (state, congkak_match_get_rules (match), holes);

  g_assert_cmpuint (n, >, nth);
  return holes[nth];
}

static void
save_sizes (CongkakWindow *window,
            const char    *what)
{
  static const struct
  {
    int width, height;
    gboolean dark;
  } sizes[] = {
    { 1920, 1080, FALSE }, { 1920, 1080, TRUE }, { 360, 640, FALSE }, { 1280, 720, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *name = g_strdup_printf ("lesson-%s-%dx%d-%s.png", what, sizes[i].width, sizes[i].height,
                                               sizes[i].dark ? "dark" : "light");

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          sizes[i].dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      if (!gtk_window_is_fullscreen (GTK_WINDOW (window)))
        gtk_window_set_default_size (GTK_WINDOW (window), sizes[i].width, sizes[i].height);
      test_wait_for_drawing (GTK_WIDGET (congkak_window_get_board (window)));
      test_save_screenshot (GTK_WIDGET (window), name);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

static void
test_lesson_follow (void)
{
  g_autoptr (CongkakNetChannel) host_end = NULL;
  g_autoptr (CongkakNetChannel) client_end = NULL;
  g_autoptr (CongkakMatch) match = lesson_match ();
  CongkakWindowLesson *teaching;
  CongkakWindowLesson *following;
  CongkakLessonPanel *panel;
  CongkakLessonBar *bar;
  Lesson lesson = { 0 };
  Count count;
  guint hole, chosen, tallied = 0;
  int answer = -1;

  lesson.match = match;
  lesson.teacher = test_window_with_match (match);
  teaching = lesson_of (lesson.teacher);
  panel = CONGKAK_LESSON_PANEL (congkak_window_lesson_get_panel (teaching));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.share-lesson", NULL);
  g_assert_true (congkak_window_lesson_get_sharing (teaching));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_cmpstr (congkak_lesson_panel_get_followers_text (panel), ==, "Nobody follows yet");

  /* A student joins: the lesson's match comes on the student's board. */
  congkak_net_channel_new_pair (CONGKAK_NET_ROLE_FOLLOWER, "Bu Sari", "Ani", &host_end, &client_end);
  congkak_window_lesson_add_follower (teaching, host_end);
  lesson.student = test_window_new ();
  congkak_window_lesson_follow (lesson_of (lesson.student), client_end);
  following = lesson_of (lesson.student);
  g_assert_true (test_wait_until (student_has_match, &lesson, WAIT_ROUNDS));
  g_assert_true (test_wait_until (student_in_step, &lesson, WAIT_ROUNDS));
  bar = CONGKAK_LESSON_BAR (congkak_window_lesson_get_bar (following));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_cmpstr (congkak_lesson_bar_get_text (bar), ==, "Following Bu Sari’s lesson");
  g_assert_cmpstr (congkak_lesson_panel_get_followers_text (panel), ==, "1 student follows");
  /* Read-only: the board takes no move, and undo is the teacher's. */
  g_assert_true (congkak_board_view_get_locked (congkak_window_get_board (lesson.student)));
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (lesson.student), CONGKAK_SOUTH,
                                                  first_legal_hole (match, 0)));
  g_assert_cmpuint (congkak_match_get_n_nodes (congkak_window_get_match (lesson.student)), ==, 0);

  /* The teacher sows a hole: the student's board shows the same move. */
  hole = first_legal_hole (match, 0);
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (lesson.teacher),
                                                  congkak_game_get_state (congkak_match_get_cursor_game (match))->position.to_move,
                                                  hole));
  test_wait_for_nodes (lesson.teacher, 1);
  g_assert_true (test_wait_until (student_has_match, &lesson, WAIT_ROUNDS));
  g_assert_true (test_wait_until (student_in_step, &lesson, WAIT_ROUNDS));
  assert_same_boards (&lesson);

  /* A step back, and forward again, sown as on the projector. */
  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.go-back", NULL);
  g_assert_true (test_wait_until (student_in_step, &lesson, WAIT_ROUNDS));
  assert_same_boards (&lesson);
  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.go-forward", NULL);
  g_assert_true (test_wait_until (student_in_step, &lesson, WAIT_ROUNDS));
  assert_same_boards (&lesson);

  /* What would you play?  The student clicks a hole; the projector
   * counts it over that hole. */
  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.ask-question", NULL);
  g_assert_cmpuint (congkak_net_lesson_host_get_question (congkak_window_lesson_get_host (teaching)), !=, 0);
  g_assert_true (test_wait_until (student_asked, &lesson, WAIT_ROUNDS));
  chosen = first_legal_hole (match, 1);
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (lesson.student),
                                                  congkak_net_lesson_host_get_question_side (congkak_window_lesson_get_host (teaching)),
                                                  chosen));
  g_assert_cmpint (congkak_net_lesson_follower_get_answer (congkak_window_lesson_get_follower (following)), ==, chosen);
  congkak_board_view_get_tally (congkak_window_get_board (lesson.student), chosen, NULL, &answer);
  g_assert_cmpint (answer, ==, chosen);
  g_assert_true (test_wait_until (teacher_has_answer, &lesson, WAIT_ROUNDS));
  g_assert_cmpint (congkak_board_view_get_tally (congkak_window_get_board (lesson.teacher), chosen, &tallied, NULL),
                   ==, congkak_net_lesson_host_get_question_side (congkak_window_lesson_get_host (teaching)));
  g_assert_cmpuint (tallied, ==, 1);
  g_assert_cmpstr (congkak_lesson_panel_get_followers_text (panel), ==, "1 of 1 has answered");
  /* Nothing the student chose touched either match. */
  g_assert_cmpuint (congkak_match_get_n_nodes (match), ==, 1);
  g_assert_cmpuint (congkak_match_get_n_nodes (congkak_window_get_match (lesson.student)), ==, 1);

  save_sizes (lesson.student, "student-question");
  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.presentation", NULL);
  save_sizes (lesson.teacher, "teacher-tally");
  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.presentation", NULL);

  /* Play On: the question ends, the counts go, the board is locked again. */
  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.end-question", NULL);
  g_assert_cmpint (congkak_board_view_get_tally (congkak_window_get_board (lesson.teacher), chosen, NULL, NULL),
                   ==, CONGKAK_NOBODY);
  g_assert_true (test_wait_until (student_question_over, &lesson, WAIT_ROUNDS));
  g_assert_true (congkak_board_view_get_locked (congkak_window_get_board (lesson.student)));

  /* Keep a Copy: the lesson's match in the student's library. */
  count.library = G_LIST_MODEL (congkak_window_get_library (lesson.student));
  count.n_items = g_list_model_get_n_items (count.library);
  gtk_widget_activate_action (GTK_WIDGET (lesson.student), "win.keep-lesson-copy", NULL);
  g_assert_true (test_wait_until (library_grew, &count, WAIT_ROUNDS));

  /* Stop Sharing: the student reads why, and keeps the match on screen. */
  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.share-lesson", NULL);
  g_assert_false (congkak_window_lesson_get_sharing (teaching));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (test_wait_until (student_lesson_ended, &lesson, WAIT_ROUNDS));
  g_assert_cmpstr (congkak_lesson_bar_get_text (bar), !=, "Following Bu Sari’s lesson");
  g_assert_cmpstr (congkak_lesson_bar_get_text (bar), !=, "");
  g_test_message ("the lesson ended: %s", congkak_lesson_bar_get_text (bar));
  g_assert_cmpuint (congkak_match_get_n_nodes (congkak_window_get_match (lesson.student)), ==, 1);
  save_sizes (lesson.student, "student-ended");

  gtk_window_destroy (GTK_WINDOW (lesson.student));
  gtk_window_destroy (GTK_WINDOW (lesson.teacher));
}

static void
set_true (gboolean *flag)
{
  *flag = TRUE;
}

/* Match › Follow a Lesson…: no Avahi here, so the dialog says why no
 * lesson is listed, and takes an address and a code typed. */
static void
test_lesson_dialog (void)
{
  CongkakWindow *window = test_window_new ();
  AdwDialog *dialog;
  GtkWidget *follow;
  GtkWidget *code_row;
  gboolean followed = FALSE;

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.follow-lesson", NULL);
  dialog = test_wait_for_dialog (window);
  g_assert_true (CONGKAK_IS_FOLLOW_DIALOG (dialog));
  g_test_message ("lessons nearby: %s", congkak_follow_dialog_get_nearby_text (CONGKAK_FOLLOW_DIALOG (dialog)));
  g_assert_cmpstr (congkak_follow_dialog_get_nearby_text (CONGKAK_FOLLOW_DIALOG (dialog)), !=, "");

  follow = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "pill");
  g_assert_nonnull (follow);
  g_assert_false (gtk_widget_get_sensitive (follow));
  congkak_follow_dialog_set_address (CONGKAK_FOLLOW_DIALOG (dialog), "192.168.1.20:47862");
  g_assert_false (gtk_widget_get_sensitive (follow));
  congkak_follow_dialog_set_code (CONGKAK_FOLLOW_DIALOG (dialog), "4K7Q-2MXP");
  g_assert_true (gtk_widget_get_sensitive (follow));
  g_signal_connect_swapped (dialog, "follow", G_CALLBACK (set_true), &followed);
  test_click (follow);
  g_assert_true (followed);
  test_wait_for_drawing (GTK_WIDGET (dialog));
  test_save_screenshot (GTK_WIDGET (window), "lesson-follow-dialog-360x640-light.png");

  /* Enter in the Code row follows too: the row after Address. */
  code_row = gtk_widget_get_next_sibling (test_find_widget (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, NULL));
  g_assert_true (ADW_IS_ENTRY_ROW (code_row));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (code_row)), ==, "4K7Q-2MXP");
  g_assert_true (gtk_widget_grab_focus (code_row));
  followed = FALSE;
  test_real_key (GTK_WIDGET (window), GDK_KEY_Return);
  g_assert_true (followed);
  adw_dialog_force_close (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
student_follows (gpointer data)
{
  Lesson *lesson = data;

  return congkak_window_lesson_get_following (lesson_of (lesson->student))
         && congkak_window_get_match (lesson->student) != NULL;
}

/* The real transport on the loopback interface: the teacher's panel
 * shows the code, the student types it with the address in the dialog,
 * and follows a move. */
static void
test_lesson_transport (void)
{
  g_autoptr (CongkakMatch) match = lesson_match ();
  g_autofree char *address = NULL;
  CongkakWindowLesson *teaching;
  CongkakLessonPanel *panel;
  Lesson lesson = { 0 };
  AdwDialog *dialog;
  const char *code;
  guint16 port = 0;

  lesson.match = match;
  lesson.teacher = test_window_with_match (match);
  teaching = lesson_of (lesson.teacher);
  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.share-lesson", NULL);
  code = congkak_window_lesson_get_join (teaching, &port);
  g_assert_nonnull (code);
  g_assert_cmpuint (port, !=, 0);
  panel = CONGKAK_LESSON_PANEL (congkak_window_lesson_get_panel (teaching));
  g_assert_nonnull (strstr (congkak_lesson_panel_get_code_text (panel), code));

  lesson.student = test_window_new ();
  test_window_show_at_once (lesson.student);
  gtk_widget_activate_action (GTK_WIDGET (lesson.student), "win.follow-lesson", NULL);
  dialog = test_wait_for_dialog (lesson.student);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  congkak_follow_dialog_set_address (CONGKAK_FOLLOW_DIALOG (dialog), address);
  congkak_follow_dialog_set_code (CONGKAK_FOLLOW_DIALOG (dialog), code);
  test_click (test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "pill"));
  g_assert_true (test_wait_until (student_follows, &lesson, WAIT_ROUNDS));
  g_assert_true (test_wait_until (student_in_step, &lesson, WAIT_ROUNDS));
  g_assert_cmpstr (congkak_lesson_panel_get_followers_text (panel), ==, "1 student follows");

  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (lesson.teacher),
                                                  congkak_game_get_state (congkak_match_get_cursor_game (match))->position.to_move,
                                                  first_legal_hole (match, 0)));
  test_wait_for_nodes (lesson.teacher, 1);
  g_assert_true (test_wait_until (student_has_match, &lesson, WAIT_ROUNDS));
  g_assert_true (test_wait_until (student_in_step, &lesson, WAIT_ROUNDS));
  assert_same_boards (&lesson);

  gtk_widget_activate_action (GTK_WIDGET (lesson.teacher), "win.share-lesson", NULL);
  g_assert_null (congkak_window_lesson_get_join (teaching, NULL));
  g_assert_true (test_wait_until (student_lesson_ended, &lesson, WAIT_ROUNDS));
  gtk_window_destroy (GTK_WINDOW (lesson.student));
  gtk_window_destroy (GTK_WINDOW (lesson.teacher));
}

/* glib-networking loads the system's trusted certificates when a client
 * connects, and warns (fatal in a test) where there are none, as in the
 * build root: it is given a database of one certificate of its own, as
 * in test-net-transport.  The transport never asks an authority. */
static void
avoid_loading_system_trust (void)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "trust", NULL);

  test_net_trust_own_certificate (folder);
}

int
main (int    argc,
      char **argv)
{
  test_app_init (&argc, &argv);
  avoid_loading_system_trust ();

  g_test_add_func ("/view/lesson/follow", test_lesson_follow);
  g_test_add_func ("/view/lesson/dialog", test_lesson_dialog);
  g_test_add_func ("/view/lesson/transport", test_lesson_transport);

  return g_test_run ();
}
