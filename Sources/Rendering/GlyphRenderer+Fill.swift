import AssetCore
import AssetPlan

/// The selected (filled) form of a tab, decided once per source (issue 52).
///
/// The filled form is derived on one drawing of the source, `fillSide` pixels on its longer side
/// with a margin (`fillMargin`) around it, and that one form is averaged down to every size and
/// scale at the snapped placement of the drawn form. Every size shows the same decision: which
/// regions fill, which stay open, which strokes are knocked out, where a part is kept apart.
/// When the fill changes less than `GlyphInspector.distinctChange` of the drawing, the selected
/// form is the drawing at a heavier weight (`fallbackWidening`), distinct at every size, and the
/// build warns.
extension GlyphRenderer {
    /// The filled form of a source: coverage on a canvas of `size`, the drawing at `placement`
    /// in it, and the share of pixels the fill changed (before any fallback).
    struct FilledForm: Sendable {
        var image: RasterImage
        var placement: Placement
        var change: Double
    }

    /// The longer side of the drawing the filled form is derived on.
    static let fillSide = 384
    /// The empty margin around it, in pixels: an outer stroke never touches the canvas edge.
    static let fillMargin = 16
    /// The fallback's widening of each stroke, on either side, in stroke widths: the outline
    /// drawn at 1.8 times its weight.
    static let fallbackWidening = 0.4

    /// The filled form of `source`, made once (`GlyphMemo`).
    static func filledForm(_ source: LoadedSource) throws(RenderError) -> FilledForm {
        try source.glyphMemo.filledForm {
            do throws(RenderError) { return .success(try makeFilledForm(source)) } catch { return .failure(error) }
        }
    }

    private static func makeFilledForm(_ source: LoadedSource) throws(RenderError) -> FilledForm {
        let aspect = aspect(of: source)
        let longer = Double(max(aspect.width, aspect.height, 1))
        let inner = (width: Double(fillSide) * Double(aspect.width) / longer,
                     height: Double(fillSide) * Double(aspect.height) / longer)
        let m = fillMargin
        let canvas = PixelSize(width: Int(inner.width.rounded(.up)) + 2 * m, height: Int(inner.height.rounded(.up)) + 2 * m)
        let placement = Placement(x: Double(m), y: Double(m), width: inner.width, height: inner.height)
        let drawn = try coverage(source, at: placement, factor: 1, box: canvas).values
        var values = drawn
        let w = GlyphMorphology.filledFromOutline(&values, width: canvas.width, height: canvas.height)
        if let w {
            GlyphMorphology.keepPartsApart(&values, drawn: drawn, width: canvas.width, height: canvas.height, w: w)
        }
        let change = changedShare(drawn, values)
        if change < GlyphInspector.distinctChange, let w {
            values = GlyphMorphology.heavier(drawn, width: canvas.width, height: canvas.height, by: fallbackWidening * w)
        }
        var pixels = [UInt8](repeating: 0, count: values.count * 4)
        for (i, v) in values.enumerated() { pixels[i * 4 + 3] = UInt8(min(255, max(0, (v * 255).rounded()))) }
        return FilledForm(image: RasterImage(Bitmap(width: canvas.width, height: canvas.height, pixels: pixels)),
                          placement: placement, change: change)
    }

    /// The filled form of `source` averaged into `box` with the drawing at `placement`.
    static func filled(_ source: LoadedSource, at placement: Placement, box: PixelSize) throws(RenderError) -> DerivedForm {
        let form = try filledForm(source)
        let kx = placement.width / form.placement.width, ky = placement.height / form.placement.height
        let region = Placement(x: placement.x - form.placement.x * kx, y: placement.y - form.placement.y * ky,
                               width: Double(form.image.size.width) * kx, height: Double(form.image.size.height) * ky)
        return DerivedForm(bitmap: AreaResampler.resample(form.image, into: box, placement: region), change: form.change)
    }
}
