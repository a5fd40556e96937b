/* congkak-print.h — a match on paper: header, moves and board diagrams
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "congkak-board-picture.h"
#include "congkak-match.h"

G_BEGIN_DECLS

/* Diagrams share a page three at a time, after the moves. */
#define CONGKAK_PRINT_DIAGRAMS_PER_PAGE 3

/* Which positions get a board diagram, and how boards look on paper. */
typedef struct
{
  gboolean              start;       /* the start position */
  gboolean              round_ends;  /* where each round ended */
  gboolean              annotated;   /* after each move with a comment or a mark */
  gboolean              final;       /* the end of the main line */
  gboolean              current;     /* the position on the board */
  guint                 every;       /* after every N-th move of the main line; 0 for none */
  CongkakPictureOptions picture;
} CongkakPrintOptions;

void               congkak_print_options_init    (CongkakPrintOptions       *options);
GPtrArray         *congkak_print_list_diagrams   (CongkakMatch              *match,
                                                  CongkakNode               *current,
                                                  const CongkakPrintOptions *options);
GtkPrintOperation *congkak_print_operation_new   (CongkakMatch              *match,
                                                  CongkakNode               *current,
                                                  CongkakPrintOptions       *options);

G_END_DECLS
