#!/usr/bin/env bash
# Checks the SwiftPM command plugin end to end: `swift package assetsmith plan` on this package
# must print the bundled example's plan.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(swift package --allow-writing-to-package-directory assetsmith plan 2>/dev/null)
if ! grep -q '"folder" : "AppIcon.appiconset"' <<<"$out"; then
  echo "error: the command plugin did not print the bundled example's plan" >&2
  exit 1
fi
echo "plugin: swift package assetsmith plan works"
