/* test-net-match.c — a match between two computers, over in-memory channels
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two sessions, each with its own match, play over a pair of channels
 * (congkak_net_channel_new_pair(), which carries every message through
 * its text form from the main loop, as the transport does): the host's
 * referees, the guest's follows.  The people at both computers are a
 * scripted chooser that picks a legal hole at random (a fixed seed), as
 * a person would through the board.
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "congkak-net-match.h"
#include "congkak-test-util.h"

/* Runs the main loop one source at a time until @condition holds: the
 * people's choices follow each other from the main loop, so draining it
 * would play a whole match past any point to stop at. */
static gboolean
wait_for (TestCondition condition,
          gpointer      data,
          guint         max_idle_rounds)
{
  guint idle_rounds = 0;

  while (!condition (data))
    {
      if (!g_main_context_iteration (NULL, FALSE))
        {
          if (++idle_rounds > max_idle_rounds)
            return FALSE;
          g_usleep (1000);
        }
    }
  return TRUE;
}

/* A person at one computer: chooses a legal hole for their side when the
 * session asks, from the main loop; the host's also starts new rounds. */
typedef struct
{
  CongkakSession *session;
  CongkakSide     side;
  gboolean        starts_rounds;
  gboolean        paused;
  GRand          *rand;
  guint           idle_id;
  guint           choices;
} Person;

static gboolean
person_act (gpointer data)
{
  Person *person = data;
  CongkakSession *session = person->session;
  CongkakTurnKind kind = congkak_session_get_turn_kind (session);
  g_autoptr (GError) error = NULL;
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n = 0;

  person->idle_id = 0;
  if (person->paused || !congkak_session_get_live (session))
    return G_SOURCE_REMOVE;
  if (kind == CONGKAK_TURN_ROUND_OVER && person->starts_rounds)
    {
      g_assert_true (congkak_session_next_round (session, &error));
      g_assert_no_error (error);
      return G_SOURCE_REMOVE;
    }
  if (congkak_session_get_turn_side (session) != person->side)
    return G_SOURCE_REMOVE;
  if (kind == CONGKAK_TURN_MOVE)
    n = congkak_state_legal_moves (congkak_session_get_state (session),
                                   congkak_match_get_rules (congkak_session_get_match (session)), holes);
  else if (kind == CONGKAK_TURN_OPENING)
    {
      const CongkakPosition *position = congkak_session_get_choice_position (session);

      for (guint hole = 0; hole < position->n_holes; hole++)
        if (position->holes[person->side][hole] > 0)
          holes[n++] = hole;
    }
  if (n == 0)
    return G_SOURCE_REMOVE;
  g_assert_true (congkak_session_choose_hole (session, person->side, holes[g_rand_int_range (person->rand, 0, n)],
                                              &error));
  g_assert_no_error (error);
  person->choices++;
  return G_SOURCE_REMOVE;
}

static void
person_kick (Person *person)
{
  if (person->idle_id == 0)
    person->idle_id = g_idle_add (person_act, person);
}

static void
person_start (Person         *person,
              CongkakSession *session,
              CongkakSide     side,
              gboolean        starts_rounds,
              guint32         seed)
{
  person->session = g_object_ref (session);
  person->side = side;
  person->starts_rounds = starts_rounds;
  person->rand = g_rand_new_with_seed (seed);
  g_signal_connect_swapped (session, "awaiting", G_CALLBACK (person_kick), person);
  person_kick (person);
}

static void
person_clear (Person *person)
{
  g_clear_handle_id (&person->idle_id, g_source_remove);
  if (person->session)
    g_signal_handlers_disconnect_by_data (person->session, person);
  g_clear_object (&person->session);
  g_clear_pointer (&person->rand, g_rand_free);
}

/* Both computers, and what went over the wire */
typedef struct
{
  CongkakMatch         *match;
  CongkakDocument      *document;
  CongkakSession       *session;
  CongkakNetMatchHost  *host;
  CongkakNetMatchGuest *guest;
  CongkakNetChannel    *host_end;
  CongkakNetChannel    *guest_end;
  Person                host_person;
  Person                guest_person;
  CongkakSide           guest_side;

  /* The lockstep opening, as the wire saw it */
  gboolean              guest_committed;  /* the guest's first opening hole went out */
  gboolean              host_revealed_early;
  GPtrArray            *notices;
  GPtrArray            *host_log;         /* types the host received */
  char                 *closed_at_guest;  /* the reason the guest's end heard */
} Pair;

static void
host_end_message_cb (CongkakNetChannel *channel,
                     JsonObject        *message,
                     Pair              *pair)
{
  const char *type = congkak_net_message_get_type (message);

  g_ptr_array_add (pair->host_log, g_strdup (type ? type : "(none)"));
  if (g_strcmp0 (type, "choose") == 0
      && g_strcmp0 (json_object_get_string_member_with_default (message, "kind", ""), "opening") == 0)
    pair->guest_committed = TRUE;
}

static void
guest_end_message_cb (CongkakNetChannel *channel,
                      JsonObject        *message,
                      Pair              *pair)
{
  const char *type = congkak_net_message_get_type (message);

  /* The host's opening choices, before the guest chose: a leak. */
  if (!pair->guest_committed
      && (g_strcmp0 (type, "opening") == 0
          || (g_strcmp0 (type, "played") == 0
              && g_str_has_prefix (json_object_get_string_member_with_default (message, "move", ""), "opening"))))
    pair->host_revealed_early = TRUE;
}

