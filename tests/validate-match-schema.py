#!/usr/bin/env python3
# Checks that a file format's JSON Schema is itself valid, that it accepts
# every good file, and that it rejects bad files whose fault is one of
# structure (the loader checks more: legality of moves, sizes, limits).
#   validate-match-schema.py SCHEMA GOOD-DIR BAD-DIR [BAD-FILE…]
# The bad files named, or without any, those of the match file below.
import json
import os
import sys

from congkak_skip import skip_missing

try:
    import jsonschema
except ImportError:
    skip_missing("Python's jsonschema is missing (Debian and Fedora: python3-jsonschema, Arch: python-jsonschema)")

# Bad files the schema alone must refuse.
STRUCTURAL = [
    "analysis-evaluation-missing.congkak",
    "format-missing.congkak",
    "format-wrong.congkak",
    "holes-10.congkak",
    "holes-2.congkak",
    "holes-fraction.congkak",
    "holes-string.congkak",
    "mark-bad.congkak",
    "move-bad-notation.congkak",
    "move-not-text.congkak",
    "moves-missing.congkak",
    "moves-not-list.congkak",
    "node-without-move.congkak",
    "relay-true.congkak",
    "relay-yes.congkak",
    "rule-key-missing.congkak",
    "rule-other-family.congkak",
    "rule-unknown-option.congkak",
    "rules-missing.congkak",
    "seeds-0.congkak",
    "seeds-21.congkak",
    "variation-empty.congkak",
]


def main():
    schema_path, good_dir, bad_dir = sys.argv[1:4]
    structural = sys.argv[4:] or STRUCTURAL
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = 0

    for name in sorted(os.listdir(good_dir)):
        with open(os.path.join(good_dir, name), encoding="utf-8") as f:
            errors = list(validator.iter_errors(json.load(f)))
        if errors:
            failures += 1
            print(f"not ok: good/{name} is refused: {errors[0].message}")
        else:
            print(f"ok: good/{name}")

    for name in structural:
        with open(os.path.join(bad_dir, name), encoding="utf-8") as f:
            document = json.load(f)
        if validator.is_valid(document):
            failures += 1
            print(f"not ok: bad/{name} is accepted")
        else:
            print(f"ok: bad/{name} is refused")

    print(f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
