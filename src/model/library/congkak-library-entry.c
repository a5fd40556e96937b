/* congkak-library-entry.c — one match of the library, as its index knows it
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An entry is made once, from a loaded match or from the index, and then
 * never changes: the library replaces it when its file changes.  That lets
 * a worker thread build entries while the app lists the old ones.  Its
 * fields are in congkak-library-entry-private.h, for the library that
 * fills them and the index that stores them; the entry knows neither.
 * Its date is the match's own when that is a real day (GDateTime checks
 * it), else the file's.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-library-entry-private.h"
#include "congkak-match-file.h"

G_DEFINE_FINAL_TYPE (CongkakLibraryEntry, congkak_library_entry, G_TYPE_OBJECT)

static void
congkak_library_entry_finalize (GObject *object)
{
  CongkakLibraryEntry *self = CONGKAK_LIBRARY_ENTRY (object);

  g_clear_object (&self->directory);
  g_clear_object (&self->file);
  g_free (self->name);
  g_free (self->error);
  g_free (self->id);
  g_free (self->origin);
  g_free (self->title);
  g_free (self->player_name[0]);
  g_free (self->player_name[1]);
  g_free (self->date);
  g_free (self->event);
  g_free (self->place);
  g_free (self->search_text);

  G_OBJECT_CLASS (congkak_library_entry_parent_class)->finalize (object);
}

static void
congkak_library_entry_class_init (CongkakLibraryEntryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = congkak_library_entry_finalize;
}

static void
congkak_library_entry_init (CongkakLibraryEntry *self)
{
  congkak_rules_init_profile (&self->rules, "congkak", NULL);
  congkak_position_init_start (&self->final_position, &self->rules);
  self->result = CONGKAK_LIBRARY_RESULT_UNFINISHED;
}

/* The local date of @modified (µs since the epoch), as YYYY-MM-DD. */
static char *
date_from_time (gint64 modified)
{
  g_autoptr (GDateTime) time = g_date_time_new_from_unix_local_usec (modified);

  return time ? g_date_time_format (time, "%Y-%m-%d") : g_strdup ("1970-01-01");
}

CongkakLibraryEntry *
congkak_library_entry_new (GFile      *directory,
                           const char *name,
                           gint64      modified,
                           guint64     size)
{
  CongkakLibraryEntry *self = g_object_new (CONGKAK_TYPE_LIBRARY_ENTRY, NULL);

  self->directory = g_object_ref (directory);
  self->name = g_strdup (name);
  self->modified = modified;
  self->size = size;
  return self;
}

/**
 * congkak_library_fold_text:
 *
 * Returns: (transfer full): @text as search compares it: case folded,
 *   without accents, so that “muñoz” finds “Munoz”.
 */
char *
congkak_library_fold_text (const char *text)
{
  g_autofree char *decomposed = NULL;
  g_autofree char *folded = NULL;
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);

  decomposed = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);
  if (decomposed == NULL)
    return g_strdup ("");
  folded = g_utf8_casefold (decomposed, -1);
  out = g_string_sized_new (strlen (folded));
  for (const char *p = folded; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!g_unichar_ismark (c))
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* Whether @text is a real day written YYYY-MM-DD: the shape checked here,
 * the day itself (month lengths, leap years) by GDateTime. */
static gboolean
is_iso_date (const char *text)
{
  g_autofree char *midnight = NULL;
  g_autoptr (GDateTime) day = NULL;

  if (strlen (text) != 10 || text[4] != '-' || text[7] != '-')
    return FALSE;
  for (guint i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (text[i]))
      return FALSE;
  midnight = g_strconcat (text, "T00:00:00Z", NULL);
  day = g_date_time_new_from_iso8601 (midnight, NULL);
  return day != NULL;
}

static void
append_search_text (GString    *text,
                    const char *part)
{
  g_autofree char *folded = NULL;

  if (part == NULL || *part == '\0')
    return;
  folded = congkak_library_fold_text (part);
  g_string_append (text, folded);
  g_string_append_c (text, '\n');
}

static guint
count_bits (guint mask)
{
  guint n = 0;

  for (; mask; mask &= mask - 1)
    n++;
  return n;
}

