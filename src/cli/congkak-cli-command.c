/* congkak-cli-command.c — one run of a command of the headless tools
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What every command shares: its option context, the rule options, usage
 * errors, and printing that keeps control characters from files away from
 * the terminal.  congkak-cli (its table of commands) and the benchmark
 * program in tools/ run their commands through congkak_cli_run_command().
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "congkak-cli-private.h"
#include "congkak-file-util.h"
#include "congkak-i18n.h"

/* A rule option as given on the command line, in order. */
typedef struct
{
  char *argument;  /* as the user wrote it, for messages: "--holes 5" */
  char *key;
  char *value;
} RuleSetting;

static void
rule_setting_free (gpointer data)
{
  RuleSetting *setting = data;

  g_free (setting->argument);
  g_free (setting->key);
  g_free (setting->value);
  g_free (setting);
}

/* One run of a command: its table row, its option context and the rule
 * options it was given. */
struct _CongkakCli
{
  const CongkakCliCommand *command;
  GOptionContext          *context;

  /* Rule options */
  char                    *profile;   /* --rules */
  char                    *games;     /* --rules' help: the catalogue's profiles */
  GPtrArray               *settings;  /* RuleSetting: --holes, --seeds and --option, in order */
};

static void
congkak_cli_clear (CongkakCli *cli)
{
  g_clear_pointer (&cli->context, g_option_context_free);
  g_clear_pointer (&cli->profile, g_free);
  g_clear_pointer (&cli->games, g_free);
  g_clear_pointer (&cli->settings, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CongkakCli, congkak_cli_clear)

static void
add_setting (CongkakCli *cli,
             const char *key,
             const char *value,
             char       *argument)
{
  RuleSetting *setting = g_new0 (RuleSetting, 1);

  setting->argument = argument;
  setting->key = g_strdup (key);
  setting->value = g_strdup (value);
  g_ptr_array_add (cli->settings, setting);
}

static gboolean
parse_rules (const char  *option_name,
             const char  *value,
             gpointer     data,
             GError     **error)
{
  CongkakCli *cli = data;

  if (cli->profile != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("Give --rules once."));
      return FALSE;
    }
  cli->profile = g_strdup (value);
  return TRUE;
}

/* --holes N and --seeds N: the rule options of the same names, checked
 * as those are (so that a negative number is an error, not the default). */
static gboolean
parse_number_option (const char  *option_name,
                     const char  *value,
                     gpointer     data,
                     GError     **error)
{
  const char *key = option_name + strspn (option_name, "-");

  g_autofree char *echo = congkak_cli_echo (value);

  add_setting (data, key, value, g_strdup_printf ("--%s %s", key, echo));
  return TRUE;
}

static gboolean
parse_option (const char  *option_name,
              const char  *value,
              gpointer     data,
              GError     **error)
{
  const char *equals = strchr (value, '=');
  g_autofree char *echo = congkak_cli_echo (value);
  g_autofree char *key = NULL;

  if (equals == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is not of the form KEY=VALUE."), echo);
      return FALSE;
    }
  key = g_strndup (value, equals - value);
  add_setting (data, key, equals + 1, g_strdup_printf ("--option %s", echo));
  return TRUE;
}

static GOptionGroup *
rules_option_group (CongkakCli *cli)
{
  const GOptionEntry entries[] = {
    { "rules", 'r', 0, G_OPTION_ARG_CALLBACK, parse_rules, NULL, N_("PROFILE") },
    { "holes", 0, 0, G_OPTION_ARG_CALLBACK, parse_number_option,
      N_("Holes per side, 3 to 9"), N_("N") },
    { "seeds", 0, 0, G_OPTION_ARG_CALLBACK, parse_number_option,
      N_("Seeds per hole at the start, 1 to 20"), N_("N") },
    { "option", 'o', 0, G_OPTION_ARG_CALLBACK, parse_option,
      N_("Set a rule option, such as relay=off (repeatable)"), N_("KEY=VALUE") },
    G_OPTION_ENTRY_NULL
  };
  g_autofree char *profiles = g_strjoinv (", ", (char **) congkak_rules_profile_names ());
  GOptionEntry rules_entries[G_N_ELEMENTS (entries)];
  GOptionGroup *group;

  /* TRANSLATORS: %s lists the games, such as “congkak, kalah, oware” */
  cli->games = g_strdup_printf (_("Game, one of %s (default: congkak)"), profiles);
  memcpy (rules_entries, entries, sizeof entries);
  rules_entries[0].description = cli->games;
  cli->settings = g_ptr_array_new_with_free_func (rule_setting_free);
  group = g_option_group_new ("rules", _("Rule options:"), _("Show the rule options"), cli, NULL);
  g_option_group_add_entries (group, rules_entries);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  return group;
}

/**
 * congkak_cli_parse:
 * @entries: the command's own options
 *
 * Parses the command line of @cli's command: its own options, and the
 * rule options when the command takes them.  On a bad argument, says so
 * on standard error.
 *
 * Returns: %FALSE if the command must stop with %EXIT_BAD_ARGUMENTS
 */
