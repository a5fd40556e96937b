/* congkak-rules-dialog.c — the rules of a game, in plain words
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words come from congkak_rules_describe(), built from the rule
 * options: this dialog only lays them out, one section per heading, with
 * the section ids of the help pages so that it can open at one.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-rules-dialog.h"
#include "congkak-narration.h"
#include "congkak-rules-text.h"

struct _CongkakRulesDialog
{
  AdwDialog          parent_instance;

  /* Template widgets */
  AdwToastOverlay   *toast_overlay;
  GtkDropDown       *game_dropdown;
  GtkStringList     *game_list;
  GtkScrolledWindow *scrolled;
  AdwClamp          *clamp;
  GtkBox            *sections_box;

  /* The games to choose from; the first may be the match's custom rules */
  GArray            *games;
  guint              updating;

  /* The section to scroll to once it is laid out */
  char              *pending_section;
  guint              scroll_tick_id;
};

G_DEFINE_FINAL_TYPE (CongkakRulesDialog, congkak_rules_dialog, ADW_TYPE_DIALOG)

/* The size the dialog has for text of the usual size; larger text (in
 * front of a room) gets a larger dialog and longer lines, in proportion. */
#define CONTENT_WIDTH        680
#define CONTENT_HEIGHT       760
#define LINE_WIDTH           640
#define TIGHTENING_WIDTH     480

static GtkWidget *
find_section_widget (CongkakRulesDialog *self,
                     const char         *section_id)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->sections_box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (gtk_widget_get_name (child), section_id) == 0)
      return child;
  return NULL;
}

static GtkWidget *
new_label (const char *text,
           const char *css_class,
           gboolean    heading)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "label", text,
                                   "wrap", TRUE,
                                   "natural-wrap-mode", GTK_NATURAL_WRAP_WORD,
                                   "xalign", 0.0f,
                                   "accessible-role", heading ? GTK_ACCESSIBLE_ROLE_HEADING
                                                              : GTK_ACCESSIBLE_ROLE_PARAGRAPH,
                                   NULL);

  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
show_rules (CongkakRulesDialog *self,
            const CongkakRules *rules)
{
  g_autoptr (GPtrArray) sections = congkak_rules_describe (rules);
  g_autofree char *heading = congkak_rules_heading (rules);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->sections_box))) != NULL)
    gtk_box_remove (self->sections_box, child);

  gtk_box_append (self->sections_box, new_label (heading, "title-1", TRUE));
  for (guint i = 0; i < sections->len; i++)
    {
      const CongkakRulesSection *section = g_ptr_array_index (sections, i);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

      /* The widget name is the section id, for congkak_rules_dialog_show_section(). */
      gtk_widget_set_name (box, section->id);
      gtk_widget_add_css_class (box, "congkak-rules-section");
      gtk_box_append (GTK_BOX (box), new_label (section->title, "title-3", TRUE));
      for (guint j = 0; section->paragraphs[j]; j++)
        gtk_box_append (GTK_BOX (box), new_label (section->paragraphs[j], "body", FALSE));
      gtk_box_append (self->sections_box, box);
    }
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scrolled), 0);
}

static void
game_changed_cb (CongkakRulesDialog *self)
{
  guint selected = gtk_drop_down_get_selected (self->game_dropdown);

  if (self->updating || selected >= self->games->len)
    return;
  show_rules (self, &g_array_index (self->games, CongkakRules, selected));
}

/* Scrolls once the section has its place: the dialog lays out after it
 * is shown, so this waits for a frame that has it. */
static gboolean
scroll_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  CongkakRulesDialog *self = CONGKAK_RULES_DIALOG (widget);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);
  GtkWidget *section = find_section_widget (self, self->pending_section);
  graphene_point_t point;

  if (section == NULL)
    {
      self->scroll_tick_id = 0;
      g_clear_pointer (&self->pending_section, g_free);
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_get_height (section) <= 0
      || gtk_adjustment_get_page_size (adjustment) <= 0
      || !gtk_widget_compute_point (section, GTK_WIDGET (self->sections_box),
                                    &GRAPHENE_POINT_INIT (0, 0), &point))
    return G_SOURCE_CONTINUE;

  gtk_adjustment_set_value (adjustment, point.y + gtk_widget_get_margin_top (GTK_WIDGET (self->sections_box)) - 12);
  self->scroll_tick_id = 0;
  g_clear_pointer (&self->pending_section, g_free);
  return G_SOURCE_REMOVE;
}

/* Page Down and Page Up (a presentation clicker's keys) scroll the
 * rules a screen at a time, wherever the focus is in the dialog. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CongkakRulesDialog    *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);
  double page = gtk_adjustment_get_page_size (adjustment) * 0.9;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK))
    return GDK_EVENT_PROPAGATE;
  switch (keyval)
    {
    case GDK_KEY_Page_Down:
    case GDK_KEY_KP_Page_Down:
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + page);
      return GDK_EVENT_STOP;
    case GDK_KEY_Page_Up:
    case GDK_KEY_KP_Page_Up:
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) - page);
      return GDK_EVENT_STOP;
    default:
      return GDK_EVENT_PROPAGATE;
    }
}

/**
 * congkak_rules_dialog_set_text_scale:
 * @scale: how much larger than usual the text is shown (1 for the usual)
 *
 * In front of a room the text is larger (the window's style sheet says
 * how large): the dialog, and its lines, grow by @scale with it.
 */
