#!/usr/bin/env python3
"""`make bench-symbols`: custom symbols made from a public stroke icon set, measured.

Writes a manifest with one `kind: symbol` per SVG and builds it with assetsmith, then reads each
template back and checks, per glyph:

  interpolatable   Ultralight-S, Regular-S and Black-S have the same paths with the same commands
                   and counts of numbers, and are real weights (Ultralight differs from Regular)
  IoU              the Regular-S paths drawn by librsvg (through assetsmith, as a 3x image) against
                   the source glyph drawn the same way, alpha > 0.5, in the same box: the template's
                   box (86 units tall, centred on the cap midline) and the glyph's 24-px box scaled
                   to it, aligned on their leftmost ink column (the margins hug the ink)
  ink              the summed alpha of Ultralight < Regular < Black (strictly)

and prints the share of glyphs passing each (targets: 98 %, IoU >= 0.9, 100 %), the mean IoU and
the worst names. The icon set is not in this repository: give its SVG files.

  usage: Benchmarks/symbols.py BIN 'DIR/*.svg' [--step K] [--limit N] [--work DIR]
    --step K: every K-th file (sorted by name) only
    BIN: the assetsmith binary (.build/debug/assetsmith)
    --work DIR: where the manifests and catalogs go (default: a new temporary folder)
"""
import argparse, glob, os, re, shutil, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fidelity import read_png_alpha

BOX = 86.0            # SymbolTemplate.boxHeight: the source box's height in template units
MIDLINE = -35.2295    # half the cap height (70.459) above the baseline
SCALE = 3             # images are drawn at 3x
WIDE = 110.0          # width of the frame the variants are drawn in (wider than any 24-px glyph)
VARIANTS = ['Ultralight-S', 'Regular-S', 'Black-S']

def variant_paths(text, variant):
    m = re.search(r'<g id="%s"[^>]*>(.*?)</g>' % variant, text, re.S)
    return re.findall(r' d="([^"]+)"', m.group(1)) if m else []

def signature(d):
    return (re.sub(r'[^A-Za-z]', '', d), len(re.findall(r'-?[0-9.]+', d)))

