/* congkak-cli-util.c — match files, positions as JSON, picking a move
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What several commands of congkak-cli share: reading and writing match
 * files by name, the JSON of a position, a board as text, and the move
 * --node or --move names.
 */

#include "config.h"

#include <errno.h>
#include <gio/gunixinputstream.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "congkak-cli-private.h"
#include "congkak-file-util.h"
#include "congkak-match-file.h"
#include "congkak-match-text.h"

static void
add_side_pair (JsonBuilder   *builder,
               const char    *member,
               const guint16  amount[2])
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "south");
  json_builder_add_int_value (builder, amount[CONGKAK_SOUTH]);
  json_builder_set_member_name (builder, "north");
  json_builder_add_int_value (builder, amount[CONGKAK_NORTH]);
  json_builder_end_object (builder);
}

static void
add_side_or_null (JsonBuilder *builder,
                  const char  *member,
                  CongkakSide  side)
{
  json_builder_set_member_name (builder, member);
  if (side == CONGKAK_NOBODY)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, congkak_side_to_string (side));
}

static void
add_hole_mask (JsonBuilder   *builder,
               const char    *member,
               const guint16  mask[2])
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < CONGKAK_MAX_HOLES; i++)
      if (mask[side] & (1u << i))
        {
          char letter[2] = { congkak_hole_letter (side, i), '\0' };

          json_builder_add_string_value (builder, letter);
        }
  json_builder_end_array (builder);
}

void
congkak_cli_add_event (JsonBuilder        *builder,
                       const CongkakEvent *event)
{
  const char *reason = congkak_event_reason_to_string (event);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, congkak_event_type_to_string (event->type));

  switch (event->type)
    {
    case CONGKAK_EVENT_ROUND_END:
    case CONGKAK_EVENT_MATCH_END:
      add_side_or_null (builder, "winner", event->player);
      break;
    case CONGKAK_EVENT_REFILL:
      break;
    default:
      add_side_or_null (builder, "player", event->player);
      break;
    }

  if (event->place.side != CONGKAK_NOBODY)
    {
      json_builder_set_member_name (builder, "place");
      if (event->place.index == CONGKAK_STORE)
        json_builder_add_string_value (builder, event->place.side == CONGKAK_SOUTH ? "south-store" : "north-store");
      else
        {
          char letter[2] = { congkak_hole_letter (event->place.side, event->place.index), '\0' };

          json_builder_add_string_value (builder, letter);
        }
    }

  if (reason)
    {
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, reason);
    }

  switch (event->type)
    {
    case CONGKAK_EVENT_PICK_UP:
    case CONGKAK_EVENT_RELAY:
      json_builder_set_member_name (builder, "count");
      json_builder_add_int_value (builder, event->count);
      break;
    case CONGKAK_EVENT_CAPTURE:
    case CONGKAK_EVENT_GRAND_SLAM:
      json_builder_set_member_name (builder, "count");
      json_builder_add_int_value (builder, event->count);
      add_hole_mask (builder, "holes", event->mask);
      break;
    case CONGKAK_EVENT_ROUND_END:
      add_side_pair (builder, "collected", event->amount);
      break;
    case CONGKAK_EVENT_REFILL:
      add_side_pair (builder, "filled", event->amount);
      add_hole_mask (builder, "burnt", event->mask);
      break;
    case CONGKAK_EVENT_ROUND_START:
      json_builder_set_member_name (builder, "round");
      json_builder_add_int_value (builder, event->count);
      break;
    case CONGKAK_EVENT_MATCH_END:
      add_side_pair (builder, "score", event->amount);
      break;
    default:
      break;
    }

  if (event->tick > 0)
    {
      json_builder_set_member_name (builder, "tick");
      json_builder_add_int_value (builder, event->tick);
    }
  json_builder_end_object (builder);
}

