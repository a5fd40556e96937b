# shellcheck shell=bash
# Shared set-up for build-aux/run-dev, build-aux/run-tests and build-aux/shell.
#
# The project needs GTK >= 4.18, libadwaita >= 1.7, GLib >= 2.84,
# json-glib >= 1.10, libsoup >= 3.6 and GnuTLS >= 3.8.  Where the system has them, or its package manager can
# install them (apt on Debian 13 and Ubuntu 25.04 or later, dnf on Fedora 42
# or later, pacman on Arch), everything runs directly, after the packages
# of build-aux/packages-{debian,fedora,arch}{,-tests}.txt that are missing are
# installed.  Where it cannot (Debian 12, for example), everything runs
# inside a cached Debian 13 root made with mmdebstrap and entered through an
# unshared mount namespace, so no mount outlives the command.
#
# Whatever needs root (installing packages, and making and entering the
# root for root itself or where user namespaces are not available) goes
# through sudo, which asks for a password when there is a terminal; without
# one, the scripts print the command to run instead.  A normal user makes
# and enters a Debian 13 root of their own without root at all, through
# user namespaces (mmdebstrap --mode=unshare, unshare --user).  Builds and
# tests themselves run as the user who started the script, or, as root,
# as the owner of the checkout.

set -euo pipefail

CONGKAK_SRCDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CONGKAK_BUILDDIR="$CONGKAK_SRCDIR/_build"
CONGKAK_SUITE=trixie
# Where the Debian 13 roots are kept when CONGKAK_ROOT_CACHE does not say:
# root's (and sudo's) in /var/cache, a normal user's own in their cache.
CONGKAK_USER_ROOT_CACHE="${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/congkak-build-root"
# The tests of build-aux/ point these at made-up systems.
CONGKAK_SHARED_ROOT_CACHE=${CONGKAK_SHARED_ROOT_CACHE:-/var/cache/congkak-build-root}
CONGKAK_OS_RELEASE=${CONGKAK_OS_RELEASE:-/etc/os-release}
CONGKAK_APT_SOURCES=${CONGKAK_APT_SOURCES:-/etc/apt}
CONGKAK_APT_LISTS=${CONGKAK_APT_LISTS:-/var/lib/apt/lists}
CONGKAK_PACMAN_SYNC=${CONGKAK_PACMAN_SYNC:-/var/lib/pacman/sync}
CONGKAK_SUBUID=${CONGKAK_SUBUID:-/etc/subuid}
CONGKAK_SUBGID=${CONGKAK_SUBGID:-/etc/subgid}

congkak_log ()
{
  printf '\033[1m==> %s\033[0m\n' "$*" >&2
}

congkak_die ()
{
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# The packages of build-aux/packages-LIST.txt, one a line: LIST is FAMILY
# (building and running the app) or FAMILY-tests (the test tools).
congkak_package_list ()
{
  sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$CONGKAK_SRCDIR/build-aux/packages-$1.txt"
}

# Everything the build, the app and the tests need, as Debian 13 packages,
# in one order whichever list a package is in: the Debian 13 root holds
# them all.  Changing the lists makes the scripts build a new root (about
# 3 minutes).
mapfile -t CONGKAK_PACKAGES < <({ congkak_package_list debian; congkak_package_list debian-tests; } | LC_ALL=C sort -u)

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

# The IDs of this system and of those it is like, read once.
CONGKAK_OS_IDS="$(congkak_os_field ID) $(congkak_os_field ID_LIKE)"

# Which package list and package manager this system uses: debian, fedora,
# arch, or unknown.  Derivatives count by their ID_LIKE.
congkak_os_family ()
{
  local id
  for id in $CONGKAK_OS_IDS; do
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
  for id in $CONGKAK_OS_IDS; do
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
  pkg-config --atleast-version=3.6 libsoup-3.0 2>/dev/null || return 1
  pkg-config --atleast-version=3.8 gnutls 2>/dev/null || return 1
  return 0
}

# Whether the package index that the decisions read is missing or more than
# a day old: apt's lists, or pacman's sync databases.  (dnf refreshes its
# own metadata when it expires.)
congkak_package_index_is_stale ()
{
  local dir pattern
  case "$(congkak_os_family)" in
    debian) dir=$CONGKAK_APT_LISTS pattern='*_Packages*' ;;
    arch) dir=$CONGKAK_PACMAN_SYNC pattern='*.db' ;;
    *) return 1 ;;
  esac
  [ -n "$(find "$dir" -maxdepth 1 -name "$pattern" -mmin -1440 2>/dev/null | head -n 1)" ] && return 1
  return 0
}

