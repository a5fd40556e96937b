/* congkak-library-index.c — the library's index file
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The index is a cache beside the match files: one serialized GVariant
 * that reads without parsing, so that thousands of matches list at once.
 * The files stay the truth.  The index is written whole and atomically,
 * and read as untrusted data: anything wrong in it (another version, a
 * byte order it was not written in, entries that do not match their
 * checksum, a value out of range) makes the whole index count as damaged,
 * and the library reads the files again.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "congkak-library-private.h"

#define INDEX_MAGIC "congkak-library-index"
#define INDEX_VERSION 1
#define INDEX_BYTE_ORDER 0x01020304u

/* name, modified, size, error, id, origin, title, south, north,
 * kinds, rules, date, event, place, result, scores, moves, rounds,
 * has comments, search text, final position, facts */
#define ENTRY_TYPE "(sxtssssssyyssssyqquubsaqaq)"
#define INDEX_TYPE "(suusa" ENTRY_TYPE ")"
/* The same, for g_variant_new() and g_variant_get() with the arrays as GVariants. */
#define ENTRY_FORMAT "(sxtssssssyyssssyqquubs@aq@aq)"

/* Holes of both sides, then the stores, the burnt masks and the player
 * to move (+1, so that nobody is 0). */
#define POSITION_LENGTH(holes) (2 * (holes) + 5)
#define N_FACTS 6

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

static GVariant *
position_to_variant (const CongkakPosition *position)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aq"));
  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < position->n_holes; i++)
      g_variant_builder_add (&builder, "q", position->holes[side][i]);
  for (guint side = 0; side < 2; side++)
    g_variant_builder_add (&builder, "q", position->store[side]);
  for (guint side = 0; side < 2; side++)
    g_variant_builder_add (&builder, "q", position->burnt[side]);
  g_variant_builder_add (&builder, "q", (guint16) (position->to_move + 1));
  return g_variant_builder_end (&builder);
}

static gboolean
position_from_variant (GVariant           *variant,
                       const CongkakRules *rules,
                       CongkakPosition    *position)
{
  gsize length;
  const guint16 *values = g_variant_get_fixed_array (variant, &length, sizeof (guint16));
  guint n = rules->holes;
  guint k = 0;

  if (length != POSITION_LENGTH (n))
    return FALSE;
  memset (position, 0, sizeof *position);
  position->n_holes = n;
  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < n; i++)
      position->holes[side][i] = values[k++];
  for (guint side = 0; side < 2; side++)
    position->store[side] = values[k++];
  for (guint side = 0; side < 2; side++)
    {
      position->burnt[side] = values[k++];
      if (position->burnt[side] >> n)
        return FALSE;
    }
  if (values[k] > 2)
    return FALSE;
  position->to_move = (gint8) values[k] - 1;
  return congkak_position_total_seeds (position) <= 2 * CONGKAK_MAX_HOLES * CONGKAK_MAX_SEEDS;
}

