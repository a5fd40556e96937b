/* congkak-net-discovery.c — finding matches and lessons on the local network
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Avahi's D-Bus API, as its introspection data describes it: the server
 * at "/" (org.freedesktop.Avahi.Server) makes entry groups (announcing)
 * and service browsers (listing), each an object of its own whose signals
 * say what happens; ResolveService answers with a service's address, port
 * and TXT record at once.  The daemon's name is watched, so that both
 * objects follow Avahi as it starts and stops.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <net/if.h>
#include <string.h>

#include "congkak-net-discovery.h"

#define AVAHI_NAME             "org.freedesktop.Avahi"
#define AVAHI_SERVER_PATH      "/"
#define AVAHI_SERVER           "org.freedesktop.Avahi.Server"
#define AVAHI_ENTRY_GROUP      "org.freedesktop.Avahi.EntryGroup"
#define AVAHI_SERVICE_BROWSER  "org.freedesktop.Avahi.ServiceBrowser"

#define AVAHI_IF_UNSPEC        (-1)
#define AVAHI_PROTO_UNSPEC     (-1)
#define AVAHI_PROTO_INET       0

/* AvahiServerState and AvahiEntryGroupState */
#define AVAHI_SERVER_RUNNING         2
#define AVAHI_SERVER_FAILURE         4
#define AVAHI_ENTRY_GROUP_ESTABLISHED 2
#define AVAHI_ENTRY_GROUP_COLLISION  3
#define AVAHI_ENTRY_GROUP_FAILURE    4

/* Avahi takes a few seconds to resolve a host that does not answer. */
#define CALL_TIMEOUT_MS 10000

/* The most services of our type one browser keeps: a school's network is
 * not a reason to grow without end. */
#define MAX_SERVICES 512

/* TXT keys: a TXT string holds 255 bytes */
#define TXT_KIND    "kind"
#define TXT_VERSION "v"
#define TXT_NAME    "name"
#define MAX_TXT_NAME (255 - sizeof TXT_NAME)

static const char * const host_kinds[] = { "match", "lesson" };

/* Lets go of an object Avahi made for us (a browser, an entry group);
 * nothing to say when the bus is already gone. */
static void
avahi_free_object (GDBusConnection *bus,
                   const char      *path,
                   const char      *interface)
{
  if (path != NULL && bus != NULL && !g_dbus_connection_is_closed (bus))
    g_dbus_connection_call (bus, AVAHI_NAME, path, interface, "Free",
                            NULL, NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL, NULL);
}

/* Stops watching Avahi come and go and hearing its signals. */
static void
avahi_stop_following (GDBusConnection *bus,
                      guint           *watch_id,
                      guint           *signal_id)
{
  if (*watch_id != 0)
    g_bus_unwatch_name (*watch_id);
  *watch_id = 0;
  if (*signal_id != 0)
    g_dbus_connection_signal_unsubscribe (bus, *signal_id);
  *signal_id = 0;
}

const char *
congkak_net_host_kind_to_string (CongkakNetHostKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (host_kinds), NULL);

  return host_kinds[kind];
}

gboolean
congkak_net_host_kind_from_string (const char         *text,
                                   CongkakNetHostKind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (host_kinds); i++)
    if (g_strcmp0 (text, host_kinds[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

/* @text cut to at most @max_bytes, at a character's start; valid UTF-8 */
static char *
cut_utf8 (const char *text,
          gsize       max_bytes)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  const char *end;

  if (strlen (valid) <= max_bytes)
    return g_steal_pointer (&valid);
  end = g_utf8_find_prev_char (valid, valid + max_bytes + 1);
  return g_strndup (valid, end - valid);
}

/* A host found */

struct _CongkakNetFoundHost
{
  GObject             parent_instance;

  char               *name;
  CongkakNetHostKind  kind;
  char               *address;
  guint16             port;
  guint               version;
};

G_DEFINE_FINAL_TYPE (CongkakNetFoundHost, congkak_net_found_host, G_TYPE_OBJECT)

enum
{
  HOST_PROP_0,
  HOST_PROP_NAME,
  HOST_PROP_KIND,
  HOST_PROP_ADDRESS,
  HOST_PROP_PORT,
  HOST_PROP_VERSION,
  HOST_N_PROPS
};

static GParamSpec *host_properties[HOST_N_PROPS];

/**
 * congkak_net_found_host_get_name:
 *
 * Returns: the host's display name, as it announced it
 */
const char *
congkak_net_found_host_get_name (CongkakNetFoundHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_FOUND_HOST (self), NULL);

  return self->name;
}

CongkakNetHostKind
congkak_net_found_host_get_kind (CongkakNetFoundHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_FOUND_HOST (self), CONGKAK_NET_HOST_KIND_MATCH);

  return self->kind;
}

/**
 * congkak_net_found_host_get_address:
 *
 * Returns: the host's IP address in text, IPv4 where it has one; an IPv6
 *   link-local address carries its interface (`fe80::1%eth0`)
 */
const char *
congkak_net_found_host_get_address (CongkakNetFoundHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_FOUND_HOST (self), NULL);

  return self->address;
}

guint16
congkak_net_found_host_get_port (CongkakNetFoundHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_FOUND_HOST (self), 0);

  return self->port;
}

