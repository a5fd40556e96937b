/* congkak-cli.c — the headless tool over the engine: its table of commands
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit codes: 0 success, 1 invalid game input (an illegal move, a match
 * file that does not load, a file that cannot be read or written),
 * 2 bad arguments.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "congkak-cli-private.h"
#include "congkak-file-util.h"
#include "congkak-i18n.h"

static const CongkakCliCommand commands[] = {
  { "play", N_("Play moves from the start and print the position as JSON"),
    N_("MOVE… — play moves and print the position as JSON"),
    N_("A MOVE is a hole letter (C for South, c for North), an opening\n"
       "such as opening:C,D/a (South chose C, then D after landing in the\n"
       "store; North chose a), or next-round."),
    TRUE, congkak_cli_play },
  { "perft", N_("Count move sequences to a depth"),
    N_("— count move sequences from the start"),
    N_("One move is one sowing (an extra turn is a move by the same player),\n"
       "one complete simultaneous opening, or next-round. A finished match\n"
       "has no moves."),
    TRUE, congkak_cli_perft },
  { "bench", N_("Measure sowing speed with random matches, seeking in a match, or search"),
    N_("— measure the speed of sowing"),
    N_("Plays random matches of every game from a fixed seed and prints\n"
       "seeds sown per second and moves per second. With --seek, builds a\n"
       "2,000-move Congkak match with 50 variations and times saving it,\n"
       "loading it and jumping to random moves of it."),
    FALSE, congkak_cli_bench },
  { "solve", N_("Solve a single-round store game from the start"),
    N_("— solve a single-round store game from the start"),
    N_("Prints the final store margin that the player to move at the start\n"
       "can force with best play by both sides, a best line, and the effort.\n"
       "The solver covers single-round store games (kalah, congkak-single\n"
       "and custom rules like them) without a simultaneous opening."),
    TRUE, congkak_cli_solve },
  { "analyse", N_("Judge every move of a match with the computer"),
    N_("FILE — judge every move of a match"),
    N_("Runs the computer over the main line of a match and prints, for each\n"
       "move, the evaluation after it (the seed margin South can expect at the\n"
       "end of the round), the computer’s best move, and ? (a mistake: 3 seeds\n"
       "or more given away) or ?? (a blunder: 8 or more). The same file and\n"
       "options print the same analysis on any machine."),
    FALSE, congkak_cli_analyse },
  { "match", N_("Play computer against computer, or against random moves"),
    N_("— play computer against computer"),
    N_("Plays matches between two computer levels (or random moves) and\n"
       "prints each result, the score and the time each player took, to\n"
       "measure the levels' strength. The first player is --south's, unless\n"
       "--swap puts it North in every other match."),
    TRUE, congkak_cli_match },
  { "validate", N_("Check that match files load"),
    N_("FILE… — check that match files load"),
    N_("Loads each match file (JSON .congkak, or the text notation), replays\n"
       "every move, and prints “FILE: ok” with any warnings, or the error."),
    FALSE, congkak_cli_validate },
  { "show", N_("Show the board at a move of a match file"),
    N_("FILE — show a position of a match file"),
    N_("Prints the board after a move of the match (by default, the end of\n"
       "the main line), with whose move it is and the move's comment."),
    FALSE, congkak_cli_show },
  { "convert", N_("Convert a match between JSON and the text notation"),
    N_("IN OUT — convert between JSON and the text notation"),
    N_("Reads IN (JSON, text or Aualé’s Oware Game Notation) and writes OUT:\n"
       "NAME.congkak as JSON, NAME.txt as text, NAME.ogn in the Oware Game\n"
       "Notation (Oware matches only); “-” writes text to standard output\n"
       "(JSON with --json)."),
    FALSE, congkak_cli_convert },
  { "new", N_("Write a new match without moves"),
    N_("OUT — write a match without moves"),
    N_("Writes a new match from the standard start to OUT: NAME.congkak as\n"
       "JSON, NAME.txt as text, “-” as text to standard output."),
    TRUE, congkak_cli_new },
  { "rules", N_("Explain a rule set in plain words"),
    N_("— explain a rule set in plain words"),
    N_("Prints the rules as the app’s rules window shows them, built from the\n"
       "rule options, so custom rules are explained too. Each section title\n"
       "is followed by its id in the help, such as [capture]."),
    TRUE, congkak_cli_rules },
  { "export", N_("Draw a position as a PNG or SVG picture"),
    N_("[FILE] — draw a position as a picture"),
    N_("Draws the board after a move of a match file (by default, the end of\n"
       "the main line) as a PNG image or an SVG drawing, for worksheets.\n"
       "Without FILE, draws the start of --rules, or --position, after --moves.\n"
       "A LAYOUT lists the holes in sowing order (A B C …, then a b c …), “x” for\n"
       "a burnt hole, each store after “|”, then who moves:\n"
       "  --rules kalah --position \"S: 0 0 5 1 0 0 | 10 / N: 1 0 0 0 2 3 | 12 / south\""),
    TRUE, congkak_cli_export },
  { "library", N_("List, search and rebuild the match library, and print player statistics"),
    N_("list|search WORD…|stats|rebuild — the match library"),
    N_("list     every match, newest first: date, game, result, moves, players or title\n"
       "search   the matches whose players, title, event, place, comments or notes\n"
       "         hold every WORD (case and accents aside)\n"
       "stats    for each player: results per game, average margin, longest relay,\n"
       "         most seeds captured in one move, rounds and burnt holes\n"
       "rebuild  read every match file again and write the index anew"),
    FALSE, congkak_cli_library },
  { "puzzles", N_("Find puzzles in matches, keep them in a file, print a puzzle sheet"),
    N_("FILE…|--library — find puzzles in matches"),
    N_("Finds the positions of matches (main line and variations) where one\n"
       "move is clearly better than every other, and prints each with its\n"
       "answer and why it works, told from the engine's events. A FILE is a\n"
       "match (JSON or the text notation) or a puzzle file, whose puzzles are\n"
       "taken as they are; --library looks in every match of the library.\n"
       "--out keeps the puzzles in a puzzle file for sharing; --sheet draws\n"
       "them as a PDF for a class, with the answers on the last pages."),
    FALSE, congkak_cli_puzzles },
};

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

  add_setting (data, key, value, g_strdup_printf ("--%s %s", key, value));
  return TRUE;
}

static gboolean
parse_option (const char  *option_name,
              const char  *value,
              gpointer     data,
              GError     **error)
{
  const char *equals = strchr (value, '=');
  g_autofree char *key = NULL;

  if (equals == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is not of the form KEY=VALUE."), value);
      return FALSE;
    }
  key = g_strndup (value, equals - value);
  add_setting (data, key, equals + 1, g_strdup_printf ("--option %s", value));
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

/* Says what is wrong with the arguments; returns EXIT_BAD_ARGUMENTS. */
int
congkak_cli_usage_error (CongkakCli *cli G_GNUC_UNUSED,
                         const char *message)
{
  g_printerr ("%s: %s\n", g_get_prgname (), message);
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
                   setting->argument, cli->profile);
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

static void
print_commands (gboolean to_stderr)
{
  void (*print) (const char *format, ...) = to_stderr ? g_printerr : g_print;

  print ("%s\n\n", _("Usage: congkak-cli COMMAND [OPTION…]"));
  print ("%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    print ("  %-8s %s\n", commands[i].name, _(commands[i].summary));
  print ("\n%s\n", _("Run “congkak-cli COMMAND --help” for a command’s options."));
}

int
main (int    argc,
      char **argv)
{
  congkak_i18n_init ();
  g_set_print_handler (print_to_stdout);
  g_set_printerr_handler (print_to_stderr);

  if (argc < 2)
    {
      print_commands (TRUE);
      return EXIT_BAD_ARGUMENTS;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_commands (FALSE);
      return EXIT_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        g_auto (CongkakCli) cli = { .command = &commands[i] };
        g_autofree char *program = g_strdup_printf ("congkak-cli %s", commands[i].name);

        g_set_prgname (program);
        return commands[i].run (&cli, argc - 1, argv + 1);
      }

  g_printerr (_("congkak-cli: unknown command “%s”.\n\n"), argv[1]);
  print_commands (TRUE);
  return EXIT_BAD_ARGUMENTS;
}
