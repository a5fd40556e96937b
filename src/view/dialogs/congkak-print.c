/* congkak-print.c — a match on paper: header, moves and board diagrams
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first pages hold a header (players, game, event, result) and the
 * main line round by round, with marks, comments and variations in the
 * text notation's manner; then come the board diagrams, three a page,
 * each with its caption and comment.  The diagrams are painted by the
 * board painter straight into the print's cairo context, as vectors.
 *
 * The "Diagrams" tab of the print dialog chooses which positions get one.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "congkak-narration.h"
#include "congkak-print.h"

#define BODY_FONT       "Sans 10"
#define TITLE_FONT      "Sans Bold 17"
#define HEADING_FONT    "Sans Bold 12"
#define FOOTER_FONT     "Sans 8"
#define FOOTER_HEIGHT   22.0   /* points, at the foot of every page */
#define DIAGRAM_GAP     14.0   /* points between diagrams */

/**
 * congkak_print_options_init:
 *
 * The defaults: a diagram at the start, at the end of each round, after
 * each annotated move and at the end, with letters, counts and arrows.
 */
void
congkak_print_options_init (CongkakPrintOptions *options)
{
  g_return_if_fail (options != NULL);

  options->start = TRUE;
  options->round_ends = TRUE;
  options->annotated = TRUE;
  options->final = TRUE;
  options->current = FALSE;
  options->every = 0;
  congkak_picture_options_init (&options->picture);
  options->picture.arrows = TRUE;
}

static gboolean
is_round_end (CongkakMatch *match,
              CongkakNode  *node)
{
  CongkakPhase phase = congkak_game_get_state (congkak_match_get_game_at (match, node))->phase;

  return phase == CONGKAK_PHASE_ROUND_OVER || phase == CONGKAK_PHASE_MATCH_OVER;
}

static gboolean
is_annotated (CongkakNode *node)
{
  return *congkak_node_get_comment (node) != '\0' || congkak_node_get_mark (node) != CONGKAK_MARK_NONE;
}

/**
 * congkak_print_list_diagrams:
 * @current: (nullable): the position on the board
 *
 * Returns: (transfer container) (element-type CongkakNode): the positions
 *   that get a diagram, each once, along the main line; the current
 *   position last when it lies in a variation
 */
GPtrArray *
congkak_print_list_diagrams (CongkakMatch              *match,
                             CongkakNode               *current,
                             const CongkakPrintOptions *options)
{
  GPtrArray *diagrams = g_ptr_array_new_with_free_func (g_object_unref);
  CongkakNode *node;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), diagrams);
  g_return_val_if_fail (options != NULL, diagrams);

  for (node = congkak_match_get_root (match); node; node = congkak_node_get_main_child (node))
    {
      gboolean root = congkak_node_is_root (node);
      guint depth = congkak_node_get_depth (node);

      if ((root && options->start)
          || (!root && options->round_ends && is_round_end (match, node))
          || (!root && options->annotated && is_annotated (node))
          || (!root && options->every > 0 && depth % options->every == 0)
          || (options->final && congkak_node_get_main_child (node) == NULL)
          || (options->current && node == current))
        g_ptr_array_add (diagrams, g_object_ref (node));
    }
  if (options->current && current && !congkak_node_is_main_line (current))
    g_ptr_array_add (diagrams, g_object_ref (current));
  return diagrams;
}

/* Printing */

typedef struct
{
  PangoLayout *layout;
  double       space_before;    /* points */
  gboolean     keep_with_next;  /* a heading stays with its first lines */
} Paragraph;

/* Where one line of text is drawn. */
typedef struct
{
  guint  paragraph;
  guint  line;
  guint  page;
  double x;
  double baseline;
} PlacedLine;

typedef struct
{
  CongkakMatch        *match;
  CongkakNode         *current;
  CongkakPrintOptions *options;      /* the caller's, updated by the tab */
  GPtrArray           *diagrams;     /* CongkakNode */
  GHashTable          *numbers;      /* CongkakNode → its diagram's number */
  GArray              *paragraphs;   /* Paragraph */
  GArray              *lines;        /* PlacedLine */
  guint                text_pages;
  GtkBuilder          *tab;
} PrintJob;

