import AssetCore
import AssetPlan

/// Looks at a template glyph's source for what rule 7 forbids: a background that is not
/// transparent (a flat one is keyed out when rendering) and more than one colour (gradients,
/// several fills). Only coverage survives in a template, so these are warnings, not errors.
package enum GlyphInspector {
    /// What was found in one source.
    package struct Inspection: Hashable, Sendable {
        /// The flat backdrop colour that rendering drops, if any.
        package var backdrop: RGBAColor?
        /// True when the edge of the artwork is opaque but not one colour (nothing is dropped).
        package var opaqueBackground: Bool
        /// Distinct opaque foreground colours (4 bits a channel), backdrop excluded.
        package var colourCount: Int
    }

    /// The side, in pixels, a vector source is drawn at for inspection.
    static let inspectionSide = 128

    package static func inspect(_ source: LoadedSource) throws(RenderError) -> Inspection {
        let bitmap: Bitmap
        let region: Placement
        switch source {
        case .vector(let image):
            let box = PixelSize(width: inspectionSide, height: inspectionSide)
            region = Fit.contain.placement(source: image.aspectSize, in: box)
            bitmap = try GlyphRenderer.draw(source, at: region, size: box)
        case .bitmap(let image):
            bitmap = image.bitmap
            region = Placement(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height))
        }
        let backdrop = GlyphCoverage.backdrop(of: bitmap, region: region)
        var opaqueEdge = true
        let x0 = Int(region.x.rounded(.up)), x1 = Int((region.x + region.width).rounded(.down)) - 1
        let y0 = Int(region.y.rounded(.up)), y1 = Int((region.y + region.height).rounded(.down)) - 1
        if x1 > x0 && y1 > y0 {
            for x in x0...x1 where bitmap.pixel(x: x, y: y0).alpha < 250 || bitmap.pixel(x: x, y: y1).alpha < 250 {
                opaqueEdge = false
            }
            for y in y0...y1 where bitmap.pixel(x: x0, y: y).alpha < 250 || bitmap.pixel(x: x1, y: y).alpha < 250 {
                opaqueEdge = false
            }
        }
        // Colours of opaque foreground pixels, 4 bits a channel, counted only where the four
        // neighbours have the same colour (so the blends along anti-aliased edges do not count);
        // a colour counts when it covers at least 1 % of those pixels.
        let w = bitmap.width, h = bitmap.height
        func key(_ x: Int, _ y: Int) -> Int {
            let i = (y * w + x) * 4
            guard bitmap.pixels[i + 3] == 255 else { return -1 }
            return (Int(bitmap.pixels[i]) >> 4) << 8 | (Int(bitmap.pixels[i + 1]) >> 4) << 4 | Int(bitmap.pixels[i + 2]) >> 4
        }
        let ignore = backdrop.map { (Int($0.red) >> 4) << 8 | (Int($0.green) >> 4) << 4 | Int($0.blue) >> 4 }
        var counts: [Int: Int] = [:]
        var total = 0
        for y in 1..<max(1, h - 1) {
            for x in 1..<max(1, w - 1) {
                let k = key(x, y)
                guard k >= 0, k != ignore, key(x - 1, y) == k, key(x + 1, y) == k, key(x, y - 1) == k,
                      key(x, y + 1) == k else { continue }
                counts[k, default: 0] += 1
                total += 1
            }
        }
        let floor = max(4, total / 100)
        let colourCount = counts.values.filter { $0 >= floor }.count
        return Inspection(backdrop: backdrop, opaqueBackground: opaqueEdge && backdrop == nil, colourCount: colourCount)
    }

    /// The warnings for `asset` whose template source `displayPath` was inspected.
    package static func diagnostics(_ inspection: Inspection, asset: String, displayPath: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let backdrop = inspection.backdrop {
            out.append(.warning("glyph source \"\(displayPath)\" has a flat \(backdrop) background; it was dropped",
                                at: .asset(name: asset, detail: nil),
                                fix: "export the glyph on a transparent background (rule 7)"))
        } else if inspection.opaqueBackground {
            out.append(.warning("glyph source \"\(displayPath)\" has no transparent background; the whole image becomes the glyph",
                                at: .asset(name: asset, detail: nil),
                                fix: "export the glyph on a transparent background (rule 7)"))
        }
        if inspection.colourCount > 1 {
            out.append(.warning("template glyph source \"\(displayPath)\" has more than one colour; only its shape is kept",
                                at: .asset(name: asset, detail: nil),
                                fix: "draw the glyph in one flat colour without gradients; the app tints it (rule 7)"))
        }
        return out
    }

    // MARK: derived tab forms

    /// A derived form counts as distinct from the drawing it comes from when at least this share
    /// of the pixels either covers (alpha ≥ 0.5, at the job's shaping size) changes: 10 %. Below
    /// that, a selected tab looks like the unselected one (an open chevron, a house without a
    /// floor, a bar of lines: nothing enclosed to fill; a shape made only of thin parts: nothing
    /// to hollow).
    package static let distinctChange = 0.10

    /// The share of pixels that `treatment` (a derived `.filled` or `.outline` form) changes in
    /// `source` for a job of `outputSize` placed by `fit` (its outline width is in that job's
    /// pixels): pixels covered by exactly one of the drawing and the derived form, over pixels
    /// covered by either. Measured on the very shapes the renderer makes for that job
    /// (`GlyphRenderer.derive`: snapped, at `GlyphRenderer.formSupersampling`), so the warning
    /// matches what is written; the form is kept in the source's memo and the render of the same
    /// job takes it instead of deriving it again.
    package static func derivedChange(_ source: LoadedSource, treatment: GlyphTreatment, outputSize: PixelSize,
                                      fit: Fit = .contain) throws(RenderError) -> Double {
        let form = try GlyphRenderer.derive(outputSize, fit: fit, treatment, from: source)
        source.glyphMemo.store(form, for: GlyphRenderer.formKey(outputSize, fit: fit, treatment, source))
        return form.change
    }

    /// The warning for a tab whose derived form (`.filled`: the selected form; `.outline`: the
    /// unselected one) changes less than `distinctChange` of the drawing, or nil.
    package static func derivationDiagnostic(asset: String, form: GlyphTreatment.Form, change: Double) -> Diagnostic? {
        guard change < distinctChange, form == .filled || form == .outline else { return nil }
        let percent = Int((change * 100).rounded())
        if form == .filled {
            return .warning("could not derive a distinct selected form for \(asset); give `selected-source`",
                            at: .asset(name: asset, detail: nil),
                            fix: "the outline encloses almost nothing to fill (\(percent) % of its pixels change, "
                                + "under \(Int(distinctChange * 100)) %), so the selected form is the outline drawn heavier; "
                                + "draw the filled form and give it as `selected-source: …`")
        }
        return .warning("could not derive a distinct unselected form for \(asset); give `source`",
                        at: .asset(name: asset, detail: nil),
                        fix: "the filled form is too thin to hollow (\(percent) % of its pixels change, "
                            + "under \(Int(distinctChange * 100)) %); draw the outline form and give it as `source: …`")
    }
}
