import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Rendering
import TestSupport
import Testing

/// Glyph rendering: template masks, derived filled and outline forms, transition masks,
/// pixel snapping and control tones, on small real-world style icons.
@Suite struct GlyphRenderingTests {
    static func glyph(_ name: String, _ side: Int, _ treatment: GlyphTreatment) throws -> Bitmap {
        try RenderingFixtures.render(name, PixelSize(width: side, height: side), fit: .contain,
                                     effect: .glyph(treatment))
    }

    static func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b.pixel(x: x, y: y).alpha) }

    static func totalAlpha(_ b: Bitmap) -> Int {
        stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Int(b.pixels[$1]) }
    }

    // MARK: goldens of derived forms

    @Test(arguments: [
        ("mail-outline.svg", "filled"), ("heart-outline.svg", "filled"), ("ring-open.svg", "filled"),
        ("bookmark-fill.svg", "outline"), ("heart-outline.svg", "drawn"), ("glyph-on-white.svg", "drawn"),
        ("glyph-gradient.svg", "drawn"),
    ])
    func derivedGlyphMatchesGolden(file: String, form: String) throws {
        let treatment = GlyphTreatment(form: GlyphTreatment.Form(rawValue: form)!, outlineWidth: form == "outline" ? 3 : nil)
        let bitmap = try Self.glyph(file, 50, treatment)
        expectMatchesGolden(bitmap, named: "glyph-\(file.replacingOccurrences(of: ".svg", with: ""))-\(form)-50",
                            tolerance: 3, maxDifferingPixels: 4)
    }

    // MARK: properties

    @Test func templateIsBlackWithCoverageAsAlpha() throws {
        let bitmap = try Self.glyph("glyph-gradient.svg", 48, GlyphTreatment(form: .drawn))
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            #expect(bitmap.pixels[i] == 0 && bitmap.pixels[i + 1] == 0 && bitmap.pixels[i + 2] == 0)
        }
        // A gradient becomes one solid mask: the centre is fully covered, the corner empty.
        #expect(Self.alpha(bitmap, 24, 24) == 255)
        #expect(Self.alpha(bitmap, 10, 24) == 255)
        #expect(Self.alpha(bitmap, 1, 1) == 0)
    }

    @Test func flatBackdropIsDropped() throws {
        let bitmap = try Self.glyph("glyph-on-white.svg", 48, GlyphTreatment(form: .drawn))
        #expect(Self.alpha(bitmap, 1, 1) == 0, "white backdrop keyed out")
        #expect(Self.alpha(bitmap, 46, 2) == 0)
        #expect(Self.alpha(bitmap, 24, 30) == 255, "the red triangle is the mask")
    }

    @Test func filledFillsWhatTheOutlineEncloses() throws {
        let outline = try Self.glyph("ring-closed.svg", 48, GlyphTreatment(form: .drawn))
        let filled = try Self.glyph("ring-closed.svg", 48, GlyphTreatment(form: .filled))
        #expect(Self.alpha(outline, 24, 24) == 0)
        #expect(Self.alpha(filled, 24, 24) == 255)
        #expect(Self.alpha(filled, 1, 1) == 0, "the outside stays empty")
        // The outer edge does not grow: the filled form covers no pixel the outline's outer hull leaves empty.
        #expect(abs(Self.alpha(filled, 24, 4) - Self.alpha(outline, 24, 4)) <= 2)
    }

    @Test func filledKeepsGapsThatAreOpenToTheOutside() throws {
        let filled = try Self.glyph("ring-open.svg", 48, GlyphTreatment(form: .filled))
        #expect(Self.alpha(filled, 24, 24) == 0, "an open ring is not a closed region")
        let mail = try Self.glyph("mail-outline.svg", 48, GlyphTreatment(form: .filled))
        #expect(Self.alpha(mail, 24, 30) == 255, "a closed envelope is filled")
    }

    @Test func outlineIsAnInnerStrokeOfTheGivenWidth() throws {
        let filled = try Self.glyph("bookmark-fill.svg", 48, GlyphTreatment(form: .drawn))
        let thin = try Self.glyph("bookmark-fill.svg", 48, GlyphTreatment(form: .outline, outlineWidth: 2))
        let thick = try Self.glyph("bookmark-fill.svg", 48, GlyphTreatment(form: .outline, outlineWidth: 5))
        #expect(Self.alpha(filled, 24, 20) == 255)
        #expect(Self.alpha(thin, 24, 20) == 0, "the inside is hollow")
        #expect(Self.alpha(thin, 24, 6) == 255 || Self.alpha(thin, 24, 7) == 255, "the top edge is kept")
        #expect(Self.totalAlpha(thin) < Self.totalAlpha(thick))
        #expect(Self.totalAlpha(thick) < Self.totalAlpha(filled))
        // The outer edge is unchanged: the stroke lies inside the shape.
        for x in 0..<48 { #expect(Self.alpha(thin, x, 0) == Self.alpha(filled, x, 0)) }
    }

    @Test func transitionMaskCoversTheChevronAndEverythingRightOfIt() throws {
        let chevron = try RenderingFixtures.render("../../../Assets/Glyphs/back.svg", PixelSize(width: 48, height: 48),
                                                   fit: .contain, effect: .glyph(GlyphTreatment(form: .drawn)))
        let mask = try RenderingFixtures.render("../../../Assets/Glyphs/back.svg", PixelSize(width: 48, height: 48),
                                                fit: .contain, effect: .glyph(GlyphTreatment(form: .transitionMask)))
        #expect(mask.size == chevron.size)
        #expect(Self.alpha(mask, 47, 24) == 255, "right of the chevron is opaque")
        #expect(Self.alpha(mask, 1, 24) == 0, "left of the chevron's point is clear")
        for i in stride(from: 3, to: chevron.pixels.count, by: 4) {
            #expect(Int(mask.pixels[i]) + 2 >= Int(chevron.pixels[i]), "the mask contains the chevron")
        }
    }

    @Test func snappingPutsStraightEdgesOnPixelBoundaries() throws {
        let plain = try Self.glyph("bar-offgrid.svg", 20, GlyphTreatment(form: .drawn, snap: false))
        let snapped = try Self.glyph("bar-offgrid.svg", 20, GlyphTreatment(form: .drawn, snap: true))
        // Unsnapped the square spans 3.3…16.3 px: edge columns are partly covered.
        #expect((150...200).contains(Self.alpha(plain, 3, 10)))
        // Snapped it spans 3…16: every pixel is fully in or fully out.
        for y in 0..<20 {
            for x in 0..<20 {
                let inside = (3..<16).contains(x) && (3..<16).contains(y)
                #expect(Self.alpha(snapped, x, y) == (inside ? 255 : 0), "pixel \(x),\(y)")
            }
        }
        #expect(abs(Self.totalAlpha(plain) - Self.totalAlpha(snapped)) <= 255 * 2, "the area is kept")
        if let folder = ProcessInfo.processInfo.environment["GLYPH_CROPS_DIR"] {
            var crops = [("offgrid-before", plain), ("offgrid-after", snapped)]
            for (file, side) in [("share", 24), ("home", 23), ("plus", 18)] {
                let path = "../../../Assets/Glyphs/\(file).svg"
                for snap in [false, true] {
                    crops.append(("\(file)-\(side)-\(snap ? "after" : "before")",
                                  try RenderingFixtures.render(path, PixelSize(width: side, height: side), fit: .contain,
                                                               effect: .glyph(GlyphTreatment(form: .drawn, snap: snap)))))
                }
            }
            for (name, image) in crops {
                try PNGCodec.encode(image, channels: .rgba).write(to: URL(fileURLWithPath: folder + "/\(name).png"))
            }
        }
    }

    @Test func originalRenderingKeepsColours() throws {
        let bitmap = try Self.glyph("glyph-gradient.svg", 48, GlyphTreatment(form: .drawn, template: false))
        let centre = bitmap.pixel(x: 24, y: 24)
        #expect(centre.alpha == 255)
        #expect(centre.red > 60 || centre.blue > 60)
    }

    @Test func controlTonesDarkenAndFade() throws {
        let normal = try RenderingFixtures.render("../../../Assets/Button.svg", PixelSize(width: 44, height: 44))
        let highlighted = try RenderingFixtures.render("../../../Assets/Button.svg", PixelSize(width: 44, height: 44),
                                                       effect: .tone(ToneAdjustment(brightness: 0.7, opacity: 1)))
        let disabled = try RenderingFixtures.render("../../../Assets/Button.svg", PixelSize(width: 44, height: 44),
                                                    effect: .tone(ToneAdjustment(brightness: 1, opacity: 0.38)))
        let n = normal.pixel(x: 22, y: 22), h = highlighted.pixel(x: 22, y: 22), d = disabled.pixel(x: 22, y: 22)
        #expect(abs(Int(h.blue) - Int((Double(n.blue) * 0.7).rounded())) <= 1)
        #expect(h.alpha == n.alpha)
        #expect(d.alpha == 97, "255 × 0.38")
        #expect(d.blue == n.blue)
    }

    // MARK: inspection warnings

    @Test func inspectorWarnsAboutBackdropAndColours() throws {
        let white = try GlyphInspector.inspect(.vector(VectorImage(path: RenderingFixtures.artwork("glyph-on-white.svg"))))
        #expect(white.backdrop == RGBAColor(red: 255, green: 255, blue: 255))
        #expect(GlyphInspector.diagnostics(white, asset: "Warn", displayPath: "w.svg").map(\.description) == [
            "warning: asset \"Warn\": glyph source \"w.svg\" has a flat #FFFFFF background; it was dropped\n"
                + "  fix: export the glyph on a transparent background (rule 7)",
        ])
        let gradient = try GlyphInspector.inspect(.vector(VectorImage(path: RenderingFixtures.artwork("glyph-gradient.svg"))))
        #expect(gradient.backdrop == nil)
        #expect(GlyphInspector.diagnostics(gradient, asset: "G", displayPath: "g.svg").map(\.description) == [
            "warning: asset \"G\": template glyph source \"g.svg\" has more than one colour; only its shape is kept\n"
                + "  fix: draw the glyph in one flat colour without gradients; the app tints it (rule 7)",
        ])
        let clean = try GlyphInspector.inspect(.vector(VectorImage(path: RenderingFixtures.artwork("heart-outline.svg"))))
        #expect(GlyphInspector.diagnostics(clean, asset: "H", displayPath: "h.svg").isEmpty)
    }
}
