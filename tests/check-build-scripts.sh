#!/usr/bin/env bash
# Checks the decisions of build-aux/common.sh on made-up systems: Debian 12
# and 13, Ubuntu 24.04 and 25.04, Fedora 41 and 42, Arch and an unknown
# system, as root, under su and as a normal user with or without sudo, a
# terminal and user namespaces; with apt sources that hold third parties'
# entries, and package indexes that are missing or stale.  Each system is
# an os-release file, apt sources and lists, /etc/subuid and /etc/subgid,
# and stand-ins for pkg-config, apt-cache, apt-get, dpkg-query, dnf, rpm,
# pacman, sudo, id, stat, setpriv, unshare and mmdebstrap on PATH, which
# also record the commands that would have changed the system; nothing is
# installed.
#   check-build-scripts.sh SRCDIR
set -euo pipefail

srcdir=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

stubs="$tmp/bin"
mkdir -p "$stubs"
# FAKE_GTK: the packaged GTK version (which apt-cache offers only while
# apt's lists are fresh); FAKE_SYSTEM_OK: whether pkg-config finds new
# enough libraries; FAKE_MISSING: packages not installed; FAKE_UID: who we
# are; FAKE_OWNER: the checkout's owner (uid:gid); FAKE_SUDO: none,
# password (asks), nopasswd or fails (the command fails); FAKE_USERNS=1:
# user namespaces work; FAKE_LISTS: apt's lists folder, which apt-get
# update refreshes; FAKE_APT_FAILS: apt-get fails.
cat > "$stubs/pkg-config" <<'EOF'
#!/bin/sh
[ "${FAKE_SYSTEM_OK:-0}" = 1 ]
EOF
cat > "$stubs/meson" <<'EOF'
#!/bin/sh
exit 0
EOF
cat > "$stubs/apt-cache" <<'EOF'
#!/bin/sh
gtk=${FAKE_GTK:-(none)}
[ -n "$(find "$FAKE_LISTS" -name '*_Packages' -mmin -1440 2>/dev/null)" ] || gtk='(none)'
printf 'libgtk-4-dev:\n  Installed: (none)\n  Candidate: %s\n' "$gtk"
EOF
cat > "$stubs/dpkg-query" <<'EOF'
#!/bin/sh
for pkg in $FAKE_MISSING; do [ "$pkg" = "$3" ] && exit 1; done
printf 'install ok installed'
EOF
cat > "$stubs/dnf" <<'EOF'
#!/bin/sh
case "$1" in
  repoquery) [ -n "${FAKE_GTK:-}" ] && printf '%s\n' "$FAKE_GTK" ;;
  *) echo "dnf $*" >> "$FAKE_LOG" ;;
esac
EOF
cat > "$stubs/rpm" <<'EOF'
#!/bin/sh
for pkg in $FAKE_MISSING; do [ "$pkg" = "$4" ] && exit 1; done
exit 0
EOF
cat > "$stubs/pacman" <<'EOF'
#!/bin/sh
case "$1" in
  -Si) [ -n "${FAKE_GTK:-}" ] && printf 'Name            : gtk4\nVersion         : 1:%s-1\n' "$FAKE_GTK" ;;
  -Qq) for pkg in $FAKE_MISSING; do [ "$pkg" = "$2" ] && exit 1; done; exit 0 ;;
  *) echo "pacman $*" >> "$FAKE_LOG" ;;
esac
EOF
cat > "$stubs/apt-get" <<'EOF'
#!/bin/sh
echo "apt-get $*" >> "$FAKE_LOG"
case " $* " in
  *" update "*) [ -n "${FAKE_APT_FAILS:-}" ] && { echo "E: could not reach the mirror" >&2; exit 100; }
                mkdir -p "$FAKE_LISTS" && touch "$FAKE_LISTS/mirror.example_debian_dists_trixie_main_binary-amd64_Packages" ;;
  *" install "*) [ -n "${FAKE_APT_FAILS:-}" ] && { echo "E: Unable to locate package" >&2; exit 100; } ;;
