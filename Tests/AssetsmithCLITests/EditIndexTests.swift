import AssetSpec
import Foundation
@testable import FrontEnd
import Testing

/// The edit index (issue 50): which items draw which source, kept at the stamp's end, and the
/// manifest text an edit's build reads (the other items' lines left empty).
@Suite struct EditIndexTests {
    static let bases = ["/project", "/install/Templates"]
    static let index = EditIndex(list: AssetListLines(starts: [4, 5, 8], end: 10), alone: [true, false, true],
                                 sources: ["/project/Art/a.svg": [0], "/project/Art/shared b.svg": [0, 2], "/project/icon.svg": [1]])

    @Test func itReadsBackAsWritten() throws {
        let text = Self.index.lines(bases: Self.bases)
        #expect(text.hasPrefix("index\nL 10\nI 4 1\nI 5 0\nI 8 1\n"))
        #expect(text.contains("S 2 ./Art/shared b.svg\n"))
        var lines = BuildStamp.Lines(String(text.dropFirst("index\n".count)))
        #expect(EditIndex.parse(&lines, bases: Self.bases) == Self.index)
        var some = BuildStamp.Lines(String(text.dropFirst("index\n".count)))
        let only = try #require(EditIndex.parse(&some, bases: Self.bases, only: ["./icon.svg"]))
        #expect(only.sources == ["/project/icon.svg": [1]] && only.list == Self.index.list)
        for bad in ["I 3 1\n", "I 9 2\n", "S 3 ./x\n", "X 1 1\n", "I x 1\n"] {
            var broken = BuildStamp.Lines(String(text.dropFirst("index\n".count)) + bad)
            #expect(EditIndex.parse(&broken, bases: Self.bases) == nil, "\(bad)")
        }
    }

    @Test func theItemsOfTheChangedSourcesWithinTheLimit() {
        #expect(Self.index.items(reading: ["/project/Art/shared b.svg"], limit: 2) == [0, 2])
        #expect(Self.index.items(reading: ["/project/Art/shared b.svg"], limit: 1) == nil, "two items, limit one")
        #expect(Self.index.items(reading: ["/project/icon.svg"], limit: 9) == nil, "its item does not plan alone")
        #expect(Self.index.items(reading: ["/project/Art/other.svg"], limit: 9) == nil, "drawn by no item")
        #expect(Self.index.items(reading: [], limit: 9) == nil)
    }

    @Test func theTextKeepsTheChosenItemsOnTheirLines() {
        let manifest = "table: ios18\noutput: Out\nassets:\n  - {name: A}\n  - name: B\n    kind: image\n\n  - {name: C}\n# end\ncatalog: X\n"
        let kept = Self.index.text(of: manifest, keeping: [2])
        #expect(kept == "table: ios18\noutput: Out\nassets:\n\n\n\n\n  - {name: C}\n# end\ncatalog: X\n")
        #expect(kept.split(separator: "\n", omittingEmptySubsequences: false).count
                == manifest.split(separator: "\n", omittingEmptySubsequences: false).count)
    }
}

/// The two bounds of an edit's build, each at its edge (issue 50).
@Suite struct EditBoundsTests {
    @Test func atMost64ItemsOrATwentiethOfTheList() {
        #expect(EditBuild.itemLimit(items: 10) == 64)
        #expect(EditBuild.itemLimit(items: 1299) == 64)
        #expect(EditBuild.itemLimit(items: 1300) == 65)
        #expect(EditBuild.itemLimit(items: 50_000) == 2500)
    }

    /// 64 changed files are named; a 65th makes the change "other" (the whole build).
    @Test func sixtyFourChangedFilesAreNamedASixtyFifthIsOther() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("look-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for index in 0..<65 { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/\(index).svg")) }
        // Every line records a size the file does not have: each is a changed file.
        func text(_ count: Int) -> (String, [Int]) {
            var text = ""
            var starts: [Int] = []
            for index in 0..<count {
                starts.append(text.utf8.count)
                text += "F 99 1 ./\(index).svg\n"
            }
            return (text, starts)
        }
        let (sixtyFour, at64) = text(64)
        let named = BuildStamp.look(at: at64, in: sixtyFour, bases: [folder])
        #expect(named.files.count == 64 && !named.other)
        let (sixtyFive, at65) = text(65)
        let over = BuildStamp.look(at: at65, in: sixtyFive, bases: [folder])
        #expect(over.other && over.files.count == 64)
    }
}