static void
guest_end_closed_cb (CongkakNetChannel *channel,
                     const char        *reason,
                     Pair              *pair)
{
  g_free (pair->closed_at_guest);
  pair->closed_at_guest = g_strdup (reason);
}

static void
notice_cb (CongkakNetMatch *net,
           const char      *text,
           Pair            *pair)
{
  g_ptr_array_add (pair->notices, g_strdup (text));
}

static void
connect_channels (Pair *pair)
{
  g_clear_object (&pair->host_end);
  g_clear_object (&pair->guest_end);
  congkak_net_channel_new_pair (CONGKAK_NET_ROLE_PLAYER, "Ana", "Budi", &pair->host_end, &pair->guest_end);
  g_signal_connect (pair->host_end, "message", G_CALLBACK (host_end_message_cb), pair);
  g_signal_connect (pair->guest_end, "message", G_CALLBACK (guest_end_message_cb), pair);
  g_signal_connect (pair->guest_end, "closed", G_CALLBACK (guest_end_closed_cb), pair);
}

static CongkakMatch *
new_match (const char *profile,
           ...)
{
  CongkakMatch *match;
  CongkakRules rules;
  g_autoptr (GError) error = NULL;
  const char *option;
  va_list args;

  congkak_rules_init_profile (&rules, profile, &error);
  g_assert_no_error (error);
  va_start (args, profile);
  while ((option = va_arg (args, const char *)) != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (option, "=", 2);

      congkak_rules_set_option (&rules, parts[0], parts[1], &error);
      g_assert_no_error (error);
    }
  va_end (args);
  match = congkak_match_new (&rules);
  congkak_match_set_player (match, CONGKAK_SOUTH, "Ana", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
  congkak_match_set_player (match, CONGKAK_NORTH, "Budi", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
  congkak_match_forget_history (match);
  return match;
}

/* The host's session and net match; no guest yet. */
static void
pair_host (Pair         *pair,
           CongkakMatch *match,
           CongkakSide   guest_side)
{
  memset (pair, 0, sizeof *pair);
  pair->notices = g_ptr_array_new_with_free_func (g_free);
  pair->host_log = g_ptr_array_new_with_free_func (g_free);
  pair->match = g_object_ref (match);
  pair->document = congkak_document_new (match, NULL);
  pair->session = congkak_session_new (pair->document);
  pair->guest_side = guest_side;
  pair->host = congkak_net_match_host_new (pair->session, guest_side);
  g_signal_connect (pair->host, "notice", G_CALLBACK (notice_cb), pair);
}

static gboolean
guest_has_session (gpointer data)
{
  Pair *pair = data;

  return congkak_net_match_get_session (CONGKAK_NET_MATCH (pair->guest)) != NULL;
}

/* A guest joins, and both people play; one of them starts new rounds. */
static void
pair_join_and_play_full (Pair     *pair,
                         guint32   seed,
                         gboolean  guest_starts_rounds)
{
  connect_channels (pair);
  pair->guest = congkak_net_match_guest_new (pair->guest_end);
  g_signal_connect (pair->guest, "notice", G_CALLBACK (notice_cb), pair);
  congkak_net_match_host_attach (pair->host, pair->host_end);
  g_assert_true (wait_for (guest_has_session, pair, 500));
  g_assert_cmpint (congkak_net_match_get_local_side (CONGKAK_NET_MATCH (pair->guest)), ==, pair->guest_side);
  person_start (&pair->host_person, pair->session, CONGKAK_OTHER_SIDE (pair->guest_side), !guest_starts_rounds,
                seed);
  person_start (&pair->guest_person, congkak_net_match_get_session (CONGKAK_NET_MATCH (pair->guest)),
                pair->guest_side, guest_starts_rounds, seed + 1);
}

static void
pair_join_and_play (Pair   *pair,
                    guint32 seed)
{
  pair_join_and_play_full (pair, seed, FALSE);
}

static void
pair_clear (Pair *pair)
{
  person_clear (&pair->host_person);
  person_clear (&pair->guest_person);
  g_clear_object (&pair->guest);
  g_clear_object (&pair->host);
  g_clear_object (&pair->session);
  g_clear_object (&pair->document);
  g_clear_object (&pair->match);
  g_clear_object (&pair->host_end);
  g_clear_object (&pair->guest_end);
  g_clear_pointer (&pair->notices, g_ptr_array_unref);
  g_clear_pointer (&pair->host_log, g_ptr_array_unref);
  g_clear_pointer (&pair->closed_at_guest, g_free);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Pair, pair_clear)

static CongkakMatch *
guest_match (Pair *pair)
{
  return congkak_session_get_match (congkak_net_match_get_session (CONGKAK_NET_MATCH (pair->guest)));
}

static char *
line_of (CongkakMatch *match)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);

  for (CongkakNode *node = congkak_match_get_cursor (match); !congkak_node_is_root (node);
       node = congkak_node_get_parent (node))
    g_ptr_array_insert (moves, 0, congkak_node_dup_move_text (node));
  for (guint i = 0; i < moves->len; i++)
    g_string_append_printf (text, "%s%s", i ? " " : "", (char *) g_ptr_array_index (moves, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const CongkakState *
state_of (CongkakMatch *match)
{
  return congkak_game_get_state (congkak_match_get_cursor_game (match));
}

static gboolean
both_over (gpointer data)
{
  Pair *pair = data;

  return state_of (pair->match)->phase == CONGKAK_PHASE_MATCH_OVER
         && state_of (guest_match (pair))->phase == CONGKAK_PHASE_MATCH_OVER;
}

static guint
n_rounds (CongkakMatch *match)
{
  return congkak_game_get_n_round_results (congkak_match_get_cursor_game (match));
}

/* Both matches hold the same moves and the same result. */
static void
assert_same_match (Pair *pair)
{
  g_autofree char *host_line = line_of (pair->match);
  g_autofree char *guest_line = line_of (guest_match (pair));

  g_assert_cmpstr (host_line, ==, guest_line);
  g_assert_cmpint (state_of (pair->match)->match_winner, ==, state_of (guest_match (pair))->match_winner);
  g_assert_cmpuint (state_of (pair->match)->position.store[0], ==, state_of (guest_match (pair))->position.store[0]);
  g_assert_cmpuint (state_of (pair->match)->position.store[1], ==, state_of (guest_match (pair))->position.store[1]);
}

/* A whole Congkak match of several rounds, the lockstep opening first. */
static void
test_whole_congkak_match (void)
{
  g_autoptr (CongkakMatch) match = new_match ("congkak", "max-rounds=3", NULL);
  g_auto (Pair) pair;

  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 27);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
  g_assert_cmpuint (n_rounds (pair.match), >=, 2);
  g_assert_true (pair.guest_committed);
  g_assert_false (pair.host_revealed_early);
  g_assert_cmpuint (pair.guest_person.choices, >, 0);
  g_assert_false (congkak_net_match_get_opponent_left (CONGKAK_NET_MATCH (pair.host)));
  g_assert_true (congkak_net_match_get_finished (CONGKAK_NET_MATCH (pair.guest)));
  /* The guest's document holds its own match, not the host's object. */
  g_assert_true (guest_match (&pair) != pair.match);
}

/* A guest side the host left unnamed takes the name of the guest's hello,
 * in both matches; a name the host gave stays. */
static void
test_guest_named_by_hello (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;

  congkak_match_set_player (match, CONGKAK_NORTH, "", CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 3);
  g_assert_true (wait_for (both_over, &pair, 3000));
  g_assert_cmpstr (congkak_match_get_player_name (pair.match, CONGKAK_NORTH), ==, "Budi");
  g_assert_cmpstr (congkak_match_get_player_name (guest_match (&pair), CONGKAK_NORTH), ==, "Budi");
  g_assert_cmpstr (congkak_match_get_player_name (guest_match (&pair), CONGKAK_SOUTH), ==, "Ana");
}

/* The guest as South: its person is asked first there, the host's first
 * here; neither learns the other's hole before both are in.  The guest
 * starts the new rounds. */
static void
test_lockstep_opening_guest_south (void)
{
  g_autoptr (CongkakMatch) match = new_match ("congkak", "max-rounds=2", NULL);
  g_auto (Pair) pair;

  pair_host (&pair, match, CONGKAK_SOUTH);
  pair_join_and_play_full (&pair, 5, TRUE);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
  g_assert_cmpuint (n_rounds (pair.match), ==, 2);
  g_assert_true (pair.guest_committed);
  g_assert_false (pair.host_revealed_early);
}

static void
test_whole_kalah_match (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;

  pair_host (&pair, match, CONGKAK_SOUTH);
  pair_join_and_play (&pair, 11);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
}

static void
test_whole_oware_match (void)
{
  g_autoptr (CongkakMatch) match = new_match ("oware", NULL);
  g_auto (Pair) pair;

  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 3);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
}

/* Each side keeps the match in its own library, as any match played here. */
static void
test_both_keep_the_match (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;
  g_autofree char *host_folder = test_make_temp_dir ();
  g_autofree char *guest_folder = test_make_temp_dir ();
  g_autoptr (GFile) host_directory = g_file_new_for_path (host_folder);
  g_autoptr (GFile) guest_directory = g_file_new_for_path (guest_folder);
  g_autoptr (CongkakLibrary) host_library = congkak_library_new (host_directory);
  g_autoptr (CongkakLibrary) guest_library = congkak_library_new (guest_directory);
  g_autoptr (GError) error = NULL;

  g_assert_true (congkak_library_load (host_library, FALSE, NULL, &error));
  g_assert_true (congkak_library_load (guest_library, FALSE, NULL, &error));
  g_assert_no_error (error);
  pair_host (&pair, match, CONGKAK_NORTH);
  congkak_document_set_library (pair.document, host_library);
  pair_join_and_play (&pair, 77);
  congkak_document_set_library (congkak_session_get_document (congkak_net_match_get_session (CONGKAK_NET_MATCH (pair.guest))),
                                guest_library);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (host_library)), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (guest_library)), ==, 1);
  g_assert_cmpstr (congkak_match_get_metadata (guest_match (&pair), CONGKAK_METADATA_ID), !=, "");
  g_assert_cmpstr (congkak_match_get_metadata (guest_match (&pair), CONGKAK_METADATA_ID), !=,
                   congkak_match_get_metadata (pair.match, CONGKAK_METADATA_ID));

  pair_clear (&pair);
  test_remove_tree (host_folder);
  test_remove_tree (guest_folder);
}

