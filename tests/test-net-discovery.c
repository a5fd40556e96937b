/* test-net-discovery.c — announcing and listing hosts through Avahi's D-Bus
 * API, against a small Avahi of our own on a private bus
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fake Avahi below owns org.freedesktop.Avahi on a private bus
 * (GTestDBus) and answers the calls the app makes, as Avahi's introspection
 * data describes them: entry groups announce services, service browsers
 * report them (ItemNew before the browser's own path is returned, as
 * Avahi before 0.8 does, and for IPv4 and IPv6 both), ResolveService gives
 * the address, port and TXT record.  The app's objects talk to it over
 * real D-Bus calls on a connection of their own.
 */

#include "config.h"

#include "congkak-net-discovery.h"
#include "congkak-test-util.h"

#define FAKE_IPV4 "192.0.2.7"
#define FAKE_IPV6 "fe80::7"
#define FAKE_INTERFACE 2

static const char fake_avahi_xml[] =
  "<node>"
  "  <interface name='org.freedesktop.Avahi.Server'>"
  "    <method name='GetState'><arg name='state' type='i' direction='out'/></method>"
  "    <method name='GetVersionString'><arg name='version' type='s' direction='out'/></method>"
  "    <method name='GetAlternativeServiceName'>"
  "      <arg name='name' type='s' direction='in'/><arg name='name' type='s' direction='out'/>"
  "    </method>"
  "    <method name='EntryGroupNew'><arg name='path' type='o' direction='out'/></method>"
  "    <method name='ServiceBrowserNew'>"
  "      <arg name='interface' type='i' direction='in'/><arg name='protocol' type='i' direction='in'/>"
  "      <arg name='type' type='s' direction='in'/><arg name='domain' type='s' direction='in'/>"
  "      <arg name='flags' type='u' direction='in'/><arg name='path' type='o' direction='out'/>"
  "    </method>"
  "    <method name='ResolveService'>"
  "      <arg name='interface' type='i' direction='in'/><arg name='protocol' type='i' direction='in'/>"
  "      <arg name='name' type='s' direction='in'/><arg name='type' type='s' direction='in'/>"
  "      <arg name='domain' type='s' direction='in'/><arg name='aprotocol' type='i' direction='in'/>"
  "      <arg name='flags' type='u' direction='in'/>"
  "      <arg name='interface' type='i' direction='out'/><arg name='protocol' type='i' direction='out'/>"
  "      <arg name='name' type='s' direction='out'/><arg name='type' type='s' direction='out'/>"
  "      <arg name='domain' type='s' direction='out'/><arg name='host' type='s' direction='out'/>"
  "      <arg name='aprotocol' type='i' direction='out'/><arg name='address' type='s' direction='out'/>"
  "      <arg name='port' type='q' direction='out'/><arg name='txt' type='aay' direction='out'/>"
  "      <arg name='flags' type='u' direction='out'/>"
  "    </method>"
  "    <signal name='StateChanged'><arg name='state' type='i'/><arg name='error' type='s'/></signal>"
  "  </interface>"
  "  <interface name='org.freedesktop.Avahi.EntryGroup'>"
  "    <method name='Free'/>"
  "    <method name='Commit'/>"
  "    <method name='Reset'/>"
  "    <method name='GetState'><arg name='state' type='i' direction='out'/></method>"
  "    <method name='AddService'>"
  "      <arg name='interface' type='i' direction='in'/><arg name='protocol' type='i' direction='in'/>"
  "      <arg name='flags' type='u' direction='in'/><arg name='name' type='s' direction='in'/>"
  "      <arg name='type' type='s' direction='in'/><arg name='domain' type='s' direction='in'/>"
  "      <arg name='host' type='s' direction='in'/><arg name='port' type='q' direction='in'/>"
  "      <arg name='txt' type='aay' direction='in'/>"
  "    </method>"
  "    <signal name='StateChanged'><arg name='state' type='i'/><arg name='error' type='s'/></signal>"
  "  </interface>"
  "  <interface name='org.freedesktop.Avahi.ServiceBrowser'>"
  "    <method name='Free'/>"
  "    <signal name='ItemNew'>"
  "      <arg name='interface' type='i'/><arg name='protocol' type='i'/><arg name='name' type='s'/>"
  "      <arg name='type' type='s'/><arg name='domain' type='s'/><arg name='flags' type='u'/>"
  "    </signal>"
  "    <signal name='ItemRemove'>"
  "      <arg name='interface' type='i'/><arg name='protocol' type='i'/><arg name='name' type='s'/>"
  "      <arg name='type' type='s'/><arg name='domain' type='s'/><arg name='flags' type='u'/>"
  "    </signal>"
  "    <signal name='Failure'><arg name='error' type='s'/></signal>"
  "    <signal name='AllForNow'/>"
  "  </interface>"
  "</node>";

