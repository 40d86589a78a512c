import AssetCore
import Testing

/// A size in points as a manifest writes it: `24` (square) or `120x40`, spaces around the
/// numbers allowed, every number positive and finite.
@Suite struct PointSizeTests {
    @Test(arguments: [
        ("24", 24.0, 24.0), ("120x40", 120, 40), (" 24 ", 24, 24), ("120 x 40", 120, 40), ("\t8.5\t", 8.5, 8.5),
        ("24\u{3000}", 24, 24), ("\u{00A0}1x2", 1, 2), ("1e1", 10, 10),
    ])
    func sizesAreRead(text: String, width: Double, height: Double) throws {
        let size = try #require(PointSize(parsing: text))
        #expect(size.width == width && size.height == height)
    }

    @Test(arguments: ["", "x", "0", "-1", "24x", "x24", "1x2x3", "inf", "nan", "24pt", "2 4", "0x5"])
    func othersAreNot(text: String) {
        #expect(PointSize(parsing: text) == nil)
    }
}
