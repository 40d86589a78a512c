#!/usr/bin/env bash
# Assetsmith as a peer in the shared benchmark harness (../shared/bench): copy this file into that
# folder and add "assetsmith<TAB>./peer-assetsmith.sh" to peers.tsv. ASSETCLI points at the binary
# (e.g. <checkout>/.build/release/assetsmith; default: `assetsmith` on the PATH). One assetsmith
# process does all the work, and the script around it starts no other program in a timed run (no
# mktemp, grep or rm: the harness times the whole script, and each of those cost about a
# millisecond and a half, as much as the floor's own adapter, which only execs its binary).
set -euo pipefail
case $0 in */*) here=${0%/*} ;; *) here=. ;; esac
. "$here/peer-common.sh"
CLI=${ASSETCLI:-$(command -v assetsmith || true)}
if [ -z "$CLI" ] || [ ! -x "$CLI" ]; then
  echo "peer-assetsmith.sh: set ASSETCLI to the assetsmith binary (make build writes .build/release/assetsmith)" >&2
  exit 2
fi

case $corpus in /*) ;; *) corpus=$PWD/$corpus ;; esac   # the manifest lives elsewhere: absolute paths
master="$corpus/${ICON_MASTER:-icon-master-rgb.png}"
# Beside the catalog in the output folder, which the harness empties before each run (and the
# scored run's renaming below removes).
manifest="$out/catalog.assetsmith.yml"
{
  echo "table: ios18"
  echo "assets:"
  for n in $ICON_SIZES; do
    printf '  - {name: Icon-%s, kind: image, source: "%s", size: %s, scales: [1x], background: "#FFFFFF"}\n' "$n" "$master" "$n"
  done
  for svg in "$corpus"/glyphs/*.svg; do
    stem=${svg##*/}
    printf '  - {name: "%s", kind: image, source: "%s", size: 25}\n' "${stem%.svg}" "$svg"
  done
  printf '  - {name: raster-glyph, kind: image, source: "%s", size: 25}\n' "$corpus/raster-glyph-50.png"
} > "$manifest"

# Exit 1 is expected: the 50 px raster glyph is refused at @3x (75 px) instead of being upscaled.
status=0
log=$("$CLI" build --manifest "$manifest" --output "$out/catalog" 2>&1 >/dev/null) || status=$?
if [ "$status" != 0 ] && [[ $log != *upscaled* ]]; then
  printf '%s\n' "$log" >&2
  exit "$status"
fi

if [ "${BENCH_NORMALIZE:-0}" = 1 ]; then
  cat="$out/catalog/Assets.xcassets"
  for n in $ICON_SIZES; do mv "$cat/Icon-$n.imageset/Icon-$n.png" "$out/icons/Icon-$n.png"; done
  for svg in "$corpus"/glyphs/*.svg; do
    stem=${svg##*/}; stem=${stem%.svg}
    mv "$cat/$stem.imageset/$stem.png" "$out/glyphs/$stem-25.png"
    mv "$cat/$stem.imageset/$stem@2x.png" "$out/glyphs/$stem-50.png"
    mv "$cat/$stem.imageset/$stem@3x.png" "$out/glyphs/$stem-75.png"
  done
  mv "$cat/raster-glyph.imageset/raster-glyph.png" "$out/raster/raster-glyph-25.png"
  mv "$cat/raster-glyph.imageset/raster-glyph@2x.png" "$out/raster/raster-glyph-50.png"
  rm -rf "$out/catalog" "$manifest"
fi