typedef struct _FakeAvahi FakeAvahi;

/* An entry group with at most one service, as the app makes them */
typedef struct
{
  FakeAvahi *avahi;
  char      *path;
  char      *owner;
  guint      registration;
  char      *name;      /* the service, once added */
  char      *type;
  guint16    port;
  GVariant  *txt;
  gboolean   established;
} FakeGroup;

typedef struct
{
  char  *path;
  char  *owner;
  char  *type;
  guint  registration;
} FakeBrowser;

struct _FakeAvahi
{
  GDBusConnection *connection;
  GDBusNodeInfo   *info;
  guint            server_registration;
  guint            owner_id;
  gboolean         owned;
  GPtrArray       *groups;    /* of FakeGroup */
  GPtrArray       *browsers;  /* of FakeBrowser */
  GPtrArray       *foreign;   /* of FakeGroup: services of other programs */
  guint            next_id;
};

static void
fake_group_free (gpointer data)
{
  FakeGroup *group = data;

  if (group->registration != 0)
    g_dbus_connection_unregister_object (group->avahi->connection, group->registration);
  g_free (group->path);
  g_free (group->owner);
  g_free (group->name);
  g_free (group->type);
  g_clear_pointer (&group->txt, g_variant_unref);
  g_free (group);
}

static void
fake_browser_free (gpointer data)
{
  FakeBrowser *browser = data;

  g_free (browser->path);
  g_free (browser->owner);
  g_free (browser->type);
  g_free (browser);
}

static void
emit (FakeAvahi   *avahi,
      const char  *destination,
      const char  *path,
      const char  *interface,
      const char  *signal_name,
      GVariant    *parameters)
{
  g_autoptr (GError) error = NULL;

  g_dbus_connection_emit_signal (avahi->connection, destination, path, interface, signal_name, parameters,
                                 &error);
  g_assert_no_error (error);
}

/* Tells @browser of @group's service on both protocols, or that it went */
static void
tell_browser (FakeAvahi   *avahi,
              FakeBrowser *browser,
              FakeGroup   *group,
              const char  *signal_name)
{
  if (g_strcmp0 (browser->type, group->type) != 0)
    return;
  for (int protocol = 0; protocol < 2; protocol++)
    emit (avahi, browser->owner, browser->path, "org.freedesktop.Avahi.ServiceBrowser", signal_name,
          g_variant_new ("(iisssu)", FAKE_INTERFACE, protocol, group->name, group->type, "local", 0));
}

static void
tell_browsers (FakeAvahi  *avahi,
               FakeGroup  *group,
               const char *signal_name)
{
  for (guint i = 0; i < avahi->browsers->len; i++)
    tell_browser (avahi, g_ptr_array_index (avahi->browsers, i), group, signal_name);
}

static FakeGroup *
find_service (FakeAvahi  *avahi,
              const char *name,
              const char *type)
{
  GPtrArray *lists[] = { avahi->groups, avahi->foreign };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < lists[l]->len; i++)
      {
        FakeGroup *group = g_ptr_array_index (lists[l], i);

        if (group->established && g_strcmp0 (group->name, name) == 0 && g_strcmp0 (group->type, type) == 0)
          return group;
      }
  return NULL;
}

static void
withdraw_group (FakeGroup *group)
{
  if (group->established)
    tell_browsers (group->avahi, group, "ItemRemove");
  group->established = FALSE;
  g_clear_pointer (&group->name, g_free);
  g_clear_pointer (&group->type, g_free);
  g_clear_pointer (&group->txt, g_variant_unref);
}

