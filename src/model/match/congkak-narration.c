/* congkak-narration.c — what a move's events mean, in plain sentences
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each sentence says what happened and which rule made it happen, from the
 * engine's event alone: the narration never works a rule out itself.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "congkak-narration.h"

static char
letter (CongkakPlace place)
{
  return congkak_hole_letter (place.side, place.index);
}

static char *
masked_holes (const guint16 mask[2])
{
  GString *text = g_string_new (NULL);

  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < CONGKAK_MAX_HOLES; i++)
      if (mask[side] & (1u << i))
        {
          if (text->len > 0)
            g_string_append (text, ", ");
          g_string_append_c (text, congkak_hole_letter (side, i));
        }
  return g_string_free (text, FALSE);
}

static guint
count_bits (guint16 mask)
{
  guint n = 0;

  for (; mask; mask &= mask - 1)
    n++;
  return n;
}

/**
 * congkak_narrate_event:
 *
 * Returns: (transfer full) (nullable): a sentence for @event, or %NULL for
 *   events too small to tell one by one (a single seed sown).
 */
char *
congkak_narrate_event (const CongkakRules *rules,
                       const CongkakEvent *event)
{
  const char *player = event->player >= 0 ? congkak_side_get_name (event->player) : NULL;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (event != NULL, NULL);

  switch (event->type)
    {
    case CONGKAK_EVENT_PICK_UP:
      return g_strdup_printf (ngettext ("%s picks up %u seed from %c", "%s picks up %u seeds from %c",
                                        event->count),
                              player, event->count, letter (event->place));

    case CONGKAK_EVENT_DROP:
      return NULL;

    case CONGKAK_EVENT_SKIP:
      if (event->reason == CONGKAK_SKIP_ORIGIN)
        return g_strdup_printf (_("Hole %c is where the move started: skipped"), letter (event->place));
      return g_strdup_printf (_("Hole %c is burnt: skipped"), letter (event->place));

    case CONGKAK_EVENT_FORFEIT:
      return g_strdup_printf (_("Hole %c is burnt: the seed goes to %s’s store"),
                              letter (event->place), congkak_side_get_name (CONGKAK_OTHER_SIDE (event->player)));

    case CONGKAK_EVENT_RELAY:
      return g_strdup_printf (ngettext ("The last seed fell into a hole with seeds on %s’s side: relay — pick up %u and keep sowing",
                                        "The last seed fell into a hole with seeds on %s’s side: relay — pick up %u and keep sowing",
                                        event->count),
                              congkak_side_get_name (event->place.side), event->count);

    case CONGKAK_EVENT_CAPTURE:
      {
        g_autofree char *holes = masked_holes (event->mask);

        if (rules->family == CONGKAK_FAMILY_OWARE)
          return g_strdup_printf (ngettext ("Holes of 2 or 3 on the other side: %s captures %u seed from %s",
                                            "Holes of 2 or 3 on the other side: %s captures %u seeds from %s",
                                            event->count),
                                  player, event->count, holes);
        return g_strdup_printf (ngettext ("Empty hole on %s’s side: capture %u seed",
                                          "Empty hole on %s’s side: capture %u seeds", event->count),
                                player, event->count);
      }

    case CONGKAK_EVENT_EXTRA_TURN:
      return g_strdup_printf (_("Last seed in the store: %s moves again"), player);

    case CONGKAK_EVENT_TURN_END:
      switch (event->reason)
        {
        case CONGKAK_TURN_END_EMPTY_OPPONENT_HOLE:
          return g_strdup_printf (_("The last seed fell into an empty hole on %s’s side: the turn ends"),
                                  congkak_side_get_name (event->place.side));
        case CONGKAK_TURN_END_OCCUPIED_HOLE:
          /* Only rules without relay end a turn here: to say "there is
           * no relay" would be news only where relay is the custom. */
          return g_strdup_printf (_("The last seed fell on seeds in %c: the turn ends"),
                                  letter (event->place));
        case CONGKAK_TURN_END_EMPTY_OWN_HOLE:
          return g_strdup_printf (_("The last seed fell into empty %c, but the hole across is empty: nothing is captured"),
                                  letter (event->place));
        case CONGKAK_TURN_END_BURNT_HOLE:
          return g_strdup (_("The last seed went to a burnt hole: the turn ends"));
        default:
          return NULL;  /* the capture already said it */
        }

    case CONGKAK_EVENT_GRAND_SLAM:
      return g_strdup_printf (_("Grand slam: taking every seed of %s is not allowed, so nothing is captured"),
                              congkak_side_get_name (CONGKAK_OTHER_SIDE (event->player)));

    case CONGKAK_EVENT_FEEDING_FORCED:
      return g_strdup_printf (_("%s has no seeds: %s must sow into their side"),
                              congkak_side_get_name (CONGKAK_OTHER_SIDE (event->player)), player);

    case CONGKAK_EVENT_PASS:
      return g_strdup_printf (_("%s has no seeds and passes"), player);

    case CONGKAK_EVENT_OPENING_FINISHED:
      return g_strdup_printf (_("%s’s opening ends"), player);

    case CONGKAK_EVENT_ROUND_END:
      {
        GString *text = g_string_new (_("Round over"));

        for (guint side = 0; side < 2; side++)
          if (event->amount[side] > 0)
            {
              g_string_append (text, ": ");
              g_string_append_printf (text, ngettext ("%s collects %u seed", "%s collects %u seeds",
                                                      event->amount[side]),
                                      congkak_side_get_name (side), event->amount[side]);
            }
        return g_string_free (text, FALSE);
      }

    case CONGKAK_EVENT_REFILL:
      {
        GString *text = g_string_new (NULL);

        for (guint side = 0; side < 2; side++)
          {
            guint burnt = count_bits (event->mask[side]);
            guint filled = rules->holes - burnt;

            if (text->len > 0)
              g_string_append (text, "; ");
            if (burnt > 0)
              /* TRANSLATORS: "burnt: %u" is a count of holes, written as a label so that the
               * sentence needs only one plural */
              g_string_append_printf (text, ngettext ("%s fills %u hole (burnt: %u)", "%s fills %u holes (burnt: %u)",
                                                      filled),
                                      congkak_side_get_name (side), filled, burnt);
            else
              g_string_append_printf (text, ngettext ("%s fills %u hole", "%s fills all %u holes", filled),
                                      congkak_side_get_name (side), filled);
          }
        {
          g_autofree char *parts = g_string_free (text, FALSE);

          /* TRANSLATORS: %s lists each side's holes, "South fills 5 holes (burnt: 2); North fills all 7 holes" */
          return g_strdup_printf (_("Refill: %s"), parts);
        }
      }

    case CONGKAK_EVENT_ROUND_START:
      return g_strdup_printf (_("%s starts round %u"), player, event->count);

    case CONGKAK_EVENT_MATCH_END:
      if (event->player < 0)
        return g_strdup_printf (_("The match is drawn, %u to %u"), event->amount[0], event->amount[1]);
      return g_strdup_printf (_("%s wins the match, %u to %u"), player,
                              event->amount[event->player], event->amount[CONGKAK_OTHER_SIDE (event->player)]);

    default:
      return NULL;
    }
}

