# shellcheck shell=bash
# Shared set-up for build-aux/run-dev, build-aux/run-tests and build-aux/shell.
#
# The project needs GTK >= 4.18, libadwaita >= 1.7, GLib >= 2.84 and
# json-glib >= 1.10.  Where the system has them, or its package manager can
# install them (apt on Debian 13 and Ubuntu 25.04 or later, dnf on Fedora 42
# or later, pacman on Arch), everything runs directly, after the packages
# of build-aux/packages-{debian,fedora,arch}.txt that are missing are
# installed.  Where it cannot (Debian 12, for example), everything runs
# inside a cached Debian 13 root made with mmdebstrap and entered through an
# unshared mount namespace, so no mount outlives the command.
#
# Whatever needs root (installing packages, making and entering the root)
# goes through sudo, which asks for a password when there is a terminal;
# without one, the scripts print the command to run instead.  Builds and
# tests themselves run as the user who started the script.

set -euo pipefail

CONGKAK_SRCDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CONGKAK_BUILDDIR="$CONGKAK_SRCDIR/_build"
CONGKAK_SUITE=trixie
CONGKAK_ROOT_CACHE=${CONGKAK_ROOT_CACHE:-/var/cache/congkak-build-root}
# The tests of build-aux/ point these at made-up systems.
CONGKAK_OS_RELEASE=${CONGKAK_OS_RELEASE:-/etc/os-release}
CONGKAK_APT_SOURCES=${CONGKAK_APT_SOURCES:-/etc/apt}

congkak_log ()
{
  printf '\033[1m==> %s\033[0m\n' "$*" >&2
}

congkak_die ()
{
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# The packages of build-aux/packages-FAMILY.txt, one a line.
congkak_package_list ()
{
  sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$CONGKAK_SRCDIR/build-aux/packages-$1.txt"
}

# Everything the build, the app and the tests need, as Debian 13 packages.
# Changing the list makes the scripts build a new root (about 3 minutes).
mapfile -t CONGKAK_PACKAGES < <(congkak_package_list debian)

# Whether this is a CI run (.ci/run sets CI), where every test must run:
# a tool that is missing fails instead of skipping.
congkak_in_ci ()
{
  case "${CI:-}" in
    ''|0|false|no) return 1 ;;
    *) return 0 ;;
  esac
}

# Ends a check whose tool is missing: skipped (exit 77) with @reason, or,
# in CI, failed.
congkak_skip_check ()
{
  if congkak_in_ci; then
    printf 'error: %s -- CI runs every check, so it must be installed\n' "$*" >&2
    exit 1
  fi
  printf 'skipped: %s\n' "$*" >&2
  exit 77
}

# One field of os-release, such as ID or VERSION_ID; empty when absent.
congkak_os_field ()
{
  [ -r "$CONGKAK_OS_RELEASE" ] || return 0
  (
    unset ID ID_LIKE VERSION_ID VERSION_CODENAME PRETTY_NAME
    # shellcheck source=/dev/null
    . "$CONGKAK_OS_RELEASE"
    eval "printf '%s\n' \"\${$1:-}\""
  )
}

congkak_os_name ()
{
  local name
  name=$(congkak_os_field PRETTY_NAME)
  printf '%s\n' "${name:-this system}"
}

# Which package list and package manager this system uses: debian, fedora,
# arch, or unknown.  Derivatives count by their ID_LIKE.
congkak_os_family ()
{
  local id
  for id in $(congkak_os_field ID) $(congkak_os_field ID_LIKE); do
    case "$id" in
      debian|ubuntu) echo debian; return ;;
      fedora|rhel) echo fedora; return ;;
      arch|archlinux) echo arch; return ;;
    esac
  done
  echo unknown
}

congkak_os_is_ubuntu ()
{
  local id
  for id in $(congkak_os_field ID) $(congkak_os_field ID_LIKE); do
    [ "$id" = ubuntu ] && return 0
  done
  return 1
}