/**
 * congkak_net_found_host_get_version:
 *
 * Returns: the protocol version the host announced; one other than
 *   %CONGKAK_NET_PROTOCOL_VERSION cannot be joined
 */
guint
congkak_net_found_host_get_version (CongkakNetFoundHost *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_FOUND_HOST (self), 0);

  return self->version;
}

static void
congkak_net_found_host_finalize (GObject *object)
{
  CongkakNetFoundHost *self = CONGKAK_NET_FOUND_HOST (object);

  g_free (self->name);
  g_free (self->address);

  G_OBJECT_CLASS (congkak_net_found_host_parent_class)->finalize (object);
}

static void
congkak_net_found_host_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  CongkakNetFoundHost *self = CONGKAK_NET_FOUND_HOST (object);

  switch (prop_id)
    {
    case HOST_PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case HOST_PROP_KIND:
      g_value_set_uint (value, self->kind);
      break;
    case HOST_PROP_ADDRESS:
      g_value_set_string (value, self->address);
      break;
    case HOST_PROP_PORT:
      g_value_set_uint (value, self->port);
      break;
    case HOST_PROP_VERSION:
      g_value_set_uint (value, self->version);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_found_host_class_init (CongkakNetFoundHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = congkak_net_found_host_finalize;
  object_class->get_property = congkak_net_found_host_get_property;

  host_properties[HOST_PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* A CongkakNetHostKind */
  host_properties[HOST_PROP_KIND] =
    g_param_spec_uint ("kind", NULL, NULL, 0, CONGKAK_NET_HOST_KIND_LESSON, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  host_properties[HOST_PROP_ADDRESS] =
    g_param_spec_string ("address", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  host_properties[HOST_PROP_PORT] =
    g_param_spec_uint ("port", NULL, NULL, 0, G_MAXUINT16, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  host_properties[HOST_PROP_VERSION] =
    g_param_spec_uint ("version", NULL, NULL, 0, G_MAXUINT, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, HOST_N_PROPS, host_properties);
}

static void
congkak_net_found_host_init (CongkakNetFoundHost *self)
{
}

/* Reads our keys from a TXT record ("aay").  FALSE for a service that is
 * not a Congkak host after all. */
static gboolean
read_txt (GVariant           *txt,
          char              **name,
          CongkakNetHostKind *kind,
          guint              *version)
{
  gboolean have_kind = FALSE, have_version = FALSE;
  GVariantIter iter;
  GVariant *item;

  g_variant_iter_init (&iter, txt);
  while ((item = g_variant_iter_next_value (&iter)) != NULL)
    {
      gsize length;
      const char *bytes = g_variant_get_fixed_array (item, &length, 1);
      g_autofree char *text = g_strndup (bytes, length);
      const char *equals = strchr (text, '=');

      g_variant_unref (item);
      if (equals == NULL || strlen (text) != length)
        continue;
      text[equals - text] = '\0';
      if (g_str_equal (text, TXT_KIND))
        have_kind = congkak_net_host_kind_from_string (equals + 1, kind);
      else if (g_str_equal (text, TXT_VERSION))
        {
          guint64 number;

          have_version = g_ascii_string_to_unsigned (equals + 1, 10, 1, G_MAXUINT, &number, NULL);
          *version = number;
        }
      else if (g_str_equal (text, TXT_NAME) && equals[1] != '\0')
        {
          g_free (*name);
          *name = cut_utf8 (equals + 1, MAX_TXT_NAME);
        }
    }
  return have_kind && have_version;
}

/* The browser */

typedef struct
{
  int protocol;   /* AVAHI_PROTO_INET or _INET6 */
  int interface;
} Instance;

/* A service of our type, on one or more interfaces and protocols */
typedef struct
{
  char                *name;
  char                *type;
  char                *domain;
  GArray              *instances;  /* of Instance */
  CongkakNetFoundHost *host;       /* once resolved and found to be ours */
  gboolean             ipv4;       /* the host's address is IPv4 */
} Service;

struct _CongkakNetBrowser
{
  GObject          parent_instance;

  GDBusConnection *bus;
  guint            watch_id;
  GCancellable    *cancellable;   /* the calls to the daemon now there */
  char            *browser_path;  /* our service browser, once made */
  gboolean         browsing;      /* the call making it is on its way */
  GPtrArray       *early_signals; /* of EarlySignal */
  guint            signal_id;
  GHashTable      *services;      /* name/type/domain → Service */
  GPtrArray       *hosts;         /* of CongkakNetFoundHost, the list */

  gboolean         available;
  char            *unavailable_reason;
};

static void congkak_net_browser_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CongkakNetBrowser, congkak_net_browser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, congkak_net_browser_list_model_init))

enum
{
  BROWSER_PROP_0,
  BROWSER_PROP_AVAILABLE,
  BROWSER_PROP_UNAVAILABLE_REASON,
  BROWSER_N_PROPS
};

static GParamSpec *browser_properties[BROWSER_N_PROPS];

static void
service_free (gpointer data)
{
  Service *service = data;

  g_free (service->name);
  g_free (service->type);
  g_free (service->domain);
  g_array_unref (service->instances);
  g_clear_object (&service->host);
  g_free (service);
}

static char *
service_key (const char *name,
             const char *type,
             const char *domain)
{
  return g_strjoin ("\n", name, type, domain, NULL);
}

static GType
browser_get_item_type (GListModel *model)
{
  return CONGKAK_TYPE_NET_FOUND_HOST;
}

static guint
browser_get_n_items (GListModel *model)
{
  return CONGKAK_NET_BROWSER (model)->hosts->len;
}

static gpointer
browser_get_item (GListModel *model,
                  guint       position)
{
  CongkakNetBrowser *self = CONGKAK_NET_BROWSER (model);

  if (position >= self->hosts->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->hosts, position));
}

static void
congkak_net_browser_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = browser_get_item_type;
  iface->get_n_items = browser_get_n_items;
  iface->get_item = browser_get_item;
}

static void
browser_set_available (CongkakNetBrowser *self,
                       gboolean           available,
                       const char        *reason)
{
  gboolean changed = self->available != available || g_strcmp0 (self->unavailable_reason, reason) != 0;

  if (!changed)
    return;
  if (!available)
    g_message ("Discovery: cannot list hosts: %s", reason);
  self->available = available;
  g_free (self->unavailable_reason);
  self->unavailable_reason = available ? NULL : g_strdup (reason);
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), browser_properties[BROWSER_PROP_AVAILABLE]);
  g_object_notify_by_pspec (G_OBJECT (self), browser_properties[BROWSER_PROP_UNAVAILABLE_REASON]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* Forgets everything from the daemon: it went, or failed. */
static void
browser_forget (CongkakNetBrowser *self)
{
  guint n_hosts = self->hosts->len;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  avahi_free_object (self->bus, self->browser_path, AVAHI_SERVICE_BROWSER);
  g_clear_pointer (&self->browser_path, g_free);
  self->browsing = FALSE;
  g_ptr_array_set_size (self->early_signals, 0);
  g_hash_table_remove_all (self->services);
  g_ptr_array_set_size (self->hosts, 0);
  if (n_hosts > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, n_hosts, 0);
}

static void
browser_fail (CongkakNetBrowser *self,
              const char        *avahi_error)
{
  g_autofree char *reason = NULL;

  browser_forget (self);
  /* TRANSLATORS: %s is Avahi's own message, in English */
  reason = g_strdup_printf (_("Games on the local network cannot be listed: Avahi reports “%s”. Type the host’s address instead."),
                            avahi_error);
  browser_set_available (self, FALSE, reason);
}

static void
remove_host (CongkakNetBrowser   *self,
             CongkakNetFoundHost *host)
{
  guint position;

  if (g_ptr_array_find (self->hosts, host, &position))
    {
      g_ptr_array_remove_index (self->hosts, position);
      g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
    }
}

typedef struct
{
  CongkakNetBrowser *browser;
  char              *key;
} Resolving;

/* A browser's signal before the browser's path is known */
typedef struct
{
  char     *path;
  char     *name;
  GVariant *parameters;
} EarlySignal;

static void
early_signal_free (gpointer data)
{
  EarlySignal *early = data;

  g_free (early->path);
  g_free (early->name);
  g_variant_unref (early->parameters);
  g_free (early);
}

static void
resolving_free (Resolving *resolving)
{
  g_free (resolving->key);
  g_free (resolving);
}

static void
resolved_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Resolving *resolving = data;
  CongkakNetBrowser *self = resolving->browser;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GVariant) txt = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  const char *service_name, *address;
  int interface, protocol, aprotocol;
  g_autofree char *full_address = NULL;
  CongkakNetHostKind kind;
  Service *service;
  guint version;
  guint16 port;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      /* Cancelled: the browser is gone or starting again; any other
       * failure: the service did not answer, and is not listed. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_info ("Discovery: a service did not resolve: %s", error->message);
      resolving_free (resolving);
      return;
    }
  service = g_hash_table_lookup (self->services, resolving->key);
  resolving_free (resolving);
  if (service == NULL)
    return;

  g_variant_get (reply, "(ii&s&s&s&si&sq@aayu)", &interface, &protocol, &service_name, NULL, NULL, NULL,
                 &aprotocol, &address, &port, &txt, NULL);
  name = g_strdup (service_name);
  if (!read_txt (txt, &name, &kind, &version))
    return;

  /* A link-local IPv6 address is only reachable through its interface. */
  if (aprotocol != AVAHI_PROTO_INET && g_str_has_prefix (address, "fe80:") && strchr (address, '%') == NULL)
    {
      char interface_name[IF_NAMESIZE] = "";

      if (interface >= 0 && if_indextoname (interface, interface_name) != NULL)
        full_address = g_strdup_printf ("%s%%%s", address, interface_name);
      else
        full_address = g_strdup_printf ("%s%%%d", address, interface);
    }
  else
    full_address = g_strdup (address);

  if (service->host == NULL)
    {
      service->host = g_object_new (CONGKAK_TYPE_NET_FOUND_HOST, NULL);
      service->host->name = cut_utf8 (name, MAX_TXT_NAME);
      service->host->kind = kind;
      service->host->version = version;
      service->host->address = g_steal_pointer (&full_address);
      service->host->port = port;
      service->ipv4 = aprotocol == AVAHI_PROTO_INET;
      g_ptr_array_add (self->hosts, g_object_ref (service->host));
      g_list_model_items_changed (G_LIST_MODEL (self), self->hosts->len - 1, 0, 1);
    }
  else if (aprotocol == AVAHI_PROTO_INET && !service->ipv4)
    {
      /* IPv4 where there is one: no interface to name */
      service->ipv4 = TRUE;
      g_free (service->host->address);
      service->host->address = g_steal_pointer (&full_address);
      service->host->port = port;
      g_object_notify_by_pspec (G_OBJECT (service->host), host_properties[HOST_PROP_ADDRESS]);
      g_object_notify_by_pspec (G_OBJECT (service->host), host_properties[HOST_PROP_PORT]);
    }
}