/* Replays the main line with the engine and keeps what its events say:
 * the statistics are never worked out from the board. */
static void
collect_facts (CongkakLibraryEntry *self,
               CongkakMatch        *match)
{
  g_autoptr (CongkakGame) game = congkak_game_copy (congkak_match_get_game_at (match, congkak_match_get_root (match)));
  g_autoptr (GArray) events = congkak_event_array_new ();
  const CongkakEvent *match_end = NULL;
  const CongkakState *state;
  guint moves = 0;

  for (CongkakNode *node = congkak_node_get_main_child (congkak_match_get_root (match));
       node != NULL; node = congkak_node_get_main_child (node))
    {
      guint relays[2] = { 0, 0 };
      guint captured[2] = { 0, 0 };

      g_array_set_size (events, 0);
      if (!congkak_game_play (game, congkak_node_get_move (node), events, NULL))
        break;  /* cannot happen: the loader replayed the same moves */
      moves++;

      for (guint i = 0; i < events->len; i++)
        {
          const CongkakEvent *event = &g_array_index (events, CongkakEvent, i);

          switch (event->type)
            {
            case CONGKAK_EVENT_RELAY:
              if (event->player >= 0)
                relays[event->player]++;
              break;
            case CONGKAK_EVENT_CAPTURE:
              if (event->player >= 0)
                captured[event->player] += event->count;
              break;
            case CONGKAK_EVENT_REFILL:
              for (guint side = 0; side < 2; side++)
                self->holes_burnt[side] = MIN (G_MAXUINT16, self->holes_burnt[side] + count_bits (event->mask[side]));
              break;
            case CONGKAK_EVENT_MATCH_END:
              match_end = event;
              self->score[CONGKAK_SOUTH] = event->amount[CONGKAK_SOUTH];
              self->score[CONGKAK_NORTH] = event->amount[CONGKAK_NORTH];
              break;
            default:
              break;
            }
        }
      for (guint side = 0; side < 2; side++)
        {
          self->longest_relay[side] = MAX (self->longest_relay[side], MIN (relays[side], G_MAXUINT16));
          self->most_captured[side] = MAX (self->most_captured[side], MIN (captured[side], G_MAXUINT16));
        }
    }

  state = congkak_game_get_state (game);
  self->n_moves = moves;
  self->n_rounds = state->round;
  self->final_position = state->position;
  if (state->phase == CONGKAK_PHASE_MATCH_OVER)
    {
      self->result = state->match_winner == CONGKAK_SOUTH ? CONGKAK_LIBRARY_RESULT_SOUTH_WINS
                     : state->match_winner == CONGKAK_NORTH ? CONGKAK_LIBRARY_RESULT_NORTH_WINS
                     : CONGKAK_LIBRARY_RESULT_DRAW;
      if (match_end == NULL)
        {
          /* Over from the start position: no event to read the score from. */
          self->score[CONGKAK_SOUTH] = state->position.store[CONGKAK_SOUTH];
          self->score[CONGKAK_NORTH] = state->position.store[CONGKAK_NORTH];
        }
    }
  else
    {
      self->result = CONGKAK_LIBRARY_RESULT_UNFINISHED;
      self->score[CONGKAK_SOUTH] = state->position.store[CONGKAK_SOUTH];
      self->score[CONGKAK_NORTH] = state->position.store[CONGKAK_NORTH];
    }
}

/* Comments and marks anywhere in the move tree, variations included. */
static gboolean
collect_comments (CongkakMatch *match,
                  GString      *search_text)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  gboolean annotated = FALSE;

  g_ptr_array_add (stack, congkak_match_get_root (match));
  while (stack->len > 0)
    {
      CongkakNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      const char *comment = congkak_node_get_comment (node);

      if (*comment != '\0' || congkak_node_get_mark (node) != CONGKAK_MARK_NONE)
        annotated = TRUE;
      append_search_text (search_text, comment);
      for (guint i = 0; i < congkak_node_get_n_children (node); i++)
        g_ptr_array_add (stack, congkak_node_get_child (node, i));
    }
  return annotated;
}