# Whether version $1 is at least $2 (dotted numbers; an epoch such as "1:"
# and a release such as "-2" are ignored).
congkak_version_at_least ()
{
  local have=${1#*:}
  have=${have%%[-+~]*}
  [ "$(printf '%s\n%s\n' "$2" "$have" | sort -V | head -n 1)" = "$2" ]
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

# The GTK version this system's package manager would install: apt's
# candidate, dnf's newest, pacman's sync database.  Empty when unknown.
congkak_packaged_gtk_version ()
{
  case "$(congkak_os_family)" in
    debian)
      command -v apt-cache >/dev/null 2>&1 || return 0
      apt-cache policy libgtk-4-dev 2>/dev/null | awk '/Candidate:/ && $2 != "(none)" { print $2 }'
      ;;
    fedora)
      command -v dnf >/dev/null 2>&1 || return 0
      dnf repoquery --quiet --latest-limit=1 --queryformat '%{version}\n' gtk4-devel 2>/dev/null | tail -n 1
      ;;
    arch)
      command -v pacman >/dev/null 2>&1 || return 0
      pacman -Si gtk4 2>/dev/null | awk '$1 == "Version" { print $3; exit }'
      ;;
  esac
}

# Whether the system's packages are new enough to build with, once
# installed (a fresh Debian 13, Ubuntu 25.04, Fedora 42, Arch).
congkak_packages_are_new_enough ()
{
  local gtk
  gtk=$(congkak_packaged_gtk_version)
  [ -n "$gtk" ] && congkak_version_at_least "$gtk" 4.18
}

# Runs "$@" as root: directly when we are root, through sudo otherwise.
# sudo asks for a password only when there is a terminal to ask on;
# without one, this fails and the caller says what to run.
congkak_as_root ()
{
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif ! command -v sudo >/dev/null 2>&1; then
    return 1
  elif sudo -n true 2>/dev/null; then
    sudo "$@"
  elif congkak_has_terminal; then
    sudo "$@"
  else
    return 1
  fi
}

# Whether congkak_as_root can work here without asking anything.
congkak_can_be_root ()
{
  [ "$(id -u)" = 0 ] && return 0
  command -v sudo >/dev/null 2>&1 || return 1
  sudo -n true 2>/dev/null && return 0
  congkak_has_terminal
}

# Whether sudo has a terminal to ask for a password on.
congkak_has_terminal ()
{
  { : < /dev/tty; } 2>/dev/null
}

# The packages of "$@" that are not installed, by the system's own
# package database.
congkak_missing_packages ()
{
  local family pkg
  family=$(congkak_os_family)
  for pkg in "$@"; do
    case "$family" in
      debian)
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' \
          || printf '%s\n' "$pkg"
        ;;
      fedora)
        rpm -q --quiet --whatprovides "$pkg" 2>/dev/null || printf '%s\n' "$pkg"
        ;;
      arch)
        pacman -Qq "$pkg" >/dev/null 2>&1 || printf '%s\n' "$pkg"
        ;;
    esac
  done
}

# The command that installs packages "$@" on this system, one word a line.
congkak_install_command ()
{
  case "$(congkak_os_family)" in
    debian) printf '%s\n' apt-get install -y --no-install-recommends "$@" ;;
    # Other Fedora-like systems may lack a package or two: the rest is
    # installed, and the tests that need a missing one say so.
    fedora) printf '%s\n' dnf install -y --skip-unavailable "$@" ;;
    arch) printf '%s\n' pacman -S --needed --noconfirm "$@" ;;
  esac
}

# Installs the packages of this system's list that are missing.  When that
# cannot be done (no sudo, no terminal to ask for a password, the user
# said no), prints the exact command and goes on if the build itself can
# (the tests that need a missing tool say which and are skipped), or stops.
congkak_install_packages ()
{
  local family missing command=()
  family=$(congkak_os_family)
  [ "$family" != unknown ] || return 0
  mapfile -t missing < <(congkak_missing_packages $(congkak_package_list "$family"))
  [ "${#missing[@]}" -gt 0 ] || return 0
  mapfile -t command < <(congkak_install_command "${missing[@]}")

  congkak_log "Installing ${missing[*]}"
  if congkak_can_be_root; then
    if [ "$family" = debian ]; then
      congkak_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq || true
      congkak_as_root env DEBIAN_FRONTEND=noninteractive "${command[@]}" -qq >/dev/null && return 0
    else
      congkak_as_root "${command[@]}" && return 0
    fi
  fi

  printf 'These packages are missing; install them as root:\n  sudo %s\n' "${command[*]}" >&2
  if congkak_system_is_new_enough && ! congkak_in_ci; then
    printf 'Going on without them: the tests that need them say so and are skipped.\n' >&2
    return 0
  fi
  congkak_die "then run this script again"
}

