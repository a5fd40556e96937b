/* congkak-cli-export.c — export: a position as a picture
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/resource.h>

#include "congkak-board-picture.h"
#include "congkak-cli-private.h"
#include "congkak-match-text.h"

/* A file manager runs the thumbnailer on every file it shows, downloaded
 * ones too: with --thumbnail, a match file larger than this gets a
 * generic picture, so that no file takes more than a moment and a few
 * tens of megabytes (a real match, however long, is far smaller). */
#define THUMBNAIL_MAX_BYTES (256 * 1024)
/* ...and whatever happens, it stops after this much processor time. */
#define THUMBNAIL_MAX_SECONDS 2

/* "1200" or "1200x330": a picture's size in pixels; the height is 0
 * when not given. */
static gboolean
parse_size (const char  *text,
            int         *width,
            int         *height,
            GError     **error)
{
  g_auto (GStrv) parts = g_strsplit_set (text, "xX", 3);
  guint64 values[2] = { 0, 0 };
  guint n = g_strv_length (parts);

  if (n < 1 || n > 2)
    goto bad;
  for (guint i = 0; i < n; i++)
    if (!g_ascii_string_to_unsigned (parts[i], 10, CONGKAK_PICTURE_MIN_SIZE, CONGKAK_PICTURE_MAX_SIZE,
                                     &values[i], NULL))
      goto bad;
  *width = values[0];
  *height = values[1];
  return TRUE;

bad:
  {
    g_autofree char *echo = congkak_cli_echo (text);

    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("“%s” is not a size: write WIDTH or WIDTHxHEIGHT in pixels, each from %d to %d, such as 1200x330."),
                 echo, CONGKAK_PICTURE_MIN_SIZE, CONGKAK_PICTURE_MAX_SIZE);
  }
  return FALSE;
}

/* A match from the start of @rules, or from @layout as a [Start] tag of
 * the text notation reads it, with @moves played. */
static CongkakMatch *
match_from_arguments (const CongkakRules  *rules,
                      const char          *layout,
                      const char          *moves,
                      GError             **error)
{
  g_autoptr (CongkakMatch) match = congkak_match_new (rules);
  g_auto (GStrv) words = NULL;

  if (layout)
    {
      g_autofree char *tags = congkak_match_save_to_text (match);
      g_autoptr (GString) text = g_string_new ("[Start \"");
      g_autoptr (GError) local_error = NULL;

      for (const char *p = layout; *p; p++)
        {
          if (*p == '"' || *p == '\\')
            g_string_append_c (text, '\\');
          g_string_append_c (text, *p);
        }
      g_string_append (text, "\"]\n");
      g_string_append (text, tags);
      g_clear_object (&match);
      match = congkak_match_load_from_text (text->str, text->len, &local_error);
      if (match == NULL)
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("--position: %s"), local_error->message);
          return NULL;
        }
    }

  /* Spaces only: an opening such as opening:C,D/a has commas. */
  words = g_strsplit_set (moves ? moves : "", " \t\n", -1);
  for (guint i = 0, n = 0; words[i]; i++)
    {
      g_autoptr (GError) local_error = NULL;

      if (*words[i] == '\0')
        continue;
      n++;
      if (congkak_match_play_text (match, words[i], NULL, &local_error) == NULL)
        {
          g_autofree char *echo = congkak_cli_echo (words[i]);

          g_set_error (error, local_error->domain, local_error->code,
                       _("--moves: move %u (“%s”): %s"), n, echo, local_error->message);
          return NULL;
        }
    }
  return g_steal_pointer (&match);
}

/* Whether @path names a file too big to read for a thumbnail (a file that
 * cannot be looked at is left to the loader, which says why). */
static gboolean
is_too_big_for_thumbnail (const char *path)
{
  g_autoptr (GFile) file = congkak_file_new_for_argument (path);
  GStatBuf buf;

  if (g_file_peek_path (file) == NULL || g_stat (g_file_peek_path (file), &buf) != 0)
    return FALSE;
  return S_ISREG (buf.st_mode) && (guint64) buf.st_size > THUMBNAIL_MAX_BYTES;
}

