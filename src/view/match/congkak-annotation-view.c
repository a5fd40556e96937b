/* congkak-annotation-view.c — the comment and mark of the current move, and the match's details
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Edits go into the match when the typing pauses or the field loses the
 * focus, so one sentence is one undo step, not one per key.  While the
 * widgets are filled from the match, `updating` keeps their handlers from
 * writing back; while this view writes, `committing` keeps the match's
 * signals (one GSignalGroup, following whichever match is shown) from
 * refilling the widgets.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "congkak-analysis.h"
#include "congkak-annotation-view.h"
#include "congkak-history-item.h"

#define COMMIT_DELAY_MS 500
#define N_MARK_BUTTONS 6

/* The one-line fields of the details, in the template's order. */
typedef enum
{
  DETAIL_SOUTH,
  DETAIL_NORTH,
  DETAIL_EVENT,
  DETAIL_PLACE,
  DETAIL_DATE,
  DETAIL_ROUND,
  N_DETAILS
} Detail;

static const CongkakMetadata detail_fields[N_DETAILS] = {
  [DETAIL_EVENT] = CONGKAK_METADATA_EVENT,
  [DETAIL_PLACE] = CONGKAK_METADATA_PLACE,
  [DETAIL_DATE] = CONGKAK_METADATA_DATE,
  [DETAIL_ROUND] = CONGKAK_METADATA_ROUND,
};

struct _CongkakAnnotationView
{
  GtkWidget        parent_instance;

  /* Template widgets */
  GtkWidget       *scroller;
  GtkWidget       *content;
  GtkLabel        *comment_title;
  GtkTextView     *comment_view;
  GtkTextBuffer   *comment_buffer;
  GtkWidget       *mark_box;
  GtkWidget       *analysis_box;
  GtkLabel        *analysis_label;
  GtkToggleButton *mark_buttons[N_MARK_BUTTONS];  /* by CongkakMark - 1 */
  GtkWidget       *details_group;
  AdwEntryRow     *detail_rows[N_DETAILS];
  AdwExpanderRow  *notes_row;
  GtkTextView     *notes_view;
  GtkTextBuffer   *notes_buffer;

  /* Owned references */
  CongkakMatch    *match;
  GSignalGroup    *match_signals;
  CongkakNode     *comment_node;   /* the move whose comment is in the editor */

  /* State */
  guint            comment_timeout;
  guint            notes_timeout;
  gboolean         comment_edited;
  gboolean         notes_edited;
  guint            updating;
  guint            committing;
};

