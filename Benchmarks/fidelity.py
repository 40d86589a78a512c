#!/usr/bin/env python3
"""`make bench-fidelity`: how close the derived tab forms come to a designer's own other form.

Takes a designer-drawn set of outline/filled SVG pairs (nothing of it is kept in this repository;
see Docs/glyphs.md, "How glyphs are drawn", for the sets we measure on and how to fetch them), writes a
manifest with three tab icons per pair and builds it with assetsmith at @3x (square box):

  R-<name>  source: outline, selected-source: filled   the designer's two forms, as drawn
  F-<name>  source: outline only                       the filled form derived from the outline
  O-<name>  selected-source: filled only               the outline form derived from the filled

and compares each derived form with the designer's (regular size, @3x) by IoU of the masks
alpha > 0.5. Prints mean, p10, the count below 0.5 and the ten worst names for each direction.

Only true fills count for the filled direction: a pair whose filled form covers at least 1.4 times
the outline's opaque area (alpha > 0.5, both drawn as 24 pt images at @3x, 72 px; `A-`/`B-`
image assets) is scored; a set's "solid" that is a heavier outline (a magnifier, an arrow on a
rectangle) is not a fill and is left out. The outline direction counts every pair.

  usage: Benchmarks/fidelity.py BIN OUTLINE_PATTERN FILLED_PATTERN [--sheet DIR] [--limit N]
                                [--step N] [--knockouts NAMES]
    OUTLINE_PATTERN / FILLED_PATTERN: paths with `{}` for the icon name, e.g.
      ~/iconsets/ionicons/src/svg/{}-outline.svg  ~/iconsets/ionicons/src/svg/{}.svg
    --sheet DIR: also write DIR/worst-filled.png and DIR/worst-outline.png, one row per worst
      case: given form | derived form | designer's form (black on white, 2x).
    --step N: every Nth pair only (a large set).
    --outline-width PT: the derived outlines' `outline-width` (default: none, measured from the drawing).
    --knockouts NAMES: comma-separated icons (alternatives with `/`: the first one the set has)
      whose derived filled form must keep knockouts: each is reported kept when that form has an
      enclosed hole (alpha <= 0.5, not reached from the border, at least 3 px) and lost otherwise;
      with --sheet, DIR/knockouts.png shows them (outline | derived filled | designer's filled).
"""
import argparse, glob, os, re, shutil, struct, subprocess, sys, zlib

def read_png_alpha(path):
    """Alpha channel of an 8-bit RGBA or grey+alpha non-interlaced PNG, as (w, h, bytes)."""
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', path
    pos, idat, w = 8, b'', None
    while pos < len(data):
        (length,) = struct.unpack('>I', data[pos:pos + 4]); kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]; pos += 12 + length
        if kind == b'IHDR':
            w, h, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
            assert depth == 8 and interlace == 0 and colour in (4, 6), (path, depth, colour)
            bpp = 4 if colour == 6 else 2
        elif kind == b'IDAT':
            idat += body
    raw = zlib.decompress(idat)
    stride = w * bpp
    out = bytearray(w * h); prev = bytearray(stride); i = 0
    for y in range(h):
        f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out[y * w:(y + 1) * w] = line[bpp - 1::bpp]
        prev = line
    return w, h, bytes(out)

def iou(a, b):
    inter = union = 0
    for p, q in zip(a, b):
        pa, qb = p > 127, q > 127
        inter += pa and qb; union += pa or qb
    return 1.0 if union == 0 else inter / union

def holes(alpha, w, h, minimum=3):
    """Areas of the enclosed empty regions (alpha <= 127, 4-connected, not reached from the border)."""
    empty = [a <= 127 for a in alpha]
    seen = [False] * (w * h)
    areas = []
    for start in range(w * h):
        if not empty[start] or seen[start]: continue
        stack, area, border = [start], 0, False
        seen[start] = True
        while stack:
            i = stack.pop(); area += 1
            x, y = i % w, i // w
            if x in (0, w - 1) or y in (0, h - 1): border = True
            for j, ok in ((i - 1, x > 0), (i + 1, x < w - 1), (i - w, y > 0), (i + w, y < h - 1)):
                if ok and empty[j] and not seen[j]: seen[j] = True; stack.append(j)
        if not border and area >= minimum: areas.append(area)
    return sorted(areas, reverse=True)