esac
exit 0
EOF
cat > "$stubs/mmdebstrap" <<'EOF'
#!/bin/sh
echo "mmdebstrap $*" >> "$FAKE_LOG"
echo "E: mmdebstrap stand-in: cannot reach the mirror" >&2
exit 1
EOF
cat > "$stubs/sudo" <<'EOF'
#!/bin/sh
case "${FAKE_SUDO:-none}" in
  nopasswd|fails) ;;
  *) [ "$1" = -n ] && exit 1
     echo "sudo asked for a password" >> "$FAKE_LOG"; exit 1 ;;
esac
[ "$1" = -n ] && shift
echo "sudo $*" >> "$FAKE_LOG"
[ "$FAKE_SUDO" = fails ] && [ "$*" != true ] && exit 3
exit 0
EOF
cat > "$stubs/id" <<'EOF'
#!/bin/sh
case "$1" in
  -un) [ "${FAKE_UID:-1000}" = 0 ] && echo root || echo user ;;
  *) echo "${FAKE_UID:-1000}" ;;
esac
EOF
cat > "$stubs/stat" <<'EOF'
#!/bin/sh
[ "$1 $2" = "-c %u:%g" ] && [ -n "${FAKE_OWNER:-}" ] && { echo "$FAKE_OWNER"; exit 0; }
exec /usr/bin/stat "$@"
EOF
cat > "$stubs/setpriv" <<'EOF'
#!/bin/sh
echo "setpriv $*" >> "$FAKE_LOG"
while [ "$1" != -- ]; do shift; done
shift
exec "$@"
EOF
cat > "$stubs/unshare" <<'EOF'
#!/bin/sh
echo "unshare $*" >> "$FAKE_LOG"
case " $* " in
  *" --user "*|*" --map-root-user "*)
    [ "${FAKE_USERNS:-0}" = 1 ] || { echo "unshare: unshare failed: Operation not permitted" >&2; exit 1; } ;;
