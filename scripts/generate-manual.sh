#!/usr/bin/env bash
# Regenerates Docs/man/assetsmith.1, the man page `make install` and the Homebrew formula install,
# with swift-argument-parser's `generate-manual` package plugin: it builds the package (debug by
# default, CONFIG=release for the release build), runs `assetsmith --experimental-dump-help` and
# writes mdoc from the commands' own names, options and help texts. Run it after changing a
# command, an option or a help text; ManualPageTests fails until the page matches the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
config=${CONFIG:-debug}
swift package generate-manual --configuration "$config" --date "$(date -u +%Y-%m-%d)" >/dev/null
page=.build/plugins/GenerateManual/outputs/assetsmith/assetsmith.1
test -s "$page" || { echo "error: the generate-manual plugin wrote no $page" >&2; exit 1; }
mkdir -p Docs/man
cp "$page" Docs/man/assetsmith.1
echo "wrote Docs/man/assetsmith.1 ($(wc -l <Docs/man/assetsmith.1) lines)"
