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
