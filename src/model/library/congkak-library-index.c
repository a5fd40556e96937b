/* congkak-library-index.c — the library's index file
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The index is a cache beside the match files, so that thousands of
 * matches list at once; the files stay the truth.  It is one serialized
 * GVariant in columns: every entry's times, every entry's numbers (a
 * fixed count each), and every entry's texts, each text ended by a NUL
 * (no text of a match holds one).  Reading it is a few lookups and then
 * plain arrays.  It is written whole and atomically, and read as
 * untrusted data: anything wrong in it (another version, a byte order it
 * was not written in, columns that do not match their checksum or their
 * lengths, a value out of range) makes the whole index count as damaged,
 * and the library reads the files again.  It knows the entries' fields
 * (congkak-library-entry-private.h), not the library.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-file-util.h"
#include "congkak-library-entry-private.h"
#include "congkak-library-index.h"

#define INDEX_NAME ".congkak-library-index"

#define INDEX_MAGIC "congkak-library-index"
#define INDEX_VERSION 4
#define INDEX_BYTE_ORDER 0x01020304u

/* magic, version, byte order, checksum of the columns, number of entries,
 * then the columns: times, numbers, texts */
#define INDEX_TYPE "(suusuatauay)"

enum
{
  TEXT_NAME,
  TEXT_ERROR,
  TEXT_ID,
  TEXT_ORIGIN,
  TEXT_TITLE,
  TEXT_SOUTH,
  TEXT_NORTH,
  TEXT_RULES,
  TEXT_DATE,
  TEXT_EVENT,
  TEXT_PLACE,
  TEXT_SEARCH,
  N_TEXTS
};

enum
{
  TIME_MODIFIED,
  TIME_SIZE,
  N_TIMES
};

enum
{
  NUMBER_KIND_SOUTH,
  NUMBER_KIND_NORTH,
  NUMBER_RESULT,
  NUMBER_SCORE_SOUTH,
  NUMBER_SCORE_NORTH,
  NUMBER_MOVES,
  NUMBER_ROUNDS,
  NUMBER_HAS_COMMENTS,
  NUMBER_RELAY_SOUTH,
  NUMBER_RELAY_NORTH,
  NUMBER_CAPTURED_SOUTH,
  NUMBER_CAPTURED_NORTH,
  NUMBER_BURNT_SOUTH,
  NUMBER_BURNT_NORTH,
  /* The final position: holes of both sides (unused ones 0), the stores,
   * the burnt masks and the player to move (+1, so that nobody is 0). */
  NUMBER_HOLES,
  NUMBER_STORES = NUMBER_HOLES + 2 * CONGKAK_MAX_HOLES,
  NUMBER_BURNT = NUMBER_STORES + 2,
  NUMBER_TO_MOVE = NUMBER_BURNT + 2,
  N_NUMBERS
};

static char *
rules_to_text (const CongkakRules *rules)
{
  const char * const *keys = congkak_rules_option_keys ();
  GString *text = g_string_new (NULL);

  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *value = NULL;

      if (!congkak_rules_option_applies (rules, keys[i]))
        continue;
      value = congkak_rules_get_option (rules, keys[i]);
      g_string_append_printf (text, "%s%s=%s", text->len ? " " : "", keys[i], value);
    }
  return g_string_free (text, FALSE);
}

static gboolean
rules_from_text (const char   *text,
                 CongkakRules *rules)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);

  if (words[0] == NULL || !g_str_has_prefix (words[0], "family="))
    return FALSE;
  if (!congkak_rules_init_profile (rules, g_str_equal (words[0], "family=oware") ? "oware" : "congkak", NULL))
    return FALSE;
  for (guint i = 1; words[i] != NULL; i++)
    {
      char *equals = strchr (words[i], '=');

      if (equals == NULL)
        return FALSE;
      *equals = '\0';
      if (!congkak_rules_set_option (rules, words[i], equals + 1, NULL))
        return FALSE;
    }
  return congkak_rules_validate (rules, NULL);
}

static void
add_text (GByteArray *texts,
          const char *text)
{
  if (text == NULL)
    text = "";
  g_byte_array_append (texts, (const guint8 *) text, strlen (text) + 1);
}

