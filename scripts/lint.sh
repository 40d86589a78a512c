#!/bin/sh
# Runs `swift format lint` (it ships with the toolchain) with the checked-in `.swift-format` over
# Sources, Plugins and Tests, and fails on any finding of a rule that configuration turns on
# (`NeverForceUnwrap`, `NeverUseForceTry`, `AlwaysUseLowerCamelCase`, …). The pretty printer's
# findings (indentation, line breaks, spacing) are left out: the tree is not reformatted to
# swift-format's layout, so they are not a rule here. It then runs scripts/function-length.sh
# (no function in Sources or Plugins over 80 lines) after that check's own test. `make test` runs it.
set -eu
cd "$(dirname "$0")/.."
scripts/test-function-length.sh
lengths=0
scripts/function-length.sh || lengths=$?
if ! swift format --version >/dev/null 2>&1; then
    echo "lint: swift format is not available in this toolchain (Swift 6 ships it); skipped" >&2
    exit "$lengths"
fi
rules=$(sed -n 's/^ *"\([A-Za-z]*\)" *: *true,\{0,1\}$/\1/p' .swift-format | paste -sd '|' -)
out=$(swift format lint --configuration .swift-format --parallel --recursive Sources Plugins Tests 2>&1 || true)
found=$(printf '%s\n' "$out" | grep -E "\[($rules)\]" || true)
if [ -n "$found" ]; then
    printf '%s\n' "$found" >&2
    echo "lint: $(printf '%s\n' "$found" | wc -l | tr -d ' ') finding(s); see .swift-format" >&2
    exit 1
fi
if [ "$lengths" -ne 0 ]; then
    exit "$lengths"
fi
echo "lint: no findings"
