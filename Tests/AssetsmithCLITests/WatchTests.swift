@testable import AssetsmithCLI
import Foundation
@testable import FrontEnd
import Testing
import TestSupport

/// Watch mode's logic, driven by injected events and explicit times (no real waiting).
@Suite struct ChangeBatcherTests {
    @Test func anEditorSaveIsOneBatch() {
        var batcher = ChangeBatcher(quiet: 0.03)
        // write temp file, rename over the original, folder attribute change: within 5 ms.
        batcher.add(["/a/.star.svg.swp"], at: 10.000)
        batcher.add(["/a/star.svg"], at: 10.003)
        batcher.add(["/a"], at: 10.005)
        #expect(batcher.take(at: 10.020) == nil, "still inside the quiet period")
        #expect(batcher.deadline == 10.035)
        #expect(batcher.take(at: 10.035) == ["/a/.star.svg.swp", "/a/star.svg", "/a"])
        #expect(batcher.take(at: 11) == nil, "nothing pending after a batch is taken")
        #expect(batcher.deadline == nil)
    }

    @Test func eventsKeepPostponingTheBatch() {
        var batcher = ChangeBatcher(quiet: 0.05)
        for step in 0..<10 { batcher.add(["/a/b.svg"], at: Double(step) * 0.01) }
        #expect(batcher.take(at: 0.12) == nil)
        #expect(batcher.take(at: 0.14) == ["/a/b.svg"])
    }
}

@Suite struct WatchSessionTests {
    func project() throws -> (String, WatchSession) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        for name in ["star", "bell"] {
            try FileManager.default.copyItem(atPath: Fixtures.repoRoot.appendingPathComponent("Assets/Glyphs/\(name).svg").path,
                                             toPath: "\(dir)/Art/\(name).svg")
        }
        try "table: ios18\nassets:\n  - {name: Star, kind: image, source: Art/star.svg, size: 24}\n  - {name: Bell, kind: image, source: Art/bell.svg, size: 24}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        setenv("ASSETSMITH_TEMPLATES", Fixtures.repoRoot.appendingPathComponent("Templates").path, 1)
        var options = try ManifestOptions.parse([])
        options.manifest = dir + "/assetsmith.yml"
        return (dir, WatchSession(options: options, threads: 2, printer: DiagnosticPrinter()))
    }

    /// An edited source reuses the manifest and plan of the last rebuild; the manifest is read
    /// again only when it is among the changed paths (or anything else is).
    @Test func aChangedSourceReusesTheManifestAndAChangedManifestIsReadAgain() throws {
        let (dir, session) = try project()
        #expect(session.rebuild(changed: []).hasPrefix("initial build: 6 rendered, 9 written"))
        let manifest = dir + "/assetsmith.yml"
        let star = dir + "/Art/star.svg"
        // A broken manifest on disk that watch is not told about: a source edit does not read it.
        try "assets: [".write(toFile: manifest, atomically: true, encoding: .utf8)
        try (try String(contentsOfFile: star, encoding: .utf8)).replacingOccurrences(of: "<svg", with: "<svg opacity=\"0.5\"")
            .write(toFile: star, atomically: true, encoding: .utf8)
        let edited = session.rebuild(changed: [star])
        #expect(edited.hasPrefix("changed star.svg: 3 rendered, 3 written, 0 removed"), "\(edited)")
        #expect(!session.lastRebuildWasEdit, "the manifest on disk is not the stamp's: the whole rebuild")
        // A new file beside the sources is not one the plan draws: the manifest is read again.
        #expect(session.rebuild(changed: [dir + "/Art/new.svg"]).contains("manifest has errors"))
        #expect(session.rebuild(changed: [star]).contains("manifest has errors"), "no plan is kept from before the broken manifest")
        try "table: ios18\nassets:\n  - {name: Star, kind: image, source: Art/star.svg, size: 24}\n"
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let fixed = session.rebuild(changed: [manifest, star])
        #expect(fixed.hasPrefix("changed assetsmith.yml, star.svg: 0 rendered, 0 written, 4 removed"), "Bell's three images and Contents.json: \(fixed)")
    }

    @Test func rebuildsOnlyWhatChangedAndSurvivesABrokenSave() throws {
        let (dir, session) = try project()
        #expect(session.rebuild(changed: []).hasPrefix("initial build: 6 rendered, 9 written, 0 removed in "))
        #expect(session.directories.contains(dir + "/Art"))
        #expect(session.matters(dir + "/Art/star.svg"))
        #expect(!session.matters(dir + "/Art/.star.svg.swp"))
        #expect(!session.matters(dir + "/Output/Assets.xcassets/Star.imageset/Star.png"), "own output never triggers a build")

        let output = dir + "/Output/Assets.xcassets/Star.imageset/Star@3x.png"
        let before = try Data(contentsOf: URL(fileURLWithPath: output))
        let star = dir + "/Art/star.svg"
        let good = try String(contentsOfFile: star, encoding: .utf8)

        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><path d=".write(toFile: star, atomically: true, encoding: .utf8)
        let broken = session.rebuild(changed: [star])
        #expect(broken.hasPrefix("changed star.svg: 0 rendered, 0 written, 0 removed, 3 failed (previous output kept)"), "\(broken)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before, "last good output left in place")

        try good.replacingOccurrences(of: "</svg>", with: "<circle cx=\"12\" cy=\"12\" r=\"3\"/></svg>")
            .write(toFile: star, atomically: true, encoding: .utf8)
        let fixed = session.rebuild(changed: [star])
        #expect(fixed.hasPrefix("changed star.svg: 3 rendered, 3 written, 0 removed in "), "\(fixed)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) != before)
        // Issue 50: with the stamp the last clean rebuild left, a saved source is an edit's build
        // (its item read, planned and written alone), and gives back the same bytes.
        try good.write(toFile: star, atomically: true, encoding: .utf8)
        let again = session.rebuild(changed: [star])
        #expect(again.hasPrefix("changed star.svg: 3 rendered, 3 written, 0 removed in "), "\(again)")
        #expect(session.lastRebuildWasEdit)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before)
    }

    /// The planner's warnings (here the tab bar's contrast) are in what watch prints, as in `build`
    /// (watch used to drop them).
    @Test func theTabBarContrastWarningIsPrintedAsByBuild() throws {
        let (dir, session) = try project()
        try "table: ios18\nassets:\n  - {name: Star, kind: tab-icon, source: Art/star.svg}\n"
            .appending("tab-bar:\n  tint: \"#8A8A8E\"\n  background: \"#7A7A7E\"\n")
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        session.rebuild(changed: [])
        #expect(session.lastDiagnostics.map(\.description) == [
            dir + "/assetsmith.yml:5:9: warning: tab bar tint #8A8A8E and background #7A7A7E differ by 20 % in luminance, less than 50 %\n"
                + "  fix: make the tint much lighter or darker than the background (check the bar in greyscale, rule 23)",
        ])
    }

    @Test func brokenManifestKeepsOutputAndRecovers() throws {
        let (dir, session) = try project()
        session.rebuild(changed: [])
        let manifest = dir + "/assetsmith.yml"
        let good = try String(contentsOfFile: manifest, encoding: .utf8)
        try good.replacingOccurrences(of: "size: 24}", with: "sise: 24}").write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(session.rebuild(changed: [manifest]) == "changed assetsmith.yml: manifest has errors; the last good output is left in place")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Bell.imageset/Bell@2x.png"))
        try good.replacingOccurrences(of: "size: 24}", with: "size: 32}").write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(session.rebuild(changed: [manifest]).hasPrefix("changed assetsmith.yml: 6 rendered, 6 written, 0 removed in "))
    }
}

