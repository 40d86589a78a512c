import Foundation
import Testing
import TestSupport

/// A build skips what is up to date, redoes what changed or was tampered with, and `--force` redoes all.
@Suite struct IncrementalBuildTests {
    func makeProject() throws -> String {
        let dir = CLI.temporaryDirectory("incremental")
        try CLI.copyFromRepo("Assets/Glyphs/star.svg", to: dir)
        try CLI.copyFromRepo("Assets/Glyphs/bell.svg", to: dir)
        try "table: ios18\nassets:\n  - {name: Star, kind: image, source: star.svg, size: 24}\n  - {name: Bell, kind: image, source: bell.svg, size: 24}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let first = try CLI.run([], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("6 rendered, 0 up to date; 9 written"), "\(first.stderr)")
        return dir
    }

    @Test func secondBuildRendersNothing() throws {
        let dir = try makeProject()
        let second = try CLI.run([], in: dir)
        #expect(second.stderr.contains("0 rendered, 6 up to date; 0 written, 9 unchanged, 0 removed"), "\(second.stderr)")
    }

    @Test func changedSourceRerendersOnlyItsOutputs() throws {
        let dir = try makeProject()
        let star = try String(contentsOfFile: dir + "/star.svg", encoding: .utf8)
        try star.replacingOccurrences(of: "</svg>", with: "<circle cx=\"12\" cy=\"12\" r=\"2\"/></svg>")
            .write(toFile: dir + "/star.svg", atomically: true, encoding: .utf8)
        let result = try CLI.run([], in: dir)
        #expect(result.stderr.contains("3 rendered, 3 up to date; 3 written, 6 unchanged"), "\(result.stderr)")
    }

    /// A generated file replaced (a save, a copy over it, a checkout: its set folder's time
    /// changes) is drawn again by the next build; `--force` draws everything.
    @Test func tamperedOutputIsRedoneAndForceRedoesAll() throws {
        let dir = try makeProject()
        let path = dir + "/Output/Assets.xcassets/Bell.imageset/Bell@2x.png"
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        try (good + Data("junk".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
        let repaired = try CLI.run([], in: dir)
        #expect(repaired.stderr.contains("1 rendered, 5 up to date; 1 written"), "\(repaired.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == good)

        let forced = try CLI.run(["build", "--force"], in: dir)
        #expect(forced.stderr.contains("6 rendered, 0 up to date; 0 written, 9 unchanged"), "\(forced.stderr)")
    }

    /// Issue 50: the no-op looks at each folder of the catalog, not at each of its files, so a
    /// file a tool rewrites in place (its folder's time unchanged) is left to `verify`, which
    /// reports it, and to `--force`, which draws it again.
    @Test func anOutputRewrittenInPlaceIsFoundByVerifyAndForce() throws {
        let dir = try makeProject()
        let path = dir + "/Output/Assets.xcassets/Bell.imageset/Bell@2x.png"
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("junk".utf8))
        try handle.close()
        let noOp = try CLI.run([], in: dir)
        #expect(noOp.stderr.contains("0 rendered, 6 up to date; 0 written, 9 unchanged"), "\(noOp.stderr)")
        let verified = try CLI.run(["verify"], in: dir)
        #expect(verified.status == 1 && (verified.stdout + verified.stderr).contains("Bell@2x.png"), "\(verified.stdout)")
        let forced = try CLI.run(["build", "--force"], in: dir)
        #expect(forced.stderr.contains("6 rendered, 0 up to date; 1 written, 8 unchanged"), "\(forced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == good)
    }
}

/// The no-op fast path (the build stamp): taken only when nothing at all changed.
@Suite struct BuildStampTests {
    func project() throws -> String {
        let dir = CLI.temporaryDirectory("stamp")
        try FileManager.default.createDirectory(atPath: dir + "/Icons", withIntermediateDirectories: true)
        try CLI.copyFromRepo("Assets/Glyphs/star.svg", to: dir + "/Icons")
        try "table: ios18\nassets:\n  - {name: Icon-*, kind: image, source: Icons/*.svg, size: 24}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        #expect(try CLI.run([], in: dir).status == 0)
        return dir
    }

