#!/usr/bin/env python3
# Checks the thumbnailer of match files as a file manager runs it: its
# MimeType is the one data/ installs, TryExec names the program that Exec
# runs, and Exec, with %s, %i and %o filled in as the freedesktop.org
# thumbnailer convention does, writes a PNG no larger than the size asked
# for, for every good match file, for a copy of one without its .congkak
# suffix and for the other files given (Aualé's .ogn matches, whose type
# it also lists).  A file that does not load makes no thumbnail and fails.
# A big file (14 MB of empty objects, as a hostile download may be) gets
# a generic picture within 100 MB of memory; its time and memory are
# printed.
#   check-thumbnailer.py THUMBNAILER MIME-XML CLI-DIR GOOD-DIR [FILE…]
import configparser
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import time


def png_size(path):
    with open(path, 'rb') as f:
        header = f.read(24)
    if header[:8] != b'\x89PNG\r\n\x1a\n' or header[12:16] != b'IHDR':
        return None
    return struct.unpack('>II', header[16:24])


def run_measured(words, env):
    """Runs @words; returns (exit status, peak memory in KiB, seconds)."""
    started = time.monotonic()
    process = subprocess.Popen(words, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_maxrss, time.monotonic() - started


def main():
    thumbnailer, mime_xml, cli_dir, good_dir = sys.argv[1:5]
    others = sys.argv[5:]
    failures = []
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(thumbnailer, encoding='utf-8')
    section = entry['Thumbnailer Entry']

    with open(mime_xml, encoding='utf-8') as f:
        mime_types = re.findall(r'<mime-type type="([^"]+)"', f.read())
    listed = [t for t in section['MimeType'].split(';') if t]
    if listed != mime_types:
        failures.append(f'MimeType is {listed}, the MIME package installs {mime_types}')
    exec_words = shlex.split(section['Exec'])
    if exec_words[0] != section['TryExec']:
        failures.append(f'Exec runs {exec_words[0]}, TryExec checks {section["TryExec"]}')
    if not shutil.which(section['TryExec'], path=cli_dir):
        failures.append(f'{section["TryExec"]} is not in {cli_dir}')

    env = dict(os.environ, PATH=cli_dir + os.pathsep + os.environ.get('PATH', ''))
    with tempfile.TemporaryDirectory() as tmp:
        inputs = [os.path.join(good_dir, name) for name in sorted(os.listdir(good_dir))]
        bare = os.path.join(tmp, 'no-suffix')
        shutil.copy(inputs[0], bare)
        inputs.append(bare)
        inputs += others
        broken = os.path.join(tmp, 'broken.congkak')
        with open(broken, 'w') as f:
            f.write('{"format": "congkak-match", "version": "1.0", "moves": [')

        for size in (128, 256):
            for path in inputs + [broken]:
                out = os.path.join(tmp, 'thumbnail.png')
                if os.path.exists(out):
                    os.unlink(out)
                words = [{'%s': str(size), '%i': path, '%o': out, '%u': 'file://' + path}.get(w, w)
                         for w in exec_words]
                result = subprocess.run(words, env=env, capture_output=True, text=True)
                name = os.path.basename(path)
                if path == broken:
                    if result.returncode == 0 or os.path.exists(out):
                        failures.append(f'{name} ({size}): a thumbnail of a file that does not load')
                    else:
                        print(f'ok: {name} ({size}): no thumbnail, exit {result.returncode}')
                    continue
                dimensions = png_size(out) if result.returncode == 0 and os.path.exists(out) else None
                if dimensions is None:
                    failures.append(f'{name} ({size}): no PNG written: {result.stderr.strip()}')
                elif dimensions[0] != size or dimensions[1] > size:
                    failures.append(f'{name} ({size}): {dimensions[0]}x{dimensions[1]}, not within {size}x{size}')
                else:
                    print(f'ok: {name} ({size}): {dimensions[0]}x{dimensions[1]} PNG')

        # A 14 MB match whose unknown field holds millions of empty
        # objects (read whole, it took 288 MB and 9 s): a generic picture.
        big = os.path.join(tmp, 'big.congkak')
        with open(inputs[0], 'rb') as source, open(big, 'wb') as f:
            f.write(source.read().rstrip()[:-1] + b',"x":[{}')
            f.write(b',{}' * (14 * 1024 * 1024 // 3))
            f.write(b']}\n')
        out = os.path.join(tmp, 'big.png')
        words = [{'%s': '256', '%i': big, '%o': out, '%u': 'file://' + big}.get(w, w) for w in exec_words]
        status, peak_kib, seconds = run_measured(words, env)
        print(f'big.congkak (14 MB): exit {status}, {peak_kib / 1024:.1f} MB peak, {seconds:.2f} s')
        if status != 0 or png_size(out) is None:
            failures.append('big.congkak: no generic picture')
        elif peak_kib > 100 * 1024:
            failures.append(f'big.congkak: {peak_kib / 1024:.1f} MB, more than 100 MB')

    for failure in failures:
        print('not ok:', failure)
    print(f'{len(failures)} failed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