typedef struct
{
  Pair  *pair;
  guint  ply;
} PlyWait;

static gboolean
host_reached_ply (gpointer data)
{
  PlyWait *wait = data;

  return congkak_net_match_get_ply (CONGKAK_NET_MATCH (wait->pair->host)) >= wait->ply;
}

/* Past the ply, the guest's side to sow, and the guest has every move
 * the host played: the host waits for the guest's. */
static gboolean
guest_to_sow_after_ply (gpointer data)
{
  PlyWait *wait = data;
  Pair *pair = wait->pair;

  return host_reached_ply (wait) && congkak_session_get_turn_kind (pair->session) == CONGKAK_TURN_MOVE
         && congkak_session_get_turn_side (pair->session) == pair->guest_side
         && congkak_net_match_get_ply (CONGKAK_NET_MATCH (pair->guest))
              == congkak_net_match_get_ply (CONGKAK_NET_MATCH (pair->host));
}

static gboolean
opponent_left_both (gpointer data)
{
  Pair *pair = data;

  return congkak_net_match_get_opponent_left (CONGKAK_NET_MATCH (pair->host))
         && congkak_net_match_get_opponent_left (CONGKAK_NET_MATCH (pair->guest));
}

/* The connection drops mid-match; the guest comes back on a new one, and
 * the match goes on from where it broke, no move lost on either side. */
