#!/usr/bin/env python3
# The board diagrams of the user guide, drawn by `congkak-cli export`:
# nobody draws them by hand, and they show what the engine really does.
#
#   figures.py generate CLI FOLDER
#       Draws every figure into FOLDER (help/C/figures: `meson compile
#       -C _build help-figures` does this).
#   figures.py check CLI FOLDER MEDIA…
#       Draws them into a temporary folder and compares them with FOLDER,
#       which must hold exactly these figures; MEDIA are the figures that
#       help/meson.build installs, which must be the same list.
#
# Text in an SVG is drawn from the fonts of the machine, so where only the
# glyphs differ (another font), check says so and passes; the board itself
# (holes, seeds, counts' places, arrows) must be the same to the byte.

import os
import re
import subprocess
import sys
import tempfile

WIDTH = '720'

# name: arguments of `congkak-cli export`.  The positions are the worked
# examples of the rules pages.
FIGURES = {
    'congkak-start.svg': ['--rules', 'congkak'],
    'congkak-opening.svg': ['--rules', 'congkak', '--moves', 'opening:A,B/b', '--arrows'],
    'congkak-round-2.svg': ['--rules', 'congkak',
                            '--position', 'S: x x 7 7 7 7 7 | 5 / N: 7 7 7 7 7 7 7 | 9 / south'],
    'congkak-single-extra-turn.svg': ['--rules', 'congkak-single', '--moves', 'A', '--arrows'],
    'congkak-single-relay.svg': ['--rules', 'congkak-single', '--moves', 'B', '--arrows'],
    'kalah-start.svg': ['--rules', 'kalah'],
    'kalah-extra-turn.svg': ['--rules', 'kalah', '--moves', 'C', '--arrows'],
    'kalah-before-capture.svg': ['--rules', 'kalah', '--moves', 'E a', '--arrows'],
    'kalah-capture.svg': ['--rules', 'kalah', '--moves', 'E a A', '--arrows'],
    'oware-start.svg': ['--rules', 'oware'],
    'oware-before-capture.svg': ['--rules', 'oware',
                                 '--position', 'S: 4 4 4 4 4 3 | 5 / N: 1 2 1 4 4 4 | 4 / south'],
    'oware-capture.svg': ['--rules', 'oware',
                          '--position', 'S: 4 4 4 4 4 3 | 5 / N: 1 2 1 4 4 4 | 4 / south',
                          '--moves', 'F', '--arrows'],
    'export-kalah-arrows.svg': ['--rules', 'kalah', '--moves', 'C D', '--arrows'],
}


def generate(cli, folder):
    os.makedirs(folder, exist_ok=True)
    for name, args in FIGURES.items():
        command = [cli, 'export', *args, '--size', WIDTH, '--svg', os.path.join(folder, name)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f'{name}: {" ".join(command)} failed:\n{result.stderr}')


def without_text(svg):
    """The drawing without its glyphs: their outlines, and where each is used."""
    svg = re.sub(r'<g id="glyph-[^"]*">.*?</g>', '', svg, flags=re.S)
    return re.sub(r'<use xlink:href="#glyph-[^"]*"[^>]*/>', '', svg)


def check(cli, folder, media):
    errors = []
    notes = []
    listed = sorted(os.path.basename(path) for path in media)
    if listed != sorted(FIGURES):
        errors.append('help/meson.build installs ' + ', '.join(listed) + ';\nhelp/figures.py draws '
                      + ', '.join(sorted(FIGURES)) + '.')
    present = sorted(name for name in os.listdir(folder) if name.endswith('.svg')) if os.path.isdir(folder) else []
    for name in sorted(set(present) - set(FIGURES)):
        errors.append(f'{name} is in help/C/figures but help/figures.py does not draw it.')

    with tempfile.TemporaryDirectory() as tmp:
        generate(cli, tmp)
        for name in sorted(FIGURES):
            committed = os.path.join(folder, name)
            if not os.path.exists(committed):
                errors.append(f'{name} is missing from help/C/figures.')
                continue
            with open(committed, encoding='utf-8') as f:
                old = f.read()
            with open(os.path.join(tmp, name), encoding='utf-8') as f:
                new = f.read()
            if old == new:
                continue
            if without_text(old) == without_text(new):
                notes.append(f'{name}: only the glyphs differ (other fonts here).')
                continue
            errors.append(f'{name} is not what congkak-cli export draws now.')

    for note in notes:
        print(note)
    if errors:
        errors.append('Draw them again with: meson compile -C _build help-figures')
        print('\n'.join(errors), file=sys.stderr)
        return 1
    print(f'{len(FIGURES)} figures, each as congkak-cli export draws it.')
    return 0


def main(argv):
    if len(argv) >= 4 and argv[1] == 'generate':
        generate(os.path.abspath(argv[2]), argv[3])
        return 0
    if len(argv) >= 4 and argv[1] == 'check':
        return check(os.path.abspath(argv[2]), argv[3], argv[4:])
    print('usage: figures.py generate CLI FOLDER | check CLI FOLDER MEDIA…', file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
