#!/usr/bin/env python3
# Checks that the match file's JSON Schema and the loader give the same
# verdict where they could part: texts at the length limit, counted in
# characters by both (whatever their size in bytes), one character past
# it, an empty variation and an empty main line.  Each case is a file made
# from GOOD-FILE; the loader's verdict is that of `congkak-cli validate`.
#   check-schema-agrees.py SCHEMA CLI GOOD-FILE
import copy
import json
import os
import subprocess
import sys
import tempfile

from congkak_skip import skip_missing

try:
    import jsonschema
except ImportError:
    skip_missing("Python's jsonschema is missing (Debian and Fedora: python3-jsonschema, Arch: python-jsonschema)")

LIMIT = 65536


def cases(good):
    """(name, document, whether it is valid) for each case."""
    def with_comment(text):
        document = copy.deepcopy(good)
        document['moves'][0]['comment'] = text
        return document

    def with_name(text):
        document = copy.deepcopy(good)
        document.setdefault('players', {}).setdefault('south', {})['name'] = text
        return document

    def with_notes(text):
        document = copy.deepcopy(good)
        document.setdefault('metadata', {})['notes'] = text
        return document

    empty_variation = copy.deepcopy(good)
    empty_variation['moves'][1]['variations'] = [[]]
    no_moves = copy.deepcopy(good)
    no_moves['moves'] = []

    return [
        ('a comment of 65,536 ASCII letters', with_comment('x' * LIMIT), True),
        ('a comment of 65,537 ASCII letters', with_comment('x' * (LIMIT + 1)), False),
        # Two bytes each: 131,072 bytes, under the limit in characters.
        ('a comment of 65,536 letters ß', with_comment('ß' * LIMIT), True),
        ('a comment of 65,537 letters ß', with_comment('ß' * (LIMIT + 1)), False),
        # Four bytes each, outside the Basic Multilingual Plane.
        ('a name of 65,536 signs 𝄞', with_name('𝄞' * LIMIT), True),
        ('a name of 65,537 signs 𝄞', with_name('𝄞' * (LIMIT + 1)), False),
        ('notes of 65,536 letters ж', with_notes('ж' * LIMIT), True),
        ('notes of 65,537 letters ж', with_notes('ж' * (LIMIT + 1)), False),
        ('an empty variation', empty_variation, False),
        ('a match without moves', no_moves, True),
    ]


def main():
    schema_path, cli, good_path = sys.argv[1:4]
    with open(schema_path, encoding='utf-8') as f:
        validator = jsonschema.Draft202012Validator(json.load(f))
    with open(good_path, encoding='utf-8') as f:
        good = json.load(f)

    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, document, valid in cases(good):
            path = os.path.join(tmp, 'case.congkak')
            with open(path, 'w', encoding='utf-8') as f:
                json.dump(document, f, ensure_ascii=False)
            schema_says = validator.is_valid(document)
            result = subprocess.run([cli, 'validate', path], capture_output=True, text=True,
                                    env=dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE=''))
            loader_says = result.returncode == 0
            if schema_says == loader_says == valid:
                print(f'ok: {name}: {"accepted" if valid else "refused"} by both')
            else:
                failures += 1
                print(f'not ok: {name}: the schema {"accepts" if schema_says else "refuses"} it, '
                      f'the loader {"accepts" if loader_says else "refuses"} it '
                      f'({(result.stdout + result.stderr).strip()[:200]}), '
                      f'and it should be {"accepted" if valid else "refused"}')
    print(f'{failures} failed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