static void
test_guest_resumes (void)
{
  g_autoptr (CongkakMatch) match = new_match ("congkak", "max-rounds=2", NULL);
  g_auto (Pair) pair;
  g_autofree char *before = NULL;
  g_autofree char *host_after = NULL;
  g_autofree char *guest_at_break = NULL;
  PlyWait wait = { &pair, 8 };

  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 40);
  g_assert_true (wait_for (guest_to_sow_after_ply, &wait, 2000));
  congkak_net_channel_close (pair.guest_end, "the Wi-Fi went away");
  g_assert_true (wait_for (opponent_left_both, &pair, 500));
  g_assert_cmpuint (pair.notices->len, >=, 2);

  /* Both people go on where they can while apart. */
  test_iterate (50);
  before = line_of (pair.match);
  guest_at_break = line_of (guest_match (&pair));
  g_assert_false (both_over (&pair));
  /* The guest's person sowed while apart: the host never heard of it. */
  g_assert_cmpuint (strlen (guest_at_break), >, strlen (before));
  g_assert_true (g_str_has_prefix (guest_at_break, before));

  connect_channels (&pair);
  congkak_net_match_guest_attach (pair.guest, pair.guest_end);
  congkak_net_match_host_attach (pair.host, pair.host_end);
  g_assert_false (congkak_net_match_get_opponent_left (CONGKAK_NET_MATCH (pair.host)));
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);

  /* Nothing either side had is lost: both lines go on from it. */
  host_after = line_of (pair.match);
  g_assert_true (g_str_has_prefix (host_after, before));
  g_assert_true (g_str_has_prefix (host_after, guest_at_break));
}

static gboolean
guest_behind_after_ply (gpointer data)
{
  PlyWait *wait = data;
  Pair *pair = wait->pair;

  return host_reached_ply (wait)
         && congkak_net_match_get_ply (CONGKAK_NET_MATCH (pair->guest))
              < congkak_net_match_get_ply (CONGKAK_NET_MATCH (pair->host));
}

/* The connection drops while the host's move is on its way: the guest
 * comes back, gets it, and shows it as it is played. */
static void
test_guest_resumes_behind (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;
  g_autofree char *host_at_break = NULL;
  g_autofree char *guest_at_break = NULL;
  g_autofree char *host_after = NULL;
  PlyWait wait = { &pair, 6 };

  pair_host (&pair, match, CONGKAK_SOUTH);
  pair_join_and_play (&pair, 70);
  g_assert_true (wait_for (guest_behind_after_ply, &wait, 2000));
  /* What was on its way to the guest is lost with the connection. */
  congkak_net_channel_close (pair.guest_end, "the guest's Wi-Fi went away");
  g_assert_true (wait_for (opponent_left_both, &pair, 500));
  test_iterate (20);
  host_at_break = line_of (pair.match);
  guest_at_break = line_of (guest_match (&pair));
  g_assert_true (g_str_has_prefix (host_at_break, guest_at_break));
  g_assert_cmpuint (strlen (guest_at_break), <, strlen (host_at_break));

  connect_channels (&pair);
  congkak_net_match_guest_attach (pair.guest, pair.guest_end);
  congkak_net_match_host_attach (pair.host, pair.host_end);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
  host_after = line_of (pair.match);
  g_assert_true (g_str_has_prefix (host_after, host_at_break));
}

static gboolean
guest_knows_resignation (gpointer data)
{
  Pair *pair = data;

  return congkak_net_match_get_resigned (CONGKAK_NET_MATCH (pair->host)) != CONGKAK_NOBODY;
}

static void
test_resign (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;
  g_autoptr (GError) error = NULL;
  PlyWait wait = { &pair, 4 };

  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 8);
  g_assert_true (wait_for (host_reached_ply, &wait, 2000));
  g_assert_true (congkak_net_match_resign (CONGKAK_NET_MATCH (pair.guest), &error));
  g_assert_no_error (error);
  g_assert_true (wait_for (guest_knows_resignation, &pair, 500));
  g_assert_cmpint (congkak_net_match_get_resigned (CONGKAK_NET_MATCH (pair.host)), ==, CONGKAK_NORTH);
  g_assert_cmpstr (congkak_match_get_metadata (pair.match, CONGKAK_METADATA_RESULT), ==, "North resigned");
  g_assert_cmpstr (congkak_match_get_metadata (guest_match (&pair), CONGKAK_METADATA_RESULT), ==, "North resigned");
  g_assert_true (congkak_net_match_get_finished (CONGKAK_NET_MATCH (pair.host)));
  g_assert_cmpuint (pair.notices->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (pair.notices, 0), ==, "Budi resigned.");
  /* Leaving a finished match is no "opponent left". */
  congkak_net_channel_close (pair.guest_end, "bye");
  test_iterate (20);
  g_assert_false (congkak_net_match_get_opponent_left (CONGKAK_NET_MATCH (pair.host)));
  g_assert_false (congkak_net_match_resign (CONGKAK_NET_MATCH (pair.host), NULL));
}

