/* congkak-rules.c — profiles, option keys and validation (RULES.md section 8)
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-rules.h"

G_DEFINE_QUARK (congkak-rules-error-quark, congkak_rules_error)

typedef enum
{
  APPLIES_ALWAYS,
  APPLIES_STORE,
  APPLIES_OWARE,
} Applies;

typedef enum
{
  KIND_CHOICE,
  KIND_NUMBER,
} Kind;

typedef struct
{
  const char  *key;
  Applies      applies;
  Kind         kind;
  /* KIND_CHOICE: value names, indexed by the stored number (on/off are 1/0). */
  const char  *choices[5];
  guint        min;
  guint        max;
  gsize        offset;
} OptionInfo;

#define FIELD(name) G_STRUCT_OFFSET (CongkakRules, name)

/* "on"/"off" are stored as TRUE/FALSE, so "off" comes first. */
static const OptionInfo options[] = {
  { "family", APPLIES_ALWAYS, KIND_CHOICE, { "store", "oware" }, 0, 0, FIELD (family) },
  { "holes", APPLIES_ALWAYS, KIND_NUMBER, { NULL }, CONGKAK_MIN_HOLES, CONGKAK_MAX_HOLES, FIELD (holes) },
  { "seeds", APPLIES_ALWAYS, KIND_NUMBER, { NULL }, CONGKAK_MIN_SEEDS, CONGKAK_MAX_SEEDS, FIELD (seeds) },
  { "direction", APPLIES_ALWAYS, KIND_CHOICE, { "clockwise", "counter-clockwise" }, 0, 0, FIELD (direction) },
  { "relay", APPLIES_STORE, KIND_CHOICE, { "off", "on" }, 0, 0, FIELD (relay) },
  { "capture-empty-opposite", APPLIES_STORE, KIND_CHOICE, { "off", "on" }, 0, 0, FIELD (capture_empty_opposite) },
  { "empty-side", APPLIES_STORE, KIND_CHOICE, { "end-round", "mover-cannot-move", "pass" }, 0, 0, FIELD (empty_side) },
  { "rounds", APPLIES_STORE, KIND_CHOICE, { "single", "multi" }, 0, 0, FIELD (multi_round) },
  { "simultaneous-opening", APPLIES_STORE, KIND_CHOICE, { "off", "on" }, 0, 0, FIELD (simultaneous_opening) },
  { "burnt-sowing", APPLIES_STORE, KIND_CHOICE, { "skip", "forfeit" }, 0, 0, FIELD (burnt_sowing) },
  { "round-starter", APPLIES_STORE, KIND_CHOICE, { "loser", "winner", "last-mover", "alternate" }, 0, 0, FIELD (round_starter) },
  { "min-holes", APPLIES_STORE, KIND_NUMBER, { NULL }, 1, CONGKAK_MAX_HOLES, FIELD (min_holes) },
  { "max-rounds", APPLIES_STORE, KIND_NUMBER, { NULL }, 0, CONGKAK_MAX_MAX_ROUNDS, FIELD (max_rounds) },
  { "stop-when-decided", APPLIES_STORE, KIND_CHOICE, { "off", "on" }, 0, 0, FIELD (stop_when_decided) },
  { "first-player", APPLIES_ALWAYS, KIND_CHOICE, { "south", "north" }, 0, 0, FIELD (first_player) },
  { "grand-slam", APPLIES_OWARE, KIND_CHOICE, { "no-capture", "capture" }, 0, 0, FIELD (grand_slam) },
};

static const char * const option_keys[] = {
  "family", "holes", "seeds", "direction", "relay", "capture-empty-opposite",
  "empty-side", "rounds", "simultaneous-opening", "burnt-sowing", "round-starter",
  "min-holes", "max-rounds", "stop-when-decided", "first-player", "grand-slam",
  NULL
};

/* The catalogue of games: every list of games (the New Match dialog, the
 * library's game filter, the rules window, congkak-cli --rules) is made
 * from this table, in its order. */
typedef struct
{
  const char *name;         /* in files, GSettings and congkak-cli --rules */
  const char *title;        /* N_() */
  const char *description;  /* N_(): a line to choose the game by */
} ProfileInfo;

