/* congkak-window-network.c — playing a friend on another computer
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Match › Play Over the Network… opens the network dialog.  Hosting asks
 * for the game, the rules and the sides with the new match dialog, starts
 * that match here, listens (a server with one player's code), announces
 * it nearby and shows the code and this computer's addresses until the
 * friend comes; then the friend's side of this session is the remote
 * player.  Joining connects with the address and code; the guest's
 * session, built from the host's match, becomes the window's.  Either
 * way the match is an ordinary document (autosave, library).  While a
 * match is played over the network, Resign and Offer to Take Back are in
 * the menu, an offer from the other side is a question, and a banner says
 * when the opponent left: the match waits for them to come back (a guest
 * joins again with the same code) or is kept here.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include "congkak-net-certificate.h"
#include "congkak-net-client.h"
#include "congkak-net-server.h"
#include "congkak-net-transport.h"
#include "congkak-new-match-dialog.h"
#include "congkak-window-network.h"

struct _CongkakWindowNetwork
{
  CongkakWindowPart     parent_instance;

  AdwBanner            *banner;
  CongkakNetworkDialog *dialog;       /* while it is open */
  CongkakNetBrowser    *browser;

  /* The match over the network, hosted or joined */
  CongkakNetMatch      *net_match;
  CongkakNetServer     *server;
  CongkakNetAnnouncer  *announcer;
  char                 *code;
  char                 *join_address; /* a guest's, to come back with */
  GCancellable         *connecting;
  AdwDialog            *undo_question;

  /* A match chosen to host, on its way to the board (the window may ask
   * about the unsaved changes of the one it replaces first) */
  CongkakMatch         *to_host;
  CongkakSide           to_host_guest_side;
  gboolean              loopback_only;
};

G_DEFINE_FINAL_TYPE (CongkakWindowNetwork, congkak_window_network, CONGKAK_TYPE_WINDOW_PART)

enum
{
  PROP_0,
  PROP_OVER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  REPLACE_MATCH,
  SHOW_SESSION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GtkWidget *
window_of (CongkakWindowNetwork *self)
{
  return congkak_window_part_get_window (CONGKAK_WINDOW_PART (self));
}

static const char *
own_name (void)
{
  const char *name = g_get_real_name ();

  return name && *name && g_strcmp0 (name, "Unknown") != 0 ? name : g_get_user_name ();
}

/* Where a friend can reach this computer: every address of an interface
 * that is up, loopback last and only when there is nothing else. */
static GStrv
list_addresses (guint16 port)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  struct ifaddrs *list = NULL;
  gboolean any = FALSE;

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *ifa = list; ifa; ifa = ifa->ifa_next)
        {
          g_autoptr (GInetAddress) address = NULL;
          g_autofree char *text = NULL;

          if (ifa->ifa_addr == NULL || !(ifa->ifa_flags & IFF_UP) || (ifa->ifa_flags & IFF_LOOPBACK))
            continue;
          if (ifa->ifa_addr->sa_family == AF_INET)
            address = g_inet_address_new_from_bytes ((guint8 *) &((struct sockaddr_in *) ifa->ifa_addr)->sin_addr,
                                                     G_SOCKET_FAMILY_IPV4);
          else if (ifa->ifa_addr->sa_family == AF_INET6)
            address = g_inet_address_new_from_bytes ((guint8 *) &((struct sockaddr_in6 *) ifa->ifa_addr)->sin6_addr,
                                                     G_SOCKET_FAMILY_IPV6);
          /* A link-local IPv6 address needs its interface named: not for typing. */
          if (address == NULL || g_inet_address_get_is_link_local (address))
            continue;
          text = g_inet_address_to_string (address);
          if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV6)
            g_strv_builder_take (builder, g_strdup_printf ("[%s]:%u", text, port));
          else
            g_strv_builder_take (builder, g_strdup_printf ("%s:%u", text, port));
          any = TRUE;
        }
      freeifaddrs (list);
    }
  if (!any)
    g_strv_builder_take (builder, g_strdup_printf ("127.0.0.1:%u", port));
  return g_strv_builder_end (builder);
}

