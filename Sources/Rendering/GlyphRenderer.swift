import AssetCore
import AssetPlan

/// Draws glyph jobs (`Effect.glyph`): bar glyphs, tab icons, back indicators and their masks.
///
/// The source is drawn supersampled (`supersampling(for:)`, a vector by librsvg at that size),
/// its coverage measured (`GlyphCoverage`: alpha, or distance from a flat backdrop that is keyed
/// out), the placement moved so the glyph's straight edges land on pixel boundaries (`GlyphSnap`),
/// drawn again there, reshaped (`GlyphMorphology`: filled, outline, transition mask) and averaged
/// down to the output size. A template comes out black with the coverage as alpha; an original
/// glyph is drawn in its colours directly at the output size at the snapped placement.
enum GlyphRenderer {
    static func render(_ job: RenderJob, _ treatment: GlyphTreatment,
                       from source: LoadedSource) throws(RenderError) -> Bitmap {
        let box = job.pixelSize
        let aspect: PixelSize
        switch source {
        case .vector(let image): aspect = image.aspectSize
        case .bitmap(let image): aspect = image.size
        }
        let base = job.fit.placement(source: aspect, in: box)
        let s = supersampling(for: box, placement: base, source: source)
        let big = PixelSize(width: box.width * s, height: box.height * s)

        // The derived tab forms work on shapes, not edges: `formSupersampling` is enough for them
        // (the coverage they invert keeps its own anti-aliasing), at a fraction of the cost. The
        // placement is snapped at `s` all the same, so both forms of a tab snap alike.
        let formFactor = formSupersampling(for: box)
        let derived = (treatment.form == .filled || treatment.form == .outline) && s > formFactor
        var placement = base
        var coverage = GlyphCoverage(try draw(source, at: scaled(base, by: s), size: big), region: scaled(base, by: s))
        if treatment.snap {
            let (dx, dy) = GlyphSnap.shift(for: coverage, factor: s, box: box)
            if dx != 0 || dy != 0 {
                placement.x += dx
                placement.y += dy
                if !derived {
                    coverage = GlyphCoverage(try draw(source, at: scaled(placement, by: s), size: big),
                                             region: scaled(placement, by: s))
                }
            }
        }
        guard treatment.template else {
            return try draw(source, at: placement, size: box)
        }
        var factor = s
        if derived {
            factor = formFactor
            let size = PixelSize(width: box.width * factor, height: box.height * factor)
            coverage = GlyphCoverage(try draw(source, at: scaled(placement, by: factor), size: size),
                                     region: scaled(placement, by: factor))
        }
        let width = box.width * factor, height = box.height * factor
        var values = coverage.values
        reshape(&values, width: width, height: height, treatment: treatment, pixelsPerOutputPixel: Double(factor))
        return GlyphMorphology.downsample(values, width: width, height: height, factor: factor)
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
