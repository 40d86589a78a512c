#!/usr/bin/env python3
"""Writes the hand-made symbol set fixtures (RealWorld/*) from real SF Symbols app exports.

Each mimic keeps the exported template's text as it is (XML prolog, generator comment, <style>
block with its layer classes, Notes, Guides with every guide's position, Symbols with each
variant's transform and each path's class) and replaces only the drawings: Apple's glyph paths
(the notes' sample glyphs, the H-reference letters and the symbol's own outlines, which are SF
Symbols artwork) become plain bars, one per path, thicker with the weight, drawn with the same
commands in every variant (so the mimic interpolates as the original does).

  usage: make-mimics.py GIT_DIR   (a snapshot of nextcloud/talk-ios)
"""
import os, re, subprocess, sys

SOURCES = {  # fixture folder: (commit, path in the repository)
    'talk-ios-bubble-badge': ('2d31eda5e2acbf3cef27aa289376942bdf0de25d',
        'NextcloudTalk/Images.xcassets/custom.bubble.badge.symbolset'),
    'talk-ios-line-decrease-slash': ('2d31eda5e2acbf3cef27aa289376942bdf0de25d',
        'NextcloudTalk/Images.xcassets/custom.line.3.horizontal.decrease.slash.symbolset'),
}
THICKNESS = {'Ultralight': 2.2, 'Regular': 7.1, 'Black': 12.7}

def bar(index, thickness):
    top = -60 + index * 20
    return 'M10 %gL90 %gL90 %gL10 %gZ' % (top, top, top + thickness, top + thickness)

def mimic(text):
    # Notes glyphs and H-reference letters: a small square.
    text = re.sub(r'(<g transform="matrix\(0\.2[^"]*">\s*<path d=")[^"]*"', r'\1M0 0L40 0L40 -40L0 -40Z"', text)
    text = re.sub(r'(<g id="H-reference"[^>]*>\s*<path d=")[^"]*"', r'\1M0 0L50 0L50 -70.459L0 -70.459Z"', text)
    def variant(match):
        weight = match.group(1)
        counter = iter(range(100))
        body = re.sub(r' d="[^"]*"', lambda _: ' d="%s"' % bar(next(counter), THICKNESS[weight]), match.group(3))
        return match.group(0).replace(match.group(3), body)
    return re.sub(r'<g id="(Ultralight|Regular|Black)-(S|M|L)"[^>]*>(.*?)</g>', variant, text, flags=re.S)

def main():
    git = sys.argv[1]
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'RealWorld')
    for name, (commit, folder) in SOURCES.items():
        out = os.path.join(here, name, 'Assets.xcassets', os.path.basename(folder))
        os.makedirs(out, exist_ok=True)
        listing = subprocess.run(['git', '--git-dir', git, 'ls-tree', '--name-only', commit, folder + '/'],
                                 capture_output=True, text=True, check=True).stdout.split()
        for path in listing:
            data = subprocess.run(['git', '--git-dir', git, 'show', '%s:%s' % (commit, path)],
                                  capture_output=True, text=True, check=True).stdout
            if path.endswith('.svg'): data = mimic(data)
            open(os.path.join(out, os.path.basename(path)), 'w').write(data)
        open(os.path.join(here, name, 'Assets.xcassets', 'Contents.json'), 'w').write(
            '{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n')

if __name__ == '__main__':
    main()
