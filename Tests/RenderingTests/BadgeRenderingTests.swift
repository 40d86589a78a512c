import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Rendering
import Testing
import TestSupport

/// Badges (issue 26) drawn by Cairo with Pango's DejaVu Sans Bold: goldens at the sizes a user
/// looks at, text left out where it would be under the minimum height, colours per appearance.
@Suite struct BadgeRenderingTests {
    static let ribbon = BadgeDrawing(text: "BETA", style: .ribbon, fill: BadgeStyle.ribbon.defaultFill,
                                     textColor: RGBAColor(red: 255, green: 255, blue: 255))

    static func badge(_ style: BadgeStyle, _ text: String) -> BadgeDrawing {
        BadgeDrawing(text: text, style: style, fill: style.defaultFill, textColor: RGBAColor(red: 255, green: 255, blue: 255))
    }

    /// Pixels of exactly one colour (opaque) in `bitmap`.
    static func count(_ color: RGBAColor, in bitmap: Bitmap) -> Int {
        var total = 0
        for index in stride(from: 0, to: bitmap.pixels.count, by: 4)
        where bitmap.pixels[index] == color.red && bitmap.pixels[index + 1] == color.green
            && bitmap.pixels[index + 2] == color.blue && bitmap.pixels[index + 3] == 255 {
            total += 1
        }
        return total
    }

    @Test(arguments: [(BadgeStyle.ribbon, "BETA", 40), (.ribbon, "BETA", 120), (.ribbon, "BETA", 1024),
                      (.band, "2.4.1", 120), (.band, "2.4.1", 1024), (.dot, "7", 120)])
    func badgeMatchesItsGolden(style: BadgeStyle, text: String, side: Int) throws {
        let bitmap = try Renderer.badgeLayer(Self.badge(style, text), side: side)
        #expect(bitmap.width == side && bitmap.height == side)
        // Text edges are antialiased by FreeType: allow small differences between its versions.
        expectMatchesGolden(bitmap, named: "Badges/\(style.rawValue)-\(side)", tolerance: 24, maxDifferingPixels: side * 2)
    }

    @Test func textIsLeftOutWhereItWouldBeTooSmall() throws {
        let white = RGBAColor(red: 255, green: 255, blue: 255)
        let small = try Renderer.badgeLayer(Self.ribbon, side: 40)
        #expect(Self.count(white, in: small) == 0, "40 px: the ribbon alone")
        #expect(Self.count(BadgeStyle.ribbon.defaultFill, in: small) > 50)
        let medium = try Renderer.badgeLayer(Self.ribbon, side: 120)
        #expect(Self.count(white, in: medium) > 40, "120 px: the text is drawn")
        // The band at 58 px (29 pt @2x) has no room for 7 px of text either.
        #expect(Self.count(white, in: try Renderer.badgeLayer(Self.badge(.band, "2.4.1"), side: 58)) == 0)
    }

    @Test func appearancesGetTheirOwnColours() {
        let spec = BadgeSpec(text: "BETA", style: .ribbon, fill: RGBAColor(red: 200, green: 100, blue: 50),
                             textColor: RGBAColor(red: 255, green: 255, blue: 255),
                             location: SourceLocation(file: "assetsmith.yml", line: 1, column: 1))
        #expect(BadgeDrawing(spec, appearance: nil).fill == RGBAColor(red: 200, green: 100, blue: 50))
        #expect(BadgeDrawing(spec, appearance: .dark).fill == RGBAColor(red: 160, green: 80, blue: 40))
        #expect(BadgeDrawing(spec, appearance: .dark).textColor == RGBAColor(red: 255, green: 255, blue: 255))
        #expect(BadgeDrawing(spec, appearance: .tinted).fill == RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF2))
        #expect(BadgeDrawing(spec, appearance: .tinted).textColor == RGBAColor(red: 0, green: 0, blue: 0))
    }
}