static void
add_entry (CongkakLibraryEntry *entry,
           GArray              *times,
           GArray              *numbers,
           GByteArray          *texts)
{
  g_autofree char *rules = rules_to_text (&entry->rules);
  const CongkakPosition *position = &entry->final_position;
  guint32 values[N_NUMBERS] = { 0 };
  guint64 time_values[N_TIMES] = { entry->modified, entry->size };

  add_text (texts, entry->name);
  add_text (texts, entry->error);
  add_text (texts, entry->id);
  add_text (texts, entry->origin);
  add_text (texts, entry->title);
  add_text (texts, entry->player_name[CONGKAK_SOUTH]);
  add_text (texts, entry->player_name[CONGKAK_NORTH]);
  add_text (texts, rules);
  add_text (texts, entry->date);
  add_text (texts, entry->event);
  add_text (texts, entry->place);
  add_text (texts, entry->search_text);

  for (guint side = 0; side < 2; side++)
    {
      values[NUMBER_KIND_SOUTH + side] = entry->player_kind[side];
      values[NUMBER_SCORE_SOUTH + side] = entry->score[side];
      values[NUMBER_RELAY_SOUTH + side] = entry->longest_relay[side];
      values[NUMBER_CAPTURED_SOUTH + side] = entry->most_captured[side];
      values[NUMBER_BURNT_SOUTH + side] = entry->holes_burnt[side];
      for (guint i = 0; i < CONGKAK_MAX_HOLES; i++)
        values[NUMBER_HOLES + side * CONGKAK_MAX_HOLES + i] = position->holes[side][i];
      values[NUMBER_STORES + side] = position->store[side];
      values[NUMBER_BURNT + side] = position->burnt[side];
    }
  values[NUMBER_RESULT] = entry->result;
  values[NUMBER_MOVES] = entry->n_moves;
  values[NUMBER_ROUNDS] = entry->n_rounds;
  values[NUMBER_HAS_COMMENTS] = entry->has_comments;
  values[NUMBER_TO_MOVE] = position->to_move + 1;

  g_array_append_vals (times, time_values, N_TIMES);
  g_array_append_vals (numbers, values, N_NUMBERS);
}

static char *
nonempty (const char *text)
{
  return *text ? g_strdup (text) : NULL;
}

static gboolean
is_match_file_name (const char *name)
{
  return *name != '\0' && *name != '.' && strchr (name, '/') == NULL
         && g_str_has_suffix (name, ".congkak");
}

/* The next N_TEXTS texts from *@cursor; FALSE unless each ends before
 * @end and is valid UTF-8, but for the file name: a name is bytes, and
 * one copied from an old disk need not be UTF-8. */
static gboolean
next_texts (const char **cursor,
            const char  *end,
            const char  *texts[N_TEXTS])
{
  const char *p = *cursor;

  for (guint i = 0; i < N_TEXTS; i++)
    {
      const char *nul = p < end ? memchr (p, '\0', end - p) : NULL;

      if (nul == NULL || (i != TEXT_NAME && !g_utf8_validate (p, nul - p, NULL)))
        return FALSE;
      texts[i] = p;
      p = nul + 1;
    }
  *cursor = p;
  return TRUE;
}

static gboolean
read_position (const guint32      *values,
               const CongkakRules *rules,
               CongkakPosition    *position)
{
  guint n = rules->holes;

  memset (position, 0, sizeof *position);
  position->n_holes = n;
  for (guint side = 0; side < 2; side++)
    {
      for (guint i = 0; i < CONGKAK_MAX_HOLES; i++)
        {
          guint32 seeds = values[NUMBER_HOLES + side * CONGKAK_MAX_HOLES + i];

          if (seeds > 2 * CONGKAK_MAX_HOLES * CONGKAK_MAX_SEEDS || (i >= n && seeds != 0))
            return FALSE;
          position->holes[side][i] = seeds;
        }
      if (values[NUMBER_STORES + side] > 2 * CONGKAK_MAX_HOLES * CONGKAK_MAX_SEEDS
          || values[NUMBER_BURNT + side] >> n)
        return FALSE;
      position->store[side] = values[NUMBER_STORES + side];
      position->burnt[side] = values[NUMBER_BURNT + side];
    }
  if (values[NUMBER_TO_MOVE] > 2)
    return FALSE;
  position->to_move = (gint8) values[NUMBER_TO_MOVE] - 1;
  return congkak_position_total_seeds (position) <= 2 * CONGKAK_MAX_HOLES * CONGKAK_MAX_SEEDS;
}

/* One entry from the columns; %NULL if any value is out of range.
 * @rules_cache saves parsing the few rule sets a library has again and again. */