static void
update_actions (CongkakWindowNetwork *self)
{
  CongkakWindowPart *part = CONGKAK_WINDOW_PART (self);
  CongkakNetMatch *match = self->net_match;
  gboolean playing = match && congkak_net_match_get_session (match) && !congkak_net_match_get_finished (match)
                     && !congkak_net_match_get_kept (match);

  congkak_window_part_set_action_enabled (part, "network-resign", playing);
  congkak_window_part_set_action_enabled (part, "network-offer-undo",
                                          playing && congkak_net_match_get_can_offer_undo (match));
  congkak_window_part_set_action_enabled (part, "network-keep",
                                          playing && congkak_net_match_get_opponent_left (match));
  adw_banner_set_revealed (self->banner, playing && congkak_net_match_get_opponent_left (match));
}

/**
 * congkak_window_network_get_over:
 *
 * Returns: whether the match over the network ended by a resignation:
 *   nobody plays on on this board.
 */
gboolean
congkak_window_network_get_over (CongkakWindowNetwork *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_NETWORK (self), FALSE);

  return self->net_match && congkak_net_match_get_resigned (self->net_match) != CONGKAK_NOBODY;
}

/* A resignation ends the match on both screens: the board stops, and an
 * alert says who gave up. */
static void
resigned_cb (CongkakWindowNetwork *self)
{
  CongkakSide side;
  g_autofree char *heading = NULL;
  AdwDialog *dialog;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER]);
  update_actions (self);
  if (self->net_match == NULL || window_of (self) == NULL)
    return;
  side = congkak_net_match_get_resigned (self->net_match);
  if (side == CONGKAK_NOBODY)
    return;
  if (side == congkak_net_match_get_local_side (self->net_match))
    heading = g_strdup (_("You Resigned"));
  else
    {
      const char *peer = congkak_net_match_get_peer_name (self->net_match);

      /* Translators: %s is the opponent's name */
      heading = peer && *peer ? g_strdup_printf (_("%s Resigned"), peer) : g_strdup (_("Your Opponent Resigned"));
    }
  dialog = adw_alert_dialog_new (heading, _("The match is over. It stays in your match library."));
  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "close", _("_Close"));
  adw_dialog_present (dialog, window_of (self));
}

static void
undo_question_response_cb (AdwAlertDialog       *dialog,
                           const char           *response,
                           CongkakWindowNetwork *self)
{
  g_autoptr (GError) error = NULL;

  self->undo_question = NULL;
  if (self->net_match == NULL || !congkak_net_match_get_undo_asked (self->net_match))
    return;
  if (!congkak_net_match_answer_undo (self->net_match, g_str_equal (response, "accept"), &error))
    congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), error->message);
}

/* The other side offers to take a move back: a question for the people
 * here.  (The answer to ours comes as a ::notice, shown as a toast.) */
static void
undo_asked_cb (CongkakWindowNetwork *self)
{
  const char *peer;
  g_autofree char *body = NULL;
  AdwDialog *dialog;

  if (self->net_match == NULL)
    return;
  if (!congkak_net_match_get_undo_asked (self->net_match))
    {
      if (self->undo_question)
        adw_dialog_force_close (self->undo_question);
      return;
    }
  if (self->undo_question || window_of (self) == NULL)
    return;
  peer = congkak_net_match_get_peer_name (self->net_match);
  /* Translators: %s is the opponent's name */
  body = g_strdup_printf (_("%s asks to take back the last move."), peer && *peer ? peer : _("Your opponent"));
  dialog = adw_alert_dialog_new (_("Take Back the Move?"), body);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "decline", _("_Decline"),
                                  "accept", _("_Take Back"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "accept", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "decline");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "decline");
  g_signal_connect_object (dialog, "response", G_CALLBACK (undo_question_response_cb), self, G_CONNECT_DEFAULT);
  self->undo_question = dialog;
  adw_dialog_present (dialog, window_of (self));
}

static void
notice_cb (CongkakWindowNetwork *self,
           const char           *text)
{
  /* An offer to take back a move is the question's to say, not a toast's. */
  if (self->net_match && congkak_net_match_get_undo_asked (self->net_match))
    return;
  congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), text);
}

/* The guest's session came with the host's match: the window shows it. */
static void
guest_session_cb (CongkakWindowNetwork *self)
{
  CongkakSession *session = congkak_net_match_get_session (self->net_match);

  if (session == NULL || session == congkak_window_part_get_session (CONGKAK_WINDOW_PART (self)))
    return;
  g_signal_emit (self, signals[SHOW_SESSION], 0, session);
  if (self->dialog)
    adw_dialog_close (ADW_DIALOG (self->dialog));
  update_actions (self);
}

