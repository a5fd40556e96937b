/* congkak-library-view.c — the match library: matches to browse and search, and players
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A list of the library's matches, newest first, narrowed as the search
 * words are typed and by the filters, each a CongkakLibraryRow with a
 * picture of its final board; one menu serves all rows; and the players'
 * statistics beside it.  The library's changes come through a
 * GSignalGroup, whichever library is set.  What can be done to a match
 * (rename, export, delete…) and adding matches are
 * congkak-library-view-actions.c's.  Opening a match is the window's
 * business: the view asks for it with ::open-file.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-library-row.h"
#include "congkak-library-view-private.h"
#include "congkak-narration.h"
#include "congkak-players-page.h"

#define COMPACT_WIDTH 520

G_DEFINE_FINAL_TYPE (CongkakLibraryView, congkak_library_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_LIBRARY,
  PROP_SORT,
  N_PROPS
};

enum
{
  OPEN_FILE,
  BACK,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The game filter's choices: all games, each profile of the catalogue in
 * its order, then custom rules.  Returns the entries' game key for @item,
 * or NULL for all games. */
static const char *
game_key (guint item)
{
  const char * const *profiles = congkak_rules_profile_names ();

  if (item == 0)
    return NULL;
  if (item <= g_strv_length ((char **) profiles))
    return profiles[item - 1];
  return "custom";
}

enum
{
  RESULT_ANY,
  RESULT_WON,
  RESULT_DRAWN,
  RESULT_UNFINISHED,
  RESULT_DAMAGED,
};

static GQuark player_key_quark;
static GQuark game_key_quark;

/* Filtering and sorting */

static gboolean
filter_entry (gpointer item,
              gpointer user_data)
{
  CongkakLibraryView *self = user_data;
  CongkakLibraryEntry *entry = item;
  guint game = gtk_drop_down_get_selected (self->game_dropdown);
  guint result = gtk_drop_down_get_selected (self->result_dropdown);
  gboolean damaged = congkak_library_entry_is_damaged (entry);

  if (game != GTK_INVALID_LIST_POSITION && game_key (game) != NULL
      && (damaged || g_strcmp0 (congkak_library_entry_get_game (entry), game_key (game)) != 0))
    return FALSE;

  switch (result)
    {
    case RESULT_WON:
      if (damaged || (congkak_library_entry_get_result (entry) != CONGKAK_LIBRARY_RESULT_SOUTH_WINS
                      && congkak_library_entry_get_result (entry) != CONGKAK_LIBRARY_RESULT_NORTH_WINS))
        return FALSE;
      break;
    case RESULT_DRAWN:
      if (damaged || congkak_library_entry_get_result (entry) != CONGKAK_LIBRARY_RESULT_DRAW)
        return FALSE;
      break;
    case RESULT_UNFINISHED:
      if (damaged || congkak_library_entry_get_result (entry) != CONGKAK_LIBRARY_RESULT_UNFINISHED)
        return FALSE;
      break;
    case RESULT_DAMAGED:
      if (!damaged)
        return FALSE;
      break;
    default:
      break;
    }

  if (gtk_check_button_get_active (self->annotated_check) && !congkak_library_entry_has_comments (entry))
    return FALSE;
  return self->query == NULL || congkak_library_entry_matches (entry, self->query);
}

/* Sort keys, made once per entry (entries never change). */
static const char *
sort_key (CongkakLibraryEntry *entry,
          GQuark               quark)
{
  const char *key = g_object_get_qdata (G_OBJECT (entry), quark);

  if (key == NULL)
    {
      g_autofree char *text = NULL;
      g_autofree char *folded = NULL;

      if (quark == player_key_quark)
        text = g_strdup_printf ("%s\n%s", congkak_library_entry_get_player_name (entry, CONGKAK_SOUTH),
                                congkak_library_entry_get_player_name (entry, CONGKAK_NORTH));
      else
        text = g_strdup (congkak_library_entry_is_damaged (entry)
                         ? "" : congkak_narrate_game_name (congkak_library_entry_get_rules (entry)));
      folded = congkak_library_fold_text (text);
      key = g_utf8_collate_key (folded, -1);
      g_object_set_qdata_full (G_OBJECT (entry), quark, (gpointer) key, g_free);
    }
  return key;
}

