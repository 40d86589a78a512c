import Foundation
import Testing
import TestSupport
@testable import XcodeProject

/// `ProjectFile.load` on reduced reconstructions of real projects (Tests/Fixtures/XcodeProjects,
/// see its README) and on our own two-app fixture.
struct ProjectFileTests {
    static func fixture(_ path: String) -> URL {
        Fixtures.url("XcodeProjects/" + path)
    }

    static func load(_ path: String) throws -> ProjectFile {
        try ProjectFile.load(fixture(path))
    }

    @Test func propertyListSerializationReadsTheOpenStepFormatOnThisPlatform() throws {
        let text = "// !$*UTF8*$!\n{ objects = { A = { isa = PBXProject; list = (x, \"y z\", ); }; }; rootObject = A; }"
        var format = PropertyListSerialization.PropertyListFormat.xml
        let plist = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: &format)
        #expect(format == .openStep)
        let objects = (plist as? [String: Any])?["objects"] as? [String: Any]
        #expect((objects?["A"] as? [String: Any])?["list"] as? [String] == ["x", "y z"])
    }

    @Test func synchronizedFoldersFileReferencesAndExtensionPoints() throws {
        let project = try Self.load("IceCubes/IceCubesApp.xcodeproj")
        let root = Self.fixture("IceCubes").standardizedFileURL.path
        #expect(project.targets.map(\.name) == ["IceCubesApp", "IceCubesActionExtension", "IceCubesAppWidgetsExtensionExtension"])
        let app = project.targets[0]
        #expect(app.productType == .application)
        #expect(app.appIconNames == ["AppIcon"])
        #expect(app.includesAllAppIcons)
        #expect(app.catalogs == [root + "/IceCubesApp/Assets.xcassets"])
        // The root AppIcon.icon through the Resources phase, the alternate through the synchronized folder.
        #expect(app.iconBundles == [root + "/AlternateIcons/AppIconAlternate1.icon", root + "/AppIcon.icon"])
        let action = project.targets[1]
        #expect(action.productType == .appExtension(point: "com.apple.services"))
        #expect(action.productType.isActionExtension)
        #expect(action.productType.name == "action extension")
        #expect(action.appIconNames(configuration: "Release") == ["ActionIcon"])
        #expect(action.catalogs == [root + "/IceCubesActionExtension/Assets.xcassets"])
        #expect(project.targets[2].productType.name == "widget extension")
        #expect(project.targets[2].appIconNames.isEmpty)
    }

    @Test func configurationsNameTheirOwnIconsAndAlternates() throws {
        let project = try Self.load("TwoApps/Acme.xcodeproj")
        let acme = try #require(project.targets.first)
        #expect(acme.appIconNames(configuration: "Beta") == ["AppIcon-Beta"])
        #expect(acme.appIconNames(configuration: "Debug") == ["AppIcon"])
        #expect(acme.appIconNames == ["AppIcon", "AppIcon-Beta"])
        #expect(acme.alternateIconNames(configuration: "Release") == ["Dark", "Missing"])
        #expect(acme.alternateIconNames(configuration: "Debug") == [])
        #expect(!acme.includesAllAppIcons)
        #expect(project.targets.map(\.productType.name) == ["app", "app", "action extension"])
    }

    @Test func aBaseConfigurationFileAndItsIncludesGiveSettingsAndVariables() throws {
        let project = try Self.load("TwoApps/Acme.xcodeproj")
        let white = try #require(project.targets.first { $0.name == "AcmeWhite" })
        // White.xcconfig: `#include "Shared.xcconfig"`, `ASSETCATALOG_COMPILER_APPICON_NAME = $(BRAND_ICON);  // …`
        #expect(white.appIconNames == ["AppIcon"])
        #expect(white.configurations.first?.settings["BRAND_ICON"] == ["AppIcon"])
        #expect(white.configurations.first?.settings["OTHER_SETTING"] == ["YES"])
    }

    @Test func inheritedTakesTheLevelBelow() {
        let lower = ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": ["Dark"]]
        let upper = ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": ["$(inherited)", "Light"]]
        #expect(ObjectGraphLayer.layer(lower, upper) == ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": ["Dark", "Light"]])
        let unknown = BuildConfiguration(name: "Release", settings: ["ASSETCATALOG_COMPILER_APPICON_NAME": ["AppIcon${SUFFIX}"]])
        #expect(unknown.values(of: "ASSETCATALOG_COMPILER_APPICON_NAME") == ["AppIcon${SUFFIX}"])
    }

    @Test func groupPathsResolveThroughTheirParents() throws {
        let project = try Self.load("Aidoku/Aidoku.xcodeproj/project.pbxproj")
        let root = Self.fixture("Aidoku").standardizedFileURL.path
        #expect(project.targets.map(\.sdk) == ["iphoneos", "macosx"])
        for target in project.targets {
            #expect(target.catalogs == [root + "/Shared/Assets.xcassets"])
            #expect(target.iconBundles == [root + "/Shared/AppIcon.icon"])
        }
    }

    @Test func listSettingsSplitLikeXcode() {
        let configuration = BuildConfiguration(name: "Debug", settings: [
            "ASSETCATALOG_COMPILER_APPICON_NAME": ["AppIcon"], "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*]": ["AppIcon-iOS"],
        ])
        #expect(configuration.values(of: "ASSETCATALOG_COMPILER_APPICON_NAME") == ["AppIcon", "AppIcon-iOS"])
        #expect(ObjectGraphLayer.words("$(inherited) Dark \"Light Mode\" 'A B'") == ["$(inherited)", "Dark", "Light Mode", "A B"])
    }

    @Test func whatIsNotAProjectIsAnErrorNamingIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xcodeproject-\(UUID().uuidString)")
        let bad = dir.appendingPathComponent("Bad.xcodeproj")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: ProjectError(path: bad.path, message: "has no readable project.pbxproj")) {
            try ProjectFile.load(bad)
        }
        try Data("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXProject\n\t};\n}\n".utf8)
            .write(to: bad.appendingPathComponent("project.pbxproj"))
        let error = #expect(throws: ProjectError.self) { try ProjectFile.load(bad) }
        #expect(error?.message == "is not a property list Xcode reads: missing ';' on line 5")
        #expect(throws: ProjectError(path: dir.path, message: "is not an Xcode project (an .xcodeproj folder)")) {
            try ProjectFile.load(dir)
        }
    }
}

