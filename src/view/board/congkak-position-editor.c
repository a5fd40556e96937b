/* congkak-position-editor.c — set up a position to teach from, then play it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board is the same CongkakBoardView as in the window, in its editing
 * mode.  Whether the position can be played is the engine's call
 * (congkak_position_validate(), which the file loaders share); this dialog
 * only shows the reason.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-board-view.h"
#include "congkak-narration.h"
#include "congkak-position-editor.h"
#include "congkak-rules-text.h"

struct _CongkakPositionEditor
{
  AdwDialog         parent_instance;

  /* Template widgets */
  AdwWindowTitle   *window_title;
  GtkLabel         *hint_label;
  CongkakBoardView *board;
  GtkWidget        *current_button;
  AdwToggleGroup   *to_move_group;
  AdwToggle        *opening_toggle;
  GtkLabel         *total_label;
  GtkImage         *message_icon;
  GtkLabel         *message_label;

  /* State */
  CongkakRules      rules;
  CongkakPosition   position;
  CongkakPosition   current;
  gboolean          has_current;
  gboolean          valid;
  guint             updating;
};

G_DEFINE_FINAL_TYPE (CongkakPositionEditor, congkak_position_editor, ADW_TYPE_DIALOG)

enum
{
  PLAY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
can_burn (CongkakPositionEditor *self)
{
  return self->rules.family == CONGKAK_FAMILY_STORE && self->rules.multi_round;
}

static gboolean
has_opening (CongkakPositionEditor *self)
{
  return self->rules.family == CONGKAK_FAMILY_STORE && self->rules.simultaneous_opening;
}

static const char *
to_move_name (CongkakSide side)
{
  switch (side)
    {
    case CONGKAK_SOUTH:
      return "south";
    case CONGKAK_NORTH:
      return "north";
    case CONGKAK_NOBODY:
    default:
      return "opening";
    }
}

static void
set_message (CongkakPositionEditor *self,
             const char            *icon_name,
             const char            *text,
             gboolean               error)
{
  gboolean changed = g_strcmp0 (gtk_label_get_label (self->message_label), text ? text : "") != 0;

  gtk_label_set_label (self->message_label, text ? text : "");
  gtk_image_set_from_icon_name (self->message_icon, icon_name);
  gtk_widget_set_visible (GTK_WIDGET (self->message_icon), icon_name != NULL);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "error");
  if (changed && text && *text)
    gtk_accessible_announce (GTK_ACCESSIBLE (self->message_label), text,
                             GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
}

/* Shows the position, its seeds, and whether a match can start from it. */
static void
update (CongkakPositionEditor *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *total_text = NULL;
  guint total = congkak_position_total_seeds (&self->position);
  guint full = congkak_rules_total_seeds (&self->rules);

  self->updating++;
  congkak_board_view_set_position (self->board, &self->rules, &self->position);
  adw_toggle_group_set_active_name (self->to_move_group, to_move_name (self->position.to_move));

  if (total == full)
    total_text = g_strdup_printf (ngettext ("%u seed, a full set", "%u seeds, a full set", total), total);
  else
    total_text = g_strdup_printf (ngettext ("%u seed (a full set has %u)", "%u seeds (a full set has %u)", total),
                                  total, full);
  gtk_label_set_label (self->total_label, total_text);

  self->valid = congkak_position_validate (&self->rules, &self->position, &error);
  if (!self->valid)
    set_message (self, "dialog-warning-symbolic", error->message, TRUE);
  else
    {
      g_autoptr (CongkakGame) game = congkak_game_new_from_position (&self->rules, &self->position, NULL);

      /* Fine in a match of rounds: the refill comes first. */
      if (game && congkak_game_get_state (game)->phase == CONGKAK_PHASE_ROUND_OVER)
        set_message (self, "dialog-information-symbolic",
                     _("The round is over in this position: playing from here begins with the refill."), FALSE);
      else
        set_message (self, NULL, NULL, FALSE);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.play", self->valid);
  self->updating--;
}

static void
place_edited_cb (CongkakPositionEditor *self,
                 int                    side,
                 int                    index,
                 int                    delta)
{
  CongkakPosition *position = &self->position;
  guint16 *count;

  g_return_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH);
  g_return_if_fail (index == CONGKAK_STORE || (index >= 0 && (guint) index < self->rules.holes));

  count = index == CONGKAK_STORE ? &position->store[side] : &position->holes[side][index];

  if (index != CONGKAK_STORE && congkak_position_is_burnt (position, side, index))
    {
      /* A burnt hole comes back, empty, with the first seed added. */
      if (delta > 0)
        position->burnt[side] &= ~(1u << index);
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else if (delta > 0)
    {
      if (*count < CONGKAK_MAX_TOTAL_SEEDS)
        (*count)++;
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else if (*count > 0)
    (*count)--;
  else if (index != CONGKAK_STORE && can_burn (self))
    /* Below empty is burnt, in a match of rounds. */
    position->burnt[side] |= 1u << index;
  else
    gtk_widget_error_bell (GTK_WIDGET (self));

  update (self);
}

static void
to_move_changed_cb (CongkakPositionEditor *self)
{
  const char *name = adw_toggle_group_get_active_name (self->to_move_group);

  /* Also while the template is built and the rules are not there yet. */
  if (self->updating || name == NULL || self->rules.holes == 0)
    return;
  if (g_str_equal (name, "south"))
    self->position.to_move = CONGKAK_SOUTH;
  else if (g_str_equal (name, "north"))
    self->position.to_move = CONGKAK_NORTH;
  else
    self->position.to_move = CONGKAK_NOBODY;
  update (self);
}

static void
standard_start (CongkakPositionEditor *self,
                CongkakPosition       *position)
{
  congkak_position_init_start (position, &self->rules);
  position->to_move = has_opening (self) ? CONGKAK_NOBODY : self->rules.first_player;
}

static void
clear_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CongkakPositionEditor *self = CONGKAK_POSITION_EDITOR (widget);
  CongkakSide to_move = self->position.to_move;

  memset (&self->position, 0, sizeof self->position);
  self->position.n_holes = self->rules.holes;
  self->position.to_move = to_move;
  update (self);
}

static void
standard_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CongkakPositionEditor *self = CONGKAK_POSITION_EDITOR (widget);

  standard_start (self, &self->position);
  update (self);
}

static void
current_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CongkakPositionEditor *self = CONGKAK_POSITION_EDITOR (widget);

