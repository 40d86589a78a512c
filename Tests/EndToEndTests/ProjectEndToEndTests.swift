import Foundation
import Testing
import TestSupport

/// Issue 25 through the binary: `verify --project`, `init` choosing the app's catalog, and the
/// command-line mistakes that used to pass silently.
@Suite struct ProjectEndToEndTests {
    /// A copy of `Tests/Fixtures/XcodeProjects/<name>` in a fresh temporary folder.
    static func copy(_ name: String) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: CLI.binary), "build the binary first: swift build")
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("assetsmith-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        let dir = temp.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Fixtures.url("XcodeProjects/" + name), to: dir)
        return dir.path
    }

    @Test func verifyProjectChecksEveryCatalogItBuildsAndFailsOnAMissingAlternate() throws {
        let dir = try Self.copy("TwoApps")
        let result = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--no-color"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("Acme.xcodeproj/project.pbxproj: error: target \"Acme\" registers the alternate app icon \"Missing\""))
        #expect(result.stdout.contains("verified Acme/Assets.xcassets: 4 sets checked (4 app icon); 4 files; 1 error, 1 warning; "
            + "app icon roles from Acme.xcodeproj (target \"Acme\")\n"))
        #expect(result.stdout.contains("verified AAction/Assets.xcassets: "))
        // One catalog of it, with the action extension's empty placeholder: clean.
        let action = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--catalog", "AAction/Assets.xcassets"], in: dir)
        #expect(action.status == 0, "\(action.stdout)")
        // A catalog no target builds is a usage error naming those it does.
        try FileManager.default.createDirectory(atPath: dir + "/Loose.xcassets", withIntermediateDirectories: true)
        let loose = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--catalog", "Loose.xcassets", "--no-color"], in: dir)
        #expect(loose.status == 2)
        #expect(loose.stderr.contains("error: no target of Acme.xcodeproj builds \"Loose.xcassets\""))
    }

    @Test func aBrokenProjectFileIsOneErrorWithItsLineAndNothingFromCoreFoundation() throws {
        let dir = try Self.copy("TwoApps")
        try Data("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXProject\n\t};\n}\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/Acme.xcodeproj/project.pbxproj"))
        let result = try CLI.run(["verify", "--project", "Acme.xcodeproj", "--no-color"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "Acme.xcodeproj/project.pbxproj: error: is not a property list Xcode reads: missing ';' on line 5\n"
            + "  fix: repair it (an unresolved merge conflict, or a hand edit); Xcode cannot open it either\n")
    }

    @Test func anUnknownAppIconIsAnErrorNamingTheSets() throws {
        let dir = try Self.copy("TwoApps")
        let result = try CLI.run(["verify", "--catalog", "Acme/Assets.xcassets", "--app-icon", "AppIcn", "--no-color"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Acme/Assets.xcassets: error: --app-icon \"AppIcn\" is not an app icon of \"Acme/Assets.xcassets\""))
        #expect(result.stderr.contains("fix: did you mean \"AppIcon\"? its app icons: \"AppIcon\", \"AppIcon-Beta\", \"Dark\", \"Old\""))
        #expect(result.stdout == "")
    }

    @Test func aFolderThatIsNotACatalogIsAUsageError() throws {
        let dir = try Self.copy("TwoApps")
        let result = try CLI.run(["verify", "--catalog", "Acme", "--no-color"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Acme: error: \"Acme\" is not an asset catalog (its name does not end in .xcassets)"))
        #expect(result.stderr.contains("fix: give one of the catalogs inside it: \"Acme/Assets.xcassets\""))
    }

    @Test func initTakesTheAppTargetsCatalogAndSaysWhy() throws {
        let dir = try Self.copy("TwoApps")
        let result = try CLI.run(["init", "--no-color"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("chose Acme/Assets.xcassets (the app icon \"AppIcon\" of target \"Acme\" in Acme.xcodeproj); "
            + "also found: AAction/Assets.xcassets, AcmeWhite/Assets.xcassets (--catalog PATH takes another)"))
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(manifest.contains("output: Acme/Assets.xcassets"))
        #expect(manifest.contains("project: Acme.xcodeproj"))
        // The manifest's project: key gives verify the roles.
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.stdout.contains("app icon roles from Acme.xcodeproj"), "\(verify.stdout)\(verify.stderr)")
    }

    @Test func initWithoutAProjectPrefersAFilledIconToAnEmptyPlaceholder() throws {
        let dir = try Self.copy("TwoApps")
        try FileManager.default.removeItem(atPath: dir + "/Acme.xcodeproj")
        let result = try CLI.run(["init", "--no-color"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("chose Acme/Assets.xcassets (it holds an app icon with an image; no Xcode project read"))
    }

    @Test func initWarnsThatATransparentMasterWillBeFlattenedAndOnWhat() throws {
        let dir = try Self.copy("TwoApps")
        let result = try CLI.run(["init", "--catalog", "AcmeWhite/Assets.xcassets", "--no-color"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: the master of \"AppIcon\" (AcmeWhite/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png) "
            + "has 765899 transparent pixels; an iOS app icon is opaque, so the build flattens it onto white (#FFFFFF)"))
        #expect(result.stderr.contains("fix: set `background:` of \"AppIcon\" in assetsmith.yml to the colour to flatten onto, or give an opaque master"))
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(manifest.contains("    background: \"#FFFFFF\"   # the master is transparent: the build flattens it onto this colour"))
    }
}
