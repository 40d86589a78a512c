@testable import AssetSpec
import AssetCore
import Foundation
import Testing

/// Where each `assets:` item is written (issue 50): what an edit's build reads again.
@Suite struct ListLinesTests {
    /// The manifest `text` read in a folder holding a.svg, b.svg and c.svg.
    static func manifest(_ text: String) throws -> Manifest {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listlines-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a", "b", "c"] {
            try Data("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'/>".utf8).write(to: URL(fileURLWithPath: folder + "/\(name).svg"))
        }
        return try ManifestLoader.parse(text, file: "assetsmith.yml", directory: folder)
    }

    @Test func eachItemStartsOnTheLineOfItsDash() throws {
        let text = """
            table: ios18
            output: Output
            assets:
              - {name: A, kind: image, source: a.svg, size: 16}
              # a comment
              - name: B
                kind: image
                source: b.svg
                size: 24

              - {name: C, kind: image, source: c.svg, size: 16}
            catalog: Assets
            """
        let lines = try #require(try Self.manifest(text).listLines)
        #expect(lines.starts == [4, 6, 11])
        #expect(lines.end == 12)
        #expect(lines.lines(of: 0, lineCount: 12) == 4..<6)
        #expect(lines.lines(of: 2, lineCount: 12) == 11..<12)
        #expect(lines.item(holding: 3) == nil)
        #expect(lines.item(holding: 4) == 0 && lines.item(holding: 5) == 0 && lines.item(holding: 6) == 1)
        #expect(lines.item(holding: 10) == 1 && lines.item(holding: 11) == 2)
        #expect(lines.item(holding: 12) == nil, "the next top-level key is past the list")
    }

    @Test func aListToTheEndHasNoEnd() throws {
        let text = "output: Output\nassets:\n  - {name: A, kind: image, source: a.svg, size: 16}\n"
        let lines = try #require(try Self.manifest(text).listLines)
        #expect(lines.starts == [3] && lines.end == nil)
        #expect(lines.item(holding: 99) == 0)
    }

    /// A flow list, or a dash alone on the line above its item: no lines (always read whole).
    @Test func otherListShapesHaveNoLines() throws {
        #expect(try Self.manifest("output: Output\nassets: [{name: A, kind: image, source: a.svg, size: 16}]\n").listLines == nil)
        let dashAlone = "output: Output\nassets:\n  -\n    name: A\n    kind: image\n    source: a.svg\n    size: 16\n"
        #expect(try Self.manifest(dashAlone).listLines == nil)
    }
}
