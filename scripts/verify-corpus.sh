#!/usr/bin/env bash
# Runs `assetsmith verify --catalog` over every asset catalog under a corpus folder and prints one
# table row per catalog: sets checked and not checked, errors, warnings, and the rules that fired.
# Not run in CI (the corpus is fetched from public repositories, outside this one).
#
#   scripts/verify-corpus.sh CORPUS [ASSETSMITH]
#
# CORPUS holds one folder per app (any depth of catalogs inside). When an app folder holds a file
# APPICON, its first line is the primary app icon set's name (the project's
# ASSETCATALOG_COMPILER_APPICON_NAME), passed as --app-icon; otherwise AppIcon. Exit 0 when no
# catalog has an error, 1 otherwise, 2 on bad usage.
set -euo pipefail

corpus=${1:-}
bin=${2:-.build/debug/assetsmith}
if [ -z "$corpus" ] || [ ! -d "$corpus" ]; then
  echo "usage: $0 CORPUS [ASSETSMITH]" >&2
  exit 2
fi
if [ ! -x "$bin" ]; then
  echo "error: no assetsmith at $bin; build it (swift build) or give its path" >&2
  exit 2
fi

failed=0
total_errors=0
total_warnings=0
catalogs=0
printf '%-90s %-26s %6s %8s  %s\n' catalog "sets checked/not" errors warnings rules
while IFS= read -r -d '' catalog; do
  relative=${catalog#"$corpus"/}
  app=${relative%%/*}
  icon=AppIcon
  if [ -f "$corpus/$app/APPICON" ]; then icon=$(head -n 1 "$corpus/$app/APPICON"); fi
  json=$("$bin" verify --catalog "$catalog" --app-icon "$icon" --format json 2>&1 || true)
  errors=$(printf '%s\n' "$json" | sed -n 's/^  "errors" : \([0-9]*\),*$/\1/p')
  warnings=$(printf '%s\n' "$json" | sed -n 's/^  "warnings" : \([0-9]*\),*$/\1/p')
  if [ -z "$errors" ]; then
    printf '%-90s %s\n' "$relative" "verify failed: $(printf '%s' "$json" | head -n 1)"
    failed=1
    continue
  fi
  count() { # sums the counts of the object under "$1"
    printf '%s\n' "$json" | sed -n "/^  \"$1\" : {/,/^  }/p" | sed -n 's/^    "[^"]*" : \([0-9]*\),*$/\1/p' | awk '{ s += $1 } END { print s + 0 }'
  }
  checked=$(count checked)
  skipped=$(count skipped)
  rules=$(printf '%s\n' "$json" | sed -n 's/^ *"rule" : "\([^"]*\)",*$/\1/p' | sort | uniq -c |
    awk '{printf "%s%s×%s", (NR>1?", ":""), $2, $1}')
  printf '%-90s %-26s %6s %8s  %s\n' "$relative" "$checked/$skipped" "$errors" "$warnings" "$rules"
  catalogs=$((catalogs + 1))
  total_errors=$((total_errors + errors))
  total_warnings=$((total_warnings + warnings))
  if [ "$errors" != 0 ]; then failed=1; fi
done < <(find "$corpus" -type d -name '*.xcassets' -not -path '*.xcassets/*' -print0 | sort -z)
echo "$catalogs catalogs: $total_errors errors, $total_warnings warnings"
exit $failed
