/* congkak-oware-eval.c — the Oware evaluation at the search's horizon
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A weighted sum of cheap features of the holes (see
 * congkak-oware-eval-private.h and congkak-search.c, "Evaluation"),
 * called at every leaf: no allocation, a few loops over the 12 holes.
 */

#include "config.h"

#include <string.h>

#include "congkak-oware-eval-private.h"

/* In ten-thousandths of a seed per unit of each feature (the sum is
 * returned in hundredths).  Fitted by tools/oware-eval-fit --target mix to
 * 54,000 positions of three rounds of tools/oware-eval-data (seeds 1–3),
 * each round played and valued with the previous round's weights; a fourth
 * round (26,000 positions played and valued with these) moves no weight by
 * more than 0.3 seed, all four rounds together by 0.17.  See
 * congkak-search.c, "Evaluation", and README, "The Oware evaluation". */
static const int weights[CONGKAK_OWARE_N_FEATURES] = {
  [CONGKAK_OWARE_FEATURE_MATERIAL] = 198,
  [CONGKAK_OWARE_FEATURE_OWN_EMPTY] = -19780,
  [CONGKAK_OWARE_FEATURE_OTHER_EMPTY] = 18216,
  [CONGKAK_OWARE_FEATURE_OWN_WEAK] = -9198,
  [CONGKAK_OWARE_FEATURE_OTHER_WEAK] = 10027,
  [CONGKAK_OWARE_FEATURE_OWN_KROO] = 10960,
  [CONGKAK_OWARE_FEATURE_OTHER_KROO] = -16784,
  [CONGKAK_OWARE_FEATURE_OWN_TEMPO] = 4672,
  [CONGKAK_OWARE_FEATURE_OTHER_TEMPO] = -4286,
  [CONGKAK_OWARE_FEATURE_CAPTURE] = 9222,
  [CONGKAK_OWARE_FEATURE_THREAT] = -5364,
  [CONGKAK_OWARE_FEATURE_LATE_MATERIAL] = -33,
};

/* The total seeds the LATE_MATERIAL feature scales captures to, so that
 * its weight means the same with 4, 5 or 6 seeds a hole. */
#define STANDARD_TOTAL 48

/**
 * congkak_oware_capture:
 * @mover: the holes of the player who moves, in its sowing order
 * @opponent: the other player's holes, in theirs
 * @n_holes: holes a side
 * @hole: the mover's hole to sow from
 *
 * How many seeds sowing @hole captures under Oware's rules (the origin
 * skipped on laps, 2 or 3 captured backwards along the opponent's side),
 * with a grand slam capturing nothing (the default rule).  Must-feed is
 * not looked at.
 *
 * Returns: the seeds captured
 */
int
congkak_oware_capture (const guint8 *mover,
                       const guint8 *opponent,
                       guint         n_holes,
                       guint         hole)
{
  guint seeds = mover[hole];
  guint ring = 2 * n_holes;
  guint laps, rest, last_step, last, on_side = 0;
  int captured = 0;

  if (seeds == 0)
    return 0;
  /* Every hole but the origin gets a seed a lap; the first @rest after
   * the origin one more. */
  laps = seeds / (ring - 1);
  rest = seeds % (ring - 1);
  last_step = rest != 0 ? rest : ring - 1;
  last = (hole + last_step) % ring;
  if (last < n_holes)
    return 0;

  for (guint j = 0; j < n_holes; j++)
    {
      guint step = n_holes + j - hole;

      on_side += opponent[j] + laps + (step <= rest ? 1 : 0);
    }
  for (int j = (int) (last - n_holes); j >= 0; j--)
    {
      guint step = n_holes + (guint) j - hole;
      guint after = opponent[j] + laps + (step <= rest ? 1 : 0);

      if (after != 2 && after != 3)
        break;
      captured += (int) after;
    }
  if ((guint) captured == on_side)
    return 0;
  return captured;
}

/* The most the mover captures in one move; @opponent_seeds is the sum of
 * @opponent.  A hand that does not lap sows one seed into every hole it
 * passes, so the chain is read straight off the board. */
static inline int
best_capture (const guint8 *mover,
              const guint8 *opponent,
              guint         n_holes,
              int           opponent_seeds)
{
  int best = 0;

  for (guint i = 0; i < n_holes; i++)
    {
      guint seeds = mover[i];
      guint last = i + seeds;
      int captured = 0;
      int j;

      if (seeds >= 2 * n_holes - 1)
        {
          best = MAX (best, congkak_oware_capture (mover, opponent, n_holes, i));
          continue;
        }
      if (seeds == 0 || last < n_holes || last >= 2 * n_holes)
        continue;
      for (j = (int) (last - n_holes); j >= 0 && opponent[j] - 1u <= 1u; j--)
        captured += opponent[j] + 1;
      /* Every seed on the other side after sowing: a grand slam takes nothing. */
      if (captured == opponent_seeds + (int) (last - n_holes) + 1)
        continue;
      best = MAX (best, captured);
    }
  return best;
}