static void
group_method_cb (GDBusConnection       *connection,
                 const char            *sender,
                 const char            *path,
                 const char            *interface,
                 const char            *method,
                 GVariant              *parameters,
                 GDBusMethodInvocation *invocation,
                 gpointer               data)
{
  FakeGroup *group = data;
  FakeAvahi *avahi = group->avahi;

  if (g_str_equal (method, "AddService"))
    {
      const char *name, *type, *domain, *host;
      int iface, protocol;
      guint flags;

      g_assert_null (group->name);
      g_variant_get (parameters, "(iiu&s&s&s&sq@aay)", &iface, &protocol, &flags, &name, &type, &domain, &host,
                     &group->port, &group->txt);
      group->name = g_strdup (name);
      group->type = g_strdup (type);
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else if (g_str_equal (method, "Commit"))
    {
      gboolean collides = group->name == NULL || find_service (avahi, group->name, group->type) != NULL;

      g_dbus_method_invocation_return_value (invocation, NULL);
      emit (avahi, group->owner, group->path, "org.freedesktop.Avahi.EntryGroup", "StateChanged",
            g_variant_new ("(is)", 1, ""));
      if (collides)
        {
          emit (avahi, group->owner, group->path, "org.freedesktop.Avahi.EntryGroup", "StateChanged",
                g_variant_new ("(is)", 3, "Local name collision"));
          return;
        }
      group->established = TRUE;
      emit (avahi, group->owner, group->path, "org.freedesktop.Avahi.EntryGroup", "StateChanged",
            g_variant_new ("(is)", 2, ""));
      tell_browsers (avahi, group, "ItemNew");
    }
  else if (g_str_equal (method, "Reset"))
    {
      withdraw_group (group);
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else if (g_str_equal (method, "GetState"))
    g_dbus_method_invocation_return_value (invocation, g_variant_new ("(i)", group->established ? 2 : 0));
  else if (g_str_equal (method, "Free"))
    {
      withdraw_group (group);
      g_dbus_method_invocation_return_value (invocation, NULL);
      /* The object stays until the fake stops: Avahi's would go, but
       * nothing here calls it again. */
    }
}

static void
browser_method_cb (GDBusConnection       *connection,
                   const char            *sender,
                   const char            *path,
                   const char            *interface,
                   const char            *method,
                   GVariant              *parameters,
                   GDBusMethodInvocation *invocation,
                   gpointer               data)
{
  FakeAvahi *avahi = data;

  for (guint i = 0; i < avahi->browsers->len; i++)
    {
      FakeBrowser *browser = g_ptr_array_index (avahi->browsers, i);

      if (g_str_equal (browser->path, path))
        {
          g_dbus_connection_unregister_object (connection, browser->registration);
          g_ptr_array_remove_index (avahi->browsers, i);
          break;
        }
    }
  g_dbus_method_invocation_return_value (invocation, NULL);
}

static const GDBusInterfaceVTable group_vtable = { group_method_cb, NULL, NULL, { 0 } };
static const GDBusInterfaceVTable browser_vtable = { browser_method_cb, NULL, NULL, { 0 } };

static void
server_method_cb (GDBusConnection       *connection,
                  const char            *sender,
                  const char            *path,
                  const char            *interface,
                  const char            *method,
                  GVariant              *parameters,
                  GDBusMethodInvocation *invocation,
                  gpointer               data)
{
  FakeAvahi *avahi = data;
  g_autoptr (GError) error = NULL;

  if (g_str_equal (method, "GetState"))
    g_dbus_method_invocation_return_value (invocation, g_variant_new ("(i)", 2));
  else if (g_str_equal (method, "GetVersionString"))
    g_dbus_method_invocation_return_value (invocation, g_variant_new ("(s)", "avahi 0.7 (fake)"));
  else if (g_str_equal (method, "GetAlternativeServiceName"))
    {
      const char *name;
      g_autofree char *alternative = NULL;

      g_variant_get (parameters, "(&s)", &name);
      alternative = g_strdup_printf ("%s #2", name);
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(s)", alternative));
    }
  else if (g_str_equal (method, "EntryGroupNew"))
    {
      FakeGroup *group = g_new0 (FakeGroup, 1);

      group->avahi = avahi;
      group->path = g_strdup_printf ("/Client1/EntryGroup%u", ++avahi->next_id);
      group->owner = g_strdup (sender);
      group->registration = g_dbus_connection_register_object (connection, group->path,
                                                               g_dbus_node_info_lookup_interface (avahi->info, "org.freedesktop.Avahi.EntryGroup"),
                                                               &group_vtable, group, NULL, &error);
      g_assert_no_error (error);
      g_ptr_array_add (avahi->groups, group);
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(o)", group->path));
    }
  else if (g_str_equal (method, "ServiceBrowserNew"))
    {
      FakeBrowser *browser = g_new0 (FakeBrowser, 1);
      GPtrArray *lists[] = { avahi->groups, avahi->foreign };
      const char *type;
      int iface, protocol;

      g_variant_get (parameters, "(ii&s&su)", &iface, &protocol, &type, NULL, NULL);
      browser->path = g_strdup_printf ("/Client1/ServiceBrowser%u", ++avahi->next_id);
      browser->owner = g_strdup (sender);
      browser->type = g_strdup (type);
      browser->registration = g_dbus_connection_register_object (connection, browser->path,
                                                                 g_dbus_node_info_lookup_interface (avahi->info, "org.freedesktop.Avahi.ServiceBrowser"),
                                                                 &browser_vtable, avahi, NULL, &error);
      g_assert_no_error (error);
      g_ptr_array_add (avahi->browsers, browser);
      /* As Avahi before 0.8: what is there already, before the answer */
      for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
        for (guint i = 0; i < lists[l]->len; i++)
          {
            FakeGroup *group = g_ptr_array_index (lists[l], i);

            if (group->established)
              tell_browser (avahi, browser, group, "ItemNew");
          }
      emit (avahi, browser->owner, browser->path, "org.freedesktop.Avahi.ServiceBrowser", "AllForNow", NULL);
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(o)", browser->path));
    }
  else if (g_str_equal (method, "ResolveService"))
    {
      const char *name, *type, *domain;
      int iface, protocol, aprotocol;
      guint flags;
      FakeGroup *group;

      g_variant_get (parameters, "(ii&s&s&siu)", &iface, &protocol, &name, &type, &domain, &aprotocol, &flags);
      group = find_service (avahi, name, type);
      if (group == NULL)
        {
          g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.Avahi.TimeoutError",
                                                      "Timeout reached");
          return;
        }
      g_dbus_method_invocation_return_value (invocation,
                                             g_variant_new ("(iissssisq@aayu)", iface, protocol, name, type,
                                                            "local", "fake-host.local", aprotocol,
                                                            aprotocol == 0 ? FAKE_IPV4 : FAKE_IPV6, group->port,
                                                            group->txt, 0));
    }
}

static const GDBusInterfaceVTable server_vtable = { server_method_cb, NULL, NULL, { 0 } };

static void
name_acquired_cb (GDBusConnection *connection,
                  const char      *name,
                  gpointer         data)
{
  ((FakeAvahi *) data)->owned = TRUE;
}

static gboolean
fake_owns_name (gpointer data)
{
  return ((FakeAvahi *) data)->owned;
}

static GDBusConnection *
connect_to (GTestDBus *bus)
{
  g_autoptr (GError) error = NULL;
  GDBusConnection *connection;

  connection = g_dbus_connection_new_for_address_sync (g_test_dbus_get_bus_address (bus),
                                                       G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
                                                       | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                       NULL, NULL, &error);
  g_assert_no_error (error);
  return connection;
}

static FakeAvahi *
fake_avahi_start (GTestDBus *bus)
{
  FakeAvahi *avahi = g_new0 (FakeAvahi, 1);
  g_autoptr (GError) error = NULL;

  avahi->connection = connect_to (bus);
  avahi->info = g_dbus_node_info_new_for_xml (fake_avahi_xml, &error);
  g_assert_no_error (error);
  avahi->groups = g_ptr_array_new_with_free_func (fake_group_free);
  avahi->browsers = g_ptr_array_new_with_free_func (fake_browser_free);
  avahi->foreign = g_ptr_array_new_with_free_func (fake_group_free);
  avahi->server_registration =
    g_dbus_connection_register_object (avahi->connection, "/",
                                       g_dbus_node_info_lookup_interface (avahi->info, "org.freedesktop.Avahi.Server"),
                                       &server_vtable, avahi, NULL, &error);
  g_assert_no_error (error);
  avahi->owner_id = g_bus_own_name_on_connection (avahi->connection, "org.freedesktop.Avahi",
                                                  G_BUS_NAME_OWNER_FLAGS_NONE, name_acquired_cb, NULL, avahi, NULL);
  g_assert_true (test_wait_until (fake_owns_name, avahi, 500));
  return avahi;
}

static void
fake_avahi_stop (FakeAvahi *avahi)
{
  g_bus_unown_name (avahi->owner_id);
  g_dbus_connection_unregister_object (avahi->connection, avahi->server_registration);
  for (guint i = 0; i < avahi->browsers->len; i++)
    g_dbus_connection_unregister_object (avahi->connection,
                                         ((FakeBrowser *) g_ptr_array_index (avahi->browsers, i))->registration);
  g_ptr_array_unref (avahi->groups);
  g_ptr_array_unref (avahi->browsers);
  g_ptr_array_unref (avahi->foreign);
  g_dbus_connection_close_sync (avahi->connection, NULL, NULL);
  g_object_unref (avahi->connection);
  g_dbus_node_info_unref (avahi->info);
  g_free (avahi);
}

/* A service of our type that another program announced, with a TXT
 * record that is not ours */
static void
fake_add_foreign (FakeAvahi  *avahi,
                  const char *name,
                  const char *txt_entry)
{
  FakeGroup *group = g_new0 (FakeGroup, 1);
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aay"));
  g_variant_builder_add_value (&builder, g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, txt_entry,
                                                                   strlen (txt_entry), 1));
  group->avahi = avahi;
  group->path = g_strdup ("/Foreign");
  group->name = g_strdup (name);
  group->type = g_strdup (CONGKAK_NET_SERVICE_TYPE);
  group->port = 7;
  group->txt = g_variant_ref_sink (g_variant_builder_end (&builder));
  group->established = TRUE;
  g_ptr_array_add (avahi->foreign, group);
  tell_browsers (avahi, group, "ItemNew");
}

