/* congkak-file-util.c — safe saving, bounded reading, quoting untrusted text
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Saving never damages the file it replaces: the new text goes to a
 * temporary file beside the target (`.NAME.congkak-XXXXXX`), is written
 * whole, checked and synced, and only then renamed over the target.  On
 * any failure (a full disk, a quota, a folder without write permission)
 * the temporary is removed and the old file stays byte for byte as it
 * was; a process killed in the middle leaves the old or the new file,
 * and its temporary is removed by the next save in that folder, before it
 * writes (a save in progress holds a lock on its temporary; a killed one
 * no longer does), or by the save that was running meanwhile, after it.
 *
 * - A symbolic link is followed: the file it names is replaced
 *   atomically and the link stays a link (with CONGKAK_SAVE_REPLACE_ANY,
 *   the link, or a pipe, is itself replaced by the file).
 * - A hard link is broken: the saved name gets a new file, and the other
 *   names keep the old content, undamaged.
 * - The target's permission bits (and, where allowed, its owner) are kept.
 * - A file we may not write to (made read-only) is not replaced, unless
 *   CONGKAK_SAVE_REPLACE_READ_ONLY says so.
 *
 * Reading checks the file's type before opening it and opens it without
 * blocking, so that a named pipe, a device or a folder is an error at
 * once; it reads at most one byte past the caller's limit.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "congkak-file-util.h"

#define MAX_LINKS 40
/* Bytes of the target's name kept in a temporary's name. */
#define TEMP_NAME_MAX_BASE 200

/**
 * congkak_is_hidden_control:
 *
 * Whether @c changes how a terminal or a line of text shows what follows:
 * a control character (line breaks and tabs included), or an invisible
 * mark that reorders text.  No file format writes these raw, and no
 * message prints them.
 */
gboolean
congkak_is_hidden_control (gunichar c)
{
  return c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)
         || c == 0x061C || c == 0x200E || c == 0x200F
         || (c >= 0x2028 && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)
         || c == 0xFEFF;
}

/**
 * congkak_escape_untrusted:
 * @text: (nullable): a name or value from a file, or any untrusted text
 * @length: its length in bytes, or -1 if it ends with a NUL
 * @max_chars: the most characters to keep, then “…”; 0 keeps them all
 * @keep_lines: leave line breaks and tabs as they are (for printing
 *   multi-line text such as a comment on a terminal)
 *
 * Makes untrusted text safe to put in a message or print on a terminal:
 * control characters and invisible direction marks written as `\n`,
 * `\t`, `\r` or `\uXXXX`; bytes that are not UTF-8 as `\xXX`.
 *
 * Returns: (transfer full): valid UTF-8 without control characters
 *   (but for line breaks and tabs with @keep_lines).
 */
char *
congkak_escape_untrusted (const char *text,
                          gssize      length,
                          guint       max_chars,
                          gboolean    keep_lines)
{
  GString *out;
  const char *p, *end;
  guint chars = 0;

  if (text == NULL)
    return g_strdup ("");
  if (length < 0)
    length = strlen (text);

  out = g_string_sized_new ((max_chars > 0 ? MIN ((gsize) length, max_chars * 4) : (gsize) length) + 4);
  p = text;
  end = text + length;
  while (p < end)
    {
      gunichar c;

      if (max_chars > 0 && chars++ == max_chars)
        {
          g_string_append (out, "…");
          break;
        }
      c = *p == '\0' ? 0 : g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p);
          p++;
          continue;
        }
      if (keep_lines && (c == '\n' || c == '\t'))
        g_string_append_c (out, c);
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (congkak_is_hidden_control (c))
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = c == 0 ? p + 1 : g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

/**
 * congkak_quote_untrusted:
 * @text: (nullable): a name or value from a file, or any untrusted text
 * @length: its length in bytes, or -1 if it ends with a NUL
 *
 * Makes untrusted text safe to quote in a message: at most
 * %CONGKAK_QUOTE_MAX_CHARS characters, then “…”, on one line, escaped as
 * congkak_escape_untrusted() does.
 *
 * Returns: (transfer full): valid UTF-8 without control characters.
 */
char *
congkak_quote_untrusted (const char *text,
                         gssize      length)
{
  return congkak_escape_untrusted (text, length, CONGKAK_QUOTE_MAX_CHARS, FALSE);
}

