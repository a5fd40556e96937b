#!/bin/sh
# Checks the MIME type package given as $1 by compiling it on its own, as
# update-mime-database does on installation, into a temporary data directory.
# With the desktop file as $2, also asks GIO which type a *.congkak file and
# an Aualé *.ogn file have and which application opens them, with only
# that data directory in sight.
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
if ! grep -qE '^[0-9]+:text/x-oware-ogn:\*\.ogn$' "$mime/globs2"; then
  echo "globs2 does not map *.ogn to text/x-oware-ogn (Aualé's type):" >&2
  cat "$mime/globs2" >&2
  exit 1
fi
if ! grep -qx 'text/x-oware-ogn text/plain' "$mime/subclasses"; then
  echo "subclasses does not make text/x-oware-ogn a kind of text/plain, as Aualé does:" >&2
  cat "$mime/subclasses" >&2
  exit 1
fi
echo "ok: *.ogn is text/x-oware-ogn, a kind of text/plain, as Aualé registers it"

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
printf '[Variant "Oware Abapa"]\n\n1. A a *\n' > "$tmp/match.ogn"

run_gio ()
{
  env XDG_DATA_HOME="$tmp/home" XDG_DATA_DIRS="$tmp:/usr/local/share:/usr/share" \
      XDG_CONFIG_HOME="$tmp/home" XDG_CONFIG_DIRS="$tmp" \
      PATH="$tmp/bin:$PATH" GIO_USE_VFS=local \
      gio "$@"
}

# Each match file's type, and the desktop file among the applications GIO
# offers for it.
check_type ()
{
  local file=$1 expected=$2 type
  type=$(run_gio info --attributes=standard::content-type "$tmp/$file" \
         | sed -n 's/^ *standard::content-type: //p')
  if [ "$type" != "$expected" ]; then
    echo "gio info gives $file the type '$type', not $expected" >&2
    exit 1
  fi
  echo "ok: gio info says $file is $expected"
}
check_type match.congkak application/x-congkak-match
check_type match.ogn text/x-oware-ogn

# As on installation, update-desktop-database indexes the desktop files by
# type; GIO finds applications for a type through that index.
if ! command -v update-desktop-database >/dev/null 2>&1; then
  echo "update-desktop-database not found; not asking GIO for the application"
  exit 0
fi
update-desktop-database "$tmp/applications"

desktop_id=$(basename "$2")
for type in application/x-congkak-match text/x-oware-ogn; do
  apps=$(run_gio mime "$type")
  if ! printf '%s\n' "$apps" | grep -qF "$desktop_id"; then
    echo "gio mime does not offer $desktop_id for $type:" >&2
    printf '%s\n' "$apps" >&2
    exit 1
  fi
  echo "ok: gio mime offers $desktop_id for $type"
done
