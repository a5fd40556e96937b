/* congkak-join-form.c — one nearby host, or an address and a code
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The form both Follow a Lesson and the Join page of Play Over the
 * Network show: the hosts of one kind announced on the local network
 * (the browser's list, filtered), or, where none is listed or Avahi
 * cannot be reached (its reason said instead of the list), the address
 * and the join code typed.  A host picked from the list fills in its
 * address: the code is still the other person's to give.  The action
 * button, enabled once both are filled in, emits ::join; the dialog's
 * window connects and says here what went wrong, if anything.
 *
 * The texts that differ between a lesson and a match are the dialog's,
 * given as properties in its .ui, so that each keeps its own wording.
 */

#include "config.h"

#include "congkak-join-form.h"

struct _CongkakJoinForm
{
  AdwBin                parent_instance;

  AdwPreferencesGroup  *nearby_group;
  GtkListBox           *nearby_list;
  GtkLabel             *nearby_label;
  AdwPreferencesGroup  *details_group;
  AdwEntryRow          *address_row;
  AdwEntryRow          *code_row;
  GtkButton            *action_button;
  GtkLabel             *problem_label;
  AdwSpinner           *spinner;

  CongkakNetBrowser    *browser;
  GListModel           *hosts;
  char                 *unlisted_text;
  char                 *empty_text;
  gboolean              busy;
};

G_DEFINE_FINAL_TYPE (CongkakJoinForm, congkak_join_form, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_NEARBY_TITLE,
  PROP_DETAILS_TITLE,
  PROP_DETAILS_DESCRIPTION,
  PROP_ACTION_LABEL,
  PROP_UNLISTED_TEXT,
  PROP_EMPTY_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
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
create_host_row (gpointer item,
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
update_nearby (CongkakJoinForm *self)
{
  guint n = self->hosts ? g_list_model_get_n_items (self->hosts) : 0;
  const char *text;

  if (self->browser == NULL || !congkak_net_browser_get_available (self->browser))
    text = self->browser ? congkak_net_browser_get_unavailable_reason (self->browser) : self->unlisted_text;
  else if (n == 0)
    text = self->empty_text;
  else
    text = NULL;
  gtk_label_set_label (self->nearby_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->nearby_label), text != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->nearby_list), n > 0);
}

static void
update_action (CongkakJoinForm *self)
{
  gboolean ready = *gtk_editable_get_text (GTK_EDITABLE (self->address_row)) != '\0'
                   && *gtk_editable_get_text (GTK_EDITABLE (self->code_row)) != '\0';

  gtk_widget_set_sensitive (GTK_WIDGET (self->action_button), ready && !self->busy);
}

static void
row_activated_cb (CongkakJoinForm *self,
                  GtkListBoxRow   *row)
{
  const char *address = g_object_get_data (G_OBJECT (row), "congkak-address");

  if (address == NULL)
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->address_row), address);
  gtk_widget_grab_focus (GTK_WIDGET (self->code_row));
}

static void
join_cb (CongkakJoinForm *self)
{
  g_autofree char *address = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->address_row))));
  g_autofree char *code = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->code_row))));

  if (*address == '\0' || *code == '\0' || self->busy)
    return;
  congkak_join_form_set_problem (self, NULL);
  g_signal_emit (self, signals[JOIN], 0, address, code);
}

static gboolean
is_lesson (gpointer item,
           gpointer user_data)
{
  return congkak_net_found_host_get_kind (item) == CONGKAK_NET_HOST_KIND_LESSON;
}

static gboolean
is_match (gpointer item,
          gpointer user_data)
{
  return congkak_net_found_host_get_kind (item) == CONGKAK_NET_HOST_KIND_MATCH;
}

/**
 * congkak_join_form_set_browser:
 * @browser: (nullable): the hosts found on the local network
 * @kind: which of them the form lists
 *
 * Called once, when the dialog is made.
 */
void
congkak_join_form_set_browser (CongkakJoinForm    *self,
                               CongkakNetBrowser  *browser,
                               CongkakNetHostKind  kind)
{
  GtkCustomFilterFunc is_kind = kind == CONGKAK_NET_HOST_KIND_LESSON ? is_lesson : is_match;

  g_return_if_fail (CONGKAK_IS_JOIN_FORM (self));
  g_return_if_fail (browser == NULL || CONGKAK_IS_NET_BROWSER (browser));
  g_return_if_fail (self->browser == NULL);

  if (browser)
    {
      self->browser = g_object_ref (browser);
      self->hosts = G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (browser)),
                                                             GTK_FILTER (gtk_custom_filter_new (is_kind, NULL, NULL))));
      gtk_list_box_bind_model (self->nearby_list, self->hosts, create_host_row, self, NULL);
      g_signal_connect_object (self->hosts, "items-changed", G_CALLBACK (update_nearby), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (browser, "notify::available", G_CALLBACK (update_nearby), self, G_CONNECT_SWAPPED);
    }
  update_nearby (self);
}

const char *
congkak_join_form_get_address (CongkakJoinForm *self)
{
  g_return_val_if_fail (CONGKAK_IS_JOIN_FORM (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->address_row));
}

void
congkak_join_form_set_address (CongkakJoinForm *self,
                               const char      *address)
{
  g_return_if_fail (CONGKAK_IS_JOIN_FORM (self));

  gtk_editable_set_text (GTK_EDITABLE (self->address_row), address ? address : "");
}

const char *
congkak_join_form_get_code (CongkakJoinForm *self)
{
  g_return_val_if_fail (CONGKAK_IS_JOIN_FORM (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->code_row));
}