/**
 * congkak_narrate_move_summary:
 * @events: (element-type CongkakEvent): one move's events, from the engine
 *
 * What made the move count, in a few words for a list or a puzzle's
 * answer: each relay and capture where it happened, an extra turn, the
 * end of the round; such as “relay at c, relay at E, capture 9 at F”.
 *
 * Returns: (transfer full) (nullable): the summary, or %NULL when the
 *   move only sowed
 */
char *
congkak_narrate_move_summary (const CongkakRules *rules,
                              GArray             *events)
{
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean match_over = FALSE;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (events != NULL, NULL);

  /* A round that ends the match is told once, as the match's end. */
  for (guint i = 0; i < events->len; i++)
    match_over |= g_array_index (events, CongkakEvent, i).type == CONGKAK_EVENT_MATCH_END;

  for (guint i = 0; i < events->len; i++)
    {
      const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);
      g_autofree char *part = NULL;

      switch (event->type)
        {
        case CONGKAK_EVENT_RELAY:
          /* TRANSLATORS: in a move's summary: the move relayed from this hole */
          part = g_strdup_printf (_("relay at %c"), letter (event->place));
          break;
        case CONGKAK_EVENT_CAPTURE:
          {
            /* Oware names every hole taken; a store game the hole the
             * last seed fell into. */
            g_autofree char *holes = rules->family == CONGKAK_FAMILY_OWARE
                                     ? masked_holes (event->mask)
                                     : g_strdup_printf ("%c", letter (event->place));

            /* TRANSLATORS: in a move's summary: seeds captured, and the hole (or holes) where */
            part = g_strdup_printf (ngettext ("capture %u seed at %s", "capture %u seeds at %s", event->count),
                                    event->count, holes);
          }
          break;
        case CONGKAK_EVENT_GRAND_SLAM:
          part = g_strdup (_("grand slam: nothing captured"));
          break;
        case CONGKAK_EVENT_EXTRA_TURN:
          part = g_strdup (_("extra turn"));
          break;
        case CONGKAK_EVENT_PASS:
          /* TRANSLATORS: in a move's summary: the player who passes */
          part = g_strdup_printf (_("%s passes"), congkak_side_get_name (event->player));
          break;
        case CONGKAK_EVENT_ROUND_END:
          if (!match_over)
            part = g_strdup (_("round over"));
          break;
        case CONGKAK_EVENT_MATCH_END:
          part = g_strdup (_("match over"));
          break;
        default:
          break;
        }
      if (part == NULL)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, part);
    }
  return text->len > 0 ? g_strdup (text->str) : NULL;
}