void
congkak_cli_add_game (JsonBuilder       *builder,
                      const CongkakGame *game)
{
  const CongkakState *state = congkak_game_get_state (game);

  congkak_json_add_position_side (builder, &state->position, CONGKAK_SOUTH);
  congkak_json_add_position_side (builder, &state->position, CONGKAK_NORTH);
  add_side_or_null (builder, "to_move", state->position.to_move);

  json_builder_set_member_name (builder, "round");
  json_builder_add_int_value (builder, state->round);
  json_builder_set_member_name (builder, "round_over");
  json_builder_add_boolean_value (builder, state->phase == CONGKAK_PHASE_ROUND_OVER
                                           || state->phase == CONGKAK_PHASE_MATCH_OVER);
  json_builder_set_member_name (builder, "match_over");
  json_builder_add_boolean_value (builder, state->phase == CONGKAK_PHASE_MATCH_OVER);

  json_builder_set_member_name (builder, "rounds");
  json_builder_begin_array (builder);
  for (guint i = 0; i < congkak_game_get_n_round_results (game); i++)
    {
      const CongkakRoundResult *result = congkak_game_get_round_result (game, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "south");
      json_builder_add_int_value (builder, result->store[CONGKAK_SOUTH]);
      json_builder_set_member_name (builder, "north");
      json_builder_add_int_value (builder, result->store[CONGKAK_NORTH]);
      add_side_or_null (builder, "winner", result->winner);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* Boards as text */

/* The holes of one row from left to right on the screen (RULES.md 1):
 * clockwise, South's store is on the left and South's row runs G … A,
 * North's a … g; counter-clockwise the other way round. */
static guint
hole_at_column (const CongkakRules *rules,
                CongkakSide         side,
                guint               column)
{
  gboolean reversed = (side == CONGKAK_SOUTH) == (rules->direction == CONGKAK_DIRECTION_CLOCKWISE);

  return reversed ? rules->holes - 1 - column : column;
}

static void
append_border (GString *out,
               guint    holes)
{
  for (guint i = 0; i < holes; i++)
    g_string_append (out, "+----");
  g_string_append (out, "+");
}

static void
append_letters (GString            *out,
                const CongkakRules *rules,
                CongkakSide         side)
{
  g_string_append (out, "      ");
  for (guint column = 0; column < rules->holes; column++)
    g_string_append_printf (out, "%5c", congkak_hole_letter (side, hole_at_column (rules, side, column)));
  g_string_append_c (out, '\n');
}

static void
append_row (GString               *out,
            const CongkakRules    *rules,
            const CongkakPosition *position,
            CongkakSide            side)
{
  g_string_append (out, "      ");
  for (guint column = 0; column < rules->holes; column++)
    {
      guint hole = hole_at_column (rules, side, column);

      if (congkak_position_is_burnt (position, side, hole))
        g_string_append (out, "|   x");
      else
        g_string_append_printf (out, "|%4u", position->holes[side][hole]);
    }
  g_string_append (out, "|\n");
}


static char *
player_label (CongkakSide  side,
              const char  *name,
              gboolean     store_on_left)
{
  const char *where = store_on_left ? _("store on the left") : _("store on the right");

  if (name && *name != '\0')
    /* TRANSLATORS: side, player's name, where the side's store is drawn */
    return g_strdup_printf (_("%s (%s), %s"), congkak_side_get_name (side), name, where);
  /* TRANSLATORS: side, where the side's store is drawn */
  return g_strdup_printf (_("%s, %s"), congkak_side_get_name (side), where);
}

/* @position drawn as on the screen, North's row on top, each side named
 * with its player (empty names for none) and where its store is. */
void
congkak_cli_append_board (GString               *out,
                          const CongkakRules    *rules,
                          const CongkakPosition *position,
                          const char            *south_name,
                          const char            *north_name)
{
  gboolean clockwise = rules->direction == CONGKAK_DIRECTION_CLOCKWISE;
  CongkakSide left = clockwise ? CONGKAK_SOUTH : CONGKAK_NORTH;
  g_autofree char *north = player_label (CONGKAK_NORTH, north_name, !clockwise);
  g_autofree char *south = player_label (CONGKAK_SOUTH, south_name, clockwise);

  g_string_append_printf (out, "%s\n", north);
  append_letters (out, rules, CONGKAK_NORTH);
  g_string_append (out, "      ");
  append_border (out, rules->holes);
  g_string_append_c (out, '\n');
  append_row (out, rules, position, CONGKAK_NORTH);
  g_string_append_printf (out, "%5u ", position->store[left]);
  append_border (out, rules->holes);
  g_string_append_printf (out, " %u\n", position->store[CONGKAK_OTHER_SIDE (left)]);
  append_row (out, rules, position, CONGKAK_SOUTH);
  g_string_append (out, "      ");
  append_border (out, rules->holes);
  g_string_append_c (out, '\n');
  append_letters (out, rules, CONGKAK_SOUTH);
  g_string_append_printf (out, "%s\n", south);
}

CongkakMatch *
congkak_cli_load_match (const char  *path,
                        GPtrArray  **warnings,
                        GError     **error)
{
  g_autoptr (GFile) file = NULL;

  /* “-”: standard input, such as a match piped from another program. */
  if (g_str_equal (path, "-"))
    {
      g_autoptr (GInputStream) input = g_unix_input_stream_new (STDIN_FILENO, FALSE);
      g_autoptr (GBytes) bytes = congkak_input_stream_read_bounded (input, CONGKAK_MATCH_FILE_MAX_BYTES,
                                                                    NULL, error);

      return bytes ? congkak_match_load_any_from_bytes (bytes, warnings, error) : NULL;
    }
  file = congkak_file_new_for_argument (path);
  return congkak_match_load_any_from_file (file, NULL, warnings, error);
}

/* The format to write @path in: by its extension, unless forced. */
gboolean
congkak_cli_output_format (const char   *path,
                           gboolean      force_json,
                           gboolean      force_text,
                           MatchFormat  *format,
                           GError      **error)
{
  if (force_json && force_text)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("Give --json or --text, not both."));
      return FALSE;
    }
  if (force_json || force_text)
    *format = force_json ? MATCH_FORMAT_JSON : MATCH_FORMAT_TEXT;
  else if (g_str_equal (path, "-") || g_str_has_suffix (path, ".txt"))
    *format = MATCH_FORMAT_TEXT;
  else if (g_str_has_suffix (path, ".congkak") || g_str_has_suffix (path, ".json"))
    *format = MATCH_FORMAT_JSON;
  else if (g_str_has_suffix (path, ".ogn"))
    *format = MATCH_FORMAT_OGN;
  else
    {
      g_autofree char *echo = congkak_cli_echo (path);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Cannot tell the format of “%s”: name it NAME.congkak (JSON), NAME.txt (text) or NAME.ogn (Oware Game Notation), or give --json or --text."),
                   echo);
      return FALSE;
    }
  return TRUE;
}

