/* congkak-match-text.c — the plain-text notation, for mail and forums
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In the spirit of PGN: tags in square brackets, then the moves, one a
 * line, each optionally followed by its mark and a {comment}; a block in
 * parentheses after a move is a variation that replaces that move:
 *
 *   [Format "congkak-match 1.0"]
 *   [Rules "family=store holes=7 seeds=7 direction=clockwise …"]
 *   [South "Ani"]
 *   [North "Budi"]
 *
 *   opening:A,B/a,b {Both open from the far end.}
 *   C !
 *   c ?! {Too greedy.}
 *   ( d {Better.}
 *     e
 *   )
 *   next-round
 *
 * Tag values escape `"` and `\` with a backslash; comments escape `}` and
 * `\`.  Neither holds a raw control character or invisible direction mark
 * (congkak_is_hidden_control()) but for line breaks and tabs: they are
 * written `\u001B`, `\u202E`…, so that the text is safe to print on a
 * terminal, and read back as the character.  Reading never trusts the text: it is scanned once, front to back,
 * without recursion; every value is checked and every move is replayed
 * through the engine.  Each error message begins with "line L, column C: ".
 *
 * The same reader takes the Oware Game Notation (OGN) of Aualé: tags as in
 * PGN, [Variant "Oware Abapa"] instead of [Rules], an optional [FEN
 * "4-4-…-0-0-S"] start, and moves with numbers and captures, as in
 * "1. A d+2 2. B".  Tags this notation does not know are kept in the
 * match's notes as "Name: value" lines rather than refused.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "congkak-file-util.h"
#include "congkak-format.h"
#include "congkak-match-private.h"
#include "congkak-match-text.h"
#include "congkak-node-private.h"

#define FORMAT_PREFIX CONGKAK_MATCH_FILE_FORMAT " "

/* The seeds one hole or store of a start position may hold. */
#define MAX_PLACE_SEEDS CONGKAK_MAX_TOTAL_SEEDS

/* Tag names of the metadata fields, in CongkakMetadata order. */
static const char * const metadata_tags[] = {
  [CONGKAK_METADATA_EVENT] = "Event",
  [CONGKAK_METADATA_PLACE] = "Place",
  [CONGKAK_METADATA_DATE] = "Date",
  [CONGKAK_METADATA_ROUND] = "Round",
  [CONGKAK_METADATA_RESULT] = "Result",
  [CONGKAK_METADATA_NOTES] = "Notes",
  [CONGKAK_METADATA_TITLE] = "Title",
  [CONGKAK_METADATA_ID] = "Id",
};

G_STATIC_ASSERT (G_N_ELEMENTS (metadata_tags) == CONGKAK_N_METADATA);

/* What Aualé's OGN calls the place. */
#define SITE_TAG "Site"

/* The game of an OGN file: Aualé writes "Oware Abapa". */
#define OGN_VARIANT "Oware Abapa"

/* Tag names of the players, by CongkakSide. */
static const char * const name_tags[] = { "South", "North" };
static const char * const kind_tags[] = { "SouthKind", "NorthKind" };
static const char * const level_tags[] = { "SouthLevel", "NorthLevel" };

/* ------------------------------------------------------------------ */
/* Reading                                                            */
/* ------------------------------------------------------------------ */

typedef struct
{
  char  *name;
  char  *value;
  gsize  start;        /* offset of the `[` */
  gsize  value_start;  /* offset of the value's first byte, after the quote */
  gboolean escaped;    /* the value had escapes: offsets inside it differ */
} Tag;

static void
tag_clear (gpointer data)
{
  Tag *tag = data;

  g_clear_pointer (&tag->name, g_free);
  g_clear_pointer (&tag->value, g_free);
}

typedef struct
{
  const char   *data;
  gsize         length;
  gsize         pos;
  GArray       *tags;       /* Tag */
  GHashTable   *tag_index;  /* name → index + 1 in @tags */
  CongkakMatch *match;
  gboolean      ogn;        /* the Oware Game Notation of Aualé */
  GPtrArray    *quotes;     /* texts quoted for messages, kept until the end */
  gsize         result_start;  /* OGN: offset of the result that ends the moves */
  gsize         result_end;    /* ...and of the byte after it; 0 when there is none */
  CongkakPendingMoves *pending;  /* moves that end the line read, without nodes yet */
} Reader;

/* @text from the file, cut and with control characters escaped, for a
 * message (congkak_quote_untrusted()); the reader keeps it. */
static const char *
quoted (Reader     *reader,
        const char *text)
{
  char *quote = congkak_quote_untrusted (text, -1);

  g_ptr_array_add (reader->quotes, quote);
  return quote;
}

static gboolean G_GNUC_PRINTF (5, 6)
fail_at (Reader      *reader,
         gsize        offset,
         GError     **error,
         int          code,
         const char  *format,
         ...)
{
  va_list args;

  va_start (args, format);
  congkak_text_set_error_at (error, code, reader->data, MIN (offset, reader->length), format, args);
  va_end (args);
  return FALSE;
}

static gboolean
at_end (Reader *reader)
{
  return reader->pos >= reader->length;
}

static char
peek (Reader *reader)
{
  return at_end (reader) ? '\0' : reader->data[reader->pos];
}

static void
skip_space (Reader *reader)
{
  while (!at_end (reader) && g_ascii_isspace (reader->data[reader->pos]))
    reader->pos++;
}

/* The character at @offset, for messages: one whole UTF-8 sequence. */
static char *
character_at (Reader *reader,
              gsize   offset)
{
  const char *start = reader->data + offset;
  const char *next = g_utf8_find_next_char (start, reader->data + reader->length);

  return g_strndup (start, next ? (gsize) (next - start) : reader->length - offset);
}

/* Reads a quoted tag value or a comment up to @close, which a backslash
 * escapes, as does a backslash itself; `\uXXXX` is a control character or
 * an invisible mark; any other backslash stays as it is.  The reader
 * stands on the opening character. */
static char *
read_delimited (Reader    *reader,
                char       close,
                gboolean  *escaped)
{
  GString *text = g_string_new (NULL);

  *escaped = FALSE;
  reader->pos++;
  while (!at_end (reader))
    {
      char c = reader->data[reader->pos];

      if (c == close)
        {
          reader->pos++;
          return g_string_free (text, FALSE);
        }
      if (c == '\\' && reader->pos + 1 < reader->length
          && (reader->data[reader->pos + 1] == close || reader->data[reader->pos + 1] == '\\'))
        {
          g_string_append_c (text, reader->data[reader->pos + 1]);
          reader->pos += 2;
          *escaped = TRUE;
          continue;
        }
      if (c == '\\' && reader->pos + 6 <= reader->length && reader->data[reader->pos + 1] == 'u')
        {
          gunichar hidden = 0;
          guint i;

          for (i = 2; i < 6 && g_ascii_isxdigit (reader->data[reader->pos + i]); i++)
            hidden = hidden * 16 + g_ascii_xdigit_value (reader->data[reader->pos + i]);
          if (i == 6 && hidden != 0 && congkak_is_hidden_control (hidden))
            {
              g_string_append_unichar (text, hidden);
              reader->pos += 6;
              *escaped = TRUE;
              continue;
            }
        }
      g_string_append_c (text, c);
      reader->pos++;
    }
  g_string_free (text, TRUE);
  return NULL;
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

static gboolean
is_move_char (char c)
{
  return g_ascii_isalnum (c) || c == ':' || c == ',' || c == '/' || c == '-' || c == '_';
}

static gboolean
read_tag (Reader  *reader,
          GError **error)
{
  Tag tag = { 0 };
  gsize name_start, name_end;
  g_autofree char *value = NULL;

  tag.start = reader->pos;
  reader->pos++;
  skip_space (reader);
  name_start = reader->pos;
  while (!at_end (reader) && is_name_char (reader->data[reader->pos]))
    reader->pos++;
  name_end = reader->pos;
  if (reader->pos == name_start)
    {
      if (at_end (reader))
        return fail_at (reader, tag.start, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                        _("the tag is not closed."));
      return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                      _("expected a tag name, such as “Rules” or “South”, after “[”."));
    }

  skip_space (reader);
  if (at_end (reader))
    return fail_at (reader, tag.start, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                    _("the tag is not closed."));
  if (peek (reader) != '"')
    return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                    _("expected the tag’s value in double quotes."));

  tag.value_start = reader->pos + 1;
  value = read_delimited (reader, '"', &tag.escaped);
  if (value == NULL)
    return fail_at (reader, tag.start, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                    _("the tag is not closed: its value has no closing double quote."));
  if (congkak_match_text_is_too_long (value, -1))
    return fail_at (reader, tag.value_start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    ngettext ("the text is longer than %u character.", "the text is longer than %u characters.",
                              CONGKAK_MATCH_FILE_MAX_TEXT),
                    CONGKAK_MATCH_FILE_MAX_TEXT);

  skip_space (reader);
  if (peek (reader) != ']')
    {
      if (at_end (reader))
        return fail_at (reader, tag.start, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                        _("the tag is not closed."));
      return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                      _("expected “]” after the tag’s value."));
    }
  reader->pos++;

  tag.name = g_strndup (reader->data + name_start, name_end - name_start);
  tag.value = g_steal_pointer (&value);

  if (g_hash_table_contains (reader->tag_index, tag.name))
    {
      gsize start = tag.start;

      tag_clear (&tag);
      return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                      _("this tag is given twice."));
    }
  g_hash_table_insert (reader->tag_index, tag.name, GUINT_TO_POINTER (reader->tags->len + 1));
  g_array_append_val (reader->tags, tag);
  return TRUE;
}