int
congkak_cli_export (CongkakCli  *cli,
                    int          argc,
                    char       **argv)
{
  g_autofree char *node_path = NULL;
  g_autofree char *svg_path = NULL;
  g_autofree char *png_path = NULL;
  g_autofree char *size = NULL;
  g_autofree char *layout = NULL;
  g_autofree char *moves = NULL;
  int move_number = -1;
  gboolean no_letters = FALSE;
  gboolean no_counts = FALSE;
  gboolean arrows = FALSE;
  gboolean dark = FALSE;
  gboolean high_contrast = FALSE;
  gboolean thumbnail = FALSE;
  const GOptionEntry entries[] = {
    { "node", 'n', 0, G_OPTION_ARG_STRING, &node_path,
      N_("Draw the position after this move, such as moves[12].variations[0][3]"), N_("PATH") },
    { "move", 'm', 0, G_OPTION_ARG_INT, &move_number,
      N_("Draw the position after the N-th move of the main line (0: the start)"), N_("N") },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg_path, N_("Write an SVG drawing to OUT"), N_("OUT") },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, N_("Write a PNG image to OUT"), N_("OUT") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &size,
      N_("Picture size in pixels (default: 1200 wide, as high as the board needs)"), N_("WxH") },
    { "no-letters", 0, 0, G_OPTION_ARG_NONE, &no_letters, N_("Leave out the hole letters"), NULL },
    { "no-counts", 0, 0, G_OPTION_ARG_NONE, &no_counts, N_("Leave out the seed counts of the holes"), NULL },
    { "arrows", 'a', 0, G_OPTION_ARG_NONE, &arrows, N_("Draw the last move’s path as arrows"), NULL },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, N_("Draw the dark wood"), NULL },
    { "high-contrast", 0, 0, G_OPTION_ARG_NONE, &high_contrast,
      N_("Draw flat outlines and solid colours (clear on paper, saves ink)"), NULL },
    { "position", 'p', 0, G_OPTION_ARG_STRING, &layout,
      N_("Without FILE: start from this position, as in a [Start] tag"), N_("LAYOUT") },
    { "moves", 0, 0, G_OPTION_ARG_STRING, &moves,
      N_("Without FILE: play these moves first, such as \"C b\""), N_("MOVES") },
    { "thumbnail", 0, 0, G_OPTION_ARG_NONE, &thumbnail,
      N_("As a file manager's thumbnailer: a file over 256 KiB gets a generic board, and nothing takes over 2 seconds"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CongkakMatch) match = NULL;
  CongkakPictureOptions options;
  const char *source;
  CongkakNode *node;
  int width = CONGKAK_PICTURE_DEFAULT_WIDTH;
  int height = 0;
  int status;

  if (!congkak_cli_parse (cli, entries, &argc, &argv))
    return EXIT_BAD_ARGUMENTS;
  if (argc > 2)
    return congkak_cli_usage_error (cli, _("Name at most one match file."));
  if (svg_path == NULL && png_path == NULL)
    return congkak_cli_usage_error (cli, _("Give --svg OUT or --png OUT, or both."));
  if (congkak_cli_node_arguments_error (node_path, move_number))
    return congkak_cli_usage_error (cli, congkak_cli_node_arguments_error (node_path, move_number));
  if (size && !parse_size (size, &width, &height, &error))
    return congkak_cli_usage_error (cli, error->message);

  if (thumbnail && argc != 2)
    return congkak_cli_usage_error (cli, _("--thumbnail draws a match file: name one."));
  if (thumbnail)
    {
      /* Killed by the system past that time, it makes no thumbnail, as
       * for a file that does not load.  Processor time, not the clock, so
       * that a busy machine does not lose thumbnails. */
      struct rlimit limit = { THUMBNAIL_MAX_SECONDS, THUMBNAIL_MAX_SECONDS + 1 };

      setrlimit (RLIMIT_CPU, &limit);
    }

  if (argc == 2 && thumbnail && is_too_big_for_thumbnail (argv[1]))
    {
      CongkakRules rules;

      /* Generic: the start of Congkak, without counts. */
      congkak_rules_init_profile (&rules, "congkak", NULL);
      source = argv[1];
      match = congkak_match_new (&rules);
      no_counts = TRUE;
      g_clear_pointer (&node_path, g_free);
      move_number = -1;
    }
  else if (argc == 2)
    {
      if (congkak_cli_has_rules_arguments (cli) || layout || moves)
        return congkak_cli_usage_error (cli, _("--rules, --holes, --seeds, --option, --position and --moves make a position without a file: give them or FILE, not both."));
      source = argv[1];
      match = congkak_cli_load_match (argv[1], NULL, &error);
      if (match == NULL)
        return congkak_cli_file_error (argv[1], error);
    }
  else
    {
      CongkakRules rules;

      if (!congkak_cli_get_rules (cli, &rules, &error))
        return congkak_cli_usage_error (cli, error->message);
      /* TRANSLATORS: where an error lies when no file was named */
      source = _("the position");
      match = match_from_arguments (&rules, layout, moves, &error);
      if (match == NULL)
        {
          g_printerr ("%s: %s\n", g_get_prgname (), error->message);
          return EXIT_INVALID_INPUT;
        }
    }

  status = congkak_cli_pick_node (match, source, node_path, move_number, &node);
  if (status != EXIT_OK)
    return status;

  if (height == 0)
    height = MIN (congkak_board_picture_height_for_width (congkak_match_get_rules (match), width),
                  CONGKAK_PICTURE_MAX_SIZE);
  height = MAX (height, CONGKAK_PICTURE_MIN_SIZE);

  congkak_picture_options_init (&options);
  options.show_letters = !no_letters;
  options.show_counts = !no_counts;
  options.arrows = arrows;
  options.dark = dark;
  options.high_contrast = high_contrast;

  for (guint i = 0; i < 2; i++)
    {
      const char *path = i == 0 ? png_path : svg_path;
      g_autoptr (GFile) file = NULL;

      if (path == NULL)
        continue;
      file = congkak_file_new_for_argument (path);
      if (!congkak_board_picture_save (match, node, &options, i == 0 ? CONGKAK_PICTURE_PNG : CONGKAK_PICTURE_SVG,
                                       width, height, file, &error))
        return congkak_cli_file_error (path, error);
    }
  return EXIT_OK;
}