static void
set_net_match (CongkakWindowNetwork *self,
               CongkakNetMatch      *net_match)
{
  if (self->net_match)
    g_signal_handlers_disconnect_by_data (self->net_match, self);
  g_set_object (&self->net_match, net_match);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER]);
  if (net_match)
    {
      const char * const updating[] = { "notify::opponent-left", "notify::kept", "notify::resigned",
                                        "notify::can-offer-undo", "notify::undo-offered" };

      for (guint i = 0; i < G_N_ELEMENTS (updating); i++)
        g_signal_connect_swapped (net_match, updating[i], G_CALLBACK (update_actions), self);
      g_signal_connect_swapped (net_match, "notify::undo-asked", G_CALLBACK (undo_asked_cb), self);
      g_signal_connect_swapped (net_match, "notify::resigned", G_CALLBACK (resigned_cb), self);
      g_signal_connect_swapped (net_match, "notify::session", G_CALLBACK (guest_session_cb), self);
      g_signal_connect_swapped (net_match, "notice", G_CALLBACK (notice_cb), self);
    }
  update_actions (self);
}

/* Stops hosting or playing over the network; the match stays here. */
static void
stop (CongkakWindowNetwork *self)
{
  g_cancellable_cancel (self->connecting);
  g_clear_object (&self->connecting);
  if (self->announcer)
    congkak_net_announcer_withdraw (self->announcer);
  g_clear_object (&self->announcer);
  if (self->server)
    congkak_net_server_stop (self->server);
  g_clear_object (&self->server);
  g_clear_pointer (&self->code, g_free);
  g_clear_pointer (&self->join_address, g_free);
  if (self->net_match && !congkak_net_match_get_finished (self->net_match))
    congkak_net_match_keep (self->net_match);
  set_net_match (self, NULL);
}

static void
channel_opened_cb (CongkakWindowNetwork *self,
                   CongkakNetChannel    *channel)
{
  const char *name = congkak_net_channel_get_peer_name (channel);
  g_autofree char *text = NULL;

  if (self->net_match == NULL || !CONGKAK_IS_NET_MATCH_HOST (self->net_match))
    {
      congkak_net_channel_close (channel, "no match is hosted here");
      return;
    }
  congkak_net_match_host_attach (CONGKAK_NET_MATCH_HOST (self->net_match), channel);
  /* Translators: %s is the name of the friend who joined */
  text = g_strdup_printf (_("%s joined the match"), name && *name ? name : _("Your friend"));
  congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), text);
  if (self->dialog)
    adw_dialog_close (ADW_DIALOG (self->dialog));
  update_actions (self);
}

static void
update_announcement (CongkakWindowNetwork *self)
{
  const char *text;

  if (self->dialog == NULL || self->announcer == NULL)
    return;
  switch (congkak_net_announcer_get_state (self->announcer))
    {
    case CONGKAK_NET_ANNOUNCER_ANNOUNCED:
      text = _("Waiting for your friend. Computers on this network see the match in their list.");
      break;
    case CONGKAK_NET_ANNOUNCER_UNAVAILABLE:
      text = congkak_net_announcer_get_unavailable_reason (self->announcer);
      break;
    case CONGKAK_NET_ANNOUNCER_STARTING:
    default:
      text = _("Waiting for your friend.");
      break;
    }
  congkak_network_dialog_set_announcement (self->dialog, text);
}

/* The code and the addresses, while the friend has not come yet. */
static void
show_host_page (CongkakWindowNetwork *self)
{
  guint16 port;
  g_auto (GStrv) addresses = NULL;
  g_autofree char *loopback = NULL;

  if (self->dialog == NULL || self->server == NULL || self->code == NULL)
    return;
  port = congkak_net_server_get_port (self->server);
  addresses = self->announcer ? list_addresses (port) : NULL;
  loopback = g_strdup_printf ("127.0.0.1:%u", port);
  {
    const char *only_loopback[] = { loopback, NULL };

    congkak_network_dialog_show_code (self->dialog, self->code,
                                      addresses ? (const char * const *) addresses : only_loopback);
  }
  congkak_network_dialog_set_announcement (self->dialog, _("Waiting for your friend."));
  update_announcement (self);
}

/**
 * congkak_window_network_host:
 * @guest_side: the side the friend plays
 * @loopback_only: listen on this computer alone (the tests)
 *
 * Hosts the window's match: listens for the friend, with a new code.
 */
