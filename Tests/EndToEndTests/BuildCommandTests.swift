import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// `assetsmith build` as a user runs it: exit codes, messages, files, pixels.
@Suite struct BuildCommandTests {
    @Test func bundledExampleBuildsEveryIconSlotAtExactSize() throws {
        let output = CLI.temporaryDirectory("example")
        let result = try CLI.run(["build", "--output", output], in: Fixtures.repoRoot.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("built \(try bundledAssetCount()) assets into"))
        let catalog = output + "/Assets.xcassets"

        let marketing = try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: catalog + "/AppIcon.appiconset/AppIcon-1024.png")))
        #expect(marketing.size == PixelSize(width: 1024, height: 1024))
        #expect(marketing.colorType == .rgb)
        #expect(!marketing.hasTRNS)
        let tinted = try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: catalog + "/AppIcon.appiconset/AppIcon-Tinted-1024.png")))
        #expect(tinted.colorType == .rgb)

        // Every file named in every Contents.json exists at the size its entry asks for.
        let sets = try FileManager.default.contentsOfDirectory(atPath: catalog).filter { !($0 as NSString).pathExtension.isEmpty && $0 != "Contents.json" }
        #expect(Set(["AppIcon.appiconset", "AppIconClassic.appiconset", "Banner.imageset", "Logo.imageset"]).isSubset(of: sets))
        var checked = 0
        for set in sets {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(catalog)/\(set)/Contents.json"))) as? [String: Any]
            for image in json?["images"] as? [[String: Any]] ?? [] {
                let file = try #require(image["filename"] as? String, "\(set): \(image)")
                let info = try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: "\(catalog)/\(set)/\(file)")))
                if set.hasSuffix(".appiconset"), let size = image["size"] as? String {
                    let points = Double(size.split(separator: "x")[0])!
                    let scale = Double((image["scale"] as? String ?? "1x").dropLast())!
                    #expect(info.size.width == Int(points * scale), "\(set)/\(file)")
                    #expect(info.colorType == (file.contains("Dark") ? .rgba : .rgb), "\(set)/\(file)")
                }
                checked += 1
            }
        }
        let pngs = FileManager.default.enumerator(atPath: catalog)?.allObjects.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }
        #expect(checked == pngs?.count, "every PNG is referenced once")

        // Outputs shared by two slots (40pt @3x and 60pt @2x are both 120 px) are up to date for both.
        let verify = try CLI.run(["verify", "--output", output], in: Fixtures.repoRoot.path)
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func rendersMatchGoldens() throws {
        let dir = CLI.temporaryDirectory("goldens")
        for file in ["Assets/AppIcon.svg", "Assets/AppIcon-small.svg", "Assets/AppIcon.png", "Assets/Banner.png"] {
            try CLI.copyFromRepo(file, to: dir)
        }
        try """
        table: ios18
        assets:
          - {name: Icon, kind: app-icon, source: AppIcon.svg, small-source: AppIcon-small.svg, background: "#1B3FA8", layout: all-sizes}
          - {name: Photo, kind: app-icon, source: AppIcon.png, layout: all-sizes}
          - {name: Banner, kind: image, source: Banner.png, size: 120x45}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try CLI.run([], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        for (file, golden) in [("Icon.appiconset/Icon-20@2x.png", "e2e-icon-small-master-40"),
                               ("Icon.appiconset/Icon-60@3x.png", "e2e-icon-vector-180"),
                               ("Photo.appiconset/Photo-29@3x.png", "e2e-icon-bitmap-87"),
                               ("Banner.imageset/Banner@2x.png", "e2e-banner-240x90")] {
            let bitmap = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: "\(dir)/Output/Assets.xcassets/\(file)")))
            expectMatchesGolden(bitmap, named: golden, tolerance: 6, maxDifferingPixels: bitmap.width * bitmap.height / 100)
        }
    }

    @Test func smallBitmapIsRefusedAtThreeXOnly() throws {
        let dir = CLI.temporaryDirectory("upscale")
        let red = Bitmap(width: 50, height: 50, filledWith: RGBAColor(red: 220, green: 30, blue: 30))
        try PNGCodec.encode(red, channels: .rgba).write(to: URL(fileURLWithPath: dir + "/glyph.png"))
        try "table: ios18\nassets:\n  - name: Glyph\n    kind: image\n    source: glyph.png\n    size: 25\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("""
        assetsmith.yml:5:13: error: "Glyph" 25x25pt @3x needs 75x75 px but source "glyph.png" has 50x50 px (it would be upscaled to 150%); not rendered
          fix: supply a source of at least 75x75 px, or an SVG
        """), "\(result.stderr)")
        let set = dir + "/Output/Assets.xcassets/Glyph.imageset"
        #expect(try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: set + "/Glyph.png"))).size == PixelSize(width: 25, height: 25))
        #expect(try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: set + "/Glyph@2x.png"))).size == PixelSize(width: 50, height: 50))
        #expect(!FileManager.default.fileExists(atPath: set + "/Glyph@3x.png"))
        let contents = try String(contentsOfFile: set + "/Contents.json", encoding: .utf8)
        #expect(!contents.contains("Glyph@3x.png"))
    }

    @Test func misspeltKeyExitsTwoAndWritesNothing() throws {
        let dir = CLI.temporaryDirectory("misspelt")
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir)
        try "table: ios18\nassets:\n  - name: AppIcon\n    kind: app-icon\n    source: AppIcon.svg\n    backgorund: \"#000000\"\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == """
        assetsmith.yml:6:5: error: unknown key "backgorund" in asset "AppIcon"
          fix: did you mean "background"?
        1 error, 0 warnings

        """)
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output"))
    }

    @Test func missingManifestAndBadOptionsExitTwo() throws {
        let dir = CLI.temporaryDirectory("usage")
        let missing = try CLI.run(["build"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("assetsmith.yml"))
        let bad = try CLI.run(["build", "--jobs", "0"], in: dir)
        #expect(bad.status == 2)
        let unknown = try CLI.run(["frobnicate"], in: dir)
        #expect(unknown.status == 2)
        let help = try CLI.run(["--help"], in: dir)
        #expect(help.status == 0)
        #expect(help.stdout.contains("build"))
    }

    @Test func corruptSourceIsNamedAndOtherAssetsStillBuild() throws {
        let dir = CLI.temporaryDirectory("corrupt")
        try CLI.copyFromRepo("Assets/Banner.png", to: dir)
        let banner = try Data(contentsOf: URL(fileURLWithPath: dir + "/Banner.png"))
        try banner.prefix(banner.count / 2).write(to: URL(fileURLWithPath: dir + "/Broken.png"))
        try "table: ios18\nassets:\n  - {name: Good, kind: image, source: Banner.png, size: 40x15}\n  - {name: Bad, kind: image, source: Broken.png, size: 40x15}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try CLI.run([], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Broken.png: error: "), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png"))
    }

    @Test func inputFileListNamesEveryFileAJobReads() throws {
        let list = CLI.temporaryDirectory("lists") + "/inputs.xcfilelist"
        let output = CLI.temporaryDirectory("lists-out")
        let outputsList = (list as NSString).deletingLastPathComponent + "/outputs.xcfilelist"
        let result = try CLI.run(["build", "--output", output, "--input-file-list", list, "--output-file-list", outputsList],
                                 in: Fixtures.repoRoot.path)
        #expect(result.status == 0, "\(result.stderr)")
        // One `$(SRCROOT)`-relative path a line (SRCROOT: the manifest's folder, no project here),
        // after a comment line, as Xcode reads them (issue 47, 54: no path of this machine).
        let root = Fixtures.repoRoot.path
        func expand(_ text: String) -> [String] {
            text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }.map { line in
                URL(fileURLWithPath: line.replacingOccurrences(of: "$(SRCROOT)", with: root)).standardizedFileURL.path
            }
        }
        let text = try String(contentsOfFile: list, encoding: .utf8)
        #expect(!text.contains(root), "no absolute path of this machine")
        let lines = expand(text)
        for expected in ["assetsmith.yml", "Assets/AppIcon.svg", "Assets/Logo.svg", "Templates/Launch/tabbed.yml",
                         "Templates/Tables/ios18.json"] {
            #expect(lines.contains(root + "/" + expected), "\(expected) missing from the input file list")
        }
        #expect(lines.filter { !$0.hasPrefix("/tmp") } == lines.filter { !$0.hasPrefix("/tmp") }.sorted())
        // The output list names every generated file: images, each set's and the catalog's own
        // Contents.json, and the UILaunchScreen snippet beside the catalog.
        let outputs = expand(try String(contentsOfFile: outputsList, encoding: .utf8))
        #expect(outputs.contains(output + "/Assets.xcassets/Contents.json"))
        #expect(outputs.contains { $0.hasPrefix(output + "/") && $0.hasSuffix("-UILaunchScreen.plist") }, "\(outputs.filter { !$0.hasSuffix(".png") })")
        var generated: [String] = []
        for case let path as String in FileManager.default.enumerator(atPath: output)?.allObjects ?? [] where !path.hasPrefix(".assetsmith") {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: output + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { generated.append(output + "/" + path) }
        }
        // Besides every file it wrote: the folders it may create and the state files (the sandbox
        // allows each declared path exactly, folders too).
        let files = outputs.filter { path in
            var isDirectory: ObjCBool = false
            return !path.contains("/.assetsmith") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(Set(files) == Set(generated), "every file the build wrote")
        #expect(outputs.contains(output + "/.assetsmith/Assets.xcassets.record.json"), "the record, by its exact path")
        #expect(outputs.contains(output + "/Assets.xcassets/AppIcon.appiconset"), "a set folder it creates")
    }

    @Test func wideGamutProfileIsNamedOnEveryBuild() throws {
        let dir = CLI.temporaryDirectory("icc")
        try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/display-p3.png").path, toPath: dir + "/p3.png")
        try "table: ios18\nassets:\n  - {name: P3, kind: image, source: p3.png, size: 20}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let warning = """
        p3.png: warning: has the embedded colour profile "Display P3", which is not applied: its colours are read as sRGB and may shift
          fix: export the image in sRGB (in most editors: Convert to Profile → sRGB)
        """
        let first = try CLI.run([], in: dir)
        #expect(first.status == 0)
        #expect(first.stderr.contains(warning), "\(first.stderr)")
        let strict = try CLI.run(["build", "--strict"], in: dir)
        #expect(strict.status == 1, "an up-to-date build still warns, so --strict still fails")
        #expect(strict.stderr.contains(warning.replacingOccurrences(of: ": warning: ", with: ": error: ")), "\(strict.stderr)")
        #expect(strict.stderr.contains("1 error, 0 warnings"), "counted as --strict shows it")
        // --strict is this run's, never the stamp's: the next plain build warns again and passes.
        let again = try CLI.run([], in: dir)
        #expect(again.status == 0 && again.stderr.contains(warning) && again.stderr.contains("0 errors, 1 warning"), "\(again.stderr)")
    }

    @Test func twoBuildsAreByteStableAndSecondWritesNothing() throws {
        let dir = CLI.temporaryDirectory("stable")
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir)
        try CLI.copyFromRepo("Assets/Banner.png", to: dir)
        try "table: ios18\nassets:\n  - {name: Icon, kind: app-icon, source: AppIcon.svg, tinted: auto}\n  - {name: Banner, kind: image, source: Banner.png, size: 40x15}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        #expect(try CLI.run([], in: dir).status == 0)
        let first = try snapshot(dir + "/Output")
        let second = try CLI.run([], in: dir)
        #expect(second.status == 0)
        #expect(second.stderr.contains("0 written"), "\(second.stderr)")
        #expect(try snapshot(dir + "/Output") == first)

        // A fresh output folder gets identical bytes.
        #expect(try CLI.run(["--output", "Other"], in: dir).status == 0)
        let other = try snapshot(dir + "/Other").filter { !$0.key.hasPrefix(".assetsmith") }
        #expect(other.mapValues(\.bytes) == first.filter { !$0.key.hasPrefix(".assetsmith") }.mapValues(\.bytes))
    }

    /// Assets in the bundled manifest (entries of its `assets:` list).
    func bundledAssetCount() throws -> Int {
        try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("assetsmith.yml"), encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("  - ") }.count
    }

    struct FileState: Equatable {
        var bytes: Data
        var modified: Date?
    }

    func snapshot(_ root: String) throws -> [String: FileState] {
        var result: [String: FileState] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + path)
            result[path] = FileState(bytes: try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)),
                                     modified: attributes[.modificationDate] as? Date)
        }
        return result
    }
}