def write_sheet(path, rows, w, h):
    """rows: lists of alpha images (w*h bytes); drawn black on white at 2x with 4 px gutters."""
    s, gap = 2, 4
    cols = max(len(r) for r in rows)
    W, H = cols * (w * s + gap) + gap, len(rows) * (h * s + gap) + gap
    img = bytearray([200]) * (W * H)
    for ri, row in enumerate(rows):
        for ci, alpha in enumerate(row):
            ox, oy = gap + ci * (w * s + gap), gap + ri * (h * s + gap)
            for y in range(h * s):
                o = (oy + y) * W + ox
                src = alpha[(y // s) * w:(y // s + 1) * w]
                img[o:o + w * s] = bytes(255 - src[x // s] for x in range(w * s))
    raw = b''.join(b'\x00' + bytes(img[y * W:(y + 1) * W]) for y in range(H))
    def chunk(k, d): return struct.pack('>I', len(d)) + k + d + struct.pack('>I', zlib.crc32(k + d) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 0, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b''))

def summary(label, scores):
    values = sorted(v for _, v in scores)
    n = len(values)
    if n == 0:
        print(f"{label}: no pairs"); return []
    mean = sum(values) / n
    p10 = values[max(0, (n * 10 + 99) // 100 - 1)]
    below = sum(v < 0.5 for v in values)
    print(f"{label}: {n} pairs, IoU mean {mean:.3f}, p10 {p10:.3f}, {below} below 0.5")
    worst = sorted(scores, key=lambda s: s[1])[:10]
    print("  worst ten: " + ", ".join(f"{name} {v:.2f}" for name, v in worst))
    return worst

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('bin'); ap.add_argument('outline'); ap.add_argument('filled')
    ap.add_argument('--sheet'); ap.add_argument('--limit', type=int, default=0)
    ap.add_argument('--step', type=int, default=1)
    ap.add_argument('--outline-width', type=float, help='outline-width (pt) of the derived outlines (default: none given)')
    ap.add_argument('--knockouts', default='', help='icons whose derived filled form must keep knockouts')
    ap.add_argument('--only', help='comma-separated names to measure (and draw on the sheets)')
    ap.add_argument('--scores', help='write "name filled outline" lines to this file')
    ap.add_argument('--dir', default=os.environ.get('BENCH_DIR', '.build/fidelity'))
    args = ap.parse_args()
    pre, post = args.outline.split('{}')
    names = []
    for path in sorted(glob.glob(args.outline.replace('{}', '*'))):
        name = path[len(pre):len(path) - len(post)]
        if '/' in name or not os.path.exists(args.filled.replace('{}', name)): continue
        if not re.fullmatch(r'[A-Za-z0-9_.-]+', name): continue
        names.append(name)
    knockouts = []
    for group in filter(None, args.knockouts.split(',')):
        found = [n for n in group.split('/') if n in names]
        knockouts.append((group, found[0] if found else None))
    if args.step > 1:
        keep = {n for _, n in knockouts if n}
        names = [n for k, n in enumerate(names) if k % args.step == 0 or n in keep]
    if args.only: names = [n for n in names if n in args.only.split(',')]
    if args.limit: names = names[:args.limit]
    if not names: sys.exit("no pairs found")
    work = os.path.abspath(args.dir)
    shutil.rmtree(work, ignore_errors=True); os.makedirs(work)
    with open(os.path.join(work, 'fidelity.yml'), 'w') as m:
        m.write("table: ios18\noutput: out\ncatalog: Fidelity\nassets:\n")
        for n in names:
            o, f = os.path.abspath(args.outline.replace('{}', n)), os.path.abspath(args.filled.replace('{}', n))
            m.write(f"  - {{name: R-{n}, kind: tab-icon, source: {o}, selected-source: {f}, scales: [3x]}}\n")
            m.write(f"  - {{name: F-{n}, kind: tab-icon, source: {o}, scales: [3x]}}\n")
            width = f", outline-width: {args.outline_width}" if args.outline_width else ""
            m.write(f"  - {{name: O-{n}, kind: tab-icon, selected-source: {f}, scales: [3x]{width}}}\n")
            m.write(f"  - {{name: A-{n}, kind: image, source: {o}, size: 24, scales: [3x]}}\n")
            m.write(f"  - {{name: B-{n}, kind: image, source: {f}, size: 24, scales: [3x]}}\n")
    proc = subprocess.run([os.path.abspath(args.bin), 'build', '--manifest', 'fidelity.yml'], cwd=work,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0,):
        warnings = [l for l in proc.stderr.splitlines() if 'error' in l]
        if warnings: sys.stderr.write("\n".join(warnings[:20]) + "\n"); sys.exit(1)
    cat = os.path.join(work, 'out', 'Fidelity.xcassets')
    def alpha(asset, selected):
        setname = asset + ('.selected' if selected else '')
        return read_png_alpha(os.path.join(cat, setname + '.imageset', setname + '@3x.png'))
    def opaque(asset):
        return sum(a > 127 for a in read_png_alpha(os.path.join(cat, asset + '.imageset', asset + '@3x.png'))[2])
    filled, outline, images, fills = [], [], {}, {}
    for n in names:
        w, h, ref_o = alpha('R-' + n, False); _, _, ref_f = alpha('R-' + n, True)
        _, _, der_f = alpha('F-' + n, True); _, _, der_o = alpha('O-' + n, False)
        fills[n] = opaque('B-' + n) >= 1.4 * opaque('A-' + n)
        if fills[n]: filled.append((n, iou(der_f, ref_f)))
        outline.append((n, iou(der_o, ref_o)))
        images[n] = (ref_o, ref_f, der_f, der_o)
    if args.scores:
        scored = dict(filled)
        with open(args.scores, 'w') as f:
            for n, b in outline:
                a = f"{scored[n]:.3f}" if n in scored else "-"
                f.write(f"{n} {a} {b:.3f}\n")
    print(f"fidelity: {args.outline} ↔ {args.filled}, @3x regular square box ({w}x{h} px), IoU of alpha > 0.5")
    print(f"  true fills (filled covers >= 1.4x the outline at 72 px): {len(filled)} of {len(names)}")
    worst_f = summary("  filled from outline (true fills)", filled)
    worst_o = summary("  outline from filled (all pairs)", outline)
    kept_rows = []
    if knockouts:
        kept = 0
        parts = []
        for group, n in knockouts:
            if n is None:
                parts.append(f"{group} missing"); continue
            found = holes(images[n][2], w, h)
            kept += bool(found)
            parts.append(f"{n} {'kept' if found else 'LOST'} ({len(found)} holes)")
            kept_rows.append([images[n][0], images[n][2], images[n][1]])
        print(f"  knockouts kept: {kept} of {len(knockouts)}: " + ", ".join(parts))
    if args.only:
        worst_f = worst_o = [(n, 0) for n in names]
    if args.sheet:
        os.makedirs(args.sheet, exist_ok=True)
        write_sheet(os.path.join(args.sheet, 'worst-filled.png'),
                    [[images[n][0], images[n][2], images[n][1]] for n, _ in worst_f], w, h)
        write_sheet(os.path.join(args.sheet, 'worst-outline.png'),
                    [[images[n][1], images[n][3], images[n][0]] for n, _ in worst_o], w, h)
        if kept_rows:
            write_sheet(os.path.join(args.sheet, 'knockouts.png'), kept_rows, w, h)
        print(f"  sheets: {args.sheet}/worst-filled.png, worst-outline.png"
              f"{', knockouts.png' if kept_rows else ''} (given | derived | designer's)")

if __name__ == '__main__':
    main()
