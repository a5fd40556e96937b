/* congkak-net-channel.c — one connection's messages, whatever carries them
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "congkak-net-channel.h"

enum
{
  SIGNAL_MESSAGE,
  SIGNAL_CLOSED,
  N_SIGNALS
};

static guint channel_signals[N_SIGNALS];

G_DEFINE_INTERFACE (CongkakNetChannel, congkak_net_channel, G_TYPE_OBJECT)

static void
congkak_net_channel_default_init (CongkakNetChannelInterface *iface)
{
  /**
   * CongkakNetChannel::message:
   * @message: the message received, a #JsonObject with a "type"
   */
  channel_signals[SIGNAL_MESSAGE] =
    g_signal_new ("message",
                  G_TYPE_FROM_INTERFACE (iface),
                  G_SIGNAL_RUN_LAST,
                  G_STRUCT_OFFSET (CongkakNetChannelInterface, message),
                  NULL, NULL, NULL,
                  G_TYPE_NONE, 1, JSON_TYPE_OBJECT);

  /**
   * CongkakNetChannel::closed:
   * @reason: why, in words for the log (not translated)
   */
  channel_signals[SIGNAL_CLOSED] =
    g_signal_new ("closed",
                  G_TYPE_FROM_INTERFACE (iface),
                  G_SIGNAL_RUN_LAST,
                  G_STRUCT_OFFSET (CongkakNetChannelInterface, closed),
                  NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

void
congkak_net_channel_send (CongkakNetChannel *self,
                          JsonObject        *message)
{
  g_return_if_fail (CONGKAK_IS_NET_CHANNEL (self));
  g_return_if_fail (message != NULL);
  g_return_if_fail (congkak_net_message_get_type (message) != NULL);

  CONGKAK_NET_CHANNEL_GET_IFACE (self)->send (self, message);
}

void
congkak_net_channel_close (CongkakNetChannel *self,
                           const char        *reason)
{
  g_return_if_fail (CONGKAK_IS_NET_CHANNEL (self));

  CONGKAK_NET_CHANNEL_GET_IFACE (self)->close (self, reason != NULL ? reason : "closed");
}

gboolean
congkak_net_channel_is_open (CongkakNetChannel *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_CHANNEL (self), FALSE);

  return CONGKAK_NET_CHANNEL_GET_IFACE (self)->is_open (self);
}

CongkakNetRole
congkak_net_channel_get_role (CongkakNetChannel *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_CHANNEL (self), CONGKAK_NET_ROLE_FOLLOWER);

  return CONGKAK_NET_CHANNEL_GET_IFACE (self)->get_role (self);
}

const char *
congkak_net_channel_get_peer_name (CongkakNetChannel *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_CHANNEL (self), "");

  return CONGKAK_NET_CHANNEL_GET_IFACE (self)->get_peer_name (self);
}

void
congkak_net_channel_emit_message (CongkakNetChannel *self,
                                  JsonObject        *message)
{
  g_return_if_fail (CONGKAK_IS_NET_CHANNEL (self));
  g_return_if_fail (message != NULL);

  g_signal_emit (self, channel_signals[SIGNAL_MESSAGE], 0, message);
}

void
congkak_net_channel_emit_closed (CongkakNetChannel *self,
                                 const char        *reason)
{
  g_return_if_fail (CONGKAK_IS_NET_CHANNEL (self));

  g_signal_emit (self, channel_signals[SIGNAL_CLOSED], 0, reason != NULL ? reason : "closed");
}

JsonObject *
congkak_net_message_new (const char *type)
{
  JsonObject *message;

  g_return_val_if_fail (type != NULL, NULL);

  message = json_object_new ();
  json_object_set_string_member (message, "type", type);
  return message;
}

const char *
congkak_net_message_get_type (JsonObject *message)
{
  JsonNode *type;

  g_return_val_if_fail (message != NULL, NULL);

  type = json_object_get_member (message, "type");
  if (type == NULL || !JSON_NODE_HOLDS_VALUE (type)
      || json_node_get_value_type (type) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (type);
}

/* The in-memory pair */

#define CONGKAK_TYPE_NET_MEMORY_CHANNEL (congkak_net_memory_channel_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetMemoryChannel, congkak_net_memory_channel,
                      CONGKAK, NET_MEMORY_CHANNEL, GObject)

struct _CongkakNetMemoryChannel
{
  GObject parent_instance;

  GWeakRef       other;  /* the other end */
  CongkakNetRole role;
  char          *peer_name;
  gboolean       open;
};

static void congkak_net_memory_channel_iface_init (CongkakNetChannelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakNetMemoryChannel, congkak_net_memory_channel, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CONGKAK_TYPE_NET_CHANNEL,
                                                      congkak_net_memory_channel_iface_init))

/* What is on its way to one end */
typedef struct
{
  CongkakNetMemoryChannel *to;
  char                    *text;    /* a message's text, or NULL for a close */
  char                    *reason;  /* a close's */
} Delivery;

