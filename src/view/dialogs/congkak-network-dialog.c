/* congkak-network-dialog.c — Play Over the Network: host a match, or join one
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Match › Play Over the Network…: Host a Match emits ::host (the window
 * then asks for the game, rules and sides with the new match dialog,
 * starts the server and shows the join code and this computer's
 * addresses here, large and copyable, until the friend comes); Join a
 * Match lists the matches announced on the local network (the browser's
 * list, matches only, or why none can be listed) beside the address and
 * code typed, and Join emits ::join.  The window connects and says here,
 * in plain words, what went wrong.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-network-dialog.h"

struct _CongkakNetworkDialog
{
  AdwDialog          parent_instance;

  AdwNavigationView *navigation;
  AdwComboRow       *guest_side_row;
  GtkLabel          *code_label;
  GtkLabel          *addresses_label;
  GtkLabel          *announce_label;
  GtkListBox        *nearby_list;
  GtkLabel          *nearby_label;
  AdwEntryRow       *address_row;
  AdwEntryRow       *code_row;
  GtkButton         *join_button;
  GtkLabel          *problem_label;
  AdwSpinner        *spinner;

  CongkakNetBrowser *browser;
  GListModel        *matches;
  gboolean           busy;
};

G_DEFINE_FINAL_TYPE (CongkakNetworkDialog, congkak_network_dialog, ADW_TYPE_DIALOG)

enum
{
  HOST,
  JOIN,
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
create_match_row (gpointer item,
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
update_nearby (CongkakNetworkDialog *self)
{
  guint n = self->matches ? g_list_model_get_n_items (self->matches) : 0;
  const char *text;

  if (self->browser == NULL || !congkak_net_browser_get_available (self->browser))
    text = self->browser ? congkak_net_browser_get_unavailable_reason (self->browser)
                         : _("Matches on the local network cannot be listed here. Type the address instead.");
  else if (n == 0)
    text = _("No match is offered on this network yet. Ask your friend to host one, or type the address.");
  else
    text = NULL;
  gtk_label_set_label (self->nearby_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->nearby_label), text != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->nearby_list), n > 0);
}

static void
update_join (CongkakNetworkDialog *self)
{
  gboolean ready = *gtk_editable_get_text (GTK_EDITABLE (self->address_row)) != '\0'
                   && *gtk_editable_get_text (GTK_EDITABLE (self->code_row)) != '\0';

  gtk_widget_set_sensitive (GTK_WIDGET (self->join_button), ready && !self->busy);
}

static void
row_activated_cb (CongkakNetworkDialog *self,
                  GtkListBoxRow        *row)
{
  const char *address = g_object_get_data (G_OBJECT (row), "congkak-address");

  if (address == NULL)
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->address_row), address);
  gtk_widget_grab_focus (GTK_WIDGET (self->code_row));
}

static void
host_cb (CongkakNetworkDialog *self)
{
  g_signal_emit (self, signals[HOST], 0, congkak_network_dialog_get_guest_side (self));
}

static void
join_cb (CongkakNetworkDialog *self)
{
  g_autofree char *address = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->address_row))));
  g_autofree char *code = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->code_row))));

  if (*address == '\0' || *code == '\0' || self->busy)
    return;
  congkak_network_dialog_set_problem (self, NULL);
  g_signal_emit (self, signals[JOIN], 0, address, code);
}

static void
copy_code_cb (CongkakNetworkDialog *self)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)),
                          gtk_label_get_label (self->code_label));
}

CongkakSide
congkak_network_dialog_get_guest_side (CongkakNetworkDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_NETWORK_DIALOG (self), CONGKAK_NORTH);

  return adw_combo_row_get_selected (self->guest_side_row) == 0 ? CONGKAK_SOUTH : CONGKAK_NORTH;
}

/**
 * congkak_network_dialog_show_code:
 * @code: the join code the friend types
 * @addresses: (array zero-terminated=1): where this computer can be reached
 *
 * The host's page: the code and the addresses, waiting for the friend.
 */
void
congkak_network_dialog_show_code (CongkakNetworkDialog *self,
                                  const char           *code,
                                  const char * const   *addresses)
{
  g_autofree char *lines = NULL;

  g_return_if_fail (CONGKAK_IS_NETWORK_DIALOG (self));
  g_return_if_fail (code != NULL);

  lines = addresses && addresses[0] ? g_strjoinv ("\n", (char **) addresses) : g_strdup ("");
  gtk_label_set_label (self->code_label, code);
  gtk_label_set_label (self->addresses_label, lines);
  if (adw_navigation_view_find_page (self->navigation, "host") != adw_navigation_view_get_visible_page (self->navigation))
    adw_navigation_view_push_by_tag (self->navigation, "host");
}

