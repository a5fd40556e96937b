/* congkak-rules-text.c — a rule set explained in plain sentences
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every sentence is chosen from the rule options, so a custom rule set is
 * explained as exactly as a profile: the rules window, `congkak-cli rules`
 * and the tests all read this.  The example is played by the engine and
 * told by the narration, never worked out here.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "congkak-narration.h"
#include "congkak-rules-text.h"

/* The most narration sentences the example tells before it stops. */
#define MAX_EXAMPLE_SENTENCES 8

static gboolean
is_store (const CongkakRules *rules)
{
  return rules->family == CONGKAK_FAMILY_STORE;
}

static gboolean
is_multi (const CongkakRules *rules)
{
  return is_store (rules) && rules->multi_round;
}

static gboolean
is_oware (const CongkakRules *rules)
{
  return rules->family == CONGKAK_FAMILY_OWARE;
}

static gboolean
has_relay (const CongkakRules *rules)
{
  return is_store (rules) && rules->relay;
}

static gboolean
has_opening (const CongkakRules *rules)
{
  return is_store (rules) && rules->simultaneous_opening;
}

static gboolean
always (const CongkakRules *rules)
{
  return TRUE;
}

static gboolean
clockwise (const CongkakRules *rules)
{
  return rules->direction == CONGKAK_DIRECTION_CLOCKWISE;
}

static char
first_letter (CongkakSide side)
{
  return congkak_hole_letter (side, 0);
}

static char
last_letter (const CongkakRules *rules,
             CongkakSide         side)
{
  return congkak_hole_letter (side, rules->holes - 1);
}

/* Sections */

static void
describe_board (const CongkakRules *rules,
                GPtrArray          *out)
{
  guint total = congkak_rules_total_seeds (rules);

  if (is_oware (rules))
    g_ptr_array_add (out, g_strdup_printf (ngettext ("Two players, South and North, face each other across the board. Each owns the row of %u hole nearest to them. The seeds a player captures are kept beside the board; the app shows them in that player’s store.",
                                                     "Two players, South and North, face each other across the board. Each owns the row of %u holes nearest to them. The seeds a player captures are kept beside the board; the app shows them in that player’s store.",
                                                     rules->holes),
                                           rules->holes));
  else
    g_ptr_array_add (out, g_strdup_printf (ngettext ("Two players, South and North, face each other across the board. Each owns the row of %u hole nearest to them and the store at one end of the board.",
                                                     "Two players, South and North, face each other across the board. Each owns the row of %u holes nearest to them and the store at one end of the board.",
                                                     rules->holes),
                                           rules->holes));

  if (clockwise (rules))
    g_ptr_array_add (out, g_strdup_printf (is_store (rules)
                                           ? _("Seeds travel clockwise, so each player’s store is on their left. South’s holes are lettered %c to %c from right to left and North’s %c to %c from left to right: the letters follow the seeds.")
                                           : _("Seeds travel clockwise. South’s holes are lettered %c to %c from right to left and North’s %c to %c from left to right: the letters follow the seeds."),
                                           first_letter (CONGKAK_SOUTH), last_letter (rules, CONGKAK_SOUTH),
                                           first_letter (CONGKAK_NORTH), last_letter (rules, CONGKAK_NORTH)));
  else
    g_ptr_array_add (out, g_strdup_printf (is_store (rules)
                                           ? _("Seeds travel counter-clockwise, so each player’s store is on their right. South’s holes are lettered %c to %c from left to right and North’s %c to %c from right to left: the letters follow the seeds.")
                                           : _("Seeds travel counter-clockwise. South’s holes are lettered %c to %c from left to right and North’s %c to %c from right to left: the letters follow the seeds."),
                                           first_letter (CONGKAK_SOUTH), last_letter (rules, CONGKAK_SOUTH),
                                           first_letter (CONGKAK_NORTH), last_letter (rules, CONGKAK_NORTH)));

  {
    g_autofree char *each = g_strdup_printf (ngettext ("At the start every hole holds %u seed.",
                                                       "At the start every hole holds %u seeds.", rules->seeds),
                                             rules->seeds);
    g_autofree char *all = g_strdup_printf (ngettext ("There is %u seed in all.", "There are %u seeds in all.", total),
                                            total);
    const char *first;

    if (has_opening (rules))
      first = _("Both players begin at once, in the simultaneous opening.");
    else if (rules->first_player == CONGKAK_NORTH)
      first = _("North moves first.");
    else
      first = _("South moves first.");
    /* TRANSLATORS: three sentences: seeds per hole, seeds in all, who begins */
    g_ptr_array_add (out, g_strdup_printf (C_("rules", "%s %s %s"), each, all, first));
  }
}

