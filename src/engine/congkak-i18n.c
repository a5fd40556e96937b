/* congkak-i18n.c — setting up translations, for every program
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine is the one library that both the app and congkak-cli link,
 * and it has translated messages of its own, so this lives here.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "congkak-i18n.h"

/**
 * congkak_i18n_init:
 *
 * Sets the locale from the environment and binds the text domain.
 *
 * The translations are read from the installed locale folder, or from
 * `CONGKAK_LOCALEDIR` when it is set: the tests point it at the build
 * tree (`_build/po`, where meson compiles the `.mo` files), so that the
 * translations can be checked before they are installed.
 */
void
congkak_i18n_init (void)
{
  const char *localedir = g_getenv ("CONGKAK_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
