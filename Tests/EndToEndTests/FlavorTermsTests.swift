import Foundation
import Testing
import TestSupport

/// Flavours in the project's own terms (issue 35): the set name pattern (`AppIconBeta`) and the
/// build setting the fragment writes (`CE_APPICON_NAME`), configured in the manifest and read by
/// `init` from the project's configurations.
@Suite struct FlavorTermsTests {
    /// TwoApps (app Acme: Debug AppIcon, Beta AppIcon-Beta, Release AppIcon), with the Beta
    /// configuration naming its icon through `${CE_APPICON_NAME}` = `AppIconBeta`, as projects that
    /// pick icons in xcconfig files do.
    static func project(_ label: String) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        for item in ["Acme", "AAction", "AcmeWhite", "Acme.xcodeproj"] {
            try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent("XcodeProjects/TwoApps/" + item).path,
                                             toPath: dir + "/" + item)
        }
        let pbxproj = dir + "/Acme.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: pbxproj, encoding: .utf8)
            .replacingOccurrences(of: "ASSETCATALOG_COMPILER_APPICON_NAME = \"AppIcon-Beta\";",
                                  with: "ASSETCATALOG_COMPILER_APPICON_NAME = \"${CE_APPICON_NAME}\";\n\t\t\t\tCE_APPICON_NAME = AppIconBeta;")
        try text.write(toFile: pbxproj, atomically: true, encoding: .utf8)
        let catalog = dir + "/Acme/Assets.xcassets"
        try FileManager.default.moveItem(atPath: catalog + "/AppIcon-Beta.appiconset", toPath: catalog + "/AppIconBeta.appiconset")
        return dir
    }

    @Test func initReadsThePatternAndTheSettingFromTheConfigurations() throws {
        let dir = try Self.project("flavor-terms-init")
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(manifest.contains("\nflavor-names: \"{name}{flavor}\"   # as the project names its flavour icons (AppIconBeta in configuration Beta)\n"),
                "\(manifest)")
        #expect(manifest.contains("\nicon-setting: CE_APPICON_NAME   # target \"Acme\" sets ASSETCATALOG_COMPILER_APPICON_NAME = ${CE_APPICON_NAME}\n"),
                "\(manifest)")
    }

    @Test func aFlavourIsNamedAndRegisteredInTheProjectsTerms() throws {
        let dir = try Self.project("flavor-terms-build")
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir)
        let handMade = AdoptionTests.snapshot(dir + "/Acme/Assets.xcassets/AppIconBeta.appiconset")
        try """
            output: Acme/Assets.xcassets
            flavor-names: "{name}{flavor}"
            icon-setting: CE_APPICON_NAME
            assets:
              - name: AppIcon
                kind: app-icon
                source: AppIcon.svg
                adopt: true
            flavors:
              Beta:
                badge: {text: BETA}

            """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        // The project's own AppIconBeta is hand-made: the flavour refuses it rather than drawing over it.
        let refused = try CLI.run(["build"], in: dir)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("error: asset \"AppIconBeta\" would overwrite \"Assets.xcassets/AppIconBeta.appiconset\", which the project made by hand"),
                "\(refused.stderr)")
        #expect(AdoptionTests.snapshot(dir + "/Acme/Assets.xcassets/AppIconBeta.appiconset") == handMade)

        // Once the team moves it away, the flavour is drawn under the project's name and registered in its setting.
        try FileManager.default.removeItem(atPath: dir + "/Acme/Assets.xcassets/AppIconBeta.appiconset")
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Acme/Assets.xcassets/AppIconBeta.appiconset/Contents.json"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/Acme/Assets.xcassets/AppIcon-Beta.appiconset/Contents.json"))
        let fragment = try String(contentsOfFile: dir + "/Acme/Assets-Icons-Beta.xcconfig", encoding: .utf8)
        #expect(fragment.contains("\nCE_APPICON_NAME = AppIconBeta\n"), "\(fragment)")
        #expect(!fragment.contains("ASSETCATALOG_COMPILER_APPICON_NAME"), "\(fragment)")

        // verify reads the fragment's setting whatever its name: a registered name without its set is caught.
        #expect(try CLI.run(["verify"], in: dir).status == 0)
        try FileManager.default.removeItem(atPath: dir + "/Acme/Assets.xcassets/AppIconBeta.appiconset")
        let missing = try CLI.run(["verify", "--no-color"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("app icon \"AppIconBeta\" is registered (CE_APPICON_NAME) but has no set"), "\(missing.stdout)")
    }

    @Test func aPatternWithoutItsPlaceholdersIsAManifestError() throws {
        let dir = CLI.temporaryDirectory("flavor-terms-bad")
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir)
        try """
            flavor-names: "{name}Beta"
            icon-setting: ce-appicon
            assets:
              - {name: AppIcon, kind: app-icon, source: AppIcon.svg}

            """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("assetsmith.yml:1:15: error: \"flavor-names\" is \"{name}Beta\", which must hold {name} and {flavor} and make a valid set name"),
                "\(result.stderr)")
        #expect(result.stderr.contains("assetsmith.yml:2:15: error: \"icon-setting\" is \"ce-appicon\", which is not a build setting name"), "\(result.stderr)")
    }
}
