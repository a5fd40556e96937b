/* congkak-join-form.h — one nearby host, or an address and a code
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "congkak-net-discovery.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_JOIN_FORM (congkak_join_form_get_type ())

G_DECLARE_FINAL_TYPE (CongkakJoinForm, congkak_join_form, CONGKAK, JOIN_FORM, AdwBin)

void        congkak_join_form_set_browser     (CongkakJoinForm    *self,
                                               CongkakNetBrowser  *browser,
                                               CongkakNetHostKind  kind);
const char *congkak_join_form_get_address     (CongkakJoinForm    *self);
void        congkak_join_form_set_address     (CongkakJoinForm    *self,
                                               const char         *address);
const char *congkak_join_form_get_code        (CongkakJoinForm    *self);
void        congkak_join_form_set_code        (CongkakJoinForm    *self,
                                               const char         *code);
void        congkak_join_form_set_busy        (CongkakJoinForm    *self,
                                               gboolean            busy);
void        congkak_join_form_set_problem     (CongkakJoinForm    *self,
                                               const char         *problem);
const char *congkak_join_form_get_nearby_text (CongkakJoinForm    *self);

G_END_DECLS
