#!/usr/bin/env bash
# Runs `assetsmith verify` over a corpus of catalogs and projects of apps that ship, as the corpus's
# README describes (../shared/testdata/catalogs): every `.xcassets` folder with `--catalog` (and
# `--app-icon NAME` where the app's APPICON file names one for that catalog), and every
# `project.pbxproj` with `--project`. Each of them ships, so any error is a false alarm in verify.
#
#   scripts/verify-corpus.sh [CORPUS] [ASSETSMITH]
#
# CORPUS is an unpacked folder or a `corpus.tar.xz` (unpacked into a temporary folder); by default
# ../shared/testdata/catalogs/corpus.tar.xz beside the repository. When it is absent (a checkout
# elsewhere) the script says so and exits 0. It prints one line per run that has an error or was
# refused, and a summary; exit 1 when any run has an error or exits 2.
# The corpus is not copied into this repository: its README keeps it apart from the product (several
# of its apps are GPL, AGPL or MPL), and it is 35 MB.
set -euo pipefail
cd "$(dirname "$0")/.."

corpus=${1:-../shared/testdata/catalogs/corpus.tar.xz}
bin=${2:-.build/debug/assetsmith}
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
if [ ! -e "$corpus" ]; then
  echo "verify-corpus: no corpus at $corpus (a checkout without ../shared); skipped"
  exit 0
fi
if [ ! -x "$bin" ]; then
  echo "error: no assetsmith at $bin; build it (swift build) or give its path" >&2
  exit 2
fi
if [ -f "$corpus" ]; then
  unpacked=$(mktemp -d "${TMPDIR:-/tmp}/assetsmith-corpus.XXXXXX")
  trap 'rm -rf "$unpacked"' EXIT
  tar -xJf "$corpus" -C "$unpacked"
  corpus=$unpacked
fi

runs=0; bad=0; warnings=0
report() { # $1 = shown name, $2 = exit code, $3 = json report (or stderr)
  runs=$((runs + 1))
  local w
  w=$(printf '%s\n' "$3" | sed -n 's/^ *"warnings" : \([0-9]*\),*$/\1/p' | awk '{ s += $1 } END { print s + 0 }')
  warnings=$((warnings + w))
  if [ "$2" != 0 ]; then
    bad=$((bad + 1))
    echo "== $1: exit $2"
    printf '%s\n' "$3" | grep -E '"message"|error:' | head -n 20 | sed 's/^ */   /'
  fi
}

for app in "$corpus"/*/; do
  app=${app%/}
  name=${app##*/}
  while IFS= read -r -d '' cat; do
    cat=${cat#"$app"/}
    icon=""
    if [ -f "$app/APPICON" ]; then
      icon=$(awk -v c="$cat" 'NR > 1 && index($0, c "=") == 1 { print substr($0, length(c) + 2); exit }' "$app/APPICON")
    fi
    set +e
    if [ -n "$icon" ]; then out=$(cd "$app" && "$bin" verify --catalog "$cat" --app-icon "$icon" --format json --no-color 2>&1)
    else out=$(cd "$app" && "$bin" verify --catalog "$cat" --format json --no-color 2>&1); fi
    code=$?
    set -e
    report "$name/$cat" "$code" "$out"
  done < <(cd "$app" && find . -name '*.xcassets' -type d -prune -print0 | sed -z 's#^\./##' | sort -z | sed -z "s#^#$app/#")
  while IFS= read -r -d '' proj; do
    proj=${proj#"$app"/}
    proj=${proj%/project.pbxproj}
    set +e
    out=$(cd "$app" && "$bin" verify --project "$proj" --format json --no-color 2>&1)
    code=$?
    set -e
    report "$name/$proj" "$code" "$out"
  done < <(find "$app" -name project.pbxproj -print0 | sort -z)
done
echo "verify-corpus: $runs runs, $bad with an error or refused, $warnings warnings"
[ "$bad" = 0 ]
