#!/usr/bin/env python3
"""Regenerates the Xcode project fixtures (see README.md). Run from this folder:
python3 make-fixtures.py. Standard library only (PNGs through zlib). The files are committed;
this script documents how each was made. The project files are reduced reconstructions: the
objects, keys and values that decide app icons are copied in the shape the real project has them
(ids shortened), everything else (sources, packages, signing) is left out."""
import json, os, shutil, struct, zlib

INFO = {"author": "xcode", "version": 1}

def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write(text)

def contents(folder, doc):
    write(os.path.join(folder, "Contents.json"),
          json.dumps(doc, indent=2, sort_keys=True, separators=(",", " : ")) + "\n")

def catalog(folder):
    contents(folder, {"info": INFO})

def png(path, side, pixel):
    """A PNG, side x side; pixel(x, y) -> (r, g, b, a). RGB (colour type 2) when opaque."""
    rgba = pixel(0, 0) is not None and any(pixel(x, y)[3] != 255 for x, y in [(0, 0), (side // 2, side // 2)])
    take = 4 if rgba else 3
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)[:take]) for x in range(side)) for y in range(side))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6 if rgba else 2, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)

def opaque(x, y):
    return (27, 63, 168, 255)

def glyph(x, y):
    """A template glyph: a black disc on transparency (as action extension icons are)."""
    c = 512
    return (0, 0, 0, 255) if (x - c) ** 2 + (y - c) ** 2 < 300 ** 2 else (0, 0, 0, 0)

def app_icon(folder, name, filled=True, pixel=opaque):
    image = {"idiom": "universal", "platform": "ios", "size": "1024x1024"}
    if filled:
        image["filename"] = name + "-1024.png"
        png(os.path.join(folder, name + ".appiconset", image["filename"]), 1024, pixel)
    contents(os.path.join(folder, name + ".appiconset"), {"images": [image], "info": INFO})

def icon_bundle(folder):
    write(os.path.join(folder, "icon.json"), json.dumps({
        "fill": {"solid": "srgb:0.10588,0.24706,0.65882,1.00000"},
        "groups": [{"layers": [{"image-name": "glyph.png", "name": "glyph"}]}],
        "supported-platforms": {"circles": ["watchOS"], "squares": "shared"}}, indent=2) + "\n")
    png(os.path.join(folder, "Assets", "glyph.png"), 1024, glyph)

def value(v, indent):
    if isinstance(v, dict):
        pad = "\t" * (indent + 1)
        return "{\n" + "".join(f"{pad}{key(k)} = {value(v[k], indent + 1)};\n" for k in sorted(v)) + "\t" * indent + "}"
    if isinstance(v, list):
        pad = "\t" * (indent + 1)
        return "(\n" + "".join(f"{pad}{value(x, indent + 1)},\n" for x in v) + "\t" * indent + ")"
    return key(str(v))

def key(s):
    return s if s and all(c.isalnum() or c in "._/$" for c in s) else '"' + s.replace('"', '\\"') + '"'