/// Build settings read as Xcode reads them (issue 34): a string setting is one value, spaces and
/// all; a list splits by Xcode's quoting; a `$( NAME )` reference with spaces is one reference.
struct BuildSettingTextTests {
    @Test func aStringSettingWithSpacesIsOneName() {
        let configuration = BuildConfiguration(name: "Release", settings: [
            "ASSETCATALOG_COMPILER_APPICON_NAME": ["App Icon & Top Shelf Image"],
            "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": ["Dark \"Light Mode\" Night\\ Sky"],
        ])
        #expect(configuration.values(of: "ASSETCATALOG_COMPILER_APPICON_NAME") == ["App Icon & Top Shelf Image"])
        #expect(configuration.listValues(of: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES") == ["Dark", "Light Mode", "Night Sky"])
    }

    @Test func aReferenceWithSpacesInsideIsOneReference() {
        let configuration = BuildConfiguration(name: "Release", settings: [
            "ICON_BASE": ["Landmarks App Icon"],
            "ASSETCATALOG_COMPILER_APPICON_NAME": ["$(ICON_BASE )"],
            "OTHER": ["$( UNSET )-x"],
        ])
        #expect(configuration.values(of: "ASSETCATALOG_COMPILER_APPICON_NAME") == ["Landmarks App Icon"])
        #expect(configuration.values(of: "OTHER") == ["$(UNSET)-x"])
    }

    @Test func inheritedInsideAStringTakesTheLowerText() {
        let lower = ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": ["Dark"]]
        let upper = ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": ["$(inherited) Light"]]
        #expect(ObjectGraphLayer.layer(lower, upper) == ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": ["Dark Light"]])
    }

