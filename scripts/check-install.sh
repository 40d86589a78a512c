#!/usr/bin/env bash
# Checks `make install` into a temporary prefix: the installed binary finds its requirement
# tables and the manifest's schema with no repository beside it, `init` points editors at
# the schema by its $id (no path of this machine in the manifest), `man` renders the installed
# man page, and the bash, zsh and fish completions are where those shells look for them.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d "${TMPDIR:-/tmp}/assetsmith-prefix.XXXXXX")
work=$(mktemp -d "${TMPDIR:-/tmp}/assetsmith-install-check.XXXXXX")
trap 'rm -rf "$prefix" "$work"' EXIT
make --no-print-directory install CONFIG="${CONFIG:-debug}" PREFIX="$prefix" >/dev/null
test -x "$prefix/bin/assetsmith" || { echo "error: make install wrote no $prefix/bin/assetsmith" >&2; exit 1; }
# The binary every build and worker process starts carries no MCP SDK, FoundationNetworking or libcurl.
if command -v ldd >/dev/null 2>&1 && ldd "$prefix/bin/assetsmith" 2>/dev/null | grep -q libcurl; then
    echo "error: $prefix/bin/assetsmith links libcurl: the MCP server belongs in assetsmith-mcp" >&2; exit 1
fi
test -x "$prefix/bin/assetsmith-mcp" || { echo "error: make install wrote no $prefix/bin/assetsmith-mcp (assetsmith mcp runs it)" >&2; exit 1; }
test -f "$prefix/share/assetsmith/Templates/Tables/ios18.json" || { echo "error: make install wrote no tables" >&2; exit 1; }
test -f "$prefix/share/assetsmith/Docs/verify.md" || { echo "error: make install wrote no docs (the MCP server serves Docs/ as resources)" >&2; exit 1; }

cp Assets/AppIcon.svg "$work/"
mkdir -p "$work/App/Assets.xcassets"
printf 'assets:\n  - {name: AppIcon, kind: app-icon, source: AppIcon.svg}\n' >"$work/assetsmith.yml"
( cd "$work" && env -u ASSETSMITH_TEMPLATES "$prefix/bin/assetsmith" plan >plan.json 2>plan.err ) || {
  echo "error: the installed assetsmith cannot plan:" >&2; cat "$work/plan.err" >&2; exit 1; }
grep -q '"table" : "ios18"' "$work/plan.json" || { echo "error: the installed assetsmith did not find the newest table" >&2; exit 1; }

rm "$work/assetsmith.yml"
( cd "$work" && env -u ASSETSMITH_TEMPLATES "$prefix/bin/assetsmith" init --quiet )
# The schema line is portable (issue 35): the schema's $id, never a path of this machine.
schema_id=$(sed -n 's/^  "\$id": "\(.*\)",$/\1/p' "$prefix/share/assetsmith/Templates/Schema/assetsmith.schema.json")
grep -q "^# yaml-language-server: \$schema=$schema_id\$" "$work/assetsmith.yml" || {
  echo "error: init did not point the manifest at the schema's \$id ($schema_id):" >&2; head -3 "$work/assetsmith.yml" >&2; exit 1; }
if grep -q "$prefix" "$work/assetsmith.yml"; then
  echo "error: init wrote a path of this machine ($prefix) into the manifest" >&2; exit 1
fi
# The man page renders (man-db's `man -l FILE`; macOS's man takes a path) and documents every
# command; the completions complete assetsmith's commands.
page="$prefix/share/man/man1/assetsmith.1"
test -s "$page" || { echo "error: make install wrote no $page" >&2; exit 1; }
command -v man >/dev/null 2>&1 || { echo "error: man is not installed (Debian: apt-get install man-db; scripts/install-deps.sh does)" >&2; exit 1; }
if [ "$(uname -s)" = Darwin ]; then render=(man "$page"); else render=(man -l "$page"); fi
MANPAGER=cat MANWIDTH=100 "${render[@]}" >"$work/man.txt" 2>"$work/man.err" || {
  echo "error: man could not render $page:" >&2; cat "$work/man.err" >&2; exit 1; }
for word in NAME SYNOPSIS build init verify watch preview plan --manifest --strict; do
  grep -q -- "$word" "$work/man.txt" || { echo "error: the rendered man page does not mention $word" >&2; exit 1; }
done
if grep -q '^\.\(Sh\|It\|Nm\) ' "$work/man.txt"; then echo "error: man printed mdoc macros instead of rendering them" >&2; exit 1; fi
for completion in bash-completion/completions/assetsmith zsh/site-functions/_assetsmith fish/vendor_completions.d/assetsmith.fish; do
  file="$prefix/share/$completion"
  test -s "$file" || { echo "error: make install wrote no $file" >&2; exit 1; }
  grep -q "verify" "$file" || { echo "error: $file does not complete the verify command" >&2; exit 1; }
done
echo "install: make install PREFIX=… works (tables and schema found from the installed binary; man page and completions installed)"