static const ProfileInfo profiles[] = {
  { "congkak", N_("Congkak"), N_("The traditional match of rounds, with burnt holes") },
  { "congkak-single", N_("Congkak, One Round"), N_("Congkak’s sowing, relay and capture in one round") },
  { "kalah", N_("Kalah"), N_("A quick game without relay, where captures decide") },
  { "oware", N_("Oware"), N_("Capture twos and threes; no seeds are sown into stores") },
};

G_STATIC_ASSERT (G_N_ELEMENTS (option_keys) == G_N_ELEMENTS (options) + 1);

/* Every field is a 32-bit enum, gboolean or guint, so one accessor serves all. */
G_STATIC_ASSERT (sizeof (CongkakFamily) == sizeof (guint));
G_STATIC_ASSERT (sizeof (gboolean) == sizeof (guint));

static guint *
option_field (CongkakRules     *rules,
              const OptionInfo *info)
{
  return (guint *) G_STRUCT_MEMBER_P (rules, info->offset);
}

static const OptionInfo *
find_option (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (strcmp (options[i].key, key) == 0)
      return &options[i];
  return NULL;
}

static gboolean
option_applies_to_family (const OptionInfo *info,
                          CongkakFamily     family)
{
  switch (info->applies)
    {
    case APPLIES_ALWAYS:
      return TRUE;
    case APPLIES_STORE:
      return family == CONGKAK_FAMILY_STORE;
    case APPLIES_OWARE:
      return family == CONGKAK_FAMILY_OWARE;
    default:
      g_assert_not_reached ();
    }
}

static void
init_congkak (CongkakRules *rules)
{
  *rules = (CongkakRules) {
    .family = CONGKAK_FAMILY_STORE,
    .holes = 7,
    .seeds = 7,
    .direction = CONGKAK_DIRECTION_CLOCKWISE,
    .relay = TRUE,
    .capture_empty_opposite = TRUE,
    .empty_side = CONGKAK_EMPTY_SIDE_END_ROUND,
    .multi_round = TRUE,
    .simultaneous_opening = TRUE,
    .burnt_sowing = CONGKAK_BURNT_SOWING_SKIP,
    .round_starter = CONGKAK_ROUND_STARTER_LOSER,
    .min_holes = 1,
    .max_rounds = 0,
    .stop_when_decided = FALSE,
    .first_player = CONGKAK_SOUTH,
    .grand_slam = CONGKAK_GRAND_SLAM_NO_CAPTURE,
  };
}

/**
 * congkak_rules_profile_names:
 *
 * Returns: (array zero-terminated=1): the profiles' names, such as
 *   `kalah`, in the order every list of games shows them
 */
const char * const *
congkak_rules_profile_names (void)
{
  static const char *names[G_N_ELEMENTS (profiles) + 1];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
        names[i] = profiles[i].name;
      g_once_init_leave (&done, 1);
    }
  return names;
}

static const ProfileInfo *
find_profile (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
    if (g_strcmp0 (profiles[i].name, name) == 0)
      return &profiles[i];
  return NULL;
}

/**
 * congkak_rules_profile_title:
 * @profile: a profile's name, such as `kalah`
 *
 * Returns: (nullable): the game's name to show, such as “Kalah”,
 *   translated; %NULL for no profile
 */
const char *
congkak_rules_profile_title (const char *profile)
{
  const ProfileInfo *info = find_profile (profile);

  return info ? _(info->title) : NULL;
}

/**
 * congkak_rules_profile_description:
 * @profile: a profile's name, such as `kalah`
 *
 * Returns: (nullable): a line that tells the game apart from the others,
 *   translated; %NULL for no profile
 */
const char *
congkak_rules_profile_description (const char *profile)
{
  const ProfileInfo *info = find_profile (profile);

  return info ? _(info->description) : NULL;
}

const char * const *
congkak_rules_option_keys (void)
{
  return option_keys;
}

/**
 * congkak_rules_init_profile:
 * @rules: (out): the rules to fill in
 * @profile: `congkak`, `congkak-single`, `kalah` or `oware`
 *
 * Returns: %TRUE if @profile names a profile of RULES.md section 8.
 */
