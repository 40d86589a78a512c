import AssetCore
import Foundation
import Testing
import TestSupport

/// One namespace of set names per catalog (issue 35): a set the manifest would create that the
/// catalog already holds in a group folder, a flavour over a hand-made set, two assets of one name
/// in different folders: each is an error naming both places (exit 2), before anything is written.
@Suite struct NamespaceGuardTests {
    static func manifest(_ text: String, in dir: String, as name: String = "assetsmith.yml") throws {
        try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }

    static let alternateAtTheTop = """
        output: App/Assets.xcassets
        assets:
          - name: AppIcon
            kind: app-icon
            source: AppIcon.png
            folder: AppIcons
            adopt: true
            alternates:
              - name: Orange
                source: Orange.png

        """

    static func groupedProject(_ label: String) throws -> String {
        let dir = try InitAdoptionTests.groupedProject(label)
        for name in ["AppIcon", "Orange"] {
            try FileManager.default.copyItem(atPath: dir + "/App/Assets.xcassets/AppIcons/\(name).appiconset/\(name).png",
                                             toPath: dir + "/\(name).png")
        }
        return dir
    }

    @Test func anAlternateNamedLikeASetInAGroupFolderIsRefusedNamingBoth() throws {
        let dir = try Self.groupedProject("namespace-group")
        try Self.manifest(Self.alternateAtTheTop, in: dir)
        let before = AdoptionTests.snapshot(dir + "/App/Assets.xcassets")
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("assetsmith.yml:9:9: error: asset \"Orange\" would write \"Assets.xcassets/Orange.appiconset\", but the catalog already holds a set of that name at \"Assets.xcassets/AppIcons/Orange.appiconset\""),
                "\(result.stderr)")
        #expect(result.stderr.contains("fix: give the asset `folder: AppIcons` to write that set in place"), "\(result.stderr)")
        #expect(AdoptionTests.snapshot(dir + "/App/Assets.xcassets") == before, "nothing is written, the adopted AppIcon included")
    }

    @Test func aFolderThatProvidesANamespaceIsItsOwn() throws {
        let dir = try Self.groupedProject("namespace-provides")
        try #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#
            .write(toFile: dir + "/App/Assets.xcassets/AppIcons/Contents.json", atomically: true, encoding: .utf8)
        try Self.manifest(Self.alternateAtTheTop, in: dir)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/App/Assets.xcassets/Orange.appiconset/Contents.json"))
    }

    /// One icon per platform: a visionOS solid image stack `AppIcon` beside the app icon set the
    /// manifest writes is no clash (symbolgrid in the shared corpus ships so).
    @Test func aSolidImageStackOfTheIconsNameIsNoClash() throws {
        let dir = try Self.groupedProject("namespace-platforms")
        let stack = dir + "/App/Assets.xcassets/Orange.solidimagestack"
        try FileManager.default.createDirectory(atPath: stack, withIntermediateDirectories: true)
        try #"{"info":{"author":"xcode","version":1},"layers":[]}"#.write(toFile: stack + "/Contents.json", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: dir + "/App/Assets.xcassets/AppIcons/Orange.appiconset")
        try Self.manifest("""
            output: App/Assets.xcassets
            assets:
              - name: Orange
                kind: app-icon
                source: Orange.png

            """, in: dir)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/App/Assets.xcassets/Orange.appiconset/Contents.json"))
        #expect(FileManager.default.fileExists(atPath: stack + "/Contents.json"))
    }

    @Test func twoAssetsOfOneNameInDifferentFoldersAreAManifestError() throws {
        let dir = try Self.groupedProject("namespace-manifest")
        try Self.manifest("""
            output: Out
            assets:
              - name: Orange
                kind: app-icon
                source: Orange.png
                folder: AppIcons
              - name: AppIcon
                kind: app-icon
                source: AppIcon.png
                alternates:
                  - name: Orange
                    source: Orange.png

            """, in: dir)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("assetsmith.yml:11:9: error: alternate icon \"Orange\" has the name of asset \"Orange\" (line 3); set names share one namespace in a catalog, whatever their folders"), "\(result.stderr)")
        #expect(result.stderr.contains("assetsmith.yml:3:5: error: asset \"Orange\" has the name of alternate icon \"Orange\" (line 11)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/Out"))
    }

    @Test func aFlavourNeverOverwritesTheProjectsOwnSet() throws {
        let dir = CLI.temporaryDirectory("namespace-flavour")
        for item in ["Acme", "AAction", "AcmeWhite", "Acme.xcodeproj"] {
            try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent("XcodeProjects/TwoApps/" + item).path,
                                             toPath: dir + "/" + item)
        }
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir)
        try Self.manifest("""
            output: Acme/Assets.xcassets
            assets:
              - name: AppIcon
                kind: app-icon
                source: AppIcon.svg
                adopt: true
            flavors:
              Beta:
                badge: {text: BETA}

            """, in: dir)
        let before = AdoptionTests.snapshot(dir + "/Acme/Assets.xcassets")
        for arguments in [["build"], ["build", "--adopt"]] {
            let result = try CLI.run(arguments, in: dir)
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("assetsmith.yml:8:3: error: asset \"AppIcon-Beta\" would overwrite \"Assets.xcassets/AppIcon-Beta.appiconset\", which the project made by hand"),
                    "\(result.stderr)")
            #expect(AdoptionTests.snapshot(dir + "/Acme/Assets.xcassets") == before)
        }
    }
}
