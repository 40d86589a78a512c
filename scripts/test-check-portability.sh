#!/bin/sh
# Tests scripts/check-portability.sh on a small package written here: Linux-only names inside a
# Linux branch (and in comments) and an API guarded by `#available` pass; each planted violation
# fails with its file and line; an API exactly at the target passes and one a version above fails.
# `make test` runs it before the check itself.
set -eu
cd "$(dirname "$0")/.."
check="$PWD/scripts/check-portability.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/check-portability-test.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
failures=0

# `package TARGET`: a fresh package in $work/p with `.macOS(TARGET)` and one clean source file.
package() {
    rm -rf "$work/p"
    mkdir -p "$work/p/Sources/A" "$work/p/Tests/ATests"
    printf '// swift-tools-version:6.2\nlet package = Package(name: "P", platforms: [.macOS(%s)])\n' "$1" >"$work/p/Package.swift"
    cat >"$work/p/Sources/A/Clean.swift" <<'EOF'
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads /proc/self/status and st_mtim on Linux (a comment: not read).
func stamp(_ info: stat) -> Int {
    #if canImport(Darwin)
    return Int(info.st_mtimespec.tv_sec)
    #else
    return Int(info.st_mtim.tv_sec) // st_mtim
    #endif
}

func status() -> String? {
    #if os(Linux)
    return try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    #else
    return nil
    #endif
}

func text(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15.0, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    return nil
}
EOF
}

# `expect NAME STATUS WANTED`: runs the check on $work/p; its status must be STATUS and, when
# WANTED is not empty, its output must contain WANTED.
expect() {
    got_status=0
    got=$("$check" "$work/p" 2>&1) || got_status=$?
    if [ "$got_status" -ne "$2" ] || ! printf '%s\n' "$got" | grep -qF -- "$3"; then
        echo "test-check-portability: $1: expected status $2 and '$3', got status $got_status:" >&2
        printf '%s\n' "$got" >&2
        failures=$((failures + 1))
    fi
}

package .v13
expect "a clean package" 0 "no API newer than macOS 13"

package .v13
printf 'import Foundation\nfunc m(_ p: String) -> Int {\n    var s = stat()\n    _ = stat(p, &s)\n    return s.st_mtim.tv_sec\n}\n' >"$work/p/Tests/ATests/T.swift"
expect "st_mtim outside a branch" 1 "Tests/ATests/T.swift:5: error: \`st_mtim\` is Linux-only"

package .v13
printf '#if canImport(Darwin)\nimport Darwin\n#else\nimport Glibc\n#endif\nimport Glibc\n' >"$work/p/Sources/A/G.swift"
expect "import Glibc after the branch" 1 "Sources/A/G.swift:6: error: \`import Glibc\` is Linux-only"

package .v13
printf '#if os(Linux)\nlet a = 1\n#else\nlet b = "/proc/self/stat"\n#endif\n' >"$work/p/Sources/A/P.swift"
expect "/proc in the #else of os(Linux)" 1 "Sources/A/P.swift:4: error:"

package .v13
printf '#if !os(Linux)\nlet fd = inotify_init1(0)\n#endif\n' >"$work/p/Sources/A/I.swift"
expect "inotify under !os(Linux)" 1 "Sources/A/I.swift:2: error: \`inotify_\` is Linux-only"

package .v13
printf 'func t(_ b: [UInt8]) -> String? { String(validating: b, as: UTF8.self) }\n' >"$work/p/Sources/A/V.swift"
expect "String(validating:as:) on macOS 13" 1 "Sources/A/V.swift:1: error: String.init(validating:as:) needs macOS 15.0, the target is macOS 13"

package .v13
printf 'func t(_ b: [UInt8]) -> String? {\n    if #available(macOS 14.0, *) {\n        return String(validating: b, as: UTF8.self)\n    }\n    return nil\n}\n' >"$work/p/Sources/A/V.swift"
expect "a guard one version short" 1 "Sources/A/V.swift:3: error: String.init(validating:as:) needs macOS 15.0"

package .v14
printf 'import Foundation\nlet p = #Predicate<Int> { $0 > 1 }\n' >"$work/p/Sources/A/Q.swift"
expect "an API at the target (14)" 0 "no API newer than macOS 14"

package .v13
printf 'import Foundation\nlet p = #Predicate<Int> { $0 > 1 }\n' >"$work/p/Sources/A/Q.swift"
expect "the same API a version above the target (13)" 1 "Sources/A/Q.swift:2: error: Foundation.Predicate needs macOS 14.0"

package '"15.0"'
expect "a target written as a string" 0 "no API newer than macOS 15.0"

package .v13
printf 'let package = Package(name: "P")\n' >"$work/p/Package.swift"
expect "no macOS target" 2 "declares no macOS target"

if [ "$failures" -ne 0 ]; then
    echo "test-check-portability: $failures case(s) failed" >&2
    exit 1
fi
echo "test-check-portability: all cases pass"
