import AssetCatalog
import AssetCore
import AssetSpec
import Foundation
import FrontEnd
import PNGCodec
import Testing
import TestSupport
import XcodeProject
@testable import AssetsmithCLI

/// `init`'s manifest read back (issue 37): a real catalog is surveyed, adopted as `init` adopts it
/// (masters copied), written by `ManifestWriter`, and loaded by `ManifestLoader`; the loader must
/// see every adopted asset as the survey found it (name, kind, group folder, platforms, master and
/// appearances, size and scales) and the project's flavour terms. Cases: icons and an image in
/// group folders with dark and tinted appearances, a finished macOS set, a project with `.icon`
/// bundles (Aidoku), and a project naming its flavour icons its own way (TwoApps).
@Suite struct ManifestWriterRoundTripTests {
    static let info = #""info":{"author":"xcode","version":1}"#

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func write(_ bitmap: Bitmap, to path: String) throws {
        try FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
        try PNGCodec.encode(bitmap, channels: .rgba).write(to: URL(fileURLWithPath: path))
    }

    static func temporaryDirectory(_ label: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(label)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return SystemFolders.realPath(dir)
    }

    static func copyFixture(_ path: String, label: String) throws -> String {
        let dir = temporaryDirectory(label)
        for item in try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.appendingPathComponent(path).path) {
            try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent(path + "/" + item).path,
                                             toPath: dir + "/" + item)
        }
        return dir
    }

    /// What one round trip produced: the survey, the text and the manifest the loader read from it.
    struct Trip {
        var survey: CatalogSurvey
        var text: String
        var manifest: Manifest
        var catalog: String
    }

    /// Surveys `catalog` (inside `dir`), adopts it as `init` does, writes the text to
    /// `dir/assetsmith.yml` (with `extra` after it) and loads it back.
    static func roundTrip(_ dir: String, catalog: String, project: String? = nil, extra: String = "") throws -> Trip {
        let catalogPath = dir + "/" + catalog
        let survey = CatalogSurvey.survey(ContentsReader.sets(inCatalogAt: catalogPath) ?? []) { inside in
            SourceCopier.measure(catalogPath + "/" + inside)
        }
        let projectFile = try project.map { try ProjectFile.load(URL(fileURLWithPath: dir + "/" + $0)) }
        let place = InitSession.Placement(root: dir, manifestPath: dir + "/assetsmith.yml", project: projectFile)
        var copier = SourceCopier(folder: dir + "/AssetSources", manifestDirectory: dir)
        let adoption = try InitSession.adopt(survey, catalog: catalogPath, otherCatalogs: CatalogSurvey.catalogs(below: dir),
                                             place: place, sources: "AssetSources", copier: &copier)
        let text = ManifestWriter.text(adoption.manifest)
        try (text + extra).write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let manifest = try ManifestLoader.load(path: dir + "/assetsmith.yml")
        return Trip(survey: survey, text: text, manifest: manifest, catalog: catalogPath)
    }

    /// Every adopted app icon and image of the survey is an asset of the manifest, as surveyed,
    /// and there is no other asset; each master is the catalog's file, byte for byte.
    static func expectSameAssets(_ trip: Trip) {
        let manifest = trip.manifest
        #expect(manifest.outputDirectory == PathText.parent(trip.catalog))
        #expect(manifest.catalogName + ".xcassets" == PathText.lastComponent(trip.catalog))
        let adopted = manifest.assets.filter { $0.variant == nil }
        #expect(adopted.map(\.name) == trip.survey.appIcons.map(\.name) + trip.survey.images.map(\.name))
        for icon in trip.survey.appIcons {
            guard let entry = adopted.first(where: { $0.name == icon.name }), case .appIcon(let spec) = entry.kind else {
                Issue.record("app icon \(icon.name) was not read back as an app icon")
                continue
            }
            #expect(entry.adopt && entry.folder == icon.folder, "\(icon.name)")
            #expect(spec.platforms == icon.platforms, "\(icon.name)")
            #expect(spec.macStyle == (icon.platforms == [.macos] ? .asDrawn : .appleGrid), "\(icon.name)")
            #expect(contents(spec.source.path) == contents(trip.catalog + "/" + icon.master), "\(icon.name)")
            #expect(spec.dark.map { contents($0.path) } == icon.dark.map { contents(trip.catalog + "/" + $0) }, "\(icon.name)")
            let tinted: String? = if case .file(let file) = spec.tinted { file.path } else { nil }
            #expect(tinted.map(contents) == icon.tinted.map { contents(trip.catalog + "/" + $0) }, "\(icon.name)")
        }
        for image in trip.survey.images {
            guard let entry = adopted.first(where: { $0.name == image.name }), case .image(let spec) = entry.kind else {
                Issue.record("image \(image.name) was not read back as an image")
                continue
            }
            #expect(entry.adopt && entry.folder == image.folder, "\(image.name)")
            #expect(spec.size == PointSize(width: Double(image.points.width), height: Double(image.points.height)), "\(image.name)")
            #expect(spec.scales == Array(Scale.allCases.prefix(image.scale)), "\(image.name)")
            #expect(contents(spec.source.path) == contents(trip.catalog + "/" + image.file), "\(image.name)")
        }
    }

    static func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func appIconSet(_ path: String, files: [(name: String, appearance: String?)]) throws {
        var images: [String] = []
        for (index, file) in files.enumerated() {
            try write(Bitmap(width: 1024, height: 1024, filledWith: RGBAColor(red: UInt8(40 * index), green: 90, blue: 200)),
                      to: path + "/" + file.name)
            let appearance = file.appearance.map { #","appearances":[{"appearance":"luminosity","value":"\#($0)"}]"# } ?? ""
            images.append(#"{"filename":"\#(file.name)","idiom":"universal","platform":"ios","size":"1024x1024"\#(appearance)}"#)
        }
        try write(#"{"images":[\#(images.joined(separator: ","))],\#(info)}"#, to: path + "/Contents.json")
    }

    @Test func iconsAndAnImageInGroupFoldersWithTheirAppearancesComeBackAsSurveyed() throws {
        let dir = Self.temporaryDirectory("groups")
        let catalog = dir + "/App/Assets.xcassets"
        for folder in ["", "/AppIcons", "/Images"] { try Self.write("{\(Self.info)}", to: catalog + folder + "/Contents.json") }
        try Self.appIconSet(catalog + "/AppIcons/AppIcon.appiconset",
                            files: [("icon.png", nil), ("icon-dark.png", "dark"), ("icon-tinted.png", "tinted")])
        try Self.appIconSet(catalog + "/AppIcons/Orange Juice.appiconset", files: [("orange.png", nil)])
        try Self.write(Bitmap(width: 90, height: 60, filledWith: RGBAColor(red: 240, green: 160, blue: 20)),
                       to: catalog + "/Images/Hero.imageset/hero@3x.png")
        try Self.write(#"{"images":[{"filename":"hero@3x.png","idiom":"universal","scale":"3x"}],\#(Self.info)}"#,
                       to: catalog + "/Images/Hero.imageset/Contents.json")
        try Self.write(#"{"colors":[{"idiom":"universal"}],\#(Self.info)}"#, to: catalog + "/AccentColor.colorset/Contents.json")

        let trip = try Self.roundTrip(dir, catalog: "App/Assets.xcassets")
        #expect(trip.survey.appIcons.map(\.name) == ["AppIcon", "Orange Juice"])
        #expect(trip.survey.appIcons.first?.dark != nil && trip.survey.appIcons.first?.tinted != nil)
        #expect(trip.survey.images.map(\.name) == ["Hero"])
        Self.expectSameAssets(trip)
        #expect(trip.text.contains("  - name: \"Orange Juice\"\n"), "a name with a space is quoted: \(trip.text)")
        #expect(trip.text.contains("#   AccentColor.colorset: a colour set\n"), "\(trip.text)")
    }

    @Test func aFinishedMacSetComesBackForMacOSAsDrawn() throws {
        let dir = Self.temporaryDirectory("mac")
        let set = dir + "/Mac/Assets.xcassets/AppIcon.appiconset"
        try Self.write("{\(Self.info)}", to: dir + "/Mac/Assets.xcassets/Contents.json")
        var images: [String] = []
        for points in [256, 512] {
            for scale in [1, 2] {
                let file = "icon_\(points)x\(points)\(scale == 2 ? "@2x" : "").png"
                try Self.write(Bitmap(width: points * scale, height: points * scale, filledWith: RGBAColor(red: 40, green: 120, blue: 220)),
                               to: set + "/" + file)
                images.append(#"{"filename":"\#(file)","idiom":"mac","scale":"\#(scale)x","size":"\#(points)x\#(points)"}"#)
            }
        }
        try Self.write(#"{"images":[\#(images.joined(separator: ","))],\#(Self.info)}"#, to: set + "/Contents.json")

        let trip = try Self.roundTrip(dir, catalog: "Mac/Assets.xcassets")
        #expect(trip.survey.appIcons.map(\.platforms) == [[.macos]])
        #expect(trip.survey.appIcons.first?.master == "AppIcon.appiconset/icon_512x512@2x.png")
        Self.expectSameAssets(trip)
    }

    @Test func aProjectWithIconComposerBundlesKeepsThemAsItsOwn() throws {
        let dir = try Self.copyFixture("XcodeProjects/Aidoku", label: "aidoku")
        let project = try #require(try FileManager.default.contentsOfDirectory(atPath: dir).first { $0.hasSuffix(".xcodeproj") })
        let trip = try Self.roundTrip(dir, catalog: "Shared/Assets.xcassets", project: project)
        #expect(!trip.survey.appIcons.isEmpty)
        Self.expectSameAssets(trip)
        #expect(trip.manifest.project == dir + "/" + project)
        #expect(trip.text.contains("# Icon Composer icons of the project, kept as your own (assetsmith never moves or rewrites them):\n"
                                   + "#   Shared/AppIcon.icon\n"), "\(trip.text)")
    }

    @Test func theProjectsFlavourTermsNameTheFlavourIconsAsTheProjectDoes() throws {
        let dir = try Self.copyFixture("XcodeProjects/TwoApps", label: "flavours")
        let pbxproj = dir + "/Acme.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: pbxproj, encoding: .utf8)
            .replacingOccurrences(of: "ASSETCATALOG_COMPILER_APPICON_NAME = \"AppIcon-Beta\";",
                                  with: "ASSETCATALOG_COMPILER_APPICON_NAME = \"${CE_APPICON_NAME}\";\n\t\t\t\tCE_APPICON_NAME = AppIconBeta;")
        try text.write(toFile: pbxproj, atomically: true, encoding: .utf8)
        // The project's own Beta icon is moved away, as a team does before the flavour draws it.
        try FileManager.default.removeItem(atPath: dir + "/Acme/Assets.xcassets/AppIcon-Beta.appiconset")

        let trip = try Self.roundTrip(dir, catalog: "Acme/Assets.xcassets", project: "Acme.xcodeproj",
                                      extra: "flavors:\n  Beta:\n    badge: {text: BETA}\n")
        Self.expectSameAssets(trip)
        #expect(trip.survey.appIcons.map(\.name) == ["AppIcon", "Dark", "Old"])
        #expect(trip.manifest.iconSetting == "CE_APPICON_NAME")
        #expect(trip.manifest.flavors.map(\.name) == ["Beta"])
        #expect(trip.manifest.flavors.first?.assetNames["AppIcon"] == "AppIconBeta", "the project's pattern, {name}{flavor}")
    }
}