static void
item_new (CongkakNetBrowser *self,
          GVariant          *parameters)
{
  g_autofree char *key = NULL;
  const char *name, *type, *domain;
  Instance instance;
  Resolving *resolving;
  Service *service;

  g_variant_get (parameters, "(ii&s&s&su)", &instance.interface, &instance.protocol, &name, &type, &domain, NULL);
  key = service_key (name, type, domain);
  service = g_hash_table_lookup (self->services, key);
  if (service == NULL)
    {
      if (g_hash_table_size (self->services) >= MAX_SERVICES)
        return;
      service = g_new0 (Service, 1);
      service->name = g_strdup (name);
      service->type = g_strdup (type);
      service->domain = g_strdup (domain);
      service->instances = g_array_new (FALSE, FALSE, sizeof (Instance));
      g_hash_table_insert (self->services, g_strdup (key), service);
    }
  for (guint i = 0; i < service->instances->len; i++)
    {
      Instance *known = &g_array_index (service->instances, Instance, i);

      if (known->interface == instance.interface && known->protocol == instance.protocol)
        return;
    }
  g_array_append_val (service->instances, instance);

  resolving = g_new0 (Resolving, 1);
  resolving->browser = self;
  resolving->key = g_steal_pointer (&key);
  g_dbus_connection_call (self->bus, AVAHI_NAME, AVAHI_SERVER_PATH, AVAHI_SERVER, "ResolveService",
                          g_variant_new ("(iisssiu)", instance.interface, instance.protocol, name, type, domain,
                                         instance.protocol, 0),
                          G_VARIANT_TYPE ("(iissssisqaayu)"), G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS,
                          self->cancellable, resolved_cb, resolving);
}

