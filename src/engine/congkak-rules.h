/* congkak-rules.h — the rule options of RULES.md, as a validated value type
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CONGKAK_MIN_HOLES 3
#define CONGKAK_MAX_HOLES 9
#define CONGKAK_MIN_SEEDS 1
#define CONGKAK_MAX_SEEDS 20
/* A number of rounds that no real match reaches; keeps counters small. */
#define CONGKAK_MAX_MAX_ROUNDS 9999

#define CONGKAK_RULES_ERROR (congkak_rules_error_quark ())

typedef enum
{
  CONGKAK_RULES_ERROR_UNKNOWN_PROFILE,
  CONGKAK_RULES_ERROR_UNKNOWN_OPTION,
  CONGKAK_RULES_ERROR_INVALID_VALUE,
  CONGKAK_RULES_ERROR_NOT_APPLICABLE,
  CONGKAK_RULES_ERROR_IMPOSSIBLE,
} CongkakRulesError;

typedef enum
{
  CONGKAK_SOUTH = 0,
  CONGKAK_NORTH = 1,
  CONGKAK_NOBODY = -1,
} CongkakSide;

#define CONGKAK_OTHER_SIDE(side) ((CongkakSide) (1 - (side)))

typedef enum
{
  CONGKAK_FAMILY_STORE,
  CONGKAK_FAMILY_OWARE,
} CongkakFamily;

typedef enum
{
  CONGKAK_DIRECTION_CLOCKWISE,
  CONGKAK_DIRECTION_COUNTER_CLOCKWISE,
} CongkakDirection;

typedef enum
{
  CONGKAK_EMPTY_SIDE_END_ROUND,
  CONGKAK_EMPTY_SIDE_MOVER_CANNOT_MOVE,
  CONGKAK_EMPTY_SIDE_PASS,
} CongkakEmptySide;

typedef enum
{
  CONGKAK_BURNT_SOWING_SKIP,
  CONGKAK_BURNT_SOWING_FORFEIT,
} CongkakBurntSowing;

typedef enum
{
  CONGKAK_ROUND_STARTER_LOSER,
  CONGKAK_ROUND_STARTER_WINNER,
  CONGKAK_ROUND_STARTER_LAST_MOVER,
  CONGKAK_ROUND_STARTER_ALTERNATE,
} CongkakRoundStarter;

typedef enum
{
  CONGKAK_GRAND_SLAM_NO_CAPTURE,
  CONGKAK_GRAND_SLAM_CAPTURE,
} CongkakGrandSlam;

/* Plain value: copy it with `=`, compare it with congkak_rules_equal(). */
typedef struct
{
  CongkakFamily       family;
  guint               holes;
  guint               seeds;
  CongkakDirection    direction;
  gboolean            relay;
  gboolean            capture_empty_opposite;
  CongkakEmptySide    empty_side;
  gboolean            multi_round;
  gboolean            simultaneous_opening;
  CongkakBurntSowing  burnt_sowing;
  CongkakRoundStarter round_starter;
  guint               min_holes;
  guint               max_rounds;
  gboolean            stop_when_decided;
  CongkakSide         first_player;
  CongkakGrandSlam    grand_slam;
} CongkakRules;

GQuark              congkak_rules_error_quark      (void);

const char * const *congkak_rules_profile_names    (void);
const char         *congkak_rules_profile_title    (const char         *profile);
const char         *congkak_rules_profile_description (const char      *profile);
const char * const *congkak_rules_option_keys      (void);

gboolean            congkak_rules_init_profile     (CongkakRules       *rules,
                                                    const char         *profile,
                                                    GError            **error);
gboolean            congkak_rules_set_option       (CongkakRules       *rules,
                                                    const char         *key,
                                                    const char         *value,
                                                    GError            **error);
char               *congkak_rules_get_option       (const CongkakRules *rules,
                                                    const char         *key);
gboolean            congkak_rules_option_applies   (const CongkakRules *rules,
                                                    const char         *key);
gboolean            congkak_rules_validate         (const CongkakRules *rules,
                                                    GError            **error);
gboolean            congkak_rules_equal            (const CongkakRules *a,
                                                    const CongkakRules *b);
const char         *congkak_rules_profile_name     (const CongkakRules *rules);
guint               congkak_rules_total_seeds      (const CongkakRules *rules);

const char         *congkak_side_to_string         (CongkakSide         side);
const char         *congkak_side_get_name          (CongkakSide         side);

G_END_DECLS