/* The marks that only reorder the text around them. */
static gboolean
is_direction_mark (gunichar c)
{
  return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E)
         || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF;
}

/**
 * congkak_escape_for_title:
 * @text: (nullable): a name or title from a file, or any untrusted text
 * @length: its length in bytes, or -1 if it ends with a NUL
 * @max_chars: the most characters to keep, then “…”; 0 keeps them all
 *
 * Makes untrusted text fit for a window title, which the window system
 * keeps as a property and other programs (a panel, a terminal's title bar)
 * show: one line, its line breaks and tabs a space, runs of them one, none
 * at either end; invisible direction marks (which would turn “ — Congkak”
 * round) left out; any other control character, and bytes that are not
 * UTF-8, shown as U+FFFD “�”, so that it is seen that something was there.
 *
 * Returns: (transfer full): valid UTF-8 on one line, without control
 *   characters.
 */
char *
congkak_escape_for_title (const char *text,
                          gssize      length,
                          guint       max_chars)
{
  GString *out;
  const char *p, *end;
  gboolean space = FALSE;
  guint chars = 0;

  if (text == NULL)
    return g_strdup ("");
  if (length < 0)
    length = strlen (text);

  out = g_string_sized_new (MIN ((gsize) length, max_chars > 0 ? max_chars * 4 : (gsize) length) + 4);
  for (p = text, end = text + length; p < end;)
    {
      gunichar c = *p == '\0' ? 0 : g_utf8_get_char_validated (p, end - p);
      const char *next = c == (gunichar) -1 || c == (gunichar) -2 || c == 0 ? p + 1 : g_utf8_next_char (p);

      if (c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == 0x85
          || c == 0x2028 || c == 0x2029 || c == ' ')
        {
          space = out->len > 0;
          p = next;
          continue;
        }
      if (is_direction_mark (c))
        {
          p = next;
          continue;
        }
      if (max_chars > 0 && chars + space == max_chars)
        {
          g_string_append (out, "…");
          break;
        }
      if (space)
        {
          g_string_append_c (out, ' ');
          chars++;
          space = FALSE;
        }
      if (c == (gunichar) -1 || c == (gunichar) -2 || congkak_is_hidden_control (c))
        g_string_append (out, "\xEF\xBF\xBD");
      else
        g_string_append_len (out, p, next - p);
      chars++;
      p = next;
    }
  return g_string_free (out, FALSE);
}

/**
 * congkak_is_quotable:
 * @text: a name or value from a file
 *
 * Whether congkak_quote_untrusted() would quote @text as it is: valid
 * UTF-8 of at most %CONGKAK_QUOTE_MAX_CHARS characters without control
 * characters.  Only such text goes on to the engine, whose messages quote
 * it whole.  Allocates nothing: the readers ask it of every move.
 */
gboolean
congkak_is_quotable (const char *text)
{
  guint chars = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2 || congkak_is_hidden_control (c)
          || ++chars > CONGKAK_QUOTE_MAX_CHARS)
        return FALSE;
    }
  return TRUE;
}

typedef enum
{
  WHILE_READING,
  WHILE_SAVING,
  WHILE_KEEPING_BACKUP,
} Activity;

static gboolean
set_errno_error (GError   **error,
                 int        saved_errno,
                 Activity   activity)
{
  int code = g_io_error_from_errno (saved_errno);
  const char *reason = g_strerror (saved_errno);

  if (activity == WHILE_READING)
    g_set_error (error, G_IO_ERROR, code, _("The file cannot be read: %s"), reason);
  else if (activity == WHILE_SAVING)
    g_set_error (error, G_IO_ERROR, code, _("The file cannot be saved: %s"), reason);
  else
    g_set_error (error, G_IO_ERROR, code, _("The backup of the old file cannot be made: %s"), reason);
  return FALSE;
}