static void
describe_opening (const CongkakRules *rules,
                  GPtrArray          *out)
{
  g_ptr_array_add (out, g_strdup (_("The first round begins with both players at once. Each chooses one of their holes without seeing the other’s choice; then both sow together, one seed each in turn, South’s seed first.")));
  g_ptr_array_add (out, g_strdup (rules->relay
                                  ? _("When a player’s last seed falls into their own store, they choose another hole at once and keep sowing; a relay goes on as usual. A capture, or a last seed in an empty hole, ends that player’s opening, and they wait while the other finishes.")
                                  : _("When a player’s last seed falls into their own store, they choose another hole at once and keep sowing. Any other last seed ends that player’s opening, and they wait while the other finishes.")));
  g_ptr_array_add (out, g_strdup (rules->multi_round
                                  ? _("The player whose opening ended first makes the first ordinary move (South, if both ended together). Later rounds have no opening.")
                                  : _("The player whose opening ended first makes the first ordinary move (South, if both ended together).")));
}

static void
describe_sowing (const CongkakRules *rules,
                 GPtrArray          *out)
{
  if (is_oware (rules))
    {
      g_ptr_array_add (out, g_strdup (clockwise (rules)
                                      ? _("On your turn, choose one of your holes that holds seeds. Take all its seeds and drop them one at a time into the following holes, clockwise round both rows. No seed is sown into a store.")
                                      : _("On your turn, choose one of your holes that holds seeds. Take all its seeds and drop them one at a time into the following holes, counter-clockwise round both rows. No seed is sown into a store.")));
      g_ptr_array_add (out, g_strdup_printf (ngettext ("With %u seed or more the seeds go all the way round: skip the hole you started from, so that it stays empty.",
                                                       "With %u seeds or more the seeds go all the way round: skip the hole you started from, so that it stays empty.",
                                                       2 * rules->holes),
                                             2 * rules->holes));
      g_ptr_array_add (out, g_strdup (_("There are no extra turns: after every move the other player moves.")));
      return;
    }

  g_ptr_array_add (out, g_strdup (clockwise (rules)
                                  ? _("On your turn, choose one of your holes that holds seeds. Take all its seeds and drop them one at a time into the following places, clockwise: the rest of your own holes, your store, your opponent’s holes, then round again. You never sow into your opponent’s store.")
                                  : _("On your turn, choose one of your holes that holds seeds. Take all its seeds and drop them one at a time into the following places, counter-clockwise: the rest of your own holes, your store, your opponent’s holes, then round again. You never sow into your opponent’s store.")));
  g_ptr_array_add (out, g_strdup (_("When the seeds go all the way round, the hole you started from gets a seed too.")));
  g_ptr_array_add (out, g_strdup (rules->relay
                                  ? _("Where the last seed falls decides what happens next. In your own store: you move again. In a hole that already held seeds, on either side: relay. In an empty hole on your side: capture. In an empty hole on your opponent’s side: your turn ends.")
                                  : _("Where the last seed falls decides what happens next. In your own store: you move again. In an empty hole on your side: capture. In a hole that already held seeds, or in an empty hole on your opponent’s side: your turn ends.")));
}

static void
describe_relay (const CongkakRules *rules,
                GPtrArray          *out)
{
  g_ptr_array_add (out, g_strdup (_("If your last seed falls into a hole that already held seeds, on either side of the board, pick up all the seeds in it, the last one included, and keep sowing from the next place. One move can relay many times.")));
  g_ptr_array_add (out, g_strdup (_("Each time the seeds go round the board one of them falls into your store and stays there, so every move comes to an end.")));
}

static void
describe_capture (const CongkakRules *rules,
                  GPtrArray          *out)
{
  if (is_oware (rules))
    {
      g_ptr_array_add (out, g_strdup (_("If your last seed makes a hole on your opponent’s side hold exactly 2 or 3 seeds, you capture them. Then look at the hole before it: if that one also holds 2 or 3 seeds, capture them too, and so on back along your opponent’s row, up to the first hole that holds another number.")));
      g_ptr_array_add (out, g_strdup (_("You never capture from your own row. Captured seeds leave the board for good.")));
      return;
    }

  g_ptr_array_add (out, g_strdup (_("If your last seed falls into an empty hole on your own side, you capture: that seed and all the seeds in the hole straight across, on your opponent’s side, go into your store. Your turn ends.")));
  g_ptr_array_add (out, g_strdup (rules->capture_empty_opposite
                                  ? _("If the hole across is empty, your last seed still goes into your store.")
                                  : _("If the hole across is empty, nothing is captured: the seed stays where it fell, and your turn ends.")));
}

