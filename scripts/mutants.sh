#!/usr/bin/env bash
# Mutation check (CONTRIBUTING.md: Hostile-input design): applies each mutant of scripts/mutants.list (a sed
# patch of one source file) one at a time, builds, runs that mutant's focused tests, restores the
# file, and reports the mutants no test caught. Exit 0 when every mutant is caught, 1 otherwise,
# 2 when a mutant no longer applies (the code moved: update the list).
# Usage: scripts/mutants.sh [list]     Slow (one incremental build a mutant): run before a release.
set -u
cd "$(dirname "$0")/.."
list=${1:-scripts/mutants.list}
backup=$(mktemp -d)
current=""
restore() { if [ -n "$current" ] && [ -f "$backup/file" ]; then cp "$backup/file" "$current"; fi; current=""; }
trap 'restore; rm -rf "$backup"' EXIT
trap 'exit 130' INT TERM

caught=0; survived=(); stale=()
while IFS=$'\t' read -r file expression filter what; do
    case "$file" in ''|'#'*) continue ;; esac
    cp "$file" "$backup/file"; current=$file
    sed -E -i "$expression" "$file"
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
swift build --build-tests >/dev/null 2>&1 || echo "warning: the final build of the restored tree failed"

echo "mutants: $caught caught, ${#survived[@]} survived, ${#stale[@]} did not apply"
for m in "${survived[@]}"; do echo "survived: $m"; done
for m in "${stale[@]}"; do echo "did not apply: $m"; done
[ ${#stale[@]} -eq 0 ] || exit 2
[ ${#survived[@]} -eq 0 ]
