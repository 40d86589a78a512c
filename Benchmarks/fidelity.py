#!/usr/bin/env python3
"""`make bench-fidelity`: how close the derived tab forms come to a designer's own other form.

Takes a designer-drawn set of outline/filled SVG pairs (nothing of it is kept in this repository;
see README, "How glyphs are drawn", for the sets we measure on and how to fetch them), writes a
manifest with three tab icons per pair and builds it with assetsmith at @3x (square box):

  R-<name>  source: outline, selected-source: filled   the designer's two forms, as drawn
  F-<name>  source: outline only                       the filled form derived from the outline
  O-<name>  selected-source: filled only               the outline form derived from the filled

and compares each derived form with the designer's (regular size, @3x) by IoU of the masks
alpha > 0.5. Prints mean, p10, the count below 0.5 and the ten worst names for each direction.

  usage: Benchmarks/fidelity.py BIN OUTLINE_PATTERN FILLED_PATTERN [--sheet DIR] [--limit N]
    OUTLINE_PATTERN / FILLED_PATTERN: paths with `{}` for the icon name, e.g.
      ~/iconsets/ionicons/src/svg/{}-outline.svg  ~/iconsets/ionicons/src/svg/{}.svg
    --sheet DIR: also write DIR/worst-filled.png and DIR/worst-outline.png, one row per worst
      case: given form | derived form | designer's form (black on white, 2x).
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
            m.write(f"  - {{name: O-{n}, kind: tab-icon, selected-source: {f}, scales: [3x]}}\n")
    proc = subprocess.run([os.path.abspath(args.bin), 'build', '--manifest', 'fidelity.yml'], cwd=work,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0,):
        warnings = [l for l in proc.stderr.splitlines() if 'error' in l]
        if warnings: sys.stderr.write("\n".join(warnings[:20]) + "\n"); sys.exit(1)
    cat = os.path.join(work, 'out', 'Fidelity.xcassets')
    def alpha(asset, selected):
        setname = asset + ('.selected' if selected else '')
        return read_png_alpha(os.path.join(cat, setname + '.imageset', setname + '@3x.png'))
    filled, outline, images = [], [], {}
    for n in names:
        w, h, ref_o = alpha('R-' + n, False); _, _, ref_f = alpha('R-' + n, True)
        _, _, der_f = alpha('F-' + n, True); _, _, der_o = alpha('O-' + n, False)
        filled.append((n, iou(der_f, ref_f))); outline.append((n, iou(der_o, ref_o)))
        images[n] = (ref_o, ref_f, der_f, der_o)
    if args.scores:
        with open(args.scores, 'w') as f:
            for (n, a), (_, b) in zip(filled, outline): f.write(f"{n} {a:.3f} {b:.3f}\n")
    print(f"fidelity: {args.outline} ↔ {args.filled}, @3x regular square box ({w}x{h} px), IoU of alpha > 0.5")
    worst_f = summary("  filled from outline", filled)
    worst_o = summary("  outline from filled", outline)
    if args.only:
        worst_f = worst_o = [(n, 0) for n in names]
    if args.sheet:
        os.makedirs(args.sheet, exist_ok=True)
        write_sheet(os.path.join(args.sheet, 'worst-filled.png'),
                    [[images[n][0], images[n][2], images[n][1]] for n, _ in worst_f], w, h)
        write_sheet(os.path.join(args.sheet, 'worst-outline.png'),
                    [[images[n][1], images[n][3], images[n][0]] for n, _ in worst_o], w, h)
        print(f"  sheets: {args.sheet}/worst-filled.png, worst-outline.png (given | derived | designer's)")

if __name__ == '__main__':
    main()
