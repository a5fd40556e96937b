/* congkak-library-row.c — one match of the library, as listed
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A picture of the match's final board (or, for a file that does not
 * load, a warning in its place), its title, its game, date and place,
 * its result and length (or the loader's message), whether it has
 * comments, and a button for its menu.  CongkakLibraryView's list makes
 * one per visible match and binds it to a CongkakLibraryEntry; the menu
 * itself is the view's, one for all rows (::menu-requested).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-board-thumbnail.h"
#include "congkak-library-row.h"
#include "congkak-narration.h"

#define THUMBNAIL_WIDTH 112
#define COMPACT_THUMBNAIL_WIDTH 64

struct _CongkakLibraryRow
{
  GtkWidget              parent_instance;

  /* Template widgets */
  CongkakBoardThumbnail *thumbnail;
  GtkWidget             *damaged_image;
  GtkLabel              *title_label;
  GtkLabel              *subtitle_label;
  GtkLabel              *detail_label;
  GtkWidget             *comments_image;
  GtkWidget             *menu_button;

  /* Owned references */
  CongkakLibraryEntry   *entry;
};

G_DEFINE_FINAL_TYPE (CongkakLibraryRow, congkak_library_row, GTK_TYPE_WIDGET)

enum
{
  MENU_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
menu_clicked_cb (CongkakLibraryRow *self)
{
  if (self->entry)
    g_signal_emit (self, signals[MENU_REQUESTED], 0, self->menu_button);
}

static void
congkak_library_row_dispose (GObject *object)
{
  CongkakLibraryRow *self = CONGKAK_LIBRARY_ROW (object);
  GtkWidget *child;

  g_clear_object (&self->entry);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_LIBRARY_ROW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (congkak_library_row_parent_class)->dispose (object);
}

static void
congkak_library_row_class_init (CongkakLibraryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_library_row_dispose;

  /**
   * CongkakLibraryRow::menu-requested:
   * @anchor: the widget to show the menu beside
   *
   * The row's menu button was clicked: the menu of its match is asked for.
   */
  signals[MENU_REQUESTED] =
    g_signal_new ("menu-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, GTK_TYPE_WIDGET);

  g_type_ensure (CONGKAK_TYPE_BOARD_THUMBNAIL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-library-row.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryRow, thumbnail);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryRow, damaged_image);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryRow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryRow, detail_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryRow, comments_image);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryRow, menu_button);
  gtk_widget_class_bind_template_callback (widget_class, menu_clicked_cb);
}