# Brings apt's lists up to date when they are missing or more than a day
# old (once a run), so that what apt offers is judged on today's archive.
# Without root, says so and goes on with what there is.  pacman's database
# is never synced alone (a partial upgrade breaks Arch): the install step
# says to run pacman -Syu instead.
congkak_refresh_package_index ()
{
  [ -z "${CONGKAK_INDEX_REFRESHED:-}" ] || return 0
  CONGKAK_INDEX_REFRESHED=1
  [ "$(congkak_os_family)" = debian ] && command -v apt-get >/dev/null 2>&1 || return 0
  congkak_package_index_is_stale || return 0
  if congkak_can_be_root; then
    congkak_log "apt's package lists are missing or more than a day old: apt-get update"
    congkak_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq && return 0
    printf 'warning: apt-get update failed (exit %s, its messages are above): going on with the lists there are\n' "$?" >&2
  else
    printf 'warning: apt'\''s package lists are missing or more than a day old, and updating them needs root (%s): going on without; to update them, run:\n  sudo apt-get update\n' \
      "$(congkak_why_not_root)" >&2
  fi
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

# Whether this release ships new enough packages, by os-release alone: for
# when the package index cannot say (missing, and no root to update it).
congkak_release_is_new_enough ()
{
  local version
  version=$(congkak_os_field VERSION_ID)
  case "$(congkak_os_family)" in
    debian)
      if congkak_os_is_ubuntu; then
        [ -n "$version" ] && congkak_version_at_least "$version" 25.04
      else
        # Debian testing and unstable have no VERSION_ID; they are newer.
        [ -z "$version" ] || congkak_version_at_least "$version" 13
      fi
      ;;
    fedora) [ -n "$version" ] && congkak_version_at_least "$version" 42 ;;
    arch) return 0 ;;
    *) return 1 ;;
  esac
}