gboolean
congkak_rules_init_profile (CongkakRules  *rules,
                            const char    *profile,
                            GError       **error)
{
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (profile != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  init_congkak (rules);

  if (strcmp (profile, "congkak") == 0)
    return TRUE;

  if (strcmp (profile, "congkak-single") == 0)
    {
      rules->multi_round = FALSE;
      rules->simultaneous_opening = FALSE;
      return TRUE;
    }

  if (strcmp (profile, "kalah") == 0)
    {
      rules->holes = 6;
      rules->seeds = 4;
      rules->direction = CONGKAK_DIRECTION_COUNTER_CLOCKWISE;
      rules->relay = FALSE;
      rules->capture_empty_opposite = FALSE;
      rules->multi_round = FALSE;
      rules->simultaneous_opening = FALSE;
      return TRUE;
    }

  if (strcmp (profile, "oware") == 0)
    {
      /* Store-only options get fixed neutral values: they never apply to
       * Oware, and fixed values keep congkak_rules_equal() meaningful. */
      rules->family = CONGKAK_FAMILY_OWARE;
      rules->holes = 6;
      rules->seeds = 4;
      rules->direction = CONGKAK_DIRECTION_COUNTER_CLOCKWISE;
      rules->relay = FALSE;
      rules->capture_empty_opposite = FALSE;
      rules->multi_round = FALSE;
      rules->simultaneous_opening = FALSE;
      return TRUE;
    }

  {
    g_autofree char *known = g_strjoinv (", ", (char **) congkak_rules_profile_names ());

    g_set_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_UNKNOWN_PROFILE,
                 _("Unknown game “%s”. Known games: %s."), profile, known);
  }
  return FALSE;
}

/**
 * congkak_rules_set_option:
 * @key: an option key of RULES.md section 8, such as `relay`
 * @value: its value, such as `on`
 *
 * Sets one option.  Setting `family` to another family starts again from
 * that family's profile (`congkak` or `oware`), so later options build on
 * it.  An option that does not apply to the family is an error.  Call
 * congkak_rules_validate() after the last option to check combinations.
 */
gboolean
congkak_rules_set_option (CongkakRules  *rules,
                          const char    *key,
                          const char    *value,
                          GError       **error)
{
  const OptionInfo *info;

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (key != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  info = find_option (key);
  if (info == NULL)
    {
      g_autofree char *known = g_strjoinv (", ", (char **) option_keys);

      g_set_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_UNKNOWN_OPTION,
                   _("Unknown rule option “%s”. Known options: %s."), key, known);
      return FALSE;
    }

  if (!option_applies_to_family (info, rules->family))
    {
      g_set_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_NOT_APPLICABLE,
                   rules->family == CONGKAK_FAMILY_OWARE
                   ? _("The rule option “%s” applies only to store games (congkak and kalah), not to Oware.")
                   : _("The rule option “%s” applies only to Oware, not to store games."),
                   key);
      return FALSE;
    }

  if (info->kind == KIND_NUMBER)
    {
      guint64 number;

      if (!g_ascii_string_to_unsigned (value, 10, info->min, info->max, &number, NULL))
        {
          g_set_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_INVALID_VALUE,
                       _("The rule option “%s” must be a whole number from %u to %u, not “%s”."),
                       key, info->min, info->max, value);
          return FALSE;
        }
      *option_field (rules, info) = (guint) number;
      return TRUE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (info->choices) && info->choices[i] != NULL; i++)
    {
      if (strcmp (info->choices[i], value) != 0)
        continue;

      if (info->offset == FIELD (family) && i != rules->family)
        {
          CongkakRules base;

          congkak_rules_init_profile (&base, i == CONGKAK_FAMILY_OWARE ? "oware" : "congkak", NULL);
          *rules = base;
        }
      *option_field (rules, info) = i;
      return TRUE;
    }

  {
    g_autofree char *known = g_strjoinv (", ", (char **) info->choices);

    g_set_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_INVALID_VALUE,
                 _("The rule option “%s” cannot be “%s”. Possible values: %s."),
                 key, value, known);
  }
  return FALSE;
}

/**
 * congkak_rules_get_option:
 *
 * Returns: (transfer full) (nullable): the value of @key as it is written
 *   in match files, or %NULL for an unknown key.
 */