@Suite struct WatchPatternTests {
    @Test func aNewFileInAPatternFolderIsANewAsset() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("watch-pattern-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/Icons", withIntermediateDirectories: true)
        let glyphs = Fixtures.repoRoot.appendingPathComponent("Assets/Glyphs").path
        try FileManager.default.copyItem(atPath: glyphs + "/star.svg", toPath: dir + "/Icons/star.svg")
        try "table: ios18\nassets:\n  - {name: Icon-*, kind: image, source: Icons/*.svg, size: 24}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        setenv("ASSETSMITH_TEMPLATES", Fixtures.repoRoot.appendingPathComponent("Templates").path, 1)
        var options = try ManifestOptions.parse([])
        options.manifest = dir + "/assetsmith.yml"
        let session = WatchSession(options: options, threads: 2, printer: DiagnosticPrinter())
        #expect(session.rebuild(changed: []).hasPrefix("initial build: 3 rendered"))

        try FileManager.default.copyItem(atPath: glyphs + "/bell.svg", toPath: dir + "/Icons/bell.svg")
        #expect(session.matters(dir + "/Icons/bell.svg"), "a file appearing in a pattern folder matters")
        #expect(!session.matters(dir + "/Icons/.bell.svg.swp"))
        let line = session.rebuild(changed: [dir + "/Icons/bell.svg"])
        #expect(line.hasPrefix("changed bell.svg: 3 rendered, 4 written, 0 removed"), "\(line)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Icon-bell.imageset/Icon-bell@3x.png"))
    }
}

/// Watch, the build stamp and the Xcode file lists take their files from one `BuildFiles` value.
@Suite struct BuildFilesTests {
    @Test func watchWatchesTheFoldersOfTheSameInputsTheFileListsName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("build-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.repoRoot.appendingPathComponent("Assets/Logo.svg").path, toPath: dir + "/Logo.svg")
        try "assets:\n  - {name: Launch, kind: launch-image, template: plain, logo: Logo.svg, logo-size: 96}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        setenv("ASSETSMITH_TEMPLATES", Fixtures.repoRoot.appendingPathComponent("Templates").path, 1)
        var options = try ManifestOptions.parse([])
        options.manifest = dir + "/assetsmith.yml"
        let (manifest, plan) = try Loading.manifestAndPlan(options, printer: DiagnosticPrinter())
        let templates = TemplateLocator.templateDirectories(manifest: manifest)
        let files = BuildFiles(manifest: manifest, manifestPath: options.manifestPath, plan: plan, templateDirectories: templates)
        let tables = Fixtures.repoRoot.appendingPathComponent("Templates").path
        #expect(files.inputs.contains(tables + "/Tables/ios18.json"))
        #expect(files.inputs.contains(tables + "/Launch/plain.yml"))
        #expect(files.inputs.contains(dir + "/Logo.svg"))
        #expect(BuildFiles.outputs(of: plan).contains(dir + "/Output/Launch-UILaunchScreen.plist"))
        #expect(BuildFiles.outputs(of: plan).contains(dir + "/Output/Assets.xcassets/Contents.json"))

        let session = WatchSession(options: options, threads: 1, printer: DiagnosticPrinter())
        session.rebuild(changed: [])
        #expect(session.directories == files.watchedDirectories)
        #expect(session.matters(tables + "/Launch/plain.yml"), "a change to the launch template rebuilds")
        #expect(session.matters(tables + "/Tables/ios18.json"), "a change to the table rebuilds")
    }
}