static void
delivery_free (gpointer data)
{
  Delivery *delivery = data;

  g_object_unref (delivery->to);
  g_free (delivery->text);
  g_free (delivery->reason);
  g_free (delivery);
}

static void
memory_channel_mark_closed (CongkakNetMemoryChannel *self,
                            const char              *reason)
{
  if (!self->open)
    return;
  self->open = FALSE;
  congkak_net_channel_emit_closed (CONGKAK_NET_CHANNEL (self), reason);
}

static gboolean
deliver_cb (gpointer data)
{
  Delivery *delivery = data;
  g_autoptr(JsonNode) node = NULL;

  if (delivery->text == NULL)
    {
      memory_channel_mark_closed (delivery->to, delivery->reason);
      return G_SOURCE_REMOVE;
    }
  if (!delivery->to->open)
    return G_SOURCE_REMOVE;

  node = json_from_string (delivery->text, NULL);
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    congkak_net_channel_emit_message (CONGKAK_NET_CHANNEL (delivery->to),
                                      json_node_get_object (node));
  return G_SOURCE_REMOVE;
}

static void
memory_channel_post (CongkakNetMemoryChannel *to,
                     char                    *text,
                     const char              *reason)
{
  Delivery *delivery = g_new0 (Delivery, 1);

  delivery->to = g_object_ref (to);
  delivery->text = text;
  delivery->reason = g_strdup (reason);
  g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, delivery, delivery_free);
}

static void
memory_channel_send (CongkakNetChannel *channel,
                     JsonObject        *message)
{
  CongkakNetMemoryChannel *self = CONGKAK_NET_MEMORY_CHANNEL (channel);
  g_autoptr(CongkakNetMemoryChannel) other = g_weak_ref_get (&self->other);
  g_autoptr(JsonNode) node = NULL;

  if (!self->open || other == NULL)
    return;

  node = json_node_init_object (json_node_alloc (), message);
  memory_channel_post (other, json_to_string (node, FALSE), NULL);
}

static void
memory_channel_close (CongkakNetChannel *channel,
                      const char        *reason)
{
  CongkakNetMemoryChannel *self = CONGKAK_NET_MEMORY_CHANNEL (channel);
  g_autoptr(CongkakNetMemoryChannel) other = g_weak_ref_get (&self->other);

  if (!self->open)
    return;
  if (other != NULL)
    memory_channel_post (other, NULL, reason);
  memory_channel_mark_closed (self, reason);
}

static gboolean
memory_channel_is_open (CongkakNetChannel *channel)
{
  return CONGKAK_NET_MEMORY_CHANNEL (channel)->open;
}

static CongkakNetRole
memory_channel_get_role (CongkakNetChannel *channel)
{
  return CONGKAK_NET_MEMORY_CHANNEL (channel)->role;
}

static const char *
memory_channel_get_peer_name (CongkakNetChannel *channel)
{
  return CONGKAK_NET_MEMORY_CHANNEL (channel)->peer_name;
}

static void
congkak_net_memory_channel_iface_init (CongkakNetChannelInterface *iface)
{
  iface->send = memory_channel_send;
  iface->close = memory_channel_close;
  iface->is_open = memory_channel_is_open;
  iface->get_role = memory_channel_get_role;
  iface->get_peer_name = memory_channel_get_peer_name;
}

static void
congkak_net_memory_channel_finalize (GObject *object)
{
  CongkakNetMemoryChannel *self = CONGKAK_NET_MEMORY_CHANNEL (object);

  g_weak_ref_clear (&self->other);
  g_free (self->peer_name);

  G_OBJECT_CLASS (congkak_net_memory_channel_parent_class)->finalize (object);
}

static void
congkak_net_memory_channel_class_init (CongkakNetMemoryChannelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_net_memory_channel_finalize;
}

static void
congkak_net_memory_channel_init (CongkakNetMemoryChannel *self)
{
  g_weak_ref_init (&self->other, NULL);
  self->open = TRUE;
}

void
congkak_net_channel_new_pair (CongkakNetRole      role,
                              const char         *host_name,
                              const char         *client_name,
                              CongkakNetChannel **host_end,
                              CongkakNetChannel **client_end)
{
  CongkakNetMemoryChannel *host;
  CongkakNetMemoryChannel *client;

  g_return_if_fail (host_end != NULL && client_end != NULL);

  host = g_object_new (CONGKAK_TYPE_NET_MEMORY_CHANNEL, NULL);
  client = g_object_new (CONGKAK_TYPE_NET_MEMORY_CHANNEL, NULL);
  host->role = client->role = role;
  host->peer_name = g_strdup (client_name != NULL ? client_name : "");
  client->peer_name = g_strdup (host_name != NULL ? host_name : "");
  g_weak_ref_set (&host->other, client);
  g_weak_ref_set (&client->other, host);
  *host_end = CONGKAK_NET_CHANNEL (host);
  *client_end = CONGKAK_NET_CHANNEL (client);
}