static CongkakLibraryEntry *
read_entry (GFile         *directory,
            const guint64 *times,
            const guint32 *numbers,
            const char    *texts[N_TEXTS],
            GHashTable    *rules_cache)
{
  g_autoptr (CongkakLibraryEntry) entry = NULL;
  const CongkakRules *rules;

  if (!is_match_file_name (texts[TEXT_NAME]) || strlen (texts[TEXT_DATE]) != 10
      || times[TIME_MODIFIED] > G_MAXINT64)
    return NULL;
  for (guint i = NUMBER_KIND_SOUTH; i < NUMBER_HOLES; i++)
    if (i != NUMBER_MOVES && i != NUMBER_ROUNDS && numbers[i] > G_MAXUINT16)
      return NULL;
  if (numbers[NUMBER_KIND_SOUTH] > CONGKAK_PLAYER_COMPUTER || numbers[NUMBER_KIND_NORTH] > CONGKAK_PLAYER_COMPUTER
      || numbers[NUMBER_RESULT] > CONGKAK_LIBRARY_RESULT_UNFINISHED || numbers[NUMBER_HAS_COMMENTS] > 1)
    return NULL;

  rules = g_hash_table_lookup (rules_cache, texts[TEXT_RULES]);
  if (rules == NULL)
    {
      CongkakRules *parsed = g_new (CongkakRules, 1);

      if (!rules_from_text (texts[TEXT_RULES], parsed))
        {
          g_free (parsed);
          return NULL;
        }
      g_hash_table_insert (rules_cache, g_strdup (texts[TEXT_RULES]), parsed);
      rules = parsed;
    }

  entry = congkak_library_entry_new (directory, texts[TEXT_NAME], times[TIME_MODIFIED], times[TIME_SIZE]);
  entry->rules = *rules;
  if (!read_position (numbers, rules, &entry->final_position))
    return NULL;

  entry->error = nonempty (texts[TEXT_ERROR]);
  entry->id = nonempty (texts[TEXT_ID]);
  entry->origin = nonempty (texts[TEXT_ORIGIN]);
  entry->title = nonempty (texts[TEXT_TITLE]);
  entry->player_name[CONGKAK_SOUTH] = nonempty (texts[TEXT_SOUTH]);
  entry->player_name[CONGKAK_NORTH] = nonempty (texts[TEXT_NORTH]);
  entry->date = g_strdup (texts[TEXT_DATE]);
  entry->event = nonempty (texts[TEXT_EVENT]);
  entry->place = nonempty (texts[TEXT_PLACE]);
  entry->search_text = g_strdup (texts[TEXT_SEARCH]);

  for (guint side = 0; side < 2; side++)
    {
      entry->player_kind[side] = numbers[NUMBER_KIND_SOUTH + side];
      entry->score[side] = numbers[NUMBER_SCORE_SOUTH + side];
      entry->longest_relay[side] = numbers[NUMBER_RELAY_SOUTH + side];
      entry->most_captured[side] = numbers[NUMBER_CAPTURED_SOUTH + side];
      entry->holes_burnt[side] = numbers[NUMBER_BURNT_SOUTH + side];
    }
  entry->result = numbers[NUMBER_RESULT];
  entry->n_moves = numbers[NUMBER_MOVES];
  entry->n_rounds = numbers[NUMBER_ROUNDS];
  entry->has_comments = numbers[NUMBER_HAS_COMMENTS];
  return g_steal_pointer (&entry);
}

/* Catches what the format alone would not: a changed letter in a name. */
static char *
columns_checksum (GVariant *times,
                  GVariant *numbers,
                  GVariant *texts)
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_MD5);
  GVariant *columns[] = { times, numbers, texts };

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    g_checksum_update (checksum, g_variant_get_data (columns[i]), g_variant_get_size (columns[i]));
  return g_strdup (g_checksum_get_string (checksum));
}

static GFile *
index_file (GFile *directory)
{
  return g_file_get_child (directory, INDEX_NAME);
}

static void *
damaged (GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The library index is of another version or damaged."));
  return NULL;
}

/**
 * congkak_library_index_read:
 * @max_bytes: the most an index of this folder's matches can take
 *   (congkak_library_index_max_bytes())
 *
 * An index over @max_bytes is refused by its size, before anything is
 * read: a 500 MB file of holes beside a few matches is not read whole.
 *
 * Returns: (transfer full) (nullable): the index's entries by file name,
 *   or %NULL with @error set if the index is missing (G_IO_ERROR_NOT_FOUND)
 *   or cannot be used (G_IO_ERROR_INVALID_DATA).
 */