void
congkak_rules_dialog_set_text_scale (CongkakRulesDialog *self,
                                     double              scale)
{
  g_return_if_fail (CONGKAK_IS_RULES_DIALOG (self));
  g_return_if_fail (scale > 0);

  adw_dialog_set_content_width (ADW_DIALOG (self), (int) (CONTENT_WIDTH * scale));
  adw_dialog_set_content_height (ADW_DIALOG (self), (int) (CONTENT_HEIGHT * scale));
  adw_clamp_set_maximum_size (self->clamp, (int) (LINE_WIDTH * scale));
  adw_clamp_set_tightening_threshold (self->clamp, (int) (TIGHTENING_WIDTH * scale));
}

/**
 * congkak_rules_dialog_add_toast:
 * @toast: (transfer full): the message
 *
 * Shows @toast over the rules: a toast of the window would be hidden
 * behind the dialog.
 */
void
congkak_rules_dialog_add_toast (CongkakRulesDialog *self,
                                AdwToast           *toast)
{
  g_return_if_fail (CONGKAK_IS_RULES_DIALOG (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/**
 * congkak_rules_dialog_show_section:
 * @section_id: a section id of the help pages, such as `capture`
 *
 * Scrolls to that section, now or as soon as the dialog is laid out.
 *
 * Returns: %FALSE if the rules shown have no such section (the dialog
 *   then stays at the top).
 */
gboolean
congkak_rules_dialog_show_section (CongkakRulesDialog *self,
                                   const char         *section_id)
{
  g_return_val_if_fail (CONGKAK_IS_RULES_DIALOG (self), FALSE);
  g_return_val_if_fail (section_id != NULL, FALSE);

  if (find_section_widget (self, section_id) == NULL)
    return FALSE;

  g_free (self->pending_section);
  self->pending_section = g_strdup (section_id);
  if (self->scroll_tick_id == 0)
    self->scroll_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick, NULL, NULL);
  return TRUE;
}

/**
 * congkak_rules_dialog_get_rules:
 *
 * Returns: the rules shown now.
 */
const CongkakRules *
congkak_rules_dialog_get_rules (CongkakRulesDialog *self)
{
  guint selected;

  g_return_val_if_fail (CONGKAK_IS_RULES_DIALOG (self), NULL);

  selected = gtk_drop_down_get_selected (self->game_dropdown);
  return &g_array_index (self->games, CongkakRules, MIN (selected, self->games->len - 1));
}

static void
congkak_rules_dialog_dispose (GObject *object)
{
  CongkakRulesDialog *self = CONGKAK_RULES_DIALOG (object);

  if (self->scroll_tick_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick_id);
      self->scroll_tick_id = 0;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_RULES_DIALOG);

  G_OBJECT_CLASS (congkak_rules_dialog_parent_class)->dispose (object);
}

static void
congkak_rules_dialog_finalize (GObject *object)
{
  CongkakRulesDialog *self = CONGKAK_RULES_DIALOG (object);

  g_clear_pointer (&self->games, g_array_unref);
  g_clear_pointer (&self->pending_section, g_free);

  G_OBJECT_CLASS (congkak_rules_dialog_parent_class)->finalize (object);
}

static void
congkak_rules_dialog_class_init (CongkakRulesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_rules_dialog_dispose;
  object_class->finalize = congkak_rules_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-rules-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakRulesDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CongkakRulesDialog, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CongkakRulesDialog, game_list);
  gtk_widget_class_bind_template_child (widget_class, CongkakRulesDialog, scrolled);
  gtk_widget_class_bind_template_child (widget_class, CongkakRulesDialog, clamp);
  gtk_widget_class_bind_template_child (widget_class, CongkakRulesDialog, sections_box);
  gtk_widget_class_bind_template_callback (widget_class, game_changed_cb);
}

static void
congkak_rules_dialog_init (CongkakRulesDialog *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->games = g_array_new (FALSE, FALSE, sizeof (CongkakRules));
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/**
 * congkak_rules_dialog_new:
 * @rules: (nullable): the rules of the match on the board, shown first;
 *   %NULL shows Congkak
 *
 * Returns: (transfer floating): a dialog whose header chooses among the
 *   games, with @rules among them (first, if they are custom rules).
 */
CongkakRulesDialog *
congkak_rules_dialog_new (const CongkakRules *rules)
{
  CongkakRulesDialog *self = g_object_new (CONGKAK_TYPE_RULES_DIALOG, NULL);
  const char * const *profiles = congkak_rules_profile_names ();
  guint selected = 0;

  self->updating++;
  if (rules && congkak_rules_profile_name (rules) == NULL)
    {
      g_array_append_val (self->games, *rules);
      gtk_string_list_append (self->game_list, _("This Match’s Rules"));
    }
  for (guint i = 0; profiles[i]; i++)
    {
      CongkakRules profile;

      congkak_rules_init_profile (&profile, profiles[i], NULL);
      if (rules && congkak_rules_equal (rules, &profile))
        selected = self->games->len;
      g_array_append_val (self->games, profile);
      gtk_string_list_append (self->game_list, congkak_narrate_game_name (&profile));
    }
  gtk_drop_down_set_selected (self->game_dropdown, selected);
  self->updating--;

  show_rules (self, &g_array_index (self->games, CongkakRules, selected));
  return self;
}