static int
sort_entries (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  CongkakLibraryView *self = user_data;
  CongkakLibraryEntry *x = (CongkakLibraryEntry *) a;
  CongkakLibraryEntry *y = (CongkakLibraryEntry *) b;
  int order = 0;

  if (g_str_equal (self->sort, "oldest"))
    return congkak_library_entry_compare_date (x, y);
  if (g_str_equal (self->sort, "player"))
    order = strcmp (sort_key (x, player_key_quark), sort_key (y, player_key_quark));
  else if (g_str_equal (self->sort, "game"))
    order = strcmp (sort_key (x, game_key_quark), sort_key (y, game_key_quark));
  /* Newest first, and within a player or a game too. */
  return order ? order : congkak_library_entry_compare_date (y, x);
}

static void
update_count (CongkakLibraryView *self)
{
  guint total = self->library ? g_list_model_get_n_items (G_LIST_MODEL (self->library)) : 0;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  g_autofree char *text = NULL;

  if (shown == total)
    text = g_strdup_printf (ngettext ("%u match", "%u matches", total), total);
  else
    /* TRANSLATORS: matches that pass the search and filters, of all in the library */
    text = g_strdup_printf (ngettext ("%u of %u match", "%u of %u matches", total), shown, total);
  gtk_label_set_label (self->count_label, text);

  if (self->library && !congkak_library_is_loaded (self->library))
    gtk_stack_set_visible_child_name (self->list_stack, "loading");
  else if (total == 0)
    gtk_stack_set_visible_child_name (self->list_stack, "empty");
  else if (shown == 0)
    gtk_stack_set_visible_child_name (self->list_stack, "no-results");
  else
    gtk_stack_set_visible_child_name (self->list_stack, "list");
}

static void
search_changed_cb (CongkakLibraryView *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *query = *text ? congkak_library_fold_text (text) : NULL;
  const char *old = self->query ? self->query : "";
  const char *new = query ? query : "";
  GtkFilterChange change = GTK_FILTER_CHANGE_DIFFERENT;

  if (g_str_equal (old, new))
    return;
  /* Typing on keeps only matches that passed before (each word is a
   * substring); deleting keeps all those.  Telling the filter so spares
   * the rows that stay. */
  if (g_str_has_prefix (new, old))
    change = GTK_FILTER_CHANGE_MORE_STRICT;
  else if (g_str_has_prefix (old, new))
    change = GTK_FILTER_CHANGE_LESS_STRICT;
  g_free (self->query);
  self->query = g_steal_pointer (&query);
  gtk_filter_changed (GTK_FILTER (self->filter), change);
  update_count (self);
}

static void
filter_changed_cb (CongkakLibraryView *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_count (self);
}

static void
set_sort (CongkakLibraryView *self,
          const char         *sort)
{
  if (g_strcmp0 (self->sort, sort) == 0)
    return;
  if (!g_strv_contains ((const char * const[]) { "newest", "oldest", "player", "game", NULL }, sort))
    return;
  g_free (self->sort);
  self->sort = g_strdup (sort);
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SORT]);
}

/* Rows: each a CongkakLibraryRow */