/* The OGN text of @match, or NULL with @error set.  What OGN leaves out
 * or changes is said on standard error; when that is something a person
 * wrote or chose (congkak_ogn_losses_lose_meaning()), nothing is written
 * unless @force. */
static char *
save_to_ogn (CongkakMatch  *match,
             const char    *path,
             gboolean       force,
             GError       **error)
{
  g_autoptr (GPtrArray) sentences = NULL;
  g_autofree char *data = NULL;
  g_autofree char *echo = congkak_cli_echo (path);
  CongkakOgnLosses losses;

  data = congkak_match_save_to_ogn (match, &losses, error);
  if (data == NULL)
    return NULL;
  sentences = congkak_ogn_losses_describe (&losses);
  if (congkak_ogn_losses_lose_meaning (&losses) && !force)
    {
      g_autoptr (GString) message = g_string_new (_("The Oware Game Notation cannot hold all of this match, so nothing was written:"));

      for (guint i = 0; i < sentences->len; i++)
        g_string_append_printf (message, "\n  %s", (const char *) g_ptr_array_index (sentences, i));
      g_string_append_c (message, '\n');
      g_string_append (message, _("Give --force to write it without them, or save the match as NAME.congkak, which holds everything."));
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, message->str);
      return NULL;
    }
  for (guint i = 0; i < sentences->len; i++)
    /* TRANSLATORS: the program, the file written, what it leaves out */
    g_printerr (_("%s: %s: warning: %s\n"), g_get_prgname (), echo, (const char *) g_ptr_array_index (sentences, i));
  return g_steal_pointer (&data);
}

/* Writes @match to @path (“-”: standard output) in @format, through the
 * safe saver.  Without @force, a file made read-only is not replaced, and
 * OGN that would leave out variations or comments is not written. */
gboolean
congkak_cli_write_match (CongkakMatch  *match,
                         const char    *path,
                         MatchFormat    format,
                         gboolean       force,
                         GError       **error)
{
  g_autoptr (GFile) file = NULL;
  g_autofree char *data = NULL;
  CongkakSaveFlags flags = force ? CONGKAK_SAVE_REPLACE_READ_ONLY : CONGKAK_SAVE_NONE;

  if (format == MATCH_FORMAT_OGN)
    {
      data = save_to_ogn (match, path, force, error);
      if (data == NULL)
        return FALSE;
    }

  if (g_str_equal (path, "-"))
    {
      if (data == NULL)
        data = format == MATCH_FORMAT_JSON ? congkak_match_save_to_data (match, NULL)
                                           : congkak_match_save_to_text (match);
      /* The file's bytes through a pipe; on a terminal, escaped as
       * everything congkak-cli prints (congkak-cli.c). */
      if (isatty (STDOUT_FILENO))
        {
          g_print ("%s", data);
          return TRUE;
        }
      if (fputs (data, stdout) < 0 || fflush (stdout) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       _("Cannot write to standard output: %s"), g_strerror (saved_errno));
          return FALSE;
        }
      return TRUE;
    }

  file = congkak_file_new_for_argument (path);
  if (format == MATCH_FORMAT_JSON)
    {
      /* As congkak_match_save_to_file() does, keeping the old file as NAME~. */
      g_autoptr (GBytes) bytes = congkak_match_save_to_bytes (match, error);

      return bytes && congkak_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                                     flags | CONGKAK_SAVE_BACKUP, NULL, error);
    }

  if (data == NULL)
    data = congkak_match_save_to_text (match);
  return congkak_file_replace_contents (file, data, strlen (data), flags, NULL, error);
}