typedef struct
{
  int seeds, empty, weak, kroo, tempo;
} SideCounts;

/* Counted without branches: the holes' counts are all but random. */
static inline SideCounts
count_side (const guint8 *holes,
            guint         n_holes)
{
  SideCounts counts = { 0 };

  for (guint i = 0; i < n_holes; i++)
    {
      guint count = holes[i];

      counts.seeds += (int) count;
      counts.empty += count == 0;
      counts.weak += count - 1u <= 1u;
      counts.kroo += count >= 2 * n_holes;
      counts.tempo += count - 1u < n_holes - i - 1u;
    }
  return counts;
}

/* Six holes of fewer than 128 seeds each, counted a byte a hole in one
 * 64-bit word (SWAR): adding 0x80 − t to a byte sets its top bit exactly
 * when it holds t or more, with no carry into the next byte; the top bits
 * are then summed with one multiplication.  Packed and unpacked the same
 * way whatever the byte order. */
#define LANES(byte) (0x0101010101010101ull * (guint64) (byte))

static inline guint64
pack_six (const guint8 *bytes)
{
  guint32 low;
  guint16 high;
  guint64 word = 0;

  memcpy (&low, bytes, sizeof low);
  memcpy (&high, bytes + 4, sizeof high);
  memcpy (&word, &low, sizeof low);
  memcpy ((guint8 *) &word + 4, &high, sizeof high);
  return word;
}

static inline int
count_top_bits (guint64 word)
{
  return (int) ((((word >> 7) & LANES (1)) * LANES (1)) >> 56);
}

static inline SideCounts
count_side_six (const guint8 *holes)
{
  static const guint8 top[6] = { 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 };
  /* 0x80 − (6 − i): a byte at least 6 − i, too many to stay on the side. */
  static const guint8 crossing[6] = { 0x7a, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f };
  guint64 x = pack_six (holes);
  guint64 lanes = pack_six (top);
  SideCounts counts;
  int nonzero = count_top_bits ((x + LANES (0x7f)) & lanes);
  int three_or_more = count_top_bits ((x + LANES (0x7d)) & lanes);

  counts.seeds = (int) ((x * LANES (1)) >> 56);
  counts.empty = 6 - nonzero;
  counts.weak = nonzero - three_or_more;
  counts.kroo = count_top_bits ((x + LANES (0x80 - 12)) & lanes);
  counts.tempo = 6 - count_top_bits ((x + pack_six (crossing)) & lanes) - counts.empty;
  return counts;
}

static inline int
late_material (int material,
               int captured,
               int total_seeds)
{
  /* Only other seed counts pay for a division. */
  if (G_LIKELY (total_seeds == STANDARD_TOTAL))
    return material * captured;
  return total_seeds > 0 ? material * captured * STANDARD_TOTAL / total_seeds : 0;
}

/**
 * congkak_oware_features:
 * @own: the holes of the player to move, in its sowing order
 * @other: the opponent's holes, in theirs
 * @n_holes: holes a side
 * @captured_own: the seeds the player to move has captured
 * @captured_other: the seeds the opponent has
 * @total_seeds: the seeds of the game
 * @features: (out): each #CongkakOwareFeature
 *
 * What congkak_oware_evaluate() weighs.
 */
void
congkak_oware_features (const guint8 *own,
                        const guint8 *other,
                        guint         n_holes,
                        int           captured_own,
                        int           captured_other,
                        int           total_seeds,
                        int           features[CONGKAK_OWARE_N_FEATURES])
{
  SideCounts mine = count_side (own, n_holes);
  SideCounts theirs = count_side (other, n_holes);
  int material = mine.seeds - theirs.seeds;

  features[CONGKAK_OWARE_FEATURE_MATERIAL] = material;
  features[CONGKAK_OWARE_FEATURE_OWN_EMPTY] = mine.empty;
  features[CONGKAK_OWARE_FEATURE_OTHER_EMPTY] = theirs.empty;
  features[CONGKAK_OWARE_FEATURE_OWN_WEAK] = mine.weak;
  features[CONGKAK_OWARE_FEATURE_OTHER_WEAK] = theirs.weak;
  features[CONGKAK_OWARE_FEATURE_OWN_KROO] = mine.kroo;
  features[CONGKAK_OWARE_FEATURE_OTHER_KROO] = theirs.kroo;
  features[CONGKAK_OWARE_FEATURE_OWN_TEMPO] = mine.tempo;
  features[CONGKAK_OWARE_FEATURE_OTHER_TEMPO] = theirs.tempo;
  features[CONGKAK_OWARE_FEATURE_CAPTURE] = best_capture (own, other, n_holes, theirs.seeds);
  features[CONGKAK_OWARE_FEATURE_THREAT] = best_capture (other, own, n_holes, mine.seeds);
  features[CONGKAK_OWARE_FEATURE_LATE_MATERIAL] = late_material (material, captured_own + captured_other, total_seeds);
}

