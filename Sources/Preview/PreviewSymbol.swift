import AssetCore
import Foundation
import Rendering
import Symbols

/// A symbol set's template drawn for the preview (issue 27): each drawn weight at the small,
/// medium and large scales beside 17-pt text at @3x, and the Regular medium glyph at tab bar size
/// at @2x and @3x. librsvg draws the template's variant groups themselves (`VectorSourceFile.layer`,
/// `rsvg_handle_render_layer`), in the build's sandbox workers when given; nothing here reads path
/// data. A scale the template does not draw (ours draw only `-S`) is its small variant enlarged, as
/// Xcode derives it.
package struct PreviewSymbol: Sendable {
    /// The three weights a template draws (its variant groups are `<Weight>-<Scale>`).
    package typealias Weight = SymbolVariant

    /// SF Symbols' three scales (the template's rows).
    package typealias Scale = SymbolTemplateFormat.Scale

    /// One variant drawn: cropped to its ink left and right, the strip's full height, its baseline
    /// `baseline` px from the top.
    package struct Drawing: Sendable {
        package var bitmap: Bitmap
        package var baseline: Int
        /// True when enlarged from the small variant rather than drawn by the template.
        package var derived: Bool
    }

    /// The text size the weights and scales are shown beside, in points, and the pixels per point.
    package static let textPoints = 17.0
    package static let gridScale = 3
    /// The text size a tab bar symbol is drawn at (medium scale): its box (the source's canvas,
    /// 86 units ÷ 0.783) is then 25 pt, the HIG's tab icon size. UIKit's own configuration is not
    /// published, so this is the size of the bitmap tab icon made from the same glyph.
    package static let tabTextPoints = 23.0
    /// The template is cut in strips from this far above a row's baseline to this far below it
    /// (units at the small scale; the glyph box of ours reaches 78 above and 8 below).
    static let stripAbove = 110.0
    static let stripBelow = 30.0

    /// `grid[weight][scale]`: nil where the template has neither that variant nor its small one.
    package var grid: [Weight: [Scale: Drawing]] = [:]
    /// The Regular medium glyph at tab bar size, by pixel scale (2, 3).
    package var tab: [Int: Drawing] = [:]
    /// Why a drawing is missing, in the user's words.
    package var problems: [String] = []

    /// The cap height of text of `points` at `pixelsPerPoint`, in px: the template's cap line is
    /// that of 100-pt text.
    package static func capHeight(points: Double, pixelsPerPoint: Double) -> Double {
        SymbolTemplate.capHeight * points / 100 * pixelsPerPoint
    }

    /// The cap height of `textPoints` text at `gridScale`, in px (for the guide drawn behind).
    package static var gridCapHeight: Double { capHeight(points: textPoints, pixelsPerPoint: Double(gridScale)) }

    /// The template at `path` drawn by librsvg (in `vectors`' workers when given).
    package static func draw(templateAt path: String, vectors: VectorSandbox?) -> PreviewSymbol {
        var symbol = PreviewSymbol()
        guard let data = try? BoundedFile.read(path, limit: 32 << 20).get(), // the template reader's own 32 MB limit
              let layout = SymbolTemplateLayout.read(data, name: PathText.lastComponent(path)) else {
            symbol.problems.append("cannot read the template \(PathText.lastComponent(path))")
            return symbol
        }
        let gridUnit = textPoints / 100 * Double(gridScale)
        // One document a variant group, measured once, drawn at every scale.
        var images: [String: VectorImage] = [:]
        for weight in Weight.allCases {
            for scale in Scale.allCases {
                do {
                    if let drawing = try variant(path, layout: layout, weight: weight, scale: scale, pixelsPerUnit: gridUnit,
                                                 vectors: vectors, images: &images) {
                        symbol.grid[weight, default: [:]][scale] = drawing
                    }
                } catch {
                    symbol.problems.append("\(weight.id(at: scale)): \(error)")
                }
            }
        }
        for pixels in [2, 3] {
            if let drawing = try? variant(path, layout: layout, weight: .regular, scale: .medium,
                                          pixelsPerUnit: tabTextPoints / 100 * Double(pixels), vectors: vectors, images: &images) {
                symbol.tab[pixels] = drawing
            }
        }
        return symbol
    }

    /// The variant `weight`-`scale` drawn at `pixelsPerUnit` (template units to px at the small
    /// scale), or the small variant enlarged by `scale.fromSmall` when the template lacks it; nil
    /// when it has neither. `images` keeps the documents loaded, by variant group.
    static func variant(_ path: String, layout: SymbolTemplateLayout, weight: Weight, scale: Scale, pixelsPerUnit: Double,
                        vectors: VectorSandbox?, images: inout [String: VectorImage]) throws(RenderError) -> Drawing? {
        let own = weight.id(at: scale), small = weight.id(at: .small)
        let derived = !layout.variants.contains(own)
        guard !derived || layout.variants.contains(small) else { return nil }
        let row = derived ? Scale.small.rawValue : scale.rawValue
        let rowBaseline = layout.baselines[row] ?? 0
        let layer = derived ? small : own
        let image: VectorImage
        if let loaded = images[layer] {
            image = loaded
        } else {
            let file = VectorSourceFile(path: path, layer: layer)
            image = if let vectors { try VectorImage(file: file, sandbox: vectors) } else { try VectorImage(file: file) }
            images[layer] = image
        }
        // A scale the template draws is already drawn at its size beside the same text.
        let unit = pixelsPerUnit * (derived ? scale.fromSmall : 1)
        let baseline = (stripAbove * unit).rounded()
        let size = PixelSize(width: max(1, Int((image.intrinsicWidth * unit).rounded(.up))),
                             height: max(1, Int(((stripAbove + stripBelow) * unit).rounded(.up))))
        let drawn = try image.bitmap(size: size, scale: unit, x: 0, y: baseline - rowBaseline * unit)
        guard let ink = inkColumns(drawn) else {
            throw .svgRender(path: path, message: "the variant `\(layer)` draws nothing")
        }
        return Drawing(bitmap: ink, baseline: Int(baseline), derived: derived && scale != .small)
    }

    /// `bitmap` cut to the columns that hold ink (alpha above 0), or nil when none do.
    static func inkColumns(_ bitmap: Bitmap) -> Bitmap? {
        var left = bitmap.width, right = -1
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixels[(y * bitmap.width + x) * 4 + 3] > 0 {
                left = min(left, x)
                right = max(right, x)
            }
        }
        guard right >= left else { return nil }
        let width = right - left + 1
        var pixels = [UInt8](repeating: 0, count: width * bitmap.height * 4)
        for y in 0..<bitmap.height {
            let from = (y * bitmap.width + left) * 4
            pixels.replaceSubrange(y * width * 4..<(y + 1) * width * 4, with: bitmap.pixels[from..<from + width * 4])
        }
        return Bitmap(width: width, height: bitmap.height, pixels: pixels)
    }
}

extension SymbolTemplateFormat.Scale {
    /// The glyph's size relative to the small variant's. SF Symbols' small and large scales are
    /// about the medium glyph × 0.783 and × 1.29 (ratios measured on system symbols beside text
    /// of one size; Apple names the scales but publishes no figures, and they are not checked
    /// here against an export with all nine variants), so medium is small ÷ 0.783.
    package var fromSmall: Double {
        switch self {
        case .small: 1
        case .medium: 1 / 0.783
        case .large: 1.29 / 0.783
        }
    }
}