G_DEFINE_FINAL_TYPE (CongkakAnnotationView, congkak_annotation_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MATCH,
  PROP_SHOW_DETAILS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
buffer_dup_text (GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* Sets the text only when it differs, so the caret stays where it was. */
static void
buffer_set_text (CongkakAnnotationView *self,
                 GtkTextBuffer         *buffer,
                 const char            *text)
{
  g_autofree char *old = buffer_dup_text (buffer);

  if (g_strcmp0 (old, text) == 0)
    return;
  self->updating++;
  gtk_text_buffer_set_text (buffer, text, -1);
  self->updating--;
}

/* The longest prefix of @text that the match accepts, cut between characters. */
static char *
limit_text (const char *text)
{
  if (!congkak_match_text_is_too_long (text, -1))
    return g_strdup (text);
  return g_strndup (text, g_utf8_offset_to_pointer (text, CONGKAK_MATCH_MAX_TEXT) - text);
}

static gboolean
node_in_match (CongkakMatch *match,
               CongkakNode  *node)
{
  while (congkak_node_get_parent (node))
    node = congkak_node_get_parent (node);
  return node == congkak_match_get_root (match);
}

/* The comment */

static void
commit_comment (CongkakAnnotationView *self)
{
  g_autofree char *text = NULL;
  g_autofree char *limited = NULL;

  g_clear_handle_id (&self->comment_timeout, g_source_remove);
  if (!self->comment_edited)
    return;
  self->comment_edited = FALSE;

  /* The move may have been deleted while its comment was being written. */
  if (self->match == NULL || self->comment_node == NULL || !node_in_match (self->match, self->comment_node))
    return;

  text = buffer_dup_text (self->comment_buffer);
  limited = limit_text (text);
  self->committing++;
  congkak_match_set_comment (self->match, self->comment_node, limited);
  self->committing--;
}

static gboolean
comment_timeout_cb (gpointer user_data)
{
  CongkakAnnotationView *self = user_data;

  self->comment_timeout = 0;
  commit_comment (self);
  return G_SOURCE_REMOVE;
}

static void
comment_changed_cb (GtkTextBuffer         *buffer,
                    CongkakAnnotationView *self)
{
  if (self->updating || self->match == NULL)
    return;
  self->comment_edited = TRUE;
  g_clear_handle_id (&self->comment_timeout, g_source_remove);
  self->comment_timeout = g_timeout_add (COMMIT_DELAY_MS, comment_timeout_cb, self);
}

static void
comment_focus_leave_cb (GtkEventControllerFocus *controller,
                        CongkakAnnotationView   *self)
{
  commit_comment (self);
}

/* Refuses typing and pasting past what the match can keep. */
static void
limit_insert_cb (GtkTextBuffer         *buffer,
                 GtkTextIter           *location,
                 const char            *text,
                 int                    length,
                 CongkakAnnotationView *self)
{
  if (self->updating)
    return;
  /* The buffer counts characters, as the match does. */
  if (gtk_text_buffer_get_char_count (buffer) + g_utf8_strlen (text, length) > CONGKAK_MATCH_MAX_TEXT)
    {
      g_signal_stop_emission_by_name (buffer, "insert-text");
      gtk_widget_error_bell (GTK_WIDGET (self));
    }
}

/* The marks */

static void
update_marks (CongkakAnnotationView *self)
{
  CongkakNode *node = self->match ? congkak_match_get_cursor (self->match) : NULL;
  CongkakMark mark = node ? congkak_node_get_mark (node) : CONGKAK_MARK_NONE;

  self->updating++;
  for (guint i = 0; i < N_MARK_BUTTONS; i++)
    gtk_toggle_button_set_active (self->mark_buttons[i], mark == (CongkakMark) (i + 1));
  self->updating--;
  gtk_widget_set_sensitive (self->mark_box, node != NULL && !congkak_node_is_root (node));
}

static void
mark_toggled_cb (GtkToggleButton       *button,
                 CongkakAnnotationView *self)
{
  CongkakNode *node;
  CongkakMark mark = CONGKAK_MARK_NONE;

  if (self->updating || self->match == NULL)
    return;
  node = congkak_match_get_cursor (self->match);
  if (congkak_node_is_root (node))
    return;

  for (guint i = 0; i < N_MARK_BUTTONS; i++)
    if (self->mark_buttons[i] == button)
      mark = i + 1;
  g_return_if_fail (mark != CONGKAK_MARK_NONE);

  /* A comment being typed goes in first, as its own step. */
  commit_comment (self);
  if (gtk_toggle_button_get_active (button))
    congkak_match_set_mark (self->match, node, mark);
  else if (congkak_node_get_mark (node) == mark)
    congkak_match_set_mark (self->match, node, CONGKAK_MARK_NONE);
  update_marks (self);
}

/* The move */

/* The computer's evaluation, mark and comment, apart from the user's. */
static void
update_analysis (CongkakAnnotationView *self,
                 CongkakNode           *node)
{
  g_autofree char *score = NULL;
  GString *text;
  CongkakMark mark;

  gtk_widget_set_visible (self->analysis_box, node != NULL && congkak_node_has_analysis (node));
  if (node == NULL || !congkak_node_has_analysis (node))
    return;

  text = g_string_new (NULL);
  score = congkak_analysis_format_score (congkak_node_get_evaluation (node));
  /* TRANSLATORS: the computer's evaluation after a move, "+3" or "wins the
   * match", always from South's side */
  g_string_append_printf (text, _("South’s expected margin: %s"), score);
  mark = congkak_node_get_analysis_mark (node);
  if (mark != CONGKAK_MARK_NONE)
    {
      g_string_append_c (text, '\n');
      /* TRANSLATORS: the mark the computer gives a move, "?" or "??" */
      g_string_append_printf (text, _("Mark: %s"), congkak_mark_to_string (mark));
    }
  if (*congkak_node_get_analysis_comment (node))
    {
      g_string_append_c (text, '\n');
      g_string_append (text, congkak_node_get_analysis_comment (node));
    }
  gtk_label_set_text (self->analysis_label, text->str);
  g_string_free (text, TRUE);
}

/* @node as the move list names it: its number counts the sowings before
 * it on its line, its round the rounds begun. */
static char *
describe_move (CongkakMatch *match,
               CongkakNode  *node)
{
  const CongkakState *start = congkak_game_get_state (congkak_match_get_game_at (match, congkak_match_get_root (match)));
  g_autoptr (CongkakHistoryItem) item = NULL;
  guint number = 0, round = start->round;

  for (CongkakNode *step = node; step != NULL && !congkak_node_is_root (step); step = congkak_node_get_parent (step))
    {
      const CongkakMove *move = congkak_node_get_move (step);

      if (move->kind == CONGKAK_MOVE_SOW)
        number++;
      else if (move->kind == CONGKAK_MOVE_NEXT_ROUND)
        round++;
    }
  item = congkak_history_item_new (node, 0, number, round);
  return congkak_history_item_dup_text (item, match);
}

static void
load_node (CongkakAnnotationView *self)
{
  CongkakNode *node = self->match ? congkak_match_get_cursor (self->match) : NULL;

  g_clear_handle_id (&self->comment_timeout, g_source_remove);
  self->comment_edited = FALSE;
  g_set_object (&self->comment_node, node);

  buffer_set_text (self, self->comment_buffer, node ? congkak_node_get_comment (node) : "");
  if (node && congkak_node_is_root (node))
    gtk_label_set_text (self->comment_title, _("Comment on the Start"));
  else if (node)
    {
      g_autofree char *move = describe_move (self->match, node);
      /* TRANSLATORS: the notes' heading names the move they belong to, as
       * the move list does: "Comment on 12. C", "Comment on 12… c" */
      g_autofree char *title = g_strdup_printf (_("Comment on %s"), move);

      gtk_label_set_text (self->comment_title, title);
    }
  else
    gtk_label_set_text (self->comment_title, _("Comment"));
  update_marks (self);
  update_analysis (self, node);
}

static void
cursor_changed_cb (CongkakAnnotationView *self)
{
  commit_comment (self);
  load_node (self);
}

static void
node_changed_cb (CongkakAnnotationView *self,
                 CongkakNode           *node)
{
  if (self->committing || node != self->comment_node)
    return;
  /* Undone, or changed elsewhere: the match's text wins over a pending edit. */
  load_node (self);
}

/* The details */

static void
commit_detail (CongkakAnnotationView *self,
               Detail                 detail)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->detail_rows[detail]));
  g_autofree char *limited = limit_text (text);

  if (self->match == NULL)
    return;

  self->committing++;
  if (detail == DETAIL_SOUTH || detail == DETAIL_NORTH)
    {
      CongkakSide side = detail == DETAIL_SOUTH ? CONGKAK_SOUTH : CONGKAK_NORTH;

      congkak_match_set_player (self->match, side, limited,
                                congkak_match_get_player_kind (self->match, side),
                                congkak_match_get_player_level (self->match, side));
    }
  else
    {
      congkak_match_set_metadata (self->match, detail_fields[detail], limited);
    }
  self->committing--;
}