static void
describe_extra_turn (const CongkakRules *rules,
                     GPtrArray          *out)
{
  g_ptr_array_add (out, g_strdup (_("If your last seed falls into your own store, you move again: choose another hole and sow. A turn can have many moves.")));
}

static void
describe_burnt (const CongkakRules *rules,
                GPtrArray          *out)
{
  g_ptr_array_add (out, g_strdup_printf (ngettext ("From the second round on, a player who cannot put %u seed into a hole leaves it empty: the hole is burnt for that round. A burnt hole holds no seeds and cannot be chosen.",
                                                   "From the second round on, a player who cannot put %u seeds into a hole leaves it empty: the hole is burnt for that round. A burnt hole holds no seeds and cannot be chosen.",
                                                   rules->seeds),
                                         rules->seeds));
  g_ptr_array_add (out, g_strdup (rules->burnt_sowing == CONGKAK_BURNT_SOWING_FORFEIT
                                  ? _("A seed sown into a burnt hole goes to your opponent’s store instead. If it was your last seed, your turn ends.")
                                  : _("When sowing, pass over burnt holes as if they were not there: they never receive a seed.")));
  g_ptr_array_add (out, g_strdup (rules->capture_empty_opposite
                                  ? _("A capture across from a burnt hole takes only your own last seed.")
                                  : _("Nothing is captured across from a burnt hole.")));
  g_ptr_array_add (out, g_strdup (_("Burnt holes are decided afresh every round: a player who wins seeds back gets holes back.")));
}

/* How a game ends and who wins: the last part of "round-end" in games of
 * one round and in Oware, which have no "match-end" (as in the help). */
static void
describe_game_end (const CongkakRules *rules,
                   GPtrArray          *out)
{
  guint total = congkak_rules_total_seeds (rules);

  if (is_oware (rules))
    {
      g_ptr_array_add (out, g_strdup_printf (ngettext ("The game ends as soon as a player has captured more than half of the seeds, more than %u; if both have captured exactly half, it is a draw. The seeds still on the board stay where they are.",
                                                       "The game ends as soon as a player has captured more than half of the seeds, more than %u; if both have captured exactly half, it is a draw. The seeds still on the board stay where they are.",
                                                       total / 2),
                                             total / 2));
      g_ptr_array_add (out, g_strdup (_("If the player to move has no seeds, the game ends and the other player takes the seeds on their side.")));
      g_ptr_array_add (out, g_strdup (_("If a position comes round a second time with the same player to move, the game ends and each player takes the seeds on their own side.")));
      g_ptr_array_add (out, g_strdup (_("The player who has captured more seeds wins.")));
      return;
    }
  g_ptr_array_add (out, g_strdup (_("The game is a single round. The player with more seeds in their store at the end wins; equal stores make a draw.")));
}

static void
describe_round_end (const CongkakRules *rules,
                    GPtrArray          *out)
{
  if (is_oware (rules))
    {
      describe_game_end (rules, out);
      return;
    }

  switch (rules->empty_side)
    {
    case CONGKAK_EMPTY_SIDE_MOVER_CANNOT_MOVE:
      g_ptr_array_add (out, g_strdup (_("When the player whose turn it is has no seeds in their holes, play stops, and the other player adds the seeds still in their own holes to their store.")));
      break;
    case CONGKAK_EMPTY_SIDE_PASS:
      g_ptr_array_add (out, g_strdup (_("A player who has no seeds in their holes passes, and the other player moves again. Play stops when both players’ holes are empty.")));
      break;
    case CONGKAK_EMPTY_SIDE_END_ROUND:
    default:
      g_ptr_array_add (out, g_strdup (_("As soon as either player has no seeds left in their holes, play stops, and each player adds the seeds still in their own holes to their store.")));
      break;
    }

  if (rules->multi_round)
    g_ptr_array_add (out, g_strdup (_("The player with more seeds in their store wins the round; equal stores make a drawn round.")));
  else
    describe_game_end (rules, out);
}