# Whether the system's packages are new enough to build with, once
# installed (a fresh Debian 13, Ubuntu 25.04, Fedora 42, Arch): by the
# package index, refreshed first when stale, or by the release when the
# index knows no GTK.
congkak_packages_are_new_enough ()
{
  local gtk
  congkak_refresh_package_index
  gtk=$(congkak_packaged_gtk_version)
  if [ -n "$gtk" ]; then
    congkak_version_at_least "$gtk" 4.18
  else
    congkak_release_is_new_enough
  fi
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

# Why congkak_as_root cannot work here, for messages.
congkak_why_not_root ()
{
  if ! command -v sudo >/dev/null 2>&1; then
    echo "sudo is not installed"
  else
    echo "sudo needs a password, and there is no terminal to ask for it on"
  fi
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

# Installs the packages of this system's lists "$@" (build: building and
# running the app; tests: the test tools) that are missing.  When that
# cannot be done (no sudo, no terminal to ask for a password, the user
# said no, the package manager failed), prints why and the exact command,
# and goes on if the build itself can (the tests that need a missing tool
# say which and are skipped; in CI a missing test tool stops the run), or
# stops.
congkak_install_packages ()
{
  local family set missing=() missing_tools=() command=() status
  family=$(congkak_os_family)
  [ "$family" != unknown ] || return 0
  for set in "$@"; do
    if [ "$set" = tests ]; then
      mapfile -t -O "${#missing_tools[@]}" missing_tools < <(congkak_missing_packages $(congkak_package_list "$family-tests"))
    else
      mapfile -t -O "${#missing[@]}" missing < <(congkak_missing_packages $(congkak_package_list "$family"))
    fi
  done
  [ "$(( ${#missing[@]} + ${#missing_tools[@]} ))" -gt 0 ] || return 0
  mapfile -t command < <(congkak_install_command "${missing[@]}" "${missing_tools[@]}")

  if [ "$family" = arch ] && congkak_package_index_is_stale; then
    # Installing from a stale database can fail or half-upgrade; syncing
    # it alone (pacman -Sy) breaks the system.  Only the user should start
    # a full upgrade.
    printf 'pacman'\''s package database is missing or more than a day old, so these packages\nare installed with a full upgrade of the system:\n  sudo %s\n' \
      "pacman -Syu --needed ${missing[*]} ${missing_tools[*]}" >&2
  elif congkak_can_be_root; then
    congkak_log "Installing ${missing[*]} ${missing_tools[*]}"
    [ "$family" = debian ] && congkak_refresh_package_index
    if [ "$family" = debian ]; then
      congkak_as_root env DEBIAN_FRONTEND=noninteractive "${command[@]}" -qq >/dev/null && return 0
    else
      congkak_as_root "${command[@]}" && return 0
    fi
    status=$?
    printf '%s failed (exit %s; its messages are above); install the packages as root:\n  sudo %s\n' \
      "${command[0]} ${command[1]}" "$status" "${command[*]}" >&2
  else
    printf 'These packages are missing, and installing them needs root (%s); install them as root:\n  sudo %s\n' \
      "$(congkak_why_not_root)" "${command[*]}" >&2
  fi

  if [ "${#missing[@]}" -eq 0 ] && ! congkak_in_ci; then
    printf 'Going on without them: the tests that need them say so and are skipped.\n' >&2
    return 0
  fi
  if [ "${#missing[@]}" -gt 0 ] && congkak_system_is_new_enough \
     && { [ "${#missing_tools[@]}" -eq 0 ] || ! congkak_in_ci; }; then
    printf 'Going on without them: the libraries are there; what needs the others says so.\n' >&2
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
    printf 'error: Congkak needs GTK >= 4.18, libadwaita >= 1.7, GLib >= 2.84, json-glib >= 1.10, libsoup >= 3.6 and GnuTLS >= 3.8;\n'
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
    printf '    once; it needs mmdebstrap and the Debian archive keyring, and either sudo\n'
    printf '    or user namespaces with a range in /etc/subuid):\n'
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

# Whether this user can make user namespaces (unprivileged ones may be
# switched off, or confined as on Ubuntu 24.04).
congkak_user_namespaces_work ()
{
  unshare --user --map-root-user true >/dev/null 2>&1
}

# What keeps this user from making a root of their own without root
# (mmdebstrap --mode=unshare maps 65536 ids of /etc/subuid and /etc/subgid
# through newuidmap); empty when nothing does.
congkak_rootless_problem ()
{
  local user uid file
  user=$(id -un) uid=$(id -u)
  if ! command -v unshare >/dev/null 2>&1 || ! congkak_user_namespaces_work; then
    echo "this system does not let users make user namespaces (unshare --user --map-root-user fails)"
    return
  fi
  if ! command -v newuidmap >/dev/null 2>&1 || ! command -v newgidmap >/dev/null 2>&1; then
    echo "newuidmap and newgidmap are missing (package uidmap)"
    return
  fi
  for file in "$CONGKAK_SUBUID" "$CONGKAK_SUBGID"; do
    if ! awk -F: -v user="$user" -v uid="$uid" \
         '($1 == user || $1 == uid) && $3 >= 65536 { found = 1 } END { exit !found }' "$file" 2>/dev/null; then
      echo "$file gives $user no range of 65536 ids (as root: usermod --add-subuids 100000-165535 --add-subgids 100000-165535 $user)"
      return
    fi
  done
}

# How the Debian 13 root is made and entered, once a run:
#   root:   we are root: in /var/cache/congkak-build-root;
#   user:   a normal user, without root, through user namespaces: in the
#           user's cache (~/.cache/congkak-build-root);
#   sudo:   a normal user whose system has no user namespaces for them: in
#           /var/cache/congkak-build-root, through sudo.
# CONGKAK_ROOT_CACHE, when set, is the folder in every case.  Decided in
# CONGKAK_ROOT_MODE by congkak_decide_root_mode, once, outside the command
# substitutions that ask for it (which could not keep it).
congkak_decide_root_mode ()
{
  [ -z "${CONGKAK_ROOT_MODE:-}" ] || return 0
  if [ "$(id -u)" = 0 ]; then
    CONGKAK_ROOT_MODE=root
  elif [ -x "$(CONGKAK_ROOT_MODE=user congkak_root_dir)/usr/bin/meson" ] \
       && congkak_user_namespaces_work; then
    CONGKAK_ROOT_MODE=user
  elif [ -z "$(congkak_rootless_problem)" ]; then
    CONGKAK_ROOT_MODE=user
  else
    CONGKAK_ROOT_MODE=sudo
  fi
}

congkak_root_mode ()
{
  congkak_decide_root_mode
  printf '%s\n' "$CONGKAK_ROOT_MODE"
}

congkak_root_cache ()
{
  if [ -n "${CONGKAK_ROOT_CACHE:-}" ]; then
    printf '%s\n' "$CONGKAK_ROOT_CACHE"
  elif [ "$(congkak_root_mode)" = user ]; then
    printf '%s\n' "$CONGKAK_USER_ROOT_CACHE"
  else
    printf '%s\n' "$CONGKAK_SHARED_ROOT_CACHE"
  fi
}

congkak_root_dir ()
{
  local key
  key=$(printf '%s\n' "$CONGKAK_SUITE" "${CONGKAK_PACKAGES[@]}" | sha256sum | cut -c1-16)
  printf '%s/%s-%s\n' "$(congkak_root_cache)" "$CONGKAK_SUITE" "$key"
}

congkak_root_is_ready ()
{
  [ -x "$(congkak_root_dir)/usr/bin/meson" ]
}

# Deletes a root, or the remains of one.  --one-file-system: an interrupted
# command can leave /proc, /sys or /dev mounted inside; never delete
# through them.  A user's own root may hold folders without write access.
congkak_delete_root ()
{
  [ -e "$1" ] || return 0
  [ "$(id -u)" = 0 ] || chmod -R u+rwX "$1" 2>/dev/null || true
  rm -rf --one-file-system "$1"
}

# Builds the Debian 13 root if it is not there yet: as root (see
# build-aux/make-root, which a normal user's scripts run through sudo), or
# as a normal user through user namespaces, in their own cache.  It is made
# in a temporary directory and renamed when complete, so an interrupted
# build never leaves a root that looks finished.
congkak_make_root ()
{
  local root cache tmp mirror started lock_fd mode problem status keyring=() mmdebstrap=()
  root=$(congkak_root_dir)
  cache=$(congkak_root_cache)
  mode=$(congkak_root_mode)
  congkak_root_is_ready && return 0
  if [ "$mode" = sudo ]; then
    congkak_die "making the Debian 13 root needs root here: $(congkak_rootless_problem)"
  fi

  mirror=$(congkak_debian_mirror) \
    || congkak_die "cannot find a Debian mirror among Debian's own entries in $CONGKAK_APT_SOURCES; set CONGKAK_MIRROR to the URL of a Debian mirror: CONGKAK_MIRROR=<a Debian mirror URL>"

  # Several commands may start at once (parallel builds, tests): one of
  # them builds the root, the others wait for it.
  mkdir -p "$cache" || congkak_die "cannot make the folder for the Debian 13 root, $cache"
  exec {lock_fd}>"$cache/.lock"
  flock "$lock_fd"
  if congkak_root_is_ready; then
    exec {lock_fd}>&-
    return 0
  fi

  if ! command -v mmdebstrap >/dev/null 2>&1; then
    case "$(congkak_os_family):$mode" in
      debian:root)
        congkak_log "Installing mmdebstrap"
        congkak_refresh_package_index
        env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap debian-archive-keyring >/dev/null \
          || congkak_die "apt-get install mmdebstrap debian-archive-keyring failed (exit $?; its messages are above)"
        ;;
      debian:user) congkak_die "mmdebstrap is missing: install it as root (sudo apt-get install mmdebstrap uidmap), then run this again" ;;
      *) congkak_die "mmdebstrap is missing: install it (and the Debian archive keyring) with the system's package manager" ;;
    esac
  fi
  command -v unshare >/dev/null 2>&1 || congkak_die "unshare (util-linux) is missing"
  # Away from Debian, apt's trusted keys are not Debian's: name the
  # keyring that debian-archive-keyring installs.
  if [ ! -d "$CONGKAK_APT_SOURCES/trusted.gpg.d" ] || congkak_os_is_ubuntu; then
    [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] \
      || congkak_die "the Debian archive keyring is missing (/usr/share/keyrings/debian-archive-keyring.gpg): install debian-archive-keyring"
    keyring=(--keyring=/usr/share/keyrings/debian-archive-keyring.gpg)
  fi

  tmp="$root.partial.$$"
  local old
  for old in "$root".partial.*; do congkak_delete_root "$old"; done
  congkak_log "Building a Debian 13 root in $root from $mirror (once; about 3 minutes)"
  started=$(date +%s)
  local pkgs
  pkgs=$(IFS=,; printf '%s' "${CONGKAK_PACKAGES[*]}")
  mmdebstrap=(mmdebstrap --quiet --variant=apt --include="$pkgs" "${keyring[@]}"
              --customize-hook='chroot "$1" dbus-uuidgen --ensure')
  if [ "$mode" = root ]; then
    "${mmdebstrap[@]}" "$CONGKAK_SUITE" "$tmp" "$mirror" >&2 \
      || congkak_die "mmdebstrap failed (exit $?; its messages are above) making the Debian 13 root from $mirror"
  else
    # Without root, mmdebstrap works in a user namespace of 65536 ids and
    # writes a tarball; unpacked as the user, every file of the root is the
    # user's (who is root in it), and the devices come from the host.
    mkdir -p "$tmp"
    set +e
    "${mmdebstrap[@]}" --mode=unshare "$CONGKAK_SUITE" - "$mirror" \
      | tar -C "$tmp" -x --exclude='./dev/*'
    status=("${PIPESTATUS[@]}")
    set -e
    [ "${status[0]}" = 0 ] \
      || congkak_die "mmdebstrap --mode=unshare failed (exit ${status[0]}; its messages are above) making the Debian 13 root from $mirror"
    [ "${status[1]}" = 0 ] || congkak_die "tar failed (exit ${status[1]}) unpacking the Debian 13 root into $tmp"
  fi
  mv "$tmp" "$root"
  congkak_log "Debian 13 root ready in $(( $(date +%s) - started )) s"

  # Older roots made from other package lists are no longer used.
  for old in "$cache"/"$CONGKAK_SUITE"-*; do
    [ "$old" = "$root" ] || congkak_delete_root "$old"
  done
  exec {lock_fd}>&-
}