    @Test func unchangedProjectSaysTheSameWithoutWork() throws {
        let dir = try project()
        let second = try CLI.run([], in: dir)
        #expect(second.stderr.contains("built 1 asset into Output/Assets.xcassets: 0 rendered, 3 up to date; 0 written, 5 unchanged, 0 removed"),
                "\(second.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/.assetsmith/Assets.xcassets.stamp"))
    }

    @Test func aDeletedOutputOrANewPatternFileIsNoticed() throws {
        let dir = try project()
        try FileManager.default.removeItem(atPath: dir + "/Output/Assets.xcassets/Icon-star.imageset/Icon-star@2x.png")
        let repaired = try CLI.run([], in: dir)
        #expect(repaired.stderr.contains("1 rendered, 2 up to date; 1 written"), "\(repaired.stderr)")

        try CLI.copyFromRepo("Assets/Glyphs/bell.svg", to: dir + "/Icons")
        let grown = try CLI.run([], in: dir)
        #expect(grown.stderr.contains("built 2 assets into Output/Assets.xcassets: 3 rendered, 3 up to date; 4 written"), "\(grown.stderr)")
    }

    @Test func anEditedManifestOrSourceIsNoticed() throws {
        let dir = try project()
        let manifest = dir + "/assetsmith.yml"
        try (try String(contentsOfFile: manifest, encoding: .utf8)).replacingOccurrences(of: "size: 24", with: "size: 25")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(try CLI.run([], in: dir).stderr.contains("3 rendered, 0 up to date"))

        let star = dir + "/Icons/star.svg"
        try (try String(contentsOfFile: star, encoding: .utf8)).replacingOccurrences(of: "</svg>", with: "<circle r=\"1\"/></svg>")
            .write(toFile: star, atomically: true, encoding: .utf8)
        #expect(try CLI.run([], in: dir).stderr.contains("3 rendered, 0 up to date"))
    }

    /// Whether the build answered from the stamp: it then reads no manifest, and `ASSETSMITH_TIMINGS`
    /// shows no phase after the start.
    func answeredFromStamp(_ dir: String, environment: [String: String] = [:]) throws -> (Bool, String) {
        let run = try CLI.run([], in: dir, environment: environment.merging(["ASSETSMITH_TIMINGS": "1"]) { _, new in new })
        #expect(run.status == 0, "\(run.stderr)")
        return (!run.stderr.contains("timing: manifest"), run.stderr)
    }

    func replace(_ old: String, with new: String, in path: String) throws {
        try (try String(contentsOfFile: path, encoding: .utf8)).replacingOccurrences(of: old, with: new)
            .write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The stamp a build after an edit writes (from the stats the build took of its inputs and the
    /// stamps its record keeps of its outputs, issue 38) answers the next build; a later save of
    /// the source, even one of the same length, is still seen.
    @Test func aBuildAfterAnEditIsStampedAndTheNextSaveIsSeen() throws {
        let dir = try project()
        let star = dir + "/Icons/star.svg"
        try replace("</svg>", with: "<circle r=\"1\"/></svg>", in: star)
        #expect(try CLI.run([], in: dir).stderr.contains("3 rendered, 0 up to date"))
        let (quiet, said) = try answeredFromStamp(dir)
        #expect(quiet, "the build after the edit was stamped: \(said)")
        #expect(said.contains("0 rendered, 3 up to date; 0 written, 5 unchanged, 0 removed"), "\(said)")
        try replace("r=\"1\"", with: "r=\"2\"", in: star)
        let (stale, again) = try answeredFromStamp(dir)
        #expect(!stale, "a same-length save of the source is seen: \(again)")
        #expect(again.contains("3 rendered, 0 up to date"), "\(again)")
    }

    /// A manifest with Windows line ends (CR LF) whose output is not the default gets the fast path
    /// too: its `output:` is found.
    @Test func aManifestWithWindowsLineEndsGetsTheFastPath() throws {
        let dir = try project()
        let text = "table: ios18\r\noutput: Built\r\nassets:\r\n  - {name: Icon-*, kind: image, source: Icons/*.svg, size: 24}\r\n"
        try text.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        #expect(try answeredFromStamp(dir).0 == false, "a new manifest: a full build")
        #expect(FileManager.default.fileExists(atPath: dir + "/Built/Assets.xcassets/Icon-star.imageset/Contents.json"))
        let (quiet, said) = try answeredFromStamp(dir)
        #expect(quiet, "then nothing changed: \(said)")
    }

    /// After an edit build, a changed manifest or template still means a full build.
    @Test func aChangedManifestOrTemplateAfterAnEditBuildIsSeen() throws {
        let dir = try project()
        let templates = dir + "/Templates-copy"
        try FileManager.default.copyItem(atPath: Fixtures.repoRoot.appendingPathComponent("Templates").path, toPath: templates)
        let environment = ["ASSETSMITH_TEMPLATES": templates]
        try replace("</svg>", with: "<circle r=\"1\"/></svg>", in: dir + "/Icons/star.svg")
        #expect(try answeredFromStamp(dir, environment: environment).0 == false, "new templates and an edited source")
        #expect(try answeredFromStamp(dir, environment: environment).0, "then nothing changed")
        let handle = try #require(FileHandle(forWritingAtPath: templates + "/Tables/ios18.json"))
        handle.seekToEndOfFile()
        handle.write(Data("\n".utf8))
        try handle.close()
        #expect(try answeredFromStamp(dir, environment: environment).0 == false, "the table was saved")
        #expect(try answeredFromStamp(dir, environment: environment).0)
        try replace("size: 24}", with: "size: 24}\n# a comment", in: dir + "/assetsmith.yml")
        #expect(try answeredFromStamp(dir, environment: environment).0 == false, "the manifest was saved")
        #expect(try answeredFromStamp(dir, environment: environment).0)
    }
}
