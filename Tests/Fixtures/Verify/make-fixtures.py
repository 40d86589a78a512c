#!/usr/bin/env python3
"""Regenerates the verify fixture catalogs (Tests/Fixtures/Verify/*/Assets.xcassets).
Run from this folder: python3 make-fixtures.py. Needs Pillow. The files are committed; this
script documents how each one was made."""
import hashlib, json, os, shutil
from PIL import Image, ImageDraw

INFO = {"author": "xcode", "version": 1}

def contents(path, images, properties=None):
    doc = {"images": images, "info": INFO}
    if properties: doc["properties"] = properties
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "Contents.json"), "w") as f:
        # Xcode's layout: two-space indent, "key" : value, sorted keys.
        f.write(json.dumps(doc, indent=2, sort_keys=True, separators=(",", " : ")) + "\n")

def catalog(name):
    root = os.path.join(name, "Assets.xcassets")
    shutil.rmtree(name, ignore_errors=True)
    contents(root, [])
    os.remove(os.path.join(root, "Contents.json"))
    with open(os.path.join(root, "Contents.json"), "w") as f:
        f.write(json.dumps({"info": INFO}, indent=2, sort_keys=True, separators=(",", " : ")) + "\n")
    return root

def rgb(path, size, colour=(27, 63, 168)):
    Image.new("RGB", size, colour).save(path, optimize=True)

def glyph(path, side):
    im = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse([side // 4, side // 4, side * 3 // 4, side * 3 // 4], fill=(0, 0, 0, 255))
    im.save(path, optimize=True)

def app_icon(root, marketing=lambda p: rgb(p, (1024, 1024)), extra=None, icon60=180):
    folder = os.path.join(root, "AppIcon.appiconset")
    images = [
        {"filename": "AppIcon-1024.png", "idiom": "ios-marketing", "scale": "1x", "size": "1024x1024"},
        {"filename": "AppIcon-60@3x.png", "idiom": "iphone", "scale": "3x", "size": "60x60"},
    ] + (extra or [])
    contents(folder, images)
    marketing(os.path.join(folder, "AppIcon-1024.png"))
    rgb(os.path.join(folder, "AppIcon-60@3x.png"), (icon60, icon60))
    return folder

def image_set(root, name, sides, make=rgb, properties=None):
    folder = os.path.join(root, name + ".imageset")
    images = []
    for scale, side in zip(["1x", "2x", "3x"][3 - len(sides):] if len(sides) < 3 else ["1x", "2x", "3x"], sides):
        suffix = "" if scale == "1x" else "@" + scale
        images.append({"filename": name + suffix + ".png", "idiom": "universal", "scale": scale})
        if make is glyph: glyph(os.path.join(folder, name + suffix + ".png"), side)
        else:
            os.makedirs(folder, exist_ok=True)
            make(os.path.join(folder, name + suffix + ".png"), (side * 3, side))
    contents(folder, images, properties)
    return folder

TEMPLATE = {"template-rendering-intent": "template"}

def tab_pair(root, base_sides=(50, 75), selected_sides=(50, 75)):
    for name, sides in [("Home", base_sides), ("Home.selected", selected_sides)]:
        folder = os.path.join(root, name + ".imageset")
        images = []
        for scale, side in zip(["2x", "3x"], sides):
            filename = name.replace(".selected", "-selected") + "@" + scale + ".png"
            images.append({"filename": filename, "idiom": "universal", "scale": scale})
            os.makedirs(folder, exist_ok=True)
            glyph(os.path.join(folder, filename), side)
        contents(folder, images, TEMPLATE)

# clean: app icon, banner at three scales, a tab pair, a back indicator with its mask.
root = catalog("clean")
app_icon(root)
image_set(root, "Banner", [30, 60, 90])
tab_pair(root)
for name in ["Back", "Back.mask"]:
    folder = os.path.join(root, name + ".imageset")
    os.makedirs(folder, exist_ok=True)
    images = []
    for scale, side in [("2x", 44), ("3x", 66)]:
        filename = name.replace(".", "-") + "@" + scale + ".png"
        glyph(os.path.join(folder, filename), side)
        images.append({"filename": filename, "idiom": "universal", "scale": scale})
    contents(folder, images, TEMPLATE)

# wrong-size: the 60 pt @3x icon is 120 px instead of 180 px.
app_icon(catalog("wrong-size"), icon60=120)

# missing-file: Contents.json names a 40 pt @2x icon that is not there.
app_icon(catalog("missing-file"),
         extra=[{"filename": "AppIcon-40@2x.png", "idiom": "iphone", "scale": "2x", "size": "40x40"}])

# unassigned-file: a PNG in the banner set that no entry names.
root = catalog("unassigned-file")
folder = image_set(root, "Banner", [30, 60, 90])
rgb(os.path.join(folder, "Banner-old@2x.png"), (180, 60))

def own(name):
    """Marks the files of a fixture catalog as assetsmith's own outputs: a build record beside it
    (.assetsmith/Assets.xcassets.record.json), as `assetsmith build` writes. verify --catalog then
    holds them to the strict rules (RGB App Store icon, content matching the name)."""
    root = os.path.join(name, "Assets.xcassets")
    files = {}
    for folder, _, names in os.walk(root):
        for n in names:
            if n == "Contents.json": continue
            path = os.path.join(folder, n)
            relative = os.path.relpath(path, root)
            files[relative] = {"asset": relative.split(".")[0],
                               "sha256": hashlib.sha256(open(path, "rb").read()).hexdigest()}
    os.makedirs(os.path.join(name, ".assetsmith"), exist_ok=True)
    with open(os.path.join(name, ".assetsmith", "Assets.xcassets.record.json"), "w") as f:
        f.write(json.dumps({"tool-version": "fixture", "table": "fixture", "files": files},
                           indent=2, sort_keys=True) + "\n")

# rgba-marketing: our App Store icon is RGBA (every pixel opaque).
app_icon(catalog("rgba-marketing"), marketing=lambda p: Image.new("RGBA", (1024, 1024), (27, 63, 168, 255)).save(p))
own("rgba-marketing")

# trns-marketing: RGB with a tRNS chunk naming a colour that no pixel has.
app_icon(catalog("trns-marketing"),
         marketing=lambda p: Image.new("RGB", (1024, 1024), (27, 63, 168)).save(p, transparency=(255, 0, 255)))
own("trns-marketing")

# jpeg-named-png: the 60 pt @3x icon is a real JPEG with a .png name.
folder = app_icon(catalog("jpeg-named-png"))
Image.new("RGB", (180, 180), (27, 63, 168)).save(os.path.join(folder, "AppIcon-60@3x.png"), format="JPEG", quality=80)
own("jpeg-named-png")

# incomplete-pair: "Home.selected" has no @3x image, and its @2x is 48 px instead of 50 px.
root = catalog("incomplete-pair")
tab_pair(root, selected_sides=(48,))
own("incomplete-pair")