typedef struct
{
  gboolean answered;
  gboolean accepted;
} Answer;

static void
undo_answered_cb (CongkakNetMatch *net,
                  gboolean         accepted,
                  Answer          *answer)
{
  answer->answered = TRUE;
  answer->accepted = accepted;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static gboolean
undo_asked (gpointer data)
{
  return congkak_net_match_get_undo_asked (data);
}

static void
pause_people (Pair    *pair,
              gboolean paused)
{
  pair->host_person.paused = paused;
  pair->guest_person.paused = paused;
  if (!paused)
    {
      person_kick (&pair->host_person);
      person_kick (&pair->guest_person);
    }
}

static gboolean
guest_can_offer_undo (gpointer data)
{
  Pair *pair = data;

  return congkak_net_match_get_ply (CONGKAK_NET_MATCH (pair->host)) >= 6
         && congkak_net_match_get_can_offer_undo (CONGKAK_NET_MATCH (pair->guest));
}

/* The guest asks to take its move back, the host agrees: both matches
 * go back to before it, and play on. */
static void
test_undo_accepted (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;
  g_autoptr (GError) error = NULL;
  Answer answer = { 0 };
  g_autofree char *host_before = NULL;
  g_autofree char *host_undone = NULL;
  g_autofree char *guest_undone = NULL;

  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 13);
  g_signal_connect (pair.guest, "undo-answered", G_CALLBACK (undo_answered_cb), &answer);
  g_assert_true (wait_for (guest_can_offer_undo, &pair, 2000));
  pause_people (&pair, TRUE);
  test_iterate (20);
  host_before = line_of (pair.match);

  g_assert_true (congkak_net_match_offer_undo (CONGKAK_NET_MATCH (pair.guest), &error));
  g_assert_no_error (error);
  g_assert_true (congkak_net_match_get_undo_offered (CONGKAK_NET_MATCH (pair.guest)));
  g_assert_true (wait_for (undo_asked, pair.host, 500));
  g_assert_true (congkak_net_match_answer_undo (CONGKAK_NET_MATCH (pair.host), TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (wait_for (is_true, &answer.answered, 500));
  g_assert_true (answer.accepted);
  test_iterate (20);

  host_undone = line_of (pair.match);
  guest_undone = line_of (guest_match (&pair));
  g_assert_cmpstr (host_undone, ==, guest_undone);
  g_assert_cmpuint (strlen (host_undone), <, strlen (host_before));
  g_assert_true (g_str_has_prefix (host_before, host_undone));
  /* The guest's side is to move again, on both boards. */
  g_assert_cmpint (state_of (pair.match)->position.to_move, ==, CONGKAK_NORTH);
  g_assert_cmpint (congkak_session_get_turn_side (pair.session), ==, CONGKAK_NORTH);

  pause_people (&pair, FALSE);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
  g_assert_true (both_over (&pair));
}

/* An undo in the guest's window, not agreed: the host's line stands, and
 * the guest's match plays its moves again. */
static void
test_guest_local_undo (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;
  g_autofree char *host_line = NULL;
  g_autofree char *guest_undone = NULL;
  PlyWait wait = { &pair, 6 };
  CongkakSession *guest_session;

  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 31);
  g_assert_true (wait_for (guest_to_sow_after_ply, &wait, 2000));
  pause_people (&pair, TRUE);
  test_iterate (10);
  guest_session = congkak_net_match_get_session (CONGKAK_NET_MATCH (pair.guest));
  host_line = line_of (pair.match);
  g_assert_true (congkak_session_undo (guest_session));
  guest_undone = line_of (guest_match (&pair));
  g_assert_cmpuint (strlen (guest_undone), <, strlen (host_line));
  test_iterate (10);
  {
    g_autofree char *guest_again = line_of (guest_match (&pair));

    g_assert_cmpstr (guest_again, ==, host_line);
  }
  pause_people (&pair, FALSE);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
}

/* An undo in the host's window, not agreed: the guest is sent the match
 * as it is now, and its main line follows the host's to the end. */
static void
test_host_local_undo (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;
  g_autofree char *host_line = NULL;
  g_autofree char *host_main = NULL;
  g_autofree char *guest_main = NULL;
  PlyWait wait = { &pair, 6 };

  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 45);
  g_assert_true (wait_for (guest_to_sow_after_ply, &wait, 2000));
  pause_people (&pair, TRUE);
  test_iterate (10);
  g_assert_true (congkak_session_undo (pair.session));
  test_iterate (10);
  host_line = line_of (pair.match);
  {
    g_autofree char *guest_line = line_of (guest_match (&pair));

    g_assert_cmpstr (guest_line, ==, host_line);
  }
  pause_people (&pair, FALSE);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
  congkak_match_go_to_end (pair.match);
  congkak_match_go_to_end (guest_match (&pair));
  host_main = line_of (pair.match);
  guest_main = line_of (guest_match (&pair));
  g_assert_cmpstr (guest_main, ==, host_main);
}

static gboolean
host_can_offer_undo (gpointer data)
{
  Pair *pair = data;

  return congkak_net_match_get_ply (CONGKAK_NET_MATCH (pair->host)) >= 5
         && congkak_net_match_get_can_offer_undo (CONGKAK_NET_MATCH (pair->host));
}

