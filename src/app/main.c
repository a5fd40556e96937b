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
#include "congkak-file-util.h"
#include "congkak-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CongkakApplication) app = NULL;
  gboolean options_over = FALSE;

  congkak_i18n_init ();

  /* Files as congkak-cli reads them: GApplication would take a name such
   * as a:b.congkak for a URI of the scheme "a". */
  for (int i = 1; i < argc; i++)
    {
      if (!options_over && argv[i][0] == '-')
        {
          options_over = g_str_equal (argv[i], "--");
          continue;
        }
      {
        g_autoptr (GFile) file = congkak_file_new_for_argument (argv[i]);

        argv[i] = g_file_get_uri (file);   /* for the life of the process */
      }
    }
  g_set_application_name (_("Congkak"));

  app = congkak_application_new (APPLICATION_ID, G_APPLICATION_HANDLES_OPEN);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
