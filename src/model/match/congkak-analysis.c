/* congkak-analysis.c — the engine's judgement of every move of a match
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "congkak-analysis.h"

typedef struct
{
  CongkakNode  *node;      /* owned reference; only touched in the main thread */
  CongkakMove   move;      /* the sowing's side and hole; kind for the rest */
  CongkakState  before;
  CongkakState  after;

  /* Filled in by the run */
  gboolean      done;
  int           evaluation;
  char         *best_move;
  CongkakMark   mark;
  char         *comment;
} Item;

struct _CongkakAnalysis
{
  CongkakRules           rules;
  CongkakAnalysisOptions options;
  GArray                *items;   /* Item */
  CongkakOwareEndgameShelf *oware_endgame_shelf;  /* nullable */
};

void
congkak_analysis_options_init (CongkakAnalysisOptions *options)
{
  g_return_if_fail (options != NULL);

  options->level = CONGKAK_LEVEL_HARD;
  options->seed = 0;
  options->max_nodes = CONGKAK_ANALYSIS_DEFAULT_NODES;
  options->variations = FALSE;
}

static void
item_clear (gpointer data)
{
  Item *item = data;

  g_clear_object (&item->node);
  g_clear_pointer (&item->best_move, g_free);
  g_clear_pointer (&item->comment, g_free);
}

static void
add_item (CongkakAnalysis *analysis,
          CongkakMatch    *match,
          CongkakNode     *node)
{
  Item item = { 0 };

  item.node = g_object_ref (node);
  item.move = *congkak_node_get_move (node);
  item.move.opening = NULL;  /* the snapshot needs only the states */
  item.before = *congkak_game_get_state (congkak_match_get_game_at (match, congkak_node_get_parent (node)));
  item.after = *congkak_game_get_state (congkak_match_get_game_at (match, node));
  g_array_append_val (analysis->items, item);
}

/**
 * congkak_analysis_new:
 * @options: (nullable): what to analyse and how hard; %NULL for the
 *   defaults of congkak_analysis_options_init()
 *
 * Takes the snapshot to analyse, in the thread that owns @match.
 *
 * Returns: (transfer full): the analysis, not run yet.
 */
CongkakAnalysis *
congkak_analysis_new (CongkakMatch                 *match,
                      const CongkakAnalysisOptions *options)
{
  CongkakAnalysis *analysis;
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (options == NULL || options->level < CONGKAK_N_LEVELS, NULL);

  analysis = g_new0 (CongkakAnalysis, 1);
  analysis->rules = *congkak_match_get_rules (match);
  if (options)
    analysis->options = *options;
  else
    congkak_analysis_options_init (&analysis->options);
  analysis->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (analysis->items, item_clear);

  /* The main line first, in order, then the variations (depth first). */
  for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match));
       node != NULL; node = congkak_node_get_main_child (node))
    add_item (analysis, match, node);
  if (analysis->options.variations)
    {
      g_ptr_array_add (stack, congkak_match_get_root (match));
      while (stack->len > 0)
        {
          CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

          if (!congkak_node_is_root (node) && !congkak_node_is_main_line (node))
            add_item (analysis, match, node);
          for (guint i = congkak_node_get_n_children (node); i > 0; i--)
            g_ptr_array_add (stack, congkak_node_get_child (node, i - 1));
        }
    }
  return analysis;
}

void
congkak_analysis_free (CongkakAnalysis *analysis)
{
  if (analysis == NULL)
    return;
  g_array_unref (analysis->items);
  congkak_oware_endgame_shelf_unref (analysis->oware_endgame_shelf);
  g_free (analysis);
}

/**
 * congkak_analysis_set_oware_endgame_shelf:
 * @shelf: (nullable): where its computer finds the Oware endgame database
 *   (see congkak_computer_set_oware_endgame_shelf())
 */
void
congkak_analysis_set_oware_endgame_shelf (CongkakAnalysis          *analysis,
                                          CongkakOwareEndgameShelf *shelf)
{
  g_return_if_fail (analysis != NULL);

  if (shelf != NULL)
    congkak_oware_endgame_shelf_ref (shelf);
  congkak_oware_endgame_shelf_unref (analysis->oware_endgame_shelf);
  analysis->oware_endgame_shelf = shelf;
}

guint
congkak_analysis_get_n_moves (CongkakAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, 0);

  return analysis->items->len;
}

/**
 * congkak_analysis_format_score:
 * @score: a score on the scale of congkak-computer.h
 *
 * Returns: (transfer full): the score for people: “+4”, “−2”, “0”, or
 *   “wins the match” / “loses the match” for a forced match result.
 */
