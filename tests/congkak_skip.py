# A test whose tool is missing says what is missing and is skipped (exit
# 77), except in CI (CI set, as .ci/run does), where every test must run and
# a missing tool fails.  The shell scripts' counterpart is missing-tool.sh.
import os
import sys


def in_ci():
    return os.environ.get('CI', '') not in ('', '0', 'false', 'no')


def skip_missing(reason):
    """Ends the test: skipped because of @reason, or failed under CI."""
    if in_ci():
        print(f'error: {reason} -- CI runs every test, so it must be installed')
        sys.exit(1)
    print(f'skipped: {reason}')
    sys.exit(77)