/**
 * congkak_oware_evaluate:
 * @own: the holes of the player to move, in its sowing order
 * @other: the opponent's holes, in theirs
 * @n_holes: holes a side
 * @captured_own: the seeds the player to move has captured
 * @captured_other: the seeds the opponent has
 * @total_seeds: the seeds of the game
 *
 * The margin (the player to move's captures minus the opponent's) still
 * to be gained from here, guessed: the features of
 * congkak_oware_features() weighed, written out so that no array is
 * filled at every leaf.
 *
 * Returns: hundredths of a seed
 */
int
congkak_oware_evaluate (const guint8 *own,
                        const guint8 *other,
                        guint         n_holes,
                        int           captured_own,
                        int           captured_other,
                        int           total_seeds)
{
  SideCounts mine, theirs;
  int material;
  int sum;

  /* The standard board, every hole under 128 seeds: a word a side. */
  if (n_holes == 6 && total_seeds < 128)
    {
      mine = count_side_six (own);
      theirs = count_side_six (other);
    }
  else
    {
      mine = count_side (own, n_holes);
      theirs = count_side (other, n_holes);
    }
  material = mine.seeds - theirs.seeds;

  sum = weights[CONGKAK_OWARE_FEATURE_MATERIAL] * material
        + weights[CONGKAK_OWARE_FEATURE_OWN_EMPTY] * mine.empty
        + weights[CONGKAK_OWARE_FEATURE_OTHER_EMPTY] * theirs.empty
        + weights[CONGKAK_OWARE_FEATURE_OWN_WEAK] * mine.weak
        + weights[CONGKAK_OWARE_FEATURE_OTHER_WEAK] * theirs.weak
        + weights[CONGKAK_OWARE_FEATURE_OWN_KROO] * mine.kroo
        + weights[CONGKAK_OWARE_FEATURE_OTHER_KROO] * theirs.kroo
        + weights[CONGKAK_OWARE_FEATURE_OWN_TEMPO] * mine.tempo
        + weights[CONGKAK_OWARE_FEATURE_OTHER_TEMPO] * theirs.tempo
        + weights[CONGKAK_OWARE_FEATURE_CAPTURE] * best_capture (own, other, n_holes, theirs.seeds)
        + weights[CONGKAK_OWARE_FEATURE_THREAT] * best_capture (other, own, n_holes, mine.seeds)
        + weights[CONGKAK_OWARE_FEATURE_LATE_MATERIAL] * late_material (material, captured_own + captured_other,
                                                                          total_seeds);
  return sum / (10000 / CONGKAK_OWARE_EVAL_SCALE);
}

/**
 * congkak_oware_weigh:
 * @features: each #CongkakOwareFeature, from congkak_oware_features()
 *
 * The weighted sum congkak_oware_evaluate() gives for these features (the
 * slow way, for the tests and the tools).
 *
 * Returns: hundredths of a seed
 */
int
congkak_oware_weigh (const int features[CONGKAK_OWARE_N_FEATURES])
{
  int sum = 0;

  for (guint i = 0; i < CONGKAK_OWARE_N_FEATURES; i++)
    sum += weights[i] * features[i];
  return sum / (10000 / CONGKAK_OWARE_EVAL_SCALE);
}

/**
 * congkak_oware_evaluate_simple:
 * @own: the holes of the player to move, in its sowing order
 * @other: the opponent's holes, in theirs
 * @n_holes: holes a side
 *
 * The evaluation the easy and medium levels keep: a quarter of the
 * difference of the seeds on each side.
 *
 * Returns: hundredths of a seed
 */
int
congkak_oware_evaluate_simple (const guint8 *own,
                               const guint8 *other,
                               guint         n_holes)
{
  int difference = 0;

  for (guint i = 0; i < n_holes; i++)
    difference += (int) own[i] - (int) other[i];
  return CONGKAK_OWARE_EVAL_SCALE * difference / 4;
}
