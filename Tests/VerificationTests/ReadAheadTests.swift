import AssetCore
import Foundation
import Testing
import TestSupport
@testable import Verification

/// Sets read ahead over the cores, a window at a time (issue 50): the findings of a catalog of
/// several windows are those of one thread, in catalog order, run after run, and a Contents.json
/// read on a worker still gives its located error.
@Suite struct ReadAheadTests {
    static let setCount = 600

    static func name(_ index: Int) -> String { "S" + String(format: "%03d", index) }

    static func contents(_ file: String) -> String {
        #"{ "images" : [ { "filename" : "\#(file)", "idiom" : "universal", "scale" : "1x" } ], "info" : { "author" : "xcode", "version" : 1 } }"#
    }

    /// A catalog of `setCount` image sets of one 4 px PNG each, with a fault in a few sets: on
    /// both sides of the first window's edge, in the middle window and in the last set.
    func catalog() throws -> String {
        let root = try VerifyFixtures.temporaryDirectory().appendingPathComponent("Assets.xcassets")
        let png = try VerifyFixtures.png(side: 4)
        for index in 0..<Self.setCount {
            let name = Self.name(index)
            let folder = root.appendingPathComponent(name + ".imageset")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var contents = Self.contents(name + ".png")
            var files = [name + ".png": png]
            switch index {
            case 10: files = [:] // the file its entry names is missing
            case ReadAhead.windowSets - 1: files["stray.png"] = png
            case ReadAhead.windowSets: contents = "{\n  \"images\" : [\n    { \"idiom\" : x }\n  ]\n}\n"
            case 300: // "images" twice: the first is the one read, as the Codable decoder read it
                contents = #"{ "images" : [ { "filename" : "S300.png", "idiom" : "universal" } ], "images" : [ ], "info" : { "version" : 1 } }"#
            case Self.setCount - 1: files[name + ".png"] = Data("not a png".utf8)
            default: break
            }
            try Data(contents.utf8).write(to: folder.appendingPathComponent("Contents.json"))
            for (file, data) in files { try data.write(to: folder.appendingPathComponent(file)) }
        }
        return root.path
    }

    @Test func findingsAcrossWindowsAreInCatalogOrderRunAfterRun() throws {
        #expect(Self.setCount > 2 * ReadAhead.windowSets, "the catalog must span three windows")
        let path = try catalog()
        let edge = Self.name(ReadAhead.windowSets)
        let expected = [
            "Assets.xcassets/S010.imageset/Contents.json:1:18: error: the file \"S010.png\" for the image set \"S010\" does not exist",
            "Assets.xcassets/\(Self.name(ReadAhead.windowSets - 1)).imageset/stray.png: warning: is not assigned to any slot "
                + "of the image set \"\(Self.name(ReadAhead.windowSets - 1))\" (unassigned child)",
            "Assets.xcassets/\(edge).imageset/Contents.json:3:17: error: Contents.json is not valid JSON: invalid value",
            "Assets.xcassets/S599.imageset/S599.png: error: is not a PNG file (no PNG signature)",
        ]
        let first = VerifyFixtures.findingLines(path)
        #expect(first == expected)
        #expect(VerifyFixtures.findingLines(path) == first)
        let report = Verifier.verify(catalogAt: path)
        #expect(report.sets.count == Self.setCount)
        // Every set's PNG is looked at, the corrupt one too, but S010's (missing) and the one of the
        // set whose Contents.json is not JSON.
        #expect(report.files == Self.setCount - 2)
    }

    @Test func aWindowStopsAtItsFileBudget() throws {
        let inspection = Inspection(catalogPath: try catalog(), display: "Assets.xcassets")
        #expect(inspection.loadSets())
        #expect(inspection.window(from: 0) == 0..<ReadAhead.windowSets)
        #expect(inspection.window(from: Self.setCount - 1) == (Self.setCount - 1)..<Self.setCount)
        // Sets of many files: the window ends before its files pass the budget, and holds one set at least.
        let third = ReadAhead.windowFiles / 3
        #expect(Inspection.window(from: 0, of: 8) { _ in third } == 0..<3)
        #expect(Inspection.window(from: 2, of: 8) { $0 == 4 ? third + 1 : third } == 2..<4)
        #expect(Inspection.window(from: 0, of: 2) { _ in ReadAhead.windowFiles + 1 } == 0..<1)
    }
}
