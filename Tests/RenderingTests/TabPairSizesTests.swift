import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Rendering
import TestSupport
import Testing

/// Issue 52: the selected form of a tab is decided once for the whole pair and drawn alike at
/// every size: the six square tab boxes of the ios18 table (regular 23 pt and compact 17 pt, at
/// @1x, @2x and @3x). Artwork: `Fixtures/Artwork/tabs/`, lucide/feather-style shapes drawn for
/// these tests (24 units, 2-unit round strokes).
@Suite struct TabPairSizesTests {
    static let sides = [17, 23, 34, 46, 51, 69]

    static func render(_ file: String, _ form: GlyphTreatment.Form, side: Int) throws -> Bitmap {
        try RenderingFixtures.render("tabs/\(file)", PixelSize(width: side, height: side), fit: .contain,
                                     effect: .glyph(GlyphTreatment(form: form)))
    }

    /// Pixels at least half opaque.
    static func opaque(_ b: Bitmap) -> Int {
        stride(from: 3, to: b.pixels.count, by: 4).filter { b.pixels[$0] >= 128 }.count
    }

    @Test(arguments: ["download-tray", "inbox-open", "cup", "folder-arrow", "box-open", "bell", "bag"])
    func dump(file: String) throws {
        var line = file
        for side in Self.sides {
            let drawn = try Self.render(file + ".svg", .drawn, side: side)
            let filled = try Self.render(file + ".svg", .filled, side: side)
            line += " \(side):\(Self.opaque(drawn))/\(Self.opaque(filled))"
            if ProcessInfo.processInfo.environment["DUMP_TABS"] != nil {
                try PNGCodec.encode(drawn, channels: .rgba).write(to: URL(fileURLWithPath: "/tmp/tabs52/\(file)-\(side)-drawn.png"))
                try PNGCodec.encode(filled, channels: .rgba).write(to: URL(fileURLWithPath: "/tmp/tabs52/\(file)-\(side)-filled.png"))
            }
        }
        print(line)
    }
}