    static func temporary() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// An xcconfig that includes itself four times would be read 4^16 times if each include were
    /// followed: each file is read once.
    @Test func anXcconfigThatIncludesItselfIsReadOnce() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Loop.xcconfig")
        try Data(("ICON = App Icon\n" + String(repeating: "#include \"Loop.xcconfig\"\n", count: 4)
                  + "#include \"Other.xcconfig\"\n").utf8).write(to: file)
        try Data("#include \"Loop.xcconfig\"\nALT = A B\n".utf8).write(to: dir.appendingPathComponent("Other.xcconfig"))
        let settings = XCConfig.settings(atPath: file.path)
        #expect(settings["ICON"] == ["App Icon"])
        #expect(settings["ALT"] == ["A B"])
    }

    /// A project whose target list names one target 20,000 times has one target.
    @Test func aTargetListedManyTimesIsOneTarget() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = dir.appendingPathComponent("Many.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let list = String(repeating: "T, ", count: 20_000)
        let text = "// !$*UTF8*$!\n{ objects = { P = { isa = PBXProject; targets = (\(list)); };"
            + " T = { isa = PBXNativeTarget; name = App; productType = \"com.apple.product-type.application\"; }; }; rootObject = P; }"
        try Data(text.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
        #expect(try ProjectFile.load(project).targets.map(\.name) == ["App"])
    }

    /// A sparse project file over the budget is refused from its size, before it is read.
    @Test func aProjectFileOverTheBudgetIsRefusedUnread() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = dir.appendingPathComponent("Huge.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let file = project.appendingPathComponent("project.pbxproj")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(ProjectFile.maximumBytes + 1))
        try handle.close()
        let error = #expect(throws: ProjectError.self) { try ProjectFile.load(project) }
        #expect(error?.message.hasPrefix("is 64 MB, over the budget of 64 MB for a project file") == true)
        // One byte less is read (and is then no property list).
        let handle2 = try FileHandle(forWritingTo: file)
        try handle2.truncate(atOffset: UInt64(ProjectFile.maximumBytes))
        try handle2.close()
        let read = #expect(throws: ProjectError.self) { try ProjectFile.load(project) }
        #expect(read?.message.hasPrefix("is not a property list") == true)
    }
}

/// Synchronized folders read within a budget (issue 36): a hundred references to a folder at `/`
/// list each folder once, and all walks together at most 20,000 folders.
struct SynchronizedFolderBudgetTests {
    @Test func aHundredReferencesToTheRootFolderCostOneBoundedWalk() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(UUID().uuidString)")
        let project = dir.appendingPathComponent("Root.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let groups = (0..<100).map { "G\($0)" }
        let objects = groups.map { "\($0) = { isa = PBXFileSystemSynchronizedRootGroup; path = /; sourceTree = \"<absolute>\"; };" }
            .joined(separator: " ")
        let text = "// !$*UTF8*$!\n{ objects = { P = { isa = PBXProject; targets = (T); }; "
            + "T = { isa = PBXNativeTarget; name = App; productType = \"com.apple.product-type.application\"; "
            + "fileSystemSynchronizedGroups = (\(groups.joined(separator: ", "))); }; \(objects) }; rootObject = P; }"
        try Data(text.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
        let loaded = try ProjectFile.load(project)
        #expect(loaded.targets.map(\.name) == ["App"])
    }

    @Test func aFolderIsWalkedOnceAndWithinTheBudget() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for index in 0..<10 {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("f\(index)/Assets.xcassets"), withIntermediateDirectories: true)
        }
        let cache = FolderCache(budget: 4)
        let first = cache.resourceFolders(under: dir.path)
        #expect(cache.listed == 4)
        #expect(first.count == 3)  // the root and three of the ten folders listed
        for _ in 0..<100 { _ = cache.resourceFolders(under: dir.path) }
        #expect(cache.listed == 4)
        let roomy = FolderCache(budget: 100)
        #expect(roomy.resourceFolders(under: dir.path).count == 10)
        #expect(roomy.listed == 11)
    }
}