static void
item_remove (CongkakNetBrowser *self,
             GVariant          *parameters)
{
  g_autofree char *key = NULL;
  const char *name, *type, *domain;
  Instance instance;
  Service *service;

  g_variant_get (parameters, "(ii&s&s&su)", &instance.interface, &instance.protocol, &name, &type, &domain, NULL);
  key = service_key (name, type, domain);
  service = g_hash_table_lookup (self->services, key);
  if (service == NULL)
    return;
  for (guint i = 0; i < service->instances->len; i++)
    {
      Instance *known = &g_array_index (service->instances, Instance, i);

      if (known->interface == instance.interface && known->protocol == instance.protocol)
        {
          g_array_remove_index (service->instances, i);
          break;
        }
    }
  if (service->instances->len > 0)
    return;
  if (service->host)
    remove_host (self, service->host);
  g_hash_table_remove (self->services, key);
}

static void
browser_signal (CongkakNetBrowser *self,
                const char        *signal_name,
                GVariant          *parameters)
{
  if (g_str_equal (signal_name, "ItemNew") && g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(iisssu)")))
    item_new (self, parameters);
  else if (g_str_equal (signal_name, "ItemRemove") && g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(iisssu)")))
    item_remove (self, parameters);
  else if (g_str_equal (signal_name, "Failure") && g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(s)")))
    {
      const char *message;

      g_variant_get (parameters, "(&s)", &message);
      browser_fail (self, message);
    }
}

static void
browser_signal_cb (GDBusConnection *connection,
                   const char      *sender,
                   const char      *path,
                   const char      *interface,
                   const char      *signal_name,
                   GVariant        *parameters,
                   gpointer         data)
{
  CongkakNetBrowser *self = data;

  if (self->browser_path == NULL)
    {
      /* Avahi before 0.8 may speak before its answer names the browser. */
      if (self->browsing && self->early_signals->len < MAX_SERVICES)
        {
          EarlySignal *early = g_new0 (EarlySignal, 1);

          early->path = g_strdup (path);
          early->name = g_strdup (signal_name);
          early->parameters = g_variant_ref (parameters);
          g_ptr_array_add (self->early_signals, early);
        }
      return;
    }
  if (g_str_equal (path, self->browser_path))
    browser_signal (self, signal_name, parameters);
}

static void
browser_made_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  CongkakNetBrowser *self = data;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) early = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->browsing = FALSE;
  if (reply == NULL)
    {
      g_dbus_error_strip_remote_error (error);
      browser_fail (self, error->message);
      return;
    }
  g_variant_get (reply, "(o)", &self->browser_path);
  early = g_steal_pointer (&self->early_signals);
  self->early_signals = g_ptr_array_new_with_free_func (early_signal_free);
  browser_set_available (self, TRUE, NULL);
  for (guint i = 0; i < early->len && self->browser_path != NULL; i++)
    {
      EarlySignal *signal = g_ptr_array_index (early, i);

      if (g_str_equal (signal->path, self->browser_path))
        browser_signal (self, signal->name, signal->parameters);
    }
}

static void
avahi_appeared_cb (GDBusConnection *connection,
                   const char      *name,
                   const char      *owner,
                   gpointer         data)
{
  CongkakNetBrowser *self = data;

  browser_forget (self);
  self->cancellable = g_cancellable_new ();
  self->browsing = TRUE;
  g_dbus_connection_call (self->bus, AVAHI_NAME, AVAHI_SERVER_PATH, AVAHI_SERVER, "ServiceBrowserNew",
                          g_variant_new ("(iissu)", AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, CONGKAK_NET_SERVICE_TYPE,
                                         "", 0),
                          G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, self->cancellable,
                          browser_made_cb, self);
}

static const char *
avahi_missing_reason (void)
{
  return _("Games on the local network cannot be listed because the Avahi service is not running on this computer. Type the host’s address instead.");
}

static void
avahi_vanished_cb (GDBusConnection *connection,
                   const char      *name,
                   gpointer         data)
{
  CongkakNetBrowser *self = data;

  browser_forget (self);
  browser_set_available (self, FALSE, avahi_missing_reason ());
}

/**
 * congkak_net_browser_new:
 * @system_bus: (nullable): the system bus (or, in tests, a private one);
 *   %NULL when it could not be reached
 *
 * Lists the matches and lessons announced on the local network, from now
 * on and as they come and go.
 */
CongkakNetBrowser *
congkak_net_browser_new (GDBusConnection *system_bus)
{
  CongkakNetBrowser *self;

  g_return_val_if_fail (system_bus == NULL || G_IS_DBUS_CONNECTION (system_bus), NULL);

  self = g_object_new (CONGKAK_TYPE_NET_BROWSER, NULL);
  if (system_bus == NULL)
    {
      browser_set_available (self, FALSE,
                             _("Games on the local network cannot be listed because this computer’s system message bus cannot be reached. Type the host’s address instead."));
      return self;
    }
  self->bus = g_object_ref (system_bus);
  self->signal_id = g_dbus_connection_signal_subscribe (self->bus, AVAHI_NAME, AVAHI_SERVICE_BROWSER, NULL, NULL,
                                                        NULL, G_DBUS_SIGNAL_FLAGS_NONE, browser_signal_cb,
                                                        self, NULL);
  self->watch_id = g_bus_watch_name_on_connection (self->bus, AVAHI_NAME, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                   avahi_appeared_cb, avahi_vanished_cb, self, NULL);
  return self;
}

/**
 * congkak_net_browser_get_available:
 *
 * Returns: whether hosts can be listed (Avahi answers); %TRUE until it is
 *   known otherwise
 */
gboolean
congkak_net_browser_get_available (CongkakNetBrowser *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_BROWSER (self), FALSE);

  return self->available;
}