/**
 * congkak_narrate_drop:
 * @event: a %CONGKAK_EVENT_DROP
 * @left_in_hand: the seeds still in the hand after this one
 *
 * For showing a move seed by seed, where every seed gets its sentence
 * (congkak_narrate_event() says nothing for a single seed).
 *
 * Returns: (transfer full): “South sows a seed into D; 3 seeds left in
 *   hand”, or “South sows the last seed into D”.
 */
char *
congkak_narrate_drop (const CongkakRules *rules,
                      const CongkakEvent *event,
                      guint               left_in_hand)
{
  const char *player;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (event != NULL && event->type == CONGKAK_EVENT_DROP, NULL);
  g_return_val_if_fail (event->player == CONGKAK_SOUTH || event->player == CONGKAK_NORTH, NULL);

  player = congkak_side_get_name (event->player);
  if (event->place.index == CONGKAK_STORE)
    {
      const char *owner = congkak_side_get_name (event->place.side);

      if (left_in_hand == 0)
        /* TRANSLATORS: seed by seed; "South sows the last seed into North’s store" */
        return g_strdup_printf (_("%s sows the last seed into %s’s store"), player, owner);
      /* TRANSLATORS: seed by seed; "South sows a seed into South’s store; 3 seeds left in hand" */
      return g_strdup_printf (ngettext ("%s sows a seed into %s’s store; %u seed left in hand",
                                        "%s sows a seed into %s’s store; %u seeds left in hand", left_in_hand),
                              player, owner, left_in_hand);
    }
  if (left_in_hand == 0)
    /* TRANSLATORS: seed by seed; "South sows the last seed into d" (a hole) */
    return g_strdup_printf (_("%s sows the last seed into %c"), player, letter (event->place));
  /* TRANSLATORS: seed by seed; "South sows a seed into d; 3 seeds left in hand" (d: a hole) */
  return g_strdup_printf (ngettext ("%s sows a seed into %c; %u seed left in hand",
                                    "%s sows a seed into %c; %u seeds left in hand", left_in_hand),
                          player, letter (event->place), left_in_hand);
}

/**
 * congkak_narrate_game_name:
 *
 * Returns: the game @rules are, such as “Kalah”, or “Custom Rules” when
 *   they are no profile.
 */
const char *
congkak_narrate_game_name (const CongkakRules *rules)
{
  const char *profile;

  g_return_val_if_fail (rules != NULL, NULL);

  profile = congkak_rules_profile_name (rules);
  return profile ? congkak_rules_profile_title (profile) : _("Custom Rules");
}

/**
 * congkak_narrate_rules_summary:
 *
 * Returns: (transfer full): the game and its board in a few words, such
 *   as “Kalah, 6 holes, 4 seeds”.
 */
char *
congkak_narrate_rules_summary (const CongkakRules *rules)
{
  g_autofree char *holes = NULL;
  g_autofree char *seeds = NULL;

  g_return_val_if_fail (rules != NULL, NULL);

  holes = g_strdup_printf (ngettext ("%u hole", "%u holes", rules->holes), rules->holes);
  seeds = g_strdup_printf (ngettext ("%u seed", "%u seeds", rules->seeds), rules->seeds);
  /* TRANSLATORS: the game, the holes a side and the seeds a hole: "Kalah, 6 holes, 4 seeds" */
  return g_strdup_printf (_("%s, %s, %s"), congkak_narrate_game_name (rules), holes, seeds);
}

/**
 * congkak_narration_rule_section:
 *
 * Returns: the id of the rules section (in the help and the rules window,
 *   see congkak_rules_describe()) that explains @event under @rules.
 */
