import Foundation
import Testing
import TestSupport

/// A real project's catalog: Xcode's empty placeholder sets are taken over, hand-made sets are
/// never written into unless the manifest says `adopt: true`, and nothing else is touched.
@Suite struct AdoptionTests {
    /// A copy of the Xcode 16 new-project fixture plus the bundled icon artwork; returns the folder.
    static func project(_ label: String) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent("Projects/Xcode16App/MyApp").path,
                                         toPath: dir + "/MyApp")
        try FileManager.default.createDirectory(atPath: dir + "/Design", withIntermediateDirectories: true)
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir + "/Design")
        try CLI.copyFromRepo("Assets/Banner.png", to: dir + "/Design")
        return dir
    }

    static let catalog = "MyApp/Assets.xcassets"

    /// Every file below `folder` with its bytes.
    static func snapshot(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder)?.allObjects ?? [] {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = FileManager.default.contents(atPath: folder + "/" + path) }
        }
        return files
    }

    @Test func emptyXcodeAppIconIsAdoptedWithoutTableAndHandMadeSetsStayByteIdentical() throws {
        let dir = try Self.project("adopt-empty")
        try """
        output: MyApp/Assets.xcassets
        assets:
          - name: AppIcon
            kind: app-icon
            source: Design/AppIcon.svg
            background: "#1B3FA8"
            tinted: auto
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let colour = Self.snapshot(dir + "/\(Self.catalog)/AccentColor.colorset")
        let logo = Self.snapshot(dir + "/\(Self.catalog)/Logo.imageset")
        let root = FileManager.default.contents(atPath: dir + "/\(Self.catalog)/Contents.json")

        let plan = try CLI.run(["plan"], in: dir)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr.contains("the manifest has no `table:`; using the newest requirement table, \"ios18\""))
        #expect(plan.stdout.contains("\"tableChoice\" : \"newest table (the manifest has no `table:`)\""))

        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("into \(Self.catalog):"), "\(build.stderr)")
        #expect(!build.stderr.contains("adopted"), "an empty placeholder set is taken over silently")
        let icon = Self.snapshot(dir + "/\(Self.catalog)/AppIcon.appiconset")
        #expect(Set(icon.keys) == ["Contents.json", "AppIcon-1024.png", "AppIcon-Tinted-1024.png"])
        #expect(FileManager.default.fileExists(atPath: dir + "/.assetsmith/Assets.xcassets.record.json"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/MyApp/Assets.xcassets/Assets.xcassets"))

        #expect(Self.snapshot(dir + "/\(Self.catalog)/AccentColor.colorset") == colour)
        #expect(Self.snapshot(dir + "/\(Self.catalog)/Logo.imageset") == logo)
        #expect(FileManager.default.contents(atPath: dir + "/\(Self.catalog)/Contents.json") == root)

        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let again = try CLI.run(["build"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("0 written"), "\(again.stderr)")
    }

    @Test func handMadeSetOfTheSameNameIsRefusedAndGainsNoFile() throws {
        let dir = try Self.project("adopt-refused")
        try """
        output: MyApp/Assets.xcassets
        assets:
          - {name: AppIcon, kind: app-icon, source: Design/AppIcon.svg}
          - {name: Logo, kind: image, source: Design/Banner.png, size: 40}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let logo = Self.snapshot(dir + "/\(Self.catalog)/Logo.imageset")

        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 1, "\(build.stderr)")
        #expect(build.stderr.contains("error: the set \"Assets.xcassets/Logo.imageset\" holds files assetsmith did not write "
            + "(\"Contents.json\", \"Logo.png\"); nothing was written into it"), "\(build.stderr)")
        #expect(build.stderr.contains("fix: add `adopt: true` to asset \"Logo\" in the manifest"))
        #expect(Self.snapshot(dir + "/\(Self.catalog)/Logo.imageset") == logo, "the refused set gains no file")
        // The other sets are still built.
        #expect(FileManager.default.fileExists(atPath: dir + "/\(Self.catalog)/AppIcon.appiconset/AppIcon-1024.png"))
        // And a second build refuses it the same way (the refusal is not forgotten or turned into a removal).
        let again = try CLI.run(["build"], in: dir)
        #expect(again.status == 1)
        #expect(Self.snapshot(dir + "/\(Self.catalog)/Logo.imageset") == logo)
    }

    @Test func adoptTrueMovesTheHandMadeFilesToABackupAndSaysSo() throws {
        let dir = try Self.project("adopt-opt-in")
        try """
        output: MyApp/Assets.xcassets
        assets:
          - {name: Logo, kind: image, source: Design/Banner.png, size: 40, adopt: true}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let logo = Self.snapshot(dir + "/\(Self.catalog)/Logo.imageset")

        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let backup = ".assetsmith/backup/Assets.xcassets/Logo.imageset"
        #expect(build.stderr.contains("adopted \"Assets.xcassets/Logo.imageset\": its earlier files (Contents.json, Logo.png) were moved to \(backup)"),
                "\(build.stderr)")
        #expect(Self.snapshot(dir + "/" + backup) == logo, "the replaced files are kept byte for byte")
        #expect(Set(Self.snapshot(dir + "/\(Self.catalog)/Logo.imageset").keys) == ["Contents.json", "Logo.png", "Logo@2x.png", "Logo@3x.png"])
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func outputEndingInXcassetsDisagreeingWithCatalogIsAManifestError() throws {
        let dir = try Self.project("adopt-catalog-clash")
        try """
        output: MyApp/Assets.xcassets
        catalog: Media
        assets:
          - {name: AppIcon, kind: app-icon, source: Design/AppIcon.svg}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 2)
        #expect(build.stderr.contains("assetsmith.yml:2:10: error: \"catalog: Media\" disagrees with \"output\", which names the catalog \"Assets.xcassets\" itself"),
                "\(build.stderr)")
    }
}