/**
 * congkak_net_browser_get_unavailable_reason:
 *
 * Returns: (nullable): why hosts cannot be listed, a translated sentence
 *   that ends by offering to type the address, or %NULL when they can
 */
const char *
congkak_net_browser_get_unavailable_reason (CongkakNetBrowser *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_BROWSER (self), NULL);

  return self->unavailable_reason;
}

static void
congkak_net_browser_dispose (GObject *object)
{
  CongkakNetBrowser *self = CONGKAK_NET_BROWSER (object);

  avahi_stop_following (self->bus, &self->watch_id, &self->signal_id);
  if (self->hosts != NULL)
    browser_forget (self);
  g_clear_object (&self->bus);

  G_OBJECT_CLASS (congkak_net_browser_parent_class)->dispose (object);
}

static void
congkak_net_browser_finalize (GObject *object)
{
  CongkakNetBrowser *self = CONGKAK_NET_BROWSER (object);

  g_ptr_array_unref (self->early_signals);
  g_hash_table_unref (self->services);
  g_ptr_array_unref (self->hosts);
  g_free (self->unavailable_reason);

  G_OBJECT_CLASS (congkak_net_browser_parent_class)->finalize (object);
}

static void
congkak_net_browser_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CongkakNetBrowser *self = CONGKAK_NET_BROWSER (object);

  switch (prop_id)
    {
    case BROWSER_PROP_AVAILABLE:
      g_value_set_boolean (value, self->available);
      break;
    case BROWSER_PROP_UNAVAILABLE_REASON:
      g_value_set_string (value, self->unavailable_reason);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_browser_class_init (CongkakNetBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_net_browser_dispose;
  object_class->finalize = congkak_net_browser_finalize;
  object_class->get_property = congkak_net_browser_get_property;

  browser_properties[BROWSER_PROP_AVAILABLE] =
    g_param_spec_boolean ("available", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  browser_properties[BROWSER_PROP_UNAVAILABLE_REASON] =
    g_param_spec_string ("unavailable-reason", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, BROWSER_N_PROPS, browser_properties);
}

static void
congkak_net_browser_init (CongkakNetBrowser *self)
{
  self->available = TRUE;
  self->early_signals = g_ptr_array_new_with_free_func (early_signal_free);
  self->services = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, service_free);
  self->hosts = g_ptr_array_new_with_free_func (g_object_unref);
}

/* The announcer */

struct _CongkakNetAnnouncer
{
  GObject                   parent_instance;

  GDBusConnection          *bus;
  CongkakNetHostKind        kind;
  char                     *display_name;
  guint16                   port;

  guint                     watch_id;
  guint                     server_signal_id;
  guint                     group_signal_id;
  GCancellable             *cancellable;
  char                     *group_path;
  char                     *service_name;   /* as announced, after any collision */
  guint                     n_collisions;
  gboolean                  withdrawn;

  CongkakNetAnnouncerState  state;
  char                     *unavailable_reason;
};

G_DEFINE_FINAL_TYPE (CongkakNetAnnouncer, congkak_net_announcer, G_TYPE_OBJECT)

enum
{
  ANNOUNCER_PROP_0,
  ANNOUNCER_PROP_STATE,
  ANNOUNCER_PROP_ANNOUNCED_NAME,
  ANNOUNCER_PROP_UNAVAILABLE_REASON,
  ANNOUNCER_N_PROPS
};

static GParamSpec *announcer_properties[ANNOUNCER_N_PROPS];

/* A name collides again and again only when something is wrong. */
#define MAX_COLLISIONS 20

static void
announcer_set_state (CongkakNetAnnouncer      *self,
                     CongkakNetAnnouncerState  state,
                     const char               *reason)
{
  if (state == CONGKAK_NET_ANNOUNCER_UNAVAILABLE)
    g_message ("Discovery: cannot announce “%s”: %s", self->display_name, reason);
  g_object_freeze_notify (G_OBJECT (self));
  if (self->state != state)
    {
      self->state = state;
      g_object_notify_by_pspec (G_OBJECT (self), announcer_properties[ANNOUNCER_PROP_STATE]);
    }
  if (g_strcmp0 (self->unavailable_reason, reason) != 0)
    {
      g_free (self->unavailable_reason);
      self->unavailable_reason = g_strdup (reason);
      g_object_notify_by_pspec (G_OBJECT (self), announcer_properties[ANNOUNCER_PROP_UNAVAILABLE_REASON]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* Lets go of the entry group: Avahi stops announcing it. */
static void
announcer_forget (CongkakNetAnnouncer *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->group_signal_id != 0)
    g_dbus_connection_signal_unsubscribe (self->bus, self->group_signal_id);
  self->group_signal_id = 0;
  avahi_free_object (self->bus, self->group_path, AVAHI_ENTRY_GROUP);
  g_clear_pointer (&self->group_path, g_free);
}

static void
announcer_fail (CongkakNetAnnouncer *self,
                const char          *avahi_error)
{
  g_autofree char *reason = NULL;

  announcer_forget (self);
  /* TRANSLATORS: %s is Avahi's own message, in English */
  reason = g_strdup_printf (_("This computer cannot announce the game on the local network: Avahi reports “%s”. Others can still join by typing its address."),
                            avahi_error);
  announcer_set_state (self, CONGKAK_NET_ANNOUNCER_UNAVAILABLE, reason);
}

/* The reply to a call to Avahi, or %NULL: cancelled (the announcer let
 * go of the group or is gone), or failed, which it says. */
static GVariant *
announcer_call_finish (CongkakNetAnnouncer *self,
                       GObject             *source,
                       GAsyncResult        *result)
{
  g_autoptr (GError) error = NULL;
  GVariant *reply;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_dbus_error_strip_remote_error (error);
      announcer_fail (self, error->message);
    }
  return reply;
}

static GVariant *
announcer_txt (CongkakNetAnnouncer *self)
{
  GVariantBuilder builder;
  g_autofree char *name = cut_utf8 (self->display_name, MAX_TXT_NAME);
  g_autofree char *kind = g_strdup_printf (TXT_KIND "=%s", congkak_net_host_kind_to_string (self->kind));
  g_autofree char *version = g_strdup_printf (TXT_VERSION "=%u", CONGKAK_NET_PROTOCOL_VERSION);
  g_autofree char *name_entry = g_strdup_printf (TXT_NAME "=%s", name);
  const char *entries[] = { kind, version, name_entry };

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aay"));
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    g_variant_builder_add_value (&builder, g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, entries[i],
                                                                     strlen (entries[i]), 1));
  return g_variant_builder_end (&builder);
}

static void
committed_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  CongkakNetAnnouncer *self = data;
  g_autoptr (GVariant) reply = NULL;

  /* Avahi announces the group from now on: only a failure needs saying. */
  reply = announcer_call_finish (self, source, result);
}

