import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// `platforms: [ios, macos, watchos, tvos, visionos]` on an `app-icon` with `layers:` (bottom to
/// top): the tvOS brand assets (image stacks and Top Shelf images), the visionOS solid image
/// stack, the macOS and watchOS sizes composed from the layers, all at exact pixel sizes; verify
/// on what was written and on broken stacks; the manifest errors.
@Suite struct PlatformStackTests {
    static let brand = "/Output/Assets.xcassets/AppIcon & Top Shelf Image.brandassets"

    static func project(_ manifest: String, files: [String] = ["back.svg", "front.svg"]) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: CLI.binary), "build the binary first: swift build")
        let dir = CLI.temporaryDirectory("stacks")
        for file in files { try CLI.copyFromRepo("Tests/Fixtures/Stacks/" + file, to: dir) }
        try manifest.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    static func json(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    static func png(_ path: String) throws -> Bitmap {
        try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func images(_ folder: String) throws -> [[String: String]] {
        (try json(folder + "/Contents.json")["images"] as? [[String: String]]) ?? []
    }

    static let fivePlatforms = """
        assets:
          - name: AppIcon
            kind: app-icon
            platforms: [ios, macos, watchos, tvos, visionos]
            fill: "#1E5AA8"
            layers: [back.svg, front.svg]

        """

    @Test func fivePlatformsFromTwoLayers() throws {
        let dir = try Self.project(Self.fivePlatforms)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/AppIcon.icon/icon.json"))

        // macOS and watchOS: composed from the layers on the fill, in the flat set beside the .icon.
        let flat = dir + "/Output/Assets.xcassets/AppIcon-Flat.appiconset"
        let flatImages = try Self.images(flat)
        #expect(flatImages.filter { $0["idiom"] == "mac" }.count == 10)
        #expect(flatImages.filter { $0["idiom"] != "mac" } == [
            ["filename": "AppIcon-Flat-watchOS-1024.png", "idiom": "universal", "platform": "watchos", "size": "1024x1024"],
        ])
        let watch = try Self.png(flat + "/AppIcon-Flat-watchOS-1024.png")
        #expect(watch.size == PixelSize(width: 1024, height: 1024))
        #expect(watch.isOpaque, "the watchOS file is square and opaque; the circle is watchOS's mask")
        #expect(watch.pixel(x: 512, y: 512) == RGBAColor(red: 0xFF, green: 0xC2, blue: 0x1A), "the front layer's disc is drawn over the back")
        // The 5:3 layers fit the square (scale 2.048, 205 px of fill above and below), not stretched:
        // the fill below the back layer's dark band, and a round disc (r 143 px).
        #expect(watch.pixel(x: 512, y: 1000) == RGBAColor(red: 0x1E, green: 0x5A, blue: 0xA8), "the fill shows where the layers do not reach")
        #expect(watch.pixel(x: 512, y: 700) == RGBAColor(red: 0x14, green: 0x3E, blue: 0x75), "the back layer's band")
        #expect(watch.pixel(x: 512 + 135, y: 512) == RGBAColor(red: 0xFF, green: 0xC2, blue: 0x1A))
        #expect(watch.pixel(x: 512, y: 512 + 155) != RGBAColor(red: 0xFF, green: 0xC2, blue: 0x1A), "round, not stretched")
        for entry in flatImages where entry["idiom"] == "mac" {
            let file = try #require(entry["filename"])
            let side = Int(entry["size"]!.split(separator: "x")[0])! * Int(entry["scale"]!.dropLast())!
            #expect(try Self.png(flat + "/" + file).size == PixelSize(width: side, height: side), "\(file)")
        }

        // tvOS brand assets, as Xcode names and lists them.
        let brand = dir + Self.brand
        let assets = try #require(try Self.json(brand + "/Contents.json")["assets"] as? [[String: String]])
        #expect(assets == [
            ["filename": "App Icon - App Store.imagestack", "idiom": "tv", "role": "primary-app-icon", "size": "1280x768"],
            ["filename": "App Icon.imagestack", "idiom": "tv", "role": "primary-app-icon", "size": "400x240"],
            ["filename": "Top Shelf Image Wide.imageset", "idiom": "tv", "role": "top-shelf-image-wide", "size": "2320x720"],
            ["filename": "Top Shelf Image.imageset", "idiom": "tv", "role": "top-shelf-image", "size": "1920x720"],
        ])
        for (stack, sizes) in [("App Icon - App Store", [(nil as String?, 1280, 768)]), ("App Icon", [("1x", 400, 240), ("2x", 800, 480)])] {
            let folder = brand + "/" + stack + ".imagestack"
            let layers = try #require(try Self.json(folder + "/Contents.json")["layers"] as? [[String: String]])
            #expect(layers == [["filename": "Front.imagestacklayer"], ["filename": "Back.imagestacklayer"]], "front to back")
            for layer in ["Front", "Back"] {
                let content = folder + "/" + layer + ".imagestacklayer/Content.imageset"
                let entries = try Self.images(content)
                #expect(entries.map { $0["scale"] } == sizes.map(\.0), "\(stack) \(layer)")
                #expect(entries.allSatisfy { $0["idiom"] == "tv" })
                for (entry, size) in zip(entries, sizes) {
                    let bitmap = try Self.png(content + "/" + entry["filename"]!)
                    #expect(bitmap.size == PixelSize(width: size.1, height: size.2), "\(stack) \(layer) \(entry)")
                    let info = try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: content + "/" + entry["filename"]!)))
                    if layer == "Back" {
                        #expect(info.colorType == .rgb && bitmap.isOpaque, "the back layer is opaque")
                    } else {
                        // The disc (r 70 of a 300 high layer) stays round: drawn to fit, not stretched.
                        let r = Double(size.2) * 70 / 300
                        let (cx, cy) = (size.1 / 2, size.2 / 2)
                        #expect(bitmap.pixel(x: 0, y: 0).alpha == 0, "the front layer keeps its transparency")
                        #expect(bitmap.pixel(x: cx, y: cy).alpha == 255)
                        #expect(bitmap.pixel(x: cx + Int(r * 0.9), y: cy).alpha == 255)
                        #expect(bitmap.pixel(x: cx + Int(r * 1.1) + 1, y: cy).alpha == 0)
                        #expect(bitmap.pixel(x: cx, y: cy + Int(r * 1.1) + 1).alpha == 0)
                    }
                }
            }
        }
        // Top Shelf: composed from the layers on the fill (tv and tv-marketing, @1x and @2x).
        for (set, width) in [("Top Shelf Image", 1920), ("Top Shelf Image Wide", 2320)] {
            let entries = try Self.images(brand + "/" + set + ".imageset")
            #expect(entries.map { "\($0["idiom"]!) \($0["scale"]!)" } == ["tv 1x", "tv 2x", "tv-marketing 1x", "tv-marketing 2x"])
            for entry in entries {
                let scale = entry["scale"] == "2x" ? 2 : 1
                let bitmap = try Self.png(brand + "/" + set + ".imageset/" + entry["filename"]!)
                #expect(bitmap.size == PixelSize(width: width * scale, height: 720 * scale), "\(entry)")
                #expect(bitmap.isOpaque)
                #expect(bitmap.pixel(x: 10, y: 10) == RGBAColor(red: 0x1E, green: 0x5A, blue: 0xA8), "the fill beside the layers")
                #expect(bitmap.pixel(x: bitmap.width / 2, y: bitmap.height / 2) == RGBAColor(red: 0xFF, green: 0xC2, blue: 0x1A))
            }
        }

        // visionOS: Front, Middle (left empty, as Xcode leaves an unused layer), Back; 1024x1024 at 2x.
        let solid = dir + "/Output/Assets.xcassets/AppIcon.solidimagestack"
        let solidLayers = try #require(try Self.json(solid + "/Contents.json")["layers"] as? [[String: String]])
        #expect(solidLayers.map { $0["filename"]! } == ["Front.solidimagestacklayer", "Middle.solidimagestacklayer", "Back.solidimagestacklayer"])
        #expect(try Self.images(solid + "/Middle.solidimagestacklayer/Content.imageset") == [["idiom": "vision", "scale": "2x"]])
        for layer in ["Front", "Back"] {
            let content = solid + "/" + layer + ".solidimagestacklayer/Content.imageset"
            let entries = try Self.images(content)
            #expect(entries == [["filename": "AppIcon-vision-\(layer).png", "idiom": "vision", "scale": "2x"]])
            let bitmap = try Self.png(content + "/AppIcon-vision-\(layer).png")
            #expect(bitmap.size == PixelSize(width: 1024, height: 1024))
            #expect(bitmap.isOpaque == (layer == "Back"))
        }

        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(verify.stdout.contains("0 errors, 0 warnings"), "\(verify.stdout)")
        let catalogOnly = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir)
        #expect(catalogOnly.status == 0, "\(catalogOnly.stdout)")

        let again = try CLI.run(["build"], in: dir)
        #expect(again.status == 0)
        #expect(again.stderr.contains(" 0 written, "), "a second build writes nothing: \(again.stderr)")
    }

    @Test func threeLayersAndAGivenTopShelfImage() throws {
        let dir = try Self.project("""
            assets:
              - name: TV
                kind: app-icon
                platforms: [tvos, visionos]
                fill: "#1E5AA8"
                layers: [back.svg, middle.svg, front.svg]
                top-shelf: top-shelf.svg

            """, files: ["back.svg", "middle.svg", "front.svg", "top-shelf.svg"])
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let catalog = dir + "/Output/Assets.xcassets"
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output/TV.icon"), "no .icon for tvOS and visionOS alone")
        let brand = catalog + "/TV & Top Shelf Image.brandassets"
        let layers = try #require(try Self.json(brand + "/App Icon.imagestack/Contents.json")["layers"] as? [[String: String]])
        #expect(layers.map { $0["filename"]! } == ["Front.imagestacklayer", "Middle.imagestacklayer", "Back.imagestacklayer"])
        // The manifest lists bottom to top: middle.svg (the white outline) is the middle layer.
        let middle = try Self.png(brand + "/App Icon.imagestack/Middle.imagestacklayer/Content.imageset/TV-tv-400x240-Middle.png")
        #expect(middle.pixel(x: 200, y: 120).alpha == 0)
        #expect(middle.pixel(x: 200, y: 48).alpha == 255, "the outline's top edge (y 60 of 300)")
        let given = try Self.png(brand + "/Top Shelf Image.imageset/TV-TopShelf-1920x720@2x.png")
        #expect(given.size == PixelSize(width: 3840, height: 1440))
        #expect(given.pixel(x: 10, y: 10) == RGBAColor(red: 0x0B, green: 0x25, blue: 0x45), "the given Top Shelf artwork")
        let wide = try Self.png(brand + "/Top Shelf Image Wide.imageset/TV-TopShelfWide-2320x720.png")
        #expect(wide.pixel(x: 10, y: 10) == RGBAColor(red: 0x1E, green: 0x5A, blue: 0xA8), "composed: none given")
        for layer in ["Front", "Middle", "Back"] {
            let content = catalog + "/TV.solidimagestack/\(layer).solidimagestacklayer/Content.imageset"
            #expect(try Self.images(content) == [["filename": "TV-vision-\(layer).png", "idiom": "vision", "scale": "2x"]])
        }
        #expect(try CLI.run(["verify"], in: dir).status == 0)

        // `plan` shows a composed Top Shelf image's layers as the manifest names them.
        let plan = try CLI.run(["plan"], in: dir)
        #expect(plan.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        let wideJob = try #require((document["jobs"] as? [[String: Any]])?.first { ($0["output"] as? String)?.hasSuffix("TV-TopShelfWide-2320x720.png") == true })
        #expect((wideJob["overlays"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == ["middle.svg", "front.svg"])

        // The preview shows the stacks in their own section (parallax tiles, the visionOS circle).
        let preview = try CLI.run(["preview"], in: dir)
        #expect(preview.status == 0, "\(preview.stderr)")
        let html = try String(contentsOfFile: dir + "/.assetsmith/preview.html", encoding: .utf8)
        #expect(html.contains("<h2>Layered app icons (tvOS parallax, visionOS)"))
    }

    /// A Top Shelf image of ours at a wrong size is told once, by the plan's check: the brand
    /// assets' check, after every set's, knows the plan sized it (issue 50: it asks the plan's index).
    @Test func aWrongSizedTopShelfImageOfOursIsToldOnce() throws {
        let dir = try Self.project("""
            assets:
              - name: TV
                kind: app-icon
                platforms: [tvos]
                fill: "#1E5AA8"
                layers: [back.svg, front.svg]

            """)
        #expect(try CLI.run(["build"], in: dir).status == 0)
        let relative = "TV & Top Shelf Image.brandassets/Top Shelf Image Wide.imageset/TV-TopShelfWide-2320x720.png"
        try PNGCodec.encode(Bitmap(width: 100, height: 50, filledWith: RGBAColor(red: 0x1E, green: 0x5A, blue: 0xA8)), channels: .rgb)
            .write(to: URL(fileURLWithPath: dir + "/Output/Assets.xcassets/" + relative))
        let verify = try CLI.run(["verify", "--format", "json"], in: dir)
        #expect(verify.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(verify.stdout.utf8)) as? [String: Any])
        let sizes = (report["findings"] as? [[String: Any]] ?? []).filter {
            $0["rule"] as? String == "pixel-size" && ($0["file"] as? String)?.hasSuffix(relative) == true
        }
        #expect(sizes.count == 1, "\(sizes)")
        #expect((sizes.first?["message"] as? String)?.hasPrefix("is 100x50 px but slot") == true, "\(sizes)")
    }

    @Test func verifyFailsOnAOneLayerStackAndATransparentBack() throws {
        let dir = try Self.project(Self.fivePlatforms)
        #expect(try CLI.run(["build"], in: dir).status == 0)
        let brand = dir + Self.brand
        // A transparent back layer.
        let back = brand + "/App Icon.imagestack/Back.imagestacklayer/Content.imageset/AppIcon-tv-400x240-Back.png"
        let clear = Bitmap(width: 400, height: 240, filledWith: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        try PNGCodec.encode(clear, channels: .rgba).write(to: URL(fileURLWithPath: back))
        let transparent = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir)
        #expect(transparent.status == 1)
        #expect(transparent.stdout.contains("App Icon.imagestack/Back.imagestacklayer/Content.imageset/AppIcon-tv-400x240-Back.png: error: has 96000 transparent pixels; the back layer of \"App Icon\" is the icon's background and must be opaque"),
                "\(transparent.stdout)")

        // A stack of one layer.
        #expect(try CLI.run(["build", "--force"], in: dir).status == 0)
        let stack = brand + "/App Icon - App Store.imagestack/Contents.json"
        try #"{"info":{"author":"xcode","version":1},"layers":[{"filename":"Back.imagestacklayer"}]}"#
            .write(toFile: stack, atomically: true, encoding: .utf8)
        let single = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir)
        #expect(single.status == 1)
        #expect(single.stdout.contains("App Icon - App Store.imagestack/Contents.json: error: the image stack \"App Icon - App Store\" lists 1 layer; it needs 2 to 5, front to back"),
                "\(single.stdout)")

        // Brand assets without the App Store stack.
        #expect(try CLI.run(["build", "--force"], in: dir).status == 0)
        let contents = brand + "/Contents.json"
        var document = try Self.json(contents)
        document["assets"] = (document["assets"] as! [[String: String]]).filter { $0["size"] != "1280x768" }
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: contents))
        let noStore = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir)
        #expect(noStore.status == 1)
        #expect(noStore.stdout.contains("brandassets/Contents.json: error: has no App Store app icon stack (role primary-app-icon, 1280x768 pt); App Store Connect rejects the app without it (ITMS-90471)"),
                "\(noStore.stdout)")
    }

    @Test func fewerLayersRemoveTheOldLayerFoldersButNotAHandMadeFile() throws {
        let manifest = { (layers: String) in
            "assets:\n  - {name: TV, kind: app-icon, platforms: [tvos, visionos], fill: \"#1E5AA8\", layers: \(layers)}\n"
        }
        let dir = try Self.project(manifest("[back.svg, middle.svg, front.svg]"), files: ["back.svg", "middle.svg", "front.svg"])
        #expect(try CLI.run(["build"], in: dir).status == 0)
        let stack = dir + "/Output/Assets.xcassets/TV & Top Shelf Image.brandassets/App Icon.imagestack"
        try manifest("[back.svg, front.svg]").write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let fewer = try CLI.run(["build"], in: dir)
        #expect(fewer.status == 0, "\(fewer.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: stack).sorted()
                == ["Back.imagestacklayer", "Contents.json", "Front.imagestacklayer"])
        #expect(try CLI.run(["verify"], in: dir).status == 0)

        // A file put into a layer folder by hand makes the stack someone else's: nothing is written into it.
        try manifest("[back.svg, middle.svg, front.svg]").write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["build"], in: dir).status == 0)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: stack + "/Middle.imagestacklayer/Content.imageset/notes.txt"))
        try manifest("[back.svg, front.svg]").write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let foreign = try CLI.run(["build"], in: dir)
        #expect(foreign.status != 0)
        #expect(foreign.stderr.contains("App Icon.imagestack\" holds files assetsmith did not write (\"Middle.imagestacklayer\"); nothing was written into it"),
                "\(foreign.stderr)")
    }

    @Test func watchOSBesideAFlatIOSIcon() throws {
        let dir = CLI.temporaryDirectory("watch-icon")
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir)
        try "assets:\n  - {name: AppIcon, kind: app-icon, source: AppIcon.svg, background: \"#1B3FA8\", platforms: [ios, watchos]}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let set = dir + "/Output/Assets.xcassets/AppIcon.appiconset"
        let watch = try Self.images(set).filter { $0["platform"] == "watchos" }
        #expect(watch == [["filename": "AppIcon-watchOS-1024.png", "idiom": "universal", "platform": "watchos", "size": "1024x1024"]])
        let info = try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: set + "/AppIcon-watchOS-1024.png")))
        #expect(info.colorType == .rgb && info.size == PixelSize(width: 1024, height: 1024))
        #expect(try CLI.run(["verify"], in: dir).status == 0)
    }

    @Test func manifestErrorsAreLocated() throws {
        let cases: [(String, String)] = [
            ("    platforms: [tvos]\n    fill: \"#1E5AA8\"\n    layers: [back.svg]\n",
             "assetsmith.yml:6:13: error: \"layers\" of asset \"AppIcon\" has 1 layer; a tvOS image stack needs 2 to 5"),
            ("    platforms: [visionos]\n    fill: \"#1E5AA8\"\n    layers: [back.svg]\n",
             "assetsmith.yml:6:13: error: \"layers\" of asset \"AppIcon\" has 1 layer; a visionOS icon needs 2 to 3: a back layer and one or two in front of it"),
            ("    platforms: [ios, tvos]\n    layers: [back.svg, front.svg]\n",
             "assetsmith.yml:4:16: error: asset \"AppIcon\" needs \"fill\" as one colour for tvos: the layers are drawn over it so that the back of the icon is opaque"),
            ("    platforms: [visionos]\n    fill: {gradient: [\"#000000\", \"#FFFFFF\"]}\n    layers: [back.svg, front.svg]\n",
             "assetsmith.yml:5:11: error: asset \"AppIcon\" needs \"fill\" as one colour for visionos"),
            ("    platforms: [ios, tvos]\n    source: back.svg\n",
             "assetsmith.yml:4:16: error: \"tvos\" app icons are layered image stacks, made from \"layers\""),
            ("    fill: \"#1E5AA8\"\n    layers: [back.svg, front.svg]\n    top-shelf: back.svg\n",
             "assetsmith.yml:6:16: error: \"top-shelf\" in asset \"AppIcon\" is tvOS Top Shelf artwork, but \"platforms\" does not list tvos"),
        ]
        for (body, expected) in cases {
            let dir = try Self.project("assets:\n  - name: AppIcon\n    kind: app-icon\n" + body)
            let build = try CLI.run(["build"], in: dir)
            #expect(build.status == 2, "\(body)")
            #expect(build.stderr.contains(expected), "\(build.stderr)")
            #expect(build.stderr.contains("fix: "), "\(build.stderr)")
        }
    }

    @Test func smallBitmapLayersAreNotUpscaled() throws {
        let dir = try Self.project("""
            assets:
              - name: AppIcon
                kind: app-icon
                platforms: [tvos]
                fill: "#1E5AA8"
                layers: [back.svg, small.png]

            """)
        let small = Bitmap(width: 200, height: 120, filledWith: RGBAColor(red: 255, green: 0, blue: 0))
        try PNGCodec.encode(small, channels: .rgba).write(to: URL(fileURLWithPath: dir + "/small.png"))
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 1)
        #expect(build.stderr.contains("assetsmith.yml:6:24: error: \"AppIcon\" tvOS Home Screen 400x240pt @2x layer Front needs 800x480 px but source \"small.png\" has 200x120 px (it would be upscaled to 400%); not rendered"),
                "\(build.stderr)")
        #expect(build.stderr.contains("upscaled to 640%"), "the App Store layer too: \(build.stderr)")
        // The Top Shelf images composed from the layers are refused too, naming the layer.
        #expect(build.stderr.contains("error: asset \"AppIcon\": cannot render tvOS top-shelf-image 1920x720pt @2x (tv) from \"back.svg\": the layer \"small.png\" has 200x120 px but is drawn at 2400x1440 px here (it would be upscaled to 1200%); not rendered\n  fix: supply the layer at least 2400x1440 px, or as an SVG"),
                "\(build.stderr)")
        // Verify checks the same rule for the composed images (the overlay, not only the source).
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("slot tvOS top-shelf-image 1920x720pt @2x (tv) layer needs 2400x1440 px but source \"small.png\" has 200x120 px (it would be upscaled to 1200%)"),
                "\(verify.stdout)")
    }
}