GHashTable *
congkak_library_index_read (GFile   *directory,
                            guint64  max_bytes,
                            GError **error)
{
  g_autoptr (GFile) file = index_file (directory);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GVariant) index = NULL;
  g_autoptr (GVariant) times_variant = NULL;
  g_autoptr (GVariant) numbers_variant = NULL;
  g_autoptr (GVariant) texts_variant = NULL;
  g_autoptr (GHashTable) table = NULL;
  g_autoptr (GHashTable) rules_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *actual = NULL;
  const char *magic, *checksum, *cursor, *end;
  const guint64 *times;
  const guint32 *numbers;
  guint32 version, byte_order, n;
  gsize n_times, n_numbers, n_bytes;

  /* Never a link, a pipe or a device, and never more than an index of
   * these matches can take. */
  bytes = congkak_file_load_bounded (file, MIN (max_bytes, G_MAXSIZE), FALSE, NULL, error);
  if (bytes == NULL)
    return NULL;

  /* Untrusted: GVariant checks each value as it is read. */
  index = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (INDEX_TYPE), bytes, FALSE));
  g_variant_get (index, "(&suu&su@at@au@ay)", &magic, &version, &byte_order, &checksum, &n,
                 &times_variant, &numbers_variant, &texts_variant);
  if (!g_str_equal (magic, INDEX_MAGIC) || version != INDEX_VERSION || byte_order != INDEX_BYTE_ORDER)
    return damaged (error);
  actual = columns_checksum (times_variant, numbers_variant, texts_variant);
  times = g_variant_get_fixed_array (times_variant, &n_times, sizeof (guint64));
  numbers = g_variant_get_fixed_array (numbers_variant, &n_numbers, sizeof (guint32));
  cursor = g_variant_get_fixed_array (texts_variant, &n_bytes, 1);
  end = cursor + n_bytes;
  if (!g_str_equal (actual, checksum) || n_times != (gsize) n * N_TIMES || n_numbers != (gsize) n * N_NUMBERS)
    return damaged (error);

  table = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  for (guint32 i = 0; i < n; i++)
    {
      const char *texts[N_TEXTS];
      CongkakLibraryEntry *entry;

      if (!next_texts (&cursor, end, texts))
        return damaged (error);
      entry = read_entry (directory, times + i * N_TIMES, numbers + i * N_NUMBERS, texts, rules_cache);
      if (entry == NULL || g_hash_table_contains (table, entry->name))
        {
          g_clear_object (&entry);
          return damaged (error);
        }
      g_hash_table_insert (table, entry->name, entry);
    }
  if (cursor != end)
    return damaged (error);
  return g_steal_pointer (&table);
}

/* What one entry takes besides the texts that come from its file: the
 * times, the numbers, the rules, the date, the file name (at most 255
 * bytes) and its folded form, a damaged file's message. */
#define INDEX_ENTRY_MAX_BYTES (8 * 1024)
/* Folding a text for search (NFKD, case folding) makes it at most this
 * many times longer: U+FDFA, 3 bytes, becomes 33. */
#define INDEX_FOLD_GROWTH 12
#define INDEX_HEADER_MAX_BYTES 4096

/**
 * congkak_library_index_max_bytes:
 * @n_files: how many match files the folder holds
 * @total_size: their sizes together
 *
 * The most an index of these files can take: each entry's texts come
 * from its file (folded for search, so a little longer), the rest of an
 * entry has a size of its own.
 */
guint64
congkak_library_index_max_bytes (guint   n_files,
                                 guint64 total_size)
{
  return INDEX_HEADER_MAX_BYTES + (guint64) n_files * INDEX_ENTRY_MAX_BYTES
         + MIN (total_size, G_MAXUINT64 / (2 * INDEX_FOLD_GROWTH)) * INDEX_FOLD_GROWTH;
}

/**
 * congkak_library_index_write:
 * @entries: (element-type CongkakLibraryEntry): every entry
 *
 * Replaces the index atomically: readers see the old one or the new one.
 */
gboolean
congkak_library_index_write (GFile      *directory,
                             GPtrArray  *entries,
                             GError    **error)
{
  g_autoptr (GFile) file = index_file (directory);
  g_autoptr (GArray) times = g_array_sized_new (FALSE, FALSE, sizeof (guint64), entries->len * N_TIMES);
  g_autoptr (GArray) numbers = g_array_sized_new (FALSE, FALSE, sizeof (guint32), entries->len * N_NUMBERS);
  g_autoptr (GByteArray) texts = g_byte_array_new ();
  g_autoptr (GVariant) times_variant = NULL;
  g_autoptr (GVariant) numbers_variant = NULL;
  g_autoptr (GVariant) texts_variant = NULL;
  g_autoptr (GVariant) index = NULL;
  g_autofree char *checksum = NULL;

  for (guint i = 0; i < entries->len; i++)
    add_entry (g_ptr_array_index (entries, i), times, numbers, texts);
  times_variant = g_variant_ref_sink (g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, times->data, times->len,
                                                                 sizeof (guint64)));
  numbers_variant = g_variant_ref_sink (g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, numbers->data,
                                                                   numbers->len, sizeof (guint32)));
  texts_variant = g_variant_ref_sink (g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, texts->data, texts->len, 1));
  checksum = columns_checksum (times_variant, numbers_variant, texts_variant);
  index = g_variant_ref_sink (g_variant_new ("(suus@u@at@au@ay)", INDEX_MAGIC, INDEX_VERSION, INDEX_BYTE_ORDER,
                                             checksum, g_variant_new_uint32 (entries->len),
                                             times_variant, numbers_variant, texts_variant));

  return congkak_file_replace_contents (file, g_variant_get_data (index), g_variant_get_size (index),
                                        CONGKAK_SAVE_REPLACE_ANY, NULL, error);
}