esac
exit 0
EOF
for tool in newuidmap newgidmap; do printf '#!/bin/sh\nexit 0\n' > "$stubs/$tool"; done
chmod +x "$stubs"/*

# An os-release file, apt sources and fresh lists (a day old at most), a
# fresh pacman database and no ranges in /etc/subuid for a made-up system.
make_system ()
{
  local name=$1; shift
  mkdir -p "$tmp/$name/apt/sources.list.d" "$tmp/$name/apt/trusted.gpg.d" "$tmp/$name/lists" "$tmp/$name/pacman"
  touch "$tmp/$name/lists/mirror.example_debian_dists_bookworm_main_binary-amd64_Packages" \
    "$tmp/$name/pacman/extra.db" "$tmp/$name/subuid" "$tmp/$name/subgid"
  printf '%s\n' "$@" > "$tmp/$name/os-release"
  printf 'Types: deb\nURIs: http://mirror.example/debian\nSuites: bookworm bookworm-updates\nComponents: main\n' \
    > "$tmp/$name/apt/sources.list.d/debian.sources"
}
make_system debian12 ID=debian VERSION_ID=12 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"'
make_system debian13 ID=debian VERSION_ID=13 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"'
make_system ubuntu2404 ID=ubuntu ID_LIKE=debian VERSION_ID=24.04 'PRETTY_NAME="Ubuntu 24.04.3 LTS"'
make_system ubuntu2504 ID=ubuntu ID_LIKE=debian VERSION_ID=25.04 'PRETTY_NAME="Ubuntu 25.04"'
make_system fedora41 ID=fedora VERSION_ID=41 'PRETTY_NAME="Fedora Linux 41 (Workstation Edition)"'
make_system fedora42 ID=fedora VERSION_ID=42 'PRETTY_NAME="Fedora Linux 42 (Workstation Edition)"'
make_system arch ID=arch 'PRETTY_NAME="Arch Linux"'
make_system other ID=other 'PRETTY_NAME="Other OS 1"'
# Ubuntu's sources name Ubuntu's archive, which has no Debian 13.
printf 'Types: deb\nURIs: http://archive.ubuntu.example/ubuntu\nSuites: noble noble-updates\n' \
  > "$tmp/ubuntu2404/apt/sources.list.d/ubuntu.sources"
rm "$tmp/ubuntu2404/apt/sources.list.d/debian.sources"
rm -r "$tmp/fedora41/apt" "$tmp/fedora42/apt" "$tmp/arch/apt" "$tmp/other/apt"

# Runs a function of common.sh on SYSTEM, in a session without a
# terminal (so sudo cannot ask); prints its output and exit status.
#   on SYSTEM [VAR=VALUE…] -- SHELL CODE
on ()
{
  local system=$1; shift
  local vars=()
  while [ "$1" != -- ]; do vars+=("$1"); shift; done
  shift
  : > "$tmp/log"
  env -i PATH="$stubs:/usr/bin:/bin" HOME="$tmp/home" FAKE_LOG="$tmp/log" \
    CONGKAK_OS_RELEASE="$tmp/$system/os-release" CONGKAK_APT_SOURCES="$tmp/$system/apt" \
    CONGKAK_APT_LISTS="$tmp/$system/lists" FAKE_LISTS="$tmp/$system/lists" \
    CONGKAK_PACMAN_SYNC="$tmp/$system/pacman" \
    CONGKAK_SUBUID="$tmp/$system/subuid" CONGKAK_SUBGID="$tmp/$system/subgid" \
    CONGKAK_SHARED_ROOT_CACHE="$tmp/shared-roots" \
    "${vars[@]}" \
    setsid -w bash -c 'source "$1/build-aux/common.sh"; eval "$2"' check "$srcdir" "$*" \
    > "$tmp/out" 2>&1 < /dev/null && status=0 || status=$?
  out=$(cat "$tmp/out")
  log=$(cat "$tmp/log")
}

check ()
{
  local what=$1; shift
  if "$@"; then
    echo "ok: $what"
  else
    echo "not ok: $what"
    printf '  status %s, output:\n%s\n  commands:\n%s\n' "$status" "$(sed 's/^/    /' <<<"$out")" \
      "$(sed 's/^/    /' <<<"$log")"
    failures=$((failures + 1))
  fi
}
has () { grep -qF -- "$1" <<<"$2"; }
lacks () { ! grep -qF -- "$1" <<<"$2"; }
has_line () { grep -qxF -- "$1" <<<"$2"; }

choose='congkak_choose_environment; echo "environment: $CONGKAK_ENVIRONMENT"'

# Debian 12 as root, as CI runs: the Debian 13 root, from apt's mirror.
on debian12 FAKE_UID=0 FAKE_GTK=4.8.3+ds-2+deb12u1 -- "$choose; congkak_debian_mirror"
check "Debian 12: builds in the Debian 13 root" has "environment: root" "$out"
check "Debian 12: the root comes from apt's own mirror" has "http://mirror.example/debian" "$out"

# The Debian mirror is read from Debian's own entries only, whatever else
# the apt sources hold.  Each case is a Debian 12 system with these files.
#   mirror_case NAME FILE CONTENT [FILE CONTENT…]
mirror_case ()
{
  local name=$1; shift
  rm -rf "$tmp/$name"
  mkdir -p "$tmp/$name/apt/sources.list.d"
  cp "$tmp/debian12/os-release" "$tmp/$name/os-release"
  while [ "$#" -gt 0 ]; do
    printf '%s\n' "$2" > "$tmp/$name/apt/$1"
    shift 2
  done
  on "$name" FAKE_UID=0 -- 'congkak_debian_mirror'
}
debian_keyring=/usr/share/keyrings/debian-archive-keyring.gpg

mirror_case mirror-vscode \
  sources.list.d/code.sources "Types: deb
URIs: https://packages.code.example/repos/code
Suites: stable
Components: main
Architectures: amd64,arm64,armhf
Signed-By: /usr/share/keyrings/microsoft.gpg" \
  sources.list.d/debian.sources "Types: deb
URIs: http://mirror.example/debian
Suites: trixie trixie-updates
Components: main non-free-firmware
Signed-By: /usr/share/keyrings/debian-archive-keyring.pgp

Types: deb
URIs: http://security.example/debian-security
Suites: trixie-security
Components: main non-free-firmware
Signed-By: /usr/share/keyrings/debian-archive-keyring.pgp"
check "mirror: a third party's 'stable main' (.sources, read first) is not Debian's" \
  test "$out" = http://mirror.example/debian
mirror_case mirror-docker \
  sources.list.d/debian.sources "Types: deb
URIs: http://mirror.example/debian
Suites: bookworm bookworm-updates
Components: main" \
  sources.list.d/docker.sources "Types: deb
URIs: https://download.docker.example/linux/debian
Suites: bookworm
Components: stable
Signed-By: /etc/apt/keyrings/docker.asc"
check "mirror: Docker's 'bookworm stable' is not Debian's" test "$out" = http://mirror.example/debian
mirror_case mirror-docker-only \
  sources.list.d/docker.sources "Types: deb
URIs: https://download.docker.example/linux/debian
Suites: bookworm
Components: stable
Signed-By: /etc/apt/keyrings/docker.asc"
check "mirror: with only third-party sources there is none" test "$status" = 1 -a -z "$out"
mirror_case mirror-signed-by \
  sources.list "deb [signed-by=$debian_keyring] http://mirror.example/debian bookworm main contrib"
check "mirror: one-line [signed-by=…] gives the URI, not the option" test "$out" = http://mirror.example/debian
mirror_case mirror-options \
  sources.list "# deb http://commented.example/debian bookworm main
deb [ arch=amd64,arm64 signed-by=$debian_keyring ] http://mirror.example/debian/ bookworm main
deb-src http://source.example/debian bookworm main"
check "mirror: one-line [ arch=… signed-by=… ] with spaces, comments skipped" \
  test "$out" = http://mirror.example/debian/
mirror_case mirror-arch \
  sources.list "deb [arch=amd64] https://packages.code.example/repos/code stable main
deb [arch=amd64] http://mirror.example/debian bookworm main"
check "mirror: [arch=…], and an unsigned third party's 'stable main' skipped" \
  test "$out" = http://mirror.example/debian
mirror_case mirror-several \
  sources.list.d/debian.sources "Types: deb
URIs: cdrom:/media/cdrom/ http://first.example/debian
 http://second.example/debian
Suites: bookworm
Components: main"
check "mirror: several URIs (one a cdrom:, one on a continuation line): the first http one" \
  test "$out" = http://first.example/debian
mirror_case mirror-cdrom \
  sources.list "deb cdrom:[Debian GNU/Linux 12.0.0 _Bookworm_ - Official amd64 DVD Binary-1]/ bookworm contrib main
deb http://security.example/debian-security bookworm-security main
deb http://mirror.example/debian bookworm main"
check "mirror: cdrom: and the security archive are skipped" test "$out" = http://mirror.example/debian
mirror_case mirror-disabled \
  sources.list.d/debian.sources "Types: deb
URIs: http://old.example/debian
Suites: bookworm
Components: main
Enabled: no

Types: deb-src
URIs: http://source.example/debian
Suites: bookworm
Components: main

Types: deb deb-src
URIs: http://mirror.example/debian
Suites: bookworm
Components: main"
check "mirror: disabled and deb-src-only stanzas are skipped" test "$out" = http://mirror.example/debian
mirror_case mirror-signed-wins \
  sources.list "deb http://repo.media.example/debian bookworm main" \
  sources.list.d/debian.sources "Types: deb
URIs: http://mirror.example/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
check "mirror: an entry signed by Debian's keyring comes before an unsigned one" \
  test "$out" = http://mirror.example/debian
mirror_case mirror-inline-key \
  sources.list.d/other.sources "Types: deb
URIs: http://other.example/debian
Suites: bookworm
Components: main
Signed-By:
 -----BEGIN PGP PUBLIC KEY BLOCK-----
 .
 mQINBGPL0BUBEADmW5NdOOHwPIJlgPu6JDcKw/NZJPR8lsD9K7UgrxeQmm3/OJGY
 -----END PGP PUBLIC KEY BLOCK-----" \
  sources.list.d/zz-debian.list "deb http://mirror.example/debian bookworm main"
check "mirror: an entry with a key of its own is not Debian's" test "$out" = http://mirror.example/debian
mirror_case mirror-alias \
  sources.list "deb http://mirror.example/debian stable main"
check "mirror: 'stable main' from a folder called debian is Debian's" test "$out" = http://mirror.example/debian

# Debian 12, a normal user without user namespaces and without a terminal:
# the root needs sudo, and the message says what failed and exactly what
# to run.
on debian12 FAKE_GTK=4.8.3 FAKE_SUDO=password -- "$choose; congkak_ensure_root"
check "Debian 12 user: stops without making the root" test "$status" = 1
check "Debian 12 user: says which command makes the root" has "sudo build-aux/make-root" "$out"
check "... and why: no user namespaces" has "does not let users make user namespaces" "$out"
check "... and why: sudo cannot ask" has "no terminal to ask" "$out"
check "Debian 12 user: mmdebstrap is not run as the user" lacks mmdebstrap "$log"
on debian12 FAKE_GTK=4.8.3 -- 'congkak_run_in_root true'
check "Debian 12 user: entering the root without sudo says what to run" has "sudo build-aux/" "$out"
on debian12 FAKE_GTK=4.8.3 FAKE_SUDO=nopasswd -- 'congkak_ensure_root'
check "Debian 12 user with sudo: make-root runs through sudo" has "build-aux/make-root" "$log"
on debian12 FAKE_GTK=4.8.3 FAKE_SUDO=fails -- 'congkak_ensure_root'
check "Debian 12 user: a failing make-root is reported as such, not as a missing terminal" \
  has "sudo build-aux/make-root failed (exit 3" "$out"
check "... without blaming the terminal" lacks "no terminal" "$out"

# Debian 12 as root: mmdebstrap's failure is named, with its status.
on debian12 FAKE_UID=0 FAKE_GTK=4.8.3 -- "$choose; congkak_make_root"
check "Debian 12 root: mmdebstrap runs as root, into the shared cache" has "shared-roots/trixie-" "$log"
check "Debian 12 root: a failing mmdebstrap is named, with its exit status" \
  has "mmdebstrap failed (exit 1" "$out"
check "... and its own message is shown" has "cannot reach the mirror" "$out"

# Debian 12, a normal user with user namespaces and a range in /etc/subuid:
# no sudo at all; the root is made with mmdebstrap --mode=unshare in the
# user's own cache and entered through a user namespace.
mkdir -p "$tmp/debian12-userns"
cp -r "$tmp/debian12/." "$tmp/debian12-userns/"
printf 'user:100000:65536\n' | tee "$tmp/debian12-userns/subuid" > "$tmp/debian12-userns/subgid"
on debian12-userns FAKE_GTK=4.8.3 FAKE_USERNS=1 -- "$choose; congkak_root_mode; congkak_root_dir; congkak_ensure_root"
check "Debian 12 user with user namespaces: the user mode" has_line user "$out"
check "... in the user's own cache" has "$tmp/home/.cache/congkak-build-root/trixie-" "$out"
check "... made by mmdebstrap --mode=unshare" has "mmdebstrap --quiet --variant=apt" "$log"
check "... --mode=unshare" has "--mode=unshare trixie - http://mirror.example/debian" "$log"
check "... without sudo" lacks sudo "$log"
check "... and its failure named" has "mmdebstrap --mode=unshare failed (exit 1" "$out"
on debian12-userns FAKE_GTK=4.8.3 FAKE_USERNS=1 XDG_CACHE_HOME="$tmp/xdg" -- 'congkak_root_dir'
check "... or in XDG_CACHE_HOME" has "$tmp/xdg/congkak-build-root/trixie-" "$out"
on debian12-userns FAKE_GTK=4.8.3 FAKE_USERNS=1 -- 'congkak_run_in_root true'
check "Debian 12 user with user namespaces: enters with unshare --user --map-root-user" \
  has "unshare --user --map-root-user --mount" "$log"
check "... without sudo" lacks sudo "$log"
# Without a range in /etc/subuid, a user with sudo takes the shared root,
# and one without is told both ways out.
on debian12 FAKE_GTK=4.8.3 FAKE_USERNS=1 FAKE_SUDO=nopasswd -- 'congkak_root_mode; congkak_root_dir'
check "Debian 12 user with namespaces, no subuid range, sudo: the sudo mode" has_line sudo "$out"
check "... in the shared cache" has "$tmp/shared-roots/trixie-" "$out"
on debian12 FAKE_GTK=4.8.3 FAKE_USERNS=1 -- 'congkak_ensure_root'
check "Debian 12 user without subuid range or sudo: names the missing range" has "gives user no range" "$out"
check "... and how to add one" has "usermod --add-subuids" "$out"

# Root, under sudo or under su: the commands in the root and on the system
# run as the user who asked, or as the checkout's owner, so that the files
# in the checkout stay theirs.
on debian12 FAKE_UID=0 SUDO_UID=1000 SUDO_GID=1001 -- 'congkak_root_user'
check "under sudo, the root's commands run as the user who asked" test "$out" = 1000:1001
on debian12 FAKE_UID=0 FAKE_OWNER=1002:1003 -- 'congkak_root_user'
check "under su (no SUDO_UID), they run as the checkout's owner" test "$out" = 1002:1003
on debian12 FAKE_UID=0 FAKE_OWNER=0:0 -- 'congkak_root_user'
check "as root in root's own checkout, they run as root" test "$out" = 0:0
on debian13 FAKE_UID=0 FAKE_OWNER=1002:1003 -- 'CONGKAK_ENVIRONMENT=system; congkak_run true'
check "under su on the system, the build drops to the checkout's owner" \
  has "setpriv --reuid=1002 --regid=1003" "$log"
on debian13 FAKE_UID=0 FAKE_OWNER=0:0 -- 'CONGKAK_ENVIRONMENT=system; congkak_run true'
check "as root in root's own checkout, the build stays root" lacks setpriv "$log"

# Debian 13, a normal user: builds on the system; what is missing is
# installed through sudo, or named exactly, and the tests say what they skip.
on debian13 FAKE_SYSTEM_OK=1 FAKE_GTK=4.18.6+ds-2 -- "$choose; congkak_install_packages build tests"
check "Debian 13: builds on the system" has "environment: system" "$out"
check "Debian 13 with every package: installs nothing" test -z "$log"
on debian13 FAKE_SYSTEM_OK=1 FAKE_GTK=4.18.6 FAKE_MISSING="valgrind clang" -- "congkak_install_packages build tests"
check "Debian 13 without sudo: goes on" test "$status" = 0
check "Debian 13 without sudo: names the exact command" \
  has "sudo apt-get install -y --no-install-recommends clang valgrind" "$out"
check "... and why it cannot run it" has "installing them needs root (sudo needs a password" "$out"
on debian13 FAKE_SYSTEM_OK=1 FAKE_GTK=4.18.6 FAKE_MISSING=valgrind CI=true -- "congkak_install_packages build tests"
check "Debian 13 in CI: a missing test tool stops the run" test "$status" = 1
on debian13 FAKE_SYSTEM_OK=0 FAKE_GTK=4.18.6 FAKE_MISSING=libgtk-4-dev -- "$choose; congkak_prepare_environment"
check "Debian 13 without the libraries and without sudo: stops" test "$status" = 1
check "... naming the command" has "sudo apt-get install -y --no-install-recommends libgtk-4-dev" "$out"
on debian13 FAKE_SYSTEM_OK=1 FAKE_GTK=4.18.6 FAKE_MISSING=valgrind FAKE_SUDO=nopasswd -- "congkak_install_packages build tests"
check "Debian 13 with sudo: apt-get installs through sudo" \
  has "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends valgrind" "$log"
check "Debian 13 with fresh lists: no apt-get update" lacks "apt-get update" "$log"
on debian13 FAKE_UID=0 FAKE_SYSTEM_OK=1 FAKE_GTK=4.18.6 FAKE_MISSING=valgrind FAKE_APT_FAILS=1 -- "congkak_install_packages build tests"
check "Debian 13: a failing apt-get install is named, with its status" has "apt-get install failed (exit 100" "$out"
check "... its own message shown" has "Unable to locate package" "$out"

# run-dev and shell install what building and running need; run-tests
# adds the test tools.
on debian13 FAKE_SYSTEM_OK=1 FAKE_GTK=4.18.6 FAKE_MISSING="valgrind xvfb meson" FAKE_SUDO=nopasswd -- "congkak_prepare_environment"
check "run-dev: installs what building and running need" has "install -y --no-install-recommends meson" "$log"
check "run-dev: not the test tools" lacks valgrind "$log"
on debian13 FAKE_SYSTEM_OK=1 FAKE_GTK=4.18.6 FAKE_MISSING="valgrind xvfb meson" FAKE_SUDO=nopasswd -- "congkak_prepare_environment build tests"
check "run-tests: adds the test tools" has "install -y --no-install-recommends meson valgrind xvfb" "$log"
for script in run-dev shell; do
  check "$script prepares only the build list" grep -qx 'congkak_prepare_environment' "$srcdir/build-aux/$script"
done
check "run-tests prepares the build and test lists" \
  grep -qx 'congkak_prepare_environment build tests' "$srcdir/build-aux/run-tests"

# Stale or missing package lists: refreshed first when root can, else the
# release decides, saying so.
mkdir -p "$tmp/debian13-stale"
cp -r "$tmp/debian13/." "$tmp/debian13-stale/"
touch -d '3 days ago' "$tmp/debian13-stale/lists/"*
on debian13-stale FAKE_UID=0 FAKE_GTK=4.18.6 -- "$choose"
check "Debian 13, lists 3 days old, root: apt-get update first" has "apt-get update" "$log"
check "... then builds on the system" has "environment: system" "$out"
touch -d '3 days ago' "$tmp/debian13-stale/lists/"*
on debian13-stale FAKE_GTK=4.18.6 -- "$choose"
check "Debian 13, stale lists, no sudo: builds on the system all the same" has "environment: system" "$out"
check "... saying the lists are stale" has "more than a day old" "$out"
check "... and how to update them" has "sudo apt-get update" "$out"
rm -f "$tmp/debian13-stale/lists/"*
on debian13-stale FAKE_UID=0 FAKE_GTK=4.18.6 FAKE_APT_FAILS=1 -- "$choose"
check "Debian 13, no lists, apt-get update fails: says so" has "apt-get update failed (exit 100" "$out"
check "... and still builds on the system (by the release)" has "environment: system" "$out"
mkdir -p "$tmp/debian12-stale"
cp -r "$tmp/debian12/." "$tmp/debian12-stale/"
rm -f "$tmp/debian12-stale/lists/"*
on debian12-stale FAKE_GTK=4.8.3 -- "$choose"
check "Debian 12, no lists, no sudo: the Debian 13 root (by the release)" has "environment: root" "$out"

# Ubuntu 24.04 is too old, and its archive has no Debian 13: it explains,
# and never asks mmdebstrap for trixie from Ubuntu's archive.
on ubuntu2404 FAKE_GTK=4.14.2+ds-1ubuntu1 -- "$choose"
check "Ubuntu 24.04: stops" test "$status" = 1
check "Ubuntu 24.04: names GTK's version there" has "GTK 4.14.2" "$out"
check "Ubuntu 24.04: suggests Ubuntu 25.04" has "Ubuntu 25.04" "$out"
check "Ubuntu 24.04: suggests a Debian mirror" has "CONGKAK_MIRROR=" "$out"
check "Ubuntu 24.04: runs no mmdebstrap" lacks mmdebstrap "$log"
on ubuntu2404 FAKE_GTK=4.14.2 -- 'congkak_debian_mirror'
check "Ubuntu 24.04: Ubuntu's archive is not taken for a Debian mirror" test "$status" = 1
on ubuntu2404 FAKE_GTK=4.14.2 CONGKAK_MIRROR=http://deb.example/debian -- "$choose; congkak_debian_mirror"
check "Ubuntu 24.04 with CONGKAK_MIRROR: the Debian 13 root" has "environment: root" "$out"
check "Ubuntu 24.04 with CONGKAK_MIRROR: from that mirror" has "http://deb.example/debian" "$out"
on ubuntu2504 FAKE_GTK=4.18.4+ds-1 -- "$choose"
check "Ubuntu 25.04: builds on the system" has "environment: system" "$out"

# Fedora and Arch install with their own package managers.
on fedora42 FAKE_GTK=4.18.6 FAKE_MISSING="gtk4-devel valgrind" FAKE_SUDO=nopasswd -- "$choose; congkak_install_packages build tests"
check "Fedora 42: builds on the system" has "environment: system" "$out"
check "Fedora 42: dnf installs what is missing" has "sudo dnf install -y --skip-unavailable gtk4-devel valgrind" "$log"
on fedora41 FAKE_GTK=4.16.12 -- "$choose"
check "Fedora 41: stops, suggesting Fedora 42" has "Fedora 42" "$out"
on arch FAKE_GTK=4.20.1 FAKE_MISSING="gtk4 python-atspi" FAKE_SUDO=nopasswd -- "$choose; congkak_install_packages build tests"
check "Arch: builds on the system" has "environment: system" "$out"
check "Arch: pacman installs what is missing" has "sudo pacman -S --needed --noconfirm gtk4 python-atspi" "$log"
on arch FAKE_GTK=4.20.1 FAKE_MISSING=gtk4 -- "congkak_install_packages build"
check "Arch without sudo: names the pacman command" has "sudo pacman -S --needed --noconfirm gtk4" "$out"
# With no synced database pacman knows no GTK: Arch is new enough all the
# same, and installing waits for a full upgrade that the user starts.
rm "$tmp/arch/pacman/extra.db"
on arch FAKE_MISSING="gtk4 valgrind" FAKE_SUDO=nopasswd -- "$choose; congkak_install_packages build tests"
check "Arch, no sync database: builds on the system" has "environment: system" "$out"
check "... asks for a full upgrade with the packages" has "sudo pacman -Syu --needed gtk4 valgrind" "$out"
check "... and never syncs alone or installs from a stale database" test -z "$log"
touch "$tmp/arch/pacman/extra.db"

# Elsewhere, CONGKAK_MIRROR is read before anything is judged missing.
on other -- "$choose"
check "unknown system: stops and explains" has "CONGKAK_MIRROR=" "$out"
on other CONGKAK_MIRROR=http://deb.example/debian -- "$choose; congkak_debian_mirror"
check "unknown system with CONGKAK_MIRROR: the Debian 13 root" has "environment: root" "$out"
check "... from that mirror" has "http://deb.example/debian" "$out"

# The package lists: one name a line, no name twice, none in both the
# build list and the test list; the root's key is the same whichever list
# a package is in.
for family in debian fedora arch; do
  for list in "$family" "$family-tests"; do
    names=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$srcdir/build-aux/packages-$list.txt")
    check "packages-$list.txt: names only" test -z "$(grep -Ev '^[A-Za-z0-9][A-Za-z0-9.+_-]*$' <<<"$names" || true)"
    check "packages-$list.txt: no name twice" test -z "$(sort <<<"$names" | uniq -d)"
  done
  both=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$srcdir/build-aux/packages-$family.txt" "$srcdir/build-aux/packages-$family-tests.txt")
  check "packages-$family*.txt: no name in both lists" test -z "$(sort <<<"$both" | uniq -d)"
done

echo "$failures failed"
[ "$failures" = 0 ]