# The Debian mirror to make the root from: CONGKAK_MIRROR when set, or the
# one this machine's apt sources already use, so that the project never
# names a host of its own.  Ubuntu's archive has no Debian 13, so on
# Ubuntu only CONGKAK_MIRROR will do.
congkak_debian_mirror ()
{
  local sources=$CONGKAK_APT_SOURCES files=() file
  if [ -n "${CONGKAK_MIRROR:-}" ]; then
    printf '%s\n' "$CONGKAK_MIRROR"
    return 0
  fi
  if [ "$(congkak_os_family)" != debian ] || congkak_os_is_ubuntu; then
    return 1
  fi
  # In the order apt reads them: sources.list, then sources.list.d by name.
  [ -f "$sources/sources.list" ] && files+=("$sources/sources.list")
  for file in "$sources"/sources.list.d/*; do
    case "$file" in
      *.list|*.sources) [ -f "$file" ] && files+=("$file") ;;
    esac
  done
  [ "${#files[@]}" -gt 0 ] || return 1
  congkak_debian_mirrors_in "${files[@]}" | head -n 1 | grep .
}

# The URIs of Debian's own archive among the apt sources "$@" (one-line
# .list files and deb822 .sources files), the likeliest first.  An entry
# is Debian's when it is signed by Debian's archive keyring, or, unsigned,
# when it serves a Debian release by its codename (or an alias such as
# stable, from a folder called debian) with the component main.  An entry
# signed by another keyring is someone else's (a third party's "stable
# main"); disabled entries, deb-src ones and URIs other than http(s)
# (cdrom:, file:) are left out, and so are the security archive's suites.
congkak_debian_mirrors_in ()
{
  awk '
    BEGIN {
      split("buzz rex bo hamm slink potato woody sarge etch lenny squeeze wheezy jessie stretch buster bullseye bookworm trixie forky duke sid", names, " ")
      for (i in names) codename[names[i]] = 1
      split("oldoldstable oldstable stable testing unstable", names, " ")
      for (i in names) alias[names[i]] = 1
      order = 0
    }
    # Prints "STRENGTH ORDER URI" for each URI of an entry that is Debian'\''s:
    # 1 when signed by Debian'\''s keyring, 2 when only its suites say so.
    function consider(types, uris, suites, components, signed_by, enabled,
                      n, m, i, j, word, uri, has_main, is_deb, strength, ok) {
      if (tolower(enabled) == "no") return
      n = split(types, word, /[ \t]+/); is_deb = 0
      for (i = 1; i <= n; i++) if (word[i] == "deb") is_deb = 1
      if (!is_deb) return
      n = split(components, word, /[ \t]+/); has_main = 0
      for (i = 1; i <= n; i++) if (word[i] == "main") has_main = 1
      # Signed-By names keyrings (or fingerprints), or holds a key itself.
      if (signed_by == "") strength = 2
      else if (signed_by ~ /BEGIN PGP/) return
      else {
        n = split(signed_by, word, /[ \t,]+/); strength = 0
        for (i = 1; i <= n; i++) if (word[i] ~ /\/debian-archive-keyring[^\/]*$/) strength = 1
        if (!strength) return
      }
      n = split(uris, uri, /[ \t]+/)
      for (i = 1; i <= n; i++) {
        if (uri[i] !~ /^https?:\/\/[^\/]/) continue
        ok = 0
        m = split(suites, word, /[ \t]+/)
        for (j = 1; j <= m; j++) {
          if (word[j] in codename) ok = 1
          else if (word[j] in alias && (strength == 1 || uri[i] ~ /\/debian\/?$/)) ok = 1
        }
        if (ok && has_main) print strength, ++order, uri[i]
      }
    }
    function flush_stanza() {
      if (in_stanza) consider(f["types"], f["uris"], f["suites"], f["components"], f["signed-by"], f["enabled"])
      delete f; in_stanza = 0; key = ""
    }
    FNR == 1 { flush_stanza(); deb822 = (FILENAME ~ /\.sources$/) }
    # One-line form: deb [OPTION=VALUE …] URI SUITE [COMPONENT…]
    !deb822 {
      sub(/#.*/, "")
      if ($1 != "deb" && $1 != "deb-src") next
      type = $1; i = 2; signed = ""
      if ($2 ~ /^\[/) {
        options = ""
        for (; i <= NF; i++) { options = options " " $i; if ($i ~ /\]$/) { i++; break } }
        gsub(/[\[\]]/, " ", options)
        n = split(options, word, /[ \t]+/)
        for (j = 1; j <= n; j++)
          if (tolower(word[j]) ~ /^signed-by=/) { signed = word[j]; sub(/^[^=]*=/, "", signed) }
      }
      uri = $i; suite = $(i + 1); components = ""
      for (j = i + 2; j <= NF; j++) components = components " " $j
      consider(type, uri, suite, components, signed, "yes")
      next
    }
    # deb822 form: stanzas of "Field: value" lines, with continuation lines
    # that start with a space, separated by blank lines.
    /^[ \t]*$/ { flush_stanza(); next }
    /^#/ { next }
    /^[ \t]/ { if (key != "") f[key] = f[key] " " $0; next }
    {
      key = tolower($0); sub(/:.*/, "", key)
      value = $0; sub(/^[^:]*:[ \t]*/, "", value)
      f[key] = value; in_stanza = 1
    }
    END { flush_stanza() }
  ' "$@" | LC_ALL=C sort -s -k1,1n -k2,2n | cut -d' ' -f3-
}