static Tag *
find_tag (Reader     *reader,
          const char *name)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (reader->tag_index, name));

  return index > 0 ? &g_array_index (reader->tags, Tag, index - 1) : NULL;
}

/* Where a part of a tag's value is in the text, when the value had no
 * escapes; otherwise where the value starts. */
static gsize
value_offset (const Tag *tag,
              gsize      offset_in_value)
{
  return tag->escaped ? tag->value_start : tag->value_start + offset_in_value;
}

static gboolean
is_known_tag (const char *name)
{
  static const char * const others[] = { "Format", "Rules", "Start", SITE_TAG, NULL };

  if (g_strv_contains (others, name))
    return TRUE;
  for (guint side = 0; side < 2; side++)
    if (g_str_equal (name, name_tags[side]) || g_str_equal (name, kind_tags[side])
        || g_str_equal (name, level_tags[side]))
      return TRUE;
  for (guint field = 0; field < CONGKAK_N_METADATA; field++)
    if (g_str_equal (name, metadata_tags[field]))
      return TRUE;
  return FALSE;
}

/* Reads [Format]; a newer minor version may bring tags this one does not
 * know, which are then skipped. */
static gboolean
read_format (Reader    *reader,
             gboolean  *newer_minor,
             GError   **error)
{
  Tag *tag = find_tag (reader, "Format");
  const char *version;
  guint64 major, minor;
  char *end;

  *newer_minor = FALSE;
  if (tag == NULL)
    return TRUE;

  if (!g_str_has_prefix (tag->value, FORMAT_PREFIX))
    return fail_at (reader, tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_NOT_A_MATCH,
                    _("this is not a Congkak match: its format is not “%s”."),
                    CONGKAK_MATCH_FILE_FORMAT);

  version = tag->value + strlen (FORMAT_PREFIX);
  major = g_ascii_strtoull (version, &end, 10);
  if (end == version || !g_ascii_isdigit (*version) || *end != '.' || !g_ascii_isdigit (end[1]))
    return fail_at (reader, value_offset (tag, version - tag->value), error,
                    CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    _("“%s” is not a version such as “1.0”."), quoted (reader, version));
  minor = g_ascii_strtoull (end + 1, &end, 10);
  if (*end != '\0')
    return fail_at (reader, value_offset (tag, version - tag->value), error,
                    CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    _("“%s” is not a version such as “1.0”."), quoted (reader, version));
  if (major > CONGKAK_MATCH_FILE_VERSION_MAJOR)
    return fail_at (reader, value_offset (tag, version - tag->value), error,
                    CONGKAK_MATCH_FILE_ERROR_NEWER_VERSION,
                    _("the match was written in format version %s by a newer Congkak; this version reads format %d.x. Please update Congkak to open it."),
                    quoted (reader, version), CONGKAK_MATCH_FILE_VERSION_MAJOR);
  if (major < 1)
    return fail_at (reader, value_offset (tag, version - tag->value), error,
                    CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    _("“%s” is not a version of this format."), quoted (reader, version));
  *newer_minor = major == CONGKAK_MATCH_FILE_VERSION_MAJOR && minor > CONGKAK_MATCH_FILE_VERSION_MINOR;
  return TRUE;
}

/* Reads [Rules]: either every option as KEY=VALUE, as a match file lists
 * them, or a profile name followed by the options that differ from it. */
static gboolean
read_rules (Reader        *reader,
            gsize          tags_end,
            CongkakRules  *rules,
            GError       **error)
{
  Tag *tag = find_tag (reader, "Rules");
  const char * const *keys = congkak_rules_option_keys ();
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) rules_error = NULL;
  gboolean from_profile = FALSE;
  const char *family = NULL;
  gsize family_offset = 0;
  const char *p;

  if (tag == NULL)
    return fail_at (reader, tags_end, error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD,
                    _("the text does not say which rules the match is played by: give them in a [Rules] tag before the moves."));

  /* The first word: a profile name, or the family. */
  for (p = tag->value; g_ascii_isspace (*p); p++)
    ;
  if (*p == '\0')
    return fail_at (reader, tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                    _("the rules are empty."));
  {
    const char *word_end = p;

    while (*word_end != '\0' && !g_ascii_isspace (*word_end))
      word_end++;
    if (memchr (p, '=', word_end - p) == NULL)
      {
        g_autofree char *profile = g_strndup (p, word_end - p);

        if (!congkak_is_quotable (profile))
          return fail_at (reader, value_offset (tag, p - tag->value), error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                          _("“%s” is not a rule option: write KEY=VALUE, such as “relay=on”."),
                          quoted (reader, profile));
        if (!congkak_rules_init_profile (rules, profile, &rules_error))
          return fail_at (reader, value_offset (tag, p - tag->value), error,
                          CONGKAK_MATCH_FILE_ERROR_INVALID_RULES, "%s", rules_error->message);
        from_profile = TRUE;
        p = word_end;
      }
  }

  if (!from_profile)
    {
      /* Every option builds on the family's defaults, whatever the order. */
      for (const char *q = p; *q != '\0';)
        {
          while (g_ascii_isspace (*q))
            q++;
          if (g_str_has_prefix (q, "family="))
            {
              family = q + strlen ("family=");
              family_offset = q - tag->value;
              break;
            }
          while (*q != '\0' && !g_ascii_isspace (*q))
            q++;
        }
      if (family == NULL)
        return fail_at (reader, tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD,
                        _("the rules do not say their family: begin them with “family=store” or “family=oware”, or with a profile name such as “kalah”."));
      if (strncmp (family, "store", 5) == 0 && (family[5] == '\0' || g_ascii_isspace (family[5])))
        congkak_rules_init_profile (rules, "congkak", NULL);
      else if (strncmp (family, "oware", 5) == 0 && (family[5] == '\0' || g_ascii_isspace (family[5])))
        congkak_rules_init_profile (rules, "oware", NULL);
      else
        return fail_at (reader, value_offset (tag, family_offset), error,
                        CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                        _("unknown family: it must be “store” or “oware”."));
    }

  while (*p != '\0')
    {
      const char *word, *equals;
      g_autofree char *key = NULL;
      g_autofree char *value = NULL;
      gsize offset;

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0')
        break;
      word = p;
      while (*p != '\0' && !g_ascii_isspace (*p))
        p++;
      offset = value_offset (tag, word - tag->value);

      equals = memchr (word, '=', p - word);
      if (equals == NULL || equals == word)
        {
          g_autofree char *text = g_strndup (word, p - word);

          return fail_at (reader, offset, error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                          _("“%s” is not a rule option: write KEY=VALUE, such as “relay=on”."),
                          quoted (reader, text));
        }
      key = g_strndup (word, equals - word);
      value = g_strndup (equals + 1, p - equals - 1);

      if (!g_strv_contains (keys, key))
        return fail_at (reader, offset, error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                        _("unknown rule option “%s”; the match cannot be replayed without knowing it."),
                        quoted (reader, key));
      for (guint i = 0; i < seen->len; i++)
        if (g_str_equal (g_ptr_array_index (seen, i), key))
          return fail_at (reader, offset, error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                          _("the rule option “%s” is given twice."), key);
      g_ptr_array_add (seen, g_strdup (key));

      /* The family was set first, unless it comes from a profile. */
      if (!from_profile && g_str_equal (key, "family"))
        continue;
      if (!congkak_is_quotable (value))
        return fail_at (reader, offset, error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                        _("“%s” is not a value of this rule option."), quoted (reader, value));
      if (!congkak_rules_set_option (rules, key, value, &rules_error))
        return fail_at (reader, offset, error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                        "%s", rules_error->message);
    }

  if (!from_profile)
    for (guint i = 0; keys[i] != NULL; i++)
      {
        gboolean listed = FALSE;

        if (!congkak_rules_option_applies (rules, keys[i]))
          continue;
        for (guint j = 0; j < seen->len && !listed; j++)
          listed = g_str_equal (g_ptr_array_index (seen, j), keys[i]);
        if (!listed)
          return fail_at (reader, tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_MISSING_FIELD,
                          _("the rule option “%s” is missing; list every rule, or begin with a profile name such as “congkak” and list only the options that differ."),
                          keys[i]);
      }

  if (!congkak_rules_validate (rules, &rules_error))
    return fail_at (reader, tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                    "%s", rules_error->message);
  return TRUE;
}

