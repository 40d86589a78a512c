import AssetCatalog
import AssetCore
import Foundation
import Testing
import TestSupport

/// Issue 49: the state files decide what a build replaces or removes, and a pull request can write
/// them. A journal or record entry alone never makes a hand-made file Assetsmith's to delete, and
/// whatever a build removes goes to a trash it names.
@Suite struct StateTrustTests {
    /// The bundled example's Logo and Banner, with a hand-made set beside them in the catalog.
    static func project(_ label: String) throws -> (dir: String, handMade: String) {
        let dir = try CrashSafetyTests.project(label)
        #expect(try CLI.run(["build"], in: dir).status == 0)
        let handMade = dir + "/Output/Assets.xcassets/Handmade.imageset"
        try FileManager.default.createDirectory(atPath: handMade, withIntermediateDirectories: true)
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: handMade + "/hand.png"))
        try Data(#"{"images":[{"filename":"hand.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: URL(fileURLWithPath: handMade + "/Contents.json"))
        return (dir, handMade)
    }

    static func sha(_ path: String) throws -> String {
        Digest.sha256(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A build that is not up to date: one source saved again with other bytes.
    static func touchSource(_ dir: String) throws {
        let star = dir + "/star.svg"
        var text = try String(contentsOfFile: star, encoding: .utf8)
        text += "<!-- saved again -->\n"
        try text.write(toFile: star, atomically: true, encoding: .utf8)
    }

    @Test func aJournalThisMachineDidNotWriteRemovesNothing() throws {
        let (dir, handMade) = try Self.project("forged-journal")
        let journal = """
        {"Handmade.imageset/hand.png": [{"sha256": "\(try Self.sha(handMade + "/hand.png"))", "asset": "Banner"}],
         "Handmade.imageset/Contents.json": [{"sha256": "\(try Self.sha(handMade + "/Contents.json"))", "asset": "Banner"}]}
        """
        try Data(journal.utf8).write(to: URL(fileURLWithPath: dir + "/.assetsmith/Assets.xcassets.pending.json"))
        try Self.touchSource(dir)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains(" 0 removed"), "\(build.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: handMade + "/hand.png")) == Data([1, 2, 3, 4]))
        #expect(FileManager.default.fileExists(atPath: handMade + "/Contents.json"))
    }

    @Test func recordEntriesThisMachineDidNotWriteLeaveTheSetInPlaceAndSaySo() throws {
        let (dir, handMade) = try Self.project("forged-record")
        let recordPath = dir + "/.assetsmith/Assets.xcassets.record.json"
        var record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: recordPath))) as? [String: Any])
        var files = try #require(record["files"] as? [String: Any])
        var entry = try #require(files.values.first as? [String: Any])
        for name in ["hand.png", "Contents.json"] {
            entry["sha256"] = try Self.sha(handMade + "/" + name)
            entry["asset"] = "Banner"
            files["Handmade.imageset/" + name] = entry
        }
        record["files"] = files
        try JSONSerialization.data(withJSONObject: record).write(to: URL(fileURLWithPath: recordPath))
        try Self.touchSource(dir)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("was not written by a build on this machine"), "\(build.stderr)")
        #expect(build.stderr.contains("\"Assets.xcassets/Handmade.imageset/hand.png\""), "\(build.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: handMade + "/hand.png")) == Data([1, 2, 3, 4]))
        // The record this build wrote is this machine's: the next build says nothing more.
        try Self.touchSource(dir)
        let again = try CLI.run(["build"], in: dir)
        #expect(!again.stderr.contains("not written by a build on this machine"), "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: handMade + "/hand.png"))
    }

    @Test func whatABuildRemovesIsKeptInATrashItNames() throws {
        let dir = try CrashSafetyTests.project("trash")
        #expect(try CLI.run(["build"], in: dir).status == 0)
        let banner = dir + "/Output/Assets.xcassets/Banner.imageset/Banner@2x.png"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: banner))
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        try manifest.replacingOccurrences(of: "  - {name: Banner, kind: image, source: Banner.png, size: 120x45}\n", with: "")
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: banner))
        let named = try #require(build.stderr.range(of: #"removed \(kept in (\.assetsmith/trash/[^)]+)\)"#, options: .regularExpression))
        let trash = String(build.stderr[named]).replacingOccurrences(of: "removed (kept in ", with: "").dropLast()
        #expect(build.stderr.contains("4 removed (kept in"), "\(build.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + trash + "/Assets.xcassets/Banner.imageset/Banner@2x.png")) == bytes)
    }

    /// A `trash` that is a link to another folder (a pull request can add one) is never written
    /// through: the removed file stays in place instead.
    @Test func aTrashLinkedElsewhereIsNotWrittenThrough() throws {
        let dir = try CrashSafetyTests.project("trash-link")
        #expect(try CLI.run(["build"], in: dir).status == 0)
        let elsewhere = CLI.temporaryDirectory("trash-elsewhere")
        for index in 0..<12 {  // more folders than the trash keeps: pruning must not reach them either
            try FileManager.default.createDirectory(atPath: elsewhere + "/2026010\(index)T000000-1", withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: dir + "/.assetsmith/trash", withDestinationPath: elsewhere)
        let banner = dir + "/Output/Assets.xcassets/Banner.imageset/Banner@2x.png"
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        try manifest.replacingOccurrences(of: "  - {name: Banner, kind: image, source: Banner.png, size: 120x45}\n", with: "")
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        _ = try CLI.run(["build"], in: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).count == 12, "nothing written or removed through the link")
        #expect(FileManager.default.fileExists(atPath: banner), "not moved, so not lost")
    }

    /// The trash keeps the newest `Trash.keptBuilds` builds' folders: with one more, the oldest goes.
    @Test func theTrashKeepsTheLastTenBuilds() throws {
        let state = CLI.temporaryDirectory("trash-bound")
        let trash = Trash(plan: .init(table: "ios18", outputDirectory: state, catalogFolder: "Assets.xcassets", jobs: [], entries: []))
        for count in [Trash.keptBuilds, Trash.keptBuilds + 1] {
            try? FileManager.default.removeItem(atPath: trash.root)
            for index in 1...count {
                try FileManager.default.createDirectory(atPath: trash.root + "/2026010\(index < 10 ? "0" : "")\(index)T000000-1",
                                                        withIntermediateDirectories: true)
            }
            trash.prune()
            let left = try FileManager.default.contentsOfDirectory(atPath: trash.root).sorted()
            #expect(left.count == Trash.keptBuilds, "\(count) folders: \(left)")
            #expect(left.first == (count == Trash.keptBuilds ? "202601001T000000-1" : "202601002T000000-1"), "\(left)")
        }
    }
}