def pbxproj(path, objects, root):
    """objects: id -> dict. Written as Xcode does: one section per isa, sorted by id."""
    out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 77;", "\tobjects = {"]
    for isa in sorted({o["isa"] for o in objects.values()}):
        out.append(f"\n/* Begin {isa} section */")
        for oid in sorted(i for i, o in objects.items() if o["isa"] == isa):
            out.append(f"\t\t{oid} = {value(objects[oid], 2)};")
        out.append(f"/* End {isa} section */")
    out += ["\t};", f"\trootObject = {root};", "}", ""]
    write(path, "\n".join(out))

def configurations(prefix, names, settings):
    """A configuration list and its configurations; settings: name -> build settings."""
    objs = {}
    ids = []
    for i, name in enumerate(names):
        cid = f"{prefix}C{i}"
        objs[cid] = {"isa": "XCBuildConfiguration", "buildSettings": settings.get(name, settings.get("*", {})), "name": name}
        ids.append(cid)
    objs[prefix + "CL"] = {"isa": "XCConfigurationList", "buildConfigurations": ids,
                           "defaultConfigurationIsVisible": "0", "defaultConfigurationName": names[-1]}
    return prefix + "CL", objs

def project(objects, targets, main_children, names=("Debug", "Release")):
    cl, objs = configurations("P", list(names), {"*": {"SDKROOT": "iphoneos"}})
    objects.update(objs)
    objects["MAIN"] = {"isa": "PBXGroup", "children": main_children, "sourceTree": "<group>"}
    objects["ROOT"] = {"isa": "PBXProject", "buildConfigurationList": cl, "mainGroup": "MAIN", "targets": targets,
                       "compatibilityVersion": "Xcode 14.0", "projectDirPath": "", "projectRoot": ""}

# --- IceCubes: Dimillian/IceCubesApp at 0fc41d2ced2e3e735bd9c42d5ae6dea16e63d618 (AGPL-3.0), reduced.
def icecubes():
    shutil.rmtree("IceCubes", ignore_errors=True)
    os.makedirs("IceCubes")
    os.chdir("IceCubes")
    o = {}
    # Root-level AppIcon.icon as a file reference in the app's Resources phase.
    o["E9DB78972E004E4C004EAC2E"] = {"isa": "PBXFileReference", "lastKnownFileType": "folder.iconcomposer.icon",
                                     "path": "AppIcon.icon", "sourceTree": "<group>"}
    o["E9DB78982E004E4C004EAC2E"] = {"isa": "PBXBuildFile", "fileRef": "E9DB78972E004E4C004EAC2E"}
    sync = {"IceCubesApp": "SYNCAPP", "AlternateIcons": "SYNCALT", "IceCubesActionExtension": "SYNCACT",
            "IceCubesAppWidgetsExtension": "SYNCWID"}
    for path, gid in sync.items():
        o[gid] = {"isa": "PBXFileSystemSynchronizedRootGroup", "explicitFileTypes": {}, "explicitFolders": [],
                  "path": path, "sourceTree": "<group>"}
    o["EXACT"] = {"isa": "PBXFileSystemSynchronizedBuildFileExceptionSet", "membershipExceptions": ["Info.plist"], "target": "TACT"}
    o["SYNCACT"]["exceptions"] = ["EXACT"]
    targets = {
        "TAPP": ("IceCubesApp", "com.apple.product-type.application", ["SYNCAPP", "SYNCALT"], ["E9DB78982E004E4C004EAC2E"],
                 {"ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME": "AccentColor",
                  "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES", "SDKROOT": "auto",
                  "INFOPLIST_FILE": "IceCubesApp/Info.plist"}),
        "TACT": ("IceCubesActionExtension", "com.apple.product-type.app-extension", ["SYNCACT"], [],
                 {"ASSETCATALOG_COMPILER_APPICON_NAME": "ActionIcon", "GENERATE_INFOPLIST_FILE": "YES",
                  "INFOPLIST_FILE": "IceCubesActionExtension/Info.plist"}),
        "TWID": ("IceCubesAppWidgetsExtensionExtension", "com.apple.product-type.app-extension", ["SYNCWID"], [],
                 {"GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "IceCubesAppWidgetsExtension/Info.plist"}),
    }
    for tid, (name, kind, groups, resources, settings) in targets.items():
        cl, objs = configurations(tid, ["Debug", "Release"], {"*": settings})
        o.update(objs)
        o[tid + "R"] = {"isa": "PBXResourcesBuildPhase", "buildActionMask": "2147483647", "files": resources,
                        "runOnlyForDeploymentPostprocessing": "0"}
        o[tid] = {"isa": "PBXNativeTarget", "buildConfigurationList": cl, "buildPhases": [tid + "R"], "buildRules": [],
                  "dependencies": [], "fileSystemSynchronizedGroups": groups, "name": name, "productName": name,
                  "productType": kind}
    project(o, list(targets), ["E9DB78972E004E4C004EAC2E"] + list(sync.values()))
    pbxproj("IceCubesApp.xcodeproj/project.pbxproj", o, "ROOT")
    # The files those settings point at.
    icon_bundle("AppIcon.icon")
    icon_bundle("AlternateIcons/AppIconAlternate1.icon")
    catalog("IceCubesApp/Assets.xcassets")
    app_icon("IceCubesApp/Assets.xcassets", "AppIconAlternate3")
    catalog("IceCubesActionExtension/Assets.xcassets")
    app_icon("IceCubesActionExtension/Assets.xcassets", "ActionIcon", pixel=glyph)
    write("IceCubesActionExtension/Info.plist", PLIST.format(point="com.apple.services"))
    catalog("IceCubesAppWidgetsExtension/Assets.xcassets")
    app_icon("IceCubesAppWidgetsExtension/Assets.xcassets", "AppIcon", filled=False)
    write("IceCubesAppWidgetsExtension/Info.plist", PLIST.format(point="com.apple.widgetkit-extension"))
    os.chdir("..")

PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>NSExtension</key>
	<dict>
		<key>NSExtensionPointIdentifier</key>
		<string>{point}</string>
	</dict>
</dict>
</plist>
"""

# --- Aidoku: Aidoku/Aidoku at eb812a56593631c03997de6b5d343b2dbd3bea62 (GPL-3.0), reduced: two app
# targets (iOS, macOS) build Shared/Assets.xcassets and Shared/AppIcon.icon; the catalog still
# holds AppIcon.appiconset, which Xcode 26 no longer uses (Aidoku PR #1081).
def aidoku():
    shutil.rmtree("Aidoku", ignore_errors=True)
    os.makedirs("Aidoku")
    os.chdir("Aidoku")
    o = {}
    o["FB1B4830277CE1920056D02C"] = {"isa": "PBXFileReference", "lastKnownFileType": "folder.assetcatalog",
                                     "path": "Assets.xcassets", "sourceTree": "<group>"}
    o["FB1DD89C2EF1A6BC0007FC78"] = {"isa": "PBXFileReference", "lastKnownFileType": "folder.iconcomposer.icon",
                                     "path": "AppIcon.icon", "sourceTree": "<group>"}
    o["SHARED"] = {"isa": "PBXGroup", "children": ["FB1B4830277CE1920056D02C", "FB1DD89C2EF1A6BC0007FC78"],
                   "path": "Shared", "sourceTree": "<group>"}
    targets = {}
    for tid, name, sdk, include_all in [("TIOS", "Aidoku (iOS)", "iphoneos", "YES"), ("TMAC", "Aidoku (macOS)", "macosx", None)]:
        files = []
        for ref in ["FB1B4830277CE1920056D02C", "FB1DD89C2EF1A6BC0007FC78"]:
            o[tid + ref[-6:]] = {"isa": "PBXBuildFile", "fileRef": ref}
            files.append(tid + ref[-6:])
        settings = {"ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "SDKROOT": sdk}
        if include_all:
            settings["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"] = include_all
        cl, objs = configurations(tid, ["Debug", "Release"], {"*": settings})
        o.update(objs)
        o[tid + "R"] = {"isa": "PBXResourcesBuildPhase", "buildActionMask": "2147483647", "files": files,
                        "runOnlyForDeploymentPostprocessing": "0"}
        o[tid] = {"isa": "PBXNativeTarget", "buildConfigurationList": cl, "buildPhases": [tid + "R"], "buildRules": [],
                  "dependencies": [], "name": name, "productName": "Aidoku", "productType": "com.apple.product-type.application"}
        targets[tid] = name
    project(o, list(targets), ["SHARED"])
    pbxproj("Aidoku.xcodeproj/project.pbxproj", o, "ROOT")
    catalog("Shared/Assets.xcassets")
    app_icon("Shared/Assets.xcassets", "AppIcon")
    icon_bundle("Shared/AppIcon.icon")
    os.chdir("..")

# --- ScriptFilled (issue 48): the shape of an iOS + watchOS app whose targets take AppIcon from an
# xcconfig and compile DerivedAssets.xcassets, empty in the repository; a Run Script phase copies
# AppIcon.appiconset from DerivedAssetsBase.xcassets into it at build time. The app's phase names the
# catalog in its script; the watch app's declares the set as an output. A third target compiles
# Generated/Assets.xcassets, which Assetsmith's build step writes (an output file list) and which is
# not in the checkout at all. Names and scripts are ours; the real app is kept aside.
def script_filled():
    shutil.rmtree("ScriptFilled", ignore_errors=True)
    os.makedirs("ScriptFilled")
    os.chdir("ScriptFilled")
    o = {}
    o["FDERIVED"] = {"isa": "PBXFileReference", "lastKnownFileType": "folder.assetcatalog", "path": "DerivedAssets.xcassets",
                     "sourceTree": "<group>"}
    o["FBASE"] = {"isa": "PBXFileReference", "lastKnownFileType": "folder.assetcatalog", "path": "DerivedAssetsBase.xcassets",
                  "sourceTree": "<group>"}
    o["FCONFIG"] = {"isa": "PBXFileReference", "lastKnownFileType": "text.xcconfig", "path": "Icons.xcconfig", "sourceTree": "<group>"}
    o["GSHARED"] = {"isa": "PBXGroup", "children": ["FDERIVED", "FBASE", "FCONFIG"], "path": "Shared", "sourceTree": "<group>"}
    o["FGEN"] = {"isa": "PBXFileReference", "lastKnownFileType": "folder.assetcatalog", "path": "Assets.xcassets",
                 "sourceTree": "<group>"}
    o["GGEN"] = {"isa": "PBXGroup", "children": ["FGEN"], "path": "Generated", "sourceTree": "<group>"}
    copy = 'cp -R "${SRCROOT}/Shared/DerivedAssetsBase.xcassets/AppIcon.appiconset" "${SRCROOT}/Shared/DerivedAssets.xcassets/"\n'
    spec = [
        ("TAPP", "Weather", "com.apple.product-type.application", "FDERIVED",
         {"isa": "PBXShellScriptBuildPhase", "name": "Copy App Icon", "shellScript": copy, "outputPaths": [],
          "shellPath": "/bin/sh", "buildActionMask": "2147483647", "files": [], "inputPaths": [],
          "runOnlyForDeploymentPostprocessing": "0"}),
        ("TWATCH", "Weather Watch App", "com.apple.product-type.application", "FDERIVED",
         {"isa": "PBXShellScriptBuildPhase", "shellScript": copy, "shellPath": "/bin/sh", "buildActionMask": "2147483647",
          "outputPaths": ["$(SRCROOT)/Shared/DerivedAssets.xcassets/AppIcon.appiconset"], "files": [], "inputPaths": [],
          "runOnlyForDeploymentPostprocessing": "0"}),
        ("TGEN", "Generated", "com.apple.product-type.application", "FGEN",
         {"isa": "PBXShellScriptBuildPhase", "name": "Assetsmith", "shellPath": "/bin/sh", "buildActionMask": "2147483647",
          "shellScript": 'assetsmith build --manifest "$SRCROOT/assetsmith.yml" --output-file-list "$SRCROOT/assetsmith-outputs.xcfilelist"\n',
          "outputFileListPaths": ["$(SRCROOT)/assetsmith-outputs.xcfilelist"], "outputPaths": [], "files": [], "inputPaths": [],
          "runOnlyForDeploymentPostprocessing": "0"}),
    ]
    for tid, name, kind, ref, phase in spec:
        settings = {"*": {"SDKROOT": "watchos" if tid == "TWATCH" else "iphoneos"}}
        cl, objs = configurations(tid, ["Debug", "Release"], settings)
        for c in objs.values():
            if c["isa"] == "XCBuildConfiguration" and tid != "TGEN":
                c["baseConfigurationReference"] = "FCONFIG"
            if c["isa"] == "XCBuildConfiguration" and tid == "TGEN":
                c["buildSettings"]["ASSETCATALOG_COMPILER_APPICON_NAME"] = "AppIcon"
        o.update(objs)
        o[tid + "B"] = {"isa": "PBXBuildFile", "fileRef": ref}
        o[tid + "R"] = {"isa": "PBXResourcesBuildPhase", "buildActionMask": "2147483647", "files": [tid + "B"],
                        "runOnlyForDeploymentPostprocessing": "0"}
        o[tid + "S"] = phase
        o[tid] = {"isa": "PBXNativeTarget", "buildConfigurationList": cl, "buildPhases": [tid + "S", tid + "R"], "buildRules": [],
                  "dependencies": [], "name": name, "productName": name, "productType": kind}
    project(o, [s[0] for s in spec], ["GSHARED", "GGEN"])
    pbxproj("Weather.xcodeproj/project.pbxproj", o, "ROOT")
    write("Shared/Icons.xcconfig", "// the app icon of every target\nASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n")
    catalog("Shared/DerivedAssets.xcassets")
    catalog("Shared/DerivedAssetsBase.xcassets")
    app_icon("Shared/DerivedAssetsBase.xcassets", "AppIcon")
    write("assetsmith-outputs.xcfilelist", "$(SRCROOT)/Generated/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png\n"
          "$(SRCROOT)/Generated/Assets.xcassets/AppIcon.appiconset/Contents.json\n")
    os.chdir("..")

# --- TwoApps: our own. Two app targets (Acme, first in the project; AcmeWhite, a white-label
# sibling whose folder sorts first) and an action extension whose catalog holds an empty
# placeholder icon and sorts first of all. Acme's Beta configuration names AppIcon-Beta, Release
# registers the alternate "Dark" and "Missing" (no set: ITMS-90895); "Old" is neither.
def two_apps():
    shutil.rmtree("TwoApps", ignore_errors=True)
    os.makedirs("TwoApps")
    os.chdir("TwoApps")
    o = {}
    groups = []
    for gid, folder in [("GAPP", "Acme"), ("GWHITE", "AcmeWhite"), ("GACT", "AAction")]:
        o[gid + "X"] = {"isa": "PBXFileReference", "lastKnownFileType": "folder.assetcatalog", "path": "Assets.xcassets",
                        "sourceTree": "<group>"}
        o[gid] = {"isa": "PBXGroup", "children": [gid + "X"], "path": folder, "sourceTree": "<group>"}
        groups.append(gid)
    o["GWHITEC"] = {"isa": "PBXFileReference", "lastKnownFileType": "text.xcconfig", "path": "White.xcconfig", "sourceTree": "<group>"}
    o["GWHITE"]["children"].append("GWHITEC")
    spec = [
        ("TAPP", "Acme", "com.apple.product-type.application", "GAPP",
         {"Debug": {"ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"},
          "Beta": {"ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon-Beta"},
          "Release": {"ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Dark Missing"}}),
        ("TWHITE", "AcmeWhite", "com.apple.product-type.application", "GWHITE",
         {"*": {"OTHER_SETTING": "YES"}}),   # its icon name comes from AcmeWhite/White.xcconfig
        ("TACT", "AcmeAction", "com.apple.product-type.app-extension", "GACT",
         {"*": {"ASSETCATALOG_COMPILER_APPICON_NAME": "ActionIcon", "INFOPLIST_FILE": "AAction/Info.plist"}}),
    ]
    for tid, name, kind, group, settings in spec:
        cl, objs = configurations(tid, ["Debug", "Beta", "Release"], settings)
        if tid == "TWHITE":
            for c in objs.values():
                if c["isa"] == "XCBuildConfiguration":
                    c["baseConfigurationReference"] = "GWHITEC"
        o.update(objs)
        o[tid + "B"] = {"isa": "PBXBuildFile", "fileRef": group + "X"}
        o[tid + "R"] = {"isa": "PBXResourcesBuildPhase", "buildActionMask": "2147483647", "files": [tid + "B"],
                        "runOnlyForDeploymentPostprocessing": "0"}
        o[tid] = {"isa": "PBXNativeTarget", "buildConfigurationList": cl, "buildPhases": [tid + "R"], "buildRules": [],
                  "dependencies": [], "name": name, "productName": name, "productType": kind}
    project(o, [s[0] for s in spec], groups, names=("Debug", "Beta", "Release"))
    pbxproj("Acme.xcodeproj/project.pbxproj", o, "ROOT")
    catalog("Acme/Assets.xcassets")
    app_icon("Acme/Assets.xcassets", "AppIcon")
    app_icon("Acme/Assets.xcassets", "AppIcon-Beta")
    app_icon("Acme/Assets.xcassets", "Dark")
    app_icon("Acme/Assets.xcassets", "Old")
    write("AcmeWhite/White.xcconfig", '#include "Shared.xcconfig"\nASSETCATALOG_COMPILER_APPICON_NAME = $(BRAND_ICON);  // the brand\'s icon\n')
    write("AcmeWhite/Shared.xcconfig", "// settings every brand shares\nBRAND_ICON = AppIcon\n")
    catalog("AcmeWhite/Assets.xcassets")
    app_icon("AcmeWhite/Assets.xcassets", "AppIcon", pixel=glyph)
    catalog("AAction/Assets.xcassets")
    app_icon("AAction/Assets.xcassets", "ActionIcon", filled=False)
    write("AAction/Info.plist", PLIST.format(point="com.apple.ui-services"))
    os.chdir("..")

icecubes()
aidoku()
two_apps()
script_filled()