gboolean
congkak_window_network_host (CongkakWindowNetwork *self,
                             CongkakSide           guest_side,
                             gboolean              loopback_only,
                             GError              **error)
{
  CongkakSession *session = congkak_window_part_get_session (CONGKAK_WINDOW_PART (self));
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), APPLICATION_ID, "network", NULL);
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (CongkakNetServer) server = NULL;
  g_autoptr (CongkakNetMatchHost) host = NULL;
  g_autoptr (GDBusConnection) bus = NULL;

  g_return_val_if_fail (CONGKAK_IS_WINDOW_NETWORK (self), FALSE);
  g_return_val_if_fail (session != NULL, FALSE);

  stop (self);
  certificate = congkak_net_certificate_load_or_make (folder, error);
  if (certificate == NULL)
    return FALSE;
  server = congkak_net_server_new (certificate, own_name ());
  /* The app's port when it is free, any other when it is not. */
  if (!congkak_net_server_listen (server, CONGKAK_NET_DEFAULT_PORT, loopback_only, NULL)
      && !congkak_net_server_listen (server, 0, loopback_only, error))
    return FALSE;
  self->server = g_steal_pointer (&server);
  self->code = congkak_net_server_add_code (self->server, CONGKAK_NET_ROLE_PLAYER);
  g_signal_connect_object (self->server, "channel-opened", G_CALLBACK (channel_opened_cb), self, G_CONNECT_SWAPPED);
  host = congkak_net_match_host_new (session, guest_side);
  set_net_match (self, CONGKAK_NET_MATCH (host));

  if (!loopback_only)
    {
      bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL);
      self->announcer = congkak_net_announcer_new (bus, CONGKAK_NET_HOST_KIND_MATCH, own_name (),
                                                   congkak_net_server_get_port (self->server));
      g_signal_connect_object (self->announcer, "notify::state", G_CALLBACK (update_announcement), self,
                               G_CONNECT_SWAPPED);
    }
  show_host_page (self);
  return TRUE;
}

/* The new match dialog's choices, the friend's side a person over there. */
static void
new_match_start_cb (CongkakNewMatchDialog *dialog,
                    const CongkakRules    *rules,
                    CongkakWindowNetwork  *self)
{
  g_autoptr (CongkakMatch) match = congkak_match_new (rules);
  CongkakSide guest_side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "congkak-guest-side"));

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      const char *name = congkak_new_match_dialog_get_player_name (dialog, side);

      if (side == guest_side)
        {
          congkak_match_set_player (match, side, name, CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
          continue;
        }
      congkak_match_set_player (match, side, *name ? name : own_name (), CONGKAK_PLAYER_HUMAN, CONGKAK_LEVEL_EASY);
    }
  congkak_match_forget_history (match);
  g_set_object (&self->to_host, match);
  self->to_host_guest_side = guest_side;
  /* Hosted once it is on the board (see session_changed). */
  g_signal_emit (self, signals[REPLACE_MATCH], 0, match);
}

static void
host_chosen_match (CongkakWindowNetwork *self)
{
  g_autoptr (GError) error = NULL;

  g_clear_object (&self->to_host);
  if (!congkak_window_network_host (self, self->to_host_guest_side, self->loopback_only, &error))
    {
      stop (self);
      congkak_window_part_show_error (CONGKAK_WINDOW_PART (self), _("Cannot Host the Match"), error->message);
    }
}

static void
host_requested_cb (CongkakNetworkDialog *dialog,
                   int                   guest_side,
                   CongkakWindowNetwork *self)
{
  CongkakNewMatchDialog *choices = congkak_new_match_dialog_new ();

  g_clear_object (&self->to_host);
  g_object_set_data (G_OBJECT (choices), "congkak-guest-side", GINT_TO_POINTER (guest_side));
  g_signal_connect_object (choices, "start", G_CALLBACK (new_match_start_cb), self, G_CONNECT_DEFAULT);
  adw_dialog_present (ADW_DIALOG (choices), GTK_WIDGET (dialog));
}

