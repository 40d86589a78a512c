@testable import AssetsmithCLI
import AssetCatalog
import AssetCore
import Foundation
@testable import FrontEnd
import Testing
import TestSupport

/// The stamp's text is read by its bytes (issue 38): what `text(bases:)` writes reads back the
/// same, a line that is not one it writes is no stamp, and the manifest's top-level keys are
/// found on the same lines as before.
@Suite struct StampTextTests {
    static let bases = ["/project", "/install/share/assetsmith/Templates"]

    static func stamp() -> BuildStamp {
        BuildStamp(manifestSHA: "abc", settings: "def", assets: 3, jobs: 9, files: 12,
                   diagnostics: [.warning("a warning", at: .file("assetsmith.yml"))],
                   entries: [("/project/Art/a b.svg", 120, 1_700_000_000_123_456_789),
                             ("/project/Output/Assets.xcassets/A.imageset/A.png", 4096, 5),
                             ("/install/share/assetsmith/Templates/Tables/ios18.json", 10, -3),
                             ("/elsewhere/x.svg", 0, 0)],
                   folders: [("/project/Art", 77), ("/install/share/assetsmith/Templates", 78)])
    }

    /// Paths are compared and cut by bytes: a base with accents, a path that only starts like a
    /// base's name, and many entries (written in chunks over the cores) read back in order.
    @Test func pathsBelowABaseOfAnySpellingReadBackInOrder() throws {
        let bases = ["/Users/zoë/Café app", "/t"]
        let paths = ["/Users/zoë/Café app", "/Users/zoë/Café app/Art/é.svg", "/Users/zoë/Café apple/x.svg", "/t", "/tt/y", "/t/z"]
            + (0..<5000).map { "/Users/zoë/Café app/Out/S\($0).imageset/S\($0).png" }
        let stamp = BuildStamp(manifestSHA: "abc", settings: "def", assets: 1, jobs: 1, files: 1, diagnostics: [],
                               entries: paths.enumerated().map { ($1, Int64($0), Int64($0) * 7) }, folders: [])
        let text = stamp.text(bases: bases)
        #expect(text.contains("F 1 7 ./Art/é.svg\n") && text.contains("F 0 0 .\n"))
        #expect(text.contains("F 2 14 /Users/zoë/Café apple/x.svg\n"), "not below the base: written whole")
        #expect(text.contains("F 3 21 @1\n") && text.contains("F 4 28 /tt/y\n") && text.contains("F 5 35 @1/z\n"))
        let read = try #require(BuildStamp.parse(text, bases: bases))
        #expect(read.entries.map(\.path) == paths)
        #expect(read.entries.map(\.size) == paths.indices.map { Int64($0) })
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let text = Self.stamp().text(bases: Self.bases)
        #expect(text.contains("F 120 1700000000123456789 ./Art/a b.svg\n"))
        #expect(text.contains("F 10 -3 @1/Tables/ios18.json\n"))
        #expect(text.contains("D 78 @1\n"))
        let read = try #require(BuildStamp.parse(text, bases: Self.bases))
        #expect(read.manifestSHA == "abc" && read.settings == "def")
        #expect(read.assets == 3 && read.jobs == 9 && read.files == 12)
        #expect(read.diagnostics == Self.stamp().diagnostics)
        #expect(read.entries.map { $0.path } == Self.stamp().entries.map { $0.path })
        #expect(read.entries.map { $0.size } == [Int64(120), 4096, 10, 0])
        #expect(read.entries.map { $0.mtime } == [Int64(1_700_000_000_123_456_789), 5, -3, 0])
        #expect(read.folders.map { $0.path } == ["/project/Art", "/install/share/assetsmith/Templates"])
        #expect(read.folders.map { $0.mtime } == [Int64(77), 78])
    }