def build(bin_path, work, manifest, entries):
    with open(os.path.join(work, manifest), 'w') as f:
        f.write('output: Out\ncatalog: %s\nassets:\n' % manifest[:-4] + ''.join(entries))
    proc = subprocess.run([bin_path, 'build', '--manifest', manifest], cwd=work,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return proc.stderr

def alpha(work, catalog, name):
    return read_png_alpha(os.path.join(work, 'Out', catalog + '.xcassets', name + '.imageset', name + '@3x.png'))

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('bin'); ap.add_argument('pattern')
    ap.add_argument('--limit', type=int, default=0); ap.add_argument('--step', type=int, default=1)
    ap.add_argument('--work')
    args = ap.parse_args()
    files = sorted(glob.glob(args.pattern))[::max(1, args.step)]
    if args.limit: files = files[:args.limit]
    if not files: sys.exit('no SVG matches %s' % args.pattern)
    work = args.work or tempfile.mkdtemp(prefix='bench-symbols-')
    os.makedirs(os.path.join(work, 'Art'), exist_ok=True)
    names = []
    for path in files:
        name = re.sub(r'[^A-Za-z0-9]+', '-', os.path.basename(path)[:-4]).strip('-')
        shutil.copy(path, os.path.join(work, 'Art', name + '.svg')); names.append(name)
    # 1. The symbols, and the glyphs as 3x bitmaps in a box 86 pt tall.
    stderr = build(os.path.abspath(args.bin), work, 'symbols.yml',
                   ['  - {name: "S-%s", kind: symbol, source: Art/%s.svg}\n' % (n, n) for n in names]
                   + ['  - {name: "G-%s", kind: image, source: Art/%s.svg, size: 86x86, scales: [3x]}\n' % (n, n) for n in names])
    fallbacks = stderr.count('cannot be interpolated')
    # 2. Each variant's paths as an SVG of the template's box, drawn the same way.
    os.makedirs(os.path.join(work, 'Var'), exist_ok=True)
    entries, results = [], {}
    for n in names:
        tpl = os.path.join(work, 'Out', 'symbols.xcassets', 'S-%s.symbolset' % n, 'S-%s.svg' % n)
        if not os.path.exists(tpl):
            results[n] = None; continue
        text = open(tpl).read()
        paths = [variant_paths(text, v) for v in VARIANTS]
        sigs = [[signature(d) for d in p] for p in paths]
        results[n] = {'interpolatable': sigs[0] == sigs[1] == sigs[2] and paths[0] != paths[1]}
        for v, p in zip(VARIANTS, paths):
            svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="-4 %g %g %g">' % (WIDE, BOX, MIDLINE - BOX / 2, WIDE, BOX)
                   + ''.join('<path d="%s"/>' % d for d in p) + '</svg>')
            open(os.path.join(work, 'Var', '%s-%s.svg' % (v[0], n)), 'w').write(svg)
            entries.append('  - {name: "%s-%s", kind: image, source: Var/%s-%s.svg, size: %gx%g, scales: [3x]}\n' % (v[0], n, v[0], n, WIDE, BOX))
    build(os.path.abspath(args.bin), work, 'variants.yml', entries)
    import numpy as np
    def load(catalog, name):
        w, h, a = alpha(work, catalog, name)
        return np.frombuffer(a, dtype=np.uint8).reshape(h, w)
    for n in names:
        r = results[n]
        if r is None: continue
        try:
            inks = [load('variants', '%s-%s' % (v[0], n)) for v in VARIANTS]
            glyph = load('symbols', 'G-%s' % n)
        except (OSError, AssertionError):
            results[n] = None; continue
        r['ink'] = [int(a.astype(np.int64).sum()) for a in inks]
        reg, g = inks[1] > 127, glyph > 127
        def left(m):
            cols = np.nonzero(m.any(axis=0))[0]
            return cols[0] if len(cols) else 0
        shifted = np.zeros_like(reg)
        dx = left(reg) - left(g)
        h = min(g.shape[0], reg.shape[0])
        for x in range(g.shape[1]):
            if 0 <= x + dx < reg.shape[1]: shifted[:h, x + dx] = g[:h, x]
        union = (reg | shifted).sum()
        r['iou'] = 1.0 if union == 0 else float((reg & shifted).sum()) / float(union)
    done = [n for n in names if results[n] is not None and 'iou' in results[n]]
    failed = len(names) - len(done)
    interp = [n for n in done if results[n]['interpolatable']]
    ious = sorted((results[n]['iou'], n) for n in done)
    growing = [n for n in done if results[n]['ink'][0] < results[n]['ink'][1] < results[n]['ink'][2]]
    print('glyphs: %d (%d could not be made or drawn), fallbacks to Regular: %d' % (len(names), failed, fallbacks))
    print('interpolatable with real weights: %d/%d = %.1f %%' % (len(interp), len(done), 100.0 * len(interp) / max(1, len(done))))
    print('Regular vs glyph IoU: mean %.3f, p10 %.3f, >= 0.9: %.1f %%' % (
        sum(i for i, _ in ious) / max(1, len(ious)), ious[len(ious) // 10][0] if ious else 0,
        100.0 * sum(1 for i, _ in ious if i >= 0.9) / max(1, len(ious))))
    print('ink strictly growing Ultralight < Regular < Black: %d/%d = %.1f %%' % (len(growing), len(done), 100.0 * len(growing) / max(1, len(done))))
    print('worst IoU: ' + ', '.join('%s %.3f' % (n, i) for i, n in ious[:10]))
    print('not interpolatable: ' + ', '.join(n for n in done if not results[n]['interpolatable'])[:2000])
    print('ink not growing: ' + ', '.join(n for n in done if n not in growing)[:2000])
    print('work folder: ' + work)

if __name__ == '__main__':
    main()
