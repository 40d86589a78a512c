#!/usr/bin/env python3
"""The scale benchmark (issue 38): does a build cost the same per asset at 1,000 and 50,000 assets?

    Benchmarks/scale.py [--bin .build/release/assetsmith] [--work DIR] [--edits N] [COUNT ...]
                                                                   (default 1000 5000 20000 50000)

For each COUNT it writes a project of COUNT distinct sources (nine SVG image assets in ten, at three
sizes; one PNG image asset in ten) and a manifest naming each, then measures with /usr/bin/time:
the first build, a no-op build, one changed SVG, and `verify`. A 20-asset build runs first and is not
counted, so that no count pays for reading the binary and the templates from a cold disk. It prints wall seconds, milliseconds
per asset and peak RSS for each, one line per COUNT, so the curve is visible. `--edits N` changes
the SVG N times, each followed by a build, and prints the median edit (and the fastest and slowest). Nothing is kept: the
project is written under --work (default a temporary folder) and removed afterwards.
"""
import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib


def png(width, height, seed):
    """A small RGB PNG, a gradient that differs per seed (the benchmark's bitmap sources)."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows += bytes(((x * 7 + seed) % 256, (y * 5 + seed * 3) % 256, (seed * 11) % 256))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))


def svg(seed):
    """A distinct vector source: a rounded square, a circle and a bar placed by the seed."""
    hue = seed * 37 % 360
    r = 6 + seed % 9
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            f'<rect x="4" y="4" width="56" height="56" rx="{8 + seed % 7}" fill="hsl({hue},60%,45%)"/>'
            f'<circle cx="{20 + seed % 24}" cy="{24 + seed % 17}" r="{r}" fill="#fff"/>'
            f'<rect x="12" y="{44 + seed % 8}" width="{20 + seed % 28}" height="4" fill="#fff"/></svg>')


def write_project(root, count):
    os.makedirs(os.path.join(root, "Art"), exist_ok=True)
    lines = ["table: ios18", "output: Output", "catalog: Assets", "assets:"]
    for index in range(count):
        if index % 10 == 9:
            name = f"art{index}.png"
            with open(os.path.join(root, "Art", name), "wb") as handle:
                handle.write(png(48, 48, index))
            lines.append(f"  - {{name: Bitmap{index}, kind: image, source: Art/{name}, size: 16}}")
        else:
            name = f"art{index}.svg"
            with open(os.path.join(root, "Art", name), "w") as handle:
                handle.write(svg(index))
            lines.append(f"  - {{name: Image{index}, kind: image, source: Art/{name}, size: {(16, 24, 32)[index % 3]}}}")
    with open(os.path.join(root, "assetsmith.yml"), "w") as handle:
        handle.write("\n".join(lines) + "\n")


def timed(binary, args, cwd, env=None):
    """(wall seconds, peak RSS in MB, exit code) of one run."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M", binary] + args, cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    last = result.stderr.strip().splitlines()[-1].split()
    return float(last[0]), int(last[1]) / 1024, result.returncode


def xcode_phase(binary, root, count, edits):
    """The Run Script phase's no-op and median edit (one SVG) at `count` assets, as one line."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
    from xcode_sandbox import XcodePhase
    subprocess.run([binary, "xcode", "--manifest", "assetsmith.yml"], cwd=root, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    derived = tempfile.mkdtemp(prefix="assetsmith-scale-derived-")
    try:
        phase = XcodePhase(root, derived, input_lists=["$(SRCROOT)/assetsmith-inputs.xcfilelist"],
                           output_lists=["$(SRCROOT)/assetsmith-outputs.xcfilelist"])
        env = phase.untraced_environment()
        command = ["build", "--xcode", "--quiet", "--manifest", os.path.join(root, "assetsmith.yml")]
        noop, _, code = timed(binary, command, root, env)
        times = []
        for attempt in range(max(1, edits)):
            with open(os.path.join(root, "Art", "art0.svg"), "w") as handle:
                handle.write(svg(count + 101 + attempt))
            wall, rss, edit_code = timed(binary, command, root, env)
            times.append((wall, rss, edit_code))
        times.sort()
        edit, edit_rss, edit_code = times[len(times) // 2]
        return (f"{'':>7} Xcode phase: no-op {noop:.2f} s (exit {code}) | 1 edit {edit:.2f} s {edit_rss:.0f} MB "
                f"(exit {edit_code}; edits {times[0][0]:.2f}-{times[-1][0]:.2f} s)")
    finally:
        shutil.rmtree(derived, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("counts", nargs="*", type=int, default=[1000, 5000, 20000, 50000])
    parser.add_argument("--bin", default=".build/release/assetsmith")
    parser.add_argument("--work", default=None)
    parser.add_argument("--edits", type=int, default=1, help="edited builds to time (the median is shown)")
    parser.add_argument("--xcode", action="store_true", help="also time the Run Script phase's no-op and edit")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    if not os.access(binary, os.X_OK):
        sys.exit(f"error: no assetsmith at {binary}; run `make build` first")
    if args.work is not None:
        os.makedirs(args.work, exist_ok=True)  # a --work folder not made yet is made, not a traceback
    # One small build first, not counted: the binary and the templates are then read from the
    # page cache by every count alike (a cold start alone added 2 s to the first count's build).
    warm = tempfile.mkdtemp(prefix="assetsmith-scale-warm-", dir=args.work)
    try:
        write_project(warm, 20)
        timed(binary, ["build", "--quiet"], warm)
    finally:
        shutil.rmtree(warm, ignore_errors=True)
    print(f"{'assets':>7} {'first s':>8} {'ms/asset':>8} {'RSS MB':>7} | {'no-op s':>7} | {'1 edit s':>8} {'RSS MB':>7} | {'verify s':>8} {'RSS MB':>7}")
    for count in args.counts:
        root = tempfile.mkdtemp(prefix=f"assetsmith-scale-{count}-", dir=args.work)
        try:
            write_project(root, count)
            first, first_rss, code = timed(binary, ["build", "--quiet"], root)
            if code != 0:
                print(f"{count:>7} first build exited {code}")
                continue
            noop, _, _ = timed(binary, ["build", "--quiet"], root)
            edits = []
            for attempt in range(max(1, args.edits)):
                with open(os.path.join(root, "Art", "art0.svg"), "w") as handle:
                    handle.write(svg(count + 1 + attempt))
                edits.append(timed(binary, ["build", "--quiet"], root)[:2])
            edits.sort()
            edit, edit_rss = edits[len(edits) // 2]
            verify, verify_rss, _ = timed(binary, ["verify", "--quiet"], root)
            if args.xcode:
                phase_line = xcode_phase(binary, root, count, args.edits)
            spread = f"  (edits {edits[0][0]:.2f}-{edits[-1][0]:.2f} s of {len(edits)})" if len(edits) > 1 else ""
            print(f"{count:>7} {first:>8.2f} {first * 1000 / count:>8.2f} {first_rss:>7.0f} | {noop:>7.2f} | {edit:>8.2f} {edit_rss:>7.0f} | {verify:>8.2f} {verify_rss:>7.0f}{spread}",
                  flush=True)
            if args.xcode:
                print(phase_line, flush=True)
        finally:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
