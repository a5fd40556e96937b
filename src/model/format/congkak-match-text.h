/* congkak-match-text.h — the plain-text notation, for mail and forums
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "congkak-format.h"
#include "congkak-match.h"

G_BEGIN_DECLS

/**
 * CongkakOgnLosses:
 * @variation_moves: moves outside the main line, left out
 * @start_comment: the comment on the start position, left out
 * @result: the result in the details is not what the moves give, and is replaced
 * @analysed_moves: moves of the main line with the computer's analysis, left out
 * @changed_texts: comments and details written without their line breaks,
 *   runs of spaces, control characters or “}”
 *
 * What writing a match in the Oware Game Notation leaves out or changes.
 */
typedef struct
{
  guint    variation_moves;
  gboolean start_comment;
  gboolean result;
  guint    analysed_moves;
  guint    changed_texts;
} CongkakOgnLosses;

CongkakMatch *congkak_match_load_from_text (const char    *text,
                                            gssize         length,
                                            GError       **error);
CongkakMatch *congkak_match_load_from_text_with_format (const char          *text,
                                                        gssize               length,
                                                        CongkakMatchFormat  *format,
                                                        GError             **error);
char         *congkak_match_save_to_text   (CongkakMatch  *match);
gboolean      congkak_match_save_text_to_file (CongkakMatch  *match,
                                               GFile         *file,
                                               GCancellable  *cancellable,
                                               GError       **error);
gboolean      congkak_match_can_save_to_ogn (CongkakMatch *match,
                                             GError      **error);
char         *congkak_match_save_to_ogn    (CongkakMatch      *match,
                                            CongkakOgnLosses  *losses,
                                            GError           **error);
gboolean      congkak_ogn_losses_lose_meaning (const CongkakOgnLosses *losses);
GPtrArray    *congkak_ogn_losses_describe  (const CongkakOgnLosses *losses);

G_END_DECLS
