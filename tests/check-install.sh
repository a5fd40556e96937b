#!/bin/sh
# Installs the build into a temporary folder with `meson install --destdir`
# and checks the tree file by file: every file that must be there is, and
# nothing else is.
#   check-install.sh BUILDDIR SRCDIR PREFIX BINDIR DATADIR LOCALEDIR APPLICATION-ID MANDIR PROJECT-ID
# The directories after PREFIX are meson's options, relative to PREFIX.
# APPLICATION-ID is PROJECT-ID, or PROJECT-ID.Devel in a development build:
# it names what belongs to the app (desktop file, icon, settings), the
# project's id what both share (the guide, the formats' schemas).
# meson test builds everything first, so the install does not rebuild.
set -eu

if [ "$#" -ne 9 ]; then
  echo "usage: $0 BUILDDIR SRCDIR PREFIX BINDIR DATADIR LOCALEDIR APPLICATION-ID MANDIR PROJECT-ID" >&2
  exit 2
fi
builddir=$1 srcdir=$2 prefix=$3 bindir=$4 datadir=$5 localedir=$6 app_id=$7 mandir=$8 project_id=$9

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# A log of its own, so that this does not race meson's install log.
if ! meson install -C "$builddir" --destdir "$tmp/root" --no-rebuild --quiet \
     > "$tmp/install.log" 2>&1; then
  cat "$tmp/install.log" >&2
  echo "meson install failed" >&2
  exit 1
fi

# Paths relative to the destination root.
rel ()
{
  case "$1" in
    /*) printf '%s\n' "${1#/}" ;;
    *) printf '%s/%s\n' "${prefix#/}" "$1" ;;
  esac
}
bin=$(rel "$bindir")
share=$(rel "$datadir")
locale=$(rel "$localedir")
man=$(rel "$mandir")

expected="$tmp/expected"
{
  printf '%s\n' \
    "$bin/congkak" \
    "$bin/congkak-cli" \
    "$share/applications/$app_id.desktop" \
    "$share/metainfo/$app_id.metainfo.xml" \
    "$share/icons/hicolor/scalable/apps/$app_id.svg" \
    "$share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" \
    "$share/glib-2.0/schemas/$app_id.gschema.xml" \
    "$share/mime/packages/$app_id.xml" \
    "$share/congkak/$project_id.match.schema.json" \
    "$share/thumbnailers/$app_id.thumbnailer" \
    "$man/man1/congkak-cli.1" \
    "$share/congkak/$project_id.puzzles.schema.json"

  # The user guide, in C and in every language of help/LINGUAS.
  for lang in C $(sed 's/#.*//' "$srcdir/help/LINGUAS"); do
    for page in "$srcdir"/help/C/*.page; do
      printf '%s\n' "$share/help/$lang/$project_id/$(basename "$page")"
    done
    # The figures; a language without its own links to those of C.
    for figure in "$srcdir"/help/C/figures/*.svg; do
      [ -e "$figure" ] && printf '%s\n' "$share/help/$lang/$project_id/figures/$(basename "$figure")"
    done
  done

  # The app's translations, one for every language of po/LINGUAS.
  for lang in $(sed 's/#.*//' "$srcdir/po/LINGUAS"); do
    printf '%s\n' "$locale/$lang/LC_MESSAGES/congkak.mo"
  done
} | sort > "$expected"

(cd "$tmp/root" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort) > "$tmp/installed"

status=0
missing=$(comm -23 "$expected" "$tmp/installed")
if [ -n "$missing" ]; then
  echo "not installed:" >&2
  printf '  %s\n' $missing >&2
  status=1
fi
extra=$(comm -13 "$expected" "$tmp/installed")
if [ -n "$extra" ]; then
  echo "installed, but not expected (add them to tests/check-install.sh if they belong):" >&2
  printf '  %s\n' $extra >&2
  status=1
fi

for program in "$bin/congkak" "$bin/congkak-cli"; do
  if [ -f "$tmp/root/$program" ] && [ ! -x "$tmp/root/$program" ]; then
    echo "$program is not executable" >&2
    status=1
  fi
done

# The installed desktop file names the installed program and icon.
desktop="$tmp/root/$share/applications/$app_id.desktop"
if [ -f "$desktop" ]; then
  grep -qx "Exec=congkak %U" "$desktop" \
    || { echo "the desktop file does not run congkak" >&2; status=1; }
  grep -qx "Icon=$app_id" "$desktop" \
    || { echo "the desktop file's icon is not $app_id" >&2; status=1; }
  grep -qx "MimeType=application/x-congkak-match;text/x-oware-ogn;" "$desktop" \
    || { echo "the desktop file does not open application/x-congkak-match and Aualé's text/x-oware-ogn" >&2; status=1; }
fi

# The installed metadata as software centres see it: the metainfo, its
# desktop file and its icon together.
if command -v appstreamcli >/dev/null 2>&1; then
  if ! appstreamcli validate-tree --no-net "$tmp/root/${prefix#/}" > "$tmp/validate.log" 2>&1; then
    cat "$tmp/validate.log" >&2
    echo "appstreamcli validate-tree found problems in the installed tree" >&2
    status=1
  fi
fi

if [ "$status" = 0 ]; then
  echo "ok: $(wc -l < "$tmp/installed") files installed, as expected:"
  sed 's/^/  /' "$tmp/installed"
fi
exit "$status"
