/* main.c
 *
 * Copyright 2026 Congkak developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-application.h"
#include "congkak-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CongkakApplication) app = NULL;

  congkak_i18n_init ();
  g_set_application_name (_("Congkak"));

  app = congkak_application_new (APPLICATION_ID, G_APPLICATION_HANDLES_OPEN);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
