import AssetCore
import AssetPlan
import Foundation
import Symbols

extension Renderer {
    /// The SF Symbols template of `job` (`job.symbol`) and the warnings its making raised: librsvg
    /// draws the SVG source onto Cairo's SVG surface (`SymbolMaker.exportScale` times larger, by a
    /// sandbox worker when the source was loaded through one), and `SymbolMaker` outlines and
    /// places its paths.
    ///
    /// - Throws: `RenderError` when librsvg or Cairo fail, `SymbolFailure` when the drawing cannot
    ///   be a symbol.
    package static func renderSymbol(_ job: RenderJob, from source: LoadedSource) throws -> (template: Data, warnings: [String]) {
        guard let symbol = job.symbol else {
            throw RenderError.cairo(message: "internal error, please report: \(job.output) is not a symbol")
        }
        guard case .vector(let image) = source, job.source.format == .svg else {
            throw SymbolFailure(message: "a symbol is made from an SVG source", fix: "give the symbol an SVG source")
        }
        let width = image.intrinsicWidth, height = image.intrinsicHeight
        // Within the largest page an export accepts.
        let scale = min(SymbolMaker.exportScale, Double(VectorImage.maximumSide) / max(width, height))
        let page = VectorMeasure(width: width * scale, height: height * scale)
        let svg = try image.export(as: .svg, page: page,
                                   placement: VectorPlacement(x: 0, y: 0, width: page.width, height: page.height))
        do {
            let drawing = try SymbolMaker.make(cairoSVG: svg, width: width, height: height, scale: scale,
                                               name: PathText.lastComponent(job.source.displayPath),
                                               weights: SymbolWeights(ultralight: symbol.ultralight, black: symbol.black,
                                                                      ultralightWidth: symbol.ultralightWidth,
                                                                      blackWidth: symbol.blackWidth))
            return (drawing.template, drawing.warnings)
        } catch {
            throw SymbolFailure(message: error.description, fix: error.fix)
        }
    }
}

/// Why a drawing cannot be made a symbol (`SymbolError`'s words), kept apart from `RenderError`,
/// which crosses the sandbox's wire.
package struct SymbolFailure: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var fix: String

    package var description: String { message }
}
