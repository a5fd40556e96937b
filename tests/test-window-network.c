/* test-window-network.c — two windows play a match over the network
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two windows of one app, a host's and a guest's, joined through the real
 * transport (WebSocket over TLS) on the loopback interface: the host
 * hosts its match with a code, the guest joins with the address and the
 * code, each plays moves with clicks on its own board and sees the
 * other's; the guest offers to take a move back and the host accepts
 * through the question in its window; the guest resigns.  Both windows
 * keep the match as a document.  The dialog: the host's page with the
 * code and the addresses, the join page with a wrong code refused in
 * plain words; screenshots of both (light, dark, 360×640) go to
 * tests/screenshots/.
 */

#include "config.h"

#include <adwaita.h>

#include <glib/gstdio.h>

#include "congkak-net-certificate.h"
#include "congkak-network-dialog.h"
#include "congkak-net-test-util.h"
#include "congkak-test-util.h"
#include "congkak-window-test-util.h"

#define WAIT_ROUNDS 3000   /* 30 s at the most */

typedef struct
{
  CongkakWindow *host;
  CongkakWindow *guest;
  CongkakMatch  *match;      /* the host's */
} Play;

static CongkakWindowNetwork *
network_of (CongkakWindow *window)
{
  return congkak_window_get_network (window);
}

static CongkakMatch *
game_rules_match (void)
{
  CongkakRules rules;

  test_rules (&rules, "congkak", "simultaneous-opening=off", NULL);
  return congkak_match_new (&rules);
}

static char *
loopback_address (CongkakWindow *host)
{
  return g_strdup_printf ("127.0.0.1:%u", congkak_window_network_get_port (network_of (host)));
}

/* The guest's window shows the host's match at the same move, and both
 * boards have finished showing it. */
static gboolean
in_step (gpointer data)
{
  Play *play = data;
  CongkakMatch *match = congkak_window_get_match (play->guest);
  g_autofree char *host_path = NULL;
  g_autofree char *guest_path = NULL;

  if (match == NULL || match == play->match
      || congkak_board_view_is_animating (congkak_window_get_board (play->guest))
      || congkak_board_view_is_animating (congkak_window_get_board (play->host)))
    return FALSE;
  host_path = congkak_node_dup_path (congkak_match_get_cursor (play->match));
  guest_path = congkak_node_dup_path (congkak_match_get_cursor (match));
  return g_str_equal (host_path, guest_path);
}

/* The side to move's window takes clicks on that side's holes. */
static gboolean
ready_for (gpointer data)
{
  CongkakWindow *window = data;
  CongkakSession *session = congkak_window_get_session (window);

  return session != NULL && !congkak_board_view_is_animating (congkak_window_get_board (window))
         && !congkak_board_view_get_locked (congkak_window_get_board (window))
         && congkak_session_get_turn_kind (session) == CONGKAK_TURN_MOVE
         && congkak_session_is_local_person (session, congkak_session_get_turn_side (session));
}

static void
assert_same_boards (Play *play)
{
  test_assert_same_boards (play->host, play->guest,
                           congkak_match_get_rules (play->match)->holes);
}

/* Plays the first legal hole of the side to move, with a click on the
 * board of that side's window; returns the side. */
static CongkakSide
click_a_move (Play        *play,
              CongkakSide  guest_side)
{
  const CongkakState *state = congkak_game_get_state (congkak_match_get_cursor_game (play->match));
  CongkakSide side = state->position.to_move;
  CongkakWindow *window = side == guest_side ? play->guest : play->host;
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n = congkak_state_legal_moves (state, congkak_match_get_rules (play->match), holes);
  guint before = congkak_match_get_n_nodes (play->match);

  g_assert_cmpuint (n, >, 0);
  g_assert_true (test_wait_until (ready_for, window, WAIT_ROUNDS));
  /* The other window does not take this side's move. */
  g_assert_false (ready_for (side == guest_side ? play->host : play->guest));
  test_click (congkak_board_view_get_hole_widget (congkak_window_get_board (window), side, holes[0]));
  test_wait_for_nodes (play->host, before + 1);
  g_assert_true (test_wait_until (in_step, play, WAIT_ROUNDS));
  return side;
}

static gboolean
host_has_guest_resigned (gpointer data)
{
  Play *play = data;
  CongkakNetMatch *match = congkak_window_network_get_match (network_of (play->host));

  return match && congkak_net_match_get_resigned (match) == CONGKAK_NORTH;
}