static void
commit_row (CongkakAnnotationView *self,
            GtkWidget             *row)
{
  for (guint i = 0; i < N_DETAILS; i++)
    if (GTK_WIDGET (self->detail_rows[i]) == row)
      commit_detail (self, i);
}

static void
detail_apply_cb (AdwEntryRow           *row,
                 CongkakAnnotationView *self)
{
  commit_row (self, GTK_WIDGET (row));
}

static void
detail_focus_leave_cb (GtkEventControllerFocus *controller,
                       CongkakAnnotationView   *self)
{
  commit_row (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

static void
commit_notes (CongkakAnnotationView *self)
{
  g_autofree char *text = NULL;
  g_autofree char *limited = NULL;

  g_clear_handle_id (&self->notes_timeout, g_source_remove);
  if (!self->notes_edited || self->match == NULL)
    return;
  self->notes_edited = FALSE;

  text = buffer_dup_text (self->notes_buffer);
  limited = limit_text (text);
  self->committing++;
  congkak_match_set_metadata (self->match, CONGKAK_METADATA_NOTES, limited);
  self->committing--;
}

static gboolean
notes_timeout_cb (gpointer user_data)
{
  CongkakAnnotationView *self = user_data;

  self->notes_timeout = 0;
  commit_notes (self);
  return G_SOURCE_REMOVE;
}

static void
notes_changed_cb (GtkTextBuffer         *buffer,
                  CongkakAnnotationView *self)
{
  if (self->updating || self->match == NULL)
    return;
  self->notes_edited = TRUE;
  g_clear_handle_id (&self->notes_timeout, g_source_remove);
  self->notes_timeout = g_timeout_add (COMMIT_DELAY_MS, notes_timeout_cb, self);
}

static void
notes_focus_leave_cb (GtkEventControllerFocus *controller,
                      CongkakAnnotationView   *self)
{
  commit_notes (self);
}

static gboolean
has_focus_within (GtkWidget *widget)
{
  return (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0;
}

static void
load_details (CongkakAnnotationView *self)
{
  self->updating++;
  for (guint i = 0; i < N_DETAILS; i++)
    {
      GtkEditable *editable = GTK_EDITABLE (self->detail_rows[i]);
      const char *value = "";

      if (self->match == NULL)
        value = "";
      else if (i == DETAIL_SOUTH)
        value = congkak_match_get_player_name (self->match, CONGKAK_SOUTH);
      else if (i == DETAIL_NORTH)
        value = congkak_match_get_player_name (self->match, CONGKAK_NORTH);
      else
        value = congkak_match_get_metadata (self->match, detail_fields[i]);

      /* Leave alone what is being typed in the field with the focus. */
      if (self->match && has_focus_within (GTK_WIDGET (editable)))
        continue;
      if (g_strcmp0 (gtk_editable_get_text (editable), value ? value : "") != 0)
        gtk_editable_set_text (editable, value ? value : "");
    }
  self->updating--;

  g_clear_handle_id (&self->notes_timeout, g_source_remove);
  self->notes_edited = FALSE;
  buffer_set_text (self, self->notes_buffer,
                   self->match ? congkak_match_get_metadata (self->match, CONGKAK_METADATA_NOTES) : "");
}

static void
details_changed_cb (CongkakAnnotationView *self)
{
  if (self->committing)
    return;
  load_details (self);
}

/* The widget */

static void
congkak_annotation_view_dispose (GObject *object)
{
  CongkakAnnotationView *self = CONGKAK_ANNOTATION_VIEW (object);
  GtkWidget *child;

  congkak_annotation_view_set_match (self, NULL);
  g_clear_object (&self->match_signals);
  g_clear_handle_id (&self->comment_timeout, g_source_remove);
  g_clear_handle_id (&self->notes_timeout, g_source_remove);
  g_clear_object (&self->comment_node);

  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_ANNOTATION_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (congkak_annotation_view_parent_class)->dispose (object);
}

static void
congkak_annotation_view_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  CongkakAnnotationView *self = CONGKAK_ANNOTATION_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_SHOW_DETAILS:
      g_value_set_boolean (value, congkak_annotation_view_get_show_details (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_annotation_view_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  CongkakAnnotationView *self = CONGKAK_ANNOTATION_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      congkak_annotation_view_set_match (self, g_value_get_object (value));
      break;
    case PROP_SHOW_DETAILS:
      congkak_annotation_view_set_show_details (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_annotation_view_class_init (CongkakAnnotationViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const char * const mark_ids[N_MARK_BUTTONS] = {
    "good_button", "mistake_button", "brilliant_button",
    "blunder_button", "interesting_button", "dubious_button",
  };
  static const char * const detail_ids[N_DETAILS] = {
    "south_row", "north_row", "event_row", "place_row", "date_row", "round_row",
  };

  object_class->dispose = congkak_annotation_view_dispose;
  object_class->get_property = congkak_annotation_view_get_property;
  object_class->set_property = congkak_annotation_view_set_property;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, CONGKAK_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_DETAILS] =
    g_param_spec_boolean ("show-details", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/congkak/Congkak/ui/congkak-annotation-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, scroller);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, content);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, comment_title);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, analysis_box);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, analysis_label);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, comment_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, comment_buffer);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, mark_box);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, details_group);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, notes_row);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, notes_view);
  gtk_widget_class_bind_template_child (widget_class, CongkakAnnotationView, notes_buffer);
  for (guint i = 0; i < N_MARK_BUTTONS; i++)
    gtk_widget_class_bind_template_child_full (widget_class, mark_ids[i], FALSE,
                                               G_STRUCT_OFFSET (CongkakAnnotationView, mark_buttons)
                                               + i * sizeof (GtkToggleButton *));
  for (guint i = 0; i < N_DETAILS; i++)
    gtk_widget_class_bind_template_child_full (widget_class, detail_ids[i], FALSE,
                                               G_STRUCT_OFFSET (CongkakAnnotationView, detail_rows)
                                               + i * sizeof (AdwEntryRow *));
  gtk_widget_class_bind_template_callback (widget_class, comment_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, comment_focus_leave_cb);
  gtk_widget_class_bind_template_callback (widget_class, limit_insert_cb);
  gtk_widget_class_bind_template_callback (widget_class, mark_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, detail_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, detail_focus_leave_cb);
  gtk_widget_class_bind_template_callback (widget_class, notes_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, notes_focus_leave_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "congkak-annotation-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
congkak_annotation_view_init (CongkakAnnotationView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_sensitive (self->content, FALSE);
  self->match_signals = g_signal_group_new (CONGKAK_TYPE_MATCH);
  g_signal_group_connect_swapped (self->match_signals, "notify::cursor", G_CALLBACK (cursor_changed_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "node-changed", G_CALLBACK (node_changed_cb), self);
  g_signal_group_connect_swapped (self->match_signals, "details-changed", G_CALLBACK (details_changed_cb), self);
  /* A button is named after its label ("!?"), which screen readers spell
   * out; without that relation they say the accessible label instead
   * ("Interesting move"). */
  for (guint i = 0; i < N_MARK_BUTTONS; i++)
    gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->mark_buttons[i]),
                                   GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  update_marks (self);
}

GtkWidget *
congkak_annotation_view_new (void)
{
  return g_object_new (CONGKAK_TYPE_ANNOTATION_VIEW, NULL);
}

CongkakMatch *
congkak_annotation_view_get_match (CongkakAnnotationView *self)
{
  g_return_val_if_fail (CONGKAK_IS_ANNOTATION_VIEW (self), NULL);

  return self->match;
}

/**
 * congkak_annotation_view_set_match:
 * @match: (nullable): the match to annotate
 *
 * What was being typed goes into the previous match first.
 */
void
congkak_annotation_view_set_match (CongkakAnnotationView *self,
                                   CongkakMatch          *match)
{
  g_return_if_fail (CONGKAK_IS_ANNOTATION_VIEW (self));
  g_return_if_fail (match == NULL || CONGKAK_IS_MATCH (match));

  if (self->match == match)
    return;

  if (self->match)
    congkak_annotation_view_commit (self);
  g_set_object (&self->match, match);
  if (self->match_signals)
    g_signal_group_set_target (self->match_signals, match);

  if (self->content)
    {
      gtk_widget_set_sensitive (self->content, match != NULL);
      load_node (self);
      load_details (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);
}

gboolean
congkak_annotation_view_get_show_details (CongkakAnnotationView *self)
{
  g_return_val_if_fail (CONGKAK_IS_ANNOTATION_VIEW (self), FALSE);

  return gtk_widget_get_visible (self->details_group);
}

void
congkak_annotation_view_set_show_details (CongkakAnnotationView *self,
                                          gboolean               show_details)
{
  g_return_if_fail (CONGKAK_IS_ANNOTATION_VIEW (self));

  show_details = !!show_details;
  if (gtk_widget_get_visible (self->details_group) == show_details)
    return;
  gtk_widget_set_visible (self->details_group, show_details);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_DETAILS]);
}