/* Fills a new entry from its loaded match. */
void
congkak_library_entry_fill_from_match (CongkakLibraryEntry *self,
                                       CongkakMatch        *match)
{
  GString *search_text = g_string_new (NULL);
  const char *date = congkak_match_get_metadata (match, CONGKAK_METADATA_DATE);
  const char *notes = congkak_match_get_metadata (match, CONGKAK_METADATA_NOTES);

  g_clear_pointer (&self->error, g_free);
  self->id = g_strdup (congkak_match_get_metadata (match, CONGKAK_METADATA_ID));
  self->title = g_strdup (congkak_match_get_metadata (match, CONGKAK_METADATA_TITLE));
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      self->player_name[side] = g_strdup (congkak_match_get_player_name (match, side));
      self->player_kind[side] = congkak_match_get_player_kind (match, side);
    }
  self->rules = *congkak_match_get_rules (match);
  g_free (self->date);
  self->date = is_iso_date (date) ? g_strdup (date) : date_from_time (self->modified);
  self->event = g_strdup (congkak_match_get_metadata (match, CONGKAK_METADATA_EVENT));
  self->place = g_strdup (congkak_match_get_metadata (match, CONGKAK_METADATA_PLACE));

  append_search_text (search_text, self->title);
  append_search_text (search_text, self->player_name[CONGKAK_SOUTH]);
  append_search_text (search_text, self->player_name[CONGKAK_NORTH]);
  append_search_text (search_text, self->event);
  append_search_text (search_text, self->place);
  append_search_text (search_text, notes);
  self->has_comments = collect_comments (match, search_text) || *notes != '\0';
  self->search_text = g_string_free (search_text, FALSE);

  collect_facts (self, match);
}

void
congkak_library_entry_set_damaged (CongkakLibraryEntry *self,
                                   const char          *error)
{
  g_free (self->error);
  self->error = g_strdup (error);
  g_free (self->date);
  self->date = date_from_time (self->modified);
  g_free (self->search_text);
  self->search_text = congkak_library_fold_text (self->name);
}

/**
 * congkak_library_entry_get_file:
 *
 * Returns: (transfer none): the match file in the library folder.
 */
GFile *
congkak_library_entry_get_file (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  /* Made on demand: most entries of a big library are never opened. */
  if (g_atomic_pointer_get (&self->file) == NULL)
    {
      GFile *file = g_file_get_child (self->directory, self->name);

      if (!g_atomic_pointer_compare_and_exchange (&self->file, NULL, file))
        g_object_unref (file);
    }
  return self->file;
}

const char *
congkak_library_entry_get_name (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  return self->name;
}

/* When the file last changed, in µs since the epoch. */
gint64
congkak_library_entry_get_modified (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), 0);

  return self->modified;
}

guint64
congkak_library_entry_get_size (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), 0);

  return self->size;
}

/**
 * congkak_library_entry_get_error:
 *
 * Returns: (nullable): the loader's message for a file that does not load.
 */
const char *
congkak_library_entry_get_error (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  return self->error;
}

gboolean
congkak_library_entry_is_damaged (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), FALSE);

  return self->error != NULL;
}

static const char *
text_or_empty (const char *text)
{
  return text ? text : "";
}

const char *
congkak_library_entry_get_id (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  return text_or_empty (self->id);
}

const char *
congkak_library_entry_get_title (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  return text_or_empty (self->title);
}

static const char *name_or_side (CongkakLibraryEntry *self,
                                 CongkakSide          side);

/**
 * congkak_library_entry_dup_display_title:
 *
 * Returns: (transfer full): the match's title, else its players, such as
 *   “Ani vs Budi”, else the file name of a damaged file.
 */
char *
congkak_library_entry_dup_display_title (CongkakLibraryEntry *self)
{
  const char *names[2];

  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  if (self->error)
    return g_strdup (self->name);
  if (self->title && *self->title)
    return g_strdup (self->title);
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    names[side] = name_or_side (self, side);
  /* TRANSLATORS: the two players of a match, "Ani vs Budi" */
  return g_strdup_printf (_("%s vs %s"), names[CONGKAK_SOUTH], names[CONGKAK_NORTH]);
}