static gboolean
host_asked_undo (gpointer data)
{
  Play *play = data;
  CongkakNetMatch *match = congkak_window_network_get_match (network_of (play->host));

  return match && congkak_net_match_get_undo_asked (match)
         && adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (play->host)) != NULL;
}

static gboolean
banner_revealed (gpointer data)
{
  GtkWidget *banner = test_find_widget (GTK_WIDGET (data), ADW_TYPE_BANNER, "network-banner");

  return banner && adw_banner_get_revealed (ADW_BANNER (banner));
}

static gboolean
banner_hidden (gpointer data)
{
  return !banner_revealed (data);
}

typedef struct
{
  CongkakMatch *match;
  guint         n_nodes;
} Nodes;

static gboolean
match_has_nodes (gpointer data)
{
  Nodes *nodes = data;

  return congkak_match_get_n_nodes (nodes->match) == nodes->n_nodes;
}

static void
test_network_play (void)
{
  g_autoptr (CongkakMatch) match = game_rules_match ();
  g_autoptr (GError) error = NULL;
  g_autofree char *address = NULL;
  CongkakSide moved[4];
  Play play = { 0 };
  Nodes nodes;
  guint guest_moves = 0, host_moves = 0;

  play.match = match;
  play.host = test_window_with_match (match);
  g_assert_true (congkak_window_network_host (network_of (play.host), CONGKAK_NORTH, TRUE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (congkak_window_network_get_code (network_of (play.host)));
  g_assert_cmpuint (congkak_window_network_get_port (network_of (play.host)), !=, 0);

  /* The guest joins with the address and the code: the host's match
   * comes on its board, as a document of its own. */
  play.guest = test_window_new ();
  address = loopback_address (play.host);
  congkak_window_network_join (network_of (play.guest), address, congkak_window_network_get_code (network_of (play.host)));
  g_assert_true (test_wait_until (in_step, &play, WAIT_ROUNDS));
  g_assert_nonnull (congkak_window_get_document (play.guest));
  g_assert_true (CONGKAK_IS_NET_MATCH_GUEST (congkak_window_network_get_match (network_of (play.guest))));
  g_assert_cmpint (congkak_net_match_get_local_side (congkak_window_network_get_match (network_of (play.guest))),
                   ==, CONGKAK_NORTH);

  /* Moves each way, each a click on the mover's own board. */
  while (host_moves == 0 || guest_moves == 0)
    {
      guint i = host_moves + guest_moves;

      g_assert_cmpuint (i, <, G_N_ELEMENTS (moved));
      moved[i] = click_a_move (&play, CONGKAK_NORTH);
      if (moved[i] == CONGKAK_NORTH)
        guest_moves++;
      else
        host_moves++;
      assert_same_boards (&play);
    }
  g_test_message ("%u moves by the host, %u by the guest", host_moves, guest_moves);

  /* The guest offers to take its move back; the host's window asks, the
   * host accepts, and both matches lose the move. */
  if (moved[host_moves + guest_moves - 1] == CONGKAK_NORTH)
    {
      CongkakMatch *guest_match = congkak_window_get_match (play.guest);
      guint before = congkak_match_get_n_nodes (match);

      g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (network_of (play.guest)), "network-offer-undo"));
      gtk_widget_activate_action (GTK_WIDGET (play.guest), "win.network-offer-undo", NULL);
      g_assert_true (test_wait_until (host_asked_undo, &play, WAIT_ROUNDS));
      test_answer_dialog (play.host, "accept");
      nodes.match = guest_match;
      nodes.n_nodes = before - 1;
      g_assert_true (test_wait_until (match_has_nodes, &nodes, WAIT_ROUNDS)
                     || congkak_node_get_parent (congkak_match_get_cursor (guest_match)) != NULL);
      g_assert_true (test_wait_until (in_step, &play, WAIT_ROUNDS));
      assert_same_boards (&play);
    }

  /* The connection breaks: the host's window says the opponent left and
   * waits; the guest joins again with the same code, and the match goes
   * on from where it broke, with a move. */
  g_assert_false (banner_revealed (play.host));
  /* A banner that slides in is drawn half-way in a screenshot. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  congkak_net_channel_close (congkak_net_match_get_channel (congkak_window_network_get_match (network_of (play.guest))),
                             "the test breaks the connection");
  g_assert_true (test_wait_until (banner_revealed, play.host, WAIT_ROUNDS));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (network_of (play.host)), "network-keep"));
  test_wait_for_drawing (GTK_WIDGET (play.host));
  test_save_screenshot (GTK_WIDGET (play.host), "network-opponent-left-1280x720-light.png");
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  congkak_window_network_join (network_of (play.guest), address, congkak_window_network_get_code (network_of (play.host)));
  g_assert_true (test_wait_until (banner_hidden, play.host, WAIT_ROUNDS));
  g_assert_true (test_wait_until (in_step, &play, WAIT_ROUNDS));
  click_a_move (&play, CONGKAK_NORTH);
  assert_same_boards (&play);

  /* The guest resigns: the host hears it. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (network_of (play.guest)), "network-resign"));
  gtk_widget_activate_action (GTK_WIDGET (play.guest), "win.network-resign", NULL);
  g_assert_true (test_wait_until (host_has_guest_resigned, &play, WAIT_ROUNDS));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (network_of (play.guest)), "network-resign"));
  /* Both boards stop; each window says who gave up. */
  g_assert_true (congkak_board_view_get_locked (congkak_window_get_board (play.guest)));
  g_assert_true (congkak_board_view_get_locked (congkak_window_get_board (play.host)));
  g_assert_cmpstr (adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (test_wait_for_dialog (play.guest))), ==, "You Resigned");
  g_assert_true (g_str_has_suffix (adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (test_wait_for_dialog (play.host))),
                                   "Resigned"));
  g_assert_cmpstr (congkak_match_get_metadata (match, CONGKAK_METADATA_RESULT), ==, "North resigned");
  test_wait_for_drawing (GTK_WIDGET (play.guest));
  test_save_screenshot (GTK_WIDGET (play.guest), "network-guest-resigned-1280x720-light.png");

  gtk_window_destroy (GTK_WINDOW (play.guest));
  gtk_window_destroy (GTK_WINDOW (play.host));
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
    { 1280, 720, FALSE }, { 1280, 720, TRUE }, { 360, 640, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *name = g_strdup_printf ("network-%s-%dx%d-%s.png", what, sizes[i].width, sizes[i].height,
                                               sizes[i].dark ? "dark" : "light");

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          sizes[i].dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i].width, sizes[i].height);
      test_iterate (20);
      test_wait_for_drawing (GTK_WIDGET (window));
      test_save_screenshot (GTK_WIDGET (window), name);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