const char *
congkak_narration_rule_section (const CongkakRules *rules,
                                const CongkakEvent *event)
{
  gboolean oware;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (event != NULL, NULL);

  oware = rules->family == CONGKAK_FAMILY_OWARE;
  switch (event->type)
    {
    case CONGKAK_EVENT_SKIP:
      return event->reason == CONGKAK_SKIP_BURNT ? "burnt" : "sowing";
    case CONGKAK_EVENT_FORFEIT:
      return "burnt";
    case CONGKAK_EVENT_RELAY:
      return "relay";
    case CONGKAK_EVENT_CAPTURE:
      return "capture";
    case CONGKAK_EVENT_EXTRA_TURN:
      return "extra-turn";
    case CONGKAK_EVENT_TURN_END:
      switch (event->reason)
        {
        case CONGKAK_TURN_END_CAPTURE:
        case CONGKAK_TURN_END_EMPTY_OWN_HOLE:
          return "capture";
        case CONGKAK_TURN_END_BURNT_HOLE:
          return "burnt";
        default:
          return "sowing";
        }
    case CONGKAK_EVENT_GRAND_SLAM:
      return "grand-slam";
    case CONGKAK_EVENT_FEEDING_FORCED:
      return "feeding";
    case CONGKAK_EVENT_PASS:
      return "round-end";
    case CONGKAK_EVENT_OPENING_FINISHED:
      return "opening";
    case CONGKAK_EVENT_ROUND_END:
      if (oware)
        return event->reason == CONGKAK_ROUND_END_CANNOT_FEED ? "feeding" : "round-end";
      return event->reason == CONGKAK_ROUND_END_DECIDED ? "match-end" : "round-end";
    case CONGKAK_EVENT_REFILL:
    case CONGKAK_EVENT_ROUND_START:
      return "refill";
    case CONGKAK_EVENT_MATCH_END:
      /* Games of one round, and Oware, end with their round. */
      return !oware && rules->multi_round ? "match-end" : "round-end";
    case CONGKAK_EVENT_PICK_UP:
    case CONGKAK_EVENT_DROP:
    default:
      return "sowing";
    }
}

/**
 * congkak_narrate_player:
 *
 * Returns: (transfer full): the player of @side as every part of the app
 *   names them: "Ani (South)" when they have a name, else "South".
 */
char *
congkak_narrate_player (CongkakMatch *match,
                        CongkakSide   side)
{
  const char *name;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  name = congkak_match_get_player_name (match, side);
  if (*name == '\0')
    return g_strdup (congkak_side_get_name (side));
  /* TRANSLATORS: a player's name and side, such as "Ani (South)" */
  return g_strdup_printf (_("%s (%s)"), name, congkak_side_get_name (side));
}

/**
 * congkak_narrate_standing:
 * @state: a state of @match's game
 *
 * Returns: (transfer full): where the match stands at @state, in the one
 *   sentence the window's status, the printed diagrams and congkak-cli
 *   all use: "Round 2: Ani (South) to move".
 */
char *
congkak_narrate_standing (CongkakMatch       *match,
                          const CongkakState *state)
{
  const CongkakRules *rules;
  gboolean rounds;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  /* Only games of several rounds say which one. */
  rules = congkak_match_get_rules (match);
  rounds = rules->family == CONGKAK_FAMILY_STORE && rules->multi_round;
  switch (state->phase)
    {
    case CONGKAK_PHASE_OPENING:
      if (rounds)
        return g_strdup_printf (_("Round %u: both players choose their opening holes"), state->round);
      return g_strdup (_("Both players choose their opening holes"));

    case CONGKAK_PHASE_PLAYING:
      {
        g_autofree char *player = congkak_narrate_player (match, state->position.to_move);

        if (rounds)
          /* TRANSLATORS: round number, then the player: "Round 2: Ani (South) to move" */
          return g_strdup_printf (_("Round %u: %s to move"), state->round, player);
        /* TRANSLATORS: "Ani (South) to move" */
        return g_strdup_printf (_("%s to move"), player);
      }

    case CONGKAK_PHASE_ROUND_OVER:
      if (state->round_winner == CONGKAK_NOBODY)
        return g_strdup_printf (_("Round %u is over, drawn"), state->round);
      else
        {
          g_autofree char *winner = congkak_narrate_player (match, state->round_winner);

          /* TRANSLATORS: round number, then the player who won it */
          return g_strdup_printf (_("Round %u is over: %s won it"), state->round, winner);
        }

    case CONGKAK_PHASE_MATCH_OVER:
    default:
      if (state->match_winner == CONGKAK_NOBODY)
        return g_strdup_printf (_("The match is drawn, %u to %u"),
                                state->position.store[0], state->position.store[1]);
      else
        {
          g_autofree char *winner = congkak_narrate_player (match, state->match_winner);

          /* TRANSLATORS: the winner, then their store and the other's, "Ani (South) wins, 52 to 46" */
          return g_strdup_printf (_("%s wins, %u to %u"), winner,
                                  state->position.store[state->match_winner],
                                  state->position.store[CONGKAK_OTHER_SIDE (state->match_winner)]);
        }
    }
}
