#!/usr/bin/env python3
# Checks the Flatpak manifest: flatpak-builder parses it without warnings
# (an unknown property is only a warning to it), and it asks for no more
# than the app needs.
#   check-flatpak-manifest.py MANIFEST.json APPLICATION-ID
# Exits 77 (skipped) when flatpak-builder is not installed, or fails in CI.

import json
import os
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
]


def fail(message):
    print(f'{sys.argv[1]}: {message}', file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        print(f'usage: {sys.argv[0]} MANIFEST.json APPLICATION-ID', file=sys.stderr)
        sys.exit(2)
    path, app_id = sys.argv[1], sys.argv[2]

    with open(path, encoding='utf-8') as f:
        manifest = json.load(f)

    if manifest.get('id') != app_id:
        fail(f'id is {manifest.get("id")!r}, not {app_id!r}')
    if manifest.get('runtime') != 'org.gnome.Platform' or manifest.get('sdk') != 'org.gnome.Sdk':
        fail('the runtime and SDK must be org.gnome.Platform and org.gnome.Sdk')
    if manifest.get('command') != 'congkak':
        fail(f'command is {manifest.get("command")!r}, not congkak')
    if sorted(manifest.get('finish-args', [])) != sorted(FINISH_ARGS):
        fail(f'finish-args are {manifest.get("finish-args")}, not exactly {FINISH_ARGS}')

    app = manifest['modules'][-1]
    if app.get('buildsystem') != 'meson' or app.get('run-tests', False):
        fail('the app is built with meson, without running its tests')
    sources = app.get('sources', [])
    if [s.get('type') for s in sources] != ['dir'] or sources[0].get('path') != '..':
        fail('the app module is built from the repository (one "dir" source, "..")')
    # Nothing is downloaded at build time: GTK, libadwaita and json-glib
    # come with the GNOME runtime.
    for module in manifest['modules']:
        for source in module.get('sources', []) if isinstance(module, dict) else []:
            if 'url' in source:
                fail(f'module {module.get("name")} downloads {source["url"]}')

    builder = shutil.which('flatpak-builder')
    if builder is None:
        print('ok: the manifest asks for', ' '.join(FINISH_ARGS))
        skip_missing('flatpak-builder is missing (package flatpak-builder): the manifest is checked without it')

    # --show-manifest only parses; it runs in a scratch folder so that it
    # leaves no state behind.
    with tempfile.TemporaryDirectory() as tmp:
        result = subprocess.run([builder, '--show-manifest', os.path.abspath(path)],
                                cwd=tmp, capture_output=True, text=True,
                                env=dict(os.environ, HOME=tmp))
    if result.returncode != 0:
        fail(f'flatpak-builder --show-manifest failed:\n{result.stderr}')
    if result.stderr.strip():
        fail(f'flatpak-builder --show-manifest warns:\n{result.stderr}')
    if json.loads(result.stdout).get('finish-args') != manifest['finish-args']:
        fail('flatpak-builder reads other finish-args than the file has')

    print('ok: flatpak-builder reads the manifest without warnings')
    print('ok: the manifest asks for', ' '.join(FINISH_ARGS))


if __name__ == '__main__':
    main()
