/* test-net-channel.c — the in-memory pair of channels
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "congkak-net-channel.h"

typedef struct
{
  GPtrArray *received;  /* of char *, each message's "type" */
  char      *closed;    /* the reason, once closed */
} Ears;

static void
on_message (CongkakNetChannel *channel,
            JsonObject        *message,
            Ears              *ears)
{
  g_ptr_array_add (ears->received, g_strdup (congkak_net_message_get_type (message)));
}

static void
on_closed (CongkakNetChannel *channel,
           const char        *reason,
           Ears              *ears)
{
  g_assert_null (ears->closed);
  ears->closed = g_strdup (reason);
}

static void
test_pair_carries_messages_in_order (void)
{
  g_autoptr(CongkakNetChannel) host = NULL;
  g_autoptr(CongkakNetChannel) client = NULL;
  Ears host_ears = { g_ptr_array_new_with_free_func (g_free), NULL };
  Ears client_ears = { g_ptr_array_new_with_free_func (g_free), NULL };
  g_autoptr(JsonObject) first = congkak_net_message_new ("first");
  g_autoptr(JsonObject) second = congkak_net_message_new ("second");

  congkak_net_channel_new_pair (CONGKAK_NET_ROLE_PLAYER, "Ana", "Budi", &host, &client);
  g_assert_cmpstr (congkak_net_channel_get_peer_name (host), ==, "Budi");
  g_assert_cmpstr (congkak_net_channel_get_peer_name (client), ==, "Ana");
  g_assert_cmpint (congkak_net_channel_get_role (host), ==, CONGKAK_NET_ROLE_PLAYER);
  g_signal_connect (host, "message", G_CALLBACK (on_message), &host_ears);
  g_signal_connect (client, "message", G_CALLBACK (on_message), &client_ears);
  g_signal_connect (host, "closed", G_CALLBACK (on_closed), &host_ears);
  g_signal_connect (client, "closed", G_CALLBACK (on_closed), &client_ears);

  json_object_set_int_member (first, "hole", 3);
  congkak_net_channel_send (client, first);
  congkak_net_channel_send (client, second);
  /* never within send() */
  g_assert_cmpuint (host_ears.received->len, ==, 0);
  while (host_ears.received->len < 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (g_ptr_array_index (host_ears.received, 0), ==, "first");
  g_assert_cmpstr (g_ptr_array_index (host_ears.received, 1), ==, "second");
  g_assert_cmpuint (client_ears.received->len, ==, 0);

  congkak_net_channel_close (host, "the host left");
  g_assert_cmpstr (host_ears.closed, ==, "the host left");
  g_assert_false (congkak_net_channel_is_open (host));
  while (client_ears.closed == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (client_ears.closed, ==, "the host left");

  /* nothing goes through a closed channel, and a second close says nothing */
  congkak_net_channel_send (client, first);
  congkak_net_channel_close (client, "again");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (host_ears.received->len, ==, 2);
  g_assert_cmpstr (client_ears.closed, ==, "the host left");

  g_ptr_array_unref (host_ears.received);
  g_ptr_array_unref (client_ears.received);
  g_free (host_ears.closed);
  g_free (client_ears.closed);
}

static void
test_message_type (void)
{
  g_autoptr(JsonObject) message = congkak_net_message_new ("move");
  g_autoptr(JsonObject) untyped = json_object_new ();

  g_assert_cmpstr (congkak_net_message_get_type (message), ==, "move");
  g_assert_null (congkak_net_message_get_type (untyped));
  json_object_set_int_member (untyped, "type", 4);
  g_assert_null (congkak_net_message_get_type (untyped));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/net/channel/pair", test_pair_carries_messages_in_order);
  g_test_add_func ("/model/net/channel/message-type", test_message_type);

  return g_test_run ();
}