/* The TXT strings the fake holds for the service @name */
static GStrv
fake_txt (FakeAvahi  *avahi,
          const char *name)
{
  FakeGroup *group = find_service (avahi, name, CONGKAK_NET_SERVICE_TYPE);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  GVariantIter iter;
  GVariant *item;

  g_assert_nonnull (group);
  g_variant_iter_init (&iter, group->txt);
  while ((item = g_variant_iter_next_value (&iter)) != NULL)
    {
      gsize length;
      const char *bytes = g_variant_get_fixed_array (item, &length, 1);

      g_strv_builder_take (builder, g_strndup (bytes, length));
      g_variant_unref (item);
    }
  return g_strv_builder_end (builder);
}

/* Conditions to wait for */

typedef struct
{
  CongkakNetAnnouncer      *announcer;
  CongkakNetAnnouncerState  state;
} AnnouncerWait;

static gboolean
announcer_in_state (gpointer data)
{
  AnnouncerWait *wait = data;

  return congkak_net_announcer_get_state (wait->announcer) == wait->state;
}

static void
wait_for_announcer (CongkakNetAnnouncer      *announcer,
                    CongkakNetAnnouncerState  state)
{
  AnnouncerWait wait = { announcer, state };

  g_assert_true (test_wait_until (announcer_in_state, &wait, 500));
}

