import AssetCore
import AssetPlan
import Rendering
import TestSupport
import Testing

/// Derived tab forms on artwork drawn for these tests (`Fixtures/Artwork/tabs/`, 24-unit icons
/// with 1.5-unit strokes): knockouts in the filled form, gaps of one stroke closed, shapes open by
/// design left alone (and reported), and an outline that follows knockouts. Drawn at 69 px, the
/// @3x square tab box of the ios18 table.
@Suite struct TabFormTests {
    static let side = 69

    static func render(_ file: String, _ form: GlyphTreatment.Form) throws -> Bitmap {
        // The @3x derived outline of the table's 1.5 pt line weight: 4.5 px.
        let treatment = GlyphTreatment(form: form, outlineWidth: form == .outline ? 4.5 : nil)
        return try RenderingFixtures.render("tabs/\(file)", PixelSize(width: side, height: side), fit: .contain,
                                            effect: .glyph(treatment))
    }

    /// Alpha at a point of the 24-unit drawing (the icon fills the 69 px box).
    static func alpha(_ b: Bitmap, _ x: Double, _ y: Double) -> Int {
        let f = Double(side) / 24
        return Int(b.pixel(x: Int(x * f), y: Int(y * f)).alpha)
    }

    static func totalAlpha(_ b: Bitmap) -> Int {
        stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Int(b.pixels[$1]) }
    }

    @Test(arguments: [
        ("gear-outline", "filled"), ("calendar-outline", "filled"), ("bulb-gap", "filled"),
        ("house-open", "filled"), ("chevron", "filled"), ("document-fill", "outline"), ("repeat-arcs", "filled"),
        ("tray-arrow", "filled"), ("box-arrow", "filled"), ("tablet-button", "filled"),
    ])
    func derivedFormMatchesGolden(file: String, form: String) throws {
        let bitmap = try Self.render(file + ".svg", GlyphTreatment.Form(rawValue: form)!)
        expectMatchesGolden(bitmap, named: "tab-\(file)-\(form)-69", tolerance: 3, maxDifferingPixels: 6)
    }

    @Test func gearKeepsItsCentreHole() throws {
        let filled = try Self.render("gear-outline.svg", .filled)
        #expect(Self.alpha(filled, 12, 12) == 0, "the centre circle is a hole")
        #expect(Self.alpha(filled, 12, 6.5) == 255, "between the teeth and the centre is solid")
        #expect(Self.alpha(filled, 17.5, 12) == 255)
        #expect(Self.alpha(filled, 0.5, 0.5) == 0, "the outside stays empty")
    }

    @Test func calendarKeepsItsInnerStrokesAsKnockouts() throws {
        let outline = try Self.render("calendar-outline.svg", .drawn)
        let filled = try Self.render("calendar-outline.svg", .filled)
        #expect(Self.alpha(outline, 12, 9.5) == 255, "the header rule is drawn")
        #expect(Self.alpha(filled, 12, 9.5) == 0, "…and knocked out of the filled form")
        #expect(Self.alpha(filled, 12, 7) == 255, "above the rule is solid")
        #expect(Self.alpha(filled, 14, 15.5) == 255, "between the day dots is solid")
        #expect(Self.alpha(filled, 8, 13.5) == 0, "a day dot is a knockout")
        #expect(Self.alpha(filled, 3, 15) == 255, "the frame stays solid")
    }

    @Test func gapOfOneStrokeIsClosedForTheFill() throws {
        let filled = try Self.render("bulb-gap.svg", .filled)
        #expect(Self.alpha(filled, 12, 9.5) == 255, "the bulb fills through its gap")
        #expect(Self.alpha(filled, 12, 16.2) >= 200, "the gap itself is closed")
        #expect(Self.alpha(filled, 3, 20) == 0)
    }

    @Test(arguments: ["house-open.svg", "chevron.svg"])
    func openByDesignIsNotABlob(file: String) throws {
        let drawn = try Self.render(file, .drawn)
        let filled = try Self.render(file, .filled)
        #expect(Self.alpha(filled, 11, 12) == 0, "inside the open shape stays empty")
        Self.expectHeavierOutline(filled, drawn)
    }

    /// The fallback selected form (nothing to fill): the outline drawn at 1.8 times its weight,
    /// distinct from it but no blob (between 1.6 and 2 times its ink).
    static func expectHeavierOutline(_ filled: Bitmap, _ drawn: Bitmap, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let ratio = Double(totalAlpha(filled)) / Double(totalAlpha(drawn))
        #expect(ratio > 1.6 && ratio < 2, "the outline drawn heavier: \(ratio)", sourceLocation: sourceLocation)
    }

    @Test func separateOpenStrokesAreNotJoinedIntoABlob() throws {
        // Each arc stops less than a stroke short of the other's arrowhead: closing those gaps
        // would enclose the circle, but they join two different strokes, and neither arc holds
        // the circle within its hull.
        let drawn = try Self.render("repeat-arcs.svg", .drawn)
        let filled = try Self.render("repeat-arcs.svg", .filled)
        #expect(Self.alpha(drawn, 12, 12) == 0)
        #expect(Self.alpha(filled, 12, 12) == 0, "the circle between the arcs stays empty")
        #expect(Self.alpha(filled, 12, 7) == 0 && Self.alpha(filled, 12, 17) == 0)
        #expect(Self.alpha(filled, 12, 4) == 255 && Self.alpha(filled, 12, 20) == 255, "the arcs are kept")
        Self.expectHeavierOutline(filled, drawn)
    }

    @Test func trayWithAnArrowThroughItsOpeningFills() throws {
        // The gaps join the tray to the arrow, two different strokes, but the tray holds the
        // region within its hull: it is the container, and fills.
        let filled = try Self.render("tray-arrow.svg", .filled)
        #expect(Self.alpha(filled, 7, 16) == 255, "the tray fills")
        #expect(Self.alpha(filled, 12, 7.5) == 0, "the arrow's shaft is a knockout")
        #expect(Self.alpha(filled, 2, 12) == 0 && Self.alpha(filled, 22, 12) == 0, "the outside stays empty")
    }

    @Test func islandStrokeNearTheFrameIsKnockedOutWhole() throws {
        // The button's lower half lies within one and a half strokes of the outside, where the
        // frame's band stays solid; the button is a stroke of its own, so it is cut out whole.
        let drawn = try Self.render("tablet-button.svg", .drawn)
        let filled = try Self.render("tablet-button.svg", .filled)
        #expect(Self.alpha(drawn, 12, 20.3) == 255, "the button's lower half is drawn")
        #expect(Self.alpha(filled, 12, 20.3) <= 30, "…and knocked out of the filled form")
        #expect(Self.alpha(filled, 12, 19.5) <= 30, "the button's upper half too")
        #expect(Self.alpha(filled, 12, 22) == 255, "the frame below the button stays solid")
        #expect(Self.alpha(filled, 12, 12) == 255, "the screen is filled")
    }

    @Test func containerWithAnArrowThroughAWideMouthFills() throws {
        // The box's ends stop 1.33 strokes short of the arrow's head: wider than the gaps closed
        // for a single stroke, but the arrow runs through the mouth and the box holds the region.
        let filled = try Self.render("box-arrow.svg", .filled)
        #expect(Self.alpha(filled, 8, 12) == 255, "inside the box is solid")
        #expect(Self.alpha(filled, 16, 16) == 255)
        #expect(Self.alpha(filled, 12.5, 11.5) <= 30, "the arrow's shaft inside the box is a knockout")
        #expect(Self.alpha(filled, 2, 12) == 0 && Self.alpha(filled, 12, 22) == 0, "the outside stays empty")
    }

    @Test func outlineWidthIsMeasuredFromTheDrawing() throws {
        // The flap is knocked out 2.5 units wide (7.2 px here); the table's 1.5 pt at @3x is 4.5 px.
        func outline(_ file: String, from: GlyphTreatment.OutlineWidth) throws -> Bitmap {
            try RenderingFixtures.render("tabs/" + file, PixelSize(width: Self.side, height: Self.side), fit: .contain,
                                         effect: .glyph(GlyphTreatment(form: .outline, outlineWidth: 4.5, outlineWidthFrom: from)))
        }
        let measured = try outline("envelope-knockout.svg", from: .drawing)
        let given = try outline("envelope-knockout.svg", from: .manifest)
        #expect(Self.alpha(given, 2.6, 12) == 255 && Self.alpha(given, 4.1, 12) == 0, "1.5 pt as given: 4.5 px")
        #expect(Self.alpha(measured, 2.6, 12) == 255 && Self.alpha(measured, 4.1, 12) == 255, "the flap's width: 7.2 px")
        #expect(Self.alpha(measured, 4.8, 12) == 0, "…and no wider")
        #expect(Self.alpha(measured, 12, 13) == 255, "the flap becomes the outline's stroke")
        // A drawing with no knockout and no thin part has nothing to measure: the table's width.
        #expect(try outline("square-fill.svg", from: .drawing) == outline("square-fill.svg", from: .manifest))
    }

    @Test func outlineTurnsThinKnockoutsIntoStrokesAndKeepsThinParts() throws {
        let filled = try Self.render("document-fill.svg", .drawn)
        let outline = try Self.render("document-fill.svg", .outline)
        #expect(Self.alpha(filled, 12, 12) == 0 && Self.alpha(outline, 12, 12) == 255, "a text line becomes ink")
        #expect(Self.alpha(filled, 12, 9) == 255 && Self.alpha(outline, 12, 9) == 0, "the page is hollow")
        #expect(Self.alpha(outline, 12, 13.75) == 0, "no stroke around the knockouts: the gap between lines is open")
        #expect(Self.alpha(outline, 5.5, 9) == 255, "the page's edge is a stroke")
        #expect(Self.alpha(outline, 22, 12) == 255, "the narrow bar stays solid, not hollowed")
    }

    // MARK: the honest warning

    @Test(arguments: [("house-open.svg", GlyphTreatment.Form.filled, false), ("chevron.svg", .filled, false),
                      ("bulb-gap.svg", .filled, true), ("gear-outline.svg", .filled, true),
                      ("calendar-outline.svg", .filled, true), ("document-fill.svg", .outline, true),
                      ("repeat-arcs.svg", .filled, false), ("tray-arrow.svg", .filled, true),
                      ("box-arrow.svg", .filled, true), ("tablet-button.svg", .filled, true)])
    func derivedFormIsDistinctOnlyWhenItVisiblyDiffers(file: String, form: GlyphTreatment.Form, distinct: Bool) throws {
        let source = LoadedSource.vector(try VectorImage(path: RenderingFixtures.artwork("tabs/" + file)))
        let treatment = GlyphTreatment(form: form, outlineWidth: form == .outline ? 4.5 : nil)
        let change = try GlyphInspector.derivedChange(source, treatment: treatment,
                                                     outputSize: PixelSize(width: Self.side, height: Self.side))
        #expect((change >= GlyphInspector.distinctChange) == distinct, "\(file): \(change)")
        let warning = GlyphInspector.derivationDiagnostic(asset: "TabX", form: form, change: change)
        #expect((warning == nil) == distinct)
    }

    @Test func warningTextNamesTheMissingSource() {
        let selected = GlyphInspector.derivationDiagnostic(asset: "TabX", form: .filled, change: 0)
        #expect(selected?.message == "could not derive a distinct selected form for TabX; give `selected-source`")
        #expect(selected?.fix?.contains("heavier") == true, "the fallback is named")
        #expect(selected?.severity == .warning)
        let unselected = GlyphInspector.derivationDiagnostic(asset: "TabX", form: .outline, change: 0.02)
        #expect(unselected?.message == "could not derive a distinct unselected form for TabX; give `source`")
        #expect(GlyphInspector.derivationDiagnostic(asset: "TabX", form: .filled, change: 0.5) == nil)
    }
}
