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
 * code typed, in a #CongkakJoinForm with the match's texts (see the .ui),
 * and Join emits ::join.  The window connects and says here, in plain
 * words, what went wrong.
 */

#include "config.h"

#include "congkak-join-form.h"
#include "congkak-network-dialog.h"

struct _CongkakNetworkDialog
{
  AdwDialog          parent_instance;

  AdwNavigationView *navigation;
  AdwComboRow       *guest_side_row;
  GtkLabel          *code_label;
  GtkLabel          *addresses_label;
  GtkLabel          *announce_label;
  CongkakJoinForm   *join_form;
};

G_DEFINE_FINAL_TYPE (CongkakNetworkDialog, congkak_network_dialog, ADW_TYPE_DIALOG)

enum
{
  HOST,
  JOIN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
host_cb (CongkakNetworkDialog *self)
{
  g_signal_emit (self, signals[HOST], 0, congkak_network_dialog_get_guest_side (self));
}

static void
join_cb (CongkakNetworkDialog *self,
         const char           *address,
         const char           *code)
{
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

  congkak_join_form_set_address (self->join_form, address);
}

void
congkak_network_dialog_set_join_code (CongkakNetworkDialog *self,
                                      const char           *code)
{
  g_return_if_fail (CONGKAK_IS_NETWORK_DIALOG (self));

  congkak_join_form_set_code (self->join_form, code);
}

/* Connecting: Join waits, a spinner turns. */
void
congkak_network_dialog_set_busy (CongkakNetworkDialog *self,
                                 gboolean              busy)
{
  g_return_if_fail (CONGKAK_IS_NETWORK_DIALOG (self));

  congkak_join_form_set_busy (self->join_form, busy);
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

  congkak_join_form_set_problem (self->join_form, problem);
}

/* What the Matches Nearby group says instead of a list, "" when it lists. */
const char *
congkak_network_dialog_get_nearby_text (CongkakNetworkDialog *self)
{
  g_return_val_if_fail (CONGKAK_IS_NETWORK_DIALOG (self), NULL);

  return congkak_join_form_get_nearby_text (self->join_form);
}

static void
congkak_network_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CONGKAK_TYPE_NETWORK_DIALOG);

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

  g_type_ensure (CONGKAK_TYPE_JOIN_FORM);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-network-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, navigation);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, guest_side_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, code_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, addresses_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, announce_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakNetworkDialog, join_form);
  gtk_widget_class_bind_template_callback (widget_class, host_cb);
  gtk_widget_class_bind_template_callback (widget_class, join_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_code_cb);
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

  congkak_join_form_set_browser (self->join_form, browser, CONGKAK_NET_HOST_KIND_MATCH);
  return self;
}
