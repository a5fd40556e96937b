#!/bin/sh
# Stands in for a test whose tool is not installed: says what is missing
# and is skipped (exit 77), except in CI (CI set, as .ci/run does), where
# every test must run and a missing tool fails.
#   missing-tool.sh "desktop-file-validate is missing (package desktop-file-utils)"
case "${CI:-}" in
  ''|0|false|no)
    echo "skipped: $*"
    exit 77
    ;;
  *)
    echo "error: $* -- CI runs every test, so it must be installed"
    exit 1
    ;;
esac
