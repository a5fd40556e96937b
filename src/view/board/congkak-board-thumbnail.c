/* congkak-board-thumbnail.c — a small picture of a board, for lists
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board painter's picture of a position at the size of a list row:
 * no letters, no counts, nobody lit.  It follows the light or dark style.
 */

#include "config.h"

#include <adwaita.h>

#include "congkak-board-painter.h"
#include "congkak-board-thumbnail.h"

#define DEFAULT_WIDTH 112
#define PADDING_PX 2.0

struct _CongkakBoardThumbnail
{
  GtkWidget       parent_instance;

  int             width;

  gboolean        has_position;
  CongkakRules    rules;
  CongkakPosition position;
};

G_DEFINE_FINAL_TYPE (CongkakBoardThumbnail, congkak_board_thumbnail, GTK_TYPE_WIDGET)

static void
congkak_board_thumbnail_snapshot (GtkWidget   *widget,
                                  GtkSnapshot *snapshot)
{
  CongkakBoardThumbnail *self = CONGKAK_BOARD_THUMBNAIL (widget);
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr (GdkRGBA) accent = adw_style_manager_get_accent_color_rgba (style);
  CongkakBoardGeometry geometry;
  CongkakBoardPaint paint;

  if (!self->has_position)
    return;

  congkak_board_geometry_init (&geometry, &self->rules, gtk_widget_get_width (widget),
                               gtk_widget_get_height (widget), PADDING_PX, FALSE);
  if (geometry.scale <= 0)
    return;
  congkak_board_paint_init (&paint, &self->rules, &self->position);
  paint.mover = CONGKAK_NOBODY;
  paint.show_counts = FALSE;
  paint.show_letters = FALSE;
  paint.dark = adw_style_manager_get_dark (style);
  paint.high_contrast = adw_style_manager_get_high_contrast (style);
  paint.accent = *accent;
  paint.pango_context = gtk_widget_get_pango_context (widget);
  congkak_board_paint (snapshot, &paint, &geometry);
}

static void
congkak_board_thumbnail_measure (GtkWidget      *widget,
                                 GtkOrientation  orientation,
                                 int             for_size,
                                 int            *minimum,
                                 int            *natural,
                                 int            *minimum_baseline,
                                 int            *natural_baseline)
{
  CongkakBoardThumbnail *self = CONGKAK_BOARD_THUMBNAIL (widget);
  CongkakRules congkak;
  double width, height;

  /* One size for every board, that of Congkak's, so that rows line up;
   * other boards fit inside it. */
  congkak_rules_init_profile (&congkak, "congkak", NULL);
  congkak_board_get_size_in_units (&congkak, &width, &height);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = self->width;
  else
    *minimum = *natural = (int) (self->width * height / width + 0.5);
}

static void
style_changed (CongkakBoardThumbnail *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
congkak_board_thumbnail_class_init (CongkakBoardThumbnailClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = congkak_board_thumbnail_snapshot;
  widget_class->measure = congkak_board_thumbnail_measure;
  gtk_widget_class_set_css_name (widget_class, "congkak-board-thumbnail");
  /* A picture beside words that say it all: screen readers skip it. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
congkak_board_thumbnail_init (CongkakBoardThumbnail *self)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  self->width = DEFAULT_WIDTH;
  g_signal_connect_object (style, "notify::dark", G_CALLBACK (style_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (style, "notify::high-contrast", G_CALLBACK (style_changed), self, G_CONNECT_SWAPPED);
}

GtkWidget *
congkak_board_thumbnail_new (void)
{
  return g_object_new (CONGKAK_TYPE_BOARD_THUMBNAIL, NULL);
}

/**
 * congkak_board_thumbnail_set_position:
 *
 * Shows @position of a game played by @rules (both copied).
 */
void
congkak_board_thumbnail_set_position (CongkakBoardThumbnail *self,
                                      const CongkakRules    *rules,
                                      const CongkakPosition *position)
{
  g_return_if_fail (CONGKAK_IS_BOARD_THUMBNAIL (self));
  g_return_if_fail (rules != NULL);
  g_return_if_fail (position != NULL);

  self->rules = *rules;
  self->position = *position;
  self->has_position = TRUE;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The thumbnail's width in pixels; its height follows. */
void
congkak_board_thumbnail_set_width (CongkakBoardThumbnail *self,
                                   int                    width)
{
  g_return_if_fail (CONGKAK_IS_BOARD_THUMBNAIL (self));
  g_return_if_fail (width > 0);

  if (self->width == width)
    return;
  self->width = width;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
congkak_board_thumbnail_clear (CongkakBoardThumbnail *self)
{
  g_return_if_fail (CONGKAK_IS_BOARD_THUMBNAIL (self));

  self->has_position = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
