/* congkak-annotation-view.h — the comment and mark of the current move, and the match's details
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-match.h"

G_BEGIN_DECLS

#define CONGKAK_TYPE_ANNOTATION_VIEW (congkak_annotation_view_get_type ())

G_DECLARE_FINAL_TYPE (CongkakAnnotationView, congkak_annotation_view, CONGKAK, ANNOTATION_VIEW, GtkWidget)

GtkWidget     *congkak_annotation_view_new                (void);
CongkakMatch  *congkak_annotation_view_get_match          (CongkakAnnotationView *self);
void           congkak_annotation_view_set_match          (CongkakAnnotationView *self,
                                                           CongkakMatch          *match);
gboolean       congkak_annotation_view_get_show_details   (CongkakAnnotationView *self);
void           congkak_annotation_view_set_show_details   (CongkakAnnotationView *self,
                                                           gboolean               show_details);

/* Writes a comment or detail being edited into the match now. */
void           congkak_annotation_view_commit             (CongkakAnnotationView *self);

/* The editing widgets, for tests. */
GtkTextBuffer *congkak_annotation_view_get_comment_buffer (CongkakAnnotationView *self);
GtkWidget     *congkak_annotation_view_get_mark_button    (CongkakAnnotationView *self,
                                                           CongkakMark            mark);

G_END_DECLS