static void
connect_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (CongkakWindowNetwork) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakNetChannel) channel = congkak_net_client_connect_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->connecting);
  if (self->dialog)
    congkak_network_dialog_set_busy (self->dialog, FALSE);
  if (channel == NULL)
    {
      if (self->dialog)
        congkak_network_dialog_set_problem (self->dialog, error->message);
      else
        congkak_window_part_show_error (CONGKAK_WINDOW_PART (self), _("Cannot Join the Match"), error->message);
      return;
    }
  /* Back with the same code: the match goes on from where it broke. */
  if (self->net_match && CONGKAK_IS_NET_MATCH_GUEST (self->net_match)
      && congkak_net_match_get_opponent_left (self->net_match))
    {
      congkak_net_match_guest_attach (CONGKAK_NET_MATCH_GUEST (self->net_match), channel);
      if (self->dialog)
        adw_dialog_close (ADW_DIALOG (self->dialog));
      update_actions (self);
      return;
    }
  {
    g_autoptr (CongkakNetMatchGuest) guest = congkak_net_match_guest_new (channel);

    set_net_match (self, CONGKAK_NET_MATCH (guest));
  }
  guest_session_cb (self);
}

/**
 * congkak_window_network_join:
 * @address: where the host is, "192.168.1.20:47862"
 * @code: the host's join code
 *
 * Joins a match; the dialog, if open, says what went wrong.
 */
void
congkak_window_network_join (CongkakWindowNetwork *self,
                             const char           *address,
                             const char           *code)
{
  gboolean coming_back;

  g_return_if_fail (CONGKAK_IS_WINDOW_NETWORK (self));
  g_return_if_fail (address != NULL && code != NULL);

  coming_back = self->net_match && CONGKAK_IS_NET_MATCH_GUEST (self->net_match)
                && g_strcmp0 (self->code, code) == 0 && g_strcmp0 (self->join_address, address) == 0;
  if (!coming_back)
    stop (self);
  g_cancellable_cancel (self->connecting);
  g_clear_object (&self->connecting);
  self->connecting = g_cancellable_new ();
  g_free (self->code);
  self->code = g_strdup (code);
  g_free (self->join_address);
  self->join_address = g_strdup (address);
  if (self->dialog)
    congkak_network_dialog_set_busy (self->dialog, TRUE);
  congkak_net_client_connect_async (address, code, CONGKAK_NET_ROLE_PLAYER, own_name (), self->connecting,
                                    connect_cb, g_object_ref (self));
}

static void
join_requested_cb (CongkakNetworkDialog *dialog,
                   const char           *address,
                   const char           *code,
                   CongkakWindowNetwork *self)
{
  congkak_window_network_join (self, address, code);
}

static void
dialog_closed_cb (CongkakWindowNetwork *self)
{
  /* Hosting goes on without the dialog: the friend may still come. */
  g_clear_object (&self->dialog);
}

static void
play_network_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CongkakWindowNetwork *self = user_data;

  if (window_of (self) == NULL)
    return;
  if (self->dialog)
    {
      adw_dialog_present (ADW_DIALOG (self->dialog), window_of (self));
      return;
    }
  if (self->browser == NULL)
    {
      g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL);

      self->browser = congkak_net_browser_new (bus);
    }
  self->dialog = g_object_ref_sink (congkak_network_dialog_new (self->browser));
  g_signal_connect_object (self->dialog, "host", G_CALLBACK (host_requested_cb), self, G_CONNECT_DEFAULT);
  g_signal_connect_object (self->dialog, "join", G_CALLBACK (join_requested_cb), self, G_CONNECT_DEFAULT);
  g_signal_connect_object (self->dialog, "closed", G_CALLBACK (dialog_closed_cb), self, G_CONNECT_SWAPPED);
  /* Hosting, the friend not come yet (or gone): the code again. */
  if (self->server && self->net_match && congkak_net_match_get_channel (self->net_match) == NULL)
    show_host_page (self);
  else if (self->join_address)
    {
      /* Coming back to a match that broke: the same address and code. */
      congkak_network_dialog_set_address (self->dialog, self->join_address);
      congkak_network_dialog_set_join_code (self->dialog, self->code);
      congkak_network_dialog_show_join (self->dialog);
    }
  adw_dialog_present (ADW_DIALOG (self->dialog), window_of (self));
}

static void
resign_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  CongkakWindowNetwork *self = user_data;
  g_autoptr (GError) error = NULL;

  if (self->net_match && !congkak_net_match_resign (self->net_match, &error))
    congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), error->message);
  update_actions (self);
}

static void
offer_undo_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  CongkakWindowNetwork *self = user_data;
  g_autoptr (GError) error = NULL;

  if (self->net_match == NULL)
    return;
  if (!congkak_net_match_offer_undo (self->net_match, &error))
    congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), error->message);
  else
    congkak_window_part_show_toast (CONGKAK_WINDOW_PART (self), _("Asked your opponent to take the move back"));
}