static GMenuModel *
row_menu (const char *name)
{
  GMenu *menu = g_menu_new ();
  GMenu *section = g_menu_new ();
  const struct { const char *label; const char *action; } items[] = {
    { N_("_Open"), "library.open" },
    { N_("_Rename…"), "library.rename" },
    { N_("_Export a Copy…"), "library.export" },
    { N_("_Show in Folder"), "library.reveal" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_(items[i].label), NULL);

      g_menu_item_set_action_and_target_value (item, items[i].action, g_variant_new_string (name));
      g_menu_append_item (menu, item);
    }
  {
    g_autoptr (GMenuItem) item = g_menu_item_new (_("_Delete"), NULL);

    g_menu_item_set_action_and_target_value (item, "library.delete", g_variant_new_string (name));
    g_menu_append_item (section, item);
    g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
    g_object_unref (section);
  }
  return G_MENU_MODEL (menu);
}

/* One menu for all rows, shown beside the row asked for: a list keeps
 * a couple of hundred rows ready, and a menu button in each is slow to
 * make while typing a search. */
static void
show_row_menu (CongkakLibraryView *self,
               const char         *name,
               GtkWidget          *near,
               double              x,
               double              y)
{
  g_autoptr (GMenuModel) menu = NULL;
  graphene_rect_t bounds;

  if (name == NULL)
    return;
  menu = row_menu (name);
  gtk_popover_menu_set_menu_model (self->row_menu, menu);
  if (x < 0 && gtk_widget_compute_bounds (near, GTK_WIDGET (self), &bounds))
    gtk_popover_set_pointing_to (GTK_POPOVER (self->row_menu),
                                 &(GdkRectangle) { bounds.origin.x, bounds.origin.y,
                                                   bounds.size.width, bounds.size.height });
  else
    {
      graphene_point_t point;

      if (!gtk_widget_compute_point (near, GTK_WIDGET (self), &GRAPHENE_POINT_INIT (x, y), &point))
        point = GRAPHENE_POINT_INIT (0, 0);
      gtk_popover_set_pointing_to (GTK_POPOVER (self->row_menu), &(GdkRectangle) { point.x, point.y, 1, 1 });
    }
  gtk_popover_popup (GTK_POPOVER (self->row_menu));
}

static void
row_menu_requested_cb (CongkakLibraryView *self,
                       GtkWidget          *anchor,
                       CongkakLibraryRow  *row)
{
  CongkakLibraryEntry *entry = congkak_library_row_get_entry (row);

  if (entry)
    show_row_menu (self, congkak_library_entry_get_name (entry), anchor, -1, -1);
}

/* A right click (or a long press) on a row opens its menu there; one
 * gesture on the list finds the row under the pointer. */
static void
list_context_cb (GtkGesture         *gesture,
                 double              x,
                 double              y,
                 CongkakLibraryView *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->list_view), x, y, GTK_PICK_DEFAULT);
  GtkWidget *row = picked ? gtk_widget_get_ancestor (picked, CONGKAK_TYPE_LIBRARY_ROW) : NULL;
  CongkakLibraryEntry *entry;

  if (row == NULL || !gtk_widget_is_ancestor (row, GTK_WIDGET (self->list_view)))
    return;
  entry = congkak_library_row_get_entry (CONGKAK_LIBRARY_ROW (row));
  if (entry == NULL)
    return;
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  show_row_menu (self, congkak_library_entry_get_name (entry), GTK_WIDGET (self->list_view), x, y);
}

static void
list_right_click_cb (GtkGestureClick    *gesture,
                     int                 n_press,
                     double              x,
                     double              y,
                     CongkakLibraryView *self)
{
  list_context_cb (GTK_GESTURE (gesture), x, y, self);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           CongkakLibraryView       *self)
{
  GtkWidget *row = congkak_library_row_new ();

  g_signal_connect_object (row, "menu-requested", G_CALLBACK (row_menu_requested_cb), self, G_CONNECT_SWAPPED);
  gtk_list_item_set_child (item, row);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          CongkakLibraryView       *self)
{
  CongkakLibraryRow *row = CONGKAK_LIBRARY_ROW (gtk_list_item_get_child (item));
  g_autofree char *accessible = NULL;

  congkak_library_row_bind (row, gtk_list_item_get_item (item), self->compact);
  accessible = congkak_library_row_dup_accessible_label (row);
  gtk_list_item_set_accessible_label (item, accessible);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            CongkakLibraryView       *self)
{
  congkak_library_row_unbind (CONGKAK_LIBRARY_ROW (gtk_list_item_get_child (item)));
}