/* Reads one side of [Start], such as "S: 7 x 7 | 3". */
static gboolean
read_start_side (Reader              *reader,
                 const Tag           *tag,
                 const char          *text,
                 gsize                text_offset,
                 CongkakSide          side,
                 const CongkakRules  *rules,
                 CongkakPosition     *position,
                 GError             **error)
{
  const char *prefix = side == CONGKAK_SOUTH ? "S:" : "N:";
  const char *p = text;
  guint n = 0;
  gboolean store = FALSE;

  while (g_ascii_isspace (*p))
    p++;
  if (!g_str_has_prefix (p, prefix))
    return fail_at (reader, value_offset (tag, text_offset + (p - text)), error,
                    CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    _("expected “%s” and %s’s holes here, as in “S: 7 7 7 | 0 / N: 7 7 7 | 0 / south”."),
                    prefix, congkak_side_to_string (side));
  p += 2;

  for (;;)
    {
      const char *word;
      guint64 value = 0;

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0')
        break;
      word = p;

      if (*p == '|')
        {
          if (store)
            goto bad_word;
          if (n != rules->holes)
            return fail_at (reader, value_offset (tag, text_offset + (word - text)), error,
                            CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION,
                            ngettext ("%s has %u hole here, but the rules have %u a side.",
                                      "%s has %u holes here, but the rules have %u a side.", n),
                            congkak_side_to_string (side), n, rules->holes);
          store = TRUE;
          p++;
          continue;
        }

      if (*p == 'x' && !store)
        {
          p++;
          if (*p != '\0' && !g_ascii_isspace (*p) && *p != '|')
            goto bad_word;
          if (n < rules->holes)
            position->burnt[side] |= 1u << n;
          n++;
          continue;
        }

      if (!g_ascii_isdigit (*p))
        goto bad_word;
      while (g_ascii_isdigit (*p))
        {
          value = value * 10 + (*p - '0');
          if (value > MAX_PLACE_SEEDS)
            return fail_at (reader, value_offset (tag, text_offset + (word - text)), error,
                            CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                            ngettext ("a hole or store holds at most %u seed.",
                                      "a hole or store holds at most %u seeds.", MAX_PLACE_SEEDS),
                            MAX_PLACE_SEEDS);
          p++;
        }
      if (*p != '\0' && !g_ascii_isspace (*p) && *p != '|')
        goto bad_word;

      if (store)
        {
          position->store[side] = value;
          while (g_ascii_isspace (*p))
            p++;
          if (*p != '\0')
            goto bad_word;
          return TRUE;
        }
      if (n < rules->holes)
        position->holes[side][n] = value;
      n++;
      continue;

    bad_word:
      {
        const char *word_end = word;
        g_autofree char *bad = NULL;

        while (*word_end != '\0' && !g_ascii_isspace (*word_end))
          word_end++;
        bad = g_strndup (word, word_end - word);
        return fail_at (reader, value_offset (tag, text_offset + (word - text)), error,
                        CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                        _("“%s” is not a number of seeds, “x” for a burnt hole or “|” before the store."),
                        quoted (reader, bad));
      }
    }

  return fail_at (reader, value_offset (tag, text_offset), error,
                  CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                  _("%s’s store is missing: write it after a “|”."), congkak_side_to_string (side));
}

static gboolean
read_start (Reader              *reader,
            const CongkakRules  *rules,
            CongkakPosition     *position,
            GError             **error)
{
  Tag *tag = find_tag (reader, "Start");
  g_auto (GStrv) parts = NULL;
  const char *to_move;

  g_assert (tag != NULL);

  memset (position, 0, sizeof *position);
  position->n_holes = rules->holes;

  parts = g_strsplit (tag->value, "/", 3);
  if (g_strv_length (parts) != 3)
    return fail_at (reader, tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    _("a start position reads like “S: 7 7 7 | 0 / N: 7 7 7 | 0 / south”: South, North and who moves, separated by “/”."));

  if (!read_start_side (reader, tag, parts[0], 0, CONGKAK_SOUTH, rules, position, error)
      || !read_start_side (reader, tag, parts[1], strlen (parts[0]) + 1, CONGKAK_NORTH,
                           rules, position, error))
    return FALSE;

  to_move = g_strstrip (parts[2]);
  if (g_str_equal (to_move, "south"))
    position->to_move = CONGKAK_SOUTH;
  else if (g_str_equal (to_move, "north"))
    position->to_move = CONGKAK_NORTH;
  else if (g_str_equal (to_move, "none"))
    position->to_move = CONGKAK_NOBODY;
  else
    return fail_at (reader, tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    _("“%s” is not a player: end the start position with “south”, “north” or “none”."),
                    quoted (reader, to_move));

  return TRUE;
}

/* An OGN file: [Variant] names the game, which must be Aualé's. */
static gboolean
read_ogn_variant (Reader        *reader,
                  CongkakRules  *rules,
                  GError       **error)
{
  Tag *tag = find_tag (reader, "Variant");
  g_autofree char *variant = g_ascii_strdown (tag->value, -1);

  if (strstr (variant, "oware") == NULL && strstr (variant, "abapa") == NULL)
    return fail_at (reader, tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                    _("the variant “%s” is not Oware Abapa, the only game of the Oware Game Notation (OGN) that Congkak reads; for other rules, give them in a [Rules] tag."),
                    quoted (reader, tag->value));
  congkak_rules_init_profile (rules, "oware", NULL);
  return TRUE;
}

/* An OGN start position: the twelve houses A–F and a–f, South's and
 * North's captured seeds, and who moves, as in "4-4-…-4-0-0-S". */
static gboolean
read_fen (Reader              *reader,
          const CongkakRules  *rules,
          CongkakPosition     *position,
          GError             **error)
{
  Tag *tag = find_tag (reader, "FEN");
  g_auto (GStrv) parts = g_strsplit (tag->value, "-", -1);
  guint values[4 * CONGKAK_MAX_HOLES];
  guint n_values = 2 * rules->holes + 2;
  const char *to_move;

  memset (position, 0, sizeof *position);
  position->n_holes = rules->holes;

  if (g_strv_length (parts) != n_values + 1)
    goto bad;
  for (guint i = 0; i < n_values; i++)
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (parts[i], 10, 0, MAX_PLACE_SEEDS, &value, NULL))
        goto bad;
      values[i] = value;
    }
  to_move = g_strstrip (parts[n_values]);
  if (!g_str_equal (to_move, "S") && !g_str_equal (to_move, "N"))
    goto bad;

  for (guint i = 0; i < rules->holes; i++)
    {
      position->holes[CONGKAK_SOUTH][i] = values[i];
      position->holes[CONGKAK_NORTH][i] = values[rules->holes + i];
    }
  position->store[CONGKAK_SOUTH] = values[2 * rules->holes];
  position->store[CONGKAK_NORTH] = values[2 * rules->holes + 1];
  position->to_move = g_str_equal (to_move, "S") ? CONGKAK_SOUTH : CONGKAK_NORTH;
  return TRUE;

bad:
  return fail_at (reader, tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                  _("an OGN position lists the twelve houses A–F and a–f, the seeds South and North captured, and who moves (S or N), separated by “-”, such as “4-4-4-4-4-4-4-4-4-4-4-4-0-0-S”."));
}

/* A tag's value as metadata: in OGN, "?" stands for an unknown value, "*"
 * for a result still to come, and dates read YYYY.MM.DD, as in PGN. */
static char *
metadata_value (Reader     *reader,
                const Tag  *tag,
                guint       field)
{
  const char *v = tag->value;

  if (!reader->ogn)
    return g_strdup (v);
  if (g_str_equal (v, "?") || (field == CONGKAK_METADATA_DATE && g_str_equal (v, "????.??.??"))
      || (field == CONGKAK_METADATA_RESULT && g_str_equal (v, "*")))
    return g_strdup ("");
  if (field == CONGKAK_METADATA_DATE && strlen (v) == 10 && v[4] == '.' && v[7] == '.'
      && g_ascii_isdigit (v[0]) && g_ascii_isdigit (v[3]) && g_ascii_isdigit (v[5])
      && g_ascii_isdigit (v[6]) && g_ascii_isdigit (v[8]) && g_ascii_isdigit (v[9]))
    {
      char *date = g_strdup (v);

      date[4] = date[7] = '-';
      return date;
    }
  return g_strdup (v);
}

/* Whether the reader has used the tag for the rules or the start. */
static gboolean
is_used_tag (Reader     *reader,
             const char *name)
{
  return reader->ogn && (g_str_equal (name, "Variant") || g_str_equal (name, "FEN"));
}