static void
service_added_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  CongkakNetAnnouncer *self = data;
  g_autoptr (GVariant) reply = NULL;

  reply = announcer_call_finish (self, source, result);
  if (reply == NULL)
    return;
  g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "Commit", NULL, NULL,
                          G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, self->cancellable, committed_cb, self);
}

static void
add_service (CongkakNetAnnouncer *self)
{
  g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "AddService",
                          g_variant_new ("(iiussssq@aay)", AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, 0,
                                         self->service_name, CONGKAK_NET_SERVICE_TYPE, "", "", self->port,
                                         announcer_txt (self)),
                          NULL, G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, self->cancellable, service_added_cb, self);
}

static void
renamed_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  CongkakNetAnnouncer *self = data;
  g_autoptr (GVariant) reply = NULL;

  reply = announcer_call_finish (self, source, result);
  if (reply == NULL)
    return;
  g_free (self->service_name);
  g_variant_get (reply, "(s)", &self->service_name);
  g_object_notify_by_pspec (G_OBJECT (self), announcer_properties[ANNOUNCER_PROP_ANNOUNCED_NAME]);
  /* The group is empty again after a Reset. */
  g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "Reset", NULL, NULL,
                          G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, self->cancellable, NULL, NULL);
  add_service (self);
}

static void
group_signal_cb (GDBusConnection *connection,
                 const char      *sender,
                 const char      *path,
                 const char      *interface,
                 const char      *signal_name,
                 GVariant        *parameters,
                 gpointer         data)
{
  CongkakNetAnnouncer *self = data;
  const char *error;
  int state;

  if (!g_str_equal (signal_name, "StateChanged") || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(is)")))
    return;
  g_variant_get (parameters, "(i&s)", &state, &error);
  switch (state)
    {
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
      announcer_set_state (self, CONGKAK_NET_ANNOUNCER_ANNOUNCED, NULL);
      break;

    case AVAHI_ENTRY_GROUP_COLLISION:
      /* Another host has the name: Avahi proposes the next ("Ana #2"). */
      if (++self->n_collisions > MAX_COLLISIONS)
        {
          announcer_fail (self, error);
          break;
        }
      announcer_set_state (self, CONGKAK_NET_ANNOUNCER_STARTING, NULL);
      g_dbus_connection_call (self->bus, AVAHI_NAME, AVAHI_SERVER_PATH, AVAHI_SERVER, "GetAlternativeServiceName",
                              g_variant_new ("(s)", self->service_name), G_VARIANT_TYPE ("(s)"),
                              G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, self->cancellable, renamed_cb, self);
      break;

    case AVAHI_ENTRY_GROUP_FAILURE:
      announcer_fail (self, error);
      break;

    default:
      break;
    }
}

static void
group_made_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  CongkakNetAnnouncer *self = data;
  g_autoptr (GVariant) reply = NULL;

  reply = announcer_call_finish (self, source, result);
  if (reply == NULL)
    return;
  g_variant_get (reply, "(o)", &self->group_path);
  self->group_signal_id = g_dbus_connection_signal_subscribe (self->bus, AVAHI_NAME, AVAHI_ENTRY_GROUP, NULL,
                                                              self->group_path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                                              group_signal_cb, self, NULL);
  add_service (self);
}