typedef struct
{
  GListModel *model;
  guint       n_items;
} ListWait;

static gboolean
list_has_n_items (gpointer data)
{
  ListWait *wait = data;

  return g_list_model_get_n_items (wait->model) == wait->n_items;
}

static void
wait_for_hosts (CongkakNetBrowser *browser,
                guint              n_items)
{
  ListWait wait = { G_LIST_MODEL (browser), n_items };

  g_assert_true (test_wait_until (list_has_n_items, &wait, 500));
}

static gboolean
browser_unavailable (gpointer data)
{
  return !congkak_net_browser_get_available (data);
}

static gboolean
browser_available (gpointer data)
{
  return congkak_net_browser_get_available (data);
}

static CongkakNetFoundHost *
find_host (CongkakNetBrowser *browser,
           const char        *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (browser)); i++)
    {
      g_autoptr (CongkakNetFoundHost) host = g_list_model_get_item (G_LIST_MODEL (browser), i);

      if (g_strcmp0 (congkak_net_found_host_get_name (host), name) == 0)
        return host;  /* the browser holds it */
    }
  return NULL;
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  guint      *changes)
{
  (*changes)++;
}

static void
test_announce_and_browse (void)
{
  g_autoptr (GTestDBus) bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_autoptr (GDBusConnection) connection = NULL;
  g_autoptr (CongkakNetAnnouncer) lesson = NULL;
  g_autoptr (CongkakNetAnnouncer) match = NULL;
  g_autoptr (CongkakNetBrowser) browser = NULL;
  g_auto (GStrv) txt = NULL;
  CongkakNetFoundHost *host;
  FakeAvahi *avahi;
  guint changes = 0;

  g_test_dbus_up (bus);
  avahi = fake_avahi_start (bus);
  connection = connect_to (bus);

  /* A lesson is announced: kind, version and name, nothing more. */
  lesson = congkak_net_announcer_new (connection, CONGKAK_NET_HOST_KIND_LESSON, "Bu Sari’s class", 40123);
  wait_for_announcer (lesson, CONGKAK_NET_ANNOUNCER_ANNOUNCED);
  g_assert_cmpstr (congkak_net_announcer_get_announced_name (lesson), ==, "Bu Sari’s class");
  g_assert_null (congkak_net_announcer_get_unavailable_reason (lesson));
  txt = fake_txt (avahi, "Bu Sari’s class");
  g_assert_cmpuint (g_strv_length (txt), ==, 3);
  g_assert_true (g_strv_contains ((const char * const *) txt, "kind=lesson"));
  g_assert_true (g_strv_contains ((const char * const *) txt, "v=1"));
  g_assert_true (g_strv_contains ((const char * const *) txt, "name=Bu Sari’s class"));

  /* A browser started afterwards finds it (told before its own path),
   * once, with its IPv4 address. */
  browser = congkak_net_browser_new (connection);
  g_signal_connect (browser, "items-changed", G_CALLBACK (items_changed_cb), &changes);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (browser)) == CONGKAK_TYPE_NET_FOUND_HOST);
  wait_for_hosts (browser, 1);
  test_iterate (3);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, 1);
  g_assert_true (congkak_net_browser_get_available (browser));
  host = find_host (browser, "Bu Sari’s class");
  g_assert_nonnull (host);
  g_assert_cmpint (congkak_net_found_host_get_kind (host), ==, CONGKAK_NET_HOST_KIND_LESSON);
  g_assert_cmpstr (congkak_net_found_host_get_address (host), ==, FAKE_IPV4);
  g_assert_cmpuint (congkak_net_found_host_get_port (host), ==, 40123);
  g_assert_cmpuint (congkak_net_found_host_get_version (host), ==, CONGKAK_NET_PROTOCOL_VERSION);

  /* A match announced later comes to the list as it comes. */
  match = congkak_net_announcer_new (connection, CONGKAK_NET_HOST_KIND_MATCH, "Ani", 40124);
  wait_for_hosts (browser, 2);
  host = find_host (browser, "Ani");
  g_assert_nonnull (host);
  g_assert_cmpint (congkak_net_found_host_get_kind (host), ==, CONGKAK_NET_HOST_KIND_MATCH);
  g_assert_cmpuint (congkak_net_found_host_get_port (host), ==, 40124);
  g_assert_cmpint (congkak_net_announcer_get_state (match), ==, CONGKAK_NET_ANNOUNCER_ANNOUNCED);

  /* And goes when it is withdrawn (on IPv4 and IPv6 both). */
  changes = 0;
  congkak_net_announcer_withdraw (match);
  wait_for_hosts (browser, 1);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_nonnull (find_host (browser, "Bu Sari’s class"));
  g_clear_object (&lesson);
  wait_for_hosts (browser, 0);

  g_clear_object (&browser);
  fake_avahi_stop (avahi);
  g_clear_object (&connection);
  g_test_dbus_down (bus);
}

