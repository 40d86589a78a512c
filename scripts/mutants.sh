#!/usr/bin/env bash
# Mutation check (CONTRIBUTING.md: Hostile-input design): applies each mutant of scripts/mutants.list (a sed
# patch of one source file) one at a time, builds, runs that mutant's focused tests, restores the
# file, and reports the mutants no test caught. Exit 0 when every mutant is caught, 1 otherwise,
# 2 when a mutant no longer applies (the code moved: update the list).
# Usage: scripts/mutants.sh [--applies] [list]
#   Slow (one incremental build a mutant, 1-3 minutes each): run before a release and whenever a
#   round adds rules. --applies only checks that every mutant still changes its file (no build,
#   under a second; `make test` runs it, so a line the code moved past fails at once).
set -u
cd "$(dirname "$0")/.."
applies_only=0
if [ "${1:-}" = "--applies" ]; then applies_only=1; shift; fi
list=${1:-scripts/mutants.list}
backup=$(mktemp -d)
current=""
restore() { if [ -n "$current" ] && [ -f "$backup/file" ]; then cp "$backup/file" "$current"; fi; current=""; }
trap 'restore; rm -rf "$backup"' EXIT
trap 'exit 130' INT TERM

caught=0; survived=(); stale=()
while IFS=$'\t' read -r file expression filter what; do
    case "$file" in ''|'#'*) continue ;; esac
    if [ ! -f "$file" ]; then stale+=("$what ($file: no such file)"); continue; fi
    if [ "$applies_only" = 1 ]; then
        sed -E "$expression" "$file" | cmp -s - "$file" && stale+=("$what ($file)")
        continue
    fi
    cp "$file" "$backup/file"; current=$file
    # Not `sed -i`: BSD sed (macOS) reads its next argument as a backup suffix.
    sed -E "$expression" "$backup/file" >"$file"
    if cmp -s "$file" "$backup/file"; then
        stale+=("$what ($file)"); restore; continue
    fi
    echo "== mutant: $what ($file)"
    if ! swift build --build-tests >"$backup/build.log" 2>&1; then
        echo "   caught by the compiler"; caught=$((caught + 1)); restore; continue
    fi
    if swift test --skip-build --filter "$filter" >"$backup/test.log" 2>&1; then
        echo "   SURVIVED: $filter passed"; survived+=("$what ($file)")
    else
        echo "   caught by $filter"; caught=$((caught + 1))
    fi
    restore
done <"$list"
if [ "$applies_only" = 1 ]; then
    for m in "${stale[@]}"; do echo "did not apply: $m" >&2; done
    [ ${#stale[@]} -eq 0 ] || { echo "error: ${#stale[@]} mutant(s) of $list no longer change their file: update the list" >&2; exit 2; }
    echo "mutants: every line of $list applies"
    exit 0
fi
swift build --build-tests >/dev/null 2>&1 || echo "warning: the final build of the restored tree failed"

echo "mutants: $caught caught, ${#survived[@]} survived, ${#stale[@]} did not apply"
for m in "${survived[@]}"; do echo "survived: $m"; done
for m in "${stale[@]}"; do echo "did not apply: $m"; done
[ ${#stale[@]} -eq 0 ] || exit 2
[ ${#survived[@]} -eq 0 ]