# Why this system cannot build, and what to do instead; then stops.
congkak_explain_too_old ()
{
  local os gtk
  os=$(congkak_os_name)
  gtk=$(congkak_packaged_gtk_version)
  {
    printf 'error: Congkak needs GTK >= 4.18, libadwaita >= 1.7, GLib >= 2.84 and json-glib >= 1.10;\n'
    if [ -n "$gtk" ]; then
      printf '%s offers GTK %s.\n' "$os" "$gtk"
    else
      printf '%s has no GTK 4 packages that this script knows of.\n' "$os"
    fi
    printf '\nEither:\n'
    case "$(congkak_os_family)" in
      debian)
        if congkak_os_is_ubuntu; then
          printf '  - upgrade to Ubuntu 25.04 or later, which builds on the system;\n'
        else
          printf '  - upgrade to Debian 13 or later, which builds on the system;\n'
        fi
        ;;
      fedora) printf '  - upgrade to Fedora 42 or later, which builds on the system;\n' ;;
    esac
    printf '  - or build in a Debian 13 root made from a Debian mirror (about 3 minutes,\n'
    printf '    once; it needs mmdebstrap and the Debian archive keyring, and sudo):\n'
    printf '      CONGKAK_MIRROR=<a Debian mirror URL> %s\n' "$(congkak_script_command)"
    printf '  - or build the Flatpak (README.md, "As a Flatpak"), which brings its own GTK.\n'
  } >&2
  exit 1
}

# The command line that started this script, for messages.
congkak_script_command ()
{
  local word line="build-aux/$(basename "$0")"
  for word in "${CONGKAK_SCRIPT_ARGS[@]}"; do
    line+=" $(printf '%q' "$word")"
  done
  printf '%s\n' "$line"
}
CONGKAK_SCRIPT_ARGS=("$@")

congkak_root_dir ()
{
  local key
  key=$(printf '%s\n' "$CONGKAK_SUITE" "${CONGKAK_PACKAGES[@]}" | sha256sum | cut -c1-16)
  printf '%s/%s-%s\n' "$CONGKAK_ROOT_CACHE" "$CONGKAK_SUITE" "$key"
}

congkak_root_is_ready ()
{
  [ -x "$(congkak_root_dir)/usr/bin/meson" ]
}