/// Xcode 16's form of a base configuration inside a synchronized folder: an anchor (the folder)
/// and a relative path, instead of a file reference (issue 36: a mutant that ignored it survived).
struct SynchronizedBaseConfigurationTests {
    @Test func theAnchorAndRelativePathNameTheXcconfig() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("anchor-\(UUID().uuidString)")
        let project = dir.appendingPathComponent("App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Config"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("ASSETCATALOG_COMPILER_APPICON_NAME = App Icon Beta\n".utf8)
            .write(to: dir.appendingPathComponent("Config/Beta.xcconfig"))
        let text = """
            // !$*UTF8*$!
            { objects = {
              P = { isa = PBXProject; mainGroup = M; targets = (T); buildConfigurationList = PL; };
              M = { isa = PBXGroup; children = (G); sourceTree = "<group>"; };
              G = { isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = "<group>"; };
              PL = { isa = XCConfigurationList; buildConfigurations = (PC); };
              PC = { isa = XCBuildConfiguration; name = Beta; buildSettings = { }; };
              T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = TL; };
              TL = { isa = XCConfigurationList; buildConfigurations = (TC); };
              TC = { isa = XCBuildConfiguration; name = Beta; baseConfigurationReferenceAnchor = G;
                     baseConfigurationReferenceRelativePath = Beta.xcconfig; buildSettings = { }; };
            }; rootObject = P; }
            """
        try Data(text.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
        let target = try #require(try ProjectFile.load(project).targets.first)
        #expect(target.appIconNames(configuration: "Beta") == ["App Icon Beta"])
    }

    /// Issue 48: Run Script phases that fill a catalog the target compiles, by its script (the
    /// catalog's folder named as a whole word), by an output path (`$(SRCROOT)` resolved, a set
    /// inside the catalog) or by a line of an output file list.
    @Test func scriptPhasesThatFillACatalog() throws {
        let project = try ProjectFileTests.load("ScriptFilled/Weather.xcodeproj")
        let root = ProjectFileTests.fixture("ScriptFilled").standardizedFileURL.path
        let derived = root + "/Shared/DerivedAssets.xcassets"
        #expect(project.targets.map(\.name) == ["Weather", "Weather Watch App", "Generated"])
        #expect(project.targets[0].scriptPhases == [ScriptPhase(name: "Copy App Icon", catalogs: [derived], declared: false)])
        #expect(project.targets[1].scriptPhases == [ScriptPhase(name: "Run Script", catalogs: [derived], declared: true)])
        #expect(project.targets[2].scriptPhases == [ScriptPhase(name: "Assetsmith", catalogs: [root + "/Generated/Assets.xcassets"], declared: true)])
        #expect(project.targets[0].appIconNames == ["AppIcon"])
    }

    @Test func aScriptNamesACatalogOnlyAsAWholeWord() {
        #expect(ScriptPhase.names("cp -R a \"${SRCROOT}/Shared/DerivedAssets.xcassets/\"", catalogFolder: "DerivedAssets.xcassets"))
        #expect(ScriptPhase.names("DerivedAssets.xcassets", catalogFolder: "DerivedAssets.xcassets"))
        #expect(!ScriptPhase.names("cp DerivedAssetsBase.xcassets x", catalogFolder: "DerivedAssets.xcassets"))
        #expect(!ScriptPhase.names("swiftgen DerivedAssets.xcassets", catalogFolder: "Assets.xcassets"))
        #expect(!ScriptPhase.names("echo Preview-Assets.xcassets", catalogFolder: "Assets.xcassets"))
    }

    @Test func anOutputCoversTheCatalogItsInsideAndTheFolderAroundIt() {
        let catalog = "/p/Generated/Assets.xcassets"
        #expect(ScriptPhase.covers(catalog, catalog))
        #expect(ScriptPhase.covers("/p/Generated", catalog))
        #expect(ScriptPhase.covers(catalog + "/AppIcon.appiconset", catalog))
        #expect(!ScriptPhase.covers("/p/Gen", catalog))
        #expect(!ScriptPhase.covers("/p/Generated/Assets.xcassets2", catalog))
        #expect(!ScriptPhase.covers("/p/Generated/Other.xcassets", catalog))
    }
}