static void
test_collision (void)
{
  g_autoptr (GTestDBus) bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_autoptr (GDBusConnection) connection = NULL;
  g_autoptr (CongkakNetAnnouncer) first = NULL;
  g_autoptr (CongkakNetAnnouncer) second = NULL;
  g_autoptr (CongkakNetBrowser) browser = NULL;
  FakeAvahi *avahi;

  g_test_dbus_up (bus);
  avahi = fake_avahi_start (bus);
  connection = connect_to (bus);

  first = congkak_net_announcer_new (connection, CONGKAK_NET_HOST_KIND_MATCH, "Ani", 40200);
  wait_for_announcer (first, CONGKAK_NET_ANNOUNCER_ANNOUNCED);
  second = congkak_net_announcer_new (connection, CONGKAK_NET_HOST_KIND_MATCH, "Ani", 40201);
  wait_for_announcer (second, CONGKAK_NET_ANNOUNCER_ANNOUNCED);
  g_assert_cmpstr (congkak_net_announcer_get_announced_name (first), ==, "Ani");
  g_assert_cmpstr (congkak_net_announcer_get_announced_name (second), ==, "Ani #2");

  /* Both listed; the display name in the TXT record stays the person's. */
  browser = congkak_net_browser_new (connection);
  wait_for_hosts (browser, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (CongkakNetFoundHost) host = g_list_model_get_item (G_LIST_MODEL (browser), i);

      g_assert_cmpstr (congkak_net_found_host_get_name (host), ==, "Ani");
    }

  g_clear_object (&browser);
  g_clear_object (&first);
  g_clear_object (&second);
  fake_avahi_stop (avahi);
  g_clear_object (&connection);
  g_test_dbus_down (bus);
}

