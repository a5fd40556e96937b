/* congkak-cli-private.h — what the commands of congkak-cli share
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * congkak-cli is a table of commands (congkak-cli.c).  Each command family
 * has its own file; a command's handler declares its options, parses them
 * with congkak_cli_parse() and returns an exit code.
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "congkak-engine.h"
#include "congkak-file-util.h"
#include "congkak-match.h"

G_BEGIN_DECLS

enum
{
  EXIT_OK = 0,
  EXIT_INVALID_INPUT = 1,
  EXIT_BAD_ARGUMENTS = 2,
};

typedef struct _CongkakCli CongkakCli;

typedef struct
{
  const char *name;
  /* N_(): one line of “congkak-cli --help” */
  const char *summary;
  /* N_(): what follows the command, and what it does, in “congkak-cli NAME --help” */
  const char *parameters;
  /* N_(): the paragraph under the usage line of “congkak-cli NAME --help” */
  const char *description;
  /* whether it takes --rules, --holes, --seeds and --option */
  gboolean    takes_rules;
  int       (*run) (CongkakCli *cli,
                    int         argc,
                    char      **argv);
} CongkakCliCommand;

/* How much of an argument a message echoes, and of a usage message. */
#define CONGKAK_CLI_ECHO_MAX_CHARS 200
#define CONGKAK_CLI_MESSAGE_MAX_CHARS 1000

/* Arguments (congkak-cli-command.c) */
char         *congkak_cli_echo           (const char          *argument);
void          congkak_cli_init_output    (void);
int           congkak_cli_run_command    (const CongkakCliCommand *command,
                                          const char          *program,
                                          int                  argc,
                                          char               **argv);
gboolean      congkak_cli_parse          (CongkakCli          *cli,
                                          const GOptionEntry  *entries,
                                          int                 *argc,
                                          char              ***argv);
int           congkak_cli_usage_error    (CongkakCli          *cli,
                                          const char          *message);
gboolean      congkak_cli_get_rules      (CongkakCli          *cli,
                                          CongkakRules        *rules,
                                          GError             **error);
gboolean      congkak_cli_has_rules_arguments (CongkakCli     *cli);

/* Files and output (congkak-cli-util.c) */
typedef enum
{
  MATCH_FORMAT_JSON,
  MATCH_FORMAT_TEXT,
  MATCH_FORMAT_OGN,
} MatchFormat;

CongkakMatch *congkak_cli_load_match     (const char          *path,
                                          GPtrArray          **warnings,
                                          GError             **error);
gboolean      congkak_cli_output_format  (const char          *path,
                                          gboolean             force_json,
                                          gboolean             force_text,
                                          MatchFormat         *format,
                                          GError             **error);
gboolean      congkak_cli_write_match    (CongkakMatch        *match,
                                          const char          *path,
                                          MatchFormat          format,
                                          gboolean             force,
                                          GError             **error);
int           congkak_cli_file_error     (const char          *path,
                                          const GError        *error);
const char   *congkak_cli_node_arguments_error (const char     *node_path,
                                                int             move_number);
int           congkak_cli_pick_node      (CongkakMatch        *match,
                                          const char          *file_name,
                                          const char          *node_path,
                                          int                  move_number,
                                          CongkakNode        **node);
void          congkak_cli_add_event      (JsonBuilder         *builder,
                                          const CongkakEvent  *event);
void          congkak_cli_add_game       (JsonBuilder         *builder,
                                          const CongkakGame   *game);
void          congkak_cli_print_json     (JsonBuilder         *builder,
                                          gboolean             pretty);
void          congkak_cli_append_board   (GString             *out,
                                          const CongkakRules  *rules,
                                          const CongkakPosition *position,
                                          const char          *south_name,
                                          const char          *north_name);
char         *congkak_cli_align          (const char          *text,
                                          int                  width);

/* Measuring (congkak-cli-util.c) */
double        congkak_cli_cpu_seconds    (void);
double        congkak_cli_peak_memory_mib (void);

/* Solving (congkak-cli-play.c), for solve and bench --solver */
typedef struct
{
  int      table_mb;
  int      endgame_seeds;  /* -1: congkak_endgame_suggest_seeds() */
  int      n_threads;
  gboolean use_cache;      /* read and save the endgame database in the cache folder */
  gboolean print_line;
} CongkakCliSolveOptions;

gboolean      congkak_cli_report_solve   (const CongkakRules           *rules,
                                          const CongkakCliSolveOptions *options,
                                          GError                      **error);

/* The commands, one file per family */
int congkak_cli_play     (CongkakCli *cli, int argc, char **argv);  /* congkak-cli-play.c */
int congkak_cli_perft    (CongkakCli *cli, int argc, char **argv);
int congkak_cli_solve    (CongkakCli *cli, int argc, char **argv);
int congkak_cli_validate (CongkakCli *cli, int argc, char **argv);  /* congkak-cli-file.c */
int congkak_cli_show     (CongkakCli *cli, int argc, char **argv);
int congkak_cli_convert  (CongkakCli *cli, int argc, char **argv);
int congkak_cli_new      (CongkakCli *cli, int argc, char **argv);
int congkak_cli_export   (CongkakCli *cli, int argc, char **argv);  /* congkak-cli-export.c */
int congkak_cli_analyse  (CongkakCli *cli, int argc, char **argv);  /* congkak-cli-match.c */
int congkak_cli_match    (CongkakCli *cli, int argc, char **argv);
int congkak_cli_engine   (CongkakCli *cli, int argc, char **argv);  /* congkak-cli-engine.c */
int congkak_cli_rules    (CongkakCli *cli, int argc, char **argv);  /* congkak-cli-rules.c */
int congkak_cli_library  (CongkakCli *cli, int argc, char **argv);  /* congkak-cli-library.c */
int congkak_cli_puzzles  (CongkakCli *cli, int argc, char **argv);  /* congkak-cli-puzzles.c */

G_END_DECLS
