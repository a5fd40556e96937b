#!/bin/sh
# Checks the MIME type package given as $1 by compiling it on its own, as
# update-mime-database does on installation, into a temporary data directory.
# With the desktop file as $2, also asks GIO which type a *.congkak file has
# and which application opens it, with only that data directory in sight.
# Exits 77 (skipped) when update-mime-database is not installed, or fails in CI.
set -eu

if [ "$#" -lt 1 ] || [ "$#" -gt 2 ]; then
  echo "usage: $0 MIME-PACKAGE.xml [DESKTOP-FILE]" >&2
  exit 2
fi

if ! command -v update-mime-database >/dev/null 2>&1; then
  exec "$(dirname "$0")/../tests/missing-tool.sh" "update-mime-database is missing (package shared-mime-info)"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

mime="$tmp/mime"
mkdir -p "$mime/packages"
cp "$1" "$mime/packages/"
# -V reports every problem with the package. The data directory is put on
# XDG_DATA_DIRS so that update-mime-database does not warn that applications
# will not find the database there.
XDG_DATA_DIRS="$tmp:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
  update-mime-database -V "$mime"

if ! grep -qE '^[0-9]+:application/x-congkak-match:\*\.congkak$' "$mime/globs2"; then
  echo "globs2 does not map *.congkak to application/x-congkak-match:" >&2
  cat "$mime/globs2" >&2
  exit 1
fi
if ! grep -qx 'application/x-congkak-match application/json' "$mime/subclasses"; then
  echo "subclasses does not make application/x-congkak-match a kind of application/json:" >&2
  cat "$mime/subclasses" >&2
  exit 1
fi
echo "ok: *.congkak is application/x-congkak-match, a kind of application/json"

if [ "$#" -lt 2 ]; then
  exit 0
fi
if ! command -v gio >/dev/null 2>&1; then
  echo "gio not found; not asking GIO"
  exit 0
fi

# GIO reads the database from XDG_DATA_HOME and XDG_DATA_DIRS; the system
# one stays in sight (for application/json), the user's does not.
mkdir -p "$tmp/applications" "$tmp/home" "$tmp/bin"
cp "$2" "$tmp/applications/"
# GIO ignores a desktop file whose program is not on PATH.
printf '#!/bin/sh\nexit 0\n' > "$tmp/bin/congkak"
chmod +x "$tmp/bin/congkak"
printf '{ "format": "congkak-match 1.0" }\n' > "$tmp/match.congkak"

run_gio ()
{
  env XDG_DATA_HOME="$tmp/home" XDG_DATA_DIRS="$tmp:/usr/local/share:/usr/share" \
      XDG_CONFIG_HOME="$tmp/home" XDG_CONFIG_DIRS="$tmp" \
      PATH="$tmp/bin:$PATH" GIO_USE_VFS=local \
      gio "$@"
}

type=$(run_gio info --attributes=standard::content-type "$tmp/match.congkak" \
       | sed -n 's/^ *standard::content-type: //p')
if [ "$type" != application/x-congkak-match ]; then
  echo "gio info gives a .congkak file the type '$type', not application/x-congkak-match" >&2
  exit 1
fi
echo "ok: gio info says a .congkak file is application/x-congkak-match"

# As on installation, update-desktop-database indexes the desktop files by
# type; GIO finds applications for a type through that index.
if ! command -v update-desktop-database >/dev/null 2>&1; then
  echo "update-desktop-database not found; not asking GIO for the application"
  exit 0
fi
update-desktop-database "$tmp/applications"

desktop_id=$(basename "$2")
apps=$(run_gio mime application/x-congkak-match)
if ! printf '%s\n' "$apps" | grep -qF "$desktop_id"; then
  echo "gio mime does not offer $desktop_id for application/x-congkak-match:" >&2
  printf '%s\n' "$apps" >&2
  exit 1
fi
echo "ok: gio mime offers $desktop_id for application/x-congkak-match"