static void
congkak_library_row_init (CongkakLibraryRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
congkak_library_row_new (void)
{
  return g_object_new (CONGKAK_TYPE_LIBRARY_ROW, NULL);
}

static char *
format_date (const char *iso_date)
{
  g_autoptr (GDateTime) time = NULL;
  g_autofree char *with_time = g_strdup_printf ("%sT12:00:00Z", iso_date);

  time = g_date_time_new_from_iso8601 (with_time, NULL);
  if (time == NULL)
    return g_strdup (iso_date);
  /* TRANSLATORS: a match's date in the library, strftime() style: "14 Mar 2026" */
  return g_date_time_format (time, C_("library date", "%-d %b %Y"));
}

/**
 * congkak_library_row_bind:
 * @entry: the match to show
 * @compact: whether the row is narrow (a phone held upright): a smaller
 *   picture leaves room for the words
 */
void
congkak_library_row_bind (CongkakLibraryRow   *self,
                          CongkakLibraryEntry *entry,
                          gboolean             compact)
{
  g_autofree char *title = NULL;
  g_autofree char *date = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *detail = NULL;
  gboolean damaged;

  g_return_if_fail (CONGKAK_IS_LIBRARY_ROW (self));
  g_return_if_fail (CONGKAK_IS_LIBRARY_ENTRY (entry));

  g_set_object (&self->entry, entry);
  title = congkak_library_entry_dup_display_title (entry);
  date = format_date (congkak_library_entry_get_date (entry));
  damaged = congkak_library_entry_is_damaged (entry);

  gtk_label_set_label (self->title_label, title);
  congkak_board_thumbnail_set_width (self->thumbnail, compact ? COMPACT_THUMBNAIL_WIDTH : THUMBNAIL_WIDTH);
  /* The warning takes the picture's place, so that the words line up. */
  gtk_widget_set_size_request (self->damaged_image, compact ? COMPACT_THUMBNAIL_WIDTH : THUMBNAIL_WIDTH, -1);
  if (damaged)
    {
      gtk_widget_set_visible (self->damaged_image, TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->thumbnail), FALSE);
      congkak_board_thumbnail_clear (self->thumbnail);
      /* TRANSLATORS: a library file that does not load, then its date */
      subtitle = g_strdup_printf (_("Damaged file · %s"), date);
      detail = g_strdup (congkak_library_entry_get_error (entry));
    }
  else
    {
      g_autofree char *rules = congkak_narrate_rules_summary (congkak_library_entry_get_rules (entry));
      g_autofree char *result = congkak_library_entry_dup_result_text (entry);
      g_autofree char *length = congkak_library_entry_dup_length_text (entry);
      const char *event = congkak_library_entry_get_event (entry);
      const char *place = congkak_library_entry_get_place (entry);
      GString *where = g_string_new (NULL);

      gtk_widget_set_visible (self->damaged_image, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->thumbnail), TRUE);
      congkak_board_thumbnail_set_position (self->thumbnail, congkak_library_entry_get_rules (entry),
                                            congkak_library_entry_get_final_position (entry));
      g_string_append (where, date);
      /* TRANSLATORS: parts of a match's description, joined: "14 Mar 2026 · School cup · Melaka" */
      if (*event)
        g_string_append_printf (where, _(" · %s"), event);
      if (*place)
        g_string_append_printf (where, _(" · %s"), place);
      /* TRANSLATORS: the game and board, then the date and where: "Kalah, 6 holes, 4 seeds · 14 Mar 2026" */
      subtitle = g_strdup_printf (_("%s · %s"), rules, where->str);
      detail = g_strdup_printf (_("%s · %s"), result, length);
      g_string_free (where, TRUE);
    }
  gtk_label_set_label (self->subtitle_label, subtitle);
  gtk_label_set_label (self->detail_label, detail);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->detail_label), damaged ? detail : NULL);
  gtk_widget_set_visible (self->comments_image, congkak_library_entry_has_comments (entry));
}

void
congkak_library_row_unbind (CongkakLibraryRow *self)
{
  g_return_if_fail (CONGKAK_IS_LIBRARY_ROW (self));

  g_clear_object (&self->entry);
}

/**
 * congkak_library_row_get_entry:
 *
 * Returns: (transfer none) (nullable): the match the row shows, if bound
 */
CongkakLibraryEntry *
congkak_library_row_get_entry (CongkakLibraryRow *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ROW (self), NULL);

  return self->entry;
}

/**
 * congkak_library_row_dup_accessible_label:
 *
 * Returns: (transfer full): what a screen reader says for the row: its
 *   lines, joined
 */
char *
congkak_library_row_dup_accessible_label (CongkakLibraryRow *self)
{
  const char *title, *subtitle, *detail;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ROW (self), NULL);

  title = gtk_label_get_label (self->title_label);
  subtitle = gtk_label_get_label (self->subtitle_label);
  detail = gtk_label_get_label (self->detail_label);
  return self->entry && congkak_library_entry_has_comments (self->entry)
         /* TRANSLATORS: what a screen reader says for a match of the library */
         ? g_strdup_printf (_("%s, %s, %s, has comments"), title, subtitle, detail)
         : g_strdup_printf (_("%s, %s, %s"), title, subtitle, detail);
}