# Makes the root if needed: directly as root or as a normal user through
# user namespaces, through sudo otherwise; says what failed and what to do.
congkak_ensure_root ()
{
  local status
  congkak_root_is_ready && return 0
  if [ "$(congkak_root_mode)" != sudo ]; then
    congkak_make_root
    return
  fi
  if congkak_can_be_root; then
    congkak_log "Making the Debian 13 root needs root privileges here ($(congkak_rootless_problem)): asking sudo"
    congkak_as_root env ${CONGKAK_MIRROR:+CONGKAK_MIRROR="$CONGKAK_MIRROR"} \
      ${CONGKAK_ROOT_CACHE:+CONGKAK_ROOT_CACHE="$CONGKAK_ROOT_CACHE"} \
      "$CONGKAK_SRCDIR/build-aux/make-root" && return 0
    status=$?
    congkak_die "sudo build-aux/make-root failed (exit $status; its messages are above)"
  fi
  congkak_die "making the Debian 13 root needs root privileges here: $(congkak_rootless_problem); and $(congkak_why_not_root). Either fix the first, or run this once in a terminal, or as root:
  sudo ${CONGKAK_MIRROR:+CONGKAK_MIRROR=$CONGKAK_MIRROR }build-aux/make-root"
}

# The owner of the checkout (uid:gid).
congkak_checkout_owner ()
{
  stat -c '%u:%g' "$CONGKAK_SRCDIR"
}