static void
paragraph_clear (gpointer data)
{
  Paragraph *paragraph = data;

  g_clear_object (&paragraph->layout);
}

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  g_clear_object (&job->match);
  g_clear_object (&job->current);
  g_clear_pointer (&job->diagrams, g_ptr_array_unref);
  g_clear_pointer (&job->numbers, g_hash_table_unref);
  g_clear_pointer (&job->paragraphs, g_array_unref);
  g_clear_pointer (&job->lines, g_array_unref);
  g_clear_object (&job->tab);
  g_free (job);
}


/* Where the match stands after @node: the window's sentence. */
static char *
describe_state (CongkakMatch *match,
                CongkakNode  *node)
{
  const CongkakState *state = congkak_game_get_state (congkak_match_get_game_at (match, node));
  g_autofree char *standing = congkak_narrate_standing (match, state);

  return g_strdup_printf ("%s.", standing);
}

static void
add_paragraph (PrintJob          *job,
               GtkPrintContext   *context,
               const char        *markup,
               const char        *font,
               double             space_before,
               gboolean           keep_with_next)
{
  Paragraph paragraph = { gtk_print_context_create_pango_layout (context), space_before, keep_with_next };
  PangoFontDescription *description = pango_font_description_from_string (font);

  pango_layout_set_font_description (paragraph.layout, description);
  pango_font_description_free (description);
  pango_layout_set_width (paragraph.layout, gtk_print_context_get_width (context) * PANGO_SCALE);
  pango_layout_set_wrap (paragraph.layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_markup (paragraph.layout, markup, -1);
  g_array_append_val (job->paragraphs, paragraph);
}

static void
append_escaped (GString    *markup,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (markup, escaped);
}

static void append_line (PrintJob    *job,
                         GString     *markup,
                         CongkakNode *node);

/* One move: its number (on the main line), the move in bold, its mark,
 * its comment, and a reference to its diagram. */
static void
append_move (PrintJob    *job,
             GString     *markup,
             CongkakNode *node,
             gboolean     numbered)
{
  g_autofree char *move = congkak_node_dup_move_text (node);
  const char *comment = congkak_node_get_comment (node);
  guint number = GPOINTER_TO_UINT (g_hash_table_lookup (job->numbers, node));

  if (markup->len > 0 && markup->str[markup->len - 1] != '(')
    g_string_append_c (markup, ' ');
  if (numbered)
    g_string_append_printf (markup, "%u. ", congkak_node_get_depth (node));
  g_string_append (markup, "<b>");
  append_escaped (markup, move);
  append_escaped (markup, congkak_mark_to_string (congkak_node_get_mark (node)));
  g_string_append (markup, "</b>");
  if (*comment != '\0')
    {
      g_string_append (markup, " <i>{");
      append_escaped (markup, comment);
      g_string_append (markup, "}</i>");
    }
  if (number > 0)
    {
      g_autofree char *reference = g_strdup_printf (_("[Diagram %u]"), number);

      g_string_append (markup, " <small>");
      append_escaped (markup, reference);
      g_string_append (markup, "</small>");
    }
}

/* The alternatives to @node (its parent's other moves), in parentheses. */
static void
append_variations (PrintJob    *job,
                   GString     *markup,
                   CongkakNode *node)
{
  CongkakNode *parent = congkak_node_get_parent (node);

  for (guint i = 0; parent && i < congkak_node_get_n_children (parent); i++)
    {
      CongkakNode *other = congkak_node_get_child (parent, i);

      if (other == node || other == congkak_node_get_main_child (parent))
        continue;
      g_string_append (markup, " <span foreground=\"#555555\">(");
      append_line (job, markup, other);
      g_string_append (markup, ")</span>");
    }
}

/* A variation from @node on, with the variations inside it. */
static void
append_line (PrintJob    *job,
             GString     *markup,
             CongkakNode *node)
{
  for (gboolean first = TRUE; node; node = congkak_node_get_main_child (node), first = FALSE)
    {
      append_move (job, markup, node, first);
      if (!first)
        append_variations (job, markup, node);
    }
}

static void
build_text (PrintJob        *job,
            GtkPrintContext *context)
{
  CongkakMatch *match = job->match;
  const CongkakRules *rules = congkak_match_get_rules (match);
  CongkakNode *root = congkak_match_get_root (match);
  CongkakNode *end = congkak_match_get_main_line_end (match);
  g_autofree char *south = congkak_narrate_player (match, CONGKAK_SOUTH);
  g_autofree char *north = congkak_narrate_player (match, CONGKAK_NORTH);
  g_autofree char *rules_summary = congkak_narrate_rules_summary (rules);
  g_autoptr (GString) markup = g_string_new (NULL);
  g_autoptr (GPtrArray) details = g_ptr_array_new_with_free_func (g_free);
  const CongkakMetadata fields[] = { CONGKAK_METADATA_EVENT, CONGKAK_METADATA_ROUND,
                                     CONGKAK_METADATA_PLACE, CONGKAK_METADATA_DATE };
  const char *result = congkak_match_get_metadata (match, CONGKAK_METADATA_RESULT);
  const char *notes = congkak_match_get_metadata (match, CONGKAK_METADATA_NOTES);
  guint round = 0;

  /* The header. */
  {
    /* TRANSLATORS: the two players, "Ani (South) vs Budi (North)" */
    g_autofree char *title = g_strdup_printf (_("%s vs %s"), south, north);

    append_escaped (markup, title);
    add_paragraph (job, context, markup->str, TITLE_FONT, 0, TRUE);
  }

  g_ptr_array_add (details, g_strdup (rules_summary));
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (*congkak_match_get_metadata (match, fields[i]) != '\0')
      g_ptr_array_add (details, g_strdup (congkak_match_get_metadata (match, fields[i])));
  g_ptr_array_add (details, NULL);
  g_string_truncate (markup, 0);
  {
    g_autofree char *joined = g_strjoinv (" · ", (char **) details->pdata);
    g_autofree char *state = describe_state (match, end);
    guint moves = congkak_node_get_depth (end);
    g_autofree char *length = g_strdup_printf (ngettext ("%u move", "%u moves", moves), moves);

    append_escaped (markup, joined);
    g_string_append (markup, "\n<b>");
    /* TRANSLATORS: the heading of a match's result, before the result itself */
    append_escaped (markup, _("Result:"));
    g_string_append (markup, "</b> ");
    append_escaped (markup, *result != '\0' ? result : state);
    g_string_append (markup, " (");
    append_escaped (markup, length);
    g_string_append (markup, ")");
  }
  add_paragraph (job, context, markup->str, BODY_FONT, 4, FALSE);

  if (*notes != '\0' || *congkak_node_get_comment (root) != '\0')
    {
      g_string_truncate (markup, 0);
      g_string_append (markup, "<i>");
      append_escaped (markup, *notes != '\0' ? notes : "");
      if (*notes != '\0' && *congkak_node_get_comment (root) != '\0')
        g_string_append_c (markup, '\n');
      append_escaped (markup, congkak_node_get_comment (root));
      g_string_append (markup, "</i>");
      add_paragraph (job, context, markup->str, BODY_FONT, 6, FALSE);
    }

  if (g_hash_table_contains (job->numbers, root))
    {
      g_autofree char *start = g_strdup_printf (_("The start position: Diagram %u."),
                                                GPOINTER_TO_UINT (g_hash_table_lookup (job->numbers, root)));

      g_string_truncate (markup, 0);
      g_string_append (markup, "<small>");
      append_escaped (markup, start);
      g_string_append (markup, "</small>");
      add_paragraph (job, context, markup->str, BODY_FONT, 6, FALSE);
    }

  /* The moves, a paragraph a round. */
  g_string_truncate (markup, 0);
  for (CongkakNode *node = congkak_node_get_main_child (root); node; node = congkak_node_get_main_child (node))
    {
      guint node_round = congkak_game_get_state (congkak_match_get_game_at (match, node))->round;

      if (node_round != round)
        {
          g_autofree char *heading = NULL;

          if (markup->len > 0)
            add_paragraph (job, context, markup->str, BODY_FONT, 2, FALSE);
          g_string_truncate (markup, 0);
          round = node_round;
          if (rules->multi_round)
            {
              heading = g_strdup_printf (_("Round %u"), round);
              add_paragraph (job, context, heading, HEADING_FONT, 12, TRUE);
            }
        }
      append_move (job, markup, node, TRUE);
      append_variations (job, markup, node);
    }
  if (markup->len > 0)
    add_paragraph (job, context, markup->str, BODY_FONT, 2, FALSE);
}

static double
layout_height (PangoLayout *layout)
{
  int height;

  pango_layout_get_size (layout, NULL, &height);
  return height / (double) PANGO_SCALE;
}

static double
first_line_height (const Paragraph *paragraph)
{
  PangoRectangle logical;
  PangoLayoutLine *line = pango_layout_get_line_readonly (paragraph->layout, 0);

  if (line == NULL)
    return 0;
  pango_layout_line_get_extents (line, NULL, &logical);
  return logical.height / (double) PANGO_SCALE;
}

/* Lays the text out line by line over as many pages as it needs. */
static void
paginate_text (PrintJob        *job,
               GtkPrintContext *context)
{
  double height = gtk_print_context_get_height (context) - FOOTER_HEIGHT;
  double y = 0;
  guint page = 0;

  for (guint p = 0; p < job->paragraphs->len; p++)
    {
      const Paragraph *paragraph = &g_array_index (job->paragraphs, Paragraph, p);
      PangoLayoutIter *iter = pango_layout_get_iter (paragraph->layout);
      guint line = 0;

      if (y > 0)
        y += paragraph->space_before;
      /* A heading goes to the next page rather than end this one. */
      if (paragraph->keep_with_next && p + 1 < job->paragraphs->len && y > 0
          && y + layout_height (paragraph->layout)
             + 2 * first_line_height (&g_array_index (job->paragraphs, Paragraph, p + 1)) > height)
        {
          page++;
          y = 0;
        }

      do
        {
          PangoRectangle logical;
          PlacedLine placed;
          int baseline = pango_layout_iter_get_baseline (iter);
          double top;

          pango_layout_iter_get_line_extents (iter, NULL, &logical);
          top = logical.y / (double) PANGO_SCALE;
          if (y > 0 && y + logical.height / (double) PANGO_SCALE > height)
            {
              page++;
              y = 0;
            }
          placed.paragraph = p;
          placed.line = line++;
          placed.page = page;
          placed.x = logical.x / (double) PANGO_SCALE;
          placed.baseline = y + (baseline / (double) PANGO_SCALE - top);
          g_array_append_val (job->lines, placed);
          y += logical.height / (double) PANGO_SCALE;
        }
      while (pango_layout_iter_next_line (iter));
      pango_layout_iter_free (iter);
    }
  job->text_pages = page + 1;
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  guint diagram_pages;

  g_clear_pointer (&job->diagrams, g_ptr_array_unref);
  g_hash_table_remove_all (job->numbers);
  g_array_set_size (job->paragraphs, 0);
  g_array_set_size (job->lines, 0);

  job->diagrams = congkak_print_list_diagrams (job->match, job->current, job->options);
  for (guint i = 0; i < job->diagrams->len; i++)
    g_hash_table_insert (job->numbers, g_ptr_array_index (job->diagrams, i), GUINT_TO_POINTER (i + 1));

  build_text (job, context);
  paginate_text (job, context);
  diagram_pages = (job->diagrams->len + CONGKAK_PRINT_DIAGRAMS_PER_PAGE - 1) / CONGKAK_PRINT_DIAGRAMS_PER_PAGE;
  gtk_print_operation_set_n_pages (operation, job->text_pages + diagram_pages);
}

static PangoLayout *
make_layout (GtkPrintContext *context,
             const char      *markup,
             const char      *font,
             double           width)
{
  PangoLayout *layout = gtk_print_context_create_pango_layout (context);
  PangoFontDescription *description = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  pango_layout_set_width (layout, width * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_markup (layout, markup, -1);
  return layout;
}

/* One diagram in a slot of the page: caption, board, comment. */
static void
draw_diagram (PrintJob        *job,
              GtkPrintContext *context,
              guint            index,
              double           top,
              double           slot_height)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width = gtk_print_context_get_width (context);
  CongkakNode *node = g_ptr_array_index (job->diagrams, index);
  g_autofree char *state = describe_state (job->match, node);
  g_autoptr (GString) caption = g_string_new ("<b>");
  g_autoptr (PangoLayout) caption_layout = NULL;
  g_autoptr (PangoLayout) comment_layout = NULL;
  g_autoptr (GskRenderNode) board = NULL;
  CongkakPictureOptions picture = job->options->picture;
  double board_height, comment_height = 0;
  g_autofree char *title = NULL;

  if (congkak_node_is_root (node))
    title = g_strdup_printf (_("Diagram %u: the start"), index + 1);
  else
    {
      g_autofree char *move = congkak_node_dup_move_text (node);
      g_autofree char *shown = g_strconcat (move, congkak_mark_to_string (congkak_node_get_mark (node)), NULL);

      if (congkak_node_is_main_line (node))
        /* TRANSLATORS: the diagram's number, the move's number and the move, "Diagram 2: after 37. G" */
        title = g_strdup_printf (_("Diagram %u: after %u. %s"), index + 1, congkak_node_get_depth (node), shown);
      else
        {
          g_autofree char *path = congkak_node_dup_path (node);

          /* TRANSLATORS: the diagram's number, the move, and where it is in the file's variations */
          title = g_strdup_printf (_("Diagram %u: after %s (%s)"), index + 1, shown, path);
        }
    }
  append_escaped (caption, title);
  g_string_append (caption, "</b>  ");
  append_escaped (caption, state);
  caption_layout = make_layout (context, caption->str, BODY_FONT, width);

  if (*congkak_node_get_comment (node) != '\0')
    {
      g_autofree char *escaped = g_markup_escape_text (congkak_node_get_comment (node), -1);
      g_autofree char *markup = g_strdup_printf ("<i>%s</i>", escaped);

      comment_layout = make_layout (context, markup, BODY_FONT, width);
      /* The whole comment is with the moves; two lines here. */
      pango_layout_set_height (comment_layout, -2);
      pango_layout_set_ellipsize (comment_layout, PANGO_ELLIPSIZE_END);
      comment_height = layout_height (comment_layout) + 4;
    }

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_move_to (cr, 0, top);
  pango_cairo_show_layout (cr, caption_layout);

  /* Paper is light: never the dark wood.  The board is as high as the
   * page's width makes it, or as the slot allows, and the comment
   * follows it. */
  picture.dark = FALSE;
  board_height = MIN (slot_height - layout_height (caption_layout) - comment_height - 4,
                      congkak_board_picture_height_for_width (congkak_match_get_rules (job->match), width));
  board = congkak_board_picture_render_node (job->match, node, &picture, width, MAX (board_height, 1));
  if (board)
    {
      cairo_save (cr);
      cairo_translate (cr, 0, top + layout_height (caption_layout) + 2);
      gsk_render_node_draw (board, cr);
      cairo_restore (cr);
    }

  if (comment_layout)
    {
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_move_to (cr, 0, top + layout_height (caption_layout) + 2 + MAX (board_height, 1) + 4);
      pango_cairo_show_layout (cr, comment_layout);
    }
  cairo_restore (cr);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width = gtk_print_context_get_width (context);
  double height = gtk_print_context_get_height (context);
  int n_pages = 0;
  g_autofree char *footer = NULL;
  g_autoptr (PangoLayout) footer_layout = NULL;

  cairo_set_source_rgb (cr, 0, 0, 0);
  if ((guint) page < job->text_pages)
    {
      for (guint i = 0; i < job->lines->len; i++)
        {
          const PlacedLine *placed = &g_array_index (job->lines, PlacedLine, i);
          const Paragraph *paragraph = &g_array_index (job->paragraphs, Paragraph, placed->paragraph);

          if (placed->page != (guint) page)
            continue;
          cairo_move_to (cr, placed->x, placed->baseline);
          pango_cairo_show_layout_line (cr, pango_layout_get_line_readonly (paragraph->layout, placed->line));
        }
    }
  else
    {
      guint first = (page - job->text_pages) * CONGKAK_PRINT_DIAGRAMS_PER_PAGE;
      double slot = (height - FOOTER_HEIGHT - DIAGRAM_GAP * (CONGKAK_PRINT_DIAGRAMS_PER_PAGE - 1))
                    / CONGKAK_PRINT_DIAGRAMS_PER_PAGE;

      for (guint i = 0; i < CONGKAK_PRINT_DIAGRAMS_PER_PAGE && first + i < job->diagrams->len; i++)
        draw_diagram (job, context, first + i, i * (slot + DIAGRAM_GAP), slot);
    }

  g_object_get (operation, "n-pages", &n_pages, NULL);
  /* TRANSLATORS: at the foot of each printed page */
  footer = g_strdup_printf (_("Page %d of %d"), page + 1, n_pages);
  footer_layout = make_layout (context, "", FOOTER_FONT, width);
  pango_layout_set_text (footer_layout, footer, -1);
  pango_layout_set_alignment (footer_layout, PANGO_ALIGN_CENTER);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_move_to (cr, 0, height - layout_height (footer_layout));
  pango_cairo_show_layout (cr, footer_layout);
}

/* The "Diagrams" tab */

static GtkCheckButton *
tab_check (PrintJob   *job,
           const char *id)
{
  return GTK_CHECK_BUTTON (gtk_builder_get_object (job->tab, id));
}

static GObject *
create_custom_widget_cb (GtkPrintOperation *operation,
                         PrintJob          *job)
{
  const CongkakPrintOptions *options = job->options;

  g_clear_object (&job->tab);
  job->tab = gtk_builder_new_from_resource ("/io/github/congkak/Congkak/ui/congkak-print-options.ui");
  gtk_check_button_set_active (tab_check (job, "start_check"), options->start);
  gtk_check_button_set_active (tab_check (job, "round_ends_check"), options->round_ends);
  gtk_check_button_set_active (tab_check (job, "annotated_check"), options->annotated);
  gtk_check_button_set_active (tab_check (job, "final_check"), options->final);
  gtk_check_button_set_active (tab_check (job, "current_check"), options->current);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gtk_builder_get_object (job->tab, "every_spin")), options->every);
  gtk_check_button_set_active (tab_check (job, "letters_check"), options->picture.show_letters);
  gtk_check_button_set_active (tab_check (job, "counts_check"), options->picture.show_counts);
  gtk_check_button_set_active (tab_check (job, "arrows_check"), options->picture.arrows);
  gtk_check_button_set_active (tab_check (job, "plain_check"), options->picture.high_contrast);
  return g_object_ref (gtk_builder_get_object (job->tab, "print_options"));
}

