import AssetCore
import AssetPlan

/// Draws glyph jobs (`Effect.glyph`): bar glyphs, tab icons, back indicators and their masks.
///
/// The source is drawn supersampled (`supersampling(for:)`, a vector by librsvg at that size),
/// its coverage measured (`GlyphCoverage`: alpha, or distance from a flat backdrop that is keyed
/// out), the placement moved so the glyph's straight edges land on pixel boundaries (`GlyphSnap`),
/// drawn again there, reshaped (`GlyphMorphology`: filled, outline, transition mask) and averaged
/// down to the output size. A template comes out black with the coverage as alpha; an original
/// glyph is drawn in its colours directly at the output size at the snapped placement. The
/// derived outline of a tab (`derive`) is shaped at a lower supersampling, on the same snapped
/// placement as the drawn form; the derived filled form is shaped once per source and averaged
/// down to that placement at every size (`GlyphRenderer+Fill.swift`); the snap of a placement and a form the build's check already
/// made are shared through the source's `GlyphMemo`.
enum GlyphRenderer {
    static func render(_ job: RenderJob, _ treatment: GlyphTreatment,
                       from source: LoadedSource) throws(RenderError) -> Bitmap {
        if isDerived(treatment) {
            // The build's distinct-form check may have made this very form already.
            let key = formKey(job.pixelSize, fit: job.fit, treatment, source)
            if let made = source.glyphMemo.take(key) { return made.bitmap }
            return try derive(job.pixelSize, fit: job.fit, treatment, from: source).bitmap
        }
        let box = job.pixelSize
        let base = job.fit.placement(source: aspect(of: source), in: box)
        let s = supersampling(for: box, placement: base, source: source)
        var placement = base
        var coverage: GlyphCoverage?
        if treatment.snap {
            (placement, coverage) = try snapped(source, base: base, box: box, factor: s)
        }
        guard treatment.template else {
            return try draw(source, at: placement, size: box)
        }
        var values: [Float]
        if let coverage {
            values = coverage.values
        } else {
            values = try self.coverage(source, at: placement, factor: s, box: box).values
        }
        let width = box.width * s, height = box.height * s
        reshape(&values, width: width, height: height, treatment: treatment, pixelsPerOutputPixel: Double(s))
        return GlyphMorphology.downsample(values, width: width, height: height, factor: s)
    }

    /// True for the derived tab forms (a template glyph filled or outlined).
    static func isDerived(_ treatment: GlyphTreatment) -> Bool {
        treatment.template && (treatment.form == .filled || treatment.form == .outline)
    }

    /// A derived tab form (`isDerived`) of `box` pixels placed by `fit`, and the share of pixels
    /// the derivation changed. The filled form is the source's one filled form (`filledForm`)
    /// averaged down to the snapped placement, with its change.
    ///
    /// The shapes are made at `formSupersampling` (the coverage they invert keeps its own
    /// anti-aliasing), at a fraction of the cost of the full supersampling; the placement is
    /// snapped at the full supersampling all the same (shared with the drawn form through the
    /// source's `GlyphMemo`), so both forms of a tab snap alike.
    static func derive(_ box: PixelSize, fit: Fit, _ treatment: GlyphTreatment,
                       from source: LoadedSource) throws(RenderError) -> DerivedForm {
        let base = fit.placement(source: aspect(of: source), in: box)
        let s = supersampling(for: box, placement: base, source: source)
        var placement = base
        var coverage: GlyphCoverage?
        if treatment.snap {
            (placement, coverage) = try snapped(source, base: base, box: box, factor: s)
        }
        if treatment.form == .filled { return try filled(source, at: placement, box: box) }
        let factor = min(s, formSupersampling(for: box))
        let drawn: [Float]
        if factor == s, let coverage {
            drawn = coverage.values
        } else {
            drawn = try self.coverage(source, at: placement, factor: factor, box: box).values
        }
        var values = drawn
        let width = box.width * factor, height = box.height * factor
        var treatment = treatment
        if treatment.form == .outline, treatment.outlineWidthFrom == .drawing {
            treatment.outlineWidth = try outlineWidth(of: source, placement: base, fallback: treatment.outlineWidth)
        }
        reshape(&values, width: width, height: height, treatment: treatment, pixelsPerOutputPixel: Double(factor))
        return DerivedForm(bitmap: GlyphMorphology.downsample(values, width: width, height: height, factor: factor),
                           change: changedShare(drawn, values))
    }

    /// The stroke width in output pixels of an outline derived from `source` drawn at `placement`,
    /// when the manifest gives none: the drawing's own detail width (`detailShare`) scaled to the
    /// placement, kept within half and twice the table's line weight `fallback`; `fallback` when
    /// the drawing has no detail to measure.
    static func outlineWidth(of source: LoadedSource, placement: Placement, fallback: Double?) throws(RenderError) -> Double? {
        guard let share = try detailShare(source) else { return fallback }
        let measured = share * (placement.width * placement.height).squareRoot()
        guard let fallback else { return measured }
        return min(2 * fallback, max(fallback / 2, measured))
    }