/**
 * congkak_annotation_view_commit:
 *
 * Writes the comment, notes and details being edited into the match now,
 * before saving, say.
 */
void
congkak_annotation_view_commit (CongkakAnnotationView *self)
{
  g_return_if_fail (CONGKAK_IS_ANNOTATION_VIEW (self));

  commit_comment (self);
  commit_notes (self);
  for (guint i = 0; i < N_DETAILS; i++)
    if (has_focus_within (GTK_WIDGET (self->detail_rows[i])))
      commit_detail (self, i);
}

GtkTextBuffer *
congkak_annotation_view_get_comment_buffer (CongkakAnnotationView *self)
{
  g_return_val_if_fail (CONGKAK_IS_ANNOTATION_VIEW (self), NULL);

  return self->comment_buffer;
}

/**
 * congkak_annotation_view_get_mark_button:
 *
 * Returns: (transfer none): the toggle button of @mark
 */
GtkWidget *
congkak_annotation_view_get_mark_button (CongkakAnnotationView *self,
                                         CongkakMark            mark)
{
  g_return_val_if_fail (CONGKAK_IS_ANNOTATION_VIEW (self), NULL);
  g_return_val_if_fail (mark > CONGKAK_MARK_NONE && mark <= CONGKAK_MARK_DUBIOUS, NULL);

  return GTK_WIDGET (self->mark_buttons[mark - 1]);
}
