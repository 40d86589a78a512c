#!/bin/sh
# Tests scripts/function-length.sh on small fixture files written here: a function of exactly 80
# lines passes and one of 81 fails, with the message a contributor sees; the same boundary holds for
# an initializer, a computed property, a closure-valued property, a function inside `#if` and a
# function in a `main.swift` with top-level code. scripts/lint.sh runs it.
set -eu
cd "$(dirname "$0")/.."
check="$PWD/scripts/function-length.sh"
unset FUNCTION_LENGTH_LIMIT
work=$(mktemp -d "${TMPDIR:-/tmp}/function-length-test.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
failures=0

# `body N` prints N lines of statements: with the opening and closing lines a declaration is N + 2.
body() {
    i=0
    while [ "$i" -lt "$1" ]; do
        echo "        _ = $i"
        i=$((i + 1))
    done
}

# `expect NAME STATUS OUTPUT FILE…`: runs the check on the files and compares its exit status and
# standard output (the offender lines) with the expected ones.
expect() {
    name=$1 status=$2 wanted=$3
    shift 3
    got_status=0
    got=$(cd "$work" && "$check" "$@" 2>"$work/stderr") || got_status=$?
    if [ "$got_status" -ne "$status" ] || [ "$got" != "$wanted" ]; then
        echo "test-function-length: $name: expected status $status and output '$wanted'," >&2
        echo "  got status $got_status and output '$got'; stderr:" >&2
        cat "$work/stderr" >&2
        failures=$((failures + 1))
    fi
}

mkdir -p "$work/at" "$work/over" "$work/app"
{
    echo "struct Fixture {"
    echo "    func eighty() {"; body 78; echo "    }"
    echo "    init(value: Int) {"; body 78; echo "    }"
    echo "    var computed: Int {"; body 77; echo "        return 0"; echo "    }"
    echo "    static let table: [Int] = {"; body 77; echo "        return []"; echo "    }()"
    echo "}"
    echo "#if os(macOS)"
    echo "func platform() {"; body 78; echo "}"
    echo "#endif"
} >"$work/at/AtLimit.swift"
expect "80-line declarations" 0 "" at/AtLimit.swift

{
    echo "struct Fixture {"
    echo "    func eightyOne() {"; body 79; echo "    }"
    echo "    init(value: Int) {"; body 79; echo "    }"
    echo "    var computed: Int {"; body 78; echo "        return 0"; echo "    }"
    echo "    static let table: [Int] = {"; body 78; echo "        return []"; echo "    }()"
    echo "}"
    echo "#if os(macOS)"
    echo "func platform() {"; body 79; echo "}"
    echo "#else"
    echo "func platform() {"; body 78; echo "}"
    echo "#endif"
} >"$work/over/OverLimit.swift"
expect "81-line declarations" 1 "over/OverLimit.swift:2: function eightyOne() is 81 lines (limit 80)
over/OverLimit.swift:83: function init(value:) is 81 lines (limit 80)
over/OverLimit.swift:164: function computed.get is 81 lines (limit 80)
over/OverLimit.swift:245: function table is 81 lines (limit 80)
over/OverLimit.swift:328: function platform() is 81 lines (limit 80)" over/OverLimit.swift

{
    echo "print(launch())"
    echo "func launch() -> Int {"; body 79; echo "    return 0"; echo "}"
} >"$work/app/main.swift"
expect "main.swift with top-level code" 1 "app/main.swift:2: function launch() is 82 lines (limit 80)" \
    app/main.swift at/AtLimit.swift

echo "func broken( {" >"$work/Broken.swift"
expect "a file the compiler cannot parse" 2 "" Broken.swift

if [ "$failures" -ne 0 ]; then
    echo "test-function-length: $failures case(s) failed" >&2
    exit 1
fi
echo "test-function-length: 4 cases passed"