static const char *
name_or_side (CongkakLibraryEntry *self,
              CongkakSide          side)
{
  return self->player_name[side] && *self->player_name[side] ? self->player_name[side] : congkak_side_get_name (side);
}

/**
 * congkak_library_entry_dup_result_text:
 *
 * Returns: (transfer full): the result in a few words, such as “Ani won
 *   30–18”, “Drawn 24–24” or “Unfinished 10–12”.
 */
char *
congkak_library_entry_dup_result_text (CongkakLibraryEntry *self)
{
  guint south, north;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  south = self->score[CONGKAK_SOUTH];
  north = self->score[CONGKAK_NORTH];
  switch (self->result)
    {
    case CONGKAK_LIBRARY_RESULT_SOUTH_WINS:
      /* TRANSLATORS: the winner, then the final score, "Ani won 30–18" */
      return g_strdup_printf (_("%s won %u–%u"), name_or_side (self, CONGKAK_SOUTH), south, north);
    case CONGKAK_LIBRARY_RESULT_NORTH_WINS:
      return g_strdup_printf (_("%s won %u–%u"), name_or_side (self, CONGKAK_NORTH), north, south);
    case CONGKAK_LIBRARY_RESULT_DRAW:
      /* TRANSLATORS: a drawn match and its score, "Drawn 24–24" */
      return g_strdup_printf (_("Drawn %u–%u"), south, north);
    case CONGKAK_LIBRARY_RESULT_UNFINISHED:
    default:
      /* TRANSLATORS: a match left before its end, and the stores then, "Unfinished 10–12" */
      return g_strdup_printf (_("Unfinished %u–%u"), south, north);
    }
}

/**
 * congkak_library_entry_dup_length_text:
 *
 * Returns: (transfer full): “41 moves”, or “41 moves, 3 rounds” in
 *   multi-round games.
 */
char *
congkak_library_entry_dup_length_text (CongkakLibraryEntry *self)
{
  g_autofree char *moves = NULL;
  g_autofree char *rounds = NULL;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  moves = g_strdup_printf (ngettext ("%u move", "%u moves", self->n_moves), self->n_moves);
  if (!(self->rules.family == CONGKAK_FAMILY_STORE && self->rules.multi_round))
    return g_steal_pointer (&moves);
  rounds = g_strdup_printf (ngettext ("%u round", "%u rounds", self->n_rounds), self->n_rounds);
  /* TRANSLATORS: the moves and the rounds of a match, "41 moves, 3 rounds" */
  return g_strdup_printf (_("%s, %s"), moves, rounds);
}

const char *
congkak_library_entry_get_player_name (CongkakLibraryEntry *self,
                                       CongkakSide          side)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, NULL);

  return text_or_empty (self->player_name[side]);
}

CongkakPlayerKind
congkak_library_entry_get_player_kind (CongkakLibraryEntry *self,
                                       CongkakSide          side)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), CONGKAK_PLAYER_HUMAN);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, CONGKAK_PLAYER_HUMAN);

  return self->player_kind[side];
}

const CongkakRules *
congkak_library_entry_get_rules (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  return &self->rules;
}

/**
 * congkak_library_entry_get_game:
 *
 * Returns: the profile the rules are (“congkak”, “kalah”, …), or “custom”.
 */
const char *
congkak_library_entry_get_game (CongkakLibraryEntry *self)
{
  const char *profile;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  profile = congkak_rules_profile_name (&self->rules);
  return profile ? profile : "custom";
}

/**
 * congkak_library_entry_get_date:
 *
 * Returns: the match's date as YYYY-MM-DD: its own when it has one, else
 *   the day its file last changed.
 */
const char *
congkak_library_entry_get_date (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  return self->date;
}

const char *
congkak_library_entry_get_event (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  return text_or_empty (self->event);
}

const char *
congkak_library_entry_get_place (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  return text_or_empty (self->place);
}

CongkakLibraryResult
congkak_library_entry_get_result (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), CONGKAK_LIBRARY_RESULT_UNFINISHED);

  return self->result;
}