  if (!self->has_current)
    return;
  self->position = self->current;
  update (self);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  adw_dialog_close (ADW_DIALOG (widget));
}

static void
play_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CongkakPositionEditor *self = CONGKAK_POSITION_EDITOR (widget);

  if (!self->valid)
    return;
  g_object_ref (self);
  g_signal_emit (self, signals[PLAY], 0, &self->position);
  adw_dialog_close (ADW_DIALOG (self));
  g_object_unref (self);
}

static void
congkak_position_editor_class_init (CongkakPositionEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (CONGKAK_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-position-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakPositionEditor, window_title);
  gtk_widget_class_bind_template_child (widget_class, CongkakPositionEditor, hint_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPositionEditor, board);
  gtk_widget_class_bind_template_child (widget_class, CongkakPositionEditor, current_button);
  gtk_widget_class_bind_template_child (widget_class, CongkakPositionEditor, to_move_group);
  gtk_widget_class_bind_template_child (widget_class, CongkakPositionEditor, opening_toggle);
  gtk_widget_class_bind_template_child (widget_class, CongkakPositionEditor, total_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakPositionEditor, message_icon);
  gtk_widget_class_bind_template_child (widget_class, CongkakPositionEditor, message_label);
  gtk_widget_class_bind_template_callback (widget_class, place_edited_cb);
  gtk_widget_class_bind_template_callback (widget_class, to_move_changed_cb);

  gtk_widget_class_install_action (widget_class, "editor.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "editor.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "editor.clear", NULL, clear_action);
  gtk_widget_class_install_action (widget_class, "editor.standard", NULL, standard_action);
  gtk_widget_class_install_action (widget_class, "editor.current", NULL, current_action);

  /**
   * CongkakPositionEditor::play:
   * @position: (type gpointer): the `CongkakPosition` to start a match from;
   *   congkak_position_validate() accepts it
   *
   * The user chose Play from Here.
   */
  signals[PLAY] =
    g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
congkak_position_editor_init (CongkakPositionEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * congkak_position_editor_new:
 * @rules: the rules of the match to come
 * @current: (nullable): the position on the board now, to start from
 *
 * Returns: (transfer floating): an editor showing @current, or the start
 *   position of @rules when there is none.
 */
CongkakPositionEditor *
congkak_position_editor_new (const CongkakRules    *rules,
                             const CongkakPosition *current)
{
  CongkakPositionEditor *self;
  GString *hint;

  g_return_val_if_fail (rules != NULL, NULL);

  self = g_object_new (CONGKAK_TYPE_POSITION_EDITOR, NULL);
  self->updating++;
  self->rules = *rules;
  self->has_current = current != NULL;
  if (current)
    self->current = *current;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.current", self->has_current);
  gtk_widget_set_visible (self->current_button, self->has_current);
  if (!has_opening (self))
    adw_toggle_group_remove (self->to_move_group, self->opening_toggle);
  adw_window_title_set_subtitle (self->window_title, congkak_narrate_game_name (rules));

  hint = g_string_new (_("Click a hole or a store to add a seed; right-click or Shift+click to take one away. The mouse wheel and the + and − keys work too."));
  if (can_burn (self))
    {
      g_string_append_c (hint, ' ');
      g_string_append (hint, _("Take a seed from an empty hole to burn it; add one to bring it back."));
    }
  gtk_label_set_label (self->hint_label, hint->str);
  g_string_free (hint, TRUE);

  if (current)
    self->position = *current;
  else
    standard_start (self, &self->position);
  self->updating--;
  update (self);
  return self;
}

const CongkakRules *
congkak_position_editor_get_rules (CongkakPositionEditor *self)
{
  g_return_val_if_fail (CONGKAK_IS_POSITION_EDITOR (self), NULL);

  return &self->rules;
}

const CongkakPosition *
congkak_position_editor_get_position (CongkakPositionEditor *self)
{
  g_return_val_if_fail (CONGKAK_IS_POSITION_EDITOR (self), NULL);

  return &self->position;
}

/**
 * congkak_position_editor_set_position:
 * @position: a position of the editor's size
 *
 * Shows @position for editing, as if the user had set it up.
 */
void
congkak_position_editor_set_position (CongkakPositionEditor *self,
                                      const CongkakPosition *position)
{
  g_return_if_fail (CONGKAK_IS_POSITION_EDITOR (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (position->n_holes == self->rules.holes);

  self->position = *position;
  update (self);
}

/**
 * congkak_position_editor_is_valid:
 *
 * Returns: whether a match can start from the position shown (then Play
 *   from Here is enabled); the message under the board says why not.
 */
gboolean
congkak_position_editor_is_valid (CongkakPositionEditor *self)
{
  g_return_val_if_fail (CONGKAK_IS_POSITION_EDITOR (self), FALSE);

  return self->valid;
}