/* The host asks, the guest declines: nothing changes. */
static void
test_undo_declined (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;
  g_autoptr (GError) error = NULL;
  Answer answer = { 0 };
  g_autofree char *host_before = NULL;
  g_autofree char *host_after = NULL;

  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 21);
  g_signal_connect (pair.host, "undo-answered", G_CALLBACK (undo_answered_cb), &answer);
  g_assert_true (wait_for (host_can_offer_undo, &pair, 2000));
  pause_people (&pair, TRUE);
  test_iterate (20);
  host_before = line_of (pair.match);

  g_assert_true (congkak_net_match_offer_undo (CONGKAK_NET_MATCH (pair.host), &error));
  g_assert_no_error (error);
  /* One offer at a time */
  g_assert_false (congkak_net_match_offer_undo (CONGKAK_NET_MATCH (pair.host), NULL));
  g_assert_true (wait_for (undo_asked, pair.guest, 500));
  g_assert_true (congkak_net_match_answer_undo (CONGKAK_NET_MATCH (pair.guest), FALSE, &error));
  g_assert_true (wait_for (is_true, &answer.answered, 500));
  g_assert_false (answer.accepted);
  g_assert_false (congkak_net_match_get_undo_offered (CONGKAK_NET_MATCH (pair.host)));
  host_after = line_of (pair.match);
  g_assert_cmpstr (host_after, ==, host_before);
  g_assert_false (congkak_net_match_answer_undo (CONGKAK_NET_MATCH (pair.guest), TRUE, NULL));

  pause_people (&pair, FALSE);
  g_assert_true (wait_for (both_over, &pair, 3000));
  assert_same_match (&pair);
}