/* The final score, or the stores so far in an unfinished match. */
guint
congkak_library_entry_get_score (CongkakLibraryEntry *self,
                                 CongkakSide          side)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), 0);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, 0);

  return self->score[side];
}

/* Moves of the main line; a complete opening and a next-round count one each. */
guint
congkak_library_entry_get_n_moves (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), 0);

  return self->n_moves;
}

/* Rounds begun along the main line (1 in single-round games). */
guint
congkak_library_entry_get_n_rounds (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), 0);

  return self->n_rounds;
}

/* Whether any move (or the start) has a comment or a mark, or the match has notes. */
gboolean
congkak_library_entry_has_comments (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), FALSE);

  return self->has_comments;
}

/* The board at the end of the main line. */
const CongkakPosition *
congkak_library_entry_get_final_position (CongkakLibraryEntry *self)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  return &self->final_position;
}

/**
 * congkak_library_entry_dup_final_game:
 *
 * Returns: (transfer full) (nullable): a game at the final position, for
 *   drawing it; %NULL for a damaged file.
 */
CongkakGame *
congkak_library_entry_dup_final_game (CongkakLibraryEntry *self)
{
  CongkakPosition position;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), NULL);

  if (self->error)
    return NULL;
  /* A finished round has nobody to move; the board is the same. */
  position = self->final_position;
  if (position.to_move == CONGKAK_NOBODY
      && !(self->rules.family == CONGKAK_FAMILY_STORE && self->rules.simultaneous_opening))
    position.to_move = CONGKAK_SOUTH;
  return congkak_game_new_from_position (&self->rules, &position, NULL);
}

/* The most relays one move of @side made. */
guint
congkak_library_entry_get_longest_relay (CongkakLibraryEntry *self,
                                         CongkakSide          side)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), 0);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, 0);

  return self->longest_relay[side];
}

/* The most seeds one move of @side captured. */
guint
congkak_library_entry_get_most_captured (CongkakLibraryEntry *self,
                                         CongkakSide          side)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), 0);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, 0);

  return self->most_captured[side];
}

/* @side's holes burnt at the refills, added up over the rounds. */
guint
congkak_library_entry_get_holes_burnt (CongkakLibraryEntry *self,
                                       CongkakSide          side)
{
  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), 0);
  g_return_val_if_fail (side == CONGKAK_SOUTH || side == CONGKAK_NORTH, 0);

  return self->holes_burnt[side];
}

/**
 * congkak_library_entry_matches:
 * @folded_query: words from congkak_library_fold_text()
 *
 * Returns: whether every word of the query is in the entry's title,
 *   players, event, place, comments or notes (for a damaged file: its
 *   name); an empty query matches everything.
 */
gboolean
congkak_library_entry_matches (CongkakLibraryEntry *self,
                               const char          *folded_query)
{
  const char *word = folded_query;

  g_return_val_if_fail (CONGKAK_IS_LIBRARY_ENTRY (self), FALSE);
  g_return_val_if_fail (folded_query != NULL, FALSE);

  while (*word)
    {
      const char *end;
      char saved[64];
      gsize length;

      while (g_ascii_isspace (*word))
        word++;
      if (*word == '\0')
        break;
      for (end = word; *end && !g_ascii_isspace (*end); end++)
        ;
      length = end - word;
      if (length < sizeof saved)
        {
          memcpy (saved, word, length);
          saved[length] = '\0';
          if (self->search_text == NULL || strstr (self->search_text, saved) == NULL)
            return FALSE;
        }
      else
        {
          g_autofree char *long_word = g_strndup (word, length);

          if (self->search_text == NULL || strstr (self->search_text, long_word) == NULL)
            return FALSE;
        }
      word = end;
    }
  return TRUE;
}

/* Oldest first: by the match's date, then by when the file changed. */
int
congkak_library_entry_compare_date (CongkakLibraryEntry *a,
                                    CongkakLibraryEntry *b)
{
  int by_date = strcmp (a->date, b->date);

  if (by_date != 0)
    return by_date;
  return (a->modified > b->modified) - (a->modified < b->modified);
}