/* Toasts, opening, leaving */

/* Toasts go to the window's overlay, when there is one. */
void
_congkak_library_view_show_toast (CongkakLibraryView *self,
                                  AdwToast           *toast)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

void
_congkak_library_view_show_error_toast (CongkakLibraryView *self,
                                        const char         *message)
{
  _congkak_library_view_show_toast (self, adw_toast_new (message));
}

static void
list_activate_cb (CongkakLibraryView *self,
                  guint               position)
{
  g_autoptr (CongkakLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);

  if (entry)
    g_signal_emit (self, signals[OPEN_FILE], 0, congkak_library_entry_get_file (entry));
}

void
_congkak_library_view_emit_open_file (CongkakLibraryView *self,
                                      GFile              *file)
{
  g_signal_emit (self, signals[OPEN_FILE], 0, file);
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_signal_emit (widget, signals[BACK], 0);
}

/* The Delete key removes the selected match, as its menu does. */
static gboolean
list_key_pressed_cb (GtkEventControllerKey *controller,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     CongkakLibraryView    *self)
{
  GtkSelectionModel *model = gtk_list_view_get_model (self->list_view);
  g_autoptr (CongkakLibraryEntry) entry = NULL;
  guint selected;

  if (keyval != GDK_KEY_Delete || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)))
    return GDK_EVENT_PROPAGATE;
  selected = gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model));
  entry = selected == GTK_INVALID_LIST_POSITION ? NULL : g_list_model_get_item (G_LIST_MODEL (model), selected);
  if (entry == NULL)
    return GDK_EVENT_PROPAGATE;
  gtk_widget_activate_action (GTK_WIDGET (self), "library.delete", "s", congkak_library_entry_get_name (entry));
  return GDK_EVENT_STOP;
}

/* The library */

static void
library_changed_cb (CongkakLibraryView *self)
{
  update_count (self);
}

static void
refreshed_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (CongkakLibraryView) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!congkak_library_load_finish (CONGKAK_LIBRARY (source), result, &error))
    _congkak_library_view_show_error_toast (self, error->message);
  update_count (self);
}

static gboolean
rebind_rows (gpointer user_data)
{
  CongkakLibraryView *self = user_data;
  g_autoptr (GtkListItemFactory) factory = g_object_ref (gtk_list_view_get_factory (self->list_view));

  self->rebind_id = 0;
  /* Setting the factory anew binds every row again. */
  gtk_list_view_set_factory (self->list_view, NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  return G_SOURCE_REMOVE;
}

/* One child, the template's box, sized as the view. */
static void
congkak_library_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  gtk_widget_measure (gtk_widget_get_first_child (widget), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

/* Narrow (a phone held upright): smaller board pictures leave room for
 * the words. */
static void
congkak_library_view_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (widget);
  gboolean compact = width < COMPACT_WIDTH;

  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
  gtk_popover_present (GTK_POPOVER (self->row_menu));
  if (compact != self->compact)
    {
      self->compact = compact;
      /* Not while laying out. */
      if (self->rebind_id == 0)
        self->rebind_id = g_idle_add (rebind_rows, self);
    }
}

/* Shown again: the files may have changed meanwhile (the CLI, a file manager). */
static void
congkak_library_view_map (GtkWidget *widget)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (widget);

  GTK_WIDGET_CLASS (congkak_library_view_parent_class)->map (widget);
  if (self->library)
    congkak_library_load_async (self->library, NULL, refreshed_cb, g_object_ref (self));
}

CongkakLibrary *
congkak_library_view_get_library (CongkakLibraryView *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_VIEW (self), NULL);

  return self->library;
}

