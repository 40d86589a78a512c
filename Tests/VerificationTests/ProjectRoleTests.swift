import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport
import Verification
import XcodeProject

/// Issue 25: each app icon set judged by the role the Xcode project gives it, and the false alarms
/// of a guessed role gone. Fixtures: Tests/Fixtures/XcodeProjects (see its README).
struct ProjectRoleTests {
    static func fixture(_ path: String) -> String {
        Fixtures.url("XcodeProjects/" + path).standardizedFileURL.path
    }

    /// Verifies `catalog` with the roles the project's targets give it.
    static func verify(project: String, catalog: String) throws -> [String] {
        let file = try ProjectFile.load(URL(fileURLWithPath: fixture(project)))
        let path = fixture(catalog)
        let roles = IconRoles(project: project, targets: file.targets.filter { $0.catalogs.contains(path) })
        #expect(!roles.targets.isEmpty)
        return Verifier.verify(catalogAt: path, displayPath: catalog, roles: roles, projectFile: project + "/project.pbxproj")
            .findings.map { "\($0.place): \($0.severity.rawValue): \($0.message)" }
    }

    static func guessed(_ catalog: String, appIcon: String = "AppIcon") -> VerifyReport {
        Verifier.verify(catalogAt: fixture(catalog), displayPath: catalog, appIcon: appIcon)
    }

