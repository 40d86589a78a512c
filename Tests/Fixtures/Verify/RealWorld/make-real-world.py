#!/usr/bin/env python3
"""Regenerates the real-world verify fixtures (Tests/Fixtures/Verify/RealWorld/*).

Each fixture reconstructs the structure of a catalog from a public app that ships on the App Store:
Contents.json written here with the same idiom/size/scale/role/appearance combinations as the real
one, images drawn here (flat colours and simple shapes). No file of those repositories is copied.
The repository and commit each one mimics are in its README.md.

Run from this folder: python3 make-real-world.py. Needs python3 only for PNG, SVG and PDF;
cjpeg (libjpeg-turbo-progs), cwebp (webp), heif-enc (libheif-examples) and ppm2tiff
(libtiff-tools) for the other types. The files are committed; this documents how they were made."""
import json, os, shutil, struct, subprocess, zlib

INFO = {"author": "xcode", "version": 1}


def write_json(path, doc):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True, separators=(",", " : ")) + "\n")


def contents(folder, images=None, properties=None, **extra):
    doc = {"info": INFO}
    if images is not None: doc["images"] = images
    if properties: doc["properties"] = properties
    doc.update(extra)
    write_json(os.path.join(folder, "Contents.json"), doc)


def png(path, w, h, colour=(27, 63, 168), alpha=None, margin=0):
    """A PNG of one colour: RGB when alpha is None, else RGBA with `alpha` everywhere and
    fully transparent pixels in a `margin` px frame (macOS icons, template glyphs)."""
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            inside = margin <= x < w - margin and margin <= y < h - margin
            if alpha is None: row += bytes(colour)
            else: row += bytes(colour) + bytes([alpha if inside else 0])
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2 if alpha is None else 6, 0, 0, 0)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def ppm(path, w, h, colour=(200, 120, 40)):
    with open(path, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (w, h) + bytes(colour) * (w * h))


