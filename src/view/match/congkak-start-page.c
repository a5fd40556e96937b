/* congkak-start-page.c — what a window without a match offers
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * New match, open, the library and the rules, then the match files used
 * last, each a CongkakRecentRow; its buttons name the window's actions,
 * and a recent match is given to the window through ::open-file.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-recent-row.h"
#include "congkak-start-page.h"

#define MAX_RECENT 5

struct _CongkakStartPage
{
  AdwBin      parent_instance;

  GtkWidget  *recent_label;
  GtkListBox *recent_list;
};

enum
{
  OPEN_FILE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CongkakStartPage, congkak_start_page, ADW_TYPE_BIN)

static gint
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GDateTime *first = gtk_recent_info_get_modified (*(GtkRecentInfo **) a);
  GDateTime *second = gtk_recent_info_get_modified (*(GtkRecentInfo **) b);

  return g_date_time_compare (second, first);
}

/**
 * congkak_start_page_update_recent:
 *
 * Lists the match files used last, newest first, that still exist.
 */
void
congkak_start_page_update_recent (CongkakStartPage *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr (GPtrArray) matches = g_ptr_array_new ();
  guint shown = 0;

  g_return_if_fail (CONGKAK_IS_START_PAGE (self));

  gtk_list_box_remove_all (self->recent_list);

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if ((g_strcmp0 (gtk_recent_info_get_mime_type (info), "application/x-congkak-match") == 0
           || g_str_has_suffix (uri, ".congkak"))
          && gtk_recent_info_exists (info))
        g_ptr_array_add (matches, info);
    }
  g_ptr_array_sort (matches, compare_recent);

  for (guint i = 0; i < matches->len && shown < MAX_RECENT; i++, shown++)
    {
      GtkRecentInfo *info = g_ptr_array_index (matches, i);
      g_autoptr (GFile) file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
      GtkWidget *row = congkak_recent_row_new (file, gtk_recent_info_get_display_name (info));

      gtk_list_box_append (self->recent_list, row);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), shown > 0);
  gtk_widget_set_visible (self->recent_label, shown > 0);
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static void
recent_row_activated_cb (CongkakStartPage *self,
                         GtkListBoxRow    *row)
{
  if (CONGKAK_IS_RECENT_ROW (row))
    g_signal_emit (self, signals[OPEN_FILE], 0, congkak_recent_row_get_file (CONGKAK_RECENT_ROW (row)));
}

static void
congkak_start_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CONGKAK_TYPE_START_PAGE);

  G_OBJECT_CLASS (congkak_start_page_parent_class)->dispose (object);
}

static void
congkak_start_page_class_init (CongkakStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_start_page_dispose;

  /**
   * CongkakStartPage::open-file:
   * @file: a recent match chosen
   */
  signals[OPEN_FILE] =
    g_signal_new ("open-file", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakStartPage, recent_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakStartPage, recent_list);
  gtk_widget_class_bind_template_callback (widget_class, recent_row_activated_cb);
}

static void
congkak_start_page_init (CongkakStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The app's icon is named by its id, which a development build's differs in. */
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (adw_bin_get_child (ADW_BIN (self))), APPLICATION_ID);

  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (congkak_start_page_update_recent), self, G_CONNECT_SWAPPED);
  congkak_start_page_update_recent (self);
}