/* An error for a file that exists but is not a regular file. */
static gboolean
set_type_error (GError     **error,
                mode_t       mode)
{
  const char *message;

  if (S_ISDIR (mode))
    message = _("This is a folder, not a file.");
  else if (S_ISFIFO (mode))
    message = _("This is a named pipe (FIFO), not a file.");
  else if (S_ISCHR (mode) || S_ISBLK (mode))
    message = _("This is a device, not a file.");
  else if (S_ISSOCK (mode))
    message = _("This is a socket, not a file.");
  else
    message = _("This is not a regular file.");
  g_set_error_literal (error, G_IO_ERROR,
                       S_ISDIR (mode) ? G_IO_ERROR_IS_DIRECTORY : G_IO_ERROR_NOT_REGULAR_FILE, message);
  return FALSE;
}

/**
 * congkak_file_check_type:
 * @follow_links: judge the file a symbolic link names, not the link
 *
 * Checks without opening it that @path is a regular file.
 *
 * Returns: %TRUE if it is; else %FALSE with @error saying what it is
 *   instead: missing, a link to nothing, a loop of links, a folder, a
 *   named pipe, a device or a socket.
 */
gboolean
congkak_file_check_type (const char  *path,
                         gboolean     follow_links,
                         GError     **error)
{
  GStatBuf buf;

  g_return_val_if_fail (path != NULL, FALSE);

  if (g_lstat (path, &buf) != 0)
    return set_errno_error (error, errno, WHILE_READING);
  if (S_ISLNK (buf.st_mode) && follow_links && g_stat (path, &buf) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == ENOENT)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("This is a link to a file that does not exist."));
          return FALSE;
        }
      if (saved_errno == ELOOP)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS,
                               _("This is a link that leads round in a loop."));
          return FALSE;
        }
      return set_errno_error (error, saved_errno, WHILE_READING);
    }
  if (S_ISLNK (buf.st_mode) && !follow_links)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                           _("This is a symbolic link, not a file."));
      return FALSE;
    }
  if (!S_ISREG (buf.st_mode))
    return set_type_error (error, buf.st_mode);
  return TRUE;
}

static gboolean
set_too_large (GError  **error,
               guint64   size,
               gsize     max_bytes)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
               ngettext ("The file is %llu byte long, more than the %llu bytes it may have.",
                         "The file is %llu bytes long, more than the %llu bytes it may have.", size),
               (unsigned long long) size, (unsigned long long) max_bytes);
  return FALSE;
}

/**
 * congkak_input_stream_read_bounded:
 * @max_bytes: the most the stream may hold
 *
 * Reads @stream to its end, such as standard input, refusing it as soon
 * as it holds more than @max_bytes.
 *
 * Returns: (transfer full) (nullable): the bytes read, or %NULL with
 *   @error set: G_IO_ERROR_MESSAGE_TOO_LARGE over the limit.
 */
GBytes *
congkak_input_stream_read_bounded (GInputStream  *stream,
                                   gsize          max_bytes,
                                   GCancellable  *cancellable,
                                   GError       **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  guint8 buffer[65536];
  gssize got;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  while ((got = g_input_stream_read (stream, buffer, sizeof buffer, cancellable, error)) > 0)
    {
      g_byte_array_append (bytes, buffer, got);
      if (bytes->len > max_bytes)
        {
          set_too_large (error, bytes->len, max_bytes);
          return NULL;
        }
    }
  if (got < 0)
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

/* A file GIO reaches another way: ask what it is before opening it. */
static GBytes *
load_remote_bounded (GFile         *file,
                     gsize          max_bytes,
                     gboolean       follow_links,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GFileInputStream) stream = NULL;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            follow_links ? G_FILE_QUERY_INFO_NONE : G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                            cancellable, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      set_type_error (error, g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY ? S_IFDIR : 0);
      return NULL;
    }
  if ((guint64) g_file_info_get_size (info) > max_bytes)
    {
      set_too_large (error, g_file_info_get_size (info), max_bytes);
      return NULL;
    }
  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;
  return congkak_input_stream_read_bounded (G_INPUT_STREAM (stream), max_bytes, cancellable, error);
}

/**
 * congkak_file_load_bounded:
 * @max_bytes: the most the file may hold
 * @follow_links: read the file a symbolic link names; else a link is an error
 *
 * Reads a whole regular file of at most @max_bytes.  A folder, a named
 * pipe, a device or a socket is refused before anything is read, and
 * never blocks.
 *
 * Returns: (transfer full) (nullable): the file's bytes, or %NULL with
 *   @error set in G_IO_ERROR: G_IO_ERROR_MESSAGE_TOO_LARGE for a file
 *   over the limit, G_IO_ERROR_NOT_REGULAR_FILE or G_IO_ERROR_IS_DIRECTORY
 *   for what is not a file.
 */