static void
announce (CongkakNetAnnouncer *self)
{
  if (self->group_path != NULL)
    return;
  g_dbus_connection_call (self->bus, AVAHI_NAME, AVAHI_SERVER_PATH, AVAHI_SERVER, "EntryGroupNew", NULL,
                          G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, self->cancellable,
                          group_made_cb, self);
}

static void
server_state (CongkakNetAnnouncer *self,
              int                  state,
              const char          *error)
{
  if (state == AVAHI_SERVER_RUNNING)
    announce (self);
  else if (state == AVAHI_SERVER_FAILURE)
    announcer_fail (self, error);
  /* Otherwise Avahi is registering its own host name: wait. */
}

static void
server_state_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  CongkakNetAnnouncer *self = data;
  g_autoptr (GVariant) reply = NULL;
  int state;

  reply = announcer_call_finish (self, source, result);
  if (reply == NULL)
    return;
  g_variant_get (reply, "(i)", &state);
  server_state (self, state, "");
}

static void
server_signal_cb (GDBusConnection *connection,
                  const char      *sender,
                  const char      *path,
                  const char      *interface,
                  const char      *signal_name,
                  GVariant        *parameters,
                  gpointer         data)
{
  CongkakNetAnnouncer *self = data;
  const char *error;
  int state;

  if (self->cancellable == NULL || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(is)")))
    return;
  g_variant_get (parameters, "(i&s)", &state, &error);
  server_state (self, state, error);
}

static void
announcer_appeared_cb (GDBusConnection *connection,
                       const char      *name,
                       const char      *owner,
                       gpointer         data)
{
  CongkakNetAnnouncer *self = data;

  announcer_forget (self);
  self->cancellable = g_cancellable_new ();
  announcer_set_state (self, CONGKAK_NET_ANNOUNCER_STARTING, NULL);
  g_dbus_connection_call (self->bus, AVAHI_NAME, AVAHI_SERVER_PATH, AVAHI_SERVER, "GetState", NULL,
                          G_VARIANT_TYPE ("(i)"), G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, self->cancellable,
                          server_state_cb, self);
}

static void
announcer_vanished_cb (GDBusConnection *connection,
                       const char      *name,
                       gpointer         data)
{
  CongkakNetAnnouncer *self = data;

  announcer_forget (self);
  announcer_set_state (self, CONGKAK_NET_ANNOUNCER_UNAVAILABLE,
                       _("This computer cannot announce the game on the local network because the Avahi service is not running. Others can still join by typing its address."));
}

/**
 * congkak_net_announcer_new:
 * @system_bus: (nullable): the system bus (or, in tests, a private one);
 *   %NULL when it could not be reached
 * @kind: a match or a lesson
 * @display_name: the name others see: the host's name or the lesson's
 *   (cut to %CONGKAK_NET_MAX_SERVICE_NAME bytes)
 * @port: where the transport listens
 *
 * Announces this computer's match or lesson on the local network until
 * withdrawn or disposed, following Avahi as it comes and goes, and
 * another name when another host has this one.
 */
CongkakNetAnnouncer *
congkak_net_announcer_new (GDBusConnection    *system_bus,
                           CongkakNetHostKind  kind,
                           const char         *display_name,
                           guint16             port)
{
  CongkakNetAnnouncer *self;

  g_return_val_if_fail (system_bus == NULL || G_IS_DBUS_CONNECTION (system_bus), NULL);
  g_return_val_if_fail (kind <= CONGKAK_NET_HOST_KIND_LESSON, NULL);
  g_return_val_if_fail (display_name != NULL && *display_name != '\0', NULL);
  g_return_val_if_fail (port != 0, NULL);

  self = g_object_new (CONGKAK_TYPE_NET_ANNOUNCER, NULL);
  self->kind = kind;
  self->display_name = g_strdup (display_name);
  self->service_name = cut_utf8 (display_name, CONGKAK_NET_MAX_SERVICE_NAME);
  self->port = port;
  if (system_bus == NULL)
    {
      announcer_set_state (self, CONGKAK_NET_ANNOUNCER_UNAVAILABLE,
                           _("This computer cannot announce the game on the local network because its system message bus cannot be reached. Others can still join by typing its address."));
      return self;
    }
  self->bus = g_object_ref (system_bus);
  self->server_signal_id = g_dbus_connection_signal_subscribe (self->bus, AVAHI_NAME, AVAHI_SERVER, "StateChanged",
                                                               AVAHI_SERVER_PATH, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                                               server_signal_cb, self, NULL);
  self->watch_id = g_bus_watch_name_on_connection (self->bus, AVAHI_NAME, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                   announcer_appeared_cb, announcer_vanished_cb, self, NULL);
  return self;
}

CongkakNetAnnouncerState
congkak_net_announcer_get_state (CongkakNetAnnouncer *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_ANNOUNCER (self), CONGKAK_NET_ANNOUNCER_UNAVAILABLE);

  return self->state;
}

