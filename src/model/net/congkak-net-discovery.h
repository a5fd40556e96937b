/* congkak-net-discovery.h — finding matches and lessons on the local network
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * DNS-SD through Avahi's D-Bus API (org.freedesktop.Avahi on the system
 * bus), with GDBus alone.  A host announces its match or lesson as a
 * service of type _congkak._tcp whose TXT record holds the kind, the
 * protocol version and the host's display name, and nothing else: no
 * paths, no library.  A browser lists the hosts found, as they come and
 * go.  Where Avahi cannot be reached (no system bus, no daemon, a sandbox
 * without the name) both say so in a translated sentence, and a window
 * offers typing the address instead.  Both take the connection to talk
 * on, so that tests pass one to a private bus.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CONGKAK_NET_SERVICE_TYPE "_congkak._tcp"

/* The protocol version a host announces (the transport's hello carries
 * the same number). */
#ifndef CONGKAK_NET_PROTOCOL_VERSION
#define CONGKAK_NET_PROTOCOL_VERSION 1
#endif

/* The longest display name announced, in bytes of UTF-8 (a DNS-SD
 * instance name holds 63) */
#define CONGKAK_NET_MAX_SERVICE_NAME 63

typedef enum
{
  CONGKAK_NET_HOST_KIND_MATCH,   /* a match to play */
  CONGKAK_NET_HOST_KIND_LESSON,  /* a lesson to follow */
} CongkakNetHostKind;

const char *congkak_net_host_kind_to_string   (CongkakNetHostKind  kind);
gboolean    congkak_net_host_kind_from_string (const char         *text,
                                               CongkakNetHostKind *kind);

/* A host found on the network */

#define CONGKAK_TYPE_NET_FOUND_HOST (congkak_net_found_host_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetFoundHost, congkak_net_found_host, CONGKAK, NET_FOUND_HOST, GObject)

const char         *congkak_net_found_host_get_name     (CongkakNetFoundHost *self);
CongkakNetHostKind  congkak_net_found_host_get_kind     (CongkakNetFoundHost *self);
const char         *congkak_net_found_host_get_address  (CongkakNetFoundHost *self);
guint16             congkak_net_found_host_get_port     (CongkakNetFoundHost *self);
guint               congkak_net_found_host_get_version  (CongkakNetFoundHost *self);

/* The list of hosts found: a GListModel of CongkakNetFoundHost */

#define CONGKAK_TYPE_NET_BROWSER (congkak_net_browser_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetBrowser, congkak_net_browser, CONGKAK, NET_BROWSER, GObject)

CongkakNetBrowser *congkak_net_browser_new                    (GDBusConnection   *system_bus);
gboolean           congkak_net_browser_get_available          (CongkakNetBrowser *self);
const char        *congkak_net_browser_get_unavailable_reason (CongkakNetBrowser *self);

/* Announcing this computer's match or lesson */

typedef enum
{
  CONGKAK_NET_ANNOUNCER_STARTING,     /* on its way */
  CONGKAK_NET_ANNOUNCER_ANNOUNCED,    /* others can find it */
  CONGKAK_NET_ANNOUNCER_UNAVAILABLE,  /* Avahi cannot be reached: see the reason */
} CongkakNetAnnouncerState;

#define CONGKAK_TYPE_NET_ANNOUNCER (congkak_net_announcer_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetAnnouncer, congkak_net_announcer, CONGKAK, NET_ANNOUNCER, GObject)

CongkakNetAnnouncer      *congkak_net_announcer_new                    (GDBusConnection     *system_bus,
                                                                        CongkakNetHostKind   kind,
                                                                        const char          *display_name,
                                                                        guint16              port);
CongkakNetAnnouncerState  congkak_net_announcer_get_state              (CongkakNetAnnouncer *self);
const char               *congkak_net_announcer_get_announced_name     (CongkakNetAnnouncer *self);
const char               *congkak_net_announcer_get_unavailable_reason (CongkakNetAnnouncer *self);
void                      congkak_net_announcer_withdraw               (CongkakNetAnnouncer *self);

G_END_DECLS