static gboolean
read_players_and_metadata (Reader    *reader,
                           gboolean   newer_minor,
                           GError   **error)
{
  g_autoptr (GString) notes = NULL;

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      Tag *name = find_tag (reader, name_tags[side]);
      Tag *kind_tag = find_tag (reader, kind_tags[side]);
      Tag *level_tag = find_tag (reader, level_tags[side]);
      CongkakPlayerKind kind = CONGKAK_PLAYER_HUMAN;
      CongkakLevel level = CONGKAK_LEVEL_MEDIUM;

      if (name == NULL && kind_tag == NULL && level_tag == NULL)
        continue;
      if (kind_tag && !congkak_player_kind_from_string (kind_tag->value, &kind))
        return fail_at (reader, kind_tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                        _("“%s” is not a kind of player: write “human” or “computer”."),
                        quoted (reader, kind_tag->value));
      if (level_tag && !congkak_level_from_string (level_tag->value, &level))
        return fail_at (reader, level_tag->value_start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                        _("“%s” is not a level: write “easy”, “medium”, “hard” or “perfect”."),
                        quoted (reader, level_tag->value));
      if (name)
        {
          g_autofree char *value = metadata_value (reader, name, CONGKAK_N_METADATA);

          congkak_match_init_player (reader->match, side, value, kind, level);
        }
      else
        congkak_match_init_player (reader->match, side, NULL, kind, level);
    }

  for (guint field = 0; field < CONGKAK_N_METADATA; field++)
    {
      Tag *tag = find_tag (reader, metadata_tags[field]);
      g_autofree char *value = NULL;

      /* PGN and OGN call the place “Site”. */
      if (tag == NULL && field == CONGKAK_METADATA_PLACE)
        tag = find_tag (reader, SITE_TAG);
      if (tag == NULL)
        continue;
      value = metadata_value (reader, tag, field);
      if (field == CONGKAK_METADATA_NOTES)
        notes = g_string_new (value);
      else
        congkak_match_init_metadata (reader->match, field, value);
    }

  /* Tags of other programs are kept in the notes, one "Name: value" line
   * each; a newer version's own tags are left to that version. */
  for (guint i = 0; i < reader->tags->len; i++)
    {
      Tag *tag = &g_array_index (reader->tags, Tag, i);

      if (newer_minor || is_used_tag (reader, tag->name))
        continue;
      if (is_known_tag (tag->name)
          && !(g_str_equal (tag->name, SITE_TAG) && find_tag (reader, "Place") != NULL))
        continue;
      if (notes == NULL)
        notes = g_string_new (NULL);
      if (notes->len > 0)
        g_string_append_c (notes, '\n');
      g_string_append_printf (notes, "%s: %s", tag->name, tag->value);
      if (congkak_match_text_is_too_long (notes->str, notes->len))
        return fail_at (reader, tag->start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                        ngettext ("the text is longer than %u character.", "the text is longer than %u characters.",
                                  CONGKAK_MATCH_FILE_MAX_TEXT),
                        CONGKAK_MATCH_FILE_MAX_TEXT);
    }
  if (notes != NULL)
    congkak_match_init_metadata (reader->match, CONGKAK_METADATA_NOTES, notes->str);
  return TRUE;
}

/* One line of moves being read: the main line, or a variation. */
typedef struct
{
  CongkakNode *parent;  /* where the line's next move is attached */
  CongkakNode *last;    /* the line's last move so far, or NULL */
  gsize        open;    /* offset of its `(` */
} Line;

/* Makes the nodes of the moves of @line read without nodes so far: what
 * follows is about its last move, or starts a variation of it. */
static void
make_pending (Reader *reader,
              Line   *line)
{
  CongkakNode *last = congkak_match_make_pending (reader->match, reader->pending);

  if (last != NULL)
    line->parent = line->last = last;
}

static gboolean
read_move (Reader    *reader,
           GArray    *lines,
           GError   **error)
{
  Line *line = &g_array_index (lines, Line, lines->len - 1);
  g_autofree CongkakOpening *opening = g_new0 (CongkakOpening, 1);
  g_autoptr (GError) move_error = NULL;
  g_autofree char *text = NULL;
  gsize start = reader->pos;
  CongkakNode *node;
  CongkakMove move;
  gboolean pended = FALSE;

  while (!at_end (reader) && is_move_char (reader->data[reader->pos]))
    reader->pos++;
  text = g_strndup (reader->data + start, reader->pos - start);

  if (!congkak_is_quotable (text))
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    _("“%s” is not a move."), quoted (reader, text));
  if (!congkak_move_parse (text, congkak_match_get_rules (reader->match), &move, opening, &move_error))
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    "%s", move_error->message);
  /* A move that continues a line nothing follows yet has no node until
   * something needs it (issue 28): the line's last moves, in most texts;
   * all of them in a text without comments or variations.  Aualé's texts
   * are read as they were. */
  if (!reader->ogn)
    {
      if (congkak_match_get_n_nodes (reader->match) + congkak_pending_moves_count (reader->pending) >= CONGKAK_MATCH_FILE_MAX_NODES)
        return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_TOO_MANY_MOVES,
                        ngettext ("the text holds more than %u move, more than Congkak keeps in one match.",
                                  "the text holds more than %u moves, more than Congkak keeps in one match.",
                                  CONGKAK_MATCH_FILE_MAX_NODES),
                        CONGKAK_MATCH_FILE_MAX_NODES);
      if (!congkak_match_pend_move (reader->match, reader->pending, line->parent, &move, &pended, &move_error))
        return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE,
                        _("the move “%s” cannot be played here: %s"), quoted (reader, text),
                        move_error->message);
      if (pended)
        return TRUE;
      make_pending (reader, line);
    }
  if (congkak_match_find_child (reader->match, line->parent, &move) != NULL)
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    _("the move “%s” is already listed at this point of the match."), quoted (reader, text));
  if (congkak_match_get_n_nodes (reader->match) >= CONGKAK_MATCH_FILE_MAX_NODES)
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_TOO_MANY_MOVES,
                    ngettext ("the text holds more than %u move, more than Congkak keeps in one match.",
                              "the text holds more than %u moves, more than Congkak keeps in one match.",
                              CONGKAK_MATCH_FILE_MAX_NODES),
                    CONGKAK_MATCH_FILE_MAX_NODES);

  node = congkak_match_create_node (reader->match, line->parent, &move, NULL, &move_error);
  if (node == NULL)
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE,
                    _("the move “%s” cannot be played here: %s"), quoted (reader, text),
                    move_error->message);
  congkak_match_attach_node (reader->match, line->parent, node, line->parent->n_children);
  g_object_unref (node);  /* the parent holds it now */

  line->parent = node;
  line->last = node;
  return TRUE;
}

static gboolean
read_mark (Reader  *reader,
           GArray  *lines,
           GError **error)
{
  Line *line = &g_array_index (lines, Line, lines->len - 1);
  g_autofree char *text = NULL;
  gsize start = reader->pos;
  CongkakMark mark;

  while (!at_end (reader) && (peek (reader) == '!' || peek (reader) == '?'))
    reader->pos++;
  text = g_strndup (reader->data + start, reader->pos - start);

  make_pending (reader, line);
  if (line->last == NULL)
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                    _("a mark such as “!” must follow the move it judges."));
  if (!congkak_mark_from_string (text, &mark))
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    _("“%s” is not a mark: write one of ! ? !! ?? !? ?!"), quoted (reader, text));
  if (line->last->mark != CONGKAK_MARK_NONE)
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                    _("this move already has a mark."));
  line->last->mark = mark;
  return TRUE;
}

/* Whether Python's str.split() splits at @c: Aualé reads a comment as
 * ' '.join(text.split()), so these are the spaces it collapses. */
static gboolean
is_ogn_space (gunichar c)
{
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0
         || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029
         || c == 0x202F || c == 0x205F || c == 0x3000;
}

/* @text (valid UTF-8) as Aualé keeps a comment: its words, one space
 * between each, none around them. */
static char *
collapse_ogn_spaces (const char *text,
                     gsize       length)
{
  GString *out = g_string_sized_new (length);
  gboolean space = FALSE;

  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_ogn_space (c))
        {
          space = out->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  return g_string_free (out, FALSE);
}

/* An OGN comment, read as Aualé's reader does: everything up to the first
 * “}” (there is no escape), its spaces collapsed.  The reader stands on
 * the “{”. */
static char *
read_ogn_comment (Reader *reader)
{
  const char *start = reader->data + reader->pos + 1;
  const char *close = memchr (start, '}', reader->length - reader->pos - 1);

  if (close == NULL)
    return NULL;
  reader->pos = close - reader->data + 1;
  return collapse_ogn_spaces (start, close - start);
}

static gboolean
read_comment (Reader  *reader,
              GArray  *lines,
              GError **error)
{
  Line *line = &g_array_index (lines, Line, lines->len - 1);
  g_autofree char *text = NULL;
  gsize start = reader->pos;
  gboolean escaped;
  CongkakNode *node;

  text = reader->ogn ? read_ogn_comment (reader) : read_delimited (reader, '}', &escaped);
  if (text == NULL)
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                    _("the comment is not closed: it has no “}”."));
  if (congkak_match_text_is_too_long (text, -1))
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                    ngettext ("the text is longer than %u character.", "the text is longer than %u characters.",
                              CONGKAK_MATCH_FILE_MAX_TEXT),
                    CONGKAK_MATCH_FILE_MAX_TEXT);
  /* Aualé writes "{ }" for an empty comment. */
  if (*text == '\0')
    return TRUE;

  /* Before the first move, a comment is about the whole match. */
  make_pending (reader, line);
  if (line->last != NULL)
    node = line->last;
  else if (lines->len == 1)
    node = congkak_match_get_root (reader->match);
  else
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                    _("a comment must follow the move it is about."));

  if (*congkak_node_get_comment (node) != '\0')
    return fail_at (reader, start, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                    _("this move already has a comment."));
  congkak_node_set_comment_internal (node, text);
  return TRUE;
}

