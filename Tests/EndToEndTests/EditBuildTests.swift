import Foundation
import Testing
import TestSupport

/// Issue 50: after a few sources changed, the build reads, plans and writes only the manifest items
/// that draw them (an edit's build), and leaves exactly what the whole build would; anything it
/// cannot stand for (the manifest, a folder, an app icon, a stamp from elsewhere, too many files)
/// takes the whole build.
@Suite struct EditBuildTests {
    /// A project of `count` SVG image assets (art0.svg …), one app icon, and a bar glyph, built once.
    func project(_ count: Int) throws -> String {
        let dir = CLI.temporaryDirectory("edit")
        try FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        var lines = ["table: ios18", "output: Output", "assets:"]
        for index in 0..<count {
            try Self.svg(index).write(toFile: dir + "/Art/art\(index).svg", atomically: true, encoding: .utf8)
            lines.append("  - {name: Image\(index), kind: image, source: Art/art\(index).svg, size: \(16 + index % 3 * 8)}")
        }
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir)
        try CLI.copyFromRepo("Assets/Glyphs/star.svg", to: dir)
        lines += ["  - name: AppIcon", "    kind: app-icon", "    source: AppIcon.svg",
                  "  - name: Star", "    kind: bar-glyph", "    source: star.svg", "catalog: Assets"]
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let first = try CLI.run([], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        return dir
    }

    static func svg(_ seed: Int) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 64\"><rect x=\"4\" y=\"4\" width=\"56\" height=\"56\" "
            + "rx=\"\(8 + seed % 7)\" fill=\"hsl(\(seed * 37 % 360),60%,45%)\"/><circle cx=\"\(20 + seed % 24)\" cy=\"30\" r=\"9\" fill=\"#fff\"/></svg>"
    }

    /// The build with `ASSETSMITH_TIMINGS=1`, and whether it was an edit's build (its phase is named).
    func build(_ dir: String, _ arguments: [String] = []) throws -> (result: CLI.Result, edit: Bool) {
        let result = try CLI.run(arguments, in: dir, environment: ["ASSETSMITH_TIMINGS": "1"])
        return (result, result.stderr.contains("timing: edit: items, plan, files"))
    }

    /// The summary line without its time.
    func summary(_ result: CLI.Result) -> String {
        let line = result.stderr.split(separator: "\n").first { $0.hasPrefix("built ") }.map(String.init) ?? ""
        return line.components(separatedBy: " in ").dropLast().joined(separator: " in ")
    }

    /// Every file of the catalog and its bytes, and the record's entries without the stamps a
    /// write takes (times differ between two folders).
    func snapshot(_ dir: String) throws -> (files: [String: Data], record: String) {
        let catalog = dir + "/Output/Assets.xcassets"
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: catalog) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: catalog + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: catalog + "/" + path))
            }
        }
        let record = try String(contentsOfFile: dir + "/.assetsmith/Assets.xcassets.record.json", encoding: .utf8)
        let unstamped = record.replacingOccurrences(of: #""stamp" : \[[^\]]*\],?"#, with: "", options: .regularExpression)
        return (files, unstamped)
    }

    @Test func anEditedSourceIsBuiltAloneAndLeavesWhatTheWholeBuildWould() throws {
        // Two projects made alike (a copy's record would be another folder's: foreign, `StateTrust`).
        let edited = try project(12), whole = try project(12)
        for dir in [edited, whole] {
            try Self.svg(900).write(toFile: dir + "/Art/art3.svg", atomically: true, encoding: .utf8)
            try Self.svg(901).write(toFile: dir + "/Art/art7.svg", atomically: true, encoding: .utf8)
        }
        try FileManager.default.removeItem(atPath: whole + "/.assetsmith/Assets.xcassets.stamp")
        let (edit, wasEdit) = try build(edited)
        let (full, wasFull) = try build(whole)
        #expect(wasEdit && !wasFull, "\(edit.stderr)")
        #expect(edit.status == 0 && summary(edit) == summary(full), "\(edit.stderr)\n\(full.stderr)")
        #expect(summary(edit).contains("6 rendered"), "\(edit.stderr)")
        let (a, b) = (try snapshot(edited), try snapshot(whole))
        #expect(a.files == b.files)
        #expect(a.record == b.record)
        let noOp = try build(edited)
        #expect(summary(noOp.result).contains("0 rendered") && !noOp.edit, "\(noOp.result.stderr)")
    }

    @Test func whatAnEditsBuildCannotStandForTakesTheWholeBuild() throws {
        let dir = try project(4)
        // An app icon's source: its item never plans alone.
        try Data(try String(contentsOfFile: dir + "/AppIcon.svg", encoding: .utf8).replacingOccurrences(of: "</svg>", with: "<circle r=\"1\"/></svg>").utf8)
            .write(to: URL(fileURLWithPath: dir + "/AppIcon.svg"))
        #expect(try !build(dir).edit)
        // The manifest itself.
        try Self.svg(77).write(toFile: dir + "/Art/art1.svg", atomically: true, encoding: .utf8)
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        try (manifest + "# a comment\n").write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        #expect(try !build(dir).edit)
        // A set folder changed by hand (a file added, then taken away again).
        try Self.svg(78).write(toFile: dir + "/Art/art1.svg", atomically: true, encoding: .utf8)
        let note = dir + "/Output/Assets.xcassets/Image2.imageset/notes.txt"
        try Data().write(to: URL(fileURLWithPath: note))
        #expect(try !build(dir).edit)
        try FileManager.default.removeItem(atPath: note)
        #expect(try !build(dir).edit)
        // With all of that settled, one more saved source is an edit's build again.
        try Self.svg(79).write(toFile: dir + "/Art/art1.svg", atomically: true, encoding: .utf8)
        #expect(try build(dir).edit)
        // A stamp this machine did not write (a trust cache of its own knows none).
        try Self.svg(80).write(toFile: dir + "/Art/art1.svg", atomically: true, encoding: .utf8)
        let cache = CLI.temporaryDirectory("edit-cache")
        let foreign = try CLI.run([], in: dir, environment: ["ASSETSMITH_TIMINGS": "1", "ASSETSMITH_CACHE": cache])
        #expect(foreign.status == 0 && !foreign.stderr.contains("timing: edit:"), "\(foreign.stderr)")
    }

    /// At most 64 changed files are looked up (`StampChange.mostFiles`) and at most 64 items built
    /// alone (`EditIndex.items`, a twentieth of the list when that is more): 64 saved sources are
    /// an edit's build, 65 the whole build.
    @Test func sixtyFourSourcesAreAnEditSixtyFiveTheWholeBuild() throws {
        let dir = try project(70)
        for index in 0..<64 { try Self.svg(1000 + index).write(toFile: dir + "/Art/art\(index).svg", atomically: true, encoding: .utf8) }
        let (edit, wasEdit) = try build(dir)
        #expect(wasEdit && summary(edit).contains("192 rendered"), "\(edit.stderr)")
        for index in 0..<65 { try Self.svg(2000 + index).write(toFile: dir + "/Art/art\(index).svg", atomically: true, encoding: .utf8) }
        let (full, wasEdit2) = try build(dir)
        #expect(!wasEdit2 && summary(full).contains("195 rendered"), "\(full.stderr)")
    }
}