int
congkak_cli_file_error (const char   *path,
                        const GError *error)
{
  g_autofree char *echo = congkak_cli_echo (path);

  g_printerr ("%s: %s: %s\n", g_get_prgname (), echo, error->message);
  return EXIT_INVALID_INPUT;
}

/* What is wrong with --node and --move together, or NULL. */
const char *
congkak_cli_node_arguments_error (const char *node_path,
                                  int         move_number)
{
  if (node_path != NULL && move_number >= 0)
    return _("Give --node or --move, not both.");
  if (move_number < -1)
    return _("--move must be 0 or more.");
  return NULL;
}

/* The node that --node PATH or --move N names, or the end of the main
 * line when neither is given.  Returns an exit code, with the reason on
 * standard error. */
int
congkak_cli_pick_node (CongkakMatch  *match,
                       const char    *file_name,
                       const char    *node_path,
                       int            move_number,
                       CongkakNode  **node)
{
  g_autoptr (GError) error = NULL;

  if (node_path != NULL)
    {
      *node = congkak_match_node_from_path (match, node_path, &error);
      if (*node == NULL)
        return congkak_cli_file_error (file_name, error);
    }
  else if (move_number >= 0)
    {
      *node = congkak_match_get_root (match);
      for (int i = 0; i < move_number; i++)
        {
          *node = congkak_node_get_main_child (*node);
          if (*node == NULL)
            {
              guint length = congkak_node_get_depth (congkak_match_get_main_line_end (match));
              g_autofree char *echo = congkak_cli_echo (file_name);

              g_printerr (ngettext ("%s: %s: the main line has only %u move.\n",
                                    "%s: %s: the main line has only %u moves.\n", length),
                          g_get_prgname (), echo, length);
              return EXIT_INVALID_INPUT;
            }
        }
    }
  else
    *node = congkak_match_get_main_line_end (match);
  return EXIT_OK;
}

/* Prints the JSON that @builder holds, on a line of its own; every
 * command's JSON goes through here. */
void
congkak_cli_print_json (JsonBuilder *builder,
                        gboolean     pretty)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, pretty);
  text = json_generator_to_data (generator, NULL);
  /* JSON is UTF-8, but json-glib copies what it is given: a file name or an
   * argument that is not (a Latin-1 “é”) would make it invalid.  Outside
   * strings JSON is ASCII, so the bad bytes become U+FFFD inside them. */
  if (!g_utf8_validate (text, -1, NULL))
    {
      char *valid = g_utf8_make_valid (text, -1);

      g_free (text);
      text = valid;
    }
  g_print ("%s\n", text);
}

/* @text in a column of @width characters: right-aligned, or left-aligned
 * when @width is negative, as printf's "%*s" would do if it counted
 * characters rather than bytes (a translated title may have letters of
 * two bytes or more). */
char *
congkak_cli_align (const char *text,
                   int         width)
{
  glong length = g_utf8_strlen (text, -1);
  int padding = (int) MAX (0, (glong) ABS (width) - length);

  if (width < 0)
    return g_strdup_printf ("%s%*s", text, padding, "");
  return g_strdup_printf ("%*s%s", padding, "", text);
}

/* Processor time of this process, all its threads, in seconds: the clock
 * also counts the time others took on a busy machine. */
double
congkak_cli_cpu_seconds (void)
{
  return clock () / (double) CLOCKS_PER_SEC;
}

/* The most memory this process has held at once (resident), in MiB. */
double
congkak_cli_peak_memory_mib (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0;
  /* ru_maxrss is in KiB on Linux. */
  return usage.ru_maxrss / 1024.0;
}