# Builds the Debian 13 root if it is not there yet; as root (see
# build-aux/make-root, which a normal user's scripts run through sudo).
# It is made in a temporary directory and renamed when complete, so an
# interrupted build never leaves a root that looks finished.
congkak_make_root ()
{
  local root tmp mirror started lock_fd keyring=()
  root=$(congkak_root_dir)
  congkak_root_is_ready && return 0
  [ "$(id -u)" = 0 ] || congkak_die "making the Debian 13 root needs root"

  mirror=$(congkak_debian_mirror) \
    || congkak_die "cannot find a Debian mirror in $CONGKAK_APT_SOURCES; set CONGKAK_MIRROR to the URL of a Debian mirror: CONGKAK_MIRROR=<a Debian mirror URL>"

  # Several commands may start at once (parallel builds, tests): one of
  # them builds the root, the others wait for it.
  mkdir -p "$CONGKAK_ROOT_CACHE"
  exec {lock_fd}>"$CONGKAK_ROOT_CACHE/.lock"
  flock "$lock_fd"
  if congkak_root_is_ready; then
    exec {lock_fd}>&-
    return 0
  fi

  if ! command -v mmdebstrap >/dev/null 2>&1; then
    case "$(congkak_os_family)" in
      debian)
        congkak_log "Installing mmdebstrap"
        env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap debian-archive-keyring >/dev/null
        ;;
      *) congkak_die "mmdebstrap is missing: install it (and the Debian archive keyring) with the system's package manager" ;;
    esac
  fi
  command -v unshare >/dev/null 2>&1 || congkak_die "unshare (util-linux) is missing"
  # Away from Debian, apt's trusted keys are not Debian's: name the
  # keyring that debian-archive-keyring installs.
  if [ ! -d /etc/apt/trusted.gpg.d ] || congkak_os_is_ubuntu; then
    [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] \
      || congkak_die "the Debian archive keyring is missing (/usr/share/keyrings/debian-archive-keyring.gpg): install debian-archive-keyring"
    keyring=(--keyring=/usr/share/keyrings/debian-archive-keyring.gpg)
  fi

  tmp="$root.partial.$$"
  # --one-file-system: an interrupted build can leave /proc, /sys or /dev
  # mounted inside; never delete through them.
  rm -rf --one-file-system "$root".partial.*
  congkak_log "Building a Debian 13 root in $root from $mirror (once; about 3 minutes)"
  started=$(date +%s)
  local pkgs
  pkgs=$(IFS=,; printf '%s' "${CONGKAK_PACKAGES[*]}")
  mmdebstrap --quiet --variant=apt --include="$pkgs" "${keyring[@]}" \
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

# Makes the root if needed: directly as root, through sudo otherwise.
congkak_ensure_root ()
{
  congkak_root_is_ready && return 0
  [ "$(id -u)" = 0 ] && { congkak_make_root; return; }
  if congkak_can_be_root; then
    congkak_log "Making the Debian 13 root needs root privileges: asking sudo"
    congkak_as_root env ${CONGKAK_MIRROR:+CONGKAK_MIRROR="$CONGKAK_MIRROR"} \
      CONGKAK_ROOT_CACHE="$CONGKAK_ROOT_CACHE" "$CONGKAK_SRCDIR/build-aux/make-root" && return 0
  fi
  congkak_die "making the Debian 13 root needs root privileges, and sudo cannot ask for a password without a terminal. Run this once in a terminal, or as root:
  sudo ${CONGKAK_MIRROR:+CONGKAK_MIRROR=$CONGKAK_MIRROR }build-aux/make-root"
}

# Who the commands in the root run as: the user who started the script,
# also when that was through sudo (uid:gid).
congkak_root_user ()
{
  if [ "$(id -u)" = 0 ] && [ -n "${SUDO_UID:-}" ] && [ "${SUDO_UID}" != 0 ]; then
    printf '%s:%s\n' "$SUDO_UID" "${SUDO_GID:-$SUDO_UID}"
  else
    printf '%s:%s\n' "$(id -u)" "$(id -g)"
  fi
}

