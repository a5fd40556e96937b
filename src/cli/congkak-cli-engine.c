/* congkak-cli-engine.c — engine: the computer for programs that speak UCI
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads the commands of Aualé's UCI dialect on standard input and answers
 * on standard output; the protocol itself is CongkakUciServer's
 * (doc/ENGINE-PROTOCOL.md).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "congkak-cli-private.h"
#include "congkak-oware-endgame.h"
#include "congkak-uci.h"

/* A command longer than this is no command. */
#define MAX_LINE_BYTES (64 * 1024)

typedef struct
{
  GMutex lock;  /* the search's thread writes too */
} Output;

static void
write_line (const char *line,
            gpointer    user_data)
{
  Output *output = user_data;

  g_mutex_lock (&output->lock);
  fputs (line, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
  g_mutex_unlock (&output->lock);
}

int
congkak_cli_engine (CongkakCli  *cli,
                    int          argc,
                    char       **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakUciServer) server = NULL;
  g_autofree char *buffer = g_malloc (MAX_LINE_BYTES + 2);
  Output output;
  CongkakRules rules;

  if (!congkak_cli_parse (cli, NULL, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc > 1)
    return congkak_cli_usage_error (cli, _("engine takes no arguments: it reads UCI commands on standard input."));
  /* Without rule options, Oware: what Aualé and other Oware programs expect. */
  if (congkak_cli_has_rules_arguments (cli) ? !congkak_cli_get_rules (cli, &rules, &error)
                                            : !congkak_rules_init_profile (&rules, "oware", &error))
    return congkak_cli_usage_error (cli, error->message);

  g_mutex_init (&output.lock);
  /* CONGKAK_OWARE_ENDGAME_SEEDS=N: another size of the Oware endgame
   * database, for measuring; 0 for none. */
  server = congkak_uci_server_new (&rules, congkak_oware_endgame_parse_seeds (g_getenv ("CONGKAK_OWARE_ENDGAME_SEEDS")),
                                   write_line, &output);
  while (fgets (buffer, MAX_LINE_BYTES + 2, stdin) != NULL)
    {
      gsize length = strlen (buffer);

      if (length > MAX_LINE_BYTES && buffer[length - 1] != '\n')
        {
          g_autofree char *message = g_strdup_printf (_("A command is at most %u bytes long."), MAX_LINE_BYTES);
          g_autofree char *line = g_strdup_printf ("info string Error: %s", message);
          int c;

          while ((c = fgetc (stdin)) != EOF && c != '\n')
            ;
          write_line (line, &output);
          continue;
        }
      if (!g_utf8_validate (buffer, -1, NULL))
        {
          g_autofree char *line = g_strdup_printf ("info string Error: %s", _("A command is not UTF-8 text."));

          write_line (line, &output);
          continue;
        }
      if (!congkak_uci_server_handle_line (server, buffer))
        break;
    }
  /* End of input is a quit: any search stops and answers. */
  g_clear_pointer (&server, congkak_uci_server_free);
  g_mutex_clear (&output.lock);
  return EXIT_OK;
}
