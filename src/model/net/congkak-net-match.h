/* congkak-net-match.h — a match between two computers
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The host's session is the referee: a CongkakNetMatchHost sends the
 * match to the guest when it joins (or comes back), then every move as
 * it is played, and asks the guest's side through a CongkakRemotePlayer.
 * A CongkakNetMatchGuest builds a session of its own from the match it
 * was sent (its side a person at this computer, the host's side a
 * remote player fed by the host's moves, replayed by its own engine so
 * that its board animates them), and answers what the host asks with
 * the choices its person made.  Both keep the match in their document.
 * What both sides do the same way (resign, take back a move, the other
 * side leaving) is CongkakNetMatch's.
 */

#pragma once

#include "congkak-net-channel.h"
#include "congkak-net-match-message.h"
#include "congkak-remote-player.h"
#include "congkak-session.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_NET_MATCH (congkak_net_match_get_type ())

G_DECLARE_DERIVABLE_TYPE (CongkakNetMatch, congkak_net_match, CONGKAK, NET_MATCH, GObject)

struct _CongkakNetMatchClass
{
  GObjectClass parent_class;

  /*< private >*/
  gboolean (*handle)    (CongkakNetMatch *self,
                         const char      *type,
                         JsonObject      *message,
                         GError         **error);
  gpointer padding[7];
};

CongkakSession    *congkak_net_match_get_session           (CongkakNetMatch  *self);
CongkakNetChannel *congkak_net_match_get_channel           (CongkakNetMatch  *self);
CongkakSide        congkak_net_match_get_local_side        (CongkakNetMatch  *self);
const char        *congkak_net_match_get_peer_name         (CongkakNetMatch  *self);
guint              congkak_net_match_get_ply               (CongkakNetMatch  *self);
gboolean           congkak_net_match_get_opponent_left     (CongkakNetMatch  *self);
gboolean           congkak_net_match_get_kept              (CongkakNetMatch  *self);
CongkakSide        congkak_net_match_get_resigned          (CongkakNetMatch  *self);
gboolean           congkak_net_match_get_finished          (CongkakNetMatch  *self);

gboolean           congkak_net_match_resign                (CongkakNetMatch  *self,
                                                            GError          **error);
gboolean           congkak_net_match_get_can_offer_undo    (CongkakNetMatch  *self);
gboolean           congkak_net_match_offer_undo            (CongkakNetMatch  *self,
                                                            GError          **error);
gboolean           congkak_net_match_get_undo_offered      (CongkakNetMatch  *self);
gboolean           congkak_net_match_get_undo_asked        (CongkakNetMatch  *self);
gboolean           congkak_net_match_answer_undo           (CongkakNetMatch  *self,
                                                            gboolean          accept,
                                                            GError          **error);
void               congkak_net_match_keep                  (CongkakNetMatch  *self);

#define CONGKAK_TYPE_NET_MATCH_HOST (congkak_net_match_host_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetMatchHost, congkak_net_match_host, CONGKAK, NET_MATCH_HOST, CongkakNetMatch)

CongkakNetMatchHost  *congkak_net_match_host_new     (CongkakSession       *session,
                                                      CongkakSide           guest_side);
void                  congkak_net_match_host_attach  (CongkakNetMatchHost  *self,
                                                      CongkakNetChannel    *channel);

#define CONGKAK_TYPE_NET_MATCH_GUEST (congkak_net_match_guest_get_type ())

G_DECLARE_FINAL_TYPE (CongkakNetMatchGuest, congkak_net_match_guest, CONGKAK, NET_MATCH_GUEST, CongkakNetMatch)

CongkakNetMatchGuest *congkak_net_match_guest_new    (CongkakNetChannel    *channel);
void                  congkak_net_match_guest_attach (CongkakNetMatchGuest *self,
                                                      CongkakNetChannel    *channel);

G_END_DECLS
