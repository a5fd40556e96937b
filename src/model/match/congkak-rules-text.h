/* congkak-rules-text.h — a rule set explained in plain sentences
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "congkak-engine.h"

G_BEGIN_DECLS

/* One part of the rules.  `id` is a section id of the help pages (board,
 * sowing, relay, capture, extra-turn, burnt, opening, round-end, refill,
 * match-end, feeding, grand-slam, example), the same in the rules window,
 * the help and the narration's links. */
typedef struct
{
  const char *id;
  char       *title;
  GStrv       paragraphs;
} CongkakRulesSection;

void        congkak_rules_section_free   (CongkakRulesSection *section);

GPtrArray  *congkak_rules_describe       (const CongkakRules  *rules);
const char *congkak_rules_section_title  (const CongkakRules  *rules,
                                          const char          *section_id);
gboolean    congkak_rules_has_section    (const CongkakRules  *rules,
                                          const char          *section_id);
const char *congkak_rules_help_page      (const CongkakRules  *rules);
char       *congkak_rules_heading        (const CongkakRules  *rules);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CongkakRulesSection, congkak_rules_section_free)

G_END_DECLS