/* The other side left: the host keeps the match and plays it alone. */
static void
test_keep_the_match (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;
  PlyWait wait = { &pair, 3 };
  g_autoptr (CongkakNetChannel) late_host_end = NULL;
  g_autoptr (CongkakNetChannel) late_guest_end = NULL;
  Person north = { 0 };

  pair_host (&pair, match, CONGKAK_NORTH);
  pair_join_and_play (&pair, 2);
  g_assert_true (wait_for (host_reached_ply, &wait, 2000));
  congkak_net_channel_close (pair.guest_end, "closed the laptop");
  g_assert_true (wait_for (opponent_left_both, &pair, 500));

  congkak_net_match_keep (CONGKAK_NET_MATCH (pair.host));
  g_assert_true (congkak_net_match_get_kept (CONGKAK_NET_MATCH (pair.host)));
  g_assert_false (congkak_net_match_get_opponent_left (CONGKAK_NET_MATCH (pair.host)));
  g_assert_true (congkak_session_is_local_person (pair.session, CONGKAK_NORTH));

  /* A guest that comes back now is turned away. */
  congkak_net_channel_new_pair (CONGKAK_NET_ROLE_PLAYER, "Ana", "Budi", &late_host_end, &late_guest_end);
  congkak_net_match_host_attach (pair.host, late_host_end);
  g_assert_false (congkak_net_channel_is_open (late_host_end));

  person_start (&north, pair.session, CONGKAK_NORTH, FALSE, 99);
  for (guint i = 0; i < 2000 && state_of (pair.match)->phase != CONGKAK_PHASE_MATCH_OVER; i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (state_of (pair.match)->phase, ==, CONGKAK_PHASE_MATCH_OVER);
  person_clear (&north);
}

/* Hostile play messages: each closes the channel with its reason, and the
 * host's match is as it was. */

typedef struct
{
  const char *name;
  const char *message;      /* JSON */
  CongkakSide guest_side;
  const char *reason_part;  /* in the reason the guest's end hears */
} Hostile;

static const Hostile hostile_cases[] = {
  { "wrong-ply", "{\"type\":\"choose\",\"ply\":5,\"kind\":\"move\",\"index\":0,\"hole\":2}",
    CONGKAK_SOUTH, "ply 5" },
  { "hole-off-board", "{\"type\":\"choose\",\"ply\":0,\"kind\":\"move\",\"index\":0,\"hole\":7}",
    CONGKAK_SOUTH, "not on a board of 6 holes" },
  { "hole-out-of-range", "{\"type\":\"choose\",\"ply\":0,\"kind\":\"move\",\"index\":0,\"hole\":99}",
    CONGKAK_SOUTH, "“hole” is not a hole" },
  { "out-of-turn", "{\"type\":\"choose\",\"ply\":0,\"kind\":\"move\",\"index\":0,\"hole\":2}",
    CONGKAK_NORTH, "out of turn" },
  { "wrong-kind", "{\"type\":\"choose\",\"ply\":0,\"kind\":\"opening\",\"index\":0,\"hole\":2}",
    CONGKAK_SOUTH, "out of turn" },
  { "unknown-type", "{\"type\":\"fire\"}", CONGKAK_SOUTH, "unknown message type “fire”" },
  { "missing-hole", "{\"type\":\"choose\",\"ply\":0,\"kind\":\"move\",\"index\":0}",
    CONGKAK_SOUTH, "“hole” is missing" },
  { "missing-ply", "{\"type\":\"next-round\"}", CONGKAK_SOUTH, "“ply” is missing" },
  { "extra-member", "{\"type\":\"resign\",\"ply\":0,\"path\":\"/home\"}", CONGKAK_SOUTH, "not one of its members" },
  { "fraction", "{\"type\":\"choose\",\"ply\":0,\"kind\":\"move\",\"index\":0,\"hole\":2.5}",
    CONGKAK_SOUTH, "“hole” is not a hole" },
  { "host-only", "{\"type\":\"played\",\"ply\":0,\"move\":\"C\"}", CONGKAK_SOUTH, "only the host sends" },
  { "next-round-mid-round", "{\"type\":\"next-round\",\"ply\":0}", CONGKAK_SOUTH, "round is not over" },
  { "undo-nothing", "{\"type\":\"undo-offer\",\"ply\":0}", CONGKAK_SOUTH, "undo offer" },
  { "accept-no-offer", "{\"type\":\"undo-accept\",\"ply\":0}", CONGKAK_SOUTH, "no undo offer" },
};

static gboolean
channel_closed (gpointer data)
{
  return !congkak_net_channel_is_open (data);
}

static void
test_hostile (gconstpointer data)
{
  const Hostile *hostile = data;
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_autoptr (CongkakMatch) before = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_auto (Pair) pair;

  pair_host (&pair, match, hostile->guest_side);
  connect_channels (&pair);
  congkak_net_match_host_attach (pair.host, pair.host_end);
  test_iterate (10);
  before = congkak_match_copy (match);

  node = json_from_string (hostile->message, NULL);
  g_assert_nonnull (node);
  congkak_net_channel_send (pair.guest_end, json_node_get_object (node));
  g_assert_true (wait_for (channel_closed, pair.host_end, 500));
  g_assert_true (wait_for (channel_closed, pair.guest_end, 500));
  g_assert_nonnull (pair.closed_at_guest);
  if (strstr (pair.closed_at_guest, hostile->reason_part) == NULL)
    g_error ("The reason “%s” does not say “%s”", pair.closed_at_guest, hostile->reason_part);
  g_assert_true (congkak_match_equal (match, before));
  g_assert_cmpuint (congkak_net_match_get_ply (CONGKAK_NET_MATCH (pair.host)), ==, 0);
  g_assert_true (congkak_net_match_get_opponent_left (CONGKAK_NET_MATCH (pair.host)));
}

/* A hole the rules do not allow: one the guest's own move emptied */
static void
test_hostile_illegal_move (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_autoptr (CongkakMatch) before = NULL;
  g_autoptr (JsonObject) first = NULL;
  g_autoptr (JsonObject) again = NULL;
  g_auto (Pair) pair;

  pair_host (&pair, match, CONGKAK_SOUTH);
  connect_channels (&pair);
  congkak_net_match_host_attach (pair.host, pair.host_end);
  test_iterate (10);

  /* C sows 4 seeds into D, E, F and the store: South moves again. */
  first = congkak_net_match_message_new ("choose", 0);
  congkak_net_match_message_set_kind (first, CONGKAK_TURN_MOVE);
  json_object_set_int_member (first, "index", 0);
  json_object_set_int_member (first, "hole", 2);
  congkak_net_channel_send (pair.guest_end, first);
  test_iterate (20);
  g_assert_true (congkak_net_channel_is_open (pair.host_end));
  g_assert_cmpuint (congkak_net_match_get_ply (CONGKAK_NET_MATCH (pair.host)), ==, 1);
  g_assert_cmpint (congkak_session_get_turn_side (pair.session), ==, CONGKAK_SOUTH);
  before = congkak_match_copy (match);

  /* C again: empty now. */
  again = congkak_net_match_message_new ("choose", 1);
  congkak_net_match_message_set_kind (again, CONGKAK_TURN_MOVE);
  json_object_set_int_member (again, "index", 0);
  json_object_set_int_member (again, "hole", 2);
  congkak_net_channel_send (pair.guest_end, again);
  g_assert_true (wait_for (channel_closed, pair.host_end, 500));
  g_assert_true (wait_for (channel_closed, pair.guest_end, 500));
  g_assert_nonnull (pair.closed_at_guest);
  if (strstr (pair.closed_at_guest, "an illegal choice, hole 2") == NULL)
    g_error ("The reason “%s” does not say the choice is illegal", pair.closed_at_guest);
  g_assert_true (congkak_match_equal (match, before));
  g_assert_cmpuint (congkak_net_match_get_ply (CONGKAK_NET_MATCH (pair.host)), ==, 1);
}

/* The entry point for fuzzing: whole messages only. */
static void
test_check_message (void)
{
  static const char *good[] = {
    "{\"type\":\"choose\",\"ply\":0,\"kind\":\"move\",\"index\":0,\"hole\":8}",
    "{\"type\":\"turn\",\"ply\":12,\"kind\":\"opening\",\"side\":\"north\",\"index\":3}",
    "{\"type\":\"opening\",\"ply\":0,\"side\":\"south\",\"choices\":[0,6,2]}",
    "{\"type\":\"played\",\"ply\":0,\"move\":\"opening:C,D/a\"}",
    "{\"type\":\"match\",\"ply\":0,\"side\":\"south\",\"match\":{}}",
    "{\"type\":\"undone\",\"ply\":3}",
  };
  static const char *bad[] = {
    "{}",
    "{\"type\":4}",
    "{\"type\":\"choose\",\"ply\":-1,\"kind\":\"move\",\"index\":0,\"hole\":0}",
    "{\"type\":\"choose\",\"ply\":0,\"kind\":\"sow\",\"index\":0,\"hole\":0}",
    "{\"type\":\"choose\",\"ply\":0,\"kind\":\"move\",\"index\":0,\"hole\":\"2\"}",
    "{\"type\":\"choose\",\"ply\":0,\"kind\":\"move\",\"index\":9999,\"hole\":0}",
    "{\"type\":\"turn\",\"ply\":0,\"kind\":\"move\",\"side\":\"east\",\"index\":0}",
    "{\"type\":\"opening\",\"ply\":0,\"side\":\"south\",\"choices\":[]}",
    "{\"type\":\"opening\",\"ply\":0,\"side\":\"south\",\"choices\":[1,null]}",
    "{\"type\":\"played\",\"ply\":0,\"move\":\"\"}",
    "{\"type\":\"played\",\"ply\":0}",
    "{\"type\":\"match\",\"ply\":0,\"side\":\"south\",\"match\":\"{}\"}",
    "{\"type\":\"undone\",\"ply\":99999999999}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (JsonNode) node = json_from_string (good[i], NULL);
      g_autoptr (GError) error = NULL;

      if (!congkak_net_match_check_message (json_node_get_object (node), &error))
        g_error ("%s refused: %s", good[i], error->message);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (JsonNode) node = json_from_string (bad[i], NULL);
      g_autoptr (GError) error = NULL;

      if (congkak_net_match_check_message (json_node_get_object (node), &error))
        g_error ("%s taken", bad[i]);
      g_assert_true (error != NULL && error->domain == CONGKAK_NET_MATCH_ERROR);
    }
  /* A long move text is refused, however well formed. */
  {
    g_autoptr (JsonObject) message = congkak_net_match_message_new ("played", 0);
    g_autofree char *text = g_strnfill (CONGKAK_NET_MATCH_MAX_MOVE_TEXT + 1, 'C');
    g_autoptr (GError) error = NULL;

    json_object_set_string_member (message, "move", text);
    g_assert_false (congkak_net_match_check_message (message, &error));
    g_assert_error (error, CONGKAK_NET_MATCH_ERROR, CONGKAK_NET_MATCH_ERROR_MALFORMED);
  }
}

/* The snapshot the guest gets carries names, rules and moves, nothing of
 * the host's file or library. */
static void
test_snapshot_is_only_the_match (void)
{
  g_autoptr (CongkakMatch) match = new_match ("kalah", NULL);
  g_auto (Pair) pair;

  congkak_match_set_metadata (match, CONGKAK_METADATA_ID, "library-id-of-the-host");
  congkak_match_set_metadata (match, CONGKAK_METADATA_NOTES, "private notes");
  congkak_match_forget_history (match);
  pair_host (&pair, match, CONGKAK_NORTH);
  connect_channels (&pair);
  pair.guest = congkak_net_match_guest_new (pair.guest_end);
  congkak_net_match_host_attach (pair.host, pair.host_end);
  g_assert_true (wait_for (guest_has_session, &pair, 500));
  g_assert_cmpstr (congkak_match_get_metadata (guest_match (&pair), CONGKAK_METADATA_ID), ==, "");
  g_assert_cmpstr (congkak_match_get_metadata (guest_match (&pair), CONGKAK_METADATA_NOTES), ==, "");
  g_assert_cmpstr (congkak_match_get_player_name (guest_match (&pair), CONGKAK_SOUTH), ==, "Ana");
  g_assert_cmpstr (congkak_match_get_player_name (guest_match (&pair), CONGKAK_NORTH), ==, "Budi");
  g_assert_true (congkak_session_is_local_person (congkak_net_match_get_session (CONGKAK_NET_MATCH (pair.guest)),
                                                  CONGKAK_NORTH));
  g_assert_false (congkak_session_is_local_person (congkak_net_match_get_session (CONGKAK_NET_MATCH (pair.guest)),
                                                   CONGKAK_SOUTH));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_unsetenv ("LANGUAGE");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/net/match/check-message", test_check_message);
  g_test_add_func ("/model/net/match/snapshot-is-only-the-match", test_snapshot_is_only_the_match);
  g_test_add_func ("/model/net/match/whole-congkak-match", test_whole_congkak_match);
  g_test_add_func ("/model/net/match/lockstep-opening-guest-south", test_lockstep_opening_guest_south);
  g_test_add_func ("/model/net/match/whole-kalah-match", test_whole_kalah_match);
  g_test_add_func ("/model/net/match/whole-oware-match", test_whole_oware_match);
  g_test_add_func ("/model/net/match/guest-named-by-hello", test_guest_named_by_hello);
  g_test_add_func ("/model/net/match/both-keep-the-match", test_both_keep_the_match);
  g_test_add_func ("/model/net/match/guest-resumes", test_guest_resumes);
  g_test_add_func ("/model/net/match/guest-resumes-behind", test_guest_resumes_behind);
  g_test_add_func ("/model/net/match/resign", test_resign);
  g_test_add_func ("/model/net/match/undo-accepted", test_undo_accepted);
  g_test_add_func ("/model/net/match/undo-declined", test_undo_declined);
  g_test_add_func ("/model/net/match/guest-local-undo", test_guest_local_undo);
  g_test_add_func ("/model/net/match/host-local-undo", test_host_local_undo);
  g_test_add_func ("/model/net/match/keep-the-match", test_keep_the_match);
  g_test_add_func ("/model/net/match/hostile/illegal-move", test_hostile_illegal_move);
  for (guint i = 0; i < G_N_ELEMENTS (hostile_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/net/match/hostile/%s", hostile_cases[i].name);

      g_test_add_data_func (path, &hostile_cases[i], test_hostile);
    }

  return g_test_run ();
}
