@testable import AssetCatalog
import AssetCore
import Foundation
import Testing

/// Issue 36 (the case left from rounds one and two): a set whose Contents.json cannot be written
/// (a full disk) is taken back, so no folder holding a PNG without a Contents.json is left, and
/// the next build with room completes it.
@Suite struct IncompleteSetTests {
    @Test func aSetWhoseContentsJSONFailedKeepsNoPNGAndTheNextBuildCompletesIt() throws {
        let writer = CatalogWriterTests()
        let set = writer.catalog + "/Star.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        // The temporary file of the Contents.json cannot be made: a folder holds its name.
        let blocker = set + "/.Contents.json.assetsmith-\(getpid()).tmp"
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)

        let failed = CatalogWriter.write(writer.plan(["Star"]), files: writer.files(["Star"]), failed: [])
        let messages = failed.diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("cannot write file: ") }, "\(messages)")
        #expect(messages.contains("the set \"Star.imageset\" could not be completed (its Contents.json was not written), so the 1 file written into it was removed again"),
                "\(messages)")
        #expect(!FileManager.default.fileExists(atPath: set + "/Star.png"), "no PNG is left without its Contents.json")
        #expect(!failed.written.contains("Star.imageset/Star.png"))

        try FileManager.default.removeItem(atPath: blocker)
        let again = CatalogWriter.write(writer.plan(["Star"]), files: writer.files(["Star"]), failed: [])
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        #expect(FileManager.default.fileExists(atPath: set + "/Star.png"))
        #expect(FileManager.default.fileExists(atPath: set + "/Contents.json"))
    }

    @Test func threeSetsTakenBackAreNamedEachAndFourInOneWarning() {
        let three = CatalogWriter.undoneWarnings([("A.imageset", 1), ("B.imageset", 3), ("C.imageset", 2)]).map(\.message)
        #expect(three == [
            "the set \"A.imageset\" could not be completed (its Contents.json was not written), so the 1 file written into it was removed again",
            "the set \"B.imageset\" could not be completed (its Contents.json was not written), so the 3 files written into it were removed again",
            "the set \"C.imageset\" could not be completed (its Contents.json was not written), so the 2 files written into it were removed again",
        ])
        let four = CatalogWriter.undoneWarnings([("A.imageset", 1), ("B.imageset", 3), ("C.imageset", 2), ("D.imageset", 3)])
        #expect(four.map(\.message) == [
            "4 sets could not be completed (their Contents.json was not written), so the 9 files written into them were removed again: \"A.imageset\", \"B.imageset\", \"C.imageset\" and 1 more",
        ])
        #expect(four.first?.severity == .warning && four.first?.fix == "free some space and build again")
    }
}