# Who the builds and tests run as: the user who started the script; as
# root, the user who called sudo, or else the owner of the checkout (as
# under su), so that the files in the checkout stay theirs.  uid:gid.
congkak_root_user ()
{
  if [ "$(id -u)" != 0 ]; then
    printf '%s:%s\n' "$(id -u)" "$(id -g)"
  elif [ -n "${SUDO_UID:-}" ] && [ "${SUDO_UID}" != 0 ]; then
    printf '%s:%s\n' "$SUDO_UID" "${SUDO_GID:-$SUDO_UID}"
  else
    congkak_checkout_owner
  fi
}

# Runs "$@" inside the Debian 13 root, with the repository bound at the same
# path, and the caller's X11 and Wayland sockets bound in so that windows
# appear on the caller's display.  Entering needs root, through sudo for a
# normal user, or, in the user mode, a user namespace; the command itself
# runs as the user (congkak_root_user), with a home of its own in the root.
congkak_run_in_root ()
{
  local root user home mode enter=()
  root=$(congkak_root_dir)
  user=$(congkak_root_user)
  mode=$(congkak_root_mode)
  if [ "${user%%:*}" = 0 ]; then home=/root; else home="/home/congkak-${user%%:*}"; fi
  local wayland_src="" wayland_dst=""
  if [ -n "${WAYLAND_DISPLAY:-}" ] && [ -n "${XDG_RUNTIME_DIR:-}" ] \
     && [ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ]; then
    wayland_src="$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY"
    wayland_dst="/run/congkak-wayland/$WAYLAND_DISPLAY"
  fi
  local xauthority=""
  [ -n "${XAUTHORITY:-}" ] && [ -f "$XAUTHORITY" ] && xauthority=$XAUTHORITY

  case "$mode" in
    root) enter=(unshare --mount --propagation private --) ;;
    # The user is root in the namespace and owns every file of the root.
    user) enter=(unshare --user --map-root-user --mount --propagation private --) ;;
    sudo)
      congkak_can_be_root || congkak_die "entering the Debian 13 root needs root privileges here ($(congkak_rootless_problem)), and $(congkak_why_not_root). Run this in a terminal, or as root (the build still runs as you):
  sudo $(congkak_script_command)"
      enter=(congkak_as_root unshare --mount --propagation private --)
      ;;
  esac

  "${enter[@]}" \
    env ROOT="$root" SRC="$CONGKAK_SRCDIR" WL_SRC="$wayland_src" WL_DST="$wayland_dst" \
        XAUTH="$xauthority" ROOT_USER="$user" ROOT_HOME="$home" ROOTLESS="$([ "$mode" = user ] && echo 1)" \
    bash -euc '
      # chroot is in /usr/sbin, which a normal user'\''s PATH may lack.
      PATH=$PATH:/usr/sbin:/sbin
      mount --rbind /dev "$ROOT/dev"
      # A new proc needs a pid namespace of our own; without root the
      # host'\''s is bound instead.
      if [ -n "$ROOTLESS" ]; then
        mount --rbind /proc "$ROOT/proc"
      else
        mount -t proc proc "$ROOT/proc"
      fi
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
        # Without root it is already the user'\''s.
        [ -n "$ROOTLESS" ] || chown "$ROOT_USER" "$ROOT$ROOT_HOME"
      fi
      if [ -z "$ROOTLESS" ]; then
        exec chroot --userspec="$ROOT_USER" "$ROOT" "$@"
      fi
      # Without root, the user becomes themselves again in a user namespace
      # of their own, made before entering the root (a chrooted process
      # cannot make one).  An unshare without --map-user (util-linux
      # before 2.38) leaves them root in the namespace.
      if unshare --help 2>&1 | grep -q -- --map-user; then
        exec unshare --user --map-user="$uid" --map-group="$gid" --root="$ROOT" -- "$@"
      fi
      exec chroot "$ROOT" "$@"
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
# CONGKAK_ENVIRONMENT.
congkak_choose_environment ()
{
  if congkak_system_is_new_enough || congkak_packages_are_new_enough; then
    CONGKAK_ENVIRONMENT=system
    return
  fi
  congkak_decide_root_mode
  if congkak_root_is_ready || congkak_debian_mirror >/dev/null; then
    CONGKAK_ENVIRONMENT=root
  else
    congkak_explain_too_old
  fi
}

