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
        var colours: Set<UInt16> = []
        let ignore = backdrop.map { (Int($0.red) >> 4, Int($0.green) >> 4, Int($0.blue) >> 4) }
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) where bitmap.pixels[i + 3] == 255 {
            let r = Int(bitmap.pixels[i]) >> 4, g = Int(bitmap.pixels[i + 1]) >> 4, b = Int(bitmap.pixels[i + 2]) >> 4
            if let ignore, abs(r - ignore.0) <= 1, abs(g - ignore.1) <= 1, abs(b - ignore.2) <= 1 { continue }
            colours.insert(UInt16(r << 8 | g << 4 | b))
            if colours.count > 64 { break }
        }
        return Inspection(backdrop: backdrop, opaqueBackground: opaqueEdge && backdrop == nil, colourCount: colours.count)
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
}