char *
congkak_analysis_format_score (int score)
{
  if (score >= CONGKAK_SEARCH_MATCH_WIN / 2)
    return g_strdup (_("wins the match"));
  if (score <= -CONGKAK_SEARCH_MATCH_WIN / 2)
    return g_strdup (_("loses the match"));
  if (score < 0)
    /* TRANSLATORS: a negative seed margin; the sign is a minus sign */
    return g_strdup_printf (_("−%d"), -score);
  if (score > 0)
    return g_strdup_printf ("+%d", score);
  return g_strdup ("0");
}

/**
 * congkak_analysis_describe_score:
 * @rules: the rules of the game the score is for
 * @score: an evaluation for South, on the scale of congkak-computer.h
 *
 * Returns: (transfer full): what the number means, in words: “South ends
 *   5 seeds behind with best play”, “North wins the match with best play”.
 */
char *
congkak_analysis_describe_score (const CongkakRules *rules,
                                 int                 score)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (score >= CONGKAK_SEARCH_MATCH_WIN / 2)
    return g_strdup (_("South wins the match with best play"));
  if (score <= -CONGKAK_SEARCH_MATCH_WIN / 2)
    return g_strdup (_("North wins the match with best play"));
  /* The score is the store margin at the end of the round. */
  if (rules->multi_round)
    {
      if (score > 0)
        return g_strdup_printf (ngettext ("South ends the round %d seed ahead with best play",
                                          "South ends the round %d seeds ahead with best play", score), score);
      if (score < 0)
        return g_strdup_printf (ngettext ("South ends the round %d seed behind with best play",
                                          "South ends the round %d seeds behind with best play", -score), -score);
      return g_strdup (_("The round ends level with best play"));
    }
  if (score > 0)
    return g_strdup_printf (ngettext ("South ends %d seed ahead with best play",
                                      "South ends %d seeds ahead with best play", score), score);
  if (score < 0)
    return g_strdup_printf (ngettext ("South ends %d seed behind with best play",
                                      "South ends %d seeds behind with best play", -score), -score);
  return g_strdup (_("The game ends level with best play"));
}

/**
 * congkak_analysis_describe_depth:
 * @move: a move the computer found
 *
 * Returns: (transfer full): how far the search looked, “looked 9 moves
 *   ahead”, or “worked out to the end” when the score is proved: hints
 *   and the analysis look as far as their time allows, which is why their
 *   numbers for one position may differ.
 */
char *
congkak_analysis_describe_depth (const CongkakComputerMove *move)
{
  g_return_val_if_fail (move != NULL, NULL);

  if (move->exact)
    return g_strdup (_("worked out to the end"));
  return g_strdup_printf (ngettext ("looked %u move ahead", "looked %u moves ahead", move->depth), move->depth);
}

/**
 * congkak_analysis_describe_margin:
 * @rules: the rules of the game
 * @margin: a store margin, in seeds, for the player it is told to
 * @kind: how it is known
 *
 * Returns: (transfer full): the margin in words for that player: “you end
 *   8 seeds ahead”, “you end at least 3 seeds ahead”, “you end about 2 seeds
 *   behind (estimated)”; in a multi-round match “you end the round …”.
 */