# Chooses the environment and makes it ready: on the system, installs the
# packages of the lists "$@" (build, and tests for the test tools; build
# when none is given) that are missing.  The Debian 13 root holds both.
congkak_prepare_environment ()
{
  [ "$#" -gt 0 ] || set -- build
  congkak_choose_environment
  if [ "$CONGKAK_ENVIRONMENT" = system ]; then
    congkak_install_packages "$@"
    congkak_system_is_new_enough \
      || congkak_die "GTK >= 4.18, libadwaita >= 1.7, GLib >= 2.84, json-glib >= 1.10, libsoup >= 3.6, GnuTLS >= 3.8 and meson are needed"
  else
    congkak_ensure_root
  fi
}

# Runs a command in the build environment chosen above, as
# congkak_root_user: as root (under su, say), as the checkout's owner.
congkak_run ()
{
  local user
  if [ "$CONGKAK_ENVIRONMENT" != system ]; then
    congkak_run_in_root "$@"
    return
  fi
  user=$(congkak_root_user)
  if [ "$(id -u)" = 0 ] && [ "${user%%:*}" != 0 ]; then
    local home
    home=$(getent passwd "${user%%:*}" | cut -d: -f6) || home=""
    (cd "$CONGKAK_SRCDIR" && exec setpriv --reuid="${user%%:*}" --regid="${user##*:}" --clear-groups -- \
       env HOME="${home:-$HOME}" "$@")
  else
    (cd "$CONGKAK_SRCDIR" && "$@")
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
