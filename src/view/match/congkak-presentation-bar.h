/* congkak-presentation-bar.h — the way out of presentation mode
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CONGKAK_TYPE_PRESENTATION_BAR (congkak_presentation_bar_get_type ())

G_DECLARE_FINAL_TYPE (CongkakPresentationBar, congkak_presentation_bar, CONGKAK, PRESENTATION_BAR, AdwBin)

void     congkak_presentation_bar_reveal      (CongkakPresentationBar *self);
void     congkak_presentation_bar_conceal     (CongkakPresentationBar *self);
gboolean congkak_presentation_bar_get_revealed (CongkakPresentationBar *self);
void     congkak_presentation_bar_set_sharing (CongkakPresentationBar *self,
                                              gboolean                sharing);

G_END_DECLS