/* Services of our type that are not Congkak hosts are not listed; a long
 * name is cut at a character. */
static void
test_foreign_and_long_names (void)
{
  g_autoptr (GTestDBus) bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_autoptr (GDBusConnection) connection = NULL;
  g_autoptr (CongkakNetAnnouncer) announcer = NULL;
  g_autoptr (CongkakNetBrowser) browser = NULL;
  g_autoptr (CongkakNetFoundHost) host = NULL;
  g_autoptr (GString) long_name = g_string_new (NULL);
  const char *announced;
  FakeAvahi *avahi;

  g_test_dbus_up (bus);
  avahi = fake_avahi_start (bus);
  connection = connect_to (bus);
  browser = congkak_net_browser_new (connection);
  test_iterate (3);

  fake_add_foreign (avahi, "printer", "rp=ipp/print");
  fake_add_foreign (avahi, "no version", "kind=lesson");

  /* 40 times "Guru Ã": 280 bytes, more than a DNS-SD name (63) or a TXT
   * string (255) holds */
  for (guint i = 0; i < 40; i++)
    g_string_append (long_name, "Guru Ã");
  announcer = congkak_net_announcer_new (connection, CONGKAK_NET_HOST_KIND_LESSON, long_name->str, 40300);
  wait_for_announcer (announcer, CONGKAK_NET_ANNOUNCER_ANNOUNCED);
  announced = congkak_net_announcer_get_announced_name (announcer);
  g_assert_cmpuint (strlen (announced), <=, CONGKAK_NET_MAX_SERVICE_NAME);
  g_assert_cmpuint (strlen (announced), >=, CONGKAK_NET_MAX_SERVICE_NAME - 1);
  g_assert_true (g_utf8_validate (announced, -1, NULL));
  g_assert_true (g_str_has_prefix (long_name->str, announced));

  wait_for_hosts (browser, 1);
  test_iterate (3);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, 1);
  host = g_list_model_get_item (G_LIST_MODEL (browser), 0);
  g_assert_true (g_str_has_prefix (long_name->str, congkak_net_found_host_get_name (host)));
  g_assert_cmpuint (strlen (congkak_net_found_host_get_name (host)), >, CONGKAK_NET_MAX_SERVICE_NAME);

  g_clear_object (&host);
  g_clear_object (&browser);
  g_clear_object (&announcer);
  fake_avahi_stop (avahi);
  g_clear_object (&connection);
  g_test_dbus_down (bus);
}

/* No Avahi: both say so, translated; when it comes, they go on. */
static void
test_unavailable (void)
{
  g_autoptr (GTestDBus) bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_autoptr (GDBusConnection) connection = NULL;
  g_autoptr (CongkakNetAnnouncer) announcer = NULL;
  g_autoptr (CongkakNetBrowser) browser = NULL;
  g_autoptr (CongkakNetBrowser) no_bus = NULL;
  g_autoptr (CongkakNetAnnouncer) no_bus_announcer = NULL;
  g_autofree char *reason = NULL;
  FakeAvahi *avahi;

  /* No system bus at all */
  no_bus = congkak_net_browser_new (NULL);
  g_assert_false (congkak_net_browser_get_available (no_bus));
  g_assert_nonnull (strstr (congkak_net_browser_get_unavailable_reason (no_bus), "message bus"));
  no_bus_announcer = congkak_net_announcer_new (NULL, CONGKAK_NET_HOST_KIND_MATCH, "Ani", 40400);
  g_assert_cmpint (congkak_net_announcer_get_state (no_bus_announcer), ==, CONGKAK_NET_ANNOUNCER_UNAVAILABLE);
  g_assert_nonnull (strstr (congkak_net_announcer_get_unavailable_reason (no_bus_announcer), "typing its address"));

  /* A bus without Avahi */
  g_test_dbus_up (bus);
  connection = connect_to (bus);
  browser = congkak_net_browser_new (connection);
  announcer = congkak_net_announcer_new (connection, CONGKAK_NET_HOST_KIND_LESSON, "Bu Sari", 40401);
  g_assert_true (test_wait_until (browser_unavailable, browser, 500));
  g_object_get (browser, "unavailable-reason", &reason, NULL);
  g_assert_cmpstr (reason, ==,
                   "Games on the local network cannot be listed because the Avahi service is not running on this computer. Type the host’s address instead.");
  wait_for_announcer (announcer, CONGKAK_NET_ANNOUNCER_UNAVAILABLE);
  g_assert_nonnull (strstr (congkak_net_announcer_get_unavailable_reason (announcer), "Avahi"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, 0);

  /* Avahi starts: the lesson is announced and listed. */
  avahi = fake_avahi_start (bus);
  g_assert_true (test_wait_until (browser_available, browser, 500));
  wait_for_announcer (announcer, CONGKAK_NET_ANNOUNCER_ANNOUNCED);
  wait_for_hosts (browser, 1);
  g_assert_null (congkak_net_browser_get_unavailable_reason (browser));

  /* Avahi stops: the list empties, and both say why. */
  fake_avahi_stop (avahi);
  g_assert_true (test_wait_until (browser_unavailable, browser, 500));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, 0);
  wait_for_announcer (announcer, CONGKAK_NET_ANNOUNCER_UNAVAILABLE);

  g_clear_object (&browser);
  g_clear_object (&announcer);
  g_clear_object (&connection);
  g_test_dbus_down (bus);
}