/**
 * congkak_net_announcer_get_announced_name:
 *
 * Returns: the service's name on the network: the display name, or
 *   Avahi's alternative ("Ana #2") when another host had it
 */
const char *
congkak_net_announcer_get_announced_name (CongkakNetAnnouncer *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_ANNOUNCER (self), NULL);

  return self->service_name;
}

/**
 * congkak_net_announcer_get_unavailable_reason:
 *
 * Returns: (nullable): why the game cannot be announced, a translated
 *   sentence, or %NULL
 */
const char *
congkak_net_announcer_get_unavailable_reason (CongkakNetAnnouncer *self)
{
  g_return_val_if_fail (CONGKAK_IS_NET_ANNOUNCER (self), NULL);

  return self->unavailable_reason;
}

/**
 * congkak_net_announcer_withdraw:
 *
 * Stops announcing (the match started, the lesson ended).
 */
void
congkak_net_announcer_withdraw (CongkakNetAnnouncer *self)
{
  g_return_if_fail (CONGKAK_IS_NET_ANNOUNCER (self));

  if (self->withdrawn)
    return;
  self->withdrawn = TRUE;
  avahi_stop_following (self->bus, &self->watch_id, &self->server_signal_id);
  if (self->bus != NULL)
    announcer_forget (self);
}

static void
congkak_net_announcer_dispose (GObject *object)
{
  CongkakNetAnnouncer *self = CONGKAK_NET_ANNOUNCER (object);

  congkak_net_announcer_withdraw (self);
  g_clear_object (&self->bus);

  G_OBJECT_CLASS (congkak_net_announcer_parent_class)->dispose (object);
}

static void
congkak_net_announcer_finalize (GObject *object)
{
  CongkakNetAnnouncer *self = CONGKAK_NET_ANNOUNCER (object);

  g_free (self->display_name);
  g_free (self->service_name);
  g_free (self->unavailable_reason);

  G_OBJECT_CLASS (congkak_net_announcer_parent_class)->finalize (object);
}

static void
congkak_net_announcer_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CongkakNetAnnouncer *self = CONGKAK_NET_ANNOUNCER (object);

  switch (prop_id)
    {
    case ANNOUNCER_PROP_STATE:
      g_value_set_uint (value, self->state);
      break;
    case ANNOUNCER_PROP_ANNOUNCED_NAME:
      g_value_set_string (value, self->service_name);
      break;
    case ANNOUNCER_PROP_UNAVAILABLE_REASON:
      g_value_set_string (value, self->unavailable_reason);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_net_announcer_class_init (CongkakNetAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_net_announcer_dispose;
  object_class->finalize = congkak_net_announcer_finalize;
  object_class->get_property = congkak_net_announcer_get_property;

  /* A CongkakNetAnnouncerState */
  announcer_properties[ANNOUNCER_PROP_STATE] =
    g_param_spec_uint ("state", NULL, NULL, 0, CONGKAK_NET_ANNOUNCER_UNAVAILABLE, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  announcer_properties[ANNOUNCER_PROP_ANNOUNCED_NAME] =
    g_param_spec_string ("announced-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  announcer_properties[ANNOUNCER_PROP_UNAVAILABLE_REASON] =
    g_param_spec_string ("unavailable-reason", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, ANNOUNCER_N_PROPS, announcer_properties);
}

static void
congkak_net_announcer_init (CongkakNetAnnouncer *self)
{
  self->state = CONGKAK_NET_ANNOUNCER_STARTING;
}
