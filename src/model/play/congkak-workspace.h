/* congkak-workspace.h — what outlives one window: the library, the open
 * documents, the autosaves they claim
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-document.h"
#include "congkak-library.h"
#include "congkak-oware-endgame.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_WORKSPACE (congkak_workspace_get_type ())

G_DECLARE_FINAL_TYPE (CongkakWorkspace, congkak_workspace, CONGKAK, WORKSPACE, GObject)

CongkakWorkspace *congkak_workspace_new                (GFile            *library_directory);
CongkakLibrary   *congkak_workspace_get_library        (CongkakWorkspace *self);

/* The computer players' Oware endgame databases */
void              congkak_workspace_set_oware_endgame_seeds (CongkakWorkspace *self,
                                                        guint             seeds);
CongkakOwareEndgameShelf *congkak_workspace_get_oware_endgame_shelf (CongkakWorkspace *self);

/* The documents open in windows now */
void              congkak_workspace_add_document       (CongkakWorkspace *self,
                                                        CongkakDocument  *document);
gboolean          congkak_workspace_remove_document    (CongkakWorkspace *self,
                                                        CongkakDocument  *document,
                                                        GError          **error);
CongkakDocument  *congkak_workspace_find_document      (CongkakWorkspace *self,
                                                        GFile            *file);

/* Autosaves: those of the open documents, and those a crash left */
gboolean          congkak_workspace_owns_autosave      (CongkakWorkspace *self,
                                                        GFile            *autosave);
GPtrArray        *congkak_workspace_list_left_autosaves (CongkakWorkspace *self);
void              congkak_workspace_discard_left_autosaves (CongkakWorkspace *self);

G_END_DECLS