char *
congkak_rules_get_option (const CongkakRules *rules,
                          const char         *key)
{
  const OptionInfo *info;
  guint value;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  info = find_option (key);
  if (info == NULL)
    return NULL;

  value = *option_field ((CongkakRules *) rules, info);
  if (info->kind == KIND_NUMBER)
    return g_strdup_printf ("%u", value);

  g_return_val_if_fail (value < G_N_ELEMENTS (info->choices) && info->choices[value], NULL);
  return g_strdup (info->choices[value]);
}

/**
 * congkak_rules_option_applies:
 *
 * Returns: whether @key is a known option that applies to the family of
 *   @rules (section 8: store options do not apply to Oware and back).
 */
gboolean
congkak_rules_option_applies (const CongkakRules *rules,
                              const char         *key)
{
  const OptionInfo *info;

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  info = find_option (key);
  return info != NULL && option_applies_to_family (info, rules->family);
}

/**
 * congkak_rules_validate:
 *
 * Checks every value's range and the combinations that cannot be played.
 */
gboolean
congkak_rules_validate (const CongkakRules  *rules,
                        GError             **error)
{
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      const OptionInfo *info = &options[i];
      guint value = *option_field ((CongkakRules *) rules, info);
      guint n_choices = 0;

      if (info->kind == KIND_NUMBER)
        {
          if (value >= info->min && value <= info->max)
            continue;
          g_set_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_INVALID_VALUE,
                       _("The rule option “%s” must be a whole number from %u to %u, not %u."),
                       info->key, info->min, info->max, value);
          return FALSE;
        }

      while (n_choices < G_N_ELEMENTS (info->choices) && info->choices[n_choices] != NULL)
        n_choices++;
      if (value < n_choices)
        continue;
      g_set_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_INVALID_VALUE,
                   _("The rule option “%s” has an invalid value."), info->key);
      return FALSE;
    }

  if (rules->family == CONGKAK_FAMILY_STORE && rules->min_holes > rules->holes)
    {
      g_set_error (error, CONGKAK_RULES_ERROR, CONGKAK_RULES_ERROR_IMPOSSIBLE,
                   ngettext ("“min-holes” is %u, but each player has only %u hole: no player could ever fill that many.",
                             "“min-holes” is %u, but each player has only %u holes: no player could ever fill that many.",
                             rules->holes),
                   rules->min_holes, rules->holes);
      return FALSE;
    }

  /* Relay is safe only because every store-game circuit passes through the
   * mover's own store (RULES.md section 2, termination); the option set
   * offers no way to leave it out, so no further check is needed here. */

  return TRUE;
}

gboolean
congkak_rules_equal (const CongkakRules *a,
                     const CongkakRules *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (*option_field ((CongkakRules *) a, &options[i]) != *option_field ((CongkakRules *) b, &options[i]))
      return FALSE;
  return TRUE;
}

/**
 * congkak_rules_profile_name:
 *
 * Returns: (nullable): the profile whose options @rules has exactly, or
 *   %NULL for a custom rule set.
 */
const char *
congkak_rules_profile_name (const CongkakRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
    {
      CongkakRules profile;

      congkak_rules_init_profile (&profile, profiles[i].name, NULL);
      if (congkak_rules_equal (rules, &profile))
        return profiles[i].name;
    }
  return NULL;
}

guint
congkak_rules_total_seeds (const CongkakRules *rules)
{
  g_return_val_if_fail (rules != NULL, 0);

  return 2 * rules->holes * rules->seeds;
}

/**
 * congkak_side_get_name:
 *
 * The one name of a side that the app, the narration, printed diagrams
 * and congkak-cli show; congkak_side_to_string() gives the key that files
 * use instead.
 *
 * Returns: “South” or “North”, translated
 */
const char *
congkak_side_get_name (CongkakSide side)
{
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, "");

  return side == CONGKAK_SOUTH ? _("South") : _("North");
}

const char *
congkak_side_to_string (CongkakSide side)
{
  switch (side)
    {
    case CONGKAK_SOUTH:
      return "south";
    case CONGKAK_NORTH:
      return "north";
    case CONGKAK_NOBODY:
    default:
      return NULL;
    }
}