static void
keep_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CongkakWindowNetwork *self = user_data;

  if (self->net_match)
    congkak_net_match_keep (self->net_match);
  update_actions (self);
}

static const GActionEntry actions[] = {
  { "play-network", play_network_action },
  { "network-resign", resign_action },
  { "network-offer-undo", offer_undo_action },
  { "network-keep", keep_action },
};

void
congkak_window_network_install (GtkWidgetClass              *window_class,
                                GtkWidgetActionActivateFunc  activate)
{
  congkak_window_part_install_actions (window_class, actions, G_N_ELEMENTS (actions), activate);
}

/* Another match on the board: the one over the network is let go. */
static void
congkak_window_network_session_changed (CongkakWindowPart *part)
{
  CongkakWindowNetwork *self = CONGKAK_WINDOW_NETWORK (part);
  CongkakSession *session = congkak_window_part_get_session (part);

  if (self->net_match && congkak_net_match_get_session (self->net_match)
      && congkak_net_match_get_session (self->net_match) != session)
    stop (self);
  if (self->to_host && session && congkak_session_get_match (session) == self->to_host)
    host_chosen_match (self);
  update_actions (self);
}

/* Hosting from the dialog listens on this computer alone (the tests). */
void
congkak_window_network_set_loopback_only (CongkakWindowNetwork *self,
                                          gboolean              loopback_only)
{
  g_return_if_fail (CONGKAK_IS_WINDOW_NETWORK (self));

  self->loopback_only = loopback_only;
}

CongkakNetMatch *
congkak_window_network_get_match (CongkakWindowNetwork *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_NETWORK (self), NULL);

  return self->net_match;
}

CongkakNetworkDialog *
congkak_window_network_get_dialog (CongkakWindowNetwork *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_NETWORK (self), NULL);

  return self->dialog;
}

const char *
congkak_window_network_get_code (CongkakWindowNetwork *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_NETWORK (self), NULL);

  return self->code;
}

guint16
congkak_window_network_get_port (CongkakWindowNetwork *self)
{
  g_return_val_if_fail (CONGKAK_IS_WINDOW_NETWORK (self), 0);

  return self->server ? congkak_net_server_get_port (self->server) : 0;
}

static void
congkak_window_network_dispose (GObject *object)
{
  CongkakWindowNetwork *self = CONGKAK_WINDOW_NETWORK (object);

  stop (self);
  if (self->dialog)
    g_signal_handlers_disconnect_by_data (self->dialog, self);
  g_clear_object (&self->dialog);
  g_clear_object (&self->browser);
  g_clear_object (&self->to_host);

  G_OBJECT_CLASS (congkak_window_network_parent_class)->dispose (object);
}

static void
congkak_window_network_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  CongkakWindowNetwork *self = CONGKAK_WINDOW_NETWORK (object);

  switch (prop_id)
    {
    case PROP_OVER:
      g_value_set_boolean (value, congkak_window_network_get_over (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_window_network_class_init (CongkakWindowNetworkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CongkakWindowPartClass *part_class = CONGKAK_WINDOW_PART_CLASS (klass);

  object_class->dispose = congkak_window_network_dispose;
  object_class->get_property = congkak_window_network_get_property;
  part_class->session_changed = congkak_window_network_session_changed;

  properties[PROP_OVER] =
    g_param_spec_boolean ("over", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakWindowNetwork::replace-match:
   * @match: the match to host, to show in place of the window's
   */
  signals[REPLACE_MATCH] =
    g_signal_new ("replace-match", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CONGKAK_TYPE_MATCH);
  /**
   * CongkakWindowNetwork::show-session:
   * @session: the guest's session, to play in the window
   */
  signals[SHOW_SESSION] =
    g_signal_new ("show-session", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CONGKAK_TYPE_SESSION);
}

static void
congkak_window_network_init (CongkakWindowNetwork *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
}

CongkakWindowNetwork *
congkak_window_network_new (GtkWidget       *window,
                            AdwToastOverlay *toasts,
                            AdwBanner       *banner)
{
  CongkakWindowNetwork *self = g_object_new (CONGKAK_TYPE_WINDOW_NETWORK,
                                             "window", window,
                                             "toasts", toasts,
                                             NULL);

  self->banner = banner;
  update_actions (self);
  return self;
}
