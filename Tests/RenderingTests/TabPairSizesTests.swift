import AssetCore
import AssetPlan
import Rendering
import TestSupport
import Testing

/// Issue 52: the selected form of a tab is decided once for the whole pair and drawn alike at
/// every size: the six square tab boxes of the ios18 table (compact 17 pt and regular 23 pt, at
/// @1x, @2x and @3x: 17, 23, 34, 46, 51, 69 px). Artwork: `Fixtures/Artwork/tabs/`, open shapes
/// in the lucide/feather style (24 units, 2-unit round strokes) drawn for these tests.
@Suite struct TabPairSizesTests {
    static let sides = [17, 23, 34, 46, 51, 69]

    static func render(_ file: String, _ form: GlyphTreatment.Form, side: Int) throws -> Bitmap {
        try RenderingFixtures.render("tabs/\(file).svg", PixelSize(width: side, height: side), fit: .contain,
                                     effect: .glyph(GlyphTreatment(form: form)))
    }

    /// Pixels at least half opaque.
    static func opaque(_ b: Bitmap) -> [Bool] {
        stride(from: 3, to: b.pixels.count, by: 4).map { b.pixels[$0] >= 128 }
    }

    /// Pieces of at least half-opaque pixels (8-connected).
    static func pieces(_ b: Bitmap) -> Int {
        var seen = opaque(b).map { !$0 }
        var count = 0
        for start in seen.indices where !seen[start] {
            count += 1
            var stack = [start]
            seen[start] = true
            while let i = stack.popLast() {
                let x = i % b.width, y = i / b.width
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < b.width, ny < b.height, !seen[ny * b.width + nx] else { continue }
                        seen[ny * b.width + nx] = true
                        stack.append(ny * b.width + nx)
                    }
                }
            }
        }
        return count
    }

    /// Opaque pixels of the drawn (unselected) and filled (selected) form at each side, and the
    /// pieces of the selected form (the same at every size: one decision).
    @Test(arguments: [
        // The case: the arrow stops above the tray's mouth. Before: 45/45 and 208/211 at
        // compact @1x and @2x (not filled), a blob at the other four.
        ("download-tray", [45, 97, 207, 379, 448, 862], [75, 151, 316, 577, 722, 1325], 2),
        ("inbox-open", [81, 160, 345, 627, 735, 1410], [167, 289, 630, 1170, 1429, 2599], 1),
        ("folder-arrow", [77, 158, 352, 631, 751, 1428], [172, 311, 692, 1254, 1553, 2838], 1),
        ("bell", [64, 114, 248, 450, 544, 1024], [125, 226, 502, 936, 1122, 2077], 2),
        ("bag", [98, 188, 398, 729, 896, 1696], [181, 334, 738, 1349, 1674, 3016], 1),
        // Nothing to fill (open by design): the outline drawn heavier, every size.
        ("cup", [43, 83, 174, 320, 393, 727], [73, 147, 304, 524, 689, 1242], 1),
        ("box-open", [45, 80, 184, 334, 410, 693], [79, 162, 318, 566, 710, 1287], 1),
    ])
    func selectedFormIsOneDecisionAtEverySize(file: String, drawn: [Int], filled: [Int], pieces: Int) throws {
        for (k, side) in Self.sides.enumerated() {
            let outline = try Self.render(file, .drawn, side: side)
            let selected = try Self.render(file, .filled, side: side)
            let a = Self.opaque(outline).filter { $0 }.count, b = Self.opaque(selected).filter { $0 }.count
            #expect(a == drawn[k] && b == filled[k], "\(file) at \(side) px: \(a)/\(b)")
            #expect(Double(b) >= 1.4 * Double(a), "\(file) at \(side) px: the selected form is distinct")
            #expect(Self.pieces(selected) == pieces, "\(file) at \(side) px: parts kept apart")
            expectMatchesGolden(selected, named: "tab-\(file)-filled-\(side)", tolerance: 3, maxDifferingPixels: 6)
        }
    }
}
