import AssetCore
import AssetPlan
import Foundation
import Rendering

extension BuildEngine {
    /// A custom symbol's template (`job.symbol`), and its warnings (a stroke the weights cannot
    /// interpolate, dashes drawn solid…) as diagnostics of the asset.
    static func drawSymbol(_ job: RenderJob, decoded: [String: LoadedSource]) -> DrawOutcome {
        let place: Diagnostic.Location = job.origin.map { .source($0) } ?? .asset(name: job.asset, detail: nil)
        guard let source = decoded[job.source.loadKey] else {
            return (.failure(.error("cannot make the symbol \"\(job.asset)\": \"\(job.source.displayPath)\" was not loaded",
                                    at: place, fix: "check the source file")), nil, [])
        }
        do {
            let made = try Renderer.renderSymbol(job, from: source)
            let warnings = made.warnings.map { warning in
                Diagnostic.warning("symbol \"\(job.asset)\" from \"\(job.source.displayPath)\": \(warning)", at: place,
                                   fix: "draw the glyph with round joins and caps, solid strokes and nonzero fills").concerning(job.asset)
            }
            return (.success(made.template), nil, warnings)
        } catch let error as RenderError {
            return (.failure(.error("cannot make the symbol \"\(job.asset)\" from \"\(job.source.displayPath)\": \(error)",
                                    at: place, fix: error.fix ?? "check the source file").with(error.remedy)), nil, [])
        } catch let error as SymbolFailure {
            return (.failure(.error("cannot make the symbol \"\(job.asset)\" from \"\(job.source.displayPath)\": \(error.message)",
                                    at: place, fix: error.fix)), nil, [])
        } catch {
            return (.failure(.error("cannot make the symbol \"\(job.asset)\": \(error)", at: place,
                                    fix: "internal error, please report")), nil, [])
        }
    }
}