    /// The width of the details of `source` (`GlyphMorphology.detailWidth`) as a share of the
    /// size of its placement (the geometric mean of its sides), measured once per source on a
    /// drawing `detailSide` pixels on its longer side. Nil when it has no detail to measure.
    static func detailShare(_ source: LoadedSource) throws(RenderError) -> Double? {
        try source.glyphMemo.detailShare {
            let box = PixelSize(width: detailSide, height: detailSide)
            let placement = Fit.contain.placement(source: aspect(of: source), in: box)
            let values: [Float]
            do throws(RenderError) { values = try coverage(source, at: placement, factor: 1, box: box).values } catch {
                return .failure(error)
            }
            guard let width = GlyphMorphology.detailWidth(values, width: box.width, height: box.height) else { return .success(nil) }
            return .success(width / (placement.width * placement.height).squareRoot())
        }
    }

    /// The side of the drawing the detail width is measured on: a stroke of 1.5 units in 24 is
    /// 24 px there, measured to a pixel.
    static let detailSide = 384

    /// The key of a derived form (`derive`) in the source's `GlyphMemo`.
    static func formKey(_ box: PixelSize, fit: Fit, _ treatment: GlyphTreatment,
                        _ source: LoadedSource) -> GlyphMemo.FormKey {
        let base = fit.placement(source: aspect(of: source), in: box)
        return GlyphMemo.FormKey(placement: GlyphMemo.PlacementKey(box: box, placement: base, factor: 0), treatment: treatment)
    }

    /// Pixels covered (≥ 0.5) by exactly one of `a` and `b`, over pixels covered by either.
    static func changedShare(_ a: [Float], _ b: [Float]) -> Double {
        var changed = 0, covered = 0
        for i in 0..<min(a.count, b.count) {
            let x = a[i] >= 0.5, y = b[i] >= 0.5
            if x || y { covered += 1 }
            if x != y { changed += 1 }
        }
        return covered == 0 ? 0 : Double(changed) / Double(covered)
    }

    /// `base` moved so the glyph's straight edges land on pixel boundaries (`GlyphSnap`, measured
    /// at supersampling `s`), made once per source and placement (`GlyphMemo`). The coverage at
    /// `s` comes along when this call measured it and the placement did not move (it is then
    /// the coverage at the snapped placement too).
    static func snapped(_ source: LoadedSource, base: Placement, box: PixelSize,
                        factor s: Int) throws(RenderError) -> (Placement, GlyphCoverage?) {
        var kept: GlyphCoverage?
        let placement = try source.glyphMemo.snapped(GlyphMemo.PlacementKey(box: box, placement: base, factor: s)) {
            let coverage: GlyphCoverage
            do throws(RenderError) { coverage = try self.coverage(source, at: base, factor: s, box: box) } catch { return .failure(error) }
            let (dx, dy) = GlyphSnap.shift(for: coverage, factor: s, box: box)
            guard dx != 0 || dy != 0 else {
                kept = coverage
                return .success(base)
            }
            var moved = base
            moved.x += dx
            moved.y += dy
            return .success(moved)
        }
        return (placement, kept)
    }

    /// The coverage of the source drawn at `placement` (output pixels), supersampled by `factor`.
    static func coverage(_ source: LoadedSource, at placement: Placement, factor: Int,
                         box: PixelSize) throws(RenderError) -> GlyphCoverage {
        let size = PixelSize(width: box.width * factor, height: box.height * factor)
        let region = scaled(placement, by: factor)
        return GlyphCoverage(try draw(source, at: region, size: size), region: region)
    }

    static func aspect(of source: LoadedSource) -> PixelSize {
        switch source {
        case .vector(let image): image.aspectSize
        case .bitmap(let image): image.size
        }
    }

    /// Applies `treatment.form` to coverage; `pixelsPerOutputPixel` converts the outline width
    /// (in output pixels) to the coverage's pixels.
    static func reshape(_ values: inout [Float], width: Int, height: Int, treatment: GlyphTreatment,
                        pixelsPerOutputPixel scale: Double) {
        switch treatment.form {
        case .drawn: break
        case .filled: GlyphMorphology.filledFromOutline(&values, width: width, height: height)
        case .outline:
            GlyphMorphology.outlineFromFilled(&values, width: width, height: height,
                                              strokeWidth: (treatment.outlineWidth ?? 1) * scale)
        case .transitionMask: GlyphMorphology.transitionMask(&values, width: width, height: height)
        }
    }

    /// Supersampling of the derived filled and outline forms of a tab (measured on the fidelity
    /// benchmark: 2 loses detail, more than 3 costs time and gains nothing).
    static func formSupersampling(for box: PixelSize) -> Int { 3 }

    /// The supersampling factor: about 384 px on the longer side, 2…8 times the output; for a
    /// raster, no more than the source has pixels for (at least 1).
    static func supersampling(for box: PixelSize, placement: Placement, source: LoadedSource) -> Int {
        var s = min(8, max(2, 384 / max(box.width, box.height)))
        if case .bitmap(let image) = source {
            let available = min(Double(image.size.width) / placement.width, Double(image.size.height) / placement.height)
            s = max(1, min(s, Int(available.rounded(.down))))
        }
        return s
    }

    static func scaled(_ p: Placement, by s: Int) -> Placement {
        let f = Double(s)
        return Placement(x: p.x * f, y: p.y * f, width: p.width * f, height: p.height * f)
    }

    /// The source drawn at `placement` on a transparent canvas of `size`.
    static func draw(_ source: LoadedSource, at placement: Placement, size: PixelSize) throws(RenderError) -> Bitmap {
        switch source {
        case .vector(let image):
            let canvas = try CairoCanvas(size: size)
            try image.draw(on: canvas, at: placement)
            return try canvas.bitmap()
        case .bitmap(let image):
            return AreaResampler.resample(image, into: size, placement: placement)
        }
    }
}