    @Test func anIconBundleOfTheSameNameLeavesTheSetUnusedAWarning() throws {
        #expect(try Self.verify(project: "Aidoku/Aidoku.xcodeproj", catalog: "Aidoku/Shared/Assets.xcassets") == [
            "Aidoku/Shared/Assets.xcassets/AppIcon.appiconset: warning: is not used: Xcode 26 draws every size from "
                + "AppIcon.icon (target \"Aidoku (iOS)\" builds both)",
        ])
        // Without the project: the same warning (no longer an "ambiguous" error), and the roles were guessed.
        let report = Self.guessed("Aidoku/Shared/Assets.xcassets")
        #expect(report.findings.map { "\($0.severity.rawValue): \($0.message)" } == [
            "warning: is not used: Xcode 26 draws every size from AppIcon.icon",
        ])
        #expect(report.summaryLine.hasSuffix("; app icon roles guessed (primary: AppIcon; no Xcode project read)"))
    }

    @Test func anActionExtensionsTemplateIconIsNotHeldToTheAppStoreRule() throws {
        let catalog = "IceCubes/IceCubesActionExtension/Assets.xcassets"
        #expect(try Self.verify(project: "IceCubes/IceCubesApp.xcodeproj", catalog: catalog) == [])
        // Guessed from --app-icon, the same glyph is the App Store icon and fails.
        let guessed = Self.guessed(catalog, appIcon: "ActionIcon").findings
        #expect(guessed.map(\.rule) == [.transparency])
        #expect(guessed.first?.severity == .error)
    }

    /// Issue 48: a catalog a Run Script phase fills is checked as checked out, with a note naming
    /// the phase, and an app icon the build will put there is a note, not an error.
    @Test func aCatalogARunScriptPhaseFillsGetsNotesNamingThePhase() throws {
        let lines = try Self.verify(project: "ScriptFilled/Weather.xcodeproj", catalog: "ScriptFilled/Shared/DerivedAssets.xcassets")
        #expect(lines == [
            "ScriptFilled/Shared/DerivedAssets.xcassets: note: target \"Weather Watch App\"'s Run Script phase \"Run Script\" writes into "
                + "this catalog (an output of the phase); verify sees the catalog as checked out, before the build fills it",
            "ScriptFilled/Shared/DerivedAssets.xcassets: note: target \"Weather\"'s Run Script phase \"Copy App Icon\" names this "
                + "catalog in its script; verify sees the catalog as checked out, before the build fills it",
            "ScriptFilled/Weather.xcodeproj/project.pbxproj: note: target \"Weather Watch App\" names the app icon \"AppIcon\" "
                + "(ASSETCATALOG_COMPILER_APPICON_NAME, Debug, Release) but none of its catalogs holds AppIcon.appiconset and it builds "
                + "no AppIcon.icon in the checkout; its Run Script phase \"Run Script\" writes into DerivedAssets.xcassets (an output "
                + "of the phase), so the set may come from the build",
            "ScriptFilled/Weather.xcodeproj/project.pbxproj: note: target \"Weather\" names the app icon \"AppIcon\" "
                + "(ASSETCATALOG_COMPILER_APPICON_NAME, Debug, Release) but none of its catalogs holds AppIcon.appiconset and it builds "
                + "no AppIcon.icon in the checkout; its Run Script phase \"Copy App Icon\" names DerivedAssets.xcassets in its script, "
                + "so the set may come from the build",
        ])
    }

    /// The boundary: the same targets without their phases get the error actool gives.
    @Test func withoutThePhaseAMissingIconIsAnErrorAgain() throws {
        let file = try ProjectFile.load(URL(fileURLWithPath: Self.fixture("ScriptFilled/Weather.xcodeproj")))
        let path = Self.fixture("ScriptFilled/Shared/DerivedAssets.xcassets")
        let targets = file.targets.filter { $0.catalogs.contains(path) }.map { target in
            var plain = target
            plain.scriptPhases = []
            return plain
        }
        let report = Verifier.verify(catalogAt: path, displayPath: "DerivedAssets.xcassets",
                                     roles: IconRoles(project: "Weather.xcodeproj", targets: targets), projectFile: "project.pbxproj")
        #expect(report.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue)" } == ["error project-icon", "error project-icon"])
        #expect(report.findings.allSatisfy { $0.message.hasSuffix("; actool fails") })
    }

    /// A catalog a phase makes that is not in the checkout is a note, not "does not exist".
    @Test func aCatalogThePhaseMakesMayBeAbsent() throws {
        let lines = try Self.verify(project: "ScriptFilled/Weather.xcodeproj", catalog: "ScriptFilled/Generated/Assets.xcassets")
        #expect(lines == [
            "ScriptFilled/Generated/Assets.xcassets: note: target \"Generated\"'s Run Script phase \"Assetsmith\" writes into this "
                + "catalog (an output of the phase); the catalog is not in the checkout, so verify cannot check it before the build makes it",
        ])
    }

    @Test func alternatesAreCheckedBothWays() throws {
        #expect(try Self.verify(project: "TwoApps/Acme.xcodeproj", catalog: "TwoApps/Acme/Assets.xcassets") == [
            "TwoApps/Acme.xcodeproj/project.pbxproj: error: target \"Acme\" registers the alternate app icon \"Missing\" "
                + "(ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES) but none of its catalogs holds Missing.appiconset and it "
                + "builds no Missing.icon; App Store Connect refuses the upload (ITMS-90895)",
            "TwoApps/Acme/Assets.xcassets/Old.appiconset: warning: is not shipped: no target that builds this catalog "
                + "(\"Acme\") names it as its app icon or in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES, and none sets "
                + "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS",
        ])
    }

    @Test func includeAllShipsEverySetAndIconBundlesAnywhereInTheTargetAreChecked() throws {
        let file = try ProjectFile.load(URL(fileURLWithPath: Self.fixture("IceCubes/IceCubesApp.xcodeproj")))
        let path = Self.fixture("IceCubes/IceCubesApp/Assets.xcassets")
        let roles = IconRoles(project: "IceCubes/IceCubesApp.xcodeproj", targets: file.targets.filter { $0.catalogs.contains(path) })
        #expect(roles.role(of: "AppIconAlternate3") == .alternate(target: "IceCubesApp", registered: false))
        #expect(roles.role(of: "AppIcon") == .shadowed(target: "IceCubesApp", bundle: Self.fixture("IceCubes/AppIcon.icon")))
        let report = Verifier.verify(catalogAt: path, roles: roles)
        #expect(report.findings.isEmpty)
        #expect(report.coverage.checked["icon"] == 2)   // AppIcon.icon at the root, AlternateIcons/AppIconAlternate1.icon
    }

    @Test func anExtensionOnlyCatalogsPlaceholderIsNotShipped() throws {
        #expect(try Self.verify(project: "IceCubes/IceCubesApp.xcodeproj", catalog: "IceCubes/IceCubesAppWidgetsExtension/Assets.xcassets") == [
            "IceCubes/IceCubesAppWidgetsExtension/Assets.xcassets/AppIcon.appiconset: warning: is not shipped: "
                + "\"IceCubesAppWidgetsExtensionExtension\" (widget extension) names no app icon (ASSETCATALOG_COMPILER_APPICON_NAME), "
                + "so the extension shows its app's icon",
        ])
    }

    @Test func settingsWithVariablesMatchAnyText() {
        let target = Target(name: "App", productType: .application,
                            configurations: [BuildConfiguration(name: "Debug", settings: ["ASSETCATALOG_COMPILER_APPICON_NAME": ["AppIcon${BUNDLE_ID_SUFFIX}"]])],
                            catalogs: [], iconBundles: [])
        let roles = IconRoles(project: "App.xcodeproj", targets: [target])
        #expect(roles.role(of: "AppIcon.dev") == .primary(target: "App", product: .application))
        #expect(roles.role(of: "AppIcon") == .primary(target: "App", product: .application))
        #expect(roles.role(of: "Other") == .unused)
    }
}