/* The seeds the move of @node captured. */
static guint
captured_by (CongkakMatch *match,
             CongkakNode  *node)
{
  const CongkakMove *move = congkak_node_get_move (node);
  const CongkakGame *before = congkak_match_get_game_at (match, congkak_node_get_parent (node));
  const CongkakGame *after = congkak_match_get_game_at (match, node);

  return congkak_game_get_state (after)->position.store[move->side]
         - congkak_game_get_state (before)->position.store[move->side];
}

/* Whether @text (@length bytes) is a result as Aualé writes it: the seeds
 * South and North ended with, such as "25-23".  Sets them. */
static gboolean
parse_ogn_score (const char *text,
                 gsize       length,
                 guint       score[2])
{
  const char *end = text + length;
  const char *p = text;

  for (guint side = 0; side < 2; side++)
    {
      guint64 value = 0;
      const char *digits = p;

      while (p < end && g_ascii_isdigit (*p) && value <= G_MAXUINT16)
        value = value * 10 + (*p++ - '0');
      if (p == digits || value > G_MAXUINT16)
        return FALSE;
      score[side] = value;
      if (side == 0)
        {
          if (p == end || *p != '-')
            return FALSE;
          p++;
        }
    }
  return p == end;
}

/* What OGN writes between the moves besides marks and comments: move
 * numbers ("12."), the seeds a move captured ("+3", after the move, which
 * must be what the rules give), and the result ("25-23", "*"), which ends
 * the main line (check_ogn_result() compares it with the moves).  Sets
 * *@skipped when it read such a token. */
static gboolean
read_ogn_token (Reader      *reader,
                GArray      *lines,
                gboolean    *skipped,
                GError     **error)
{
  const Line *line = &g_array_index (lines, Line, lines->len - 1);
  gsize p = reader->pos;
  gsize end;

  *skipped = TRUE;
  if (reader->data[p] == '+' && line->last != NULL)
    {
      guint64 written = 0;
      guint captured = captured_by (reader->match, line->last);

      for (p++; p < reader->length && g_ascii_isdigit (reader->data[p]) && written <= G_MAXUINT; p++)
        written = written * 10 + (reader->data[p] - '0');
      if (written != captured)
        return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_ILLEGAL_MOVE,
                        ngettext ("the move is written as capturing %llu seed, but by the rules of Oware Abapa it captures %u.",
                                  "the move is written as capturing %llu seeds, but by the rules of Oware Abapa it captures %u.",
                                  written),
                        (unsigned long long) written, captured);
      reader->pos = p;
      return TRUE;
    }
  if (g_ascii_isdigit (reader->data[p]))
    {
      while (p < reader->length && g_ascii_isdigit (reader->data[p]))
        p++;
      if (p < reader->length && reader->data[p] == '.')
        {
          while (p < reader->length && reader->data[p] == '.')
            p++;
          reader->pos = p;
          return TRUE;
        }
    }
  if (reader->data[reader->pos] == '*'
      || (p > reader->pos && p < reader->length && (reader->data[p] == '-' || reader->data[p] == '/')))
    {
      guint score[2];

      for (end = reader->pos; end < reader->length && !g_ascii_isspace (reader->data[end])
                              && reader->data[end] != '{' && reader->data[end] != '('
                              && reader->data[end] != ')'; end++)
        ;
      if (!(end == reader->pos + 1 && reader->data[reader->pos] == '*')
          && !parse_ogn_score (reader->data + reader->pos, end - reader->pos, score))
        {
          g_autofree char *token = g_strndup (reader->data + reader->pos, end - reader->pos);

          return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                          _("“%s” is not a result: the Oware Game Notation writes the seeds South and North ended with, such as “25-23”, or “*” for a match still going on."),
                          quoted (reader, token));
        }
      if (lines->len > 1)
        return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                        _("a result ends the main line, not a variation: close the variation with “)” first."));
      reader->result_start = reader->pos;
      reader->result_end = end;
      reader->pos = end;
      return TRUE;
    }
  *skipped = FALSE;
  return TRUE;
}

/* The result of an OGN file, in the movetext or in [Result], must be what
 * its moves give: "S-N" only when the main line ends the match, with the
 * seeds it ends with (as Aualé writes it); "*" says nothing. */
static gboolean
check_ogn_result (Reader  *reader,
                  GError **error)
{
  CongkakNode *end = congkak_match_get_main_line_end (reader->match);
  const CongkakState *state = congkak_game_get_state (congkak_match_get_game_at (reader->match, end));
  Tag *tag = find_tag (reader, "Result");
  struct
  {
    const char *text;
    gsize       length;
    gsize       offset;
  } results[2] = {
    { reader->data + reader->result_start, reader->result_end - reader->result_start, reader->result_start },
    { tag ? tag->value : "", tag ? strlen (tag->value) : 0, tag ? tag->value_start : 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      g_autofree char *text = g_strndup (results[i].text, results[i].length);
      guint score[2];

      /* Free text in the tag, such as "South resigned", is a note. */
      if (!parse_ogn_score (results[i].text, results[i].length, score))
        continue;
      if (state->phase != CONGKAK_PHASE_MATCH_OVER)
        return fail_at (reader, results[i].offset, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                        _("the result “%s” says the match is over, but its moves do not end it."),
                        quoted (reader, text));
      if (score[CONGKAK_SOUTH] != state->position.store[CONGKAK_SOUTH]
          || score[CONGKAK_NORTH] != state->position.store[CONGKAK_NORTH])
        return fail_at (reader, results[i].offset, error, CONGKAK_MATCH_FILE_ERROR_INVALID_VALUE,
                        /* TRANSLATORS: “the result “48-0” contradicts the moves, which end the match 25-23.” */
                        _("the result “%s” contradicts the moves, which end the match %u-%u."),
                        quoted (reader, text), state->position.store[CONGKAK_SOUTH],
                        state->position.store[CONGKAK_NORTH]);
    }
  return TRUE;
}

static gboolean
read_moves (Reader  *reader,
            GError **error)
{
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (Line));
  g_auto (CongkakPendingMoves) pending = { 0 };
  Line main_line = { congkak_match_get_root (reader->match), NULL, 0 };

  g_array_append_val (lines, main_line);
  reader->pending = &pending;

  for (;;)
    {
      Line *line = &g_array_index (lines, Line, lines->len - 1);
      char c;

      skip_space (reader);
      if (at_end (reader))
        break;
      c = peek (reader);
      if (reader->result_end > 0)
        {
          g_autofree char *result = g_strndup (reader->data + reader->result_start,
                                               reader->result_end - reader->result_start);

          return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                          _("nothing may follow the result “%s”: it ends the moves."), quoted (reader, result));
        }

      if (reader->ogn)
        {
          gboolean skipped;

          if (!read_ogn_token (reader, lines, &skipped, error))
            return FALSE;
          if (skipped)
            continue;
        }
      if (is_move_char (c))
        {
          if (!read_move (reader, lines, error))
            return FALSE;
        }
      else if (c == '!' || c == '?')
        {
          if (!read_mark (reader, lines, error))
            return FALSE;
        }
      else if (c == '{')
        {
          if (!read_comment (reader, lines, error))
            return FALSE;
        }
      else if (c == '(')
        {
          Line variation = { NULL, NULL, reader->pos };

          make_pending (reader, line);
          if (line->last == NULL)
            return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                            _("a variation in parentheses must follow the move it replaces."));
          if (lines->len > CONGKAK_MAX_VARIATION_DEPTH)
            return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_TOO_DEEP,
                            ngettext ("variations cannot be nested more than %u level deep.",
                                      "variations cannot be nested more than %u levels deep.",
                                      CONGKAK_MAX_VARIATION_DEPTH),
                            CONGKAK_MAX_VARIATION_DEPTH);
          /* It is played from the position before the move it replaces. */
          variation.parent = congkak_node_get_parent (line->last);
          g_array_append_val (lines, variation);
          reader->pos++;
        }
      else if (c == ')')
        {
          if (lines->len == 1)
            return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                            _("this “)” closes no variation."));
          if (line->last == NULL && congkak_pending_moves_count (&pending) == 0)
            return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                            _("a variation needs at least one move."));
          /* The variation ends with them. */
          congkak_match_keep_pending (reader->match, &pending);
          g_array_set_size (lines, lines->len - 1);
          reader->pos++;
        }
      else if (c == '[')
        return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                        _("tags in square brackets must come before the moves."));
      else
        {
          g_autofree char *character = character_at (reader, reader->pos);

          return fail_at (reader, reader->pos, error, CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                          _("unexpected “%s”: expected a move, a mark, a {comment} or a variation in parentheses."),
                          quoted (reader, character));
        }
    }

  if (lines->len > 1)
    return fail_at (reader, g_array_index (lines, Line, lines->len - 1).open, error,
                    CONGKAK_MATCH_FILE_ERROR_SYNTAX,
                    _("the variation opened here is not closed with “)”."));
  congkak_match_keep_pending (reader->match, &pending);
  reader->pending = NULL;
  return TRUE;
}

