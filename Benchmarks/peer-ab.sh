#!/usr/bin/env bash
# Alternates the one-thread C floor and one or more assetsmith binaries on the shared peer
# benchmark's corpus, N rounds, and prints each one's median wall, user, system and CPU time, peak
# memory (the largest process), PNG bytes, and the ratios to the floor. Whole processes, one run
# each per round, so drift on a shared machine does not favour one binary.
#   usage: Benchmarks/peer-ab.sh N BIN [BIN...]        env: SHARED (default ../shared/bench)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$root/../shared/bench}"
rounds=${1:?usage: $0 N BIN [BIN...]}; shift
[ $# -gt 0 ] || { echo "usage: $0 N BIN [BIN...]" >&2; exit 2; }
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
corpus="$work/corpus"; python3 "$shared/make-corpus.py" "$corpus" >/dev/null
cp "$root/Benchmarks/peer-assetsmith.sh" "$work/"; cp "$shared/peer-common.sh" "$shared/peer-floor.sh" "$shared/floor.c" "$work/"
log="$work/times"
# Like /usr/bin/time, to the millisecond: wall, user, system, and the largest process's peak RSS (KB).
cat > "$work/timed.py" <<'PY'
import resource, subprocess, sys, time
name, log, *command = sys.argv[1:]
start = time.perf_counter()
subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(log, "a") as f:
    f.write(f"{name} {wall:.4f} {usage.ru_utime:.4f} {usage.ru_stime:.4f} {usage.ru_maxrss}\n")
PY
for _ in $(seq "$rounds"); do
  for bin in floor "$@"; do
    out="$work/out"; rm -rf "$out"
    if [ "$bin" = floor ]; then peer="$work/peer-floor.sh"; else peer="$work/peer-assetsmith.sh"; fi
    ASSETCLI="$bin" python3 "$work/timed.py" "$bin" "$log" "$peer" "$corpus" "$out" || true
    [ "$bin" = floor ] || echo "$bin bytes $(find "$out" -name '*.png' -printf '%s\n' | awk '{s+=$1} END {print s+0}')" >> "$log"
  done
done
python3 - "$log" floor "$@" <<'PY'
import statistics as st, sys
rows = [l.split() for l in open(sys.argv[1])]
floor = None
for name in sys.argv[2:]:
    t = [list(map(float, r[1:])) for r in rows if r[0] == name and r[1] != "bytes"]
    wall, user, sys_ = (st.median(x[i] for x in t) for i in range(3))
    cpu = st.median(x[1] + x[2] for x in t)
    rss = st.median(x[3] for x in t) / 1024
    sizes = [int(r[2]) for r in rows if r[0] == name and r[1] == "bytes"]
    line = f"{name}: wall {wall:.3f} s, user {user:.3f} s, sys {sys_:.3f} s, CPU {cpu:.3f} s, peak RSS {rss:.1f} MB"
    if sizes: line += f", PNG {sizes[-1] / 1e6:.3f} MB"
    if floor: line += f"; to the floor: wall {wall / floor[0]:.2f}, CPU {cpu / floor[1]:.2f}"
    else: floor = (wall, cpu)
    print(line)
PY