GBytes *
congkak_file_load_bounded (GFile         *file,
                           gsize          max_bytes,
                           gboolean       follow_links,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  const char *path;
  GStatBuf buf;
  int fd;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = g_file_peek_path (file);
  if (path == NULL)
    return load_remote_bounded (file, max_bytes, follow_links, cancellable, error);

  if (!congkak_file_check_type (path, follow_links, error))
    return NULL;
  /* The file may have been swapped since: open without blocking on a
   * pipe or taking a terminal, and look again at what was opened. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (follow_links ? 0 : O_NOFOLLOW), 0);
  if (fd < 0)
    {
      set_errno_error (error, errno, WHILE_READING);
      return NULL;
    }
  if (fstat (fd, &buf) != 0)
    set_errno_error (error, errno, WHILE_READING);
  else if (!S_ISREG (buf.st_mode))
    set_type_error (error, buf.st_mode);
  else if ((guint64) buf.st_size > max_bytes)
    set_too_large (error, buf.st_size, max_bytes);
  else
    {
      /* A regular file may still grow while it is read. */
      bytes = g_byte_array_sized_new (buf.st_size + 1);
      for (;;)
        {
          guint8 buffer[65536];
          gssize got;

          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              g_clear_pointer (&bytes, g_byte_array_unref);
              break;
            }
          got = read (fd, buffer, sizeof buffer);
          if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
          if (got < 0)
            {
              set_errno_error (error, errno, WHILE_READING);
              g_clear_pointer (&bytes, g_byte_array_unref);
              break;
            }
          if (got == 0)
            break;
          g_byte_array_append (bytes, buffer, got);
          if (bytes->len > max_bytes)
            {
              set_too_large (error, bytes->len, max_bytes);
              g_clear_pointer (&bytes, g_byte_array_unref);
              break;
            }
        }
    }
  close (fd);
  return bytes ? g_byte_array_free_to_bytes (g_steal_pointer (&bytes)) : NULL;
}

/* Saving */

static gboolean
is_our_temporary (const char *name)
{
  const char *infix;
  gsize length = strlen (name);

  /* .NAME.congkak-XXXXXX */
  if (name[0] != '.' || length < 1 + strlen (CONGKAK_SAVE_TEMP_INFIX) + 6)
    return FALSE;
  infix = name + length - 6 - strlen (CONGKAK_SAVE_TEMP_INFIX);
  return strncmp (infix, CONGKAK_SAVE_TEMP_INFIX, strlen (CONGKAK_SAVE_TEMP_INFIX)) == 0;
}

/* Removes @path, a temporary of ours, when no save is writing it: every
 * save holds a lock on its temporary (replace_local()), which the system
 * drops when the process ends, killed or not.  The lock is held while the
 * name is removed, so a save that has just made the file and not yet
 * locked it finds it unlinked, and starts again. */
static void
remove_if_abandoned (const char *path)
{
  GStatBuf opened, named;
  int fd;

  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK, 0);
  if (fd < 0)
    return;
  if (fstat (fd, &opened) == 0 && S_ISREG (opened.st_mode) && opened.st_uid == getuid ()
      && flock (fd, LOCK_EX | LOCK_NB) == 0
      && g_lstat (path, &named) == 0 && named.st_dev == opened.st_dev && named.st_ino == opened.st_ino)
    g_unlink (path);
  close (fd);
}

/**
 * congkak_file_clean_stale_temporaries:
 *
 * Removes the saver's temporary files in @folder that a killed save left
 * (`.NAME.congkak-XXXXXX`, regular files owned by this user), however
 * young: a save still writing holds a lock on its own, and keeps it.
 * Every save runs this in its folder before it writes and after it has
 * replaced the file.
 */
void
congkak_file_clean_stale_temporaries (const char *folder)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  g_return_if_fail (folder != NULL);

  dir = g_dir_open (folder, 0, NULL);
  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;

      if (!is_our_temporary (name))
        continue;
      path = g_build_filename (folder, name, NULL);
      remove_if_abandoned (path);
    }
}