def converted(path, w, h, tool):
    """A JPEG, WebP, HEIC or TIFF of w×h px made from a PPM/PNG by the format's own encoder."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp.ppm"
    ppm(tmp, w, h)
    if tool == "jpeg":
        with open(path, "wb") as out: subprocess.run(["cjpeg", "-quality", "80", tmp], stdout=out, check=True)
    elif tool == "tiff":
        subprocess.run(["ppm2tiff", tmp, path], check=True)
    else:
        src = path + ".tmp.png"
        png(src, w, h, colour=(200, 120, 40))
        if tool == "webp": subprocess.run(["cwebp", "-quiet", "-q", "80", src, "-o", path], check=True)
        if tool == "heic": subprocess.run(["heif-enc", "-q", "50", src, "-o", path], check=True, stdout=subprocess.DEVNULL)
        os.remove(src)
    os.remove(tmp)


def svg(path, side):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}">'
                f'<circle cx="{side/2}" cy="{side/2}" r="{side/3}" fill="#1b3fa8"/></svg>\n')


def pdf(path, side):
    """A one-page PDF holding a filled square, written by hand (offsets computed)."""
    stream = f"0.1 0.25 0.66 rg 4 4 {side-8} {side-8} re f".encode()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {side} {side}] /Contents 4 0 R >>".encode(),
               b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for o in offsets: out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f: f.write(out)


def readme(name, text):
    with open(os.path.join(name, "README.md"), "w") as f: f.write(text.strip() + "\n")


def catalog(name):
    shutil.rmtree(name, ignore_errors=True)
    root = os.path.join(name, "Assets.xcassets")
    contents(root)
    return root


IOS = {"idiom": "universal", "platform": "ios", "size": "1024x1024"}
DARK = [{"appearance": "luminosity", "value": "dark"}]
TINTED = [{"appearance": "luminosity", "value": "tinted"}]

# 1. iOS single-size app icon whose App Store icon is RGBA with every pixel opaque.
root = catalog("ios-single-size-rgba")
folder = os.path.join(root, "AppIcon.appiconset")
contents(folder, [dict(IOS, filename="Icon_1024x1024.png"),
                  dict(IOS, filename="Dark Icon.png", appearances=DARK),
                  dict(IOS, filename="Tint Icon.png", appearances=TINTED)])
png(os.path.join(folder, "Icon_1024x1024.png"), 1024, 1024, alpha=255)
png(os.path.join(folder, "Dark Icon.png"), 1024, 1024, colour=(20, 20, 30))
png(os.path.join(folder, "Tint Icon.png"), 1024, 1024, colour=(90, 90, 90))
readme("ios-single-size-rgba", """
Mimics `iOS/Resources/Assets.xcassets/AppIcon.appiconset` of Ranchero-Software/NetNewsWire at
834decfad37802ef24d8a74897427a9eee57afdd (NetNewsWire for iOS, on the App Store): a single-size set
(`universal`, `platform` `ios`, 1024x1024, no `scale`) with dark and tinted appearances. Its
default 1024 icon is RGBA (colour type 6) with every pixel opaque, as in the real one; dark and
tinted are RGB. Same facts in DuckDuckGo/iOS@7b3f6010d27a3a69fe92a2ad698543f2e67c8900 and
Automattic/pocket-casts-ios@c23892d1f47bc44d422fa06c389b49820aa04dd3. Expected: one alpha-channel
warning (App Store Connect has rejected such files; shipping apps carry them), no error.
""")

# 2. macOS icon: mac idiom, 16–512 pt at 1x and 2x, transparent margin by design.
root = catalog("macos-icon")
folder = os.path.join(root, "AppIcon.appiconset")
images = []
for points in [16, 32, 128, 256, 512]:
    for scale in [1, 2]:
        name = f"Icon-MacOS-{points}x{points}@{scale}x.png"
        images.append({"filename": name, "idiom": "mac", "scale": f"{scale}x", "size": f"{points}x{points}"})
        side = points * scale
        png(os.path.join(folder, name), side, side, alpha=255, margin=max(1, side // 10))
contents(folder, images)
readme("macos-icon", """
Mimics `Mac/Resources/Assets.xcassets/AppIcon.appiconset` of Ranchero-Software/NetNewsWire at
834decfad37802ef24d8a74897427a9eee57afdd (NetNewsWire for macOS): ten `mac` idiom entries, 16 to
512 pt at 1x and 2x. Apple's macOS icon grid leaves a transparent margin, so every file here is RGBA
with a transparent frame. Expected: no finding.
""")

# 3. Action extension icon: a transparent template glyph in the extension's own catalog.
root = catalog("action-extension")
folder = os.path.join(root, "ActionIcon.appiconset")
contents(folder, [dict(IOS, filename="ActionIcon1024.png")])
png(os.path.join(folder, "ActionIcon1024.png"), 1024, 1024, colour=(0, 0, 0), alpha=255, margin=256)
readme("action-extension", """
Mimics `IceCubesActionExtension/Assets.xcassets/ActionIcon.appiconset` of Dimillian/IceCubesApp at
0fc41d2ced2e3e735bd9c42d5ae6dea16e63d618 (Ice Cubes, on the App Store; the extension target's
ASSETCATALOG_COMPILER_APPICON_NAME is ActionIcon): a single-size set whose one image is a black glyph
on a transparent background, which iOS draws as a template in the share sheet. Same shape in
duckduckgo/iOS `OpenAction/ActionIcons.xcassets` and mastodon/mastodon-ios `OpenInActionExtension`.
Expected: no finding (it is not the App Store icon).
""")

# 4. Alternate icons in a group folder beside the primary icon.
root = catalog("alternate-icons")
folder = os.path.join(root, "AppIcon.appiconset")
contents(folder, [dict(IOS, filename="release-1024x1024.png"),
                  dict(IOS, filename="Icon-Dark-1024x1024.png", appearances=DARK)])
png(os.path.join(folder, "release-1024x1024.png"), 1024, 1024)
png(os.path.join(folder, "Icon-Dark-1024x1024.png"), 1024, 1024, colour=(10, 10, 10), alpha=255, margin=64)
contents(os.path.join(root, "AlternateIcons"))
for name, margin in [("classic", 64), ("old-beta", 0)]:
    folder = os.path.join(root, "AlternateIcons", name + ".appiconset")
    contents(folder, [dict(IOS, filename=name + "-1024.png")])
    png(os.path.join(folder, name + "-1024.png"), 1024, 1024, colour=(3, 169, 244), alpha=255, margin=margin)
readme("alternate-icons", """
Mimics `Sources/App/Resources/Assets.xcassets` of home-assistant/iOS at
d722d7811aec72397d05837477c5f146943b6248 (Home Assistant, on the App Store): the primary
`AppIcon.appiconset` (RGB default, transparent dark appearance) and alternate icons in the group
folder `AlternateIcons/` (`classic.appiconset`, `old-beta.appiconset`), single-size RGBA; one of
them here has a transparent margin. Alternate icons are not the App Store icon. Expected: no finding.
""")

# 5. watchOS: legacy watch set with a watch-marketing RGBA icon, and a single-size watchOS set.
root = catalog("watchos")
folder = os.path.join(root, "AppIcon.appiconset")
images = [{"filename": "pocketcasts-1024.png", "idiom": "watch-marketing", "scale": "1x", "size": "1024x1024"}]
png(os.path.join(folder, "pocketcasts-1024.png"), 1024, 1024, alpha=255)
for points, scale, role, subtype in [("24", "2x", "notificationCenter", "38mm"), ("27.5", "2x", "notificationCenter", "42mm"),
                                     ("29", "2x", "companionSettings", None), ("40", "2x", "appLauncher", "38mm"),
                                     ("86", "2x", "quickLook", "38mm")]:
    side = int(float(points) * 2)
    name = f"icon-{points}@{scale}.png"
    entry = {"filename": name, "idiom": "watch", "role": role, "scale": scale, "size": f"{points}x{points}"}
    if subtype: entry["subtype"] = subtype
    images.append(entry)
    png(os.path.join(folder, name), side, side)
contents(folder, images)
folder = os.path.join(root, "WatchIcon.appiconset")
contents(folder, [{"filename": "Apple_Watch_App_Icon.png", "idiom": "universal", "platform": "watchos", "size": "1024x1024"}])
png(os.path.join(folder, "Apple_Watch_App_Icon.png"), 1024, 1024, colour=(3, 169, 244))
readme("watchos", """
Mimics two watchOS catalogs: `Pocket Casts Watch App/Assets.xcassets/AppIcon.appiconset` of
Automattic/pocket-casts-ios at c23892d1f47bc44d422fa06c389b49820aa04dd3 (`watch` idiom entries by
role and subtype, and a `watch-marketing` 1024 icon that is RGBA with every pixel opaque), and
`Sources/WatchApp/Assets.xcassets/WatchIcon.appiconset` of home-assistant/iOS at
d722d7811aec72397d05837477c5f146943b6248 (single-size, `platform` `watchos`, RGB). Expected with
`--app-icon AppIcon`: one alpha-channel warning on the watch App Store icon; with
`--app-icon WatchIcon`: no finding.
""")

# 6. tvOS brand assets: image stacks with layers, top shelf images (tv and tv-marketing).
root = catalog("tvos-brand-assets")
brand = os.path.join(root, "App Icon & Top Shelf Image.brandassets")
contents(brand, assets=[
    {"filename": "App Icon - App Store.imagestack", "idiom": "tv", "role": "primary-app-icon", "size": "1280x768"},
    {"filename": "App Icon.imagestack", "idiom": "tv", "role": "primary-app-icon", "size": "400x240"},
    {"filename": "Top Shelf Image Wide.imageset", "idiom": "tv", "role": "top-shelf-image-wide", "size": "2320x720"},
    {"filename": "Top Shelf Image.imageset", "idiom": "tv", "role": "top-shelf-image", "size": "1920x720"}])
for stack, scales in [("App Icon - App Store", [(1, 1280, 768)]), ("App Icon", [(1, 400, 240), (2, 800, 480)])]:
    folder = os.path.join(brand, stack + ".imagestack")
    contents(folder, layers=[{"filename": "Front.imagestacklayer"}, {"filename": "Back.imagestacklayer"}])
    for layer in ["Front", "Back"]:
        contents(os.path.join(folder, layer + ".imagestacklayer"))
        content = os.path.join(folder, layer + ".imagestacklayer", "Content.imageset")
        images = []
        for scale, w, h in scales:
            name = f"{layer.lower()}@{scale}x.png"
            images.append({"filename": name, "idiom": "tv", "scale": f"{scale}x"})
            png(os.path.join(content, name), w, h, alpha=None if layer == "Back" else 255,
                margin=0 if layer == "Back" else w // 10)
        contents(content, images)
for shelf, w in [("Top Shelf Image Wide", 2320), ("Top Shelf Image", 1920)]:
    folder = os.path.join(brand, shelf + ".imageset")
    images = []
    for idiom in ["tv", "tv-marketing"]:
        for scale in [1, 2]:
            name = f"{idiom}-{scale}x.png"
            images.append({"filename": name, "idiom": idiom, "scale": f"{scale}x"})
            png(os.path.join(folder, name), w * scale, 720 * scale)
    contents(folder, images)
readme("tvos-brand-assets", """
Mimics `Swiftfin tvOS/Resources/Assets.xcassets/App Icon & Top Shelf Image.brandassets` of
jellyfin/Swiftfin at 3944680cf13d7c2c6bb8658ab8d79c151a4b045e (Swiftfin for Apple TV, on the App
Store): brand assets with the App Store and home-screen image stacks (Front and Back layers, each a
`Content.imageset` with `tv` idiom at 1x, and 1x and 2x for the home-screen stack) and the two top
shelf image sets with `tv` and `tv-marketing` entries at 1x and 2x (as in moonlight-stream/moonlight-ios
`Moonlight TV`), at Apple's pixel sizes (App Store stack 1280x768, home-screen stack 400x240 and
800x480, Top Shelf 1920x720 and 2320x720 at 1x and 2x). Expected: no finding; the image sets, the
brand assets, the stacks and their layers are all checked.
""")

# 7. visionOS solid image stack.
root = catalog("visionos-solid-stack")
stack = os.path.join(root, "AppIcon.solidimagestack")
contents(stack, layers=[{"filename": "Front.solidimagestacklayer"}, {"filename": "Mid.solidimagestacklayer"},
                        {"filename": "Back.solidimagestacklayer"}])
for layer, name in [("Front", "Layer 1.png"), ("Mid", "Layer 2.png"), ("Back", "Background.png")]:
    contents(os.path.join(stack, layer + ".solidimagestacklayer"))
    content = os.path.join(stack, layer + ".solidimagestacklayer", "Content.imageset")
    contents(content, [{"filename": name, "idiom": "vision", "scale": "2x"}])
    png(os.path.join(content, name), 1024, 1024, alpha=None if layer == "Back" else 255, margin=0 if layer == "Back" else 200)
readme("visionos-solid-stack", """
Mimics `IceCubesApp/Assets.xcassets/AppIcon.solidimagestack` of Dimillian/IceCubesApp at
0fc41d2ced2e3e735bd9c42d5ae6dea16e63d618 (Ice Cubes for visionOS): a solid image stack with Front,
Mid and Back layers, each a `Content.imageset` holding one 1024x1024 image with `vision` idiom at 2x;
Front and Mid transparent around the artwork, Back opaque. Expected: no finding; the three image
sets, the stack and its layers checked.
""")

# 8. WebP files named .png in an app icon set (actool reads by content).
root = catalog("webp-named-png")
folder = os.path.join(root, "AppIcon.appiconset")
images = [dict(IOS, filename="1024.png")]
converted(os.path.join(folder, "1024.png"), 1024, 1024, "webp")
for points, scale in [(16, 1), (16, 2), (128, 1)]:
    name = f"{points}-mac{'' if scale == 1 else '@2x'}.png"
    images.append({"filename": name, "idiom": "mac", "scale": f"{scale}x", "size": f"{points}x{points}"})
    converted(os.path.join(folder, name), points * scale, points * scale, "webp")
contents(folder, images)
readme("webp-named-png", """
Mimics `Support/Assets.xcassets/AppIcon.appiconset` of kiwix/kiwix-apple at
973f26d22dde9e207d9c459b57826d756c60b5ff (Kiwix, on the App Store for iOS and macOS), where the
1024 iOS icon and the `mac` icons are WebP files named `.png` (home-assistant/iOS has the same in
its `mac` entries). actool reads images by content and accepts them. Expected: one not-png warning
per file (content and name disagree), pixel sizes read from the WebP data and correct, no error.
""")

# 9. Every image type Xcode accepts, in image sets, with a namespaced folder, a symbol and a colour set.
root = catalog("image-types")
converted(os.path.join(root, "avatar.imageset", "avatar.heic"), 60, 60, "heic")
contents(os.path.join(root, "avatar.imageset"), [{"filename": "avatar.heic", "idiom": "universal", "scale": "1x"},
                                                 {"idiom": "universal", "scale": "2x"}, {"idiom": "universal", "scale": "3x"}])
folder = os.path.join(root, "Photo.imageset")
images = []
for scale in [1, 2, 3]:
    name = f"photo{'' if scale == 1 else f'@{scale}x'}.jpg"
    images.append({"filename": name, "idiom": "universal", "scale": f"{scale}x"})
    converted(os.path.join(folder, name), 40 * scale, 30 * scale, "jpeg")
contents(folder, images)
folder = os.path.join(root, "Texture.imageset")
contents(folder, [{"filename": "texture.tiff", "idiom": "universal", "scale": "1x"},
                  {"filename": "texture@2x.tiff", "idiom": "universal", "scale": "2x"}])
converted(os.path.join(folder, "texture.tiff"), 16, 16, "tiff")
converted(os.path.join(folder, "texture@2x.tiff"), 32, 32, "tiff")
folder = os.path.join(root, "Banner.imageset")
contents(folder, [{"filename": "banner.webp", "idiom": "universal", "scale": "1x"},
                  {"filename": "banner@2x.webp", "idiom": "universal", "scale": "2x"}])
converted(os.path.join(folder, "banner.webp"), 50, 20, "webp")
converted(os.path.join(folder, "banner@2x.webp"), 100, 40, "webp")
folder = os.path.join(root, "Onboarding", "widget.imageset")
contents(folder, [{"filename": "widget.pdf", "idiom": "universal"}], {"preserves-vector-representation": True})
pdf(os.path.join(folder, "widget.pdf"), 64)
contents(os.path.join(root, "Onboarding"), properties={"provides-namespace": True})
folder = os.path.join(root, "Onboarding", "logo.imageset")
contents(folder, [{"filename": "logo.svg", "idiom": "universal"}], {"preserves-vector-representation": True})
svg(os.path.join(folder, "logo.svg"), 48)
folder = os.path.join(root, "Onboarding", "logo-mixed.imageset")
contents(folder, [{"filename": "logo-mixed.pdf", "idiom": "universal", "scale": "1x"},
                  {"filename": "logo-mixed@2x.png", "idiom": "universal", "scale": "2x"}])
pdf(os.path.join(folder, "logo-mixed.pdf"), 20)
png(os.path.join(folder, "logo-mixed@2x.png"), 37, 37)
folder = os.path.join(root, "custom.bolt.symbolset")
contents(folder, symbols=[{"filename": "custom.bolt.svg", "idiom": "universal"}])
svg(os.path.join(folder, "custom.bolt.svg"), 100)
contents(os.path.join(root, "AccentColor.colorset"),
         colors=[{"color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "0.659", "green": "0.247", "red": "0.106"}},
                  "idiom": "universal"}])
readme("image-types", """
Every image type Xcode accepts in image sets, each as a shipping app uses it:
- `avatar.imageset`: one HEIC at 1x, empty 2x and 3x slots, as in Dimillian/IceCubesApp
  `IceCubesApp/Assets.xcassets/avatar.imageset` at 0fc41d2ced2e3e735bd9c42d5ae6dea16e63d618;
- `Photo.imageset`: JPEG (`.jpg`) at 1x, 2x and 3x, as in Automattic/pocket-casts-ios at
  c23892d1f47bc44d422fa06c389b49820aa04dd3 (35 JPEG files across its catalogs);
- `Texture.imageset` (TIFF) and `Banner.imageset` (WebP) at 1x and 2x;
- `Onboarding/` a namespaced folder (`provides-namespace`, as mastodon/mastodon-ios
  `MastodonSDK/Sources/MastodonAsset/Assets.xcassets` at a9e088a9c7b88720fed5eefdd2dc1606b5f21dc8)
  holding a single-scale PDF with `preserves-vector-representation` (duckduckgo/iOS
  `DuckDuckGo/Onboarding.xcassets/OnboardingWidgetImage.imageset` at
  7b3f6010d27a3a69fe92a2ad698543f2e67c8900), an SVG, and a set mixing a PDF 1x with a PNG 2x of
  odd size (vectors take no part in scale arithmetic);
- a symbol set and a colour set (not checked, only counted).
Expected: no finding.
""")
