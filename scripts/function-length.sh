#!/bin/sh
# Fails when a function in the given folders (default: Sources and Plugins) is longer than the limit
# (default 80 lines; FUNCTION_LENGTH_LIMIT overrides it), so long functions cannot grow back.
#
# What is measured: every `func`, `init`, `deinit` and `subscript`, every accessor (a computed
# property's body, or each of its `get`/`set`/… blocks), and every property or constant whose value
# is a closure (`let table: T = { … }()`, `let handler = { … }`). A declaration's length is counted from the
# line of its keyword (`func`, `init`, …; attributes, modifiers and doc comments above it are not
# counted) to the line of its closing brace, both included: a one-line function is 1 line, a
# `func f() {` … `}` pair with 78 lines between them is 80. Nested functions count on their own and
# inside the function around them.
#
# The ranges come from the compiler's own parser (`swiftc -dump-parse`), not from a hand tokenizer.
# That parser drops whatever sits inside `#if … #endif` (it evaluates no conditions), so each file
# is handed to it as a copy with its `#if`/`#elseif`/`#else`/`#endif` lines blanked: every branch is
# measured, and line numbers stay those of the real file. (A line of a multi-line string literal
# that starts with `#if` is blanked too: harmless, an empty line in a string still parses.)
#
# Output: one `file:line: function NAME is N lines (limit L)` per offender, exit 1; exit 2 when the
# compiler cannot parse a file (its diagnostics are shown). scripts/test-function-length.sh tests it.
set -eu
limit=${FUNCTION_LENGTH_LIMIT:-80}
if [ "$#" -eq 0 ]; then
    cd "$(dirname "$0")/.."
    set -- Sources Plugins
fi
if ! command -v swiftc >/dev/null 2>&1; then
    echo "function-length: swiftc is not on PATH; install Swift 6 from https://www.swift.org/install/" >&2
    exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/function-length.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# Each file is copied under a numbered name, with a list to map the numbers back to the real
# paths: one compiler run takes all of them (it refuses two files of one name). A `main.swift`
# holds top-level code, which the compiler accepts only in a run of that one file.
mkdir "$work/src"
find "$@" -name '*.swift' -type f | sort >"$work/paths"
count=0
libraries=""
while IFS= read -r file; do
    count=$((count + 1))
    sed -E 's/^[[:space:]]*#(if|elseif|else|endif)([^A-Za-z0-9_].*)?$//' "$file" >"$work/src/$count.swift"
    case "$file" in
        main.swift | */main.swift) mains="${mains:-} $count.swift" ;;
        *) libraries="$libraries -primary-file $count.swift" ;;
    esac
done <"$work/paths"
if [ "$count" -eq 0 ]; then
    echo "function-length: no Swift files in $*" >&2
    exit 2
fi
# `-dump-parse` writes the tree to standard error, with any diagnostics among it. The frontend is
# called directly, every file a primary one: the driver would start one frontend per file, ten
# times slower.
: >"$work/dump"
for run in "$libraries" ${mains:-}; do
    [ -n "$run" ] || continue
    # shellcheck disable=SC2086 # the numbered names are split into arguments on purpose
    if ! (cd "$work/src" && swiftc -frontend -dump-parse $run) >>"$work/dump" 2>&1; then
        echo "function-length: swiftc -dump-parse could not parse (files numbered as listed below):" >&2
        grep -A 6 ': error: ' "$work/dump" >&2 || true
        nl "$work/paths" >&2
        exit 2
    fi
done
# The dump names each file by its number; `paths` turns the number back into the real path.
awk -v limit="$limit" '
    # A declaration line reads `(func_decl … range=[N.swift:L:C - line:L2:C2] "name" …`.
    function range_of(line,    r, halves, start, stop) {
        if (!match(line, /range=\[[^]]*\]/)) return 0
        r = substr(line, RSTART + 7, RLENGTH - 8)
        split(r, halves, " - line:")
        split(halves[1], start, ":")
        split(halves[2], stop, ":")
        file = paths[start[1] + 0]
        first = start[2]
        last = stop[1]
        return 1
    }
    function quoted(line) {
        if (!match(line, /"[^"]*"/)) return ""
        return substr(line, RSTART + 1, RLENGTH - 2)
    }
    function report(name) {
        if (last - first + 1 > limit)
            printf "%s:%d: function %s is %d lines (limit %d)\n", file, first, name, last - first + 1, limit
    }
    FNR == NR { paths[FNR] = $0; next }
    # A stored property or local constant: remember its range and name, and measure it when its
    # initial value turns out to be a closure (`= { … }` or `= { … }()`).
    pending && /\(pattern_named "/ && pending_name == "" { pending_name = quoted($0); next }
    pending && /original_init=/ {
        closure = $0 ~ /original_init=closure_expr/
        if ($0 ~ /original_init=call_expr/ && (getline following) > 0)
            closure = following ~ /^[[:space:]]*\(closure_expr/
        if (closure) { file = p_file; first = p_first; last = p_last; report(pending_name) }
        pending = 0
        next
    }
    /\((func_decl|constructor_decl|destructor_decl|subscript_decl) / {
        pending = 0
        if (range_of($0)) report(quoted($0))
        next
    }
    /\(accessor_decl / {
        pending = 0
        # A subscript is measured as a whole (its getter alone is never longer).
        if ($0 ~ /for="subscript\(/) next
        if (range_of($0)) {
            kind = $0; sub(/.*> /, "", kind); sub(/ for=.*/, "", kind)
            name = $0; sub(/.* for="/, "", name); sub(/".*/, "", name)
            report(name "." kind)
        }
        next
    }
    /\(pattern_binding_decl / {
        pending = range_of($0)
        pending_name = ""; p_file = file; p_first = first; p_last = last
        next
    }
' "$work/paths" "$work/dump" >"$work/found"
if [ -s "$work/found" ]; then
    cat "$work/found"
    echo "function-length: $(wc -l <"$work/found" | tr -d ' ') function(s) over $limit lines; split them into named steps" >&2
    exit 1
fi