gboolean
congkak_cli_parse (CongkakCli          *cli,
                   const GOptionEntry  *entries,
                   int                 *argc,
                   char              ***argv)
{
  g_autoptr (GError) error = NULL;

  cli->context = g_option_context_new (_(cli->command->parameters));
  g_option_context_set_translation_domain (cli->context, GETTEXT_PACKAGE);
  g_option_context_set_summary (cli->context, _(cli->command->description));
  if (entries)
    g_option_context_add_main_entries (cli->context, entries, GETTEXT_PACKAGE);
  if (cli->command->takes_rules)
    g_option_context_add_group (cli->context, rules_option_group (cli));
  if (!g_option_context_parse (cli->context, argc, argv, &error))
    {
      congkak_cli_usage_error (cli, error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * congkak_cli_echo:
 * @argument: a file name or value given on the command line
 *
 * Returns: (transfer full): @argument as a message quotes it: on one line,
 *   without control characters, and cut after
 *   %CONGKAK_CLI_ECHO_MAX_CHARS characters, so that an argument of
 *   128 KiB is not echoed whole into every message.
 */
char *
congkak_cli_echo (const char *argument)
{
  return congkak_escape_untrusted (argument, -1, CONGKAK_CLI_ECHO_MAX_CHARS, FALSE);
}

/* Says what is wrong with the arguments; returns EXIT_BAD_ARGUMENTS.  The
 * message may quote an argument whole (GOption's and the rules' do): it is
 * cut after a few lines' worth. */
int
congkak_cli_usage_error (CongkakCli *cli G_GNUC_UNUSED,
                         const char *message)
{
  g_autofree char *shown = congkak_escape_untrusted (message, -1, CONGKAK_CLI_MESSAGE_MAX_CHARS, TRUE);

  g_printerr ("%s: %s\n", g_get_prgname (), shown);
  g_printerr (_("Run “%s --help” to see the options.\n"), g_get_prgname ());
  return EXIT_BAD_ARGUMENTS;
}

/* Whether any of --rules, --holes, --seeds and --option was given. */
gboolean
congkak_cli_has_rules_arguments (CongkakCli *cli)
{
  return cli->profile != NULL || (cli->settings != NULL && cli->settings->len > 0);
}

/* Setting the family starts again from that family's profile: refused
 * after what it would undo, since nothing given is silently dropped
 * (RULES.md section 8). */
static gboolean
check_family_setting (CongkakCli          *cli,
                      guint                index,
                      const CongkakRules  *rules,
                      GError             **error)
{
  RuleSetting *setting = g_ptr_array_index (cli->settings, index);
  g_autofree char *profile = cli->profile ? congkak_cli_echo (cli->profile) : NULL;
  g_autoptr (GPtrArray) undone = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *undone_text = NULL;
  CongkakRules trial = *rules;

  if (!congkak_rules_set_option (&trial, setting->key, setting->value, error))
    return FALSE;
  if (trial.family == rules->family)
    return TRUE;
  if (cli->profile)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: “--option family=oware would replace the game of --rules kalah: …” */
                   _("%s would replace the game of --rules %s: choose the game with --rules alone."),
                   setting->argument, profile);
      return FALSE;
    }
  for (guint i = 0; i < index; i++)
    g_ptr_array_add (undone, g_strdup (((RuleSetting *) g_ptr_array_index (cli->settings, i))->argument));
  if (undone->len == 0)
    return TRUE;

  g_ptr_array_add (undone, NULL);
  undone_text = g_strjoinv (", ", (char **) undone->pdata);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: “--option family=oware starts again from the rules of that family
                  and would undo --holes 5: give it first.” */
               _("%s starts again from the rules of that family and would undo %s: give it first."),
               setting->argument, undone_text);
  return FALSE;
}

/* The rules that --rules, --holes, --seeds and --option make: the
 * profile, then the options in the order given. */
gboolean
congkak_cli_get_rules (CongkakCli    *cli,
                       CongkakRules  *rules,
                       GError       **error)
{
  if (!congkak_rules_init_profile (rules, cli->profile ? cli->profile : "congkak", error))
    return FALSE;

  for (guint i = 0; cli->settings && i < cli->settings->len; i++)
    {
      RuleSetting *setting = g_ptr_array_index (cli->settings, i);

      if (g_str_equal (setting->key, "family") && !check_family_setting (cli, i, rules, error))
        return FALSE;
      if (!congkak_rules_set_option (rules, setting->key, setting->value, error))
        return FALSE;
    }

  return congkak_rules_validate (rules, error);
}

/* Everything congkak-cli prints goes through here: names, comments and
 * moves come from files, and a control character in them would reach the
 * terminal (set its title, clear it, write the clipboard).  They are
 * written as \x1B or \u009B instead, keeping line breaks and tabs. */
static void
print_safely (FILE       *stream,
              const char *text)
{
  g_autofree char *safe = congkak_escape_untrusted (text, -1, 0, TRUE);
  g_autofree char *converted = NULL;
  const char *charset;

  /* As GLib's own handler does: the console's character set. */
  if (!g_get_console_charset (&charset))
    converted = g_convert_with_fallback (safe, -1, charset, "UTF-8", "?", NULL, NULL, NULL);
  fputs (converted ? converted : safe, stream);
  fflush (stream);
}

static void
print_to_stdout (const char *text)
{
  print_safely (stdout, text);
}

static void
print_to_stderr (const char *text)
{
  print_safely (stderr, text);
}

/**
 * congkak_cli_run_command:
 * @command: the command to run
 * @program: the program's name in messages, such as “congkak-cli play”
 * @argc: the number of arguments, @argv[0] naming the command
 * @argv: the arguments
 *
 * Runs @command; the caller has called congkak_cli_init_output().
 *
 * Returns: the exit status
 */
int
congkak_cli_run_command (const CongkakCliCommand  *command,
                         const char               *program,
                         int                       argc,
                         char                    **argv)
{
  g_auto (CongkakCli) cli = { .command = command };

  g_return_val_if_fail (command != NULL, EXIT_BAD_ARGUMENTS);
  g_return_val_if_fail (program != NULL, EXIT_BAD_ARGUMENTS);

  g_set_prgname (program);
  return command->run (&cli, argc, argv);
}

/* Translations, and every print through print_safely(). */
void
congkak_cli_init_output (void)
{
  congkak_i18n_init ();
  g_set_print_handler (print_to_stdout);
  g_set_printerr_handler (print_to_stderr);
}