static gboolean
check_text (Reader  *reader,
            GError **error)
{
  const char *end;
  gsize i;

  if (reader->length > CONGKAK_MATCH_FILE_MAX_BYTES)
    return fail_at (reader, 0, error, CONGKAK_MATCH_FILE_ERROR_TOO_LARGE,
                    ngettext ("the text is %llu byte long; a match can be at most %u bytes (16 MiB).",
                              "the text is %llu bytes long; a match can be at most %u bytes (16 MiB).",
                              reader->length),
                    (unsigned long long) reader->length, CONGKAK_MATCH_FILE_MAX_BYTES);

  /* A byte order mark alone is no text either. */
  i = reader->length >= 3 && memcmp (reader->data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  for (; i < reader->length && g_ascii_isspace (reader->data[i]); i++)
    ;
  if (i == reader->length)
    return fail_at (reader, 0, error, CONGKAK_MATCH_FILE_ERROR_EMPTY, _("the text is empty."));

  if (!g_utf8_validate_len (reader->data, reader->length, &end))
    return fail_at (reader, end - reader->data, error, CONGKAK_MATCH_FILE_ERROR_INVALID_UTF8,
                    _("the text is not valid UTF-8 (byte %llu)."),
                    (unsigned long long) (end - reader->data) + 1);
  return TRUE;
}

/**
 * congkak_match_load_from_text:
 * @text: the match in the text notation
 * @length: its length in bytes, or -1 if @text ends with a NUL
 *
 * Reads a match written by congkak_match_save_to_text(), by hand, or by
 * Aualé in the Oware Game Notation (a text without [Format] and [Rules]
 * whose [Variant] names Oware).  Tags this version does not know are kept
 * in the notes as "Name: value" lines, unless [Format] names a newer
 * minor version, whose tags are then skipped.
 *
 * Returns: (transfer full) (nullable): the match, or %NULL with @error set
 *   in CONGKAK_MATCH_FILE_ERROR, its message starting with "line L,
 *   column C: ".
 */
CongkakMatch *
congkak_match_load_from_text (const char  *text,
                              gssize       length,
                              GError     **error)
{
  return congkak_match_load_from_text_with_format (text, length, NULL, error);
}

/**
 * congkak_match_load_from_text_with_format:
 * @format: (out) (optional): which notation the text was in:
 *   %CONGKAK_MATCH_FORMAT_TEXT or %CONGKAK_MATCH_FORMAT_OGN
 *
 * Like congkak_match_load_from_text().
 */
CongkakMatch *
congkak_match_load_from_text_with_format (const char          *text,
                                          gssize               length,
                                          CongkakMatchFormat  *format,
                                          GError             **error)
{
  g_autoptr (GArray) tags = g_array_new (FALSE, TRUE, sizeof (Tag));
  g_autoptr (GHashTable) tag_index = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CongkakMatch) match = NULL;
  g_autoptr (GError) start_error = NULL;
  g_autoptr (GPtrArray) quotes = g_ptr_array_new_with_free_func (g_free);
  Reader reader = { 0 };
  CongkakPosition start;
  gboolean custom_start = FALSE;
  gboolean newer_minor;
  const char *start_tag;
  CongkakRules rules;
  gsize tags_end;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_array_set_clear_func (tags, tag_clear);
  reader.data = text ? text : "";
  reader.length = length < 0 ? strlen (text) : (gsize) length;
  reader.tags = tags;
  reader.tag_index = tag_index;
  reader.quotes = quotes;

  if (!check_text (&reader, error))
    return NULL;

  /* A byte order mark, as some editors write. */
  if (reader.length >= 3 && memcmp (reader.data, "\xEF\xBB\xBF", 3) == 0)
    reader.pos = 3;

  for (;;)
    {
      skip_space (&reader);
      if (peek (&reader) != '[')
        break;
      if (!read_tag (&reader, error))
        return NULL;
    }
  tags_end = reader.pos;

  if (!read_format (&reader, &newer_minor, error))
    return NULL;
  reader.ogn = find_tag (&reader, "Format") == NULL && find_tag (&reader, "Rules") == NULL
               && find_tag (&reader, "Variant") != NULL;
  start_tag = reader.ogn ? "FEN" : "Start";

  if (reader.ogn ? !read_ogn_variant (&reader, &rules, error)
                 : !read_rules (&reader, tags_end, &rules, error))
    return NULL;
  if (find_tag (&reader, start_tag) != NULL)
    {
      if (reader.ogn ? !read_fen (&reader, &rules, &start, error)
                     : !read_start (&reader, &rules, &start, error))
        return NULL;
      custom_start = TRUE;
    }

  match = congkak_match_new_from_position (&rules, custom_start ? &start : NULL, &start_error);
  if (match == NULL)
    {
      fail_at (&reader, custom_start ? find_tag (&reader, start_tag)->value_start : 0, error,
               custom_start ? CONGKAK_MATCH_FILE_ERROR_INVALID_POSITION : CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
               "%s", start_error->message);
      return NULL;
    }
  reader.match = match;

  if (!read_players_and_metadata (&reader, newer_minor, error) || !read_moves (&reader, error))
    return NULL;
  if (reader.ogn && !check_ogn_result (&reader, error))
    return NULL;
  if (format)
    *format = reader.ogn ? CONGKAK_MATCH_FORMAT_OGN : CONGKAK_MATCH_FORMAT_TEXT;
  return g_steal_pointer (&match);
}

/* ------------------------------------------------------------------ */
/* Writing                                                            */
/* ------------------------------------------------------------------ */

static void
append_escaped (GString    *out,
                const char *text,
                char        close)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\\' || c == (guchar) close)
        g_string_append_c (out, '\\');
      else if (congkak_is_hidden_control (c) && c != '\n' && c != '\t')
        {
          g_string_append_printf (out, "\\u%04X", c);
          continue;
        }
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
}

static void
append_tag (GString    *out,
            const char *name,
            const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  append_escaped (out, value, '"');
  g_string_append (out, "\"]\n");
}

static void
append_start (GString               *out,
              const CongkakPosition *position)
{
  for (guint side = 0; side < 2; side++)
    {
      if (side == CONGKAK_NORTH)
        g_string_append (out, " / ");
      g_string_append (out, side == CONGKAK_SOUTH ? "S:" : "N:");
      for (guint i = 0; i < position->n_holes; i++)
        {
          if (congkak_position_is_burnt (position, side, i))
            g_string_append (out, " x");
          else
            g_string_append_printf (out, " %u", position->holes[side][i]);
        }
      g_string_append_printf (out, " | %u", position->store[side]);
    }
  g_string_append_printf (out, " / %s",
                          position->to_move == CONGKAK_NOBODY ? "none"
                          : congkak_side_to_string (position->to_move));
}

static void
append_indent (GString *out,
               guint    level)
{
  for (guint i = 0; i < level; i++)
    g_string_append (out, "  ");
}

static void
append_node (GString     *out,
             CongkakNode *node,
             guint        level,
             gboolean     opens_variation)
{
  g_autofree char *move = congkak_node_dup_move_text (node);
  const char *comment = congkak_node_get_comment (node);

  if (opens_variation)
    {
      append_indent (out, level - 1);
      g_string_append (out, "( ");
    }
  else
    append_indent (out, level);
  g_string_append (out, move);
  if (congkak_node_get_mark (node) != CONGKAK_MARK_NONE)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, congkak_mark_to_string (congkak_node_get_mark (node)));
    }
  if (*comment != '\0')
    {
      g_string_append (out, " {");
      append_escaped (out, comment, '}');
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, '\n');
}

/* Where the writer is in one line of moves. */
typedef struct
{
  CongkakNode *node;            /* the move to write or just written; NULL at the line's end */
  guint        level;           /* variations entered: 0 for the main line */
  guint        next_variation;  /* 0: @node not written yet; else the next sibling to write */
  gboolean     first;           /* @node is the line's first move */
} Frame;

/* Writes the tree without recursion: each move, then the variations that
 * replace it (its parent's other children) in parentheses after it. */