const char *
congkak_network_dialog_get_code (CongkakNetworkDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_NETWORK_DIALOG (self), NULL);

  return gtk_label_get_label (self->code_label);
}

/* Whether the match is announced nearby, in a sentence. */
void
congkak_network_dialog_set_announcement (CongkakNetworkDialog *self,
                                         const char           *text)
{
  g_return_if_fail (CONGKAK_IS_NETWORK_DIALOG (self));

  gtk_label_set_label (self->announce_label, text ? text : "");
}

void
congkak_network_dialog_show_join (CongkakNetworkDialog *self)
{
  g_return_if_fail (CONGKAK_IS_NETWORK_DIALOG (self));

  adw_navigation_view_push_by_tag (self->navigation, "join");
}

void
congkak_network_dialog_set_address (CongkakNetworkDialog *self,
                                    const char           *address)
{
  g_return_if_fail (CONGKAK_IS_NETWORK_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->address_row), address ? address : "");
}

void
congkak_network_dialog_set_join_code (CongkakNetworkDialog *self,
                                      const char           *code)
{
  g_return_if_fail (CONGKAK_IS_NETWORK_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->code_row), code ? code : "");
}

/* Connecting: Join waits, a spinner turns. */
void
congkak_network_dialog_set_busy (CongkakNetworkDialog *self,
                                 gboolean              busy)
{
  g_return_if_fail (CONGKAK_IS_NETWORK_DIALOG (self));

  self->busy = busy;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  update_join (self);
}

/**
 * congkak_network_dialog_set_problem:
 * @problem: (nullable): why the match could not be joined, or %NULL
 */
void
congkak_network_dialog_set_problem (CongkakNetworkDialog *self,
                                    const char           *problem)
{
  g_return_if_fail (CONGKAK_IS_NETWORK_DIALOG (self));

  gtk_label_set_label (self->problem_label, problem ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

/* What the Matches Nearby group says instead of a list, "" when it lists. */
const char *
congkak_network_dialog_get_nearby_text (CongkakNetworkDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_NETWORK_DIALOG (self), NULL);

  return gtk_label_get_label (self->nearby_label);
}

static gboolean
is_match (gpointer item,
          gpointer user_data)
{
  return congkak_net_found_host_get_kind (item) == CONGKAK_NET_HOST_KIND_MATCH;
}

static void
congkak_network_dialog_dispose (GObject *object)
{
  CongkakNetworkDialog *self = CONGKAK_NETWORK_DIALOG (object);

  if (self->browser)
    g_signal_handlers_disconnect_by_data (self->browser, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_NETWORK_DIALOG);
  g_clear_object (&self->matches);
  g_clear_object (&self->browser);

  G_OBJECT_CLASS (congkak_network_dialog_parent_class)->dispose (object);
}

static void
congkak_network_dialog_class_init (CongkakNetworkDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_network_dialog_dispose;

  /**
   * CongkakNetworkDialog::host:
   * @guest_side: the side the friend plays (a #CongkakSide)
   */
  signals[HOST] =
    g_signal_new ("host", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  /**
   * CongkakNetworkDialog::join:
   * @address: where the host's app is, "192.168.1.20:47862"
   * @code: the join code
   */
  signals[JOIN] =
    g_signal_new ("join", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-network-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, navigation);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, guest_side_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, code_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, addresses_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, announce_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, nearby_list);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, nearby_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, code_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, join_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, problem_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, spinner);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, host_cb);
  gtk_widget_class_bind_template_callback (widget_class, join_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_code_cb);
  gtk_widget_class_bind_template_callback (widget_class, update_join);
}

static void
congkak_network_dialog_init (CongkakNetworkDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * congkak_network_dialog_new:
 * @browser: (nullable): the hosts found on the local network
 */
CongkakNetworkDialog *
congkak_network_dialog_new (CongkakNetBrowser *browser)
{
  CongkakNetworkDialog *self = g_object_new (CONGKAK_TYPE_NETWORK_DIALOG, NULL);

  g_return_val_if_fail (browser == NULL || CONGKAK_IS_NET_BROWSER (browser), self);

  if (browser)
    {
      self->browser = g_object_ref (browser);
      self->matches = G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (browser)),
                                                               GTK_FILTER (gtk_custom_filter_new (is_match, NULL, NULL))));
      gtk_list_box_bind_model (self->nearby_list, self->matches, create_match_row, self, NULL);
      g_signal_connect_object (self->matches, "items-changed", G_CALLBACK (update_nearby), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (browser, "notify::available", G_CALLBACK (update_nearby), self, G_CONNECT_SWAPPED);
    }
  update_nearby (self);
  update_join (self);
  return self;
}
