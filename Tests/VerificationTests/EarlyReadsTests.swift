import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import Testing
import TestSupport
@testable import Verification

/// The catalog's sets read on the listing's thread while the manifest is planned (issue 50): the
/// checks take what was read early instead of reading again, and find what reading finds, on a
/// catalog with faults; the reading keeps to its budgets.
@Suite struct EarlyReadsTests {
    /// A 12-asset project built (`VerifyFixtures.fakeBuild`), then damaged: a PNG with a byte
    /// added, a PNG deleted, a PNG replaced by a link, a Contents.json with another scale, one
    /// written again with other spacing (the same values: no finding), a file no entry names.
    func damagedProject() throws -> (plan: Plan, catalog: URL) {
        let (project, plan) = try VerifyFixtures.badgeProject(count: 12)
        let catalog = project.appendingPathComponent("Output/Assets.xcassets")
        func file(_ path: String) -> URL { catalog.appendingPathComponent(path) }
        let handle = try FileHandle(forWritingTo: file("Badge1.imageset/Badge1@2x.png"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("x".utf8))
        try handle.close()
        try FileManager.default.removeItem(at: file("Badge2.imageset/Badge2@3x.png"))
        try FileManager.default.removeItem(at: file("Badge3.imageset/Badge3.png"))
        try FileManager.default.createSymbolicLink(atPath: file("Badge3.imageset/Badge3.png").path,
                                                   withDestinationPath: project.appendingPathComponent("Badge.png").path)
        let contents4 = try String(contentsOf: file("Badge4.imageset/Contents.json"), encoding: .utf8)
        try Data(contents4.replacingOccurrences(of: "\"2x\"", with: "\"4x\"").utf8).write(to: file("Badge4.imageset/Contents.json"))
        let contents5 = try Data(contentsOf: file("Badge5.imageset/Contents.json"))
        let spaced = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: contents5))
        #expect(spaced != contents5)
        try spaced.write(to: file("Badge5.imageset/Contents.json"))
        try VerifyFixtures.png(side: 20).write(to: file("Badge6.imageset/Extra.png"))
        return (plan, catalog)
    }

    @Test func whatIsReadEarlyGivesTheFindingsReadingGives() throws {
        let (plan, catalog) = try damagedProject()
        let record = BuildRecord.read(at: StateFolder(plan: plan).record)
        let listing = CatalogListing(catalogAt: catalog.path)
        listing.early.finish()
        // Every set was read early (the test would pass without them otherwise).
        let early = EarlyReads.read(try #require(listing.sets(ofCatalogAt: catalog.path) ?? nil), catalogPath: catalog.path) { false }
        #expect(early.count == 12 && early.allSatisfy { $0 != nil })
        for least in [1, .max] {
            let read = Verifier.verify(plan: plan, record: record, leastShardSets: least)
            let taken = Verifier.verify(plan: plan, record: record, listing: listing, leastShardSets: least)
            #expect(taken.findings == read.findings, "shards of at least \(least) sets")
            #expect(taken.files == read.files && taken.sets == read.sets)
            let rules = read.findings.map { "\($0.rule) \($0.file.split(separator: "/").dropFirst(1).joined(separator: "/"))" }
            #expect(rules == [
                "modified Badge1.imageset/Badge1@2x.png",
                "missingFile Badge2.imageset/Contents.json",
                "notPNG Badge3.imageset/Badge3.png",
                "stale Badge4.imageset/Contents.json",
                "unknownValue Badge4.imageset/Contents.json",
                "unassigned Badge6.imageset/Extra.png",
            ], "\(read.findings.map { "\($0.rule) \($0.file): \($0.message)" })")
        }
    }

    /// A PNG read early keeps its facts and digest but not its bytes; any other file keeps its bytes.
    @Test func aPNGIsKeptAsItsFactsAndAnyOtherFileAsItsBytes() throws {
        let png = try VerifyFixtures.png(side: 4)
        let contents = #"{ "images" : [ { "filename" : "A.png", "idiom" : "universal" } ], "info" : { "version" : 1 } }"#
        let path = try VerifyFixtures.catalog(set: "A.imageset", contents: contents, files: ["A.png": png, "B.png": Data("text".utf8)])
        let listed = try #require(Inspection.Listed(catalogAt: path, lanes: 1))
        let read = EarlyReads.read(listed, catalogPath: path) { false }
        let set = try #require(read.first ?? nil)
        #expect(try set.contents.get() == Data(contents.utf8))
        let a = try #require(set.files["A.imageset/A.png"])
        #expect(a.data == nil && a.readable && a.format == .png && a.sha == Digest.sha256Digest(png))
        #expect(try a.info?.get().size == PixelSize(width: 4, height: 4))
        let b = try #require(set.files["A.imageset/B.png"])
        #expect(b.data == Data("text".utf8) && b.sha == Digest.sha256Digest(Data("text".utf8)))
    }

    /// The reading stops when told, at its set and byte budgets, and leaves a set of many files and
    /// a set that is no plain image set to the checks.
    @Test func theReadingKeepsToItsBudgets() throws {
        let root = try VerifyFixtures.temporaryDirectory().appendingPathComponent("Assets.xcassets")
        let contents = Data(#"{ "images" : [ ], "info" : { "version" : 1 } }"#.utf8)
        func set(_ name: String, files: Int) throws {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try contents.write(to: folder.appendingPathComponent("Contents.json"))
            for index in 0..<files { try Data("file \(index)".utf8).write(to: folder.appendingPathComponent("f\(index).txt")) }
        }
        try set("A.imageset", files: EarlyReads.mostFiles)
        try set("B.imageset", files: EarlyReads.mostFiles + 1)
        try set("C.appiconset", files: 1)
        try set("D.imageset", files: 1)
        try set("E.imageset", files: 1)
        let listed = try #require(Inspection.Listed(catalogAt: root.path, lanes: 1))
        let all = EarlyReads.read(listed, catalogPath: root.path) { false }
        #expect(all.map { $0 != nil } == [true, false, false, true, true])
        #expect(all[0]?.files.count == EarlyReads.mostFiles)
        // Sets read: the budget counts those read, not those left.
        #expect(EarlyReads.read(listed, catalogPath: root.path, mostSets: 2) { false }.map { $0 != nil } == [true, false, false, true])
        #expect(EarlyReads.read(listed, catalogPath: root.path, mostSets: 1) { false }.map { $0 != nil } == [true])
        // Bytes kept: A's Contents.json and 32 files; the set that reaches the budget is the last read
        // (B and C are passed over, D is read).
        let keptA = contents.count + (0..<EarlyReads.mostFiles).reduce(0) { $0 + "file \($1)".utf8.count }
        #expect(EarlyReads.read(listed, catalogPath: root.path, mostBytes: keptA) { false }.count == 1)
        #expect(EarlyReads.read(listed, catalogPath: root.path, mostBytes: keptA + 1) { false }.count == 4)
        var asked = 0
        #expect(EarlyReads.read(listed, catalogPath: root.path) { asked += 1; return asked > 1 }.count == 1)
        #expect(EarlyReads.read(listed, catalogPath: root.path) { true }.isEmpty)
    }

    /// Stopped, the reading gives what it read; the reads serve only the catalog listed.
    @Test func theReadsServeOnlyTheCatalogListed() throws {
        let path = try VerifyFixtures.catalog(set: "Logo.imageset", contents: #"{ "images" : [ ], "info" : { "version" : 1 } }"#)
        let listing = CatalogListing(catalogAt: path)
        listing.early.finish()
        #expect(listing.earlyReads(ofCatalogAt: path + "-other").isEmpty)
        #expect(listing.earlyReads(ofCatalogAt: path + "/.").count == 1)
    }
}

/// The folder in flight holds a path when the path's folder is exactly it (`FolderFiles.holds`,
/// bytes compared in place): what the folder before the path's last slash gives.
@Suite struct FolderFilesTests {
    @Test func aFolderHoldsThePathsWhoseFolderItIs() {
        let folders = ["", "A.imageset", "a", "a/", "G/C.imageset", "Caf\u{E9}.imageset", "A"]
        let paths = ["", "x.png", "A.imageset/x.png", "A.imageset/", "A.imageset", "A.imageset/b/x.png", "a//b", "a/b",
                     "ab/c", "a/", "/x", "G/C.imageset/x.png", "G/C.imageset/x/", "Cafe\u{301}.imageset/x.png",
                     "Caf\u{E9}.imageset/x.png", "A.imagesetx/y", "A/x"]
        for folder in folders {
            for path in paths {
                // By bytes, as before: one folder in two Unicode forms is two folders in flight.
                #expect(FolderFiles.holds(folder, path) == FolderFiles.folder(of: path).utf8.elementsEqual(folder.utf8), "\(folder) \(path)")
            }
        }
    }
}

/// Files looked at are counted once, whichever of the shards and the inspection looked at them.
@Suite struct CheckedFileCountTests {
    @Test func filesOfTheShardsAndOfTheInspectionAreCountedOnce() {
        let inspection = Inspection(catalogPath: "/nowhere", display: "Assets.xcassets")
        inspection.checkedFiles = ["b", "c"]
        #expect(inspection.checkedFileCount == 2)
        inspection.checkedByShards = Later { ["a", "b"] }
        #expect(inspection.checkedFileCount == 3)
        inspection.checkedFiles = []
        #expect(inspection.checkedFileCount == 2)
    }
}
