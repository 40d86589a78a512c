import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport
import Verification

/// Verify on hand-made tvOS brand assets and visionOS stacks (not Assetsmith's): a catalog laid out
/// as Xcode lays it out, reconstructed from the real ones of moonlight-stream/moonlight-ios (an
/// empty Front layer, `tv-marketing` Top Shelf entries), jellyfin/Swiftfin (a front layer smaller
/// than its stack) and Dimillian/IceCubesApp (a `Mid` layer without a file), with pictures drawn
/// here. Correct ones give no finding; each break gives the finding a user sees.
@Suite struct StackVerificationTests {
    static func png(_ width: Int, _ height: Int, opaque: Bool = true) throws -> Data {
        let color = opaque ? RGBAColor(red: 30, green: 90, blue: 168) : RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
        return try PNGCodec.encode(Bitmap(width: width, height: height, filledWith: color), channels: opaque ? .rgb : .rgba)
    }

    static func write(_ json: String, _ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: folder.appendingPathComponent("Contents.json"))
    }

    static let info = #""info" : { "author" : "xcode", "version" : 1 }"#

    /// `layers`: name → images (file, scale, pixel size); an empty list is a layer without a file.
    static func stack(_ folder: URL, layers: [(String, [(String, String?, Int, Int)])], idiom: String = "tv",
                      layerExtension: String = "imagestacklayer", transparentBack: Bool = false) throws {
        let list = layers.map { #"{ "filename" : "\#($0.0).\#(layerExtension)" }"# }.joined(separator: ", ")
        try write("{ \"layers\" : [ \(list) ], \(info) }", folder)
        for (index, (name, images)) in layers.enumerated() {
            let layer = folder.appendingPathComponent("\(name).\(layerExtension)")
            try write("{ \(info) }", layer)
            let content = layer.appendingPathComponent("Content.imageset")
            let entries = images.map { file, scale, _, _ in
                "{ \"filename\" : \"\(file)\", \"idiom\" : \"\(idiom)\"" + (scale.map { ", \"scale\" : \"\($0)\"" } ?? "") + " }"
            }
            try write("{ \"images\" : [ \(entries.isEmpty ? "{ \"idiom\" : \"\(idiom)\" }" : entries.joined(separator: ", ")) ], \(info) }", content)
            let isBack = index == layers.count - 1
            for (file, _, width, height) in images {
                try png(width, height, opaque: isBack && !transparentBack)
                    .write(to: content.appendingPathComponent(file))
            }
        }
    }

    /// A correct hand-made catalog; returns the catalog folder.
    static func catalog(appStoreLayers: [(String, [(String, String?, Int, Int)])]? = nil, transparentBack: Bool = false,
                        topShelf2x: (Int, Int) = (3840, 1440), withWide: Bool = true,
                        solidLayers: [String] = ["Front", "Mid", "Back"]) throws -> URL {
        let root = try VerifyFixtures.temporaryDirectory().appendingPathComponent("Assets.xcassets")
        try write("{ \(info) }", root)
        let brand = root.appendingPathComponent("App Icon & Top Shelf Image.brandassets")
        var assets = [
            #"{ "filename" : "App Icon - App Store.imagestack", "idiom" : "tv", "role" : "primary-app-icon", "size" : "1280x768" }"#,
            #"{ "filename" : "App Icon.imagestack", "idiom" : "tv", "role" : "primary-app-icon", "size" : "400x240" }"#,
            #"{ "filename" : "Top Shelf Image.imageset", "idiom" : "tv", "role" : "top-shelf-image", "size" : "1920x720" }"#,
        ]
        if withWide {
            assets.append(#"{ "filename" : "Top Shelf Image Wide.imageset", "idiom" : "tv", "role" : "top-shelf-image-wide", "size" : "2320x720" }"#)
        }
        try write("{ \"assets\" : [ \(assets.joined(separator: ", ")) ], \(info) }", brand)
        try stack(brand.appendingPathComponent("App Icon - App Store.imagestack"), layers: appStoreLayers ?? [
            ("Front", []), // left empty, as moonlight-ios does
            ("Middle", [("wedges-app.png", nil, 1280, 768)]),
            ("Back", [("bg-app.png", nil, 1280, 768)]),
        ], transparentBack: transparentBack)
        try stack(brand.appendingPathComponent("App Icon.imagestack"), layers: [
            ("Front", [("216.png", "1x", 216, 216), ("432.png", "2x", 432, 432)]), // smaller, as Swiftfin's
            ("Back", [("bg.png", "1x", 400, 240), ("bg@2.png", "2x", 800, 480)]),
        ])
        for (name, width, large) in [("Top Shelf Image", 1920, topShelf2x), ("Top Shelf Image Wide", 2320, (4640, 1440))]
            where withWide || name == "Top Shelf Image" {
            let set = brand.appendingPathComponent(name + ".imageset")
            var entries: [String] = []
            for idiom in ["tv", "tv-marketing"] {
                for (scale, size) in [("1x", (width, 720)), ("2x", large)] {
                    let file = "\(idiom)-\(scale).png"
                    entries.append("{ \"filename\" : \"\(file)\", \"idiom\" : \"\(idiom)\", \"scale\" : \"\(scale)\" }")
                    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
                    try png(size.0, size.1).write(to: set.appendingPathComponent(file))
                }
            }
            try write("{ \"images\" : [ \(entries.joined(separator: ", ")) ], \(info) }", set)
        }
        try stack(root.appendingPathComponent("AppIcon.solidimagestack"), layers: solidLayers.map { name in
            (name, name == "Mid" ? [] : [("\(name).png", "2x", 1024, 1024)])
        }, idiom: "vision", layerExtension: "solidimagestacklayer")
        return root
    }

    static func lines(_ root: URL) -> [String] {
        Verifier.verify(catalogAt: root.path, stacks: VerifyFixtures.stackRules).findings.map { "\($0.place): \($0.severity.rawValue): \($0.message)" }
    }

    static let brand = "Assets.xcassets/App Icon & Top Shelf Image.brandassets"

    /// Roles, sizes and layer counts come from the requirement table, not from verify.
    @Test func stackRulesAreReadFromTheTable() throws {
        let rules = try #require(VerifyFixtures.stackRules)
        #expect(rules.brandRoles.map { "\($0.role) \($0.size) \($0.what) \($0.required) \($0.makeUp)" } == [
            "primary-app-icon 1280x768 App Store app icon stack true 2 to 5 layers",
            "primary-app-icon 400x240 Home Screen app icon stack true 2 to 5 layers",
            "top-shelf-image 1920x720 Top Shelf image true @1x and @2x",
            "top-shelf-image-wide 2320x720 wide Top Shelf image false @1x and @2x",
        ])
        #expect(rules.tvLayerCounts == 2...5)
        #expect(rules.visionLayerNames == ["Front", "Middle", "Back"])
        #expect(rules.visionLayerPixels == PixelSize(width: 1024, height: 1024))
    }

    @Test func correctHandMadeStacksPass() throws {
        #expect(Self.lines(try Self.catalog()) == [])
    }

    @Test func aOneLayerStackIsAnError() throws {
        let root = try Self.catalog(appStoreLayers: [("Back", [("bg-app.png", nil, 1280, 768)])])
        #expect(Self.lines(root) == [
            "\(Self.brand)/App Icon - App Store.imagestack/Contents.json: error: the image stack \"App Icon - App Store\" lists 1 layer; it needs 2 to 5, front to back",
        ])
    }

    @Test func twoListedLayersWithOneImageIsAnError() throws {
        let root = try Self.catalog(appStoreLayers: [("Front", []), ("Back", [("bg-app.png", nil, 1280, 768)])])
        #expect(Self.lines(root) == [
            "\(Self.brand)/App Icon - App Store.imagestack/Contents.json: error: only 1 layer of the image stack \"App Icon - App Store\" holds an image; it needs at least 2",
        ])
    }

    @Test func aTransparentBackLayerIsAWarningInAHandMadeCatalog() throws {
        let root = try Self.catalog(transparentBack: true)
        #expect(Self.lines(root) == [
            "\(Self.brand)/App Icon - App Store.imagestack/Back.imagestacklayer/Content.imageset/bg-app.png: warning: has 983040 transparent pixels; the back layer of \"App Icon - App Store\" is the icon's background and must be opaque",
        ])
    }

    @Test func layerAndTopShelfSizes() throws {
        let root = try Self.catalog(appStoreLayers: [
            ("Front", [("big.png", nil, 1300, 800)]),
            ("Back", [("bg-app.png", nil, 1024, 768)]),
        ], topShelf2x: (3840, 1080))
        #expect(Self.lines(root) == [
            "\(Self.brand)/App Icon - App Store.imagestack/Back.imagestacklayer/Content.imageset/bg-app.png: error: is 1024x768 px but the back layer of \"App Icon - App Store\" at @1x needs 1280x768 px",
            "\(Self.brand)/App Icon - App Store.imagestack/Front.imagestacklayer/Content.imageset/big.png: error: is 1300x800 px but the \"Front\" layer of \"App Icon - App Store\" at @1x needs 1280x768 px",
            "\(Self.brand)/Top Shelf Image.imageset/tv-2x.png: error: is 3840x1080 px but the top-shelf-image at @2x needs 3840x1440 px",
            "\(Self.brand)/Top Shelf Image.imageset/tv-marketing-2x.png: error: is 3840x1080 px but the top-shelf-image at @2x needs 3840x1440 px",
        ])
    }

    @Test func missingRoles() throws {
        let root = try Self.catalog(withWide: false)
        let contents = root.appendingPathComponent("App Icon & Top Shelf Image.brandassets/Contents.json")
        let text = try String(contentsOf: contents, encoding: .utf8)
        try text.replacingOccurrences(of: #""size" : "1280x768""#, with: #""size" : "1280x720""#)
            .write(to: contents, atomically: true, encoding: .utf8)
        #expect(Self.lines(root) == [
            "\(Self.brand)/App Icon - App Store.imagestack/Back.imagestacklayer/Content.imageset/bg-app.png: error: is 1280x768 px but the back layer of \"App Icon - App Store\" at @1x needs 1280x720 px",
            "\(Self.brand)/App Icon - App Store.imagestack/Middle.imagestacklayer/Content.imageset/wedges-app.png: error: is 1280x768 px but the \"Middle\" layer of \"App Icon - App Store\" at @1x needs 1280x720 px",
            "\(Self.brand)/Contents.json: error: has \"App Icon - App Store.imagestack\" as primary-app-icon at 1280x720 pt, but no App Store app icon stack of 1280x768 pt; App Store Connect rejects the app without it (ITMS-90471)",
            "\(Self.brand)/Contents.json: warning: has no wide Top Shelf image (role top-shelf-image-wide, 2320x720 pt)",
        ])
    }

    @Test func aBackLayerWithoutAnImageIsAnError() throws {
        let root = try Self.catalog()
        let content = root.appendingPathComponent("AppIcon.solidimagestack/Back.solidimagestacklayer/Content.imageset")
        try FileManager.default.removeItem(at: content.appendingPathComponent("Back.png"))
        try Self.write("{ \"images\" : [ { \"idiom\" : \"vision\", \"scale\" : \"2x\" } ], \(Self.info) }", content)
        #expect(Self.lines(root) == [
            "Assets.xcassets/AppIcon.solidimagestack/Contents.json: error: the back layer \"Back\" of \"AppIcon\" has no image; the back layer is the icon's opaque background",
        ])
    }

    @Test func absurdSizesDoNotCrash() throws {
        let root = try Self.catalog()
        let contents = root.appendingPathComponent("App Icon & Top Shelf Image.brandassets/Contents.json")
        let text = try String(contentsOf: contents, encoding: .utf8)
        try text.replacingOccurrences(of: #""size" : "1920x720""#, with: #""size" : "1e300x720""#)
            .write(to: contents, atomically: true, encoding: .utf8)
        #expect(Self.lines(root).contains { $0.contains("error: has \"Top Shelf Image.imageset\" as top-shelf-image at 1e300x720 pt") })
    }

    @Test func aSolidImageStackNeedsThreeLayers() throws {
        let root = try Self.catalog(solidLayers: ["Front", "Back"])
        #expect(Self.lines(root) == [
            "Assets.xcassets/AppIcon.solidimagestack/Contents.json: error: the visionOS solid image stack \"AppIcon\" lists 2 layers; it needs 3 (Front, Middle, Back)",
        ])
    }
}
