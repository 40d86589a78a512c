#!/bin/sh
# What can be checked here, on Linux, about the macOS build (issue 54); `make test` runs it.
#
# 1. Linux-only names outside a Linux branch. Each Swift file in Sources, Plugins, Tests and Templates is read
#    with its `#if` branches followed: a name only Linux has (st_mtim, Glibc, /proc, inotify, …; the
#    list is `linux_only` below) may stand only where a branch for Linux is taken (`#if os(Linux)`,
#    `#if canImport(Glibc)`, or the `#else` of `#if canImport(Darwin)`), never where macOS compiles
#    it. Comments are not read.
# 2. APIs newer than the deployment target. scripts/macos-availability.tsv lists Swift and Foundation
#    APIs with the first macOS that has them (from Apple's documentation, a URL on each row); a use
#    of one newer than Package.swift's `.macOS(...)` fails, unless `if #available(macOS N` or
#    `@available(macOS N` (N at least the API's) stands within the 6 lines above it.
#
# `scripts/check-portability.sh [ROOT]` checks ROOT (the repository by default); it prints each
# finding as `file:line: error: …` and exits 1 when there is one. scripts/test-check-portability.sh
# plants violations and checks that each is caught.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=${1:-$here/..}
table=${PORTABILITY_TABLE:-$here/macos-availability.tsv}
cd "$root"

target=$(sed -n 's/.*\.macOS(\.v\([0-9_]*\)).*/\1/p; s/.*\.macOS("\([0-9.]*\)").*/\1/p' Package.swift | head -1 | tr _ .)
if [ -z "$target" ]; then
    echo "check-portability: Package.swift declares no macOS target (.macOS(.vN) in platforms)" >&2
    exit 2
fi

export LINUX_ONLY
LINUX_ONLY='\<st_[amc]tim\>|\<import Glibc\>|\<Glibc\.|\<canImport\(Musl\)|"/proc/|"/sys/|\<inotify_|\<IN_(MODIFY|CREATE|DELETE|MOVED|MOVE_SELF|CLOSE_WRITE|CLOEXEC|NONBLOCK)\>|\<epoll_|\<eventfd\>|\<memfd_create\>|\<prctl\>|\<PR_SET_|\<sched_getaffinity\>|\<O_TMPFILE\>|\<MSG_NOSIGNAL\>|\<SOCK_CLOEXEC\>|\<accept4\>|\<pipe2\>|\<malloc_usable_size\>|\<SOCK_STREAM\.rawValue\>'

files=$(find Sources Plugins Tests Templates -name '*.swift' 2>/dev/null | sort)
[ -n "$files" ] || { echo "check-portability: no Swift files under $root" >&2; exit 2; }

# shellcheck disable=SC2086
awk -v target="$target" -v table="$table" '
function version(text,    parts, n) {
    n = split(text, parts, ".")
    return parts[1] * 10000 + (n > 1 ? parts[2] : 0) * 100 + (n > 2 ? parts[3] : 0)
}
# The region a branch condition selects: "linux", "darwin" (not Linux) or "other".
# POSIX awk has no word boundary: \< and \> in a pattern become "no word character" either side.
function words(pattern) {
    gsub(/\\</, "(^|[^A-Za-z0-9_])", pattern)
    gsub(/\\>/, "([^A-Za-z0-9_]|$)", pattern)
    return pattern
}
function region(condition) {
    if (condition ~ /!(os\(Linux\)|canImport\(Glibc\))/) return "darwin"
    if (condition ~ /os\(Linux\)|canImport\(Glibc\)|canImport\(Musl\)|os\(Android\)/) return "linux"
    if (condition ~ /canImport\(Darwin\)|os\(macOS\)|os\(iOS\)/) return "darwin"
    return "other"
}
function inLinux(    d) {
    for (d = 1; d <= depth; d++) if (current[d] == "linux") return 1
    return 0
}
function uncommented(line,    i, rest) {
    rest = line
    while ((i = index(rest, "//")) > 0) {
        if (i == 1 || substr(rest, i - 1, 1) != ":") return substr(line, 1, length(line) - length(rest) + i - 1)
        rest = substr(rest, i + 2)
    }
    return line
}
function guarded(needed,    k, text, found) {
    for (k = 1; k <= 6; k++) {
        text = recent[(FNR - k) % 7]
        if (match(text, /[#@]available\(macOS [0-9.]+/)) {
            found = substr(text, RSTART, RLENGTH); sub(/.*macOS /, "", found)
            if (version(found) >= needed) return 1
        }
    }
    return 0
}
BEGIN {
    limit = version(target)
    linux_only = words(ENVIRON["LINUX_ONLY"])
    while ((getline row < table) > 0) {
        if (row ~ /^#/ || row !~ /\t/) continue
        split(row, field, "\t")
        count++; since[count] = field[1]; pattern[count] = words(field[2]); api[count] = field[3]; source[count] = field[4]
    }
    if (count == 0) { print "check-portability: no rows in " table > "/dev/stderr"; broken = 1; exit 2 }
}
FNR == 1 { depth = 0 }
{
    recent[FNR % 7] = $0
    code = uncommented($0)
    if (code ~ /^[ \t]*#if[ \t]/) {
        depth++; current[depth] = region(code); had[depth] = current[depth]; next
    }
    if (code ~ /^[ \t]*#elseif[ \t]/ && depth > 0) {
        current[depth] = region(code); had[depth] = had[depth] "," current[depth]; next
    }
    if (code ~ /^[ \t]*#else/ && depth > 0) {
        if (had[depth] ~ /^(darwin,?)+$/) current[depth] = "linux"
        else if (had[depth] ~ /^(linux,?)+$/) current[depth] = "darwin"
        else current[depth] = "other"
        next
    }
    if (code ~ /^[ \t]*#endif/ && depth > 0) { depth--; next }
    if (!inLinux() && match(code, linux_only)) {
        name = substr(code, RSTART, RLENGTH)
        gsub(/^[^A-Za-z0-9_"#]|[^A-Za-z0-9_\/]$/, "", name)
        printf "%s:%d: error: `%s` is Linux-only and macOS compiles this line; put it in the Linux branch of a platform seam (#if os(Linux) … #else … #endif)\n", FILENAME, FNR, name
        failed = 1
    }
    for (r = 1; r <= count; r++) {
        needed = version(since[r])
        if (needed > limit && code ~ pattern[r] && !guarded(needed)) {
            printf "%s:%d: error: %s needs macOS %s, the target is macOS %s (Package.swift); use what macOS %s has, or check with `if #available(macOS %s, *)` (%s)\n", FILENAME, FNR, api[r], since[r], target, target, since[r], source[r]
            failed = 1
        }
    }
}
END { exit broken ? 2 : failed ? 1 : 0 }
' $files || status=$?
if [ "${status:-0}" -ne 0 ]; then
    echo "check-portability: see the errors above (scripts/check-portability.sh says what it checks)" >&2
    exit "$status"
fi
echo "check-portability: no Linux-only name outside a Linux branch; no API newer than macOS $target"