void
congkak_join_form_set_code (CongkakJoinForm *self,
                            const char      *code)
{
  g_return_if_fail (CONGKAK_IS_JOIN_FORM (self));

  gtk_editable_set_text (GTK_EDITABLE (self->code_row), code ? code : "");
}

/* Connecting: the action button waits, a spinner turns. */
void
congkak_join_form_set_busy (CongkakJoinForm *self,
                            gboolean         busy)
{
  g_return_if_fail (CONGKAK_IS_JOIN_FORM (self));

  self->busy = busy;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  update_action (self);
}

/**
 * congkak_join_form_set_problem:
 * @problem: (nullable): why the host could not be joined, or %NULL
 */
void
congkak_join_form_set_problem (CongkakJoinForm *self,
                               const char      *problem)
{
  g_return_if_fail (CONGKAK_IS_JOIN_FORM (self));

  gtk_label_set_label (self->problem_label, problem ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

/* What the nearby group says instead of a list, "" when it lists. */
const char *
congkak_join_form_get_nearby_text (CongkakJoinForm *self)
{
  g_return_val_if_fail (CONGKAK_IS_JOIN_FORM (self), NULL);

  return gtk_label_get_label (self->nearby_label);
}

static void
congkak_join_form_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CongkakJoinForm *self = CONGKAK_JOIN_FORM (object);

  switch (prop_id)
    {
    case PROP_NEARBY_TITLE:
      g_value_set_string (value, adw_preferences_group_get_title (self->nearby_group));
      break;
    case PROP_DETAILS_TITLE:
      g_value_set_string (value, adw_preferences_group_get_title (self->details_group));
      break;
    case PROP_DETAILS_DESCRIPTION:
      g_value_set_string (value, adw_preferences_group_get_description (self->details_group));
      break;
    case PROP_ACTION_LABEL:
      g_value_set_string (value, gtk_button_get_label (self->action_button));
      break;
    case PROP_UNLISTED_TEXT:
      g_value_set_string (value, self->unlisted_text);
      break;
    case PROP_EMPTY_TEXT:
      g_value_set_string (value, self->empty_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_join_form_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CongkakJoinForm *self = CONGKAK_JOIN_FORM (object);

  switch (prop_id)
    {
    case PROP_NEARBY_TITLE:
      adw_preferences_group_set_title (self->nearby_group, g_value_get_string (value));
      break;
    case PROP_DETAILS_TITLE:
      adw_preferences_group_set_title (self->details_group, g_value_get_string (value));
      break;
    case PROP_DETAILS_DESCRIPTION:
      adw_preferences_group_set_description (self->details_group, g_value_get_string (value));
      break;
    case PROP_ACTION_LABEL:
      gtk_button_set_label (self->action_button, g_value_get_string (value));
      break;
    case PROP_UNLISTED_TEXT:
      g_set_str (&self->unlisted_text, g_value_get_string (value));
      update_nearby (self);
      break;
    case PROP_EMPTY_TEXT:
      g_set_str (&self->empty_text, g_value_get_string (value));
      update_nearby (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_join_form_dispose (GObject *object)
{
  CongkakJoinForm *self = CONGKAK_JOIN_FORM (object);

  if (self->browser)
    g_signal_handlers_disconnect_by_data (self->browser, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_JOIN_FORM);
  g_clear_object (&self->hosts);
  g_clear_object (&self->browser);

  G_OBJECT_CLASS (congkak_join_form_parent_class)->dispose (object);
}

static void
congkak_join_form_finalize (GObject *object)
{
  CongkakJoinForm *self = CONGKAK_JOIN_FORM (object);

  g_free (self->unlisted_text);
  g_free (self->empty_text);

  G_OBJECT_CLASS (congkak_join_form_parent_class)->finalize (object);
}

static void
congkak_join_form_class_init (CongkakJoinFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_join_form_dispose;
  object_class->finalize = congkak_join_form_finalize;
  object_class->get_property = congkak_join_form_get_property;
  object_class->set_property = congkak_join_form_set_property;

  /* The title of the list of hosts nearby, "Lessons Nearby". */
  properties[PROP_NEARBY_TITLE] =
    g_param_spec_string ("nearby-title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /* The title and description of the address and code group. */
  properties[PROP_DETAILS_TITLE] =
    g_param_spec_string ("details-title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DETAILS_DESCRIPTION] =
    g_param_spec_string ("details-description", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /* The button's label, with its mnemonic, "_Follow". */
  properties[PROP_ACTION_LABEL] =
    g_param_spec_string ("action-label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /* What the nearby group says without a browser at all. */
  properties[PROP_UNLISTED_TEXT] =
    g_param_spec_string ("unlisted-text", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /* What it says while the browser finds none. */
  properties[PROP_EMPTY_TEXT] =
    g_param_spec_string ("empty-text", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakJoinForm::join:
   * @address: where the other app is, "192.168.1.20:47862"
   * @code: the join code
   */
  signals[JOIN] =
    g_signal_new ("join", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-join-form.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakJoinForm, nearby_group);
  gtk_widget_class_bind_template_child (widget_class, CongkakJoinForm, nearby_list);
  gtk_widget_class_bind_template_child (widget_class, CongkakJoinForm, nearby_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakJoinForm, details_group);
  gtk_widget_class_bind_template_child (widget_class, CongkakJoinForm, address_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakJoinForm, code_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakJoinForm, action_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakJoinForm, problem_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakJoinForm, spinner);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, join_cb);
  gtk_widget_class_bind_template_callback (widget_class, update_action);
}

static void
congkak_join_form_init (CongkakJoinForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_nearby (self);
  update_action (self);
}