static void
append_moves (GString     *out,
              CongkakNode *root)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  Frame main_line = { congkak_node_get_main_child (root), 0, 0, TRUE };

  if (main_line.node == NULL)
    return;
  g_array_append_val (stack, main_line);

  while (stack->len > 0)
    {
      Frame *frame = &g_array_index (stack, Frame, stack->len - 1);
      CongkakNode *parent;

      if (frame->node == NULL)
        {
          guint level = frame->level;

          g_array_set_size (stack, stack->len - 1);
          if (level > 0)
            {
              append_indent (out, level - 1);
              g_string_append (out, ")\n");
            }
          continue;
        }

      if (frame->next_variation == 0)
        {
          append_node (out, frame->node, frame->level, frame->first && frame->level > 0);
          frame->next_variation = 1;
        }

      parent = congkak_node_get_parent (frame->node);
      if (congkak_node_get_child_index (frame->node) == 0
          && frame->next_variation < congkak_node_get_n_children (parent))
        {
          Frame variation = {
            congkak_node_get_child (parent, frame->next_variation),
            frame->level + 1, 0, TRUE
          };

          frame->next_variation++;
          g_array_append_val (stack, variation);  /* may move @frame */
          continue;
        }

      /* The line ends with moves that have no nodes yet: written as they
       * are, without making them (issue 28). */
      if (congkak_node_get_run_length (frame->node) > 0)
        {
          for (guint i = 0; i < congkak_node_get_run_length (frame->node); i++)
            {
              g_autofree char *move = NULL;
              CongkakMove bare;

              congkak_node_get_run_move (frame->node, i, &bare);
              move = congkak_move_to_string (&bare);
              append_indent (out, frame->level);
              g_string_append (out, move);
              g_string_append_c (out, '\n');
            }
          frame->node = NULL;
          continue;
        }
      frame->node = congkak_node_get_main_child (frame->node);
      frame->next_variation = 0;
      frame->first = FALSE;
    }
}

/**
 * congkak_match_save_to_text:
 *
 * Returns: (transfer full): the match in the text notation; reading it back
 *   with congkak_match_load_from_text() gives an equal match.
 */
char *
congkak_match_save_to_text (CongkakMatch *match)
{
  GString *out;
  const CongkakRules *rules;
  const char * const *keys = congkak_rules_option_keys ();
  CongkakNode *root;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);

  out = g_string_new (NULL);
  rules = congkak_match_get_rules (match);
  root = congkak_match_get_root (match);

  append_tag (out, "Format", FORMAT_PREFIX G_STRINGIFY (CONGKAK_MATCH_FILE_VERSION_MAJOR) "."
                             G_STRINGIFY (CONGKAK_MATCH_FILE_VERSION_MINOR));
  {
    GString *options = g_string_new (NULL);

    for (guint i = 0; keys[i] != NULL; i++)
      {
        g_autofree char *value = NULL;

        if (!congkak_rules_option_applies (rules, keys[i]))
          continue;
        value = congkak_rules_get_option (rules, keys[i]);
        if (options->len > 0)
          g_string_append_c (options, ' ');
        g_string_append_printf (options, "%s=%s", keys[i], value);
      }
    append_tag (out, "Rules", options->str);
    g_string_free (options, TRUE);
  }

  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    {
      const char *name = congkak_match_get_player_name (match, side);

      if (*name != '\0')
        append_tag (out, name_tags[side], name);
      if (congkak_match_get_player_kind (match, side) == CONGKAK_PLAYER_COMPUTER)
        {
          append_tag (out, kind_tags[side], congkak_player_kind_to_string (CONGKAK_PLAYER_COMPUTER));
          append_tag (out, level_tags[side],
                      congkak_level_to_string (congkak_match_get_player_level (match, side)));
        }
    }

  for (guint field = 0; field < CONGKAK_N_METADATA; field++)
    {
      const char *value = congkak_match_get_metadata (match, field);

      if (*value != '\0')
        append_tag (out, metadata_tags[field], value);
    }

  if (congkak_match_has_custom_start (match))
    {
      g_autoptr (GString) layout = g_string_new (NULL);

      append_start (layout, congkak_match_get_start_position (match));
      append_tag (out, "Start", layout->str);
    }

  g_string_append_c (out, '\n');
  if (*congkak_node_get_comment (root) != '\0')
    {
      g_string_append_c (out, '{');
      append_escaped (out, congkak_node_get_comment (root), '}');
      g_string_append (out, "}\n");
    }
  append_moves (out, root);
  return g_string_free (out, FALSE);
}

/**
 * congkak_match_save_text_to_file:
 *
 * Writes the match in the text notation, as safely as
 * congkak_match_save_to_file() writes a .congkak file: atomically, the
 * old file kept whole on any failure.
 */
gboolean
congkak_match_save_text_to_file (CongkakMatch  *match,
                                 GFile         *file,
                                 GCancellable  *cancellable,
                                 GError       **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = congkak_match_save_to_text (match);
  return congkak_file_replace_contents (file, text, strlen (text), CONGKAK_SAVE_NONE, cancellable, error);
}

/* ------------------------------------------------------------------ */
/* Writing the Oware Game Notation of Aualé                           */
/* ------------------------------------------------------------------ */

/**
 * congkak_match_can_save_to_ogn:
 *
 * Whether the match can be written in the Oware Game Notation: its rules
 * must be Aualé's, Oware Abapa on six holes a side with four seeds in each
 * (Aualé fixes the win at 25 of 48 seeds), sown counter-clockwise, where a
 * grand slam captures nothing.  Who moves first may differ: the start
 * position says it.
 *
 * Returns: %TRUE, or %FALSE with @error set (CONGKAK_MATCH_FILE_ERROR_INVALID_RULES).
 */
gboolean
congkak_match_can_save_to_ogn (CongkakMatch  *match,
                               GError       **error)
{
  CongkakRules rules, auale;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  rules = *congkak_match_get_rules (match);
  congkak_rules_init_profile (&auale, "oware", NULL);
  auale.first_player = rules.first_player;
  if (rules.family == CONGKAK_FAMILY_OWARE && rules.holes == auale.holes && rules.seeds != auale.seeds
      && congkak_rules_validate (&rules, NULL))
    {
      g_set_error (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                   ngettext ("The Oware Game Notation (OGN) holds only Oware Abapa with 4 seeds a hole; this match starts with %u seed a hole, and Aualé would read it as another game. Save it as JSON or as text.",
                             "The Oware Game Notation (OGN) holds only Oware Abapa with 4 seeds a hole; this match starts with %u seeds a hole, and Aualé would read it as another game. Save it as JSON or as text.",
                             rules.seeds),
                   rules.seeds);
      return FALSE;
    }
  if (!congkak_rules_equal (&rules, &auale))
    {
      g_set_error_literal (error, CONGKAK_MATCH_FILE_ERROR, CONGKAK_MATCH_FILE_ERROR_INVALID_RULES,
                           _("The Oware Game Notation (OGN) holds only Oware Abapa with 6 holes a side and 4 seeds a hole, sown counter-clockwise, where a grand slam captures nothing (grand-slam=no-capture); save this match as JSON or as text."));
      return FALSE;
    }
  return TRUE;
}

/**
 * congkak_ogn_losses_lose_meaning:
 *
 * Whether writing OGN leaves out what a person wrote or chose: moves of
 * variations, the comment on the start position, or a result the moves do
 * not give.  The rest (the computer's analysis, which can be made again,
 * and the layout of comments) changes no meaning.
 */
gboolean
congkak_ogn_losses_lose_meaning (const CongkakOgnLosses *losses)
{
  g_return_val_if_fail (losses != NULL, FALSE);

  return losses->variation_moves > 0 || losses->start_comment || losses->result;
}

/**
 * congkak_ogn_losses_describe:
 *
 * Returns: (transfer full) (element-type utf8): what writing OGN leaves out
 *   or changes, one translated sentence each, the most important first;
 *   empty when nothing is lost.
 */
GPtrArray *
congkak_ogn_losses_describe (const CongkakOgnLosses *losses)
{
  GPtrArray *sentences = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (losses != NULL, sentences);

  if (losses->variation_moves > 0)
    g_ptr_array_add (sentences, g_strdup_printf (ngettext ("%u move of the variations is left out: OGN holds only the main line.",
                                                           "%u moves of the variations are left out: OGN holds only the main line.",
                                                           losses->variation_moves),
                                                 losses->variation_moves));
  if (losses->start_comment)
    g_ptr_array_add (sentences, g_strdup (_("The comment on the start position is left out: Aualé cannot read it.")));
  if (losses->result)
    g_ptr_array_add (sentences, g_strdup (_("The result in the match’s details is replaced by the one its moves give: OGN holds no other.")));
  if (losses->analysed_moves > 0)
    g_ptr_array_add (sentences, g_strdup_printf (ngettext ("The computer’s analysis of %u move is left out.",
                                                           "The computer’s analysis of %u moves is left out.",
                                                           losses->analysed_moves),
                                                 losses->analysed_moves));
  if (losses->changed_texts > 0)
    g_ptr_array_add (sentences, g_strdup_printf (ngettext ("%u comment or detail is written differently: OGN keeps no line breaks, runs of spaces, control characters or “}” in comments.",
                                                           "%u comments or details are written differently: OGN keeps no line breaks, runs of spaces, control characters or “}” in comments.",
                                                           losses->changed_texts),
                                                 losses->changed_texts));
  return sentences;
}