static GVariant *
entry_to_variant (CongkakLibraryEntry *entry)
{
  g_autofree char *rules = rules_to_text (&entry->rules);
  GVariant *facts[N_FACTS];

  for (guint side = 0; side < 2; side++)
    {
      facts[side] = g_variant_new_uint16 (entry->longest_relay[side]);
      facts[2 + side] = g_variant_new_uint16 (entry->most_captured[side]);
      facts[4 + side] = g_variant_new_uint16 (entry->holes_burnt[side]);
    }

#define TEXT(x) ((x) ? (x) : "")
  return g_variant_new (ENTRY_FORMAT,
                        entry->name, entry->modified, entry->size, TEXT (entry->error),
                        TEXT (entry->id), TEXT (entry->origin), TEXT (entry->title),
                        TEXT (entry->player_name[0]), TEXT (entry->player_name[1]),
                        entry->player_kind[0], entry->player_kind[1],
                        rules, entry->date, TEXT (entry->event), TEXT (entry->place),
                        entry->result, entry->score[0], entry->score[1],
                        entry->n_moves, entry->n_rounds,
                        entry->has_comments, TEXT (entry->search_text),
                        position_to_variant (&entry->final_position),
                        g_variant_new_array (G_VARIANT_TYPE_UINT16, facts, N_FACTS));
#undef TEXT
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

static CongkakLibraryEntry *
entry_from_variant (GFile    *directory,
                    GVariant *variant)
{
  g_autoptr (CongkakLibraryEntry) entry = NULL;
  g_autoptr (GVariant) position = NULL;
  g_autoptr (GVariant) facts_variant = NULL;
  const char *name, *error, *id, *origin, *title, *south, *north, *rules, *date, *event, *place, *search;
  const guint16 *facts;
  gint64 modified;
  guint64 size;
  guint8 kinds[2], result;
  guint16 scores[2];
  guint32 moves, rounds;
  gboolean has_comments;
  gsize n_facts;

  g_variant_get (variant, ENTRY_FORMAT,
                 &name, &modified, &size, &error, &id, &origin, &title, &south, &north,
                 &kinds[0], &kinds[1], &rules, &date, &event, &place,
                 &result, &scores[0], &scores[1], &moves, &rounds,
                 &has_comments, &search, &position, &facts_variant);
  /* The strings are copies ("s", not "&s"): the entry keeps them. */
  entry = congkak_library_entry_new (directory, name, modified, size);
  g_free ((char *) name);

#define TAKE(field, value) G_STMT_START { field = nonempty (value); g_free ((char *) (value)); } G_STMT_END
  TAKE (entry->error, error);
  TAKE (entry->id, id);
  TAKE (entry->origin, origin);
  TAKE (entry->title, title);
  TAKE (entry->player_name[0], south);
  TAKE (entry->player_name[1], north);
  TAKE (entry->event, event);
  TAKE (entry->place, place);
#undef TAKE
  g_free (entry->date);
  entry->date = (char *) date;
  entry->search_text = (char *) search;

  if (!is_match_file_name (entry->name) || strlen (entry->date) != 10
      || kinds[0] > CONGKAK_PLAYER_COMPUTER || kinds[1] > CONGKAK_PLAYER_COMPUTER
      || result > CONGKAK_LIBRARY_RESULT_UNFINISHED
      || !rules_from_text (rules, &entry->rules)
      || !position_from_variant (position, &entry->rules, &entry->final_position))
    {
      g_free ((char *) rules);
      return NULL;
    }
  g_free ((char *) rules);

  facts = g_variant_get_fixed_array (facts_variant, &n_facts, sizeof (guint16));
  if (n_facts != N_FACTS)
    return NULL;
  for (guint side = 0; side < 2; side++)
    {
      entry->player_kind[side] = kinds[side];
      entry->score[side] = scores[side];
      entry->longest_relay[side] = facts[side];
      entry->most_captured[side] = facts[2 + side];
      entry->holes_burnt[side] = facts[4 + side];
    }
  entry->result = result;
  entry->n_moves = moves;
  entry->n_rounds = rounds;
  entry->has_comments = has_comments;
  return g_steal_pointer (&entry);
}

/* Catches what the format alone would not: a changed letter in a name. */
static char *
entries_checksum (GVariant *entries)
{
  return g_compute_checksum_for_data (G_CHECKSUM_MD5, g_variant_get_data (entries), g_variant_get_size (entries));
}

static GFile *
index_file (GFile *directory)
{
  return g_file_get_child (directory, CONGKAK_LIBRARY_INDEX_NAME);
}

/**
 * congkak_library_index_read:
 *
 * Returns: (transfer full) (nullable): the index's entries by file name,
 *   or %NULL with @error set if the index is missing (G_IO_ERROR_NOT_FOUND)
 *   or cannot be used (G_IO_ERROR_INVALID_DATA).
 */
GHashTable *
congkak_library_index_read (GFile   *directory,
                            GError **error)
{
  g_autoptr (GFile) file = index_file (directory);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GVariant) index = NULL;
  g_autoptr (GVariant) entries = NULL;
  g_autoptr (GHashTable) table = NULL;
  g_autofree char *actual = NULL;
  const char *magic, *checksum;
  guint32 version, byte_order;
  gsize n;

  bytes = g_file_load_bytes (file, NULL, NULL, error);
  if (bytes == NULL)
    return NULL;

  index = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (INDEX_TYPE), bytes, FALSE));
  g_variant_get (index, "(&suu&s@a" ENTRY_TYPE ")", &magic, &version, &byte_order, &checksum, &entries);
  if (g_str_equal (magic, INDEX_MAGIC) && version == INDEX_VERSION && byte_order == INDEX_BYTE_ORDER)
    actual = entries_checksum (entries);
  if (actual == NULL || !g_str_equal (actual, checksum))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The library index is of another version or damaged."));
      return NULL;
    }

  table = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  n = g_variant_n_children (entries);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr (GVariant) child = g_variant_get_child_value (entries, i);
      CongkakLibraryEntry *entry = entry_from_variant (directory, child);

      if (entry == NULL || g_hash_table_contains (table, entry->name))
        {
          g_clear_object (&entry);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The library index is damaged at entry %llu."), (unsigned long long) i);
          return NULL;
        }
      g_hash_table_insert (table, entry->name, entry);
    }
  return g_steal_pointer (&table);
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
  g_autoptr (GVariant) index = NULL;
  g_autoptr (GVariant) list = NULL;
  g_autofree char *checksum = NULL;
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a" ENTRY_TYPE));
  for (guint i = 0; i < entries->len; i++)
    g_variant_builder_add_value (&builder, entry_to_variant (g_ptr_array_index (entries, i)));
  list = g_variant_ref_sink (g_variant_builder_end (&builder));
  checksum = entries_checksum (list);
  index = g_variant_ref_sink (g_variant_new ("(suus@a" ENTRY_TYPE ")", INDEX_MAGIC, INDEX_VERSION,
                                             INDEX_BYTE_ORDER, checksum, list));

  return g_file_set_contents_full (g_file_peek_path (file), g_variant_get_data (index), g_variant_get_size (index),
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}
