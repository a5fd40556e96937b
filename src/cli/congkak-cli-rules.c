/* congkak-cli-rules.c — rules: a rule set in plain words
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-cli-private.h"
#include "congkak-rules-text.h"

/* Appends @text broken into lines of at most @width characters, each
 * after @indent spaces; words longer than a line stay whole. */
static void
append_wrapped (GString    *out,
                const char *text,
                guint       indent,
                guint       width)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  guint column = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      guint length = g_utf8_strlen (words[i], -1);

      if (length == 0)
        continue;
      if (column > 0 && column + 1 + length > width)
        {
          g_string_append_c (out, '\n');
          column = 0;
        }
      if (column == 0)
        {
          for (guint j = 0; j < indent; j++)
            g_string_append_c (out, ' ');
          column = indent;
        }
      else
        {
          g_string_append_c (out, ' ');
          column++;
        }
      g_string_append (out, words[i]);
      column += length;
    }
  g_string_append_c (out, '\n');
}

int
congkak_cli_rules (CongkakCli  *cli,
                   int          argc,
                   char       **argv)
{
  char *section_id = NULL;
  const GOptionEntry entries[] = {
    { "section", 's', 0, G_OPTION_ARG_STRING, &section_id,
      N_("Print only this section, such as capture"), N_("ID") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) sections = NULL;
  g_autofree char *owned_section = NULL;
  g_autofree char *heading = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  CongkakRules rules;
  gboolean found = FALSE;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  owned_section = section_id;
  if (argc > 1)
    return congkak_cli_usage_error (cli, _("rules takes no moves."));
  if (!congkak_cli_get_rules (cli, &rules, &error))
    return congkak_cli_usage_error (cli, error->message);

  heading = congkak_rules_heading (&rules);
  /* TRANSLATORS: "Rules of Kalah (help page rules-kalah)" */
  g_string_append_printf (out, _("%s (help page %s)\n"), heading, congkak_rules_help_page (&rules));
  sections = congkak_rules_describe (&rules);
  for (guint i = 0; i < sections->len; i++)
    {
      const CongkakRulesSection *section = g_ptr_array_index (sections, i);

      if (section_id && !g_str_equal (section_id, section->id))
        continue;
      found = TRUE;
      g_string_append_printf (out, "\n%s [%s]\n", section->title, section->id);
      for (guint j = 0; section->paragraphs[j]; j++)
        {
          if (j > 0)
            g_string_append_c (out, '\n');
          append_wrapped (out, section->paragraphs[j], 2, 78);
        }
    }
  if (section_id && !found)
    return congkak_cli_usage_error (cli, _("These rules have no section with that id."));

  g_print ("%s", out->str);
  return EXIT_OK;
}
