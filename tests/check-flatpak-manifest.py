#!/usr/bin/env python3
# Checks the two Flatpak manifests: the one for Flathub builds the release
# from its git tag (Flathub refuses a "dir" source), the development one
# builds this checkout as the development app (APP-ID.Devel).  Both ask for
# no more than the app needs, download nothing but the release's own
# source, and flatpak-builder parses them without warnings (an unknown
# property is only a warning to it).
#   check-flatpak-manifest.py FLATHUB.json DEVEL.json APPLICATION-ID VERSION
# Exits 77 (skipped) when flatpak-builder is not installed, or fails in CI,
# after the checks that need no flatpak-builder.

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from congkak_skip import skip_missing

FINISH_ARGS = [
    '--share=ipc',
    '--socket=wayland',
    '--socket=fallback-x11',
    '--device=dri',
    # Play and lessons over the local network (issue 27): the network, and
    # Avahi's D-Bus name to announce and find hosts; nothing more.
    '--share=network',
    '--system-talk-name=org.freedesktop.Avahi',
]


def fail(path, message):
    print(f'{path}: {message}', file=sys.stderr)
    sys.exit(1)


def check_common(path, manifest, app_id):
    """What both manifests share: the app, its runtime and its permissions."""
    if manifest.get('id') != app_id:
        fail(path, f'id is {manifest.get("id")!r}, not {app_id!r}')
    if manifest.get('runtime') != 'org.gnome.Platform' or manifest.get('sdk') != 'org.gnome.Sdk':
        fail(path, 'the runtime and SDK must be org.gnome.Platform and org.gnome.Sdk')
    if manifest.get('command') != 'congkak':
        fail(path, f'command is {manifest.get("command")!r}, not congkak')
    if sorted(manifest.get('finish-args', [])) != sorted(FINISH_ARGS):
        fail(path, f'finish-args are {manifest.get("finish-args")}, not exactly {FINISH_ARGS}')
    app = manifest['modules'][-1]
    if app.get('buildsystem') != 'meson' or app.get('run-tests', False):
        fail(path, 'the app is built with meson, without running its tests')
    return app


def check_flathub(path, manifest, app_id, version):
    app = check_common(path, manifest, app_id)
    sources = app.get('sources', [])
    if len(sources) != 1:
        fail(path, f'the app module has {len(sources)} sources, not the release alone')
    source = sources[0]
    tag = f'v{version}'
    if source.get('type') == 'git':
        if not re.match(r'https://[^/]+/.+', source.get('url', '')):
            fail(path, f'the git source {source.get("url")!r} is not an https URL')
        if source.get('tag') != tag:
            fail(path, f'the git source builds tag {source.get("tag")!r}, not the release {tag!r}')
        if 'branch' in source:
            fail(path, 'the git source follows a branch: Flathub builds a tag')
        if 'commit' in source and not re.fullmatch(r'[0-9a-f]{40}', source['commit']):
            fail(path, f'the git source\'s commit {source["commit"]!r} is not a full hash')
    elif source.get('type') == 'archive':
        if tag not in source.get('url', '') or not re.fullmatch(r'[0-9a-f]{64}', source.get('sha256', '')):
            fail(path, f'the archive source is not the release {tag} with its sha256')
    else:
        fail(path, f'the app module builds from a {source.get("type")!r} source: Flathub needs git or archive')
    if any('profile=development' in opt for opt in app.get('config-opts', [])):
        fail(path, 'the Flathub build is the development profile')
    # GTK, libadwaita and json-glib come with the GNOME runtime: nothing
    # else is downloaded.
    for module in manifest['modules'][:-1]:
        for source in module.get('sources', []) if isinstance(module, dict) else []:
            if 'url' in source:
                fail(path, f'module {module.get("name")} downloads {source["url"]}')


def check_devel(path, manifest, app_id, flathub):
    app = check_common(path, manifest, app_id + '.Devel')
    if '-Dprofile=development' not in app.get('config-opts', []):
        fail(path, 'the development manifest does not build -Dprofile=development')
    sources = app.get('sources', [])
    if [s.get('type') for s in sources] != ['dir'] or sources[0].get('path') != '..':
        fail(path, 'the app module is built from this checkout (one "dir" source, "..")')
    if '.git' not in sources[0].get('skip', []) or '_build' not in sources[0].get('skip', []):
        fail(path, 'the checkout is copied without .git and _build')
    for key in ('runtime-version', 'cleanup'):
        if manifest.get(key) != flathub.get(key):
            fail(path, f'{key} differs from the Flathub manifest\'s')
    for module in manifest['modules']:
        for source in module.get('sources', []) if isinstance(module, dict) else []:
            if 'url' in source:
                fail(path, f'module {module.get("name")} downloads {source["url"]}')


def check_with_builder(builder, path, manifest):
    # --show-manifest only parses; it runs in a scratch folder so that it
    # leaves no state behind.
    with tempfile.TemporaryDirectory() as tmp:
        result = subprocess.run([builder, '--show-manifest', os.path.abspath(path)],
                                cwd=tmp, capture_output=True, text=True,
                                env=dict(os.environ, HOME=tmp))
    if result.returncode != 0:
        fail(path, f'flatpak-builder --show-manifest failed:\n{result.stderr}')
    if result.stderr.strip():
        fail(path, f'flatpak-builder --show-manifest warns:\n{result.stderr}')
    if json.loads(result.stdout).get('finish-args') != manifest['finish-args']:
        fail(path, 'flatpak-builder reads other finish-args than the file has')
    print(f'ok: flatpak-builder reads {os.path.basename(path)} without warnings')


def main():
    if len(sys.argv) != 5:
        print(f'usage: {sys.argv[0]} FLATHUB.json DEVEL.json APPLICATION-ID VERSION', file=sys.stderr)
        sys.exit(2)
    flathub_path, devel_path, app_id, version = sys.argv[1:]

    with open(flathub_path, encoding='utf-8') as f:
        flathub = json.load(f)
    with open(devel_path, encoding='utf-8') as f:
        devel = json.load(f)
    check_flathub(flathub_path, flathub, app_id, version)
    print(f'ok: the Flathub manifest builds the release v{version} from its tag')
    check_devel(devel_path, devel, app_id, flathub)
    print(f'ok: the development manifest builds this checkout as {app_id}.Devel')
    print('ok: both ask for', ' '.join(FINISH_ARGS))

    builder = shutil.which('flatpak-builder')
    if builder is None:
        skip_missing('flatpak-builder is missing (package flatpak-builder): the manifests are checked without it')
    check_with_builder(builder, flathub_path, flathub)
    check_with_builder(builder, devel_path, devel)


if __name__ == '__main__':
    main()