static void
describe_refill (const CongkakRules *rules,
                 GPtrArray          *out)
{
  const char *starter;

  g_ptr_array_add (out, g_strdup_printf (ngettext ("After a round each player takes seeds from their own store and puts %u seed into each of their holes, starting with the hole next to their store and moving away from it. A hole that cannot be filled is burnt for the round; the seeds left over stay in the store.",
                                                   "After a round each player takes seeds from their own store and puts %u seeds into each of their holes, starting with the hole next to their store and moving away from it. A hole that cannot be filled is burnt for the round; the seeds left over stay in the store.",
                                                   rules->seeds),
                                         rules->seeds));
  switch (rules->round_starter)
    {
    case CONGKAK_ROUND_STARTER_WINNER:
      starter = _("The winner of a round starts the next one; after a drawn round, the player who did not start it starts.");
      break;
    case CONGKAK_ROUND_STARTER_LAST_MOVER:
      starter = _("The player who made the last move of a round starts the next one; after a drawn round, the player who did not start it starts.");
      break;
    case CONGKAK_ROUND_STARTER_ALTERNATE:
      starter = _("The players take turns to start the rounds.");
      break;
    case CONGKAK_ROUND_STARTER_LOSER:
    default:
      starter = _("The loser of a round starts the next one; after a drawn round, the player who did not start it starts.");
      break;
    }
  g_ptr_array_add (out, g_strdup (starter));
}

/* The end of a match of rounds. */
static void
describe_match_end (const CongkakRules *rules,
                    GPtrArray          *out)
{
  guint needed = rules->min_holes * rules->seeds;

  if (rules->min_holes == 1)
    g_ptr_array_add (out, g_strdup_printf (ngettext ("The match ends after a round in which a player’s store holds fewer than %u seed: not enough to fill a single hole.",
                                                     "The match ends after a round in which a player’s store holds fewer than %u seeds: not enough to fill a single hole.",
                                                     needed),
                                           needed));
  else
    g_ptr_array_add (out, g_strdup_printf (ngettext ("The match ends after a round in which a player cannot fill %u hole: their store holds fewer than %u seeds.",
                                                     "The match ends after a round in which a player cannot fill %u holes: their store holds fewer than %u seeds.",
                                                     rules->min_holes),
                                           rules->min_holes, needed));
  if (rules->max_rounds > 0)
    g_ptr_array_add (out, g_strdup_printf (ngettext ("It also ends after %u round.", "It also ends after %u rounds.",
                                                     rules->max_rounds),
                                           rules->max_rounds));
  if (rules->stop_when_decided)
    g_ptr_array_add (out, g_strdup (_("It also ends at once, even in the middle of a round, when one player’s store holds so many seeds that the other could never fill enough holes again. The seeds on the board then stay where they are.")));
  g_ptr_array_add (out, g_strdup (_("The player with more seeds wins the match; equal totals make a draw.")));
}

static void
describe_feeding (const CongkakRules *rules,
                  GPtrArray          *out)
{
  g_ptr_array_add (out, g_strdup (_("If your opponent has no seeds, you must choose a move that sows seeds into their row. If no move can, you take all the seeds on your side and the game ends.")));
}

static void
describe_grand_slam (const CongkakRules *rules,
                     GPtrArray          *out)
{
  g_ptr_array_add (out, g_strdup (rules->grand_slam == CONGKAK_GRAND_SLAM_CAPTURE
                                  ? _("A move that captures every seed on your opponent’s side is a grand slam. It captures them all, as usual.")
                                  : _("A move that would capture every seed on your opponent’s side is a grand slam. It is allowed, but it captures nothing.")));
}

/* How interesting a move is to tell: captures and relays show the most. */
static guint
example_score (GArray *events)
{
  guint score = 1;

  for (guint i = 0; i < events->len; i++)
    switch (g_array_index (events, CongkakEvent, i).type)
      {
      case CONGKAK_EVENT_CAPTURE:
        score = MAX (score, 4);
        break;
      case CONGKAK_EVENT_RELAY:
        score = MAX (score, 3);
        break;
      case CONGKAK_EVENT_EXTRA_TURN:
        score = MAX (score, 2);
        break;
      default:
        break;
      }
  return score;
}