    /// The check puts each path together in bytes (issue 50); it must be the path `read` makes.
    @Test func theCheckReadsEveryPathAsReadDoes() throws {
        let bases = Self.bases.map { Array($0.utf8) }
        var buffer: [UInt8] = []
        for written in [".", "./Art/a b.svg", "@1", "@1/Tables/ios18.json", "@7/x", "@x/y", ".hidden/z", "/elsewhere/x.svg", "./é.svg"] {
            var text = "F 1 2 " + written
            let read = text.withUTF8 { bytes -> Bool in
                guard let line = StatLine(bytes: bytes) else { return false }
                line.fill(&buffer, line: bytes, bases: bases)
                return true
            }
            #expect(read, "\(written)")
            #expect(String(decoding: buffer.dropLast(), as: UTF8.self) == StampPaths.read(written, bases: Self.bases), "\(written)")
            #expect(buffer.last == 0)
        }
        #expect(StatLine("D 5 ./Out")?.size == nil && StatLine("D 5 ./Out")?.mtime == 5)
        for bad in ["F 1 x ./a", "F 1 2", "X 1 2 ./a", "D x ./a", "D 1", "F", "Fx 1 2 ./a", "F +1 2 ./a", "F 1 - ./a",
                    "F 99999999999999999999 2 ./a", "D -x ./a"] { #expect(StatLine(Substring(bad)) == nil, "\(bad)") }
        #expect(StatLine("F 10 -3 @1/x")?.mtime == -3 && StatLine("F 10 -3 @1/x")?.pathStart == 8)
    }

    @Test func aLineItDoesNotWriteIsNoStamp() {
        let text = Self.stamp().text(bases: Self.bases)
        for bad in ["F 1 x ./a", "F 1 2", "F  1 2 ./a", "X 1 2 ./a", "D x ./a", "D 1", "F", "Fx 1 2 ./a"] {
            #expect(BuildStamp.parse(text + bad + "\n", bases: Self.bases) == nil, "\(bad)")
        }
        #expect(BuildStamp.parse(text + "\n\n", bases: Self.bases) != nil, "empty lines are skipped")
        #expect(BuildStamp.parse(text.replacingOccurrences(of: "summary 3 9 12", with: "summary 3 9"), bases: Self.bases) == nil)
        #expect(BuildStamp.parse("assetsmith-stamp 2\n", bases: Self.bases) == nil)
    }

    /// The file list is read a line at a time: `current` stops at the first file that differs.
    @Test func theListStopsAtTheFirstLineRefused() {
        var lines = BuildStamp.Lines(Self.stamp().text(bases: Self.bases))
        #expect(BuildStamp.head(&lines) != nil)
        var seen: [String] = []
        let complete = BuildStamp.readList(&lines, bases: Self.bases) { line in
            guard case .file(let path, _, _) = line else { return true }
            seen.append(path)
            return !path.hasSuffix("A.png")
        }
        #expect(!complete)
        #expect(seen == ["/project/Art/a b.svg", "/project/Output/Assets.xcassets/A.imageset/A.png"])
    }

    /// The stamp's guess of `output:` and `catalog:` reads lines ended by LF or CR LF.
    @Test func theManifestsLinesEndAtALineFeedOrACarriageReturnAndLineFeed() {
        #expect(BuildStamp.topLevelValue("output", in: "\r\n\r\noutput: Out\r\n") == "Out")
        #expect(BuildStamp.topLevelValue("output", in: "é\u{301}\n\u{301}x\noutput: A # c\n") == "A")
        #expect(BuildStamp.topLevelValue("output", in: "table: ios18\r\noutput: Out\r\n") == "Out")
        #expect(BuildStamp.topLevelValue("output", in: "table: x\noutput: \"Out\" # here\n") == "Out")
        #expect(BuildStamp.topLevelValue("catalog", in: "catalog:\n") == nil)
        #expect(BuildStamp.topLevelValue("catalog", in: "assets:\n  - {name: A}\n  catalog: No\ncatalog: Yes") == "Yes", "the first at a line's start, to the end")
        #expect(BuildStamp.topLevelValue("output", in: "outputs: No\noutput:Out\n") == "Out")
    }
}

/// The stamp check names the first input it found changed, and a build that will draw an edited
/// SVG or PDF starts its worker at once (issue 38: the worker's start was an edit's wait).
@Suite struct ChangedInputTests {
    @Test func theCheckNamesTheChangedSourceAndOnlyVectorsStartAWorker() throws {
        // The settings hold ASSETSMITH_TEMPLATES, which the watch tests set in this process while
        // this one may run: set to the value they set, it cannot change between write and check.
        setenv("ASSETSMITH_TEMPLATES", Fixtures.repoRoot.appendingPathComponent("Templates").path, 1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("changed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/.assetsmith", withIntermediateDirectories: true)
        let manifest = dir + "/assetsmith.yml", svg = dir + "/a.svg", png = dir + "/b.png"
        let text = "table: ios18\noutput: Out\nassets:\n  - {name: A, kind: image, source: a.svg, size: 24}\n"
        try text.write(toFile: manifest, atomically: true, encoding: .utf8)
        for path in [svg, png] { try Data("one".utf8).write(to: URL(fileURLWithPath: path)) }
        func entry(_ path: String) throws -> (String, Int64, Int64) {
            let stat = try #require(FileStat.of(path))
            return (path, stat.size, stat.mtime)
        }
        let output = dir + "/Out", catalog = "Assets.xcassets"
        let stamp = BuildStamp(manifestSHA: Digest.sha256(Data(text.utf8)),
                               settings: BuildStamp.settings(outputDirectory: output, catalogFolder: catalog, preview: false,
                                                             manifestText: text),
                               assets: 1, jobs: 3, files: 4, diagnostics: [], entries: [try entry(svg), try entry(png)], folders: [])
        try stamp.text(bases: StampPaths.bases(manifestDirectory: dir))
            .write(toFile: StateFolder(path: dir + "/.assetsmith", catalogFolder: catalog).stamp, atomically: true, encoding: .utf8)
        var changed: String?
        #expect(BuildStamp.current(manifestPath: manifest, outputOverride: nil, preview: false, changed: &changed) != nil)
        #expect(changed == nil)
        for (path, vector) in [(png, false), (svg, true)] {
            try Data("two, longer".utf8).write(to: URL(fileURLWithPath: path))
            #expect(BuildStamp.current(manifestPath: manifest, outputOverride: nil, preview: false, changed: &changed) == nil)
            #expect(changed == path)
            #expect(BuildStamp.drawsVectorsFromChange(changed) == vector)
            try Data("one".utf8).write(to: URL(fileURLWithPath: path)) // back to the stamp's size (its time differs)
        }
        #expect(BuildStamp.drawsVectorsFromChange("/x/Icon.PDF"))
        #expect(!BuildStamp.drawsVectorsFromChange(nil))
    }
}
