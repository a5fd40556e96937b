/* congkak-export-dialog.c — choose how to export the position on the board
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format, the size of a PNG image and what the picture shows; the
 * window asks for the file name once "Export…" is chosen.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-export-dialog.h"

struct _CongkakExportDialog
{
  AdwDialog     parent_instance;

  /* Template widgets */
  AdwComboRow  *format_row;
  AdwSpinRow   *width_row;
  AdwSwitchRow *letters_row;
  AdwSwitchRow *counts_row;
  AdwSwitchRow *arrows_row;
  AdwSwitchRow *dark_row;

  CongkakRules  rules;
};

G_DEFINE_FINAL_TYPE (CongkakExportDialog, congkak_export_dialog, ADW_TYPE_DIALOG)

enum
{
  EXPORT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
update_size_cb (CongkakExportDialog *self)
{
  gboolean png = adw_combo_row_get_selected (self->format_row) == CONGKAK_PICTURE_PNG;
  int width = adw_spin_row_get_value (self->width_row);
  g_autofree char *size = NULL;

  /* An SVG drawing scales to any size. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->width_row), png);
  if (png)
    /* TRANSLATORS: a picture's width and height in pixels */
    size = g_strdup_printf (_("%d × %d pixels"), width,
                            congkak_board_picture_height_for_width (&self->rules, width));
  else
    size = g_strdup (_("Drawings scale to any size"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->width_row), size);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CongkakExportDialog *self = CONGKAK_EXPORT_DIALOG (widget);

  g_object_ref (self);
  adw_dialog_close (ADW_DIALOG (self));
  g_signal_emit (self, signals[EXPORT], 0);
  g_object_unref (self);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  adw_dialog_close (ADW_DIALOG (widget));
}

static void
congkak_export_dialog_class_init (CongkakExportDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /**
   * CongkakExportDialog::export:
   *
   * The user chose to export; congkak_export_dialog_get_choice() tells how.
   */
  signals[EXPORT] =
    g_signal_new ("export", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakExportDialog, width_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakExportDialog, letters_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakExportDialog, counts_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakExportDialog, arrows_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakExportDialog, dark_row);
  gtk_widget_class_bind_template_callback (widget_class, update_size_cb);

  gtk_widget_class_install_action (widget_class, "export.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "export.cancel", NULL, cancel_action);
}

static void
congkak_export_dialog_init (CongkakExportDialog *self)
{
  congkak_rules_init_profile (&self->rules, "congkak", NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * congkak_export_dialog_new:
 * @has_last_move: whether the position follows a move that arrows can show
 */
CongkakExportDialog *
congkak_export_dialog_new (const CongkakRules *rules,
                           gboolean            has_last_move)
{
  CongkakExportDialog *self;

  g_return_val_if_fail (rules != NULL, NULL);

  self = g_object_new (CONGKAK_TYPE_EXPORT_DIALOG, NULL);
  self->rules = *rules;
  gtk_widget_set_sensitive (GTK_WIDGET (self->arrows_row), has_last_move);
  if (!has_last_move)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->arrows_row), _("No move has been played yet"));
  update_size_cb (self);
  return self;
}

/**
 * congkak_export_dialog_set_choice:
 *
 * Shows an earlier choice.
 */
void
congkak_export_dialog_set_choice (CongkakExportDialog         *self,
                                  CongkakPictureFormat         format,
                                  int                          width,
                                  const CongkakPictureOptions *options)
{
  g_return_if_fail (CONGKAK_IS_EXPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  adw_combo_row_set_selected (self->format_row, format);
  adw_spin_row_set_value (self->width_row, width);
  adw_switch_row_set_active (self->letters_row, options->show_letters);
  adw_switch_row_set_active (self->counts_row, options->show_counts);
  adw_switch_row_set_active (self->arrows_row, options->arrows);
  adw_switch_row_set_active (self->dark_row, options->dark);
  update_size_cb (self);
}

/**
 * congkak_export_dialog_get_choice:
 * @height: (out): the picture's height, for @width
 *
 * What the user chose.  Arrows are off when there is no move to show.
 */
void
congkak_export_dialog_get_choice (CongkakExportDialog   *self,
                                  CongkakPictureFormat  *format,
                                  int                   *width,
                                  int                   *height,
                                  CongkakPictureOptions *options)
{
  g_return_if_fail (CONGKAK_IS_EXPORT_DIALOG (self));

  *format = adw_combo_row_get_selected (self->format_row) == CONGKAK_PICTURE_SVG
            ? CONGKAK_PICTURE_SVG : CONGKAK_PICTURE_PNG;
  *width = adw_spin_row_get_value (self->width_row);
  *height = congkak_board_picture_height_for_width (&self->rules, *width);
  congkak_picture_options_init (options);
  options->show_letters = adw_switch_row_get_active (self->letters_row);
  options->show_counts = adw_switch_row_get_active (self->counts_row);
  options->arrows = adw_switch_row_get_active (self->arrows_row)
                    && gtk_widget_get_sensitive (GTK_WIDGET (self->arrows_row));
  options->dark = adw_switch_row_get_active (self->dark_row);
}
