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
  { "engine", N_("Be the computer for Aualé and other programs that speak UCI"),
    N_("— answer UCI commands on standard input"),
    N_("Reads the commands of the UCI dialect of Aualé and its engine Aalina\n"
       "on standard input and answers on standard output: uci, isready,\n"
       "ucinewgame, position, go, stop, setoption and quit. It plays Oware\n"
       "unless rule options say otherwise; “setoption name Rules value kalah”\n"
       "changes the game. The protocol, with a transcript, is in\n"
       "ENGINE-PROTOCOL.md."),
    TRUE, congkak_cli_engine },
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
  congkak_cli_init_output ();

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
        g_autofree char *program = g_strdup_printf ("congkak-cli %s", commands[i].name);

        return congkak_cli_run_command (&commands[i], program, argc - 1, argv + 1);
      }

  {
    g_autofree char *echo = congkak_cli_echo (argv[1]);

    g_printerr (_("congkak-cli: unknown command “%s”.\n\n"), echo);
  }
  print_commands (TRUE);
  return EXIT_BAD_ARGUMENTS;
}
