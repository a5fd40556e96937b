/* congkak-follow-dialog.c — Follow a Lesson: one nearby, or an address and code
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Match › Follow a Lesson…: the lessons announced on the local network
 * (the browser's list, lessons only), or, where none is listed or Avahi
 * cannot be reached (its reason said instead of the list), the address
 * and the join code the teacher's screen shows, typed.  A lesson picked
 * from the list fills in its address: the code is still the teacher's
 * to give.  Follow emits ::follow; the window connects, and says here
 * what went wrong, if anything.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-follow-dialog.h"

struct _CongkakFollowDialog
{
  AdwDialog          parent_instance;

  GtkListBox        *nearby_list;
  GtkLabel          *nearby_label;
  AdwEntryRow       *address_row;
  AdwEntryRow       *code_row;
  GtkButton         *follow_button;
  GtkLabel          *problem_label;
  AdwSpinner        *spinner;

  CongkakNetBrowser *browser;
  GListModel        *lessons;
  gboolean           busy;
};

G_DEFINE_FINAL_TYPE (CongkakFollowDialog, congkak_follow_dialog, ADW_TYPE_DIALOG)

enum
{
  FOLLOW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
host_address (CongkakNetFoundHost *host)
{
  const char *address = congkak_net_found_host_get_address (host);

  /* An IPv6 address in brackets, so that its port stays apart. */
  if (strchr (address, ':') != NULL)
    return g_strdup_printf ("[%s]:%u", address, congkak_net_found_host_get_port (host));
  return g_strdup_printf ("%s:%u", address, congkak_net_found_host_get_port (host));
}

static GtkWidget *
create_lesson_row (gpointer item,
                   gpointer user_data)
{
  CongkakNetFoundHost *host = item;
  g_autofree char *address = host_address (host);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), congkak_net_found_host_get_name (host));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), address);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data_full (G_OBJECT (row), "congkak-address", g_steal_pointer (&address), g_free);
  return row;
}

/* The list, or why there is none. */
static void
update_nearby (CongkakFollowDialog *self)
{
  guint n = self->lessons ? g_list_model_get_n_items (self->lessons) : 0;
  const char *text;

  if (self->browser == NULL || !congkak_net_browser_get_available (self->browser))
    text = self->browser ? congkak_net_browser_get_unavailable_reason (self->browser)
                         : _("Lessons on the local network cannot be listed here. Type the address instead.");
  else if (n == 0)
    text = _("No lesson is shared on this network yet. Ask the teacher to share the board, or type the address.");
  else
    text = NULL;
  gtk_label_set_label (self->nearby_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->nearby_label), text != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->nearby_list), n > 0);
}

static void
update_follow (CongkakFollowDialog *self)
{
  gboolean ready = *gtk_editable_get_text (GTK_EDITABLE (self->address_row)) != '\0'
                   && *gtk_editable_get_text (GTK_EDITABLE (self->code_row)) != '\0';

  gtk_widget_set_sensitive (GTK_WIDGET (self->follow_button), ready && !self->busy);
}

static void
row_activated_cb (CongkakFollowDialog *self,
                  GtkListBoxRow       *row)
{
  const char *address = g_object_get_data (G_OBJECT (row), "congkak-address");

  if (address == NULL)
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->address_row), address);
  gtk_widget_grab_focus (GTK_WIDGET (self->code_row));
}

static void
follow_cb (CongkakFollowDialog *self)
{
  g_autofree char *address = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->address_row))));
  g_autofree char *code = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->code_row))));

  if (*address == '\0' || *code == '\0' || self->busy)
    return;
  congkak_follow_dialog_set_problem (self, NULL);
  g_signal_emit (self, signals[FOLLOW], 0, address, code);
}

const char *
congkak_follow_dialog_get_address (CongkakFollowDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->address_row));
}

void
congkak_follow_dialog_set_address (CongkakFollowDialog *self,
                                   const char          *address)
{
  g_return_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->address_row), address ? address : "");
}

const char *
congkak_follow_dialog_get_code (CongkakFollowDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->code_row));
}

void
congkak_follow_dialog_set_code (CongkakFollowDialog *self,
                                const char          *code)
{
  g_return_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->code_row), code ? code : "");
}

/* Connecting: Follow waits, a spinner turns. */
void
congkak_follow_dialog_set_busy (CongkakFollowDialog *self,
                                gboolean             busy)
{
  g_return_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self));

  self->busy = busy;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  update_follow (self);
}

/**
 * congkak_follow_dialog_set_problem:
 * @problem: (nullable): why the lesson could not be followed, or %NULL
 */
void
congkak_follow_dialog_set_problem (CongkakFollowDialog *self,
                                   const char          *problem)
{
  g_return_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self));

  gtk_label_set_label (self->problem_label, problem ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

/* What the Lessons nearby group says instead of a list, "" when it lists. */
const char *
congkak_follow_dialog_get_nearby_text (CongkakFollowDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_FOLLOW_DIALOG (self), NULL);

  return gtk_label_get_label (self->nearby_label);
}

static gboolean
is_lesson (gpointer item,
           gpointer user_data)
{
  return congkak_net_found_host_get_kind (item) == CONGKAK_NET_HOST_KIND_LESSON;
}

static void
congkak_follow_dialog_dispose (GObject *object)
{
  CongkakFollowDialog *self = CONGKAK_FOLLOW_DIALOG (object);

  if (self->browser)
    g_signal_handlers_disconnect_by_data (self->browser, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_FOLLOW_DIALOG);
  g_clear_object (&self->lessons);
  g_clear_object (&self->browser);

  G_OBJECT_CLASS (congkak_follow_dialog_parent_class)->dispose (object);
}

static void
congkak_follow_dialog_class_init (CongkakFollowDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_follow_dialog_dispose;

  /**
   * CongkakFollowDialog::follow:
   * @address: where the teacher's app is, "192.168.1.20:47862"
   * @code: the join code
   */
  signals[FOLLOW] =
    g_signal_new ("follow", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-follow-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakFollowDialog, nearby_list);
  gtk_widget_class_bind_template_child (widget_class, CongkakFollowDialog, nearby_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakFollowDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakFollowDialog, code_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakFollowDialog, follow_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakFollowDialog, problem_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakFollowDialog, spinner);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, follow_cb);
  gtk_widget_class_bind_template_callback (widget_class, update_follow);
}

static void
congkak_follow_dialog_init (CongkakFollowDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * congkak_follow_dialog_new:
 * @browser: (nullable): the hosts found on the local network
 */
CongkakFollowDialog *
congkak_follow_dialog_new (CongkakNetBrowser *browser)
{
  CongkakFollowDialog *self = g_object_new (CONGKAK_TYPE_FOLLOW_DIALOG, NULL);

  g_return_val_if_fail (browser == NULL || CONGKAK_IS_NET_BROWSER (browser), self);

  if (browser)
    {
      self->browser = g_object_ref (browser);
      self->lessons = G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (browser)),
                                                               GTK_FILTER (gtk_custom_filter_new (is_lesson, NULL, NULL))));
      gtk_list_box_bind_model (self->nearby_list, self->lessons, create_lesson_row, self, NULL);
      g_signal_connect_object (self->lessons, "items-changed", G_CALLBACK (update_nearby), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (browser, "notify::available", G_CALLBACK (update_nearby), self, G_CONNECT_SWAPPED);
    }
  update_nearby (self);
  update_follow (self);
  return self;
}