# Runs "$@" inside the Debian 13 root, with the repository bound at the same
# path, and the caller's X11 and Wayland sockets bound in so that windows
# appear on the caller's display.  Entering needs root (through sudo for a
# normal user); the command itself runs as the user, with a home of its own
# in the root.
congkak_run_in_root ()
{
  local root user home
  root=$(congkak_root_dir)
  user=$(congkak_root_user)
  if [ "${user%%:*}" = 0 ]; then home=/root; else home="/home/congkak-${user%%:*}"; fi
  local wayland_src="" wayland_dst=""
  if [ -n "${WAYLAND_DISPLAY:-}" ] && [ -n "${XDG_RUNTIME_DIR:-}" ] \
     && [ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ]; then
    wayland_src="$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY"
    wayland_dst="/run/congkak-wayland/$WAYLAND_DISPLAY"
  fi
  local xauthority=""
  [ -n "${XAUTHORITY:-}" ] && [ -f "$XAUTHORITY" ] && xauthority=$XAUTHORITY

  if [ "$(id -u)" != 0 ] && ! congkak_can_be_root; then
    congkak_die "entering the Debian 13 root needs root privileges, and sudo cannot ask for a password without a terminal. Run this in a terminal, or as root (the build still runs as you):
  sudo $(congkak_script_command)"
  fi

  congkak_as_root unshare --mount --propagation private -- \
    env ROOT="$root" SRC="$CONGKAK_SRCDIR" WL_SRC="$wayland_src" WL_DST="$wayland_dst" \
        XAUTH="$xauthority" ROOT_USER="$user" ROOT_HOME="$home" \
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
      if [ -n "$XAUTH" ]; then
        mkdir -p "$(dirname "$ROOT$XAUTH")" && touch "$ROOT$XAUTH"
        mount --bind "$XAUTH" "$ROOT$XAUTH"
      fi
      # mmdebstrap leaves no machine id, and a session bus needs one.
      [ -s "$ROOT/var/lib/dbus/machine-id" ] || chroot "$ROOT" dbus-uuidgen --ensure
      # A user of its own in the root, for the programs (dbus-daemon) that
      # look the user up.
      uid=${ROOT_USER%%:*} gid=${ROOT_USER##*:}
      if [ "$uid" != 0 ]; then
        exec 9>>"$ROOT/etc/passwd"
        flock 9
        chroot "$ROOT" getent group "$gid" >/dev/null \
          || printf "congkak-%s:x:%s:\n" "$gid" "$gid" >> "$ROOT/etc/group"
        chroot "$ROOT" getent passwd "$uid" >/dev/null \
          || printf "congkak-%s:x:%s:%s::%s:/bin/bash\n" "$uid" "$uid" "$gid" "$ROOT_HOME" >> "$ROOT/etc/passwd"
        exec 9>&-
      fi
      if [ ! -d "$ROOT$ROOT_HOME" ]; then
        mkdir -p "$ROOT$ROOT_HOME"
        chown "$ROOT_USER" "$ROOT$ROOT_HOME"
      fi
      exec chroot --userspec="$ROOT_USER" "$ROOT" "$@"
    ' congkak-root \
    env -i \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      HOME="$home" TERM="${TERM:-dumb}" LANG=C.UTF-8 \
      ${DISPLAY:+DISPLAY="$DISPLAY"} \
      ${xauthority:+XAUTHORITY="$xauthority"} \
      ${wayland_dst:+WAYLAND_DISPLAY="$wayland_dst"} \
      ${CI:+CI="$CI"} \
      ${CONGKAK_TEST_SLOW:+CONGKAK_TEST_SLOW="$CONGKAK_TEST_SLOW"} \
      ${CONGKAK_FUZZ_SECONDS:+CONGKAK_FUZZ_SECONDS="$CONGKAK_FUZZ_SECONDS"} \
      bash -c 'cd "$0" && exec "$@"' "$CONGKAK_SRCDIR" "$@"
}

# Decides once where this machine builds, "system" or "root", in
# CONGKAK_ENVIRONMENT, and makes it ready.
congkak_choose_environment ()
{
  if congkak_system_is_new_enough || congkak_packages_are_new_enough; then
    CONGKAK_ENVIRONMENT=system
  elif congkak_root_is_ready || congkak_debian_mirror >/dev/null; then
    CONGKAK_ENVIRONMENT=root
  else
    congkak_explain_too_old
  fi
}

congkak_prepare_environment ()
{
  congkak_choose_environment
  if [ "$CONGKAK_ENVIRONMENT" = system ]; then
    congkak_install_packages
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
    congkak_run meson setup "$CONGKAK_BUILDDIR" "$CONGKAK_SRCDIR" -Dprofile=development -Dwerror=true
    # Written in the build environment, as the user who builds.
    congkak_run sh -c 'printf "%s\n" "$1" > "$2"' sh "$id" "$stamp"
  fi
  congkak_run meson compile -C "$CONGKAK_BUILDDIR"
}
