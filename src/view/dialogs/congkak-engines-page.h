/* congkak-engines-page.h — Preferences ▸ Engines: the built-in levels and added engines
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CONGKAK_TYPE_ENGINES_PAGE (congkak_engines_page_get_type ())

G_DECLARE_FINAL_TYPE (CongkakEnginesPage, congkak_engines_page, CONGKAK, ENGINES_PAGE, AdwPreferencesPage)

/* One engine of the list the user made: the name it gave, its command. */
typedef struct
{
  char *name;
  char *command;
} CongkakEngineEntry;

void                congkak_engine_entry_free         (CongkakEngineEntry *entry);
GPtrArray          *congkak_engines_list              (GSettings          *settings);
const char         *congkak_engines_find_name         (GPtrArray          *engines,
                                                       const char         *command);
gboolean            congkak_engines_in_flatpak        (void);

GtkWidget          *congkak_engines_page_new          (void);
void                congkak_engines_page_add_command  (CongkakEnginesPage *self,
                                                       const char         *command);
gboolean            congkak_engines_page_is_checking  (CongkakEnginesPage *self);
const char         *congkak_engines_page_get_status   (CongkakEnginesPage *self);

G_END_DECLS
