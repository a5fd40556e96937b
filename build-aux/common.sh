# shellcheck shell=bash
# Shared set-up for build-aux/run-dev, build-aux/run-tests and build-aux/shell.
#
# The project needs GTK >= 4.18, libadwaita >= 1.7, GLib >= 2.84 and
# json-glib >= 1.10.  When the system has them, everything runs directly
# (missing Debian/Ubuntu packages are installed with apt when we are root or
# sudo works).  When it does not (Debian 12, for example), everything runs
# inside a cached Debian 13 root made with mmdebstrap and entered through an
# unshared mount namespace, so no mount outlives the command.

set -euo pipefail

CONGKAK_SRCDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CONGKAK_BUILDDIR="$CONGKAK_SRCDIR/_build"
CONGKAK_SUITE=trixie
CONGKAK_ROOT_CACHE=${CONGKAK_ROOT_CACHE:-/var/cache/congkak-build-root}

# Everything the build, the app and the tests need, as Debian 13 packages.
# Changing this list makes the scripts build a new root (about 3 minutes).
CONGKAK_PACKAGES=(
  adwaita-icon-theme
  appstream
  at-spi2-core
  build-essential
  clang
  dbus
  dbus-x11
  desktop-file-utils
  flatpak-builder
  fonts-dejavu-core
  gettext
  gsettings-desktop-schemas
  imagemagick
  itstool
  libadwaita-1-dev
  libclang-rt-19-dev
  libglib2.0-bin
  libglib2.0-dev-bin
  libgtk-4-bin
  libgtk-4-dev
  libjson-glib-dev
  librsvg2-bin
  librsvg2-common
  meson
  ninja-build
  pkgconf
  poppler-utils
  python3-dogtail
  python3-jsonschema
  python3-pyatspi
  shared-mime-info
  valgrind
  x11-utils
  xauth
  xdg-utils
  xvfb
  yelp-tools
)

congkak_log ()
{
  printf '\033[1m==> %s\033[0m\n' "$*" >&2
}