/* Adds one sentence to @story, or "…" once it has told enough. */
static void
tell (GString    *story,
      const char *format,
      const char *text,
      guint      *told)
{
  if (*told > MAX_EXAMPLE_SENTENCES)
    return;
  if (story->len > 0)
    g_string_append_c (story, ' ');
  if (*told == MAX_EXAMPLE_SENTENCES)
    g_string_append (story, "…");
  else
    g_string_append_printf (story, format, text);
  (*told)++;
}

/* One move from the start, played by the engine and told by the narration. */
static void
describe_example (const CongkakRules *rules,
                  GPtrArray          *out)
{
  g_autoptr (GArray) best = NULL;
  CongkakPosition start;
  CongkakState state;
  CongkakSide mover;
  guint best_hole = 0, best_score = 0;
  guint8 holes[CONGKAK_MAX_HOLES];
  guint n_legal;
  GString *story, *drops;
  guint told = 0;

  congkak_position_init_start (&start, rules);
  mover = has_opening (rules) ? CONGKAK_SOUTH : rules->first_player;
  start.to_move = mover;
  if (!congkak_state_init_from_position (&state, rules, &start, NULL))
    return;

  n_legal = congkak_state_legal_moves (&state, rules, holes);
  for (guint i = 0; i < n_legal; i++)
    {
      g_autoptr (GArray) events = congkak_event_array_new ();
      CongkakState after = state;
      guint score;

      if (!congkak_state_play (&after, rules, mover, holes[i], events, NULL))
        continue;
      score = example_score (events);
      if (score > best_score)
        {
          best_score = score;
          best_hole = holes[i];
          g_clear_pointer (&best, g_array_unref);
          best = g_steal_pointer (&events);
        }
    }
  if (best == NULL)
    return;

  g_ptr_array_add (out, g_strdup_printf (has_opening (rules)
                                         ? _("For example, if %s alone sowed hole %c from the start position:")
                                         : _("For example, %s sows hole %c from the start position:"),
                                         congkak_side_get_name (mover),
                                         congkak_hole_letter (mover, best_hole)));

  story = g_string_new (NULL);
  drops = g_string_new (NULL);
  for (guint i = 0; i < best->len && told <= MAX_EXAMPLE_SENTENCES; i++)
    {
      const CongkakEvent *event = &g_array_index (best, CongkakEvent, i);
      g_autofree char *sentence = NULL;

      /* The narration leaves single seeds out; the example lists them. */
      if (event->type == CONGKAK_EVENT_DROP)
        {
          if (drops->len > 0)
            g_string_append (drops, ", ");
          if (event->place.index == CONGKAK_STORE)
            g_string_append (drops, event->place.side == CONGKAK_SOUTH ? _("South’s store") : _("North’s store"));
          else
            g_string_append_c (drops, congkak_hole_letter (event->place.side, event->place.index));
          continue;
        }

      sentence = congkak_narrate_event (rules, event);
      if (sentence == NULL)
        continue;
      if (drops->len > 0)
        {
          /* TRANSLATORS: %s lists holes and stores, "D, E, F, South’s store" */
          tell (story, _("The seeds go into %s."), drops->str, &told);
          g_string_truncate (drops, 0);
        }
      /* TRANSLATORS: one sentence of the narration, ended with a full stop */
      tell (story, C_("rules", "%s."), sentence, &told);
    }
  if (drops->len > 0)
    tell (story, _("The seeds go into %s."), drops->str, &told);
  g_string_free (drops, TRUE);
  g_ptr_array_add (out, g_string_free (story, FALSE));
}

typedef struct
{
  const char *id;
  gboolean  (*applies)  (const CongkakRules *rules);
  void      (*describe) (const CongkakRules *rules,
                         GPtrArray          *out);
} SectionInfo;

/* In reading order: the board, how a move goes, how play ends. */
static const SectionInfo sections[] = {
  { "board", always, describe_board },
  { "opening", has_opening, describe_opening },
  { "sowing", always, describe_sowing },
  { "relay", has_relay, describe_relay },
  { "capture", always, describe_capture },
  { "extra-turn", is_store, describe_extra_turn },
  { "burnt", is_multi, describe_burnt },
  { "grand-slam", is_oware, describe_grand_slam },
  { "feeding", is_oware, describe_feeding },
  { "round-end", always, describe_round_end },
  { "refill", is_multi, describe_refill },
  { "match-end", is_multi, describe_match_end },
  { "example", always, describe_example },
};

static const SectionInfo *
find_section (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (g_strcmp0 (sections[i].id, id) == 0)
      return &sections[i];
  return NULL;
}