char *
congkak_analysis_describe_margin (const CongkakRules *rules,
                                  int                 margin,
                                  CongkakMarginKind   kind)
{
  g_return_val_if_fail (rules != NULL, NULL);

  /* TRANSLATORS: these say where the player stands when the round (or the
   * game) ends, in store seeds against the opponent; "at least"/"at most"
   * are proved bounds, "about … (estimated)" a search's guess. */
  if (rules->multi_round)
    {
      switch (kind)
        {
        case CONGKAK_MARGIN_EXACT:
          if (margin > 0)
            return g_strdup_printf (ngettext ("you end the round %d seed ahead", "you end the round %d seeds ahead", margin), margin);
          if (margin < 0)
            return g_strdup_printf (ngettext ("you end the round %d seed behind", "you end the round %d seeds behind", -margin), -margin);
          return g_strdup (_("you end the round level"));
        case CONGKAK_MARGIN_AT_LEAST:
          if (margin > 0)
            return g_strdup_printf (ngettext ("you end the round at least %d seed ahead", "you end the round at least %d seeds ahead", margin), margin);
          if (margin < 0)
            return g_strdup_printf (ngettext ("you end the round at most %d seed behind", "you end the round at most %d seeds behind", -margin), -margin);
          return g_strdup (_("you end the round level or ahead"));
        case CONGKAK_MARGIN_AT_MOST:
          if (margin > 0)
            return g_strdup_printf (ngettext ("you end the round at most %d seed ahead", "you end the round at most %d seeds ahead", margin), margin);
          if (margin < 0)
            return g_strdup_printf (ngettext ("you end the round at least %d seed behind", "you end the round at least %d seeds behind", -margin), -margin);
          return g_strdup (_("you end the round level or behind"));
        case CONGKAK_MARGIN_ESTIMATE:
          if (margin > 0)
            return g_strdup_printf (ngettext ("you end the round about %d seed ahead (estimated)", "you end the round about %d seeds ahead (estimated)", margin), margin);
          if (margin < 0)
            return g_strdup_printf (ngettext ("you end the round about %d seed behind (estimated)", "you end the round about %d seeds behind (estimated)", -margin), -margin);
          return g_strdup (_("you end the round about level (estimated)"));
        default:
          g_return_val_if_reached (NULL);
        }
    }
  switch (kind)
    {
    case CONGKAK_MARGIN_EXACT:
      if (margin > 0)
        return g_strdup_printf (ngettext ("you end %d seed ahead", "you end %d seeds ahead", margin), margin);
      if (margin < 0)
        return g_strdup_printf (ngettext ("you end %d seed behind", "you end %d seeds behind", -margin), -margin);
      return g_strdup (_("you end level"));
    case CONGKAK_MARGIN_AT_LEAST:
      if (margin > 0)
        return g_strdup_printf (ngettext ("you end at least %d seed ahead", "you end at least %d seeds ahead", margin), margin);
      if (margin < 0)
        return g_strdup_printf (ngettext ("you end at most %d seed behind", "you end at most %d seeds behind", -margin), -margin);
      return g_strdup (_("you end level or ahead"));
    case CONGKAK_MARGIN_AT_MOST:
      if (margin > 0)
        return g_strdup_printf (ngettext ("you end at most %d seed ahead", "you end at most %d seeds ahead", margin), margin);
      if (margin < 0)
        return g_strdup_printf (ngettext ("you end at least %d seed behind", "you end at least %d seeds behind", -margin), -margin);
      return g_strdup (_("you end level or behind"));
    case CONGKAK_MARGIN_ESTIMATE:
      if (margin > 0)
        return g_strdup_printf (ngettext ("you end about %d seed ahead (estimated)", "you end about %d seeds ahead (estimated)", margin), margin);
      if (margin < 0)
        return g_strdup_printf (ngettext ("you end about %d seed behind (estimated)", "you end about %d seeds behind (estimated)", -margin), -margin);
      return g_strdup (_("you end about level (estimated)"));
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * congkak_analysis_describe_hint:
 * @rules: the rules of the game the hint is for
 * @hint: the computer's best move for the player to act, as
 *   congkak_computer_hint() gives it
 *
 * Returns: (transfer full): the hint in words for the player it is for:
 *   “Sow E: you end 4 seeds ahead”, “Sow E: you end the round level”,
 *   “Sow E: you win the match”.
 */
char *
congkak_analysis_describe_hint (const CongkakRules        *rules,
                                const CongkakComputerMove *hint)
{
  g_autofree char *describe = NULL;
  char hole;
  int score;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (hint != NULL, NULL);
  g_return_val_if_fail (hint->kind == CONGKAK_MOVE_SOW || hint->kind == CONGKAK_MOVE_OPENING, NULL);
  g_return_val_if_fail (hint->side == CONGKAK_SOUTH || hint->side == CONGKAK_NORTH, NULL);

  hole = congkak_hole_letter (hint->side, hint->hole);
  score = hint->score;

  /* A forced match result is worth ±CONGKAK_SEARCH_MATCH_WIN, more than
   * any margin in seeds (congkak-computer.h). */
  if (score >= CONGKAK_SEARCH_MATCH_WIN / 2)
    /* TRANSLATORS: the hint; %c is the hole to sow, as in the move notation */
    return g_strdup_printf (_("Sow %c: you win the match"), hole);
  if (score <= -CONGKAK_SEARCH_MATCH_WIN / 2)
    /* TRANSLATORS: the hint, when every move loses the match; %c is the
     * hole to sow, the one that loses by the least */
    return g_strdup_printf (_("Sow %c: the match is lost whatever you play; this move loses it by the least"), hole);

  /* The score is the store margin at the end of the round (in a game of
   * one round the end of the game), proved or a search's guess. */
  describe = congkak_analysis_describe_margin (rules, score, hint->exact ? CONGKAK_MARGIN_EXACT : CONGKAK_MARGIN_ESTIMATE);
  /* TRANSLATORS: the hint; %c is the hole to sow, %s where the player ends with it,
   * such as "you end 4 seeds ahead" */
  return g_strdup_printf (_("Sow %c: %s"), hole, describe);
}

static CongkakMark
judge_drop (int best,
            int played)
{
  int drop = best - played;

  if (drop >= CONGKAK_ANALYSIS_BLUNDER_DROP)
    return CONGKAK_MARK_BLUNDER;
  if (drop >= CONGKAK_ANALYSIS_MISTAKE_DROP)
    return CONGKAK_MARK_MISTAKE;
  return CONGKAK_MARK_NONE;
}

/* A sowing judged: @best_score and @played are what the mover can
 * expect with the best move and with the move played. */
static void
fill_sowing (Item *item,
             guint best_hole,
             int   best_score,
             int   played)
{
  CongkakSide mover = item->before.position.to_move;
  CongkakMove best_move = { .kind = CONGKAK_MOVE_SOW, .side = mover, .hole = best_hole };

  item->evaluation = mover == CONGKAK_SOUTH ? played : -played;
  g_free (item->best_move);
  item->best_move = congkak_move_to_string (&best_move);
  item->mark = best_hole == item->move.hole ? CONGKAK_MARK_NONE : judge_drop (best_score, played);
  g_clear_pointer (&item->comment, g_free);
  if (item->mark != CONGKAK_MARK_NONE)
    {
      g_autofree char *score = congkak_analysis_format_score (best_score);

      /* TRANSLATORS: %s: a move such as “C”, %s: what the mover could expect with it, such as “+4” */
      item->comment = g_strdup_printf (_("Better: %s (%s)"), item->best_move, score);
    }
}

static int
round_end_value (CongkakAnalysis *analysis,
                 Item            *item)
{
  g_autoptr (CongkakSearch) search = congkak_search_new (&analysis->rules, 1);
  const CongkakPosition *end = &item->after.position;

  /* A round of several ends with its store margin alone, not the search's
   * outlook for the next round; a match that ends is won or lost. */
  if (analysis->rules.multi_round && item->after.phase != CONGKAK_PHASE_MATCH_OVER)
    return (int) end->store[CONGKAK_SOUTH] - (int) end->store[CONGKAK_NORTH];
  return congkak_search_round_end_value (search, &item->after, CONGKAK_SOUTH);
}

static gboolean
analyse_item (CongkakAnalysis  *analysis,
              CongkakComputer  *computer,
              Item             *item,
              const gint       *cancel,
              GError          **error)
{
  CongkakComputerOptions options;
  CongkakComputerMove best;

  congkak_computer_options_init (&options, analysis->options.level, analysis->options.seed);
  options.max_nodes = analysis->options.max_nodes;
  /* Values people read: store margins, not a multi-round search's outlook */
  options.margin_score = TRUE;

  if (item->move.kind == CONGKAK_MOVE_SOW)
    {
      int played;

      if (!congkak_computer_judge (computer, &item->before, item->move.hole, &options, cancel,
                                   &best, &played, error))
        return FALSE;
      fill_sowing (item, best.hole, best.score, played);
      return TRUE;
    }

  /* An opening or a new round: what the position after it is worth. */
  if (item->after.phase == CONGKAK_PHASE_PLAYING)
    {
      if (!congkak_computer_evaluate (computer, &item->after, &options, cancel, &best, error))
        return FALSE;
      item->evaluation = item->after.position.to_move == CONGKAK_SOUTH ? best.score : -best.score;
    }
  else
    item->evaluation = round_end_value (analysis, item);
  return TRUE;
}

/* A judge in another program: it answers in the main thread, one
 * position at a time, and the analysis takes its answers here. */

/**
 * congkak_analysis_get_node:
 *
 * Returns: (transfer none): the @index-th move to analyse; its parent is
 *   the position before it.
 */
CongkakNode *
congkak_analysis_get_node (CongkakAnalysis *analysis,
                           guint            index)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  g_return_val_if_fail (index < analysis->items->len, NULL);

  return g_array_index (analysis->items, Item, index).node;
}

/**
 * congkak_analysis_ends_round:
 *
 * Returns: whether the @index-th move ends a round or the match: the
 *   position after it is worth what the stores say, and
 *   congkak_analysis_set_judged() needs no value for it.
 */
gboolean
congkak_analysis_ends_round (CongkakAnalysis *analysis,
                             guint            index)
{
  g_return_val_if_fail (analysis != NULL, FALSE);
  g_return_val_if_fail (index < analysis->items->len, FALSE);

  return g_array_index (analysis->items, Item, index).after.phase != CONGKAK_PHASE_PLAYING;
}

/**
 * congkak_analysis_set_judged:
 * @best: (nullable): for a sowing, the judge's best move where it was
 *   played, with what the mover can expect with it
 * @after_score: what the position after the move is worth for the side
 *   to move there, by the judge (left out where the move ends a round)
 *
 * Stores a judge's view of the @index-th move, as the built-in analysis
 * would (the mark, the better move and its comment).
 */
void
congkak_analysis_set_judged (CongkakAnalysis           *analysis,
                             guint                      index,
                             const CongkakComputerMove *best,
                             int                        after_score)
{
  Item *item;
  int after_south;

  g_return_if_fail (analysis != NULL);
  g_return_if_fail (index < analysis->items->len);

  item = &g_array_index (analysis->items, Item, index);
  if (item->after.phase == CONGKAK_PHASE_PLAYING)
    after_south = item->after.position.to_move == CONGKAK_SOUTH ? after_score : -after_score;
  else
    after_south = round_end_value (analysis, item);

  if (item->move.kind == CONGKAK_MOVE_SOW && best != NULL)
    {
      CongkakSide mover = item->before.position.to_move;
      int played = best->hole == item->move.hole ? best->score : (mover == CONGKAK_SOUTH ? after_south : -after_south);

      fill_sowing (item, best->hole, best->score, played);
    }
  else
    item->evaluation = after_south;
  item->done = TRUE;
}

/**
 * congkak_analysis_run:
 * @progress: (nullable) (scope call): called after each move, from the
 *   calling thread
 * @cancel: (nullable): a flag that stops the run when set
 *
 * Analyses the snapshot; may run in any thread, one run at a time.
 *
 * Returns: %FALSE if cancelled (CONGKAK_COMPUTER_ERROR_CANCELLED); the moves
 *   finished before are kept for congkak_analysis_apply().
 */
gboolean
congkak_analysis_run (CongkakAnalysis          *analysis,
                      CongkakAnalysisProgress   progress,
                      gpointer                  user_data,
                      const gint               *cancel,
                      GError                  **error)
{
  g_autoptr (CongkakComputer) computer = NULL;

  g_return_val_if_fail (analysis != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  computer = congkak_computer_new (&analysis->rules);
  congkak_computer_set_oware_endgame_shelf (computer, analysis->oware_endgame_shelf);
  for (guint i = 0; i < analysis->items->len; i++)
    {
      Item *item = &g_array_index (analysis->items, Item, i);

      if (item->done)
        continue;
      if (!analyse_item (analysis, computer, item, cancel, error))
        return FALSE;
      item->done = TRUE;
      if (progress)
        progress (i + 1, analysis->items->len, user_data);
    }
  return TRUE;
}

static gboolean
node_in_match (CongkakMatch *match,
               CongkakNode  *node)
{
  while (congkak_node_get_parent (node) != NULL)
    node = congkak_node_get_parent (node);
  return node == congkak_match_get_root (match);
}

/**
 * congkak_analysis_apply:
 *
 * Stores the analysed moves in @match, in the thread that owns it; moves
 * deleted from the match since the snapshot are skipped.
 *
 * Returns: how many moves got their analysis.
 */
guint
congkak_analysis_apply (CongkakAnalysis *analysis,
                        CongkakMatch    *match)
{
  guint applied = 0;

  g_return_val_if_fail (analysis != NULL, 0);
  g_return_val_if_fail (CONGKAK_IS_MATCH (match), 0);

  for (guint i = 0; i < analysis->items->len; i++)
    {
      Item *item = &g_array_index (analysis->items, Item, i);

      if (!item->done || !node_in_match (match, item->node))
        continue;
      congkak_match_set_analysis (match, item->node, item->evaluation, item->best_move,
                                  item->mark, item->comment);
      applied++;
    }
  return applied;
}

/**
 * congkak_match_analyse:
 *
 * Snapshot, run and apply in one call, blocking; see congkak-analysis.h.
 * A cancelled run still stores the moves it finished.
 */
gboolean
congkak_match_analyse (CongkakMatch                 *match,
                       const CongkakAnalysisOptions *options,
                       CongkakAnalysisProgress       progress,
                       gpointer                      user_data,
                       const gint                   *cancel,
                       GError                      **error)
{
  g_autoptr (CongkakAnalysis) analysis = NULL;
  gboolean finished;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  analysis = congkak_analysis_new (match, options);
  finished = congkak_analysis_run (analysis, progress, user_data, cancel, error);
  congkak_analysis_apply (analysis, match);
  return finished;
}