static gboolean
problem_shown (gpointer data)
{
  GtkWidget *label = test_find_widget (GTK_WIDGET (data), GTK_TYPE_LABEL, "error");

  return label && gtk_widget_get_visible (label) && *gtk_label_get_label (GTK_LABEL (label)) != '\0';
}

static gboolean
new_match_dialog_shown (gpointer data)
{
  AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (data));

  return dialog && g_str_equal (G_OBJECT_TYPE_NAME (dialog), "CongkakNewMatchDialog");
}

static gboolean
code_shown (gpointer data)
{
  return *congkak_network_dialog_get_code (CONGKAK_NETWORK_DIALOG (data)) != '\0';
}

/* Match › Play Over the Network…: the host's code and addresses, then
 * the join page refusing a wrong code in plain words. */
static void
test_network_dialog (void)
{
  g_autoptr (CongkakMatch) match = game_rules_match ();
  CongkakWindow *host = test_window_with_match (match);
  CongkakWindow *guest = test_window_new ();
  g_autofree char *address = NULL;
  g_autofree char *wrong = NULL;
  CongkakNetworkDialog *dialog;
  GtkWidget *join, *problem;
  const char *code;

  /* Pages that slide in are drawn half-way in a screenshot. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, "gtk-cursor-blink", FALSE, NULL);
  gtk_widget_activate_action (GTK_WIDGET (host), "win.play-network", NULL);
  dialog = CONGKAK_NETWORK_DIALOG (test_wait_for_dialog (host));
  g_assert_true (CONGKAK_IS_NETWORK_DIALOG (dialog));
  g_assert_cmpint (congkak_network_dialog_get_guest_side (dialog), ==, CONGKAK_NORTH);
  save_sizes (host, "choose");

  /* Host a Match…: the new match dialog's choices, Start; then the code,
   * large, and where to reach this computer. */
  congkak_window_network_set_loopback_only (network_of (host), TRUE);
  gtk_widget_activate (test_find_widget (GTK_WIDGET (dialog), ADW_TYPE_BUTTON_ROW, NULL));
  g_assert_true (test_wait_until (new_match_dialog_shown, host, WAIT_ROUNDS));
  gtk_widget_activate_action (GTK_WIDGET (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (host))),
                              "new-match.start", NULL);
  g_assert_true (test_wait_until (code_shown, dialog, WAIT_ROUNDS));
  g_assert_true (congkak_window_get_match (host) != match);
  g_assert_cmpuint (congkak_match_get_n_nodes (congkak_window_get_match (host)), ==, 0);
  g_assert_true (CONGKAK_IS_NET_MATCH_HOST (congkak_window_network_get_match (network_of (host))));
  g_assert_cmpint (congkak_net_match_get_local_side (congkak_window_network_get_match (network_of (host))),
                   ==, CONGKAK_SOUTH);
  code = congkak_window_network_get_code (network_of (host));
  g_assert_cmpstr (congkak_network_dialog_get_code (dialog), ==, code);
  save_sizes (host, "host");

  /* Closed and opened again while waiting: the same code. */
  adw_dialog_force_close (ADW_DIALOG (dialog));
  g_assert_null (congkak_window_network_get_dialog (network_of (host)));
  gtk_widget_activate_action (GTK_WIDGET (host), "win.play-network", NULL);
  dialog = CONGKAK_NETWORK_DIALOG (test_wait_for_dialog (host));
  g_assert_cmpstr (congkak_network_dialog_get_code (dialog), ==, code);

  /* Joining with a wrong code: refused, said in the dialog. */
  gtk_widget_activate_action (GTK_WIDGET (guest), "win.play-network", NULL);
  dialog = CONGKAK_NETWORK_DIALOG (test_wait_for_dialog (guest));
  g_test_message ("matches nearby: %s", congkak_network_dialog_get_nearby_text (dialog));
  congkak_network_dialog_show_join (dialog);
  join = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "pill");
  g_assert_nonnull (join);
  g_assert_false (gtk_widget_get_sensitive (join));
  address = loopback_address (host);
  congkak_network_dialog_set_address (dialog, address);
  g_assert_false (gtk_widget_get_sensitive (join));
  /* The code with its last character changed. */
  wrong = g_strdup (code);
  wrong[strlen (wrong) - 1] = wrong[strlen (wrong) - 1] == '2' ? '3' : '2';
  congkak_network_dialog_set_join_code (dialog, wrong);
  g_assert_true (gtk_widget_get_sensitive (join));
  test_click (join);
  g_assert_true (test_wait_until (problem_shown, dialog, WAIT_ROUNDS));
  problem = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_LABEL, "error");
  g_test_message ("a wrong code: %s", gtk_label_get_label (GTK_LABEL (problem)));
  g_assert_null (congkak_window_network_get_match (network_of (guest)));
  save_sizes (guest, "join");

  adw_dialog_force_close (ADW_DIALOG (dialog));
  adw_dialog_force_close (ADW_DIALOG (congkak_window_network_get_dialog (network_of (host))));
  gtk_window_destroy (GTK_WINDOW (guest));
  gtk_window_destroy (GTK_WINDOW (host));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, "gtk-cursor-blink", TRUE, NULL);
}

/* glib-networking loads the system's trusted certificates when a client
 * connection is made; the build root has none, and its warning is fatal
 * in a test.  The transport never asks an authority (the code carries the
 * host's fingerprint): a database of one certificate of the test's own
 * leaves glib-networking nothing to load (as in test-net-transport.c). */
static char *
avoid_loading_system_trust (void)
{
  g_autoptr (GError) error = NULL;
  char *folder = g_dir_make_tmp ("congkak-trust-XXXXXX", &error);

  g_assert_no_error (error);
  test_net_trust_own_certificate (folder);
  return folder;
}

static void
remove_trust (const char *folder)
{
  const char *files[] = { CONGKAK_NET_CERTIFICATE_FILE, CONGKAK_NET_KEY_FILE };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (folder, files[i], NULL);

      g_unlink (path);
    }
  g_rmdir (folder);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *trust_folder = NULL;
  int status;

  test_app_init (&argc, &argv);
  trust_folder = avoid_loading_system_trust ();

  g_test_add_func ("/view/network/play", test_network_play);
  g_test_add_func ("/view/network/dialog", test_network_dialog);

  status = g_test_run ();
  remove_trust (trust_folder);
  return status;
}