congkak_die ()
{
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# Whether the libraries and tools on this system are new enough to build
# directly, without the Debian 13 root.
congkak_system_is_new_enough ()
{
  command -v pkg-config >/dev/null 2>&1 || return 1
  command -v meson >/dev/null 2>&1 || return 1
  pkg-config --atleast-version=4.18 gtk4 2>/dev/null || return 1
  pkg-config --atleast-version=1.7 libadwaita-1 2>/dev/null || return 1
  pkg-config --atleast-version=2.84 glib-2.0 2>/dev/null || return 1
  pkg-config --atleast-version=1.10 json-glib-1.0 2>/dev/null || return 1
  return 0
}

# Whether the system's own package versions are new enough, judged by the
# candidate version apt would install (so a fresh Debian 13 or Ubuntu 25.04
# installs the packages and builds directly).
congkak_apt_candidates_are_new_enough ()
{
  command -v apt-cache >/dev/null 2>&1 || return 1
  local gtk
  gtk=$(apt-cache policy libgtk-4-dev 2>/dev/null | awk '/Candidate:/ { print $2 }')
  [ -n "$gtk" ] && [ "$gtk" != "(none)" ] || return 1
  dpkg --compare-versions "$gtk" ge 4.18
}

congkak_as_root ()
{
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo "$@"
  else
    return 1
  fi
}

congkak_missing_packages ()
{
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' \
      || printf '%s\n' "$pkg"
  done
}

congkak_apt_install ()
{
  local missing
  mapfile -t missing < <(congkak_missing_packages "$@")
  [ "${#missing[@]}" -gt 0 ] || return 0
  congkak_log "Installing ${missing[*]}"
  if ! congkak_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
     || ! congkak_as_root env DEBIAN_FRONTEND=noninteractive \
          apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    printf 'Please install these packages and run this script again:\n  %s\n' "${missing[*]}" >&2
    exit 1
  fi
}

# The Debian mirror this machine's apt sources already use, so that the
# project never names a host of its own.
congkak_debian_mirror ()
{
  local mirror=""
  if [ -d /etc/apt/sources.list.d ]; then
    mirror=$(awk '
      /^URIs:/ { uri = $2 }
      /^Suites:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { if (uri != "") { print uri; exit } } }
    ' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)
  fi
  if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
    mirror=$(awk '$1 == "deb" && $3 !~ /security/ && $2 ~ /debian/ { print $2; exit }' /etc/apt/sources.list)
  fi
  [ -n "$mirror" ] || congkak_die "cannot find a Debian mirror in /etc/apt; set CONGKAK_MIRROR"
  printf '%s\n' "${CONGKAK_MIRROR:-$mirror}"
}

congkak_root_dir ()
{
  local key
  key=$(printf '%s\n' "$CONGKAK_SUITE" "${CONGKAK_PACKAGES[@]}" | sha256sum | cut -c1-16)
  printf '%s/%s-%s\n' "$CONGKAK_ROOT_CACHE" "$CONGKAK_SUITE" "$key"
}

# Builds the Debian 13 root if it is not there yet.  It is made in a
# temporary directory and renamed when complete, so an interrupted build
# never leaves a root that looks finished.
congkak_ensure_root ()
{
  local root tmp mirror started lock_fd
  root=$(congkak_root_dir)
  [ -x "$root/usr/bin/meson" ] && return 0

  # Several commands may start at once (parallel builds, tests): one of
  # them builds the root, the others wait for it.
  mkdir -p "$CONGKAK_ROOT_CACHE"
  exec {lock_fd}>"$CONGKAK_ROOT_CACHE/.lock"
  flock "$lock_fd"
  if [ -x "$root/usr/bin/meson" ]; then
    exec {lock_fd}>&-
    return 0
  fi

  [ "$(id -u)" = 0 ] || congkak_die "this system's GTK is older than 4.18; building in a Debian 13 root needs root (run as root, or install GTK >= 4.18, libadwaita >= 1.7, GLib >= 2.84 and json-glib >= 1.10)"
  command -v mmdebstrap >/dev/null 2>&1 || congkak_apt_install mmdebstrap
  command -v unshare >/dev/null 2>&1 || congkak_apt_install util-linux

  mirror=$(congkak_debian_mirror)
  mkdir -p "$CONGKAK_ROOT_CACHE"
  tmp="$root.partial.$$"
  # --one-file-system: an interrupted build can leave /proc, /sys or /dev
  # mounted inside; never delete through them.
  rm -rf --one-file-system "$root".partial.*
  congkak_log "Building a Debian 13 root in $root (once; about 3 minutes)"
  started=$(date +%s)
  local pkgs
  pkgs=$(IFS=,; printf '%s' "${CONGKAK_PACKAGES[*]}")
  mmdebstrap --quiet --variant=apt --include="$pkgs" \
    --customize-hook='chroot "$1" dbus-uuidgen --ensure' \
    "$CONGKAK_SUITE" "$tmp" "$mirror" >&2
  mv "$tmp" "$root"
  congkak_log "Debian 13 root ready in $(( $(date +%s) - started )) s"

  # Older roots made from another package list are no longer used.
  local old
  for old in "$CONGKAK_ROOT_CACHE"/"$CONGKAK_SUITE"-*; do
    [ "$old" = "$root" ] || rm -rf --one-file-system "$old"
  done
  exec {lock_fd}>&-
}

# Runs "$@" inside the Debian 13 root, with the repository bound at the same
# path, and the caller's X11 and Wayland sockets bound in so that windows
# appear on the caller's display.
congkak_run_in_root ()
{
  local root
  root=$(congkak_root_dir)
  local wayland_src="" wayland_dst=""
  if [ -n "${WAYLAND_DISPLAY:-}" ] && [ -n "${XDG_RUNTIME_DIR:-}" ] \
     && [ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ]; then
    wayland_src="$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY"
    wayland_dst="/run/congkak-wayland/$WAYLAND_DISPLAY"
  fi

  unshare --mount --propagation private -- \
    env ROOT="$root" SRC="$CONGKAK_SRCDIR" WL_SRC="$wayland_src" WL_DST="$wayland_dst" \
    bash -euc '
      mount --rbind /dev "$ROOT/dev"
      mount -t proc proc "$ROOT/proc"
      mount --rbind /sys "$ROOT/sys"
      mkdir -p "$ROOT$SRC"
      mount --bind "$SRC" "$ROOT$SRC"
      # Sibling folders (such as ../shared) are read by some tests and scripts.
      parent=$(dirname "$SRC")
      for sibling in "$parent"/*; do
        [ -d "$sibling" ] && [ "$sibling" != "$SRC" ] || continue
        mkdir -p "$ROOT$sibling" && mount --bind "$sibling" "$ROOT$sibling" || true
      done
      if [ -d /tmp/.X11-unix ]; then
        mkdir -p "$ROOT/tmp/.X11-unix"
        mount --bind /tmp/.X11-unix "$ROOT/tmp/.X11-unix"
      fi
      if [ -n "$WL_SRC" ]; then
        mkdir -p "$(dirname "$ROOT$WL_DST")" && touch "$ROOT$WL_DST"
        mount --bind "$WL_SRC" "$ROOT$WL_DST"
      fi
      # mmdebstrap leaves no machine id, and a session bus needs one.
      [ -s "$ROOT/var/lib/dbus/machine-id" ] || chroot "$ROOT" dbus-uuidgen --ensure
      exec chroot "$ROOT" "$@"
    ' congkak-root \
    env -i \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/root TERM="${TERM:-dumb}" LANG=C.UTF-8 \
      ${DISPLAY:+DISPLAY="$DISPLAY"} \
      ${XAUTHORITY:+XAUTHORITY="$XAUTHORITY"} \
      ${wayland_dst:+WAYLAND_DISPLAY="$wayland_dst"} \
      ${CI:+CI="$CI"} \
      ${CONGKAK_TEST_SLOW:+CONGKAK_TEST_SLOW="$CONGKAK_TEST_SLOW"} \
      bash -c 'cd "$0" && exec "$@"' "$CONGKAK_SRCDIR" "$@"
}

# Decides once where this machine builds: "system" or "root".
congkak_prepare_environment ()
{
  if congkak_system_is_new_enough; then
    CONGKAK_ENVIRONMENT=system
  elif congkak_apt_candidates_are_new_enough && congkak_as_root true 2>/dev/null; then
    CONGKAK_ENVIRONMENT=system
  else
    CONGKAK_ENVIRONMENT=root
  fi

  if [ "$CONGKAK_ENVIRONMENT" = system ]; then
    if command -v dpkg-query >/dev/null 2>&1; then
      congkak_apt_install "${CONGKAK_PACKAGES[@]}"
    fi
    congkak_system_is_new_enough \
      || congkak_die "GTK >= 4.18, libadwaita >= 1.7, GLib >= 2.84, json-glib >= 1.10 and meson are needed"
  else
    congkak_ensure_root
  fi
}

# Runs a command in the build environment chosen above.
congkak_run ()
{
  if [ "$CONGKAK_ENVIRONMENT" = system ]; then
    (cd "$CONGKAK_SRCDIR" && "$@")
  else
    congkak_run_in_root "$@"
  fi
}

# Configures _build (again, if it was made in another environment) and
# compiles.
congkak_build ()
{
  local stamp="$CONGKAK_BUILDDIR/.congkak-environment" id
  if [ "$CONGKAK_ENVIRONMENT" = system ]; then id=system; else id=$(basename "$(congkak_root_dir)"); fi
  if [ -d "$CONGKAK_BUILDDIR" ] && [ "$(cat "$stamp" 2>/dev/null)" != "$id" ]; then
    congkak_log "Build directory was made elsewhere; configuring it afresh"
    rm -rf "$CONGKAK_BUILDDIR"
  fi
  if [ ! -f "$CONGKAK_BUILDDIR/build.ninja" ]; then
    congkak_run meson setup "$CONGKAK_BUILDDIR" "$CONGKAK_SRCDIR" -Dprofile=development
    printf '%s\n' "$id" > "$stamp"
  fi
  congkak_run meson compile -C "$CONGKAK_BUILDDIR"
}