void
congkak_rules_section_free (CongkakRulesSection *section)
{
  if (section == NULL)
    return;
  g_free (section->title);
  g_strfreev (section->paragraphs);
  g_free (section);
}

/**
 * congkak_rules_section_title:
 * @section_id: a section id, such as `capture`
 *
 * Returns: (nullable): the section's translated title for @rules, or %NULL
 *   for an unknown id.
 */
const char *
congkak_rules_section_title (const CongkakRules *rules,
                             const char         *section_id)
{
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (section_id != NULL, NULL);

  if (g_str_equal (section_id, "board"))
    return _("The Board");
  if (g_str_equal (section_id, "opening"))
    return _("The Simultaneous Opening");
  if (g_str_equal (section_id, "sowing"))
    return _("Sowing");
  if (g_str_equal (section_id, "relay"))
    return _("Relay");
  if (g_str_equal (section_id, "capture"))
    return _("Capture");
  if (g_str_equal (section_id, "extra-turn"))
    return _("Extra Turn");
  if (g_str_equal (section_id, "burnt"))
    return _("Burnt Holes");
  if (g_str_equal (section_id, "feeding"))
    return _("Feeding");
  if (g_str_equal (section_id, "grand-slam"))
    return _("Grand Slam");
  if (g_str_equal (section_id, "round-end"))
    return is_multi (rules) ? _("End of a Round") : _("End of the Game");
  if (g_str_equal (section_id, "refill"))
    return _("The Next Round");
  if (g_str_equal (section_id, "match-end"))
    return _("End of the Match");
  if (g_str_equal (section_id, "example"))
    return _("Example");
  return NULL;
}

/**
 * congkak_rules_has_section:
 *
 * Returns: whether congkak_rules_describe() has a section @section_id
 *   for @rules (Oware has no relay, a single round no refill…).
 */
gboolean
congkak_rules_has_section (const CongkakRules *rules,
                           const char         *section_id)
{
  const SectionInfo *info;

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (section_id != NULL, FALSE);

  info = find_section (section_id);
  return info != NULL && info->applies (rules);
}

/**
 * congkak_rules_describe:
 *
 * Returns: (transfer container) (element-type CongkakRulesSection): the
 *   sections that apply to @rules, in reading order, each with at least
 *   one paragraph.
 */
GPtrArray *
congkak_rules_describe (const CongkakRules *rules)
{
  GPtrArray *result;

  g_return_val_if_fail (rules != NULL, NULL);

  result = g_ptr_array_new_with_free_func ((GDestroyNotify) congkak_rules_section_free);
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      g_autoptr (GPtrArray) paragraphs = NULL;
      CongkakRulesSection *section;

      if (!sections[i].applies (rules))
        continue;

      paragraphs = g_ptr_array_new_with_free_func (g_free);
      sections[i].describe (rules, paragraphs);
      if (paragraphs->len == 0)
        continue;
      g_ptr_array_add (paragraphs, NULL);

      section = g_new0 (CongkakRulesSection, 1);
      section->id = sections[i].id;
      section->title = g_strdup (congkak_rules_section_title (rules, sections[i].id));
      g_ptr_array_set_free_func (paragraphs, NULL);
      section->paragraphs = (GStrv) g_ptr_array_free (g_steal_pointer (&paragraphs), FALSE);
      g_ptr_array_add (result, section);
    }
  return result;
}

/**
 * congkak_rules_help_page:
 *
 * Returns: the help page that explains @rules best: `rules-congkak`
 *   (matches of rounds), `rules-congkak-single` (one round with relay),
 *   `rules-kalah` (one round without) or `rules-oware`.
 */
const char *
congkak_rules_help_page (const CongkakRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (is_oware (rules))
    return "rules-oware";
  if (rules->multi_round)
    return "rules-congkak";
  if (rules->relay)
    return "rules-congkak-single";
  return "rules-kalah";
}

/**
 * congkak_rules_heading:
 *
 * Returns: (transfer full): a title for @rules, “Rules of Kalah” or, for a
 *   custom rule set, “Custom Rules”.
 */
char *
congkak_rules_heading (const CongkakRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (congkak_rules_profile_name (rules) == NULL)
    return g_strdup (_("Custom Rules"));
  /* TRANSLATORS: %s is a game, "Rules of Kalah" */
  return g_strdup_printf (_("Rules of %s"), congkak_narrate_game_name (rules));
}