void
congkak_library_view_set_library (CongkakLibraryView *self,
                                  CongkakLibrary     *library)
{
  g_return_if_fail (CONGKAK_IS_LIBRARY_VIEW (self));
  g_return_if_fail (library == NULL || CONGKAK_IS_LIBRARY (library));

  if (self->library == library)
    return;
  g_set_object (&self->library, library);
  gtk_sort_list_model_set_model (self->sorted, G_LIST_MODEL (library));
  congkak_players_page_set_library (self->players_page, library);
  /* After the models above: the count is made from what they show. */
  g_signal_group_set_target (self->library_signals, library);
  update_count (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY]);
}

/**
 * congkak_library_view_get_shown:
 *
 * Returns: (transfer none): the matches as listed: searched, filtered and sorted.
 */
GListModel *
congkak_library_view_get_shown (CongkakLibraryView *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_VIEW (self), NULL);

  return G_LIST_MODEL (self->filtered);
}

void
congkak_library_view_set_search (CongkakLibraryView *self,
                                 const char         *text)
{
  g_return_if_fail (CONGKAK_IS_LIBRARY_VIEW (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text ? text : "");
  /* At once, not after the entry's typing delay. */
  search_changed_cb (self);
}

void
congkak_library_view_focus_search (CongkakLibraryView *self)
{
  g_return_if_fail (CONGKAK_IS_LIBRARY_VIEW (self));

  adw_view_stack_set_visible_child_name (self->view_stack, "matches");
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

void
congkak_library_view_show_players (CongkakLibraryView *self,
                                   gboolean            players)
{
  g_return_if_fail (CONGKAK_IS_LIBRARY_VIEW (self));

  adw_view_stack_set_visible_child_name (self->view_stack, players ? "players" : "matches");
}

static void
congkak_library_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_SORT:
      g_value_set_string (value, self->sort);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_library_view_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      congkak_library_view_set_library (self, g_value_get_object (value));
      break;
    case PROP_SORT:
      set_sort (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_library_view_dispose (GObject *object)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (object);

  if (self->library_signals)
    g_signal_group_set_target (self->library_signals, NULL);
  g_clear_object (&self->library_signals);
  g_clear_handle_id (&self->rebind_id, g_source_remove);
  if (self->row_menu)
    {
      gtk_widget_unparent (GTK_WIDGET (self->row_menu));
      self->row_menu = NULL;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_LIBRARY_VIEW);
  /* The template's unnamed top child too. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->library);
  g_clear_object (&self->filtered);
  g_clear_object (&self->sorted);
  g_clear_object (&self->filter);
  g_clear_object (&self->sorter);

  G_OBJECT_CLASS (congkak_library_view_parent_class)->dispose (object);
}

static void
congkak_library_view_finalize (GObject *object)
{
  CongkakLibraryView *self = CONGKAK_LIBRARY_VIEW (object);

  g_free (self->query);
  g_free (self->sort);

  G_OBJECT_CLASS (congkak_library_view_parent_class)->finalize (object);
}

static void
congkak_library_view_class_init (CongkakLibraryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_library_view_dispose;
  object_class->finalize = congkak_library_view_finalize;
  object_class->get_property = congkak_library_view_get_property;
  object_class->set_property = congkak_library_view_set_property;
  widget_class->map = congkak_library_view_map;
  widget_class->measure = congkak_library_view_measure;
  widget_class->size_allocate = congkak_library_view_size_allocate;

  player_key_quark = g_quark_from_static_string ("congkak-library-player-key");
  game_key_quark = g_quark_from_static_string ("congkak-library-game-key");

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, CONGKAK_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SORT] =
    g_param_spec_string ("sort", NULL, NULL, "newest",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CongkakLibraryView::open-file:
   * @file: a match file of the library
   *
   * The user asked to open a match.
   */
  signals[OPEN_FILE] = g_signal_new ("open-file", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);
  /**
   * CongkakLibraryView::back:
   *
   * The user asked to leave the library.
   */
  signals[BACK] = g_signal_new ("back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (CONGKAK_TYPE_PLAYERS_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-library-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryView, view_stack);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryView, count_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryView, list_stack);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryView, list_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryView, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryView, result_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryView, annotated_check);
  gtk_widget_class_bind_template_child (widget_class, CongkakLibraryView, players_page);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, list_activate_cb);

  gtk_widget_class_install_action (widget_class, "library.open", "s", _congkak_library_view_open_action);
  gtk_widget_class_install_action (widget_class, "library.rename", "s", _congkak_library_view_rename_action);
  gtk_widget_class_install_action (widget_class, "library.export", "s", _congkak_library_view_export_action);
  gtk_widget_class_install_action (widget_class, "library.reveal", "s", _congkak_library_view_reveal_action);
  gtk_widget_class_install_action (widget_class, "library.delete", "s", _congkak_library_view_delete_action);
  gtk_widget_class_install_action (widget_class, "library.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "library.import-files", NULL, _congkak_library_view_import_action);
  gtk_widget_class_install_action (widget_class, "library.import-folder", NULL, _congkak_library_view_import_action);
  gtk_widget_class_install_property_action (widget_class, "library.sort", "sort");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "library.back", NULL);

  gtk_widget_class_set_css_name (widget_class, "congkak-library-view");
}

static void
congkak_library_view_init (CongkakLibraryView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkSingleSelection *selection;

  /* Before the template: its sort menu asks for the sort at once. */
  self->sort = g_strdup ("newest");
  gtk_widget_init_template (GTK_WIDGET (self));

  self->library_signals = g_signal_group_new (CONGKAK_TYPE_LIBRARY);
  g_signal_group_connect_swapped (self->library_signals, "items-changed", G_CALLBACK (library_changed_cb), self);

  self->filter = gtk_custom_filter_new (filter_entry, self, NULL);
  self->sorter = gtk_custom_sorter_new (sort_entries, self, NULL);
  /* Sorted first, then filtered: typing only filters again, and the
   * filter keeps the sorted order. */
  self->sorted = gtk_sort_list_model_new (NULL, GTK_SORTER (g_object_ref (self->sorter)));
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->sorted)),
                                              GTK_FILTER (g_object_ref (self->filter)));
  g_signal_connect_swapped (self->filtered, "items-changed", G_CALLBACK (update_count), self);
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->filtered)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);

  {
    const char * const *profiles = congkak_rules_profile_names ();
    g_autoptr (GtkStringList) games = gtk_string_list_new (NULL);

    gtk_string_list_append (games, _("All Games"));
    for (guint i = 0; profiles[i] != NULL; i++)
      gtk_string_list_append (games, congkak_rules_profile_title (profiles[i]));
    gtk_string_list_append (games, _("Custom Rules"));
    gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (games));
  }

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);

  g_signal_connect (keys, "key-pressed", G_CALLBACK (list_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), keys);
  {
    GtkGesture *right_click = gtk_gesture_click_new ();
    GtkGesture *long_press = gtk_gesture_long_press_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (right_click), GDK_BUTTON_SECONDARY);
    g_signal_connect (right_click, "pressed", G_CALLBACK (list_right_click_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (right_click));
    gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
    g_signal_connect (long_press, "pressed", G_CALLBACK (list_context_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (long_press));
  }
  g_signal_connect (drop, "drop", G_CALLBACK (_congkak_library_view_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self->list_view));
  self->row_menu = GTK_POPOVER_MENU (gtk_popover_menu_new_from_model (NULL));
  gtk_popover_set_has_arrow (GTK_POPOVER (self->row_menu), TRUE);
  gtk_widget_set_parent (GTK_WIDGET (self->row_menu), GTK_WIDGET (self));

  update_count (self);
}