/// Issue 25: the false alarms found on shipping apps' catalogs, each on a catalog of the same shape.
struct FalseAlarmTests {
    func catalog(set: String, contents: String, files: [String: Data]) throws -> String {
        try VerifyFixtures.catalog(set: set, contents: contents, files: files)
    }

    func lines(_ path: String) -> [String] { VerifyFixtures.findingLines(path) }

    static let threeScales = """
        { "images" : [
          { "filename" : "A.png", "idiom" : "universal", "scale" : "1x" },
          { "filename" : "A@2x.png", "idiom" : "universal", "scale" : "2x" },
          { "filename" : "A@3x.png", "idiom" : "universal", "scale" : "3x" }
        ], "info" : { "author" : "xcode", "version" : 1 } }
        """

    static func png(_ width: Int, _ height: Int) throws -> Data {
        try PNGCodec.encode(Bitmap(width: width, height: height, filledWith: RGBAColor(red: 9, green: 9, blue: 9, alpha: 255)),
                            channels: .rgba)
    }

    @Test func whenTheOneXIsTheOddOneOutItIsTheOneBlamed() throws {
        let path = try catalog(set: "A.imageset", contents: Self.threeScales, files: [
            "A.png": try Self.png(400, 400), "A@2x.png": try Self.png(600, 600), "A@3x.png": try Self.png(900, 900),
        ])
        #expect(lines(path) == [
            "Assets.xcassets/A.imageset/A.png: warning: is 400x400 px but @1x must be half @2x \"A@2x.png\" (600x600 px): 300x300 px",
        ])
        let finding = try #require(Verifier.verify(catalogAt: path).findings.first)
        #expect(finding.fix == "export every scale from one master: @1x at 300x300 px, or fix the @2x image")
    }

    @Test func roundingOddSizedArtworkIsNotReported() throws {
        let path = try catalog(set: "A.imageset", contents: Self.threeScales, files: [
            "A.png": try Self.png(24, 11), "A@2x.png": try Self.png(48, 23), "A@3x.png": try Self.png(72, 34),
        ])
        #expect(lines(path) == [])
        // A whole-pixel size off by one is still reported.
        let off = try catalog(set: "A.imageset", contents: Self.threeScales, files: [
            "A.png": try Self.png(24, 12), "A@2x.png": try Self.png(48, 24), "A@3x.png": try Self.png(72, 40),
        ])
        #expect(lines(off) == [
            "Assets.xcassets/A.imageset/A@3x.png: warning: is 72x40 px but @3x must be 3 times @1x \"A.png\" (24x12 px): 72x36 px",
        ])
    }

    @Test func aPhotoshopFileNamedPNGIsAWarning() throws {
        // The first bytes of a Photoshop document: "8BPS", version 1.
        var psd = Data("8BPS".utf8) + Data([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 40, 0, 0, 0, 40, 0, 8, 0, 3])
        psd.append(Data(count: 64))
        let path = try catalog(set: "A.imageset", contents: #"{ "images" : [ { "filename" : "A.png", "idiom" : "universal" } ], "info" : { "author" : "xcode", "version" : 1 } }"#,
                               files: ["A.png": psd])
        #expect(lines(path) == [
            "Assets.xcassets/A.imageset/A.png: warning: is a Photoshop (PSD) file named .png; Xcode's image reader takes it "
                + "by its content, so it ships, but verify cannot check its pixels and other tools go by the name",
        ])
    }
}
