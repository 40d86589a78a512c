@testable import AssetCatalog
import AssetCore
import Foundation
import Testing

/// Issue 36: files a build wrote but never recorded (killed, or out of disk, before the record)
/// are the tool's own by the journal, so the next build replaces them instead of refusing the set
/// as someone else's; the rewritten crash-safety test found this under load.
@Suite struct WriteJournalTests {
    @Test func aKilledFirstBuildsFilesAreReplacedByTheNextBuild() throws {
        let writer = CatalogWriterTests()
        let output = SafeFiles(root: writer.output)
        let state = SafeFiles(root: writer.output + "/.assetsmith")
        let catalog = SafeFiles(root: writer.catalog)
        // What the killed build left: its PNG written, its journal, no record.
        let killed = Data([9, 9, 9])
        try catalog.write(killed, to: "Star.imageset/Star.png")
        CatalogWriter.writeJournal([:], pending: [("Star.imageset/Star.png", FileRecord(sha256: Digest.sha256Digest(killed), asset: "Star"))],
                                   into: state, catalogFolder: "Assets.xcassets")

        let report = CatalogWriter.write(writer.plan(["Star"]), files: writer.files(["Star"]), failed: [])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(catalog.read("Star.imageset/Star.png") == Data([1, 2, 3]))
        #expect(state.read(CatalogWriter.journalFile("Assets.xcassets")) == nil, "the journal goes once the record is written")
    }

    @Test func aFileChangedSinceTheJournalIsStillSomeoneElses() throws {
        let writer = CatalogWriterTests()
        let catalog = SafeFiles(root: writer.catalog)
        try catalog.write(Data([7, 7]), to: "Star.imageset/Star.png") // a person's file, not the journal's bytes
        CatalogWriter.writeJournal([:], pending: [("Star.imageset/Star.png", FileRecord(sha256: Digest.sha256Digest(Data([9])), asset: "Star"))],
                                   into: SafeFiles(root: writer.output + "/.assetsmith"), catalogFolder: "Assets.xcassets")
        let report = CatalogWriter.write(writer.plan(["Star"]), files: writer.files(["Star"]), failed: [])
        #expect(report.diagnostics.map(\.message).contains { $0.contains("holds files assetsmith did not write (\"Star.png\")") },
                "\(report.diagnostics.map(\.message))")
        #expect(catalog.read("Star.imageset/Star.png") == Data([7, 7]))
    }

    /// The journal is encoded in chunks of paths (issue 38): one of several chunks, with entries
    /// of an earlier journal among them, reads back as every path's records.
    @Test func aJournalOfManyChunksReadsBackWhole() {
        let writer = CatalogWriterTests()
        let output = SafeFiles(root: writer.output)
        let count = CatalogWriter.journalChunk * 2 + 7
        let pending = (0..<count).map { index in
            ("S\(index).imageset/S.png", FileRecord(sha256: Digest.sha256Digest(Data([UInt8(index % 251)])), asset: "S\(index)"))
        }
        let earlier = ["S5.imageset/S.png": [FileRecord(sha256: "old", asset: "S5")],
                       "Zed.imageset/Z.png": [FileRecord(sha256: "z", asset: "Zed")]]
        CatalogWriter.writeJournal(earlier, pending: pending + [pending[3]], into: output, catalogFolder: "Assets.xcassets")
        var expected = earlier
        for (path, record) in pending { expected[path, default: []].append(record) }
        #expect(CatalogWriter.readJournal(output, catalogFolder: "Assets.xcassets") == expected)
    }
}