/* The file that saving to @path writes: @path, or the end of its chain of
 * symbolic links (which need not exist yet). */
static char *
resolve_links (const char  *path,
               GError     **error)
{
  g_autofree char *current = g_strdup (path);

  for (guint i = 0; i < MAX_LINKS; i++)
    {
      g_autofree char *target = NULL;
      g_autofree char *folder = NULL;
      GStatBuf buf;

      if (g_lstat (current, &buf) != 0 || !S_ISLNK (buf.st_mode))
        return g_steal_pointer (&current);
      target = g_file_read_link (current, error);
      if (target == NULL)
        return NULL;
      if (g_path_is_absolute (target))
        {
          g_free (current);
          current = g_steal_pointer (&target);
        }
      else
        {
          folder = g_path_get_dirname (current);
          g_free (current);
          current = g_build_filename (folder, target, NULL);
        }
    }
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS,
                       _("The file cannot be saved: its name is a link that leads round in a loop."));
  return NULL;
}

static gboolean
write_all (int           fd,
           const char   *data,
           gsize         length,
           GCancellable *cancellable,
           GError      **error)
{
  while (length > 0)
    {
      gssize written;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      written = write (fd, data, MIN (length, 1 << 20));
      if (written < 0 && errno == EINTR)
        continue;
      if (written <= 0)
        return set_errno_error (error, written < 0 ? errno : ENOSPC, WHILE_SAVING);
      data += written;
      length -= written;
    }
  return TRUE;
}

/* Keeps the file at @path as @path~: a second name for the same file
 * where the file system allows it, else a copy saved like any file. */
static gboolean
keep_backup (const char    *path,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GFile) backup_file = NULL;
  gsize length;

  if (g_unlink (backup) != 0 && errno != ENOENT)
    return set_errno_error (error, errno, WHILE_KEEPING_BACKUP);
  if (link (path, backup) == 0)
    return TRUE;
  if (!g_file_get_contents (path, &contents, &length, error))
    return FALSE;
  backup_file = g_file_new_for_path (backup);
  return congkak_file_replace_contents (backup_file, contents, length, CONGKAK_SAVE_REPLACE_ANY,
                                        cancellable, error);
}