/* Avahi fails while browsing: unavailable, with its message. */
static void
test_failure (void)
{
  g_autoptr (GTestDBus) bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_autoptr (GDBusConnection) connection = NULL;
  g_autoptr (CongkakNetBrowser) browser = NULL;
  FakeAvahi *avahi;
  FakeBrowser *fake;

  g_test_dbus_up (bus);
  avahi = fake_avahi_start (bus);
  connection = connect_to (bus);
  browser = congkak_net_browser_new (connection);
  while (avahi->browsers->len == 0)
    g_main_context_iteration (NULL, TRUE);
  test_iterate (3);
  g_assert_true (congkak_net_browser_get_available (browser));

  fake = g_ptr_array_index (avahi->browsers, 0);
  emit (avahi, fake->owner, fake->path, "org.freedesktop.Avahi.ServiceBrowser", "Failure",
        g_variant_new ("(s)", "Too many objects"));
  g_assert_true (test_wait_until (browser_unavailable, browser, 500));
  g_assert_cmpstr (congkak_net_browser_get_unavailable_reason (browser), ==,
                   "Games on the local network cannot be listed: Avahi reports “Too many objects”. Type the host’s address instead.");

  g_clear_object (&browser);
  fake_avahi_stop (avahi);
  g_clear_object (&connection);
  g_test_dbus_down (bus);
}

static void
test_host_kinds (void)
{
  CongkakNetHostKind kind;

  g_assert_cmpstr (congkak_net_host_kind_to_string (CONGKAK_NET_HOST_KIND_MATCH), ==, "match");
  g_assert_cmpstr (congkak_net_host_kind_to_string (CONGKAK_NET_HOST_KIND_LESSON), ==, "lesson");
  g_assert_true (congkak_net_host_kind_from_string ("lesson", &kind));
  g_assert_cmpint (kind, ==, CONGKAK_NET_HOST_KIND_LESSON);
  g_assert_false (congkak_net_host_kind_from_string ("Lesson", &kind));
}

static GLogWriterOutput
quiet_writer (GLogLevelFlags   level,
              const GLogField *fields,
              gsize            n_fields,
              gpointer         user_data)
{
  /* The reasons logged as messages are the tests' matter, not noise. */
  if ((level & (G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG)) != 0)
    return G_LOG_WRITER_HANDLED;
  return g_log_writer_default (level, fields, n_fields, user_data);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_log_set_writer_func (quiet_writer, NULL, NULL);

  g_test_add_func ("/model/net/discovery/host-kinds", test_host_kinds);
  g_test_add_func ("/model/net/discovery/announce-and-browse", test_announce_and_browse);
  g_test_add_func ("/model/net/discovery/collision", test_collision);
  g_test_add_func ("/model/net/discovery/foreign-and-long-names", test_foreign_and_long_names);
  g_test_add_func ("/model/net/discovery/unavailable", test_unavailable);
  g_test_add_func ("/model/net/discovery/failure", test_failure);

  return g_test_run ();
}