static void
custom_widget_apply_cb (GtkPrintOperation *operation,
                        GtkWidget         *widget,
                        PrintJob          *job)
{
  CongkakPrintOptions *options = job->options;

  options->start = gtk_check_button_get_active (tab_check (job, "start_check"));
  options->round_ends = gtk_check_button_get_active (tab_check (job, "round_ends_check"));
  options->annotated = gtk_check_button_get_active (tab_check (job, "annotated_check"));
  options->final = gtk_check_button_get_active (tab_check (job, "final_check"));
  options->current = gtk_check_button_get_active (tab_check (job, "current_check"));
  options->every = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (gtk_builder_get_object (job->tab, "every_spin")));
  options->picture.show_letters = gtk_check_button_get_active (tab_check (job, "letters_check"));
  options->picture.show_counts = gtk_check_button_get_active (tab_check (job, "counts_check"));
  options->picture.arrows = gtk_check_button_get_active (tab_check (job, "arrows_check"));
  options->picture.high_contrast = gtk_check_button_get_active (tab_check (job, "plain_check"));
}

/**
 * congkak_print_operation_new:
 * @current: (nullable): the position on the board, for its diagram
 * @options: which diagrams, and how boards look; the "Diagrams" tab of
 *   the print dialog writes the user's choice back, so it must outlive
 *   the operation
 *
 * Returns: (transfer full): an operation that prints @match
 */
GtkPrintOperation *
congkak_print_operation_new (CongkakMatch        *match,
                             CongkakNode         *current,
                             CongkakPrintOptions *options)
{
  GtkPrintOperation *operation;
  PrintJob *job;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (options != NULL, NULL);

  job = g_new0 (PrintJob, 1);
  job->match = g_object_ref (match);
  job->current = current ? g_object_ref (current) : NULL;
  job->options = options;
  job->numbers = g_hash_table_new (NULL, NULL);
  job->paragraphs = g_array_new (FALSE, TRUE, sizeof (Paragraph));
  g_array_set_clear_func (job->paragraphs, paragraph_clear);
  job->lines = g_array_new (FALSE, TRUE, sizeof (PlacedLine));

  operation = gtk_print_operation_new ();
  g_object_set_data_full (G_OBJECT (operation), "congkak-print-job", job, print_job_free);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  gtk_print_operation_set_custom_tab_label (operation, _("Diagrams"));
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  g_signal_connect (operation, "create-custom-widget", G_CALLBACK (create_custom_widget_cb), job);
  g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (custom_widget_apply_cb), job);
  return operation;
}