static gboolean
replace_local (const char        *requested,
               const char        *data,
               gsize              length,
               CongkakSaveFlags   flags,
               GCancellable      *cancellable,
               GError           **error)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temporary = NULL;
  GStatBuf old;
  gboolean exists;
  int fd;

  path = flags & CONGKAK_SAVE_REPLACE_ANY ? g_strdup (requested) : resolve_links (requested, error);
  if (path == NULL)
    return FALSE;

  exists = g_lstat (path, &old) == 0;
  if (exists && !S_ISREG (old.st_mode) && !(!S_ISDIR (old.st_mode) && flags & CONGKAK_SAVE_REPLACE_ANY))
    {
      g_autoptr (GError) type_error = NULL;

      set_type_error (&type_error, old.st_mode);
      g_set_error (error, G_IO_ERROR, type_error->code, _("The file cannot be saved: %s"), type_error->message);
      return FALSE;
    }
  if (exists && !S_ISREG (old.st_mode))
    exists = FALSE;  /* replacing a link or a pipe: a new file */
  /* A file made read-only says “leave me as I am”; renaming over it would
   * replace it all the same, since that needs only the folder.  Without
   * any write permission it is read-only even to root, as rm(1) sees it. */
  if (exists && !(flags & CONGKAK_SAVE_REPLACE_READ_ONLY)
      && ((old.st_mode & 0222) == 0 || (g_access (path, W_OK) != 0 && errno == EACCES)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                           _("The file cannot be saved: it is read-only, and was left as it was."));
      return FALSE;
    }

  folder = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  congkak_file_clean_stale_temporaries (folder);

  if (strlen (base) > TEMP_NAME_MAX_BASE)
    base[TEMP_NAME_MAX_BASE] = '\0';
  /* New files get the usual permissions (less the umask), existing ones
   * keep theirs.  The lock says to other saves in this folder that this
   * temporary is being written (remove_if_abandoned()); one that was
   * removed before it was locked is made again. */
  for (guint attempt = 0;; attempt++)
    {
      GStatBuf made;

      g_free (temporary);
      {
        g_autofree char *name = g_strdup_printf (".%s" CONGKAK_SAVE_TEMP_INFIX "XXXXXX", base);

        temporary = g_build_filename (folder, name, NULL);
      }
      fd = g_mkstemp_full (temporary, O_RDWR | O_CLOEXEC, exists || flags & CONGKAK_SAVE_PRIVATE ? 0600 : 0666);
      if (fd < 0)
        return set_errno_error (error, errno, WHILE_SAVING);
      if (flock (fd, LOCK_EX) != 0 || fstat (fd, &made) != 0 || made.st_nlink > 0 || attempt == 10)
        break;
      close (fd);
    }

  if (exists)
    {
      /* Best effort: only root may give a file away. */
      if ((old.st_uid != getuid () || old.st_gid != getgid ())
          && fchown (fd, old.st_uid, old.st_gid) != 0)
        {
          /* Keep at least the group if we can. */
          if (fchown (fd, -1, old.st_gid) != 0)
            {
              /* The new file is ours; its permission bits stay the old ones. */
            }
        }
      if (fchmod (fd, old.st_mode & 07777) != 0)
        {
          set_errno_error (error, errno, WHILE_SAVING);
          goto fail;
        }
    }

  if (!write_all (fd, data, length, cancellable, error))
    goto fail;
  if (fsync (fd) != 0)
    {
      set_errno_error (error, errno, WHILE_SAVING);
      goto fail;
    }
  if (close (fd) != 0)
    {
      fd = -1;
      set_errno_error (error, errno, WHILE_SAVING);
      goto fail;
    }
  fd = -1;

  if (exists && flags & CONGKAK_SAVE_BACKUP && !keep_backup (path, cancellable, error))
    goto fail;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto fail;
  if (g_rename (temporary, path) != 0)
    {
      set_errno_error (error, errno, WHILE_SAVING);
      goto fail;
    }

  /* The rename itself reaches the disk with the folder. */
  fd = g_open (folder, O_RDONLY | O_CLOEXEC | O_DIRECTORY, 0);
  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
  /* What a save killed while this one wrote left. */
  congkak_file_clean_stale_temporaries (folder);
  return TRUE;

fail:
  if (fd >= 0)
    close (fd);
  g_unlink (temporary);
  return FALSE;
}

/**
 * congkak_file_replace_contents:
 * @data: (array length=length): the new contents
 * @flags: whether to keep a backup, whether to replace links themselves
 *
 * Saves @data as the whole of @file, atomically: readers and a crash see
 * the old file or the new one, and on any error the old file is kept as
 * it was (see the top of this file).  Every save (Save, autosave, the
 * library, congkak-cli) goes through here.
 *
 * Returns: %TRUE if the new contents are on disk.
 */
gboolean
congkak_file_replace_contents (GFile             *file,
                               const char        *data,
                               gsize              length,
                               CongkakSaveFlags   flags,
                               GCancellable      *cancellable,
                               GError           **error)
{
  const char *path;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = g_file_peek_path (file);
  if (path != NULL)
    return replace_local (path, data, length, flags, cancellable, error);
  /* Not a local file: GIO's own replacing is as safe as the backend allows. */
  return g_file_replace_contents (file, data, length, NULL, (flags & CONGKAK_SAVE_BACKUP) != 0,
                                  G_FILE_CREATE_NONE, NULL, cancellable, error);
}

/**
 * congkak_file_new_for_argument:
 *
 * Returns: (transfer full): the file a command-line argument names: a
 *   URI only when GIO knows its scheme (file:///…) and no file has that
 *   name, otherwise a path, so that a name such as a:b.congkak is that
 *   file in the current folder.
 */
GFile *
congkak_file_new_for_argument (const char *arg)
{
  g_autofree char *scheme = NULL;

  g_return_val_if_fail (arg != NULL, NULL);

  scheme = g_uri_parse_scheme (arg);
  if (scheme != NULL && !g_file_test (arg, G_FILE_TEST_EXISTS)
      && g_strv_contains (g_vfs_get_supported_uri_schemes (g_vfs_get_default ()), scheme))
    return g_file_new_for_uri (arg);
  return g_file_new_for_path (arg);
}
