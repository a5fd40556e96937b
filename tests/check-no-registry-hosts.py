#!/usr/bin/env python3
# Fails when a file of the repository names the host of a package registry
# or mirror: the project never chooses one for its users (the build scripts
# take the Debian mirror from apt's own sources or CONGKAK_MIRROR, and the
# README says "a Debian mirror").  Made-up hosts under the reserved names
# (.example, .invalid, .test, localhost) are what the tests use instead.
#   check-no-registry-hosts.py SRCDIR
#
# The files are those git tracks when SRCDIR is a git checkout and git is
# installed, else every file outside the build, Flatpak and data folders.
# The patterns below never spell a host out, so this file passes too.

import os
import re
import subprocess
import sys

# Registries and mirrors by their domains: any host under one of these.
REGISTRY_DOMAINS = [
    r'flathub[.]org',
    r'npmjs[.](?:org|com)',
    r'yarnpkg[.]com',
    r'pypi[.](?:org|python[.]org)',
    r'pythonhosted[.]org',
    r'crates[.]io',
    r'rubygems[.]org',
    r'proxy[.]golang[.]org',
    r'launchpadcontent[.]net',
    r'snapcraft[.]io',
]

# Mirror hosts of distributions whose domains also serve other things
# (the bug trackers and wikis stay allowed).
MIRROR_HOSTS = [
    r'(?:deb|ftp(?:[0-9]*[.][a-z]{2})?|security|snapshot|archive|httpredir|http|'
    r'cdn-fastly|mirrors?|incoming)[.]debian[.](?:org|net)',
    r'(?:[a-z]{2}[.])?(?:archive|security|ports|old-releases)[.]ubuntu[.]com',
    r'(?:mirrors|download|dl)[.]fedoraproject[.]org',
    r'(?:mirror|geo[.]mirror|mirrors)[.](?:pkgbuild[.]com|archlinux[.]org)',
]

# Any URL of an apt archive (a path that is a distribution's archive) on a
# host that is not a made-up one.
ARCHIVE_URL = re.compile(
    r'\b[a-z][a-z0-9+.-]*://(?P<host>[^/\s"\'`<>)]+)'
    r'/(?:debian|debian-security|debian-ports|ubuntu|ubuntu-ports)(?:[/\s"\'`<>)]|$)',
    re.IGNORECASE)
MADE_UP_HOST = re.compile(
    r'(?:^|[.@])(?:example|invalid|test|localhost)(?::[0-9]+)?$|^127[.]|^\[::1\]', re.IGNORECASE)

NAMED_HOST = re.compile(
    r'(?<![a-z0-9-])(?:[a-z0-9-]+[.])*(?:%s)(?![a-z0-9-])'
    % '|'.join(REGISTRY_DOMAINS + MIRROR_HOSTS),
    re.IGNORECASE)

# Folders that are not the project's own files.
SKIP_DIRS = re.compile(r'^(?:[.]git|_build.*|_flatpak.*|[.]flatpak-builder|[.]flatpak|[.]dev-data|'
                       r'build|builddir|repo|__pycache__)$')


def repository_files(srcdir):
    if os.path.exists(os.path.join(srcdir, '.git')):
        try:
            listed = subprocess.run(['git', '-C', srcdir, 'ls-files', '-z'],
                                    capture_output=True, check=True)
            return [name for name in listed.stdout.decode().split('\0') if name]
        except (OSError, subprocess.CalledProcessError):
            pass
    files = []
    for folder, dirs, names in os.walk(srcdir):
        dirs[:] = [d for d in dirs if not SKIP_DIRS.match(d)]
        files += [os.path.relpath(os.path.join(folder, n), srcdir) for n in names]
    return sorted(files)


def hosts_in(text):
    """Yields (line number, host) for every registry or mirror host in @text."""
    for number, line in enumerate(text.splitlines(), 1):
        named = [match.group(0) for match in NAMED_HOST.finditer(line)]
        for host in named:
            yield number, host
        for match in ARCHIVE_URL.finditer(line):
            host = match.group('host')
            if not MADE_UP_HOST.search(host) and not NAMED_HOST.search(host):
                yield number, host


def self_test():
    """The patterns catch what they are for (the hosts are put together here,
    so that no file spells them out) and leave made-up hosts alone."""
    dot = '.'
    caught = [
        'CONGKAK_MIRROR=http://deb' + dot + 'debian' + dot + 'org/debian',
        'https://dl' + dot + 'flathub' + dot + 'org/repo/flathub' + dot + 'flatpakrepo',
        'deb [signed-by=/k.gpg] http://ftp' + dot + 'de' + dot + 'debian' + dot + 'org/debian trixie main',
        'registry' + dot + 'npmjs' + dot + 'org',
        'http://mirror' + dot + 'university' + dot + 'edu/debian/ trixie main',
    ]
    allowed = [
        'URIs: http://mirror.example/debian',
        'CONGKAK_MIRROR=http://deb.example/debian',
        'http://127.0.0.1:8080/debian',
        'https://github.com/congkak/congkak',
        'flatpak-builder --install-deps-from=flathub',
    ]
    for text in caught:
        if not list(hosts_in(text)):
            sys.exit(f'check-no-registry-hosts: the patterns miss {text!r}')
    for text in allowed:
        if list(hosts_in(text)):
            sys.exit(f'check-no-registry-hosts: the patterns wrongly catch {text!r}')


def main():
    if len(sys.argv) != 2:
        sys.exit(f'usage: {sys.argv[0]} SRCDIR')
    srcdir = sys.argv[1]
    self_test()

    found = 0
    files = repository_files(srcdir)
    for name in files:
        try:
            with open(os.path.join(srcdir, name), encoding='utf-8') as f:
                text = f.read()
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue  # pictures, fonts and other binary files
        for number, host in hosts_in(text):
            print(f'{name}:{number}: names a registry or mirror host: {host}')
            found += 1
    if found:
        print(f'{found} registry or mirror hosts named; say "a Debian mirror", or use a '
              'made-up host (mirror.example) in tests')
        sys.exit(1)
    print(f'ok: none of the {len(files)} files names a registry or mirror host')


if __name__ == '__main__':
    main()
