#!/bin/sh
# Checks the MIME type package given as $1 by compiling it on its own, as
# update-mime-database does on installation, into a temporary data directory.
# Exits 77 (skipped) when update-mime-database is not installed.
set -eu

if [ "$#" -ne 1 ]; then
  echo "usage: $0 MIME-PACKAGE.xml" >&2
  exit 2
fi

if ! command -v update-mime-database >/dev/null 2>&1; then
  echo "update-mime-database not found; skipping"
  exit 77
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