/* @text as OGN holds it: without control characters and invisible marks
 * (but for line breaks and tabs in a tag), without spaces around it (Aualé
 * strips them), and in a comment (@comment) with its spaces collapsed and
 * “}”, which would end it, written as “)”.  Counts a change in @losses. */
static char *
ogn_text (const char       *text,
          gboolean          comment,
          CongkakOgnLosses *losses)
{
  g_autoptr (GString) kept = g_string_new (NULL);
  const char *start, *end;
  char *written;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (congkak_is_hidden_control (c) && !(comment ? is_ogn_space (c) : c == '\n' || c == '\t'))
        continue;
      if (c == '}' && comment)
        g_string_append_c (kept, ')');
      else
        g_string_append_len (kept, p, g_utf8_next_char (p) - p);
    }

  if (comment)
    written = collapse_ogn_spaces (kept->str, kept->len);
  else
    {
      /* What Python's str.strip() takes away. */
      start = kept->str;
      end = kept->str + kept->len;
      while (start < end && is_ogn_space (g_utf8_get_char (start)))
        start = g_utf8_next_char (start);
      while (end > start && is_ogn_space (g_utf8_get_char (g_utf8_prev_char (end))))
        end = g_utf8_prev_char (end);
      written = g_strndup (start, end - start);
    }

  if (!g_str_equal (written, text))
    losses->changed_texts++;
  return written;
}

/* A tag as Aualé writes it: "?" when the value is unknown. */
static void
append_ogn_tag (GString          *out,
                const char       *name,
                const char       *value,
                CongkakOgnLosses *losses)
{
  g_autofree char *text = ogn_text (value, FALSE, losses);

  append_tag (out, name, *text != '\0' ? text : "?");
}

/* Adds @token to @out, breaking lines before 80 columns as Aualé does. */
static void
append_ogn_token (GString    *out,
                  gsize      *line_start,
                  const char *token)
{
  if (out->len > *line_start)
    {
      if (out->len - *line_start + 1 + strlen (token) >= 80)
        {
          g_string_append_c (out, '\n');
          *line_start = out->len;
        }
      else
        g_string_append_c (out, ' ');
    }
  g_string_append (out, token);
}

/**
 * congkak_match_save_to_ogn:
 * @losses: (out caller-allocates) (optional): what the text leaves out or
 *   changes
 *
 * Writes the match in the Oware Game Notation of Aualé: the tags Variant,
 * Event, Site, Date, Round, South, North and Result, then FEN for a start
 * other than the standard one, the kind and level of a computer player
 * (SouthKind, SouthLevel… as in the text notation; Aualé keeps tags it
 * does not know), and Notes, Title and Id when they are set; then the main
 * line, numbered, with each move's captures ("d+2"), mark and comment.
 *
 * OGN cannot hold everything a match may: variations, the comment on the
 * start position, a result the moves do not give and the computer's
 * analysis are left out, and comments lose their line breaks, runs of
 * spaces, control characters and “}” (written “)”), as Aualé reads them.
 * @losses counts each; congkak_ogn_losses_describe() says it in words.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL with @error set
 *   when the rules are not Aualé's (congkak_match_can_save_to_ogn()).
 */
char *
congkak_match_save_to_ogn (CongkakMatch      *match,
                           CongkakOgnLosses  *losses,
                           GError           **error)
{
  const CongkakPosition *start;
  CongkakNode *root, *node, *last;
  CongkakOgnLosses found = { 0 };
  g_autoptr (GString) out = NULL;
  g_autofree char *date = NULL;
  const char *result_detail;
  char result[32] = "*";
  gsize line_start;
  guint ply = 0;

  g_return_val_if_fail (CONGKAK_IS_MATCH (match), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!congkak_match_can_save_to_ogn (match, error))
    return NULL;

  out = g_string_new (NULL);
  root = congkak_match_get_root (match);
  start = congkak_match_get_start_position (match);
  last = congkak_match_get_main_line_end (match);
  {
    const CongkakState *end = congkak_game_get_state (congkak_match_get_game_at (match, last));

    if (end->phase == CONGKAK_PHASE_MATCH_OVER)
      g_snprintf (result, sizeof result, "%u-%u",
                  end->position.store[CONGKAK_SOUTH], end->position.store[CONGKAK_NORTH]);
  }
  result_detail = congkak_match_get_metadata (match, CONGKAK_METADATA_RESULT);
  found.result = *result_detail != '\0' && !g_str_equal (result_detail, result);
  found.variation_moves = congkak_match_get_n_nodes (match) - congkak_node_get_depth (last);
  found.start_comment = *congkak_node_get_comment (root) != '\0';

  /* Dates as in PGN: 2026.11.29. */
  date = g_strdup (congkak_match_get_metadata (match, CONGKAK_METADATA_DATE));
  if (strlen (date) == 10 && date[4] == '-' && date[7] == '-')
    date[4] = date[7] = '.';

  append_tag (out, "Variant", OGN_VARIANT);
  append_ogn_tag (out, "Event", congkak_match_get_metadata (match, CONGKAK_METADATA_EVENT), &found);
  append_ogn_tag (out, SITE_TAG, congkak_match_get_metadata (match, CONGKAK_METADATA_PLACE), &found);
  append_ogn_tag (out, "Date", date, &found);
  append_ogn_tag (out, "Round", congkak_match_get_metadata (match, CONGKAK_METADATA_ROUND), &found);
  append_ogn_tag (out, "South", congkak_match_get_player_name (match, CONGKAK_SOUTH), &found);
  append_ogn_tag (out, "North", congkak_match_get_player_name (match, CONGKAK_NORTH), &found);
  append_tag (out, "Result", result);

  if (congkak_match_has_custom_start (match) || start->to_move != CONGKAK_SOUTH)
    {
      g_autoptr (GString) fen = g_string_new (NULL);

      for (guint side = 0; side < 2; side++)
        for (guint i = 0; i < start->n_holes; i++)
          g_string_append_printf (fen, "%u-", start->holes[side][i]);
      g_string_append_printf (fen, "%u-%u-%s", start->store[CONGKAK_SOUTH], start->store[CONGKAK_NORTH],
                              start->to_move == CONGKAK_NORTH ? "N" : "S");
      append_tag (out, "FEN", fen->str);
    }
  for (CongkakSide side = CONGKAK_SOUTH; side <= CONGKAK_NORTH; side++)
    if (congkak_match_get_player_kind (match, side) == CONGKAK_PLAYER_COMPUTER)
      {
        append_tag (out, kind_tags[side], congkak_player_kind_to_string (CONGKAK_PLAYER_COMPUTER));
        append_tag (out, level_tags[side], congkak_level_to_string (congkak_match_get_player_level (match, side)));
      }
  {
    static const CongkakMetadata others[] = {
      CONGKAK_METADATA_ID, CONGKAK_METADATA_NOTES, CONGKAK_METADATA_TITLE,
    };

    for (guint i = 0; i < G_N_ELEMENTS (others); i++)
      if (*congkak_match_get_metadata (match, others[i]) != '\0')
        append_ogn_tag (out, metadata_tags[others[i]], congkak_match_get_metadata (match, others[i]), &found);
  }

  g_string_append_c (out, '\n');
  line_start = out->len;
  for (node = congkak_node_get_main_child (root); node != NULL; node = congkak_node_get_main_child (node))
    {
      const CongkakMove *move = congkak_node_get_move (node);
      g_autoptr (GString) token = g_string_new (NULL);
      const char *comment = congkak_node_get_comment (node);
      guint captured;

      if (ply % 2 == 0)
        {
          g_autofree char *number = g_strdup_printf ("%u.", ply / 2 + 1);

          append_ogn_token (out, &line_start, number);
        }
      g_string_append_c (token, congkak_hole_letter (move->side, move->hole));
      captured = captured_by (match, node);
      if (captured > 0)
        g_string_append_printf (token, "+%u", captured);
      if (congkak_node_get_mark (node) != CONGKAK_MARK_NONE)
        g_string_append (token, congkak_mark_to_string (congkak_node_get_mark (node)));
      append_ogn_token (out, &line_start, token->str);
      if (*comment != '\0')
        {
          g_autofree char *text = ogn_text (comment, TRUE, &found);

          /* Aualé writes the words between "{" and "}" as tokens too. */
          append_ogn_token (out, &line_start, "{");
          for (char *word = text, *space; *word != '\0'; word = space ? space + 1 : word + strlen (word))
            {
              space = strchr (word, ' ');
              if (space)
                *space = '\0';
              append_ogn_token (out, &line_start, word);
            }
          append_ogn_token (out, &line_start, "}");
        }
      if (congkak_node_has_analysis (node))
        found.analysed_moves++;
      ply++;
    }
  if (!g_str_equal (result, "*"))
    append_ogn_token (out, &line_start, result);
  if (out->len > line_start)
    g_string_append_c (out, '\n');
  if (losses)
    *losses = found;
  return g_string_free (g_steal_pointer (&out), FALSE);
}
