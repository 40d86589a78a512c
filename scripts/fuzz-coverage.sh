#!/bin/sh
# Coverage-guided fuzzing (`make fuzz`, Linux): builds `assetsmith-libfuzzer` with the Swift
# toolchain's libFuzzer and address sanitizer into .build/libfuzzer, then runs each reader for
# FUZZ_SECONDS seconds on the repository's seeds, corpora kept in .build/fuzz/corpus-<target>.
# Prints libFuzzer's last status line per target (executions, coverage `cov:`, features `ft:`).
# A crash stops with the reproducer in .build/fuzz/ (libFuzzer's crash-* file).
#
#   scripts/fuzz-coverage.sh [seconds] [target ...]     targets: manifest launch-template png contents-json symbol-template icon-json
set -eu
set -f # no globbing: find's -name patterns are passed as words
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-${FUZZ_SECONDS:-60}}
[ $# -gt 0 ] && shift
TARGETS=${*:-manifest launch-template png contents-json symbol-template icon-json}
if [ "$(uname -s)" != Linux ]; then
    echo "fuzz-coverage: libFuzzer with the Swift toolchain is set up for Linux here; on macOS run .build/release/assetsmith-fuzz" >&2
    exit 2
fi
swift build -c debug --scratch-path .build/libfuzzer --product assetsmith-libfuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DASSETSMITH_LIBFUZZER -Xswiftc -use-ld=lld
BIN=.build/libfuzzer/debug/assetsmith-libfuzzer
mkdir -p .build/fuzz
for target in $TARGETS; do
    corpus=.build/fuzz/corpus-$target
    mkdir -p "$corpus"
    case $target in
        manifest) seeds="assetsmith.yml Tests/Fixtures/Manifests/valid Tests/Fixtures/Manifests/invalid Tests/Fixtures/IconComposer/Project/assetsmith.yml Tests/Fixtures/Verify/project/assetsmith.yml" ;;
        launch-template) seeds="Templates/Launch Tests/Fixtures/Launch" ;;
        png) seeds="Tests/Fixtures/pngsuite" ;;
        contents-json) seeds="Tests/Fixtures/Verify" ;;
        icon-json) seeds="Tests/Fixtures/IconComposer" ;;
        symbol-template) seeds="Tests/Fixtures/Symbols Tests/Fixtures/Verify/RealWorld/image-types/Assets.xcassets/custom.bolt.symbolset" ;;
        *) echo "fuzz-coverage: no target $target" >&2; exit 2 ;;
    esac
    for seed in $seeds; do
        names="-name *.yml -o -name *.yaml -o -name *.png -o -name *.json"
        [ "$target" = symbol-template ] && names="-name *.svg"
        # shellcheck disable=SC2086 # the patterns are find's words (no globbing: set -f above)
        find "$seed" -type f \( $names \) \
            -exec sh -c 'cp "$1" "$2/seed-$(cksum < "$1" | cut -d" " -f1)"' _ {} "$corpus" \;
    done
    dict=""
    [ -f "scripts/fuzz/$target.dict" ] && dict="-dict=scripts/fuzz/$target.dict"
    echo "fuzz $target: $SECONDS_PER_TARGET s"
    ASSETSMITH_FUZZ_TARGET=$target ASSETSMITH_REPO=$(pwd) "$BIN" "$corpus" $dict -max_total_time="$SECONDS_PER_TARGET" \
        -rss_limit_mb=2048 -timeout=10 -artifact_prefix=.build/fuzz/ -print_final_stats=1 2> ".build/fuzz/$target.log" || {
        tail -30 ".build/fuzz/$target.log" >&2; exit 1; }
    grep -E '^#[0-9]+' ".build/fuzz/$target.log" | tail -1
    grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' ".build/fuzz/$target.log"
done
